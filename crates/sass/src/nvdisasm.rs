//! nvdisasm run on a cubin, and its listing read into [`SassFunction`]s.
//!
//! nvdisasm prints two line tables when asked (`-gp`, `-g`): the PTX line each instruction
//! came from (the `.nv_debug_line_sass` section ptxas writes with `-lineinfo`), and the line
//! of the file the module's own `.loc` directives name (the `.cu` file of nvcc `-lineinfo`
//! output). Each table names a line where it changes; an instruction takes the last one
//! named before it in its section, as a line table's row covers the addresses up to the next.

use crate::cubin::{Cubin, FunctionSymbol};
use crate::tool::{run_with_timeout, NVDISASM};
use speclint_base::sass::{Control, SassFunction, SassInstruction, SourceLine};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// How long nvdisasm may take on one cubin before it is stopped.
pub const NVDISASM_TIMEOUT: Duration = Duration::from_secs(120);

/// The file name nvdisasm gives the PTX line table's lines.
const PTX_TABLE: &str = ".nv_debug_ptx_txt";

/// The nvdisasm to use: `explicit`, else `$NVDISASM`, else `nvdisasm` on `PATH`.
pub fn find(explicit: Option<&Path>) -> Result<PathBuf, String> {
    NVDISASM.find(explicit)
}

/// What one instruction maps to in both tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines {
    /// The PTX line (of the module ptxas compiled).
    pub ptx: Option<u32>,
    /// The line of the file the module's `.loc` directives name.
    pub origin: Option<SourceLine>,
}

/// One function of the listing with each instruction's lines, in address order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disassembly {
    pub function: SassFunction,
    pub lines: Vec<Lines>,
    /// The labels (`.L_x_0:`) and the address each stands at: only for finding the padding.
    labels: Vec<(u64, String)>,
}

/// Code size from which the functions are split between one nvdisasm per core: below it,
/// starting a second process costs more than it saves.
const SPLIT_FROM: u64 = 512 * 1024;
/// The most nvdisasm processes run at once.
const MOST_PROCESSES: usize = 4;

/// Disassembles `cubin` with the PTX line table and, with `origins` (the source had `.loc`
/// lines), the table of the lines they name. The control bits come from the cubin's own
/// code; a large cubin's functions are shared out between one nvdisasm per core.
pub fn disassemble(
    nvdisasm: &Path,
    cubin: &Path,
    origins: bool,
) -> Result<Vec<Disassembly>, String> {
    let code = Cubin::read(cubin)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let groups = share_out(code.functions(), cores.min(MOST_PROCESSES));
    let listings: Vec<Result<Vec<Disassembly>, String>> = std::thread::scope(|scope| {
        let running: Vec<_> = (groups.iter())
            .map(|group| scope.spawn(|| run(nvdisasm, cubin, origins, group.as_deref())))
            .collect();
        (running.into_iter())
            .map(|done| {
                done.join()
                    .unwrap_or_else(|_| Err("nvdisasm's reader failed".into()))
            })
            .collect()
    });
    let mut functions: Vec<Disassembly> = Vec::new();
    for (group, listing) in groups.iter().zip(listings) {
        for disassembly in listing? {
            let name = &disassembly.function.name;
            // Each run prints the functions asked for; keep each function once.
            let asked = group
                .as_ref()
                .is_none_or(|group| group.iter().any(|f| &f.name == name));
            if asked && !functions.iter().any(|d| &d.function.name == name) {
                functions.push(disassembly);
            }
        }
    }
    for disassembly in &mut functions {
        let name = &disassembly.function.name;
        for instruction in &mut disassembly.function.instructions {
            instruction.control = code
                .upper_word(name, instruction.address)
                .map(Control::from_upper_word);
        }
    }
    Ok(functions)
}

