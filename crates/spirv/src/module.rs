//! Instructions bound to the grammar: each opcode resolved, each result id defined once, and
//! each operand token matched to its operand kind (ids resolved, literals read, enumerants
//! looked up). Everything later (layout, capabilities, types, the OpenCL rules, hovers) reads
//! this model rather than tokens.

use super::grammar_names::parameter_name;
use super::parse::{parse, Header, SyntaxError, Token, TokenKind};
use super::rules;
use rustc_hash::FxHashMap;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::grammar::{
    self, Category, Enumerant, ExtendedInstruction, ExtendedSet, OperandKind, OperandKindId,
    Quantifier,
};

/// Index into `Module::ids`.
pub type IdIndex = u32;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Id(IdIndex),
    /// An integer literal's value (two's complement in 64 bits) and whether it was negative.
    Int(u64),
    Float(f64),
    /// A string literal, without its quotes.
    Str(StrRange),
    /// A value enum's enumerant, or a bit enum's combined mask.
    Enum(u32),
    /// An extended instruction's number in its set.
    ExtInst(u32),
    /// The operand could not be read; a diagnostic says why.
    Invalid,
}

/// Where a string literal's text lies, in 32-bit offsets: a `TextRange` would make every operand
/// of a module 8 bytes larger (40 instead of 32), and binding a large module is mostly storing
/// its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrRange {
    start: u32,
    end: u32,
}

impl StrRange {
    pub fn new(range: TextRange) -> Self {
        StrRange {
            start: range.start as u32,
            end: range.end as u32,
        }
    }

    pub fn range(self) -> TextRange {
        TextRange::new(self.start as usize, self.end as usize)
    }

    pub fn text(self, text: &str) -> &str {
        &text[self.start as usize..self.end as usize]
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Operand {
    pub value: Value,
    start: u32,
    end: u32,
    pub kind: OperandKindId,
    /// Index of the grammar's name of the operand (32 bytes an operand: modules have hundreds
    /// of thousands).
    name: u16,
}

impl Operand {
    /// The operand moved by `edit` (its range, and a string value's range).
    pub fn moved(mut self, edit: &speclint_base::language::Edit) -> Operand {
        self.start = edit.moved(self.start as usize) as u32;
        self.end = edit.moved(self.end as usize) as u32;
        if let Value::Str(range) = &mut self.value {
            *range = StrRange::new(edit.moved_range(range.range()));
        }
        self
    }

    pub fn range(&self) -> TextRange {
        TextRange::new(self.start as usize, self.end as usize)
    }

    /// The grammar's name of the operand (`Pointer`), empty for parameters of enumerants.
    pub fn name(&self) -> &'static str {
        operand_names().0[self.name as usize]
    }
}

/// Every operand name of the grammars, numbered: by the address of the static string (the
/// grammar tables are static, so one name is one address) and by number.
type OperandNames = (
    Vec<&'static str>,
    FxHashMap<usize, u16>,
    FxHashMap<&'static str, u16>,
);

fn operand_names() -> &'static OperandNames {
    static NAMES: std::sync::OnceLock<OperandNames> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names: OperandNames = Default::default();
        let mut add = |name: &'static str| {
            let key = name_key(name);
            if !names.1.contains_key(&key) {
                let index = *names.2.entry(name).or_insert_with(|| {
                    names.0.push(name);
                    (names.0.len() - 1) as u16
                });
                names.1.insert(key, index);
            }
        };
        for name in SYNTHETIC_NAMES {
            add(name);
        }
        for instruction in grammar::INSTRUCTIONS {
            instruction.operands.iter().for_each(|o| add(o.name));
        }
        for kind in grammar::OPERAND_KINDS {
            for enumerant in kind.enumerants {
                enumerant.parameters.iter().for_each(|o| add(o.name));
            }
        }
        for set in grammar::EXTENDED_SETS {
            for instruction in set.instructions {
                instruction.operands.iter().for_each(|o| add(o.name));
            }
        }
        names
    })
}

/// The operands of a core instruction that every use writes, and whether it has a result id:
/// counted once per instruction of the grammar, since the checks ask for every instruction of
/// a module (a count by kind name each time was a visible part of a large module's time).
#[derive(Clone, Copy)]
struct Shape {
    required: usize,
    has_result: bool,
    /// `OpExtInst`, whose operands its set gives.
    extended: bool,
}

impl Shape {
    fn of(opcode: &'static grammar::Instruction) -> Shape {
        // Indexed by opcode: the grammar has one instruction per opcode.
        static SHAPES: std::sync::OnceLock<Vec<Option<Shape>>> = std::sync::OnceLock::new();
        let shapes = SHAPES.get_or_init(|| {
            let last = grammar::INSTRUCTIONS.iter().map(|i| i.opcode).max();
            let mut shapes = vec![None; last.map_or(0, |o| o as usize + 1)];
            for instruction in grammar::INSTRUCTIONS {
                shapes[instruction.opcode as usize] = Some(Shape::count(instruction));
            }
            shapes
        });
        match shapes.get(opcode.opcode as usize) {
            Some(Some(shape)) => *shape,
            _ => Shape::count(opcode),
        }
    }

    fn count(opcode: &grammar::Instruction) -> Shape {
        let (id_result, _) = result_kinds();
        Shape {
            required: required_operands(opcode.operands),
            has_result: opcode.operands.iter().any(|o| o.kind == id_result),
            extended: opcode.name == "OpExtInst",
        }
    }
}

/// The grammar's operand kind of this name (`u16::MAX`, matching none, if there is none).
pub(crate) fn kind_id(name: &str) -> OperandKindId {
    let index = grammar::OPERAND_KINDS.iter().position(|k| k.name == name);
    OperandKindId(index.map_or(u16::MAX, |i| i as u16))
}

