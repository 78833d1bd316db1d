//! Declarations and scopes: module-scope variables and functions, function parameters, labels
//! (function-wide, usable before their definition) and registers/variables of each `{ }`
//! block. Reports undeclared (PTX008) and duplicate (PTX009) names, and records every use so
//! hovers can show the declaration.

use super::ast::{Block, Function, Statement, VarDecl};
use super::declarations::{DeclKind, Declaration, ParameterOf};
use super::rules::{duplicate_declaration, syntax_error, undeclared_identifier};
use rustc_hash::FxHashMap as HashMap;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::text::TextRange;
use speclint_spec_db::SpecialRegister;

/// All declarations of a module and where each name was used.
#[derive(Debug, Default)]
pub struct Symbols {
    pub declarations: Vec<Declaration>,
    /// (use range, declaration index), in source order.
    pub uses: Vec<(TextRange, usize)>,
}

impl Symbols {
    /// The declaration named at `offset`, whether at a use or at the declaration itself.
    pub fn at(&self, offset: usize) -> Option<(TextRange, &Declaration)> {
        self.uses
            .iter()
            .find(|(r, _)| r.contains_offset(offset))
            .map(|&(r, d)| (r, &self.declarations[d]))
            .or_else(|| {
                self.declarations
                    .iter()
                    .find(|d| d.name_range.contains_offset(offset))
                    .map(|d| (d.name_range, d))
            })
    }
}

/// The names visible at a point of the walk. Each name maps to the declarations that shadow
/// one another, innermost last, tagged with the depth of the scope that made them, so a use
/// costs one lookup however deeply blocks nest.
#[derive(Default, Clone)]
pub struct ScopeTable {
    names: HashMap<String, Vec<(u32, usize)>>,
    /// Register-range prefix (`%r` of `%r<10>`) -> declarations.
    ranges: HashMap<String, Vec<(u32, usize)>>,
    /// For each open scope, the keys it declared (`true`: a range), undone when it closes.
    frames: Vec<Vec<(bool, String)>>,
}

impl ScopeTable {
    fn depth(&self) -> u32 {
        self.frames.len() as u32
    }

    fn map(&self, is_range: bool) -> &HashMap<String, Vec<(u32, usize)>> {
        if is_range {
            &self.ranges
        } else {
            &self.names
        }
    }

    fn push(&mut self) {
        self.frames.push(Vec::new());
    }

    fn pop(&mut self) {
        for (is_range, key) in self.frames.pop().unwrap_or_default() {
            let map = if is_range {
                &mut self.ranges
            } else {
                &mut self.names
            };
            if let Some(stack) = map.get_mut(&key) {
                stack.pop();
            }
        }
    }

    fn innermost(&self, is_range: bool, key: &str) -> Option<(u32, usize)> {
        self.map(is_range)
            .get(key)
            .and_then(|stack| stack.last().copied())
    }

    /// The declaration of `key` made by the innermost open scope itself.
    fn in_current(&self, is_range: bool, key: &str) -> Option<usize> {
        self.innermost(is_range, key)
            .filter(|&(depth, _)| depth == self.depth())
            .map(|(_, d)| d)
    }

    fn declare(&mut self, is_range: bool, key: String, index: usize) {
        let depth = self.depth();
        let map = if is_range {
            &mut self.ranges
        } else {
            &mut self.names
        };
        let stack = map.entry(key.clone()).or_default();
        // A definition replacing a declaration of the same scope takes its place.
        if stack.last().is_some_and(|&(d, _)| d == depth) {
            stack.pop();
        } else if let Some(frame) = self.frames.last_mut() {
            frame.push((is_range, key));
        }
        stack.push((depth, index));
    }
}

/// Names every module may use without declaring them.
const BUILTIN_NAMES: &[&str] = &["WARP_SZ"];

pub struct SymbolWalker<'s> {
    pub source: &'s str,
    /// Record each use for hovers (off for one-shot checks).
    record_uses: bool,
    /// Special registers read since the caller last drained this (they have requirements).
    pub special_uses: Vec<(TextRange, &'static SpecialRegister)>,
    pub symbols: Symbols,
    scopes: ScopeTable,
    /// The current function's labels (function-wide, usable before their definition).
    labels: Option<HashMap<String, usize>>,
    pub diagnostics: Vec<Diagnostic>,
    /// Whether any register of vector type is declared: until one is, no name needs looking
    /// up to tell a vector operand from a scalar one.
    vector_registers: bool,
}

