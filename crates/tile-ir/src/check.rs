//! Walks the ops in order with a scope per region: defines and resolves SSA values and
//! symbols, matches each op against its format, and checks it against the spec-db
//! (counts, types, traits, modifiers per dtype, versions, targets, placement).

use super::ast::{File, Form, Op, OpId};
use super::bind::{Bound, Matcher};
use super::checker::{
    is_element, Checker, DefKind, Effective, Facts, ItemMark, SymbolDef, Target, ValueDef,
};
use super::format::Element;
use super::lex::Kind;
use super::op_plan;
use super::region_frames::{Frame, Passed};
use super::regions;
use super::rules::{
    tile_invalid_type, tile_misplaced_op, tile_modifier_not_allowed, tile_operand_count,
    tile_operands_disagree, tile_redefinition, tile_syntax_error, tile_type_mismatch,
    tile_type_not_allowed, tile_undefined_value,
};
use super::types::{Type, TypeCache, TypeProblem, TypeRef};
use super::TileIrSettings;
use rustc_hash::FxHashMap as HashMap;
use speclint_base::limits;
use speclint_base::parallel;
use speclint_base::text::line_number;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir::{self, version_key};
use speclint_spec_db::tile_ir_model::Op as OpFact;
use speclint_spec_db::Target as GpuTarget;

/// A value being defined (its name is the scope's key).
struct Definition {
    range: TextRange,
    ty: Option<TypeRef>,
    op: OpId,
    kind: DefKind,
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
                            Err(message) => pragma_errors.push(tile_syntax_error::pragma_version(
                                *range, &message, &version,
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

    pub fn run(&mut self) {
        self.diagnostics
            .extend(tile_syntax_error::syntax_diagnostics(self.file));
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

    fn type_problems(&mut self, problems: Vec<TypeProblem>) {
        for problem in problems {
            match problem {
                TypeProblem::UnknownElement { name, range } => {
                    if let Some(d) = tile_invalid_type::builtin_type(&name, range) {
                        self.diagnostics.push(d);
                        continue;
                    }
                    if self.noted_beyond_spec(range, || format!("type `{name}`")) {
                        continue;
                    }
                    let known = self.db.element_types.iter().map(|e| e.name.as_str());
                    let d = tile_invalid_type::unknown_element(&name, known, range);
                    self.diagnostics.push(d);
                }
                TypeProblem::NotPowerOfTwo { dim, range } => {
                    let d = tile_invalid_type::not_power_of_two(dim, range);
                    self.diagnostics.push(d);
                }
                TypeProblem::Invalid { message, range } => {
                    let d = tile_invalid_type::invalid(range, message);
                    self.diagnostics.push(d);
                }
                // A type is read again for each use of it: report it once.
                TypeProblem::TooDeep { range } => {
                    let reported = self
                        .diagnostics
                        .iter()
                        .any(|d| d.rule.code == "IO002" && d.range == range);
                    if !reported {
                        self.diagnostics.push(limits::nesting_too_deep(range));
                    }
                }
                TypeProblem::UnknownCase { message, range } => {
                    let d = tile_modifier_not_allowed::unknown_case(range, message);
                    self.diagnostics.push(d);
                }
                TypeProblem::Malformed { message, range } => {
                    let d = tile_syntax_error::malformed_type(range, &message);
                    self.diagnostics.push(d);
                }
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
                let d = tile_redefinition::symbol(name, range, line);
                self.diagnostics.push(d);
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

    fn define(&mut self, name: &'a str, def: Definition) -> usize {
        let index = self.facts.values.len();
        let scope = self.scopes.last_mut().expect("a scope");
        if let Some(&previous) = scope.get(name) {
            let line = line_number(self.source, self.facts.values[previous].range.start);
            let d = tile_redefinition::value(name, def.range, line);
            self.diagnostics.push(d);
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
            self.version_too_low(op.name_range, &fact.since, || {
                format!("`cuda_tile.{}`", fact.name)
            });
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
                    None => {
                        let missing = tile_undefined_value::symbol(&op.name, name, range);
                        self.diagnostics.extend(missing);
                    }
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
                    let out_of_scope = self.facts.values[self.isolated_from..]
                        .iter()
                        .any(|v| v.name == name);
                    let d = tile_undefined_value::value(name, range, out_of_scope);
                    self.diagnostics.push(d);
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
                let d = if error.count {
                    tile_operand_count::format_mismatch(error.range, &error.message)
                } else {
                    tile_syntax_error::format_mismatch(error.range, &error.message)
                };
                self.diagnostics.push(d);
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
            let findings = tile_misplaced_op::check_regions(file, id, frame.as_ref());
            self.diagnostics.extend(findings);
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
        self.diagnostics.extend(findings);
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
        self.renamed_op(op, fact, former);
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
                self.version_too_low(attr.range, &a.since, || {
                    format!("the `{name}` attribute of `{}`", fact.name)
                });
            }
        }
        for (name, values) in bound.operands.iter().filter(|_| !op_too_new) {
            if values.is_empty() {
                continue;
            }
            if let Some(o) = fact.operand.iter().find(|o| &o.name == name) {
                let range = self.file.range(values[0]);
                self.version_too_low(range, &o.since, || {
                    format!("the `{name}` operand of `{}`", fact.name)
                });
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
                    Some((first, first_ty)) => {
                        let value_name = self.file.text(self.source, value);
                        let range = self.file.range(value);
                        let other = (*name, value_name, range, &declared);
                        let first = (*first, first_ty);
                        if let Some(d) =
                            tile_operands_disagree::declared_types(fact, group, first, other)
                        {
                            self.diagnostics.push(d);
                            disagreeing.extend(group.iter().copied());
                            break;
                        }
                    }
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
                    if !disagreeing.contains(&operand.name.as_str()) {
                        let name = self.file.text(self.source, value);
                        let range = self.file.range(value);
                        let used = (name, range, declared, expected);
                        if let Some(d) =
                            tile_type_mismatch::written_vs_defined(&fact.name, &operand.name, used)
                        {
                            mismatched.push(&operand.name);
                            self.diagnostics.push(d);
                        }
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
            let range = use_ranges.get(&value.name).copied().unwrap_or(ty.range);
            if let Some(d) = tile_type_not_allowed::constraint(&fact.name, value, ty, range) {
                self.diagnostics.push(d);
            }
        }

        // Result count.
        let fixed = fact.result.iter().filter(|r| r.arity == "single").count();
        let variadic = fact.result.iter().any(|r| r.arity == "variadic");
        let bound_results: usize = op.result_count();
        let results = (fixed, variadic, bound_results);
        if let Some(d) = tile_operand_count::result_names(op, &fact.name, results) {
            self.diagnostics.push(d);
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
                self.version_too_low(ty.range, &fact.since, || {
                    format!("element type `{element}`")
                });
            }
        }
        if let Type::View { kind, .. } = ty.ty.as_ref() {
            if let Some(fact) = self.db.type_fact(kind.name()) {
                self.version_too_low(ty.range, &fact.since, || {
                    format!("the `{}` type", kind.name())
                });
            }
        }
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
