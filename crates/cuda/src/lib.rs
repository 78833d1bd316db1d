//! CUDA C++: the PTX in `asm` statements. C++ text -> the statements (`statements`, with
//! tree-sitter-cpp) -> each template's PTX with its source map (`literal`) -> the operands bound
//! (`operands`, `template`) -> the PTX checker's findings on a synthetic module, mapped back
//! (`check`). `docs/cuda.md` describes it.

mod check;
mod compile_commands;
mod cpp_types;
mod directions;
mod ide;
pub mod language;
mod literal;
mod operands;
mod preprocessor;
mod ptx_like;
mod rules;
mod split_scopes;
mod statements;
mod string_macros;
mod targets;
mod template;

/// The language's id (`Language::id`): its settings section and the LSP language id VS Code
/// gives CUDA files.
pub const LANGUAGE_ID: &str = "cuda-cpp";

pub use ide::PlaceholderHover;
pub use targets::{StatementTarget, TargetSource};

use speclint_base::diagnostic::Diagnostic;
use speclint_base::settings::LanguageSettings;

/// The findings in one C++ file.
pub struct CudaAnalysis {
    pub diagnostics: Vec<Diagnostic>,
    /// How many `asm` statements the file has (PTX or not).
    pub statements: usize,
    /// Each statement's target and where it comes from, in text order.
    pub targets: Vec<StatementTarget>,
    /// The hover of each `%N` bound to an operand, in text order.
    pub placeholders: Vec<PlaceholderHover>,
    /// The synthetic modules and their PTX analyses, kept where hovers are (`with_hovers`).
    views: Vec<ide::PtxView>,
}

pub fn analyze(text: &str, settings: &LanguageSettings) -> CudaAnalysis {
    analyze_file(text, None, settings, true)
}

/// [`analyze`] for the file at `path`: the project headers it includes (`#include "…"`) are
/// read for the macros its conditions use. `with_hovers` keeps the `%N` hovers and the PTX
/// analyses the editor features ask, which a server answers from and a one-shot check does not
/// need.
pub fn analyze_file(
    text: &str,
    path: Option<&std::path::Path>,
    settings: &LanguageSettings,
    with_hovers: bool,
) -> CudaAnalysis {
    let found = statements::find(text);
    let mut diagnostics = Vec::new();
    let entry = path.and_then(compile_commands::entry_of);
    let mut build = check::Build {
        database: None,
        includes: entry
            .as_ref()
            .map(|e| e.includes.clone())
            .unwrap_or_default(),
    };
    // Without a target in the settings, the lowest the file's compile command builds.
    let mut with_target = None;
    if let Some(entry) = entry.filter(|_| settings.text("target").is_none()) {
        if let Some(lowest) = entry.targets.first() {
            let mut configured = settings.clone();
            configured.set(
                "target",
                speclint_base::settings::Setting {
                    value: speclint_base::settings::Value::Text(lowest.to_string()),
                    origin: Some("the file's entry in compile_commands.json"),
                },
            );
            with_target = Some(configured);
            build.database = Some(entry.database);
        }
    }
    let settings = with_target.as_ref().unwrap_or(settings);
    let mut placeholders = Vec::new();
    let mut views = Vec::new();
    let targets = check::statements(
        text,
        path,
        &build,
        &found,
        settings,
        &mut diagnostics,
        with_hovers.then_some(ide::Answers {
            placeholders: &mut placeholders,
            views: &mut views,
        }),
    );
    diagnostics.sort_by_key(|d| (d.range.start, d.rule.code));
    placeholders.sort_by_key(|h| h.range.start);
    CudaAnalysis {
        diagnostics,
        statements: found.len(),
        targets,
        placeholders,
        views,
    }
}

/// Does the text hold an `asm` statement whose template looks like PTX? A cheap look at the
/// string literals after each `asm` keyword, without parsing the C++.
pub fn sniff(text: &str) -> bool {
    statements::asm_keywords(text)
        .any(|at| ptx_like::looks_like_ptx(&template_strings(&text[at..])))
}

/// The contents of the string literals from the `(` after an `asm` keyword to its first `:`
/// or closing `)`, roughly decoded (enough to tell PTX from other assembly).
fn template_strings(after_keyword: &str) -> String {
    const WINDOW: usize = 16 * 1024;
    let bytes = after_keyword.as_bytes();
    let limit = bytes.len().min(WINDOW);
    let mut out = String::new();
    let Some(open) = after_keyword[..limit.min(after_keyword.len())]
        .bytes()
        .position(|b| b == b'(')
    else {
        return out;
    };
    let mut i = open + 1;
    while i < limit {
        match bytes[i] {
            b':' | b')' => break,
            b'"' if i > 0 && bytes[i - 1] == b'R' => {
                let rest = &after_keyword[i + 1..];
                let Some(paren) = rest.find('(') else { break };
                let closing = format!("){}\"", &rest[..paren]);
                let body = &rest[paren + 1..];
                let end = body.find(&closing).unwrap_or(body.len());
                out.push_str(&body[..end]);
                i += 1 + paren + 1 + end + closing.len();
            }
            b'"' => {
                i += 1;
                while i < limit && bytes[i] != b'"' && bytes[i] != b'\n' {
                    if bytes[i] == b'\\' && i + 1 < limit {
                        out.push(match bytes[i + 1] {
                            b'n' => '\n',
                            b't' => ' ',
                            other => other as char,
                        });
                        i += 2;
                    } else {
                        out.push(bytes[i] as char);
                        i += 1;
                    }
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests;
