//! The one entry point for the Grundy sequence G(0..=n) of a heap ruleset: [`SequenceBuilder`]
//! decides how the values are computed (which engine, in what steps, when a period is checked,
//! when to stop, what is refused before or during the work) and returns a [`Sequence`] that
//! answers G(n) for every n the values or their proven period cover.
//!
//! Take-and-break games (octal and hexadecimal codes, Grundy's game) run the sparse engine
//! with one-byte values, widened to two bytes when a value passes 255; every other ruleset is
//! answered by [`HeapSolver`] (closed forms, proven tables). Two policies share one loop:
//!
//! - the *table* (the default, `grundy sg`): every value up to `upto`, and at least
//!   [`MIN_VALUES`], with the period checked each time the table doubles and the work stopped
//!   at a proven period (unless [`SequenceBuilder::full`], which derives the rest from it, or
//!   [`SequenceBuilder::every_value`], which computes them); a run without a store is refused
//!   when its forecast time passes [`UNSTORED_TIME_LIMIT`];
//! - the *period search* ([`SequenceBuilder::period_search`], `grundy analyze` and the web's
//!   `/api/sg`): the table doubles from 1,024 values until a period is proven or `upto` is
//!   covered, bounded by the engine's counted work, so that answers are the same on every
//!   machine.
//!
//! The library does no file I/O: a store of values ([`SequenceStore`]) and a progress display
//! ([`SequenceObserver`]) are the caller's, handed to [`SequenceBuilder::build_with`].

use std::fmt;
use std::time::Duration;

use crate::engine::forecast::{Floor, Forecast, FORECAST_AFTER};
use crate::engine::heap::{engine_name, human_seconds, split_table_cost, split_table_work, HeapSolver};
use crate::engine::sparse::{EngineError, MethodChoice, SparseEngine, SparseStats};
use crate::engine::Method;
use crate::error::{human_bytes, AnalyzeError, GaveUp, Work, MEMORY_LIMIT};
use crate::rules::take_break::octal::SplitRules;
use crate::rules::Ruleset;
use crate::stop::Stopped;
use crate::values::Period;

/// The fewest values a table computes (when the budget allows), so that short periods are
/// proven even for a small `upto`; the first period check of a table is there too.
pub const MIN_VALUES: u64 = 4096;

/// The budget of a [`SequenceBuilder`] that is given none: 2^28 values (512 MiB at most).
pub const DEFAULT_SEQUENCE_BUDGET: u64 = 1 << 28;

/// The longest that a table computed without a store may be forecast to take, in CPU time:
/// past it, the run is refused (with the forecast) rather than left to run for hours with
/// nothing saved.
pub const UNSTORED_TIME_LIMIT: Duration = Duration::from_secs(120);

/// The most values of a game with three-heap splits that a period search computes: their
/// plain method's work grows as n^3 / 64 when the values grow with n, so this is seconds at
/// worst.
pub const THREE_HEAP_LIMIT: u64 = 1 << 12;

/// The first period check of a period search, and its first step.
const SEARCH_START: usize = 1024;

/// The values a period search goes on computing past `upto` to find a period (with an eighth
/// of its work), for two-heap and three-heap splits.
const FREE_SEARCH: (usize, usize) = (1 << 16, 1 << 11);

/// The most work (pair visits) a period search spends past `upto` on a period that no heap
/// asked about needs: about 10 ms, so that a small heap is answered at once from the values it
/// needs (Treblecross, `octal:0.11337`, at heap 5), while games proven early (Kayles, from
/// heap 71) still explain their values by their period.
const FREE_SEARCH_WORK: u64 = 1 << 24;

/// Values per step of a table when no store sets the chunk length.
const TABLE_STEP: usize = 1 << 16;

/// How the values of a take-and-break game are computed. All give the same values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// The sparse engine ([`SparseEngine`]) picking, as it runs, between its rare/common
    /// method and the plain one by their measured time per value
    /// ([`crate::MethodChoice::Measured`]). A period search uses the rare/common method only,
    /// so that its work limit counts the same work on every machine.
    #[default]
    Measured,
    /// The sparse-space ("rare/common") method only.
    Sparse,
    /// The plain method: every split of every heap is looked at ([`SparseEngine::naive`]).
    Naive,
}

/// The most distinct values [`Sequence::counts`] lists: a summary longer than this is not a
/// summary, and its map would hold one entry per value.
pub const SUMMARY_VALUES: usize = 1 << 20;

/// Why a [`SequenceBuilder`] could not give the sequence. Every message is one line; none
/// names a command-line flag (the front ends phrase their own advice from the fields).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SequenceError {
    /// The budget asks for more values than one table may hold ([`Work::max_budget`]).
    #[error(
        "a budget of {budget} values is past {max}, the most values one table can hold here ({} of memory)",
        human_bytes(u128::from(MEMORY_LIMIT))
    )]
    BudgetTooLarge {
        /// The budget asked for.
        budget: u64,
        /// The largest budget allowed.
        max: u64,
    },
    /// G(`heap`) of a game whose period no theorem proves (Grundy's game) needs every value
    /// up to it, past the budget: refused before any work.
    #[error("G({heap}) of {ruleset} needs every value up to it ({} values, about {cost}), because no theorem proves a period of Grundy's game, and the budget is {budget} values", u128::from(*heap) + 1)]
    Unreachable {
        /// The game.
        ruleset: String,
        /// The largest heap asked for.
        heap: u64,
        /// The budget, in values.
        budget: u64,
        /// What the table to `heap` would cost, in words (memory and a rough time).
        cost: String,
    },
    /// A summary that would count more values one by one than any budget allows: no period
    /// with a bounded set of values is proven to count them by, or the proven period's
    /// pre-period and one period are that long.
    #[error("a summary to n = {upto} counts {looked} values one by one ({}), past the {max} values counted that one computation may take", if *periodic { "each n up to the end of the proven period's first period, counted once with its repeats" } else { "no period with a bounded set of values is proven to count them by" })]
    CountTooLarge {
        /// The last n of the summary.
        upto: u64,
        /// How many values it would look at.
        looked: u128,
        /// Whether they are the pre-period and one period of a proven period.
        periodic: bool,
        /// The most values counted one by one ([`Work::max_budget`] of [`Work::ValuesCounted`]).
        max: u64,
    },
    /// A summary that would list more distinct values than [`SUMMARY_VALUES`]: the values grow
    /// without bound (Nim, all-but games), so the summary would be longer than the sequence is
    /// worth reading.
    #[error("a summary to n = {upto} lists more than {limit} distinct values (the values grow without bound), more than one summary lists")]
    TooManyValues {
        /// The last n of the summary.
        upto: u64,
        /// The most distinct values a summary lists.
        limit: usize,
    },
    /// The table reached the budget without covering `upto` or proving a period.
    #[error(transparent)]
    GaveUp(#[from] GaveUp),
    /// A period search of a game with three-heap splits reached [`THREE_HEAP_LIMIT`] values
    /// without a period and without covering the heap asked for.
    #[error("{ruleset} splits heaps in three, which is computed by a plain method (work growing as n^3) up to {limit} values in a period search, and no period is proven within them; heap {heap} is past them")]
    ThreeHeapLimit {
        /// The game.
        ruleset: String,
        /// The heap asked for.
        heap: u64,
        /// The most values computed.
        limit: u64,
    },
    /// A period search stopped before a doubling of the table whose predicted work (four times
    /// the work so far) passes its limit, without a period and without covering the heap.
    #[error("G({heap}) of {ruleset} is not known: no period is proven within the {computed} values computed, and doubling them would take more than the {work} steps allowed; it needs a table of {} values (about {cost})", u128::from(*heap) + 1)]
    WorkLimit {
        /// The game.
        ruleset: String,
        /// The heap asked for.
        heap: u64,
        /// The values computed.
        computed: u64,
        /// The work limit, in pair visits of the engine.
        work: u64,
        /// What the table to `heap` would cost, in words.
        cost: String,
    },
    /// A table without a store was forecast (from the CPU time its first values took, see
    /// [`crate::engine::forecast`]) to take longer than its limit
    /// ([`SequenceBuilder::forecast_limit`]).
    #[error("computing G(0..{last}) of {ruleset} is forecast to take roughly {} (from the time the first {computed} values took)", human_seconds(*seconds))]
    Forecast {
        /// The game.
        ruleset: String,
        /// The last value the table would have computed.
        last: u64,
        /// The forecast, in seconds.
        seconds: f64,
        /// The values computed when the forecast was made.
        computed: u64,
        /// The most values the same forecast puts within the limit (at least `computed`, a
        /// power of two or the table's length): a table of half as many is forecast to take
        /// half the limit or less, as the time at least doubles with each doubling of the
        /// values.
        fits: u64,
    },
    /// The table's length does not fit in this machine's addresses.
    #[error("the table does not fit in memory")]
    TableTooLarge,
    /// No value is known for a heap (past the table, and no period proven).
    #[error("no value is known for heap {heap}")]
    Unknown {
        /// The heap.
        heap: u64,
    },
    /// The ruleset's solver cannot answer, with the reason (see [`HeapSolver::new`]).
    #[error("{0}")]
    Unsupported(String),
    /// The engine failed (a value past 65534, no memory for the table).
    #[error(transparent)]
    Engine(EngineError),
    /// The work was stopped from outside (see [`crate::StopToken`]).
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// The store could not save the values, in its own words.
    #[error("{0}")]
    Store(String),
}

