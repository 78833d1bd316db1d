//! Tile IR text -> bytecode, the form `tileiras` compiles and `tileirdisasm` prints.
//!
//! A module is encoded from its analysis (only when that found no errors): each `entry`
//! becomes a function, each op its opcode and fields in the order `ops::layout` gives, with
//! values numbered in definition order per function (a region's values are numbered on from
//! its op's and forgotten after it). Types, strings and constant data are interned in their
//! tables; the sections follow in the order the reader expects. With a file name
//! (`encode_with_locations`) each op's location is its line and column in the text, under a
//! subprogram per entry; the text's own `loc(...)` annotations are not read.
//!
//! A file split by `// -----` lines (MLIR's split-input-file) holds one module per part, as
//! the checker reads it: `encode_parts` encodes each part on its own; `encode` refuses a split
//! file, whose parts would otherwise merge into one module.

mod attrs;
mod debug;
mod fields;
mod ops;
mod read;
mod text;
mod types;
mod wire;

use super::ast::{File, Form, Op, OpId};
use super::bind::Bound;
use super::TileIrAnalysis;
use rustc_hash::FxHashMap as HashMap;
use speclint_base::diagnostic::Severity;
use speclint_spec_db::tile_ir_model::Op as OpFact;
use text::{matching, split_value_and_type, strip_attr_dict};
use types::TypeTable;
use wire::{section, varint, write_section, Table};

/// A bytecode version (the reader takes 13.1 to 13.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Version {
    V13_1,
    V13_2,
    V13_3,
    V13_4,
    V13_5,
}

impl Version {
    pub fn parse(text: &str) -> Option<Version> {
        Some(match text.trim() {
            "13.1" => Version::V13_1,
            "13.2" => Version::V13_2,
            "13.3" => Version::V13_3,
            "13.4" => Version::V13_4,
            "13.5" => Version::V13_5,
            _ => return None,
        })
    }

    fn minor(self) -> u8 {
        self as u8 + 1
    }
}

/// Why a module was not encoded: where (a byte offset in the text) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeError {
    pub offset: usize,
    pub message: String,
}

/// The string table (raw bytes, no terminator).
#[derive(Default)]
pub struct Strings(Table);

impl Strings {
    pub fn id(&mut self, text: &str) -> u64 {
        self.id_bytes(text.as_bytes().to_vec())
    }

    fn id_bytes(&mut self, bytes: Vec<u8>) -> u64 {
        self.0.intern(bytes)
    }
}

/// Encodes an analysed module; refuses one with errors (their diagnostics say why). No op
/// gets a location.
pub fn encode(source: &str, analysis: &TileIrAnalysis) -> Result<Vec<u8>, Vec<EncodeError>> {
    encode_with_locations(source, analysis, None)
}

/// As `encode`; with a file name, every op gets its line and column in `source` under that
/// name as its location, which tileiras's messages then give (`loc("NAME":LINE:COL)`).
pub fn encode_with_locations(
    source: &str,
    analysis: &TileIrAnalysis,
    file_name: Option<&str>,
) -> Result<Vec<u8>, Vec<EncodeError>> {
    let splits = split_offsets(analysis);
    if let Some(&first) = splits.first() {
        return Err(vec![EncodeError {
            offset: first,
            message: format!(
                "the file holds {} modules split by `// -----` lines; each part is encoded on its own",
                splits.len() + 1
            ),
        }]);
    }
    encode_part(
        source,
        analysis,
        file_name,
        &analysis.file.top,
        0..source.len(),
    )
}

/// Each `// -----` part of the file as a module of its own, in order (one for a file without
/// splits): its bytecode, or the errors found in that part. Locations keep the whole file's
/// lines.
pub fn encode_parts(
    source: &str,
    analysis: &TileIrAnalysis,
    file_name: Option<&str>,
) -> Vec<Result<Vec<u8>, Vec<EncodeError>>> {
    let splits = split_offsets(analysis);
    let starts = std::iter::once(0).chain(splits.iter().copied());
    let ends = splits.iter().copied().chain([source.len()]);
    analysis
        .file
        .top_parts()
        .into_iter()
        .zip(starts.zip(ends))
        .map(|(top, (start, end))| encode_part(source, analysis, file_name, top, start..end))
        .collect()
}

