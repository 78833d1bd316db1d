//! Go-to-definition, find-references and the outline for PTX modules, read back from the
//! symbol table the check built: every declaration, and every use with the declaration it
//! resolved to (uses are kept when the analysis ran with `record_uses`, as the language
//! server's does). Scoping is therefore exactly the checker's: a use of `%r5` finds the
//! `.reg .b32 %r<8>;` of the innermost block that declares it, a label its function's label.

use super::ast::{Function, Item, VarDecl};
use super::declarations::{DeclKind, Declaration};
use super::PtxAnalysis;
use speclint_base::navigation::{DocumentSymbol, SymbolKind};
use speclint_base::text::TextRange;

/// The declaration the cursor is on, and the use it is on (None: on the declaration itself).
pub(super) struct Hit {
    pub declaration: usize,
    pub at_use: Option<TextRange>,
}

fn slice(text: &str, range: TextRange) -> &str {
    text.get(range.start..range.end).unwrap_or("")
}

pub(super) fn hit(analysis: &PtxAnalysis, text: &str, offset: usize) -> Option<Hit> {
    let symbols = &analysis.symbols;
    if let Some(&(at, declaration)) = symbols.uses.iter().find(|(r, _)| r.contains_offset(offset)) {
        return Some(Hit {
            declaration,
            at_use: Some(at),
        });
    }
    symbols
        .declarations
        .iter()
        .position(|d| declared_range(text, d).contains_offset(offset))
        .map(|declaration| Hit {
            declaration,
            at_use: None,
        })
}

/// The declared name, with its count for a register range (`%r<8>`).
pub(super) fn declared_range(text: &str, decl: &Declaration) -> TextRange {
    let name = decl.name_range;
    if decl.range_count.is_none() {
        return name;
    }
    let rest = text.get(name.end..).unwrap_or("");
    let after_spaces = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let count = &rest[after_spaces..];
    if !count.starts_with('<') {
        return name;
    }
    match count.bytes().take(32).position(|b| b == b'>' || b == b'\n') {
        Some(close) if count.as_bytes()[close] == b'>' => {
            TextRange::new(name.start, name.end + after_spaces + close + 1)
        }
        _ => name,
    }
}

/// The declarations naming the same symbol as `index`: at module scope, a function prototype
/// or `.extern` declaration and the definition that completes it. Just `index` otherwise.
pub(super) fn same_symbol(analysis: &PtxAnalysis, index: usize) -> Vec<usize> {
    let declarations = &analysis.symbols.declarations;
    let decl = &declarations[index];
    let at_module_scope = |d: &Declaration| {
        analysis.module.items.iter().any(|item| {
            matches!(item, Item::Function(_) | Item::Variable(_))
                && item.range() == d.statement_range
        })
    };
    if !matches!(decl.kind, DeclKind::Function | DeclKind::Variable) || !at_module_scope(decl) {
        return vec![index];
    }
    declarations
        .iter()
        .enumerate()
        .filter(|(_, d)| d.name == decl.name && d.kind == decl.kind && at_module_scope(d))
        .map(|(i, _)| i)
        .collect()
}

/// Where the name at `offset` is defined: its declaration (for a function or `.extern`
/// variable, the definition rather than a prototype, when the module has one).
pub fn definition(analysis: &PtxAnalysis, text: &str, offset: usize) -> Option<TextRange> {
    let hit = hit(analysis, text, offset)?;
    let declarations = &analysis.symbols.declarations;
    let target = same_symbol(analysis, hit.declaration)
        .into_iter()
        .find(|&i| !declarations[i].is_declaration_only)
        .unwrap_or(hit.declaration);
    Some(declared_range(text, &declarations[target]))
}

