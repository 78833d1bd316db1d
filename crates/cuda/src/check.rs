//! Checking one `asm` statement: its constraints and clobbers, the binding of its placeholders,
//! then its PTX with the PTX checker, each finding mapped back into the C++ literals.

use crate::cpp_types;
use crate::directions;
use crate::ide::{self, PlaceholderHover, PtxView};
use crate::literal::Decoded;
use crate::operands::{self, Class};
use crate::ptx_like::looks_like_ptx;
use crate::rules;
use crate::split_scopes;
use crate::statements::{AsmStatement, OperandSyntax, Piece};
use crate::string_macros;
use crate::targets::{self, Guard, StatementGuard, StatementTarget, TargetSource};
use crate::template::{self, show_placeholders, Module, Operand, ReferenceKind};
use speclint_base::diagnostic::{Diagnostic, Fix, TextEdit};
use speclint_base::settings::{LanguageSettings, Setting, Value};
use speclint_base::severity::Severity;
use speclint_base::text::TextRange;
use speclint_spec_db::{Target, TargetSuffix};

/// PTX findings that can come from the pieces of a template that are not literals, left out
/// where there are such pieces: syntax errors, undeclared and duplicate names.
const CONTEXT_RULES: &[&str] = &["PTX001", "PTX008", "PTX009"];

/// What the target and version decide (target too low, version too low, target unknown to the
/// version, a form withdrawn from them): left out under a guard speclint cannot read, which may
/// exclude the settings' target (`__CUDA_ARCH_FAMILY_SPECIFIC__ >= 1200`, or the CUDA headers'
/// `defined(_NVHPC_CUDA) || __CUDA_ARCH__ < 700` around `shfl` without `.sync`).
const TARGET_RULES: &[&str] = &["PTX005", "PTX006", "PTX007", "PTX014"];

/// One statement, read and bound, ready for the PTX checker.
struct Prepared {
    module: Module,
    operands: Vec<Operand>,
    partial: bool,
    /// The settings its guard gives, where they differ from the file's.
    guarded: Option<LanguageSettings>,
    /// Under an `#if` speclint cannot evaluate, which may compile it for other targets only.
    unknown_guard: bool,
    /// The `N` of the `__CUDA_ARCH__ >= N` that set the target, for a fix that raises it.
    raise: Option<TextRange>,
    /// The `N` of the `__cccl_ptx_isa >= N` that set the version, for a fix that raises it.
    raise_version: Option<TextRange>,
    /// In a template and under no architecture guard: the targets it is instantiated for
    /// decide, so what the target decides is a warning.
    unguarded_template: bool,
    /// Its index among the file's statements.
    number: usize,
    /// Not PTX yet (the first instruction of a new template is being typed): kept for the
    /// editor's completion, with no finding.
    quiet: bool,
}

/// What the file's compile command says, where one was read.
#[derive(Clone, Debug, Default)]
pub struct Build {
    /// The `compile_commands.json` whose `-arch` flags gave the settings' target.
    pub database: Option<std::path::PathBuf>,
    /// The entry's `-I` directories, where project headers are found too.
    pub includes: Vec<std::path::PathBuf>,
}

