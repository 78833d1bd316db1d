//! Bounds that keep an analysis finite on any input. Parsers and the walks over their trees
//! recurse once per nesting level, so nesting is capped: a parser that would go deeper reports
//! [`nesting_too_deep`] at the opening bracket and skips what is inside.

use crate::diagnostic::Diagnostic;
use crate::rules::NESTING_TOO_DEEP;
use crate::text::TextRange;

/// How deeply blocks, regions, bracketed operands and types may nest. Real code nests a
/// handful of levels (nvcc's PTX a few `{ }` scopes, Tile IR one region per loop or branch and
/// types two or three deep), so 128 is far beyond any real kernel. The bound is what the
/// stack allows: the language server analyses on threads with 2 MiB stacks, and in an
/// unoptimised build a level costs up to ~4 KiB (PTX: a bracketed operand) or, in Tile IR, a
/// region ~4 KiB and a type ~5 KiB, with a type as deep as allowed inside the innermost region.
/// At 128 the deepest case needs about 1.2 MiB (measured by the languages' `nesting` tests).
pub const MAX_NESTING: usize = 128;

/// IO002, at the opening token of the level that would pass [`MAX_NESTING`].
pub fn nesting_too_deep(open: TextRange) -> Diagnostic {
    Diagnostic::new(
        &NESTING_TOO_DEEP,
        open,
        format!(
            "nesting deeper than {MAX_NESTING} levels starts here; what is inside is not checked"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_states_the_limit() {
        let limit = MAX_NESTING.to_string();
        assert!(NESTING_TOO_DEEP
            .explanation
            .contains(&format!("at most {limit} levels")));
        assert!(NESTING_TOO_DEEP
            .example
            .contains(&format!("{}th", MAX_NESTING + 1)));
        assert!(nesting_too_deep(TextRange::empty(0))
            .message
            .contains(&limit));
    }
}