impl From<EngineError> for SequenceError {
    fn from(e: EngineError) -> Self {
        match e {
            EngineError::Stopped(s) => SequenceError::Stopped(s),
            e => SequenceError::Engine(e),
        }
    }
}

impl From<AnalyzeError> for SequenceError {
    fn from(e: AnalyzeError) -> Self {
        match e {
            AnalyzeError::GaveUp(g) => SequenceError::GaveUp(g),
            AnalyzeError::Stopped(s) => SequenceError::Stopped(s),
            AnalyzeError::Unsupported(m) => SequenceError::Unsupported(m),
            e @ AnalyzeError::Partizan(_) => SequenceError::Unsupported(e.to_string()),
        }
    }
}

/// Where a table's values are saved as they are computed, so that a long run can be resumed
/// (the command line's `--store` directory). The library calls it; the caller does the I/O.
///
/// To resume, the caller loads the saved values itself and hands them to
/// [`SequenceBuilder::resume`].
pub trait SequenceStore {
    /// Values per saved chunk: the table grows in steps that end on multiples of it, so that
    /// each save writes whole chunks (and a short last one).
    fn chunk_len(&self) -> usize;

    /// Saves the values not saved yet of the `len` known; `values(a, b)` gives G(a..b).
    fn save(&mut self, len: usize, values: &dyn Fn(usize, usize) -> Vec<u16>) -> Result<(), String>;
}

/// Told how a table grows, for a progress display. Every method does nothing by default; `()`
/// observes nothing. Only computed tables are observed (take-and-break games).
pub trait SequenceObserver {
    /// The table is about to grow from `done` values towards at most `total`.
    fn started(&mut self, total: u64, done: u64) {
        let _ = (total, done);
    }

    /// `done` values are known (after each step, and after its values are saved).
    fn advanced(&mut self, done: u64) {
        let _ = done;
    }

    /// The computation ended, whether or not it succeeded.
    fn finished(&mut self) {}
}

impl SequenceObserver for () {}

/// How far a builder computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// `grundy sg`'s table.
    Table,
    /// `analyze`'s period search, bounded by the engine's work.
    PeriodSearch { work: u64 },
}

/// Computes the Grundy sequence G(0..=`upto`) of a heap ruleset with its proven period, if
/// any: one call for the command line's `grundy sg`, `grundy analyze`'s tables and the web's
/// `/api/sg`. Options are set by chained methods, then [`SequenceBuilder::build`] (or
/// [`SequenceBuilder::build_with`], with a store and a progress display) does the work.
///
/// ```
/// use grundy::{Ruleset, SequenceBuilder};
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// let s = SequenceBuilder::new(&kayles).upto(100).build().unwrap();
/// assert_eq!((0..8).map(|n| s.value(n).unwrap()).collect::<Vec<_>>(), [0, 1, 2, 3, 1, 4, 3, 2]);
/// // Kayles is periodic with period 12 from n = 71, proven from the values computed.
/// let p = s.period().unwrap();
/// assert_eq!((p.preperiod, p.period), (71, 12));
/// assert_eq!(s.computed(), 4096);
/// assert_eq!(s.value(1_000_000_000_000), s.value(1_000_000_000_000 - 12));
/// // The count of each value among G(0..=10^12), exact through the period.
/// let counts = s.counts(1_000_000_000_000).unwrap();
/// assert_eq!(counts.iter().map(|&(_, c)| c).sum::<u128>(), 1_000_000_000_001);
///
/// // Grundy's game has no proven period: its values past the budget are refused at once.
/// let grundy: Ruleset = "grundys-game".parse().unwrap();
/// assert!(SequenceBuilder::new(&grundy).upto(1 << 20).budget(1000).build().is_err());
/// ```
#[derive(Clone, Debug)]
pub struct SequenceBuilder {
    ruleset: Ruleset,
    upto: u64,
    budget: u64,
    threads: Option<usize>,
    algorithm: Algorithm,
    full: bool,
    every_value: bool,
    mode: Mode,
    forecast_limit: Option<Duration>,
    forecast_after: Duration,
    resume: Option<Vec<u16>>,
    keep_on_cancel: bool,
    /// Set by the computation when a cancel stopped it and its values were kept.
    cancelled: bool,
}

impl SequenceBuilder {
    /// A builder for the sequence of `ruleset`, with `upto` 0, the budget
    /// [`DEFAULT_SEQUENCE_BUDGET`], the sparse engine on one thread picking its method by
    /// measurement, a table (not a period
    /// search) that stops at a proven period, and [`UNSTORED_TIME_LIMIT`] for runs without a
    /// store.
    pub fn new(ruleset: &Ruleset) -> Self {
        SequenceBuilder {
            ruleset: ruleset.clone(),
            upto: 0,
            budget: DEFAULT_SEQUENCE_BUDGET,
            threads: None,
            algorithm: Algorithm::Measured,
            full: false,
            every_value: false,
            mode: Mode::Table,
            forecast_limit: Some(UNSTORED_TIME_LIMIT),
            forecast_after: FORECAST_AFTER,
            resume: None,
            keep_on_cancel: false,
            cancelled: false,
        }
    }

    /// When the stop token installed by the caller is cancelled (a person's Ctrl-C), keep the
    /// values computed by then: the sequence ends at the last of them
    /// ([`Sequence::cancelled`] says so, [`Sequence::upto`] where it ends), and a store has
    /// them all. By default a cancel stops with [`SequenceError::Stopped`].
    pub fn keep_on_cancel(mut self, keep: bool) -> Self {
        self.keep_on_cancel = keep;
        self
    }

    /// The last heap whose value is wanted: the sequence answers G(0..=`n`), from the values
    /// or through a proven period.
    pub fn upto(mut self, n: u64) -> Self {
        self.upto = n;
        self
    }

    /// The most values computed one by one (at most [`Work::max_budget`] of
    /// [`Work::SplitTable`]; more is refused with [`SequenceError::BudgetTooLarge`]). Also the
    /// most values counted one by one by [`Sequence::counts`] when no period is proven.
    pub fn budget(mut self, values: u64) -> Self {
        self.budget = values;
        self
    }