impl<'s> SymbolWalker<'s> {
    pub fn new(source: &'s str, record_uses: bool) -> Self {
        SymbolWalker {
            source,
            record_uses,
            special_uses: Vec::new(),
            symbols: Symbols::default(),
            scopes: ScopeTable {
                frames: vec![Vec::new()],
                ..ScopeTable::default()
            },
            labels: None,
            diagnostics: Vec::new(),
            vector_registers: false,
        }
    }

    /// A walker for checking some functions on another thread: it sees the module scope
    /// declared so far, and records new declarations after them.
    pub fn fork(&self) -> Self {
        SymbolWalker {
            source: self.source,
            record_uses: self.record_uses,
            special_uses: Vec::new(),
            symbols: Symbols {
                declarations: self.symbols.declarations.clone(),
                uses: Vec::new(),
            },
            scopes: self.scopes.clone(),
            labels: None,
            diagnostics: Vec::new(),
            vector_registers: self.vector_registers,
        }
    }

    /// The names visible at module scope, for `resume` (after the module's declarations).
    pub fn module_scope(&self) -> ScopeTable {
        self.scopes.clone()
    }

    /// A walker like a `fork` of the one `scope` was taken from, whose declarations were
    /// `declarations` (the module's): it checks one function again (`incremental`).
    pub fn resume(
        source: &'s str,
        record_uses: bool,
        declarations: Vec<Declaration>,
        scope: ScopeTable,
    ) -> Self {
        let vector_registers = declarations.iter().any(Declaration::is_vector_register);
        SymbolWalker {
            source,
            record_uses,
            special_uses: Vec::new(),
            symbols: Symbols {
                declarations,
                uses: Vec::new(),
            },
            scopes: scope,
            labels: None,
            diagnostics: Vec::new(),
            vector_registers,
        }
    }

    /// Takes back a fork's declarations, uses and diagnostics; `module_count` is how many
    /// declarations the fork started with (shared, not repeated).
    pub fn join(&mut self, fork: SymbolWalker<'s>, module_count: usize) {
        self.vector_registers |= fork.vector_registers;
        let shift = self.symbols.declarations.len() - module_count;
        let rebase = |d: usize| if d < module_count { d } else { d + shift };
        self.symbols
            .declarations
            .extend(fork.symbols.declarations.into_iter().skip(module_count));
        self.symbols
            .uses
            .extend(fork.symbols.uses.into_iter().map(|(r, d)| (r, rebase(d))));
        self.diagnostics.extend(fork.diagnostics);
    }

    pub fn push_scope(&mut self) {
        self.scopes.push();
    }

    pub fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    pub fn begin_function(&mut self, body: Option<&Block>) {
        self.labels = Some(HashMap::default());
        if let Some(body) = body {
            self.collect_labels(body);
        }
    }

    pub fn end_function(&mut self) {
        self.labels = None;
    }

