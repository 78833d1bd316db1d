//! TILE016 `tile-invalid-constant`: dense constant literals (`constant <f32: [1.0, 2.0]> :
//! tile<2xf32>`): the literal's nesting against the tile's shape, its element type against the tile's, and each
//! value against what its element type can hold.
//!
//! The spec gives the literal's syntax only by example; the rules follow the cuda_tile parser
//! (MLIR's number syntax): integer types take integers (`true`/`false` only for i1) in the
//! union of the signed and unsigned range; float types take float literals with a `.`
//! (`1.0`, `1.5e-3`) or a hexadecimal bit pattern that fits the type's width, never a decimal
//! integer. A float literal too large for its type is accepted by the parser, which stores
//! infinity (or NaN where the type has no infinity); that is reported as a warning, as is a
//! zero or negative f8E8M0FNU. Values that merely round (0.1 in f32, 3.0 in f8E8M0FNU) are not
//! reported.

use crate::ast::{Form, Op};
use crate::bind::Bound;
use crate::checker::{Checker, Effective};
use crate::lex::Kind;
use crate::types::{Type, TypeRef};
use speclint_base::diagnostic::{Diagnostic, Severity};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    TILE_INVALID_CONSTANT = "TILE016" "tile-invalid-constant" Error fix=false {
        summary: "A constant's literal does not fit the constant's type",
        explanation: "A dense constant `constant <T: literal> : tile<…>` must describe exactly the tile it makes: a single value (a splat, any shape) or nested lists whose lengths are the tile's dimensions, as deep as its rank (a rank-0 tile takes no list). `T` must be the tile's element type. Integer types take integer literals (decimal or `0x…`; `true`/`false` only for i1) in the signed or unsigned range of their width (i8: -128 to 255; i64: a signed 64-bit value). Float types take float literals with a `.` (`1.0`, `1.5e-3`; `1` and `1e3` are not float literals) or a hexadecimal bit pattern no wider than the type, without a minus sign (`0xFF800000` is -inf in f32). A float value beyond the type's largest finite value (f16 65504, f8E4M3FN 448, f8E5M2 57344) is accepted by the parser but becomes infinity or NaN, as does a zero or negative f8E8M0FNU (which holds only positive powers of two): those are warnings. Values that merely round (0.1 in f32) are not reported. The message names the element by its index (`[1][0]`).",
        example: "%c = constant <i8: 300> : tile<i8>                // TILE016: 300 is out of range for i8\n%c = constant <f32: [1.0, 2.0]> : tile<4xf32>    // TILE016: 2 values for a tile of 4\n%c = constant <f32: 1> : tile<f32>                // TILE016: write 1.0",
    }
}

/// At most this many value findings per constant: one wrong value usually means a pattern.
const MAX_VALUE_FINDINGS: usize = 8;

/// A literal as written: one value, or a bracketed list of literals.
#[derive(Debug)]
enum Literal {
    Value {
        /// The `-` before the number, if any.
        minus: Option<u32>,
        token: u32,
    },
    List {
        open: u32,
        /// The `]`; None when the list is not closed before the literal ends.
        close: Option<u32>,
        items: Vec<Literal>,
    },
}

/// The element types a constant may hold (op-constant.md, `result`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Element {
    Int { bits: u32 },
    Float(FloatFormat),
}

/// A binary float format, enough to tell which decimal values round to a finite value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloatFormat {
    pub name: &'static str,
    /// The width of a bit pattern (tf32 is 19 bits: sign, 8 exponent, 10 mantissa).
    pub bits: u32,
    /// The largest finite value.
    pub max: f64,
    /// Half the distance from `max` to the next value the exponent could express: values
    /// from `max + half_ulp` on round away from `max`.
    pub half_ulp: f64,
    /// Whether `max`'s last mantissa bit is 0, so that a tie at `max + half_ulp` rounds down
    /// to it (f8E4M3FN, whose all-ones mantissa at the top exponent is NaN).
    pub max_is_even: bool,
    /// What happens to a value beyond the range (`becomes infinity`).
    pub overflow: &'static str,
    /// f8E8M0FNU: only the powers of two 2^-127..2^127, no zero and no sign.
    pub powers_of_two: bool,
}

const fn float(
    name: &'static str,
    bits: u32,
    max: f64,
    half_ulp: f64,
    max_is_even: bool,
    overflow: &'static str,
) -> FloatFormat {
    FloatFormat {
        name,
        bits,
        max,
        half_ulp,
        max_is_even,
        overflow,
        powers_of_two: false,
    }
}