    /// Threads for the sparse engine's block loops of two-byte values (see
    /// [`SparseEngine::set_threads`]); one when not set.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = Some(threads);
        self
    }

    /// The engine for take-and-break games (the values are the same).
    pub fn method(mut self, algorithm: Algorithm) -> Self {
        self.algorithm = algorithm;
        self
    }

    /// Holds every value up to `upto` in the table (for the store and benchmarks): once a
    /// period is proven the engine switches from computing values to deriving them from it (a
    /// copy, exact), where without it the table stops there and later values are read through
    /// the period. A table only.
    pub fn full(mut self, full: bool) -> Self {
        self.full = full;
        self
    }

    /// Computes every value up to `upto` one by one, with no shortcut at a proven period (the
    /// period is still found, from the values, at the end): the same values as a table that
    /// stops or derives, for measuring the engine against programs that compute every value.
    /// A table only; implies [`SequenceBuilder::full`].
    pub fn every_value(mut self, every: bool) -> Self {
        self.every_value = every;
        self.full |= every;
        self
    }

    /// Makes this a bounded period search rather than a table: the values (two bytes each)
    /// double from 1,024 until a period is proven or `upto` is covered. Before each doubling
    /// whose predicted work (four times the engine's `rare_pairs + scanned_pairs` so far) passes
    /// `work`, it stops: with [`SequenceError::WorkLimit`] when `upto` is not covered yet; once
    /// it is, the search for a period goes on to 65,536 values with an eighth of `work`. Games
    /// with three-heap splits stop at [`THREE_HEAP_LIMIT`] values (2,048 past `upto`). Counting
    /// work rather than time keeps answers the same on every machine. `grundy analyze` and the
    /// web's `/api/sg` use [`crate::engine::heap::PERIOD_SEARCH_WORK`].
    pub fn period_search(mut self, work: u64) -> Self {
        self.mode = Mode::PeriodSearch { work };
        self
    }

    /// The longest a table computed without a store may be forecast to take, in CPU time, or
    /// `None` for no limit. The forecast is read at each doubling of the values (512, 1,024,
    /// ...), from the growth of the last doubling's time (see [`crate::engine::forecast`]).
    pub fn forecast_limit(mut self, limit: Option<Duration>) -> Self {
        self.forecast_limit = limit;
        self
    }

    /// The CPU time a table takes before its forecast may refuse it: [`FORECAST_AFTER`] (two
    /// seconds) unless set. Tests set less, to check a forecast on a table of a second.
    pub fn forecast_after(mut self, after: Duration) -> Self {
        self.forecast_after = after;
        self
    }

    /// Continues from `values` = G(0..len), as saved by an earlier run (from a store). The
    /// values are trusted: the store must have checked them.
    pub fn resume(mut self, values: Vec<u16>) -> Self {
        self.resume = Some(values);
        self
    }

    /// The refusals made before any work: a budget past what one table can hold, and values of
    /// a game whose period no theorem proves (Grundy's game) at or past the budget.
    /// [`SequenceBuilder::build`] makes them too; a caller that wants them before its own
    /// preparations (opening a store) calls this first.
    pub fn check(&self) -> Result<(), SequenceError> {
        let max = Work::SplitTable.max_budget();
        if self.budget > max {
            return Err(SequenceError::BudgetTooLarge { budget: self.budget, max });
        }
        if let Some(rules) = self.ruleset.split_rules() {
            if !rules.can_prove_period() && self.upto >= self.budget {
                return Err(SequenceError::Unreachable {
                    ruleset: self.ruleset.to_string(),
                    heap: self.upto,
                    budget: self.budget,
                    cost: split_table_cost(&rules, u128::from(self.upto) + 1),
                });
            }
        }
        Ok(())
    }

    /// Computes the sequence (see [`SequenceBuilder::build_with`]).
    pub fn build(self) -> Result<Sequence, SequenceError> {
        self.build_with(None, &mut ())
    }

    /// Computes the sequence, saving a table's values to `store` as they are computed and
    /// telling `observer` how it grows. Rulesets that are not take-and-break games are answered
    /// by [`HeapSolver`] (closed forms and proven tables), with neither store nor observer.
    pub fn build_with(
        mut self,
        store: Option<&mut dyn SequenceStore>,
        observer: &mut dyn SequenceObserver,
    ) -> Result<Sequence, SequenceError> {
        self.check()?;
        let source = match self.ruleset.split_rules() {
            Some(rules) => {
                let built = self.compute(rules, store, observer);
                observer.finished();
                built?
            }
            None => Source::Solver(HeapSolver::seeking_period(&self.ruleset, self.upto, self.budget)?),
        };
        let cancelled = self.cancelled;
        let upto = match &source {
            // Cancelled: the sequence ends at the last value computed, unless a period proven
            // by then gives the rest.
            Source::Split { table, period: None, .. } if cancelled => self.upto.min(table.len() as u64 - 1),
            _ => self.upto,
        };
        Ok(Sequence { ruleset: self.ruleset, upto, budget: self.budget, source, cancelled })
    }

    /// The engine to start from: one-byte values for a table while they fit, two bytes for a
    /// period search (its work limit counts the two-byte engine's pair visits) and the plain
    /// method.
    fn engine(&mut self, rules: &SplitRules) -> Table {
        let naive = self.algorithm == Algorithm::Naive;
        let wide = naive || matches!(self.mode, Mode::PeriodSearch { .. });
        match (self.resume.take(), naive) {
            (Some(values), true) => Table::Wide(SparseEngine::resume_naive(rules.clone(), values)),
            (Some(values), false) => match wide {
                false if values.iter().all(|&v| v <= u16::from(u8::MAX)) => {
                    let narrow: Vec<u8> = values.iter().map(|&v| v as u8).collect();
                    drop(values);
                    Table::Narrow(SparseEngine::resume_cells(rules.clone(), narrow))
                }
                _ => Table::Wide(SparseEngine::resume(rules.clone(), values)),
            },
            (None, true) => Table::Wide(SparseEngine::naive(rules.clone())),
            (None, false) if wide => Table::Wide(SparseEngine::new(rules.clone())),
            (None, false) => Table::Narrow(SparseEngine::with_cells(rules.clone())),
        }
    }

    /// The table reached the budget without covering `upto` or proving a period.
    fn past_budget(&self) -> SequenceError {
        let what = self.ruleset.split_rules().map_or(Work::SplitTable, |r| split_table_work(&r));
        GaveUp { what, used: self.budget, needed: self.upto.checked_add(1) }.into()
    }

    /// Runs the engine of a take-and-break game: in steps that end on the store's chunks, the
    /// period checks and (without a store) the forecast's readings, until the policy stops.
    fn compute(
        &mut self,
        rules: SplitRules,
        mut store: Option<&mut dyn SequenceStore>,
        observer: &mut dyn SequenceObserver,
    ) -> Result<Source, SequenceError> {
        // A game that splits a heap in three keeps sets of values for each size: its table holds
        // fewer values in the same memory.
        self.budget = split_table_work(&rules).clamp(self.budget);
        let mut engine = self.engine(&rules);
        if let Some(t) = self.threads {
            engine.set_threads(t);
        }
        // A period search counts the rare/common method's work, the same on every machine; the
        // measured choice would depend on the machine's speed.
        engine.set_method_choice(match (self.algorithm, self.mode) {
            (Algorithm::Naive, _) => MethodChoice::Plain,
            (Algorithm::Sparse, _) | (Algorithm::Measured, Mode::PeriodSearch { .. }) => MethodChoice::Sparse,
            (Algorithm::Measured, Mode::Table) => MethodChoice::Measured,
        });
        let three = !rules.split3.is_empty();
        let need = self.upto.saturating_add(1);
        let (cap, first_check, step) = match self.mode {
            Mode::Table => (need.max(MIN_VALUES).min(self.budget), MIN_VALUES as usize, TABLE_STEP),
            Mode::PeriodSearch { .. } => {
                (if three { self.budget.min(THREE_HEAP_LIMIT) } else { self.budget }, SEARCH_START, usize::MAX)
            }
        };
        let cap = usize::try_from(cap).map_err(|_| SequenceError::TableTooLarge)?;
        if self.mode == Mode::Table {
            // One allocation, so that growing a step at a time never copies the table (and the
            // peak memory is the table itself). A period search grows as it goes: its budget is
            // a bound, not a length.
            engine.reserve(cap)?;
        }
        observer.started(cap as u64, engine.len() as u64);
        let chunk = store.as_ref().map_or(step, |s| s.chunk_len().max(1));
        let mut next_check = (engine.len() * 2).max(first_check);
        let mut forecast = match (self.mode, &store, self.forecast_limit) {
            (Mode::Table, None, Some(limit)) => {
                // The engine's threads are counted in the process's CPU time.
                let floor = if three { Floor::THREE_HEAP } else { Floor::LINEAR };
                let threads = self.threads.is_some_and(|t| t > 1);
                Some((Forecast::new(engine.len(), self.forecast_after, floor, threads), limit.as_secs_f64()))
            }
            _ => None,
        };
        // The period of the values at a length, computed once per length.
        let mut period_at: Option<(usize, Option<Period>)> = None;
        let mut period_of = |engine: &Table| match period_at {
            Some((len, p)) if len == engine.len() => p,
            _ => {
                let p = engine.period();
                period_at = Some((engine.len(), p));
                p
            }
        };
        // The length and the engine's work at the last period check (the period search's
        // forecast of the work to come reads their growth).
        let mut last_work: Option<(usize, u64)> = None;
        while engine.len() < cap {
            let len = engine.len();
            // Steps end on the store's chunk boundaries, so each save writes whole chunks.
            let mut end = ((len / chunk).saturating_add(1)).saturating_mul(chunk).min(cap);
            if engine.derived_from().is_none() && !self.every_value {
                // Stop at the next period check too: a periodic game is proven early.
                end = end.min(next_check.max(len + 1));
            }
            if let Some((f, _)) = &forecast {
                end = end.min(f.probe.max(len + 1));
            }
            match engine.extend_to(end, cap) {
                Err(EngineError::Stopped(Stopped::Cancelled)) if self.keep_on_cancel && engine.len() > 0 => {
                    self.cancelled = true;
                    break;
                }
                r => r?,
            }
            if let Some(s) = store.as_deref_mut() {
                s.save(engine.len(), &|a, b| engine.range(a, b)).map_err(SequenceError::Store)?;
            }
            observer.advanced(engine.len() as u64);
            let len = engine.len();
            match self.mode {
                // A proven period ends the work early: every later value follows from it.
                // (Periodic games are the sparse method's worst case, as every mask leaves
                // many rare positions.)
                // Every value is computed: no period check until the end.
                Mode::Table if self.every_value => {}
                Mode::Table => {
                    if engine.derived_from().is_none() && len >= next_check {
                        next_check = len * 2;
                        if let Some(p) = period_of(&engine) {
                            if !self.full {
                                break;
                            }
                            // Every value is asked for: the engine switches to copying them
                            // through the period, exact and linear in the values.
                            engine.switch_to_period(p);
                        }
                    }
                }
                Mode::PeriodSearch { work } => {
                    if len < next_check && len < cap {
                        continue;
                    }
                    next_check = len.saturating_mul(2);
                    let period = period_of(&engine);
                    // Small heaps still get a cheap search for a period (2^16 values take
                    // milliseconds on most games), so that `analyze` can explain the values
                    // with one; it gets an eighth of the work.
                    let covered = len as u64 > self.upto;
                    let limit = if covered { work / 8 } else { work };
                    // The work of the next doubling, and of the table to the heap asked about,
                    // grow as the work did over the last doubling: a power of the length
                    // between 1 (the sparse engine, whose rare values stay few) and 2 (every
                    // split walked), read from the engine's own count and clamped to that range.
                    let exponent = growth_exponent(last_work, (len, engine.work()));
                    last_work = Some((len, engine.work()));
                    let next_too_costly = engine.work() as f64 * 2f64.powf(exponent) > limit as f64;
                    let free = if three { FREE_SEARCH.1 } else { FREE_SEARCH.0 };
                    let provable = rules.can_prove_period();
                    let free_spent = len >= free || engine.work() >= FREE_SEARCH_WORK;
                    if period.is_some() || (covered && (free_spent || len >= cap || next_too_costly || !provable)) {
                        break;
                    }
                    if len as u64 >= self.budget {
                        return Err(self.past_budget());
                    }
                    if len >= cap {
                        return Err(SequenceError::ThreeHeapLimit {
                            ruleset: self.ruleset.to_string(),
                            heap: self.upto,
                            limit: THREE_HEAP_LIMIT,
                        });
                    }
                    // A doubling past the limit may still leave the heap asked about within it:
                    // the table goes to that heap, and no further.
                    let need_len = usize::try_from(need).unwrap_or(usize::MAX);
                    let to_need = (need_len as f64 / len as f64).powf(exponent) * engine.work() as f64;
                    if next_too_costly && need_len < cap && to_need <= limit as f64 {
                        next_check = need_len;
                        continue;
                    }
                    if next_too_costly {
                        return Err(SequenceError::WorkLimit {
                            ruleset: self.ruleset.to_string(),
                            heap: self.upto,
                            computed: len as u64,
                            work,
                            cost: split_table_cost(&rules, u128::from(self.upto) + 1),
                        });
                    }
                }
            }
            // Read after the period check, so that a run a proven period ends is not refused
            // at the length that proves it.
            if let Some((f, limit)) = forecast.as_mut() {
                if let Some((seconds, fits)) = f.observe(len, cap, *limit).filter(|&(s, _)| s > *limit) {
                    return Err(SequenceError::Forecast {
                        ruleset: self.ruleset.to_string(),
                        last: cap as u64 - 1,
                        seconds,
                        computed: len as u64,
                        fits: fits as u64,
                    });
                }
            }
        }
        if let Some(s) = store {
            s.save(engine.len(), &|a, b| engine.range(a, b)).map_err(SequenceError::Store)?;
        }
        let period = period_of(&engine);
        if (engine.len() as u64) <= self.upto && period.is_none() && !self.cancelled {
            return Err(self.past_budget());
        }
        // Three-heap splits (hexadecimal codes) are computed plainly: no sparse statistics.
        let stats = (self.algorithm != Algorithm::Naive && !three).then(|| engine.stats());
        Ok(Source::Split { table: Box::new(engine), rules, period, stats })
    }
}

