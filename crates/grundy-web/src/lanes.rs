//! The two lanes (see the crate documentation): every request starts in the quick lane
//! ([`compute`]); one still running when its quick time is up, or moved out to make room
//! ([`QuickRuns`]), goes on in the slow lane or waits in its queue; the shapes of requests seen
//! slow ([`SlowShapes`], [`shape`]) go to the slow lane at once.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::{Notify, OwnedSemaphorePermit};
use tokio::time::{sleep_until, timeout_at, Instant};

use crate::error::{shutting_down, ApiError, Asked};
use crate::jobs::Work;
use crate::memory::{check_forecast, reserve};
use crate::routes::Prepared;
use crate::run::{finish, finish_by, start, Run, StopOnDrop, Stopper};
use crate::AppState;

impl AppState {
    /// Runs a request read and checked by its endpoint ([`Prepared`]) in the lanes, within
    /// its time limit from `arrived` ([`compute`]).
    pub(crate) async fn compute(&self, arrived: Instant, prepared: Prepared) -> Result<Value, ApiError> {
        let Prepared { asked, forecast, endpoint, shape_of, job } = prepared;
        compute(self, arrived, asked, forecast, shape(endpoint, &shape_of), self.work(job)).await
    }
}

/// The runs of the quick lane, oldest first, so that a request that finds the lane full can
/// move the one that has computed longest (past its slice) to the slow lane.
#[derive(Default)]
pub(crate) struct QuickRuns {
    next: u64,
    runs: Vec<QuickRun>,
}

struct QuickRun {
    id: u64,
    /// Its run's stopper, which knows when the computation began ([`Stopper::began`]).
    stopper: Arc<Stopper>,
    moved: bool,
    told: Arc<Notify>,
}

/// What a request waiting for the quick lane can do.
enum Room {
    /// It told a run to move (and waits for that run's permit).
    Moved,
    /// The oldest run not yet told keeps its place until then.
    At(Instant),
    /// Every run has been told already.
    Waiting,
}

impl QuickRuns {
    fn add(&mut self, stopper: Arc<Stopper>) -> (u64, Arc<Notify>) {
        self.next += 1;
        let told = Arc::new(Notify::new());
        self.runs.push(QuickRun { id: self.next, stopper, moved: false, told: Arc::clone(&told) });
        (self.next, told)
    }

    fn remove(&mut self, id: u64) {
        self.runs.retain(|r| r.id != id);
    }

    /// Tells the run of the quick lane that has computed longest to move, once it has had
    /// `slice`. A run still waiting for its worker process to start has not computed at all:
    /// moving it would save nothing, and it may well be cheap.
    fn make_room(&mut self, slice: Duration, now: Instant) -> Room {
        let Some((began, oldest)) = self
            .runs
            .iter_mut()
            .filter(|r| !r.moved)
            .filter_map(|r| Some((r.stopper.began_at()?, r)))
            .min_by_key(|(b, _)| *b)
        else {
            return Room::Waiting;
        };
        let until = began + slice;
        if until > now {
            return Room::At(until);
        }
        oldest.moved = true;
        oldest.told.notify_one();
        Room::Moved
    }
}

/// RAII for a run's place in [`QuickRuns`].
struct QuickPlace<'a>(&'a Mutex<QuickRuns>, u64);

impl Drop for QuickPlace<'_> {
    fn drop(&mut self) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).remove(self.1);
    }
}

