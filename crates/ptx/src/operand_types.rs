//! Operands: what each one is (register, immediate, address, …), the type a form expects of
//! it, and the type-agreement rules of PTX ISA section 9.4.

use super::ast::{Block, Operand as OperandNode, OperandKind};
use super::opcode::FormMatch;
use super::symbols::{DeclKind, Declaration, SymbolWalker};
use speclint_base::text::TextRange;
use speclint_spec_db::{
    number_in, ptx, ImmediateRule, NameKind, Operand, OperandShape, SpaceExpr, SpecialRegister,
    TypeExpr, TypeKind, VectorLength,
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
    fn allows(self, selector: &str, destination: bool) -> bool {
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

    fn expected(self, destination: bool) -> &'static str {
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
    if let Some(message) = variable_as_value(spec, value, expectation, symbols) {
        return Some(message);
    }
    if let Some(message) = vector_mismatch(spec, value, expectation, symbols) {
        return Some(message);
    }
    // `{%r1, _}` discards a result; a source vector cannot leave an element out (as ptxas).
    if let (false, OperandValue::Vector(elements)) = (spec.is_destination, value) {
        if elements.iter().any(|e| matches!(e, OperandValue::Sink)) {
            return Some(format!(
                "operand `{name}` is a source: the sink `_` can only stand for a discarded result"
            ));
        }
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
        (
            _,
            OperandValue::Immediate {
                float, float_bits, ..
            },
        ) => {
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
                // A bit-size operand takes the bits of a float literal of its own width
                // (`0f…` for 32, `1.0` or `0d…` for 64), as ptxas.
                (Some((TypeKind::Bits, bits)), true) if bits != *float_bits => Some(format!(
                    "operand `{name}` is `{ty}`: a {float_bits}-bit floating-point literal does not fit{}",
                    match bits {
                        32 => " (write a single-precision `0f…` literal, e.g. `0f3F800000` for 1.0)",
                        64 => " (write a double-precision literal, e.g. `1.0` or `0d3FF0000000000000`)",
                        _ => "",
                    }
                )),
                (Some((TypeKind::Predicate, _)), true) => Some(format!(
                    "operand `{name}` is `.pred`: a floating-point immediate cannot be a predicate"
                )),
                _ => None,
            };
        }
        (
            _,
            OperandValue::SpecialRegister {
                register,
                component,
            },
        ) if expectation.reads_special_registers => {
            return special_register_mismatch(name, register, *component, expectation);
        }
        (_, OperandValue::SpecialRegister { .. }) => {
            return Some(format!("operand `{name}`: special registers can only be read with `mov` or an integer `cvt` (PTX ISA §10)"));
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
            return match expectation.video {
                Some(video) if video.allows(component, expectation.destination) => None,
                Some(video) => Some(format!(
                    "`{written}`: operand `{name}` takes {} as a video selector (PTX ISA §9.7.18)",
                    video.expected(expectation.destination)
                )),
                None => Some(format!(
                    "`{written}`: byte and half-word selectors are for video instructions only; `{base}` is not a vector register"
                )),
            };
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
        return None; // a whole vector register: `vector_mismatch` checks it
    }
    declared_type_mismatch(name, written, decl.ty.as_deref()?, None, expectation)
}

/// A register declared `declared` (the element type of a vector register of `vector`
/// length) where the form expects `expectation.ty`.
fn declared_type_mismatch(
    name: &str,
    written: &str,
    declared: &str,
    vector: Option<&str>,
    expectation: &Expectation,
) -> Option<String> {
    let expected_ty = expectation.ty.as_deref()?;
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
    let declared = match vector {
        Some(vector) => format!("{vector} {declared}"),
        None => declared.to_string(),
    };
    Some(format!(
        "operand `{name}` must be `{expected_ty}`{hint}, but `{written}` is declared `{declared}` (type rules: PTX ISA §9.4)"
    ))
}

/// The coordinates inside an address: a tensor copy's `[tmap, {x, y}]` has exactly as many
/// `.s32` coordinates as its `.2d`; a texture or surface access at least as many as its
/// geometry needs (`.3d`, `.a2d` and the cubes take four), of its coordinate type, an array
/// index first (as ptxas).
pub fn coordinates_mismatch(
    opcode: &str,
    opcode_text: &str,
    operand: &OperandNode,
    symbols: &SymbolWalker,
) -> Option<(TextRange, String)> {
    let (vectors, parts) = operand.kind.address_inside()?;
    let tensor = matches!(
        opcode,
        "cp.async.bulk.tensor" | "cp.reduce.async.bulk.tensor" | "cp.async.bulk.prefetch.tensor"
    );
    let texture = matches!(opcode, "tex" | "tld4" | "suld" | "sust" | "sured");
    if !tensor && !texture {
        return None;
    }
    let segments: Vec<&str> = opcode_text.split('.').skip(1).collect();
    // The element type, and whether the first element is an array index (`.u32`).
    let (wanted, array_index, geometry) = if tensor {
        let dims = segments.iter().find_map(|s| {
            s.strip_suffix('d')
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| (1..=5).contains(n))
        })?;
        if parts < 2 {
            return None; // the shared::cta side of a copy: no coordinates
        }
        // `.tile::gather4` / `.tile::scatter4` (on .2d): a column and four rows.
        let (dims, mode) = match segments
            .iter()
            .find(|s| s.ends_with("gather4") || s.ends_with("scatter4"))
        {
            Some(mode) => (5, format!(".{mode}")),
            None => (dims, format!(".{dims}d")),
        };
        let Some(vector) = vectors.last() else {
            return Some((
                operand.range,
                format!(
                    "the tensor coordinates must be a vector `{{…}}` of {dims} `.s32` value{}",
                    if dims == 1 { "" } else { "s" }
                ),
            ));
        };
        if vector.elements != dims {
            return Some((
                vector.range,
                format!(
                    "`{mode}` takes {dims} tensor coordinate{}, found {}",
                    if dims == 1 { "" } else { "s" },
                    vector.elements
                ),
            ));
        }
        (".s32", false, String::new())
    } else {
        let geometry = segments.iter().find_map(|s| match *s {
            "1d" => Some((s, 1, false)),
            "2d" => Some((s, 2, false)),
            "3d" | "a2d" | "cube" | "acube" => Some((s, 4, s.starts_with('a'))),
            "a1d" => Some((s, 2, true)),
            _ => None,
        });
        let (Some((written, needed, array)), Some(vector)) = (geometry, vectors.last()) else {
            return None;
        };
        let geometry = format!(".{written}");
        if vector.elements == 3 || vector.elements < needed {
            return Some((
                vector.range,
                format!(
                    "`{geometry}` takes a coordinate vector of {needed} element{}, found {}{}",
                    if needed == 1 { "" } else { "s" },
                    vector.elements,
                    if vector.elements == 3 {
                        " (vectors have 1, 2 or 4 elements)"
                    } else {
                        ""
                    }
                ),
            ));
        }
        let coordinate_type = match opcode {
            "tex" | "tld4" => segments.last().map(|t| format!(".{t}"))?,
            _ => ".s32".to_string(),
        };
        let wanted: &'static str = match coordinate_type.as_str() {
            ".s32" => ".s32",
            ".f32" => ".f32",
            _ => return None,
        };
        (wanted, array, geometry)
    };
    let vector = vectors.last()?;
    for (i, at) in vector.names.iter().enumerate() {
        let text = symbols.source.get(at.start..at.end).unwrap_or("");
        let Some(d) = symbols.resolve(text) else {
            continue;
        };
        let decl = symbols.declaration(d);
        if decl.kind != DeclKind::Register || decl.vector.is_some() {
            continue;
        }
        let Some(declared) = decl.ty.as_deref() else {
            continue;
        };
        let (expected, what) = if i == 0 && array_index {
            (".u32", format!("the array index of `{geometry}`"))
        } else if tensor {
            (wanted, "a tensor coordinate".to_string())
        } else {
            (wanted, "a coordinate".to_string())
        };
        if !agrees(expected, declared) {
            return Some((
                *at,
                format!(
                    "{what} must be `{expected}`{}, but `{text}` is declared `{declared}` (type rules: PTX ISA §9.4)",
                    compatible_hint(expected)
                ),
            ));
        }
    }
    None
}

