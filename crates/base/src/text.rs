//! Byte offsets <-> line/column positions. The core works in byte offsets; these conversions
//! serve the CLI (1-based lines, UTF-8 columns counted in characters) and the LSP glue (0-based
//! lines, UTF-16 code units by default).
//!
//! Lines end at `\n`, `\r\n` or a lone `\r`: the three line endings of LSP 3.17, so that the
//! CLI's `file:line:col` and the positions the language server exchanges agree with every
//! client. Other Unicode line breaks (U+2028, U+2029, NEL, VT, FF) are not line endings here,
//! as in LSP.

/// A half-open byte range into a document.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TextRange {
    pub start: usize,
    pub end: usize,
}

impl TextRange {
    pub fn new(start: usize, end: usize) -> Self {
        TextRange {
            start,
            end: end.max(start),
        }
    }

    pub fn empty(at: usize) -> Self {
        TextRange { start: at, end: at }
    }

    pub fn contains_offset(&self, offset: usize) -> bool {
        self.start <= offset && offset <= self.end
    }

    pub fn intersects(&self, other: TextRange) -> bool {
        self.start <= other.end && other.start <= self.end
    }
}

/// A 0-based line and a 0-based column in the unit the caller asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

/// How columns are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnUnit {
    /// Unicode scalar values (what a person counts; used by the CLI).
    Chars,
    /// UTF-16 code units (LSP's default position encoding).
    Utf16,
    /// Bytes (LSP's `utf-8` position encoding).
    Utf8,
}

/// Line starts of a text, for offset <-> position conversion.
#[derive(Clone, Debug)]
pub struct LineIndex {
    line_starts: Vec<usize>,
    len: usize,
}

