//! The checker's state (`Checker`), the facts it gathers, and the lookups that the walk
//! (`check`) and the rule files (`rules/`) share. It imports neither, so both can use it.

use super::ast::{File, OpId};
use super::lex::Kind;
use super::region_frames::Frame;
use super::types::{TypeCache, TypeReader, TypeRef};
use rustc_hash::FxHashMap as HashMap;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir::{self, version_key, TileIrDb};
use speclint_spec_db::tile_ir_model::{CombinationTable, ModifierTable, Op as OpFact};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefKind {
    Result,
    Argument,
    IterValue,
    InductionVariable,
}

/// A defined SSA value.
#[derive(Clone, Debug)]
pub struct ValueDef {
    pub name: String,
    pub range: TextRange,
    pub ty: Option<TypeRef>,
    pub op: OpId,
    pub kind: DefKind,
}

#[derive(Clone, Debug)]
pub struct SymbolDef {
    pub name: String,
    pub range: TextRange,
    pub op: OpId,
}

/// Where a name is used, and what it refers to.
#[derive(Clone, Copy, Debug)]
pub enum Target {
    Value(usize),
    Symbol(usize),
}

/// The facts the checks found, kept for hovers and navigation.
#[derive(Default)]
pub struct Facts {
    pub values: Vec<ValueDef>,
    pub symbols: Vec<SymbolDef>,
    /// Every definition and use of a value or symbol, in text order per op.
    pub uses: Vec<(TextRange, Target)>,
    /// The element type that decided each op's modifier checks (for hovers).
    pub op_dtype: HashMap<OpId, &'static str>,
    /// The types written in each op, their ranges counted from the op's start (so that an
    /// edit before the op, which moves the op, leaves these as they are).
    pub op_types: HashMap<OpId, Vec<TypeRef>>,
}

pub struct Checker<'a> {
    pub(super) file: &'a File,
    pub(super) source: &'a str,
    pub(super) db: &'static TileIrDb,
    pub(super) version: String,
    pub(super) version_key: (u32, u32),
    /// Per spec-db op (by index): the modifier and combination tables that apply to `version`.
    pub(super) tables: Vec<Option<OpTables>>,
    /// Op names as written -> their facts (a hash lookup instead of the db's search).
    pub(super) op_facts: HashMap<&'a str, Option<&'static OpFact>>,
    pub(super) target: Option<u32>,
    pub(super) aliases: HashMap<String, TypeRef>,
    pub(super) type_cache: TypeCache,
    pub(super) scopes: Vec<HashMap<&'a str, usize>>,
    pub(super) symbol_scope: HashMap<&'a str, usize>,
    /// Whether the file has a `cuda_tile.module` (disassembler output has none).
    pub(super) has_module: bool,
    /// Where the values of the innermost isolated region (entry, module) start in
    /// `facts.values`: a name defined before that is out of reach.
    pub(super) isolated_from: usize,
    /// Each module's symbols, installed while its ops are checked.
    pub(super) module_symbols: HashMap<OpId, HashMap<&'a str, usize>>,
    pub facts: Facts,
    /// Keep uses and op types for hovers and navigation (not needed by a one-shot check).
    pub record_uses: bool,
    /// How many threads a module's entries may be checked on (one for small files).
    pub threads: usize,
    pub diagnostics: Vec<Diagnostic>,
    /// The insertion point and current text of the version pragma, for "raise the version".
    pub(super) pragma: Option<TextRange>,
    /// The region-holding ops around the op being checked, innermost last (`regions`).
    pub(super) frames: Vec<Frame>,
    /// The version is newer than the spec-db's newest: the module is checked against that one,
    /// and what it does not define is noted in one TILE019 instead of reported (`beyond_spec`).
    pub(super) beyond_spec: bool,
    /// Where the TILE019 note goes: the pragma that asked for the version, or the file's start.
    pub(super) note_at: TextRange,
    /// What was not reported under `beyond_spec`: where, and what (`gdc_wait_tko`).
    pub(super) unchecked: Vec<(TextRange, String)>,
    /// What checking each module item added, in order (for `incremental`).
    pub items: Vec<ItemMark>,
}

/// What checking one item of a module (an entry, a global) added to the checker's facts and
/// diagnostics: index ranges, in the order they were reported.
#[derive(Clone, Debug)]
pub struct ItemMark {
    pub op: OpId,
    pub values: std::ops::Range<usize>,
    pub uses: std::ops::Range<usize>,
    pub diagnostics: std::ops::Range<usize>,
}

/// The type each operand and result of an op has, written or inferred, by fact name.
pub(super) type Effective = HashMap<&'static str, TypeRef>;

/// The tables of an op that apply to the checked version.
#[derive(Clone, Copy)]
pub(super) struct OpTables {
    pub(super) modifiers: Option<&'static ModifierTable>,
    pub(super) combinations: Option<&'static CombinationTable>,
}

/// The spec-db's name of element type `name` (`ptr` is a type constructor here).
fn element_name(name: &str) -> Option<&'static str> {
    tile_ir::db()
        .element_type(name)
        .map(|e| e.name.as_str())
        .filter(|&e| e != "ptr")
}

