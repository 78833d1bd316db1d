//! PTX016 `not-enforced-by-ptxas`: a form the spec forbids and ptxas 13.5 accepts. The forms
//! (listed in `docs/ptx-unenforced.md`) are the tables here; matching takes them as valid and
//! these functions report them.

use crate::header::Header;
use crate::opcode::{insertion_offset, spec_requirements, text_of, FormMatch, Opcode};
use crate::type_agreement::kind_and_bits;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_spec_db::{ptx, Instruction, Requirement, Target, TargetSuffix};

rules! {
    NOT_ENFORCED_BY_PTXAS = "PTX016" "not-enforced-by-ptxas" Warning fix=true {
        summary: "The spec forbids this form, but ptxas accepts it",
        explanation: "The PTX ISA requires or forbids something here that ptxas 13.5 does not check: it assembles the form as written. speclint reports it as a warning, not an error, so that a build ptxas accepts is never failed; the message names the spec section and says that ptxas accepts the form. Code that follows the spec stays portable to assemblers and drivers that enforce the rule. The forms are listed in `docs/ptx-unenforced.md`; `--ignore PTX016` turns the warnings off.",
        example: "wgmma.fence.sync;           // PTX016: §9.7.15.7.1 requires .aligned; ptxas accepts it\nwgmma.fence.sync.aligned;   // as the spec writes it",
    }
}

/// A modifier slot the PTX ISA writes as required that ptxas 13.5 assembles without (probed
/// 2026-12-01, listed in `docs/ptx-unenforced.md`). Other `.sync.aligned` instructions (`mma`,
/// `ldmatrix`, `tcgen05`, …) ptxas rejects without `.aligned`, so each entry names its forms.
struct PtxasOptionalSlot {
    /// The start of the syntax of the forms it applies to.
    syntax: &'static str,
    /// The slot's name in that syntax (`.aligned`, `.sem`).
    slot: &'static str,
    /// Slots that must be missing too: ptxas takes `st.async.gpu.global` but not
    /// `st.async.release.global`, a `.release` without its scope.
    only_without: &'static [&'static str],
    /// Whether inserting the spec's single modifier keeps the meaning ptxas gives the form.
    same_meaning: bool,
}

const PTXAS_OPTIONAL_SLOTS: &[PtxasOptionalSlot] = &[
    // Every wgmma instruction, with and without `.sp`.
    PtxasOptionalSlot {
        syntax: "wgmma.",
        slot: ".aligned",
        only_without: &[],
        same_meaning: true,
    },
    // The release store to global memory: ptxas takes it with neither `.release` nor a scope,
    // or with a scope alone. What it then emits is not documented.
    PtxasOptionalSlot {
        syntax: "st.async.sem.scope",
        slot: ".sem",
        only_without: &[],
        same_meaning: false,
    },
    PtxasOptionalSlot {
        syntax: "st.async.sem.scope",
        slot: ".scope",
        only_without: &[".sem"],
        same_meaning: false,
    },
    // A generic address: ptxas takes `prefetch.L2::evict_last [a]`.
    PtxasOptionalSlot {
        syntax: "prefetch.global.level::eviction_priority",
        slot: ".global",
        only_without: &[],
        same_meaning: false,
    },
    // `testp.f32 p, a` with no test: ptxas assembles it (to shorter code than any test).
    PtxasOptionalSlot {
        syntax: "testp.op.type",
        slot: ".op",
        only_without: &[],
        same_meaning: false,
    },
];

fn ptxas_optional_slot(found: &FormMatch, slot: usize) -> Option<&'static PtxasOptionalSlot> {
    let slots = found.form.slots;
    let missing = |name: &str| found.missing.iter().any(|&s| slots[s].name == name);
    PTXAS_OPTIONAL_SLOTS.iter().find(|entry| {
        found.form.syntax.starts_with(entry.syntax)
            && slots[slot].name == entry.slot
            && entry.only_without.iter().all(|&other| missing(other))
    })
}

pub(crate) fn ptxas_lets_go_missing(found: &FormMatch, slot: usize) -> bool {
    ptxas_optional_slot(found, slot).is_some()
}

