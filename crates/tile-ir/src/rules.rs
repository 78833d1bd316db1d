//! The Tile IR rules: codes, severities and explanations (`speclint explain TILE005`).

use speclint_base::rules::rules;

rules! {
    TILE_IR_RULES;
    TILE_SYNTAX_ERROR = "TILE001" "tile-syntax-error" Error fix=false {
        summary: "The text does not follow the textual cuda_tile syntax",
        explanation: "The parser or an op's assembly format could not read this part of a Tile IR module: an unbalanced bracket, a missing `:` before the types, a malformed type such as `tile<4xf32`, or a token the op's format does not expect at that place. speclint recovers at the next line and reports every error.",
        example: "%c = addf %a, %b tile<f32>     // TILE001: expected `:`\n%c = addf %a, %b : tile<f32>   // fixed",
    }
    TILE_UNKNOWN_OP = "TILE002" "tile-unknown-op" Error fix=true {
        summary: "No cuda_tile operation has this name",
        explanation: "The name is not one of the operations of the cuda_tile dialect (Tile IR 13.4 has 105), or it belongs to another MLIR dialect, which a cuda_tile module cannot contain. The fix offers the closest op names.",
        example: "%c = addff %a, %b : tile<f32>   // TILE002\n%c = addf %a, %b : tile<f32>    // fixed",
    }
    TILE_UNDEFINED_VALUE = "TILE003" "tile-undefined-value" Error fix=false {
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
    TILE_OPERAND_COUNT = "TILE006" "tile-operand-count" Error fix=false {
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
    TILE_MMA_SHAPE_OR_DTYPE = "TILE009" "tile-mma-shape-or-dtype" Error fix=false {
        summary: "Matrix multiply-accumulate shapes or data types are not valid",
        explanation: "`mmaf` and `mmai` take M×K, K×N and M×N tiles (or B×M×K, B×K×N, B×M×N for a batch), and only the input→output data type combinations in the op's supported-types table (for example bf16 inputs accumulate in f32 only).",
        example: "mmaf %a, %b, %c : tile<16x8xf16>, tile<16x8xf16>, tile<16x8xf32>   // TILE009: K differs",
    }
    TILE_MODIFIER_NOT_ALLOWED = "TILE010" "tile-modifier-not-allowed" Error fix=true {
        summary: "A modifier, rounding mode or enum value the op does not allow for this type",
        explanation: "Floating-point ops list, per element type, which modifiers and rounding modes they support (yes, yes* = emulated in f32, no); `flush_to_zero` exists for f32 only. Enum attributes accept only their own cases, and some ops only a subset (loads take weak/relaxed/acquire). A `dim` attribute must name a dimension of the operands. The modifier table of the Tile IR version being checked applies: 13.1 uses the 13.1 tables. Fixes remove the modifier or switch to an allowed rounding mode.",
        example: "%c = addf %a, %b flush_to_zero : tile<f64>   // TILE010: f32 only",
    }
    TILE_EMULATED_MODIFIER = "TILE011" "tile-emulated-modifier" Hint fix=false {
        summary: "This modifier is emulated in f32 for this type (slower)",
        explanation: "The op's modifier table marks this combination `yes*`: it is supported, but computed in f32 and converted, which is slower than a native operation. Consider computing in f32 yourself or using the native rounding mode.",
        example: "%c = addf %a, %b rounding<zero> : tile<bf16>   // TILE011: emulated in f32",
    }
    TILE_VERSION_TOO_LOW = "TILE012" "tile-version-too-low" Error fix=true {
        summary: "An op, attribute, enum value or type is newer than the Tile IR version being checked",
        explanation: "Every op, operand, attribute and type has the Tile IR version that introduced it (13.1, 13.2, 13.3 or 13.4). The version checked against comes from `--tile-ir-version`, a `// speclint: tile-ir-version=13.2` line in the file, or `speclint.toml`; the default is the newest the spec-db holds (13.4), since the text tileirdisasm prints names no version. The fix sets the version pragma in the file.",
        example: "// speclint: tile-ir-version=13.1\n%r = atan2 %y, %x : tile<f32>   // TILE012: atan2 needs 13.2",
    }
    TILE_TARGET_UNSUPPORTED = "TILE013" "tile-target-unsupported" Error fix=false {
        summary: "The configured GPU does not support this element type for this op",
        explanation: "Some combinations need a newer GPU than configured (`--target`, `target` in speclint.toml or the pragma), for example atomic addf on bf16 needs sm_90.",
        example: "atomic_rmw_tko relaxed device %p, addf, %v : tile<ptr<bf16>>, tile<bf16> -> …   // TILE013 on sm_80",
    }
    TILE_MISPLACED_OP = "TILE014" "tile-misplaced-op" Error fix=false {
        summary: "The op appears where the dialect does not allow it",
        explanation: "A file holds `cuda_tile.module`s; a module holds `entry` and `global`; everything else lives in an entry. Terminators belong to particular parents: `yield` to if/reduce/scan, `continue` to for/loop (or an if inside them), `break` to loop, `return` to an entry. An entry has no result types, and the body of a `reduce` or `scan` holds only ops with the `Pure` trait (no print, load, store or atomic). A terminator must be the last op of its block, and terminators that pass values cannot be left out: the body of a `for` with `iter_values` must end in `continue` (a `loop` with `iter_values` in `continue` or `break`), each branch of an `if` with results must end in a terminator, and such an `if` needs an `else`.",
        example: "cuda_tile.module @m {\n  %a = constant <f32: 0.0> : tile<f32>   // TILE014: outside an entry\n}",
    }
    TILE_INVALID_TYPE = "TILE015" "tile-invalid-type" Error fix=false {
        summary: "The type is not a valid Tile IR type",
        explanation: "Element types are i1, i4, i8, i16, i32, i64, f16, bf16, f32, tf32, f64, f8E4M3FN, f8E5M2, f8E8M0FNU and f4E2M1FN (some need newer versions), and tile dimensions must be powers of two.",
        example: "%a = constant <f32: 0.0> : tile<3xf32>   // TILE015: 3 is not a power of two",
    }
    TILE_INVALID_CONSTANT = "TILE016" "tile-invalid-constant" Error fix=false {
        summary: "A constant's literal does not fit the constant's type",
        explanation: "A dense constant `constant <T: literal> : tile<…>` must describe exactly the tile it makes: a single value (a splat, any shape) or nested lists whose lengths are the tile's dimensions, as deep as its rank (a rank-0 tile takes no list). `T` must be the tile's element type. Integer types take integer literals (decimal or `0x…`; `true`/`false` only for i1) in the signed or unsigned range of their width (i8: -128 to 255; i64: a signed 64-bit value). Float types take float literals with a `.` (`1.0`, `1.5e-3`; `1` and `1e3` are not float literals) or a hexadecimal bit pattern no wider than the type, without a minus sign (`0xFF800000` is -inf in f32). A float value beyond the type's largest finite value (f16 65504, f8E4M3FN 448, f8E5M2 57344) is accepted by the parser but becomes infinity or NaN, as does a zero or negative f8E8M0FNU (which holds only positive powers of two): those are warnings. Values that merely round (0.1 in f32) are not reported. The message names the element by its index (`[1][0]`).",
        example: "%c = constant <i8: 300> : tile<i8>                // TILE016: 300 is out of range for i8\n%c = constant <f32: [1.0, 2.0]> : tile<4xf32>    // TILE016: 2 values for a tile of 4\n%c = constant <f32: 1> : tile<f32>                // TILE016: write 1.0",
    }
    TILE_INVALID_ATTRIBUTE = "TILE017" "tile-invalid-attribute" Error fix=false {
        summary: "An attribute's value is not one the op accepts",
        explanation: "Some attributes take values from a fixed set or range rather than a type: `optimization_hints` maps GPU names (`sm_90`, `sm_100`, … or `default`, each once) to dictionaries whose keys are the hints the op supports, each once (`num_cta_in_cga`: a power of two up to 16, 1 before sm_90; `num_worker_warps_per_cta`: 4 or 8; `occupancy`: 1 to 32, on entries; `allow_tma`: true or false, on view loads and stores; `latency`: 1 to 10, on view and pointer loads and stores); a module's attribute dictionary holds `producer`, a string (another name is a warning: MLIR keeps it, but bytecode has no place for it); an `alignment` must be a power of two and at least the size of the element it aligns; counts and dimensions must not be negative. The predicate of `assume` is `div_by`, `same_elements` or `bounded`, and its parameters have limits: a divisor is a power of two up to 2^62; `every N along DIM` names a dimension of the tile and a group no larger than it, and is not used on a 0-d tile or a tensor_view; `same_elements` gives one group size per dimension, none larger than its dimension; the bounds of `bounded` lie in the element type's signed range, the lower one not above the upper one. (A predicate on a value it cannot describe, such as `bounded` on floats, is TILE007.) Hints NVIDIA's tools keep are warnings, not errors: an unknown GPU name or hint, a hint on an op it does not apply to, a value out of range or of the wrong kind. cuda-tile-opt accepts them silently (it warns with `-Wunsupported-hints` and fails only with `-Werr-hints`) and tileiras compiles them; `severity = { TILE017 = \"error\" }` in speclint.toml makes them errors. A GPU written twice, or one without a dictionary, stays an error.",
        example: "entry @k() optimization_hints=<sm_100 = {num_cta_in_cga = 3}> { … }   // TILE017 (warning): a power of two up to 16",
    }
    TILE_PRINT_FORMAT = "TILE018" "tile-print-format" Error fix=false {
        summary: "A print format string does not match its operands",
        explanation: "`print_tko` formats its operands as C's printf does: each conversion takes the next operand and `%%` prints a percent sign. A conversion is `%`, optional flags (`-+ #0`), width and precision (digits or `*`, which NVIDIA's verifier counts as no operand of its own), a length (`hh h l ll L z j t`) and one of `d i u o x X e E f F g G a A c s p n`. A `%` with no conversion character before the end of the string, an unknown conversion character (`%q`, `%5%`), more conversions than operands, or operands left over are errors; the diagnostic points at the conversion in the string (MLIR escapes such as `\\0A` are read as one character).",
        example: "print_tko \"x=%d y=%d\", %x : tile<i32> -> token   // TILE018: two conversions, one operand",
    }
    TILE_NEWER_VERSION = "TILE019" "tile-newer-version" Info fix=false {
        summary: "The module is for a Tile IR version newer than the specification speclint holds",
        explanation: "speclint holds the Tile IR specification up to 13.4. A version newer than that (a well-formed MAJOR.MINOR such as 13.5 or 14.0, from `--tile-ir-version`, `[tile-ir] version` in speclint.toml, the editor's settings or a `// speclint: tile-ir-version=13.5` pragma) is accepted and the module is checked against 13.4, with this one note per file, on the pragma that asked for the version or at the start of the file. What 13.4 does not define, since the newer release may define it, is listed in the note instead of reported: ops 13.4 does not have (13.5's `multimem_store_view_tko`), element and type names it does not know, a word where 13.4's form of an op has none (13.5's `inbounds = [...]` on `atomic_red_view_tko`), and modifiers and enum cases 13.4 does not allow there. Everything else is checked as for 13.4: syntax (brackets, `:` before types, type syntax), values and symbols, the types and constraints of the ops 13.4 defines, placement and terminators; ops of other dialects are still TILE002. The results of an op speclint does not know have the types written after its `->` (or its `:`), so their uses are checked. Versions older than 13.1 and malformed ones (`13.x`, `13.2.1`) are usage errors, or TILE001 in a pragma.",
        example: "// speclint: tile-ir-version=13.5   <- TILE019: checked against 13.4; not reported: op `multimem_store_view_tko` (line 3)\n%t = make_token : token\n%w = multimem_store_view_tko weak %tile, %view[%i] token = %t : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token",
    }
}
