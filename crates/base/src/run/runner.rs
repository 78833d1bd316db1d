//! The interface a language implements to be run (`Language::runner`): it lists a file's
//! kernels, turns the file into what a device loads, and — inside the worker process — builds
//! and launches it through a device API. Everything crossing the process boundary is plain,
//! serialisable data.

use crate::input::Input;
use crate::run::kernel::{KernelSignature, ScalarType};
use serde::{Deserialize, Serialize};

/// What a device loads, made from the source in the CLI's process (SPIR-V words, PTX text,
/// a cubin). `format` is the runner's own tag for it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Program {
    pub format: String,
    #[serde(skip)]
    pub bytes: Vec<u8>,
}

/// One argument, resolved to bytes, in the kernel's parameter order.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ArgValue {
    /// A value passed by value: its little-endian bytes (all lanes of a vector).
    Scalar {
        #[serde(skip)]
        bytes: Vec<u8>,
    },
    /// A device buffer, initialised with these bytes and read back after the launch.
    Buffer {
        element: ScalarType,
        #[serde(skip)]
        bytes: Vec<u8>,
    },
    /// Work-group memory of this many bytes (no contents).
    Local { bytes: u64 },
    /// An image of `width` x `height` texels of `channels` elements each (1, 2 or 4),
    /// initialised with these bytes (rows first) and read back after the launch.
    Image {
        element: ScalarType,
        dims: u8,
        width: u32,
        height: u32,
        channels: u8,
        #[serde(skip)]
        bytes: Vec<u8>,
    },
}

impl ArgValue {
    /// The bytes that travel with the argument (everything but local memory's size).
    pub fn payload(&self) -> &[u8] {
        match self {
            ArgValue::Scalar { bytes }
            | ArgValue::Buffer { bytes, .. }
            | ArgValue::Image { bytes, .. } => bytes,
            ArgValue::Local { .. } => &[],
        }
    }

    pub fn payload_mut(&mut self) -> Option<&mut Vec<u8>> {
        match self {
            ArgValue::Scalar { bytes }
            | ArgValue::Buffer { bytes, .. }
            | ArgValue::Image { bytes, .. } => Some(bytes),
            ArgValue::Local { .. } => None,
        }
    }
}

/// One launch: the kernel, its shape and its arguments.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Launch {
    pub kernel: String,
    /// Blocks (work-groups) per dimension.
    pub grid: [u32; 3],
    /// Threads (work-items) per block.
    pub block: [u32; 3],
    /// Dynamic shared memory in bytes, where the language has it.
    pub shared_bytes: u32,
    pub args: Vec<ArgValue>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MessageSeverity {
    Error,
    Warning,
    Info,
}

/// A line of a compiler's or driver's log (a build log, a JIT info log, ptxas's output), with
/// its place in the source when the log gives one.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DeviceMessage {
    pub severity: MessageSeverity,
    /// 1-based line in the file given to `speclint run`.
    pub line: Option<u32>,
    pub text: String,
}

/// Figures a compiler reports for one kernel (`--compile-only`): registers, spills, memory.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct KernelResources {
    pub kernel: String,
    /// `(label, value)` pairs in the compiler's own terms ("registers", "spill stores",
    /// "shared memory bytes", "work-group size limit").
    pub figures: Vec<(String, u64)>,
}

impl KernelResources {
    /// One line: `registers 24 · spill stores 0 B · …` (a label ending in "bytes" is a size).
    pub fn summary(&self) -> String {
        self.figures
            .iter()
            .map(|(label, value)| match label.strip_suffix(" bytes") {
                Some(what) => format!("{what} {value} B"),
                None => format!("{label} {value}"),
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }
}

/// What building (without running) gave.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CompileReport {
    /// The device or tool that compiled it ("Intel(R) OpenCL CPU ...", "ptxas 12.8").
    pub compiler: String,
    pub messages: Vec<DeviceMessage>,
    pub kernels: Vec<KernelResources>,
}

/// What a launch gave.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Execution {
    /// The device it ran on.
    pub device: String,
    pub messages: Vec<DeviceMessage>,
    /// Kernel time measured with device events, in nanoseconds, where the device gives it.
    pub kernel_ns: Option<u64>,
    /// Each buffer's and image's contents after the launch, in parameter order (`None` for
    /// the others).
    #[serde(skip)]
    pub buffers: Vec<Option<Vec<u8>>>,
}

