//! Sprague-Grundy values of single heaps, for any heap size: closed forms where they are proven,
//! otherwise a table with a proven period.

use std::collections::HashMap;
use std::sync::Arc;

use crate::engine::mex::mex_table_for;
use crate::engine::sequence::{split_note, SequenceBuilder, SequenceError};
use crate::engine::subtraction::{families_of_takes, interval_value, interval_value_families, range_sizes_upto};
use crate::engine::table::{allbut_table_for, subtraction_table_for, PeriodSearch};
use crate::engine::Method;
use crate::error::{human_bytes, AnalyzeError, GaveUp, Work, FIXED_BYTES, MEMORY_LIMIT};
use crate::game::family::first_moves;
use crate::game::{Component, Move, MoveFamily};
use crate::rules::board::{HeapEngine, HeapOptions, HeapValues};
use crate::rules::heap::ValueSource;
use crate::rules::take_break::octal::SplitRules;
use crate::rules::Ruleset;
use crate::values::{GrundyTable, Period};

/// How a [`HeapSolver`] finds values.
#[derive(Clone, Debug)]
enum Source {
    /// The rule's own proven closed form ([`ValueSource::ClosedForm`]): Nim, K-Nim, the Bash game.
    Closed,
    /// The K-L-Nim problem's K = L formula for `allbut:K` (a single excluded size), checked in the tests
    /// against the proven table of the general all-but engine.
    AllButSingle(u64),
    /// A subtraction game whose sizes are one interval L..R: G(n) = floor((n mod (L + R)) / L)
    /// ([`interval_value`]).
    Interval(u64, u64),
    /// A computed table with a proven period.
    Table(GrundyTable),
    /// A take-and-break game (octal code, Grundy's game): values from the sparse engine, with
    /// the period when the Guy-Smith theorem proves one from them.
    Split { rules: SplitRules, values: Arc<[u16]>, period: Option<Period> },
}

/// The Sprague-Grundy function of one heap ruleset, ready to answer for any heap size.
///
/// Building it may compute a table (bounded by a budget); asking it is then O(1) or close.
///
/// ```
/// use grundy::{HeapSolver, Ruleset};
/// let s = HeapSolver::new(&"subtraction:2,5".parse::<Ruleset>().unwrap(), 0, 1_000_000).unwrap();
/// // Period 7: 0 0 1 1 0 2 1, and 10^18 + 4 = 5 (mod 7).
/// assert_eq!(s.value(1_000_000_000_000_000_004), Some(2));
/// ```
#[derive(Clone, Debug)]
pub struct HeapSolver {
    ruleset: Ruleset,
    source: Source,
    budget: u64,
}

