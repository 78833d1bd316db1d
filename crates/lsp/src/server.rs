//! The `LanguageServer` implementation: document sync, debounced diagnostics, hover,
//! completion, go-to-definition, references, the outline, quick-fix code actions, and the
//! settings (`speclint.toml` of the workspace root, overlaid with the client's settings).
//!
//! Every analysis runs on the one analysis thread (`analysis_thread`) inside `catch_unwind`: a
//! panic in a check fails only the request (an `InternalError` response, or a
//! `window/logMessage` for a publish) and the server keeps serving. Analyses are cached per
//! document generation; a result is published only while its generation is still the
//! document's current one.

use super::analysis_thread::{panic_message, AnalysisThread};
use super::debounce::Debounce;
use super::documents::{changed_span, recycle_text, rope_text, Document};
use super::from_proto;
use super::to_proto::{self, Lines, PositionEncoding};
use super::transport::{Undecodable, UNDECODABLE_NOTIFICATION};
use super::workspace_symbols::{self, WorkspaceFiles};
use ropey::Rope;
use speclint_analysis::config::{self, Config};
use speclint_analysis::{Analysis, Options, Registry};
use speclint_base::language::{Edit, Input};
use speclint_base::text::LineIndex;
use std::collections::{HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::task::JoinHandle;
use tower_lsp_server::jsonrpc::{self, ErrorCode};
use tower_lsp_server::ls_types as lsp;
use tower_lsp_server::{Client, LanguageServer, LspService, Server};

// Protocol features kept out of this file (each a room of its own).
mod annotations;
mod by_text;
mod compiled;
mod pull_diagnostics;
mod refresh;
mod run_lens;
mod sass_view;
mod status;

/// Documents larger than this are not analysed (they get no diagnostics or hovers).
const MAX_ANALYSED_BYTES: usize = 32 << 20;

/// Fault injection for tests: when this variable is set, analysing a document whose text
/// contains its value panics.
const PANIC_ENV: &str = "SPECLINT_LSP_PANIC_ON";

/// Serves one client over the given streams until `exit` or the end of input. Returns whether
/// the session ended cleanly (`shutdown` was received).
pub async fn serve<I, O>(registry: Registry, input: I, output: O) -> bool
where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
{
    let analysis_thread = match AnalysisThread::start() {
        Ok(thread) => thread,
        Err(e) => {
            eprintln!("speclint lsp: cannot start the analysis thread: {e}");
            return false;
        }
    };
    let shut_down = Arc::new(AtomicBool::new(false));
    let flag = shut_down.clone();
    let (service, socket) =
        LspService::build(move |client| Backend::new(client, registry, flag, analysis_thread))
            .custom_method(UNDECODABLE_NOTIFICATION, Backend::undecodable_notification)
            .custom_method(status::METHOD, Backend::status)
            .custom_method(sass_view::METHOD, Backend::sass)
            .finish();
    Server::new(input, output, socket)
        .concurrency_level(16)
        .serve(service)
        .await;
    shut_down.load(Ordering::SeqCst)
}

#[derive(Clone)]
pub struct Backend {
    client: Client,
    state: Arc<State>,
}

struct State {
    /// Every language the server knows.
    registry: Registry,
    documents: Mutex<HashMap<lsp::Uri, Open>>,
    encoding: OnceLock<PositionEncoding>,
    generation: AtomicU64,
    /// Held while checking that a result is current and sending it, so that publishes for one
    /// document cannot overtake each other.
    publish: tokio::sync::Mutex<()>,
    shut_down: Arc<AtomicBool>,
    /// Where analyses and the requests on them run (see `analysis_thread`).
    analysis_thread: AnalysisThread,
    panic_marker: Option<String>,
    settings: Mutex<Settings>,
    /// Problems found while initializing, shown once the client is `initialized`.
    startup_messages: Mutex<Vec<String>>,
    /// Whether the client pulls diagnostics (see `pull_diagnostics`).
    delivery: OnceLock<pull_diagnostics::Delivery>,
    /// The `workspace/*/refresh` requests the client honours (see `refresh`).
    refreshes: OnceLock<refresh::Refreshes>,
    /// The symbols of the workspace's files on disk, for `workspace/symbol`.
    workspace_files: WorkspaceFiles,
    /// The compiler's figures for kernel code lenses (see `compiled`).
    compiled: compiled::CompiledLenses,
    /// Each document's SASS listing, once a client asked for it (see `sass_view`).
    sass: sass_view::SassViews,
    /// Whether the client applies edits the server sends (`workspace/applyEdit`).
    applies_edits: OnceLock<bool>,
}

/// Where the analysis options come from: `speclint.toml` (looked for in the workspace root and
/// its parents), overlaid with the client's settings, key by key.
#[derive(Default)]
struct Settings {
    root: Option<PathBuf>,
    /// The client's `initializationOptions`.
    initialization: Config,
    /// The client's last `workspace/didChangeConfiguration`, which wins over the above.
    changed: Config,
    /// The configuration file in use.
    file: Option<PathBuf>,
    /// What analyses use.
    options: Options,
    /// The client can watch files for us (dynamic `didChangeWatchedFiles` registration).
    watch_files: bool,
}

struct Open {
    doc: Document,
    /// Why the server stopped trusting its copy of the document, when it did: a change could
    /// not be applied, so the client's text and `doc` differ. Nothing is analysed or answered
    /// for it until a full-text change or a reopen brings it back.
    out_of_sync: Option<String>,
    /// The analysis of `doc.generation`: computed once, by whichever request or publish needs
    /// it first, and shared by the others (a failure too, so a panic is not repeated).
    analyzed: AnalysisCell,
    /// The scheduled publish for the current generation.
    pending: Option<JoinHandle<()>>,
    /// How long this document's recent analyses took: the delay before the next publish.
    debounce: Debounce,
    /// The newest analysis that finished (of this generation or an older one), for requests
    /// that need not wait for the current one (see `Backend::previous_analysis`).
    last: Option<Arc<Analyzed>>,
    /// The first generation analysed with the current settings: an older analysis still
    /// running when they changed is not kept as `last`.
    settings_from: u64,
}

type AnalysisCell = Arc<tokio::sync::OnceCell<Result<Arc<Analyzed>, String>>>;

/// One analysed version of a document, with the text it was computed from.
struct Analyzed {
    version: i32,
    generation: u64,
    text: String,
    index: LineIndex,
    /// `None` for documents speclint does not check (another language, or too large).
    analysis: Option<Analysis>,
    /// How long the analysis took.
    took: Duration,
}

impl Analyzed {
    fn lines(&self, encoding: PositionEncoding) -> Lines<'_> {
        Lines {
            text: &self.text,
            index: &self.index,
            encoding,
        }
    }

    /// The analysis's diagnostics, with those of `compiled` (the latest compile's findings)
    /// when it was of this text.
    fn diagnostics(
        &self,
        encoding: PositionEncoding,
        compiled: Option<compiled::LatestFindings>,
    ) -> Vec<lsp::Diagnostic> {
        let Some(analysis) = &self.analysis else {
            return Vec::new();
        };
        let lines = self.lines(encoding);
        let compiled = compiled.and_then(|c| c.of(&self.text));
        compiled::with_compiled(analysis, &self.text, compiled.as_ref())
            .iter()
            .map(|d| to_proto::diagnostic(lines, d))
            .collect()
    }
}

