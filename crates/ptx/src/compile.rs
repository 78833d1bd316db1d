//! `ptxas -v`: NVIDIA's PTX assembler run on a module, and what it says about each kernel
//! (registers, spills, shared and constant memory, stack frame) and about the text (its errors
//! and warnings, with their lines). It runs a process, so callers keep it off the analysis path.

use speclint_sass::tool::{run_with_timeout, Scratch, ToolSpec};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// How long ptxas may take on one module before it is stopped.
pub const PTXAS_TIMEOUT: Duration = Duration::from_secs(60);

/// What ptxas reports about one kernel (`.entry`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct KernelResources {
    pub kernel: String,
    pub registers: u32,
    pub barriers: u32,
    pub stack_frame: u64,
    pub spill_stores: u64,
    pub spill_loads: u64,
    /// Static shared memory (`smem`), bytes.
    pub shared: u64,
    /// Constant memory per bank (`cmem[N]`): bank 0 holds the kernel's parameters.
    pub constant: Vec<ConstantBank>,
    /// The stack of the kernel and what it calls, when ptxas can tell.
    pub cumulative_stack: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ConstantBank {
    pub bank: u32,
    pub bytes: u64,
}

impl KernelResources {
    pub fn constant_bytes(&self) -> u64 {
        self.constant.iter().map(|c| c.bytes).sum()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MessageKind {
    Error,
    Warning,
    /// An advisory (`(C7515) Potential Performance Loss…`).
    Info,
}

/// One ptxas message: `line` (1-based, of the module) when ptxas names one.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PtxasMessage {
    pub kind: MessageKind,
    pub line: Option<u32>,
    pub message: String,
}

/// The outcome of one ptxas run.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PtxasReport {
    /// The `-arch` given (None: ptxas's default, for a module without `.target`).
    pub arch: Option<String>,
    /// Compiled as relocatable code (`-c`): the module calls `.extern` functions that only a
    /// link would resolve.
    pub relocatable: bool,
    pub success: bool,
    pub kernels: Vec<KernelResources>,
    pub messages: Vec<PtxasMessage>,
}

/// The flag that has ptxas write each instruction's PTX line into the cubin. It changes
/// nothing in the code, so every compile passes it: one compile then serves the figures and
/// the SASS view.
pub const LINE_INFO: &str = "-lineinfo";

/// ptxas, NVIDIA's PTX assembler.
pub const PTXAS: ToolSpec = ToolSpec {
    name: "ptxas",
    variable: "PTXAS",
    install: "pip install nvidia-cuda-nvcc",
};

/// The ptxas to use: `explicit` (`--ptxas`), else `$PTXAS`, else `ptxas` on `PATH`.
pub fn find_ptxas(explicit: Option<&Path>) -> Result<PathBuf, String> {
    PTXAS.find(explicit)
}

/// The `-arch` the module's own `.target` names (`sm_90a`), where it has one.
pub fn module_target(text: &str) -> Option<String> {
    let analysis = super::analyze(text, &Default::default(), false);
    analysis.header.target.map(|t| t.to_string())
}

/// Compiles `text` with `ptxas -v` for `arch` (an `sm_NN` name). A module whose `.extern`
/// functions stay unresolved is compiled again as relocatable code (`-c`), as nvcc would for
/// separate compilation. `Err` when ptxas could not be run at all.
pub fn compile(ptxas: &Path, text: &str, arch: Option<&str>) -> Result<PtxasReport, String> {
    let scratch = Scratch::new("ptxas")?;
    compile_in(&scratch.path, ptxas, text, arch, &[LINE_INFO]).map(|(report, _)| report)
}

/// A compile of a module: what it was, what ptxas said and the cubin it wrote.
struct RecentCompile {
    ptxas: PathBuf,
    text: String,
    arch: Option<String>,
    extra: Vec<String>,
    report: PtxasReport,
    cubin: Vec<u8>,
}

