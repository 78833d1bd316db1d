//! Tree-sitter corpus runner shared by the grammar crates (`grammars/*/tests/corpus.rs` call [`run`] with their language and `test/corpus` directory). It runs the corpus tests
//! (`test/corpus/*.txt`) without the `tree-sitter` CLI, so `cargo test` covers them on machines
//! where the CLI is not installed.
//!
//! The file format and the comparison follow `tree-sitter test` (CLI 0.25-0.27):
//!
//! ```text
//! ==================
//! Test name
//! :error            (optional attributes on their own lines: :skip :error :cst :platform(os)
//! ==================  :fail-fast :language(name); :cst and :language are not supported here)
//!
//! source
//!
//! ------------------
//!
//! (expected s-expression)
//! ```
//!
//! Delimiters are 3+ `=` / `-`, optionally followed by a suffix that all delimiters in the file
//! share. The input is everything between the header and the (longest) divider, minus the final
//! newline. The expected tree has `;` comment lines removed and its whitespace collapsed; the actual
//! tree is `Node::to_sexp()`, with field names stripped unless the expected tree names fields.
//! `:error` cases pass when the tree contains an ERROR or MISSING node.
//!
//! `CORPUS_FILTER=substring` restricts the run to cases whose file or name contains the substring.
//!
//! `CORPUS_UPDATE=1` rewrites, instead of comparing, the expected tree of every (filtered,
//! non-`:error`, non-`:skip`) case that differs from the current parser output, indented and with
//! field names. Cases that already match keep their text (comments, layout), and a file none of
//! whose trees changed is not written. Review the diff before committing it.
//!
//! The unit tests at the end of this file run in every crate that includes it (as
//! `corpus_harness::pretty_round_trips` etc.).

use std::path::{Path, PathBuf};

struct Case {
    file: String,
    name: String,
    line: usize,
    input: String,
    expected: String,
    has_fields: bool,
    skip: bool,
    error: bool,
    unsupported: Option<String>,
    /// Lines (0-based) of the divider and of the end of the expected tree (exclusive).
    divider_line: usize,
    end_line: usize,
}

/// `Some((delimiter_len, suffix))` when `line` is 3+ `c` characters and an optional suffix.
fn delimiter(line: &str, c: char) -> Option<(usize, &str)> {
    let len = line.len() - line.trim_start_matches(c).len();
    (len >= 3).then(|| (len, line[len..].trim_end_matches(['\r', '\n'])))
}

fn suffix_matches(first: Option<&str>, suffix: &str) -> bool {
    match first {
        None => suffix.is_empty(),
        Some(f) => f == suffix,
    }
}

/// Removes `;` comment lines, collapses whitespace and drops spaces before `)`.
fn normalize(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut space = false;
    for line in raw.lines() {
        if line.trim_start().starts_with(';') {
            continue;
        }
        for ch in line.chars().chain(std::iter::once(' ')) {
            if ch.is_whitespace() {
                if !space && !out.is_empty() {
                    out.push(' ');
                    space = true;
                }
            } else {
                if ch == ')' && space {
                    out.pop();
                }
                out.push(ch);
                space = false;
            }
        }
    }
    out.trim_end().to_string()
}

/// Replaces ` field: (` with ` (` (the CLI's `strip_sexp_fields`).
fn strip_fields(sexp: &str) -> String {
    let mut out = String::with_capacity(sexp.len());
    let mut rest = sexp;
    while let Some(pos) = rest.find(": (") {
        if let Some(sp) = rest[..pos].rfind(' ') {
            let word = &rest[sp + 1..pos];
            if !word.is_empty() && word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                out.push_str(&rest[..=sp]);
                out.push('(');
                rest = &rest[pos + 3..];
                continue;
            }
        }
        out.push_str(&rest[..pos + 3]);
        rest = &rest[pos + 3..];
    }
    out.push_str(rest);
    out
}

fn parse_file(path: &Path) -> Vec<Case> {
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let content = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_content(&file, &content)
}

