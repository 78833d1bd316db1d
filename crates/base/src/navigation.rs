//! Navigation results in plain data: document symbols (outline), and the ranges that
//! go-to-definition and find-references return. Offsets are bytes into the document.

use crate::text::TextRange;

/// What an outline entry is, for the editor's icon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    Module,
    Function,
    Variable,
    Constant,
}

/// One outline entry and the entries nested in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentSymbol {
    pub name: String,
    /// A short description shown next to the name (a signature or a type).
    pub detail: String,
    pub kind: SymbolKind,
    /// The whole construct (a function with its body).
    pub range: TextRange,
    /// The name itself, selected when the entry is chosen.
    pub selection_range: TextRange,
    pub children: Vec<DocumentSymbol>,
}

/// How a highlighted occurrence uses its symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HighlightKind {
    /// The symbol is declared or defined (written) here.
    Write,
    Read,
    /// The language does not know.
    Text,
}

/// One occurrence of the symbol under the cursor, for document highlight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Highlight {
    pub range: TextRange,
    pub kind: HighlightKind,
}
