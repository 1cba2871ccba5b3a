//! The sparse-space ("rare/common") engine for take-and-break games.
//!
//! Values are split by a mask m into *rare* values (an even number of bits of v & m set, 0
//! among them) and *common* ones (odd). The common values form a coset of a subspace of the
//! XOR group, so rare ^ rare and common ^ common are rare and only rare ^ common is common.
//! Positions holding a rare value ("rare positions") are few for a good mask.
//!
//! To find G(n): mark every single-heap option and every split that has a rare position as one
//! part (few pairs). These are all the options with a common value. Let c be the mex of what is
//! marked. If c is common, no other split can give c, and every smaller value is marked, so
//! G(n) = c. If c is rare, scan the remaining splits, marking as we go, and move c up whenever it
//! is found; stop as soon as c is common again or the splits run out. Either way the answer is
//! exact for any mask; the mask only decides the speed. Two things settle more candidates
//! without a scan: a split leaving an even heap m gives 0 by its middle pair (m / 2, m / 2),
//! marked at once; and a candidate is certified by the XORs of the extended values common
//! positions actually hold ([`CommonSums`]), often far fewer than the mask's whole even class.
//! A scan first looks at the first pairs of each split one by one (`first_pairs`), while
//! that settles most scans. It is chosen from the counts of the
//! values seen so far (a Walsh-Hadamard transform gives the number of rare positions of every
//! mask at once) and rebuilt when another mask would have clearly fewer rare positions.
//!
//! With one-byte values, the pairs with a rare part are marked a tile of 32 heaps at a time,
//! in vector registers (`Simd::tile_marks`): a rare position whose partners are known for
//! the whole tile (or for a group of eight of it) is one vector step per eight heaps; the few
//! others are marked heap by heap. With two-byte values they are marked a chunk of 64 heaps
//! at a time: for a rare position r known before the chunk, the n of the chunk whose partner
//! n - t - r is also known before it form a range, so those pairs are marked eight heaps a
//! vector step below 512 (`Simd::wide_group_marks`), else a contiguous, branch-free loop per
//! rare position, which can be split between two threads by halves of the chunk
//! ([`SparseEngine::set_threads`]; one thread by default); the pairs whose partner lies in
//! the chunk and those of rare positions found in it are done one n at a time. Scans are
//! done one n at a time: one of small values keeps what it finds as bits
//! (`Simd::xor_bits`); other scans flag the values of their first pairs (one byte store a
//! pair), then look for the few values still wanted alone: `Simd::settle` for bytes,
//! `Simd::settle_window` for two-byte values when those lie within 256 of the candidate. With values below 1024, the pairs with a rare part set
//! byte flags a tile of heaps at a time (one store a pair), folded into the marks after.
//!
//! Byte values below 128 whose values of 64 or more are very few are computed *narrow*: only
//! the options below 64 are found (two rows of 32 values in the tiles, a word of bits in the
//! scans), which is exact while the mex stays below 64, and a heap whose options give every
//! value below 64 is computed again in full.
//!
//! Values are stored as [`Cell`]s: `u8` (1 byte a position) while they fit, which the caller
//! widens to `u16` ([`SparseEngine::widen`]) when one passes 255; a value past 65534 is refused.

use std::fmt;

use serde::Serialize;

use crate::engine::common_sums::CommonSums;
use crate::engine::plain;
use crate::engine::simd::{ByteSet, Simd, TileMarks, WideGroup, WindowSet, TILE};
use crate::engine::triples::Triples;
use crate::rules::take_break::octal::SplitRules;
use crate::stop::Stopped;
use crate::values::Period;

/// Why the engine stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// A value did not fit in the 16 bits a value is stored in.
    #[error("G({n}) is past 65534, the largest value the engine stores")]
    ValueTooLarge {
        /// The heap whose value was too large.
        n: u64,
    },
    /// The table could not be allocated.
    #[error("not enough memory for the table ({bytes} bytes): ask for fewer values")]
    OutOfMemory {
        /// The bytes asked for.
        bytes: u64,
    },
    /// The work was stopped from outside (see [`crate::StopToken`]).
    #[error(transparent)]
    Stopped(Stopped),
}

/// Counters of the sparse engine's work, for `--summary`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SparseStats {
    /// The mask in use, on the extended value 2 G(n) + (n mod 2): position n is rare when
    /// (2 G(n) + n mod 2) & mask has an even number of bits (an odd number with `rare_odd`).
    pub mask: u32,
    /// Whether the rare positions are those whose extended value has an odd number of bits of
    /// the mask (else an even number, 0 among them). Either class works: pairs of two common
    /// positions give extended values of the even class only, so a candidate of the odd class
    /// (at every split's parity) comes only from pairs with a rare part, all marked. The odd
    /// class is chosen when it holds fewer positions and every split takes an odd number
    /// (so that a common position's own value is of the odd class at every split).
    pub rare_odd: bool,
    /// Positions n >= 1 holding a rare value.
    pub rare_positions: u64,
    /// Positions n >= 1 holding a common value.
    pub common_positions: u64,
    /// How many times the mask was changed (and the rare positions rebuilt).
    pub rebuilds: u64,
    /// Splits looked at because one part was a rare position.
    pub rare_pairs: u64,
    /// Positions whose first candidate was rare, so that other splits were scanned.
    pub scans: u64,
    /// Splits looked at in those scans.
    pub scanned_pairs: u64,
    /// Values not computed but derived from a proven period (G(n) = G(n - p) past the
    /// pre-period, exact by the periodicity theorem), once the engine switched to it.
    pub derived: u64,
    /// Values computed by the plain method (every split looked at), which the engine runs
    /// where it measures cheaper per value than the rare/common method (see [`MethodChoice`]).
    pub plain_values: u64,
    /// Splits looked at by the plain method.
    pub plain_pairs: u64,
    /// How many times the engine changed its method (sparse to plain or back).
    pub method_switches: u64,
    /// The heap at which the last change of method took effect (0 when there was none).
    pub last_switch_at: u64,
    /// The method computing values when the statistics were taken.
    pub method: ValueMethod,
}

/// Which of the engine's methods computes values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueMethod {
    /// The rare/common method: the pairs with a rare part, then a scan when the candidate is
    /// rare.
    #[default]
    Sparse,
    /// The plain method: every split of every heap.
    Plain,
}

impl fmt::Display for ValueMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ValueMethod::Sparse => "sparse",
            ValueMethod::Plain => "plain",
        })
    }
}

/// How the engine picks its method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MethodChoice {
    /// By measurement, as it runs (the default): at each review of the mask (every quarter
    /// more values), the time per value of the method in use is set against the other's, the
    /// plain method's predicted from its measured time per split (its work per heap is known
    /// exactly), the sparse method's measured on a trial block of a 128th of the heaps so far
    /// (once the heaps have grown by a quarter since the last trial); it changes method when
    /// the other is at least a fifth cheaper. Games with three-heap splits stay on the sparse
    /// engine.
    #[default]
    Measured,
    /// The rare/common method only.
    Sparse,
    /// The plain method only (games with three-heap splits: the sparse engine with mask 0,
    /// which looks at every split too).
    Plain,
}

/// The measurements behind [`MethodChoice::Measured`].
#[derive(Clone, Copy, Debug, Default)]
struct Costs {
    /// Seconds per split of the plain method, the least over its blocks since the heap it
    /// gives (measured again once the heaps have doubled).
    plain_per_pair: Option<(f64, usize)>,
    /// Seconds per value of the sparse method, the least over its blocks since the last
    /// review (or over the blocks of its trial).
    ///
    /// Least rather than mean: on a machine shared with other work, a block that lost the
    /// processor for a while takes longer than its work, never shorter; the margins of the
    /// decisions cover what the least leaves out of the method's variation.
    sparse_per_value: Option<f64>,
    /// The sparse method's seconds per value at the last review (the least over the blocks
    /// between the two reviews before it), which a trial of the plain method started there is
    /// compared with. Kept apart so that every review period is measured afresh: a least
    /// carried over several periods was the cost of heaps far smaller (0.125 stayed on the
    /// sparse method to 27,776, at twice the plain method's time per value).
    sparse_reviewed: Option<f64>,
    /// A trial block of the other method under way: its method and the heap it ends at.
    trial: Option<(ValueMethod, usize)>,
    /// The heap from which the plain method's next trial of the sparse one may start.
    next_sparse_trial: usize,
}

/// Blocks of byte values that start with at most this many rare positions mark their pairs one
/// at a time, without tiles.
const FEW_RARE: usize = 8;

/// Blocks are computed narrow while fewer than one value in this many is 64 or more (see
/// `SparseEngine::narrow_share`).
const NARROW_SHARE: u64 = 512;

/// The first heap from which the plain method may run on two threads (see
/// `SparseEngine::plain_values`).
const PARALLEL_FROM: usize = 4096;

/// The largest number of 64-bit words of marks kept for one block.
const MARK_WORDS: usize = 1 << 14;

/// How a value is stored: `u8` (1 byte a position, values up to 255) or `u16`.
pub trait Cell: Copy + Into<u16> + TryFrom<u16> + Send + Sync + PartialEq + std::fmt::Debug + 'static {
    /// The cells as bytes, for an engine of bytes: past its first pairs, its scans look for
    /// the values still wanted alone (`Simd::settle`).
    fn as_bytes(cells: &[Self]) -> Option<&[u8]>;

    /// The cells as two-byte values, for an engine of `u16`: past its first pairs, its scans
    /// look for the values still wanted alone (`Simd::settle_window`).
    fn as_wide(cells: &[Self]) -> Option<&[u16]>;
}

impl Cell for u8 {
    fn as_bytes(cells: &[u8]) -> Option<&[u8]> {
        Some(cells)
    }

    fn as_wide(_: &[u8]) -> Option<&[u16]> {
        None
    }
}

impl Cell for u16 {
    fn as_bytes(_: &[u16]) -> Option<&[u8]> {
        None
    }

    fn as_wide(cells: &[u16]) -> Option<&[u16]> {
        Some(cells)
    }
}

/// Words of a bitset holding every value up to `max` and every XOR of such values.
fn triple_words(max: u16) -> usize {
    (usize::from(max) + 1).next_power_of_two().div_ceil(64)
}

#[inline]
fn g<C: Cell>(c: C) -> u16 {
    c.into()
}

/// Computes G(0), G(1), ... of a take-and-break game, a chunk at a time.
///
/// The engine can be stopped after any chunk and resumed from the values alone
/// ([`SparseEngine::resume`]), which is what a store of values on disk needs.
///
/// ```
/// use grundy::frontend::{SparseEngine, OctalCode};
/// let kayles: OctalCode = "kayles".parse().unwrap();
/// let mut e = SparseEngine::new(kayles.rules());
/// e.extend_to(200).unwrap();
/// assert_eq!(&e.values()[..8], &[0, 1, 2, 3, 1, 4, 3, 2]);
/// let p = e.period().unwrap();
/// assert_eq!((p.preperiod, p.period), (71, 12));
/// ```
#[derive(Clone, Debug)]
pub struct SparseEngine<C: Cell = u16> {
    rules: SplitRules,
    take_all: Vec<usize>,
    take: Vec<usize>,
    split: Vec<usize>,
    split3: Vec<usize>,
    unequal: bool,
    values: Vec<C>,
    counts: Vec<u64>,
    max_value: u16,
    mask: u32,
    /// Whether the rare positions are those of the odd class under the mask.
    rare_odd: bool,
    /// Where each split's scan has got to (reused between positions).
    cursor: Vec<usize>,
    /// Rare positions n >= 1 in increasing order, and their values.
    rare_pos: Vec<usize>,
    rare_val: Vec<u16>,
    next_check: usize,
    fixed_mask: bool,
    threads: usize,
    stats: SparseStats,
    marks: Vec<u64>,
    /// The vector instructions the loops may use.
    simd: Simd,
    /// Whether scans look at their first pairs one by one first ([`Self::first_pairs`]): while
    /// at least 0, as it settles most scans (each settled scan adds 1, up to 8, each other
    /// takes 3 away: it stays where it settles three scans in four); below 0 it counts down
    /// the scans until it is tried again (it costs a fifth more where it seldom settles the
    /// scan: 0.56, 0.47).
    first_score: i32,
    /// Blocks of byte values below 128 are computed narrow while fewer than one value in
    /// `narrow_share` is 64 or more: every option's value below 64 found, those of 64 or more
    /// left out (as with values below 64: the pairs with a rare part marked in two rows of 32
    /// values, the scans keeping their finds as the bits of a word), which is exact while the
    /// mex stays below 64; a heap whose options give every value below 64 (G(n) >= 64) is then
    /// computed again in full (`exact_heap`, tens of times a narrow heap's work). In 0.644 one
    /// value in 500,000 is 64 or more, yet its XORs would take every heap to marks of 128
    /// values; in 0.174 one in 100, where heaps done again cost more than narrow ones save.
    narrow_share: u64,
    /// Where blocks are not narrow, whether scans of byte values below 128 still keep their
    /// finds below 64 as bits, starting again with every value flagged should the candidate
    /// reach 64 (0.174, where one value in 100 is 64 or more: a scan started again costs less
    /// than a heap done again): while at least 0 (a scan kept adds 1, up to 8, one started
    /// again takes 3 away); below 0 it counts down the scans until it is tried again.
    narrow_scan_score: i32,
    /// How many narrow heaps were computed again in full, for the tests.
    narrow_redone: u64,
    /// How many scans of values below 128 outside narrow blocks started again, for the tests.
    scans_restarted: u64,
    /// For heaps of each parity p, the least split that leaves an even heap from them (taking
    /// a number of parity p), when equal parts are allowed: its middle pair gives 0.
    middle_zero: [Option<usize>; 2],
    /// The extended values the common positions hold and their XORs: what a pair of common
    /// positions can give (see [`CommonSums`]).
    common: CommonSums,
    /// Bit v of word v / 64 of `odd_values[p]`: no pair of common positions of a heap of
    /// parity p gives v (`common` says so), for every v below 256 and below the power of two
    /// past the largest value (see [`Self::refresh_odd_values`]).
    odd_values: [Vec<u64>; 2],
    /// The three-heap splits (hexadecimal games only), found by a plain method.
    triples: Option<Box<Triples>>,
    /// The proven period every value past the ones computed is derived from, once the engine
    /// switched to it ([`SparseEngine::switch_to_period`]).
    derived_from: Option<Period>,
    /// How the method is picked, the method in use, and the measurements that pick it.
    choice: MethodChoice,
    method: ValueMethod,
    costs: Costs,
    /// The plain method's flags (one byte per value), kept between blocks.
    flags: Vec<u8>,
    /// The first heap and the least splits of a block from which the plain method runs on two
    /// threads when it has them (smaller in tests, so that small tables exercise it).
    parallel_from: (usize, u64),
}