/// What became of a `didChange`.
enum ChangeOutcome {
    Applied {
        previous_version: i32,
    },
    /// A full-text change brought an out-of-sync document back.
    Resynced,
    NotOpen,
    /// The document was out of sync already, and the change has no full text (the reason).
    StillOutOfSync(String),
    /// The change could not be applied: the document is out of sync from now on.
    LostSync {
        reason: String,
        generation: u64,
    },
}

struct Snapshot {
    version: i32,
    generation: u64,
    /// Turned into a string on the analysis thread, which allocates the big things.
    rope: Rope,
    path: Option<PathBuf>,
    options: Options,
}

impl Backend {
    fn new(
        client: Client,
        registry: Registry,
        shut_down: Arc<AtomicBool>,
        analysis_thread: AnalysisThread,
    ) -> Self {
        Backend {
            client,
            state: Arc::new(State {
                registry,
                documents: Mutex::new(HashMap::new()),
                encoding: OnceLock::new(),
                generation: AtomicU64::new(0),
                publish: tokio::sync::Mutex::new(()),
                shut_down,
                analysis_thread,
                panic_marker: std::env::var(PANIC_ENV).ok().filter(|m| !m.is_empty()),
                settings: Mutex::new(Settings::default()),
                startup_messages: Mutex::new(Vec::new()),
                delivery: OnceLock::new(),
                refreshes: OnceLock::new(),
                workspace_files: WorkspaceFiles::default(),
                compiled: compiled::CompiledLenses::default(),
                sass: sass_view::SassViews::default(),
                applies_edits: OnceLock::new(),
            }),
        }
    }

    fn encoding(&self) -> PositionEncoding {
        self.state.encoding.get().copied().unwrap_or_default()
    }

    fn documents(&self) -> MutexGuard<'_, HashMap<lsp::Uri, Open>> {
        self.state
            .documents
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn settings(&self) -> MutexGuard<'_, Settings> {
        self.state
            .settings
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Re-reads `speclint.toml` and recomputes the options from it and the client's settings.
    /// A file that cannot be used is left out (the defaults apply); the returned messages say
    /// why, for the user.
    fn reload_settings(&self) -> Vec<String> {
        let root = self.settings().root.clone();
        let (file, path, problem) = match &root {
            None => (Config::default(), None, None),
            Some(root) => match config::for_directory(&self.state.registry, root) {
                Ok((file, path)) => (file, path, None),
                Err(e) => {
                    let path = e.path.as_deref().unwrap_or(root).display().to_string();
                    let message = format!(
                        "speclint: {path}: {}; checking with the default settings",
                        e.message
                    );
                    (Config::default(), None, Some(message))
                }
            },
        };
        let mut settings = self.settings();
        settings.options = file
            .overlaid(&settings.initialization)
            .overlaid(&settings.changed)
            .options(self.state.registry, true);
        settings.file = path;
        problem.into_iter().collect()
    }

    /// Shows each message to the user (and logs it).
    async fn show_problems(&self, problems: Vec<String>) {
        for message in problems {
            self.log(lsp::MessageType::ERROR, message.clone()).await;
            self.client
                .show_message(lsp::MessageType::ERROR, message)
                .await;
        }
    }

    /// Starts a new analysis of every open document (the settings changed) and publishes it.
    fn reanalyse_open_documents(&self) {
        let mut documents = self.documents();
        for (uri, open) in documents.iter_mut() {
            open.doc.generation = self.next_generation();
            open.analyzed = AnalysisCell::default();
            open.last = None; // analysed with other settings
            open.settings_from = open.doc.generation;
            self.schedule_publish(open, uri.clone(), Duration::ZERO);
        }
    }

    /// Applies changed settings: re-reads the file, re-analyses, tells the user what is wrong.
    async fn settings_changed(&self, mut problems: Vec<String>) {
        problems.extend(self.reload_settings());
        self.reanalyse_open_documents();
        self.refresh_pulled_diagnostics();
        self.refresh_requested_views();
        self.show_problems(problems).await;
    }

    fn next_generation(&self) -> u64 {
        self.state.generation.fetch_add(1, Ordering::SeqCst) + 1
    }

    fn is_current(&self, uri: &lsp::Uri, generation: u64) -> bool {
        self.documents()
            .get(uri)
            .is_some_and(|open| open.doc.generation == generation)
    }

    async fn log(&self, kind: lsp::MessageType, message: String) {
        self.client.log_message(kind, message).await;
    }

    /// Logs a failed request and turns it into the `InternalError` response.
    async fn request_failed(
        &self,
        request: &str,
        uri: &lsp::Uri,
        message: String,
    ) -> jsonrpc::Error {
        self.log(
            lsp::MessageType::ERROR,
            format!("speclint: {request} on {} failed: {message}", uri.as_str()),
        )
        .await;
        jsonrpc::Error {
            code: ErrorCode::InternalError,
            message: message.into(),
            data: None,
        }
    }

    /// A request about one position (hover, completion, definition, references): `answer`
    /// gets the byte offset of `position` in the analysed text.
    async fn position_request<T, F>(
        &self,
        request: &str,
        uri: lsp::Uri,
        position: lsp::Position,
        answer: F,
    ) -> jsonrpc::Result<Option<T>>
    where
        T: Send + 'static,
        F: FnOnce(&Analysis, &str, usize, Lines) -> Option<T> + Send + 'static,
    {
        self.document_request(request, uri, move |analysis, text, lines| {
            let offset = from_proto::offset(lines, position);
            answer(analysis, text, offset, lines)
        })
        .await
    }

