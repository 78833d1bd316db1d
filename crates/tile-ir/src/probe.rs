//! `speclint probe` for cuda_tile ops: which op, rounding mode and element type can be
//! probed, the bound the spec-db states for it, and the Tile IR module whose one `entry @probe`
//! applies the op to a tile of [`TILE`] elements per tile block.
//!
//! Forms are named `OP.ROUNDING.TYPE`, the op's name, its `rounding<...>` keyword and the
//! element type: `divf.approx.f32`, `tanh.full.f32`, `addf.nearest_even.f16`. A `tile:`
//! prefix (`tile:tanh.approx.f32`) always means cuda_tile; without it `speclint probe` tries
//! OpenCL.std and PTX first, so `tanh.approx.f32` and `sqrt.approx.f32` stay PTX forms and
//! their cuda_tile counterparts need the prefix (`full` and `nearest_even` are no PTX
//! modifiers, and `divf`, `addf`, `subf`, `mulf` no PTX instructions).
//!
//! Bounds: an `[[op.accuracy]]` entry of the spec-db for the op, rounding mode and type (`At
//! most 2 ulp ...`, with the range of an operand it names, `when |rhs| is in ... [2^-126,
//! 2^126]`); `rounding<nearest_even>` is the exact result rounded to nearest, ties to even
//! (the RoundingMode attribute), so correctly rounded: 0.5 ulp. Without either the figures are
//! reported unjudged.

use std::fmt::Write as _;

use speclint_spec_db::tile_ir::{self, DEFAULT_VERSION};

use speclint_base::probe::bound::Domain;
use speclint_base::probe::format::FloatFormat;
use speclint_base::probe::reference::{self, MathFunction};
use speclint_base::probe::{
    Likeness, Listing, Planned, ProbeBound, ProbeLaunch, ProbeOptions, ProbePlan, Prober,
};

const KERNEL_NAME: &str = "probe";

/// Elements per tile block: each tile block loads, computes and stores one tile of this many.
pub const TILE: usize = 64;

/// The prefix that names a cuda_tile form where the name alone would be PTX's.
pub const PREFIX: &str = "tile:";

/// The launch: one tile block per [`TILE`] elements; a block of `[1, 1, 1]` asks the Tile IR
/// runner for the kernel's own thread count (tileiras fixes it).
pub const LAUNCH: ProbeLaunch = ProbeLaunch {
    elements_per_block: TILE,
    block: [1, 1, 1],
};

/// The forms probed: op, rounding keyword, element type, and the host reference's name.
/// Each is an op and type the op's modifier table marks `yes` (not emulated) for the mode.
const FORMS: &[(&str, &str, FloatFormat, &str)] = &[
    ("divf", "approx", FloatFormat::F32, "divide"),
    ("divf", "full", FloatFormat::F32, "divide"),
    ("divf", "nearest_even", FloatFormat::F32, "divide"),
    ("tanh", "full", FloatFormat::F32, "tanh"),
    ("tanh", "approx", FloatFormat::F32, "tanh"),
    ("sqrt", "nearest_even", FloatFormat::F32, "sqrt"),
    ("sqrt", "nearest_even", FloatFormat::F16, "sqrt"),
    ("sqrt", "approx", FloatFormat::F32, "sqrt"),
    ("addf", "nearest_even", FloatFormat::F32, "add"),
    ("addf", "nearest_even", FloatFormat::F16, "add"),
    ("subf", "nearest_even", FloatFormat::F32, "subtract"),
    ("subf", "nearest_even", FloatFormat::F16, "subtract"),
    ("mulf", "nearest_even", FloatFormat::F32, "multiply"),
    ("mulf", "nearest_even", FloatFormat::F16, "multiply"),
    ("fma", "nearest_even", FloatFormat::F32, "fma"),
    ("fma", "nearest_even", FloatFormat::F16, "fma"),
];

