//! `speclint probe` for PTX instruction forms (`sin.approx.f32`, `ex2.approx.f16` ...): which
//! forms can be probed, the bound read from the spec-db's accuracy text for the form, and the
//! PTX kernel that applies the instruction element-wise to an input buffer.

use speclint_spec_db::ptx;

use super::opcode;
use std::f64::consts::PI;

use speclint_base::probe::bound::{Clause, Domain, Interval, Limit};
use speclint_base::probe::format::FloatFormat;
use speclint_base::probe::reference::{self, MathFunction};
use speclint_base::probe::{
    Likeness, Listing, Planned, ProbeBound, ProbeLaunch, ProbeOptions, ProbePlan, Prober,
};

const KERNEL_NAME: &str = "probe";

/// Where a bound's text ends and the spec-db's sentence it was read from begins.
pub const SOURCE_MARK: &str = " [spec-db: ";

/// The forms probed: the instruction as written, its host reference and its element type.
/// Each is a one-input approximation whose accuracy the spec states; a `.ftz` form may flush
/// subnormal inputs and results (tanh and the f16 forms have none).
const FORMS: &[(&str, &str, FloatFormat)] = &[
    ("sin.approx.f32", "sin", FloatFormat::F32),
    ("sin.approx.ftz.f32", "sin", FloatFormat::F32),
    ("cos.approx.f32", "cos", FloatFormat::F32),
    ("cos.approx.ftz.f32", "cos", FloatFormat::F32),
    ("ex2.approx.f32", "exp2", FloatFormat::F32),
    ("ex2.approx.ftz.f32", "exp2", FloatFormat::F32),
    ("ex2.approx.f16", "exp2", FloatFormat::F16),
    ("lg2.approx.f32", "log2", FloatFormat::F32),
    ("lg2.approx.ftz.f32", "log2", FloatFormat::F32),
    ("rcp.approx.f32", "rcp", FloatFormat::F32),
    ("rcp.approx.ftz.f32", "rcp", FloatFormat::F32),
    ("rsqrt.approx.f32", "rsqrt", FloatFormat::F32),
    ("rsqrt.approx.ftz.f32", "rsqrt", FloatFormat::F32),
    ("sqrt.approx.f32", "sqrt", FloatFormat::F32),
    ("sqrt.approx.ftz.f32", "sqrt", FloatFormat::F32),
    ("tanh.approx.f32", "tanh", FloatFormat::F32),
    ("tanh.approx.f16", "tanh", FloatFormat::F16),
];

/// The PTX forms `speclint probe` takes, in the order `--list` shows them.
/// PTX's side of `speclint probe`: its math instructions' forms (`sin.approx.f32`).
pub struct PtxForms;

