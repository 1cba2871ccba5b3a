//! Error types. Each operation has its own small error type, and every message is one line that
//! names the bad part, so a front end can print it as it is.

use std::fmt;

use crate::stop::Stopped;

/// A GAME string (`nim`, `bounded:3`, `subtraction:1,3,5`, ...) could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseGameError {
    message: String,
}

impl ParseGameError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        ParseGameError { message: message.into() }
    }
}

impl fmt::Display for ParseGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseGameError {}

/// The tokens of a position (heap sizes, `HEAP/LIMIT` pairs, the divisor game's n) could not be
/// read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePositionError {
    message: String,
}

impl ParsePositionError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        ParsePositionError { message: message.into() }
    }
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParsePositionError {}

/// A computation that can grow without bound ran past its budget.
///
/// `used` is the budget that ran out. `needed`, when known, is a budget that is certain to be
/// enough; otherwise the computation only knows it needs more than `used`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GaveUp {
    /// What was being computed, e.g. "positions searched" or "table entries".
    pub what: &'static str,
    /// The budget that ran out.
    pub used: u64,
    /// A budget known to be enough, when one is known.
    pub needed: Option<u64>,
}

impl fmt::Display for GaveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "gave up after {} {} (the budget)", self.used, self.what)?;
        match self.needed {
            Some(n) => write!(f, "; it needs at most {n}: rerun with --budget {n}"),
            None => write!(
                f,
                "; it needs more: rerun with a larger --budget, e.g. --budget {}",
                self.used.saturating_mul(4)
            ),
        }
    }
}

impl std::error::Error for GaveUp {}

/// Why an analysis could not be completed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalyzeError {
    /// An exact search ran past its budget.
    GaveUp(GaveUp),
    /// The request cannot be answered exactly, with the reason.
    Unsupported(String),
    /// The work was stopped from outside (a time limit, a cancelled request) before it finished.
    Stopped(Stopped),
}

impl fmt::Display for AnalyzeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalyzeError::GaveUp(g) => g.fmt(f),
            AnalyzeError::Unsupported(why) => f.write_str(why),
            AnalyzeError::Stopped(s) => s.fmt(f),
        }
    }
}

impl std::error::Error for AnalyzeError {}

impl From<Stopped> for AnalyzeError {
    fn from(s: Stopped) -> Self {
        AnalyzeError::Stopped(s)
    }
}

impl From<GaveUp> for AnalyzeError {
    fn from(g: GaveUp) -> Self {
        AnalyzeError::GaveUp(g)
    }
}