fn form_name(op: &str, rounding: &str, format: FloatFormat) -> String {
    format!("{op}.{rounding}.{}", format.name())
}

/// The cuda_tile forms `speclint probe` takes (without the prefix), in `--list` order.
/// Tile IR's side of `speclint probe`: cuda_tile forms OP.ROUNDING.TYPE (`divf.approx.f32`),
/// `tile:` first where another language has the same name.
pub struct TileForms;

impl Prober for TileForms {
    fn plan(&self, name: &str, _options: &ProbeOptions) -> Planned {
        if name.starts_with(PREFIX) {
            return Planned::Claimed(plan(name));
        }
        if !looks_like_form(name) {
            return Planned::Unknown {
                likeness: Likeness::Unlike,
                error: format!("`{name}` is not a cuda_tile form"),
            };
        }
        match plan(name) {
            Ok(plan) => Planned::Found(plan),
            Err(error) => Planned::Unknown {
                likeness: Likeness::Form,
                error,
            },
        }
    }

    fn prefix(&self) -> Option<&'static str> {
        Some(PREFIX)
    }

    fn listing(&self, _options: &ProbeOptions) -> Listing {
        let entries = probeable()
            .into_iter()
            .filter_map(|name| {
                let p = plan(&name).ok()?;
                // The spec-db's text, and where it holds when that is part of the inputs only.
                let domain = (p.bound.clauses.iter())
                    .find_map(|c| match &c.domain {
                        Domain::Magnitude { text, .. } => Some(format!(" (judged where {text})")),
                        _ => None,
                    })
                    .unwrap_or_default();
                Some((name, format!("{}{domain}", p.bound.text)))
            })
            .collect();
        Listing {
            heading: "cuda_tile forms, OP.ROUNDING.TYPE (`tile:` first where PTX has the name; compiled by tileiras, run through the CUDA driver):".to_string(),
            name_width: 27,
            entries,
        }
    }
}

pub fn probeable() -> Vec<String> {
    FORMS
        .iter()
        .map(|&(op, rounding, format, _)| form_name(op, rounding, format))
        .collect()
}

/// Whether `name` is written like a cuda_tile form: `tile:` and anything, or a cuda_tile op
/// followed by one of its `rounding<...>` keywords (`divf.full.f32`), probeable or not.
pub fn looks_like_form(name: &str) -> bool {
    if name.starts_with(PREFIX) {
        return true;
    }
    let mut parts = name.split('.');
    let (Some(op), Some(rounding)) = (parts.next(), parts.next()) else {
        return false;
    };
    let db = tile_ir::db();
    db.op(op).is_some()
        && db
            .enum_by_mnemonic("rounding")
            .is_some_and(|e| e.cases.iter().any(|c| c.keyword == rounding))
}

/// Plans a probe of the cuda_tile form `name` (with or without `tile:`), or says why it
/// cannot be probed.
pub fn plan(name: &str) -> Result<ProbePlan, String> {
    let bare = name.strip_prefix(PREFIX).unwrap_or(name);
    let &(op, rounding, format, function) = FORMS
        .iter()
        .find(|&&(op, rounding, format, _)| form_name(op, rounding, format) == bare)
        .ok_or_else(|| {
            format!(
                "`{bare}` is not a cuda_tile form the probe covers (OP.ROUNDING.TYPE): {}",
                probeable().join(", ")
            )
        })?;
    let reference: MathFunction =
        reference::by_name(function).expect("every probed form has a reference");
    let bound = bound(op, rounding, format);
    let operands: Vec<String> = (0..reference.arity()).map(|k| format!("%x{k}")).collect();
    let apply = format!("{op} {} rounding<{rounding}>", operands.join(", "));
    Ok(ProbePlan {
        title: format!("cuda_tile {op} rounding<{rounding}>"),
        format,
        reference,
        bound,
        kernel: kernel(
            &format!("{op} rounding<{rounding}>"),
            format,
            &apply,
            operands.len(),
        ),
        kernel_name: KERNEL_NAME.to_string(),
        language: crate::LANGUAGE_ID,
        multiply_kernel: multiply_kernel(format),
        launch: LAUNCH,
    })
}

