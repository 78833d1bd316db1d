//! Which registers each instruction reads and which it writes, by the forms its opcode matches
//! (the spec-db marks each form's destination operands). Inline asm compares this with the
//! direction of its operands' constraints.

use super::ast::{Block, Instruction, Item, Operand, OperandKind, Statement};
use super::opcode::{candidate_entries, match_forms, operand_count_range, Opcode};
use super::PtxAnalysis;
use speclint_base::text::TextRange;

/// What an instruction does with a name among its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read,
    Written,
    /// The opcode matches no form exactly, or its forms disagree on the operand.
    Unknown,
}

/// One use of a name as an instruction's operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NameAccess {
    pub range: TextRange,
    pub access: Access,
}

/// The uses of names in the operands of every instruction of `analysis`, in text order: a name
/// in a destination position (alone, in a `{…}` vector, either half of `%p|%q`) is written; a
/// name inside an address, a negation or an expression, or in a source position, is read.
pub fn name_accesses(analysis: &PtxAnalysis, text: &str) -> Vec<NameAccess> {
    fn walk(block: &Block, text: &str, out: &mut Vec<NameAccess>) {
        for statement in &block.statements {
            match statement {
                Statement::Block(inner) => walk(inner, text, out),
                Statement::Instruction(instruction) => instruction_accesses(instruction, text, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for item in &analysis.module.items {
        if let Item::Function(function) = item {
            if let Some(body) = &function.body {
                walk(body, text, &mut out);
            }
        }
    }
    out
}

/// Per operand position, whether the instruction's forms make it a destination; `None` where
/// no form matches exactly with this many operands or the forms that do disagree.
fn destination_positions(instruction: &Instruction, text: &str) -> Option<Vec<bool>> {
    if instruction.operands_incomplete {
        return None;
    }
    let opcode_text = text.get(instruction.opcode.start..instruction.opcode.end)?;
    let opcode = Opcode::split(opcode_text, instruction.opcode.start);
    let entries: Vec<_> = candidate_entries(&opcode)
        .into_iter()
        .filter(|e| e.has_forms())
        .collect();
    let count = instruction.operands.len();
    let mut agreed: Option<Vec<bool>> = None;
    for found in match_forms(&entries, &opcode.modifier_texts()) {
        let (least, most) = operand_count_range(&found);
        if !found.is_exact() || count < least || count > most {
            continue;
        }
        let positions: Vec<bool> = found
            .form
            .operands
            .iter()
            .take(count)
            .map(|o| o.is_destination)
            .collect();
        match &agreed {
            Some(previous) if *previous != positions => return None,
            _ => agreed = Some(positions),
        }
    }
    agreed
}

fn instruction_accesses(instruction: &Instruction, text: &str, out: &mut Vec<NameAccess>) {
    let positions = destination_positions(instruction, text);
    for (i, operand) in instruction.operands.iter().enumerate() {
        let access = match positions.as_ref().and_then(|p| p.get(i)) {
            Some(true) => Access::Written,
            Some(false) => Access::Read,
            None => Access::Unknown,
        };
        operand_accesses(operand, access, out);
    }
}

/// The names of `operand`, at `access` where it names the register itself.
fn operand_accesses(operand: &Operand, access: Access, out: &mut Vec<NameAccess>) {
    // What the instruction does with a register it only reads from (an address's base).
    let read = if access == Access::Unknown {
        Access::Unknown
    } else {
        Access::Read
    };
    match &operand.kind {
        OperandKind::Name => out.push(NameAccess {
            range: operand.range,
            access,
        }),
        OperandKind::Vector(inner) | OperandKind::List(inner) => {
            inner.iter().for_each(|o| operand_accesses(o, access, out))
        }
        OperandKind::PredicatePair { first, second } => {
            operand_accesses(first, access, out);
            operand_accesses(second, access, out);
        }
        OperandKind::Negated(inner) => operand_accesses(inner, read, out),
        OperandKind::Component { register } => out.push(NameAccess {
            range: *register,
            access,
        }),
        OperandKind::Address { names, .. } | OperandKind::Expression { names } => {
            out.extend(names.iter().map(|&range| NameAccess {
                range,
                access: read,
            }))
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::header::Overrides;

    /// The accesses of the names in `body` (a function body), as `name:R`/`name:W`/`name:?`.
    fn accesses(body: &str) -> Vec<String> {
        let text = format!(".version 8.0\n.target sm_90\n.address_size 64\n.func f()\n{{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .pred %p<3>;\n.reg .f32 %f<5>;\n{body}\n}}\n");
        let analysis = crate::analyze(&text, &Overrides::default(), false);
        name_accesses(&analysis, &text)
            .into_iter()
            .map(|a| {
                let mark = match a.access {
                    Access::Read => "R",
                    Access::Written => "W",
                    Access::Unknown => "?",
                };
                format!("{}:{mark}", &text[a.range.start..a.range.end])
            })
            .collect()
    }

    #[test]
    fn destinations_come_from_the_form() {
        assert_eq!(
            accesses("add.u32 %r1, %r2, %r3;"),
            ["%r1:W", "%r2:R", "%r3:R"]
        );
        // A store writes memory, not its address register or its value.
        assert_eq!(accesses("st.global.u32 [%rd1], %r1;"), ["%rd1:R", "%r1:R"]);
        assert_eq!(
            accesses("red.global.add.u32 [%rd1], %r1;"),
            ["%rd1:R", "%r1:R"]
        );
        assert_eq!(
            accesses("atom.global.add.u32 %r1, [%rd1+4], %r2;"),
            ["%r1:W", "%rd1:R", "%r2:R"]
        );
        assert_eq!(
            accesses("ld.global.v2.u32 {%r1, %r2}, [%rd1];"),
            ["%r1:W", "%r2:W", "%rd1:R"]
        );
        assert_eq!(
            accesses("setp.lt.u32 %p1|%p2, %r1, %r2;"),
            ["%p1:W", "%p2:W", "%r1:R", "%r2:R"]
        );
        assert_eq!(
            accesses("mov.b64 {%r1, %r2}, %rd1;"),
            ["%r1:W", "%r2:W", "%rd1:R"]
        );
    }

    #[test]
    fn instructions_without_an_exact_form_are_unknown() {
        assert_eq!(accesses("movv.u32 %r1, %r2;"), ["%r1:?", "%r2:?"]);
        assert_eq!(accesses("add.u32 %r1, %r2;"), ["%r1:?", "%r2:?"]);
    }
}
