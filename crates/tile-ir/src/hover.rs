//! Hovers in Tile IR modules: ops (syntax, operand and result types, the modifier table with
//! this op's element type marked, accuracy, since-version, link), values (type and where they
//! are defined), symbols, and types (element type facts).

use super::checker::{table_for, DefKind, Target};
use super::lex::Kind;
use super::navigate::target_at;
use super::version::cited_version;
use super::TileIrAnalysis;
use speclint_base::ide::Hover;
use speclint_base::text::line_number;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir::{self, version_key};
use speclint_spec_db::tile_ir_model::Op as OpFact;
use std::fmt::Write;

pub fn hover(analysis: &TileIrAnalysis, text: &str, offset: usize) -> Option<Hover> {
    if let Some((range, target)) = target_at(analysis, offset) {
        return Some(name_hover(analysis, text, target, range));
    }
    let file = &analysis.file;
    if let Some((id, op)) = file
        .ops
        .iter()
        .enumerate()
        .find(|(_, op)| op.name_range.start <= offset && offset <= op.name_range.end)
    {
        let fact = tile_ir::db().op(&op.name)?;
        let dtype = analysis.facts.op_dtype.get(&id).copied();
        return Some(Hover {
            range: op.name_range,
            markdown: op_markdown(fact, dtype, &analysis.version),
        });
    }
    if let Some(hover) = hint_hover(analysis, text, offset) {
        return Some(hover);
    }
    if let Some(hover) = predicate_hover(analysis, text, offset) {
        return Some(hover);
    }
    // A type written in an op: its spelling and the element type's facts.
    let (ty, range) = analysis
        .facts
        .op_types
        .iter()
        .flat_map(|(&id, types)| {
            let start = analysis.file.ops[id].range.start;
            types.iter().map(move |t| {
                let range = TextRange::new(t.range.start + start, t.range.end + start);
                (t, range)
            })
        })
        .filter(|(_, range)| range.start <= offset && offset <= range.end)
        .min_by_key(|(_, range)| range.end - range.start)?;
    let mut markdown = format!("```cuda_tile\n{}\n```\n", ty.spelling);
    if let Some(element) = ty.ty.element() {
        if let Some(fact) = tile_ir::db().element_type(element) {
            let _ = write!(
                markdown,
                "\n`{}`: {} ({} bits, {}), since Tile IR {}.",
                fact.name, fact.summary, fact.bits, fact.kind, fact.since
            );
        }
    }
    if let Some(shape) = ty.ty.shape() {
        let _ = write!(
            markdown,
            "\n\nRank {}{}.",
            shape.len(),
            if shape.is_empty() {
                " (a scalar tile)".to_string()
            } else {
                format!(
                    ", {} elements",
                    shape.iter().map(|&d| d.max(1)).product::<i64>()
                )
            }
        );
    }
    Some(Hover { range, markdown })
}

/// A hint name inside an op's `optimization_hints = <…>`: what it suggests, its values, the ops
/// that take it.
fn hint_hover(analysis: &TileIrAnalysis, text: &str, offset: usize) -> Option<Hover> {
    let file = &analysis.file;
    let index = token_index_at(file, offset)?;
    let token = file.tokens[index];
    let range = token.range();
    if token.kind != Kind::Ident || offset < range.start {
        return None;
    }
    let hints = tile_ir::db().optimization_hints.as_ref()?;
    let hint = hints
        .hint
        .iter()
        .find(|h| h.name == text[range.start..range.end])?;
    // Only inside an op that writes `optimization_hints` before this token.
    let op = file
        .ops
        .iter()
        .find(|op| op.body.contains(&(index as u32)))?;
    let after_hints = op
        .body
        .iter()
        .any(|&t| (t as usize) < index && file.text(text, t) == "optimization_hints");
    if !after_hints {
        return None;
    }
    let values = if hint.value == "bool" {
        "`true` or `false`".to_string()
    } else if !hint.values.is_empty() {
        let values: Vec<String> = hint.values.iter().map(i64::to_string).collect();
        values.join(" or ")
    } else {
        format!(
            "{} from {} to {}",
            if hint.power_of_two {
                "a power of two"
            } else {
                "an integer"
            },
            hint.min.map_or("-".to_string(), |v| v.to_string()),
            hint.max.map_or("-".to_string(), |v| v.to_string())
        )
    };
    let ops: Vec<String> = hint.ops.iter().map(|o| format!("`{o}`")).collect();
    let markdown = format!(
        "**{}** (optimization hint): {}\n\nValue: {values}. Ops: {}. Since Tile IR {}.\n\nSource: {}",
        hint.name,
        hint.summary,
        ops.join(", "),
        hint.since,
        hint.source
    );
    Some(Hover { range, markdown })
}

