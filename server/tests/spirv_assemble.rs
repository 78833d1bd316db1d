//! speclint's SPIR-V assembler (`spirv::assemble`, what `speclint run` loads `.spvasm` files
//! with) against `spirv-as`: for every module of the real corpus (`tests/spirv/corpus/spvasm`),
//! every `tests/spirv/binary/*.spvasm` and `tests/run/spirv/kernels.spvasm`, the same words,
//! the generator word aside (speclint writes 0, spirv-as its own id). The corpus modules cover what clang-15 + llvm-spirv-15 emit
//! for 76 OpenCL C sources: 64-bit constants, half and double literals, switches, strings,
//! decorations with parameters, OpExtInst.
//!
//! Needs `spirv-as` on PATH (`ensure_spirv_tools` in scripts/lib.sh); without it the test prints
//! `SKIPPED spirv_assemble` and scripts/test.sh fails the step.

use speclint_spirv::assemble::assemble;
use speclint_test_support::oracle;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/spirv");

fn spirv_as(path: &Path, version: &str) -> Vec<u32> {
    let out = std::env::temp_dir().join(format!(
        "speclint-assemble-{}-{}.spv",
        std::process::id(),
        path.file_name().unwrap().to_string_lossy()
    ));
    let status = Command::new("spirv-as")
        .args(["--target-env", &format!("spv{version}")])
        .arg(path)
        .arg("-o")
        .arg(&out)
        .status()
        .expect("spirv-as runs");
    assert!(status.success(), "spirv-as rejected {}", path.display());
    let bytes = std::fs::read(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn modules() -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for dir in ["corpus/spvasm", "binary", "../run/spirv"] {
        for entry in std::fs::read_dir(Path::new(ROOT).join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "spvasm") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths
}

/// The version the text asks for: spirv-dis's `; Version: 1.x`, else a `; target-env: spv1.x`
/// line (the binary fixtures' convention), else spirv-as's default target, 1.6.
fn version_of(text: &str) -> String {
    for line in text.lines() {
        if let Some(v) = line.strip_prefix("; Version: ") {
            return v.trim().to_string();
        }
        if let Some(v) = line.strip_prefix("; target-env: spv") {
            return v.trim().to_string();
        }
    }
    "1.6".to_string()
}

#[test]
fn same_words_as_spirv_as() {
    let present = Command::new("spirv-as")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !present {
        oracle::skip_without_tools(
            "spirv_assemble",
            "spirv-as is not on PATH (scripts/lib.sh ensure_spirv_tools)",
        );
        return;
    }
    let paths = modules();
    assert!(
        paths.len() > 250,
        "the corpus is missing: {} modules",
        paths.len()
    );
    let mut failures = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let version = version_of(&text);
        let expected = spirv_as(path, &version);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // A fixture without a version comment: speclint writes 1.0 by default, so say it.
        let text = if text.contains("; Version: ") {
            text
        } else {
            format!("; Version: {version}\n{text}")
        };
        match assemble(&text) {
            Err(errors) => failures.push(format!("{name}: not assembled: {errors:?}")),
            Ok(words) => {
                let differs = words.len() != expected.len()
                    || words[..2] != expected[..2]
                    || words[3..] != expected[3..];
                if differs {
                    let at = (0..words.len().min(expected.len()))
                        .find(|&i| i != 2 && words[i] != expected[i])
                        .unwrap_or(words.len().min(expected.len()));
                    failures.push(format!(
                        "{name}: {} words vs spirv-as's {}; first difference at word {at}: \
                         {:#x?} vs {:#x?}",
                        words.len(),
                        expected.len(),
                        words.get(at),
                        expected.get(at)
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} modules differ:\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n")
    );
}
