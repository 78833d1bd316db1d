//! A second code lens on each kernel with what the language's compiler says about it
//! (`sm_80 (ptxas 13.5.37): registers 24 · spill stores 0 B · …`), a third with its
//! occupancy where a block size is known, and the findings that need the compile (PTX101 to
//! PTX103). They come from the language's `ResourceCheck`, else its `Runner::compile`, used
//! only where that runs a separate program (`compiles_out_of_process`). The compile runs on
//! open and on save, on a blocking thread off the analysis path, and is cached by the text's
//! hash: lenses and findings show only while the document's text is the one compiled, and
//! diagnostics never wait for it (they are published again when it finishes).

use super::super::to_proto::{self, Lines};
use super::by_text::{text_hash, ByText};
use super::Backend;
use serde_json::json;
use speclint_analysis::{Analysis, Options};
use speclint_base::annotations::KernelSummary;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::language::Input;
use speclint_base::resources::{KernelOccupancy, ResourceReport};
use speclint_base::rules::Rule;
use speclint_base::run::runner::{CompileReport, RunError};
use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use tower_lsp_server::ls_types as lsp;

/// How many compiles may run at once: saves in quick succession queue rather than pile up.
const CONCURRENT_COMPILES: usize = 2;

/// Each document's latest compile.
pub(super) struct CompiledLenses {
    pub(super) by_text: ByText<Outcome>,
    /// Whether the user was told the compiler is missing (once a session).
    said_unavailable: AtomicBool,
}

impl Default for CompiledLenses {
    fn default() -> Self {
        CompiledLenses {
            by_text: ByText::new(CONCURRENT_COMPILES),
            said_unavailable: AtomicBool::new(false),
        }
    }
}

/// A compile's findings, the hash of the text compiled, and the options that select them.
pub(super) struct LatestFindings {
    hash: u64,
    pub(super) findings: Vec<Diagnostic>,
    options: Options,
}

impl LatestFindings {
    /// These findings, when the compile was of `text`.
    pub(super) fn of(self, text: &str) -> Option<LatestFindings> {
        (self.hash == text_hash(text)).then_some(self)
    }
}

/// `analysis`'s findings of `text` with those of `compiled`, a compile of the same text.
pub(super) fn with_compiled<'a>(
    analysis: &'a Analysis,
    text: &str,
    compiled: Option<&LatestFindings>,
) -> Cow<'a, [Diagnostic]> {
    match compiled {
        Some(c) => Cow::Owned(analysis.diagnostics_with_compiled(text, &c.findings, &c.options)),
        None => Cow::Borrowed(analysis.diagnostics()),
    }
}

