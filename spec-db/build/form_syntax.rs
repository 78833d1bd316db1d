//! Parses an instruction form written in the spec's notation (`rcp.rnd{.ftz}.f32 d, a`) into
//! modifier slots and operands.

use std::collections::BTreeMap;

/// Fundamental and packed PTX types (section 5.2): a slot made only of these is a type slot.
pub const PTX_TYPES: &[&str] = &[
    ".b8", ".b16", ".b32", ".b64", ".b128", ".s8", ".s16", ".s32", ".s64", ".u8", ".u16", ".u32",
    ".u64", ".f16", ".f16x2", ".bf16", ".bf16x2", ".tf32", ".f32", ".f64", ".f32x2", ".pred",
    ".s16x2", ".u16x2", ".e4m3", ".e5m2", ".e4m3x2", ".e5m2x2", ".e2m1", ".e2m3", ".e3m2",
    ".e2m1x2", ".e2m3x2", ".e3m2x2", ".ue8m0", ".ue8m0x2", ".e4m3x4", ".e5m2x4", ".e2m1x4",
    ".e2m3x4", ".e3m2x4", ".s8x4", ".u8x4", ".b4", ".s4", ".u4", ".b1", ".ue5m3x2", ".s2f6x2",
];

pub fn is_type(token: &str) -> bool {
    PTX_TYPES.contains(&token)
}

#[derive(Debug)]
pub struct Slot {
    pub name: String,
    pub alternatives: Vec<String>,
    pub optional: bool,
    pub is_type: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Value,
    Address,
    Vector,
    /// `p{|q}` / `p[|q]`: the second part optional.
    PredicatePair,
    /// `d|p`: both parts required.
    Pair,
}

#[derive(Debug)]
pub struct Operand {
    pub name: String,
    pub shape: Shape,
    pub optional: bool,
}

#[derive(Debug)]
pub struct Form {
    /// The first opcode segment (`rcp`, `add` for `add.cc…`).
    pub head: String,
    pub slots: Vec<Slot>,
    pub operands: Vec<Operand>,
}

pub fn parse(syntax: &str, values: &BTreeMap<String, Vec<String>>) -> Result<Form, String> {
    let syntax = syntax.trim().trim_end_matches(';').trim();
    let (head_text, operand_text) = match syntax.find(char::is_whitespace) {
        Some(at) => (&syntax[..at], syntax[at..].trim()),
        None => (syntax, ""),
    };
    let head_end = head_text.find(['.', '{']).unwrap_or(head_text.len());
    let head = &head_text[..head_end];
    if head.is_empty() || !head.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("form `{syntax}`: the opcode must come first"));
    }
    let slots =
        parse_slots(&head_text[head_end..], values).map_err(|e| format!("form `{syntax}`: {e}"))?;
    let operands = parse_operands(operand_text).map_err(|e| format!("form `{syntax}`: {e}"))?;
    Ok(Form {
        head: head.to_string(),
        slots,
        operands,
    })
}

fn parse_slots(
    mut text: &str,
    values: &BTreeMap<String, Vec<String>>,
) -> Result<Vec<Slot>, String> {
    let mut slots = Vec::new();
    while !text.is_empty() {
        if let Some(rest) = text.strip_prefix('{') {
            let close = rest.find('}').ok_or("unclosed `{` in the modifiers")?;
            let inner = &rest[..close];
            text = &rest[close + 1..];
            // `{.a,.b}` / `{.a|.b}` is one optional choice; `{.xorsign.abs}` two optional tokens.
            if inner.contains([',', '|']) {
                let alternatives: Vec<String> = inner
                    .split([',', '|'])
                    .map(|s| s.trim().to_string())
                    .collect();
                slots.push(slot_of(inner, alternatives, true)?);
            } else {
                for token in split_tokens(inner)? {
                    slots.push(resolve(&token, values, true)?);
                }
            }
        } else {
            let end = text[1..].find(['.', '{']).map_or(text.len(), |i| i + 1);
            let token = &text[..end];
            text = &text[end..];
            slots.push(resolve(token, values, false)?);
        }
    }
    Ok(slots)
}

fn split_tokens(text: &str) -> Result<Vec<String>, String> {
    if !text.starts_with('.') {
        return Err(format!("modifier `{text}` must start with `.`"));
    }
    Ok(text[1..].split('.').map(|s| format!(".{s}")).collect())
}

fn resolve(
    token: &str,
    values: &BTreeMap<String, Vec<String>>,
    optional: bool,
) -> Result<Slot, String> {
    if !token.starts_with('.') || token.len() < 2 {
        return Err(format!("modifier `{token}` must start with `.`"));
    }
    match values.get(token) {
        Some(set) => slot_of(token, set.clone(), optional),
        None => slot_of(token, vec![token.to_string()], optional),
    }
}

