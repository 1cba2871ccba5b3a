//! Take or split (`take-or-split:K`): heaps; a move takes any positive number of objects from
//! one heap, or splits one heap into exactly K non-empty heaps without taking any (K >= 2).
//! K = 2 is Lasker's Nim (Emanuel Lasker, 1931; the problem HDU 3032 "Nim or not Nim?"), K = 3
//! the problem HDU 5795 "A Simple Nim". The heaps are independent, so by the Sprague-Grundy
//! theorem (Sprague, 1935; Grundy, 1939) a position's value is the nim-sum of its heaps' values
//! g(n), where g(n) is the mex of the values of every take and every split of a heap of n.
//!
//! # The values
//!
//! Let M = 2^K, f(0) = 0 and, for n >= 1: f(n) = n + 1 when n = M - 1 (mod M), f(n) = n - 1
//! when n = 0 (mod M), and f(n) = n otherwise. f swaps Mq + M - 1 and Mq + M in each block
//! {Mq + 1, ..., Mq + M}, so it maps each block onto itself and f(f(n)) = n.
//!
//! **Theorem 1.** For K = 2 and K = 3, g(n) = f(n) for every n. (For K = 2 these are the
//! values of Lasker's Nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.)
//!
//! **Theorem 2.** For K >= 4, g(n) = f(n) for every n <= 2^(K+1) - 1. Past it the rule fails
//! (for K = 4, g(32) = 33): there the values come from a table by the definition, and no
//! closed form or period is claimed.
//!
//! *Proof of Theorem 1*, by induction on n (g(0) = 0 = f(0)). Let n >= 1 and g(m) = f(m) for
//! every m < n. The takes have the values f(0), ..., f(n - 1): as f maps [0, Mq] onto itself
//! and fixes Mq + 1, ..., Mq + M - 2, these are 0, ..., n - 1, except when n = 0 (mod M), where
//! they are 0, ..., n - 2 and n. So g(n) = f(n) follows from two lemmas. (S): no split of n has
//! the value f(n). (R): when n = M - 1 (mod M), some split of n has the value n. Indeed, for n
//! neither 0 nor M - 1 (mod M) the takes give 0..n-1 and by (S) nothing gives f(n) = n; for
//! n = M - 1 (mod M) the takes give 0..n-1, (R) gives n, and n + 1 = f(n) is no take (all
//! below n) and no split (S); for n = 0 (mod M), f(n) = n - 1 is no take and no split (S)
//! while everything below it is a take.
//!
//! *Lemma R.* For K = 2, the split 1 + (n - 1): n - 1 = 2 (mod 4), so f keeps 1 and n - 1,
//! and 1 XOR (n - 1) = n as n - 1 is even. For K = 3, the split 1 + 2 + (n - 3): n - 3 = 4
//! (mod 8), so f keeps all three, whose bits are disjoint: 1 XOR 2 XOR (n - 3) = n.
//!
//! *Lemma S.* Let x_1 + ... + x_K = n be a split, v_i = f(x_i) = x_i + d_i with d = +1 for
//! x = M - 1 and d = -1 for x = 0 (mod M), else 0, and suppose XOR v_i = f(n) = n + d(n). The
//! low K bits of a value give its d: d = +1 exactly when v = 0 (mod M), d = -1 exactly when
//! v = M - 1 (mod M). With c_b the number of v_i having bit b, sum v_i - XOR v_i =
//! sum_b 2^b (c_b - (c_b mod 2)), which for at most three parts is 2C with
//! C = sum_b 2^b [c_b >= 2]. Here sum v_i - XOR v_i = sum d_i - d(n), so 2C = sum d_i - d(n)
//! <= K + 1. Write l_i = v_i mod M (then x_i = l_i mod M except x = M - 1 when l = 0 and x = 0
//! when l = M - 1) and recall n = sum x_i.
//! - K = 2, C = 0 (the v_i have disjoint bits, and sum d_i = d(n)): the pairs {l_1, l_2} with
//!   disjoint bits are {3, 0}: sum d = 0, but n = 0 + 3 = 3 (mod 4), d(n) = 1; {0, 0}: sum d =
//!   2 > 1; {0, 1} and {0, 2}: sum d = 1, but n = 3 + 1 = 0 or 3 + 2 = 1 (mod 4), d(n) != 1;
//!   {1, 2}: sum d = 0, but n = 3 (mod 4), d(n) = 1. None is possible.
//! - K = 2, C = 1 (bit 0 in both values): both are odd, d_i in {0, -1}, so sum d_i - d(n) = 2
//!   would need d(n) <= -2.
//! - K = 3, C = 0 (disjoint bits, sum d_i = d(n)). If some l_i = 7, the other two are 0:
//!   sum d = -1 + 2 = 1, but n = 0 + 7 + 7 = 6 (mod 8), d(n) = 0. Otherwise every d_i is 0 or
//!   1, and z, the number of l_i = 0, equals d(n), so z <= 1. z = 0: three non-zero disjoint
//!   l_i below 8 are 1, 2, 4, so n = 7 (mod 8) and d(n) = 1 != z. z = 1: d(n) = 1, n = 7
//!   (mod 8), and n = 7 + l_2 + l_3 where l_2, l_3 are non-zero and disjoint, so
//!   l_2 + l_3 = l_2 | l_3 is between 3 and 7, never 0 (mod 8).
//! - K = 3, C = 1 (bit 0 in two or three values, higher bits disjoint; sum d_i = d(n) + 2 >= 1).
//!   Odd values have d in {0, -1}, so at most one value is even, sum d_i <= 1: the even one has
//!   l = 0 (d = 1), d(n) = -1 (n = 0 mod 8), and the two odd ones have l in {1, 3, 5} with
//!   disjoint bits 1 and 2: {1, 1}, {1, 3}, {1, 5} or {3, 5}. Then n = 7 + l_2 + l_3, and
//!   l_2 + l_3 in {2, 4, 6, 8} is never 1 (mod 8).
//! - K = 3, C = 2 (bit 1 in two or three values): sum d_i - d(n) = 4 needs all three d_i = 1,
//!   so every l_i = 0 and no value has bit 1.
//!
//! *Proof of Theorem 2* (K >= 4, N = 2^(K+1) - 1; here f(n) = n except f(2^K - 1) = 2^K,
//! f(2^K) = 2^K - 1 and f(N) = N + 1). By induction on n <= N, with g = f below n. A part x of
//! a split of n is at most n - K + 1 < N, and f(x) = x + d with d = +1 for x = 2^K - 1, -1 for
//! x = 2^K, else 0. At most one part is 2^K - 1 or more: two would leave K - 2 >= 2 parts of at
//! least 1, a total of at least 2^(K+1) > N. XOR v_i <= sum v_i, with equality exactly when the
//! v_i have disjoint bits, and XOR v_i = sum v_i (mod 2). K disjoint non-zero numbers sum to at
//! least 1 + 2 + ... + 2^(K-1) = 2^K - 1.
//! - n < 2^K - 1: the takes give 0..n-1; every part is below 2^K - 1 so v = x, and the splits
//!   are at most n and below it (disjoint bits would need n >= 2^K - 1): g(n) = n.
//! - n = 2^K - 1: the takes give 0..n-1, the split 1 + 2 + ... + 2^(K-1) gives n, and no split
//!   is past n (v = x): g(n) = n + 1.
//! - n = 2^K: every part is at most 2^K - K + 1 < 2^K - 1 (v = x), so every split is even;
//!   the takes give 0..n-2 and n: g(n) = n - 1, which is odd.
//! - 2^K < n < N: the takes give 0..n-1. A split with one part of 2^K - 1 or 2^K has
//!   sum v_i = n +- 1, so its value has the other parity from n. Any other has v = x and the
//!   value n only with disjoint bits: n has bit K (2^K < n < 2^(K+1)), so one part has bit K
//!   and, not being 2^K, another bit too; the K parts then use all K + 1 bits 0..K, and n = N.
//!   So g(n) = n.
//! - n = N: the takes give 0..N-1; the split (2^K + 1) + 2 + 4 + ... + 2^(K-1) (K parts,
//!   disjoint bits, all kept by f) gives N; every value of a part is below 2^(K+1), so no split
//!   gives N + 1 = 2^(K+1): g(N) = N + 1.
//!
//! The tests check both theorems against the plain mex (every K from 2 to 8, a few thousand
//! heaps) and the whole game against the exhaustive solver on every small position.
//!
//! Observed, not proven and not used: for K from 4 to 8, the table to 4,096 satisfies
//! g(n + 2^(K+1) - 4) = g(n) + 2^(K+1) from n = 3 * 2^(K-1) on (an arithmetic period). No
//! theorem here covers it, so past 2^(K+1) - 1 the values come only from the table.
//!
//! # Winning moves, counted exactly
//!
//! A take from a heap of n reaches the value t only by leaving the one m < n with g(m) = t
//! (values of takes are distinct): m = f(t), as f is an involution, where a closed form holds;
//! else from the table. Splits are counted as multisets of parts (a split is written with its
//! parts from the smallest).
//!
//! For K = 2 and 3, every x >= 1 is x = Mq + c with c in {-1, 1, 2, ..., M - 2, M} (its class
//! mod M, M - 1 written -1 and 0 written M), q >= 1 when c = -1 and q >= 0 otherwise, and
//! f(x) = Mq + r(c) with r(-1) = 0, r(M) = M - 1, r(c) = c otherwise (below M). A split into
//! parts of classes c_i has the value t exactly when XOR r(c_i) = t mod M and the quotients
//! have XOR q_i = T = t div M and sum q_i = S = (n - sum c_i) / M. Two quotients with sum S and
//! XOR T number 2^popcount(T) when D = (S - T) / 2 is a whole number sharing no bit with T (one
//! is D plus a subset of T's bits), else none; three are counted bit by bit with the carry (a
//! digit count). A bound q >= 1 is taken off by inclusion and exclusion, and ordered tuples
//! become multisets by Burnside's lemma. So the count is exact at any size, and the splits are
//! listed in order by walking, for each first part (K = 3), the quotients of the second part in
//! increasing order, class by class.
//!
//! For K >= 4 the splits are walked one by one, parts in increasing order, within the budget.
//!
//! # Misère play
//!
//! **Theorem 3.** Under misère play (whoever makes the last move loses), a position is lost for
//! the player to move exactly when either some heap has 2 or more and the nim-sum of the values
//! is 0, or every heap has at most 1 and the number of heaps of 1 is odd. This is Bouton's rule
//! for misère Nim (Bouton, 1901), and his argument carries over because a heap of 1 has the
//! value 1 and cannot be split (K >= 2), while a heap of n >= 2 has a value of at least 2 (its
//! takes to 0 and 1 have the values 0 and 1) and can be taken to 0 or to 1.
//!
//! *Proof.* Call the positions of the theorem L. From L no move reaches L: with every heap at
//! most 1, a move empties a heap of 1 and leaves an even number of them; with a heap of 2 or
//! more and nim-sum 0, there are two such heaps (one alone would give a nim-sum of at least 2),
//! a move changes one of them, so a heap of 2 or more remains, and the nim-sum becomes non-zero
//! (an option never has the value of its heap). From a position outside L with a move, some
//! move reaches L: with every heap at most 1 and an even number of 1s, empty one; with exactly
//! one heap of 2 or more, take it to 0 or to 1 so that the number of 1s is odd; with two or
//! more such heaps (then the nim-sum is non-zero), the normal-play winning move, which leaves
//! a heap of 2 or more. A position with no move is a win under misère play and not in L.

