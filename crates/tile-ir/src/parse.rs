//! Turns tokens into operations and regions without knowing any op's syntax: an op is
//! `results = name body… {regions}`, and it ends at a line break where nothing is left open
//! (no bracket, no trailing `,` `:` `=` `->`, and the next line does not continue it with
//! `:`, `->`, `,`, `else`, `iter_values`, …). Errors are recorded and parsing resumes at the
//! next line, so one mistake never hides the rest of the file.

use super::ast::{Block, File, Form, Op, OpId, Region, ResultDef, SyntaxError, TypeAlias};
use super::lex::{self, Kind, Token};
use speclint_base::limits::MAX_NESTING;
use speclint_base::parallel;
use speclint_base::text::TextRange;

pub fn parse(text: &str) -> File {
    parse_with_threads(text, parallel::threads_for(text.len()))
}

/// Parses on up to `threads` threads: the items of a large module are parsed in shares (see
/// `Parser::module_items`); the result equals a one-thread parse.
pub fn parse_with_threads(text: &str, threads: usize) -> File {
    let lexed = lex::lex(text);
    let mut parser = Parser {
        text,
        tokens: &lexed.tokens,
        pos: 0,
        ops: Vec::new(),
        aliases: Vec::new(),
        threads,
        ran_out_open: false,
        depth: 0,
        too_deep: Vec::new(),
        errors: lexed
            .errors
            .iter()
            .map(|(range, message)| SyntaxError {
                range: *range,
                message: message.clone(),
            })
            .collect(),
    };
    // Each `// -----` part is parsed alone: what one leaves open ends with it.
    let splits: Vec<usize> = lexed
        .markers
        .iter()
        .filter_map(|m| match m {
            lex::Marker::Split { at } => Some(*at),
            lex::Marker::Pragma { .. } => None,
        })
        .collect();
    let mut top = Vec::new();
    let mut parts = Vec::new();
    if splits.is_empty() {
        top = parser.block_ops(None, false);
        parser.unwrap_builtin_modules(&mut top);
    } else {
        let mut from = 0;
        for end in splits
            .iter()
            .map(|&at| lexed.tokens.partition_point(|t| t.range().start < at))
            .chain([lexed.tokens.len()])
        {
            parser.tokens = &lexed.tokens[..end];
            parser.pos = from;
            let mut part = parser.block_ops(None, false);
            parser.unwrap_builtin_modules(&mut part);
            parts.push(top.len());
            top.extend(part);
            from = end;
        }
    }
    let Parser {
        ops,
        aliases,
        errors,
        too_deep,
        ..
    } = parser;
    File {
        tokens: lexed.tokens,
        ops,
        top,
        parts,
        aliases,
        markers: lexed.markers,
        lex_errors: lexed.errors.len(),
        errors,
        too_deep,
    }
}

/// One module item parsed again alone (`incremental`): its ops, numbered from 0 with the
/// item first, and what the parse reported.
pub struct Piece {
    pub ops: Vec<Op>,
    pub errors: Vec<SyntaxError>,
    pub too_deep: Vec<TextRange>,
}

/// Parses the tokens `from..to` of `tokens` (the whole file's, over `text`) as one item of a
/// module nested `depth` regions deep, as a share of `Parser::module_items` is parsed: `None`
/// unless they make exactly one op that ends at `to` with nothing left open, so that a parse of
/// the whole file gives the same ops.
pub fn item_piece(
    text: &str,
    tokens: &[Token],
    from: usize,
    to: usize,
    depth: usize,
) -> Option<Piece> {
    let mut piece = Parser {
        text,
        tokens: tokens.get(..to)?,
        pos: from,
        ops: Vec::new(),
        aliases: Vec::new(),
        errors: Vec::new(),
        threads: 1,
        ran_out_open: false,
        depth,
        too_deep: Vec::new(),
    };
    let items = piece.block_ops(None, true);
    let not_closed = piece
        .errors
        .iter()
        .any(|e| e.message.contains("is not closed"));
    let whole = items == [0] && piece.pos == to && piece.aliases.is_empty();
    (whole && !piece.ran_out_open && !not_closed).then_some(Piece {
        ops: piece.ops,
        errors: piece.errors,
        too_deep: piece.too_deep,
    })
}

