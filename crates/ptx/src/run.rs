//! PTX's side of `speclint run`: kernel signatures from the `.param` lists, `--compile-only`
//! through `ptxas -v`, and runs through the CUDA driver (its JIT compiles the PTX for the
//! device). The device work happens in the run command's worker process.

use super::compile::{self, MessageKind, PtxasMessage, PtxasReport};
use super::params::{self, KernelParam};
use speclint_base::language::Input;
use speclint_base::run::kernel::{self, AddressSpace, KernelSignature, ParamKind, ScalarType};
use speclint_base::run::runner::{
    CompileReport, DeviceMessage, Execution, KernelResources, Launch, MessageSeverity, Program,
    RunError, Runner, RunnerFlag,
};
use speclint_base::text::line_number;
use speclint_device::cuda::{Driver, ModuleImage};
use speclint_device::cuda_launch;
use std::path::Path;

/// The environment variable that overrides the `.target` ptxas compiles for (`--target`).
pub const TARGET_VARIABLE: &str = "SPECLINT_PTX_TARGET";
/// The ptxas to use (`--ptxas`), as scripts/lib.sh's `ensure_ptxas` exports it.
pub const PTXAS_VARIABLE: &str = "PTXAS";

pub struct PtxRunner;

/// Makes the run command's `--ptxas` and `--target` reach the runner, also in the worker
/// process (which inherits the environment). Call before any thread starts. `Err` names a
/// target the spec database does not know, or a `--ptxas` that is not a file.
fn apply_flags(ptxas: Option<&Path>, target: Option<&str>) -> Result<(), String> {
    if let Some(target) = target {
        speclint_spec_db::ptx::parse_known_target(target)?;
        std::env::set_var(TARGET_VARIABLE, target);
    }
    if let Some(ptxas) = ptxas {
        if !ptxas.is_file() {
            return Err(format!("--ptxas {}: no such file", ptxas.display()));
        }
        std::env::set_var(PTXAS_VARIABLE, ptxas);
    }
    Ok(())
}

fn text_of<'a>(input: Input<'a>) -> Result<&'a str, RunError> {
    match input {
        Input::Text(text) => Ok(text),
        Input::Binary(_) => Err(RunError::usage("a binary file is not PTX text")),
    }
}

fn program_text(program: &Program) -> Result<&str, RunError> {
    std::str::from_utf8(&program.bytes)
        .map_err(|_| RunError::usage("the PTX program is not UTF-8 text"))
}

/// `speclint run`'s flags for PTX.
const FLAGS: &[RunnerFlag] = &[
    RunnerFlag {
        name: "ptxas",
        value_name: "PATH",
        help: "PTX: the ptxas `--compile-only` runs [default: $PTXAS, else ptxas on PATH].",
    },
    RunnerFlag {
        name: "target",
        value_name: "TARGET",
        help: "PTX: compile for this target (sm_80) instead of the module's `.target`.",
    },
];

