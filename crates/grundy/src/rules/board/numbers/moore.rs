//! Moore's Nim_k (E. H. Moore, 1910): heaps; a move takes a positive number of objects from each
//! of at least 1 and at most K heaps. `moore:1` is Nim.
//!
//! Moore's theorem: a position is a P-position exactly when, writing the heaps in binary, the
//! number of 1s in every column is a multiple of K + 1. (From such a position any move changes at
//! most K heaps, so the highest column it changes loses between 1 and K ones and is no longer a
//! multiple; from any other position a move of at most K heaps fixes every column from the top.)
//!
//! Every winning move is counted exactly: for each set T of at most K heaps, a count over the
//! binary columns from the top whose state is which heaps of T still equal their old value so
//! far (a heap that drops a 1 to a 0 is free below it); each column's count of 1s is fixed modulo
//! K + 1 by the heaps outside T. The same count guides the listing of the first moves.

use crate::error::IllegalMove;
use crate::rules::analysis::Analysis;
use crate::rules::board::BoardContext;
use crate::rules::board::Players;
use crate::rules::board::Words;
use crate::rules::board::{Board, BoardFamily};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use std::collections::HashMap;

use crate::error::{AnalyzeError, GaveUp, Work};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{Method, Notation, PlayHelp, RulesCore, Theory, LISTED};

/// The most objects a misère position may hold to be searched.
const MISERE_OBJECTS: u128 = 40;

/// The most moves one position of a misère search may have: the search lists a position's
/// moves at once (a move of ten heaps of ten numbers is about 100 bytes, so 2^19 of them about
/// 50 MB, and the positions on the search's path hold fewer).
const MISERE_OPTIONS: u128 = 1 << 19;

/// The most moves a misère search may list in all, bounded before it starts by the moves of
/// the first position times the positions it may store (about ten seconds at the rate the
/// search lists them, a vector each).
const MISERE_LISTED: u128 = 1 << 27;

/// The number of moves from `heaps` in Moore's Nim_k: for every set of 1 to k heaps, the product
/// of their sizes (each heap of the set goes to one of its smaller sizes), i.e. the elementary
/// symmetric sums e_1 + ... + e_k of the heaps, saturating at `u128::MAX`.
fn move_count(heaps: &[u64], k: u64) -> u128 {
    let live: Vec<u128> = heaps.iter().filter(|&&h| h > 0).map(|&h| u128::from(h)).collect();
    let top = live.len().min(usize::try_from(k).unwrap_or(usize::MAX));
    // e[j] = the sum over sets of j heaps seen so far of the product of their sizes.
    let mut e = vec![0u128; top + 1];
    e[0] = 1;
    for &h in &live {
        for j in (1..=top).rev() {
            e[j] = e[j].saturating_add(e[j - 1].saturating_mul(h));
        }
    }
    e[1..].iter().fold(0u128, |a, &x| a.saturating_add(x))
}

/// An upper bound on the positions a misère search from `heaps` stores: positions are kept as
/// sorted lists of sizes, at most the multisets of `heaps.len()` sizes from 0 to the largest
/// heap, and at most the product of (heap + 1).
fn position_bound(heaps: &[u64]) -> u128 {
    let product = heaps.iter().fold(1u128, |a, &h| a.saturating_mul(u128::from(h) + 1));
    let n = heaps.len() as u128;
    let top = heaps.iter().copied().max().map_or(0, u128::from);
    // C(n + top, top), computed as a running product that stays exact (each step is a binomial).
    let mut multisets: u128 = 1;
    for i in 1..=top {
        multisets = match multisets.checked_mul(n + i) {
            Some(x) => x / i,
            None => return product,
        };
    }
    product.min(multisets)
}

/// Moore's Nim in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [
    GameKind {
        spelling: "moore:K",
        name: "Moore's Nim",
        a_move: "take one or more objects from each of 1 to K heaps",
        example_game: "moore:2",
        example_position: "5 6 9 3",
        heap_ruleset: false,
        move_syntax: "`HEAP TAKE` takes TAKE objects from heap HEAP; `HEAP TAKE, HEAP TAKE` takes from several heaps at once (at most K)",
        example_move: "1 3, 2 4",
    },
];