/// Parses `text` alone as one operation at nesting depth `depth`: its range, when it is all
/// of `text` and nothing (a bracket, a region, a string, a line continuation) was left open
/// at its end.
pub fn lone_op_range(text: &str, depth: usize) -> Option<TextRange> {
    let lexed = lex::lex(text);
    let mut parser = Parser {
        text,
        tokens: &lexed.tokens,
        pos: 0,
        ops: Vec::new(),
        aliases: Vec::new(),
        threads: 1,
        ran_out_open: false,
        depth,
        too_deep: Vec::new(),
        errors: Vec::new(),
    };
    let op = parser.statement(None)?;
    // A bracket or region closed by the end of `text` might be closed later in a longer one,
    // and a string the lexer could not end might end there.
    let ran_out = parser.ran_out_open
        || !lexed.errors.is_empty()
        || parser
            .errors
            .iter()
            .any(|e| e.message.contains("is not closed"));
    (parser.pos == lexed.tokens.len() && !ran_out).then(|| parser.ops[op].range)
}

struct Parser<'a> {
    text: &'a str,
    tokens: &'a [Token],
    pos: usize,
    ops: Vec<Op>,
    aliases: Vec<TypeAlias>,
    errors: Vec<SyntaxError>,
    /// Threads a module's items may be parsed on.
    threads: usize,
    /// An op ran into the end of the tokens while a bracket or a line continuation was open:
    /// with more tokens it might have gone on (a share of a parallel parse is then redone).
    ran_out_open: bool,
    /// How many regions enclose the current token.
    depth: usize,
    /// See `File::too_deep`.
    too_deep: Vec<TextRange>,
}

impl<'a> Parser<'a> {
    /// `module { cuda_tile.module @m { … } }` and `module attributes {…} { … }`: MLIR's builtin
    /// module, which mlir tools accept around the dialect's modules. Its items take its place
    /// at the top level. A short `module` is that wrapper when it names no symbol or holds a
    /// `cuda_tile.module`; `module @m { entry … }` stays the cuda_tile module it means.
    fn unwrap_builtin_modules(&mut self, top: &mut Vec<OpId>) {
        let mut unwrapped = Vec::with_capacity(top.len());
        let mut work: Vec<OpId> = top.iter().rev().copied().collect();
        while let Some(id) = work.pop() {
            let op = &self.ops[id];
            let children: Vec<OpId> = op
                .regions
                .iter()
                .flat_map(|r| r.blocks.iter())
                .flat_map(|b| b.ops.iter().copied())
                .collect();
            let names_symbol = op.body.iter().any(|&t| {
                self.tokens
                    .get(t as usize)
                    .is_some_and(|t| t.kind == Kind::Symbol)
            });
            let holds_dialect_module = children
                .iter()
                .any(|&c| self.ops[c].name == "module" && self.ops[c].form == Form::Long);
            let wrapper = op.name == "module"
                && op.form == Form::Short
                && op.regions.len() == 1
                && (!names_symbol || holds_dialect_module);
            if !wrapper {
                unwrapped.push(id);
                continue;
            }
            for &child in &children {
                self.ops[child].parent = None;
            }
            work.extend(children.into_iter().rev());
        }
        *top = unwrapped;
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn text_at(&self, i: usize) -> &'a str {
        self.tokens
            .get(i)
            .map_or("", |t| &self.text[t.range().start..t.range().end])
    }

    fn is_punct(&self, i: usize, p: &str) -> bool {
        self.tokens
            .get(i)
            .is_some_and(|t| t.kind == Kind::Punct && self.text_at(i) == p)
    }

    fn error(&mut self, range: TextRange, message: impl Into<String>) {
        self.errors.push(SyntaxError {
            range,
            message: message.into(),
        });
    }

    fn end_range(&self) -> TextRange {
        let end = self.tokens.last().map_or(0, |t| t.range().end);
        TextRange::new(end, end)
    }

    /// Skips to the first token of the next line.
    fn skip_line(&mut self) {
        self.pos += 1;
        while self.peek().is_some_and(|t| !t.line_start) {
            self.pos += 1;
        }
    }

    /// The ops of one block sequence, up to the `}` that closes the region (not consumed) or
    /// the end of input. Block labels (`^bb1:`) start new blocks; their ops are appended to
    /// `blocks` when given.
    fn block_ops(&mut self, parent: Option<OpId>, in_region: bool) -> Vec<OpId> {
        let mut ops = Vec::new();
        while let Some(token) = self.peek().copied() {
            if token.kind == Kind::Punct && self.text_at(self.pos) == "}" {
                if in_region {
                    break;
                }
                self.error(token.range(), "unmatched `}`");
                self.pos += 1;
                continue;
            }
            ops.extend(self.statement(parent));
        }
        ops
    }