/// The predicate of an `assume` (`div_by`, `#cuda_tile.bounded`): what it states, its form,
/// what it may describe and the limits on its parameters.
fn predicate_hover(analysis: &TileIrAnalysis, text: &str, offset: usize) -> Option<Hover> {
    let file = &analysis.file;
    let index = token_index_at(file, offset)?;
    let token = file.tokens[index];
    let range = token.range();
    if !matches!(token.kind, Kind::Ident | Kind::HashIdent) || offset < range.start {
        return None;
    }
    let word = &text[range.start..range.end];
    let predicate =
        tile_ir::db().assume_predicate(word.strip_prefix("#cuda_tile.").unwrap_or(word))?;
    file.ops
        .iter()
        .find(|op| op.name == "assume" && op.body.first() == Some(&(index as u32)))?;
    let mut markdown = format!(
        "**{}** (assume predicate): {}\n\n`{}`\n\nDescribes {}. Since Tile IR {}.\n",
        predicate.name,
        predicate.summary,
        predicate.syntax,
        super::assume_terms::describe_kinds(&predicate.applies_to),
        predicate.since
    );
    for rule in &predicate.rule {
        let _ = write!(markdown, "\n- {}", rule.text);
    }
    let _ = write!(markdown, "\n\nSource: {}", predicate.source);
    Some(Hover { range, markdown })
}

fn name_hover(analysis: &TileIrAnalysis, text: &str, target: Target, range: TextRange) -> Hover {
    let markdown = match target {
        Target::Value(i) => {
            let value = &analysis.facts.values[i];
            let op = &analysis.file.ops[value.op];
            let ty = value
                .ty
                .as_ref()
                .map_or("(type unknown)".to_string(), |t| t.spelling.to_string());
            let how = match value.kind {
                DefKind::Result => format!("result of `{}`", op.name),
                DefKind::Argument => format!("argument of `{}`", op.name),
                DefKind::IterValue => format!("loop-carried value of `{}`", op.name),
                DefKind::InductionVariable => format!("induction variable of `{}`", op.name),
            };
            format!(
                "```cuda_tile\n{}: {ty}\n```\n{how}, defined on line {}",
                value.name,
                line_number(text, value.range.start)
            )
        }
        Target::Symbol(i) => {
            let symbol = &analysis.facts.symbols[i];
            let op = &analysis.file.ops[symbol.op];
            let end = op
                .regions
                .first()
                .map_or(op.range.end, |r| r.range.start)
                .min(op.range.start + 200);
            format!(
                "```cuda_tile\n{}\n```\n`{}` defined on line {}",
                text[op.range.start..end].trim(),
                op.name,
                line_number(text, symbol.range.start)
            )
        }
    };
    Hover { range, markdown }
}

