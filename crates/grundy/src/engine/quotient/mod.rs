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

mod lex;
mod monoid;
mod report;
mod state;
mod table_svg;
mod verify;

use std::collections::{BTreeSet, BinaryHeap, HashMap};
use std::fmt;
use std::sync::{Arc, Mutex};

use monoid::{Bipartite, Word};
use verify::{Letter, Verdict};

use crate::error::{GaveUp, Work};
use crate::game::{Move, MoveFamily};
use crate::rules::take_break::SplitRules;
use crate::rules::Ruleset;
use crate::stop::{self, Stopped};
use crate::values::Period;

pub use report::{GeneratorReport, GrowthReport, QuotientReport, RelationReport};
pub use state::{QuotientCheckpoint, QuotientState, StateError};
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
    /// The kind of stop, one word for programs: `proven`, `upto`, `work`, `time`, `memory` or
    /// `not_found`.
    pub fn kind(&self) -> &'static str {
        match self {
            QuotientStop::Proven => "proven",
            QuotientStop::Upto(_) => "upto",
            QuotientStop::Work { .. } => "work",
            QuotientStop::Time { .. } => "time",
            QuotientStop::Memory { .. } => "memory",
            QuotientStop::NotFound { .. } => "not_found",
        }
    }
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

    fn compute(
        &self,
        rules: &SplitRules,
        timer: Option<(&stop::StopToken, std::time::Duration)>,
    ) -> Result<MisereQuotient, QuotientError> {
        let upto = self.upto.unwrap_or(DEFAULT_QUOTIENT_UPTO);
        let mut run = Run::new(rules, self);
        if let Some(state) = &self.resume {
            run.restore(state, &self.ruleset)?;
        }
        let first = run.phi.len() as u64;
        let mut stop = QuotientStop::Upto(upto.max(first - 1));
        let mut period = rules.proven_period(&run.phi);
        let mut saved = std::time::Instant::now();
        if period.is_some() {
            stop = QuotientStop::Proven;
        }
        for n in first..=upto {
            if period.is_some() {
                break;
            }
            run.heap_start = run.states;
            run.heap_start_trials = run.trials;
            let stepped = match stop::check().and_then(|()| run.step(n)) {
                Ok(r) => r,
                Err(Stopped::TimeUp { .. }) if timer.is_some_and(|(t, _)| t.deadline_passed()) => {
                    run.unwind();
                    let limit = timer.map(|(_, l)| l).unwrap_or_default();
                    Err(QuotientStop::Time { heap: n - 1, limit, spent: run.states - run.heap_start })
                }
                Err(s) => {
                    run.unwind();
                    run.save(&self.ruleset, false);
                    return Err(s.into());
                }
            };
            if let Err(s) = stepped {
                stop = s;
                break;
            }
            run.report(n);
            if saved.elapsed() >= CHECKPOINT_EVERY {
                run.save(&self.ruleset, true);
                saved = std::time::Instant::now();
            }
            if let Some(p) = rules.proven_period(&run.phi) {
                period = Some(p);
                stop = QuotientStop::Proven;
            }
        }
        // A stop inside a heap saves the counts from before it, as a resumed run starts it again.
        run.save(&self.ruleset, matches!(stop, QuotientStop::Proven | QuotientStop::Upto(_)));
        Ok(run.finish(&self.ruleset, period, stop))
    }
}

/// How often a computation hands its state to a checkpoint (and once when it stops).
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// The computation under way.
struct Run<'a> {
    rules: &'a SplitRules,
    /// The quotient of the heaps so far (shared: trials and proofs borrow it while the run
    /// goes on, and a table of millions of numbers is never copied).
    q: Arc<Bipartite>,
    /// Φ(h) for the heaps computed.
    phi: Vec<u32>,
    /// For each heap, 0 when it has no move (it is the empty game), else a bound on how many
    /// options it has (the work of listing them).
    moves: Vec<u64>,
    /// Each heap's letter in the current quotient (`None` for a heap without a move), cached
    /// until the quotient changes.
    letters: Vec<Option<Letter>>,
    /// The distinct letters of the heaps so far in the current quotient, kept while it stands.
    alphabet: Option<Alphabet>,
    /// The N-condition's pairs for the alphabet, kept while the quotient stands.
    closure: Option<verify::Closure>,
    max_order: usize,
    max_work: u64,
    growth: Vec<(u64, usize)>,
    states: u64,
    /// The work counted when the heap under way was begun.
    heap_start: u64,
    /// The trials counted when the heap under way was begun.
    heap_start_trials: u64,
    /// The trial monoids tried.
    trials: u64,
    /// The memory the computation may use, in bytes.
    max_memory: u64,
    /// The most bytes a step that did not fit the memory would have needed, for the heap under
    /// way (a trial too large is passed over; if no trial is proven, the stop says so).
    short_of_memory: Option<u64>,
    progress: Option<QuotientProgress>,
    checkpoint: Option<QuotientCheckpoint>,
    refinement: Refinement,
}

impl<'a> Run<'a> {
    fn new(rules: &'a SplitRules, b: &QuotientBuilder) -> Self {
        Run {
            rules,
            q: Arc::new(Bipartite::trivial()),
            phi: vec![0],
            moves: vec![0],
            letters: vec![None],
            alphabet: None,
            closure: None,
            max_order: b.max_order,
            max_work: b.max_work,
            growth: vec![],
            states: 0,
            heap_start: 0,
            heap_start_trials: 0,
            trials: 0,
            max_memory: b.max_memory,
            short_of_memory: None,
            progress: b.progress.clone(),
            checkpoint: b.checkpoint.clone(),
            refinement: b.refinement,
        }
    }

    /// Starts from a saved state: checked to be this game's, and its quotient proven again
    /// for its heaps (the P- and N-conditions and minimality), the work of that proof not
    /// counted (so the run goes on as the one that saved it would have).
    fn restore(&mut self, state: &QuotientState, ruleset: &Ruleset) -> Result<(), QuotientError> {
        let bad = |why: String| QuotientError::BadState(why);
        if state.ruleset != *ruleset {
            return Err(bad(format!("the saved state is {}'s, not {ruleset}'s", state.ruleset)));
        }
        if state.heap() > MAX_QUOTIENT_UPTO {
            return Err(bad(format!("the saved state is past heap {MAX_QUOTIENT_UPTO}")));
        }
        self.q = Arc::clone(&state.monoid);
        self.phi = state.phi.clone();
        self.moves = (0..=state.heap()).map(|k| if k == 0 { 0 } else { move_bound(self.rules, k) }).collect();
        self.letters = vec![None; self.phi.len()];
        self.growth = state.growth.clone();
        self.trials = state.trials;
        let counted = self.states;
        let letters: Vec<Letter> = self.alphabet(self.phi.len()).letters.iter().cloned().collect();
        let mut proof_work = 0u64;
        let words = self.proof_words();
        let verdict = verify::verify(&self.q, &letters, words, &mut proof_work, u64::MAX)?;
        let minimal = verify::minimal(&self.q, &self.phi);
        self.states = state.states.max(counted);
        match (verdict, minimal) {
            (Verdict::Holds, Ok(())) => Ok(()),
            (Verdict::TooMany, _) => Err(bad("the saved quotient's proof needs more memory than allowed".to_string())),
            _ => Err(bad(format!("the saved quotient is not proven for heaps up to {}", state.heap()))),
        }
    }

