//! One run of a request's work: started on a blocking thread under its permits and a stop
//! token ([`start`]), computing there or waiting for a worker process, stopped through its
//! [`Stopper`] (time limit, client gone, moved lanes), and its result made an answer
//! ([`finish`], [`finish_by`]).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::http::StatusCode;
use serde_json::Value;
use tokio::sync::OwnedSemaphorePermit;
use tokio::task::{JoinError, JoinHandle};
use tokio::time::{timeout_at, Instant};

use grundy::{StopToken, Stopped};

use crate::error::{internal, ApiError, Asked, Fail, Kind};
use crate::jobs::{Work, WorkerReply};
use crate::worker::{Killed, Outcome, Pool, Process};
use crate::{AppState, Config};

/// Stops the work of a request when the request's future is dropped (its client went away),
/// so the computation ends at the library's next check, or its worker process is killed, and
/// frees its permit.
pub(crate) struct StopOnDrop(pub(crate) Option<Arc<Stopper>>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if let Some(s) = &self.0 {
            s.stop();
        }
    }
}

/// How a run is stopped: its token (work on a thread of this process) and its worker process,
/// once it has one (killed).
pub(crate) struct Stopper {
    pub(crate) token: StopToken,
    pub(crate) process: Mutex<(bool, Option<Arc<Process>>)>,
    /// When the computation itself began (a worker process ready for it): what it has run
    /// for, apart from starting a worker, says whether its shape is slow.
    pub(crate) began: Mutex<Option<Instant>>,
}

impl Stopper {
    pub(crate) fn stop(&self) {
        self.token.cancel();
        let mut p = self.process.lock().unwrap_or_else(PoisonError::into_inner);
        p.0 = true;
        if let Some(process) = &p.1 {
            process.kill(Killed::Stopped);
        }
    }

    pub(crate) fn began(&self) {
        *self.began.lock().unwrap_or_else(PoisonError::into_inner) = Some(Instant::now());
    }

