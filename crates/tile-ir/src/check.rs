//! Walks the ops in order with a scope per region: defines and resolves SSA values and
//! symbols, matches each op against its format, and checks it against the spec-db
//! (counts, types, traits, modifiers per dtype, versions, targets, placement).

use super::ast::{File, Form, Op, OpId};
use super::bind::{Bound, BoundAttr, Matcher};
use super::format::Element;
use super::lex::Kind;
use super::op_plan;
use super::regions::{self, Frame, Passed};
use super::rules;
use super::types::{Type, TypeCache, TypeProblem, TypeReader, TypeRef};
use super::TileIrSettings;
use rustc_hash::FxHashMap as HashMap;
use speclint_base::diagnostic::{Diagnostic, Fix, TextEdit};
use speclint_base::limits;
use speclint_base::parallel;
use speclint_base::text::line_number;
use speclint_base::text::{closest, did_you_mean, TextRange};
use speclint_spec_db::tile_ir::{self, version_key, TileIrDb};
use speclint_spec_db::tile_ir_model::{CombinationTable, ModifierTable, Op as OpFact};
use speclint_spec_db::Target as GpuTarget;

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

/// A value being defined (its name is the scope's key).
struct Definition {
    range: TextRange,
    ty: Option<TypeRef>,
    op: OpId,
    kind: DefKind,
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
    version: String,
    version_key: (u32, u32),
    /// Per spec-db op (by index): the modifier and combination tables that apply to `version`.
    tables: Vec<Option<OpTables>>,
    /// Op names as written -> their facts (a hash lookup instead of the db's search).
    op_facts: HashMap<&'a str, Option<&'static OpFact>>,
    pub(super) target: Option<u32>,
    aliases: HashMap<String, TypeRef>,
    type_cache: TypeCache,
    scopes: Vec<HashMap<&'a str, usize>>,
    symbol_scope: HashMap<&'a str, usize>,
    /// Whether the file has a `cuda_tile.module` (disassembler output has none).
    has_module: bool,
    /// Where the values of the innermost isolated region (entry, module) start in
    /// `facts.values`: a name defined before that is out of reach.
    isolated_from: usize,
    /// Each module's symbols, installed while its ops are checked.
    module_symbols: HashMap<OpId, HashMap<&'a str, usize>>,
    pub facts: Facts,
    /// Keep uses and op types for hovers and navigation (not needed by a one-shot check).
    pub record_uses: bool,
    /// How many threads a module's entries may be checked on (one for small files).
    pub threads: usize,
    pub diagnostics: Vec<Diagnostic>,
    /// The insertion point and current text of the version pragma, for "raise the version".
    pragma: Option<TextRange>,
    /// The region-holding ops around the op being checked, innermost last (`regions`).
    frames: Vec<Frame>,
    /// The version is newer than the spec-db's newest: the module is checked against that one,
    /// and what it does not define is noted in one TILE019 instead of reported (`beyond_spec`).
    beyond_spec: bool,
    /// Where the TILE019 note goes: the pragma that asked for the version, or the file's start.
    note_at: TextRange,
    /// What was not reported under `beyond_spec`: where, and what (`gdc_wait_tko`).
    unchecked: Vec<(TextRange, String)>,
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

fn is_element(name: &str) -> bool {
    element_name(name).is_some()
}

/// The file's syntax errors and regions nested too deeply, as `Checker::run` reports them
/// first.
pub fn syntax_diagnostics(file: &File) -> impl Iterator<Item = Diagnostic> + '_ {
    let errors = file.errors.iter().map(|error| {
        Diagnostic::new(
            &rules::TILE_SYNTAX_ERROR,
            error.range,
            format!("syntax error: {}", error.message),
        )
    });
    errors.chain(
        file.too_deep
            .iter()
            .map(|&open| limits::nesting_too_deep(open)),
    )
}

impl<'a> Checker<'a> {
    pub fn new(file: &'a File, source: &'a str, settings: &TileIrSettings) -> Self {
        let mut version = settings
            .version
            .clone()
            .unwrap_or_else(|| tile_ir::DEFAULT_VERSION.to_string());
        let mut target = settings.target;
        let mut pragma = None;
        let mut version_from_pragma = false;
        let mut pragma_errors = Vec::new();
        // `// speclint: tile-ir-version=13.2, target=sm_80` in the file, unless configured.
        for marker in &file.markers {
            if let super::lex::Marker::Pragma { range, text } = marker {
                pragma = Some(*range);
                for part in text.split(',') {
                    let mut kv = part.splitn(2, '=');
                    let key = kv.next().unwrap_or("").trim();
                    let value = kv.next().unwrap_or("").trim();
                    match key {
                        "tile-ir-version" => match super::version::parse_version(value) {
                            Ok(value) if settings.version.is_none() => {
                                version = value;
                                version_from_pragma = true;
                            }
                            Ok(_) => {}
                            Err(message) => pragma_errors.push(Diagnostic::new(
                                &rules::TILE_SYNTAX_ERROR,
                                *range,
                                format!("speclint pragma: {message}; the file is checked against {version}"),
                            )),
                        },
                        "target" if settings.target.is_none() => {
                            target = GpuTarget::parse(value).map(|t| u32::from(t.number));
                        }
                        _ => {}
                    }
                }
            }
        }
        let db = tile_ir::db();
        let beyond_spec = super::version::is_newer_than_known(&version);
        // The note sits on the pragma that asked for the version, or at the start of the file.
        let note_at = pragma
            .filter(|_| version_from_pragma)
            .unwrap_or(TextRange::empty(0));
        Checker {
            file,
            source,
            db,
            version_key: version_key(&version),
            version,
            tables: vec![None; db.ops.len()],
            op_facts: HashMap::default(),
            type_cache: TypeCache::default(),
            target,
            aliases: HashMap::default(),
            scopes: vec![HashMap::default()],
            symbol_scope: HashMap::default(),
            module_symbols: HashMap::default(),
            has_module: file.top.iter().any(|&t| file.ops[t].name == "module"),
            isolated_from: 0,
            facts: Facts::default(),
            record_uses: true,
            threads: parallel::threads_for(source.len()),
            diagnostics: pragma_errors,
            pragma,
            frames: Vec::new(),
            beyond_spec,
            note_at,
            unchecked: Vec::new(),
            items: Vec::new(),
        }
    }

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