    /// The state now, for a checkpoint: after the last heap done when `complete`, else with
    /// the counts from before the heap that was stopped (its work is done again on resuming).
    fn state(&self, ruleset: &Ruleset, complete: bool) -> QuotientState {
        QuotientState {
            ruleset: ruleset.clone(),
            monoid: Arc::clone(&self.q),
            phi: self.phi.clone(),
            growth: self.growth.clone(),
            states: if complete { self.states } else { self.heap_start },
            trials: if complete { self.trials } else { self.heap_start_trials },
        }
    }

    /// Hands the state to the checkpoint, if there is one.
    fn save(&self, ruleset: &Ruleset, complete: bool) {
        if let Some(save) = &self.checkpoint {
            save(&self.state(ruleset, complete));
        }
    }

    /// Reports where the computation stands, the last heap done being `heap`.
    fn report(&self, heap: u64) {
        if let Some(report) = &self.progress {
            report(&QuotientHeap { heap, order: self.q.size, trials: self.trials, work: self.states });
        }
    }

    /// Forgets a heap being added when the computation was stopped inside it.
    fn unwind(&mut self) {
        self.moves.truncate(self.phi.len());
        self.letters.truncate(self.phi.len());
    }

    /// The 8-byte words the proof's pairs may hold: the memory less the quotient's table.
    fn proof_words(&self) -> usize {
        let table = 4 * (self.q.size as u64).pow(2);
        usize::try_from(self.max_memory.saturating_sub(table) / 8).unwrap_or(usize::MAX)
    }

    /// Notes that a step needing `bytes` did not fit the memory.
    fn short_of(&mut self, bytes: u64) {
        // What did not fit needs more than the bound, whatever the forecast's rounding.
        let bytes = bytes.max(self.max_memory.saturating_add(1));
        self.short_of_memory = Some(self.short_of_memory.unwrap_or(0).max(bytes));
    }

    /// Counts `units` of work done; `true` once the work passes the bound (the caller stops
    /// there, keeping the quotient of the heaps before the one under way).
    fn spend(&mut self, units: u64) -> bool {
        self.states = self.states.saturating_add(units);
        self.states > self.max_work
    }