/// The offsets just after each line ending of `text` (`\n`, `\r\n` or a lone `\r`), in order.
pub fn line_ending_ends(text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    bytes
        .iter()
        .enumerate()
        .filter(move |&(i, &b)| b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')))
        .map(|(i, _)| i + 1)
}

/// The length of the line ending that ends just before `end` (0 when none does).
pub fn line_ending_before(text: &str, end: usize) -> usize {
    match text.as_bytes()[..end] {
        [.., b'\r', b'\n'] => 2,
        [.., b'\n'] | [.., b'\r'] => 1,
        _ => 0,
    }
}

/// The 1-based number of the line that holds `offset` (lines end as in `line_ending_ends`), for
/// messages and reports that name a line.
pub fn line_number(text: &str, offset: usize) -> usize {
    line_ending_ends(text)
        .take_while(|&end| end <= offset)
        .count()
        + 1
}

/// The start of the line that holds `offset`: just after the last line ending before it.
pub fn line_start_of(text: &str, offset: usize) -> usize {
    text[..offset].rfind(['\n', '\r']).map_or(0, |i| i + 1)
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(line_ending_ends(text));
        LineIndex {
            line_starts,
            len: text.len(),
        }
    }

    /// The index of `text`, which is the text this index was made from with `range` replaced
    /// by `inserted`: the line starts before the edit are kept, those after it move by the
    /// change in length, and only the edit and the byte before it are scanned again (a `\r`
    /// just before the edit may meet a `\n` it inserts). Equal to `LineIndex::new(text)`, but
    /// a copy of the starts instead of a scan of every byte: what the language server pays on
    /// each keystroke in a big file.
    pub fn edited(&self, text: &str, range: TextRange, inserted: &str) -> Self {
        let new_end = range.start + inserted.len();
        debug_assert_eq!(
            text.len() + range.end - range.start,
            self.len + inserted.len()
        );
        let kept = self
            .line_starts
            .partition_point(|&start| start < range.start);
        let after = self
            .line_starts
            .partition_point(|&start| start <= range.end);
        let mut line_starts = Vec::with_capacity(self.line_starts.len() + inserted.len());
        line_starts.extend_from_slice(&self.line_starts[..kept.max(1)]);
        // A start at `i + 1` is decided by bytes `i` and `i + 1`: those that the edit touched
        // are the ones with `i` from just before the edit to its last inserted byte.
        let rescan_from = range.start.saturating_sub(1);
        let bytes = text.as_bytes();
        for i in rescan_from..new_end.min(bytes.len()) {
            let b = bytes[i];
            if (b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')))
                && i + 1 >= range.start
                && i + 1 > line_starts[line_starts.len() - 1]
            {
                line_starts.push(i + 1);
            }
        }
        line_starts.extend(
            self.line_starts[after..]
                .iter()
                .map(|&start| start - range.end + new_end),
        );
        LineIndex {
            line_starts,
            len: text.len(),
        }
    }

    /// The number of lines (a text ending with a line ending has an empty last line).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    pub fn line_of(&self, offset: usize) -> usize {
        self.line_starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1)
    }

    pub fn line_start(&self, line: usize) -> usize {
        self.line_starts.get(line).copied().unwrap_or(self.len)
    }

    /// The byte range of a line, without its line ending.
    pub fn line_range(&self, text: &str, line: usize) -> TextRange {
        let start = self.line_start(line);
        let end = match self.line_starts.get(line + 1) {
            Some(&next) => next - line_ending_before(text, next),
            None => self.len,
        };
        TextRange::new(start, end)
    }

    pub fn position(&self, text: &str, offset: usize, unit: ColumnUnit) -> LineCol {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line_of(offset);
        // An offset between the `\r` and the `\n` of a line ending is the end of the line.
        let offset = offset.min(self.line_range(text, line).end);
        let prefix = &text[self.line_start(line)..offset];
        let col = match unit {
            ColumnUnit::Chars => prefix.chars().count(),
            ColumnUnit::Utf16 => prefix.encode_utf16().count(),
            ColumnUnit::Utf8 => prefix.len(),
        };
        LineCol {
            line: line as u32,
            col: col as u32,
        }
    }

    /// The byte offset of a position; columns past the end of the line clamp to its end.
    pub fn offset(&self, text: &str, pos: LineCol, unit: ColumnUnit) -> usize {
        let line = pos.line as usize;
        if line >= self.line_starts.len() {
            return text.len();
        }
        let range = self.line_range(text, line);
        let line_text = &text[range.start..range.end];
        let mut remaining = pos.col as usize;
        for (i, c) in line_text.char_indices() {
            let width = match unit {
                ColumnUnit::Chars => 1,
                ColumnUnit::Utf16 => c.len_utf16(),
                ColumnUnit::Utf8 => c.len_utf8(),
            };
            if remaining < width {
                return range.start + i;
            }
            remaining -= width;
        }
        range.end
    }
}

pub fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The Levenshtein distance between two names (in characters), for "did you mean" suggestions.
pub fn edit_distance(a: &str, b: &str) -> usize {
    edit_distance_within(a, b, usize::MAX).unwrap_or(usize::MAX)
}

/// The edit distance if it is at most `limit`: the rows of the table never decrease in their
/// minimum, so a row whose minimum is past `limit` ends the work.
fn edit_distance_within(a: &str, b: &str, limit: usize) -> Option<usize> {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        let mut smallest = row[0];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != *cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
            smallest = smallest.min(row[j + 1]);
        }
        if smallest > limit {
            return None;
        }
    }
    Some(row[b.len()]).filter(|&d| d <= limit)
}

/// Up to three `names` within `max_distance(name)` edits of `unknown`, closest first.
pub fn closest<'n>(
    unknown: &str,
    names: impl IntoIterator<Item = &'n str>,
    max_distance: impl Fn(&str) -> usize,
) -> Vec<&'n str> {
    // The length difference bounds the distance from below: names it rules out are not scored
    // (a long unknown word against every name would cost its length times theirs).
    let unknown_len = unknown.chars().count();
    let mut scored: Vec<(usize, &str)> = names
        .into_iter()
        .filter_map(|name| {
            let limit = max_distance(name);
            if name.chars().count().abs_diff(unknown_len) > limit {
                return None;
            }
            edit_distance_within(unknown, name, limit).map(|d| (d, name))
        })
        .collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, name)| name).collect()
}

