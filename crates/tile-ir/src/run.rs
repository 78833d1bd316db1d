//! Tile IR as a `Runner`: kernels are the `entry` functions (a `tile<ptr<T>>` parameter takes
//! a buffer, a rank-0 `tile<T>` a scalar); the text is encoded to bytecode by speclint itself
//! (`bytecode`, each op located at its line) and `--compile-only` compiles it with NVIDIA's
//! `tileiras` to a cubin in the worker process; its messages are put on the lines their
//! locations give. A launch compiles for the device's GPU and runs the cubin through the CUDA
//! driver (`device::cuda_launch`, as PTX does); without a driver it exits 2 naming it.
//!
//! The environment the worker inherits chooses: `SPECLINT_TILE_IR_GPU` the GPU tileiras
//! compiles for (`sm_100` by default), `TILEIRAS` the compiler (else `tileiras` on PATH, else
//! the `nvidia-cuda-tileiras` wheel of `python3`), and `SPECLINT_RUN_EMIT_DIR` a folder where
//! the bytecode (`module.tilebc`) and the cubin are kept (`speclint run --emit DIR`).

use super::checker::DefKind;
use super::types::Type;
use super::{analyze, bytecode, TileIrSettings};
use speclint_base::language::Input;
use speclint_base::run::kernel::{
    AddressSpace, KernelParam, KernelSignature, ParamKind, ScalarType,
};
use speclint_base::run::runner::{
    CompileReport, DeviceMessage, Execution, Launch, MessageSeverity, Program, RunError, Runner,
};
use speclint_base::text::line_number;
use speclint_device::cuda::{Driver, ModuleImage};
use speclint_device::cuda_launch;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub struct TileIrRunner;

const FORMAT: &str = "tile-ir-bytecode";
pub const GPU_VARIABLE: &str = "SPECLINT_TILE_IR_GPU";
use speclint_base::run::args::EMIT_DIR_VARIABLE as EMIT_VARIABLE;
const DEFAULT_GPU: &str = "sm_100";
/// The file name the bytecode's locations give, so tileiras's messages can be put on lines.
const SOURCE_NAME: &str = "speclint-input.mlir";

impl Runner for TileIrRunner {
    fn kernels(&self, input: Input<'_>) -> Result<Vec<KernelSignature>, RunError> {
        let text = text_of(input)?;
        let analysis = analyze(text, &TileIrSettings::default(), false);
        let file = &analysis.file;
        let mut kernels = Vec::new();
        for (id, op) in file.ops.iter().enumerate() {
            if op.name != "entry" {
                continue;
            }
            let Some(name) = op
                .body
                .iter()
                .map(|&t| file.text(text, t))
                .find_map(|w| w.strip_prefix('@'))
            else {
                continue;
            };
            let params = analysis
                .facts
                .values
                .iter()
                .filter(|v| v.op == id && v.kind == DefKind::Argument)
                .enumerate()
                .map(|(index, v)| KernelParam {
                    name: Some(v.name.trim_start_matches('%').to_string())
                        .filter(|n| !n.is_empty())
                        .unwrap_or_else(|| format!("arg{index}")),
                    kind: v.ty.as_ref().map_or(
                        ParamKind::Unsupported {
                            what: "a parameter of unknown type".into(),
                        },
                        |t| param_kind(&t.ty),
                    ),
                    aliases: Vec::new(),
                    min_elements: None,
                })
                .collect();
            kernels.push(KernelSignature {
                name: name.to_string(),
                params,
                line: Some(line_number(text, op.name_range.start) as u32),
            });
        }
        Ok(kernels)
    }

    fn prepare(&self, input: Input<'_>) -> Result<Program, RunError> {
        let text = text_of(input)?;
        let analysis = analyze(text, &TileIrSettings::default(), false);
        match bytecode::encode_with_locations(text, &analysis, Some(SOURCE_NAME)) {
            Ok(bytes) => Ok(Program {
                format: FORMAT.to_string(),
                bytes,
            }),
            Err(errors) => Err(RunError::Build {
                message: "the module was not encoded to bytecode".into(),
                messages: errors
                    .iter()
                    .map(|e| DeviceMessage {
                        severity: MessageSeverity::Error,
                        line: Some(line_number(text, e.offset) as u32),
                        text: e.message.clone(),
                    })
                    .collect(),
            }),
        }
    }