/// Every use of the name at `offset`, and its declarations when `include_definition`. On a use
/// of a register from a range (`%r5` of `%r<8>`), the uses of that register; on the range's
/// declaration, the uses of all its registers.
pub fn references(
    analysis: &PtxAnalysis,
    text: &str,
    offset: usize,
    include_definition: bool,
) -> Vec<TextRange> {
    let Some(hit) = hit(analysis, text, offset) else {
        return Vec::new();
    };
    let declarations = &analysis.symbols.declarations;
    let group = same_symbol(analysis, hit.declaration);
    let register = hit
        .at_use
        .filter(|_| declarations[hit.declaration].range_count.is_some())
        .map(|at| slice(text, at));
    let mut found: Vec<TextRange> = analysis
        .symbols
        .uses
        .iter()
        .filter(|(at, d)| group.contains(d) && register.is_none_or(|name| slice(text, *at) == name))
        .map(|&(at, _)| at)
        .collect();
    if include_definition {
        found.extend(
            group
                .iter()
                .map(|&i| declared_range(text, &declarations[i])),
        );
    }
    found.sort_by_key(|r| (r.start, r.end));
    found.dedup();
    found
}

/// The outline: kernels (`.entry`) and functions (`.func`, prototypes included) with their
/// parameters, and module-scope variables.
pub fn document_symbols(analysis: &PtxAnalysis, text: &str) -> Vec<DocumentSymbol> {
    let mut symbols = Vec::new();
    for item in &analysis.module.items {
        match item {
            Item::Function(function) => symbols.extend(function_symbol(function, text)),
            Item::Variable(decl) => symbols.extend(variable_symbols(decl, text)),
            _ => {}
        }
    }
    symbols
}

/// `range` widened to contain `inner` (the editor requires it of an outline entry).
fn enclosing(range: TextRange, inner: TextRange) -> TextRange {
    TextRange::new(range.start.min(inner.start), range.end.max(inner.end))
}

fn function_symbol(function: &Function, text: &str) -> Option<DocumentSymbol> {
    let name = function.name?;
    let mut detail: Vec<&str> = function
        .linkage
        .iter()
        .chain([&function.kind])
        .map(|&r| slice(text, r))
        .collect();
    if function.body.is_none() {
        detail.push("(declaration)");
    }
    let children = function
        .return_params
        .iter()
        .chain(&function.params)
        .flat_map(|param| variable_symbols(param, text))
        .collect();
    Some(DocumentSymbol {
        name: slice(text, name).to_string(),
        detail: detail.join(" "),
        kind: SymbolKind::Function,
        range: enclosing(function.range, name),
        selection_range: name,
        children,
    })
}

