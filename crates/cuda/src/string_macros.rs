//! Object-like macros whose body is string literals (`#define SCRATCH ".reg .b32 t;\n\t"`),
//! defined once in the file: a template piece that names one is read as those literals, so the
//! statement is not partial. Anything else (function-like macros, several definitions, a body
//! with other tokens) stays a gap.

use speclint_base::text::TextRange;

/// The literals of the body of the macro `name`, where the file defines it once as literals only.
pub fn literals(text: &str, name: &str) -> Option<Vec<TextRange>> {
    let identifier = name.chars().next()?.is_ascii_alphabetic() || name.starts_with('_');
    if !identifier || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let mut found = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let Some(rest) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let Some(rest) = rest.trim_start().strip_prefix("define") else {
            continue;
        };
        let Some(after) = rest.trim_start().strip_prefix(name) else {
            continue;
        };
        if !after.starts_with([' ', '\t']) {
            // `NAMEX` or `NAME(x)`: not this object-like macro.
            continue;
        }
        if found.is_some() {
            return None;
        }
        let body_at = start + (line.len() - after.len());
        found = Some(body(text, body_at)?);
    }
    found
}

/// The string literals from `at` to the end of the line (line continuations included), or
/// `None` if anything else is there.
fn body(text: &str, mut at: usize) -> Option<Vec<TextRange>> {
    let bytes = text.as_bytes();
    let mut literals = Vec::new();
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
                literals.push(TextRange::new(start, at));
            }
            Some(_) => return None,
        }
    }
    (!literals.is_empty()).then_some(literals)
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
}