/// 2^n for the exponents the formats below need.
const fn pow2(n: i32) -> f64 {
    let mut v = 1.0;
    let mut i = 0;
    if n >= 0 {
        while i < n {
            v *= 2.0;
            i += 1;
        }
    } else {
        while i > n {
            v /= 2.0;
            i -= 1;
        }
    }
    v
}

/// IEEE 754 binary16/32/64, bfloat16, TF32 and the OCP 8-bit and 4-bit formats.
const FLOATS: [FloatFormat; 10] = [
    float("f16", 16, 65504.0, 16.0, false, "becomes infinity"),
    float(
        "bf16",
        16,
        (2.0 - pow2(-7)) * pow2(127),
        pow2(119),
        false,
        "becomes infinity",
    ),
    float(
        "f32",
        32,
        (2.0 - pow2(-23)) * pow2(127),
        pow2(103),
        false,
        "becomes infinity",
    ),
    float(
        "tf32",
        19,
        (2.0 - pow2(-10)) * pow2(127),
        pow2(116),
        false,
        "becomes infinity",
    ),
    // f64 literals are read as f64: anything that does not read as infinity fits.
    float(
        "f64",
        64,
        f64::MAX,
        f64::INFINITY,
        false,
        "becomes infinity",
    ),
    // No infinity; S.1111.111 is NaN, so the largest value is 1.75 * 2^8 with mantissa 110.
    float("f8E4M3FN", 8, 448.0, 16.0, true, "becomes NaN"),
    float("f8E5M2", 8, 57344.0, 4096.0, false, "becomes infinity"),
    // No infinity and no NaN.
    float(
        "f4E2M1FN",
        4,
        6.0,
        1.0,
        false,
        "cannot be stored (no infinity, no NaN)",
    ),
    // 13.4, unsigned, 5 exponent and 3 mantissa bits; all ones is NaN, so the largest value is
    // 1.75 * 2^16 with mantissa 110 (cuTile Python 1.7.0's float spec: emax 16).
    float("fnv8E5M3FNU", 8, 114688.0, 4096.0, true, "becomes NaN"),
    FloatFormat {
        name: "f8E8M0FNU",
        bits: 8,
        max: pow2(127),
        half_ulp: pow2(126),
        max_is_even: true,
        overflow: "becomes NaN",
        powers_of_two: true,
    },
];

impl Element {
    /// The element type named `name`, if a constant may hold it.
    pub fn named(name: &str) -> Option<Element> {
        match name {
            "i1" => Some(Element::Int { bits: 1 }),
            "i8" => Some(Element::Int { bits: 8 }),
            "i16" => Some(Element::Int { bits: 16 }),
            "i32" => Some(Element::Int { bits: 32 }),
            "i64" => Some(Element::Int { bits: 64 }),
            _ => FLOATS
                .iter()
                .find(|f| f.name == name)
                .copied()
                .map(Element::Float),
        }
    }
}

/// What is wrong with one value.
#[derive(Debug, PartialEq)]
pub enum ValueProblem {
    /// The parser rejects it.
    Error(String),
    /// The parser accepts it but stores something else (infinity, NaN, another power of two).
    Warning(String),
}

/// The accepted range of an integer literal for `bits`: the signed range joined with the
/// unsigned one (`i8` takes -128 to 255), except i64, whose literal must fit a signed 64-bit
/// integer.
pub fn int_range(bits: u32) -> (i128, i128) {
    match bits {
        1 => (-1, 1),
        64 => (i64::MIN as i128, i64::MAX as i128),
        _ => (-(1i128 << (bits - 1)), (1i128 << bits) - 1),
    }
}

