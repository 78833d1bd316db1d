//! What a bound requires, clause by clause: a limit on the error (ulps, an absolute error, a
//! relative error) over a domain of inputs. OpenCL.std's tables give one ulp figure for every
//! input; PTX's accuracy text can give several (`sin.approx.f32`: an absolute error of 2^-20.5
//! for a in [-2pi, 2pi] and of 2^-14.7 for a in [-100pi, 100pi], nothing promised outside).

use serde::ser::SerializeStruct as _;
use serde::{Serialize, Serializer};

/// One statement of a bound: the error of every input in `domain` is at most `limit`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Clause {
    pub limit: Limit,
    pub domain: Domain,
}

/// How far a result may be from the exact value.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Limit {
    /// At most this many ulps of the result's format, the ulp taken at the exact value.
    Ulps { ulps: f64 },
    /// `|device - exact| <= 2^exponent`.
    Absolute { exponent: f64 },
    /// `|device - exact| <= 2^exponent * |exact|`, where `|exact|` is taken as at least the
    /// format's smallest normal number: a subnormal result has no more relative precision than
    /// that (no f16 number is within 2^-9.9 of 2^-20 relative to it), and a result that rounds
    /// to zero is judged by the same absolute figure.
    Relative { exponent: f64 },
}

/// The inputs a clause speaks of, by the value of the first argument.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "where")]
pub enum Domain {
    /// Every input, special values included.
    All,
    /// The inputs whose first argument lies in one of these intervals.
    Within(Vec<Interval>),
    /// The inputs where one argument's magnitude lies in `[low, high]` (cuda_tile `divf`:
    /// `|rhs|` in the normal range); `text` spells it (`|rhs| in [2^-126, 2^126]`).
    Magnitude {
        argument: usize,
        low: f64,
        high: f64,
        text: String,
    },
}

/// An interval of the real line, each end open or closed; `text` spells it as the spec does
/// (`[-2pi, 2pi]`, `(0.5, 2)`).
#[derive(Clone, Debug, PartialEq)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
    pub low_open: bool,
    pub high_open: bool,
    pub text: String,
}

impl Interval {
    pub fn contains(&self, x: f64) -> bool {
        (x > self.low || (x == self.low && !self.low_open))
            && (x < self.high || (x == self.high && !self.high_open))
    }

    /// Both ends finite: an interval the sweep can fill evenly by value.
    pub fn is_bounded(&self) -> bool {
        self.low.is_finite() && self.high.is_finite()
    }
}

impl Serialize for Interval {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // JSON has no infinity: an unbounded end is written as a string.
        let end = |v: f64| {
            if v.is_finite() {
                serde_json::json!(v)
            } else {
                serde_json::json!(v.to_string())
            }
        };
        let mut s = serializer.serialize_struct("Interval", 5)?;
        s.serialize_field("low", &end(self.low))?;
        s.serialize_field("high", &end(self.high))?;
        s.serialize_field("low_open", &self.low_open)?;
        s.serialize_field("high_open", &self.high_open)?;
        s.serialize_field("text", &self.text)?;
        s.end()
    }
}

impl Domain {
    /// Whether the input with these argument values is in the domain.
    pub fn contains(&self, args: &[f64]) -> bool {
        match self {
            Domain::All => true,
            Domain::Within(intervals) => args
                .first()
                .is_some_and(|&x| intervals.iter().any(|i| i.contains(x))),
            // A NaN is in no range.
            Domain::Magnitude {
                argument,
                low,
                high,
                ..
            } => args
                .get(*argument)
                .is_some_and(|x| (*low..=*high).contains(&x.abs())),
        }
    }
}

impl Limit {
    /// `<= 4 ulp`, `absolute error <= 2^-20.5`, `relative error <= 2^-23`.
    pub fn text(&self) -> String {
        match self {
            Limit::Ulps { ulps } => format!("<= {ulps} ulp"),
            Limit::Absolute { exponent } => format!("absolute error <= 2^{exponent}"),
            Limit::Relative { exponent } => format!("relative error <= 2^{exponent}"),
        }
    }
}

impl Clause {
    pub fn all(limit: Limit) -> Clause {
        Clause {
            limit,
            domain: Domain::All,
        }
    }

    /// `absolute error <= 2^-20.5 for a in [-2pi, 2pi]`; a clause over every input is its
    /// limit alone.
    pub fn text(&self) -> String {
        match &self.domain {
            Domain::All => self.limit.text(),
            Domain::Within(intervals) => {
                let spans: Vec<&str> = intervals.iter().map(|i| i.text.as_str()).collect();
                format!("{} for a in {}", self.limit.text(), spans.join(" or "))
            }
            Domain::Magnitude { text, .. } => format!("{} where {text}", self.limit.text()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interval(low: f64, high: f64, low_open: bool, high_open: bool) -> Interval {
        Interval {
            low,
            high,
            low_open,
            high_open,
            text: String::new(),
        }
    }

    #[test]
    fn open_and_closed_ends() {
        let open = interval(0.5, 2.0, true, true);
        assert!(!open.contains(0.5) && open.contains(0.5000001) && !open.contains(2.0));
        let closed = interval(0.5, 2.0, false, false);
        assert!(closed.contains(0.5) && closed.contains(2.0) && !closed.contains(2.0000001));
        assert!(!closed.contains(f64::NAN));
        let positive = interval(0.0, f64::INFINITY, true, true);
        assert!(positive.contains(f64::MAX) && !positive.contains(f64::INFINITY));
        assert!(!positive.contains(0.0) && !positive.contains(-0.0));
        assert!(!positive.is_bounded() && closed.is_bounded());
    }

    #[test]
    fn a_domain_looks_at_the_first_argument() {
        let d = Domain::Within(vec![
            interval(-1.0, 0.0, false, true),
            interval(2.0, 3.0, false, false),
        ]);
        assert!(d.contains(&[-1.0]) && d.contains(&[2.5, 100.0]));
        assert!(!d.contains(&[0.0]) && !d.contains(&[1.0]) && !d.contains(&[]));
        assert!(Domain::All.contains(&[f64::NAN]));
        let json = serde_json::to_value(Clause {
            limit: Limit::Relative { exponent: -22.0 },
            domain: Domain::Within(vec![interval(2.0, f64::INFINITY, false, true)]),
        })
        .unwrap();
        assert_eq!(json["limit"]["kind"], "relative");
        assert_eq!(json["domain"]["where"][0]["high"], "inf");
    }

    #[test]
    fn a_magnitude_domain_looks_at_its_argument() {
        let divisor = Domain::Magnitude {
            argument: 1,
            low: 2f64.powi(-126),
            high: 2f64.powi(126),
            text: "|rhs| in [2^-126, 2^126]".into(),
        };
        let inside = |rhs: f64| divisor.contains(&[1.0, rhs]);
        assert!(inside(2.0) && inside(-3.0) && inside(-(2f64.powi(-126))));
        assert!(!inside(1e-40) && !inside(f64::from(f32::MAX)) && !inside(f64::NAN));
        assert!(!divisor.contains(&[1.0]));
        let clause = Clause {
            limit: Limit::Ulps { ulps: 2.0 },
            domain: divisor,
        };
        assert_eq!(clause.text(), "<= 2 ulp where |rhs| in [2^-126, 2^126]");
        let json = serde_json::to_value(&clause).unwrap();
        assert_eq!(json["domain"]["kind"], "magnitude");
        assert_eq!(json["domain"]["where"]["argument"], 1);
    }
}
