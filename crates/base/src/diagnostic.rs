//! The protocol-neutral result model: diagnostics with byte ranges, and the fixes that go
//! with them. The CLI and the LSP glue each convert these to their own shapes.

use crate::rules::Rule;
use crate::text::TextRange;

pub use crate::severity::Severity;

/// One text replacement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEdit {
    pub range: TextRange,
    pub new_text: String,
}

/// Whether `--fix` may apply a fix unasked (ruff's applicability).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applicability {
    /// It keeps what the program means (removing an unused suppression, declaring a capability
    /// the module already uses): `--fix` applies it.
    Safe,
    /// It changes what the program means or guesses what the author wanted (raising
    /// `.target`, respelling an opcode): only with `--unsafe-fixes`. New fixes start here.
    Unsafe,
}

/// A named set of edits that resolves a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<TextEdit>,
    pub applicability: Applicability,
}

impl Fix {
    pub fn replace(
        title: impl Into<String>,
        range: TextRange,
        new_text: impl Into<String>,
    ) -> Self {
        Fix {
            title: title.into(),
            edits: vec![TextEdit {
                range,
                new_text: new_text.into(),
            }],
            applicability: Applicability::Unsafe,
        }
    }

    /// Marks the fix safe to apply unasked; the caller says why in a comment.
    pub fn safe(mut self) -> Self {
        self.applicability = Applicability::Safe;
        self
    }

    pub fn insert(title: impl Into<String>, at: usize, text: impl Into<String>) -> Self {
        Self::replace(title, TextRange::empty(at), text)
    }
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub rule: &'static Rule,
    pub severity: Severity,
    pub range: TextRange,
    pub message: String,
    /// Fixes in order of preference. `--fix` applies one only when it is the only fix: among
    /// alternatives the author has to choose.
    pub fixes: Vec<Fix>,
}

impl Diagnostic {
    pub fn new(rule: &'static Rule, range: TextRange, message: impl Into<String>) -> Self {
        Diagnostic {
            rule,
            severity: rule.severity,
            range,
            message: message.into(),
            fixes: Vec::new(),
        }
    }

    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fixes.push(fix);
        self
    }

    pub fn with_fixes(mut self, fixes: impl IntoIterator<Item = Fix>) -> Self {
        self.fixes.extend(fixes);
        self
    }
}
