//! Finding the `asm` statements of a C++ file with tree-sitter-cpp: GNU extended asm
//! (`asm`, `asm volatile`, `__asm__ __volatile__`, …) wherever it is, and inside the bodies of
//! `#define`s, which tree-sitter keeps as text: a body that holds `asm` is parsed again on its
//! own and its statements mapped back to the file.

use speclint_base::text::TextRange;
use tree_sitter::{Node, Parser, Tree};

/// One piece of a template: a literal, or something that is not (a macro name, `#x`, `#if`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Literal(TextRange),
    Other(TextRange),
}

/// One operand as written: `[name] "constraint" (expression)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OperandSyntax {
    pub name: Option<TextRange>,
    pub constraint: TextRange,
    pub expression: TextRange,
    /// From `[name]` to the closing parenthesis.
    pub range: TextRange,
}

/// One `asm` statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmStatement {
    pub range: TextRange,
    /// The `asm` keyword.
    pub keyword: TextRange,
    pub template: Vec<Piece>,
    pub outputs: Vec<OperandSyntax>,
    pub inputs: Vec<OperandSyntax>,
    /// Each clobber's string (`"memory"`).
    pub clobbers: Vec<TextRange>,
    /// The operand lists did not parse (tree-sitter recovered from an error in them).
    pub operands_unreadable: bool,
    /// Found in the body of a `#define`.
    pub in_macro: bool,
    /// The `<nv/target>` macros whose arguments hold it (`NV_IF_TARGET(NV_PROVIDES_SM_90, …)`),
    /// innermost last.
    pub nv_target: Vec<NvTarget>,
    /// The preprocessor lines among the template's literals (`#if` … `#endif`), which choose
    /// the literals each target compiles.
    pub directives: Vec<TextRange>,
    /// The function or lambda whose body holds it: nvcc writes a function's statements into
    /// one PTX function, so a PTX `{` one statement opens may be closed by a later one.
    pub function: Option<TextRange>,
    /// Inside a template: nvcc assembles it only where the template is instantiated.
    pub in_template: bool,
}

/// One `<nv/target>` macro around a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NvTarget {
    /// When the argument that holds the statement is compiled, as an `#if` condition.
    pub condition: String,
    /// The macro and its query as written (`NV_IF_TARGET(NV_PROVIDES_SM_90)`).
    pub written: String,
}

fn parser() -> Parser {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_cpp::LANGUAGE.into())
        .expect("the C++ grammar matches the tree-sitter runtime");
    parser
}

/// CUDA's declaration specifiers, which are not C++: tree-sitter recovers around each one, and
/// that recovery is a fifth of the parse of a header tree.
const CUDA_SPECIFIERS: &[&str] = &[
    "__device__",
    "__host__",
    "__global__",
    "__forceinline__",
    "__noinline__",
];

/// `text` with CUDA's specifiers blanked to spaces (same offsets), for the parser only.
fn without_cuda_specifiers(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("__") {
        return text.into();
    }
    let mut bytes = text.as_bytes().to_vec();
    let mut at = 0;
    while let Some(found) = text[at..].find("__") {
        let start = at + found;
        let word = CUDA_SPECIFIERS
            .iter()
            .find(|w| text[start..].starts_with(**w));
        let bounded = |i: usize| {
            (text.as_bytes().get(i)).is_none_or(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
        };
        match word {
            Some(w) if (start == 0 || bounded(start - 1)) && bounded(start + w.len()) => {
                bytes[start..start + w.len()].fill(b' ');
                at = start + w.len();
            }
            _ => at = start + 2,
        }
    }
    String::from_utf8(bytes)
        .expect("only ASCII bytes were replaced")
        .into()
}

/// Every `asm` statement of `text`, in text order.
pub fn find(text: &str) -> Vec<AsmStatement> {
    find_parsing(text, true)
}

/// [`find`], parsing only what the statements need when `narrow`.
fn find_parsing(text: &str, narrow: bool) -> Vec<AsmStatement> {
    let keywords: Vec<usize> = asm_keywords(text).collect();
    if keywords.is_empty() {
        return Vec::new();
    }
    let mut parser = parser();
    // Most of a header is brace blocks without `asm`: the parser skips their insides.
    if let Some(ranges) = narrow.then(|| parsed_ranges(text, &keywords)).flatten() {
        if parser.set_included_ranges(&ranges).is_err() {
            parser.set_included_ranges(&[]).ok();
        }
    }
    // tree-sitter cannot parse an `#if` among a template's literals, nor a template that
    // calls a macro: the parser sees blanks for a directive and a string for a call, and the
    // statement keeps the directives' ranges and the calls as pieces that are not literals.
    let mut directives = Vec::new();
    let mut calls = Vec::new();
    for &keyword in &keywords {
        let holes = template_holes(text, keyword);
        directives.extend(holes.directives);
        calls.extend(holes.calls);
    }
    let mut parsed = without_cuda_specifiers(text);
    if !directives.is_empty() || !calls.is_empty() {
        let mut bytes = parsed.into_owned().into_bytes();
        for directive in &directives {
            for b in &mut bytes[directive.start..directive.end] {
                if !matches!(*b, b'\n' | b'\r') {
                    *b = b' ';
                }
            }
        }
        read_calls_as_strings(&mut bytes, &calls);
        parsed = String::from_utf8_lossy(&bytes).into_owned().into();
    }
    // The tree has the same offsets; its nodes' text is read from `text` itself.
    let Some(tree) = parser.parse(parsed.as_bytes(), None) else {
        return Vec::new();
    };
    parser.set_included_ranges(&[]).ok();
    let mut found = Vec::new();
    let mut macro_bodies = Vec::new();
    collect(&tree, text, &keywords, false, &mut found, &mut macro_bodies);
    for body in macro_bodies {
        in_macro_body(&mut parser, text, body, &mut found);
    }
    found.sort_by_key(|s| s.range.start);
    if !calls.is_empty() {
        for statement in found.iter_mut().filter(|s| !s.in_macro) {
            calls_are_not_literals(statement, &calls);
        }
    }
    if !directives.is_empty() {
        for statement in found.iter_mut().filter(|s| !s.in_macro) {
            let range = statement.range;
            statement.directives = directives
                .iter()
                .copied()
                .filter(|d| range.start <= d.start && d.end <= range.end)
                .collect();
        }
    }
    let calls = nv_target_calls(text);
    for statement in found.iter_mut().filter(|s| !s.in_macro) {
        statement.nv_target = nv_target_around(text, &calls, statement.range.start);
    }
    found
}

/// The `<nv/target>` dispatch macros: the query comes first, the code after it.
const NV_TARGET_MACROS: &[&str] = &["NV_IF_TARGET", "NV_IF_ELSE_TARGET", "NV_DISPATCH_TARGET"];

/// A use of one of [`NV_TARGET_MACROS`]: its name and its arguments' ranges.
struct NvCall<'t> {
    name: &'t str,
    arguments: Vec<TextRange>,
}