    fn compile(&self, program: &Program) -> Result<CompileReport, RunError> {
        let gpu = std::env::var(GPU_VARIABLE)
            .ok()
            .filter(|g| !g.is_empty())
            .unwrap_or_else(|| DEFAULT_GPU.to_string());
        let built = build(program, &gpu)?;
        Ok(CompileReport {
            compiler: built.compiler,
            messages: built.messages,
            // tileiras prints no per-kernel resource figures.
            kernels: Vec::new(),
        })
    }

    /// tileiras compiles for the device's GPU, the driver loads the cubin, and the entry runs
    /// with one kernel parameter per entry argument. `--block` left at 1 takes the kernel's
    /// own thread count (its largest block, which tileiras fixes). Not yet run on a GPU.
    fn launch(&self, program: &Program, launch: &Launch) -> Result<Execution, RunError> {
        let driver = Driver::load().map_err(cuda_launch::unavailable)?;
        let device = driver.device(0).map_err(cuda_launch::unavailable)?;
        let (major, minor) = device.compute_capability;
        let built = build(program, &format!("sm_{major}{minor}"))?;
        let (module, _) = device
            .load_module(ModuleImage::Cubin(&built.cubin))
            .map_err(|failure| RunError::Build {
                message: format!(
                    "the CUDA driver could not load tileiras's cubin: {}",
                    failure.error
                ),
                messages: built.messages.clone(),
            })?;
        let kernel = module.kernel(&launch.kernel).map_err(|e| {
            RunError::usage(format!("no kernel `{}` in the cubin: {e}", launch.kernel))
        })?;
        let mut launch = launch.clone();
        if launch.block == [1, 1, 1] {
            let threads = kernel
                .max_threads_per_block()
                .map_err(cuda_launch::device_error)?;
            launch.block = [u32::try_from(threads).unwrap_or(1).max(1), 1, 1];
        }
        cuda_launch::launch(&device, &kernel, &launch, built.messages)
    }
}

/// What tileiras made of a module: the cubin, its messages, the compiler named.
struct Built {
    cubin: Vec<u8>,
    messages: Vec<DeviceMessage>,
    compiler: String,
}

/// Compiles the bytecode with tileiras for `gpu` (in the worker process); its messages put on
/// the lines their locations give. `SPECLINT_RUN_EMIT_DIR` keeps the bytecode and the cubin.
fn build(program: &Program, gpu: &str) -> Result<Built, RunError> {
    let tileiras = find_tileiras()?;
    let kept = std::env::var_os(EMIT_VARIABLE).map(PathBuf::from);
    let scratch = std::env::temp_dir().join(format!("speclint-tileiras-{}", std::process::id()));
    let dir = kept.clone().unwrap_or_else(|| scratch.clone());
    std::fs::create_dir_all(&dir)
        .map_err(|e| RunError::unavailable(format!("cannot create {}: {e}", dir.display())))?;
    let bytecode = dir.join("module.tilebc");
    let cubin = dir.join(format!("module.{gpu}.cubin"));
    let result =
        compile_with(&tileiras, gpu, &program.bytes, &bytecode, &cubin).map(|(ok, output)| {
            let made = if ok { std::fs::read(&cubin).ok() } else { None };
            (ok, output, made)
        });
    if kept.is_none() {
        let _ = std::fs::remove_dir_all(&scratch);
    }
    let (ok, output, made) = result?;
    let mut messages: Vec<DeviceMessage> = output
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            // `[LOCATION: ]error: TEXT`: the severity word ends the location part.
            let l = l.trim();
            let kinds = [
                ("error: ", MessageSeverity::Error),
                ("warning: ", MessageSeverity::Warning),
                ("note: ", MessageSeverity::Info),
            ];
            let found = kinds
                .iter()
                .filter_map(|(word, severity)| l.find(word).map(|at| (at, word, *severity)))
                .min_by_key(|(at, _, _)| *at);
            let (severity, text) = match found {
                Some((at, word, severity)) => (severity, &l[at + word.len()..]),
                None => (MessageSeverity::Info, l),
            };
            DeviceMessage {
                severity,
                line: message_line(l),
                text: text.to_string(),
            }
        })
        .collect();
    if !ok {
        return Err(RunError::Build {
            message: format!("tileiras --gpu-name={gpu} rejected the module"),
            messages,
        });
    }
    if kept.is_some() {
        messages.push(DeviceMessage {
            severity: MessageSeverity::Info,
            line: None,
            text: format!("wrote {} and {}", bytecode.display(), cubin.display()),
        });
    }
    let cubin = made.ok_or_else(|| {
        RunError::unavailable(format!("tileiras --gpu-name={gpu} wrote no cubin"))
    })?;
    Ok(Built {
        cubin,
        messages,
        compiler: format!("{} ({gpu})", tool_version(&tileiras)),
    })
}