/// The K-L-Nim problem's closed form for K = L, the all-but game with one excluded size K:
/// G(x) = floor(x / 2K) K + (x mod 2K) when x mod 2K < K, and that minus K otherwise.
///
/// ```
/// assert_eq!(grundy::frontend::allbut_single_formula(1, 4), 2);
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
    ///
    /// Take-and-break games are computed until a period is proven or `max_heap` is reached;
    /// past the budget the solver gives up, saying how many entries `max_heap` needs.
    ///
    /// ```
    /// use grundy::{HeapSolver, Ruleset};
    /// let kayles: Ruleset = "kayles".parse().unwrap();
    /// let s = HeapSolver::new(&kayles, 1_000_000_000_000, 1_000_000).unwrap();
    /// assert_eq!(s.period().map(|p| p.period), Some(12));
    /// assert_eq!(s.value(1_000_000_000_000), s.value(1_000_000_000_000 - 12));
    /// let grundy: Ruleset = "grundys-game".parse().unwrap();
    /// assert!(HeapSolver::new(&grundy, 1_000_000_000, 10_000).is_err());
    /// ```
    pub fn new(ruleset: &Ruleset, max_heap: u64, budget: u64) -> Result<Self, AnalyzeError> {
        Self::build(ruleset, max_heap, budget, PeriodSearch::Cheap)
    }

    /// [`HeapSolver::new`] for a sequence: the period of a table is looked for within the whole
    /// budget even when the table already holds G(0..=upto), so that `grundy sg` reports it.
    pub(crate) fn seeking_period(ruleset: &Ruleset, upto: u64, budget: u64) -> Result<Self, AnalyzeError> {
        Self::build(ruleset, upto, budget, PeriodSearch::Full)
    }

    fn build(ruleset: &Ruleset, max_heap: u64, budget: u64, search: PeriodSearch) -> Result<Self, AnalyzeError> {
        let source = match ruleset.value_source() {
            ValueSource::Split => split_method(ruleset, max_heap, budget)?,
            ValueSource::ClosedForm => Source::Closed,
            ValueSource::AllBut(set) if set.count() == 1 => Source::AllButSingle(set.max()),
            ValueSource::AllBut(set) => Source::Table(allbut_table_for(set, max_heap, budget, search)?),
            ValueSource::Takes(set) => match set.interval() {
                Some((low, high)) => Source::Interval(low, high),
                None => Source::Table(subtraction_table_for(set, max_heap, budget, search)?),
            },
            ValueSource::Mex => Source::Table(mex_table_for(ruleset, max_heap, budget)?),
        };
        Ok(HeapSolver { ruleset: ruleset.clone(), source, budget })
    }

    /// A solver answering from the stored values of `ruleset`, when they cover `max_heap` (or
    /// prove a period): no value is computed. `None` when nothing stored covers it.
    pub fn from_stored(ruleset: &Ruleset, stored: &StoredValues, max_heap: u64, budget: u64) -> Option<HeapSolver> {
        let rules = ruleset.split_rules()?;
        let (values, period) = stored.tables.get(&rules)?;
        if period.is_none() && values.len() as u64 <= max_heap {
            return None;
        }
        let source = Source::Split { rules, values: Arc::clone(values), period: *period };
        Some(HeapSolver { ruleset: ruleset.clone(), source, budget })
    }

    /// The ruleset this solver answers for.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// How the values are found: a closed form, a table with a proven period (exact at every
    /// size), or a table without one (exact up to its length).
    pub fn method(&self) -> Method {
        use Method as M;
        match &self.source {
            Source::Closed | Source::AllButSingle(_) | Source::Interval(..) => M::ClosedForm,
            Source::Table(t) if t.period().is_some() => M::ProvenPeriod,
            Source::Split { period: Some(_), .. } => M::ProvenPeriod,
            Source::Table(_) | Source::Split { .. } => M::Table,
        }
    }

    /// The proven period of the values (closed forms have one too).
    pub fn period(&self) -> Option<Period> {
        match &self.source {
            Source::Split { period, .. } => *period,
            Source::Table(t) => t.period(),
            Source::Closed => self.ruleset.value_period(),
            Source::AllButSingle(k) => k.checked_mul(2).map(|p| Period { preperiod: 0, period: p, saltus: *k }),
            // Past 2^64 - 1 every heap lies in the first period: no period within reach.
            Source::Interval(low, high) => {
                low.checked_add(*high).map(|p| Period { preperiod: 0, period: p, saltus: 0 })
            }
        }
    }

    /// A sentence saying where the values come from, for explanations.
    pub fn method_note(&self) -> String {
        match &self.source {
            Source::Closed => self.ruleset.value_note(),
            Source::AllButSingle(k) => format!(
                "all sizes but {k} may be taken: G(x) = floor(x/{two})*{k} + x mod {two}, minus {k} when x mod {two} >= {k}",
                two = u128::from(*k) * 2
            ),
            Source::Interval(low, high) if low == high => format!(
                "taking exactly {low} objects: G(n) = floor((n mod {p}) / {low}), period {p} (the interval game's closed form)",
                p = u128::from(*low) + u128::from(*high)
            ),
            Source::Interval(low, high) => format!(
                "taking {low} to {high} objects: G(n) = floor((n mod {p}) / {low}), period {p} = {low} + {high} (the interval game's closed form: the options n - {high} .. n - {low} hold every value below it)",
                p = u128::from(*low) + u128::from(*high)
            ),
            Source::Split { rules, values, period } => split_note(rules, *period, values.len()),
            Source::Table(t) => match t.period() {
                Some(p) if p.saltus == 0 => format!(
                    "values from a mex table, periodic with period {} from n = {} (proven)",
                    p.period, p.preperiod
                ),
                Some(p) => format!(
                    "values from a mex table, G(n + {}) = G(n) + {} from n = {} (proven)",
                    p.period, p.saltus, p.preperiod
                ),
                None => format!(
                    "values from a mex table of G(0..{}), exact up to its end (no period proven)",
                    t.values().len().saturating_sub(1)
                ),
            },
        }
    }

    /// The length of the table when the values come from a table without a proven period
    /// (G(0..len) is all it knows); 0 otherwise.
    pub fn unproven_table_len(&self) -> u64 {
        match &self.source {
            Source::Table(t) if t.period().is_none() => t.values().len() as u64,
            _ => 0,
        }
    }

    /// G(n), or `None` if n is beyond what the solver knows (a table without a period).
    pub fn value(&self, n: u64) -> Option<u64> {
        match &self.source {
            Source::Closed => self.ruleset.value(n),
            Source::AllButSingle(k) => Some(allbut_single_formula(*k, n)),
            Source::Interval(low, high) => Some(interval_value(*low, *high, n)),
            Source::Table(t) => t.get(n),
            Source::Split { values, period, .. } => split_value(values, *period, n),
        }
    }

    /// How many options [`HeapSolver::winning_families`] looks at for a heap of size `n`: for
    /// take-and-break games with a proven period, a pre-period and a period of splits for each
    /// size taken; all of them for the other take-and-break games; none for the rest (found from
    /// the values).
    pub fn options_examined(&self, n: u64) -> u64 {
        match &self.source {
            Source::Split { rules, period: Some(p), .. } if rules.split3.is_empty() => {
                let per_take = p.preperiod.saturating_add(p.period).saturating_add(1);
                per_take
                    .saturating_mul(rules.split.len() as u64)
                    .saturating_add((rules.take.len() + rules.take_all.len()) as u64)
            }
            Source::Split { rules, .. } => rules.option_count(n),
            // A subtraction table walks the sizes up to n; those of a list were typed one by
            // one, the ranges' sizes are counted.
            Source::Table(_) => match self.ruleset.value_source() {
                ValueSource::Takes(set) => range_sizes_upto(set, n),
                // The plain mex table's options are walked.
                ValueSource::Mex => u64::try_from(self.ruleset.option_count_bound(n)).unwrap_or(u64::MAX),
                _ => 0,
            },
            _ => 0,
        }
    }

    /// Every option of a heap of size `n` whose value is `target`, as families of moves in heap
    /// 0 (see [`MoveFamily::in_heap`]): exact at every size where the values are known.
    ///
    /// The options that leave one heap are found from the values, as in
    /// [`HeapSolver::options_with_value`]. The splits of a take-and-break game with a proven
    /// period come as residue classes: once both heaps of a split `a + (m - a)` lie past the
    /// pre-period, its value depends only on `a` modulo the period, so each class of `a` whose
    /// value is the target is one family, and only the splits with `a` in the pre-period are
    /// looked at one by one. Without a period (Grundy's game, or a table not yet periodic) and
    /// for three-heap splits, every option is walked, within the budget as in
    /// `options_with_value`.
    ///
    /// ```
    /// use grundy::{HeapSolver, Ruleset};
    /// let kayles = HeapSolver::new(&"kayles".parse::<Ruleset>().unwrap(), 0, 1_000_000).unwrap();
    /// let n = 1_000_000_000_000_000_000;
    /// let families = kayles.winning_families(n, 0).unwrap();
    /// let count: u128 = families.iter().map(|f| u128::from(f.count)).sum();
    /// assert!(count > 10u128.pow(16));
    /// // Every member leaves a position of value 0.
    /// let m = families.iter().find(|f| f.count > 1000).unwrap().member(999).unwrap();
    /// assert_eq!(m.to.iter().map(|&h| kayles.value(h).unwrap()).fold(0, |a, v| a ^ v), 0);
    /// ```
    pub fn winning_families(&self, n: u64, target: u64) -> Result<Vec<MoveFamily>, GaveUp> {
        match &self.source {
            Source::Split { rules, period: Some(p), .. } if rules.split3.is_empty() && p.saltus == 0 => {
                Ok(self.periodic_split_families(rules, *p, n, target))
            }
            Source::Interval(low, high) => Ok(interval_value_families(*low, *high, n, target)),
            Source::Table(_) => match self.ruleset.value_source() {
                ValueSource::Takes(set) => {
                    Ok(families_of_takes(set, n, set.sizes_upto(n).filter(|&s| self.value(n - s) == Some(target))))
                }
                _ => self.single_families(n, target),
            },
            _ => self.single_families(n, target),
        }
    }

    /// [`HeapSolver::options_with_value`], each option a family of one.
    fn single_families(&self, n: u64, target: u64) -> Result<Vec<MoveFamily>, GaveUp> {
        Ok(self.options_with_value(n, target)?.into_iter().map(|to| MoveFamily::single(Move::new(0, to))).collect())
    }

    /// [`HeapSolver::winning_families`] for a take-and-break game whose values have the
    /// ordinary period `p`, in the order of [`crate::rules::HeapRule::for_each_option`]: the whole heap taken,
    /// one heap left, then the splits of each size taken.
    fn periodic_split_families(&self, rules: &SplitRules, p: Period, n: u64, target: u64) -> Vec<MoveFamily> {
        let value = |h: u64| self.value(h);
        let mut out = vec![];
        for &t in &rules.take_all {
            if n == t && t > 0 && target == 0 {
                out.push(MoveFamily::single(Move::new(0, vec![0])));
            }
        }
        for &t in &rules.take {
            if n > t && t > 0 && value(n - t) == Some(target) {
                out.push(MoveFamily::single(Move::new(0, vec![n - t])));
            }
        }
        for &t in &rules.split {
            let Some(m) = n.checked_sub(t).filter(|&m| m >= 2) else { continue };
            let splits_to = |a: u64| value(a).zip(value(m - a)).map(|(x, y)| x ^ y) == Some(target);
            // The first heap a of a split runs over 1..=m/2 (two equal heaps allowed: periods
            // are only proven for games without Grundy's unequal-split rule).
            let top = m / 2;
            let periodic_from = p.preperiod.max(1);
            for a in 1..=top.min(periodic_from - 1) {
                if splits_to(a) {
                    out.push(MoveFamily::single(Move::new(0, vec![a, m - a])));
                }
            }
            if top < periodic_from {
                continue;
            }
            // From here on a >= the pre-period, and m - a >= a, so both values are periodic: the
            // split's value depends only on a's class modulo the period. Each class is looked
            // at through its smallest member.
            let mut classes: Vec<MoveFamily> = (0..p.period)
                .filter_map(|offset| {
                    let a = periodic_from.checked_add(offset).filter(|&a| a <= top)?;
                    splits_to(a).then(|| MoveFamily::new(0, vec![a, m - a], p.period, (top - a) / p.period + 1))
                })
                .collect();
            out.append(&mut classes);
        }
        out
    }

    /// Every option of a heap of size `n` whose value is `target`, as the heaps it leaves
    /// (`[0]` when emptied), in the order of [`crate::rules::HeapRule::for_each_option`]'s largest-first
    /// results. Found from the values, without walking all options of large heaps, except for
    /// take-and-break games, whose options are walked: when a heap has more options than the
    /// budget, the solver gives up rather than list part of them.
    pub fn options_with_value(&self, n: u64, target: u64) -> Result<Vec<Vec<u64>>, GaveUp> {
        let walked = match &self.source {
            Source::Split { rules, .. } => Some((rules.option_count(n), Some(rules))),
            Source::Table(_) if matches!(self.ruleset.value_source(), ValueSource::Mex) => {
                Some((u64::try_from(self.ruleset.option_count_bound(n)).unwrap_or(u64::MAX), None))
            }
            _ => None,
        };
        if let Some((count, rules)) = walked {
            let budget = Work::MovesExamined.clamp(self.budget);
            if count > budget {
                // A count that saturated u64 (three-heap splits of a huge heap) is no budget.
                let needed = (count < u64::MAX).then_some(count);
                return Err(GaveUp { what: Work::MovesExamined, used: budget, needed });
            }
            let mut out = vec![];
            let mut keep = |to: &[u64]| {
                let v = to.iter().try_fold(0, |acc, &h| self.value(h).map(|x| acc ^ x));
                if v == Some(target) {
                    out.push(to.to_vec());
                }
            };
            match rules {
                Some(rules) => rules.for_each_option(n, &mut keep),
                None => self.ruleset.for_each_option(n, &mut keep),
            }
            return Ok(out);
        }
        if let Source::Interval(low, high) = self.source {
            let families = interval_value_families(low, high, n, target);
            let count: u64 = families.iter().map(|f| f.count).fold(0, u64::saturating_add);
            let budget = Work::MovesExamined.clamp(self.budget);
            if count > budget {
                return Err(GaveUp { what: Work::MovesExamined, used: budget, needed: Some(count) });
            }
            let mut out: Vec<Vec<u64>> = families.iter().flat_map(|f| f.members().map(|m| m.to)).collect();
            out.sort_unstable_by(|a, b| b.cmp(a));
            return Ok(out);
        }
        let mut out: Vec<u64> = match (self.ruleset.value_source(), &self.source) {
            (_, Source::Closed) => self.ruleset.moves_to(n, target),
            (ValueSource::Takes(set), _) => {
                set.sizes_upto(n).map(|s| n - s).filter(|&m| self.value(m) == Some(target)).collect()
            }
            (ValueSource::AllBut(set), Source::AllButSingle(k)) => {
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
            (ValueSource::AllBut(set), Source::Table(t)) => {
                let mut v: Vec<u64> =
                    t.positions_with_value(target, n).into_iter().filter(|&m| !set.contains(n - m)).collect();
                v.reverse();
                v
            }
            // Splits and mex tables were walked above.
            _ => vec![],
        };
        out.dedup();
        Ok(out.into_iter().map(|m| vec![m]).collect())
    }
}

