//! The preprocessor conditions around each statement, evaluated for each target: the
//! `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else` chains of the file (an `#elif` or `#else` holds where
//! the conditions before it did not), over the macros nvcc defines for the target and those the
//! file and the project headers it `#include "…"`s define. A condition over anything else is
//! unknown, and so is a statement under it.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use speclint_spec_db::{Target, TargetSuffix, Version};

/// Three-valued truth: a condition over a macro speclint does not know is `Unknown`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tri {
    Yes,
    No,
    Unknown,
}

impl Tri {
    pub fn and(self, other: Tri) -> Tri {
        match (self, other) {
            (Tri::No, _) | (_, Tri::No) => Tri::No,
            (Tri::Yes, Tri::Yes) => Tri::Yes,
            _ => Tri::Unknown,
        }
    }

    fn not(self) -> Tri {
        match self {
            Tri::Yes => Tri::No,
            Tri::No => Tri::Yes,
            Tri::Unknown => Tri::Unknown,
        }
    }

    fn or(self, other: Tri) -> Tri {
        self.not().and(other.not()).not()
    }

    fn of(value: Option<i64>) -> Tri {
        match value {
            Some(0) => Tri::No,
            Some(_) => Tri::Yes,
            None => Tri::Unknown,
        }
    }
}

/// A macro's definition for one target: its text, or not known (defined under a condition
/// speclint could not evaluate).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Definition {
    Text(String),
    Unknown,
}

/// An nvcc release and the PTX ISA version it writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compiler {
    /// `__CUDACC_VER_MAJOR__.__CUDACC_VER_MINOR__`.
    pub cuda: Version,
    pub ptx: Version,
}

/// The oldest nvcc whose version a guard is evaluated for: CCCL's `__cccl_ptx_isa` table
/// (`cuda/std/__cccl/ptx_isa.h`) starts there, and nvcc 13 builds nothing older than sm_75.
const OLDEST_COMPILER: Version = Version::new(11, 0);

/// The nvcc releases of the spec-db's PTX ISA versions (its release table), oldest first.
pub fn compilers() -> Vec<Compiler> {
    speclint_spec_db::ptx::VERSIONS
        .iter()
        .filter_map(|v| {
            let cuda = v.cuda.filter(|c| *c >= OLDEST_COMPILER)?;
            Some(Compiler {
                cuda,
                ptx: v.version,
            })
        })
        .collect()
}

/// The nvcc speclint assumes where no guard names a version: the one of the newest PTX ISA
/// version the spec-db knows.
pub fn newest_compiler() -> Compiler {
    compilers().last().copied().unwrap_or(Compiler {
        cuda: Version::new(13, 0),
        ptx: Version::new(9, 0),
    })
}

/// The macros nvcc 13 defines in the device pass for `target` (`nvcc --dryrun -arch=…`, see
/// docs/cuda.md): `__CUDA_ARCH__` always; `sm_NNf` adds `__CUDA_ARCH_FAMILY_SPECIFIC__`;
/// `sm_NNa` adds that, `__CUDA_ARCH_SPECIFIC__` and `__CUDA_ARCH_FEAT_SMNN_ALL`. And the
/// version macros of `compiler`: its own, and CCCL's `__cccl_ptx_isa` (the PTX ISA version
/// times 100, as `<cuda/std/__cccl/ptx_isa.h>` defines it for nvcc), which library code tests
/// without naming the header.
fn predefined(target: Target, compiler: Compiler) -> HashMap<String, Definition> {
    let arch = (u32::from(target.number) * 10).to_string();
    let mut macros = HashMap::new();
    let mut define = |name: &str, value: &str| {
        macros.insert(name.to_string(), Definition::Text(value.to_string()));
    };
    define("__CUDA_ARCH__", &arch);
    define("__CUDACC__", "1");
    define("__NVCC__", "1");
    define("__CUDACC_VER_MAJOR__", &compiler.cuda.major.to_string());
    define("__CUDACC_VER_MINOR__", &compiler.cuda.minor.to_string());
    let isa = u32::from(compiler.ptx.major) * 100 + u32::from(compiler.ptx.minor) * 10;
    define("__cccl_ptx_isa", &isa.to_string());
    if target.suffix != TargetSuffix::Plain {
        define("__CUDA_ARCH_FAMILY_SPECIFIC__", &arch);
    }
    if target.suffix == TargetSuffix::ArchSpecific {
        define("__CUDA_ARCH_SPECIFIC__", &arch);
        define(&format!("__CUDA_ARCH_FEAT_SM{}_ALL", target.number), "1");
    }
    macros
}

