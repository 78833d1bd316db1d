//! Fixtures with markers, texlab style: `$0` is the cursor, `«…»` marks the ranges a request
//! must return (edits, highlights). The markers are removed from the text sent to the server.

/// A fixture's text without markers, the cursor's byte offset and the marked byte ranges.
pub struct Marked {
    pub text: String,
    pub cursor: usize,
    pub ranges: Vec<(usize, usize)>,
}

impl Marked {
    pub fn parse(fixture: &str) -> Marked {
        let mut text = String::with_capacity(fixture.len());
        let mut cursor = None;
        let mut open = None;
        let mut ranges = Vec::new();
        let mut rest = fixture;
        while let Some(c) = rest.chars().next() {
            if let Some(after) = rest.strip_prefix("$0") {
                assert!(cursor.is_none(), "two cursors in {fixture:?}");
                cursor = Some(text.len());
                rest = after;
                continue;
            }
            match c {
                '«' => {
                    assert!(open.is_none(), "nested « in {fixture:?}");
                    open = Some(text.len());
                }
                '»' => ranges.push((open.take().expect("» without «"), text.len())),
                _ => text.push(c),
            }
            rest = &rest[c.len_utf8()..];
        }
        assert!(open.is_none(), "unclosed « in {fixture:?}");
        ranges.sort();
        Marked {
            text,
            cursor: cursor.expect("a $0 cursor"),
            ranges,
        }
    }
}
