//! Whether the PTX writes the operands its constraints say are written: an output that the
//! instructions only read (CUDA008), an input that one writes (CUDA009).

use crate::operands::Class;
use crate::rules;
use crate::template::{Module, Operand, ReferenceKind};
use speclint_base::diagnostic::Diagnostic;
use speclint_ptx::accesses::{Access, NameAccess};

/// The direction findings of one statement: `module` is its function, at `base` in the checked
/// PTX module whose name accesses (sorted by offset) are `accesses`.
pub fn check(
    accesses: &[NameAccess],
    base: usize,
    module: &Module,
    operands: &[Operand],
    partial: bool,
) -> Vec<Diagnostic> {
    // Missing pieces may read or write anything.
    if partial {
        return Vec::new();
    }
    let origin = base + module.template.start;
    let access_at = |start: usize| {
        let at = accesses.partition_point(|a| a.range.start < start);
        accesses
            .get(at)
            .filter(|a| a.range.start == start)
            .map(|a| a.access)
    };
    let mut found = Vec::new();
    for (index, operand) in operands.iter().enumerate() {
        let Some(constraint) = operand.constraint else {
            continue;
        };
        if !matches!(constraint.class, Class::Register(_)) {
            continue;
        }
        let uses: Vec<Access> = module
            .references
            .iter()
            .filter(|r| {
                matches!(r.kind, ReferenceKind::Index(i) | ReferenceKind::Named(i) if i == index)
            })
            .filter_map(|r| access_at(origin + r.ptx.start))
            .collect();
        if uses.is_empty() || uses.contains(&Access::Unknown) {
            continue;
        }
        let written = uses.contains(&Access::Written);
        if constraint.written && !written {
            found.push(rules::output_only_read::report(
                index,
                &operand.constraint_text,
                &operand.expression,
                constraint.read,
                operand.range,
            ));
        } else if !constraint.written && written {
            found.push(rules::input_written::report(
                index,
                &operand.constraint_text,
                &operand.expression,
                operand.range,
            ));
        }
    }
    found
}