/// Why a run could not be done or failed.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RunError {
    /// What speclint needs is not there (no OpenCL library, no platform, no CUDA driver, no
    /// ptxas) or cannot be used: exit 2.
    Unavailable { message: String },
    /// The user's request does not fit the kernel (a missing or wrong argument, no such
    /// kernel): exit 2.
    Usage { message: String },
    /// The device's compiler rejected the program: its log, exit 1.
    Build {
        message: String,
        messages: Vec<DeviceMessage>,
    },
    /// The kernel failed on the device (a launch failure, an illegal address), with the
    /// driver's message: exit 1.
    Device { message: String },
    /// The device work did not finish within `--timeout`; the worker was killed: exit 1.
    Timeout { message: String },
    /// The worker process died (a crash in the driver or the kernel): exit 1.
    Crash { message: String },
}

impl RunError {
    pub fn message(&self) -> &str {
        match self {
            RunError::Unavailable { message }
            | RunError::Usage { message }
            | RunError::Build { message, .. }
            | RunError::Device { message }
            | RunError::Timeout { message }
            | RunError::Crash { message } => message,
        }
    }

    /// The exit status `speclint run` ends with: 2 when it could not be done, 1 when the
    /// kernel could not be built or failed.
    pub fn exit_code(&self) -> u8 {
        match self {
            RunError::Unavailable { .. } | RunError::Usage { .. } => 2,
            RunError::Build { .. }
            | RunError::Device { .. }
            | RunError::Timeout { .. }
            | RunError::Crash { .. } => 1,
        }
    }

    pub fn unavailable(message: impl Into<String>) -> RunError {
        RunError::Unavailable {
            message: message.into(),
        }
    }

    pub fn usage(message: impl Into<String>) -> RunError {
        RunError::Usage {
            message: message.into(),
        }
    }

    pub fn device(message: impl Into<String>) -> RunError {
        RunError::Device {
            message: message.into(),
        }
    }
}

/// A flag of `speclint run` that a runner declares (`--ptxas PATH`).
#[derive(Debug)]
pub struct RunnerFlag {
    /// Without the dashes: `ptxas`.
    pub name: &'static str,
    pub value_name: &'static str,
    pub help: &'static str,
}

/// A language's way to run its kernels. The CLI's process calls `kernels` and `prepare`; the
/// worker process (the same binary, re-invoked) calls `compile` and `launch`, so a hang or a
/// crash in the driver never reaches the CLI or the language server.
pub trait Runner: Sync {
    /// The kernels the input defines, with their parameters, from the language's analysis.
    fn kernels(&self, input: Input<'_>) -> Result<Vec<KernelSignature>, RunError>;

    /// Turns the input into what the device loads (assembling text, encoding bytecode).
    /// Problems with the source itself are `RunError::Build`.
    fn prepare(&self, input: Input<'_>) -> Result<Program, RunError>;

    /// In the worker: compiles `program` for the device without running it
    /// (`--compile-only`).
    fn compile(&self, program: &Program) -> Result<CompileReport, RunError>;

    /// In the worker: compiles `program` and runs one launch, reading every buffer back.
    fn launch(&self, program: &Program, launch: &Launch) -> Result<Execution, RunError>;

    /// Whether `compile` only runs a separate program (ptxas) and loads no device library, so
    /// that the language server may call it in its own process for its code lenses.
    fn compiles_out_of_process(&self) -> bool {
        false
    }

    /// The flags of `speclint run` this runner reads.
    fn flags(&self) -> &'static [RunnerFlag] {
        &[]
    }

    /// Takes the flags given (name, value) before anything runs; they reach the worker process
    /// through the environment it inherits. Call before any thread starts. `Err` says why a
    /// value cannot be used.
    fn apply_flags(&self, _given: &[(&'static str, String)]) -> Result<(), String> {
        Ok(())
    }
}
