//! Misère quotients of take-and-break games (Plambeck and Siegel, "Misère quotients for
//! impartial games", 2008; Plambeck, "Taming the wild in impartial combinatorial games", 2005).
//!
//! Two sums of heaps are indistinguishable when adding any third sum of the same game gives
//! both the same misère outcome. The classes form a commutative monoid Q (the misère quotient);
//! each heap size n pretends to be an element Φ(n), a sum pretends to be the product of its
//! heaps' elements, and a sum is a P-position exactly when that product lies in the P-portion
//! P ⊆ Q. Q plays for misère play the part the nim-values play for normal play.
//!
//! The quotient of the heaps 0..=n is built heap by heap, as Siegel's MisereSolver does:
//!
//! 1. Heap n pretends to be an element x of the quotient of 0..=n-1 when the proof of
//!    `verify.rs` (the P- and N-conditions over every sum) holds with Φ(n) = x; at most one x
//!    can (the monoid is reduced), and only those whose products agree with heap n's options on
//!    P are tried.
//! 2. Otherwise heap n is a new generator: the quotient is looked for in the trial monoid
//!    Q × C(i, p), C(i, p) = {1, x, ..., x^(i+p-1)} with x^(i+p) = x^i, whose elements are
//!    marked P or not from the sums that reach them first (by the definition of P, their
//!    options coming earlier), then reduced to the coarsest congruence keeping P, and proven by
//!    `verify.rs`. Trial monoids of a few shapes are tried; if none is proven the computation
//!    stops there and says so (the quotient of the heaps before n stands).
//!
//! Nothing is claimed without the proof: every quotient returned is proven for the heaps it
//! covers, and for every heap size only when the periodicity theorem below applies.
//!
//! Periodicity (Plambeck and Siegel's periodicity theorem for misère quotients): the proof
//! reads a heap only through the pair (Φ(h), {Φ(O)}: O an option of h). If, as in the
//! Guy-Smith theorem for a game whose moves take at most t objects and leave at most two
//! heaps, Φ(n + p) = Φ(n) for n0 <= n < 2 max(n0, 1) + p + t, then for every heap h past the
//! computed ones, extending Φ periodically, the options of h map one to one onto those of
//! h - p with the same elements (the larger part of a split lies past the pre-period), so every
//! heap's pair is that of a heap already computed: the proof covers every sum of every size,
//! and Q is the quotient of the whole game. The window is the one
//! [`crate::SplitRules::proven_period`] checks, for two- and three-heap splits, and never for
//! Grundy's game.

mod cache;
mod lex;
mod monoid;
mod report;
mod run;
mod state;
mod table_svg;
mod verify;

use std::collections::{BTreeSet, BinaryHeap, HashMap};
use std::fmt;
use std::sync::Arc;

use monoid::{Bipartite, Word};
use verify::{Letter, Verdict};

use crate::error::{GaveUp, Work};
use crate::game::{Move, MoveFamily};
use crate::rules::take_break::SplitRules;
use crate::rules::Ruleset;
use crate::stop::{self, Stopped};
use crate::values::Period;

pub use cache::{QuotientCache, ANALYSIS_QUOTIENT_CACHE_BYTES, ANALYSIS_QUOTIENT_WORK};
pub use report::{GeneratorReport, GrowthReport, QuotientReport, RelationReport};
pub use state::{QuotientCheckpoint, QuotientState, StateError, UnfinishedHeap};
pub use table_svg::TABLE_SVG_MAX_ORDER;

