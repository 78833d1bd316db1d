//! `speclint run FILE`: picks the kernel, checks the arguments against its signature, has the
//! language prepare the program, runs the device work in the worker process and prints the
//! report. Exit status: 0 when it ran, 1 when the kernel could not be built or failed on the
//! device (a timeout, a crash), 2 when it could not be done (a usage error, a bad argument, no
//! device).

use crate::report::{BufferReport, RunReport};
use crate::resolve::resolve_args;
use crate::worker::{run_in_worker, Job, Reply};
use speclint_analysis::Registry;
use speclint_base::language::Input;
use speclint_base::run::args::{RunArgs, RunFormat};
use speclint_base::run::kernel::KernelSignature;
use speclint_base::run::runner::{ArgValue, CompileReport, Launch, RunError, Runner};
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub fn run(registry: Registry, args: &RunArgs) -> ExitCode {
    // The runners' flags reach them (and the worker) through the environment.
    let runners = registry.languages().iter().filter_map(|l| l.runner());
    for runner in runners {
        if let Err(message) = runner.apply_flags(&args.runner_flags) {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    }
    let file = args.file.display().to_string();
    let outcome = std::fs::read(&args.file)
        .map_err(|e| RunError::usage(format!("cannot read {file}: {e}")))
        .and_then(|bytes| run_input(registry, args, &bytes));
    match outcome {
        Ok(Outcome::Ran(report)) => {
            match args.format {
                RunFormat::Text => print!("{}", report.to_text()),
                RunFormat::Json => println!(
                    "{}",
                    serde_json::to_string_pretty(&report).expect("plain data serialises")
                ),
            }
            ExitCode::SUCCESS
        }
        Ok(Outcome::Compiled(report)) => {
            print_compile_report(args, &file, &report);
            ExitCode::SUCCESS
        }
        Err(error) => {
            report_error(args, &error);
            ExitCode::from(error.exit_code())
        }
    }
}

/// What a run gave.
pub enum Outcome {
    Ran(RunReport),
    Compiled(CompileReport),
}

/// Runs (or, with `--compile-only`, compiles) the kernel in `bytes`, the contents of
/// `args.file` (an editor's unsaved text, for one), writing `--out` files: everything `run`
/// does but print.
pub fn run_input(registry: Registry, args: &RunArgs, bytes: &[u8]) -> Result<Outcome, RunError> {
    let file = args.file.display().to_string();
    let (language, input) = registry
        .read_file(&args.file, bytes)
        .map_err(RunError::usage)?;
    let runner = language.runner().ok_or_else(|| {
        RunError::unavailable(format!(
            "speclint cannot run {} kernels yet",
            language.name()
        ))
    })?;
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        return Err(RunError::usage(
            "--timeout must be a positive number of seconds",
        ));
    }
    let timeout = Duration::from_secs_f64(args.timeout);
    let exe = std::env::current_exe()
        .map_err(|e| RunError::unavailable(format!("cannot find speclint's own binary: {e}")))?;

    if args.compile_only {
        // The whole module is compiled; `--kernel` picks the figures shown (and must name one).
        let wanted = match &args.kernel {
            Some(name) => Some(pick_kernel(runner, input, Some(name))?.name),
            None => None,
        };
        let program = runner.prepare(input)?;
        if let Some(dir) = &args.emit {
            // The worker inherits it (the runner writes there what it compiles).
            std::env::set_var(speclint_base::run::args::EMIT_DIR_VARIABLE, dir);
        }
        let reply = run_in_worker(&exe, language.id(), &program, Job::Compile, timeout)?;
        let Reply::Compiled(mut report) = reply else {
            return Err(RunError::unavailable("the worker answered another job"));
        };
        if let Some(wanted) = wanted {
            report.kernels.retain(|k| k.kernel == wanted);
        }
        return Ok(Outcome::Compiled(report));
    }

    let kernel = pick_kernel(runner, input, args.kernel.as_deref())?;
    let values = resolve_args(&kernel, &args.args).map_err(RunError::usage)?;
    for (name, _) in &args.outs {
        let is_buffer = kernel.params.iter().zip(&values).any(|(p, v)| {
            p.name == *name && matches!(v, ArgValue::Buffer { .. } | ArgValue::Image { .. })
        });
        if !is_buffer {
            return Err(RunError::usage(format!(
                "--out {name}=...: `{name}` is not a buffer or image parameter of kernel `{}`",
                kernel.name
            )));
        }
    }
    let program = runner.prepare(input)?;
    let launch = Launch {
        kernel: kernel.name.clone(),
        grid: args.grid,
        block: args.block,
        shared_bytes: args.shared,
        args: values,
    };
    let started = Instant::now();
    let reply = run_in_worker(
        &exe,
        language.id(),
        &program,
        Job::Launch(launch.clone()),
        timeout,
    )?;
    let wall = started.elapsed();
    let Reply::Launched(execution) = reply else {
        return Err(RunError::unavailable("the worker answered another job"));
    };

    let mut buffers = Vec::new();
    for ((param, before), after) in kernel
        .params
        .iter()
        .zip(&launch.args)
        .zip(&execution.buffers)
    {
        let (element, bytes) = match before {
            ArgValue::Buffer { element, bytes } | ArgValue::Image { element, bytes, .. } => {
                (element, bytes)
            }
            _ => continue,
        };
        if let Some(after) = after {
            buffers.push(BufferReport::new(
                &param.name,
                *element,
                bytes,
                after,
                args.show,
            ));
            if let Some((_, path)) = args.outs.iter().find(|(name, _)| *name == param.name) {
                std::fs::write(path, after).map_err(|e| {
                    RunError::usage(format!("cannot write {}: {e}", path.display()))
                })?;
            }
        }
    }
    let report = RunReport {
        file,
        kernel: kernel.name,
        device: execution.device,
        grid: args.grid,
        block: args.block,
        kernel_ms: execution.kernel_ns.map(|ns| ns as f64 / 1e6),
        wall_ms: wall.as_secs_f64() * 1e3,
        messages: execution.messages,
        buffers,
    };
    Ok(Outcome::Ran(report))
}

