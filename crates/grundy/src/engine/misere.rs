//! Single heaps under misère play (the player who makes the last move loses): who wins a heap
//! of each size, with a proven period, for the rulesets whose moves only take from one heap
//! (Nim, K-Nim and the Bash game, subtraction games, all-but games).
//!
//! Misère outcomes of single heaps do not add up like Sprague-Grundy values, so these answer
//! one heap (with every other heap empty); sums of several heaps go to Conway's genus theory
//! (`tame.rs`) where every heap is proven tame, and are searched otherwise.

use crate::engine::subtraction::{families_of_takes, interval_misere_families, interval_misere_wins};
use crate::engine::table::misere_subtraction_table;
use crate::engine::Method;
use crate::error::{AnalyzeError, GaveUp, Work};
use crate::game::{Move, MoveFamily};
use crate::rules::heap::MisereSource;
use crate::rules::{MoveSet, Ruleset};
use crate::values::{GrundyTable, Period};

/// Who wins a single heap of each size under misère play, for one ruleset.
///
/// ```
/// use grundy::Ruleset;
/// use grundy::frontend::MisereHeaps;
/// let bash = MisereHeaps::new(&"bash:3".parse::<Ruleset>().unwrap(), 1_000_000).unwrap().unwrap();
/// assert!(!bash.mover_wins(1_000_000_000_000_000_001)); // n = 1 (mod 4): lost
/// let sub = MisereHeaps::new(&"subtraction:1,3,4".parse::<Ruleset>().unwrap(), 1_000_000).unwrap().unwrap();
/// assert_eq!(sub.period().period, 7);
/// ```
#[derive(Clone, Debug)]
pub enum MisereHeaps {
    /// Nim: the player to move loses exactly a heap of 1 (Bouton's rule for one heap).
    Nim,
    /// Take 1..=K: the player to move loses exactly when n = 1 (mod K + 1).
    Bounded(u64),
    /// Take L..=R (a subtraction set that is one interval): the player to move loses exactly
    /// when n mod (L + R) lies in [L, 2L) ([`crate::interval_misere_wins`]).
    Interval(u64, u64),
    /// A subtraction game: the outcomes from a table whose period a repeated window proves.
    Table {
        /// The sizes a move may take.
        sizes: MoveSet,
        /// The outcomes: 1 when the player to move wins a heap of n, 0 when they lose.
        table: GrundyTable,
    },
    /// An all-but game: the lost heaps, few and all below a bound (see [`all_but_lost_heaps`]).
    AllBut {
        /// The sizes a move may not take.
        sizes: MoveSet,
        /// The heaps the player to move loses, in increasing order.
        lost: Vec<u64>,
    },
}

/// The heaps of the all-but game that excludes `sizes` which the player to move loses under
/// misère play, in increasing order, found within `budget` heap sizes.
///
/// Two lost heaps m < m' differ by an excluded size (else m' could move to m), so there are at
/// most |S| + 1 of them; and a heap n past the largest lost heap plus max(S) reaches every lost
/// heap by a legal move, so it is won: the list is complete once n passes that bound, and every
/// later heap is won (a period of 1 from there).
///
/// ```
/// use grundy::frontend::{all_but_lost_heaps, MoveSet};
/// // allbut:1 under misère play: heaps 0 and 1 have no move and are won; 2 may only go to 0
/// // and 3 only to 1 or 0, won heaps, so both are lost; 4 reaches 2 and is won, as every
/// // larger heap is.
/// let lost = all_but_lost_heaps(&MoveSet::new([1]).unwrap(), 1_000).unwrap();
/// assert_eq!(lost, vec![2, 3]);
/// ```
pub fn all_but_lost_heaps(sizes: &MoveSet, budget: u64) -> Result<Vec<u64>, GaveUp> {
    let mut lost: Vec<u64> = vec![];
    let mut n: u64 = 0;
    loop {
        // Some heap up to max(S) + 1 is lost (the first heap past max(S) may take all of itself,
        // to the won empty heap, and has no lost heap to reach), so the bound comes in time.
        if let Some(&last) = lost.last() {
            if u128::from(n) > u128::from(last) + u128::from(sizes.max()) {
                return Ok(lost);
            }
        }
        if n >= budget {
            // Each lost heap lies within max(S) + 1 of the one before (and the first within
            // max(S) + 1 of 0), and there are at most |S| + 1 of them: a bound on the sizes the
            // walk looks at, known before the lost heaps are.
            let step = u128::from(sizes.max()) + 1;
            let needed = u64::try_from((u128::from(sizes.count()) + 2) * step).ok();
            return Err(GaveUp { what: Work::HeapsWalked, used: budget, needed });
        }
        // A heap with no legal move (every size up to it excluded) is won by the player to move;
        // otherwise it is won exactly when some move reaches a lost heap.
        let excluded_up_to_n = sizes.count_upto(n);
        let has_move = excluded_up_to_n < n;
        let reaches_lost = lost.iter().any(|&m| !sizes.contains(n - m));
        if has_move && !reaches_lost {
            lost.push(n);
        }
        n += 1;
    }
}

