//! Rename for PTX: registers, variables, parameters, labels and functions, with the scoping
//! the checker resolved (the symbol table's declarations and recorded uses).
//!
//! A register range `%r<8>` declares `%r0` … `%r7` under one prefix, and its members cannot be
//! renamed one by one without splitting the declaration. Renaming the range's declaration or
//! any of its members therefore renames the prefix: the editor is shown the `%r` part only,
//! and `%x` turns `.reg .b32 %r<8>;` into `.reg .b32 %x<8>;` and every `%r5` into `%x5`.

use super::ast::Item;
use super::declarations::{is_identifier, Declaration};
use super::navigate::{hit, same_symbol};
use super::PtxAnalysis;
use speclint_base::diagnostic::TextEdit;
use speclint_base::text::line_number;
use speclint_base::text::TextRange;

/// The range a rename replaces at `offset`: the name, or the prefix of a range's register.
pub fn rename_target(analysis: &PtxAnalysis, text: &str, offset: usize) -> Option<TextRange> {
    let hit = hit(analysis, text, offset)?;
    let decl = &analysis.symbols.declarations[hit.declaration];
    let at = hit.at_use.unwrap_or(decl.name_range);
    Some(TextRange::new(at.start, at.start + decl.name.len()))
}

/// Whether `decl` declares `name` (itself, or one register of its range).
fn declares(decl: &Declaration, name: &str) -> bool {
    if decl.name == name {
        return true;
    }
    let (Some(count), Some(number)) = (decl.range_count, name.strip_prefix(decl.name.as_str()))
    else {
        return false;
    };
    !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && number.parse::<u64>().is_ok_and(|n| n < u64::from(count))
}

/// Whether `decl` declares a name that renaming the range `prefix<count>` would produce.
fn clashes_with_range(decl: &Declaration, prefix: &str, count: u32) -> bool {
    if decl.name == prefix {
        return true;
    }
    decl.name.strip_prefix(prefix).is_some_and(|number| {
        number.bytes().all(|b| b.is_ascii_digit())
            && number.parse::<u64>().is_ok_and(|n| n < u64::from(count))
    })
}

