//! Single heaps under misère play (the player who makes the last move loses): who wins a heap
//! of each size, with a proven period, for the rulesets whose moves only take from one heap by
//! sizes from a fixed set (Nim, K-Nim and the Bash game, subtraction games).
//!
//! Misère outcomes of single heaps do not add up like Sprague-Grundy values, so these answer
//! one heap (with every other heap empty); sums of several heaps are searched.

use crate::engine::table::misere_subtraction_table;
use crate::engine::Method;
use crate::error::AnalyzeError;
use crate::rules::Ruleset;
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
    Table(GrundyTable),
}

impl MisereHeaps {
    /// The outcomes of `ruleset`'s single heaps, or `None` for a ruleset this does not cover
    /// (all-but and take-and-break games). A subtraction table computes at most `budget` sizes.
    pub fn new(ruleset: &Ruleset, budget: u64) -> Result<Option<Self>, AnalyzeError> {
        Ok(Some(match ruleset {
            Ruleset::Nim => MisereHeaps::Nim,
            Ruleset::Bounded(k) | Ruleset::Bash(k) => MisereHeaps::Bounded(*k),
            Ruleset::Subtraction(set) => MisereHeaps::Table(misere_subtraction_table(set, budget)?),
            _ => return Ok(None),
        }))
    }

    /// Whether the player to move wins a heap of `n` (all other heaps empty) under misère play.
    pub fn mover_wins(&self, n: u64) -> bool {
        match self {
            MisereHeaps::Nim => n != 1,
            // With K = 2^64 - 1 every heap is below K + 1: lost exactly at 1, as in Nim.
            MisereHeaps::Bounded(k) => match k.checked_add(1) {
                Some(m) => n % m != 1,
                None => n != 1,
            },
            // The table has a proven period, so every size has an entry.
            MisereHeaps::Table(t) => t.get(n) != Some(0),
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
            MisereHeaps::Table(t) => t.period().unwrap_or(Period { preperiod: 0, period: 1, saltus: 0 }),
        }
    }

    /// How the outcomes are known.
    pub fn method(&self) -> Method {
        match self {
            MisereHeaps::Nim => Method::MisereRule,
            MisereHeaps::Bounded(_) => Method::ClosedForm,
            MisereHeaps::Table(_) => Method::ProvenPeriod,
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
            MisereHeaps::Table(_) => {
                let p = self.period();
                format!(
                    "Under misère play a heap with no move is won by the player to move, and otherwise the player to move wins exactly when some move leaves a lost heap; each outcome depends only on the max(S) before it, so the first repeated window of max(S) outcomes proves their period: {} from n = {}.",
                    p.period, p.preperiod
                )
            }
        }
    }
}