/// The most heaps a quotient is computed for (each heap's letter is kept: a few hundred bytes).
pub const MAX_QUOTIENT_UPTO: u64 = 100_000;
/// The heaps computed when no `upto` is given: as many as time and memory allow (the
/// computation stops earlier once a period is proven).
pub const DEFAULT_QUOTIENT_UPTO: u64 = MAX_QUOTIENT_UPTO;
/// The most elements a quotient may have (its table holds the square of this many numbers;
/// the memory bound, [`QuotientBuilder::max_memory`], is met first).
pub const MAX_QUOTIENT_ORDER: usize = 1 << 15;
/// The elements allowed when no other number is given: no bound but the memory's.
pub const DEFAULT_QUOTIENT_ORDER: usize = MAX_QUOTIENT_ORDER;
/// The work allowed when no other bound is given ([`QuotientBuilder::max_work`]): none (a
/// computation is bounded by its heaps, memory, time limit and stop token). A unit is a few
/// nanoseconds: Kayles' quotient, proven at heap 167, takes 73 million units, 0.44's (proven at
/// heap 335) 145 million, Dawson's Kayles' to heap 33 (638 elements) about 6 billion.
pub const DEFAULT_QUOTIENT_WORK: u64 = u64::MAX;
/// The most work a front end's `--work` names (any larger number means no bound).
pub const MAX_QUOTIENT_WORK: u64 = u64::MAX;
/// The memory a quotient's computation may use when no other bound is given: its table, the
/// trial monoids' tables and the proof's pairs (512 MiB).
pub const DEFAULT_QUOTIENT_MEMORY: u64 = 512 << 20;
/// Bytes a trial monoid holds per element while it is marked and reduced (distances, parents,
/// marks, the reduction's index, classes and reached list) besides its table of products by
/// the letters.
const TRIAL_BYTES_PER_ELEMENT: u64 = 8 + 8 + 1 + 1 + 4 + 4 + 4 + 4;
/// The trial monoids' new cyclic parts C(i, p) tried when a heap adds a generator.
const TRIAL_SHAPES: [(u32, u32); 3] = [(2, 2), (1, 2), (3, 2)];
/// The most heaps freed one after another from failing sums, for one shape.
const MAX_RECALIBRATIONS: usize = 12;
/// The most failing sums a refinement follows for one heap.
const MAX_REFINEMENTS: usize = 1024;
/// The least failing sum is looked for with at most this many times the proof's work...
const LEAST_FAILURE_WORK: u64 = 4;
/// ... or this many units, whichever is more.
const LEAST_FAILURE_FLOOR: u64 = 10_000_000;
/// The most options a failing sum is followed down to find one whose options are right.
const MAX_DESCENT: usize = 64;
/// The most entries of a trial monoid's table of products of its freed parts (4 MiB); past it
/// each product is worked out digit by digit.
const PART_TABLE: u64 = 1 << 20;
/// The most elements a trial monoid may have (its numbers are 32-bit; memory bounds it first).
const MAX_TRIAL: usize = 1 << 30;

/// Why the computation of a quotient stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuotientStop {
    /// The pretending function is periodic and the periodicity theorem proves it for every
    /// heap size: the quotient is the whole game's.
    Proven,
    /// The heaps asked for were all computed, and no period is proven yet.
    Upto(u64),
    /// The work done passed the bound given while the heap after this one was added.
    Work {
        /// The last heap computed.
        heap: u64,
        /// The bound, in units of work ([`QuotientBuilder::max_work`]).
        limit: u64,
        /// The work the next heap had taken when it stopped: it needs more than this.
        spent: u64,
    },
    /// The time limit ([`QuotientBuilder::time_limit`]) ran out while the heap after this one
    /// was added.
    Time {
        /// The last heap computed.
        heap: u64,
        /// The time limit.
        limit: std::time::Duration,
        /// The work the next heap had taken when it stopped: it needs more than this.
        spent: u64,
    },
    /// The stop token installed by the caller fired (Ctrl-C) while the heap after this one was
    /// added, and the builder was asked to keep the heaps proven by then
    /// ([`QuotientBuilder::keep_on_cancel`]).
    Cancelled {
        /// The last heap computed.
        heap: u64,
        /// The work the next heap had taken when it stopped: it needs more than this.
        spent: u64,
    },
    /// At this heap the computation needed more memory than it may use.
    Memory {
        /// The heap that did not fit.
        heap: u64,
        /// The bytes the largest step that did not fit would have needed.
        needed: u64,
        /// The bound, in bytes ([`QuotientBuilder::max_memory`]).
        limit: u64,
    },
    /// At this heap none of the trial monoids tried gave a proven quotient within the most
    /// elements allowed.
    NotFound {
        /// The heap whose quotient was not found.
        heap: u64,
        /// The most elements allowed.
        limit: usize,
    },
}