/// The engine as a board game sees it ([`HeapEngine`]): a [`HeapSolver`] for each ruleset
/// asked for. The analysis passes it to [`crate::rules::board::Theory::solve`] in the
/// [`crate::rules::board::BoardContext`], since `rules/` sits below the engine and cannot call
/// it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Engine;

impl HeapEngine for Engine {
    fn heap(&self, ruleset: &Ruleset, max_heap: u64, budget: u64) -> Result<Box<dyn HeapValues>, AnalyzeError> {
        Ok(Box::new(HeapSolver::new(ruleset, max_heap, budget)?))
    }
}

impl HeapValues for HeapSolver {
    fn value(&self, n: u64) -> Option<u64> {
        HeapSolver::value(self, n)
    }

    fn method(&self) -> Method {
        HeapSolver::method(self)
    }

    fn note(&self) -> String {
        self.method_note()
    }

    fn options_examined(&self, n: u64) -> u64 {
        HeapSolver::options_examined(self, n)
    }

    /// The options from [`HeapSolver::winning_families`]: the count is the families' sum, and
    /// the first `limit` members are listed in the order the analysis of heaps lists them.
    fn options_with_value(&self, n: u64, target: u64, limit: usize) -> Result<HeapOptions, GaveUp> {
        let families = self.winning_families(n, target)?;
        let count = families.iter().map(|f| u128::from(f.count)).sum();
        let first = first_moves(&families, limit).into_iter().map(|m| m.to).collect();
        Ok(HeapOptions { count, first })
    }
}