fn text_of(input: Input<'_>) -> Result<&str, RunError> {
    match input {
        Input::Text(text) => Ok(text),
        Input::Binary(_) => Err(RunError::usage(
            "Tile IR runs from its text form; give the .mlir file",
        )),
    }
}

/// Writes the bytecode and runs tileiras on it: whether it succeeded, and what it printed.
fn compile_with(
    tileiras: &Path,
    gpu: &str,
    bytes: &[u8],
    bytecode: &Path,
    cubin: &Path,
) -> Result<(bool, String), RunError> {
    std::fs::write(bytecode, bytes)
        .map_err(|e| RunError::unavailable(format!("cannot write {}: {e}", bytecode.display())))?;
    let out = Command::new(tileiras)
        .arg(format!("--gpu-name={gpu}"))
        .arg(bytecode)
        .arg("-o")
        .arg(cubin)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| RunError::unavailable(format!("cannot run {}: {e}", tileiras.display())))?;
    let mut output = String::from_utf8_lossy(&out.stdout).into_owned();
    output.push_str(&String::from_utf8_lossy(&out.stderr));
    Ok((out.status.success(), output))
}

/// `$TILEIRAS`, `tileiras` on PATH, or the one of the `nvidia-cuda-tileiras` wheel.
fn find_tileiras() -> Result<PathBuf, RunError> {
    if let Some(path) = std::env::var_os("TILEIRAS").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(path));
    }
    if let Some(path) = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("tileiras"))
            .find(|p| p.is_file())
    }) {
        return Ok(path);
    }
    let out = Command::new("python3")
        .args([
            "-c",
            "import os, nvidia.cu13 as c\nfor d in c.__path__:\n    p = os.path.join(d, 'bin', 'tileiras')\n    if os.path.isfile(p): print(p); break",
        ])
        .stderr(Stdio::null())
        .output();
    let found = out
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|p| !p.is_empty());
    found.map(PathBuf::from).ok_or_else(|| {
        RunError::unavailable(
            "tileiras not found: set TILEIRAS, put it on PATH, or pip install \
             nvidia-cuda-tileiras (with nvidia-cuda-nvcc and nvidia-nvvm of the same release)",
        )
    })
}

/// `tileiras V13.5.37` from `--version`, else the path.
fn tool_version(tileiras: &Path) -> String {
    Command::new(tileiras)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| {
            let text = String::from_utf8_lossy(&o.stdout).into_owned();
            text.lines().find_map(|l| {
                l.split_whitespace()
                    .find(|w| w.starts_with('V'))
                    .map(str::to_string)
            })
        })
        .map_or_else(
            || tileiras.display().to_string(),
            |v| format!("tileiras {v}"),
        )
}

/// What an entry parameter takes: a pointer tile a buffer, a rank-0 tile a scalar.
fn param_kind(ty: &Type) -> ParamKind {
    let unsupported = |what: &str| ParamKind::Unsupported {
        what: what.to_string(),
    };
    match ty {
        Type::Tile { shape, elem } if shape.is_empty() => match elem.as_ref() {
            Type::Ptr(pointee) => ParamKind::Buffer {
                element: match pointee.as_ref() {
                    Type::Elem(name) => scalar(name),
                    _ => None,
                },
                space: AddressSpace::Global,
            },
            Type::Elem(name) => match scalar(name) {
                Some(ty) => ParamKind::Scalar { ty, lanes: 1 },
                None => unsupported(&format!("a {name} scalar")),
            },
            _ => unsupported("a tile of an unusual element"),
        },
        Type::Tile { .. } => unsupported("a tile with a shape"),
        other => unsupported(&format!("a {}", other.kind_name())),
    }
}

/// Tile IR integers are signless: the signed type of the width.
fn scalar(name: &str) -> Option<ScalarType> {
    Some(match name {
        "i8" => ScalarType::I8,
        "i16" => ScalarType::I16,
        "i32" => ScalarType::I32,
        "i64" => ScalarType::I64,
        "f16" => ScalarType::F16,
        "bf16" => ScalarType::Bf16,
        "f32" => ScalarType::F32,
        "f64" => ScalarType::F64,
        _ => return None,
    })
}

/// The line of `loc("speclint-input.mlir":LINE:COL)` in a tileiras message.
fn message_line(text: &str) -> Option<u32> {
    let key = format!("loc(\"{SOURCE_NAME}\":");
    let at = text.find(&key)? + key.len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}
