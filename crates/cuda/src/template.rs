//! Binding a template's `%N` to its operands, and the PTX module the template is checked in:
//! a `.func` whose body declares one register per operand of the constraint's class, then the
//! template with each placeholder replaced by its register (or an immediate's value), as nvcc
//! does. Every byte of the module's template part keeps the source range that wrote it.

use crate::literal::Decoded;
use crate::operands::{Class, Constraint};
use speclint_base::text::TextRange;

/// One operand of a statement, read.
#[derive(Clone, Debug)]
pub struct Operand {
    pub name: Option<String>,
    /// None where the constraint is invalid (the operand is then a `.b32` register).
    pub constraint: Option<Constraint>,
    pub constraint_text: String,
    pub expression: String,
    /// The operand as written: `[name] "constraint" (expression)`.
    pub range: TextRange,
}

impl Operand {
    fn register_type(&self) -> Option<&'static str> {
        match self.constraint.map(|c| c.class) {
            Some(Class::Register(ty)) => Some(ty),
            Some(Class::Immediate) => None,
            None => Some(".b32"),
        }
    }
}

/// What a `%` sequence of the template stood for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReferenceKind {
    /// `%N`, bound to operand N.
    Index(usize),
    /// `%[name]`, bound to operand N (nvcc rejects it: CUDA004).
    Named(usize),
    /// `%N` with no operand N, or `%[name]` with no such name.
    Unbound,
    /// `%c0`, `%r1`: a GNU operand modifier (nvcc rejects it: CUDA005).
    Modifier,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference {
    pub kind: ReferenceKind,
    /// In the module's template part.
    pub ptx: TextRange,
    /// In the C++ file.
    pub source: TextRange,
    /// The value of an `n` operand is not known (not a literal), so findings on it are not.
    pub unknown_value: bool,
}

/// The PTX of one statement: a function of the module the file's statements are checked in.
pub struct Module {
    pub text: String,
    /// Where the template starts and ends in `text`.
    pub template: TextRange,
    /// For each byte of the template part, the source range that wrote it.
    pub spans: Vec<TextRange>,
    pub references: Vec<Reference>,
    /// Offsets in the template part where pieces that are not literals were.
    pub gaps: Vec<usize>,
}

/// The register name an operand's placeholder becomes; messages show the placeholder instead.
pub const REGISTER_PREFIX: &str = "%speclint_op";
/// The register an unbound placeholder becomes, so the rest of the template checks on.
pub const UNBOUND_REGISTER: &str = "%speclint_unbound";
const FUNCTION: &str = "speclint_inline_asm";

/// The register or immediate text of operand `index`, and whether its value is unknown.
fn replacement(operands: &[Operand], index: usize) -> (String, bool) {
    let operand = &operands[index];
    match operand.register_type() {
        Some(_) => (format!("{REGISTER_PREFIX}{index}"), false),
        None => match integer_literal(&operand.expression) {
            Some(value) => (value, false),
            None => ("1".to_string(), true),
        },
    }
}

/// `-5`, `0x10u`, `(8)`: a C++ integer literal as PTX writes it; anything else is not known.
fn integer_literal(expression: &str) -> Option<String> {
    let mut text = expression.trim();
    while let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        text = inner.trim();
    }
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest.trim_start()),
        None => ("", text),
    };
    let digits = digits
        .trim_end_matches(['u', 'U', 'l', 'L'])
        .replace('\'', "");
    let valid = if let Some(hex) = digits.strip_prefix("0x").or(digits.strip_prefix("0X")) {
        !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit())
    } else {
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    };
    valid.then(|| format!("{sign}{digits}"))
}

/// Builds the module: `version` is what its `.version` says (the settings may override it).
/// The module's header: `version` is what its `.version` says (the settings may override it).
/// No `.target`: the settings give it, or target requirements are not checked.
pub fn header(version: &str) -> String {
    format!(".version {version}\n.address_size 64\n")
}