    /// The elements the options of heap `k` pretend to be, with `img` giving each heap's
    /// element and `mul` the product. The options are listed again each time, not kept: a
    /// heap of n has about n of them, and keeping every heap's would take memory growing as
    /// the square of the heaps computed.
    fn images(&self, k: usize, img: &dyn Fn(u64) -> u32, mul: &dyn Fn(u32, u32) -> u32) -> Vec<u32> {
        // Gathered as bits (a heap of n has about n options, many pretending alike), then listed.
        let mut bits: Vec<u64> = vec![];
        self.rules.for_each_option(k as u64, &mut |to| {
            let x = to.iter().filter(|&&h| h > 0).fold(0, |x, &h| mul(x, img(h))) as usize;
            if bits.len() <= x / 64 {
                bits.resize(x / 64 + 1, 0);
            }
            bits[x / 64] |= 1 << (x % 64);
        });
        let mut out: Vec<u32> = vec![];
        for (w, &word) in bits.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                out.push((w * 64) as u32 + b.trailing_zeros());
                b &= b - 1;
            }
        }
        out
    }

    /// The options of heap `k`, as the heaps they leave (empty heaps left out).
    fn options_of(&self, k: usize) -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = vec![];
        self.rules.for_each_option(k as u64, &mut |to| out.push(to.iter().copied().filter(|&h| h > 0).collect()));
        out
    }

    fn letter(&mut self, h: usize) -> Option<Letter> {
        if self.letters[h].is_none() && self.moves[h] > 0 {
            let q = &self.q;
            let phi = &self.phi;
            let options = self.images(h, &|k| phi[k as usize], &|x, y| q.mul(x, y));
            self.states = self.states.saturating_add(self.moves[h]);
            self.letters[h] = Some(Letter { element: self.phi[h], options });
        }
        self.letters[h].clone()
    }

    /// The distinct letters of the heaps before `heaps` (built once per quotient, then added
    /// to heap by heap).
    fn alphabet(&mut self, heaps: usize) -> &Alphabet {
        if self.alphabet.is_none() {
            let mut a = Alphabet::default();
            for h in 1..heaps {
                if let Some(l) = self.letter(h) {
                    a.insert(l);
                }
            }
            self.alphabet = Some(a);
        }
        self.alphabet.get_or_insert_with(Alphabet::default)
    }

    /// Adds heap `n`: `Ok(Err(why))` when the computation stops there.
    fn step(&mut self, n: u64) -> Result<Result<(), QuotientStop>, Stopped> {
        self.moves.push(move_bound(self.rules, n));
        self.letters.push(None);
        self.short_of_memory = None;
        let h = n as usize;
        let work_out = |run: &mut Self| Ok(Err(run.work_stop(n)));
        // Listing the options and their elements, and the period check after the heap.
        if self.spend(2 * self.moves[h] + n) {
            return work_out(self);
        }
        if self.moves[h] == 0 {
            // No move: the heap is the empty game, 1.
            self.phi.push(0);
            return Ok(Ok(()));
        }
        // 1. A heap pretending to be an element already there.
        let q = Arc::clone(&self.q);
        let tr = self.images(h, &|k| self.phi[k as usize], &|x, y| q.mul(x, y));
        let heap_is_p = !tr.iter().any(|&t| q.is_p(t));
        // A heap whose options' elements are those of a letter already proven, pretending to be
        // that letter's element, leaves the proof's alphabet as it was: the quotient of the heaps
        // before it is proven with it, and no other element can be (the quotient is unique).
        if let Some(x) = self.alphabet(h).element_with(&tr, &|x| q.is_p(x) == heap_is_p) {
            self.spend(tr.len() as u64);
            self.accept(h, Letter { element: x, options: tr });
            return Ok(Ok(()));
        }
        // Otherwise each x with the heap's outcome whose P-condition holds (no y with y x in P
        // has a y t in P, t an option's element: read from rows of bits, x's products in P
        // against the y's that some option's element takes into P) is tried by the N-condition
        // from the pairs the heaps before it reached.
        if self.closure.is_none() {
            let letters: Vec<Letter> = self.alphabet(h).letters.iter().cloned().collect();
            let mut closure = verify::Closure::new(&q);
            let words = self.proof_words();
            for l in &letters {
                match closure.add(&q, l, None, words, &mut self.states, self.max_work)? {
                    Verdict::Holds => {}
                    Verdict::TooMany => return Ok(Err(self.proof_memory_stop(n))),
                    Verdict::WorkOut => return work_out(self),
                    // The letters were proven together, so none fails here; were one to, no
                    // quotient is claimed for this heap.
                    Verdict::Fails(_) => {
                        return Ok(Err(self.abandon(QuotientStop::NotFound { heap: n, limit: self.max_order })))
                    }
                }
            }
            self.closure = Some(closure);
        }
        let words = q.size.div_ceil(64);
        if self.spend((q.size * words + tr.len() * words) as u64) {
            return work_out(self);
        }
        // The closure's rows of bits: for each x, the y with x y in P.
        let rows = self.closure.as_ref().map(verify::Closure::rows).unwrap_or_default();
        let mut into_p = vec![0u64; words];
        for &t in &tr {
            let row = &rows[t as usize * words..(t as usize + 1) * words];
            into_p.iter_mut().zip(row).for_each(|(a, b)| *a |= b);
        }
        let candidates: Vec<u32> = (0..q.size as u32)
            .filter(|&x| {
                let row = &rows[x as usize * words..(x as usize + 1) * words];
                q.is_p(x) == heap_is_p && row.iter().zip(&into_p).all(|(a, b)| a & b == 0)
            })
            .collect();
        // A candidate x with a letter (x, T) already in the alphabet, T among the heap's options'
        // elements: every pair the heap's letter reaches holds the pair (x, T) reaches in its
        // place, which the closure holds, so the N-condition holds as it is (the P-condition was
        // read from the rows above), and the closure needs nothing new.
        if let Some(x) = candidates.iter().copied().find(|&x| self.alphabet(h).has_letter_below(x, &tr)) {
            self.spend(tr.len() as u64);
            self.accept(h, Letter { element: x, options: tr });
            return Ok(Ok(()));
        }
        let words = self.proof_words();
        // The options' part of each minimal pair's successor is the same for every candidate:
        // made once (when there is more than one candidate and it fits beside the pairs).
        let part = match &self.closure {
            Some(closure) if candidates.len() > 1 && 2 * closure.pairs_words() <= words => {
                let mut states = 0;
                let part = closure.options_part(&q, &tr, &mut states);
                if self.spend(states) {
                    return work_out(self);
                }
                Some(part)
            }
            _ => None,
        };
        for x in candidates {
            let letter = Letter { element: x, options: tr.clone() };
            let Some(closure) = self.closure.as_mut() else { break };
            if let Some(part) = &part {
                // A candidate whose proof fails at the first step is ruled out from bits.
                self.states += (closure.pairs_words() + q.size) as u64;
                if closure.fails_at_once(&q, x, part) == Some(true) {
                    continue;
                }
            }
            match closure.add(&q, &letter, part.as_ref(), words, &mut self.states, self.max_work)? {
                Verdict::Holds => {
                    self.accept(h, letter);
                    return Ok(Ok(()));
                }
                Verdict::Fails(_) => {}
                Verdict::TooMany => return Ok(Err(self.proof_memory_stop(n))),
                Verdict::WorkOut => return Ok(Err(self.work_stop(n))),
            }
        }
        // 2. A new generator, found by refinement from Q × C(2, 2) (as MisereSolver does).
        if let Some(done) = self.refine(n)? {
            return Ok(done);
        }
        // 3. Otherwise, in trial monoids Q × C(i, p) × ...: heap n gets a cyclic part of
        // its own, and when a trial fails the heaps of the sum where it fails get theirs too
        // (freed from Q), until one is proven or the trials pass their bounds.
        for (i, p) in TRIAL_SHAPES {
            let freed = vec![Freed { heap: h, index: i, period: p }];
            if let Some(done) = self.search(n, freed, None)? {
                return Ok(done);
            }
        }
        // 4. Heap n can split elements of Q (sums the heaps before it did not tell apart, it
        // does): the trial replaces Q by a cover, the free product of cyclic parts
        // C(i, 2) for Q's generators, each heap pretending to be its normal form there, so
        // relations of Q (a^2 = 1, say) can fail once heap n is in the sums.
        // Cyclic parts C(2, 2) first, then the smaller C(1, 2) where the exponents allow, for
        // when the first pass too many elements.
        for least in [2, 1] {
            // The generators' closure and normal forms: products of every element by each.
            if self.spend((h + self.q.size * (1 + self.phi.len().min(self.q.size))) as u64) {
                return Ok(Err(self.work_stop(n)));
            }
            let (cover, gens) = self.cover(h, least);
            for (i, p) in TRIAL_SHAPES {
                let mut freed = gens.clone();
                freed.push(Freed { heap: h, index: i, period: p });
                if let Some(done) = self.search(n, freed, Some(&cover))? {
                    return Ok(done);
                }
            }
        }
        let why = match self.short_of_memory {
            // A trial that would have been tried did not fit: memory, not the trials, stopped it.
            Some(needed) => QuotientStop::Memory { heap: n, needed, limit: self.max_memory },
            None => QuotientStop::NotFound { heap: n, limit: self.max_order },
        };
        Ok(Err(self.abandon(why)))
    }

    /// Heap `h` pretends to be `letter`'s element of the quotient as it stands.
    fn accept(&mut self, h: usize, letter: Letter) {
        self.phi.push(letter.element);
        if let Some(a) = &mut self.alphabet {
            a.insert(letter.clone());
        }
        self.letters[h] = Some(letter);
    }

    /// Trials from `freed` on, freeing the heaps of each failing sum, until one is proven
    /// (`Some(Ok)`), the computation must stop (`Some(Err)`), or the trials pass their bounds
    /// (`None`).
    fn search(
        &mut self,
        n: u64,
        mut freed: Vec<Freed>,
        cover: Option<&[Word]>,
    ) -> Result<Option<Result<(), QuotientStop>>, Stopped> {
        let h = n as usize;
        for _ in 0..MAX_RECALIBRATIONS {
            let t = self.trial(&freed, cover)?;
            match t {
                Trial::Fails(sum) => {
                    let mut changed = false;
                    for (heap, count) in sum {
                        match freed.iter_mut().find(|f| f.heap == heap) {
                            Some(f) if f.heap != h && count > f.index => {
                                f.index = count;
                                changed = true;
                            }
                            Some(_) => {}
                            None => {
                                // In a cover the heap's word already has the old exponents.
                                let least = if cover.is_some() { 1 } else { 2 };
                                freed.push(Freed { heap, index: count.max(least), period: 2 });
                                changed = true;
                            }
                        }
                    }
                    if !changed {
                        return Ok(None);
                    }
                }
                t => return Ok(self.settle(n, t)),
            }
        }
        Ok(None)
    }

    /// Refinement as in Siegel's MisereSolver: the first trial is Q × C(2, 2) for heap n; while
    /// the proof fails at a sum, the next trial starts from the failed one (reduced), frees the
    /// fewest heaps of that sum (one, then two, ...: each gets a cyclic part of its own, index
    /// past its element's index there and its count in the sum, and no longer pretends to be
    /// its element) that make the sum come out as its options say, and is proven in turn. Each
    /// step is a trial like the others; what it returns is proven or nothing.
    fn refine(&mut self, n: u64) -> Result<Option<Result<(), QuotientStop>>, Stopped> {
        let h = n as usize;
        let base = Arc::clone(&self.q);
        let mut base_phi = self.phi.clone();
        base_phi.push(0);
        let mut cand = match self.candidate(&base, &base_phi, &[Freed { heap: h, index: 2, period: 2 }], None)? {
            Ok(c) => c,
            Err(t) => return Ok(self.settle(n, t)),
        };
        for _ in 0..MAX_REFINEMENTS {
            let before = self.states;
            let sum = match self.prove(&cand)? {
                Trial::Fails(sum) => sum,
                t => return Ok(self.settle(n, t)),
            };
            let proof_work = self.states - before;
            let least = match self.refinement {
                Refinement::LexLeastFirst => self.least_failure(&cand, proof_work)?,
                Refinement::Descent => None,
            };
            let sum = match least {
                Some(sum) => sum,
                None => {
                    let (sum, looked) = self.deepest_failure(&cand, sum);
                    if self.spend(looked) {
                        return Ok(self.settle(n, Trial::WorkOut));
                    }
                    sum
                }
            };
            if self.states > self.max_work {
                return Ok(self.settle(n, Trial::WorkOut));
            }
            let (_, should_be_p) = cand.element_and_outcome(&sum);
            let mut next = None;
            'sizes: for k in 1..=sum.len() {
                for heaps in subsets(&sum, k) {
                    let freed: Vec<Freed> = heaps
                        .iter()
                        .map(|&(heap, count)| {
                            let index = index_of(&cand.m, cand.phi[heap]).max(count.saturating_sub(1));
                            Freed { heap, index, period: 2.max(2 * (index.saturating_sub(4) / 2)) }
                        })
                        .collect();
                    match self.candidate(&cand.m, &cand.phi, &freed, None)? {
                        Ok(c) => {
                            let (x, _) = c.element_and_outcome(&sum);
                            if c.m.is_p(x) == should_be_p {
                                next = Some(c);
                                break 'sizes;
                            }
                        }
                        Err(Trial::WorkOut) => return Ok(self.settle(n, Trial::WorkOut)),
                        Err(_) => {}
                    }
                }
            }
            match next {
                Some(c) => cand = c,
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// The least sum where `cand`'s proof fails ([`lex`]), looked for with at most a few times
    /// `proof_work` (what its proof took); `None` when it takes more, or none is found.
    fn least_failure(&mut self, cand: &Candidate, proof_work: u64) -> Result<Option<Vec<(usize, u32)>>, Stopped> {
        let mut heap_letter: Vec<Option<&Letter>> = vec![None; cand.phi.len()];
        for (l, heaps) in &cand.reduced {
            for &k in heaps {
                if let Some(slot) = heap_letter.get_mut(k) {
                    *slot = Some(l);
                }
            }
        }
        let heaps: Vec<(usize, &Letter)> =
            heap_letter.iter().enumerate().filter_map(|(k, l)| l.map(|l| (k, l))).collect();
        let bound = self.states.saturating_add(LEAST_FAILURE_WORK.saturating_mul(proof_work).max(LEAST_FAILURE_FLOOR));
        let found =
            lex::lex_least_failure(&cand.m, &heaps, self.proof_words(), &mut self.states, bound.min(self.max_work))?;
        Ok(match found {
            lex::LexLeast::Fails(sum) => Some(sum),
            lex::LexLeast::Holds | lex::LexLeast::Out => None,
        })
    }

    /// A failing sum whose options all come out as their own options say, found by following
    /// failing options down from `sum` (a sum fails when its element's mark is not what its
    /// options' elements give): its options are then likely right, so the sum's outcome is the
    /// one they give, which the next trial must reproduce. Also returns the work done: the sums
    /// looked at, each for its products.
    fn deepest_failure(&self, cand: &Candidate, mut sum: Vec<(usize, u32)>) -> (Vec<(usize, u32)>, u64) {
        let looked = std::cell::Cell::new(0u64);
        let fails = |s: &[(usize, u32)]| {
            looked.set(looked.get() + 1 + (s.len() * s.len()) as u64);
            let (x, lost) = cand.element_and_outcome(s);
            cand.m.is_p(x) != lost
        };
        'down: for _ in 0..MAX_DESCENT {
            for (i, &(k, _)) in sum.iter().enumerate() {
                for o in &self.options_of(k) {
                    let mut next = sum.clone();
                    next[i].1 -= 1;
                    for &heap in o {
                        let heap = heap as usize;
                        match next.iter_mut().find(|(j, _)| *j == heap) {
                            Some((_, c)) => *c += 1,
                            None => next.push((heap, 1)),
                        }
                    }
                    // Heaps without a move are 1 and take no part (no letter, no cyclic part).
                    next.retain(|&(j, c)| c > 0 && self.moves[j] > 0);
                    if fails(&next) {
                        sum = next;
                        continue 'down;
                    }
                }
            }
            break;
        }
        (sum, looked.get())
    }

    /// What a trial's outcome other than a failing sum means for the search of heap n's
    /// quotient: proven (installed), stop the computation, or try no further (`None`).
    fn settle(&mut self, n: u64, t: Trial) -> Option<Result<(), QuotientStop>> {
        match t {
            Trial::Proven(q, phi) => {
                self.q = Arc::new(q);
                self.phi = phi;
                self.letters.iter_mut().for_each(|l| *l = None);
                self.alphabet = None;
                self.closure = None;
                self.growth.push((n, self.q.size));
                Some(Ok(()))
            }
            Trial::Fails(_) | Trial::TooLarge | Trial::TooManyParts | Trial::NotMinimal => None,
            Trial::TooMuchMemory => Some(Err(self.proof_memory_stop(n))),
            Trial::WorkOut => Some(Err(self.work_stop(n))),
        }
    }

    /// The cover of Q for heap `h`: Q's generators (the heaps' elements in heap order, each one
    /// not a product of those before it) as freed heaps with cyclic parts long enough for every
    /// exponent used (index at least `least`), and each heap below `h` as its normal form over
    /// them.
    fn cover(&self, h: usize, least: u32) -> (Vec<Word>, Vec<Freed>) {
        let q = &self.q;
        let heaps = generator_heaps(q, &self.phi[..h]);
        let gens: Vec<u32> = heaps.iter().map(|&k| self.phi[k]).collect();
        let (words, new) = monoid::normal_forms(q, &gens);
        let cover: Vec<Word> = (0..h).map(|k| words[new[self.phi[k] as usize] as usize].clone()).collect();
        let freed = heaps
            .iter()
            .enumerate()
            .map(|(j, &heap)| {
                let top = cover.iter().map(|w| w[j]).max().unwrap_or(1);
                Freed { heap, index: top.saturating_sub(1).max(least), period: 2 }
            })
            .collect();
        (cover, freed)
    }

    /// Forgets heap `n`, being added when the work passed its bound.
    fn work_stop(&mut self, n: u64) -> QuotientStop {
        let spent = self.states.saturating_sub(self.heap_start);
        self.abandon(QuotientStop::Work { heap: n - 1, limit: self.max_work, spent })
    }

    /// Forgets heap `n`, whose proof's pairs passed the memory allowed.
    fn proof_memory_stop(&mut self, n: u64) -> QuotientStop {
        let limit = self.max_memory;
        self.abandon(QuotientStop::Memory { heap: n, needed: limit + 1, limit })
    }

    /// Forgets the heap being added (the quotient stands for the heaps before it).
    fn abandon(&mut self, why: QuotientStop) -> QuotientStop {
        self.unwind();
        why
    }

    /// Looks for the quotient of heaps 0..=n (n the last heap listed) in Q × C(i1, p1) × ...,
    /// each freed heap pretending to be the generator of its own cyclic part and every other
    /// heap to (its element of Q, 1, ..., 1); with a `cover` (a word over the first freed heaps
    /// for each heap), in C(i1, p1) × ... alone, every other heap pretending to be its word.
    fn trial(&mut self, freed: &[Freed], cover: Option<&[Word]>) -> Result<Trial, Stopped> {
        // Q is shared with the trial and Φ lent to it, not copied (a trial runs many times a
        // heap, and Q's table holds millions of numbers).
        let base = if cover.is_some() { Arc::new(Bipartite::trivial()) } else { Arc::clone(&self.q) };
        let phi = std::mem::take(&mut self.phi);
        let candidate = self.candidate(&base, &phi, freed, cover);
        self.phi = phi;
        match candidate? {
            Ok(c) => self.prove(&c),
            Err(t) => Ok(t),
        }
    }

    /// The trial monoid `base` × C(i1, p1) × ... reduced, as in [`Run::trial`], with every heap
    /// not freed pretending to be its element `base_phi[k]` of `base` (its word over the freed
    /// heaps in a `cover`); `Err` when it passes a bound.
    fn candidate(
        &mut self,
        base: &Bipartite,
        base_phi: &[u32],
        freed: &[Freed],
        cover: Option<&[Word]>,
    ) -> Result<Result<Candidate, Trial>, Stopped> {
        let q = base;
        let h = self.moves.len() - 1;
        // Mixed radix: element = q * radix + sum of e_j * stride_j.
        let sizes: Vec<u32> = freed.iter().map(|f| f.index + f.period).collect();
        let mut strides: Vec<u32> = vec![];
        let mut radix: u64 = 1;
        for &c in &sizes {
            strides.push(radix as u32);
            radix *= u64::from(c);
            if radix > MAX_TRIAL as u64 {
                return Ok(Err(Trial::TooManyParts));
            }
        }
        let size = q.size as u64 * radix;
        if size > MAX_TRIAL as u64 {
            return Ok(Err(Trial::TooManyParts));
        }
        // The freed parts' products, digit by digit, are read from a table when it is small.
        let part_table = radix * radix <= PART_TABLE;
        // Its tables, besides the quotient's, must fit the memory (forecast before they are made).
        let held = size * TRIAL_BYTES_PER_ELEMENT
            + 4 * (q.size as u64).pow(2)
            + if part_table { 4 * radix * radix } else { 0 };
        if held > self.max_memory {
            self.short_of(held);
            return Ok(Err(Trial::TooManyParts));
        }
        self.trials += 1;
        let (size, radix) = (size as usize, radix as u32);
        let parts = |mut a: u32, mut b: u32| {
            let mut out = 0;
            for (j, f) in freed.iter().enumerate() {
                let c = sizes[j];
                let s = a % c + b % c;
                let e = if s >= c { f.index + (s - f.index) % f.period } else { s };
                out += e * strides[j];
                a /= c;
                b /= c;
            }
            out
        };
        let table: Vec<u32> = if part_table {
            if self.spend(u64::from(radix) * u64::from(radix) * freed.len() as u64) {
                return Ok(Err(Trial::WorkOut));
            }
            (0..radix * radix).map(|i| parts(i / radix, i % radix)).collect()
        } else {
            vec![]
        };
        let prod = |x: u32, y: u32| {
            let (a, b) = (x % radix, y % radix);
            let p = if part_table { table[(a * radix + b) as usize] } else { parts(a, b) };
            q.mul(x / radix, y / radix) * radix + p
        };
        let img = |k: u64| match (freed.iter().position(|f| f.heap as u64 == k), cover) {
            (Some(j), _) => strides[j],
            (None, Some(words)) => {
                words[k as usize].iter().enumerate().fold(0, |x, (j, &e)| (0..e).fold(x, |y, _| prod(y, strides[j])))
            }
            (None, None) => base_phi[k as usize] * radix,
        };
        // The trial letters with their weights (2h - 1 for the smallest heap: every move lowers
        // the sum of 2h - 1 over the heaps, so a sum's options weigh less than it) and heaps.
        let mut letters: Vec<(Letter, u64, Vec<usize>)> = vec![];
        for k in 1..=h {
            if self.moves[k] == 0 {
                continue;
            }
            // Each option's image is a product over the freed parts, and the letter is looked
            // for among those found.
            let units = self.moves[k] * (1 + freed.len() as u64) + letters.len() as u64;
            if self.spend(units) {
                return Ok(Err(Trial::WorkOut));
            }
            let l = Letter { element: img(k as u64), options: self.images(k, &img, &prod) };
            match letters.iter_mut().find(|(m, _, _)| *m == l) {
                Some((_, _, heaps)) => heaps.push(k),
                None => letters.push((l, 2 * k as u64 - 1, vec![k])),
            }
        }
        // Mark P from the lightest sum reaching each element (Dijkstra over the weights), in
        // tables of the trial's size.
        if self.spend(size as u64) {
            return Ok(Err(Trial::WorkOut));
        }
        let per_product = 1 + freed.len() as u64;
        let mut dist = vec![u64::MAX; size];
        let mut parent: Vec<(u32, u32)> = vec![(u32::MAX, u32::MAX); size];
        let mut done = vec![false; size];
        let mut is_p = vec![false; size];
        let mut heap = BinaryHeap::new();
        dist[0] = 0;
        heap.push(std::cmp::Reverse((0u64, 0u32)));
        let mut ticker = stop::Ticker::new(1 << 10);
        while let Some(std::cmp::Reverse((d, x))) = heap.pop() {
            if done[x as usize] {
                continue;
            }
            ticker.tick()?;
            // The element, its products by each letter (each product one step per freed part)
            // and the products of its sum's letters' options (counted with the sum below).
            if self.spend(1 + per_product * letters.len() as u64) {
                return Ok(Err(Trial::WorkOut));
            }
            done[x as usize] = true;
            // The sum: its letters, by the parents.
            let mut word: Vec<u32> = vec![];
            let mut y = x;
            while y != 0 {
                let (prev, l) = parent[y as usize];
                word.push(l);
                y = prev;
            }
            let options: usize = word.iter().map(|&l| letters[l as usize].0.options.len()).sum();
            self.states = self.states.saturating_add(per_product * (word.len() * word.len() + options) as u64);
            let mut any = false;
            let mut into_p = false;
            let mut seen: Vec<u32> = vec![];
            for (pos, &l) in word.iter().enumerate() {
                if seen.contains(&l) {
                    continue;
                }
                seen.push(l);
                let rest = word
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != pos)
                    .fold(0, |acc, (_, &m)| prod(acc, letters[m as usize].0.element));
                for &o in &letters[l as usize].0.options {
                    any = true;
                    into_p |= is_p[prod(rest, o) as usize];
                }
            }
            is_p[x as usize] = any && !into_p;
            for (j, (l, w, _)) in letters.iter().enumerate() {
                let y = prod(x, l.element);
                let nd = d + w;
                if nd < dist[y as usize] {
                    dist[y as usize] = nd;
                    parent[y as usize] = (x, j as u32);
                    heap.push(std::cmp::Reverse((nd, y)));
                }
            }
        }
        let gens: Vec<u32> = letters.iter().map(|(l, _, _)| l.element).collect();
        let spare = self.max_memory.saturating_sub(held);
        let reduced = monoid::reduce(
            size,
            &prod,
            &gens,
            &is_p,
            (size, self.max_order, spare),
            (per_product, &mut self.states, self.max_work),
        );
        let (m, class) = match reduced {
            Ok(r) => r,
            Err(monoid::NotReduced::TooLarge) => return Ok(Err(Trial::TooLarge)),
            Err(monoid::NotReduced::Memory(bytes)) => {
                // The reduction's tables come on top of the trial's.
                self.short_of(held + bytes);
                return Ok(Err(Trial::TooLarge));
            }
            Err(monoid::NotReduced::WorkOut) => return Ok(Err(Trial::WorkOut)),
        };
        if self.spend(0) {
            return Ok(Err(Trial::WorkOut));
        }
        // A heap without a move is the empty game, 1, whatever its image (freed or not).
        let phi: Vec<u32> = (0..=h as u64)
            .map(|k| if k == 0 || self.moves[k as usize] == 0 { 0 } else { class[img(k) as usize] })
            .collect();
        let mut reduced: Vec<(Letter, Vec<usize>)> = vec![];
        for (l, _, heaps) in &letters {
            let mut options: Vec<u32> = l.options.iter().map(|&t| class[t as usize]).collect();
            options.sort_unstable();
            options.dedup();
            let r = Letter { element: class[l.element as usize], options };
            match reduced.iter_mut().find(|(m, _)| *m == r) {
                Some((_, hs)) => hs.extend(heaps),
                None => reduced.push((r, heaps.clone())),
            }
        }
        Ok(Ok(Candidate { m, phi, reduced }))
    }

    /// The proof of a candidate: proven, or the heaps (each letter's smallest) of a sum where it
    /// fails, with their counts.
    fn prove(&mut self, c: &Candidate) -> Result<Trial, Stopped> {
        let (m, reduced) = (&c.m, &c.reduced);
        let h = self.moves.len() - 1;
        let plain: Vec<Letter> = reduced.iter().map(|(l, _)| l.clone()).collect();
        let verdict = verify::verify(m, &plain, self.proof_words(), &mut self.states, self.max_work)?;
        // The check of minimality reads the whole table, and a row of bits per element.
        if verdict == Verdict::Holds && self.spend((m.size * m.size + m.size * m.size.div_ceil(64)) as u64) {
            return Ok(Trial::WorkOut);
        }
        Ok(match verdict {
            // The reduction makes the monoid minimal; the check makes it part of the proof.
            Verdict::Holds if verify::minimal(m, &gens_of(&plain)).is_ok() => Trial::Proven(m.clone(), c.phi.clone()),
            Verdict::Holds => Trial::NotMinimal,
            Verdict::Fails(word) => {
                // The heaps of the failing sum (the smallest heap of each letter), with counts.
                let mut sum: Vec<(usize, u32)> = vec![];
                for li in word {
                    let heap = reduced[li].1.iter().copied().min().unwrap_or(h);
                    match sum.iter_mut().find(|(k, _)| *k == heap) {
                        Some((_, c)) => *c += 1,
                        None => sum.push((heap, 1)),
                    }
                }
                Trial::Fails(sum)
            }
            Verdict::TooMany => Trial::TooMuchMemory,
            Verdict::WorkOut => Trial::WorkOut,
        })
    }

    fn finish(self, ruleset: &Ruleset, period: Option<Period>, stop: QuotientStop) -> MisereQuotient {
        let q = Arc::try_unwrap(self.q).unwrap_or_else(|shared| (*shared).clone());
        // Generators: the heaps' elements in heap order, each one not already a product of
        // those before it.
        let heaps = generator_heaps(&q, &self.phi);
        let gens: Vec<u32> = heaps.iter().map(|&h| self.phi[h]).collect();
        let generators: Vec<Generator> =
            heaps.iter().enumerate().map(|(i, &h)| Generator { name: generator_name(i), heap: h as u64 }).collect();
        let (words, new) = monoid::normal_forms(&q, &gens);
        let monoid = q.renumbered(&new);
        let gens: Vec<u32> = gens.iter().map(|&g| new[g as usize]).collect();
        let pretending = self.phi.iter().map(|&x| new[x as usize]).collect();
        MisereQuotient {
            ruleset: ruleset.clone(),
            rules: self.rules.clone(),
            monoid,
            gens,
            generators,
            words,
            pretending,
            period,
            stop,
            growth: self.growth,
            states: self.states,
            trials: self.trials,
            work_limit: self.max_work,
        }
    }
}

