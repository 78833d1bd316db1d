//! Re-checking only the function an edit touches (`Language::reanalyze`).
//!
//! Functions are checked one by one against the module scope (`ptx::analyze`), and a body
//! declares nothing at module scope, so an edit inside one function's body that leaves the
//! function's extent as it was changes only that function's syntax tree, declarations, uses and
//! findings. The new analysis is the previous one with the function's part replaced: the
//! function is parsed again alone (as a share of `parse_parallel` is; when it parses to the same
//! extent, the parse after it is the same too, see `isolation`), checked alone with a walker
//! that resumes the module scope (as a fork of a parallel check does), and everything after it
//! moves by the edit's length (offsets) and by the change in the number of its declarations
//! (indices). The findings are kept in the order the checks reported them, so sorting the
//! spliced list gives exactly the full analysis's order.
//!
//! Anything else is analysed in full (`None`): an edit outside a body's inner lines (the
//! header, the line of the `{`, the closing `}`, module-level directives and declarations), a
//! function that parsed alone no longer ends where it did or is left open, and an edit that
//! renumbers lines while a finding after it quotes a line number.

use super::ast::{Block, Function, Item, Operand, OperandKind, Statement, VarDecl};
use super::symbols::{ScopeTable, SymbolWalker};
use super::{check_functions, parse, syntax_diagnostics, Added, PtxAnalysis};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::language::{Edit, Reuse};
use speclint_base::text::TextRange;
use std::ops::Range;

/// What a PTX analysis keeps for the next one to reuse.
pub struct Memo {
    /// Every diagnostic in the order the checks reported them (before sorting): the syntax
    /// errors, the header's and module variables' findings, each function's checks in order,
    /// the module-scope walk's findings, then each function's walk findings in order.
    reported: Vec<Diagnostic>,
    /// How many of `reported` come first from the parser.
    syntax: usize,
    /// How many declarations the module scope makes (they come first).
    module_declarations: usize,
    /// The names visible at module scope, to check one function again.
    scope: ScopeTable,
    /// Each function's share, in text order.
    functions: Vec<FunctionMark>,
}

/// Where one function's part of an analysis is.
#[derive(Clone, Debug)]
struct FunctionMark {
    /// Its index in `Module::items`.
    item: usize,
    /// Its findings in `Memo::reported`: the checks', and the symbol walk's.
    checks: Range<usize>,
    walker: Range<usize>,
    /// Its declarations (parameters, registers, labels) in `Symbols::declarations`.
    declarations: Range<usize>,
    /// Its uses in `Symbols::uses`.
    uses: Range<usize>,
}

impl Memo {
    /// `reported` as described on the field; `checks_start` and `walker_start` are where the
    /// first function's checks and walk findings are in it, and `functions` each function's
    /// item index with what checking it added, in order.
    pub fn new(
        reported: Vec<Diagnostic>,
        syntax: usize,
        checks_start: usize,
        walker_start: usize,
        module_declarations: usize,
        scope: ScopeTable,
        functions: impl Iterator<Item = (usize, Added)>,
    ) -> Memo {
        let (mut checks, mut walker) = (checks_start, walker_start);
        let (mut declarations, mut uses) = (module_declarations, 0);
        let functions = functions
            .map(|(item, added)| {
                let mark = FunctionMark {
                    item,
                    checks: checks..checks + added.checks,
                    walker: walker..walker + added.walker,
                    declarations: declarations..declarations + added.declarations,
                    uses: uses..uses + added.uses,
                };
                checks += added.checks;
                walker += added.walker;
                declarations += added.declarations;
                uses += added.uses;
                mark
            })
            .collect();
        Memo {
            reported,
            syntax,
            module_declarations,
            scope,
            functions,
        }
    }
}

