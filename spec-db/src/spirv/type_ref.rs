//! The `opN` references of the SPIR-V type-rule vocabularies (`core-types.toml` and the
//! OpenCL.std files): a rule relative to the result type or to one operand. Included by both
//! models, which number operands their own way (each says how).

use std::fmt;

/// What a relative constraint refers to: the result type or operand N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ref {
    Result,
    Operand(u8),
}

impl fmt::Display for Ref {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ref::Result => Ok(()),
            Ref::Operand(n) => write!(f, "(op{n})"),
        }
    }
}

/// `opN` -> operand N.
pub fn parse_ref(text: &str) -> Result<Ref, String> {
    text.strip_prefix("op")
        .and_then(|n| n.parse::<u8>().ok())
        .map(Ref::Operand)
        .ok_or_else(|| format!("`{text}` is not opN"))
}

/// `name` -> the result, `name(opN)` -> operand N; `None` when `text` is not `name`.
pub fn relative(text: &str, name: &str) -> Option<Result<Ref, String>> {
    if text == name {
        return Some(Ok(Ref::Result));
    }
    let inner = text
        .strip_prefix(name)?
        .strip_prefix('(')?
        .strip_suffix(')')?;
    Some(parse_ref(inner))
}
