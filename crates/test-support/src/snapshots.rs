//! Snapshot tests shared by the languages: fixtures mark the cursor with `$0`; the expected
//! result (its range and text) is in the `.expected.md` beside each fixture. The files are
//! compared by `expect-test`: `UPDATE_EXPECT=1` rewrites those that differ.

use expect_test::{expect_file, ExpectFile};
use speclint_base::ide::Hover;
use speclint_base::text::{ColumnUnit, LineIndex};
use std::panic::{catch_unwind, AssertUnwindSafe};
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

/// The snapshot file at `path`; a relative path is taken from the current directory (as
/// `std::fs` does), not from the source file that names it (as `expect_file!` would).
pub fn snapshot_file(path: &Path) -> ExpectFile {
    expect_file![std::path::absolute(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))]
}

/// Whether `actual` is what `expected` holds. When it is not, expect-test has printed the diff,
/// or under `UPDATE_EXPECT=1` rewritten the file (and the answer is `true`). Unlike
/// `ExpectFile::assert_eq` it does not stop the test, so a suite can compare every file and
/// report all mismatches together.
pub fn matches_snapshot(expected: &ExpectFile, actual: &str) -> bool {
    catch_unwind(AssertUnwindSafe(|| expected.assert_eq(actual))).is_ok()
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
    let failures: Vec<String> = fixtures
        .iter()
        .filter(|fixture| {
            let actual = render(&std::fs::read_to_string(fixture).unwrap());
            !matches_snapshot(
                &snapshot_file(&fixture.with_extension("expected.md")),
                &actual,
            )
        })
        .map(|fixture| fixture.display().to_string())
        .collect();
    assert!(
        failures.is_empty(),
        "{} snapshot(s) differ, each diff is printed above (UPDATE_EXPECT=1 rewrites them after \
         review): {}",
        failures.len(),
        failures.join(", ")
    );
}
