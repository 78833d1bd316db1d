//! The Tile IR bytecode encoder against NVIDIA's tools: every valid module (tests/tile-ir/valid
//! and the real corpus tests/corpus/tile-ir/valid) is encoded, printed back with
//! `tileirdisasm` and compared with its text, then compiled with `tileiras`.
//!
//! The comparison is line by line after normalising what the disassembler prints differently
//! (`normalise`): value names renamed in order of appearance, locations and comments dropped,
//! the `cuda_tile.module` wrapper and `global`s (which the disassembler does not print)
//! dropped, `cuda_tile.` prefixes dropped, float literals in one spelling, blanks collapsed.
//! Ops, attributes, types and operands must then be equal.
//!
//! Version and target: a corpus file's name gives the bytecode version (`-v13_2`) and the GPU
//! (`-sm_90`; sm_100 otherwise); the hand-written modules are encoded as the default version.
//! Modules in `KNOWN_GAPS` must fail (the test fails once one passes, so the list shrinks).
//!
//! Tools: `$TILEIRAS` / `$TILEIRDISASM`, else `nvidia/cu13/bin/` of the `nvidia-cuda-tileiras`
//! wheel for `$PYTHON` (python3); `scripts/lib.sh ensure_tileiras` installs them. Without them
//! the test is skipped loudly, or fails when `$CI` is set.

use speclint_test_support::oracle;
use speclint_tile_ir::{self as tile_ir, bytecode, TileIrSettings};
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Modules that do not round-trip yet, and why.
const KNOWN_GAPS: &[(&str, &str)] = &[];

/// Op names the 13.5 disassembler prints that are not the spec's (`fpowf` for 13.3's `pow`,
/// opcode 84; speclint reads them as the spec's op): a module is encoded under the spec's
/// name, and the name printed back is read as the spec's.
const LATER_NAMES: &[(&str, &str)] = &[("fpowf", "pow")];

