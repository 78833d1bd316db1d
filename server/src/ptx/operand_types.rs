//! Operands: what each one is (register, immediate, address, …), the type a form expects of
//! it, and the type-agreement rules of PTX ISA section 9.4.

use super::ast::{Block, Operand as OperandNode, OperandKind};
use super::opcode::FormMatch;
use super::symbols::{DeclKind, SymbolWalker};
use crate::core::text::TextRange;
use speclint_spec_db::{
    ptx, ImmediateRule, NameKind, Operand, OperandShape, SpaceExpr, TypeExpr, TypeKind,
    VectorLength,
};

#[derive(Clone, Debug)]
pub enum OperandValue {
    /// A declared name (register, variable, parameter, label, function), if resolved.
    Name {
        at: TextRange,
        declaration: Option<usize>,
    },
    /// `%v.x`: a member of a vector register (or of something else, when misused).
    Member {
        at: TextRange,
        declaration: Option<usize>,
    },
    SpecialRegister,
    Immediate {
        float: bool,
        /// The integer value, when it is a plain integer literal.
        value: Option<i64>,
    },
    /// `[…]`: the declarations of the names inside, in order.
    Address {
        declarations: Vec<(TextRange, usize)>,
        /// The number of elements of a `{…}` vector inside the brackets, if any.
        elements: Option<usize>,
    },
    Vector(Vec<OperandValue>),
    PredicatePair,
    Sink,
    /// Expressions and lists: not type-checked.
    Other,
}

