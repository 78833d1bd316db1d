//! Macros whose body is string literals, defined once in the file: object-like
//! (`#define SCRATCH ".reg .b32 t;\n\t"`) or function-like with stringized parameters
//! (`#define ADD(ty) "add." #ty " %0, %1, %2;"`). A template piece that names one, or calls
//! one, is read as what the preprocessor makes of it, so the statement is not partial.
//! Anything else (several definitions, a body with other tokens, an argument with a string
//! in it) stays a gap.

use speclint_base::text::TextRange;

/// One piece of a macro's expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// A string literal of the macro's body.
    Literal(TextRange),
    /// A stringized argument (`#ty`): its text.
    Spelled(String),
}

/// What the template piece `written` expands to, with the macros `text` defines: a macro name
/// or a call of a function-like macro.
pub fn expand(text: &str, written: &str) -> Option<Vec<Part>> {
    let written = written.trim();
    let Some(open) = written.find('(') else {
        return Some(
            literals(text, written)?
                .into_iter()
                .map(Part::Literal)
                .collect(),
        );
    };
    let name = written[..open].trim_end();
    let arguments = written[open + 1..].strip_suffix(')')?;
    let (parameters, body_at) = definition(text, name)?;
    let mut found = Vec::new();
    let mut start = 0;
    let mut depth = 0;
    for (i, c) in arguments.char_indices().chain([(arguments.len(), ',')]) {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            '"' | '\'' => return None,
            ',' if depth == 0 => {
                let piece = &arguments[start..i];
                found.push(piece.trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if found == [""] {
        found.clear();
    }
    if found.len() != parameters.len() {
        return None;
    }
    let mut parts = Vec::new();
    for token in tokens(text, body_at)? {
        match token {
            Token::Literal(range) => parts.push(Part::Literal(range)),
            Token::Stringize(parameter) => {
                let index = parameters.iter().position(|p| *p == parameter)?;
                let argument = found[index];
                let spelled = argument.split_whitespace().collect::<Vec<_>>().join(" ");
                parts.push(Part::Spelled(spelled));
            }
        }
    }
    Some(parts)
}

/// The parameters of the one function-like definition of `name`, and where its body starts.
fn definition<'t>(text: &'t str, name: &str) -> Option<(Vec<&'t str>, usize)> {
    let mut found = None;
    for rest in defines(text) {
        let Some(after) = rest.strip_prefix(name) else {
            continue;
        };
        let Some(list) = after.strip_prefix('(') else {
            continue;
        };
        if found.is_some() {
            return None;
        }
        let close = list.find(')')?;
        let parameters: Vec<&str> = list[..close]
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        let valid = |p: &&str| {
            p.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        if !parameters.iter().all(valid) {
            return None;
        }
        let body_at = offset_of(text, &list[close + 1..]);
        found = Some((parameters, body_at));
    }
    found
}

/// Each `#define` line's text after `define` and white space.
fn defines(text: &str) -> impl Iterator<Item = &str> {
    text.split_inclusive('\n').filter_map(|line| {
        let rest = line.trim_start().strip_prefix('#')?;
        let rest = rest.trim_start().strip_prefix("define")?;
        rest.starts_with([' ', '\t']).then(|| rest.trim_start())
    })
}

/// Where `part`, a slice of `text`, starts in it.
fn offset_of(text: &str, part: &str) -> usize {
    part.as_ptr() as usize - text.as_ptr() as usize
}

/// The literals of the body of the macro `name`, where the file defines it once as literals only.
pub fn literals(text: &str, name: &str) -> Option<Vec<TextRange>> {
    let identifier = name.chars().next()?.is_ascii_alphabetic() || name.starts_with('_');
    if !identifier || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let mut found = None;
    for rest in defines(text) {
        let Some(after) = rest.strip_prefix(name) else {
            continue;
        };
        if !after.starts_with([' ', '\t']) {
            // `NAMEX` or `NAME(x)`: not this object-like macro.
            continue;
        }
        if found.is_some() {
            return None;
        }
        let body_at = offset_of(text, after);
        let body = tokens(text, body_at)?
            .into_iter()
            .map(|t| match t {
                Token::Literal(range) => Some(range),
                Token::Stringize(_) => None,
            })
            .collect::<Option<Vec<_>>>()?;
        found = Some(body);
    }
    found
}

enum Token<'t> {
    Literal(TextRange),
    Stringize(&'t str),
}

/// The string literals and `#parameter`s from `at` to the end of the line (line continuations
/// included), or `None` if anything else is there.
fn tokens(text: &str, mut at: usize) -> Option<Vec<Token<'_>>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    loop {
        match bytes.get(at) {
            None | Some(b'\n') => break,
            Some(b' ' | b'\t' | b'\r') => at += 1,
            Some(b'\\') if matches!(bytes.get(at + 1), Some(b'\n')) => at += 2,
            Some(b'"') => {
                let start = at;
                at += 1;
                while let Some(&b) = bytes.get(at) {
                    match b {
                        b'\\' => at += 2,
                        b'"' => break,
                        b'\n' => return None,
                        _ => at += 1,
                    }
                }
                bytes.get(at)?;
                at += 1;
                found.push(Token::Literal(TextRange::new(start, at)));
            }
            Some(b'#') if bytes.get(at + 1) != Some(&b'#') => {
                at += 1;
                while matches!(bytes.get(at), Some(b' ' | b'\t')) {
                    at += 1;
                }
                let start = at;
                while bytes
                    .get(at)
                    .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
                {
                    at += 1;
                }
                if at == start {
                    return None;
                }
                found.push(Token::Stringize(&text[start..at]));
            }
            Some(_) => return None,
        }
    }
    (!found.is_empty()).then_some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_bodies_are_read() {
        let text = "#define SCRATCH \".reg .b32 t;\\n\\t\" \\\n  \"mov.u32 t, 1;\"\n#define ADD(ty) \"add.\" #ty\n#define TWICE \"a\"\n#define TWICE \"b\"\n#define OTHER FOO \"x\"\n";
        let got: Vec<&str> = literals(text, "SCRATCH")
            .unwrap()
            .iter()
            .map(|r| &text[r.start..r.end])
            .collect();
        assert_eq!(got, ["\".reg .b32 t;\\n\\t\"", "\"mov.u32 t, 1;\""]);
        for name in ["ADD", "TWICE", "OTHER", "MISSING", "#ty"] {
            assert_eq!(literals(text, name), None, "{name}");
        }
    }

    #[test]
    fn calls_of_function_like_macros_are_expanded() {
        let text = "#define ADD(ty, op)  \"add.\" #ty \" %0, \" #op \";\"\n#define BAD(x) x \"a\"\nasm(ADD( u32 , %1 ) : );\n";
        let call = "ADD( u32 , %1 )";
        let parts = expand(text, call).unwrap();
        let shown: Vec<String> = parts
            .iter()
            .map(|p| match p {
                Part::Literal(r) => text[r.start..r.end].to_string(),
                Part::Spelled(s) => format!("#{s}"),
            })
            .collect();
        assert_eq!(shown, ["\"add.\"", "#u32", "\" %0, \"", "#%1", "\";\""]);
        for call in ["ADD(u32)", "ADD(\"x\", y)", "BAD(1)", "MISSING(1)"] {
            assert_eq!(expand(text, call), None, "{call}");
        }
    }
}
