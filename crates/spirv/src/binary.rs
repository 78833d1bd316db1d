//! Binary SPIR-V modules (`.spv`, either byte order), disassembled to the assembly text speclint
//! checks.
//!
//! The text follows `spirv-dis --raw-id` (ids are `%<n>`, the header is five `;` comment lines,
//! one instruction per line, no indentation), so that `spirv-as --preserve-numeric-ids` turns it
//! back into the same words. Where the binary cannot be decoded (an unknown opcode, a string
//! without its NUL, an unknown enumerant...) the words are written as `!0x…` immediates, which
//! spirv-as copies verbatim, and the problem is reported as a [`BinaryError`].
//!
//! Known limit: spirv-as appends `!` immediates to the instruction before them when that one's
//! trailing optional operands are absent, so a raw line right after such an instruction does
//! not re-assemble to the same words.

use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::ops::Range;

use speclint_spec_db::spirv::grammar::{
    self, Category, ExtendedSet, Instruction, Operand, OperandKind, OperandKindId, Quantifier,
};

/// The first word of every module.
pub const MAGIC: u32 = 0x0723_0203;
const HEADER_WORDS: usize = 5;

#[allow(dead_code)]
#[derive(Debug, Clone, Default)]
pub struct Disassembly {
    /// SPIR-V assembly: the five header comment lines, then one instruction per line (a string
    /// holding a newline keeps it, so such an instruction spans several lines).
    pub text: String,
    /// One per instruction, in order.
    pub lines: Vec<InstructionPlace>,
}

#[allow(dead_code)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstructionPlace {
    /// 0-based index of the instruction in the module.
    pub index: u32,
    /// Offset in words from the start of the module, header included (the first instruction is
    /// at word 5).
    pub word_offset: u32,
    /// The instruction's text in [`Disassembly::text`], without the newline.
    pub text_range: Range<usize>,
}

/// A problem in the binary encoding. `word_offset` counts words from the start of the module.
#[allow(dead_code)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BinaryError {
    /// Fewer than the five header words; `word_offset` is the first missing one.
    TruncatedHeader { word_offset: u32 },
    /// The first word is not 0x07230203 in either byte order.
    BadMagic { word_offset: u32, found: u32 },
    /// The length is not a multiple of four bytes; `bytes` trail the last whole word.
    PartialWord { word_offset: u32, bytes: u32 },
    /// An instruction's word count is 0; nothing after it can be decoded.
    ZeroWordCount { word_offset: u32, opcode: u16 },
    /// An instruction's word count runs past the end of the module.
    PastEnd {
        word_offset: u32,
        word_count: u32,
        words_left: u32,
    },
    /// No core instruction has this opcode (also an `OpSpecConstantOp` operation).
    UnknownOpcode { word_offset: u32, opcode: u32 },
    /// The instruction ends before an operand the grammar requires.
    MissingOperand {
        word_offset: u32,
        instruction: &'static str,
        operand: &'static str,
    },
    /// Words after the last operand the grammar allows.
    ExtraWords {
        word_offset: u32,
        instruction: &'static str,
        count: u32,
    },
    /// A literal string has no terminating NUL inside its instruction.
    UnterminatedString { word_offset: u32 },
    /// A literal string is not UTF-8.
    InvalidUtf8 { word_offset: u32 },
    /// A value no enumerant of `kind` has (for a mask: the unknown bits).
    UnknownEnumerant {
        word_offset: u32,
        kind: &'static str,
        value: u32,
    },
    /// `OpExtInst` names an instruction its (known) set does not have.
    UnknownExtendedInstruction {
        word_offset: u32,
        set: &'static str,
        number: u32,
    },
    /// A literal sized by its type (`OpConstant`, `OpSpecConstant`, `OpSwitch`) whose type is
    /// not an integer or float type of a supported width.
    UntypedLiteral { word_offset: u32, type_id: u32 },
    /// A literal narrower than 32 bits whose high bits are not its sign or zero extension.
    LiteralHighBits {
        word_offset: u32,
        width: u32,
        word: u32,
    },
}

#[allow(dead_code)]
impl BinaryError {
    pub fn word_offset(&self) -> u32 {
        match *self {
            BinaryError::TruncatedHeader { word_offset }
            | BinaryError::BadMagic { word_offset, .. }
            | BinaryError::PartialWord { word_offset, .. }
            | BinaryError::ZeroWordCount { word_offset, .. }
            | BinaryError::PastEnd { word_offset, .. }
            | BinaryError::UnknownOpcode { word_offset, .. }
            | BinaryError::MissingOperand { word_offset, .. }
            | BinaryError::ExtraWords { word_offset, .. }
            | BinaryError::UnterminatedString { word_offset }
            | BinaryError::InvalidUtf8 { word_offset }
            | BinaryError::UnknownEnumerant { word_offset, .. }
            | BinaryError::UnknownExtendedInstruction { word_offset, .. }
            | BinaryError::UntypedLiteral { word_offset, .. }
            | BinaryError::LiteralHighBits { word_offset, .. } => word_offset,
        }
    }
}