/// The operand kinds `IdResult` and `IdResultType`.
fn result_kinds() -> (OperandKindId, OperandKindId) {
    static KINDS: std::sync::OnceLock<(OperandKindId, OperandKindId)> = std::sync::OnceLock::new();
    *KINDS.get_or_init(|| (kind_id("IdResult"), kind_id("IdResultType")))
}

/// The operands of a list that must be written: those not optional, results aside.
fn required_operands(operands: &[grammar::Operand]) -> usize {
    let (id_result, id_result_type) = result_kinds();
    operands
        .iter()
        .filter(|o| {
            o.quantifier == Quantifier::One && o.kind != id_result && o.kind != id_result_type
        })
        .count()
}

/// `OpExtInstImport`'s opcode (fixed by the SPIR-V specification).
const OP_EXT_INST_IMPORT: u16 = 11;

/// Names the binder gives operands the grammar does not name.
const SYNTHETIC_NAMES: [&str; 2] = ["", "Instruction"];

/// A static string's identity: its address and length.
fn name_key(name: &'static str) -> usize {
    name.as_ptr() as usize ^ (name.len() << 48)
}

fn name_index(name: &'static str) -> u16 {
    let key = name_key(name);
    match operand_names().1.get(&key) {
        Some(&index) => index,
        // Not a grammar string (a literal in this file): by content.
        None => operand_names().2.get(name).copied().unwrap_or(0),
    }
}

#[derive(Debug)]
pub struct Instruction {
    pub opcode: Option<&'static grammar::Instruction>,
    /// For `OpExtInst`, the extended instruction once its set is known.
    pub extended: Option<(&'static ExtendedSet, &'static ExtendedInstruction)>,
    pub result: Option<IdIndex>,
    pub result_type: Option<IdIndex>,
    /// Index range into `Module::operands` (result and result type not included).
    pub operands: std::ops::Range<u32>,
    pub range: TextRange,
    pub opcode_range: TextRange,
}

impl Instruction {
    pub fn name(&self) -> &'static str {
        self.opcode.map_or("", |o| o.name)
    }
}

#[derive(Clone, Debug, Default)]
pub struct IdInfo {
    /// The instruction that defines it.
    pub definition: Option<u32>,
    /// Where its name is written in the defining instruction.
    pub definition_range: Option<TextRange>,
}

pub struct Module {
    pub instructions: Vec<Instruction>,
    pub operands: Vec<Operand>,
    pub ids: Vec<IdInfo>,
}

impl Module {
    pub fn operands(&self, instruction: &Instruction) -> &[Operand] {
        &self.operands[instruction.operands.start as usize..instruction.operands.end as usize]
    }

    pub fn definition(&self, id: IdIndex) -> Option<&Instruction> {
        self.ids
            .get(id as usize)?
            .definition
            .map(|i| &self.instructions[i as usize])
    }

    /// The id named by the token at `offset`: a result, a result type or an id operand.
    pub fn id_at(&self, text: &str, offset: usize) -> Option<(TextRange, IdIndex)> {
        let (_, inst) = self.instruction_at(offset)?;
        let covers = |range: TextRange| range.start <= offset && offset <= range.end;
        let result = inst
            .result
            .and_then(|id| Some((self.ids[id as usize].definition_range?, id)))
            .filter(|(range, _)| {
                covers(*range) && inst.range.start <= range.start && range.end <= inst.range.end
            });
        let result_type = inst
            .result_type
            .and_then(|id| Some((self.result_type_range(text, inst)?, id)))
            .filter(|(range, _)| covers(*range));
        result.or(result_type).or_else(|| {
            self.operands(inst).iter().find_map(|o| match o.value {
                Value::Id(id) if covers(o.range()) => Some((o.range(), id)),
                _ => None,
            })
        })
    }

    /// Whether an instruction has every operand its grammar requires, each read: the later
    /// checks index operands by their grammar position, and an incomplete instruction already
    /// has its SPV007/SPV008.
    pub fn is_complete(&self, inst: &Instruction) -> bool {
        let Some(opcode) = inst.opcode else {
            return false;
        };
        let ops = self.operands(inst);
        let shape = Shape::of(opcode);
        let needed = match inst.extended {
            Some((_, extended)) => shape.required + required_operands(extended.operands),
            None if shape.extended => return false,
            None => shape.required,
        };
        ops.len() >= needed && ops.iter().all(|o| o.value != Value::Invalid)
    }

    /// Where an instruction's result type is written: the word after its opcode.
    pub fn result_type_range(&self, text: &str, inst: &Instruction) -> Option<TextRange> {
        inst.result_type?;
        let after = &text[inst.opcode_range.end..inst.range.end];
        let start = inst.opcode_range.end + (after.len() - after.trim_start().len());
        let word = text[start..inst.range.end].split_whitespace().next()?;
        Some(TextRange::new(start, start + word.len()))
    }

    /// Every place `id` is written: its definition, result types and operands, in text order.
    pub fn occurrences(&self, text: &str, id: IdIndex) -> Vec<TextRange> {
        let mut found = Vec::new();
        for inst in &self.instructions {
            // The definition, not a second instruction that reuses the id.
            let defined_here =
                |r: &TextRange| inst.range.start <= r.start && r.end <= inst.range.end;
            if inst.result == Some(id) {
                found.extend(self.ids[id as usize].definition_range.filter(defined_here));
            }
            if inst.result_type == Some(id) {
                found.extend(self.result_type_range(text, inst));
            }
            for operand in self.operands(inst) {
                if operand.value == Value::Id(id) {
                    found.push(operand.range());
                }
            }
        }
        found
    }