fn parse_content(file: &str, content: &str) -> Vec<Case> {
    let lines: Vec<&str> = content.split_inclusive('\n').collect();
    let first_suffix = lines.iter().find_map(|l| match delimiter(l, '=') {
        Some((_, s)) if !s.is_empty() => Some(s.to_string()),
        _ => None,
    });
    let first_suffix = first_suffix.as_deref();

    // Headers: (opening line, body start line, case without body).
    let mut headers: Vec<(usize, usize, Case)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        match parse_header(&lines, first_suffix, i, file) {
            Some((case, body_start)) => {
                headers.push((i, body_start, case));
                i = body_start;
            }
            None => i += 1,
        }
    }

    let mut cases = Vec::new();
    let ends: Vec<usize> = headers
        .iter()
        .skip(1)
        .map(|h| h.0)
        .chain(std::iter::once(lines.len()))
        .collect();
    for ((_, start, mut case), end) in headers.into_iter().zip(ends) {
        let body = &lines[start..end];
        // The longest matching `---` divider; on ties the later one.
        let mut best: Option<usize> = None;
        let mut best_len = 0;
        for (j, l) in body.iter().enumerate() {
            if let Some((len, suffix)) = delimiter(l, '-') {
                if suffix_matches(first_suffix, suffix) && len + suffix.len() >= best_len {
                    best = Some(j);
                    best_len = len + suffix.len();
                }
            }
        }
        let Some(div) = best else {
            panic!(
                "{file}:{}: case `{}` has no `---` divider",
                case.line, case.name
            );
        };
        let mut input: String = body[..div].concat();
        if input.ends_with('\n') {
            input.pop();
        }
        if input.ends_with('\r') {
            input.pop();
        }
        case.input = input;
        case.divider_line = start + div;
        case.end_line = end;
        case.expected = normalize(&body[div + 1..].concat());
        case.has_fields = case.expected.contains(": (");
        cases.push(case);
    }
    cases
}

fn parse_header(
    lines: &[&str],
    first_suffix: Option<&str>,
    start: usize,
    file: &str,
) -> Option<(Case, usize)> {
    let (_, suffix) = delimiter(lines[start], '=')?;
    if !suffix_matches(first_suffix, suffix) {
        return None;
    }
    let mut name = String::new();
    let mut seen_marker = false;
    let (mut skip, mut error, mut platform) = (false, false, None::<bool>);
    let mut unsupported = None;
    let mut i = start + 1;
    while i < lines.len() {
        if let Some((_, s)) = delimiter(lines[i], '=') {
            if suffix_matches(first_suffix, s) {
                break;
            }
        }
        let t = lines[i].trim();
        if t.is_empty() && !seen_marker {
            return None;
        }
        match t.split('(').next().unwrap() {
            ":skip" => (seen_marker, skip) = (true, true),
            ":error" => (seen_marker, error) = (true, true),
            ":fail-fast" => seen_marker = true,
            ":platform" => {
                seen_marker = true;
                let os = t
                    .strip_prefix(":platform(")
                    .and_then(|s| s.strip_suffix(')'))
                    .unwrap_or("");
                platform = Some(platform.unwrap_or(false) || os.trim() == std::env::consts::OS);
            }
            ":cst" | ":language" => {
                seen_marker = true;
                unsupported = Some(format!(
                    "attribute `{t}` is not supported by grammars/test-support/corpus.rs"
                ));
            }
            _ if !seen_marker => name.push_str(lines[i]),
            _ => {}
        }
        i += 1;
    }
    if i >= lines.len() {
        return None;
    }
    let case = Case {
        file: file.to_string(),
        name: name.trim_end().to_string(),
        line: start + 2,
        input: String::new(),
        expected: String::new(),
        has_fields: false,
        skip: skip || platform == Some(false),
        error: error && !skip,
        unsupported,
        divider_line: 0,
        end_line: 0,
    };
    Some((case, i + 1))
}

/// The `*.txt` files of `dir`, sorted.
fn corpus_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

