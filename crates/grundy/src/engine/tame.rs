//! Misère sums of take-only heaps by Conway's genus theory of tame games (On Numbers and Games,
//! chapter 12; Winning Ways, chapter 13).
//!
//! The genus of a game G is its normal Sprague-Grundy value g with the sequence γ0, γ1, ... of
//! misère Grundy values of G + k copies of *2 (the misère Grundy value of a position is the mex
//! of its options' values, and 1 for a position with no move). A Nim heap of 0 has genus
//! 0^{120}, a heap of 1 genus 1^{031}, and a heap of g >= 2 genus g^{g,g⊕2}. A heap whose genus
//! is one of the first two is *fickle* (it plays like a Nim heap of 0 or 1), one of genus
//! g^{g,g⊕2} is *firm*; a tame game is one that, with all its positions, behaves like Nim heaps
//! in this way, and then a misère sum of tame games follows the rule of misère Nim: when every
//! component is fickle the player to move wins exactly when the XOR of the values is 0, and
//! otherwise exactly when it is not 0.
//!
//! The rule is used here only where it is proven. For each heap the table computes g, the
//! genus to γ3 (from the misère Grundy values of the heap plus up to three heaps of 1 or 2,
//! all by the definition), and checks that every option is tame and that the heap satisfies
//! the conditions under which the induction proving the rule goes through (every case of a sum
//! of such heaps has the right moves), which are:
//!
//! - a heap with no move is fickle;
//! - a fickle heap of value g has no firm option of value g⊕1, and, if it has any option, a
//!   fickle option of value g⊕1;
//! - a firm heap of value 0 or 1 has no fickle option of value g⊕1, and one of value 1 has a
//!   firm option of value 0;
//! - a firm heap of value 2 or more has an option that is firm of value 0 or fickle of value 1,
//!   and one that is firm of value 1 or fickle of value 0.
//!
//! With these, from a position the rule calls lost every move leads to one it calls won, and
//! from one it calls won some move leads to one it calls lost; a position with no move at all
//! is all fickle heaps of value 0, which the rule calls won, as misère play does. Nim heaps
//! satisfy them (so sums may mix in Nim heaps), and each heap's record depends only on the
//! max(S) records before it, so a repeated window of records proves the period, as for
//! Sprague-Grundy values.

use crate::engine::table::{until_window_repeats, TABLE_STEPS, WINDOW_BYTES_PER_ENTRY};
use crate::error::{AnalyzeError, GaveUp, Work};
use crate::rules::heap::MisereSource;
use crate::rules::{MoveSet, Ruleset};
use crate::values::Period;

/// How a tame heap plays in a misère sum: its normal Sprague-Grundy value, and whether it is
/// fickle (genus 0^{120} or 1^{031}, like a Nim heap of 0 or 1) or firm (genus g^{g,g⊕2}).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TameClass {
    /// The normal-play Sprague-Grundy value g.
    pub value: u64,
    /// Whether the heap is fickle (0^{120} or 1^{031}) rather than firm.
    pub fickle: bool,
}

impl TameClass {
    /// The genus as Conway writes it, up to the point where it alternates for ever:
    /// `0^{120}`, `1^{031}` or `g^{g,g⊕2}`.
    pub fn genus(&self) -> String {
        match (self.fickle, self.value) {
            (true, 0) => "0^{120}".to_string(),
            (true, _) => "1^{031}".to_string(),
            (false, g) if g < 8 => format!("{g}^{{{g}{}}}", g ^ 2),
            (false, g) => format!("{g}^{{{g},{}}}", g ^ 2),
        }
    }
}

/// Whether the misère sum of tame heaps of these classes is won by the player to move: with
/// every heap fickle, exactly when the XOR of the values is 0; otherwise exactly when it is not.
///
/// ```
/// use grundy::frontend::{tame_sum_wins, TameClass};
/// let one = TameClass { value: 1, fickle: true };
/// let two = TameClass { value: 2, fickle: false };
/// assert!(!tame_sum_wins([one, one, one])); // three heaps of 1: lost
/// assert!(tame_sum_wins([two, one])); // 2 and 1: won
/// ```
pub fn tame_sum_wins(classes: impl IntoIterator<Item = TameClass>) -> bool {
    let (x, all_fickle) = classes.into_iter().fold((0, true), |(x, f), c| (x ^ c.value, f && c.fickle));
    if all_fickle {
        x == 0
    } else {
        x != 0
    }
}