    pub fn instruction_at(&self, offset: usize) -> Option<(u32, &Instruction)> {
        let i = self
            .instructions
            .partition_point(|inst| inst.range.end < offset);
        self.instructions
            .get(i)
            .filter(|inst| inst.range.start <= offset)
            .map(|inst| (i as u32, inst))
    }
}

/// The module bound to the grammar, and what reading the text found besides.
pub struct Bound {
    pub module: Module,
    pub errors: Vec<SyntaxError>,
    pub header: Header,
    /// For each instruction, how many ids appeared before it (ids are numbered in order of
    /// first appearance): what `bind_function` needs to keep the numbering.
    pub ids_before: Vec<u32>,
    /// Where each id's name is first written.
    pub name_ranges: Vec<TextRange>,
}

/// Reads `text` and binds each instruction to the grammar as it is read, reporting unknown
/// opcodes, duplicate and undefined ids, operand counts and kinds. One pass: an id used before
/// its definition is entered on first use and defined when its instruction comes.
pub fn bind(text: &str, diagnostics: &mut Vec<Diagnostic>) -> Bound {
    let mut binder = Binder::new(text, text.len());
    let mut instructions: Vec<Instruction> = Vec::with_capacity(text.len() / 40);
    let (errors, header, _) = parse(text, |inst, tokens| {
        binder.read(inst, tokens, &mut instructions);
    });
    binder.report_undefined();
    diagnostics.append(&mut binder.diagnostics);
    Bound {
        module: Module {
            instructions,
            operands: binder.operands,
            ids: binder.ids,
        },
        errors,
        header,
        ids_before: binder.ids_before,
        name_ranges: binder.name_ranges,
    }
}

/// One function's instructions bound again (`bind_function`), to take the place of the old
/// ones in the module.
pub struct Rebound {
    pub instructions: Vec<Instruction>,
    /// Their operands (each instruction's `operands` indexes this list).
    pub operands: Vec<Operand>,
    pub diagnostics: Vec<Diagnostic>,
    pub ids_before: Vec<u32>,
    /// Every id an instruction defines, sorted, once each.
    pub defined: Vec<IdIndex>,
    /// The ids that first appear in the function (numbered `first_new` and up, or new to the
    /// module: numbered after the module's ids, with `new_names`), in order of appearance.
    pub order: Vec<IdIndex>,
    /// Those of `order` whose first appearance is a use, with that use: where SPV003 goes if
    /// they are never defined.
    pub first_uses: Vec<(IdIndex, TextRange)>,
    /// Where each of `order` is first written.
    pub order_ranges: Vec<TextRange>,
    /// A name whose hash another name has (the function is then analysed with the module).
    pub ambiguous: bool,
}

/// Marks a hash that two names share in a name index.
pub const AMBIGUOUS: IdIndex = IdIndex::MAX;

/// The hash a name index (`bind_function`) files a name under.
pub fn name_hash(name: &str) -> u64 {
    use std::hash::Hasher;
    let mut hasher = rustc_hash::FxHasher::default();
    hasher.write(name.as_bytes());
    hasher.finish()
}

/// One function's text parsed alone (`parse_function`): its instructions with their operand
/// tokens, positions in the whole text.
pub struct Parsed {
    pub instructions: Vec<(super::parse::Instruction, Vec<Token>)>,
    pub errors: Vec<SyntaxError>,
    pub header: Header,
}

/// Parses `text[range]` alone (whole lines holding one function).
pub fn parse_function(text: &str, range: TextRange) -> Parsed {
    let base = range.start as u32;
    let shift = |t: Token| Token {
        start: t.start + base,
        end: t.end + base,
        ..t
    };
    let moved = |r: TextRange| TextRange::new(r.start + range.start, r.end + range.start);
    let mut instructions = Vec::new();
    let (mut errors, header, _) = parse(&text[range.start..range.end], |inst, tokens| {
        instructions.push((
            super::parse::Instruction {
                result: inst.result.map(shift),
                opcode: shift(inst.opcode),
                range: moved(inst.range),
            },
            tokens.iter().map(|&t| shift(t)).collect(),
        ));
    });
    for error in &mut errors {
        error.range = moved(error.range);
    }
    Parsed {
        instructions,
        errors,
        header,
    }
}

/// Binds a function's instructions (`parse_function`) as `bind` binds them within the whole
/// text: ids are looked up by name in `known` (each name's hash to its id, checked against
/// where the id's name is first written in the previous text: `known_ranges` of `known_text`;
/// or, once named in the function, among those),
/// the ids table is `ids` (the module's, with the definitions the function made removed:
/// they are entered again), instructions are numbered from `first`, `ext_imports` are the
/// extended instruction sets imported before it, and the ids numbered `first_new` and up are
/// those that first appear in the function or after it. A name `known` lacks gets a new id
/// after the module's. `ids` is given back.
pub fn bind_function(
    text: &str,
    parsed: &Parsed,
    (known, known_ranges, known_text): (&FxHashMap<u64, IdIndex>, &[TextRange], &str),
    ids: &mut Vec<IdInfo>,
    (first, first_new): (u32, u32),
    ext_imports: FxHashMap<IdIndex, Option<&'static ExtendedSet>>,
) -> Rebound {
    let mut binder = Binder::new(text, 0);
    binder.ids = std::mem::take(ids);
    binder.known = Some(known);
    binder.known_ranges = known_ranges;
    binder.known_text = known_text;
    binder.first_new = first_new;
    binder.read = first;
    binder.imports = ext_imports;
    let mut instructions: Vec<Instruction> = Vec::with_capacity(parsed.instructions.len());
    for (inst, tokens) in &parsed.instructions {
        binder.read(inst, tokens, &mut instructions);
    }
    *ids = std::mem::take(&mut binder.ids);
    let mut defined = std::mem::take(&mut binder.defined);
    defined.sort_unstable();
    defined.dedup();
    Rebound {
        instructions,
        operands: binder.operands,
        diagnostics: binder.diagnostics,
        ids_before: binder.ids_before,
        defined,
        order: binder.order,
        first_uses: binder.first_uses,
        order_ranges: binder.order_ranges,
        ambiguous: binder.ambiguous,
    }
}