    /// One alias or op at the current token; always consumes input.
    fn statement(&mut self, parent: Option<OpId>) -> Option<OpId> {
        let token = self.tokens[self.pos];
        if matches!(token.kind, Kind::BangIdent | Kind::HashIdent)
            && self.is_punct(self.pos + 1, "=")
        {
            // `!t = type` / `#loc = loc(…)`: aliases (attribute aliases carry no checks).
            self.type_alias();
            if token.kind == Kind::HashIdent {
                self.aliases.pop();
            }
            return None;
        }
        let before = self.pos;
        let op = self.op(parent);
        if self.pos == before {
            self.pos += 1; // never loop without consuming input
        }
        op
    }

    fn type_alias(&mut self) {
        let name_token = self.pos;
        self.pos += 2;
        let body = self.body_tokens(None, Form::Short);
        if body.is_empty() && self.tokens[name_token].kind == Kind::BangIdent {
            self.error(self.tokens[name_token].range(), "expected a type after `=`");
        }
        self.aliases.push(TypeAlias {
            name: self.text_at(name_token).to_string(),
            body,
        });
    }

    /// One operation. Returns None (after recording an error and skipping the line) when no
    /// operation starts here.
    fn op(&mut self, parent: Option<OpId>) -> Option<OpId> {
        let start = self.tokens[self.pos].range().start;
        let mut results = Vec::new();
        if self.tokens[self.pos].kind == Kind::Value {
            while let Some(token) = self.peek().copied() {
                if token.kind != Kind::Value {
                    self.error(token.range(), "expected a result name such as `%x`");
                    self.skip_line();
                    return None;
                }
                let mut count = 1;
                let mut range = token.range();
                self.pos += 1;
                if self.is_punct(self.pos, ":")
                    && self
                        .tokens
                        .get(self.pos + 1)
                        .is_some_and(|t| t.kind == Kind::Integer)
                {
                    count = self.text_at(self.pos + 1).parse().unwrap_or(1);
                    range = TextRange::new(range.start, self.tokens[self.pos + 1].range().end);
                    self.pos += 2;
                }
                results.push(ResultDef {
                    name: self.text[token.range().start..token.range().end].to_string(),
                    range,
                    count,
                });
                if self.is_punct(self.pos, ",") {
                    self.pos += 1;
                    continue;
                }
                break;
            }
            if !self.is_punct(self.pos, "=") {
                let range = self.peek().map_or_else(|| self.end_range(), |t| t.range());
                self.error(range, "expected `=` after the result names");
                if self.peek().is_some_and(|t| !t.line_start) {
                    self.skip_line();
                }
                return None;
            }
            self.pos += 1;
        }
        let Some(name_token) = self.peek().copied() else {
            self.error(self.end_range(), "expected an operation name after `=`");
            return None;
        };
        let raw_name = &self.text[name_token.range().start..name_token.range().end];
        let (name, form, foreign_dialect) = match name_token.kind {
            Kind::Ident => match raw_name.strip_prefix("cuda_tile.") {
                Some(short) => (short.to_string(), Form::Long, false),
                None => (raw_name.to_string(), Form::Short, raw_name.contains('.')),
            },
            Kind::String => {
                let inner = raw_name.trim_matches('"');
                match inner.strip_prefix("cuda_tile.") {
                    Some(short) => (short.to_string(), Form::Generic, false),
                    None => (inner.to_string(), Form::Generic, true),
                }
            }
            _ => {
                self.error(
                    name_token.range(),
                    format!(
                        "expected an operation name, found `{}`",
                        self.text_at(self.pos)
                    ),
                );
                // After `%a =` a name at a line start belongs to the next statement.
                if !(name_token.line_start && start < name_token.range().start) {
                    self.skip_line();
                }
                return None;
            }
        };
        self.pos += 1;
        let id = self.ops.len();
        self.ops.push(Op {
            results,
            name,
            foreign_dialect,
            name_range: name_token.range(),
            form,
            body: Vec::new(),
            regions: Vec::new(),
            parent,
            range: TextRange::new(start, name_token.range().end),
        });
        let body = self.body_tokens(Some(id), form);
        let end = self
            .pos
            .checked_sub(1)
            .map_or(name_token.range().end, |last| {
                self.tokens[last].range().end.max(name_token.range().end)
            });
        let op = &mut self.ops[id];
        op.body = body;
        op.range = TextRange::new(start, end);
        Some(id)
    }