impl fmt::Display for BinaryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BinaryError::TruncatedHeader { word_offset } => write!(
                f,
                "the module ends after {word_offset} words, inside the 5-word header"
            ),
            BinaryError::BadMagic { found, .. } => write!(
                f,
                "the first word is {found:#010x}, not the SPIR-V magic number 0x07230203"
            ),
            BinaryError::PartialWord { bytes, .. } => write!(
                f,
                "the module's length is not a multiple of 4 bytes ({bytes} bytes trail the last word)"
            ),
            BinaryError::ZeroWordCount { opcode, .. } => write!(
                f,
                "instruction with opcode {opcode} has word count 0; the rest of the module cannot be decoded"
            ),
            BinaryError::PastEnd {
                word_count,
                words_left,
                ..
            } => write!(
                f,
                "the instruction's word count is {word_count} but only {words_left} words are left"
            ),
            BinaryError::UnknownOpcode { opcode, .. } => {
                write!(f, "no SPIR-V instruction has opcode {opcode}")
            }
            BinaryError::MissingOperand {
                instruction,
                operand,
                ..
            } => {
                write!(f, "{instruction} ends before its operand {operand}")
            }
            BinaryError::ExtraWords {
                instruction, count, ..
            } => {
                write!(f, "{instruction} has {count} words after its last operand")
            }
            BinaryError::UnterminatedString { .. } => {
                write!(f, "literal string without its terminating NUL")
            }
            BinaryError::InvalidUtf8 { .. } => write!(f, "literal string is not valid UTF-8"),
            BinaryError::UnknownEnumerant { kind, value, .. } => {
                write!(f, "{value:#x} is not a {kind} value")
            }
            BinaryError::UnknownExtendedInstruction { set, number, .. } => {
                write!(f, "the {set} set has no instruction {number}")
            }
            BinaryError::UntypedLiteral { type_id, .. } => write!(
                f,
                "literal sized by type %{type_id}, which is not an integer or float type of a supported width"
            ),
            BinaryError::LiteralHighBits { width, word, .. } => write!(
                f,
                "{width}-bit literal {word:#010x} has high bits that are not its extension"
            ),
        }
    }
}

/// Whether `bytes` look like a SPIR-V module: whole words, a full header, the magic number in
/// either byte order.
#[allow(dead_code)]
pub fn is_spirv_binary(bytes: &[u8]) -> bool {
    if !bytes.len().is_multiple_of(4) || bytes.len() < HEADER_WORDS * 4 {
        return false;
    }
    let first = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    first == MAGIC || first.swap_bytes() == MAGIC
}

/// Disassembles as much of `bytes` as can be decoded; never panics.
#[allow(dead_code)]
pub fn disassemble(bytes: &[u8]) -> (Disassembly, Vec<BinaryError>) {
    let mut errors = Vec::new();
    let whole = bytes.len() / 4;
    if !bytes.len().is_multiple_of(4) {
        errors.push(BinaryError::PartialWord {
            word_offset: whole as u32,
            bytes: (bytes.len() % 4) as u32,
        });
    }
    if whole == 0 {
        errors.insert(0, BinaryError::TruncatedHeader { word_offset: 0 });
        return (Disassembly::default(), errors);
    }
    let first = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    let big_endian = if first == MAGIC {
        false
    } else if first.swap_bytes() == MAGIC {
        true
    } else {
        errors.insert(
            0,
            BinaryError::BadMagic {
                word_offset: 0,
                found: first,
            },
        );
        return (Disassembly::default(), errors);
    };
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| {
            let b = [c[0], c[1], c[2], c[3]];
            if big_endian {
                u32::from_be_bytes(b)
            } else {
                u32::from_le_bytes(b)
            }
        })
        .collect();
    if words.len() < HEADER_WORDS {
        errors.insert(
            0,
            BinaryError::TruncatedHeader {
                word_offset: words.len() as u32,
            },
        );
        return (Disassembly::default(), errors);
    }
    let mut decoder = Decoder::new(&words);
    decoder.header();
    decoder.instructions();
    errors.extend(decoder.errors);
    (
        Disassembly {
            text: decoder.text,
            lines: decoder.lines,
        },
        errors,
    )
}

/// The numeric type a context-dependent literal is read as.
#[derive(Clone, Copy, Debug)]
struct NumberType {
    width: u32,
    signed: bool,
    float: bool,
    /// A float with an `FPEncoding` operand (bfloat16...): written as raw words.
    encoded: bool,
}

impl NumberType {
    fn words(self) -> Option<usize> {
        match (self.float, self.width) {
            (_, _) if self.encoded => None,
            (true, 16 | 32 | 64) => Some(self.width as usize / 32 + usize::from(self.width < 32)),
            (false, 1..=32) => Some(1),
            (false, 33..=64) => Some(2),
            _ => None,
        }
    }
}

/// How an instruction was written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    /// Decoded, and spirv-as would take no further operand.
    Closed,
    /// Decoded, but spirv-as would still take operands (an absent optional one, a `*` list, or
    /// `!` immediates already in it).
    Open,
    /// All words as `!0x…` immediates.
    Raw,
}

/// Why an instruction's operands could not all be decoded.
enum Stop {
    /// Write the whole instruction as raw words.
    Raw,
    /// Keep what was decoded and write the words from here on as raw words.
    RestRaw,
}

/// An id-indexed table; ids beyond `limit` (a corrupt or very sparse module) go to a map.
struct IdTable<T: Copy> {
    dense: Vec<Option<T>>,
    sparse: HashMap<u32, T>,
    limit: usize,
}

impl<T: Copy> IdTable<T> {
    fn new(limit: usize) -> Self {
        IdTable {
            dense: Vec::new(),
            sparse: HashMap::new(),
            limit,
        }
    }

    fn insert(&mut self, id: u32, value: T) {
        let i = id as usize;
        if i < self.limit {
            if i >= self.dense.len() {
                self.dense.resize(i + 1, None);
            }
            self.dense[i] = Some(value);
        } else {
            self.sparse.insert(id, value);
        }
    }

    fn get(&self, id: u32) -> Option<T> {
        let i = id as usize;
        if i < self.limit {
            self.dense.get(i).copied().flatten()
        } else {
            self.sparse.get(&id).copied()
        }
    }
}

struct Decoder<'w> {
    words: &'w [u32],
    text: String,
    lines: Vec<InstructionPlace>,
    errors: Vec<BinaryError>,
    /// Scratch for one instruction's operands (the result id is written before the opcode).
    operands: String,
    number_types: HashMap<u32, NumberType>,
    /// The result type of each id that has one (for `OpSwitch` selectors).
    value_types: IdTable<u32>,
    /// `OpExtInstImport` results: the set's name and, when speclint knows it, its grammar.
    ext_sets: HashMap<u32, (&'static str, Option<&'static ExtendedSet>)>,
    // The current instruction.
    start: usize,
    end: usize,
    cursor: usize,
    name: &'static str,
    result_id: Option<u32>,
    /// The type of `LiteralContextDependentNumber` operands of the current instruction.
    literal_type: Option<(u32, Option<NumberType>)>,
    /// Whether spirv-as would still take operands after the current instruction's last one.
    open: bool,
    id_result: OperandKindId,
    id_result_type: OperandKindId,
}