impl fmt::Display for QuotientStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuotientStop::Proven => f.write_str("the pretending function's period is proven by the periodicity theorem"),
            QuotientStop::Upto(n) => write!(f, "every heap up to {n} was computed, and no period is proven by then"),
            QuotientStop::Work { heap, limit, spent } => write!(
                f,
                "while heap {} was added the work done passed the bound of {limit} units this computation was given (heap {} had taken {spent} units and needs more)",
                heap + 1,
                heap + 1
            ),
            QuotientStop::Time { heap, limit, spent } => write!(
                f,
                "the time limit of {} s ran out while heap {} was added (it had taken {spent} units of work and needs more)",
                limit.as_secs_f64(),
                heap + 1
            ),
            QuotientStop::Cancelled { heap, spent } => write!(
                f,
                "it was stopped while heap {} was added (it had taken {spent} units of work and needs more)",
                heap + 1
            ),
            QuotientStop::Memory { heap, needed, limit } => write!(
                f,
                "at heap {heap} the computation needed {} MiB, more than the {} MiB it may use",
                needed.div_ceil(1 << 20),
                limit / (1 << 20)
            ),
            QuotientStop::NotFound { heap, limit } => write!(
                f,
                "at heap {heap} none of the trial monoids tried (the quotient so far times cyclic monoids) gave a proven quotient of at most {limit} elements"
            ),
        }
    }
}

impl QuotientStop {
    /// The kind of stop, one word for programs: `proven`, `upto`, `work`, `time`, `cancelled`,
    /// `memory` or `not_found`.
    pub fn kind(&self) -> &'static str {
        match self {
            QuotientStop::Proven => "proven",
            QuotientStop::Upto(_) => "upto",
            QuotientStop::Work { .. } => "work",
            QuotientStop::Time { .. } => "time",
            QuotientStop::Cancelled { .. } => "cancelled",
            QuotientStop::Memory { .. } => "memory",
            QuotientStop::NotFound { .. } => "not_found",
        }
    }
}

/// Why a resumed run cannot go on past its state's last heap ([`QuotientBuilder::cannot_go_on`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TooShort {
    /// The time limit is no longer than the CPU time a run spent on the heap without finishing
    /// it.
    Time {
        /// The heap (the one after the state's last).
        heap: u64,
        /// The most CPU time a run spent on it, in milliseconds: it needs more.
        cpu_ms: u64,
    },
    /// The work bound is less than the work the state holds and a run spent on the heap.
    Work {
        /// The heap (the one after the state's last).
        heap: u64,
        /// The work the state holds and a run spent on the heap: the bound must pass it.
        needs: u64,
    },
}

/// Why no quotient was computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// The ruleset is not a take-and-break game.
    #[error("{0} is not a take-and-break game: misère quotients are computed for octal and hexadecimal codes and the named take-and-break games")]
    NotTakeAndBreak(String),
    /// The work was stopped from outside.
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// A saved state to resume from ([`QuotientBuilder::resume`]) is not one to go on from.
    #[error("{0}")]
    BadState(String),
}