/// A permit of the quick lane (`true`), or of the slow lane when one is free first (`false`),
/// or `None` when work of this `shape` is seen to need the slow lane while the request waits.
/// When the quick lane is full, the run in it that has computed longest is told to move to the
/// slow lane once it has computed [`Config::quick_slice`](crate::Config::quick_slice): newer
/// requests, which may well be cheap, go first (the least work done first), so a cheap request
/// never waits behind slow ones for long. Requests of a shape seen slow leave the wait at once
/// (at the start of a storm of them, all arrive before the first is seen slow).
async fn first_permit(
    state: &AppState,
    deadline: Instant,
    asked: &Asked,
    shape: u64,
) -> Result<Option<(OwnedSemaphorePermit, bool)>, ApiError> {
    let config = &*state.config;
    // Waiting for either kind of permit, in each semaphore's order of arrival, kept across the
    // rounds below.
    let quick = Arc::clone(&state.quick).acquire_owned();
    let slow = Arc::clone(&state.slow).acquire_owned();
    tokio::pin!(quick, slow);
    loop {
        // A free permit first, so that no run is moved needlessly.
        if let Ok(p) = Arc::clone(&state.quick).try_acquire_owned() {
            return Ok(Some((p, true)));
        }
        if let Ok(p) = Arc::clone(&state.slow).try_acquire_owned() {
            return Ok(Some((p, false)));
        }
        let now = Instant::now();
        if state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).contains(shape, now) {
            return Ok(None);
        }
        let room = state.quick_runs.lock().unwrap_or_else(PoisonError::into_inner).make_room(config.quick_slice, now);
        // One run told to move per slice of waiting: its permit frees at once (a worker
        // process is killed) or at the library's next check.
        let retry = match room {
            Room::Moved | Room::Waiting => now + config.quick_slice,
            Room::At(at) => at,
        }
        .min(deadline);
        tokio::select! {
            biased;
            p = &mut quick => return Ok(Some((p.map_err(|_| shutting_down())?, true))),
            p = &mut slow => return Ok(Some((p.map_err(|_| shutting_down())?, false))),
            () = sleep_until(retry) => {
                if Instant::now() >= deadline {
                    return Err(asked.busy(config));
                }
            }
        }
    }
}

/// Runs `work` in the quick lane, then if need be the slow lane, within the request's time limit
/// from `arrived` and its memory `forecast` (see the crate documentation). A request whose
/// `shape` was seen to need the slow lane lately goes there at once.
pub(crate) async fn compute(
    state: &AppState,
    arrived: Instant,
    asked: Asked,
    forecast: u64,
    shape: u64,
    work: Work,
) -> Result<Value, ApiError> {
    let config = &*state.config;
    let deadline = arrived + config.time_limit;
    check_forecast(config, forecast, &asked)?;
    let mut guard = StopOnDrop(None);
    if state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).contains(shape, Instant::now()) {
        return in_slow_lane(state, &work, forecast, deadline, &asked, shape, &mut guard).await;
    }

    let (permit, quick) = match first_permit(state, deadline, &asked, shape).await? {
        Some(first) => first,
        // Its shape was seen slow while it waited.
        None => return in_slow_lane(state, &work, forecast, deadline, &asked, shape, &mut guard).await,
    };
    let permits = reserve(state, permit, forecast, deadline, &asked).await?;
    let mut run = start(state, &work, permits, deadline, &mut guard);
    let started = Instant::now();
    if !quick {
        return finish_slow(state, run, deadline, &asked, shape).await;
    }
    let (id, told) = state.quick_runs.lock().unwrap_or_else(PoisonError::into_inner).add(Arc::clone(&run.stopper));
    let place = QuickPlace(&state.quick_runs, id);
    // The quick time counts from when the computation began: waiting for a worker process to
    // start (a busy machine) does not send cheap work to the slow lane.
    let quick_end = |from: Instant| from.checked_add(config.quick_limit).map_or(deadline, |end| end.min(deadline));
    let mut check = quick_end(started);
    loop {
        tokio::select! {
            joined = &mut run.handle => return finish(joined, &asked, config),
            // Its quick time is up: work of this shape needs the slow lane.
            () = sleep_until(check) => {
                if run.stopper.ran_for(config.quick_limit) {
                    state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).insert(shape, Instant::now());
                    break;
                }
                if check >= deadline {
                    break;
                }
                let now = Instant::now();
                check = quick_end(run.stopper.began_at().unwrap_or(now)).max(now + (config.quick_limit / 8).max(Duration::from_millis(1))).min(deadline);
            }
            () = told.notified() => break,
        }
    }
    drop(place);
    if Instant::now() >= deadline {
        run.stopper.stop();
        return Err(asked.stopped(config));
    }
    // The quick time is up: the same work goes on in the slow lane if a slow permit is free ...
    if let Ok(permit) = Arc::clone(&state.slow).try_acquire_owned() {
        run.slot.replace(permit);
        return finish_slow(state, run, deadline, &asked, shape).await;
    }
    // ... else it stops (freeing its quick permit when it does) and waits for one in the slow
    // lane's queue, if it has room, to start again from the beginning.
    run.stopper.stop();
    drop(run);
    in_slow_lane(state, &work, forecast, deadline, &asked, shape, &mut guard).await
}

