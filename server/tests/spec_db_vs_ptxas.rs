//! The spec database checked against the reference: every form of every PTX instruction the
//! spec-db describes is expanded into concrete instructions (every value of every modifier slot
//! appears at least once; optional slots also appear absent), each assembled by ptxas at the
//! lowest `.version` and the `.target` the spec-db says it needs. ptxas must accept every one,
//! and speclint must report nothing on them (only PTX016 on a form the spec forbids and ptxas
//! accepts, one the data marks `unenforced`, and nothing else there).
//!
//! So a form the spec-db allows but the real assembler rejects, a requirement recorded too low,
//! or a false positive of the checks on a valid form fails this test, naming the instruction,
//! the form and its spec section. The second test lowers `.version` one step wherever a form's
//! version requirement is what sets it: ptxas must then reject the line and speclint must
//! report PTX006 there, so a requirement recorded too high fails too. The third does the same
//! with `.target` one architecture lower and PTX005. Legacy forms (valid only up to an old `.version` that this
//! ptxas no longer assembles) are left out.

use speclint_spec_db::{
    number_in, ptx, Form, ImmediateRule, Instruction, NameKind, Operand, OperandShape, Requirement,
    Target, TargetSuffix, TypeExpr, VectorLength, Version,
};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use speclint_test_support::ptxas;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

/// One concrete instruction and where it came from.
struct Case {
    text: String,
    form: &'static str,
    section: &'static str,
    /// The version this instruction needs (the module's, as modules group by it).
    version: Version,
    /// Why ptxas rejects this form although the spec allows it (`ptxas_gap`); empty if it
    /// accepts it.
    ptxas_gap: &'static str,
    /// What the spec says against this form, which ptxas accepts (`unenforced`): speclint's
    /// PTX016 warning is expected on it, and nothing else.
    unenforced: &'static str,
    /// The form or a combination is deprecated: speclint's PTX012 warning is expected.
    deprecated: bool,
    /// The target alternatives of every requirement that applies (each list: any one will do).
    targets_needed: Vec<&'static [Target]>,
}

/// `SPECLINT_SECTIONS=9.7.13,9.7.9.25` restricts the expansion to these sections and their
/// subsections (for working on one family); unset, every section.
fn in_selected_sections(section: &str) -> bool {
    match std::env::var("SPECLINT_SECTIONS") {
        Ok(list) if !list.trim().is_empty() => list.split(',').map(str::trim).any(|p| {
            section == p
                || section
                    .strip_prefix(p)
                    .is_some_and(|rest| rest.starts_with('.'))
        }),
        _ => true,
    }
}

fn whole_isa() -> bool {
    std::env::var("SPECLINT_SECTIONS").map_or(true, |l| l.trim().is_empty())
}

/// Registers are numbered per module text; each operand element gets a fresh one.
struct Registers {
    next: usize,
}

impl Registers {
    fn take(&mut self, ty: Option<&str>) -> Option<String> {
        self.next += 1;
        register_for(ty, self.next)
    }
}

