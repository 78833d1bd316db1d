//! PTX: text -> syntax model (`parse`) -> module facts (header, symbols) -> diagnostics;
//! hovers, completions and navigation read the result back.

pub mod accesses;
mod annotate;
mod ast;
mod call_params;
pub mod compile;
mod complete;
mod declarations;
mod header;
mod hover;
mod incremental;
mod instructions;
mod isolation;
pub mod language;
mod navigate;
mod opcode;
mod operand_types;
mod param_shape;
mod params;
pub mod parse;
pub mod probe;
mod read_header;
mod rename;
mod resources;
mod rules;
mod run;
mod sass;
mod signature;
mod structure;
mod symbols;
mod type_agreement;

/// The language's id (`Language::id`): its settings section and its LSP language id.
pub const LANGUAGE_ID: &str = "ptx";

use ast::{Block, Function, Item, Module, Statement};
use declarations::{DeclKind, ParameterOf};
use header::{Header, Overrides};
use instructions::{InstructionContext, OpcodeCache};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::language::Reuse;
use speclint_base::limits;
use speclint_base::parallel::{self, worker_threads};
use speclint_base::text::TextRange;
use symbols::{SymbolWalker, Symbols};

/// Everything one check of a PTX module produced; hovers read it back.
pub struct PtxAnalysis {
    pub module: Module,
    pub header: Header,
    pub symbols: Symbols,
    pub diagnostics: Vec<Diagnostic>,
    /// What the next analysis may reuse (`incremental`); kept when uses are recorded.
    pub memo: Option<incremental::Memo>,
    /// What this analysis took from the previous one, when it was computed incrementally.
    pub reuse: Option<Reuse>,
}

impl PtxAnalysis {
    /// The module's kernels (`.entry` functions), in text order.
    pub fn kernels<'a>(&'a self, text: &'a str) -> impl Iterator<Item = &'a Function> + 'a {
        self.module.items.iter().filter_map(move |item| match item {
            Item::Function(f) if text.get(f.kind.start..f.kind.end) == Some(".entry") => Some(f),
            _ => None,
        })
    }
}

/// Does this text look like PTX? (`.ptx` is also used by other formats.)
pub fn sniff(text: &str) -> bool {
    text.lines()
        .map(str::trim_start)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .take(50)
        .any(|l| {
            l.starts_with(".version")
                || l.starts_with(".target")
                || l.starts_with(".entry")
                || l.starts_with(".visible")
        })
}

/// Directive names the parser accepts without complaint (everything the spec-db knows).
fn syntax_known_directive(name: &str) -> bool {
    let base = name.split("::").next().unwrap_or(name);
    speclint_spec_db::ptx::directive(base).is_some()
        || speclint_spec_db::ptx::state_space(base).is_some()
        || matches!(
            base,
            ".section"
                | ".file"
                | ".loc"
                | ".pragma"
                | ".alias"
                | ".callprototype"
                | ".branchtargets"
                | ".calltargets"
        )
}

/// Type keywords in declarations (`.b32`, `.f16x2`, `.texref`).
fn syntax_is_type(name: &str) -> bool {
    speclint_spec_db::ptx::is_type_token(name) || speclint_spec_db::ptx::ptx_type(name).is_some()
}

/// The analysis of `text`, `previous`'s text with `edit`, re-checking only the edited
/// function when it can (`incremental`), in full otherwise; `overrides` are those `previous`
/// was computed with.
pub fn reanalyze(
    previous: PtxAnalysis,
    edit: speclint_base::language::Edit<'_>,
    text: &str,
    overrides: &Overrides,
) -> PtxAnalysis {
    incremental::reanalyze(previous, edit, text).unwrap_or_else(|| analyze(text, overrides, true))
}

