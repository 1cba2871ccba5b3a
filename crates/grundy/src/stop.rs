//! Stopping long work from outside: a deadline, or a flag another thread raises.
//!
//! Every computation reachable from input is bounded before it starts (budgets, size checks),
//! but a server also needs to stop work whose time is up, or whose client went away, *inside*
//! its loops rather than only around them. A front end makes a [`StopToken`], runs the work
//! under it with [`StopToken::run`], and the library's long loops (table builders, the sparse
//! engine, searches, remoteness) call the crate-private `check` between steps; when the token
//! has fired, the work returns [`Stopped`] through its own error type.
//!
//! The token is kept in a thread-local while the work runs, so that the dozens of functions
//! between a front end and an inner loop need no extra parameter. Work with no token installed
//! (the command line) pays one thread-local read per check.
//!
//! ```
//! use std::time::Duration;
//! use grundy::{analyze, AnalyzeError, AnalyzeOptions, Game, StopToken};
//! let game: Game = "nim".parse().unwrap();
//! let pos = game.parse_position(&["3", "5"]).unwrap();
//! let token = StopToken::after(Duration::from_secs(10));
//! let a = token.run(|| analyze(&game, &pos, &AnalyzeOptions::default())).unwrap();
//! assert_eq!(a.sg, Some(6));
//!
//! // A token that has fired stops work that checks it.
//! let token = StopToken::new();
//! token.cancel();
//! let kayles: Game = "octal:0.137".parse().unwrap();
//! let pos = kayles.parse_position(&["1000000000000"]).unwrap();
//! let e = token.run(|| analyze(&kayles, &pos, &AnalyzeOptions::default())).unwrap_err();
//! assert!(matches!(e, AnalyzeError::Stopped(_)));
//! ```

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The clock of deadlines and timings: the standard library's, except in a browser
/// (WebAssembly with no operating system, the static page), where the standard library has
/// none and `web-time` reads the page's `performance.now()`.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;

/// Why work stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Stopped {
    /// The time limit ran out.
    #[error("stopped after its time limit of {:.1} s", limit.as_secs_f64())]
    TimeUp {
        /// The time limit the work had.
        limit: Duration,
    },
    /// Someone cancelled the work (for a server: the client went away).
    #[error("stopped: the work was cancelled")]
    Cancelled,
}

#[derive(Debug)]
struct Inner {
    cancelled: AtomicBool,
    deadline: Option<(Instant, Duration)>,
    /// A token this one also obeys (the one installed when it was made, for a limit set inside
    /// work that a caller may already stop).
    parent: Option<StopToken>,
}

/// A handle that stops work run under it: cancelled by any clone, or at a deadline.
///
/// Clones share one flag, so a server can keep one clone to cancel the work when its client
/// disconnects while the work runs under another on a blocking thread.
#[derive(Clone, Debug)]
pub struct StopToken(Arc<Inner>);

impl Default for StopToken {
    fn default() -> Self {
        StopToken::new()
    }
}

impl StopToken {
    /// A token with no deadline, stopped only by [`StopToken::cancel`].
    pub fn new() -> Self {
        StopToken(Arc::new(Inner { cancelled: AtomicBool::new(false), deadline: None, parent: None }))
    }

    /// A token that fires `limit` from now (or when cancelled).
    ///
    /// ```
    /// use std::time::Duration;
    /// let t = grundy::StopToken::after(Duration::ZERO);
    /// assert!(t.check().is_err());
    /// ```
    pub fn after(limit: Duration) -> Self {
        let deadline = Instant::now().checked_add(limit).map(|at| (at, limit));
        StopToken(Arc::new(Inner { cancelled: AtomicBool::new(false), deadline, parent: None }))
    }

    /// A token that fires `limit` from now, or when the token installed on this thread (if
    /// any) fires: a time limit that a piece of work sets itself without freeing it from its
    /// caller's.
    pub fn after_within_current(limit: Duration) -> Self {
        let deadline = Instant::now().checked_add(limit).map(|at| (at, limit));
        let parent = CURRENT.with(|c| c.borrow().clone());
        StopToken(Arc::new(Inner { cancelled: AtomicBool::new(false), deadline, parent }))
    }

    /// Whether this token's own deadline has passed (not a parent's, nor a cancel).
    pub fn deadline_passed(&self) -> bool {
        self.0.deadline.is_some_and(|(at, _)| Instant::now() >= at)
    }

