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
    /// What the `#if`s around it say about the architecture it is compiled for.
    pub guard: Guard,
}

/// The architecture the preprocessor conditions around a statement compile it for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Guard {
    /// No condition around it that bounds the architecture.
    None,
    /// Conditions on `__CUDA_ARCH__` and the architecture-specific feature macros only: the
    /// statement is compiled for targets that meet one of these.
    Requires(Vec<Requirement>),
    /// A condition speclint cannot evaluate (other macros, an `#else` or `#elif` branch): the
    /// settings decide, as without a guard.
    Unknown,
}

/// What a target must be to compile a guarded statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Requirement {
    /// The lowest `__CUDA_ARCH__` (`>= 900`: 900).
    pub minimum: u32,
    /// `__CUDA_ARCH_FEAT_SM90_ALL`: exactly the architecture-specific target `sm_90a`.
    pub specific: bool,
}

impl Requirement {
    const ANY: Requirement = Requirement {
        minimum: 0,
        specific: false,
    };

    fn and(self, other: Requirement) -> Requirement {
        Requirement {
            minimum: self.minimum.max(other.minimum),
            specific: self.specific || other.specific,
        }
    }
}

/// The guard of `node` from the `#if`s it is inside.
fn guard_of(node: Node<'_>, text: &str) -> Guard {
    let mut alternatives = vec![Requirement::ANY];
    let mut child = node;
    while let Some(parent) = child.parent() {
        let in_alternative = || {
            parent
                .child_by_field_name("alternative")
                .is_some_and(|a| a.id() == child.id())
        };
        match parent.kind() {
            // An `#elif` holds when the conditions before it did not: not evaluated.
            "preproc_elif" => return Guard::Unknown,
            "preproc_if" => {
                if in_alternative() {
                    return Guard::Unknown;
                }
                let condition = parent
                    .child_by_field_name("condition")
                    .and_then(|c| text.get(c.start_byte()..c.end_byte()));
                let Some(these) = condition.and_then(arch_condition) else {
                    return Guard::Unknown;
                };
                alternatives = alternatives
                    .iter()
                    .flat_map(|a| these.iter().map(move |b| a.and(*b)))
                    .collect();
            }
            "preproc_ifdef" => {
                let name = parent
                    .child_by_field_name("name")
                    .and_then(|n| text.get(n.start_byte()..n.end_byte()));
                let positive = parent.child(0).is_some_and(|k| {
                    text.get(k.start_byte()..k.end_byte())
                        .is_some_and(|t| t.ends_with("ifdef"))
                });
                if in_alternative() || !positive || name != Some("__CUDA_ARCH__") {
                    return Guard::Unknown;
                }
            }
            _ => {}
        }
        child = parent;
    }
    if alternatives.iter().all(|a| *a == Requirement::ANY) {
        Guard::None
    } else {
        Guard::Requires(alternatives)
    }
}

/// The alternatives a condition allows, or `None` where it names anything else. The host pass
/// (`!defined(__CUDA_ARCH__) || …`) is left out: PTX is compiled in the device pass only.
/// Upper bounds (`__CUDA_ARCH__ < 1200`) are read but not kept.
pub fn arch_condition(condition: &str) -> Option<Vec<Requirement>> {
    let compact: String = condition
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\\')
        .collect();
    let mut alternatives = Vec::new();
    for disjunct in split_top(&compact, "||") {
        let disjunct = unparenthesized(disjunct);
        if matches!(
            disjunct,
            "!defined(__CUDA_ARCH__)" | "!defined__CUDA_ARCH__"
        ) {
            continue;
        }
        let mut requirement = Requirement::ANY;
        for part in split_top(disjunct, "&&") {
            requirement = requirement.and(arch_term(unparenthesized(part))?);
        }
        alternatives.push(requirement);
    }
    (!alternatives.is_empty()).then_some(alternatives)
}

/// One comparison or `defined(...)` of a condition.
fn arch_term(term: &str) -> Option<Requirement> {
    let at_least = |minimum| {
        Some(Requirement {
            minimum,
            specific: false,
        })
    };
    if matches!(term, "defined(__CUDA_ARCH__)" | "defined__CUDA_ARCH__") {
        return Some(Requirement::ANY);
    }
    if let Some(feature) = term
        .strip_prefix("defined(__CUDA_ARCH_FEAT_SM")
        .and_then(|t| t.strip_suffix("_ALL)"))
    {
        let number: u32 = feature.parse().ok()?;
        return Some(Requirement {
            minimum: number * 10,
            specific: true,
        });
    }
    let number = |n: &str| n.parse::<u32>().ok();
    if let Some(n) = term.strip_prefix("__CUDA_ARCH__>=") {
        at_least(number(n)?)
    } else if let Some(n) = term.strip_prefix("__CUDA_ARCH__>") {
        at_least(number(n)? + 1)
    } else if let Some(n) = term.strip_suffix("<=__CUDA_ARCH__") {
        at_least(number(n)?)
    } else if let Some(n) = term.strip_suffix("<__CUDA_ARCH__") {
        at_least(number(n)? + 1)
    } else if let Some(n) = term
        .strip_prefix("__CUDA_ARCH__<")
        .map(|n| n.trim_start_matches('='))
    {
        number(n).map(|_| Requirement::ANY)
    } else {
        None
    }
}