/// The bound the spec-db gives `op` with `rounding<rounding>` on `format`, over the inputs the
/// text restricts it to (`|rhs|` in the normal range), else over every input.
pub fn bound(op: &str, rounding: &str, format: FloatFormat) -> ProbeBound {
    let db = tile_ir::db();
    let fact = db.op(op);
    let entry = fact.and_then(|f| {
        f.accuracy.iter().find(|a| {
            a.rounding.as_deref() == Some(rounding)
                && (a.dtypes.is_empty() || a.dtypes.iter().any(|d| d == format.name()))
        })
    });
    if let (Some(fact), Some(entry)) = (fact, entry) {
        let operands: Vec<&str> = fact.operand.iter().map(|o| o.name.as_str()).collect();
        let section = format!(
            "Tile IR {DEFAULT_VERSION} > {} > cuda_tile.{op}",
            fact.group
        );
        let Some(ulps) = stated_ulps(&entry.text) else {
            return ProbeBound::unjudged(entry.text.clone(), section);
        };
        let mut bound = ProbeBound::ulps(entry.text.clone(), ulps, section);
        if let Some(domain) = stated_domain(&entry.text, &operands) {
            bound.clauses[0].domain = domain;
        }
        return bound;
    }
    let rounding_mode = db.enum_by_mnemonic("rounding");
    if rounding == "nearest_even" {
        if let Some(case) =
            rounding_mode.and_then(|e| e.cases.iter().find(|c| c.keyword == rounding))
        {
            return ProbeBound::ulps(
                format!("correctly rounded (rounding<{rounding}>: {})", case.summary),
                0.5,
                format!(
                    "Tile IR {DEFAULT_VERSION} > Attributes > {}",
                    rounding_mode.map_or("RoundingMode", |e| e.name.as_str())
                ),
            );
        }
    }
    ProbeBound::unjudged(
        format!(
            "no accuracy in the spec-db for {op} rounding<{rounding}> on {}",
            format.name()
        ),
        String::new(),
    )
}

/// `At most N ulp ...`: N; `None` where the text states no ulp figure.
pub fn stated_ulps(text: &str) -> Option<f64> {
    let words: Vec<&str> = text.split_whitespace().collect();
    words.windows(2).find_map(|w| {
        let unit = w[1].to_ascii_lowercase();
        (unit.starts_with("ulp"))
            .then(|| w[0].parse().ok())
            .flatten()
    })
}

/// `... when |rhs| is in the normal range [2^-126, 2^126]`: the operand named between bars
/// (one of `operands`, in order) and the powers of two in the brackets after it.
pub fn stated_domain(text: &str, operands: &[&str]) -> Option<Domain> {
    let open = text.find('|')?;
    let close = open + 1 + text[open + 1..].find('|')?;
    let name = &text[open + 1..close];
    let argument = operands.iter().position(|o| *o == name)?;
    let rest = &text[close + 1..];
    let from = rest.find('[')?;
    let to = from + rest[from..].find(']')?;
    let ends: Vec<f64> = rest[from + 1..to]
        .split(',')
        .map(|end| {
            let exponent = end.trim().strip_prefix("2^")?;
            exponent.parse::<i32>().ok().map(|e| 2f64.powi(e))
        })
        .collect::<Option<_>>()?;
    let [low, high] = ends[..] else {
        return None;
    };
    Some(Domain::Magnitude {
        argument,
        low,
        high,
        text: format!("|{name}| in {}", &rest[from..=to]),
    })
}