pub fn analyze(text: &str, overrides: &Overrides, record_uses: bool) -> PtxAnalysis {
    let module = parse::parse_parallel(text, worker_threads());
    let mut diagnostics: Vec<Diagnostic> = syntax_diagnostics(&module).collect();
    let header = read_header::read(&module, text, overrides, &mut diagnostics);
    let mut walker = SymbolWalker::new(text, record_uses);

    // Module scope first, so functions and variables may be used before their declaration.
    for item in &module.items {
        match item {
            Item::Variable(decl) => {
                check_declaration(decl, text, &header, true, &mut diagnostics);
                rules::syntax_error::check_variable(decl, text, true, &mut diagnostics);
                walker.declare_variables(decl, DeclKind::Variable)
            }
            Item::Function(function) => walker.declare_function(function),
            _ => {}
        }
    }
    let functions: Vec<&Function> = module
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Function(f) => Some(f),
            _ => None,
        })
        .collect();

    // Functions are checked independently against the module scope: large modules are
    // split into contiguous shares, one per thread, and the results joined in order.
    let shares = parallel::shares(&functions, parallel::threads_for(text.len()), |f| {
        f.range.end - f.range.start
    });
    let module_count = walker.symbols.declarations.len();
    let module_scope = record_uses.then(|| walker.module_scope());
    let checked: Vec<Checked> = if shares.len() == 1 {
        vec![check_functions(&header, walker.fork(), &functions)]
    } else {
        let work: Vec<_> = shares.iter().map(|share| (walker.fork(), *share)).collect();
        parallel::on_threads(work, |(fork, share)| check_functions(&header, fork, share))
    };
    let checks_start = diagnostics.len();
    // The module-scope walk's findings come before the functions' in the walker's.
    let module_walk_findings = walker.diagnostics.len();
    let mut added: Vec<Added> = Vec::with_capacity(functions.len());
    for (fork, mut found, mut counts) in checked {
        walker.join(fork, module_count);
        diagnostics.append(&mut found);
        added.append(&mut counts);
    }

    let SymbolWalker {
        symbols,
        diagnostics: mut symbol_diagnostics,
        ..
    } = walker;
    let walker_start = diagnostics.len() + module_walk_findings;
    diagnostics.append(&mut symbol_diagnostics);
    let memo = module_scope.map(|scope| {
        let items = module
            .items
            .iter()
            .enumerate()
            .filter(|(_, item)| matches!(item, Item::Function(_)))
            .map(|(n, _)| n);
        incremental::Memo::new(
            diagnostics.clone(),
            module.errors.len() + module.too_deep.len(),
            checks_start,
            walker_start,
            module_count,
            scope,
            items.zip(added),
        )
    });
    diagnostics.sort_by_key(|d| (d.range.start, d.rule.code));
    PtxAnalysis {
        header,
        symbols,
        diagnostics,
        module,
        memo,
        reuse: None,
    }
}

/// The parser's findings: syntax errors, then where nesting went too deep.
fn syntax_diagnostics(module: &Module) -> impl Iterator<Item = Diagnostic> + '_ {
    module
        .errors
        .iter()
        .map(rules::syntax_error::parse_error)
        .chain(
            module
                .too_deep
                .iter()
                .map(|&open| limits::nesting_too_deep(open)),
        )
}

/// PTX005/PTX006 for the type and state space of a declaration (`.b128` needs PTX ISA 8.3,
/// `.shared::cluster` sm_90).
/// `allocated`: false for the parameters of a function declared without a body.
fn check_declaration(
    decl: &ast::VarDecl,
    source: &str,
    header: &Header,
    allocated: bool,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let text = |r: speclint_base::text::TextRange| source.get(r.start..r.end).unwrap_or("");
    let register = decl.state_space.is_some_and(|s| text(s) == ".reg");
    rules::syntax_error::type_like_keywords(decl, source, diagnostics);
    if register {
        rules::syntax_error::register_arrays(decl, source, diagnostics);
    }
    rules::syntax_error::check_vector_declaration(decl, source, allocated, diagnostics);
    if let Some(ty) = decl.ty {
        // Predicates live only in registers (section 5.4.1); ptxas rejects them in every other
        // state space, parameters included.
        if text(ty) == ".pred" && !register {
            let space = decl.state_space.map_or("this state space", text);
            diagnostics.push(rules::syntax_error::predicate_outside_registers(ty, space));
        }
        if let Some(fact) = speclint_spec_db::ptx::ptx_type(text(ty)) {
            let arrays = decl.declarators.iter().all(|d| {
                source
                    .get(d.name.end..)
                    .is_some_and(|after| after.trim_start().starts_with('['))
            });
            let ptxas_takes_it = PTXAS_VARIABLE_TYPES.contains(&fact.name)
                || (arrays && !register && PTXAS_ARRAY_ELEMENT_TYPES.contains(&fact.name));
            let parameter = allocated
                && decl
                    .state_space
                    .is_some_and(|s| text(s).starts_with(".param"));
            if parameter && !arrays && PACKED_NOT_IN_PARAM.contains(&fact.name) {
                diagnostics.push(rules::syntax_error::packed_parameter(ty, fact));
            } else if !is_variable_type(fact) && ptxas_takes_it {
                diagnostics.push(rules::not_enforced_by_ptxas::instruction_type_variable(
                    ty, fact,
                ));
            } else if !is_variable_type(fact) {
                diagnostics.push(rules::syntax_error::instruction_type_variable(
                    ty, fact, register,
                ));
            } else {
                instructions::report_unmet(
                    ty,
                    &[(fact.requirement, fact.citation.section)],
                    text(ty),
                    header,
                    diagnostics,
                );
            }
        }
    }
    if let Some(space) = decl.state_space {
        if let Some(fact) = speclint_spec_db::ptx::state_space(text(space)) {
            instructions::report_unmet(
                space,
                &[(fact.requirement, fact.citation.section)],
                text(space),
                header,
                diagnostics,
            );
        }
    }
}

