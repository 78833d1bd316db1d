//! `speclint probe`, the language-neutral part: the inputs swept, the host reference, the
//! measurement of a device's results against it and the verdict against a bound. Languages
//! name the functions they can probe, give the bound their spec states and build the kernel
//! (`spirv::probe` for OpenCL.std); the CLI runs it on a device.

pub mod format;
pub mod measure;
pub mod reference;
pub mod sweep;

use serde::Serialize;

use measure::Measurement;
use reference::REFERENCE_ERROR_ULPS;

/// The bound a spec states for a probed form, as an ulp figure where it is one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProbeBound {
    /// As the spec-db writes it (`<= 4 ulp`, `correctly rounded`).
    pub text: String,
    /// The largest error in ulps it allows; `None` for a bound that is not a fixed number of
    /// ulps (an absolute error, implementation-defined): the figures are reported unjudged.
    pub allowed_ulps: Option<f64>,
    /// The table it comes from.
    pub section: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Every element within the bound and every special value as required.
    Pass,
    Fail,
    /// The bound is not an ulp figure: nothing to judge.
    Unjudged,
}

/// Passes when no special value mismatches and the largest error is within the bound, up to
/// the reference's own error.
pub fn judge(measurement: &Measurement, bound: &ProbeBound) -> Verdict {
    let Some(allowed) = bound.allowed_ulps else {
        return Verdict::Unjudged;
    };
    if measurement.special_mismatches == 0
        && measurement.max_error_ulps <= allowed + REFERENCE_ERROR_ULPS
    {
        Verdict::Pass
    } else {
        Verdict::Fail
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use format::FloatFormat;
    use measure::{measure, Subnormals};

    fn bound(allowed: f64) -> ProbeBound {
        ProbeBound {
            text: format!("<= {allowed} ulp"),
            allowed_ulps: Some(allowed),
            section: String::new(),
        }
    }

    #[test]
    fn the_verdict_follows_the_bound_and_the_special_values() {
        let exp2 = reference::by_name("exp2").unwrap();
        let inputs = vec![vec![3.0f32.to_bits(), 0.5f32.to_bits()]];
        let two_ulps_off = f32::from_bits(8.0f32.to_bits() + 2).to_bits();
        let outputs = vec![two_ulps_off, 2f32.sqrt().to_bits()];
        let m = measure(
            FloatFormat::F32,
            exp2,
            &inputs,
            &outputs,
            Subnormals::Kept,
            None,
        );
        assert_eq!(judge(&m, &bound(3.0)), Verdict::Pass);
        assert_eq!(judge(&m, &bound(1.0)), Verdict::Fail);
        let unjudged = ProbeBound {
            allowed_ulps: None,
            ..bound(0.0)
        };
        assert_eq!(judge(&m, &unjudged), Verdict::Unjudged);
        let nan_for_a_number = vec![two_ulps_off, f32::NAN.to_bits()];
        let m = measure(
            FloatFormat::F32,
            exp2,
            &inputs,
            &nan_for_a_number,
            Subnormals::Kept,
            None,
        );
        assert_eq!(judge(&m, &bound(3.0)), Verdict::Fail);
    }
}
