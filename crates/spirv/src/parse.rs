//! SPIR-V assembly text -> tokens -> instructions, as SPIRV-Tools reads it: an instruction is
//! `%result = OpName operand…` or `OpName operand…`; a new one starts at a word `Op[A-Z]…` or
//! at `%id =` (the rule spirv-as itself uses), so an error in one instruction never swallows
//! the next. Operands stay tokens here; `bind` matches them to the grammar.

use speclint_base::text::TextRange;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// `%name` or `%12`.
    Id,
    /// `Op…` at the start of an instruction.
    Opcode,
    /// A bare word: an enumerant, a mask `A|B`, an extended instruction name, or a number.
    Word,
    /// `"…"`, escapes kept; `text` strips the quotes.
    String,
    /// `!<n>`: a raw word.
    RawWord,
}

#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: TokenKind,
    pub start: u32,
    pub end: u32,
}

impl Token {
    pub fn range(&self) -> TextRange {
        TextRange::new(self.start as usize, self.end as usize)
    }

    pub fn text<'t>(&self, text: &'t str) -> &'t str {
        &text[self.start as usize..self.end as usize]
    }
}

/// One instruction as written.
#[derive(Clone, Debug)]
pub struct Instruction {
    /// The `%id` before `=`, if any.
    pub result: Option<Token>,
    pub opcode: Token,
    /// From the result (or opcode) to the last operand.
    pub range: TextRange,
}

#[derive(Clone, Debug)]
pub struct SyntaxError {
    pub range: TextRange,
    pub message: String,
}

/// The header comment `spirv-dis` writes and `spirv-as` reads back.
#[derive(Clone, Debug, Default)]
pub struct Header {
    /// `; Version: 1.4`.
    pub version: Option<(u8, u8, TextRange)>,
}

/// The reading state: the current instruction's operand tokens, and what the whole text
/// gives besides instructions.
#[derive(Debug, Default)]
struct Reader {
    tokens: Vec<Token>,
    errors: Vec<SyntaxError>,
    header: Header,
    comments: Vec<TextRange>,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c')
}

/// Ends of a bare word or id: whitespace or a comment.
fn word_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && !is_space(bytes[i]) && bytes[i] != b';' && bytes[i] != b'"' {
        i += 1;
    }
    i
}

pub fn starts_instruction(word: &[u8]) -> bool {
    word.len() >= 3 && word[0] == b'O' && word[1] == b'p' && word[2].is_ascii_uppercase()
}

