//! Mutant oracle: single-fault mutants of the real PTX corpus, judged by ptxas.
//!
//! Every file of `tests/corpus/ptx/valid` (nvcc output that ptxas accepts and speclint checks
//! clean) is mutated deterministically, one fault per mutant, by kind: swap a type, drop a
//! modifier, change a modifier, change a vector size, change a state space, change an
//! operand's register, misspell a modifier, lower `.target`, lower `.version`. ptxas judges each
//! mutant:
//!
//! - ptxas rejects it: speclint must report an error on one of the lines ptxas names (a
//!   *miss* otherwise);
//! - ptxas accepts it: speclint must report no error (a *false error* otherwise).
//!
//! The per-kind table is printed (`cargo test --test mutant_oracle -- --nocapture`; docs/testing.md
//! shows it). Misses and false errors known today are listed, one mutant id a line, in
//! `tests/oracle/ptx/mutants/known-gaps.txt`: the test fails on a miss or false error that is
//! not listed, and on a listed one that is now right, so the list only shrinks.
//! `MUTANTS_UPDATE=1` rewrites the list from this run (check the diff).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use speclint_spec_db::{ptx, Version};

use speclint_test_support::oracle::{parallel, run_speclint, skip_without_tools};
use speclint_test_support::ptxas;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/ptx/valid");
const KNOWN_GAPS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/oracle/ptx/mutants/known-gaps.txt"
);

/// Mutants of one kind per file, spread evenly over the candidate sites;
/// `MUTANTS_PER_FILE_AND_KIND=N` takes more for a deeper (slower) run, without known gaps.
fn per_file_and_kind() -> usize {
    std::env::var("MUTANTS_PER_FILE_AND_KIND")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(4)
}

/// The oldest target ptxas 13.5 assembles.
const OLDEST_TARGET: u32 = 75;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    SwapType,
    DropModifier,
    ChangeModifier,
    VectorSize,
    StateSpace,
    Register,
    Misspell,
    LowerTarget,
    LowerVersion,
}

impl Kind {
    const ALL: [Kind; 9] = [
        Kind::SwapType,
        Kind::DropModifier,
        Kind::ChangeModifier,
        Kind::VectorSize,
        Kind::StateSpace,
        Kind::Register,
        Kind::Misspell,
        Kind::LowerTarget,
        Kind::LowerVersion,
    ];

    fn name(self) -> &'static str {
        match self {
            Kind::SwapType => "swap a type",
            Kind::DropModifier => "drop a modifier",
            Kind::ChangeModifier => "change a modifier",
            Kind::VectorSize => "change a vector size",
            Kind::StateSpace => "change a state space",
            Kind::Register => "change an operand's register",
            Kind::Misspell => "misspell a modifier",
            Kind::LowerTarget => "lower .target",
            Kind::LowerVersion => "lower .version",
        }
    }

    fn id(self) -> &'static str {
        match self {
            Kind::SwapType => "type",
            Kind::DropModifier => "drop",
            Kind::ChangeModifier => "change",
            Kind::VectorSize => "vector",
            Kind::StateSpace => "space",
            Kind::Register => "register",
            Kind::Misspell => "misspell",
            Kind::LowerTarget => "target",
            Kind::LowerVersion => "version",
        }
    }
}

/// One mutant: the file, the kind, the 1-based line changed, what changed.
struct Mutant {
    /// Stable id: `file.ptx:LINE:kind:old->new`.
    id: String,
    kind: Kind,
    file: String,
    target: String,
    text: String,
}

const TYPES: &[&str] = &[
    ".b8", ".b16", ".b32", ".b64", ".b128", ".s8", ".s16", ".s32", ".s64", ".u8", ".u16", ".u32",
    ".u64", ".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64", ".pred", ".tf32", ".e4m3",
    ".e5m2",
];