fn to_usizes(v: &[u64]) -> Vec<usize> {
    v.iter().map(|&t| usize::try_from(t).unwrap_or(usize::MAX)).collect()
}

impl SparseEngine<u16> {
    /// An engine with no values yet, storing values in 2 bytes.
    pub fn new(rules: SplitRules) -> Self {
        SparseEngine::with_cells(rules)
    }

    /// The plain method: the mask stays 0, so every value is rare and every split is looked at.
    /// Kept for comparisons; it gives the same values.
    pub fn naive(rules: SplitRules) -> Self {
        let mut e = SparseEngine { fixed_mask: true, ..SparseEngine::new(rules) };
        e.set_method_choice(MethodChoice::Plain);
        e
    }

    /// An engine that continues from `values` = G(0..len), as saved by an earlier run.
    /// The values are trusted: a store must check them (checksums) before handing them over.
    pub fn resume(rules: SplitRules, values: Vec<u16>) -> Self {
        SparseEngine::resume_cells(rules, values)
    }

    /// The plain method ([`SparseEngine::naive`]) continuing from `values` = G(0..len).
    pub fn resume_naive(rules: SplitRules, values: Vec<u16>) -> Self {
        let mut e = SparseEngine { fixed_mask: true, ..SparseEngine::new(rules) }.resume_from(values);
        e.set_method_choice(MethodChoice::Plain);
        e
    }
}

impl SparseEngine<u8> {
    /// The same engine with the values widened to 2 bytes (when one passes 255).
    pub fn widen(self) -> SparseEngine<u16> {
        let SparseEngine {
            rules,
            values,
            fixed_mask,
            threads,
            stats,
            marks,
            derived_from,
            choice,
            method,
            costs,
            parallel_from,
            ..
        } = self;
        // With the room the bytes had, so that a caller's reserve for the same length finds it
        // already (if it cannot be had now, that reserve reports it).
        let mut wide: Vec<u16> = Vec::new();
        let _ = wide.try_reserve_exact(values.capacity());
        wide.extend(values.iter().map(|&v| u16::from(v)));
        drop(values);
        let mut e = SparseEngine::resume_cells(rules, wide);
        e.fixed_mask = fixed_mask;
        e.threads = threads;
        e.marks = marks; // the same room serves the wider engine
        e.stats = SparseStats { rebuilds: stats.rebuilds + e.stats.rebuilds, ..stats };
        e.derived_from = derived_from;
        e.choice = choice;
        e.method = method;
        e.parallel_from = parallel_from;
        // Two-byte values: both methods' times are measured again (a least carried over from
        // the bytes kept 0.125 on the sparse method for 8,000 heaps past its widening, at 1.5
        // times the plain method's time per value).
        e.costs = Costs { plain_per_pair: None, sparse_per_value: None, sparse_reviewed: None, ..costs };
        e
    }
}

impl<C: Cell> SparseEngine<C> {
    /// An engine with no values yet, storing values as `C`; a value that does not fit is
    /// refused with [`EngineError::ValueTooLarge`] (see [`SparseEngine::widen`]).
    pub fn with_cells(rules: SplitRules) -> Self {
        let three = !rules.split3.is_empty();
        let split = to_usizes(&rules.split);
        let middle_zero = [0, 1].map(|p| split.iter().copied().filter(|&t| t % 2 == p && !rules.unequal).min());
        SparseEngine {
            take_all: to_usizes(&rules.take_all),
            take: to_usizes(&rules.take),
            split,
            split3: to_usizes(&rules.split3),
            unequal: rules.unequal,
            rules,
            values: Vec::new(),
            counts: vec![0; 64],
            max_value: 0,
            mask: 0,
            rare_odd: false,
            cursor: Vec::new(),
            rare_pos: Vec::new(),
            rare_val: Vec::new(),
            next_check: 64,
            // The rare/common pairing is about two-heap splits: with three-heap splits every
            // position stays rare (mask 0), and the engine is the plain method.
            fixed_mask: three,
            threads: 1,
            stats: SparseStats::default(),
            marks: Vec::new(),
            simd: Simd::new(),
            first_score: 0,
            narrow_share: NARROW_SHARE,
            narrow_scan_score: 0,
            narrow_redone: 0,
            scans_restarted: 0,
            middle_zero,
            common: CommonSums::default(),
            odd_values: [vec![0; 4], vec![0; 4]],
            derived_from: None,
            triples: three.then(Box::default),
            choice: MethodChoice::Measured,
            method: ValueMethod::Sparse,
            costs: Costs::default(),
            flags: Vec::new(),
            parallel_from: (PARALLEL_FROM, 1 << 21),
        }
    }

    /// An engine that continues from `values` = G(0..len) stored as `C`.
    pub fn resume_cells(rules: SplitRules, values: Vec<C>) -> Self {
        SparseEngine::with_cells(rules).resume_from(values)
    }

    /// This engine (with no values yet) continuing from `values`.
    fn resume_from(self, values: Vec<C>) -> Self {
        let mut e = self;
        for (n, &v) in values.iter().enumerate() {
            e.count(g(v), n);
            e.max_value = e.max_value.max(g(v));
        }
        e.values = values;
        if let Some(t) = e.triples.as_mut() {
            let words = triple_words(e.max_value);
            for k in 1..=e.values.len() {
                t.push(&e.values[..k], words);
            }
        }
        e.next_check = e.values.len();
        e.check_mask(true);
        e
    }

    /// Sets how many threads the block loops of two-byte values may use (at least 1; more than
    /// 2 are used as 2). One-byte values mark their rare pairs in tiles, on one thread. The
    /// plain method runs its blocks from heap 4,096 on two threads too (each marks the splits
    /// known before the block for half its heaps), in either width.
    ///
    /// The default is one. The plain method on two threads measured no faster on the shared
    /// 2-core machine it was built on (0.764 to 2^16, 3 alternating runs: 1.07 to 1.31 s on one
    /// thread, 1.36 to 1.42 s on two, with the same user time: under a load of 2 to 3.5 the
    /// second thread found no free core). Measured on the 2-core machines this was built on, a second thread
    /// saved no time (Officers and Grundy's game to 400 000, medians of 8 alternating runs:
    /// within 2% either way; while both threads run, each runs slower) and cost 0.25 to 0.3 MB
    /// of peak memory (its stack, and the C library's thread start and exit code, mapped in
    /// 64 KB windows). See bench/HISTORY.md, "Fifth session".
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Sets how the method is picked ([`MethodChoice::Measured`] by default). Every choice
    /// gives the same values; forcing one is for comparisons and for tests, which check each
    /// method on its own.
    pub fn set_method_choice(&mut self, choice: MethodChoice) {
        self.choice = choice;
        self.method = match choice {
            MethodChoice::Plain if self.plain_allowed() => ValueMethod::Plain,
            _ => ValueMethod::Sparse,
        };
        self.costs.trial = None;
    }

    /// Whether the plain loop can compute this game (not with three-heap splits, whose plain
    /// method is the sparse engine with mask 0).
    fn plain_allowed(&self) -> bool {
        self.triples.is_none()
    }

    /// The rules being computed.
    pub fn rules(&self) -> &SplitRules {
        &self.rules
    }

    /// The values computed so far, G(0), G(1), ...
    pub fn values(&self) -> &[C] {
        &self.values
    }

    /// Gives the values back, dropping the engine.
    pub fn into_values(self) -> Vec<C> {
        self.values
    }

    /// How many values are known.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The work counters so far.
    pub fn stats(&self) -> SparseStats {
        let rare = self.rare_pos.len() as u64;
        SparseStats {
            mask: self.mask,
            rare_odd: self.rare_odd,
            rare_positions: rare,
            common_positions: (self.values.len() as u64).saturating_sub(1 + rare + self.stats.derived),
            method: self.method,
            ..self.stats
        }
    }

    /// The smallest period and pre-period the values prove (Guy-Smith theorem); never for
    /// Grundy's game, where the theorem does not apply.
    pub fn period(&self) -> Option<Period> {
        self.rules.proven_period(&self.values)
    }

    /// Reserves room for `len` values in one allocation, so that growing a chunk at a time
    /// never copies the table (and the peak memory is the table itself).
    pub fn reserve(&mut self, len: usize) -> Result<(), EngineError> {
        let extra = len.saturating_sub(self.values.len());
        let bytes = (extra as u64).saturating_mul(2);
        self.values.try_reserve_exact(extra).map_err(|_| EngineError::OutOfMemory { bytes })
    }

    /// Switches from computing values to deriving them from `period`, which the values so far
    /// prove (see [`SparseEngine::period`]): from then on every later value is G(n - p), a copy,
    /// exact by the periodicity theorem. A periodic game is the sparse method's worst case (every
    /// mask leaves many rare positions), so past the proof computing would cost ever more for
    /// nothing. Returns `false`, and changes nothing, when `period` is not one the values prove
    /// with saltus 0.
    ///
    /// ```
    /// use grundy::frontend::{OctalCode, SparseEngine};
    /// let kayles: OctalCode = "kayles".parse().unwrap();
    /// let mut e = SparseEngine::new(kayles.rules());
    /// e.extend_to(400).unwrap();
    /// assert!(e.switch_to_period(e.period().unwrap()));
    /// e.extend_to(100_000).unwrap();
    /// let mut plain = SparseEngine::naive(kayles.rules());
    /// plain.extend_to(2_000).unwrap();
    /// assert_eq!(&e.values()[..2_000], plain.values());
    /// assert_eq!(e.stats().derived, 100_000 - 400);
    /// ```
    pub fn switch_to_period(&mut self, period: Period) -> bool {
        if period.saltus != 0 || period.period == 0 || self.period() != Some(period) {
            return false;
        }
        self.derived_from = Some(period);
        true
    }

    /// The period later values are derived from, once the engine switched to it.
    pub fn derived_from(&self) -> Option<Period> {
        self.derived_from
    }

    /// Values up to `len` as copies through the proven period.
    fn derive_to(&mut self, len: usize, p: Period) -> Result<(), EngineError> {
        self.reserve(len)?;
        let have = self.values.len();
        // `switch_to_period` checked that the values cover the period, so `p` fits.
        let step = usize::try_from(p.period).unwrap_or(usize::MAX).min(have).max(1);
        while self.values.len() < len {
            // A period's worth at a time: G(n..n + k) = G(n - p..n - p + k) for k <= p.
            let n = self.values.len();
            let k = step.min(len - n);
            self.values.extend_from_within(n - step..n - step + k);
        }
        self.stats.derived += (len - have) as u64;
        Ok(())
    }

    /// Computes values until `len` are known (G(0..len)).
    pub fn extend_to(&mut self, len: usize) -> Result<(), EngineError> {
        let have = self.values.len();
        if len <= have {
            return Ok(());
        }
        if let Some(p) = self.derived_from {
            return self.derive_to(len, p);
        }
        self.reserve(len)?;
        // Pair visits a position cost in the last block: a block is the unit of work between
        // two stop checks, so it is kept to about 2^26 pair visits, which bounds the time to
        // stop even for dense codes of hundreds of digits (the sparse method's blocks of a few
        // thousand positions are far below it).
        let mut per_position: u64 = 0;
        while self.values.len() < len {
            crate::stop::check().map_err(EngineError::Stopped)?;
            if self.values.len() >= self.next_check {
                self.check_mask(false);
                self.review_method();
            }
            let s = self.values.len();
            let by_work = usize::try_from((1u64 << 26) / per_position.max(1)).unwrap_or(usize::MAX).max(1);
            let block = (s / 16).clamp(64, 8192).min(MARK_WORDS / self.words()).min(by_work);
            let mut e = len.min(s + block).min(self.next_check.max(s + 1));
            let method = match self.costs.trial {
                Some((method, end)) => {
                    // A trial in four blocks or more, the least of whose times is kept.
                    let quarter = (end.saturating_sub(s) / 4).max(32);
                    e = e.min(end.max(s + 1)).min(s + quarter);
                    method
                }
                None => self.method,
            };
            let work = self.work();
            let started = crate::stop::Instant::now();
            match method {
                ValueMethod::Plain => self.plain_block(s, e)?,
                ValueMethod::Sparse => self.block(s, e)?,
            }
            let seconds = started.elapsed().as_secs_f64();
            let done = self.work().saturating_sub(work);
            let computed = self.values.len() - s;
            per_position = done / computed.max(1) as u64;
            self.measured(method, seconds, computed, done);
        }
        Ok(())
    }

    /// Pair visits so far, of both methods.
    fn work(&self) -> u64 {
        self.stats.rare_pairs.saturating_add(self.stats.scanned_pairs).saturating_add(self.stats.plain_pairs)
    }

    /// Splits the plain method looks at for heap n.
    fn plain_pairs_of(&self, n: usize) -> usize {
        self.split
            .iter()
            .filter_map(|&t| n.checked_sub(t).filter(|&m| m >= 2))
            .map(|m| last_pair(m, self.unequal))
            .sum()
    }

    /// Heaps from which the method is measured: below them every heap takes microseconds.
    const REVIEW_FROM: usize = 1024;

