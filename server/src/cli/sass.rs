//! `speclint sass FILE`: the machine code a file's kernels compile to, under the source lines
//! it came from (Compiler Explorer's layout), or as JSON per kernel and line.

use crate::languages::REGISTRY;
use clap::{Args, ValueEnum};
use serde_json::{json, Value};
use speclint_base::sass::{SassError, SassInstruction, SassListing, SassRequest};
use speclint_sass::render::render;
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
    let name = args.file.display().to_string();
    let bytes = match std::fs::read(&args.file) {
        Ok(bytes) => bytes,
        Err(e) => return usage(&format!("cannot read {name}: {e}")),
    };
    let (language, input) = match REGISTRY.read_file(&args.file, &bytes) {
        Ok(found) => found,
        Err(message) => return usage(&message),
    };
    let Some(disassembler) = language.disassembler() else {
        return usage(&format!(
            "{name}: speclint cannot show the machine code of {} files yet",
            language.name()
        ));
    };
    let request = SassRequest {
        target: args.target.clone(),
        kernel: args.kernel.clone(),
        source_name: name.clone(),
        compiler: args.compiler.clone(),
        nvdisasm: args.nvdisasm.clone(),
    };
    match disassembler.sass(input, &request) {
        Ok(listing) => {
            let source = std::str::from_utf8(&bytes).unwrap_or("");
            match args.format {
                SassFormat::Text => print!("{}", render(&name, source, &listing).text),
                SassFormat::Json => println!(
                    "{}",
                    serde_json::to_string_pretty(&to_json(
                        &name,
                        &SourceLines::new(source),
                        &listing
                    ))
                    .expect("plain data serialises")
                ),
            }
            ExitCode::SUCCESS
        }
        Err(SassError::Usage(message) | SassError::Tool(message)) => usage(&message),
        Err(SassError::Compile(errors)) => {
            for (line, message) in errors {
                match line {
                    Some(line) => eprintln!("{name}:{line}: error: {message}"),
                    None => eprintln!("{name}: error: {message}"),
                }
            }
            eprintln!("error: {name} did not compile, so it has no machine code");
            ExitCode::from(1)
        }
    }
}

fn usage(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// The lines of the file given, to print under their numbers.
pub struct SourceLines<'a>(Vec<&'a str>);

impl<'a> SourceLines<'a> {
    pub fn new(source: &'a str) -> Self {
        SourceLines(source.lines().collect())
    }

    /// Line `line` (1-based), without its end.
    fn get(&self, line: u32) -> Option<&'a str> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        self.0.get(index).copied()
    }
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
