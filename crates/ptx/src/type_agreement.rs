//! PTX type names read as a kind and a width (`.u32`: unsigned, 32 bits), and when a register
//! of one type agrees with an instruction of another (PTX ISA section 9.4).

use speclint_spec_db::{ptx, TypeKind};

pub fn kind_and_bits(ty: &str) -> Option<(TypeKind, u16)> {
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
pub(crate) fn takes_own_width_only(ty: &str) -> bool {
    kind_and_bits(ty).is_some()
        && (ty.ends_with("x2")
            || ty.ends_with("x4")
            || matches!(ty, ".bf16" | ".tf32")
            || ty.starts_with(".e")
            || ty.starts_with(".ue"))
}