/// Reads `moore:K` (K >= 1); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    if s == "moore" {
        return Some(Err("game 'moore' needs its K, the most heaps a move takes from: moore:K (e.g. moore:2)".into()));
    }
    let k = s.strip_prefix("moore:")?;
    Some(crate::number::parse_u64(k, "moore:K: K").and_then(|k| match k {
        0 => Err("moore:K: K must be at least 1, not 0".to_string()),
        k => Ok(Board::new(Moore::new(k))),
    }))
}

/// Moore's Nim_k with its K (at least 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Moore {
    k: u64,
}

impl Moore {
    /// Moore's Nim_k; `k` at least 1.
    pub fn new(k: u64) -> Self {
        Moore { k: k.max(1) }
    }
}

/// Whether the heaps are a P-position of Moore's Nim_k: every binary column's count of 1s is a
/// multiple of k + 1.
///
/// ```
/// use grundy::rules::board::numbers::moore::moore_cold;
/// assert!(moore_cold(&[1, 1, 1], 2) && !moore_cold(&[1, 1], 2) && moore_cold(&[5, 4, 1], 1));
/// ```
pub fn moore_cold(heaps: &[u64], k: u64) -> bool {
    let m = u128::from(k) + 1;
    (0..64).all(|b| (heaps.iter().filter(|&&h| h >> b & 1 == 1).count() as u128).is_multiple_of(m))
}

/// The counting of the moves that change exactly the heaps of one set T.
struct Counter {
    heaps: Vec<u64>,
    /// The residue modulo k + 1 that each column's count of 1s in T must have (index = bit).
    need: [u128; 64],
    /// K + 1, in 128 bits: K may be 2^64 - 1.
    m: u128,
    memo: HashMap<(u32, u32), Option<u128>>,
}

impl Counter {
    fn new(all: &[u64], set: &[usize], k: u64) -> Self {
        let m = u128::from(k) + 1;
        let mut need = [0u128; 64];
        for (b, slot) in need.iter_mut().enumerate() {
            let outside = all.iter().enumerate().filter(|(i, &h)| !set.contains(i) && h >> b & 1 == 1).count() as u128;
            *slot = (m - outside % m) % m;
        }
        Counter { heaps: set.iter().map(|&i| all[i]).collect(), need, m, memo: HashMap::new() }
    }

    /// The choices of one column: for the heaps still tight (`tight`, a mask over T), each
    /// heap's bit, as (bits chosen, new tight mask); only those whose count of 1s is right.
    fn column(&self, bit: u32, tight: u32) -> Vec<(u32, u32)> {
        let t = self.heaps.len();
        let mut out = vec![];
        // Bits are chosen for every heap of T; a tight heap may not put a 1 over its 0.
        for bits in (0..1u32 << t).rev() {
            let mut ok = true;
            let mut next = tight;
            for (j, &h) in self.heaps.iter().enumerate() {
                let mine = bits >> j & 1;
                let old = (h >> bit & 1) as u32;
                if tight >> j & 1 == 1 {
                    if mine > old {
                        ok = false;
                        break;
                    }
                    if mine < old {
                        next &= !(1 << j);
                    }
                }
            }
            if ok && u128::from(bits.count_ones()) % self.m == self.need[bit as usize] {
                out.push((bits, next));
            }
        }
        out
    }

    /// How many ways complete the columns below `bit` (bit + 1 columns remain: bit down to 0;
    /// `bit` = -1 is encoded as 64) from `tight`, every heap of T ending below its old size;
    /// `None` past 2^128.
    fn count(&mut self, columns_left: u32, tight: u32) -> Option<u128> {
        if columns_left == 0 {
            return Some(u128::from(tight == 0));
        }
        if let Some(&c) = self.memo.get(&(columns_left, tight)) {
            return c;
        }
        let bit = columns_left - 1;
        let mut total: Option<u128> = Some(0);
        for (_, next) in self.column(bit, tight) {
            let c = self.count(bit, next);
            total = total.zip(c).and_then(|(a, b)| a.checked_add(b));
        }
        self.memo.insert((columns_left, tight), total);
        total
    }