/// Checks the `statements` of `text`. The statements' functions are checked together, one PTX
/// module per distinct target (a PTX analysis has a cost of its own, and a file has hundreds of
/// statements); one whose braces do not balance gets a module of its own, so that the parser's
/// recovery cannot carry its errors into the next. `settings` are the language's `target` and
/// `version`, the keys the PTX language reads.
pub fn statements(
    text: &str,
    path: Option<&std::path::Path>,
    build: &Build,
    statements: &[AsmStatement],
    settings: &LanguageSettings,
    diagnostics: &mut Vec<Diagnostic>,
    mut ide: Option<ide::Answers<'_>>,
) -> Vec<StatementTarget> {
    let guards = targets::guards(text, path, &build.includes, statements);
    let database = build.database.as_deref();
    let checked = choices(statements, &guards);
    let code = cpp_types::Code::of(text);
    let typing_allowed = ide.is_some() && is_device_code(text);
    let first_finding = diagnostics.len();
    let chosen: Vec<StatementTarget> = checked
        .iter()
        .map(|c| statement_target(c.statement, &c.guard, settings, database))
        .collect();
    let prepared: Vec<Prepared> = checked
        .iter()
        .enumerate()
        .filter_map(|(number, c)| {
            let prepared = prepare(text, c, number, settings, typing_allowed, diagnostics)?;
            if !prepared.quiet {
                diagnostics.extend(cpp_types::check(text, &code, &prepared.operands));
            }
            if let Some(ide) = ide.as_mut() {
                ide.placeholders
                    .extend(placeholder_hovers(&prepared, &chosen[number]));
            }
            Some(prepared)
        })
        .collect();
    let prepared = with_split_scopes(prepared, &checked);
    // (settings, shared, members): a statement that does not balance is alone in its group.
    let mut groups: Vec<(Option<&LanguageSettings>, bool, Vec<&Prepared>)> = Vec::new();
    for statement in &prepared {
        let key = statement.guarded.as_ref();
        // One being typed is alone too: its unfinished statement must not take in the next.
        let shared = braces_balance(&statement.module) && !statement.quiet;
        match groups
            .iter_mut()
            .find(|(k, open, _)| shared && *open && *k == key)
        {
            Some((_, _, members)) => members.push(statement),
            None => groups.push((key, shared, vec![statement])),
        }
    }
    let version = speclint_spec_db::ptx::newest_version()
        .map_or_else(|| "9.0".to_string(), |v| v.to_string());
    for (guarded, _, members) in groups {
        let mut module = template::header(&version);
        let mut starts = Vec::with_capacity(members.len());
        for member in &members {
            starts.push(module.len());
            module.push_str(&member.module.text);
        }
        let overrides = speclint_ptx::language::overrides(guarded.unwrap_or(settings));
        let analysis = speclint_ptx::analyze(&module, &overrides, ide.is_some());
        let accesses = speclint_ptx::accesses::name_accesses(&analysis, &module);
        for (member, &base) in members.iter().zip(&starts) {
            if member.quiet {
                continue;
            }
            diagnostics.extend(directions::check(
                &accesses,
                base,
                &member.module,
                &member.operands,
                member.partial,
            ));
        }
        for finding in &analysis.diagnostics {
            // The function the finding is in; those in the header are speclint's own.
            let at = starts.partition_point(|&start| start <= finding.range.start);
            let Some(index) = at.checked_sub(1) else {
                continue;
            };
            let (member, base) = (members[index], starts[index]);
            if member.quiet {
                continue;
            }
            if member.unknown_guard && TARGET_RULES.contains(&finding.rule.code) {
                continue;
            }
            let local = shifted(finding, base);
            if let Some(mapped) = map_back(
                &local,
                &member.module,
                &member.operands,
                member.partial,
                text,
            ) {
                let raise = member.raise.filter(|_| guarded.is_some());
                let raise_version = member.raise_version.filter(|_| guarded.is_some());
                let mapped = raise_guard(mapped, raise, raise_version);
                diagnostics.push(if member.unguarded_template {
                    in_template(mapped)
                } else {
                    mapped
                });
            }
        }
        if let Some(ide) = ide.as_mut() {
            let members = members
                .iter()
                .zip(&starts)
                .map(|(member, &base)| ide::Member {
                    template: TextRange::new(
                        base + member.module.template.start,
                        base + member.module.template.end,
                    ),
                    spans: member.module.spans.clone(),
                    references: member.module.references.clone(),
                    target: chosen[member.number].clone(),
                    unknown_guard: member.unknown_guard,
                    empty_at: empty_literal(text, checked[member.number].statement),
                })
                .collect();
            ide.views.push(PtxView {
                text: module,
                analysis: Box::new(analysis),
                members,
            });
        }
    }
    merge_choices(&checked, diagnostics, first_finding);
    // One target per statement: that of its first choice (the lowest targets).
    let mut targets = Vec::with_capacity(statements.len());
    for (c, target) in checked.iter().zip(chosen) {
        if c.first {
            targets.push(target);
        }
    }
    targets
}

