//! Asking the client to ask again. Code lenses, inlay hints and semantic tokens are requested
//! by the client when it wants them, so after the settings change (a lens names the target, a
//! deprecation depends on the version) what it shows may be stale until it is told to refresh.
//! Each refresh is sent only to a client that says it honours it.

use super::Backend;
use tower_lsp_server::ls_types as lsp;

/// Which `workspace/*/refresh` requests the client honours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Refreshes {
    pub code_lens: bool,
    pub inlay_hints: bool,
    pub semantic_tokens: bool,
}

impl Refreshes {
    pub fn of(params: &lsp::InitializeParams) -> Refreshes {
        let workspace = params.capabilities.workspace.as_ref();
        Refreshes {
            code_lens: workspace
                .and_then(|w| w.code_lens.as_ref())
                .and_then(|c| c.refresh_support)
                .unwrap_or(false),
            inlay_hints: workspace
                .and_then(|w| w.inlay_hint.as_ref())
                .and_then(|c| c.refresh_support)
                .unwrap_or(false),
            semantic_tokens: workspace
                .and_then(|w| w.semantic_tokens.as_ref())
                .and_then(|c| c.refresh_support)
                .unwrap_or(false),
        }
    }
}

impl Backend {
    /// After a settings change: the refreshes the client honours, not awaited (the answers come
    /// whenever the client sends them; a failure is logged).
    pub(super) fn refresh_requested_views(&self) {
        let refreshes = self.state.refreshes.get().copied().unwrap_or_default();
        let client = self.client.clone();
        tokio::spawn(async move {
            let mut failed = Vec::new();
            if refreshes.code_lens && client.code_lens_refresh().await.is_err() {
                failed.push("workspace/codeLens/refresh");
            }
            if refreshes.inlay_hints && client.inlay_hint_refresh().await.is_err() {
                failed.push("workspace/inlayHint/refresh");
            }
            if refreshes.semantic_tokens && client.semantic_tokens_refresh().await.is_err() {
                failed.push("workspace/semanticTokens/refresh");
            }
            if !failed.is_empty() {
                let message = format!("speclint: {} failed", failed.join(", "));
                client.log_message(lsp::MessageType::WARNING, message).await;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_the_client_honours_is_refreshed() {
        let mut params = lsp::InitializeParams::default();
        assert_eq!(Refreshes::of(&params), Refreshes::default());
        params.capabilities.workspace = Some(lsp::WorkspaceClientCapabilities {
            code_lens: Some(lsp::CodeLensWorkspaceClientCapabilities {
                refresh_support: Some(true),
            }),
            inlay_hint: Some(lsp::InlayHintWorkspaceClientCapabilities {
                refresh_support: Some(false),
            }),
            ..Default::default()
        });
        assert_eq!(
            Refreshes::of(&params),
            Refreshes {
                code_lens: true,
                inlay_hints: false,
                semantic_tokens: false
            }
        );
    }
}