/// Every use of the `<nv/target>` macros in `text`, read as text: tree-sitter parses their
/// arguments (statements in parentheses) as expressions or errors.
fn nv_target_calls(text: &str) -> Vec<NvCall<'_>> {
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut calls = Vec::new();
    for name in NV_TARGET_MACROS {
        for (at, _) in text.match_indices(name) {
            let end = at + name.len();
            if (at > 0 && is_ident(bytes[at - 1])) || bytes.get(end).is_some_and(|&b| is_ident(b)) {
                continue;
            }
            let open = end + text[end..].len() - text[end..].trim_start().len();
            if bytes.get(open) != Some(&b'(') {
                continue;
            }
            if let Some(arguments) = arguments(text, open) {
                calls.push(NvCall { name, arguments });
            }
        }
    }
    calls
}

/// The ranges of the comma-separated arguments of the call whose `(` is at `open`, skipping
/// strings, characters and comments; `None` where it does not close.
fn arguments(text: &str, open: usize) -> Option<Vec<TextRange>> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut start = open + 1;
    let mut ranges = Vec::new();
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth > 0 => depth -= 1,
            b')' => {
                ranges.push(TextRange::new(start, i));
                return Some(ranges);
            }
            b',' if depth == 0 => {
                ranges.push(TextRange::new(start, i));
                start = i + 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |n| i + 2 + n + 2);
                continue;
            }
            b'"' if i > 0 && bytes[i - 1] == b'R' => {
                let rest = &text[i + 1..];
                let paren = rest.find('(')?;
                let closing = format!("){}\"", &rest[..paren]);
                let body = i + 1 + paren + 1;
                i = text[body..]
                    .find(&closing)
                    .map(|n| body + n + closing.len())?;
                continue;
            }
            quote @ (b'"' | b'\'') => {
                i += 1;
                while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The `<nv/target>` macros of `calls` whose code arguments hold `offset`, outermost first.
fn nv_target_around(text: &str, calls: &[NvCall<'_>], offset: usize) -> Vec<NvTarget> {
    let written = |r: TextRange| text[r.start..r.end].trim().to_string();
    let mut around: Vec<(usize, NvTarget)> = Vec::new();
    for call in calls {
        let Some(index) = call
            .arguments
            .iter()
            .position(|r| r.start <= offset && offset < r.end)
        else {
            continue;
        };
        let query = |i: usize| call.arguments.get(i).map(|r| nv_query(&written(*r)));
        let (condition, shown) = match (call.name, index) {
            ("NV_IF_TARGET", 1) | ("NV_IF_ELSE_TARGET", 1) => (
                query(0),
                format!("{}({})", call.name, written(call.arguments[0])),
            ),
            ("NV_IF_ELSE_TARGET", 2) => (
                query(0).map(|q| format!("!{q}")),
                format!(
                    "the else branch of NV_IF_ELSE_TARGET({})",
                    written(call.arguments[0])
                ),
            ),
            ("NV_DISPATCH_TARGET", i) if i % 2 == 1 => {
                let mut parts: Vec<String> = (0..i - 1)
                    .step_by(2)
                    .filter_map(|q| query(q).map(|c| format!("!{c}")))
                    .collect();
                parts.extend(query(i - 1));
                (
                    Some(parts.join(" && ")),
                    format!("NV_DISPATCH_TARGET({}, …)", written(call.arguments[i - 1])),
                )
            }
            _ => continue,
        };
        if let Some(condition) = condition {
            around.push((
                call.arguments[index].start,
                NvTarget {
                    condition,
                    written: shown,
                },
            ));
        }
    }
    around.sort_by_key(|(start, _)| *start);
    around.into_iter().map(|(_, t)| t).collect()
}

/// An `<nv/target>` query (`NV_PROVIDES_SM_90`) as the `#if` condition the header gives it
/// (`nv/detail/__target_macros` of CCCL); one it does not name is left unknown.
pub fn nv_query(query: &str) -> String {
    let number = |prefix: &str| {
        query
            .strip_prefix(prefix)
            .and_then(|n| n.parse::<u32>().ok())
    };
    if let Some(n) = number("NV_PROVIDES_SM_") {
        return format!("(__CUDA_ARCH__ >= {})", n * 10);
    }
    if let Some(n) = number("NV_IS_EXACTLY_SM_") {
        return format!("(__CUDA_ARCH__ == {})", n * 10);
    }
    if let Some(feature) = query.strip_prefix("NV_HAS_FEATURE_SM_") {
        let (digits, suffix) = feature.split_at(feature.len().saturating_sub(1));
        if let Ok(n) = digits.parse::<u32>() {
            match suffix {
                "a" => {
                    return format!(
                        "(defined(__CUDA_ARCH_FEAT_SM{n}_ALL) || (defined(__CUDA_ARCH_SPECIFIC__) && __CUDA_ARCH_SPECIFIC__ == {}))",
                        n * 10
                    )
                }
                "f" => {
                    return format!(
                        "(defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ >= {} && __CUDA_ARCH_FAMILY_SPECIFIC__ < {})",
                        n * 10,
                        (n / 10 + 1) * 100
                    )
                }
                _ => {}
            }
        }
    }
    match query {
        // PTX is compiled in the device pass only.
        "NV_IS_DEVICE" | "NV_ANY_TARGET" => "1".to_string(),
        "NV_IS_HOST" | "NV_NO_TARGET" => "0".to_string(),
        _ => "SPECLINT_UNKNOWN_NV_QUERY".to_string(),
    }
}

/// The `asm` statements of a `#define` body at `body` of `text`. The body is parsed as the body
/// of a function: line continuations become a space (the same length, so offsets stay put).
fn in_macro_body(parser: &mut Parser, text: &str, body: TextRange, found: &mut Vec<AsmStatement>) {
    const PREFIX: &str = "void speclint_macro_body() {\n";
    let Some(body_text) = text.get(body.start..body.end) else {
        return;
    };
    let mut wrapped = String::with_capacity(PREFIX.len() + body_text.len() + 3);
    wrapped.push_str(PREFIX);
    let bytes = body_text.as_bytes();
    for (i, c) in body_text.char_indices() {
        let continues = c == '\\'
            && (bytes.get(i + 1) == Some(&b'\n')
                || (bytes.get(i + 1) == Some(&b'\r') && bytes.get(i + 2) == Some(&b'\n')));
        wrapped.push(if continues { ' ' } else { c });
    }
    wrapped.push_str("\n}\n");
    // A call among the literals (`"  " STR(name) ".f32 …"`) is read as a string, as in the
    // file (`find_parsing`): tree-sitter would end the statement at the call's `)`.
    let keywords: Vec<usize> = asm_keywords(&wrapped).collect();
    let calls: Vec<TextRange> = keywords
        .iter()
        .flat_map(|&keyword| template_holes(&wrapped, keyword).calls)
        .collect();
    let mut parsed = wrapped.clone().into_bytes();
    read_calls_as_strings(&mut parsed, &calls);
    let Some(tree) = parser.parse(&parsed, None) else {
        return;
    };
    let mut inner = Vec::new();
    collect(
        &tree,
        &wrapped,
        &keywords,
        true,
        &mut inner,
        &mut Vec::new(),
    );
    let shift = |r: TextRange| {
        TextRange::new(
            (r.start + body.start).saturating_sub(PREFIX.len()),
            (r.end + body.start).saturating_sub(PREFIX.len()),
        )
    };
    for statement in &mut inner {
        calls_are_not_literals(statement, &calls);
    }
    for statement in inner {
        // Only what lies inside the body maps back.
        if statement.range.start < PREFIX.len()
            || statement.range.end > PREFIX.len() + body_text.len()
        {
            continue;
        }
        found.push(shift_statement(statement, &shift));
    }
}

/// Blanks each macro call among a template's literals (`calls`) into a string of its length in
/// the text the parser reads, so that tree-sitter takes the template as literals.
fn read_calls_as_strings(parsed: &mut [u8], calls: &[TextRange]) {
    for call in calls {
        let inside = &mut parsed[call.start..call.end];
        inside.fill(b' ');
        inside[0] = b'"';
        inside[inside.len() - 1] = b'"';
    }
}

/// The pieces of `statement` that were calls read as strings are pieces that are not literals.
fn calls_are_not_literals(statement: &mut AsmStatement, calls: &[TextRange]) {
    for piece in &mut statement.template {
        if let Piece::Literal(range) = *piece {
            if calls.contains(&range) {
                *piece = Piece::Other(range);
            }
        }
    }
}

fn shift_statement(s: AsmStatement, shift: &dyn Fn(TextRange) -> TextRange) -> AsmStatement {
    let operand = |o: OperandSyntax| OperandSyntax {
        name: o.name.map(shift),
        constraint: shift(o.constraint),
        expression: shift(o.expression),
        range: shift(o.range),
    };
    AsmStatement {
        range: shift(s.range),
        keyword: shift(s.keyword),
        template: s
            .template
            .into_iter()
            .map(|p| match p {
                Piece::Literal(r) => Piece::Literal(shift(r)),
                Piece::Other(r) => Piece::Other(shift(r)),
            })
            .collect(),
        outputs: s.outputs.into_iter().map(operand).collect(),
        inputs: s.inputs.into_iter().map(operand).collect(),
        clobbers: s.clobbers.into_iter().map(shift).collect(),
        operands_unreadable: s.operands_unreadable,
        in_macro: s.in_macro,
        // A macro's statement is compiled where the macro is used, under other guards.
        nv_target: Vec::new(),
        directives: s.directives.into_iter().map(shift).collect(),
        function: s.function.map(shift),
        in_template: s.in_template,
    }
}

fn range_of(node: Node<'_>) -> TextRange {
    TextRange::new(node.start_byte(), node.end_byte())
}

/// Walks the tree without recursion (generated code nests deeply), collecting the statements
/// and the ranges of `#define` bodies that mention `asm`.
fn collect(
    tree: &Tree,
    text: &str,
    keywords: &[usize],
    in_macro: bool,
    found: &mut Vec<AsmStatement>,
    macro_bodies: &mut Vec<TextRange>,
) {
    // Only subtrees that hold an `asm` keyword (`keywords`: where each ends) can hold a
    // statement, an error node with one, or a macro body with one: the rest of a header (most
    // of it) is not walked.
    let holds_keyword = |node: Node<'_>| {
        let after = keywords.partition_point(|&end| end <= node.start_byte());
        keywords
            .get(after)
            .is_some_and(|&end| end <= node.end_byte())
    };
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        let mut descend = holds_keyword(node);
        match node.kind() {
            _ if !descend => {}
            "gnu_asm_expression" => {
                found.push(statement(node, text, in_macro));
                descend = false;
            }
            // tree-sitter gives up on a statement with a directive inside (`#if` between the
            // literals): an error that holds the keyword. Kept, unreadable, so it is reported.
            "ERROR" => {
                if let Some(statement) = unparsed_statement(node, in_macro) {
                    found.push(statement);
                }
            }
            "preproc_def" | "preproc_function_def" => {
                if let Some(value) = node.child_by_field_name("value") {
                    let body = range_of(value);
                    if text.get(body.start..body.end).is_some_and(mentions_asm) {
                        macro_bodies.push(body);
                    }
                }
                descend = false;
            }
            _ => {}
        }
        if descend && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
        }
    }
}

