//! The one thread that runs the server's analyses and the requests that read them.
//!
//! Analyses used to run on tokio's blocking pool, a thread per concurrent job, and each thread
//! allocated from a glibc arena of its own that kept what it had once held: the server grew
//! with every edit of a large document (80 MB to 500 MB over 50 edits of a 100k-line file on
//! a many-core machine, 70 MB with one arena). One long-lived thread allocates from one arena,
//! and queued jobs run one at a time, in order. The parse threads of a large document
//! (`speclint_base::parallel`) still have arenas of their own, so when its queue runs dry the thread
//! also hands the free memory of every arena back to the system. docs/benchmarks.md has the figures
//! (`scripts/lsp_memory.py`).
//!
//! A job whose requester has given up (a publish cancelled by a later edit, a cancelled
//! request) is skipped when its turn comes, so typing queues no stale analyses. A panic in a
//! job fails only that job: it becomes an error message and the thread goes on.

use std::any::Any;
use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

pub struct AnalysisThread {
    jobs: mpsc::Sender<Job>,
}

impl AnalysisThread {
    /// Starts the thread; it ends when this handle is dropped and its queue is empty.
    pub fn start() -> std::io::Result<AnalysisThread> {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("speclint-analysis".into())
            // The main thread's 8 MiB rather than a spawned thread's 2 MiB: nesting is bounded
            // (`core::limits`, tested to fit 2 MiB in a debug build), this is the margin.
            .stack_size(8 << 20)
            .spawn(move || loop {
                let job = match queue.try_recv() {
                    Ok(job) => job,
                    Err(mpsc::TryRecvError::Empty) => {
                        // Idle: give the memory the last jobs freed back to the system.
                        release_free_memory();
                        match queue.recv() {
                            Ok(job) => job,
                            Err(_) => return,
                        }
                    }
                    Err(mpsc::TryRecvError::Disconnected) => return,
                };
                job();
            })?;
        Ok(AnalysisThread { jobs })
    }

    /// Queues `f` to run on the analysis thread after the jobs queued before it; the future
    /// gives its result, a panic turned into an error message. Dropping the future before `f`
    /// starts skips `f`.
    pub fn run<T, F>(&self, f: F) -> impl Future<Output = Result<T, String>>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move || {
            if answer.is_closed() {
                return;
            }
            let _ = answer.send(catch_unwind(AssertUnwindSafe(f)));
        });
        // If the thread has stopped, the job (and `answer`) is dropped: `answered` fails.
        let _ = self.jobs.send(job);
        async move {
            match answered.await {
                Ok(Ok(value)) => Ok(value),
                Ok(Err(payload)) => Err(panic_message(payload.as_ref())),
                Err(_) => Err("the analysis thread has stopped".to_string()),
            }
        }
    }
}

pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown cause".to_string());
    format!("internal error (panic): {what}")
}

/// Returns the free memory of every allocator arena to the system. The parse threads of a
/// large document (`core::parallel`) allocate from arenas of their own, which glibc keeps
/// (speclint raises its trim threshold for the command line's speed, see
/// `parallel::reserve_heap`): without this, each analysis leaves them holding its memory.
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> i32;
        }
        // SAFETY: malloc_trim only returns free memory to the system; it takes the arena locks.
        unsafe {
            malloc_trim(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    #[tokio::test]
    async fn a_panic_becomes_an_error_and_the_thread_goes_on() {
        let thread = AnalysisThread::start().unwrap();
        let result: Result<(), String> = thread.run(|| panic!("boom")).await;
        assert_eq!(result, Err("internal error (panic): boom".to_string()));
        assert_eq!(thread.run(|| 7).await, Ok(7));
    }

    #[tokio::test]
    async fn jobs_run_on_one_thread_in_order() {
        let thread = AnalysisThread::start().unwrap();
        let a = thread.run(|| std::thread::current().id());
        let b = thread.run(|| std::thread::current().id());
        let (a, b) = tokio::join!(a, b);
        assert_eq!(a, b);
        assert_ne!(a.unwrap(), std::thread::current().id());
    }

    #[tokio::test]
    async fn a_job_whose_requester_gave_up_is_skipped() {
        let thread = AnalysisThread::start().unwrap();
        let ran = Arc::new(AtomicUsize::new(0));
        // Keep the thread busy, queue a job behind it and give up waiting for that job.
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let busy = thread.run(move || hold.recv_timeout(Duration::from_secs(10)).ok());
        let counted = ran.clone();
        let skipped = thread.run(move || counted.fetch_add(1, Ordering::SeqCst));
        let given_up = tokio::time::timeout(Duration::from_millis(10), skipped).await;
        assert!(given_up.is_err());
        release.send(()).unwrap();
        assert_eq!(busy.await, Ok(Some(())));
        let counted = ran.clone();
        thread
            .run(move || counted.fetch_add(1, Ordering::SeqCst))
            .await
            .unwrap();
        assert_eq!(ran.load(Ordering::SeqCst), 1);
    }
}
