//! Pull diagnostics (`textDocument/diagnostic`, LSP 3.17) beside publishing.
//!
//! A client that says it can pull (`textDocument.diagnostic` in its capabilities) gets no
//! `publishDiagnostics` for analyses: it asks when it wants them, and is asked to ask again
//! (`workspace/diagnostic/refresh`) when the settings change. Sending both would show every
//! finding twice in VS Code, whose client keeps pushed and pulled diagnostics in separate
//! collections; rust-analyzer avoids the same by pushing only what the client does not pull.
//! A client that cannot pull is pushed to, as before. The empty publishes that clear a
//! closed or out-of-sync document are sent to both kinds: an empty set duplicates nothing.
//!
//! A pull answers from the analysis of the document's current generation, waiting for it when
//! it is pending (the one shared per generation, so a publish or another request racing with
//! the pull does not analyse twice). The result id names that generation: a new one comes with
//! every edit and every settings change, so an unchanged id means unchanged diagnostics.

use super::{Analyzed, Backend};
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types as lsp;

/// How diagnostics reach the client, from its capabilities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Delivery {
    /// The client pulls: analyses are not published.
    pub pulls: bool,
    /// The client honours `workspace/diagnostic/refresh`.
    pub refreshes: bool,
}

impl Delivery {
    pub fn of(params: &lsp::InitializeParams) -> Delivery {
        let capabilities = &params.capabilities;
        Delivery {
            pulls: capabilities
                .text_document
                .as_ref()
                .is_some_and(|t| t.diagnostic.is_some()),
            refreshes: capabilities
                .workspace
                .as_ref()
                .and_then(|w| w.diagnostics.as_ref())
                .and_then(|d| d.refresh_support)
                .unwrap_or(false),
        }
    }
}

/// What the server advertises: one document at a time, no workspace-wide pull (a document's
/// findings never depend on another file).
pub(super) fn capability() -> lsp::DiagnosticServerCapabilities {
    lsp::DiagnosticServerCapabilities::Options(lsp::DiagnosticOptions {
        identifier: Some("speclint".to_string()),
        inter_file_dependencies: false,
        workspace_diagnostics: false,
        work_done_progress_options: Default::default(),
    })
}

/// The result id of one analysed generation (the version is there for people reading logs).
fn result_id(analyzed: &Analyzed) -> String {
    format!("v{}-g{}", analyzed.version, analyzed.generation)
}

fn report(report: lsp::DocumentDiagnosticReport) -> lsp::DocumentDiagnosticReportResult {
    lsp::DocumentDiagnosticReportResult::Report(report)
}

fn full(result_id: Option<String>, items: Vec<lsp::Diagnostic>) -> lsp::DocumentDiagnosticReport {
    lsp::DocumentDiagnosticReport::Full(lsp::RelatedFullDocumentDiagnosticReport {
        related_documents: None,
        full_document_diagnostic_report: lsp::FullDocumentDiagnosticReport { result_id, items },
    })
}

impl Backend {
    pub(super) fn delivery(&self) -> Delivery {
        self.state.delivery.get().copied().unwrap_or_default()
    }

    /// Answers `textDocument/diagnostic`.
    pub(super) async fn pull_diagnostics(
        &self,
        params: lsp::DocumentDiagnosticParams,
    ) -> jsonrpc::Result<lsp::DocumentDiagnosticReportResult> {
        let uri = params.text_document.uri;
        let analyzed = match self.analysis(&uri, None).await {
            Ok(Some(analyzed)) => analyzed,
            // Not open, or out of sync: nothing the server can vouch for.
            Ok(None) => return Ok(report(full(None, Vec::new()))),
            Err(message) => return Err(self.request_failed("diagnostic", &uri, message).await),
        };
        let compiled = self
            .latest_compiled_findings(&uri)
            .and_then(|c| c.of(&analyzed.text));
        // A compile's findings arrive after the analysis: the report with them is another.
        let id = match &compiled {
            Some(c) => format!("{}-c{}", result_id(&analyzed), c.findings.len()),
            None => result_id(&analyzed),
        };
        if params.previous_result_id.as_deref() == Some(id.as_str()) {
            return Ok(report(lsp::DocumentDiagnosticReport::Unchanged(
                lsp::RelatedUnchangedDocumentDiagnosticReport {
                    related_documents: None,
                    unchanged_document_diagnostic_report: lsp::UnchangedDocumentDiagnosticReport {
                        result_id: id,
                    },
                },
            )));
        }
        let encoding = self.encoding();
        let items = self
            .state
            .analysis_thread
            .run(move || analyzed.diagnostics(encoding, compiled))
            .await;
        match items {
            Ok(items) => Ok(report(full(Some(id), items))),
            Err(message) => Err(self.request_failed("diagnostic", &uri, message).await),
        }
    }

    /// Asks a pulling client to pull again (the settings changed), when it can be asked.
    pub(super) fn refresh_pulled_diagnostics(&self) {
        let delivery = self.delivery();
        if !(delivery.pulls && delivery.refreshes) {
            return;
        }
        let client = self.client.clone();
        // Not awaited: the answer comes whenever the client sends it.
        tokio::spawn(async move {
            if let Err(e) = client.workspace_diagnostic_refresh().await {
                let message = format!("speclint: workspace/diagnostic/refresh failed: {e}");
                client.log_message(lsp::MessageType::WARNING, message).await;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_pulls_when_it_says_so() {
        let mut params = lsp::InitializeParams::default();
        assert_eq!(Delivery::of(&params), Delivery::default());
        params.capabilities.text_document = Some(lsp::TextDocumentClientCapabilities {
            diagnostic: Some(Default::default()),
            ..Default::default()
        });
        params.capabilities.workspace = Some(lsp::WorkspaceClientCapabilities {
            diagnostics: Some(lsp::DiagnosticWorkspaceClientCapabilities {
                refresh_support: Some(true),
            }),
            ..Default::default()
        });
        assert_eq!(
            Delivery::of(&params),
            Delivery {
                pulls: true,
                refreshes: true
            }
        );
    }
}
