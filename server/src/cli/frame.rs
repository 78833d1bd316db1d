//! The code frame under a finding in the text output: the line, and carets under the range.
//! A long line (minified or generated code) is cut to a window around the carets, marked with
//! `...`, as rustc and ruff do, so one 9 MB line does not print 9 MB per finding.

use speclint_base::text::{LineIndex, TextRange};
use std::io::{self, Write};

/// The most characters of a line a frame shows.
const MAX_COLUMNS: usize = 160;
/// How many characters before the carets a cut line keeps.
const CONTEXT_BEFORE: usize = 60;
const ELLIPSIS: &str = "...";

pub struct Style {
    pub color: bool,
}

impl Style {
    pub fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// Tabs are shown as four spaces.
fn expand_tabs(text: &str) -> String {
    text.replace('\t', "    ")
}

fn display_width(text: &str) -> usize {
    text.chars().map(|c| if c == '\t' { 4 } else { 1 }).sum()
}

/// The characters `first..last` of `text` (by character, not byte).
fn char_slice(text: &str, first: usize, last: usize) -> &str {
    let byte = |n: usize| text.char_indices().nth(n).map_or(text.len(), |(i, _)| i);
    let start = byte(first);
    let end = start
        + text[start..]
            .char_indices()
            .nth(last - first)
            .map_or(text.len() - start, |(i, _)| i);
    &text[start..end]
}

pub fn write_frame(
    out: &mut impl Write,
    style: &Style,
    text: &str,
    index: &LineIndex,
    range: TextRange,
    line_no: u32,
    color: &str,
) -> io::Result<()> {
    let line = line_no as usize - 1;
    let line_range = index.line_range(text, line);
    let line_text = &text[line_range.start..line_range.end];
    let gutter = line_no.to_string().len();
    let range_start = range.start.clamp(line_range.start, line_range.end);
    let range_end = range.end.clamp(range_start, line_range.end);
    let start_col = text[line_range.start..range_start].chars().count();
    let width = text[range_start..range_end].chars().count().max(1);
    let total = line_text.chars().count();

    // The window of the line shown: all of it, or MAX_COLUMNS characters around the carets.
    let (first, last) = if total <= MAX_COLUMNS {
        (0, total)
    } else {
        let first = if start_col + width.min(MAX_COLUMNS - CONTEXT_BEFORE) <= MAX_COLUMNS {
            0
        } else {
            (start_col - CONTEXT_BEFORE).min(total - MAX_COLUMNS)
        };
        (first, (first + MAX_COLUMNS).min(total))
    };
    let before = if first > 0 { ELLIPSIS } else { "" };
    let after = if last < total { ELLIPSIS } else { "" };
    let shown = char_slice(line_text, first, last);
    let pad = before.len() + display_width(char_slice(line_text, first, start_col));
    let carets = width.min(last.saturating_sub(start_col)).max(1);

    writeln!(out, "{:>gutter$} {}", "", style.paint("34", "|"))?;
    writeln!(
        out,
        "{} {} {before}{}{after}",
        style.paint("34", &format!("{line_no:>gutter$}")),
        style.paint("34", "|"),
        expand_tabs(shown),
    )?;
    writeln!(
        out,
        "{:>gutter$} {} {}{}",
        "",
        style.paint("34", "|"),
        " ".repeat(pad),
        style.paint(color, &"^".repeat(carets))
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(text: &str, range: TextRange) -> String {
        let index = LineIndex::new(text);
        let mut out = Vec::new();
        let style = Style { color: false };
        write_frame(&mut out, &style, text, &index, range, 1, "").unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The shown line and the caret line, with the caret column in the shown line.
    fn shown(frame: &str) -> (String, String) {
        let lines: Vec<&str> = frame.lines().collect();
        (lines[1][4..].to_string(), lines[2][4..].to_string())
    }

    #[test]
    fn short_lines_are_shown_whole() {
        let (line, carets) = shown(&frame("\tadd x;", TextRange::new(5, 6)));
        assert_eq!(line, "    add x;");
        assert_eq!(carets, "        ^");
    }

    #[test]
    fn long_lines_are_cut_around_the_carets() {
        let text = format!("{}BAD{}", "a".repeat(5_000), "z".repeat(5_000));
        let (line, carets) = shown(&frame(&text, TextRange::new(5_000, 5_003)));
        assert!(line.starts_with("...a") && line.ends_with("z..."), "{line}");
        assert_eq!(line.len(), MAX_COLUMNS + 2 * ELLIPSIS.len());
        let column = carets.find('^').unwrap();
        assert_eq!(&line[column..column + 3], "BAD");
        assert_eq!(carets.trim(), "^^^");
        // Near the start: no leading cut; at the very end: no trailing cut.
        let (line, carets) = shown(&frame(&text, TextRange::new(3, 4)));
        assert!(line.starts_with("aaa") && line.ends_with("..."));
        assert_eq!(carets.find('^'), Some(3));
        let end = text.len();
        let (line, carets) = shown(&frame(&text, TextRange::new(end, end)));
        assert!(line.starts_with("...") && line.ends_with('z'), "{line}");
        assert_eq!(carets.find('^'), Some(line.len()));
    }

    #[test]
    fn a_long_range_is_cut_with_the_line() {
        let text = "x".repeat(1_000);
        let (line, carets) = shown(&frame(&text, TextRange::new(10, 900)));
        assert!(line.ends_with("..."));
        assert_eq!(carets.trim().len(), MAX_COLUMNS - 10);
    }
}
