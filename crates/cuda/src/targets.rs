//! The target each statement is checked for, and where it comes from: the preprocessor
//! conditions around it (`#if`s and the `<nv/target>` macros) first, then the settings.

use std::path::{Path, PathBuf};

use crate::preprocessor::{self, Tri};
use crate::statements::{AsmStatement, Piece};
use speclint_base::text::TextRange;
use speclint_spec_db::{Target, TargetSuffix, Version};

/// Where the target a statement is checked for comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetSource {
    /// The conditions around it, as written (`#if __CUDA_ARCH__ >= 900`).
    Guard(String),
    /// `--target` or `target` in `speclint.toml`.
    Setting,
    /// The `-arch`/`-gencode` flags of the file's entry in this `compile_commands.json`.
    CompileCommands(PathBuf),
    /// Nothing decides it: the target is not checked.
    Unknown,
}

impl TargetSource {
    /// The source in words, for a hover ("from `#if __CUDA_ARCH__ >= 900`").
    pub fn describe(&self) -> String {
        match self {
            TargetSource::Guard(written) => format!("from the guard `{written}`"),
            TargetSource::Setting => "from the settings (`--target`, `speclint.toml`)".to_string(),
            TargetSource::CompileCommands(path) => {
                format!("from the `-arch` flags in {}", path.display())
            }
            TargetSource::Unknown => {
                "not known (no guard, setting or compile command decides it)".to_string()
            }
        }
    }
}

/// The targets the preprocessor compiles a statement for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Guard {
    /// Every target: nothing around it bounds the architecture.
    None,
    /// These targets only (sorted, lowest first).
    Targets(Vec<Target>),
    /// A condition speclint cannot evaluate, or one no target meets: the settings decide, and
    /// the findings the target decides are left out.
    Unknown,
}

/// A statement's guard and the conditions that make it, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementGuard {
    pub guard: Guard,
    pub written: String,
    /// Whether an `<nv/target>` macro is among the conditions.
    pub nv_target: bool,
    /// The number of the innermost directive's one `__CUDA_ARCH__ >= N`, which a fix can raise.
    pub raise: Option<TextRange>,
    /// The oldest PTX ISA version whose nvcc compiles the statement, where the conditions name
    /// the compiler's version (`__cccl_ptx_isa >= 800`, `__CUDACC_VER_MAJOR__ >= 12`) and
    /// exclude some; `None` where every compiler does.
    pub version: Option<Version>,
    /// The number of the innermost directive's one `__cccl_ptx_isa >= N`, which a fix can raise.
    pub raise_version: Option<TextRange>,
    /// Where `#if`s among the template's literals choose what each target compiles: each
    /// choice and its targets, lowest first. Empty where the template has no directives.
    pub branches: Vec<Branch>,
}

/// The literals of a template that some of its statement's targets compile, where `#if`s among
/// the literals choose them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// Per piece of the template: compiled, left out, or `None` where a condition cannot be
    /// read (the piece is then a gap, as a macro is).
    pub pieces: Vec<Option<bool>>,
    /// The targets that compile this choice.
    pub guard: Guard,
    /// The directives among the literals that choose it, as written.
    pub written: String,
}

