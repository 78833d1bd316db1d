//! Operands: what each one is (register, immediate, address, …), the type a form expects of
//! it, and the type-agreement rules of PTX ISA section 9.4.

use super::ast::{Block, Operand as OperandNode, OperandKind};
use super::opcode::FormMatch;
use super::symbols::{DeclKind, SymbolWalker};
use crate::core::text::TextRange;
use speclint_spec_db::{ptx, Operand, OperandShape, TypeExpr, TypeKind};

#[derive(Clone, Debug)]
pub enum OperandValue {
    /// A declared name (register, variable, parameter, label, function), if resolved.
    Name {
        at: TextRange,
        declaration: Option<usize>,
    },
    SpecialRegister,
    Immediate {
        float: bool,
    },
    Address,
    Vector,
    PredicatePair,
    Sink,
    /// Expressions and lists: not type-checked.
    Other,
}

/// The type each operand of the matched form must have, by operand position.
pub fn expected(found: &FormMatch, modifiers: &[&str]) -> Vec<Option<String>> {
    found
        .form
        .operands
        .iter()
        .map(|operand| match operand.ty {
            TypeExpr::Any => None,
            TypeExpr::Literal(ty) => Some(ty.to_string()),
            TypeExpr::Slot(slot) => found.chosen(slot as usize, modifiers).map(str::to_string),
            TypeExpr::Double(slot) => found
                .chosen(slot as usize, modifiers)
                .and_then(double_width),
        })
        .collect()
}

/// `.s32` -> `.s64`, `.u16` -> `.u32`.
fn double_width(ty: &str) -> Option<String> {
    let digits_at = ty.find(|c: char| c.is_ascii_digit())?;
    let bits: u32 = ty[digits_at..].parse().ok()?;
    Some(format!("{}{}", &ty[..digits_at], bits * 2))
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
                    symbols.use_name(name, *register, None, body);
                    OperandValue::Other
                }
            }
        }
        OperandKind::Integer => OperandValue::Immediate { float: false },
        OperandKind::Float => OperandValue::Immediate { float: true },
        OperandKind::Sink => OperandValue::Sink,
        OperandKind::Negated(inner) => resolve(inner, source, symbols, expected, body),
        OperandKind::PredicatePair { first, second } => {
            resolve(first, source, symbols, Some(".pred"), body);
            resolve(second, source, symbols, Some(".pred"), body);
            OperandValue::PredicatePair
        }
        OperandKind::Address { names } => {
            use_names(names, source, symbols, body);
            OperandValue::Address
        }
        OperandKind::Vector(elements) => {
            for element in elements {
                resolve(element, source, symbols, None, body);
            }
            OperandValue::Vector
        }
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

fn use_names(names: &[TextRange], source: &str, symbols: &mut SymbolWalker, body: Option<&Block>) {
    for &name in names {
        symbols.use_name(
            source.get(name.start..name.end).unwrap_or(""),
            name,
            None,
            body,
        );
    }
}

/// Half-precision instruction types take registers only (ptxas rejects immediates for them).
const REGISTER_ONLY_TYPES: &[&str] = &[".f16", ".bf16", ".f16x2", ".bf16x2"];

/// Why `value` does not fit operand `spec` of the matched form, if it does not.
pub fn mismatch(
    spec: &Operand,
    value: &OperandValue,
    expected_ty: Option<&str>,
    symbols: &SymbolWalker,
) -> Option<String> {
    let name = spec.name;
    match (spec.shape, value) {
        (OperandShape::Value, OperandValue::Address) => {
            return Some(format!(
                "operand `{name}` must be a register or an immediate, not an address"
            ))
        }
        (OperandShape::Value, OperandValue::Vector) => {
            return Some(format!(
                "operand `{name}` must be a scalar register or an immediate, not a vector"
            ))
        }
        (OperandShape::Address, OperandValue::Name { .. } | OperandValue::Immediate { .. }) => {
            return Some(format!("operand `{name}` must be an address `[...]`"))
        }
        (_, OperandValue::Immediate { .. }) if spec.is_destination => {
            return Some(format!(
                "destination `{name}` must be a register, not an immediate"
            ))
        }
        (_, OperandValue::Immediate { float }) => {
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
        (_, OperandValue::SpecialRegister { .. }) => {
            return Some(format!("operand `{name}`: special registers can only be read with `mov` or `cvt` (PTX ISA §10)"));
        }
        _ => {}
    }
    let expected_ty = expected_ty?;
    let OperandValue::Name {
        at,
        declaration: Some(d),
    } = value
    else {
        return None;
    };
    let decl = symbols.declaration(*d);
    if decl.kind != DeclKind::Register || decl.vector.is_some() {
        return None;
    }
    let declared = decl.ty.as_deref()?;
    if agrees(expected_ty, declared) {
        return None;
    }
    let what = format!("`{}`", symbols.source.get(at.start..at.end).unwrap_or(""));
    Some(format!(
        "operand `{name}` must be `{expected_ty}`{}, but {what} is declared `{declared}` (type rules: PTX ISA §9.4)",
        compatible_hint(&expected_ty)
    ))
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
    // Packed integers (`.u16x2`) take only their own type or a same-size bit-size register.
    if instruction.ends_with("x2") || instruction.ends_with("x4") {
        return rk == TypeKind::Bits && rb == ib;
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
        assert_eq!(double_width(".s32").as_deref(), Some(".s64"));
    }
}
