//! A second code lens on each kernel with what the language's compiler says about it
//! (`sm_80 (ptxas 13.5.37): registers 24 · spill stores 0 B · …`). It comes from the
//! language's `Runner::compile`, used only where that runs a separate program
//! (`compiles_out_of_process`). The compile runs on open and on save, on a blocking thread
//! off the analysis path, and is cached by the text's hash: a lens shows the figures only
//! while the document's text is the one compiled, and diagnostics never wait for it.

use super::super::to_proto::{self, Lines};
use super::by_text::{text_hash, ByText};
use super::Backend;
use serde_json::json;
use speclint_base::annotations::KernelSummary;
use speclint_base::language::Input;
use speclint_base::run::runner::{CompileReport, RunError};
use tower_lsp_server::ls_types as lsp;

/// How many compiles may run at once: saves in quick succession queue rather than pile up.
const CONCURRENT_COMPILES: usize = 2;

/// Each document's latest compile.
pub(super) struct CompiledLenses(pub(super) ByText<Outcome>);

impl Default for CompiledLenses {
    fn default() -> Self {
        CompiledLenses(ByText::new(CONCURRENT_COMPILES))
    }
}

pub(super) enum Outcome {
    Compiled(CompileReport),
    /// The compiler rejected the module: one lens per kernel says so.
    Rejected(String),
    /// No compiler, or it could not run: no lens.
    Unavailable,
}

impl Backend {
    /// Compiles the document for its lenses unless this text was compiled (or is being)
    /// already; asks the client to refresh its lenses when done.
    pub(super) fn compile_for_lenses(&self, uri: &lsp::Uri) {
        let (text, path) = {
            let documents = self.documents();
            let Some(open) = documents.get(uri) else {
                return;
            };
            (open.doc.text(), open.doc.path.clone())
        };
        let Some(runner) = (self.state.registry)
            .detect_language(path.as_deref(), &text)
            .found()
            .and_then(|language| language.runner())
            .filter(|runner| runner.compiles_out_of_process())
        else {
            return;
        };
        let hash = text_hash(&text);
        if !self.state.compiled.0.begin(uri, hash) {
            return;
        }
        let backend = self.clone();
        let uri = uri.clone();
        let permits = self.state.compiled.0.permits.clone();
        tokio::spawn(async move {
            let Ok(_permit) = permits.acquire_owned().await else {
                return;
            };
            // Superseded (a newer save) or closed while waiting: nothing to do.
            if !backend.state.compiled.0.wanted(&uri, hash) {
                return;
            }
            let compiled = tokio::task::spawn_blocking(move || {
                let program = runner.prepare(Input::Text(&text))?;
                runner.compile(&program)
            })
            .await;
            let outcome = match compiled {
                Ok(Ok(report)) => Outcome::Compiled(report),
                Ok(Err(RunError::Build { message, messages })) => {
                    let first = messages.first().map(|m| match m.line {
                        Some(line) => format!(": line {line}: {}", m.text),
                        None => format!(": {}", m.text),
                    });
                    Outcome::Rejected(format!("{message}{}", first.unwrap_or_default()))
                }
                Ok(Err(_)) | Err(_) => Outcome::Unavailable,
            };
            let shows_lenses = !matches!(outcome, Outcome::Unavailable);
            // A newer text is being compiled, or the document closed: this one is dropped.
            if backend
                .state
                .compiled
                .0
                .finish(&uri, hash, outcome)
                .is_none()
            {
                return;
            }
            let refreshes = backend.state.refreshes.get().copied().unwrap_or_default();
            if shows_lenses && refreshes.code_lens {
                let _ = backend.client.code_lens_refresh().await;
            }
        });
    }

    /// The compiler's lenses for the kernels of `summaries`, when the compile is of `text`.
    /// Call before moving to the analysis thread; the returned closure does the matching.
    pub(super) fn compiled_lenses(
        &self,
        uri: &lsp::Uri,
    ) -> impl FnOnce(&str, Lines, &[KernelSummary]) -> Vec<lsp::CodeLens> + Send + 'static {
        let finished = self.state.compiled.0.finished(uri);
        move |text, lines, summaries| {
            let Some((hash, outcome)) = finished else {
                return Vec::new();
            };
            if hash != text_hash(text) {
                return Vec::new();
            }
            summaries
                .iter()
                .filter_map(|summary| {
                    let title = match outcome.as_ref() {
                        Outcome::Compiled(report) => {
                            let kernel =
                                report.kernels.iter().find(|k| k.kernel == summary.kernel)?;
                            format!("{}: {}", report.compiler, kernel.summary())
                        }
                        Outcome::Rejected(why) => why.clone(),
                        Outcome::Unavailable => return None,
                    };
                    Some(lsp::CodeLens {
                        range: to_proto::range(lines, summary.range),
                        command: Some(lsp::Command {
                            title,
                            command: String::new(),
                            arguments: None,
                        }),
                        data: Some(json!({"lens": "compiled", "kernel": summary.kernel})),
                    })
                })
                .collect()
        }
    }
}
