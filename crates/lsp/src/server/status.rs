//! `speclint/status`, a request of our own: which language a document was analysed as and what
//! it was checked against ("PTX ISA 8.0 · sm_90"), for an editor's status line (the VS Code
//! extension's status bar item). Plain JSON, so any client may ask.

use super::Backend;
use serde::{Deserialize, Serialize};
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types as lsp;

pub(super) const METHOD: &str = "speclint/status";

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct StatusParams {
    pub text_document: lsp::TextDocumentIdentifier,
}

#[derive(Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(super) struct Status {
    /// The language's name ("PTX", "Tile IR", "SPIR-V").
    pub language: String,
    /// What the document was checked against.
    pub summary: Option<String>,
}

impl Backend {
    /// Answers `speclint/status`: null for a document that is not open (or out of sync).
    pub(super) async fn status(&self, params: StatusParams) -> jsonrpc::Result<Option<Status>> {
        self.document_request("status", params.text_document.uri, |analysis, text, _| {
            Some(Status {
                language: analysis.language().name().to_string(),
                summary: analysis.module_summary(text),
            })
        })
        .await
    }
}