/// A module with one `entry @probe(%out, %in0, ...)` of `inputs` input buffers of `format`:
/// tile block b loads elements [64 b, 64 b + 64) of each input as `%x0`, `%x1` ..., computes
/// `%y = APPLY : tile<64xT>` and stores it at the same elements of `%out`. The probe pads the
/// buffers to whole tiles, so no count is needed.
pub fn kernel(title: &str, format: FloatFormat, apply: &str, inputs: usize) -> String {
    let t = format.name();
    let ptr = format!("tile<ptr<{t}>>");
    let ptrs = format!("tile<{TILE}xptr<{t}>>");
    let mut k = String::new();
    let _ = writeln!(k, "// speclint probe: cuda_tile {title} on {t}");
    k.push_str("cuda_tile.module @speclint_probe {\n");
    let params: Vec<String> = std::iter::once("%out".to_string())
        .chain((0..inputs).map(|i| format!("%in{i}")))
        .map(|p| format!("{p}: {ptr}"))
        .collect();
    let _ = writeln!(k, "  entry @{KERNEL_NAME}({}) {{", params.join(", "));
    k.push_str("    %bx, %by, %bz = get_tile_block_id : tile<i32>\n");
    let _ = writeln!(k, "    %size = constant <i32: {TILE}> : tile<i32>");
    k.push_str("    %first = muli %bx, %size : tile<i32>\n");
    k.push_str("    %first1 = reshape %first : tile<i32> -> tile<1xi32>\n");
    let _ = writeln!(
        k,
        "    %firsts = broadcast %first1 : tile<1xi32> -> tile<{TILE}xi32>"
    );
    let _ = writeln!(k, "    %lane = iota : tile<{TILE}xi32>");
    let _ = writeln!(k, "    %index = addi %firsts, %lane : tile<{TILE}xi32>");
    let pointers = |k: &mut String, buffer: &str| {
        let _ = writeln!(
            k,
            "    %{buffer}_1 = reshape %{buffer} : {ptr} -> tile<1xptr<{t}>>"
        );
        let _ = writeln!(
            k,
            "    %{buffer}_b = broadcast %{buffer}_1 : tile<1xptr<{t}>> -> {ptrs}"
        );
        let _ = writeln!(
            k,
            "    %{buffer}_p = offset %{buffer}_b, %index : {ptrs}, tile<{TILE}xi32> -> {ptrs}"
        );
    };
    for i in 0..inputs {
        pointers(&mut k, &format!("in{i}"));
        let _ = writeln!(
            k,
            "    %x{i}, %t{i} = load_ptr_tko weak %in{i}_p : {ptrs} -> tile<{TILE}x{t}>, token"
        );
    }
    let _ = writeln!(k, "    %y = {apply} : tile<{TILE}x{t}>");
    pointers(&mut k, "out");
    let _ = writeln!(
        k,
        "    %done = store_ptr_tko weak %out_p, %y : {ptrs}, tile<{TILE}x{t}> -> token"
    );
    k.push_str("    return\n  }\n}\n");
    k
}

