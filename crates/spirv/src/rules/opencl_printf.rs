//! SPV030 `opencl-printf`: OpenCL.std `printf`, its result, its format and its arguments
//! (common_properties.asciidoc, Printf Operands; OpenCL.ExtendedInstructionSet.100 printf).

use crate::environment::context::{report, report_check, Context};
use crate::facts::{describe, storage, Facts, Type};
use crate::module::{IdIndex, Instruction, Value};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_spec_db::spirv::env::OpenClVersion;

rules! {
    OPENCL_PRINTF = "SPV030" "opencl-printf" Error fix=false {
        summary: "A `printf` call does not follow OpenCL's rules",
        explanation: "OpenCL.std `printf` returns a 32-bit integer; its format is a pointer to 8-bit integers in the `UniformConstant` storage class (a string constant); the number of arguments matches the conversions in the format. spirv-val 2023.1 checks the result and format types, not the arguments against the format: those findings are warnings that say so.",
        example: "%r = OpExtInst %uint %std printf %fmt_in_global   ; SPV030: the format must be UniformConstant",
    }
}

/// An `OpExtInst`, where it is OpenCL.std `printf`.
pub(crate) fn check_printf(cx: &Context, inst: &Instruction, diagnostics: &mut Vec<Diagnostic>) {
    let Some((set, ext)) = inst.extended else {
        return;
    };
    if set.name != "OpenCL.std" || ext.name != "printf" {
        return;
    }
    let facts = cx.facts;
    let ops = cx.module.operands(inst);
    if let Some(result_type) = inst.result_type {
        if !matches!(
            facts.types.get(&result_type),
            Some(Type::Int { width: 32, .. }) | None
        ) {
            report_check(
                diagnostics,
                &OPENCL_PRINTF,
                inst.range,
                "printf-result-type",
                format!(
                    "printf returns a 32-bit integer, not {}",
                    describe(facts, result_type, 0)
                ),
            );
        }
    }
    // Operands: Set, Instruction, format, arguments...
    let Some(format) = ops.get(2) else { return };
    let Value::Id(format_id) = format.value else {
        return;
    };
    match facts.type_of(format_id) {
        Some(Type::Pointer { storage, pointee }) => {
            let char_pointee = matches!(facts.types.get(pointee), Some(Type::Int { width: 8, .. }));
            if *storage != storage::UNIFORM_CONSTANT || !char_pointee {
                report_check(
                    diagnostics,
                    &OPENCL_PRINTF,
                    format.range(),
                    "printf-format-type",
                    format!(
                        "the printf format is a {}; it is a pointer to 8-bit integers in UniformConstant (a constant string)",
                        describe(facts, facts.value_types[&format_id], 0)
                    ),
                );
                return;
            }
        }
        Some(_) => {
            report_check(
                diagnostics,
                &OPENCL_PRINTF,
                format.range(),
                "printf-format-type",
                "the printf format is not a pointer; it is a pointer to 8-bit integers in UniformConstant".into(),
            );
            return;
        }
        None => return,
    }
    let Some(bytes) = constant_string(cx, format_id) else {
        return;
    };
    let arguments = &ops[3..];
    let mut next = 0usize;
    let address_bits = facts.address_bits().unwrap_or(64);
    for spec in printf_conversions(&bytes) {
        let spec = match spec {
            Ok(spec) => spec,
            Err(problem) => {
                report(
                    diagnostics,
                    &OPENCL_PRINTF,
                    format.range(),
                    "printf-undefined-specifiers",
                    format!("printf format: {problem}"),
                );
                return;
            }
        };
        if spec.conversion == b'%' {
            continue;
        }
        if matches!(spec.length, Length::Z | Length::T) && cx.settings.opencl < OpenClVersion::V3_1
        {
            report(
                diagnostics,
                &OPENCL_PRINTF,
                format.range(),
                "printf-undefined-specifiers",
                format!(
                    "printf format: the z and t length modifiers are undefined before OpenCL 3.1 (checked for {})",
                    cx.settings.opencl
                ),
            );
            return;
        }
        let Some(argument) = arguments.get(next) else {
            report(
                diagnostics,
                &OPENCL_PRINTF,
                inst.range,
                "printf-operand-types",
                format!(
                    "the printf format has more conversions than the {} argument{} given",
                    arguments.len(),
                    if arguments.len() == 1 { "" } else { "s" }
                ),
            );
            return;
        };
        next += 1;
        let Value::Id(arg) = argument.value else {
            continue;
        };
        let Some(arg_type) = facts.value_types.get(&arg).copied() else {
            continue;
        };
        if let Some(expected) = printf_type_problem(facts, &spec, arg_type, address_bits) {
            report(
                diagnostics,
                &OPENCL_PRINTF,
                argument.range(),
                "printf-operand-types",
                format!(
                    "printf argument {} is {} but its conversion `{}` takes {expected}",
                    next,
                    describe(facts, arg_type, 0),
                    String::from_utf8_lossy(&spec.text)
                ),
            );
        }
    }
    if next < arguments.len() {
        report(
            diagnostics,
            &OPENCL_PRINTF,
            arguments[next].range(),
            "printf-operand-types",
            format!(
                "printf is given {} argument{} but its format has {} conversion{}",
                arguments.len(),
                if arguments.len() == 1 { "" } else { "s" },
                next,
                if next == 1 { "" } else { "s" }
            ),
        );
    }
}