fn with_spec_names(text: &str) -> String {
    LATER_NAMES
        .iter()
        .fold(text.to_string(), |text, (later, spec)| {
            text.replace(&format!("= {later} "), &format!("= {spec} "))
        })
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

struct Tools {
    tileiras: PathBuf,
    disasm: PathBuf,
}

/// The tools, or `None` after saying why the test `what` is skipped (a failure under `$CI`).
fn tools_or_skip(what: &str) -> Option<Tools> {
    match find_tools() {
        Ok(tools) => Some(tools),
        Err(why) => {
            oracle::skip_without_tools(what, &why);
            None
        }
    }
}

fn find_tools() -> Result<Tools, String> {
    let from_env = |var: &str| {
        env::var_os(var)
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
    };
    let bin = || -> Result<PathBuf, String> {
        let python = env::var("PYTHON").unwrap_or_else(|_| "python3".into());
        let out = Command::new(&python)
            .args([
                "-c",
                "import os, nvidia.cu13 as c\nfor d in c.__path__:\n    p = os.path.join(d, 'bin')\n    if os.path.isfile(os.path.join(p, 'tileiras')): print(p); break",
            ])
            .output()
            .map_err(|e| format!("cannot run {python}: {e}"))?;
        let dir = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if dir.is_empty() {
            return Err(format!("no nvidia-cuda-tileiras wheel for {python}"));
        }
        Ok(PathBuf::from(dir))
    };
    let tileiras = match from_env("TILEIRAS") {
        Some(p) => p,
        None => bin()?.join("tileiras"),
    };
    let disasm = match from_env("TILEIRDISASM") {
        Some(p) => p,
        None => bin()?.join("tileirdisasm"),
    };
    Ok(Tools { tileiras, disasm })
}

/// The version and GPU a module is encoded and compiled for.
fn version_and_gpu(path: &Path) -> (Option<String>, String) {
    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
    let mut version = None;
    let mut gpu = "sm_100".to_string();
    for part in stem.split('-') {
        if let Some(v) = part.strip_prefix('v') {
            if let Some((major, minor)) = v.split_once('_') {
                version = Some(format!("{major}.{minor}"));
            }
        }
        if part.starts_with("sm_") {
            gpu = part.to_string();
        }
    }
    (version, gpu)
}

/// The text with what the disassembler prints differently made equal (see the file comment).
fn normalise(text: &str) -> Vec<Line> {
    let mut values = Values::default();
    let mut lines = Vec::new();
    // An op continued on the next line (`: types` or `-> types` there) is one line.
    let mut joined: Vec<String> = Vec::new();
    for raw in text.lines() {
        let line = strip_comment(raw);
        let line = strip_locations(line);
        let line = line.trim();
        match joined.last_mut() {
            Some(last) if line.starts_with(':') || line.starts_with("->") => {
                last.push(' ');
                last.push_str(line);
            }
            _ => joined.push(line.to_string()),
        }
    }
    for line in &joined {
        let line = line.as_str();
        if line.is_empty()
            || line.starts_with('#')
            || line.starts_with("cuda_tile.module")
            || line.starts_with("module ")
            || line.starts_with("global ")
            || line.starts_with("cuda_tile.global ")
        {
            continue;
        }
        let words: Vec<String> = canonical_words(tokens(line))
            .into_iter()
            .map(|w| {
                ["cuda_tile.", "!cuda_tile.", "#cuda_tile."]
                    .iter()
                    .find_map(|p| w.strip_prefix(p))
                    .map_or(w.clone(), str::to_string)
            })
            .collect();
        let out = values.rename(words);
        // A terminator without operands: the printer leaves it out.
        if matches!(out.text.as_str(), "continue" | "yield") {
            continue;
        }
        lines.push(out);
    }
    // The module wrapper's closing brace: one more `}` than entries opened at the end.
    let opens = lines
        .iter()
        .filter(|l| l.text.ends_with('{') && !l.text.starts_with('}'))
        .count();
    let closes = lines.iter().filter(|l| l.text == "}").count();
    for _ in opens..closes {
        if let Some(at) = lines.iter().rposition(|l| l.text == "}") {
            lines.remove(at);
        }
    }
    lines
}

/// One normalised line; `short` keeps only the defined values, the op name and the values
/// used, the form a generic-form op (`"cuda_tile.addf"(%a, %b) : …`) is compared in.
struct Line {
    text: String,
    short: String,
    generic: bool,
}

/// Value names renamed by definition: each definition gets the next number (`%x:2` two),
/// each use the number of the latest definition of its name.
#[derive(Default)]
struct Values {
    names: std::collections::HashMap<String, Vec<usize>>,
    next: usize,
}

impl Values {
    fn define(&mut self, name: &str, count: usize) -> Vec<String> {
        let ids: Vec<usize> = (self.next..self.next + count).collect();
        self.next += count;
        self.names.insert(name.to_string(), ids.clone());
        ids.iter().map(|i| format!("%v{i}")).collect()
    }

    fn use_of(&self, word: &str) -> String {
        let (base, index) = match word.split_once('#') {
            Some((b, i)) => (b, i.parse::<usize>().ok()),
            None => (word, None),
        };
        match (self.names.get(base), index) {
            (Some(ids), Some(i)) => ids
                .get(i)
                .map_or(format!("{word}?"), |id| format!("%v{id}")),
            (Some(ids), None) => ids
                .iter()
                .map(|id| format!("%v{id}"))
                .collect::<Vec<_>>()
                .join(" , "),
            (None, _) => format!("{word}?"),
        }
    }

    fn rename(&mut self, mut words: Vec<String>) -> Line {
        let mut defs: Vec<String> = Vec::new();
        let mut at = 0;
        if words.first().is_some_and(|w| w.starts_with('%')) {
            if let Some(eq) = words.iter().position(|w| w == "=") {
                for w in &words[..eq] {
                    if let Some(name) = w.strip_prefix('%') {
                        let (base, count) = match name.split_once(':') {
                            Some((b, n)) => (b, n.parse().unwrap_or(1)),
                            None => (name, 1),
                        };
                        defs.extend(self.define(base, count));
                    }
                }
                at = eq + 1;
            }
        }
        // `print` (13.1) is printed as print_tko with its token result.
        if words.get(at).map(String::as_str) == Some("print") {
            words[at] = "print_tko".into();
            if defs.is_empty() {
                defs.extend(self.define("print token", 1));
            }
            if !words.iter().any(|w| w == "token") {
                words.extend(["-".into(), ">".into(), "token".into()]);
            }
        }
        let op = words.get(at).cloned().unwrap_or_default();
        let generic = op.starts_with("\"cuda_tile.");
        let op = op
            .trim_matches('"')
            .trim_start_matches("cuda_tile.")
            .to_string();
        let mut rest: Vec<String> = Vec::new();
        let mut uses: Vec<String> = Vec::new();
        // Inside `<iN: …>`: integers as signed N-bit values, i1 as true/false.
        let mut int_literal: Option<u32> = None;
        // Inside `<f16: …>` and other narrow floats: the mantissa bits literals round to.
        let mut float_literal: Option<NarrowFloat> = None;
        for (i, w) in words.iter().enumerate().skip(at + 1) {
            let next = words.get(i + 1).map(String::as_str);
            let word = if let Some(name) = w.strip_prefix('%') {
                if let Some(base) = name.strip_suffix(':') {
                    self.define(base, 1).remove(0) + ":"
                } else if next == Some("=") || next == Some("in") {
                    self.define(name, 1).remove(0)
                } else {
                    let u = self.use_of(name);
                    uses.push(u.clone());
                    u
                }
            } else if let (Some(f), Some(hex)) = (float_literal, w.strip_prefix("0x")) {
                // A bit pattern: its value when finite (the disassembler prints those).
                let bits = u64::from_str_radix(hex, 16).unwrap_or(0);
                f.decode(bits).map_or(w.clone(), |v| format!("{v:.5e}"))
            } else if let Some(bits) = int_literal.filter(|_| is_integer(w)) {
                signed(w, bits)
            } else if is_float(w) {
                let (bits, min_exponent) =
                    float_literal.map_or((23, -126), |f| (f.mantissa, 2 - (1 << (f.exponent - 1))));
                let value = round_mantissa(w.parse::<f64>().unwrap(), bits, min_exponent);
                format!("{value:.5e}")
            } else if w.starts_with('"') {
                w.replace("\\n", "\\0A").replace("\\t", "\\09")
            } else {
                w.clone()
            };
            if words.get(i - 1).map(String::as_str) == Some("<") && next == Some(":") {
                int_literal = w.strip_prefix('i').and_then(|b| b.parse().ok());
                float_literal = narrow_float(w);
            }
            if w == ">" {
                int_literal = None;
                float_literal = None;
            }
            rest.push(word);
        }
        let defs_text = if defs.is_empty() {
            String::new()
        } else {
            format!("{} = ", defs.join(" , "))
        };
        Line {
            text: format!("{defs_text}{op} {}", rest.join(" "))
                .trim()
                .to_string(),
            short: format!("{defs_text}{op} {}", uses.join(" "))
                .trim()
                .to_string(),
            generic,
        }
    }
}

/// A line without its `// comment` (outside strings).
fn strip_comment(line: &str) -> &str {
    let mut in_string = false;
    let bytes = line.as_bytes();
    for i in 0..bytes.len() {
        match bytes[i] {
            b'"' if i == 0 || bytes[i - 1] != b'\\' => in_string = !in_string,
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
    }
    line
}

/// The words of one op with spellings that mean the same made equal:
/// * `pow` is printed `fpowf` (the spec-db's name for opcode 84 is `pow`);
/// * a rounding or overflow modifier written at the op's default is dropped (the
///   disassembler omits it): `overflow<none>`, `rounding<full>` on exp/tanh, `rounding<zero>`
///   on divi, `rounding<nearest_int_to_zero>` on ftoi, `rounding<nearest_even>` elsewhere;
/// * `optimization_hints` entries are sorted by key at both levels (the reader keeps MLIR
///   dictionaries, which are sorted), and quotes around keys are dropped.
fn canonical_words(words: Vec<String>) -> Vec<String> {
    let op = words
        .iter()
        .position(|w| w == "=")
        .filter(|_| words.first().is_some_and(|w| w.starts_with('%')))
        .map_or(0, |i| i + 1);
    let op_name = words
        .get(op)
        .map(|w| w.trim_start_matches("cuda_tile.").to_string())
        .unwrap_or_default();
    let default_rounding = match op_name.as_str() {
        "exp" | "tanh" => "full",
        "divi" => "zero",
        "ftoi" => "nearest_int_to_zero",
        _ => "nearest_even",
    };
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        let modifier = |name: &str, default: &str| {
            w == name
                && words.get(i + 1).map(String::as_str) == Some("<")
                && words.get(i + 2).map(String::as_str) == Some(default)
                && words.get(i + 3).map(String::as_str) == Some(">")
        };
        if modifier("overflow", "none") || modifier("rounding", default_rounding) {
            i += 4;
            continue;
        }
        if w == "optimization_hints" && words.get(i + 1).map(String::as_str) == Some("=") {
            // optimization_hints = < k = { a = 1 , b = 2 } , … >
            let start = i + 2;
            let mut depth = 0;
            let mut end = start;
            for (j, x) in words.iter().enumerate().skip(start) {
                match x.as_str() {
                    "<" | "{" => depth += 1,
                    ">" | "}" => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    end = j;
                    break;
                }
            }
            out.push("optimization_hints".into());
            out.push("=".into());
            out.push(sorted_hints(&words[start..=end]));
            i = end + 1;
            continue;
        }
        if i == op && w == "pow" {
            out.push("fpowf".into());
        } else {
            out.push(w.to_string());
        }
        i += 1;
    }
    out
}

/// `< k = { a = 1 , b = 2 } , … >` with keys unquoted and entries sorted, as one word.
fn sorted_hints(words: &[String]) -> String {
    let inner: Vec<&str> = words[1..words.len() - 1]
        .iter()
        .map(String::as_str)
        .collect();
    let mut targets: Vec<String> = Vec::new();
    let mut i = 0;
    while i < inner.len() {
        let key = inner[i].trim_matches('"');
        // key = { … }
        let close = inner[i..]
            .iter()
            .position(|w| *w == "}")
            .map_or(inner.len(), |c| i + c);
        let mut entries: Vec<String> = inner[(i + 3).min(close)..close]
            .split(|w| *w == ",")
            .map(|e| {
                e.iter()
                    .map(|w| w.trim_matches('"'))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .filter(|e| !e.is_empty())
            .collect();
        entries.sort();
        targets.push(format!("{key} = {{{}}}", entries.join(", ")));
        i = close + 2; // past `}` and `,`
    }
    targets.sort();
    format!("<{}>", targets.join(", "))
}

/// A float format narrower than f32: exponent and mantissa bits; `finite` when the
/// all-ones exponent holds numbers (the FN formats).
#[derive(Clone, Copy)]
struct NarrowFloat {
    exponent: i32,
    mantissa: i32,
    finite: bool,
}

fn narrow_float(name: &str) -> Option<NarrowFloat> {
    let (exponent, mantissa, finite) = match name {
        "f16" => (5, 10, false),
        "bf16" => (8, 7, false),
        "tf32" => (8, 10, false),
        "f8E4M3FN" => (4, 3, true),
        "f8E5M2" => (5, 2, false),
        "f8E8M0FNU" => (8, 0, true),
        "f4E2M1FN" => (2, 1, true),
        _ => return None,
    };
    Some(NarrowFloat {
        exponent,
        mantissa,
        finite,
    })
}

impl NarrowFloat {
    /// The value of a bit pattern, None for infinities and NaNs.
    fn decode(self, bits: u64) -> Option<f64> {
        let bias = (1i32 << (self.exponent - 1)) - 1;
        if self.mantissa == 0 {
            // f8E8M0FNU: an exponent only, 0xFF is NaN.
            return (bits != 0xff).then(|| 2f64.powi(bits as i32 - 127));
        }
        let sign_bit = 1u64 << (self.exponent + self.mantissa);
        let e = ((bits >> self.mantissa) & ((1 << self.exponent) - 1)) as i32;
        let m = (bits & ((1 << self.mantissa) - 1)) as f64 / 2f64.powi(self.mantissa);
        let all_ones = (1 << self.exponent) - 1;
        // f4E2M1FN has neither infinities nor NaNs; f8E4M3FN has one NaN pattern.
        let nan_only = self.exponent > 2 && m == 1.0 - 2f64.powi(-self.mantissa);
        if e == all_ones && (!self.finite || nan_only) {
            return None;
        }
        let magnitude = if e == 0 {
            m * 2f64.powi(1 - bias)
        } else {
            (1.0 + m) * 2f64.powi(e - bias)
        };
        Some(if bits & sign_bit != 0 {
            -magnitude
        } else {
            magnitude
        })
    }
}

/// `value` rounded to `bits` mantissa bits, subnormal below 2^`min_exponent` (then compared
/// at 6 significant digits, as the disassembler prints floats).
fn round_mantissa(value: f64, bits: i32, min_exponent: i32) -> f64 {
    if value == 0.0 || !value.is_finite() {
        return value;
    }
    let exponent = (value.abs().log2().floor() as i32).max(min_exponent);
    let unit = 2f64.powi(exponent - bits);
    (value / unit).round() * unit
}

fn is_integer(word: &str) -> bool {
    let digits = word.strip_prefix('-').unwrap_or(word);
    digits.starts_with(|c: char| c.is_ascii_digit()) && !is_float(word)
}

/// An integer literal (decimal or 0x…, maybe negative) as a signed `bits`-bit value; i1 as
/// true/false.
fn signed(word: &str, bits: u32) -> String {
    let (negative, digits) = match word.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, word),
    };
    let magnitude = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => i128::from_str_radix(hex, 16),
        None => digits.parse::<i128>(),
    };
    let Ok(magnitude) = magnitude else {
        return word.to_string();
    };
    let value = if negative { -magnitude } else { magnitude };
    let wrapped = (value as u128 & ((1u128 << bits) - 1)) as i128;
    let value = if wrapped >= 1i128 << (bits - 1) {
        wrapped - (1i128 << bits)
    } else {
        wrapped
    };
    if bits == 1 {
        return (if value == 0 { "false" } else { "true" }).to_string();
    }
    value.to_string()
}