use crate::error::IllegalMove;
use crate::error::{AnalyzeError, GaveUp, ParseGameError, Work};
use crate::rules::analysis::Analysis;
use crate::rules::board::BoardContext;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Players;
use crate::rules::board::Words;
use crate::rules::board::{Board, BoardFamily};
use crate::rules::board::{Method, Notation, PlayHelp, RulesCore, Theory};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use crate::stop::Ticker;
use crate::values::nimber::xor_bits;

/// The largest K accepted: a split writes out K heaps, one number each.
pub const MAX_PARTS: u64 = 1024;

/// At most this many winning moves are listed one by one (the library's `LISTED_MOVES`; a
/// test checks that they agree).
const LISTED: usize = 10_000;

/// At most this many numbers are held by the listed moves' results together (each result is
/// the whole position after its move; the library's `LISTED_NUMBERS`).
const LISTED_NUMBERS: usize = 1 << 20;

/// How many heap values the explanation writes out before "...".
const SHOWN_HEAPS: usize = 8;

/// Take or split in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "take-or-split:K",
    name: "take or split (Lasker's Nim for K = 2)",
    a_move: "take any number from one heap, or split one heap into exactly K non-empty heaps",
    example_game: "take-or-split:2",
    example_position: "2 2 3",
    heap_ruleset: false,
    move_syntax: "`HEAP TAKE` takes TAKE objects from heap HEAP; `split HEAP into A B` splits it into K heaps",
    example_move: "split 3 into 1 2",
}];

/// Reads `take-or-split:K` (K >= 2); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    if s == "take-or-split" {
        return Some(Err("game 'take-or-split' needs its parameter: take-or-split:K (e.g. take-or-split:2)".into()));
    }
    let k = s.strip_prefix("take-or-split:")?;
    Some(TakeOrSplit::parse_parameter(k).map(Board::new).map_err(|e| e.to_string()))
}

/// Take or split: a move takes from one heap or splits one heap into exactly `k` heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TakeOrSplit {
    k: u64,
}

/// The value f(n) of Theorems 1 and 2 for splits into `k` parts (k >= 2): n, except n + 1 for
/// n = -1 and n - 1 for n = 0 (mod 2^k), n > 0. In 128 bits, as f(2^64 - 1) may be 2^64.
///
/// ```
/// use grundy::rules::board::numbers::take_or_split::block_value;
/// let lasker: Vec<u128> = (0..9).map(|n| block_value(2, n)).collect();
/// assert_eq!(lasker, [0, 1, 2, 4, 3, 5, 6, 8, 7]);
/// assert_eq!(block_value(3, 7), 8);
/// assert_eq!(block_value(2, u64::MAX), 1 << 64);
/// ```
pub fn block_value(k: u64, n: u64) -> u128 {
    let n128 = u128::from(n);
    // n mod 2^k, for any k (k >= 64 leaves n as it is).
    let low = if k >= 64 { n128 } else { n128 & ((1u128 << k) - 1) };
    let top = if k >= 128 { u128::MAX } else { (1u128 << k) - 1 };
    if n == 0 {
        0
    } else if low == top {
        n128 + 1
    } else if low == 0 {
        n128 - 1
    } else {
        n128
    }
}