/// The heaps whose elements generate Q, in heap order: each heap whose element (`phi[h]`) is not
/// already a product of the elements of the heaps before it (the empty product, element 0,
/// included).
fn generator_heaps(q: &Bipartite, phi: &[u32]) -> Vec<usize> {
    let mut gens: Vec<u32> = vec![];
    let mut heaps: Vec<usize> = vec![];
    let mut closure = vec![false; q.size];
    closure[0] = true;
    for (h, &x) in phi.iter().enumerate() {
        if closure[x as usize] {
            continue;
        }
        gens.push(x);
        heaps.push(h);
        // Close under the generators so far.
        let mut stack: Vec<u32> = (0..q.size as u32).filter(|&y| closure[y as usize]).collect();
        while let Some(y) = stack.pop() {
            for &g in &gens {
                let z = q.mul(y, g);
                if !closure[z as usize] {
                    closure[z as usize] = true;
                    stack.push(z);
                }
            }
        }
    }
    heaps
}

/// The distinct letters of a quotient's heaps, and for each set of options' elements the
/// elements of the letters with it.
#[derive(Default)]
struct Alphabet {
    letters: BTreeSet<Letter>,
    by_options: HashMap<Vec<u32>, Vec<u32>>,
}

impl Alphabet {
    fn insert(&mut self, l: Letter) {
        if !self.letters.contains(&l) {
            self.by_options.entry(l.options.clone()).or_default().push(l.element);
            self.letters.insert(l);
        }
    }