/// The exponent e of the work's growth as a power of the length, W(len) ~ len^e, read from the
/// work at two lengths and clamped to 1..2 (2, the plain method's every split, when there is no
/// earlier reading or the work did not grow): the period search forecasts its next doubling and
/// the table to the heap asked about with it.
fn growth_exponent(before: Option<(usize, u64)>, now: (usize, u64)) -> f64 {
    match before {
        Some((l0, w0)) if l0 > 0 && w0 > 0 && now.0 > l0 && now.1 > w0 => {
            ((now.1 as f64 / w0 as f64).ln() / (now.0 as f64 / l0 as f64).ln()).clamp(1.0, 2.0)
        }
        _ => 2.0,
    }
}

/// The engine with its values in one byte while they fit, widened to two bytes when a value
/// passes 255: the table is the run's memory, and most games stay below 256 for millions of
/// values.
#[derive(Clone)]
enum Table {
    Narrow(SparseEngine<u8>),
    Wide(SparseEngine<u16>),
}

impl Table {
    fn len(&self) -> usize {
        match self {
            Table::Narrow(e) => e.len(),
            Table::Wide(e) => e.len(),
        }
    }

    fn value(&self, n: usize) -> Option<u16> {
        match self {
            Table::Narrow(e) => e.values().get(n).map(|&v| u16::from(v)),
            Table::Wide(e) => e.values().get(n).copied(),
        }
    }