    /// Tokens after the op name up to the end of the op; regions met on the way are parsed
    /// into `op` (when there is one: type aliases have none).
    fn body_tokens(&mut self, op: Option<OpId>, form: Form) -> Vec<u32> {
        let mut body = Vec::new();
        let mut open: Vec<(u8, TextRange)> = Vec::new();
        let mut previous: Option<usize> = None;
        loop {
            let Some(token) = self.peek().copied() else {
                let continues = previous.is_some_and(|p| {
                    self.tokens[p].kind == Kind::Arrow
                        || matches!(self.text_at(p), "," | ":" | "=" | "(" | "[" | "<")
                });
                self.ran_out_open |= !open.is_empty() || continues;
                break;
            };
            let text = self.text_at(self.pos);
            if token.line_start && self.ends_here(previous, open.is_empty()) {
                if let Some(&(bracket, range)) = open.last() {
                    self.error(range, format!("`{}` is not closed", bracket as char));
                }
                break;
            }
            if token.kind == Kind::Punct {
                match text {
                    "(" | "[" | "<" => open.push((text.as_bytes()[0], token.range())),
                    "{" => {
                        let region_allowed = open.is_empty()
                            || (form == Form::Generic
                                && previous.is_some_and(|p| {
                                    self.is_punct(p, "(") || self.is_punct(p, ",")
                                }));
                        if !region_allowed
                            && form != Form::Generic
                            && self.is_unclosed_region(previous)
                        {
                            // `entry @k(%a: T {`: the brackets before a region's `{` were never
                            // closed. Report them and parse the region, so that its body is
                            // checked and its `}` does not end the enclosing region.
                            for &(bracket, range) in &open {
                                self.errors.push(SyntaxError {
                                    range,
                                    message: format!("`{}` is not closed", bracket as char),
                                });
                            }
                            open.clear();
                        }
                        let region_allowed = region_allowed || open.is_empty();
                        if region_allowed && !self.is_attr_dict() {
                            if let Some(op) = op {
                                if self.depth < MAX_NESTING {
                                    self.depth += 1;
                                    let region = self.region(op);
                                    self.depth -= 1;
                                    self.ops[op].regions.push(region);
                                } else {
                                    self.too_deep.push(token.range());
                                    self.skip_region();
                                }
                                previous = Some(self.pos - 1);
                                continue;
                            }
                        }
                        open.push((b'{', token.range()));
                    }
                    ")" | "]" | ">" | "}" => {
                        let want = match text {
                            ")" => b'(',
                            "]" => b'[',
                            ">" => b'<',
                            _ => b'{',
                        };
                        if open.is_empty() && text == "}" {
                            break; // closes the enclosing region
                        }
                        match open.iter().rposition(|&(b, _)| b == want) {
                            Some(at) => {
                                for &(bracket, range) in &open[at + 1..] {
                                    self.errors.push(SyntaxError {
                                        range,
                                        message: format!("`{}` is not closed", bracket as char),
                                    });
                                }
                                open.truncate(at);
                            }
                            None if text == "}" => {
                                // A region's `}` while brackets are open: they were never closed.
                                for &(bracket, range) in &open {
                                    self.errors.push(SyntaxError {
                                        range,
                                        message: format!("`{}` is not closed", bracket as char),
                                    });
                                }
                                break;
                            }
                            None => self.error(token.range(), format!("unmatched `{text}`")),
                        }
                    }
                    _ => {}
                }
            } else if token.kind == Kind::Unknown {
                self.error(token.range(), format!("unexpected character `{text}`"));
            }
            // `loc(…)` locations carry no meaning for the checks.
            if token.kind == Kind::Ident && text == "loc" && self.is_punct(self.pos + 1, "(") {
                let mut depth = 0usize;
                while let Some(t) = self.peek() {
                    let t_text = self.text_at(self.pos);
                    if t.kind == Kind::Punct && t_text == "(" {
                        depth += 1;
                    } else if t.kind == Kind::Punct && t_text == ")" {
                        depth -= 1;
                        if depth == 0 {
                            self.pos += 1;
                            break;
                        }
                    }
                    self.pos += 1;
                }
                previous = Some(self.pos - 1);
                continue;
            }
            body.push(self.pos as u32);
            previous = Some(self.pos);
            self.pos += 1;
        }
        body
    }

    /// At a line start: does the op end before this token?
    fn ends_here(&self, previous: Option<usize>, balanced: bool) -> bool {
        let token = self.tokens[self.pos];
        let text = self.text_at(self.pos);
        if !balanced {
            // Inside brackets newlines are free, unless the line clearly starts a new op.
            return self.starts_statement();
        }
        let continues_line = match token.kind {
            Kind::Arrow => true,
            Kind::Punct => matches!(text, ":" | "," | ")" | "]" | ">" | "=" | "{" | "(" | "["),
            Kind::Ident => matches!(text, "else" | "iter_values" | "attributes" | "step" | "to"),
            _ => false,
        };
        let previous_open = previous.is_some_and(|p| {
            let t = self.tokens[p];
            t.kind == Kind::Arrow
                || (t.kind == Kind::Punct
                    && matches!(self.text_at(p), "," | ":" | "=" | "(" | "[" | "<"))
        });
        !(continues_line || previous_open)
    }

