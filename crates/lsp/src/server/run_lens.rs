//! The "▶ Run" code lens on each kernel that has a run comment above it
//! (`// speclint: run --grid 4 --block 256 --arg …`, see `run::comment`), and the command it
//! calls, `speclint.runKernel`; on the other kernels (where the client applies edits), an "Add
//! run comment" lens whose command, `speclint.addRunComment`, inserts a template made from the
//! kernel's parameters. Nothing runs until the command is executed: then the kernel
//! runs through `run::command::run_input` on the document's current text, on a blocking
//! thread (never the analysis thread), with the device work in the worker process and its
//! timeout. The outcome is shown in a message (one line), logged in full, and returned as the
//! command's result for the client to show.

use super::super::to_proto::{self, Lines};
use super::Backend;
use serde_json::{json, Value};
use speclint_analysis::run_comment::{run_comments, runner_flags, template};
use speclint_analysis::Analysis;
use speclint_base::annotations::KernelSummary;
use speclint_base::language::Input;
use speclint_base::run::runner::RunError;
use speclint_run::command::{compile_report_text, error_text, run_input, Outcome};
use std::path::{Path, PathBuf};
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types as lsp;

/// The command a Run lens calls; its one argument is `{"uri": …, "kernel": …}`.
pub(super) const RUN_KERNEL: &str = "speclint.runKernel";
/// The command of the lens on a kernel without a run comment; the same argument.
pub(super) const ADD_RUN_COMMENT: &str = "speclint.addRunComment";

pub(super) fn execute_command_capability() -> lsp::ExecuteCommandOptions {
    lsp::ExecuteCommandOptions {
        commands: vec![RUN_KERNEL.to_string(), ADD_RUN_COMMENT.to_string()],
        work_done_progress_options: Default::default(),
    }
}

/// A Run lens for each kernel of `summaries` with a well-formed run comment above it (a
/// malformed one has its RUN001 diagnostic instead); with `offer_template`, an "Add run
/// comment" lens on each kernel without one.
pub(super) fn run_lenses(
    uri: &lsp::Uri,
    analysis: &Analysis,
    text: &str,
    lines: Lines,
    summaries: &[KernelSummary],
    offer_template: bool,
) -> Vec<lsp::CodeLens> {
    let language = analysis.language();
    if language.runner().is_none() || analysis.shown_text().is_some() {
        return Vec::new();
    }
    let comments = run_comments(text, language.line_comment(), summaries);
    let runner_flags = runner_flags(language);
    let lens = |summary: &KernelSummary, title: &str, command: &str, data: Value| lsp::CodeLens {
        range: to_proto::range(lines, summary.range),
        command: Some(lsp::Command {
            title: title.to_string(),
            command: command.to_string(),
            arguments: Some(vec![json!({"uri": uri, "kernel": summary.kernel})]),
        }),
        data: Some(data),
    };
    summaries
        .iter()
        .filter_map(|summary| {
            let comment = comments
                .iter()
                .find(|c| c.kernel.as_deref() == Some(summary.kernel.as_str()));
            match comment {
                Some(comment) if comment.args(Path::new("-"), &runner_flags).is_ok() => Some(lens(
                    summary,
                    "▶ Run",
                    RUN_KERNEL,
                    json!({"lens": "run", "kernel": summary.kernel, "flags": comment.flags}),
                )),
                Some(_) => None,
                None if offer_template => Some(lens(
                    summary,
                    "Add run comment",
                    ADD_RUN_COMMENT,
                    json!({"lens": "add-run-comment", "kernel": summary.kernel}),
                )),
                None => None,
            }
        })
        .collect()
}

/// What the command was asked to run.
#[derive(serde::Deserialize)]
struct Target {
    uri: lsp::Uri,
    kernel: String,
}

fn target_of(command: &str, arguments: Vec<Value>) -> jsonrpc::Result<Target> {
    arguments
        .into_iter()
        .next()
        .and_then(|argument| serde_json::from_value(argument).ok())
        .ok_or_else(|| {
            jsonrpc::Error::invalid_params(format!(
                "{command} takes one argument, {{\"uri\": …, \"kernel\": …}}"
            ))
        })
}