    /// Reports (TILE006, on the result names) an op that binds a number of result names other
    /// than `expected`; binding none is fine. `why` words the rule, given the number bound.
    pub(super) fn expect_result_names(
        &mut self,
        op: &Op,
        expected: usize,
        why: impl FnOnce(usize) -> String,
    ) {
        let bound = op.result_count();
        if bound != 0 && bound != expected {
            self.report(&rules::TILE_OPERAND_COUNT, op.results_range(), why(bound));
        }
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

    /// A TILE012 diagnostic with a fix that raises the file's version pragma.
    pub(super) fn too_new(&mut self, range: TextRange, what: String, since: &str) {
        let message = format!(
            "{what} needs Tile IR {since}, but the module is checked against {}",
            self.version
        );
        // Replace the pragma line, or insert one at the top.
        let (at, new_text) = match self.pragma {
            Some(pragma) => (pragma, format!("// speclint: tile-ir-version={since}")),
            None => (
                TextRange::new(0, 0),
                format!("// speclint: tile-ir-version={since}\n"),
            ),
        };
        // Unsafe: the file then needs a newer Tile IR toolchain.
        let fix = Fix::replace(
            format!("Check this file against Tile IR {since}"),
            at,
            new_text,
        );
        self.diagnostics
            .push(Diagnostic::new(&rules::TILE_VERSION_TOO_LOW, range, message).with_fix(fix));
    }

    pub fn run(&mut self) {
        self.diagnostics.extend(syntax_diagnostics(self.file));
        self.read_aliases();
        // The parts of a `// -----` file share nothing: each has its own top-level symbols.
        for part in self.file.top_parts() {
            self.symbol_scope = HashMap::default();
            self.has_module = part.iter().any(|&t| self.file.ops[t].name == "module");
            self.declare_symbols(part);
            for &id in part {
                self.op(id, &[]);
            }
        }
        self.newer_version_note();
    }

    /// Whether the module is checked against a version newer than the spec-db's (whose
    /// TILE019 note gathers what all its items use).
    pub fn beyond_spec(&self) -> bool {
        self.beyond_spec
    }

    /// Checks `item`, an item of the top-level `module`, alone, as a share of a parallel check
    /// would (`module_items`): its values are numbered from 0, its diagnostics and facts are
    /// the only ones left (the module's symbols are declared first, so symbol indices are
    /// those of a full check).
    pub fn check_item(&mut self, module: OpId, item: OpId) {
        self.read_aliases();
        let top = self.file.top.clone();
        self.declare_symbols(&top);
        self.diagnostics.clear();
        self.facts.uses.clear();
        self.facts.values.clear();
        self.symbol_scope = self
            .module_symbols
            .get(&module)
            .cloned()
            .unwrap_or_default();
        self.scopes = vec![HashMap::default()];
        self.isolated_from = 0;
        self.op(item, &[module]);
    }

    fn read_aliases(&mut self) {
        for alias in &self.file.aliases {
            let mut reader = self.reader();
            reader.cache = None; // a later alias may give a name a meaning
            let mut at = 0;
            let ty = reader.read(&alias.body, &mut at);
            let problems = std::mem::take(&mut reader.problems);
            self.type_problems(problems);
            if let Some(ty) = ty {
                self.aliases.insert(alias.name.clone(), ty);
            }
        }
    }

    /// The result types an op speclint does not know writes: the types after its last `->`, or
    /// after its `:` when there is no arrow (`addf`-like), if there is one per result; so the
    /// values it defines are typed and their uses checked. Unknown (`None`) otherwise.
    fn written_result_types(&mut self, op: &Op) -> Vec<Option<TypeRef>> {
        let results: usize = op.result_count();
        if results == 0 {
            return Vec::new();
        }
        let toks = &op.body;
        let (mut depth, mut colon, mut arrow) = (0usize, None, None);
        for (i, &t) in toks.iter().enumerate() {
            match (self.file.kind(t), self.file.text(self.source, t)) {
                (Kind::Punct, "(" | "[" | "{" | "<") => depth += 1,
                (Kind::Punct, ")" | "]" | "}" | ">") => depth = depth.saturating_sub(1),
                (Kind::Punct, ":") if depth == 0 => colon = Some(i),
                (Kind::Arrow, _) if depth == 0 => arrow = Some(i),
                _ => {}
            }
        }
        let Some(start) = arrow.or(colon).map(|i| i + 1) else {
            return Vec::new();
        };
        let mut reader = self.reader();
        let mut at = start;
        let mut types = Vec::new();
        while let Some(ty) = reader.read(toks, &mut at) {
            types.push(Some(ty));
            if at < toks.len() && self.file.text(self.source, toks[at]) == "," {
                at += 1;
            } else {
                break;
            }
        }
        let problems = std::mem::take(&mut reader.problems);
        self.type_problems(problems);
        if at == toks.len() && types.len() == results {
            types
        } else {
            Vec::new()
        }
    }

    /// Under a version newer than the spec-db's: remembers `what` (not defined by the newest
    /// spec speclint holds) for the TILE019 note instead of reporting it, and says so.
    fn noted_beyond_spec(&mut self, range: TextRange, what: impl FnOnce() -> String) -> bool {
        if self.beyond_spec {
            self.unchecked.push((range, what()));
        }
        self.beyond_spec
    }

    /// A newer version adds words to an op's form (`saturating`, `inbounds = [...]`), not
    /// punctuation or type syntax: is the token where an op's form stopped matching such a word?
    fn is_newer_word(&self, range: TextRange) -> bool {
        let word = &self.source[range.start..range.end];
        let tokens = &self.file.tokens;
        let Ok(at) = tokens.binary_search_by_key(&range.start, |t| t.range().start) else {
            return false;
        };
        tokens[at].kind == Kind::Ident
            && !word.contains('.')
            && !is_element(word)
            && !self.db.types.iter().any(|t| t.name == word)
    }

    /// The one TILE019 note of a file checked as a version newer than the spec-db's: which
    /// version, what it is checked against, and what was let through.
    fn newer_version_note(&mut self) {
        if !self.beyond_spec {
            return;
        }
        // A modifier or enum case the newest spec does not allow on this op or type may be
        // allowed by the newer version (as 13.4 allowed `rounding<zero>` on ftof to f16).
        let (allowed_later, kept): (Vec<Diagnostic>, Vec<Diagnostic>) =
            std::mem::take(&mut self.diagnostics)
                .into_iter()
                .partition(|d| d.rule.code == rules::TILE_MODIFIER_NOT_ALLOWED.code);
        self.diagnostics = kept;
        for d in allowed_later {
            // The innermost op around it names where it was written.
            let op = self
                .file
                .ops
                .iter()
                .filter(|op| op.range.start <= d.range.start && d.range.end <= op.range.end)
                .min_by_key(|op| op.range.end - op.range.start)
                .map(|op| format!(" on `{}`", op.name))
                .unwrap_or_default();
            let written = &self.source[d.range.start..d.range.end];
            self.unchecked.push((d.range, format!("`{written}`{op}")));
        }
        self.unchecked.sort_by_key(|(range, _)| range.start);
        let newest = super::version::newest_known_version();
        let mut seen = std::collections::HashSet::new();
        let items: Vec<String> = self
            .unchecked
            .iter()
            .filter(|(_, what)| seen.insert(what.clone()))
            .map(|(range, what)| format!("{what} (line {})", line_number(self.source, range.start)))
            .collect();
        const LISTED: usize = 8;
        let what = match items.len() {
            0 => format!("this file uses nothing that {newest} does not define"),
            n if n <= LISTED => format!(
                "not reported, as {} may define them: {}",
                self.version,
                items.join(", ")
            ),
            n => format!(
                "not reported, as {} may define them: {} and {} more",
                self.version,
                items[..LISTED].join(", "),
                n - LISTED
            ),
        };
        let message = format!(
            "Tile IR {} is newer than the specification speclint holds ({}-{newest}): the file is checked against {newest}; {what}",
            self.version,
            tile_ir::VERSIONS[0],
        );
        self.report(&rules::TILE_NEWER_VERSION, self.note_at, message);
    }

    fn reader(&self) -> TypeReader<'_> {
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

    fn type_problems(&mut self, problems: Vec<TypeProblem>) {
        for problem in problems {
            match problem {
                TypeProblem::UnknownElement { name, range }
                    if matches!(name.as_str(), "tensor" | "memref" | "vector" | "index") =>
                {
                    // MLIR builtin types: a cuda_tile module (and its bytecode) has none.
                    self.report(
                        &rules::TILE_INVALID_TYPE,
                        range,
                        format!("`{name}` is an MLIR builtin type, not a Tile IR type; use `tile<…>` (or a pointer and a view for memory)"),
                    );
                }
                TypeProblem::UnknownElement { name, range } => {
                    if self.noted_beyond_spec(range, || format!("type `{name}`")) {
                        continue;
                    }
                    let known: Vec<&str> = self
                        .db
                        .element_types
                        .iter()
                        .map(|e| e.name.as_str())
                        .filter(|n| *n != "ptr")
                        .collect();
                    self.report(
                        &rules::TILE_INVALID_TYPE,
                        range,
                        format!(
                            "`{name}` is not a Tile IR element type (known: {})",
                            known.join(", ")
                        ),
                    );
                }
                TypeProblem::NotPowerOfTwo { dim, range } => self.report(
                    &rules::TILE_INVALID_TYPE,
                    range,
                    format!("tile dimension {dim} is not a power of two; Tile IR supports only power-of-two tile shapes (types.md, tile)"),
                ),
                TypeProblem::Invalid { message, range } => {
                    self.report(&rules::TILE_INVALID_TYPE, range, message)
                }
                // A type is read again for each use of it: report it once.
                TypeProblem::TooDeep { range } => {
                    let reported = self.diagnostics.iter().any(|d| {
                        d.rule.code == "IO002" && d.range == range
                    });
                    if !reported {
                        self.diagnostics.push(limits::nesting_too_deep(range));
                    }
                }
                TypeProblem::UnknownCase { message, range } => {
                    self.report(&rules::TILE_MODIFIER_NOT_ALLOWED, range, message)
                }
                TypeProblem::Malformed { message, range } => self.report(
                    &rules::TILE_SYNTAX_ERROR,
                    range,
                    format!("syntax error: {message}"),
                ),
            }
        }
    }

    /// Entries and globals are visible in the whole module, before their definition too.
    fn declare_symbols(&mut self, ops: &[OpId]) {
        for &id in ops {
            let op = &self.file.ops[id];
            if !matches!(op.name.as_str(), "entry" | "global" | "module") {
                continue;
            }
            let Some(&token) = op.body.iter().find(|&&t| self.file.kind(t) == Kind::Symbol) else {
                continue;
            };
            let name = self.file.text(self.source, token);
            let range = self.file.range(token);
            if op.name == "module" {
                self.facts.symbols.push(SymbolDef {
                    name: name.to_string(),
                    range,
                    op: id,
                });
                let children: Vec<OpId> = self.file.children(id).collect();
                let saved = std::mem::take(&mut self.symbol_scope);
                self.declare_symbols(&children);
                let symbols = std::mem::replace(&mut self.symbol_scope, saved);
                self.module_symbols.insert(id, symbols);
                continue;
            }
            if let Some(&previous) = self.symbol_scope.get(name) {
                let line = line_number(self.source, self.facts.symbols[previous].range.start);
                self.report(
                    &rules::TILE_REDEFINITION,
                    range,
                    format!("symbol `{name}` is already defined in this module (line {line})"),
                );
                continue;
            }
            let index = self.facts.symbols.len();
            self.facts.symbols.push(SymbolDef {
                name: name.to_string(),
                range,
                op: id,
            });
            self.facts.uses.push((range, Target::Symbol(index)));
            self.symbol_scope.insert(name, index);
        }
    }

    fn lookup(&self, name: &str) -> Option<usize> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    fn define(&mut self, name: &'a str, def: Definition) -> usize {
        let index = self.facts.values.len();
        let scope = self.scopes.last_mut().expect("a scope");
        if let Some(&previous) = scope.get(name) {
            let line = line_number(self.source, self.facts.values[previous].range.start);
            let message = format!(
                "`{name}` is already defined in this region (line {line}); SSA values are defined once",
            );
            self.diagnostics.push(Diagnostic::new(
                &rules::TILE_REDEFINITION,
                def.range,
                message,
            ));
        }
        scope.insert(name, index);
        if self.record_uses {
            self.facts.uses.push((def.range, Target::Value(index)));
        }
        self.facts.values.push(ValueDef {
            name: name.to_string(),
            range: def.range,
            ty: def.ty,
            op: def.op,
            kind: def.kind,
        });
        index
    }

    fn op(&mut self, id: OpId, ancestors: &[OpId]) {
        let file = self.file;
        let op = &file.ops[id];
        let db = self.db;
        let fact = *self
            .op_facts
            .entry(&op.name)
            .or_insert_with(|| db.op(&op.name));
        let fact = fact.filter(|_| !op.foreign_dialect);
        let (fact, former_format) = match fact {
            Some(fact) => (Some(fact), None),
            None => self.unknown_or_renamed(op),
        };
        if let Some(fact) = fact {
            self.placement(op, fact, ancestors);
            self.pure_in_reduction(op, fact, ancestors);
            if self.newer(&fact.since) {
                self.too_new(
                    op.name_range,
                    format!("`cuda_tile.{}`", fact.name),
                    &fact.since.clone(),
                );
            }
        }

        if let Some(symbols) = self.module_symbols.get(&id) {
            self.symbol_scope = symbols.clone();
        }

        // Values and symbols in the op's own tokens.
        let (region_defs, uses) = self.scan_body(op);
        if let Some(fact) = fact.filter(|_| op.name == "entry") {
            self.entry_signature(op, fact, &region_defs);
        }
        for (token, is_symbol) in uses {
            let written = file.text(self.source, token);
            let name = written.split('#').next().unwrap_or(written);
            let range = file.range(token);
            if is_symbol {
                match self.symbol_scope.get(name) {
                    Some(&index) => self.facts.uses.push((range, Target::Symbol(index))),
                    None if op.name == "get_global" => self.report(
                        &rules::TILE_UNDEFINED_VALUE,
                        range,
                        format!("no `global` named `{name}` in this module"),
                    ),
                    None => {}
                }
                continue;
            }
            match self.lookup(name) {
                Some(index) => {
                    if self.record_uses {
                        self.facts.uses.push((range, Target::Value(index)));
                    }
                }
                None => {
                    let later = if self.facts.values[self.isolated_from..]
                        .iter()
                        .any(|v| v.name == name)
                    {
                        " in this scope"
                    } else {
                        ""
                    };
                    self.report(
                        &rules::TILE_UNDEFINED_VALUE,
                        range,
                        format!("`{name}` is not defined{later} before this use"),
                    );
                }
            }
        }

        let mut bound = Bound::default();
        let mut reader_problems = Vec::new();
        if let Some(fact) = fact {
            let mut reader = self.reader();
            let mut matcher = Matcher::new(file, self.source, op, fact, &mut reader);
            matcher.format = former_format;
            bound = matcher.run();
            reader_problems = reader.problems;
        }
        self.type_problems(reader_problems);
        if let (Some(fact), Some(error)) = (fact, bound.error.clone()) {
            let noted = self.beyond_spec
                && self.is_newer_word(error.range)
                && self.noted_beyond_spec(error.range, || {
                    let word = &self.source[error.range.start..error.range.end];
                    format!("`{word}` in `{}`", op.name)
                });
            // Formats written by speclint for ops with hand-written parsers are approximate:
            // a mismatch there is not reported.
            if !noted && (fact.format_source == "definition" || op.form == Form::Generic) {
                let rule = if error.count {
                    &rules::TILE_OPERAND_COUNT
                } else {
                    &rules::TILE_SYNTAX_ERROR
                };
                let prefix = if error.count { "" } else { "syntax error: " };
                self.report(rule, error.range, format!("{prefix}{}", error.message));
            }
        }

        let result_types = match fact {
            Some(fact) => self.check_op(id, op, fact, &bound),
            None => self.written_result_types(op),
        };
        if fact.is_some() && matches!(op.name.as_str(), "yield" | "continue" | "break") {
            self.check_transfer(op, &bound);
        }
        let frame = fact
            .filter(|_| regions::is_region_op(&op.name))
            .map(|_| self.frame(id, op, &result_types, &region_defs));

        // Regions: a fresh scope; entry and module see nothing from outside.
        if !op.regions.is_empty() {
            let isolated = matches!(op.name.as_str(), "entry" | "module");
            let saved = if isolated {
                let scopes = std::mem::replace(&mut self.scopes, vec![HashMap::default()]);
                let from = std::mem::replace(&mut self.isolated_from, self.facts.values.len());
                Some((scopes, from))
            } else {
                None
            };
            let mut path = ancestors.to_vec();
            path.push(id);
            if let Some(frame) = &frame {
                self.frames.push(frame.clone());
            }
            let mut region_defs = Some(region_defs);
            for region in &op.regions {
                self.scopes.push(HashMap::default());
                // Block arguments live in the same scope as the first region's ops.
                for (name, range, ty, kind) in region_defs.take().unwrap_or_default() {
                    self.define(
                        name,
                        Definition {
                            range,
                            ty,
                            op: id,
                            kind,
                        },
                    );
                }
                for block in &region.blocks {
                    if op.name == "module" {
                        self.module_items(&block.ops, &path);
                    } else {
                        for &child in &block.ops {
                            self.op(child, &path);
                        }
                    }
                }
                self.scopes.pop();
            }
            if frame.is_some() {
                self.frames.pop();
            }
            if let Some((scopes, from)) = saved {
                self.scopes = scopes;
                self.isolated_from = from;
            }
            let findings = regions::check_regions(file, id, frame.as_ref());
            self.findings(findings);
        }

        // Results become visible after the op.
        let mut types = result_types.into_iter();
        for result in &op.results {
            // `%x:2` defines one name for two results, used as `%x#0` and `%x#1`.
            let ty = types.next().flatten();
            for _ in 1..result.count {
                types.next();
            }
            self.define(
                &result.name,
                Definition {
                    range: result.range,
                    ty: if result.count == 1 { ty } else { None },
                    op: id,
                    kind: DefKind::Result,
                },
            );
        }
    }

    /// What the terminators in a region op's regions must pass (`regions::Frame`): its result
    /// types, and for loops the loop-carried types. Generic-form ops are not read.
    #[allow(clippy::type_complexity)]
    fn frame(
        &mut self,
        id: OpId,
        op: &Op,
        result_types: &[Option<TypeRef>],
        region_defs: &[(&'a str, TextRange, Option<TypeRef>, DefKind)],
    ) -> Frame {
        let name = match op.name.as_str() {
            "if" => "if",
            "for" => "for",
            "loop" => "loop",
            "reduce" => "reduce",
            _ => "scan",
        };
        let mut frame = Frame {
            op: id,
            name,
            start: op.name_range.start,
            results: None,
            carried: None,
        };
        if op.form == Form::Generic {
            return frame;
        }
        let names: usize = op.result_count();
        frame.results = match name {
            // The body yields one accumulator per input: the type of the second argument of
            // each (element, accumulator) pair of the body (op-reduce.md, op-scan.md).
            "reduce" | "scan" if !result_types.is_empty() => {
                let arguments: Vec<&Option<TypeRef>> = region_defs
                    .iter()
                    .filter(|d| d.3 == DefKind::Argument)
                    .map(|d| &d.2)
                    .collect();
                let n = result_types.len();
                Some(if arguments.len() == 2 * n {
                    (0..n).map(|i| arguments[2 * i + 1].clone()).collect()
                } else {
                    vec![None; n]
                })
            }
            "reduce" | "scan" => None,
            // Result names and types that disagree are reported elsewhere.
            _ => (names == 0 || names == result_types.len()).then(|| result_types.to_vec()),
        };
        if matches!(name, "for" | "loop") {
            frame.carried = Some(
                region_defs
                    .iter()
                    .filter(|d| d.3 == DefKind::IterValue)
                    .map(|d| d.2.clone())
                    .collect(),
            );
        }
        frame
    }

    /// `yield`, `continue` or `break`: the values it passes against its target's frame.
    fn check_transfer(&mut self, op: &'a Op, bound: &Bound) {
        let values = bound
            .operands
            .get("operands")
            .map_or(&[][..], Vec::as_slice);
        let written = bound.types.get("operands").map_or(&[][..], Vec::as_slice);
        let passed: Vec<Passed> = values
            .iter()
            .enumerate()
            .map(|(i, &value)| Passed {
                name: self.file.text(self.source, value),
                range: self.file.range(value),
                ty: written.get(i).cloned().or_else(|| self.value_type(value)),
            })
            .collect();
        let source = self.source;
        let findings =
            regions::check_transfer(&self.frames, &op.name, op.name_range, &passed, |offset| {
                line_number(source, offset)
            });
        self.findings(findings);
    }

    fn findings(&mut self, findings: Vec<regions::Finding>) {
        for finding in findings {
            self.report(finding.rule, finding.range, finding.message);
        }
    }

    /// A module's entries and globals share nothing but the module's symbols: in a large file
    /// they are checked in parallel shares (`core::parallel`), joined in order, so the result
    /// is that of a one-thread run.
    fn module_items(&mut self, items: &[OpId], path: &[OpId]) {
        let file = self.file;
        let independent = items
            .iter()
            .all(|&i| matches!(file.ops[i].name.as_str(), "entry" | "global"));
        let shares = if independent {
            parallel::shares(items, self.threads, |&i| {
                file.ops[i].range.end - file.ops[i].range.start
            })
        } else {
            vec![items]
        };
        if shares.len() < 2 {
            for &item in items {
                self.marked_op(item, path);
            }
            return;
        }
        let work: Vec<_> = shares.iter().map(|share| (self.fork(), *share)).collect();
        let forks = parallel::on_threads(work, |(mut fork, share)| {
            for &item in share {
                fork.marked_op(item, path);
            }
            fork
        });
        for fork in forks {
            self.join(fork);
        }
    }

    /// Checks a module item, marking what it added (`items`).
    fn marked_op(&mut self, item: OpId, path: &[OpId]) {
        let (values, uses, diagnostics) = (
            self.facts.values.len(),
            self.facts.uses.len(),
            self.diagnostics.len(),
        );
        self.op(item, path);
        self.items.push(ItemMark {
            op: item,
            values: values..self.facts.values.len(),
            uses: uses..self.facts.uses.len(),
            diagnostics: diagnostics..self.diagnostics.len(),
        });
    }

    /// A checker for some of a module's items: it sees the module's symbols and settings and
    /// collects its own facts and diagnostics.
    fn fork(&self) -> Checker<'a> {
        Checker {
            file: self.file,
            source: self.source,
            db: self.db,
            version: self.version.clone(),
            version_key: self.version_key,
            tables: self.tables.clone(),
            op_facts: self.op_facts.clone(),
            target: self.target,
            aliases: self.aliases.clone(),
            type_cache: self.type_cache.clone(),
            scopes: vec![HashMap::default()],
            symbol_scope: self.symbol_scope.clone(),
            has_module: self.has_module,
            isolated_from: 0,
            module_symbols: HashMap::default(),
            facts: Facts::default(),
            record_uses: self.record_uses,
            threads: 1,
            diagnostics: Vec::new(),
            pragma: self.pragma,
            frames: Vec::new(),
            beyond_spec: self.beyond_spec,
            note_at: self.note_at,
            unchecked: Vec::new(),
            items: Vec::new(),
        }
    }

    /// Appends a fork's findings; its value indices move past this checker's values.
    fn join(&mut self, fork: Checker<'a>) {
        let offset = self.facts.values.len();
        let (uses, diagnostics) = (self.facts.uses.len(), self.diagnostics.len());
        let shift = |r: &std::ops::Range<usize>, by: usize| r.start + by..r.end + by;
        self.items.extend(fork.items.iter().map(|mark| ItemMark {
            op: mark.op,
            values: shift(&mark.values, offset),
            uses: shift(&mark.uses, uses),
            diagnostics: shift(&mark.diagnostics, diagnostics),
        }));
        let Facts {
            values,
            symbols,
            uses,
            op_dtype,
            op_types,
        } = fork.facts;
        debug_assert!(symbols.is_empty(), "symbols are declared before forking");
        self.facts.values.extend(values);
        self.facts
            .uses
            .extend(uses.into_iter().map(|(range, target)| match target {
                Target::Value(i) => (range, Target::Value(i + offset)),
                Target::Symbol(_) => (range, target),
            }));
        self.facts.op_dtype.extend(op_dtype);
        self.facts.op_types.extend(op_types);
        self.diagnostics.extend(fork.diagnostics);
        self.unchecked.extend(fork.unchecked);
    }

    /// An op name the spec-db does not know: the former name of an op (`print`, which 13.2
    /// renamed `print_tko`), accepted with its old format before the rename and reported after
    /// it; otherwise an unknown op.
    fn unknown_or_renamed(
        &mut self,
        op: &Op,
    ) -> (Option<&'static OpFact>, Option<&'static [Element]>) {
        let renamed = if op.foreign_dialect {
            None
        } else {
            self.db.renamed(&op.name)
        };
        let Some((fact, former)) = renamed else {
            if let Some(known) = self.later_named(op) {
                return (known, None);
            }
            self.unknown_op(op);
            self.unknown_op_types(op);
            return (None, None);
        };
        if self.newer(&former.until) {
            return (Some(fact), Some(op_plan::former_format(former)));
        }
        // Safe: the same op under its current name (the op code did not change).
        let mut fix = Fix::replace(
            format!("Rename to `{}`", fact.name),
            op.name_range,
            fact.name.clone(),
        )
        .safe();
        let has_result = op
            .body
            .iter()
            .any(|&t| self.file.text(self.source, t) == "->");
        if let (false, Some(&last)) = (has_result || op.form == Form::Generic, op.body.last()) {
            fix.title = format!("Rename to `{}` and add its result token", fact.name);
            fix.edits.push(TextEdit {
                range: TextRange::empty(self.file.range(last).end),
                new_text: " -> token".into(),
            });
        }
        let diagnostic = Diagnostic::new(
            &rules::TILE_UNKNOWN_OP,
            op.name_range,
            format!(
                "`{}` is the name `{}` had before Tile IR {}, which renamed it; since then it is written `{}` and returns a token (`-> token`)",
                former.name, fact.name, former.until, fact.name
            ),
        )
        .with_fixes([fix]);
        self.diagnostics.push(diagnostic);
        (None, None)
    }

    /// A name newer tools print for an op of the spec (`fpowf`, 13.3's `pow`): the same op
    /// (same op code and operands), which tileirdisasm prints so for every bytecode version,
    /// so it is that op at every version and is checked as such.
    /// `None` when `op`'s name is no later name.
    fn later_named(&mut self, op: &Op) -> Option<Option<&'static OpFact>> {
        if op.foreign_dialect {
            return None;
        }
        let (fact, _) = self.db.later_named(&op.name)?;
        Some(Some(fact))
    }

    fn unknown_op(&mut self, op: &Op) {
        if op.foreign_dialect {
            let parent = op.parent.map(|p| self.file.ops[p].name.as_str());
            let holds = match parent {
                Some("module") | None => {
                    "the top level of a cuda_tile module holds only `entry` and `global`"
                }
                Some(_) => "a cuda_tile module holds only cuda_tile ops",
            };
            self.report(
                &rules::TILE_UNKNOWN_OP,
                op.name_range,
                format!(
                    "`{}` is not a cuda_tile operation; {holds} (its bytecode can express nothing else)",
                    op.name
                ),
            );
            return;
        }
        if self.noted_beyond_spec(op.name_range, || format!("op `{}`", op.name)) {
            return;
        }
        let suggestions = closest(&op.name, self.db.ops.iter().map(|o| o.name.as_str()), |_| 2);
        let prefix = match op.form {
            Form::Long => "cuda_tile.",
            Form::Generic => "\"cuda_tile.",
            Form::Short => "",
        };
        let suffix = if op.form == Form::Generic { "\"" } else { "" };
        let diagnostic = Diagnostic::new(
            &rules::TILE_UNKNOWN_OP,
            op.name_range,
            format!(
                "`{}` is not a cuda_tile operation{}",
                op.name,
                did_you_mean(&suggestions)
            ),
        )
        // Unsafe: a suggestion is a guess at the operation meant.
        .with_fixes(suggestions.iter().map(|s| {
            Fix::replace(
                format!("Change to `{s}`"),
                op.name_range,
                format!("{prefix}{s}{suffix}"),
            )
        }));
        self.diagnostics.push(diagnostic);
    }

    /// The types in an unknown generic-form op's `: (T, U) -> R` are still Tile IR types:
    /// their problems are reported (the op itself already is).
    fn unknown_op_types(&mut self, op: &Op) {
        if op.form != Form::Generic {
            return;
        }
        let Some(colon) = self.colon_at_depth0(&op.body) else {
            return;
        };
        let mut reader = self.reader();
        let mut at = colon + 1;
        reader.read_list(&op.body, &mut at);
        if op
            .body
            .get(at)
            .is_some_and(|&t| self.file.kind(t) == Kind::Arrow)
        {
            at += 1;
            reader.read_list(&op.body, &mut at);
        }
        let problems = std::mem::take(&mut reader.problems);
        self.type_problems(problems);
    }

    /// Where an op may appear: module at the top, entry/global in a module, the rest in an
    /// entry; ops with `ParentOneOf[…]` only directly in one of those.
    fn placement(&mut self, op: &Op, fact: &OpFact, ancestors: &[OpId]) {
        // Inside another dialect's op or an unknown one (reported as TILE002: `func`, a test
        // dialect's `testing$op`) no placement rule applies.
        if ancestors.iter().any(|&a| {
            let ancestor = &self.file.ops[a];
            ancestor.foreign_dialect
                || (self.db.op(&ancestor.name).is_none()
                    && self.db.later_named(&ancestor.name).is_none())
        }) {
            return;
        }
        let parent = ancestors.last().map(|&p| self.file.ops[p].name.as_str());
        let problem = match op.name.as_str() {
            "module" => parent.map(|_| "`cuda_tile.module` must be at the top level".to_string()),
            // tileirdisasm prints entries and globals without the module around them.
            "entry" | "global" if parent.is_none() && !self.has_module => None,
            "entry" | "global" => (parent != Some("module"))
                .then(|| format!("`{}` must be directly inside a `cuda_tile.module`", op.name)),
            _ => {
                if !ancestors.iter().any(|&a| self.file.ops[a].name == "entry") {
                    Some(format!(
                        "`{}` must be inside an `entry` of a `cuda_tile.module`",
                        op.name
                    ))
                } else if let Some(allowed) = &op_plan::of(fact).parents {
                    let ok = parent.is_some_and(|p| allowed.iter().any(|a| a == p));
                    let needs_loop = op.name == "break" || op.name == "continue";
                    let in_loop = ancestors
                        .iter()
                        .any(|&a| matches!(self.file.ops[a].name.as_str(), "for" | "loop"));
                    if !ok || (needs_loop && !in_loop) {
                        Some(format!(
                            "`{}` may only appear directly inside {}",
                            op.name,
                            allowed
                                .iter()
                                .map(|a| format!("`{a}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ))
                    } else {
                        None
                    }
                } else {
                    None
                }
            }
        };
        if let Some(message) = problem {
            self.report(&rules::TILE_MISPLACED_OP, op.name_range, message);
        }
    }

    /// Splits the op's tokens into values it defines for its regions (block arguments,
    /// `iter_values`, the `for` induction variable) and names it uses.
    #[allow(clippy::type_complexity)]
    fn scan_body(
        &mut self,
        op: &'a Op,
    ) -> (
        Vec<(&'a str, TextRange, Option<TypeRef>, DefKind)>,
        Vec<(u32, bool)>,
    ) {
        let file = self.file;
        let body = &op.body;
        let mut defs = Vec::new();
        let mut uses = Vec::new();
        let mut depth = 0i32;
        let mut i = 0;
        let text = |i: usize| body.get(i).map_or("", |&t| file.text(self.source, t));
        let is_punct = |i: usize, p: &str| {
            body.get(i)
                .is_some_and(|&t| file.kind(t) == Kind::Punct && file.text(self.source, t) == p)
        };
        let mut iter_defs = Vec::new();
        while i < body.len() {
            let token = body[i];
            match file.kind(token) {
                Kind::Punct => match text(i) {
                    "(" | "[" | "<" | "{" => depth += 1,
                    ")" | "]" | ">" | "}" => depth -= 1,
                    _ => {}
                },
                Kind::Symbol => {
                    // The symbol an entry/global/module defines is not a use.
                    if !matches!(op.name.as_str(), "entry" | "global" | "module") {
                        uses.push((token, true));
                    }
                }
                Kind::Value => {
                    let name = text(i);
                    let range = file.range(token);
                    if op.name == "for" && (i == 0 || (i == 1 && text(0) == "unsigned")) {
                        // `for [unsigned] %iv in (…) : T`: the type comes after the range's `:`.
                        let ty = self.type_after_colon_at_depth0(body);
                        defs.push((name, range, ty, DefKind::InductionVariable));
                    } else if depth > 0 && is_punct(i + 1, ":") {
                        let mut at = i + 2;
                        let mut reader = self.reader();
                        let ty = reader.read(body, &mut at);
                        let problems = std::mem::take(&mut reader.problems);
                        self.type_problems(problems);
                        defs.push((name, range, ty, DefKind::Argument));
                        i = at;
                        continue;
                    } else if depth > 0 && is_punct(i + 1, "=") {
                        iter_defs.push((name, range));
                    } else {
                        uses.push((token, false));
                    }
                }
                _ => {}
            }
            i += 1;
        }
        // `iter_values(%v = %init) -> (T)`: the loop's result types type the iteration values.
        if !iter_defs.is_empty() {
            // `loop` writes them before the arrow: `: T -> R`.
            let types = if op.name == "loop" {
                self.loop_carried_types(body)
            } else {
                self.types_after_arrow(body)
            };
            for (index, (name, range)) in iter_defs.into_iter().enumerate() {
                defs.push((name, range, types.get(index).cloned(), DefKind::IterValue));
            }
        }
        (defs, uses)
    }

    /// The first `:` outside brackets in `body` (`for %i in (…) : T`, `loop … : T -> R`).
    fn colon_at_depth0(&self, body: &[u32]) -> Option<usize> {
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

    /// Checks one op against its facts; returns the types of its results, in order.
    fn check_op(
        &mut self,
        id: OpId,
        op: &Op,
        fact: &'static OpFact,
        bound: &Bound,
    ) -> Vec<Option<TypeRef>> {
        // Groups of names that share one type (AllTypesMatch), to infer unwritten types.
        let plan = op_plan::of(fact);
        let groups = &plan.all_types_match;
        let written = |name: &str| -> Option<TypeRef> {
            if let Some(t) = bound.types.get(name).and_then(|v| v.first()) {
                return Some(t.clone());
            }
            groups
                .iter()
                .filter(|g| g.contains(&name))
                .flat_map(|g| g.iter())
                .find_map(|n| bound.types.get(*n).and_then(|v| v.first()).cloned())
        };

        // Versions of everything written in the op (an op that is itself too new is reported
        // once, not once per operand).
        let op_too_new = self.newer(&fact.since);
        for (name, attr) in bound.attrs.iter().filter(|_| !op_too_new) {
            if let Some(a) = fact.attribute.iter().find(|a| &a.name == name) {
                if self.newer(&a.since) {
                    self.too_new(
                        attr.range,
                        format!("the `{name}` attribute of `{}`", fact.name),
                        &a.since.clone(),
                    );
                }
            }
        }
        for (name, values) in bound.operands.iter().filter(|_| !op_too_new) {
            if values.is_empty() {
                continue;
            }
            if let Some(o) = fact.operand.iter().find(|o| &o.name == name) {
                if self.newer(&o.since) {
                    let range = self.file.range(values[0]);
                    self.too_new(
                        range,
                        format!("the `{name}` operand of `{}`", fact.name),
                        &o.since.clone(),
                    );
                }
            }
        }
        for ty in bound.types.values().flatten() {
            self.type_versions(ty);
        }
        if self.record_uses {
            let start = self.file.ops[id].range.start;
            let all_types: Vec<TypeRef> = bound
                .types
                .values()
                .flatten()
                .map(|t| TypeRef {
                    range: TextRange::new(t.range.start - start, t.range.end - start),
                    ..t.clone()
                })
                .collect();
            self.facts.op_types.insert(id, all_types);
        }

        // Operand types: written vs defined (TILE005), then the constraint (TILE007).
        let mut effective: Effective = HashMap::default();
        let mut disagreeing: Vec<&str> = Vec::new();
        for group in groups {
            let mut seen: Option<(&str, TypeRef)> = None;
            for name in group {
                if bound.types.contains_key(*name) {
                    continue;
                }
                let Some(&value) = bound.operands.get(*name).and_then(|v| v.first()) else {
                    continue;
                };
                let Some(declared) = self.value_type(value) else {
                    continue;
                };
                match &seen {
                    None => seen = Some((name, declared)),
                    Some((first, first_ty)) if first_ty.spelling != declared.spelling => {
                        let value_name = self.file.text(self.source, value).to_string();
                        self.report(
                            &rules::TILE_OPERANDS_DISAGREE,
                            self.file.range(value),
                            format!(
                                "`{}` needs {} to have the same type: `{first}` is `{first_ty}`, `{name}` ({value_name}) is `{declared}`",
                                fact.name,
                                group.join(", ")
                            ),
                        );
                        disagreeing.extend(group.iter().copied());
                        break;
                    }
                    Some(_) => {}
                }
            }
        }
        let mut use_ranges: HashMap<String, TextRange> = HashMap::default();
        // Operands whose written type contradicts their definition (TILE005, reported once).
        let mut mismatched: Vec<&str> = Vec::new();
        for operand in &fact.operand {
            let values = bound
                .operands
                .get(operand.name.as_str())
                .map_or(&[][..], Vec::as_slice);
            let written_types = bound
                .types
                .get(operand.name.as_str())
                .map_or(&[][..], Vec::as_slice);
            for (index, &value) in values.iter().enumerate() {
                let declared = self.value_type(value);
                let expected = written_types.get(index).cloned().or_else(|| {
                    if index == 0 {
                        written(&operand.name)
                    } else {
                        None
                    }
                });
                if let (Some(declared), Some(expected)) = (&declared, &expected) {
                    if declared.spelling != expected.spelling
                        && declared.ty != expected.ty
                        && !disagreeing.contains(&operand.name.as_str())
                    {
                        let name = self.file.text(self.source, value).to_string();
                        mismatched.push(&operand.name);
                        self.report(
                            &rules::TILE_TYPE_MISMATCH,
                            self.file.range(value),
                            format!(
                                "`{name}` has type `{declared}`, but `{}` uses it as `{expected}` (operand `{}`)",
                                fact.name, operand.name
                            ),
                        );
                    }
                }
                if index == 0 {
                    if expected.is_none() {
                        use_ranges.insert(operand.name.clone(), self.file.range(value));
                    }
                    if let Some(t) = expected.or(declared) {
                        effective.insert(&operand.name, t);
                    }
                }
            }
        }
        for result in &fact.result {
            if let Some(t) = written(&result.name) {
                effective.insert(&result.name, t);
            }
        }
        for value in fact.operand.iter().chain(&fact.result) {
            let Some(ty) = effective.get(value.name.as_str()) else {
                continue;
            };
            if let Some(problem) = violates(&value.type_expr, &ty.ty) {
                let range = use_ranges.get(&value.name).copied().unwrap_or(ty.range);
                self.report(
                    &rules::TILE_TYPE_NOT_ALLOWED,
                    range,
                    format!(
                        "`{}` of `{}` must be {} ({}), not `{ty}`: {problem}",
                        value.name,
                        fact.name,
                        describe_expr(&value.type_expr),
                        value.constraint
                    ),
                );
            }
        }

        // Result count.
        let fixed = fact.result.iter().filter(|r| r.arity == "single").count();
        let variadic = fact.result.iter().any(|r| r.arity == "variadic");
        let bound_results: usize = op.result_count();
        if (!variadic && bound_results != fixed && bound_results != 0)
            || (variadic && bound_results < fixed)
        {
            let range = op.results_range();
            self.report(
                &rules::TILE_OPERAND_COUNT,
                range,
                format!(
                    "`{}` has {fixed} result(s), but {bound_results} name(s) are bound",
                    fact.name
                ),
            );
        }

        self.check_traits(fact, bound, &effective);
        self.check_types_match(fact, &effective, &mismatched);
        let dtype = self.check_modifiers(id, fact, bound, &effective);
        self.check_enums(fact, bound);
        if matches!(fact.name.as_str(), "mmaf" | "mmai" | "mmaf_scaled") {
            self.check_mma(op, fact, &effective);
        }
        self.check_targets(op, fact, bound, &effective, dtype);
        self.op_rules(op, fact, bound, &effective);
        if fact.name == "constant" {
            self.check_constant(op, bound, &effective);
        }
        self.check_attributes(op, fact, bound);
        self.view_rules(op, fact, bound, &effective);
        self.shape_rules(op, fact, bound, &effective);
        if fact.name == "assume" {
            self.check_assume(op, bound, effective.get("value"));
        }

        // Result types, in order; variadic results repeat the last written type.
        let mut out = Vec::new();
        for result in &fact.result {
            match bound.types.get(result.name.as_str()) {
                Some(types) if result.arity == "variadic" => {
                    let n = bound_results.saturating_sub(fixed).max(types.len());
                    for i in 0..n {
                        out.push(types.get(i).or(types.last()).cloned());
                    }
                }
                _ => out.push(effective.get(result.name.as_str()).cloned()),
            }
        }
        if fact.name == "for" || fact.name == "if" || fact.name == "loop" {
            let body = op.body.clone();
            out = self
                .types_after_arrow(&body)
                .into_iter()
                .map(Some)
                .collect();
        }
        out
    }

    fn type_versions(&mut self, ty: &TypeRef) {
        if let Some(element) = leaf_element(&ty.ty) {
            if let Some(fact) = self.db.element_type(element) {
                if self.newer(&fact.since) {
                    self.too_new(
                        ty.range,
                        format!("element type `{element}`"),
                        &fact.since.clone(),
                    );
                }
            }
        }
        if let Type::View { kind, .. } = ty.ty.as_ref() {
            if let Some(fact) = self.db.type_fact(kind.name()) {
                if self.newer(&fact.since) {
                    self.too_new(
                        ty.range,
                        format!("the `{}` type", kind.name()),
                        &fact.since.clone(),
                    );
                }
            }
        }
    }

    fn check_traits(&mut self, fact: &OpFact, bound: &Bound, effective: &Effective) {
        let plan = op_plan::of(fact);
        let is_mma = matches!(fact.name.as_str(), "mmaf" | "mmai" | "mmaf_scaled");
        type Same = fn(&Type, &Type) -> bool;
        let checks: [(&[Vec<&str>], Same, &str); 4] = [
            (&plan.all_types_match, |a, b| a == b, "the same type"),
            (
                // mma element types are reported with the mma checks (TILE009).
                if is_mma {
                    &[]
                } else {
                    &plan.all_element_types_match
                },
                |a, b| a.element() == b.element(),
                "the same element type",
            ),
            (
                &plan.all_shapes_match,
                |a, b| a.shape() == b.shape(),
                "the same shape",
            ),
            (
                &plan.all_ranks_match,
                |a, b| a.shape().map(<[i64]>::len) == b.shape().map(<[i64]>::len),
                "the same rank",
            ),
        ];
        let is_variadic = |name: &str| {
            fact.operand
                .iter()
                .chain(&fact.result)
                .any(|v| v.name == name && v.arity == "variadic")
        };
        for (groups, same, what) in checks {
            for group in groups {
                // Variadic lists only (`for`'s initValues and resultValues): value i of each
                // list matches value i of the others.
                if group.len() > 1 && group.iter().all(|n| is_variadic(n)) {
                    self.check_lists_match(fact, bound, group, same, what);
                    continue;
                }
                // A variadic operand takes part with each of its values.
                let present: Vec<(String, &TypeRef)> = group
                    .iter()
                    .flat_map(|n| match bound.types.get(*n) {
                        Some(written) if written.len() > 1 => written
                            .iter()
                            .enumerate()
                            .map(|(i, t)| (format!("{n} #{i}"), t))
                            .collect(),
                        _ => effective
                            .get(*n)
                            .map(|t| (n.to_string(), t))
                            .into_iter()
                            .collect::<Vec<_>>(),
                    })
                    .collect();
                if let Some((first_name, first)) = present.first() {
                    for (name, ty) in &present[1..] {
                        if !same(&first.ty, &ty.ty) && first.spelling != ty.spelling {
                            self.report(
                                &rules::TILE_OPERANDS_DISAGREE,
                                ty.range,
                                format!(
                                    "`{}` needs {} ({what}): `{first_name}` is `{first}`, `{name}` is `{ty}`",
                                    fact.name,
                                    group.join(", "),
                                ),
                            );
                            break;
                        }
                    }
                }
            }
        }
    }

    /// A trait over variadic lists, position by position; lists of different lengths are
    /// compared as far as the shorter goes (their counts are checked with the regions).
    fn check_lists_match(
        &mut self,
        fact: &OpFact,
        bound: &Bound,
        group: &[&str],
        same: fn(&Type, &Type) -> bool,
        what: &str,
    ) {
        let lists: Vec<(&str, Vec<Option<TypeRef>>)> = group
            .iter()
            .map(|&name| {
                let types = match bound.types.get(name) {
                    Some(written) if !written.is_empty() => {
                        written.iter().cloned().map(Some).collect()
                    }
                    _ => bound
                        .operands
                        .get(name)
                        .map_or(&[][..], Vec::as_slice)
                        .iter()
                        .map(|&value| self.value_type(value))
                        .collect(),
                };
                (name, types)
            })
            .collect();
        let Some(((first_name, first), rest)) = lists.split_first() else {
            return;
        };
        for (name, types) in rest {
            for (i, (a, b)) in first.iter().zip(types).enumerate() {
                let (Some(a), Some(b)) = (a, b) else {
                    continue;
                };
                if !same(&a.ty, &b.ty) && a.spelling != b.spelling {
                    self.report(
                        &rules::TILE_OPERANDS_DISAGREE,
                        b.range,
                        format!(
                            "`{}` needs {} ({what}, value by value): `{first_name} #{i}` is `{a}`, `{name} #{i}` is `{b}`",
                            fact.name,
                            group.join(", "),
                        ),
                    );
                    return;
                }
            }
        }
    }

    /// The per-dtype modifier table (TILE010/TILE011) and flush_to_zero on f32 only.
    fn check_modifiers(
        &mut self,
        id: OpId,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
    ) -> Option<&'static str> {
        let dtype = fact
            .operand
            .iter()
            .chain(&fact.result)
            .find_map(|v| effective.get(v.name.as_str()).and_then(|t| t.ty.element()))?;
        if self.record_uses {
            self.facts.op_dtype.insert(id, dtype);
        }
        let table = self.tables(fact).modifiers;
        for attr in &fact.attribute {
            let Some(written) = bound.attrs.get(attr.name.as_str()) else {
                continue;
            };
            let is_rounding = attr.kind == "enum:RoundingMode";
            if attr.kind != "flag" && !is_rounding {
                continue;
            }
            let modifier = if is_rounding {
                format!("rounding<{}>", written.keyword)
            } else {
                attr.name.clone()
            };
            let Some(table) = table else {
                self.flush_to_zero_on_f32_only(&attr.name, written, dtype);
                continue;
            };
            let row = table
                .rows
                .iter()
                .find(|r| r[0] == modifier || (is_rounding && r[0] == written.keyword));
            let column = table.columns.iter().position(|c| *c == dtype);
            let allowed: Vec<String> = match column {
                Some(c) => table
                    .rows
                    .iter()
                    .filter(|r| r[c + 1] != "no")
                    .filter(|r| !is_rounding || r[0] != "flush_to_zero")
                    .filter(|r| is_rounding || r[0] == "flush_to_zero")
                    .map(|r| r[0].clone())
                    .collect(),
                None => Vec::new(),
            };
            match (row, column) {
                (None, _) => {
                    if is_rounding || !table.rows.iter().any(|r| r[0] == attr.name) {
                        let message =
                            format!(
                            "`{}` does not support `{modifier}` (table of {} for Tile IR {}: {})",
                            fact.name,
                            table.source,
                            self.cited_version(),
                            if allowed.is_empty() { "none".to_string() } else { allowed.join(", ") }
                        );
                        self.modifier_error(written, &modifier, message, &allowed);
                    }
                }
                (Some(_), None) => self.flush_to_zero_on_f32_only(&attr.name, written, dtype),
                (Some(row), Some(c)) => match row[c + 1].as_str() {
                    "no" => {
                        let message = format!(
                            "`{}` does not support `{modifier}` on {dtype} (modifier table, {} for Tile IR {}); allowed on {dtype}: {}",
                            fact.name,
                            table.source,
                            self.cited_version(),
                            if allowed.is_empty() { "none".to_string() } else { allowed.join(", ") }
                        );
                        self.modifier_error(written, &modifier, message, &allowed);
                    }
                    "emulated" => {
                        self.report(
                            &rules::TILE_EMULATED_MODIFIER,
                            written.range,
                            format!(
                                "`{}` with `{modifier}` on {dtype} is emulated in f32 (marked yes* in {}), which is slower than native",
                                fact.name, table.source
                            ),
                        );
                    }
                    _ => {}
                },
            }
        }
        Some(dtype)
    }

    /// Where no table column speaks for the dtype, the rule that still holds.
    fn flush_to_zero_on_f32_only(&mut self, attr: &str, written: &BoundAttr, dtype: &str) {
        if attr == "flush_to_zero" && dtype != "f32" {
            let message = "flush_to_zero applies to f32 only".to_string();
            self.modifier_error(written, attr, message, &[]);
        }
    }

    fn modifier_error(
        &mut self,
        written: &BoundAttr,
        modifier: &str,
        message: String,
        allowed: &[String],
    ) {
        let mut diagnostic =
            Diagnostic::new(&rules::TILE_MODIFIER_NOT_ALLOWED, written.range, message);
        // Unsafe: removing a modifier (or choosing a rounding) changes the operation.
        diagnostic.fixes.push(Fix::replace(
            format!("Remove `{modifier}`"),
            self.with_leading_space(written.range),
            "",
        ));
        if modifier.starts_with("rounding<") {
            for other in allowed
                .iter()
                .filter(|a| a.starts_with("rounding<") || !a.contains('<'))
            {
                let replacement = if other.starts_with("rounding<") {
                    other.clone()
                } else {
                    format!("rounding<{other}>")
                };
                diagnostic.fixes.push(Fix::replace(
                    format!("Use `{replacement}`"),
                    written.range,
                    replacement,
                ));
            }
        }
        self.diagnostics.push(diagnostic);
    }

    fn with_leading_space(&self, range: TextRange) -> TextRange {
        let before = &self.source[..range.start];
        let trimmed = before.trim_end_matches([' ', '\t']);
        TextRange::new(trimmed.len(), range.end)
    }

    /// Enum cases: known, allowed by this op, and not newer than the configured version.
    fn check_enums(&mut self, fact: &OpFact, bound: &Bound) {
        for attr in &fact.attribute {
            let Some(enum_name) = attr.kind.strip_prefix("enum:") else {
                continue;
            };
            let Some(written) = bound.attrs.get(attr.name.as_str()) else {
                continue;
            };
            let Some(enum_fact) = self.db.enum_fact(enum_name) else {
                continue;
            };
            let case = enum_fact
                .cases
                .iter()
                .find(|c| c.keyword == written.keyword);
            let allowed: Vec<&str> = if attr.cases.is_empty() {
                enum_fact.cases.iter().map(|c| c.keyword.as_str()).collect()
            } else {
                attr.cases.iter().map(String::as_str).collect()
            };
            match case {
                None => self.report(
                    &rules::TILE_MODIFIER_NOT_ALLOWED,
                    written.keyword_range,
                    format!(
                        "`{}` is not a {enum_name} value; `{}` accepts {}",
                        written.keyword,
                        fact.name,
                        allowed.join(", ")
                    ),
                ),
                Some(_)
                    if !attr.cases.is_empty() && !allowed.contains(&written.keyword.as_str()) =>
                {
                    self.report(
                        &rules::TILE_MODIFIER_NOT_ALLOWED,
                        written.keyword_range,
                        format!(
                            "`{}` does not accept `{}` for `{}`; allowed: {}{}",
                            fact.name,
                            written.keyword,
                            attr.name,
                            allowed.join(", "),
                            attr.cases_source
                                .as_ref()
                                .map_or(String::new(), |s| format!(" ({s})"))
                        ),
                    )
                }
                Some(case) if self.newer(&case.since) => {
                    let since = case.since.clone();
                    self.too_new(
                        written.keyword_range,
                        format!("`{}`", written.keyword),
                        &since,
                    );
                }
                Some(_) => {}
            }
        }
    }

    /// mmaf / mmai / mmaf_scaled: M×K · K×N + M×N (optionally batched) and the dtype table.
    fn check_mma(&mut self, op: &Op, fact: &OpFact, effective: &Effective) {
        let (Some(lhs), Some(rhs), Some(acc)) = (
            effective.get("lhs"),
            effective.get("rhs"),
            effective.get("acc"),
        ) else {
            return;
        };
        let (Some(a), Some(b), Some(c)) = (lhs.ty.shape(), rhs.ty.shape(), acc.ty.shape()) else {
            return;
        };
        let rank = a.len();
        let shapes_ok = (rank == 2 || rank == 3) && b.len() == rank && c.len() == rank && {
            let o = rank - 2;
            a[o + 1] == b[o]
                && a[o] == c[o]
                && b[o + 1] == c[o + 1]
                && (rank == 2 || (a[0] == b[0] && a[0] == c[0]))
        };
        if !shapes_ok {
            let what = if rank == 3 {
                "B×M×K, B×K×N and B×M×N"
            } else {
                "M×K, K×N and M×N"
            };
            self.report(
                &rules::TILE_MMA_SHAPE_OR_DTYPE,
                op.name_range,
                format!(
                    "`{}` shapes do not multiply: lhs `{lhs}`, rhs `{rhs}`, acc `{acc}` must be {what}",
                    fact.name
                ),
            );
        }
        let (Some(input), Some(output)) = (lhs.ty.element(), acc.ty.element()) else {
            return;
        };
        if rhs.ty.element() != Some(input) {
            self.report(
                &rules::TILE_MMA_SHAPE_OR_DTYPE,
                rhs.range,
                format!(
                    "`{}` inputs must have the same element type: lhs is {input}, rhs is {}",
                    fact.name,
                    rhs.ty.element().unwrap_or("?")
                ),
            );
            return;
        }
        if fact.name == "mmaf" {
            if let Some(table) = self.tables(fact).combinations {
                match table.rows.iter().find(|r| r[0] == input) {
                    Some(row) if !row[1].split_whitespace().any(|o| o == output) => self.report(
                        &rules::TILE_MMA_SHAPE_OR_DTYPE,
                        acc.range,
                        format!(
                            "`mmaf` with {input} inputs produces {}, not {output} (supported data types, {} for Tile IR {})",
                            row[1].split_whitespace().collect::<Vec<_>>().join(" or "),
                            table.source,
                            self.cited_version()
                        ),
                    ),
                    None if fact
                        .operand
                        .iter()
                        .any(|o| o.name == "lhs" && violates(&o.type_expr, &lhs.ty).is_some()) => {}
                    None => {
                        let inputs: Vec<&str> = table.rows.iter().map(|r| r[0].as_str()).collect();
                        self.report(
                            &rules::TILE_MMA_SHAPE_OR_DTYPE,
                            lhs.range,
                            format!(
                                "`mmaf` does not take {input} inputs in Tile IR {} (supported: {})",
                                self.cited_version(),
                                inputs.join(", ")
                            ),
                        );
                    }
                    _ => {}
                }
            }
        }
    }

    fn check_targets(
        &mut self,
        op: &Op,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
        dtype: Option<&str>,
    ) {
        let Some(target) = self.target else {
            return;
        };
        let elements: Vec<String> = effective
            .values()
            .filter_map(|t| t.ty.element().map(str::to_string))
            .chain(dtype.map(str::to_string))
            .collect();
        for requirement in &fact.target {
            let applies = requirement.when.split_whitespace().all(|condition| {
                match condition.split_once('=') {
                    Some((attr, value)) => {
                        bound.attrs.get(attr).is_some_and(|a| a.keyword == value)
                    }
                    None => elements.iter().any(|e| e == condition),
                }
            });
            let needed = GpuTarget::parse(&requirement.target).map_or(0, |t| u32::from(t.number));
            if applies && target < needed {
                self.report(
                    &rules::TILE_TARGET_UNSUPPORTED,
                    op.name_range,
                    format!(
                        "{} (needs {}, the configured target is sm_{target}; {})",
                        requirement.text, requirement.target, requirement.source
                    ),
                );
            }
        }
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

/// The element type at the bottom of a type (`f16` in `tile<4xptr<f16>>`).
fn leaf_element(ty: &Type) -> Option<&'static str> {
    match ty {
        Type::Elem(e) => Some(e),
        Type::Tile { elem, .. } | Type::Ptr(elem) => leaf_element(elem),
        Type::TensorView { elem, .. } | Type::View { elem, .. } => Some(elem),
        _ => None,
    }
}

/// Why `ty` does not satisfy the normalized type expression, or None when it does.
pub fn violates(expr: &str, ty: &Type) -> Option<String> {
    match expr {
        "any" => None,
        "token" => (!matches!(ty, Type::Token | Type::Other))
            .then(|| format!("it is a {}", ty.kind_name())),
        "tile_view" => (!matches!(ty, Type::View { .. } | Type::Other))
            .then(|| format!("it is a {}", ty.kind_name())),
        "tensor_view" => (!matches!(ty, Type::TensorView { .. } | Type::Other))
            .then(|| format!("it is a {}", ty.kind_name())),
        "partition_view" | "strided_view" | "gather_scatter_view" => match ty {
            Type::View { kind, .. } if kind.name() == expr => None,
            Type::Other => None,
            _ => Some(format!("it is a {}", ty.kind_name())),
        },
        _ => {
            let (scalar, inner) = if let Some(rest) = expr.strip_prefix("scalar<") {
                (true, rest.strip_suffix('>')?)
            } else {
                (false, expr.strip_prefix("tile<")?.strip_suffix('>')?)
            };
            let Type::Tile { shape, elem } = ty else {
                return (!matches!(ty, Type::Other)).then(|| format!("it is a {}", ty.kind_name()));
            };
            if scalar && !shape.is_empty() {
                return Some(format!(
                    "it has rank {}, a scalar tile has rank 0",
                    shape.len()
                ));
            }
            if inner == "*" {
                return None;
            }
            let element = match elem.as_ref() {
                Type::Ptr(_) => "ptr",
                // An unknown element type is reported once, as an invalid type.
                Type::Elem(e) if is_element(e) => e,
                _ => return None,
            };
            let ok = inner
                .split('|')
                .any(|alt| alt == element || (element == "ptr" && alt.starts_with("ptr")));
            (!ok).then(|| format!("its element type is {element}"))
        }
    }
}

fn describe_expr(expr: &str) -> String {
    match expr.strip_prefix("tile<").and_then(|r| r.strip_suffix('>')) {
        Some("*") => "a tile".to_string(),
        Some(inner) => format!("a tile of {}", inner.replace('|', ", ")),
        None => match expr
            .strip_prefix("scalar<")
            .and_then(|r| r.strip_suffix('>'))
        {
            Some(inner) => format!("a rank-0 tile of {}", inner.replace('|', ", ")),
            None => format!("a {expr}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, threads: usize) -> (Vec<String>, Vec<String>, Vec<String>) {
        let file = super::super::parse::parse(text);
        let mut checker = Checker::new(&file, text, &TileIrSettings::default());
        checker.threads = threads;
        checker.run();
        let mut diagnostics: Vec<String> = checker
            .diagnostics
            .iter()
            .map(|d| format!("{} {:?} {}", d.rule.code, d.range, d.message))
            .collect();
        diagnostics.sort();
        let values = checker
            .facts
            .values
            .iter()
            .map(|v| {
                format!(
                    "{} {:?} {:?}",
                    v.name,
                    v.range,
                    v.ty.as_ref().map(|t| &t.spelling)
                )
            })
            .collect();
        let uses = checker
            .facts
            .uses
            .iter()
            .map(|(range, target)| match target {
                Target::Value(i) => format!("{range:?} -> {}", checker.facts.values[*i].name),
                Target::Symbol(i) => format!("{range:?} -> {}", checker.facts.symbols[*i].name),
            })
            .collect();
        (diagnostics, values, uses)
    }

    #[test]
    fn a_large_module_checked_in_parallel_equals_one_thread() {
        // Entries with findings of every kind that depends on scopes: an undefined value, one
        // defined only in an earlier entry, a redefinition, a modifier, a symbol use.
        let mut text =
            String::from("cuda_tile.module @m {\n  global @g <f32: 0.0> : tile<1xf32>\n");
        let mut n = 0;
        while n < 40 {
            text.push_str(&format!(
                "  entry @k{n}(%p: tile<ptr<f32>>) {{\n    %a{n} = constant <f32: 1.0> : tile<4xf32>\n    %b = addf %a{n}, %late : tile<4xf32>\n    %late = constant <f32: 2.0> : tile<4xf32>\n    %b = mulf %b, %c : tile<4xf32>\n    %d = subf %b, %a{prev} flush_to_zero : tile<4xf32>\n    %e = addf %d, %d rounding<approx> : tile<4xf32>\n    %g = get_global @g : tile<ptr<f32>>\n    %c0 = constant <i32: 0> : tile<i32>\n    for %i in (%c0 to %c0, step %c0) : tile<i32> {{\n      %inner = constant <f32: 1.0> : tile<4xf32>\n      continue\n    }}\n    %y = addf %inner, %inner : tile<4xf32>\n    return\n  }}\n",
                prev = n.max(1) - 1
            ));
            n += 1;
        }
        text.push_str("}\n");
        let sequential = check(&text, 1);
        let parallel = check(&text, 4);
        assert!(
            sequential.0.len() > 3 * n,
            "{} findings",
            sequential.0.len()
        );
        assert!(sequential.0.iter().any(|d| d.contains("in this scope")));
        assert_eq!(sequential.0, parallel.0);
        assert_eq!(sequential.1, parallel.1);
        assert_eq!(sequential.2, parallel.2);
    }
}