// A tame table's records sit in a vector grown by doubling (two records an entry at most, three
// while it grows, when the map takes under 30 bytes an entry), beside the window map; at the
// end each becomes a `TameRecord`, the map gone.
const _: () = {
    let record = std::mem::size_of::<Record>() as u64;
    let out = std::mem::size_of::<TameRecord>() as u64;
    let per_entry = Work::TameTable.bytes_per_unit();
    assert!(3 * record + 30 <= per_entry && 2 * record + WINDOW_BYTES_PER_ENTRY <= per_entry);
    assert!(2 * record + out <= per_entry);
};

/// What is known of one heap size: its value, the misère Grundy values of the heap with up to
/// three heaps of 1 or 2 beside it, and whether it is proven tame. The next records depend only
/// on these, so equal windows of them repeat for ever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Record {
    value: u64,
    /// Misère Grundy values of the heap plus a heaps of 2 and b heaps of 1, a + b <= 3, in the
    /// order of [`PAIRS`].
    misere: [u64; 10],
    /// The heap's class when it is proven tame.
    class: Option<TameClass>,
}

/// The (a, b) of [`Record::misere`]: by a + b, then by a, so that each entry's options within
/// the same heap (a heap of 2 to 1 or 0, a heap of 1 to 0) come before it.
const PAIRS: [(usize, usize); 10] = [(0, 0), (0, 1), (1, 0), (0, 2), (1, 1), (2, 0), (0, 3), (1, 2), (2, 1), (3, 0)];

fn pair_index(a: usize, b: usize) -> usize {
    PAIRS.iter().position(|&p| p == (a, b)).unwrap_or(0)
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter().enumerate().find(|&(i, &v)| v != i as u64).map_or(seen.len() as u64, |(i, _)| i as u64)
}

/// The record of a heap whose options have the records `options`.
fn record(options: &[&Record]) -> Record {
    let value = mex(options.iter().map(|r| r.value));
    let mut misere = [0u64; 10];
    for (k, &(a, b)) in PAIRS.iter().enumerate() {
        let mut vals: Vec<u64> = options.iter().map(|r| r.misere[k]).collect();
        if a >= 1 {
            // A heap of 2 taken down to 1 or to 0.
            vals.push(misere[pair_index(a - 1, b + 1)]);
            vals.push(misere[pair_index(a - 1, b)]);
        }
        if b >= 1 {
            vals.push(misere[pair_index(a, b - 1)]);
        }
        // A position with no move is worth 1 under misère play.
        misere[k] = if vals.is_empty() { 1 } else { mex(vals) };
    }
    let genus = [misere[0], misere[2], misere[5], misere[9]];
    // 0^{120} and 1^{031}, the genera of the Nim heaps of 0 and 1.
    let fickle = (value == 0 && genus == [1, 2, 0, 2]) || (value == 1 && genus == [0, 3, 1, 3]);
    let class = if fickle {
        Some(TameClass { value, fickle: true })
    } else if genus == [value, value ^ 2, value, value ^ 2] {
        Some(TameClass { value, fickle: false })
    } else {
        None
    };
    let class = class.filter(|&c| {
        let classes: Option<Vec<TameClass>> = options.iter().map(|r| r.class).collect();
        classes.is_some_and(|opts| conditions_hold(c, &opts))
    });
    Record { value, misere, class }
}

/// The conditions of the module comment for a heap of class `c` whose options (all tame) have
/// the classes `options`.
fn conditions_hold(c: TameClass, options: &[TameClass]) -> bool {
    let has = |fickle: bool, value: u64| options.iter().any(|o| o.fickle == fickle && o.value == value);
    let g = c.value;
    if options.is_empty() {
        return c.fickle;
    }
    if c.fickle {
        g <= 1 && !has(false, g ^ 1) && has(true, g ^ 1)
    } else if g <= 1 {
        !has(true, g ^ 1) && (g == 0 || has(false, 0))
    } else {
        (has(false, 0) || has(true, 1)) && (has(false, 1) || has(true, 0))
    }
}

