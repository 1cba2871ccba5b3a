//! Sprague-Grundy values of single heaps, for any heap size: closed forms where they are proven,
//! otherwise a table with a proven period.

use crate::error::GaveUp;
use crate::ruleset::Ruleset;
use crate::table::{allbut_table, subtraction_table, GrundyTable, Period};

/// How a [`HeapSolver`] finds values.
#[derive(Clone, Debug)]
enum Method {
    /// G(n) = n.
    Nim,
    /// G(n) = n mod (K + 1) (K-Nim, Bash).
    Modular(u64),
    /// Seed 000's K = L formula for `allbut:K` (a single excluded size), checked in the tests
    /// against the proven table of the general all-but engine.
    AllButSingle(u64),
    /// A computed table with a proven period.
    Table(GrundyTable),
}

/// The Sprague-Grundy function of one heap ruleset, ready to answer for any heap size.
///
/// Building it may compute a table (bounded by a budget); asking it is then O(1) or close.
///
/// ```
/// use grundy::{HeapSolver, Ruleset};
/// let s = HeapSolver::new(&"subtraction:2,5".parse::<Ruleset>().unwrap(), 0, 1_000_000).unwrap();
/// assert_eq!(s.value(999_999_999_999_999_999), Some(0)); // n = 0 (mod 7): 0 0 1 1 0 2 1 ...
/// ```
#[derive(Clone, Debug)]
pub struct HeapSolver {
    ruleset: Ruleset,
    method: Method,
}

/// Seed 000's closed form for the all-but game with one excluded size K:
/// G(x) = floor(x / 2K) K + (x mod 2K) when x mod 2K < K, and that minus K otherwise.
///
/// ```
/// assert_eq!(grundy::allbut_single_formula(1, 4), 2);
/// ```
pub fn allbut_single_formula(k: u64, x: u64) -> u64 {
    let two_k = u128::from(k) * 2;
    let x128 = u128::from(x);
    let r = x128 % two_k;
    let base = (x128 / two_k) * u128::from(k);
    let v = if r < u128::from(k) { base + r } else { base + r - u128::from(k) };
    v as u64 // v <= x, so it fits.
}

impl HeapSolver {
    /// Prepares the values of `ruleset` for heaps up to `max_heap` (and beyond, where a period
    /// is proven), computing a table of at most `budget` entries when no closed form is proven.
    pub fn new(ruleset: &Ruleset, max_heap: u64, budget: u64) -> Result<Self, GaveUp> {
        let _ = max_heap; // Every ruleset so far has a closed form or a proven period.
        let method = match ruleset {
            Ruleset::Nim => Method::Nim,
            Ruleset::Bounded(k) | Ruleset::Bash(k) => Method::Modular(*k),
            Ruleset::AllBut(set) if set.len() == 1 => Method::AllButSingle(set.max()),
            Ruleset::AllBut(set) => Method::Table(allbut_table(set, budget)?),
            Ruleset::Subtraction(set) => Method::Table(subtraction_table(set, budget)?),
        };
        Ok(HeapSolver { ruleset: ruleset.clone(), method })
    }

    /// The ruleset this solver answers for.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// Whether the values come from a closed form rather than a computed table.
    pub fn is_closed_form(&self) -> bool {
        !matches!(self.method, Method::Table(_))
    }

    /// The proven period of the values (closed forms have one too).
    pub fn period(&self) -> Option<Period> {
        match &self.method {
            Method::Table(t) => t.period(),
            Method::Nim => Some(Period { preperiod: 0, period: 1, saltus: 1 }),
            Method::Modular(k) => k.checked_add(1).map(|p| Period { preperiod: 0, period: p, saltus: 0 }),
            Method::AllButSingle(k) => k.checked_mul(2).map(|p| Period { preperiod: 0, period: p, saltus: *k }),
        }
    }