impl Module {
    /// Numbers ids anew: id `i` becomes `remap[i]` in the instructions from `from` on (those
    /// before name no id that `remap` moves) and in the ids table.
    pub fn renumber(&mut self, from: usize, remap: &[IdIndex]) {
        let map = |id: &mut IdIndex| *id = remap[*id as usize];
        let Some(first) = self.instructions.get(from) else {
            return;
        };
        let first_operand = first.operands.start as usize;
        for inst in &mut self.instructions[from..] {
            if let Some(id) = &mut inst.result {
                map(id);
            }
            if let Some(id) = &mut inst.result_type {
                map(id);
            }
        }
        for operand in &mut self.operands[first_operand..] {
            if let Value::Id(id) = &mut operand.value {
                map(id);
            }
        }
        let count = remap.iter().map(|&i| i as usize + 1).max().unwrap_or(0);
        let mut ids = vec![IdInfo::default(); count];
        for (old, info) in std::mem::take(&mut self.ids).into_iter().enumerate() {
            ids[remap[old] as usize] = info;
        }
        self.ids = ids;
    }

    /// Replaces instructions `old` (a whole function) by `new`, whose operands are
    /// `operands` (indexed from 0), and moves what follows by `edit` (offsets) and by the
    /// change in instruction and operand counts (indices). The ids table is the caller's.
    pub fn splice_function(
        &mut self,
        old: std::ops::Range<usize>,
        mut new: Vec<Instruction>,
        operands: Vec<Operand>,
        edit: &speclint_base::language::Edit,
    ) {
        let first_operand = self.instructions[old.start].operands.start;
        let old_operands = first_operand..self.instructions[old.end - 1].operands.end;
        let operand_delta = operands.len() as i64 - old_operands.len() as i64;
        for inst in &mut new {
            inst.operands = inst.operands.start + first_operand..inst.operands.end + first_operand;
        }
        let new_count = new.len();
        self.operands.splice(
            old_operands.start as usize..old_operands.end as usize,
            operands,
        );
        let moved_after =
            old_operands.start as usize + (old_operands.len() as i64 + operand_delta) as usize;
        for operand in &mut self.operands[moved_after..] {
            *operand = operand.moved(edit);
        }
        self.instructions.splice(old.clone(), new);
        for inst in &mut self.instructions[old.start + new_count..] {
            inst.operands = (inst.operands.start as i64 + operand_delta) as u32
                ..(inst.operands.end as i64 + operand_delta) as u32;
            inst.range = edit.moved_range(inst.range);
            inst.opcode_range = edit.moved_range(inst.opcode_range);
        }
    }
}

struct Binder<'t> {
    text: &'t str,
    names: FxHashMap<&'t str, IdIndex>,
    ids: Vec<IdInfo>,
    /// Where each id not defined yet was first used, for SPV003 if it never is.
    first_use: FxHashMap<IdIndex, TextRange>,
    operands: Vec<Operand>,
    diagnostics: Vec<Diagnostic>,
    imports: FxHashMap<IdIndex, Option<&'static ExtendedSet>>,
    /// Instructions read so far (the index the next one gets, within this part).
    read: u32,
    /// Ids that appeared before each instruction read.
    ids_before: Vec<u32>,
    /// Rebinding one function (`bind_function`): the module's names, looked up when the
    /// function has not named an id yet.
    known: Option<&'t FxHashMap<u64, IdIndex>>,
    known_ranges: &'t [TextRange],
    known_text: &'t str,
    ambiguous: bool,
    /// The first id that can first appear in the function (`Rebound::order`).
    first_new: u32,
    order: Vec<IdIndex>,
    in_order: rustc_hash::FxHashSet<IdIndex>,
    defined: Vec<IdIndex>,
    first_uses: Vec<(IdIndex, TextRange)>,
    order_ranges: Vec<TextRange>,
    /// Where each id's name is first written (binding a whole text).
    name_ranges: Vec<TextRange>,
}

/// Operands still to be matched, in order.
struct Cursor<'p> {
    tokens: &'p [Token],
    next: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<Token> {
        self.tokens.get(self.next).copied()
    }
    fn take(&mut self) -> Option<Token> {
        let token = self.peek()?;
        self.next += 1;
        Some(token)
    }
    fn done(&self) -> bool {
        self.next >= self.tokens.len()
    }
}

impl<'t> Binder<'t> {
    /// A binder for `bytes` of text: tables sized for typical spirv-dis output (about 48 bytes
    /// an instruction, 16 an operand), since growing them by doubling copies and touches twice
    /// the memory, while unused capacity is never touched.
    fn new(text: &'t str, bytes: usize) -> Self {
        Binder {
            text,
            names: FxHashMap::with_capacity_and_hasher(bytes / 48, Default::default()),
            ids: Vec::with_capacity(bytes / 48),
            first_use: FxHashMap::default(),
            operands: Vec::with_capacity(bytes / 16),
            diagnostics: Vec::new(),
            imports: FxHashMap::default(),
            read: 0,
            ids_before: Vec::with_capacity(bytes / 40),
            known: None,
            known_ranges: &[],
            known_text: "",
            ambiguous: false,
            first_new: 0,
            order: Vec::new(),
            in_order: Default::default(),
            defined: Vec::new(),
            first_uses: Vec::new(),
            order_ranges: Vec::new(),
            name_ranges: Vec::with_capacity(bytes / 48),
        }
    }

