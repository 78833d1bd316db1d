//! The user's `--arg` values checked against the kernel's parameters and turned into bytes.
//! Every message names the parameter and what it takes.

use speclint_base::run::kernel::{KernelSignature, ParamKind, ScalarType};
use speclint_base::run::runner::ArgValue;
use speclint_base::run::spec::{ArgSpec, NamedArg};
use speclint_base::run::values::encode_literal;

/// One value per parameter, in parameter order.
pub fn resolve_args(kernel: &KernelSignature, args: &[NamedArg]) -> Result<Vec<ArgValue>, String> {
    let position = |name: &str| {
        kernel
            .params
            .iter()
            .position(|p| p.is_named(name))
            .or_else(|| {
                let index: usize = name.strip_prefix("arg")?.parse().ok()?;
                (index < kernel.params.len()).then_some(index)
            })
    };
    let mut given: Vec<Option<&NamedArg>> = vec![None; kernel.params.len()];
    for arg in args {
        let Some(index) = position(&arg.name) else {
            return Err(format!(
                "kernel `{}` has no parameter `{}`; it takes {}",
                kernel.name,
                arg.name,
                parameter_list(kernel)
            ));
        };
        if given[index].is_some() {
            return Err(format!(
                "parameter `{}` is given twice",
                kernel.params[index].name
            ));
        }
        given[index] = Some(arg);
    }
    let mut values = Vec::with_capacity(kernel.params.len());
    for (param, arg) in kernel.params.iter().zip(given) {
        let name = &param.name;
        let Some(arg) = arg else {
            return Err(format!(
                "parameter `{name}` of kernel `{}` has no value: it takes {}; add --arg \
                 {name}={}",
                kernel.name,
                param.kind.describe(),
                example(&param.kind)
            ));
        };
        let wrong_kind = || {
            format!(
                "parameter `{name}` takes {}, not {} (`{}`)",
                param.kind.describe(),
                arg.value.describe(),
                arg.name
            )
        };
        let value = match (&param.kind, &arg.value) {
            (ParamKind::Unsupported { what }, _) => {
                return Err(format!(
                    "parameter `{name}` is {what}, which speclint cannot pass to a kernel yet"
                ))
            }
            (
                ParamKind::Scalar { .. } | ParamKind::ScalarOrBuffer { .. },
                ArgSpec::Literal(text),
            ) => {
                let (ty, lanes) = match param.kind {
                    ParamKind::Scalar { ty, lanes } => (ty, lanes),
                    ParamKind::ScalarOrBuffer { ty } => (ty, 1),
                    _ => unreachable!("matched above"),
                };
                let (ty, lanes) = (&ty, &lanes);
                let parts: Vec<&str> = text.split(',').collect();
                if parts.len() != 1 && parts.len() != *lanes as usize {
                    return Err(format!(
                        "parameter `{name}` is {}: give one value for every lane or {lanes} \
                         values separated by commas",
                        param.kind.describe()
                    ));
                }
                let mut bytes = Vec::with_capacity(ty.size() * *lanes as usize);
                for lane in 0..*lanes as usize {
                    let part = parts[lane.min(parts.len() - 1)];
                    bytes.extend(
                        encode_either_sign(part, *ty)
                            .map_err(|e| format!("parameter `{name}`: {e}"))?,
                    );
                }
                ArgValue::Scalar { bytes }
            }
            (
                ParamKind::Buffer { .. } | ParamKind::ScalarOrBuffer { .. },
                ArgSpec::Buffer(spec),
            ) => {
                let element = match &param.kind {
                    ParamKind::Buffer { element, .. } => element,
                    _ => &None,
                };
                if let Some(element) = element {
                    if !same_layout(*element, spec.element) {
                        return Err(format!(
                            "parameter `{name}` is a buffer of {element}, but its value is a \
                             buffer of {}",
                            spec.element
                        ));
                    }
                }
                let bytes = spec
                    .bytes()
                    .map_err(|e| format!("parameter `{name}`: {e}"))?;
                let elements = (bytes.len() / spec.element.size()) as u64;
                if let Some(needed) = param.min_elements.filter(|&n| elements < n) {
                    return Err(format!(
                        "parameter `{name}`: the kernel reads or writes {needed} elements, but \
                         the buffer has {elements}"
                    ));
                }
                ArgValue::Buffer {
                    element: spec.element,
                    bytes,
                }
            }
            (ParamKind::Image { dims, .. }, ArgSpec::Image(image)) => {
                if *dims == 1 && image.height != 1 {
                    return Err(format!(
                        "parameter `{name}` is a 1D image: give image:WIDTH:ORDER:BUFFER"
                    ));
                }
                let bytes = image
                    .texels
                    .bytes()
                    .map_err(|e| format!("parameter `{name}`: {e}"))?;
                let needed = image.width as usize * image.height as usize * image.channels as usize;
                if bytes.len() != needed * image.texels.element.size() {
                    return Err(format!(
                        "parameter `{name}`: the image needs {needed} elements, the data has {}",
                        bytes.len() / image.texels.element.size()
                    ));
                }
                ArgValue::Image {
                    element: image.texels.element,
                    dims: *dims,
                    width: image.width,
                    height: image.height,
                    channels: image.channels,
                    bytes,
                }
            }
            (ParamKind::Local { .. }, ArgSpec::Local(bytes)) => {
                if *bytes == 0 {
                    return Err(format!(
                        "parameter `{name}`: local memory needs at least one byte"
                    ));
                }
                ArgValue::Local { bytes: *bytes }
            }
            _ => return Err(wrong_kind()),
        };
        values.push(value);
    }
    Ok(values)
}