fn is_float(word: &str) -> bool {
    (word.contains('.') || word.contains('e'))
        && word.parse::<f64>().is_ok()
        && word
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == '-')
}

/// `loc(...)` dropped (nested parentheses included).
fn strip_locations(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find("loc(") {
        out.push_str(&rest[..at]);
        let mut depth = 0;
        let mut end = rest.len();
        for (i, c) in rest[at + 3..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = at + 3 + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Words and punctuation, strings kept whole.
fn tokens(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<String>| {
        if !word.is_empty() {
            out.push(std::mem::take(word));
        }
    };
    while let Some(c) = chars.next() {
        if c == '"' {
            flush(&mut word, &mut out);
            let mut s = String::from('"');
            while let Some(d) = chars.next() {
                s.push(d);
                if d == '\\' {
                    if let Some(e) = chars.next() {
                        s.push(e);
                    }
                } else if d == '"' {
                    break;
                }
            }
            out.push(s);
        } else if c.is_whitespace() {
            flush(&mut word, &mut out);
        } else if "()[]{}<>,=:".contains(c) && !(c == ':' && word.starts_with('%')) {
            flush(&mut word, &mut out);
            out.push(c.to_string());
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

struct Outcome {
    /// None when the module round-trips and compiles; else the first failure.
    failure: Option<String>,
}

fn check(tools: &Tools, work: &Path, path: &Path) -> Outcome {
    let text = with_spec_names(&fs::read_to_string(path).unwrap());
    let (version, gpu) = version_and_gpu(path);
    let settings = TileIrSettings {
        version: version.clone(),
        target: None,
    };
    let analysis = tile_ir::analyze(&text, &settings, false);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
    let parts = split_text(&text);
    let encoded = bytecode::encode_parts(&text, &analysis, Some(&name));
    if encoded.len() != parts.len() {
        return Outcome {
            failure: Some(format!(
                "the encoder made {} module(s) of {} `// -----` part(s)",
                encoded.len(),
                parts.len()
            )),
        };
    }
    for (i, (part, bytes)) in parts.iter().zip(encoded).enumerate() {
        let (label, part_stem) = if parts.len() == 1 {
            (String::new(), stem.clone())
        } else {
            (format!("part {}: ", i + 1), format!("{stem}-part{}", i + 1))
        };
        let failure = match bytes {
            Ok(bytes) => check_module(tools, work, part, &bytes, &part_stem, &gpu).failure,
            Err(errors) => Some(format!("encode: {}", errors[0].message)),
        };
        if let Some(why) = failure {
            return Outcome {
                failure: Some(format!("{label}{why}")),
            };
        }
    }
    Outcome { failure: None }
}

/// The text of each `// -----` part (the whole text when there is no split).
fn split_text(text: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    for line in text.lines() {
        if line.trim_start().starts_with("// -----") {
            parts.push(String::new());
        } else {
            let part = parts.last_mut().unwrap();
            part.push_str(line);
            part.push('\n');
        }
    }
    parts
}

/// One module's bytecode against its text: printed back by tileirdisasm, then compiled.
fn check_module(
    tools: &Tools,
    work: &Path,
    text: &str,
    bytes: &[u8],
    stem: &str,
    gpu: &str,
) -> Outcome {
    let bc = work.join(format!("{stem}.tilebc"));
    fs::write(&bc, bytes).unwrap();
    let out = Command::new(&tools.disasm)
        .arg(&bc)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        return Outcome {
            failure: Some(format!(
                "tileirdisasm: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )),
        };
    }
    let (want, got) = (normalise(text), normalise(&with_spec_names(&printed)));
    for (i, (w, g)) in want.iter().zip(&got).enumerate() {
        let same = if w.generic || g.generic {
            w.short == g.short
        } else {
            w.text == g.text
        };
        if !same {
            return Outcome {
                failure: Some(format!(
                    "line {i} differs:\n  text:   {}\n  disasm: {}",
                    w.text, g.text
                )),
            };
        }
    }
    if want.len() != got.len() {
        return Outcome {
            failure: Some(format!(
                "{} lines, tileirdisasm printed {}",
                want.len(),
                got.len()
            )),
        };
    }
    let cubin = work.join(format!("{stem}.cubin"));
    let out = Command::new(&tools.tileiras)
        .arg(format!("--gpu-name={gpu}"))
        .arg(&bc)
        .arg("-o")
        .arg(&cubin)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    if !out.status.success() {
        let mut why = String::from_utf8_lossy(&out.stdout).into_owned();
        why.push_str(&String::from_utf8_lossy(&out.stderr));
        return Outcome {
            failure: Some(format!("tileiras --gpu-name={gpu}: {}", why.trim())),
        };
    }
    Outcome { failure: None }
}

#[test]
fn tile_ir_bytecode_round_trip() {
    let Some(tools) = tools_or_skip("tile_ir_bytecode") else {
        return;
    };
    let mut modules = Vec::new();
    for dir in ["tests/tile-ir/valid", "tests/corpus/tile-ir/valid"] {
        let mut paths: Vec<PathBuf> = fs::read_dir(repo().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
            .collect();
        paths.sort();
        modules.extend(paths);
    }
    let work = env::temp_dir().join(format!("speclint-tile-bytecode-{}", std::process::id()));
    fs::create_dir_all(&work).unwrap();
    let only = env::var("TILE_BYTECODE_ONLY").ok();
    let mut passed = 0;
    let mut problems = Vec::new();
    let mut gaps_seen = 0;
    for path in &modules {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let outcome = check(&tools, &work, path);
        let gap = KNOWN_GAPS.iter().find(|(g, _)| *g == name);
        match (outcome.failure, gap) {
            (None, None) => passed += 1,
            (None, Some(_)) => problems.push(format!("{name}: listed as a known gap but passes")),
            (Some(_), Some(_)) => gaps_seen += 1,
            (Some(why), None) => problems.push(format!("{name}: {why}")),
        }
    }
    eprintln!(
        "tile_ir_bytecode: {passed} of {} modules round-trip through tileirdisasm and compile with tileiras; {gaps_seen} known gaps",
        modules.len()
    );
    if env::var_os("TILE_BYTECODE_KEEP").is_some() {
        eprintln!("kept {}", work.display());
    } else {
        let _ = fs::remove_dir_all(&work);
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every module `speclint probe` generates for a cuda_tile form (and the subnormal check's)
/// checks clean, round-trips through tileirdisasm and compiles with tileiras for sm_100 and
/// sm_90, like the valid modules above: the probe's kernels are real Tile IR.
#[test]
fn probe_modules_round_trip_and_compile() {
    use speclint_base::probe::format::FloatFormat;
    use speclint_tile_ir::probe;
    let mut modules: Vec<(String, String)> = probe::probeable()
        .into_iter()
        .map(|name| {
            let kernel = probe::plan(&name).unwrap().kernel;
            (name, kernel)
        })
        .collect();
    for format in [FloatFormat::F32, FloatFormat::F16] {
        modules.push((
            format!("multiply.{}", format.name()),
            probe::multiply_kernel(format),
        ));
    }
    for (name, module) in &modules {
        let analysis = tile_ir::analyze(module, &TileIrSettings::default(), false);
        assert!(
            analysis.diagnostics.is_empty(),
            "{name}: {:?}\n{module}",
            analysis.diagnostics
        );
    }
    let Some(tools) = tools_or_skip("tile_ir_bytecode probe modules") else {
        return;
    };
    let work = env::temp_dir().join(format!("speclint-tile-probe-{}", std::process::id()));
    fs::create_dir_all(&work).unwrap();
    let mut problems = Vec::new();
    let mut compiled = 0;
    for (name, module) in &modules {
        // The file name gives `check` the GPU: sm_100 unless it names one.
        for file in [
            format!("probe_{name}.mlir"),
            format!("probe_{name}-sm_90.mlir"),
        ] {
            let path = work.join(&file);
            fs::write(&path, module).unwrap();
            match check(&tools, &work, &path).failure {
                None => compiled += 1,
                Some(why) => problems.push(format!("{file}: {why}\n{module}")),
            }
        }
    }
    eprintln!(
        "tile_ir_bytecode: {compiled} of {} probe module builds round-trip and compile (sm_100, sm_90)",
        modules.len() * 2
    );
    let _ = fs::remove_dir_all(&work);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `speclint run --compile-only` on Tile IR: a valid module compiles (exit 0) and `--emit`
/// keeps bytecode that tileirdisasm reads and a cubin; a module with errors is not encoded
/// (exit 1, its diagnostic on stderr); one tileiras rejects for the GPU asked for gives
/// tileiras's message (exit 1).
#[test]
fn run_compile_only() {
    let Some(tools) = tools_or_skip("tile_ir run --compile-only") else {
        return;
    };
    let speclint = env!("CARGO_BIN_EXE_speclint");
    let emit = env::temp_dir().join(format!("speclint-tile-emit-{}", std::process::id()));
    let run = |args: &[&str], gpu: &str| {
        let out = Command::new(speclint)
            .arg("run")
            .arg("--compile-only")
            .args(args)
            .env("TILEIRAS", &tools.tileiras)
            .env("SPECLINT_TILE_IR_GPU", gpu)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let valid = repo().join("tests/tile-ir/valid/vector-add.mlir");
    let (code, stdout, stderr) = run(
        &["--emit", emit.to_str().unwrap(), valid.to_str().unwrap()],
        "sm_90",
    );
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("compiled for tileiras") && stdout.contains("sm_90"),
        "{stdout}"
    );
    let bc = emit.join("module.tilebc");
    let cubin = emit.join("module.sm_90.cubin");
    assert!(
        fs::metadata(&cubin).is_ok_and(|m| m.len() > 0),
        "no cubin in {}",
        emit.display()
    );
    let printed = Command::new(&tools.disasm).arg(&bc).output().unwrap();
    assert!(printed.status.success());
    let printed = String::from_utf8_lossy(&printed.stdout);
    assert!(
        printed.contains("entry @vadd_f32") && printed.contains("entry @vadd_f16_dyn"),
        "{printed}"
    );
    let _ = fs::remove_dir_all(&emit);

    let invalid = repo().join("tests/tile-ir/invalid/001-missing-colon-before-type.mlir");
    let (code, _, stderr) = run(&[invalid.to_str().unwrap()], "sm_90");
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("TILE001") && stderr.contains("not encoded"),
        "{stderr}"
    );

    let fp8 = repo().join("tests/corpus/tile-ir/valid/fp8_mma-v13_3.mlir");
    let (code, _, stderr) = run(&[fp8.to_str().unwrap()], "sm_80");
    assert_eq!(code, Some(1), "{stderr}");
    // The message is put on the op's line (the bytecode's locations name it).
    let fp8_line = fs::read_to_string(&fp8)
        .unwrap()
        .lines()
        .enumerate()
        .skip(1) // the entry's own line: its parameters are not checked there
        .find(|(_, l)| l.contains("f8E4M3FN"))
        .map(|(i, _)| i + 1)
        .unwrap();
    assert!(
        stderr.contains(&format!(
            "fp8_mma-v13_3.mlir:{fp8_line}: error: Incompatibility with architecture 'sm_80': unsupported type 'f8E4M3FN'"
        )) && stderr.contains("rejected"),
        "{stderr}"
    );
}

/// Bad input never panics the encoder: every valid module with one line dropped (at up to 24
/// places each) is analysed and, when the analysis finds no error, encoded; either it encodes
/// or it says why. Needs no tools.
#[test]
fn encoder_survives_damaged_modules() {
    let mut encoded = 0;
    let mut refused = 0;
    for dir in ["tests/tile-ir/valid", "tests/corpus/tile-ir/valid"] {
        for entry in fs::read_dir(repo().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "mlir") {
                continue;
            }
            let text = fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            let step = (lines.len() / 24).max(1);
            for drop in (0..lines.len()).step_by(step) {
                let damaged: String = lines
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != drop)
                    .map(|(_, l)| format!("{l}\n"))
                    .collect();
                let (version, _) = version_and_gpu(&path);
                let settings = TileIrSettings {
                    version,
                    target: None,
                };
                let analysis = tile_ir::analyze(&damaged, &settings, false);
                match bytecode::encode(&damaged, &analysis) {
                    Ok(bytes) => {
                        assert!(bytes.starts_with(b"\x7fTileIR\0"));
                        encoded += 1;
                    }
                    Err(errors) => {
                        assert!(!errors.is_empty() && !errors[0].message.is_empty());
                        refused += 1;
                    }
                }
            }
        }
    }
    assert!(
        encoded > 0 && refused > 0,
        "{encoded} encoded, {refused} refused"
    );
}

/// A file split by `// -----` is one module per part, as the checker reads it: `encode`
/// refuses it (naming the split), `encode_parts` gives each part its own module, and an error
/// in one part refuses that part only.
#[test]
fn split_files_are_encoded_part_by_part() {
    let kernel = |name: &str, body: &str| {
        format!("cuda_tile.module @{name} {{\n  entry @k() {{\n{body}    return\n  }}\n}}\n")
    };
    let good = "    %c = constant <f32: 1.0> : tile<4xf32>\n    %s = addf %c, %c : tile<4xf32>\n";
    let bad = "    %c = constant <f32: 1.0> : tile<4xf32>\n    %s = addi %c, %c : tile<4xf32>\n";
    let text = format!("{}// -----\n{}", kernel("a", good), kernel("b", good));
    let analysis = tile_ir::analyze(&text, &TileIrSettings::default(), false);
    let refused = bytecode::encode(&text, &analysis).expect_err("a split file is two modules");
    assert!(refused[0].message.contains("// -----"), "{refused:?}");
    let parts = bytecode::encode_parts(&text, &analysis, Some("split.mlir"));
    assert_eq!(parts.len(), 2);
    // Both parts hold an `entry @k`: each module has its own, so the two encode alike but
    // for the lines of their locations.
    for part in &parts {
        let bytes = part.as_ref().expect("a valid part encodes");
        assert!(bytes.starts_with(b"\x7fTileIR\0"));
    }
    let single = kernel("a", good);
    let alone = bytecode::encode(
        &single,
        &tile_ir::analyze(&single, &TileIrSettings::default(), false),
    )
    .unwrap();
    let first = bytecode::encode_parts(&text, &analysis, None)
        .remove(0)
        .unwrap();
    assert_eq!(first, alone, "part 1 is the module it would be alone");

    let text = format!("{}// -----\n{}", kernel("a", good), kernel("b", bad));
    let analysis = tile_ir::analyze(&text, &TileIrSettings::default(), false);
    let parts = bytecode::encode_parts(&text, &analysis, None);
    assert!(parts[0].is_ok(), "{:?}", parts[0]);
    let errors = parts[1].as_ref().expect_err("part 2 has a type error");
    assert!(errors
        .iter()
        .all(|e| e.offset > text.find("// -----").unwrap()));
    assert!(errors[0].message.starts_with("TILE007"), "{errors:?}");
}

/// A launch compiles for the device's GPU and runs the cubin through the CUDA driver. Without
/// a driver (this machine, CI) it exits 2 naming it, before anything is compiled; with one,
/// vector-add's `c` is `a + b` over its 4096 elements (16 tile blocks of 256).
#[test]
fn run_launches_through_the_cuda_driver_or_names_it_missing() {
    let output = Command::new(env!("CARGO_BIN_EXE_speclint"))
        .current_dir(repo())
        .args([
            "run",
            "tests/tile-ir/valid/vector-add.mlir",
            "--kernel",
            "vadd_f32",
            "--grid",
            "16",
            "--arg",
            "a=range:f32[4096]",
            "--arg",
            "b=fill:0.5:f32[4096]",
            "--arg",
            "c=zeros:f32[4096]",
            "--format",
            "json",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    if speclint_device::cuda::library_present() {
        assert_eq!(output.status.code(), Some(0), "{stderr}");
        let c = &report["buffers"][2];
        assert_eq!(c["name"], "c");
        assert_eq!(c["max"], serde_json::json!(4095.5), "{report}");
        return;
    }
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("libcuda.so.1 not found"), "{stderr}");
    assert_eq!(report["error"]["kind"], "unavailable");
}
