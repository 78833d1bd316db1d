//! The run comment above a kernel, which the editor's "Run" code lens runs:
//! `// speclint: run --grid 4 --block 256 --arg a=range:f32[1024]` (`;` in SPIR-V assembly).
//! Its flags are `speclint run`'s own, read by the same parser (`RunArgs` and the flags of the
//! language's runner), less those that make no sense in an editor (the file, `--kernel`, where
//! the output goes).

use crate::suppression::PREFIX;
use clap::{FromArgMatches, Parser};
use speclint_base::annotations::KernelSummary;
use speclint_base::language::Language;
use speclint_base::run::args::{given_runner_flags, with_runner_flags, RunArgs};
use speclint_base::run::kernel::{KernelSignature, ParamKind};
use speclint_base::run::runner::RunnerFlag;
use speclint_base::text::TextRange;
use std::path::Path;

const RUN: &str = "run";

/// Flags a run comment may not hold, and why.
const NOT_IN_A_COMMENT: &[(&str, &str)] = &[
    ("--kernel", "the comment runs the kernel below it"),
    (
        "--out",
        "the editor shows the buffers; use `speclint run --out` to keep them",
    ),
    (
        "--emit",
        "use `speclint run --compile-only --emit` on the command line",
    ),
    ("--format", "the editor gets the whole report"),
];

/// One `speclint: run` comment.
#[derive(Clone, Debug)]
pub struct RunComment {
    /// From the comment marker to the end of the line.
    pub range: TextRange,
    /// The kernel whose header is on the line below (other comment lines between are fine).
    pub kernel: Option<String>,
    /// The flags as written, after `run`.
    pub flags: String,
}

impl RunComment {
    /// The `speclint run` arguments this comment gives for the document at `file`, or why it
    /// gives none.
    pub fn args(
        &self,
        file: &Path,
        runner_flags: &[&'static RunnerFlag],
    ) -> Result<RunArgs, String> {
        let Some(kernel) = &self.kernel else {
            return Err("a run comment goes on the line directly above a kernel".into());
        };
        let mut args = parse_flags(&self.flags, file, runner_flags)?;
        args.kernel = Some(kernel.clone());
        // A file the comment names sits beside the document, wherever the editor (and so the
        // server) was started: relative paths are the document's folder's.
        if let Some(folder) = file.parent().filter(|f| !f.as_os_str().is_empty()) {
            for arg in &mut args.args {
                for path in arg.value.files_mut() {
                    if path.is_relative() {
                        *path = folder.join(&*path);
                    }
                }
            }
        }
        Ok(args)
    }
}

/// Every run comment of `text`, each with the kernel of `kernels` it stands above.
pub fn run_comments(text: &str, marker: &str, kernels: &[KernelSummary]) -> Vec<RunComment> {
    let lines = line_spans(text);
    let mut found = Vec::new();
    for (number, &(start, end)) in lines.iter().enumerate() {
        let Some((comment_at, flags)) = run_directive(&text[start..end], marker) else {
            continue;
        };
        // The first line below that is not a comment must be the kernel's header.
        let header = lines[number + 1..]
            .iter()
            .find(|&&(s, e)| !text[s..e].trim_start().starts_with(marker));
        let kernel = header.and_then(|&(s, e)| {
            kernels
                .iter()
                .find(|k| (s..=e).contains(&k.range.start))
                .map(|k| k.kernel.clone())
        });
        found.push(RunComment {
            range: TextRange::new(start + comment_at, end),
            kernel,
            flags: flags.trim().to_string(),
        });
    }
    found
}

/// Each line's start and end (before `\r\n` or `\n`).
fn line_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        spans.push((start, start + content.len()));
        start += line.len();
    }
    spans
}

/// A line that is only a run comment: where the marker is, and the flags after `run`.
fn run_directive<'l>(line: &'l str, marker: &str) -> Option<(usize, &'l str)> {
    let body = line.trim_start();
    let comment_at = line.len() - body.len();
    let after_prefix = body
        .strip_prefix(marker)?
        .trim_start()
        .strip_prefix(PREFIX)?;
    let flags = after_prefix.trim_start().strip_prefix(RUN)?;
    (flags.is_empty() || flags.starts_with(char::is_whitespace)).then_some((comment_at, flags))
}

/// Elements per buffer in a template, and the launch that covers them.
const TEMPLATE_ELEMENTS: u32 = 1024;
const TEMPLATE_BLOCK: u32 = 256;