/// Whether variables may be declared of this type: the fundamental types (section 5.2.1), the
/// opaque handle types (section 5.3) and the packed types that are their own register type
/// (`.f16x2`). The alternate formats and sub-byte types are instruction types only.
fn is_variable_type(fact: &speclint_spec_db::PtxType) -> bool {
    matches!(fact.citation.section, "5.2.1" | "5.3") || fact.register_types.contains(&fact.name)
}

/// Packed instruction types that ptxas 13.5 takes as variable types (probed 2026-12-01).
const PTXAS_VARIABLE_TYPES: &[&str] = &[".e2m1x4", ".e2m3x4", ".e3m2x4"];

/// Packed 32-bit types that ptxas 13.5 takes for variables but not for a scalar parameter
/// of a kernel or a function with a body, nor a `.param` a call passes (probed 2026-12-01);
/// arrays of them it takes.
const PACKED_NOT_IN_PARAM: &[&str] = &[".f16x2", ".e2m1x4", ".e2m3x4", ".e3m2x4"];

/// Instruction types that ptxas 13.5 rejects for a scalar variable ("may only be used as an
/// instruction type") but takes as the element type of an array outside `.reg` (probed
/// 2026-12-01). The others (`.bf16`, `.tf32`, `.u4`, …) it rejects everywhere.
const PTXAS_ARRAY_ELEMENT_TYPES: &[&str] = &[
    ".e4m3", ".e5m2", ".f32x2", ".e4m3x2", ".e5m2x2", ".e2m3x2", ".e3m2x2", ".ue8m0x2", ".e2m1x2",
    ".e4m3x4", ".e5m2x4", ".u16x2", ".s16x2",
];

/// What checking one function added: its findings, the symbol walker's, its declarations and
/// its uses (counts, for `incremental`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Added {
    pub checks: usize,
    pub walker: usize,
    pub declarations: usize,
    pub uses: usize,
}

/// A share's walker, findings, and what each of its functions added.
type Checked<'s> = (SymbolWalker<'s>, Vec<Diagnostic>, Vec<Added>);

fn check_functions<'s>(
    header: &Header,
    walker: SymbolWalker<'s>,
    functions: &[&Function],
) -> Checked<'s> {
    let mut checker = Checker {
        header,
        walker,
        diagnostics: Vec::new(),
        cache: OpcodeCache::default(),
        cta_groups: Vec::new(),
    };
    let mut added = Vec::with_capacity(functions.len());
    for function in functions {
        let counts = |c: &Checker| Added {
            checks: c.diagnostics.len(),
            walker: c.walker.diagnostics.len(),
            declarations: c.walker.symbols.declarations.len(),
            uses: c.walker.symbols.uses.len(),
        };
        let before = counts(&checker);
        checker.function(function);
        let after = counts(&checker);
        added.push(Added {
            checks: after.checks - before.checks,
            walker: after.walker - before.walker,
            declarations: after.declarations - before.declarations,
            uses: after.uses - before.uses,
        });
    }
    (checker.walker, checker.diagnostics, added)
}