    /// `%x =`, `%a, %b =`, `%x:2 =` or a `}`: a new statement starts here.
    fn starts_statement(&self) -> bool {
        let mut i = self.pos;
        if self.is_punct(i, "}") {
            return true;
        }
        loop {
            if self.tokens.get(i).map(|t| t.kind) != Some(Kind::Value) {
                return false;
            }
            i += 1;
            if self.is_punct(i, ":")
                && self.tokens.get(i + 1).map(|t| t.kind) == Some(Kind::Integer)
            {
                i += 2;
            }
            if self.is_punct(i, "=") {
                return true;
            }
            if !self.is_punct(i, ",") {
                return false;
            }
            i += 1;
        }
    }

    /// A `{` at the end of a line, inside brackets, that opens a region rather than a
    /// dictionary: the next line starts a statement or closes the region, and the token before
    /// the `{` does not leave a value pending (`(`, `[`, `<`, `,`, `=`, `:`).
    fn is_unclosed_region(&self, previous: Option<usize>) -> bool {
        let next = self.pos + 1;
        let Some(first) = self.tokens.get(next) else {
            return false;
        };
        if !first.line_start {
            return false;
        }
        if previous.is_some_and(|p| {
            let t = self.tokens[p];
            t.kind == Kind::Arrow
                || (t.kind == Kind::Punct
                    && matches!(self.text_at(p), "(" | "[" | "<" | "{" | "," | "=" | ":"))
        }) {
            return false;
        }
        match first.kind {
            Kind::Value | Kind::BlockLabel => true,
            Kind::Punct => self.text_at(next) == "}",
            // An op name, not a `key = value` entry.
            Kind::Ident | Kind::String => !self.is_punct(next + 1, "="),
            _ => false,
        }
    }

    /// `{key = value, …}` or `{flag}` on one line, as opposed to a region.
    fn is_attr_dict(&self) -> bool {
        let next = self.pos + 1;
        let Some(first) = self.tokens.get(next) else {
            return false;
        };
        if first.line_start || !matches!(first.kind, Kind::Ident | Kind::String) {
            return false;
        }
        self.is_punct(next + 1, "=") || self.is_punct(next + 1, ",") || self.is_punct(next + 1, "}")
    }

    /// A `{ … }` region starting at the current `{`; consumes the closing `}`.
    fn region(&mut self, op: OpId) -> Region {
        let open = self.tokens[self.pos].range();
        self.pos += 1;
        let mut region = Region::default();
        let mut block = Block::default();
        loop {
            // A block label starts a new block: `^bb1(%a: tile<f32>):`
            if self.peek().is_some_and(|t| t.kind == Kind::BlockLabel) {
                if !block.ops.is_empty() || block.label.is_some() {
                    region.blocks.push(std::mem::take(&mut block));
                }
                block.label = Some(self.tokens[self.pos].range());
                self.pos += 1;
                while let Some(t) = self.peek() {
                    if t.kind == Kind::Punct && self.text_at(self.pos) == ":" {
                        let after = self.tokens.get(self.pos + 1);
                        if after.is_none_or(|a| a.line_start) {
                            self.pos += 1;
                            break;
                        }
                    }
                    if t.line_start && !block.label_args.is_empty() {
                        break;
                    }
                    block.label_args.push(self.pos as u32);
                    self.pos += 1;
                }
            }
            let ops = match self.module_items(op) {
                Some(ops) => ops,
                None => self.block_ops_until_label(op),
            };
            block.ops.extend(ops);
            if self.peek().is_some_and(|t| t.kind == Kind::BlockLabel) {
                continue;
            }
            break;
        }
        region.blocks.push(block);
        let end = match self.peek() {
            Some(t) if t.kind == Kind::Punct && self.text_at(self.pos) == "}" => {
                let end = t.range().end;
                self.pos += 1;
                end
            }
            _ => {
                self.error(open, "`{` is not closed: the region has no `}`");
                self.end_range().end
            }
        };
        region.range = TextRange::new(open.start, end);
        region
    }

    /// Skips a region nested too deeply, from its `{` to just past its `}`.
    fn skip_region(&mut self) {
        let open = self.tokens[self.pos].range();
        let mut depth = 0usize;
        while let Some(token) = self.peek() {
            if token.kind == Kind::Punct {
                match self.text_at(self.pos) {
                    "{" => depth += 1,
                    "}" => depth -= 1,
                    _ => {}
                }
            }
            self.pos += 1;
            if depth == 0 {
                return;
            }
        }
        self.error(open, "`{` is not closed: the region has no `}`");
    }