    /// Lists the moves in order (larger new sizes first), at most `room` of them.
    fn list(&mut self, columns_left: u32, tight: u32, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>, room: usize) {
        if out.len() >= room {
            return;
        }
        if columns_left == 0 {
            if tight == 0 {
                out.push(prefix.clone());
            }
            return;
        }
        let bit = columns_left - 1;
        for (bits, next) in self.column(bit, tight) {
            if self.count(bit, next) == Some(0) {
                continue;
            }
            for (j, y) in prefix.iter_mut().enumerate() {
                *y |= u64::from(bits >> j & 1) << bit;
            }
            self.list(bit, next, prefix, out, room);
            for y in prefix.iter_mut() {
                *y &= !(1u64 << bit);
            }
            if out.len() >= room {
                return;
            }
        }
    }
}

/// Every set of 1 to `k` heap indices among `n`, by size then in order.
fn sets(n: usize, k: u64) -> Vec<Vec<usize>> {
    let most = usize::try_from(k).unwrap_or(usize::MAX).min(n);
    let mut out = vec![];
    for size in 1..=most {
        let mut pick: Vec<usize> = (0..size).collect();
        loop {
            out.push(pick.clone());
            // The next combination in order.
            let Some(i) = (0..size).rev().find(|&i| pick[i] < n - size + i) else { break };
            pick[i] += 1;
            for j in i + 1..size {
                pick[j] = pick[j - 1] + 1;
            }
        }
    }
    out
}

/// The number of sets of 1 to k heaps among n, and the states the count goes through: about
/// 64 columns times 4^|T| choices per set.
fn work(n: usize, k: u64) -> u128 {
    let most = usize::try_from(k).unwrap_or(usize::MAX).min(n);
    let mut choose: u128 = 1;
    let mut total: u128 = 0;
    for t in 1..=most {
        choose = choose.saturating_mul((n - t + 1) as u128) / t as u128;
        total = total.saturating_add(
            choose.saturating_mul(64u128.saturating_mul(1u128.checked_shl(2 * t as u32).unwrap_or(u128::MAX))),
        );
    }
    total
}

impl RulesCore for Moore {
    fn words(&self) -> Words {
        Words::new(
            format!("moore:{}", self.k),
            Players::Impartial,
            format!(
                "Moore's Nim: a move takes one or more objects from each of 1 to {} heap{}.",
                self.k,
                if self.k == 1 { "" } else { "s" }
            ),
            format!(
                "Type '1 3' (take 3 from heap 1) or '1 3, 2 4' (3 from heap 1 and 4 from heap 2: at most {} heaps)",
                self.k
            ),
        )
    }

    fn canonical(&self, heaps: &[u64]) -> Vec<u64> {
        let mut h: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        h.sort_unstable();
        h
    }

    fn options(&self, heaps: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let mut out = vec![];
        let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        for set in sets(live.len(), self.k) {
            let set: Vec<usize> = set.iter().map(|&j| live[j]).collect();
            // Every choice of smaller sizes for the heaps of the set.
            let mut next = heaps.to_vec();
            for &i in &set {
                next[i] = 0;
            }
            loop {
                out.push(next.clone());
                let Some(pos) = set.iter().position(|&i| next[i] + 1 < heaps[i]) else { break };
                for &i in &set[..pos] {
                    next[i] = 0;
                }
                next[set[pos]] += 1;
            }
        }
        out
    }

    fn check(
        &self,
        heaps: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        if after.len() != heaps.len() {
            return Err(format!("a move leaves the {} heaps in place", heaps.len()).into());
        }
        let mut changed = 0u64;
        for (i, (&h, &a)) in heaps.iter().zip(after).enumerate() {
            if a > h {
                return Err(format!("heap {}: a move cannot add objects ({h} -> {a})", i + 1).into());
            }
            changed += u64::from(a < h);
        }
        match changed {
            0 => Err("a move takes at least one object".into()),
            c if c > self.k => Err(format!("a move takes from at most {} heaps, not {c}", self.k).into()),
            _ => Ok(()),
        }
    }
}

impl Notation for Moore {
    fn describe(&self, heaps: &[u64], after: &[u64]) -> String {
        let parts: Vec<String> = heaps
            .iter()
            .zip(after)
            .enumerate()
            .filter(|(_, (h, a))| a < h)
            .map(|(i, (h, a))| format!("{} from heap {}", h - a, i + 1))
            .collect();
        let changed: Vec<String> =
            heaps.iter().zip(after).filter(|(h, a)| a < h).map(|(h, a)| format!("{h} -> {a}")).collect();
        format!("take {} ({})", parts.join(" and "), changed.join(", "))
    }

