//! `speclint sass FILE`: the machine code a file's kernels compile to, under the source lines
//! it came from (Compiler Explorer's layout), or as JSON per kernel and line.

use crate::languages::REGISTRY;
use clap::{Args, ValueEnum};
use serde_json::{json, Value};
use speclint_base::sass::{SassError, SassInstruction, SassListing, SassRequest};
use speclint_sass::diff::diff;
use speclint_sass::render::{render, SourceLines};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Clone, Debug)]
pub struct SassArgs {
    /// The file to compile (PTX).
    pub file: PathBuf,
    /// Compile for this architecture (sm_90a) instead of the file's own target.
    #[arg(long, value_name = "TARGET")]
    pub target: Option<String>,
    /// Only this kernel.
    #[arg(long, value_name = "NAME")]
    pub kernel: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SassFormat::Text)]
    pub format: SassFormat,
    /// The language's compiler to run (ptxas for PTX) [default: its environment variable
    /// (PTXAS), else the compiler on PATH].
    #[arg(long, value_name = "PATH")]
    pub compiler: Option<PathBuf>,
    /// The nvdisasm to run [default: $NVDISASM, else nvdisasm on PATH].
    #[arg(long, value_name = "PATH")]
    pub nvdisasm: Option<PathBuf>,
    /// Compare with this file's SASS (FILE before, OTHER after): per kernel, the instruction,
    /// register and spill deltas and the opcodes whose count changed.
    #[arg(long, value_name = "OTHER", conflicts_with = "diff_target")]
    pub diff: Option<PathBuf>,
    /// Compare FILE's SASS for its target (or --target) with its SASS for this one.
    #[arg(long, value_name = "TARGET")]
    pub diff_target: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SassFormat {
    Text,
    Json,
}

pub fn run(args: &SassArgs) -> ExitCode {
    for (flag, path) in [
        ("--compiler", &args.compiler),
        ("--nvdisasm", &args.nvdisasm),
    ] {
        if let Some(path) = path.as_ref().filter(|p| !p.is_file()) {
            return usage(&format!("{flag} {}: no such file", path.display()));
        }
    }
    let before = match listing_of(args, &args.file, args.target.as_deref()) {
        Ok(before) => before,
        Err(status) => return status,
    };
    let after = match (&args.diff, &args.diff_target) {
        (Some(other), _) => listing_of(args, other, args.target.as_deref()),
        (None, Some(target)) => listing_of(args, &args.file, Some(target)),
        (None, None) => {
            print_listing(args, &before);
            return ExitCode::SUCCESS;
        }
    };
    match after {
        Ok(after) => {
            print_diff(args, &before, &after);
            ExitCode::SUCCESS
        }
        Err(status) => status,
    }
}

/// A file's listing, with its name and text.
struct Listed {
    name: String,
    source: String,
    listing: SassListing,
}

/// Compiles and disassembles `path` for `target` (its own where `None`); on failure the
/// message is printed and the exit status returned.
fn listing_of(
    args: &SassArgs,
    path: &std::path::Path,
    target: Option<&str>,
) -> Result<Listed, ExitCode> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| usage(&format!("cannot read {name}: {e}")))?;
    let (language, input) = REGISTRY.read_file(path, &bytes).map_err(|m| usage(&m))?;
    let Some(disassembler) = language.disassembler() else {
        return Err(usage(&format!(
            "{name}: speclint cannot show the machine code of {} files yet",
            language.name()
        )));
    };
    let request = SassRequest {
        target: target.map(str::to_string),
        kernel: args.kernel.clone(),
        source_name: name.clone(),
        compiler: args.compiler.clone(),
        nvdisasm: args.nvdisasm.clone(),
    };
    match disassembler.sass(input, &request) {
        Ok(listing) => Ok(Listed {
            source: String::from_utf8_lossy(&bytes).into_owned(),
            name,
            listing,
        }),
        Err(SassError::Usage(message) | SassError::Tool(message)) => Err(usage(&message)),
        Err(SassError::Compile(errors)) => {
            for (line, message) in errors {
                match line {
                    Some(line) => eprintln!("{name}:{line}: error: {message}"),
                    None => eprintln!("{name}: error: {message}"),
                }
            }
            eprintln!("error: {name} did not compile, so it has no machine code");
            Err(ExitCode::from(1))
        }
    }
}

