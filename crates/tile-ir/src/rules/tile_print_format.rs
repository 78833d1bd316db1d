//! TILE018 `tile-print-format`: `print_tko`'s format string against its operands. Each
//! C-printf conversion takes one operand, `%%` none. What counts as a conversion follows
//! NVIDIA's verifier (tileiras 13.5): flags, a width and a precision (digits or `*`, which takes
//! no operand of its own), a length modifier, then one of the conversion characters below.

use crate::bind::Bound;
use crate::checker::Checker;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    TILE_PRINT_FORMAT = "TILE018" "tile-print-format" Error fix=false {
        summary: "A print format string does not match its operands",
        explanation: "`print_tko` formats its operands as C's printf does: each conversion takes the next operand and `%%` prints a percent sign. A conversion is `%`, optional flags (`-+ #0`), width and precision (digits or `*`, which NVIDIA's verifier counts as no operand of its own), a length (`hh h l ll L z j t`) and one of `d i u o x X e E f F g G a A c s p n`. A `%` with no conversion character before the end of the string, an unknown conversion character (`%q`, `%5%`), more conversions than operands, or operands left over are errors; the diagnostic points at the conversion in the string (MLIR escapes such as `\\0A` are read as one character).",
        example: "print_tko \"x=%d y=%d\", %x : tile<i32> -> token   // TILE018: two conversions, one operand",
    }
}

/// The characters that end a conversion.
const CONVERSIONS: &str = "diouxXeEfFgGaAcspn";
const FLAGS: &str = "-+ #0";
const LENGTHS: [&str; 8] = ["hh", "ll", "h", "l", "L", "z", "j", "t"];

/// Byte offsets into the string literal as written (quotes included), so that a diagnostic
/// points at the characters in the source even after MLIR escapes such as `\0A`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

#[derive(Debug, PartialEq, Eq)]
pub enum FormatError {
    /// A `%` with flags, width, precision or length but no conversion character before the end.
    Unterminated(Span),
    /// A `%…` ending in a character that is not a conversion; the span is that character.
    Unknown(Span, char),
}

/// The characters of a string literal with MLIR's escapes decoded (`\"`, `\\`, `\n`, `\t`,
/// `\` and two hex digits), each with where it is written.
fn decode(literal: &str) -> Vec<(char, Span)> {
    let inner_start = usize::from(literal.starts_with('"'));
    let inner_end = if literal.len() > inner_start && literal.ends_with('"') {
        literal.len() - 1
    } else {
        literal.len()
    };
    let inner = &literal[inner_start..inner_end];
    let mut out = Vec::new();
    let mut chars = inner.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let start = inner_start + at;
        if c != '\\' {
            out.push((
                c,
                Span {
                    start,
                    end: start + c.len_utf8(),
                },
            ));
            continue;
        }
        let rest = &inner[at + 1..];
        let (decoded, len) = match rest.chars().next() {
            Some('n') => ('\n', 1),
            Some('t') => ('\t', 1),
            Some(q @ ('"' | '\\')) => (q, 1),
            _ => match rest.get(..2).and_then(|h| u8::from_str_radix(h, 16).ok()) {
                Some(byte) => (char::from(byte), 2),
                None => ('\\', 0),
            },
        };
        for _ in 0..len {
            chars.next();
        }
        out.push((
            decoded,
            Span {
                start,
                end: start + 1 + len,
            },
        ));
    }
    out
}

/// The conversions of a format string literal (as written, with its quotes), in order.
pub fn conversions(literal: &str) -> Result<Vec<Span>, FormatError> {
    let chars = decode(literal);
    let is = |j: usize, set: &str| chars.get(j).is_some_and(|&(c, _)| set.contains(c));
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].0 != '%' {
            i += 1;
            continue;
        }
        let start = chars[i].1.start;
        let mut j = i + 1;
        if is(j, "%") {
            i = j + 1;
            continue;
        }
        while is(j, FLAGS) {
            j += 1;
        }
        while is(j, "0123456789*") {
            j += 1;
        }
        if is(j, ".") {
            j += 1;
            while is(j, "0123456789*") {
                j += 1;
            }
        }
        if let Some(length) = LENGTHS.iter().find(|l| {
            l.chars()
                .enumerate()
                .all(|(k, c)| chars.get(j + k).is_some_and(|&(d, _)| d == c))
        }) {
            j += length.len();
        }
        let Some(&(c, span)) = chars.get(j) else {
            let end = chars.last().map_or(start + 1, |&(_, s)| s.end);
            return Err(FormatError::Unterminated(Span { start, end }));
        };
        if !CONVERSIONS.contains(c) {
            return Err(FormatError::Unknown(span, c));
        }
        found.push(Span {
            start,
            end: span.end,
        });
        i = j + 1;
    }
    Ok(found)
}

