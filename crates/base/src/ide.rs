//! What a language answers to editor queries that have no module of their own.

use crate::text::TextRange;

/// A hover: the range it describes and Markdown text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub range: TextRange,
    pub markdown: String,
}

/// What a completion inserts, for the editor's icon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    Instruction,
    Modifier,
    Directive,
    Register,
    SpecialRegister,
    Label,
    Function,
}

/// A completion: the text to insert in place of `replace` (the word typed so far).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub kind: CompletionKind,
    pub detail: String,
    pub replace: TextRange,
}