/// How many compiles are kept: the language server compiles each document on open and save
/// (`-lineinfo`, for its lenses and findings), and the SASS view of the same text then needs
/// only nvdisasm. Large modules' cubins are megabytes, so only a few.
const RECENT_COMPILES: usize = 2;

static RECENT: Mutex<VecDeque<RecentCompile>> = Mutex::new(VecDeque::new());

/// The compiles running now (ptxas, arch, flags, the text's hash), so that a second request
/// for one waits for it rather than running ptxas beside it.
static RUNNING: Mutex<Vec<CompileKey>> = Mutex::new(Vec::new());
static FINISHED: Condvar = Condvar::new();

fn recent() -> std::sync::MutexGuard<'static, VecDeque<RecentCompile>> {
    RECENT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// [`compile`] with `extra` flags, writing the module and its cubin into `dir`: the cubin's
/// path comes back beside the report (it exists when the report says success). A module just
/// compiled the same way is not compiled again.
pub fn compile_in(
    dir: &Path,
    ptxas: &Path,
    text: &str,
    arch: Option<&str>,
    extra: &[&str],
) -> Result<(PtxasReport, PathBuf), String> {
    let output = dir.join("module.cubin");
    let same = |c: &RecentCompile| {
        c.ptxas == ptxas && c.arch.as_deref() == arch && c.extra == extra && c.text == text
    };
    let key = (
        ptxas.to_path_buf(),
        arch.map(str::to_string),
        extra.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        hash_of(text),
    );
    {
        let mut running = RUNNING.lock().unwrap_or_else(|p| p.into_inner());
        while running.contains(&key) {
            running = FINISHED.wait(running).unwrap_or_else(|p| p.into_inner());
        }
        let hit = recent()
            .iter()
            .find(|c| same(c))
            .map(|c| (c.report.clone(), c.cubin.clone()));
        if let Some((report, cubin)) = hit {
            drop(running);
            std::fs::write(&output, cubin)
                .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
            return Ok((report, output));
        }
        running.push(key.clone());
    }
    // Whatever happens below, the compile is no longer running when this goes.
    let _running = Running(key);
    let (report, output) = compile_with_ptxas_in(dir, ptxas, text, arch, extra)?;
    if report.success {
        if let Ok(cubin) = std::fs::read(&output) {
            let mut recent = recent();
            recent.retain(|c| !same(c));
            if recent.len() == RECENT_COMPILES {
                recent.pop_back();
            }
            recent.push_front(RecentCompile {
                ptxas: ptxas.to_path_buf(),
                text: text.to_string(),
                arch: arch.map(str::to_string),
                extra: extra.iter().map(|e| e.to_string()).collect(),
                report: report.clone(),
                cubin,
            });
        }
    }
    Ok((report, output))
}

type CompileKey = (PathBuf, Option<String>, Vec<String>, u64);

/// A compile in `RUNNING`, taken out (and the waiters woken) when dropped.
struct Running(CompileKey);

impl Drop for Running {
    fn drop(&mut self) {
        let mut running = RUNNING.lock().unwrap_or_else(|p| p.into_inner());
        running.retain(|k| *k != self.0);
        FINISHED.notify_all();
    }
}