    /// The items of a large `module` region (after its `{`), parsed in shares on several
    /// threads: the region is cut before `entry`/`global` lines that follow an item's closing
    /// `}`, each share is parsed alone and the ops are joined in order. A share that has an
    /// error or may have run on past its end (an open bracket) makes the region be parsed on
    /// one thread instead, so the result is always that of a sequential parse.
    fn module_items(&mut self, module: OpId) -> Option<Vec<OpId>> {
        if self.threads < 2 || self.ops[module].name != "module" {
            return None;
        }
        let start = self.pos;
        let mut depth = 0usize;
        let mut cuts = vec![start];
        let mut close = None;
        for i in start..self.tokens.len() {
            let token = self.tokens[i];
            match (token.kind, self.text_at(i)) {
                (Kind::Punct, "{") => depth += 1,
                (Kind::Punct, "}") if depth == 0 => {
                    close = Some(i);
                    break;
                }
                (Kind::Punct, "}") => depth -= 1,
                (Kind::BlockLabel, _) if depth == 0 => return None,
                (Kind::Ident, "entry" | "global")
                    if depth == 0 && token.line_start && i > start && self.is_punct(i - 1, "}") =>
                {
                    cuts.push(i)
                }
                _ => {}
            }
        }
        let close = close?;
        let shares = parallel::shares(&cuts, self.threads, |_| 1);
        if shares.len() < 2 {
            return None;
        }
        let bounds: Vec<(usize, usize)> = shares
            .iter()
            .enumerate()
            .map(|(n, share)| {
                let end = shares.get(n + 1).map_or(close, |next| next[0]);
                (share[0], end)
            })
            .collect();
        let (text, tokens, depth) = (self.text, self.tokens, self.depth);
        let pieces = parallel::on_threads(bounds.clone(), |(from, to)| {
            let mut piece = Parser {
                text,
                tokens: &tokens[..to],
                pos: from,
                ops: Vec::new(),
                aliases: Vec::new(),
                errors: Vec::new(),
                threads: 1,
                ran_out_open: false,
                depth,
                too_deep: Vec::new(),
            };
            piece.block_ops(None, true);
            piece
        });
        let clean = pieces
            .iter()
            .zip(&bounds)
            .all(|(p, &(_, to))| p.errors.is_empty() && !p.ran_out_open && p.pos == to);
        if !clean {
            return None;
        }
        let mut items = Vec::new();
        for piece in pieces {
            let offset = self.ops.len();
            for mut op in piece.ops {
                match op.parent {
                    None => {
                        items.push(self.ops.len());
                        op.parent = Some(module);
                    }
                    Some(parent) => op.parent = Some(parent + offset),
                }
                for block in op.regions.iter_mut().flat_map(|r| r.blocks.iter_mut()) {
                    for child in &mut block.ops {
                        *child += offset;
                    }
                }
                self.ops.push(op);
            }
            self.aliases.extend(piece.aliases);
            self.too_deep.extend(piece.too_deep);
        }
        self.pos = close;
        Some(items)
    }