/// `x` modulo K + 1, the cycle of K-Nim's outcomes; with K = 2^64 - 1 every heap is below
/// K + 1, so `x` itself.
fn bounded_residue(k: u64, x: u64) -> u64 {
    k.checked_add(1).map_or(x, |m| x % m)
}

impl MisereHeaps {
    /// The outcomes of `ruleset`'s single heaps, or `None` for a ruleset this does not cover
    /// (take-and-break games). A subtraction table computes at most `budget` sizes, and an
    /// all-but game looks at most at `budget` sizes for its lost heaps.
    pub fn new(ruleset: &Ruleset, budget: u64) -> Result<Option<Self>, AnalyzeError> {
        Ok(Some(match ruleset.misere_source() {
            MisereSource::Bouton => MisereHeaps::Nim,
            MisereSource::Cycle(k) => MisereHeaps::Bounded(k),
            MisereSource::Takes(set) => match set.interval() {
                Some((low, high)) => MisereHeaps::Interval(low, high),
                None => MisereHeaps::Table { sizes: set.clone(), table: misere_subtraction_table(set, budget)? },
            },
            MisereSource::AllBut(set) => {
                MisereHeaps::AllBut { sizes: set.clone(), lost: all_but_lost_heaps(set, budget)? }
            }
            _ => return Ok(None),
        }))
    }

    /// Whether the player to move wins a heap of `n` (all other heaps empty) under misère play.
    pub fn mover_wins(&self, n: u64) -> bool {
        match self {
            MisereHeaps::Nim => n != 1,
            MisereHeaps::Bounded(k) => bounded_residue(*k, n) != 1,
            MisereHeaps::Interval(low, high) => interval_misere_wins(*low, *high, n),
            // The table has a proven period, so every size has an entry.
            MisereHeaps::Table { table, .. } => table.get(n) != Some(0),
            MisereHeaps::AllBut { lost, .. } => lost.binary_search(&n).is_err(),
        }
    }

    /// The numbers a move from a heap of `n` may take that leave the opponent a lost heap:
    /// every winning move, at most one for Nim, K-Nim and the Bash game, at most |S| for a
    /// subtraction game (for a set with ranges, [`MisereHeaps::winning_families`] gives them
    /// without listing each).
    ///
    /// ```
    /// use grundy::Ruleset;
    /// use grundy::frontend::MisereHeaps;
    /// let bash = MisereHeaps::new(&"bash:3".parse::<Ruleset>().unwrap(), 1_000_000).unwrap().unwrap();
    /// assert_eq!(bash.winning_takes(1_000_000_000_000_000_000), vec![3]); // to 1 (mod 4)
    /// assert_eq!(bash.winning_takes(5), vec![]);
    /// ```
    pub fn winning_takes(&self, n: u64) -> Vec<u64> {
        let candidates: Vec<u64> = match self {
            // Leave the heap of 1; leaving nothing hands the opponent the win.
            MisereHeaps::Nim => vec![n.saturating_sub(1)],
            MisereHeaps::Bounded(k) => n.checked_sub(1).map(|m| bounded_residue(*k, m)).into_iter().collect(),
            MisereHeaps::Table { sizes, .. } => sizes.sizes_upto(n).collect(),
            MisereHeaps::Interval(low, high) => {
                return interval_misere_families(*low, *high, n)
                    .iter()
                    .flat_map(|f| f.members().filter_map(|m| m.to.first().map(|&left| n - left)))
                    .collect()
            }
            // Every lost heap below n whose difference is not excluded.
            MisereHeaps::AllBut { sizes, lost } => {
                lost.iter().filter(|&&m| m < n && !sizes.contains(n - m)).map(|&m| n - m).collect()
            }
        };
        candidates.into_iter().filter(|&t| t >= 1 && t <= n && !self.mover_wins(n - t)).collect()
    }

