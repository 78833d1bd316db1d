//! What `speclint sass` shows: the machine code (SASS) a file's kernels compile to, each
//! instruction tied to the source line it came from. A language that compiles to SASS
//! implements [`Disassembler`]; the listing is plain data the CLI and the editor print.

use crate::input::Input;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// What the caller asks for.
#[derive(Clone, Debug, Default)]
pub struct SassRequest {
    /// The architecture to compile for (`sm_90a`); `None`: the file's own target.
    pub target: Option<String>,
    /// Only this kernel; `None`: every kernel.
    pub kernel: Option<String>,
    /// The name the file's lines are given under (its path as the user wrote it).
    pub source_name: String,
    /// The compiler the language runs (ptxas, tileiras, nvcc); `None`: the language's own
    /// search (its environment variable, then `PATH`).
    pub compiler: Option<PathBuf>,
    /// nvdisasm; `None`: `$NVDISASM`, then `PATH`.
    pub nvdisasm: Option<PathBuf>,
}

/// The scheduling bits every instruction of the 128-bit encodings (sm_70 and later) carries
/// in its top bits. nvdisasm does not print them; they are read from its encoding words.
/// The layout is the one measured by Jia et al., "Dissecting the NVIDIA Volta GPU
/// Architecture via Microbenchmarking" (arXiv:1804.06826, section 2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Control {
    /// Cycles the scheduler waits before issuing the next instruction (0-15).
    pub stall: u8,
    /// The yield bit as encoded.
    pub yield_bit: bool,
    /// The dependency barrier this instruction's result sets (0-5), if any.
    pub write_barrier: Option<u8>,
    /// The dependency barrier this instruction's source reads release (0-5), if any.
    pub read_barrier: Option<u8>,
    /// The barriers (bit N: barrier N) this instruction waits on.
    pub wait_mask: u8,
    /// The operand reuse-cache flags (bit N: operand slot N).
    pub reuse: u8,
}

impl Control {
    /// Reads the control bits from the upper 64-bit word of an instruction's encoding.
    pub fn from_upper_word(word: u64) -> Control {
        let bits = word >> 41;
        let barrier = |b: u64| (b != 7).then_some(b as u8);
        Control {
            stall: (bits & 0xf) as u8,
            yield_bit: bits & 0x10 != 0,
            write_barrier: barrier((bits >> 5) & 0x7),
            read_barrier: barrier((bits >> 8) & 0x7),
            wait_mask: ((bits >> 11) & 0x3f) as u8,
            reuse: ((bits >> 17) & 0xf) as u8,
        }
    }

    /// `B0-----:R-:W1:Y:S04`: wait mask, read barrier, write barrier, yield, stall (the
    /// layout SASS assemblers print).
    pub fn notation(&self) -> String {
        let mask: String = (0..6)
            .map(|b| {
                if self.wait_mask & (1 << b) != 0 {
                    char::from(b'0' + b)
                } else {
                    '-'
                }
            })
            .collect();
        let barrier = |b: Option<u8>| b.map_or("-".to_string(), |b| b.to_string());
        format!(
            "B{mask}:R{}:W{}:{}:S{:02}",
            barrier(self.read_barrier),
            barrier(self.write_barrier),
            if self.yield_bit { 'Y' } else { '-' },
            self.stall
        )
    }
}

/// Where an instruction came from: a file (the one given, or one its line table names, such
/// as the `.cu` file of nvcc's `-lineinfo` output) and a 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct SourceLine {
    pub file: String,
    pub line: u32,
}

/// One SASS instruction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SassInstruction {
    /// Byte offset in the kernel's code.
    pub address: u64,
    /// `@P0`, `@!PT`, where the instruction is predicated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicate: Option<String>,
    /// `IMAD.WIDE.U32`.
    pub opcode: String,
    /// `R2, R4, R5, c[0x0][0x168]` (empty when it has none).
    pub operands: String,
    /// The line of the file given; `None` only where the line table covers no such address.
    pub source: Option<SourceLine>,
    /// The line of the file the source's own line directives name (the `.cu` file of nvcc
    /// `-lineinfo` output), where it has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<SourceLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub control: Option<Control>,
    /// Fills the function out to its alignment: the `NOP`s at its end and the branch to
    /// itself before them, which never run.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub padding: bool,
}

impl SassInstruction {
    /// `@P0 IMAD.WIDE.U32 R2, R4, R5, c[0x0][0x168]`.
    pub fn text(&self) -> String {
        let mut text = String::new();
        if let Some(predicate) = &self.predicate {
            text.push_str(predicate);
            text.push(' ');
        }
        text.push_str(&self.opcode);
        if !self.operands.is_empty() {
            text.push(' ');
            text.push_str(&self.operands);
        }
        text
    }

