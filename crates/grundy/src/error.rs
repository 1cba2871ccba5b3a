//! Error types. Each operation has its own small error type, and every message is one line that
//! names the bad part, so a front end can print it as it is.

use crate::stop::Stopped;

/// A GAME string (`nim`, `bounded:3`, `subtraction:1,3,5`, ...) could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParseGameError {
    message: String,
}

impl ParseGameError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        ParseGameError { message: message.into() }
    }
}

/// The tokens of a position (heap sizes, `HEAP/LIMIT` pairs, the divisor game's n) could not be
/// read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParsePositionError {
    message: String,
}

impl ParsePositionError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        ParsePositionError { message: message.into() }
    }
}

/// The memory one computation may use, whatever its budget: 8 GiB, a third of the 24 GiB
/// machines grundy is developed and tested on. Budgets are counted in positions or values;
/// [`Work::max_budget`] turns this into the largest budget of each kind of work, so that no
/// budget is accepted, or suggested, that the machine cannot hold.
pub const MEMORY_LIMIT: u64 = 8 << 30;

/// The part of a memory forecast that does not grow with the work: the small vectors and maps
/// every table starts with, and the rounding of small blocks.
pub const FIXED_BYTES: u64 = 1 << 20;

/// A kind of work whose size a budget bounds, with what one unit of it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Work {
    /// Positions stored by an exact search (a memo entry with its state: about 256 bytes).
    PositionsSearched,
    /// Values of a subtraction game's table (the value and its window's hash: at most 64
    /// bytes).
    SubtractionTable,
    /// Records of a misère subtraction or bounded game's tame table (each heap's value, its
    /// misère values beside small heaps and its class).
    TameTable,
    /// Values of an all-but game's table (the value and two counts: at most 40 bytes).
    AllButTable,
    /// Values of a take-and-break game's table (two bytes and the engine's lists), and the
    /// 4-byte entries of the board games' tables (Fibonacci Nim, cutting games): at most 4
    /// bytes.
    SplitTable,
    /// Values of a take-and-break game that splits a heap in three (hexadecimal codes with an 8
    /// digit): each heap size keeps the sets of its two- and three-heap splits' values, up to
    /// 1,024 words each (at most 16,512 bytes an entry).
    ThreeHeapTable,
    /// Options of one heap looked at to list its winning moves (time, not memory: about a
    /// second per 2^27).
    MovesExamined,
    /// Values counted one by one for a summary (time: about a second per 2^30).
    ValuesCounted,
    /// Heap sizes walked in order, keeping only a few of them (the lost heaps of an all-but
    /// game under misère play; time: about a second per 2^30).
    HeapsWalked,
    /// Steps of a plain mex table, the engine of a heap rule with no engine of its own: one a
    /// value and one an option, counted before the work from the rule's bound on its options
    /// (a value takes 8 bytes, and the options of the heap being computed 17 bytes each at most).
    MexTable,
    /// Positions visited by the outcome search of a partizan board, a budget's unit 32 of them
    /// (time, not memory: the search's table is bounded apart, by its own bytes).
    OutcomeNodes,
}

impl Work {
    /// Every kind of work, in the order declared (a test checks that none is missing).
    pub const ALL: [Work; 11] = [
        Work::PositionsSearched,
        Work::SubtractionTable,
        Work::TameTable,
        Work::AllButTable,
        Work::SplitTable,
        Work::ThreeHeapTable,
        Work::MovesExamined,
        Work::ValuesCounted,
        Work::HeapsWalked,
        Work::MexTable,
        Work::OutcomeNodes,
    ];

    /// Whether [`budget_forecast`], the forecast of a budget made before the work is known,
    /// counts this kind at its [`Work::bytes_per_unit`]. Every kind is decided here, with no
    /// wildcard, so that a new kind is decided when it is added.
    ///
    /// Two kinds that take memory are not counted, for the cost counting them would have: a
    /// three-heap table (16,512 bytes an entry, the worst case of sets of up to 65,536 values)
    /// would cut the budget that fits in the web server's 1 GiB a request from its cap of
    /// 2,000,000 units to 62,995 for every request, and a tame table (352 bytes) would raise
    /// every forecast by 37.5%; both are rare among the requests a budget is forecast for. Their tables stay
    /// bounded where they are built (within [`Work::max_budget`], under [`MEMORY_LIMIT`]), and
    /// a front end that runs work in worker processes ends one that passes its memory.
    pub const fn in_budget_forecast(self) -> bool {
        match self {
            Work::PositionsSearched
            | Work::SubtractionTable
            | Work::AllButTable
            | Work::SplitTable
            | Work::MexTable => true,
            Work::TameTable | Work::ThreeHeapTable => false,
            // Bounded by time alone: no memory to count.
            Work::MovesExamined | Work::ValuesCounted | Work::HeapsWalked | Work::OutcomeNodes => false,
        }
    }

