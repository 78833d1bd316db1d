//! Validates the Tile IR data files (`tile-ir/**/*.toml`) and bundles them for the library.

use crate::tile_ir_model::{AssumePredicate, Op, OptimizationHints, TileIrFile};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const VERSIONS: &[&str] = &["13.1", "13.2", "13.3", "13.4"];
const CELLS: &[&str] = &["yes", "emulated", "no"];
const PRESENCE: &[&str] = &["required", "optional", "default"];
const ARITY: &[&str] = &["single", "optional", "variadic"];
const TYPE_TRANSFORMS: &[&str] = &["same", "same-shape", "pointer", "i1-same-shape"];
const PLAIN_KINDS: &[&str] = &[
    "flag",
    "integer",
    "bool",
    "string",
    "symbol",
    "array",
    "dense",
    "type",
    "dictionary",
    "hints",
    "assume_predicate",
];
const VIEW_TYPES: &[&str] = &[
    "tensor_view",
    "partition_view",
    "strided_view",
    "gather_scatter_view",
    "tile_view",
    "token",
    "any",
];

/// Returns the Rust source of a `&[(&str, &str)]` table of (file name, contents).
pub fn generate(dir: &Path, files: &[PathBuf], errors: &mut Vec<String>) -> String {
    let mut parsed = Vec::new();
    for path in files {
        let name = path.strip_prefix(dir).unwrap_or(path).display().to_string();
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                errors.push(format!("tile-ir/{name}: {e}"));
                continue;
            }
        };
        match toml::from_str::<TileIrFile>(&text) {
            Ok(file) => parsed.push((name, file)),
            Err(e) => errors.push(format!("tile-ir/{name}: {e}")),
        }
    }
    validate(&parsed, errors);

    let mut code = String::from("pub static TILE_IR_FILES: &[(&str, &str)] = &[\n");
    for path in files {
        let name = path.strip_prefix(dir).unwrap_or(path).display().to_string();
        code.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    code.push_str("];\n");
    code
}

fn validate(files: &[(String, TileIrFile)], errors: &mut Vec<String>) {
    let element_types: BTreeSet<&str> = files
        .iter()
        .flat_map(|(_, f)| f.element_type.iter().map(|e| e.name.as_str()))
        .collect();
    let enums: BTreeSet<&str> = files
        .iter()
        .flat_map(|(_, f)| f.enums.iter().map(|e| e.name.as_str()))
        .collect();
    let mut op_names = BTreeSet::new();
    for (file, data) in files {
        for e in &data.element_type {
            let target_ok = |t: &str| {
                t.strip_prefix("sm_")
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            };
            match (&e.target, &e.target_source) {
                (Some(t), _) if !target_ok(t) => errors.push(format!(
                    "tile-ir/{file}: element type {}: target `{t}` is not sm_NN",
                    e.name
                )),
                (Some(_), None) => errors.push(format!(
                    "tile-ir/{file}: element type {}: target needs target_source",
                    e.name
                )),
                (None, Some(_)) => errors.push(format!(
                    "tile-ir/{file}: element type {}: target_source without target",
                    e.name
                )),
                // The spec states no GPU limits on element types: say where the limit comes from.
                (Some(_), Some(source))
                    if !source.starts_with("observed: ") && !source.contains(".md") =>
                {
                    errors.push(format!(
                        "tile-ir/{file}: element type {}: target_source must name a spec file or start with `observed: `",
                        e.name
                    ))
                }
                _ => {}
            }
            for gpu in &e.only_on {
                if !target_ok(gpu) {
                    errors.push(format!(
                        "tile-ir/{file}: element type {}: only_on `{gpu}` is not sm_NN",
                        e.name
                    ));
                }
            }
            if !e.only_on.is_empty() && e.target.as_ref().is_none_or(|t| !e.only_on.contains(t)) {
                errors.push(format!(
                    "tile-ir/{file}: element type {}: only_on needs target, one of its GPUs",
                    e.name
                ));
            }
        }
        let mut check_version = |what: &str, v: &str| {
            if !VERSIONS.contains(&v) {
                errors.push(format!("tile-ir/{file}: {what}: unknown version `{v}`"));
            }
        };
        for e in &data.element_type {
            check_version(&format!("element type {}", e.name), &e.since);
        }
        for t in &data.types {
            check_version(&format!("type {}", t.name), &t.since);
        }
        for e in &data.enums {
            check_version(&format!("enum {}", e.name), &e.since);
            for c in &e.cases {
                check_version(&format!("enum {} case {}", e.name, c.keyword), &c.since);
            }
        }
        for c in &data.constraint {
            if let Err(e) = check_type_expr(&c.expr, &element_types) {
                errors.push(format!("tile-ir/{file}: constraint {}: {e}", c.name));
            }
        }
        for op in &data.op {
            if !op_names.insert(op.name.clone()) {
                errors.push(format!("tile-ir/{file}: op {} defined twice", op.name));
            }
            validate_op(file, op, &element_types, &enums, errors);
        }
    }
    let hints: Vec<_> = files
        .iter()
        .filter_map(|(file, data)| data.optimization_hints.as_ref().map(|h| (file, h)))
        .collect();
    if hints.len() > 1 {
        errors.push("tile-ir: optimization_hints is defined in more than one file".to_string());
    }
    let gpu_lists: Vec<_> = files
        .iter()
        .filter_map(|(file, data)| data.gpus.as_ref().map(|g| (file, g)))
        .collect();
    if gpu_lists.len() != 1 {
        errors.push("tile-ir: gpus must be defined in exactly one file".to_string());
    }
    for (file, gpus) in gpu_lists {
        for name in &gpus.names {
            let ok = name
                .strip_prefix("sm_")
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            if !ok {
                errors.push(format!("tile-ir/{file}: gpus: `{name}` is not sm_NN"));
            }
        }
    }
    let all_ops: Vec<&Op> = files.iter().flat_map(|(_, f)| &f.op).collect();
    for (file, hints) in hints {
        validate_hints(file, hints, &all_ops, errors);
    }
    let mut predicate_names = BTreeSet::new();
    for (file, data) in files {
        for predicate in &data.assume_predicate {
            if !predicate_names.insert(predicate.name.as_str()) {
                errors.push(format!(
                    "tile-ir/{file}: assume predicate `{}` is defined twice",
                    predicate.name
                ));
            }
            validate_predicate(file, predicate, errors);
        }
    }
}