/// The functions in `processes` groups of about equal code size (`None`: one run for all).
fn share_out(functions: &[FunctionSymbol], processes: usize) -> Vec<Option<Vec<FunctionSymbol>>> {
    let total: u64 = functions.iter().map(|f| f.size).sum();
    let processes = processes.min(functions.len());
    if total < SPLIT_FROM || processes < 2 {
        return vec![None];
    }
    let mut by_size: Vec<&FunctionSymbol> = functions.iter().collect();
    by_size.sort_by_key(|f| std::cmp::Reverse(f.size));
    let mut groups: Vec<(u64, Vec<FunctionSymbol>)> = vec![(0, Vec::new()); processes];
    for function in by_size {
        let lightest = (groups.iter_mut())
            .min_by_key(|(size, _)| *size)
            .expect("at least two groups");
        lightest.0 += function.size;
        lightest.1.push(function.clone());
    }
    groups.into_iter().map(|(_, group)| Some(group)).collect()
}

/// One nvdisasm run, over the functions of `group` (all of them for `None`).
fn run(
    nvdisasm: &Path,
    cubin: &Path,
    origins: bool,
    group: Option<&[FunctionSymbol]>,
) -> Result<Vec<Disassembly>, String> {
    let mut command = Command::new(nvdisasm);
    command.arg("-c");
    // Reading the origins' table costs a fifth of the run on a large module without any.
    if origins {
        command.arg("-g");
    }
    command.arg("-gp");
    if let Some(group) = group {
        let indices: Vec<String> = group.iter().map(|f| f.index.to_string()).collect();
        command.arg("-fun").arg(indices.join(","));
    }
    command.arg(cubin);
    let finished = run_with_timeout(command, NVDISASM_TIMEOUT)
        .map_err(|e| format!("{}: {e}", nvdisasm.display()))?;
    if !finished.success {
        return Err(format!(
            "{} failed on {}: {}",
            nvdisasm.display(),
            cubin.display(),
            finished.stderr.trim()
        ));
    }
    Ok(read_listing(&finished.stdout))
}

/// Reads nvdisasm's text listing (`-c -g -gp`, and the encodings where `-hex` printed them).
pub fn read_listing(listing: &str) -> Vec<Disassembly> {
    let mut functions: Vec<Disassembly> = Vec::new();
    // The lines last named in the current section.
    let mut ptx_line = None;
    let mut origin = None;
    let mut lines = listing.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if let Some(section) = section_name(trimmed) {
            ptx_line = None;
            origin = None;
            functions.push(Disassembly {
                function: SassFunction {
                    name: section.to_string(),
                    entry: false,
                    from_compiler: false,
                    registers: None,
                    spills: None,
                    instructions: Vec::new(),
                },
                lines: Vec::new(),
                labels: Vec::new(),
            });
            continue;
        }
        let Some(current) = functions.last_mut() else {
            continue;
        };
        if let Some((file, number)) = file_and_line(trimmed) {
            if file == PTX_TABLE || file.starts_with(&format!("{PTX_TABLE}.")) {
                ptx_line = Some(number);
            } else {
                origin = Some(SourceLine {
                    file: file.to_string(),
                    line: number,
                });
            }
        } else if let Some(registers) = trimmed
            .strip_prefix(".sectioninfo")
            .and_then(|rest| rest.trim().strip_prefix("@\"SHI_REGISTERS="))
            .and_then(|rest| rest.strip_suffix('"'))
        {
            current.function.registers = registers.parse().ok();
        } else if let Some(rest) = trimmed.strip_prefix(".other") {
            if rest.contains("STO_CUDA_ENTRY") {
                current.function.entry = true;
            }
        } else if let Some(label) = trimmed.strip_suffix(':').filter(|l| l.starts_with(".L")) {
            // Every architecture nvdisasm reads (sm_75 on) has 16-byte instructions.
            let next = (current.function.instructions.last()).map_or(0, |i| i.address + 16);
            current.labels.push((next, label.to_string()));
        } else if let Some((address, text)) = instruction_line(trimmed) {
            // The upper encoding word is on the line after.
            let upper = lines
                .peek()
                .and_then(|next| encoding_word(next.trim()))
                .inspect(|_| {
                    lines.next();
                });
            (current.function.instructions).push(instruction(
                address,
                text,
                upper.map(Control::from_upper_word),
            ));
            current.lines.push(Lines {
                ptx: ptx_line,
                origin: origin.clone(),
            });
        }
    }
    functions.retain(|f| !f.function.instructions.is_empty());
    for disassembly in &mut functions {
        mark_padding(&mut disassembly.function.instructions, &disassembly.labels);
    }
    functions
}

