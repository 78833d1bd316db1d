//! Operands: what each one is (register, immediate, address, …) and the type a form expects
//! of it (the type-agreement rules of PTX ISA section 9.4 are in `type_agreement`).

use super::ast::{Block, Operand as OperandNode, OperandKind};
use super::opcode::FormMatch;
use super::symbols::SymbolWalker;
use super::type_agreement::{kind_and_bits, takes_own_width_only};
use speclint_base::text::TextRange;
use speclint_spec_db::{
    number_in, ptx, SpaceExpr, SpecialRegister, TypeExpr, TypeKind, VectorLength,
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
    /// `%clock64`, `%tid.x`: `component` says whether a vector member was written.
    SpecialRegister {
        register: &'static SpecialRegister,
        component: bool,
    },
    Immediate {
        float: bool,
        /// The integer value, when it is a plain integer literal.
        value: Option<i64>,
        /// A float literal's width: 32 for `0f…`, 64 for `0d…` and decimal ones; 0 for integers.
        float_bits: u16,
    },
    /// `[…]`: the declarations of the names inside, in order.
    Address {
        declarations: Vec<(TextRange, usize)>,
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
    /// Video instructions: which byte/half-word selectors (`%r2.b0`) the operand may carry.
    pub video: Option<Video>,
    /// `mov`, `cvta`, `mapa`, `getctarank`: a variable's name stands for its address.
    pub takes_addresses: bool,
    /// The operand is a destination.
    pub destination: bool,
    /// mma (not mma.sp, nor wmma): vector elements are type-checked like scalars, not by
    /// width only: ptxas takes no `.f32` or `.u32` register in an `.f16x2` fragment.
    pub typed_elements: bool,
    /// ld, st and mov (ptxas 13.5): a vector does not mix floating-point and integer
    /// registers, and an integer-typed vector holds no floating-point register.
    pub kinds_apart: bool,
    /// `mov` pack/unpack: the vector's elements share the other operand's width evenly
    /// (`mov.b64 {a, b}, %rd`: two 32-bit elements; `{a, b, c, d}`: four 16-bit ones).
    pub split_bits: Option<u16>,
}

/// The three kinds of video instructions, by the selectors they take (section 9.7.18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Video {
    /// `vadd`, `vset`, `vmad`, …: `.b0`–`.b3`, `.h0`, `.h1`.
    Scalar,
    /// `vadd2`, …: sources `.hxy` (x, y in 0..3), destination mask `.h0`, `.h1`, `.h10`.
    Dual,
    /// `vadd4`, …: sources `.bxyzw` (0..7), destination mask: descending bytes of 3..0.
    Quad,
}

impl Video {
    fn of(opcode: &str) -> Option<Video> {
        const SCALAR: &[&str] = &[
            "vadd", "vsub", "vabsdiff", "vmin", "vmax", "vshl", "vshr", "vmad", "vset",
        ];
        const SIMD: &[&str] = &["vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax", "vset"];
        if SCALAR.contains(&opcode) {
            return Some(Video::Scalar);
        }
        let (stem, lanes) = opcode.split_at(opcode.len().checked_sub(1)?);
        match lanes {
            "2" if SIMD.contains(&stem) => Some(Video::Dual),
            "4" if SIMD.contains(&stem) => Some(Video::Quad),
            _ => None,
        }
    }

    /// Whether `selector` (`b0`, `h10`, without the dot) is allowed on such an operand.
    pub(crate) fn allows(self, selector: &str, destination: bool) -> bool {
        let (letter, digits) = selector.split_at(1);
        let digit_values: Vec<u32> = digits.chars().filter_map(|c| c.to_digit(10)).collect();
        match (self, letter, destination) {
            (Video::Scalar, "b", _) => digit_values.len() == 1 && digit_values[0] <= 3,
            (Video::Scalar, "h", _) => digit_values.len() == 1 && digit_values[0] <= 1,
            (Video::Dual, "h", true) => matches!(digits, "0" | "1" | "10"),
            (Video::Dual, "h", false) => {
                digit_values.len() == 2 && digit_values.iter().all(|&d| d <= 3)
            }
            (Video::Quad, "b", true) => {
                !digit_values.is_empty()
                    && digit_values.iter().all(|&d| d <= 3)
                    && digit_values.windows(2).all(|w| w[0] > w[1])
            }
            (Video::Quad, "b", false) => {
                digit_values.len() == 4 && digit_values.iter().all(|&d| d <= 7)
            }
            _ => false,
        }
    }

