//! The PTX rules: codes, severities and explanations (`speclint explain PTX004`).

use speclint_base::rules::rules;

rules! {
    PTX_RULES;
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
    INVALID_MODIFIER_COMBINATION = "PTX003" "invalid-modifier-combination" Error fix=true {
        summary: "No form of the instruction allows these modifiers and types together",
        explanation: "Every PTX instruction has a fixed set of syntax forms. This one uses a modifier the instruction does not have, or a combination of modifiers and types that none of its forms allows (for example `.sat` is only defined for `add.s32`, `.ftz` only for `.f32`). The message lists the forms that exist; hover the opcode for the full table.",
        example: "add.sat.u32 %r1, %r2, %r3;   // PTX003: .sat applies only to .s32\nadd.sat.s32 %r1, %r2, %r3;   // fixed",
    }
    MISSING_REQUIRED_MODIFIER = "PTX004" "missing-required-modifier" Error fix=true {
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
    UNDECLARED_IDENTIFIER = "PTX008" "undeclared-identifier" Error fix=true {
        summary: "A register, label, variable or function is used but never declared",
        explanation: "Every register must be declared with `.reg` (a range `%r<N>` declares `%r0` … `%r(N-1)`), every label defined in the same function, every variable and function declared in the module before use. The fix declares a missing register with the type the instruction expects.",
        example: ".reg .b32 %r<3>;\nadd.s32 %r1, %r2, %r3;   // PTX008: %r3 is outside %r<3>",
    }
    DUPLICATE_DECLARATION = "PTX009" "duplicate-declaration" Error fix=false {
        summary: "A name is declared twice in the same scope",
        explanation: "Registers and variables must be unique within their scope (a nested `{ }` block may shadow outer names), labels within their function, and functions and module-scope variables within the module (a declaration followed by one definition is allowed).",
        example: ".reg .b32 %r1;\n.reg .b32 %r1;   // PTX009",
    }
    OPERAND_COUNT = "PTX010" "operand-count" Error fix=false {
        summary: "The instruction has the wrong number of operands",
        explanation: "The form of the instruction determines how many operands it takes; the message lists them by the names the spec uses.",
        example: "add.s32 %r1, %r2;        // PTX010: expects d, a, b",
    }
    OPERAND_TYPE_MISMATCH = "PTX011" "operand-type-mismatch" Error fix=false {
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
    WITHDRAWN_FORM = "PTX014" "withdrawn-form" Error fix=false {
        summary: "The form is no longer supported for this `.version` and `.target`",
        explanation: "Some forms were not only deprecated but withdrawn: from a PTX ISA version on, on newer targets, ptxas rejects them. The non-`.sync` `shfl` and `vote` are the main case: from PTX ISA 6.4 on sm_70 and later they must be written `shfl.sync` / `vote.sync` with a member mask. The message names the version and target from which the form is withdrawn and what replaces it.",
        example: ".version 7.0\n.target sm_80\nshfl.up.b32 %r1, %r2, 1, 0;                    // PTX014\nshfl.sync.up.b32 %r1, %r2, 1, 0, 0xffffffff;  // fixed",
    }
    STATE_SPACE_MISMATCH = "PTX015" "state-space-mismatch" Error fix=true {
        summary: "An address names a variable of another state space than the instruction's",
        explanation: "An instruction that names a state space (`ld.shared`, `st.global`, `cp.async.ca.shared.global`, `mbarrier.init.shared`) must address a variable of that space, or a register holding such an address. Naming a `.global` variable in `ld.shared` (or a `.local` one in an instruction without a state space, which uses generic addresses that cannot reach every space) reads the wrong memory. Parameters have their own rules: a kernel's parameters live in `.param::entry` and a device function's in `.param::func`, and input parameters are read-only (`st.param` writes return parameters and the parameters of a call). The fix writes the variable's own state space.",
        example: ".shared .b32 buf[32];\nld.global.b32 %r1, [buf];   // PTX015: buf is .shared\nld.shared.b32 %r1, [buf];   // fixed",
    }
    NOT_ENFORCED_BY_PTXAS = "PTX016" "not-enforced-by-ptxas" Warning fix=true {
        summary: "The spec forbids this form, but ptxas accepts it",
        explanation: "The PTX ISA requires or forbids something here that ptxas 13.5 does not check: it assembles the form as written. speclint reports it as a warning, not an error, so that a build ptxas accepts is never failed; the message names the spec section and says that ptxas accepts the form. Code that follows the spec stays portable to assemblers and drivers that enforce the rule. The forms are listed in `docs/ptx-unenforced.md`; `--ignore PTX016` turns the warnings off.",
        example: "wgmma.fence.sync;           // PTX016: §9.7.15.7.1 requires .aligned; ptxas accepts it\nwgmma.fence.sync.aligned;   // as the spec writes it",
    }
}
