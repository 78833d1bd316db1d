//! What a region-holding op (`if`, `for`, `loop`, `reduce`, `scan`) expects its terminators to
//! pass, and the values a terminator passes: plain data that the walk (`check`), the transfer
//! check (`regions`) and the rule files share.

use super::ast::OpId;
use super::types::TypeRef;
use speclint_base::text::TextRange;

pub fn is_terminator(name: &str) -> bool {
    matches!(name, "yield" | "continue" | "break" | "return")
}

/// A region-holding op while its regions are checked: what its terminators must pass. A list
/// is `None` when it could not be read (generic form, a malformed header): nothing is checked
/// against it then. An entry's type is `None` when only the count is known.
#[derive(Clone, Debug)]
pub struct Frame {
    pub op: OpId,
    /// `if`, `for`, `loop`, `reduce` or `scan`.
    pub name: &'static str,
    /// Where the op's name starts (a byte offset), for messages.
    pub start: usize,
    /// What `yield` (if, reduce, scan) or `break` (loop) passes: one value per result.
    pub results: Option<Vec<Option<TypeRef>>>,
    /// What `continue` passes (for, loop): the loop-carried values.
    pub carried: Option<Vec<Option<TypeRef>>>,
}

/// One value a terminator passes: as written, where, and its type (written or defined).
#[derive(Clone, Debug)]
pub struct Passed<'a> {
    pub name: &'a str,
    pub range: TextRange,
    pub ty: Option<TypeRef>,
}

pub(crate) fn list(types: &[Option<TypeRef>]) -> String {
    if types.is_empty() {
        return "none".to_string();
    }
    types
        .iter()
        .map(|t| t.as_ref().map_or("?".to_string(), |t| format!("`{t}`")))
        .collect::<Vec<_>>()
        .join(", ")
}
