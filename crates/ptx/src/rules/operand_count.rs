//! PTX010 `operand-count`: an instruction, or a call, with the wrong number of operands.

use crate::ast::{Operand as OperandNode, OperandKind};
use crate::declarations::DeclKind;
use crate::opcode::{operand_count_range, FormMatch};
use crate::operand_types::{Expectation, OperandValue};
use crate::symbols::SymbolWalker;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    OPERAND_COUNT = "PTX010" "operand-count" Error fix=false {
        summary: "The instruction has the wrong number of operands",
        explanation: "The form of the instruction determines how many operands it takes; the message lists them by the names the spec uses.",
        example: "add.s32 %r1, %r2;        // PTX010: expects d, a, b",
    }
}

/// PTX010 when the instruction has fewer or more operands than the matched form takes.
pub(crate) fn check(
    found: &FormMatch,
    opcode: TextRange,
    opcode_text: &str,
    operands: &[OperandNode],
    expectations: &[Expectation],
) -> Option<Diagnostic> {
    let no_expectation = Expectation::default();
    let expectation = |i: usize| expectations.get(i).unwrap_or(&no_expectation);
    let spec = found.form.operands;
    let (required, allowed) = operand_count_range(found);
    if (required..=allowed).contains(&operands.len()) {
        return None;
    }
    let names: Vec<&str> = spec.iter().map(|o| o.name).collect();
    let count = if required == allowed {
        format!("{required}")
    } else {
        format!("{required} to {allowed}")
    };
    let at = match (operands.first(), operands.last()) {
        (Some(first), Some(last)) => TextRange::new(first.range.start, last.range.end),
        _ => opcode,
    };
    let why = spec
        .iter()
        .enumerate()
        .find_map(|(i, o)| {
            let (present, slot) = expectation(i).present?;
            let written = i < operands.len();
            match (present, written) {
                (true, false) => Some(format!("; `{slot}` needs the `{}` operand", o.name)),
                (false, true) => Some(format!(
                    "; the `{}` operand is written only with `{slot}`",
                    o.name
                )),
                _ => None,
            }
        })
        .unwrap_or_default();
    Some(Diagnostic::new(
        &OPERAND_COUNT,
        at,
        format!(
            "`{opcode_text}` takes {count} operands ({}), found {}{why} (form `{}`)",
            names.join(", "),
            operands.len(),
            found.form.syntax
        ),
    ))
}

/// A direct call passes as many return and ordinary parameters as the function declares
/// (ptxas: "Call has wrong number of parameters"). The finding marks the callee; in a call
/// written over several lines it starts at `call`, on the line ptxas reports.
pub(crate) fn call_arity(
    opcode: TextRange,
    operands: &[OperandNode],
    values: &[OperandValue],
    symbols: &SymbolWalker,
) -> Option<Diagnostic> {
    let (at, (returns, params), name) = values.iter().enumerate().find_map(|(i, v)| {
        let OperandValue::Name {
            at,
            declaration: Some(d),
        } = v
        else {
            return None;
        };
        let decl = symbols.declaration(*d);
        (decl.kind == DeclKind::Function)
            .then_some(())
            .and(decl.signature)
            .map(|signature| (i, signature, (*at, decl.name.clone())))
    })?;
    let (function_at, name) = name;
    let list_len = |i: Option<usize>| match i.and_then(|i| operands.get(i)).map(|o| &o.kind) {
        Some(OperandKind::List(items)) => Some(items.len()),
        _ => None,
    };
    let passed_returns = if at == 0 {
        Some(0)
    } else {
        list_len(Some(at - 1))
    }?;
    let passed_params = list_len(Some(at + 1)).unwrap_or(0);
    if passed_returns == returns && passed_params == params {
        return None;
    }
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let between = symbols.source.get(opcode.end..function_at.start);
    let at = if between.is_some_and(|text| text.contains('\n')) {
        TextRange::new(opcode.start, function_at.end)
    } else {
        function_at
    };
    Some(Diagnostic::new(
        &OPERAND_COUNT,
        at,
        format!(
            "`{name}` declares {} and {}, but the call passes {} and {} (PTX ISA §9.7.12.4)",
            plural(returns, "return parameter"),
            plural(params, "parameter"),
            plural(passed_returns, "return value"),
            plural(passed_params, "argument"),
        ),
    ))
}
