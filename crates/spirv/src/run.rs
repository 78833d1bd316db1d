//! SPIR-V as a `Runner`: kernels are the `OpEntryPoint Kernel` functions, their parameters
//! typed from `OpFunctionParameter` (CrossWorkgroup pointers are buffers, Workgroup pointers
//! local memory, scalars and vectors by value); text is assembled by speclint itself and the
//! binary goes to OpenCL (`clCreateProgramWithIL`) in the worker process.

use super::assemble::{assemble, to_bytes};
use super::binary::is_spirv_binary;
use super::facts::{storage, Facts, Type};
use super::{analyze, analyze_binary, SpirvSettings};
use speclint_base::language::Input;
use speclint_base::run::kernel::{
    AddressSpace, ImageAccess, KernelParam, KernelSignature, ParamKind, ScalarType,
};
use speclint_base::run::runner::{
    CompileReport, DeviceMessage, Execution, KernelResources, Launch, MessageSeverity, Program,
    RunError, Runner,
};
use speclint_base::text::line_number;
use speclint_device::opencl::{log_messages, OpenCl};

pub struct SpirvRunner;

/// `OpEntryPoint`'s execution model for OpenCL kernels (SPIR-V 3.3, Execution Model).
const EXECUTION_MODEL_KERNEL: u32 = 6;
const FORMAT: &str = "spirv";

impl Runner for SpirvRunner {
    fn kernels(&self, input: Input<'_>) -> Result<Vec<KernelSignature>, RunError> {
        let settings = SpirvSettings::default();
        let (analysis, input_text) = match input {
            Input::Text(text) => (analyze(text, &settings), Some(text)),
            Input::Binary(bytes) => (analyze_binary(bytes, &settings), None),
        };
        let text = match (&analysis.binary, input_text) {
            (Some(disassembly), _) => disassembly.text.as_str(),
            (None, Some(text)) => text,
            (None, None) => "",
        };
        let facts = &analysis.facts;
        let mut kernels = Vec::new();
        for entry in &facts.entry_points {
            if entry.model != EXECUTION_MODEL_KERNEL {
                continue;
            }
            let Some(function) = facts
                .function_index
                .get(&entry.function)
                .map(|&i| &facts.functions[i])
            else {
                continue;
            };
            let params = function
                .parameters
                .iter()
                .enumerate()
                .map(|(index, &param)| {
                    // The OpName first, then the id's own name in the text (`%a`), else `argN`.
                    let op_name = facts
                        .names
                        .get(&param)
                        .map(|r| text[r.start..r.end].to_string());
                    let id_name = analysis
                        .module
                        .ids
                        .get(param as usize)
                        .and_then(|info| info.definition_range)
                        .map(|r| text[r.start..r.end].trim_start_matches('%').to_string())
                        .filter(|name| !name.bytes().all(|b| b.is_ascii_digit()));
                    let mut names: Vec<String> = Vec::new();
                    for name in op_name.into_iter().chain(id_name).filter(|n| !n.is_empty()) {
                        if !names.contains(&name) {
                            names.push(name);
                        }
                    }
                    let name = if names.is_empty() {
                        format!("arg{index}")
                    } else {
                        names.remove(0)
                    };
                    KernelParam {
                        name,
                        aliases: names,
                        kind: param_kind(facts, param),
                        min_elements: None,
                    }
                })
                .collect();
            let offset = analysis.module.instructions[entry.instruction as usize]
                .range
                .start;
            kernels.push(KernelSignature {
                name: entry.name.clone(),
                params,
                line: Some(line_number(text, offset) as u32),
            });
        }
        Ok(kernels)
    }

    fn prepare(&self, input: Input<'_>) -> Result<Program, RunError> {
        let bytes = match input {
            Input::Binary(bytes) if is_spirv_binary(bytes) => bytes.to_vec(),
            Input::Binary(_) => {
                return Err(RunError::usage("the input is not a SPIR-V binary module"))
            }
            Input::Text(text) => match assemble(text) {
                Ok(words) => to_bytes(&words),
                Err(errors) => {
                    return Err(RunError::Build {
                        message: format!(
                            "the SPIR-V assembly has {} error{}; nothing was run",
                            errors.len(),
                            if errors.len() == 1 { "" } else { "s" }
                        ),
                        messages: errors
                            .into_iter()
                            .map(|e| DeviceMessage {
                                severity: MessageSeverity::Error,
                                line: Some(line_number(text, e.range.start) as u32),
                                text: e.message,
                            })
                            .collect(),
                    })
                }
            },
        };
        Ok(Program {
            format: FORMAT.to_string(),
            bytes,
        })
    }