fn hash_of(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

fn compile_with_ptxas_in(
    dir: &Path,
    ptxas: &Path,
    text: &str,
    arch: Option<&str>,
    extra: &[&str],
) -> Result<(PtxasReport, PathBuf), String> {
    let input = dir.join("module.ptx");
    std::fs::write(&input, text).map_err(|e| format!("cannot write {}: {e}", input.display()))?;
    let output = dir.join("module.cubin");
    let mut relocatable = false;
    loop {
        let mut command = Command::new(ptxas);
        command.arg("-v").args(extra);
        if let Some(arch) = arch {
            command.arg(format!("-arch={arch}"));
        }
        if relocatable {
            command.arg("-c");
        }
        command.arg(&input).arg("-o").arg(&output);
        let finished = run_with_timeout(command, PTXAS_TIMEOUT)
            .map_err(|e| format!("{}: {e}", ptxas.display()))?;
        let mut report = parse_verbose(&(finished.stderr + &finished.stdout));
        report.arch = arch.map(str::to_string);
        report.relocatable = relocatable;
        report.success = finished.success;
        let unresolved = report
            .messages
            .iter()
            .any(|m| m.message.starts_with("Unresolved extern function"));
        if finished.success || relocatable || !unresolved {
            return Ok((report, output));
        }
        relocatable = true;
    }
}

/// Reads `ptxas -v` output: the figures of each entry function and every message.
pub fn parse_verbose(log: &str) -> PtxasReport {
    let mut report = PtxasReport {
        arch: None,
        relocatable: false,
        success: true,
        kernels: Vec::new(),
        messages: Vec::new(),
    };
    // The entry being compiled, and whether the last `Function properties for` named it (the
    // figures line that follows belongs to that function).
    let mut current: Option<usize> = None;
    let mut properties_of_current = false;
    for line in log.lines() {
        let trimmed = line.trim();
        if let Some(figures) = trimmed.strip_suffix("bytes spill loads") {
            if properties_of_current {
                if let Some(kernel) = current.map(|i| &mut report.kernels[i]) {
                    read_frame_line(figures, kernel);
                }
            }
            properties_of_current = false;
            continue;
        }
        properties_of_current = false;
        let Some((kind, _, message)) = split_message(trimmed) else {
            continue;
        };
        if matches!(kind, "error" | "fatal") {
            report.success = false;
        }
        if let Some(message) = message_of_line(trimmed) {
            report.messages.push(message);
        } else if let Some(name) = message
            .strip_prefix("Compiling entry function '")
            .and_then(|rest| rest.split_once('\'').map(|(name, _)| name))
        {
            report.kernels.push(KernelResources {
                kernel: name.to_string(),
                ..KernelResources::default()
            });
            current = Some(report.kernels.len() - 1);
        } else if let Some(name) = message.strip_prefix("Function properties for ") {
            properties_of_current =
                current.is_some_and(|i| report.kernels[i].kernel == name.trim());
        } else if let Some(usage) = message.strip_prefix("Used ") {
            if let Some(kernel) = current.map(|i| &mut report.kernels[i]) {
                read_usage_line(usage, kernel);
            }
        }
    }
    report
}

/// One line of a ptxas or JIT log as a message, when it is one (`ptxas … line 9; error :
/// …`); progress lines (`Compiling entry function`) and the closing `aborted` line are not.
pub fn message_of_line(line: &str) -> Option<PtxasMessage> {
    let (kind, line_number, message) = split_message(line.trim())?;
    let kind = match kind {
        "error" | "fatal" if message != "Ptx assembly aborted due to errors" => MessageKind::Error,
        "warning" => MessageKind::Warning,
        "info" if message.starts_with("(C") => MessageKind::Info,
        _ => return None,
    };
    Some(PtxasMessage {
        kind,
        line: line_number,
        message: message.to_string(),
    })
}

/// `ptxas [FILE, line N; ]KIND : MESSAGE` → (kind, line, message).
fn split_message(line: &str) -> Option<(&str, Option<u32>, &str)> {
    let rest = line.strip_prefix("ptxas ")?;
    let (location, rest) = match rest.split_once("; ") {
        Some((head, tail)) if head.contains(", line ") => {
            let number = head.rsplit_once(", line ")?.1.trim().parse().ok();
            (number, tail)
        }
        _ => (None, rest),
    };
    let (kind, message) = rest.split_once(':')?;
    let kind = kind.trim();
    matches!(kind, "info" | "warning" | "error" | "fatal").then(|| (kind, location, message.trim()))
}

/// `40 bytes stack frame, 40 bytes spill stores, 40 ` (the line without its last words).
fn read_frame_line(figures: &str, kernel: &mut KernelResources) {
    let figures = format!("{figures}bytes spill loads");
    for part in figures.split(',') {
        let (number, what) = number_and_rest(part);
        match what {
            "bytes stack frame" => kernel.stack_frame = number,
            "bytes spill stores" => kernel.spill_stores = number,
            "bytes spill loads" => kernel.spill_loads = number,
            _ => {}
        }
    }
}

/// `24 registers, used 1 barriers, 40 bytes cumulative stack size, 1024 bytes smem, 364 bytes
/// cmem[0]` (after `Used `).
fn read_usage_line(usage: &str, kernel: &mut KernelResources) {
    for part in usage.split(',') {
        let part = part.trim();
        let part = part.strip_prefix("used ").unwrap_or(part);
        let (number, what) = number_and_rest(part);
        match what {
            "registers" => kernel.registers = number as u32,
            "barriers" => kernel.barriers = number as u32,
            "bytes smem" => kernel.shared = number,
            "bytes cumulative stack size" => kernel.cumulative_stack = Some(number),
            _ => {
                if let Some(bank) = what
                    .strip_prefix("bytes cmem[")
                    .and_then(|b| b.strip_suffix(']'))
                    .and_then(|b| b.parse().ok())
                {
                    kernel.constant.push(ConstantBank {
                        bank,
                        bytes: number,
                    });
                }
            }
        }
    }
}

fn number_and_rest(part: &str) -> (u64, &str) {
    let part = part.trim();
    match part.split_once(' ') {
        Some((number, rest)) => (number.parse().unwrap_or(0), rest.trim()),
        None => (0, part),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "\
ptxas warning : Stack size for entry function 'call_kernel' cannot be statically determined
ptxas info    : 413 bytes gmem, 48 bytes cmem[3], 72 bytes cmem[4]
ptxas info    : Compiling entry function 'call_kernel' for 'sm_80'
ptxas info    : Function properties for call_kernel
    8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads
ptxas info    : Used 33 registers, used 1 barriers, 40 bytes cumulative stack size, 1024 bytes smem, 392 bytes cmem[0], 48 bytes cmem[2]
ptxas info    : Compile time = 37.017 ms
ptxas info    : Function properties for _Z3fibj
    24 bytes stack frame, 20 bytes spill stores, 20 bytes spill loads
ptxas info    : Compiling entry function 'trap_kernel' for 'sm_80'
ptxas info    : Function properties for trap_kernel
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 8 registers, used 0 barriers, 360 bytes cmem[0]
";

    #[test]
    fn figures_belong_to_the_entry_being_compiled() {
        let report = parse_verbose(LOG);
        assert!(report.success);
        let call = &report.kernels[0];
        assert_eq!(call.kernel, "call_kernel");
        assert_eq!((call.registers, call.barriers), (33, 1));
        assert_eq!(
            (call.stack_frame, call.spill_stores, call.spill_loads),
            (8, 4, 12)
        );
        assert_eq!((call.shared, call.cumulative_stack), (1024, Some(40)));
        assert_eq!(call.constant_bytes(), 440);
        // `_Z3fibj`'s frame is its own, not trap_kernel's nor call_kernel's.
        let trap = &report.kernels[1];
        assert_eq!(
            (trap.registers, trap.stack_frame, trap.spill_stores),
            (8, 0, 0)
        );
        assert_eq!(report.messages.len(), 1);
        assert_eq!(report.messages[0].kind, MessageKind::Warning);
    }

    #[test]
    fn errors_keep_their_lines() {
        let log = "\
ptxas /tmp/a, line 3.ptx, line 7; error   : Unknown modifier '.bar'
ptxas bad.ptx, line 8; warning : Something odd
ptxas fatal   : Ptx assembly aborted due to errors
";
        let report = parse_verbose(log);
        assert!(!report.success);
        let lines: Vec<_> = report.messages.iter().map(|m| (m.kind, m.line)).collect();
        assert_eq!(
            lines,
            [
                (MessageKind::Error, Some(7)),
                (MessageKind::Warning, Some(8))
            ]
        );
        assert_eq!(report.messages[0].message, "Unknown modifier '.bar'");
    }
}