/// The rule ids the checker (`server/src/tile_ir/assume.rs`) implements, per predicate.
const PREDICATE_RULES: &[(&str, &[&str])] = &[
    (
        "div_by",
        &[
            "divisor-power-of-two",
            "every-along-together",
            "no-groups-on-0d-or-view",
            "along-within-rank",
            "every-within-dimension",
        ],
    ),
    (
        "same_elements",
        &["one-value-per-dimension", "value-within-dimension"],
    ),
    ("bounded", &["bound-in-type-range", "lower-not-above-upper"]),
];
const PREDICATE_VALUES: &[&str] = &["integer-tile", "pointer-tile", "tensor_view"];

/// An assume predicate: a name and rules the checker knows, values it knows, a known version,
/// a source for a divisor limit.
fn validate_predicate(file: &str, predicate: &AssumePredicate, errors: &mut Vec<String>) {
    let name = &predicate.name;
    let mut error =
        |msg: String| errors.push(format!("tile-ir/{file}: assume predicate `{name}`: {msg}"));
    let Some((_, known_rules)) = PREDICATE_RULES.iter().find(|(n, _)| n == name) else {
        error("the checker knows no such predicate".to_string());
        return;
    };
    for rule in &predicate.rule {
        if !known_rules.contains(&rule.id.as_str()) {
            error(format!(
                "rule `{}` is not one the checker implements",
                rule.id
            ));
        }
    }
    for value in &predicate.applies_to {
        if !PREDICATE_VALUES.contains(&value.as_str()) {
            error(format!("unknown value kind `{value}`"));
        }
    }
    if !VERSIONS.contains(&predicate.since.as_str()) {
        error(format!("unknown version `{}`", predicate.since));
    }
    if predicate.max_divisor.is_some() != predicate.max_divisor_source.is_some() {
        error("max_divisor and max_divisor_source go together".to_string());
    }
}

