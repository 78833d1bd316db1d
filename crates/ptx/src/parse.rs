//! A hand-written PTX parser: one pass over the bytes, no backtracking, statement-level error
//! recovery (every syntax error is reported, then parsing resumes at the next statement).
//! It builds the `ast` the checks use; it is several times faster than a generated parser,
//! which matters for multi-megabyte nvcc output.

use super::ast::*;
use speclint_base::limits::MAX_NESTING;
use speclint_base::parallel::{on_threads, PARALLEL_THRESHOLD};
use speclint_base::text::TextRange;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    /// An identifier or opcode, with any `.modifier` / `::` continuations (`add.s32`, `%tid.x`).
    Word,
    /// `.name`, with continuations (`.shared::cta`, `.ptr.global.align`).
    Directive,
    Int,
    Float,
    Str,
    /// A whole `@@DWARF …` line.
    DwarfLine,
    /// Single-byte punctuation.
    Punct(u8),
    /// Two-byte operators: `<<` `>>` `&&` `||` `==` `!=` `<=` `>=`.
    Op2,
    /// A byte that starts no PTX token.
    Bad,
    Eof,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Tok,
    start: usize,
    end: usize,
    /// The token is the first on its line.
    line_start: bool,
}

/// Byte classes, looked up once per byte on the lexer's hot paths.
const IDENT_START: u8 = 1;
const IDENT_CHAR: u8 = 2;
const TRIVIA: u8 = 4;

const CLASSES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let alpha = c.is_ascii_alphabetic();
        if alpha || c == b'_' || c == b'$' || c == b'%' {
            table[b] |= IDENT_START;
        }
        if alpha || c.is_ascii_digit() || c == b'_' || c == b'$' {
            table[b] |= IDENT_CHAR;
        }
        if matches!(c, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c) {
            table[b] |= TRIVIA;
        }
        b += 1;
    }
    table
};

fn is_ident_start(b: u8) -> bool {
    CLASSES[b as usize] & IDENT_START != 0
}

fn is_ident_char(b: u8) -> bool {
    CLASSES[b as usize] & IDENT_CHAR != 0
}

struct Lexer<'s> {
    bytes: &'s [u8],
    pos: usize,
}