/// `mov` reads a special register as its own type: `%clock64` is 64-bit, `%tid` a vector whose
/// components are read one at a time (section 10). Legacy code may read some narrower
/// (`mov.u16 %rh, %tid.x`). `cvt` may read any special register as a narrower source type,
/// not a wider one (as ptxas).
fn special_register_mismatch(
    name: &str,
    register: &SpecialRegister,
    component: bool,
    expectation: &Expectation,
) -> Option<String> {
    let special = register.fact.name;
    if !register.components.is_empty() && !component {
        return Some(format!(
            "operand `{name}`: `{special}` is a vector special register; read one component ({})",
            register
                .components
                .iter()
                .map(|c| format!("`{special}{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let expected_ty = expectation.ty.as_deref()?;
    let element = register.ty.rsplit('.').next().map(|t| format!(".{t}"))?;
    let (Some((kind, bits)), Some((special_kind, special_bits))) =
        (kind_and_bits(expected_ty), kind_and_bits(&element))
    else {
        return None;
    };
    let predicate = |k: TypeKind| k == TypeKind::Predicate;
    let fits = kind != TypeKind::Float
        && predicate(kind) == predicate(special_kind)
        && (bits == special_bits
            || register.legacy_widths.contains(&bits)
            || (expectation.relaxed && bits < special_bits));
    (!fits).then(|| {
        format!(
            "operand `{name}` must be `{expected_ty}`, but `{special}` is a `{element}` special register (PTX ISA §10)"
        )
    })
}

fn immediate_mismatch(spec: &Operand, value: &OperandValue) -> Option<String> {
    let name = spec.name;
    if let ImmediateRule::Stepped(min, max, step) = spec.immediate {
        return match value {
            OperandValue::Immediate { value: Some(v), .. }
                if !(min..=max).contains(v) || v % step != 0 =>
            {
                let range = match (min, max) {
                    (0, i64::MAX) => String::new(),
                    (_, i64::MAX) => format!(" (at least {min})"),
                    _ => format!(" in {min}..={max}"),
                };
                Some(format!(
                    "operand `{name}` must be a register or an immediate multiple of {step}{range}, found {v}"
                ))
            }
            _ => None,
        };
    }
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
        ImmediateRule::Free | ImmediateRule::Bounded(..) | ImmediateRule::Stepped(..) => {
            return None
        }
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
            let decl = symbols.declaration(*d);
            let kind = decl.kind;
            // `brx.idx`'s target list is the label of a `.branchtargets` list declared before
            // it; a branch target is the label of an instruction, not of such a list.
            if spec.names == NameKind::Label && kind == DeclKind::Label {
                let written = symbols.source.get(at.start..at.end).unwrap_or("");
                let list = decl.label_list.as_deref();
                if spec.name == "tlist" && list != Some(".branchtargets") {
                    return Some(format!(
                        "operand `{name}` must be the label of a `.branchtargets` list, but `{written}` is not one"
                    ));
                }
                if spec.name == "tlist" && decl.name_range.start > at.start {
                    return Some(format!(
                        "the `.branchtargets` list `{written}` must be declared before `brx.idx` uses it"
                    ));
                }
                if let (false, Some(list)) = (spec.name == "tlist", list) {
                    return Some(format!(
                        "operand `{name}` must label an instruction, but `{written}` labels a `{list}` list"
                    ));
                }
            }
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

/// A variable or parameter named where a register or immediate belongs (`add.s64 %rd1, p,
/// %rd2` with `p` a kernel parameter): only the instructions that take an address read the
/// name as one; to use a parameter's value, load it with `ld.param` first.
fn variable_as_value(
    spec: &Operand,
    value: &OperandValue,
    expectation: &Expectation,
    symbols: &SymbolWalker,
) -> Option<String> {
    if expectation.takes_addresses
        || spec.names != NameKind::Any
        || spec.shape != OperandShape::Value
    {
        return None;
    }
    let (decl, written) = named_declaration(value, symbols)?;
    if !matches!(decl.kind, DeclKind::Variable | DeclKind::Parameter) {
        return None;
    }
    let space = decl.state_space.as_deref().unwrap_or("a state space");
    let advice = if space == ".param" {
        "; load its value first (`ld.param`)".to_string()
    } else {
        format!("; load its value with `ld{space}`, or take its address with `mov`")
    };
    Some(format!(
        "operand `{}` must be a register or an immediate, but `{written}` is a `{space}` {}{advice} (PTX ISA §9.4)",
        spec.name,
        decl.kind.describe()
    ))
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
    // A vector register written by name is a whole vector of its declared length, whose
    // elements are checked as those of a `{…}` vector.
    if let Some((written, declared, vector)) = vector_register(value, symbols) {
        let length = number_in(vector).unwrap_or(4);
        return match (&expectation.lengths, spec.shape) {
            (Some(lengths), _) if !lengths.contains(&length) => Some(format!(
                "operand `{name}` must be a vector of {} elements{from}, but `{written}` is a `{vector}` vector",
                count(lengths)
            )),
            (Some(_), _) => element_kinds_mismatch(name, expectation, &[Some((written, declared))])
                .or_else(|| {
                    declared_type_mismatch(
                        name,
                        written,
                        declared,
                        Some(vector),
                        &element_expectation(expectation, length),
                    )
                }),
            (None, OperandShape::Value) => {
                let hint = if spec.vector == VectorLength::Scalar {
                    ""
                } else {
                    " (a vector needs a `.v2`/`.v4` modifier)"
                };
                Some(format!(
                    "operand `{name}` must be a scalar register or an immediate, but `{written}` is a `{vector}` vector register{hint}"
                ))
            }
            (None, _) => None,
        };
    }
    match (value, &expectation.lengths, spec.shape) {
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
            | OperandValue::SpecialRegister { .. },
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
    // Per element: how a register element is written and its declared type (None otherwise).
    let mut typed: Vec<Option<(&str, &str)>> = vec![None; elements.len()];
    for (element, typed) in elements.iter().zip(&mut typed) {
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
        let written = symbols.source.get(at.start..at.end).unwrap_or("");
        if decl.kind == DeclKind::Register && !sizes.iter().any(|(b, _)| *b == bits) {
            sizes.push((bits, written));
        }
        if let (DeclKind::Register, Some(ty)) = (decl.kind, decl.ty.as_deref()) {
            *typed = Some((written, ty));
        }
    }
    if let [(a_bits, a), (b_bits, b), ..] = sizes[..] {
        return Some(format!(
            "the elements of vector `{name}` must have one size, but `{a}` is {a_bits}-bit and `{b}` {b_bits}-bit"
        ));
    }
    if let Some(message) = element_kinds_mismatch(name, expectation, &typed) {
        return Some(message);
    }
    if let Some(message) = immediate_beside_other_kind(name, expectation, elements, &typed) {
        return Some(message);
    }
    let element_expectation = element_expectation(expectation, elements.len());
    elements
        .iter()
        .find_map(|element| register_mismatch(name, element, &element_expectation, symbols))
}

/// ptxas 13.5 on ld, st and mov (`kinds_apart`), probed 2026-12-02: an integer immediate
/// beside a floating-point register (`{%f1, 1}`), or a floating-point one beside a signed or
/// unsigned register (`{%s1, 0f3F800000}`), is "Vector with elements of different types", as
/// two neighbouring registers of different kinds are; beside a bit-size register either is
/// taken. `typed`: per element, how a register element is written and its declared type.
fn immediate_beside_other_kind(
    name: &str,
    expectation: &Expectation,
    elements: &[OperandValue],
    typed: &[Option<(&str, &str)>],
) -> Option<String> {
    if !expectation.kinds_apart {
        return None;
    }
    // Whether element `register` is a register of the kind that an immediate `float` or not
    // cannot stand beside.
    let clashes = |register: usize, float: bool| {
        typed[register].filter(|(_, ty)| {
            if float {
                matches!(
                    kind_and_bits(ty),
                    Some((TypeKind::Signed | TypeKind::Unsigned, _))
                )
            } else {
                matches!(*ty, ".f16" | ".f32" | ".f64")
            }
        })
    };
    let immediate = |i: usize| match elements[i] {
        OperandValue::Immediate { float, .. } => Some(float),
        _ => None,
    };
    (1..elements.len()).find_map(|i| {
        let (float, (written, ty)) = match (immediate(i - 1), immediate(i)) {
            (None, Some(float)) => (float, clashes(i - 1, float)?),
            (Some(float), None) => (float, clashes(i, float)?),
            _ => return None,
        };
        Some(if float {
            format!(
                "the elements of vector `{name}` cannot put a floating-point immediate beside the `{ty}` register `{written}`: write an integer immediate"
            )
        } else {
            format!(
                "the elements of vector `{name}` cannot put an integer immediate beside the `{ty}` register `{written}`: write a floating-point immediate (e.g. `0f3F800000` for 1.0)"
            )
        })
    })
}

/// ptxas 13.5 on ld, st and mov (`kinds_apart`), probed 2026-12-01: two neighbouring
/// elements of different kinds (floating-point, packed halves `.f16x2`, integer) are "Vector
/// with elements of different types". ptxas compares each element with the next only: a
/// bit-size register goes with any kind, so `{%f, %b, %u, %b}` passes, and signed goes with
/// unsigned. A vector of floating-point registers throughout where the instruction type is an
/// integer (`ld.v4.u32` into `.f32` registers), or of `.f16x2` registers where it is a float,
/// is "Arguments mismatch"; with a bit-size element among them ptxas takes it.
/// `elements`: per element, how a register element is written and its declared type; None for
/// an element that is no typed register.
fn element_kinds_mismatch(
    name: &str,
    expectation: &Expectation,
    elements: &[Option<(&str, &str)>],
) -> Option<String> {
    if !expectation.kinds_apart {
        return None;
    }
    #[derive(Clone, Copy, PartialEq)]
    enum ElementKind {
        Float,
        PackedHalves,
        Integer,
    }
    let kind_of = |ty: &str| match ty {
        ".f16" | ".f32" | ".f64" => Some(ElementKind::Float),
        ".f16x2" => Some(ElementKind::PackedHalves),
        _ => match kind_and_bits(ty) {
            Some((TypeKind::Signed | TypeKind::Unsigned, _)) => Some(ElementKind::Integer),
            _ => None,
        },
    };
    let kinded: Vec<Option<(&str, &str, ElementKind)>> = elements
        .iter()
        .map(|e| e.and_then(|(written, ty)| kind_of(ty).map(|kind| (written, ty, kind))))
        .collect();
    for pair in kinded.windows(2) {
        if let [Some((a, a_ty, a_kind)), Some((b, b_ty, b_kind))] = pair {
            if a_kind != b_kind {
                return Some(format!(
                    "the elements of vector `{name}` cannot mix `{a_ty}` and `{b_ty}` registers side by side: `{a}` is `{a_ty}` and `{b}` `{b_ty}`"
                ));
            }
        }
    }
    let (first, first_ty, first_kind) = kinded.first().copied().flatten()?;
    let one_kind = kinded
        .iter()
        .all(|k| k.is_some_and(|(_, _, kind)| kind == first_kind));
    if !one_kind {
        return None;
    }
    let ty = expectation.ty.as_deref()?;
    match (first_kind, kind_and_bits(ty)?.0) {
        (ElementKind::Float, TypeKind::Signed | TypeKind::Unsigned) => Some(format!(
            "operand `{name}` is a vector of `{ty}`: `{first}` is declared `{first_ty}`, and a floating-point register is no element of an integer vector"
        )),
        (ElementKind::PackedHalves, TypeKind::Float) => Some(format!(
            "operand `{name}` is a vector of `{ty}`: `{first}` is declared `{first_ty}`, and a packed-halves register is no element of a floating-point vector"
        )),
        _ => None,
    }
}

/// What each element of a vector of `length` elements must be: of the instruction type's
/// width (a `mov` pack/unpack shares the scalar side's width among them).
fn element_expectation(expectation: &Expectation, length: usize) -> Expectation {
    let split = expectation
        .split_bits
        .filter(|_| length > 0)
        .map(|bits| format!(".b{}", bits as usize / length));
    Expectation {
        ty: split.or_else(|| {
            expectation
                .ty
                .as_deref()
                .filter(|t| *t != ".pred" && !expectation.typed_elements)
                .and_then(kind_and_bits)
                .map(|(_, bits)| format!(".b{bits}"))
                .or_else(|| expectation.ty.clone())
        }),
        ..expectation.clone()
    }
}

/// A register of vector type named as a whole (`v` of `.reg .v4 .u32 v`): how it is
/// written, its element type and its vector modifier.
fn vector_register<'a>(
    value: &OperandValue,
    symbols: &'a SymbolWalker,
) -> Option<(&'a str, &'a str, &'a str)> {
    let (decl, written) = named_declaration(value, symbols)?;
    if decl.kind != DeclKind::Register {
        return None;
    }
    Some((written, decl.ty.as_deref()?, decl.vector.as_deref()?))
}

/// The declaration of an operand written as a declared name, and how the name is written.
fn named_declaration<'a>(
    value: &OperandValue,
    symbols: &'a SymbolWalker,
) -> Option<(&'a Declaration, &'a str)> {
    let OperandValue::Name {
        at,
        declaration: Some(d),
    } = value
    else {
        return None;
    };
    let written = symbols.source.get(at.start..at.end).unwrap_or("");
    Some((symbols.declaration(*d), written))
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
fn takes_own_width_only(ty: &str) -> bool {
    kind_and_bits(ty).is_some()
        && (ty.ends_with("x2")
            || ty.ends_with("x4")
            || matches!(ty, ".bf16" | ".tf32")
            || ty.starts_with(".e")
            || ty.starts_with(".ue"))
}

fn relaxed_hint(expected: &str) -> String {
    // The types `agrees_relaxed` takes at their own width only.
    if expected.ends_with("x2")
        || expected.ends_with("x4")
        || matches!(expected, ".bf16" | ".tf32")
        || expected.starts_with(".e")
        || expected.starts_with(".ue")
    {
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
    fn mov_reads_special_registers_at_their_width() {
        let special = |name| ptx::special_register(name).unwrap();
        let mov = |ty: &str| Expectation {
            ty: Some(ty.to_string()),
            reads_special_registers: true,
            ..Expectation::default()
        };
        let cvt = |ty: &str| Expectation {
            relaxed: true,
            ..mov(ty)
        };
        assert!(special_register_mismatch("a", special("%clock64"), false, &mov(".u64")).is_none());
        assert!(special_register_mismatch("a", special("%clock64"), false, &mov(".u32")).is_some());
        assert!(special_register_mismatch("a", special("%clock"), false, &mov(".u64")).is_some());
        assert!(special_register_mismatch("a", special("%tid"), true, &mov(".u16")).is_none());
        assert!(special_register_mismatch("a", special("%tid"), false, &mov(".u32")).is_some());
        assert!(special_register_mismatch("a", special("%gridid"), false, &mov(".u32")).is_none());
        assert!(special_register_mismatch("a", special("%laneid"), false, &mov(".f32")).is_some());
        assert!(special_register_mismatch(
            "a",
            special("%is_explicit_cluster"),
            false,
            &mov(".u32")
        )
        .is_some());
        assert!(special_register_mismatch("a", special("%clock64"), false, &cvt(".u32")).is_none());
        assert!(special_register_mismatch("a", special("%clock"), false, &cvt(".u64")).is_some());
    }

    #[test]
    fn barrier_thread_counts_are_multiples_of_the_warp_size() {
        let thread_count = |min| Operand {
            name: "b",
            shape: OperandShape::Value,
            ty: TypeExpr::Literal(".u32"),
            optional: false,
            is_destination: false,
            vector: VectorLength::Scalar,
            space: SpaceExpr::Unknown,
            immediate: ImmediateRule::Stepped(min, i64::MAX, 32),
            names: NameKind::Any,
            present_with: None,
        };
        let imm = |v| OperandValue::Immediate {
            float: false,
            float_bits: 0,
            value: Some(v),
        };
        assert!(immediate_mismatch(&thread_count(0), &imm(0)).is_none());
        assert!(immediate_mismatch(&thread_count(0), &imm(4096)).is_none());
        assert!(immediate_mismatch(&thread_count(0), &imm(48)).is_some());
        assert!(immediate_mismatch(&thread_count(32), &imm(0)).is_some());
        assert!(immediate_mismatch(&thread_count(32), &imm(32)).is_none());
        assert!(immediate_mismatch(&thread_count(32), &OperandValue::Other).is_none());
        let size = Operand {
            immediate: ImmediateRule::Stepped(0, 1048560, 16),
            ..thread_count(0)
        };
        assert!(immediate_mismatch(&size, &imm(1048560)).is_none());
        assert!(immediate_mismatch(&size, &imm(1048576)).is_some());
        assert!(immediate_mismatch(&size, &imm(60)).is_some());
    }

    #[test]
    fn float_literals_fill_bit_size_operands_of_their_width() {
        let operand = |ty: &'static str| Operand {
            name: "a",
            shape: OperandShape::Value,
            ty: TypeExpr::Literal(ty),
            optional: false,
            is_destination: false,
            vector: VectorLength::Scalar,
            space: SpaceExpr::Unknown,
            immediate: ImmediateRule::Free,
            names: NameKind::Any,
            present_with: None,
        };
        let float = |float_bits| OperandValue::Immediate {
            float: true,
            value: None,
            float_bits,
        };
        let source = "";
        let symbols = SymbolWalker::new(source, false);
        let check = |ty: &'static str, bits| {
            let expectation = Expectation {
                ty: Some(ty.to_string()),
                ..Expectation::default()
            };
            mismatch(&operand(ty), &float(bits), &expectation, &symbols)
        };
        assert!(check(".b32", 32).is_none());
        assert!(check(".b32", 64).is_some());
        assert!(check(".b64", 64).is_none());
        assert!(check(".b64", 32).is_some());
        assert!(check(".b16", 32).is_some());
        assert!(check(".f32", 64).is_none());
        assert!(check(".f64", 32).is_none());
        assert!(check(".pred", 64).is_some());
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
