//! Small readers of op text: brackets, `<value> : type` pairs, quoted strings.

/// Drops a trailing `{…}` argument attribute dictionary from a type.
pub(super) fn strip_attr_dict(ty: &str) -> &str {
    match ty.find('{') {
        Some(at) => ty[..at].trim(),
        None => ty.trim(),
    }
}

/// The index of the bracket closing the one at `open`.
pub(super) fn matching(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in text[open..].char_indices() {
        match c {
            '(' | '[' | '<' | '{' => depth += 1,
            ')' | ']' | '>' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// `<elem: literal> : type` -> both parts.
pub(super) fn split_value_and_type(text: &str) -> Option<(&str, &str)> {
    let open = text.find('<')?;
    let close = matching(text, open)?;
    let ty = text[close + 1..].trim().strip_prefix(':')?.trim();
    Some((&text[open..=close], strip_attr_dict(ty)))
}

/// A quoted MLIR string: `\XX` hex escapes, `\\`, `\"`, `\n`, `\t`.
pub(super) fn unescape(text: &str) -> Option<Vec<u8>> {
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    let bytes = inner.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let next = *bytes.get(i + 1)?;
        match next {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'\\' | b'"' => out.push(next),
            _ => {
                let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
                continue;
            }
        }
        i += 2;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_and_pairs() {
        assert_eq!(unescape(r#""a\0Ab\n\"\\""#).unwrap(), b"a\nb\n\"\\");
        assert_eq!(unescape(r#""\0""#), None);
        assert_eq!(
            split_value_and_type("<f32: [1.0, 2.0]> : tile<2xf32>"),
            Some(("<f32: [1.0, 2.0]>", "tile<2xf32>"))
        );
        assert_eq!(matching("a(b<c>)d", 1), Some(6));
        assert_eq!(strip_attr_dict("tile<f32> {x = 1}"), "tile<f32>");
    }
}
