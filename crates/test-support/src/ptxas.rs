//! Finding and reading NVIDIA's ptxas, the reference PTX assembler, for the oracle tests, and
//! nvdisasm, its disassembler.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Debug, Clone)]
pub struct PtxasDiag {
    pub line: u32,
    pub message: String,
}

fn is_file(p: &Path) -> bool {
    p.is_file()
}

/// `$PTXAS`, else the `nvidia` Python package's `cu13/bin/ptxas`, else `ptxas` on `PATH`.
pub fn find_ptxas() -> Option<PathBuf> {
    find_cuda_tool("ptxas", "PTXAS")
}

/// `$NVDISASM`, else the `nvidia` Python package's `cu13/bin/nvdisasm` (the
/// `nvidia-cuda-nvdisasm` wheel), else `nvdisasm` on `PATH`.
pub fn find_nvdisasm() -> Option<PathBuf> {
    find_cuda_tool("nvdisasm", "NVDISASM")
}

/// The CUDA include folder beside ptxas (the wheels install `cuda_occupancy.h` and the
/// runtime's headers there), when it holds `header`.
pub fn find_cuda_include(header: &str) -> Option<PathBuf> {
    let include = find_ptxas()?.parent()?.parent()?.join("include");
    include.join(header).is_file().then_some(include)
}

/// A CUDA tool: `$variable`, else the `nvidia` Python package's `cu13/bin/{name}`, else
/// `name` on `PATH`.
fn find_cuda_tool(name: &str, variable: &str) -> Option<PathBuf> {
    if let Some(p) = env::var_os(variable).filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        assert!(
            is_file(&p),
            "{variable}={} does not name a file",
            p.display()
        );
        return Some(p);
    }
    let script = format!(
        "import nvidia, os; print(os.path.join(nvidia.__path__[0], 'cu13', 'bin', '{name}'))"
    );
    let py = Command::new("python3").args(["-c", &script]).output();
    if let Ok(out) = py {
        if out.status.success() {
            let p = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
            if is_file(&p) {
                return Some(p);
            }
        }
    }
    let path = env::var_os("PATH")?;
    env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| is_file(p))
}

/// Parses `ptxas FILE, line N; error   : MESSAGE` (also `fatal`); other lines yield `None`.
pub fn parse_ptxas_line(text: &str) -> Option<PtxasDiag> {
    let rest = text.strip_prefix("ptxas ")?;
    let at = rest.rfind(", line ")?;
    let rest = &rest[at + ", line ".len()..];
    let semi = rest.find(';')?;
    let line: u32 = rest[..semi].trim().parse().ok()?;
    let rest = rest[semi + 1..].trim_start();
    if !(rest.starts_with("error") || rest.starts_with("fatal")) {
        return None;
    }
    let message = rest
        .split_once(':')
        .map_or(rest, |(_, m)| m)
        .trim()
        .to_string();
    Some(PtxasDiag { line, message })
}