    /// How many of G(0..=upto) have each value (indexed by the value), when all are computed.
    fn value_counts(&self, upto: usize) -> Option<Vec<u128>> {
        fn count<C: Copy + Into<u16>>(values: &[C]) -> Vec<u128> {
            let max = values.iter().map(|&v| usize::from(v.into())).max();
            let mut counts = vec![0u128; max.map_or(0, |m| m + 1)];
            for &v in values {
                counts[usize::from(v.into())] += 1;
            }
            counts
        }
        match self {
            Table::Narrow(e) => e.values().get(..=upto).map(count),
            Table::Wide(e) => e.values().get(..=upto).map(count),
        }
    }

    /// G(start..end) as u16, for the store (empty where the range is not known).
    fn range(&self, start: usize, end: usize) -> Vec<u16> {
        match self {
            Table::Narrow(e) => e.values().get(start..end).unwrap_or_default().iter().map(|&v| u16::from(v)).collect(),
            Table::Wide(e) => e.values().get(start..end).unwrap_or_default().to_vec(),
        }
    }

    fn period(&self) -> Option<Period> {
        match self {
            Table::Narrow(e) => e.period(),
            Table::Wide(e) => e.period(),
        }
    }

    fn stats(&self) -> SparseStats {
        match self {
            Table::Narrow(e) => e.stats(),
            Table::Wide(e) => e.stats(),
        }
    }

    /// The engine's work so far, in pair visits.
    fn work(&self) -> u64 {
        let stats = self.stats();
        stats.rare_pairs.saturating_add(stats.scanned_pairs).saturating_add(stats.plain_pairs)
    }

    fn derived_from(&self) -> Option<Period> {
        match self {
            Table::Narrow(e) => e.derived_from(),
            Table::Wide(e) => e.derived_from(),
        }
    }

    fn switch_to_period(&mut self, p: Period) -> bool {
        match self {
            Table::Narrow(e) => e.switch_to_period(p),
            Table::Wide(e) => e.switch_to_period(p),
        }
    }

    fn set_threads(&mut self, t: usize) {
        match self {
            Table::Narrow(e) => e.set_threads(t),
            Table::Wide(e) => e.set_threads(t),
        }
    }

    fn set_method_choice(&mut self, choice: MethodChoice) {
        match self {
            Table::Narrow(e) => e.set_method_choice(choice),
            Table::Wide(e) => e.set_method_choice(choice),
        }
    }

    fn reserve(&mut self, len: usize) -> Result<(), EngineError> {
        match self {
            Table::Narrow(e) => e.reserve(len),
            Table::Wide(e) => e.reserve(len),
        }
    }

    /// Extends to `len` values, widening (and reserving `cap` again) when a value passes 255.
    fn extend_to(&mut self, len: usize, cap: usize) -> Result<(), EngineError> {
        loop {
            match self {
                Table::Wide(e) => return e.extend_to(len),
                Table::Narrow(e) => match e.extend_to(len) {
                    Err(EngineError::ValueTooLarge { .. }) => {
                        let placeholder = Table::Narrow(SparseEngine::with_cells(e.rules().clone()));
                        if let Table::Narrow(old) = std::mem::replace(self, placeholder) {
                            let mut wide = old.widen();
                            wide.reserve(cap)?;
                            *self = Table::Wide(wide);
                        }
                    }
                    other => return other,
                },
            }
        }
    }

    /// The values as two bytes each.
    fn into_wide_values(self) -> Vec<u16> {
        match self {
            Table::Narrow(e) => e.into_values().into_iter().map(u16::from).collect(),
            Table::Wide(e) => e.into_values(),
        }
    }
}

/// Where a [`Sequence`]'s values come from.
#[derive(Clone)]
enum Source {
    /// A take-and-break game: the computed table, its proven period if any, and the sparse
    /// engine's statistics (not for the plain method).
    Split { table: Box<Table>, rules: SplitRules, period: Option<Period>, stats: Option<SparseStats> },
    /// Any other heap ruleset: its solver answers for every n it knows.
    Solver(HeapSolver),
}

/// The Grundy sequence of a heap ruleset, as a [`SequenceBuilder`] computed it: G(n) for every
/// n up to the values computed, and past them through the proven period.
#[derive(Clone)]
pub struct Sequence {
    ruleset: Ruleset,
    upto: u64,
    budget: u64,
    source: Source,
    cancelled: bool,
}

impl fmt::Debug for Sequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Not the values: they can be billions.
        f.debug_struct("Sequence")
            .field("ruleset", &self.ruleset.to_string())
            .field("upto", &self.upto)
            .field("computed", &self.computed())
            .field("period", &self.period())
            .finish()
    }
}

impl Sequence {
    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The last heap asked for ([`SequenceBuilder::upto`]): G(0..=upto) are all known. When
    /// a cancel stopped the computation ([`Sequence::cancelled`]), the last value computed.
    pub fn upto(&self) -> u64 {
        self.upto
    }

    /// Whether a cancel stopped the computation before the heap asked for, the values so far
    /// kept ([`SequenceBuilder::keep_on_cancel`]).
    pub fn cancelled(&self) -> bool {
        self.cancelled
    }

    /// G(n): from the values computed, or through the proven period past them; `None` past
    /// the values when no period is proven (or when the value would pass u64).
    pub fn value(&self, n: u64) -> Option<u64> {
        match &self.source {
            Source::Split { table, period, .. } => {
                if let Some(v) = usize::try_from(n).ok().and_then(|i| table.value(i)) {
                    return Some(u64::from(v));
                }
                (*period)?.value_through(n, |m| table.value(usize::try_from(m).ok()?).map(u64::from))
            }
            Source::Solver(s) => s.value(n),
        }
    }