/// Splits an s-expression into `(`, `)`, quoted strings and words.
fn sexp_tokens(sexp: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut chars = sexp.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            '(' | ')' => {
                tokens.push(c.to_string());
                chars.next();
            }
            c if c.is_whitespace() => {
                chars.next();
            }
            '"' | '\'' => {
                let quote = c;
                let mut t = String::from(c);
                chars.next();
                while let Some(d) = chars.next() {
                    t.push(d);
                    if d == '\\' {
                        if let Some(e) = chars.next() {
                            t.push(e);
                        }
                    } else if d == quote {
                        break;
                    }
                }
                tokens.push(t);
            }
            _ => {
                let mut t = String::new();
                while let Some(&d) = chars.peek() {
                    if d == '(' || d == ')' || d.is_whitespace() {
                        break;
                    }
                    t.push(d);
                    chars.next();
                }
                tokens.push(t);
            }
        }
    }
    tokens
}

/// `Node::to_sexp()` indented like `tree-sitter test --update` output, keeping field names.
/// `normalize(pretty(s)) == s`.
fn pretty(sexp: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut after_field = false;
    let mut after_open = false;
    for t in sexp_tokens(sexp) {
        match t.as_str() {
            "(" => {
                if !after_field && depth > 0 {
                    out.push('\n');
                    out.push_str(&"  ".repeat(depth));
                }
                out.push('(');
                depth += 1;
                after_field = false;
                after_open = true;
            }
            ")" => {
                out.push(')');
                depth -= 1;
                after_open = false;
            }
            word if word.ends_with(':') && !after_open => {
                out.push('\n');
                out.push_str(&"  ".repeat(depth));
                out.push_str(word);
                out.push(' ');
                after_field = true;
            }
            word => {
                if !after_open {
                    out.push(' ');
                }
                out.push_str(word);
                after_open = false;
            }
        }
    }
    out
}

/// The parser output for `case` in the form its expected tree is compared with: field names
/// are kept only when the expected tree names fields.
fn actual_sexp(case: &Case, root: tree_sitter::Node) -> String {
    let sexp = root.to_sexp();
    if case.has_fields {
        sexp
    } else {
        strip_fields(&sexp)
    }
}

/// Rewrites the expected trees of `path` that differ from the parser output (see
/// `CORPUS_UPDATE`); cases that already match keep their text. The file is written only when a
/// tree changed. Returns the number of rewritten trees.
fn update_file(path: &Path, parser: &mut tree_sitter::Parser, filter: &str) -> usize {
    let content = std::fs::read_to_string(path).unwrap();
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let lines: Vec<&str> = content.split_inclusive('\n').collect();
    let cases = parse_content(&file, &content);
    let mut out = String::new();
    let mut next = 0;
    let mut updated = 0;
    for case in cases {
        let selected =
            filter.is_empty() || case.file.contains(filter) || case.name.contains(filter);
        if !selected || case.skip || case.error || case.unsupported.is_some() {
            continue;
        }
        let tree = parser.parse(&case.input, None).expect("parse");
        let root = tree.root_node();
        if actual_sexp(&case, root) == case.expected {
            continue;
        }
        eprintln!(
            "corpus: updating {}:{} `{}`",
            case.file, case.line, case.name
        );
        out.push_str(&lines[next..=case.divider_line].concat());
        out.push('\n');
        out.push_str(&pretty(&root.to_sexp()));
        out.push_str("\n\n");
        next = case.end_line;
        updated += 1;
    }
    if updated > 0 {
        out.push_str(&lines[next..].concat());
        let trimmed = out.trim_end().to_string() + "\n";
        std::fs::write(path, trimmed).unwrap();
    }
    updated
}