impl<'s> Lexer<'s> {
    /// Skips whitespace and comments; reports whether a line break was crossed and where an
    /// unterminated block comment started.
    fn skip_trivia(&mut self) -> (bool, Option<usize>) {
        let b = self.bytes;
        let mut newline = self.pos == 0 || b.get(self.pos - 1) == Some(&b'\n');
        while self.pos < b.len() {
            let c = b[self.pos];
            if CLASSES[c as usize] & TRIVIA != 0 {
                newline |= c == b'\n';
                self.pos += 1;
                continue;
            }
            match c {
                b'/' if b.get(self.pos + 1) == Some(&b'/') => {
                    while self.pos < b.len() && b[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                b'/' if b.get(self.pos + 1) == Some(&b'*') => {
                    let start = self.pos;
                    match find(&b[self.pos + 2..], b"*/") {
                        Some(i) => {
                            newline |= b[self.pos..self.pos + 2 + i].contains(&b'\n');
                            self.pos += 2 + i + 2;
                        }
                        None => {
                            self.pos = b.len();
                            return (newline, Some(start));
                        }
                    }
                }
                _ => break,
            }
        }
        (newline, None)
    }

    fn word_continuations(&mut self) {
        let b = self.bytes;
        loop {
            if self.pos + 1 < b.len() && b[self.pos] == b'.' && is_ident_char(b[self.pos + 1]) {
                self.pos += 1;
                self.pos += ident_run(&b[self.pos..]);
            } else if self.pos + 2 < b.len()
                && b[self.pos] == b':'
                && b[self.pos + 1] == b':'
                && is_ident_char(b[self.pos + 2])
            {
                self.pos += 2;
                self.pos += ident_run(&b[self.pos..]);
            } else if self.pos + 1 < b.len()
                && b[self.pos] == b':'
                && b[self.pos + 1].is_ascii_digit()
                && follows_qualifier_number(&b[..self.pos])
            {
                // A ratio after a `::` qualifier: `.sp::2:4` of tcgen05.ld.spcompress.
                self.pos += 1;
                self.pos += ident_run(&b[self.pos..]);
            } else {
                break;
            }
        }
    }

    fn next(&mut self, errors: &mut Vec<SyntaxError>) -> Token {
        let (line_start, open_comment) = self.skip_trivia();
        if let Some(start) = open_comment {
            errors.push(SyntaxError {
                range: TextRange::new(start, start + 2),
                message: "unterminated `/*` comment".into(),
            });
        }
        let b = self.bytes;
        let start = self.pos;
        let Some(&c) = b.get(start) else {
            return Token {
                kind: Tok::Eof,
                start,
                end: start,
                line_start: true,
            };
        };
        let kind = match c {
            c if is_ident_start(c) => {
                self.pos += 1;
                self.pos += ident_run(&b[self.pos..]);
                self.word_continuations();
                Tok::Word
            }
            b'.' if b
                .get(start + 1)
                .is_some_and(|&n| n.is_ascii_alphabetic() || n == b'_') =>
            {
                // One keyword per token (`.reg.b16` is `.reg` then `.b16`), keeping `::`
                // qualifiers (`.shared::cta`).
                self.pos += 1;
                self.pos += ident_run(&b[self.pos..]);
                while self.pos + 2 < b.len()
                    && b[self.pos] == b':'
                    && b[self.pos + 1] == b':'
                    && is_ident_char(b[self.pos + 2])
                {
                    self.pos += 2;
                    while self.pos < b.len() && is_ident_char(b[self.pos]) {
                        self.pos += 1;
                    }
                }
                Tok::Directive
            }
            b'0'..=b'9' => self.number(),
            b'"' => {
                self.pos += 1;
                while self.pos < b.len() && b[self.pos] != b'"' && b[self.pos] != b'\n' {
                    self.pos += if b[self.pos] == b'\\' { 2 } else { 1 };
                }
                if b.get(self.pos) == Some(&b'"') {
                    self.pos += 1;
                } else {
                    errors.push(SyntaxError {
                        range: TextRange::new(start, self.pos.min(b.len())),
                        message: "unterminated string".into(),
                    });
                }
                self.pos = self.pos.min(b.len());
                Tok::Str
            }
            b'@' if b.get(start + 1) == Some(&b'@') => {
                while self.pos < b.len() && b[self.pos] != b'\n' {
                    self.pos += 1;
                }
                Tok::DwarfLine
            }
            b'<' | b'>' | b'&' | b'|' | b'=' | b'!' if is_op2(c, b.get(start + 1).copied()) => {
                self.pos += 2;
                Tok::Op2
            }
            b',' | b';' | b':' | b'{' | b'}' | b'[' | b']' | b'(' | b')' | b'|' | b'@' | b'!'
            | b'+' | b'-' | b'*' | b'/' | b'%' | b'<' | b'>' | b'=' | b'~' | b'&' | b'^' | b'?' => {
                self.pos += 1;
                Tok::Punct(c)
            }
            _ => {
                // One whole UTF-8 character, so ranges stay on character boundaries.
                self.pos += utf8_len(c);
                self.pos = self.pos.min(b.len());
                Tok::Bad
            }
        };
        Token {
            kind,
            start,
            end: self.pos,
            line_start,
        }
    }

    fn number(&mut self) -> Tok {
        let b = self.bytes;
        let start = self.pos;
        let rest = &b[start..];
        let hex_run = |from: usize| {
            rest[from..]
                .iter()
                .take_while(|c| c.is_ascii_hexdigit())
                .count()
        };
        if rest.len() > 2
            && rest[0] == b'0'
            && matches!(rest[1], b'f' | b'F' | b'd' | b'D')
            && rest[2].is_ascii_hexdigit()
        {
            self.pos += 2 + hex_run(2);
            return Tok::Float;
        }
        if rest.len() > 2 && rest[0] == b'0' && matches!(rest[1], b'x' | b'X') {
            self.pos += 2 + hex_run(2);
        } else if rest.len() > 2
            && rest[0] == b'0'
            && matches!(rest[1], b'b' | b'B')
            && matches!(rest[2], b'0' | b'1')
        {
            self.pos += 2 + rest[2..]
                .iter()
                .take_while(|c| matches!(c, b'0' | b'1'))
                .count();
        } else {
            self.pos += rest.iter().take_while(|c| c.is_ascii_digit()).count();
            let mut float = false;
            if b.get(self.pos) == Some(&b'.') && b.get(self.pos + 1).is_some_and(u8::is_ascii_digit)
            {
                float = true;
                self.pos += 1;
                while b.get(self.pos).is_some_and(u8::is_ascii_digit) {
                    self.pos += 1;
                }
            }
            if matches!(b.get(self.pos), Some(b'e' | b'E')) {
                let sign = usize::from(matches!(b.get(self.pos + 1), Some(b'+' | b'-')));
                if b.get(self.pos + 1 + sign).is_some_and(u8::is_ascii_digit) {
                    float = true;
                    self.pos += 1 + sign;
                    while b.get(self.pos).is_some_and(u8::is_ascii_digit) {
                        self.pos += 1;
                    }
                }
            }
            if float {
                return Tok::Float;
            }
        }
        if matches!(b.get(self.pos), Some(b'U' | b'u')) {
            self.pos += 1;
        }
        // `12abc`: glue the junk on, so it is one bad number rather than two tokens.
        while b.get(self.pos).is_some_and(|&c| is_ident_char(c)) {
            self.pos += 1;
        }
        Tok::Int
    }
}

/// Does the text end in a number that follows `::` (`.sp::2`)?
fn follows_qualifier_number(text: &[u8]) -> bool {
    let digits = text.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && text[..text.len() - digits].ends_with(b"::")
}

/// Length of the run of identifier characters at the start of `bytes`.
fn ident_run(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|&c| !is_ident_char(c))
        .unwrap_or(bytes.len())
}

fn is_op2(c: u8, next: Option<u8>) -> bool {
    matches!(
        (c, next),
        (b'<', Some(b'<' | b'='))
            | (b'>', Some(b'>' | b'='))
            | (b'&', Some(b'&'))
            | (b'|', Some(b'|'))
            | (b'=', Some(b'='))
            | (b'!', Some(b'='))
    )
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xf0..=0xff => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

const STATE_SPACES: &[&str] = &[
    ".reg", ".sreg", ".global", ".const", ".shared", ".local", ".param", ".tex",
];
const LINKAGE: &[&str] = &[".visible", ".extern", ".weak", ".common"];

fn is_state_space(text: &str) -> bool {
    let base = text.split("::").next().unwrap_or(text);
    STATE_SPACES.contains(&base)
}

/// A token's class, for semantic highlighting (comments are not tokens).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lexeme {
    /// An identifier or opcode with its `.modifier` continuations (`add.s32`, `%tid.x`).
    Word,
    /// `.name` (`.reg`, `.b32`, `.shared::cta`).
    Dotted,
    Number,
    String,
    Other,
}

/// The lexer's tokens with their class, in order.
pub fn lexemes(source: &str) -> Vec<(TextRange, Lexeme)> {
    let mut lexer = Lexer {
        bytes: source.as_bytes(),
        pos: 0,
    };
    let mut errors = Vec::new();
    let mut out = Vec::new();
    loop {
        let token = lexer.next(&mut errors);
        let lexeme = match token.kind {
            Tok::Eof => return out,
            Tok::Word => Lexeme::Word,
            Tok::Directive => Lexeme::Dotted,
            Tok::Int | Tok::Float => Lexeme::Number,
            Tok::Str => Lexeme::String,
            _ => Lexeme::Other,
        };
        out.push((TextRange::new(token.start, token.end), lexeme));
    }
}

pub fn parse(source: &str) -> Module {
    parse_range(source, 0, source.len())
}

/// Parses a large module on several threads: the text is cut after a `}` that starts a line
/// (how functions end in compiler output), each piece is parsed on its own and the pieces are
/// joined. A cut inside a function would leave that function unclosed, a syntax error; so if
/// any piece has an error, the module is parsed again on one thread. Either way the result is
/// exactly that of a sequential parse.
pub fn parse_parallel(source: &str, threads: usize) -> Module {
    if threads < 2 || source.len() < PARALLEL_THRESHOLD {
        return parse(source);
    }
    let cuts = cuts_after_closing_braces(source, threads);
    if cuts.len() < 3 {
        return parse(source);
    }
    let ranges: Vec<(usize, usize)> = cuts.windows(2).map(|w| (w[0], w[1])).collect();
    let pieces = on_threads(ranges, |(start, end)| {
        // The syntax tree takes about eight times the text it is parsed from.
        speclint_base::parallel::reserve_heap((end - start) * 8);
        parse_range(source, start, end)
    });
    if pieces.iter().any(|piece| !piece.errors.is_empty()) {
        return parse(source);
    }
    let mut module = Module::default();
    for piece in pieces {
        module.items.extend(piece.items);
        module.too_deep.extend(piece.too_deep);
    }
    module
}

/// `threads + 1` offsets from 0 to `source.len()`: the inner ones at the start of the line
/// after a line that is exactly `}`, near even shares of the text.
fn cuts_after_closing_braces(source: &str, threads: usize) -> Vec<usize> {
    let mut cuts = vec![0];
    for k in 1..threads {
        let target = (source.len() * k / threads).max(*cuts.last().unwrap_or(&0));
        let Some(found) = source.get(target..).and_then(|rest| rest.find("\n}\n")) else {
            break;
        };
        cuts.push(target + found + 3);
    }
    cuts.push(source.len());
    cuts.dedup();
    cuts
}

/// Parses the module items of `source[start..end]` (offsets stay those of `source`).
pub fn parse_range(source: &str, start: usize, end: usize) -> Module {
    let mut parser = Parser {
        source,
        lexer: Lexer {
            bytes: &source.as_bytes()[..end],
            pos: start,
        },
        lookahead: None,
        previous_end: start,
        depth: 0,
        module: Module::default(),
    };
    parser.module_items();
    parser.module
}

struct Parser<'s> {
    source: &'s str,
    lexer: Lexer<'s>,
    lookahead: Option<Token>,
    previous_end: usize,
    /// How many blocks and bracketed or prefixed operands enclose the current token.
    depth: usize,
    module: Module,
}