/// Integer parameters take literals of either sign (a signless SPIR-V `i32`, a PTX `.b32`
/// hold bits): the declared type's range first, then the other sign's.
fn encode_either_sign(text: &str, ty: ScalarType) -> Result<Vec<u8>, String> {
    encode_literal(text, ty).or_else(|error| {
        let other =
            ScalarType::int(ty.size() as u32 * 8, !ty.is_signed()).filter(|_| !ty.is_float());
        other
            .and_then(|other| encode_literal(text, other).ok())
            .ok_or(error)
    })
}

/// A buffer of `given` fits a parameter of `declared` elements: the same type, or integers
/// of the same width (signedness is how the kernel reads them, not how they are stored).
fn same_layout(declared: ScalarType, given: ScalarType) -> bool {
    declared == given
        || (!declared.is_float() && !given.is_float() && declared.size() == given.size())
}

fn example(kind: &ParamKind) -> String {
    match kind {
        ParamKind::Scalar { ty, .. } if ty.is_float() => "1.0".to_string(),
        ParamKind::Scalar { .. } | ParamKind::ScalarOrBuffer { .. } => "1".to_string(),
        ParamKind::Buffer { element, .. } => {
            format!("zeros:{}[1024]", element.map_or("f32", |t| t.name()))
        }
        ParamKind::Local { .. } => "local:1024".to_string(),
        ParamKind::Image { dims: 1, .. } => "image:16:rgba:zeros:f32[64]".to_string(),
        ParamKind::Image { .. } => "image:16x16:rgba:zeros:f32[1024]".to_string(),
        ParamKind::Unsupported { .. } => "...".to_string(),
    }
}