/// "`a`, `b`, `c`": names in backquotes, comma-separated.
pub fn quoted_list<'n>(names: impl IntoIterator<Item = &'n str>) -> String {
    names
        .into_iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `; did you mean `a` or `b`?`, or nothing when there is no suggestion.
pub fn did_you_mean(suggestions: &[&str]) -> String {
    if suggestions.is_empty() {
        return String::new();
    }
    let quoted: Vec<String> = suggestions.iter().map(|s| format!("`{s}`")).collect();
    format!("; did you mean {}?", quoted.join(" or "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random edits of texts full of `\r`, `\n` and `\r\n` (and multi-byte characters):
    /// the edited index equals one made from scratch, at every position of the edit.
    #[test]
    fn an_edited_index_equals_a_new_one() {
        let pieces = ["\r", "\n", "\r\n", "a", "\u{e9}", "bc\nd", "\n\r", ""];
        let mut seed = 7u64;
        let mut next = |below: usize| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            ((seed >> 33) as usize) % below.max(1)
        };
        let mut text = String::from("ab\r\ncd\ne\rf\u{e9}\n\n");
        let mut index = LineIndex::new(&text);
        for round in 0..3000 {
            let start = floor_char_boundary(&text, next(text.len() + 1));
            let end = floor_char_boundary(&text, (start + next(4)).min(text.len()));
            let inserted: String = (0..next(3)).map(|_| pieces[next(pieces.len())]).collect();
            let mut edited = text.clone();
            edited.replace_range(start..end, &inserted);
            if edited.len() > 200 {
                edited.truncate(floor_char_boundary(&edited, 100));
                index = LineIndex::new(&edited);
            } else {
                index = index.edited(&edited, TextRange::new(start, end), &inserted);
            }
            let fresh = LineIndex::new(&edited);
            assert_eq!(
                (&index.line_starts, index.len),
                (&fresh.line_starts, fresh.len),
                "round {round}: {text:?} -> {edited:?}"
            );
            text = edited;
        }
    }

    #[test]
    fn line_numbers_count_every_line_ending_as_the_line_index_does() {
        let text = "a\nb\r\nc\rd\u{e9}e";
        let index = LineIndex::new(text);
        for offset in 0..=text.len() {
            let offset = floor_char_boundary(text, offset);
            assert_eq!(
                line_number(text, offset),
                index.line_of(offset) + 1,
                "{offset}"
            );
        }
        assert_eq!(line_number(text, text.len()), 4);
        assert_eq!(line_number(text, 999), 4);
        assert_eq!(line_number("", 0), 1);
    }

    #[test]
    fn closest_names_and_the_suggestion_text() {
        let names = ["addf", "addi", "subf", "mulf", "exp"];
        assert_eq!(closest("adf", names, |_| 2), ["addf", "addi"]);
        assert_eq!(closest("adf", names, |_| 1), ["addf"]);
        assert_eq!(
            did_you_mean(&["addf", "addi"]),
            "; did you mean `addf` or `addi`?"
        );
        assert_eq!(did_you_mean(&[]), "");
    }

    #[test]
    fn a_line_starts_after_any_line_ending() {
        let text = "a\rb\r\nc\nd";
        for (name, start) in [("a", 0), ("b", 2), ("c", 5), ("d", 7)] {
            let at = text.find(name).unwrap();
            assert_eq!(line_start_of(text, at + 1), start, "{name}");
        }
    }

    #[test]
    fn closest_cuts_work_short_without_changing_the_answer() {
        let names = ["a", "ab", "abc", "abcd", "abcdé", "bcdef", "xyzzy", "é", ""];
        for unknown in ["", "a", "abd", "abcdef", "éé", "abcdéf", &"a".repeat(50)] {
            for limit in 0..4 {
                let mut brute: Vec<(usize, &str)> = names
                    .iter()
                    .map(|n| (edit_distance(unknown, n), *n))
                    .filter(|&(d, _)| d <= limit)
                    .collect();
                brute.sort();
                let brute: Vec<&str> = brute.into_iter().take(3).map(|(_, n)| n).collect();
                assert_eq!(
                    closest(unknown, names, |_| limit),
                    brute,
                    "{unknown:?} {limit}"
                );
            }
        }
    }

    #[test]
    fn utf16_columns_count_surrogate_pairs() {
        let text = "a\n// 😀 x\n";
        let index = LineIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(
            index.position(text, x, ColumnUnit::Utf16),
            LineCol { line: 1, col: 6 }
        );
        assert_eq!(
            index.position(text, x, ColumnUnit::Chars),
            LineCol { line: 1, col: 5 }
        );
        assert_eq!(
            index.offset(text, LineCol { line: 1, col: 6 }, ColumnUnit::Utf16),
            x
        );
    }

    #[test]
    fn offsets_past_the_line_end_clamp() {
        let text = "ab\r\ncd";
        let index = LineIndex::new(text);
        assert_eq!(
            index.offset(text, LineCol { line: 0, col: 99 }, ColumnUnit::Utf16),
            2
        );
        assert_eq!(
            index.offset(text, LineCol { line: 7, col: 0 }, ColumnUnit::Utf16),
            text.len()
        );
        assert_eq!(index.line_of(4), 1);
    }

    /// (line, column) of every offset of `text`, in characters.
    fn positions(text: &str) -> Vec<(u32, u32)> {
        let index = LineIndex::new(text);
        (0..=text.len())
            .filter(|&o| text.is_char_boundary(o))
            .map(|o| {
                let p = index.position(text, o, ColumnUnit::Chars);
                (p.line, p.col)
            })
            .collect()
    }

    #[test]
    fn lf_crlf_and_a_lone_cr_end_lines_as_in_lsp() {
        let text = "a\nb\r\nc\rd";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 4);
        let lines: Vec<&str> = (0..4)
            .map(|l| {
                let r = index.line_range(text, l);
                &text[r.start..r.end]
            })
            .collect();
        assert_eq!(lines, ["a", "b", "c", "d"]);
        assert_eq!(
            positions(text),
            [
                (0, 0),
                (0, 1),
                (1, 0),
                (1, 1),
                (1, 1),
                (2, 0),
                (2, 1),
                (3, 0),
                (3, 1)
            ]
        );
        let d = text.find('d').unwrap();
        assert_eq!(
            index.offset(text, LineCol { line: 3, col: 0 }, ColumnUnit::Utf16),
            d
        );
        // A column past the end stops before the line ending, whichever it is.
        for (line, end) in [(0, 1), (1, 3), (2, 6)] {
            assert_eq!(
                index.offset(text, LineCol { line, col: 9 }, ColumnUnit::Utf16),
                end
            );
        }
    }

    #[test]
    fn a_cr_at_the_end_and_consecutive_endings() {
        assert_eq!(LineIndex::new("a\r").line_count(), 2);
        assert_eq!(LineIndex::new("\r\r\n\n\r").line_count(), 5);
        assert_eq!(
            positions("\r\r\n\n"),
            [(0, 0), (1, 0), (1, 0), (2, 0), (3, 0)]
        );
        assert_eq!(LineIndex::new("").line_count(), 1);
    }

    #[test]
    fn other_unicode_line_breaks_are_not_line_endings() {
        // LS, PS, NEL, VT and FF are ordinary characters in LSP positions.
        let text = "a\u{2028}b\u{2029}c\u{85}d\u{b}e\u{c}f\ng";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 2);
        let f = text.find('f').unwrap();
        assert_eq!(
            index.position(text, f, ColumnUnit::Utf16),
            LineCol { line: 0, col: 10 }
        );
    }
}