/// Runs (or, with `CORPUS_UPDATE`, rewrites) every case of the `*.txt` files in `dir` with
/// `language`. `grammar` names the language in the message when it cannot be loaded.
pub fn run(language: tree_sitter::Language, grammar: &str, dir: &Path) {
    let filter = std::env::var("CORPUS_FILTER").unwrap_or_default();
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&language)
        .unwrap_or_else(|e| panic!("load {grammar} grammar: {e}"));
    if std::env::var_os("CORPUS_UPDATE").is_some() {
        let files = corpus_files(dir);
        let n: usize = files
            .iter()
            .map(|p| update_file(p, &mut parser, &filter))
            .sum();
        eprintln!(
            "corpus: updated {n} expected trees ({} files checked)",
            files.len()
        );
        return;
    }

    let files = corpus_files(dir);
    assert!(!files.is_empty(), "no *.txt files in {}", dir.display());
    let (mut passed, mut skipped) = (0, 0);
    let mut failures: Vec<String> = Vec::new();
    for path in &files {
        let cases = parse_file(path);
        let file = path.file_name().unwrap().to_string_lossy();
        assert!(!cases.is_empty(), "{file}: no test cases found");
        for case in cases {
            if !filter.is_empty() && !case.file.contains(&filter) && !case.name.contains(&filter) {
                continue;
            }
            let label = format!("{}:{} `{}`", case.file, case.line, case.name);
            if case.skip {
                skipped += 1;
                eprintln!("skip {label}");
                continue;
            }
            if let Some(why) = case.unsupported {
                failures.push(format!("{label}: {why}"));
                continue;
            }
            let tree = parser.parse(&case.input, None).expect("parse");
            let root = tree.root_node();
            if case.error {
                if root.has_error() {
                    passed += 1;
                } else {
                    failures.push(format!(
                        "{label}: expected an ERROR or MISSING node (`:error`), got\n    {}",
                        root.to_sexp()
                    ));
                }
                continue;
            }
            let actual = actual_sexp(&case, root);
            if actual == case.expected {
                passed += 1;
            } else {
                failures.push(format!(
                    "{label}:\n  expected: {}\n  actual:   {}\n  first difference at byte {}",
                    case.expected,
                    actual,
                    first_difference(&case.expected, &actual)
                ));
            }
        }
    }
    eprintln!(
        "corpus: {passed} passed, {} failed, {skipped} skipped ({} files)",
        failures.len(),
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} corpus case(s) failed:\n\n{}\n",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(passed > 0 || !filter.is_empty(), "no corpus case was run");
}

fn first_difference(a: &str, b: &str) -> usize {
    a.bytes()
        .zip(b.bytes())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()))
}

#[test]
fn pretty_round_trips() {
    let sexp = "(source_file (operation results: (result_list (result name: (value_name))) \
                name: (op_name) (ERROR (UNEXPECTED ')')) (MISSING \")\")))";
    let p = pretty(sexp);
    assert_eq!(normalize(&p), sexp, "{p}");
    assert!(p.contains("\n    results: (result_list\n"), "{p}");
}

#[test]
fn normalize_and_strip() {
    assert_eq!(
        normalize("(a\n  ; comment\n  f: (b)\n  (c  )\n)\n"),
        "(a f: (b) (c))"
    );
    assert_eq!(strip_fields("(a f: (b) g_2: (c (d)))"), "(a (b) (c (d)))");
}

#[test]
fn file_format() {
    let text = "==========\nFirst\n:error\n==========\n\nsource\n\n---\n\n(source_file)\n\n\
                =====\nSecond\n=====\nx\n---\nnot a divider\n-----\n(a\n  f: (b))\n";
    let cases = parse_content("t.txt", text);
    assert_eq!(cases.len(), 2);
    assert_eq!((cases[0].name.as_str(), cases[0].error), ("First", true));
    assert_eq!(cases[0].input, "\nsource\n");
    assert_eq!(cases[0].expected, "(source_file)");
    assert_eq!((cases[1].name.as_str(), cases[1].error), ("Second", false));
    assert_eq!(cases[1].input, "x\n---\nnot a divider");
    assert_eq!(
        (cases[1].expected.as_str(), cases[1].has_fields),
        ("(a f: (b))", true)
    );
}