/// The bytes of a constant string a pointer leads to (through access chains and casts to an
/// `OpVariable` initialised with an `OpConstantComposite` of 8-bit integers), up to its NUL.
fn constant_string(cx: &Context, pointer: IdIndex) -> Option<Vec<u8>> {
    let mut current = pointer;
    for _ in 0..8 {
        let def = cx.module.definition(current)?;
        let ops = cx.module.operands(def);
        match def.name() {
            "OpVariable" => {
                let Value::Id(init) = ops.get(1)?.value else {
                    return None;
                };
                let init = cx.module.definition(init)?;
                if init.name() != "OpConstantComposite" {
                    return None;
                }
                let mut bytes = Vec::with_capacity(ops.len());
                for o in cx.module.operands(init) {
                    let Value::Id(c) = o.value else { return None };
                    let b = *cx.facts.int_constants.get(&c)?;
                    if b == 0 {
                        break;
                    }
                    bytes.push(b as u8);
                }
                return Some(bytes);
            }
            "OpInBoundsPtrAccessChain"
            | "OpPtrAccessChain"
            | "OpAccessChain"
            | "OpInBoundsAccessChain"
            | "OpBitcast"
            | "OpPtrCastToGeneric"
            | "OpGenericCastToPtr" => {
                // Only the start of the string: every index must be zero.
                if ops
                    .iter()
                    .skip(1)
                    .any(|o| !matches!(o.value, Value::Id(i) if cx.facts.int_constants.get(&i) == Some(&0)))
                {
                    return None;
                }
                let Value::Id(base) = ops.first()?.value else {
                    return None;
                };
                current = base;
            }
            _ => return None,
        }
    }
    None
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Length {
    None,
    Hh,
    H,
    Hl,
    L,
    Z,
    T,
}

#[derive(Debug)]
struct Conversion {
    vector: Option<u32>,
    length: Length,
    conversion: u8,
    text: Vec<u8>,
}

/// The conversions of a printf format, or why it is undefined.
fn printf_conversions(format: &[u8]) -> Vec<Result<Conversion, String>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        if format.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while i < format.len() && b"-+ #0".contains(&format[i]) {
            i += 1;
        }
        if format.get(i) == Some(&b'*') {
            out.push(Err("the `*` field width is undefined in OpenCL".into()));
            return out;
        }
        while i < format.len() && format[i].is_ascii_digit() {
            i += 1;
        }
        if format.get(i) == Some(&b'.') {
            i += 1;
            if format.get(i) == Some(&b'*') {
                out.push(Err("the `*` precision is undefined in OpenCL".into()));
                return out;
            }
            while i < format.len() && format[i].is_ascii_digit() {
                i += 1;
            }
        }
        let mut vector = None;
        if format.get(i) == Some(&b'v') {
            i += 1;
            let digits = i;
            while i < format.len() && format[i].is_ascii_digit() {
                i += 1;
            }
            let n = std::str::from_utf8(&format[digits..i])
                .ok()
                .and_then(|s| s.parse::<u32>().ok());
            match n {
                Some(n @ (2 | 3 | 4 | 8 | 16)) => vector = Some(n),
                _ => {
                    out.push(Err(
                        "a vector specifier takes 2, 3, 4, 8 or 16 components".into()
                    ));
                    return out;
                }
            }
        }
        let rest = &format[i..];
        let (length, skip) = if rest.starts_with(b"hh") {
            (Length::Hh, 2)
        } else if rest.starts_with(b"hl") {
            (Length::Hl, 2)
        } else if rest.starts_with(b"ll") {
            out.push(Err("the `ll` length modifier is undefined in OpenCL".into()));
            return out;
        } else if rest.starts_with(b"h") {
            (Length::H, 1)
        } else if rest.starts_with(b"l") {
            (Length::L, 1)
        } else if rest.starts_with(b"z") {
            (Length::Z, 1)
        } else if rest.starts_with(b"t") {
            (Length::T, 1)
        } else if rest.starts_with(b"j") || rest.starts_with(b"L") {
            out.push(Err(format!(
                "the `{}` length modifier is undefined in OpenCL",
                rest[0] as char
            )));
            return out;
        } else {
            (Length::None, 0)
        };
        i += skip;
        let Some(&conversion) = format.get(i) else {
            out.push(Err("the format ends inside a conversion".into()));
            return out;
        };
        i += 1;
        let problem = match conversion {
            b'n' => Some("the `n` conversion is undefined in OpenCL".to_string()),
            b'c' | b's' if length == Length::L => {
                Some("the `l` length modifier with `c` or `s` is undefined in OpenCL".into())
            }
            b'd' | b'i' | b'o' | b'u' | b'x' | b'X' | b'a' | b'A' | b'e' | b'E' | b'f' | b'F'
            | b'g' | b'G' | b'c' | b's' | b'p' => None,
            other => Some(format!("`%{}` is not a conversion", other as char)),
        };
        if let Some(problem) = problem {
            out.push(Err(problem));
            return out;
        }
        if vector.is_some() && length == Length::None {
            out.push(Err(
                "a vector conversion needs a length modifier (hh, h, hl or l)".into(),
            ));
            return out;
        }
        out.push(Ok(Conversion {
            vector,
            length,
            conversion,
            text: format[start..i].to_vec(),
        }));
    }
    out
}