/// The exact Sprague-Grundy values g(0..=upto) of take-or-split:k by the definition (the mex
/// over every take and every split), for tables within `budget` units of work (a unit is one
/// 64-bit word of value sets combined). The split values of each size are kept as sets, one per
/// number of parts below k, built part by part: a split of m into j parts is a first part a
/// and a split of m - a into j - 1 parts, and XOR by g(a) moves whole words (its high bits) and
/// permutes the bits inside a word (its low six bits), so the sets are ORed into 64 rows by the
/// low bits and each row is permuted once.
///
/// ```
/// use grundy::rules::board::numbers::take_or_split::value_table;
/// let g = value_table(4, 40, 1_000_000).unwrap();
/// assert_eq!(&g[30..36], &[30, 32, 33, 34, 35, 36]);
/// assert!(value_table(4, 100_000, 1_000_000).is_err());
/// ```
pub fn value_table(k: u64, upto: u64, budget: u64) -> Result<Vec<u64>, AnalyzeError> {
    if !(2..=MAX_PARTS).contains(&k) {
        return Err(AnalyzeError::Unsupported(format!("take-or-split:K takes K from 2 to {MAX_PARTS}, not {k}")));
    }
    let budget = Work::MovesExamined.clamp(budget);
    let estimate = table_work(k, upto);
    if estimate > u128::from(budget) {
        return Err(table_refusal(k, upto, budget, estimate));
    }
    // The estimate fits in the budget (below 2^32), so every size here fits in usize.
    let (kk, h) = (k as usize, upto as usize);
    let mut g: Vec<u64> = Vec::with_capacity(h + 1);
    // Words per set: a power of two, doubled when a value reaches it.
    let mut words = 1usize;
    // levels[j - 2][m * words..]: the set of values of the splits of m into j parts, j = 2..k-1.
    let mut levels: Vec<Vec<u64>> = vec![Vec::new(); kk.saturating_sub(2)];
    // Every value g(m) for m below the size being computed (the takes' values).
    let mut taken: Vec<u64> = vec![0; words];
    let mut rows: Vec<u64> = Vec::new();
    let mut work: u128 = 0;
    let mut ticker = Ticker::new(64);
    for n in 0..=h {
        ticker.tick()?;
        let mut fresh: Vec<Vec<u64>> = Vec::with_capacity(kk.saturating_sub(1));
        // Two parts: a and n - a, a <= n - a.
        let mut pairs = vec![0u64; words];
        for a in 1..=n / 2 {
            set_bit(&mut pairs, g.get(a).copied().unwrap_or(0) ^ g.get(n - a).copied().unwrap_or(0));
        }
        work += (n / 2) as u128;
        fresh.push(pairs);
        for j in 3..=kk {
            let mut set = vec![0u64; words];
            if n >= j {
                rows.clear();
                rows.resize(64 * words, 0);
                let below = match levels.get(j - 3) {
                    Some(level) => level.as_slice(),
                    None => &[],
                };
                for a in 1..=n - (j - 1) {
                    let v = g.get(a).copied().unwrap_or(0) as usize;
                    let (hi, low) = (v / 64, v % 64);
                    let src = below.get((n - a) * words..(n - a + 1) * words).unwrap_or(&[]);
                    if let Some(row) = rows.get_mut(low * words..(low + 1) * words) {
                        for (i, &w) in src.iter().enumerate() {
                            if let Some(r) = row.get_mut(i ^ hi) {
                                *r |= w;
                            }
                        }
                    }
                }
                for (low, row) in rows.chunks_exact(words).enumerate() {
                    for (s, &w) in set.iter_mut().zip(row) {
                        *s |= xor_bits(w, low as u32);
                    }
                }
                work += ((n - j + 1) as u128 + 64) * words as u128;
            }
            fresh.push(set);
        }
        // The mex over the takes and the splits into k parts.
        let splits = fresh.get(kk - 2).map(Vec::as_slice).unwrap_or(&[]);
        let mex = taken
            .iter()
            .zip(splits.iter().chain(std::iter::repeat(&0)))
            .enumerate()
            .find_map(|(i, (&t, &s))| {
                let w = t | s;
                (w != u64::MAX).then(|| i as u64 * 64 + u64::from((!w).trailing_zeros()))
            })
            .unwrap_or(words as u64 * 64);
        g.push(mex);
        // Widen every set when the value reaches the words' reach (XORs stay below the next
        // power of two).
        while mex as usize >= words * 64 {
            let wider = words * 2;
            for level in &mut levels {
                *level = widen(level, words, wider);
            }
            for set in &mut fresh {
                set.resize(wider, 0);
            }
            taken.resize(wider, 0);
            words = wider;
        }
        set_bit(&mut taken, mex);
        // Keep the sets of 2..k-1 parts for the sizes above.
        for (level, set) in levels.iter_mut().zip(fresh) {
            level.extend_from_slice(&set);
        }
        work += (kk.saturating_sub(2) * words) as u128;
        if work > u128::from(budget) {
            return Err(table_refusal(k, upto, budget, estimate.max(work * 2)));
        }
    }
    Ok(g)
}

/// The work [`value_table`] expects for the values to `upto`: for each size n and each number
/// of parts j from 3 to k, about n words of sets ORed and 64 rows permuted, with values below
/// the power of two past 2 (upto + 1) (measured: the values stay below 1.2 n).
fn table_work(k: u64, upto: u64) -> u128 {
    let h = u128::from(upto) + 1;
    let words = ((2 * h).next_power_of_two() / 64).max(1);
    let levels = u128::from(k.saturating_sub(2));
    levels.saturating_mul(h.saturating_mul(h) / 2 + 64 * h).saturating_mul(words) + h * h / 4
}

/// The refusal for a table past the budget: a larger budget when one allowed would do, else why
/// not.
fn table_refusal(k: u64, upto: u64, budget: u64, needed: u128) -> AnalyzeError {
    let needed64 = u64::try_from(needed).unwrap_or(u64::MAX);
    let g = GaveUp { what: Work::MovesExamined, used: budget, needed: Some(needed64) };
    if g.suggested_budget().is_some() {
        return AnalyzeError::GaveUp(g);
    }
    AnalyzeError::Unsupported(format!(
        "take-or-split:{k} has a proven closed form only up to heap 2^{} - 1 = {}; past it the values come from a table by the definition, and the table to heap {upto} needs about {needed} steps, past the {} this program allows for one computation",
        k + 1,
        closed_limit(k),
        Work::MovesExamined.max_budget()
    ))
}

/// The largest heap whose value a closed form gives: every heap for K = 2, 3 and K >= 63,
/// else 2^(K+1) - 1 (Theorem 2).
fn closed_limit(k: u64) -> u64 {
    if k <= 3 || k >= 63 {
        u64::MAX
    } else {
        (1u64 << (k + 1)) - 1
    }
}

fn set_bit(set: &mut [u64], v: u64) {
    if let Some(w) = set.get_mut((v / 64) as usize) {
        *w |= 1 << (v % 64);
    }
}

/// The sets of `level` (each `words` long) laid out `wider` words each.
fn widen(level: &[u64], words: usize, wider: usize) -> Vec<u64> {
    let mut out = Vec::with_capacity(level.len() / words.max(1) * wider);
    for set in level.chunks_exact(words.max(1)) {
        out.extend_from_slice(set);
        out.resize(out.len() + wider - words, 0);
    }
    out
}

/// The classes of Theorem 1's counting for M = 2^kk (kk = 2 or 3): each x >= 1 is M q + c.
fn classes(kk: u32) -> Vec<i128> {
    let m = 1i128 << kk;
    std::iter::once(-1).chain(1..m - 1).chain(std::iter::once(m)).collect()
}

/// The low bits of f(x) for x of class c (below M).
fn class_low(kk: u32, c: i128) -> u128 {
    let m = 1i128 << kk;
    match c {
        -1 => 0,
        c if c == m => (m - 1) as u128,
        c => c as u128,
    }
}

/// The smallest quotient of class c (q >= 1 for c = -1, so that x >= 1).
fn class_floor(c: i128) -> u128 {
    u128::from(c == -1)
}

/// How many tuples of `vars` (0 to 3) non-negative integers have sum `s` and XOR `t`.
/// `None` past 2^128.
fn quotient_tuples(vars: usize, s: u128, t: u128) -> Option<u128> {
    match vars {
        0 => Some(u128::from(s == 0 && t == 0)),
        1 => Some(u128::from(s == t)),
        2 => {
            if s < t || (s - t) % 2 == 1 || ((s - t) / 2) & t != 0 {
                return Some(0);
            }
            1u128.checked_shl(t.count_ones()).filter(|_| t.count_ones() < 128)
        }
        _ => {
            // Bit by bit from the lowest: w of the three numbers have the bit (C(3, w) ways),
            // w = the XOR's bit (mod 2), w + carry = the sum's bit (mod 2).
            const WAYS: [u128; 4] = [1, 3, 3, 1];
            // Past the highest bit of s a carry never returns to 0 (the bits of s and t are 0
            // there, so an even number of ones keeps it odd or at 2), so the count stops there.
            let bits = 128 - (s | t).leading_zeros();
            let mut by_carry = [1u128, 0, 0];
            for bit in 0..bits {
                let (sb, tb) = ((s >> bit) & 1, (t >> bit) & 1);
                let mut next = [0u128; 3];
                for (carry, &ways) in by_carry.iter().enumerate() {
                    if ways == 0 {
                        continue;
                    }
                    for (w, &c) in WAYS.iter().enumerate() {
                        let total = w + carry;
                        if (w as u128) & 1 != tb || (total as u128) & 1 != sb {
                            continue;
                        }
                        let slot = next.get_mut(total / 2)?;
                        *slot = slot.checked_add(ways.checked_mul(c)?)?;
                    }
                }
                by_carry = next;
            }
            Some(by_carry[0])
        }
    }
}