/// `a (a buffer of f32; also named arg0), n (an i32 scalar; also named arg1)`.
pub fn parameter_list(kernel: &KernelSignature) -> String {
    if kernel.params.is_empty() {
        return "no parameters".to_string();
    }
    kernel
        .params
        .iter()
        .enumerate()
        .map(|(index, p)| {
            let also: Vec<String> = p
                .aliases
                .iter()
                .cloned()
                .chain(Some(format!("arg{index}")).filter(|n| *n != p.name))
                .collect();
            format!(
                "{} ({}{})",
                p.name,
                p.kind.describe(),
                if also.is_empty() {
                    String::new()
                } else {
                    format!("; also named {}", also.join(", "))
                }
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use speclint_base::run::kernel::{AddressSpace, KernelParam, ScalarType};
    use speclint_base::run::spec::parse_named_arg;

    fn kernel() -> KernelSignature {
        let param = |name: &str, kind| KernelParam {
            name: name.to_string(),
            kind,
            aliases: Vec::new(),
            min_elements: None,
        };
        KernelSignature {
            name: "k".into(),
            params: vec![
                param(
                    "out",
                    ParamKind::Buffer {
                        element: Some(ScalarType::F32),
                        space: AddressSpace::Global,
                    },
                ),
                param(
                    "n",
                    ParamKind::Scalar {
                        ty: ScalarType::I32,
                        lanes: 1,
                    },
                ),
                param("scratch", ParamKind::Local { element: None }),
            ],
            line: None,
        }
    }

    fn resolve(args: &[&str]) -> Result<Vec<ArgValue>, String> {
        let args: Vec<_> = args.iter().map(|a| parse_named_arg(a).unwrap()).collect();
        resolve_args(&kernel(), &args)
    }

    #[test]
    fn a_parameter_answers_to_its_aliases_and_the_error_lists_them() {
        let mut kernel = kernel();
        kernel.params[1].aliases = vec!["count".into()];
        let parse = |args: &[&str]| -> Vec<NamedArg> {
            args.iter().map(|a| parse_named_arg(a).unwrap()).collect()
        };
        let given = parse(&["out=zeros:f32[4]", "count=3", "scratch=local:8"]);
        let values = resolve_args(&kernel, &given).unwrap();
        assert!(matches!(&values[1], ArgValue::Scalar { bytes } if bytes == &[3, 0, 0, 0]));
        let error = resolve_args(&kernel, &parse(&["size=3"])).unwrap_err();
        assert!(
            error.contains("n (an i32 scalar; also named count, arg1)"),
            "{error}"
        );
        assert!(error.contains("out ("), "{error}");
        assert!(error.contains("; also named arg0)"), "{error}");
    }

    #[test]
    fn values_in_parameter_order() {
        let values = resolve(&["scratch=local:64", "n=-2", "arg0=fill:2:f32[4]"]).unwrap();
        assert!(matches!(&values[0], ArgValue::Buffer { bytes, .. } if bytes.len() == 16));
        assert!(
            matches!(&values[1], ArgValue::Scalar { bytes } if bytes == &[0xfe, 0xff, 0xff, 0xff])
        );
        assert!(matches!(values[2], ArgValue::Local { bytes: 64 }));
    }

    #[test]
    fn each_mistake_names_the_parameter() {
        let missing = resolve(&["out=zeros:f32[4]", "scratch=local:4"]).unwrap_err();
        assert!(
            missing.contains("parameter `n`") && missing.contains("--arg n=1"),
            "{missing}"
        );
        let wrong = resolve(&["out=3", "n=1", "scratch=local:4"]).unwrap_err();
        assert!(
            wrong.contains("parameter `out` takes a buffer of f32"),
            "{wrong}"
        );
        let element = resolve(&["out=zeros:i32[4]", "n=1", "scratch=local:4"]).unwrap_err();
        assert!(element.contains("`out` is a buffer of f32"), "{element}");
        let unknown = resolve(&["nn=1"]).unwrap_err();
        assert!(
            unknown.contains("no parameter `nn`")
                && unknown.contains("n (an i32 scalar; also named arg1)")
        );
        let range = resolve(&["out=zeros:f32[4]", "n=5000000000", "scratch=local:4"]).unwrap_err();
        assert!(range.contains("parameter `n`"), "{range}");
        let twice = resolve(&["n=1", "arg1=2"]).unwrap_err();
        assert!(twice.contains("given twice"));
    }

    #[test]
    fn integers_of_either_sign_fit() {
        let values = resolve(&["out=zeros:f32[1]", "n=4294967295", "scratch=local:4"]).unwrap();
        assert!(matches!(&values[1], ArgValue::Scalar { bytes } if bytes == &[0xff; 4]));
        let mut kernel = kernel();
        kernel.params[0].kind = ParamKind::Buffer {
            element: Some(ScalarType::I32),
            space: AddressSpace::Global,
        };
        let args: Vec<_> = ["out=range:u32[4]", "n=1", "scratch=local:4"]
            .iter()
            .map(|a| parse_named_arg(a).unwrap())
            .collect();
        assert!(resolve_args(&kernel, &args).is_ok());
    }

    #[test]
    fn a_known_extent_is_checked() {
        let mut kernel = kernel();
        kernel.params[0].min_elements = Some(8);
        let args: Vec<_> = ["out=zeros:f32[4]", "n=1", "scratch=local:4"]
            .iter()
            .map(|a| parse_named_arg(a).unwrap())
            .collect();
        let small = resolve_args(&kernel, &args).unwrap_err();
        assert!(
            small.contains("8 elements") && small.contains("has 4"),
            "{small}"
        );
    }
}