/// The parts of `text` the parser needs to find the statements whose keywords end at
/// `keywords`. Skipped: the declarations of the file and its namespaces that hold no keyword
/// (from a `;` to the next, where they are whole) but for their preprocessor lines, and the
/// insides of the other brace blocks (bodies, class bodies, initializers) that hold none, which
/// an empty `{}` stands for as well. Found by a scan that skips comments, literals and
/// preprocessor lines; `None` (parse it all) where the scan is not sure of the blocks: braces
/// that do not balance, or an `#if` branch that opens a block another closes.
fn parsed_ranges(text: &str, keywords: &[usize]) -> Option<Vec<tree_sitter::Range>> {
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let holds_keyword = |start: usize, end: usize| {
        let after = keywords.partition_point(|&e| e <= start);
        keywords.get(after).is_some_and(|&e| e <= end)
    };
    // The ranges to skip, in order, none inside another.
    let mut skipped: Vec<(usize, usize)> = Vec::new();
    // Each open `{`: where it is, and whether it holds declarations (a namespace's,
    // `extern "C"`'s).
    let mut open: Vec<(usize, bool)> = Vec::new();
    // Each open `#if`: the brace depth it was met at.
    let mut conditions: Vec<usize> = Vec::new();
    let mut unit = Unit::at(0);
    let mut line_start = true;
    // The newline before the line (0 on the first): a kept directive keeps it too, so it
    // still starts a line.
    let mut newline = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\n' => {
                line_start = true;
                newline = i;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b' => {
                i += 1;
                continue;
            }
            _ => {}
        }
        let at_line_start = std::mem::replace(&mut line_start, false);
        let in_declarations = open.last().is_none_or(|&(_, d)| d);
        match b {
            b'#' if at_line_start => {
                let after_hash = &text[i + 1..];
                let name_start =
                    i + 1 + after_hash.len() - after_hash.trim_start_matches([' ', '\t']).len();
                let mut name_end = name_start;
                while name_end < bytes.len() && is_ident(bytes[name_end]) {
                    name_end += 1;
                }
                match &text[name_start..name_end] {
                    "if" | "ifdef" | "ifndef" => conditions.push(open.len()),
                    "elif" | "else" | "elifdef" | "elifndef" => {
                        if conditions.last() != Some(&open.len()) {
                            return None;
                        }
                    }
                    "endif" => {
                        if conditions.pop() != Some(open.len()) {
                            return None;
                        }
                    }
                    _ => {}
                }
                let end = (directive_end(bytes, name_end) + 1).min(bytes.len());
                if in_declarations {
                    unit.directives.push((newline, end));
                }
                i = end;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = line_end(bytes, i + 2),
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |n| i + 2 + n + 2);
            }
            b'"' | b'\'' => {
                i = literal_end(bytes, i);
                if in_declarations {
                    unit.token(Token::Literal);
                }
            }
            b'{' => {
                let declarations = in_declarations && unit.opens_declarations();
                open.push((i, declarations));
                i += 1;
                if declarations {
                    unit = Unit::at(i);
                } else if in_declarations {
                    unit.token(Token::Other);
                }
            }
            b'}' => {
                let (at, declarations) = open.pop()?;
                let start = at + 1;
                if declarations {
                    unit.end(i, &holds_keyword, &mut skipped);
                    unit = Unit::at(i + 1);
                } else if !holds_keyword(start, i)
                    && text[start..i].bytes().any(|b| !b.is_ascii_whitespace())
                {
                    while skipped.last().is_some_and(|&(s, _)| s >= start) {
                        skipped.pop();
                    }
                    skipped.push((start, i));
                }
                i += 1;
            }
            b'(' | b'[' if in_declarations => {
                unit.parens += 1;
                unit.token(Token::Other);
                i += 1;
            }
            b')' | b']' if in_declarations => {
                unit.parens -= 1;
                unit.token(Token::Other);
                i += 1;
            }
            b';' if in_declarations => {
                i += 1;
                if unit.parens == 0 {
                    unit.end(i, &holds_keyword, &mut skipped);
                    unit = Unit::at(i);
                }
            }
            b'0'..=b'9' => {
                // A pp-number, with its digit separators (`1'000`) and exponent signs.
                i += 1;
                while i < bytes.len() {
                    match bytes[i] {
                        b'+' | b'-' if matches!(bytes[i - 1], b'e' | b'E' | b'p' | b'P') => {}
                        b'\'' | b'.' => {}
                        c if is_ident(c) => {}
                        _ => break,
                    }
                    i += 1;
                }
                if in_declarations {
                    unit.token(Token::Other);
                }
            }
            c if is_ident(c) => {
                let start = i;
                while i < bytes.len() && is_ident(bytes[i]) {
                    i += 1;
                }
                let word = &text[start..i];
                let raw = matches!(word, "R" | "LR" | "uR" | "UR" | "u8R");
                if raw && bytes.get(i) == Some(&b'"') {
                    let rest = &text[i + 1..];
                    let paren = rest.find(['(', '\n'])?;
                    if rest.as_bytes()[paren] != b'(' {
                        return None;
                    }
                    let closing = format!("){}\"", &rest[..paren]);
                    let body = i + 1 + paren + 1;
                    i = text[body..]
                        .find(&closing)
                        .map(|n| body + n + closing.len())?;
                    if in_declarations {
                        unit.token(Token::Literal);
                    }
                } else if in_declarations {
                    unit.token(match word {
                        "namespace" => Token::Namespace,
                        "inline" => Token::Inline,
                        "extern" => Token::Extern,
                        _ => Token::Other,
                    });
                }
            }
            _ => {
                i += 1;
                if in_declarations {
                    unit.token(Token::Other);
                }
            }
        }
    }
    if !open.is_empty() || !conditions.is_empty() {
        return None;
    }
    unit.end(bytes.len(), &holds_keyword, &mut skipped);
    if skipped.is_empty() {
        return None;
    }
    // The ranges between the skipped ones, with their rows and columns.
    let mut ranges = Vec::with_capacity(skipped.len() + 1);
    let mut lines = Lines::default();
    let mut start = 0;
    for (from, to) in skipped.into_iter().chain([(bytes.len(), bytes.len())]) {
        if from > start || to == bytes.len() {
            ranges.push(tree_sitter::Range {
                start_byte: start,
                end_byte: from,
                start_point: lines.point(bytes, start),
                end_point: lines.point(bytes, from),
            });
        }
        start = to;
    }
    Some(ranges)
}