/// Where the file's `// -----` lines start.
fn split_offsets(analysis: &TileIrAnalysis) -> Vec<usize> {
    analysis
        .file
        .markers
        .iter()
        .filter_map(|m| match m {
            super::lex::Marker::Split { at } => Some(*at),
            super::lex::Marker::Pragma { .. } => None,
        })
        .collect()
}

/// Encodes the top-level ops `top`, refused when the analysis found errors in `span`.
fn encode_part(
    source: &str,
    analysis: &TileIrAnalysis,
    file_name: Option<&str>,
    top: &[OpId],
    span: std::ops::Range<usize>,
) -> Result<Vec<u8>, Vec<EncodeError>> {
    let errors: Vec<EncodeError> = analysis
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error && span.contains(&d.range.start))
        .map(|d| EncodeError {
            offset: d.range.start,
            message: format!("{}: {}", d.rule.code, d.message),
        })
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let version = Version::parse(&analysis.version).ok_or_else(|| {
        vec![EncodeError {
            offset: 0,
            message: format!(
                "bytecode version {} is not one this encoder writes",
                analysis.version
            ),
        }]
    })?;
    let mut encoder = Encoder::new(&analysis.file, source, version);
    encoder.file_name = file_name.map(str::to_string);
    encoder.module(top).map_err(|e| vec![e])
}

struct Encoder<'a> {
    file: &'a File,
    source: &'a str,
    version: Version,
    strings: Strings,
    types: TypeTable,
    constants: Table,
    aliases: HashMap<String, super::types::TypeRef>,
    /// Value names in scope, innermost last: `%x` -> its values (several for `%x:2`).
    scopes: Vec<HashMap<String, Vec<u64>>>,
    next_value: u64,
    /// The current function's debug entries: its own location, then each op's in encoding
    /// order (0: none).
    op_locations: Vec<u64>,
    /// Where locations point (`None`: no locations).
    file_name: Option<String>,
    /// The debug attributes (files, scopes, locations), ids from 1.
    debug: Table,
    /// The current function's scope.
    subprogram: u64,
    /// The op being encoded is older than its flags word (`print` in 13.1).
    no_optional_operands: bool,
}

type Fallible<T> = Result<T, EncodeError>;

impl<'a> Encoder<'a> {
    fn new(file: &'a File, source: &'a str, version: Version) -> Self {
        Encoder {
            file,
            source,
            version,
            strings: Strings::default(),
            types: TypeTable::new(version),
            constants: Table::default(),
            aliases: HashMap::default(),
            scopes: Vec::new(),
            next_value: 0,
            op_locations: Vec::new(),
            file_name: None,
            debug: Table::starting_at(1),
            subprogram: 0,
            no_optional_operands: false,
        }
    }

    fn error(&self, op: &Op, message: impl Into<String>) -> EncodeError {
        EncodeError {
            offset: op.name_range.start,
            message: format!("`{}`: {}", op.name, message.into()),
        }
    }

