//! Whether an `asm` template is PTX (a CUDA file's host code, and headers shared with CPU code,
//! hold x86 or Arm assembly). Decided by content: some `;`-terminated statement of the template
//! starts (after any label and `@p` guard) with a PTX opcode that the spec-db knows followed
//! by a modifier (`add.u32`, `mov.b64`), or with any opcode and a PTX type among its
//! modifiers (`movv.u32`: a misspelt opcode is still PTX), or is one of the few PTX instructions without one
//! (`ret;`, `exit;`, `trap;`), or is a `.reg`/`.pragma` directive. x86 and Arm mnemonics carry
//! no `.` modifiers (`movl`, `add %w0, …`) and are not known PTX heads.

/// PTX instructions that are complete without a modifier.
const BARE_INSTRUCTIONS: &[&str] = &["ret", "exit", "trap", "brkpt", "bra", "call", "pmevent"];

/// Directives that only PTX has inside an `asm` template.
const DIRECTIVES: &[&str] = &[".reg", ".pragma", ".shared", ".local", ".param"];

pub fn looks_like_ptx(template: &str) -> bool {
    let mut text = String::with_capacity(template.len());
    // `//` comments run to the end of the line.
    for line in template.split('\n') {
        text.push_str(line.split("//").next().unwrap_or(""));
        text.push('\n');
    }
    let mut statements: Vec<&str> = text.split(';').collect();
    statements.pop(); // What follows the last `;` is not terminated.
    statements.into_iter().any(statement_is_ptx)
}

fn statement_is_ptx(statement: &str) -> bool {
    let mut rest =
        statement.trim_start_matches(|c: char| c.is_whitespace() || c == '{' || c == '}');
    // A label: `LOOP:` (not `::` of a modifier).
    if let Some(colon) = rest.find(':') {
        let label = &rest[..colon];
        if !label.is_empty()
            && !rest[colon..].starts_with("::")
            && label
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_$%".contains(c))
        {
            rest = rest[colon + 1..]
                .trim_start_matches(|c: char| c.is_whitespace() || c == '{' || c == '}');
        }
    }
    if let Some(guarded) = rest.strip_prefix('@') {
        let end = guarded.find(char::is_whitespace).unwrap_or(guarded.len());
        rest = guarded[end..].trim_start();
    }
    let token = rest
        .split(|c: char| c.is_whitespace() || c == ',')
        .next()
        .unwrap_or("");
    if token.starts_with('.') {
        return DIRECTIVES.contains(&token);
    }
    let (head, modifiers) = match token.split_once('.') {
        Some((head, modifiers)) => (head, !modifiers.is_empty()),
        None => (token, false),
    };
    // A PTX type among the modifiers (`.u32`, `.b64`) marks PTX even where the opcode is
    // misspelt: no CPU assembly writes types so.
    let typed = token
        .split('.')
        .skip(1)
        .any(|m| speclint_spec_db::ptx::is_type_token(&format!(".{m}")));
    if head.is_empty() || !(typed || speclint_spec_db::ptx::is_known_head(head)) {
        return false;
    }
    typed || modifiers || BARE_INSTRUCTIONS.contains(&head)
}

#[cfg(test)]
mod tests {
    use super::looks_like_ptx;

    #[test]
    fn ptx_templates_are_told_from_cpu_assembly() {
        for ptx in [
            "mov.u32 %0, %%laneid;",
            "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %1, 0;\n\t@p mov.u32 %0, 1;\n}",
            "LOOP: @!%p bra.uni LOOP;",
            "exit;",
            "wgmma.fence.sync.aligned;",
            "movv.u32 %0, %%laneid;",
        ] {
            assert!(looks_like_ptx(ptx), "{ptx}");
        }
        for cpu in [
            "movl %1, %0",
            "lock; xaddl %0, %1",
            "add %w0, %w1, %w2",
            "mov %0, %1; add %0, %0, 1;",
            "cpuid",
            "vmovups.x %0; ldr.w r0, [r1];",
            "dmb ish",
            "rdtsc; shl $32, %%rdx; or %%rdx, %0",
            "",
            "// ret.u32;\n",
        ] {
            assert!(!looks_like_ptx(cpu), "{cpu}");
        }
    }
}
