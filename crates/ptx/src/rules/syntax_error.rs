//! PTX001 `syntax-error`: text that does not follow the PTX grammar, and declarations that
//! ptxas rejects as such.

use crate::ast::{self, SyntaxError};
use crate::declarations::is_identifier;
use crate::type_agreement;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::PtxType;

rules! {
    SYNTAX_ERROR = "PTX001" "syntax-error" Error fix=false {
        summary: "The text does not follow the PTX grammar",
        explanation: "The parser could not read this part of the module. speclint recovers after each error and reports every one, so fix them from the top: a later error may be a consequence of an earlier one. Common causes are a missing `;`, an unbalanced brace, a misspelt directive or an operand that is not a register, immediate, address or vector.",
        example: "add.s32 %r1, %r2, %r3     // missing ';'\nadd.s32 %r1, %r2, %r3;    // fixed",
    }
}

/// A parser error.
pub(crate) fn parse_error(e: &SyntaxError) -> Diagnostic {
    Diagnostic::new(
        &SYNTAX_ERROR,
        e.range,
        format!("syntax error: {}", e.message),
    )
}

/// A declared name that is no PTX identifier (PTX ISA §4.4).
pub(crate) fn not_an_identifier(name: &str, at: TextRange) -> Option<Diagnostic> {
    (!is_identifier(name)).then(|| {
        Diagnostic::new(
            &SYNTAX_ERROR,
            at,
            format!(
                "`{name}` is not a PTX identifier: a letter followed by letters, digits, `_` or `$`, or `_`, `$` or `%` followed by at least one of them, with no `.` or `::` (PTX ISA §4.4)"
            ),
        )
    })
}

/// A declaration's keywords shaped like a type that no PTX type is.
pub(crate) fn type_like_keywords(
    decl: &ast::VarDecl,
    source: &str,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let text = |r: TextRange| source.get(r.start..r.end).unwrap_or("");
    // `.global .u3 x;`: a token shaped like a type that no PTX type is (ptxas: a syntax error).
    for &keyword in &decl.keywords {
        if looks_like_a_type(text(keyword)) {
            diagnostics.push(Diagnostic::new(
                &SYNTAX_ERROR,
                keyword,
                format!(
                    "`{}` is not a PTX type; variables take the fundamental types `.b8`…`.b128`, `.u8`…`.u64`, `.s8`…`.s64`, `.f16`, `.f16x2`, `.f32`, `.f64` and `.pred` (PTX ISA §5.2.1)",
                    text(keyword)
                ),
            ));
        }
    }
}

/// `.reg .pred %p[4];`: registers are scalars or vectors, never arrays (section 5.4.3 is
/// about addressable variables); ptxas: "cannot be allocated into a register".
pub(crate) fn register_arrays(
    decl: &ast::VarDecl,
    source: &str,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let text = |r: TextRange| source.get(r.start..r.end).unwrap_or("");
    for declarator in &decl.declarators {
        let after = source
            .get(declarator.name.end..decl.range.end)
            .unwrap_or("");
        if after.trim_start().starts_with('[') {
            diagnostics.push(Diagnostic::new(
                &SYNTAX_ERROR,
                declarator.name,
                format!(
                    "`{}`: a register cannot be an array; declare a range of registers such as `{}<4>` instead",
                    text(declarator.name),
                    text(declarator.name)
                ),
            ));
        }
    }
}

/// Predicates live only in registers (section 5.4.1); ptxas rejects them in every other
/// state space, parameters included. `space`: the state space written.
pub(crate) fn predicate_outside_registers(ty: TextRange, space: &str) -> Diagnostic {
    Diagnostic::new(
        &SYNTAX_ERROR,
        ty,
        format!("a `.pred` variable cannot live in `{space}`: predicates are declared only in `.reg` (PTX ISA §5.4.1)"),
    )
}

/// A scalar `.param` of a packed type (ptxas: "cannot be allocated in .param state space",
/// as for vectors).
pub(crate) fn packed_parameter(ty: TextRange, fact: &PtxType) -> Diagnostic {
    Diagnostic::new(
        &SYNTAX_ERROR,
        ty,
        format!(
            "a `.param` cannot be of packed type `{}`: ptxas allocates no packed value in the parameter space (declare it `.b32`)",
            fact.name
        ),
    )
}

/// A register (`register`) or variable declared of an instruction type.
pub(crate) fn instruction_type_variable(
    ty: TextRange,
    fact: &PtxType,
    register: bool,
) -> Diagnostic {
    // `.reg .bf16 %h;`, `.global .u4 x;`: instruction types only (ptxas: a syntax
    // error, or "may only be used as an instruction type").
    let (what, holders) = if register {
        ("register", "registers")
    } else {
        ("variable", "variables")
    };
    let advice = if fact.register_types.is_empty() {
        String::new()
    } else {
        format!(
            ": declare {holders} holding `{}` data as {}",
            fact.name,
            quoted_alternatives(fact.register_types)
        )
    };
    Diagnostic::new(
        &SYNTAX_ERROR,
        ty,
        format!(
            "`{}` is not a {what} type{advice} (PTX ISA §{})",
            fact.name, fact.citation.section
        ),
    )
}