    /// A position request (see `position_request`) that is answered from the newest finished
    /// analysis when that gives the same answer as the current one (`previous_analysis`),
    /// without waiting for the current one: `lines_of` lists the lines the answer names,
    /// none of which may be the edited line.
    async fn position_request_now<T, F>(
        &self,
        request: &str,
        uri: lsp::Uri,
        position: lsp::Position,
        answer: F,
        lines_of: fn(&T) -> Vec<u32>,
    ) -> jsonrpc::Result<Option<T>>
    where
        T: Send + 'static,
        F: Fn(&Analysis, &str, usize, Lines) -> Option<T> + Clone + Send + 'static,
    {
        if let Some((last, offset, edited_line)) = self.previous_analysis(&uri, position) {
            let encoding = self.encoding();
            let lines = last.lines(encoding);
            let analysis = last.analysis.as_ref().expect("checked");
            let answered = catch_unwind(AssertUnwindSafe(|| {
                answer(analysis, &last.text, offset, lines)
            }));
            match answered {
                Ok(answer) => {
                    if answer
                        .as_ref()
                        .is_none_or(|a| !lines_of(a).contains(&edited_line))
                    {
                        return Ok(answer);
                    }
                }
                Err(payload) => {
                    let message = panic_message(payload.as_ref());
                    return Err(self.request_failed(request, &uri, message).await);
                }
            }
        }
        self.position_request(request, uri, position, answer).await
    }

    /// A request about one document: `answer` runs on the document's analysis on the analysis
    /// thread, and a panic in it fails only this request. `None` when the document is not open
    /// or not analysed (another language).
    async fn document_request<T, F>(
        &self,
        request: &str,
        uri: lsp::Uri,
        answer: F,
    ) -> jsonrpc::Result<Option<T>>
    where
        T: Send + 'static,
        F: FnOnce(&Analysis, &str, Lines) -> Option<T> + Send + 'static,
    {
        let analyzed = match self.analysis(&uri, None).await {
            Ok(Some(analyzed)) => analyzed,
            Ok(None) => return Ok(None),
            Err(message) => return Err(self.request_failed(request, &uri, message).await),
        };
        let encoding = self.encoding();
        let result = self
            .state
            .analysis_thread
            .run(move || {
                let analysis = analysis_of(&analyzed)?;
                let lines = analyzed.lines(encoding);
                answer(analysis, &analyzed.text, lines)
            })
            .await;
        match result {
            Ok(answer) => Ok(answer),
            Err(message) => Err(self.request_failed(request, &uri, message).await),
        }
    }

    /// The analysis of the document's current generation (or of `generation`, when given and
    /// still current), computing it if needed. `Ok(None)` when the document is not open or
    /// has moved on.
    async fn analysis(
        &self,
        uri: &lsp::Uri,
        generation: Option<u64>,
    ) -> Result<Option<Arc<Analyzed>>, String> {
        let (cell, snapshot) = {
            let documents = self.documents();
            let Some(open) = documents.get(uri) else {
                return Ok(None);
            };
            if generation.is_some_and(|g| g != open.doc.generation) || open.out_of_sync.is_some() {
                return Ok(None);
            }
            if let Some(done) = open.analyzed.get() {
                return done.clone().map(Some);
            }
            let snapshot = Snapshot {
                version: open.doc.version,
                generation: open.doc.generation,
                rope: open.doc.rope.clone(),
                path: open.doc.path.clone(),
                options: self.settings().options.clone(),
            };
            (open.analyzed.clone(), snapshot)
        };
        let panic_marker = self.state.panic_marker.clone();
        let state = self.state.clone();
        let owner = uri.clone();
        let result = cell
            .get_or_init(|| async move {
                self.state
                    .analysis_thread
                    .run(move || {
                        let generation = snapshot.generation;
                        let previous = || take_previous(&state, &owner, generation);
                        analyze(snapshot, previous, panic_marker.as_deref())
                    })
                    .await
                    .map(Arc::new)
            })
            .await;
        if let Ok(analyzed) = result {
            self.remember(uri, analyzed);
        }
        result.clone().map(Some)
    }

    /// Keeps `analyzed` as the document's newest finished analysis, unless a newer one is.
    fn remember(&self, uri: &lsp::Uri, analyzed: &Arc<Analyzed>) {
        let mut documents = self.documents();
        let Some(open) = documents.get_mut(uri) else {
            return;
        };
        let newer = open
            .last
            .as_ref()
            .is_none_or(|last| last.generation < analyzed.generation);
        let current_settings = analyzed.generation >= open.settings_from;
        if newer && current_settings && analyzed.analysis.is_some() {
            open.last = Some(analyzed.clone());
        }
    }

    /// The document's newest finished analysis and the offset of `position` in its text, when
    /// the current analysis has not finished and a hover, definition or completion at
    /// `position` is the same in both (so the request need not wait):
    /// - the text changed since then by one span (the difference of the two texts) that
    ///   adds or removes no line break, so every other line is as it was and keeps its
    ///   positions;
    /// - the language says the change is isolated in a region (`Analysis::isolated_edit`:
    ///   for PTX, a function, the change on the inner lines of its body, when the function
    ///   parsed again alone keeps its extent), and `position` is outside that region.
    ///
    /// The caller also checks that the answer names no position on the edited line. Anything
    /// else waits for the current analysis. A current analysis that failed (a panic) does not
    /// stop such answers.
    fn previous_analysis(
        &self,
        uri: &lsp::Uri,
        position: lsp::Position,
    ) -> Option<(Arc<Analyzed>, usize, u32)> {
        let (last, rope) = {
            let documents = self.documents();
            let open = documents.get(uri)?;
            if open.out_of_sync.is_some() || matches!(open.analyzed.get(), Some(Ok(_))) {
                return None;
            }
            let last = open.last.clone()?;
            (last, open.doc.rope.clone())
        };
        let analysis = last.analysis.as_ref()?;
        let (edited, inserted) = changed_span(&last.text, &rope);
        let removed = &last.text[edited.start..edited.end];
        let breaks = |t: &str| t.contains(['\n', '\r']);
        let edited_line = last.index.line_of(edited.start) as u32;
        if breaks(removed) || breaks(&inserted) || position.line == edited_line {
            return None;
        }
        let region = analysis.isolated_edit(&last.text, edited, &inserted)?;
        let offset = from_proto::offset(last.lines(self.encoding()), position);
        let outside = offset < region.start || offset > region.end;
        (position.line != edited_line && outside).then_some((last, offset, edited_line))
    }

    /// Analyses generation `generation` of `uri` and publishes its diagnostics, unless the
    /// document has changed or closed in the meantime.
    async fn publish(&self, uri: lsp::Uri, generation: u64) {
        let analyzed = match self.analysis(&uri, Some(generation)).await {
            Ok(Some(analyzed)) => analyzed,
            Ok(None) => return,
            Err(message) => {
                self.log(
                    lsp::MessageType::ERROR,
                    format!("speclint: analysing {} failed: {message}", uri.as_str()),
                )
                .await;
                return;
            }
        };
        if let Some(open) = self.documents().get_mut(&uri) {
            open.debounce.record(analyzed.took);
        }
        let encoding = self.encoding();
        let version = analyzed.version;
        let compiled = self.latest_compiled_findings(&uri);
        let diagnostics = match self
            .state
            .analysis_thread
            .run(move || analyzed.diagnostics(encoding, compiled))
            .await
        {
            Ok(diagnostics) => diagnostics,
            Err(message) => {
                self.log(
                    lsp::MessageType::ERROR,
                    format!(
                        "speclint: diagnostics for {} failed: {message}",
                        uri.as_str()
                    ),
                )
                .await;
                return;
            }
        };
        let _order = self.state.publish.lock().await;
        if !self.is_current(&uri, generation) {
            return;
        }
        self.client
            .publish_diagnostics(uri, diagnostics, Some(version))
            .await;
    }