impl Checker<'_> {
    /// TILE018: the format string's conversions against the `args` operands.
    pub(crate) fn print_format(&mut self, bound: &Bound) {
        let Some(format) = bound.attrs.get("str") else {
            return;
        };
        let base = format.range.start;
        let literal = &self.source[base..format.range.end];
        let at = |span: Span| TextRange::new(base + span.start, base + span.end);
        let spans = match conversions(literal) {
            Ok(spans) => spans,
            Err(FormatError::Unterminated(span)) => {
                self.report(
                    &TILE_PRINT_FORMAT,
                    at(span),
                    format!(
                        "unterminated format expression `{}`: a `%` needs a conversion character such as `d` or `f` (write `%%` for a percent sign)",
                        &literal[span.start..span.end]
                    ),
                );
                return;
            }
            Err(FormatError::Unknown(span, c)) => {
                self.report(
                    &TILE_PRINT_FORMAT,
                    at(span),
                    format!(
                        "`{c}` is not a printf conversion; use one of d i u o x X e E f F g G a A c s p n (`%%` prints a percent sign)"
                    ),
                );
                return;
            }
        };
        let args = bound.operands.get("args").map_or(&[][..], Vec::as_slice);
        let counts = format!(
            "the format has {} conversion(s) and {} operand(s) are given",
            spans.len(),
            args.len()
        );
        if let Some(&span) = spans.get(args.len()) {
            self.report(
                &TILE_PRINT_FORMAT,
                at(span),
                format!(
                    "`{}` has no operand to print: {counts}",
                    &literal[span.start..span.end]
                ),
            );
        } else if let Some(&extra) = args.get(spans.len()) {
            let name = self.file.text(self.source, extra).to_string();
            self.report(
                &TILE_PRINT_FORMAT,
                self.file.range(extra),
                format!("`{name}` is not printed: {counts}; add a conversion such as `%f` for it"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(literal: &str) -> usize {
        conversions(literal).unwrap().len()
    }

    #[test]
    fn counts_conversions_with_flags_width_precision_and_length() {
        assert_eq!(count(r#""plain text""#), 0);
        assert_eq!(count(r#""%d %f\0A""#), 2);
        assert_eq!(count(r#""%+08.3f|%-5d|%#x|% i|%lld|%hhu|%zd|%Lf|%.*e""#), 9);
        assert_eq!(count(r#""%*d""#), 1);
    }

    #[test]
    fn a_double_percent_is_literal() {
        assert_eq!(count(r#""100%% done""#), 0);
        assert_eq!(count(r#""%%%d%%""#), 1);
    }

    #[test]
    fn spans_point_into_the_literal_as_written() {
        // `\0A` is three characters in the source, one in the string.
        let literal = r#""a\0A%5.2f""#;
        let spans = conversions(literal).unwrap();
        assert_eq!(&literal[spans[0].start..spans[0].end], "%5.2f");
    }

    #[test]
    fn a_percent_at_the_end_is_unterminated() {
        let literal = r#""x = %""#;
        let Err(FormatError::Unterminated(span)) = conversions(literal) else {
            panic!("expected an unterminated conversion");
        };
        assert_eq!(&literal[span.start..span.end], "%");
        let literal = r#""x = %08l""#;
        let Err(FormatError::Unterminated(span)) = conversions(literal) else {
            panic!("expected an unterminated conversion");
        };
        assert_eq!(&literal[span.start..span.end], "%08l");
    }

    #[test]
    fn an_unknown_conversion_character_is_named() {
        let literal = r#""%5q""#;
        let Err(FormatError::Unknown(span, c)) = conversions(literal) else {
            panic!("expected an unknown conversion");
        };
        assert_eq!((c, &literal[span.start..span.end]), ('q', "q"));
        // `%` after a width is not `%%`.
        assert!(matches!(
            conversions(r#""%5%""#),
            Err(FormatError::Unknown(_, '%'))
        ));
    }

    #[test]
    fn escapes_decode_to_one_character() {
        let decoded: String = decode(r#""\22\\\n\t\41""#).iter().map(|c| c.0).collect();
        assert_eq!(decoded, "\"\\\n\tA");
        // An escaped percent (`\25`) starts a conversion like a written one.
        assert_eq!(count(r#""\25d""#), 1);
    }
}
