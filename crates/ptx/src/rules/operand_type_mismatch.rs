//! PTX011 `operand-type-mismatch`: an operand whose type, register class or shape does not
//! fit the instruction (the type rules of PTX ISA section 9.4, and what ptxas checks beyond
//! them). The walk resolves each operand and what the matched form expects of it; the
//! functions here judge the two and build the diagnostic.

use crate::ast::Operand as OperandNode;
use crate::declarations::{DeclKind, Declaration};
use crate::header::Header;
use crate::opcode::{base_space, FormMatch};
use crate::operand_types::{Expectation, OperandValue};
use crate::param_shape::ParamShape;
use crate::symbols::SymbolWalker;
use crate::type_agreement::{agrees, agrees_relaxed, kind_and_bits};
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::{
    number_in, ImmediateRule, NameKind, Operand, OperandShape, SpecialRegister, TypeKind,
    VectorLength,
};

rules! {
    OPERAND_TYPE_MISMATCH = "PTX011" "operand-type-mismatch" Error fix=false {
        summary: "An operand's type or register class does not fit the instruction",
        explanation: "PTX checks operand types against the instruction type (section 9.4): bit-size types agree with any type of the same size, signed and unsigned integers agree with each other at the same size, floating-point types only with themselves or a bit-size type of the same size, and predicates only with predicates. A destination must be a register. The message names the operand, the declared type and the type the instruction expects.",
        example: ".reg .u32 %r1;\nadd.f32 %f1, %f2, %r1;   // PTX011: b is .u32, add.f32 needs .f32 (or .b32)",
    }
}

/// The guard `@p` names a register of another type than `.pred` (PTX ISA §9.3).
pub(crate) fn guard(name: &str, at: TextRange, decl: &Declaration) -> Option<Diagnostic> {
    let ty = decl.ty.as_deref().unwrap_or("");
    (decl.kind == DeclKind::Register && ty != ".pred" && decl.vector.is_none()).then(|| {
        Diagnostic::new(
            &OPERAND_TYPE_MISMATCH,
            at,
            format!("the guard `@{name}` must be a `.pred` register, but `{name}` is declared `{ty}` (PTX ISA §9.3)"),
        )
    })
}

/// An operand, written at `at`, that does not fit operand `spec` of the matched form.
pub(crate) fn operand(
    spec: &Operand,
    value: &OperandValue,
    expectation: &Expectation,
    symbols: &SymbolWalker,
    at: TextRange,
) -> Option<Diagnostic> {
    let message = mismatch(spec, value, expectation, symbols)?;
    Some(Diagnostic::new(&OPERAND_TYPE_MISMATCH, at, message))
}

/// The coordinates inside the address of a tensor copy, a texture or a surface access.
pub(crate) fn coordinates(
    opcode: &str,
    opcode_text: &str,
    operand: &OperandNode,
    symbols: &SymbolWalker,
) -> Option<Diagnostic> {
    let (at, message) = coordinates_mismatch(opcode, opcode_text, operand, symbols)?;
    Some(Diagnostic::new(&OPERAND_TYPE_MISMATCH, at, message))
}

/// `cvta.u32` in a module with `.address_size 64`; `suffix` is the `.u32` of the opcode.
pub(crate) fn cvta_u32(
    header: &Header,
    opcode_text: &str,
    suffix: TextRange,
) -> Option<Diagnostic> {
    if header.address_size != Some(64) || !opcode_text.ends_with(".u32") {
        return None;
    }
    Some(
        Diagnostic::new(
            &OPERAND_TYPE_MISMATCH,
            suffix,
            "`cvta` with `.u32` converts 32-bit addresses, but the module has `.address_size 64`; ptxas falls back to 32-bit addressing, which it no longer supports (PTX ISA §9.7.9.20)",
        )
        // Unsafe: it changes the width of the addresses converted.
        .with_fix(Fix::replace("Use `.u64`", suffix, ".u64")),
    )
}

