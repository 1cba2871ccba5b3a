//! Long library calls that Ctrl-C stops: [`interruptible`] runs the work on a worker thread
//! under a [`StopToken`], with the interpreter released, while the calling thread wakes every
//! [`POLL`] to let Python run its signal handlers (`PyErr_CheckSignals`). When a handler raises
//! (Ctrl-C's `KeyboardInterrupt`), the token is cancelled, the library's loops stop at their next
//! check (a few milliseconds apart), the worker is joined and the handler's exception is raised:
//! the work never runs on to its end, and nothing Python-side (numpy arrays, lists) is made
//! while the work runs.
//!
//! Work whose steps are Python callbacks (`heap_game`, `game`) does not come here: it runs on
//! the calling thread, where Python's own signal checks raise `KeyboardInterrupt` inside the
//! callback, and [`crate::errors::guarded`] passes that exception on unchanged.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Mutex;
use std::thread;
use std::time::Duration;

use grundy::StopToken;
use pyo3::prelude::*;

use crate::shared::lock;

/// How often the calling thread looks for signals while the work runs: well under the 0.2 s
/// in which Ctrl-C must stop a call, and rare enough to cost nothing (one wake-up and one
/// interpreter attach per period).
const POLL: Duration = Duration::from_millis(10);

/// The worker's stack: the main thread's usual 8 MiB, since the work ran there before it ran
/// on a worker (a spawned thread gets 2 MiB by default).
const WORKER_STACK: usize = 8 << 20;

/// Runs `work` (library code only: it must not touch Python) on a worker thread under a fresh
/// [`StopToken`], which it is also handed (for loops of its own to check), with the interpreter
/// released, and returns what it gives; the exception of a
/// signal handler (Ctrl-C's `KeyboardInterrupt`) instead when one raised meanwhile, after the
/// work stopped at its next check. A panic of the work is raised again on this thread (PyO3
/// turns it into `PanicException`, as before).
pub fn interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    F: FnOnce(&StopToken) -> T + Send,
    T: Send,
{
    let token = StopToken::new();
    // The work, taken by the worker, or by this thread when no worker can be made.
    let slot = Mutex::new(Some(work));
    let run = |token: &StopToken| lock(&slot).take().map(|work| token.run(|| work(token)));
    let outcome = py.detach(|| {
        thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            let worker = thread::Builder::new().stack_size(WORKER_STACK).spawn_scoped(scope, {
                let token = token.clone();
                let run = &run;
                move || {
                    let out = run(&token);
                    // The caller may have stopped listening (it was interrupted): nothing to do.
                    let _ = done.send(());
                    out
                }
            });
            let worker = match worker {
                Ok(w) => w,
                // No thread could be made (a process at its limit of threads): the work runs
                // here, still with the interpreter released, without the watch for signals.
                Err(_) => return Ok(Ok(run(&token))),
            };
            let mut interrupted = None;
            loop {
                match finished.recv_timeout(POLL) {
                    // Done, or the worker panicked (its sender dropped): join it either way.
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                    Err(RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            token.cancel();
                            interrupted = Some(e);
                            break;
                        }
                    }
                }
            }
            let joined = worker.join();
            match interrupted {
                Some(e) => Err(e),
                None => Ok(joined),
            }
        })
    });
    match outcome {
        Err(signal) => Err(signal),
        Ok(Ok(Some(value))) => Ok(value),
        // The work is taken exactly once, by the worker or here: never met.
        Ok(Ok(None)) => Err(crate::errors::refused("the work was not run")),
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
    }
}