/// How many ordered tuples of `parts` (2 or 3) positive integers have sum n and values (f of
/// Theorem 1, M = 2^parts) with XOR t. `None` past 2^128.
fn ordered_splits(parts: u32, n: u64, t: u128) -> Option<u128> {
    let kk = parts;
    let m = 1i128 << kk;
    let cs = classes(kk);
    let (low_t, high_t) = (t & (m as u128 - 1), t >> kk);
    let mut plus: u128 = 0;
    let mut minus: u128 = 0;
    let mut tuple = vec![0usize; parts as usize];
    // Every tuple of classes, as a number in base |cs|.
    let total = cs.len().pow(parts);
    for code in 0..total {
        let mut rest = code;
        for slot in tuple.iter_mut() {
            *slot = rest % cs.len();
            rest /= cs.len();
        }
        let chosen: Vec<i128> = tuple.iter().map(|&i| cs.get(i).copied().unwrap_or(1)).collect();
        let sum_c: i128 = chosen.iter().sum();
        let low = chosen.iter().fold(0u128, |a, &c| a ^ class_low(kk, c));
        let left = i128::from(n) - sum_c;
        if low != low_t || left < 0 || left % m != 0 {
            continue;
        }
        let s = (left / m) as u128;
        // Inclusion and exclusion over the parts of class -1 (their quotients are at least 1:
        // take off the tuples where some of them are 0).
        let bounded: Vec<usize> = (0..chosen.len()).filter(|&i| chosen.get(i) == Some(&-1)).collect();
        for subset in 0..(1usize << bounded.len()) {
            let zeros = subset.count_ones() as usize;
            let count = quotient_tuples(chosen.len() - zeros, s, high_t)?;
            if zeros.is_multiple_of(2) {
                plus = plus.checked_add(count)?;
            } else {
                minus = minus.checked_add(count)?;
            }
        }
    }
    plus.checked_sub(minus)
}

/// How many splits (multisets of parts) of n into `parts` (2 or 3) heaps have values with XOR
/// t, under Theorem 1's values, by Burnside's lemma over the orders of the parts. `None` past
/// 2^128.
fn split_count_closed(parts: u32, n: u64, t: u128) -> Option<u128> {
    let ordered = ordered_splits(parts, n, t)?;
    let f = |x: u64| block_value(u64::from(parts), x);
    if parts == 2 {
        // Orders of two parts: the identity and the swap, which fixes (x, x) (value 0).
        let fixed = u128::from(n.is_multiple_of(2) && n >= 2 && t == 0);
        return Some(ordered.checked_add(fixed)? / 2);
    }
    // Three parts: the identity, three swaps (each fixes the (x, x, y) with f(y) = t, y = f(t)
    // as f is an involution) and two rotations (each fixes (x, x, x), value f(x)).
    let y = f_inverse_u128(parts, t);
    let swaps = y.map_or(0, |y| u128::from(y >= 1 && y < n && (n - y).is_multiple_of(2)));
    let rotations = u128::from(n.is_multiple_of(3) && n >= 3 && f(n / 3) == t);
    Some(ordered.checked_add(swaps.checked_mul(3)?)?.checked_add(rotations * 2)? / 6)
}

/// The heap m with f(m) = t (f of Theorem 1 for `parts` = K), when m fits in 64 bits.
fn f_inverse_u128(parts: u32, t: u128) -> Option<u64> {
    // f is an involution: m = f(t), computed on t as a 128-bit number.
    let m = 1u128 << parts;
    let low = t & (m - 1);
    let back = if t == 0 {
        0
    } else if low == m - 1 {
        t + 1
    } else if low == 0 {
        t - 1
    } else {
        t
    };
    u64::try_from(back).ok()
}

/// The quotients q1 = d + s (s a subset of `bits`, d & bits = 0) of one class pair, in
/// increasing order from a lower bound.
#[derive(Clone, Debug)]
struct PairRun {
    /// M = 2^kk.
    m: u128,
    c1: i128,
    /// The common part of q1 and q2 (their AND).
    d: u128,
    /// The bits that go to q1 or q2 (their XOR).
    bits: u128,
    /// The current subset of `bits` in q1.
    sub: u128,
    /// The largest q1 allowed.
    top: u128,
    done: bool,
}

impl PairRun {
    /// x1 = M q1 + c1 (at least 1: q1 >= 1 when c1 = -1).
    fn first(&self) -> u128 {
        ((self.m * (self.d | self.sub)) as i128 + self.c1) as u128
    }

    fn advance(&mut self) {
        if self.sub == self.bits {
            self.done = true;
            return;
        }
        self.sub = ((self.sub | !self.bits).wrapping_add(1)) & self.bits;
        if (self.d | self.sub) > self.top {
            self.done = true;
        }
    }
}

/// The smallest subset of `bits` that is at least `at`, if any.
fn subset_at_least(bits: u128, at: u128) -> Option<u128> {
    if at & !bits == 0 {
        return Some(at);
    }
    // The highest bit of `at` outside `bits`: the subset must pass `at` at a higher bit q that
    // `bits` has and `at` lacks, keep `at` above q, and be 0 below.
    let p = 127 - (at & !bits).leading_zeros();
    let candidates = bits & !at & (u128::MAX.checked_shl(p + 1).unwrap_or(0));
    if candidates == 0 {
        return None;
    }
    let q = candidates.trailing_zeros();
    let above = at & u128::MAX.checked_shl(q + 1).unwrap_or(0);
    Some(above | (1u128 << q))
}

/// Every split of `total` into two parts x1 <= x2 with x1 >= `min_first` whose values (f of
/// Theorem 1, M = 2^kk) have XOR t, in increasing x1, given to `visit` until it returns false.
/// Returns the number of steps taken (class pairs set up and pairs visited).
fn pairs_in_order(kk: u32, total: u64, t: u128, min_first: u64, visit: &mut dyn FnMut(u64, u64) -> bool) -> u64 {
    let m = 1i128 << kk;
    let cs = classes(kk);
    let (low_t, high_t) = (t & (m as u128 - 1), t >> kk);
    let mut runs: Vec<PairRun> = Vec::new();
    let half = i128::from(total / 2);
    let mut steps = 0u64;
    for &c1 in &cs {
        for &c2 in &cs {
            steps += 1;
            let left = i128::from(total) - c1 - c2;
            if class_low(kk, c1) ^ class_low(kk, c2) != low_t || left < 0 || left % m != 0 {
                continue;
            }
            let s = (left / m) as u128;
            if s < high_t || (s - high_t) % 2 == 1 {
                continue;
            }
            let d = (s - high_t) / 2;
            if d & high_t != 0 {
                continue;
            }
            // q1 from the bounds: q1 >= its class's floor, x1 >= min_first, x1 <= total / 2,
            // q2 = s - q1 >= its class's floor.
            let need = i128::from(min_first) - c1;
            let from_min = if need <= 0 { 0 } else { ((need + m - 1) / m) as u128 };
            let low = class_floor(c1).max(from_min);
            let Some(top_half) = (half - c1).checked_div(m).filter(|_| half - c1 >= 0) else { continue };
            let top = (top_half as u128).min(s.saturating_sub(class_floor(c2)));
            if s < class_floor(c2) || low > top {
                continue;
            }
            let Some(sub) = subset_at_least(high_t, low.saturating_sub(d)) else { continue };
            let run = PairRun { m: m as u128, c1, d, bits: high_t, sub, top, done: (d | sub) > top };
            if !run.done {
                runs.push(run);
            }
        }
    }
    while let Some(best) = runs.iter_mut().filter(|r| !r.done).min_by_key(|r| r.first()) {
        let x1 = best.first() as u64;
        best.advance();
        steps += 1;
        if !visit(x1, total - x1) {
            break;
        }
    }
    steps
}

/// What is known of one heap's winning splits.
struct HeapSplits {
    /// How many, exactly (None: not known).
    count: Option<u128>,
    /// The first ones in order (parts from the smallest), at most the room given.
    first: Vec<Vec<u64>>,
    /// Why `count` is None, or why `first` stops before `count` when the room was not the
    /// reason.
    note: Option<String>,
}

/// The work budget shared by one answer's steps beyond a constant per heap.
struct Steps {
    left: u64,
    /// The budget for all heaps together.
    total: u64,
    ticker: Ticker,
    /// Set when the work was stopped from outside (then `take` refuses every step).
    stopped: Option<crate::stop::Stopped>,
}

impl Steps {
    fn take(&mut self, n: u64) -> bool {
        if let Err(e) = self.ticker.tick() {
            self.stopped = Some(e);
        }
        if self.stopped.is_some() {
            return false;
        }
        if n > self.left {
            self.left = 0;
            return false;
        }
        self.left -= n;
        true
    }
}

/// The values of one position's heaps and every size below the largest: a closed form, or the
/// closed form below its limit and a table above.
struct Values {
    k: u64,
    table: Option<Vec<u64>>,
}

impl Values {
    fn g(&self, x: u64) -> u128 {
        if x <= closed_limit(self.k) {
            return block_value(self.k, x);
        }
        let at = usize::try_from(x).ok().and_then(|i| self.table.as_ref().and_then(|t| t.get(i)));
        at.map_or(0, |&v| u128::from(v))
    }