impl Runner for PtxRunner {
    fn flags(&self) -> &'static [RunnerFlag] {
        FLAGS
    }

    fn apply_flags(&self, given: &[(&'static str, String)]) -> Result<(), String> {
        let value = |name: &str| {
            given
                .iter()
                .find(|(flag, _)| *flag == name)
                .map(|(_, value)| value.as_str())
        };
        apply_flags(value("ptxas").map(Path::new), value("target"))
    }

    fn kernels(&self, input: Input<'_>) -> Result<Vec<KernelSignature>, RunError> {
        let text = text_of(input)?;
        let analysis = super::analyze(text, &Default::default(), false);
        let address_bits = analysis.header.address_size.unwrap_or(64);
        Ok(params::kernels(&analysis, text)
            .into_iter()
            .map(|k| KernelSignature {
                name: k.name,
                params: k
                    .params
                    .iter()
                    .map(|p| kernel::KernelParam {
                        name: p.name.clone(),
                        kind: param_kind(p, address_bits),
                        aliases: Vec::new(),
                        min_elements: None,
                    })
                    .collect(),
                line: Some(line_number(text, k.range.start) as u32),
            })
            .collect())
    }

    fn prepare(&self, input: Input<'_>) -> Result<Program, RunError> {
        Ok(Program {
            format: "ptx".to_string(),
            bytes: text_of(input)?.as_bytes().to_vec(),
        })
    }

    fn compile(&self, program: &Program) -> Result<CompileReport, RunError> {
        let text = program_text(program)?;
        compile_with_ptxas(text, compile_target(text)).map(|(_, report)| report)
    }

    fn compiles_out_of_process(&self) -> bool {
        true
    }

    fn launch(&self, program: &Program, launch: &Launch) -> Result<Execution, RunError> {
        let text = program_text(program)?;
        let driver = Driver::load().map_err(cuda_launch::unavailable)?;
        let device = driver.device(0).map_err(cuda_launch::unavailable)?;
        let (module, log) = device
            .load_module(ModuleImage::Ptx(text))
            .map_err(|failure| RunError::Build {
                message: format!(
                    "the CUDA driver's JIT rejected the module: {}",
                    failure.error
                ),
                messages: jit_messages(&failure.log.error, MessageSeverity::Error)
                    .into_iter()
                    .chain(jit_messages(&failure.log.info, MessageSeverity::Info))
                    .collect(),
            })?;
        let mut messages = jit_messages(&log.error, MessageSeverity::Warning);
        messages.extend(jit_messages(&log.info, MessageSeverity::Info));
        let kernel = module.kernel(&launch.kernel).map_err(|e| {
            RunError::usage(format!(
                "no kernel `{}` in the loaded module: {e}",
                launch.kernel
            ))
        })?;
        if let Ok(registers) = kernel.registers() {
            messages.push(DeviceMessage {
                severity: MessageSeverity::Info,
                line: None,
                text: format!("`{}` uses {registers} registers per thread", launch.kernel),
            });
        }
        cuda_launch::launch(&device, &kernel, launch, messages)
    }
}

/// Compiles `text` with `ptxas -v` for `arch` (the module's own `.target` when `None`):
/// ptxas's figures, and the same as the report `--compile-only` prints. `Err` when ptxas is
/// missing, cannot run or rejects the module.
pub(crate) fn compile_with_ptxas(
    text: &str,
    arch: Option<String>,
) -> Result<(PtxasReport, CompileReport), RunError> {
    let ptxas = compile::find_ptxas(None).map_err(RunError::unavailable)?;
    let report = compile::compile(&ptxas, text, arch.as_deref())
        .map_err(|e| RunError::unavailable(format!("ptxas could not be run: {e}")))?;
    let version = ptxas_version(&ptxas);
    let target = arch.as_deref().unwrap_or("ptxas's default target");
    let relocatable = if report.relocatable {
        ", relocatable: -c"
    } else {
        ""
    };
    let compiler = format!("{target} ({version}{relocatable})");
    let messages = report.messages.iter().map(device_message).collect();
    if !report.success {
        return Err(RunError::Build {
            message: format!("{version} rejected the module (for {target})"),
            messages,
        });
    }
    let compiled = CompileReport {
        compiler,
        messages,
        kernels: resources(&report),
    };
    Ok((report, compiled))
}

/// The `-arch` for ptxas: `--target`, else the module's `.target`.
pub(crate) fn compile_target(text: &str) -> Option<String> {
    if let Some(target) = std::env::var(TARGET_VARIABLE)
        .ok()
        .filter(|t| !t.is_empty())
    {
        return Some(target);
    }
    compile::module_target(text)
}

/// `ptxas 13.5.37`, from `ptxas --version` (`Cuda compilation tools, release 13.5, V13.5.37`).
fn ptxas_version(ptxas: &Path) -> String {
    std::process::Command::new(ptxas)
        .arg("--version")
        .output()
        .ok()
        .and_then(|out| {
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            text.lines()
                .find_map(|l| l.rsplit_once(", V").map(|(_, v)| v.trim().to_string()))
        })
        .map_or_else(|| "ptxas".to_string(), |v| format!("ptxas {v}"))
}

fn device_message(message: &PtxasMessage) -> DeviceMessage {
    DeviceMessage {
        severity: match message.kind {
            MessageKind::Error => MessageSeverity::Error,
            MessageKind::Warning => MessageSeverity::Warning,
            MessageKind::Info => MessageSeverity::Info,
        },
        line: message.line,
        text: message.message.clone(),
    }
}

/// The JIT log's lines: each `ptxas … line N; error : …` with its kind and line, any other
/// line (the info log's figures) as it is, with `default` severity.
fn jit_messages(log: &str, default: MessageSeverity) -> Vec<DeviceMessage> {
    log.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.ends_with("Ptx assembly aborted due to errors"))
        .map(|l| match compile::message_of_line(l) {
            Some(message) => device_message(&message),
            None => DeviceMessage {
                severity: default,
                line: None,
                text: l.to_string(),
            },
        })
        .collect()
}