/// The tame classes of one take-only ruleset's heaps, at every size where they are proven.
///
/// ```
/// use grundy::Ruleset;
/// use grundy::frontend::TameHeaps;
/// let t = TameHeaps::new(&"bounded:3".parse::<Ruleset>().unwrap(), 1_000_000).unwrap().unwrap();
/// let c = t.class(1_000_000_000_000_000_001).unwrap(); // 1 (mod 4): like a Nim heap of 1
/// assert!(c.fickle && c.value == 1);
/// ```
#[derive(Clone, Debug)]
pub enum TameHeaps {
    /// Nim: a heap of n is the Nim heap *n, tame at every size.
    Nim,
    /// K-Nim or the Bash game with K too large for a table: a heap of n is tame with the class
    /// of the Nim heap of n mod (K + 1). A heap of n <= K has the moves of the Nim heap *n, so it
    /// satisfies the conditions as that heap does; a larger heap has value r = n mod (K + 1) and
    /// options of every residue but r, each by induction of the class of its residue's Nim heap,
    /// so the conditions hold with the same classes as for *r: a fickle 0 (r = 0) has the fickle
    /// 1 of residue 1 and no firm option of value 1 (firm values are at least 2), a fickle 1 has
    /// the fickle 0 and no firm 0, and a firm r >= 2 has both fickle heaps among its options.
    /// The tables of K up to [`MAX_TABLE_K`] compute exactly these classes (tested).
    Bounded(u64),
    /// A ruleset whose moves take a size from a fixed set, with a table of records whose
    /// period a repeated window proves.
    Table {
        /// The sizes a move may take.
        sizes: MoveSet,
        /// The records from 0 through the first period.
        records: Vec<TameRecord>,
        /// The proven period of the records (saltus 0).
        period: Period,
    },
}

/// One heap size's entry in a [`TameHeaps`] table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TameRecord {
    /// The normal-play Sprague-Grundy value.
    pub value: u64,
    /// The genus to γ3: the misère Grundy values of the heap plus 0, 1, 2 and 3 heaps of 2.
    pub genus: [u64; 4],
    /// The heap's class, when it and every heap it can reach are proven tame.
    pub class: Option<TameClass>,
}

/// The largest K of K-Nim and the Bash game whose heaps are tabulated (larger ones follow the
/// proof on [`TameHeaps::Bounded`]); the bounded games whose sizes 1..=K are few enough to tabulate: the table costs about K
/// steps per size, and K-Nim's period is K + 1.
pub const MAX_TABLE_K: u64 = 2048;

impl TameHeaps {
    /// The tame classes of `ruleset`'s heaps, or `None` for a ruleset this does not cover
    /// (all-but and take-and-break games). A table computes at most `budget` sizes; one that
    /// finds no period within it is an error (`GaveUp` or `Unsupported`).
    pub fn new(ruleset: &Ruleset, budget: u64) -> Result<Option<Self>, AnalyzeError> {
        Ok(Some(match ruleset.misere_source() {
            MisereSource::Bouton => TameHeaps::Nim,
            MisereSource::Cycle(k) if k > MAX_TABLE_K => TameHeaps::Bounded(k),
            MisereSource::Cycle(k) => {
                let sizes = MoveSet::new(1..=k).map_err(|e| AnalyzeError::Unsupported(e.to_string()))?;
                Self::table(sizes, budget)?
            }
            MisereSource::Takes(set) => Self::table(set.clone(), budget)?,
            _ => return Ok(None),
        }))
    }

