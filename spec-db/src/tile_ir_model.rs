//! The Tile IR (cuda_tile) part of the spec database, as written in `tile-ir/**/*.toml`.
//!
//! The same file is compiled into the build script, which validates every data file against
//! it (unknown fields and bad references fail the build), and into the library, which reads
//! the embedded files once on first use. Tile IR data is nested and small (about 100 ops), so
//! unlike the PTX tables it is not turned into generated Rust code.

use serde::Deserialize;

/// One `tile-ir/**/*.toml` file: ops, module-level facts, or both.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileIrFile {
    #[serde(default)]
    pub version: Vec<TileIrVersion>,
    #[serde(default)]
    pub element_type: Vec<ElementType>,
    #[serde(default, rename = "type")]
    pub types: Vec<TypeFact>,
    #[serde(default)]
    pub constraint: Vec<ConstraintFact>,
    #[serde(default, rename = "enum")]
    pub enums: Vec<EnumFact>,
    #[serde(default)]
    pub op: Vec<Op>,
    /// The `optimization_hints` attribute: its GPU keys and the hints each op accepts.
    #[serde(default)]
    pub optimization_hints: Option<OptimizationHints>,
    /// The predicates of `assume`: `div_by`, `same_elements`, `bounded`.
    #[serde(default)]
    pub assume_predicate: Vec<AssumePredicate>,
    /// The GPUs Tile IR is compiled for.
    #[serde(default)]
    pub gpus: Option<Gpus>,
}

/// The GPUs `tileiras --gpu-name` takes: the targets a Tile IR module can be checked against.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gpus {
    /// `sm_NN`, oldest first.
    pub names: Vec<String>,
    pub summary: String,
    pub source: String,
}

/// A predicate `assume` attaches to a value: what it may describe and its parameters' limits.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssumePredicate {
    /// As written after `assume` (or after `#cuda_tile.`): `div_by`.
    pub name: String,
    pub since: String,
    /// The textual form, in our notation.
    pub syntax: String,
    pub summary: String,
    pub source: String,
    /// The values it may describe: `integer-tile`, `pointer-tile`, `tensor_view`.
    pub applies_to: Vec<String>,
    /// `div_by`: the largest divisor accepted, and where that limit comes from.
    #[serde(default)]
    pub max_divisor: Option<u64>,
    #[serde(default)]
    pub max_divisor_source: Option<String>,
    /// The limits on its parameters, in our words; the checker knows each by its id.
    #[serde(default)]
    pub rule: Vec<PredicateRule>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PredicateRule {
    pub id: String,
    pub text: String,
    pub source: String,
}

/// What an `optimization_hints = <TARGET = {HINT = VALUE, …}, …>` attribute may hold.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptimizationHints {
    pub since: String,
    pub summary: String,
    pub source: String,
    /// The keys the outer dictionary accepts: `default` and GPU names (`sm_90`).
    pub targets: Vec<String>,
    /// Where the list of GPU names comes from (the spec gives examples only).
    pub targets_source: String,
    /// GPUs that run one CTA per CGA: `num_cta_in_cga` must be 1 there.
    #[serde(default)]
    pub single_cta_targets: Vec<String>,
    #[serde(default)]
    pub single_cta_source: Option<String>,
    pub hint: Vec<Hint>,
}

/// One hint: the ops that accept it and the values it takes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hint {
    pub name: String,
    /// The ops whose `optimization_hints` may carry it.
    pub ops: Vec<String>,
    /// `integer` or `bool`.
    pub value: String,
    /// For integers: the inclusive range, ...
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
    /// ... or the only values allowed, ...
    #[serde(default)]
    pub values: Vec<i64>,
    /// ... and whether the value must be a power of two.
    #[serde(default)]
    pub power_of_two: bool,
    pub since: String,
    pub summary: String,
    pub source: String,
}

