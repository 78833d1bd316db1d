//! How serious a finding is.

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    // Not produced by any PTX rule yet; the report formats and the LSP already map them.
    #[allow(dead_code)]
    Info,
    #[allow(dead_code)]
    Hint,
}

impl Severity {
    /// From most to least severe.
    pub const ALL: [Severity; 4] = [
        Severity::Error,
        Severity::Warning,
        Severity::Info,
        Severity::Hint,
    ];

    /// The severity a name (`as_str`) names.
    pub fn parse(name: &str) -> Option<Severity> {
        Severity::ALL.into_iter().find(|s| s.as_str() == name)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
            Severity::Hint => "hint",
        }
    }
}