impl<'s> Parser<'s> {
    fn peek(&mut self) -> Token {
        if let Some(t) = self.lookahead {
            return t;
        }
        let t = self.lexer.next(&mut self.module.errors);
        self.lookahead = Some(t);
        t
    }

    fn bump(&mut self) -> Token {
        let t = self.peek();
        self.lookahead = None;
        if t.kind != Tok::Eof {
            self.previous_end = t.end;
        }
        t
    }

    fn text(&self, t: Token) -> &'s str {
        &self.source[t.start..t.end]
    }

    fn peek_text(&mut self) -> &'s str {
        let t = self.peek();
        self.text(t)
    }

    fn at_punct(&mut self, c: u8) -> bool {
        self.peek().kind == Tok::Punct(c)
    }

    fn eat_punct(&mut self, c: u8) -> bool {
        if self.at_punct(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn error(&mut self, range: TextRange, message: impl Into<String>) {
        self.module.errors.push(SyntaxError {
            range,
            message: message.into(),
        });
    }

    /// Runs `parse` one nesting level deeper; at `MAX_NESTING` records `open` as too deep
    /// instead and returns None, leaving the input where it is.
    fn nested<T>(&mut self, open: Token, parse: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        if self.depth >= MAX_NESTING {
            self.module
                .too_deep
                .push(TextRange::new(open.start, open.end));
            return None;
        }
        self.depth += 1;
        let parsed = parse(self);
        self.depth -= 1;
        parsed
    }

    fn unexpected(&mut self, t: Token, context: &str) {
        let message = match t.kind {
            Tok::Eof => format!("unexpected end of file {context}"),
            Tok::Bad => format!("unexpected character `{}` {context}", self.text(t)),
            Tok::Directive if !super::syntax_known_directive(self.text(t)) => {
                format!("unknown directive `{}`", self.text(t))
            }
            _ => format!("unexpected `{}` {context}", shorten(self.text(t))),
        };
        self.error(TextRange::new(t.start, t.end), message);
    }

    /// Expects `;`; when it is missing, reports it just after the previous token.
    fn expect_semicolon(&mut self) {
        if self.eat_punct(b';') {
            return;
        }
        let t = self.peek();
        let at = self.previous_end;
        if t.line_start
            || t.kind == Tok::Eof
            || t.kind == Tok::Punct(b'}')
            || self.starts_instruction(t)
        {
            self.error(TextRange::new(at, at), "missing `;`");
        } else {
            self.unexpected(t, "(expected `;`)");
            self.recover();
        }
    }

    /// Skips to the end of the current statement: past the next `;`, or up to a `}` closing
    /// the enclosing block, or up to a token that starts a line and looks like a statement.
    fn recover(&mut self) {
        let mut depth = 0usize;
        loop {
            let t = self.peek();
            match t.kind {
                Tok::Eof => return,
                Tok::Punct(b';') if depth == 0 => {
                    self.bump();
                    return;
                }
                Tok::Punct(b'{' | b'[' | b'(') => depth += 1,
                Tok::Punct(b'}') if depth == 0 => return,
                Tok::Punct(b'}' | b']' | b')') => depth = depth.saturating_sub(1),
                Tok::Directive | Tok::Word
                    if depth == 0 && t.line_start && t.start > self.previous_end =>
                {
                    return
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Skips a directive's operands up to its `;` (they may span lines, as `.branchtargets`
    /// lists do), stopping early at a `}` that closes the enclosing block.
    fn skip_to_semicolon(&mut self) {
        loop {
            let t = self.peek();
            match t.kind {
                Tok::Eof | Tok::Punct(b'}') => return,
                Tok::Punct(b';') => {
                    self.bump();
                    return;
                }
                _ => {
                    self.bump();
                }
            }
        }
    }

    /// Skips the rest of a line-oriented directive (`.loc`, `.file`).
    fn skip_line(&mut self) {
        while !self.peek().line_start {
            self.bump();
        }
    }

    /// Skips a balanced `{ … }` (section bodies, initialisers).
    fn skip_braces(&mut self) {
        let mut depth = 0usize;
        loop {
            let t = self.bump();
            match t.kind {
                Tok::Eof => {
                    self.error(TextRange::new(t.start, t.start), "missing `}`");
                    return;
                }
                Tok::Punct(b'{') => depth += 1,
                Tok::Punct(b'}') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    fn module_items(&mut self) {
        loop {
            let t = self.peek();
            match t.kind {
                Tok::Eof => return,
                Tok::Directive => self.module_directive(t),
                Tok::DwarfLine => {
                    self.bump();
                    self.module.items.push(Item::Directive {
                        keyword: TextRange::new(t.start, t.start + 7),
                        range: TextRange::new(t.start, t.end),
                    });
                }
                Tok::Punct(b'}') => {
                    self.bump();
                    self.error(TextRange::new(t.start, t.end), "unmatched `}`");
                }
                _ => {
                    self.unexpected(t, "at module scope");
                    self.bump();
                    self.recover();
                }
            }
        }
    }

    fn module_directive(&mut self, t: Token) {
        let keyword = TextRange::new(t.start, t.end);
        match self.text(t) {
            ".version" => {
                self.bump();
                let number = self.bump();
                if !matches!(number.kind, Tok::Float | Tok::Int) {
                    self.unexpected(number, "(expected a version number such as 8.0)");
                }
                self.module.items.push(Item::Version {
                    keyword,
                    number: TextRange::new(number.start, number.end),
                    range: TextRange::new(t.start, number.end),
                });
            }
            ".target" => {
                self.bump();
                let mut names = Vec::new();
                loop {
                    let name = self.peek();
                    if name.kind != Tok::Word || (name.line_start && !names.is_empty()) {
                        if names.is_empty() {
                            self.unexpected(name, "(expected a target such as sm_90)");
                        }
                        break;
                    }
                    self.bump();
                    names.push(TextRange::new(name.start, name.end));
                    if !self.eat_punct(b',') {
                        break;
                    }
                }
                self.module.items.push(Item::Target {
                    keyword,
                    names,
                    range: TextRange::new(t.start, self.previous_end),
                });
            }
            ".address_size" => {
                self.bump();
                let size = self.bump();
                if size.kind != Tok::Int {
                    self.unexpected(size, "(expected 32 or 64)");
                }
                self.module.items.push(Item::AddressSize {
                    keyword,
                    range: TextRange::new(t.start, self.previous_end),
                });
            }
            ".file" | ".loc" => {
                self.bump();
                self.skip_line();
                self.module.items.push(Item::Directive {
                    keyword,
                    range: TextRange::new(t.start, self.previous_end),
                });
            }
            ".section" => {
                self.bump();
                while !matches!(self.peek().kind, Tok::Punct(b'{') | Tok::Eof)
                    && !self.peek().line_start
                {
                    self.bump();
                }
                if self.at_punct(b'{') {
                    self.skip_braces();
                }
                self.module.items.push(Item::Directive {
                    keyword,
                    range: TextRange::new(t.start, self.previous_end),
                });
            }
            ".entry" | ".func" => {
                let function = self.function(Vec::new(), t.start);
                self.module.items.push(Item::Function(function));
            }
            text if LINKAGE.contains(&text) => {
                let mut linkage = Vec::new();
                while self.peek().kind == Tok::Directive && LINKAGE.contains(&self.peek_text()) {
                    let l = self.bump();
                    linkage.push(TextRange::new(l.start, l.end));
                }
                if matches!(self.peek().kind, Tok::Directive)
                    && matches!(self.peek_text(), ".entry" | ".func")
                {
                    let function = self.function(linkage, t.start);
                    self.module.items.push(Item::Function(function));
                } else {
                    let mut decl = self.var_decl(linkage, t.start, true);
                    decl.range.start = t.start;
                    self.module.items.push(Item::Variable(decl));
                }
            }
            text if is_state_space(text) || super::syntax_is_type(text) => {
                let decl = self.var_decl(Vec::new(), t.start, true);
                self.module.items.push(Item::Variable(decl));
            }
            text if super::syntax_known_directive(text) => {
                // `.pragma`, `.alias`, `.callprototype`, … at module scope.
                self.bump();
                self.skip_to_semicolon();
                self.module.items.push(Item::Directive {
                    keyword,
                    range: TextRange::new(t.start, self.previous_end),
                });
            }
            _ => {
                self.bump();
                self.unexpected(t, "at module scope");
                self.recover();
            }
        }
    }

    /// `.reg .b32 %r<10>, %p;` — also parameters (`terminated = false`: no `;`).
    fn var_decl(&mut self, linkage: Vec<TextRange>, start: usize, terminated: bool) -> VarDecl {
        let mut decl = VarDecl {
            linkage,
            ..VarDecl::default()
        };
        while self.peek().kind == Tok::Directive {
            let t = self.bump();
            let text = self.text(t);
            let range = TextRange::new(t.start, t.end);
            if is_state_space(text) && decl.state_space.is_none() {
                decl.state_space = Some(range);
            } else if matches!(text, ".v2" | ".v4" | ".v8" | ".v16") {
                decl.vector = Some(range);
            } else if super::syntax_is_type(text) {
                decl.ty = Some(range);
            } else {
                decl.keywords.push(range);
                if self.peek().kind == Tok::Int {
                    self.bump();
                }
                if text == ".attribute" && self.at_punct(b'(') {
                    self.skip_parens();
                }
            }
        }
        loop {
            let name = self.peek();
            if name.kind != Tok::Word {
                self.unexpected(name, "(expected a name to declare)");
                if terminated {
                    self.recover();
                }
                break;
            }
            self.bump();
            let mut declarator = Declarator {
                name: TextRange::new(name.start, name.end),
                range_count: None,
            };
            if self.eat_punct(b'<') {
                let count = self.bump();
                if count.kind == Tok::Int {
                    declarator.range_count = super::symbols::parse_int(self.text(count));
                } else {
                    self.unexpected(count, "(expected a register count)");
                }
                if !self.eat_punct(b'>') {
                    let t = self.peek();
                    self.unexpected(t, "(expected `>`)");
                }
            }
            while self.at_punct(b'[') {
                self.skip_brackets();
            }
            if self.eat_punct(b'=') {
                self.skip_initializer();
            }
            decl.declarators.push(declarator);
            if !terminated || !self.eat_punct(b',') {
                break;
            }
        }
        if terminated && !decl.declarators.is_empty() {
            self.expect_semicolon();
        }
        decl.range = TextRange::new(start, self.previous_end);
        decl
    }

    fn skip_brackets(&mut self) {
        self.bump();
        loop {
            let t = self.peek();
            match t.kind {
                Tok::Punct(b']') => {
                    self.bump();
                    return;
                }
                Tok::Eof | Tok::Punct(b';' | b'{' | b'}') => {
                    self.error(TextRange::new(t.start, t.start), "missing `]`");
                    return;
                }
                _ => {
                    self.bump();
                }
            }
        }
    }

    fn skip_parens(&mut self) {
        let mut depth = 0usize;
        loop {
            let t = self.peek();
            match t.kind {
                Tok::Punct(b'(') => depth += 1,
                Tok::Punct(b')') => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        return;
                    }
                }
                Tok::Eof | Tok::Punct(b';' | b'{' | b'}') => {
                    self.error(TextRange::new(t.start, t.start), "missing `)`");
                    return;
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// `= 1`, `= {1, 2, {3}}`, `= generic(sym)+4`: up to the `,` or `;` ending the declarator.
    fn skip_initializer(&mut self) {
        let mut depth = 0usize;
        loop {
            let t = self.peek();
            match t.kind {
                Tok::Eof => return,
                Tok::Punct(b'{' | b'(') => depth += 1,
                Tok::Punct(b'}' | b')') if depth == 0 => return,
                Tok::Punct(b'}' | b')') => depth -= 1,
                Tok::Punct(b',' | b';') if depth == 0 => return,
                Tok::Directive | Tok::Word if depth == 0 && t.line_start => return,
                _ => {}
            }
            self.bump();
        }
    }

    fn function(&mut self, linkage: Vec<TextRange>, start: usize) -> Function {
        let kind = self.bump();
        let mut function = Function {
            linkage,
            kind: TextRange::new(kind.start, kind.end),
            ..Function::default()
        };
        if self.text(kind) == ".func" && self.at_punct(b'(') {
            function.return_params = self.params();
        }
        let name = self.peek();
        if name.kind == Tok::Word {
            self.bump();
            function.name = Some(TextRange::new(name.start, name.end));
        } else {
            self.unexpected(name, "(expected the function name)");
        }
        if self.at_punct(b'(') {
            function.params = self.params();
        }
        // Performance directives and attributes up to the body or the `;` of a prototype.
        loop {
            let t = self.peek();
            match t.kind {
                Tok::Directive => {
                    self.bump();
                    function.directives.push(TextRange::new(t.start, t.end));
                    if self.text(t) == ".pragma" {
                        while self.peek().kind == Tok::Str || self.at_punct(b',') {
                            self.bump();
                        }
                        self.eat_punct(b';');
                    }
                }
                Tok::Int | Tok::Punct(b',') | Tok::Str => {
                    self.bump();
                }
                Tok::Punct(b'(') => self.skip_parens(),
                Tok::Punct(b'{') => {
                    function.body = self.nested(t, |p| Some(p.block()));
                    break;
                }
                Tok::Punct(b';') => {
                    self.bump();
                    break;
                }
                _ => {
                    self.unexpected(t, "(expected the function body `{`)");
                    self.recover();
                    break;
                }
            }
        }
        function.range = TextRange::new(start, self.previous_end);
        function
    }

    fn params(&mut self) -> Vec<VarDecl> {
        self.bump(); // `(`
        let mut params = Vec::new();
        if self.eat_punct(b')') {
            return params;
        }
        loop {
            let t = self.peek();
            if t.kind != Tok::Directive {
                self.unexpected(t, "(expected a parameter such as `.param .u64 p`)");
                self.skip_to_close_paren();
                return params;
            }
            params.push(self.var_decl(Vec::new(), t.start, false));
            if self.eat_punct(b',') {
                continue;
            }
            if self.eat_punct(b')') {
                return params;
            }
            let t = self.peek();
            self.unexpected(t, "(expected `,` or `)` in the parameter list)");
            self.skip_to_close_paren();
            return params;
        }
    }

    fn skip_to_close_paren(&mut self) {
        loop {
            let t = self.peek();
            match t.kind {
                Tok::Punct(b')') => {
                    self.bump();
                    return;
                }
                Tok::Eof | Tok::Punct(b'{' | b';') => return,
                _ => {
                    self.bump();
                }
            }
        }
    }

    fn block(&mut self) -> Block {
        let open = self.bump();
        let mut block = Block {
            range: TextRange::new(open.start, open.end),
            statements: Vec::new(),
        };
        loop {
            let t = self.peek();
            match t.kind {
                Tok::Punct(b'}') => {
                    self.bump();
                    break;
                }
                Tok::Eof => {
                    let line = self.source[..open.start].matches('\n').count() + 1;
                    self.error(TextRange::new(t.start, t.start), format!("missing `}}` at the end of the file: the `{{` on line {line} is never closed"));
                    break;
                }
                Tok::Punct(b'{') => match self.nested(t, |p| Some(p.block())) {
                    Some(inner) => block.statements.push(Statement::Block(inner)),
                    None => self.skip_braces(),
                },
                Tok::Punct(b';') => {
                    self.bump();
                }
                Tok::Directive => self.block_directive(t, &mut block),
                Tok::DwarfLine => {
                    self.bump();
                    block.statements.push(Statement::Directive {
                        keyword: TextRange::new(t.start, t.start + 7),
                    });
                }
                Tok::Word | Tok::Punct(b'@') => {
                    if let Some(statement) = self.labelled_or_instruction() {
                        block.statements.push(statement);
                    }
                }
                _ => {
                    self.bump();
                    self.unexpected(t, "in a function body");
                    self.recover();
                }
            }
        }
        block.range.end = self.previous_end;
        block
    }

    fn block_directive(&mut self, t: Token, block: &mut Block) {
        let text = self.text(t);
        let keyword = TextRange::new(t.start, t.end);
        if is_state_space(text) || LINKAGE.contains(&text) {
            let linkage = if LINKAGE.contains(&text) {
                self.bump();
                vec![keyword]
            } else {
                Vec::new()
            };
            let decl = self.var_decl(linkage, t.start, true);
            block.statements.push(Statement::Variable(Box::new(decl)));
            return;
        }
        self.bump();
        match text {
            ".loc" | ".file" => self.skip_line(),
            _ if super::syntax_known_directive(text) => self.skip_to_semicolon(),
            _ => {
                self.unexpected(t, "in a function body");
                self.recover();
            }
        }
        block.statements.push(Statement::Directive { keyword });
    }

    fn labelled_or_instruction(&mut self) -> Option<Statement> {
        let first = self.peek();
        let guard = if first.kind == Tok::Punct(b'@') {
            self.bump();
            self.eat_punct(b'!');
            let predicate = self.peek();
            if predicate.kind != Tok::Word {
                self.unexpected(predicate, "(expected a predicate register after `@`)");
                self.recover();
                return None;
            }
            self.bump();
            Some(Guard {
                predicate: TextRange::new(predicate.start, predicate.end),
            })
        } else {
            None
        };
        let opcode = self.bump();
        if opcode.kind != Tok::Word {
            self.unexpected(opcode, "(expected an instruction)");
            self.recover();
            return None;
        }
        if guard.is_none() && self.at_punct(b':') {
            self.bump();
            return Some(Statement::Label {
                name: TextRange::new(opcode.start, opcode.end),
                range: TextRange::new(opcode.start, self.previous_end),
            });
        }
        let mut operands = Vec::new();
        let t = self.peek();
        // Operand lists may span lines (`call` puts each list on its own line); a new line
        // that starts with an instruction means this one lacks its operands or its `;`.
        // Not after `call`: its first operand may be a callee named like an instruction
        // (`call.uni` / `bar,` / `(param0);`, as LLVM prints calls).
        let opcode_text = self.text(opcode);
        let is_call = opcode_text.split('.').next() == Some("call");
        let ends_here = matches!(t.kind, Tok::Punct(b';' | b'}') | Tok::Eof)
            || (t.line_start && !is_call && self.starts_instruction(t));
        if !ends_here {
            loop {
                match self.operand() {
                    Some(operand) => operands.push(operand),
                    None => {
                        self.recover();
                        let mut statement = self.instruction(first, guard, opcode, operands);
                        if let Statement::Instruction(i) = &mut statement {
                            i.operands_incomplete = true;
                        }
                        return Some(statement);
                    }
                }
                if !self.eat_punct(b',') {
                    break;
                }
            }
        }
        self.expect_semicolon();
        Some(self.instruction(first, guard, opcode, operands))
    }

    fn starts_instruction(&self, t: Token) -> bool {
        match t.kind {
            Tok::Word => {
                let text = self.text(t);
                speclint_spec_db::ptx::is_known_head(text.split('.').next().unwrap_or(text))
            }
            Tok::Punct(b'@') | Tok::Directive => true,
            _ => false,
        }
    }

    fn instruction(
        &self,
        first: Token,
        guard: Option<Guard>,
        opcode: Token,
        operands: Vec<Operand>,
    ) -> Statement {
        Statement::Instruction(Instruction {
            range: TextRange::new(first.start, self.previous_end),
            guard,
            opcode: TextRange::new(opcode.start, opcode.end),
            operands,
            operands_incomplete: false,
        })
    }

    /// One operand, with `|` pairs and constant-expression tails; None after reporting an
    /// error.
    fn operand(&mut self) -> Option<Operand> {
        let first = self.primary()?;
        let t = self.peek();
        // `p|q`, `d|p`, and `{d0, d1, d2, d3}|p` (a texture fetch with its residency predicate).
        if t.kind == Tok::Punct(b'|')
            && matches!(
                first.kind,
                OperandKind::Name | OperandKind::Sink | OperandKind::Vector(_)
            )
        {
            self.bump();
            let second = self.primary()?;
            let range = TextRange::new(first.range.start, second.range.end);
            return Some(Operand {
                range,
                kind: OperandKind::PredicatePair {
                    first: Box::new(first),
                    second: Box::new(second),
                },
            });
        }
        if !is_binary_operator(t, self.text(t)) {
            return Some(first);
        }
        let mut names = Vec::new();
        collect_names(&first, &mut names);
        let start = first.range.start;
        while {
            let t = self.peek();
            is_binary_operator(t, self.text(t))
        } {
            self.bump();
            let next = self.primary()?;
            collect_names(&next, &mut names);
        }
        Some(Operand {
            range: TextRange::new(start, self.previous_end),
            kind: OperandKind::Expression {
                names: names.into_boxed_slice(),
            },
        })
    }

    fn primary(&mut self) -> Option<Operand> {
        let t = self.peek();
        let range = TextRange::new(t.start, t.end);
        let kind = match t.kind {
            Tok::Word => {
                self.bump();
                let text = self.text(t);
                // PTX names have no `.`: `%tid.x`, `%v.y` and `input.x` name a member.
                match text.find('.') {
                    _ if text == "_" => OperandKind::Sink,
                    Some(dot) if dot > 0 => OperandKind::Component {
                        register: TextRange::new(t.start, t.start + dot),
                    },
                    _ => OperandKind::Name,
                }
            }
            Tok::Int => {
                self.bump();
                if self.text(t).bytes().any(|c| c.is_ascii_alphabetic() && !matches!(c, b'x' | b'X' | b'b' | b'B' | b'U' | b'u' | b'a'..=b'f' | b'A'..=b'F')) {
                    self.error(range, format!("malformed number `{}`", self.text(t)));
                }
                OperandKind::Integer
            }
            Tok::Float => {
                self.bump();
                OperandKind::Float
            }
            Tok::Punct(b'[') => return self.address(),
            Tok::Punct(b'{') => {
                let elements = self.nested(t, |p| p.sequence(b'}'))?;
                return Some(Operand {
                    range: TextRange::new(t.start, self.previous_end),
                    kind: OperandKind::Vector(elements),
                });
            }
            Tok::Punct(b'(') => {
                let elements = self.nested(t, |p| p.sequence(b')'))?;
                return Some(Operand {
                    range: TextRange::new(t.start, self.previous_end),
                    kind: OperandKind::List(elements),
                });
            }
            Tok::Punct(b'!' | b'-' | b'~' | b'+') => {
                self.bump();
                let next = self.peek();
                if t.kind == Tok::Punct(b'-')
                    && next.kind == Tok::Float
                    && matches!(
                        self.source.as_bytes().get(next.start + 1),
                        Some(b'f' | b'F' | b'd' | b'D')
                    )
                {
                    self.bump();
                    self.error(TextRange::new(t.start, next.end), "a hexadecimal floating-point literal cannot be negated; write the negative value's bits (sign bit set)");
                    return Some(Operand {
                        range: TextRange::new(t.start, next.end),
                        kind: OperandKind::Float,
                    });
                }
                let inner = self.nested(t, Self::primary)?;
                let range = TextRange::new(t.start, inner.range.end);
                return Some(match inner.kind {
                    OperandKind::Integer | OperandKind::Float => Operand {
                        range,
                        kind: inner.kind,
                    },
                    _ => Operand {
                        range,
                        kind: OperandKind::Negated(Box::new(inner)),
                    },
                });
            }
            _ => {
                self.unexpected(t, "(expected an operand)");
                return None;
            }
        };
        Some(Operand { range, kind })
    }

    /// `{a, b}` or `(a, b)` after its opening token.
    fn sequence(&mut self, close: u8) -> Option<Vec<Operand>> {
        self.bump();
        let mut elements = Vec::new();
        if self.eat_punct(close) {
            return Some(elements);
        }
        loop {
            match self.operand() {
                Some(operand) => elements.push(operand),
                None => {
                    self.skip_past_close(close);
                    return None;
                }
            }
            if self.eat_punct(b',') {
                continue;
            }
            if self.eat_punct(close) {
                return Some(elements);
            }
            let t = self.peek();
            self.unexpected(t, &format!("(expected `,` or `{}`)", close as char));
            return None;
        }
    }

    /// After an error inside an element of `{…}` or `(…)`: skips past the `close` that ends
    /// it, so that enclosing sequences end at their own brackets; stops early at the end of
    /// the statement (`;`, the end of input) or at a bracket that closes something else.
    fn skip_past_close(&mut self, close: u8) {
        let mut depth = 0usize;
        loop {
            match self.peek().kind {
                Tok::Eof | Tok::Punct(b';') => return,
                Tok::Punct(b'{' | b'(' | b'[') => depth += 1,
                Tok::Punct(c @ (b'}' | b')' | b']')) if depth == 0 => {
                    if c == close {
                        self.bump();
                    }
                    return;
                }
                Tok::Punct(b'}' | b')' | b']') => depth -= 1,
                _ => {}
            }
            self.bump();
        }
    }

    /// `[%rd1+8]`, `[sym]`, `[tex, {%f1, %f2}]`: the names inside are what matters.
    fn address(&mut self) -> Option<Operand> {
        let open = self.bump();
        // Most addresses name one register or variable: no reallocation when boxed.
        let mut names = Vec::with_capacity(1);
        let mut depth = 0usize;
        let mut vectors: Vec<AddressVector> = Vec::new();
        // The `{…}` being read (at depth 1), and whether it has an element yet.
        let mut open_vector: Option<(AddressVector, bool)> = None;
        let mut parts = 1usize;
        loop {
            let t = self.peek();
            match t.kind {
                Tok::Punct(b']') if depth == 0 => {
                    self.bump();
                    break;
                }
                Tok::Punct(b',') if depth == 0 => parts += 1,
                Tok::Punct(b',') if depth == 1 => {
                    if let Some((vector, _)) = open_vector.as_mut() {
                        vector.elements += 1;
                    }
                }
                Tok::Punct(b'{') if depth == 0 => {
                    depth += 1;
                    open_vector = Some((
                        AddressVector {
                            range: TextRange::new(t.start, t.end),
                            elements: 1,
                            names: Vec::new(),
                        },
                        false,
                    ));
                }
                Tok::Punct(b'}') if depth == 1 => {
                    depth -= 1;
                    if let Some((mut vector, any)) = open_vector.take() {
                        if !any {
                            vector.elements = 0;
                        }
                        vector.range = TextRange::new(vector.range.start, t.end);
                        vectors.push(vector);
                    }
                }
                Tok::Punct(b'{' | b'(' | b'[') => depth += 1,
                Tok::Punct(b'}' | b')' | b']') if depth > 0 => depth -= 1,
                Tok::Eof | Tok::Punct(b';' | b'}') => {
                    self.error(
                        TextRange::new(open.start, open.end),
                        "this `[` is never closed",
                    );
                    return None;
                }
                Tok::Word => {
                    let text = self.text(t);
                    let end = if text.starts_with('%') {
                        text.find('.').map_or(t.end, |d| t.start + d)
                    } else {
                        t.end
                    };
                    if text != "_" {
                        names.push(TextRange::new(t.start, end));
                    }
                    if let (1, Some((vector, any))) = (depth, open_vector.as_mut()) {
                        *any = true;
                        if text.starts_with('%') {
                            vector.names.push(TextRange::new(t.start, end));
                        }
                    }
                }
                _ => {
                    if let (1, Some((_, any))) = (depth, open_vector.as_mut()) {
                        *any = true;
                    }
                }
            }
            self.bump();
        }
        Some(Operand {
            range: TextRange::new(open.start, self.previous_end),
            kind: OperandKind::Address {
                names: names.into_boxed_slice(),
                inside: (parts > 1 || !vectors.is_empty())
                    .then(|| Box::new(AddressInside { vectors, parts })),
            },
        })
    }
}

fn is_binary_operator(t: Token, text: &str) -> bool {
    match t.kind {
        Tok::Punct(c) => matches!(
            c,
            b'+' | b'-' | b'*' | b'/' | b'%' | b'&' | b'^' | b'<' | b'>' | b'?' | b':'
        ),
        Tok::Op2 => !text.is_empty(),
        _ => false,
    }
}

fn collect_names(operand: &Operand, names: &mut Vec<TextRange>) {
    match &operand.kind {
        OperandKind::Name => names.push(operand.range),
        OperandKind::Component { register } => names.push(*register),
        OperandKind::Address { names: inner, .. } | OperandKind::Expression { names: inner } => {
            names.extend(inner)
        }
        OperandKind::Vector(items) | OperandKind::List(items) => {
            items.iter().for_each(|o| collect_names(o, names))
        }
        OperandKind::PredicatePair { first, second } => {
            collect_names(first, names);
            collect_names(second, names);
        }
        OperandKind::Negated(inner) => collect_names(inner, names),
        OperandKind::Integer | OperandKind::Float | OperandKind::Sink => {}
    }
}

fn shorten(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn instructions(m: &Module) -> Vec<&Instruction> {
        let mut out = Vec::new();
        fn walk<'a>(b: &'a Block, out: &mut Vec<&'a Instruction>) {
            for s in &b.statements {
                match s {
                    Statement::Instruction(i) => out.push(i),
                    Statement::Block(inner) => walk(inner, out),
                    _ => {}
                }
            }
        }
        for item in &m.items {
            if let Item::Function(f) = item {
                if let Some(body) = &f.body {
                    walk(body, &mut out);
                }
            }
        }
        out
    }

    #[test]
    fn a_ratio_after_a_qualifier_stays_in_the_opcode() {
        let src = ".version 9.4\n.target sm_107a\n.address_size 64\n.visible .entry k()\n{\n tcgen05.ld.spcompress.sync.aligned.32x32b.x4.max.sp::2:4.f32.b2 {%r1}, {%r2, %r3}, [%r4];\n}\n";
        let m = parse(src);
        assert!(m.errors.is_empty(), "{:?}", m.errors);
        let ins = instructions(&m);
        let opcode = &src[ins[0].opcode.start..ins[0].opcode.end];
        assert_eq!(
            opcode,
            "tcgen05.ld.spcompress.sync.aligned.32x32b.x4.max.sp::2:4.f32.b2"
        );
        assert_eq!(ins[0].operands.len(), 3);
    }

    #[test]
    fn addresses_keep_their_coordinate_vectors() {
        let src = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, {%f5, %f6}];\n cp.async.bulk.prefetch.tensor.1d.L2.global.tile [%rd1, {0}];\n ld.global.u32 %r1, [%rd1+4];\n}\n";
        let m = parse(src);
        assert!(m.errors.is_empty(), "{:?}", m.errors);
        let ins = instructions(&m);
        let address = |i: usize, o: usize| match ins[i].operands[o].kind.address_inside() {
            Some((vectors, parts)) => (
                parts,
                vectors
                    .iter()
                    .map(|v| (v.elements, v.names.len()))
                    .collect::<Vec<_>>(),
            ),
            None => panic!("not an address"),
        };
        assert_eq!(address(0, 1), (2, vec![(2, 2)]));
        assert_eq!(address(1, 0), (2, vec![(1, 0)]));
        assert_eq!(address(2, 1), (1, vec![]));
    }

    #[test]
    fn parses_a_kernel() {
        let src = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n .reg .b32 %r<4>;\n @!%p1 bra L1;\nL1:\n ld.param.u64 %rd1, [p+8];\n mov.u32 %r1, %tid.x;\n setp.lt.s32 %p1|%p2, %r1, 4;\n call (%r1), f, (%r2, %r3);\n add.s32 %r1, %r2, WARP_SZ-1;\n}\n";
        let m = parse(src);
        assert!(m.errors.is_empty(), "{:?}", m.errors);
        let ins = instructions(&m);
        assert_eq!(ins.len(), 6);
        assert!(ins[0].guard.is_some());
        assert!(matches!(
            ins[2].operands[1].kind,
            OperandKind::Component { .. }
        ));
        assert!(matches!(
            ins[3].operands[0].kind,
            OperandKind::PredicatePair { .. }
        ));
        assert!(matches!(
            ins[5].operands[2].kind,
            OperandKind::Expression { .. }
        ));
    }

    #[test]
    fn a_callee_on_its_own_line_is_an_operand_even_with_an_instruction_name() {
        let src = ".version 8.0\n.target sm_90\n.entry k()\n{\n call.uni\n add,\n (\n param0\n );\n call.uni (retval0),\n exit,\n ();\n call\n ret;\n exit;\n}\n";
        let m = parse(src);
        assert!(m.errors.is_empty(), "{:?}", m.errors);
        let ins = instructions(&m);
        let text = |r: TextRange| &src[r.start..r.end];
        let shapes: Vec<(&str, usize)> = ins
            .iter()
            .map(|i| (text(i.opcode), i.operands.len()))
            .collect();
        assert_eq!(
            shapes,
            [("call.uni", 2), ("call.uni", 3), ("call", 1), ("exit", 0)]
        );
        assert_eq!(text(ins[0].operands[0].range), "add");
        assert_eq!(text(ins[2].operands[0].range), "ret");
    }

    #[test]
    fn reports_every_error_and_recovers() {
        let src = ".version 8.0\n.target sm_90\n.entry k()\n{\n add.s32 %r1, , %r3;\n add.s32 %r1, %r2, %r3\n sub.s32 %r1, %r2, %r3;\n .foo 1;\n mul.lo.s32 %r1, %r2, -0f3F800000;\n}\n";
        let m = parse(src);
        let messages: Vec<&str> = m.errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(messages.len(), 4, "{messages:?}");
        assert!(messages[0].contains("expected an operand"));
        assert_eq!(messages[1], "missing `;`");
        assert!(messages[2].contains("unknown directive `.foo`"));
        assert!(messages[3].contains("cannot be negated"));
        assert_eq!(instructions(&m).len(), 4);
    }

    #[test]
    fn parallel_parse_equals_sequential_parse() {
        let clean = ".visible .entry k(.param .u64 p)\n{\n .reg .b32 %r<4>;\n // } unbalanced in a comment\n add.s32 %r1, %r2, %r3;\n {\n add.s32 %r1, %r2, %r3;\n}\n}\n";
        let broken = ".visible .entry k(.param .u64 p)\n{\n .reg .b32 %r<4>;\n bad;;\n}\n";
        for function in [clean, broken] {
            let mut src = String::from(".version 8.0\n.target sm_90\n");
            while src.len() < 3 * PARALLEL_THRESHOLD {
                src.push_str(function);
            }
            let one = parse(&src);
            for threads in [2, 3, 7] {
                let many = parse_parallel(&src, threads);
                assert_eq!(format!("{:?}", one.items), format!("{:?}", many.items));
                assert_eq!(format!("{:?}", one.errors), format!("{:?}", many.errors));
            }
        }
    }

    #[test]
    fn unclosed_braces_and_garbage_do_not_hang() {
        for src in [
            "{",
            "}",
            ".entry k() {",
            "\u{0}\u{1}\u{2}",
            "é😀",
            "add",
            "[[[[",
            ".reg .b32 %r<",
            "/* x",
            "\"abc",
        ] {
            let m = parse(src);
            assert!(!m.errors.is_empty() || src.is_empty(), "{src:?}");
        }
    }

    /// A kernel whose body holds `levels` of `open`…`close` around `%r2` (blocks when
    /// `instruction` is empty, else an operand of it), then `ret`; and where the level past
    /// `MAX_NESTING` opens, counting the body's `{` as the first level.
    fn nested_kernel(instruction: &str, open: &str, close: &str, levels: usize) -> (String, usize) {
        let head = ".version 8.0\n.target sm_80\n.visible .entry k()\n{\n.reg .b32 %r<3>;\n";
        let mut text = format!("{head}{instruction}");
        let first = text.len();
        text.push_str(&open.repeat(levels));
        text.push_str(if instruction.is_empty() {
            "add.s32 %r1, %r2, %r2;"
        } else {
            "%r2"
        });
        text.push_str(&close.repeat(levels));
        text.push_str(if instruction.is_empty() {
            "\nret;\n}\n"
        } else {
            ";\nret;\n}\n"
        });
        // The body's `{` is level 1: the first `open` level 2.
        (text, first + (MAX_NESTING - 1) * open.len())
    }

    const NESTINGS: [(&str, &str, &str); 4] = [
        ("", "{", "}"),
        ("mov.b32 %r1, ", "{", "}"),
        ("call f, ", "(", ")"),
        ("neg.s32 %r1, ", "-", ""),
    ];

    #[test]
    fn nesting_stops_at_the_limit_and_the_rest_is_parsed() {
        for (instruction, open, close) in NESTINGS {
            let (text, _) = nested_kernel(instruction, open, close, MAX_NESTING - 1);
            let m = parse(&text);
            assert_eq!(
                (m.too_deep.len(), m.errors.len()),
                (0, 0),
                "{instruction}{open}"
            );
            for levels in [MAX_NESTING, 100_000] {
                let (text, too_deep) = nested_kernel(instruction, open, close, levels);
                let m = parse(&text);
                let opened = TextRange::new(too_deep, too_deep + open.len());
                assert_eq!(m.too_deep, [opened], "{instruction}{open} x{levels}");
                assert!(m.errors.is_empty(), "{:?}", m.errors);
                // The body goes on after the skipped part, and ends at its own `}`.
                let ret = instructions(&m).into_iter().next_back().unwrap().opcode;
                assert_eq!(&text[ret.start..ret.end], "ret");
                let Some(Item::Function(f)) = m.items.last() else {
                    panic!()
                };
                assert_eq!(f.range.end, text.len() - 1);
            }
        }
    }

    /// The whole analysis and every query, at the limit and far past it, on the language
    /// server's stack: one IO002 past the limit, none at it.
    #[test]
    fn nesting_is_checked_and_queried_on_the_server_stack() {
        use speclint_test_support::limits::check_on_server_stack;
        for (instruction, open, close) in NESTINGS {
            for levels in [MAX_NESTING - 1, 100_000] {
                let (text, too_deep) = nested_kernel(instruction, open, close, levels);
                let inner = text.find("%r2").unwrap();
                let ret = text.rfind("ret").unwrap();
                let offsets = (inner - 20..inner + 30).chain([too_deep, ret]).collect();
                let found = check_on_server_stack(&crate::language::Ptx, text, offsets);
                let io002: Vec<_> = found.iter().filter(|(code, _)| *code == "IO002").collect();
                if levels < MAX_NESTING {
                    assert!(io002.is_empty(), "{instruction}{open}: {found:?}");
                } else {
                    assert_eq!(io002.len(), 1, "{instruction}{open}: {found:?}");
                    assert_eq!(io002[0].1.start, too_deep);
                }
            }
        }
    }

    /// An error inside a nested `{…}` operand ends at that operand's brackets: the `}` after
    /// it are not taken for the end of the block.
    #[test]
    fn an_error_inside_a_nested_vector_keeps_the_block_open() {
        let m = parse(".entry k()\n{\nmov.b32 %r1, {{%r2 +}}, %r3;\nret;\n}\n");
        assert_eq!(m.errors.len(), 1, "{:?}", m.errors);
        assert!(m.errors[0].message.contains("expected an operand"));
        let opcodes: Vec<_> = instructions(&m).iter().map(|i| i.opcode.start).collect();
        assert_eq!(opcodes.len(), 2);
    }
}
