//! Bounds that keep an analysis finite on any input. Parsers and the walks over their trees
//! recurse once per nesting level, so nesting is capped: a parser that would go deeper reports
//! [`nesting_too_deep`] at the opening bracket and skips what is inside.

use super::diagnostic::Diagnostic;
use super::rules::NESTING_TOO_DEEP;
use super::text::TextRange;

/// How deeply blocks, regions, bracketed operands and types may nest. Real code nests a
/// handful of levels (nvcc's PTX a few `{ }` scopes, Tile IR one region per loop or branch and
/// types two or three deep), so 256 is far beyond any real kernel; and the recursion it allows
/// (a few KiB of stack per level in an unoptimised build) fits in the 2 MiB stacks of the
/// threads the language server and parallel checks run on.
pub const MAX_NESTING: usize = 256;

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