    /// The winning moves of a heap of `n` as families of moves in heap 0 (see
    /// [`MoveFamily::in_heap`]): the takes of a run `L..R` of a subtraction set that follow each
    /// other are one family, so that a range of 10^9 sizes is answered without listing them.
    pub fn winning_families(&self, n: u64) -> Vec<MoveFamily> {
        match self {
            MisereHeaps::Interval(low, high) => interval_misere_families(*low, *high, n),
            MisereHeaps::Table { sizes, .. } => {
                families_of_takes(sizes, n, sizes.sizes_upto(n).filter(|&t| !self.mover_wins(n - t)))
            }
            _ => self.winning_takes(n).into_iter().map(|t| MoveFamily::single(Move::new(0, vec![n - t]))).collect(),
        }
    }

    /// The proven period of the outcomes (saltus 0).
    pub fn period(&self) -> Period {
        match self {
            MisereHeaps::Nim => Period { preperiod: 2, period: 1, saltus: 0 },
            MisereHeaps::Bounded(k) => match k.checked_add(1) {
                Some(m) => Period { preperiod: 0, period: m, saltus: 0 },
                None => Period { preperiod: 2, period: 1, saltus: 0 },
            },
            MisereHeaps::Interval(low, high) => match low.checked_add(*high) {
                Some(p) => Period { preperiod: 0, period: p, saltus: 0 },
                // Past 2^64 - 1 every heap lies in the first period: won below L, lost from L
                // to 2L - 1, won from 2L on (where 2L is a heap at all).
                None => match low.checked_mul(2) {
                    Some(two_l) => Period { preperiod: two_l, period: 1, saltus: 0 },
                    None => Period { preperiod: *low, period: 1, saltus: 0 },
                },
            },
            MisereHeaps::Table { table, .. } => table.period().unwrap_or(Period { preperiod: 0, period: 1, saltus: 0 }),
            MisereHeaps::AllBut { sizes, lost } => Period {
                preperiod: lost.last().copied().unwrap_or(0).saturating_add(sizes.max()).saturating_add(1),
                period: 1,
                saltus: 0,
            },
        }
    }

    /// How the outcomes are known.
    pub fn method(&self) -> Method {
        match self {
            MisereHeaps::Nim => Method::MisereRule,
            MisereHeaps::Bounded(_) | MisereHeaps::Interval(..) => Method::ClosedForm,
            MisereHeaps::Table { .. } | MisereHeaps::AllBut { .. } => Method::ProvenPeriod,
        }
    }

    /// The reasoning in a sentence, for `--explain`.
    pub fn reason(&self) -> String {
        match self {
            MisereHeaps::Nim => "A single Nim heap under misère play is lost exactly when it holds 1 object (Bouton's rule for misère Nim).".to_string(),
            MisereHeaps::Bounded(k) => format!(
                "Taking 1 to {k} under misère play, the player to move loses exactly when n = 1 (mod {}): from there every move leaves a heap the opponent reduces to 1 (mod {}) again, until the heap of 1 whose last object the mover must take.",
                u128::from(*k) + 1,
                u128::from(*k) + 1
            ),
            MisereHeaps::Interval(low, high) => format!(
                "Taking {low} to {high} under misère play, the player to move loses exactly when n mod {p} lies in [{low}, {}): by induction, a heap below {low} has no move and is won, the options n - {high} .. n - {low} of a heap in such a class all lie outside them, and from any other heap of at least {low} some option lies in them.",
                2 * u128::from(*low),
                p = u128::from(*low) + u128::from(*high)
            ),
            MisereHeaps::AllBut { lost, .. } => format!(
                "Under misère play two lost heaps of an all-but game differ by an excluded size (else the larger could move to the smaller), so there are at most |S| + 1 of them, and a heap past the largest lost heap plus max(S) reaches every lost heap by a legal move: the lost heaps are {} and every heap from {} on is won.",
                if lost.is_empty() { "none".to_string() } else { lost.iter().map(u64::to_string).collect::<Vec<_>>().join(", ") },
                self.period().preperiod
            ),
            MisereHeaps::Table { .. } => {
                let p = self.period();
                format!(
                    "Under misère play a heap with no move is won by the player to move, and otherwise the player to move wins exactly when some move leaves a lost heap; each outcome depends only on the max(S) before it, so the first repeated window of max(S) outcomes proves their period: {} from n = {}.",
                    p.period, p.preperiod
                )
            }
        }
    }
}
