//! `speclint`: a spec-aware linter and language server for GPU assembly and IR.

use clap::{Parser, Subcommand};
use speclint::{cli, lsp};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "speclint",
    version,
    about = "Spec-aware linter and language server for PTX"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check files and directories; exit 0 when clean, 1 on findings, 2 on usage or I/O errors.
    Check(cli::check::CheckArgs),
    /// Run the language server on stdin/stdout.
    Lsp,
    /// Explain a rule (`speclint explain PTX004`), or list every rule.
    Explain {
        /// A rule code or name; omit to list all rules.
        code: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli.command {
        Command::Check(args) => cli::check::run(&args),
        Command::Lsp => lsp::run(),
        Command::Explain { code } => cli::explain::run(code.as_deref()),
    }
}