    fn text(&self, range: TextRange) -> &'s str {
        self.source.get(range.start..range.end).unwrap_or("")
    }

    fn collect_labels(&mut self, block: &Block) {
        for (i, statement) in block.statements.iter().enumerate() {
            match statement {
                Statement::Label { name, range } => {
                    let label_list = match block.statements.get(i + 1) {
                        Some(Statement::Directive { keyword }) => Some(self.text(*keyword))
                            .filter(|k| {
                                matches!(*k, ".branchtargets" | ".calltargets" | ".callprototype")
                            })
                            .map(str::to_string),
                        _ => None,
                    };
                    let decl = Declaration {
                        name: self.text(*name).to_string(),
                        kind: DeclKind::Label,
                        ty: None,
                        vector: None,
                        state_space: None,
                        name_range: *name,
                        statement_range: *range,
                        range_count: None,
                        is_declaration_only: false,
                        visible_from: 0,
                        parameter_of: None,
                        signature: None,
                        label_list,
                    };
                    self.insert(decl, true);
                }
                Statement::Block(inner) => self.collect_labels(inner),
                _ => {}
            }
        }
    }

    /// Declares every name of a declaration (or parameter) in the current scope.
    /// Declares a function's signature parameter, remembering whose it is.
    pub fn declare_parameter(&mut self, decl: &VarDecl, of: ParameterOf) {
        let first = self.symbols.declarations.len();
        self.declare_variables(decl, DeclKind::Parameter);
        for declaration in &mut self.symbols.declarations[first..] {
            declaration.parameter_of = Some(of);
        }
    }

    pub fn declare_variables(&mut self, decl: &VarDecl, kind_if_not_register: DeclKind) {
        let state_space = decl.state_space.map(|r| self.text(r).to_string());
        let ty = decl.ty.map(|r| self.text(r).to_string());
        let vector = decl.vector.map(|r| self.text(r).to_string());
        let is_extern = decl.linkage.iter().any(|&l| self.text(l) == ".extern");
        let kind = if state_space.as_deref() == Some(".reg") {
            DeclKind::Register
        } else {
            kind_if_not_register
        };
        self.vector_registers |= kind == DeclKind::Register && vector.is_some();
        for declarator in &decl.declarators {
            let name = self.text(declarator.name);
            if name == "_" {
                continue;
            }
            self.insert(
                Declaration {
                    name: name.to_string(),
                    kind,
                    ty: ty.clone(),
                    vector: vector.clone(),
                    state_space: state_space.clone(),
                    name_range: declarator.name,
                    statement_range: decl.range,
                    range_count: declarator.range_count,
                    is_declaration_only: is_extern,
                    visible_from: decl.range.start,
                    parameter_of: None,
                    signature: None,
                    label_list: None,
                },
                false,
            );
        }
    }

    pub fn declare_function(&mut self, function: &Function) {
        let Some(name) = function.name else { return };
        let decl = Declaration {
            name: self.text(name).to_string(),
            kind: DeclKind::Function,
            ty: None,
            vector: None,
            state_space: None,
            name_range: name,
            statement_range: function.range,
            range_count: None,
            is_declaration_only: function.body.is_none()
                || function.linkage.iter().any(|&l| self.text(l) == ".extern"),
            visible_from: function.range.start,
            parameter_of: None,
            signature: Some((
                function
                    .return_params
                    .iter()
                    .map(|p| p.declarators.len())
                    .sum(),
                function.params.iter().map(|p| p.declarators.len()).sum(),
            )),
            label_list: None,
        };
        self.insert(decl, false);
    }

    fn insert(&mut self, mut decl: Declaration, as_label: bool) {
        let index = self.symbols.declarations.len();
        // `llvm.nvvm.barrier0`, `a::b`, `$`: the lexer reads dotted and `::` words (for
        // opcodes and qualifiers), but no identifier has them (ptxas: "Parsing error near
        // '.nvvm'"). The name is still declared, so its uses raise nothing more.
        self.diagnostics
            .extend(syntax_error::not_an_identifier(&decl.name, decl.name_range));
        if let Some(overlap) = self.range_overlap(&decl, as_label) {
            self.diagnostics
                .push(duplicate_declaration::overlap(decl.name_range, overlap));
            return;
        }
        let is_range = decl.range_count.is_some();
        let previous = if as_label {
            self.labels
                .as_ref()
                .and_then(|labels| labels.get(&decl.name).copied())
        } else {
            self.scopes.in_current(is_range, &decl.name)
        };
        if let Some(previous) = previous {
            let earlier = &self.symbols.declarations[previous];
            self.diagnostics
                .extend(duplicate_declaration::redeclared(earlier, &decl));
            if !earlier.is_declaration_only {
                return;
            }
            decl.visible_from = earlier.visible_from;
        }
        let key = decl.name.clone();
        if as_label {
            self.labels
                .get_or_insert_with(HashMap::default)
                .insert(key, index);
        } else {
            self.scopes.declare(is_range, key, index);
        }
        self.symbols.declarations.push(decl);
    }

    /// `%r2` declared beside `%r<4>` (or the other way round) in the same scope.
    fn range_overlap(&self, decl: &Declaration, as_label: bool) -> Option<String> {
        if as_label || decl.kind != DeclKind::Register {
            return None;
        }
        if let Some(count) = decl.range_count {
            let prefix = decl.name.as_str();
            let frame = self.scopes.frames.last()?;
            let (_, clash) = frame.iter().find(|(is_range, name)| {
                let (p, number) = split_register_number(name);
                !is_range && p == prefix && number.is_some_and(|k| k < count)
            })?;
            return Some(format!("`{prefix}<{count}>` declares `{clash}` again, which is already declared in this scope"));
        }
        let (prefix, Some(number)) = split_register_number(&decl.name) else {
            return None;
        };
        let range = self.scopes.in_current(true, prefix)?;
        let count = self.symbols.declarations[range].range_count.unwrap_or(0);
        (number < count).then(|| {
            format!(
                "register `{}` is already declared by `{prefix}<{count}>` in this scope",
                decl.name
            )
        })
    }

    /// Finds the declaration a name refers to: the innermost register, variable or range
    /// that covers it, else a label of the current function.
    pub fn resolve(&self, name: &str) -> Option<usize> {
        let by_name = self.scopes.innermost(false, name);
        let (prefix, number) = split_register_number(name);
        let by_range = number.and_then(|n| {
            self.scopes
                .innermost(true, prefix)
                .filter(|&(_, d)| n < self.symbols.declarations[d].range_count.unwrap_or(0))
        });
        let found = match (by_name, by_range) {
            (Some(a), Some(b)) => Some(if b.0 > a.0 { b } else { a }),
            (a, b) => a.or(b),
        };
        found.map(|(_, d)| d).or_else(|| {
            self.labels
                .as_ref()
                .and_then(|labels| labels.get(name).copied())
        })
    }

    pub fn declaration(&self, index: usize) -> &Declaration {
        &self.symbols.declarations[index]
    }

    /// Whether the name written at `at` is a register of vector type (`.reg .v4 .u32 v`).
    pub fn is_vector_register(&self, at: TextRange) -> bool {
        self.vector_registers
            && self
                .resolve(self.text(at))
                .is_some_and(|d| self.declaration(d).is_vector_register())
    }

    /// Resolves a name used at `at`; reports PTX008 when nothing declares it. `expected_type`
    /// lets the fix declare a missing register with the type the instruction wants.
    pub fn use_name(
        &mut self,
        name: &str,
        at: TextRange,
        expected_type: Option<&str>,
        function_body: Option<&Block>,
    ) -> Option<usize> {
        if let Some(d) = self.resolve(name) {
            if self.record_uses {
                self.symbols.uses.push((at, d));
            }
            let decl = &self.symbols.declarations[d];
            // Functions must be declared (or prototyped) before a call names them.
            self.diagnostics
                .extend(undeclared_identifier::used_before_declaration(
                    name, at, decl,
                ));
            return Some(d);
        }
        if BUILTIN_NAMES.contains(&name) {
            return None;
        }
        if let Some(special) = speclint_spec_db::ptx::special_register(name) {
            self.special_uses.push((at, special));
            return None;
        }
        let hint = self.range_hint(name);
        self.diagnostics.push(undeclared_identifier::undeclared(
            name,
            at,
            hint,
            expected_type,
            function_body,
        ));
        None
    }

    /// "`%r<3>` declares %r0..%r2" when a name is just past a declared range.
    fn range_hint(&self, name: &str) -> Option<String> {
        let (prefix, Some(_)) = split_register_number(name) else {
            return None;
        };
        let (_, d) = self.scopes.innermost(true, prefix)?;
        let count = self.symbols.declarations[d].range_count.unwrap_or(0);
        Some(format!(
            "`{prefix}<{count}>` declares {prefix}0 … {prefix}{}",
            count.saturating_sub(1)
        ))
    }
}