    /// Delivers the document's diagnostics again (a compile finished): published to a
    /// client that is pushed to, pulled again by one that pulls and can be asked to.
    async fn republish(&self, uri: &lsp::Uri) {
        if self.delivery().pulls {
            self.refresh_pulled_diagnostics();
            return;
        }
        let generation = match self.documents().get(uri) {
            Some(open) => open.doc.generation,
            None => return,
        };
        self.publish(uri.clone(), generation).await;
    }

    /// A text synchronisation notification that could not be decoded (see `transport`). A lost
    /// `didChange` leaves the server's copy of its document behind: the document is out of
    /// sync from now on (every open document, when the message names none that is open).
    async fn undecodable_notification(&self, params: Undecodable) {
        let reason = format!("a {} it could not read ({})", params.method, params.error);
        if params.method != "textDocument/didChange" {
            let message = format!(
                "speclint: ignored {reason}{}",
                params.uri.map(|u| format!(" for {u}")).unwrap_or_default()
            );
            self.show_problems(vec![message]).await;
            return;
        }
        let named: Option<lsp::Uri> = params.uri.and_then(|u| u.parse().ok());
        let lost: Vec<(lsp::Uri, u64)> = {
            let mut documents = self.documents();
            let all = named
                .as_ref()
                .is_none_or(|uri| !documents.contains_key(uri));
            documents
                .iter_mut()
                .filter(|(uri, _)| all || Some(*uri) == named.as_ref())
                .map(|(uri, open)| (uri.clone(), self.mark_out_of_sync(open, reason.clone())))
                .collect()
        };
        if lost.is_empty() {
            self.log(
                lsp::MessageType::ERROR,
                format!("speclint: ignored {reason}"),
            )
            .await;
        }
        for (uri, generation) in lost {
            self.lost_sync(&uri, &reason, generation, None).await;
        }
    }

    /// Applies one `didChange` to an open document (see `ChangeOutcome`), and schedules the
    /// publish of its diagnostics when it is in sync.
    fn apply_changes(
        &self,
        open: &mut Open,
        uri: &lsp::Uri,
        version: i32,
        changes: &[lsp::TextDocumentContentChangeEvent],
        encoding: PositionEncoding,
    ) -> ChangeOutcome {
        let resyncing = open.out_of_sync.is_some();
        let changes = if resyncing {
            // Only a full-text change tells what the text is now; the changes after it apply
            // to that text.
            match changes.iter().rposition(|c| c.range.is_none()) {
                Some(full) => &changes[full..],
                None => return ChangeOutcome::StillOutOfSync(open.out_of_sync.clone().unwrap()),
            }
        } else {
            changes
        };
        let applied = catch_unwind(AssertUnwindSafe(|| {
            open.doc.apply_changes(changes, encoding)
        }));
        let previous_version = open.doc.version;
        open.doc.version = version;
        open.doc.generation = self.next_generation();
        open.analyzed = AnalysisCell::default();
        let failure = match applied {
            Ok(Ok(())) => None,
            Ok(Err(e)) => Some(format!("a change it could not apply ({e})")),
            Err(payload) => Some(format!(
                "a change that failed: {}",
                panic_message(payload.as_ref())
            )),
        };
        match failure {
            None => {
                open.out_of_sync = None;
                let delay = open.debounce.change(Instant::now());
                self.schedule_publish(open, uri.clone(), delay);
                if resyncing {
                    ChangeOutcome::Resynced
                } else {
                    ChangeOutcome::Applied { previous_version }
                }
            }
            Some(reason) => ChangeOutcome::LostSync {
                generation: self.mark_out_of_sync(open, reason.clone()),
                reason,
            },
        }
    }

    /// Stops trusting a document: no analysis, no publish, no answers for it until it is back
    /// in sync. Returns its new generation.
    fn mark_out_of_sync(&self, open: &mut Open, reason: String) -> u64 {
        if let Some(pending) = open.pending.take() {
            pending.abort();
        }
        open.out_of_sync = Some(reason);
        open.doc.generation = self.next_generation();
        open.analyzed = AnalysisCell::default();
        open.doc.generation
    }

    /// Tells the user (and the log) that the server lost track of `uri` and clears its
    /// diagnostics, which describe a text the user no longer has. LSP offers no way to ask
    /// the client for the whole text again, so the user is asked to reopen the document.
    async fn lost_sync(&self, uri: &lsp::Uri, reason: &str, generation: u64, version: Option<i32>) {
        let message = format!(
            "speclint: lost track of {} after {reason}; its diagnostics are cleared until it \
             is reopened",
            uri.as_str()
        );
        self.log(lsp::MessageType::ERROR, message.clone()).await;
        self.client
            .show_message(lsp::MessageType::ERROR, message)
            .await;
        let _order = self.state.publish.lock().await;
        if self.is_current(uri, generation) {
            self.client
                .publish_diagnostics(uri.clone(), Vec::new(), version)
                .await;
        }
    }

    /// Schedules the publish of the document's current generation after `delay`, replacing
    /// (cancelling) any publish still pending for it. A client that pulls gets none.
    fn schedule_publish(&self, open: &mut Open, uri: lsp::Uri, delay: Duration) {
        if let Some(pending) = open.pending.take() {
            pending.abort();
        }
        if self.delivery().pulls {
            return;
        }
        let generation = open.doc.generation;
        let this = self.clone();
        open.pending = Some(tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            this.publish(uri, generation).await;
        }));
    }
}

/// The document's newest finished analysis, taken out of it for the analysis of generation
/// `generation` to reuse (`Analysis::rerun`), when it is older and was made with the current
/// settings. Requests that arrive meanwhile wait for the new analysis instead of answering
/// from it; one that is answering from it now (on a tokio thread, `previous_analysis`) is
/// waited for a few milliseconds, after which the analysis is done in full.
fn take_previous(state: &State, uri: &lsp::Uri, generation: u64) -> Option<Analyzed> {
    let mut last = {
        let mut documents = state
            .documents
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let open = documents.get_mut(uri)?;
        let last = open.last.take()?;
        if last.generation >= generation || last.generation < open.settings_from {
            open.last = Some(last);
            return None;
        }
        last
    };
    for _ in 0..20 {
        match Arc::try_unwrap(last) {
            Ok(previous) => return Some(previous),
            Err(shared) => last = shared,
        }
        std::thread::sleep(Duration::from_micros(500));
    }
    None
}