/// Parses `text`, handing each instruction to `sink` as soon as it ends, with its operand
/// tokens: nothing per instruction is kept, so a large module is read in one pass without a
/// token table. Returns the syntax errors, the header and the comments.
pub fn parse(
    text: &str,
    mut sink: impl FnMut(&Instruction, &[Token]),
) -> (Vec<SyntaxError>, Header, Vec<TextRange>) {
    let bytes = text.as_bytes();
    let mut parsed = Reader::default();
    let mut seen_instruction = false;
    let mut i = 0;
    // Tokens of the instruction being read: its result, `=`, opcode, operands.
    let mut pending_result: Option<Token> = None;
    let mut current: Option<(Option<Token>, Token, u32)> = None;

    let mut finish = |parsed: &mut Reader, current: &mut Option<(Option<Token>, Token, u32)>| {
        if let Some((result, opcode, first)) = current.take() {
            let end = parsed
                .tokens
                .last()
                .filter(|_| parsed.tokens.len() as u32 > first)
                .map_or(opcode.end, |t| t.end);
            let start = result.map_or(opcode.start, |r| r.start);
            let operands = &parsed.tokens[first as usize..];
            sink(
                &Instruction {
                    result,
                    opcode,
                    range: TextRange::new(start as usize, end as usize),
                },
                operands,
            );
            parsed.tokens.clear();
        }
    };

    while i < bytes.len() {
        let b = bytes[i];
        if is_space(b) {
            i += 1;
            continue;
        }
        if b == b';' {
            let end = memchr_newline(bytes, i);
            parsed.comments.push(TextRange::new(i, end));
            if parsed.header.version.is_none() && !seen_instruction {
                read_version_comment(text, i, end, &mut parsed.header);
            }
            i = end;
            continue;
        }
        let start = i;
        let (kind, end) = match b {
            b'"' => {
                // A string runs to the next unescaped `"`, line breaks included, as spirv-as
                // reads it (and as a disassembler writes a string holding a newline: debug
                // info's OpSource text). Unclosed, it ends at its line, so the rest is read.
                let mut j = i + 1;
                let mut closed = false;
                let mut line_end = None;
                while j < bytes.len() {
                    match bytes[j] {
                        b'\\' => j += 2,
                        b'"' => {
                            closed = true;
                            j += 1;
                            break;
                        }
                        b'\n' => {
                            line_end.get_or_insert(j);
                            j += 1;
                        }
                        _ => j += 1,
                    }
                }
                let j = if closed {
                    j
                } else {
                    line_end.unwrap_or(j).min(bytes.len())
                };
                if !closed {
                    parsed.errors.push(SyntaxError {
                        range: TextRange::new(start, j),
                        message: "unterminated string: a `\"` is missing".into(),
                    });
                }
                (TokenKind::String, j)
            }
            b'%' => {
                let end = word_end(bytes, i + 1);
                if end == i + 1 {
                    parsed.errors.push(SyntaxError {
                        range: TextRange::new(start, end),
                        message: "`%` without an id name".into(),
                    });
                    i = end;
                    continue;
                }
                (TokenKind::Id, end)
            }
            b'!' => (TokenKind::RawWord, word_end(bytes, i + 1)),
            b'=' => {
                i += 1;
                match pending_result.take() {
                    Some(result) => {
                        finish(&mut parsed, &mut current);
                        // The opcode must follow.
                        let mut j = i;
                        while j < bytes.len() && is_space(bytes[j]) && bytes[j] != b'\n' {
                            j += 1;
                        }
                        let end = word_end(bytes, j);
                        if starts_instruction(&bytes[j..end]) {
                            let opcode = Token {
                                kind: TokenKind::Opcode,
                                start: j as u32,
                                end: end as u32,
                            };
                            current = Some((Some(result), opcode, parsed.tokens.len() as u32));
                            seen_instruction = true;
                            i = end;
                        } else {
                            parsed.errors.push(SyntaxError {
                                range: TextRange::new(j, end.max(j)),
                                message: format!(
                                    "expected an opcode after `{} =`",
                                    &text[result.start as usize..result.end as usize]
                                ),
                            });
                            current = None;
                            skip_to_next_instruction(bytes, &mut i);
                        }
                    }
                    None => {
                        parsed.errors.push(SyntaxError {
                            range: TextRange::new(start, start + 1),
                            message: "`=` without a result id before it".into(),
                        });
                        finish(&mut parsed, &mut current);
                        skip_to_next_instruction(bytes, &mut i);
                    }
                }
                continue;
            }
            _ => (TokenKind::Word, word_end(bytes, i)),
        };
        // A result id is held back until we know whether `=` follows it.
        if let Some(held) = pending_result.take() {
            push_operand(&mut parsed, &current, held);
        }
        let token = Token {
            kind,
            start: start as u32,
            end: end as u32,
        };
        i = end;
        if kind == TokenKind::Id && next_is_equals(bytes, i) {
            pending_result = Some(token);
            continue;
        }
        // `%x OpIAdd …` at the start of a line: the `=` is missing. Read it as meant.
        if kind == TokenKind::Id && at_line_start(bytes, start) {
            if let Some((op_start, op_end)) = opcode_after_on_line(bytes, end) {
                parsed.errors.push(SyntaxError {
                    range: TextRange::new(start, op_start),
                    message: format!(
                        "`=` is missing between the result id `{}` and the opcode",
                        &text[start..end]
                    ),
                });
                finish(&mut parsed, &mut current);
                seen_instruction = true;
                current = Some((
                    Some(token),
                    Token {
                        kind: TokenKind::Opcode,
                        start: op_start as u32,
                        end: op_end as u32,
                    },
                    parsed.tokens.len() as u32,
                ));
                i = op_end;
                continue;
            }
        }
        if kind == TokenKind::Word && starts_instruction(&bytes[start..end]) {
            finish(&mut parsed, &mut current);
            seen_instruction = true;
            current = Some((
                None,
                Token {
                    kind: TokenKind::Opcode,
                    ..token
                },
                parsed.tokens.len() as u32,
            ));
            continue;
        }
        push_operand(&mut parsed, &current, token);
    }
    if let Some(held) = pending_result.take() {
        parsed.errors.push(SyntaxError {
            range: held.range(),
            message: "a result id with no instruction after it".into(),
        });
    }
    finish(&mut parsed, &mut current);
    (parsed.errors, parsed.header, parsed.comments)
}

fn push_operand(parsed: &mut Reader, current: &Option<(Option<Token>, Token, u32)>, token: Token) {
    if current.is_some() {
        parsed.tokens.push(token);
    } else {
        parsed.errors.push(SyntaxError {
            range: token.range(),
            message:
                "expected an opcode (`OpName`) or a result id (`%id =`) to start an instruction"
                    .into(),
        });
    }
}

fn at_line_start(bytes: &[u8], at: usize) -> bool {
    bytes[..at]
        .iter()
        .rev()
        .take_while(|&&b| b != b'\n')
        .all(|&b| b == b' ' || b == b'\t' || b == b'\r')
}