/// Why [`MisereQuotient::check_minimal`] finds a quotient not the least monoid for its heaps:
/// the elements at fault, each written as its normal form in the generators (`a`, `ab^2`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotMinimalError {
    /// An element that no product of the heaps' elements reaches.
    #[error("{element} is no product of heaps' elements")]
    NotGenerated {
        /// The element.
        element: String,
    },
    /// Two distinct elements that no third tells apart.
    #[error("{x} and {y} have the same products in P")]
    Indistinct {
        /// The first element.
        x: String,
        /// The second.
        y: String,
    },
}

/// A generator of the quotient: its name and the first heap that pretends to be it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generator {
    /// Its name: a, b, c, ...
    pub name: String,
    /// The first heap size whose element it is.
    pub heap: u64,
}

/// The misère quotient of the heaps 0..=n of a take-and-break game, proven for every sum of
/// those heaps, and for every heap size when `period` is given.
///
/// ```
/// use grundy::{QuotientBuilder, Ruleset};
/// let q = QuotientBuilder::new(&"octal:0.75".parse::<Ruleset>().unwrap()).build().unwrap();
/// assert!(q.proven() && !q.tame());
/// assert_eq!((q.order(), q.p_portion().len()), (8, 2));
/// // A sum is lost for the player to move exactly when its product is in P.
/// let n = 1_000_000_000_000;
/// let x = q.element(n).unwrap();
/// assert_eq!(q.element(n + q.period().unwrap().period), Some(x));
/// // A heap alone: lost for the player to move exactly when its element is in P.
/// assert!(!q.is_p(q.element(0).unwrap())); // the empty position is won (no move to make)
/// ```
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    ruleset: Ruleset,
    rules: SplitRules,
    monoid: Bipartite,
    gens: Vec<u32>,
    generators: Vec<Generator>,
    words: Vec<Word>,
    pretending: Vec<u32>,
    period: Option<Period>,
    stop: QuotientStop,
    growth: Vec<(u64, usize)>,
    states: u64,
    trials: u64,
    work_limit: u64,
}

/// Where a computation stands, for a progress display: called after each heap is added and
/// after each trial monoid tried.
pub type QuotientProgress = Arc<dyn Fn(&QuotientHeap) + Send + Sync>;

/// Where a quotient's computation stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuotientHeap {
    /// The last heap computed.
    pub heap: u64,
    /// The quotient's order then.
    pub order: usize,
    /// The trial monoids tried so far (each a candidate quotient with a new generator).
    pub trials: u64,
    /// The work done so far, in the units [`QuotientBuilder::max_work`] bounds.
    pub work: u64,
}

/// Which failing sum a refinement puts right when a heap adds a generator (each is a sum whose
/// options all come out right, so its outcome is the one they give).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Refinement {
    /// The least failing sum in the order of words over the heaps (more of the largest heap
    /// where two differ is larger), as Siegel's MisereSolver chooses; where finding it takes
    /// more than a few times the proof's work, the sum the proof found, followed down.
    #[default]
    LexLeastFirst,
    /// The sum where the proof failed, followed down its failing options until they all come
    /// out right.
    Descent,
}

/// Computes a [`MisereQuotient`] within bounds: the heaps (`upto`), the elements
/// (`max_order`), the work (`max_work`, [`DEFAULT_QUOTIENT_WORK`] unless told), and the
/// installed stop token for time.
#[derive(Clone)]
pub struct QuotientBuilder {
    ruleset: Ruleset,
    upto: Option<u64>,
    max_order: usize,
    max_work: u64,
    max_memory: u64,
    time_limit: Option<std::time::Duration>,
    keep_on_cancel: bool,
    refinement: Refinement,
    progress: Option<QuotientProgress>,
    resume: Option<QuotientState>,
    checkpoint: Option<QuotientCheckpoint>,
}

impl fmt::Debug for QuotientBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("QuotientBuilder")
            .field("ruleset", &self.ruleset)
            .field("upto", &self.upto)
            .field("max_order", &self.max_order)
            .field("max_work", &self.max_work)
            .field("max_memory", &self.max_memory)
            .field("time_limit", &self.time_limit)
            .field("keep_on_cancel", &self.keep_on_cancel)
            .field("refinement", &self.refinement)
            .field("progress", &self.progress.is_some())
            .field("resume", &self.resume.as_ref().map(QuotientState::heap))
            .field("checkpoint", &self.checkpoint.is_some())
            .finish()
    }
}

