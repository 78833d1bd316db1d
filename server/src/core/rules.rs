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
    TILE_SYNTAX_ERROR = "TILE001" "tile-syntax-error" Error fix=false {
        summary: "The text does not follow the textual cuda_tile syntax",
        explanation: "The parser or an op's assembly format could not read this part of a Tile IR module: an unbalanced bracket, a missing `:` before the types, a malformed type such as `tile<4xf32`, or a token the op's format does not expect at that place. speclint recovers at the next line and reports every error.",
        example: "%c = addf %a, %b tile<f32>     // TILE001: expected `:`\n%c = addf %a, %b : tile<f32>   // fixed",
    }
    TILE_UNKNOWN_OP = "TILE002" "tile-unknown-op" Error fix=true {
        summary: "No cuda_tile operation has this name",
        explanation: "The name is not one of the operations of the cuda_tile dialect (Tile IR 13.3 has 100), or it belongs to another MLIR dialect, which a cuda_tile module cannot contain. The fix offers the closest op names.",
        example: "%c = addff %a, %b : tile<f32>   // TILE002\n%c = addf %a, %b : tile<f32>    // fixed",
    }
    TILE_UNDEFINED = "TILE003" "tile-undefined-value" Error fix=false {
        summary: "A value or symbol is used but not defined where the use can see it",
        explanation: "SSA values must be defined before they are used, in the same region or an enclosing one; values defined inside a region (a loop body, an if branch) are not visible after it, and `entry` bodies see nothing from outside. `get_global` must name a `global` of the module.",
        example: "%c = addf %a, %x : tile<f32>   // TILE003: %x is not defined",
    }
    TILE_REDEFINITION = "TILE004" "tile-redefinition" Error fix=false {
        summary: "A value or symbol is defined twice",
        explanation: "Each SSA value name is defined once per region, and each `entry` or `global` symbol once per module.",
        example: "%a = constant <f32: 1.0> : tile<f32>\n%a = constant <f32: 2.0> : tile<f32>   // TILE004",
    }
    TILE_TYPE_MISMATCH = "TILE005" "tile-type-mismatch" Error fix=false {
        summary: "An operand is used with a type other than the one it was defined with",
        explanation: "The types written after an op's `:` say what its operands are. A value defined as `tile<4xf32>` cannot be used where the op says `tile<8xf32>`: convert, reshape or broadcast it first.",
        example: "%a = constant <f32: 0.0> : tile<4xf32>\n%b = addf %a, %a : tile<8xf32>   // TILE005",
    }
    TILE_COUNT = "TILE006" "tile-operand-count" Error fix=false {
        summary: "Wrong number of operands, results or types",
        explanation: "Every op has a fixed list of operands and results (some optional or variadic). A missing operand, an extra one, or a different number of result names than the op produces is an error. Terminators pass as many values as their target takes: `yield` one per result of its `if` (or `reduce`/`scan`), `continue` one per loop-carried value of the innermost `for`/`loop`, `break` one per result of the innermost `loop`.",
        example: "%c = addf %a : tile<f32>   // TILE006: addf takes lhs and rhs",
    }
    TILE_TYPE_NOT_ALLOWED = "TILE007" "tile-type-not-allowed" Error fix=false {
        summary: "An operand or result has a type the op does not accept",
        explanation: "Each operand and result of an op has a type constraint in the specification: `addf` takes tiles of f16, bf16, f32 or f64; comparisons produce i1 tiles; pointers must be tiles of `ptr`. The message names the operand and the allowed types.",
        example: "%c = addf %a, %b : tile<i32>   // TILE007: use addi for integers",
    }
    TILE_OPERANDS_DISAGREE = "TILE008" "tile-operands-disagree" Error fix=false {
        summary: "Operands and results that must match do not",
        explanation: "Many ops require some operands and results to have the same type, element type, shape or rank (traits such as AllTypesMatch and AllShapesMatch in the definition). The message names the two that differ. The values a terminator passes must have the types their target expects: `yield` the `if`'s result types, `continue` the loop-carried types (for a `loop`, those before the arrow), `break` the `loop`'s result types.",
        example: "%r = select %c, %x, %y : tile<4xi1>, tile<4xf32>   // with %y a tile<4xf16>: TILE008",
    }
    TILE_MMA = "TILE009" "tile-mma-shape-or-dtype" Error fix=false {
        summary: "Matrix multiply-accumulate shapes or data types are not valid",
        explanation: "`mmaf` and `mmai` take M×K, K×N and M×N tiles (or B×M×K, B×K×N, B×M×N for a batch), and only the input→output data type combinations in the op's supported-types table (for example bf16 inputs accumulate in f32 only).",
        example: "mmaf %a, %b, %c : tile<16x8xf16>, tile<16x8xf16>, tile<16x8xf32>   // TILE009: K differs",
    }
    TILE_MODIFIER_NOT_ALLOWED = "TILE010" "tile-modifier-not-allowed" Error fix=true {
        summary: "A modifier, rounding mode or enum value the op does not allow for this type",
        explanation: "Floating-point ops list, per element type, which modifiers and rounding modes they support (yes, yes* = emulated in f32, no); `flush_to_zero` exists for f32 only. Enum attributes accept only their own cases, and some ops only a subset (loads take weak/relaxed/acquire). A `dim` attribute must name a dimension of the operands. The modifier table of the Tile IR version being checked applies: 13.1 uses the 13.1 tables. Fixes remove the modifier or switch to an allowed rounding mode.",
        example: "%c = addf %a, %b flush_to_zero : tile<f64>   // TILE010: f32 only",
    }
    TILE_EMULATED = "TILE011" "tile-emulated-modifier" Hint fix=false {
        summary: "This modifier is emulated in f32 for this type (slower)",
        explanation: "The op's modifier table marks this combination `yes*`: it is supported, but computed in f32 and converted, which is slower than a native operation. Consider computing in f32 yourself or using the native rounding mode.",
        example: "%c = addf %a, %b rounding<zero> : tile<bf16>   // TILE011: emulated in f32",
    }
    TILE_VERSION_TOO_LOW = "TILE012" "tile-version-too-low" Error fix=true {
        summary: "An op, attribute, enum value or type is newer than the Tile IR version being checked",
        explanation: "Every op, operand, attribute and type has the Tile IR version that introduced it (13.1, 13.2 or 13.3). The version checked against comes from `--tile-ir-version`, a `// speclint: tile-ir-version=13.2` line in the file, or `speclint.toml`; the default is 13.3. The fix sets the version pragma in the file.",
        example: "// speclint: tile-ir-version=13.1\n%r = atan2 %y, %x : tile<f32>   // TILE012: atan2 needs 13.2",
    }
    TILE_TARGET = "TILE013" "tile-target-unsupported" Error fix=false {
        summary: "The configured GPU does not support this element type for this op",
        explanation: "Some combinations need a newer GPU than configured (`--target`, `target` in speclint.toml or the pragma), for example atomic addf on bf16 needs sm_90.",
        example: "atomic_rmw_tko relaxed device %p, addf, %v : tile<ptr<bf16>>, tile<bf16> -> …   // TILE013 on sm_80",
    }
    TILE_PLACEMENT = "TILE014" "tile-misplaced-op" Error fix=false {
        summary: "The op appears where the dialect does not allow it",
        explanation: "A file holds `cuda_tile.module`s; a module holds `entry` and `global`; everything else lives in an entry. Terminators belong to particular parents: `yield` to if/reduce/scan, `continue` to for/loop (or an if inside them), `break` to loop, `return` to an entry. A terminator must be the last op of its block, and terminators that pass values cannot be left out: the body of a `for` with `iter_values` must end in `continue` (a `loop` with `iter_values` in `continue` or `break`), each branch of an `if` with results must end in a terminator, and such an `if` needs an `else`.",
        example: "cuda_tile.module @m {\n  %a = constant <f32: 0.0> : tile<f32>   // TILE014: outside an entry\n}",
    }
    TILE_INVALID_TYPE = "TILE015" "tile-invalid-type" Error fix=false {
        summary: "The type is not a valid Tile IR type",
        explanation: "Element types are i1, i4, i8, i16, i32, i64, f16, bf16, f32, tf32, f64, f8E4M3FN, f8E5M2, f8E8M0FNU and f4E2M1FN (some need newer versions), and tile dimensions must be powers of two.",
        example: "%a = constant <f32: 0.0> : tile<3xf32>   // TILE015: 3 is not a power of two",
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