/// Texture, sampler and surface handles named by a register in `[a, {b,} c]` (or `[a]`) are
/// 64-bit values: ptxas rejects a narrower register ("Arguments mismatch"). Names inside the
/// coordinate vector `{…}` are coordinates, not handles; without braces (a 1d coordinate
/// written as a scalar, `[%rd1, %r5]`) only the first name is the handle.
pub(crate) fn narrow_handle(
    found: &FormMatch,
    range: TextRange,
    declarations: &[(TextRange, usize)],
    symbols: &SymbolWalker,
) -> Option<Diagnostic> {
    let text = symbols.source.get(range.start..range.end)?;
    let handles = match text.find('{') {
        Some(i) => declarations
            .iter()
            .take_while(|(at, _)| at.start < range.start + i)
            .count(),
        None => 1,
    };
    declarations
        .iter()
        .take(handles)
        .find_map(|&(at, d)| {
            let bits = scalar_register_bits(symbols, d)?;
            (bits < 64).then(|| {
                let name = symbols.source.get(at.start..at.end).unwrap_or("");
                Diagnostic::new(
                    &OPERAND_TYPE_MISMATCH,
                    at,
                    format!(
                        "`{name}` is a {bits}-bit register, but a texture, sampler or surface handle is a 64-bit (`.u64`) value (PTX ISA §{})",
                        found.instruction.citation.section
                    ),
                )
            })
        })
}

/// With `.address_size 64`, the `.global` and generic addresses of loads, stores, atomics,
/// prefetches, mbarrier operations, `applypriority` and `discard` need a 64-bit register:
/// ptxas otherwise falls back to 32-bit addressing, which it no longer supports. (It takes
/// 32-bit registers elsewhere, e.g. `wmma.store`, `cp.async.bulk`, `cp.async`.)
pub(crate) fn narrow_address(
    memory_access: bool,
    space: &str,
    declarations: &[(TextRange, usize)],
    symbols: &SymbolWalker,
    header: &Header,
) -> Option<Diagnostic> {
    if !memory_access
        || header.address_size != Some(64)
        || !matches!(base_space(space), "" | ".global")
    {
        return None;
    }
    let &(at, d) = declarations.first()?;
    let bits = scalar_register_bits(symbols, d)?;
    // ptxas 13.5 assembles a 16-bit register there, with a warning ("Program uses 16-bit
    // address"); only 32-bit addressing is gone.
    if bits >= 64 || bits == 16 {
        return None;
    }
    let what = if space.is_empty() {
        "a generic address".to_string()
    } else {
        format!("a `{space}` address")
    };
    let name = symbols.source.get(at.start..at.end).unwrap_or("");
    Some(Diagnostic::new(
        &OPERAND_TYPE_MISMATCH,
        at,
        format!("`{name}` is a {bits}-bit register, but {what} needs a 64-bit one in a module with `.address_size 64` (PTX ISA §6.4.1)"),
    ))
}

/// The width of a declaration that is a scalar register (`.reg .b32 %r`), else None.
fn scalar_register_bits(symbols: &SymbolWalker, d: usize) -> Option<u16> {
    let decl = symbols.declaration(d);
    if decl.kind != DeclKind::Register || decl.vector.is_some() {
        return None;
    }
    match kind_and_bits(decl.ty.as_deref()?)? {
        (TypeKind::Predicate | TypeKind::Opaque, _) => None,
        (_, bits) => Some(bits),
    }
}

/// A register passed for `.param` argument or return value `position` (from 0) of a call:
/// it passes a scalar of its own width, which must be the parameter's (PTX ISA §9.7.12.4).
/// `what`: "parameter" or "return parameter".
pub(crate) fn call_register(
    written: &str,
    bits: u16,
    what: &str,
    position: usize,
    parameter: &ParamShape,
    at: TextRange,
) -> Option<Diagnostic> {
    let bytes = u64::from(bits).div_ceil(8);
    if parameter.elements.is_none() && bytes == parameter.element_bytes {
        return None;
    }
    let message = format!(
        "`{written}` is a {bits}-bit register, but {what} {} of the callee is {} (PTX ISA §9.7.12.4)",
        position + 1,
        parameter.describe()
    );
    Some(Diagnostic::new(&OPERAND_TYPE_MISMATCH, at, message))
}

