//! The rule registry: every diagnostic speclint emits belongs to one rule with a stable code,
//! a default severity and an explanation (`speclint explain CODE`).

use super::diagnostic::Severity;

#[derive(Debug)]
pub struct Rule {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub summary: &'static str,
    pub explanation: &'static str,
    /// A short invalid example and its corrected form.
    pub example: &'static str,
    pub fixable: bool,
}

macro_rules! rules {
    ($($id:ident = $code:literal $name:literal $sev:ident fix=$fix:literal {
        summary: $summary:literal,
        explanation: $expl:literal,
        example: $ex:literal $(,)?
    })*) => {
        $(pub static $id: Rule = Rule {
            code: $code,
            name: $name,
            severity: Severity::$sev,
            summary: $summary,
            explanation: $expl,
            example: $ex,
            fixable: $fix,
        };)*
        /// Every rule, in code order.
        pub static ALL: &[&Rule] = &[$(&$id),*];
    };
}

rules! {
    UNREADABLE_INPUT = "IO001" "unreadable-input" Error fix=false {
        summary: "The input could not be read as text",
        explanation: "The file could not be opened, is binary (it contains NUL bytes or is a compiled object such as a cubin or a SPIR-V module without its text form), or is not valid UTF-8. speclint reports it and carries on with the other inputs.",
        example: "speclint check kernel.cubin   # IO001: binary input",
    }
    SYNTAX_ERROR = "PTX001" "syntax-error" Error fix=false {
        summary: "The text does not follow the PTX grammar",
        explanation: "The parser could not read this part of the module. speclint recovers after each error and reports every one, so fix them from the top: a later error may be a consequence of an earlier one. Common causes are a missing `;`, an unbalanced brace, a misspelt directive or an operand that is not a register, immediate, address or vector.",
        example: "add.s32 %r1, %r2, %r3     // missing ';'\nadd.s32 %r1, %r2, %r3;    // fixed",
    }
    UNKNOWN_INSTRUCTION = "PTX002" "unknown-instruction" Error fix=true {
        summary: "No PTX instruction has this name",
        explanation: "The first segment of the opcode is not the name of any instruction in the PTX ISA. The fix offers the closest instruction names.",
        example: "ad.s32 %r1, %r2, %r3;   // PTX002\nadd.s32 %r1, %r2, %r3;  // fixed",
    }
    INVALID_MODIFIERS = "PTX003" "invalid-modifier-combination" Error fix=true {
        summary: "No form of the instruction allows these modifiers and types together",
        explanation: "Every PTX instruction has a fixed set of syntax forms. This one uses a modifier the instruction does not have, or a combination of modifiers and types that none of its forms allows (for example `.sat` is only defined for `add.s32`, `.ftz` only for `.f32`). The message lists the forms that exist; hover the opcode for the full table.",
        example: "add.sat.u32 %r1, %r2, %r3;   // PTX003: .sat applies only to .s32\nadd.sat.s32 %r1, %r2, %r3;   // fixed",
    }
    MISSING_MODIFIER = "PTX004" "missing-required-modifier" Error fix=true {
        summary: "The instruction needs a modifier that is missing",
        explanation: "Some instructions have no default for a modifier: since PTX ISA 1.4 `rcp.f32`, `sqrt.f32` and `div.f32` need `.approx`, `.full` or a rounding mode; integer `mul` needs `.lo`, `.hi` or `.wide`; `ex2.approx.bf16` needs `.ftz`. The fix inserts one of the allowed modifiers; choose the one with the semantics you want (hover shows the accuracy of each).",
        example: "rcp.f32 %f1, %f2;          // PTX004\nrcp.rn.f32 %f1, %f2;       // fixed (IEEE round-to-nearest)",
    }
    TARGET_TOO_LOW = "PTX005" "target-too-low" Error fix=true {
        summary: "The instruction form needs a newer `.target`",
        explanation: "The form, type or modifier used here is only available on newer GPU architectures than the module's `.target` (or the `--target` override). The message names the target that is needed and the spec section that says so; the fix raises `.target`. Architecture-specific targets such as `sm_90a` are required exactly; family targets such as `sm_100f` accept later members of the family.",
        example: ".target sm_80\nex2.approx.ftz.bf16 %h1, %h2;   // PTX005: needs sm_90",
    }
    VERSION_TOO_LOW = "PTX006" "version-too-low" Error fix=true {
        summary: "The instruction form needs a newer `.version`",
        explanation: "The form, type or modifier used here was introduced in a later PTX ISA version than the module's `.version` (or the `--ptx-version` override). The message names the version needed and the section; the fix raises `.version`.",
        example: ".version 7.0\nex2.approx.ftz.bf16 %h1, %h2;   // PTX006: needs PTX ISA 7.8",
    }
    TARGET_UNSUPPORTED_BY_VERSION = "PTX007" "target-unsupported-by-version" Error fix=true {
        summary: "The `.target` is not supported by the module's `.version`",
        explanation: "Each target architecture was introduced by a PTX ISA version (chapter 13 of the ISA). A module may only name targets its `.version` knows; the fix raises `.version` to the one that introduced the target.",
        example: ".version 7.0\n.target sm_90    // PTX007: sm_90 needs PTX ISA 7.8",
    }
    UNDECLARED = "PTX008" "undeclared-identifier" Error fix=true {
        summary: "A register, label, variable or function is used but never declared",
        explanation: "Every register must be declared with `.reg` (a range `%r<N>` declares `%r0` … `%r(N-1)`), every label defined in the same function, every variable and function declared in the module before use. The fix declares a missing register with the type the instruction expects.",
        example: ".reg .b32 %r<3>;\nadd.s32 %r1, %r2, %r3;   // PTX008: %r3 is outside %r<3>",
    }
    DUPLICATE = "PTX009" "duplicate-declaration" Error fix=false {
        summary: "A name is declared twice in the same scope",
        explanation: "Registers and variables must be unique within their scope (a nested `{ }` block may shadow outer names), labels within their function, and functions and module-scope variables within the module (a declaration followed by one definition is allowed).",
        example: ".reg .b32 %r1;\n.reg .b32 %r1;   // PTX009",
    }
    OPERAND_COUNT = "PTX010" "operand-count" Error fix=false {
        summary: "The instruction has the wrong number of operands",
        explanation: "The form of the instruction determines how many operands it takes; the message lists them by the names the spec uses.",
        example: "add.s32 %r1, %r2;        // PTX010: expects d, a, b",
    }
    OPERAND_TYPE = "PTX011" "operand-type-mismatch" Error fix=false {
        summary: "An operand's type or register class does not fit the instruction",
        explanation: "PTX checks operand types against the instruction type (section 9.4): bit-size types agree with any type of the same size, signed and unsigned integers agree with each other at the same size, floating-point types only with themselves or a bit-size type of the same size, and predicates only with predicates. A destination must be a register. The message names the operand, the declared type and the type the instruction expects.",
        example: ".reg .u32 %r1;\nadd.f32 %f1, %f2, %r1;   // PTX011: b is .u32, add.f32 needs .f32 (or .b32)",
    }
    DEPRECATED = "PTX012" "deprecated" Warning fix=false {
        summary: "The form is deprecated by the PTX ISA",
        explanation: "The spec marks this instruction form, modifier or directive as deprecated; it still assembles for now but may be removed. The message says what to use instead.",
        example: ".maxnctapersm 4   // PTX012: use .minnctapersm",
    }
    MODULE_HEADER = "PTX013" "module-header" Error fix=true {
        summary: "`.version`, `.target` or `.address_size` is missing, repeated or misplaced",
        explanation: "A PTX module starts with `.version`, followed by `.target` (and optionally `.address_size`), before any other statement. speclint checks the module against the `.version` and `.target` it declares, so without them it can only assume the newest ones.",
        example: ".target sm_90\n.version 8.0     // PTX013: .version must come first",
    }
}

pub fn by_code(code: &str) -> Option<&'static Rule> {
    ALL.iter()
        .copied()
        .find(|rule| rule.code.eq_ignore_ascii_case(code) || rule.name == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_documented() {
        let mut codes: Vec<_> = ALL.iter().map(|r| r.code).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), ALL.len());
        for rule in ALL {
            assert!(
                rule.explanation.len() > 60,
                "{} needs an explanation",
                rule.code
            );
        }
        assert_eq!(by_code("ptx004").unwrap().name, "missing-required-modifier");
    }
}