    pub(crate) fn expected(self, destination: bool) -> &'static str {
        match (self, destination) {
            (Video::Scalar, _) => "`.b0`–`.b3`, `.h0` or `.h1`",
            (Video::Dual, true) => "the mask `.h0`, `.h1` or `.h10`",
            (Video::Dual, false) => "`.hxy` with x, y in 0–3 (e.g. `.h10`)",
            (Video::Quad, true) => {
                "a mask of bytes 3–0 in descending order (e.g. `.b3210`, `.b20`)"
            }
            (Video::Quad, false) => "`.bxyzw` with x, y, z, w in 0–7 (e.g. `.b3210`)",
        }
    }
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
    // ptxas: a `cvt` from or to a floating-point type cannot read a special register.
    let reads_special_registers = match found.instruction.opcode {
        "mov" => true,
        "cvt" => !modifiers
            .iter()
            .any(|m| matches!(kind_and_bits(m), Some((TypeKind::Float, _)))),
        _ => false,
    };
    let video = Video::of(found.instruction.opcode);
    // Only these read a variable's name as its address (sections 9.7.9.3, 9.7.9.20, 9.7.9.21,
    // 9.7.9.22); every other instruction wants a register there (ptxas: "must be register"),
    // `cvta.to` included, since its source is a generic address.
    let takes_addresses = match found.instruction.opcode {
        "mov" | "mapa" | "getctarank" => true,
        "cvta" => !found.form.syntax.starts_with("cvta.to"),
        _ => false,
    };
    // `mov` pack/unpack: the width of the scalar side, shared by the vector's elements.
    let whole_bits = (found.instruction.opcode == "mov")
        .then(|| {
            found.form.operands.iter().find_map(|o| {
                let ty = match o.ty {
                    TypeExpr::Literal(ty) => Some(ty),
                    TypeExpr::Slot(slot) => found.chosen(slot as usize, modifiers),
                    _ => None,
                };
                ty.filter(|_| o.vector == VectorLength::Scalar)
                    .and_then(kind_and_bits)
                    .map(|(_, bits)| bits)
            })
        })
        .flatten();
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
                video,
                takes_addresses,
                destination: operand.is_destination,
                typed_elements: found.instruction.opcode == "mma",
                kinds_apart: matches!(found.instruction.opcode, "ld" | "st" | "mov"),
                split_bits: whole_bits.filter(|_| {
                    operand.ty == TypeExpr::Any && matches!(operand.vector, VectorLength::Fixed(_))
                }),
            }
        })
        .collect()
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
            let name = text(operand.range);
            let declaration = symbols.use_name(name, operand.range, expected, body);
            // Only a name nothing declares can be a special register (the look-up is a
            // binary search: not for every register operand).
            match declaration
                .is_none()
                .then(|| ptx::special_register(name))
                .flatten()
            {
                Some(special) => OperandValue::SpecialRegister {
                    register: special,
                    component: false,
                },
                None => OperandValue::Name {
                    at: operand.range,
                    declaration,
                },
            }
        }
        OperandKind::Component { register } => {
            let name = text(*register);
            match ptx::special_register(name) {
                Some(special) if symbols.resolve(name).is_none() => {
                    symbols.special_uses.push((*register, special));
                    OperandValue::SpecialRegister {
                        register: special,
                        component: true,
                    }
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
            float_bits: 0,
        },
        OperandKind::Float => {
            let literal = text(operand.range).trim_start_matches('-');
            let single = literal.starts_with("0f") || literal.starts_with("0F");
            OperandValue::Immediate {
                float: true,
                value: None,
                float_bits: if single { 32 } else { 64 },
            }
        }
        OperandKind::Sink => OperandValue::Sink,
        OperandKind::Negated(inner) => match resolve(inner, source, symbols, expected, body) {
            OperandValue::Immediate {
                float,
                value,
                float_bits,
            } => OperandValue::Immediate {
                float,
                value: value.map(i64::wrapping_neg),
                float_bits,
            },
            other => other,
        },
        OperandKind::PredicatePair { first, second } => {
            resolve(first, source, symbols, Some(".pred"), body);
            resolve(second, source, symbols, Some(".pred"), body);
            OperandValue::PredicatePair
        }
        OperandKind::Address { names, .. } => OperandValue::Address {
            declarations: use_names(names, source, symbols, body),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::type_agreement::{agrees, agrees_relaxed};

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
    fn video_selectors_by_kind_of_instruction() {
        assert_eq!(Video::of("vadd"), Some(Video::Scalar));
        assert_eq!(Video::of("vset2"), Some(Video::Dual));
        assert_eq!(Video::of("vavrg4"), Some(Video::Quad));
        assert_eq!(Video::of("vshl4"), None);
        assert_eq!(Video::of("add"), None);
        assert!(Video::Scalar.allows("b3", false));
        assert!(Video::Scalar.allows("h1", true));
        assert!(!Video::Scalar.allows("b4", false));
        assert!(!Video::Scalar.allows("h01", false));
        assert!(Video::Dual.allows("h32", false));
        assert!(Video::Dual.allows("h10", true));
        assert!(!Video::Dual.allows("h01", true));
        assert!(!Video::Dual.allows("h0", false));
        assert!(!Video::Dual.allows("b0", false));
        assert!(Video::Quad.allows("b7654", false));
        assert!(Video::Quad.allows("b31", true));
        assert!(!Video::Quad.allows("b13", true));
        assert!(!Video::Quad.allows("b765", false));
        assert!(!Video::Quad.allows("b01234", false));
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
