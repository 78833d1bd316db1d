//! Rename for Tile IR: SSA values (op results, block and region arguments, loop values; a
//! result group `%x:2` and its uses `%x#0`, `%x#1` by their common name) and symbols (`@name`
//! of modules, entries and globals, with their uses such as `get_global @name`). Only the
//! name is replaced: `:2` and `#1` stay.

use super::ast::OpId;
use super::checker::Target;
use super::navigate::target_at;
use super::TileIrAnalysis;
use speclint_base::diagnostic::TextEdit;
use speclint_base::text::line_number;
use speclint_base::text::TextRange;

fn name_of(analysis: &TileIrAnalysis, target: Target) -> &str {
    match target {
        Target::Value(i) => &analysis.facts.values[i].name,
        Target::Symbol(i) => &analysis.facts.symbols[i].name,
    }
}

fn same(a: Target, b: Target) -> bool {
    match (a, b) {
        (Target::Value(x), Target::Value(y)) | (Target::Symbol(x), Target::Symbol(y)) => x == y,
        _ => false,
    }
}

/// The name at `offset` (without a `:N` group count or `#N` result index).
pub fn rename_target(analysis: &TileIrAnalysis, _text: &str, offset: usize) -> Option<TextRange> {
    let (range, target) = target_at(analysis, offset)?;
    Some(TextRange::new(
        range.start,
        range.start + name_of(analysis, target).len(),
    ))
}

/// MLIR's `suffix-id` (after `%`): digits, or a letter, `_`, `$`, `.` or `-` then those and
/// digits.
fn is_value_name(bare: &str) -> bool {
    let id = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b'-');
    !bare.is_empty()
        && (bare.bytes().all(|b| b.is_ascii_digit())
            || (!bare.as_bytes()[0].is_ascii_digit() && bare.bytes().all(id)))
}

/// MLIR's `bare-id` (after `@`): a letter or `_`, then letters, digits, `_`, `$` or `.`.
fn is_symbol_name(bare: &str) -> bool {
    let mut bytes = bare.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.'))
}

/// The nearest op named one of `names` at or above `op`: the scope a name lives in.
fn enclosing(analysis: &TileIrAnalysis, op: OpId, names: &[&str], inclusive: bool) -> Option<OpId> {
    let ops = &analysis.file.ops;
    let mut at = if inclusive { Some(op) } else { ops[op].parent };
    while let Some(id) = at {
        if names.contains(&ops[id].name.as_str()) {
            return Some(id);
        }
        at = ops[id].parent;
    }
    None
}

