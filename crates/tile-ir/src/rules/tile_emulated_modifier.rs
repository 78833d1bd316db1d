//! TILE011 `tile-emulated-modifier`.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    TILE_EMULATED_MODIFIER = "TILE011" "tile-emulated-modifier" Hint fix=false {
        summary: "This modifier is emulated in f32 for this type (slower)",
        explanation: "The op's modifier table marks this combination `yes*`: it is supported, but computed in f32 and converted, which is slower than a native operation. Consider computing in f32 yourself or using the native rounding mode.",
        example: "%c = addf %a, %b rounding<zero> : tile<bf16>   // TILE011: emulated in f32",
    }
}

/// A modifier the op's table marks, for `dtype`, with `cell`: `yes*` (read as `emulated`) is
/// supported through f32. `written` is where the modifier is and how it reads; `at` is
/// (dtype, the table's source, the cell).
pub(crate) fn emulated(
    op: &str,
    written: (TextRange, &str),
    at: (&str, &str, &str),
) -> Option<Diagnostic> {
    let (range, modifier) = written;
    let (dtype, source, cell) = at;
    (cell == "emulated").then(|| {
        Diagnostic::new(
            &TILE_EMULATED_MODIFIER,
            range,
            format!(
                "`{op}` with `{modifier}` on {dtype} is emulated in f32 (marked yes* in {source}), which is slower than native"
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_emulated_cell_is_reported() {
        let written = (TextRange::new(20, 35), "rounding<zero>");
        let at = ("bf16", "op-addf.md", "emulated");
        let emulated = emulated("addf", written, at).unwrap();
        assert_eq!(emulated.rule.code, "TILE011");
        assert_eq!(emulated.range, written.0);
        assert!(emulated.message.contains("on bf16 is emulated in f32"));
        assert!(super::emulated("addf", written, ("bf16", "op-addf.md", "yes")).is_none());
    }
}
