//! TILE001 `tile-syntax-error`.

use crate::ast::{File, Op};
use crate::checker::Checker;
use crate::lex::Kind;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::limits;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::AssumePredicate;

rules! {
    TILE_SYNTAX_ERROR = "TILE001" "tile-syntax-error" Error fix=false {
        summary: "The text does not follow the textual cuda_tile syntax",
        explanation: "The parser or an op's assembly format could not read this part of a Tile IR module: an unbalanced bracket, a missing `:` before the types, a malformed type such as `tile<4xf32`, or a token the op's format does not expect at that place. speclint recovers at the next line and reports every error.",
        example: "%c = addf %a, %b tile<f32>     // TILE001: expected `:`\n%c = addf %a, %b : tile<f32>   // fixed",
    }
}

/// The file's syntax errors and regions nested too deeply, as `Checker::run` reports them
/// first.
pub fn syntax_diagnostics(file: &File) -> impl Iterator<Item = Diagnostic> + '_ {
    let errors = file.errors.iter().map(|error| {
        Diagnostic::new(
            &TILE_SYNTAX_ERROR,
            error.range,
            format!("syntax error: {}", error.message),
        )
    });
    errors.chain(
        file.too_deep
            .iter()
            .map(|&open| limits::nesting_too_deep(open)),
    )
}

/// A `tile-ir-version=` in a speclint pragma that names no version (`message` says why); the
/// file is checked against `version`.
pub(crate) fn pragma_version(range: TextRange, message: &str, version: &str) -> Diagnostic {
    Diagnostic::new(
        &TILE_SYNTAX_ERROR,
        range,
        format!("speclint pragma: {message}; the file is checked against {version}"),
    )
}

/// Text the type reader could not read as a type.
pub(crate) fn malformed_type(range: TextRange, message: &str) -> Diagnostic {
    Diagnostic::new(
        &TILE_SYNTAX_ERROR,
        range,
        format!("syntax error: {message}"),
    )
}

/// The tokens of a known op that its assembly format does not expect there.
pub(crate) fn format_mismatch(range: TextRange, message: &str) -> Diagnostic {
    Diagnostic::new(
        &TILE_SYNTAX_ERROR,
        range,
        format!("syntax error: {message}"),
    )
}

impl Checker<'_> {
    /// `entry @name(…)`: the name, a symbol, comes right after `entry` (op-entry.md: sym_name);
    /// the hand-written format is not matched strictly, so a word before it is reported here.
    pub(crate) fn entry_name(&mut self, op: &Op) {
        let first = op.body.first().copied();
        if first.is_some_and(|t| self.file.kind(t) == Kind::Symbol) {
            return;
        }
        let range = first.map_or(op.name_range, |t| self.file.range(t));
        let found = first.map_or(String::from("nothing"), |t| {
            format!("`{}`", self.file.text(self.source, t))
        });
        self.report(
            &TILE_SYNTAX_ERROR,
            range,
            format!("syntax error: `entry` is followed by its name, an `@`-symbol such as `@kernel`, not {found} (op-entry.md)"),
        );
    }
}

/// An entry of `make_tensor_view`'s `shape = […]` or `strides = […]` that is neither an
/// integer nor a value.
pub(crate) fn view_entry(keyword: &str, found: &str, range: TextRange) -> Diagnostic {
    Diagnostic::new(
        &TILE_SYNTAX_ERROR,
        range,
        format!("syntax error: `{keyword} = […]` takes integers and values, found `{found}`"),
    )
}

/// What a reader of an op's own syntax (a constant's literal, `assume`'s predicate) found it
/// cannot read; `message` says what and where.
pub(crate) fn at(range: TextRange, message: String) -> Diagnostic {
    Diagnostic::new(&TILE_SYNTAX_ERROR, range, message)
}

/// `assume`'s predicate without its `<…>`.
pub(crate) fn predicate_parameters(
    name: &str,
    predicate: &AssumePredicate,
    range: TextRange,
) -> Diagnostic {
    Diagnostic::new(
        &TILE_SYNTAX_ERROR,
        range,
        format!(
            "`{name}` expects its parameters in `<…>`: {}",
            predicate.syntax
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pragma_version_names_the_version_checked() {
        let range = TextRange::new(0, 30);
        let d = pragma_version(range, "`13.x` is not a version", "13.4");
        assert_eq!(d.rule.code, "TILE001");
        assert_eq!(
            d.message,
            "speclint pragma: `13.x` is not a version; the file is checked against 13.4"
        );
    }
}