    /// The m < n with g(m) = t, if any (values of distinct heaps differ: a heap's takes reach
    /// every smaller heap).
    fn take_to(&self, n: u64, t: u128) -> Option<u64> {
        if self.k <= 3 {
            return f_inverse_u128(self.k as u32, t).filter(|&m| m < n);
        }
        let limit = closed_limit(self.k);
        // f maps [0, 2^(K+1) - 2] onto itself (Theorem 2), where it is an involution.
        if t < u128::from(limit) {
            if let Some(m) = u64::try_from(block_value(self.k, t as u64)).ok().filter(|&m| m < n && m < limit) {
                return Some(m);
            }
        }
        let table = self.table.as_ref()?;
        table.iter().take(usize::try_from(n).unwrap_or(usize::MAX)).position(|&v| u128::from(v) == t).map(|m| m as u64)
    }
}

impl TakeOrSplit {
    /// The game with splits into `k` heaps; K from 2 to [`MAX_PARTS`], else a
    /// [`ParseGameError`] naming the K.
    ///
    /// ```
    /// use grundy::rules::board::numbers::take_or_split::TakeOrSplit;
    /// let e = TakeOrSplit::new(1).unwrap_err();
    /// assert_eq!(e.to_string(), "take-or-split:1: K must be at least 2 (a split leaves K non-empty heaps and takes nothing)");
    /// ```
    pub fn new(k: u64) -> Result<Self, ParseGameError> {
        if k < 2 {
            return Err(ParseGameError::new(format!(
                "take-or-split:{k}: K must be at least 2 (a split leaves K non-empty heaps and takes nothing)"
            )));
        }
        if k > MAX_PARTS {
            return Err(ParseGameError::new(format!(
                "take-or-split:{k}: K must be at most {MAX_PARTS} (a split writes out K heaps)"
            )));
        }
        Ok(TakeOrSplit { k })
    }

    /// Reads the K of `take-or-split:K`; the error is a [`ParseGameError`] naming it.
    pub fn parse_parameter(text: &str) -> Result<Self, ParseGameError> {
        let k = crate::number::parse_u64(text, "K of take-or-split:K").map_err(ParseGameError::new)?;
        Self::new(k)
    }

    /// K, the number of heaps a split leaves.
    pub fn parts(&self) -> u64 {
        self.k
    }

    /// The Sprague-Grundy value of a heap of n, where a closed form gives it (Theorems 1 and
    /// 2); `None` past 2^(K+1) - 1 for K from 4 to 62, where only a table does.
    ///
    /// ```
    /// use grundy::rules::board::numbers::take_or_split::TakeOrSplit;
    /// let g = TakeOrSplit::new(3).unwrap();
    /// assert_eq!(g.closed_value(15), Some(16));
    /// assert_eq!(TakeOrSplit::new(4).unwrap().closed_value(32), None);
    /// ```
    pub fn closed_value(&self, n: u64) -> Option<u128> {
        (n <= closed_limit(self.k)).then(|| block_value(self.k, n))
    }

    /// A split's parts if `after` is `numbers` with one heap replaced by K heaps: (heap,
    /// parts), the first reading whose parts are a legal split, else the first reading.
    fn split_of<'a>(&self, numbers: &[u64], after: &'a [u64]) -> Option<(usize, &'a [u64])> {
        let k = usize::try_from(self.k).ok()?;
        if after.len() != numbers.len().checked_add(k - 1)? {
            return None;
        }
        let readings: Vec<(usize, &[u64])> = (0..numbers.len())
            .filter(|&i| after.get(..i) == numbers.get(..i) && after.get(i + k..) == numbers.get(i + 1..))
            .filter_map(|i| after.get(i..i + k).map(|parts| (i, parts)))
            .collect();
        let legal = |&(i, parts): &(usize, &[u64])| {
            !parts.contains(&0)
                && parts.iter().map(|&p| u128::from(p)).sum::<u128>()
                    == u128::from(numbers.get(i).copied().unwrap_or(0))
        };
        readings.iter().find(|r| legal(r)).or(readings.first()).copied()
    }

    fn values(&self, numbers: &[u64], budget: u64) -> Result<Values, AnalyzeError> {
        let largest = numbers.iter().copied().max().unwrap_or(0);
        let table = if largest > closed_limit(self.k) { Some(value_table(self.k, largest, budget)?) } else { None };
        Ok(Values { k: self.k, table })
    }

    /// The winning splits of a heap of n to the value t: counted exactly (K = 2, 3 at any
    /// size; K >= 4 by walking them within `steps`), the first `room` listed in order.
    fn heap_splits(&self, values: &Values, n: u64, t: u128, room: usize, steps: &mut Steps) -> HeapSplits {
        let k = self.k;
        if n < k {
            return HeapSplits { count: Some(0), first: vec![], note: None };
        }
        if k <= 3 {
            let Some(count) = split_count_closed(k as u32, n, t) else {
                return HeapSplits {
                    count: None,
                    first: vec![],
                    note: Some(format!("the splits of a heap of {n} number more than 2^128")),
                };
            };
            let want = usize::try_from(count).unwrap_or(usize::MAX).min(room);
            let mut first: Vec<Vec<u64>> = Vec::with_capacity(want.min(LISTED));
            let mut note = None;
            if want > 0 && k == 2 {
                let used = pairs_in_order(2, n, t, 1, &mut |a, b| {
                    first.push(vec![a, b]);
                    first.len() < want
                });
                steps.take(used);
            } else if want > 0 {
                // The first part a from 1 up; the other two by their quotients, in order.
                let mut a = 1u64;
                while first.len() < want && a <= n / 3 {
                    let rest_t = t ^ block_value(3, a);
                    let used = pairs_in_order(3, n - a, rest_t, a, &mut |b, c| {
                        first.push(vec![a, b, c]);
                        first.len() < want
                    });
                    if !steps.take(used) {
                        note = Some(format!(
                            "listing the splits of the heap of {n} in order stopped at first part {a}, past the budget"
                        ));
                        break;
                    }
                    a += 1;
                }
            }
            return HeapSplits { count: Some(count), first, note };
        }
        // K >= 4: every split, parts from the smallest, one by one.
        let mut walk = Walk { values, count: 0, first: Vec::new(), room, steps, parts: Vec::new() };
        let k = k as usize;
        match walk.splits(k, 1, n, t) {
            Ok(()) => HeapSplits { count: Some(walk.count), first: walk.first, note: None },
            Err(()) => HeapSplits {
                count: None,
                first: walk.first,
                note: Some(format!(
                    "walking the splits of the heap of {n} into {k} heaps one by one went past the budget ({} steps for every heap together); a larger budget may count them",
                    walk.steps.total
                )),
            },
        }
    }

    fn rule_line(&self, method: Method, largest: u64) -> String {
        match (self.k, method) {
            (2, _) => "Lasker's Nim (Emanuel Lasker, 1931): splitting into two heaps, the values are g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4 and g(4k+4) = 4k+3 (proved by induction on the heap, and checked against the definition).".into(),
            (3, _) => "Splitting into three heaps (the rule of the problem HDU 5795): g(8k+7) = 8k+8, g(8k+8) = 8k+7, and g(n) = n otherwise (proved by induction on the heap, and checked against the definition).".into(),
            (k, Method::Table) => format!(
                "Splitting into {k} heaps, the values are g(n) = n, except g(n) = n + 1 for n = -1 and g(n) = n - 1 for n = 0 (mod 2^{k}), only up to heap 2^{} - 1 = {} (proved by induction on the heap); past it no closed form is proven, so the values to heap {largest} come from a table by the definition: the mex over every take and every split into {k} heaps.",
                k + 1,
                closed_limit(k)
            ),
            (k, _) => format!(
                "Splitting into {k} heaps, up to heap 2^{} - 1 the values are g(n) = n, except g(n) = n + 1 for n = -1 and g(n) = n - 1 for n = 0 (mod 2^{k}) (proved by induction on the heap, and checked against the definition).",
                k + 1
            ),
        }
    }
}

/// The walk over the splits of K >= 4: parts in increasing order.
struct Walk<'a> {
    values: &'a Values,
    count: u128,
    first: Vec<Vec<u64>>,
    room: usize,
    steps: &'a mut Steps,
    parts: Vec<u64>,
}

