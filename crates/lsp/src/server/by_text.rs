//! Results of slow work on a document's text (a compile, a disassembly), one per document,
//! kept with the hash of the text they were made from. The work runs off the analysis path;
//! a result is shown only while the document's text is still the one it was made from, and a
//! newer text's work replaces an older one's.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::Semaphore;
use tower_lsp_server::ls_types as lsp;

pub(super) fn text_hash(text: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

/// Each document's latest result.
pub(super) struct ByText<T> {
    entries: Mutex<HashMap<lsp::Uri, Entry<T>>>,
    /// How many of the works may run at once: saves in quick succession queue rather than
    /// pile up.
    pub(super) permits: Arc<Semaphore>,
}

struct Entry<T> {
    text_hash: u64,
    /// None while the work runs.
    outcome: Option<Arc<T>>,
}

impl<T> ByText<T> {
    pub(super) fn new(concurrent: usize) -> Self {
        ByText {
            entries: Mutex::default(),
            permits: Arc::new(Semaphore::new(concurrent)),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<lsp::Uri, Entry<T>>> {
        self.entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(super) fn forget(&self, uri: &lsp::Uri) {
        self.lock().remove(uri);
    }

    /// Claims the work for this text: false when it is done or running already.
    pub(super) fn begin(&self, uri: &lsp::Uri, hash: u64) -> bool {
        let mut entries = self.lock();
        if entries.get(uri).is_some_and(|e| e.text_hash == hash) {
            return false;
        }
        entries.insert(
            uri.clone(),
            Entry {
                text_hash: hash,
                outcome: None,
            },
        );
        true
    }

    /// Whether `hash` is still the text this document's work is for.
    pub(super) fn wanted(&self, uri: &lsp::Uri, hash: u64) -> bool {
        self.lock().get(uri).is_some_and(|e| e.text_hash == hash)
    }

    /// Whether the document has had work claimed for it (done, running or superseded).
    pub(super) fn tracks(&self, uri: &lsp::Uri) -> bool {
        self.lock().contains_key(uri)
    }

    /// Stores the work's result; false (and the result dropped) when a newer text's work
    /// has replaced it or the document closed.
    pub(super) fn finish(&self, uri: &lsp::Uri, hash: u64, outcome: T) -> Option<Arc<T>> {
        let mut entries = self.lock();
        match entries.get_mut(uri) {
            Some(entry) if entry.text_hash == hash => {
                let outcome = Arc::new(outcome);
                entry.outcome = Some(outcome.clone());
                Some(outcome)
            }
            _ => None,
        }
    }

    /// The finished result for this document, with the hash of the text it was made from.
    pub(super) fn finished(&self, uri: &lsp::Uri) -> Option<(u64, Arc<T>)> {
        let entries = self.lock();
        let entry = entries.get(uri)?;
        Some((entry.text_hash, entry.outcome.clone()?))
    }

    /// The finished result when it was made from `text`.
    pub(super) fn finished_for(&self, uri: &lsp::Uri, text: &str) -> Option<Arc<T>> {
        let (hash, outcome) = self.finished(uri)?;
        (hash == text_hash(text)).then_some(outcome)
    }
}
