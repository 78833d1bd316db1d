//! Report formats: text (rustc/ruff-style code frames), JSON, SARIF 2.1.0, GitHub annotations.

use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::rules::{self, Rule};
use crate::core::text::{ColumnUnit, LineIndex, TextRange};
use serde_json::{json, Value};
use std::io::{self, IsTerminal, Write};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
    Sarif,
    Github,
}

/// One checked file: its text (None when it could not be read as text) and its findings.
/// For a binary module, `text` is its disassembly and `locations` names where each finding is
/// in the binary (`instruction 12, word offset 47`), one per diagnostic; empty for text input.
pub struct FileReport {
    pub path: String,
    pub text: Option<String>,
    pub diagnostics: Vec<Diagnostic>,
    pub locations: Vec<Option<String>>,
}

impl FileReport {
    pub fn problem(path: String, message: String) -> Self {
        FileReport {
            path,
            text: None,
            diagnostics: vec![Diagnostic::new(
                &rules::UNREADABLE_INPUT,
                TextRange::empty(0),
                message,
            )],
            locations: Vec::new(),
        }
    }

    pub fn clean(path: String, text: String) -> Self {
        FileReport {
            path,
            text: Some(text),
            diagnostics: Vec::new(),
            locations: Vec::new(),
        }
    }
}

/// 1-based line and column (in characters) of each end of a range; for a binary module, where
/// the finding is in the binary.
struct Span {
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    location: Option<String>,
}

fn span(index: Option<&LineIndex>, text: Option<&str>, range: TextRange) -> Span {
    match (index, text) {
        (Some(index), Some(text)) => {
            let start = index.position(text, range.start, ColumnUnit::Chars);
            let end = index.position(text, range.end, ColumnUnit::Chars);
            Span {
                line: start.line + 1,
                column: start.col + 1,
                end_line: end.line + 1,
                end_column: end.col + 1,
                location: None,
            }
        }
        _ => Span {
            line: 1,
            column: 1,
            end_line: 1,
            end_column: 1,
            location: None,
        },
    }
}

pub fn write(out: &mut impl Write, format: Format, reports: &[FileReport]) -> io::Result<()> {
    match format {
        Format::Text => write_text(out, reports),
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &json_report(reports))?;
            writeln!(out)
        }
        Format::Sarif => {
            serde_json::to_writer_pretty(&mut *out, &sarif_report(reports))?;
            writeln!(out)
        }
        Format::Github => write_github(out, reports),
    }
}

fn for_each_finding(
    reports: &[FileReport],
    mut f: impl FnMut(&FileReport, &Diagnostic, Span, Option<&LineIndex>),
) {
    for report in reports {
        // Positions are only needed for findings; a clean file's text is not scanned again.
        let index = report
            .text
            .as_deref()
            .filter(|_| !report.diagnostics.is_empty())
            .map(LineIndex::new);
        for (i, diagnostic) in report.diagnostics.iter().enumerate() {
            let mut s = span(index.as_ref(), report.text.as_deref(), diagnostic.range);
            s.location = report.locations.get(i).cloned().flatten();
            f(report, diagnostic, s, index.as_ref());
        }
    }
}

fn json_report(reports: &[FileReport]) -> Value {
    let mut items = Vec::new();
    for_each_finding(reports, |report, d, s, index| {
        let fixes: Vec<Value> = d
            .fixes
            .iter()
            .map(|fix| {
                let edits: Vec<Value> = fix
                    .edits
                    .iter()
                    .map(|e| {
                        let es = span(index, report.text.as_deref(), e.range);
                        json!({"line": es.line, "column": es.column, "end_line": es.end_line, "end_column": es.end_column, "new_text": e.new_text})
                    })
                    .collect();
                json!({"title": fix.title, "edits": edits})
            })
            .collect();
        items.push(json!({
            "path": report.path,
            "code": d.rule.code,
            "rule": d.rule.name,
            "severity": d.severity.as_str(),
            "message": d.message,
            "line": s.line,
            "column": s.column,
            "end_line": s.end_line,
            "end_column": s.end_column,
            "fix": fixes.first().cloned().unwrap_or(Value::Null),
            "fixes": fixes,
        }));
        if let (Some(location), Some(item)) = (&s.location, items.last_mut()) {
            // A binary module: line and column are in its disassembly.
            item["location"] = json!(location);
        }
    });
    Value::Array(items)
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info | Severity::Hint => "note",
    }
}

fn sarif_report(reports: &[FileReport]) -> Value {
    let all_rules = rules::all();
    let rules: Vec<Value> = all_rules
        .iter()
        .map(|r: &&Rule| {
            json!({
                "id": r.code,
                "name": r.name,
                "shortDescription": {"text": r.summary},
                "fullDescription": {"text": r.explanation},
                "defaultConfiguration": {"level": sarif_level(r.severity)},
            })
        })
        .collect();
    let mut results = Vec::new();
    for_each_finding(reports, |report, d, s, _| {
        let rule_index = all_rules
            .iter()
            .position(|r| r.code == d.rule.code)
            .unwrap_or(0);
        results.push(json!({
            "ruleId": d.rule.code,
            "ruleIndex": rule_index,
            "level": sarif_level(d.severity),
            "message": {"text": d.message},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": {"uri": report.path.replace('\\', "/")},
                    "region": {"startLine": s.line, "startColumn": s.column, "endLine": s.end_line, "endColumn": s.end_column}
                }
            }]
        }));
    });
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "speclint", "version": env!("CARGO_PKG_VERSION"), "rules": rules}},
            "results": results
        }]
    })
}