    /// The id named `name` if one has been: in this text, or in `known`.
    fn lookup(&mut self, name: &'t str) -> Option<IdIndex> {
        if let Some(&id) = self.names.get(name) {
            return Some(id);
        }
        let id = *self.known?.get(&name_hash(name))?;
        let written = self.known_ranges.get(id as usize);
        if id == AMBIGUOUS || written.is_none_or(|r| &self.known_text[r.start..r.end] != name) {
            self.ambiguous = true;
            return None;
        }
        self.names.insert(name, id);
        Some(id)
    }

    /// Rebinding a function: notes `id` as named here (at `used`, for a use); whether this is
    /// its first appearance.
    fn seen(&mut self, id: IdIndex, range: TextRange, used: bool) {
        if self.known.is_none() || id < self.first_new || !self.in_order.insert(id) {
            return;
        }
        self.order.push(id);
        self.order_ranges.push(range);
        if used {
            self.first_uses.push((id, range));
        }
    }

    /// A new id for the name `token` writes (its first appearance).
    fn new_id(&mut self, token: Token) -> IdIndex {
        let name = token.text(self.text);
        if self.known.is_none() {
            self.name_ranges.push(token.range());
        }
        self.ids.push(IdInfo::default());
        let id = (self.ids.len() - 1) as IdIndex;
        self.names.insert(name, id);
        id
    }

    /// Binds one parsed instruction and appends it.
    fn read(
        &mut self,
        inst: &super::parse::Instruction,
        tokens: &[Token],
        instructions: &mut Vec<Instruction>,
    ) {
        let index = self.read;
        self.read += 1;
        self.ids_before.push(if self.known.is_some() {
            self.first_new + self.order.len() as u32
        } else {
            self.ids.len() as u32
        });
        let result = inst.result.map(|token| self.define(token, index));
        let bound = self.instruction(tokens, inst, result);
        instructions.push(bound);
    }

    /// Enters the result id of instruction `index` (reporting a second definition).
    fn define(&mut self, token: Token, index: u32) -> IdIndex {
        let name = token.text(self.text);
        let id = match self.lookup(name) {
            Some(id) => id,
            None => self.new_id(token),
        };
        self.seen(id, token.range(), false);
        if self.known.is_some() {
            self.defined.push(id);
        }
        let info = &mut self.ids[id as usize];
        if info.definition_range.is_some() {
            self.diagnostics
                .push(rules::spirv_duplicate_id::duplicate_id(name, token.range()));
        } else {
            info.definition = Some(index);
            info.definition_range = Some(token.range());
        }
        id
    }

    /// SPV003 for every id used and never defined, at its first use.
    fn report_undefined(&mut self) {
        let mut undefined: Vec<(TextRange, IdIndex)> = self
            .first_use
            .iter()
            .filter(|(id, _)| self.ids[**id as usize].definition.is_none())
            .map(|(id, range)| (*range, *id))
            .collect();
        undefined.sort_by_key(|(range, _)| range.start);
        for (range, _) in undefined {
            self.diagnostics
                .push(rules::spirv_undefined_id::undefined_id(self.text, range));
        }
    }

    fn instruction(
        &mut self,
        tokens: &[Token],
        inst: &super::parse::Instruction,
        result: Option<IdIndex>,
    ) -> Instruction {
        let name = inst.opcode.text(self.text);
        let opcode = opcode_named(name);
        let start = self.operands.len() as u32;
        let mut bound = Instruction {
            opcode,
            extended: None,
            result,
            result_type: None,
            operands: start..start,
            range: inst.range,
            opcode_range: inst.opcode.range(),
        };
        let Some(opcode) = opcode else {
            let diagnostic = rules::spirv_unknown_opcode::unknown_opcode(name, inst.opcode.range());
            self.diagnostics.push(diagnostic);
            // Still resolve the ids it names, so they count as used and navigate.
            for token in tokens {
                if token.kind == TokenKind::Id {
                    self.use_id(*token);
                }
            }
            return bound;
        };
        let mut cursor = Cursor { tokens, next: 0 };
        let (id_result, id_result_type) = result_kinds();
        for operand in opcode.operands {
            let kind = operand.kind.get();
            match operand.kind {
                id if id == id_result => {
                    if result.is_none() {
                        self.diagnostics
                            .push(rules::spirv_operand_count::operand_count(
                                rules::spirv_operand_count::Problem::ResultMissing {
                                    instruction: name,
                                },
                                inst.opcode.range(),
                            ));
                    }
                    continue;
                }
                id if id == id_result_type => {
                    match cursor.take() {
                        Some(token) if token.kind == TokenKind::Id => {
                            bound.result_type = Some(self.use_id(token));
                        }
                        Some(token) => {
                            self.diagnostics
                                .push(rules::spirv_operand_kind::operand_kind(
                                    rules::spirv_operand_kind::Problem::ResultTypeNotAnId {
                                        instruction: name,
                                        found: token.text(self.text),
                                    },
                                    token.range(),
                                ));
                        }
                        None => self.missing(inst, name, opcode, "Result Type"),
                    }
                    continue;
                }
                _ => {}
            }
            // OpExtInst: the set's own operands replace the generic list.
            if kind.name == "LiteralExtInstInteger" {
                // The operands after it are ids (`IdRef*`, OpExtInst's last grammar operand).
                let id_kind = opcode.operands.last().map_or(operand.kind, |o| o.kind);
                self.extended_instruction(inst, &mut cursor, &mut bound, operand.kind, id_kind);
                break;
            }
            if kind.name == "LiteralSpecConstantOpInteger" {
                // The operation and its operands: opcode name then ids/literals, unchecked.
                while let Some(token) = cursor.take() {
                    if token.kind == TokenKind::Id {
                        let id = self.use_id(token);
                        self.push(operand.kind, operand.name, token.range(), Value::Id(id));
                    }
                }
                break;
            }
            match operand.quantifier {
                Quantifier::One => {
                    if cursor.done() {
                        self.missing(inst, name, opcode, operand.name);
                        break;
                    }
                    self.one(operand.kind, operand.name, &mut cursor);
                }
                Quantifier::Optional => {
                    if !cursor.done() {
                        self.one(operand.kind, operand.name, &mut cursor);
                    }
                }
                Quantifier::Many => {
                    while !cursor.done() {
                        self.one(operand.kind, operand.name, &mut cursor);
                    }
                }
            }
        }
        if !Shape::of(opcode).has_result {
            if let Some(token) = inst.result {
                self.diagnostics
                    .push(rules::spirv_operand_count::operand_count(
                        rules::spirv_operand_count::Problem::NoResult { instruction: name },
                        token.range(),
                    ));
            }
        }
        if let Some(extra) = cursor.peek() {
            let last = tokens.last().expect("an extra operand exists");
            self.diagnostics
                .push(rules::spirv_operand_count::operand_count(
                    rules::spirv_operand_count::Problem::TooMany {
                        instruction: name,
                        operands: opcode.operands,
                    },
                    TextRange::new(extra.start as usize, last.end as usize),
                ));
            for token in &tokens[cursor.next..] {
                if token.kind == TokenKind::Id {
                    self.use_id(*token);
                }
            }
        }
        if opcode.opcode == OP_EXT_INST_IMPORT {
            if let (
                Some(id),
                Some(Operand {
                    value: Value::Str(range),
                    ..
                }),
            ) = (result, self.operands.get(start as usize))
            {
                let set_name = range.text(self.text);
                self.imports.insert(id, grammar::extended_set(set_name));
            }
        }
        bound.operands = start..self.operands.len() as u32;
        bound
    }