/// The walk over functions and blocks that runs the symbol and instruction checks.
struct Checker<'a, 's> {
    header: &'a Header,
    walker: SymbolWalker<'s>,
    diagnostics: Vec<Diagnostic>,
    cache: OpcodeCache<'s>,
    /// The `.cta_group` of each tcgen05 instruction of the function being walked.
    cta_groups: Vec<(TextRange, &'static str)>,
}

impl<'s> Checker<'_, 's> {
    fn function(&mut self, function: &Function) {
        // Performance directives: their requirements, and deprecation.
        for &keyword in &function.directives {
            let name = self
                .walker
                .source
                .get(keyword.start..keyword.end)
                .unwrap_or("");
            let Some(fact) = speclint_spec_db::ptx::directive(name) else {
                continue;
            };
            let requirement = [(fact.requirement, fact.citation.section)];
            instructions::report_unmet(
                keyword,
                &requirement,
                name,
                self.header,
                &mut self.diagnostics,
            );
            self.diagnostics
                .extend(rules::deprecated::directive(keyword, name, fact));
        }
        self.walker.push_scope();
        let is_kernel = self
            .walker
            .source
            .get(function.kind.start..function.kind.end)
            == Some(".entry");
        let returns = function
            .return_params
            .iter()
            .map(|p| (p, ParameterOf::FunctionReturn));
        let input = if is_kernel {
            ParameterOf::KernelInput
        } else {
            ParameterOf::FunctionInput
        };
        for (param, of) in returns.chain(function.params.iter().map(|p| (p, input))) {
            check_declaration(
                param,
                self.walker.source,
                self.header,
                function.body.is_some(),
                &mut self.diagnostics,
            );
            if !is_kernel && function.body.is_some() {
                rules::syntax_error::check_opaque_function_parameter(
                    param,
                    self.walker.source,
                    &mut self.diagnostics,
                );
            }
            self.walker.declare_parameter(param, of);
        }
        self.walker.begin_function(function.body.as_ref());
        if let Some(body) = &function.body {
            self.block(body, body);
            self.mixed_cta_groups();
        }
        self.walker.end_function();
        self.walker.pop_scope();
    }

    /// PTX003 where the kernel's tcgen05 instructions mix `.cta_group` values.
    fn mixed_cta_groups(&mut self) {
        let uses = std::mem::take(&mut self.cta_groups);
        rules::invalid_modifier_combination::mixed_cta_groups(&uses, &mut self.diagnostics);
    }

    /// Records the `.cta_group` a tcgen05 instruction names, for `mixed_cta_groups`.
    fn note_cta_group(&mut self, instruction: &ast::Instruction) {
        let at = instruction.opcode;
        let opcode = &self.walker.source[at.start..at.end];
        if !opcode.starts_with("tcgen05.") {
            return;
        }
        for group in [".cta_group::1", ".cta_group::2"] {
            if let Some(offset) = opcode.find(group) {
                let start = at.start + offset;
                self.cta_groups
                    .push((TextRange::new(start, start + group.len()), group));
            }
        }
    }

    fn block(&mut self, block: &Block, body: &Block) {
        self.walker.push_scope();
        // Declarations anywhere in a block are visible throughout it.
        for statement in &block.statements {
            if let Statement::Variable(decl) = statement {
                check_declaration(
                    decl,
                    self.walker.source,
                    self.header,
                    true,
                    &mut self.diagnostics,
                );
                rules::syntax_error::check_variable(
                    decl,
                    self.walker.source,
                    false,
                    &mut self.diagnostics,
                );
                self.walker.declare_variables(decl, DeclKind::Variable);
            }
        }
        for statement in &block.statements {
            match statement {
                Statement::Instruction(instruction) => {
                    let mut ctx = InstructionContext {
                        header: self.header,
                        symbols: &mut self.walker,
                        function_body: Some(body),
                        diagnostics: &mut self.diagnostics,
                        cache: &mut self.cache,
                    };
                    instructions::check(instruction, &mut ctx);
                    self.note_cta_group(instruction);
                }
                Statement::Block(inner) => self.block(inner, body),
                _ => {}
            }
        }
        self.walker.pop_scope();
    }
}