    /// Stops the work running under this token (and every clone) at its next check.
    pub fn cancel(&self) {
        self.0.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether the token has fired, and why.
    pub fn check(&self) -> Result<(), Stopped> {
        if let Some(parent) = &self.0.parent {
            parent.check()?;
        }
        if self.0.cancelled.load(Ordering::Relaxed) {
            return Err(Stopped::Cancelled);
        }
        match self.0.deadline {
            Some((at, limit)) if Instant::now() >= at => Err(Stopped::TimeUp { limit }),
            _ => Ok(()),
        }
    }

    /// Runs `f` on this thread with this token installed, so that the library's loops inside
    /// `f` stop when it fires. Tokens nest: the innermost one is checked, and the previous one
    /// is back when `f` returns (or panics).
    pub fn run<T>(&self, f: impl FnOnce() -> T) -> T {
        struct Restore(Option<StopToken>);
        impl Drop for Restore {
            fn drop(&mut self) {
                let previous = self.0.take();
                CURRENT.with(|c| *c.borrow_mut() = previous);
            }
        }
        let previous = CURRENT.with(|c| c.borrow_mut().replace(self.clone()));
        let _restore = Restore(previous);
        f()
    }
}

thread_local! {
    static CURRENT: RefCell<Option<StopToken>> = const { RefCell::new(None) };
}

/// The token installed on this thread, if any: to install on the threads a computation
/// starts, so that Ctrl-C stops them too.
pub(crate) fn current() -> Option<StopToken> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Whether the token installed on this thread (if any) has fired. Long loops call this
/// between steps of at most a few milliseconds each.
pub(crate) fn check() -> Result<(), Stopped> {
    CURRENT.with(|c| c.borrow().as_ref().map_or(Ok(()), StopToken::check))
}

/// Checks the installed token once every `every` calls of [`Ticker::tick`], for loops whose
/// steps are too short to pay for reading the clock each time.
#[derive(Debug)]
pub(crate) struct Ticker {
    left: u32,
    every: u32,
}

impl Ticker {
    /// A ticker that checks on its first tick and then every `every` ticks.
    pub(crate) fn new(every: u32) -> Self {
        Ticker { left: 0, every: every.max(1) }
    }

    /// Counts one step; every `every` steps, checks the installed token.
    pub(crate) fn tick(&mut self) -> Result<(), Stopped> {
        if self.left == 0 {
            self.left = self.every;
            check()?;
        }
        self.left -= 1;
        Ok(())
    }
}

// The CPU clock of forecasts (a sequence's time, the outcome search's probe): here, below
// every layer, so that each reads the same clock.
/// The CPU time used so far by the thread that computes (or, when the engine runs threads of
/// its own, by the whole process, whose time is then the sum of its threads'), or the wall
/// time where the system has no CPU clock.
pub(crate) struct Clock {
    process: bool,
    start: Option<Duration>,
    wall: Instant,
}

impl Clock {
    /// A clock reading from now: the process's CPU time when `process`, else the thread's.
    pub(crate) fn start(process: bool) -> Clock {
        Clock { process, start: cpu_now(process), wall: Instant::now() }
    }

    /// Seconds since the start.
    pub(crate) fn seconds(&self) -> f64 {
        match (self.start, cpu_now(self.process)) {
            (Some(start), Some(now)) => now.saturating_sub(start).as_secs_f64(),
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

/// The CPU time of this process or thread since it began, `None` where the system has no such
/// clock (`clock_gettime`'s CPU-time clocks on Unix, `GetProcessTimes` and `GetThreadTimes` on
/// Windows; none in a browser).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn cpu_now(process: bool) -> Option<Duration> {
    match process {
        true => cpu_time::ProcessTime::try_now().ok().map(|t| t.as_duration()),
        false => cpu_time::ThreadTime::try_now().ok().map(|t| t.as_duration()),
    }
}

/// A browser has no CPU-time clock: the forecast reads the wall clock there.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn cpu_now(_process: bool) -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_token_never_stops() {
        assert!(check().is_ok());
        let mut t = Ticker::new(3);
        for _ in 0..10 {
            assert!(t.tick().is_ok());
        }
    }

    #[test]
    fn a_cancelled_token_stops_checks_inside_run_only() {
        let token = StopToken::new();
        token.clone().cancel();
        assert_eq!(token.run(check), Err(Stopped::Cancelled));
        assert!(check().is_ok(), "the token is removed when run returns");
    }

    #[test]
    fn deadlines_fire_and_nest() {
        let outer = StopToken::after(Duration::from_secs(3600));
        let inner = StopToken::after(Duration::ZERO);
        outer.run(|| {
            assert!(check().is_ok());
            assert_eq!(inner.run(check), Err(Stopped::TimeUp { limit: Duration::ZERO }));
            assert!(check().is_ok(), "the outer token is back");
        });
    }

    #[test]
    fn ticker_checks_once_per_period() {
        let token = StopToken::new();
        token.run(|| {
            let mut t = Ticker::new(4);
            assert!(t.tick().is_ok()); // checks: not fired yet
            token.cancel();
            // The next three ticks do not look; the fourth does.
            for _ in 0..3 {
                assert!(t.tick().is_ok());
            }
            assert_eq!(t.tick(), Err(Stopped::Cancelled));
        });
    }
}