impl Walk<'_> {
    /// The splits of m into `r` parts, each at least `lo`, with XOR of values `t`.
    fn splits(&mut self, r: usize, lo: u64, m: u64, t: u128) -> Result<(), ()> {
        if r == 2 {
            let top = m / 2;
            if top >= lo && !self.steps.take(top - lo + 1) {
                return Err(());
            }
            for b in lo..=top {
                if self.values.g(b) ^ self.values.g(m - b) == t {
                    self.count += 1;
                    if self.first.len() < self.room {
                        let mut split = self.parts.clone();
                        split.extend([b, m - b]);
                        self.first.push(split);
                    }
                }
            }
            return Ok(());
        }
        let top = m / r as u64;
        for a in lo..=top {
            if !self.steps.take(1) {
                return Err(());
            }
            self.parts.push(a);
            let done = self.splits(r - 1, a, m - a, t ^ self.values.g(a));
            self.parts.pop();
            done?;
        }
        Ok(())
    }
}

/// The winning moves of one position, in reading order.
struct Winning {
    /// Takes: (heap, what is left).
    takes: Vec<(usize, u64)>,
    /// Splits: (heap, parts), the first ones.
    splits: Vec<(usize, Vec<u64>)>,
    count: Option<u128>,
    notes: Vec<String>,
}

impl RulesCore for TakeOrSplit {
    fn words(&self) -> Words {
        let name = if self.k == 2 { "Lasker's Nim" } else { "Take or split" };
        Words::new(
            format!("take-or-split:{}", self.k),
            Players::Impartial,
            format!(
                "{name}: a move takes any number of objects from one heap, or splits one heap into exactly {} non-empty heaps without taking any.",
                self.k
            ),
            format!(
                "Type '1 3' (take 3 from heap 1), or 'split 1 into {p}' or '1 -> {p}' (split heap 1 into {} heaps)",
                self.k,
                p = example_parts(self.k)
            ),
        )
    }

    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &n) in numbers.iter().enumerate() {
            let with = |parts: &[u64]| {
                let mut after = numbers.get(..i).unwrap_or_default().to_vec();
                after.extend_from_slice(parts);
                after.extend_from_slice(numbers.get(i + 1..).unwrap_or_default());
                after
            };
            out.extend((0..n).map(|m| with(&[m])));
            // Every multiset of K positive parts of n, parts from the smallest.
            let k = self.k as usize;
            if n >= self.k {
                let mut parts = Vec::with_capacity(k);
                partitions(n, k, 1, &mut parts, &mut |p| out.push(with(p)));
            }
        }
        out
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        if after.len() == numbers.len() {
            let changed: Vec<usize> = (0..numbers.len()).filter(|&i| numbers.get(i) != after.get(i)).collect();
            return match changed[..] {
                [] => Err("a move must take at least one object or split a heap".into()),
                [i] => {
                    let (n, m) = (numbers.get(i).copied().unwrap_or(0), after.get(i).copied().unwrap_or(0));
                    if m > n {
                        Err(format!("heap {}: a move cannot add objects (it has {n})", i + 1).into())
                    } else {
                        Ok(())
                    }
                }
                _ => Err("a move takes from one heap only".into()),
            };
        }
        let k = self.k;
        if let Some((i, parts)) = self.split_of(numbers, after) {
            let n = numbers.get(i).copied().unwrap_or(0);
            if parts.contains(&0) {
                return Err(format!("heap {}: a split leaves {k} non-empty heaps, not a heap of 0", i + 1).into());
            }
            let sum: u128 = parts.iter().map(|&p| u128::from(p)).sum();
            if sum != u128::from(n) {
                return Err(format!(
                    "heap {}: a split takes nothing, so its {k} heaps add up to {n}, not {sum}",
                    i + 1
                )
                .into());
            }
            return Ok(());
        }
        if after.len() as u128 == numbers.len() as u128 + u128::from(k) - 1 {
            return Err(format!("a split replaces one heap by {k} heaps and leaves the other heaps as they are").into());
        }
        Err(format!(
            "a move takes from one heap (leaving it in place) or splits one heap into exactly {k} heaps; this leaves {} heaps where there were {}",
            after.len(),
            numbers.len()
        ).into())
    }

    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        let mut c: Vec<u64> = numbers.iter().copied().filter(|&h| h > 0).collect();
        c.sort_unstable();
        c
    }
}

impl Notation for TakeOrSplit {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        if let Some((i, parts)) = self.split_of(numbers, after) {
            let n = numbers.get(i).copied().unwrap_or(0);
            let joined = |sep: &str| parts.iter().map(u64::to_string).collect::<Vec<_>>().join(sep);
            return format!("split heap {} into {} ({n} -> {})", i + 1, joined(" + "), joined(" "));
        }
        let i = (0..numbers.len()).find(|&i| numbers.get(i) != after.get(i)).unwrap_or(0);
        let (n, m) = (numbers.get(i).copied().unwrap_or(0), after.get(i).copied().unwrap_or(0));
        format!("take {} from heap {} ({n} -> {m})", n.saturating_sub(m), i + 1)
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let rest = match words[..] {
            ["split", "heap", _, "into", ..] => words.get(2..)?,
            ["split", _, "into", ..] => words.get(1..)?,
            ["split", ..] => {
                return Some(Err(format!(
                    "write a split as 'split HEAP into' and its {} heaps (e.g. 'split 1 into {}')",
                    self.k,
                    example_parts(self.k)
                )))
            }
            _ => return None,
        };
        let (heap, parts) = (rest.first()?, rest.get(2..)?);
        Some((|| {
            let h = crate::number::parse_u64(heap, "the heap number")?;
            let i = h
                .checked_sub(1)
                .and_then(|i| usize::try_from(i).ok())
                .filter(|&i| i < numbers.len())
                .ok_or_else(|| format!("there is no heap {h} (the heaps are numbered 1 to {})", numbers.len()))?;
            let parts: Vec<u64> =
                parts.iter().map(|p| crate::number::parse_u64(p, "a heap left")).collect::<Result<_, _>>()?;
            if parts.len() as u64 != self.k {
                return Err(format!("a split leaves exactly {} heaps, not {}", self.k, parts.len()));
            }
            let mut after = numbers.get(..i).unwrap_or_default().to_vec();
            after.extend_from_slice(&parts);
            after.extend_from_slice(numbers.get(i + 1..).unwrap_or_default());
            Ok(after)
        })())
    }
}

impl PlayHelp for TakeOrSplit {
    fn random_move(&self, numbers: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let live: Vec<usize> = (0..numbers.len()).filter(|&i| numbers.get(i).is_some_and(|&h| h > 0)).collect();
        let i = *live.get(below(live.len().max(1) as u64) as usize)?;
        let n = numbers.get(i).copied()?;
        let mut after = numbers.get(..i).unwrap_or_default().to_vec();
        if n >= self.k && below(2) == 1 {
            // K parts: each 1 plus a random share of the rest, sorted.
            let mut extra = n - self.k;
            let mut parts: Vec<u64> = Vec::with_capacity(self.k as usize);
            for _ in 1..self.k {
                let share = below(extra / 2 + 1).min(extra);
                extra -= share;
                parts.push(1 + share);
            }
            parts.push(1 + extra);
            parts.sort_unstable();
            after.extend(parts);
        } else {
            after.push(n - 1 - below(n));
        }
        after.extend_from_slice(numbers.get(i + 1..).unwrap_or_default());
        Some(after)
    }

    /// Exactly: each heap's takes (one per smaller size) and its splits (the partitions of
    /// it into K parts, counted without listing them).
    fn option_count_bound(&self, numbers: &[u64]) -> Option<u128> {
        Some(
            numbers
                .iter()
                .map(|&n| u128::from(n).saturating_add(partitions_into(n, self.k)))
                .fold(0, u128::saturating_add),
        )
    }

    /// A split keeps the objects, so the sum alone does not bound a game: 2 * objects - heaps
    /// does (a take lowers the objects by at least 1 and the heaps by at most 1, a split raises
    /// the heaps by K - 1 >= 1, and there are never more heaps than objects).
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        let objects: u128 = numbers.iter().map(|&n| u128::from(n)).sum();
        let heaps = numbers.iter().filter(|&&n| n > 0).count() as u128;
        2 * objects - heaps
    }
}

