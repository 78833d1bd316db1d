//! `speclint probe FUNCTION...`: measures functions' accuracy on the local device against the
//! bound the spec states (issue 13 §3). OpenCL.std functions run as SPIR-V kernels through the
//! SPIR-V runner, PTX forms (`sin.approx.f32`) as PTX kernels through the CUDA driver, and
//! cuda_tile forms (`divf.approx.f32`, `tile:tanh.approx.f32`) as Tile IR modules compiled by
//! tileiras and run through the CUDA driver.

use crate::languages::REGISTRY;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, ValueEnum};
use serde_json::{json, Value};

use speclint_base::probe::bound::Limit;
use speclint_base::probe::format::FloatFormat;
use speclint_base::probe::reference::ArgKind;
use speclint_base::probe::{Likeness, Planned, ProbeBound, ProbeOptions, ProbePlan, Prober};
use speclint_base::run::runner::{Execution, Launch, Program, RunError};
use speclint_probe::measure::{ClauseMeasurement, Sample, Subnormals};
use speclint_probe::{ProbeReport, SweepSettings, Verdict};
use speclint_run::worker::{run_in_worker, Job, Reply};

#[derive(Args, Clone, Debug)]
pub struct ProbeArgs {
    /// OpenCL.std functions (`sin`, `exp2`, `atan2`, `fma` ...), PTX forms (`sin.approx.f32`,
    /// `ex2.approx.f16` ...) or cuda_tile forms OP.ROUNDING.TYPE (`divf.approx.f32`; `tile:`
    /// first where PTX has the same name, `tile:tanh.approx.f32`); `--list` names them all.
    #[arg(required_unless_present = "list")]
    pub functions: Vec<String>,
    /// The element type of OpenCL.std functions (a PTX form names its own).
    #[arg(long = "type", value_name = "TYPE", value_enum, default_value_t = ProbeType::F32)]
    pub element: ProbeType,
    /// The accuracy table to judge against.
    #[arg(long, value_enum, default_value_t = ProbeProfile::Full)]
    pub profile: ProbeProfile,
    /// Inputs besides the special values: f32 functions of one argument take one random bit
    /// pattern in each of COUNT equal slices of the 2^32 patterns; functions of several
    /// arguments COUNT random tuples. f16 functions of one argument take every f16 value.
    #[arg(long, default_value_t = 1 << 20)]
    pub count: usize,
    /// The random sweep's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How the device treats subnormals: `kept` measures them like any number; `may-flush`
    /// accepts a zero for a subnormal input or result, as a device without CL_FP_DENORM may
    /// give; `auto` asks the device first (the smallest subnormal times one). A PTX `.ftz`
    /// form is always `may-flush`, as its spec allows.
    #[arg(long, value_enum, default_value_t = SubnormalsArg::Auto)]
    pub subnormals: SubnormalsArg,
    /// Judge against this many ulps instead of the table's bound (does a device reach 1 ulp?).
    #[arg(long = "max-ulp", value_name = "ULPS")]
    pub max_ulp: Option<f64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ProbeFormat::Text)]
    pub format: ProbeFormat,
    /// Seconds each function's device work may take before it is killed.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub timeout: f64,
    /// Print each function's kernel (SPIR-V assembly, PTX for a PTX form, a Tile IR module for
    /// a cuda_tile form) instead of running it.
    #[arg(long = "emit-kernel")]
    pub emit_kernel: bool,
    /// List the functions that can be probed, with their bounds.
    #[arg(long)]
    pub list: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProbeType {
    F32,
    F16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProbeProfile {
    Full,
    Embedded,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SubnormalsArg {
    Auto,
    Kept,
    MayFlush,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProbeFormat {
    Text,
    Json,
}

pub fn run(args: &ProbeArgs) -> ExitCode {
    let format = match args.element {
        ProbeType::F32 => FloatFormat::F32,
        ProbeType::F16 => FloatFormat::F16,
    };
    let options = ProbeOptions {
        format,
        embedded_profile: args.profile == ProbeProfile::Embedded,
    };
    if args.list {
        return list(&options);
    }
    if let Err(message) = check_numbers(args) {
        eprintln!("error: {message}");
        return ExitCode::from(2);
    }
    let mut plans = Vec::new();
    for name in &args.functions {
        match plan(name, &options) {
            Ok(mut p) => {
                if let Some(ulps) = args.max_ulp {
                    p.bound = ProbeBound {
                        may_flush: p.bound.may_flush,
                        ..ProbeBound::ulps(format!("<= {ulps} ulp"), ulps, "--max-ulp".to_string())
                    };
                }
                plans.push(p)
            }
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(2);
            }
        }
    }
    if args.emit_kernel {
        for p in &plans {
            out(&p.kernel);
        }
        return ExitCode::SUCCESS;
    }
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("error: cannot find speclint's own binary: {e}");
            return ExitCode::from(2);
        }
    };
    let timeout = Duration::from_secs_f64(args.timeout);
    let mut reports = Vec::new();
    for p in &plans {
        let Some(runner) = REGISTRY.by_id(p.language).and_then(|l| l.runner()) else {
            eprintln!(
                "error: this build of speclint cannot run {} kernels",
                p.language
            );
            return ExitCode::from(2);
        };
        let execute = |program: &Program, launch: &Launch| {
            execute(&exe, p.language, program, launch, timeout)
        };
        let subnormals = match args.subnormals {
            // The spec lets a `.ftz` form flush whatever the device does: nothing to ask.
            _ if p.bound.may_flush => Ok(Subnormals::MayFlush),
            SubnormalsArg::Kept => Ok(Subnormals::Kept),
            SubnormalsArg::MayFlush => Ok(Subnormals::MayFlush),
            SubnormalsArg::Auto => speclint_probe::keeps_subnormals(
                p.format,
                &p.multiply_kernel,
                &p.kernel_name,
                p.launch,
                runner,
                &execute,
            )
            .map(|kept| {
                if kept {
                    Subnormals::Kept
                } else {
                    Subnormals::MayFlush
                }
            }),
        };
        let settings = subnormals.map(|subnormals| SweepSettings {
            count: args.count,
            seed: args.seed,
            subnormals,
        });
        match settings.and_then(|settings| speclint_probe::run(p, runner, settings, &execute)) {
            Ok(report) => {
                if args.format == ProbeFormat::Text {
                    out(&text(&report, p.format));
                }
                reports.push((report, p.format));
            }
            Err(e) => {
                eprintln!("error: {}: {}", p.title, e.message());
                if let RunError::Build { messages, .. } = &e {
                    for m in messages {
                        eprintln!("  {}", m.text);
                    }
                }
                return ExitCode::from(2);
            }
        }
    }
    if args.format == ProbeFormat::Json {
        let probes: Vec<Value> = reports.iter().map(|(r, f)| report_json(r, *f)).collect();
        let json = serde_json::to_string_pretty(&json!({ "probes": probes })).unwrap_or_default();
        out(&format!("{json}\n"));
    } else {
        let reports: Vec<&ProbeReport> = reports.iter().map(|(r, _)| r).collect();
        let failed = reports
            .iter()
            .filter(|r| r.verdict == Verdict::Fail)
            .count();
        out(&format!(
            "{} probed: {} within the bound, {} outside, {} without a bound to judge by\n",
            reports.len(),
            reports
                .iter()
                .filter(|r| r.verdict == Verdict::Pass)
                .count(),
            failed,
            reports
                .iter()
                .filter(|r| r.verdict == Verdict::Unjudged)
                .count(),
        ));
    }
    if reports.iter().any(|(r, _)| r.verdict == Verdict::Fail) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Which language probes `name`: the one whose prefix it carries (`tile:`), else the first in
/// the list of languages that can plan it. A name none probes gets the error of the language
/// it looks most like (a form's shape before a plain name).
fn plan(name: &str, options: &ProbeOptions) -> Result<ProbePlan, String> {
    let mut found = None;
    let mut nearest: Option<(Likeness, String)> = None;
    for prober in probers() {
        match prober.plan(name, options) {
            Planned::Claimed(result) => return result,
            Planned::Found(plan) => {
                found.get_or_insert(plan);
            }
            Planned::Unknown { likeness, error } => {
                if nearest.as_ref().is_none_or(|(near, _)| likeness > *near) {
                    nearest = Some((likeness, error));
                }
            }
        }
    }
    found.ok_or_else(|| {
        nearest.map_or_else(
            || format!("no language probes `{name}`"),
            |(_, error)| error,
        )
    })
}

fn probers() -> impl Iterator<Item = &'static dyn Prober> {
    REGISTRY.languages().iter().filter_map(|l| l.prober())
}