impl Backend {
    /// `speclint.addRunComment`: asks the client to insert a template run comment above the
    /// kernel, made from its parameters. The result says whether the client applied it.
    pub(super) async fn add_run_comment(
        &self,
        arguments: Vec<Value>,
    ) -> jsonrpc::Result<Option<Value>> {
        let target = target_of(ADD_RUN_COMMENT, arguments)?;
        let kernel = target.kernel.clone();
        let edit = self
            .document_request(
                ADD_RUN_COMMENT,
                target.uri.clone(),
                move |analysis, text, lines| {
                    let language = analysis.language();
                    let summary = analysis
                        .kernel_summaries(text)
                        .into_iter()
                        .find(|s| s.kernel == kernel)?;
                    let signature = language
                        .runner()?
                        .kernels(Input::Text(text))
                        .ok()?
                        .into_iter()
                        .find(|k| k.name == kernel)?;
                    let line_start = text[..summary.range.start].rfind('\n').map_or(0, |i| i + 1);
                    let line = &text[line_start..];
                    let indent = &line[..line.len() - line.trim_start_matches([' ', '\t']).len()];
                    let line_end = line.find('\n').map_or(line.len(), |i| i);
                    let newline = if line[..line_end].ends_with('\r') {
                        "\r\n"
                    } else {
                        "\n"
                    };
                    let at = to_proto::position(lines, line_start);
                    Some(lsp::TextEdit {
                        range: lsp::Range::new(at, at),
                        new_text: format!(
                            "{indent}{} {}{newline}",
                            language.line_comment(),
                            template(&signature)
                        ),
                    })
                },
            )
            .await?;
        let Some(edit) = edit else {
            return Err(jsonrpc::Error::invalid_params(format!(
                "no kernel `{}` that speclint can run in {}",
                target.kernel,
                target.uri.as_str()
            )));
        };
        let changes = std::collections::HashMap::from([(target.uri, vec![edit])]);
        let applied = self
            .client
            .apply_edit(lsp::WorkspaceEdit::new(changes))
            .await
            .is_ok_and(|response| response.applied);
        Ok(Some(json!({"applied": applied})))
    }

    /// `speclint.runKernel`: runs the kernel with its run comment's flags on the document's
    /// current text and reports the outcome.
    pub(super) async fn run_kernel(&self, arguments: Vec<Value>) -> jsonrpc::Result<Option<Value>> {
        let target = target_of(RUN_KERNEL, arguments)?;
        let path = self
            .documents()
            .get(&target.uri)
            .map(|open| open.doc.path.clone());
        let Some(path) = path else {
            return Err(jsonrpc::Error::invalid_params(format!(
                "{} is not open",
                target.uri.as_str()
            )));
        };
        let file = path.unwrap_or_else(|| {
            let uri_path = target.uri.path();
            PathBuf::from(uri_path.as_str().rsplit('/').next().unwrap_or("untitled"))
        });
        let kernel = target.kernel.clone();
        let found = self
            .document_request(RUN_KERNEL, target.uri.clone(), move |analysis, text, _| {
                let summaries = analysis.kernel_summaries(text);
                let language = analysis.language();
                let comment = run_comments(text, language.line_comment(), &summaries)
                    .into_iter()
                    .find(|c| c.kernel.as_deref() == Some(kernel.as_str()));
                Some((text.to_string(), comment, runner_flags(language)))
            })
            .await?;
        let label = file.display().to_string();
        let outcome = match found {
            None => Err(RunError::usage(format!(
                "{label} is not a document speclint can run"
            ))),
            Some((_, None, _)) => Err(RunError::usage(format!(
                "kernel `{}` has no `speclint: run` comment above it",
                target.kernel
            ))),
            Some((text, Some(comment), flags)) => match comment.args(&file, &flags) {
                Err(problem) => Err(RunError::usage(problem)),
                Ok(args) => {
                    let registry = self.state.registry;
                    tokio::task::spawn_blocking(move || run_input(registry, &args, text.as_bytes()))
                        .await
                        .unwrap_or_else(|e| {
                            Err(RunError::unavailable(format!("the run failed: {e}")))
                        })
                }
            },
        };
        let result = result_of(&label, &target.kernel, outcome);
        let summary = result["summary"].as_str().unwrap_or_default().to_string();
        let full = result["text"].as_str().unwrap_or_default().to_string();
        let kind = if result["ok"] == true {
            lsp::MessageType::INFO
        } else {
            lsp::MessageType::ERROR
        };
        self.client.log_message(kind, full).await;
        self.client.show_message(kind, summary).await;
        Ok(Some(result))
    }
}

/// The command's result: `ok`, a one-line `summary`, the report as `speclint run` prints it
/// (`text`), and the report as data (`report`, `compiled` or `error`).
fn result_of(file: &str, kernel: &str, outcome: Result<Outcome, RunError>) -> Value {
    match outcome {
        Ok(Outcome::Ran(report)) => {
            let time = report.kernel_ms.map_or("no kernel time".to_string(), |ms| {
                format!("kernel {ms:.3} ms")
            });
            json!({
                "ok": true,
                "kernel": kernel,
                "summary": format!(
                    "speclint run `{kernel}`: ok on {}, {time} (wall {:.0} ms)",
                    report.device, report.wall_ms
                ),
                "text": report.to_text(),
                "report": report,
            })
        }
        Ok(Outcome::Compiled(report)) => json!({
            "ok": true,
            "kernel": kernel,
            "summary": format!("speclint run `{kernel}`: compiled for {}", report.compiler),
            "text": compile_report_text(file, &report),
            "compiled": report,
        }),
        Err(error) => json!({
            "ok": false,
            "kernel": kernel,
            "summary": format!(
                "speclint run `{kernel}`: exit {}: {}",
                error.exit_code(),
                error.message()
            ),
            "text": error_text(file, &error),
            "error": error,
        }),
    }
}
