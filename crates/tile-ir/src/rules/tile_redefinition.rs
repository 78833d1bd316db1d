//! TILE004 `tile-redefinition`.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    TILE_REDEFINITION = "TILE004" "tile-redefinition" Error fix=false {
        summary: "A value or symbol is defined twice",
        explanation: "Each SSA value name is defined once per region, and each `entry` or `global` symbol once per module.",
        example: "%a = constant <f32: 1.0> : tile<f32>\n%a = constant <f32: 2.0> : tile<f32>   // TILE004",
    }
}

/// An `entry` or `global` symbol defined again in its module; `line` is the first definition's.
pub(crate) fn symbol(name: &str, range: TextRange, line: usize) -> Diagnostic {
    Diagnostic::new(
        &TILE_REDEFINITION,
        range,
        format!("symbol `{name}` is already defined in this module (line {line})"),
    )
}

/// An SSA value defined again in its region; `line` is the first definition's.
pub(crate) fn value(name: &str, range: TextRange, line: usize) -> Diagnostic {
    Diagnostic::new(
        &TILE_REDEFINITION,
        range,
        format!(
            "`{name}` is already defined in this region (line {line}); SSA values are defined once",
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_kinds_name_the_first_definition() {
        let range = TextRange::new(10, 12);
        let twice = symbol("@k", range, 3);
        assert_eq!(twice.rule.code, "TILE004");
        assert!(twice.message.ends_with("(line 3)"), "{}", twice.message);
        let again = value("%a", range, 7);
        assert_eq!(again.range, range);
        assert!(again.message.contains("(line 7)"), "{}", again.message);
    }
}