/// Renames the name at `offset` to `new_name` at its declarations (a prototype and its
/// definition together) and every use. The new name must be a PTX identifier that nothing
/// else in the name's scope declares: the function for names declared in one, the whole
/// module for module-scope names (a local of that name would capture some of their uses).
pub fn rename(
    analysis: &PtxAnalysis,
    text: &str,
    offset: usize,
    new_name: &str,
) -> Result<Vec<TextEdit>, String> {
    let hit = hit(analysis, text, offset).ok_or_else(|| "no declared name here".to_string())?;
    let declarations = &analysis.symbols.declarations;
    let decl = &declarations[hit.declaration];
    if !is_identifier(new_name) {
        return Err(format!(
            "`{new_name}` is not a PTX identifier: a letter then letters, digits, `_` or `$`, \
             or `_`, `$` or `%` then at least one of those"
        ));
    }
    let range_count = decl.range_count;
    if range_count.is_some() && new_name.ends_with(|c: char| c.is_ascii_digit()) {
        return Err(format!(
            "`{new_name}` cannot prefix the registers of `{}<{}>`: it ends in a digit, so \
             `{new_name}1` would read as another register's number",
            decl.name,
            range_count.unwrap_or(0)
        ));
    }
    let group = same_symbol(analysis, hit.declaration);
    let module_items: Vec<TextRange> = analysis
        .module
        .items
        .iter()
        .filter(|item| matches!(item, Item::Function(_) | Item::Variable(_)))
        .map(Item::range)
        .collect();
    let at_module_scope = |d: &Declaration| module_items.contains(&d.statement_range);
    // The function the name is local to, if it is.
    let function = (!at_module_scope(decl))
        .then(|| {
            analysis.module.items.iter().find_map(|item| match item {
                Item::Function(f) if f.range.contains_offset(decl.name_range.start) => {
                    Some(f.range)
                }
                _ => None,
            })
        })
        .flatten();
    let in_scope = |d: &Declaration| match function {
        Some(range) => at_module_scope(d) || range.contains_offset(d.name_range.start),
        None => true,
    };
    let clash = declarations.iter().enumerate().find(|&(i, d)| {
        !group.contains(&i)
            && in_scope(d)
            && match range_count {
                Some(count) => clashes_with_range(d, new_name, count),
                None => declares(d, new_name),
            }
    });
    if let Some((_, other)) = clash {
        return Err(format!(
            "`{new_name}` is already declared in this scope: {} `{}` on line {}",
            other.kind.describe(),
            other.name,
            line_number(text, other.name_range.start)
        ));
    }
    let length = decl.name.len();
    let mut edits: Vec<TextEdit> = group
        .iter()
        .map(|&i| declarations[i].name_range)
        .chain(
            analysis
                .symbols
                .uses
                .iter()
                .filter(|(_, d)| group.contains(d))
                .map(|&(at, _)| TextRange::new(at.start, at.start + length)),
        )
        .map(|range| TextEdit {
            range,
            new_text: new_name.to_string(),
        })
        .collect();
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    edits.dedup_by_key(|e| e.range);
    Ok(edits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, header::Overrides};

    #[test]
    fn identifiers_follow_the_ptx_grammar() {
        for good in ["x", "%r", "%rd_1", "$L0", "_a", "Foo$1"] {
            assert!(is_identifier(good), "{good}");
        }
        for bad in ["", "%", "_", "1a", "%r-1", "a.b", "%r<2>", "é"] {
            assert!(!is_identifier(bad), "{bad}");
        }
    }

    #[test]
    fn a_member_of_a_range_renames_the_prefix() {
        let text = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n    .reg .b32 %r<4>;\n    mov.b32 %r3, %r1;\n}\n";
        let analysis = analyze(text, &Overrides::default(), true);
        let member = text.find("%r3").unwrap() + 2;
        let target = rename_target(&analysis, text, member).unwrap();
        assert_eq!(&text[target.start..target.end], "%r");
        let edits = rename(&analysis, text, member, "%x").unwrap();
        let mut renamed = text.to_string();
        for edit in edits.iter().rev() {
            renamed.replace_range(edit.range.start..edit.range.end, &edit.new_text);
        }
        assert!(renamed.contains(".reg .b32 %x<4>;\n    mov.b32 %x3, %x1;"));
        assert!(rename(&analysis, text, member, "%x2").is_err());
    }

    /// A name no fixture uses, with the declaration's sigil.
    fn fresh_name(old: &str) -> String {
        match old.chars().next() {
            Some(sigil @ ('%' | '$' | '_')) => format!("{sigil}zz_renamed"),
            _ => "zz_renamed".to_string(),
        }
    }

    /// On every valid oracle module, renaming any declared name keeps the module as it was:
    /// the renamed text analyses to the same findings (a missed use would be undeclared, a
    /// stray edit a syntax error), and the old name is gone from the edited places.
    #[test]
    fn renaming_keeps_real_modules_valid() {
        let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/oracle/ptx/valid");
        let mut renamed = 0;
        for entry in std::fs::read_dir(dir).expect("oracle fixtures exist") {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            let analysis = analyze(&text, &Overrides::default(), true);
            let codes = |a: &PtxAnalysis| -> Vec<&'static str> {
                a.diagnostics.iter().map(|d| d.rule.code).collect()
            };
            let before = codes(&analysis);
            for decl in analysis.symbols.declarations.iter() {
                let at = decl.name_range.start;
                let new_name = fresh_name(&decl.name);
                let edits = rename(&analysis, &text, at, &new_name)
                    .unwrap_or_else(|e| panic!("renaming {} refused: {e}", decl.name));
                let mut edited = text.clone();
                for edit in edits.iter().rev() {
                    edited.replace_range(edit.range.start..edit.range.end, &edit.new_text);
                }
                let after = analyze(&edited, &Overrides::default(), true);
                assert_eq!(
                    codes(&after),
                    before,
                    "renaming {} to {new_name}",
                    decl.name
                );
                renamed += 1;
            }
        }
        assert!(renamed > 200, "{renamed} renames");
    }
}
