//! Signature help for PTX: while the operands of an instruction are typed, the forms of the
//! spec-db that fit the opcode and modifiers written so far, each with its operand list and
//! each operand's expected type (from the modifiers chosen: `add.s32` wants `.s32` operands),
//! and the operand under the cursor, counted by top-level commas.
//!
//! The statement is read back from the text rather than the syntax tree, which an
//! instruction being typed has not settled into yet.

use super::opcode::{candidate_entries, match_forms, FormMatch, Opcode};
use super::operand_types::{expected, Expectation};
use speclint_base::signature::{operand_index, LabelBuilder, Signature, SignatureHelp};
use speclint_spec_db::OperandShape;

/// How far back the statement under the cursor is looked for.
const WINDOW: usize = 4096;
/// At most this many forms are offered.
const MAX_SIGNATURES: usize = 8;

pub fn signature_help(text: &str, offset: usize) -> Option<SignatureHelp> {
    let (opcode, operands) = statement_at(text, offset)?;
    let opcode = Opcode::split(&opcode, 0);
    let entries = candidate_entries(&opcode);
    let modifiers = opcode.modifier_texts();
    let matches = match_forms(&entries, &modifiers);
    // The forms every modifier written so far fits (modifiers still to come are fine);
    // failing that, the nearest.
    let fitting: Vec<&FormMatch> = matches
        .iter()
        .filter(|m| m.unplaced().count() == 0)
        .collect();
    let chosen = if fitting.is_empty() {
        let best = matches.first()?.distance();
        matches.iter().filter(|m| m.distance() == best).collect()
    } else {
        fitting
    };
    let active = operand_index(&operands);
    let mut signatures: Vec<Signature> = Vec::new();
    for found in chosen {
        let signature = signature(text_of(&opcode), found, &modifiers, active);
        if !signatures.iter().any(|s| s.label == signature.label) {
            signatures.push(signature);
        }
        if signatures.len() == MAX_SIGNATURES {
            break;
        }
    }
    // Forms with room for the operand under the cursor first (stable: best match first).
    signatures.sort_by_key(|s| s.active_parameter.is_none());
    Some(SignatureHelp {
        signatures,
        active_parameter: active,
    })
}

fn text_of(opcode: &Opcode) -> String {
    let mut text = opcode.head.to_string();
    for (modifier, _) in &opcode.modifiers {
        text.push_str(modifier);
    }
    text
}

fn signature(opcode: String, found: &FormMatch, modifiers: &[&str], active: usize) -> Signature {
    let expectations = expected(found, modifiers);
    let mut label = LabelBuilder::default();
    label.text(&opcode);
    for (i, operand) in found.form.operands.iter().enumerate() {
        label.text(if i == 0 { " " } else { ", " });
        let shown = match operand.shape {
            OperandShape::Address => format!("[{}]", operand.name),
            OperandShape::PredicatePair => format!("{}[|q]", operand.name),
            OperandShape::Vector if !operand.name.starts_with('{') => {
                format!("{{{}}}", operand.name)
            }
            _ => operand.name.to_string(),
        };
        let shown = if operand.optional {
            format!("{shown}?")
        } else {
            shown
        };
        let expectation = expectations.get(i).cloned().unwrap_or_default();
        label.parameter(&shown, describe(operand.optional, &expectation));
    }
    let syntax = found.form.syntax.trim();
    label.finish(format!("```ptx\n{syntax}\n```"), active)
}

/// "destination · `.s32`", "source · address in `.global`", "source · `.f32` vector of 4".
fn describe(optional: bool, expectation: &Expectation) -> String {
    let mut parts = vec![if expectation.destination {
        "destination"
    } else {
        "source"
    }
    .to_string()];
    if optional {
        parts.push("optional".to_string());
    }
    match &expectation.ty {
        Some(ty) => parts.push(format!("`{ty}`")),
        None if expectation.space.is_none() => {
            parts.push("type not fixed by the modifiers yet".to_string())
        }
        None => {}
    }
    if let Some(lengths) = &expectation.lengths {
        let lengths: Vec<String> = lengths.iter().map(usize::to_string).collect();
        parts.push(format!("vector of {}", lengths.join(" or ")));
    }
    match expectation.space.as_deref() {
        Some("") => parts.push("generic address".to_string()),
        Some(space) => parts.push(format!("address in `{space}`")),
        None => {}
    }
    parts.join(" · ")
}

/// The opcode and the operands typed up to `offset` of the instruction the cursor is in, when
/// it is past the opcode.
fn statement_at(text: &str, offset: usize) -> Option<(String, String)> {
    let mut start = offset.saturating_sub(WINDOW).min(text.len());
    while !text.is_char_boundary(start) {
        start += 1;
    }
    let before = text.get(start..offset)?;
    // In a comment on the cursor's line: nothing.
    if before[before.rfind('\n').map_or(0, |i| i + 1)..].contains("//") {
        return None;
    }
    // Comments out (a `;` in one ends nothing), then the statement after the last `;`.
    let code: String = before
        .split_inclusive('\n')
        .map(|line| match line.find("//") {
            Some(comment) => &line[..comment],
            None => line,
        })
        .collect();
    let mut rest = &code[code.rfind(';').map_or(0, |i| i + 1)..];
    // Skip whitespace, block braces, labels and a guard predicate.
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix(['{', '}']) {
            rest = after;
        } else if rest.starts_with('@') {
            rest = &rest[rest.find(char::is_whitespace)?..];
        } else if let Some(colon) = label_end(rest) {
            rest = &rest[colon + 1..];
        } else {
            break;
        }
    }
    if rest.starts_with('.') {
        return None; // A directive.
    }
    let end = rest.find(char::is_whitespace)?;
    let (opcode, operands) = rest.split_at(end);
    (!opcode.is_empty()).then(|| (opcode.to_string(), operands.to_string()))
}

/// `name:` at the start of `text`: the colon's position.
fn label_end(text: &str) -> Option<usize> {
    let end =
        text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '%'))?;
    (end > 0 && text[end..].starts_with(':')).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_is_read_past_labels_guards_and_braces() {
        let found = |text: &str| statement_at(text, text.len());
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(
            found("{\n$L0: @!%p1 add.s32 %r1, %r2"),
            pair("add.s32", " %r1, %r2")
        );
        // A `;` in a comment ends no statement.
        assert_eq!(
            found("ret;\n// a; b\n  mul.lo.s32 %r1, "),
            pair("mul.lo.s32", " %r1, ")
        );
        assert_eq!(found("mov.u32 %r1, 0; // set\n  ld.global"), None);
        assert_eq!(found(".reg .b32 %r<4>"), None);
        assert_eq!(found("add.s32 %r1, %r2; // add.s32 %r"), None);
    }
}
