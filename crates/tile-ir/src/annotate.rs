//! Code lenses and inlay hints for Tile IR: a summary above each `entry` (the version and
//! target it was checked against, its argument count), and the type of each value whose
//! definition does not write it (a loop's induction variable, results whose type the op
//! infers).

use super::ast::File;
use super::checker::{DefKind, ValueDef};
use super::TileIrAnalysis;
use speclint_base::annotations::{InlayHint, InlayHintKind, KernelSummary};
use speclint_base::text::TextRange;

/// What the module is checked against: "Tile IR 13.3 · sm_90".
pub fn module_summary(analysis: &TileIrAnalysis) -> String {
    let target = analysis
        .target
        .map_or("no target".to_string(), |sm| format!("sm_{sm}"));
    format!("Tile IR {} · {target}", analysis.version)
}

pub fn kernel_summaries(analysis: &TileIrAnalysis, text: &str) -> Vec<KernelSummary> {
    let _ = text;
    let file = &analysis.file;
    let facts = &analysis.facts;
    let module = module_summary(analysis);
    facts
        .symbols
        .iter()
        .filter(|symbol| file.ops[symbol.op].name == "entry")
        .map(|symbol| {
            let arguments = facts
                .values
                .iter()
                .filter(|v| v.op == symbol.op && v.kind == DefKind::Argument)
                .count();
            KernelSummary {
                kernel: symbol.name.clone(),
                range: TextRange::new(file.ops[symbol.op].name_range.start, symbol.range.end),
                summary: format!(
                    "{module} · {arguments} argument{}",
                    if arguments == 1 { "" } else { "s" }
                ),
            }
        })
        .collect()
}

pub fn inlay_hints(analysis: &TileIrAnalysis, text: &str, range: TextRange) -> Vec<InlayHint> {
    let file = &analysis.file;
    let mut hints: Vec<InlayHint> = analysis
        .facts
        .values
        .iter()
        .filter(|value| range.contains_offset(value.range.end))
        .filter_map(|value| {
            let ty = value.ty.as_ref()?;
            (!type_is_written(file, text, value, ty.range)).then(|| InlayHint {
                offset: value.range.end,
                label: format!(": {ty}"),
                kind: InlayHintKind::Type,
                tooltip: None,
            })
        })
        .collect();
    hints.sort_by_key(|h| h.offset);
    hints
}

/// Whether the definition of `value` shows its type: an argument or loop-carried value as
/// `%x: type` (a loop's `iter_values(%acc = %init)` does not), a result or induction variable
/// in the op's own text, outside its regions (`%s = addf %a, %b : tile<f32>`).
fn type_is_written(file: &File, text: &str, value: &ValueDef, ty: TextRange) -> bool {
    match value.kind {
        DefKind::Argument | DefKind::IterValue => {
            text[value.range.end..].trim_start().starts_with(':')
        }
        DefKind::Result | DefKind::InductionVariable => {
            let op = &file.ops[value.op];
            let inside = |r: TextRange| r.start <= ty.start && ty.end <= r.end;
            ty != TextRange::default()
                && inside(op.range)
                && !op.regions.iter().any(|region| inside(region.range))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, TileIrSettings};

    const MODULE: &str = "cuda_tile.module @m {\n  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {\n    %lo = constant <i32: 0> : tile<i32>\n    %one = constant <i32: 1> : tile<i32>\n    %z = constant <f32: 0.0> : tile<f32>\n    %r = for %i in (%lo to %n, step %one) : tile<i32> iter_values(%acc = %z) -> (tile<f32>) {\n      %s = addf %acc, %acc : tile<f32>\n      continue %s : tile<f32>\n    }\n    return\n  }\n}\n";

    fn after(needle: &str) -> usize {
        MODULE.find(needle).unwrap() + needle.len()
    }

    #[test]
    fn each_entry_gets_the_version_target_and_argument_count() {
        let settings = TileIrSettings {
            version: None,
            target: Some(90),
        };
        let analysis = analyze(MODULE, &settings, true);
        let summaries = kernel_summaries(&analysis, MODULE);
        assert_eq!(summaries.len(), 1);
        assert_eq!(summaries[0].kernel, "@k");
        assert_eq!(
            summaries[0].summary,
            format!("Tile IR {} · sm_90 · 2 arguments", analysis.version)
        );
        assert_eq!(
            &MODULE[summaries[0].range.start..summaries[0].range.end],
            "entry @k"
        );
    }

    #[test]
    fn only_values_whose_type_is_not_written_get_a_hint() {
        let analysis = analyze(MODULE, &TileIrSettings::default(), true);
        let hints = inlay_hints(&analysis, MODULE, TextRange::new(0, MODULE.len()));
        let shown: Vec<(usize, &str)> =
            hints.iter().map(|h| (h.offset, h.label.as_str())).collect();
        assert_eq!(shown, [(after("(%acc"), ": tile<f32>")]);
    }
}