/// Marks the function's trailing `NOP`s, and the branch to itself just before them, as
/// padding: ptxas ends each function so, to align the next.
fn mark_padding(instructions: &mut [SassInstruction], labels: &[(u64, String)]) {
    let mut end = instructions.len();
    while end > 0 && instructions[end - 1].opcode == "NOP" {
        end -= 1;
    }
    if end > 0 {
        let last = &instructions[end - 1];
        let to_itself = last.opcode == "BRA"
            && last.predicate.is_none()
            && (labels.iter()).any(|(address, label)| {
                *address == last.address && last.operands == format!("`({label})")
            });
        if to_itself {
            end -= 1;
        }
    }
    for instruction in &mut instructions[end..] {
        instruction.padding = true;
    }
}

/// `//--------------------- .text.add ----…` → `add`.
fn section_name(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("//-")?.trim_start_matches('-').trim();
    let name = rest.trim_end_matches('-').trim().strip_prefix(".text.")?;
    Some(name)
}

/// `//## File "a.ptx", line 11` → (`a.ptx`, 11). Only the first location of a line: an
/// inlining note after it (`inlined at …`) is not the instruction's own line.
fn file_and_line(line: &str) -> Option<(&str, u32)> {
    let rest = line.strip_prefix("//## File \"")?;
    let (file, rest) = rest.split_once('"')?;
    let rest = rest.trim_start().strip_prefix(",")?.trim_start();
    let digits = rest.strip_prefix("line ")?;
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    Some((file, digits[..end].parse().ok()?))
}

/// `/*0040*/  @P0 EXIT ;  /* 0x000000000000094d */` → (0x40, `@P0 EXIT`).
fn instruction_line(line: &str) -> Option<(u64, &str)> {
    let rest = line.strip_prefix("/*")?;
    let (address, rest) = rest.split_once("*/")?;
    let address = u64::from_str_radix(address.trim(), 16).ok()?;
    let code = rest.rsplit_once("/*").map_or(rest, |(code, _)| code);
    let code = code.trim().strip_suffix(';')?.trim_end();
    Some((address, code))
}

/// `/* 0x000fe40000000f00 */` → the word.
fn encoding_word(line: &str) -> Option<u64> {
    let hex = line
        .strip_prefix("/*")?
        .strip_suffix("*/")?
        .trim()
        .strip_prefix("0x")?;
    u64::from_str_radix(hex, 16).ok()
}

/// `text` with each run of white space made one space.
fn one_space(text: &str) -> String {
    let mut spaced = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !spaced.is_empty() {
            spaced.push(' ');
        }
        spaced.push_str(word);
    }
    spaced
}