/// The choices the directives among the literals of a statement make: one per distinct
/// selection of its pieces over the targets that compile the statement (`compiled`, or every
/// target where its guard is unknown, each piece then known only where all targets agree).
fn branches(
    targets: &[Target],
    statement: &preprocessor::Outcome,
    guard: &Guard,
    compiled: &[Target],
    pieces: &[&preprocessor::Outcome],
) -> Vec<Branch> {
    let truth = |tri: Tri| match tri {
        Tri::Yes => Some(true),
        Tri::No => Some(false),
        Tri::Unknown => None,
    };
    let selection = |index: usize| -> Vec<Option<bool>> {
        pieces
            .iter()
            .map(|p| p.compiled.get(index).copied().and_then(truth))
            .collect()
    };
    let written = |selected: &[Option<bool>]| {
        let mut written: Vec<&str> = Vec::new();
        for (piece, _) in pieces
            .iter()
            .zip(selected)
            .filter(|(_, s)| **s == Some(true))
        {
            for directive in piece.enclosing.iter().skip(statement.enclosing.len()) {
                if !written.contains(&directive.text.as_str()) {
                    written.push(&directive.text);
                }
            }
        }
        written.join(", ")
    };
    if *guard == Guard::Unknown {
        let mut pieces: Vec<Option<bool>> = selection(0);
        for index in 1..targets.len() {
            for (piece, other) in pieces.iter_mut().zip(selection(index)) {
                if *piece != other {
                    *piece = None;
                }
            }
        }
        let written = written(&pieces);
        return vec![Branch {
            pieces,
            guard: Guard::Unknown,
            written,
        }];
    }
    let mut found: Vec<(Vec<Option<bool>>, Vec<Target>)> = Vec::new();
    for (index, target) in targets.iter().enumerate() {
        if !compiled.contains(target) {
            continue;
        }
        let chosen = selection(index);
        match found.iter_mut().find(|(s, _)| *s == chosen) {
            Some((_, of)) => of.push(*target),
            None => found.push((chosen, vec![*target])),
        }
    }
    let single = found.len() == 1;
    found
        .into_iter()
        .map(|(pieces, of)| Branch {
            written: written(&pieces),
            pieces,
            guard: if single {
                guard.clone()
            } else {
                Guard::Targets(of)
            },
        })
        .collect()
}

/// Where `N` is in the one `__CUDA_ARCH__ >= N` of the directive at `line` of `text`.
fn arch_bound(text: &str, line: TextRange) -> Option<TextRange> {
    lower_bound(text, line, "__CUDA_ARCH__")
}

/// Where `N` is in the one `macro >= N` of the directive at `line` of `text`.
fn lower_bound(text: &str, line: TextRange, macro_name: &str) -> Option<TextRange> {
    let directive = text.get(line.start..line.end)?;
    let bounds: Vec<TextRange> = directive
        .match_indices(macro_name)
        .filter_map(|(at, name)| {
            let after = &directive[at + name.len()..];
            let digits = after.trim_start().strip_prefix(">=")?.trim_start();
            let start = line.start + directive.len() - digits.len();
            let length = digits.bytes().take_while(u8::is_ascii_digit).count();
            (length > 0).then(|| TextRange::new(start, start + length))
        })
        .collect();
    match bounds[..] {
        [bound] => Some(bound),
        _ => None,
    }
}

/// The PTX ISA version of the oldest of `compilers` that compiles a statement (`compiled`: per
/// compiler, oldest first), where some do not; `None` where all do or one is not known.
fn oldest_compiling(compiled: &[Tri], compilers: &[preprocessor::Compiler]) -> Option<Version> {
    if compiled.iter().all(|&t| t == Tri::Yes) || compiled.contains(&Tri::Unknown) {
        return None;
    }
    let first = compiled.iter().position(|&t| t == Tri::Yes)?;
    Some(compilers.get(first)?.ptx)
}

/// The lowest target nvcc 13 builds (`nvcc --list-gpu-code`: sm_75 on): a branch for older
/// ones (`#else` of `__CUDA_ARCH__ >= 900`) is checked from there.
const LOWEST_TARGET: u16 = 75;

/// Weakest first: `sm_100` < `sm_100f` < `sm_100a` (each has the features of the one before).
pub fn rank(target: &Target) -> (u16, u8) {
    let suffix = match target.suffix {
        TargetSuffix::Plain => 0,
        TargetSuffix::FamilySpecific => 1,
        TargetSuffix::ArchSpecific => 2,
    };
    (target.number, suffix)
}