    /// The opcode without its modifiers: `IMAD` of `IMAD.WIDE.U32`.
    pub fn mnemonic(&self) -> &str {
        self.opcode.split('.').next().unwrap_or(&self.opcode)
    }
}

/// One kernel's (or device function's) code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SassFunction {
    pub name: String,
    /// An entry point (`.entry`, a cuda_tile entry), not a function it calls.
    pub entry: bool,
    /// Code the compiler supplies rather than the source (ptxas's own division, square-root
    /// and warp-vote routines): it has no source line.
    pub from_compiler: bool,
    /// Registers per thread, as the compiler reports them.
    pub registers: Option<u32>,
    /// Bytes of registers spilled to local memory (stores, loads), as the compiler reports
    /// them.
    pub spills: Option<Spills>,
    pub instructions: Vec<SassInstruction>,
}

impl SassFunction {
    /// The instructions that can run: all but the padding.
    pub fn code(&self) -> impl Iterator<Item = &SassInstruction> {
        self.instructions.iter().filter(|i| !i.padding)
    }

    /// How many instructions of each mnemonic, by name (padding left out).
    pub fn histogram(&self) -> BTreeMap<&str, usize> {
        let mut counts = BTreeMap::new();
        for instruction in self.code() {
            *counts.entry(instruction.mnemonic()).or_insert(0) += 1;
        }
        counts
    }

    /// The instructions grouped by source line, lines in order (file, then line), each
    /// line's instructions in address order; instructions with no line come last.
    pub fn by_line(&self) -> Vec<(Option<&SourceLine>, Vec<&SassInstruction>)> {
        let mut lines: BTreeMap<Option<&SourceLine>, Vec<&SassInstruction>> = BTreeMap::new();
        for instruction in &self.instructions {
            lines
                .entry(instruction.source.as_ref())
                .or_default()
                .push(instruction);
        }
        let mut grouped: Vec<_> = lines.into_iter().collect();
        // `None` sorts first in a BTreeMap: the unmapped go last.
        let unmapped = usize::from(grouped.first().is_some_and(|(line, _)| line.is_none()));
        grouped.rotate_left(unmapped);
        grouped
    }
}

/// Register spills of one function, in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Spills {
    pub stores: u64,
    pub loads: u64,
}

/// A file's SASS.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SassListing {
    /// The architecture it was compiled for (`sm_80`).
    pub target: String,
    /// The tools that made it (`ptxas 13.5.37, nvdisasm 13.5.37`).
    pub tools: String,
    pub functions: Vec<SassFunction>,
}

/// Why there is no listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SassError {
    /// The request cannot be done as asked (an unknown target or kernel, a binary input):
    /// exit status 2.
    Usage(String),
    /// A tool is missing or could not run: exit status 2, naming how to get it.
    Tool(String),
    /// The compiler rejected the file: exit status 1, with what it said (`line` is 1-based,
    /// in the file given).
    Compile(Vec<(Option<u32>, String)>),
}

/// What a language implements to show its SASS (`Language::disassembler`).
pub trait Disassembler: Sync {
    /// Compiles `input` and disassembles the result.
    fn sass(&self, input: Input<'_>, request: &SassRequest) -> Result<SassListing, SassError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_bits_read_from_the_upper_word() {
        // `S2R R4, SR_TID.X` from ptxas 13.5 for sm_80: sets barrier 0, stalls 2.
        let s2r = Control::from_upper_word(0x000e_2400_0000_2100);
        assert_eq!(s2r.notation(), "B------:R-:W0:Y:S02");
        // The `ISETP` after it waits on barrier 0 and stalls 13.
        let isetp = Control::from_upper_word(0x001f_da00_03f0_6070);
        assert_eq!(isetp.notation(), "B0-----:R-:W-:-:S13");
        assert_eq!((isetp.wait_mask, isetp.reuse), (1, 0));
    }

    #[test]
    fn unmapped_instructions_are_grouped_last() {
        let instruction = |address, line: Option<u32>| SassInstruction {
            address,
            predicate: None,
            opcode: "NOP".into(),
            operands: String::new(),
            source: line.map(|line| SourceLine {
                file: "a.ptx".into(),
                line,
            }),
            origin: None,
            control: None,
            padding: false,
        };
        let function = SassFunction {
            name: "k".into(),
            entry: true,
            from_compiler: false,
            registers: None,
            spills: None,
            instructions: vec![
                instruction(0, Some(9)),
                instruction(16, None),
                instruction(32, Some(3)),
                instruction(48, Some(9)),
            ],
        };
        let lines: Vec<_> = function
            .by_line()
            .iter()
            .map(|(line, code)| {
                let addresses: Vec<u64> = code.iter().map(|i| i.address).collect();
                (line.map(|l| l.line), addresses)
            })
            .collect();
        assert_eq!(
            lines,
            [
                (Some(3), vec![32]),
                (Some(9), vec![0, 48]),
                (None, vec![16])
            ]
        );
    }
}