/// The analysis of `text`, `old`'s text with `edit`, from `old` and a check of the edited
/// function alone; `None` when the edit is not inside one function's body (see the module's
/// comment): the caller then analyses `text` in full.
pub fn reanalyze(mut old: PtxAnalysis, edit: Edit<'_>, text: &str) -> Option<PtxAnalysis> {
    let mut memo = old.memo.take()?;
    let (index, mut piece) = plan(&old, &memo, edit, text)?;
    let Some(Item::Function(new_function)) = piece.items.pop() else {
        return None;
    };
    let mark = memo.functions[index].clone();
    let delta = edit.delta();
    let old_range = old.module.items[mark.item].range();

    // Everything after the edit moves; the function's old parts are replaced below.
    let header = &mut old.header;
    header.version_range = header.version_range.map(|r| edit.moved_range(r));
    header.target_range = header.target_range.map(|r| edit.moved_range(r));
    header.insert_at = edit.moved(header.insert_at);
    for declaration in &mut old.symbols.declarations {
        declaration.name_range = edit.moved_range(declaration.name_range);
        declaration.statement_range = edit.moved_range(declaration.statement_range);
        declaration.visible_from = edit.moved(declaration.visible_from);
    }

    // Check the function alone, as a fork of the module's walker would.
    let module_count = memo.module_declarations;
    let declarations = old.symbols.declarations[..module_count].to_vec();
    let walker = SymbolWalker::resume(text, true, declarations, memo.scope.clone());
    let (walker, checks, _) = check_functions(&old.header, walker, &[&new_function]);
    let SymbolWalker {
        symbols,
        diagnostics: walked,
        ..
    } = walker;
    let first_declaration = mark.declarations.start;
    let new_declarations = symbols.declarations.len() - module_count;
    let declaration_delta = new_declarations as isize - mark.declarations.len() as isize;
    let rebase = |d: usize| {
        if d < module_count {
            d
        } else {
            d - module_count + first_declaration
        }
    };
    let new_uses = symbols.uses.len();
    let use_delta = new_uses as isize - mark.uses.len() as isize;
    let old_symbols = &mut old.symbols;
    old_symbols.declarations.splice(
        mark.declarations.clone(),
        symbols.declarations.into_iter().skip(module_count),
    );
    for (range, declaration) in &mut old_symbols.uses[mark.uses.end..] {
        *range = edit.moved_range(*range);
        if *declaration >= mark.declarations.end {
            *declaration = declaration.wrapping_add_signed(declaration_delta);
        }
    }
    old_symbols.uses.splice(
        mark.uses.clone(),
        symbols.uses.into_iter().map(|(r, d)| (r, rebase(d))),
    );

    // The syntax tree: the function's new one in place, those after it moved.
    let module = &mut old.module;
    module.items[mark.item] = Item::Function(new_function);
    if delta != 0 {
        for item in &mut module.items[mark.item + 1..] {
            item.shift(delta);
        }
    }
    let mut errors: Vec<_> = module
        .errors
        .iter()
        .filter(|e| e.range.start < old_range.start)
        .cloned()
        .collect();
    errors.extend(piece.errors);
    errors.extend(
        module
            .errors
            .iter()
            .filter(|e| e.range.start >= old_range.end)
            .map(|e| super::ast::SyntaxError {
                range: edit.moved_range(e.range),
                message: e.message.clone(),
            }),
    );
    module.errors = errors;
    let mut too_deep: Vec<TextRange> = module
        .too_deep
        .iter()
        .filter(|r| r.start < old_range.start)
        .copied()
        .collect();
    too_deep.extend(piece.too_deep);
    too_deep.extend(
        module
            .too_deep
            .iter()
            .filter(|r| r.start >= old_range.end)
            .map(|&r| edit.moved_range(r)),
    );
    module.too_deep = too_deep;

    // Findings, in the order a full check reports them, then sorted as it sorts them.
    let reported = &mut memo.reported;
    if delta != 0 {
        for diagnostic in reported.iter_mut() {
            move_diagnostic(diagnostic, &edit);
        }
    }
    let walked_count = walked.len();
    let checks_count = checks.len();
    reported.splice(mark.walker.clone(), walked);
    reported.splice(mark.checks.clone(), checks);
    let syntax: Vec<Diagnostic> = syntax_diagnostics(module).collect();
    let syntax_delta = syntax.len() as isize - memo.syntax as isize;
    let old_syntax = std::mem::replace(&mut memo.syntax, syntax.len());
    reported.splice(0..old_syntax, syntax);
    let checks_delta = checks_count as isize - mark.checks.len() as isize;
    let walker_delta = walked_count as isize - mark.walker.len() as isize;
    let shift = |r: &Range<usize>, by: isize| {
        r.start.wrapping_add_signed(by)..r.end.wrapping_add_signed(by)
    };
    for (n, m) in memo.functions.iter_mut().enumerate() {
        use std::cmp::Ordering::*;
        match n.cmp(&index) {
            Less => {
                m.checks = shift(&m.checks, syntax_delta);
                m.walker = shift(&m.walker, syntax_delta + checks_delta);
            }
            Equal => {
                let checks = shift(&m.checks, syntax_delta);
                m.checks = checks.start..checks.start + checks_count;
                let walker = shift(&m.walker, syntax_delta + checks_delta);
                m.walker = walker.start..walker.start + walked_count;
                m.declarations = m.declarations.start..m.declarations.start + new_declarations;
                m.uses = m.uses.start..m.uses.start + new_uses;
            }
            Greater => {
                m.checks = shift(&m.checks, syntax_delta + checks_delta);
                m.walker = shift(&m.walker, syntax_delta + checks_delta + walker_delta);
                m.declarations = shift(&m.declarations, declaration_delta);
                m.uses = shift(&m.uses, use_delta);
            }
        }
    }
    let mut diagnostics = reported.clone();
    diagnostics.sort_by_key(|d| (d.range.start, d.rule.code));
    let reused = memo.functions.len() - 1;
    Some(PtxAnalysis {
        module: old.module,
        header: old.header,
        symbols: old.symbols,
        diagnostics,
        memo: Some(memo),
        reuse: Some(Reuse {
            rechecked: 1,
            reused,
        }),
    })
}

