//! For the languages' tests: nesting at and past the limit, on the stack the language server
//! gives an analysis.

use speclint_analysis::{Analysis, Options};
use speclint_base::language::{Input, Language};
use speclint_base::text::TextRange;

/// The stack of a tokio blocking thread, where the language server runs analyses and
/// queries (and of the scoped threads of a parallel check).
const SERVER_STACK: usize = 2 << 20;

/// Analyses `text` as `language` and asks every query at each of
/// `offsets`, on a thread with the language server's stack; returns each diagnostic's code
/// and range. A stack overflow aborts the test run.
pub fn check_on_server_stack(
    language: &'static dyn Language,
    text: String,
    offsets: Vec<usize>,
) -> Vec<(&'static str, TextRange)> {
    std::thread::Builder::new()
        .stack_size(SERVER_STACK)
        .spawn(move || {
            let analysis = Analysis::run(language, Input::Text(&text), None, &Options::default());
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
