//! The SASS view: a "SASS" code lens on each kernel of a language that compiles to SASS, the
//! `speclint/sass` request that answers with the listing as a read-only document's text and
//! the source line of each of its lines, and the SASS of the hovered line in hovers.
//!
//! Nothing is compiled until a client asks (`speclint/sass`, or the lens's command, which a
//! client implements by asking). From then on the document's listing is made again on each
//! save, on a blocking thread off the analysis path, cached by the text's hash like the
//! compiler's lens (`by_text`); when a new one is ready the server sends
//! `speclint/sassChanged` so that an open view asks again. Hovers and lenses use the listing
//! only while the document's text is the one compiled.

use super::super::to_proto::{self, Lines};
use super::by_text::{text_hash, ByText};
use super::Backend;
use serde::{Deserialize, Serialize};
use serde_json::json;
use speclint_base::annotations::KernelSummary;
use speclint_base::language::Input;
use speclint_base::sass::{Disassembler, SassError, SassListing, SassRequest};
use speclint_base::text::line_number;
use speclint_sass::render::{render, Rendered};
use std::path::PathBuf;
use std::sync::Arc;
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types as lsp;

/// The request for a document's SASS view.
pub(super) const METHOD: &str = "speclint/sass";
/// The command of the SASS lens, which the client implements (its one argument is
/// `{"uri": …, "kernel": …}`): open the view, at that kernel.
pub(super) const SHOW_SASS: &str = "speclint.showSass";
/// How many disassemblies may run at once.
const CONCURRENT: usize = 1;

/// The notification sent when a document's listing was made again (after a save).
pub(super) enum SassChanged {}

impl lsp::notification::Notification for SassChanged {
    type Params = SassParams;
    const METHOD: &'static str = "speclint/sassChanged";
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SassParams {
    pub text_document: lsp::TextDocumentIdentifier,
}

/// A document's SASS, as a client shows it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SassView {
    /// The text of the read-only view.
    pub text: String,
    /// For each line of `text`, the source document's line (0-based) it shows, or null.
    pub source_lines: Vec<Option<u32>>,
    /// Each kernel's name and the view's line (0-based) its header is on.
    pub kernels: Vec<ViewKernel>,
    pub target: String,
    pub tools: String,
}

#[derive(Debug, Serialize)]
pub(super) struct ViewKernel {
    pub name: String,
    pub line: usize,
}

/// Each document's latest listing, and which documents have a view to keep current.
pub(super) struct SassViews(pub(super) ByText<Outcome>);

impl Default for SassViews {
    fn default() -> Self {
        SassViews(ByText::new(CONCURRENT))
    }
}

pub(super) enum Outcome {
    Listed {
        listing: SassListing,
        rendered: Rendered,
    },
    /// Why there is no listing (the compiler's errors, a missing tool).
    Failed(String),
}

fn failure_text(error: SassError) -> String {
    match error {
        SassError::Usage(message) | SassError::Tool(message) => message,
        SassError::Compile(errors) => {
            let first = errors.first().map(|(line, message)| match line {
                Some(line) => format!(": line {line}: {message}"),
                None => format!(": {message}"),
            });
            format!("the module did not compile{}", first.unwrap_or_default())
        }
    }
}

/// Compiles and disassembles `text` (a blocking call).
fn disassemble(disassembler: &dyn Disassembler, text: &str, name: String) -> Outcome {
    let request = SassRequest {
        source_name: name.clone(),
        ..SassRequest::default()
    };
    match disassembler.sass(Input::Text(text), &request) {
        Ok(listing) => {
            let rendered = render(&name, text, &listing);
            Outcome::Listed { listing, rendered }
        }
        Err(error) => Outcome::Failed(failure_text(error)),
    }
}

impl Backend {
    /// The open document's text and path, and its language's disassembler.
    fn sass_source(
        &self,
        uri: &lsp::Uri,
    ) -> Result<(String, Option<PathBuf>, &'static dyn Disassembler), String> {
        let (text, path) = {
            let documents = self.documents();
            let open =
                (documents.get(uri)).ok_or_else(|| "the document is not open".to_string())?;
            (open.doc.text(), open.doc.path.clone())
        };
        let language = (self.state.registry)
            .detect_language(path.as_deref(), &text)
            .found()
            .ok_or_else(|| "speclint does not read this document".to_string())?;
        let disassembler = language.disassembler().ok_or_else(|| {
            format!(
                "speclint cannot show the machine code of {} files yet",
                language.name()
            )
        })?;
        Ok((text, path, disassembler))
    }

    /// Makes the document's listing for its current text, unless it is cached; returns it.
    async fn sass_listing(&self, uri: &lsp::Uri) -> Result<Arc<Outcome>, String> {
        let (text, path, disassembler) = self.sass_source(uri)?;
        if let Some(outcome) = self.state.sass.0.finished_for(uri, &text) {
            return Ok(outcome);
        }
        let hash = text_hash(&text);
        self.state.sass.0.begin(uri, hash);
        let permits = self.state.sass.0.permits.clone();
        let _permit = permits.acquire_owned().await.map_err(|e| e.to_string())?;
        let name = path.map_or_else(|| uri.as_str().to_string(), |p| p.display().to_string());
        let outcome = tokio::task::spawn_blocking(move || disassemble(disassembler, &text, name))
            .await
            .map_err(|e| format!("the disassembly failed: {e}"))?;
        // A newer text claimed the cache meanwhile: answer with this one all the same.
        Ok(self
            .state
            .sass
            .0
            .finish(uri, hash, outcome)
            .unwrap_or_else(|| Arc::new(Outcome::Failed("the document changed".into()))))
    }