/// One [`HeapSolver`] for each ruleset of a sum of heaps, each ready for the largest heap of its
/// ruleset: what both the analysis of a sum and the computer's resisting move read values from.
pub(crate) fn solvers_for<'a>(
    cs: &'a [Component],
    budget: u64,
    stored: Option<&StoredValues>,
) -> Result<HashMap<&'a Ruleset, HeapSolver>, AnalyzeError> {
    let mut solvers: HashMap<&Ruleset, HeapSolver> = HashMap::new();
    for c in cs {
        if !solvers.contains_key(&c.ruleset) {
            let max_heap = cs.iter().filter(|d| d.ruleset == c.ruleset).map(|d| d.heap).max().unwrap_or(0);
            let solver = match stored.and_then(|s| HeapSolver::from_stored(&c.ruleset, s, max_heap, budget)) {
                Some(solver) => solver,
                None => HeapSolver::new(&c.ruleset, max_heap, budget).map_err(|e| match stored {
                    Some(s) => s.name_store(e),
                    None => e,
                })?,
            };
            solvers.insert(&c.ruleset, solver);
        }
    }
    Ok(solvers)
}

/// Values of take-and-break games that a front end read from stores (`grundy sg --store DIR`
/// writes them), so that `analyze`, `play` and the server answer every heap they cover without
/// computing them again: G(0..len), and every heap past them when the values prove a period
/// (Guy-Smith periodicity theorem). The library does no I/O: the front end reads and checks the
/// files and hands the values over. Games are matched by their rules, so `kayles` and
/// `octal:0.77` share a table.
///
/// ```
/// use grundy::{analyze, AnalyzeOptions, Game, Position};
/// use grundy::frontend::StoredValues;
/// let g: Game = "grundys-game".parse().unwrap();
/// let values: Vec<u16> = grundy::frontend::mex_table(&"grundys-game".parse().unwrap(), 3000).iter().map(|&v| v as u16).collect();
/// let mut stored = StoredValues::new();
/// stored.insert(&"grundys-game".parse().unwrap(), values).unwrap();
/// let stored: &'static StoredValues = Box::leak(Box::new(stored));
/// let options = AnalyzeOptions { stored: Some(stored), budget: 100, ..AnalyzeOptions::default() };
/// let p = g.parse_position(&["3000"]).unwrap();
/// // Past the budget of 100 table entries: the stored table answers.
/// assert!(analyze(&g, &p, &options).is_ok());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoredValues {
    tables: HashMap<SplitRules, (Arc<[u16]>, Option<Period>)>,
    /// How a refusal names the store to fill (`--store DIR`), when the front end read one.
    label: Option<String>,
}