    /// What the units are, as a phrase ("positions searched").
    pub fn units(self) -> &'static str {
        match self {
            Work::PositionsSearched => "positions searched",
            Work::SubtractionTable | Work::TameTable | Work::AllButTable | Work::SplitTable | Work::ThreeHeapTable => {
                "table entries"
            }
            Work::MovesExamined => "moves examined",
            Work::ValuesCounted => "values counted",
            Work::HeapsWalked => "heap sizes walked",
            Work::MexTable => "mex table steps",
            Work::OutcomeNodes => "units of the outcome search (32 positions visited a unit)",
        }
    }

    /// Why the need of such work may not be known before it is done.
    pub fn why_need_unknown(self) -> &'static str {
        match self {
            Work::PositionsSearched => "a search learns which positions it reaches only by reaching them",
            Work::SubtractionTable | Work::TameTable | Work::AllButTable | Work::SplitTable | Work::ThreeHeapTable => {
                "how long a table must be is found only by computing it"
            }
            Work::MovesExamined => "the options are counted only by looking through them",
            Work::ValuesCounted | Work::HeapsWalked => "the end is found only by walking to it",
            Work::MexTable => {
                "the steps are counted heap size by heap size, and counting them all costs as much as the table"
            }
            Work::OutcomeNodes => {
                "the search is forecast from a probe of a sixteenth of the budget, and this one was too small to read a forecast"
            }
        }
    }

    /// Bytes of memory one unit takes at most (0 for work bounded by time alone), each derived
    /// from its table's layout where the table is built (checked there at compile time) and
    /// measured by tests/library/forecast.rs; [`Work::forecast_bytes`] adds a fixed part.
    pub const fn bytes_per_unit(self) -> u64 {
        match self {
            Work::PositionsSearched => 256,
            Work::SubtractionTable => 80,
            Work::TameTable => 352,
            Work::AllButTable => 40,
            Work::SplitTable => 4,
            Work::ThreeHeapTable => 16_512,
            Work::MexTable => 25,
            Work::MovesExamined | Work::ValuesCounted | Work::HeapsWalked | Work::OutcomeNodes => 0,
        }
    }

    /// The most bytes that `units` of this work hold at once: for tables a true upper bound
    /// ([`FIXED_BYTES`] and the units' bytes, tested by counting every allocation in
    /// tests/library/forecast.rs); for a search its memo entries (the search counts its states' bytes
    /// itself); 0 for work bounded by time alone.
    pub fn forecast_bytes(self, units: u64) -> u128 {
        let per_unit = u128::from(units) * u128::from(self.bytes_per_unit());
        match self {
            Work::PositionsSearched => per_unit,
            _ if per_unit == 0 => 0,
            _ => u128::from(FIXED_BYTES) + per_unit,
        }
    }

    /// The largest budget of this kind that the machine can hold ([`MEMORY_LIMIT`]), or that
    /// finishes within minutes for work bounded by time.
    ///
    /// ```
    /// use grundy::Work;
    /// assert_eq!(Work::PositionsSearched.max_budget(), 1 << 25);
    /// assert_eq!(Work::SplitTable.max_budget(), 1 << 31);
    /// ```
    pub fn max_budget(self) -> u64 {
        match self {
            // The largest budget `analyze` accepts (a larger one could not be followed).
            Work::MovesExamined | Work::OutcomeNodes => crate::MAX_BUDGET,
            Work::ValuesCounted => 1 << 36,
            // At most the largest budget `analyze` accepts, which passes it on.
            Work::HeapsWalked => 1 << 31,
            w => MEMORY_LIMIT / w.bytes_per_unit(),
        }
    }

    /// `budget`, or this kind's largest when it asks for more.
    pub fn clamp(self, budget: u64) -> u64 {
        budget.min(self.max_budget())
    }
}

/// The bytes one unit of a budget is forecast to take before the work is known: the costliest
/// [`Work::bytes_per_unit`] of the kinds [`Work::in_budget_forecast`] counts (a search's
/// positions, 256 bytes).
pub const fn budget_bytes_per_unit() -> u64 {
    let mut worst = 0;
    let mut i = 0;
    while i < Work::ALL.len() {
        let kind = Work::ALL[i];
        if kind.in_budget_forecast() && kind.bytes_per_unit() > worst {
            worst = kind.bytes_per_unit();
        }
        i += 1;
    }
    worst
}

