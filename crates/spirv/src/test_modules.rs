//! Real and generated SPIR-V modules for the tests of the re-check and the isolation rule.

/// A module of `tests/spirv/corpus/spvasm`.
pub fn corpus(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/spirv/corpus/spvasm")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `bench/spirv/generate.py kernels`: a module of that many kernels.
pub fn bench(kernels: usize) -> String {
    let script =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/spirv/generate.py");
    let output = std::process::Command::new("python3")
        .arg(&script)
        .arg(kernels.to_string())
        .output()
        .expect("python3 runs bench/spirv/generate.py");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}
