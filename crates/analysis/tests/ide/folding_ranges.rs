//! Folding ranges: each fold as the 1-based lines it spans (what the editor folds) and its
//! kind, in order.

use crate::analyse;
use expect_test::{expect, Expect};
use speclint_base::structure::FoldKind;

fn check(fixture: &str, expected: Expect) {
    let a = analyse(fixture);
    let shown: Vec<String> = a
        .analysis
        .folding_ranges(a.text())
        .iter()
        .map(|fold| {
            let kind = match fold.kind {
                FoldKind::Region => "region",
                FoldKind::Comment => "comment",
            };
            format!(
                "{}-{} {kind}\n",
                a.line(fold.range.start),
                a.line(fold.range.end)
            )
        })
        .collect();
    expected.assert_eq(&shown.concat());
}

#[test]
fn ptx_functions_blocks_and_comments() {
    check(
        crate::selection_ranges::PTX,
        expect![[r#"
            5-6 comment
            7-24 region
            14-15 comment
            19-21 region
        "#]],
    );
}

#[test]
fn tile_ir_modules_entries_and_comments() {
    check(
        crate::selection_ranges::TILE_IR,
        expect![[r#"
            1-2 comment
            3-11 region
            5-10 region
        "#]],
    );
}

#[test]
fn spirv_names_decorations_types_functions_blocks_and_comments() {
    check(
        crate::selection_ranges::SPIRV,
        expect![[r#"
            1-2 comment
            9-10 region
            11-12 region
            13-17 region
            18-26 region
            20-25 region
        "#]],
    );
}