/// An opcode word right after `from` on the same line: its range.
fn opcode_after_on_line(bytes: &[u8], from: usize) -> Option<(usize, usize)> {
    let mut j = from;
    while j < bytes.len() && (bytes[j] == b' ' || bytes[j] == b'\t') {
        j += 1;
    }
    let end = word_end(bytes, j);
    (j > from && starts_instruction(&bytes[j..end])).then_some((j, end))
}

fn next_is_equals(bytes: &[u8], mut i: usize) -> bool {
    while i < bytes.len() && is_space(bytes[i]) {
        i += 1;
    }
    i < bytes.len() && bytes[i] == b'='
}

fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |p| from + p)
}

/// After an error, resume at the next line.
fn skip_to_next_instruction(bytes: &[u8], i: &mut usize) {
    *i = memchr_newline(bytes, *i);
}

fn read_version_comment(text: &str, start: usize, end: usize, header: &mut Header) {
    let comment = &text[start..end];
    let Some(rest) = comment
        .trim_start_matches(';')
        .trim_start()
        .strip_prefix("Version:")
    else {
        return;
    };
    let version = rest.trim();
    if let Some((major, minor)) = version.split_once('.') {
        if let (Ok(major), Ok(minor)) = (major.parse(), minor.parse()) {
            let at = start + comment.find(version).unwrap_or(0);
            header.version = Some((major, minor, TextRange::new(at, at + version.len())));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each instruction as `%r = OpX Kind:operand…`, and the reading's leftovers.
    fn read(text: &str) -> (Vec<String>, Vec<SyntaxError>, Header) {
        let mut shapes = Vec::new();
        let (errors, header, _) = super::parse(text, |i, operands| {
            let mut s = String::new();
            if let Some(r) = i.result {
                s.push_str(r.text(text));
                s.push_str(" = ");
            }
            s.push_str(i.opcode.text(text));
            for op in operands {
                s.push_str(&format!(" {:?}:{}", op.kind, op.text(text)));
            }
            shapes.push(s);
        });
        (shapes, errors, header)
    }

    fn shape(text: &str) -> Vec<String> {
        read(text).0
    }

    /// Found by the `spirv_binary` fuzz target: a string holding a newline (as OpSource's
    /// source text does) is disassembled over two lines, and must read back as one string, as
    /// spirv-as reads it; an unclosed string still ends at its line.
    #[test]
    fn strings_run_over_line_breaks_to_their_closing_quote() {
        let text = "OpSource OpenCL_C 120 %f \"int x;\nint y;\"\nOpEntryPoint Kernel %k \"\n\"\n";
        let (shapes, errors, _) = read(text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            shapes,
            [
                "OpSource Word:OpenCL_C Word:120 Id:%f String:\"int x;\nint y;\"",
                "OpEntryPoint Word:Kernel Id:%k String:\"\n\"",
            ]
        );
        let (shapes, errors, _) = read("OpName %a \"open\nOpNop\n");
        assert_eq!(errors.len(), 1);
        assert_eq!(shapes, ["OpName Id:%a String:\"open", "OpNop"]);
    }

    #[test]
    fn instructions_split_at_opcodes_and_results() {
        let text = "; SPIR-V\n; Version: 1.2\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\n%1 = OpExtInstImport \"OpenCL.std\"\n%uint = OpTypeInt 32 0 %x = OpConstant %uint 0x10 ; c\nOpDecorate %v LinkageAttributes \"a b\\\"\" Export\n";
        assert_eq!(
            shape(text),
            vec![
                "OpCapability Word:Kernel",
                "OpMemoryModel Word:Physical64 Word:OpenCL",
                "%1 = OpExtInstImport String:\"OpenCL.std\"",
                "%uint = OpTypeInt Word:32 Word:0",
                "%x = OpConstant Id:%uint Word:0x10",
                "OpDecorate Id:%v Word:LinkageAttributes String:\"a b\\\"\" Word:Export",
            ]
        );
        let (_, errors, header) = read(text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(header.version.map(|v| (v.0, v.1)), Some((1, 2)));
    }

    #[test]
    fn errors_are_reported_and_parsing_goes_on() {
        let text = "= OpNop\n%a = 12\nOpName %a \"open\n%b = OpUndef %t\nstray\n%c =\n";
        let (_, errors, _) = read(text);
        let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(messages.len(), 4, "{messages:?}");
        assert!(messages[0].contains("without a result id"));
        assert!(messages[1].contains("expected an opcode after `%a =`"));
        assert!(messages[2].contains("unterminated string"));
        assert!(messages[3].contains("expected an opcode after `%c =`"));
        // A stray word is an extra operand of the instruction before it, as spirv-as reads
        // it; the grammar check reports it.
        assert!(shape(text)
            .iter()
            .any(|s| s == "%b = OpUndef Id:%t Word:stray"));
    }
}
