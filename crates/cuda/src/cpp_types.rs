//! The C++ type of an operand's expression, where it is plain from the text (a cast, a literal,
//! a variable declared with a scalar type), checked against what its constraint takes: nvcc
//! 13.5's front end rejects a mismatch ("asm operand type size(2) does not match type/size
//! implied by constraint 'r'"). Other expressions (`x + 1`, calls, members) are not judged.

use crate::operands::Class;
use crate::rules;
use crate::template::Operand;
use speclint_base::diagnostic::Diagnostic;

/// What a C++ scalar type is, for the constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scalar {
    Integer(u8),
    Float,
    Double,
    Pointer,
}

/// The scalar a type name (qualifiers removed) stands for; `None` for anything else.
fn scalar(ty: &str) -> Option<Scalar> {
    let words: Vec<&str> = ty
        .split_whitespace()
        .filter(|w| {
            !matches!(
                *w,
                "const"
                    | "volatile"
                    | "signed"
                    | "register"
                    | "static"
                    | "extern"
                    | "constexpr"
                    | "__shared__"
                    | "__device__"
                    | "__constant__"
                    | "__managed__"
            )
        })
        .collect();
    let ty = words.join(" ");
    Some(match ty.as_str() {
        "bool" | "char" | "unsigned char" | "int8_t" | "uint8_t" => Scalar::Integer(1),
        "short" | "unsigned short" | "short int" | "unsigned short int" | "int16_t"
        | "uint16_t" => Scalar::Integer(2),
        "" | "int" | "unsigned" | "unsigned int" | "int32_t" | "uint32_t" => Scalar::Integer(4),
        "long"
        | "unsigned long"
        | "long long"
        | "unsigned long long"
        | "long int"
        | "long long int"
        | "unsigned long long int"
        | "int64_t"
        | "uint64_t"
        | "size_t"
        | "ptrdiff_t"
        | "intptr_t"
        | "uintptr_t" => Scalar::Integer(8),
        "__int128" | "unsigned __int128" | "__int128_t" | "__uint128_t" => Scalar::Integer(16),
        "float" => Scalar::Float,
        "double" => Scalar::Double,
        _ => return None,
    })
}

/// What a constraint letter takes: `None` for `n` and unknown letters.
fn wanted(letter: char) -> Option<(Scalar, &'static str)> {
    Some(match letter {
        'h' => (Scalar::Integer(2), "a 2-byte integer"),
        'r' => (Scalar::Integer(4), "a 4-byte integer"),
        'l' => (Scalar::Integer(8), "an 8-byte integer or a pointer"),
        'q' => (Scalar::Integer(16), "a 16-byte integer"),
        'f' => (Scalar::Float, "a `float`"),
        'd' => (Scalar::Double, "a `double`"),
        _ => return None,
    })
}

fn describe(scalar: Scalar) -> String {
    match scalar {
        Scalar::Integer(bytes) => format!("a {bytes}-byte integer"),
        Scalar::Float => "a `float`".to_string(),
        Scalar::Double => "a `double`".to_string(),
        Scalar::Pointer => "a pointer".to_string(),
    }
}

/// The brackets and `;` of a C++ file outside comments and literals, in order: read once per
/// file, so that looking for a declaration does not scan the file again for every operand.
pub struct Code {
    marks: Vec<(usize, u8)>,
}

impl Code {
    pub fn of(text: &str) -> Code {
        let mut marks = Vec::new();
        code_bytes(text, |at, byte| {
            if matches!(byte, b'(' | b')' | b'[' | b']' | b'{' | b'}' | b';') {
                marks.push((at, byte));
            }
        });
        Code { marks }
    }

    /// The bracket left open last before `at`, if any.
    fn innermost_open(&self, at: usize) -> Option<u8> {
        let mut closed = 0usize;
        let before = self.marks.partition_point(|&(offset, _)| offset < at);
        for &(_, byte) in self.marks[..before].iter().rev() {
            match byte {
                b')' | b']' | b'}' => closed += 1,
                b'(' | b'[' | b'{' if closed == 0 => return Some(byte),
                b'(' | b'[' | b'{' => closed -= 1,
                _ => {}
            }
        }
        None
    }