/// The most inputs a sweep takes (the buffers and the reference are held in memory).
const MAX_COUNT: usize = 1 << 26;

fn check_numbers(args: &ProbeArgs) -> Result<(), String> {
    if args.count > MAX_COUNT {
        return Err(format!(
            "--count {} is more than the {MAX_COUNT} inputs a probe takes",
            args.count
        ));
    }
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(format!(
            "--timeout {} is not a positive number of seconds",
            args.timeout
        ));
    }
    if let Some(ulps) = args.max_ulp {
        if !(ulps.is_finite() && ulps >= 0.0) {
            return Err(format!("--max-ulp {ulps} is not a number of ulps"));
        }
    }
    Ok(())
}

/// Writes to stdout; a closed pipe (`| head`) is not an error worth a panic.
fn out(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// Runs one launch in a worker process (a crash or a hang in the driver never reaches this
/// process), killed after `timeout`.
fn execute(
    exe: &Path,
    language: &str,
    program: &Program,
    launch: &Launch,
    timeout: Duration,
) -> Result<Execution, RunError> {
    match run_in_worker(exe, language, program, Job::Launch(launch.clone()), timeout)? {
        Reply::Launched(execution) => Ok(execution),
        Reply::Compiled(_) => Err(RunError::unavailable("the worker answered another job")),
    }
}

fn list(options: &ProbeOptions) -> ExitCode {
    for language in REGISTRY.languages() {
        let Some(prober) = language.prober() else {
            continue;
        };
        let listing = prober.listing(options);
        out(&format!("{}\n", listing.heading));
        for (name, bound) in &listing.entries {
            // A name another language takes first is written with this one's prefix.
            let theirs = !plan(name, options).is_ok_and(|p| p.language == language.id());
            let shown = match prober.prefix() {
                Some(prefix) if theirs => format!("{prefix}{name}"),
                _ => name.clone(),
            };
            let width = listing.name_width;
            out(&format!("  {shown:<width$} {bound}\n"));
        }
    }
    ExitCode::SUCCESS
}

/// `x = 0x1.921fb6p+1 (3.1415927)`, `x = ..., k = 3`.
fn inputs_text(format: FloatFormat, kinds: &[ArgKind], inputs: &[u32]) -> String {
    const NAMES: [&str; 3] = ["x", "y", "z"];
    (inputs.iter().zip(kinds).zip(NAMES))
        .map(|((&bits, kind), name)| match kind {
            ArgKind::Float => format!("{name} = {}", value_text(format, bits)),
            ArgKind::Int => format!("k = {}", bits as i32),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `0x1.921fb6p+1 (3.1415927)`: exact, then the shortest decimal that reads back the same.
fn value_text(format: FloatFormat, bits: u32) -> String {
    let value = format.to_f64(bits);
    let short = value as f32;
    if value == 0.0 || (1e-4..1e7).contains(&value.abs()) {
        format!("{} ({short})", format.hex(bits))
    } else if value.is_finite() {
        format!("{} ({short:e})", format.hex(bits))
    } else {
        format.hex(bits)
    }
}

fn verdict_text(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Pass => "within the bound",
        Verdict::Fail => "OUTSIDE the bound",
        Verdict::Unjudged => "no machine-readable bound: figures only",
    }
}

fn text(report: &ProbeReport, format: FloatFormat) -> String {
    let m = &report.measurement;
    let subnormals = match report.subnormals {
        Subnormals::Kept => "subnormals kept",
        Subnormals::MayFlush => "subnormals may be flushed",
    };
    let mut out = format!(
        "{} {} on {}, {} inputs, {subnormals}\n",
        report.function, report.format, report.device, m.count
    );
    // The table's own title, without the chapter path before it.
    let table = report
        .bound
        .section
        .rsplit(" > ")
        .next()
        .unwrap_or_default();
    out += &format!("  bound    {} ({table})\n", report.bound.text);
    match &m.worst {
        Some(w) if m.max_error_ulps > 0.0 => {
            out += &format!(
                "  max      {:.3} ulp at {}: {}, reference {:.9e}\n",
                m.max_error_ulps,
                inputs_text(format, report.arguments, &w.inputs),
                value_text(format, w.device),
                w.reference
            );
        }
        Some(_) => out += "  max      0 ulp: exact on every input\n",
        None => out += "  max      no input gave a number to compare\n",
    }
    // A bound of one ulp figure over every input is the line above; others show each clause.
    if report.bound.allowed_ulps().is_none() {
        for c in &m.clauses {
            out += &format!(
                "  clause   {}: {}\n",
                c.clause.text(),
                clause_text(c, format, report.arguments)
            );
        }
    }
    if m.outside > 0 {
        out += &format!(
            "  outside  {} inputs outside every clause's range: measured, not judged",
            m.outside
        );
        if let Some(w) = &m.outside_worst {
            out += &format!(
                "; largest absolute error {} at {}",
                error_text(Limit::Absolute { exponent: 0.0 }, w.error_absolute),
                inputs_text(format, report.arguments, &w.inputs)
            );
        }
        if m.outside_mismatches > 0 {
            out += &format!("; {} not a number where one is", m.outside_mismatches);
        }
        out += "\n";
    }
    if m.over_bound > 0 {
        out += &format!("  over     {} inputs beyond the bound\n", m.over_bound);
    }
    match m.special_mismatches {
        0 => out += "  special  no mismatches\n",
        n => {
            out += &format!("  special  {n} mismatches\n");
            for s in &m.mismatch_examples {
                out += &format!(
                    "           {}: {}, reference {} ({})\n",
                    inputs_text(format, report.arguments, &s.inputs),
                    value_text(format, s.device),
                    s.reference,
                    s.mismatch.unwrap_or("")
                );
            }
        }
    }
    let verdict = match report.verdict {
        Verdict::Fail if m.special_mismatches > 0 && m.over_bound == 0 => {
            if report.function.starts_with("OpenCL.std") {
                "OUTSIDE the spec: special values differ (C99 Annex F, the environment spec's edge cases)"
            } else {
                "OUTSIDE the spec: special values differ (the instruction's table of special cases)"
            }
        }
        verdict => verdict_text(verdict),
    };
    out += &format!("  {verdict}\n");
    out
}

/// An error in a limit's unit: `1.234 ulp`, `2^-21.31 (3.84e-7)`.
fn error_text(limit: Limit, error: f64) -> String {
    match limit {
        Limit::Ulps { .. } => format!("{error:.3} ulp"),
        _ if error == 0.0 => "0".to_string(),
        _ if !error.is_finite() => error.to_string(),
        _ => format!("2^{:.2} ({error:.3e})", error.log2()),
    }
}

/// One clause's figures: `262144 inputs, max 2^-21.31 (3.84e-7) at x = ...: ..., reference
/// ...; within`.
fn clause_text(c: &ClauseMeasurement, format: FloatFormat, kinds: &[ArgKind]) -> String {
    let Some(w) = &c.worst else {
        return "no input in its range gave a number: nothing to judge".to_string();
    };
    let mut out = format!(
        "{} inputs, max {} at {}: {}, reference {:.9e}",
        c.inputs,
        error_text(c.clause.limit, c.max_error),
        inputs_text(format, kinds, &w.inputs),
        value_text(format, w.device),
        w.reference
    );
    if c.over > 0 {
        out += &format!("; {} beyond it: OUTSIDE", c.over);
    } else {
        out += "; within";
    }
    out
}

fn sample_json(s: &Sample, format: FloatFormat, kinds: &[ArgKind]) -> Value {
    let inputs: Vec<Value> = (s.inputs.iter().zip(kinds))
        .map(|(&bits, kind)| match kind {
            ArgKind::Float => json!(format.hex(bits)),
            ArgKind::Int => json!(bits as i32),
        })
        .collect();
    json!({
        "index": s.index,
        "inputs": inputs,
        "input_bits": s.inputs,
        "device": format.hex(s.device),
        "device_bits": s.device,
        "reference": finite_or_text(s.reference),
        "error_ulps": finite_or_text(s.error_ulps),
        "error_absolute": finite_or_text(s.error_absolute),
        "error_relative": finite_or_text(s.error_relative),
        "mismatch": s.mismatch,
    })
}

/// JSON has no NaN or infinity: those are written as strings.
fn finite_or_text(value: f64) -> Value {
    if value.is_finite() {
        json!(value)
    } else {
        json!(value.to_string())
    }
}

fn report_json(report: &ProbeReport, format: FloatFormat) -> Value {
    let m = &report.measurement;
    json!({
        "function": report.function,
        "type": report.format,
        "arguments": report.arguments,
        "subnormals": report.subnormals,
        "device": report.device,
        "bound": {
            "text": report.bound.text,
            "section": report.bound.section,
            "clauses": report.bound.clauses,
            "may_flush": report.bound.may_flush,
            // The figure of a bound that is one ulp figure over every input (OpenCL.std's).
            "allowed_ulps": report.bound.allowed_ulps(),
        },
        "inputs": m.count,
        "max_error_ulps": m.max_error_ulps,
        "worst": m.worst.as_ref().map(|w| sample_json(w, format, report.arguments)),
        "over_bound": m.over_bound,
        "special_mismatches": m.special_mismatches,
        "mismatch_examples": m.mismatch_examples.iter().map(|s| sample_json(s, format, report.arguments)).collect::<Vec<_>>(),
        "clauses": m.clauses.iter().map(|c| json!({
            "clause": c.clause,
            "text": c.clause.text(),
            "inputs": c.inputs,
            "max_error": finite_or_text(c.max_error),
            "worst": c.worst.as_ref().map(|w| sample_json(w, format, report.arguments)),
            "over": c.over,
            "verdict": if c.over == 0 { Verdict::Pass } else { Verdict::Fail },
        })).collect::<Vec<_>>(),
        "outside": {
            "inputs": m.outside,
            "worst": m.outside_worst.as_ref().map(|w| sample_json(w, format, report.arguments)),
            "mismatches": m.outside_mismatches,
        },
        "verdict": report.verdict,
        "kernel_ns": report.kernel_ns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use speclint_probe::{assess, SweepSettings};
    use speclint_ptx::probe as ptx_probe;
    use speclint_spec_db::spirv::opencl_std::Profile;
    use speclint_spirv::probe::{self as opencl_std_probe, Table};
    use speclint_tile_ir::probe as tile_probe;

    const SETTINGS: SweepSettings = SweepSettings {
        count: 4096,
        seed: 1,
        subnormals: Subnormals::Kept,
    };

    /// The report of `plan` on outputs computed on the host by `device`.
    fn report(plan: &ProbePlan, device: impl Fn(f32) -> f32) -> ProbeReport {
        let inputs = speclint_probe::inputs(plan, SETTINGS);
        let outputs: Vec<u32> = (inputs[0].iter())
            .map(|&b| device(f32::from_bits(b)).to_bits())
            .collect();
        assess(plan, SETTINGS, &inputs, &outputs)
    }

    #[test]
    fn text_and_json_show_each_clause_and_the_inputs_outside() {
        let sin = ptx_probe::plan("sin.approx.f32").unwrap();
        let good = report(&sin, f32::sin);
        let shown = text(&good, FloatFormat::F32);
        let clauses: Vec<&str> = shown.lines().filter(|l| l.contains("  clause ")).collect();
        assert_eq!(clauses.len(), 2, "{shown}");
        assert!(
            clauses[0].contains("absolute error <= 2^-20.5 for a in [-2pi, 2pi]: "),
            "{shown}"
        );
        assert!(clauses.iter().all(|l| l.ends_with("; within")), "{shown}");
        assert!(
            shown.contains("inputs outside every clause's range: measured, not judged"),
            "{shown}"
        );
        assert!(shown.ends_with("  within the bound\n"), "{shown}");
        let json = report_json(&good, FloatFormat::F32);
        assert_eq!(json["verdict"], "pass");
        assert_eq!(json["bound"]["clauses"][1]["limit"]["exponent"], -14.7);
        assert_eq!(json["bound"]["allowed_ulps"], Value::Null);
        assert_eq!(json["clauses"][0]["verdict"], "pass");
        assert_eq!(
            json["clauses"][0]["text"],
            "absolute error <= 2^-20.5 for a in [-2pi, 2pi]"
        );
        let max = json["clauses"][0]["max_error"].as_f64().unwrap();
        let worst = &json["clauses"][0]["worst"];
        assert_eq!(worst["error_absolute"].as_f64().unwrap(), max);
        assert!(json["outside"]["inputs"].as_u64().unwrap() > 0);
        // 2^-19 off inside [-2pi, 2pi]: the first clause fails, the second holds.
        let bad = report(&sin, |x| {
            let off = if x.abs() < 6.0 { 2f32.powi(-19) } else { 0.0 };
            x.sin() + off
        });
        let shown = text(&bad, FloatFormat::F32);
        let clauses: Vec<&str> = shown.lines().filter(|l| l.contains("  clause ")).collect();
        assert!(clauses[0].contains("beyond it: OUTSIDE"), "{shown}");
        assert!(clauses[1].ends_with("; within"), "{shown}");
        assert!(shown.ends_with("  OUTSIDE the bound\n"), "{shown}");
        let json = report_json(&bad, FloatFormat::F32);
        assert_eq!(json["verdict"], "fail");
        assert_eq!(json["clauses"][0]["verdict"], "fail");
        assert_eq!(json["clauses"][1]["verdict"], "pass");
    }

    #[test]
    fn an_opencl_ulp_bound_reports_as_before() {
        let table = Table {
            profile: Profile::Full,
            relaxed: false,
        };
        let sin = opencl_std_probe::plan("sin", FloatFormat::F32, table).unwrap();
        let r = report(&sin, f32::sin);
        let shown = text(&r, FloatFormat::F32);
        // The bound line, the max line, the special values and the verdict: no clause lines.
        let labels: Vec<&str> = (shown.lines().skip(1))
            .map(|l| l.split_whitespace().next().unwrap_or(""))
            .collect();
        assert_eq!(labels, ["bound", "max", "special", "within"], "{shown}");
        let json = report_json(&r, FloatFormat::F32);
        assert_eq!(json["bound"]["allowed_ulps"], 4.0);
        assert_eq!(json["outside"]["inputs"], 0);
    }

    /// A clause over part of the inputs (cuda_tile `divf rounding<approx>`: where `|rhs|` is
    /// normal) judges those; the others are counted and shown apart.
    #[test]
    fn a_clause_over_a_divisor_range_leaves_the_other_inputs_unjudged() {
        let plan = tile_probe::plan("divf.approx.f32").unwrap();
        let inputs = speclint_probe::inputs(&plan, SETTINGS);
        let (x, y) = (&inputs[0], &inputs[1]);
        // Correctly rounded where the divisor is normal, nonsense where it is a finite number
        // outside the range (special inputs, zeros and infinities, must still be right).
        let outputs: Vec<u32> = (x.iter().zip(y))
            .map(|(&a, &b)| {
                let (a, b) = (f32::from_bits(a), f32::from_bits(b));
                let normal = (2f32.powi(-126)..=2f32.powi(126)).contains(&b.abs());
                let special = !a.is_finite() || !b.is_finite() || a == 0.0 || b == 0.0;
                if normal || special {
                    a / b
                } else {
                    1234.5
                }
            })
            .map(f32::to_bits)
            .collect();
        let report = assess(&plan, SETTINGS, &inputs, &outputs);
        let shown = text(&report, FloatFormat::F32);
        assert!(
            shown.contains("clause   <= 2 ulp where |rhs| in [2^-126, 2^126]: "),
            "{shown}"
        );
        assert!(shown.contains("(cuda_tile.divf)"), "{shown}");
        assert_eq!(report.verdict, Verdict::Pass, "{shown}");
        let json = report_json(&report, FloatFormat::F32);
        assert_eq!(json["bound"]["clauses"][0]["domain"]["kind"], "magnitude");
        assert!(json["outside"]["inputs"].as_u64().unwrap() > 0, "{json}");
        // The same nonsense inside the range fails.
        let wrong: Vec<u32> = outputs.iter().map(|_| 1234.5f32.to_bits()).collect();
        let report = assess(&plan, SETTINGS, &inputs, &wrong);
        assert_eq!(report.verdict, Verdict::Fail);
    }
}
