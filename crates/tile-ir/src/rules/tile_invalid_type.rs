//! TILE015 `tile-invalid-type`.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    TILE_INVALID_TYPE = "TILE015" "tile-invalid-type" Error fix=false {
        summary: "The type is not a valid Tile IR type",
        explanation: "Element types are i1, i4, i8, i16, i32, i64, f16, bf16, f32, tf32, f64, f8E4M3FN, f8E5M2, f8E8M0FNU and f4E2M1FN (some need newer versions), and tile dimensions must be powers of two.",
        example: "%a = constant <f32: 0.0> : tile<3xf32>   // TILE015: 3 is not a power of two",
    }
}

/// An element type named after one of MLIR's builtin types, which a cuda_tile module (and its
/// bytecode) cannot hold; `None` for any other name.
pub(crate) fn builtin_type(name: &str, range: TextRange) -> Option<Diagnostic> {
    matches!(name, "tensor" | "memref" | "vector" | "index").then(|| {
        Diagnostic::new(
            &TILE_INVALID_TYPE,
            range,
            format!("`{name}` is an MLIR builtin type, not a Tile IR type; use `tile<…>` (or a pointer and a view for memory)"),
        )
    })
}

/// An element type the spec-db does not know; `known` are the spec-db's element types.
pub(crate) fn unknown_element<'k>(
    name: &str,
    known: impl Iterator<Item = &'k str>,
    range: TextRange,
) -> Diagnostic {
    // `ptr` is a type constructor, not an element type one could mean.
    let known: Vec<&str> = known.filter(|n| *n != "ptr").collect();
    Diagnostic::new(
        &TILE_INVALID_TYPE,
        range,
        format!(
            "`{name}` is not a Tile IR element type (known: {})",
            known.join(", ")
        ),
    )
}

/// A tile dimension the type reader found not to be a power of two.
pub(crate) fn not_power_of_two(dim: i64, range: TextRange) -> Diagnostic {
    Diagnostic::new(
        &TILE_INVALID_TYPE,
        range,
        format!("tile dimension {dim} is not a power of two; Tile IR supports only power-of-two tile shapes (types.md, tile)"),
    )
}

/// A type the type reader read but found invalid; `message` says why.
pub(crate) fn invalid(range: TextRange, message: String) -> Diagnostic {
    Diagnostic::new(&TILE_INVALID_TYPE, range, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mlir_builtin_types_are_named_as_such() {
        let range = TextRange::new(0, 6);
        let tensor = builtin_type("tensor", range).unwrap();
        assert_eq!(tensor.rule.code, "TILE015");
        assert!(
            tensor.message.contains("MLIR builtin type"),
            "{}",
            tensor.message
        );
        assert!(builtin_type("f33", range).is_none());
    }

    #[test]
    fn the_known_element_types_leave_out_ptr() {
        let known = ["i32", "ptr", "f32"].into_iter();
        let unknown = unknown_element("f33", known, TextRange::new(0, 3));
        assert_eq!(
            unknown.message,
            "`f33` is not a Tile IR element type (known: i32, f32)"
        );
    }
}
