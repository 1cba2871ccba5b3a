//! Single heaps under misère play (the player who makes the last move loses): who wins a heap
//! of each size, with a proven period, for the rulesets whose moves only take from one heap by
//! sizes from a fixed set (Nim, K-Nim and the Bash game, subtraction games).
//!
//! Misère outcomes of single heaps do not add up like Sprague-Grundy values, so these answer
//! one heap (with every other heap empty); sums of several heaps are searched.

use crate::engine::table::misere_subtraction_table;
use crate::engine::Method;
use crate::error::AnalyzeError;
use crate::rules::{MoveSet, Ruleset};
use crate::values::{GrundyTable, Period};

/// Who wins a single heap of each size under misère play, for one ruleset.
///
/// ```
/// use grundy::{MisereHeaps, Ruleset};
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
    /// A subtraction game: the outcomes from a table whose period a repeated window proves.
    Table {
        /// The sizes a move may take.
        sizes: MoveSet,
        /// The outcomes: 1 when the player to move wins a heap of n, 0 when they lose.
        table: GrundyTable,
    },
}

/// `x` modulo K + 1, the cycle of K-Nim's outcomes; with K = 2^64 - 1 every heap is below
/// K + 1, so `x` itself.
fn bounded_residue(k: u64, x: u64) -> u64 {
    k.checked_add(1).map_or(x, |m| x % m)
}

impl MisereHeaps {
    /// The outcomes of `ruleset`'s single heaps, or `None` for a ruleset this does not cover
    /// (all-but and take-and-break games). A subtraction table computes at most `budget` sizes.
    pub fn new(ruleset: &Ruleset, budget: u64) -> Result<Option<Self>, AnalyzeError> {
        Ok(Some(match ruleset {
            Ruleset::Nim => MisereHeaps::Nim,
            Ruleset::Bounded(k) | Ruleset::Bash(k) => MisereHeaps::Bounded(*k),
            Ruleset::Subtraction(set) => {
                MisereHeaps::Table { sizes: set.clone(), table: misere_subtraction_table(set, budget)? }
            }
            _ => return Ok(None),
        }))
    }

    /// Whether the player to move wins a heap of `n` (all other heaps empty) under misère play.
    pub fn mover_wins(&self, n: u64) -> bool {
        match self {
            MisereHeaps::Nim => n != 1,
            MisereHeaps::Bounded(k) => bounded_residue(*k, n) != 1,
            // The table has a proven period, so every size has an entry.
            MisereHeaps::Table { table, .. } => table.get(n) != Some(0),
        }
    }

    /// The numbers a move from a heap of `n` may take that leave the opponent a lost heap:
    /// every winning move, at most one for Nim, K-Nim and the Bash game, at most |S| for a
    /// subtraction game.
    ///
    /// ```
    /// use grundy::{MisereHeaps, Ruleset};
    /// let bash = MisereHeaps::new(&"bash:3".parse::<Ruleset>().unwrap(), 1_000_000).unwrap().unwrap();
    /// assert_eq!(bash.winning_takes(1_000_000_000_000_000_000), vec![3]); // to 1 (mod 4)
    /// assert_eq!(bash.winning_takes(5), vec![]);
    /// ```
    pub fn winning_takes(&self, n: u64) -> Vec<u64> {
        let candidates: Vec<u64> = match self {
            // Leave the heap of 1; leaving nothing hands the opponent the win.
            MisereHeaps::Nim => vec![n.saturating_sub(1)],
            MisereHeaps::Bounded(k) => n.checked_sub(1).map(|m| bounded_residue(*k, m)).into_iter().collect(),
            MisereHeaps::Table { sizes, .. } => sizes.as_slice().to_vec(),
        };
        candidates.into_iter().filter(|&t| t >= 1 && t <= n && !self.mover_wins(n - t)).collect()
    }

    /// The proven period of the outcomes (saltus 0).
    pub fn period(&self) -> Period {
        match self {
            MisereHeaps::Nim => Period { preperiod: 2, period: 1, saltus: 0 },
            MisereHeaps::Bounded(k) => match k.checked_add(1) {
                Some(m) => Period { preperiod: 0, period: m, saltus: 0 },
                None => Period { preperiod: 2, period: 1, saltus: 0 },
            },
            MisereHeaps::Table { table, .. } => table.period().unwrap_or(Period { preperiod: 0, period: 1, saltus: 0 }),
        }
    }

    /// How the outcomes are known.
    pub fn method(&self) -> Method {
        match self {
            MisereHeaps::Nim => Method::MisereRule,
            MisereHeaps::Bounded(_) => Method::ClosedForm,
            MisereHeaps::Table { .. } => Method::ProvenPeriod,
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