/// The module storing `a[i] * b[i]` rounded to nearest without `flush_to_zero`: a device that
/// keeps subnormals returns the smallest subnormal times one unchanged.
pub fn multiply_kernel(format: FloatFormat) -> String {
    kernel(
        "mulf rounding<nearest_even>",
        format,
        "mulf %x0, %x1 rounding<nearest_even>",
        2,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, TileIrSettings};

    #[test]
    fn bounds_come_from_the_accuracy_entries_and_the_rounding_mode() {
        use speclint_base::probe::bound::{Clause, Limit};
        let approx = plan("divf.approx.f32").unwrap();
        assert!(approx.bound.text.contains("2 ulp"), "{:?}", approx.bound);
        assert!(approx.bound.section.ends_with("cuda_tile.divf"));
        // Judged where the divisor is in the normal range only.
        let [Clause {
            limit: Limit::Ulps { ulps: 2.0 },
            domain:
                Domain::Magnitude {
                    argument: 1,
                    low,
                    high,
                    text,
                },
        }] = &approx.bound.clauses[..]
        else {
            panic!("{:?}", approx.bound.clauses);
        };
        assert_eq!((*low, *high), (2f64.powi(-126), 2f64.powi(126)));
        assert_eq!(text, "|rhs| in [2^-126, 2^126]");
        assert_eq!(approx.bound.allowed_ulps(), None);
        let full = plan("divf.full.f32").unwrap();
        assert_eq!(full.bound.allowed_ulps(), Some(2.0));
        let tanh = plan("tanh.full.f32").unwrap();
        assert_eq!(tanh.bound.allowed_ulps(), Some(2.0));
        assert_eq!(tanh.title, "cuda_tile tanh rounding<full>");
        let rounded = plan("divf.nearest_even.f32").unwrap();
        assert_eq!(rounded.bound.allowed_ulps(), Some(0.5));
        assert!(rounded.bound.text.starts_with("correctly rounded"));
        assert!(rounded.bound.section.contains("RoundingMode"));
        // No entry: figures only, and the text says so.
        let unjudged = plan("tile:tanh.approx.f32").unwrap();
        assert!(unjudged.bound.clauses.is_empty());
        assert!(unjudged
            .bound
            .text
            .starts_with("no accuracy in the spec-db"));
    }

    #[test]
    fn names_and_refusals() {
        assert!(plan("divf.approx.f16")
            .unwrap_err()
            .contains("divf.full.f32"));
        assert!(plan("divf.rn.f32").is_err());
        assert!(looks_like_form("divf.approx.f16") && looks_like_form("tanh.approx.f32"));
        assert!(looks_like_form("tile:anything"));
        assert!(!looks_like_form("sin.rn.f32") && !looks_like_form("divf"));
        assert!(!looks_like_form("div.approx.f32"));
    }

    #[test]
    fn stated_texts_read() {
        assert_eq!(
            stated_ulps("At most 1 ulp over the whole input range."),
            Some(1.0)
        );
        assert_eq!(stated_ulps("Not fully IEEE 754 compliant."), None);
        assert!(stated_domain("At most 2 ulp over the whole range.", &["lhs", "rhs"]).is_none());
        assert!(stated_domain("when |x| is in [2^-1, 2^1]", &["lhs", "rhs"]).is_none());
        let d = stated_domain("when |lhs| is in [2^-1, 2^3]", &["lhs", "rhs"]).unwrap();
        assert!(
            matches!(
                d,
                Domain::Magnitude {
                    argument: 0,
                    low: 0.5,
                    high: 8.0,
                    ..
                }
            ),
            "{d:?}"
        );
        assert!(stated_domain("|lhs| [2^x, 2^1]", &["lhs"]).is_none());
    }

    /// speclint's own Tile IR check finds nothing in any generated module (bytecode and
    /// tileiras are server/tests/tile_ir_bytecode.rs's).
    #[test]
    fn every_probe_module_checks_clean() {
        let mut modules: Vec<(String, String)> = probeable()
            .iter()
            .map(|name| (name.clone(), plan(name).unwrap().kernel))
            .collect();
        for format in [FloatFormat::F32, FloatFormat::F16] {
            modules.push((
                format!("multiply {}", format.name()),
                multiply_kernel(format),
            ));
        }
        for (name, module) in &modules {
            let analysis = analyze(module, &TileIrSettings::default(), false);
            assert!(
                analysis.diagnostics.is_empty(),
                "{name}: {:?}\n{module}",
                analysis.diagnostics
            );
        }
        // The check can fail: an approx divf on f16 is not in the modifier table.
        let wrong = kernel(
            "divf",
            FloatFormat::F16,
            "divf %x0, %x1 rounding<approx>",
            2,
        );
        let analysis = analyze(&wrong, &TileIrSettings::default(), false);
        assert!(!analysis.diagnostics.is_empty());
    }
}
