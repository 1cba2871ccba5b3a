//! [`Shared`]: state that Python callbacks run under (a solver, a table being built), locked so
//! that neither a second Python thread nor the callback itself can deadlock on it.
//!
//! The lock is held while Python code runs (the callbacks), and Python may switch threads
//! then. A thread that finds it taken waits with the interpreter released, so the holder can go
//! on; the holder's own callback asking for it again is refused with an error instead of
//! waiting for ever.

use std::sync::{Mutex, MutexGuard, TryLockError};
use std::thread::{self, ThreadId};
use std::time::Duration;

use pyo3::prelude::*;

use crate::errors::refused;

/// Locks a mutex held only briefly, whether or not a thread panicked while holding it (the
/// data stays valid: caches and counters).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A value used by one thread at a time, while Python callbacks may run.
pub struct Shared<T> {
    value: Mutex<T>,
    owner: Mutex<Option<ThreadId>>,
}

impl<T> Shared<T> {
    /// Shares `value`.
    pub fn new(value: T) -> Self {
        Shared { value: Mutex::new(value), owner: Mutex::new(None) }
    }

    /// Runs `f` on the value, waiting (with the interpreter released) while another thread
    /// uses it; `what` names the object in the error when a callback of it asks for it again.
    pub fn with<R>(&self, py: Python<'_>, what: &str, f: impl FnOnce(&mut T) -> PyResult<R>) -> PyResult<R> {
        let me = thread::current().id();
        let mut guard = loop {
            match self.value.try_lock() {
                Ok(g) => break g,
                Err(TryLockError::Poisoned(p)) => break p.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    if *lock(&self.owner) == Some(me) {
                        return Err(refused(format!(
                            "{what} was asked again from inside one of its own callbacks, which it cannot answer while it works: call it after the work returns"
                        )));
                    }
                    py.detach(|| thread::sleep(Duration::from_millis(1)));
                }
            }
        };
        *lock(&self.owner) = Some(me);
        let out = f(&mut guard);
        *lock(&self.owner) = None;
        out
    }
}