/// The optimization hints: GPU keys are `default` or `sm_NN`; every hint names ops that have
/// an `optimization_hints` attribute, a value kind the checker knows and a range that fits it.
fn validate_hints(file: &str, hints: &OptimizationHints, ops: &[&Op], errors: &mut Vec<String>) {
    let mut error = |msg: String| errors.push(format!("tile-ir/{file}: optimization_hints: {msg}"));
    let is_gpu = |t: &str| {
        t.strip_prefix("sm_")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    for target in &hints.targets {
        if target != "default" && !is_gpu(target) {
            error(format!("target `{target}` is neither `default` nor sm_NN"));
        }
    }
    for target in &hints.single_cta_targets {
        if !hints.targets.contains(target) {
            error(format!("single-CTA target `{target}` is not in targets"));
        }
    }
    if !hints.single_cta_targets.is_empty() && hints.single_cta_source.is_none() {
        error("single_cta_targets needs single_cta_source".to_string());
    }
    if !VERSIONS.contains(&hints.since.as_str()) {
        error(format!("unknown version `{}`", hints.since));
    }
    let mut names = BTreeSet::new();
    for hint in &hints.hint {
        let mut error = |msg: String| error(format!("hint {}: {msg}", hint.name));
        if !names.insert(hint.name.as_str()) {
            error("defined twice".to_string());
        }
        if !VERSIONS.contains(&hint.since.as_str()) {
            error(format!("unknown version `{}`", hint.since));
        }
        for name in &hint.ops {
            let takes_hints = ops
                .iter()
                .any(|op| op.name == *name && op.attribute.iter().any(|a| a.kind == "hints"));
            if !takes_hints {
                error(format!("op `{name}` has no optimization_hints attribute"));
            }
        }
        let ranged = hint.min.is_some() || hint.max.is_some() || !hint.values.is_empty();
        match hint.value.as_str() {
            "integer" if !ranged && !hint.power_of_two => {
                error("an integer hint needs min/max or values".to_string())
            }
            "integer" => {}
            "bool" if ranged || hint.power_of_two => {
                error("a bool hint takes no range".to_string())
            }
            "bool" => {}
            other => error(format!("unknown value kind `{other}`")),
        }
        if hint.min.zip(hint.max).is_some_and(|(min, max)| min > max) {
            error("min is greater than max".to_string());
        }
    }
}

fn validate_op(
    file: &str,
    op: &Op,
    element_types: &BTreeSet<&str>,
    enums: &BTreeSet<&str>,
    errors: &mut Vec<String>,
) {
    let mut error = |msg: String| errors.push(format!("tile-ir/{file}: op {}: {msg}", op.name));
    let version_ok = |v: &str| VERSIONS.contains(&v);
    if !version_ok(&op.since) {
        error(format!("unknown version `{}`", op.since));
    }
    for former in &op.former_name {
        if !version_ok(&former.until) || former.until == op.since {
            error(format!(
                "former name `{}`: `until` must be a version after the op's `since`, not `{}`",
                former.name, former.until
            ));
        }
    }
    for later in &op.later_name {
        if later.name == op.name || later.observed.trim().is_empty() {
            error(format!(
                "later name `{}`: must differ from the op's name and say where it was observed",
                later.name
            ));
        }
    }
    if op.format_source != "definition" && op.format_source != "speclint" {
        error(format!(
            "format_source must be definition or speclint, not `{}`",
            op.format_source
        ));
    }
    let operand_names: BTreeSet<&str> = op.operand.iter().map(|o| o.name.as_str()).collect();
    for value in op.operand.iter().chain(&op.result) {
        if !version_ok(&value.since) {
            error(format!("{}: unknown version `{}`", value.name, value.since));
        }
        if !ARITY.contains(&value.arity.as_str()) {
            error(format!("{}: unknown arity `{}`", value.name, value.arity));
        }
        if let Err(e) = check_type_expr(&value.type_expr, element_types) {
            error(format!("{}: {e}", value.name));
        }
        if !op.format.contains(&format!("${}", value.name))
            && !op.format.contains(&format!("type(${})", value.name))
            && op.format_source == "definition"
            // Results may be inferred and so absent from the format (mmai, get_tile_block_id).
            && operand_names.contains(value.name.as_str())
        {
            error(format!("{} does not appear in the format", value.name));
        }
    }
    for attr in &op.attribute {
        if !version_ok(&attr.since) {
            error(format!(
                "attribute {}: unknown version `{}`",
                attr.name, attr.since
            ));
        }
        if !PRESENCE.contains(&attr.presence.as_str()) {
            error(format!(
                "attribute {}: unknown presence `{}`",
                attr.name, attr.presence
            ));
        }
        match attr.kind.strip_prefix("enum:") {
            Some(name) if !enums.contains(name) => {
                error(format!("attribute {}: unknown enum `{name}`", attr.name))
            }
            Some(_) => {}
            None if !PLAIN_KINDS.contains(&attr.kind.as_str()) => error(format!(
                "attribute {}: unknown kind `{}`",
                attr.name, attr.kind
            )),
            None => {}
        }
    }
    for region in &op.region {
        if !version_ok(&region.since) {
            error(format!(
                "region {}: unknown version `{}`",
                region.name, region.since
            ));
        }
    }
    for table in &op.modifiers {
        if !version_ok(&table.revision) {
            error(format!(
                "modifier table: unknown revision `{}`",
                table.revision
            ));
        }
        for column in &table.columns {
            if !element_types.contains(column.as_str()) {
                error(format!(
                    "modifier table: unknown element type column `{column}`"
                ));
            }
        }
        for row in &table.rows {
            if row.len() != table.columns.len() + 1 {
                error(format!(
                    "modifier row {row:?}: expected {} cells",
                    table.columns.len() + 1
                ));
            }
            for cell in row.iter().skip(1) {
                if !CELLS.contains(&cell.as_str()) {
                    error(format!(
                        "modifier row {row:?}: cell `{cell}` is not yes/emulated/no"
                    ));
                }
            }
        }
    }
    for table in &op.combinations {
        if !version_ok(&table.revision) {
            error(format!(
                "combination table: unknown revision `{}`",
                table.revision
            ));
        }
        for row in &table.rows {
            if row.len() != table.columns.len() {
                error(format!(
                    "combination row {row:?}: expected {} cells",
                    table.columns.len()
                ));
            }
            for (column, cell) in table.columns.iter().zip(row) {
                // mma tables name their columns input/scale/output; other tables name an enum
                // attribute (cells are its cases) or an operand/result (cells are element types).
                let attr = op.attribute.iter().find(|a| &a.name == column);
                let is_value = op
                    .operand
                    .iter()
                    .chain(&op.result)
                    .any(|v| &v.name == column);
                for word in cell.split_whitespace() {
                    match attr {
                        Some(a) if a.kind.starts_with("enum:") => {
                            let unknown = !a.cases.is_empty() && !a.cases.iter().any(|c| c == word);
                            if unknown {
                                error(format!(
                                    "combination row {row:?}: `{word}` is not a case of attribute {column}"
                                ));
                            }
                        }
                        Some(_) => error(format!(
                            "combination column {column}: only enum attributes can be columns"
                        )),
                        None if !element_types.contains(word) => error(format!(
                            "combination row {row:?}: unknown element type `{word}`"
                        )),
                        None => {}
                    }
                }
                if attr.is_none()
                    && !is_value
                    && !["input", "scale", "output"].contains(&column.as_str())
                {
                    error(format!(
                        "combination column `{column}` is no attribute, operand or result"
                    ));
                }
            }
        }
    }
    // Every TypesMatchWith trait has its `[[op.types_match]]`, and every one of those a trait.
    let value_names: BTreeSet<&str> = op
        .operand
        .iter()
        .chain(&op.result)
        .map(|v| v.name.as_str())
        .collect();
    let mut traits: Vec<(bool, String, String)> = Vec::new();
    for t in &op.traits {
        let (optional, rest) = match t.strip_prefix("OptionalTypesMatchWith(") {
            Some(rest) => (true, rest),
            None => match t.strip_prefix("TypesMatchWith(") {
                Some(rest) => (false, rest),
                None => continue,
            },
        };
        match rest.trim_end_matches(')').split_once("->") {
            Some((from, to)) => traits.push((optional, from.trim().into(), to.trim().into())),
            None => error(format!("trait `{t}` is not `TypesMatchWith(a -> b)`")),
        }
    }
    for m in &op.types_match {
        for name in [&m.from, &m.to] {
            if !value_names.contains(name.as_str()) {
                error(format!("types_match: `{name}` is no operand or result"));
            }
        }
        if !TYPE_TRANSFORMS.contains(&m.transform.as_str()) {
            error(format!(
                "types_match {} -> {}: unknown transform `{}` (one of {TYPE_TRANSFORMS:?})",
                m.from, m.to, m.transform
            ));
        }
        if !traits.contains(&(m.optional, m.from.clone(), m.to.clone())) {
            error(format!(
                "types_match {} -> {} (optional = {}) has no such TypesMatchWith trait",
                m.from, m.to, m.optional
            ));
        }
    }
    for (optional, from, to) in &traits {
        let n = op
            .types_match
            .iter()
            .filter(|m| m.optional == *optional && &m.from == from && &m.to == to)
            .count();
        if n != 1 {
            error(format!(
                "trait TypesMatchWith({from} -> {to}) needs exactly one [[op.types_match]], has {n}"
            ));
        }
    }
    for fact in op
        .accuracy
        .iter()
        .map(|a| &a.since)
        .chain(op.rule.iter().map(|r| &r.since))
    {
        if !version_ok(fact) {
            error(format!("accuracy/rule: unknown version `{fact}`"));
        }
    }
}

/// Checks a normalized type expression (see README, "Type expressions").
pub fn check_type_expr(expr: &str, element_types: &BTreeSet<&str>) -> Result<(), String> {
    if VIEW_TYPES.contains(&expr) {
        return Ok(());
    }
    let inner = expr
        .strip_prefix("tile<")
        .or_else(|| expr.strip_prefix("scalar<"))
        .and_then(|rest| rest.strip_suffix('>'))
        .ok_or_else(|| format!("`{expr}` is not a type expression"))?;
    if inner == "*" {
        return Ok(());
    }
    for alternative in inner.split('|') {
        let ok = match alternative.strip_prefix("ptr") {
            Some("") => true,
            Some(pointee) => pointee
                .strip_prefix('<')
                .and_then(|p| p.strip_suffix('>'))
                .is_some_and(|p| p.split('|').all(|t| element_types.contains(t))),
            None => element_types.contains(alternative),
        };
        if !ok {
            return Err(format!(
                "`{alternative}` in `{expr}` is not an element type"
            ));
        }
    }
    Ok(())
}