/// What a declaration's first tokens are, to tell a namespace's `{` from others.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Token {
    Namespace,
    Inline,
    Extern,
    Literal,
    Other,
}

/// The declarations from a `;` (or a namespace's `{` or `}`) to the next.
struct Unit {
    start: usize,
    /// Its first two tokens, and how many it has (up to 3).
    first: [Option<Token>; 2],
    tokens: usize,
    /// `(` and `[` not closed yet: a `;` inside does not end it.
    parens: i32,
    /// Its preprocessor lines (with their newlines), which are kept when it is skipped.
    directives: Vec<(usize, usize)>,
}

impl Unit {
    fn at(start: usize) -> Unit {
        Unit {
            start,
            first: [None; 2],
            tokens: 0,
            parens: 0,
            directives: Vec::new(),
        }
    }

    fn token(&mut self, token: Token) {
        if self.tokens < 2 {
            self.first[self.tokens] = Some(token);
        }
        self.tokens = (self.tokens + 1).min(3);
    }

    /// Whether a `{` after these tokens opens declarations: `namespace a {`,
    /// `inline namespace v1 {`, `extern "C" {`.
    fn opens_declarations(&self) -> bool {
        match self.first {
            [Some(Token::Namespace), _] | [Some(Token::Inline), Some(Token::Namespace)] => true,
            [Some(Token::Extern), Some(Token::Literal)] => self.tokens == 2,
            _ => false,
        }
    }

