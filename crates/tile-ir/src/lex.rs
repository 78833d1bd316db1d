//! Tokens of the textual cuda_tile form. MLIR is not line-oriented, but its printed form puts
//! one operation per line; each token records whether it starts a line so the parser can find
//! where an operation ends and recover from errors there.

use speclint_base::text::TextRange;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `%x`, `%0`, `%x#1`
    Value,
    /// `@k`
    Symbol,
    /// `addf`, `cuda_tile.addf`, `f32`, `nearest_even`, `sm_100`
    Ident,
    /// `!cuda_tile.tile`, `!alias`
    BangIdent,
    /// `#cuda_tile.rounding`
    HashIdent,
    /// `^bb0`
    BlockLabel,
    /// `4x8xf16`, `?x16x`, `4x`: the shape part of a shaped type
    Shape,
    Integer,
    Float,
    String,
    /// `->`
    Arrow,
    /// One punctuation character: `( ) [ ] { } < > , : = ? * + -`
    Punct,
    /// Anything the lexer does not understand (reported as a syntax error).
    Unknown,
}

/// 12 bytes: a large module has close to a million tokens. Offsets are u32: the analysis
/// refuses texts of 4 GiB and more (`tile_ir::analyze`).
#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: Kind,
    /// The first token on its line.
    pub line_start: bool,
    start: u32,
    end: u32,
}

impl Token {
    pub fn range(&self) -> TextRange {
        TextRange::new(self.start as usize, self.end as usize)
    }

    /// The token moved `by` bytes (text before it grew or shrank).
    pub fn moved(self, by: isize) -> Token {
        Token {
            start: (self.start as isize + by) as u32,
            end: (self.end as isize + by) as u32,
            ..self
        }
    }
}

/// A comment line that means something to speclint.
#[derive(Clone, Debug)]
pub enum Marker {
    /// `// -----` at the start of a line, `at` its offset: the file holds several independent
    /// modules (MLIR's split-input-file, which splits at every line that starts so).
    Split { at: usize },
    /// `// speclint: tile-ir-version=13.2, target=sm_80`
    Pragma { range: TextRange, text: String },
}

pub struct Lexed {
    pub tokens: Vec<Token>,
    pub markers: Vec<Marker>,
    /// Unterminated strings and other lexical errors: (range, message).
    pub errors: Vec<(TextRange, String)>,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.'
}

fn is_suffix_id(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.' || b == b'-'
}

pub fn lex(text: &str) -> Lexed {
    let bytes = text.as_bytes();
    let mut tokens = Vec::with_capacity(text.len() / 4);
    let mut markers = Vec::new();
    let mut errors = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\n' => {
                line_start = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                i += 1;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let end = memchr_newline(bytes, i);
                let comment = text[i + 2..end].trim();
                let range = TextRange::new(i, end);
                if line_start && text[i..end].starts_with("// -----") {
                    markers.push(Marker::Split { at: i });
                } else if let Some(rest) = comment.strip_prefix("speclint:") {
                    markers.push(Marker::Pragma {
                        range,
                        text: rest.trim().to_string(),
                    });
                }
                i = end;
                continue;
            }
            _ => {}
        }
        let start = i;
        let kind = match b {
            b'%' | b'@' | b'^' => {
                i += 1;
                if b == b'@' && bytes.get(i) == Some(&b'"') {
                    i = skip_string(bytes, i).unwrap_or(bytes.len());
                } else {
                    while i < bytes.len() && is_suffix_id(bytes[i]) {
                        // `-` only inside names such as `%a-b`, never before `>`.
                        if bytes[i] == b'-' && bytes.get(i + 1) == Some(&b'>') {
                            break;
                        }
                        i += 1;
                    }
                    if b == b'%' && bytes.get(i) == Some(&b'#') {
                        i += 1;
                        while i < bytes.len() && bytes[i].is_ascii_digit() {
                            i += 1;
                        }
                    }
                }
                if i == start + 1 {
                    Kind::Unknown
                } else {
                    match b {
                        b'%' => Kind::Value,
                        b'@' => Kind::Symbol,
                        _ => Kind::BlockLabel,
                    }
                }
            }
            b'!' | b'#' => {
                i += 1;
                while i < bytes.len() && is_ident_continue(bytes[i]) {
                    i += 1;
                }
                if i == start + 1 {
                    Kind::Unknown
                } else if b == b'!' {
                    Kind::BangIdent
                } else {
                    Kind::HashIdent
                }
            }
            b'"' => match skip_string(bytes, i) {
                Some(end) => {
                    i = end;
                    Kind::String
                }
                None => {
                    let end = memchr_newline(bytes, i);
                    errors.push((
                        TextRange::new(i, end),
                        "unterminated string: a `\"` is missing".to_string(),
                    ));
                    i = end;
                    Kind::String
                }
            },
            b'-' if bytes.get(i + 1) == Some(&b'>') => {
                i += 2;
                Kind::Arrow
            }
            b'0'..=b'9' | b'?' => {
                let (end, kind) = lex_number_or_shape(bytes, i);
                i = end;
                kind
            }
            _ if is_ident_start(b) => {
                i += 1;
                while i < bytes.len() && is_ident_continue(bytes[i]) {
                    i += 1;
                }
                Kind::Ident
            }
            b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>' | b',' | b':' | b'=' | b'*'
            | b'+' | b'-' => {
                i += 1;
                Kind::Punct
            }
            _ => {
                // One whole character, however many bytes it takes.
                let width = text[i..].chars().next().map_or(1, char::len_utf8);
                i += width;
                Kind::Unknown
            }
        };
        tokens.push(Token {
            kind,
            line_start,
            start: start as u32,
            end: i as u32,
        });
        line_start = false;
    }
    Lexed {
        tokens,
        markers,
        errors,
    }
}

fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |p| from + p)
}

/// The end of the string starting at `start` (a `"`), or None when it is not closed on its line.
fn skip_string(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            b'\n' => return None,
            _ => i += 1,
        }
    }
    None
}

/// Numbers (`42`, `0x1F`, `1.5e-3`) and shapes (`4x8xf16`, `?x?x`, `4x`).
fn lex_number_or_shape(bytes: &[u8], start: usize) -> (usize, Kind) {
    let mut i = start;
    let digits = |i: &mut usize| {
        let from = *i;
        while *i < bytes.len() && bytes[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > from
    };
    if bytes[i] == b'0'
        && bytes.get(i + 1) == Some(&b'x')
        && bytes.get(i + 2).is_some_and(|b| b.is_ascii_hexdigit())
    {
        i += 2;
        while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
            i += 1;
        }
        return (i, Kind::Integer);
    }
    let first_is_dim = if bytes[i] == b'?' {
        i += 1;
        true
    } else {
        digits(&mut i);
        true
    };
    // A shape: dimension (`x` dimension)* followed by `x` and the element type or `!`.
    if first_is_dim && bytes.get(i) == Some(&b'x') {
        let mut j = i;
        loop {
            if bytes.get(j) != Some(&b'x') {
                break;
            }
            let after = j + 1;
            match bytes.get(after) {
                Some(b'0'..=b'9') => {
                    let mut k = after;
                    digits(&mut k);
                    j = k;
                }
                Some(b'?') => j = after + 1,
                Some(&c) if is_ident_start(c) => {
                    let mut k = after;
                    while k < bytes.len() && is_ident_continue(bytes[k]) {
                        k += 1;
                    }
                    return (k, Kind::Shape);
                }
                Some(b'!') => return (after, Kind::Shape),
                _ => break,
            }
        }
        if j > i {
            return (j, Kind::Shape);
        }
    }
    if bytes[start] == b'?' {
        return (i, Kind::Punct);
    }
    let mut kind = Kind::Integer;
    if bytes.get(i) == Some(&b'.') && bytes.get(i + 1).is_some_and(|b| b.is_ascii_digit()) {
        i += 1;
        digits(&mut i);
        kind = Kind::Float;
    } else if bytes.get(i) == Some(&b'.') {
        i += 1;
        kind = Kind::Float;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        let mut k = i + 1;
        if matches!(bytes.get(k), Some(b'+' | b'-')) {
            k += 1;
        }
        if bytes.get(k).is_some_and(|b| b.is_ascii_digit()) {
            digits(&mut k);
            i = k;
            kind = Kind::Float;
        }
    }
    (i, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(Kind, &str)> {
        lex(text)
            .tokens
            .iter()
            .map(|t| (t.kind, &text[t.range().start..t.range().end]))
            .collect()
    }

    #[test]
    fn shapes_numbers_and_names() {
        assert_eq!(
            kinds("%0 = addf %a, %b : tile<4x8xf16>"),
            vec![
                (Kind::Value, "%0"),
                (Kind::Punct, "="),
                (Kind::Ident, "addf"),
                (Kind::Value, "%a"),
                (Kind::Punct, ","),
                (Kind::Value, "%b"),
                (Kind::Punct, ":"),
                (Kind::Ident, "tile"),
                (Kind::Punct, "<"),
                (Kind::Shape, "4x8xf16"),
                (Kind::Punct, ">"),
            ]
        );
        assert_eq!(
            kinds("tile<4x!cuda_tile.ptr<i8>> ?x?xf32 1.5e-3 0x1F 0.000000e+0 -> #cuda_tile.x"),
            vec![
                (Kind::Ident, "tile"),
                (Kind::Punct, "<"),
                (Kind::Shape, "4x"),
                (Kind::BangIdent, "!cuda_tile.ptr"),
                (Kind::Punct, "<"),
                (Kind::Ident, "i8"),
                (Kind::Punct, ">"),
                (Kind::Punct, ">"),
                (Kind::Shape, "?x?xf32"),
                (Kind::Float, "1.5e-3"),
                (Kind::Integer, "0x1F"),
                (Kind::Float, "0.000000e+0"),
                (Kind::Arrow, "->"),
                (Kind::HashIdent, "#cuda_tile.x"),
            ]
        );
    }

    #[test]
    fn comments_markers_and_bad_strings() {
        let lexed = lex("a // x\n// -----\n// speclint: tile-ir-version=13.1\n\"open\nb");
        assert_eq!(lexed.markers.len(), 2);
        assert_eq!(lexed.errors.len(), 1);
        assert!(lexed.tokens.last().unwrap().line_start);
    }
}
