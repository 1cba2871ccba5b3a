//! The library's typed errors as the package's Python exceptions (`grundy/errors.py` defines
//! them, so that `BadInput` is also a `ValueError`), and the one slot where an error raised by a
//! Python callback waits while the library's loop that called it winds down.
//!
//! The library's traits ([`grundy::ImpartialGame`]) cannot fail: a callback that raises records
//! its exception here, cancels the [`StopToken`] installed for the call, and answers "no
//! options". Whatever the library then returns is thrown away: [`guarded`] raises the recorded
//! exception instead, so no answer built on the empty list ever reaches the caller.

use std::cell::RefCell;

use grundy::{AnalyzeError, GaveUp, IllegalMove, SequenceError, SolveError, StopToken, Stopped};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// An instance of the exception class `name` of `grundy.errors`, made with `message` and the
/// keyword arguments `kwargs`.
fn raise(py: Python<'_>, name: &str, message: String, kwargs: Option<&Bound<'_, PyDict>>) -> PyErr {
    let made =
        py.import("grundy.errors").and_then(|m| m.getattr(name)).and_then(|class| class.call((message,), kwargs));
    match made {
        Ok(instance) => PyErr::from_value(instance),
        // The package itself is broken (no grundy.errors): say so rather than lose the message.
        Err(e) => e,
    }
}

/// Runs Python's signal handlers now (Ctrl-C's raises `KeyboardInterrupt`), before a callback.
/// Python runs them itself only when its main thread notices a signal, and a signal caught on
/// another thread (a timer's `os.kill`, or any thread the kernel picked) may go unnoticed for a
/// third of a second while the main thread runs library code between callbacks. Cheap: one
/// atomic read when no signal came.
pub fn signals(py: Python<'_>) -> PyResult<()> {
    py.check_signals()
}

/// `error` itself when it is not an `Exception` (Ctrl-C's `KeyboardInterrupt`, `SystemExit`,
/// raised inside Python code the binding ran), else `typed()`: the binding's own words for a
/// value it could not read. An interrupt is never reported as bad input.
pub fn unless_base(error: PyErr, typed: impl FnOnce() -> PyErr) -> PyErr {
    let ordinary = Python::attach(|py| error.is_instance_of::<pyo3::exceptions::PyException>(py));
    if ordinary {
        typed()
    } else {
        error
    }
}

/// `grundy.BadInput(message)`: a game, position, move or value that cannot be read, named in
/// the message.
pub fn bad_input(message: impl Into<String>) -> PyErr {
    Python::attach(|py| raise(py, "BadInput", message.into(), None))
}

/// `grundy.Refused(message)`: work past what one computation may take here, or that no theorem
/// answers exactly, with what it would take.
pub fn refused(message: impl Into<String>) -> PyErr {
    Python::attach(|py| raise(py, "Refused", message.into(), None))
}

/// `grundy.IllegalMove(message)`: a move the game does not allow (a `BadInput`).
pub fn illegal_move(message: impl Into<String>) -> PyErr {
    Python::attach(|py| raise(py, "IllegalMove", message.into(), None))
}

/// `grundy.NotFinite(message)`: a game in which a position can follow itself.
pub fn not_finite(message: impl Into<String>) -> PyErr {
    Python::attach(|py| raise(py, "NotFinite", message.into(), None))
}

/// `grundy.NoRule(message)`: no family of rules fits the values.
pub fn no_rule(message: impl Into<String>) -> PyErr {
    Python::attach(|py| raise(py, "NoRule", message.into(), None))
}

/// `grundy.GaveUp(message, budget=..., needed=..., suggested_budget=..., units=...)`: a budget
/// ran out; `suggested_budget` is the budget to ask for next (`None` past what is allowed).
pub fn gave_up(g: &GaveUp) -> PyErr {
    Python::attach(|py| {
        let kwargs = PyDict::new(py);
        let filled = kwargs
            .set_item("budget", g.used)
            .and_then(|()| kwargs.set_item("needed", g.needed))
            .and_then(|()| kwargs.set_item("suggested_budget", g.suggested_budget()))
            .and_then(|()| kwargs.set_item("units", g.what.units()));
        if let Err(e) = filled {
            return e;
        }
        let message = match g.suggested_budget() {
            Some(b) => format!("{g}: pass budget={b}"),
            None => g.to_string(),
        };
        raise(py, "GaveUp", message, Some(&kwargs))
    })
}

