//! The language server (`speclint lsp`): LSP over stdin/stdout on the tower-lsp stack.
//!
//! Only this crate knows LSP types. `server` implements the protocol, `documents` keeps the
//! open documents (ropes with incremental edits), `analysis_thread` runs the analyses, `debounce` says when, and
//! `to_proto` / `from_proto` convert between the core's byte-offset model and LSP positions in
//! the negotiated encoding; `transport` reads stdin and drops malformed messages, which would
//! otherwise end the session.

mod analysis_thread;
mod debounce;
mod documents;
mod from_proto;
mod server;
mod to_proto;
mod transport;
mod workspace_symbols;

// Applying `didChange` content changes, for the fuzz targets (and any tool) outside the server.
pub use documents::{apply_changes, ChangeError};
pub use to_proto::PositionEncoding;
pub use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent};

/// The document store's edit code without the protocol around it, for the fuzz targets (a
/// random edit sequence must leave the text that the core's line model says it should).
#[doc(hidden)]
pub mod fuzzing {
    pub use super::documents::{changed_span, Document};
    pub use super::to_proto::PositionEncoding;
    pub use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent};
}

use std::process::ExitCode;
use std::time::Duration;

/// Runs the server until the client sends `exit` or closes stdin. Exits 0 when `exit` followed
/// `shutdown`, 1 otherwise (as the protocol asks).
pub fn run(registry: speclint_analysis::Registry) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("speclint-lsp")
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("speclint lsp: cannot start the async runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let clean = runtime
        .block_on(async { server::serve(registry, transport::stdin(), tokio::io::stdout()).await });
    // Tasks waiting for an analysis must not keep the process alive (the analysis thread ends
    // with the process).
    runtime.shutdown_timeout(Duration::from_millis(200));
    if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
