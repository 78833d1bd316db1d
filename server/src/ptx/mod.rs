//! PTX: text -> syntax model (`parse`) -> module facts (header, symbols) -> diagnostics;
//! hovers read the result back.

pub mod ast;
pub mod header;
pub mod hover;
pub mod instructions;
pub mod opcode;
pub mod operand_types;
pub mod parse;
pub mod symbols;

use crate::core::diagnostic::Diagnostic;
use crate::core::rules;
use ast::{Block, Function, Item, Module, Statement};
use header::{Header, Overrides};
use instructions::InstructionContext;
use symbols::{DeclKind, SymbolWalker, Symbols};

/// Everything one check of a PTX module produced; hovers read it back.
pub struct PtxAnalysis {
    pub module: Module,
    pub header: Header,
    pub symbols: Symbols,
    pub diagnostics: Vec<Diagnostic>,
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

pub fn analyze(text: &str, overrides: &Overrides) -> PtxAnalysis {
    let module = parse::parse(text);
    let mut diagnostics: Vec<Diagnostic> = module
        .errors
        .iter()
        .map(|e| {
            Diagnostic::new(
                &rules::SYNTAX_ERROR,
                e.range,
                format!("syntax error: {}", e.message),
            )
        })
        .collect();
    let header = header::read(&module, text, overrides, &mut diagnostics);
    let mut walker = SymbolWalker::new(text);

    // Module scope first, so functions and variables may be used before their declaration.
    for item in &module.items {
        match item {
            Item::Variable(decl) => walker.declare_variables(decl, DeclKind::Variable),
            Item::Function(function) => walker.declare_function(function),
            _ => {}
        }
    }
    for item in &module.items {
        if let Item::Function(function) = item {
            check_function(function, &header, &mut walker, &mut diagnostics);
        }
    }

    diagnostics.append(&mut walker.diagnostics);
    diagnostics.sort_by_key(|d| (d.range.start, d.rule.code));
    PtxAnalysis {
        header,
        symbols: walker.symbols,
        diagnostics,
        module,
    }
}

fn check_function(
    function: &Function,
    header: &Header,
    walker: &mut SymbolWalker,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for &keyword in &function.directives {
        let name = walker.source.get(keyword.start..keyword.end).unwrap_or("");
        if let Some(fact) =
            speclint_spec_db::ptx::directive(name).filter(|f| !f.deprecated.is_empty())
        {
            diagnostics.push(Diagnostic::new(
                &rules::DEPRECATED,
                keyword,
                format!(
                    "`{name}` is deprecated: {} (PTX ISA §{})",
                    fact.deprecated, fact.citation.section
                ),
            ));
        }
    }
    walker.push_scope();
    for param in function.return_params.iter().chain(&function.params) {
        walker.declare_variables(param, DeclKind::Parameter);
    }
    walker.begin_function(function.body.as_ref());
    if let Some(body) = &function.body {
        check_block(body, body, header, walker, diagnostics);
    }
    walker.end_function();
    walker.pop_scope();
}

fn check_block(
    block: &Block,
    body: &Block,
    header: &Header,
    walker: &mut SymbolWalker,
    diagnostics: &mut Vec<Diagnostic>,
) {
    walker.push_scope();
    // Declarations anywhere in a block are visible throughout it.
    for statement in &block.statements {
        if let Statement::Variable(decl) = statement {
            walker.declare_variables(decl, DeclKind::Variable);
        }
    }
    for statement in &block.statements {
        match statement {
            Statement::Instruction(instruction) => {
                let mut ctx = InstructionContext {
                    header,
                    symbols: walker,
                    function_body: Some(body),
                    diagnostics,
                };
                instructions::check(instruction, &mut ctx);
            }
            Statement::Block(inner) => check_block(inner, body, header, walker, diagnostics),
            _ => {}
        }
    }
    walker.pop_scope();
}