    fn table(sizes: MoveSet, budget: u64) -> Result<Self, AnalyzeError> {
        let asked = Work::TameTable.clamp(budget);
        // Each record costs ten misère values of |S| options each (a range counts its sizes).
        let budget = asked.min(TABLE_STEPS / sizes.count().saturating_mul(10));
        let width = MoveSet::max(&sizes);
        if width >= budget / 2 || width > u64::from(u32::MAX) {
            return Err(GaveUp { what: Work::TameTable, used: budget, needed: width.checked_mul(4) }.into());
        }
        let width = width as usize;
        let next = |records: &[Record]| {
            let n = records.len();
            let options: Vec<&Record> = sizes.sizes_upto(n as u64).map(|m| &records[n - m as usize]).collect();
            record(&options)
        };
        let key = |r: &Record| {
            // A plain mix of the fields; equal windows are confirmed record by record.
            let mut h = r.value.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            for &m in &r.misere {
                h = h.rotate_left(7) ^ m.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
            }
            match r.class {
                None => h ^ 1,
                Some(c) => h ^ (2 + u64::from(c.fickle)),
            }
        };
        let mut records: Vec<Record> = Vec::new();
        let Some(period) = until_window_repeats(&mut records, width, budget, key, next)? else {
            return Err(GaveUp { what: Work::TameTable, used: budget, needed: None }.into());
        };
        let records = records
            .iter()
            .map(|r| TameRecord {
                value: r.value,
                genus: [r.misere[0], r.misere[2], r.misere[5], r.misere[9]],
                class: r.class,
            })
            .collect();
        Ok(TameHeaps::Table { sizes, records, period })
    }

    /// The record of a heap of `n`, through the period past the table (always `Some` once the
    /// table is built; an `Option` so that no index can panic).
    pub fn record(&self, n: u64) -> Option<TameRecord> {
        let nim = |n: u64| TameRecord {
            value: n,
            genus: match n {
                0 => [1, 2, 0, 2],
                1 => [0, 3, 1, 3],
                g => [g, g ^ 2, g, g ^ 2],
            },
            class: Some(TameClass { value: n, fickle: n <= 1 }),
        };
        match self {
            TameHeaps::Nim => Some(nim(n)),
            // With K = 2^64 - 1 every heap is below K + 1.
            TameHeaps::Bounded(k) => {
                let r = k.checked_add(1).map_or(n, |m| n % m);
                Some(TameRecord { class: Some(TameClass { value: r, fickle: r <= 1 }), ..nim(r) })
            }
            TameHeaps::Table { records, period, .. } => {
                let i = if n < period.preperiod.saturating_add(period.period) {
                    n
                } else {
                    period.preperiod + (n - period.preperiod) % period.period
                };
                usize::try_from(i).ok().and_then(|i| records.get(i)).copied()
            }
        }
    }

    /// The class of a heap of `n` when it is proven tame.
    pub fn class(&self, n: u64) -> Option<TameClass> {
        self.record(n).and_then(|r| r.class)
    }

    /// The heaps a move from `n` may leave that could have one of the values `wanted`: every
    /// option for a table (at most |S|), and for Nim heaps only those values themselves, since
    /// a Nim heap's value is its size.
    pub fn candidate_moves(&self, n: u64, wanted: &[u64]) -> Vec<u64> {
        match self {
            TameHeaps::Nim => {
                let mut v: Vec<u64> = wanted.iter().copied().filter(|&m| m < n).collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            // The options n - 1 .. n - K take each residue but n's once: the one with residue
            // w is n - t for the t in 1..=K with t = n - w (mod K + 1).
            TameHeaps::Bounded(k) => {
                let mut v: Vec<u64> = wanted
                    .iter()
                    .filter_map(|&w| {
                        let m = k.checked_add(1)?;
                        (w < m).then_some(())?;
                        let t = (u128::from(n % m) + u128::from(m) - u128::from(w)) % u128::from(m);
                        let t = u64::try_from(t).ok()?;
                        (t >= 1 && t <= n).then(|| n - t)
                    })
                    .collect();
                if k.checked_add(1).is_none() {
                    v = wanted.iter().copied().filter(|&m| m < n).collect();
                }
                v.sort_unstable();
                v.dedup();
                v
            }
            TameHeaps::Table { sizes, .. } => sizes.sizes_upto(n).map(|s| n - s).collect(),
        }
    }

    /// The proven period of the records, for a table.
    pub fn period(&self) -> Option<Period> {
        match self {
            TameHeaps::Table { period, .. } => Some(*period),
            _ => None,
        }
    }
}