impl<'w> Decoder<'w> {
    fn new(words: &'w [u32]) -> Self {
        let bound = words[3] as usize;
        let limit = bound.min(words.len().saturating_mul(4)).max(1 << 16);
        Decoder {
            words,
            // Assembly text is about 2.5 bytes per binary byte.
            text: String::with_capacity(words.len() * 10 + 256),
            lines: Vec::with_capacity(words.len() / 4),
            errors: Vec::new(),
            operands: String::new(),
            number_types: HashMap::new(),
            value_types: IdTable::new(limit),
            ext_sets: HashMap::new(),
            start: 0,
            end: 0,
            cursor: 0,
            name: "",
            result_id: None,
            literal_type: None,
            open: false,
            id_result: crate::module::kind_id("IdResult"),
            id_result_type: crate::module::kind_id("IdResultType"),
        }
    }

    fn header(&mut self) {
        let version = self.words[1];
        let generator = self.words[2];
        let tool = generator >> 16;
        let _ = write!(
            self.text,
            "; SPIR-V\n; Version: {}.{}\n; Generator: ",
            (version >> 16) & 0xff,
            (version >> 8) & 0xff
        );
        match generator_name(tool) {
            Some(name) => self.text.push_str(name),
            None => {
                let _ = write!(self.text, "Unknown({tool})");
            }
        }
        let _ = write!(
            self.text,
            "; {}\n; Bound: {}\n; Schema: {}\n",
            generator & 0xffff,
            self.words[3],
            self.words[4]
        );
    }

    fn instructions(&mut self) {
        let mut at = HEADER_WORDS;
        let mut index = 0u32;
        let mut previous = Line::Closed;
        let mut previous_words = 0..0;
        while at < self.words.len() {
            let first = self.words[at];
            let count = (first >> 16) as usize;
            let opcode = (first & 0xffff) as u16;
            let left = self.words.len() - at;
            let line_start = self.text.len();
            let end = if count == 0 {
                self.errors.push(BinaryError::ZeroWordCount {
                    word_offset: at as u32,
                    opcode,
                });
                self.words.len()
            } else if count > left {
                self.errors.push(BinaryError::PastEnd {
                    word_offset: at as u32,
                    word_count: count as u32,
                    words_left: left as u32,
                });
                self.words.len()
            } else {
                at + count
            };
            let line = if count == 0 || count > left {
                self.raw_words(at, end);
                Line::Raw
            } else {
                self.instruction(at, end, opcode)
            };
            let mut text_range = line_start..self.text.len();
            if line == Line::Raw && previous == Line::Open {
                text_range = self.rewrite_previous_raw(previous_words.clone(), text_range);
            }
            self.lines.push(InstructionPlace {
                index,
                word_offset: at as u32,
                text_range,
            });
            self.text.push('\n');
            index += 1;
            previous = line;
            previous_words = at..end;
            at = end;
        }
    }

    /// spirv-as appends `!` immediates to the instruction before them while that one still
    /// expects operands, so before a raw line such an instruction is written raw too. Returns
    /// the raw line's new range.
    fn rewrite_previous_raw(
        &mut self,
        words: Range<usize>,
        raw_line: Range<usize>,
    ) -> Range<usize> {
        let raw = self.text.split_off(raw_line.start);
        let Some(place) = self.lines.last_mut() else {
            self.text.push_str(&raw);
            return raw_line;
        };
        let start = place.text_range.start;
        self.text.truncate(start);
        for (i, word) in self.words[words].iter().enumerate() {
            if i > 0 {
                self.text.push(' ');
            }
            push_raw(&mut self.text, *word);
        }
        place.text_range = start..self.text.len();
        self.text.push('\n');
        let line_start = self.text.len();
        self.text.push_str(&raw);
        line_start..self.text.len()
    }

    /// Writes `words[from..to]` as `!0x…` immediates separated by spaces.
    fn raw_words(&mut self, from: usize, to: usize) {
        for (i, word) in self.words[from..to].iter().enumerate() {
            if i > 0 {
                self.text.push(' ');
            }
            push_raw(&mut self.text, *word);
        }
    }

    fn instruction(&mut self, start: usize, end: usize, opcode: u16) -> Line {
        let Some(inst) = grammar::instruction_by_opcode(opcode) else {
            self.errors.push(BinaryError::UnknownOpcode {
                word_offset: start as u32,
                opcode: u32::from(opcode),
            });
            self.raw_words(start, end);
            return Line::Raw;
        };
        self.start = start;
        self.end = end;
        self.cursor = start + 1;
        self.name = inst.name;
        self.result_id = None;
        self.literal_type = None;
        self.open = false;
        self.operands.clear();
        self.track_before(inst);

        let decoded = match inst.name {
            "OpExtInst" => self.ext_inst(inst),
            "OpSpecConstantOp" => self.spec_constant_op(inst),
            "OpSwitch" => self.switch(inst),
            _ => self.operand_list(inst.operands),
        };
        let decoded = decoded.and_then(|()| {
            if self.cursor < self.end {
                self.errors.push(BinaryError::ExtraWords {
                    word_offset: self.cursor as u32,
                    instruction: self.name,
                    count: (self.end - self.cursor) as u32,
                });
                Err(Stop::Raw)
            } else {
                Ok(())
            }
        });
        match decoded {
            Ok(()) => {}
            Err(Stop::RestRaw) => {
                self.open = true;
                for word in &self.words[self.cursor..self.end] {
                    self.operands.push(' ');
                    push_raw(&mut self.operands, *word);
                }
            }
            Err(Stop::Raw) => {
                self.raw_words(start, end);
                return Line::Raw;
            }
        }
        if let Some(id) = self.result_id {
            self.text.push('%');
            push_u64(&mut self.text, u64::from(id));
            self.text.push_str(" = ");
        }
        self.text.push_str(inst.name);
        self.text.push_str(&self.operands);
        self.track_after(inst);
        if self.open {
            Line::Open
        } else {
            Line::Closed
        }
    }

