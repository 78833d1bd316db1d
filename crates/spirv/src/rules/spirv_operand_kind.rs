//! SPV008 `spirv-operand-kind`: an operand that is not of the kind the grammar expects. The
//! operand binder (`module.rs`) reads each operand as its grammar kind; this file words what does
//! not fit, and offers the closest enumerants.

use crate::grammar_names::suggestion_distance;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::{closest, did_you_mean, TextRange};
use speclint_spec_db::spirv::grammar::{Category, OperandKind};

rules! {
    SPIRV_OPERAND_KIND = "SPV008" "spirv-operand-kind" Error fix=true {
        summary: "An operand is not of the kind the grammar expects",
        explanation: "An id was written where a literal is expected or the reverse, an enumerant is not one of its operand kind's (a misspelt `StorageClass`, a mask bit of another kind), or a literal does not fit its width. The fix offers the closest enumerant names.",
        example: "%p = OpTypePointer CrossWorkgrup %uint   ; SPV008: not a StorageClass",
    }
}

/// What the operand binder found of the wrong kind; `operand` names the operand and its kind,
/// `found` is the text written.
pub(crate) enum Problem<'a> {
    /// The result type of `instruction`, not written as an id.
    ResultTypeNotAnId {
        instruction: &'a str,
        found: &'a str,
    },
    NotAnId {
        operand: &'a str,
        found: &'a str,
    },
    NotAString {
        operand: &'a str,
        found: &'a str,
    },
    /// A float where an integer literal goes.
    NotAnInteger {
        operand: &'a str,
        found: &'a str,
    },
    NotANumber {
        operand: &'a str,
        found: &'a str,
    },
    /// An id or a string where a literal number goes.
    NotALiteral {
        operand: &'a str,
        found: &'a str,
    },
    NotAnEnumerant {
        operand: &'a str,
        kind: &'a OperandKind,
        found: &'a str,
    },
    /// A number (`part` of a mask) with `unknown`, the value or bits no enumerant of `kind` has.
    UnknownValue {
        part: &'a str,
        unknown: u32,
        kind: &'a OperandKind,
    },
    /// A name (`part` of a mask) no enumerant of `kind` has; the fixes offer the closest.
    UnknownEnumerant {
        part: &'a str,
        kind: &'a OperandKind,
    },
    /// `|` in an operand of a value (not a mask) kind.
    MaskOfAValue {
        kind: &'a OperandKind,
    },
}

/// The finding for `problem`, at `range`.
pub(crate) fn operand_kind(problem: Problem, range: TextRange) -> Diagnostic {
    let message = match problem {
        Problem::ResultTypeNotAnId { instruction, found } => {
            format!("{instruction}'s first operand is its result type, an id; found `{found}`")
        }
        Problem::NotAnId { operand, found } => {
            format!("{operand} expects an id (`%name`), found `{found}`")
        }
        Problem::NotAString { operand, found } => {
            format!("{operand} expects a string in quotes, found `{found}`")
        }
        Problem::NotAnInteger { operand, found } => {
            format!("{operand} expects an integer, found `{found}`")
        }
        Problem::NotANumber { operand, found } => {
            format!("{operand} expects a number, found `{found}`")
        }
        Problem::NotALiteral { operand, found } => {
            format!("{operand} expects a literal number, found `{found}`")
        }
        Problem::NotAnEnumerant {
            operand,
            kind,
            found,
        } => format!(
            "{operand} expects a {} enumerant, found `{found}`",
            kind.name
        ),
        Problem::UnknownValue {
            part,
            unknown,
            kind,
        } => format!(
            "`{part}`: {unknown:#x} is not a {} value{}",
            kind.name,
            if kind.category == Category::BitEnum {
                " (bits no enumerant has)"
            } else {
                ""
            }
        ),
        Problem::UnknownEnumerant { part, kind } => {
            let suggestions = closest(
                part,
                kind.enumerants.iter().map(|e| e.name),
                suggestion_distance,
            );
            let mut diagnostic = Diagnostic::new(
                &SPIRV_OPERAND_KIND,
                range,
                format!(
                    "`{part}` is not a {} enumerant{}",
                    kind.name,
                    did_you_mean(&suggestions)
                ),
            );
            // Unsafe: a suggestion is a guess at the enumerant meant.
            for s in suggestions {
                diagnostic =
                    diagnostic.with_fix(Fix::replace(format!("Replace with `{s}`"), range, s));
            }
            return diagnostic;
        }
        Problem::MaskOfAValue { kind } => format!(
            "{} is a single value: `|` combines only mask operands",
            kind.name
        ),
    };
    Diagnostic::new(&SPIRV_OPERAND_KIND, range, message)
}

/// An `OpConstant`'s literal, as far as [`check_constant_literal`] reads it.
pub(crate) enum ConstantLiteral {
    /// Two's complement in 64 bits.
    Int(u64),
    Float,
}

/// The literal of an `OpConstant` of an integer type `width` bits wide (`described` names the
/// type): as wide as its result type, and an integer (SPIR-V 1.6, 3.3.7 Constant-Creation
/// Instructions).
pub(crate) fn check_constant_literal(
    width: u32,
    literal: ConstantLiteral,
    range: TextRange,
    described: impl Fn() -> String,
) -> Option<Diagnostic> {
    let message = match literal {
        ConstantLiteral::Int(v) if width < 64 => {
            let negative = (v as i64) < 0;
            let fits = if negative {
                (v as i64) >= -(1i64 << (width - 1))
            } else {
                v < (1u64 << width)
            };
            if fits {
                return None;
            }
            format!(
                "{} does not fit in {} ({}, 3.3.7 Constant-Creation Instructions)",
                if negative {
                    (v as i64).to_string()
                } else {
                    v.to_string()
                },
                described(),
                "a literal is as wide as its result type"
            )
        }
        ConstantLiteral::Int(_) => return None,
        ConstantLiteral::Float => format!(
            "{} is an integer type: its constant takes an integer literal (3.3.7 Constant-Creation Instructions)",
            described()
        ),
    };
    Some(Diagnostic::new(&SPIRV_OPERAND_KIND, range, message))
}