    /// Ends the unit at `end`: skipped, but for its preprocessor lines, when it holds no
    /// keyword and its tokens balance.
    fn end(
        &self,
        end: usize,
        holds_keyword: &dyn Fn(usize, usize) -> bool,
        skipped: &mut Vec<(usize, usize)>,
    ) {
        if self.tokens == 0 || self.parens != 0 || holds_keyword(self.start, end) {
            return;
        }
        while skipped.last().is_some_and(|&(s, _)| s >= self.start) {
            skipped.pop();
        }
        let mut from = self.start;
        for &(d, d_end) in self.directives.iter().chain([&(end, end)]) {
            if d > from {
                skipped.push((from, d));
            }
            from = d_end.max(from);
        }
    }
}

/// Rows and columns of ascending offsets, counted as they go.
#[derive(Default)]
struct Lines {
    at: usize,
    row: usize,
    line_start: usize,
}

impl Lines {
    fn point(&mut self, bytes: &[u8], offset: usize) -> tree_sitter::Point {
        for (i, &b) in bytes[self.at..offset].iter().enumerate() {
            if b == b'\n' {
                self.row += 1;
                self.line_start = self.at + i + 1;
            }
        }
        self.at = offset;
        tree_sitter::Point::new(self.row, offset - self.line_start)
    }
}

/// The end of the line from `i`, or of the lines a `\` at their ends continues it to.
fn line_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => return i,
            b'\\' if bytes.get(i + 1) == Some(&b'\n') => i += 2,
            b'\\' if bytes.get(i + 1) == Some(&b'\r') && bytes.get(i + 2) == Some(&b'\n') => i += 3,
            _ => i += 1,
        }
    }
    i
}

/// [`line_end`] for a preprocessor directive, whose literals and comments may hold what ends
/// a line.
fn directive_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => return i,
            b'\\' => i += 2,
            b'"' | b'\'' => i = literal_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => return line_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = (i + 2..bytes.len().saturating_sub(1))
                    .find(|&j| bytes[j] == b'*' && bytes[j + 1] == b'/')
                    .map_or(bytes.len(), |j| j + 2);
            }
            _ => i += 1,
        }
    }
    i.min(bytes.len())
}

/// Just past the string or character literal whose quote is at `i` (or the end of its line,
/// where it does not close).
fn literal_end(bytes: &[u8], i: usize) -> usize {
    let quote = bytes[i];
    let mut j = i + 1;
    while j < bytes.len() && bytes[j] != quote && bytes[j] != b'\n' {
        j += if bytes[j] == b'\\' { 2 } else { 1 };
    }
    (j + 1).min(bytes.len())
}

/// The preprocessor lines among the literals of the template of the statement whose keyword
/// ends at `keyword`: from its `(` to the first `:` or its `)`. None where the template does not
/// end (not a statement, or one the parser reports as it is). Directives among the operands
/// are left to the parser, which reports the statement as unreadable.
/// What tree-sitter cannot parse among a template's pieces.
#[derive(Default)]
struct TemplateHoles {
    /// Preprocessor lines among the literals.
    directives: Vec<TextRange>,
    /// Calls of macros (`PTX_ADD(u32)`), each on one line.
    calls: Vec<TextRange>,
}

fn template_holes(text: &str, keyword: usize) -> TemplateHoles {
    let none = TemplateHoles::default();
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = keyword;
    // The qualifiers and the `(`.
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        match bytes.get(i) {
            Some(b'(') => break,
            Some(&b) if is_ident(b) => {
                while i < bytes.len() && is_ident(bytes[i]) {
                    i += 1;
                }
            }
            _ => return none,
        }
    }
    i += 1;
    let mut holes = TemplateHoles::default();
    let mut depth = 0usize;
    let mut line_start = false;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\n' => {
                line_start = true;
                i += 1;
                continue;
            }
            _ if b.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'#' if line_start => {
                let end = directive_end(bytes, i);
                holes.directives.push(TextRange::new(i, end));
                i = end;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = line_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = (i + 2..bytes.len().saturating_sub(1))
                    .find(|&j| bytes[j] == b'*' && bytes[j + 1] == b'/')
                    .map_or(bytes.len(), |j| j + 2);
            }
            b'"' | b'\'' => i = literal_end(bytes, i),
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' if depth > 0 => {
                depth -= 1;
                i += 1;
            }
            b')' | b':' if depth == 0 => return holes,
            b';' | b'{' | b'}' => return none,
            _ if is_ident(b) => {
                let start = i;
                while i < bytes.len() && is_ident(bytes[i]) {
                    i += 1;
                }
                let raw_prefix = matches!(&bytes[start..i], b"R" | b"LR" | b"uR" | b"UR" | b"u8R");
                if raw_prefix && bytes.get(i) == Some(&b'"') {
                    i = raw_literal_end(bytes, i);
                } else if depth == 0 {
                    let open = (i..bytes.len()).find(|&j| !matches!(bytes[j], b' ' | b'\t'));
                    if let Some(open) = open.filter(|&j| bytes[j] == b'(') {
                        let Some(close) = call_end(bytes, open) else {
                            return none;
                        };
                        holes.calls.push(TextRange::new(start, close));
                        i = close;
                    }
                }
            }
            _ => i += 1,
        }
        line_start = false;
    }
    none
}

