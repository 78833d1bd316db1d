//! Instructions bound to the grammar: each opcode resolved, each result id defined once, and
//! each operand token matched to its operand kind (ids resolved, literals read, enumerants
//! looked up). Everything later (layout, capabilities, types, the OpenCL rules, hovers) reads
//! this model rather than tokens.

use super::parse::{Parsed, Token, TokenKind};
use super::rules;
use crate::core::diagnostic::{Diagnostic, Fix};
use crate::core::parallel::prefer_huge_pages;
use crate::core::text::{closest, did_you_mean, TextRange};
use rustc_hash::FxHashMap;
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
    Str(TextRange),
    /// A value enum's enumerant, or a bit enum's combined mask.
    Enum(u32),
    /// An extended instruction's number in its set.
    ExtInst(u32),
    /// The operand could not be read; a diagnostic says why.
    Invalid,
}

#[derive(Clone, Copy, Debug)]
pub struct Operand {
    pub kind: OperandKindId,
    /// The grammar's name of the operand (`Pointer`), empty for parameters of enumerants.
    pub name: &'static str,
    pub range: TextRange,
    pub value: Value,
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

/// An id written in the text: where, and which id (12 bytes: modules have hundreds of
/// thousands of them).
#[derive(Clone, Copy, Debug)]
pub struct IdToken {
    pub start: u32,
    pub end: u32,
    pub id: IdIndex,
}

impl IdToken {
    fn new(range: TextRange, id: IdIndex) -> Self {
        IdToken {
            start: range.start as u32,
            end: range.end as u32,
            id,
        }
    }

    pub fn range(&self) -> TextRange {
        TextRange::new(self.start as usize, self.end as usize)
    }
}

pub struct Module {
    pub instructions: Vec<Instruction>,
    pub operands: Vec<Operand>,
    pub ids: Vec<IdInfo>,
    /// Every id token, in text order, with the id it names (for navigation).
    pub id_tokens: Vec<IdToken>,
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

