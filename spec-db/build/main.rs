//! Compiles the spec database (`ptx/**/*.toml`, `tile-ir/**/*.toml`, the SPIR-V grammars and
//! `spirv/**/*.toml`) into static Rust tables at build time.
//!
//! Every file is validated here: an unknown field, a form whose syntax does not parse, a
//! `when` token no form mentions or an unparsable version fails the build with the file and
//! entry named, so a data mistake never reaches the binary.

#[path = "../src/spirv/core_types_model.rs"]
#[allow(dead_code)]
mod core_types_model;
#[path = "form_syntax.rs"]
mod form_syntax;
#[path = "gpu_files.rs"]
mod gpu_files;
#[path = "../src/spirv/opencl_std_model.rs"]
#[allow(dead_code)]
mod opencl_std_model;
#[path = "ptx_files.rs"]
mod ptx_files;
#[path = "rust_writer.rs"]
mod rust_writer;
#[path = "spirv_core_types_files.rs"]
mod spirv_core_types_files;
#[path = "spirv_debug_info_files.rs"]
mod spirv_debug_info_files;
#[path = "spirv_descriptions_files.rs"]
mod spirv_descriptions_files;
#[path = "spirv_env_files.rs"]
mod spirv_env_files;
#[path = "spirv_grammar.rs"]
mod spirv_grammar;
#[path = "spirv_opencl_std_files.rs"]
mod spirv_opencl_std_files;
#[path = "tile_ir_files.rs"]
mod tile_ir_files;
#[path = "../src/tile_ir_model.rs"]
#[allow(dead_code)]
mod tile_ir_model;
#[path = "../src/tokens.rs"]
mod tokens;

use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let ptx_dir = root.join("ptx");
    println!("cargo:rerun-if-changed={}", ptx_dir.display());
    let files = toml_files(&ptx_dir);
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
    }

    let mut errors = Vec::new();
    let code = ptx_files::generate(&ptx_dir, &files, &mut errors);
    fail_on(&errors);
    let tile_dir = root.join("tile-ir");
    println!("cargo:rerun-if-changed={}", tile_dir.display());
    let tile_files = toml_files(&tile_dir);
    for file in &tile_files {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    let tile_code = tile_ir_files::generate(&tile_dir, &tile_files, &mut errors);
    fail_on(&errors);
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    std::fs::write(out_dir.join("ptx_tables.rs"), code).unwrap();
    std::fs::write(out_dir.join("tile_ir_files.rs"), tile_code).unwrap();

    let spirv_grammar_dir = root.join("spirv").join("grammar");
    println!("cargo:rerun-if-changed={}", spirv_grammar_dir.display());
    let spirv_code = spirv_grammar::generate(&spirv_grammar_dir, &mut errors);
    fail_on(&errors);
    std::fs::write(out_dir.join("spirv_grammar.rs"), spirv_code).unwrap();

    let opencl_std_dir = root.join("spirv").join("opencl-std");
    println!("cargo:rerun-if-changed={}", opencl_std_dir.display());
    let opencl_std_files = toml_files(&opencl_std_dir);
    for file in &opencl_std_files {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    let opencl_std_code = spirv_opencl_std_files::generate(
        &opencl_std_dir,
        &opencl_std_files,
        &spirv_grammar_dir,
        &mut errors,
    );
    fail_on(&errors);
    std::fs::write(out_dir.join("spirv_opencl_std.rs"), opencl_std_code).unwrap();

    let spirv_env_dir = root.join("spirv").join("opencl-env");
    println!("cargo:rerun-if-changed={}", spirv_env_dir.display());
    let env_code = spirv_env_files::generate(&spirv_env_dir, &mut errors);
    fail_on(&errors);
    std::fs::write(out_dir.join("spirv_env.rs"), env_code).unwrap();

    let descriptions_dir = root.join("spirv").join("descriptions");
    println!("cargo:rerun-if-changed={}", descriptions_dir.display());
    let description_files = toml_files(&descriptions_dir);
    for file in &description_files {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    let descriptions_code = spirv_descriptions_files::generate(
        &descriptions_dir,
        &description_files,
        &spirv_grammar_dir,
        &mut errors,
    );
    fail_on(&errors);
    std::fs::write(out_dir.join("spirv_descriptions.rs"), descriptions_code).unwrap();
    let gpu_limits_file = root.join("gpu").join("limits.toml");
    println!("cargo:rerun-if-changed={}", gpu_limits_file.display());
    let gpu_code = gpu_files::generate(&gpu_limits_file, &mut errors);
    fail_on(&errors);
    std::fs::write(out_dir.join("gpu_limits.rs"), gpu_code).unwrap();
    let core_types_file = root.join("spirv").join("core-types.toml");
    println!("cargo:rerun-if-changed={}", core_types_file.display());
    let core_types_code =
        spirv_core_types_files::generate(&core_types_file, &spirv_grammar_dir, &mut errors);
    fail_on(&errors);
    std::fs::write(out_dir.join("spirv_core_types.rs"), core_types_code).unwrap();
    let debug_info_file = root.join("spirv").join("debug-info.toml");
    println!("cargo:rerun-if-changed={}", debug_info_file.display());
    let debug_info_code =
        spirv_debug_info_files::generate(&debug_info_file, &spirv_grammar_dir, &mut errors);
    fail_on(&errors);
    std::fs::write(out_dir.join("spirv_debug_info.rs"), debug_info_code).unwrap();
}

/// Stops the build with every data error listed.
fn fail_on(errors: &[String]) {
    if !errors.is_empty() {
        for error in errors {
            println!("cargo:warning=spec-db: {error}");
        }
        panic!(
            "spec-db: {} error(s) in the data files:\n{}",
            errors.len(),
            errors.join("\n")
        );
    }
}

fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "toml") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}