/// A type's swap partner: another width or kind that keeps the text plausible.
fn swapped_type(ty: &str) -> Option<&'static str> {
    Some(match ty {
        ".u32" => ".u64",
        ".u64" => ".u32",
        ".s32" => ".s64",
        ".s64" => ".s32",
        ".b32" => ".b64",
        ".b64" => ".b32",
        ".f32" => ".f64",
        ".f64" => ".f32",
        ".u16" => ".u32",
        ".s16" => ".s32",
        ".b16" => ".b32",
        ".u8" => ".u32",
        ".s8" => ".s32",
        ".b8" => ".b32",
        ".f16" => ".f32",
        ".bf16" => ".f16",
        ".f16x2" => ".f32",
        ".bf16x2" => ".f16x2",
        ".pred" => ".b32",
        ".b128" => ".b64",
        _ => return None,
    })
}

/// A modifier's replacement for "change a modifier": a sibling that some other form uses.
fn changed_modifier(modifier: &str) -> Option<&'static str> {
    Some(match modifier {
        ".rn" => ".rni",
        ".rz" => ".rzi",
        ".rm" => ".rmi",
        ".rp" => ".rpi",
        ".rni" => ".rn",
        ".rzi" => ".rz",
        ".rmi" => ".rm",
        ".rpi" => ".rp",
        ".approx" => ".full",
        ".full" => ".approx",
        ".lo" => ".wide",
        ".hi" => ".wide",
        ".wide" => ".hi",
        ".ftz" => ".sat",
        ".sat" => ".ftz",
        ".eq" => ".equ",
        ".ne" => ".neu",
        ".lt" => ".ltu",
        ".le" => ".leu",
        ".gt" => ".gtu",
        ".ge" => ".geu",
        ".and" => ".xor",
        ".or" => ".and",
        ".sync" => ".arrive",
        ".aligned" => ".uni",
        ".uni" => ".aligned",
        ".add" => ".inc",
        ".inc" => ".add",
        ".min" => ".inc",
        ".max" => ".dec",
        ".exch" => ".cas",
        ".cas" => ".exch",
        ".ca" => ".cg",
        ".cg" => ".ca",
        ".cs" => ".lu",
        ".nc" => ".lu",
        ".gpu" => ".cluster",
        ".sys" => ".cluster",
        ".cta" => ".cluster",
        ".relaxed" => ".acquire",
        ".acquire" => ".release",
        ".release" => ".acquire",
        ".up" => ".idx",
        ".down" => ".bfly",
        ".bfly" => ".up",
        ".idx" => ".down",
        ".to" => ".from",
        ".clamp" => ".wrap",
        ".wrap" => ".clamp",
        ".shiftamt" => ".wrap",
        _ => return None,
    })
}

fn changed_space(space: &str) -> Option<&'static str> {
    Some(match space {
        ".global" => ".shared",
        ".shared" => ".global",
        ".local" => ".shared",
        ".param" => ".local",
        ".const" => ".global",
        ".shared::cta" => ".shared::cluster",
        ".shared::cluster" => ".global",
        _ => return None,
    })
}

fn changed_vector(vector: &str) -> Option<&'static str> {
    Some(match vector {
        ".v2" => ".v4",
        ".v4" => ".v2",
        ".v8" => ".v4",
        _ => return None,
    })
}

/// `%r12` -> `%rd12`, `%rd3` -> `%r3`, `%f1` -> `%rd1`, `%rs2` -> `%r2`, `%p1` -> `%r1`.
fn changed_register(register: &str) -> Option<String> {
    let digits = register.find(|c: char| c.is_ascii_digit())?;
    let (prefix, number) = register.split_at(digits);
    let to = match prefix {
        "%r" => "%rd",
        "%rd" => "%r",
        "%f" => "%rd",
        "%fd" => "%f",
        "%rs" => "%r",
        "%p" => "%r",
        _ => return None,
    };
    Some(format!("{to}{number}"))
}

/// `.global` -> `.golbal`: the second and third letters swapped.
fn misspelled(modifier: &str) -> Option<String> {
    let letters: Vec<char> = modifier.chars().collect();
    if letters.len() < 4 || !letters[1..].iter().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    let mut out = letters.clone();
    out.swap(2, 3);
    (out != letters).then(|| out.into_iter().collect())
}