/// The memory forecast of a budget of `budget` units, made before the work is known (the web
/// server's requests, `grundy batch`'s lines): [`budget_bytes_per_unit`] times the budget,
/// saturating. The fixed part of a computation is the caller's to add (the web server's base
/// memory holds the library's [`FIXED_BYTES`] and the process around it).
///
/// ```
/// use grundy::Work;
/// use grundy::frontend::budget_forecast;
/// assert_eq!(budget_forecast(2_000_000), 2_000_000 * Work::PositionsSearched.bytes_per_unit());
/// assert_eq!(budget_forecast(u64::MAX), u64::MAX);
/// ```
pub const fn budget_forecast(budget: u64) -> u64 {
    budget.saturating_mul(budget_bytes_per_unit())
}

/// The largest budget whose [`budget_forecast`] fits in `bytes`: the inverse a front end uses
/// for the budget of a request that sends none.
///
/// ```
/// use grundy::frontend::{budget_forecast, largest_budget_within};
/// let b = largest_budget_within(64 << 20);
/// assert!(budget_forecast(b) <= 64 << 20 && budget_forecast(b + 1) > 64 << 20);
/// ```
pub const fn largest_budget_within(bytes: u64) -> u64 {
    match budget_bytes_per_unit() {
        0 => u64::MAX,
        per_unit => bytes / per_unit,
    }
}

/// Bytes in words: "3.0 GiB", "512 MiB", "40 KiB".
pub fn human_bytes(bytes: u128) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    match unit {
        0 => format!("{bytes} bytes"),
        _ => format!("{value:.1} {}", UNITS.get(unit).copied().unwrap_or("TiB")),
    }
}

/// A computation that can grow without bound ran past its budget.
///
/// `used` is the budget that ran out. `needed`, when known, is a budget that is certain to be
/// enough; otherwise the computation only knows it needs more than `used`. The message says
/// what the work needs, in the library's words; a front end adds how to ask for it (the
/// command line's `--budget`, the API's `budget` field) from [`GaveUp::suggested_budget`],
/// which is never past [`Work::max_budget`]: past it, the message says what the work would
/// take.
///
/// ```
/// use grundy::{GaveUp, Work};
/// let g = GaveUp { what: Work::PositionsSearched, used: 1000, needed: Some(5000) };
/// assert_eq!(g.suggested_budget(), Some(5000));
/// assert_eq!(g.to_string(), "the budget of 1000 positions searched is not enough; it needs at most 5000 (about 1.2 MiB)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
// The same words whether the work ran out of its budget or was refused before it started,
// knowing it could not fit (a search whose reachable positions are counted first).
#[error("the budget of {used} {units} is not enough; {need}", units = self.what.units(), need = self.need())]
pub struct GaveUp {
    /// What was being computed.
    pub what: Work,
    /// The budget that ran out.
    pub used: u64,
    /// A budget known to be enough, when one is known.
    pub needed: Option<u64>,
}

impl GaveUp {
    /// The budget worth asking for next: [`GaveUp::needed`] when it is known (a budget certain
    /// to be enough) and allowed; `None` when the need is not known (no guess is advised: a
    /// guess that fails would lead to another), or is past the largest budget allowed.
    pub fn suggested_budget(&self) -> Option<u64> {
        let max = self.what.max_budget();
        self.needed.filter(|&n| n > self.used && n <= max)
    }

    /// Whether [`GaveUp::suggested_budget`] is known to be enough: always, when there is one.
    pub fn suggestion_is_enough(&self) -> bool {
        self.suggested_budget().is_some()
    }

    /// " (about 1.2 MiB)" for `n` units of work that take memory, else nothing.
    fn memory(&self, n: u64) -> String {
        match self.what.forecast_bytes(n) {
            0 => String::new(),
            bytes => format!(" (about {})", human_bytes(bytes)),
        }
    }

    /// What the work needs, in words.
    fn need(&self) -> String {
        let (units, max) = (self.what.units(), self.what.max_budget());
        // A "needed" no larger than what was used says nothing more than "more".
        match (self.needed.filter(|&n| n > self.used), self.suggested_budget()) {
            (Some(n), Some(_)) => format!("it needs at most {n}{}", self.memory(n)),
            (Some(n), None) => {
                format!(
                    "it needs {n} {units}{}, past the {max} this program allows for one computation",
                    self.memory(n)
                )
            }
            (None, _) if self.used < max => format!(
                "it needs more, and how much more is not known before the work is done ({}); the most this program allows is {max}",
                self.what.why_need_unknown()
            ),
            (None, _) => {
                format!("it needs more than {max} {units}, the most this program allows for one computation")
            }
        }
    }
}