/// The guard of each of `statements` of `text` (the file at `path`, whose project headers are
/// followed, there and in `includes`; `None`: not followed).
pub fn guards(
    text: &str,
    path: Option<&Path>,
    includes: &[PathBuf],
    statements: &[AsmStatement],
) -> Vec<StatementGuard> {
    let mut targets = speclint_spec_db::ptx::known_targets();
    targets.retain(|t| t.number >= LOWEST_TARGET);
    targets.sort_by_key(rank);
    // Each statement's start, then the start of each piece of a template with directives.
    let mut offsets: Vec<usize> = Vec::with_capacity(statements.len());
    let mut first_piece = Vec::with_capacity(statements.len());
    for statement in statements {
        offsets.push(statement.range.start);
        first_piece.push(offsets.len());
        if !statement.directives.is_empty() {
            offsets.extend(statement.template.iter().map(|piece| match *piece {
                Piece::Literal(r) | Piece::Other(r) => r.start,
            }));
        }
    }
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    let sorted: Vec<usize> = order.iter().map(|&i| offsets[i]).collect();
    let compilers = preprocessor::compilers();
    // Version guards are read at the newest target, which meets every architecture bound.
    let (outcomes, versions) = match targets.last().copied() {
        Some(newest) => preprocessor::evaluate_versions(
            text,
            (path, includes),
            &sorted,
            &targets,
            newest,
            &compilers,
        ),
        None => (vec![preprocessor::Outcome::default(); offsets.len()], None),
    };
    // Back in the order of `offsets`.
    let mut outcome_of = vec![0; offsets.len()];
    for (at, &i) in order.iter().enumerate() {
        outcome_of[i] = at;
    }
    let versions = versions.map(|v| {
        outcome_of
            .iter()
            .map(|&at| v[at].clone())
            .collect::<Vec<_>>()
    });
    statements
        .iter()
        .enumerate()
        .map(|(number, statement)| {
            let at = first_piece[number] - 1;
            let outcome = &outcomes[outcome_of[at]];
            if statement.in_macro {
                // Compiled where the macro is used, under other conditions.
                return StatementGuard {
                    guard: Guard::None,
                    written: String::new(),
                    nv_target: false,
                    raise: None,
                    version: None,
                    raise_version: None,
                    branches: Vec::new(),
                };
            }
            let version = versions
                .as_ref()
                .and_then(|v| oldest_compiling(&v[at], &compilers));
            let mut compiled: Vec<Target> = Vec::new();
            let mut unknown = false;
            for (target, directives) in targets.iter().zip(&outcome.compiled) {
                let truth = statement.nv_target.iter().fold(*directives, |t, nv| {
                    t.and(preprocessor::condition_for(&nv.condition, *target))
                });
                match truth {
                    Tri::Yes => compiled.push(*target),
                    Tri::No => {}
                    Tri::Unknown => unknown = true,
                }
            }
            let mut written: Vec<String> =
                outcome.enclosing.iter().map(|e| e.text.clone()).collect();
            written.extend(statement.nv_target.iter().map(|n| n.written.clone()));
            let guard = if unknown || compiled.is_empty() {
                Guard::Unknown
            } else if compiled.len() == targets.len() {
                Guard::None
            } else {
                Guard::Targets(compiled.clone())
            };
            let branches = if statement.directives.is_empty() {
                Vec::new()
            } else {
                let pieces: Vec<&preprocessor::Outcome> = (0..statement.template.len())
                    .map(|p| &outcomes[outcome_of[first_piece[number] + p]])
                    .collect();
                branches(&targets, outcome, &guard, &compiled, &pieces)
            };
            let innermost = outcome.enclosing.last();
            let raise = innermost
                .filter(|_| statement.nv_target.is_empty())
                .and_then(|e| arch_bound(text, e.range));
            let raise_version = innermost
                .filter(|_| version.is_some())
                .and_then(|e| lower_bound(text, e.range, "__cccl_ptx_isa"));
            StatementGuard {
                guard,
                written: written.join(", "),
                nv_target: !statement.nv_target.is_empty(),
                raise,
                version,
                raise_version,
                branches,
            }
        })
        .collect()
}

/// The target one statement is checked for, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementTarget {
    /// The statement (from its `asm` keyword to its `)`).
    pub range: TextRange,
    /// `sm_90`; `None` where none is known.
    pub target: Option<String>,
    pub source: TargetSource,
}