    /// Whether a letter of element `x` has options' elements all among `options` (sorted).
    fn has_letter_below(&self, x: u32, options: &[u32]) -> bool {
        let from = Letter { element: x, options: vec![] };
        self.letters
            .range(from..)
            .take_while(|l| l.element == x)
            .any(|l| l.options.iter().all(|t| options.binary_search(t).is_ok()))
    }

    /// An element of a letter with these options' elements that satisfies `ok`.
    fn element_with(&self, options: &[u32], ok: &dyn Fn(u32) -> bool) -> Option<u32> {
        self.by_options.get(options)?.iter().copied().find(|&x| ok(x))
    }
}

/// A heap given a cyclic part C(index, period) of its own in a trial monoid.
#[derive(Clone)]
struct Freed {
    heap: usize,
    index: u32,
    period: u32,
}

/// A trial monoid reduced, before its proof: the monoid, each heap's element, and the
/// distinct letters with the heaps that have each.
struct Candidate {
    m: Bipartite,
    phi: Vec<u32>,
    reduced: Vec<(Letter, Vec<usize>)>,
}

impl Candidate {
    /// The element of a sum (heaps with counts), and whether the sum is lost by its options'
    /// elements (it has a move and none of its options is in P).
    fn element_and_outcome(&self, sum: &[(usize, u32)]) -> (u32, bool) {
        let m = &self.m;
        let pow = |x: u32, e: u32| (0..e).fold(0, |y, _| m.mul(y, x));
        let x = sum.iter().fold(0, |acc, &(k, c)| m.mul(acc, pow(self.phi[k], c)));
        let mut any = false;
        let mut into_p = false;
        for (i, &(k, c)) in sum.iter().enumerate() {
            let rest = sum
                .iter()
                .enumerate()
                .fold(0, |acc, (j, &(k2, c2))| m.mul(acc, pow(self.phi[k2], if i == j { c - 1 } else { c2 })));
            if let Some((l, _)) = self.reduced.iter().find(|(_, hs)| hs.contains(&k)) {
                for &t in &l.options {
                    any = true;
                    into_p |= m.is_p(m.mul(rest, t));
                }
            }
        }
        (x, any && !into_p)
    }
}