    /// Records what later instructions need: each value's type (for `OpSwitch`), and the type
    /// a constant's literal is read as.
    fn track_before(&mut self, inst: &'static Instruction) {
        let w = &self.words[self.start..self.end];
        let ops = inst.operands;
        if ops.len() >= 2 && ops[0].kind == self.id_result_type && ops[1].kind == self.id_result {
            if w.len() >= 3 {
                self.value_types.insert(w[2], w[1]);
            }
            if matches!(inst.name, "OpConstant" | "OpSpecConstant") && w.len() >= 2 {
                self.literal_type = Some((w[1], self.number_types.get(&w[1]).copied()));
            }
        }
    }

    fn track_after(&mut self, inst: &'static Instruction) {
        let w = &self.words[self.start..self.end];
        match inst.name {
            "OpTypeInt" if w.len() >= 4 => {
                let number = NumberType {
                    width: w[2],
                    signed: w[3] != 0,
                    float: false,
                    encoded: false,
                };
                self.number_types.insert(w[1], number);
            }
            "OpTypeFloat" if w.len() >= 3 => {
                let number = NumberType {
                    width: w[2],
                    signed: true,
                    float: true,
                    encoded: w.len() > 3,
                };
                self.number_types.insert(w[1], number);
            }
            "OpExtInstImport" if w.len() >= 3 => {
                // The name decoded fine (or the instruction was written raw and is skipped).
                if let Some(name) = decode_string(&w[2..]).and_then(|(s, _)| s.ok()) {
                    let set = grammar::extended_set(&name);
                    let name: &'static str = match set {
                        Some(set) => set.name,
                        None => "an unknown set",
                    };
                    self.ext_sets.insert(w[1], (name, set));
                }
            }
            _ => {}
        }
    }

    fn operand_list(&mut self, operands: &'static [Operand]) -> Result<(), Stop> {
        for operand in operands {
            match operand.quantifier {
                Quantifier::One => {
                    if self.cursor >= self.end {
                        self.errors.push(BinaryError::MissingOperand {
                            word_offset: self.start as u32,
                            instruction: self.name,
                            operand: operand_label(operand),
                        });
                        return Err(Stop::Raw);
                    }
                    self.operand(operand)?;
                }
                Quantifier::Optional => {
                    if self.cursor < self.end {
                        self.operand(operand)?;
                    } else {
                        self.open = true;
                    }
                }
                Quantifier::Many => {
                    self.open = true;
                    while self.cursor < self.end {
                        self.operand(operand)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn operand(&mut self, operand: &'static Operand) -> Result<(), Stop> {
        let kind = operand.kind.get();
        if kind.category == Category::Composite {
            for (i, base) in kind.bases.iter().enumerate() {
                if self.cursor >= self.end {
                    self.errors.push(BinaryError::MissingOperand {
                        word_offset: self.start as u32,
                        instruction: self.name,
                        operand: if i == 0 {
                            operand_label(operand)
                        } else {
                            base.get().name
                        },
                    });
                    return Err(Stop::Raw);
                }
                self.single(*base, base.get())?;
            }
            return Ok(());
        }
        self.single(operand.kind, kind)
    }

    /// One operand of a non-composite kind at the cursor (which is before `end`).
    fn single(&mut self, id: OperandKindId, kind: &'static OperandKind) -> Result<(), Stop> {
        let at = self.cursor;
        let word = self.words[at];
        match kind.category {
            Category::Id => {
                if id == self.id_result {
                    self.result_id = Some(word);
                } else {
                    self.operands.push_str(" %");
                    push_u64(&mut self.operands, u64::from(word));
                }
                self.cursor += 1;
            }
            Category::ValueEnum => {
                let Some(enumerant) = kind.enumerant_by_value(word) else {
                    self.errors.push(BinaryError::UnknownEnumerant {
                        word_offset: at as u32,
                        kind: kind.name,
                        value: word,
                    });
                    return Err(Stop::RestRaw);
                };
                self.operands.push(' ');
                self.operands.push_str(enumerant.name);
                self.cursor += 1;
                self.operand_list(enumerant.parameters)?;
            }
            Category::BitEnum => {
                let unknown = unknown_bits(kind, word);
                if unknown != 0 {
                    self.errors.push(BinaryError::UnknownEnumerant {
                        word_offset: at as u32,
                        kind: kind.name,
                        value: unknown,
                    });
                    return Err(Stop::RestRaw);
                }
                self.operands.push(' ');
                self.cursor += 1;
                if word == 0 {
                    let none = kind.enumerant_by_value(0).map_or("None", |e| e.name);
                    self.operands.push_str(none);
                    return Ok(());
                }
                let mut first = true;
                for bit in 0..32 {
                    if word & (1 << bit) != 0 {
                        if !first {
                            self.operands.push('|');
                        }
                        first = false;
                        let name = kind.enumerant_by_value(1 << bit).map_or("", |e| e.name);
                        self.operands.push_str(name);
                    }
                }
                // The parameters of the set bits follow the mask, lowest bit first.
                for bit in 0..32 {
                    if word & (1 << bit) != 0 {
                        if let Some(enumerant) = kind.enumerant_by_value(1 << bit) {
                            self.operand_list(enumerant.parameters)?;
                        }
                    }
                }
            }
            Category::Literal => self.literal(kind)?,
            Category::Composite => {
                // Composites of composites do not occur in the grammar.
                return Err(Stop::RestRaw);
            }
        }
        Ok(())
    }

    fn literal(&mut self, kind: &'static OperandKind) -> Result<(), Stop> {
        let at = self.cursor;
        let word = self.words[at];
        match kind.name {
            "LiteralString" => {
                let Some((decoded, used)) = decode_string(&self.words[at..self.end]) else {
                    self.errors.push(BinaryError::UnterminatedString {
                        word_offset: at as u32,
                    });
                    return Err(Stop::Raw);
                };
                let Ok(string) = decoded else {
                    self.errors.push(BinaryError::InvalidUtf8 {
                        word_offset: at as u32,
                    });
                    return Err(Stop::Raw);
                };
                self.operands.push_str(" \"");
                for c in string.chars() {
                    if c == '"' || c == '\\' {
                        self.operands.push('\\');
                    }
                    self.operands.push(c);
                }
                self.operands.push('"');
                self.cursor += used;
            }
            "LiteralFloat" => {
                self.operands.push(' ');
                push_float(&mut self.operands, u64::from(word), 32);
                self.cursor += 1;
            }
            "LiteralContextDependentNumber" => {
                let (type_id, number) = self.literal_type.unwrap_or((0, None));
                self.typed_literal(type_id, number)?;
            }
            // LiteralInteger, LiteralExtInstInteger, LiteralSpecConstantOpInteger outside their
            // special instructions: an unsigned word.
            _ => {
                self.operands.push(' ');
                push_u64(&mut self.operands, u64::from(word));
                self.cursor += 1;
            }
        }
        Ok(())
    }

    /// A number whose width and form come from `type_id` (the cursor is before `end`).
    fn typed_literal(&mut self, type_id: u32, number: Option<NumberType>) -> Result<(), Stop> {
        let at = self.cursor;
        let Some((number, words)) = number.and_then(|n| Some((n, n.words()?))) else {
            self.errors.push(BinaryError::UntypedLiteral {
                word_offset: at as u32,
                type_id,
            });
            return Err(Stop::RestRaw);
        };
        if at + words > self.end {
            self.errors.push(BinaryError::MissingOperand {
                word_offset: self.start as u32,
                instruction: self.name,
                operand: "the high word of a 64-bit literal",
            });
            return Err(Stop::Raw);
        }
        let low = self.words[at];
        self.operands.push(' ');
        if words == 2 {
            let bits = u64::from(low) | (u64::from(self.words[at + 1]) << 32);
            if number.float {
                push_float(&mut self.operands, bits, 64);
            } else if number.signed {
                push_i64(&mut self.operands, bits as i64);
            } else {
                push_u64(&mut self.operands, bits);
            }
        } else {
            let width = number.width;
            let extended = if width >= 32 {
                low
            } else if number.signed && !number.float {
                (((low << (32 - width)) as i32) >> (32 - width)) as u32
            } else {
                low & ((1u32 << width) - 1)
            };
            if extended != low {
                self.errors.push(BinaryError::LiteralHighBits {
                    word_offset: at as u32,
                    width,
                    word: low,
                });
                push_raw(&mut self.operands, low);
            } else if number.float {
                push_float(&mut self.operands, u64::from(low), width);
            } else if number.signed {
                push_i64(&mut self.operands, i64::from(low as i32));
            } else {
                push_u64(&mut self.operands, u64::from(low));
            }
        }
        self.cursor += words;
        Ok(())
    }

    /// `OpExtInst`: the instruction by name, its operands per the set's grammar.
    fn ext_inst(&mut self, inst: &'static Instruction) -> Result<(), Stop> {
        // Result type, result, set.
        self.operand_list(inst.operands.get(..3).unwrap_or_default())?;
        let set_id = self.words[self.start + 3];
        if self.cursor >= self.end {
            self.errors.push(BinaryError::MissingOperand {
                word_offset: self.start as u32,
                instruction: self.name,
                operand: "Instruction",
            });
            return Err(Stop::Raw);
        }
        let number = self.words[self.cursor];
        match self.ext_sets.get(&set_id).copied() {
            Some((set_name, Some(set))) => {
                let Some(ext) = set.instruction_by_opcode(number) else {
                    self.errors.push(BinaryError::UnknownExtendedInstruction {
                        word_offset: self.cursor as u32,
                        set: set_name,
                        number,
                    });
                    return Err(Stop::RestRaw);
                };
                self.operands.push(' ');
                self.operands.push_str(ext.name);
                self.cursor += 1;
                self.operand_list(ext.operands)
            }
            // A set speclint does not know: the number, then ids (as spirv-dis does for
            // non-semantic sets).
            _ => self.operand_list(inst.operands.get(3..).unwrap_or_default()),
        }
    }

    /// `OpSpecConstantOp`: the operation by name without `Op`, then that opcode's operands
    /// after its result type and result.
    fn spec_constant_op(&mut self, inst: &'static Instruction) -> Result<(), Stop> {
        self.operand_list(inst.operands.get(..2).unwrap_or_default())?;
        if self.cursor >= self.end {
            self.errors.push(BinaryError::MissingOperand {
                word_offset: self.start as u32,
                instruction: self.name,
                operand: "Opcode",
            });
            return Err(Stop::Raw);
        }
        let opcode = self.words[self.cursor];
        let operation = u16::try_from(opcode)
            .ok()
            .and_then(grammar::instruction_by_opcode);
        let Some(operation) = operation else {
            self.errors.push(BinaryError::UnknownOpcode {
                word_offset: self.cursor as u32,
                opcode,
            });
            return Err(Stop::RestRaw);
        };
        self.operands.push(' ');
        self.operands
            .push_str(operation.name.strip_prefix("Op").unwrap_or(operation.name));
        self.cursor += 1;
        let skip = operation
            .operands
            .iter()
            .take_while(|o| o.kind == self.id_result_type || o.kind == self.id_result)
            .count();
        self.operand_list(&operation.operands[skip..])
    }

    /// `OpSwitch`: the case literals have the selector's type.
    fn switch(&mut self, inst: &'static Instruction) -> Result<(), Stop> {
        // Selector, Default.
        self.operand_list(inst.operands.get(..2).unwrap_or_default())?;
        let selector = self.words[self.start + 1];
        let type_id = self.value_types.get(selector).unwrap_or(0);
        let number = self.number_types.get(&type_id).copied();
        while self.cursor < self.end {
            self.typed_literal(type_id, number)?;
            if self.cursor >= self.end {
                self.errors.push(BinaryError::MissingOperand {
                    word_offset: self.start as u32,
                    instruction: self.name,
                    operand: "the label of a case",
                });
                return Err(Stop::Raw);
            }
            self.operands.push_str(" %");
            push_u64(&mut self.operands, u64::from(self.words[self.cursor]));
            self.cursor += 1;
        }
        Ok(())
    }
}

fn operand_label(operand: &Operand) -> &'static str {
    if operand.name.is_empty() {
        operand.kind.get().name
    } else {
        operand.name
    }
}

pub(super) fn unknown_bits(kind: &OperandKind, mask: u32) -> u32 {
    let mut unknown = 0;
    for bit in 0..32 {
        let value = 1u32 << bit;
        if mask & value != 0 && kind.enumerant_by_value(value).is_none() {
            unknown |= value;
        }
    }
    unknown
}

/// The string at the start of `words` (bytes in little-endian order within each word, up to the
/// first NUL) and the words it takes; `None` without a NUL.
fn decode_string(words: &[u32]) -> Option<(Result<String, ()>, usize)> {
    let mut bytes = Vec::new();
    for (i, word) in words.iter().enumerate() {
        for byte in word.to_le_bytes() {
            if byte == 0 {
                let string = String::from_utf8(bytes).map_err(|_| ());
                return Some((string, i + 1));
            }
            bytes.push(byte);
        }
    }
    None
}

fn push_raw(out: &mut String, word: u32) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push_str("!0x");
    for shift in (0..8).rev() {
        out.push(HEX[((word >> (shift * 4)) & 0xf) as usize] as char);
    }
}

fn push_u64(out: &mut String, mut value: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}

fn push_i64(out: &mut String, value: i64) {
    if value < 0 {
        out.push('-');
    }
    push_u64(out, value.unsigned_abs());
}

/// A float the way spirv-dis prints it: zero and normal 32- and 64-bit values in C++'s
/// default notation with max_digits10 significant digits (`%.9g`, `%.17g`); 16-bit values,
/// subnormals, infinities and NaNs as hex floats (`0x1p+128`).
fn push_float(out: &mut String, bits: u64, width: u32) {
    match width {
        32 => {
            let value = f32::from_bits(bits as u32);
            if value == 0.0 || value.is_normal() {
                push_general(out, f64::from(value), 9);
            } else {
                push_hex_float(out, bits, 23, 8);
            }
        }
        64 => {
            let value = f64::from_bits(bits);
            if value == 0.0 || value.is_normal() {
                push_general(out, value, 17);
            } else {
                push_hex_float(out, bits, 52, 11);
            }
        }
        _ => push_hex_float(out, bits & 0xffff, 10, 5),
    }
}

/// C's `%.{precision}g`.
fn push_general(out: &mut String, value: f64, precision: usize) {
    if value == 0.0 {
        out.push_str(if value.is_sign_negative() { "-0" } else { "0" });
        return;
    }
    let scientific = format!("{:.*e}", precision - 1, value);
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if exponent < -4 || exponent >= precision as i32 {
        out.push_str(trim_fraction(mantissa));
        out.push('e');
        out.push(if exponent < 0 { '-' } else { '+' });
        if exponent.abs() < 10 {
            out.push('0');
        }
        push_u64(out, u64::from(exponent.unsigned_abs()));
    } else {
        let decimals = (precision as i32 - 1 - exponent) as usize;
        let fixed = format!("{value:.decimals$}");
        out.push_str(trim_fraction(&fixed));
    }
}

fn trim_fraction(number: &str) -> &str {
    if number.contains('.') {
        number.trim_end_matches('0').trim_end_matches('.')
    } else {
        number
    }
}

/// SPIRV-Tools' hex float form: `[-]0x1.<fraction>p±<exponent>`, the fraction padded to whole
/// nibbles and stripped of trailing zero nibbles, subnormals normalised.
fn push_hex_float(out: &mut String, bits: u64, fraction_bits: u32, exponent_bits: u32) {
    let bias = (1i64 << (exponent_bits - 1)) - 1;
    let negative = (bits >> (fraction_bits + exponent_bits)) & 1 == 1;
    let biased = ((bits >> fraction_bits) & ((1 << exponent_bits) - 1)) as i64;
    let pad = (4 - fraction_bits % 4) % 4;
    let width = fraction_bits + pad;
    let mut fraction = (bits & ((1u64 << fraction_bits) - 1)) << pad;
    let zero = biased == 0 && fraction == 0;
    let mut exponent = if zero { 0 } else { biased - bias };
    if biased == 0 && !zero {
        while fraction & (1 << (width - 1)) == 0 {
            fraction <<= 1;
            exponent -= 1;
        }
        fraction = (fraction << 1) & ((1u64 << width) - 1);
    }
    let mut nibbles = width / 4;
    while nibbles > 0 && fraction & 0xf == 0 {
        fraction >>= 4;
        nibbles -= 1;
    }
    if negative {
        out.push('-');
    }
    out.push_str(if zero { "0x0" } else { "0x1" });
    if nibbles > 0 {
        let _ = write!(out, ".{:0width$x}", fraction, width = nibbles as usize);
    }
    out.push('p');
    if exponent >= 0 {
        out.push('+');
    }
    push_i64(out, exponent);
}

/// The tool names of the SPIR-V generator registry, as SPIRV-Tools prints them.
fn generator_name(tool: u32) -> Option<&'static str> {
    const NAMES: &[&str] = &[
        "Khronos",
        "LunarG",
        "Valve",
        "Codeplay",
        "NVIDIA",
        "ARM",
        "Khronos LLVM/SPIR-V Translator",
        "Khronos SPIR-V Tools Assembler",
        "Khronos Glslang Reference Front End",
        "Qualcomm",
        "AMD",
        "Intel",
        "Imagination",
        "Google Shaderc over Glslang",
        "Google spiregg",
        "Google rspirv",
        "X-LEGEND Mesa-IR/SPIR-V Translator",
        "Khronos SPIR-V Tools Linker",
        "Wine VKD3D Shader Compiler",
        "Tellusim Clay Shader Compiler",
        "W3C WebGPU Group WHLSL Shader Translator",
        "Google Clspv",
        "Google MLIR SPIR-V Serializer",
        "Google Tint Compiler",
        "Google ANGLE Shader Compiler",
        "Netease Games Messiah Shader Compiler",
        "Xenia Xenia Emulator Microcode Translator",
        "Embark Studios Rust GPU Compiler Backend",
        "gfx-rs community Naga",
        "Mikkosoft Productions MSP Shader Compiler",
        "SpvGenTwo community SpvGenTwo SPIR-V IR Tools",
        "Google Skia SkSL",
        "TornadoVM SPIRV Beehive Toolkit",
        "DragonJoker ShaderWriter",
        "Rayan Hatout SPIRVSmith",
        "Saarland University Shady",
        "Taichi Graphics Taichi",
    ];
    NAMES.get(tool as usize).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One instruction's words: the opcode of `name`, then `operands`.
    fn inst(name: &str, operands: &[u32]) -> Vec<u32> {
        let opcode = grammar::instruction(name).unwrap().opcode;
        let mut words = vec![((operands.len() as u32 + 1) << 16) | u32::from(opcode)];
        words.extend_from_slice(operands);
        words
    }

    /// A literal string's words (NUL-terminated, zero-padded).
    fn string(text: &str) -> Vec<u32> {
        let mut bytes = text.as_bytes().to_vec();
        bytes.resize(bytes.len() / 4 * 4 + 4, 0);
        bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    fn module(instructions: &[Vec<u32>]) -> Vec<u8> {
        let mut words = vec![MAGIC, 0x0001_0000, 0x0007_0000, 100, 0];
        for inst in instructions {
            words.extend_from_slice(inst);
        }
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// A small kernel exercising extended instructions, 64-bit constants and switches, masks
    /// with parameters and strings.
    fn sample() -> Vec<u8> {
        let mut import = vec![1];
        import.extend(string("OpenCL.std"));
        let mut entry = vec![6, 10];
        entry.extend(string("k\"\\"));
        module(&[
            inst("OpCapability", &[4]),  // Addresses
            inst("OpCapability", &[6]),  // Kernel
            inst("OpCapability", &[11]), // Int64
            inst("OpExtInstImport", &import),
            inst("OpMemoryModel", &[2, 2]), // Physical64 OpenCL
            inst("OpEntryPoint", &entry),
            inst("OpExecutionMode", &[10, 17, 8, 1, 1]), // LocalSize 8 1 1
            inst("OpTypeVoid", &[2]),
            inst("OpTypeFloat", &[3, 32]),
            inst("OpTypeInt", &[4, 64, 1]),
            inst("OpConstant", &[3, 5, 0x3f00_0000]), // 0.5
            inst("OpConstant", &[4, 6, 0xfffe_ffff, 0xffff_ffff]), // -65537
            inst("OpTypeFunction", &[7, 2]),
            inst("OpTypePointer", &[8, 5, 3]), // CrossWorkgroup float
            inst("OpVariable", &[8, 9, 5]),
            inst("OpFunction", &[2, 10, 0, 7]),
            inst("OpLabel", &[11]),
            inst("OpExtInst", &[3, 12, 1, 61, 5]), // sqrt
            inst("OpLoad", &[3, 13, 9, 3, 4]),     // Volatile|Aligned 4
            inst("OpSelectionMerge", &[14, 0]),
            inst("OpSwitch", &[6, 14, 0xffff_ffff, 0xffff_ffff, 15]),
            inst("OpLabel", &[15]),
            inst("OpBranch", &[14]),
            inst("OpLabel", &[14]),
            inst("OpReturn", &[]),
            inst("OpFunctionEnd", &[]),
        ])
    }

    fn line(dis: &Disassembly, i: usize) -> &str {
        &dis.text[dis.lines[i].text_range.clone()]
    }

    #[test]
    fn disassembles_like_spirv_dis() {
        let (dis, errors) = disassemble(&sample());
        assert!(errors.is_empty(), "{errors:?}");
        assert!(dis.text.starts_with(
            "; SPIR-V\n; Version: 1.0\n; Generator: Khronos SPIR-V Tools Assembler; 0\n; Bound: 100\n; Schema: 0\nOpCapability Addresses\n"
        ));
        assert_eq!(line(&dis, 3), "%1 = OpExtInstImport \"OpenCL.std\"");
        assert_eq!(line(&dis, 5), "OpEntryPoint Kernel %10 \"k\\\"\\\\\"");
        assert_eq!(line(&dis, 6), "OpExecutionMode %10 LocalSize 8 1 1");
        assert_eq!(line(&dis, 10), "%5 = OpConstant %3 0.5");
        assert_eq!(line(&dis, 11), "%6 = OpConstant %4 -65537");
        assert_eq!(line(&dis, 13), "%8 = OpTypePointer CrossWorkgroup %3");
        assert_eq!(line(&dis, 15), "%10 = OpFunction %2 None %7");
        assert_eq!(line(&dis, 17), "%12 = OpExtInst %3 %1 sqrt %5");
        assert_eq!(line(&dis, 18), "%13 = OpLoad %3 %9 Volatile|Aligned 4");
        assert_eq!(line(&dis, 20), "OpSwitch %6 %14 -1 %15");
        assert_eq!(dis.lines.len(), 26);
        // The header, then 60 words of the 17 instructions before it.
        assert_eq!(dis.lines[17].word_offset, 65);
    }

    #[test]
    fn byte_order_does_not_matter() {
        let little = sample();
        let big: Vec<u8> = little
            .chunks(4)
            .flat_map(|c| [c[3], c[2], c[1], c[0]])
            .collect();
        assert!(is_spirv_binary(&little) && is_spirv_binary(&big));
        let (a, _) = disassemble(&little);
        let (b, _) = disassemble(&big);
        assert_eq!(a.text, b.text);
        assert_eq!(a.lines, b.lines);
    }

    #[test]
    fn floats_print_like_spirv_tools() {
        let show = |bits: u64, width: u32| {
            let mut out = String::new();
            push_float(&mut out, bits, width);
            out
        };
        assert_eq!(show(0x3f80_0000, 32), "1");
        assert_eq!(show(0xc020_0000, 32), "-2.5");
        assert_eq!(show(0x3dcc_cccd, 32), "0.100000001");
        assert_eq!(show(0x60ad_78ec, 32), "1.00000002e+20");
        assert_eq!(show(0x38d1_b717, 32), "9.99999975e-05");
        assert_eq!(show(0x8000_0000, 32), "-0");
        assert_eq!(show(0x7f80_0000, 32), "0x1p+128");
        assert_eq!(show(0xff80_0000, 32), "-0x1p+128");
        assert_eq!(show(0x7fc0_0000, 32), "0x1.8p+128");
        assert_eq!(show(0x0000_0001, 32), "0x1p-149");
        assert_eq!(show(0x0040_0000, 32), "0x1p-127");
        assert_eq!(show(0x2e66, 16), "0x1.998p-4");
        assert_eq!(show(0x0001, 16), "0x1p-24");
        assert_eq!(show(0x8000, 16), "-0x0p+0");
        assert_eq!(show(0x3c00, 16), "0x1p+0");
        assert_eq!(show(0x4009_21fb_5444_2d18, 64), "3.1415926535897931");
        assert_eq!(show(0x3fb9_9999_9999_999a, 64), "0.10000000000000001");
        assert_eq!(show(0x4341_c379_37e0_8000, 64), "10000000000000000");
        assert_eq!(show(0x0000_0000_0000_0001, 64), "0x1p-1074");
        assert_eq!(show(0x7ff0_0000_0000_0000, 64), "0x1p+1024");
    }

    #[test]
    fn narrow_literals_must_be_extended() {
        let bytes = module(&[
            inst("OpTypeInt", &[1, 16, 1]),
            inst("OpConstant", &[1, 2, 0xffff_fffd]),
            inst("OpConstant", &[1, 3, 0x0000_fffd]),
        ]);
        let (dis, errors) = disassemble(&bytes);
        assert_eq!(line(&dis, 1), "%2 = OpConstant %1 -3");
        assert_eq!(line(&dis, 2), "%3 = OpConstant %1 !0x0000fffd");
        assert_eq!(
            errors,
            [BinaryError::LiteralHighBits {
                word_offset: 16,
                width: 16,
                word: 0xfffd
            }]
        );
    }

    #[test]
    fn constants_of_unknown_types_are_raw() {
        let bytes = module(&[inst("OpConstant", &[9, 2, 5, 6])]);
        let (dis, errors) = disassemble(&bytes);
        assert_eq!(line(&dis, 0), "%2 = OpConstant %9 !0x00000005 !0x00000006");
        assert_eq!(
            errors,
            [BinaryError::UntypedLiteral {
                word_offset: 8,
                type_id: 9
            }]
        );
    }

    /// A tiny xorshift generator: the fuzz loop is the same on every run.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
    }

    #[test]
    fn mutated_modules_never_panic() {
        let original = sample();
        let mut rng = Rng(0x5eed_1234_abcd_0001);
        let mut decoded_instructions = 0;
        for round in 0..2000 {
            let mut bytes = original.clone();
            for _ in 0..1 + rng.below(4) {
                match rng.below(5) {
                    0 => {
                        let i = rng.below(bytes.len());
                        bytes[i] ^= 1 << rng.below(8);
                    }
                    1 => {
                        let i = rng.below(bytes.len());
                        bytes[i] = rng.next() as u8;
                    }
                    2 => {
                        let len = rng.below(bytes.len() + 1);
                        bytes.truncate(len);
                    }
                    // A word count (the high half of an instruction's first word).
                    3 if bytes.len() > 24 => {
                        let word = 5 + rng.below(bytes.len() / 4 - 5);
                        bytes[word * 4 + 2] = rng.below(8) as u8;
                        bytes[word * 4 + 3] = 0;
                    }
                    _ => {
                        let word = rng.next() as u32;
                        let at = rng.below(bytes.len() / 4 + 1) * 4;
                        bytes.splice(at..at, word.to_le_bytes());
                    }
                }
                if bytes.is_empty() {
                    break;
                }
            }
            let (dis, errors) = disassemble(&bytes);
            let words = (bytes.len() / 4) as u32;
            for error in &errors {
                assert!(
                    error.word_offset() <= words,
                    "round {round}: {error:?} past {words} words"
                );
                assert!(!error.to_string().is_empty());
            }
            let mut end = 0;
            for place in &dis.lines {
                assert!(place.text_range.start >= end && place.text_range.end <= dis.text.len());
                assert_eq!(
                    &dis.text[place.text_range.end..place.text_range.end + 1],
                    "\n"
                );
                assert!(place.word_offset < words);
                end = place.text_range.end;
            }
            decoded_instructions += dis.lines.len();
        }
        // Most mutations leave most of the module decodable.
        assert!(decoded_instructions > 2000 * 10, "{decoded_instructions}");
    }
}