/// A run comment to start from for `kernel` (without the comment marker): a launch of 1024
/// work-items, each buffer a `range` of 1024 elements, integer scalars 1024 (a count, often)
/// and float scalars 1. A parameter speclint cannot pass gets `?`, which RUN001 points at.
pub fn template(kernel: &KernelSignature) -> String {
    let n = TEMPLATE_ELEMENTS;
    let mut text = format!(
        "{PREFIX} {RUN} --grid {} --block {TEMPLATE_BLOCK}",
        n / TEMPLATE_BLOCK
    );
    for param in &kernel.params {
        let value = match &param.kind {
            ParamKind::Scalar { ty, .. } if ty.is_float() => "1".to_string(),
            ParamKind::Scalar { .. } => n.to_string(),
            ParamKind::Buffer { element, .. } => {
                format!("range:{}[{n}]", element.map_or("f32", |t| t.name()))
            }
            ParamKind::ScalarOrBuffer { .. } => format!("range:f32[{n}]"),
            ParamKind::Local { element } => {
                let size = element.map_or(4, |t| t.size()) as u32;
                format!("local:{}", TEMPLATE_BLOCK * size)
            }
            ParamKind::Image { dims: 1, .. } => format!("image:{n}:r:range:f32[{n}]"),
            ParamKind::Image { .. } => format!("image:32x32:r:range:f32[{n}]"),
            ParamKind::Unsupported { .. } => "?".to_string(),
        };
        text += &format!(" --arg {}={value}", quoted(&param.name));
    }
    text
}

/// A parameter name as one word of the comment.
fn quoted(name: &str) -> String {
    if name.contains(char::is_whitespace) || name.contains(['\'', '"']) {
        format!("\"{name}\"")
    } else {
        name.to_string()
    }
}

#[derive(Parser)]
#[command(name = "speclint: run", no_binary_name = true)]
struct CommentFlags {
    #[command(flatten)]
    run: RunArgs,
}

/// The flags of `language`'s runner, which its run comments may hold.
pub fn runner_flags(language: &dyn Language) -> Vec<&'static RunnerFlag> {
    language
        .runner()
        .map_or_else(Vec::new, |runner| runner.flags().iter().collect())
}

