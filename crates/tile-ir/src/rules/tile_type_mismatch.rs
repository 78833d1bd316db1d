//! TILE005 `tile-type-mismatch`.

use crate::types::{Type, TypeRef};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    TILE_TYPE_MISMATCH = "TILE005" "tile-type-mismatch" Error fix=false {
        summary: "An operand is used with a type other than the one it was defined with",
        explanation: "The types written after an op's `:` say what its operands are. A value defined as `tile<4xf32>` cannot be used where the op says `tile<8xf32>`: convert, reshape or broadcast it first.",
        example: "%a = constant <f32: 0.0> : tile<4xf32>\n%b = addf %a, %a : tile<8xf32>   // TILE005",
    }
}

/// An operand's value as `op` uses it: `used` is (the value's name, where it is used, the type it
/// was defined with, the type the op writes for it).
pub(crate) fn written_vs_defined(
    op: &str,
    operand: &str,
    used: (&str, TextRange, &TypeRef, &TypeRef),
) -> Option<Diagnostic> {
    let (name, range, declared, expected) = used;
    (declared.spelling != expected.spelling && declared.ty != expected.ty).then(|| {
        Diagnostic::new(
            &TILE_TYPE_MISMATCH,
            range,
            format!("`{name}` has type `{declared}`, but `{op}` uses it as `{expected}` (operand `{operand}`)"),
        )
    })
}

/// A view's type names the tensor_view it looks into (`inside`); the tensor_view operand has
/// that type: `used` is (the value's name, where it is used, the type it was defined with).
pub(crate) fn view_tensor(used: (&str, TextRange, &TypeRef), inside: &Type) -> Option<Diagnostic> {
    let (name, range, declared) = used;
    (matches!(declared.ty.as_ref(), Type::TensorView { .. }) && *declared.ty != *inside).then(|| {
        Diagnostic::new(
            &TILE_TYPE_MISMATCH,
            range,
            format!("`{name}` is `{declared}`, but the view's type says it looks into a different tensor_view; the two must be the same type"),
        )
    })
}

#[cfg(test)]
mod tests {
    use crate::rules::findings_in_entry;
    use crate::TileIrSettings;

    #[test]
    fn a_use_with_another_type_than_defined() {
        let body = "    %a = constant <f32: 1.0> : tile<4xf32>\n    %s = addf %a, %a : tile<8xf32>";
        let found = findings_in_entry("", body, &TileIrSettings::default());
        // Both operands are the same value, each used with the written type.
        assert_eq!(found, vec![("TILE005", "%a".to_string()); 2]);
    }
}
