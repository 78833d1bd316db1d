//! The terms of an `assume` predicate that its checks (`assume`) and the rules' messages share:
//! an integer parameter as written, and the kinds of value a predicate applies to, in words.

use speclint_base::text::TextRange;

/// The kinds in words: "a tile of integers or a tile of pointers".
pub(super) fn describe_kinds(kinds: &[String]) -> String {
    let words: Vec<&str> = kinds
        .iter()
        .map(|k| match k.as_str() {
            "integer-tile" => "a tile of integers",
            "pointer-tile" => "a tile of pointers",
            "tensor_view" => "a tensor_view",
            other => other,
        })
        .collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// An integer parameter as written: its value (None when it does not fit an i128) and where.
pub(crate) struct Int {
    pub(crate) value: Option<i128>,
    pub(crate) range: TextRange,
}

impl Int {
    pub(crate) fn text(&self) -> String {
        self.value
            .map_or_else(|| "it".to_string(), |v| v.to_string())
    }
}