fn move_diagnostic(diagnostic: &mut Diagnostic, edit: &Edit<'_>) {
    diagnostic.range = edit.moved_range(diagnostic.range);
    for fix in &mut diagnostic.fixes {
        for e in &mut fix.edits {
            e.range = edit.moved_range(e.range);
        }
    }
}

/// Which function an edit is in (its index in `Memo::functions`) and that function parsed
/// again alone from `text`; `None` when reuse could differ from a full analysis.
fn plan(
    old: &PtxAnalysis,
    memo: &Memo,
    edit: Edit<'_>,
    text: &str,
) -> Option<(usize, super::ast::Module)> {
    let items = &old.module.items;
    let edited = edit.range;
    let index = memo
        .functions
        .partition_point(|m| items[m.item].range().start < edited.start)
        .checked_sub(1)?;
    let mark = &memo.functions[index];
    let Item::Function(function) = &items[mark.item] else {
        return None;
    };
    let old_text = edit.old_text;
    let body = function.body.as_ref()?.range;
    if body.end != function.range.end || !old_text.get(body.start..body.end)?.ends_with('}') {
        return None;
    }
    // Inner lines: after the line break that ends the `{` line, before the `}`.
    let inner_start = body.start + old_text[body.start..body.end].find('\n')? + 1;
    if edited.start < inner_start || edited.end >= body.end {
        return None;
    }
    // A finding after the edit that quotes a line number (a brace never closed) would change.
    if edit.moves_lines() {
        let quoting = memo.reported.iter().enumerate().any(|(n, d)| {
            !mark.checks.contains(&n)
                && !mark.walker.contains(&n)
                && d.range.end >= edited.start
                && d.message.contains("line")
        });
        if quoting {
            return None;
        }
    }
    // A finding at the function's very end may be its own or the next item's, and a brace
    // left open is reported at the end of the text, wherever it was opened: which function's
    // it is cannot be told.
    let at_end = |r: &TextRange| r.start == function.range.end;
    let module = &old.module;
    let unclosed = |e: &super::ast::SyntaxError| {
        e.message.starts_with("missing `}`") && e.range.start >= function.range.start
    };
    if module
        .errors
        .iter()
        .any(|e| at_end(&e.range) || unclosed(e))
        || module.too_deep.iter().any(at_end)
    {
        return None;
    }
    let start = function.range.start;
    let end = edit.moved(function.range.end);
    if end > text.len() || !text[..end].ends_with('}') {
        return None;
    }
    let piece = parse::parse_range(text, start, end);
    let same_extent = match piece.items.as_slice() {
        [Item::Function(f)] => {
            f.range == TextRange::new(start, end)
                && f.body
                    .as_ref()
                    .is_some_and(|b| b.range == TextRange::new(body.start, end))
        }
        _ => false,
    };
    let inside = |r: TextRange| start <= r.start && r.end <= end;
    let closed = !piece
        .errors
        .iter()
        .any(|e| e.message.starts_with("missing `}`") || !inside(e.range));
    (same_extent && closed && piece.too_deep.iter().all(|&r| inside(r))).then_some((index, piece))
}

/// Moving a syntax tree that lies after an edit by the edit's length.
trait Shift {
    fn shift(&mut self, by: isize);
}

impl Shift for TextRange {
    fn shift(&mut self, by: isize) {
        self.start = self.start.wrapping_add_signed(by);
        self.end = self.end.wrapping_add_signed(by);
    }
}

impl<T: Shift> Shift for Option<T> {
    fn shift(&mut self, by: isize) {
        if let Some(inner) = self {
            inner.shift(by);
        }
    }
}

impl<T: Shift> Shift for [T] {
    fn shift(&mut self, by: isize) {
        for inner in self {
            inner.shift(by);
        }
    }
}