/// A `.param` variable passed for argument or return value `position` of a call, whose type,
/// size or alignment differs from the callee's parameter (PTX ISA §9.7.12.4).
pub(crate) fn call_argument(
    written: &str,
    argument: &ParamShape,
    parameter: &ParamShape,
    what: &str,
    position: usize,
    at: TextRange,
) -> Option<Diagnostic> {
    let differs = argument_mismatch(argument, parameter)?;
    let message = format!(
        "the {differs} of `{written}` does not match {what} {} of the callee: `{written}` is {}, the {what} {} (PTX ISA §9.7.12.4)",
        position + 1,
        argument.describe(),
        parameter.describe()
    );
    Some(Diagnostic::new(&OPERAND_TYPE_MISMATCH, at, message))
}

/// Whether two scalar types agree as a call's argument and parameter (ptxas 13.5): the same
/// size, and bit-size types agree with any type, signed and unsigned integers with each
/// other, floating-point types only with themselves (and bit-size types).
fn scalar_types_agree(a: &ParamShape, b: &ParamShape) -> bool {
    use TypeKind::*;
    a.element_bytes == b.element_bytes
        && matches!(
            (a.kind, b.kind),
            (Bits, _) | (_, Bits) | (Signed | Unsigned, Signed | Unsigned) | (Float, Float)
        )
}

/// Why the argument does not fit the parameter, if it does not.
fn argument_mismatch(argument: &ParamShape, parameter: &ParamShape) -> Option<&'static str> {
    match (argument.elements, parameter.elements) {
        (Some(_), Some(_)) if argument.bytes() != parameter.bytes() => return Some("size"),
        (Some(_), None) | (None, Some(_)) => return Some("type"),
        (None, None) if argument.element_bytes != parameter.element_bytes => return Some("size"),
        (None, None) if !scalar_types_agree(argument, parameter) => return Some("type"),
        _ => {}
    }
    (argument.alignment != parameter.alignment).then_some("alignment")
}

/// Half-precision instruction types take registers only (ptxas rejects immediates for them).
const REGISTER_ONLY_TYPES: &[&str] = &[".f16", ".bf16", ".f16x2", ".bf16x2"];

/// Why `value` does not fit operand `spec` of the matched form, if it does not.
fn mismatch(
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
fn coordinates_mismatch(
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
    use crate::param_shape;
    use speclint_spec_db::{ptx, SpaceExpr, TypeExpr};

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
    fn argument_agreement_follows_ptxas() {
        let shape = |s: &str| param_shape::piece_shape(s).unwrap();
        let agree = |a: &str, p: &str| argument_mismatch(&shape(a), &shape(p));
        assert_eq!(agree(".param .f32 a", ".param .b32 p"), None);
        assert_eq!(agree(".param .s32 a", ".param .u32 p"), None);
        assert_eq!(agree(".param .u32 a", ".param .f32 p"), Some("type"));
        assert_eq!(agree(".param .b64 a", ".param .b32 p"), Some("size"));
        assert_eq!(
            agree(".param .align 8 .b32 a", ".param .b32 p"),
            Some("alignment")
        );
        assert_eq!(
            agree(".param .align 4 .b32 a[4]", ".param .align 4 .b8 p[16]"),
            None
        );
        assert_eq!(agree(".param .b32 a[1]", ".param .b32 p"), Some("type"));
        assert_eq!(
            agree(".param .align 4 .b8 a[8]", ".param .align 4 .b8 p[16]"),
            Some("size")
        );
        assert_eq!(
            agree(".param .b32 a[4]", ".param .b8 p[16]"),
            Some("alignment")
        );
    }
}
