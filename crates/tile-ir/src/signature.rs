//! Signature help for Tile IR: while an op's operands are typed, the op's assembly format
//! from the spec-db written out (`addf %lhs, %rhs (rounding<rounding_mode>)? … : type(result)`)
//! with its SSA operands as the parameters, and the operand under the cursor: the values
//! (`%x`) written after the op name, in order, a variadic operand taking all the rest.
//!
//! The op is read back from the cursor's line (ops are written one per line), since an op
//! being typed does not parse yet.

use super::format::{parse_format, Element};
use speclint_base::signature::{LabelBuilder, SignatureHelp};
use speclint_spec_db::tile_ir;
use speclint_spec_db::tile_ir_model::Op;

pub fn signature_help(text: &str, offset: usize) -> Option<SignatureHelp> {
    let offset = speclint_base::text::floor_char_boundary(text, offset.min(text.len()));
    let line = &text[speclint_base::text::line_start_of(text, offset)..offset];
    if line.contains("//") {
        return None;
    }
    let (name, operands) = op_at(line)?;
    let op = tile_ir::db().op(name.strip_prefix("cuda_tile.").unwrap_or(name))?;
    let mut pieces = Vec::new();
    render(op, &parse_format(&op.format), false, &mut pieces);
    let mut label = LabelBuilder::default();
    label.text(&op.name);
    let mut previous = op.name.as_str();
    let mut variadic = None;
    // For each `%value` the label shows, in order: its parameter (None: a value that is not
    // an operand, such as a loop's induction variable).
    let mut value_slots: Vec<Option<usize>> = Vec::new();
    for piece in &pieces {
        let word = match piece {
            Piece::Text(text) => text.as_str(),
            Piece::Operand(name) => name.as_str(),
        };
        let glued =
            matches!(word, "," | "]" | ")" | ">" | ")?") || matches!(previous, "[" | "(" | "<");
        if !glued {
            label.text(" ");
        }
        match piece {
            Piece::Text(text) => {
                if text.starts_with('%') {
                    value_slots.push(None);
                }
                label.text(text);
            }
            Piece::Operand(shown) => {
                let operand = op.operand.iter().find(|o| shown[1..] == o.name)?;
                if operand.arity == "variadic" {
                    variadic = Some(label.parameters.len());
                }
                let mut documentation = format!("`{}`", operand.constraint);
                if operand.arity != "single" {
                    documentation.push_str(&format!(" ({})", operand.arity));
                }
                if !operand.summary.is_empty() {
                    documentation.push_str(&format!(": {}", operand.summary.trim()));
                }
                value_slots.push(Some(label.parameters.len()));
                label.parameter(shown, documentation);
            }
        }
        previous = word;
    }
    let written = values_before(operands);
    let active = match value_slots.get(written) {
        Some(Some(parameter)) => *parameter,
        // Past the last value the format shows: a variadic operand takes the rest.
        None if variadic.is_some() && value_slots.last() == Some(&variadic) => {
            variadic.unwrap_or_default()
        }
        _ => label.parameters.len(),
    };
    let summary = op.summary.trim();
    let signature = label.finish(format!("`cuda_tile.{}`: {summary}", op.name), active);
    Some(SignatureHelp {
        signatures: vec![signature],
        active_parameter: active,
    })
}

enum Piece {
    Text(String),
    /// `%name` of an SSA operand.
    Operand(String),
}

/// The format's elements as words; inside `custom<…>(…)` regions are left out.
fn render(op: &Op, elements: &[Element], in_custom: bool, out: &mut Vec<Piece>) {
    for element in elements {
        match element {
            Element::Literal(text) => out.push(Piece::Text(text.trim_matches('`').to_string())),
            Element::Var(name) if op.operand.iter().any(|o| &o.name == name) => {
                out.push(Piece::Operand(format!("%{name}")));
            }
            Element::Var(name) if op.region.iter().any(|r| &r.name == name) => {
                if !in_custom {
                    out.push(Piece::Text("{…}".to_string()));
                }
            }
            Element::Var(name) => {
                let attribute = op.attribute.iter().find(|a| &a.name == name);
                match out.last() {
                    // `` `flush_to_zero` $flush_to_zero^ ``: the keyword says it.
                    Some(Piece::Text(keyword)) if keyword == name => {}
                    _ if attribute.is_some_and(|a| a.kind == "symbol") => {
                        out.push(Piece::Text(format!("@{name}")));
                    }
                    _ => out.push(Piece::Text(name.clone())),
                }
            }
            Element::TypeOf(name) => out.push(Piece::Text(format!("type({name})"))),
            Element::Custom(kind, _) if kind == "InductionVar" => {
                out.push(Piece::Text("%iv".to_string()));
            }
            Element::Custom(_, args) => render(op, args, true, out),
            Element::Optional(inner) => {
                out.push(Piece::Text("(".to_string()));
                render(op, inner, in_custom, out);
                out.push(Piece::Text(")?".to_string()));
            }
            Element::AttrDict { .. } => {}
            Element::Oilist(groups) => {
                for (i, group) in groups.iter().enumerate() {
                    out.push(Piece::Text(if i == 0 { "(" } else { "|" }.to_string()));
                    render(op, group, in_custom, out);
                }
                out.push(Piece::Text(")?".to_string()));
            }
        }
    }
}

/// The op name on `line` and what follows it, once the cursor is past the name: after
/// `%a, %b:2 = ` results, or at the start of the line.
fn op_at(line: &str) -> Option<(&str, &str)> {
    let mut rest = line.trim_start();
    if rest.starts_with('%') {
        let (results, after) = rest.split_once('=')?;
        let is_results = results
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b" %_$.-:,#\t".contains(&b));
        if !is_results {
            return None;
        }
        rest = after.trim_start();
    }
    let end = rest.find(char::is_whitespace)?;
    let name = &rest[..end];
    let is_name = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.');
    is_name.then(|| (name, &rest[end..]))
}

/// How many `%values` are written in `operands` before its end; one being typed at the end
/// is the operand under the cursor, not a finished one.
fn values_before(operands: &str) -> usize {
    let bytes = operands.as_bytes();
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            i += 1;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || b"_$.-#".contains(&bytes[i]))
            {
                i += 1;
            }
            // A value that runs to the end is still being typed.
            if i < bytes.len() {
                count += 1;
            }
        } else {
            i += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_op_is_found_after_its_results() {
        assert_eq!(op_at("    %s = addf %a, "), Some(("addf", " %a, ")));
        assert_eq!(
            op_at("  %x:2, %y = cuda_tile.for "),
            Some(("cuda_tile.for", " "))
        );
        assert_eq!(op_at("    %s = addf"), None);
        assert_eq!(
            op_at("  global @bias <f32"),
            Some(("global", " @bias <f32"))
        );
    }

    #[test]
    fn values_being_typed_are_not_counted() {
        assert_eq!(values_before(" "), 0);
        assert_eq!(values_before(" %a"), 0);
        assert_eq!(values_before(" %a, "), 1);
        assert_eq!(values_before(" %a, %b"), 1);
    }
}