/// What type a conversion takes, when the argument's type is not it.
fn printf_type_problem(
    facts: &Facts,
    spec: &Conversion,
    arg_type: IdIndex,
    address_bits: u32,
) -> Option<String> {
    let ty = facts.types.get(&arg_type)?;
    let integer = matches!(spec.conversion, b'd' | b'i' | b'o' | b'u' | b'x' | b'X');
    let float = matches!(
        spec.conversion,
        b'a' | b'A' | b'e' | b'E' | b'f' | b'F' | b'g' | b'G'
    );
    if let Some(n) = spec.vector {
        let width = match spec.length {
            Length::Hh => 8,
            Length::H => 16,
            Length::Hl => 32,
            Length::L => 64,
            _ => return None,
        };
        let component_ok = |c: &IdIndex| match facts.types.get(c) {
            Some(Type::Int { width: w, .. }) => integer && *w == width,
            Some(Type::Float { width: w }) => float && *w == width && width != 8,
            _ => false,
        };
        let ok = matches!(ty, Type::Vector { component, count } if *count == n && component_ok(component));
        return (!ok).then(|| {
            format!(
                "a vector of {n} {width}-bit {}",
                if integer { "integers" } else { "floats" }
            )
        });
    }
    if integer {
        let width = match spec.length {
            Length::L => 64,
            Length::Z | Length::T => address_bits,
            _ => 32,
        };
        let ok = matches!(ty, Type::Int { width: w, .. } if *w == width);
        return (!ok).then(|| format!("a {width}-bit integer"));
    }
    if float {
        let ok = matches!(ty, Type::Float { width: 32 | 64 });
        return (!ok).then(|| "a 32-bit or 64-bit float".to_string());
    }
    match spec.conversion {
        b'c' => (!matches!(
            ty,
            Type::Int {
                width: 8 | 16 | 32,
                ..
            }
        ))
        .then(|| "an integer (the promoted character)".to_string()),
        b's' => {
            let ok = matches!(ty, Type::Pointer { pointee, .. }
                if matches!(facts.types.get(pointee), Some(Type::Int { width: 8, .. })));
            (!ok).then(|| "a pointer to 8-bit integers (a literal string)".to_string())
        }
        b'p' => (!matches!(ty, Type::Pointer { .. })).then(|| "a pointer".to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    fn printf(format: &str, args: &str, arg_types: &str) -> String {
        let mut bytes: Vec<u8> = format.bytes().collect();
        bytes.push(0);
        let mut consts = String::new();
        let mut names = Vec::new();
        for (i, b) in bytes.iter().enumerate() {
            consts += &format!("%b{i} = OpConstant %uchar {b}\n");
            names.push(format!("%b{i}"));
        }
        format!(
            "OpCapability Addresses\nOpCapability Kernel\nOpCapability Int8\nOpCapability Int64\nOpCapability Float64\n%std = OpExtInstImport \"OpenCL.std\"\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %k \"k\"\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uchar = OpTypeInt 8 0\n%uint = OpTypeInt 32 0\n%ulong = OpTypeInt 64 0\n%float = OpTypeFloat 32\n%double = OpTypeFloat 64\n%v4float = OpTypeVector %float 4\n%len = OpConstant %uint {}\n%arr = OpTypeArray %uchar %len\n%parr = OpTypePointer UniformConstant %arr\n%pc = OpTypePointer UniformConstant %uchar\n{consts}%str = OpConstantComposite %arr {}\n%fmt = OpVariable %parr UniformConstant %str\n%z = OpConstant %ulong 0\n%i32 = OpConstant %uint 7\n%i64 = OpConstant %ulong 7\n%f32 = OpConstant %float 1\n%v4 = OpConstantNull %v4float\n{arg_types}%k = OpFunction %void None %fn\n%l = OpLabel\n%p = OpInBoundsPtrAccessChain %pc %fmt %z %z\n%r = OpExtInst %uint %std printf %p{args}\nOpReturn\nOpFunctionEnd\n",
            bytes.len(),
            names.join(" ")
        )
    }

    #[test]
    fn printf_arguments_match_the_format() {
        let ok = printf("%d %lu %f %v4hlf %s %%\n", " %i32 %i64 %f32 %v4 %p", "");
        assert_eq!(findings(&ok, OpenClVersion::V1_2), vec![]);
        assert_eq!(
            findings(&printf("%d", " %i64", ""), OpenClVersion::V1_2),
            vec![("SPV030", "%i64".into())]
        );
        assert_eq!(
            findings(&printf("hi", " %i32", ""), OpenClVersion::V1_2),
            vec![("SPV030", "%i32".into())]
        );
        assert_eq!(
            codes(&findings(
                &printf("%d %d", " %i32", ""),
                OpenClVersion::V1_2
            )),
            vec!["SPV030"]
        );
        assert_eq!(
            codes(&findings(
                &printf("%*d", " %i32 %i32", ""),
                OpenClVersion::V1_2
            )),
            vec!["SPV030"]
        );
        // z is defined from OpenCL 3.1 only.
        assert_eq!(
            findings(&printf("%zu", " %i64", ""), OpenClVersion::V3_1),
            vec![]
        );
        assert_eq!(
            codes(&findings(&printf("%zu", " %i64", ""), OpenClVersion::V3_0)),
            vec!["SPV030"]
        );
    }
}