    /// Answers `speclint/sass`.
    pub(super) async fn sass(&self, params: SassParams) -> jsonrpc::Result<SassView> {
        let uri = params.text_document.uri;
        let failed = |message: String| jsonrpc::Error {
            code: jsonrpc::ErrorCode::ServerError(-32803),
            message: message.into(),
            data: None,
        };
        let outcome = self.sass_listing(&uri).await.map_err(failed)?;
        match outcome.as_ref() {
            Outcome::Listed { listing, rendered } => Ok(SassView {
                text: rendered.text.clone(),
                source_lines: (rendered.source_lines.iter())
                    .map(|line| line.map(|l| l.saturating_sub(1)))
                    .collect(),
                kernels: (rendered.functions.iter())
                    .map(|(name, line)| ViewKernel {
                        name: name.clone(),
                        line: *line,
                    })
                    .collect(),
                target: listing.target.clone(),
                tools: listing.tools.clone(),
            }),
            Outcome::Failed(why) => Err(failed(why.clone())),
        }
    }

    /// On save: makes the listing again for a document that has a view, then tells the
    /// client.
    pub(super) fn refresh_sass(&self, uri: &lsp::Uri) {
        if !self.state.sass.0.tracks(uri) {
            return;
        }
        let backend = self.clone();
        let uri = uri.clone();
        tokio::spawn(async move {
            if backend.sass_listing(&uri).await.is_ok() {
                let params = SassParams {
                    text_document: lsp::TextDocumentIdentifier { uri },
                };
                backend
                    .client
                    .send_notification::<SassChanged>(params)
                    .await;
            }
        });
    }

    /// A "SASS" lens on each kernel (with its instruction count once the listing of this
    /// text is made), where the document's language has a disassembler. Call before moving
    /// to the analysis thread; the returned closure does the matching.
    pub(super) fn sass_lenses(
        &self,
        uri: &lsp::Uri,
    ) -> impl FnOnce(&str, Lines, &[KernelSummary], bool) -> Vec<lsp::CodeLens> + Send + 'static
    {
        let finished = self.state.sass.0.finished(uri);
        let uri = uri.clone();
        move |text, lines, summaries, disassembles| {
            if !disassembles {
                return Vec::new();
            }
            let outcome = finished
                .filter(|(hash, _)| *hash == text_hash(text))
                .map(|(_, outcome)| outcome);
            let listing = outcome.as_deref().and_then(|outcome| match outcome {
                Outcome::Listed { listing, .. } => Some(listing),
                Outcome::Failed(_) => None,
            });
            summaries
                .iter()
                .map(|summary| {
                    let count = listing.as_ref().and_then(|listing| {
                        let function = listing
                            .functions
                            .iter()
                            .find(|f| f.name == summary.kernel)?;
                        Some(function.code().count())
                    });
                    let title = match count {
                        Some(count) => format!("SASS · {count} instructions"),
                        None => "SASS".to_string(),
                    };
                    lsp::CodeLens {
                        range: to_proto::range(lines, summary.range),
                        command: Some(lsp::Command {
                            title,
                            command: SHOW_SASS.to_string(),
                            arguments: Some(vec![json!({"uri": uri, "kernel": summary.kernel})]),
                        }),
                        data: Some(json!({"lens": "sass", "kernel": summary.kernel})),
                    }
                })
                .collect()
        }
    }

    /// The SASS of the line at `offset`, for a hover, when the listing of this text is made.
    /// Call before moving to the analysis thread.
    pub(super) fn sass_for_hover(
        &self,
        uri: &lsp::Uri,
    ) -> impl Fn(&str, usize) -> Option<String> + Clone + Send + 'static {
        let finished = self.state.sass.0.finished(uri);
        move |text, offset| {
            let (hash, outcome) = finished.as_ref()?;
            if *hash != text_hash(text) {
                return None;
            }
            let Outcome::Listed { listing, .. } = outcome.as_ref() else {
                return None;
            };
            let line = u32::try_from(line_number(text, offset)).ok()?;
            let mut shown = Vec::new();
            for function in &listing.functions {
                let code: Vec<String> = (function.code())
                    .filter(|i| i.source.as_ref().is_some_and(|s| s.line == line))
                    .map(|i| format!("{:04x}  {}", i.address, i.text()))
                    .collect();
                if !code.is_empty() {
                    shown.push(format!("// {}\n{}", function.name, code.join("\n")));
                }
            }
            if shown.is_empty() {
                return None;
            }
            Some(format!(
                "**SASS** ({}, {})\n```\n{}\n```",
                listing.target,
                listing.tools,
                shown.join("\n")
            ))
        }
    }
}