fn write_github(out: &mut impl Write, reports: &[FileReport]) -> io::Result<()> {
    let mut result = Ok(());
    for_each_finding(reports, |report, d, s, _| {
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info | Severity::Hint => "notice",
        };
        // GitHub workflow commands escape %, CR and LF in the message.
        let message = d
            .message
            .replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A");
        if result.is_ok() {
            result = writeln!(
                out,
                "::{level} title=speclint ({}),file={},line={},col={},endLine={},endColumn={}::{message}",
                d.rule.code, report.path, s.line, s.column, s.end_line, s.end_column
            );
        }
    });
    result
}

struct Style {
    color: bool,
}

impl Style {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

fn write_text(out: &mut impl Write, reports: &[FileReport]) -> io::Result<()> {
    let style = Style {
        color: io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let files_with_findings = reports.iter().filter(|r| !r.diagnostics.is_empty()).count();
    let (mut errors, mut warnings, mut others) = (0, 0, 0);
    let mut result = Ok(());
    for_each_finding(reports, |report, d, s, index| {
        match d.severity {
            Severity::Error => errors += 1,
            Severity::Warning => warnings += 1,
            _ => others += 1,
        }
        if result.is_ok() {
            result = write_finding(out, &style, report, d, &s, index);
        }
    });
    result?;
    let total = errors + warnings + others;
    if total == 0 {
        writeln!(
            out,
            "All checks passed ({} file{}).",
            reports.len(),
            if reports.len() == 1 { "" } else { "s" }
        )
    } else {
        writeln!(
            out,
            "Found {errors} error{}, {warnings} warning{}{} in {files_with_findings} of {} file{}.",
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" },
            if others > 0 {
                format!(", {others} note{}", if others == 1 { "" } else { "s" })
            } else {
                String::new()
            },
            reports.len(),
            if reports.len() == 1 { "" } else { "s" }
        )
    }
}

/// One finding: the headline, where it is, the code frame and up to three fixes.
fn write_finding(
    out: &mut impl Write,
    style: &Style,
    report: &FileReport,
    d: &Diagnostic,
    s: &Span,
    index: Option<&LineIndex>,
) -> io::Result<()> {
    let (label, color) = match d.severity {
        Severity::Error => ("error", "1;31"),
        Severity::Warning => ("warning", "1;33"),
        Severity::Info => ("info", "1;36"),
        Severity::Hint => ("hint", "1;36"),
    };
    writeln!(
        out,
        "{}: {}",
        style.paint(color, &format!("{label}[{}]", d.rule.code)),
        style.paint("1", &d.message)
    )?;
    // rustc's layout: the arrow and notes line up with the gutter of the code frame.
    let gutter = s.line.to_string().len();
    match &s.location {
        // A binary module: where in the binary; the frame below shows the disassembly.
        Some(location) => writeln!(
            out,
            "{:gutter$}{} {} ({location})",
            "",
            style.paint("34", "-->"),
            report.path,
        )?,
        None => writeln!(
            out,
            "{:gutter$}{} {}:{}:{}",
            "",
            style.paint("34", "-->"),
            report.path,
            s.line,
            s.column
        )?,
    }
    if let (Some(text), Some(index)) = (report.text.as_deref(), index) {
        write_frame(out, style, text, index, d.range, s.line, color)?;
    }
    for fix in d.fixes.iter().take(3) {
        writeln!(
            out,
            "{:gutter$} {} help: {}",
            "",
            style.paint("34", "="),
            fix.title
        )?;
    }
    writeln!(out)
}

fn write_frame(
    out: &mut impl Write,
    style: &Style,
    text: &str,
    index: &LineIndex,
    range: TextRange,
    line_no: u32,
    color: &str,
) -> io::Result<()> {
    let line = line_no as usize - 1;
    let line_range = index.line_range(text, line);
    let line_text = &text[line_range.start..line_range.end];
    let gutter = line_no.to_string().len();
    let start_col = text[line_range.start..range.start.clamp(line_range.start, line_range.end)]
        .chars()
        .count();
    let end = range
        .end
        .clamp(range.start, line_range.end)
        .max(range.start.min(line_range.end));
    let width = text[range.start.min(line_range.end)..end.max(range.start.min(line_range.end))]
        .chars()
        .count()
        .max(1);
    let expanded: String = line_text.replace('\t', "    ");
    let tabs_before = line_text
        .chars()
        .take(start_col)
        .filter(|&c| c == '\t')
        .count();
    let pad = start_col + tabs_before * 3;
    writeln!(out, "{:>gutter$} {}", "", style.paint("34", "|"))?;
    writeln!(
        out,
        "{} {} {expanded}",
        style.paint("34", &format!("{line_no:>gutter$}")),
        style.paint("34", "|")
    )?;
    writeln!(
        out,
        "{:>gutter$} {} {}{}",
        "",
        style.paint("34", "|"),
        " ".repeat(pad),
        style.paint(color, &"^".repeat(width))
    )?;
    Ok(())
}