    /// Whether a declaration at `at` is seen at `end`: no block it is in closes before `end`.
    /// A parameter (a declaration inside parentheses) is seen only inside the body that follows
    /// its list: not after a prototype's `;`, not after the body closes.
    fn in_scope(&self, at: usize, end: usize) -> bool {
        let parameter = self.innermost_open(at) == Some(b'(');
        let mut parens = i32::from(parameter);
        let mut depth = 0i32;
        let mut body_opened = false;
        let from = self.marks.partition_point(|&(offset, _)| offset < at);
        for &(offset, byte) in &self.marks[from..] {
            if offset >= end {
                break;
            }
            match byte {
                b'(' => parens += 1,
                b')' => parens -= 1,
                b'{' => {
                    depth += 1;
                    body_opened |= parameter && parens == 0;
                }
                b'}' => {
                    depth -= 1;
                    if depth < 0 || (parameter && body_opened && depth == 0) {
                        return false;
                    }
                }
                b';' if parameter && parens == 0 && !body_opened => return false,
                _ => {}
            }
        }
        !parameter || body_opened
    }
}

/// The findings for `operands`, whose expressions are in `text` (declarations are looked for
/// before each operand); `code` is [`Code::of`] `text`.
pub fn check(text: &str, code: &Code, operands: &[Operand]) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for operand in operands {
        let Some(constraint) = operand.constraint else {
            continue;
        };
        if constraint.class == Class::Immediate {
            continue;
        }
        let Some((want, wanted_text)) = wanted(constraint.letter) else {
            continue;
        };
        let before = text.get(..operand.range.start).unwrap_or("");
        let Some((have, ty)) = expression_type(operand.expression.trim(), before, code) else {
            continue;
        };
        let fits = have == want || (constraint.letter == 'l' && have == Scalar::Pointer);
        if !fits {
            found.push(rules::constraint_type_mismatch::report(
                &operand.constraint_text,
                operand.expression.trim(),
                &ty,
                &describe(have),
                wanted_text,
                operand.range,
            ));
        }
    }
    found
}

/// The type of `expression` and its spelling, where the text makes it plain.
fn expression_type(expression: &str, before: &str, code: &Code) -> Option<(Scalar, String)> {
    let expression = expression.trim();
    // `(unsigned short)x`: a C cast of a whole operand.
    if let Some(rest) = expression.strip_prefix('(') {
        let close = rest.find(')')?;
        let ty = rest[..close].trim();
        let operand = rest[close + 1..].trim();
        if !operand.is_empty() && !ty.ends_with('*') {
            return scalar(ty).map(|s| (s, ty.to_string()));
        }
        if operand.is_empty() {
            return None;
        }
    }
    for cast in ["static_cast<", "reinterpret_cast<"] {
        if let Some(rest) = expression.strip_prefix(cast) {
            let close = rest.find('>')?;
            let ty = rest[..close].trim();
            if rest[close + 1..].trim_start().starts_with('(') && expression.ends_with(')') {
                return if ty.ends_with('*') {
                    Some((Scalar::Pointer, ty.to_string()))
                } else {
                    scalar(ty).map(|s| (s, ty.to_string()))
                };
            }
            return None;
        }
    }
    if let Some(literal) = literal_type(expression) {
        return Some(literal);
    }
    let is_name = |s: &str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if is_name(expression) {
        return declared_type(expression, before, code, false);
    }
    // `p[3]`, `p[i]` of a pointer or an array.
    if let Some((name, index)) = expression.split_once('[') {
        if is_name(name.trim()) && index.ends_with(']') && !index[..index.len() - 1].contains(']') {
            return declared_type(name.trim(), before, code, true);
        }
    }
    None
}

/// `1`, `1u`, `1ull`, `1.0f`, `2.0`: an integer literal that fits an `int` is 4 bytes.
fn literal_type(expression: &str) -> Option<(Scalar, String)> {
    let digits = expression.strip_prefix('-').unwrap_or(expression);
    if !digits.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let lower = digits.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        let body = hex.trim_end_matches(['u', 'l']);
        let suffix = &hex[body.len()..];
        if body.is_empty() || !body.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        return integer_literal(u128::from_str_radix(body, 16).ok()?, suffix);
    }
    if lower.contains(['.', 'e']) {
        let (body, float) = match lower.strip_suffix('f') {
            Some(body) => (body, true),
            None => (lower.as_str(), false),
        };
        body.parse::<f64>().ok()?;
        return Some(if float {
            (Scalar::Float, "float".to_string())
        } else {
            (Scalar::Double, "double".to_string())
        });
    }
    let body = lower.trim_end_matches(['u', 'l']);
    let suffix = &lower[body.len()..];
    if body.is_empty() || !body.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    integer_literal(body.parse().ok()?, suffix)
}