/// A variable of vector type (section 5.4.2) has two or four elements of a non-predicate
/// type, 128 bits at most; ptxas also allocates none in `.param` (a kernel's or function's
/// parameter, or one a call passes), whatever the spec's silence; a prototype's parameters
/// (`allocated` false) are not allocated, and ptxas takes them.
pub(crate) fn check_vector_declaration(
    decl: &ast::VarDecl,
    source: &str,
    allocated: bool,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let text = |r: speclint_base::text::TextRange| source.get(r.start..r.end).unwrap_or("");
    let is_vector_token = |t: &str| {
        t.strip_prefix(".v")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    if let Some(&odd) = decl.keywords.iter().find(|&&k| is_vector_token(text(k))) {
        diagnostics.push(Diagnostic::new(
            &SYNTAX_ERROR,
            odd,
            format!(
                "`{}`: a vector variable has 2 or 4 elements, declared `.v2` or `.v4` (PTX ISA §5.4.2)",
                text(odd)
            ),
        ));
        return;
    }
    let Some(vector) = decl.vector else { return };
    let length = speclint_spec_db::number_in(text(vector)).unwrap_or(0);
    let message = if !matches!(length, 2 | 4) {
        format!(
            "`{}`: a vector variable has 2 or 4 elements, declared `.v2` or `.v4` (PTX ISA §5.4.2)",
            text(vector)
        )
    } else if let Some(ty) = decl.ty.map(text).filter(|&ty| ty == ".pred") {
        format!("`{ty}` cannot be the element of a vector: predicates are scalar registers only (PTX ISA §5.4.2)")
    } else if let Some((ty, bits)) = decl.ty.map(text).and_then(|ty| {
        type_agreement::kind_and_bits(ty)
            .map(|(_, bits)| (ty, bits as usize * length))
            .filter(|&(_, bits)| bits > 128)
    }) {
        format!(
            "`{} {ty}` is {bits} bits: a vector is 128 bits at most (PTX ISA §5.4.2)",
            text(vector)
        )
    } else if allocated
        && decl
            .state_space
            .is_some_and(|s| text(s).starts_with(".param"))
    {
        format!(
            "a `.param` cannot be of vector type `{} {}`: ptxas allocates no vector in the parameter space (declare `.param .align N .b8 name[SIZE]`, or pass `.reg` vectors)",
            text(vector),
            decl.ty.map(text).unwrap_or("")
        )
    } else {
        return;
    };
    diagnostics.push(Diagnostic::new(&SYNTAX_ERROR, vector, message));
}

/// What ptxas rejects in a variable declaration (section 5.4): an `.align` that is not a power
/// of two, an initializer outside `.global` and `.const`, a `.local` variable at module scope.
pub(crate) fn check_variable(
    decl: &ast::VarDecl,
    source: &str,
    module_scope: bool,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let text = |r: speclint_base::text::TextRange| source.get(r.start..r.end).unwrap_or("");
    for &keyword in &decl.keywords {
        if text(keyword) != ".align" {
            continue;
        }
        let after = source.get(keyword.end..decl.range.end).unwrap_or("");
        let digits: String = after
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if let Ok(n) = digits.parse::<u64>() {
            if !n.is_power_of_two() {
                diagnostics.push(Diagnostic::new(
                    &SYNTAX_ERROR,
                    keyword,
                    format!("`.align {n}`: the alignment must be a power of two (PTX ISA §5.4.5)"),
                ));
            }
        }
    }
    let Some(space) = decl.state_space else {
        return;
    };
    let space_text = text(space);
    if module_scope && space_text == ".local" {
        diagnostics.push(Diagnostic::new(
            &SYNTAX_ERROR,
            space,
            "a `.local` variable cannot be declared at module scope (ptxas: not allowed with the ABI); declare it inside the function".to_string(),
        ));
    }
    let initialized = decl
        .declarators
        .first()
        .and_then(|d| source.get(d.name.end..decl.range.end))
        .is_some_and(|rest| rest.contains('='));
    if initialized && !matches!(space_text, ".global" | ".const") {
        diagnostics.push(Diagnostic::new(
            &SYNTAX_ERROR,
            space,
            format!("variables in `{space_text}` cannot have an initial value; only `.global` and `.const` ones can (PTX ISA §5.4.4)"),
        ));
    }
}

/// `.u3`, `.s7`, `.b12`, `.f8`: a letter of the integer, bit-size or float types and a width.
fn looks_like_a_type(token: &str) -> bool {
    let Some(rest) = token.strip_prefix('.') else {
        return false;
    };
    let mut chars = rest.chars();
    matches!(chars.next(), Some('b' | 'u' | 's' | 'f'))
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

fn quoted_alternatives(types: &[&str]) -> String {
    types
        .iter()
        .map(|t| format!("`{t}`"))
        .collect::<Vec<_>>()
        .join(" or ")
}

/// `.func f(.param .texref t)`: texture, sampler and surface references are module-scope
/// variables or kernel parameters (section 5.3); ptxas allocates none in a function's
/// parameters ("cannot be allocated in .param state space"), though it takes a prototype's.
pub(crate) fn check_opaque_function_parameter(
    decl: &ast::VarDecl,
    source: &str,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(ty) = decl.ty else { return };
    let name = source.get(ty.start..ty.end).unwrap_or("");
    if matches!(name, ".texref" | ".samplerref" | ".surfref") {
        diagnostics.push(Diagnostic::new(
            &SYNTAX_ERROR,
            ty,
            format!(
                "a function parameter cannot be `{name}`: texture, sampler and surface references are declared at module scope or as kernel parameters (PTX ISA §5.3)"
            ),
        ));
    }
}