/// PTX016 for a form the spec forbids that ptxas 13.5 assembles (the data says why).
pub(crate) fn report_unenforced_form(
    opcode: &Opcode,
    found: &FormMatch,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if found.form.unenforced.is_empty() {
        return;
    }
    diagnostics.push(Diagnostic::new(
        &NOT_ENFORCED_BY_PTXAS,
        opcode.range,
        format!(
            "`{}`: {} (PTX ISA §{}); ptxas accepts it",
            text_of(opcode),
            found.form.unenforced,
            found.form.citation.section
        ),
    ));
}

/// One PTX016 for the required modifiers missing from a form that ptxas accepts without them.
pub(crate) fn report_unenforced_missing(
    opcode: &Opcode,
    found: &FormMatch,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let shown = text_of(opcode);
    let slots = found.form.slots;
    let lacking: Vec<String> = found
        .missing
        .iter()
        .map(|&slot| match slots[slot].alternatives {
            [only] => format!("`{only}`"),
            several => format!(
                "one of {}",
                several
                    .iter()
                    .map(|m| format!("`{m}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        })
        .collect();
    if lacking.is_empty() {
        return;
    }
    let mut diagnostic = Diagnostic::new(
        &NOT_ENFORCED_BY_PTXAS,
        opcode.range,
        format!(
            "`{shown}` lacks {}, which PTX ISA §{} requires; ptxas accepts it without",
            lacking.join(" and "),
            found.instruction.citation.section
        ),
    );
    // Only a single modifier is offered: an insertion that leaves another slot empty
    // (`.release` without its scope) is a form ptxas rejects.
    if let (&[slot], Some(entry)) = (
        &found.missing[..],
        found
            .missing
            .first()
            .and_then(|&s| ptxas_optional_slot(found, s)),
    ) {
        if let [modifier] = slots[slot].alternatives {
            let at = insertion_offset(opcode, found, slot);
            let fix = Fix::insert(format!("Insert `{modifier}`"), at, *modifier);
            // Safe only where ptxas means the same with or without the modifier.
            diagnostic = diagnostic.with_fix(if entry.same_meaning { fix.safe() } else { fix });
        }
    }
    diagnostics.push(diagnostic);
}

/// `ld.global.v8.b16`, `st.shared.v8.u8`: the spec takes `.v8` only for 32-bit types (the
/// 256-bit forms of sections 9.7.9.8-9.7.9.11); ptxas 13.5 takes eight 8- or 16-bit elements
/// wherever `.v4` is valid (probed 2026-12-01; not `ldu`).
pub(crate) fn narrow_v8_access(entries: &[&'static Instruction], modifiers: &[&str]) -> bool {
    entries
        .iter()
        .any(|e| matches!(e.opcode, "ld" | "ld.global.nc" | "st"))
        && modifiers.contains(&".v8")
        && modifiers
            .iter()
            .any(|&m| ptx::is_type_token(m) && kind_and_bits(m).is_some_and(|(_, bits)| bits <= 16))
}

/// PTX016 for `.v8` of 8- or 16-bit elements in `ld`/`st`.
pub(crate) fn report_narrow_v8(
    opcode: &Opcode,
    found: &FormMatch,
    modifiers: &[&str],
    diagnostics: &mut Vec<Diagnostic>,
) {
    let ty = modifiers
        .iter()
        .find(|m| ptx::is_type_token(m))
        .copied()
        .unwrap_or("");
    let at = opcode
        .modifiers
        .iter()
        .find(|(text, _)| *text == ".v8")
        .map_or(opcode.range, |(_, range)| *range);
    diagnostics.push(Diagnostic::new(
        &NOT_ENFORCED_BY_PTXAS,
        at,
        format!(
            "`.v8` of `{ty}`: PTX ISA §{} allows `.v8` only for 32-bit types; ptxas accepts eight {}-bit elements",
            found.instruction.citation.section,
            kind_and_bits(ty).map_or(0, |(_, bits)| bits)
        ),
    ));
}

/// A target requirement the PTX ISA writes narrower than ptxas 13.5 enforces (probed
/// 2026-12-01, listed in `docs/ptx-unenforced.md`).
pub(crate) struct PtxasWiderTargets {
    /// The start of the instruction's opcode.
    opcode: &'static str,
    /// The requirement applies when any one of these is written...
    with_any: &'static [&'static str],
    /// ...and none of these.
    without: &'static [&'static str],
    /// The spec's targets, as the data records them.
    spec: &'static str,
    /// The targets ptxas assembles the feature for besides.
    ptxas: &'static [Target],
}

const fn arch(number: u16) -> Target {
    Target::new(number, TargetSuffix::ArchSpecific)
}

const fn family(number: u16) -> Target {
    Target::new(number, TargetSuffix::FamilySpecific)
}

const PTXAS_WIDER_TARGETS: &[PtxasWiderTargets] = &[
    // Block scaling with `.scale_vec::NX`: every architecture-specific target of the sm_100
    // and sm_110 families, but no family target.
    PtxasWiderTargets {
        opcode: "tcgen05.mma",
        with_any: &[".scale_vec::1X", ".scale_vec::2X", ".scale_vec::4X"],
        without: &[],
        spec: "sm_100a",
        ptxas: &[arch(103), arch(107), arch(110)],
    },
    // `mma` `.kind::f8f6f4` of `.e4m3`/`.e5m2` alone (not the 4- and 6-bit types): the sm_100
    // and sm_110 families too.
    PtxasWiderTargets {
        opcode: "mma",
        with_any: &[".kind::f8f6f4"],
        without: &[".e2m1", ".e2m3", ".e3m2"],
        spec: "sm_120a sm_120f",
        ptxas: &[family(100), family(110)],
    },
    // `cp.async.bulk.tensor` into `.shared::cluster` with `.tile::gather4` or `.im2col::w`:
    // the sm_110 family too.
    PtxasWiderTargets {
        opcode: "cp.async.bulk.tensor",
        with_any: &[".tile::gather4", ".im2col::w"],
        without: &[],
        spec: "sm_100a sm_100f",
        ptxas: &[family(110)],
    },
];

/// The entry that lets the header's target meet `requirement` for ptxas, when the spec's
/// targets do not.
pub(crate) fn ptxas_wider_target(
    m: &FormMatch,
    modifiers: &[&str],
    requirement: Requirement,
    header: &Header,
) -> Option<&'static PtxasWiderTargets> {
    let target = header.target?;
    if requirement.targets.is_empty() || requirement.target_satisfied_by(target) {
        return None;
    }
    let spec: Vec<String> = requirement.targets.iter().map(|t| t.to_string()).collect();
    let spec = spec.join(" ");
    PTXAS_WIDER_TARGETS.iter().find(|entry| {
        m.instruction.opcode.starts_with(entry.opcode)
            && entry.with_any.iter().any(|w| modifiers.contains(w))
            && !entry.without.iter().any(|w| modifiers.contains(w))
            && entry.spec == spec
            && entry.ptxas.iter().any(|&p| target.satisfies(p))
    })
}

/// PTX016 for each target requirement the header's target meets only for ptxas.
pub(crate) fn report_wider_targets(
    opcode: &Opcode,
    m: &FormMatch,
    modifiers: &[&str],
    header: &Header,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(target) = header.target else {
        return;
    };
    for (requirement, section) in spec_requirements(m, modifiers) {
        if ptxas_wider_target(m, modifiers, requirement, header).is_none() {
            continue;
        }
        let needed: Vec<String> = requirement.targets.iter().map(|t| t.to_string()).collect();
        diagnostics.push(Diagnostic::new(
            &NOT_ENFORCED_BY_PTXAS,
            opcode.range,
            format!(
                "`{}` requires `.target {}` (PTX ISA §{section}); ptxas accepts it for {target}",
                text_of(opcode),
                needed.join("` or `")
            ),
        ));
    }
}

/// PTX016 for a variable declared of an instruction type that ptxas takes for variables.
pub(crate) fn instruction_type_variable(
    ty: speclint_base::text::TextRange,
    fact: &speclint_spec_db::PtxType,
) -> Diagnostic {
    Diagnostic::new(
        &NOT_ENFORCED_BY_PTXAS,
        ty,
        format!(
            "`{}` is an instruction type, not a variable type (PTX ISA §{}); ptxas accepts this declaration",
            fact.name, fact.citation.section
        ),
    )
}