fn integer_literal(value: u128, suffix: &str) -> Option<(Scalar, String)> {
    let long = suffix.contains('l');
    if long || value > u128::from(u32::MAX) {
        return Some((Scalar::Integer(8), "long long".to_string()));
    }
    // An unsuffixed decimal past `int` would be `long`; leave such edge cases alone.
    (value <= i32::MAX as u128 || suffix.contains('u'))
        .then(|| (Scalar::Integer(4), "int".to_string()))
}

/// The type `name` was last declared with before the statement, in a scope the statement is
/// in: `unsigned short h`, `float *p` (with `element`, the type `p[i]` has), `int a, h` (the
/// list's type). Uses of the name are passed over; a declaration less plain (`auto h`, a
/// struct, `vector<int> h`) stops the search with no answer.
fn declared_type(name: &str, before: &str, code: &Code, element: bool) -> Option<(Scalar, String)> {
    let bytes = before.as_bytes();
    let mut end = before.len();
    while let Some(at) = before[..end].rfind(name) {
        end = at;
        let word_before =
            at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        let after = before[at + name.len()..].trim_start();
        let word_after = after
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        if word_before || word_after {
            continue;
        }
        let head = &before[..at];
        if head.ends_with('.') || head.ends_with("->") || head.ends_with("::") {
            // A member or a qualified name: another thing.
            continue;
        }
        let array = after.starts_with('[');
        if !(after.starts_with([';', '=', ',', ')', '[']) || after.is_empty()) {
            // `x(…)`, `x + 1`, `x.y`: a use.
            continue;
        }
        // The words before the name, back to a statement or parameter boundary.
        let start = head
            .rfind([';', '{', '}', '(', ',', '\n', ':', '>'])
            .map_or(0, |p| p + 1);
        let boundary = start.checked_sub(1).map(|p| bytes[p]);
        let mut ty = head[start..].trim().to_string();
        let pointer = ty.ends_with('*');
        ty = ty.trim_end_matches(['*', '&', ' ']).to_string();
        let list = boundary == Some(b',') && code.innermost_open(at) != Some(b'(');
        if ty.is_empty() && list {
            // `int a, x;`: the first declarator's type, or a declaration this does not read.
            ty = list_type(&head[..start - 1])?;
        } else if ty.is_empty() && boundary == Some(b'>') {
            // `vector<int> x`: a declaration this does not read.
            return None;
        }
        if ty.is_empty()
            || ty.contains(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ' '))
        {
            // A use: `f(x)`, `y = x;`, `"r"(x)`.
            continue;
        }
        if ty.split_whitespace().any(|w| {
            matches!(
                w,
                "return" | "case" | "goto" | "delete" | "else" | "do" | "throw"
            )
        }) {
            continue;
        }
        if !code.in_scope(at, before.len()) {
            // Another function's parameter or another block's variable.
            continue;
        }
        // Not a type the table knows (`auto`, a struct, a template parameter): not judged.
        let base = scalar(&ty)?;
        return Some(match (pointer, array, element) {
            (true, _, true) | (false, true, true) => (base, ty),
            (true, _, false) => (Scalar::Pointer, format!("{ty} *")),
            (false, true, false) => return None,
            (false, false, true) => return None,
            (false, false, false) => (base, ty),
        });
    }
    None
}

/// The type of the first declarator of the declaration list that `head` (up to a `,`) ends
/// in: `unsigned` for `unsigned a = f(1, 2), *b`. `None` where it is not one this reads.
fn list_type(head: &str) -> Option<String> {
    let bytes = head.as_bytes();
    let mut depth = 0i32;
    let mut first_comma = head.len();
    let mut start = 0;
    for i in (0..bytes.len()).rev() {
        match bytes[i] {
            b')' | b']' => depth += 1,
            b'(' | b'[' => {
                depth -= 1;
                if depth < 0 {
                    // Inside a call's or a condition's parentheses.
                    return None;
                }
            }
            b',' if depth == 0 => first_comma = i,
            b';' | b'{' | b'}' if depth == 0 => {
                start = i + 1;
                break;
            }
            _ => {}
        }
    }
    let first = &head[start..first_comma];
    let first = first.split(['=', '[', '{']).next()?.trim_end();
    let name_at = first
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |p| p + 1);
    let ty = first[..name_at].trim().trim_end_matches(['*', '&', ' ']);
    let plain = !ty.is_empty()
        && ty
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ' ')
        && name_at < first.len();
    plain.then(|| ty.to_string())
}