fn print_listing(args: &SassArgs, listed: &Listed) {
    let Listed {
        name,
        source,
        listing,
    } = listed;
    match args.format {
        SassFormat::Text => print!("{}", render(name, source, listing).text),
        SassFormat::Json => println!(
            "{}",
            serde_json::to_string_pretty(&to_json(name, &SourceLines::new(source), listing))
                .expect("plain data serialises")
        ),
    }
}

/// Per kernel: instructions, registers, spills and the opcodes whose count changed.
fn print_diff(args: &SassArgs, before: &Listed, after: &Listed) {
    let deltas = diff(&before.listing, &after.listing);
    let side = |listed: &Listed| format!("{} ({})", listed.name, listed.listing.target);
    match args.format {
        SassFormat::Json => {
            let side = |listed: &Listed| json!({"file": listed.name, "target": listed.listing.target, "tools": listed.listing.tools});
            let value = json!({"before": side(before), "after": side(after), "kernels": deltas});
            println!(
                "{}",
                serde_json::to_string_pretty(&value).expect("plain data")
            );
        }
        SassFormat::Text => {
            println!("// {} → {}", side(before), side(after));
            let rows: Vec<[String; 5]> = (deltas.iter())
                .map(|d| {
                    [
                        d.name.clone(),
                        d.instructions.text(),
                        d.registers.text(),
                        d.spill_stores.text(),
                        d.spill_loads.text(),
                    ]
                })
                .collect();
            let header = [
                "kernel",
                "instructions",
                "registers",
                "spill stores (B)",
                "spill loads (B)",
            ]
            .map(String::from);
            let widths: Vec<usize> = (0..5)
                .map(|i| {
                    (rows.iter().chain([&header]))
                        .map(|r| r[i].chars().count())
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            for row in [&header].into_iter().chain(&rows) {
                let cells: Vec<String> = (row.iter().zip(&widths))
                    .map(|(cell, width)| format!("{cell:<width$}"))
                    .collect();
                println!("{}", cells.join("  ").trim_end());
            }
            for delta in deltas.iter().filter(|d| !d.opcodes.is_empty()) {
                let opcodes: Vec<String> = (delta.opcodes.iter())
                    .map(|(opcode, n)| format!("{opcode} {n:+}"))
                    .collect();
                println!("// {}: {}", delta.name, opcodes.join(" · "));
            }
        }
    }
}

fn usage(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// Per kernel: totals, the histogram, and each source line with its instructions.
pub fn to_json(name: &str, source: &SourceLines, listing: &SassListing) -> Value {
    let functions: Vec<Value> = (listing.functions.iter())
        .map(|function| {
            let lines: Vec<Value> = (function.by_line().into_iter())
                .map(|(line, instructions)| {
                    let instructions: Vec<Value> =
                        instructions.into_iter().map(instruction_json).collect();
                    json!({
                        "line": line.map(|l| l.line),
                        "source": line.and_then(|l| source.get(l.line)),
                        "instructions": instructions,
                    })
                })
                .collect();
            json!({
                "name": function.name,
                "entry": function.entry,
                "from_compiler": function.from_compiler,
                "registers": function.registers,
                "instruction_count": function.code().count(),
                "padding_count": function.instructions.len() - function.code().count(),
                "histogram": function.histogram(),
                "lines": lines,
            })
        })
        .collect();
    json!({
        "file": name,
        "target": listing.target,
        "tools": listing.tools,
        "kernels": functions,
    })
}

fn instruction_json(instruction: &SassInstruction) -> Value {
    let mut value = json!({
        "address": instruction.address,
        "opcode": instruction.opcode,
        "operands": instruction.operands,
    });
    let object = value.as_object_mut().expect("an object");
    if let Some(predicate) = &instruction.predicate {
        object.insert("predicate".into(), json!(predicate));
    }
    if let Some(origin) = &instruction.origin {
        object.insert("origin".into(), json!(origin));
    }
    if let Some(control) = &instruction.control {
        object.insert("control".into(), json!(control));
    }
    if instruction.padding {
        object.insert("padding".into(), json!(true));
    }
    value
}