impl Prober for PtxForms {
    fn plan(&self, name: &str, _options: &ProbeOptions) -> Planned {
        if !looks_like_form(name) {
            return Planned::Unknown {
                likeness: Likeness::Unlike,
                error: format!("`{name}` is not a PTX form"),
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

    fn listing(&self, _options: &ProbeOptions) -> Listing {
        let entries = probeable()
            .filter_map(|name| plan(name).ok())
            .map(|p| {
                let name = p.title.trim_start_matches("PTX ").to_string();
                let summary = p.bound.text.split(SOURCE_MARK).next().unwrap_or_default();
                (name, summary.to_string())
            })
            .collect();
        Listing {
            heading: "PTX forms (their own type; run through the CUDA driver):".to_string(),
            name_width: 20,
            entries,
        }
    }
}

pub fn probeable() -> impl Iterator<Item = &'static str> {
    FORMS.iter().map(|(name, ..)| *name)
}

/// Whether `name` is written like a PTX form (`sin.approx.f32`), probeable or not.
pub fn looks_like_form(name: &str) -> bool {
    name.split_once('.')
        .is_some_and(|(head, _)| ptx::is_known_head(head))
}

/// Plans a probe of the PTX form `name`, or says why it cannot be probed.
pub fn plan(name: &str) -> Result<ProbePlan, String> {
    let &(form, function, format) =
        FORMS
            .iter()
            .find(|(form, ..)| *form == name)
            .ok_or_else(|| {
                format!(
                    "`{name}` is not a PTX form the probe covers: {}",
                    probeable().collect::<Vec<_>>().join(", ")
                )
            })?;
    let reference = match function {
        "rcp" => MathFunction::Unary(|x| 1.0 / x),
        other => reference::by_name(other).expect("every probed form has a reference"),
    };
    Ok(ProbePlan {
        title: format!("PTX {form}"),
        format,
        reference,
        bound: bound(form),
        kernel: kernel(form, format, 1),
        kernel_name: KERNEL_NAME.to_string(),
        language: crate::LANGUAGE_ID,
        multiply_kernel: multiply_kernel(format),
        launch: ProbeLaunch::THREAD_PER_ELEMENT,
    })
}

/// The accuracy text the spec-db holds for `form` (the form's own, then any requirement that
/// applies to its modifiers), and the section it comes from.
pub fn accuracy_text(form: &str) -> Option<(String, String)> {
    let (head, rest) = form.split_once('.')?;
    let modifiers: Vec<String> = rest.split('.').map(|m| format!(".{m}")).collect();
    let modifiers: Vec<&str> = modifiers.iter().map(String::as_str).collect();
    let entries: Vec<_> = ptx::entries_with_head(head)
        .filter(|e| e.has_forms())
        .collect();
    let matched = opcode::match_forms(&entries, &modifiers)
        .into_iter()
        .find(|m| m.is_exact())?;
    let mut texts = vec![matched.form.accuracy];
    texts.extend(
        (matched.instruction.conditional.iter())
            .filter(|c| c.applies_to(&modifiers))
            .map(|c| c.accuracy),
    );
    let text = texts
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let section = format!(
        "PTX ISA {} {}",
        matched.instruction.citation.section, matched.instruction.opcode
    );
    (!text.is_empty()).then_some((text, section))
}

/// Reads the clauses an accuracy text states, or `None` where it states none the probe can
/// read. Each sentence (or `;` clause) may state `at most N ulp` (from the correctly rounded
/// result: half an ulp more from the exact value), or an `absolute error` / `relative error`
/// of `2^-X`, several joined by `and`, each over the range after it: `for a in [-2pi, 2pi]`,
/// `for a in (0.5, 2)`, `for other positive finite a` (the positive numbers outside the ranges
/// before it), `over the whole positive finite range` (0, inf), `over the full input range`
/// or `over the whole floating-point range` (every input); a figure for a type (`for .f16`)
/// holds on every input. Sentences without a figure (`best effort with no guarantee outside
/// [-100pi, 100pi]`, the subnormal rules) add nothing: inputs outside every clause are not
/// judged. A figure whose range is none of these makes the whole text unreadable rather than
/// guessed.
pub fn stated_bound(text: &str) -> Option<Vec<Clause>> {
    let lower = text.to_ascii_lowercase();
    let mut clauses = Vec::new();
    for sentence in sentences(&lower) {
        let mut stated = sentence_clauses(sentence, &clauses)?;
        clauses.append(&mut stated);
    }
    (!clauses.is_empty()).then_some(clauses)
}

/// The sentences and `;` clauses of `text`: split at `.` or `;` before a space or the end, so
/// `0.5`, `2^-22.9` and `.ftz` stay whole.
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (k, &b) in bytes.iter().enumerate() {
        let at_break = bytes.get(k + 1).is_none_or(|c| c.is_ascii_whitespace());
        if (b == b'.' || b == b';') && at_break {
            out.push(text[start..k].trim());
            start = k + 1;
        }
    }
    out.push(text[start..].trim());
    out.retain(|s| !s.is_empty());
    out
}

/// The clauses one sentence states (none for a sentence without a figure); `None` for a
/// figure whose range cannot be read. `earlier` are the clauses of the sentences before it.
fn sentence_clauses(sentence: &str, earlier: &[Clause]) -> Option<Vec<Clause>> {
    let words: Vec<&str> = sentence.split_whitespace().collect();
    if let Some(k) = (1..words.len()).find(|&k| words[k].starts_with("ulp")) {
        let n: f64 = words[k - 1].parse().ok()?;
        let from_rounded = sentence.contains("from the correctly rounded result");
        let ulps = if from_rounded { n + 0.5 } else { n };
        let rest = words[k + 1..].join(" ");
        let domain = domain(&rest, earlier)?;
        return Some(vec![Clause {
            limit: Limit::Ulps { ulps },
            domain,
        }]);
    }
    for (phrase, relative) in [("absolute error", false), ("relative error", true)] {
        let Some(at) = sentence.find(phrase) else {
            continue;
        };
        let rest = sentence[at + phrase.len()..].trim();
        let rest = rest.strip_prefix("at most").unwrap_or(rest).trim();
        let mut clauses = Vec::new();
        for piece in rest.split(" and ") {
            let piece = piece.trim();
            let (figure, range) = piece.split_once(' ').unwrap_or((piece, ""));
            let exponent: f64 = figure.strip_prefix("2^")?.parse().ok()?;
            let limit = if relative {
                Limit::Relative { exponent }
            } else {
                Limit::Absolute { exponent }
            };
            let domain = domain(range, earlier)?;
            clauses.push(Clause { limit, domain });
        }
        return Some(clauses);
    }
    Some(Vec::new())
}

/// The inputs the words after a figure name (see [`stated_bound`]).
fn domain(words: &str, earlier: &[Clause]) -> Option<Domain> {
    let words = words.trim();
    if let Some((_, range)) = words.split_once("for a in ") {
        return Some(Domain::Within(vec![interval(range)?]));
    }
    if words.contains("for other positive finite a") {
        // (0, inf) less the one range stated before: (0, 0.5] and [2, inf) beside (0.5, 2).
        let ranges: Vec<&Interval> = (earlier.iter())
            .filter_map(|c| match &c.domain {
                Domain::Within(i) => Some(i),
                Domain::All | Domain::Magnitude { .. } => None,
            })
            .flatten()
            .collect();
        let [before] = ranges[..] else {
            return None;
        };
        if !(before.low >= 0.0 && before.high.is_finite()) {
            return None;
        }
        let end = |open: bool, v: f64, left: bool| {
            let v = number_text(v);
            match (left, open) {
                (true, true) => format!("({v}"),
                (true, false) => format!("[{v}"),
                (false, true) => format!("{v})"),
                (false, false) => format!("{v}]"),
            }
        };
        return Some(Domain::Within(vec![
            Interval {
                low: 0.0,
                high: before.low,
                low_open: true,
                high_open: !before.low_open,
                text: format!("(0, {}", end(!before.low_open, before.low, false)),
            },
            Interval {
                low: before.high,
                high: f64::INFINITY,
                low_open: !before.high_open,
                high_open: true,
                text: format!("{}, inf)", end(!before.high_open, before.high, true)),
            },
        ]));
    }
    if words.contains("positive finite range") {
        return Some(Domain::Within(vec![Interval {
            low: 0.0,
            high: f64::INFINITY,
            low_open: true,
            high_open: true,
            text: "(0, inf)".to_string(),
        }]));
    }
    let everywhere = ["full input range", "full range", "floating-point range"];
    if words.is_empty()
        || words.starts_with("for .")
        || everywhere.iter().any(|w| words.contains(w))
    {
        return Some(Domain::All);
    }
    None
}

/// `[-2pi, 2pi]`, `(0.5, 2)` at the start of `text`: ends a number, optionally times `pi`, or
/// `inf`.
fn interval(text: &str) -> Option<Interval> {
    let low_open = match text.chars().next()? {
        '[' => false,
        '(' => true,
        _ => return None,
    };
    let close = text.find([']', ')'])?;
    let high_open = text[close..].starts_with(')');
    let (low, high) = text[1..close].split_once(',')?;
    let (low, high) = (end_value(low.trim())?, end_value(high.trim())?);
    (low < high).then(|| Interval {
        low,
        high,
        low_open,
        high_open,
        text: text[..=close].to_string(),
    })
}

/// `-2pi`, `100pi`, `pi`, `0.5`, `+inf`.
fn end_value(text: &str) -> Option<f64> {
    let unsigned = text.trim_start_matches(['+', '-']);
    let sign = if text.starts_with('-') { -1.0 } else { 1.0 };
    if unsigned == "inf" {
        return Some(sign * f64::INFINITY);
    }
    let value = match unsigned.strip_suffix("pi") {
        Some("") => PI,
        Some(factor) => factor.parse::<f64>().ok()? * PI,
        None => unsigned.parse::<f64>().ok()?,
    };
    (unsigned.starts_with(|c: char| c.is_ascii_digit() || c == 'p')).then_some(sign * value)
}

fn number_text(value: f64) -> String {
    format!("{value}")
}

fn bound(form: &str) -> ProbeBound {
    let may_flush = form.split('.').any(|m| m == "ftz");
    let Some((text, section)) = accuracy_text(form) else {
        return ProbeBound {
            may_flush,
            ..ProbeBound::unjudged(
                "no accuracy in the spec-db for this form".to_string(),
                String::new(),
            )
        };
    };
    let clauses = stated_bound(&text).unwrap_or_default();
    let mut summary = if clauses.is_empty() {
        "no machine-readable bound".to_string()
    } else {
        let texts: Vec<String> = clauses.iter().map(Clause::text).collect();
        texts.join("; ")
    };
    if may_flush {
        summary += "; subnormals may be flushed (.ftz)";
    }
    ProbeBound {
        text: format!("{summary}{SOURCE_MARK}{text}]"),
        clauses,
        section,
        may_flush,
    }
}

/// PTX register and memory types of a probed format.
fn types(format: FloatFormat) -> (&'static str, &'static str, u32) {
    match format {
        FloatFormat::F32 => (".f32", ".f32", 4),
        FloatFormat::F16 => (".f16", ".b16", 2),
    }
}

/// A kernel `probe(out, in0, ...)` with `inputs` input buffers: thread i loads element i of
/// each, applies `instruction` (`sin.approx.f32`) and stores the result in `out[i]`. The probe
/// pads the buffers to whole blocks, so no count is needed.
pub fn kernel(instruction: &str, format: FloatFormat, inputs: usize) -> String {
    let (register, memory, size) = types(format);
    let params: Vec<String> = std::iter::once("probe_out".to_string())
        .chain((0..inputs).map(|k| format!("probe_in{k}")))
        .map(|p| format!("    .param .u64 {p}"))
        .collect();
    let mut body = String::new();
    body += "    mov.u32 %r1, %ctaid.x;\n    mov.u32 %r2, %ntid.x;\n    mov.u32 %r3, %tid.x;\n";
    body += "    mad.lo.s32 %r1, %r1, %r2, %r3;\n";
    body += &format!("    mul.wide.u32 %rd1, %r1, {size};\n");
    let mut operands = Vec::new();
    for k in 0..inputs {
        body += &format!(
            "    ld.param.u64 %rd2, [probe_in{k}];\n    cvta.to.global.u64 %rd2, %rd2;\n\
             \x20   add.s64 %rd2, %rd2, %rd1;\n    ld.global{memory} %x{k}, [%rd2];\n"
        );
        operands.push(format!("%x{k}"));
    }
    body += &format!("    {instruction} %y, {};\n", operands.join(", "));
    body += "    ld.param.u64 %rd2, [probe_out];\n    cvta.to.global.u64 %rd2, %rd2;\n";
    body += &format!("    add.s64 %rd2, %rd2, %rd1;\n    st.global{memory} [%rd2], %y;\n");
    body += "    ret;\n";
    let registers: String = (0..inputs)
        .map(|k| format!("    .reg {register} %x{k};\n"))
        .collect();
    format!(
        "// speclint probe: PTX {instruction}\n.version 7.0\n.target sm_75\n.address_size 64\n\n\
         .visible .entry {KERNEL_NAME}(\n{}\n)\n{{\n    .reg .b32 %r<4>;\n    .reg .b64 %rd<3>;\n\
         {registers}    .reg {register} %y;\n\n{body}}}\n",
        params.join(",\n")
    )
}

/// A kernel `probe(out, a, b)` storing `a[i] * b[i]` rounded to nearest without `.ftz`: a
/// device that keeps subnormals returns the smallest subnormal times one unchanged.
pub fn multiply_kernel(format: FloatFormat) -> String {
    let (register, ..) = types(format);
    kernel(&format!("mul.rn{register}"), format, 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clauses(form: &str) -> Vec<Clause> {
        stated_bound(&accuracy_text(form).unwrap().0).unwrap_or_else(|| panic!("{form}"))
    }

    fn within(clause: &Clause) -> Vec<(f64, f64, bool, bool)> {
        match &clause.domain {
            Domain::Within(intervals) => intervals
                .iter()
                .map(|i| (i.low, i.high, i.low_open, i.high_open))
                .collect(),
            Domain::All | Domain::Magnitude { .. } => Vec::new(),
        }
    }

    #[test]
    fn reads_the_bounds_the_spec_db_states() {
        assert_eq!(
            clauses("rcp.approx.f32"),
            [Clause::all(Limit::Ulps { ulps: 1.0 })]
        );
        // "from the correctly rounded result": half an ulp more from the exact value.
        assert_eq!(
            clauses("ex2.approx.f32"),
            [Clause::all(Limit::Ulps { ulps: 2.5 })]
        );
        let sqrt = clauses("sqrt.approx.f32");
        assert_eq!(sqrt.len(), 1);
        assert_eq!(sqrt[0].limit, Limit::Relative { exponent: -23.0 });
        assert_eq!(within(&sqrt[0]), [(0.0, f64::INFINITY, true, true)]);
        let rsqrt = clauses("rsqrt.approx.f32");
        assert_eq!(rsqrt[0].limit, Limit::Relative { exponent: -22.9 });
        assert_eq!(within(&rsqrt[0]), [(0.0, f64::INFINITY, true, true)]);
        // A figure for the type holds on every input.
        assert_eq!(
            clauses("ex2.approx.f16"),
            [Clause::all(Limit::Relative { exponent: -9.9 })]
        );
        assert_eq!(
            clauses("tanh.approx.f16"),
            [Clause::all(Limit::Absolute { exponent: -10.987 })]
        );
        assert_eq!(
            clauses("tanh.approx.f32"),
            [Clause::all(Limit::Relative { exponent: -11.0 })]
        );
        // Two ranges, each its own figure; nothing promised outside [-100pi, 100pi].
        for form in ["sin.approx.f32", "cos.approx.ftz.f32"] {
            let c = clauses(form);
            assert_eq!(c.len(), 2, "{form}");
            assert_eq!(c[0].limit, Limit::Absolute { exponent: -20.5 });
            assert_eq!(within(&c[0]), [(-2.0 * PI, 2.0 * PI, false, false)]);
            assert_eq!(c[1].limit, Limit::Absolute { exponent: -14.7 });
            assert_eq!(within(&c[1]), [(-100.0 * PI, 100.0 * PI, false, false)]);
            assert_eq!(
                c[0].text(),
                "absolute error <= 2^-20.5 for a in [-2pi, 2pi]"
            );
        }
        // An absolute error on the open (0.5, 2), a relative one on the other positive numbers.
        let lg2 = clauses("lg2.approx.f32");
        assert_eq!(lg2.len(), 2);
        assert_eq!(lg2[0].limit, Limit::Absolute { exponent: -22.0 });
        assert_eq!(within(&lg2[0]), [(0.5, 2.0, true, true)]);
        assert_eq!(lg2[1].limit, Limit::Relative { exponent: -22.0 });
        assert_eq!(
            within(&lg2[1]),
            [(0.0, 0.5, true, false), (2.0, f64::INFINITY, false, true)]
        );
        assert_eq!(
            lg2[1].text(),
            "relative error <= 2^-22 for a in (0, 0.5] or [2, inf)"
        );
    }

    #[test]
    fn unreadable_text_is_not_guessed() {
        assert_eq!(
            stated_bound("Gross approximation with no stated error bound"),
            None
        );
        // A figure over a range the reader does not know makes the whole text unreadable.
        assert_eq!(
            stated_bound("Max absolute error 2^-20 for a in [0, 1]; 2 ulp near the poles."),
            None
        );
        assert_eq!(
            stated_bound("Max absolute error 2^-20 for |a| small."),
            None
        );
        assert_eq!(
            stated_bound("Max absolute error 2^x for a in [0, 1]."),
            None
        );
        assert_eq!(
            stated_bound("Max absolute error 2^-3 for a in [1, 0]."),
            None
        );
        assert_eq!(
            stated_bound("Max absolute error 2^-3 for a in [1, pie]."),
            None
        );
        assert_eq!(
            stated_bound("Max absolute error 2^-3 for a in [-inf, -pi)."),
            Some(vec![Clause {
                limit: Limit::Absolute { exponent: -3.0 },
                domain: Domain::Within(vec![Interval {
                    low: f64::NEG_INFINITY,
                    high: -PI,
                    low_open: false,
                    high_open: true,
                    text: "[-inf, -pi)".to_string(),
                }]),
            }])
        );
    }

    #[test]
    fn every_form_has_its_accuracy_and_a_bound() {
        for name in probeable() {
            let plan = plan(name).unwrap();
            assert!(!plan.bound.section.is_empty(), "{name}: {:?}", plan.bound);
            // No known gaps: every probed form is judged.
            assert!(
                !plan.bound.clauses.is_empty(),
                "{name}: {}",
                plan.bound.text
            );
            assert!(
                !plan.bound.text.starts_with("no machine-readable"),
                "{name}: {}",
                plan.bound.text
            );
            assert_eq!(plan.bound.may_flush, name.contains(".ftz."), "{name}");
            assert!(plan.kernel.contains(&format!("    {name} %y, %x0;")));
        }
        // Each .ftz form is its plain form's bound, flushing allowed.
        for name in probeable().filter(|n| n.contains(".ftz.")) {
            let plain = plan(&name.replace(".ftz", "")).unwrap();
            assert_eq!(plan(name).unwrap().bound.clauses, plain.bound.clauses);
        }
        assert_eq!(probeable().filter(|n| n.contains(".ftz.")).count(), 7);
        assert!(plan("sin.rn.f32").is_err());
        assert!(looks_like_form("sin.rn.f32") && !looks_like_form("sin"));
    }

    /// The report of `form`'s bound on `outputs`, computed from each input by `device`.
    fn judged(form: &str, xs: &[f64], device: impl Fn(f64) -> f64) -> speclint_probe::ProbeReport {
        use speclint_probe::measure::Subnormals;
        use speclint_probe::{assess, SweepSettings};
        let plan = plan(form).unwrap();
        let bits = |v: f64| match plan.format {
            FloatFormat::F32 => (v as f32).to_bits(),
            FloatFormat::F16 => f16_bits(v),
        };
        let inputs = vec![xs.iter().map(|&x| bits(x)).collect::<Vec<u32>>()];
        let outputs: Vec<u32> = (inputs[0].iter())
            .map(|&b| bits(device(plan.format.to_f64(b))))
            .collect();
        let settings = SweepSettings {
            count: 0,
            seed: 0,
            subnormals: Subnormals::Kept,
        };
        assess(&plan, settings, &inputs, &outputs)
    }

    /// The f16 bit pattern nearest `value` (finite, within range), by search.
    fn f16_bits(value: f64) -> u32 {
        let magnitude = (0..0x7c00u32)
            .min_by(|&a, &b| {
                let da = (FloatFormat::F16.to_f64(a) - value.abs()).abs();
                let db = (FloatFormat::F16.to_f64(b) - value.abs()).abs();
                da.total_cmp(&db)
            })
            .unwrap();
        magnitude | if value < 0.0 { 0x8000 } else { 0 }
    }

    #[test]
    fn sin_is_judged_by_its_absolute_errors_on_their_ranges() {
        use speclint_probe::Verdict;
        let xs = [0.5, -6.0, 6.25, 7.0, -300.0, 1e6, 3e30];
        // 2^-21 off everywhere: within 2^-20.5 on [-2pi, 2pi] and 2^-14.7 beyond.
        let r = judged("sin.approx.f32", &xs, |x| x.sin() + 2f64.powi(-21));
        assert_eq!(r.verdict, Verdict::Pass, "{:?}", r.measurement);
        assert_eq!(r.measurement.clauses[0].inputs, 3); // 0.5, -6, 6.25 (< 2pi)
        assert_eq!(r.measurement.clauses[1].inputs, 5);
        assert_eq!(r.measurement.outside, 2);
        // 2^-19 off: beyond 2^-20.5 on [-2pi, 2pi], still within 2^-14.7.
        let r = judged("sin.approx.f32", &xs, |x| x.sin() + 2f64.powi(-19));
        assert_eq!(r.verdict, Verdict::Fail);
        assert_eq!(r.measurement.clauses[0].over, 3);
        assert_eq!(r.measurement.clauses[1].over, 0);
        // 2^-19 off only at 7 and -300 (outside [-2pi, 2pi]): within.
        let r = judged("cos.approx.f32", &xs, |x| {
            x.cos() + if x.abs() > 6.5 { 2f64.powi(-19) } else { 0.0 }
        });
        assert_eq!(r.verdict, Verdict::Pass, "{:?}", r.measurement);
        // Anything at all beyond [-100pi, 100pi] is not judged.
        let r = judged("sin.approx.f32", &xs, |x| {
            if x.abs() > 400.0 {
                0.75
            } else {
                x.sin()
            }
        });
        assert_eq!(r.verdict, Verdict::Pass, "{:?}", r.measurement);
        assert!(r.measurement.outside_worst.unwrap().error_absolute > 0.1);
    }

    #[test]
    fn relative_forms_are_judged_by_their_relative_errors() {
        use speclint_probe::Verdict;
        let xs = [
            0.25,
            1.0,
            2.0,
            3.0,
            1e-30,
            1e30,
            -4.0,
            0.0,
            -0.0,
            f64::INFINITY,
        ];
        let off = |e: i32| move |v: f64| v * (1.0 + 2f64.powi(e));
        let sqrt = |x: f64| x.sqrt();
        let r = judged("sqrt.approx.f32", &xs, sqrt);
        assert_eq!(r.verdict, Verdict::Pass, "{:?}", r.measurement);
        // -4 gives NaN (judged), 0 and inf are special inputs outside (0, inf), exact.
        assert_eq!(r.measurement.clauses[0].inputs, 6);
        assert_eq!(r.measurement.outside, 4);
        let r = judged("sqrt.approx.f32", &xs, |x| off(-21)(x.sqrt()));
        assert_eq!(r.verdict, Verdict::Fail);
        assert_eq!(r.measurement.clauses[0].over, 6);
        // rsqrt(+0) must be +inf: a large number is a mismatch though outside (0, inf).
        let r = judged("rsqrt.approx.f32", &xs, |x| {
            if x == 0.0 && x.is_sign_positive() {
                1e38
            } else {
                1.0 / x.sqrt()
            }
        });
        assert_eq!(r.verdict, Verdict::Fail);
        assert_eq!(r.measurement.special_mismatches, 1);
        // tanh.approx.f32: relative 2^-11 on every input.
        let tanh = |x: f64| x.tanh();
        assert_eq!(
            judged("tanh.approx.f32", &xs, off(-12)).verdict,
            Verdict::Fail
        );
        let r = judged("tanh.approx.f32", &xs, move |x| off(-12)(tanh(x)));
        assert_eq!(r.verdict, Verdict::Pass, "{:?}", r.measurement);
        let r = judged("tanh.approx.f32", &xs, move |x| off(-10)(tanh(x)));
        assert_eq!(r.verdict, Verdict::Fail);
        // ex2.approx.f16: relative 2^-9.9 on every half value given.
        let halves = [-20.0, -3.0, 0.0, 1.5, 10.25, 15.5, 16.0, -30.0];
        let exp2 = |x: f64| x.exp2();
        let r = judged("ex2.approx.f16", &halves, exp2);
        assert_eq!(r.verdict, Verdict::Pass, "{:?}", r.measurement);
        let r = judged("ex2.approx.f16", &halves, move |x| off(-8)(exp2(x)));
        assert_eq!(r.verdict, Verdict::Fail);
        // tanh.approx.f16: absolute 2^-10.987.
        let r = judged("tanh.approx.f16", &halves, |x| x.tanh() - 2f64.powi(-12));
        assert_eq!(r.verdict, Verdict::Pass, "{:?}", r.measurement);
        let r = judged("tanh.approx.f16", &halves, |x| x.tanh() - 2f64.powi(-9));
        assert_eq!(r.verdict, Verdict::Fail);
    }

    #[test]
    fn lg2_is_judged_absolutely_near_one_and_relatively_elsewhere() {
        use speclint_probe::Verdict;
        let xs = [0.75, 1.0, 1.5, 0.5, 2.0, 8.0, 0.125, 1e30];
        // 2^-23 absolute near 1 is a huge relative error (lg2(1) = 0), yet within.
        let r = judged("lg2.approx.f32", &xs, |x| {
            let exact = x.log2();
            if (0.5..2.0).contains(&x) {
                exact + 2f64.powi(-23)
            } else {
                exact * (1.0 + 2f64.powi(-23))
            }
        });
        assert_eq!(r.verdict, Verdict::Pass, "{:?}", r.measurement);
        assert_eq!(r.measurement.clauses[0].inputs, 3);
        assert_eq!(r.measurement.clauses[1].inputs, 5); // 0.5 and 2 are the relative clause's
                                                        // 2^-21 relative: beyond 2^-22 on the relative clause's inputs; on (0.5, 2) only where
                                                        // |lg2| > 1/2 (at 1.5) is that beyond 2^-22 absolute.
        let r = judged("lg2.approx.f32", &xs, |x| x.log2() * (1.0 + 2f64.powi(-21)));
        assert_eq!(r.verdict, Verdict::Fail);
        assert_eq!(r.measurement.clauses[0].over, 1);
        assert_eq!(r.measurement.clauses[0].worst.as_ref().unwrap().index, 2);
        assert!(
            r.measurement.clauses[1].over >= 4,
            "{:?}",
            r.measurement.clauses[1]
        );
    }

    #[test]
    fn a_bound_over_ranges_adds_inputs_to_the_sweep() {
        use speclint_probe::measure::Subnormals;
        use speclint_probe::{assess, inputs, sweep, SweepSettings, Verdict};
        let settings = SweepSettings {
            count: 4096,
            seed: 9,
            subnormals: Subnormals::Kept,
        };
        // PTX sin: [-2pi, 2pi] and [-100pi, 100pi] each get a quarter of the count more.
        let ptx = plan("sin.approx.f32").unwrap();
        let kinds = ptx.reference.arg_kinds();
        let swept = sweep::inputs(FloatFormat::F32, kinds, 4096, 9)[0].len();
        assert_eq!(inputs(&ptx, settings)[0].len(), swept + 2 * (1024 + 2));
        // A .ftz form is measured as may-flush whatever the settings say.
        let ftz = plan("sin.approx.ftz.f32").unwrap();
        let xs = inputs(&ftz, settings);
        let outputs: Vec<u32> = (xs[0].iter())
            .map(|&b| (f32::from_bits(b) as f64).sin() as f32)
            .map(f32::to_bits)
            .collect();
        let report = assess(&ftz, settings, &xs, &outputs);
        assert_eq!(report.subnormals, Subnormals::MayFlush);
        assert_eq!(report.verdict, Verdict::Pass, "{:?}", report.measurement);
        let report = assess(&ptx, settings, &xs, &outputs);
        assert_eq!(report.subnormals, Subnormals::Kept);
    }
}