/// One statement as it is checked: whole, or one choice of its literals where `#if`s among
/// them choose (each checked for the targets that compile it).
struct Choice<'s> {
    statement: &'s AsmStatement,
    guard: StatementGuard,
    /// Per piece of the template, whether this choice compiles it (`None`: cannot tell).
    pieces: Option<&'s [Option<bool>]>,
    /// The first choice of its statement.
    first: bool,
    /// How many choices its statement has.
    of: usize,
}

fn choices<'s>(statements: &'s [AsmStatement], guards: &'s [StatementGuard]) -> Vec<Choice<'s>> {
    let mut checked = Vec::with_capacity(statements.len());
    for (statement, guard) in statements.iter().zip(guards) {
        if guard.branches.is_empty() {
            checked.push(Choice {
                statement,
                guard: guard.clone(),
                pieces: None,
                first: true,
                of: 1,
            });
            continue;
        }
        for (index, branch) in guard.branches.iter().enumerate() {
            let mut of_branch = guard.clone();
            if branch.guard != guard.guard {
                of_branch.guard = branch.guard.clone();
                // The fix raises the `#if` around the statement, not one among its literals.
                of_branch.raise = None;
            }
            if !branch.written.is_empty() {
                of_branch.written = [guard.written.as_str(), branch.written.as_str()]
                    .into_iter()
                    .filter(|w| !w.is_empty())
                    .collect::<Vec<_>>()
                    .join(", ");
            }
            checked.push(Choice {
                statement,
                guard: of_branch,
                pieces: Some(&branch.pieces),
                first: index == 0,
                of: guard.branches.len(),
            });
        }
    }
    checked
}

/// The findings of a statement checked once per choice of its literals, once each: a finding
/// of the literals all choices share is kept once, and an operand is unreferenced (CUDA002)
/// only where no choice names it.
fn merge_choices(checked: &[Choice<'_>], diagnostics: &mut Vec<Diagnostic>, first_finding: usize) {
    if checked.iter().all(|c| c.of == 1) {
        return;
    }
    let choices_at = |offset: usize| {
        checked
            .iter()
            .find(|c| c.statement.range.start <= offset && offset < c.statement.range.end)
            .map_or(1, |c| c.of)
    };
    let unreferenced = rules::unreferenced_operand::UNREFERENCED_OPERAND.code;
    let found = diagnostics.split_off(first_finding);
    let mut kept: Vec<Diagnostic> = Vec::with_capacity(found.len());
    for finding in &found {
        let same = |d: &&Diagnostic| d.rule.code == finding.rule.code && d.range == finding.range;
        if kept.iter().any(|d| same(&d)) {
            continue;
        }
        if finding.rule.code == unreferenced
            && found.iter().filter(same).count() < choices_at(finding.range.start)
        {
            continue;
        }
        kept.push(finding.clone());
    }
    diagnostics.extend(kept);
}

/// A hover for each `%N` bound to an operand: the operand as written, what the PTX gets in its
/// place, and the target the statement is checked against.
fn placeholder_hovers<'p>(
    prepared: &'p Prepared,
    target: &StatementTarget,
) -> impl Iterator<Item = PlaceholderHover> + 'p {
    let checked = match &target.target {
        Some(name) => format!("Checked against `{name}`, {}.", target.source.describe()),
        None => format!("The target is {}.", target.source.describe()),
    };
    prepared.module.references.iter().filter_map(move |reference| {
        let (ReferenceKind::Index(index) | ReferenceKind::Named(index)) = reference.kind else {
            return None;
        };
        let operand = prepared.operands.get(index)?;
        let (ptx, access) = match operand.constraint {
            Some(c) => {
                let ptx = match c.class {
                    Class::Register(ty) => format!("a `{ty}` register"),
                    Class::Immediate => "the integer constant itself".to_string(),
                };
                let access = match (c.written, c.read) {
                    (true, true) => "read and written",
                    (true, false) => "written",
                    _ => "read",
                };
                (ptx, access)
            }
            None => ("a `.b32` register (the constraint is not valid)".to_string(), "read"),
        };
        let kind = if operand.constraint.is_some_and(|c| c.written) {
            "output"
        } else {
            "input"
        };
        Some(PlaceholderHover {
            range: reference.source,
            markdown: format!(
                "**`%{index}`**: {kind} operand {index}, `\"{}\"({})`, {access} by the asm\n\nIn the PTX: {ptx}.\n\n{checked}",
                operand.constraint_text, operand.expression
            ),
        })
    })
}