/// The text of one operand, or None when the test cannot write it.
fn operand_text(
    operand: &Operand,
    ty: Option<&str>,
    chosen: &[Option<&'static str>],
    regs: &mut Registers,
) -> Option<String> {
    match operand.immediate {
        ImmediateRule::Free => {}
        ImmediateRule::Any => return Some("1".into()),
        ImmediateRule::OneOf(values) => return values.first().map(|v| v.to_string()),
        ImmediateRule::Range(lo, _) => return Some(lo.to_string()),
        ImmediateRule::Bounded(..) | ImmediateRule::Stepped(..) => {}
    }
    // `brx.idx`'s target list is a `.branchtargets` label; `call`'s `(ret)`/`(params)` lists
    // need a function with that signature: not written here (checked by hand).
    if matches!(operand.name, "ret" | "params" | "flist" | "fproto") {
        return None;
    }
    match operand.names {
        NameKind::Label if operand.name == "tlist" => return Some("L_tlist".into()),
        NameKind::Label => return Some("L_target".into()),
        NameKind::Function => return Some("f_target".into()),
        NameKind::Symbol => return Some("g_symbol".into()),
        NameKind::Sink => return Some("_".into()),
        NameKind::Any | NameKind::Register => {}
    }
    let length = match operand.vector {
        VectorLength::Scalar => None,
        VectorLength::Slot(slot) => chosen[slot as usize].and_then(number_in),
        VectorLength::Fixed(lengths) => lengths.first().map(|&n| n as usize),
    };
    let vector = |n: usize, regs: &mut Registers| -> Option<String> {
        let items: Option<Vec<String>> = (0..n).map(|_| regs.take(ty)).collect();
        Some(format!("{{{}}}", items?.join(", ")))
    };
    match operand.shape {
        OperandShape::Pair => Some(format!("{}|{}", regs.take(ty)?, regs.take(Some(".pred"))?)),
        OperandShape::Value | OperandShape::PredicatePair => match length {
            Some(n) => vector(n, regs),
            None => regs.take(ty),
        },
        // The tensor addresses of the `.override` copies, `[tensorMap, globalAddress, …,
        // tensorCoords]`, and of the fabric tensor copies, `[tensorMap, leId, offset{,
        // counterOffset}, …, tensorCoords]`: a 64-bit map, a 64-bit address or a 32-bit
        // endpoint id with 64-bit offsets, then what the form overrides, sized by the number of
        // coordinates n: n 16-bit sizes (one in 1d), n - 1 32-bit lower strides, a 16-bit upper
        // stride, and the coordinates.
        OperandShape::Address
            if operand.name.starts_with("tensorMap,")
                && (operand.name.contains("globalAddress") || operand.name.contains("LeId")) =>
        {
            let n = length?;
            let fabric = operand.name.contains("LeId");
            let typed = |k: usize, t: &str, regs: &mut Registers| -> Option<String> {
                let items: Option<Vec<String>> = (0..k).map(|_| regs.take(Some(t))).collect();
                Some(format!("{{{}}}", items?.join(", ")))
            };
            let mut parts = Vec::new();
            for part in operand.name.split(',').map(str::trim) {
                parts.push(match part {
                    "tensorMap" | "globalAddress" => regs.take(Some(".b64"))?,
                    p if p.ends_with("LeId") => regs.take(Some(".b32"))?,
                    p if p.ends_with("Off") => regs.take(Some(".b64"))?,
                    "tensorSize" | "tensorSizes" => typed(n, ".b16", regs)?,
                    "lowerStrides" | "tensorLowerStride" => typed(n.checked_sub(1)?, ".b32", regs)?,
                    "upperStride" | "tensorUpperStride" => regs.take(Some(".b16"))?,
                    "tensorCoords" if fabric => typed(n, ".b32", regs)?,
                    "tensorCoords" => vector(n, regs)?,
                    _ => return None,
                });
            }
            Some(format!("[{}]", parts.join(", ")))
        }
        // `[leId, offset{, counterOffset}]` of the fabric operations: a 32-bit logical
        // endpoint id, then 64-bit offsets into it.
        OperandShape::Address
            if operand.name.contains(',') && matches!(operand.vector, VectorLength::Scalar) =>
        {
            let mut parts = vec![regs.take(Some(".b32"))?];
            for _ in 1..operand.name.split(',').count() {
                parts.push(regs.take(Some(".b64"))?);
            }
            Some(format!("[{}]", parts.join(", ")))
        }
        // `[tensorMap, tensorCoords]`: a base and a vector of coordinates.
        // An address register is 64-bit unless the form types it (`[taddr]` of tcgen05 is a
        // 32-bit tensor-memory address).
        OperandShape::Address => {
            let base = regs.take(Some(
                ty.filter(|t| bits_of(t) == Some(32)).unwrap_or(".b64"),
            ))?;
            match length {
                Some(n) => Some(format!("[{base}, {}]", vector(n, regs)?)),
                None => Some(format!("[{base}]")),
            }
        }
        OperandShape::Vector => {
            // `{d1, d2}` written out in the syntax: as many elements as it names.
            let n = length.unwrap_or_else(|| operand.name.split(',').count());
            if operand.name.contains("..") {
                return None;
            }
            vector(n, regs)
        }
    }
}

/// The oldest target this ptxas assembles; lower requirements are raised to it.
const OLDEST_TARGET: u16 = 75;

fn bits_of(ty: &str) -> Option<u16> {
    if let Some(t) = ptx::ptx_type(ty) {
        return Some(t.bits);
    }
    ty.trim_start_matches(|c: char| !c.is_ascii_digit())
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// A register for an operand of type `ty`: predicates are `%p`, everything else a bit-size
/// register of the same width (bit-size registers agree with every type of their size).
fn register_for(ty: Option<&str>, index: usize) -> Option<String> {
    match ty {
        Some(".pred") => Some(format!("%p{index}")),
        Some(ty) => Some(format!("%b{}_{index}", bits_of(ty)?)),
        None => Some(format!("%b32_{index}")),
    }
}

fn expected_type(form: &Form, expr: TypeExpr, chosen: &[Option<&'static str>]) -> Option<String> {
    match expr {
        TypeExpr::Any => None,
        TypeExpr::Literal(ty) => Some(ty.to_string()),
        TypeExpr::Slot(slot) => chosen[slot as usize].map(str::to_string),
        TypeExpr::Double(slot) => {
            let ty = chosen[slot as usize]?;
            let digits = ty.find(|c: char| c.is_ascii_digit())?;
            let bits: u32 = ty[digits..].parse().ok()?;
            let _ = form;
            Some(format!("{}{}", &ty[..digits], bits * 2))
        }
    }
}

/// The modifier choices that cover every value of every slot at least once.
fn choices(form: &Form) -> Vec<Vec<Option<&'static str>>> {
    let widths: Vec<usize> = form
        .slots
        .iter()
        .map(|s| s.alternatives.len() + usize::from(s.optional))
        .collect();
    let rounds = widths.iter().copied().max().unwrap_or(1).max(1);
    let mut all: Vec<Vec<Option<&'static str>>> = (0..rounds)
        .map(|k| {
            form.slots
                .iter()
                .zip(&widths)
                .map(|(slot, &w)| slot.alternatives.get(k % w).copied())
                .collect()
        })
        .collect();
    // `SPECLINT_RANDOM_CHOICES=N` (for reviewing the data by hand): N more combinations per
    // form, each slot's value drawn at random, so pairs of values that the covering choices
    // above never put together are assembled too.
    let extra: usize = std::env::var("SPECLINT_RANDOM_CHOICES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let mut state: u64 = form.syntax.bytes().fold(0x9e37_79b9_7f4a_7c15, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    for _ in 0..extra {
        all.push(
            form.slots
                .iter()
                .zip(&widths)
                .map(|(slot, &w)| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    slot.alternatives.get((state >> 33) as usize % w).copied()
                })
                .collect(),
        );
    }
    all
}

/// Every requirement that applies to a concrete instruction.
fn requirements(entry: &Instruction, form: &Form, modifiers: &[&str]) -> Vec<Requirement> {
    let mut requirements: Vec<Requirement> = vec![entry.requirement, form.requirement];
    requirements.extend(
        entry
            .conditional
            .iter()
            .filter(|c| c.applies_to(modifiers))
            .map(|c| c.requirement),
    );
    requirements
}

/// The target and version a concrete instruction needs, from every requirement that applies,
/// taking alternative `pick` of each list of target alternatives (the last when it has fewer).
fn needs(requirements: &[Requirement], pick: usize) -> (String, Version) {
    let mut target = Target::new(OLDEST_TARGET, TargetSuffix::Plain);
    for r in requirements {
        // Of alternatives (`sm_90a sm_100a`) take the picked one; of plain ones the highest.
        let picked = r.targets.get(pick).or(r.targets.last());
        if let Some(&t) = picked {
            if t.suffix != TargetSuffix::Plain || t.number > target.number {
                target = t;
            }
        }
    }
    // A form's own narrower target (`sm_107f`) beside a modifier's list (`sm_100a sm_100f`):
    // take an alternative that meets every requirement.
    let meets_all = |t: Target| requirements.iter().all(|r| r.target_satisfied_by(t));
    if !meets_all(target) {
        if let Some(&t) = requirements
            .iter()
            .flat_map(|r| r.targets.iter())
            .find(|&&t| meets_all(t))
        {
            target = t;
        }
    }
    let name = target.to_string();
    let mut version =
        ptx::version_introducing_target(&name).map_or(Version::new(7, 0), |v| v.version);
    for r in requirements {
        if let Some(v) = r.version.filter(|v| *v > version) {
            version = v;
        }
    }
    (name, version)
}

/// The PTX ISA version before `version` in the spec-db's list, if any.
fn previous_version(version: Version) -> Option<Version> {
    ptx::VERSIONS
        .iter()
        .map(|v| v.version)
        .filter(|v| *v < version)
        .max()
}

/// The version a target needs by itself (the version that introduced it).
fn target_floor(target: &str) -> Version {
    ptx::version_introducing_target(target).map_or(Version::new(7, 0), |v| v.version)
}

fn cases_by_module() -> BTreeMap<(String, Version), Vec<Case>> {
    cases_by_module_with(0)
}

/// The cases, each in the module of alternative `pick` of its target alternatives; with
/// `pick > 0` only the cases that have such an alternative.
fn cases_by_module_with(pick: usize) -> BTreeMap<(String, Version), Vec<Case>> {
    let mut modules: BTreeMap<(String, Version), Vec<Case>> = BTreeMap::new();
    let mut regs = Registers { next: 0 };
    for entry in ptx::INSTRUCTIONS.iter().filter(|e| e.has_forms()) {
        let head = entry.opcode.split('.').next().unwrap_or(entry.opcode);
        for form in entry
            .forms
            .iter()
            .filter(|f| f.until.is_none() && in_selected_sections(f.citation.section))
        {
            'choice: for chosen in choices(form) {
                let modifiers: Vec<&str> = chosen.iter().flatten().copied().collect();
                // `cvta….u32` converts 32-bit addresses: only in `.address_size 32` modules,
                // which ptxas 13.5 no longer assembles ("32-Bit compilation is no longer
                // supported"); speclint reports it in 64-bit ones.
                if head == "cvta" && modifiers.contains(&".u32") {
                    continue 'choice;
                }
                let mut operands = Vec::new();
                for operand in form.operands {
                    let wanted = match operand.present_with {
                        Some(slot) => chosen[slot as usize].is_some(),
                        None => !operand.optional,
                    };
                    if !wanted {
                        continue;
                    }
                    let ty = expected_type(form, operand.ty, &chosen);
                    let Some(text) = operand_text(operand, ty.as_deref(), &chosen, &mut regs)
                    else {
                        continue 'choice;
                    };
                    operands.push(text);
                }
                let text = format!("{head}{} {};", modifiers.concat(), operands.join(", "));
                let requirements = requirements(entry, form, &modifiers);
                if pick > 0 && requirements.iter().all(|r| r.targets.len() <= pick) {
                    continue 'choice;
                }
                let key = needs(&requirements, pick);
                // An alternative that another requirement of the line excludes (the form
                // allows sm_101a, a modifier of it only sm_100a) is no target for the line.
                if pick > 0 {
                    let target = Target::parse(&key.0).expect("a target the spec-db names");
                    if !requirements.iter().all(|r| r.target_satisfied_by(target)) {
                        continue 'choice;
                    }
                }
                let version = key.1;
                let case = Case {
                    text,
                    form: form.syntax,
                    section: form.citation.section,
                    version,
                    ptxas_gap: form.ptxas_gap,
                    unenforced: form.unenforced,
                    deprecated: !form.deprecated.is_empty()
                        || entry
                            .conditional
                            .iter()
                            .any(|c| !c.deprecated.is_empty() && c.applies_to(&modifiers)),
                    targets_needed: requirements
                        .iter()
                        .map(|r| r.targets)
                        .filter(|t| !t.is_empty())
                        .collect(),
                };
                modules.entry(key).or_default().push(case);
            }
        }
    }
    modules
}