/// Builds the function of statement `number` of the file (the module's functions follow
/// `header`, one per statement).
pub fn build(decoded: &Decoded, operands: &[Operand], number: usize) -> Module {
    let mut text = format!(".visible .func {FUNCTION}{number}()\n{{\n");
    for (index, operand) in operands.iter().enumerate() {
        if let Some(ty) = operand.register_type() {
            text.push_str(&format!("\t.reg {ty} {REGISTER_PREFIX}{index};\n"));
        }
    }
    text.push_str(&format!("\t.reg .b32 {UNBOUND_REGISTER};\n"));
    let start = text.len();
    let mut spans: Vec<TextRange> = Vec::with_capacity(decoded.text.len());
    let mut references = Vec::new();
    let mut gaps = Vec::new();
    let mut next_gap = 0;
    let source = decoded.text.as_bytes();
    let mut i = 0;
    let push = |text: &mut String, spans: &mut Vec<TextRange>, piece: &str, span: TextRange| {
        text.push_str(piece);
        spans.extend(std::iter::repeat_n(span, piece.len()));
    };
    while i < source.len() {
        while next_gap < decoded.gaps.len() && decoded.gaps[next_gap].0 <= i {
            gaps.push(spans.len());
            next_gap += 1;
        }
        let span_of = |from: usize, to: usize| {
            TextRange::new(decoded.spans[from].start, decoded.spans[to - 1].end)
        };
        if source[i] != b'%' {
            let len = utf8_len(source[i]);
            let end = (i + len).min(source.len());
            text.push_str(&decoded.text[i..end]);
            spans.extend_from_slice(&decoded.spans[i..end]);
            i = end;
            continue;
        }
        let next = source.get(i + 1).copied();
        match next {
            Some(b'%') => {
                push(&mut text, &mut spans, "%", span_of(i, i + 2));
                i += 2;
            }
            Some(b'0'..=b'9') => {
                let mut end = i + 1;
                while end < source.len() && source[end].is_ascii_digit() {
                    end += 1;
                }
                let index: Option<usize> = decoded.text[i + 1..end].parse().ok();
                let span = span_of(i, end);
                let at = spans.len();
                let (kind, (replaced, unknown_value)) = match index {
                    Some(index) if index < operands.len() => {
                        (ReferenceKind::Index(index), replacement(operands, index))
                    }
                    _ => (
                        ReferenceKind::Unbound,
                        (UNBOUND_REGISTER.to_string(), false),
                    ),
                };
                push(&mut text, &mut spans, &replaced, span);
                references.push(Reference {
                    kind,
                    ptx: TextRange::new(at, spans.len()),
                    source: span,
                    unknown_value,
                });
                i = end;
            }
            Some(b'[') => {
                let close = decoded.text[i..].find(']').map(|c| i + c);
                let Some(close) = close else {
                    push(&mut text, &mut spans, "%", span_of(i, i + 1));
                    i += 1;
                    continue;
                };
                let name = decoded.text[i + 2..close].trim();
                let bound = operands
                    .iter()
                    .position(|o| o.name.as_deref() == Some(name));
                let span = span_of(i, close + 1);
                let at = spans.len();
                let (kind, (replaced, unknown_value)) = match bound {
                    Some(index) => (ReferenceKind::Named(index), replacement(operands, index)),
                    None => (
                        ReferenceKind::Unbound,
                        (UNBOUND_REGISTER.to_string(), false),
                    ),
                };
                push(&mut text, &mut spans, &replaced, span);
                references.push(Reference {
                    kind,
                    ptx: TextRange::new(at, spans.len()),
                    source: span,
                    unknown_value,
                });
                i = close + 1;
            }
            // `%=`: a number unique to the statement (nvcc writes 0 and counts up).
            Some(b'=') => {
                push(&mut text, &mut spans, "0", span_of(i, i + 2));
                i += 2;
            }
            Some(letter)
                if letter.is_ascii_alphabetic()
                    && source
                        .get(i + 2)
                        .is_some_and(|&b| b.is_ascii_digit() || b == b'[') =>
            {
                // Kept as written (a register named `%r1` stays one) and reported.
                let span = span_of(i, i + 2);
                let at = spans.len();
                push(&mut text, &mut spans, "%", decoded.spans[i]);
                push(
                    &mut text,
                    &mut spans,
                    &(letter as char).to_string(),
                    decoded.spans[i + 1],
                );
                references.push(Reference {
                    kind: ReferenceKind::Modifier,
                    ptx: TextRange::new(at, spans.len()),
                    source: span,
                    unknown_value: false,
                });
                i += 2;
            }
            // `%laneid`, `%tid.x`: nvcc passes a `%` that starts no operand through.
            _ => {
                push(&mut text, &mut spans, "%", decoded.spans[i]);
                i += 1;
            }
        }
    }
    while next_gap < decoded.gaps.len() {
        gaps.push(spans.len());
        next_gap += 1;
    }
    let template = TextRange::new(start, text.len());
    text.push_str("\n}\n");
    Module {
        text,
        template,
        spans,
        references,
        gaps,
    }
}