/// A PTX005 whose target came from `__CUDA_ARCH__ >= N` gets a fix that raises `N` (at
/// `arch`) to the plain target the instruction needs, and a PTX006 whose version came from
/// `__cccl_ptx_isa >= N` one that raises `N` (at `version`) to the version it needs. Unsafe, as
/// for `.target` and `.version`: older GPUs or compilers lose the statement.
fn raise_guard(
    mut finding: Diagnostic,
    arch: Option<TextRange>,
    version: Option<TextRange>,
) -> Diagnostic {
    let (bound, value, guard) = match (finding.rule.code, arch, version) {
        ("PTX005", Some(bound), _) => {
            let needed = finding
                .message
                .split_once("requires `.target sm_")
                .and_then(|(_, rest)| {
                    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                    // Architecture-specific needs (`sm_90a`) are not a `__CUDA_ARCH__` bound.
                    let plain = rest[digits.len()..].starts_with('`');
                    digits.parse::<u32>().ok().filter(|_| plain)
                });
            let Some(number) = needed else {
                return finding;
            };
            (bound, number * 10, "__CUDA_ARCH__")
        }
        ("PTX006", _, Some(bound)) => {
            let needed = finding
                .message
                .split_once("requires PTX ISA ")
                .and_then(|(_, rest)| rest.split(' ').next())
                .and_then(speclint_spec_db::Version::parse);
            let Some(needed) = needed else {
                return finding;
            };
            let value = u32::from(needed.major) * 100 + u32::from(needed.minor) * 10;
            (bound, value, "__cccl_ptx_isa")
        }
        _ => return finding,
    };
    finding.fixes.push(Fix::replace(
        format!("Raise the guard to `{guard} >= {value}`"),
        bound,
        value.to_string(),
    ));
    finding
}

/// The target `statement` is checked for and its source.
fn statement_target(
    statement: &AsmStatement,
    guard: &StatementGuard,
    settings: &LanguageSettings,
    database: Option<&std::path::Path>,
) -> StatementTarget {
    let configured = settings.text("target").map(str::to_string);
    let (target, source) = match guarded_target(guard, settings) {
        Some(guarded) => (Some(guarded), TargetSource::Guard(guard.written.clone())),
        None if configured.is_some() => (
            configured,
            database.map_or(TargetSource::Setting, |d| {
                TargetSource::CompileCommands(d.to_path_buf())
            }),
        ),
        None => (None, TargetSource::Unknown),
    };
    StatementTarget {
        range: statement.range,
        target,
        source,
    }
}