/// Renames the value or symbol at `offset` at its definition and every use. The new name may
/// be written with or without its sigil (`%`, `@`). A value's new name must not be defined
/// anywhere else in its entry (values of nested regions included: a clash there would
/// shadow or be shadowed), a symbol's not by another symbol of its module.
pub fn rename(
    analysis: &TileIrAnalysis,
    text: &str,
    offset: usize,
    new_name: &str,
) -> Result<Vec<TextEdit>, String> {
    let (_, target) =
        target_at(analysis, offset).ok_or_else(|| "no value or symbol here".to_string())?;
    let facts = &analysis.facts;
    let (new_name, clash) = match target {
        Target::Value(index) => {
            let bare = new_name.strip_prefix('%').unwrap_or(new_name);
            if !is_value_name(bare) {
                return Err(format!(
                    "`{new_name}` is not an SSA value name: `%` then digits, or a letter, `_`, \
                     `$`, `.` or `-` followed by those or digits"
                ));
            }
            let new_name = format!("%{bare}");
            let scope = |op| enclosing(analysis, op, &["entry", "module"], true);
            let own = scope(facts.values[index].op);
            let clash = facts
                .values
                .iter()
                .enumerate()
                .find(|&(i, v)| i != index && v.name == new_name && scope(v.op) == own)
                .map(|(_, v)| v.range);
            (new_name, clash)
        }
        Target::Symbol(index) => {
            let bare = new_name.strip_prefix('@').unwrap_or(new_name);
            if !is_symbol_name(bare) {
                return Err(format!(
                    "`{new_name}` is not a symbol name: `@` then a letter or `_`, followed by \
                     letters, digits, `_`, `$` or `.`"
                ));
            }
            let new_name = format!("@{bare}");
            let module = |op| enclosing(analysis, op, &["module"], false);
            let own = module(facts.symbols[index].op);
            let clash = facts
                .symbols
                .iter()
                .enumerate()
                .find(|&(i, s)| i != index && s.name == new_name && module(s.op) == own)
                .map(|(_, s)| s.range);
            (new_name, clash)
        }
    };
    if let Some(range) = clash {
        return Err(format!(
            "`{new_name}` is already defined in this scope (line {})",
            line_number(text, range.start)
        ));
    }
    let length = name_of(analysis, target).len();
    let mut edits: Vec<TextEdit> = facts
        .uses
        .iter()
        .filter(|(_, t)| same(*t, target))
        .map(|&(range, _)| TextEdit {
            range: TextRange::new(range.start, range.start + length),
            new_text: new_name.clone(),
        })
        .collect();
    edits.sort_by_key(|e| e.range.start);
    edits.dedup_by_key(|e| e.range);
    Ok(edits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_mlir_syntax() {
        for good in ["0", "12", "x", "_a.b-c", "$v"] {
            assert!(is_value_name(good), "{good}");
        }
        for bad in ["", "1a", "a b", "x#1", "x:2"] {
            assert!(!is_value_name(bad), "{bad}");
        }
        for good in ["k", "_g", "a.b$1"] {
            assert!(is_symbol_name(good), "{good}");
        }
        for bad in ["", "1k", "a-b", "\"s\""] {
            assert!(!is_symbol_name(bad), "{bad}");
        }
    }

    /// On the valid corpus modules, renaming values (results, arguments, loop values, result
    /// groups) and symbols keeps each module as it was: the renamed text analyses to the same
    /// findings (a missed use would be undefined, a stray edit a syntax error).
    #[test]
    fn renaming_keeps_real_modules_valid() {
        use crate::{analyze, TileIrSettings};
        let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/corpus/tile-ir/valid");
        let settings = TileIrSettings::default();
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .expect("corpus exists")
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        let mut renamed = 0;
        let mut grouped = 0;
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let analysis = analyze(&text, &settings, true);
            let codes = |a: &TileIrAnalysis| -> Vec<&'static str> {
                a.diagnostics.iter().map(|d| d.rule.code).collect()
            };
            let before = codes(&analysis);
            let values = analysis
                .facts
                .values
                .iter()
                .map(|v| (v.range.start, "%zz_renamed"));
            let symbols = analysis
                .facts
                .symbols
                .iter()
                .map(|s| (s.range.start, "@zz_renamed"));
            // Every result group (`%for:2`, used as `%for#1`) too.
            let groups = analysis
                .facts
                .values
                .iter()
                .filter(|v| text[v.range.start..v.range.end].contains(':'))
                .map(|v| (v.range.start, "%zz_renamed"))
                .inspect(|_| grouped += 1);
            let targets: Vec<(usize, &str)> =
                values.step_by(29).chain(groups).chain(symbols).collect();
            for (at, new_name) in targets {
                let edits = rename(&analysis, &text, at, new_name).unwrap_or_else(|e| {
                    panic!("{}: renaming at {at} refused: {e}", path.display())
                });
                let mut edited = text.clone();
                for edit in edits.iter().rev() {
                    edited.replace_range(edit.range.start..edit.range.end, &edit.new_text);
                }
                let after = analyze(&edited, &settings, true);
                assert_eq!(
                    codes(&after),
                    before,
                    "{}: renaming at {at}",
                    path.display()
                );
                renamed += 1;
            }
        }
        assert!(renamed > 300, "{renamed} renames");
        assert!(grouped > 10, "{grouped} result groups");
    }
}