impl<T: Shift> Shift for Vec<T> {
    fn shift(&mut self, by: isize) {
        self.as_mut_slice().shift(by);
    }
}

impl<T: Shift + ?Sized> Shift for Box<T> {
    fn shift(&mut self, by: isize) {
        (**self).shift(by);
    }
}

impl Shift for Item {
    fn shift(&mut self, by: isize) {
        match self {
            Item::Version {
                keyword,
                number,
                range,
            } => {
                keyword.shift(by);
                number.shift(by);
                range.shift(by);
            }
            Item::Target {
                keyword,
                names,
                range,
            } => {
                keyword.shift(by);
                names.shift(by);
                range.shift(by);
            }
            Item::AddressSize { keyword, range } | Item::Directive { keyword, range } => {
                keyword.shift(by);
                range.shift(by);
            }
            Item::Variable(decl) => decl.shift(by),
            Item::Function(function) => function.shift(by),
        }
    }
}

impl Shift for VarDecl {
    fn shift(&mut self, by: isize) {
        self.range.shift(by);
        self.linkage.shift(by);
        self.state_space.shift(by);
        self.vector.shift(by);
        self.ty.shift(by);
        for declarator in &mut self.declarators {
            declarator.name.shift(by);
        }
        self.keywords.shift(by);
    }
}

impl Shift for Function {
    fn shift(&mut self, by: isize) {
        self.range.shift(by);
        self.linkage.shift(by);
        self.kind.shift(by);
        self.name.shift(by);
        self.return_params.shift(by);
        self.params.shift(by);
        self.directives.shift(by);
        self.body.shift(by);
    }
}

impl Shift for Block {
    fn shift(&mut self, by: isize) {
        self.range.shift(by);
        self.statements.shift(by);
    }
}

impl Shift for Statement {
    fn shift(&mut self, by: isize) {
        match self {
            Statement::Variable(decl) => decl.shift(by),
            Statement::Label { name, range } => {
                name.shift(by);
                range.shift(by);
            }
            Statement::Instruction(instruction) => {
                instruction.range.shift(by);
                if let Some(guard) = &mut instruction.guard {
                    guard.predicate.shift(by);
                }
                instruction.opcode.shift(by);
                instruction.operands.shift(by);
            }
            Statement::Block(block) => block.shift(by),
            Statement::Directive { keyword } => keyword.shift(by),
        }
    }
}

impl Shift for Operand {
    fn shift(&mut self, by: isize) {
        self.range.shift(by);
        match &mut self.kind {
            OperandKind::Name | OperandKind::Integer | OperandKind::Float | OperandKind::Sink => {}
            OperandKind::Component { register } => register.shift(by),
            OperandKind::Address { names, inside } => {
                names.shift(by);
                if let Some(inside) = inside {
                    for vector in &mut inside.vectors {
                        vector.range.shift(by);
                        vector.names.shift(by);
                    }
                }
            }
            OperandKind::Vector(operands) | OperandKind::List(operands) => operands.shift(by),
            OperandKind::PredicatePair { first, second } => {
                first.shift(by);
                second.shift(by);
            }
            OperandKind::Negated(operand) => operand.shift(by),
            OperandKind::Expression { names } => names.shift(by),
        }
    }
}

#[cfg(test)]
mod tests {
    use speclint_analysis::{Analysis, Options};
    use speclint_base::language::{Edit, Input, Language, Reuse};
    use speclint_base::text::TextRange;
    use speclint_test_support::incremental_checks::{random_edits_match_full_analysis, XorShift};