    /// A sentence saying where the values come from, for explanations.
    pub fn method_note(&self) -> String {
        match &self.method {
            Method::Nim => "a Nim heap is worth its size: G(n) = n".to_string(),
            Method::Modular(k) => match k.checked_add(1) {
                Some(m) => format!("taking 1..{k} from a heap: G(n) = n mod {m}"),
                None => format!("taking 1..{k} from a heap: G(n) = n"),
            },
            Method::AllButSingle(k) => format!(
                "all sizes but {k} may be taken: G(x) = floor(x/{two})*{k} + x mod {two}, minus {k} when x mod {two} >= {k} (seed 000)",
                two = u128::from(*k) * 2
            ),
            Method::Table(t) => match t.period() {
                Some(p) if p.saltus == 0 => format!(
                    "values from a mex table, periodic with period {} from n = {} (proven)",
                    p.period, p.preperiod
                ),
                Some(p) => format!(
                    "values from a mex table, G(n + {}) = G(n) + {} from n = {} (proven)",
                    p.period, p.saltus, p.preperiod
                ),
                None => "values from a mex table".to_string(),
            },
        }
    }

    /// G(n), or `None` if n is beyond what the solver knows (a table without a period).
    pub fn value(&self, n: u64) -> Option<u64> {
        match &self.method {
            Method::Nim => Some(n),
            Method::Modular(k) => Some(match k.checked_add(1) {
                Some(m) => n % m,
                None => n,
            }),
            Method::AllButSingle(k) => Some(allbut_single_formula(*k, n)),
            Method::Table(t) => t.get(n),
        }
    }

    /// Every option of a heap of size `n` whose value is `target`, as the heaps it leaves
    /// (`[0]` when emptied), in the order of [`Ruleset::for_each_option`]'s largest-first
    /// results. Found from the values, without walking all options of large heaps.
    pub fn options_with_value(&self, n: u64, target: u64) -> Vec<Vec<u64>> {
        let mut out: Vec<u64> = match (&self.ruleset, &self.method) {
            (Ruleset::Nim, _) => (target < n).then_some(target).into_iter().collect(),
            (Ruleset::Bounded(k) | Ruleset::Bash(k), _) => {
                // Options are n-k..n-1 (not below 0); their values are m mod (k+1).
                let lo = n.saturating_sub(*k);
                let m = u128::from(*k) + 1;
                let t = u128::from(target);
                if t >= m || n == 0 {
                    vec![]
                } else {
                    // The largest m' <= n-1 with m' = t (mod k+1); it is the only candidate,
                    // because the options span fewer than k+1 consecutive sizes.
                    let top = u128::from(n - 1);
                    let r = top % m;
                    let back = if r >= t { r - t } else { r + m - t };
                    top.checked_sub(back)
                        .filter(|&c| c >= u128::from(lo))
                        .map(|c| c as u64)
                        .into_iter()
                        .collect()
                }
            }
            (Ruleset::Subtraction(set), _) => set
                .as_slice()
                .iter()
                .take_while(|&&s| s <= n)
                .map(|&s| n - s)
                .filter(|&m| self.value(m) == Some(target))
                .collect(),
            (Ruleset::AllBut(set), Method::AllButSingle(k)) => {
                // Each value v appears exactly twice: at x and x + k in its block of 2k.
                let k = u128::from(*k);
                let (block, r) = (u128::from(target) / k, u128::from(target) % k);
                let first = block * 2 * k + r;
                [first, first + k]
                    .into_iter()
                    .filter(|&m| m < u128::from(n))
                    .map(|m| m as u64)
                    .filter(|&m| !set.contains(n - m))
                    .rev()
                    .collect()
            }
            (Ruleset::AllBut(set), Method::Table(t)) => {
                let mut v: Vec<u64> =
                    t.positions_with_value(target, n).into_iter().filter(|&m| !set.contains(n - m)).collect();
                v.reverse();
                v
            }
            (Ruleset::AllBut(_), _) => vec![],
        };
        out.dedup();
        out.into_iter().map(|m| vec![m]).collect()
    }
}