/// Checks one value of `elem`: the number token's text and kind, and whether a `-` precedes it.
/// `at` says where the value is (` at [1][0]`, or empty for a splat).
pub fn check_value(
    elem: Element,
    minus: bool,
    kind: Kind,
    text: &str,
    at: &str,
) -> Option<ValueProblem> {
    let sign = if minus { "-" } else { "" };
    let written = format!("{sign}{text}");
    let shown = format!("`{written}`{at}");
    let hex = kind == Kind::Integer && text.starts_with("0x");
    match elem {
        Element::Int { bits } => {
            let name = format!("i{bits}");
            if kind == Kind::Ident && (text == "true" || text == "false") {
                return (bits != 1).then(|| {
                    ValueProblem::Error(format!("{shown} is an i1 value; {name} needs an integer"))
                });
            }
            if kind != Kind::Integer {
                return Some(ValueProblem::Error(format!(
                    "{shown} is not an integer literal, which {name} needs"
                )));
            }
            let magnitude = if hex {
                u128::from_str_radix(&text[2..], 16).ok()
            } else {
                text.parse::<u128>().ok()
            };
            let value =
                magnitude
                    .and_then(|m| i128::try_from(m).ok())
                    .map(|m| if minus { -m } else { m });
            let (lo, hi) = int_range(bits);
            match value {
                Some(v) if (lo..=hi).contains(&v) => None,
                _ => Some(ValueProblem::Error(format!(
                    "{shown} is out of range for {name} ({lo} to {hi})"
                ))),
            }
        }
        Element::Float(format) => {
            let name = format.name;
            if hex {
                if minus {
                    return Some(ValueProblem::Error(format!(
                        "{shown}: a hexadecimal bit pattern for {name} takes no minus sign"
                    )));
                }
                let digits = text[2..].trim_start_matches('0');
                let width = match digits.chars().next() {
                    None => 0,
                    Some(first) => {
                        let lead = first.to_digit(16).unwrap_or(0);
                        (digits.len() as u32 - 1) * 4 + (32 - lead.leading_zeros())
                    }
                };
                return (width > format.bits).then(|| {
                    ValueProblem::Error(format!(
                        "the bit pattern `{text}`{at} has {width} bits, more than {name}'s {}",
                        format.bits
                    ))
                });
            }
            match kind {
                Kind::Integer => {
                    return Some(ValueProblem::Error(format!(
                        "{shown} is a decimal integer, but {name} needs a float literal (`{written}.0`)"
                    )))
                }
                // MLIR reads `1e6` as the integer 1 followed by a name.
                Kind::Float if !text.contains('.') => {
                    let (mantissa, exponent) = text.split_at(text.find(['e', 'E']).unwrap_or(0));
                    return Some(ValueProblem::Error(format!(
                        "{shown} is not a float literal: it needs a `.` (`{sign}{mantissa}.0{exponent}`)"
                    )));
                }
                Kind::Float => {}
                _ => {
                    return Some(ValueProblem::Error(format!(
                        "{shown} is not a number; {name} needs a float literal or a hexadecimal bit pattern"
                    )))
                }
            }
            let magnitude = text.parse::<f64>().unwrap_or(f64::INFINITY);
            float_problem(format, minus, magnitude, &shown)
        }
    }
}

/// Whether decimal `magnitude` (already rounded to f64, as the parser does) rounds to a value
/// `format` holds. Round to nearest, ties to even: `max + half_ulp` is the midpoint to the next
/// step, which rounds to `max` only when `max`'s mantissa is even.
fn float_problem(
    format: FloatFormat,
    minus: bool,
    magnitude: f64,
    written: &str,
) -> Option<ValueProblem> {
    let name = format.name;
    let limit = format.max + format.half_ulp;
    let fits =
        magnitude.is_finite() && (magnitude < limit || (magnitude == limit && format.max_is_even));
    if format.powers_of_two && (minus || magnitude == 0.0) {
        // Other values round to a power of two, as 0.1 rounds in f32: not reported.
        return Some(ValueProblem::Warning(format!(
            "{written} cannot be stored: {name} holds only positive powers of two (no zero, no sign)"
        )));
    }
    (!fits).then(|| {
        ValueProblem::Warning(format!(
            "{} is beyond {name}'s largest finite value ({}) and {}",
            abbreviated(written),
            readable(format.max),
            format.overflow
        ))
    })
}

/// A literal of hundreds of digits, cut to its first and last characters for a message.
fn abbreviated(written: &str) -> String {
    let chars: Vec<char> = written.chars().collect();
    if chars.len() <= 24 {
        return written.to_string();
    }
    let head: String = chars[..12].iter().collect();
    let tail: String = chars[chars.len() - 8..].iter().collect();
    format!("{head}…{tail} ({} characters)", chars.len())
}

/// 65504 as written, 3.4028234663852886e38 rather than 39 digits.
fn readable(value: f64) -> String {
    if value.abs() >= 1e7 {
        format!("{value:e}")
    } else {
        format!("{value}")
    }
}

/// Where the literal of a constant is: its element type tokens (`f32` in `<f32: …>`; empty in
/// the generic form) and its value tokens.
struct Written<'b> {
    elem: &'b [u32],
    value: &'b [u32],
    /// The `>` that ends the literal.
    end: u32,
}