fn pick_kernel(
    runner: &dyn Runner,
    input: Input<'_>,
    wanted: Option<&str>,
) -> Result<KernelSignature, RunError> {
    let kernels = runner.kernels(input)?;
    let names = || {
        kernels
            .iter()
            .map(|k| k.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match wanted {
        Some(name) => kernels
            .iter()
            .find(|k| k.name == name)
            .cloned()
            .ok_or_else(|| {
                RunError::usage(if kernels.is_empty() {
                    format!("no kernel `{name}`: the file defines no kernel")
                } else {
                    format!("no kernel `{name}`; the file defines {}", names())
                })
            }),
        None => match kernels.len() {
            0 => Err(RunError::usage("the file defines no kernel")),
            1 => Ok(kernels[0].clone()),
            _ => Err(RunError::usage(format!(
                "the file defines {} kernels ({}): choose one with --kernel",
                kernels.len(),
                names()
            ))),
        },
    }
}

fn print_compile_report(args: &RunArgs, file: &str, report: &CompileReport) {
    match args.format {
        RunFormat::Json => println!(
            "{}",
            serde_json::to_string_pretty(report).expect("plain data serialises")
        ),
        RunFormat::Text => print!("{}", compile_report_text(file, report)),
    }
}

/// A compile report as `speclint run --compile-only` prints it.
pub fn compile_report_text(file: &str, report: &CompileReport) -> String {
    let mut text = format!("{file}: compiled for {}\n", report.compiler);
    for message in &report.messages {
        let severity = format!("{:?}", message.severity).to_lowercase();
        match message.line {
            Some(line) => text += &format!("  {file}:{line}: {severity}: {}\n", message.text),
            None => text += &format!("  {severity}: {}\n", message.text),
        }
    }
    for kernel in &report.kernels {
        text += &format!("  kernel `{}`: {}\n", kernel.kernel, kernel.summary());
    }
    text
}

/// An error as `speclint run` prints it on stderr: the device compiler's messages at their
/// lines, then the error.
pub fn error_text(file: &str, error: &RunError) -> String {
    let mut text = String::new();
    if let RunError::Build { messages, .. } = error {
        for message in messages {
            let severity = format!("{:?}", message.severity).to_lowercase();
            match message.line {
                Some(line) => text += &format!("{file}:{line}: {severity}: {}\n", message.text),
                None => text += &format!("{file}: {severity}: {}\n", message.text),
            }
        }
    }
    text + &format!("error: {}\n", error.message())
}

fn report_error(args: &RunArgs, error: &RunError) {
    let file = args.file.display();
    eprint!("{}", error_text(&file.to_string(), error));
    if args.format == RunFormat::Json {
        let json = serde_json::json!({ "file": file.to_string(), "error": error });
        println!(
            "{}",
            serde_json::to_string_pretty(&json).expect("plain data serialises")
        );
    }
}