/// Runs `work` in the slow lane: a free permit, else a place in its queue to wait for one, else
/// the busy answer at once.
async fn in_slow_lane(
    state: &AppState,
    work: &Work,
    forecast: u64,
    deadline: Instant,
    asked: &Asked,
    shape: u64,
    guard: &mut StopOnDrop,
) -> Result<Value, ApiError> {
    let config = &*state.config;
    let permit = match Arc::clone(&state.slow).try_acquire_owned() {
        Ok(permit) => permit,
        Err(_) => {
            let Ok(place) = Arc::clone(&state.queue).try_acquire_owned() else {
                return Err(asked.queue_full(config));
            };
            let permit = match timeout_at(deadline, Arc::clone(&state.slow).acquire_owned()).await {
                Ok(Ok(permit)) => permit,
                Ok(Err(_)) => return Err(shutting_down()),
                Err(_) => return Err(asked.busy(config)),
            };
            drop(place);
            permit
        }
    };
    let permits = reserve(state, permit, forecast, deadline, asked).await?;
    let run = start(state, work, permits, deadline, guard);
    finish_slow(state, run, deadline, asked, shape).await
}

/// Waits for a run of the slow lane, and remembers its shape as slow once it has computed for
/// longer than a quick run may: while it still runs, so that more of the same skip the quick
/// lane a quick run's time after the first of them began, not only once it ends.
async fn finish_slow(
    state: &AppState,
    run: Run,
    deadline: Instant,
    asked: &Asked,
    shape: u64,
) -> Result<Value, ApiError> {
    let limit = state.config.quick_limit;
    let stopper = Arc::clone(&run.stopper);
    let remember = || {
        let slow = stopper.ran_for(limit);
        if slow {
            state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).insert(shape, Instant::now());
        }
        slow
    };
    let answer = finish_by(run, deadline, asked, &state.config);
    tokio::pin!(answer);
    let mut check = Instant::now() + limit;
    loop {
        tokio::select! {
            answer = &mut answer => {
                remember();
                return answer;
            }
            () = sleep_until(check) => {
                if remember() {
                    return answer.await;
                }
                // Its worker process was still starting: look again a little later.
                check = stopper.began_at().map_or(Instant::now(), |at| at + limit).max(Instant::now() + (limit / 8).max(Duration::from_millis(1)));
            }
        }
    }
}

/// How long a shape of request seen to need the slow lane is remembered.
const SLOW_SHAPE_MEMORY: Duration = Duration::from_secs(30);
/// The most shapes remembered.
const SLOW_SHAPES: usize = 4096;

/// The shapes of requests seen lately to need the slow lane ([`shape`]), with when: more of the
/// same skip the quick lane, so that a storm of slow requests costs the quick lane nothing.
#[derive(Default)]
pub(crate) struct SlowShapes {
    seen: HashMap<u64, Instant>,
}

impl SlowShapes {
    fn contains(&mut self, shape: u64, now: Instant) -> bool {
        match self.seen.get(&shape) {
            Some(&at) if now.duration_since(at) < SLOW_SHAPE_MEMORY => true,
            Some(_) => {
                self.seen.remove(&shape);
                false
            }
            None => false,
        }
    }

    fn insert(&mut self, shape: u64, now: Instant) {
        if self.seen.len() >= SLOW_SHAPES {
            self.seen.retain(|_, at| now.duration_since(*at) < SLOW_SHAPE_MEMORY);
            if self.seen.len() >= SLOW_SHAPES {
                self.seen.clear();
            }
        }
        self.seen.insert(shape, now);
    }
}

