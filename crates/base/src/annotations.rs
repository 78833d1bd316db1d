//! Text the editor shows beside the document without it being part of it: a summary above
//! each kernel (a code lens) and short hints inside lines (inlay hints). Plain data with byte
//! offsets; each language computes them, the LSP glue converts them.

use crate::text::TextRange;

/// A kernel, with a one-line summary of what it was checked against (the target, the versions,
/// its parameter count), shown above it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelSummary {
    /// The kernel's name as written.
    pub kernel: String,
    /// Where the summary is shown: the kernel's header, from its keyword to its name.
    pub range: TextRange,
    pub summary: String,
}

/// What an inlay hint shows, for the editor's styling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InlayHintKind {
    /// The type of what it follows (`: .u32`).
    Type,
    /// Anything else (a resolved range, a register class).
    Other,
}

/// A hint shown at `offset`, between the characters before and after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    pub offset: usize,
    /// The text shown, with its leading punctuation (`: .u32`).
    pub label: String,
    pub kind: InlayHintKind,
    /// A hover for the hint, if it needs one.
    pub tooltip: Option<String>,
}