/// Just past the `)` that closes the `(` at `open`, on the same line; `None` where it does not
/// close there.
fn call_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' | b'"' | b'\'' => return None,
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Just past the raw string literal whose quote is at `quote` (`R"delim(…)delim"`), or the end
/// of `bytes` where it does not close.
fn raw_literal_end(bytes: &[u8], quote: usize) -> usize {
    let Some(open) = (quote + 1..bytes.len().min(quote + 18)).find(|&j| bytes[j] == b'(') else {
        return quote + 1;
    };
    let mut close = Vec::with_capacity(open - quote + 1);
    close.push(b')');
    close.extend_from_slice(&bytes[quote + 1..open]);
    close.push(b'"');
    bytes[open..]
        .windows(close.len())
        .position(|w| w == close.as_slice())
        .map_or(bytes.len(), |at| open + at + close.len())
}

/// Whether `text` holds the word `asm`, `__asm` or `__asm__`.
pub fn mentions_asm(text: &str) -> bool {
    asm_keywords(text).next().is_some()
}

/// Where each word `asm`, `__asm` or `__asm__` of `text` ends.
pub fn asm_keywords(text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    text.match_indices("asm").filter_map(move |(at, _)| {
        let mut start = at;
        while start > 0 && bytes[start - 1] == b'_' {
            start -= 1;
        }
        let mut end = at + 3;
        while end < bytes.len() && bytes[end] == b'_' {
            end += 1;
        }
        let bounded = (start == 0 || !is_ident(bytes[start - 1]))
            && (end == bytes.len() || !is_ident(bytes[end]));
        (bounded && matches!(&text[start..end], "asm" | "__asm" | "__asm__")).then_some(end)
    })
}

/// The `asm` statement an error node holds the start of, with what can be read of its template.
fn unparsed_statement(error: Node<'_>, in_macro: bool) -> Option<AsmStatement> {
    let mut cursor = error.walk();
    let children: Vec<Node<'_>> = error.children(&mut cursor).collect();
    let at = children
        .iter()
        .position(|c| matches!(c.kind(), "asm" | "__asm__" | "__asm"))?;
    let mut template = Vec::new();
    for child in &children[at + 1..] {
        match child.kind() {
            "string_literal" | "raw_string_literal" | "concatenated_string" => {
                template_pieces(*child, &mut template)
            }
            "gnu_asm_qualifier" | "(" | "comment" => {}
            _ => break,
        }
    }
    Some(AsmStatement {
        range: range_of(error),
        keyword: range_of(children[at]),
        template,
        outputs: Vec::new(),
        inputs: Vec::new(),
        clobbers: Vec::new(),
        operands_unreadable: true,
        in_macro,
        nv_target: Vec::new(),
        directives: Vec::new(),
        function: None,
        in_template: false,
    })
}

fn statement(node: Node<'_>, text: &str, in_macro: bool) -> AsmStatement {
    let keyword = node
        .child(0)
        .map_or(TextRange::empty(node.start_byte()), range_of);
    let mut template = Vec::new();
    let mut outputs = Vec::new();
    let mut inputs = Vec::new();
    let mut clobbers = Vec::new();
    let mut operands_unreadable = false;
    let mut seen_operands = false;
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        match child.kind() {
            "gnu_asm_output_operand_list" => {
                seen_operands = true;
                outputs = operands(child, "gnu_asm_output_operand");
            }
            "gnu_asm_input_operand_list" => {
                seen_operands = true;
                inputs = operands(child, "gnu_asm_input_operand");
            }
            "gnu_asm_clobber_list" => {
                seen_operands = true;
                let mut inner = child.walk();
                for register in child.children_by_field_name("register", &mut inner) {
                    clobbers.push(range_of(register));
                }
            }
            "gnu_asm_goto_list" => seen_operands = true,
            // Before the operands, everything after `(` is the template: tree-sitter wraps
            // pieces it could not place (a macro name first, `#if` between literals) in
            // errors, whose literals still count.
            "(" | "gnu_asm_qualifier" => {}
            _ if !seen_operands && child.start_byte() > keyword.start => {
                template_pieces(child, &mut template)
            }
            _ => {}
        }
        if seen_operands && (child.has_error() || child.is_missing()) {
            operands_unreadable = true;
        }
    }
    if node.is_missing()
        || text.get(node.end_byte().saturating_sub(1)..node.end_byte()) != Some(")")
    {
        operands_unreadable = true;
    }
    AsmStatement {
        range: range_of(node),
        keyword,
        template,
        outputs,
        inputs,
        clobbers,
        operands_unreadable,
        in_macro,
        nv_target: Vec::new(),
        directives: Vec::new(),
        function: enclosing_function(node),
        in_template: in_template(node),
    }
}

/// The function definition or lambda around `node`, innermost first.
fn enclosing_function(node: Node<'_>) -> Option<TextRange> {
    let mut at = node.parent();
    while let Some(parent) = at {
        if matches!(parent.kind(), "function_definition" | "lambda_expression")
            || detached_body(parent)
        {
            return Some(range_of(parent));
        }
        at = parent.parent();
    }
    None
}