/// What the matched form wants of one operand, with the modifiers as written.
#[derive(Clone, Debug, Default)]
pub struct Expectation {
    pub ty: Option<String>,
    /// The vector lengths allowed (`.v4` → [4]); None for a scalar.
    pub lengths: Option<Vec<usize>>,
    /// The modifier that sets the length, for messages (`.v4`).
    pub length_from: Option<String>,
    /// For an operand written only with a modifier: whether that modifier is there, and which.
    pub present: Option<(bool, &'static str)>,
    /// The state space of an address: `.shared::cta`, or "" for generic; None if not known.
    pub space: Option<String>,
    /// ld/st/cvt: registers may be wider than the instruction type (section 9.4.1).
    pub relaxed: bool,
    /// mov/cvt: special registers may be read.
    pub reads_special_registers: bool,
}

/// What each operand of the matched form must be, by operand position.
pub fn expected(found: &FormMatch, modifiers: &[&str]) -> Vec<Expectation> {
    // Section 9.4.1 names ld, st and cvt (not st.async or st.bulk).
    // ptxas also takes wider data registers for suld/sust/sured.
    // A cvt with a type that takes only its own width (`.bf16`, `.tf32`, the 8/6/4-bit float
    // types; not `.f16x2`) on either side takes no wider register on the other side either
    // (ptxas 13.5: `cvt.rn.bf16.u16 %h, %r` and `cvt.rz.f16.bf16 %r, %h` are "Arguments
    // mismatch", while `cvt.rn.f16x2.f32 %rd, %f1, %f2` assembles).
    let relaxed = matches!(
        found.instruction.opcode,
        "ld" | "ld.global.nc" | "ldu" | "st" | "cvt" | "suld" | "sust" | "sured"
    ) && !(found.instruction.opcode == "cvt"
        && modifiers
            .iter()
            .any(|m| takes_own_width_only(m) && *m != ".f16x2"));
    let reads_special_registers = matches!(found.instruction.opcode, "mov" | "cvt");
    found
        .form
        .operands
        .iter()
        .map(|operand| {
            let ty = match operand.ty {
                TypeExpr::Any => None,
                TypeExpr::Literal(ty) => Some(ty.to_string()),
                TypeExpr::Slot(slot) => found.chosen(slot as usize, modifiers).map(str::to_string),
                TypeExpr::Double(slot) => found
                    .chosen(slot as usize, modifiers)
                    .and_then(double_width),
            };
            let (lengths, length_from) = match operand.vector {
                VectorLength::Scalar => (None, None),
                VectorLength::Slot(slot) => match found.chosen(slot as usize, modifiers) {
                    Some(m) => (number_in(m).map(|n| vec![n]), Some(m.to_string())),
                    None => (None, None),
                },
                VectorLength::Fixed(list) => {
                    (Some(list.iter().map(|&n| n as usize).collect()), None)
                }
            };
            let present = operand.present_with.map(|slot| {
                let slot_name = found.form.slots[slot as usize].name;
                (found.chosen(slot as usize, modifiers).is_some(), slot_name)
            });
            let space = match operand.space {
                SpaceExpr::Unknown => None,
                SpaceExpr::Literal(space) => Some(space.to_string()),
                SpaceExpr::Slot(slot) => Some(
                    found
                        .chosen(slot as usize, modifiers)
                        .unwrap_or("")
                        .to_string(),
                ),
            };
            Expectation {
                ty,
                lengths,
                length_from,
                present,
                space,
                relaxed,
                reads_special_registers,
            }
        })
        .collect()
}

/// The first decimal number in a modifier: `.v4` → 4, `.x2` → 2, `.3d` → 3.
fn number_in(modifier: &str) -> Option<usize> {
    let start = modifier.find(|c: char| c.is_ascii_digit())?;
    let digits: String = modifier[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// `.s32` -> `.s64`, `.u16` -> `.u32`.
fn double_width(ty: &str) -> Option<String> {
    let digits_at = ty.find(|c: char| c.is_ascii_digit())?;
    let bits: u32 = ty[digits_at..].parse().ok()?;
    Some(format!("{}{}", &ty[..digits_at], bits * 2))
}

/// The value of an integer literal: decimal, `0x` hex, `0b` binary, `0` octal, `U` suffix.
fn integer_value(text: &str) -> Option<i64> {
    let text = text.trim_end_matches(['U', 'u']);
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let value = if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16).ok()?
    } else if let Some(bin) = text.strip_prefix("0b").or_else(|| text.strip_prefix("0B")) {
        u64::from_str_radix(bin, 2).ok()?
    } else if text.len() > 1 && text.starts_with('0') {
        u64::from_str_radix(&text[1..], 8).ok()?
    } else {
        text.parse::<u64>().ok()?
    } as i64;
    Some(if negative {
        value.wrapping_neg()
    } else {
        value
    })
}

/// Resolves the names inside an operand and says what kind of operand it is.
pub fn resolve(
    operand: &OperandNode,
    source: &str,
    symbols: &mut SymbolWalker,
    expected: Option<&str>,
    body: Option<&Block>,
) -> OperandValue {
    let text = |r: TextRange| source.get(r.start..r.end).unwrap_or("");
    match &operand.kind {
        OperandKind::Name => {
            let declaration = symbols.use_name(text(operand.range), operand.range, expected, body);
            OperandValue::Name {
                at: operand.range,
                declaration,
            }
        }
        OperandKind::Component { register } => {
            let name = text(*register);
            match ptx::special_register(name) {
                Some(special) if symbols.resolve(name).is_none() => {
                    symbols.special_uses.push((*register, special));
                    OperandValue::SpecialRegister
                }
                _ => {
                    let declaration = symbols.use_name(name, *register, None, body);
                    OperandValue::Member {
                        at: operand.range,
                        declaration,
                    }
                }
            }
        }
        OperandKind::Integer => OperandValue::Immediate {
            float: false,
            value: integer_value(text(operand.range)),
        },
        OperandKind::Float => OperandValue::Immediate {
            float: true,
            value: None,
        },
        OperandKind::Sink => OperandValue::Sink,
        OperandKind::Negated(inner) => match resolve(inner, source, symbols, expected, body) {
            OperandValue::Immediate { float, value } => OperandValue::Immediate {
                float,
                value: value.map(i64::wrapping_neg),
            },
            other => other,
        },
        OperandKind::PredicatePair { first, second } => {
            resolve(first, source, symbols, Some(".pred"), body);
            resolve(second, source, symbols, Some(".pred"), body);
            OperandValue::PredicatePair
        }
        OperandKind::Address { names, elements } => OperandValue::Address {
            declarations: use_names(names, source, symbols, body),
            elements: *elements,
        },
        OperandKind::Vector(elements) => OperandValue::Vector(
            elements
                .iter()
                .map(|element| resolve(element, source, symbols, expected, body))
                .collect(),
        ),
        OperandKind::List(elements) => {
            for element in elements {
                resolve(element, source, symbols, None, body);
            }
            OperandValue::Other
        }
        OperandKind::Expression { names } => {
            use_names(names, source, symbols, body);
            OperandValue::Other
        }
    }
}

fn use_names(
    names: &[TextRange],
    source: &str,
    symbols: &mut SymbolWalker,
    body: Option<&Block>,
) -> Vec<(TextRange, usize)> {
    names
        .iter()
        .filter_map(|&name| {
            let text = source.get(name.start..name.end).unwrap_or("");
            symbols.use_name(text, name, None, body).map(|d| (name, d))
        })
        .collect()
}

/// Half-precision instruction types take registers only (ptxas rejects immediates for them).
const REGISTER_ONLY_TYPES: &[&str] = &[".f16", ".bf16", ".f16x2", ".bf16x2"];

/// Why `value` does not fit operand `spec` of the matched form, if it does not.
pub fn mismatch(
    spec: &Operand,
    value: &OperandValue,
    expectation: &Expectation,
    symbols: &SymbolWalker,
) -> Option<String> {
    let name = spec.name;
    if spec.shape == OperandShape::Pair && !matches!(value, OperandValue::PredicatePair) {
        return Some(format!(
            "operand `{name}` must be written `{name}|p`: a value and a predicate"
        ));
    }
    if let Some(message) = immediate_mismatch(spec, value) {
        return Some(message);
    }
    if let Some(message) = kind_mismatch(spec, value, symbols) {
        return Some(message);
    }
    if let Some(message) = vector_mismatch(spec, value, expectation, symbols) {
        return Some(message);
    }
    if let OperandValue::Vector(_) = value {
        return None; // checked element by element above
    }
    let expected_ty = expectation.ty.as_deref();
    match (spec.shape, value) {
        (OperandShape::Value, OperandValue::Address { .. }) => {
            return Some(format!(
                "operand `{name}` must be a register or an immediate, not an address"
            ))
        }
        (OperandShape::Address, OperandValue::Name { .. } | OperandValue::Immediate { .. }) => {
            return Some(format!("operand `{name}` must be an address `[...]`"))
        }
        (_, OperandValue::Immediate { .. })
            if spec.is_destination && spec.immediate == ImmediateRule::Free =>
        {
            return Some(format!(
                "destination `{name}` must be a register, not an immediate"
            ))
        }
        (_, OperandValue::Immediate { float, .. }) => {
            let ty = expected_ty?;
            if REGISTER_ONLY_TYPES.contains(&ty) {
                return Some(format!("operand `{name}` is `{ty}`: half-precision operands must be registers, not immediates"));
            }
            return match (kind_and_bits(ty), float) {
                (Some((TypeKind::Float, _)), false) => Some(format!(
                    "operand `{name}` is `{ty}`: write a floating-point immediate (e.g. `1.0` or `0f3F800000`), not an integer"
                )),
                (Some((TypeKind::Signed | TypeKind::Unsigned, _)), true) => {
                    Some(format!("operand `{name}` is `{ty}`: a floating-point immediate cannot be an integer operand"))
                }
                _ => None,
            };
        }
        (_, OperandValue::SpecialRegister) if expectation.reads_special_registers => {}
        (_, OperandValue::SpecialRegister) => {
            return Some(format!("operand `{name}`: special registers can only be read with `mov` or `cvt` (PTX ISA §10)"));
        }
        _ => {}
    }
    register_mismatch(name, value, expectation, symbols)
}

/// A register (or a vector register's member) whose declared type does not agree with the
/// type the form expects.
fn register_mismatch(
    name: &str,
    value: &OperandValue,
    expectation: &Expectation,
    symbols: &SymbolWalker,
) -> Option<String> {
    let (at, d, member) = match value {
        OperandValue::Name {
            at,
            declaration: Some(d),
        } => (at, *d, false),
        OperandValue::Member {
            at,
            declaration: Some(d),
        } => (at, *d, true),
        _ => return None,
    };
    let decl = symbols.declaration(d);
    let written = symbols.source.get(at.start..at.end).unwrap_or("");
    if decl.kind != DeclKind::Register {
        return None;
    }
    if member {
        let base = written.split('.').next().unwrap_or(written);
        let component = written.rsplit('.').next().unwrap_or("");
        // Video instructions select bytes and halves of scalar registers: `%r2.b0`, `.h10`.
        let video_selector = component.len() >= 2
            && matches!(component.as_bytes()[0], b'b' | b'h')
            && component[1..].bytes().all(|c| c.is_ascii_digit());
        if decl.vector.is_none() && video_selector {
            return None;
        }
        let Some(vector) = decl.vector.as_deref() else {
            return Some(format!(
                "`{written}`: `{base}` is not a vector register, it has no members"
            ));
        };
        let size = number_in(vector).unwrap_or(4);
        let index = ["x", "y", "z", "w"]
            .iter()
            .position(|c| *c == component)
            .or_else(|| ["r", "g", "b", "a"].iter().position(|c| *c == component));
        match index {
            Some(i) if i < size => {}
            _ => {
                return Some(format!(
                    "`{written}`: `{base}` is a `{vector}` vector; its members are {}",
                    ["`.x`", "`.y`", "`.z`", "`.w`"][..size.min(4)].join(", ")
                ))
            }
        }
    } else if decl.vector.is_some() {
        return None;
    }
    let expected_ty = expectation.ty.as_deref()?;
    let declared = decl.ty.as_deref()?;
    let fits = if expectation.relaxed {
        agrees_relaxed(expected_ty, declared)
    } else {
        agrees(expected_ty, declared)
    };
    if fits {
        return None;
    }
    let hint = if expectation.relaxed {
        relaxed_hint(expected_ty)
    } else {
        compatible_hint(expected_ty)
    };
    Some(format!(
        "operand `{name}` must be `{expected_ty}`{hint}, but `{written}` is declared `{declared}` (type rules: PTX ISA §9.4)"
    ))
}

fn immediate_mismatch(spec: &Operand, value: &OperandValue) -> Option<String> {
    let name = spec.name;
    if let ImmediateRule::Bounded(lo, hi) = spec.immediate {
        return match value {
            OperandValue::Immediate { value: Some(v), .. } if !(lo..=hi).contains(v) => {
                Some(format!(
                    "operand `{name}` must be a register or an immediate in {lo}..={hi}, found {v}"
                ))
            }
            _ => None,
        };
    }
    let allowed = match spec.immediate {
        ImmediateRule::Free | ImmediateRule::Bounded(..) => return None,
        ImmediateRule::Any => String::new(),
        ImmediateRule::OneOf(list) => format!(
            " ({})",
            list.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ImmediateRule::Range(lo, hi) => format!(" ({lo} to {hi})"),
    };
    match value {
        OperandValue::Immediate { value: Some(v), .. } => {
            let fits = match spec.immediate {
                ImmediateRule::OneOf(list) => list.contains(v),
                ImmediateRule::Range(lo, hi) => (lo..=hi).contains(v),
                _ => true,
            };
            (!fits).then(|| format!("operand `{name}` must be one of{allowed}, found {v}"))
        }
        OperandValue::Immediate { .. } | OperandValue::Other | OperandValue::Sink => None,
        _ => Some(format!(
            "operand `{name}` must be an immediate constant{allowed}, not a register"
        )),
    }
}

fn kind_mismatch(spec: &Operand, value: &OperandValue, symbols: &SymbolWalker) -> Option<String> {
    let name = spec.name;
    let wanted = match spec.names {
        NameKind::Any => return None,
        NameKind::Label => "label",
        NameKind::Function => "function",
        NameKind::Symbol => "variable",
        NameKind::Register => "register",
        NameKind::Sink => "sink `_`",
    };
    if spec.names == NameKind::Sink {
        return (!matches!(value, OperandValue::Sink))
            .then(|| format!("operand `{name}` must be the sink `_` here"));
    }
    match value {
        OperandValue::Immediate { .. } => Some(format!(
            "operand `{name}` must be a {wanted}, not an immediate"
        )),
        OperandValue::Name {
            at,
            declaration: Some(d),
        } => {
            let kind = symbols.declaration(*d).kind;
            let fits = match spec.names {
                NameKind::Label => kind == DeclKind::Label,
                NameKind::Function => kind == DeclKind::Function,
                NameKind::Symbol => matches!(kind, DeclKind::Variable | DeclKind::Parameter),
                NameKind::Register => kind == DeclKind::Register,
                NameKind::Any | NameKind::Sink => true,
            };
            let written = symbols.source.get(at.start..at.end).unwrap_or("");
            (!fits).then(|| {
                format!(
                    "operand `{name}` must be a {wanted}, but `{written}` is a {}",
                    kind.describe()
                )
            })
        }
        _ => None,
    }
}

/// A vector where a scalar belongs, a scalar where a vector belongs, the wrong number of
/// elements, or an element of the wrong type.
fn vector_mismatch(
    spec: &Operand,
    value: &OperandValue,
    expectation: &Expectation,
    symbols: &SymbolWalker,
) -> Option<String> {
    let name = spec.name;
    let from = expectation
        .length_from
        .as_deref()
        .map(|m| format!(" for `{m}`"))
        .unwrap_or_default();
    let count = |lengths: &[usize]| {
        lengths
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" or ")
    };
    match (value, &expectation.lengths, spec.shape) {
        // `[tensorMap, {c0, c1}]`: the coordinates inside the brackets, where a modifier
        // (`.dim`) sets their number. Texture and surface coordinates are left alone: ptxas
        // takes 1, 2 or 4 of them whatever the geometry (`tex.2d` with four).
        (
            OperandValue::Address {
                elements: Some(n), ..
            },
            Some(lengths),
            OperandShape::Address,
        ) if expectation.length_from.is_some() => {
            return (!lengths.contains(n)).then(|| {
                format!(
                    "operand `{name}` must hold a vector of {} elements{from}, found {n}",
                    count(lengths)
                )
            });
        }
        (OperandValue::Vector(elements), Some(lengths), _) => {
            if !lengths.contains(&elements.len()) {
                return Some(format!(
                    "operand `{name}` must be a vector of {} elements{from}, found {}",
                    count(lengths),
                    elements.len()
                ));
            }
        }
        (OperandValue::Vector(_), None, OperandShape::Value) => {
            let hint = if spec.vector == VectorLength::Scalar {
                ""
            } else {
                " (a vector needs a `.v2`/`.v4` modifier)"
            };
            return Some(format!(
                "operand `{name}` must be a scalar register or an immediate, not a vector{hint}"
            ));
        }
        (OperandValue::Vector(_), None, _) => {}
        (
            OperandValue::Name { .. }
            | OperandValue::Member { .. }
            | OperandValue::Immediate { .. }
            | OperandValue::SpecialRegister,
            Some(lengths),
            OperandShape::Value | OperandShape::Vector,
        ) => {
            return Some(format!(
                "operand `{name}` must be a vector `{{…}}` of {} elements{from}",
                count(lengths)
            ));
        }
        _ => return None,
    }
    let OperandValue::Vector(elements) = value else {
        return None;
    };
    // Elements of a vector are checked by width only: ptxas takes `.u32` registers in a
    // `.f32` vector of `atom`/`red`/`st`.
    // All elements have one size (ptxas: "Incompatible elements of vector expression").
    let mut sizes: Vec<(u16, &str)> = Vec::new();
    for element in elements {
        let (OperandValue::Name {
            at,
            declaration: Some(d),
        }
        | OperandValue::Member {
            at,
            declaration: Some(d),
        }) = element
        else {
            continue;
        };
        let decl = symbols.declaration(*d);
        let Some(bits) = decl.ty.as_deref().and_then(kind_and_bits).map(|(_, b)| b) else {
            continue;
        };
        if decl.kind == DeclKind::Register && !sizes.iter().any(|(b, _)| *b == bits) {
            sizes.push((bits, symbols.source.get(at.start..at.end).unwrap_or("")));
        }
    }
    if let [(a_bits, a), (b_bits, b), ..] = sizes[..] {
        return Some(format!(
            "the elements of vector `{name}` must have one size, but `{a}` is {a_bits}-bit and `{b}` {b_bits}-bit"
        ));
    }
    let element_expectation = Expectation {
        ty: expectation
            .ty
            .as_deref()
            .filter(|t| *t != ".pred")
            .and_then(kind_and_bits)
            .map(|(_, bits)| format!(".b{bits}"))
            .or_else(|| expectation.ty.clone()),
        ..expectation.clone()
    };
    elements
        .iter()
        .find_map(|element| register_mismatch(name, element, &element_expectation, symbols))
}

fn compatible_hint(expected: &str) -> String {
    match kind_and_bits(expected) {
        Some((TypeKind::Float, bits)) => format!(" (or `.b{bits}`)"),
        Some((TypeKind::Signed | TypeKind::Unsigned, bits)) => {
            format!(" (or `.b{bits}`/`.s{bits}`/`.u{bits}`)")
        }
        Some((TypeKind::Bits, bits)) => format!(" (or any {bits}-bit type)"),
        _ => String::new(),
    }
}

fn kind_and_bits(ty: &str) -> Option<(TypeKind, u16)> {
    // `.b32`, `.s16`, `.u64`, `.f32`: read off the name (the common case, on every operand).
    let bytes = ty.as_bytes();
    if bytes.len() >= 3 && bytes[0] == b'.' && bytes[2..].iter().all(u8::is_ascii_digit) {
        let kind = match bytes[1] {
            b'b' => Some(TypeKind::Bits),
            b's' => Some(TypeKind::Signed),
            b'u' => Some(TypeKind::Unsigned),
            b'f' => Some(TypeKind::Float),
            _ => None,
        };
        if let (Some(kind), Ok(bits)) = (kind, ty[2..].parse()) {
            return Some((kind, bits));
        }
    }
    ptx::ptx_type(ty).map(|t| (t.kind, t.bits))
}

/// Section 9.4, Table 26: does a register declared `register` agree with instruction type
/// `instruction`? Bit-size types agree with any same-size type; signed and unsigned integers
/// with each other at the same size; floating-point types only with themselves or a same-size
/// bit-size type (so `.bf16` takes `.b16` but not `.f16`); predicates only with predicates.
pub fn agrees(instruction: &str, register: &str) -> bool {
    if instruction == register {
        return true;
    }
    let (Some((ik, ib)), Some((rk, rb))) = (kind_and_bits(instruction), kind_and_bits(register))
    else {
        return true; // unknown types are not ours to judge
    };
    // Packed halves and integers (`.f16x2`, `.u16x2`) take only their own type or a
    // same-size bit-size register; packed 8/6/4-bit floats (`.e4m3x4`) also integer ones.
    if instruction.ends_with("x2") || instruction.ends_with("x4") {
        let mini_float = instruction.starts_with(".e") || instruction.starts_with(".ue");
        return rb == ib
            && (rk == TypeKind::Bits
                || mini_float && matches!(rk, TypeKind::Signed | TypeKind::Unsigned));
    }
    match ik {
        TypeKind::Predicate => rk == TypeKind::Predicate,
        TypeKind::Opaque => true,
        TypeKind::Bits => rk != TypeKind::Predicate && rb == ib,
        TypeKind::Signed | TypeKind::Unsigned => {
            matches!(rk, TypeKind::Bits | TypeKind::Signed | TypeKind::Unsigned) && rb == ib
        }
        TypeKind::Float => rk == TypeKind::Bits && rb == ib,
    }
}

/// Section 9.4.1, Tables 27 and 28: `ld`, `st` and `cvt` also take registers wider than the
/// instruction type. Bit-size and integer instruction types take any bit-size or integer
/// register at least as wide (bit-size ones also wider float registers); floating-point types
/// take a float register of their own size or a bit-size register at least as wide.
pub fn agrees_relaxed(instruction: &str, register: &str) -> bool {
    if agrees(instruction, register) {
        return true;
    }
    let (Some((ik, ib)), Some((rk, rb))) = (kind_and_bits(instruction), kind_and_bits(register))
    else {
        return true;
    };
    if takes_own_width_only(instruction) || rb < ib {
        return false;
    }
    match ik {
        TypeKind::Bits => rk != TypeKind::Predicate,
        TypeKind::Signed | TypeKind::Unsigned => {
            matches!(rk, TypeKind::Bits | TypeKind::Signed | TypeKind::Unsigned)
        }
        TypeKind::Float => rk == TypeKind::Bits,
        TypeKind::Predicate | TypeKind::Opaque => false,
    }
}

/// Packed types, and the floats without a wider register form in Tables 27/28 (`.bf16`,
/// `.tf32`, the 8/6/4-bit ones), take only their own width.
fn takes_own_width_only(ty: &str) -> bool {
    kind_and_bits(ty).is_some()
        && (ty.ends_with("x2")
            || ty.ends_with("x4")
            || matches!(ty, ".bf16" | ".tf32")
            || ty.starts_with(".e")
            || ty.starts_with(".ue"))
}

fn relaxed_hint(expected: &str) -> String {
    if expected.ends_with("x2") || expected.ends_with("x4") {
        return compatible_hint(expected);
    }
    match kind_and_bits(expected) {
        Some((TypeKind::Float, bits)) => format!(" (or a `.b` register of {bits} bits or more)"),
        Some((TypeKind::Signed | TypeKind::Unsigned | TypeKind::Bits, bits)) => {
            format!(" (or an integer or bit-size register of {bits} bits or more)")
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_agreement_follows_table_26() {
        assert!(agrees(".f32", ".b32"));
        assert!(!agrees(".f32", ".u32"));
        assert!(agrees(".u32", ".s32"));
        assert!(!agrees(".u32", ".b64"));
        assert!(agrees(".b32", ".f32"));
        assert!(agrees(".bf16", ".b16"));
        assert!(!agrees(".bf16", ".f16"));
        assert!(!agrees(".f16x2", ".f32"));
        assert!(!agrees(".u32", ".pred"));
        assert!(!agrees(".u16x2", ".u32"));
        assert!(agrees(".u16x2", ".b32"));
        assert!(agrees(".e4m3x4", ".u32"));
        assert!(!agrees(".f16x2", ".u32"));
        assert_eq!(double_width(".s32").as_deref(), Some(".s64"));
    }

    #[test]
    fn ld_st_cvt_take_wider_registers_per_tables_27_and_28() {
        assert!(agrees_relaxed(".u8", ".u16"));
        assert!(agrees_relaxed(".s8", ".b32"));
        assert!(agrees_relaxed(".b16", ".f32"));
        assert!(agrees_relaxed(".f16", ".b32"));
        assert!(!agrees_relaxed(".f16", ".f32"));
        assert!(!agrees_relaxed(".u32", ".u16"));
        assert!(!agrees_relaxed(".u32", ".f64"));
        assert!(!agrees_relaxed(".f32", ".f64"));
        assert!(!agrees_relaxed(".bf16", ".b32"));
        assert!(!agrees_relaxed(".tf32", ".b64"));
    }

    #[test]
    fn integer_literals_in_every_base() {
        assert_eq!(integer_value("16"), Some(16));
        assert_eq!(integer_value("0x10"), Some(16));
        assert_eq!(integer_value("0b101"), Some(5));
        assert_eq!(integer_value("017"), Some(15));
        assert_eq!(integer_value("4U"), Some(4));
        assert_eq!(integer_value("-3"), Some(-3));
    }
}