/// The module for `cases`, and the line of each case. Cases with `.cta_group::2` go into a
/// kernel of their own: all tcgen05 instructions of a kernel take the same `.cta_group`.
fn module_text(target: &str, version: Version, cases: &[Case]) -> (String, Vec<u32>) {
    let mut text = format!(
        ".version {version}\n.target {target}\n.address_size 64\n\n.global .align 16 .b8 g_symbol[1024];\n.func f_target()\n{{\n\tret;\n}}\n"
    );
    let mut lines = vec![0; cases.len()];
    let pair = |c: &Case| c.text.contains(".cta_group::2");
    for (kernel, in_kernel) in [("forms", false), ("forms_pair", true)] {
        let indices: Vec<usize> = (0..cases.len())
            .filter(|&i| pair(&cases[i]) == in_kernel)
            .collect();
        if indices.is_empty() {
            continue;
        }
        text.push_str(&format!("\n.visible .entry {kernel}()\n{{\n"));
        kernel_body(&mut text, cases, &indices, &mut lines);
    }
    (text, lines)
}

/// The registers the cases use, then the cases, one a line (their lines into `lines`).
fn kernel_body(text: &mut String, all: &[Case], indices: &[usize], lines: &mut [u32]) {
    let cases: Vec<&Case> = indices.iter().map(|&i| &all[i]).collect();
    // Only the widths used (`.b128` registers need PTX ISA 8.3 themselves), as many as used.
    for bits in [8, 16, 32, 64, 128] {
        let prefix = format!("%b{bits}_");
        let count = cases
            .iter()
            .flat_map(|c| {
                c.text
                    .match_indices(&prefix)
                    .map(|(at, _)| &c.text[at + prefix.len()..])
            })
            .filter_map(|rest| {
                rest.split(|c: char| !c.is_ascii_digit())
                    .next()?
                    .parse::<usize>()
                    .ok()
            })
            .max();
        if let Some(max) = count {
            text.push_str(&format!("\t.reg .b{bits} {prefix}<{}>;\n", max + 1));
        }
    }
    let predicates = cases
        .iter()
        .flat_map(|c| c.text.match_indices("%p").map(|(at, _)| &c.text[at + 2..]))
        .filter_map(|rest| {
            rest.split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse::<usize>()
                .ok()
        })
        .max()
        .unwrap_or(9);
    text.push_str(&format!("\t.reg .pred %p<{}>;\n", predicates + 1));
    // `brx.idx`'s target list: declared before its use.
    text.push_str("L_tlist: .branchtargets L_target;\n");
    let mut line = text.lines().count() as u32;
    for (&i, case) in indices.iter().zip(&cases) {
        line += 1;
        lines[i] = line;
        text.push('\t');
        text.push_str(&case.text);
        text.push('\n');
    }
    text.push_str("L_target:\n\tret;\n}\n");
}