fn slot_of(name: &str, alternatives: Vec<String>, optional: bool) -> Result<Slot, String> {
    for alt in &alternatives {
        if !alt.starts_with('.') || alt.len() < 2 || alt[1..].contains('.') {
            return Err(format!(
                "`{alt}` in `{name}` must be one `.modifier` (split multi-token modifiers into slots)"
            ));
        }
    }
    let is_type = alternatives.iter().all(|a| is_type(a));
    Ok(Slot {
        name: name.to_string(),
        alternatives,
        optional,
        is_type,
    })
}

fn parse_operands(text: &str) -> Result<Vec<Operand>, String> {
    let mut operands = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut optional_depth = false;
    while let Some(&(at, c)) = chars.peek() {
        match c {
            ' ' | '\t' | ',' => {
                chars.next();
            }
            '}' if optional_depth => {
                optional_depth = false;
                chars.next();
            }
            '{' => {
                // `{, c}` opens an optional trailing operand; `{d1, d2}` is a vector.
                let rest = text[at + 1..].trim_start();
                if rest.starts_with(',') {
                    optional_depth = true;
                    chars.next();
                    continue;
                }
                let close = text[at..].find('}').ok_or("unclosed `{` in the operands")? + at;
                operands.push(Operand {
                    name: text[at + 1..close].trim().to_string(),
                    shape: Shape::Vector,
                    optional: optional_depth,
                });
                while chars.peek().is_some_and(|&(i, _)| i <= close) {
                    chars.next();
                }
            }
            '[' => {
                let close = text[at..].find(']').ok_or("unclosed `[` in the operands")? + at;
                operands.push(Operand {
                    name: text[at + 1..close].trim().to_string(),
                    shape: Shape::Address,
                    optional: optional_depth,
                });
                while chars.peek().is_some_and(|&(i, _)| i <= close) {
                    chars.next();
                }
            }
            c if c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '!' => {
                let end = text[at..]
                    .find(|c: char| c == ',' || c.is_whitespace() || (c == '}' && optional_depth))
                    .map_or(text.len(), |i| i + at);
                let word = &text[at..end];
                let mut opens_optional = false;
                // `p|q`: a required pair; `p{|q}` / `p[|q]`: the second optional. A `{` that
                // opens anything else (`b{, c}`) starts an optional operand instead.
                let (name, shape) = if let Some(at) = word.find("{|").or_else(|| word.find("[|")) {
                    (&word[..at], Shape::PredicatePair)
                } else if let Some(bar) = word.find('|') {
                    (&word[..bar], Shape::Pair)
                } else if let Some(brace) = word.find('{') {
                    opens_optional = true;
                    (&word[..brace], Shape::Value)
                } else {
                    (word, Shape::Value)
                };
                operands.push(Operand {
                    name: name.trim_start_matches(['-', '!']).to_string(),
                    shape,
                    optional: optional_depth,
                });
                while chars.peek().is_some_and(|&(i, _)| i < end) {
                    chars.next();
                }
                optional_depth |= opens_optional;
            }
            other => return Err(format!("unexpected `{other}` in the operands `{text}`")),
        }
    }
    Ok(operands)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> BTreeMap<String, Vec<String>> {
        let mut v = BTreeMap::new();
        v.insert(".rnd".into(), vec![".rn".into(), ".rz".into()]);
        v.insert(".type".into(), vec![".u32".into(), ".s32".into()]);
        v
    }

    #[test]
    fn slots_and_operands() {
        let f = parse("rcp.rnd{.ftz}.f32  d, a;", &values()).unwrap();
        assert_eq!(f.head, "rcp");
        let names: Vec<_> = f
            .slots
            .iter()
            .map(|s| (s.name.as_str(), s.optional, s.is_type))
            .collect();
        assert_eq!(
            names,
            [
                (".rnd", false, false),
                (".ftz", true, false),
                (".f32", false, true)
            ]
        );
        assert_eq!(f.operands.len(), 2);
        // A slot named after a value list takes that list's values as its alternatives.
        assert_eq!(f.slots[0].alternatives, [".rn", ".rz"]);
    }

    #[test]
    fn an_optional_operand_may_follow_without_a_space() {
        let f = parse("red.add.u32 [a], b{, cache-policy}", &values()).unwrap();
        let shapes: Vec<_> = f
            .operands
            .iter()
            .map(|o| (o.name.as_str(), o.shape, o.optional))
            .collect();
        assert_eq!(
            shapes,
            [
                ("a", Shape::Address, false),
                ("b", Shape::Value, false),
                ("cache-policy", Shape::Value, true)
            ]
        );
        let pair = parse("elect.sync d|p, m", &values()).unwrap();
        assert_eq!(pair.operands[0].shape, Shape::Pair);
    }

    #[test]
    fn predicate_pairs_vectors_and_optional_operands() {
        let f = parse("setp.type p{|q}, [a], {b1, b2}{, c}", &values()).unwrap();
        let shapes: Vec<_> = f
            .operands
            .iter()
            .map(|o| (o.name.as_str(), o.shape, o.optional))
            .collect();
        assert_eq!(
            shapes,
            [
                ("p", Shape::PredicatePair, false),
                ("a", Shape::Address, false),
                ("b1, b2", Shape::Vector, false),
                ("c", Shape::Value, true)
            ]
        );
    }
}
