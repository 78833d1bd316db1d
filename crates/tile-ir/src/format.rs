//! MLIR declarative assembly formats, as recorded in the spec-db for each op, read into
//! elements once per op (`op_plan`); `bind` then matches an op's tokens against them to find
//! which token is which operand, attribute and type.

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// `` `,` ``, `` `flush_to_zero` ``
    Literal(String),
    /// `$name`: an operand, attribute, result or region of the op
    Var(String),
    /// `type($name)`
    TypeOf(String),
    /// `custom<Name>(args…)`
    Custom(String, Vec<Element>),
    /// `( … )?`
    Optional(Vec<Element>),
    /// `attr-dict` (`{…}`), `attr-dict-with-keyword` (`attributes {…}`)
    AttrDict { keyword: bool },
    /// `oilist(`kw` $a | `kw2` $b)`: keyword groups in any order, each optional
    Oilist(Vec<Vec<Element>>),
}

/// The elements of `format` (`op_plan` keeps them, parsed once per op).
pub fn parse_format(format: &str) -> Vec<Element> {
    let tokens = format_tokens(format);
    let mut at = 0;
    sequence(&tokens, &mut at)
}

#[derive(Debug, PartialEq, Eq)]
enum FTok {
    Literal(String),
    Var(String),
    Word(String),
    Open,
    Close,
    Question,
    Caret,
    Comma,
    Lt,
    Gt,
    Colon,
}

fn format_tokens(format: &str) -> Vec<FTok> {
    let chars: Vec<char> = format.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '`' => {
                let end = chars[i + 1..]
                    .iter()
                    .position(|&c| c == '`')
                    .map_or(chars.len(), |p| i + 1 + p);
                let literal: String = chars[i + 1..end].iter().collect();
                if !literal.trim().is_empty() {
                    out.push(FTok::Literal(literal));
                }
                i = end + 1;
            }
            '$' => {
                let end = chars[i + 1..]
                    .iter()
                    .position(|c| !(c.is_alphanumeric() || *c == '_'))
                    .map_or(chars.len(), |p| i + 1 + p);
                out.push(FTok::Var(chars[i + 1..end].iter().collect()));
                i = end;
            }
            '(' => {
                out.push(FTok::Open);
                i += 1;
            }
            ')' => {
                out.push(FTok::Close);
                i += 1;
            }
            '?' => {
                out.push(FTok::Question);
                i += 1;
            }
            '^' => {
                out.push(FTok::Caret);
                i += 1;
            }
            ',' => {
                out.push(FTok::Comma);
                i += 1;
            }
            '<' => {
                out.push(FTok::Lt);
                i += 1;
            }
            '>' => {
                out.push(FTok::Gt);
                i += 1;
            }
            ':' => {
                out.push(FTok::Colon);
                i += 1;
            }
            _ if c.is_alphanumeric() || c == '_' || c == '-' => {
                let end = chars[i..]
                    .iter()
                    .position(|c| !(c.is_alphanumeric() || *c == '_' || *c == '-'))
                    .map_or(chars.len(), |p| i + p);
                out.push(FTok::Word(chars[i..end].iter().collect()));
                i = end;
            }
            _ => i += 1,
        }
    }
    out
}

fn sequence(tokens: &[FTok], at: &mut usize) -> Vec<Element> {
    let mut out = Vec::new();
    while *at < tokens.len() {
        match &tokens[*at] {
            FTok::Close => break,
            FTok::Literal(l) => {
                out.push(Element::Literal(l.clone()));
                *at += 1;
            }
            FTok::Var(v) => {
                out.push(Element::Var(v.clone()));
                *at += 1;
            }
            FTok::Caret | FTok::Comma | FTok::Question | FTok::Lt | FTok::Gt | FTok::Colon => {
                *at += 1
            }
            FTok::Open => {
                *at += 1;
                let inner = sequence(tokens, at);
                *at += 1; // `)`
                if tokens.get(*at) == Some(&FTok::Question) {
                    *at += 1;
                    // `( … )? : ( … )` else-groups do not occur in cuda_tile formats.
                }
                out.push(Element::Optional(inner));
            }
            FTok::Word(w) => {
                *at += 1;
                match w.as_str() {
                    "attr-dict" => out.push(Element::AttrDict { keyword: false }),
                    "attr-dict-with-keyword" => out.push(Element::AttrDict { keyword: true }),
                    "oilist" => {
                        if tokens.get(*at) == Some(&FTok::Open) {
                            *at += 1;
                            let inner = sequence(tokens, at);
                            *at += 1;
                            let mut groups: Vec<Vec<Element>> = Vec::new();
                            for element in inner {
                                match (&element, groups.last_mut()) {
                                    (Element::Literal(_), _) | (_, None) => {
                                        groups.push(vec![element])
                                    }
                                    (_, Some(group)) => group.push(element),
                                }
                            }
                            out.push(Element::Oilist(groups));
                        }
                    }
                    "type" | "qualified" => {
                        if tokens.get(*at) == Some(&FTok::Open) {
                            *at += 1;
                            let inner = sequence(tokens, at);
                            *at += 1;
                            for element in inner {
                                match element {
                                    Element::Var(v) if w == "type" => out.push(Element::TypeOf(v)),
                                    other => out.push(other),
                                }
                            }
                        }
                    }
                    "custom" => {
                        let mut name = String::new();
                        if tokens.get(*at) == Some(&FTok::Lt) {
                            if let Some(FTok::Word(n)) = tokens.get(*at + 1) {
                                name = n.clone();
                            }
                            *at += 3;
                        }
                        let mut args = Vec::new();
                        if tokens.get(*at) == Some(&FTok::Open) {
                            *at += 1;
                            args = sequence(tokens, at);
                            *at += 1;
                        }
                        out.push(Element::Custom(name, args));
                    }
                    _ => {}
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addf_format() {
        let elements = parse_format("$lhs `,` $rhs custom<IEEERoundingMode>($rounding_mode) (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CudaTileType>(type($result))");
        assert_eq!(
            elements,
            vec![
                Element::Var("lhs".into()),
                Element::Literal(",".into()),
                Element::Var("rhs".into()),
                Element::Custom(
                    "IEEERoundingMode".into(),
                    vec![Element::Var("rounding_mode".into())]
                ),
                Element::Optional(vec![
                    Element::Literal("flush_to_zero".into()),
                    Element::Var("flush_to_zero".into())
                ]),
                Element::AttrDict { keyword: false },
                Element::Literal(":".into()),
                Element::Custom(
                    "CudaTileType".into(),
                    vec![Element::TypeOf("result".into())]
                ),
            ]
        );
    }
}