/// ptxas, or None after a loud skip message; in CI a missing ptxas fails the test.
fn ptxas_or_skip() -> Option<std::path::PathBuf> {
    let found = ptxas::find_ptxas();
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "ptxas is required in CI (pip install nvidia-cuda-nvcc)"
        );
        eprintln!("SKIPPED: ptxas not found (pip install nvidia-cuda-nvcc, or set PTXAS)");
    }
    found
}

#[test]
fn every_spec_db_form_assembles_with_ptxas_and_lints_clean() {
    let Some(ptxas) = ptxas_or_skip() else { return };
    let (total, modules, gaps, crashed) = assemble_and_lint(&ptxas, "all", cases_by_module());
    assert!(
        total > 300 || !whole_isa(),
        "expected hundreds of concrete instructions, got {total}"
    );
    eprintln!("{total} concrete instructions from the spec-db in {modules} modules: ptxas accepts all, speclint reports nothing; {gaps} listed ptxas gaps still rejected; ptxas crashed (no verdict) on {}: {}", crashed.len(), crashed.join("; "));
}

/// Forms with several target alternatives (`sm_120f sm_107f`) are checked above under the
/// first; here under each of the others, at the version that target needs.
#[test]
fn every_target_alternative_assembles_with_ptxas_and_lints_clean() {
    let Some(ptxas) = ptxas_or_skip() else { return };
    let mut checked = 0;
    for pick in 1.. {
        let modules = cases_by_module_with(pick);
        if modules.is_empty() {
            break;
        }
        checked += assemble_and_lint(&ptxas, &format!("alt{pick}"), modules).0;
    }
    assert!(
        checked >= 40 || !whole_isa(),
        "expected dozens of instructions with target alternatives, got {checked}"
    );
    eprintln!("{checked} instructions under their second and later target alternatives: ptxas accepts all, speclint reports nothing");
}