    fn compile(&self, program: &Program) -> Result<CompileReport, RunError> {
        let cl = OpenCl::open()?;
        let built = cl.build_il(&program.bytes)?;
        let mut kernels = Vec::new();
        for name in built.kernel_names() {
            let info = built.kernel_info(&name)?;
            kernels.push(KernelResources {
                kernel: name,
                figures: vec![
                    ("work-group size limit".to_string(), info.work_group_size),
                    (
                        "preferred work-group size multiple".to_string(),
                        info.preferred_multiple,
                    ),
                    ("local memory bytes".to_string(), info.local_mem_bytes),
                    ("private memory bytes".to_string(), info.private_mem_bytes),
                ],
            });
        }
        Ok(CompileReport {
            compiler: cl.device_name.clone(),
            messages: log_messages(&built.log),
            kernels,
        })
    }

    fn launch(&self, program: &Program, launch: &Launch) -> Result<Execution, RunError> {
        if launch.shared_bytes > 0 {
            return Err(RunError::usage(
                "--shared: OpenCL kernels have no dynamic shared memory; give their Workgroup \
                 (__local) pointer parameters local:BYTES",
            ));
        }
        let cl = OpenCl::open()?;
        let built = cl.build_il(&program.bytes)?;
        let result = built.launch(&launch.kernel, launch.grid, launch.block, &launch.args)?;
        Ok(Execution {
            device: cl.device_name.clone(),
            messages: log_messages(&built.log),
            kernel_ns: result.kernel_ns,
            buffers: result.buffers,
        })
    }
}

/// What a parameter takes, from its type.
fn param_kind(facts: &Facts, param: u32) -> ParamKind {
    let unsupported = |what: &str| ParamKind::Unsupported {
        what: what.to_string(),
    };
    let Some(ty) = facts.type_of(param) else {
        return unsupported("a parameter of unknown type");
    };
    match ty {
        Type::Int { .. } | Type::Float { .. } => match scalar(ty) {
            Some(ty) => ParamKind::Scalar { ty, lanes: 1 },
            None => unsupported("a scalar of an unusual width"),
        },
        Type::Vector { component, count } => {
            match facts.types.get(component).and_then(scalar) {
                // A 3-component vector takes the room of 4 (OpenCL C 6.3.5).
                Some(ty) => ParamKind::Scalar {
                    ty,
                    lanes: if *count == 3 { 4 } else { *count },
                },
                None => unsupported("a vector of an unusual component type"),
            }
        }
        Type::Pointer { storage, pointee } => {
            let element = facts.types.get(pointee).and_then(|t| match t {
                // char* is also the type of untyped (void*) pointers: take any buffer.
                Type::Int { width: 8, .. } => None,
                Type::Vector { component, .. } => facts.types.get(component).and_then(scalar),
                other => scalar(other),
            });
            match *storage {
                storage::CROSS_WORKGROUP => ParamKind::Buffer {
                    element,
                    space: AddressSpace::Global,
                },
                storage::UNIFORM_CONSTANT => ParamKind::Buffer {
                    element,
                    space: AddressSpace::Constant,
                },
                storage::GENERIC => ParamKind::Buffer {
                    element,
                    space: AddressSpace::Generic,
                },
                storage::WORKGROUP => ParamKind::Local { element },
                storage::FUNCTION => unsupported("a struct passed by value (byval)"),
                _ => unsupported("a pointer in an unusual storage class"),
            }
        }
        // Dim 1D (0) and 2D (1) (SPIR-V 3.8, Dim); AccessQualifier (3.29) from the type.
        Type::Image(image) if image.dim <= 1 && image.arrayed == 0 && image.depth != 1 => {
            ParamKind::Image {
                dims: image.dim as u8 + 1,
                access: match image.access {
                    Some(1) => ImageAccess::WriteOnly,
                    Some(2) => ImageAccess::ReadWrite,
                    _ => ImageAccess::ReadOnly,
                },
            }
        }
        Type::Image(_) => {
            unsupported("an image of a kind speclint cannot pass yet (3D, array or depth)")
        }
        Type::Sampler => unsupported("a sampler"),
        Type::Bool => unsupported("a bool"),
        _ => unsupported("a value of an unusual type"),
    }
}

/// SPIR-V integers are signless in OpenCL: they map to the signed type, and `--arg` accepts
/// either sign's literals and buffers of the same width.
fn scalar(ty: &Type) -> Option<ScalarType> {
    match *ty {
        Type::Int { width, .. } => ScalarType::int(width, true),
        Type::Float { width: 16 } => Some(ScalarType::F16),
        Type::Float { width: 32 } => Some(ScalarType::F32),
        Type::Float { width: 64 } => Some(ScalarType::F64),
        _ => None,
    }
}