/// Calls `visit` with each byte offset of `text` outside comments and string and character
/// literals, and the byte there (C++, and PTX, whose comments are written alike).
pub(crate) fn code_bytes(text: &str, mut visit: impl FnMut(usize, u8)) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i += 1;
            }
            quote @ (b'"' | b'\'') => {
                i += 1;
                while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            byte => visit(i, byte),
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_expressions_have_types() {
        let before =
            "void f(unsigned short h, float *p, double d) { unsigned long long w; int a[4]; ";
        let ty = |e: &str| expression_type(e, before, &Code::of(before)).map(|t| t.0);
        let ty_in =
            |e: &str, before: &str| expression_type(e, before, &Code::of(before)).map(|t| t.0);
        assert_eq!(ty("h"), Some(Scalar::Integer(2)));
        assert_eq!(ty("p"), Some(Scalar::Pointer));
        assert_eq!(ty("p[1]"), Some(Scalar::Float));
        assert_eq!(ty("d"), Some(Scalar::Double));
        assert_eq!(ty("w"), Some(Scalar::Integer(8)));
        assert_eq!(ty("a[2]"), Some(Scalar::Integer(4)));
        assert_eq!(ty("(unsigned short)x"), Some(Scalar::Integer(2)));
        assert_eq!(ty("static_cast<float>(x)"), Some(Scalar::Float));
        assert_eq!(ty("1"), Some(Scalar::Integer(4)));
        assert_eq!(ty("1ull"), Some(Scalar::Integer(8)));
        assert_eq!(ty("0x1ffffffff"), Some(Scalar::Integer(8)));
        assert_eq!(ty("1.0f"), Some(Scalar::Float));
        // The nearest declaration decides, even when it cannot be read.
        let listed = "void g(const int *b) {} void h() { unsigned a = 1, b = 2; ";
        assert_eq!(ty_in("b", listed), Some(Scalar::Integer(4)));
        let unread = "void h(short b) { auto a = 1, b = 2; ";
        assert_eq!(ty_in("b", unread), None);
        for unknown in ["x + 1", "g(x)", "s.x", "undeclared", "a", "(x)"] {
            assert_eq!(ty(unknown), None, "{unknown}");
        }
    }

    #[test]
    fn uses_are_passed_over_to_the_declaration_in_scope() {
        let ty = |e: &str, before: &str| expression_type(e, before, &Code::of(before)).map(|t| t.0);
        let used = "void f(unsigned short h) { asm(\"\" :: \"h\"(h)); x = h; g(h, 1); ";
        assert_eq!(ty("h", used), Some(Scalar::Integer(2)));
        let returned = "void f() { unsigned w = 0; if (w) return w; else w = 1; ";
        assert_eq!(ty("w", returned), Some(Scalar::Integer(4)));
        // Not seen here: another function's parameter, a prototype's, a closed block's.
        for before in [
            "void f(short h) { } void g() { use(h); ",
            "void f(short h); void g() { ",
            "void g() { { short h = 1; } use(h); ",
        ] {
            assert_eq!(ty("h", before), None, "{before}");
        }
        // A declaration in scope hides older ones, read or not.
        let shadowed = "short h; void g() { auto a = 1, h = 2; ";
        assert_eq!(ty("h", shadowed), None);
        let listed = "void g() { __shared__ unsigned short a[4], h; static long b = f(1, 2), *p; ";
        assert_eq!(ty("h", listed), Some(Scalar::Integer(2)));
        assert_eq!(ty("p", listed), Some(Scalar::Pointer));
        assert_eq!(ty("h", "void g() { x = 1, h; "), None);
        let nested = "void f(short h) { for (int i = 0; i < 4; ++i) { if (i) { use(h); ";
        assert_eq!(ty("h", nested), Some(Scalar::Integer(2)));
    }
}