pub(super) fn is_element(name: &str) -> bool {
    element_name(name).is_some()
}

impl<'a> Checker<'a> {
    pub fn version(&self) -> &str {
        &self.version
    }

    /// The version messages cite a spec fact for: the one checked (or, for a newer one, the
    /// newest the spec-db holds, which it is checked against).
    pub(super) fn cited_version(&self) -> &str {
        super::version::cited_version(&self.version)
    }

    pub(super) fn report(
        &mut self,
        rule: &'static speclint_base::rules::Rule,
        range: TextRange,
        message: String,
    ) {
        self.diagnostics.push(Diagnostic::new(rule, range, message));
    }

    pub(super) fn newer(&self, since: &str) -> bool {
        version_key(since) > self.version_key
    }

    pub(super) fn tables(&mut self, fact: &OpFact) -> OpTables {
        if let Some(tables) = self.tables[fact.index] {
            return tables;
        }
        let tables = OpTables {
            modifiers: table_for(&self.db.ops[fact.index].modifiers, &self.version),
            combinations: table_for(&self.db.ops[fact.index].combinations, &self.version),
        };
        self.tables[fact.index] = Some(tables);
        tables
    }

    /// Under a version newer than the spec-db's: remembers `what` (not defined by the newest
    /// spec speclint holds) for the TILE019 note instead of reporting it, and says so.
    pub(super) fn noted_beyond_spec(
        &mut self,
        range: TextRange,
        what: impl FnOnce() -> String,
    ) -> bool {
        if self.beyond_spec {
            self.unchecked.push((range, what()));
        }
        self.beyond_spec
    }

    pub(super) fn reader(&self) -> TypeReader<'_> {
        TypeReader {
            file: self.file,
            source: self.source,
            aliases: &self.aliases,
            element: &element_name,
            problems: Vec::new(),
            cache: Some(&self.type_cache),
            depth: 0,
        }
    }

    pub(super) fn lookup(&self, name: &str) -> Option<usize> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    /// The first `:` outside brackets in `body` (`for %i in (…) : T`, `loop … : T -> R`).
    pub(super) fn colon_at_depth0(&self, body: &[u32]) -> Option<usize> {
        let mut depth = 0;
        for (i, &t) in body.iter().enumerate() {
            if self.file.kind(t) != Kind::Punct {
                continue;
            }
            match self.file.text(self.source, t) {
                "(" | "[" | "<" => depth += 1,
                ")" | "]" | ">" => depth -= 1,
                ":" if depth == 0 => return Some(i),
                _ => {}
            }
        }
        None
    }

    pub(super) fn type_after_colon_at_depth0(&mut self, body: &[u32]) -> Option<TypeRef> {
        let mut at = self.colon_at_depth0(body)? + 1;
        self.reader().read(body, &mut at)
    }

    pub(super) fn types_after_arrow(&mut self, body: &[u32]) -> Vec<TypeRef> {
        let Some(arrow) = body.iter().rposition(|&t| self.file.kind(t) == Kind::Arrow) else {
            return Vec::new();
        };
        self.reader().read_list(body, &mut (arrow + 1))
    }

    /// `loop iter_values(%v = %init) : T, U -> R, S`: the loop-carried types `T, U`.
    pub(super) fn loop_carried_types(&mut self, body: &[u32]) -> Vec<TypeRef> {
        match self.colon_at_depth0(body) {
            Some(colon) => self.reader().read_list(body, &mut (colon + 1)),
            None => Vec::new(),
        }
    }

    pub(super) fn value_type(&self, token: u32) -> Option<TypeRef> {
        let name = self.file.text(self.source, token);
        if name.contains('#') {
            return None; // one result of a group: its type is not tracked
        }
        self.lookup(name)
            .and_then(|i| self.facts.values[i].ty.clone())
    }

    /// The bit width of the element type of operand or result `name` (`from`: f32 -> 32).
    pub(super) fn element_bits(&self, effective: &Effective, name: &str) -> Option<u32> {
        effective
            .get(name)
            .and_then(|t| t.ty.element())
            .and_then(|e| self.db.element_type(e))
            .map(|e| e.bits)
    }
}

/// The table that applies to `version`: the oldest revision at or after it (see spec-db README).
pub fn table_for<'t, T: HasRevision>(tables: &'t [T], version: &str) -> Option<&'t T> {
    let v = version_key(version);
    tables
        .iter()
        .filter(|t| version_key(t.revision()) >= v)
        .min_by_key(|t| version_key(t.revision()))
        .or_else(|| tables.iter().max_by_key(|t| version_key(t.revision())))
}

pub trait HasRevision {
    fn revision(&self) -> &str;
}
impl HasRevision for ModifierTable {
    fn revision(&self) -> &str {
        &self.revision
    }
}
impl HasRevision for speclint_spec_db::tile_ir_model::CombinationTable {
    fn revision(&self) -> &str {
        &self.revision
    }
}