/// Why an analysis could not be completed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalyzeError {
    /// An exact search ran past its budget.
    #[error(transparent)]
    GaveUp(#[from] GaveUp),
    /// The request cannot be answered exactly, with the reason.
    #[error("{0}")]
    Unsupported(String),
    /// The work was stopped from outside (a time limit, a cancelled request) before it finished.
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// Conway's value of a partizan game could not be found: a limit of the values' store (its
    /// work, its depth) or an exact number past what it holds.
    #[error("Conway's value: {0}")]
    Partizan(PartizanError),
}

impl From<PartizanError> for AnalyzeError {
    /// The store's refusal, save a stop from outside, which is the analysis's stop too (so that
    /// a front end answers Ctrl-C and deadlines in one way).
    fn from(e: PartizanError) -> Self {
        match e {
            PartizanError::Stopped(s) => AnalyzeError::Stopped(s),
            e => AnalyzeError::Partizan(e),
        }
    }
}

/// A move that cannot be played, or text that is not a move: the message says why, in one line.
/// Here, below every module, since the rules of a game (`rules/`) refuse moves as the player does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    message: String,
}

impl IllegalMove {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        IllegalMove { message: message.into() }
    }
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for IllegalMove {}

/// A game's rules word why a move is refused as a sentence: the sentence is the error.
impl From<String> for IllegalMove {
    fn from(message: String) -> Self {
        IllegalMove { message }
    }
}