    fn block_ops_until_label(&mut self, parent: OpId) -> Vec<OpId> {
        let mut ops = Vec::new();
        while let Some(token) = self.peek().copied() {
            if token.kind == Kind::BlockLabel {
                break;
            }
            if token.kind == Kind::Punct && self.text_at(self.pos) == "}" {
                break;
            }
            ops.extend(self.statement(Some(parent)));
        }
        ops
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(file: &File, ids: &[OpId]) -> Vec<String> {
        ids.iter().map(|&i| file.ops[i].name.clone()).collect()
    }

    #[test]
    fn nested_regions_and_multiline_ops() {
        let text = "cuda_tile.module @m {\n  entry @k(%p: tile<ptr<f32>>) {\n    %a = constant <f32: 1.0> : tile<f32>\n    %0 = mmaf %a, %a,\n       %a\n      : tile<f32>, tile<f32>,\n        tile<f32>\n    %r = for %iv in (%a to %a, step %a) : tile<i32>\n        iter_values(%v = %a) -> (tile<f32>) {\n      continue %v : tile<f32>\n    }\n    if %a {\n      yield\n    } else {\n      yield\n    }\n  }\n}\n";
        let file = parse(text);
        assert!(file.errors.is_empty(), "{:?}", file.errors);
        assert_eq!(names(&file, &file.top), ["module"]);
        let entry: Vec<_> = file.children(file.top[0]).collect();
        assert_eq!(names(&file, &entry), ["entry"]);
        let body: Vec<_> = file.children(entry[0]).collect();
        assert_eq!(names(&file, &body), ["constant", "mmaf", "for", "if"]);
        assert_eq!(file.ops[body[3]].regions.len(), 2);
        let mmaf = &file.ops[body[1]];
        assert_eq!(mmaf.body.len(), 20);
    }

    #[test]
    fn errors_recover_at_the_next_line() {
        let text = "cuda_tile.module @m {\n  entry @k() {\n    %a = \n    %b = addf %x, (%y : tile<f32>\n    %c = addf %b, %b : tile<f32>\n  }\n}\n";
        let file = parse(text);
        assert_eq!(file.errors.len(), 2, "{:?}", file.errors);
        let entry: Vec<_> = file.children(file.top[0]).collect();
        let body: Vec<_> = file.children(entry[0]).collect();
        assert_eq!(names(&file, &body).last().unwrap(), "addf");
    }

    fn shape(file: &File) -> String {
        let errors: Vec<_> = file.errors.iter().map(|e| (e.range, &e.message)).collect();
        let aliases: Vec<_> = file.aliases.iter().map(|a| (&a.name, &a.body)).collect();
        format!("{:?}\n{:?}\n{errors:?}\n{aliases:?}", file.ops, file.top)
    }

    #[test]
    fn a_module_parsed_in_shares_equals_one_thread() {
        let entry = "  entry @k(%p: tile<ptr<f32>>) {\n    %a = constant <f32: 1.0> : tile<4xf32>\n    %r = for %i in (%c to %c, step %c) : tile<i32>\n        iter_values(%x = %a) -> (tile<4xf32>) {\n      continue %x : tile<4xf32>\n    }\n    return\n  }\n";
        let global = "  global @g <f32: 0.0> : tile<1xf32>\n";
        let mut clean = String::from("!t = tile<4xf32>\ncuda_tile.module @m {\n");
        for n in 0..12 {
            clean.push_str(if n % 5 == 2 { global } else { entry });
        }
        clean.push_str("}\n");
        // The same with an error in one item (an unclosed bracket runs into the next item),
        // which makes the parser fall back to one thread.
        let broken = clean.replacen("%i in (%c to %c, step %c)", "%i in (%c to %c, step %c", 4);
        for text in [&clean, &broken] {
            let one = parse_with_threads(text, 1);
            assert_eq!(one.errors.is_empty(), text == &clean);
            for threads in [2, 3, 5] {
                assert_eq!(shape(&one), shape(&parse_with_threads(text, threads)));
            }
        }
    }
}

#[cfg(test)]
mod regression {
    /// `#loc = loc(…)` at the top level once made the parser loop forever.
    #[test]
    fn attribute_aliases_and_stray_tokens_always_make_progress() {
        for text in [
            "#loc = loc(1)\n",
            "#x\n#y\n",
            "cuda_tile.module @m {\n}\n#l = loc(unknown)\n",
            "]\n)\n>\n",
        ] {
            let file = super::parse(text);
            assert!(file.tokens.len() < 20, "{text:?}");
        }
    }
}

#[cfg(test)]
mod recovery {
    /// `entry @k(%a: T {`: one error for the `(`, and the body is the entry's region.
    #[test]
    fn an_unclosed_bracket_before_a_region_keeps_the_region() {
        let text = "cuda_tile.module @m {\n  entry @k(%a: tile<f32> {\n    return\n  }\n  entry @j() {\n  }\n}\n";
        let file = super::parse(text);
        assert_eq!(file.errors.len(), 1, "{:?}", file.errors);
        assert_eq!(file.errors[0].message, "`(` is not closed");
        let entries: Vec<_> = file.children(file.top[0]).collect();
        assert_eq!(entries.len(), 2);
        let body: Vec<_> = file.children(entries[0]).collect();
        assert_eq!(file.ops[body[0]].name, "return");
    }

    /// A `{` after `<` (a properties dictionary) is not taken for a region.
    #[test]
    fn a_dictionary_inside_brackets_is_not_a_region() {
        let text = "cuda_tile.module @m {\n  entry @k() {\n    %a = \"cuda_tile.constant\"() <{\n      value = 1 : i32\n    }> : () -> !cuda_tile.tile<i32>\n  }\n}\n";
        let file = super::parse(text);
        let constant = file.ops.iter().find(|o| o.name == "constant").unwrap();
        assert!(constant.regions.is_empty());
    }
}

#[cfg(test)]
mod nesting {
    use speclint_base::limits::MAX_NESTING;
    use speclint_base::text::TextRange;
    use speclint_test_support::limits::check_on_server_stack;