/// Whether `node` is inside a template: nvcc assembles it only where that is instantiated.
fn in_template(node: Node<'_>) -> bool {
    let mut at = node.parent();
    while let Some(parent) = at {
        let detached_from_template = detached_body(parent)
            && parent
                .prev_named_sibling()
                .is_some_and(|p| p.kind() == "template_declaration");
        if parent.kind() == "template_declaration" || detached_from_template {
            return true;
        }
        at = parent.parent();
    }
    false
}

/// A function body tree-sitter did not attach to its declarator: `{ … }` among declarations
/// (at file or namespace level, or in an `#if` there). It reads `void f(ns::type<N> x = {})`
/// as a variable with an initializer, so the body follows as a block of its own.
fn detached_body(node: Node<'_>) -> bool {
    node.kind() == "compound_statement"
        && node.parent().is_some_and(|p| {
            matches!(
                p.kind(),
                "translation_unit"
                    | "declaration_list"
                    | "preproc_if"
                    | "preproc_ifdef"
                    | "preproc_else"
                    | "preproc_elif"
                    | "preproc_elifdef"
            )
        })
}

/// The pieces of a template in `node`, in text order.
fn template_pieces(node: Node<'_>, template: &mut Vec<Piece>) {
    match node.kind() {
        "string_literal" | "raw_string_literal" => template.push(Piece::Literal(range_of(node))),
        "concatenated_string" | "ERROR" if node.child_count() > 0 => {
            let mut cursor = node.walk();
            for child in node.children(&mut cursor) {
                template_pieces(child, template);
            }
        }
        // A comment between literals is white space (a suppression comment sits there).
        ")" | "comment" => {}
        _ => template.push(Piece::Other(range_of(node))),
    }
}