impl QuotientBuilder {
    /// A builder for `ruleset` (a take-and-break game), with the default bounds.
    pub fn new(ruleset: &Ruleset) -> Self {
        QuotientBuilder {
            ruleset: ruleset.clone(),
            upto: None,
            max_order: DEFAULT_QUOTIENT_ORDER,
            max_work: DEFAULT_QUOTIENT_WORK,
            max_memory: DEFAULT_QUOTIENT_MEMORY,
            time_limit: None,
            keep_on_cancel: false,
            refinement: Refinement::default(),
            progress: None,
            resume: None,
            checkpoint: None,
        }
    }

    /// Computes the heaps up to `n` (at most [`MAX_QUOTIENT_UPTO`]), or fewer when a period
    /// is proven sooner.
    pub fn upto(mut self, n: u64) -> Self {
        self.upto = Some(n.min(MAX_QUOTIENT_UPTO));
        self
    }

    /// Stops when the quotient would pass `n` elements (at most [`MAX_QUOTIENT_ORDER`]).
    pub fn max_order(mut self, n: usize) -> Self {
        self.max_order = n.clamp(2, MAX_QUOTIENT_ORDER);
        self
    }

    /// Stops once the work done passes `units` ([`DEFAULT_QUOTIENT_WORK`] unless told;
    /// `u64::MAX` for no bound), keeping the quotient of the heaps before the one under way:
    /// a bound on time that does not depend on the machine. The work is counted as it is done,
    /// inside each heap (one heap cannot run past it): the products and sets of elements the
    /// proofs read (the P- and N-conditions), the elements the trial monoids mark and reduce,
    /// the options imaged, and the candidates tried for a heap. A unit is a few nanoseconds.
    pub fn max_work(mut self, units: u64) -> Self {
        self.max_work = units;
        self
    }

    /// Bounds the memory the computation uses: the quotient's table, each trial monoid's
    /// tables, and the proof's pairs, each forecast before it is made
    /// ([`DEFAULT_QUOTIENT_MEMORY`] unless told). A heap that would need more stops the
    /// computation with [`QuotientStop::Memory`], saying how much.
    pub fn max_memory(mut self, bytes: u64) -> Self {
        self.max_memory = bytes.max(1 << 20);
        self
    }