/// Analyses the snapshot's text, from the document's previous analysis (`previous` takes it)
/// when its language re-analyses edited texts.
fn analyze(
    snapshot: Snapshot,
    previous: impl FnOnce() -> Option<Analyzed>,
    panic_marker: Option<&str>,
) -> Analyzed {
    let started = Instant::now();
    let text = rope_text(&snapshot.rope);
    if let Some(marker) = panic_marker {
        if text.contains(marker) {
            panic!("fault injected by {PANIC_ENV}");
        }
    }
    let language = (snapshot.options.registry)
        .detect_language(snapshot.path.as_deref(), &text)
        .found();
    let previous = match language {
        Some(language) if language.reanalyzes() && text.len() <= MAX_ANALYSED_BYTES => previous(),
        _ => None,
    };
    let (analysis, index) = match (language, previous) {
        _ if text.len() > MAX_ANALYSED_BYTES => (None, None),
        (None, _) => (None, None),
        (
            Some(language),
            Some(Analyzed {
                text: old_text,
                index: old_index,
                analysis: Some(previous),
                ..
            }),
        ) if previous.language().id() == language.id() => {
            // The one span the texts differ in, whatever changes made it.
            let (range, inserted) = changed_span(&old_text, &snapshot.rope);
            let index = old_index.edited(&text, range, &inserted);
            let edit = Edit {
                old_text: &old_text,
                range,
                inserted: &inserted,
            };
            let analysis = Analysis::rerun(previous, edit, &text, &snapshot.options);
            recycle_text(old_text);
            (Some(analysis), Some(index))
        }
        (Some(language), _) => {
            let path = snapshot.path.as_deref();
            let analysis = Analysis::run_at(language, Input::Text(&text), path, &snapshot.options);
            (Some(analysis), None)
        }
    };
    Analyzed {
        version: snapshot.version,
        generation: snapshot.generation,
        index: index.unwrap_or_else(|| LineIndex::new(&text)),
        text,
        analysis,
        took: started.elapsed(),
    }
}

/// The lines a range spans.
fn lines_of_range(range: &lsp::Range) -> Vec<u32> {
    (range.start.line..=range.end.line.max(range.start.line)).collect()
}

fn analysis_of(analyzed: &Analyzed) -> Option<&Analysis> {
    analyzed.analysis.as_ref()
}

/// Whether a code action kind filter (`context.only`) admits quick-fixes.
fn wants_quick_fixes(only: Option<&[lsp::CodeActionKind]>) -> bool {
    let quickfix = lsp::CodeActionKind::QUICKFIX;
    only.is_none_or(|kinds| {
        kinds.iter().any(|k| {
            k.as_str().is_empty()
                || quickfix.as_str() == k.as_str()
                || quickfix.as_str().starts_with(&format!("{}.", k.as_str()))
        })
    })
}

