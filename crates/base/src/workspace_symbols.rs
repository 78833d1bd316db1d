//! Workspace symbols in plain data: the names worth jumping to from anywhere (kernels and
//! functions, module-scope variables, Tile IR modules with their entries and globals, SPIR-V
//! entry points and named functions), taken from each file's outline, and the fuzzy match of
//! an editor's query against them. Parameters and labels stay in the document outline.

use crate::navigation::{DocumentSymbol, SymbolKind};
use crate::text::TextRange;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkspaceSymbol {
    pub name: String,
    pub kind: SymbolKind,
    /// What it is in (a Tile IR module), shown next to it.
    pub container: Option<String>,
    /// The name's range in its file.
    pub range: TextRange,
}

/// The workspace symbols of one file's outline: each top-level entry, and the entries of a
/// module (with the module as their container).
pub fn from_outline(outline: Vec<DocumentSymbol>) -> Vec<WorkspaceSymbol> {
    let mut symbols = Vec::new();
    for entry in outline {
        if entry.kind == SymbolKind::Module {
            for child in &entry.children {
                symbols.push(WorkspaceSymbol {
                    name: child.name.clone(),
                    kind: child.kind,
                    container: Some(entry.name.clone()),
                    range: child.selection_range,
                });
            }
        }
        symbols.push(WorkspaceSymbol {
            name: entry.name,
            kind: entry.kind,
            container: None,
            range: entry.selection_range,
        });
    }
    symbols
}

/// Whether `query`'s characters appear in `name` in order, ignoring case and a sigil typed or
/// not (`%`, `@`, `$`): `scl` finds `@scale`, `mmk` `matmul_kernel`. An empty query matches
/// everything.
pub fn matches(query: &str, name: &str) -> bool {
    let mut wanted = query
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .peekable();
    for c in name.chars().flat_map(char::to_lowercase) {
        if wanted.peek() == Some(&c) {
            wanted.next();
        }
    }
    wanted.peek().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_match_as_subsequences_ignoring_case() {
        assert!(matches("", "anything"));
        assert!(matches("scl", "@scale"));
        assert!(matches("@SCALE", "@scale"));
        assert!(matches("mmk", "matmul_kernel"));
        assert!(!matches("kmm", "matmul_kernel"));
        assert!(!matches("scales", "@scale"));
    }

    #[test]
    fn modules_contribute_their_entries() {
        let symbol = |name: &str, kind, children| DocumentSymbol {
            name: name.to_string(),
            detail: String::new(),
            kind,
            range: TextRange::new(0, 10),
            selection_range: TextRange::new(1, 2),
            children,
        };
        let outline = vec![
            symbol(
                "@kernels",
                SymbolKind::Module,
                vec![symbol("@scale", SymbolKind::Function, Vec::new())],
            ),
            symbol(
                "kernel",
                SymbolKind::Function,
                vec![symbol("param", SymbolKind::Variable, Vec::new())],
            ),
        ];
        let found: Vec<(String, Option<String>)> = from_outline(outline)
            .into_iter()
            .map(|s| (s.name, s.container))
            .collect();
        assert_eq!(
            found,
            [
                ("@scale".to_string(), Some("@kernels".to_string())),
                ("@kernels".to_string(), None),
                ("kernel".to_string(), None),
            ]
        );
    }
}