/// `grundy.GaveUp` in the binding's own words: `message` (which names the budget to pass, when
/// there is one), and the same fields as [`gave_up`]'s.
pub fn gave_up_with(message: String, budget: u64, needed: Option<u64>, suggested: Option<u64>, units: &str) -> PyErr {
    Python::attach(|py| {
        let kwargs = PyDict::new(py);
        let filled = kwargs
            .set_item("budget", budget)
            .and_then(|()| kwargs.set_item("needed", needed))
            .and_then(|()| kwargs.set_item("suggested_budget", suggested))
            .and_then(|()| kwargs.set_item("units", units));
        match filled {
            Ok(()) => raise(py, "GaveUp", message, Some(&kwargs)),
            Err(e) => e,
        }
    })
}

/// `grundy.Stopped(message)`: the work was stopped from outside.
fn stopped(s: &Stopped) -> PyErr {
    Python::attach(|py| raise(py, "Stopped", s.to_string(), None))
}

/// An analysis that could not be completed.
pub fn analyze_error(e: AnalyzeError) -> PyErr {
    match e {
        AnalyzeError::GaveUp(g) => gave_up(&g),
        AnalyzeError::Stopped(s) => stopped(&s),
        e => refused(e.to_string()),
    }
}

/// A sequence that could not be computed: a budget past the cap is bad input, a budget that
/// ran out is `GaveUp`, anything else is refused with the library's words.
pub fn sequence_error(e: SequenceError) -> PyErr {
    match e {
        SequenceError::BudgetTooLarge { .. } => bad_input(e.to_string()),
        SequenceError::GaveUp(g) => gave_up(&g),
        SequenceError::Stopped(s) => stopped(&s),
        SequenceError::Unreachable { heap, .. } => {
            let values = u128::from(heap) + 1;
            refused(format!("{e}: pass budget={values}"))
        }
        e => refused(e.to_string()),
    }
}

/// A custom game's solver could not answer.
pub fn solve_error(e: SolveError) -> PyErr {
    match e {
        SolveError::GaveUp(g) => gave_up(&g),
        SolveError::Stopped(s) => stopped(&s),
        SolveError::NotFinite { .. } => not_finite(e.to_string()),
        SolveError::IllegalMove { .. } => illegal_move(e.to_string()),
        e => refused(e.to_string()),
    }
}

/// A move refused in a session.
pub fn move_error(e: IllegalMove) -> PyErr {
    illegal_move(e.to_string())
}

thread_local! {
    /// The first exception a callback raised during the current [`guarded`] call.
    static FAILED: RefCell<Option<PyErr>> = const { RefCell::new(None) };
    /// The stop token of the current [`guarded`] call, cancelled when a callback fails.
    static TOKEN: RefCell<Option<StopToken>> = const { RefCell::new(None) };
}

/// Records `error`, raised by a callback (or a bad value it returned), and stops the library's
/// loop at its next check. Only the first error of a call is kept.
pub fn record(error: PyErr) {
    FAILED.with(|f| {
        let mut slot = f.borrow_mut();
        if slot.is_none() {
            *slot = Some(error);
        }
    });
    TOKEN.with(|t| {
        if let Some(token) = t.borrow().as_ref() {
            token.cancel();
        }
    });
}

/// Whether a callback has failed during the current [`guarded`] call (so later callbacks need
/// not be called).
pub fn failed() -> bool {
    FAILED.with(|f| f.borrow().is_some())
}

/// Runs `work` (library code that may call back into Python) under a fresh stop token; when a
/// callback failed meanwhile, its exception is returned instead of whatever `work` gave.
/// Calls nest (a callback may itself call the package): the outer call's state is put back.
pub fn guarded<T>(work: impl FnOnce() -> T) -> PyResult<T> {
    let token = StopToken::new();
    let outer_failed = FAILED.with(|f| f.borrow_mut().take());
    let outer_token = TOKEN.with(|t| t.borrow_mut().replace(token.clone()));
    let out = token.run(work);
    let failed = FAILED.with(|f| std::mem::replace(&mut *f.borrow_mut(), outer_failed));
    TOKEN.with(|t| *t.borrow_mut() = outer_token);
    match failed {
        Some(e) => Err(e),
        None => Ok(out),
    }
}