impl Theory for TakeOrSplit {
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let (misere, budget) = (context.misere, context.budget);
        let values = self.values(numbers, budget)?;
        let method = if values.table.is_some() { Method::Table } else { Method::ClosedForm };
        let heap_values: Vec<u128> = numbers.iter().map(|&h| values.g(h)).collect();
        let x = heap_values.iter().fold(0u128, |a, v| a ^ v);
        let mut steps = Steps {
            left: Work::MovesExamined.clamp(budget),
            total: Work::MovesExamined.clamp(budget),
            ticker: Ticker::new(1024),
            stopped: None,
        };
        let width = numbers.len() + self.k as usize - 1;
        let listing = LISTED.min(LISTED_NUMBERS / width.max(1));
        let mut room = listing;
        let bigs: Vec<usize> = (0..numbers.len()).filter(|&i| numbers.get(i).is_some_and(|&h| h >= 2)).collect();
        let ones = numbers.iter().filter(|&&h| h == 1).count() as u64;
        let mut win = Winning { takes: vec![], splits: vec![], count: Some(0), notes: vec![] };
        let wins;
        // The targets: (heap, value its move must reach), and the misère exceptions.
        let mut targets: Vec<(usize, u128)> = Vec::new();
        if misere && bigs.is_empty() {
            // Theorem 3: every heap at most 1; won when the number of 1s is even (or none left).
            wins = ones.is_multiple_of(2);
            if wins {
                win.takes = (0..numbers.len()).filter(|&i| numbers.get(i) == Some(&1)).map(|i| (i, 0)).collect();
            }
        } else if let (true, [i]) = (misere, bigs.as_slice()) {
            // One heap of 2 or more: take it to 0 or 1 so that the 1s are odd; or split it so
            // that a heap of 2 or more remains with nim-sum 0, or into K ones making them odd.
            wins = true;
            let h = numbers.get(*i).copied().unwrap_or(0);
            win.takes.push((*i, 1 - ones % 2));
            if h == self.k {
                if (ones + self.k) % 2 == 1 {
                    win.splits.push((*i, vec![1; self.k as usize]));
                }
            } else {
                targets.push((*i, u128::from(ones % 2)));
            }
        } else {
            wins = x != 0;
            if wins {
                for (i, (&h, &v)) in numbers.iter().zip(&heap_values).enumerate() {
                    let t = x ^ v;
                    if let Some(m) = values.take_to(h, t) {
                        win.takes.push((i, m));
                    }
                    targets.push((i, t));
                }
            }
        }
        room = room.saturating_sub(win.takes.len() + win.splits.len());
        let mut known: u128 = (win.takes.len() + win.splits.len()) as u128;
        for (i, t) in targets {
            let h = numbers.get(i).copied().unwrap_or(0);
            let found = self.heap_splits(&values, h, t, room, &mut steps);
            room = room.saturating_sub(found.first.len());
            win.splits.extend(found.first.into_iter().map(|p| (i, p)));
            match found.count {
                Some(c) => known = known.saturating_add(c),
                None => win.count = None,
            }
            win.notes.extend(found.note);
        }
        if let Some(e) = steps.stopped {
            return Err(e.into());
        }
        if win.count.is_some() {
            win.count = Some(known);
        }
        // Every take is counted, but only the first `listing` are written out as the whole
        // position they leave (a take for each of many heaps would otherwise list n positions
        // of n numbers); the splits were found within the room the takes left.
        let mut winning: Vec<Vec<u64>> = Vec::new();
        for &(i, m) in win.takes.iter().take(listing) {
            let mut after = numbers.to_vec();
            if let Some(h) = after.get_mut(i) {
                *h = m;
            }
            winning.push(after);
        }
        for (i, parts) in &win.splits {
            let mut after = numbers.get(..*i).unwrap_or_default().to_vec();
            after.extend_from_slice(parts);
            after.extend_from_slice(numbers.get(i + 1..).unwrap_or_default());
            winning.push(after);
        }
        let listed = winning.len() as u128;
        let not_listed = match win.count {
            None => Some(format!(
                "the number of winning moves is not known: {}",
                win.notes.first().cloned().unwrap_or_else(|| "a count past 2^128".into())
            )),
            Some(c) if c > listed => Some(match win.notes.first() {
                Some(why) => why.clone(),
                None if listed as usize >= LISTED => format!("the list is kept to {LISTED} moves"),
                None => format!(
                    "each lists the whole position after it, {width} heaps, and the list is kept to {LISTED_NUMBERS} numbers"
                ),
            }),
            Some(_) => None,
        };
        let mut answer = Analysis::of_board(self, numbers, wins, None, winning, method);
        answer.set_board_count(win.count, not_listed);
        if !misere {
            match u64::try_from(x) {
                Ok(v) => answer.sg = Some(v),
                Err(_) => {
                    answer.sg_note = Some(format!("{x}, past 2^64 - 1, the largest this answer holds as a number"))
                }
            }
        }
        answer.explanation = self.explain(numbers, &heap_values, x, wins, misere, method);
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for TakeOrSplit {
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        use crate::rules::draw::{Control, ControlForm, Field};
        use crate::rules::faces::{
            big_bar, button_row, left_out, row_label, wrapped_object_row, MAX_OBJECTS, MAX_ROWS,
        };
        /// The most parts of a split offered as number fields (past it, splits are typed).
        const MAX_SPLIT_FIELDS: u64 = 6;
        let mut s = Sketch::new();
        let mut y = 4.0;
        for (i, &n) in numbers.iter().enumerate().take(MAX_ROWS) {
            let leave = |j: u64| {
                let mut after = numbers.to_vec();
                after[i] = j;
                after
            };
            row_label(&mut s, y, &format!("heap {}", i + 1), &n.to_string());
            let mut offers = vec![];
            if n <= MAX_OBJECTS {
                // The buttons under the objects a wide step below the last line's centre, so
                // that their targets are 40 CSS px high on a phone (issue 84).
                y += wrapped_object_row(&mut s, y, n, "obj", &mut |s, j| {
                    (
                        crate::rules::board::checked(s, self, numbers, leave(j)),
                        format!("take {} from heap {}", n - j, i + 1),
                    )
                }) + 13.0;
            } else {
                big_bar(&mut s, y, n, "objects");
                y += 24.0;
                for t in [1, n / 2, n] {
                    offers.push((
                        format!("take {t}"),
                        crate::rules::board::checked(&mut s, self, numbers, leave(n - t)),
                        format!("take {t} from heap {}", i + 1),
                    ));
                }
            }
            // A split into K heaps as equal as can be.
            if n >= self.k {
                let parts: Vec<String> =
                    (0..self.k.min(64)).map(|p| (n / self.k + u64::from(p < n % self.k)).to_string()).collect();
                if self.k <= 64 {
                    let words = format!("split {} into {}", i + 1, parts.join(" "));
                    let t = crate::rules::board::worded(&mut s, self, numbers, words.clone());
                    offers.push((format!("split into {}", self.k), t, words));
                }
            }
            if offers.iter().any(|o| o.1.is_some()) {
                y += button_row(&mut s, y, offers);
            }
            // Any take of a heap too large to draw, and every split: number fields.
            if n > MAX_OBJECTS {
                s.control(Control {
                    label: format!("heap {}: take", i + 1),
                    fields: vec![Field::new("take", 1, n, 1)],
                    form: ControlForm::Take { number: i },
                });
            }
            if n >= self.k && self.k <= MAX_SPLIT_FIELDS {
                let most = n - (self.k - 1);
                s.control(Control {
                    label: format!("heap {}: split into {}", i + 1, self.k),
                    // Starting at the split into heaps as equal as can be.
                    fields: (0..self.k)
                        .map(|p| Field::new(format!("heap {}", p + 1), 1, most, n / self.k + u64::from(p < n % self.k)))
                        .collect(),
                    form: ControlForm::Leave { number: i, width: 1 },
                });
            }
            y += 4.0;
        }
        y = left_out(&mut s, y, numbers.len(), "heaps");
        s.note(
            y + 12.0,
            &format!(
                "Other splits: type 'split HEAP into' and {} heaps (e.g. 'split 1 into {}').",
                self.k,
                example_parts(self.k)
            ),
        );
        s.height = y + 20.0;
        s
    }
}