/// `%rd12` -> (`%rd`, Some(12)); names without a trailing number -> (name, None).
fn split_register_number(name: &str) -> (&str, Option<u32>) {
    let digits = name.bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits == name.len() {
        return (name, None);
    }
    let (prefix, number) = name.split_at(name.len() - digits);
    // `%r01` is not `%r1`: a range only declares canonical numbers.
    if number.len() > 1 && number.starts_with('0') {
        return (name, None);
    }
    (prefix, number.parse().ok())
}

pub fn parse_int(text: &str) -> Option<u32> {
    let t = text.trim().trim_end_matches(['U', 'u']);
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u32::from_str_radix(hex, 16).ok()
    } else if let Some(bin) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        u32::from_str_radix(bin, 2).ok()
    } else if t.len() > 1 && t.starts_with('0') {
        u32::from_str_radix(&t[1..], 8).ok()
    } else {
        t.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn register_numbers_split_off_their_prefix() {
        assert_eq!(split_register_number("%rd12"), ("%rd", Some(12)));
        assert_eq!(split_register_number("%r"), ("%r", None));
        assert_eq!(split_register_number("%r01"), ("%r01", None));
        assert_eq!(parse_int("0x10"), Some(16));
        assert_eq!(parse_int("010"), Some(8));
    }

    #[test]
    fn a_declared_name_that_is_no_identifier_is_a_syntax_error() {
        use crate::{analyze, header::Overrides};
        let text = ".version 7.0\n.target sm_80\n.address_size 64\n.extern .func llvm.nvvm.barrier0();\n.global .b32 a::b;\n.visible .entry k()\n{\n    .reg .b32 $;\n    .reg .b32 %ok<2>;\nL.1:\n    ret;\n}\n";
        let analysis = analyze(text, &Overrides::default(), true);
        let mut flagged: Vec<&str> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.rule.code == "PTX001")
            .map(|d| &text[d.range.start..d.range.end])
            .collect();
        flagged.sort_unstable();
        assert_eq!(flagged, ["$", "L.1", "a::b", "llvm.nvvm.barrier0"]);
    }
}