/// 0 when a heap of `n` has no move, else a bound on its options (at least 1).
fn move_bound(rules: &SplitRules, n: u64) -> u64 {
    if rules.has_option(n) {
        rules.option_count(n).max(1)
    } else {
        0
    }
}

/// The index of x: the least i with x^i = x^(i+p) for some p > 0.
fn index_of(m: &Bipartite, x: u32) -> u32 {
    let mut seen: HashMap<u32, u32> = HashMap::new();
    let (mut y, mut i) = (0u32, 0u32);
    while let std::collections::hash_map::Entry::Vacant(e) = seen.entry(y) {
        e.insert(i);
        y = m.mul(y, x);
        i += 1;
    }
    seen[&y]
}

/// The subsets of `items` with `k` elements, in order.
fn subsets(items: &[(usize, u32)], k: usize) -> Vec<Vec<(usize, u32)>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = vec![];
    for i in 0..items.len() {
        for mut rest in subsets(&items[i + 1..], k - 1) {
            rest.insert(0, items[i]);
            out.push(rest);
        }
    }
    out
}

enum Trial {
    Proven(Bipartite, Vec<u32>),
    /// The heaps of the sum where the proof failed, with their counts.
    Fails(Vec<(usize, u32)>),
    /// The reduced trial passed the most elements allowed.
    TooLarge,
    /// The trial monoid itself would pass [`MAX_TRIAL`] elements.
    TooManyParts,
    /// The conditions held but the monoid was not the least one (never expected: the
    /// reduction makes it so).
    NotMinimal,
    TooMuchMemory,
    /// The work bound was passed.
    WorkOut,
}