impl TakeOrSplit {
    fn explain(
        &self,
        numbers: &[u64],
        values: &[u128],
        x: u128,
        wins: bool,
        misere: bool,
        method: Method,
    ) -> Vec<String> {
        let largest = numbers.iter().copied().max().unwrap_or(0);
        let mut lines = vec![self.rule_line(method, largest)];
        let shown = |items: Vec<String>| {
            let mut s = items.iter().take(SHOWN_HEAPS).cloned().collect::<Vec<_>>().join(" ⊕ ");
            if items.len() > SHOWN_HEAPS {
                s.push_str(" ⊕ ...");
            }
            s
        };
        let gs = shown(numbers.iter().map(|h| format!("g({h})")).collect());
        let vs = shown(values.iter().map(u128::to_string).collect());
        lines.push(format!(
            "By the Sprague-Grundy theorem (Sprague, 1935; Grundy, 1939) the heaps add as Nim heaps of their values: {gs} = {vs} = {x}."
        ));
        let outcome = |w: bool| {
            if w {
                "an N-position: the player to move wins"
            } else {
                "a P-position: the player to move loses"
            }
        };
        if misere {
            let big = numbers.iter().any(|&h| h >= 2);
            lines.push("Misère play: Bouton's rule for misère Nim (Bouton, 1901) carries over, since a heap of 1 has the value 1 and cannot be split while every larger heap has a value of at least 2 and can be taken to 0 or 1: the player to move loses exactly when some heap has 2 or more and the nim-sum is 0, or every heap has at most 1 and the number of 1s is odd.".into());
            lines.push(format!(
                "Here {}, so the position is {}.",
                if big {
                    format!("some heap has 2 or more and the nim-sum is {x}")
                } else {
                    "every heap has at most 1".into()
                },
                outcome(wins)
            ));
            return lines;
        }
        lines.push(format!("The nim-sum is {x}, so the position is {}.", outcome(wins)));
        if wins {
            let how = if self.k <= 3 {
                "The splits are counted exactly by the heaps' residues mod 2^K and a count of their quotients bit by bit."
            } else {
                "The splits are walked one by one, parts from the smallest."
            };
            lines.push(format!(
                "A winning move brings the nim-sum to 0: in a heap of value v, reach the value {x} ⊕ v, by taking the heap down to the one smaller heap with that value (values of different heaps differ), or by splitting it into {} heaps whose values have that nim-sum. {how}",
                self.k
            ));
        }
        lines
    }
}

/// Parts like '1 2 4' for the hints: the first K powers of two, or K ones past four.
fn example_parts(k: u64) -> String {
    if k <= 4 {
        (0..k).map(|i| (1u64 << i).to_string()).collect::<Vec<_>>().join(" ")
    } else {
        "1 1 ... (K heaps)".into()
    }
}

/// How many multisets of `k` positive parts sum to `n`, or an upper bound (saturating at
/// `u128::MAX`): the compositions C(n - 1, k - 1) when they are at most 2^20 (each multiset is
/// at least one composition), else exactly, as the partitions of n - k into at most k parts,
/// in O((n - k) k) steps while n - k <= 2^16 (past it the compositions' bound stands).
fn partitions_into(n: u64, k: u64) -> u128 {
    if k == 0 || n < k {
        return u128::from(n == 0 && k == 0);
    }
    // C(n - 1, k - 1), saturating (a bound: each multiset is at least one composition).
    let r = (k - 1).min(n - k);
    let mut c: u128 = 1;
    for i in 0..r {
        c = match c.checked_mul(u128::from(n - 1 - i)) {
            Some(x) => x / u128::from(i + 1),
            None => u128::MAX,
        };
        if c == u128::MAX {
            break;
        }
    }
    if c <= 1 << 20 || n - k > 1 << 16 {
        return c;
    }
    // Partitions of n - k into at most k parts: q[m] over parts of size 1..=k, one size at a
    // time (the conjugate of "exactly k parts").
    let rest = (n - k) as usize;
    let mut q = vec![0u128; rest + 1];
    q[0] = 1;
    for part in 1..=(k as usize).min(rest) {
        for m in part..=rest {
            q[m] = q[m].saturating_add(q[m - part]);
        }
    }
    q[rest]
}

/// Every multiset of `k` parts of n, each at least `lo`, parts from the smallest.
fn partitions(n: u64, k: usize, lo: u64, parts: &mut Vec<u64>, out: &mut dyn FnMut(&[u64])) {
    if k == 1 {
        if n >= lo {
            parts.push(n);
            out(parts);
            parts.pop();
        }
        return;
    }
    let mut a = lo;
    while a.saturating_mul(k as u64) <= n {
        parts.push(a);
        partitions(n - a, k - 1, a, parts, out);
        parts.pop();
        a += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count of splits without listing them, against the listing.
    #[test]
    fn partitions_are_counted_as_listed() {
        for k in 1..7u64 {
            for n in 0..60u64 {
                let mut listed = 0u128;
                if k >= 1 {
                    partitions(n, k as usize, 1, &mut Vec::new(), &mut |_| listed += 1);
                }
                assert!(partitions_into(n, k) >= listed, "n {n} k {k}");
                if n >= k && n - k >= 1 {
                    // Past the compositions' shortcut the count is exact.
                    let c = partitions_into(n, k);
                    assert!(c == listed || c <= 1 << 20, "n {n} k {k}: {c} against {listed}");
                }
            }
        }
        assert_eq!(partitions_into(900, 4), {
            let mut listed = 0u128;
            partitions(900, 4, 1, &mut Vec::new(), &mut |_| listed += 1);
            listed
        });
    }

    #[test]
    fn the_listing_limits_are_the_library_s() {
        assert_eq!(LISTED, crate::LISTED_MOVES);
    }

    #[test]
    fn subsets_at_least_a_bound() {
        for bits in 0u128..64 {
            for at in 0u128..80 {
                let plain = (0..=bits).filter(|s| s & !bits == 0 && *s >= at).min();
                assert_eq!(subset_at_least(bits, at), plain, "bits {bits:b}, at {at}");
            }
        }
    }

    #[test]
    fn quotient_tuples_match_a_plain_count() {
        for s in 0u128..40 {
            for t in 0u128..64 {
                let mut three = 0;
                let mut two = 0;
                for a in 0..=s {
                    for b in 0..=s - a {
                        if a ^ b ^ (s - a - b) == t {
                            three += 1;
                        }
                    }
                    if a ^ (s - a) == t {
                        two += 1;
                    }
                }
                assert_eq!(quotient_tuples(3, s, t), Some(three), "s {s} t {t}");
                assert_eq!(quotient_tuples(2, s, t), Some(two), "s {s} t {t}");
            }
        }
    }

    /// The closed counts against a histogram of every split's value, at larger heaps.
    #[test]
    fn closed_split_counts_match_every_split_of_larger_heaps() {
        for (parts, sizes) in [(2u32, vec![4093u64, 4096, 65_535, 100_002]), (3, vec![509, 512, 775, 1031])] {
            let f = |x: u64| block_value(u64::from(parts), x);
            for n in sizes {
                let mut by_value: std::collections::HashMap<u128, u128> = std::collections::HashMap::new();
                partitions(n, parts as usize, 1, &mut Vec::new(), &mut |p| {
                    *by_value.entry(p.iter().fold(0, |a, &x| a ^ f(x))).or_default() += 1;
                });
                for t in by_value.keys().copied().chain([1 << 20, u128::from(n) + 7]) {
                    let plain = by_value.get(&t).copied().unwrap_or(0);
                    assert_eq!(split_count_closed(parts, n, t), Some(plain), "K {parts} n {n} t {t}");
                }
            }
        }
    }

    /// The closed counts and the ordered listing of splits against every split, for K = 2, 3.
    #[test]
    fn closed_split_counts_and_order_match_every_split() {
        for parts in [2u32, 3] {
            let f = |x: u64| block_value(u64::from(parts), x);
            for n in 0u64..140 {
                let mut all: Vec<Vec<u64>> = Vec::new();
                partitions(n, parts as usize, 1, &mut Vec::new(), &mut |p| all.push(p.to_vec()));
                for t in 0u128..300 {
                    let plain: Vec<Vec<u64>> =
                        all.iter().filter(|p| p.iter().fold(0, |a, &x| a ^ f(x)) == t).cloned().collect();
                    assert_eq!(split_count_closed(parts, n, t), Some(plain.len() as u128), "K {parts} n {n} t {t}");
                    let mut listed: Vec<Vec<u64>> = Vec::new();
                    if parts == 2 {
                        pairs_in_order(2, n, t, 1, &mut |a, b| {
                            listed.push(vec![a, b]);
                            true
                        });
                    } else {
                        for a in 1..=n / 3 {
                            pairs_in_order(3, n - a, t ^ f(a), a, &mut |b, c| {
                                listed.push(vec![a, b, c]);
                                true
                            });
                        }
                    }
                    assert_eq!(listed, plain, "K {parts} n {n} t {t}");
                }
            }
        }
    }
}
