//! The `run` command's flags.

use crate::run::runner::RunnerFlag;
use crate::run::spec::{parse_dims, parse_named_arg, NamedArg};
use clap::{Arg, ArgMatches, Args, Command, ValueEnum};
use std::path::PathBuf;

#[derive(Args, Clone, Debug)]
pub struct RunArgs {
    /// The file holding the kernel (.spvasm, .spv, .ptx, .mlir).
    pub file: PathBuf,
    /// The kernel to run [default: the file's only kernel].
    #[arg(long, value_name = "NAME")]
    pub kernel: Option<String>,
    /// Blocks (OpenCL: work-groups) per dimension, X[,Y[,Z]].
    #[arg(long, value_name = "X[,Y[,Z]]", default_value = "1", value_parser = parse_dims)]
    pub grid: [u32; 3],
    /// Threads (OpenCL: work-items) per block, X[,Y[,Z]].
    #[arg(long, value_name = "X[,Y[,Z]]", default_value = "1", value_parser = parse_dims)]
    pub block: [u32; 3],
    /// Dynamic shared memory in bytes, where the language has it.
    #[arg(long, value_name = "BYTES", default_value_t = 0)]
    pub shared: u32,
    /// A parameter's value: a scalar literal (`42`, `-1.5`, `0x3f800000`), a buffer
    /// (`zeros:f32[1024]`, `fill:1.5:f32[1024]`, `range:i32[1024]`, `random:f32[1024]:SEED`,
    /// `file:PATH:f32[1024]`) or work-group memory (`local:BYTES`). Parameters without a name
    /// are `arg0`, `arg1`, ...
    #[arg(long = "arg", value_name = "NAME=VALUE", value_parser = parse_named_arg)]
    pub args: Vec<NamedArg>,
    /// Write a buffer's contents after the run to a file, as raw little-endian bytes.
    #[arg(long = "out", value_name = "NAME=PATH", value_parser = parse_out)]
    pub outs: Vec<(String, PathBuf)>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RunFormat::Text)]
    pub format: RunFormat,
    /// Seconds the device work may take before it is killed.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub timeout: f64,
    /// Compile for the device and report the compiler's messages and figures; run nothing.
    #[arg(long = "compile-only")]
    pub compile_only: bool,
    /// With --compile-only: keep what was compiled in this folder (Tile IR: the encoded
    /// bytecode and tileiras's cubin).
    #[arg(long = "emit", value_name = "DIR")]
    pub emit: Option<PathBuf>,
    /// How many elements of each buffer to print.
    #[arg(long = "show", value_name = "N", default_value_t = 8)]
    pub show: usize,
    /// The runners' own flags as given (name, value): see [`with_runner_flags`].
    #[arg(skip)]
    pub runner_flags: Vec<(&'static str, String)>,
}

/// `command` with the runners' flags added (each once, by name).
pub fn with_runner_flags(mut command: Command, flags: &[&'static RunnerFlag]) -> Command {
    let mut added: Vec<&str> = Vec::new();
    for flag in flags {
        if added.contains(&flag.name) {
            continue;
        }
        added.push(flag.name);
        command = command.arg(
            Arg::new(flag.name)
                .long(flag.name)
                .value_name(flag.value_name)
                .help(flag.help),
        );
    }
    command
}

/// The runners' flags `matches` holds, for [`RunArgs::runner_flags`].
pub fn given_runner_flags(
    matches: &ArgMatches,
    flags: &[&'static RunnerFlag],
) -> Vec<(&'static str, String)> {
    let mut given: Vec<(&'static str, String)> = Vec::new();
    for flag in flags {
        if given.iter().any(|(name, _)| *name == flag.name) {
            continue;
        }
        if let Some(value) = matches.get_one::<String>(flag.name) {
            given.push((flag.name, value.clone()));
        }
    }
    given
}

/// The environment variable that passes `--emit` to the runner in the worker process.
pub const EMIT_DIR_VARIABLE: &str = "SPECLINT_RUN_EMIT_DIR";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RunFormat {
    Text,
    Json,
}

fn parse_out(text: &str) -> Result<(String, PathBuf), String> {
    let (name, path) = text
        .split_once('=')
        .filter(|(name, path)| !name.is_empty() && !path.is_empty())
        .ok_or_else(|| format!("`{text}` is not NAME=PATH"))?;
    Ok((name.to_string(), PathBuf::from(path)))
}
