//! What the fuzz targets share: the invariants every parse and analysis result must keep
//! (ranges inside the text, on character boundaries, convertible to line/column), and the
//! language features the editor asks for at a position, which must not panic either.

use speclint_analysis::{Analysis, Options};
use speclint_base::diagnostic::{Diagnostic, TextEdit};
use speclint_base::language::{Input, Language};
use speclint_base::navigation::DocumentSymbol;
use speclint_base::text::{floor_char_boundary, ColumnUnit, LineIndex, TextRange};

/// Asserts that `range` can slice `text`: ordered, in bounds, on character boundaries.
pub fn check_range(text: &str, range: TextRange, what: &str) {
    assert!(
        range.start <= range.end && range.end <= text.len(),
        "{what}: range {range:?} outside a text of {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(range.start) && text.is_char_boundary(range.end),
        "{what}: range {range:?} splits a character"
    );
}

/// Every diagnostic and fix range slices `text` (the text positions refer to), and converts
/// to the line/column positions the CLI and the LSP report.
pub fn check_diagnostics(text: &str, diagnostics: &[Diagnostic]) {
    let index = LineIndex::new(text);
    for (i, d) in diagnostics.iter().enumerate() {
        let what = format!("{} {:?}", d.rule.code, d.message);
        check_range(text, d.range, &what);
        for fix in &d.fixes {
            check_edits(text, &fix.edits, &format!("{what}: fix {:?}", fix.title));
        }
        // A conversion costs the line's length: a few suffice (thousands of errors on one
        // long line would otherwise take the fuzzer's time).
        if i >= 16 {
            continue;
        }
        let start = index.position(text, d.range.start, ColumnUnit::Utf16);
        let end = index.position(text, d.range.end, ColumnUnit::Utf16);
        assert!(
            (start.line, start.col) <= (end.line, end.col),
            "{what}: ends before it starts"
        );
    }
}

/// Edits applied together (a fix, a rename) slice the text and do not overlap (insertions at
/// one point may share it: the protocol applies them in order).
pub fn check_edits(text: &str, edits: &[TextEdit], what: &str) {
    let mut ranges: Vec<TextRange> = edits.iter().map(|e| e.range).collect();
    for range in &ranges {
        check_range(text, *range, what);
    }
    ranges.sort();
    for pair in ranges.windows(2) {
        assert!(
            pair[0].end <= pair[1].start,
            "{what}: edits {:?} and {:?} overlap",
            pair[0],
            pair[1]
        );
    }
}

fn check_symbols(text: &str, symbols: &[DocumentSymbol]) {
    for symbol in symbols {
        check_range(text, symbol.range, &format!("symbol {}", symbol.name));
        check_range(
            text,
            symbol.selection_range,
            &format!("symbol {} name", symbol.name),
        );
        check_symbols(text, &symbol.children);
    }
}

/// Runs what an editor asks for at `offset` (moved to a character boundary, as the LSP glue
/// does): hover, completion, definition, references, rename, and the outline.
pub fn exercise_features(analysis: &Analysis, text: &str, offset: usize) {
    let offset = floor_char_boundary(text, offset.min(text.len()));
    if let Some(hover) = analysis.hover(text, offset) {
        check_range(text, hover.range, "hover");
    }
    for completion in analysis.completions(text, offset) {
        check_range(text, completion.replace, "completion");
    }
    if let Some(range) = analysis.definition(text, offset) {
        check_range(text, range, "definition");
    }
    for range in analysis.references(text, offset, true) {
        check_range(text, range, "reference");
    }
    if let Some(range) = analysis.rename_target(text, offset) {
        check_range(text, range, "rename target");
        if let Ok(edits) = analysis.rename(text, offset, "renamed") {
            check_edits(text, &edits, "rename");
        }
    }
    check_symbols(text, &analysis.document_symbols(text));
}

/// The registered languages, for targets that pick one by a byte of their input.
pub fn language(choice: u8) -> &'static dyn Language {
    let all = speclint::languages::REGISTRY.languages();
    all[choice as usize % all.len()]
}

/// How many languages the registry lists.
pub fn language_count() -> usize {
    speclint::languages::REGISTRY.languages().len()
}

/// The language that reads binary modules: the one that recognises a SPIR-V header.
pub fn binary_language() -> &'static dyn Language {
    const SPIRV_HEADER: [u8; 20] = [
        0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,
    ];
    *speclint::languages::REGISTRY
        .languages()
        .iter()
        .find(|l| l.sniff_binary(&SPIRV_HEADER))
        .expect("a language reads SPIR-V binaries")
}

/// Analyses `text` as `language` with the default settings, as the language server does.
pub fn analyze(language: &'static dyn Language, text: &str) -> Analysis {
    Analysis::run(language, Input::Text(text), None, &Options::default())
}

/// What a diagnostic says, comparable: two analyses of one text must agree on all of it.
pub fn summary(diagnostics: &[Diagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| {
            format!(
                "{} {:?} {:?} {:?} {:?}",
                d.rule.code, d.severity, d.range, d.message, d.fixes
            )
        })
        .collect()
}