/// The macros that name the compiler's version: only a file or header that mentions one is
/// evaluated for each compiler.
const VERSION_MACROS: &[&str] = &[
    "__CUDACC_VER_MAJOR__",
    "__CUDACC_VER_MINOR__",
    "__cccl_ptx_isa",
];

/// Names nvcc's defining or not is known for every target: absent from [`predefined`], they
/// are not defined.
fn is_standard(name: &str) -> bool {
    matches!(
        name,
        "__CUDA_ARCH__"
            | "__CUDA_ARCH_SPECIFIC__"
            | "__CUDA_ARCH_FAMILY_SPECIFIC__"
            | "__CUDACC__"
            | "__NVCC__"
            | "__CUDACC_VER_MAJOR__"
            | "__CUDACC_VER_MINOR__"
            | "__cccl_ptx_isa"
    ) || (name.starts_with("__CUDA_ARCH_FEAT_SM") && name.ends_with("_ALL"))
}

/// One directive that holds a statement, as written (`#if __CUDA_ARCH__ >= 900`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enclosing {
    pub text: String,
    /// The directive's line (from its `#` to the end of the line).
    pub range: speclint_base::text::TextRange,
}

/// What the preprocessor makes of a statement at each target.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Per target (in the order given), whether the statement is compiled.
    pub compiled: Vec<Tri>,
    /// The directives around it, outermost first.
    pub enclosing: Vec<Enclosing>,
}

/// The project headers a file includes, read once per check.
#[derive(Default)]
pub struct Headers {
    read: HashMap<PathBuf, Option<String>>,
    /// The directives of each header read, found once for every target it is evaluated at.
    directives: HashMap<PathBuf, std::rc::Rc<[Directive]>>,
    /// The `-I` directories of the file's compile command, searched after its own directory.
    includes: Vec<PathBuf>,
}

impl Headers {
    fn text(&mut self, path: &Path) -> Option<String> {
        self.read
            .entry(path.to_path_buf())
            .or_insert_with(|| std::fs::read_to_string(path).ok())
            .clone()
    }

    fn directives(&mut self, path: &Path) -> Option<std::rc::Rc<[Directive]>> {
        if let Some(found) = self.directives.get(path) {
            return Some(found.clone());
        }
        let found: std::rc::Rc<[Directive]> = directives(&self.text(path)?).into();
        self.directives.insert(path.to_path_buf(), found.clone());
        Some(found)
    }

    /// `name` of an `#include "…"` relative to `dir` and its parents, then the `-I`
    /// directories; of an `#include <…>` (`quoted` false), in the `-I` directories only: never
    /// a system header.
    fn resolve(&mut self, dir: &Path, name: &str, quoted: bool) -> Option<PathBuf> {
        let mut at = Some(dir).filter(|_| quoted);
        while let Some(d) = at {
            let candidate = d.join(name);
            if self.text(&candidate).is_some() {
                return Some(candidate);
            }
            at = d.parent();
        }
        let includes = self.includes.clone();
        includes
            .iter()
            .map(|d| d.join(name))
            .find(|candidate| self.text(candidate).is_some())
    }
}

/// Evaluates the conditions around each of `offsets` (sorted) of `text`, for each of `targets`
/// with the newest compiler. `path` is the file's, to find the headers it includes; `None`:
/// includes are not followed.
#[cfg(test)]
pub fn evaluate(
    text: &str,
    path: Option<&Path>,
    offsets: &[usize],
    targets: &[Target],
) -> Vec<Outcome> {
    evaluate_with(text, path, offsets, targets, &mut Headers::default())
}