    /// The source text of a token.
    fn text(&self, token: u32) -> &'a str {
        self.file.text(self.source, token)
    }

    fn module(&mut self, top: &[OpId]) -> Fallible<Vec<u8>> {
        // Entries and globals, at the top level or in `cuda_tile.module` bodies.
        let mut entries = Vec::new();
        let mut globals = Vec::new();
        let mut stack: Vec<OpId> = top.iter().rev().copied().collect();
        while let Some(id) = stack.pop() {
            let op = &self.file.ops[id];
            match op.name.as_str() {
                "entry" => entries.push(id),
                "global" => globals.push(id),
                "module" => stack.extend(self.file.children(id).collect::<Vec<_>>().iter().rev()),
                _ => return Err(self.error(op, "expected at the top level of a module")),
            }
        }
        let mut functions = Vec::new();
        varint(entries.len() as u64, &mut functions);
        let mut locations = Vec::new();
        for (index, &id) in entries.iter().enumerate() {
            self.function(id, index as u64 + 1, &mut functions)?;
            locations.push(std::mem::take(&mut self.op_locations));
        }
        let mut global_section = Vec::new();
        varint(globals.len() as u64, &mut global_section);
        for &id in &globals {
            self.global(id, &mut global_section)?;
        }

        let mut out = b"\x7fTileIR\x00".to_vec();
        out.extend([13, self.version.minor(), 0, 0]);
        write_section(section::FUNCTION, 8, &functions, &mut out);
        if !globals.is_empty() {
            write_section(section::GLOBAL, 1, &global_section, &mut out);
        }
        let mut constants = Vec::new();
        self.constants.write(8, &mut constants);
        write_section(section::CONSTANT, 8, &constants, &mut out);
        let debug = debug::debug_section(&locations, &self.debug);
        write_section(section::DEBUG, 8, &debug, &mut out);
        let mut type_bytes = Vec::new();
        self.types.table.write(4, &mut type_bytes);
        write_section(section::TYPE, 4, &type_bytes, &mut out);
        let mut string_bytes = Vec::new();
        self.strings.0.write(4, &mut string_bytes);
        write_section(section::STRING, 4, &string_bytes, &mut out);
        out.push(section::END);
        Ok(out)
    }

    fn type_id(&mut self, op: &Op, text: &str) -> Fallible<u64> {
        self.types
            .parse(text)
            .map_err(|e| self.error(op, format!("type `{text}`: {}", e.0)))
    }

    fn constant_id(&mut self, data: Vec<u8>) -> u64 {
        let mut entry = Vec::new();
        varint(data.len() as u64, &mut entry);
        entry.extend(data);
        self.constants.intern(entry)
    }

    /// `global [visibility] [constant] @name [alignment = N] <elem: literal> : type`.
    fn global(&mut self, id: OpId, out: &mut Vec<u8>) -> Fallible<()> {
        let op = &self.file.ops[id];
        let words: Vec<&str> = op.body.iter().map(|&t| self.text(t)).collect();
        let name = words
            .iter()
            .find_map(|w| w.strip_prefix('@'))
            .ok_or_else(|| self.error(op, "no symbol"))?;
        let alignment = words
            .iter()
            .position(|w| *w == "alignment")
            .and_then(|i| words.get(i + 2))
            .and_then(|w| w.parse::<u64>().ok())
            .unwrap_or(0);
        let text = self.op_body_text(op);
        let open = text.find('<').ok_or_else(|| self.error(op, "no value"))?;
        let (value, ty) = split_value_and_type(&text[open..])
            .ok_or_else(|| self.error(op, "expected `<elem: value> : type`"))?;
        let (elem, literal) =
            attrs::split_constant(value).ok_or_else(|| self.error(op, "malformed value"))?;
        let data = attrs::dense_data(elem, literal).map_err(|e| self.error(op, e))?;
        varint(self.strings.id(name), out);
        let type_id = self.type_id(op, ty)?;
        varint(type_id, out);
        let constant = self.constant_id(data);
        varint(constant, out);
        varint(alignment, out);
        if self.version >= Version::V13_3 {
            out.push(u8::from(words.contains(&"private")));
            varint(u64::from(words.contains(&"constant")), out);
        }
        Ok(())
    }

    /// The text of an op's body tokens (without regions), from the first to the last.
    fn op_body_text(&self, op: &Op) -> &'a str {
        match (op.body.first(), op.body.last()) {
            (Some(&first), Some(&last)) => {
                &self.source[self.file.range(first).start..self.file.range(last).end]
            }
            _ => "",
        }
    }

    fn function(&mut self, id: OpId, index: u64, out: &mut Vec<u8>) -> Fallible<()> {
        let file = self.file;
        let op = &file.ops[id];
        let name = op
            .body
            .iter()
            .map(|&t| self.text(t))
            .find_map(|w| w.strip_prefix('@'))
            .ok_or_else(|| self.error(op, "no name"))?;
        let signature = self.signature(op)?;
        let mut params = Vec::new();
        let mut scope = HashMap::default();
        self.next_value = 0;
        for (value, ty) in &signature.params {
            params.push(self.type_id(op, ty)?);
            scope.insert(value.clone(), vec![self.next_value]);
            self.next_value += 1;
        }
        let results = signature
            .results
            .iter()
            .map(|t| self.type_id(op, t))
            .collect::<Fallible<Vec<_>>>()?;
        let function_type = self.types.function(&params, &results);
        self.op_locations = vec![self.function_location(name, op.name_range.start)];
        varint(self.strings.id(name), out);
        varint(function_type, out);
        let hints = signature.hints;
        if self.version >= Version::V13_5 {
            out.push(0x02);
        } else {
            out.push(0x02 | if hints.is_some() { 0x04 } else { 0 });
        }
        varint(index, out);
        if let Some(hints) = hints.or((self.version >= Version::V13_5).then_some("<>")) {
            attrs::optimization_hints(&mut self.strings, &mut self.types, hints, true, out)
                .map_err(|e| self.error(op, e))?;
        }
        if self.version >= Version::V13_5 {
            out.extend([0x06, 0]); // no argument attributes: an empty array
        }
        self.scopes = vec![scope];
        let mut body = Vec::new();
        let block = op
            .regions
            .first()
            .and_then(|r| r.blocks.first())
            .ok_or_else(|| self.error(op, "no body"))?;
        for &child in &block.ops {
            self.op(child, &mut body)?;
        }
        varint(body.len() as u64, out);
        out.extend(body);
        Ok(())
    }

    /// An entry's parameters (`%a: T`), result types and optimization hints.
    fn signature(&self, op: &Op) -> Fallible<Signature<'a>> {
        let text = self.op_body_text(op);
        let open = text
            .find('(')
            .ok_or_else(|| self.error(op, "no parameter list"))?;
        let close = matching(text, open).ok_or_else(|| self.error(op, "unclosed `(`"))?;
        let mut params = Vec::new();
        for item in attrs::top_level_items(&text[open + 1..close]) {
            let (value, ty) = item
                .split_once(':')
                .ok_or_else(|| self.error(op, format!("parameter `{item}`")))?;
            params.push((
                value.trim().to_string(),
                strip_attr_dict(ty).trim().to_string(),
            ));
        }
        let rest = &text[close + 1..];
        let (before_hints, hints) = match rest.find("optimization_hints") {
            Some(at) => {
                let after = &rest[at + "optimization_hints".len()..];
                let after = after.trim_start().strip_prefix('=').unwrap_or(after).trim();
                (&rest[..at], Some(after))
            }
            None => (rest, None),
        };
        let results = match before_hints.trim().strip_prefix("->") {
            Some(list) => {
                let list = list.trim();
                let list = list
                    .strip_prefix('(')
                    .and_then(|l| l.strip_suffix(')'))
                    .unwrap_or(list);
                attrs::top_level_items(list)
                    .into_iter()
                    .map(|t| strip_attr_dict(t).trim().to_string())
                    .collect()
            }
            None => Vec::new(),
        };
        Ok(Signature {
            params,
            results,
            hints,
        })
    }

    /// The values a use names: `%x` (all of a group) or `%x#1`.
    fn resolve(&self, op: &Op, name: &str) -> Fallible<Vec<u64>> {
        let (base, index) = match name.split_once('#') {
            Some((b, i)) => (b, i.parse::<usize>().ok()),
            None => (name, None),
        };
        let values = self
            .scopes
            .iter()
            .rev()
            .find_map(|s| s.get(base))
            .ok_or_else(|| self.error(op, format!("`{name}` is not defined")))?;
        match index {
            Some(i) => values
                .get(i)
                .map(|v| vec![*v])
                .ok_or_else(|| self.error(op, format!("`{name}`: no such result"))),
            None => Ok(values.clone()),
        }
    }

    fn op(&mut self, id: OpId, out: &mut Vec<u8>) -> Fallible<()> {
        let file = self.file;
        let op = &file.ops[id];
        let layout =
            ops::layout(&op.name).ok_or_else(|| self.error(op, "this op is not encoded yet"))?;
        let (bound, fact, written_results) = match op.name.as_str() {
            // Not in the 13.3 spec-db: read by hand.
            "gdc_wait_tko" | "gdc_launch_dependents_tko" | "fpowi" => (None, None, None),
            "for" | "loop" | "if" => {
                let (b, results) = self.control_flow(op);
                (Some(b), None, Some(results))
            }
            _ => {
                let (b, f) = self.bind(op)?;
                (Some(b), Some(f), None)
            }
        };
        let location = self.location(op.results_range().start);
        self.op_locations.push(location);
        self.no_optional_operands = false;
        let result_types = match written_results {
            Some(types) => types
                .iter()
                .map(|t| self.type_id(op, t))
                .collect::<Fallible<Vec<_>>>()?,
            None => self.result_types(op, bound.as_ref(), fact)?,
        };
        varint(layout.opcode, out);
        for field in layout.fields {
            self.field(op, *field, bound.as_ref(), &result_types, out)?;
        }
        if !op.regions.is_empty() {
            let args = self.region_args(op, bound.as_ref(), &result_types)?;
            // An `if` without `else` still has an else region (with an implicit `yield`).
            let regions = if op.name == "if" { 2 } else { op.regions.len() };
            varint(regions as u64, out);
            let mut args = args;
            args.resize(regions, Vec::new());
            for (index, args) in args.into_iter().enumerate() {
                let Some(region) = op.regions.get(index) else {
                    out.push(0); // an empty region: no blocks
                    continue;
                };
                let region = Some(region);
                out.push(1); // one block
                varint(args.len() as u64, out);
                let mut scope = HashMap::default();
                let saved_next = self.next_value;
                for (name, ty) in &args {
                    varint(*ty, out);
                    scope.insert(name.clone(), vec![self.next_value]);
                    self.next_value += 1;
                }
                self.scopes.push(scope);
                let mut body = Vec::new();
                let block_ops = region
                    .and_then(|r| r.blocks.first())
                    .map_or(&[][..], |b| &b.ops[..]);
                for &child in block_ops {
                    self.op(child, &mut body)?;
                }
                let mut count = block_ops.len();
                // The printer leaves out a terminator without operands; the reader wants it.
                let ends = block_ops.last().is_some_and(|&last| {
                    matches!(
                        file.ops[last].name.trim_start_matches("cuda_tile."),
                        "yield" | "continue" | "break" | "return"
                    )
                });
                if !ends {
                    let opcode = if op.name == "if" { 109 } else { 17 };
                    body.extend([opcode, 0, 0]);
                    self.op_locations.push(location);
                    count += 1;
                }
                varint(count as u64, out);
                out.extend(body);
                self.scopes.pop();
                self.next_value = saved_next;
            }
        }
        // Results become visible after the op.
        let phantom = result_types.is_empty();
        let scope = self.scopes.last_mut().expect("a function scope");
        for result in &op.results {
            if phantom {
                scope.insert(result.name.clone(), Vec::new());
                continue;
            }
            let ids: Vec<u64> = (0..result.count as u64)
                .map(|i| self.next_value + i)
                .collect();
            self.next_value += result.count as u64;
            scope.insert(result.name.clone(), ids);
        }
        let written = op.result_count();
        if matches!(op.name.as_str(), "print" | "print_tko") && result_types.is_empty() {
            // Before 13.2 the reader makes the token; a use of it cannot be encoded.
            return Ok(());
        }
        if written != 0 && written != result_types.len() {
            return Err(self.error(
                op,
                format!("{written} result names for {} results", result_types.len()),
            ));
        }
        if written == 0 {
            // Unnamed results still take value numbers.
            self.next_value += result_types.len() as u64;
        }
        Ok(())
    }

    /// The type ids of an op's results, in order.
    fn result_types(
        &mut self,
        op: &Op,
        bound: Option<&Bound>,
        fact: Option<&'static OpFact>,
    ) -> Fallible<Vec<u64>> {
        if matches!(op.name.as_str(), "print" | "print_tko") {
            // A token from 13.2 on, nothing before.
            return Ok(if self.version >= Version::V13_2 {
                vec![self.types.token()]
            } else {
                Vec::new()
            });
        }
        let (Some(bound), Some(fact)) = (bound, fact) else {
            // gdc ops: one token; fpowi: the type of its first operand, written first.
            return match op.name.as_str() {
                "fpowi" => {
                    let text = self.op_body_text(op);
                    let ty = text
                        .split_once(':')
                        .and_then(|(_, t)| attrs::top_level_items(t).first().copied())
                        .ok_or_else(|| self.error(op, "no type"))?;
                    Ok(vec![self.type_id(op, ty)?])
                }
                _ => Ok(vec![self.types.token()]),
            };
        };
        let plan = super::op_plan::of(fact);
        let mut ids = Vec::new();
        for result in &fact.result {
            let name = result.name.as_str();
            let mut written: Vec<String> = bound
                .types
                .get(name)
                .map(|v| v.iter().map(|t| self.type_text(t)).collect())
                .unwrap_or_default();
            if written.is_empty() {
                written = plan
                    .all_types_match
                    .iter()
                    .filter(|g| g.contains(&name))
                    .flat_map(|g| g.iter())
                    .find_map(|n| bound.types.get(*n).and_then(|v| v.first()))
                    .map(|t| vec![self.type_text(t)])
                    .unwrap_or_default();
            }
            if written.is_empty() && (name.ends_with("token") || op.name == "join_tokens") {
                written = vec!["token".into()];
            }
            if written.is_empty() {
                // get_tile_block_id / get_num_tile_blocks: one type for all three.
                if let Some(t) = bound.types.values().flatten().next() {
                    if fact.result.len() == 3 {
                        written = vec![self.type_text(t)];
                    }
                }
            }
            if written.is_empty() && op.form == Form::Generic {
                // `"cuda_tile.x"(…) : (…) -> T`
                if let Some((_, t)) = self.op_body_text(op).rsplit_once("->") {
                    written = vec![strip_attr_dict(t).to_string()];
                }
            }
            if written.is_empty() {
                return Err(self.error(op, format!("cannot tell the type of result `{name}`")));
            }
            let variadic = result.constraint.contains("Variadic");
            let count = if variadic { written.len() } else { 1 };
            if variadic && written.len() == 1 && op.result_count() > 1 {
                // `%s:2 = get_index_space_shape … -> tile<i32>`: one type for all.
                for _ in 0..op.result_count() {
                    ids.push(self.type_id(op, &written[0])?);
                }
                continue;
            }
            for ty in written.iter().take(count) {
                ids.push(self.type_id(op, ty)?);
            }
        }
        Ok(ids)
    }

    fn type_text(&self, t: &super::types::TypeRef) -> String {
        strip_attr_dict(&self.source[t.range.start..t.range.end]).to_string()
    }

    /// Per region, its block arguments: (name, type id).
    fn region_args(
        &mut self,
        op: &Op,
        bound: Option<&Bound>,
        results: &[u64],
    ) -> Fallible<Vec<Vec<(String, u64)>>> {
        let words: Vec<&str> = op.body.iter().map(|&t| self.text(t)).collect();
        let text = words.join(" ");
        let text = text.as_str();
        let mut regions = vec![Vec::new(); op.regions.len()];
        match op.name.as_str() {
            "for" => {
                let _ = bound;
                let induction = op
                    .body
                    .iter()
                    .map(|&t| self.text(t))
                    .find(|w| w.starts_with('%'))
                    .unwrap_or("")
                    .to_string();
                // `… step %s) : T iter_values(…)`
                let ty = text
                    .split_once(')')
                    .and_then(|(_, rest)| rest.trim_start().strip_prefix(':'))
                    .map(|rest| rest.split("iter_values").next().unwrap_or(rest).trim())
                    .ok_or_else(|| self.error(op, "no induction variable type"))?;
                let ty = self.type_id(op, ty)?;
                let names = self.iter_names(op);
                if let Some(region) = regions.first_mut() {
                    region.push((induction, ty));
                    region.extend(names.into_iter().zip(results.iter().copied()));
                }
            }
            "loop" => {
                // `loop iter_values(%a = %x) : T -> R`: the carried types are T.
                let carried = text
                    .find("iter_values")
                    .and_then(|at| {
                        let open = at + text[at..].find('(')?;
                        let close = matching(text, open)?;
                        let rest = text[close + 1..].trim_start().strip_prefix(':')?;
                        Some(rest.split("->").next().unwrap_or(""))
                    })
                    .unwrap_or("");
                let names = self.iter_names(op);
                let types: Vec<&str> = attrs::top_level_items(carried);
                for (name, ty) in names.into_iter().zip(types) {
                    let ty = self.type_id(op, ty)?;
                    if let Some(region) = regions.first_mut() {
                        region.push((name, ty));
                    }
                }
            }
            "reduce" | "scan" | "entry" => {
                // `(%a: T, %b: T)` in the body after the op's own types.
                let _ = bound;
                let mut i = 0;
                let body = &op.body;
                let mut depth = 0;
                let mut region = 0;
                while i < body.len() {
                    let word = self.text(body[i]);
                    match word {
                        "(" | "[" | "<" | "{" => depth += 1,
                        ")" | "]" | ">" | "}" => depth -= 1,
                        _ => {}
                    }
                    if word.starts_with('%')
                        && depth > 0
                        && body.get(i + 1).is_some_and(|&t| self.text(t) == ":")
                        && i + 2 < body.len()
                    {
                        let start = self.file.range(body[i + 2]).start;
                        let mut j = i + 2;
                        let mut d = 0;
                        while j < body.len() {
                            let w = self.text(body[j]);
                            if d == 0 && (w == "," || w == ")") {
                                break;
                            }
                            match w {
                                "(" | "[" | "<" | "{" => d += 1,
                                ")" | "]" | ">" | "}" => d -= 1,
                                _ => {}
                            }
                            j += 1;
                        }
                        let end = self.file.range(body[j - 1]).end;
                        let ty = self.type_id(op, &self.source[start..end])?;
                        if let Some(r) = regions.get_mut(region) {
                            r.push((word.to_string(), ty));
                        }
                        if body.get(j).is_some_and(|&t| self.text(t) == ")") {
                            region += 1;
                            depth -= 1;
                        }
                        i = j + 1;
                        continue;
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        Ok(regions)
    }

    /// `iter_values(%a = %x, %b = %y)`: `%a`, `%b`.
    fn iter_names(&self, op: &Op) -> Vec<String> {
        let body = &op.body;
        (0..body.len())
            .filter(|&i| {
                self.text(body[i]).starts_with('%')
                    && body.get(i + 1).is_some_and(|&t| self.text(t) == "=")
            })
            .map(|i| self.text(body[i]).to_string())
            .collect()
    }
}

struct Signature<'a> {
    params: Vec<(String, String)>,
    results: Vec<String>,
    hints: Option<&'a str>,
}