/// The elements of the letters (the heaps' elements, heaps without a move left out: they are 1).
fn gens_of(letters: &[Letter]) -> Vec<u32> {
    letters.iter().map(|l| l.element).collect()
}

fn generator_name(i: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
    match LETTERS.get(i) {
        Some(&c) => (c as char).to_string(),
        None => format!("g{}", i + 1),
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

/// The work a quotient computed for an analysis may do (well under a second): Kayles'
/// quotient, proven at heap 167, takes a few million units of it; Dawson's Kayles' reaches
/// heap 30 (360 elements), past which its misère sums are searched.
pub const ANALYSIS_QUOTIENT_WORK: u64 = 78_000_000;

/// The bytes of quotients a [`QuotientCache`] keeps when no other bound is given (its
/// `Default`): their multiplication tables and pretending functions.
pub const ANALYSIS_QUOTIENT_CACHE_BYTES: usize = 256 << 20;

/// The misère quotients analyses have computed, kept for the next analysis of the same
/// ruleset, within a bound on their bytes given at construction (the oldest is dropped first),
/// so that a process that analyses many codes (a web worker, a Python session) does not grow
/// without bound.
///
/// The caller owns it, as regex-automata's caller owns a cache beside its engine: an
/// [`AnalyzeOptions`](crate::AnalyzeOptions) carries one, a fresh one by default (so one
/// analysis computes a quotient once and a library user need do nothing), and a front end
/// that analyses again and again (a play session, `grundy batch`, the web server, the Python
/// module) keeps one across calls. Cloning is cheap and shares the quotients kept: the clones
/// of one cache, in any threads, are the same cache.
///
/// ```
/// use grundy::{QuotientCache, Ruleset};
/// let cache = QuotientCache::new(1 << 20);
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// let q = cache.quotient(&kayles).unwrap().unwrap();
/// let again = cache.clone().quotient(&kayles).unwrap().unwrap();
/// assert!(std::sync::Arc::ptr_eq(&q, &again));
/// assert_eq!(cache.computed(), 1);
/// ```
#[derive(Clone)]
pub struct QuotientCache {
    kept: Arc<Mutex<Kept>>,
    max_bytes: usize,
}

/// The quotients kept, oldest first, with their bytes, and how many were computed.
#[derive(Default)]
struct Kept {
    quotients: std::collections::VecDeque<(Ruleset, Arc<MisereQuotient>, usize)>,
    bytes: usize,
    computed: u64,
}

impl Kept {
    fn get(&self, ruleset: &Ruleset) -> Option<Arc<MisereQuotient>> {
        self.quotients.iter().find(|(r, _, _)| r == ruleset).map(|(_, q, _)| Arc::clone(q))
    }

    /// Keeps `q`, dropping the oldest quotients while the bytes kept pass `limit`; a quotient
    /// larger than the limit on its own is not kept.
    fn keep(&mut self, ruleset: &Ruleset, q: &Arc<MisereQuotient>, limit: usize) {
        let bytes = q.bytes();
        if bytes > limit || self.get(ruleset).is_some() {
            return;
        }
        while self.bytes + bytes > limit {
            let Some((_, _, b)) = self.quotients.pop_front() else { break };
            self.bytes -= b;
        }
        self.quotients.push_back((ruleset.clone(), Arc::clone(q), bytes));
        self.bytes += bytes;
    }
}

impl Default for QuotientCache {
    /// A fresh cache of at most [`ANALYSIS_QUOTIENT_CACHE_BYTES`].
    fn default() -> Self {
        QuotientCache::new(ANALYSIS_QUOTIENT_CACHE_BYTES)
    }
}

impl fmt::Debug for QuotientCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("QuotientCache")
            .field("max_bytes", &self.max_bytes)
            .field("bytes", &self.bytes())
            .field("kept", &self.len())
            .finish()
    }
}

