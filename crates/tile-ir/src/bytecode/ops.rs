//! How each op is laid out in bytecode: its opcode, then its fields in a fixed order (result
//! types, a flags word, attributes, operands); ops with regions write them after. The names
//! are those of the op's spec-db facts (its operands, attributes and results).

use super::Version;

#[derive(Clone, Copy, Debug)]
pub enum Field {
    /// Each result's type.
    Results,
    /// The number of results, then each one's type.
    SizedResults,
    /// One word of bits, in order: a flag attribute that is set, or an optional operand or
    /// attribute that is present. Written from the given version on.
    Flags(&'static [&'static str], Version),
    /// An enum attribute as one byte; `default` when not written. From the given version on.
    Enum(&'static str, EnumKind, &'static str, Version),
    /// An enum attribute written only when present (its presence is a flag bit).
    OptionalEnum(&'static str, EnumKind),
    Int(&'static str),
    /// A string attribute (string-table id): a quoted string or a `@symbol`.
    Str(&'static str),
    /// A tagged assume predicate.
    Predicate(&'static str),
    /// The op's dense constant (constant-table id).
    Dense,
    /// A list of i32 (`[1, 0]`).
    I32Array(&'static str),
    /// A list of tagged identity values.
    Identities(&'static str),
    /// A bool attribute as one byte.
    Bool(&'static str),
    /// Optimization hints, written only when present.
    OptionalHints(&'static str),
    /// `inbounds = [...]`, one byte per index, from the given version on.
    Inbounds(Version),
    Operand(&'static str),
    /// Written only when present (its presence is a flag bit).
    OptionalOperand(&'static str),
    /// The number of values, then each.
    SizedOperands(&'static str),
    /// The total number of values of these operands, then all of them in order.
    CountedOperands(&'static [&'static str]),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnumKind {
    Rounding,
    Overflow,
    Signedness,
    Predicate,
    Ordering,
    MemoryOrder,
    Scope,
    AtomicMode,
}

impl EnumKind {
    /// The byte of a case as the text spells it.
    pub fn code(self, case: &str) -> Option<u8> {
        let cases: &[&str] = match self {
            EnumKind::Rounding => &[
                "nearest_even",
                "zero",
                "negative_inf",
                "positive_inf",
                "approx",
                "full",
                "nearest_int_to_zero",
                "nearest_away",
            ],
            EnumKind::Overflow => &["none", "no_signed_wrap", "no_unsigned_wrap", "no_wrap"],
            EnumKind::Signedness => &["unsigned", "signed"],
            EnumKind::Predicate => &[
                "equal",
                "not_equal",
                "less_than",
                "less_than_or_equal",
                "greater_than",
                "greater_than_or_equal",
            ],
            EnumKind::Ordering => &["unordered", "ordered"],
            EnumKind::MemoryOrder => &["weak", "relaxed", "acquire", "release", "acq_rel"],
            EnumKind::Scope => &["tl_blk", "device", "sys"],
            EnumKind::AtomicMode => &[
                "and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg",
            ],
        };
        let case = match (self, case) {
            (EnumKind::Overflow, "nsw") => "no_signed_wrap",
            (EnumKind::Overflow, "nuw") => "no_unsigned_wrap",
            (EnumKind::Overflow, "nw") => "no_wrap",
            _ => case,
        };
        cases.iter().position(|c| *c == case).map(|i| i as u8)
    }
}

pub struct Layout {
    pub opcode: u64,
    pub fields: &'static [Field],
}

use EnumKind as E;
use Field::*;
use Version as V;

const UNARY: &[Field] = &[Results, Operand("source")];
const BINARY: &[Field] = &[Results, Operand("lhs"), Operand("rhs")];
const FLOAT_BINARY: &[Field] = &[
    Results,
    Flags(&["flush_to_zero"], V::V13_1),
    Enum("rounding_mode", E::Rounding, "nearest_even", V::V13_1),
    Operand("lhs"),
    Operand("rhs"),
];
const OVERFLOW_BINARY: &[Field] = &[
    Results,
    Enum("overflow", E::Overflow, "none", V::V13_1),
    Operand("lhs"),
    Operand("rhs"),
];
const SIGNED_BINARY: &[Field] = &[
    Results,
    Enum("signedness", E::Signedness, "signed", V::V13_1),
    Operand("lhs"),
    Operand("rhs"),
];
const NAN_BINARY: &[Field] = &[
    Results,
    Flags(&["propagate_nan", "flush_to_zero"], V::V13_1),
    Operand("lhs"),
    Operand("rhs"),
];
const TRANSFER: &[Field] = &[SizedResults, CountedOperands(&["operands"])];
const MAKE_VIEW: &[Field] = &[Results, Operand("tensor_view")];
const GDC: &[Field] = &[Results, CountedOperands(&["token"])];

/// The layout of the op named `name` (short name; former names included).
pub fn layout(name: &str) -> Option<Layout> {
    let (opcode, fields): (u64, &'static [Field]) = match name {
        "absf" => (0, UNARY),
        "absi" => (1, UNARY),
        "addf" => (2, FLOAT_BINARY),
        "addi" => (3, OVERFLOW_BINARY),
        "alloca" => (
            113,
            &[
                Results,
                Flags(&["global"], V::V13_1),
                Int("num_elem"),
                Int("alignment"),
            ],
        ),
        "andi" => (4, BINARY),
        "assert" => (5, &[Str("message"), Operand("condition")]),
        "assume" => (6, &[Results, Predicate("predicate"), Operand("value")]),
        "atan2" => (110, &[Results, Operand("x"), Operand("y")]),
        "atomic_cas_tko" => (
            7,
            &[
                Results,
                Flags(&["mask", "token"], V::V13_1),
                Enum(
                    "memory_ordering_semantics",
                    E::MemoryOrder,
                    "relaxed",
                    V::V13_1,
                ),
                Enum("memory_scope", E::Scope, "device", V::V13_1),
                Operand("pointers"),
                Operand("cmp"),
                Operand("val"),
                OptionalOperand("mask"),
                OptionalOperand("token"),
            ],
        ),
        "atomic_rmw_tko" => (
            8,
            &[
                Results,
                Flags(&["mask", "token"], V::V13_1),
                Enum(
                    "memory_ordering_semantics",
                    E::MemoryOrder,
                    "relaxed",
                    V::V13_1,
                ),
                Enum("memory_scope", E::Scope, "device", V::V13_1),
                Enum("mode", E::AtomicMode, "add", V::V13_1),
                Operand("pointers"),
                Operand("arg"),
                OptionalOperand("mask"),
                OptionalOperand("token"),
            ],
        ),
        "atomic_red_view_tko" => (
            117,
            &[
                SizedResults,
                Flags(&["token"], V::V13_1),
                Enum(
                    "memory_ordering_semantics",
                    E::MemoryOrder,
                    "relaxed",
                    V::V13_1,
                ),
                Enum("memory_scope", E::Scope, "device", V::V13_1),
                Enum("mode", E::AtomicMode, "add", V::V13_1),
                Inbounds(V::V13_5),
                Operand("view"),
                SizedOperands("index"),
                Operand("value"),
                OptionalOperand("token"),
            ],
        ),
        "bitcast" => (9, UNARY),
        "break" => (10, TRANSFER),
        "broadcast" => (11, UNARY),
        "cat" => (12, &[Results, Int("dim"), Operand("lhs"), Operand("rhs")]),
        "ceil" => (13, UNARY),
        "cmpf" => (
            14,
            &[
                Results,
                Enum("comparison_predicate", E::Predicate, "equal", V::V13_1),
                Enum("comparison_ordering", E::Ordering, "ordered", V::V13_1),
                Operand("lhs"),
                Operand("rhs"),
            ],
        ),
        "cmpi" => (
            15,
            &[
                Results,
                Enum("comparison_predicate", E::Predicate, "equal", V::V13_1),
                Enum("signedness", E::Signedness, "signed", V::V13_1),
                Operand("lhs"),
                Operand("rhs"),
            ],
        ),
        "constant" => (16, &[Results, Dense]),
        "continue" => (17, TRANSFER),
        "cos" => (18, UNARY),
        "cosh" => (19, UNARY),
        "divf" => (20, FLOAT_BINARY),
        "divi" => (
            21,
            &[
                Results,
                Enum("signedness", E::Signedness, "signed", V::V13_1),
                Enum("rounding", E::Rounding, "zero", V::V13_1),
                Operand("lhs"),
                Operand("rhs"),
            ],
        ),
        "exp" => (
            23,
            &[
                Results,
                Enum("rounding_mode", E::Rounding, "full", V::V13_3),
                Operand("source"),
            ],
        ),
        "exp2" => (
            24,
            &[
                Results,
                Flags(&["flush_to_zero"], V::V13_1),
                Operand("source"),
            ],
        ),
        "exti" => (
            37,
            &[
                Results,
                Enum("signedness", E::Signedness, "signed", V::V13_1),
                Operand("from"),
            ],
        ),
        "extract" => (38, &[SizedResults, CountedOperands(&["source", "indices"])]),
        "floor" => (39, UNARY),
        "fma" => (
            40,
            &[
                Results,
                Flags(&["flush_to_zero"], V::V13_1),
                Enum("rounding_mode", E::Rounding, "nearest_even", V::V13_1),
                Operand("lhs"),
                Operand("rhs"),
                Operand("acc"),
            ],
        ),
        "for" => (
            41,
            &[
                SizedResults,
                Flags(&["unsignedCmp"], V::V13_2),
                CountedOperands(&["lowerBound", "upperBound", "step", "initValues"]),
            ],
        ),
        "ftof" => (
            42,
            &[
                Results,
                Enum("rounding_mode", E::Rounding, "nearest_even", V::V13_1),
                Operand("from"),
            ],
        ),
        "ftoi" => (
            43,
            &[
                Results,
                Flags(&["saturating"], V::V13_4),
                Enum("signedness", E::Signedness, "signed", V::V13_1),
                Enum(
                    "rounding_mode",
                    E::Rounding,
                    "nearest_int_to_zero",
                    V::V13_1,
                ),
                Operand("from"),
            ],
        ),
        "get_global" => (44, &[Results, Str("name")]),
        "get_index_space_shape" => (45, &[SizedResults, Operand("src")]),
        "get_num_tile_blocks" => (46, &[Results]),
        "get_tensor_shape" => (47, &[SizedResults, Operand("src")]),
        "get_tile_block_id" => (48, &[Results]),
        "if" => (50, &[SizedResults, Operand("condition")]),
        "insert" => (
            118,
            &[
                SizedResults,
                CountedOperands(&["source", "destination", "indices"]),
            ],
        ),
        "int_to_ptr" => (51, UNARY),
        "iota" => (58, &[Results]),
        "itof" => (
            59,
            &[
                Results,
                Enum("signedness", E::Signedness, "signed", V::V13_1),
                Enum("rounding_mode", E::Rounding, "nearest_even", V::V13_1),
                Operand("from"),
            ],
        ),
        "join_tokens" => (60, &[SizedResults, CountedOperands(&["tokens"])]),
        "load_ptr_tko" => (
            61,
            &[
                Results,
                Flags(
                    &[
                        "memory_scope",
                        "optimization_hints",
                        "mask",
                        "paddingValue",
                        "token",
                    ],
                    V::V13_1,
                ),
                Enum(
                    "memory_ordering_semantics",
                    E::MemoryOrder,
                    "weak",
                    V::V13_1,
                ),
                OptionalEnum("memory_scope", E::Scope),
                OptionalHints("optimization_hints"),
                Operand("source"),
                OptionalOperand("mask"),
                OptionalOperand("paddingValue"),
                OptionalOperand("token"),
            ],
        ),
        "load_view_tko" => (
            62,
            &[
                SizedResults,
                Flags(&["memory_scope", "optimization_hints", "token"], V::V13_1),
                Enum(
                    "memory_ordering_semantics",
                    E::MemoryOrder,
                    "weak",
                    V::V13_1,
                ),
                OptionalEnum("memory_scope", E::Scope),
                OptionalHints("optimization_hints"),
                Inbounds(V::V13_4),
                Operand("view"),
                SizedOperands("index"),
                OptionalOperand("token"),
            ],
        ),
        "log" => (63, UNARY),
        "log2" => (64, UNARY),
        "loop" => (65, &[SizedResults, CountedOperands(&["initValues"])]),
        "make_gather_scatter_view" => (115, MAKE_VIEW),
        "make_partition_view" => (66, MAKE_VIEW),
        "make_strided_view" => (116, MAKE_VIEW),
        "make_tensor_view" => (
            67,
            &[
                SizedResults,
                Operand("base"),
                SizedOperands("dynamicShape"),
                SizedOperands("dynamicStrides"),
            ],
        ),
        "make_token" => (68, &[Results]),
        "maxf" => (69, NAN_BINARY),
        "maxi" => (70, SIGNED_BINARY),
        "minf" => (71, NAN_BINARY),
        "mini" => (72, SIGNED_BINARY),
        "mmaf" => (
            73,
            &[
                Results,
                Flags(&["fast_acc"], V::V13_3),
                Operand("lhs"),
                Operand("rhs"),
                Operand("acc"),
            ],
        ),
        "mmaf_scaled" => (
            114,
            &[
                Results,
                Operand("lhs"),
                Operand("rhs"),
                Operand("acc"),
                Operand("lhs_scale"),
                Operand("rhs_scale"),
            ],
        ),
        "mmai" => (
            74,
            &[
                Results,
                Enum("signedness_lhs", E::Signedness, "signed", V::V13_1),
                Enum("signedness_rhs", E::Signedness, "signed", V::V13_1),
                Operand("lhs"),
                Operand("rhs"),
                Operand("acc"),
            ],
        ),
        "mulf" => (76, FLOAT_BINARY),
        "mulhii" => (77, &[Results, Operand("x"), Operand("y")]),
        "muli" => (78, OVERFLOW_BINARY),
        "negf" => (79, UNARY),
        "negi" => (
            80,
            &[
                Results,
                Enum("overflow", E::Overflow, "none", V::V13_2),
                Operand("source"),
            ],
        ),
        "offset" => (81, &[Results, Operand("ptr"), Operand("offset")]),
        "ori" => (82, BINARY),
        "permute" => (83, &[Results, I32Array("permutation"), Operand("source")]),
        "pow" | "fpowf" => (84, &[Results, Operand("source"), Operand("exponent")]),
        "fpowi" => (121, &[Results, Operand("source"), Operand("exponent")]),
        "print_tko" | "print" => (
            85,
            &[
                SizedResults,
                Flags(&["token"], V::V13_2),
                Str("str"),
                SizedOperands("args"),
                OptionalOperand("token"),
            ],
        ),
        "ptr_to_int" => (86, UNARY),
        "ptr_to_ptr" => (87, UNARY),
        "reduce" => (
            88,
            &[
                SizedResults,
                Int("dim"),
                Identities("identities"),
                CountedOperands(&["operands"]),
            ],
        ),
        "remf" => (89, BINARY),
        "remi" => (90, SIGNED_BINARY),
        "reshape" => (91, UNARY),
        "return" => (92, TRANSFER),
        "rsqrt" => (
            93,
            &[
                Results,
                Flags(&["flush_to_zero"], V::V13_1),
                Operand("source"),
            ],
        ),
        "scan" => (
            94,
            &[
                SizedResults,
                Int("dim"),
                Bool("reverse"),
                Identities("identities"),
                CountedOperands(&["operands"]),
            ],
        ),
        "select" => (
            95,
            &[
                Results,
                Operand("cond"),
                Operand("val_if_true"),
                Operand("val_if_false"),
            ],
        ),
        "shli" => (96, OVERFLOW_BINARY),
        "shri" => (97, SIGNED_BINARY),
        "sin" => (98, UNARY),
        "sinh" => (99, UNARY),
        "sqrt" => (
            100,
            &[
                Results,
                Flags(&["flush_to_zero"], V::V13_1),
                Enum("rounding_mode", E::Rounding, "nearest_even", V::V13_1),
                Operand("source"),
            ],
        ),
        "store_ptr_tko" => (
            101,
            &[
                Results,
                Flags(
                    &["memory_scope", "optimization_hints", "mask", "token"],
                    V::V13_1,
                ),
                Enum(
                    "memory_ordering_semantics",
                    E::MemoryOrder,
                    "weak",
                    V::V13_1,
                ),
                OptionalEnum("memory_scope", E::Scope),
                OptionalHints("optimization_hints"),
                Operand("destination"),
                Operand("value"),
                OptionalOperand("mask"),
                OptionalOperand("token"),
            ],
        ),
        "store_view_tko" => (
            102,
            &[
                SizedResults,
                Flags(&["memory_scope", "optimization_hints", "token"], V::V13_1),
                Enum(
                    "memory_ordering_semantics",
                    E::MemoryOrder,
                    "weak",
                    V::V13_1,
                ),
                OptionalEnum("memory_scope", E::Scope),
                OptionalHints("optimization_hints"),
                Inbounds(V::V13_4),
                Operand("tile"),
                Operand("view"),
                SizedOperands("index"),
                OptionalOperand("token"),
            ],
        ),
        "subf" => (103, FLOAT_BINARY),
        "subi" => (104, OVERFLOW_BINARY),
        "tan" => (105, UNARY),
        "tanh" => (
            106,
            &[
                Results,
                Enum("rounding_mode", E::Rounding, "full", V::V13_2),
                Operand("source"),
            ],
        ),
        "trunci" => (
            107,
            &[
                Results,
                Enum("overflow", E::Overflow, "none", V::V13_1),
                Operand("from"),
            ],
        ),
        "unpack" => (112, UNARY),
        "xori" => (108, BINARY),
        "yield" => (109, TRANSFER),
        "gdc_launch_dependents_tko" => (119, GDC),
        "gdc_wait_tko" => (120, GDC),
        "memory_fence_alias_tko" => (122, &[Results, Operand("token")]),
        "pack" => (111, UNARY),
        _ => return None,
    };
    Some(Layout { opcode, fields })
}

#[cfg(test)]
mod tests {
    use super::*;
    use speclint_spec_db::tile_ir;

    /// Names a layout uses that the spec-db does not have as ops: the former and later names
    /// of `print_tko` and `pow`.
    const BEYOND_SPEC_DB: &[(&str, &str)] = &[];
    const NOT_IN_SPEC_DB: &[&str] = &["fpowf", "print"];

    /// Every op of the spec-db has a layout (entry, global and module are written apart), and
    /// every name a layout reads is one of the op's operands or attributes.
    #[test]
    fn layouts_match_the_spec_db() {
        for fact in &tile_ir::db().ops {
            if matches!(fact.name.as_str(), "entry" | "global" | "module") {
                continue;
            }
            let layout = layout(&fact.name)
                .unwrap_or_else(|| panic!("no bytecode layout for `{}`", fact.name));
            let known = |name: &str| {
                fact.operand.iter().any(|o| o.name == name)
                    || fact.attribute.iter().any(|a| a.name == name)
                    || BEYOND_SPEC_DB.contains(&(fact.name.as_str(), name))
            };
            for field in layout.fields {
                let names: Vec<&str> = match *field {
                    Field::Flags(names, _) | Field::CountedOperands(names) => names.to_vec(),
                    Field::Enum(name, ..)
                    | Field::OptionalEnum(name, _)
                    | Field::Int(name)
                    | Field::Str(name)
                    | Field::Predicate(name)
                    | Field::I32Array(name)
                    | Field::Identities(name)
                    | Field::Bool(name)
                    | Field::OptionalHints(name)
                    | Field::Operand(name)
                    | Field::OptionalOperand(name)
                    | Field::SizedOperands(name) => vec![name],
                    Field::Results | Field::SizedResults | Field::Dense | Field::Inbounds(_) => {
                        vec![]
                    }
                };
                for name in names {
                    assert!(known(name), "`{}`'s layout reads `{name}`", fact.name);
                }
            }
            // Enum defaults are cases of their enum.
            for field in layout.fields {
                if let Field::Enum(name, kind, default, _) = *field {
                    assert!(kind.code(default).is_some(), "`{}`: {name}", fact.name);
                }
            }
        }
        for name in NOT_IN_SPEC_DB {
            assert!(
                tile_ir::db().op(name).is_none(),
                "{name} is in the spec-db now"
            );
            assert!(layout(name).is_some(), "{name}");
        }
    }
}