impl Module {
    /// The module with `prologue` and `epilogue` around its template: text that maps nowhere,
    /// which the template is checked within (the scopes other statements leave open).
    pub fn with_context(mut self, prologue: &str, epilogue: &str) -> Module {
        self.text.insert_str(self.template.end, epilogue);
        self.text.insert_str(self.template.start, prologue);
        self.template = TextRange::new(
            self.template.start + prologue.len(),
            self.template.end + prologue.len(),
        );
        self
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xf0..=0xff => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}

/// `%speclint_op3` in a message is `%3` in the template.
pub(crate) fn show_placeholders(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find(REGISTER_PREFIX) {
        out.push_str(&rest[..at]);
        out.push('%');
        rest = &rest[at + REGISTER_PREFIX.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operands;
    use speclint_base::text::TextRange;

    fn operand(constraint: &str, output: bool, expression: &str, name: Option<&str>) -> Operand {
        Operand {
            name: name.map(str::to_string),
            constraint: operands::parse(constraint, output).ok(),
            constraint_text: constraint.to_string(),
            expression: expression.to_string(),
            range: TextRange::empty(0),
        }
    }

    fn decoded(source: &str) -> Decoded {
        let mut decoded = Decoded::default();
        decoded.literal(source, TextRange::new(0, source.len()));
        decoded
    }

    #[test]
    fn placeholders_become_registers_of_their_class() {
        let source = "\"add.u32 %0, %1, %2;\\n\\tmov.u32 %0, %%laneid; // é\"";
        let ops = [
            operand("=r", true, "x", None),
            operand("h", false, "y", None),
            operand("n", false, "4", None),
        ];
        let module = build(&decoded(source), &ops, 0);
        assert!(module
            .text
            .contains("\t.reg .b32 %speclint_op0;\n\t.reg .b16 %speclint_op1;\n"));
        let template = &module.text[module.template.start..module.template.end];
        assert_eq!(
            template,
            "add.u32 %speclint_op0, %speclint_op1, 4;\n\tmov.u32 %speclint_op0, %laneid; // é"
        );
        assert_eq!(module.spans.len(), template.len());
        // The second register maps back to `%1`, `%laneid` to `%%laneid`.
        let at = template.find("%speclint_op1").unwrap();
        assert_eq!(module.spans[at], TextRange::new(13, 15));
        let lane = template.find("%laneid").unwrap();
        assert_eq!(
            &source[module.spans[lane].start..],
            &source[source.find("%%laneid").unwrap()..]
        );
        assert_eq!(module.references.len(), 4);
    }

    #[test]
    fn unbound_named_and_modifier_references_are_told_apart() {
        let source = "\"mov.u32 %[out], %3; mov.u32 %r1, %c0; mov.u32 %0, %[in];\"";
        let ops = [
            operand("=r", true, "x", Some("out")),
            operand("n", false, "N", None),
        ];
        let module = build(&decoded(source), &ops, 0);
        let kinds: Vec<_> = module.references.iter().map(|r| r.kind).collect();
        assert_eq!(
            kinds,
            [
                ReferenceKind::Named(0),
                ReferenceKind::Unbound,
                ReferenceKind::Modifier,
                ReferenceKind::Modifier,
                ReferenceKind::Index(0),
                ReferenceKind::Unbound,
            ]
        );
        assert!(
            !module.text.contains("%speclint_op1"),
            "an immediate declares no register"
        );
    }

    #[test]
    fn immediates_take_literal_values() {
        assert_eq!(integer_literal(" (-5) ").as_deref(), Some("-5"));
        assert_eq!(integer_literal("0x10u").as_deref(), Some("0x10"));
        assert_eq!(integer_literal("N"), None);
        assert_eq!(integer_literal("sizeof(int)"), None);
    }
}