    fn ptx() -> &'static dyn Language {
        &crate::language::Ptx
    }

    /// Real modules with several functions (calls between them, module variables, a jump
    /// table, debug line information).
    fn modules() -> Vec<&'static str> {
        vec![
            include_str!("../../../tests/corpus/ptx/valid/calls-sm_120.ptx"),
            include_str!("../../../tests/corpus/ptx/valid/control-sm_90.ptx"),
            include_str!("../../../tests/corpus/ptx/valid/control-sm_100-jt.ptx"),
            include_str!("../../../tests/corpus/ptx/valid/arith-sm_80.ptx"),
            include_str!("../../../tests/corpus/ptx/valid/atomics-sm_90.ptx"),
            include_str!("../../../tests/corpus/ptx/valid/extern_link-sm_90.ptx"),
            include_str!("../../../tests/corpus/ptx/valid/wgmma-sm_90a-lineinfo.ptx"),
        ]
    }

    #[test]
    fn an_edit_in_one_function_rechecks_only_that_function() {
        let text = include_str!("../../../tests/corpus/ptx/valid/control-sm_90.ptx");
        let options = Options::default();
        let previous = Analysis::run(ptx(), Input::Text(text), None, &options);
        assert!(previous.diagnostics().is_empty());
        // `x` before an opcode in the second function: an unknown instruction there.
        let second = text.match_indices("\n.visible .entry").nth(1).unwrap().0;
        let at = second + text[second..].find("\n\tmov.").unwrap() + 2;
        let mut edited = text.to_string();
        edited.insert(at, 'x');
        let edit = Edit {
            old_text: text,
            range: TextRange::empty(at),
            inserted: "x",
        };
        let incremental = Analysis::rerun(previous, edit, &edited, &options);
        assert_eq!(
            incremental.reuse(),
            Some(Reuse {
                rechecked: 1,
                reused: 2
            })
        );
        let full = Analysis::run(ptx(), Input::Text(&edited), None, &options);
        assert_eq!(incremental.diagnostics().len(), 1);
        assert_eq!(
            format!("{:?}", incremental.diagnostics()),
            format!("{:?}", full.diagnostics())
        );
        // An edit of a function's header is analysed in full.
        let name = second + "\n.visible .entry ".len();
        let edit = Edit {
            old_text: &edited,
            range: TextRange::empty(name),
            inserted: "k",
        };
        let mut renamed = edited.clone();
        renamed.insert(name, 'k');
        assert_eq!(
            Analysis::rerun(incremental, edit, &renamed, &options).reuse(),
            None
        );
    }

    /// Below the editor features: the reused syntax tree, header, declarations and uses are
    /// those of a full analysis, field for field (inlay hints and code lenses read them too).
    #[test]
    fn reused_syntax_trees_and_symbols_equal_a_full_analysis() {
        use crate::header::Overrides;
        let overrides = Overrides::default();
        let pool = [
            "x",
            " ",
            "%r1",
            "}",
            "\n\tadd.s32 %r1, %r1, 1;",
            "\n\t.reg .b32 %q;",
        ];
        let mut reused = 0;
        for (n, module) in modules().into_iter().enumerate() {
            let mut random = XorShift((n as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
            let mut next = move |below: usize| random.below(below);
            let mut text = module.to_string();
            let mut previous = crate::analyze(&text, &overrides, true);
            for _ in 0..15 {
                let mut at = next(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                let inserted = pool[next(pool.len())];
                let mut edited = text.clone();
                edited.insert_str(at, inserted);
                let edit = Edit {
                    old_text: &text,
                    range: TextRange::empty(at),
                    inserted,
                };
                let incremental = crate::reanalyze(previous, edit, &edited, &overrides);
                let full = crate::analyze(&edited, &overrides, true);
                reused += usize::from(incremental.reuse.is_some());
                let context = format!("module {n}, {inserted:?} at {at}");
                assert_eq!(
                    format!("{:?}", incremental.module),
                    format!("{:?}", full.module),
                    "syntax tree, {context}"
                );
                assert_eq!(
                    format!("{:?}", incremental.header),
                    format!("{:?}", full.header),
                    "header, {context}"
                );
                assert_eq!(
                    format!("{:?}", incremental.symbols),
                    format!("{:?}", full.symbols),
                    "symbols, {context}"
                );
                text = edited;
                previous = incremental;
            }
        }
        assert!(reused > 40, "only {reused} of 105 edits reused anything");
    }

    #[test]
    fn random_edit_sequences_give_the_full_analysis() {
        let pool = [
            "x",
            "1",
            " ",
            "%",
            ".",
            ";",
            ",",
            "r",
            "}",
            "{",
            "(",
            ")",
            "[",
            "]",
            "/",
            "*",
            "\"",
            "\n",
            "// c",
            "$L__BB0_1:",
            "\n\tadd.s32 %r1, %r1, 1;\n",
            "\n\t.reg .b32 %q<3>;\n",
            "\tcall.uni (%r1), missing, (%r1);\n",
            "\tbra $L__nowhere;\n",
        ];
        let mut total = Reuse::default();
        for seed in 1..=4u64 {
            let seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let reuse = random_edits_match_full_analysis(ptx(), &modules(), &pool, 20, seed);
            total.rechecked += reuse.rechecked;
            total.reused += reuse.reused;
        }
        // Most random places are inside a function's body until an edit breaks the module's
        // structure (a brace left open): a good share of the edits must have reused the other
        // functions, or the comparison says little.
        eprintln!("{total:?} over 560 edits");
        assert!(total.rechecked > 150, "only {total:?}");
        assert!(total.reused > total.rechecked, "only {total:?}");
    }
}