/// An instruction line: (start of the opcode, the opcode, start of the operands).
fn instruction_at(line: &str) -> Option<(usize, &str, usize)> {
    let trimmed = line.trim_start();
    let mut at = line.len() - trimmed.len();
    let mut rest = trimmed;
    if rest.starts_with('@') {
        let end = rest.find(char::is_whitespace)?;
        let after = rest[end..].trim_start();
        at += rest.len() - after.len();
        rest = after;
    }
    let first = rest.chars().next()?;
    if !first.is_ascii_lowercase() || !line.trim_end().ends_with(';') {
        return None;
    }
    let end = rest
        .find(|c: char| c.is_whitespace() || c == ';')
        .unwrap_or(rest.len());
    let opcode = &rest[..end];
    if !opcode
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | ':'))
    {
        return None;
    }
    Some((at, opcode, at + end))
}

/// Every candidate edit of `kind` in `text` (whose `.target` is `target`): (line index, byte
/// range in the line, new text).
fn sites(text: &str, kind: Kind, target: &str) -> Vec<(usize, std::ops::Range<usize>, String)> {
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        match kind {
            Kind::LowerTarget | Kind::LowerVersion => {
                let directive = if kind == Kind::LowerTarget {
                    ".target"
                } else {
                    ".version"
                };
                if let Some(value) = line.trim().strip_prefix(directive) {
                    let value = value.trim();
                    let lowered = if kind == Kind::LowerTarget {
                        lower_target(value)
                    } else {
                        lower_version(value, target)
                    };
                    if let Some(new) = lowered {
                        let start = line.find(value).unwrap();
                        out.push((index, start..start + value.len(), new));
                    }
                }
                continue;
            }
            _ => {}
        }
        let Some((start, opcode, operands_at)) = instruction_at(line) else {
            continue;
        };
        let tokens: Vec<(usize, &str)> = opcode
            .match_indices('.')
            .map(|(i, _)| i)
            .chain(std::iter::once(opcode.len()))
            .collect::<Vec<_>>()
            .windows(2)
            .map(|w| (start + w[0], &opcode[w[0]..w[1]]))
            .collect();
        match kind {
            Kind::SwapType => {
                if let Some(&(at, ty)) = tokens.iter().rev().find(|(_, t)| TYPES.contains(t)) {
                    if let Some(new) = swapped_type(ty) {
                        out.push((index, at..at + ty.len(), new.to_string()));
                    }
                }
            }
            Kind::DropModifier => {
                for &(at, m) in tokens.iter().filter(|(_, t)| !TYPES.contains(t)) {
                    out.push((index, at..at + m.len(), String::new()));
                }
            }
            Kind::ChangeModifier => {
                for &(at, m) in &tokens {
                    if let Some(new) = changed_modifier(m) {
                        out.push((index, at..at + m.len(), new.to_string()));
                    }
                }
            }
            Kind::VectorSize => {
                for &(at, m) in &tokens {
                    if let Some(new) = changed_vector(m) {
                        out.push((index, at..at + m.len(), new.to_string()));
                    }
                }
            }
            Kind::StateSpace => {
                for &(at, m) in &tokens {
                    if let Some(new) = changed_space(m) {
                        out.push((index, at..at + m.len(), new.to_string()));
                    }
                }
            }
            Kind::Misspell => {
                for &(at, m) in tokens.iter().filter(|(_, t)| !TYPES.contains(t)) {
                    if let Some(new) = misspelled(m) {
                        out.push((index, at..at + m.len(), new));
                    }
                }
            }
            Kind::Register => {
                let operands = &line[operands_at..];
                if let Some(at) = operands.find('%') {
                    let name_end = operands[at..]
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '%' || c == '_'))
                        .map_or(operands.len(), |e| at + e);
                    let name = &operands[at..name_end];
                    if let Some(new) = changed_register(name) {
                        let from = operands_at + at;
                        out.push((index, from..from + name.len(), new));
                    }
                }
            }
            Kind::LowerTarget | Kind::LowerVersion => unreachable!(),
        }
    }
    out
}