/// The statements, each in the scopes the others of its function leave open for it.
fn with_split_scopes(prepared: Vec<Prepared>, checked: &[Choice<'_>]) -> Vec<Prepared> {
    let members: Vec<split_scopes::Member<'_>> = prepared
        .iter()
        .map(|p| split_scopes::Member {
            template: &p.module.text[p.module.template.start..p.module.template.end],
            function: checked[p.number].statement.function,
        })
        .collect();
    let contexts = split_scopes::contexts(&members);
    prepared
        .into_iter()
        .zip(contexts)
        .map(|(mut p, context)| {
            if let Some(context) = context {
                p.module = p.module.with_context(&context.prologue, &context.epilogue);
            }
            p
        })
        .collect()
}

/// A target finding on a statement of a template under no architecture guard, as a warning:
/// nvcc assembles the statement only where the template is instantiated, and a library's
/// wrappers of new instructions (CCCL's `cuda::ptx`) leave it to their callers to instantiate
/// them for targets that have them.
fn in_template(mut finding: Diagnostic) -> Diagnostic {
    if TARGET_RULES.contains(&finding.rule.code) && finding.severity == Severity::Error {
        finding.severity = Severity::Warning;
        let why = "; a warning, not an error: the statement is in a template under no \
                   architecture guard, and nvcc assembles it only for the targets the template \
                   is instantiated for";
        // Before the section the message ends with.
        let at = finding
            .message
            .rfind(" (PTX ISA §")
            .unwrap_or(finding.message.len());
        finding.message.insert_str(at, why);
    }
    finding
}

/// Whether the template's `{` and `}` pair up (counted, comments and all: a rough test that
/// only decides whether a statement shares a module).
fn braces_balance(module: &Module) -> bool {
    let template = &module.text[module.template.start..module.template.end];
    let mut depth: i64 = 0;
    for b in template.bytes() {
        match b {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

/// `finding` with its ranges moved back by `base` (from the module to its function).
fn shifted(finding: &Diagnostic, base: usize) -> Diagnostic {
    let shift =
        |r: TextRange| TextRange::new(r.start.saturating_sub(base), r.end.saturating_sub(base));
    let mut local = finding.clone();
    local.range = shift(local.range);
    for fix in &mut local.fixes {
        for edit in &mut fix.edits {
            if edit.range.start < base {
                // An edit of the header (`.target`): it maps nowhere.
                edit.range = TextRange::empty(usize::MAX);
            } else {
                edit.range = shift(edit.range);
            }
        }
    }
    local
}

/// Reads the statement of `choice` and reports what needs no PTX check; `None` for statements
/// that are not PTX (nor PTX being typed, where `typing_allowed`) or cannot be checked.
fn prepare(
    text: &str,
    choice: &Choice<'_>,
    number: usize,
    settings: &LanguageSettings,
    typing_allowed: bool,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Prepared> {
    let (statement, guard, pieces) = (choice.statement, &choice.guard, choice.pieces);
    let mut decoded = Decoded::default();
    let mut unknown_condition = None;
    for (index, piece) in statement.template.iter().enumerate() {
        match pieces.map_or(Some(true), |p| p.get(index).copied().flatten()) {
            Some(true) => {}
            Some(false) => continue,
            // A condition speclint cannot read: a gap, as a macro is.
            None => {
                let (Piece::Literal(range) | Piece::Other(range)) = *piece;
                decoded.gap(range);
                unknown_condition.get_or_insert(range);
                continue;
            }
        }
        match *piece {
            Piece::Literal(range) => decoded.literal(text, range),
            Piece::Other(range) => {
                let name = text.get(range.start..range.end).unwrap_or("");
                // In a macro's body a call's arguments may be the macro's own parameters
                // (`STR(name)`), known only where it is used.
                let expansion = match statement.in_macro && name.contains('(') {
                    true => None,
                    false => string_macros::expand(text, name),
                };
                match expansion {
                    Some(parts) => {
                        for part in &parts {
                            decoded.expanded(text, part, range);
                        }
                    }
                    None => decoded.gap(range),
                }
            }
        }
    }
    let quiet = !looks_like_ptx(&decoded.text);
    if quiet && !(typing_allowed && is_being_typed(&decoded.text)) {
        return None;
    }
    let mut discarded = Vec::new();
    let diagnostics = if quiet { &mut discarded } else { diagnostics };
    if statement.operands_unreadable {
        diagnostics.push(rules::partial_template::unreadable(statement.keyword));
        return None;
    }
    if let Some(&(_, gap)) = decoded.gaps.first() {
        let written = text.get(gap.start..gap.end).unwrap_or("");
        diagnostics.push(if unknown_condition == Some(gap) {
            rules::partial_template::unknown_condition(gap)
        } else {
            rules::partial_template::not_a_literal(written, gap)
        });
    }
    let partial = !decoded.gaps.is_empty();
    let operands = read_operands(text, statement, diagnostics);
    for &clobber in &statement.clobbers {
        let name = literal_text(text, clobber);
        diagnostics.extend(rules::invalid_clobber::check(&name, clobber));
    }
    let module = template::build(&decoded, &operands, number);
    report_references(text, &module, &operands, partial, diagnostics);
    Some(Prepared {
        module,
        operands,
        partial,
        guarded: guarded_settings(guard, settings),
        unknown_guard: guard.guard == Guard::Unknown,
        raise: guard.raise,
        raise_version: guard.raise_version,
        unguarded_template: statement.in_template && guard.guard == Guard::None,
        number,
        quiet,
    })
}

/// The offset between the quotes of a template that is one empty literal, `""`.
fn empty_literal(text: &str, statement: &AsmStatement) -> Option<usize> {
    match statement.template.as_slice() {
        [Piece::Literal(range)] if text.get(range.start..range.end) == Some("\"\"") => {
            Some(range.start + 1)
        }
        _ => None,
    }
}

/// Whether the file is CUDA device code, where a template that is not PTX yet is one being
/// typed rather than CPU assembly.
fn is_device_code(text: &str) -> bool {
    ["__device__", "__global__", "__CUDA_ARCH__"]
        .iter()
        .any(|marker| text.contains(marker))
}

/// A template with no complete statement yet: empty, or the start of a first instruction.
fn is_being_typed(template: &str) -> bool {
    !template.contains(';')
}

/// Where a statement's target comes from when its guard sets it (the settings' origin names
/// it in messages).
const GUARD_ORIGIN: &str = "the `#if` around the statement";
const NV_TARGET_ORIGIN: &str = "the `<nv/target>` macro around the statement";

/// The settings for a statement its guard compiles only for some targets or compilers: the
/// target of [`guarded_target`], and the version of [`guarded_version`]. `None`: the settings
/// as they are.
fn guarded_settings(
    guard: &StatementGuard,
    settings: &LanguageSettings,
) -> Option<LanguageSettings> {
    let target = guarded_target(guard, settings);
    let checked = target
        .as_deref()
        .or_else(|| settings.text("target"))
        .and_then(Target::parse);
    let version = guarded_version(guard, settings, checked);
    if target.is_none() && version.is_none() {
        return None;
    }
    let origin = if guard.nv_target && !guard.written.starts_with('#') {
        NV_TARGET_ORIGIN
    } else {
        GUARD_ORIGIN
    };
    let mut guarded = settings.clone();
    for (key, value) in [("target", target), ("version", version)] {
        if let Some(value) = value {
            let setting = Setting {
                value: Value::Text(value),
                origin: Some(origin),
            };
            guarded.set(key, setting);
        }
    }
    Some(guarded)
}

/// The target of a statement its guard compiles only for some targets (`__CUDA_ARCH__ >= 900`:
/// sm_90 on; `__CUDA_ARCH_FEAT_SM90_ALL`: sm_90a): the settings' target where it is one of
/// them, else the weakest of them (a build for another target never sees the statement).
/// `None`: the settings' target.
fn guarded_target(guard: &StatementGuard, settings: &LanguageSettings) -> Option<String> {
    let Guard::Targets(compiled) = &guard.guard else {
        return None;
    };
    let configured = settings.text("target").and_then(Target::parse);
    if configured.is_some_and(|t| compiled.contains(&t)) {
        return None;
    }
    let lowest = compiled.iter().min_by_key(|t| targets::rank(t))?;
    let suffix = match lowest.suffix {
        TargetSuffix::ArchSpecific => "a",
        TargetSuffix::FamilySpecific => "f",
        TargetSuffix::Plain => "",
    };
    Some(format!("sm_{}{suffix}", lowest.number))
}

/// The PTX ISA version of a statement its guard compiles only with some compilers
/// (`__cccl_ptx_isa >= 800`): the oldest of them, and never older than the version that
/// brought `target` (no nvcc of an older version builds for it). `None`: the settings' version,
/// where it is set and not older.
fn guarded_version(
    guard: &StatementGuard,
    settings: &LanguageSettings,
    target: Option<Target>,
) -> Option<String> {
    let oldest = guard.version?;
    let configured = settings
        .text("version")
        .and_then(speclint_spec_db::Version::parse);
    if configured.is_some_and(|v| v >= oldest) {
        return None;
    }
    let brought = target
        .and_then(|t| speclint_spec_db::ptx::version_introducing_target(&t.to_string()))
        .map(|v| v.version);
    Some(brought.map_or(oldest, |b| b.max(oldest)).to_string())
}

/// The decoded text of a constraint or clobber literal.
fn literal_text(text: &str, range: TextRange) -> String {
    let mut decoded = Decoded::default();
    decoded.literal(text, range);
    decoded.text
}

fn read_operands(
    text: &str,
    statement: &AsmStatement,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Operand> {
    let outputs = statement.outputs.iter().map(|o| (o, true));
    let inputs = statement.inputs.iter().map(|o| (o, false));
    outputs
        .chain(inputs)
        .map(|(syntax, output): (&OperandSyntax, bool)| {
            let constraint_text = literal_text(text, syntax.constraint);
            let constraint = match operands::parse(&constraint_text, output) {
                Ok(constraint) => Some(constraint),
                Err(message) => {
                    diagnostics.push(rules::invalid_constraint::report(
                        syntax.constraint,
                        message,
                    ));
                    None
                }
            };
            let source = |r: TextRange| text.get(r.start..r.end).unwrap_or("").to_string();
            Operand {
                name: syntax.name.map(source),
                constraint,
                constraint_text,
                expression: source(syntax.expression),
                range: syntax.range,
            }
        })
        .collect()
}

/// CUDA001, CUDA004, CUDA005 for the `%` sequences, and CUDA002 for operands none names.
fn report_references(
    text: &str,
    module: &Module,
    operands: &[Operand],
    partial: bool,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let written = |r: TextRange| text.get(r.start..r.end).unwrap_or("");
    for reference in &module.references {
        match reference.kind {
            ReferenceKind::Unbound => {
                diagnostics.push(rules::operand_index_out_of_range::report(
                    written(reference.source),
                    reference.source,
                    operands.len(),
                ));
            }
            ReferenceKind::Named(index) => {
                diagnostics.push(rules::named_operand_reference::report(
                    written(reference.source),
                    reference.source,
                    index,
                ));
            }
            ReferenceKind::Modifier => {
                diagnostics.push(rules::operand_modifier::report(text, reference.source))
            }
            ReferenceKind::Index(_) => {}
        }
    }
    if partial {
        return;
    }
    for (index, operand) in operands.iter().enumerate() {
        let named = module.references.iter().any(
            |r| matches!(r.kind, ReferenceKind::Index(i) | ReferenceKind::Named(i) if i == index),
        );
        if !named {
            diagnostics.push(rules::unreferenced_operand::report(
                index,
                operand.constraint.is_some_and(|c| c.written),
                &operand.expression,
                operand.range,
            ));
        }
    }
}

/// Whether two ranges share a byte (an empty range shares one it lies inside).
fn overlaps(a: TextRange, b: TextRange) -> bool {
    if a.start == a.end {
        return b.start <= a.start && a.start < b.end;
    }
    a.start < b.end && b.start < a.end
}

impl Module {
    /// The C++ range of `local` (offsets in the template part).
    fn source_range(&self, local: TextRange) -> Option<TextRange> {
        let first = self.spans.get(local.start)?;
        if local.end <= local.start {
            return Some(TextRange::empty(first.start));
        }
        let last = self.spans.get(local.end - 1)?;
        Some(TextRange::new(first.start, last.end))
    }

    /// Whether the PTX statement around `local` touches a piece that is not a literal.
    fn near_gap(&self, local: TextRange) -> bool {
        let template = &self.text[self.template.start..self.template.end];
        let is_end = |b: u8| matches!(b, b';' | b'{' | b'}');
        let bytes = template.as_bytes();
        let start = bytes[..local.start.min(bytes.len())]
            .iter()
            .rposition(|&b| is_end(b))
            .map_or(0, |p| p + 1);
        let end = bytes[local.end.min(bytes.len())..]
            .iter()
            .position(|&b| is_end(b))
            .map_or(bytes.len(), |p| local.end + p);
        self.gaps.iter().any(|&gap| start <= gap && gap <= end + 1)
    }
}

/// A finding of the PTX checker in the module, moved into the C++ file; `None` for findings
/// about the module's own prologue and those the unknown parts make unsure.
fn map_back(
    finding: &Diagnostic,
    module: &Module,
    operands: &[Operand],
    partial: bool,
    text: &str,
) -> Option<Diagnostic> {
    let template = module.template;
    if finding.range.start < template.start || module.spans.is_empty() {
        return None;
    }
    // After the template (an unclosed `{`): at its last character.
    let local = if finding.range.start >= template.end {
        TextRange::new(module.spans.len() - 1, module.spans.len())
    } else {
        TextRange::new(
            finding.range.start - template.start,
            finding.range.end.min(template.end) - template.start,
        )
    };
    let touched: Vec<_> = module
        .references
        .iter()
        .filter(|r| overlaps(local, r.ptx) || overlaps(r.ptx, local))
        .collect();
    if touched.iter().any(|r| {
        let invalid_constraint = matches!(r.kind, ReferenceKind::Index(i) | ReferenceKind::Named(i) if operands[i].constraint.is_none());
        r.unknown_value
            || invalid_constraint
            || matches!(r.kind, ReferenceKind::Unbound | ReferenceKind::Modifier)
    }) {
        return None;
    }
    if partial && (CONTEXT_RULES.contains(&finding.rule.code) || module.near_gap(local)) {
        return None;
    }
    let range = module.source_range(local)?;
    let mut message = show_placeholders(&finding.message);
    for reference in touched {
        let (ReferenceKind::Index(index) | ReferenceKind::Named(index)) = reference.kind else {
            continue;
        };
        let operand = &operands[index];
        let class = operand
            .constraint
            .map_or("a .b32 register", |c| operands::describe(&c));
        let what = if matches!(operand.constraint.map(|c| c.class), Some(Class::Immediate)) {
            "the value"
        } else {
            "bound to"
        };
        message.push_str(&format!(
            " (`%{index}` is \"{}\": {class}, {what} `{}`)",
            operand.constraint_text,
            operand.expression.trim()
        ));
    }
    let mut mapped = Diagnostic::new(finding.rule, range, message);
    mapped.severity = finding.severity;
    mapped.fixes = finding
        .fixes
        .iter()
        .filter_map(|fix| map_fix(fix, module, text))
        .collect();
    Some(mapped)
}

/// A fix whose every edit replaces PTX written as is in one literal (no escapes, no
/// placeholders), moved into the file; others are dropped.
fn map_fix(fix: &Fix, module: &Module, text: &str) -> Option<Fix> {
    let template = module.template;
    let edits = fix
        .edits
        .iter()
        .map(|edit| {
            if edit.range.start < template.start || edit.range.end > template.end {
                return None;
            }
            let local = TextRange::new(
                edit.range.start - template.start,
                edit.range.end - template.start,
            );
            let ptx = &module.text[edit.range.start..edit.range.end];
            let range = if local.start == module.spans.len() {
                let last = module.spans.last()?;
                TextRange::empty(last.end)
            } else {
                module.source_range(local)?
            };
            let written = text.get(range.start..range.end)?;
            let plain = |s: &str| !s.contains(['"', '\\', '\n', '%', '\r']);
            (written == ptx && plain(&edit.new_text) && plain(ptx)).then(|| TextEdit {
                range,
                new_text: edit.new_text.clone(),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Fix {
        title: fix.title.clone(),
        edits,
        applicability: fix.applicability,
    })
}