    fn missing(
        &mut self,
        inst: &super::parse::Instruction,
        name: &str,
        opcode: &grammar::Instruction,
        operand: &str,
    ) {
        self.diagnostics
            .push(rules::spirv_operand_count::operand_count(
                rules::spirv_operand_count::Problem::Missing {
                    instruction: name,
                    operand,
                    operands: opcode.operands,
                },
                inst.range,
            ));
    }

    /// Binds the extended instruction word of an `OpExtInst` (`instruction_kind`) and the
    /// operands its set gives it; ids of an unknown set as `id_kind`.
    fn extended_instruction(
        &mut self,
        inst: &super::parse::Instruction,
        cursor: &mut Cursor,
        bound: &mut Instruction,
        instruction_kind: OperandKindId,
        id_kind: OperandKindId,
    ) {
        // The `Set` operand was bound just before.
        let set = match self.operands.last() {
            Some(Operand {
                value: Value::Id(id),
                ..
            }) => self.imports.get(id).copied().flatten(),
            _ => None,
        };
        let Some(token) = cursor.take() else {
            self.diagnostics
                .push(rules::spirv_operand_count::operand_count(
                    rules::spirv_operand_count::Problem::NoExtendedInstruction,
                    inst.range,
                ));
            return;
        };
        let word = token.text(self.text);
        let Some(set) = set else {
            // An unknown set: keep the ids, check nothing else.
            self.push(
                instruction_kind,
                "Instruction",
                token.range(),
                Value::Invalid,
            );
            while let Some(token) = cursor.take() {
                if token.kind == TokenKind::Id {
                    let id = self.use_id(token);
                    self.push(id_kind, "", token.range(), Value::Id(id));
                }
            }
            return;
        };
        let found = match parse_integer(word) {
            Some(number) => set.instruction_by_opcode(number as u32),
            None => set.instruction(word),
        };
        let Some(extended) = found else {
            let diagnostic =
                rules::spirv_unknown_opcode::unknown_extended_instruction(set, word, token.range());
            self.diagnostics.push(diagnostic);
            while let Some(token) = cursor.take() {
                if token.kind == TokenKind::Id {
                    self.use_id(token);
                }
            }
            return;
        };
        bound.extended = Some((set, extended));
        self.push(
            instruction_kind,
            "Instruction",
            token.range(),
            Value::ExtInst(extended.opcode),
        );
        for operand in extended.operands {
            match operand.quantifier {
                Quantifier::One => {
                    if cursor.done() {
                        self.diagnostics
                            .push(rules::spirv_operand_count::operand_count(
                                rules::spirv_operand_count::Problem::Missing {
                                    instruction: &format!("{} {}", set.name, extended.name),
                                    operand: operand.name,
                                    operands: extended.operands,
                                },
                                inst.range,
                            ));
                        return;
                    }
                    self.one(operand.kind, operand.name, cursor);
                }
                Quantifier::Optional => {
                    if !cursor.done() {
                        self.one(operand.kind, operand.name, cursor);
                    }
                }
                Quantifier::Many => {
                    while !cursor.done() {
                        self.one(operand.kind, operand.name, cursor);
                    }
                }
            }
        }
        if let Some(extra) = cursor.peek() {
            self.diagnostics
                .push(rules::spirv_operand_count::operand_count(
                    rules::spirv_operand_count::Problem::TooMany {
                        instruction: &format!("{} {}", set.name, extended.name),
                        operands: extended.operands,
                    },
                    TextRange::new(extra.start as usize, inst.range.end),
                ));
            while let Some(token) = cursor.take() {
                if token.kind == TokenKind::Id {
                    self.use_id(token);
                }
            }
        }
    }