pub(super) enum Outcome {
    Compiled {
        report: CompileReport,
        findings: Vec<Diagnostic>,
        occupancy: Vec<KernelOccupancy>,
    },
    /// The compiler rejected the module: one lens per kernel says so.
    Rejected(String),
    /// No compiler, or it could not run (why): no lens.
    Unavailable(String),
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
        let Some(language) = (self.state.registry)
            .detect_language(path.as_deref(), &text)
            .found()
        else {
            return;
        };
        let check = language.resource_check();
        let runner = language
            .runner()
            .filter(|runner| runner.compiles_out_of_process());
        if check.is_none() && runner.is_none() {
            return;
        }
        let hash = text_hash(&text);
        if !self.state.compiled.by_text.begin(uri, hash) {
            return;
        }
        let backend = self.clone();
        let uri = uri.clone();
        let permits = self.state.compiled.by_text.permits.clone();
        tokio::spawn(async move {
            let Ok(_permit) = permits.acquire_owned().await else {
                return;
            };
            // Superseded (a newer save) or closed while waiting: nothing to do.
            if !backend.state.compiled.by_text.wanted(&uri, hash) {
                return;
            }
            // The run comments' launches, from the analysis of this text.
            let launches = match backend.analysis(&uri, None).await {
                Ok(Some(analyzed)) if text_hash(&analyzed.text) == hash => analyzed
                    .analysis
                    .as_ref()
                    .map(|analysis| analysis.kernel_launches(&analyzed.text))
                    .unwrap_or_default(),
                _ => Vec::new(),
            };
            let settings = backend
                .settings()
                .options
                .config
                .language(language.id())
                .clone();
            let compiled = tokio::task::spawn_blocking(move || match (check, runner) {
                (Some(check), _) => check.check(&text, &settings, &launches),
                (None, Some(runner)) => {
                    let program = runner.prepare(Input::Text(&text))?;
                    runner.compile(&program).map(|report| ResourceReport {
                        report,
                        ..ResourceReport::default()
                    })
                }
                (None, None) => Err(RunError::unavailable("no compiler")),
            })
            .await;
            let outcome = match compiled {
                Ok(Ok(found)) => Outcome::Compiled {
                    report: found.report,
                    findings: found.findings,
                    occupancy: found.occupancy,
                },
                Ok(Err(RunError::Build { message, messages })) => {
                    let first = messages.first().map(|m| match m.line {
                        Some(line) => format!(": line {line}: {}", m.text),
                        None => format!(": {}", m.text),
                    });
                    Outcome::Rejected(format!("{message}{}", first.unwrap_or_default()))
                }
                Ok(Err(error)) => Outcome::Unavailable(error.message().to_string()),
                Err(error) => Outcome::Unavailable(error.to_string()),
            };
            if let (Outcome::Unavailable(why), Some(check)) = (&outcome, check) {
                backend
                    .say_unavailable(language.name(), check.rules(), why)
                    .await;
            }
            let shows_lenses = !matches!(outcome, Outcome::Unavailable(_));
            // Diagnostics change only when the compile found something: the last publish
            // (of this text's analysis) had no compiled findings.
            let found =
                matches!(&outcome, Outcome::Compiled { findings, .. } if !findings.is_empty());
            // A newer text is being compiled, or the document closed: this one is dropped.
            if backend
                .state
                .compiled
                .by_text
                .finish(&uri, hash, outcome)
                .is_none()
            {
                return;
            }
            if found {
                backend.republish(&uri).await;
            }
            let refreshes = backend.state.refreshes.get().copied().unwrap_or_default();
            if shows_lenses && refreshes.code_lens {
                let _ = backend.client.code_lens_refresh().await;
            }
        });
    }

    /// Tells the user once a session, in the server's log, that the compiler is missing and what
    /// is off for it (a pop-up for every session without ptxas would be noise).
    async fn say_unavailable(&self, language: &str, rules: &[&Rule], why: &str) {
        if self
            .state
            .compiled
            .said_unavailable
            .swap(true, Ordering::Relaxed)
        {
            return;
        }
        let codes: Vec<&str> = rules.iter().map(|r| r.code).collect();
        let message = format!(
            "speclint: {language} is checked without {} and its compiler lenses: {why}",
            codes.join(", ")
        );
        self.client
            .log_message(lsp::MessageType::INFO, message)
            .await;
    }

    /// The latest compile's findings, when it found any, with the options that select them.
    /// Cheap: whether they are of the text at hand is checked where that text is
    /// ([`LatestFindings::of`]), off the server's own threads, and only when there are any.
    pub(super) fn latest_compiled_findings(&self, uri: &lsp::Uri) -> Option<LatestFindings> {
        let (hash, outcome) = self.state.compiled.by_text.finished(uri)?;
        match outcome.as_ref() {
            Outcome::Compiled { findings, .. } if !findings.is_empty() => Some(LatestFindings {
                hash,
                findings: findings.clone(),
                options: self.settings().options.clone(),
            }),
            _ => None,
        }
    }

    /// The compiler's lenses for the kernels of `summaries`, and their occupancy lenses,
    /// when the compile is of `text`. Call before moving to the analysis thread; the returned
    /// closure does the matching.
    pub(super) fn compiled_lenses(
        &self,
        uri: &lsp::Uri,
    ) -> impl FnOnce(&str, Lines, &[KernelSummary]) -> Vec<lsp::CodeLens> + Send + 'static {
        let finished = self.state.compiled.by_text.finished(uri);
        move |text, lines, summaries| {
            let Some((hash, outcome)) = finished else {
                return Vec::new();
            };
            if hash != text_hash(text) {
                return Vec::new();
            }
            let lens = |summary: &KernelSummary, kind: &str, title: String| lsp::CodeLens {
                range: to_proto::range(lines, summary.range),
                command: Some(lsp::Command {
                    title,
                    command: String::new(),
                    arguments: None,
                }),
                data: Some(json!({"lens": kind, "kernel": summary.kernel})),
            };
            let mut lenses = Vec::new();
            for summary in summaries {
                match outcome.as_ref() {
                    Outcome::Compiled {
                        report, occupancy, ..
                    } => {
                        if let Some(kernel) =
                            report.kernels.iter().find(|k| k.kernel == summary.kernel)
                        {
                            let title = format!("{}: {}", report.compiler, kernel.summary());
                            lenses.push(lens(summary, "compiled", title));
                        }
                        if let Some(found) = occupancy.iter().find(|o| o.kernel == summary.kernel) {
                            lenses.push(lens(summary, "occupancy", found.summary.clone()));
                        }
                    }
                    Outcome::Rejected(why) => lenses.push(lens(summary, "compiled", why.clone())),
                    Outcome::Unavailable(_) => {}
                }
            }
            lenses
        }
    }
}
