//! TILE003 `tile-undefined-value`.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    TILE_UNDEFINED_VALUE = "TILE003" "tile-undefined-value" Error fix=false {
        summary: "A value or symbol is used but not defined where the use can see it",
        explanation: "SSA values must be defined before they are used, in the same region or an enclosing one; values defined inside a region (a loop body, an if branch) are not visible after it, and `entry` bodies see nothing from outside. `get_global` must name a `global` of the module.",
        example: "%c = addf %a, %x : tile<f32>   // TILE003: %x is not defined",
    }
}

/// A symbol `op` uses that its module does not define. Only `get_global` must name one of the
/// module's symbols; other ops may name what lies outside it.
pub(crate) fn symbol(op: &str, name: &str, range: TextRange) -> Option<Diagnostic> {
    (op == "get_global").then(|| {
        Diagnostic::new(
            &TILE_UNDEFINED_VALUE,
            range,
            format!("no `global` named `{name}` in this module"),
        )
    })
}

/// A value used where no definition of it is visible; `out_of_scope` says the region defines it
/// somewhere the use cannot see (later, or in a region that has ended).
pub(crate) fn value(name: &str, range: TextRange, out_of_scope: bool) -> Diagnostic {
    let later = if out_of_scope { " in this scope" } else { "" };
    Diagnostic::new(
        &TILE_UNDEFINED_VALUE,
        range,
        format!("`{name}` is not defined{later} before this use"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_get_global_must_name_a_symbol_of_the_module() {
        let range = TextRange::new(4, 6);
        let missing = symbol("get_global", "@g", range).unwrap();
        assert_eq!(missing.rule.code, "TILE003");
        assert_eq!(missing.range, range);
        assert_eq!(missing.message, "no `global` named `@g` in this module");
        assert!(symbol("call", "@g", range).is_none());
    }

    #[test]
    fn a_value_out_of_scope_says_so() {
        let range = TextRange::new(0, 2);
        assert_eq!(
            value("%x", range, false).message,
            "`%x` is not defined before this use"
        );
        assert_eq!(
            value("%x", range, true).message,
            "`%x` is not defined in this scope before this use"
        );
    }
}
