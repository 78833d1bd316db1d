//! C++ string literals decoded into the PTX text they hold, with the source span of every
//! byte: adjacent literals are concatenated, escapes decoded and raw strings taken as they are,
//! so a finding in the PTX maps back to the characters that wrote it.

use crate::string_macros::Part;
use speclint_base::text::TextRange;

/// The text of a template's literals and where each of its bytes came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    /// For each byte of `text`, the source range that wrote it (an escape's whole range).
    pub spans: Vec<TextRange>,
    /// Pieces of the template that are not literals (a macro name, `#x`, `#if`): the byte of
    /// `text` they stood before, and their source range.
    pub gaps: Vec<(usize, TextRange)>,
}

impl Decoded {
    fn push(&mut self, c: char, span: TextRange) {
        let mut buffer = [0; 4];
        for _ in c.encode_utf8(&mut buffer).bytes() {
            self.spans.push(span);
        }
        self.text.push(c);
    }

    /// A piece that is not a literal, at the current end of the text.
    pub fn gap(&mut self, source: TextRange) {
        self.gaps.push((self.text.len(), source));
    }

    /// Appends a literal or a stringized argument of a macro's expansion: its bytes are
    /// written by the macro's use at `site`, as a compiler reports them, which keeps the spans
    /// in source order.
    pub fn expanded(&mut self, source: &str, part: &Part, site: TextRange) {
        let from = self.text.len();
        match part {
            Part::Literal(range) => self.literal(source, *range),
            Part::Spelled(text) => text.chars().for_each(|c| self.push(c, site)),
        }
        for span in &mut self.spans[from..] {
            *span = site;
        }
        for gap in &mut self.gaps[..] {
            if gap.0 >= from {
                gap.1 = site;
            }
        }
    }

    /// The source range of `range` of the text: from its first byte's span to its last's.
    #[cfg(test)]
    pub fn source_range(&self, range: TextRange) -> Option<TextRange> {
        let first = self.spans.get(range.start)?;
        if range.end <= range.start {
            return Some(TextRange::empty(first.start));
        }
        let last = self.spans.get(range.end - 1)?;
        Some(TextRange::new(first.start, last.end))
    }

    /// Appends the literal at `range` of `source`: a string literal with escapes (and any
    /// `L`/`u`/`U`/`u8` prefix) or a raw string `R"delim(...)delim"`. Text that is neither is
    /// recorded as a gap.
    pub fn literal(&mut self, source: &str, range: TextRange) {
        let Some(literal) = source.get(range.start..range.end) else {
            self.gap(range);
            return;
        };
        let Some(quote) = literal.find('"') else {
            self.gap(range);
            return;
        };
        let prefix = &literal[..quote];
        if prefix.ends_with('R') {
            self.raw(literal, range.start, quote);
        } else {
            self.escaped(literal, range.start, quote);
        }
    }

    fn raw(&mut self, literal: &str, base: usize, quote: usize) {
        let after_quote = &literal[quote + 1..];
        let (Some(open), true) = (after_quote.find('('), literal.len() > quote + 1) else {
            self.gap(TextRange::new(base, base + literal.len()));
            return;
        };
        let delimiter = &after_quote[..open];
        let closing = format!("){delimiter}\"");
        let content_start = quote + 1 + open + 1;
        let content_end =
            if literal.ends_with(&closing) && literal.len() >= content_start + closing.len() {
                literal.len() - closing.len()
            } else {
                literal.len()
            };
        for (offset, c) in literal[content_start..content_end].char_indices() {
            let at = base + content_start + offset;
            self.push(c, TextRange::new(at, at + c.len_utf8()));
        }
    }

    fn escaped(&mut self, literal: &str, base: usize, quote: usize) {
        let body_end = if literal.len() > quote + 1 && literal.ends_with('"') {
            literal.len() - 1
        } else {
            literal.len()
        };
        let body = &literal[..body_end];
        let mut chars = body
            .char_indices()
            .skip_while(|&(i, _)| i <= quote)
            .peekable();
        while let Some((at, c)) = chars.next() {
            if c != '\\' {
                self.push(c, TextRange::new(base + at, base + at + c.len_utf8()));
                continue;
            }
            let Some(&(_, escape)) = chars.peek() else {
                self.push('\\', TextRange::new(base + at, base + at + 1));
                break;
            };
            chars.next();
            let mut end = at + 1 + escape.len_utf8();
            let decoded = match escape {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                'a' => '\u{7}',
                'b' => '\u{8}',
                'f' => '\u{c}',
                'v' => '\u{b}',
                '0'..='7' => {
                    let mut value = escape.to_digit(8).unwrap_or(0);
                    for _ in 0..2 {
                        match chars.peek() {
                            Some(&(_, d @ '0'..='7')) => {
                                value = value * 8 + d.to_digit(8).unwrap_or(0);
                                end += 1;
                                chars.next();
                            }
                            _ => break,
                        }
                    }
                    byte_char(value)
                }
                'x' => {
                    let mut value: u32 = 0;
                    while let Some(&(_, d)) = chars.peek() {
                        let Some(digit) = d.to_digit(16) else { break };
                        value = value.saturating_mul(16).saturating_add(digit);
                        end += 1;
                        chars.next();
                    }
                    byte_char(value)
                }
                'u' | 'U' => {
                    let digits = if escape == 'u' { 4 } else { 8 };
                    let mut value: u32 = 0;
                    for _ in 0..digits {
                        match chars.peek() {
                            Some(&(_, d)) if d.is_ascii_hexdigit() => {
                                value = value * 16 + d.to_digit(16).unwrap_or(0);
                                end += 1;
                                chars.next();
                            }
                            _ => break,
                        }
                    }
                    char::from_u32(value).unwrap_or('?')
                }
                // `\\`, `\"`, `\'`, `\?` and escapes C++ does not define stand for the character.
                other => other,
            };
            self.push(decoded, TextRange::new(base + at, base + end));
        }
    }
}