fn variable_symbols<'d>(
    decl: &'d VarDecl,
    text: &'d str,
) -> impl Iterator<Item = DocumentSymbol> + 'd {
    let space = decl.state_space.map(|r| slice(text, r));
    let detail: Vec<&str> = decl
        .linkage
        .iter()
        .chain(&decl.state_space)
        .chain(&decl.vector)
        .chain(&decl.ty)
        .map(|&r| slice(text, r))
        .collect();
    let detail = detail.join(" ");
    let kind = if space == Some(".const") {
        SymbolKind::Constant
    } else {
        SymbolKind::Variable
    };
    decl.declarators
        .iter()
        .filter(move |d| slice(text, d.name) != "_")
        .map(move |d| {
            let name = slice(text, d.name);
            DocumentSymbol {
                name: match d.range_count {
                    Some(count) => format!("{name}<{count}>"),
                    None => name.to_string(),
                },
                detail: detail.clone(),
                kind,
                range: enclosing(decl.range, d.name),
                selection_range: d.name,
                children: Vec::new(),
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, header::Overrides};
    use std::path::PathBuf;

    const MODULE: &str = "\
.version 8.0
.target sm_90
.address_size 64

.global .align 4 .u32 counter;
.const .f32 scale = 0f3F800000;
.extern .func (.param .b32 ret) helper (.param .b32 x);

.visible .entry kernel(.param .u64 out, .param .u32 n)
{
    .reg .b32 %r<8>;
    .reg .b64 %rd<2>;
    .reg .pred %p1;
    ld.param.u64 %rd1, [out];
    ld.param.u32 %r5, [n];
    ld.global.u32 %r1, [counter];
    add.s32 %r5, %r5, %r1;
    setp.lt.s32 %p1, %r5, 10;
    @%p1 bra $L_end;
    {
        .reg .b32 %r<2>;
        mov.b32 %r1, 0;
    }
    {
        .param .b32 a;
        .param .b32 b;
        st.param.b32 [a], %r5;
        call (b), helper, (a);
    }
$L_end:
    st.global.u32 [counter], %r5;
    ret;
}

.func (.param .b32 ret) helper (.param .b32 x)
{
    ret;
}
";

    fn analysis() -> PtxAnalysis {
        analyze(MODULE, &Overrides::default(), true)
    }

    /// The byte range of the `nth` (0-based) occurrence of `needle`.
    fn find(needle: &str, nth: usize) -> TextRange {
        let start = MODULE
            .match_indices(needle)
            .nth(nth)
            .unwrap_or_else(|| panic!("no occurrence {nth} of {needle:?}"))
            .0;
        TextRange::new(start, start + needle.len())
    }

    /// Each range as (text, line), for readable assertions.
    fn shown(ranges: &[TextRange]) -> Vec<(&'static str, usize)> {
        ranges
            .iter()
            .map(|r| {
                (
                    &MODULE[r.start..r.end],
                    MODULE[..r.start].matches('\n').count() + 1,
                )
            })
            .collect()
    }

    fn definition_of(needle: &str, nth: usize) -> Option<(&'static str, usize)> {
        let a = analysis();
        let at = find(needle, nth);
        super::definition(&a, MODULE, at.start + 1).map(|r| shown(&[r])[0])
    }

    fn references_of(
        needle: &str,
        nth: usize,
        with_definition: bool,
    ) -> Vec<(&'static str, usize)> {
        let a = analysis();
        let at = find(needle, nth);
        shown(&super::references(
            &a,
            MODULE,
            at.start + 1,
            with_definition,
        ))
    }

    #[test]
    fn analysis_is_clean() {
        let a = analysis();
        assert!(a.diagnostics.is_empty(), "{:#?}", a.diagnostics);
    }

    #[test]
    fn registers_go_to_their_range_declaration() {
        // `ld.param.u32 %r5, [n];` on line 15.
        assert_eq!(definition_of("%r5", 0), Some(("%r<8>", 11)));
        assert_eq!(definition_of("%rd1", 0), Some(("%rd<2>", 12)));
        assert_eq!(definition_of("%p1", 1), Some(("%p1", 13)));
        // The inner block's `%r1` is its own `%r<2>`.
        assert_eq!(definition_of("%r1, 0", 0), Some(("%r<2>", 21)));
        // On the declaration itself: the declaration.
        assert_eq!(definition_of("%r<8>", 0), Some(("%r<8>", 11)));
    }

    #[test]
    fn references_of_a_register_are_its_uses_not_the_ranges_others() {
        assert_eq!(
            references_of("%r5", 0, false),
            [
                ("%r5", 15),
                ("%r5", 17),
                ("%r5", 17),
                ("%r5", 18),
                ("%r5", 27),
                ("%r5", 31)
            ]
        );
        let with = references_of("%r5", 2, true);
        assert_eq!(with[0], ("%r<8>", 11));
        assert_eq!(with.len(), 7);
        // From the declaration: every register of the outer range (not the inner block's).
        let all = references_of("%r<8>", 0, false);
        assert!(
            all.contains(&("%r1", 16)) && all.contains(&("%r5", 31)),
            "{all:?}"
        );
        assert!(!all.contains(&("%r1", 22)), "{all:?}");
    }

    #[test]
    fn labels_variables_and_parameters() {
        assert_eq!(definition_of("$L_end", 0), Some(("$L_end", 30)));
        assert_eq!(
            references_of("$L_end", 1, true),
            [("$L_end", 19), ("$L_end", 30)]
        );
        assert_eq!(definition_of("counter", 1), Some(("counter", 5)));
        assert_eq!(
            references_of("counter", 0, true),
            [("counter", 5), ("counter", 16), ("counter", 31)]
        );
        assert_eq!(definition_of("out", 1), Some(("out", 9)));
        assert_eq!(definition_of("[a]", 0).map(|d| d.1), Some(25));
    }

    #[test]
    fn calls_go_to_the_definition_and_references_include_the_prototype() {
        // `call (b), helper, (a);` on line 28.
        assert_eq!(definition_of("helper", 1), Some(("helper", 35)));
        // From the prototype too.
        assert_eq!(definition_of("helper", 0), Some(("helper", 35)));
        assert_eq!(
            references_of("helper", 1, true),
            [("helper", 7), ("helper", 28), ("helper", 35)]
        );
        assert_eq!(references_of("helper", 2, false), [("helper", 28)]);
    }

    #[test]
    fn nothing_on_instructions_and_keywords() {
        let a = analysis();
        for needle in ["ld.param", ".reg", ".global", "0f3F800000"] {
            let at = find(needle, 0).start + 1;
            assert_eq!(super::definition(&a, MODULE, at), None, "{needle}");
            assert!(
                super::references(&a, MODULE, at, true).is_empty(),
                "{needle}"
            );
        }
    }

    #[test]
    fn outline_lists_functions_with_parameters_and_globals() {
        let a = analysis();
        let outline = super::document_symbols(&a, MODULE);
        let top: Vec<(&str, &str, SymbolKind)> = outline
            .iter()
            .map(|s| (s.name.as_str(), s.detail.as_str(), s.kind))
            .collect();
        assert_eq!(
            top,
            [
                ("counter", ".global .u32", SymbolKind::Variable),
                ("scale", ".const .f32", SymbolKind::Constant),
                (
                    "helper",
                    ".extern .func (declaration)",
                    SymbolKind::Function
                ),
                ("kernel", ".visible .entry", SymbolKind::Function),
                ("helper", ".func", SymbolKind::Function),
            ]
        );
        let kernel = &outline[3];
        let params: Vec<(&str, &str)> = kernel
            .children
            .iter()
            .map(|s| (s.name.as_str(), s.detail.as_str()))
            .collect();
        assert_eq!(params, [("out", ".param .u64"), ("n", ".param .u32")]);
        assert!(MODULE[kernel.range.start..kernel.range.end].starts_with(".visible .entry kernel("));
        assert!(MODULE[kernel.range.start..kernel.range.end].ends_with("ret;\n}"));
        assert_eq!(kernel.selection_range, find("kernel", 0));
        let helper = &outline[4];
        assert_eq!(
            helper
                .children
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>(),
            ["ret", "x"]
        );
        for symbol in outline
            .iter()
            .chain(outline.iter().flat_map(|s| &s.children))
        {
            assert!(symbol.range.start <= symbol.selection_range.start);
            assert!(symbol.selection_range.end <= symbol.range.end);
        }
    }

    /// On every oracle fixture (valid and broken): nothing panics, every use goes to a
    /// definition, and its references contain the use and that definition.
    #[test]
    fn every_use_in_real_modules_navigates() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/oracle/ptx");
        let mut uses = 0;
        for sub in ["valid", "invalid"] {
            for entry in std::fs::read_dir(dir.join(sub)).expect("oracle fixtures exist") {
                let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
                let a = analyze(&text, &Overrides::default(), true);
                for &(at, _) in &a.symbols.uses {
                    uses += 1;
                    let definition = super::definition(&a, &text, at.start)
                        .expect("a recorded use has a definition");
                    let references = super::references(&a, &text, at.start, true);
                    assert!(references.contains(&at), "{at:?} in {references:?}");
                    assert!(references.contains(&definition));
                }
                for symbol in super::document_symbols(&a, &text) {
                    assert!(symbol.range.end <= text.len());
                }
                for (offset, _) in text.char_indices().step_by(7) {
                    let _ = super::definition(&a, &text, offset);
                }
            }
        }
        assert!(uses > 500, "{uses} uses");
    }
}
