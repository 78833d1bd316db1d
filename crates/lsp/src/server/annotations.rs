//! Code lenses above kernels and inlay hints: the core's `KernelSummary` and `InlayHint`
//! (`core::annotations`) in LSP form.
//!
//! A summary lens carries a command with an empty id: editors show its title and do nothing on
//! a click (VS Code renders such a lens as plain text). Its `data` says which kernel and which
//! lens it is (`"lens": "summary"`); the compiler's and the "Run" lenses sit beside it (`compiled`,
//! `run_lens`).

use super::super::from_proto;
use super::super::to_proto::{self, Lines};
use serde_json::json;
use speclint_base::annotations::{InlayHint, InlayHintKind, KernelSummary};
use tower_lsp_server::ls_types as lsp;

pub(super) fn code_lens_capability() -> lsp::CodeLensOptions {
    lsp::CodeLensOptions {
        resolve_provider: Some(false),
    }
}

pub(super) fn inlay_hint_capability() -> lsp::OneOf<bool, lsp::InlayHintServerCapabilities> {
    lsp::OneOf::Left(true)
}

pub(super) fn code_lens(lines: Lines, summary: KernelSummary) -> lsp::CodeLens {
    lsp::CodeLens {
        range: to_proto::range(lines, summary.range),
        command: Some(lsp::Command {
            title: summary.summary,
            command: String::new(),
            arguments: None,
        }),
        data: Some(json!({"lens": "summary", "kernel": summary.kernel})),
    }
}

/// The hints in `range` (an LSP range of the analysed text).
pub(super) fn inlay_hints(
    analysis: &speclint_analysis::Analysis,
    text: &str,
    lines: Lines,
    range: lsp::Range,
) -> Vec<lsp::InlayHint> {
    let range = from_proto::text_range(lines, range);
    analysis
        .inlay_hints(text, range)
        .into_iter()
        .map(|hint| inlay_hint(lines, hint))
        .collect()
}

fn inlay_hint(lines: Lines, hint: InlayHint) -> lsp::InlayHint {
    let (kind, padding_left) = match hint.kind {
        // `%x: T`, as rust-analyzer writes its type hints.
        InlayHintKind::Type => (Some(lsp::InlayHintKind::TYPE), None),
        // Set apart from the text it follows.
        InlayHintKind::Other => (None, Some(true)),
    };
    lsp::InlayHint {
        position: to_proto::position(lines, hint.offset),
        label: lsp::InlayHintLabel::String(hint.label),
        kind,
        text_edits: None,
        tooltip: hint.tooltip.map(lsp::InlayHintTooltip::String),
        padding_left,
        padding_right: None,
        data: None,
    }
}