    fn read_move(&self, heaps: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        // `1 3, 2 4`: 3 from heap 1 and 4 from heap 2 (a single `HEAP TAKE` is read by the
        // general reader).
        if !text.contains(',') {
            return None;
        }
        let read = || -> Result<Vec<u64>, String> {
            let mut after = heaps.to_vec();
            for part in text.split(',') {
                let words: Vec<&str> = part.split_whitespace().collect();
                let [h, t] = words[..] else {
                    return Err(format!("'{}' is not HEAP TAKE (e.g. '1 3, 2 4')", part.trim()));
                };
                let h = crate::number::parse_u64(h, "the heap number")?;
                let t = crate::number::parse_u64(t, "the number taken")?;
                let i = h
                    .checked_sub(1)
                    .and_then(|i| usize::try_from(i).ok())
                    .filter(|&i| i < heaps.len())
                    .ok_or_else(|| format!("there is no heap {h} (the heaps are numbered 1 to {})", heaps.len()))?;
                if after[i] != heaps[i] {
                    return Err(format!("heap {h} is named twice"));
                }
                after[i] = heaps[i].checked_sub(t).ok_or_else(|| format!("heap {h} has only {} objects", heaps[i]))?;
            }
            Ok(after)
        };
        Some(read())
    }
}

impl PlayHelp for Moore {
    fn random_move(&self, heaps: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        let first = *live.get(below(live.len().max(1) as u64) as usize)?;
        let mut next = heaps.to_vec();
        next[first] = heaps[first] - 1 - below(heaps[first]);
        // Sometimes more heaps, up to K in all.
        let mut taken = 1;
        for &i in &live {
            if i != first && taken < self.k && below(2) == 1 {
                next[i] = heaps[i] - 1 - below(heaps[i]);
                taken += 1;
            }
        }
        Some(next)
    }
}

