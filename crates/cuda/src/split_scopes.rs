//! PTX scopes that span statements. nvcc writes the `asm` statements of one C++ function into
//! one PTX function, in order, so `asm("{ .reg .pred p;")` … `asm("… p …")` … `asm("}")` is one
//! scope (CCCL's `for_each_canceled.h` writes its cancellation queries this way). Each statement
//! of such a run is checked with what the others leave open: the `{`s before it, with the
//! declarations made in them, and the `}`s after it.

use crate::cpp_types::code_bytes;
use speclint_base::text::TextRange;

/// What a statement of a run is checked between: text put before and after its template.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    pub prologue: String,
    pub epilogue: String,
}

/// One statement, as the runs are found: its PTX template and the function it is in.
pub struct Member<'t> {
    pub template: &'t str,
    pub function: Option<TextRange>,
}

/// The context of each member, in order: `None` for those in no run. A run starts at a
/// template that leaves a `{` open and takes the following members of the same function until
/// the braces balance; one that never balances is no run, so its own check reports the `{`.
pub fn contexts(members: &[Member<'_>]) -> Vec<Option<Context>> {
    let mut contexts = vec![None; members.len()];
    let mut first = 0;
    while first < members.len() {
        let Some(last) = run_end(members, first) else {
            first += 1;
            continue;
        };
        let mut open: Vec<Vec<String>> = Vec::new();
        for (member, context) in members[first..=last]
            .iter()
            .zip(&mut contexts[first..=last])
        {
            let mut prologue = String::new();
            for declarations in &open {
                prologue.push_str("{\n");
                for declaration in declarations {
                    prologue.push_str(declaration);
                    prologue.push_str(";\n");
                }
            }
            follow(member.template, &mut open);
            *context = Some(Context {
                prologue,
                epilogue: "\n}".repeat(open.len()),
            });
        }
        first = last + 1;
    }
    contexts
}

/// The last member of the run that starts at `first`, if one does.
fn run_end(members: &[Member<'_>], first: usize) -> Option<usize> {
    let function = members[first].function?;
    let (lowest, mut depth) = depths(members[first].template);
    if lowest < 0 || depth <= 0 {
        return None;
    }
    for (index, member) in members.iter().enumerate().skip(first + 1) {
        if member.function != Some(function) {
            return None;
        }
        let (lowest, change) = depths(member.template);
        if depth + lowest < 0 {
            return None;
        }
        depth += change;
        if depth == 0 {
            return Some(index);
        }
    }
    None
}

/// The lowest brace depth a template reaches and the depth it ends at, from 0.
fn depths(template: &str) -> (i64, i64) {
    let (mut depth, mut lowest) = (0i64, 0i64);
    code_bytes(template, |_, byte| match byte {
        b'{' => depth += 1,
        b'}' => {
            depth -= 1;
            lowest = lowest.min(depth);
        }
        _ => {}
    });
    (lowest, depth)
}

/// Follows a template's scopes: `open` holds the declarations of each open `{`, outermost first.
fn follow(template: &str, open: &mut Vec<Vec<String>>) {
    let mut statement = Vec::new();
    code_bytes(template, |_, byte| match byte {
        b'{' => {
            open.push(Vec::new());
            statement.clear();
        }
        b'}' => {
            open.pop();
            statement.clear();
        }
        b';' => {
            let text = String::from_utf8_lossy(&statement).trim().to_string();
            if let Some(scope) = open.last_mut().filter(|_| is_declaration(&text)) {
                scope.push(text);
            }
            statement.clear();
        }
        other => statement.push(other),
    });
}

/// A variable declaration that another statement of the run may name (`.reg .pred p`); one of
/// a placeholder's register would name another statement's operand.
fn is_declaration(statement: &str) -> bool {
    [".reg", ".local", ".shared", ".param", ".const"]
        .iter()
        .any(|space| statement.starts_with(space))
        && !statement.contains("%speclint")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(template: &str, function: usize) -> Member<'_> {
        Member {
            template,
            function: Some(TextRange::new(function, function + 1)),
        }
    }

    #[test]
    fn a_run_carries_open_scopes_and_their_declarations() {
        let members = [
            member("mov.u32 %speclint_op0, 1;", 0),
            member("{\n\t.reg .pred p; // {\n\t.reg .b128 q;", 0),
            member("mov.b128 q, %speclint_op0;", 0),
            member("setp.ne.b32 p, 1, 0;\n}", 0),
        ];
        let contexts = contexts(&members);
        assert_eq!(contexts[0], None);
        let opener = contexts[1].as_ref().unwrap();
        assert_eq!(
            (opener.prologue.as_str(), opener.epilogue.as_str()),
            ("", "\n}")
        );
        let middle = contexts[2].as_ref().unwrap();
        assert_eq!(middle.prologue, "{\n.reg .pred p;\n.reg .b128 q;\n");
        assert_eq!(middle.epilogue, "\n}");
        let closer = contexts[3].as_ref().unwrap();
        assert_eq!(closer.prologue, middle.prologue);
        assert_eq!(closer.epilogue, "");
    }

    #[test]
    fn no_run_across_functions_or_without_a_close() {
        let across = [member("{ .reg .pred p;", 0), member("}", 7)];
        assert_eq!(contexts(&across), [None, None]);
        let unclosed = [member("{ .reg .pred p;", 0), member("mov.u32 %r1, 1;", 0)];
        assert_eq!(contexts(&unclosed), [None, None]);
        let outside = [Member {
            template: "{",
            function: None,
        }];
        assert_eq!(contexts(&outside), [None]);
        let closes_first = [member("}", 0), member("{", 0)];
        assert_eq!(contexts(&closes_first), [None, None]);
    }
}