/// `text` without the parentheses around all of it.
fn unparenthesized(mut text: &str) -> &str {
    while text.starts_with('(')
        && text.ends_with(')')
        && split_top(&text[1..text.len() - 1], ")(").len() == 1
        && balanced(&text[1..text.len() - 1])
    {
        text = &text[1..text.len() - 1];
    }
    text
}

fn balanced(text: &str) -> bool {
    let mut depth = 0i32;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

/// `text` split at `separator` where it is outside parentheses.
fn split_top<'t>(text: &'t str, separator: &str) -> Vec<&'t str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ if depth == 0 && text[i..].starts_with(separator) => {
                parts.push(&text[start..i]);
                i += separator.len();
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&text[start..]);
    parts
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
    let mut parser = parser();
    // The tree has the same offsets; its nodes' text is read from `text` itself.
    let Some(tree) = parser.parse(without_cuda_specifiers(text).as_bytes(), None) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    let mut macro_bodies = Vec::new();
    collect(&tree, text, 0, false, &mut found, &mut macro_bodies);
    for body in macro_bodies {
        in_macro_body(&mut parser, text, body, &mut found);
    }
    found.sort_by_key(|s| s.range.start);
    found
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
    let Some(tree) = parser.parse(&wrapped, None) else {
        return;
    };
    let mut inner = Vec::new();
    collect(&tree, &wrapped, 0, true, &mut inner, &mut Vec::new());
    let shift = |r: TextRange| {
        TextRange::new(
            (r.start + body.start).saturating_sub(PREFIX.len()),
            (r.end + body.start).saturating_sub(PREFIX.len()),
        )
    };
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
        guard: Guard::None,
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
    _base: usize,
    in_macro: bool,
    found: &mut Vec<AsmStatement>,
    macro_bodies: &mut Vec<TextRange>,
) {
    // Only subtrees that hold an `asm` keyword can hold a statement, an error node with one,
    // or a macro body with one: the rest of a header (most of it) is not walked.
    let keywords: Vec<usize> = asm_keywords(text).collect();
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
            "gnu_asm_qualifier" | "(" => {}
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
        guard: Guard::None,
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
        guard: guard_of(node, text),
    }
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
        ")" => {}
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
    fn arch_guards_are_read() {
        let text = r#"
__device__ void f() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm("a.u32;");
#if __CUDA_ARCH__ > 1000
  asm("b.u32;");
#endif
#else
  asm("c.u32;");
#endif
#if FEATURE_ENABLED
  asm("d.u32;");
#endif
#ifdef __CUDA_ARCH__
  asm("e.u32;");
#endif
  asm("f.u32;");
}
"#;
        let guards: Vec<Guard> = find(text).into_iter().map(|s| s.guard).collect();
        let at_least = |minimum| Requirement {
            minimum,
            specific: false,
        };
        assert_eq!(
            guards,
            [
                Guard::Requires(vec![at_least(900)]),
                Guard::Requires(vec![at_least(1001)]),
                Guard::Unknown,
                Guard::Unknown,
                Guard::None,
                Guard::None,
            ]
        );
        assert_eq!(
            arch_condition("(__CUDA_ARCH__ >= 800)"),
            Some(vec![at_least(800)])
        );
        assert_eq!(
            arch_condition("!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800"),
            Some(vec![at_least(800)])
        );
        assert_eq!(
            arch_condition(
                "defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1200"
            ),
            Some(vec![at_least(900)])
        );
        let sm90a = Requirement {
            minimum: 900,
            specific: true,
        };
        let sm100a = Requirement {
            minimum: 1000,
            specific: true,
        };
        assert_eq!(
            arch_condition(
                "defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_FEAT_SM100_ALL)"
            ),
            Some(vec![sm90a, sm100a])
        );
        assert_eq!(arch_condition("__CUDA_ARCH__ >= 800 || X"), None);
        assert_eq!(
            arch_condition("__CUDA_ARCH__ >= 900 && __cccl_ptx_isa >= 950"),
            None
        );
    }

    #[test]
    fn the_word_asm_is_told_from_others() {
        assert!(mentions_asm("x; asm volatile("));
        assert!(mentions_asm("__asm__("));
        assert!(!mentions_asm("plasma(); asmx; my_asm"));
    }
}