    /// Records the time a block of `computed` values by `method` took (`pairs` pair visits),
    /// and, when it ended a trial block, decides between the two methods.
    fn measured(&mut self, method: ValueMethod, seconds: f64, computed: usize, pairs: u64) {
        if self.choice != MethodChoice::Measured || computed == 0 {
            return;
        }
        let n = self.values.len();
        let least = |old: Option<f64>, new: f64| Some(old.map_or(new, |o| o.min(new)));
        match method {
            ValueMethod::Plain if pairs > 0 => {
                let rate = seconds / pairs as f64;
                self.costs.plain_per_pair = match self.costs.plain_per_pair {
                    Some((old, at)) if n < 2 * at => Some((old.min(rate), at)),
                    _ => Some((rate, n)),
                };
            }
            ValueMethod::Plain => {}
            // Blocks of a few heaps say little of the method's time per value.
            ValueMethod::Sparse if computed >= 32 || self.costs.sparse_per_value.is_none() => {
                self.costs.sparse_per_value = least(self.costs.sparse_per_value, seconds / computed as f64);
            }
            ValueMethod::Sparse => {}
        }
        let Some((trial, end)) = self.costs.trial else { return };
        if n < end {
            return;
        }
        self.costs.trial = None;
        let plain = self.plain_cost(n);
        let sparse = match trial {
            ValueMethod::Plain => self.costs.sparse_reviewed,
            ValueMethod::Sparse => self.costs.sparse_per_value,
        };
        let switch = match (trial, plain, sparse) {
            (ValueMethod::Plain, Some(plain), Some(sparse)) => plain * 1.25 < sparse,
            (ValueMethod::Sparse, Some(plain), Some(sparse)) => sparse * 1.25 < plain,
            _ => false,
        };
        if switch {
            self.switch_method(trial, n);
        }
    }

    /// The plain method's predicted seconds per value at heap n, from its measured time per
    /// split.
    fn plain_cost(&self, n: usize) -> Option<f64> {
        let (per_pair, _) = self.costs.plain_per_pair?;
        Some(per_pair * self.plain_pairs_of(n).max(1) as f64)
    }

    /// Changes the method from heap n on.
    fn switch_method(&mut self, method: ValueMethod, n: usize) {
        if method != self.method {
            self.method = method;
            self.stats.method_switches += 1;
            self.stats.last_switch_at = n as u64;
            self.costs.sparse_per_value = None;
            self.costs.next_sparse_trial = n + n / 4;
        }
    }

    /// At a review (see [`MethodChoice::Measured`]): with the sparse method in use, compares
    /// its time per value since the last review with the plain method's prediction (measured
    /// again on a short trial when the heaps have doubled since); with the plain method in
    /// use, starts a trial block of the sparse method, a 128th of the heaps so far, once the
    /// heaps have grown by a quarter since the last trial or change (so that trials cost a few
    /// percent: 0.364 switched back to the sparse method at 32,649 with trials at each
    /// doubling, at 13,270 with these).
    fn review_method(&mut self) {
        let n = self.values.len();
        if self.choice != MethodChoice::Measured || !self.plain_allowed() || n < Self::REVIEW_FROM {
            return;
        }
        if self.derived_from.is_some() {
            return;
        }
        // This period's least time per value of the sparse method; the next period is measured
        // afresh.
        if let Some(sparse) = self.costs.sparse_per_value.take() {
            self.costs.sparse_reviewed = Some(sparse);
        }
        match self.method {
            ValueMethod::Sparse => {
                // Measured again once the heaps have doubled, unless its prediction is far
                // past the sparse method's cost (its time per split moves far less than 3x).
                let far = match (self.plain_cost(n), self.costs.sparse_reviewed) {
                    (Some(plain), Some(sparse)) => plain > 3.0 * sparse,
                    _ => false,
                };
                let stale = self.costs.plain_per_pair.is_none_or(|(_, at)| n >= 2 * at && !far);
                if stale {
                    // A trial of about 2^22 splits: milliseconds.
                    let heaps = ((1usize << 22) / self.plain_pairs_of(n).max(1)).clamp(1, 64);
                    self.costs.trial = Some((ValueMethod::Plain, n + heaps));
                    return;
                }
                if let (Some(plain), Some(sparse)) = (self.plain_cost(n), self.costs.sparse_reviewed) {
                    if plain * 1.25 < sparse {
                        self.switch_method(ValueMethod::Plain, n);
                    }
                }
            }
            ValueMethod::Plain if n >= self.costs.next_sparse_trial => {
                self.costs.trial = Some((ValueMethod::Sparse, n + (n / 128).max(64)));
                self.costs.next_sparse_trial = n + n / 4;
            }
            ValueMethod::Plain => {}
        }
    }

    /// 64-bit words of marks per position: room for every XOR of two values below the next
    /// power of two, and one more word so that the mex always finds a hole.
    fn words(&self) -> usize {
        let v = (usize::from(self.max_value) + 1).next_power_of_two();
        (2 * v) / 64 + 1
    }

    /// Counts one more position with value v (the counts grow with the largest value, so a
    /// game with small values keeps a small table).
    fn count(&mut self, v: u16, n: usize) {
        let v = ext(v, n) as usize;
        if v >= self.counts.len() {
            self.counts.resize((v + 1).next_power_of_two(), 0);
        }
        self.counts[v] += 1;
    }

    /// Whether position n, holding v, is rare.
    fn is_rare(&self, v: u16, n: usize) -> bool {
        (ext(v, n) & self.mask).count_ones().is_multiple_of(2) != self.rare_odd
    }

    /// Whether the candidate c for G(n) is certainly not an option: for every split, the
    /// extended value of c at that split's parity is no XOR of two extended values that common
    /// positions hold (of the mask's odd class, at least), so only the pairs with a rare part
    /// (all marked) could give it.
    fn certified(&self, c: usize, n: usize) -> bool {
        certified(&self.split, (&self.common, self.mask), c, n)
    }

    /// Picks the mask with the fewest rare positions for the values so far, and switches to it
    /// when it saves at least a tenth of them (or always, with `force`).
    fn check_mask(&mut self, force: bool) {
        let n = self.values.len();
        self.next_check = n + (n / 4).max(256);
        if self.fixed_mask {
            if force {
                self.rebuild_rare();
            }
            return;
        }
        let size = 2 * (usize::from(self.max_value) + 1).next_power_of_two();
        // Over extended values e = 2 G(n) + n mod 2:
        // f[m] = sum over e of count(e) * (-1)^popcount(e & m); rare(m) = (N + f[m]) / 2.
        let mut f: Vec<i64> = (0..size).map(|v| self.counts.get(v).map_or(0, |&c| c as i64)).collect();
        let mut h = 1;
        while h < size {
            for i in (0..size).step_by(2 * h) {
                for j in i..i + h {
                    let (a, b) = (f[j], f[j + h]);
                    f[j] = a + b;
                    f[j + h] = a - b;
                }
            }
            h *= 2;
        }
        // The rare class may be the odd one where every split takes an odd number and the
        // mask reads the parity: a common position n (even class) then certifies its own
        // value at every split (see `SparseStats::rare_odd`). 0.104 needs it.
        let odd_allowed = !self.split.is_empty() && self.split.iter().all(|&t| t % 2 == 1);
        // Where splits take numbers of both parities, the parts of a split of n add up to
        // n - t of either parity: a mask that reads the parity certifies a candidate at the
        // splits of one parity only and leaves the others to full scans (0.75: one full scan
        // a value, quadratic). Such masks are left out there, as Flammenkamp's sparse
        // positions are defined only for splits of one parity.
        let mixed = self.split.iter().any(|&t| t % 2 == 0) && self.split.iter().any(|&t| t % 2 == 1);
        let total = n as i64;
        // Rare positions of each choice: even class (N + f) / 2, odd class (N - f) / 2.
        let rare_of = |m: usize, odd: bool| if odd { (total - f[m]) / 2 } else { (total + f[m]) / 2 };
        let candidates = (0..size)
            .filter(|m| !mixed || m % 2 == 0)
            .map(|m| (m, false))
            .chain((1..size).step_by(2).filter(|_| odd_allowed).map(|m| (m, true)));
        let best = candidates.min_by_key(|&(m, odd)| (rare_of(m, odd), m, odd)).unwrap_or((0, false));
        let cur = (self.mask as usize, self.rare_odd);
        let rare_best = rare_of(best.0, best.1);
        let rare_cur = if cur.0 < size { rare_of(cur.0, cur.1) } else { total };
        if force || (best != cur && rare_best * 10 < rare_cur * 9) {
            if best != cur {
                self.stats.rebuilds += 1;
            }
            self.set_rare_class(best.0 as u32, best.1);
        }
    }

    /// Switches to `mask` with the rare positions in the odd class when `rare_odd` (never with
    /// mask 0, where every position is of the even class and the engine takes every position
    /// as rare), finding them again.
    fn set_rare_class(&mut self, mask: u32, rare_odd: bool) {
        self.rare_odd = rare_odd && mask != 0;
        self.set_mask_only(mask);
    }

    /// Switches to `mask` (the class of rare positions kept), finding them again.
    fn set_mask_only(&mut self, mask: u32) {
        self.mask = mask;
        self.rebuild_rare();
    }

    /// Finds the rare positions again, and the values the common ones hold.
    fn rebuild_rare(&mut self) {
        self.rare_pos.clear();
        self.rare_val.clear();
        self.common.clear();
        for (n, &v) in self.values.iter().enumerate().skip(1) {
            if self.is_rare(g(v), n) {
                self.rare_pos.push(n);
                self.rare_val.push(g(v));
            } else {
                self.common.add(ext(g(v), n));
            }
        }
        self.refresh_odd_values();
    }

    /// Sets `odd_values` from `common`, for the values below 256 and below the power of two
    /// past the largest value (asked again whenever the common sums grow or that power does).
    fn refresh_odd_values(&mut self) {
        let (common, mask) = (&self.common, self.mask);
        let words = (usize::from(self.max_value) + 1).next_power_of_two().max(256) / 64;
        for (p, odd) in self.odd_values.iter_mut().enumerate() {
            odd.clear();
            odd.extend((0..words).map(|k| {
                (0..64).fold(0u64, |word, i| word | u64::from(!common.may_give(ext_at(64 * k + i, p), mask)) << i)
            }));
        }
    }

    /// Computes G(s..e), or fewer when a value opens a new power of two (the marks of the block
    /// were sized for the old range); the caller loops.
    fn block(&mut self, s: usize, e: usize) -> Result<(), EngineError> {
        let w = self.words();
        // With values of one byte, below 256, the pairs with rare positions are marked a tile
        // of heaps at a time, in vector registers (see `Tile`). Otherwise, the pairs of a rare
        // position known before a chunk whose partner is also known before it are marked for
        // the whole chunk at once (`bulk`); the others (partner in the chunk) and those of rare
        // positions found in the chunk, position by position (`near_pairs`).
        let tiled = C::as_bytes(&self.values).is_some() && w <= 9;
        // Values below 128 (5 words) computed narrow, as values below 64 are (see
        // `narrow_share`); the heaps of G(n) >= 64 again in full. (A loop of its own, so that
        // the others keep theirs as they were.)
        let high: u64 = self.counts.iter().skip(128).sum();
        let narrow = tiled
            && (4..=5).contains(&w)
            && self.triples.is_none()
            && high.saturating_mul(self.narrow_share) < self.values.len() as u64;
        match narrow {
            true => self.block_of::<true>((s, e), w, tiled),
            false => self.block_of::<false>((s, e), w, tiled),
        }
    }

    /// [`Self::block`], narrow or not, with marks of `w` words a heap, `tiled` or not.
    fn block_of<const NARROW: bool>(
        &mut self,
        (s, e): (usize, usize),
        w: usize,
        tiled: bool,
    ) -> Result<(), EngineError> {
        let narrow = NARROW;
        let len = e - s;
        let mut marks = std::mem::take(&mut self.marks);
        marks.clear();
        // Room for the largest block at once (pages are only touched as blocks grow): growing
        // step by step would leave freed copies behind in the heap.
        marks.reserve_exact(MARK_WORDS);
        marks.resize(len * w, 0);

        let mut tile = Tile::new(if narrow { 3 } else { w });
        // With few rare positions (0.356 has 6), a heap's pairs with them are marked one at a
        // time: the tile's set-up and ranges cost more than the pairs.
        let direct = tiled && self.rare_pos.len() <= FEW_RARE;
        // The start of the current chunk and how many rare positions were known there.
        let (mut chunk, mut k_chunk) = (s, self.rare_pos.len());

        for n in s..e {
            // Chunks of CHUNK heaps, so that only the rare positions within a chunk's length of
            // a split (and those found in the chunk) are left to the heaps one at a time: once
            // a block, they were all those within the block's length (hundreds of heaps).
            if !tiled && (n - s).is_multiple_of(CHUNK) {
                let end = e.min(n + CHUNK);
                self.bulk(&mut marks[(n - s) * w..(end - s) * w], n, end, w);
                (chunk, k_chunk) = (n, self.rare_pos.len());
            }
            let seen = &mut marks[(n - s) * w..(n - s + 1) * w];
            self.mark_own_options(n, seen);
            let pairs = match (tiled, direct) {
                (true, true) => self.direct_pairs(n, seen),
                (true, false) => {
                    let mut filled = 0;
                    if (n - s).is_multiple_of(TILE) {
                        filled += self.fill_tile(&mut tile, n, e);
                    }
                    // No rare position yet (0.536 has none): no pair to mark, and none was
                    // when the tile was filled (they only grow within a block), so the tile
                    // is empty and its ranges stay right for one found later.
                    if !self.rare_pos.is_empty() {
                        if (n - s).is_multiple_of(8) {
                            filled += self.fill_group(&mut tile, n, e);
                        }
                        filled += self.tile_rest(&tile, n, seen, narrow);
                    }
                    filled
                }
                (false, _) => self.near_pairs(n, chunk, k_chunk, seen),
            };
            if self.triples.is_some() {
                self.mark_triples(n, seen);
            }
            self.stats.rare_pairs += pairs;
            let mut c = mex_from(seen, 0);
            // With mask 0 every position is rare, so every split was marked already.
            if self.mask != 0 && !self.certified(c, n) {
                // Flags for every value the scan may meet: 64 for bytes below 64 (which keep
                // bits instead, so the flags cleared per scan are one store), 256 for other
                // bytes, else 1,024 (a scan past them marks bits).
                c = match C::as_bytes(&self.values) {
                    Some(_) if seen.len() <= 3 || narrow => self.scan::<64, NARROW>(n, c, seen),
                    Some(_) => self.scan::<256, false>(n, c, seen),
                    None => self.scan::<1024, false>(n, c, seen),
                };
            }
            // Every value below 64 is an option: those of 64 or more were left out.
            if narrow && c >= 64 {
                c = self.exact_heap(n, seen);
                self.narrow_redone += 1;
            }
            if !self.push_value(n, c)? {
                break; // XORs may now pass the marks' range.
            }
        }
        self.marks = marks;
        Ok(())
    }