impl StoredValues {
    /// No stored values.
    pub fn new() -> Self {
        StoredValues::default()
    }

    /// Adds G(0..values.len()) of `ruleset` (a take-and-break game), with the period they
    /// prove, if any; a longer table of the same rules already here is kept instead. The values
    /// are trusted: the front end checked them (the store's checksums).
    pub fn insert(&mut self, ruleset: &Ruleset, values: Vec<u16>) -> Result<(), AnalyzeError> {
        let Some(rules) = ruleset.split_rules() else {
            return Err(AnalyzeError::Unsupported(format!(
                "{ruleset} is not a take-and-break game: its values need no stored table"
            )));
        };
        if self.tables.get(&rules).is_some_and(|(v, _)| v.len() >= values.len()) {
            return Ok(());
        }
        let period = rules.proven_period(&values);
        self.tables.insert(rules, (values.into(), period));
        Ok(())
    }

    /// How many values of `ruleset` are stored (G(0..len)), and the period they prove.
    pub fn coverage(&self, ruleset: &Ruleset) -> Option<(u64, Option<Period>)> {
        let (values, period) = self.tables.get(&ruleset.split_rules()?)?;
        Some((values.len() as u64, *period))
    }

    /// The bytes the stored values take in memory (two a value).
    pub fn bytes(&self) -> u64 {
        self.tables.values().map(|(v, _)| std::mem::size_of_val::<[u16]>(v) as u64).sum()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// Names the store these values came from (a directory, as typed), so that a refusal's
    /// advice to fill a store further names it instead of `DIR`.
    pub fn set_label(&mut self, label: impl Into<String>) {
        self.label = Some(label.into());
    }

    /// A refusal's `--store DIR` advice with this store's label, when it has one.
    fn name_store(&self, e: AnalyzeError) -> AnalyzeError {
        match (e, &self.label) {
            (AnalyzeError::Unsupported(text), Some(label)) => {
                AnalyzeError::Unsupported(text.replace(STORE_ADVICE, &format!("--store {label} --summary`")))
            }
            (e, _) => e,
        }
    }
}

/// What computes the values of these rules, in words.
pub(crate) fn engine_name(rules: &SplitRules) -> &'static str {
    if rules.split3.is_empty() {
        "sparse-space engine"
    } else {
        "plain method for three-heap splits"
    }
}