/// Each kernel's figures under the names the report prints.
fn resources(report: &PtxasReport) -> Vec<KernelResources> {
    report
        .kernels
        .iter()
        .map(|k| {
            let mut figures = vec![
                ("registers".to_string(), u64::from(k.registers)),
                ("barriers".to_string(), u64::from(k.barriers)),
                ("spill stores bytes".to_string(), k.spill_stores),
                ("spill loads bytes".to_string(), k.spill_loads),
                ("shared memory bytes".to_string(), k.shared),
                ("constant memory bytes".to_string(), k.constant_bytes()),
                ("stack frame bytes".to_string(), k.stack_frame),
            ];
            if let Some(stack) = k.cumulative_stack {
                figures.push(("cumulative stack bytes".to_string(), stack));
            }
            KernelResources {
                kernel: k.kernel.clone(),
                figures,
            }
        })
        .collect()
}

/// What `--arg` takes for a parameter.
fn param_kind(param: &KernelParam, address_bits: u32) -> ParamKind {
    if let Some(bytes) = param.array {
        return ParamKind::Unsupported {
            what: format!(
                "a {bytes}-element {} array passed by value (a struct)",
                param.ty
            ),
        };
    }
    let scalar = scalar_type(&param.ty);
    if let Some(pointer) = &param.pointer {
        if address_bits != 64 || param.element_bytes() != Some(8) {
            return ParamKind::Unsupported {
                what: "a 32-bit address (.address_size 32)".to_string(),
            };
        }
        let space = match pointer.space.as_deref() {
            Some(".global") => AddressSpace::Global,
            Some(".const") => AddressSpace::Constant,
            None => AddressSpace::Generic,
            Some(other) => {
                return ParamKind::Unsupported {
                    what: format!("an address in {other} memory, which the host cannot fill"),
                }
            }
        };
        return ParamKind::Buffer {
            element: None,
            space,
        };
    }
    match scalar {
        Some(ty) if param.may_be_address() && address_bits == 64 => {
            ParamKind::ScalarOrBuffer { ty }
        }
        Some(ty) => ParamKind::Scalar {
            ty,
            lanes: if param.ty.ends_with("x2") { 2 } else { 1 },
        },
        None => ParamKind::Unsupported {
            what: format!("a {} parameter", param.ty),
        },
    }
}

/// The `--arg` type of a PTX type (`.b32` is read as unsigned).
fn scalar_type(ty: &str) -> Option<ScalarType> {
    Some(match ty {
        ".f16" | ".f16x2" => ScalarType::F16,
        ".bf16" | ".bf16x2" => ScalarType::Bf16,
        ".f32" => ScalarType::F32,
        ".f64" => ScalarType::F64,
        _ => {
            let (signed, bits) = if let Some(bits) = ty.strip_prefix(".s") {
                (true, bits)
            } else if let Some(bits) = ty.strip_prefix(".u").or_else(|| ty.strip_prefix(".b")) {
                (false, bits)
            } else {
                return None;
            };
            return ScalarType::int(bits.parse().ok()?, signed);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAXPY: &str = "\
.version 8.0
.target sm_80
.address_size 64
.visible .entry saxpy(
    .param .u64 .ptr .global .align 4 y,
    .param .u64 x,
    .param .f32 a,
    .param .u32 n,
    .param .align 8 .b8 blob[16],
    .param .u64 .ptr .shared s
)
{
    ret;
}
";

    #[test]
    fn kernel_signatures_come_from_the_param_list() {
        let kernels = PtxRunner.kernels(Input::Text(SAXPY)).unwrap();
        assert_eq!(kernels.len(), 1);
        let saxpy = &kernels[0];
        assert_eq!((saxpy.name.as_str(), saxpy.line), ("saxpy", Some(4)));
        let kinds: Vec<_> = saxpy.params.iter().map(|p| p.kind.describe()).collect();
        assert_eq!(kinds[0], "a buffer");
        assert_eq!(kinds[1], "a u64 scalar or a buffer");
        assert_eq!(kinds[2], "an f32 scalar");
        assert_eq!(kinds[3], "a u32 scalar");
        assert!(kinds[4].contains("array passed by value"), "{}", kinds[4]);
        assert!(kinds[5].contains(".shared"), "{}", kinds[5]);
    }

    #[test]
    fn jit_logs_keep_their_lines() {
        let log = "ptxas application ptx input, line 9; error   : Unknown modifier '.foo'\n\
                   ptxas fatal   : Ptx assembly aborted due to errors";
        let messages = jit_messages(log, MessageSeverity::Error);
        assert_eq!(messages.len(), 1);
        assert_eq!(messages[0].line, Some(9));
        assert_eq!(messages[0].severity, MessageSeverity::Error);
    }
}