/// The op's card: summary, syntax, operands/results, modifiers per dtype, accuracy, rules.
pub fn op_markdown(fact: &OpFact, dtype: Option<&str>, version: &str) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "**cuda_tile.{}**: {}\n", fact.name, fact.summary);
    let available = version_key(&fact.since) <= version_key(version);
    let _ = writeln!(
        md,
        "Since Tile IR {} {} · group {}\n",
        fact.since,
        if available {
            format!("✓ (checking against {version})")
        } else {
            format!("✗ (checking against {version})")
        },
        fact.group
    );
    let _ = writeln!(md, "```\n{} {}\n```\n", fact.name, fact.format);
    if !fact.operand.is_empty() || !fact.attribute.is_empty() || !fact.result.is_empty() {
        md.push_str("| | name | type | since |\n|---|---|---|---|\n");
        for o in &fact.operand {
            let arity = if o.arity == "single" {
                String::new()
            } else {
                format!(" ({})", o.arity)
            };
            let _ = writeln!(
                md,
                "| operand | `{}`{arity} | `{}` | {} |",
                o.name,
                table_cell(&o.type_expr),
                o.since
            );
        }
        for a in &fact.attribute {
            let default = a
                .default
                .as_deref()
                .map(|d| format!(" = {d}"))
                .unwrap_or_default();
            let _ = writeln!(
                md,
                "| attribute | `{}`{} | {} | {} |",
                a.name,
                table_cell(&default),
                table_cell(&a.kind),
                a.since
            );
        }
        for r in &fact.result {
            let _ = writeln!(
                md,
                "| result | `{}` | `{}` | {} |",
                r.name,
                table_cell(&r.type_expr),
                r.since
            );
        }
        md.push('\n');
    }
    // The modifier table of the revision that applies, this op's dtype column in bold.
    if let Some(table) = table_for(&fact.modifiers, version) {
        let _ = writeln!(
            md,
            "Modifiers per element type (Tile IR {}, {}; yes* = emulated in f32):\n",
            cited_version(version),
            table.source
        );
        md.push_str("| modifier |");
        for c in &table.columns {
            if Some(c.as_str()) == dtype {
                let _ = write!(md, " **{c}** ◀ |");
            } else {
                let _ = write!(md, " {c} |");
            }
        }
        md.push_str("\n|---|");
        md.push_str(&"---|".repeat(table.columns.len()));
        md.push('\n');
        for row in &table.rows {
            let _ = write!(md, "| `{}` |", row[0]);
            for (i, cell) in row.iter().skip(1).enumerate() {
                let shown = match cell.as_str() {
                    "emulated" => "yes*",
                    other => other,
                };
                if table.columns.get(i).map(String::as_str) == dtype {
                    let _ = write!(md, " **{shown}** |");
                } else {
                    let _ = write!(md, " {shown} |");
                }
            }
            md.push('\n');
        }
        md.push('\n');
    }
    // The combination table of the revision that applies, as for the modifiers.
    if let Some(table) = table_for(&fact.combinations, version) {
        let _ = writeln!(
            md,
            "Supported types (Tile IR {}): {}\n",
            cited_version(version),
            table.columns.join(" → ")
        );
        for row in &table.rows {
            let _ = writeln!(md, "- {}", row.join(" → "));
        }
        md.push('\n');
    }
    if !fact.accuracy.is_empty() {
        md.push_str("Accuracy:\n");
        for a in &fact.accuracy {
            let rounding = a
                .rounding
                .as_deref()
                .map(|r| format!("`{r}` "))
                .unwrap_or_default();
            let dtypes = if a.dtypes.is_empty() {
                String::new()
            } else {
                format!("({}) ", a.dtypes.join(", "))
            };
            let _ = writeln!(md, "- {rounding}{dtypes}{}", a.text);
        }
        md.push('\n');
    }
    for t in &fact.target {
        let _ = writeln!(md, "- Target: {} ({})", t.text, t.target);
    }
    let _ = write!(
        md,
        "[Specification, Tile IR {}]({}) · `{}`",
        cited_version(version),
        tile_ir::op_url(version, &fact.name),
        fact.source
    );
    md
}