fn evaluate_with(
    text: &str,
    path: Option<&Path>,
    offsets: &[usize],
    targets: &[Target],
    headers: &mut Headers,
) -> Vec<Outcome> {
    let mut outcomes = vec![Outcome::default(); offsets.len()];
    let compiler = newest_compiler();
    let directives = directives(text);
    for (index, &target) in targets.iter().enumerate() {
        let record = index == 0;
        scan(
            &directives,
            path,
            offsets,
            predefined(target, compiler),
            headers,
            &mut |i, active, enclosing| {
                outcomes[i].compiled.push(active);
                if record {
                    outcomes[i].enclosing = enclosing.to_vec();
                }
            },
        );
    }
    outcomes
}

/// The outcomes of [`evaluate`] (headers found in `includes` too), and whether each statement
/// is compiled by each of `compilers` at `target` (`None` where neither the file nor a header
/// it reads mentions a version macro, so that every compiler compiles what the newest does).
pub fn evaluate_versions(
    text: &str,
    (path, includes): (Option<&Path>, &[PathBuf]),
    offsets: &[usize],
    targets: &[Target],
    target: Target,
    compilers: &[Compiler],
) -> (Vec<Outcome>, Option<Vec<Vec<Tri>>>) {
    let mut headers = Headers {
        includes: includes.to_vec(),
        ..Headers::default()
    };
    let outcomes = evaluate_with(text, path, offsets, targets, &mut headers);
    let mentions = |t: &str| VERSION_MACROS.iter().any(|m| t.contains(m));
    let versioned = mentions(text) || headers.read.values().flatten().any(|t| mentions(t));
    if !versioned {
        return (outcomes, None);
    }
    let mut compiled = vec![Vec::with_capacity(compilers.len()); offsets.len()];
    let directives = directives(text);
    for &compiler in compilers {
        scan(
            &directives,
            path,
            offsets,
            predefined(target, compiler),
            &mut headers,
            &mut |i, active, _| {
                compiled[i].push(active);
            },
        );
    }
    (outcomes, Some(compiled))
}

fn scan(
    directives: &[Directive],
    path: Option<&Path>,
    offsets: &[usize],
    macros: HashMap<String, Definition>,
    headers: &mut Headers,
    found: &mut dyn FnMut(usize, Tri, &[Enclosing]),
) {
    let mut scan = Scan {
        macros,
        owned: HashSet::new(),
        headers,
        visiting: HashSet::new(),
    };
    scan.file(directives, path, Tri::Yes, found, offsets);
}

/// One `#if` chain being read.
struct Frame {
    /// Whether the text around the chain is compiled.
    outer: Tri,
    /// Whether an earlier branch of the chain held.
    taken: Tri,
    /// Whether the current branch holds.
    current: Tri,
}

struct Scan<'h> {
    macros: HashMap<String, Definition>,
    /// Names the file or its headers `#define` somewhere, in any branch: where such a name is
    /// not defined, the project's own conditions left it out (a `-D` is not expected).
    owned: HashSet<String>,
    headers: &'h mut Headers,
    visiting: HashSet<PathBuf>,
}

/// A directive line of a file (`#if …`, `#define …`), as the scan reads it.
struct Directive {
    /// The line's range, from its start to the end of its last continuation.
    start: usize,
    end: usize,
    word: String,
    rest: String,
    /// For `#ifndef NAME`: the next line defines NAME, so it opens an include guard.
    opens_guard: bool,
}

/// The directives of `text`, in order. A file is evaluated at every target: its lines are read
/// once, and the scans walk only these.
fn directives(text: &str) -> Vec<Directive> {
    let lines = logical_lines(text);
    let mut found = Vec::new();
    for (number, (start, end, line)) in lines.iter().enumerate() {
        // Only a line that starts with `#` (or a comment before it) can be a directive:
        // the others, most of a file, need no copy without their comments.
        if !line.trim_start().starts_with(['#', '/']) {
            continue;
        }
        let line = strip_comments(line);
        let Some(directive) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let directive = directive.trim_start();
        let word_end = directive
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .unwrap_or(directive.len());
        let (word, rest) = directive.split_at(word_end);
        let rest = rest.trim();
        found.push(Directive {
            start: *start,
            end: *end,
            word: word.to_string(),
            rest: rest.to_string(),
            opens_guard: word == "ifndef" && include_guard(rest, &lines[number + 1..]),
        });
    }
    found
}

