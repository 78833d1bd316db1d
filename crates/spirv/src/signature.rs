//! Signature help for SPIR-V assembly: while the operands of an instruction are typed, its
//! operand list from the grammar (the result id, written before `=`, left out), each operand
//! with its kind, and the operand under the cursor, counted in words (a quoted string is one
//! word; the words of a `*` operand all count as it).

use speclint_base::signature::{LabelBuilder, SignatureHelp};
use speclint_spec_db::spirv::grammar::{self, Category, Quantifier};

pub fn signature_help(text: &str, offset: usize) -> Option<SignatureHelp> {
    let line_start = speclint_base::text::line_start_of(text, offset);
    let line = text.get(line_start..offset)?;
    if line.contains(';') {
        return None; // In a comment.
    }
    let rest = line.trim_start();
    // `%id = ` before the opcode.
    let rest = match rest.split_once('=') {
        Some((id, after)) if id.trim_start().starts_with('%') => after.trim_start(),
        _ => rest,
    };
    let end = rest.find(char::is_whitespace)?;
    let (opcode, operands) = rest.split_at(end);
    let instruction = grammar::instruction(opcode)?;
    let words = words(operands);
    // On a word being typed, that word; after a space, the next one.
    let typed = if operands.ends_with(char::is_whitespace) {
        words
    } else {
        words.saturating_sub(1)
    };
    let mut label = LabelBuilder::default();
    label.text(opcode);
    let mut many = None;
    for operand in instruction.operands {
        let kind = operand.kind.get();
        if kind.name == "IdResult" {
            continue;
        }
        // `'Operand 1'` → `Operand1`; an unnamed result type → `ResultType`.
        let name: String = match operand.name.trim_matches('\'') {
            "" => kind
                .name
                .strip_prefix("Id")
                .unwrap_or(kind.name)
                .to_string(),
            named => named.chars().filter(|c| !c.is_whitespace()).collect(),
        };
        let shown = match (kind.category, operand.quantifier) {
            (Category::Id, Quantifier::One) => format!("%{name}"),
            (Category::Id, Quantifier::Optional) => format!("%{name}?"),
            (Category::Id, Quantifier::Many) => format!("%{name}…"),
            (_, Quantifier::One) => name.to_string(),
            (_, Quantifier::Optional) => format!("{name}?"),
            (_, Quantifier::Many) => format!("{name}…"),
        };
        let what = match kind.category {
            Category::Id => "an id",
            Category::Literal => "a literal",
            Category::BitEnum => "flags combined with `|`",
            Category::ValueEnum => "an enumerant",
            Category::Composite => "a pair",
        };
        let mut documentation = format!("`{}`: {what}", kind.name);
        match operand.quantifier {
            Quantifier::Optional => documentation.push_str(", optional"),
            Quantifier::Many => documentation.push_str(", any number"),
            Quantifier::One => {}
        }
        if operand.quantifier == Quantifier::Many {
            many = Some(label.parameters.len());
        }
        label.text(" ").parameter(&shown, documentation);
    }
    // The words of a trailing `*` operand are all that operand.
    let active = match many {
        Some(index) if typed >= index => index,
        _ => typed,
    };
    let class = instruction.class;
    let signature = label.finish(format!("{class} instruction `{opcode}`"), active);
    Some(SignatureHelp {
        signatures: vec![signature],
        active_parameter: active,
    })
}

/// How many words `text` holds (a quoted string, spaces and all, is one).
fn words(text: &str) -> usize {
    let mut count = 0;
    let mut in_word = false;
    let mut in_string = false;
    let mut escaped = false;
    for c in text.chars() {
        if in_string {
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => escaped = false,
            }
            continue;
        }
        if c.is_whitespace() {
            in_word = false;
        } else if !in_word {
            in_word = true;
            count += 1;
            in_string = c == '"';
        } else if c == '"' {
            in_string = true;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_one_word() {
        assert_eq!(words(""), 0);
        assert_eq!(words(" %a %b "), 2);
        assert_eq!(words(" Kernel %k \"my kernel\" %x"), 4);
    }

    #[test]
    fn operands_come_from_the_grammar() {
        let text = "%sum = OpIAdd %uint %a ";
        let help = signature_help(text, text.len()).unwrap();
        let signature = &help.signatures[0];
        assert_eq!(signature.label, "OpIAdd %ResultType %Operand1 %Operand2");
        assert_eq!(help.active_parameter, 2);
        assert_eq!(signature.parameters[2].label, (29, 38));
    }
}