    /// G(0), G(1), ..., G(upto).
    pub fn values(&self) -> impl Iterator<Item = u64> + '_ {
        (0..=self.upto).map_while(|n| self.value(n))
    }

    /// The proven period of the values, if any (closed forms have one too).
    pub fn period(&self) -> Option<Period> {
        match &self.source {
            Source::Split { period, .. } => *period,
            Source::Solver(s) => s.period(),
        }
    }

    /// How many values were computed one by one (the rest follow from the period); 0 when a
    /// solver answers with a closed form or a proven period (tables of subtraction and all-but
    /// games), the table's length when it proved none.
    pub fn computed(&self) -> u64 {
        match &self.source {
            Source::Split { table, .. } => table.len() as u64,
            Source::Solver(s) => s.unproven_table_len(),
        }
    }

    /// The sparse engine's statistics, when it computed the values (not for the plain method,
    /// three-heap splits or rulesets answered by a solver).
    pub fn stats(&self) -> Option<SparseStats> {
        match &self.source {
            Source::Split { stats, .. } => *stats,
            Source::Solver(_) => None,
        }
    }

    /// How the values are known: a closed form, a proven period, or a table.
    pub fn method(&self) -> Method {
        match &self.source {
            Source::Split { period: Some(_), .. } => Method::ProvenPeriod,
            Source::Split { .. } => Method::Table,
            Source::Solver(s) => s.method(),
        }
    }

    /// A sentence saying where the values come from, for explanations.
    pub fn method_note(&self) -> String {
        match &self.source {
            Source::Split { table, rules, period, .. } => split_note(rules, *period, table.len()),
            Source::Solver(s) => s.method_note(),
        }
    }

    /// How many n in 0..=`upto` have each value, in increasing order of the values: exact
    /// through the period when one with no saltus is proven (each n up to min(upto, n0 + p - 1)
    /// looked at once, with how often its residue recurs up to `upto`), else counted one by
    /// one. Either way the values looked at are refused past the budget
    /// ([`Work::ValuesCounted`]), and a summary of more than [`SUMMARY_VALUES`] distinct values
    /// is refused as soon as it has them.
    pub fn counts(&self, upto: u64) -> Result<Vec<(u64, u128)>, SequenceError> {
        let value = |n: u64| self.value(n).ok_or(SequenceError::Unknown { heap: n });
        let mut tally = Tally::new(upto);
        match self.period() {
            Some(p) if p.saltus == 0 => {
                // Only n <= upto are looked at, and past the pre-period only one period of
                // them: n0 + p - 1 can pass 2^64 - 1 (bash:18446744073709551614) while upto is 7.
                let looked = p.preperiod.saturating_add(p.period).min(upto.saturating_add(1));
                self.check_counted(upto, looked, true, &value)?;
                for n in 0..looked {
                    // Every later n with n's residue repeats its value: (upto - n) / p of them.
                    let repeats = if n >= p.preperiod { (upto - n) / p.period } else { 0 };
                    tally.add(value(n)?, 1 + u128::from(repeats))?;
                }
            }
            period => {
                // Each period past the pre-period adds a value never seen when values grow by
                // a saltus, so that many distinct values are certain before any counting.
                let new_values =
                    period.filter(|p| p.saltus > 0).map_or(0, |p| upto.saturating_sub(p.preperiod) / p.period.max(1));
                if new_values > SUMMARY_VALUES as u64 {
                    return Err(SequenceError::TooManyValues { upto, limit: SUMMARY_VALUES });
                }
                let max = Work::ValuesCounted.max_budget();
                if upto >= max {
                    return Err(SequenceError::CountTooLarge {
                        upto,
                        looked: u128::from(upto) + 1,
                        periodic: false,
                        max,
                    });
                }
                self.check_counted(upto, upto.saturating_add(1), false, &value)?;
                // A computed table is counted straight from its values (a lookup per heap
                // through `value` took a twentieth of a sparse game's `--full --summary` run);
                // its values are below 2^16, fewer than a summary lists.
                const _: () = assert!(SUMMARY_VALUES >= 1 << 16);
                let table = match &self.source {
                    Source::Split { table, .. } => usize::try_from(upto).ok().and_then(|u| table.value_counts(u)),
                    Source::Solver(_) => None,
                };
                match table {
                    Some(small) => tally.small = small,
                    None => {
                        for n in 0..=upto {
                            tally.add(value(n)?, 1)?;
                        }
                    }
                }
            }
        }
        Ok(tally.into_counts())
    }

    /// Refuses a summary to `upto` that would look at `looked` values one by one (`periodic`:
    /// those of a proven period), past the budget: a [`GaveUp`] whose advice (a budget of
    /// `looked`) a table may be given, else [`SequenceError::CountTooLarge`]. Its first
    /// [`SUMMARY_VALUES`] + 1 values are looked at first (milliseconds), so that a summary
    /// that would list too many values is refused as such, and a larger budget is not advised
    /// only to meet that refusal.
    fn check_counted(
        &self,
        upto: u64,
        looked: u64,
        periodic: bool,
        value: &dyn Fn(u64) -> Result<u64, SequenceError>,
    ) -> Result<(), SequenceError> {
        if looked <= self.budget {
            return Ok(());
        }
        let mut probe = Tally::new(upto);
        for n in 0..looked.min(SUMMARY_VALUES as u64 + 1) {
            // Past the values known the budget's refusal stands.
            let Ok(v) = value(n) else { break };
            probe.add(v, 1)?;
        }
        // The budget is a table's too (`SequenceBuilder::budget`), so only one a table may
        // have is worth advising.
        let max = Work::SplitTable.max_budget().min(Work::ValuesCounted.max_budget());
        if looked > max {
            return Err(SequenceError::CountTooLarge { upto, looked: u128::from(looked), periodic, max });
        }
        Err(GaveUp { what: Work::ValuesCounted, used: self.budget, needed: Some(looked) }.into())
    }

    /// The rules, the values (two bytes each) and the period of a take-and-break game's
    /// sequence, for [`HeapSolver`]; `None` for a ruleset answered by a solver.
    pub(crate) fn into_split(self) -> Option<(SplitRules, Vec<u16>, Option<Period>)> {
        match self.source {
            Source::Split { table, rules, period, .. } => Some((rules, table.into_wide_values(), period)),
            Source::Solver(_) => None,
        }
    }
}

/// The counts of a summary: values below 2^16 in a vector (a map entry per heap took a tenth
/// of the time of a `--full --summary` run of a sparse game), the others in a map; more than
/// [`SUMMARY_VALUES`] distinct values are refused as soon as they are seen.
struct Tally {
    upto: u64,
    small: Vec<u128>,
    small_distinct: usize,
    large: std::collections::BTreeMap<u64, u128>,
}

impl Tally {
    fn new(upto: u64) -> Tally {
        Tally { upto, small: Vec::new(), small_distinct: 0, large: Default::default() }
    }

    /// Adds `count` heaps of value `v`.
    fn add(&mut self, v: u64, count: u128) -> Result<(), SequenceError> {
        match usize::try_from(v).ok().filter(|&i| i < 1 << 16) {
            Some(i) => {
                if i >= self.small.len() {
                    self.small.resize(i + 1, 0);
                }
                if let Some(c) = self.small.get_mut(i) {
                    self.small_distinct += usize::from(*c == 0);
                    *c += count;
                }
            }
            None => *self.large.entry(v).or_default() += count,
        }
        if self.small_distinct + self.large.len() > SUMMARY_VALUES {
            return Err(SequenceError::TooManyValues { upto: self.upto, limit: SUMMARY_VALUES });
        }
        Ok(())
    }

    /// (value, count) in increasing order of the values.
    fn into_counts(self) -> Vec<(u64, u128)> {
        let small = self.small.into_iter().enumerate().filter(|&(_, c)| c > 0).map(|(v, c)| (v as u64, c));
        small.chain(self.large).collect()
    }
}