/// The next lower target ptxas still assembles: `sm_90a` -> `sm_90`, `sm_90` -> `sm_89`.
fn lower_target(target: &str) -> Option<String> {
    let number_text = target.strip_prefix("sm_")?;
    if let Some(plain) = number_text
        .strip_suffix('a')
        .or_else(|| number_text.strip_suffix('f'))
    {
        return Some(format!("sm_{plain}"));
    }
    let number: u32 = number_text.parse().ok()?;
    const LADDER: &[u32] = &[75, 80, 86, 87, 89, 90, 100, 101, 103, 110, 120, 121];
    let lower = LADDER.iter().copied().filter(|&t| t < number).max()?;
    (lower >= OLDEST_TARGET).then(|| format!("sm_{lower}"))
}

/// The oldest `.version` that knows the module's target (nvcc writes the newest one, so one
/// step lower rarely matters; the target's floor is where instructions start to need more).
fn lower_version(version: &str, target: &str) -> Option<String> {
    let floor = ptx::version_introducing_target(target)?.version;
    let current = Version::parse(version)?;
    (floor < current).then(|| floor.to_string())
}

fn corpus_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(CORPUS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ptx"))
        .collect();
    files.sort();
    files
}

fn mutants() -> Vec<Mutant> {
    let mut out = Vec::new();
    for path in corpus_files() {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let text = fs::read_to_string(&path).unwrap();
        let target = text
            .lines()
            .find_map(|l| l.trim().strip_prefix(".target"))
            .map(|t| t.trim().split(',').next().unwrap().trim().to_string())
            .unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        for kind in Kind::ALL {
            let all = sites(&text, kind, &target);
            // Evenly spread picks, so every part of a file gets mutated.
            let per = per_file_and_kind();
            let step = (all.len() / per).max(1);
            for (line, range, new) in all.into_iter().step_by(step).take(per) {
                let old = &lines[line][range.clone()];
                let mut mutated: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                mutated[line].replace_range(range.clone(), &new);
                let target = if kind == Kind::LowerTarget {
                    new.clone()
                } else {
                    target.clone()
                };
                out.push(Mutant {
                    id: format!("{file}:{}:{}:{old}->{new}", line + 1, kind.id()),
                    kind,
                    file: file.clone(),
                    target,
                    text: mutated.join("\n") + "\n",
                });
            }
        }
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// ptxas rejects, speclint reports an error on one of its lines.
    Caught,
    /// ptxas rejects, speclint does not.
    Missed,
    /// ptxas accepts, speclint reports nothing wrong.
    Agreed,
    /// ptxas accepts, speclint reports an error.
    FalseError,
    /// ptxas crashed (an internal compiler error or a signal): no verdict to compare with.
    PtxasCrashed,
}

/// ptxas's answer on one mutant.
enum Assembled {
    Accepted,
    /// Rejected, with the lines of its errors.
    Rejected(BTreeSet<u32>),
    Crashed,
}

#[test]
fn single_fault_mutants_of_real_ptx_agree_with_ptxas() {
    let Some(ptxas) = ptxas::find_ptxas() else {
        skip_without_tools(
            "mutant_oracle",
            "ptxas not found (pip install nvidia-cuda-nvcc)",
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!("speclint-mutants-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let mutants = mutants();
    assert!(
        mutants.len() > 500,
        "expected hundreds of mutants, got {}",
        mutants.len()
    );
    let paths: Vec<PathBuf> = mutants
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let path = dir.join(format!("m{i:05}-{}", m.file));
            fs::write(&path, &m.text).unwrap();
            path
        })
        .collect();

    // ptxas: the error lines of each mutant (None: accepted). `-c` because some corpus files
    // are relocatable (extern functions); -O0 because only the front end's verdict matters.
    let ptxas_lines: Vec<Assembled> = parallel(
        &mutants.iter().zip(&paths).collect::<Vec<_>>(),
        |(m, path)| {
            let out = Command::new(&ptxas)
                .arg(format!("-arch={}", m.target))
                .args(["-c", "-O0", "-o", "/dev/null"])
                .arg(path)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            if out.status.code().is_none() || stderr.contains("Internal compiler error") {
                return Assembled::Crashed;
            }
            if out.status.success() {
                return Assembled::Accepted;
            }
            Assembled::Rejected(
                stderr
                    .lines()
                    .filter_map(ptxas::parse_ptxas_line)
                    .map(|d| d.line)
                    .collect(),
            )
        },
    );

    // speclint: all mutants in a few runs; errors by path and line.
    let mut errors: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for chunk in paths.chunks(400) {
        for d in run_speclint(SPECLINT, &[], chunk).expect("speclint runs") {
            if d.severity == "error" {
                errors.entry(d.path).or_default().insert(d.line);
            }
        }
    }

    let mut verdicts: Vec<(&Mutant, Verdict)> = Vec::new();
    for ((m, path), rejected) in mutants.iter().zip(&paths).zip(&ptxas_lines) {
        let ours = errors.get(&path.display().to_string());
        let verdict = match (rejected, ours) {
            (Assembled::Crashed, _) => Verdict::PtxasCrashed,
            (Assembled::Accepted, None) => Verdict::Agreed,
            (Assembled::Accepted, Some(_)) => Verdict::FalseError,
            (Assembled::Rejected(lines), Some(ours))
                if lines.is_empty() || !lines.is_disjoint(ours) =>
            {
                Verdict::Caught
            }
            (Assembled::Rejected(_), _) => Verdict::Missed,
        };
        verdicts.push((m, verdict));
    }
    let _ = fs::remove_dir_all(&dir);

    // The table, per kind.
    println!("\n| mutation | mutants | ptxas rejects | speclint flags | % | ptxas accepts | false errors | ptxas crashed |");
    println!("|---|---|---|---|---|---|---|---|");
    for kind in Kind::ALL {
        let of_kind: Vec<Verdict> = verdicts
            .iter()
            .filter(|(m, _)| m.kind == kind)
            .map(|(_, v)| *v)
            .collect();
        let count = |v: Verdict| of_kind.iter().filter(|x| **x == v).count();
        let rejected = count(Verdict::Caught) + count(Verdict::Missed);
        let accepted = count(Verdict::Agreed) + count(Verdict::FalseError);
        let percent = if rejected == 0 {
            "–".to_string()
        } else {
            format!(
                "{:.1}",
                100.0 * count(Verdict::Caught) as f64 / rejected as f64
            )
        };
        println!(
            "| {} | {} | {rejected} | {} | {percent} | {accepted} | {} | {} |",
            kind.name(),
            of_kind.len(),
            count(Verdict::Caught),
            count(Verdict::FalseError),
            count(Verdict::PtxasCrashed)
        );
    }

    let wrong: BTreeMap<String, Verdict> = verdicts
        .iter()
        .filter(|(_, v)| matches!(v, Verdict::Missed | Verdict::FalseError))
        .map(|(m, v)| (m.id.clone(), *v))
        .collect();
    if std::env::var_os("MUTANTS_UPDATE").is_some() {
        let mut text = String::from(
            "# Mutants speclint gets wrong today (server/tests/mutant_oracle.rs): `missed` = ptxas rejects,\n# speclint reports no error on ptxas's lines; `false-error` = ptxas accepts, speclint reports an error.\n",
        );
        for (id, v) in &wrong {
            let what = if *v == Verdict::Missed {
                "missed"
            } else {
                "false-error"
            };
            text.push_str(&format!("{what} {id}\n"));
        }
        fs::create_dir_all(Path::new(KNOWN_GAPS).parent().unwrap()).unwrap();
        fs::write(KNOWN_GAPS, text).unwrap();
        return;
    }
    let known: BTreeSet<String> = fs::read_to_string(KNOWN_GAPS)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once(' ').map(|(_, id)| id.to_string()))
        .collect();
    let mut failures = Vec::new();
    for (id, v) in &wrong {
        if !known.contains(id) {
            failures.push(format!("new {v:?}: {id}"));
        }
    }
    let all_ids: BTreeSet<&str> = mutants.iter().map(|m| m.id.as_str()).collect();
    for id in &known {
        if !wrong.contains_key(id) {
            let why = if all_ids.contains(id.as_str()) {
                "now right"
            } else {
                "no longer generated"
            };
            failures.push(format!(
                "listed gap {why}, remove it from known-gaps.txt: {id}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mutant(s) differ from tests/oracle/ptx/mutants/known-gaps.txt (MUTANTS_UPDATE=1 rewrites it):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
