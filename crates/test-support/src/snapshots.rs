//! Snapshot tests shared by the languages: fixtures mark the cursor with `$0`; the expected
//! result (its range and text) is in the `.expected.md` beside each fixture.
//! `UPDATE_EXPECT=1` rewrites them.

use speclint_base::ide::Hover;
use speclint_base::text::{ColumnUnit, LineIndex};
use std::path::{Path, PathBuf};

/// Renders the hover at the fixture's `$0` marker: `hover(text, offset)`.
pub fn render_hover(source: &str, hover: impl Fn(&str, usize) -> Option<Hover>) -> String {
    let offset = source.find("$0").expect("fixture needs a $0 cursor marker");
    let text = source.replacen("$0", "", 1);
    match hover(&text, offset) {
        None => "no hover\n".to_string(),
        Some(hover) => {
            let index = LineIndex::new(&text);
            let start = index.position(&text, hover.range.start, ColumnUnit::Chars);
            let end = index.position(&text, hover.range.end, ColumnUnit::Chars);
            format!(
                "range: {}:{}-{}:{} `{}`\n\n{}\n",
                start.line + 1,
                start.col + 1,
                end.line + 1,
                end.col + 1,
                &text[hover.range.start..hover.range.end],
                hover.markdown
            )
        }
    }
}

/// Asks for a hover at every character position of `text`: none may panic, and one that
/// answers covers the position it was asked about and says something. Returns how many
/// positions were asked.
pub fn hovers_cover_their_positions(
    name: &str,
    text: &str,
    hover: impl Fn(usize) -> Option<Hover>,
) -> usize {
    let mut asked = 0;
    for (offset, _) in text.char_indices() {
        asked += 1;
        if let Some(hover) = hover(offset) {
            assert!(
                hover.range.contains_offset(offset),
                "{name}: the hover at {offset} covers {:?}",
                hover.range
            );
            assert!(
                !hover.markdown.is_empty(),
                "{name}: an empty hover at {offset}"
            );
        }
    }
    asked
}

/// Compares `render(fixture text)` with each fixture's `.expected.md` for every file with
/// `extension` in `dir` (at least `minimum` of them).
pub fn check_snapshots(
    dir: &Path,
    extension: &str,
    minimum: usize,
    render: impl Fn(&str) -> String,
) {
    let mut fixtures: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    fixtures.sort();
    assert!(
        fixtures.len() >= minimum,
        "fixtures are missing in {}",
        dir.display()
    );
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for fixture in fixtures {
        let actual = render(&std::fs::read_to_string(&fixture).unwrap());
        let expected_path = fixture.with_extension("expected.md");
        if update {
            std::fs::write(&expected_path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!(
                "== {}\n--- expected\n{expected}\n--- actual\n{actual}",
                fixture.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} snapshot(s) differ (UPDATE_EXPECT=1 rewrites them after review):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
