//! SPV007 `spirv-operand-count`: instructions with too many or too few operands. The operand
//! binder (`module.rs`) matches the grammar's operands as it reads them; this file words what it
//! finds missing or left over.

use crate::grammar_names::operand_list;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::grammar::Operand;

rules! {
    SPIRV_OPERAND_COUNT = "SPV007" "spirv-operand-count" Error fix=false {
        summary: "The instruction has too many or too few operands",
        explanation: "Each instruction's operands are fixed by the grammar (some are optional or repeated); the message names the operands the instruction expects.",
        example: "%3 = OpIAdd %uint %1   ; SPV007: expects Operand 1 and Operand 2",
    }
}

/// What the operand binder found missing or left over.
pub(crate) enum Problem<'a> {
    /// An instruction that has a result, written without one.
    ResultMissing { instruction: &'a str },
    /// A result id on an instruction that has none.
    NoResult { instruction: &'a str },
    /// An operand the grammar requires, missing; `operands` are all the instruction takes.
    Missing {
        instruction: &'a str,
        operand: &'a str,
        operands: &'a [Operand],
    },
    /// Operands beyond those the grammar has.
    TooMany {
        instruction: &'a str,
        operands: &'a [Operand],
    },
    /// An `OpExtInst` that names no instruction of its set.
    NoExtendedInstruction,
    /// A pair operand (`described`) without its second half.
    PairHalfMissing { operand: &'a str },
    /// An enumerant without the parameter operand it takes.
    ParameterMissing {
        enumerant: &'a str,
        parameter: &'a str,
    },
}

/// The finding for `problem`, at `range`.
pub(crate) fn operand_count(problem: Problem, range: TextRange) -> Diagnostic {
    let message = match problem {
        Problem::ResultMissing { instruction } => {
            format!("{instruction} has a result: write `%id = {instruction} …`")
        }
        Problem::NoResult { instruction } => format!("{instruction} has no result id"),
        Problem::Missing {
            instruction,
            operand,
            operands,
        } => format!(
            "{instruction} is missing its `{operand}` operand: it takes {}",
            operand_list(operands)
        ),
        Problem::TooMany {
            instruction,
            operands,
        } => format!(
            "too many operands: {instruction} takes {}",
            operand_list(operands)
        ),
        Problem::NoExtendedInstruction => {
            "OpExtInst is missing the extended instruction to call".to_string()
        }
        Problem::PairHalfMissing { operand } => {
            format!("{operand} is a pair: its second half is missing")
        }
        Problem::ParameterMissing {
            enumerant,
            parameter,
        } => format!("`{enumerant}` takes a `{parameter}` operand after it"),
    };
    Diagnostic::new(&SPIRV_OPERAND_COUNT, range, message)
}