/// A Tile IR release.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileIrVersion {
    pub name: String,
    pub summary: String,
    pub source: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElementType {
    /// As written in the IR: `f8E4M3FN`, `i1`.
    pub name: String,
    /// `int`, `float` or `pointer`.
    pub kind: String,
    pub bits: u32,
    pub since: String,
    pub summary: String,
    pub source: String,
    /// The oldest GPU that supports the type, where known: `"sm_89"` = sm_89 or later.
    #[serde(default)]
    pub target: Option<String>,
    /// Where `target` comes from (required with it). The spec states no GPU limits on element
    /// types; the ones recorded are tileiras's behaviour: `observed: tileiras 13.5.37 (…)`.
    #[serde(default)]
    pub target_source: Option<String>,
    /// The only GPUs the type is compiled for, where tileiras takes it on some GPUs only (a
    /// developer preview); `target` is then the oldest of them. Empty: every GPU from `target`.
    #[serde(default)]
    pub only_on: Vec<String>,
}

/// A type constructor: `tile`, `ptr`, `tensor_view`, `partition_view`, ….
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TypeFact {
    pub name: String,
    pub since: String,
    pub summary: String,
    pub source: String,
    /// The textual form, e.g. `tile<SHAPExELEM>`.
    pub syntax: String,
    #[serde(default)]
    pub parameters: Vec<Parameter>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Parameter {
    pub name: String,
    pub since: String,
    pub summary: String,
}

/// A named type constraint from the op definitions (`CudaTile_BaseFloatTileType`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConstraintFact {
    pub name: String,
    /// The normalized type expression (see README, "Type expressions").
    pub expr: String,
    pub source: String,
}

/// An enum attribute: its mnemonic (`rounding`) and its cases.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnumFact {
    /// The definition's name, `RoundingMode`.
    pub name: String,
    /// The keyword that wraps a case in the IR (`rounding<zero>`), if any.
    #[serde(default)]
    pub mnemonic: Option<String>,
    pub since: String,
    pub summary: String,
    pub source: String,
    pub cases: Vec<EnumCase>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnumCase {
    pub keyword: String,
    pub since: String,
    pub summary: String,
}

/// One `cuda_tile` operation.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Op {
    /// Without the dialect prefix: `addf`.
    pub name: String,
    pub group: String,
    pub since: String,
    /// The spec file the facts come from: `op-addf.md`.
    pub source: String,
    pub summary: String,
    /// The assembly format in MLIR's declarative notation.
    pub format: String,
    /// `definition` when copied from the definition record; `speclint` when the op has a
    /// hand-written parser and the format was written by us from the spec's examples.
    pub format_source: String,
    /// Traits and interfaces as the definition lists them: `AllTypesMatch[lhs, rhs, result]`.
    #[serde(default)]
    pub traits: Vec<String>,
    #[serde(default)]
    pub operand: Vec<Operand>,
    #[serde(default)]
    pub attribute: Vec<Attribute>,
    #[serde(default)]
    pub result: Vec<Operand>,
    #[serde(default)]
    pub region: Vec<Region>,
    /// Per-dtype modifier tables, one per spec revision that has one.
    #[serde(default)]
    pub modifiers: Vec<ModifierTable>,
    /// Supported type combinations (mmaf, mmai, mmaf_scaled, …), one per revision.
    #[serde(default)]
    pub combinations: Vec<CombinationTable>,
    #[serde(default)]
    pub accuracy: Vec<Accuracy>,
    /// Rules from the description that the tables do not capture, in our words.
    #[serde(default)]
    pub rule: Vec<Rule>,
    /// Target requirements the spec states.
    #[serde(default)]
    pub target: Vec<TargetFact>,
    /// What each `TypesMatchWith(from -> to)` / `OptionalTypesMatchWith` trait requires.
    #[serde(default)]
    pub types_match: Vec<TypesMatch>,
    /// Names the op had in earlier versions (`print` until 13.2), each with its text form then.
    #[serde(default)]
    pub former_name: Vec<FormerName>,
    /// Names tools newer than the spec-db's version print for the op (`fpowf` for `pow`).
    #[serde(default)]
    pub later_name: Vec<LaterName>,
    /// The op's position in `TileIrDb::ops`, set when the database is loaded, so analyses can
    /// keep per-op data in a plain vector.
    #[serde(skip)]
    pub index: usize,
}

impl Op {
    /// Whether the op carries the `[[op.rule]]` with this id (the checks that implement a rule
    /// ask, so data and code stay in step).
    pub fn has_rule(&self, id: &str) -> bool {
        self.rule.iter().any(|r| r.id == id)
    }
}