    /// The id named by the token at `offset`.
    pub fn id_at(&self, offset: usize) -> Option<(TextRange, IdIndex)> {
        let i = self
            .id_tokens
            .partition_point(|token| (token.end as usize) < offset);
        self.id_tokens
            .get(i)
            .filter(|token| token.start as usize <= offset && offset <= token.end as usize)
            .map(|token| (token.range(), token.id))
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

/// Binds parsed instructions to the grammar, reporting unknown opcodes, duplicate and
/// undefined ids, operand counts and kinds.
pub fn bind(text: &str, parsed: &Parsed, diagnostics: &mut Vec<Diagnostic>) -> Module {
    let results = parsed
        .instructions
        .iter()
        .filter(|i| i.result.is_some())
        .count();
    let mut names: FxHashMap<&str, IdIndex> =
        FxHashMap::with_capacity_and_hasher(results, Default::default());
    let mut ids: Vec<IdInfo> = Vec::new();
    // Pass 1: every result id, so uses may come before definitions.
    let mut results: Vec<Option<IdIndex>> = Vec::with_capacity(parsed.instructions.len());
    for (index, inst) in parsed.instructions.iter().enumerate() {
        let Some(token) = inst.result else {
            results.push(None);
            continue;
        };
        let name = token.text(text);
        let id = *names.entry(name).or_insert_with(|| {
            ids.push(IdInfo::default());
            (ids.len() - 1) as IdIndex
        });
        let info = &mut ids[id as usize];
        if info.definition_range.is_some() {
            diagnostics.push(Diagnostic::new(
                &rules::DUPLICATE_ID,
                token.range(),
                format!("{name} is already defined"),
            ));
        } else {
            info.definition = Some(index as u32);
            info.definition_range = Some(token.range());
        }
        results.push(Some(id));
    }

    let mut binder = Binder {
        text,
        names,
        ids,
        operands: Vec::with_capacity(parsed.tokens.len()),
        id_tokens: Vec::with_capacity(parsed.tokens.len()),
        diagnostics,
        imports: FxHashMap::default(),
    };
    let mut instructions = Vec::with_capacity(parsed.instructions.len());
    prefer_huge_pages(&mut binder.operands);
    prefer_huge_pages(&mut binder.id_tokens);
    prefer_huge_pages(&mut instructions);
    for (index, inst) in parsed.instructions.iter().enumerate() {
        if let (Some(token), Some(id)) = (inst.result, results[index]) {
            binder.id_tokens.push(IdToken::new(token.range(), id));
        }
        let bound = binder.instruction(parsed, inst, results[index]);
        instructions.push(bound);
    }
    let mut id_tokens = binder.id_tokens;
    // Pushed in text order already; sort only if not.
    if !id_tokens.is_sorted_by_key(|token| token.start) {
        id_tokens.sort_by_key(|token| token.start);
    }
    Module {
        instructions,
        operands: binder.operands,
        ids: binder.ids,
        id_tokens,
    }
}

struct Binder<'t, 'd> {
    text: &'t str,
    names: FxHashMap<&'t str, IdIndex>,
    ids: Vec<IdInfo>,
    operands: Vec<Operand>,
    id_tokens: Vec<IdToken>,
    diagnostics: &'d mut Vec<Diagnostic>,
    imports: FxHashMap<IdIndex, Option<&'static ExtendedSet>>,
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

fn kind_named(name: &str) -> OperandKindId {
    let index = grammar::OPERAND_KINDS
        .iter()
        .position(|k| k.name == name)
        .expect("the grammar has this operand kind");
    OperandKindId(index as u16)
}

impl<'t> Binder<'t, '_> {
    fn instruction(
        &mut self,
        parsed: &Parsed,
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
        let tokens = parsed.operands(inst);
        let Some(opcode) = opcode else {
            let names = grammar::INSTRUCTIONS_BY_NAME.iter().map(|(n, _)| *n);
            let suggestions = closest(name, names, suggestion_distance);
            let mut diagnostic = Diagnostic::new(
                &rules::UNKNOWN_OPCODE,
                inst.opcode.range(),
                format!("unknown opcode `{name}`{}", did_you_mean(&suggestions)),
            );
            for s in suggestions {
                diagnostic = diagnostic.with_fix(Fix::replace(
                    format!("Replace with `{s}`"),
                    inst.opcode.range(),
                    s,
                ));
            }
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
        let mut has_result_type = false;
        for operand in opcode.operands {
            let kind = operand.kind.get();
            match kind.name {
                "IdResult" => {
                    if result.is_none() {
                        self.report(
                            &rules::OPERAND_COUNT,
                            inst.opcode.range(),
                            format!("{name} has a result: write `%id = {name} …`"),
                        );
                    }
                    continue;
                }
                "IdResultType" => {
                    has_result_type = true;
                    match cursor.take() {
                        Some(token) if token.kind == TokenKind::Id => {
                            bound.result_type = Some(self.use_id(token));
                        }
                        Some(token) => {
                            self.report(
                                &rules::OPERAND_KIND,
                                token.range(),
                                format!(
                                    "{name}'s first operand is its result type, an id; found `{}`",
                                    token.text(self.text)
                                ),
                            );
                        }
                        None => self.missing(inst, name, opcode, "Result Type"),
                    }
                    continue;
                }
                _ => {}
            }
            // OpExtInst: the set's own operands replace the generic list.
            if kind.name == "LiteralExtInstInteger" {
                self.extended_instruction(inst, &mut cursor, &mut bound);
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
        let _ = has_result_type;
        if !opcode
            .operands
            .iter()
            .any(|o| o.kind.get().name == "IdResult")
        {
            if let Some(token) = inst.result {
                self.report(
                    &rules::OPERAND_COUNT,
                    token.range(),
                    format!("{name} has no result id"),
                );
            }
        }
        if let Some(extra) = cursor.peek() {
            let last = tokens.last().expect("an extra operand exists");
            self.report(
                &rules::OPERAND_COUNT,
                TextRange::new(extra.start as usize, last.end as usize),
                format!(
                    "too many operands: {name} takes {}",
                    operand_list(opcode.operands)
                ),
            );
            for token in &tokens[cursor.next..] {
                if token.kind == TokenKind::Id {
                    self.use_id(*token);
                }
            }
        }
        if name == "OpExtInstImport" {
            if let (
                Some(id),
                Some(Operand {
                    value: Value::Str(range),
                    ..
                }),
            ) = (result, self.operands.get(start as usize))
            {
                let set_name = &self.text[range.start..range.end];
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
        self.report(
            &rules::OPERAND_COUNT,
            inst.range,
            format!(
                "{name} is missing its `{operand}` operand: it takes {}",
                operand_list(opcode.operands)
            ),
        );
    }

    fn extended_instruction(
        &mut self,
        inst: &super::parse::Instruction,
        cursor: &mut Cursor,
        bound: &mut Instruction,
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
            self.report(
                &rules::OPERAND_COUNT,
                inst.range,
                "OpExtInst is missing the extended instruction to call".to_string(),
            );
            return;
        };
        let word = token.text(self.text);
        let Some(set) = set else {
            // An unknown set: keep the ids, check nothing else.
            self.push(
                kind_named("LiteralExtInstInteger"),
                "Instruction",
                token.range(),
                Value::Invalid,
            );
            while let Some(token) = cursor.take() {
                if token.kind == TokenKind::Id {
                    let id = self.use_id(token);
                    self.push(kind_named("IdRef"), "", token.range(), Value::Id(id));
                }
            }
            return;
        };
        let found = match parse_integer(word) {
            Some(number) => set.instruction_by_opcode(number as u32),
            None => set.instruction(word),
        };
        let Some(extended) = found else {
            let suggestions = closest(
                word,
                set.instructions.iter().map(|i| i.name),
                suggestion_distance,
            );
            let mut diagnostic = Diagnostic::new(
                &rules::UNKNOWN_OPCODE,
                token.range(),
                format!(
                    "{} has no instruction `{word}`{}",
                    set.name,
                    did_you_mean(&suggestions)
                ),
            );
            for s in suggestions {
                diagnostic = diagnostic.with_fix(Fix::replace(
                    format!("Replace with `{s}`"),
                    token.range(),
                    s,
                ));
            }
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
            kind_named("LiteralExtInstInteger"),
            "Instruction",
            token.range(),
            Value::ExtInst(extended.opcode),
        );
        for operand in extended.operands {
            match operand.quantifier {
                Quantifier::One => {
                    if cursor.done() {
                        self.report(
                            &rules::OPERAND_COUNT,
                            inst.range,
                            format!(
                                "{} {} is missing its `{}` operand: it takes {}",
                                set.name,
                                extended.name,
                                operand.name,
                                operand_list(extended.operands)
                            ),
                        );
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
            self.report(
                &rules::OPERAND_COUNT,
                TextRange::new(extra.start as usize, inst.range.end),
                format!(
                    "too many operands: {} {} takes {}",
                    set.name,
                    extended.name,
                    operand_list(extended.operands)
                ),
            );
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
                    self.report(
                        &rules::OPERAND_KIND,
                        token.range(),
                        format!(
                            "{} expects an id (`%name`), found `{text}`",
                            describe(name, kind)
                        ),
                    );
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
                        self.report(
                            &rules::OPERAND_COUNT,
                            token.range(),
                            format!(
                                "{} is a pair: its second half is missing",
                                describe(name, kind)
                            ),
                        );
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
                        self.report(
                            &rules::OPERAND_COUNT,
                            token.range(),
                            format!(
                                "`{text}` takes a `{}` operand after it",
                                parameter_name(parameter)
                            ),
                        );
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
                Value::Str(TextRange::new(token.start as usize + 1, inner_end as usize))
            }
            ("LiteralString", _) => {
                self.report(
                    &rules::OPERAND_KIND,
                    token.range(),
                    format!(
                        "{} expects a string in quotes, found `{text}`",
                        describe(name, kind)
                    ),
                );
                Value::Invalid
            }
            (_, TokenKind::Word) => {
                if let Some(value) = parse_integer(text) {
                    Value::Int(value)
                } else if let Some(value) = parse_float(text) {
                    if kind.name == "LiteralInteger" {
                        self.report(
                            &rules::OPERAND_KIND,
                            token.range(),
                            format!(
                                "{} expects an integer, found `{text}`",
                                describe(name, kind)
                            ),
                        );
                        Value::Invalid
                    } else {
                        Value::Float(value)
                    }
                } else {
                    self.report(
                        &rules::OPERAND_KIND,
                        token.range(),
                        format!("{} expects a number, found `{text}`", describe(name, kind)),
                    );
                    Value::Invalid
                }
            }
            (_, TokenKind::RawWord) => match parse_integer(&text[1..]) {
                Some(value) => Value::Int(value),
                None => {
                    self.report(
                        &rules::SYNTAX_ERROR,
                        token.range(),
                        format!("`{text}` is not a raw word `!<number>`"),
                    );
                    Value::Invalid
                }
            },
            _ => {
                self.report(
                    &rules::OPERAND_KIND,
                    token.range(),
                    format!(
                        "{} expects a literal number, found `{text}`",
                        describe(name, kind)
                    ),
                );
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
            self.report(
                &rules::OPERAND_KIND,
                token.range(),
                format!(
                    "{} expects a {} enumerant, found `{text}`",
                    describe(name, kind),
                    kind.name
                ),
            );
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
                        kind.enumerant_by_value(number as u32)
                    }
                    None => {
                        let Some(enumerant) = enumerant_named(kind, part) else {
                            let suggestions = closest(
                                part,
                                kind.enumerants.iter().map(|e| e.name),
                                suggestion_distance,
                            );
                            let mut diagnostic = Diagnostic::new(
                                &rules::OPERAND_KIND,
                                part_range,
                                format!(
                                    "`{part}` is not a {} enumerant{}",
                                    kind.name,
                                    did_you_mean(&suggestions)
                                ),
                            );
                            for s in suggestions {
                                diagnostic = diagnostic.with_fix(Fix::replace(
                                    format!("Replace with `{s}`"),
                                    part_range,
                                    s,
                                ));
                            }
                            self.diagnostics.push(diagnostic);
                            return (Value::Invalid, Vec::new());
                        };
                        mask |= enumerant.value;
                        Some(enumerant)
                    }
                };
            if kind.category == Category::ValueEnum && text.contains('|') {
                self.report(
                    &rules::OPERAND_KIND,
                    token.range(),
                    format!(
                        "{} is a single value: `|` combines only mask operands",
                        kind.name
                    ),
                );
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
        let id = match self.names.get(name) {
            Some(&id) => id,
            None => {
                self.report(
                    &rules::UNDEFINED_ID,
                    token.range(),
                    format!("{name} is not defined"),
                );
                self.ids.push(IdInfo::default());
                let id = (self.ids.len() - 1) as IdIndex;
                self.names.insert(name, id);
                id
            }
        };
        self.id_tokens.push(IdToken::new(token.range(), id));
        id
    }

    fn push(&mut self, kind: OperandKindId, name: &'static str, range: TextRange, value: Value) {
        self.operands.push(Operand {
            kind,
            name,
            range,
            value,
        });
    }

    fn report(
        &mut self,
        rule: &'static crate::core::rules::Rule,
        range: TextRange,
        message: String,
    ) {
        self.diagnostics.push(Diagnostic::new(rule, range, message));
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

/// How far a misspelling may be from a suggestion: a third of the name, at least 2 edits.
fn suggestion_distance(name: &str) -> usize {
    (name.len() / 3).max(2)
}

fn describe(name: &str, kind: &OperandKind) -> String {
    if name.is_empty() {
        format!("the {} operand", kind.name)
    } else {
        format!("`{name}`")
    }
}

fn parameter_name(parameter: &grammar::Operand) -> &'static str {
    if parameter.name.is_empty() {
        parameter.kind.get().name
    } else {
        parameter.name
    }
}

/// "Result Type, Pointer, Memory, Semantics".
pub fn operand_list(operands: &[grammar::Operand]) -> String {
    let names: Vec<String> = operands
        .iter()
        .filter(|o| o.kind.get().name != "IdResult")
        .map(|o| {
            let name = if o.kind.get().name == "IdResultType" {
                "Result Type"
            } else {
                parameter_name(o)
            };
            match o.quantifier {
                Quantifier::One => name.to_string(),
                Quantifier::Optional => format!("[{name}]"),
                Quantifier::Many => format!("{name}…"),
            }
        })
        .collect();
    if names.is_empty() {
        "no operands".to_string()
    } else {
        names.join(", ")
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