impl Checker<'_> {
    /// TILE016: the dense literal of `constant` against its tile type.
    pub(crate) fn check_constant(&mut self, op: &Op, bound: &Bound, effective: &Effective) {
        if bound.error.is_some() {
            return; // reported as syntax; the literal's extent is not known
        }
        let body = op.body.as_slice();
        let written = if op.form == Form::Generic {
            self.generic_literal(body)
        } else {
            self.short_literal(body)
        };
        let (Some(written), Some(tile)) = (written, effective.get("result")) else {
            return;
        };
        let Type::Tile { shape, elem } = tile.ty.as_ref() else {
            return; // not a tile: the result constraint (TILE007) says so
        };
        if written.value.is_empty() {
            self.diagnostics.push(super::tile_syntax_error::at(
                self.file.range(written.end),
                "syntax error: the literal has no value before `>`".into(),
            ));
            return;
        }
        let mut at = 0;
        let Some(literal) = self.read_literal(written.value, &mut at) else {
            return;
        };
        if at < written.value.len() {
            let extra = written.value[at];
            self.diagnostics.push(super::tile_syntax_error::at(self.file.range(extra), "syntax error: the literal continues after its value (list elements are separated by `,` inside `[…]`)"
                    .into()));
            return;
        }
        let tile_elem = match elem.as_ref() {
            Type::Elem(name) => Some(*name),
            _ => None,
        };
        let elem_ok = self.literal_element(&written, tile_elem, tile);
        self.literal_shape(&literal, shape, tile);
        if let (true, Some(element)) = (elem_ok, tile_elem.and_then(Element::named)) {
            let mut findings = 0;
            self.literal_values(&literal, element, &mut Vec::new(), &mut findings);
        }
    }

    fn token_text(&self, token: u32) -> &str {
        self.file.text(self.source, token)
    }

    fn punct_at(&self, token: Option<&u32>, p: &str) -> bool {
        token.is_some_and(|&t| self.file.kind(t) == Kind::Punct && self.token_text(t) == p)
    }

    /// `< ELEM : VALUE >` at the start of the body.
    fn short_literal<'b>(&mut self, body: &'b [u32]) -> Option<Written<'b>> {
        if !self.punct_at(body.first(), "<") {
            return None;
        }
        let end = self.group_end(body, 0)?;
        let Some(colon) = (1..end).find(|&i| self.punct_at(body.get(i), ":")) else {
            // `<f32 1.0>`: the parser reads the element type, then wants `:`.
            let at = body[2.min(end)];
            self.diagnostics.push(super::tile_syntax_error::at(self.file.range(at), "syntax error: expected `:` between the literal's element type and its value (`<f32: 1.0>`)".into()));
            return None;
        };
        if colon == 1 {
            self.diagnostics.push(super::tile_syntax_error::at(
                self.file.range(body[1]),
                "syntax error: the literal needs its element type before `:` (`<f32: 1.0>`)".into(),
            ));
            return None;
        }
        Some(Written {
            elem: &body[1..colon],
            value: &body[colon + 1..end],
            end: body[end],
        })
    }

    /// `value = dense<VALUE>` among the generic form's properties.
    fn generic_literal<'b>(&self, body: &'b [u32]) -> Option<Written<'b>> {
        let at = (0..body.len()).find(|&i| {
            self.token_text(body[i]) == "value"
                && self.punct_at(body.get(i + 1), "=")
                && body
                    .get(i + 2)
                    .is_some_and(|&t| self.token_text(t) == "dense")
                && self.punct_at(body.get(i + 3), "<")
        })?;
        let open = at + 3;
        let end = self.group_end(body, open)?;
        let value = &body[open + 1..end];
        if value.iter().any(|&t| self.file.kind(t) == Kind::String) {
            return None; // `dense<"0x…">`: raw bytes, not checked here
        }
        Some(Written {
            elem: &[],
            value,
            end: body[end],
        })
    }

    /// The index of the `>` that closes the `<` at `open`.
    fn group_end(&self, body: &[u32], open: usize) -> Option<usize> {
        let mut depth = 0usize;
        for (i, &t) in body.iter().enumerate().skip(open) {
            if self.file.kind(t) != Kind::Punct {
                continue;
            }
            match self.token_text(t) {
                "<" | "[" | "(" | "{" => depth += 1,
                ">" | "]" | ")" | "}" => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return (self.token_text(t) == ">").then_some(i);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// One literal from `toks[*at..]`; reports what is not a value or a list (TILE001: the
    /// parser stops there).
    fn read_literal(&mut self, toks: &[u32], at: &mut usize) -> Option<Literal> {
        let Some(&token) = toks.get(*at) else {
            // `[1.0,` at the end: `toks` is not empty (the caller checks).
            let end = toks.last().map_or(0, |&t| self.file.range(t).end);
            self.diagnostics.push(super::tile_syntax_error::at(
                TextRange::new(end, end),
                "syntax error: the literal ends where a value is expected".into(),
            ));
            return None;
        };
        if self.punct_at(Some(&token), "[") {
            *at += 1;
            let mut items = Vec::new();
            if self.punct_at(toks.get(*at), "]") {
                *at += 1;
                return Some(Literal::List {
                    open: token,
                    close: Some(toks[*at - 1]),
                    items,
                });
            }
            loop {
                items.push(self.read_literal(toks, at)?);
                if self.punct_at(toks.get(*at), ",") {
                    *at += 1;
                    continue;
                }
                let close = self.punct_at(toks.get(*at), "]").then(|| toks[*at]);
                if close.is_some() {
                    *at += 1;
                } else if let Some(&t) = toks.get(*at) {
                    self.diagnostics.push(super::tile_syntax_error::at(
                        self.file.range(t),
                        format!(
                            "syntax error: expected `,` or `]` in the list, found `{}`",
                            self.token_text(t)
                        ),
                    ));
                    return None;
                }
                return Some(Literal::List {
                    open: token,
                    close,
                    items,
                });
            }
        }
        let minus = self.punct_at(Some(&token), "-").then_some(token);
        if minus.is_some() {
            *at += 1;
        }
        let Some(&number) = toks.get(*at) else {
            self.diagnostics.push(super::tile_syntax_error::at(
                self.file.range(token),
                "syntax error: a `-` without a number after it".into(),
            ));
            return None;
        };
        let kind = self.file.kind(number);
        if !matches!(kind, Kind::Integer | Kind::Float | Kind::Ident) {
            self.diagnostics.push(super::tile_syntax_error::at(
                self.file.range(number),
                format!(
                    "syntax error: expected a number or `[`, found `{}`",
                    self.token_text(number)
                ),
            ));
            return None;
        }
        *at += 1;
        Some(Literal::Value {
            minus,
            token: number,
        })
    }

    /// The literal's element type against the tile's; false when they differ.
    fn literal_element(
        &mut self,
        written: &Written,
        tile_elem: Option<&str>,
        tile: &TypeRef,
    ) -> bool {
        let (Some(&first), Some(&last)) = (written.elem.first(), written.elem.last()) else {
            return true; // the generic form names no element type of its own
        };
        let spelled: String = written.elem.iter().map(|&t| self.token_text(t)).collect();
        let spelled = spelled.trim_start_matches("!cuda_tile.");
        // A tile of pointers or of something malformed: the result's type checks report it.
        let Some(tile_elem) = tile_elem else {
            return true;
        };
        if tile_elem == spelled {
            return true;
        }
        let range = TextRange::new(self.file.range(first).start, self.file.range(last).end);
        let holds = if Element::named(spelled).is_some() {
            String::new()
        } else {
            " (and a constant cannot hold it)".to_string()
        };
        self.report(
            &TILE_INVALID_CONSTANT,
            range,
            format!(
                "the literal's element type `{spelled}`{holds} is not the element type of `{tile}` (`{tile_elem}`)"
            ),
        );
        false
    }

    /// The literal's nesting against the tile's shape; reports the first difference.
    fn literal_shape(&mut self, literal: &Literal, shape: &[i64], tile: &TypeRef) {
        if let Literal::List { open, .. } = literal {
            if shape.is_empty() {
                self.report(
                    &TILE_INVALID_CONSTANT,
                    self.file.range(*open),
                    format!("`{tile}` holds a single value: write it without `[…]`"),
                );
                return;
            }
        } else {
            return; // one value fills any shape
        }
        if let Some((token, message)) = self.shape_problem(literal, shape, tile, &mut Vec::new()) {
            self.report(&TILE_INVALID_CONSTANT, self.file.range(token), message);
        }
    }

    /// The first place where `literal` (at index `path`, dimension `path.len()`) differs from
    /// `shape`: the token to point at and the message.
    fn shape_problem(
        &self,
        literal: &Literal,
        shape: &[i64],
        tile: &TypeRef,
        path: &mut Vec<usize>,
    ) -> Option<(u32, String)> {
        let dim = path.len();
        let rank = shape.len();
        let at = index_path(path);
        match literal {
            Literal::Value { minus, token } if dim < rank => Some((
                minus.unwrap_or(*token),
                format!(
                    "`{}`{at} is a single value where `{tile}` needs a list of {} (dimension {dim})",
                    self.token_text(*token),
                    shape[dim]
                ),
            )),
            Literal::Value { .. } => None,
            Literal::List { open, .. } if dim >= rank => Some((
                *open,
                format!("the list{at} nests deeper than `{tile}`, which has rank {rank}"),
            )),
            Literal::List { open, close, items } => {
                let want = usize::try_from(shape[dim]).unwrap_or(0);
                if items.len() != want {
                    let token = match items.get(want) {
                        Some(Literal::Value { minus, token }) => minus.unwrap_or(*token),
                        Some(Literal::List { open, .. }) => *open,
                        None => close.unwrap_or(*open),
                    };
                    let what = if dim == 0 && path.is_empty() {
                        "the literal".to_string()
                    } else {
                        format!("the list{at}")
                    };
                    return Some((
                        token,
                        format!(
                            "{what} has {} element{}, but dimension {dim} of `{tile}` is {want}",
                            items.len(),
                            if items.len() == 1 { "" } else { "s" }
                        ),
                    ));
                }
                for (i, item) in items.iter().enumerate() {
                    path.push(i);
                    let found = self.shape_problem(item, shape, tile, path);
                    path.pop();
                    if found.is_some() {
                        return found;
                    }
                }
                None
            }
        }
    }

    /// Each value against `element`.
    fn literal_values(
        &mut self,
        literal: &Literal,
        element: Element,
        path: &mut Vec<usize>,
        findings: &mut usize,
    ) {
        match literal {
            Literal::Value { minus, token } => {
                if *findings >= MAX_VALUE_FINDINGS {
                    return;
                }
                let kind = self.file.kind(*token);
                let at = index_path(path);
                let text = self.token_text(*token);
                let Some(problem) = check_value(element, minus.is_some(), kind, text, &at) else {
                    return;
                };
                *findings += 1;
                let start = minus.map_or(*token, |m| m);
                let range =
                    TextRange::new(self.file.range(start).start, self.file.range(*token).end);
                let (severity, message) = match problem {
                    ValueProblem::Error(m) => (Severity::Error, m),
                    ValueProblem::Warning(m) => (Severity::Warning, m),
                };
                let mut diagnostic = Diagnostic::new(&TILE_INVALID_CONSTANT, range, message);
                diagnostic.severity = severity;
                self.diagnostics.push(diagnostic);
            }
            Literal::List { items, .. } => {
                for (i, item) in items.iter().enumerate() {
                    path.push(i);
                    self.literal_values(item, element, path, findings);
                    path.pop();
                }
            }
        }
    }
}

/// ` at [1][0]`, or nothing at the top.
fn index_path(path: &[usize]) -> String {
    if path.is_empty() {
        return String::new();
    }
    let mut out = String::from(" at ");
    for i in path {
        out.push_str(&format!("[{i}]"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn float_value(elem: &str, text: &str) -> Option<ValueProblem> {
        let (minus, text) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let kind = if text.starts_with("0x") {
            Kind::Integer
        } else {
            Kind::Float
        };
        check_value(Element::named(elem).unwrap(), minus, kind, text, "")
    }

    fn fits(elem: &str, text: &str) -> bool {
        float_value(elem, text).is_none()
    }

    fn int_fits(elem: &str, text: &str) -> bool {
        let (minus, text) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let kind = if text == "true" || text == "false" {
            Kind::Ident
        } else {
            Kind::Integer
        };
        check_value(Element::named(elem).unwrap(), minus, kind, text, "").is_none()
    }

    #[test]
    fn integer_ranges_join_signed_and_unsigned() {
        assert!(int_fits("i8", "255") && int_fits("i8", "-128") && int_fits("i8", "0xFF"));
        assert!(!int_fits("i8", "300") && !int_fits("i8", "-129") && !int_fits("i8", "0x100"));
        assert!(int_fits("i16", "65535") && !int_fits("i16", "65536"));
        assert!(int_fits("i32", "4294967295") && !int_fits("i32", "-2147483649"));
        // i1: -1, 0, 1 and the keywords; the keywords only for i1.
        assert!(int_fits("i1", "true") && int_fits("i1", "-1") && !int_fits("i1", "2"));
        assert!(!int_fits("i32", "false"));
        // i64: the literal must fit a signed 64-bit integer, in hex too.
        assert!(int_fits("i64", "9223372036854775807"));
        assert!(int_fits("i64", "-9223372036854775808"));
        assert!(!int_fits("i64", "9223372036854775808"));
        assert!(!int_fits("i64", "0xFFFFFFFFFFFFFFFF"));
        assert!(!int_fits("i64", "340282366920938463463374607431768211456"));
        // A float literal is not an integer.
        let problem = check_value(Element::Int { bits: 32 }, false, Kind::Float, "1.5", "");
        assert!(matches!(problem, Some(ValueProblem::Error(_))));
    }

    /// Round to nearest, ties to even: the largest finite value and everything that rounds to
    /// it fit; from the midpoint to the next step on (the midpoint itself unless `max` is even)
    /// the value becomes infinity or NaN.
    #[test]
    fn float_limits_round_to_nearest_even() {
        assert!(fits("f16", "65504.0") && fits("f16", "65519.99"));
        assert!(!fits("f16", "65520.0") && !fits("f16", "1.0e6") && !fits("f16", "-70000.0"));
        assert!(fits("f8E4M3FN", "448.0") && fits("f8E4M3FN", "-464.0"));
        assert!(!fits("f8E4M3FN", "464.5") && !fits("f8E4M3FN", "480.0"));
        assert!(fits("f8E5M2", "57344.0") && fits("f8E5M2", "61439.0"));
        assert!(!fits("f8E5M2", "61440.0"));
        assert!(fits("f4E2M1FN", "6.0") && fits("f4E2M1FN", "6.99") && !fits("f4E2M1FN", "7.0"));
        // bf16: max (2 - 2^-7) * 2^127, midpoint 2^128 - 2^119 and the f64 just below it.
        assert!(fits("bf16", "3.3895313892515355e38") && fits("bf16", "3.3961775292304597e38"));
        assert!(!fits("bf16", "3.39617752923046e38"));
        // f32: midpoint 2^128 - 2^103.
        assert!(fits("f32", "3.4028234663852886e38") && fits("f32", "3.4028235677973362e38"));
        assert!(!fits("f32", "3.4028235677973366e38") && !fits("f32", "3.4028236e38"));
        assert!(fits("tf32", "3.4e38") && !fits("tf32", "3.403e38"));
        assert!(fits("f64", "1.7976931348623157e308") && !fits("f64", "1.0e309"));
        // Too small is not reported: it rounds to zero or a subnormal, as intended or not.
        assert!(fits("f16", "1.0e-10"));
        let problem = float_value("f16", "70000.0");
        assert!(matches!(problem, Some(ValueProblem::Warning(m)) if m.contains("infinity")));
        let problem = float_value("f8E4M3FN", "1000.0");
        assert!(matches!(problem, Some(ValueProblem::Warning(m)) if m.contains("NaN")));
    }

    /// f8E8M0FNU has neither zero nor sign; other values round to a power of two (the
    /// oracle's 2^-127, printed as `5.877470e-39`, is not exactly one).
    #[test]
    fn f8e8m0_has_no_zero_and_no_sign() {
        assert!(fits("f8E8M0FNU", "1.0") && fits("f8E8M0FNU", "0.5") && fits("f8E8M0FNU", "3.0"));
        assert!(fits("f8E8M0FNU", "5.877470e-39") && fits("f8E8M0FNU", "1.7014118346046923e38"));
        assert!(!fits("f8E8M0FNU", "0.0") && !fits("f8E8M0FNU", "-2.0"));
        assert!(
            !fits("f8E8M0FNU", "3.402823669209385e38"),
            "2^128 is beyond 2^127"
        );
    }

    #[test]
    fn hexadecimal_bit_patterns_fit_the_width() {
        assert!(fits("f32", "0xFF800000") && fits("f16", "0x7C00") && fits("f16", "0x0"));
        assert!(fits("f64", "0x7FF0000000000000") && fits("f8E4M3FN", "0x7F"));
        assert!(!fits("f16", "0x1FFFF") && !fits("f8E5M2", "0x100") && !fits("f4E2M1FN", "0x10"));
        assert!(fits("tf32", "0x7FFFF") && !fits("tf32", "0x80000"));
        assert!(fits("f16", "0x00003C00"), "leading zeros do not count");
        assert!(!fits("f32", "-0x3F800000"), "no minus before a bit pattern");
    }

    #[test]
    fn float_literals_need_a_dot() {
        let f32 = Element::named("f32").unwrap();
        let problem = check_value(f32, false, Kind::Integer, "1", "");
        assert!(matches!(problem, Some(ValueProblem::Error(m)) if m.contains("`1.0`")));
        let problem = check_value(f32, true, Kind::Float, "1e6", "");
        assert!(matches!(problem, Some(ValueProblem::Error(m)) if m.contains("`-1.0e6`")));
        assert!(check_value(f32, false, Kind::Float, "1.e6", "").is_none());
        assert!(check_value(f32, false, Kind::Ident, "inf", "").is_some());
        assert!(check_value(f32, false, Kind::Ident, "true", "").is_some());
    }

    /// (code, severity, the text the diagnostic points at) for each finding in `entry_body`.
    fn findings(entry_body: &str) -> Vec<(&'static str, Severity, String)> {
        let text = format!(
            "cuda_tile.module @m {{\n  entry @k() {{\n{entry_body}\n    return\n  }}\n}}\n"
        );
        let analysis = crate::analyze(&text, &Default::default(), false);
        analysis
            .diagnostics
            .iter()
            .map(|d| {
                (
                    d.rule.code,
                    d.severity,
                    text[d.range.start..d.range.end].to_string(),
                )
            })
            .collect()
    }

    #[test]
    fn each_finding_points_at_the_offending_token() {
        let error = |s: &str| vec![("TILE016", Severity::Error, s.to_string())];
        assert_eq!(
            findings("%a = constant <i8: [1, -129]> : tile<2xi8>"),
            error("-129")
        );
        // Too many: the first extra element; too few: the `]` of the short list.
        assert_eq!(
            findings("%a = constant <i32: [1, 2, 33]> : tile<2xi32>"),
            error("33")
        );
        assert_eq!(
            findings("%a = constant <i32: [[1, 2], [3]]> : tile<2x2xi32>"),
            error("]")
        );
        assert_eq!(
            findings("%a = constant <i32: [[1, 2], [3, [4]]]> : tile<2x2xi32>"),
            error("[")
        );
        assert_eq!(
            findings("%a = constant <f32: [0.5, 7]> : tile<2xf32>"),
            error("7")
        );
        assert_eq!(
            findings("%a = constant <i16: 1> : tile<4xi32>"),
            error("i16")
        );
        let warning = findings("%a = constant <f16: [1.0, -1.0e5]> : tile<2xf16>");
        assert_eq!(
            warning,
            vec![("TILE016", Severity::Warning, "-1.0e5".to_string())]
        );
        // The message names the element, its index and the type.
        let text = "cuda_tile.module @m {\n  entry @k() {\n    %a = constant <i8: [[1, 2], [3, 300]]> : tile<2x2xi8>\n  }\n}\n";
        let analysis = crate::analyze(text, &Default::default(), false);
        assert_eq!(analysis.diagnostics.len(), 1);
        let message = &analysis.diagnostics[0].message;
        assert!(
            message.contains("`300` at [1][1]") && message.contains("i8"),
            "{message}"
        );
    }

    #[test]
    fn malformed_literals_are_syntax_errors_and_stop_there() {
        let syntax = |s: &str| vec![("TILE001", Severity::Error, s.to_string())];
        assert_eq!(
            findings("%a = constant <f32: [1.0 2.0]> : tile<2xf32>"),
            syntax("2.0")
        );
        assert_eq!(
            findings("%a = constant <f32 1.0> : tile<2xf32>"),
            syntax("1.0")
        );
        assert_eq!(findings("%a = constant <f32: > : tile<2xf32>"), syntax(">"));
        assert_eq!(
            findings("%a = constant <f32: [1.0,]> : tile<2xf32>"),
            syntax("]")
        );
    }

    #[test]
    fn valid_literals_in_every_form_are_clean() {
        for line in [
            "%a = constant <i32: [[1, 2], [3, 4]]> : tile<2x2xi32>",
            "%a = constant <f32: 1.5> : tile<2x4x4xf32>",
            "%a = cuda_tile.constant <f32: [1.0, 0xFF800000]> : !cuda_tile.tile<2xf32>",
            "%a = \"cuda_tile.constant\"() <{value = dense<[1.0, 2.0]> : tile<2xf32>}> : () -> !cuda_tile.tile<2xf32>",
            "%a = constant <i1: [true, false, -1, 0]> : tile<4xi1>",
        ] {
            assert_eq!(findings(line), vec![], "{line}");
        }
        // The generic form is checked too.
        let generic = "%a = \"cuda_tile.constant\"() <{value = dense<[1.0, 2]> : tile<2xf32>}> : () -> !cuda_tile.tile<2xf32>";
        assert_eq!(findings(generic).len(), 1);
    }

    #[test]
    fn constants_hold_the_spec_element_types() {
        for name in [
            "i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "tf32", "f64",
        ] {
            assert!(Element::named(name).is_some(), "{name}");
        }
        for name in ["f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN"] {
            assert!(Element::named(name).is_some(), "{name}");
        }
        for name in ["i4", "ptr", "token", "index"] {
            assert!(Element::named(name).is_none(), "{name}");
        }
    }
}
