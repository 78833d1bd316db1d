//! Report formats: text (rustc/ruff-style code frames), JSON, SARIF 2.1.0, GitHub annotations.

use super::frame::{write_frame, Style};
use crate::languages::REGISTRY;
use serde_json::{json, Value};
use speclint_base::diagnostic::{Diagnostic, Severity};
use speclint_base::rules::{self, Rule};
use speclint_base::text::{ColumnUnit, LineIndex, TextRange};
use std::collections::BTreeMap;
use std::io::{self, Write};

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
    /// The input could not be read at all (missing, no permission): the check is incomplete.
    pub unread: bool,
}

impl FileReport {
    /// An input that could not be read: an IO001 finding, and a failed run.
    pub fn unread(path: String, message: String) -> Self {
        FileReport {
            unread: true,
            ..FileReport::problem(path, message)
        }
    }

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
            unread: false,
        }
    }

    pub fn clean(path: String, text: String) -> Self {
        FileReport {
            path,
            text: Some(text),
            diagnostics: Vec::new(),
            locations: Vec::new(),
            unread: false,
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

/// How the report is shown.
pub struct Presentation {
    pub format: Format,
    /// Colour the text output.
    pub color: bool,
    /// Findings shown per file in the text output (0: all).
    pub max_per_file: usize,
    /// Counts per rule instead of the findings.
    pub statistics: bool,
    /// No summary line.
    pub quiet: bool,
}

pub fn write(out: &mut impl Write, how: &Presentation, reports: &[FileReport]) -> io::Result<()> {
    match how.format {
        Format::Json if how.statistics => {
            serde_json::to_writer_pretty(&mut *out, &json_statistics(reports))?;
            writeln!(out)
        }
        _ if how.statistics => write_statistics(out, how, reports),
        Format::Text => write_text(out, how, reports),
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
    f: impl FnMut(&FileReport, &Diagnostic, Span, Option<&LineIndex>),
) {
    for_each_finding_up_to(reports, usize::MAX, f);
}

/// The first `limit` findings of each file, with where each is.
fn for_each_finding_up_to(
    reports: &[FileReport],
    limit: usize,
    mut f: impl FnMut(&FileReport, &Diagnostic, Span, Option<&LineIndex>),
) {
    for report in reports {
        // Positions are only needed for findings; a clean file's text is not scanned again.
        let index = report
            .text
            .as_deref()
            .filter(|_| !report.diagnostics.is_empty())
            .map(LineIndex::new);
        for (i, diagnostic) in report.diagnostics.iter().enumerate().take(limit) {
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
    let all_rules = REGISTRY.rules();
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
        if report.unread {
            return; // Not a finding about the code: a notification of the run, below.
        }
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
    // Inputs that could not be read make the run unsuccessful (SARIF 3.20.14, 3.20.21).
    let notifications: Vec<Value> = reports
        .iter()
        .filter(|r| r.unread)
        .flat_map(|r| r.diagnostics.iter().map(move |d| (r, d)))
        .map(|(report, d)| {
            json!({
                "level": "error",
                "message": {"text": d.message},
                "descriptor": {"id": d.rule.code},
                "locations": [{
                    "physicalLocation": {"artifactLocation": {"uri": report.path.replace('\\', "/")}}
                }]
            })
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "speclint", "version": env!("CARGO_PKG_VERSION"), "rules": rules}},
            "invocations": [{
                "executionSuccessful": notifications.is_empty(),
                "toolExecutionNotifications": notifications,
            }],
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

/// Findings by severity; the words are the severities' names.
#[derive(Default)]
struct Counts([usize; 4]);

impl Counts {
    fn add(&mut self, severity: Severity) {
        self.0[severity as usize] += 1;
    }

    fn total(&self) -> usize {
        self.0.iter().sum()
    }

    /// `3 errors, 0 warnings, 1 hint`: errors and warnings always, infos and hints when there
    /// are some.
    fn describe(&self) -> String {
        Severity::ALL
            .into_iter()
            .filter(|&s| self.0[s as usize] > 0 || s <= Severity::Warning)
            .map(|s| plural(self.0[s as usize], s.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn plural(count: usize, word: &str) -> String {
    format!("{count} {word}{}", if count == 1 { "" } else { "s" })
}

fn write_summary(out: &mut impl Write, reports: &[FileReport], counts: &Counts) -> io::Result<()> {
    let files = plural(reports.len(), "file");
    if counts.total() == 0 {
        writeln!(out, "All checks passed ({files}).")
    } else {
        let with_findings = reports.iter().filter(|r| !r.diagnostics.is_empty()).count();
        writeln!(
            out,
            "Found {} in {with_findings} of {files}.",
            counts.describe()
        )
    }
}

fn write_text(out: &mut impl Write, how: &Presentation, reports: &[FileReport]) -> io::Result<()> {
    let style = Style { color: how.color };
    let mut counts = Counts::default();
    for report in reports {
        for d in &report.diagnostics {
            counts.add(d.severity);
        }
        let shown = match how.max_per_file {
            0 => report.diagnostics.len(),
            limit => report.diagnostics.len().min(limit),
        };
        let mut result = Ok(());
        for_each_finding_up_to(
            std::slice::from_ref(report),
            shown,
            |report, d, s, index| {
                if result.is_ok() {
                    result = write_finding(out, &style, report, d, &s, index);
                }
            },
        );
        result?;
        let hidden = report.diagnostics.len() - shown;
        if hidden > 0 {
            writeln!(
                out,
                "... and {hidden} more finding{} in {} not shown (--max-errors {}; 0 shows all).\n",
                if hidden == 1 { "" } else { "s" },
                report.path,
                how.max_per_file
            )?;
        }
    }
    if how.quiet {
        return Ok(());
    }
    write_summary(out, reports, &counts)
}

/// `--statistics`: how many findings each rule has, most first (ruff's layout).
fn statistics(reports: &[FileReport]) -> Vec<(&'static Rule, usize)> {
    let mut by_code: BTreeMap<&'static str, (&'static Rule, usize)> = BTreeMap::new();
    for d in reports.iter().flat_map(|r| &r.diagnostics) {
        by_code.entry(d.rule.code).or_insert((d.rule, 0)).1 += 1;
    }
    let mut rows: Vec<(&'static Rule, usize)> = by_code.into_values().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.code.cmp(b.0.code)));
    rows
}

fn json_statistics(reports: &[FileReport]) -> Value {
    statistics(reports)
        .into_iter()
        .map(|(rule, count)| json!({"code": rule.code, "name": rule.name, "count": count}))
        .collect()
}

fn write_statistics(
    out: &mut impl Write,
    how: &Presentation,
    reports: &[FileReport],
) -> io::Result<()> {
    let rows = statistics(reports);
    let count_width = rows
        .iter()
        .map(|(_, n)| n.to_string().len())
        .max()
        .unwrap_or(1);
    let code_width = rows.iter().map(|(r, _)| r.code.len()).max().unwrap_or(1);
    for (rule, count) in &rows {
        writeln!(
            out,
            "{count:>count_width$}\t{:<code_width$}\t{}",
            rule.code, rule.name
        )?;
    }
    if how.quiet {
        return Ok(());
    }
    if !rows.is_empty() {
        writeln!(out)?;
    }
    let mut counts = Counts::default();
    for d in reports.iter().flat_map(|r| &r.diagnostics) {
        counts.add(d.severity);
    }
    write_summary(out, reports, &counts)
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
        // An input that could not be read has no lines.
        None if report.unread => writeln!(
            out,
            "{:gutter$}{} {}",
            "",
            style.paint("34", "-->"),
            report.path
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