/// G(n) from the values of a take-and-break game and its proven period.
fn split_value(values: &[u16], period: Option<Period>, n: u64) -> Option<u64> {
    if let Some(v) = usize::try_from(n).ok().and_then(|i| values.get(i)) {
        return Some(u64::from(*v));
    }
    period?.value_through(n, |m| values.get(usize::try_from(m).ok()?).map(|&v| u64::from(v)))
}

/// The most pair visits of the sparse engine (its `rare_pairs + scanned_pairs`) that `analyze`
/// spends computing a take-and-break game's table while looking for a period: a few seconds on
/// the slowest games. Counting the engine's own work, not the clock, keeps answers the same on
/// every machine.
pub const PERIOD_SEARCH_WORK: u64 = 1 << 32;

/// The end of the command a refusal advises to fill a store (`grundy sg ... --store DIR
/// --summary`: the store is what is wanted, not a million values on the terminal), which
/// [`StoredValues`] with a label rewrites to name its directory.
const STORE_ADVICE: &str = "--store DIR --summary`";

/// Why `analyze` cannot give G(max_heap) of a take-and-break game, with what it would take.
fn table_refusal(ruleset: &Ruleset, max_heap: u64, computed: u64, why: &str) -> AnalyzeError {
    let values = u128::from(max_heap) + 1;
    let command = if values <= u128::from(Work::SplitTable.max_budget()) {
        format!(
            "analyze, play and serve answer from that store once `grundy sg {ruleset} --upto {max_heap} {STORE_ADVICE} computes it resumably"
        )
    } else {
        format!("a table to {max_heap} is past the {} this program allows", human_bytes(u128::from(MEMORY_LIMIT)))
    };
    let cost = ruleset.split_rules().map(|rules| split_table_cost(&rules, values)).unwrap_or_default();
    AnalyzeError::Unsupported(format!(
        "G({max_heap}) of {ruleset} is not known: {why} (computed {computed} values); it needs a table of {values} values (about {cost}): {command}"
    ))
}

