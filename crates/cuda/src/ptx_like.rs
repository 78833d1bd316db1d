//! Whether an `asm` template is PTX (a CUDA file's host code, and headers shared with CPU code,
//! hold x86 or Arm assembly). Decided by content: some `;`-terminated statement of the template
//! starts (after any label and `@p` guard) with a PTX opcode that the spec-db knows followed
//! by a modifier (`add.u32`, `mov.b64`), or with any opcode and a PTX type among its
//! modifiers (`movv.u32`: a misspelt opcode is still PTX), or is one of the few PTX instructions without one
//! (`ret;`, `exit;`, `trap;`), or is a `.reg`/`.pragma` directive; or the template is only
//! braces (a scope for other statements). x86 and Arm mnemonics carry no `.` modifiers
//! (`movl`, `add %w0, …`) and are not known PTX heads.

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
    // Only braces: a PTX scope opened or closed for other statements (`asm("}")`); no CPU
    // assembly is written so.
    if text.contains(['{', '}']) && text.chars().all(|c| c.is_whitespace() || "{}".contains(c)) {
        return true;
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
    if head.is_empty() {
        return false;
    }
    if !(typed || speclint_spec_db::ptx::is_known_head(head)) {
        return modifiers && misspelt_head(head, token);
    }
    typed || modifiers || BARE_INSTRUCTIONS.contains(&head)
}

/// A PTX opcode with a typo in its first segment (`cpx.async.commit_group`, `barx.sync`): one
/// edit from a known head, and either PTX's `::` in a modifier, two or more modifiers, or a head
/// of four letters or more (Arm's `ldr.w`, `b.eq` are one short modifier on a short head).
fn misspelt_head(head: &str, token: &str) -> bool {
    let modifiers = token.split('.').skip(1).count();
    let shaped = token.contains("::") || modifiers >= 2 || head.len() >= 4;
    if !shaped || !head.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return false;
    }
    let known = |candidate: &str| speclint_spec_db::ptx::is_known_head(candidate);
    let bytes = head.as_bytes();
    let letters = (b'a'..=b'z').chain(b'0'..=b'9');
    for i in 0..bytes.len() {
        // A letter too many, two swapped, one wrong.
        let mut deleted = bytes.to_vec();
        deleted.remove(i);
        if known(std::str::from_utf8(&deleted).unwrap_or("")) {
            return true;
        }
        if i + 1 < bytes.len() {
            let mut swapped = bytes.to_vec();
            swapped.swap(i, i + 1);
            if known(std::str::from_utf8(&swapped).unwrap_or("")) {
                return true;
            }
        }
        for letter in letters.clone() {
            let mut changed = bytes.to_vec();
            changed[i] = letter;
            if known(std::str::from_utf8(&changed).unwrap_or("")) {
                return true;
            }
        }
    }
    // A letter missing.
    (0..=bytes.len()).any(|i| {
        letters.clone().any(|letter| {
            let mut inserted = bytes.to_vec();
            inserted.insert(i, letter);
            known(std::str::from_utf8(&inserted).unwrap_or(""))
        })
    })
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
            "cpx.async.commit_group;",
            "griddepcontrolx.launch_dependents;",
            "tcgen05x.fence::before_thread_sync;",
            "}",
            "{\n\t",
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
            "b.eq 1f; str.w r0, [r1];",
            "dmb ish",
            "rdtsc; shl $32, %%rdx; or %%rdx, %0",
            "",
            "// ret.u32;\n",
        ] {
            assert!(!looks_like_ptx(cpu), "{cpu}");
        }
    }
}