/// The logical lines of `text` (continuations joined), each with its byte range.
fn logical_lines(text: &str) -> Vec<(usize, usize, std::borrow::Cow<'_, str>)> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut joined = String::new();
    let mut line_start = 0;
    for (at, line) in text.split_inclusive('\n').scan(0, |pos, l| {
        let at = *pos;
        *pos += l.len();
        Some((at, l))
    }) {
        let body = line.trim_end_matches(['\n', '\r']);
        if joined.is_empty() {
            line_start = at;
        }
        if let Some(head) = body.strip_suffix('\\') {
            joined.push_str(head);
            joined.push(' ');
            continue;
        }
        // A line without continuations is its own text.
        let logical = if joined.is_empty() {
            body.into()
        } else {
            joined.push_str(body);
            std::mem::take(&mut joined).into()
        };
        lines.push((line_start, at + line.len(), logical));
        start = at + line.len();
    }
    if !joined.is_empty() {
        lines.push((line_start, text.len(), joined.into()));
    }
    let _ = start;
    lines
}

/// Whether `#ifndef name` opens an include guard: the next directive defines `name`.
fn include_guard(name: &str, after: &[(usize, usize, std::borrow::Cow<'_, str>)]) -> bool {
    let next = after
        .iter()
        .map(|(_, _, l)| strip_comments(l))
        .find(|l| !l.trim().is_empty());
    next.is_some_and(|l| {
        let mut words = l.trim_start().trim_start_matches('#').split_whitespace();
        words.next() == Some("define") && words.next() == Some(name.trim())
    })
}

/// `line` without its comments (`//`, `/* */` on the line).
fn strip_comments(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            let _ = after;
            break;
        }
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
            out.push(' ');
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

impl Scan<'_> {
    /// Reads a file's `directives`; `found(i, active, enclosing)` for each of `offsets` in it.
    fn file(
        &mut self,
        directives: &[Directive],
        path: Option<&Path>,
        base: Tri,
        found: &mut dyn FnMut(usize, Tri, &[Enclosing]),
        offsets: &[usize],
    ) {
        let mut frames: Vec<Frame> = Vec::new();
        let mut enclosing: Vec<Enclosing> = Vec::new();
        let mut next = 0;
        let active = |frames: &[Frame]| {
            frames
                .iter()
                .fold(base, |a, f| a.and(f.outer).and(f.current))
        };
        for directive in directives {
            let (start, end) = (directive.start, directive.end);
            // A statement before the directive's end is compiled as the text before it is.
            while next < offsets.len() && offsets[next] < end {
                found(next, active(&frames), &enclosing);
                next += 1;
            }
            let (word, rest) = (directive.word.as_str(), directive.rest.as_str());
            let here = active(&frames);
            let written = Enclosing {
                text: format!("#{word} {rest}").trim_end().to_string(),
                range: speclint_base::text::TextRange::new(start, end),
            };
            if word == "define" {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                self.owned.insert(name);
            }
            match word {
                "if" | "ifdef" | "ifndef" => {
                    let condition = match word {
                        "if" => self.condition(rest),
                        "ifdef" => self.defined(rest),
                        _ if directive.opens_guard => Tri::Yes,
                        _ => self.defined(rest).not(),
                    };
                    frames.push(Frame {
                        outer: here,
                        taken: condition,
                        current: condition,
                    });
                    enclosing.push(written);
                }
                "elif" | "elifdef" | "elifndef" => {
                    let condition = match word {
                        "elif" => self.condition(rest),
                        "elifdef" => self.defined(rest),
                        _ => self.defined(rest).not(),
                    };
                    if let Some(frame) = frames.last_mut() {
                        frame.current = frame.taken.not().and(condition);
                        frame.taken = frame.taken.or(condition);
                    }
                    if let Some(last) = enclosing.last_mut() {
                        *last = written;
                    }
                }
                "else" => {
                    if let Some(frame) = frames.last_mut() {
                        frame.current = frame.taken.not();
                        frame.taken = Tri::Yes;
                    }
                    if let Some(last) = enclosing.last_mut() {
                        *last = written;
                    }
                }
                "endif" => {
                    frames.pop();
                    enclosing.pop();
                }
                "define" if here != Tri::No => self.define(rest, here),
                "undef" if here != Tri::No => {
                    let name = rest.split_whitespace().next().unwrap_or("");
                    if here == Tri::Yes {
                        self.macros.remove(name);
                    } else {
                        self.macros.insert(name.to_string(), Definition::Unknown);
                    }
                }
                "include" if here != Tri::No => {
                    let quoted = rest.strip_prefix('"').and_then(|r| r.split('"').next());
                    let angled = rest.strip_prefix('<').and_then(|r| r.split('>').next());
                    if let (Some(path), Some(name)) = (path, quoted.or(angled)) {
                        self.include(path, name, quoted.is_some(), here);
                    }
                }
                _ => {}
            }
        }
        while next < offsets.len() {
            found(next, active(&frames), &enclosing);
            next += 1;
        }
    }

    fn include(&mut self, from: &Path, name: &str, quoted: bool, here: Tri) {
        let Some(dir) = from.parent() else { return };
        let Some(header) = self.headers.resolve(dir, name, quoted) else {
            return;
        };
        let key = header.canonicalize().unwrap_or_else(|_| header.clone());
        if !self.visiting.insert(key.clone()) {
            return;
        }
        if let Some(directives) = self.headers.directives(&header) {
            self.file(&directives, Some(&header), here, &mut |_, _, _| {}, &[]);
        }
        self.visiting.remove(&key);
    }

    fn define(&mut self, rest: &str, here: Tri) {
        let name_end = rest
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .unwrap_or(rest.len());
        let name = &rest[..name_end];
        if name.is_empty() {
            return;
        }
        let function_like = rest[name_end..].starts_with('(');
        let definition = if here == Tri::Yes && !function_like {
            Definition::Text(rest[name_end..].trim().to_string())
        } else {
            Definition::Unknown
        };
        self.macros.insert(name.to_string(), definition);
    }

    fn defined(&self, name: &str) -> Tri {
        let name = name.trim();
        match self.macros.get(name) {
            Some(Definition::Text(_)) => Tri::Yes,
            Some(Definition::Unknown) => Tri::Unknown,
            None if is_standard(name) || self.owned.contains(name) => Tri::No,
            None => Tri::Unknown,
        }
    }

    /// The truth of an `#if` condition.
    pub fn condition(&self, condition: &str) -> Tri {
        let tokens = tokenize(condition);
        let mut parser = Expression {
            tokens: &tokens,
            at: 0,
            scan: self,
            depth: 0,
        };
        let value = parser.ternary();
        if parser.at != tokens.len() {
            return Tri::Unknown;
        }
        Tri::of(value)
    }
}

/// Evaluates `condition` with the macros nvcc defines for `target` only.
pub fn condition_for(condition: &str, target: Target) -> Tri {
    let mut headers = Headers::default();
    let scan = Scan {
        macros: predefined(target, newest_compiler()),
        owned: HashSet::new(),
        headers: &mut headers,
        visiting: HashSet::new(),
    };
    scan.condition(condition)
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Number(i64),
    Name(String),
    Op(&'static str),
    Bad,
}

const OPERATORS: &[&str] = &[
    "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "(", ")", "!", "~", "*", "/", "%", "+", "-",
    "<", ">", "&", "^", "|", "?", ":",
];

fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric()) {
                i += 1;
            }
            let literal = text[start..i].trim_end_matches(['u', 'U', 'l', 'L']);
            let value = if let Some(hex) = literal
                .strip_prefix("0x")
                .or_else(|| literal.strip_prefix("0X"))
            {
                i64::from_str_radix(hex, 16).ok()
            } else if literal.len() > 1 && literal.starts_with('0') {
                i64::from_str_radix(&literal[1..], 8).ok()
            } else {
                literal.parse().ok()
            };
            tokens.push(value.map_or(Token::Bad, Token::Number));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            tokens.push(Token::Name(text[start..i].to_string()));
        } else if let Some(op) = OPERATORS.iter().find(|op| text[i..].starts_with(**op)) {
            tokens.push(Token::Op(op));
            i += op.len();
        } else {
            tokens.push(Token::Bad);
            i += 1;
        }
    }
    tokens
}