impl From<&str> for IllegalMove {
    fn from(message: &str) -> Self {
        IllegalMove::new(message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_suggestion_is_a_budget_the_machine_cannot_hold() {
        for what in Work::ALL {
            let max = what.max_budget();
            for used in [1, 1000, max / 4, max / 2, max - 1, max] {
                for needed in [None, Some(used), Some(used + 1), Some(max), Some(max + 1), Some(u64::MAX)] {
                    let g = GaveUp { what, used, needed };
                    let text = g.to_string();
                    assert!(!text.contains("--"), "the library's words, not a flag: {text}");
                    match g.suggested_budget() {
                        Some(b) => {
                            assert!(b <= max, "{what:?} suggests {b} past {max}: {text}");
                            assert!(b > used, "{what:?} suggests {b}, no more than the {used} used: {text}");
                            assert!(text.contains(&b.to_string()), "the message names {b}: {text}");
                            assert_eq!(g.suggestion_is_enough(), needed.is_some_and(|n| n > used), "{text}");
                        }
                        None => {
                            assert!(text.contains("past the") || text.contains("the most"), "{text}");
                            // Never a guess: no budget is named unless it is known to be enough.
                            assert!(!text.contains("may be enough"), "{text}");
                            if needed.is_none() && used < max {
                                assert!(text.contains("not known"), "{text}");
                            }
                        }
                    }
                }
            }
        }
    }

    /// The position of each kind in [`Work::ALL`], by a match without a wildcard: a new kind
    /// does not build until it has an arm here (the next position), and then fails the test
    /// below until `ALL` lists it there.
    fn position(w: Work) -> usize {
        match w {
            Work::PositionsSearched => 0,
            Work::SubtractionTable => 1,
            Work::TameTable => 2,
            Work::AllButTable => 3,
            Work::SplitTable => 4,
            Work::ThreeHeapTable => 5,
            Work::MovesExamined => 6,
            Work::ValuesCounted => 7,
            Work::HeapsWalked => 8,
            Work::MexTable => 9,
            Work::OutcomeNodes => 10,
        }
    }

    #[test]
    fn all_lists_every_kind_once_in_order() {
        let positions: Vec<usize> = Work::ALL.iter().map(|&w| position(w)).collect();
        assert_eq!(positions, (0..Work::ALL.len()).collect::<Vec<_>>());
        // The last arm's position is the last of ALL: no kind has a position past it.
        assert_eq!(position(Work::OutcomeNodes) + 1, Work::ALL.len());
    }

    #[test]
    fn a_budget_is_forecast_at_the_costliest_kind_it_counts() {
        let counted: Vec<Work> = Work::ALL.into_iter().filter(|w| w.in_budget_forecast()).collect();
        assert!(counted.contains(&Work::PositionsSearched) && counted.contains(&Work::SplitTable), "{counted:?}");
        // Every kind that takes memory is counted, but the two the forecast leaves out (its doc
        // says why); kinds bounded by time take none.
        for w in Work::ALL {
            let left_out = matches!(w, Work::TameTable | Work::ThreeHeapTable);
            assert_eq!(w.in_budget_forecast(), w.bytes_per_unit() > 0 && !left_out, "{w:?}");
        }
        let worst = counted.iter().map(|w| w.bytes_per_unit()).max().unwrap();
        assert_eq!((budget_bytes_per_unit(), worst), (256, 256));
        assert_eq!(budget_forecast(0), 0);
        assert_eq!(budget_forecast(2_000_000), 512_000_000);
        assert_eq!(budget_forecast(u64::MAX), u64::MAX);
        assert_eq!(largest_budget_within(u64::MAX), u64::MAX / 256);
        for bytes in [0, 255, 256, 1 << 20, (1 << 30) - 33 * (1 << 20), u64::MAX - 1000] {
            let b = largest_budget_within(bytes);
            assert!(budget_forecast(b) <= bytes, "{bytes}");
            assert!(b == u64::MAX || budget_forecast(b + 1) > bytes, "{bytes}: {b} is the largest");
        }
        // What the two kinds left out would make of the web server's default budget (its cap
        // is 2,000,000): a 1 GiB request less its 32 MiB base fits 4,063,232 units at 256
        // bytes, 2,955,077 at 352, and 62,995 at 16,512.
        let room: u64 = (1 << 30) - (32 << 20);
        assert_eq!(largest_budget_within(room), 4_063_232);
        assert_eq!(
            (room / Work::TameTable.bytes_per_unit(), room / Work::ThreeHeapTable.bytes_per_unit()),
            (2_955_077, 62_995)
        );
    }

    #[test]
    fn the_largest_analyze_budget_is_the_largest_table() {
        assert_eq!(crate::MAX_BUDGET, Work::SplitTable.max_budget());
        assert!(Work::PositionsSearched.max_budget() * Work::PositionsSearched.bytes_per_unit() <= MEMORY_LIMIT);
        assert_eq!(human_bytes(3 << 30), "3.0 GiB");
        assert_eq!(human_bytes(512), "512 bytes");
    }
}

/// Why a computation on short partizan games ([`crate::values::partizan`]) gave no answer:
/// every refusal is a typed variant with a one-line message naming the bad part or what it
/// would take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PartizanError {
    /// A game's text could not be read; the message names the bad part.
    #[error("{0}")]
    Parse(String),
    /// An exact number does not fit: a numerator past 2^63 - 1, a denominator past 2^62, a
    /// multiple of ↑ or a nimber past 2^63 - 1. The message names it.
    #[error("too large to hold exactly: {0}")]
    Overflow(String),
    /// The work limit of one operation was reached (options visited and games created).
    #[error(
        "{operation} needs more than {limit} steps of work (options visited and games created); \
         raise the limit with GameStore::set_work_limit"
    )]
    TooMuchWork {
        /// What was being computed.
        operation: &'static str,
        /// The limit that was reached.
        limit: u64,
    },
    /// The store's memory bound was reached ([`crate::values::partizan::GameStore::set_memory_limit`]).
    #[error(
        "{operation} needs more than {limit} bytes of memory (the store's games and memos); \
         raise the bound with GameStore::set_memory_limit"
    )]
    TooMuchMemory {
        /// What was being computed.
        operation: &'static str,
        /// The bound that was reached, in bytes.
        limit: u64,
    },
    /// The work was stopped from outside (Ctrl-C, a deadline) through the installed
    /// [`crate::StopToken`].
    #[error("{0}")]
    Stopped(#[from] Stopped),
    /// The games are nested deeper than the recursion may go (their birthdays are too large).
    #[error("{operation} nests games deeper than {limit} levels (their birthdays are too large to follow)")]
    TooDeep {
        /// What was being computed.
        operation: &'static str,
        /// The depth reached.
        limit: u32,
    },
    /// An operation that the game does not admit: the atomic weight of a game that is not
    /// all-small, a Norton product by a unit that is not positive. The message says which.
    #[error("{0}")]
    Undefined(String),
    /// A value made by another `GameStore` was given to this one.
    #[error("this game value was made by another GameStore (a value belongs to the store that made it)")]
    ForeignValue,
    /// Listing every game born by a day past the last that can be listed.
    #[error("the games born by day {day} are too many to list (day {max} is the last listed; they number 1474)")]
    TooManyGames {
        /// The day asked for.
        day: u32,
        /// The last day listed.
        max: u32,
    },
}