    /// Stops when `limit` has passed (wall time, from the start of [`QuotientBuilder::build`]),
    /// keeping the quotient of the heaps computed by then ([`QuotientStop::Time`]). A stop
    /// token installed by the caller still stops the computation with an error.
    pub fn time_limit(mut self, limit: std::time::Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// When the stop token installed by the caller is cancelled (a person's Ctrl-C), keep the
    /// quotient of the heaps computed by then ([`QuotientStop::Cancelled`]), as a time limit
    /// does, rather than stopping with [`QuotientError::Stopped`] (the default, for a server
    /// whose client went away). A deadline of the caller's token still stops with the error.
    pub fn keep_on_cancel(mut self, keep: bool) -> Self {
        self.keep_on_cancel = keep;
        self
    }

    /// Which failing sum refinements put right (the default: the least, as MisereSolver).
    pub fn refinement(mut self, refinement: Refinement) -> Self {
        self.refinement = refinement;
        self
    }

    /// Reports where the computation stands after each heap and each trial (for a progress
    /// display).
    pub fn progress(mut self, report: QuotientProgress) -> Self {
        self.progress = Some(report);
        self
    }

    /// Goes on from a state an earlier computation of the same game saved (through
    /// [`QuotientBuilder::checkpoint`]), rather than from heap 0. The state is checked first:
    /// the game must be this one, and its quotient is proven again for its heaps.
    pub fn resume(mut self, state: QuotientState) -> Self {
        self.resume = Some(state);
        self
    }

    /// Whether the run resumed ([`QuotientBuilder::resume`]) cannot go on past its state's last
    /// heap within the time or work given, known before the work: earlier runs were stopped
    /// inside the next heap after spending on it at least as much CPU time as the time limit,
    /// or more work than the bound leaves past the state's (under the same memory bound and
    /// most elements; a heap stopped part way is begun again, not kept). `None` when it may.
    pub fn cannot_go_on(&self) -> Option<TooShort> {
        let state = self.resume.as_ref()?;
        let u = state.unfinished?;
        let next = state.heap() + 1;
        if u.heap != next
            || self.upto.is_some_and(|n| n < next)
            || (u.max_memory, u.max_order) != (self.max_memory, self.max_order)
        {
            return None;
        }
        let needs = state.states.saturating_add(u.work);
        if self.max_work < needs {
            return Some(TooShort::Work { heap: next, needs });
        }
        match self.time_limit {
            Some(t) if t.as_millis() <= u128::from(u.cpu_ms) => Some(TooShort::Time { heap: next, cpu_ms: u.cpu_ms }),
            _ => None,
        }
    }

    /// Hands the state after each heap to `save`, so that a computation stopped (by a limit,
    /// Ctrl-C or a killed process) can [`QuotientBuilder::resume`] from the last one saved
    /// with the same results.
    pub fn checkpoint(mut self, save: QuotientCheckpoint) -> Self {
        self.checkpoint = Some(save);
        self
    }

    /// Computes the quotient.
    pub fn build(&self) -> Result<MisereQuotient, QuotientError> {
        let Some(rules) = self.ruleset.split_rules() else {
            return Err(QuotientError::NotTakeAndBreak(self.ruleset.to_string()));
        };
        match self.time_limit {
            None => self.compute(&rules, None),
            Some(limit) => {
                // The limit is a stop token of its own, inside the caller's (which still stops
                // the work with an error), so the library's loops that check the token stop
                // for it too.
                let timer = stop::StopToken::after_within_current(limit);
                timer.run(|| self.compute(&rules, Some((&timer, limit))))
            }
        }
    }
}

impl MisereQuotient {
    /// The ruleset whose quotient this is.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The bytes the quotient holds, about: its multiplication table and P-portion, its
    /// words and its pretending function.
    pub fn bytes(&self) -> usize {
        let order = self.order();
        let words: usize = self.words.iter().map(|w| std::mem::size_of::<Word>() + w.len() * 4).sum();
        order * order * 4 + order + words + self.pretending.len() * 4
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.monoid.size
    }