    /// A module (level 1) whose entry (level 2) holds `if`s nested to `regions` levels, with
    /// `%p` of type `wrap<…<f32>>` (`types` levels) in the innermost one, and an op after them.
    fn nested_module(regions: usize, wrap: &str, types: usize) -> String {
        let mut text = String::from("cuda_tile.module @m {\n  entry @k(%c: tile<i1>) {\n");
        text.push_str(&"if %c {\n".repeat(regions - 2));
        let ty = format!(
            "{}f32{}",
            format!("{wrap}<").repeat(types - 1),
            ">".repeat(types - 1)
        );
        text.push_str(&format!("%p = constant <f32: 1.0> : {ty}\n"));
        text.push_str(&"}\n".repeat(regions - 2));
        text.push_str("    %x = addf %c, %c : tile<f32>\n    return\n  }\n}\n");
        text
    }

    /// Where the level past the limit opens: the `{` of that region, or that type's name.
    fn too_deep_region(text: &str) -> TextRange {
        let (at, _) = text.match_indices('{').nth(MAX_NESTING).unwrap();
        TextRange::new(at, at + 1)
    }

    fn too_deep_type(text: &str, wrap: &str) -> TextRange {
        let ty = text.find("%p").unwrap();
        let (at, _) = text[ty..]
            .match_indices(&format!("{wrap}<"))
            .nth(MAX_NESTING)
            .unwrap();
        TextRange::new(ty + at, ty + at + wrap.len())
    }

    #[test]
    fn regions_stop_at_the_limit_and_the_rest_is_parsed() {
        let file = super::parse(&nested_module(MAX_NESTING, "tile", 2));
        assert!(file.too_deep.is_empty() && file.errors.is_empty());
        for regions in [MAX_NESTING + 1, 100_000] {
            let text = nested_module(regions, "tile", 2);
            let file = super::parse(&text);
            assert_eq!(file.too_deep, [too_deep_region(&text)]);
            assert!(file.errors.is_empty(), "{:?}", file.errors);
            // The entry goes on after the skipped region and ends at its own `}`.
            let entry = file.children(file.top[0]).next().unwrap();
            let names: Vec<_> = file.children(entry).map(|op| &file.ops[op].name).collect();
            assert_eq!(names, ["if", "addf", "return"]);
        }
    }

    fn io002(found: &[(&str, TextRange)]) -> Vec<TextRange> {
        found
            .iter()
            .filter(|(code, _)| *code == "IO002")
            .map(|&(_, range)| range)
            .collect()
    }

    /// The whole analysis and every query, at the limit and far past it, on the language
    /// server's stack: regions and types at the limit together (a type is read inside the
    /// innermost region), then past it. One IO002 for each kind of nesting past the limit.
    #[test]
    fn nesting_is_checked_and_queried_on_the_server_stack() {
        for wrap in ["tile", "ptr"] {
            let text = nested_module(MAX_NESTING, wrap, MAX_NESTING);
            let inner = text.find("%p").unwrap();
            let offsets = (inner..inner + 80).collect();
            let found = check_on_server_stack(&crate::language::TileIr, text, offsets);
            assert!(io002(&found).is_empty(), "{found:?}");
        }
        for (regions, types) in [
            (100_000, 2),
            (MAX_NESTING, 100_000),
            (MAX_NESTING + 1, 100_000),
        ] {
            let text = nested_module(regions, "tile", types);
            let expected = if regions > MAX_NESTING {
                too_deep_region(&text)
            } else {
                too_deep_type(&text, "tile")
            };
            let inner = text.find("%p").unwrap();
            let offsets = (inner..inner + 40)
                .chain([text.rfind("%x").unwrap()])
                .collect();
            let found = check_on_server_stack(&crate::language::TileIr, text, offsets);
            assert_eq!(io002(&found), [expected], "{regions} {types}");
        }
        // Aliases nest too: each `!aN = ptr<!aN-1>` one level deeper.
        let mut text = String::from("!a0 = f32\n");
        for n in 1..=MAX_NESTING {
            text.push_str(&format!("!a{n} = ptr<!a{}>\n", n - 1));
        }
        text.push_str(&format!("cuda_tile.module @m {{\n  entry @k() {{\n    %p = constant <f32: 1.0> : tile<!a{MAX_NESTING}>\n    return\n  }}\n}}\n"));
        let line = text.find(&format!("!a{MAX_NESTING} = ")).unwrap();
        let at = line + text[line..].find("<!a").unwrap() + 1;
        let found = check_on_server_stack(&crate::language::TileIr, text, vec![at]);
        let alias = format!("!a{}", MAX_NESTING - 1);
        assert_eq!(io002(&found), [TextRange::new(at, at + alias.len())]);
    }
}