    /// When the computation began, if it has.
    pub(crate) fn began_at(&self) -> Option<Instant> {
        *self.began.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the computation has run for `limit` since it began.
    pub(crate) fn ran_for(&self, limit: Duration) -> bool {
        self.began.lock().unwrap_or_else(PoisonError::into_inner).is_some_and(|at| at.elapsed() >= limit)
    }

    /// Records the worker process of the run; killed at once when the run was stopped first.
    fn publish(&self, process: Arc<Process>) {
        let mut p = self.process.lock().unwrap_or_else(PoisonError::into_inner);
        if p.0 {
            process.kill(Killed::Stopped);
        }
        p.1 = Some(process);
    }

    /// Forgets the worker process once it has replied, so that stopping the request after
    /// its answer leaves the worker alone for the next job.
    fn unpublish(&self) {
        self.process.lock().unwrap_or_else(PoisonError::into_inner).1 = None;
    }
}

/// The permit a computation runs under. The blocking work holds it (through an `Arc`) until it
/// ends, so the permits bound the threads computing even when a request stops waiting; the
/// request swaps a quick permit for a slow one when its work moves lanes.
/// The run's memory, reserved from the total, is held the same way.
pub(crate) struct PermitSlot(Mutex<Option<OwnedSemaphorePermit>>, #[allow(dead_code)] OwnedSemaphorePermit);

impl PermitSlot {
    pub(crate) fn replace(&self, permit: OwnedSemaphorePermit) {
        let old = self.0.lock().unwrap_or_else(PoisonError::into_inner).replace(permit);
        drop(old);
    }
}

/// One run of a request's work: on a blocking thread, which computes it or waits for its
/// worker process.
pub(crate) struct Run {
    pub(crate) handle: JoinHandle<Result<Value, Fail>>,
    pub(crate) stopper: Arc<Stopper>,
    pub(crate) slot: Arc<PermitSlot>,
}

/// A job on a worker process from `pool`, as the blocking thread runs it.
fn run_on_worker(pool: &Pool, job: &str, stopper: &Stopper) -> Result<Value, Fail> {
    let worker = pool.take().map_err(|e| {
        Fail::Api(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            Kind::Busy,
            format!("the server could not start a worker process: {e}"),
        ))
    })?;
    stopper.publish(Arc::clone(&worker.process));
    stopper.began();
    match worker.run(job) {
        Outcome::Reply(line, worker) => {
            stopper.unpublish();
            pool.put(worker);
            match serde_json::from_str::<WorkerReply>(&line) {
                Ok(WorkerReply::Ok(value)) => Ok(value),
                Ok(WorkerReply::Error { status, error }) => Err(Fail::Api(ApiError::from_body(status, error))),
                Err(e) => Err(Fail::Api(internal(format!("a worker process answered what is not a reply: {e}")))),
            }
        }
        Outcome::Ended(killed, status) => Err(Fail::Ended(killed, status)),
    }
}

/// Starts `work` under `permit`, with a stop token firing at `deadline`; `guard` now stops
/// this run when the request is dropped.
pub(crate) fn start(
    state: &AppState,
    work: &Work,
    (permit, memory): (OwnedSemaphorePermit, OwnedSemaphorePermit),
    deadline: Instant,
    guard: &mut StopOnDrop,
) -> Run {
    let token = StopToken::after(deadline.saturating_duration_since(Instant::now()));
    let stopper =
        Arc::new(Stopper { token: token.clone(), process: Mutex::new((false, None)), began: Mutex::new(None) });
    guard.0 = Some(Arc::clone(&stopper));
    let slot = Arc::new(PermitSlot(Mutex::new(Some(permit)), memory));
    let handle = tokio::task::spawn_blocking({
        let (work, pool, stopper, slot) = (work.clone(), state.pool.clone(), Arc::clone(&stopper), Arc::clone(&slot));
        move || {
            let result = match (&work, &pool) {
                (Work::Here(f), _) => {
                    stopper.began();
                    token.run(|| f(&token))
                }
                (Work::Worker(line), Some(pool)) => run_on_worker(pool, line, &stopper),
                (Work::Worker(_), None) => Err(Fail::Api(internal("a job for worker processes, and none".into()))),
            };
            drop(slot);
            result
        }
    });
    Run { handle, stopper, slot }
}

/// The answer of a finished run: a panic becomes a 500 answer instead of taking anything
/// down, a fired token a 503, a worker stopped for its memory a 422.
pub(crate) fn finish(
    joined: Result<Result<Value, Fail>, JoinError>,
    asked: &Asked,
    config: &Config,
) -> Result<Value, ApiError> {
    match joined {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(Fail::Api(e))) => Err(e),
        Ok(Err(Fail::Stopped(Stopped::TimeUp { .. }))) => Err(asked.stopped(config)),
        Ok(Err(Fail::Ended(Some(Killed::Memory(held)), _))) => Err(asked.memory(
            config,
            &format!("was stopped holding {} of memory", grundy::frontend::human_bytes(u128::from(held))),
        )),
        // Only seen when the request itself stopped its run (its client has gone); a kind of
        // stop the library adds later reads the same.
        Ok(Err(Fail::Stopped(_) | Fail::Ended(Some(Killed::Stopped), _))) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            Kind::Cancelled,
            format!("{} was cancelled", asked.what),
        )),
        Ok(Err(Fail::Ended(None, status))) => {
            Err(internal(format!("the worker process computing {} ended ({status})", asked.what)))
        }
        Err(e) => Err(internal(e.to_string())),
    }
}

/// Waits for a run until the deadline. Work that does not stop by then (a loop of the library
/// with no check) is stopped and keeps its permit until it ends (a worker process is killed),
/// but the client has its answer.
pub(crate) async fn finish_by(run: Run, deadline: Instant, asked: &Asked, config: &Config) -> Result<Value, ApiError> {
    match timeout_at(deadline, run.handle).await {
        Ok(joined) => finish(joined, asked, config),
        Err(_) => {
            run.stopper.stop();
            Err(asked.stopped(config))
        }
    }
}
