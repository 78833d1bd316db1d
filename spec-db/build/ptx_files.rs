//! The PTX data files: their TOML shape, their validation, and the generated tables.

use crate::form_syntax::{self, Shape};
use crate::rust_writer::*;
use crate::tokens::{is_state_space, number_in};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DbFile {
    #[serde(default)]
    instruction: Vec<InstructionEntry>,
    #[serde(default)]
    version: Vec<VersionEntry>,
    #[serde(default)]
    state_space: Vec<FactEntry>,
    #[serde(default, rename = "type")]
    types: Vec<TypeEntry>,
    #[serde(default)]
    directive: Vec<FactEntry>,
    #[serde(default)]
    special_register: Vec<SpecialRegisterEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InstructionEntry {
    /// Where the fact comes from when no spec text is at hand (`ptxas 13.5 (probed DATE)`).
    source: Option<String>,
    opcode: String,
    section: String,
    anchor: Option<String>,
    title: Option<String>,
    summary: String,
    ptx: Option<String>,
    target: Option<String>,
    #[serde(default)]
    aliases: Vec<String>,
    deprecated: Option<String>,
    note: Option<String>,
    #[serde(default)]
    values: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    form: Vec<FormEntry>,
    #[serde(default)]
    require: Vec<RequireEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FormEntry {
    /// Where the fact comes from when no spec text is at hand (`ptxas 13.5 (probed DATE)`).
    source: Option<String>,
    syntax: String,
    ptx: Option<String>,
    target: Option<String>,
    until_ptx: Option<String>,
    deprecated: Option<String>,
    accuracy: Option<String>,
    note: Option<String>,
    section: Option<String>,
    #[serde(default)]
    operands: BTreeMap<String, String>,
    /// Value sets of this form only; they override the instruction's of the same name.
    #[serde(default)]
    values: BTreeMap<String, Vec<String>>,
    /// operand -> ".slot" (length from the chosen modifier) or "N" / "N|M" (fixed lengths).
    #[serde(default)]
    vector: BTreeMap<String, String>,
    /// address operand -> ".slot" (the chosen state space; generic when empty) or a space.
    #[serde(default)]
    space: BTreeMap<String, String>,
    /// operand -> "any" | "4|8|16" | "0..31": must be an immediate (with these values).
    #[serde(default)]
    immediate: BTreeMap<String, String>,
    /// operand -> "label" | "function" | "symbol" | "register".
    #[serde(default)]
    kind: BTreeMap<String, String>,
    /// optional operand -> ".slot": written exactly when the slot is filled.
    #[serde(default)]
    present_with: BTreeMap<String, String>,
    /// operand -> "LO..HI": a register, or an immediate in this range.
    #[serde(default)]
    bounded: BTreeMap<String, String>,
    /// How many leading operands are destinations (default 1; 0 for `bar.sync a`).
    destinations: Option<usize>,
    withdrawn_ptx: Option<String>,
    withdrawn_target: Option<String>,
    ptxas_gap: Option<String>,
    /// What the spec says against this form, which ptxas 13.5 assembles anyway (PTX016).
    unenforced: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RequireEntry {
    /// Where the fact comes from when no spec text is at hand (`ptxas 13.5 (probed DATE)`).
    source: Option<String>,
    when: String,
    ptx: Option<String>,
    target: Option<String>,
    withdrawn_ptx: Option<String>,
    withdrawn_target: Option<String>,
    deprecated: Option<String>,
    accuracy: Option<String>,
    note: Option<String>,
    section: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VersionEntry {
    /// Where the fact comes from when no spec text is at hand (`ptxas 13.5 (probed DATE)`).
    source: Option<String>,
    ptx: String,
    section: String,
    anchor: Option<String>,
    #[serde(default)]
    targets: Vec<String>,
    cuda: Option<String>,
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FactEntry {
    name: String,
    section: String,
    anchor: Option<String>,
    summary: String,
    syntax: Option<String>,
    ptx: Option<String>,
    target: Option<String>,
    deprecated: Option<String>,
    note: Option<String>,
    #[serde(default)]
    aliases: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TypeEntry {
    /// Where the fact comes from when no spec text is at hand (`ptxas 13.5 (probed DATE)`).
    source: Option<String>,
    name: String,
    kind: String,
    bits: u16,
    section: String,
    anchor: Option<String>,
    summary: Option<String>,
    ptx: Option<String>,
    target: Option<String>,
    note: Option<String>,
    #[serde(default)]
    register_types: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecialRegisterEntry {
    name: String,
    #[serde(rename = "type")]
    ty: String,
    #[serde(default)]
    components: Vec<String>,
    #[serde(default)]
    legacy_widths: Vec<u16>,
    section: String,
    anchor: Option<String>,
    summary: String,
    ptx: Option<String>,
    target: Option<String>,
    deprecated: Option<String>,
    note: Option<String>,
    /// Where the fact comes from when no spec text is at hand (`ptxas 13.5 (probed DATE)`).
    source: Option<String>,
}

pub fn generate(_dir: &Path, files: &[PathBuf], errors: &mut Vec<String>) -> String {
    let mut db = DbFile::default();
    for path in files {
        let name = path.display().to_string();
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                errors.push(format!("{name}: {e}"));
                continue;
            }
        };
        match toml::from_str::<DbFile>(&text) {
            Ok(file) => {
                db.instruction.extend(file.instruction);
                db.version.extend(file.version);
                db.state_space.extend(file.state_space);
                db.types.extend(file.types);
                db.directive.extend(file.directive);
                db.special_register.extend(file.special_register);
            }
            Err(e) => errors.push(format!("{name}: {e}")),
        }
    }

    let mut out =
        String::from("// Generated by spec-db/build from ptx/**/*.toml. Do not edit.\n\n");
    out += &instructions(&db.instruction, errors);
    out += &versions(&db.version, errors);
    out += &facts("STATE_SPACES", &db.state_space, errors);
    out += &facts("DIRECTIVES", &db.directive, errors);
    out += &types(&db.types, errors);
    out += &special_registers(&db.special_register, errors);
    out += &format!(
        "\n/// Tokens that are PTX types: matched by position among an opcode's type slots.\npub static TYPE_TOKENS: &[&str] = {};\n",
        str_slice(form_syntax::PTX_TYPES)
    );
    out
}

fn instructions(entries: &[InstructionEntry], errors: &mut Vec<String>) -> String {
    // A catalog entry (no forms) gives way to an entry with forms for the same opcode and
    // section, so a family's forms can be written before its catalog lines are removed.
    let has_forms: BTreeSet<(&str, &str)> = entries
        .iter()
        .filter(|e| !e.form.is_empty())
        .map(|e| (e.opcode.as_str(), e.section.as_str()))
        .collect();
    let mut order: Vec<&InstructionEntry> = entries
        .iter()
        .filter(|e| {
            !e.form.is_empty() || !has_forms.contains(&(e.opcode.as_str(), e.section.as_str()))
        })
        .collect();
    order.sort_by(|a, b| {
        (a.opcode.as_str(), a.section.as_str()).cmp(&(b.opcode.as_str(), b.section.as_str()))
    });

    let mut out = String::from("pub static INSTRUCTIONS: &[Instruction] = &[\n");
    // First opcode segment -> indices of every entry (opcode or alias) that starts with it.
    let mut index: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
    for (i, entry) in order.iter().enumerate() {
        let context = format!("instruction `{}` ({})", entry.opcode, entry.section);
        for name in std::iter::once(&entry.opcode).chain(&entry.aliases) {
            let head = name.split('.').next().unwrap_or_default().to_string();
            index.entry(head).or_default().insert(i);
        }
        match instruction(entry) {
            Ok(code) => out += &code,
            Err(e) => {
                errors.push(format!("{context}: {e}"));
                out += "// (invalid entry)\n";
            }
        }
    }
    out += "];\n\n";
    out += "/// First opcode segment -> indices into INSTRUCTIONS, sorted by segment.\n";
    out += "pub static OPCODE_INDEX: &[(&str, &[u16])] = &[\n";
    for (head, indices) in index {
        let list: Vec<String> = indices.iter().map(|i| i.to_string()).collect();
        writeln!(out, "    ({}, &[{}]),", str_lit(&head), list.join(", ")).unwrap();
    }
    out += "];\n\n";
    out
}

/// A `source` field, where given, names the tool and date the fact was probed with.
fn check_source(source: &Option<String>) -> Result<(), String> {
    match source {
        Some(text) if text.trim().is_empty() => Err("empty `source`".into()),
        _ => Ok(()),
    }
}

fn instruction(entry: &InstructionEntry) -> Result<String, String> {
    let _ = (&entry.title, &entry.note);
    check_source(&entry.source)?;
    if entry.summary.trim().is_empty() {
        return Err("empty summary".into());
    }
    let head = entry.opcode.split('.').next().unwrap_or_default();
    let mut mentioned: BTreeSet<String> = BTreeSet::new();
    let mut forms = String::new();
    for form in &entry.form {
        check_source(&form.source).map_err(|e| format!("form `{}`: {e}", form.syntax))?;
        // A form the spec forbids is in the data only because the tool accepts it: it says which.
        if form.unenforced.is_some() && form.source.is_none() {
            return Err(format!(
                "form `{}`: `unenforced` needs the `source` that shows the tool accepts it",
                form.syntax
            ));
        }
        if form.unenforced.is_some() && form.ptxas_gap.is_some() {
            return Err(format!(
                "form `{}`: `unenforced` and `ptxas_gap` contradict each other",
                form.syntax
            ));
        }
        let mut values = entry.values.clone();
        values.extend(form.values.clone());
        let parsed = form_syntax::parse(&form.syntax, &values)?;
        if parsed.head != head {
            return Err(format!(
                "form `{}` does not start with `{head}`",
                form.syntax
            ));
        }
        // A form written under the wrong instruction of the same family (a `multimem.st`
        // form among `multimem.ld_reduce`'s) would never be matched: the checker looks for
        // every segment of the opcode among the modifiers.
        let has_segments = |name: &String| {
            name.split('.').skip(1).all(|segment| {
                let token = format!(".{segment}");
                parsed.slots.iter().any(|s| s.alternatives.contains(&token))
            })
        };
        if !std::iter::once(&entry.opcode)
            .chain(&entry.aliases)
            .any(has_segments)
        {
            return Err(format!(
                "form `{}` lacks a segment of the opcode `{}`",
                form.syntax, entry.opcode
            ));
        }
        for slot in &parsed.slots {
            mentioned.extend(slot.alternatives.iter().cloned());
        }
        // An optional predicate half of the destination (`d{|p}`) can be named by a `require`
        // as the token `+p`: the checker adds it when the destination is written `d|p`.
        if form.syntax.contains("{|p}") {
            mentioned.insert("+p".to_string());
        }
        forms += &form_code(form, &parsed, &entry.section)?;
    }
    for segment in entry.opcode.split('.').skip(1) {
        mentioned.insert(format!(".{segment}"));
    }
    let mut conditional = String::new();
    for require in &entry.require {
        check_source(&require.source).map_err(|e| format!("require `{}`: {e}", require.when))?;
        let groups: Vec<Vec<String>> = require
            .when
            .split_whitespace()
            .map(|group| group.split('|').map(str::to_string).collect())
            .collect();
        if groups.is_empty() {
            return Err("a `require` has an empty `when`".into());
        }
        for token in groups.iter().flatten() {
            if !entry.form.is_empty() && !mentioned.contains(token) {
                return Err(format!("`when` token `{token}` appears in no form"));
            }
        }
        let when: Vec<String> = groups.iter().map(|g| str_slice(g)).collect();
        writeln!(
            conditional,
            "        ConditionalFact {{ when: &[{}], requirement: {}, withdrawn: {}, deprecated: {}, accuracy: {}, note: {}, citation: {} }},",
            when.join(", "),
            requirement(&require.ptx, &require.target)?,
            withdrawal(&require.withdrawn_ptx, &require.withdrawn_target)?,
            opt_str(&require.deprecated),
            opt_str(&require.accuracy),
            opt_str(&require.note),
            citation(require.section.as_deref().unwrap_or(&entry.section), &entry.anchor),
        )
        .unwrap();
    }
    Ok(format!(
        "  Instruction {{\n    opcode: {}, aliases: {}, summary: {}, requirement: {}, deprecated: {}, citation: {},\n    forms: &[\n{forms}    ],\n    conditional: &[\n{conditional}    ],\n  }},\n",
        str_lit(&entry.opcode),
        str_slice(&entry.aliases),
        str_lit(entry.summary.trim()),
        requirement(&entry.ptx, &entry.target)?,
        opt_str(&entry.deprecated),
        citation(&entry.section, &entry.anchor),
    ))
}

fn form_code(
    form: &FormEntry,
    parsed: &form_syntax::Form,
    section: &str,
) -> Result<String, String> {
    let type_slots: Vec<usize> = (0..parsed.slots.len())
        .filter(|&i| parsed.slots[i].is_type)
        .collect();
    let mut slots = String::new();
    for slot in &parsed.slots {
        write!(
            slots,
            "Slot {{ name: {}, alternatives: {}, optional: {}, is_type: {} }}, ",
            str_lit(&slot.name),
            str_slice(&slot.alternatives),
            slot.optional,
            slot.is_type
        )
        .unwrap();
    }
    for (field, names) in [
        ("operands", form.operands.keys().collect::<Vec<_>>()),
        ("vector", form.vector.keys().collect()),
        ("space", form.space.keys().collect()),
        ("immediate", form.immediate.keys().collect()),
        ("kind", form.kind.keys().collect()),
        ("present_with", form.present_with.keys().collect()),
        ("bounded", form.bounded.keys().collect()),
    ] {
        for name in names {
            if !parsed.operands.iter().any(|o| &o.name == name) {
                return Err(format!(
                    "form `{}`: `{field}` names `{name}`, which the syntax lacks",
                    form.syntax
                ));
            }
        }
    }
    let slot_index = |name: &str| -> Result<usize, String> {
        parsed
            .slots
            .iter()
            .position(|s| s.name == name)
            .ok_or_else(|| {
                format!(
                    "form `{}`: type `{name}` names no slot of the form",
                    form.syntax
                )
            })
    };
    let destinations = form.destinations.unwrap_or(parsed.operands.len().min(1));
    if destinations > parsed.operands.len() {
        return Err(format!(
            "form `{}`: `destinations = {destinations}` but it has {} operands",
            form.syntax,
            parsed.operands.len()
        ));
    }
    let mut operands = String::new();
    for (position, operand) in parsed.operands.iter().enumerate() {
        let ty = match form.operands.get(&operand.name) {
            Some(expr) if expr == "any" => "TypeExpr::Any".to_string(),
            Some(expr) if expr.starts_with("2x.") => {
                format!("TypeExpr::Double({})", slot_index(&expr[2..])?)
            }
            Some(expr) if parsed.slots.iter().any(|s| &s.name == expr) => {
                format!("TypeExpr::Slot({})", slot_index(expr)?)
            }
            Some(expr) if form_syntax::is_type(expr) => {
                format!("TypeExpr::Literal({})", str_lit(expr))
            }
            Some(expr) => {
                return Err(format!(
                    "form `{}`: operand type `{expr}` is not a type, a slot or `2x.slot`",
                    form.syntax
                ))
            }
            None if matches!(operand.shape, Shape::PredicatePair | Shape::Pair) => {
                "TypeExpr::Literal(\".pred\")".to_string()
            }
            // An address's register is not of the instruction's type.
            None if operand.shape == Shape::Address => "TypeExpr::Any".to_string(),
            None if type_slots.len() == 1 => format!("TypeExpr::Slot({})", type_slots[0]),
            None if type_slots.is_empty() => "TypeExpr::Any".to_string(),
            None => {
                return Err(format!(
                    "form `{}` has several type slots: give `operands` a type for `{}`",
                    form.syntax, operand.name
                ))
            }
        };
        let shape = match operand.shape {
            Shape::Value => "Value",
            Shape::Address => "Address",
            Shape::Vector => "Vector",
            Shape::PredicatePair => "PredicatePair",
            Shape::Pair => "Pair",
        };
        let context = |what: &str| format!("form `{}`: {what} of `{}`", form.syntax, operand.name);
        let vector = match form.vector.get(&operand.name) {
            None => "VectorLength::Scalar".to_string(),
            Some(v) if v.starts_with('.') => {
                let slot = slot_index(v)?;
                if parsed.slots[slot]
                    .alternatives
                    .iter()
                    .any(|a| number_in(a).is_none())
                {
                    return Err(context(&format!(
                        "vector length slot `{v}` has a value without a number"
                    )));
                }
                format!("VectorLength::Slot({slot})")
            }
            Some(v) => {
                let lengths: Vec<u8> = v
                    .split('|')
                    .map(|n| n.trim().parse::<u8>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| {
                        context(&format!("vector length `{v}` is not `.slot` or `N|M`"))
                    })?;
                format!("VectorLength::Fixed(&{lengths:?})")
            }
        };
        let space = match form.space.get(&operand.name) {
            None => "SpaceExpr::Unknown".to_string(),
            Some(_) if operand.shape != Shape::Address => {
                return Err(context("`space` is for address operands `[a]`"))
            }
            Some(v) if parsed.slots.iter().any(|s| &s.name == v) => {
                let slot = slot_index(v)?;
                if let Some(bad) = parsed.slots[slot]
                    .alternatives
                    .iter()
                    .find(|a| !is_state_space(a))
                {
                    return Err(context(&format!(
                        "space slot `{v}` has `{bad}`, not a state space"
                    )));
                }
                format!("SpaceExpr::Slot({slot})")
            }
            Some(v) if is_state_space(v) => format!("SpaceExpr::Literal({})", str_lit(v)),
            Some(v) => {
                return Err(context(&format!(
                    "space `{v}` is not a slot or a state space"
                )))
            }
        };
        // `LO..HI`, or `LO..HI step N` / `LO.. step N` (a multiple of N in the range).
        let bounded = form.bounded.get(&operand.name).map(|v| {
            let stepped = v.split_once(" step ").and_then(|(range, step)| {
                let (min, max) = range.split_once("..")?;
                let min = parse_int(min)?;
                let max = if max.is_empty() {
                    i64::MAX
                } else {
                    parse_int(max)?
                };
                let step = parse_int(step)?;
                (step > 0 && min <= max)
                    .then(|| format!("ImmediateRule::Stepped({min}, {max}, {step})"))
            });
            stepped
                .or_else(|| {
                    int_range(v).map(|(lo, hi)| format!("ImmediateRule::Bounded({lo}, {hi})"))
                })
                .ok_or_else(|| {
                    context(&format!(
                        "bounded `{v}` is not `LO..HI` or `LO..[HI] step N`"
                    ))
                })
        });
        let immediate = match form.immediate.get(&operand.name).map(String::as_str) {
            Some(_) if bounded.is_some() => {
                return Err(context("`immediate` and `bounded` exclude each other"))
            }
            None => match bounded {
                Some(rule) => rule?,
                None => "ImmediateRule::Free".to_string(),
            },
            Some("any") => "ImmediateRule::Any".to_string(),
            Some(v) if v.contains("..") => match int_range(v) {
                Some((lo, hi)) => format!("ImmediateRule::Range({lo}, {hi})"),
                None => return Err(context(&format!("immediate range `{v}` is not `LO..HI`"))),
            },
            Some(v) => {
                let values: Vec<i64> = v
                    .split('|')
                    .map(parse_int)
                    .collect::<Option<_>>()
                    .ok_or_else(|| {
                        context(&format!("immediate `{v}` is not `any`, `A|B` or `LO..HI`"))
                    })?;
                format!("ImmediateRule::OneOf(&{values:?})")
            }
        };
        let names = match form.kind.get(&operand.name).map(String::as_str) {
            None => "Any",
            Some("label") => "Label",
            Some("function") => "Function",
            Some("symbol") => "Symbol",
            Some("register") => "Register",
            Some("sink") => "Sink",
            Some(other) => {
                return Err(context(&format!(
                    "kind `{other}` is not label, function, symbol, register or sink"
                )))
            }
        };
        let present_with = match form.present_with.get(&operand.name) {
            None => "None".to_string(),
            Some(_) if !operand.optional => {
                return Err(context("`present_with` is for optional operands `{, x}`"))
            }
            Some(v) => {
                let slot = slot_index(v)?;
                if !parsed.slots[slot].optional {
                    return Err(context(&format!(
                        "`present_with` slot `{v}` is not optional"
                    )));
                }
                format!("Some({slot})")
            }
        };
        write!(
            operands,
            "Operand {{ name: {}, shape: OperandShape::{shape}, ty: {ty}, optional: {}, is_destination: {}, vector: {vector}, space: {space}, immediate: {immediate}, names: NameKind::{names}, present_with: {present_with} }}, ",
            str_lit(&operand.name),
            operand.optional,
            position < destinations
        )
        .unwrap();
    }
    Ok(format!(
        "      Form {{ syntax: {}, slots: &[{slots}], operands: &[{operands}], requirement: {}, until: {}, deprecated: {}, accuracy: {}, note: {}, citation: {}, withdrawn: {}, ptxas_gap: {}, unenforced: {} }},\n",
        str_lit(form.syntax.trim().trim_end_matches(';').trim()),
        requirement(&form.ptx, &form.target)?,
        opt_version(&form.until_ptx)?,
        opt_str(&form.deprecated),
        opt_str(&form.accuracy),
        opt_str(&form.note),
        citation(form.section.as_deref().unwrap_or(section), &None),
        withdrawal(&form.withdrawn_ptx, &form.withdrawn_target)?,
        opt_str(&form.ptxas_gap),
        opt_str(&form.unenforced),
    ))
}

/// `Withdrawal { .. }`; `NEVER` when neither field is given.
fn withdrawal(ptx: &Option<String>, target: &Option<String>) -> Result<String, String> {
    if ptx.is_none() && target.is_none() {
        return Ok("Withdrawal::NEVER".to_string());
    }
    Ok(format!(
        "Withdrawal {{ from: {} }}",
        requirement(ptx, target)?
    ))
}

/// `"0..31"` -> (0, 31), when both ends are integers and in order.
fn int_range(text: &str) -> Option<(i64, i64)> {
    let (lo, hi) = text.split_once("..")?;
    let (lo, hi) = (parse_int(lo)?, parse_int(hi)?);
    (lo <= hi).then_some((lo, hi))
}

fn parse_int(text: &str) -> Option<i64> {
    let text = text.trim();
    match text.strip_prefix("0x") {
        Some(hex) => i64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

fn versions(entries: &[VersionEntry], errors: &mut Vec<String>) -> String {
    let mut sorted: Vec<&VersionEntry> = entries.iter().collect();
    sorted.sort_by_key(|v| {
        let (a, b) = v.ptx.split_once('.').unwrap_or(("0", "0"));
        (a.parse::<u16>().unwrap_or(0), b.parse::<u16>().unwrap_or(0))
    });
    let mut out = String::from("pub static VERSIONS: &[PtxVersion] = &[\n");
    for v in sorted {
        if let Err(e) = check_source(&v.source) {
            errors.push(format!("version entry {}: {e}", v.ptx));
        }
        let cuda = match v.cuda.as_deref().map(version).transpose() {
            Ok(cuda) => cuda.map_or_else(|| "None".to_string(), |c| format!("Some({c})")),
            Err(e) => {
                errors.push(format!("version entry {}: cuda: {e}", v.ptx));
                continue;
            }
        };
        match version(&v.ptx) {
            Ok(ver) => writeln!(
                out,
                "    PtxVersion {{ version: {ver}, targets: {}, cuda: {cuda}, citation: {}, note: {} }},",
                str_slice(&v.targets),
                citation(&v.section, &v.anchor),
                opt_str(&v.note)
            )
            .unwrap(),
            Err(e) => errors.push(format!("version entry: {e}")),
        }
    }
    out += "];\n\n";
    out
}

fn fact_code(f: &FactEntry) -> Result<String, String> {
    let _ = &f.aliases;
    Ok(format!(
        "NamedFact {{ name: {}, summary: {}, syntax: {}, requirement: {}, deprecated: {}, citation: {}, note: {} }}",
        str_lit(&f.name),
        str_lit(f.summary.trim()),
        opt_str(&f.syntax),
        requirement(&f.ptx, &f.target)?,
        opt_str(&f.deprecated),
        citation(&f.section, &f.anchor),
        opt_str(&f.note)
    ))
}

fn facts(table: &str, entries: &[FactEntry], errors: &mut Vec<String>) -> String {
    let mut sorted: Vec<&FactEntry> = entries.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    sorted.dedup_by(|a, b| a.name == b.name);
    let mut out = format!("pub static {table}: &[NamedFact] = &[\n");
    for f in sorted {
        match fact_code(f) {
            Ok(code) => writeln!(out, "    {code},").unwrap(),
            Err(e) => errors.push(format!("{table} `{}`: {e}", f.name)),
        }
    }
    out += "];\n\n";
    out
}

fn types(entries: &[TypeEntry], errors: &mut Vec<String>) -> String {
    let mut sorted: Vec<&TypeEntry> = entries.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    let mut out = String::from("pub static TYPES: &[PtxType] = &[\n");
    for t in sorted {
        if let Err(e) = check_source(&t.source) {
            errors.push(format!("type `{}`: {e}", t.name));
        }
        let kind = match t.kind.as_str() {
            "bits" => "Bits",
            "signed" => "Signed",
            "unsigned" => "Unsigned",
            "float" => "Float",
            "predicate" => "Predicate",
            "opaque" => "Opaque",
            other => {
                errors.push(format!("type `{}`: unknown kind `{other}`", t.name));
                continue;
            }
        };
        match requirement(&t.ptx, &t.target) {
            Ok(req) => writeln!(
                out,
                "    PtxType {{ name: {}, kind: TypeKind::{kind}, bits: {}, register_types: {}, requirement: {req}, citation: {}, summary: {}, note: {} }},",
                str_lit(&t.name),
                t.bits,
                str_slice(&t.register_types),
                citation(&t.section, &t.anchor),
                opt_str(&t.summary),
                opt_str(&t.note)
            )
            .unwrap(),
            Err(e) => errors.push(format!("type `{}`: {e}", t.name)),
        }
    }
    out += "];\n\n";
    out
}

fn special_registers(entries: &[SpecialRegisterEntry], errors: &mut Vec<String>) -> String {
    let mut sorted: Vec<&SpecialRegisterEntry> = entries.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    let mut out = String::from("pub static SPECIAL_REGISTERS: &[SpecialRegister] = &[\n");
    for r in sorted {
        if let Err(e) = check_source(&r.source) {
            errors.push(format!("special register `{}`: {e}", r.name));
        }
        let fact = FactEntry {
            name: r.name.clone(),
            section: r.section.clone(),
            anchor: r.anchor.clone(),
            summary: r.summary.clone(),
            syntax: None,
            ptx: r.ptx.clone(),
            target: r.target.clone(),
            deprecated: r.deprecated.clone(),
            note: r.note.clone(),
            aliases: Vec::new(),
        };
        match fact_code(&fact) {
            Ok(code) => writeln!(
                out,
                "    SpecialRegister {{ fact: {code}, ty: {}, components: {}, legacy_widths: &{:?} }},",
                str_lit(&r.ty),
                str_slice(&r.components),
                r.legacy_widths
            )
            .unwrap(),
            Err(e) => errors.push(format!("special register `{}`: {e}", r.name)),
        }
    }
    out += "];\n";
    out
}