/// Reads `flags` as `speclint run`'s for the document at `file`, with the flags of its
/// language's runner.
pub fn parse_flags(
    flags: &str,
    file: &Path,
    runner_flags: &[&'static RunnerFlag],
) -> Result<RunArgs, String> {
    let words = split_words(flags)?;
    for word in &words {
        let flag = word.split('=').next().unwrap_or(word);
        if let Some((_, why)) = NOT_IN_A_COMMENT.iter().find(|(f, _)| *f == flag) {
            return Err(format!("`{flag}` has no place in a run comment: {why}"));
        }
    }
    // The document takes the place of `speclint run FILE`: a file in the comment is one too many.
    let mut argv = vec![file.as_os_str().to_owned()];
    argv.extend(words.iter().map(Into::into));
    let command = with_runner_flags(
        <CommentFlags as clap::CommandFactory>::command(),
        runner_flags,
    );
    let matches = command
        .try_get_matches_from(argv)
        .map_err(|e| clap_message(&e))?;
    let flags = CommentFlags::from_arg_matches(&matches).map_err(|e| clap_message(&e))?;
    let mut run = flags.run;
    run.runner_flags = given_runner_flags(&matches, runner_flags);
    Ok(run)
}

/// Clap's first line, less its `error: `, with its tip (a similar flag) when it has one; the
/// rest is usage help for a terminal.
fn clap_message(error: &clap::Error) -> String {
    let rendered = error.render().to_string().replace('\'', "`");
    let mut lines = rendered.lines();
    let first = lines.next().unwrap_or_default();
    let message = first.strip_prefix("error: ").unwrap_or(first);
    let tip = lines.find_map(|line| line.trim().strip_prefix("tip: "));
    let positional = message.starts_with("unexpected argument `") && !message.contains("`-");
    match tip {
        Some(tip) => format!("{message} ({tip})"),
        None if positional => format!("{message}: the comment runs the document, not a file"),
        None => message.to_string(),
    }
}

/// Splits on whitespace, keeping what is in single or double quotes together.
fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(q) = quote {
        return Err(format!("a quote ({q}) is not closed"));
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODULE: &str = "\
; speclint: run --grid 4 --block 64 --arg a=range:f32[256]
; about the kernel
%k = OpFunction %void None %fn
; speclint: run --grid 1
%other = OpFunction %void None %fn
;speclint:run

%third = OpFunction %void None %fn
; speclint: running is not a run comment
";

    fn kernels() -> Vec<KernelSummary> {
        ["%k", "%other", "%third"]
            .iter()
            .map(|name| {
                let at = MODULE.find(&format!("{name} =")).unwrap();
                KernelSummary {
                    kernel: name.trim_start_matches('%').to_string(),
                    range: TextRange::new(at, at + 4),
                    summary: String::new(),
                }
            })
            .collect()
    }

    #[test]
    fn comments_belong_to_the_kernel_below_them() {
        let comments = run_comments(MODULE, ";", &kernels());
        let found: Vec<_> = comments
            .iter()
            .map(|c| (c.kernel.as_deref(), c.flags.as_str()))
            .collect();
        assert_eq!(
            found,
            [
                (Some("k"), "--grid 4 --block 64 --arg a=range:f32[256]"),
                (Some("other"), "--grid 1"),
                // A blank line between: not directly above.
                (None, ""),
            ]
        );
        assert_eq!(
            &MODULE[comments[1].range.start..comments[1].range.end],
            "; speclint: run --grid 1"
        );
    }

    #[test]
    fn flags_are_read_as_the_command_line_reads_them() {
        let file = Path::new("k.spvasm");
        let args = parse_flags(
            "--grid 4,2 --block 64 --arg 'a=fill:1.5:f32[8]' --timeout 2",
            file,
            &[],
        )
        .unwrap();
        assert_eq!(args.grid, [4, 2, 1]);
        assert_eq!(args.block, [64, 1, 1]);
        assert_eq!(args.args.len(), 1);
        assert_eq!(args.timeout, 2.0);
        assert_eq!(args.file, file);
    }

    #[test]
    fn files_a_comment_names_are_the_document_s_neighbours() {
        let comment = |flags: &str| RunComment {
            range: TextRange::empty(0),
            kernel: Some("k".into()),
            flags: flags.into(),
        };
        let files = |args: RunArgs| -> Vec<PathBuf> {
            let mut args = args.args;
            args.iter_mut()
                .flat_map(|a| a.value.files_mut().map(|p| p.clone()).collect::<Vec<_>>())
                .collect()
        };
        use std::path::PathBuf;
        let flags = "--arg a=file:in.bin:f32[4] --arg b=file:/abs/x.bin:f32 \
                     --arg c=image:2x2:r:file:sub/t.bin:f32[4] --arg d=zeros:f32[4]";
        let args = comment(flags)
            .args(Path::new("/work/kernels/k.spvasm"), &[])
            .unwrap();
        assert_eq!(
            files(args),
            [
                PathBuf::from("/work/kernels/in.bin"),
                PathBuf::from("/abs/x.bin"),
                PathBuf::from("/work/kernels/sub/t.bin"),
            ]
        );
        // A document without a folder (an unsaved buffer named by its URI) keeps them as written.
        let args = comment(flags).args(Path::new("k.spvasm"), &[]).unwrap();
        assert_eq!(files(args)[0], PathBuf::from("in.bin"));
    }

    #[test]
    fn a_template_reads_back_as_the_kernel_s_arguments() {
        use speclint_base::run::kernel::{AddressSpace, KernelParam, ScalarType};
        let param = |name: &str, kind| KernelParam {
            name: name.to_string(),
            kind,
            aliases: Vec::new(),
            min_elements: None,
        };
        let kernel = KernelSignature {
            name: "k".into(),
            line: None,
            params: vec![
                param(
                    "a",
                    ParamKind::Buffer {
                        element: Some(ScalarType::F32),
                        space: AddressSpace::Global,
                    },
                ),
                param(
                    "scratch",
                    ParamKind::Local {
                        element: Some(ScalarType::F32),
                    },
                ),
                param(
                    "n",
                    ParamKind::Scalar {
                        ty: ScalarType::U32,
                        lanes: 1,
                    },
                ),
                param(
                    "scale",
                    ParamKind::Scalar {
                        ty: ScalarType::F32,
                        lanes: 1,
                    },
                ),
            ],
        };
        let text = template(&kernel);
        assert_eq!(
            text,
            "speclint: run --grid 4 --block 256 --arg a=range:f32[1024] \
             --arg scratch=local:1024 --arg n=1024 --arg scale=1"
        );
        let comment = format!("; {text}\n%k = OpFunction %void None %fn\n");
        let summary = KernelSummary {
            kernel: "k".into(),
            range: TextRange::new(comment.find("%k").unwrap(), comment.len() - 1),
            summary: String::new(),
        };
        let found = run_comments(&comment, ";", &[summary]);
        let args = found[0].args(Path::new("k.spvasm"), &[]).unwrap();
        assert_eq!((args.grid, args.block), ([4, 1, 1], [256, 1, 1]));
        assert_eq!(args.args.len(), 4);
        assert_eq!(args.kernel.as_deref(), Some("k"));
    }

    #[test]
    fn bad_flags_say_what_is_wrong() {
        let file = Path::new("k.spvasm");
        let error = |flags: &str| parse_flags(flags, file, &[]).unwrap_err();
        assert!(
            error("--grid x").contains("--grid"),
            "{}",
            error("--grid x")
        );
        assert!(
            error("--arg a=zeros:f33[4]").contains("f33"),
            "{}",
            error("--arg a=zeros:f33[4]")
        );
        assert!(error("--gird 4").contains("--gird"));
        assert!(error("other.spvasm").contains("not a file"));
        assert!(error("--kernel k").contains("kernel below"));
        assert!(error("--out a=x.bin").contains("--out"));
        assert!(error("--arg 'a=x").contains("quote"));
    }
}