/// Assembles and lints every module: ptxas must accept each case (a listed ptxas gap must
/// still be rejected) and speclint must report nothing. Returns the number of cases, of
/// modules, of gaps, and the cases ptxas crashed on.
fn assemble_and_lint(
    ptxas: &Path,
    name: &str,
    modules: Modules,
) -> (usize, usize, usize, Vec<String>) {
    let ptxas = ptxas.to_path_buf();
    let dir = std::env::temp_dir().join(format!("speclint-spec-db-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (modules, gaps) = split_gaps(modules);
    let total: usize = modules.values().map(Vec::len).sum();

    let mut failures = Vec::new();
    let mut crashed: Vec<String> = Vec::new();
    // Known disagreements: each on its own, ptxas must still reject it.
    for (i, ((target, version), case)) in gaps.iter().enumerate() {
        let (text, _) = module_text(target, *version, std::slice::from_ref(case));
        let path = dir.join(format!("gap-{i}.ptx"));
        std::fs::write(&path, &text).unwrap();
        let out = assemble(&ptxas, target, &path);
        if out.status.success() {
            failures.push(format!(
                "ptxas now accepts `{}` (form `{}`, §{}) under .target {target}, .version {version}: remove its ptxas_gap ({})",
                case.text, case.form, case.section, case.ptxas_gap
            ));
        }
    }
    for ((target, version), cases) in &modules {
        let (text, lines) = module_text(target, *version, cases);
        let path = dir.join(format!("{target}-{version}.ptx"));
        std::fs::write(&path, &text).unwrap();
        // `SPECLINT_KEEP_CASES=DIR` keeps a copy of every module (for reviewing the data
        // against other targets and versions by hand).
        if let Some(keep) = std::env::var_os("SPECLINT_KEEP_CASES") {
            let keep = Path::new(&keep);
            std::fs::create_dir_all(keep).unwrap();
            std::fs::write(keep.join(format!("{target}-{version}.ptx")), &text).unwrap();
        }
        let case_at = |line: u32| lines.iter().position(|&l| l == line).map(|i| &cases[i]);
        let describe = |case: &Case| {
            format!(
                "`{}` (form `{}`, §{}) under .target {target}, .version {version}",
                case.text, case.form, case.section
            )
        };

        let out = assemble(&ptxas, target, &path);
        let stderr = String::from_utf8_lossy(&out.stderr);
        // An error without a line fails the module as a whole: a rule about the function
        // (`.cta_group::1` and `::2` in one kernel) or a crash. Then each case is assembled
        // alone; a case on which ptxas crashes gives no verdict and is counted apart.
        if !out.status.success() && stderr.lines().all(|l| ptxas::parse_ptxas_line(l).is_none()) {
            for case in cases {
                let (text, _) = module_text(target, *version, std::slice::from_ref(case));
                let alone = dir.join("alone.ptx");
                std::fs::write(&alone, &text).unwrap();
                let out = assemble(&ptxas, target, &alone);
                let stderr = String::from_utf8_lossy(&out.stderr);
                if stderr.contains("Internal compiler error") {
                    crashed.push(describe(case));
                } else if !out.status.success() {
                    failures.push(format!(
                        "ptxas rejects {} alone: {}",
                        describe(case),
                        stderr.trim()
                    ));
                }
            }
        }
        for diag in stderr.lines().filter_map(ptxas::parse_ptxas_line) {
            match case_at(diag.line) {
                Some(case) => failures.push(format!(
                    "ptxas rejects {}: {}",
                    describe(case),
                    diag.message
                )),
                None => failures.push(format!(
                    "ptxas rejects line {} of {}: {}",
                    diag.line,
                    path.display(),
                    diag.message
                )),
            }
        }
        let findings = speclint_findings(&path);
        for (case, &line) in cases.iter().zip(&lines) {
            let warned = findings
                .iter()
                .any(|(l, message)| *l == line && message.starts_with("PTX016"));
            if !case.unenforced.is_empty() && !warned {
                failures.push(format!(
                    "speclint does not warn (PTX016) on {}, which the spec forbids: {}",
                    describe(case),
                    case.unenforced
                ));
            }
        }
        for (line, message) in findings {
            match case_at(line) {
                Some(case) if case.deprecated && message.starts_with("PTX012") => {}
                Some(case) if !case.unenforced.is_empty() && message.starts_with("PTX016") => {}
                Some(case) => {
                    failures.push(format!("speclint reports on {}: {message}", describe(case)))
                }
                None => failures.push(format!(
                    "speclint reports line {line} of {}: {message}",
                    path.display()
                )),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} of {total} spec-db instructions disagree with ptxas or speclint:\n{}",
        failures.len(),
        failures.join("\n")
    );
    (total, modules.len(), gaps.len(), crashed)
}

type Modules = BTreeMap<(String, Version), Vec<Case>>;

/// A case that ptxas is known to reject, with the module (target, version) it belongs to.
type Gap = ((String, Version), Case);

/// Takes the cases of forms with a `ptxas_gap` out of the modules.
fn split_gaps(modules: Modules) -> (Modules, Vec<Gap>) {
    let mut kept = Modules::new();
    let mut gaps = Vec::new();
    for (key, cases) in modules {
        for case in cases {
            if case.ptxas_gap.is_empty() {
                kept.entry(key.clone()).or_default().push(case);
            } else {
                gaps.push((key.clone(), case));
            }
        }
    }
    (kept, gaps)
}

/// ptxas's verdict on one module for one target.
fn assemble(ptxas: &Path, target: &str, path: &Path) -> std::process::Output {
    // `.target sm_101a` still assembles, but ptxas 13.5 takes only the new name (sm_110a,
    // PTX ISA 9.0) as its GPU.
    let gpu = match target.strip_prefix("sm_101") {
        Some(suffix) => format!("sm_110{suffix}"),
        None => target.to_string(),
    };
    Command::new(ptxas)
        .arg(format!("-arch={gpu}"))
        .arg(path)
        .args(["-o", "/dev/null"])
        .output()
        .unwrap()
}

/// (line, "CODE message") of every diagnostic speclint reports.
fn speclint_findings(path: &Path) -> Vec<(u32, String)> {
    let out = Command::new(SPECLINT)
        .args(["check", "--format", "json"])
        .arg(path)
        .output()
        .unwrap();
    let findings: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("speclint prints JSON");
    findings
        .as_array()
        .expect("a JSON array")
        .iter()
        .map(|d| {
            (
                d["line"].as_u64().unwrap_or(0) as u32,
                format!(
                    "{} {}",
                    d["code"].as_str().unwrap_or(""),
                    d["message"].as_str().unwrap_or("")
                ),
            )
        })
        .collect()
}

/// The highest plain `sm_NN` the spec-db knows below `number`, if this ptxas assembles it.
fn previous_target(number: u16) -> Option<String> {
    ptx::VERSIONS
        .iter()
        .flat_map(|v| v.targets.iter())
        .filter_map(|name| Target::parse(name))
        .filter(|t| {
            t.suffix == TargetSuffix::Plain && t.number < number && t.number >= OLDEST_TARGET
        })
        .map(|t| t.number)
        .max()
        .map(|n| format!("sm_{n}"))
}

/// A module assembled below what some of its lines need.
struct Lowered {
    target: String,
    version: Version,
    cases: Vec<Case>,
    /// Per case: must this line fail (it needs exactly what was lowered)?
    must_fail: Vec<bool>,
    /// What the lines that must fail need, for the message.
    needed: String,
}

/// Assembles each lowered module: every line that must fail must be rejected by ptxas and
/// reported by speclint with `code`. Returns how many lines were checked.
fn check_lowered(ptxas: &Path, name: &str, modules: Vec<Lowered>, code: &str) -> usize {
    check_lowered_at_least(ptxas, name, modules, code, 40)
}

/// As `check_lowered`, expecting at least `min` lines to check over the whole ISA.
fn check_lowered_at_least(
    ptxas: &Path,
    name: &str,
    modules: Vec<Lowered>,
    code: &str,
    min: usize,
) -> usize {
    let dir = std::env::temp_dir().join(format!("speclint-spec-db-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut no_verdict = Vec::new();
    let mut checked = 0;
    for m in modules {
        let (text, lines) = module_text(&m.target, m.version, &m.cases);
        let path = dir.join(format!("{}-{}.ptx", m.target, m.version));
        std::fs::write(&path, &text).unwrap();
        let out = assemble(ptxas, &m.target, &path);
        let rejected: Vec<u32> = String::from_utf8_lossy(&out.stderr)
            .lines()
            .filter_map(ptxas::parse_ptxas_line)
            .map(|d| d.line)
            .collect();
        let reported: Vec<u32> = speclint_findings(&path)
            .into_iter()
            .filter(|(_, msg)| msg.starts_with(code))
            .map(|(l, _)| l)
            .collect();
        for (i, (case, _)) in m
            .cases
            .iter()
            .zip(&m.must_fail)
            .enumerate()
            .filter(|(_, (_, &fail))| fail)
        {
            checked += 1;
            let line = lines[i];
            let what = format!(
                "`{}` (form `{}`, §{}) under .target {}, .version {}",
                case.text, case.form, case.section, m.target, m.version
            );
            if !rejected.contains(&line) {
                // Errors on other lines stop ptxas before code generation, where some lines
                // that its front end lets through stop it with an internal error: alone, such
                // a line gets no verdict to compare with (listed, not a failure).
                let alone = dir.join(format!("{}-{}-alone.ptx", m.target, m.version));
                let single = std::slice::from_ref(case);
                std::fs::write(&alone, module_text(&m.target, m.version, single).0).unwrap();
                let out = assemble(ptxas, &m.target, &alone);
                if String::from_utf8_lossy(&out.stderr).contains("Internal compiler error") {
                    no_verdict.push(what);
                    continue;
                }
                failures.push(format!(
                    "ptxas accepts {what}: the spec-db requirement {} is too high",
                    m.needed
                ));
            }
            if !reported.contains(&line) {
                failures.push(format!("speclint does not report {code} on {what}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if !no_verdict.is_empty() {
        eprintln!(
            "{} line(s) stop ptxas with an internal error below their requirement (no verdict):\n  {}",
            no_verdict.len(),
            no_verdict.join("\n  ")
        );
    }
    assert!(
        checked >= min || !whole_isa(),
        "expected at least {min} {name}-bound instructions, got {checked}"
    );
    assert!(
        failures.is_empty(),
        "{} disagreement(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    checked
}

#[test]
fn one_version_below_each_requirement_ptxas_rejects_and_speclint_reports_ptx006() {
    let Some(ptxas) = ptxas_or_skip() else { return };
    let mut lowered = Vec::new();
    for ((target, version), cases) in split_gaps(cases_by_module()).0 {
        // Only where the form (not the target) sets the version.
        let Some(lower) = previous_version(version).filter(|v| *v >= target_floor(&target)) else {
            continue;
        };
        let must_fail = cases.iter().map(|c| c.version == version).collect();
        lowered.push(Lowered {
            target,
            version: lower,
            cases,
            must_fail,
            needed: format!("PTX {version}"),
        });
    }
    let checked = check_lowered(&ptxas, "version", lowered, "PTX006");
    eprintln!("{checked} instructions one version below their requirement: ptxas rejects each, speclint reports PTX006");
}

#[test]
fn one_target_below_each_requirement_ptxas_rejects_and_speclint_reports_ptx005() {
    let Some(ptxas) = ptxas_or_skip() else { return };
    let mut lowered = Vec::new();
    for ((target, version), cases) in split_gaps(cases_by_module()).0 {
        // Plain targets above the oldest one: those come from a form's requirement.
        let Some(parsed) = Target::parse(&target)
            .filter(|t| t.suffix == TargetSuffix::Plain && t.number > OLDEST_TARGET)
        else {
            continue;
        };
        let Some(lower) = previous_target(parsed.number) else {
            continue;
        };
        let must_fail = vec![true; cases.len()];
        let version = version.max(target_floor(&lower));
        lowered.push(Lowered {
            target: lower,
            version,
            cases,
            must_fail,
            needed: target,
        });
    }
    let checked = check_lowered(&ptxas, "target", lowered, "PTX005");
    eprintln!("{checked} instructions one target below their requirement: ptxas rejects each, speclint reports PTX005");
}

#[test]
fn arch_and_family_targets_are_needed_ptxas_rejects_the_plain_target_and_speclint_reports_ptx005() {
    let Some(ptxas) = ptxas_or_skip() else { return };
    let mut lowered = Vec::new();
    for ((target, version), cases) in split_gaps(cases_by_module()).0 {
        // `sm_90a`, `sm_100f`: the same architecture without the suffix must not do.
        let Some(parsed) = Target::parse(&target).filter(|t| t.suffix != TargetSuffix::Plain)
        else {
            continue;
        };
        let plain = Target::new(parsed.number, TargetSuffix::Plain).to_string();
        let must_fail = vec![true; cases.len()];
        lowered.push(Lowered {
            target: plain,
            version,
            cases,
            must_fail,
            needed: target,
        });
    }
    let checked = check_lowered(&ptxas, "arch-target", lowered, "PTX005");
    eprintln!("{checked} instructions for an arch- or family-specific target, on the plain target: ptxas rejects each, speclint reports PTX005");
}

/// The highest family-specific target the spec-db knows below `number`: `sm_110f` below
/// `sm_120f`, `sm_103f` below `sm_107f`, `sm_100f` below `sm_103f`.
fn previous_family_target(number: u16) -> Option<Target> {
    ptx::VERSIONS
        .iter()
        .flat_map(|v| v.targets.iter())
        .filter_map(|name| Target::parse(name))
        .filter(|t| t.suffix == TargetSuffix::FamilySpecific && t.number < number)
        .max_by_key(|t| t.number)
}

#[test]
fn family_targets_are_needed_ptxas_rejects_the_family_target_below_and_speclint_reports_ptx005() {
    let Some(ptxas) = ptxas_or_skip() else { return };
    let mut lowered = Vec::new();
    for ((target, version), cases) in split_gaps(cases_by_module()).0 {
        // `sm_120f`: the family target below (`sm_110f`, of another family) must not do, and
        // `sm_103f` is not met by `sm_100f` of the same family either.
        let Some(lower) = Target::parse(&target)
            .filter(|t| t.suffix == TargetSuffix::FamilySpecific)
            .and_then(|t| previous_family_target(t.number))
        else {
            continue;
        };
        // Unless another alternative of the requirement takes the lower target.
        let must_fail: Vec<bool> = cases
            .iter()
            .map(|c| {
                !c.targets_needed
                    .iter()
                    .all(|alternatives| alternatives.iter().any(|&t| lower.satisfies(t)))
            })
            .collect();
        if !must_fail.contains(&true) {
            continue;
        }
        let lower = lower.to_string();
        let version = version.max(target_floor(&lower));
        lowered.push(Lowered {
            target: lower,
            version,
            cases,
            must_fail,
            needed: target,
        });
    }
    let checked = check_lowered_at_least(&ptxas, "family-target", lowered, "PTX005", 10);
    eprintln!("{checked} instructions for a family-specific target, on the family target below it: ptxas rejects each, speclint reports PTX005");
}