    /// The elements of the P-portion (the products of the sums the player to move loses).
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.monoid.size as u32).filter(|&x| self.monoid.is_p(x)).collect()
    }

    /// Whether `x` lies in the P-portion.
    pub fn is_p(&self, x: u32) -> bool {
        self.monoid.is_p(x)
    }

    /// Checks, from the whole table, that the quotient is the least monoid for its heaps:
    /// every element is a product of the heaps' elements, and every two distinct elements x, y
    /// are told apart by some z (exactly one of xz, yz in P). With the P- and N-conditions this
    /// makes its order that of the misère quotient, not just an upper bound. The error, a
    /// [`NotMinimalError`], names the element not reached, or the two elements nothing tells
    /// apart.
    pub fn check_minimal(&self) -> Result<(), NotMinimalError> {
        verify::minimal(&self.monoid, &self.pretending).map_err(|e| match e {
            verify::NotMinimal::NotGenerated(x) => NotMinimalError::NotGenerated { element: self.name(x) },
            verify::NotMinimal::Indistinct(x, y) => NotMinimalError::Indistinct { x: self.name(x), y: self.name(y) },
        })
    }

    /// The product of elements (1, element 0, for none).
    pub fn product(&self, xs: &[u32]) -> u32 {
        xs.iter().fold(0, |acc, &x| self.monoid.mul(acc, x))
    }

    /// The element a heap of size `n` pretends to be: from the table for the heaps computed,
    /// through the proven period past them; `None` past the computed heaps without a period.
    pub fn element(&self, n: u64) -> Option<u32> {
        if let Some(&x) = usize::try_from(n).ok().and_then(|i| self.pretending.get(i)) {
            return Some(x);
        }
        let p = self.period?;
        let k = p.preperiod + (n - p.preperiod) % p.period;
        self.pretending.get(usize::try_from(k).ok()?).copied()
    }

    /// The heap size whose element [`MisereQuotient::element`] reads for `n` (n itself within
    /// the table).
    pub fn representative(&self, n: u64) -> Option<u64> {
        if n < self.pretending.len() as u64 {
            return Some(n);
        }
        let p = self.period?;
        Some(p.preperiod + (n - p.preperiod) % p.period)
    }

    /// An element written as its normal form in the generators: `1`, `a`, `ab^2`, ...
    pub fn name(&self, x: u32) -> String {
        word_text(&self.words[x as usize], &self.generators)
    }

    /// The generators, in the order of the heaps that first pretend to be them.
    pub fn generators(&self) -> &[Generator] {
        &self.generators
    }

    /// The relations of a presentation, as `(left, right)` texts such as `("a^2", "1")`:
    /// with the generators they determine the monoid (each word rewrites to its normal form).
    pub fn relations(&self) -> Vec<(String, String)> {
        monoid::relations(&self.monoid, &self.gens, &self.words)
            .into_iter()
            .map(|(u, v)| (word_text(&u, &self.generators), word_text(&v, &self.generators)))
            .collect()
    }

    /// Φ(0), Φ(1), ... for the heaps computed.
    pub fn pretending(&self) -> &[u32] {
        &self.pretending
    }

    /// The largest heap computed.
    pub fn computed_upto(&self) -> u64 {
        self.pretending.len() as u64 - 1
    }

    /// The proven period of the pretending function, when the periodicity theorem applies.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Whether the quotient is proven for every heap size.
    pub fn proven(&self) -> bool {
        self.period.is_some()
    }

    /// Whether the whole game's quotient is finite: `Some(true)` when proven, `None` when not
    /// known (a quotient that has not stopped growing may still be finite).
    pub fn finite(&self) -> Option<bool> {
        self.proven().then_some(true)
    }

    /// Whether the quotient is that of misère Nim restricted to the heaps whose values occur
    /// (the game is tame, Plambeck and Siegel: Conway's genus theory plays it); the trivial
    /// quotient {1} of a game where no heap has a move is misère Nim's on heaps of 0, tame.
    pub fn tame(&self) -> bool {
        monoid::is_tame(&self.monoid)
    }

    /// Why the computation stopped.
    pub fn stop(&self) -> &QuotientStop {
        &self.stop
    }

    /// The heaps where the quotient grew, with its order after each.
    pub fn growth(&self) -> &[(u64, usize)] {
        &self.growth
    }

    /// The trial monoids tried (candidate quotients with a new generator).
    pub fn trials(&self) -> u64 {
        self.trials
    }

    /// The work done, in the units [`QuotientBuilder::max_work`] bounds.
    pub fn proof_states(&self) -> u64 {
        self.states
    }

    /// The bound on the work this computation was given ([`QuotientBuilder::max_work`]).
    pub fn work_limit(&self) -> u64 {
        self.work_limit
    }

    /// Whether a heap of size `n` is covered: computed, or reached through the period.
    pub fn covers(&self, n: u64) -> bool {
        self.element(n).is_some()
    }

    /// How many options [`MisereQuotient::option_families`] looks at for a heap of size `n`.
    pub fn options_examined(&self, n: u64) -> u64 {
        match self.period {
            Some(p) if self.rules.split3.is_empty() => {
                let per_take = p.preperiod.saturating_add(p.period).saturating_add(1);
                per_take
                    .saturating_mul(self.rules.split.len() as u64)
                    .saturating_add((self.rules.take.len() + self.rules.take_all.len()) as u64)
            }
            _ => self.rules.option_count(n),
        }
    }

    /// Every option of a heap of size `n` whose element (the product of the heaps it leaves)
    /// satisfies `wanted`, as families of moves in heap 0, exact at every size the quotient
    /// covers. Past the pre-period the elements repeat with the period, so once both heaps of
    /// a split a + (m - a) lie past it (a at least the pre-period, a <= m - a), the split's
    /// element depends only on a modulo the period: each such class is one family, and only
    /// the splits with a in the pre-period are looked at one by one. Three-heap splits, and
    /// heaps of a quotient without a period, are walked option by option, within `budget`.
    pub fn option_families(
        &self,
        n: u64,
        wanted: &dyn Fn(u32) -> bool,
        budget: u64,
    ) -> Result<Vec<MoveFamily>, GaveUp> {
        let el = |h: u64| self.element(h);
        let both = |a: u64, b: u64| el(a).zip(el(b)).map(|(x, y)| self.monoid.mul(x, y));
        let rules = &self.rules;
        let walk = !rules.split3.is_empty() || self.period.is_none();
        if walk {
            let count = rules.option_count(n);
            if count > budget {
                let needed = (count < u64::MAX).then_some(count);
                return Err(GaveUp { what: Work::MovesExamined, used: budget, needed });
            }
            let mut out = vec![];
            rules.for_each_option(n, &mut |to| {
                let x = to.iter().filter(|&&h| h > 0).try_fold(0, |acc, &h| el(h).map(|y| self.monoid.mul(acc, y)));
                if x.is_some_and(wanted) {
                    out.push(MoveFamily::single(Move::new(0, to.to_vec())));
                }
            });
            return Ok(out);
        }
        let mut out = vec![];
        for &t in &rules.take_all {
            if n == t && t > 0 && wanted(0) {
                out.push(MoveFamily::single(Move::new(0, vec![0])));
            }
        }
        for &t in &rules.take {
            if n > t && t > 0 && el(n - t).is_some_and(wanted) {
                out.push(MoveFamily::single(Move::new(0, vec![n - t])));
            }
        }
        let Some(p) = self.period else { return Ok(out) };
        for &t in &rules.split {
            let Some(m) = n.checked_sub(t).filter(|&m| m >= 2) else { continue };
            // Periods are never proven for Grundy's game, so equal heaps are allowed here.
            let top = m / 2;
            let periodic_from = p.preperiod.max(1);
            for a in 1..=top.min(periodic_from - 1) {
                if both(a, m - a).is_some_and(wanted) {
                    out.push(MoveFamily::single(Move::new(0, vec![a, m - a])));
                }
            }
            if top < periodic_from {
                continue;
            }
            for offset in 0..p.period {
                let Some(a) = periodic_from.checked_add(offset).filter(|&a| a <= top) else { continue };
                if both(a, m - a).is_some_and(wanted) {
                    out.push(MoveFamily::new(0, vec![a, m - a], p.period, (top - a) / p.period + 1));
                }
            }
        }
        Ok(out)
    }
}

fn word_text(w: &[u32], gens: &[Generator]) -> String {
    let mut s = String::new();
    for (i, &e) in w.iter().enumerate() {
        if e == 0 {
            continue;
        }
        let name = &gens[i].name;
        if name.len() > 1 && !s.is_empty() {
            s.push('·');
        }
        s.push_str(name);
        if e > 1 {
            s.push_str(&format!("^{e}"));
        }
    }
    if s.is_empty() {
        "1".to_string()
    } else {
        s
    }
}
