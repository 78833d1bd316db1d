//! What one declaration declares — its name, kind, type, state space and where it stands — and
//! PTX's identifier syntax. The symbol walk (`symbols`) records them; the rules read them.

use speclint_base::text::TextRange;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclKind {
    Register,
    Variable,
    Parameter,
    Label,
    Function,
}

impl DeclKind {
    pub fn describe(self) -> &'static str {
        match self {
            DeclKind::Register => "register",
            DeclKind::Variable => "variable",
            DeclKind::Parameter => "parameter",
            DeclKind::Label => "label",
            DeclKind::Function => "function",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Declaration {
    pub name: String,
    pub kind: DeclKind,
    /// The declared type (`.b32`, `.pred`); None for labels and functions.
    pub ty: Option<String>,
    pub vector: Option<String>,
    pub state_space: Option<String>,
    pub name_range: TextRange,
    /// The whole declaring statement, shown in hovers.
    pub statement_range: TextRange,
    /// `%r<N>` declares N registers `%r0`..`%r(N-1)`.
    pub range_count: Option<u32>,
    /// `.extern` declarations and function prototypes may be followed by a definition.
    pub is_declaration_only: bool,
    /// Functions: how many return parameters and parameters they declare.
    pub signature: Option<(usize, usize)>,
    /// Labels that name a list: `.branchtargets`, `.calltargets` or `.callprototype`.
    pub label_list: Option<String>,
    /// Where the name first became visible (a prototype before the definition).
    pub visible_from: usize,
    /// For a function's own parameter: which kind (what `ld.param`/`st.param` may do with it).
    pub parameter_of: Option<ParameterOf>,
}

impl Declaration {
    /// A register of vector type (`.reg .v4 .u32 v`).
    pub fn is_vector_register(&self) -> bool {
        self.kind == DeclKind::Register && self.vector.is_some()
    }
}

/// Whose parameter a `.param` declaration of a function's signature is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParameterOf {
    /// A kernel's (`.entry`) parameter: `.param::entry`, read-only.
    KernelInput,
    /// A device function's input parameter: `.param::func`, read-only.
    FunctionInput,
    /// A device function's return parameter: `.param::func`, written with `st.param`.
    FunctionReturn,
}

/// PTX's identifier syntax: `[a-zA-Z][a-zA-Z0-9_$]*` or `[_$%][a-zA-Z0-9_$]+`.
pub(crate) fn is_identifier(name: &str) -> bool {
    let bytes = name.as_bytes();
    let follows = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'$';
    match bytes.split_first() {
        Some((first, rest)) if first.is_ascii_alphabetic() => rest.iter().all(follows),
        Some((b'_' | b'$' | b'%', rest)) => !rest.is_empty() && rest.iter().all(follows),
        _ => false,
    }
}