    /// Matches one operand of `kind` (and, for enumerants, their parameters).
    fn one(&mut self, kind_id: OperandKindId, name: &'static str, cursor: &mut Cursor) {
        let kind = kind_id.get();
        let Some(token) = cursor.take() else { return };
        let text = token.text(self.text);
        match kind.category {
            Category::Id => {
                if token.kind == TokenKind::Id {
                    let id = self.use_id(token);
                    self.push(kind_id, name, token.range(), Value::Id(id));
                } else {
                    self.diagnostics
                        .push(rules::spirv_operand_kind::operand_kind(
                            rules::spirv_operand_kind::Problem::NotAnId {
                                operand: &describe(name, kind),
                                found: text,
                            },
                            token.range(),
                        ));
                    self.push(kind_id, name, token.range(), Value::Invalid);
                }
            }
            Category::Literal => {
                let value = self.literal(kind, name, token);
                self.push(kind_id, name, token.range(), value);
            }
            Category::Composite => {
                cursor.next -= 1;
                for base in kind.bases {
                    if cursor.done() {
                        self.diagnostics
                            .push(rules::spirv_operand_count::operand_count(
                                rules::spirv_operand_count::Problem::PairHalfMissing {
                                    operand: &describe(name, kind),
                                },
                                token.range(),
                            ));
                        return;
                    }
                    self.one(*base, name, cursor);
                }
            }
            Category::ValueEnum | Category::BitEnum => {
                let (value, parameters) = self.enumerant(kind, name, token);
                self.push(kind_id, name, token.range(), value);
                for parameter in parameters {
                    if cursor.done() {
                        self.diagnostics
                            .push(rules::spirv_operand_count::operand_count(
                                rules::spirv_operand_count::Problem::ParameterMissing {
                                    enumerant: text,
                                    parameter: parameter_name(parameter),
                                },
                                token.range(),
                            ));
                        return;
                    }
                    self.one(parameter.kind, parameter.name, cursor);
                }
            }
        }
    }

    fn literal(&mut self, kind: &OperandKind, name: &str, token: Token) -> Value {
        let text = token.text(self.text);
        match (kind.name, token.kind) {
            ("LiteralString", TokenKind::String) => {
                let inner_end = if text.len() >= 2 && text.ends_with('"') {
                    token.end - 1
                } else {
                    token.end
                };
                Value::Str(StrRange {
                    start: token.start + 1,
                    end: inner_end,
                })
            }
            ("LiteralString", _) => {
                self.diagnostics
                    .push(rules::spirv_operand_kind::operand_kind(
                        rules::spirv_operand_kind::Problem::NotAString {
                            operand: &describe(name, kind),
                            found: text,
                        },
                        token.range(),
                    ));
                Value::Invalid
            }
            (_, TokenKind::Word) => {
                if let Some(value) = parse_integer(text) {
                    Value::Int(value)
                } else if let Some(value) = parse_float(text) {
                    if kind.name == "LiteralInteger" {
                        self.diagnostics
                            .push(rules::spirv_operand_kind::operand_kind(
                                rules::spirv_operand_kind::Problem::NotAnInteger {
                                    operand: &describe(name, kind),
                                    found: text,
                                },
                                token.range(),
                            ));
                        Value::Invalid
                    } else {
                        Value::Float(value)
                    }
                } else {
                    self.diagnostics
                        .push(rules::spirv_operand_kind::operand_kind(
                            rules::spirv_operand_kind::Problem::NotANumber {
                                operand: &describe(name, kind),
                                found: text,
                            },
                            token.range(),
                        ));
                    Value::Invalid
                }
            }
            (_, TokenKind::RawWord) => match parse_integer(&text[1..]) {
                Some(value) => Value::Int(value),
                None => {
                    self.diagnostics
                        .push(rules::spirv_syntax_error::not_a_raw_word(
                            text,
                            token.range(),
                        ));
                    Value::Invalid
                }
            },
            _ => {
                self.diagnostics
                    .push(rules::spirv_operand_kind::operand_kind(
                        rules::spirv_operand_kind::Problem::NotALiteral {
                            operand: &describe(name, kind),
                            found: text,
                        },
                        token.range(),
                    ));
                if token.kind == TokenKind::Id {
                    self.use_id(token);
                }
                Value::Invalid
            }
        }
    }