/// Where the values of a take-and-break game come from, in words.
pub(crate) fn split_note(rules: &SplitRules, period: Option<Period>, len: usize) -> String {
    match period {
        Some(p) => format!(
            "values from the {}, periodic with period {} from n = {} (proven by the Guy-Smith theorem)",
            engine_name(rules),
            p.period,
            p.preperiod
        ),
        None => format!(
            "values from the {}, computed for heaps up to {} (no period proven)",
            engine_name(rules),
            len.saturating_sub(1)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::heap::PERIOD_SEARCH_WORK;
    use crate::engine::table::mex_table;

    fn ruleset(s: &str) -> Ruleset {
        s.parse().unwrap()
    }

    fn values(s: &Sequence, upto: u64) -> Vec<u64> {
        (0..=upto).map(|n| s.value(n).unwrap()).collect()
    }

    #[test]
    fn the_work_grows_as_the_power_read_from_two_lengths() {
        assert_eq!(growth_exponent(None, (2048, 100)), 2.0);
        assert!((growth_exponent(Some((1024, 100)), (2048, 200)) - 1.0).abs() < 1e-9);
        assert!((growth_exponent(Some((1024, 100)), (2048, 283)) - 1.5).abs() < 0.01);
        // Clamped: faster than every split walked, or no growth at all, reads as the square.
        assert_eq!(growth_exponent(Some((1024, 100)), (2048, 1000)), 2.0);
        assert_eq!(growth_exponent(Some((1024, 100)), (2048, 100)), 2.0);
        assert_eq!(growth_exponent(Some((1024, 100)), (2048, 150)), 1.0);
    }

    #[test]
    fn values_equal_the_mex_of_every_option() {
        for game in ["kayles", "octal:0.16", "grundys-game", "hex:0.8f", "hex:0.f8", "octal:4.777", "dawsons-kayles"] {
            let r = ruleset(game);
            let want = mex_table(&r, 700);
            for method in [Algorithm::Sparse, Algorithm::Naive] {
                let s = SequenceBuilder::new(&r).upto(700).method(method).build().unwrap();
                assert_eq!(values(&s, 700), want, "{game} {method:?}");
                let search = SequenceBuilder::new(&r).upto(700).method(method).period_search(1 << 30).build().unwrap();
                assert_eq!(values(&search, 700), want, "{game} {method:?}, period search");
            }
        }
    }

    #[test]
    fn other_rulesets_are_answered_by_their_solver() {
        for game in ["nim", "bounded:3", "bash:4", "subtraction:2,5", "allbut:2,3", "allbut:3"] {
            let r = ruleset(game);
            let s = SequenceBuilder::new(&r).upto(300).build().unwrap();
            assert_eq!(values(&s, 300), mex_table(&r, 300), "{game}");
            let solver = HeapSolver::new(&r, 300, DEFAULT_SEQUENCE_BUDGET).unwrap();
            assert_eq!(s.period(), solver.period(), "{game}");
            assert_eq!(s.computed(), 0);
            assert_eq!(s.stats(), None);
        }
    }

    #[test]
    fn the_period_proven_is_the_heap_solvers() {
        for game in ["kayles", "dawsons-kayles", "octal:0.137", "octal:0.15", "octal:0.33", "hex:0.f", "octal:4.7"] {
            let r = ruleset(game);
            let solver = HeapSolver::new(&r, 10, DEFAULT_SEQUENCE_BUDGET).unwrap();
            let table = SequenceBuilder::new(&r).upto(10).build().unwrap();
            let search = SequenceBuilder::new(&r).upto(10).period_search(PERIOD_SEARCH_WORK).build().unwrap();
            assert!(solver.period().is_some(), "{game}");
            assert_eq!(table.period(), solver.period(), "{game}");
            assert_eq!(search.period(), solver.period(), "{game}");
            assert_eq!(search.method_note(), solver.method_note(), "{game}");
            assert_eq!(table.method(), Method::ProvenPeriod);
            let p = table.period().unwrap();
            let far = 1_000_000_000_007;
            assert_eq!(table.value(far), solver.value(far), "{game}");
            assert_eq!(table.value(far), table.value(p.preperiod + (far - p.preperiod) % p.period));
        }
    }

    /// With every value asked for, a game whose period is proven switches from computing to
    /// deriving: the values equal those the engine computes without switching, and only the
    /// values up to the proof were computed.
    #[test]
    fn a_full_table_derives_the_values_past_a_proven_period() {
        for code in ["kayles", "octal:0.5", "octal:0.71", "octal:4.7", "octal:0.137", "octal:0.51"] {
            let r = ruleset(code);
            let s = SequenceBuilder::new(&r).upto(30_000).full(true).build().unwrap();
            let rules = r.split_rules().unwrap();
            let mut plain = SparseEngine::new(rules.clone());
            plain.extend_to(30_001).unwrap();
            let expected: Vec<u64> = plain.values().iter().map(|&v| u64::from(v)).collect();
            assert_eq!(values(&s, 30_000), expected, "{code}");
            let stats = s.stats().unwrap_or_default();
            assert!(stats.derived > 0 && stats.derived < 30_001 - 1024, "{code}: {stats:?}");
            assert_eq!(s.computed(), 30_001, "{code}: every value is held");
        }
    }

    /// Every value computed one by one gives the values of the default table (which stops at
    /// the period) and of a full one (which derives past it), and the same period.
    #[test]
    fn every_value_computes_the_values_the_period_gives() {
        for code in ["kayles", "octal:0.45", "octal:0.71", "octal:4.7", "octal:0.137", "octal:0.6"] {
            let r = ruleset(code);
            let every = SequenceBuilder::new(&r).upto(30_000).every_value(true).build().unwrap();
            let default = SequenceBuilder::new(&r).upto(30_000).build().unwrap();
            let full = SequenceBuilder::new(&r).upto(30_000).full(true).build().unwrap();
            assert_eq!(values(&every, 30_000), values(&default, 30_000), "{code}");
            assert_eq!(values(&every, 30_000), values(&full, 30_000), "{code}");
            assert_eq!(every.period(), default.period(), "{code}");
            assert_eq!(every.computed(), 30_001, "{code}");
            assert_eq!(every.stats().unwrap_or_default().derived, 0, "{code}: nothing derived");
        }
    }

    #[test]
    fn a_table_computes_at_least_min_values_and_stops_at_a_period_unless_full() {
        let kayles = ruleset("kayles");
        let s = SequenceBuilder::new(&kayles).upto(10).build().unwrap();
        assert_eq!(s.computed(), MIN_VALUES);
        let s = SequenceBuilder::new(&kayles).upto(20_000).build().unwrap();
        assert_eq!(s.computed(), MIN_VALUES, "proven at the first check");
        let s = SequenceBuilder::new(&kayles).upto(20_000).full(true).build().unwrap();
        assert_eq!(s.computed(), 20_001);
        assert!(s.stats().is_some());
        // The budget bounds the table: no period within 100 values, so 200 is refused.
        let e = SequenceBuilder::new(&kayles).upto(200).budget(100).build().unwrap_err();
        assert_eq!(e, SequenceError::GaveUp(GaveUp { what: Work::SplitTable, used: 100, needed: Some(201) }));
        let s = SequenceBuilder::new(&kayles).upto(50).budget(100).build().unwrap();
        assert_eq!((s.computed(), s.period()), (100, None));
    }

    #[test]
    fn refusals_come_before_any_work_and_speak_no_flags() {
        let grundy = ruleset("grundys-game");
        let e = SequenceBuilder::new(&grundy).upto(5000).budget(5000).build().unwrap_err();
        assert!(matches!(e, SequenceError::Unreachable { heap: 5000, budget: 5000, .. }), "{e:?}");
        let e = SequenceBuilder::new(&grundy).budget(u64::MAX).check().unwrap_err();
        assert!(matches!(e, SequenceError::BudgetTooLarge { .. }), "{e:?}");
        for e in [
            SequenceBuilder::new(&grundy).upto(5000).budget(5000).build().unwrap_err(),
            SequenceBuilder::new(&grundy).budget(u64::MAX).build().unwrap_err(),
            SequenceBuilder::new(&ruleset("hex:0.8")).upto(5000).period_search(PERIOD_SEARCH_WORK).build().unwrap_err(),
        ] {
            let text = e.to_string();
            assert!(!text.contains("--"), "{text}");
        }
    }

    #[test]
    fn a_period_search_is_bounded_by_its_work() {
        // 0.16 has no period within reach: the search refuses a heap it would need too much
        // work for, and answers a small heap from the values it has.
        let r = ruleset("octal:0.16");
        let e = SequenceBuilder::new(&r).upto(10_000_000).period_search(1 << 24).build().unwrap_err();
        assert!(matches!(e, SequenceError::WorkLimit { heap: 10_000_000, .. }), "{e:?}");
        let s = SequenceBuilder::new(&r).upto(100).period_search(1 << 24).build().unwrap();
        assert_eq!(s.period(), None);
        assert!(s.computed() > 100 && s.computed() < 65_536, "{}", s.computed());
        assert_eq!(values(&s, 100), mex_table(&r, 100));
        // Three-heap splits stop at THREE_HEAP_LIMIT values.
        let e =
            SequenceBuilder::new(&ruleset("hex:0.8")).upto(5000).period_search(PERIOD_SEARCH_WORK).build().unwrap_err();
        assert!(matches!(e, SequenceError::ThreeHeapLimit { limit: THREE_HEAP_LIMIT, .. }), "{e:?}");
    }

    /// A store in memory, saving chunks as the command line's store does.
    #[derive(Default)]
    struct Memory {
        chunk: usize,
        saved: Vec<u16>,
        saves: usize,
    }

    impl SequenceStore for Memory {
        fn chunk_len(&self) -> usize {
            self.chunk
        }

        fn save(&mut self, len: usize, values: &dyn Fn(usize, usize) -> Vec<u16>) -> Result<(), String> {
            if self.saved.len() < len {
                self.saved.extend(values(self.saved.len(), len));
                self.saves += 1;
            }
            Ok(())
        }
    }

    #[derive(Default)]
    struct Watch {
        total: u64,
        last: u64,
        steps: usize,
        finished: bool,
    }

    impl SequenceObserver for Watch {
        fn started(&mut self, total: u64, _done: u64) {
            self.total = total;
        }
        fn advanced(&mut self, done: u64) {
            assert!(done > self.last);
            self.last = done;
            self.steps += 1;
        }
        fn finished(&mut self) {
            self.finished = true;
        }
    }

    #[test]
    fn a_resumed_store_gives_the_same_values() {
        for (game, method, upto) in [
            ("octal:0.16", Algorithm::Sparse, 9000),
            ("octal:0.16", Algorithm::Naive, 9000),
            ("grundys-game", Algorithm::Sparse, 9000),
            ("octal:4.777", Algorithm::Sparse, 9000),
            ("hex:0.f8", Algorithm::Sparse, 5000),
        ] {
            let r = ruleset(game);
            let plain = SequenceBuilder::new(&r).upto(upto).method(method).full(true).build().unwrap();
            let mut store = Memory { chunk: 1000, ..Memory::default() };
            let mut watch = Watch::default();
            let first = SequenceBuilder::new(&r)
                .upto(3000)
                .method(method)
                .full(true)
                .resume(vec![])
                .build_with(Some(&mut store), &mut watch)
                .unwrap();
            assert_eq!(store.saved.len(), 4096, "{game}: at least MIN_VALUES, saved");
            assert_eq!((watch.total, watch.last, watch.finished), (4096, 4096, true));
            assert_eq!(watch.steps, 5, "{game}: steps end on the chunks");
            assert_eq!(values(&first, 3000), values(&plain, 3000));
            let saved = std::mem::take(&mut store.saved);
            store.saved = saved.clone();
            let more = SequenceBuilder::new(&r)
                .upto(upto)
                .method(method)
                .full(true)
                .resume(saved)
                .build_with(Some(&mut store), &mut ())
                .unwrap();
            assert_eq!(values(&more, upto), values(&plain, upto), "{game} {method:?}");
            assert_eq!(store.saved.iter().map(|&v| u64::from(v)).collect::<Vec<_>>(), values(&plain, upto));
        }
    }

    #[test]
    fn counts_through_the_period_equal_counts_one_by_one() {
        for game in ["kayles", "dawsons-kayles", "octal:0.137", "subtraction:2,5", "bounded:3", "allbut:2,3", "nim"] {
            let r = ruleset(game);
            let s = SequenceBuilder::new(&r).upto(10).build().unwrap();
            for upto in [0, 1, 70, 71, 72, 83, 1000, 30_000] {
                let mut brute: std::collections::BTreeMap<u64, u128> = Default::default();
                for n in 0..=upto {
                    *brute.entry(s.value(n).unwrap()).or_default() += 1;
                }
                assert_eq!(s.counts(upto).unwrap(), brute.into_iter().collect::<Vec<_>>(), "{game} to {upto}");
            }
        }
        // Values on both sides of 2^16 (counted in a vector below it, in the map above), and
        // tables without a period (counted from the table's values, one-byte and two-byte),
        // to their end and short of it.
        for (game, upto) in [("nim", 70_000u64), ("grundys-game", 4999), ("octal:0.364", 3000)] {
            let s = SequenceBuilder::new(&ruleset(game)).upto(upto).build().unwrap();
            for upto in [0, 1, upto / 3, upto] {
                let mut brute: std::collections::BTreeMap<u64, u128> = Default::default();
                for n in 0..=upto {
                    *brute.entry(s.value(n).unwrap()).or_default() += 1;
                }
                assert_eq!(s.counts(upto).unwrap(), brute.into_iter().collect::<Vec<_>>(), "{game} to {upto}");
            }
        }
        // Without a period, counting past the budget is refused.
        let grundy = SequenceBuilder::new(&ruleset("grundys-game")).upto(4999).budget(5000).build().unwrap();
        assert_eq!(grundy.counts(4999).unwrap().iter().map(|&(_, c)| c).sum::<u128>(), 5000);
        let e = grundy.counts(5000).unwrap_err();
        assert_eq!(e, SequenceError::GaveUp(GaveUp { what: Work::ValuesCounted, used: 5000, needed: Some(5001) }));
        // A value past the table, within the budget, is named.
        let e = SequenceBuilder::new(&ruleset("grundys-game")).upto(10).budget(10_000).build().unwrap().counts(5000);
        assert_eq!(e, Err(SequenceError::Unknown { heap: 4096 }));
    }

    /// Issue 46, row 4: the counts looked at every residue of the proven period, 2^64 - 1 of
    /// them for bash:18446744073709551614, even for a summary to 7.
    #[test]
    fn counts_look_at_no_more_of_a_long_period_than_asked() {
        for game in ["bash:18446744073709551614", "bounded:18446744073709551614", "bash:9223372036854775808"] {
            let s = SequenceBuilder::new(&ruleset(game)).upto(7).build().unwrap();
            assert_eq!(s.counts(7).unwrap(), (0..8).map(|v| (v, 1)).collect::<Vec<_>>(), "{game}");
        }
        // One period counted with its repeats: 0 and 1 in runs of 1000.
        let s = SequenceBuilder::new(&ruleset("subtraction:1000")).upto(7).build().unwrap();
        assert_eq!(s.counts(999_999_999_999).unwrap(), vec![(0, 500_000_000_000), (1, 500_000_000_000)]);
        // A period longer than the budget is refused with the budget that counts it, which does.
        let bash = |budget: u64| SequenceBuilder::new(&ruleset("bash:1500")).upto(7).budget(budget).build().unwrap();
        let e = bash(1000).counts(1_000_000).unwrap_err();
        assert_eq!(e, SequenceError::GaveUp(GaveUp { what: Work::ValuesCounted, used: 1000, needed: Some(1501) }));
        let counts = bash(1501).counts(1_000_000).unwrap();
        assert_eq!(counts.len(), 1501);
        assert_eq!((counts[0], counts[1500]), ((0, 667), (1500, 666)));
        // ... unless its first values already show more distinct values than a summary lists:
        // then that is the refusal, not a budget that would only lead to it.
        let s = SequenceBuilder::new(&ruleset("bash:9223372036854775808")).upto(7).budget(1000).build().unwrap();
        let e = s.counts(10_000_000).unwrap_err();
        assert_eq!(e, SequenceError::TooManyValues { upto: 10_000_000, limit: SUMMARY_VALUES });
    }

    #[test]
    fn the_forecast_refuses_long_unstored_runs() {
        // A zero limit refuses at the first forecast, made once the run has taken two seconds
        // (a table long enough to take them in a release build too, where 2^20 values of
        // Grundy's game take about one).
        let r = ruleset("grundys-game");
        let e = SequenceBuilder::new(&r).upto((1 << 26) - 1).forecast_limit(Some(Duration::ZERO)).build().unwrap_err();
        assert!(matches!(e, SequenceError::Forecast { last: 67_108_863, .. }), "{e:?}");
        assert!(e.to_string().starts_with("computing G(0..67108863) of grundys-game is forecast to take roughly"));
    }
}