/// A recursive-descent reader of `#if` expressions; `None` is a value not known.
struct Expression<'a, 'h> {
    tokens: &'a [Token],
    at: usize,
    scan: &'a Scan<'h>,
    depth: usize,
}

/// Binary operators from the loosest to the tightest.
const LEVELS: &[&[&str]] = &[
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<", ">", "<=", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl Expression<'_, '_> {
    fn peek_op(&self) -> Option<&'static str> {
        match self.tokens.get(self.at) {
            Some(Token::Op(op)) => Some(op),
            _ => None,
        }
    }

    fn eat(&mut self, op: &str) -> bool {
        if self.peek_op() == Some(op) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn ternary(&mut self) -> Option<i64> {
        let condition = self.binary(0);
        if !self.eat("?") {
            return condition;
        }
        let yes = self.ternary();
        if !self.eat(":") {
            self.at = self.tokens.len() + 1;
            return None;
        }
        let no = self.ternary();
        match condition {
            Some(0) => no,
            Some(_) => yes,
            None if yes == no => yes,
            None => None,
        }
    }

    fn binary(&mut self, level: usize) -> Option<i64> {
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut left = self.binary(level + 1);
        while let Some(op) = self.peek_op().filter(|op| LEVELS[level].contains(op)) {
            self.at += 1;
            let right = self.binary(level + 1);
            left = match op {
                // Known on one side alone: `0 && x`, `1 || x`.
                "&&" => Tri::of(left).and(Tri::of(right)).value(),
                "||" => Tri::of(left).or(Tri::of(right)).value(),
                _ => match (left, right) {
                    (Some(a), Some(b)) => apply(op, a, b),
                    _ => None,
                },
            };
        }
        left
    }

    fn unary(&mut self) -> Option<i64> {
        if self.eat("!") {
            return self.unary().map(|v| i64::from(v == 0));
        }
        if self.eat("-") {
            return self.unary().map(i64::wrapping_neg);
        }
        if self.eat("+") {
            return self.unary();
        }
        if self.eat("~") {
            return self.unary().map(|v| !v);
        }
        if self.eat("(") {
            let value = self.ternary();
            if !self.eat(")") {
                self.at = self.tokens.len() + 1;
                return None;
            }
            return value;
        }
        let token = self.tokens.get(self.at).cloned();
        self.at += 1;
        match token {
            Some(Token::Number(n)) => Some(n),
            Some(Token::Name(name)) if name == "defined" => {
                let parenthesized = self.eat("(");
                let name = match self.tokens.get(self.at) {
                    Some(Token::Name(name)) => name.clone(),
                    _ => return None,
                };
                self.at += 1;
                if parenthesized && !self.eat(")") {
                    return None;
                }
                self.scan.defined(&name).value()
            }
            Some(Token::Name(name)) => {
                // A function-like use (`FOO(1)`) is not evaluated.
                if self.peek_op() == Some("(") {
                    return None;
                }
                match self.scan.macros.get(&name) {
                    Some(Definition::Text(body)) if self.depth < 32 => {
                        let tokens = tokenize(body);
                        let mut inner = Expression {
                            tokens: &tokens,
                            at: 0,
                            scan: self.scan,
                            depth: self.depth + 1,
                        };
                        let value = inner.ternary();
                        (inner.at == tokens.len() && !tokens.is_empty())
                            .then_some(value)
                            .flatten()
                    }
                    None if is_standard(&name) || self.scan.owned.contains(&name) => Some(0),
                    // `true`/`false` are 1 and 0 in C++ conditions.
                    None if name == "true" => Some(1),
                    None if name == "false" => Some(0),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

impl Tri {
    fn value(self) -> Option<i64> {
        match self {
            Tri::Yes => Some(1),
            Tri::No => Some(0),
            Tri::Unknown => None,
        }
    }
}

fn apply(op: &str, a: i64, b: i64) -> Option<i64> {
    let truth = |b: bool| Some(i64::from(b));
    match op {
        "|" => Some(a | b),
        "^" => Some(a ^ b),
        "&" => Some(a & b),
        "==" => truth(a == b),
        "!=" => truth(a != b),
        "<" => truth(a < b),
        ">" => truth(a > b),
        "<=" => truth(a <= b),
        ">=" => truth(a >= b),
        "<<" => a.checked_shl(u32::try_from(b).ok()?),
        ">>" => a.checked_shr(u32::try_from(b).ok()?),
        "+" => a.checked_add(b),
        "-" => a.checked_sub(b),
        "*" => a.checked_mul(b),
        "/" => a.checked_div(b),
        "%" => a.checked_rem(b),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(name: &str) -> Target {
        Target::parse(name).unwrap()
    }

    fn at(text: &str, names: &[&str]) -> Vec<Vec<Tri>> {
        let offsets: Vec<usize> = text.match_indices("asm").map(|(i, _)| i).collect();
        let targets: Vec<Target> = names.iter().map(|n| target(n)).collect();
        evaluate(text, None, &offsets, &targets)
            .into_iter()
            .map(|o| o.compiled)
            .collect()
    }

    use Tri::{No, Unknown, Yes};

    #[test]
    fn conditions_are_evaluated_for_each_target() {
        let cases: &[(&str, &str, Tri)] = &[
            ("__CUDA_ARCH__ >= 900", "sm_90", Yes),
            ("__CUDA_ARCH__ >= 900", "sm_80", No),
            ("900 <= __CUDA_ARCH__ && __CUDA_ARCH__ < 1000", "sm_100", No),
            ("!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800", "sm_80", Yes),
            ("defined(__CUDA_ARCH_FEAT_SM90_ALL)", "sm_90a", Yes),
            ("defined(__CUDA_ARCH_FEAT_SM90_ALL)", "sm_90", No),
            ("defined __CUDA_ARCH_SPECIFIC__", "sm_100f", No),
            ("__CUDA_ARCH_FAMILY_SPECIFIC__ >= 1000", "sm_100f", Yes),
            ("__CUDA_ARCH_FAMILY_SPECIFIC__ >= 1000", "sm_100", No),
            ("__CUDA_ARCH_SPECIFIC__ == 1000", "sm_100a", Yes),
            ("(__CUDACC_VER_MAJOR__ > 12) || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 8)", "sm_80", Yes),
            ("__CUDA_ARCH__ >= 0x384", "sm_90", Yes),
            ("__CUDA_ARCH__ / 100 == 9 ? 1 : 0", "sm_90", Yes),
            ("FEATURE", "sm_90", Unknown),
            ("FEATURE && __CUDA_ARCH__ >= 900", "sm_80", No),
            ("FEATURE || __CUDA_ARCH__ >= 900", "sm_90", Yes),
            ("defined(FEATURE)", "sm_90", Unknown),
            ("FOO(1)", "sm_90", Unknown),
            ("__CUDA_ARCH__ >=", "sm_90", Unknown),
        ];
        for (condition, name, expected) in cases {
            assert_eq!(
                condition_for(condition, target(name)),
                *expected,
                "{condition} at {name}"
            );
        }
    }

    #[test]
    fn else_and_elif_branches_negate_the_earlier_ones() {
        let text = "\
#if __CUDA_ARCH__ >= 1000
asm a
#elif __CUDA_ARCH__ >= 900
asm b
#else
asm c
#endif
#ifdef __CUDA_ARCH__
asm d
#endif
#ifndef __CUDA_ARCH_FEAT_SM90_ALL
asm e
#endif
";
        assert_eq!(
            at(text, &["sm_80", "sm_90a", "sm_100"]),
            [
                vec![No, No, Yes],
                vec![No, Yes, No],
                vec![Yes, No, No],
                vec![Yes, Yes, Yes],
                vec![Yes, No, Yes],
            ]
        );
    }

    #[test]
    fn macros_the_file_defines_from_the_architecture_are_followed() {
        let text = "\
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#  define LIB_SM90_ENABLED
#  define LIB_LEVEL 90
#endif
#if defined(LIB_SM90_ENABLED)
asm a
#endif
#if LIB_LEVEL >= 90
asm b
#endif
#if defined(FROM_THE_COMMAND_LINE)
#  define LIB_OTHER
#endif
#ifdef LIB_OTHER
asm c
#endif
#undef LIB_SM90_ENABLED
#ifdef LIB_SM90_ENABLED
asm d
#endif
";
        assert_eq!(
            at(text, &["sm_80", "sm_90"]),
            [
                vec![No, Yes],
                // Not defined on sm_80, by the file's own choice: 0.
                vec![No, Yes],
                // Defined under a condition that is not known.
                vec![Unknown, Unknown],
                vec![No, No],
            ]
        );
    }

    #[test]
    fn project_headers_are_read_once_and_cycles_end() {
        let dir = std::env::temp_dir().join(format!("speclint-pp-{}", std::process::id()));
        let include = dir.join("include");
        std::fs::create_dir_all(include.join("lib")).unwrap();
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(
            include.join("lib/config.h"),
            "#ifndef LIB_CONFIG_H\n#define LIB_CONFIG_H\n#include \"config.h\"\n#if __CUDA_ARCH__ >= 900\n#define LIB_SM90_ENABLED 1\n#else\n#define LIB_SM90_ENABLED 0\n#endif\n#endif\n",
        )
        .unwrap();
        // Found from the file's directory's parents (`src/../lib/config.h` is not there; the
        // header is named from the include root, as with `-I include`).
        let file = include.join("kernel.cu");
        let text =
            "#include \"lib/config.h\"\n#include <cuda.h>\n#if LIB_SM90_ENABLED\nasm a\n#endif\n";
        let offsets = [text.find("asm").unwrap()];
        let targets = [target("sm_80"), target("sm_90")];
        let outcome = evaluate(text, Some(&file), &offsets, &targets);
        assert_eq!(outcome[0].compiled, [No, Yes]);
        assert_eq!(outcome[0].enclosing[0].text, "#if LIB_SM90_ENABLED");
        let outcome = evaluate(text, None, &offsets, &targets);
        assert_eq!(outcome[0].compiled, [Unknown, Unknown]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn version_guards_are_evaluated_for_each_compiler() {
        let compilers = compilers();
        let oldest = compilers[0];
        assert_eq!(oldest.cuda, Version::new(11, 0));
        assert_eq!(oldest.ptx, Version::new(7, 0));
        let cuda_12 = compilers.iter().position(|c| c.cuda == Version::new(12, 0));
        let isa_80 = compilers.iter().position(|c| c.ptx == Version::new(8, 0));
        assert_eq!(cuda_12, isa_80);
        let text = "#if __cccl_ptx_isa >= 800\nasm\n#endif\n#if __CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 8)\nasm\n#endif\n";
        let offsets: Vec<usize> = text.match_indices("asm").map(|(i, _)| i).collect();
        let sm_90 = target("sm_90");
        let (_, versions) =
            evaluate_versions(text, (None, &[]), &offsets, &[sm_90], sm_90, &compilers);
        let versions = versions.expect("the file names version macros");
        let first_yes = |v: &[Tri]| compilers[v.iter().position(|&t| t == Yes).unwrap()].ptx;
        assert_eq!(first_yes(&versions[0]), Version::new(8, 0));
        assert_eq!(first_yes(&versions[1]), Version::new(8, 7));
        assert!(versions.iter().all(|v| *v.last().unwrap() == Yes));
        // A file that names no version macro is not evaluated again.
        let plain = "#if __CUDA_ARCH__ >= 900\nasm\n#endif\n";
        let (_, none) = evaluate_versions(plain, (None, &[]), &[24], &[sm_90], sm_90, &compilers);
        assert!(none.is_none());
    }
}