    /// Marks in `seen` the values of heap n's options that leave one heap or none, and 0 where
    /// a split leaves an even heap: the options every way of finding G(n) marks first.
    #[inline]
    fn mark_own_options(&self, n: usize, seen: &mut [u64]) {
        let values = &self.values;
        for &t in &self.take_all {
            if n == t && t > 0 {
                seen[0] |= 1;
            }
        }
        for &t in &self.take {
            if n > t && t > 0 {
                mark(seen, g(values[n - t]));
            }
        }
        // A split leaving an even m >= 2 has the pair (m / 2, m / 2), which gives 0
        // whatever G(m / 2) is: 0 is an option without a scan (else the candidate 0, no
        // certificate can rule out, sent nearly every heap of 0.75, 4.7 and 0.55 to one).
        if self.middle_zero[n & 1].is_some_and(|t| n >= t + 2) {
            seen[0] |= 1;
        }
    }

    /// G(n) found again with every value marked, for a heap computed narrow (see
    /// `narrow_share`) whose options gave every value below 64: the pairs with a rare part
    /// one at a time (no tile), then a scan of byte flags.
    #[inline(never)]
    fn exact_heap(&mut self, n: usize, seen: &mut [u64]) -> usize {
        seen.fill(0);
        self.mark_own_options(n, seen);
        self.stats.rare_pairs += self.direct_pairs(n, seen);
        let c = mex_from(seen, 0);
        match self.mask != 0 && !self.certified(c, n) {
            true => self.scan::<256, false>(n, c, seen),
            false => c,
        }
    }

    /// Marks in `seen` every pair of heap n with a rare part, one at a time (the values below
    /// 64 gathered in a register); returns how many there were.
    #[inline]
    fn direct_pairs(&self, n: usize, seen: &mut [u64]) -> u64 {
        let values = &self.values;
        let (mut pairs, mut low) = (0, 0u64);
        for &t in &self.split {
            let Some(m) = n.checked_sub(t) else { continue };
            for (&r, &rv) in self.rare_pos.iter().zip(&self.rare_val) {
                if r >= m {
                    break;
                }
                if !(self.unequal && 2 * r == m) {
                    match rv ^ g(values[m - r]) {
                        x if x < 64 => low |= 1 << x,
                        x => mark(seen, x),
                    }
                    pairs += 1;
                }
            }
        }
        seen[0] |= low;
        pairs
    }

    /// Computes G(s..e) by the plain method (every split looked at, see `engine::plain`), or
    /// fewer when a value opens a new power of two (the flags were sized for the old range);
    /// the caller loops. The rare positions are kept up to date, so that the sparse method can
    /// take over at any heap.
    fn plain_block(&mut self, s: usize, e: usize) -> Result<(), EngineError> {
        let big = (usize::from(self.max_value) + 1).next_power_of_two();
        match big {
            0..=256 => self.plain_block_of::<256>(s, e),
            512 => self.plain_block_of::<512>(s, e),
            1024 => self.plain_block_of::<1024>(s, e),
            2048 => self.plain_block_of::<2048>(s, e),
            4096 => self.plain_block_of::<4096>(s, e),
            8192 => self.plain_block_of::<8192>(s, e),
            16384 => self.plain_block_of::<16384>(s, e),
            32768 => self.plain_block_of::<32768>(s, e),
            _ => self.plain_block_of::<65536>(s, e),
        }
    }

    /// [`Self::plain_block`] with every value below V.
    fn plain_block_of<const V: usize>(&mut self, s: usize, e: usize) -> Result<(), EngineError> {
        let mut flags = std::mem::take(&mut self.flags);
        if flags.len() < V {
            flags.resize(V, 0);
        }
        let result = self.plain_values::<V>(&mut flags, s, e);
        self.flags = flags;
        result
    }

    fn plain_values<const V: usize>(&mut self, flags: &mut Vec<u8>, s: usize, e: usize) -> Result<(), EngineError> {
        // Two threads pay only on blocks of millions of splits (a thread costs tens of
        // microseconds to start), and their split of the work needs every part of a heap's
        // far splits known before the block: s >= PARALLEL_FROM and a block shorter than s.
        let work = (self.plain_pairs_of(s) as u64).saturating_mul((e - s) as u64);
        let (from, least_work) = self.parallel_from;
        if self.threads > 1 && s >= from && e - s <= s && work >= least_work {
            return self.plain_values_parallel::<V>(flags, s, e);
        }
        let Ok(flags) = <&mut [u8; V]>::try_from(&mut flags[..V]) else { return Ok(()) }; // V bytes
        for n in s..e {
            flags.fill(0);
            self.mark_single_heap_options(n, flags);
            let values = &self.values;
            let mut pairs = 0;
            for &t in &self.split {
                let Some(m) = n.checked_sub(t).filter(|&m| m >= 2) else { continue };
                // The splits (a, m - a), a = 1..=h; in Grundy's game the parts differ.
                let h = last_pair(m, self.unequal);
                plain::mark_pairs::<C, V>(&values[1..=h], &values[m - h..m], flags);
                pairs += h as u64;
            }
            self.stats.plain_pairs += pairs;
            self.stats.plain_values += 1;
            let c = plain::first_unset(flags);
            if !self.push_value(n, c)? {
                break;
            }
        }
        Ok(())
    }

    /// Marks in `flags` the values of heap n's options that leave one heap or none (`take_all`,
    /// `take`), the part of a plain mex both plain loops share.
    fn mark_single_heap_options<const V: usize>(&self, n: usize, flags: &mut [u8; V]) {
        for &t in &self.take_all {
            if n == t && t > 0 {
                flags[0] = 1;
            }
        }
        for &t in &self.take {
            if n > t && t > 0 {
                flags[usize::from(g(self.values[n - t])) & (V - 1)] = 1;
            }
        }
    }

    /// [`Self::plain_values`] on two threads: first, each thread marks the splits of half the
    /// heaps of the block whose parts are both known before it (nearly all of them), each heap
    /// into its own V flags; then, heap by heap in order, the splits with a part in the block,
    /// the single-heap options, and the mex. At most 1 MB of flags: the block may end early
    /// (the caller loops).
    fn plain_values_parallel<const V: usize>(
        &mut self,
        flags: &mut Vec<u8>,
        s: usize,
        e: usize,
    ) -> Result<(), EngineError> {
        let e = e.min(s + ((1 << 20) / V).max(2));
        let len = e - s;
        flags.clear();
        flags.resize(len * V, 0);
        {
            let (values, split, unequal) = (&self.values[..s], &self.split[..], self.unequal);
            let far = |chunk: &mut [u8], first: usize| {
                for (i, f) in chunk.chunks_exact_mut(V).enumerate() {
                    let Ok(f) = <&mut [u8; V]>::try_from(f) else { continue }; // V bytes
                    for &t in split {
                        let Some(m) = (first + i).checked_sub(t).filter(|&m| m >= 2) else { continue };
                        let h = last_pair(m, unequal);
                        // The splits (a, m - a) whose part m - a is below s: a > m - s.
                        let lo = (m + 1).saturating_sub(s).max(1);
                        if lo <= h {
                            plain::mark_pairs::<C, V>(&values[lo..=h], &values[m - h..=m - lo], f);
                        }
                    }
                }
            };
            let mid = len / 2;
            let (low, high) = flags.split_at_mut(mid * V);
            std::thread::scope(|scope| {
                scope.spawn(|| far(high, s + mid));
                far(low, s);
            });
        }
        for n in s..e {
            let Ok(f) = <&mut [u8; V]>::try_from(&mut flags[(n - s) * V..(n - s + 1) * V]) else { break }; // V bytes
            self.mark_single_heap_options(n, f);
            let values = &self.values;
            let mut pairs = 0;
            for &t in &self.split {
                let Some(m) = n.checked_sub(t).filter(|&m| m >= 2) else { continue };
                let h = last_pair(m, self.unequal);
                pairs += h as u64;
                // The splits whose part m - a is in the block: a <= m - s.
                let near = h.min(m.saturating_sub(s));
                if near >= 1 {
                    plain::mark_pairs::<C, V>(&values[1..=near], &values[m - near..m], f);
                }
            }
            self.stats.plain_pairs += pairs;
            self.stats.plain_values += 1;
            let c = plain::first_unset(f);
            if !self.push_value(n, c)? {
                break;
            }
        }
        Ok(())
    }

