//! `speclint`: a spec-aware linter and language server for GPU assembly and IR.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use speclint::cli;
use speclint::languages::REGISTRY;
use speclint_base::run::args::{given_runner_flags, with_runner_flags};
use speclint_base::run::runner::RunnerFlag;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "speclint",
    version,
    about = "Spec-aware linter and language server for GPU assembly and IR: PTX, NVIDIA Tile IR \
             (cuda_tile MLIR) and SPIR-V (OpenCL environment)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check files and directories.
    ///
    /// Exit status: 0 when no finding fails the check, 1 when one does (errors and warnings by
    /// default; see --fail-on), 2 when the check could not be done (a usage error, an unusable
    /// configuration, an input that cannot be read).
    Check(cli::args::CheckArgs),
    /// Compile a kernel and run it on a local device; print its buffers.
    ///
    /// Exit status: 0 when it ran, 1 when the kernel could not be built or failed on the
    /// device (including a timeout or a crash), 2 when it could not be done (a usage error, a
    /// bad argument, no device or driver).
    Run(speclint_base::run::args::RunArgs),
    /// The device side of `run`, in a child process (internal).
    #[command(name = "__run-worker", hide = true)]
    RunWorker,
    /// Run the language server on stdin/stdout.
    Lsp,
    /// Explain a rule (`speclint explain PTX004`), or list every rule.
    Explain {
        /// A rule code or name; omit to list all rules.
        code: Option<String>,
    },
    /// Measure functions' accuracy on the local device against the spec's bound.
    ///
    /// Exit status: 0 when every probe is within its bound, 1 when one is outside it, 2 when
    /// a probe could not be done (an unknown function, no OpenCL device, no CUDA driver).
    Probe(cli::probe::ProbeArgs),
    /// Show the machine code (SASS) a file's kernels compile to, under the source lines it
    /// came from.
    ///
    /// Needs the language's compiler (ptxas for PTX) and nvdisasm (`pip install
    /// nvidia-cuda-nvdisasm`). Exit status: 0 when it was shown, 1 when the file did not
    /// compile, 2 when it could not be done (a usage error, a missing tool).
    Sass(cli::sass::SassArgs),
}

/// Every runner's own flags of `speclint run`.
fn runner_flags() -> Vec<&'static RunnerFlag> {
    (REGISTRY.languages().iter())
        .filter_map(|language| language.runner())
        .flat_map(|runner| runner.flags())
        .collect()
}

/// The command line, with the flags the runners declare added to `run`.
fn parse(flags: &[&'static RunnerFlag]) -> Result<Cli, clap::Error> {
    let command = Cli::command().mut_subcommand("run", |run| with_runner_flags(run, flags));
    let matches = command.try_get_matches()?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    if let (Command::Run(args), Some(("run", run))) = (&mut cli.command, matches.subcommand()) {
        args.runner_flags = given_runner_flags(run, flags);
    }
    Ok(cli)
}

fn main() -> ExitCode {
    let flags = runner_flags();
    let cli = match parse(&flags) {
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
        Command::Run(args) => speclint_run::command::run(REGISTRY, &args),
        Command::RunWorker => speclint_run::worker::worker_main(REGISTRY),
        Command::Lsp => speclint_lsp::run(REGISTRY),
        Command::Explain { code } => cli::explain::run(code.as_deref()),
        Command::Probe(args) => cli::probe::run(&args),
        Command::Sass(args) => cli::sass::run(&args),
    }
}