/// A name an op had before it was renamed: `print`, `print_tko` from 13.2 on (the op code did
/// not change, so bytecode is the same; only the text differs).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormerName {
    pub name: String,
    /// The version that introduced the new name; the former one is the op's name before it.
    pub until: String,
    /// The assembly format under the former name.
    pub format: String,
    pub source: String,
}

/// A name that tools newer than the specification speclint holds give the op, with the same op
/// code: `tileirdisasm` 13.5 prints 13.3's `pow` (op code 84) as `fpowf`. Text written with it
/// is not 13.3 text, but it is the same op; a version newer than the spec-db's reads it as the
/// op.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaterName {
    pub name: String,
    /// Where the name was seen (a tool and its release, an encoder's name for the op).
    pub observed: String,
}

/// An operand or a result.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Operand {
    pub name: String,
    /// The constraint as the definition writes it (for hovers and review).
    pub constraint: String,
    /// The normalized type expression the checker uses.
    #[serde(rename = "type")]
    pub type_expr: String,
    /// `single`, `optional` or `variadic`.
    #[serde(default = "single")]
    pub arity: String,
    pub since: String,
    pub summary: String,
}

fn single() -> String {
    "single".to_string()
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attribute {
    pub name: String,
    pub constraint: String,
    /// `enum:RoundingMode`, `flag`, `integer`, `string`, `symbol`, `array`, `dense`, `type`,
    /// `dictionary`, `hints`, `assume_predicate`.
    pub kind: String,
    /// `required`, `optional` or `default`.
    pub presence: String,
    #[serde(default)]
    pub default: Option<String>,
    /// The enum cases this op accepts, when it restricts the enum.
    #[serde(default)]
    pub cases: Vec<String>,
    /// Where `cases` comes from when the spec does not restrict the enum (it lists every case)
    /// but NVIDIA's verifier does: `observed: tileiras 13.5.37 (…)`. None: the spec states it.
    #[serde(default)]
    pub cases_source: Option<String>,
    pub since: String,
    pub summary: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Region {
    pub name: String,
    pub since: String,
    pub summary: String,
}

/// A "supported modifiers per data type" table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModifierTable {
    /// The spec revision the table is from: `13.1` (the seed chapter) or `13.3`.
    pub revision: String,
    pub source: String,
    /// The element-type columns, in order: normally `["f32", "f64", "bf16", "f16"]`.
    pub columns: Vec<String>,
    /// `[modifier, cell…]`: modifier is `flush_to_zero`, `rounding<zero>` or a bare rounding
    /// keyword (`approx`); cells are `yes`, `emulated` (yes*, emulated in f32) or `no`.
    pub rows: Vec<Vec<String>>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombinationTable {
    pub revision: String,
    pub source: String,
    /// Column names, e.g. `["input", "output"]`; the checker knows each op's columns.
    pub columns: Vec<String>,
    /// One row per combination; a cell lists alternatives separated by spaces.
    pub rows: Vec<Vec<String>>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Accuracy {
    /// The rounding mode the bound is for (`approx`, `full`), or absent for the default.
    #[serde(default)]
    pub rounding: Option<String>,
    /// The element types it applies to; empty = all.
    #[serde(default)]
    pub dtypes: Vec<String>,
    pub text: String,
    pub since: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// A stable identifier within the op, e.g. `same-rank`, `i1-result`.
    pub id: String,
    pub text: String,
    pub since: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetFact {
    /// What the requirement applies to: space-separated `name=value` or element-type tokens,
    /// e.g. `mode=addf bf16`.
    pub when: String,
    /// The minimum target: `sm_90` = sm_90 or later.
    pub target: String,
    pub text: String,
    pub source: String,
}

/// A `TypesMatchWith(from -> to)` trait: the type of `to` follows from the type of `from`. The
/// trait's name does not say how, so the spec's constraint text is recorded with a transform.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TypesMatch {
    pub from: String,
    pub to: String,
    /// `same` (the same type), `same-shape`, `pointer` (a tile of the same shape whose elements
    /// point to `from`'s element type) or `i1-same-shape` (a tile of i1 of the same shape).
    pub transform: String,
    /// `OptionalTypesMatchWith`: checked only when both values are present.
    #[serde(default)]
    pub optional: bool,
    /// The spec's constraint, as written.
    pub text: String,
}