/// The shape of a request: its endpoint and body with every whole number (or string of
/// digits) replaced by its number of bits, hashed. Work grows with the numbers, so requests of
/// one shape cost about the same: `octal:0.764` of 30000 and of 31000 have one shape, Nim of
/// 3 4 5 another.
pub(crate) fn shape(endpoint: &str, body: &Value) -> u64 {
    fn walk(v: &Value, h: &mut DefaultHasher) {
        let bits = |digits: &str| digits.parse::<u64>().map_or(65 + digits.len() as u32, |n| 64 - n.leading_zeros());
        match v {
            Value::Number(n) if n.is_u64() => (0u8, bits(&n.to_string())).hash(h),
            Value::String(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => (0u8, bits(s)).hash(h),
            Value::Array(items) => {
                (1u8, items.len()).hash(h);
                items.iter().for_each(|x| walk(x, h));
            }
            Value::Object(fields) => {
                (2u8, fields.len()).hash(h);
                for (k, x) in fields {
                    k.hash(h);
                    walk(x, h);
                }
            }
            other => (3u8, other.to_string()).hash(h),
        }
    }
    let mut h = DefaultHasher::new();
    endpoint.hash(&mut h);
    walk(body, &mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;
    use grundy::StopToken;
    use serde_json::json;
    use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
    use tokio::task::JoinHandle;

    use crate::error::{Fail, Kind};
    use crate::Config;

    fn state(config: Config) -> AppState {
        AppState::new(config)
    }

    fn asked() -> Asked {
        Asked { what: "analyze nim 1".into(), command: "grundy analyze nim 1".into() }
    }

    /// A computation that runs until it is released (answering "done") or, unless it ignores
    /// it, its token fires, counting its starts: the tests wait on these events, never on the
    /// clock.
    #[derive(Clone, Default)]
    struct Gate {
        starts: Arc<AtomicUsize>,
        released: Arc<AtomicBool>,
        ignores_token: bool,
    }

    impl Gate {
        fn work(&self) -> Work {
            let g = self.clone();
            Work::Here(Arc::new(move |token: &StopToken| {
                g.starts.fetch_add(1, Ordering::SeqCst);
                loop {
                    if g.released.load(Ordering::SeqCst) {
                        return Ok(json!("done"));
                    }
                    if !g.ignores_token {
                        token.check().map_err(Fail::Stopped)?;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
            }))
        }

        fn release(&self) {
            self.released.store(true, Ordering::SeqCst);
        }

        fn starts(&self) -> usize {
            self.starts.load(Ordering::SeqCst)
        }
    }

    fn cheap() -> Work {
        Work::Here(Arc::new(|_: &StopToken| Ok(json!(1))))
    }

    /// Waits until `ready` holds, looking every millisecond. The minute is a bound for a test
    /// that hangs, not a measured claim.
    async fn until(what: &str, ready: impl Fn() -> bool) {
        let give_up = Instant::now() + Duration::from_secs(60);
        while !ready() {
            assert!(Instant::now() < give_up, "gave up waiting until {what}");
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }

    /// One permit in each lane, a request's time limit far past any test, runs moved out of the
    /// quick lane after 10 ms, or at once when a newer request waits, one place in the queue.
    fn config() -> Config {
        Config {
            time_limit: Duration::from_secs(600),
            slow_permits: 1,
            quick_limit: Duration::from_millis(10),
            quick_permits: 1,
            quick_slice: Duration::ZERO,
            slow_queue: 1,
            ..Config::default()
        }
    }

    /// Each test's work has a shape of its own: none is remembered as slow across them.
    async fn run(state: &AppState, forecast: u64, work: Work) -> Result<Value, ApiError> {
        static SHAPES: AtomicU64 = AtomicU64::new(0);
        compute(state, Instant::now(), asked(), forecast, SHAPES.fetch_add(1, Ordering::SeqCst), work).await
    }

    fn spawn_run(state: &AppState, forecast: u64, work: Work) -> JoinHandle<Result<Value, ApiError>> {
        let state = state.clone();
        tokio::spawn(async move { run(&state, forecast, work).await })
    }

    #[tokio::test]
    async fn work_past_the_quick_limit_goes_on_in_the_slow_lane_when_a_permit_is_free() {
        let state = state(config());
        let gate = Gate::default();
        let task = spawn_run(&state, 0, gate.work());
        until("the run has moved to the slow lane", || {
            gate.starts() == 1 && state.slow.available_permits() == 0 && state.quick.available_permits() == 1
        })
        .await;
        gate.release();
        assert_eq!(task.await.unwrap().ok(), Some(json!("done")));
        assert_eq!(gate.starts(), 1, "the same run went on");
        until("both permits are back", || state.quick.available_permits() == 1 && state.slow.available_permits() == 1)
            .await;
    }

    #[tokio::test]
    async fn work_past_the_quick_limit_starts_again_once_a_slow_permit_frees() {
        let state = state(config());
        let held = Arc::clone(&state.slow).acquire_owned().await.unwrap();
        let gate = Gate::default();
        let task = spawn_run(&state, 0, gate.work());
        until("the first run has stopped and its request waits in the queue", || {
            gate.starts() == 1 && state.quick.available_permits() == 1 && state.queue.available_permits() == 0
        })
        .await;
        drop(held);
        until("it has started again in the slow lane", || gate.starts() == 2).await;
        gate.release();
        assert_eq!(task.await.unwrap().ok(), Some(json!("done")));
        assert_eq!(gate.starts(), 2, "stopped in the quick lane, run again in the slow one");
        assert_eq!(state.queue.available_permits(), 1, "its place in the queue is free");
    }

    #[tokio::test]
    async fn a_request_that_cannot_start_in_time_is_told_the_server_is_busy() {
        let state = state(Config { time_limit: Duration::from_millis(200), ..config() });
        let _quick = Arc::clone(&state.quick).acquire_owned().await.unwrap();
        let _slow = Arc::clone(&state.slow).acquire_owned().await.unwrap();
        let gate = Gate::default();
        let e = run(&state, 0, gate.work()).await.unwrap_err();
        assert_eq!((e.status, e.kind), (StatusCode::SERVICE_UNAVAILABLE, Kind::Busy));
        assert_eq!(e.command.as_deref(), Some("grundy analyze nim 1"));
        assert_eq!(
            e.message,
            "analyze nim 1 could not start within the server's time limit of 0.2 s: every computing slot stayed \
             busy; try again later or run it on the command line: grundy analyze nim 1"
        );
        assert_eq!(gate.starts(), 0);
    }

    #[tokio::test]
    async fn slow_work_finding_the_queue_full_is_told_the_server_is_busy_at_once() {
        let state = state(Config { slow_queue: 0, ..config() });
        let _slow = Arc::clone(&state.slow).acquire_owned().await.unwrap();
        let gate = Gate::default();
        let e = run(&state, 0, gate.work()).await.unwrap_err();
        assert_eq!((e.status, e.kind), (StatusCode::SERVICE_UNAVAILABLE, Kind::Busy));
        assert_eq!(
            e.message,
            "analyze nim 1 needs the slow lane, whose 1 computing slots and 0 places to wait are all taken; try \
             again later or run it on the command line: grundy analyze nim 1"
        );
        assert_eq!(gate.starts(), 1, "it ran in the quick lane first");
        // Cheap work still runs in the quick lane.
        assert_eq!(run(&state, 0, cheap()).await.ok(), Some(json!(1)));
    }

    #[tokio::test]
    async fn a_new_request_moves_the_longest_run_out_of_a_full_quick_lane() {
        // Runs leave the quick lane only to make room (never by the clock here), and the slow
        // lane is full, so a request finds no free permit anywhere.
        let state = state(Config { quick_limit: Duration::from_secs(600), ..config() });
        let held = Arc::clone(&state.slow).acquire_owned().await.unwrap();
        let gate = Gate::default();
        let task = spawn_run(&state, 0, gate.work());
        until("the slow work holds the quick lane", || gate.starts() == 1 && state.quick.available_permits() == 0)
            .await;
        assert_eq!(run(&state, 0, cheap()).await.ok(), Some(json!(1)));
        // The slow work was stopped and waits in the slow lane's queue.
        assert!(!task.is_finished());
        assert_eq!(state.queue.available_permits(), 0);
        drop(held);
        until("it has started again in the slow lane", || gate.starts() == 2).await;
        gate.release();
        assert_eq!(task.await.unwrap().ok(), Some(json!("done")));
    }

    #[tokio::test]
    async fn work_that_ignores_its_token_is_answered_at_the_deadline_and_keeps_its_permit() {
        let state = state(Config { time_limit: Duration::from_millis(300), ..config() });
        let gate = Gate { ignores_token: true, ..Gate::default() };
        let e = run(&state, 0, gate.work()).await.unwrap_err();
        assert_eq!(e.kind, Kind::TimeLimit);
        // The thread still runs: its permit (promoted to the slow lane) is not free yet.
        assert_eq!(state.slow.available_permits(), 0);
        gate.release();
        until("the permit is back once the work ends", || state.slow.available_permits() == 1).await;
    }

    #[tokio::test]
    async fn a_request_that_goes_away_stops_its_work_and_frees_its_permit_and_memory() {
        let state = state(Config { total_memory: 64 << 20, ..config() });
        let gate = Gate::default();
        let task = spawn_run(&state, 64 << 20, gate.work());
        until("the run has moved to the slow lane", || gate.starts() == 1 && state.slow.available_permits() == 0).await;
        assert_eq!(state.memory.available_permits(), 0, "it holds all the memory");
        // The client goes away: the request's future is dropped.
        task.abort();
        until("its permit and memory are back", || {
            state.slow.available_permits() == 1 && state.memory.available_permits() == 64
        })
        .await;
        assert_eq!(gate.starts(), 1);
    }

    #[tokio::test]
    async fn memory_is_reserved_before_work_starts_and_a_forecast_past_a_request_is_refused() {
        let state = state(Config { request_memory: 64 << 20, total_memory: 64 << 20, ..config() });
        let e = run(&state, 65 << 20, cheap()).await.unwrap_err();
        assert_eq!((e.status, e.kind), (StatusCode::UNPROCESSABLE_ENTITY, Kind::Memory));
        assert_eq!(
            e.message,
            "analyze nim 1 could take up to 65.0 MiB of memory, past the 64.0 MiB this server gives one request; run \
             it on the command line: grundy analyze nim 1"
        );
        // A run holding the whole total makes the next wait for its memory, not its permit.
        let gate = Gate::default();
        let first = spawn_run(&state, 64 << 20, gate.work());
        until("the first holds all the memory", || gate.starts() == 1 && state.memory.available_permits() == 0).await;
        let second = spawn_run(&state, 1 << 20, cheap());
        tokio::task::yield_now().await;
        assert!(!second.is_finished(), "it waits for memory");
        gate.release();
        assert_eq!(first.await.unwrap().ok(), Some(json!("done")));
        assert_eq!(second.await.unwrap().ok(), Some(json!(1)));
        until("all the memory is back", || state.memory.available_permits() == 64).await;
    }

    #[tokio::test]
    async fn a_run_of_the_slow_lane_makes_its_shape_known_while_it_runs() {
        let state = state(Config { slow_queue: 0, ..config() });
        // The quick lane is taken, so the first run starts in the slow lane.
        let quick = Arc::clone(&state.quick).acquire_owned().await.unwrap();
        let first = Gate::default();
        let task = tokio::spawn({
            let (state, work) = (state.clone(), first.work());
            async move { compute(&state, Instant::now(), asked(), 0, 7, work).await }
        });
        until("its shape is known to be slow", || {
            state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).contains(7, Instant::now())
        })
        .await;
        // It is still running: the next of that shape is answered at once, without running.
        assert!(!task.is_finished());
        let second = Gate::default();
        let e = compute(&state, Instant::now(), asked(), 0, 7, second.work()).await.unwrap_err();
        assert_eq!(e.kind, Kind::Busy);
        assert_eq!(second.starts(), 0);
        drop(quick);
        first.release();
        assert_eq!(task.await.unwrap().ok(), Some(json!("done")));
    }

    #[tokio::test]
    async fn a_request_waiting_for_a_permit_leaves_once_its_shape_is_seen_slow() {
        // Both lanes are taken; the queue has no room.
        let state = state(Config { slow_queue: 0, quick_slice: Duration::from_millis(1), ..config() });
        let quick = Arc::clone(&state.quick).acquire_owned().await.unwrap();
        let slow = Arc::clone(&state.slow).acquire_owned().await.unwrap();
        let waiting = Gate::default();
        let task = tokio::spawn({
            let (state, work) = (state.clone(), waiting.work());
            async move { compute(&state, Instant::now(), asked(), 0, 7, work).await }
        });
        until("it waits for a quick permit", || state.quick.available_permits() == 0 && !task.is_finished()).await;
        state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).insert(7, Instant::now());
        // The minute bounds a hang (its time limit is ten minutes), not a measured claim.
        let e = tokio::time::timeout(Duration::from_secs(60), task)
            .await
            .expect("it leaves the wait")
            .unwrap()
            .unwrap_err();
        assert_eq!(e.kind, Kind::Busy);
        assert_eq!(waiting.starts(), 0);
        drop((quick, slow));
    }

    #[test]
    fn a_run_still_starting_its_worker_is_never_moved_out_of_the_quick_lane() {
        let stopper = || {
            Arc::new(Stopper { token: StopToken::new(), process: Mutex::new((false, None)), began: Mutex::new(None) })
        };
        let mut runs = QuickRuns::default();
        let (starting, computing) = (stopper(), stopper());
        let (_, starting_told) = runs.add(Arc::clone(&starting));
        assert!(matches!(runs.make_room(Duration::ZERO, Instant::now()), Room::Waiting));
        // Once a run computes, it is the one moved, whichever was added first.
        runs.add(Arc::clone(&computing));
        computing.began();
        assert!(matches!(runs.make_room(Duration::ZERO, Instant::now()), Room::Moved));
        assert!(runs.runs.iter().all(|r| r.moved == Arc::ptr_eq(&r.stopper, &computing)));
        drop(starting_told);
    }

    #[tokio::test]
    async fn work_of_a_shape_seen_slow_skips_the_quick_lane() {
        let state = state(Config { slow_queue: 0, ..config() });
        let first = Gate::default();
        let task = tokio::spawn({
            let (state, work) = (state.clone(), first.work());
            async move { compute(&state, Instant::now(), asked(), 0, 7, work).await }
        });
        until("the first has moved to the slow lane", || first.starts() == 1 && state.slow.available_permits() == 0)
            .await;
        // The slow lane is full and has no queue: the next of that shape is answered at once,
        // without running in the quick lane ...
        let second = Gate::default();
        let e = compute(&state, Instant::now(), asked(), 0, 7, second.work()).await.unwrap_err();
        assert_eq!(e.kind, Kind::Busy);
        assert_eq!(second.starts(), 0);
        // ... while work of another shape still runs there.
        assert_eq!(compute(&state, Instant::now(), asked(), 0, 8, cheap()).await.ok(), Some(json!(1)));
        first.release();
        assert_eq!(task.await.unwrap().ok(), Some(json!("done")));
    }

    #[test]
    fn shapes_keep_the_game_and_the_size_of_the_numbers() {
        let octal = |n: u64| shape("analyze", &json!({"game": "octal:0.764", "position": [n]}));
        assert_eq!(octal(30_000), octal(31_000));
        assert_eq!(octal(30_000), shape("analyze", &json!({"game": "octal:0.764", "position": ["30000"]})));
        assert_ne!(octal(30_000), octal(3));
        assert_ne!(octal(30_000), shape("analyze", &json!({"game": "octal:0.16", "position": [30_000]})));
        assert_ne!(octal(30_000), shape("move", &json!({"game": "octal:0.764", "position": [30_000]})));
        assert_ne!(octal(30_000), shape("analyze", &json!({"game": "octal:0.764", "position": [30_000, 1]})));
    }
}