    /// Adds G(n) = c to the values, the counts and the rare positions; false when c opens a
    /// new power of two (the block's marks or flags were sized for the old range).
    #[inline(always)]
    fn push_value(&mut self, n: usize, c: usize) -> Result<bool, EngineError> {
        let big = (usize::from(self.max_value) + 1).next_power_of_two();
        let Ok(c16) = u16::try_from(c) else {
            return Err(EngineError::ValueTooLarge { n: n as u64 });
        };
        let cell = C::try_from(c16).ok().filter(|_| c16 != u16::MAX);
        let Some(cell) = cell else {
            return Err(EngineError::ValueTooLarge { n: n as u64 });
        };
        self.values.push(cell);
        self.count(c16, n);
        if self.triples.is_some() {
            self.push_triples(c16);
        }
        if n >= 1 {
            if self.is_rare(c16, n) {
                self.rare_pos.push(n);
                self.rare_val.push(c16);
            } else if self.common.add(ext(c16, n)) {
                self.refresh_odd_values();
            }
        }
        if c16 > self.max_value {
            self.max_value = c16;
            if c >= big {
                self.refresh_odd_values();
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Marks the three-heap splits of n (kept out of line: the loop of the two-heap games
    /// measured slower with it inline).
    #[inline(never)]
    fn mark_triples(&self, n: usize, seen: &mut [u64]) {
        if let Some(triples) = self.triples.as_ref() {
            for &t in &self.split3 {
                if let Some(m) = n.checked_sub(t) {
                    triples.mark(m, seen);
                }
            }
        }
    }

    /// Records the XOR sets of the position just added (whose value is `v`) for the three-heap
    /// splits.
    #[inline(never)]
    fn push_triples(&mut self, v: u16) {
        let words = triple_words(self.max_value.max(v));
        if let Some(triples) = self.triples.as_mut() {
            triples.push(&self.values, words);
        }
    }

    /// Looks at the other splits of n until the candidate `c` is certified missing (see
    /// [`Self::certified`]) or every split not certifying it has been looked at; returns G(n).
    fn scan<const F: usize, const NARROW: bool>(&mut self, n: usize, mut c: usize, seen: &mut [u64]) -> usize {
        let narrow = NARROW;
        self.stats.scans += 1;
        if self.first_score >= 0 {
            c = self.first_pairs(n, c, seen);
            if self.certified(c, n) {
                self.first_score = (self.first_score + 1).min(8);
                return c;
            }
            self.first_score -= 3;
        } else {
            // Tried again after 256 scans without it.
            self.first_score -= 1;
            if self.first_score < -256 {
                self.first_score = 0;
            }
        }
        let mut cursor = std::mem::take(&mut self.cursor);
        cursor.clear();
        cursor.resize(self.split.len(), 1);
        let values = &self.values;
        let bytes = C::as_bytes(values);
        // With values below 64 (marks of at most 3 words), a scan of bytes keeps the values
        // it finds as the bits of a word, 32 pairs' worth at a time (`Simd::xor_bits`). So does
        // a narrow one (see `narrow_share`), for the XORs below 64 only, until the candidate
        // reaches 64: the heap is then done again in full. Or, outside narrow blocks, a scan of
        // values below 128 while `narrow_scan_score` allows, starting again should the
        // candidate reach 64.
        let mid = F == 256 && bytes.is_some() && !narrow && (4..=5).contains(&seen.len());
        let restartable = mid && self.narrow_scan_score >= 0;
        if mid && !restartable {
            self.narrow_scan_score -= 1;
            if self.narrow_scan_score < -256 {
                self.narrow_scan_score = 0;
            }
        }
        let mut small = bytes.is_some() && (seen.len() <= 3 || narrow || restartable);
        let mut bits = 0u64;
        // Other scans with values below F flag the values of their first pairs (a byte store a
        // pair, in a stack array cleared per scan), folded into `seen` after each run
        // (`Simd::or_flags`), so that the candidate skips them 64 at a time.
        let fast = seen.len() <= 2 * F / 64 + 1;
        let mut flags = [0u8; F];
        let flag_words = ((usize::from(self.max_value) + 1).next_power_of_two() / 64).clamp(1, F / 64);
        let mut pairs = 0u64;
        // The candidates left when the scan of a split stops flagging, and that split.
        let mut wanted: Option<(usize, ByteSet)> = None;
        // The same for two-byte values (the split, the window's base and the offsets from it).
        let mut wanted_wide: Option<(usize, u16, WindowSet)> = None;
        let big = (usize::from(self.max_value) + 1).next_power_of_two();
        loop {
            // Of the splits that could still hold c and have pairs left, the one whose turn it
            // is (see `turn`): the splits take turns, so that a split that never gives c
            // cannot hold the scan for all its pairs while another would give c at once.
            let candidate = |i: usize, t: usize| {
                let m = n.checked_sub(t).filter(|&m| m >= 2)?;
                let hi = last_pair(m, self.unequal);
                (cursor[i] <= hi && self.common.may_give(ext_at(c, m), self.mask)).then_some((i, m, hi))
            };
            let first = self.split.iter().enumerate().find_map(|(i, &t)| candidate(i, t));
            let next = match first {
                // A later split may come before it only once it is past its first pairs.
                Some((i, ..)) if cursor[i] > 1 << TURN_SHIFT => {
                    let later = self.split.iter().enumerate().skip(i + 1).filter_map(|(j, &t)| candidate(j, t));
                    later.fold(first, |best, b| match best {
                        Some(a) if turn(cursor[a.0], a.0) <= turn(cursor[b.0], b.0) => best,
                        _ => Some(b),
                    })
                }
                _ => first,
            };
            let Some((i, m, hi)) = next else { break };
            let a = cursor[i];
            // A run of pairs without looking at c, then one look.
            // Runs grow (64, 128, ... 1024): short scans stop soon after c is settled, long
            // ones look at c rarely.
            let run = a.next_power_of_two().clamp(SCAN_RUN, 16 * SCAN_RUN);
            let mut end = (a + run).min(hi + 1);
            let mut done = false;
            // Past the first pairs of a split, a scan of two-byte values looks for the values
            // still wanted alone when they lie within 256 of the candidate (found once per
            // split; the set then only loses the values found).
            if bytes.is_none() && a > STAMPED_PAIRS && !matches!(&wanted_wide, Some((split, ..)) if *split == i) {
                let span = self.simd.window_span();
                wanted_wide = Self::wanted_window(&self.split, &self.odd_values, seen, (c, span), (n, m), big)
                    .map(|set| (i, c as u16, set));
            }
            let window = wanted_wide.as_mut().filter(|(split, ..)| *split == i && a > STAMPED_PAIRS);
            if let (Some(bytes), true) = (bytes, small) {
                bits |= self.simd.xor_bits(bytes, m, a, end, seen.len() >= 3);
            } else if let (Some(bytes), true) = (bytes, a > STAMPED_PAIRS) {
                // Past the first pairs, few candidates are left: look for them alone, until
                // all are found or the split has no pairs left. (The set is found once per
                // split: it then only loses the values found.)
                let set = match &mut wanted {
                    Some((split, set)) if *split == i => set,
                    _ => &mut wanted.insert((i, Self::wanted(&self.split, &self.odd_values, seen, c, (n, m)))).1,
                };
                let before = *set;
                end = self.simd.settle(bytes, m, a, hi, set);
                for x in set.gone_since(&before) {
                    mark(seen, u16::from(x));
                }
                // Every value this split could still settle is found: its other pairs give
                // only values settled already, or past the first certified one.
                done = set.is_empty();
            } else if let (Some(bytes), true) = (bytes, fast) {
                plain::mark_pairs::<u8, F>(&bytes[a..end], &bytes[m + 1 - end..m + 1 - a], &mut flags);
                fold_flags_from(self.simd, &flags, seen, c, flag_words);
            } else if let Some((wide, (_, base, set))) = C::as_wide(values).zip(window) {
                let before = *set;
                end = self.simd.settle_window(wide, m, (a, hi), *base, set);
                for d in set.gone_since(&before) {
                    mark(seen, *base + d);
                }
                done = set.is_empty();
            } else if fast {
                plain::mark_pairs::<C, F>(&values[a..end], &values[m + 1 - end..m + 1 - a], &mut flags);
                fold_flags_from(self.simd, &flags, seen, c, flag_words);
            } else {
                for x in a..end {
                    mark(seen, g(values[x]) ^ g(values[m - x]));
                }
            }
            pairs += (end - a) as u64;
            cursor[i] = if done { hi + 1 } else { end };
            // The candidate moves up past everything marked or found (a small scan's finds
            // joined to the marks, so that it skips them 64 at a time too).
            if small {
                seen[0] |= bits;
            }
            c = mex_from(seen, c);
            if narrow && c >= 64 {
                break;
            }
            if small && restartable && c >= 64 {
                // The XORs of 64 and more of the pairs looked at were left out.
                small = false;
                cursor.fill(1);
                self.narrow_scan_score -= 3;
                self.scans_restarted += 1;
            }
        }
        if small && restartable {
            self.narrow_scan_score = (self.narrow_scan_score + 1).min(8);
        }
        self.stats.scanned_pairs += pairs;
        self.cursor = cursor;
        c
    }

    /// The first [`FIRST_PAIRS`] pairs of each split that could give the candidate, one by one,
    /// marking what they give and moving the candidate up (once it is certified, no split is
    /// left that could give it). Returns the candidate. Many scans end here (in 0.75, a scan at every heap finds its candidate
    /// at the first pair of one split), before the scan's runs, buffers and turns are set up;
    /// the scan that may follow looks at these pairs again.
    #[inline]
    fn first_pairs(&mut self, n: usize, mut c: usize, seen: &mut [u64]) -> usize {
        let mut pairs = 0;
        for &t in &self.split {
            let Some(m) = n.checked_sub(t).filter(|&m| m >= 2) else { continue };
            if !self.common.may_give(ext_at(c, m), self.mask) {
                continue;
            }
            let end = last_pair(m, self.unequal).min(FIRST_PAIRS);
            // Values below 64 are gathered in a register and marked at once (marking each in
            // `seen` chained the stores: a third of the time of 0.55's scans).
            let mut low = 0u64;
            for a in 1..=end {
                let v = g(self.values[a]) ^ g(self.values[m - a]);
                match v < 64 {
                    true => low |= 1 << v,
                    false => mark(seen, v),
                }
            }
            seen[0] |= low;
            pairs += end as u64;
            c = mex_from(seen, c);
        }
        self.stats.scanned_pairs += pairs;
        c
    }

    /// The values a scan of the split leaving m may still have to find, from the candidate
    /// `c` on: those not marked in `seen` that the split's pairs of common
    /// positions can give (of the split's even class), below the first value no split of n
    /// can give (certified missing, see [`Self::certified`]: it bounds G(n)) and below 256.
    /// (`split` and `odd` are the engine's; an associated function, as the scan holds the
    /// engine's cursor.)
    fn wanted(split: &[usize], odd: &[Vec<u64>; 2], seen: &[u64], c: usize, (n, m): (usize, usize)) -> ByteSet {
        let mut certified = [u64::MAX; 4];
        for &t in split {
            if let Some(m) = n.checked_sub(t).filter(|&m| m >= 2) {
                for (all, word) in certified.iter_mut().zip(&odd[m & 1]) {
                    *all &= word;
                }
            }
        }
        // The unmarked values from c on, a word of 64 at a time.
        let open = |k: usize| {
            let from = match c.checked_sub(64 * k) {
                None => u64::MAX,
                Some(d) if d < 64 => u64::MAX << d,
                Some(_) => 0,
            };
            !seen.get(k).copied().unwrap_or(0) & from
        };
        let bound = (0..4).find_map(|k| {
            let b = open(k) & certified[k];
            (b != 0).then(|| 64 * k + b.trailing_zeros() as usize)
        });
        let bound = bound.unwrap_or(256);
        let mut wanted = ByteSet::default();
        for (k, &odd_word) in odd[m & 1].iter().enumerate().take(bound.div_ceil(64)) {
            let below = if bound >= 64 * (k + 1) { u64::MAX } else { (1u64 << (bound - 64 * k)) - 1 };
            let mut rest = open(k) & !odd_word & below;
            while rest != 0 {
                let v = 64 * k + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                wanted.insert(v as u8);
            }
        }
        wanted
    }

    /// The values a scan of two-byte values on the split leaving m may still have to find,
    /// as offsets from the candidate `c`: those not marked in `seen` that the
    /// split's pairs of common positions can give (of the split's even class), below the first
    /// value no split of n can give (certified missing, see [`Self::certified`]) and below
    /// `big`, the power of two past every value (no pair gives more, so G(n) <= big). None
    /// when one of them is c + `span` or more (span at most [`WindowSet::SPAN`]).
    ///
    /// Word by word: the unmarked values ANDed with those no split gives (`odd`, the parities
    /// of the splits' heaps) give the bound, and with those this split's heap may give, the
    /// set.
    fn wanted_window(
        split: &[usize],
        odd: &[Vec<u64>; 2],
        seen: &[u64],
        (c, span): (usize, usize),
        (n, m): (usize, usize),
        big: usize,
    ) -> Option<WindowSet> {
        // The parities of the heaps the splits leave (a heap below 2 has no pair).
        let parities =
            split.iter().filter_map(|&t| n.checked_sub(t).filter(|&m| m >= 2)).fold(0u8, |p, m| p | 1 << (m & 1));
        // A value past the words kept is taken as one a pair may give (never certified).
        let odd_word = |p: usize, k: usize| odd[p].get(k).copied().unwrap_or(0);
        let certified =
            |k: usize| (0..2).filter(|&p| parities >> p & 1 == 1).fold(u64::MAX, |all, p| all & odd_word(p, k));
        // The values wanted, from word c / 64 on (the ninth word holds values up to c + 511).
        let mut wanted_words = [0u64; 9];
        let first = c / 64;
        for k in first..big.div_ceil(64) {
            // The unmarked values of this word from c on and below big.
            let from = if k == c / 64 { u64::MAX << (c % 64) } else { u64::MAX };
            let below = if 64 * (k + 1) <= big { u64::MAX } else { (1u64 << (big - 64 * k)) - 1 };
            let open = !seen.get(k).copied().unwrap_or(0) & from & below;
            let bound = open & certified(k);
            // The values before the first certified one (all the word's when there is none).
            let before = match bound {
                0 => u64::MAX,
                b => (1u64 << b.trailing_zeros()) - 1,
            };
            let wanted = open & !odd_word(m & 1, k) & before;
            if wanted != 0 {
                // The largest value wanted in this word, past the window: none fits.
                if 64 * k + 63 - wanted.leading_zeros() as usize >= c + span {
                    return None;
                }
                wanted_words[k - first] = wanted;
            }
            if bound != 0 {
                break;
            }
        }
        // As offsets from c: the words shifted down by c % 64.
        let shift = c % 64;
        Some(WindowSet::from_words(std::array::from_fn(|j| match shift {
            0 => wanted_words[j],
            _ => wanted_words[j] >> shift | wanted_words[j + 1] << (64 - shift),
        })))
    }

    /// Marks in `seen` the pairs of heap n with rare positions that `bulk` left out for the
    /// chunk starting at s (partner in the chunk s.., or a rare position found in it: index
    /// k_block on); returns how many pairs that was.
    fn near_pairs(&self, n: usize, s: usize, k_block: usize, seen: &mut [u64]) -> u64 {
        let values = &self.values;
        let mut pairs = 0u64;
        let mut acc = Acc::new();
        for &t in &self.split {
            let Some(m) = n.checked_sub(t) else { continue };
            let k_near = self.rare_pos[..k_block].partition_point(|&r| r + s <= m);
            for range in [0..k_near, k_block..self.rare_pos.len()] {
                let pos = &self.rare_pos[range.clone()];
                let count = pos.partition_point(|&r| r < m);
                let (pos, val) = (&pos[..count], &self.rare_val[range.start..range.start + count]);
                // In Grundy's game (m/2, m/2) is not a move: leave that rare position out.
                let cut = match self.unequal && m % 2 == 0 {
                    true => pos.binary_search(&(m / 2)).ok(),
                    false => None,
                };
                let parts = match cut {
                    Some(i) => [(&pos[..i], &val[..i]), (&pos[i + 1..], &val[i + 1..])],
                    None => [(pos, val), (&pos[..0], &val[..0])],
                };
                for (pos, val) in parts {
                    pairs += pos.len() as u64;
                    if Acc::fits(seen.len()) {
                        acc.rare_pairs(values, m, pos, val);
                    } else {
                        for (&r, &rv) in pos.iter().zip(val) {
                            mark(seen, rv ^ g(values[m - r]));
                        }
                    }
                }
            }
        }
        acc.flush(seen);
        pairs
    }

    /// Fills `tile` with the marks of the heaps a..a + TILE (those below e are used) from
    /// their pairs with the rare positions whose partners are known for all of them; returns
    /// how many pairs that marked.
    fn fill_tile(&self, tile: &mut Tile, a: usize, e: usize) -> u64 {
        let Some(bytes) = C::as_bytes(&self.values) else { return 0 };
        let (pos, val) = (&self.rare_pos[..], &self.rare_val[..]);
        tile.start = a;
        tile.marks = [[[0; 8]; 8]; TILE / 8];
        tile.ranges.clear();
        let mut pairs = 0;
        for &t in &self.split {
            // Heap a + i splits into (r, a + i - t - r) (d = r + t below): the partner is
            // known for every heap of the tile when d >= TILE, for the eight of a group when
            // d >= 8, and at least 1 when d <= a - 1.
            let first = |d: usize| pos.partition_point(|&r| r + t < d);
            let (short, near) = (first(8), first(TILE));
            let far = first(a).max(near);
            let skip = split_skip(pos, self.unequal, t, (a, TILE), near..far);
            for range in [near..skip.start, skip.end..far] {
                pairs += range.len();
                self.simd.tile_marks(
                    bytes,
                    a.saturating_sub(t),
                    &pos[range.clone()],
                    &val[range],
                    tile.words,
                    &mut tile.marks,
                );
            }
            // Groups take the rare positions with 8 <= d < TILE only once the tile is past
            // them; in the first tile, the heaps do them one at a time.
            let grouped = if a >= TILE { short..near } else { near..near };
            tile.ranges.push(TileRange { short, grouped, group_skip: near..near, near, skip, far });
        }
        (pairs * (e - a).min(TILE)) as u64
    }

    /// Adds to `tile` the marks of the eight heaps a.. (a group of it, those below e used)
    /// from their pairs with the rare positions 8 <= d < TILE (see `fill_tile`); returns how
    /// many pairs that marked.
    fn fill_group(&self, tile: &mut Tile, a: usize, e: usize) -> u64 {
        let Some(bytes) = C::as_bytes(&self.values) else { return 0 };
        let (pos, val) = (&self.rare_pos[..], &self.rare_val[..]);
        let g = (a - tile.start) / 8;
        let mut pairs = 0;
        for (&t, range) in self.split.iter().zip(tile.ranges.iter_mut()) {
            range.group_skip = split_skip(pos, self.unequal, t, (a, 8), range.grouped.clone());
            for part in [range.grouped.start..range.group_skip.start, range.group_skip.end..range.grouped.end] {
                pairs += part.len();
                self.simd.tile_marks(
                    bytes,
                    a.saturating_sub(t),
                    &pos[part.clone()],
                    &val[part],
                    tile.words,
                    &mut tile.marks[g..=g],
                );
            }
        }
        (pairs * (e - a).min(8)) as u64
    }

    /// Marks in `seen` the pairs of heap n with rare positions: those of its tile, and the
    /// rest one at a time (partner in the tile, a rare position found in it, or the split
    /// (r, r) left out of the tile); returns how many pairs the latter were.
    fn tile_rest(&self, tile: &Tile, n: usize, seen: &mut [u64], narrow: bool) -> u64 {
        tile.merge(n - tile.start, seen);
        // Values below 64 (marks of at most 3 words): their XORs are below 64 too, bits of one
        // word kept in a register; narrow, those below 64 only (see `narrow_share`).
        if seen.len() <= 3 {
            let mut bits = 0u64;
            let pairs = self.tile_rest_pairs(tile, n, |_, x| bits |= 1 << (x & 63));
            seen[0] |= bits;
            return pairs;
        }
        if narrow {
            let mut bits = 0u64;
            let pairs = self.tile_rest_pairs(tile, n, |_, x| bits |= u64::from(x < 64) << (x & 63));
            seen[0] |= bits;
            return pairs;
        }
        // Four sets in turn: marks of small values fall in one word, and one set alone would
        // make each mark wait for the one before.
        let mut acc = Acc::new();
        let pairs = self.tile_rest_pairs(tile, n, |k, x| acc.put(k, x));
        acc.flush(seen);
        pairs
    }

    /// Calls `put(k, x)` for the k-th pair of heap n that its tile left (see
    /// [`Self::tile_rest`]), x its value; returns how many there were.
    #[inline(always)]
    fn tile_rest_pairs(&self, tile: &Tile, n: usize, mut put: impl FnMut(usize, u16)) -> u64 {
        let values = &self.values;
        let (pos, val) = (&self.rare_pos, &self.rare_val);
        let mut pairs = 0;
        for (&t, range) in self.split.iter().zip(&tile.ranges) {
            let Some(m) = n.checked_sub(t) else { continue };
            // In increasing order, each part of what the tile and the groups left out.
            let loose = match range.grouped.is_empty() {
                true => range.short..range.near,
                false => range.group_skip.clone(),
            };
            for part in [0..range.short, loose, range.skip.clone(), range.far..pos.len()] {
                for (&r, &rv) in pos[part.clone()].iter().zip(&val[part]) {
                    if r >= m {
                        break;
                    }
                    if !(self.unequal && 2 * r == m) {
                        put(pairs, rv ^ g(values[m - r]));
                        pairs += 1;
                    }
                }
            }
        }
        pairs as u64
    }

    /// Marks, for every n in s..e (a chunk of the block loop), the splits (r, n - t - r) with r
    /// one of the rare positions known before s and the partner n - t - r below s (known too).
    fn bulk(&mut self, marks: &mut [u64], s: usize, e: usize, w: usize) {
        let (pos, val) = (&self.rare_pos[..], &self.rare_val[..]);
        if pos.is_empty() || self.split.is_empty() {
            return;
        }
        let work = pos.len() * (e - s) * self.split.len();
        // Eight heaps a vector step pay while few partners are of 256 or more (each group
        // that meets one marks it alone, after a mispredicted branch): below one value in 64
        // (0.774: one in 600, 0.84x the time to 2^18; Officers: one in 13, twice the time).
        let big = self.counts.iter().skip(512).sum::<u64>();
        let job = BulkJob {
            groups: big * 64 < self.values.len() as u64,
            values: &self.values,
            known: s,
            split: &self.split,
            unequal: self.unequal,
            pos,
            val,
            w,
            simd: self.simd,
        };
        if self.threads > 1 && work > 1 << 16 {
            let mid = s + (e - s) / 2;
            let (lo_marks, hi_marks) = marks.split_at_mut((mid - s) * w);
            std::thread::scope(|scope| {
                scope.spawn(|| job.run(hi_marks, mid, e));
                job.run(lo_marks, s, mid);
            });
        } else {
            job.run(marks, s, e);
        }
        self.stats.rare_pairs += work as u64; // an upper bound: pairs past n are skipped
    }
}

/// The rare positions of `pos` (indexes, within `within`) whose split (r, r) would be one of
/// heaps a..a + len in Grundy's game (`unequal`), where it is not a move: 2 r + t in
/// a..a + len. Empty in other games.
fn split_skip(
    pos: &[usize],
    unequal: bool,
    t: usize,
    (a, len): (usize, usize),
    within: std::ops::Range<usize>,
) -> std::ops::Range<usize> {
    if !unequal {
        return within.end..within.end;
    }
    let clamp = |i: usize| i.clamp(within.start, within.end);
    clamp(pos.partition_point(|&r| 2 * r + t < a))..clamp(pos.partition_point(|&r| 2 * r + t < a + len))
}

/// The largest a of the pairs (a, m - a) that split a heap of m: m / 2, or (m - 1) / 2 where
/// the parts must differ (Grundy's game, `unequal`).
#[inline]
fn last_pair(m: usize, unequal: bool) -> usize {
    if unequal {
        (m - 1) / 2
    } else {
        m / 2
    }
}

/// [`SparseEngine::certified`] for the given splits, common values and mask.
fn certified(split: &[usize], (common, mask): (&CommonSums, u32), c: usize, n: usize) -> bool {
    split.iter().all(|&t| match n.checked_sub(t).filter(|&m| m >= 2) {
        Some(m) => !common.may_give(ext_at(c, m), mask),
        None => true,
    })
}

/// The extended value of value v at a heap of the parity of m, 2 v + m mod 2: a pair of
/// positions that splits m gives v only if their extended values XOR to it (see `ext`).
#[inline]
fn ext_at(v: usize, m: usize) -> u32 {
    ((v << 1) | (m & 1)) as u32
}

/// Pairs of a split a scan flags one by one (nearly every value is found among them) before it
/// looks for the remaining candidates alone. Runs of 64, 128 and 256 pairs are flagged (see
/// [`SCAN_RUN`]), so the switch comes after 449 pairs (481 when runs started at 32, as they
/// did when this was measured; the best of 0, 32, 96, 256, 512 and 1024 measured
/// for two-byte values, on 0.416, 0.366 and 0.774 to 2^15). Measured on Grundy's game to 2^20 (medians of
/// 4 alternating runs): switching at once 5.49 s, after 33 pairs 4.80 s, after 97 pairs 4.43 s,
/// after 481 pairs 4.41 s.
const STAMPED_PAIRS: usize = 256;

/// When a scan's split i (in the order of the rules' splits) takes its turn: the split of the
/// least key runs next, the first on a tie. The key is the split's next pair shifted left
/// [`TURN_SHIFT`] bits a split before it, so that a later split runs once every split before
/// it is 16 times further along: where c lies deep in the first split, the others cost about a
/// sixteenth more; where a split never gives c, the scan leaves it after 16 times the pairs
/// that find c in another, instead of after all its pairs. (0.75 and 4.7 split after taking
/// numbers of both parities: at an even heap the split of the odd part gives only 3, that of
/// the even part 0 at its first pair; split after split, every even heap scanned the first in
/// full, a quadratic run.)
#[inline]
fn turn(next: usize, i: usize) -> u64 {
    let shift = (TURN_SHIFT * i).min(63) as u32;
    let next = next as u64;
    if next.leading_zeros() < shift {
        u64::MAX
    } else {
        next << shift
    }
}

/// See [`turn`]. Measured (user seconds, medians of five alternating runs against splits
/// taken one after the other, load 7 to 11): every split in turn (0 bits) took 0.444 to 2^18
/// from 0.26 to 0.36 s; 4 bits, with the first split alone until it is past its first run:
/// 0.27 s, 0.456 to 2^22 0.40 against 0.34 s (its first split often gives c within two
/// runs), 0.75 and 0.176 to 2^18 from 1.1 and 0.56 s to 0.01 s, 0.165 from 0.40 to 0.15 s;
/// 6 and 8 bits were no better on the slower codes.
const TURN_SHIFT: usize = 4;

/// Pairs of each split a scan looks at one by one before it sets up its runs (see
/// `SparseEngine::first_pairs`).
const FIRST_PAIRS: usize = 4;

/// Pairs looked at between two looks at the candidate in a scan (the first run; runs then
/// double up to 16 times this). 64 rather than 32: to 2^21, perf stat medians of 5-9
/// interleaved runs, 0.656 181 -> 144 ms, 0.456 169 -> 149, 0.476 185 -> 166, 0.56 137 -> 124,
/// 0.376 1.63 -> 1.47 s; 0.14 and 0.127 3-4% slower, 0.472 and 0.45 2% (to 2^22); 128 gained
/// about as much on the first and lost more (0.127 +21%, 0.14 +10%), 16 lost everywhere.
const SCAN_RUN: usize = 64;

/// The marks of [`TILE`] consecutive heaps from their pairs with rare positions (one-byte
/// values), found together by [`Simd::tile_marks`] at the first of them: bit x % 32 of
/// `marks[i / 8][x / 32][i % 8]` for value x of heap start + i.
struct Tile {
    start: usize,
    /// Rows of `marks` in use: 32 values each.
    words: usize,
    marks: TileMarks,
    /// For each split, the rare positions whose pairs are in `marks`.
    ranges: Vec<TileRange>,
}

/// Which rare positions (indexes, in the order of d = r + t for the split t) a tile marks,
/// see [`SparseEngine::fill_tile`]: the tile those of near..far but skip; the groups those of
/// grouped but group_skip (the current group's); the heaps one at a time the others.
struct TileRange {
    /// The first with d >= 8.
    short: usize,
    /// short..near once the tile is past TILE, else empty.
    grouped: std::ops::Range<usize>,
    group_skip: std::ops::Range<usize>,
    /// The first with d >= TILE.
    near: usize,
    skip: std::ops::Range<usize>,
    /// The first with d >= the tile's start (or near).
    far: usize,
}

impl Tile {
    /// A tile for marks of w words (w = 2 V / 64 + 1 for values below V, V <= 256).
    fn new(w: usize) -> Self {
        Tile { start: 0, words: (w - 1).clamp(1, 8), marks: [[[0; 8]; 8]; TILE / 8], ranges: Vec::new() }
    }

    /// ORs the marks of heap start + i into `seen`.
    #[inline]
    fn merge(&self, i: usize, seen: &mut [u64]) {
        let (marks, i) = (&self.marks[i / 8], i % 8);
        for (j, word) in seen.iter_mut().enumerate().take(self.words.div_ceil(2)) {
            *word |= u64::from(marks[2 * j][i]) | u64::from(marks[2 * j + 1][i]) << 32;
        }
    }
}

/// Four bitsets of values below 512, filled in turn so that consecutive marks do not wait on
/// each other, then merged into the marks of a position.
struct Acc {
    sets: [[u64; 8]; 4],
}

impl Acc {
    fn new() -> Self {
        Acc { sets: [[0; 8]; 4] }
    }

    /// Whether marks of `w` words hold only values this accumulator covers (values < 512).
    /// Marks have 2V/64 + 1 words for values below V (a power of two), but only values below V
    /// are ever marked: a block ends as soon as a value reaches V.
    fn fits(w: usize) -> bool {
        w <= 17
    }

    #[inline]
    fn put(&mut self, k: usize, v: u16) {
        let v = usize::from(v);
        self.sets[k & 3][(v >> 6) & 7] |= 1u64 << (v & 63);
    }

    /// Marks rv ^ G(m - r) for the rare positions r (all < m) and their values.
    #[inline]
    fn rare_pairs<C: Cell>(&mut self, values: &[C], m: usize, pos: &[usize], val: &[u16]) {
        let mut p4 = pos.chunks_exact(4);
        let mut v4 = val.chunks_exact(4);
        for (p, v) in (&mut p4).zip(&mut v4) {
            self.put(0, v[0] ^ g(values[m - p[0]]));
            self.put(1, v[1] ^ g(values[m - p[1]]));
            self.put(2, v[2] ^ g(values[m - p[2]]));
            self.put(3, v[3] ^ g(values[m - p[3]]));
        }
        for (&r, &rv) in p4.remainder().iter().zip(v4.remainder()) {
            self.put(0, rv ^ g(values[m - r]));
        }
    }

    /// ORs everything into `seen` (only its first 8 words: the values this covers).
    fn flush(&mut self, seen: &mut [u64]) {
        for (i, word) in seen.iter_mut().enumerate().take(8) {
            *word |= self.sets[0][i] | self.sets[1][i] | self.sets[2][i] | self.sets[3][i];
        }
    }
}

/// Heaps in one chunk of the block loop of two-byte values (see [`SparseEngine::block`]).
const CHUNK: usize = 64;

/// Positions in one tile of byte flags (16 KB for values below 512, 32 KB below 1024).
const FLAG_TILE: usize = 32;

/// Words of marks in one tile of the block loop (16 KB, half an L1 data cache).
const TILE_WORDS: usize = 2048;

/// The shared inputs of the block loop.
struct BulkJob<'a, C: Cell> {
    /// Whether values below 512 are marked eight heaps a vector step ([`Self::run_wide`])
    /// rather than by byte flags.
    groups: bool,
    values: &'a [C],
    /// How many values are known: only partners below this are paired.
    known: usize,
    split: &'a [usize],
    unequal: bool,
    pos: &'a [usize],
    val: &'a [u16],
    w: usize,
    simd: Simd,
}

impl<C: Cell> BulkJob<'_, C> {
    /// Marks the far pairs of n in lo..hi into `marks` (w words per n, starting at lo).
    ///
    /// The positions are taken a tile at a time (the tile's marks fit in the L1 cache), and
    /// every rare position is paired with the whole tile before the next: one rare position at
    /// a time over the whole block would stream all its marks (up to 128 KB) through the cache
    /// again for each of them.
    fn run(&self, marks: &mut [u64], lo: usize, hi: usize) {
        match self.w {
            9 => return self.run_flags::<256>(marks, lo, hi),
            17 => {
                if let Some(wide) = C::as_wide(self.values).filter(|_| self.groups) {
                    return self.run_wide(wide, marks, lo, hi);
                }
                return self.run_flags::<512>(marks, lo, hi);
            }
            33 => return self.run_flags::<1024>(marks, lo, hi),
            _ => {}
        }
        let tile = (TILE_WORDS / self.w).max(8);
        let mut a = lo;
        while a < hi {
            let b = hi.min(a + tile);
            self.run_tile(&mut marks[(a - lo) * self.w..(b - lo) * self.w], a, b);
            a = b;
        }
    }

    /// [`Self::run`] when every value is below V (256, 512 or 1024, the marks having w = V/32 + 1
    /// words): the pairs set byte flags, V a position for a tile of [`FLAG_TILE`] positions
    /// (one store a pair, where a bit needs a load and a store), and the flags are then folded
    /// into the marks' bits.
    fn run_flags<const V: usize>(&self, marks: &mut [u64], lo: usize, hi: usize) {
        // On the stack (32 KB at most) rather than allocated on every call. (The peak memory a
        // second thread costs was measured to be its stack and libc's thread code, not this.)
        let mut tile = [[0u8; V]; FLAG_TILE];
        let flags = tile.as_flattened_mut();
        let mut a = lo;
        while a < hi {
            let b = hi.min(a + FLAG_TILE);
            flags.fill(0);
            self.for_each_range(a, b, |x, y, d, rv| self.flag_range::<V>(flags, a, x, y, d, rv));
            for n in a..b {
                let f = &flags[(n - a) * V..(n - a + 1) * V];
                let m = &mut marks[(n - lo) * self.w..(n - lo + 1) * self.w];
                self.simd.or_flags(f, &mut m[..V / 64]);
            }
            a = b;
        }
    }

    /// [`Self::run`] for two-byte values below 512 (w = 17): eight heaps at a time in vector
    /// registers ([`Simd::wide_group_marks`]), the rare positions taken a half at a time (the
    /// rare values below 256, then the others, each half's marks in eight registers); the
    /// pairs a group cannot take whole (a partner not known for all eight heaps, or the split
    /// (r, r) of Grundy's game among them) and the heaps past the last group of eight, one at
    /// a time.
    fn run_wide(&self, values: &[u16], marks: &mut [u64], lo: usize, hi: usize) {
        let halves: [(Vec<usize>, Vec<u16>); 2] = [false, true].map(|high| {
            self.pos.iter().zip(self.val).filter(|&(_, &rv)| (rv >= 256) == high).map(|(&r, &rv)| (r, rv)).unzip()
        });
        let mut g = lo;
        while g + 8 <= hi {
            let mut group: WideGroup = [[0; 8]; 16];
            for (high, (pos, val)) in halves.iter().enumerate() {
                for &t in self.split {
                    let (whole, skip) = self.whole_for(pos, t, g, g + 8);
                    for part in [whole.start..skip.start, skip.end..whole.end] {
                        self.simd.wide_group_marks(
                            values,
                            g - t,
                            (&pos[part.clone()], &val[part]),
                            high == 1,
                            &mut group,
                        );
                    }
                }
            }
            for (i, m) in marks[(g - lo) * self.w..(g + 8 - lo) * self.w].chunks_exact_mut(self.w).enumerate() {
                for (j, word) in m.iter_mut().take(8).enumerate() {
                    *word |= u64::from(group[2 * j][i]) | u64::from(group[2 * j + 1][i]) << 32;
                }
            }
            g += 8;
        }
        // What the groups left, one pair at a time: for each rare position and split, the
        // heaps of its range (see `for_each_range`) outside the groups that took it whole
        // (those from its start rounded up to a group to its end rounded down, but the one
        // holding the split (r, r) in Grundy's game), leaving out that split.
        let groups_end = g;
        let group_of = |n: usize| lo + (n - lo) / 8 * 8;
        let pos = self.pos;
        for &t in self.split {
            // The rare positions whose pairs every group took (whole for lo..hi, no split (r, r)
            // among the heaps) are passed over, when the groups took every heap.
            let (whole, band) = match groups_end == hi {
                true => self.whole_for(pos, t, lo, hi),
                false => (0..0, 0..0),
            };
            for k in (0..whole.start).chain(band).chain(whole.end..pos.len()) {
                let (r, rv) = (pos[k], self.val[k]);
                let d = r + t;
                let (start, end) = (lo.max(d + 1), hi.min(self.known + d));
                if start >= end {
                    continue;
                }
                let c1 = group_of(end.min(groups_end));
                let c0 = group_of(start + 7).min(c1);
                let skip = (self.unequal && (start..end).contains(&(2 * r + t))).then_some(2 * r + t);
                let skipped_group = skip.filter(|&k| (c0..c1).contains(&k)).map(group_of);
                let parts =
                    [Some((start, c0.max(start))), Some((c1.max(start), end)), skipped_group.map(|k| (k, k + 8))];
                for (a, b) in parts.into_iter().flatten() {
                    match skip.filter(|&k| (a..b).contains(&k)) {
                        Some(k) => {
                            self.run_range(marks, lo, a, k, d, rv);
                            self.run_range(marks, lo, k + 1, b, d, rv);
                        }
                        None => self.run_range(marks, lo, a, b, d, rv),
                    }
                }
            }
        }
    }

    /// The rare positions of `pos` (indexes) whose pairs for split t are whole for every heap
    /// of a..b (every partner n - t - r at least 1: r + t < a; and known: r + t + known >= b),
    /// and among them those whose split (r, r) is one of those heaps in Grundy's game.
    fn whole_for(
        &self,
        pos: &[usize],
        t: usize,
        a: usize,
        b: usize,
    ) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let first = pos.partition_point(|&r| r + t + self.known < b);
        let end = pos.partition_point(|&r| r + t < a).max(first);
        (first..end, split_skip(pos, self.unequal, t, (a, b - a), first..end))
    }

    /// Sets the flag rv ^ G(n - d) of every n in a..b (flags of the tile starting at `tile`).
    #[inline]
    fn flag_range<const V: usize>(&self, flags: &mut [u8], tile: usize, a: usize, b: usize, d: usize, rv: u16) {
        if a >= b {
            return;
        }
        let partners = &self.values[a - d..b - d];
        let (rows, _) = flags[(a - tile) * V..(b - tile) * V].as_chunks_mut::<V>();
        // A whole tile (nearly every range): a loop of known length, unrolled, each row a
        // constant offset.
        if let (Ok(partners), Ok(rows)) =
            (<&[C; FLAG_TILE]>::try_from(partners), <&mut [[u8; V]; FLAG_TILE]>::try_from(&mut *rows))
        {
            for (f, &x) in rows.iter_mut().zip(partners) {
                f[usize::from(g(x) ^ rv) & (V - 1)] = 1;
            }
            return;
        }
        // Values are below V, so masking changes nothing and spares the bounds check.
        for (f, &x) in rows.iter_mut().zip(partners) {
            f[usize::from(g(x) ^ rv) & (V - 1)] = 1;
        }
    }

    /// [`Self::run`] on the positions lo..hi, all in one tile.
    fn run_tile(&self, marks: &mut [u64], lo: usize, hi: usize) {
        self.for_each_range(lo, hi, |a, b, d, rv| self.run_range(marks, lo, a, b, d, rv));
    }

    /// Calls `f(a, b, d, rv)` for every rare position r of the job (value rv) and split t with
    /// the positions n in a..b (within lo..hi) that have the split (r, n - t - r) with a known
    /// partner, d = r + t: n must exceed d, n - d must be below `known`, and in Grundy's game
    /// the split (r, r) of n = 2r + t is left out (which may split a range in two, either part
    /// possibly empty).
    #[inline]
    fn for_each_range(&self, lo: usize, hi: usize, mut f: impl FnMut(usize, usize, usize, u16)) {
        for (&r, &rv) in self.pos.iter().zip(self.val) {
            for &t in self.split {
                let start = lo.max(r + t + 1);
                let hi = hi.min(self.known + r + t);
                if start >= hi {
                    continue;
                }
                let skip = 2 * r + t;
                if self.unequal && (start..hi).contains(&skip) {
                    f(start, skip, r + t, rv);
                    f(skip + 1, hi, r + t, rv);
                } else {
                    f(start, hi, r + t, rv);
                }
            }
        }
    }

    /// Marks rv ^ G(n - d) for every n in a..b (marks starting at position lo).
    #[inline]
    fn run_range(&self, marks: &mut [u64], lo: usize, a: usize, b: usize, d: usize, rv: u16) {
        if a >= b {
            return;
        }
        let partners = &self.values[a - d..b - d];
        let out = &mut marks[(a - lo) * self.w..(b - lo) * self.w];
        match self.w {
            1 => {
                for (m, &x) in out.iter_mut().zip(partners) {
                    *m |= 1u64 << ((g(x) ^ rv) & 63);
                }
            }
            // Marks of a fixed width let the word index be masked rather than bounds-checked.
            2 => mark_fixed::<C, 2>(out, partners, rv),
            3 => mark_fixed::<C, 3>(out, partners, rv),
            5 => mark_fixed::<C, 5>(out, partners, rv),
            9 => mark_fixed::<C, 9>(out, partners, rv),
            17 => mark_fixed::<C, 17>(out, partners, rv),
            33 => mark_fixed::<C, 33>(out, partners, rv),
            65 => mark_fixed::<C, 65>(out, partners, rv),
            w => {
                for (m, &x) in out.chunks_exact_mut(w).zip(partners) {
                    let v = usize::from(g(x) ^ rv);
                    m[v >> 6] |= 1u64 << (v & 63);
                }
            }
        }
    }
}

/// Marks `partners[k] ^ rv` in the `k`-th group of W words of `out`.
///
/// W = 2V/64 + 1 words hold the marks of a position when every value is below V (a power of
/// two, at least 32), so every XOR of two values is below V and its word index below V/64 =
/// W/2: masking the index with W/2 - 1 changes nothing and spares the bounds check.
#[inline]
fn mark_fixed<C: Cell, const W: usize>(out: &mut [u64], partners: &[C], rv: u16) {
    for (m, &x) in out.chunks_exact_mut(W).zip(partners) {
        let Ok(m) = <&mut [u64; W]>::try_from(m) else { continue }; // always W words
        let v = usize::from(g(x) ^ rv);
        debug_assert!(v < 32 * (W - 1), "value {v} past the marks of width {W}");
        m[(v >> 6) & (W / 2 - 1)] |= 1u64 << (v & 63);
    }
}

/// The extended value of position n: 2 G(n) + n mod 2. A split (a, b) of m has
/// ext(a) ^ ext(b) = 2 (G(a) ^ G(b)) + m mod 2, so masks may use the parity of positions too.
#[inline]
fn ext(v: u16, n: usize) -> u32 {
    (u32::from(v) << 1) | (n as u32 & 1)
}

#[inline]
fn mark(seen: &mut [u64], v: u16) {
    let v = usize::from(v);
    seen[v >> 6] |= 1u64 << (v & 63);
}

/// ORs the scan flags of values below 64 `words` into `seen`, from the word of the candidate
/// c on: the values below c are marked or found already.
#[inline]
fn fold_flags_from(simd: Simd, flags: &[u8], seen: &mut [u64], c: usize, words: usize) {
    let from = (c / 64).min(words);
    simd.or_flags(&flags[64 * from..64 * words], &mut seen[from..words]);
}

/// The smallest unmarked value at or above `from` (`seen` always has a hole: see `words`).
#[inline]
fn mex_from(seen: &[u64], from: usize) -> usize {
    let mut i = from >> 6;
    let mut word = seen[i] | ((1u64 << (from & 63)) - 1);
    while word == u64::MAX {
        i += 1;
        match seen.get(i) {
            Some(&w) => word = w,
            None => return seen.len() * 64,
        }
    }
    i * 64 + (!word).trailing_zeros() as usize
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::{mex_table, Ruleset};

    fn check(code: &str, upto: usize) {
        let r: Ruleset = code.parse().unwrap();
        let reference: Vec<u16> = mex_table(&r, upto as u64).iter().map(|&v| v as u16).collect();
        let rules = r.split_rules().unwrap();
        for threads in [1, 2] {
            let mut e = SparseEngine::new(rules.clone());
            e.set_threads(threads);
            e.extend_to(upto + 1).unwrap();
            assert_eq!(e.values(), &reference[..], "{code} threads {threads}");
        }
        // One-byte values (marked by stamps in the scans): the same values.
        let mut narrow = SparseEngine::<u8>::with_cells(rules.clone());
        narrow.extend_to(upto + 1).unwrap();
        let wide: Vec<u16> = narrow.values().iter().map(|&v| u16::from(v)).collect();
        assert_eq!(wide, reference, "{code} u8");
        let mut naive = SparseEngine::naive(rules.clone());
        naive.extend_to(upto + 1).unwrap();
        assert_eq!(naive.values(), &reference[..], "{code} naive");
        // Every position rare, in bytes: every split goes through the tiles of rare pairs
        // (the tile, its groups and the pairs left to each heap, as Grundy's game leaves
        // out the splits (r, r)).
        let mut all_rare = SparseEngine::<u8> { fixed_mask: true, ..SparseEngine::with_cells(rules.clone()) };
        all_rare.set_method_choice(MethodChoice::Sparse);
        all_rare.extend_to(upto + 1).unwrap();
        let wide: Vec<u16> = all_rare.values().iter().map(|&v| u16::from(v)).collect();
        assert_eq!(wide, reference, "{code} naive u8");
        // Resumed half-way: the same values.
        let mut e = SparseEngine::resume(rules, reference[..upto / 2].to_vec());
        e.extend_to(upto + 1).unwrap();
        assert_eq!(e.values(), &reference[..], "{code} resumed");
    }

    #[test]
    fn equals_mex_table() {
        for code in ["octal:0.16", "octal:4.07", "grundys-game", "kayles", "octal:0.6", "octal:0.333"] {
            check(code, 700);
        }
        // Long enough for scans to go past the pairs they stamp and look for the last
        // candidates alone (values past 255 in the byte engine are refused, so not 0.6 here).
        check("grundys-game", 3000);
        check("octal:0.16", 3000);
    }

    /// The method is exact for any mask, including masks on the parity of positions.
    #[test]
    fn exact_for_any_mask() {
        // Long enough (1500) for byte scans to look for their last candidates alone; 0.156
        // and 4.37 have two splits each; 0.75, 4.7 and 0.54 split after taking numbers of both
        // parities (their scans take turns between splits of both parities).
        let codes = ["octal:0.16", "grundys-game", "octal:0.156", "octal:4.37", "octal:0.104", "octal:0.106"];
        for code in codes.into_iter().chain(["octal:0.75", "octal:4.7", "octal:0.54"]) {
            let r: Ruleset = code.parse().unwrap();
            let reference: Vec<u16> = mex_table(&r, 1500).iter().map(|&v| v as u16).collect();
            for (mask, rare_odd) in
                [1u32, 2, 3, 0x1e, 0x1f, 0x2b, 0xff].into_iter().flat_map(|m| [(m, false), (m, true)])
            {
                let mut e = SparseEngine::new(r.split_rules().unwrap());
                e.set_method_choice(MethodChoice::Sparse);
                e.fixed_mask = true;
                e.set_rare_class(mask, rare_odd);
                e.extend_to(1501).unwrap();
                assert_eq!(e.values(), &reference[..], "{code} mask {mask:#x} odd {rare_odd}");
                let mut narrow = SparseEngine::<u8>::with_cells(r.split_rules().unwrap());
                narrow.set_method_choice(MethodChoice::Sparse);
                narrow.fixed_mask = true;
                narrow.set_rare_class(mask, rare_odd);
                narrow.extend_to(1501).unwrap();
                let wide: Vec<u16> = narrow.values().iter().map(|&v| u16::from(v)).collect();
                assert_eq!(wide, reference, "{code} mask {mask:#x} odd {rare_odd} u8");
            }
        }
    }

    /// The sparse method's statistics for G(0..=upto) of `code`, its values checked against the
    /// plain mex table.
    fn sparse_stats_of_mex(code: &str, upto: usize) -> SparseStats {
        let r: Ruleset = code.parse().unwrap();
        let reference: Vec<u16> = mex_table(&r, upto as u64).iter().map(|&v| v as u16).collect();
        let mut e = SparseEngine::new(r.split_rules().unwrap());
        e.set_method_choice(MethodChoice::Sparse);
        e.extend_to(upto + 1).unwrap();
        assert_eq!(e.values(), &reference[..], "{code}");
        e.stats()
    }

    /// Where the splits take numbers of both parities, a scan looks at a few pairs a heap, not
    /// at a whole split: in 0.44 and 0.176 (splits taking 1 and 2, and 2 and 3) a scan's
    /// candidate often comes at once from one split and never from the other, which a scan of
    /// one split after the other looked at in full (a quadratic run; found on 0.75 and 4.7,
    /// which no longer scan at all: see the test below).
    #[test]
    fn scans_of_mixed_parity_splits_stay_short() {
        for code in ["octal:0.44", "octal:0.176"] {
            let upto = 8_000;
            let stats = sparse_stats_of_mex(code, upto);
            assert!(stats.scans > 0, "{code}: {stats:?}");
            assert!(stats.scanned_pairs <= 100 * upto as u64, "{code}: {stats:?}");
        }
    }

    /// A split leaving an even heap gives 0 by its middle pair, which the engine marks without
    /// a scan; where the common positions hold few values (0.75 and 4.7: extended values 3 and
    /// 4, 0.55: 2 and 3), their XORs certify the next candidate: no scan at all. (The engine
    /// before scanned at nearly every heap of these games, the mask's classes alone leaving
    /// the candidate 0 and half the others open.) The values stay those of the mex.
    #[test]
    fn middle_pairs_and_common_sums_leave_no_scan_where_values_are_few() {
        for code in ["octal:0.75", "octal:4.7", "octal:0.55", "octal:0.57"] {
            let stats = sparse_stats_of_mex(code, 20_000);
            assert_eq!((stats.scans, stats.scanned_pairs), (0, 0), "{code}: {stats:?}");
        }
    }

    /// Narrow heaps (byte values below 128, only the XORs below 64 marked) whose options give
    /// every value below 64 are done again in full: 0.644 (a value of 64 at heaps 333, 502,
    /// 653 and 887) and 0.174 (67 at 746) give the values of the mex.
    #[test]
    fn narrow_heaps_of_64_and_more_are_done_again() {
        for code in ["octal:0.644", "octal:0.174"] {
            let r: Ruleset = code.parse().unwrap();
            let reference: Vec<u16> = mex_table(&r, 3000).iter().map(|&v| v as u16).collect();
            // Narrow whatever the share of values of 64 or more.
            let mut e = SparseEngine::<u8> { narrow_share: 0, ..SparseEngine::with_cells(r.split_rules().unwrap()) };
            e.set_method_choice(MethodChoice::Sparse);
            e.extend_to(3001).unwrap();
            let values: Vec<u16> = e.values().iter().map(|&v| u16::from(v)).collect();
            assert_eq!(values, reference, "{code}");
            assert!(e.narrow_redone > 0, "{code}: no narrow heap done again");
        }
        // Not narrow once a value of 64 is known (as 0.174 is by default: one value in 100 is 64
        // or more), scans of values below 128 keep their finds below 64 as bits all the same,
        // and start again when the candidate reaches 64.
        let r: Ruleset = "octal:0.174".parse().unwrap();
        let reference: Vec<u16> = mex_table(&r, 3000).iter().map(|&v| v as u16).collect();
        let mut e = SparseEngine::<u8> { narrow_share: u64::MAX, ..SparseEngine::with_cells(r.split_rules().unwrap()) };
        e.set_method_choice(MethodChoice::Sparse);
        e.extend_to(3001).unwrap();
        let values: Vec<u16> = e.values().iter().map(|&v| u16::from(v)).collect();
        assert_eq!(values, reference, "0.174");
        assert!(e.scans_restarted > 0, "0.174: no scan started again");
    }

    /// The accumulators and the flags mark exactly what plain marking does, for values up to
    /// 511 (flags of values up to 1023).
    #[test]
    fn accumulators_equal_plain_marks() {
        let mut x = 12345u64;
        let values: Vec<u16> = (0..3000)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (x >> 55) as u16 // 0..511
            })
            .collect();
        for (m, lo, hi) in [(2999, 1, 1500), (1000, 3, 37), (10, 1, 2)] {
            // The flags of two-byte scans: set exactly for the values marked.
            let mut flags = [0u8; 1024];
            plain::mark_pairs::<u16, 1024>(&values[lo..hi], &values[m + 1 - hi..m + 1 - lo], &mut flags);
            let mut plain = vec![0u64; 16];
            (lo..hi).for_each(|a| mark(&mut plain, values[a] ^ values[m - a]));
            for v in 0..1024 {
                assert_eq!(flags[v] != 0, plain[v >> 6] >> (v & 63) & 1 == 1, "value {v}");
            }
            // Folded into words, the flags are the marks.
            let mut words = vec![0u64; 16];
            Simd::new().or_flags(&flags, &mut words);
            assert_eq!(words, plain);
            let pos: Vec<usize> = (1..m).step_by(7).collect();
            let val: Vec<u16> = pos.iter().map(|&r| values[r]).collect();
            let (mut fast, mut plain) = (vec![0u64; 17], vec![0u64; 17]);
            let mut acc = Acc::new();
            acc.rare_pairs(&values, m, &pos, &val);
            acc.flush(&mut fast);
            pos.iter().zip(&val).for_each(|(&r, &v)| mark(&mut plain, v ^ values[m - r]));
            assert_eq!(fast, plain);
        }
    }

    /// The far-pair marking by byte flags (values below 256 or 512) marks exactly what the
    /// bit marking does, for both kinds of split rules.
    #[test]
    fn flag_tiles_equal_bit_marks() {
        let mut x = 777u64;
        let mut next = |bound: u64| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((x >> 33) % bound) as u16
        };
        for (w, bound) in [(17usize, 512u64), (9, 256)] {
            let values: Vec<u16> = (0..4000).map(|_| next(bound)).collect();
            // Rare positions from 1 on (their pairs with the first heaps of a chunk have
            // partners not yet known), a few of them near the chunks below.
            let pos: Vec<usize> = (1..40).chain((41..1500).step_by(13)).chain(2400..2403).collect();
            let val: Vec<u16> = pos.iter().map(|_| next(bound)).collect();
            // Chunks of the block loop (`known` at their start, as the engine has it) and
            // whole blocks, of lengths not a multiple of eight groups too.
            for (lo, hi, known) in [(2500, 2564, 2500), (2500, 2600, 4000), (2403, 2460, 2403), (7, 70, 7)] {
                let cases = [
                    (false, Simd::new(), true),
                    (true, Simd::new(), true),
                    (true, Simd::plain(), true),
                    (true, Simd::new(), false),
                ];
                for (unequal, simd, groups) in cases {
                    let split = [0usize, 1, 3];
                    let job = BulkJob {
                        groups,
                        values: &values,
                        known,
                        split: &split,
                        unequal,
                        pos: &pos,
                        val: &val,
                        w,
                        simd,
                    };
                    let mut by_flags = vec![0u64; (hi - lo) * w];
                    job.run(&mut by_flags, lo, hi);
                    let mut by_bits = vec![0u64; (hi - lo) * w];
                    job.run_tile(&mut by_bits, lo, hi);
                    assert_eq!(by_flags, by_bits, "w {w} unequal {unequal} groups {groups} heaps {lo}..{hi}");
                    assert!(by_bits.iter().any(|&m| m != 0));
                }
            }
        }
    }

    /// The methods hand over to each other at any heap, both ways, in both widths: the plain
    /// method keeps the rare positions the sparse one needs.
    #[test]
    fn methods_hand_over_exactly() {
        for code in ["octal:0.16", "grundys-game", "octal:0.764", "octal:4.37", "kayles"] {
            let r: Ruleset = code.parse().unwrap();
            let reference: Vec<u16> = mex_table(&r, 3000).iter().map(|&v| v as u16).collect();
            let rules = r.split_rules().unwrap();
            let mut wide = SparseEngine::new(rules.clone());
            let mut narrow = SparseEngine::<u8>::with_cells(rules.clone());
            let steps = [(MethodChoice::Plain, 300), (MethodChoice::Sparse, 1100), (MethodChoice::Plain, 2000)];
            for (choice, len) in steps.into_iter().chain([(MethodChoice::Sparse, 3001)]) {
                wide.set_method_choice(choice);
                wide.extend_to(len).unwrap();
                narrow.set_method_choice(choice);
                match narrow.extend_to(len) {
                    Ok(()) | Err(EngineError::ValueTooLarge { .. }) => {}
                    Err(e) => panic!("{code}: {e}"),
                }
            }
            assert_eq!(wide.values(), &reference[..], "{code}");
            let narrow: Vec<u16> = narrow.values().iter().map(|&v| u16::from(v)).collect();
            assert_eq!(narrow, reference[..narrow.len()], "{code} u8");
            assert!(wide.stats().plain_values > 0, "{code}");
        }
    }

    /// The plain method on two threads (from small heaps and blocks on, for the test): the same
    /// values, in both widths, with the table widened on the way.
    #[test]
    fn plain_method_on_two_threads() {
        for code in ["octal:0.764", "octal:0.414", "grundys-game", "octal:4.7", "octal:0.16"] {
            let r: Ruleset = code.parse().unwrap();
            let reference: Vec<u16> = mex_table(&r, 3000).iter().map(|&v| v as u16).collect();
            let mut wide = SparseEngine::naive(r.split_rules().unwrap());
            wide.set_threads(2);
            wide.parallel_from = (100, 0);
            wide.extend_to(3001).unwrap();
            assert_eq!(wide.values(), &reference[..], "{code}");
            let mut narrow = SparseEngine::<u8>::with_cells(r.split_rules().unwrap());
            narrow.set_method_choice(MethodChoice::Plain);
            narrow.set_threads(2);
            narrow.parallel_from = (100, 0);
            let values: Vec<u16> = match narrow.extend_to(3001) {
                Ok(()) => narrow.values().iter().map(|&v| u16::from(v)).collect(),
                Err(EngineError::ValueTooLarge { .. }) => {
                    let mut w = narrow.widen();
                    w.extend_to(3001).unwrap();
                    w.values().to_vec()
                }
                Err(e) => panic!("{code}: {e}"),
            };
            assert_eq!(values, reference, "{code} u8");
        }
    }

    #[test]
    fn mex_from_finds_holes() {
        assert_eq!(mex_from(&[0b1011, 0], 0), 2);
        assert_eq!(mex_from(&[0b1011, 0], 2), 2);
        assert_eq!(mex_from(&[u64::MAX, 1], 0), 65);
        assert_eq!(mex_from(&[u64::MAX, 0], 3), 64);
    }
}
