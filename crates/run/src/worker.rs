//! The device work runs in a child process: the same binary started with the hidden
//! `__run-worker` subcommand. The request and the reply cross pipes as a JSON header (its
//! length first, 8 bytes little-endian) followed by the raw bytes it lists (the program, the
//! arguments, the buffers read back). A hang is killed at the deadline; a crash is reported
//! with the worker's last words on stderr; neither touches the caller.

use serde::{Deserialize, Serialize};
use speclint_analysis::Registry;
use speclint_base::run::runner::{ArgValue, CompileReport, Execution, Launch, Program, RunError};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// The hidden subcommand's name.
pub const WORKER_COMMAND: &str = "__run-worker";

/// What the worker is asked to do.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Job {
    Compile,
    Launch(Launch),
}

#[derive(Serialize, Deserialize)]
struct RequestHeader {
    /// The language id whose runner does the work.
    language: String,
    program: Program,
    job: Job,
    /// Byte counts of what follows: the program, then each argument's payload.
    lengths: Vec<u64>,
}

/// What came back.
#[derive(Debug)]
pub enum Reply {
    Compiled(CompileReport),
    Launched(Execution),
}

#[derive(Serialize, Deserialize)]
enum ReplyHeader {
    Compiled(CompileReport),
    /// The execution, and the byte count of each buffer that follows (`None`: not a buffer).
    Launched(Execution, Vec<Option<u64>>),
    Failed(RunError),
}

/// Runs `job` for `language` in a worker process started from `exe`, killed after `timeout`.
pub fn run_in_worker(
    exe: &Path,
    language: &str,
    program: &Program,
    job: Job,
    timeout: Duration,
) -> Result<Reply, RunError> {
    let mut payloads: Vec<&[u8]> = vec![&program.bytes];
    if let Job::Launch(launch) = &job {
        payloads.extend(launch.args.iter().map(ArgValue::payload));
    }
    let header = RequestHeader {
        language: language.to_string(),
        program: program.clone(),
        lengths: payloads.iter().map(|p| p.len() as u64).collect(),
        job: job.clone(),
    };
    let mut request = Vec::new();
    write_frame(&mut request, &header, &payloads).expect("writing to memory");

    let mut child = Command::new(exe)
        .arg(WORKER_COMMAND)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            RunError::unavailable(format!(
                "cannot start the worker process {}: {e}",
                exe.display()
            ))
        })?;
    let mut stdin = child.stdin.take().expect("piped");
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    // Threads, so that neither side blocks on a full pipe while the deadline is watched.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&request);
    });
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        bytes
    });
    let errors = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stderr.read_to_end(&mut bytes);
        bytes
    });

    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(RunError::Timeout {
                    message: format!(
                        "the device work did not finish within {} s (--timeout); the worker \
                         process was killed",
                        timeout.as_secs_f64()
                    ),
                });
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => {
                return Err(RunError::unavailable(format!(
                    "waiting for the worker: {e}"
                )))
            }
        }
    };
    let _ = writer.join();
    let output = reader.join().unwrap_or_default();
    let stderr = String::from_utf8_lossy(&errors.join().unwrap_or_default()).into_owned();
    match read_reply(&output) {
        Some(reply) => reply,
        None => Err(RunError::Crash {
            message: format!(
                "the worker process died without a reply ({}{}){}",
                describe_status(&status),
                if status.code().is_none() {
                    ": the kernel or the driver crashed, e.g. on an access outside a buffer"
                } else {
                    ""
                },
                last_lines(&stderr)
            ),
        }),
    }
}

fn describe_status(status: &std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                7 => " (SIGBUS)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                _ => "",
            };
            return format!("killed by signal {signal}{name}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => "no exit status".to_string(),
    }
}

fn last_lines(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.is_empty() {
        return String::new();
    }
    let tail = &lines[lines.len().saturating_sub(5)..];
    format!("; its last output: {}", tail.join(" | "))
}

fn read_reply(bytes: &[u8]) -> Option<Result<Reply, RunError>> {
    let (header, mut rest): (ReplyHeader, &[u8]) = read_frame(bytes)?;
    Some(match header {
        ReplyHeader::Compiled(report) => Ok(Reply::Compiled(report)),
        ReplyHeader::Failed(error) => Err(error),
        ReplyHeader::Launched(mut execution, lengths) => {
            execution.buffers = Vec::with_capacity(lengths.len());
            for length in lengths {
                execution.buffers.push(match length {
                    Some(length) => {
                        let length = usize::try_from(length).ok()?;
                        let (buffer, tail) = rest.split_at_checked(length)?;
                        rest = tail;
                        Some(buffer.to_vec())
                    }
                    None => None,
                });
            }
            Ok(Reply::Launched(execution))
        }
    })
}

