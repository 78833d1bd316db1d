//! Running a command-line tool: where to find it, running it with a time limit, and a
//! scratch directory for the files it reads and writes.

use std::env;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Where a tool is looked for, and what to tell a user who lacks it.
pub struct ToolSpec {
    /// The file name on `PATH` (`nvdisasm`).
    pub name: &'static str,
    /// The environment variable that names it (`NVDISASM`).
    pub variable: &'static str,
    /// How to get it (`pip install nvidia-cuda-nvdisasm`).
    pub install: &'static str,
}

/// nvdisasm, NVIDIA's cubin disassembler.
pub const NVDISASM: ToolSpec = ToolSpec {
    name: "nvdisasm",
    variable: "NVDISASM",
    install: "pip install nvidia-cuda-nvdisasm",
};

impl ToolSpec {
    /// `explicit` (a command-line flag's), else the environment variable, else the tool on
    /// `PATH`.
    pub fn find(&self, explicit: Option<&Path>) -> Result<PathBuf, String> {
        if let Some(path) = explicit {
            return if path.is_file() {
                Ok(path.to_path_buf())
            } else {
                Err(format!("{}: no such file", path.display()))
            };
        }
        if let Some(path) = env::var_os(self.variable).filter(|p| !p.is_empty()) {
            let path = PathBuf::from(path);
            return if path.is_file() {
                Ok(path)
            } else {
                Err(format!(
                    "{}={}: no such file",
                    self.variable,
                    path.display()
                ))
            };
        }
        env::var_os("PATH")
            .and_then(|paths| {
                env::split_paths(&paths)
                    .map(|dir| dir.join(self.name))
                    .find(|p| p.is_file())
            })
            .ok_or_else(|| {
                format!(
                    "{name} not found: set {variable} or put it on PATH (`{install}` ships it)",
                    name = self.name,
                    variable = self.variable,
                    install = self.install,
                )
            })
    }
}

/// `13.5.37`, from the `V13.5.37` of a CUDA tool's `--version`; `None` when it prints none.
pub fn version(tool: &Path) -> Option<String> {
    let out = Command::new(tool).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines()
        .find_map(|line| line.rsplit_once(", V").map(|(_, v)| v.trim().to_string()))
}

/// What a finished run printed.
pub struct Finished {
    pub success: bool,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `command`, reading its output while it runs (a full pipe cannot stall it), and kills
/// it after `limit`.
pub fn run_with_timeout(mut command: Command, limit: Duration) -> Result<Finished, String> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().map_err(|e| e.to_string())?;
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let err_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("stopped after {} s", limit.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Ok(Finished {
        success: status.success(),
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
    })
}

/// A private directory under the system's temporary one, removed when dropped.
pub struct Scratch {
    pub path: PathBuf,
}

impl Scratch {
    /// A new directory whose name starts with `speclint-{purpose}-`.
    pub fn new(purpose: &str) -> Result<Self, String> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let base = env::temp_dir();
        for _ in 0..100 {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = base.join(format!("speclint-{purpose}-{}-{n}", std::process::id()));
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(Scratch { path }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(format!("cannot create {}: {e}", path.display())),
            }
        }
        Err(format!(
            "cannot create a scratch directory in {}",
            base.display()
        ))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_tool_is_named_with_how_to_get_it() {
        let spec = ToolSpec {
            name: "speclint-no-such-tool",
            variable: "SPECLINT_NO_SUCH_TOOL",
            install: "pip install no-such-tool",
        };
        let error = spec.find(None).unwrap_err();
        assert!(error.contains("pip install no-such-tool"), "{error}");
        let error = spec.find(Some(Path::new("/no/such/file"))).unwrap_err();
        assert_eq!(error, "/no/such/file: no such file");
    }

    #[test]
    fn a_slow_tool_is_stopped() {
        let mut command = Command::new("sleep");
        command.arg("5");
        let started = Instant::now();
        let error = run_with_timeout(command, Duration::from_millis(100))
            .err()
            .expect("stopped");
        assert!(error.starts_with("stopped after"), "{error}");
        assert!(started.elapsed() < Duration::from_secs(4));
    }
}