    /// An enumerant (or a `|` mask of them) and the parameters that follow it.
    fn enumerant(
        &mut self,
        kind: &'static OperandKind,
        name: &str,
        token: Token,
    ) -> (Value, Vec<&'static grammar::Operand>) {
        let text = token.text(self.text);
        if token.kind != TokenKind::Word && token.kind != TokenKind::RawWord {
            self.diagnostics
                .push(rules::spirv_operand_kind::operand_kind(
                    rules::spirv_operand_kind::Problem::NotAnEnumerant {
                        operand: &describe(name, kind),
                        kind,
                        found: text,
                    },
                    token.range(),
                ));
            if token.kind == TokenKind::Id {
                self.use_id(token);
            }
            return (Value::Invalid, Vec::new());
        }
        let mut mask = 0u32;
        let mut parameters: Vec<(u32, &'static grammar::Operand)> = Vec::new();
        let mut offset = token.start as usize;
        for part in text.split('|') {
            let part_range = TextRange::new(offset, offset + part.len());
            offset += part.len() + 1;
            let found: Option<&'static Enumerant> =
                match parse_integer(part.trim_start_matches('!')) {
                    Some(number) => {
                        mask |= number as u32;
                        // A raw word is checked as the binary's word is: it must be one of
                        // the kind's values (or, for a mask, made of its bits).
                        let unknown = match kind.category {
                            Category::BitEnum => super::binary::unknown_bits(kind, number as u32),
                            _ if kind.enumerant_by_value(number as u32).is_none() => number as u32,
                            _ => 0,
                        };
                        if unknown != 0 || number > u64::from(u32::MAX) {
                            self.diagnostics
                                .push(rules::spirv_operand_kind::operand_kind(
                                    rules::spirv_operand_kind::Problem::UnknownValue {
                                        part,
                                        unknown,
                                        kind,
                                    },
                                    part_range,
                                ));
                            return (Value::Invalid, Vec::new());
                        }
                        kind.enumerant_by_value(number as u32)
                    }
                    None => {
                        let Some(enumerant) = enumerant_named(kind, part) else {
                            self.diagnostics
                                .push(rules::spirv_operand_kind::operand_kind(
                                    rules::spirv_operand_kind::Problem::UnknownEnumerant {
                                        part,
                                        kind,
                                    },
                                    part_range,
                                ));
                            return (Value::Invalid, Vec::new());
                        };
                        mask |= enumerant.value;
                        Some(enumerant)
                    }
                };
            if kind.category == Category::ValueEnum && text.contains('|') {
                self.diagnostics
                    .push(rules::spirv_operand_kind::operand_kind(
                        rules::spirv_operand_kind::Problem::MaskOfAValue { kind },
                        token.range(),
                    ));
                return (Value::Invalid, Vec::new());
            }
            if let Some(enumerant) = found {
                for parameter in enumerant.parameters {
                    parameters.push((enumerant.value, parameter));
                }
            }
        }
        // Mask parameters follow in the order of their bits.
        parameters.sort_by_key(|(bit, _)| *bit);
        (
            Value::Enum(mask),
            parameters.into_iter().map(|(_, p)| p).collect(),
        )
    }

    fn use_id(&mut self, token: Token) -> IdIndex {
        let name = token.text(self.text);
        let id = match self.lookup(name) {
            Some(id) => id,
            None => {
                // Not defined yet: a forward reference or an undefined id, told apart at the end.
                let id = self.new_id(token);
                self.first_use.insert(id, token.range());
                id
            }
        };
        self.seen(id, token.range(), true);
        id
    }

    fn push(&mut self, kind: OperandKindId, name: &'static str, range: TextRange, value: Value) {
        self.operands.push(Operand {
            value,
            start: range.start as u32,
            end: range.end as u32,
            kind,
            name: name_index(name),
        });
    }
}

/// A core instruction by name (aliases included), through a hash map built on first use:
/// every instruction of a module is looked up, and the grammar has close to 900 names.
fn opcode_named(name: &str) -> Option<&'static grammar::Instruction> {
    static BY_NAME: std::sync::OnceLock<FxHashMap<&'static str, &'static grammar::Instruction>> =
        std::sync::OnceLock::new();
    BY_NAME
        .get_or_init(|| {
            grammar::INSTRUCTIONS_BY_NAME
                .iter()
                .map(|(name, index)| (*name, &grammar::INSTRUCTIONS[*index as usize]))
                .collect()
        })
        .get(name)
        .copied()
}

/// An enumerant of `kind` by name or alias, through a hash map built on first use (kinds such
/// as Capability and BuiltIn have hundreds of enumerants).
fn enumerant_named(kind: &'static OperandKind, name: &str) -> Option<&'static Enumerant> {
    type ByName = FxHashMap<(usize, &'static str), &'static Enumerant>;
    static BY_NAME: std::sync::OnceLock<ByName> = std::sync::OnceLock::new();
    let by_name = BY_NAME.get_or_init(|| {
        let mut map = ByName::default();
        for kind in grammar::OPERAND_KINDS {
            let key = kind as *const OperandKind as usize;
            for enumerant in kind.enumerants {
                map.insert((key, enumerant.name), enumerant);
                for alias in enumerant.aliases {
                    map.entry((key, alias)).or_insert(enumerant);
                }
            }
        }
        map
    });
    by_name
        .get(&(kind as *const OperandKind as usize, name))
        .copied()
}

fn describe(name: &str, kind: &OperandKind) -> String {
    if name.is_empty() {
        format!("the {} operand", kind.name)
    } else {
        format!("`{name}`")
    }
}

/// Decimal, `-`decimal or `0x`hex, as 64-bit two's complement.
pub fn parse_integer(text: &str) -> Option<u64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let magnitude = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        u64::from_str_radix(hex, 16).ok()?
    } else if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        digits.parse::<u64>().ok()?
    } else {
        return None;
    };
    Some(if negative {
        magnitude.wrapping_neg()
    } else {
        magnitude
    })
}

/// Decimal or hex floats (`1.5`, `-2e-3`, `0x1.8p+1`).
pub fn parse_float(text: &str) -> Option<f64> {
    if let Ok(value) = text.parse::<f64>() {
        if text.bytes().any(|b| b.is_ascii_digit()) {
            return Some(value);
        }
    }
    let (negative, rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let hex = rest
        .strip_prefix("0x")
        .or_else(|| rest.strip_prefix("0X"))?;
    let (mantissa, exponent) = hex.split_once(['p', 'P'])?;
    let exponent: i32 = exponent.parse().ok()?;
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value = if whole.is_empty() {
        0.0
    } else {
        u64::from_str_radix(whole, 16).ok()? as f64
    };
    let mut scale = 1.0 / 16.0;
    for digit in fraction.chars() {
        value += f64::from(digit.to_digit(16)?) * scale;
        scale /= 16.0;
    }
    let value = value * 2f64.powi(exponent);
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    /// Binding a large module is mostly storing its operands: each byte of an operand is
    /// hundreds of kilobytes of fresh memory on a module of thousands of kernels.
    #[test]
    fn an_operand_takes_32_bytes() {
        assert_eq!(std::mem::size_of::<super::Operand>(), 32);
    }
}