/// What the first `values` values of a take-and-break game cost, in words: the table's memory,
/// and for Grundy's game (whose time is known to grow as a power law) roughly how long, e.g.
/// "3.7 GiB and roughly 24 minutes" (a billion values).
///
/// ```
/// use grundy::frontend::{split_table_cost, SplitRules};
/// assert_eq!(split_table_cost(&SplitRules::grundys_game(), 1 << 24), "65.0 MiB and roughly 19 seconds");
/// ```
pub fn split_table_cost(rules: &SplitRules, values: u128) -> String {
    let work = split_table_work(rules);
    let memory = human_bytes(u128::from(FIXED_BYTES) + values * u128::from(work.bytes_per_unit()));
    match rules.can_prove_period() {
        true => memory,
        false => format!("{memory} and roughly {}", human_seconds(grundys_game_seconds(values))),
    }
}

/// The kind of work a table of `rules` is: [`Work::ThreeHeapTable`] when a move splits a heap
/// in three (each size keeps sets of values), else [`Work::SplitTable`].
pub fn split_table_work(rules: &SplitRules) -> Work {
    match rules.max_parts() {
        3 => Work::ThreeHeapTable,
        _ => Work::SplitTable,
    }
}

/// A rough time for the first `values` values of Grundy's game: about 1 s of CPU for 2^20 on
/// the 2-core machines of BENCHMARKS.md, growing as n^1.0625 = n * n^(1/16) (CPU time
/// measured 0.96 s at 2^20, 7.9 s at 2^23, 16.5 s at 2^24: the sparse engine is near-linear
/// on it; the n^1.4 of wall time read before forecast 181 s for 2^24), written with square
/// roots so that the binary needs no libm (its pages cost the `sg` runs half a megabyte of
/// memory).
pub fn grundys_game_seconds(values: u128) -> f64 {
    let x = values as f64 / f64::from(1u32 << 20);
    x * x.sqrt().sqrt().sqrt().sqrt()
}