fn write_frame<T: Serialize>(
    out: &mut impl Write,
    header: &T,
    payloads: &[&[u8]],
) -> std::io::Result<()> {
    let json = serde_json::to_vec(header).map_err(std::io::Error::other)?;
    out.write_all(&(json.len() as u64).to_le_bytes())?;
    out.write_all(&json)?;
    for payload in payloads {
        out.write_all(payload)?;
    }
    out.flush()
}

fn read_frame<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Option<(T, &[u8])> {
    let (length, rest) = bytes.split_at_checked(8)?;
    let length = usize::try_from(u64::from_le_bytes(length.try_into().ok()?)).ok()?;
    let (json, rest) = rest.split_at_checked(length)?;
    Some((serde_json::from_slice(json).ok()?, rest))
}

/// The worker's side: reads one request from stdin, does it, writes the reply to stdout.
pub fn worker_main(registry: Registry) -> ExitCode {
    let mut input = Vec::new();
    if std::io::stdin().read_to_end(&mut input).is_err() {
        return ExitCode::from(2);
    }
    let reply = match serve(registry, &input) {
        Ok(reply) => reply,
        Err(error) => (ReplyHeader::Failed(error), Vec::new()),
    };
    let payloads: Vec<&[u8]> = reply.1.iter().map(Vec::as_slice).collect();
    let mut stdout = std::io::stdout().lock();
    match write_frame(&mut stdout, &reply.0, &payloads) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::from(2),
    }
}

fn serve(registry: Registry, input: &[u8]) -> Result<(ReplyHeader, Vec<Vec<u8>>), RunError> {
    let malformed = || RunError::unavailable("the worker got a malformed request");
    let (header, mut rest): (RequestHeader, &[u8]) = read_frame(input).ok_or_else(malformed)?;
    let mut payloads = Vec::with_capacity(header.lengths.len());
    for &length in &header.lengths {
        let (payload, tail) = rest
            .split_at_checked(usize::try_from(length).map_err(|_| malformed())?)
            .ok_or_else(malformed)?;
        payloads.push(payload.to_vec());
        rest = tail;
    }
    let mut payloads = payloads.into_iter();
    let mut program = header.program;
    program.bytes = payloads.next().ok_or_else(malformed)?;
    let runner = registry
        .by_id(&header.language)
        .and_then(|l| l.runner())
        .ok_or_else(|| {
            RunError::unavailable(format!("no runner for language `{}`", header.language))
        })?;
    match header.job {
        Job::Compile => Ok((ReplyHeader::Compiled(runner.compile(&program)?), Vec::new())),
        Job::Launch(mut launch) => {
            // One payload per argument, empty for local memory.
            for arg in &mut launch.args {
                let payload = payloads.next().ok_or_else(malformed)?;
                if let Some(bytes) = arg.payload_mut() {
                    *bytes = payload;
                }
            }
            let mut execution = runner.launch(&program, &launch)?;
            let buffers = std::mem::take(&mut execution.buffers);
            let lengths = buffers
                .iter()
                .map(|b| b.as_ref().map(|b| b.len() as u64))
                .collect();
            Ok((
                ReplyHeader::Launched(execution, lengths),
                buffers.into_iter().flatten().collect(),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_round_trips_and_a_truncated_one_is_no_reply() {
        let execution = Execution {
            device: "d".into(),
            kernel_ns: Some(5),
            ..Default::default()
        };
        let header = ReplyHeader::Launched(execution, vec![Some(3), None, Some(1)]);
        let mut bytes = Vec::new();
        write_frame(&mut bytes, &header, &[&[1, 2, 3], &[4]]).unwrap();
        let Some(Ok(Reply::Launched(back))) = read_reply(&bytes) else {
            panic!("a reply");
        };
        assert_eq!(back.buffers, vec![Some(vec![1, 2, 3]), None, Some(vec![4])]);
        assert_eq!(back.kernel_ns, Some(5));
        // A worker that dies while writing leaves a short reply: reported as a crash.
        assert!(read_reply(&bytes[..bytes.len() - 1]).is_none());
        assert!(read_reply(&bytes[..4]).is_none());
        assert!(read_reply(&[]).is_none());
    }
}