/// Text for a Markdown table cell: a `|` would end the cell even inside a code span
/// (`tile<f16|bf16>`), so it is escaped.
fn table_cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The index of the token that ends at or after `offset` (the last token past the end).
fn token_index_at(file: &super::ast::File, offset: usize) -> Option<usize> {
    Some(
        file.tokens
            .partition_point(|t| t.range().end < offset)
            .min(file.tokens.len().checked_sub(1)?),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, navigate, TileIrSettings};

    const MODULE: &str = "cuda_tile.module @m {\n  entry @k() {\n    %a = constant <bf16: 1.0> : tile<4xbf16>\n    %b = addf %a, %a rounding<zero> : tile<4xbf16>\n  }\n}\n";

    fn at(marker: &str, nth: usize) -> usize {
        MODULE.match_indices(marker).nth(nth).unwrap().0 + 1
    }

    #[test]
    fn a_bar_in_a_type_is_escaped_so_the_table_keeps_its_columns() {
        let module = "cuda_tile.module @m {\n  entry @k(%x: tile<f32>) {\n    %h = ftof %x : tile<f32> -> tile<f16>\n    return\n  }\n}\n";
        let analysis = analyze(module, &TileIrSettings::default(), true);
        let markdown = hover(&analysis, module, module.find("ftof").unwrap())
            .unwrap()
            .markdown;
        assert!(markdown.contains("`tile<f16\\|bf16\\|f32"), "{markdown}");
        // Four cells: five bars that are not escaped.
        for row in markdown
            .lines()
            .filter(|l| l.starts_with("| operand") || l.starts_with("| result"))
        {
            let bars = row
                .match_indices('|')
                .filter(|(at, _)| !row[..*at].ends_with('\\'));
            assert_eq!(bars.count(), 5, "{row}");
        }
    }

    /// The table and the link cite the version checked: the link goes to that release's copy
    /// of the spec; a version newer than the spec-db's gets the newest it holds.
    #[test]
    fn op_hover_cites_and_links_the_version_checked() {
        for (version, cited) in [("13.4", "13.4"), ("13.2", "13.2"), ("13.5", "13.4")] {
            let settings = TileIrSettings {
                version: Some(version.to_string()),
                target: None,
            };
            let analysis = analyze(MODULE, &settings, true);
            let markdown = hover(&analysis, MODULE, at("addf", 0)).unwrap().markdown;
            let link = format!(
                "[Specification, Tile IR {cited}](https://docs.nvidia.com/cuda/tile-ir/{cited}/sections/operations.html#cuda-tile-addf)"
            );
            assert!(markdown.contains(&link), "{version}: {markdown}");
            assert!(
                markdown.contains(&format!("Modifiers per element type (Tile IR {cited}, ")),
                "{version}: {markdown}"
            );
        }
    }

    #[test]
    fn op_hover_marks_the_dtype_column_and_shows_the_table() {
        let analysis = analyze(MODULE, &TileIrSettings::default(), true);
        let hover = hover(&analysis, MODULE, at("addf", 0)).unwrap();
        assert!(
            hover.markdown.contains("**cuda_tile.addf**"),
            "{}",
            hover.markdown
        );
        assert!(hover.markdown.contains("**bf16** ◀"), "{}", hover.markdown);
        assert!(
            hover
                .markdown
                .contains("| `rounding<zero>` | yes | yes | **yes*** | yes* |"),
            "{}",
            hover.markdown
        );
    }

    #[test]
    fn value_hover_gives_type_and_definition_line() {
        let analysis = analyze(MODULE, &TileIrSettings::default(), true);
        let hover = hover(&analysis, MODULE, at("%a,", 0)).unwrap();
        assert!(
            hover.markdown.contains("%a: tile<4xbf16>"),
            "{}",
            hover.markdown
        );
        assert!(
            hover
                .markdown
                .contains("result of `constant`, defined on line 3"),
            "{}",
            hover.markdown
        );
    }

    #[test]
    fn hint_hover_gives_the_values_and_ops() {
        let module = "cuda_tile.module @m {\n  entry @k() optimization_hints=<sm_90 = {num_cta_in_cga = 2}> {\n    return\n  }\n}\n";
        let analysis = analyze(module, &TileIrSettings::default(), true);
        let offset = module.find("num_cta").unwrap() + 2;
        let hover = hover(&analysis, module, offset).unwrap();
        assert!(
            hover
                .markdown
                .contains("**num_cta_in_cga** (optimization hint)"),
            "{}",
            hover.markdown
        );
        assert!(
            hover
                .markdown
                .contains("Value: a power of two from 1 to 16. Ops: `entry`."),
            "{}",
            hover.markdown
        );
        // The same word in another dictionary is no hint.
        let plain = "cuda_tile.module @m attributes {latency = \"x\"} {\n  entry @k() {\n    return\n  }\n}\n";
        let analysis = analyze(plain, &TileIrSettings::default(), true);
        let at = plain.find("latency").unwrap() + 1;
        assert!(hover_text(&analysis, plain, at).is_none_or(|m| !m.contains("optimization hint")));
    }

    #[test]
    fn predicate_hover_gives_the_form_and_limits() {
        let module = "cuda_tile.module @m {\n  entry @k(%n: tile<i32>) {\n    %a = assume #cuda_tile.div_by<16>, %n : tile<i32>\n    %b = assume bounded<0, ?>, %a : tile<i32>\n    return\n  }\n}\n";
        let analysis = analyze(module, &TileIrSettings::default(), true);
        let markdown = hover_text(&analysis, module, module.find("div_by").unwrap()).unwrap();
        assert!(
            markdown.contains("**div_by** (assume predicate)"),
            "{markdown}"
        );
        assert!(
            markdown.contains("- The divisor is a positive power of two."),
            "{markdown}"
        );
        let markdown = hover_text(&analysis, module, module.find("bounded").unwrap() + 2).unwrap();
        assert!(
            markdown.contains("Describes a tile of integers."),
            "{markdown}"
        );
    }

    fn hover_text(analysis: &TileIrAnalysis, text: &str, offset: usize) -> Option<String> {
        hover(analysis, text, offset).map(|h| h.markdown)
    }

    #[test]
    fn definition_and_references_of_a_value() {
        let analysis = analyze(MODULE, &TileIrSettings::default(), true);
        let use_offset = at("%a,", 0);
        let def = navigate::definition(&analysis, MODULE, use_offset).unwrap();
        assert_eq!(&MODULE[def.start..def.end], "%a");
        assert_eq!(line_number(MODULE, def.start), 3);
        assert_eq!(
            navigate::references(&analysis, MODULE, use_offset, true).len(),
            3
        );
        assert_eq!(
            navigate::references(&analysis, MODULE, use_offset, false).len(),
            2
        );
        let outline = navigate::document_symbols(&analysis, MODULE);
        assert_eq!(outline.len(), 1);
        assert_eq!(outline[0].name, "@m");
        assert_eq!(outline[0].children[0].name, "@k");
    }
}
