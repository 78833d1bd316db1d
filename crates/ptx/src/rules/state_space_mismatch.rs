//! PTX015 `state-space-mismatch`: an address names a variable of another state space than
//! the instruction, or a parameter the instruction may not use so.

use crate::declarations::{DeclKind, ParameterOf};
use crate::opcode::{base_space, FormMatch};
use crate::symbols::SymbolWalker;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    STATE_SPACE_MISMATCH = "PTX015" "state-space-mismatch" Error fix=true {
        summary: "An address names a variable of another state space than the instruction's",
        explanation: "An instruction that names a state space (`ld.shared`, `st.global`, `cp.async.ca.shared.global`, `mbarrier.init.shared`) must address a variable of that space, or a register holding such an address. Naming a `.global` variable in `ld.shared` (or a `.local` one in an instruction without a state space, which uses generic addresses that cannot reach every space) reads the wrong memory. Parameters have their own rules: a kernel's parameters live in `.param::entry` and a device function's in `.param::func`, and input parameters are read-only (`st.param` writes return parameters and the parameters of a call). The fix writes the variable's own state space.",
        example: ".shared .b32 buf[32];\nld.global.b32 %r1, [buf];   // PTX015: buf is .shared\nld.shared.b32 %r1, [buf];   // fixed",
    }
}

/// PTX015: an address naming a variable of another state space than the instruction names.
/// Generic addresses (no space) are not judged: a variable's name there means its generic
/// address for the spaces that have one.
pub(crate) fn space_mismatch(
    space: &str,
    declarations: &[(TextRange, usize)],
    symbols: &SymbolWalker,
    modifier: Option<TextRange>,
    head_end: usize,
    section: &str,
) -> Option<Diagnostic> {
    let (at, decl) = declarations.iter().find_map(|&(at, d)| {
        let decl = symbols.declaration(d);
        matches!(decl.kind, DeclKind::Variable | DeclKind::Parameter).then_some((at, decl))
    })?;
    let declared = decl.state_space.as_deref()?;
    if space.is_empty() {
        // Generic addresses reach .global, .shared and .local variables, not .const or
        // .param ones.
        if !matches!(base_space(declared), ".const" | ".param") {
            return None;
        }
        let space = base_space(declared);
        return Some(
            Diagnostic::new(
                &STATE_SPACE_MISMATCH,
                at,
                format!(
                    "`{}` is declared `{declared}`, which a generic address cannot reach: name the state space in the instruction (PTX ISA §{section})",
                    decl.name
                ),
            )
            // Unsafe: it changes which memory the instruction addresses.
            .with_fix(Fix::insert(format!("Insert `{space}`"), head_end, space)),
        );
    }
    if base_space(declared) == base_space(space) {
        return None;
    }
    let mut d = Diagnostic::new(
        &STATE_SPACE_MISMATCH,
        at,
        format!(
            "`{}` is declared `{declared}`, but the instruction addresses `{space}` (PTX ISA §{section})",
            decl.name
        ),
    );
    if let Some(range) = modifier {
        // Unsafe: it changes which memory the instruction addresses.
        d = d.with_fix(Fix::replace(
            format!("Use `{declared}`"),
            range,
            declared.to_string(),
        ));
    }
    Some(d)
}

/// `ld.param`/`st.param` against whose parameter it is (section 5.1.6): input parameters are
/// read-only, and a kernel's are not in `.param::func`. (ptxas takes `ld.param::entry` of a
/// device function's parameter, so that is not reported.)
pub(crate) fn parameter_misuse(
    found: &FormMatch,
    space: &str,
    declarations: &[(TextRange, usize)],
    symbols: &SymbolWalker,
) -> Option<Diagnostic> {
    if base_space(space) != ".param" {
        return None;
    }
    let (at, decl, of) = declarations.iter().find_map(|&(at, d)| {
        let decl = symbols.declaration(d);
        decl.parameter_of.map(|of| (at, decl, of))
    })?;
    let name = &decl.name;
    let message = match (found.instruction.opcode, space, of) {
        ("st", _, ParameterOf::KernelInput | ParameterOf::FunctionInput) => format!(
            "`{name}` is an input parameter: `st.param` writes only return parameters and the parameters of a call (PTX ISA §5.1.6)"
        ),
        (_, ".param::func", ParameterOf::KernelInput) => format!(
            "`{name}` is a kernel parameter, in `.param::entry`, not `.param::func` (PTX ISA §5.1.6)"
        ),
        _ => return None,
    };
    Some(Diagnostic::new(&STATE_SPACE_MISMATCH, at, message))
}
