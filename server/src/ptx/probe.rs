//! `speclint probe` for PTX instruction forms (`sin.approx.f32`, `ex2.approx.f16` ...): which
//! forms can be probed, the bound read from the spec-db's accuracy text for the form, and the
//! PTX kernel that applies the instruction element-wise to an input buffer.

use speclint_spec_db::ptx;

use super::opcode;
use crate::core::language::Language as _;
use crate::probe::format::FloatFormat;
use crate::probe::reference::{self, MathFunction};
use crate::probe::{ProbeBound, ProbeLaunch, ProbePlan};

const KERNEL_NAME: &str = "probe";

/// Where a bound's text ends and the spec-db's sentence it was read from begins.
pub const SOURCE_MARK: &str = " [spec-db: ";

/// The forms probed: the instruction as written, its host reference and its element type.
/// Each is a one-input approximation whose accuracy the spec states.
const FORMS: &[(&str, &str, FloatFormat)] = &[
    ("sin.approx.f32", "sin", FloatFormat::F32),
    ("cos.approx.f32", "cos", FloatFormat::F32),
    ("ex2.approx.f32", "exp2", FloatFormat::F32),
    ("ex2.approx.f16", "exp2", FloatFormat::F16),
    ("lg2.approx.f32", "log2", FloatFormat::F32),
    ("rcp.approx.f32", "rcp", FloatFormat::F32),
    ("rsqrt.approx.f32", "rsqrt", FloatFormat::F32),
    ("sqrt.approx.f32", "sqrt", FloatFormat::F32),
    ("tanh.approx.f32", "tanh", FloatFormat::F32),
    ("tanh.approx.f16", "tanh", FloatFormat::F16),
];

/// The PTX forms `speclint probe` takes, in the order `--list` shows them.
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
        language: super::language::Ptx.id(),
        multiply_kernel: multiply_kernel(format),
        launch: ProbeLaunch::THREAD_PER_ELEMENT,
        domain: None,
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

/// What an accuracy sentence states, read from its free text.
#[derive(Clone, Debug, PartialEq)]
pub enum StatedBound {
    /// At most this many ulps from the exact result.
    Ulps(f64),
    /// `|device - exact| <= 2^exponent`, over the range the text names (its own words).
    Absolute { exponent: f64, range: String },
    /// `|device - exact| <= 2^exponent * |exact|`.
    Relative { exponent: f64 },
    /// Nothing that can be read as a number.
    Unreadable,
}

/// Reads the first bound `text` states: `at most N ulp` (from the correctly rounded result
/// adds its half ulp), `absolute error 2^-X` (with the range after it) or `relative error
/// 2^-X`. The probe judges ulp figures only; the others are reported with the figures.
pub fn stated_bound(text: &str) -> StatedBound {
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let power = |word: &str| -> Option<f64> {
        let exponent = word.strip_prefix("2^")?;
        exponent
            .trim_end_matches(|c: char| !c.is_ascii_digit())
            .parse()
            .ok()
    };
    for (i, word) in words.iter().enumerate() {
        let after = || words[i + 2..].iter().take(3).find_map(|w| power(w));
        if word.starts_with("ulp") && i > 0 {
            if let Ok(n) = words[i - 1].parse::<f64>() {
                let from_rounded = lower.contains("from the correctly rounded result");
                return StatedBound::Ulps(if from_rounded { n + 0.5 } else { n });
            }
        }
        if word.starts_with("absolute") && words.get(i + 1) == Some(&"error") {
            if let Some(exponent) = after() {
                // The range is the words after the figure, up to the end of the clause.
                let mut range = Vec::new();
                for w in words[i + 2..]
                    .iter()
                    .skip_while(|w| power(w).is_none())
                    .skip(1)
                {
                    range.push(w.trim_end_matches([';', '.']));
                    if w.ends_with([';', '.']) {
                        break;
                    }
                }
                let range = range.join(" ");
                return StatedBound::Absolute { exponent, range };
            }
        }
        if word.starts_with("relative") && words.get(i + 1) == Some(&"error") {
            if let Some(exponent) = after() {
                return StatedBound::Relative { exponent };
            }
        }
    }
    StatedBound::Unreadable
}

fn bound(form: &str) -> ProbeBound {
    let Some((text, section)) = accuracy_text(form) else {
        return ProbeBound {
            text: "no accuracy in the spec-db for this form".to_string(),
            allowed_ulps: None,
            section: String::new(),
        };
    };
    let (summary, allowed_ulps) = match stated_bound(&text) {
        StatedBound::Ulps(n) => (format!("<= {n} ulp"), Some(n)),
        StatedBound::Absolute { exponent, range } if range.is_empty() => {
            (format!("absolute error <= 2^{exponent}"), None)
        }
        StatedBound::Absolute { exponent, range } => {
            (format!("absolute error <= 2^{exponent} {range}"), None)
        }
        StatedBound::Relative { exponent } => (format!("relative error <= 2^{exponent}"), None),
        StatedBound::Unreadable => ("no machine-readable bound".to_string(), None),
    };
    ProbeBound {
        text: format!("{summary}{SOURCE_MARK}{text}]"),
        allowed_ulps,
        section,
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

    #[test]
    fn reads_the_bounds_the_spec_db_states() {
        assert_eq!(
            stated_bound(&accuracy_text("rcp.approx.f32").unwrap().0),
            StatedBound::Ulps(1.0)
        );
        // "from the correctly rounded result": half an ulp more from the exact value.
        assert_eq!(
            stated_bound(&accuracy_text("ex2.approx.f32").unwrap().0),
            StatedBound::Ulps(2.5)
        );
        assert_eq!(
            stated_bound(&accuracy_text("sqrt.approx.f32").unwrap().0),
            StatedBound::Relative { exponent: -23.0 }
        );
        assert_eq!(
            stated_bound(&accuracy_text("ex2.approx.f16").unwrap().0),
            StatedBound::Relative { exponent: -9.9 }
        );
        match stated_bound(&accuracy_text("sin.approx.f32").unwrap().0) {
            StatedBound::Absolute { exponent, range } => {
                assert_eq!(exponent, -20.5);
                assert_eq!(
                    range,
                    "for a in [-2pi, 2pi] and 2^-14.7 for a in [-100pi, 100pi]"
                );
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            stated_bound("Gross approximation with no stated error bound"),
            StatedBound::Unreadable
        );
    }

    #[test]
    fn every_form_has_its_accuracy_and_a_bound() {
        for name in probeable() {
            let plan = plan(name).unwrap();
            assert!(!plan.bound.section.is_empty(), "{name}: {:?}", plan.bound);
            assert!(
                !plan.bound.text.starts_with("no machine-readable"),
                "{name}: {}",
                plan.bound.text
            );
            assert!(plan.kernel.contains(&format!("    {name} %y, %x0;")));
        }
        assert!(plan("sin.rn.f32").is_err());
        assert!(looks_like_form("sin.rn.f32") && !looks_like_form("sin"));
    }
}
