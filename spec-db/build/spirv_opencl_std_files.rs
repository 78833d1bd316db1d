//! Validates the OpenCL.std data (`spirv/opencl-std/**/*.toml`: type rules, accuracy tables,
//! numerical rules) against the Khronos grammars and compiles it into static tables
//! (`OUT_DIR/spirv_opencl_std.rs`). Every error names the file and the entry.

use super::spirv_grammar::{read_grammar, JsonInstruction};
use crate::opencl_std_model::{
    parse_bound, parse_type_rule, Bound, Counts, Elem, Epsilon, Ref, Shape, TypeRule, ValueType,
};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The sections of the extended instruction set specification, in order.
const SECTIONS: &[&str] = &[
    "2.1. Math extended instructions",
    "2.2. Integer instructions",
    "2.3. Common instructions",
    "2.4. Geometric instructions",
    "2.5. Relational instructions",
    "2.6. Vector Data Load and Store instructions",
    "2.7. Miscellaneous Vector instructions",
    "2.8. Misc instructions",
];
const REVISIONS: &[(&str, &str)] = &[("2.2-seed", "Seed22"), ("current", "Current")];
const TABLES: &[(&str, &str)] = &[
    ("full", "Full"),
    ("embedded", "Embedded"),
    ("relaxed", "Relaxed"),
];

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DataFile {
    #[serde(default)]
    function: Vec<FunctionEntry>,
    #[serde(default)]
    table: Vec<TableEntry>,
    #[serde(default)]
    accuracy: Vec<AccuracyEntry>,
    #[serde(default)]
    rule: Vec<RuleEntry>,
    #[serde(default)]
    edge_case: Vec<EdgeCaseEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FunctionEntry {
    name: String,
    section: String,
    summary: String,
    result: String,
    operands: Vec<String>,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableEntry {
    id: String,
    revision: String,
    section: String,
    #[serde(default)]
    anchor: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AccuracyEntry {
    name: String,
    #[serde(default)]
    case: Option<String>,
    table: String,
    revisions: Vec<String>,
    #[serde(default)]
    fp64: Option<String>,
    #[serde(default)]
    fp32: Option<String>,
    #[serde(default)]
    fp16: Option<String>,
    #[serde(default)]
    fp32_embedded: Option<String>,
    #[serde(default)]
    domain: Option<String>,
    #[serde(default)]
    derivation: Option<String>,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleEntry {
    id: String,
    revisions: Vec<String>,
    section: String,
    #[serde(default)]
    seed_section: Option<String>,
    summary: String,
    #[serde(default)]
    instructions: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EdgeCaseEntry {
    name: String,
    revisions: Vec<String>,
    section: String,
    #[serde(default)]
    seed_section: Option<String>,
    cases: Vec<String>,
}

/// What the build needs from the JSON grammars.
pub fn generate(
    dir: &Path,
    files: &[PathBuf],
    grammar_dir: &Path,
    errors: &mut Vec<String>,
) -> String {
    let (Some(std_grammar), Some(core)) = (
        read_grammar(grammar_dir, "extinst.opencl.std.100.grammar.json", errors),
        read_grammar(grammar_dir, "spirv.core.grammar.json", errors),
    ) else {
        return String::new();
    };
    let std_by_name: BTreeMap<&str, &JsonInstruction> = std_grammar
        .instructions
        .iter()
        .map(|i| (i.opname.as_str(), i))
        .collect();
    let core_names: BTreeSet<&str> = core
        .instructions
        .iter()
        .map(|i| i.opname.as_str())
        .collect();
    // The model's storage-class names must be real SPIR-V enumerants.
    let storage: BTreeSet<&str> = core
        .operand_kinds
        .iter()
        .filter(|k| k.kind == "StorageClass")
        .flat_map(|k| k.enumerants.iter().map(|e| e.enumerant.as_str()))
        .collect();
    for name in crate::opencl_std_model::StorageClasses::NAMES {
        if !storage.contains(name) {
            errors.push(format!(
                "opencl_std_model: `{name}` is not a SPIR-V storage class"
            ));
        }
    }

    let mut data: Vec<(String, DataFile)> = Vec::new();
    for path in files {
        let name = format!(
            "spirv/opencl-std/{}",
            path.strip_prefix(dir).unwrap_or(path).display()
        );
        match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| toml::from_str::<DataFile>(&t).map_err(|e| e.to_string()))
        {
            Ok(file) => data.push((name, file)),
            Err(e) => errors.push(format!("{name}: {e}")),
        }
    }

    let mut out = String::new();
    out.push_str(&functions(&data, &std_by_name, errors));
    out.push_str(&accuracy(&data, &std_by_name, &core_names, errors));
    out.push_str(&rules(&data, &std_by_name, &core_names, errors));
    out
}

fn functions(
    data: &[(String, DataFile)],
    grammar: &BTreeMap<&str, &JsonInstruction>,
    errors: &mut Vec<String>,
) -> String {
    let mut rendered: BTreeMap<u32, String> = BTreeMap::new();
    let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
    for (file, f) in data {
        for entry in &f.function {
            let mut error =
                |msg: String| errors.push(format!("{file}: function {}: {msg}", entry.name));
            if let Some(other) = seen.insert(&entry.name, file) {
                error(format!("defined twice (also in {other})"));
                continue;
            }
            let Some(json) = grammar.get(entry.name.as_str()) else {
                error(
                    "not an OpenCL.std instruction in extinst.opencl.std.100.grammar.json".into(),
                );
                continue;
            };
            if !SECTIONS.contains(&entry.section.as_str()) {
                error(format!("unknown section `{}`", entry.section));
            }
            let result = match parse_type_rule(&entry.result) {
                Ok(TypeRule::Void) => TypeRule::Void,
                Ok(rule @ TypeRule::Value(v)) if rule.refs().is_empty() && is_absolute(&v) => rule,
                Ok(_) => {
                    error(format!(
                        "result `{}` must be void or a type that refers to nothing",
                        entry.result
                    ));
                    continue;
                }
                Err(e) => {
                    error(format!("result: {e}"));
                    continue;
                }
            };
            if entry.operands.len() != json.operands.len() {
                error(format!(
                    "{} operands, the grammar has {}",
                    entry.operands.len(),
                    json.operands.len()
                ));
                continue;
            }
            let mut operands = Vec::new();
            for (index, (token, json_op)) in entry.operands.iter().zip(&json.operands).enumerate() {
                let rule = match parse_type_rule(token) {
                    Ok(rule) => rule,
                    Err(e) => {
                        error(format!("operand {index}: {e}"));
                        continue;
                    }
                };
                let expected_kind = match rule {
                    TypeRule::LiteralCount(_) => "LiteralInteger",
                    TypeRule::RoundingMode => "FPRoundingMode",
                    _ => "IdRef",
                };
                if json_op.kind != expected_kind {
                    error(format!(
                        "operand {index} `{token}` needs grammar kind {expected_kind}, the grammar has {}",
                        json_op.kind
                    ));
                }
                let variadic = json_op.quantifier.as_deref() == Some("*");
                if variadic != (rule == TypeRule::Variadic) {
                    error(format!(
                        "operand {index} `{token}`: `variadic` must match the grammar's `*` quantifier"
                    ));
                }
                for r in rule.refs() {
                    if let Ref::Operand(n) = r {
                        if n as usize >= entry.operands.len() || n as usize == index {
                            error(format!("operand {index} `{token}` refers to operand {n}"));
                        }
                    } else if result == TypeRule::Void {
                        error(format!("operand {index} `{token}` refers to a void result"));
                    }
                }
                operands.push(rule_rust(&rule));
            }
            rendered.insert(
                json.opcode,
                format!(
                    "    Function {{ name: {:?}, opcode: {}, section: {:?}, summary: {:?}, result: {}, operands: &[{}], note: {} }},\n",
                    entry.name,
                    json.opcode,
                    entry.section,
                    entry.summary,
                    rule_rust(&result),
                    operands.join(", "),
                    opt_str(&entry.note),
                ),
            );
        }
    }
    for name in grammar.keys() {
        if !seen.contains_key(name) {
            errors.push(format!(
                "spirv/opencl-std: OpenCL.std instruction {name} has no type rule"
            ));
        }
    }
    let mut out = String::from("/// Every OpenCL.std instruction's type rule, sorted by opcode.\npub static FUNCTIONS: &[Function] = &[\n");
    for line in rendered.values() {
        out.push_str(line);
    }
    out.push_str("];\n");
    out
}

/// A result type must not refer to anything: every `Elem`/`Shape` is absolute.
fn is_absolute(v: &ValueType) -> bool {
    matches!(v.elem, Elem::Scalar { .. }) && matches!(v.shape, Shape::Counts(_))
}

fn accuracy(
    data: &[(String, DataFile)],
    std: &BTreeMap<&str, &JsonInstruction>,
    core: &BTreeSet<&str>,
    errors: &mut Vec<String>,
) -> String {
    let mut out = String::from("pub static ACCURACY_TABLES: &[AccuracyTable] = &[\n");
    let mut declared = BTreeSet::new();
    for (file, f) in data {
        for t in &f.table {
            let id = lookup(TABLES, &t.id);
            let rev = lookup(REVISIONS, &t.revision);
            match (id, rev) {
                (Some(id), Some(rev)) => {
                    if !declared.insert((t.id.clone(), t.revision.clone())) {
                        errors.push(format!(
                            "{file}: table {} {} declared twice",
                            t.id, t.revision
                        ));
                    }
                    writeln!(
                        out,
                        "    AccuracyTable {{ table: Table::{id}, revision: Revision::{rev}, section: {:?}, anchor: {} }},",
                        t.section,
                        opt_str(&t.anchor)
                    )
                    .unwrap();
                }
                _ => errors.push(format!(
                    "{file}: table `{}` revision `{}` unknown",
                    t.id, t.revision
                )),
            }
        }
    }
    out.push_str("];\n");

    out.push_str("pub static ACCURACY: &[AccuracyEntry] = &[\n");
    let mut covered: BTreeSet<(String, Option<String>, String, String)> = BTreeSet::new();
    for (file, f) in data {
        for a in &f.accuracy {
            let what = match &a.case {
                Some(case) => format!("{file}: accuracy {} ({case}) in {}", a.name, a.table),
                None => format!("{file}: accuracy {} in {}", a.name, a.table),
            };
            let mut error = |msg: String| errors.push(format!("{what}: {msg}"));
            if !std.contains_key(a.name.as_str()) && !core.contains(a.name.as_str()) {
                error("not an OpenCL.std instruction nor a core opcode".into());
            }
            let Some(table) = lookup(TABLES, &a.table) else {
                error(format!("unknown table `{}`", a.table));
                continue;
            };
            let revisions = revision_list(&a.revisions, &mut error);
            for r in &a.revisions {
                if !declared.contains(&(a.table.clone(), r.clone())) {
                    error(format!("no [[table]] for {} {r}", a.table));
                }
                if !covered.insert((a.name.clone(), a.case.clone(), a.table.clone(), r.clone())) {
                    error(format!("a second entry for revision {r}"));
                }
            }
            let relaxed = a.table == "relaxed";
            if relaxed && (a.fp64.is_some() || a.fp16.is_some()) {
                error("the relaxed table has fp32 columns only".into());
            }
            if !relaxed && a.fp32_embedded.is_some() {
                error("fp32_embedded belongs to the relaxed table".into());
            }
            if a.fp64.is_none() && a.fp32.is_none() && a.fp16.is_none() {
                error("no bound in any column".into());
            }
            let mut cell = |text: &Option<String>| -> String {
                let Some(text) = text else {
                    return "None".into();
                };
                match parse_bound(text) {
                    Ok(bound) => {
                        if let Bound::As(names) = bound {
                            for n in names.split(", ") {
                                if !std.contains_key(n) {
                                    error(format!(
                                        "`{text}`: {n} is not an OpenCL.std instruction"
                                    ));
                                }
                            }
                        }
                        format!(
                            "Some(Cell {{ text: {text:?}, bound: {} }})",
                            bound_rust(&bound)
                        )
                    }
                    Err(e) => {
                        error(e);
                        "None".into()
                    }
                }
            };
            let cells = [&a.fp64, &a.fp32, &a.fp16, &a.fp32_embedded].map(&mut cell);
            writeln!(
                out,
                "    AccuracyEntry {{ name: {:?}, case: {}, table: Table::{table}, revisions: &[{revisions}], fp64: {}, fp32: {}, fp16: {}, fp32_embedded: {}, domain: {}, derivation: {}, note: {} }},",
                a.name,
                opt_str(&a.case),
                cells[0],
                cells[1],
                cells[2],
                cells[3],
                opt_str(&a.domain),
                opt_str(&a.derivation),
                opt_str(&a.note),
            )
            .unwrap();
        }
    }
    out.push_str("];\n");
    out
}

fn rules(
    data: &[(String, DataFile)],
    std: &BTreeMap<&str, &JsonInstruction>,
    core: &BTreeSet<&str>,
    errors: &mut Vec<String>,
) -> String {
    let mut out = String::from("pub static NUMERICAL_RULES: &[NumericalRule] = &[\n");
    let mut seen = BTreeSet::new();
    for (file, f) in data {
        for r in &f.rule {
            let mut error = |msg: String| errors.push(format!("{file}: rule {}: {msg}", r.id));
            let revisions = revision_list(&r.revisions, &mut error);
            for rev in &r.revisions {
                if !seen.insert((r.id.clone(), rev.clone())) {
                    error(format!("a second entry for revision {rev}"));
                }
            }
            if r.revisions.iter().any(|x| x == "2.2-seed") != r.seed_section.is_some() {
                error("seed_section is required exactly when the rule holds for 2.2-seed".into());
            }
            for i in &r.instructions {
                if !core.contains(i.as_str()) {
                    error(format!("{i} is not a core opcode"));
                }
            }
            writeln!(
                out,
                "    NumericalRule {{ id: {:?}, revisions: &[{revisions}], section: {:?}, seed_section: {}, summary: {:?}, instructions: &{:?} }},",
                r.id, r.section, opt_str(&r.seed_section), r.summary, r.instructions
            )
            .unwrap();
        }
    }
    out.push_str("];\npub static EDGE_CASES: &[EdgeCases] = &[\n");
    let mut seen = BTreeSet::new();
    for (file, f) in data {
        for e in &f.edge_case {
            let mut error =
                |msg: String| errors.push(format!("{file}: edge_case {}: {msg}", e.name));
            if !std.contains_key(e.name.as_str()) {
                error("not an OpenCL.std instruction".into());
            }
            let revisions = revision_list(&e.revisions, &mut error);
            for rev in &e.revisions {
                if !seen.insert((e.name.clone(), rev.clone())) {
                    error(format!("a second entry for revision {rev}"));
                }
            }
            if e.cases.is_empty() {
                error("no cases".into());
            }
            writeln!(
                out,
                "    EdgeCases {{ name: {:?}, revisions: &[{revisions}], section: {:?}, seed_section: {}, cases: &{:?} }},",
                e.name, e.section, opt_str(&e.seed_section), e.cases
            )
            .unwrap();
        }
    }
    out.push_str("];\n");
    out
}

fn lookup(table: &[(&str, &'static str)], key: &str) -> Option<&'static str> {
    table.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

fn revision_list(revisions: &[String], error: &mut impl FnMut(String)) -> String {
    if revisions.is_empty() {
        error("no revisions".into());
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for r in revisions {
        if !seen.insert(r) {
            error(format!("revision {r} listed twice"));
        }
        match lookup(REVISIONS, r) {
            Some(v) => out.push(format!("Revision::{v}")),
            None => error(format!("unknown revision `{r}` (2.2-seed, current)")),
        }
    }
    out.join(", ")
}

fn opt_str(text: &Option<String>) -> String {
    match text {
        Some(t) => format!("Some({t:?})"),
        None => "None".into(),
    }
}

fn ref_rust(r: Ref) -> String {
    match r {
        Ref::Result => "Ref::Result".into(),
        Ref::Operand(n) => format!("Ref::Operand({n})"),
    }
}

fn value_rust(v: &ValueType) -> String {
    let elem = match v.elem {
        Elem::Scalar { float, int } => format!(
            "Elem::Scalar {{ float: Widths({}), int: Widths({}) }}",
            float.0, int.0
        ),
        Elem::ComponentOf(r) => format!("Elem::ComponentOf({})", ref_rust(r)),
        Elem::IntSameWidth => "Elem::IntSameWidth".into(),
        Elem::IntHalfWidth => "Elem::IntHalfWidth".into(),
    };
    let shape = match v.shape {
        Shape::Counts(Counts(bits)) => format!("Shape::Counts(Counts({bits}))"),
        Shape::CountOf(r) => format!("Shape::CountOf({})", ref_rust(r)),
    };
    format!("ValueType {{ elem: {elem}, shape: {shape} }}")
}

fn rule_rust(rule: &TypeRule) -> String {
    match rule {
        TypeRule::Void => "TypeRule::Void".into(),
        TypeRule::SizeT => "TypeRule::SizeT".into(),
        TypeRule::Value(v) => format!("TypeRule::Value({})", value_rust(v)),
        TypeRule::Pointer(v, classes) => format!(
            "TypeRule::Pointer({}, StorageClasses({}))",
            value_rust(v),
            classes.0
        ),
        TypeRule::LiteralCount(r) => format!("TypeRule::LiteralCount({})", ref_rust(*r)),
        TypeRule::RoundingMode => "TypeRule::RoundingMode".into(),
        TypeRule::Variadic => "TypeRule::Variadic".into(),
    }
}

fn f64_rust(v: f64) -> String {
    format!("{v:?}")
}

fn opt_f64_rust(v: Option<f64>) -> String {
    v.map_or("None".into(), |v| format!("Some({v:?})"))
}

fn bound_rust(b: &Bound) -> String {
    match *b {
        Bound::CorrectlyRounded => "Bound::CorrectlyRounded".into(),
        Bound::Ulp(v) => format!("Bound::Ulp({})", f64_rust(v)),
        Bound::UlpPerComponent {
            base,
            per_component,
        } => format!(
            "Bound::UlpPerComponent {{ base: {}, per_component: {} }}",
            f64_rust(base),
            f64_rust(per_component)
        ),
        Bound::UlpPlusTwiceAbsX { base } => {
            format!("Bound::UlpPlusTwiceAbsX {{ base: {} }}", f64_rust(base))
        }
        Bound::Absolute { max, otherwise_ulp } => format!(
            "Bound::Absolute {{ max: {}, otherwise_ulp: {} }}",
            f64_rust(max),
            opt_f64_rust(otherwise_ulp)
        ),
        Bound::AbsoluteScaled {
            per_component,
            base,
            epsilon,
        } => format!(
            "Bound::AbsoluteScaled {{ per_component: {}, base: {}, epsilon: Epsilon::{} }}",
            f64_rust(per_component),
            f64_rust(base),
            match epsilon {
                Epsilon::Half => "Half",
                Epsilon::Float => "Float",
                Epsilon::Double => "Double",
            }
        ),
        Bound::Derived { non_derived_ulp } => format!(
            "Bound::Derived {{ non_derived_ulp: {} }}",
            opt_f64_rust(non_derived_ulp)
        ),
        Bound::ImplementationDefined => "Bound::ImplementationDefined".into(),
        Bound::FmaOrMulAdd => "Bound::FmaOrMulAdd".into(),
        Bound::ExactRemainder { quotient_bits } => {
            format!("Bound::ExactRemainder {{ quotient_bits: {quotient_bits} }}")
        }
        Bound::As(names) => format!("Bound::As({names:?})"),
    }
}
