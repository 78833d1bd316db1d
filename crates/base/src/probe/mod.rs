//! What a language gives `speclint probe`: a plan per function (the kernel, the host
//! reference, the bound its spec states), through its [`Prober`]. The measuring is the
//! `speclint-probe` crate's.

pub mod bound;
pub mod format;
pub mod reference;

use bound::{Clause, Domain, Limit};
use format::FloatFormat;
use reference::MathFunction;
use serde::Serialize;

/// Work-items per work-group (threads per block) of a PTX or SPIR-V probe's launch, one per
/// element.
pub const BLOCK: usize = 64;

/// How a probe's launch covers its inputs: each block takes `elements_per_block` consecutive
/// elements (inputs are padded to a multiple of it), launched with `block` threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeLaunch {
    pub elements_per_block: usize,
    pub block: [u32; 3],
}

impl ProbeLaunch {
    /// One thread per element, [`BLOCK`] to a block (PTX, OpenCL kernels).
    pub const THREAD_PER_ELEMENT: ProbeLaunch = ProbeLaunch {
        elements_per_block: BLOCK,
        block: [BLOCK as u32, 1, 1],
    };
}

/// What a language gives the driver to probe one function at one format.
#[derive(Debug)]
pub struct ProbePlan {
    /// How reports name it: `OpenCL.std sin`.
    pub title: String,
    pub format: FloatFormat,
    pub reference: MathFunction,
    pub bound: ProbeBound,
    /// The kernel's source in the language (its runner prepares it), named [`Self::kernel_name`],
    /// taking the output buffer and then one input buffer per argument.
    pub kernel: String,
    pub kernel_name: String,
    /// The language id whose runner prepares and launches the kernel.
    pub language: &'static str,
    /// A kernel of the same language and signature storing `a[i] * b[i]`, for
    /// the subnormal check.
    pub multiply_kernel: String,
    /// How the kernels are launched over the inputs.
    pub launch: ProbeLaunch,
}

/// The bound a spec states for a probed form, as the clauses it can be judged by.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProbeBound {
    /// As the spec-db writes it (`<= 4 ulp`, `correctly rounded`).
    pub text: String,
    /// What the bound requires, clause by clause (one ulp figure over every input for
    /// OpenCL.std; `sin.approx.f32`: an absolute error over each of two ranges). Empty for a
    /// bound the probe cannot read (implementation-defined, prose without a figure): the
    /// figures are reported unjudged.
    pub clauses: Vec<Clause>,
    /// The table it comes from.
    pub section: String,
    /// The spec lets the form flush subnormal inputs and results to a zero of their sign (PTX
    /// `.ftz`): measured with the may-flush measurement whatever the device does.
    pub may_flush: bool,
}

impl ProbeBound {
    /// At most `ulps` on every input.
    pub fn ulps(text: String, ulps: f64, section: String) -> ProbeBound {
        ProbeBound {
            text,
            clauses: vec![Clause::all(Limit::Ulps { ulps })],
            section,
            may_flush: false,
        }
    }

    /// A bound without a figure to judge by.
    pub fn unjudged(text: String, section: String) -> ProbeBound {
        ProbeBound {
            text,
            clauses: Vec::new(),
            section,
            may_flush: false,
        }
    }

    /// The ulp figure of a bound that is one ulp figure over every input (OpenCL.std's).
    pub fn allowed_ulps(&self) -> Option<f64> {
        match self.clauses[..] {
            [Clause {
                limit: Limit::Ulps { ulps },
                domain: Domain::All,
            }] => Some(ulps),
            _ => None,
        }
    }

    /// The bounded intervals the clauses speak of, each once, for the sweep to fill.
    pub fn focus(&self) -> Vec<bound::Interval> {
        let mut intervals: Vec<bound::Interval> = Vec::new();
        for clause in &self.clauses {
            if let Domain::Within(within) = &clause.domain {
                for i in within.iter().filter(|i| i.is_bounded()) {
                    if !intervals.contains(i) {
                        intervals.push(i.clone());
                    }
                }
            }
        }
        intervals
    }
}

/// The options of `speclint probe` that choose what is measured and against which table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeOptions {
    /// The element type of functions whose name does not give one (`--type`).
    pub format: FloatFormat,
    /// Judge against the embedded profile's table where the language has one (`--profile`).
    pub embedded_profile: bool,
}

/// How near a name a prober cannot plan is to the ones it can: the error of the nearest
/// prober (the first in order among equals) is the one shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Likeness {
    /// Nothing like its names.
    Unlike,
    /// It takes plain names (`sin`): its error stands when no prober's form matches.
    Plain,
    /// Written as its forms are (`sin.rn.f32` for PTX).
    Form,
}

/// What a prober makes of a function's name.
pub enum Planned {
    /// The name carries the prober's [`Prober::prefix`]: no other prober is asked.
    Claimed(Result<ProbePlan, String>),
    /// One of its functions.
    Found(ProbePlan),
    /// Not one of its functions, and why.
    Unknown { likeness: Likeness, error: String },
}

/// A prober's section of `speclint probe --list`.
pub struct Listing {
    pub heading: String,
    /// The column the bounds start at, after the names.
    pub name_width: usize,
    /// Each function's name (without the prefix) and the bound it is judged by.
    pub entries: Vec<(String, String)>,
}

/// A language's math functions that `speclint probe` can measure on a device.
pub trait Prober: Sync {
    /// The plan of `name`, or how far it is from this language's names.
    fn plan(&self, name: &str, options: &ProbeOptions) -> Planned;

    /// The prefix that makes a name this language's where another has the same name
    /// (`tile:`), if the language has one.
    fn prefix(&self) -> Option<&'static str> {
        None
    }

    /// Every function it can probe, with its bound.
    fn listing(&self, options: &ProbeOptions) -> Listing;
}