/// Seconds in words: "40 seconds", "12 minutes", "3.5 hours", "2.1 days", "40 years".
pub fn human_seconds(seconds: f64) -> String {
    match seconds {
        s if s < 1.5 => "1 second".to_string(),
        s if s < 90.0 => format!("{s:.0} seconds"),
        s if s < 5400.0 => format!("{:.0} minutes", s / 60.0),
        s if s < 172_800.0 => format!("{:.1} hours", s / 3600.0),
        s if s < 63_072_000.0 => format!("{:.1} days", s / 86_400.0),
        s => format!("{:.0} years", s / 31_536_000.0),
    }
}

/// Computes a take-and-break game until a period is proven (checked each time the table
/// doubles) or the values reach `max_heap`, within `budget` entries and [`PERIOD_SEARCH_WORK`]:
/// the period search of [`SequenceBuilder::period_search`]. Work that cannot lead to an answer
/// is refused before it starts: Grundy's game, whose values no theorem makes periodic, past
/// the budget at once; other games before a doubling whose predicted work (the work so far
/// grown as it grew over the last doubling, as a power of the length between 1 and 2) is past
/// the limit.
fn split_method(ruleset: &Ruleset, max_heap: u64, budget: u64) -> Result<Source, AnalyzeError> {
    if ruleset.split_rules().is_none() {
        return Err(AnalyzeError::Unsupported(format!("{ruleset} is not a take-and-break game")));
    }
    let budget = Work::SplitTable.clamp(budget);
    let sequence = SequenceBuilder::new(ruleset)
        .upto(max_heap)
        .budget(budget)
        .period_search(PERIOD_SEARCH_WORK)
        .build()
        .map_err(|e| search_refusal(ruleset, max_heap, e))?;
    let Some((rules, mut values, period)) = sequence.into_split() else {
        return Err(AnalyzeError::Unsupported(format!("{ruleset} is not a take-and-break game")));
    };
    if let Some(p) = period {
        // Beyond one period past the pre-period the values repeat; keep what covers max_heap so
        // that small heaps need no arithmetic.
        let keep = (p.preperiod + p.period).max(max_heap.saturating_add(1)).min(values.len() as u64);
        values.truncate(keep as usize);
    }
    values.shrink_to_fit();
    Ok(Source::Split { rules, values: values.into(), period })
}

/// `analyze`'s words for a period search that could not answer, naming the command that can.
fn search_refusal(ruleset: &Ruleset, max_heap: u64, e: SequenceError) -> AnalyzeError {
    match e {
        SequenceError::Unreachable { .. } => table_refusal(
            ruleset,
            max_heap,
            0,
            "no theorem proves a period of Grundy's game, so every value up to the heap must be computed",
        ),
        SequenceError::WorkLimit { computed, work, .. } => table_refusal(
            ruleset,
            max_heap,
            computed,
            &format!("no period is proven within the values computed, and doubling them would take more than the {work} steps analyze allows"),
        ),
        SequenceError::ThreeHeapLimit { limit, .. } => AnalyzeError::Unsupported(format!(
            "{ruleset} splits heaps in three, which is computed by a plain method (work growing as n^3) up to {limit} values here, and no period is proven within them; heap {max_heap} is past them (`grundy sg {ruleset} --upto N` computes further)"
        )),
        SequenceError::TableTooLarge => AnalyzeError::Unsupported("the table does not fit in memory".into()),
        SequenceError::GaveUp(g) => AnalyzeError::GaveUp(g),
        SequenceError::Stopped(s) => AnalyzeError::Stopped(s),
        e => AnalyzeError::Unsupported(e.to_string()),
    }
}