/// The character an octal or hex escape's byte value stands for; PTX is ASCII, so a byte
/// above 127 (which alone is no UTF-8) becomes `?`.
fn byte_char(value: u32) -> char {
    if value < 128 {
        char::from_u32(value).unwrap_or('?')
    } else {
        '?'
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes each literal `"…"` or `R"(…)"` found in `source` at the given ranges.
    fn decode(source: &str, ranges: &[(usize, usize)]) -> Decoded {
        let mut decoded = Decoded::default();
        for &(start, end) in ranges {
            decoded.literal(source, TextRange::new(start, end));
        }
        decoded
    }

    fn whole(source: &str) -> Decoded {
        decode(source, &[(0, source.len())])
    }

    /// Where the first `needle` of the decoded text came from, as source text.
    fn source_of<'s>(source: &'s str, decoded: &Decoded, needle: &str) -> &'s str {
        let at = decoded
            .text
            .find(needle)
            .expect("needle in the decoded text");
        let range = decoded
            .source_range(TextRange::new(at, at + needle.len()))
            .unwrap();
        &source[range.start..range.end]
    }

    #[test]
    fn escapes_decode_to_their_characters() {
        let source = r#""a\n\tb\"c\\d\101\x42\u0043\?""#;
        assert_eq!(whole(source).text, "a\n\tb\"c\\dABC?");
    }

    #[test]
    fn an_escape_maps_to_its_whole_spelling() {
        let source = r#""mov.u32\n\tadd.u32 %r1;""#;
        let decoded = whole(source);
        assert_eq!(source_of(source, &decoded, "\n\t"), r"\n\t");
        // The opcode after the escapes starts at its own column.
        assert_eq!(source_of(source, &decoded, "add.u32"), "add.u32");
        let at = decoded.text.find("add").unwrap();
        assert_eq!(decoded.spans[at].start, source.find("add").unwrap());
    }

    #[test]
    fn adjacent_literals_concatenate_and_map_into_the_second() {
        let source = "\"ld.global.u32 %0, [%1];\\n\"\n    \"add.u32 %0, %0, 1;\"";
        let split = source.find('\n').unwrap();
        let decoded = decode(source, &[(0, split), (split + 5, source.len())]);
        assert_eq!(decoded.text, "ld.global.u32 %0, [%1];\nadd.u32 %0, %0, 1;");
        let at = decoded.text.find("add").unwrap();
        assert_eq!(decoded.spans[at].start, source.find("add").unwrap());
        // A range over both literals covers the text between them.
        assert_eq!(source_of(source, &decoded, "];\nadd"), "];\\n\"\n    \"add");
    }

    #[test]
    fn raw_strings_keep_their_text_and_columns() {
        let source = "R\"PTX(\n  mov.u32 %0, %%tid.x; // \"quoted\"\n)PTX\"";
        let decoded = whole(source);
        assert_eq!(decoded.text, "\n  mov.u32 %0, %%tid.x; // \"quoted\"\n");
        let at = decoded.text.find("%%tid").unwrap();
        assert_eq!(decoded.spans[at].start, source.find("%%tid").unwrap());
        let plain = whole("R\"(abc)\"");
        assert_eq!(plain.text, "abc");
    }

    #[test]
    fn prefixes_and_multibyte_text_map_byte_for_byte() {
        let source = "u8\"é;x\"";
        let decoded = whole(source);
        assert_eq!(decoded.text, "é;x");
        assert_eq!(decoded.spans.len(), decoded.text.len());
        let at = decoded.text.find('x').unwrap();
        assert_eq!(decoded.spans[at].start, source.find('x').unwrap());
    }

    #[test]
    fn unfinished_literals_decode_without_panicking() {
        for source in [
            "\"", "\"\\", "\"\\x", "\"\\u12", "R\"", "R\"abc", "R\"(x", "x",
        ] {
            let decoded = whole(source);
            assert_eq!(decoded.spans.len(), decoded.text.len(), "{source}");
        }
        assert_eq!(whole("x").gaps.len(), 1);
    }
}