/// Two handles are equal when they share their quotients (clones of one cache).
impl PartialEq for QuotientCache {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.kept, &other.kept)
    }
}

impl Eq for QuotientCache {}

impl QuotientCache {
    /// An empty cache that keeps at most `max_bytes` of quotients ([`MisereQuotient::bytes`]).
    pub fn new(max_bytes: usize) -> Self {
        QuotientCache { kept: Arc::default(), max_bytes }
    }

    /// The bound given at construction, in bytes.
    pub fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    /// The bytes of the quotients kept now (at most [`QuotientCache::max_bytes`]).
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// How many quotients are kept now.
    pub fn len(&self) -> usize {
        self.lock().quotients.len()
    }

    /// Whether no quotient is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many quotients this cache (and its clones) computed, kept or not: a second analysis
    /// of a ruleset whose quotient is kept computes none.
    pub fn computed(&self) -> u64 {
        self.lock().computed
    }

    /// The quotient of `ruleset` kept now, if any.
    pub fn get(&self, ruleset: &Ruleset) -> Option<Arc<MisereQuotient>> {
        self.lock().get(ruleset)
    }

    /// The quotient of `ruleset` as an analysis uses it: the one kept, or one computed within
    /// [`ANALYSIS_QUOTIENT_WORK`] and the default bounds, then kept. `None` for a ruleset that
    /// is not take-and-break. The lock is not held while it is computed, so other threads
    /// sharing the cache are not held up.
    pub fn quotient(&self, ruleset: &Ruleset) -> Result<Option<Arc<MisereQuotient>>, Stopped> {
        if let Some(q) = self.get(ruleset) {
            return Ok(Some(q));
        }
        let q = match QuotientBuilder::new(ruleset).max_work(ANALYSIS_QUOTIENT_WORK).build() {
            Ok(q) => Arc::new(q),
            // No state is resumed here, so none is refused.
            Err(QuotientError::NotTakeAndBreak(_) | QuotientError::BadState(_)) => return Ok(None),
            Err(QuotientError::Stopped(s)) => return Err(s),
        };
        let mut kept = self.lock();
        kept.computed += 1;
        kept.keep(ruleset, &q, self.max_bytes);
        Ok(Some(q))
    }

    /// The lock, taken even if a thread panicked holding it: the quotients kept are whole
    /// (each is pushed or popped in one step), so they stay right to use.
    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn quotient(code: &str) -> Arc<MisereQuotient> {
        let r: Ruleset = code.parse().unwrap();
        Arc::new(QuotientBuilder::new(&r).upto(20).build().unwrap())
    }

    #[test]
    fn the_cache_keeps_at_most_its_bytes_dropping_the_oldest() {
        let codes = ["octal:0.75", "octal:0.77", "octal:0.71", "octal:0.53"];
        let qs: Vec<(Ruleset, Arc<MisereQuotient>)> = codes.iter().map(|c| (c.parse().unwrap(), quotient(c))).collect();
        let two = qs[0].1.bytes() + qs[1].1.bytes();
        assert!(qs.iter().all(|(_, q)| q.bytes() > 0));
        let mut cache = Kept::default();
        // Room for the first two together: the third drops the first.
        let limit = two.max(qs[1].1.bytes() + qs[2].1.bytes());
        for (r, q) in &qs[..3] {
            cache.keep(r, q, limit);
            assert!(cache.bytes <= limit);
        }
        assert!(cache.get(&qs[2].0).is_some());
        assert!(cache.get(&qs[0].0).is_none(), "the oldest is dropped first");
        // A quotient larger than the whole limit is not kept, and nothing else is dropped for it.
        let before = cache.quotients.len();
        cache.keep(&qs[3].0, &qs[3].1, 1);
        assert!(cache.get(&qs[3].0).is_none());
        let mut tiny = Kept::default();
        tiny.keep(&qs[3].0, &qs[3].1, 1);
        assert!(tiny.quotients.is_empty() && tiny.bytes == 0);
        assert_eq!(cache.quotients.len(), before);
    }
}