impl LanguageServer for Backend {
    async fn initialize(
        &self,
        params: lsp::InitializeParams,
    ) -> jsonrpc::Result<lsp::InitializeResult> {
        let encoding = from_proto::position_encoding(&params);
        let _ = self.state.encoding.set(encoding);
        let mut problems = Vec::new();
        {
            let mut settings = self.settings();
            settings.root = from_proto::workspace_root(&params);
            self.state
                .workspace_files
                .set_folders(from_proto::workspace_folders(&params));
            if let Some(options) = &params.initialization_options {
                settings.initialization = Config::from_json(&self.state.registry, options)
                    .unwrap_or_else(|e| {
                        problems.push(format!(
                            "speclint: initializationOptions: {e}; checking without them"
                        ));
                        Config::default()
                    });
            }
        }
        problems.extend(self.reload_settings());
        *self
            .state
            .startup_messages
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = problems;
        let watch_files = from_proto::can_watch_files(&params);
        self.settings().watch_files = watch_files;
        let _ = self
            .state
            .delivery
            .set(pull_diagnostics::Delivery::of(&params));
        let _ = self.state.refreshes.set(refresh::Refreshes::of(&params));
        let applies_edits = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.apply_edit);
        let _ = self.state.applies_edits.set(applies_edits.unwrap_or(false));
        Ok(lsp::InitializeResult {
            capabilities: lsp::ServerCapabilities {
                position_encoding: Some(encoding.kind()),
                text_document_sync: Some(lsp::TextDocumentSyncCapability::Options(
                    lsp::TextDocumentSyncOptions {
                        open_close: Some(true),
                        change: Some(lsp::TextDocumentSyncKind::INCREMENTAL),
                        // A save compiles the document for its kernels' compiler lenses.
                        save: Some(lsp::TextDocumentSyncSaveOptions::Supported(true)),
                        ..Default::default()
                    },
                )),
                hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
                definition_provider: Some(lsp::OneOf::Left(true)),
                references_provider: Some(lsp::OneOf::Left(true)),
                rename_provider: Some(lsp::OneOf::Right(lsp::RenameOptions {
                    prepare_provider: Some(true),
                    work_done_progress_options: Default::default(),
                })),
                document_symbol_provider: Some(lsp::OneOf::Left(true)),
                workspace_symbol_provider: Some(lsp::OneOf::Left(true)),
                signature_help_provider: Some(lsp::SignatureHelpOptions {
                    trigger_characters: Some(vec![",".to_string(), " ".to_string()]),
                    ..Default::default()
                }),
                completion_provider: Some(lsp::CompletionOptions {
                    trigger_characters: Some(vec![".".to_string(), "%".to_string()]),
                    ..Default::default()
                }),
                // Document structure: semantic tokens, folding, selection, highlights.
                semantic_tokens_provider: Some(
                    lsp::SemanticTokensOptions {
                        legend: to_proto::semantic_token_legend(),
                        range: Some(true),
                        full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                        ..Default::default()
                    }
                    .into(),
                ),
                folding_range_provider: Some(lsp::FoldingRangeProviderCapability::Simple(true)),
                selection_range_provider: Some(lsp::SelectionRangeProviderCapability::Simple(true)),
                document_highlight_provider: Some(lsp::OneOf::Left(true)),
                code_action_provider: Some(lsp::CodeActionProviderCapability::Options(
                    lsp::CodeActionOptions {
                        code_action_kinds: Some(vec![lsp::CodeActionKind::QUICKFIX]),
                        ..Default::default()
                    },
                )),
                diagnostic_provider: Some(pull_diagnostics::capability()),
                code_lens_provider: Some(annotations::code_lens_capability()),
                execute_command_provider: Some(run_lens::execute_command_capability()),
                inlay_hint_provider: Some(annotations::inlay_hint_capability()),
                ..Default::default()
            },
            server_info: Some(lsp::ServerInfo {
                name: "speclint".to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: lsp::InitializedParams) {
        let (file, watch_files) = {
            let settings = self.settings();
            (settings.file.clone(), settings.watch_files)
        };
        let configuration = match file {
            Some(path) => format!(", settings from {}", path.display()),
            None => String::new(),
        };
        self.log(
            lsp::MessageType::INFO,
            format!(
                "speclint {} ready (position encoding {}{configuration})",
                env!("CARGO_PKG_VERSION"),
                self.encoding().kind().as_str()
            ),
        )
        .await;
        let problems = std::mem::take(
            &mut *self
                .state
                .startup_messages
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        );
        self.show_problems(problems).await;
        if watch_files {
            // Hear about edits of speclint.toml. Not awaited here: the answer comes whenever
            // the client sends it.
            let client = self.client.clone();
            tokio::spawn(async move {
                let options = lsp::DidChangeWatchedFilesRegistrationOptions {
                    watchers: vec![lsp::FileSystemWatcher {
                        glob_pattern: lsp::GlobPattern::String(format!("**/{}", config::FILE_NAME)),
                        kind: None,
                    }],
                };
                let registration = lsp::Registration {
                    id: "speclint-config-watcher".to_string(),
                    method: "workspace/didChangeWatchedFiles".to_string(),
                    register_options: serde_json::to_value(options).ok(),
                };
                if let Err(e) = client.register_capability(vec![registration]).await {
                    client
                        .log_message(
                            lsp::MessageType::WARNING,
                            format!("speclint: cannot watch {}: {e}", config::FILE_NAME),
                        )
                        .await;
                }
            });
        }
    }

    async fn did_change_configuration(&self, params: lsp::DidChangeConfigurationParams) {
        let mut problems = Vec::new();
        let changed =
            Config::from_json(&self.state.registry, &params.settings).unwrap_or_else(|e| {
                problems.push(format!("speclint: settings: {e}; checking without them"));
                Config::default()
            });
        self.settings().changed = changed;
        self.settings_changed(problems).await;
    }

    async fn did_change_watched_files(&self, params: lsp::DidChangeWatchedFilesParams) {
        let ours = params.changes.iter().any(|change| {
            from_proto::path(&change.uri)
                .is_some_and(|p| p.file_name().is_some_and(|n| n == config::FILE_NAME))
        });
        if ours {
            self.settings_changed(Vec::new()).await;
        }
    }

    async fn shutdown(&self) -> jsonrpc::Result<()> {
        self.state.shut_down.store(true, Ordering::SeqCst);
        for open in self.documents().values_mut() {
            if let Some(pending) = open.pending.take() {
                pending.abort();
            }
        }
        Ok(())
    }

    async fn did_open(&self, params: lsp::DidOpenTextDocumentParams) {
        let item = params.text_document;
        let generation = self.next_generation();
        let path = from_proto::path(&item.uri);
        let mut documents = self.documents();
        let open = Open {
            doc: Document::new(&item.text, item.version, path, generation),
            out_of_sync: None,
            analyzed: AnalysisCell::default(),
            pending: None,
            debounce: Debounce::default(),
            last: None,
            settings_from: generation,
        };
        // Reopening an open document replaces it (and cancels its pending publish).
        if let Some(old) = documents.insert(item.uri.clone(), open) {
            if let Some(pending) = old.pending {
                pending.abort();
            }
        }
        let open = documents.get_mut(&item.uri).expect("just inserted");
        self.schedule_publish(open, item.uri.clone(), Duration::ZERO);
        drop(documents);
        self.compile_for_lenses(&item.uri);
    }

    async fn did_save(&self, params: lsp::DidSaveTextDocumentParams) {
        self.compile_for_lenses(&params.text_document.uri);
        self.refresh_sass(&params.text_document.uri);
    }

    async fn did_change(&self, params: lsp::DidChangeTextDocumentParams) {
        // No `.await` before the edit is applied: notifications are handled concurrently, and
        // their first poll (which runs up to the first await) happens in arrival order.
        let encoding = self.encoding();
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        let outcome = match self.documents().get_mut(&uri) {
            None => ChangeOutcome::NotOpen,
            Some(open) => {
                self.apply_changes(open, &uri, version, &params.content_changes, encoding)
            }
        };
        let name = uri.as_str();
        match outcome {
            ChangeOutcome::Applied { previous_version } => {
                if previous_version >= version {
                    let message = format!(
                        "speclint: the version of {name} went from {previous_version} to \
                         {version} (versions must increase); the change is applied"
                    );
                    self.log(lsp::MessageType::WARNING, message).await;
                }
            }
            ChangeOutcome::Resynced => {
                let message = format!("speclint: {name} is in sync again (full-text change)");
                self.log(lsp::MessageType::INFO, message).await;
            }
            ChangeOutcome::NotOpen => {
                let message = format!("speclint: a didChange for {name}, which is not open");
                self.log(lsp::MessageType::ERROR, message).await;
            }
            ChangeOutcome::StillOutOfSync(reason) => {
                let message = format!(
                    "speclint: ignored a change to {name}: out of sync since {reason}; \
                     reopen the document to check it again"
                );
                self.log(lsp::MessageType::WARNING, message).await;
            }
            ChangeOutcome::LostSync { reason, generation } => {
                self.lost_sync(&uri, &reason, generation, Some(version))
                    .await;
            }
        }
    }

    async fn did_close(&self, params: lsp::DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        self.state.compiled.by_text.forget(&uri);
        self.state.sass.0.forget(&uri);
        if let Some(pending) = self.documents().remove(&uri).and_then(|o| o.pending) {
            pending.abort();
        }
        let _order = self.state.publish.lock().await;
        self.client.publish_diagnostics(uri, Vec::new(), None).await;
    }

    async fn diagnostic(
        &self,
        params: lsp::DocumentDiagnosticParams,
    ) -> jsonrpc::Result<lsp::DocumentDiagnosticReportResult> {
        self.pull_diagnostics(params).await
    }

    async fn code_lens(
        &self,
        params: lsp::CodeLensParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::CodeLens>>> {
        let uri = params.text_document.uri;
        let compiled = self.compiled_lenses(&uri);
        let sass = self.sass_lenses(&uri);
        let document = uri.clone();
        let offer_template = self.state.applies_edits.get().copied().unwrap_or(false);
        self.document_request("codeLens", uri, move |analysis, text, lines| {
            let summaries = analysis.kernel_summaries(text);
            let compiled = compiled(text, lines, &summaries);
            let disassembles =
                analysis.language().disassembler().is_some() && analysis.shown_text().is_none();
            let sass = sass(text, lines, &summaries, disassembles);
            let run =
                run_lens::run_lenses(&document, analysis, text, lines, &summaries, offer_template);
            Some(
                summaries
                    .into_iter()
                    .map(|s| annotations::code_lens(lines, s))
                    .chain(compiled)
                    .chain(sass)
                    .chain(run)
                    .collect(),
            )
        })
        .await
    }

    async fn execute_command(
        &self,
        params: lsp::ExecuteCommandParams,
    ) -> jsonrpc::Result<Option<lsp::LSPAny>> {
        match params.command.as_str() {
            run_lens::RUN_KERNEL => self.run_kernel(params.arguments).await,
            run_lens::ADD_RUN_COMMENT => self.add_run_comment(params.arguments).await,
            other => Err(jsonrpc::Error::invalid_params(format!(
                "speclint has no command `{other}`"
            ))),
        }
    }

    async fn inlay_hint(
        &self,
        params: lsp::InlayHintParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::InlayHint>>> {
        let range = params.range;
        self.document_request(
            "inlayHint",
            params.text_document.uri,
            move |a, text, lines| Some(annotations::inlay_hints(a, text, lines, range)),
        )
        .await
    }

    async fn hover(&self, params: lsp::HoverParams) -> jsonrpc::Result<Option<lsp::Hover>> {
        let at = params.text_document_position_params;
        let sass = self.sass_for_hover(&at.text_document.uri);
        self.position_request_now(
            "hover",
            at.text_document.uri,
            at.position,
            move |analysis, text, offset, lines| {
                let mut hover = analysis.hover(text, offset)?;
                if let Some(sass) = sass(text, offset) {
                    hover.markdown = format!("{}\n\n---\n\n{sass}", hover.markdown);
                }
                Some(to_proto::hover(lines, hover))
            },
            |hover| hover.range.iter().flat_map(lines_of_range).collect(),
        )
        .await
    }

    async fn completion(
        &self,
        params: lsp::CompletionParams,
    ) -> jsonrpc::Result<Option<lsp::CompletionResponse>> {
        let at = params.text_document_position;
        self.position_request_now(
            "completion",
            at.text_document.uri,
            at.position,
            |analysis, text, offset, lines| {
                let items = analysis
                    .completions(text, offset)
                    .into_iter()
                    .map(|c| to_proto::completion(lines, c))
                    .collect();
                Some(lsp::CompletionResponse::Array(items))
            },
            |response| match response {
                lsp::CompletionResponse::Array(items) => items
                    .iter()
                    .flat_map(|item| match &item.text_edit {
                        Some(lsp::CompletionTextEdit::Edit(edit)) => lines_of_range(&edit.range),
                        Some(lsp::CompletionTextEdit::InsertAndReplace(edit)) => {
                            let mut lines = lines_of_range(&edit.insert);
                            lines.extend(lines_of_range(&edit.replace));
                            lines
                        }
                        None => Vec::new(),
                    })
                    .collect(),
                lsp::CompletionResponse::List(_) => vec![u32::MAX],
            },
        )
        .await
    }

    async fn goto_definition(
        &self,
        params: lsp::GotoDefinitionParams,
    ) -> jsonrpc::Result<Option<lsp::GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        let uri = at.text_document.uri;
        let target = uri.clone();
        self.position_request_now(
            "definition",
            uri,
            at.position,
            move |analysis, text, offset, lines| {
                let range = analysis.definition(text, offset)?;
                Some(lsp::GotoDefinitionResponse::Scalar(to_proto::location(
                    lines, &target, range,
                )))
            },
            |response| match response {
                lsp::GotoDefinitionResponse::Scalar(location) => lines_of_range(&location.range),
                _ => vec![u32::MAX],
            },
        )
        .await
    }

    async fn references(
        &self,
        params: lsp::ReferenceParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::Location>>> {
        let at = params.text_document_position;
        let include_declaration = params.context.include_declaration;
        let uri = at.text_document.uri;
        let target = uri.clone();
        self.position_request(
            "references",
            uri,
            at.position,
            move |analysis, text, offset, lines| {
                let found = analysis.references(text, offset, include_declaration);
                Some(
                    found
                        .into_iter()
                        .map(|range| to_proto::location(lines, &target, range))
                        .collect(),
                )
            },
        )
        .await
    }

    async fn prepare_rename(
        &self,
        params: lsp::TextDocumentPositionParams,
    ) -> jsonrpc::Result<Option<lsp::PrepareRenameResponse>> {
        self.position_request(
            "prepareRename",
            params.text_document.uri,
            params.position,
            move |analysis, text, offset, lines| {
                let range = analysis.rename_target(text, offset)?;
                Some(lsp::PrepareRenameResponse::Range(to_proto::range(
                    lines, range,
                )))
            },
        )
        .await
    }

    async fn rename(
        &self,
        params: lsp::RenameParams,
    ) -> jsonrpc::Result<Option<lsp::WorkspaceEdit>> {
        let at = params.text_document_position;
        let uri = at.text_document.uri;
        let target = uri.clone();
        let new_name = params.new_name;
        let outcome = self
            .position_request(
                "rename",
                uri,
                at.position,
                move |analysis, text, offset, lines| {
                    Some(
                        analysis
                            .rename(text, offset, &new_name)
                            .map(|edits| to_proto::workspace_edit(lines, &target, &edits)),
                    )
                },
            )
            .await?;
        match outcome {
            None => Ok(None),
            Some(Ok(edit)) => Ok(Some(edit)),
            Some(Err(message)) => Err(jsonrpc::Error::invalid_params(message)),
        }
    }

    async fn document_symbol(
        &self,
        params: lsp::DocumentSymbolParams,
    ) -> jsonrpc::Result<Option<lsp::DocumentSymbolResponse>> {
        self.document_request(
            "documentSymbol",
            params.text_document.uri,
            |analysis, text, lines| {
                let symbols = analysis
                    .document_symbols(text)
                    .into_iter()
                    .map(|symbol| to_proto::document_symbol(lines, symbol))
                    .collect();
                Some(lsp::DocumentSymbolResponse::Nested(symbols))
            },
        )
        .await
    }

    async fn signature_help(
        &self,
        params: lsp::SignatureHelpParams,
    ) -> jsonrpc::Result<Option<lsp::SignatureHelp>> {
        let at = params.text_document_position_params;
        self.position_request(
            "signatureHelp",
            at.text_document.uri,
            at.position,
            |analysis, text, offset, _| {
                let help = analysis.signature_help(text, offset)?;
                Some(to_proto::signature_help(help))
            },
        )
        .await
    }

    /// Kernels, functions and globals of the open documents and of the workspace's files.
    async fn symbol(
        &self,
        params: lsp::WorkspaceSymbolParams,
    ) -> jsonrpc::Result<Option<lsp::WorkspaceSymbolResponse>> {
        let uris: Vec<lsp::Uri> = self.documents().keys().cloned().collect();
        let open: HashSet<PathBuf> = uris.iter().filter_map(from_proto::path).collect();
        let encoding = self.encoding();
        let mut symbols = Vec::new();
        for uri in uris {
            let Ok(Some(analyzed)) = self.analysis(&uri, None).await else {
                continue;
            };
            let found = self.state.analysis_thread.run(move || {
                analysis_of(&analyzed).map_or_else(Vec::new, |analysis| {
                    workspace_symbols::of_document(analysis, analyzed.lines(encoding), &uri)
                })
            });
            symbols.extend(found.await.unwrap_or_default());
        }
        let options = self.settings().options.clone();
        let state = self.state.clone();
        let on_disk = tokio::task::spawn_blocking(move || {
            state.workspace_files.symbols(&open, &options, encoding)
        });
        symbols.extend(on_disk.await.unwrap_or_default());
        symbols.retain(|symbol| {
            speclint_base::workspace_symbols::matches(&params.query, &symbol.name)
        });
        Ok(Some(lsp::WorkspaceSymbolResponse::Nested(symbols)))
    }

    async fn code_action(
        &self,
        params: lsp::CodeActionParams,
    ) -> jsonrpc::Result<Option<lsp::CodeActionResponse>> {
        if !wants_quick_fixes(params.context.only.as_deref()) {
            return Ok(None);
        }
        let uri = params.text_document.uri;
        let range = params.range;
        let listed = params.context.diagnostics;
        let target = uri.clone();
        let compiled = self.latest_compiled_findings(&uri);
        self.document_request("codeAction", uri, move |analysis, text, lines| {
            let range = from_proto::text_range(lines, range);
            // The compile's findings, while it is of this text, get their suppressions too.
            let compiled = compiled.and_then(|c| c.of(text));
            let diagnostics = compiled::with_compiled(analysis, text, compiled.as_ref());
            // The client's diagnostics (usually those on the cursor's line), matched to ours by
            // code, message and start line: clients do not reliably send back the columns we
            // published (Neovim 0.7 sends byte columns even when it negotiated UTF-16).
            let listed: Vec<(u32, &str, &str)> = listed
                .iter()
                .filter(|d| d.source.as_deref() == Some(to_proto::SOURCE))
                .filter_map(|d| match &d.code {
                    Some(lsp::NumberOrString::String(code)) => {
                        Some((d.range.start.line, code.as_str(), d.message.as_str()))
                    }
                    _ => None,
                })
                .collect();
            let in_context = |d: &speclint_base::diagnostic::Diagnostic| {
                listed.iter().any(|&(line, code, message)| {
                    code == d.rule.code
                        && message == d.message
                        && to_proto::position(lines, d.range.start).line == line
                })
            };
            let target = &target;
            let actions: Vec<lsp::CodeActionOrCommand> = diagnostics
                .iter()
                .filter(|d| d.range.intersects(range) || in_context(d))
                .flat_map(|d| {
                    // The diagnostic's fixes, then a comment that suppresses it.
                    let suppress = analysis.suppression_fix(text, d);
                    let fixes = d.fixes.iter().chain(&suppress).enumerate();
                    fixes
                        .map(|(i, fix)| {
                            lsp::CodeActionOrCommand::CodeAction(to_proto::quick_fix(
                                lines,
                                target,
                                d,
                                fix,
                                i == 0 && !d.fixes.is_empty(),
                            ))
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
            Some(actions)
        })
        .await
    }

    // Document structure: semantic tokens, folding, selection ranges, highlights.

    async fn semantic_tokens_full(
        &self,
        params: lsp::SemanticTokensParams,
    ) -> jsonrpc::Result<Option<lsp::SemanticTokensResult>> {
        self.document_request(
            "semanticTokens/full",
            params.text_document.uri,
            |analysis, text, lines| {
                let tokens = analysis.semantic_tokens(text, None);
                Some(to_proto::semantic_tokens(lines, tokens, None).into())
            },
        )
        .await
    }

    async fn semantic_tokens_range(
        &self,
        params: lsp::SemanticTokensRangeParams,
    ) -> jsonrpc::Result<Option<lsp::SemanticTokensRangeResult>> {
        let range = params.range;
        self.document_request(
            "semanticTokens/range",
            params.text_document.uri,
            move |analysis, text, lines| {
                let range = from_proto::text_range(lines, range);
                let tokens = analysis.semantic_tokens(text, Some(range));
                Some(to_proto::semantic_tokens(lines, tokens, Some(range)).into())
            },
        )
        .await
    }

    async fn folding_range(
        &self,
        params: lsp::FoldingRangeParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::FoldingRange>>> {
        self.document_request(
            "foldingRange",
            params.text_document.uri,
            |analysis, text, lines| {
                let folds = analysis.folding_ranges(text);
                Some(
                    folds
                        .into_iter()
                        .map(|fold| to_proto::folding_range(lines, fold))
                        .collect(),
                )
            },
        )
        .await
    }

    async fn selection_range(
        &self,
        params: lsp::SelectionRangeParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::SelectionRange>>> {
        let positions = params.positions;
        self.document_request(
            "selectionRange",
            params.text_document.uri,
            move |analysis, text, lines| {
                let ranges = positions.iter().map(|&position| {
                    let offset = from_proto::offset(lines, position);
                    to_proto::selection_range(lines, &analysis.selection_ranges(text, offset))
                });
                Some(ranges.collect())
            },
        )
        .await
    }

    async fn document_highlight(
        &self,
        params: lsp::DocumentHighlightParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::DocumentHighlight>>> {
        let at = params.text_document_position_params;
        self.position_request(
            "documentHighlight",
            at.text_document.uri,
            at.position,
            |analysis, text, offset, lines| {
                let found = analysis.highlights(text, offset);
                Some(
                    found
                        .into_iter()
                        .map(|h| to_proto::document_highlight(lines, h))
                        .collect(),
                )
            },
        )
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_fixes_follow_the_only_filter() {
        use lsp::CodeActionKind as K;
        assert!(wants_quick_fixes(None));
        assert!(wants_quick_fixes(Some(&[K::QUICKFIX])));
        assert!(wants_quick_fixes(Some(&[K::REFACTOR, K::QUICKFIX])));
        assert!(!wants_quick_fixes(Some(&[K::SOURCE_ORGANIZE_IMPORTS])));
        assert!(!wants_quick_fixes(Some(&[K::REFACTOR])));
    }

    fn _analyzed_is_shareable_across_threads() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Analyzed>();
    }
}
