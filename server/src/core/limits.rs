//! Bounds that keep an analysis finite on any input. Parsers and the walks over their trees
//! recurse once per nesting level, so nesting is capped: a parser that would go deeper reports
//! [`nesting_too_deep`] at the opening bracket and skips what is inside.

use super::diagnostic::Diagnostic;
use super::rules::NESTING_TOO_DEEP;
use super::text::TextRange;

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

/// For the languages' tests: nesting at and past the limit, on the stack the language server
/// gives an analysis.
#[cfg(test)]
pub mod testing {
    use crate::core::language::Input;
    use crate::core::text::TextRange;
    use crate::core::{detect_language, Analysis, Options};

    /// The stack of a tokio blocking thread, where the language server runs analyses and
    /// queries (and of the scoped threads of a parallel check).
    const SERVER_STACK: usize = 2 << 20;

    /// Analyses `text` (its language found by its content) and asks every query at each of
    /// `offsets`, on a thread with the language server's stack; returns each diagnostic's code
    /// and range. A stack overflow aborts the test run.
    pub fn check_on_server_stack(
        text: String,
        offsets: Vec<usize>,
    ) -> Vec<(&'static str, TextRange)> {
        std::thread::Builder::new()
            .stack_size(SERVER_STACK)
            .spawn(move || {
                let language = detect_language(None, &text)
                    .found()
                    .expect("a known language");
                let analysis =
                    Analysis::run(language, Input::Text(&text), None, &Options::default());
                for offset in offsets {
                    analysis.hover(&text, offset);
                    analysis.completions(&text, offset);
                    analysis.definition(&text, offset);
                    analysis.references(&text, offset, true);
                    analysis.rename_target(&text, offset);
                }
                analysis.document_symbols(&text);
                let found = analysis
                    .diagnostics()
                    .iter()
                    .map(|d| (d.rule.code, d.range))
                    .collect();
                // Dropping the syntax trees recurses too.
                drop(analysis);
                found
            })
            .expect("a test thread")
            .join()
            .expect("the analysis panicked")
    }
}