impl Theory for Moore {
    fn solve(&self, heaps: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let (misere, budget) = (context.misere, context.budget);
        if misere {
            let objects: u128 = heaps.iter().map(|&h| u128::from(h)).sum();
            if objects > MISERE_OBJECTS {
                return Err(AnalyzeError::Unsupported(format!(
                    "misère Moore's Nim is searched position by position (Moore's theorem is for normal play), for at most {MISERE_OBJECTS} objects in all; this position has {objects}"
                )));
            }
            // A position's moves can be far more than its positions reachable (every subset of
            // up to K heaps at every smaller size), so both are bounded before the search starts.
            let moves = move_count(heaps, self.k);
            // Each position stored lists its moves once, and no position has more moves than
            // the first (every move makes heaps smaller).
            let positions = position_bound(heaps).min(u128::from(budget).saturating_add(1));
            let listed = moves.saturating_mul(positions);
            if moves > MISERE_OPTIONS || listed > MISERE_LISTED {
                return Err(AnalyzeError::Unsupported(format!(
                    "misère Moore's Nim is searched position by position (Moore's theorem is for normal play), listing every move of each position: this one has {moves} moves and the search could list up to {listed} ({positions} positions), past the {MISERE_OPTIONS} moves a position and {MISERE_LISTED} in all it lists; fewer heaps, smaller heaps or a smaller K can be searched, and normal play (without --misere) is answered at any size"
                )));
            }
            return crate::rules::board::search_misere(self, heaps, context, "Moore's theorem is for normal play");
        }
        let cold = moore_cold(heaps, self.k);
        // K + 1 in 128 bits: K may be 2^64 - 1.
        let m = u128::from(self.k) + 1;
        let mut answer = Analysis::of_board(self, heaps, !cold, None, vec![], Method::ClosedForm);
        answer.explanation = vec![
            format!("Moore's theorem (E. H. Moore, 1910) for Nim with moves in up to K = {} heaps: the player to move loses exactly when, writing the heaps in binary, every column holds a multiple of K + 1 = {m} ones.", self.k),
        ];
        let bad: Vec<(u32, u128)> = (0..64)
            .rev()
            .filter_map(|b| {
                let c = heaps.iter().filter(|&&h| h >> b & 1 == 1).count() as u128;
                (!c.is_multiple_of(m)).then_some((b, c))
            })
            .collect();
        answer.explanation.push(if cold {
            format!("Here every column's count of 1s is a multiple of {m}: the player to move loses.")
        } else {
            format!(
                "Here the column{} {} hold{} {} ones, not {}multiple{} of {m}: the player to move wins by taking from at most {} heaps so that every column becomes one.",
                if bad.len() == 1 { "" } else { "s" },
                bad.iter().map(|(b, _)| format!("2^{b}")).collect::<Vec<_>>().join(", "),
                if bad.len() == 1 { "s" } else { "" },
                bad.iter().map(|(_, c)| c.to_string()).collect::<Vec<_>>().join(", "),
                if bad.len() == 1 { "a " } else { "" },
                if bad.len() == 1 { "" } else { "s" },
                self.k
            )
        });
        if self.k == 1 {
            answer.sg = Some(heaps.iter().fold(0, |a, h| a ^ h));
        } else {
            answer.sg_note = Some(format!(
                "not computed: Moore's Nim with K = {} has no known formula for its values (its outcome comes from Moore's theorem)",
                self.k
            ));
        }
        if cold {
            answer.set_board_count(Some(0), None);
            return Ok(answer);
        }
        let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        let needed = work(live.len(), self.k);
        if needed > u128::from(budget) {
            let e = GaveUp {
                what: Work::MovesExamined,
                used: budget,
                needed: Some(u64::try_from(needed).unwrap_or(u64::MAX)),
            };
            let why = format!(
                "counting the moves of up to {} heaps among {} goes through about {needed} states: {e}",
                self.k,
                live.len()
            );
            answer.set_board_count(None, Some(why));
            return Ok(answer);
        }
        let mut total: Option<u128> = Some(0);
        let mut listed: Vec<Vec<u64>> = vec![];
        let bits = 64 - heaps.iter().fold(0u64, |a, &h| a | h).leading_zeros();
        for set in sets(live.len(), self.k) {
            let set: Vec<usize> = set.iter().map(|&j| live[j]).collect();
            let mut counter = Counter::new(heaps, &set, self.k);
            // Columns above the largest heap hold no 1s anywhere: their count must be 0.
            if (bits..64).any(|b| counter.need[b as usize] != 0) {
                continue;
            }
            let all_tight = (1u32 << set.len()) - 1;
            let c = counter.count(bits, all_tight);
            total = total.zip(c).and_then(|(a, b)| a.checked_add(b));
            if listed.len() < LISTED {
                let mut prefix = vec![0u64; set.len()];
                let mut found = vec![];
                counter.list(bits, all_tight, &mut prefix, &mut found, LISTED - listed.len());
                for ys in found {
                    let mut next = heaps.to_vec();
                    for (&i, y) in set.iter().zip(ys) {
                        next[i] = y;
                    }
                    listed.push(next);
                }
            }
        }
        let not_listed = match total {
            Some(n) if n > listed.len() as u128 => Some(format!(
                "the first {} are listed: fewest heaps first, then by heap, larger sizes left first",
                listed.len()
            )),
            None => Some("there are more than 2^128 winning moves, not counted".into()),
            _ => None,
        };
        answer.set_board_winning(self, heaps, listed);
        answer.set_board_count(total, not_listed);
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for Moore {
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        use crate::rules::draw::{Control, ControlForm, Field};
        use crate::rules::faces::{
            big_bar, button_row, left_out, row_label, wrapped_object_row, MAX_OBJECTS, MAX_ROWS,
        };
        /// The most heaps whose moves in several heaps a control offers (a field a heap).
        const MAX_FIELDS: usize = 12;
        let mut s = Sketch::new();
        let mut y = 4.0;
        for (i, &n) in numbers.iter().enumerate().take(MAX_ROWS) {
            let leave = |j: u64| {
                let mut after = numbers.to_vec();
                after[i] = j;
                after
            };
            row_label(&mut s, y, &format!("heap {}", i + 1), &n.to_string());
            if n <= MAX_OBJECTS {
                y += wrapped_object_row(&mut s, y, n, "obj", &mut |s, j| {
                    (
                        crate::rules::board::checked(s, self, numbers, leave(j)),
                        format!("take {} from heap {}", n - j, i + 1),
                    )
                }) + 4.0;
            } else {
                big_bar(&mut s, y, n, "objects");
                let offers = [1, n / 2, n]
                    .into_iter()
                    .map(|t| {
                        (
                            format!("take {t}"),
                            crate::rules::board::checked(&mut s, self, numbers, leave(n - t)),
                            format!("take {t} from heap {}", i + 1),
                        )
                    })
                    .collect();
                y += 24.0 + button_row(&mut s, y + 22.0, offers);
            }
        }
        // A move in several heaps at once (and any take of a heap too large to draw): what
        // each heap keeps, one number field a heap.
        if (self.k >= 2 || numbers.iter().any(|&n| n > MAX_OBJECTS)) && numbers.len() <= MAX_FIELDS {
            // Starting at a move: one object taken from the first heap that has one.
            let first = numbers.iter().position(|&n| n > 0);
            let fields = numbers.iter().enumerate().map(|(i, &n)| {
                let keeps = if Some(i) == first { n - 1 } else { n };
                Field::new(format!("heap {} keeps", i + 1), 0, n, keeps)
            });
            s.control(Control {
                label: format!("take from up to {} heaps", self.k),
                fields: fields.collect(),
                form: ControlForm::Leave { number: 0, width: numbers.len() },
            });
        }
        y = left_out(&mut s, y, numbers.len(), "heaps");
        s.note(
            y + 12.0,
            &format!("A click takes from one heap; to take from up to {} heaps at once, type '1 3, 2 4'.", self.k),
        );
        s.height = y + 20.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::NoHeapEngine;
    use std::collections::HashSet;

    /// The count that bounds a misère search is the number of moves the plain rule lists, for
    /// every position of up to four heaps of up to 3 and every K, and the bound on positions
    /// holds every sorted position reachable.
    #[test]
    fn move_count_and_position_bound_match_the_rule() {
        for k in 1..=5 {
            let rules = Moore::new(k);
            for code in 0..4u64.pow(4) {
                for len in 1..=4usize {
                    let heaps: Vec<u64> = (0..len).map(|i| (code >> (2 * i)) & 3).collect();
                    assert_eq!(move_count(&heaps, k), rules.options(&heaps, 0).len() as u128, "{heaps:?} K={k}");
                    let mut seen = HashSet::new();
                    let mut todo = vec![heaps.clone()];
                    while let Some(p) = todo.pop() {
                        let mut key = p.clone();
                        key.sort_unstable();
                        if seen.insert(key) {
                            todo.extend(rules.options(&p, 0));
                        }
                    }
                    assert!(seen.len() as u128 <= position_bound(&heaps), "{heaps:?} K={k}: {}", seen.len());
                }
            }
        }
    }

    /// A misère position with more moves than the search lists is refused before any is
    /// listed (ten heaps of 4 with K = 2^64 - 1 have 5^10 - 1 moves each: it ran for minutes).
    #[test]
    fn a_misere_search_past_its_moves_is_refused_at_once() {
        let rules = Moore::new(u64::MAX);
        for heaps in [vec![4; 10], vec![2; 20], vec![1; 40]] {
            let e = rules.solve(&heaps, &BoardContext::plain(true, 1 << 20, &NoHeapEngine)).expect_err("refused");
            let AnalyzeError::Unsupported(text) = e else { panic!("{e:?}") };
            assert!(text.contains("moves a position"), "{text}");
        }
        // The fuzzer's slow input: K past 2^46, heaps 5 5 5 14 0 9 (32,399 moves a position)
        // with a budget of 20,000 positions.
        let e = Moore::new(0x4000_fa00_0002)
            .solve(&[5, 5, 5, 14, 0, 9], &BoardContext::plain(true, 20_000, &NoHeapEngine))
            .expect_err("refused");
        assert!(matches!(&e, AnalyzeError::Unsupported(text) if text.contains("moves a position")), "{e:?}");
        // Within the bounds the analysis answers by the engine's exact search.
        let misere = |k: u64, heaps: &str| {
            let game: crate::Game = format!("moore:{k}").parse().unwrap();
            let p = game.parse_position(&heaps.split(' ').collect::<Vec<_>>()).unwrap();
            let o = crate::AnalyzeOptions { convention: crate::Convention::Misere, ..crate::AnalyzeOptions::default() };
            crate::analyze(&game, &p, &o)
        };
        assert!(misere(u64::MAX, "5 6 7 8").is_ok());
        assert!(misere(5, "4 4 4 4 4").is_ok());
    }
}