/// `@P0 ISETP.GE.U32.AND P0, PT, R4, c[0x0][0x170], PT` split into its parts.
fn instruction(address: u64, text: &str, control: Option<Control>) -> SassInstruction {
    let (predicate, rest) = match text.strip_prefix('@') {
        Some(_) => match text.split_once(char::is_whitespace) {
            Some((predicate, rest)) => (Some(predicate.to_string()), rest.trim_start()),
            None => (None, text),
        },
        None => (None, text),
    };
    let (opcode, operands) = rest
        .split_once(char::is_whitespace)
        .map_or((rest, ""), |(op, operands)| (op, operands.trim()));
    SassInstruction {
        address,
        predicate,
        opcode: opcode.to_string(),
        // nvdisasm pads its annotations (`(*"SpillRefill"*)`) to a column of its choosing.
        operands: one_space(operands),
        source: None,
        origin: None,
        control,
        padding: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// nvdisasm 13.5 (`-c -g -gp -hex`) on ptxas 13.5's sm_90 cubin of nvcc `-lineinfo`
    /// output, cut to a few instructions.
    const LISTING: &str = r#"	.target	sm_90

//--------------------- .text._Z4axpyfPKfPfi     --------------------------
	.section	.text._Z4axpyfPKfPfi,"ax",@progbits
	.sectioninfo	@"SHI_REGISTERS=10"
	.align	128
        .global         _Z4axpyfPKfPfi
        .type           _Z4axpyfPKfPfi,@function
        .other          _Z4axpyfPKfPfi,@"STO_CUDA_ENTRY STV_DEFAULT"
_Z4axpyfPKfPfi:
.text._Z4axpyfPKfPfi:
	//## File ".nv_debug_ptx_txt", line 20
        /*0000*/                   LDC R1, c[0x0][0x28] ;                             /* 0x00000a00ff017b82 */
                                                                                      /* 0x000fe20000000800 */
	//## File "/src/axpy.cu", line 4
	//## File ".nv_debug_ptx_txt", line 28
        /*0010*/                   S2R R4, SR_TID.X ;                                 /* 0x0000000000047919 */
                                                                                      /* 0x000e240000002100 */
.L_x_1:
        /*0020*/               @P0 EXIT ;                                             /* 0x000000000000094d */
                                                                                      /* 0x000fea0003800000 */
.L_x_0:
        /*0030*/                   BRA `(.L_x_0);                                     /* 0xfffffffc00fc7947 */
                                                                                      /* 0x000fc0000383ffff */
.L_x_2:

//--------------------- .text.helper             --------------------------
	.section	.text.helper,"ax",@progbits
	.sectioninfo	@"SHI_REGISTERS=4"
        .type           helper,@function
helper:
        /*0000*/                   RET.ABS.NODEC R20 0x0 ;                            /* 0x0000000014007950 */
                                                                                      /* 0x000fea0003e00000 */
"#;

    #[test]
    fn instructions_take_the_last_line_named_before_them() {
        let functions = read_listing(LISTING);
        let kernel = &functions[0];
        assert_eq!(kernel.function.name, "_Z4axpyfPKfPfi");
        assert!(kernel.function.entry);
        assert_eq!(kernel.function.registers, Some(10));
        let rows: Vec<_> = (kernel.function.instructions.iter().zip(&kernel.lines))
            .map(|(i, lines)| {
                (
                    i.address,
                    i.text(),
                    lines.ptx,
                    lines.origin.as_ref().map(|o| o.line),
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                (0x00, "LDC R1, c[0x0][0x28]".to_string(), Some(20), None),
                (0x10, "S2R R4, SR_TID.X".to_string(), Some(28), Some(4)),
                (0x20, "@P0 EXIT".to_string(), Some(28), Some(4)),
                (0x30, "BRA `(.L_x_0)".to_string(), Some(28), Some(4)),
            ]
        );
        let exit = &kernel.function.instructions[2];
        assert_eq!(
            (exit.predicate.as_deref(), exit.opcode.as_str()),
            (Some("@P0"), "EXIT")
        );
        let s2r = kernel.function.instructions[1].control.unwrap();
        assert_eq!(s2r.write_barrier, Some(0));
        // The branch to itself at the end aligns the function: it never runs.
        let padding: Vec<bool> = kernel
            .function
            .instructions
            .iter()
            .map(|i| i.padding)
            .collect();
        assert_eq!(padding, [false, false, false, true]);
    }

    #[test]
    fn a_function_without_a_line_table_has_no_lines() {
        let functions = read_listing(LISTING);
        let helper = &functions[1];
        assert_eq!(helper.function.name, "helper");
        assert!(!helper.function.entry);
        assert_eq!(helper.function.instructions[0].opcode, "RET.ABS.NODEC");
        assert_eq!(helper.function.instructions[0].operands, "R20 0x0");
        assert_eq!(helper.lines[0].ptx, None);
    }
}