fn operands(list: Node<'_>, kind: &str) -> Vec<OperandSyntax> {
    let mut cursor = list.walk();
    list.children(&mut cursor)
        .filter(|c| c.kind() == kind)
        .map(|operand| {
            let field = |name| operand.child_by_field_name(name).map(range_of);
            OperandSyntax {
                name: field("symbol"),
                constraint: field("constraint").unwrap_or(TextRange::empty(operand.start_byte())),
                expression: field("value").unwrap_or(TextRange::empty(operand.end_byte())),
                range: range_of(operand),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(text: &'a str, s: &AsmStatement) -> Vec<&'a str> {
        s.template
            .iter()
            .map(|p| match p {
                Piece::Literal(r) | Piece::Other(r) => &text[r.start..r.end],
            })
            .collect()
    }

    #[test]
    fn directives_among_the_literals_are_kept_apart_from_the_template() {
        let text = "void f() {\n  asm(\"a;\"\n#if X\n      \"b;\"\n#else\n      R\"(\n#c;\n)\"\n#endif\n      : \"=r\"(x));\n}\n";
        let found = find(text);
        assert_eq!(found.len(), 1);
        assert!(!found[0].operands_unreadable);
        assert_eq!(
            texts(text, &found[0]),
            ["\"a;\"", "\"b;\"", "R\"(\n#c;\n)\""]
        );
        let directives: Vec<&str> = found[0]
            .directives
            .iter()
            .map(|d| &text[d.start..d.end])
            .collect();
        // The `#c;` inside the raw string is PTX, not a directive.
        assert_eq!(directives, ["#if X", "#else", "#endif"]);
    }

    #[test]
    fn cuda_specifiers_are_blanked_for_the_parser_only() {
        let text = "__device__ __forceinline__ void f() {} int __device__x; __host__";
        let blanked = without_cuda_specifiers(text);
        assert_eq!(blanked.len(), text.len());
        assert_eq!(
            &*blanked,
            "                           void f() {} int __device__x;         "
        );
        // A kernel's statements are found whatever specifiers it has, at the original offsets.
        let text = "__global__ void __launch_bounds__(64) k(unsigned *p) {\n  asm(\"ret;\");\n}\n";
        let found = find(text);
        assert_eq!(found.len(), 1);
        assert_eq!(texts(text, &found[0]), ["\"ret;\""]);
    }

    #[test]
    fn statements_are_found_wherever_they_are() {
        let text = r#"
template <int N>
__device__ __forceinline__ unsigned f(unsigned a) {
  unsigned r;
  if constexpr (N > 1) {
    asm volatile("add.u32 %0, %1, 1;\n\t"
                 "mov.u32 %0, %0;" : "=r"(r) : "r"(a) : "memory");
  }
  auto l = [&]() { __asm__ __volatile__(R"(mov.u32 %0, %%tid.x;)" : "=r"(r)); };
  return r;
}
#define LANE(out) \
  asm("mov.u32 %0, %%laneid;" : "=r"(out))
"#;
        let found = find(text);
        assert_eq!(found.len(), 3, "{found:#?}");
        assert_eq!(
            texts(text, &found[0]),
            ["\"add.u32 %0, %1, 1;\\n\\t\"", "\"mov.u32 %0, %0;\""]
        );
        assert_eq!(found[0].outputs.len(), 1);
        assert_eq!(found[0].inputs.len(), 1);
        assert_eq!(
            &text[found[0].clobbers[0].start..found[0].clobbers[0].end],
            "\"memory\""
        );
        assert_eq!(
            &text[found[1].keyword.start..found[1].keyword.end],
            "__asm__"
        );
        assert_eq!(texts(text, &found[2]), ["\"mov.u32 %0, %%laneid;\""]);
        assert!(found[2].in_macro);
        let out = found[2].outputs[0].expression;
        assert_eq!(&text[out.start..out.end], "out");
    }

    #[test]
    fn pieces_that_are_not_literals_are_kept_as_such() {
        let text = "void f() { asm(\"ld.\" MOD \".u32 %0, [%1];\" : \"=r\"(r) : \"l\"(p)); }";
        let found = find(text);
        assert_eq!(found.len(), 1);
        assert!(found[0]
            .template
            .iter()
            .any(|p| matches!(p, Piece::Other(_))));
        assert!(!found[0].operands_unreadable);
    }

    #[test]
    fn statements_in_nv_target_macros_take_its_query() {
        let text = r#"
#include <nv/target>
__device__ void f(unsigned *p) {
  NV_IF_TARGET(NV_PROVIDES_SM_90, (asm volatile("fence.proxy.async.shared::cta;" ::: "memory");));
  NV_IF_ELSE_TARGET(NV_HAS_FEATURE_SM_90a,
    (asm volatile("wgmma.fence.sync.aligned;" ::: "memory");),
    (unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); p[0] = r;));
  NV_DISPATCH_TARGET(
    NV_IS_EXACTLY_SM_100, (asm("a.u32;");),
    NV_PROVIDES_SM_80, (asm("b.u32;");));
}
"#;
        let found = find(text);
        let nv: Vec<Vec<(&str, &str)>> = found
            .iter()
            .map(|s| {
                s.nv_target
                    .iter()
                    .map(|n| (n.condition.as_str(), n.written.as_str()))
                    .collect()
            })
            .collect();
        let sm90a = "(defined(__CUDA_ARCH_FEAT_SM90_ALL) || (defined(__CUDA_ARCH_SPECIFIC__) && __CUDA_ARCH_SPECIFIC__ == 900))";
        assert_eq!(
            nv,
            [
                vec![("(__CUDA_ARCH__ >= 900)", "NV_IF_TARGET(NV_PROVIDES_SM_90)")],
                vec![(sm90a, "NV_IF_ELSE_TARGET(NV_HAS_FEATURE_SM_90a)")],
                vec![(
                    &*format!("!{sm90a}"),
                    "the else branch of NV_IF_ELSE_TARGET(NV_HAS_FEATURE_SM_90a)"
                )],
                vec![(
                    "(__CUDA_ARCH__ == 1000)",
                    "NV_DISPATCH_TARGET(NV_IS_EXACTLY_SM_100, …)"
                )],
                vec![(
                    "!(__CUDA_ARCH__ == 1000) && (__CUDA_ARCH__ >= 800)",
                    "NV_DISPATCH_TARGET(NV_PROVIDES_SM_80, …)"
                )],
            ],
            "{found:#?}"
        );
        // The statements in the arguments parse: their operands are read.
        assert!(found.iter().all(|s| !s.operands_unreadable), "{found:#?}");
        assert_eq!(found[2].outputs.len(), 1);
        assert_eq!(
            nv_query("NV_HAS_FEATURE_SM_100f"),
            "(defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ >= 1000 && __CUDA_ARCH_FAMILY_SPECIFIC__ < 1100)"
        );
    }

    #[test]
    fn skipping_blocks_without_asm_finds_the_same_statements() {
        let texts = [
            // Blocks around, before and after; literals, comments and directives with braces.
            r#"
namespace a { namespace b {
template <typename T> struct plain { T f() { return T{1'000}; } const char *s = "}{"; };
// a comment with a brace {
/* and } another */
#define OPEN {
char c = '{'; auto r = R"x(})x";
__device__ unsigned f(unsigned a) {
  unsigned r;
  if (a) { r = 1; } else {
#if __CUDA_ARCH__ >= 700
    asm("add.u32 %0, %1, 1;" : "=r"(r) : "r"(a));
#endif
  }
  struct { int x; } s{ {} };
  return r;
}
enum E { A = 1, B = 2 };
template <int N> struct holder { static unsigned g(unsigned x) { unsigned r; asm volatile("popc.b32 %0, %1;" : "=r"(r) : "r"(x)); return r + N; } };
#define M(d)   asm("mov.u32 %0, 1;" : "=r"(d))
void after() { int x[] = {1, 2, 3}; }
} }
"#,
            // A statement the parser recovers from, among blocks.
            r#"void g() { int y = 1; }
void f() {
  asm("add.u32 %0, %0, 1;"
#if X
  "x"
#endif
  : "+r"(x));
}
void h() { int z; }
"#,
            // Declarations in `extern "C"` and inline namespaces, and under `#if`s.
            r#"extern "C" { int plain(int); void f() { asm("ret;"); } }
inline namespace v1 { struct S { int x; }; }
#if A
int x;
#else
static int y;
#endif
extern "C" __device__ void g() { int y; asm("exit;"); }
namespace n::m { using T = int; static_assert(sizeof(T) == 4, "x;"); }
"#,
            // An `#if` whose branches open a block each: parsed whole.
            "#if A\nvoid f() {\n#else\nvoid f(int) {\n#endif\n  asm(\"ret;\");\n}\nvoid g() { int x; }\n",
            // Braces that do not balance: parsed whole.
            "void g() { int x; }\nvoid f() { asm(\"ret;\"); }}\n",
        ];
        for text in texts {
            assert_eq!(find(text), find_parsing(text, false), "{text}");
            assert!(!find(text).is_empty(), "{text}");
        }
        // What is skipped: the blocks without `asm` only, and none where the scan is not sure.
        let keywords: Vec<usize> = asm_keywords(texts[0]).collect();
        let ranges = parsed_ranges(texts[0], &keywords).unwrap();
        let parsed: String = ranges
            .iter()
            .map(|r| &texts[0][r.start_byte..r.end_byte])
            .collect();
        assert!(parsed.contains("asm(\"add.u32") && parsed.contains("if (a) {} else {"));
        assert!(parsed.contains("#define OPEN {") && parsed.contains("struct holder {"));
        assert!(parsed.contains("\n#define OPEN {") && parsed.contains("void after() {}"));
        for gone in ["struct plain", "1'000", "char c", "A = 1"] {
            assert!(!parsed.contains(gone), "{gone} in {parsed}");
        }
        for text in &texts[3..] {
            let keywords: Vec<usize> = asm_keywords(text).collect();
            assert!(parsed_ranges(text, &keywords).is_none(), "{text}");
        }
        for r in &ranges {
            let line = texts[0][..r.start_byte].matches('\n').count();
            assert_eq!(r.start_point.row, line);
        }
    }

    #[test]
    fn the_word_asm_is_told_from_others() {
        assert!(mentions_asm("x; asm volatile("));
        assert!(mentions_asm("__asm__("));
        assert!(!mentions_asm("plasma(); asmx; my_asm"));
    }
}
