//! Coin-turning games: a row of coins, some showing heads; a move turns over a set of coins
//! that the rule allows, the rightmost (largest) of which goes from heads to tails. Three rules
//! from Winning Ways (Berlekamp, Conway and Guy): Turtles (turn one or two coins), Mock Turtles
//! (one, two or three; HDU 3537) and Ruler (any run of consecutive coins ending at the head);
//! and their two-dimensional products (`coins-2d:AxB`, a move turns over every cell of X x Y
//! for a move X of A and a move Y of B; HDU 3404 is Turtles x Turtles, "turning corners").
//!
//! The coin-turning theorem (H. W. Lenstra; Winning Ways, chapter 14): a position is the sum
//! of its heads, each played alone, because turning a coin twice is not turning it; so the
//! value of a position is the nim-sum of the values of single heads. Single heads: Turtles
//! coin n (numbered from 1) is worth n; Mock Turtles coin n (numbered from 0, as HDU 3537
//! numbers them) the n-th odious number (2n or 2n + 1, whichever has an odd number of ones);
//! Ruler coin n (from 1) the largest power of 2 dividing n. Lenstra's Tartan theorem: in the
//! product game a head on (x, y) is worth gA(x) ⊗ gB(y), the nim product (`values::nimber`).
//! Every one of these closed forms is checked by the tests against the plain mex of the
//! game's own moves on every small position.
//!
//! Winning moves: a move turning the set S changes the value by the nim-sum of the values of
//! S, so it wins exactly when that nim-sum is the position's value T. For each head n the
//! moves ending at n with nim-sum u are counted exactly (`CoinRule::multiplicity`): Turtles and
//! Ruler have at most one (Ruler's runs nim-sum to Gray codes: the values 1, 2, 1, 4, ... have
//! prefix nim-sums c XOR (c >> 1)); Mock Turtles' pairs {s, s'} with g(s) XOR g(s') = w are
//! the pairs with s XOR s' = w >> 1, counted by a walk over the binary digits. In the product
//! game the turned cells X x Y nim-sum to (nim-sum of X) ⊗ (nim-sum of Y), so the moves at a
//! head are counted by walking the nim-sums u of one side and asking the other side for
//! T ⊗ u⁻¹, within the budget.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use crate::rules::analysis::Analysis;
use crate::rules::board::BoardContext;
use crate::rules::board::Players;
use crate::rules::board::{Board, BoardFamily};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use std::fmt;

use crate::error::IllegalMove;
use crate::error::{AnalyzeError, ParseGameError};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{listed_note, listing_room, Method, Notation, PlayHelp, RulesCore, Theory};
use crate::values::nimber::{nim_inverse_wide, nim_mul_wide};

/// The largest result (numbers in the position after a move) that a winning move is listed
/// with: a Ruler move may turn over a run of up to 2^64 - 1 coins, whose heads no list holds.
pub const LARGEST_RESULT: u128 = 10_000;

/// The largest coin a misère position may hold a head on to be searched (coins 0 to 14 make
/// at most 2^15 positions; the search is further held to the budget).
const MISERE_LARGEST_COIN: u64 = 14;

/// The largest coordinate a misère position of the product game may hold a head on.
const MISERE_LARGEST_CELL: u64 = 4;

/// The longest run a random Ruler move turns over (a random move is for the lower levels of
/// play, which promise nothing, and a long run would fill the board with heads).
const RANDOM_RUN: u64 = 6;

/// The coin-turning games in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 4] = [
    GameKind {
        spelling: "turtles",
        name: "Turtles",
        a_move: "turn over one or two coins (numbered from 1), the rightmost from heads to tails; the position lists the heads",
        example_game: "turtles",
        example_position: "3 5 9",
        heap_ruleset: false,
        move_syntax: "`turn X` turns over coin X; `turn X Y` turns over coins X and Y (the rightmost must show heads)",
        example_move: "turn 9 4",
    },
    GameKind {
        spelling: "mock-turtles",
        name: "Mock Turtles (HDU 3537)",
        a_move: "turn over one, two or three coins (numbered from 0), the rightmost from heads to tails; the position lists the heads",
        example_game: "mock-turtles",
        example_position: "0 1 2 3 7",
        heap_ruleset: false,
        move_syntax: "`turn X`, `turn X Y` or `turn X Y Z` turns over those coins (the rightmost must show heads)",
        example_move: "turn 7 4 1",
    },
    GameKind {
        spelling: "ruler",
        name: "Ruler",
        a_move: "turn over a run of consecutive coins (numbered from 1), the rightmost from heads to tails; the position lists the heads",
        example_game: "ruler",
        example_position: "3 6 12",
        heap_ruleset: false,
        move_syntax: "`turn A..B` turns over the coins A to B (coin B must show heads); `turn X` turns over coin X",
        example_move: "turn 11..12",
    },
    GameKind {
        spelling: "coins-2d:RULE1xRULE2",
        name: "a product of coin-turning games (HDU 3404 is turtlesxturtles)",
        a_move: "turn over every cell of X x Y, X a move of RULE1 along x and Y of RULE2 along y (`turtles`, `mock-turtles`, `ruler`); heads are cells `x,y`",
        example_game: "coins-2d:turtlesxturtles",
        example_position: "1,1 2,2",
        heap_ruleset: false,
        move_syntax: "`turn X,Y ...` turns over the cells listed, every cell of a move X x Y (the cell with the largest x and y must show heads)",
        example_move: "turn 2,2 1,2 2,1 1,1",
    },
];

/// Reads the coin rules (`turtles`, `mock-turtles`, `ruler`) and `coins-2d:RULE1xRULE2`; `None`
/// for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    if let Some(rule) = CoinRule::parse(s) {
        return Some(Ok(Board::new(Coins::new(rule))));
    }
    if s == "coins-2d" {
        return Some(Err(
            "game 'coins-2d' needs its two coin rules: coins-2d:RULE1xRULE2 (e.g. coins-2d:turtlesxturtles)".into(),
        ));
    }
    let rules = s.strip_prefix("coins-2d:")?;
    Some(Coins2d::parse_parameter(rules).map(Board::new).map_err(|e| e.to_string()))
}

/// One of the three coin-turning rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CoinRule {
    /// Turn over one or two coins (coins numbered from 1): a head on coin n is a Nim heap of n.
    Turtles,
    /// Turn over one, two or three coins (coins numbered from 0, as in HDU 3537).
    MockTurtles,
    /// Turn over a run of consecutive coins ending at the head (coins numbered from 1).
    Ruler,
}

/// The token of a position with no head (`mock-turtles none`), since the command line needs
/// at least one token; no tokens at all read the same.
pub const NONE: &str = "none";

/// The tokens without a lone [`NONE`]; `none` beside heads is refused.
fn without_none<'a, 'b>(tokens: &'a [&'b str]) -> Result<&'a [&'b str], String> {
    match tokens {
        [only] if only.trim() == NONE => Ok(&[]),
        _ if tokens.iter().any(|t| t.trim() == NONE) => {
            Err("'none' stands for a position with no head, alone: give either heads or 'none'".into())
        }
        _ => Ok(tokens),
    }
}

/// Reads `A -> none` or `A..B -> none` (numbers A to B of the position, from 1, removed and
/// nothing left in their place): the written form of a move that only turns heads to tails,
/// which the general `HEAP -> LEFT` form cannot write (it needs something after the arrow).
fn read_removal(numbers: &[u64], text: &str) -> Option<Result<Vec<u64>, String>> {
    let (left, right) = text.split_once("->")?;
    if right.trim() != NONE {
        return None;
    }
    let read = || -> Result<Vec<u64>, String> {
        let index = |t: &str| -> Result<usize, String> {
            let n = crate::number::parse_u64(t, "the number")?;
            n.checked_sub(1)
                .and_then(|i| usize::try_from(i).ok())
                .filter(|&i| i < numbers.len())
                .ok_or_else(|| format!("there is no number {n} (the numbers are 1 to {})", numbers.len()))
        };
        let (first, last) = match left.split_once("..") {
            Some((a, b)) => (index(a)?, index(b)?),
            None => (index(left)?, index(left)?),
        };
        if last < first {
            return Err(format!("'{}' runs backwards", left.trim()));
        }
        Ok(numbers.iter().enumerate().filter(|&(i, _)| i < first || i > last).map(|(_, &n)| n).collect())
    };
    Some(read())
}

/// A set of coins one move turns over, rightmost last: a few coins, or a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turned {
    /// These coins, in increasing order.
    Few(Vec<u64>),
    /// Every coin from the first to the second, both included.
    Run(u64, u64),
}

impl Turned {
    /// How many coins.
    pub fn len(&self) -> u128 {
        match self {
            Turned::Few(v) => v.len() as u128,
            Turned::Run(lo, hi) => u128::from(hi - lo) + 1,
        }
    }

    /// Whether no coin is turned (never, for a move).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The coins, in increasing order (only for sets small enough to hold).
    pub fn coins(&self) -> Vec<u64> {
        match self {
            Turned::Few(v) => v.clone(),
            Turned::Run(lo, hi) => (*lo..=*hi).collect(),
        }
    }
}

/// The value of a Mock Turtles head on coin n: the n-th odious number (2n or 2n + 1, whichever
/// has an odd number of ones in binary), exact to n = 2^64 - 1 in 128 bits.
///
/// ```
/// use grundy::rules::board::numbers::coins::odious;
/// assert_eq!((0..8).map(odious).collect::<Vec<_>>(), vec![1, 2, 4, 7, 8, 11, 13, 14]);
/// assert_eq!(odious(u64::MAX), (u128::from(u64::MAX) << 1) + 1);
/// ```
pub fn odious(n: u64) -> u128 {
    (u128::from(n) << 1) | u128::from(n.count_ones().is_multiple_of(2))
}

/// Gray code: c XOR (c >> 1), the nim-sum of the Ruler values of coins 1 to c.
pub fn gray(c: u64) -> u64 {
    c ^ (c >> 1)
}

/// The c whose Gray code is `g`.
pub fn gray_inverse(mut g: u64) -> u64 {
    let mut shift = 1;
    while shift < 64 {
        g ^= g >> shift;
        shift <<= 1;
    }
    g
}

/// How many s in 0..n have s XOR d in 0..n too (ordered), by a walk over the binary digits
/// from the top: the state is whether s, and s XOR d, are already below n's digits so far.
pub fn xor_pairs_below(n: u64, d: u64) -> u128 {
    let mut ways = [[0u128; 2]; 2];
    ways[0][0] = 1;
    for bit in (0..64).rev() {
        let mut next = [[0u128; 2]; 2];
        for (below_s, row) in ways.iter().enumerate() {
            for (below_t, &w) in row.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                for sb in 0..2u64 {
                    let Some((ns, nt)) = digit_step(n, d, None, bit, (below_s, below_t), sb) else { continue };
                    if let Some(cell) = next.get_mut(ns).and_then(|r| r.get_mut(nt)) {
                        *cell += w;
                    }
                }
            }
        }
        ways = next;
    }
    ways[1][1]
}

/// One digit of the walks over s and t = s XOR d from the top: the state (whether s, and t,
/// are already below n's digits) after digit `sb` of s at `bit`, or `None` where s or t would
/// pass n, or where the digit is 1 at `zero_at` (digit `high` of d, where s takes 0 so that
/// s < s XOR d). The count and the listing of pairs share it, so they cannot disagree.
fn digit_step(
    n: u64,
    d: u64,
    zero_at: Option<u32>,
    bit: usize,
    state: (usize, usize),
    sb: u64,
) -> Option<(usize, usize)> {
    if zero_at == Some(bit as u32) && sb == 1 {
        return None;
    }
    let (below_s, below_t) = state;
    let (nb, tb) = (n >> bit & 1, sb ^ (d >> bit & 1));
    if (below_s == 0 && sb > nb) || (below_t == 0 && tb > nb) {
        return None;
    }
    Some((usize::from(below_s == 1 || sb < nb), usize::from(below_t == 1 || tb < nb)))
}

/// The pairs s < s' = s XOR d, both below n, in increasing order of s: the first `limit`.
/// A walk over the digits from the top that never enters a branch with no pair in it.
fn xor_pairs_listed(n: u64, d: u64, limit: usize) -> Vec<(u64, u64)> {
    if d == 0 || limit == 0 {
        return vec![];
    }
    let high = 63 - d.leading_zeros();
    // completions[bit][below_s][below_t]: how many ways to choose digits bit-1..0 of s, given
    // the state, so that both end below n (digit `high` of s is 0, so s < s XOR d).
    let mut completions = vec![[[0u128; 2]; 2]; 65];
    if let Some(c) = completions.get_mut(0) {
        c[1][1] = 1;
    }
    for bit in 0..64usize {
        let mut here = [[0u128; 2]; 2];
        for (below_s, row) in here.iter_mut().enumerate() {
            for (below_t, cell) in row.iter_mut().enumerate() {
                for sb in 0..2u64 {
                    let Some((ns, nt)) = digit_step(n, d, Some(high), bit, (below_s, below_t), sb) else { continue };
                    *cell += completions.get(bit).map_or(0, |c| state_count(c, ns, nt));
                }
            }
        }
        if let Some(c) = completions.get_mut(bit + 1) {
            *c = here;
        }
    }
    let mut out = vec![];
    walk_pairs(n, d, high, 64, 0, (0, 0), &completions, limit, &mut out);
    out
}

/// The count of one state (whether s, and s XOR d, are below n's digits so far).
fn state_count(counts: &[[u128; 2]; 2], below_s: usize, below_t: usize) -> u128 {
    counts.get(below_s).and_then(|r| r.get(below_t)).copied().unwrap_or(0)
}

/// One step of [`xor_pairs_listed`]'s walk: digits above `bit` of s are `prefix`.
#[allow(clippy::too_many_arguments)]
fn walk_pairs(
    n: u64,
    d: u64,
    high: u32,
    bit: usize,
    prefix: u64,
    state: (usize, usize),
    completions: &[[[u128; 2]; 2]],
    limit: usize,
    out: &mut Vec<(u64, u64)>,
) {
    if out.len() >= limit {
        return;
    }
    let (below_s, below_t) = state;
    if completions.get(bit).map_or(0, |c| state_count(c, below_s, below_t)) == 0 {
        return;
    }
    if bit == 0 {
        out.push((prefix, prefix ^ d));
        return;
    }
    let b = bit - 1;
    for sb in 0..2u64 {
        if let Some(next) = digit_step(n, d, Some(high), b, (below_s, below_t), sb) {
            walk_pairs(n, d, high, b, prefix | sb << b, next, completions, limit, out);
        }
    }
}

impl CoinRule {
    /// Every rule, in the order people read them.
    pub const ALL: [CoinRule; 3] = [CoinRule::Turtles, CoinRule::MockTurtles, CoinRule::Ruler];

    /// How the rule is written: `turtles`, `mock-turtles`, `ruler`.
    pub fn name(self) -> &'static str {
        match self {
            CoinRule::Turtles => "turtles",
            CoinRule::MockTurtles => "mock-turtles",
            CoinRule::Ruler => "ruler",
        }
    }

    /// Reads a rule's name.
    pub fn parse(s: &str) -> Option<CoinRule> {
        CoinRule::ALL.into_iter().find(|r| r.name() == s)
    }

    /// The rule's name for people.
    pub fn title(self) -> &'static str {
        match self {
            CoinRule::Turtles => "Turtles",
            CoinRule::MockTurtles => "Mock Turtles",
            CoinRule::Ruler => "Ruler",
        }
    }

    /// The first coin's number: 1, except Mock Turtles' coins, numbered from 0 as HDU 3537
    /// numbers them.
    pub fn first(self) -> u64 {
        match self {
            CoinRule::MockTurtles => 0,
            CoinRule::Turtles | CoinRule::Ruler => 1,
        }
    }

    /// What a move turns over, as a phrase.
    pub fn move_words(self) -> &'static str {
        match self {
            CoinRule::Turtles => "one or two coins",
            CoinRule::MockTurtles => "one, two or three coins",
            CoinRule::Ruler => "a run of consecutive coins",
        }
    }

    /// The value of a head on coin `n` alone, by the rule's theorem.
    pub fn value(self, n: u64) -> u128 {
        match self {
            CoinRule::Turtles => u128::from(n),
            CoinRule::MockTurtles => odious(n),
            CoinRule::Ruler => u128::from(n & n.wrapping_neg()),
        }
    }

    /// The theorem for one head, in a sentence naming its authors.
    pub fn theorem(self) -> &'static str {
        match self {
            CoinRule::Turtles => "Turtles (Berlekamp, Conway and Guy, Winning Ways): a move turns over one or two coins; a head on coin n (coins numbered from 1) is worth n, since it can become any one coin below it, or nothing: it plays as a Nim heap of n.",
            CoinRule::MockTurtles => "Mock Turtles (Berlekamp, Conway and Guy, Winning Ways; HDU 3537): a move turns over one, two or three coins; a head on coin n (coins numbered from 0) is worth the n-th odious number, 2n or 2n + 1, whichever has an odd number of ones in binary (1, 2, 4, 7, 8, 11, ...): two odious numbers nim-sum to an evil one, so the values below are reached and the next odious number is not.",
            CoinRule::Ruler => "Ruler (Berlekamp, Conway and Guy, Winning Ways): a move turns over a run of consecutive coins ending at the head; a head on coin n (coins numbered from 1) is worth the largest power of 2 dividing n (1, 2, 1, 4, 1, 2, 1, 8, ...), the marks of a ruler.",
        }
    }

    /// Every move ending at `n` (n going from heads to tails), by the rule as stated, as the
    /// coins it turns over in increasing order. Only for small `n` (the exhaustive solver).
    pub fn plain_moves(self, n: u64) -> Vec<Vec<u64>> {
        let first = self.first();
        let mut out = vec![vec![n]];
        match self {
            CoinRule::Turtles => out.extend((first..n).map(|s| vec![s, n])),
            CoinRule::MockTurtles => {
                for s in first..n {
                    out.push(vec![s, n]);
                    out.extend((s + 1..n).map(|t| vec![s, t, n]));
                }
            }
            CoinRule::Ruler => out.extend((first..n).map(|b| (b..=n).collect())),
        }
        out
    }

    /// Whether `coins` (increasing, distinct, non-empty) is a set one move turns over, the
    /// rightmost being the head; the error, an [`IllegalMove`], says why not.
    ///
    /// ```
    /// use grundy::rules::board::CoinRule;
    /// assert!(CoinRule::Turtles.check_turned(&[2, 5]).is_ok());
    /// let e = CoinRule::Turtles.check_turned(&[1, 2, 5]).unwrap_err();
    /// assert_eq!(e.to_string(), "turtles turns over one or two coins, not 3");
    /// ```
    pub fn check_turned(self, coins: &[u64]) -> Result<(), IllegalMove> {
        if let Some(&low) = coins.first() {
            if low < self.first() {
                return Err(IllegalMove::new(format!(
                    "there is no coin {low}: {} numbers its coins from {}",
                    self.name(),
                    self.first()
                )));
            }
        }
        match self {
            CoinRule::Turtles if coins.len() > 2 => {
                Err(IllegalMove::new(format!("turtles turns over one or two coins, not {}", coins.len())))
            }
            CoinRule::MockTurtles if coins.len() > 3 => {
                Err(IllegalMove::new(format!("mock-turtles turns over one, two or three coins, not {}", coins.len())))
            }
            CoinRule::Ruler
                if coins.windows(2).any(|w| w.get(1) != w.first().and_then(|x| x.checked_add(1)).as_ref()) =>
            {
                Err(IllegalMove::new("ruler turns over a run of consecutive coins, with no gap"))
            }
            _ => Ok(()),
        }
    }

    /// How many moves end at `n` and turn over coins whose values nim-sum to `u`.
    pub fn multiplicity(self, n: u64, u: u128) -> u128 {
        match self {
            CoinRule::Turtles => match u64::try_from(u) {
                Ok(u) => u128::from((u ^ n) < n),
                Err(_) => 0,
            },
            CoinRule::Ruler => match u64::try_from(u) {
                Ok(u) => u128::from(gray_inverse(u ^ gray(n)) < n),
                Err(_) => 0,
            },
            CoinRule::MockTurtles => {
                let w = u ^ odious(n);
                if w == 0 {
                    return 1;
                }
                let Ok(d) = u64::try_from(w >> 1) else { return 0 };
                if w.count_ones() % 2 == 1 {
                    u128::from(d < n)
                } else {
                    xor_pairs_below(n, d) / 2
                }
            }
        }
    }

    /// How many nim-sums [`CoinRule::for_each_sum`] looks at for a head on `n`: the work of
    /// walking them.
    pub fn sums_to_walk(self, n: u64) -> u128 {
        match self {
            CoinRule::Turtles | CoinRule::Ruler => u128::from(n),
            // Every d below the next power of two above n, twice, and the head alone.
            CoinRule::MockTurtles => 1 + 2 * (1u128 << (64 - n.leading_zeros())),
        }
    }

    /// Calls `f(u, count)` for every nim-sum u of the moves ending at `n`, with how many moves
    /// have it (at least 1), until `f` returns false.
    pub fn for_each_sum(self, n: u64, f: &mut dyn FnMut(u128, u128) -> bool) {
        match self {
            CoinRule::Turtles => {
                for s in 0..n {
                    if !f(u128::from(n ^ s), 1) {
                        return;
                    }
                }
            }
            CoinRule::Ruler => {
                // The shortest runs first: the run from c + 1 to n.
                for c in (0..n).rev() {
                    if !f(u128::from(gray(n) ^ gray(c)), 1) {
                        return;
                    }
                }
            }
            CoinRule::MockTurtles => {
                let g = odious(n);
                if !f(g, 1) {
                    return;
                }
                let top: u128 = 1u128 << (64 - n.leading_zeros());
                let mut d: u128 = 0;
                while d < top {
                    // `d` is below 2^64 here.
                    let dd = d as u64;
                    if dd < n && !f(g ^ odious(dd), 1) {
                        return;
                    }
                    if dd > 0 {
                        let pairs = xor_pairs_below(n, dd) / 2;
                        let evil = odious(dd) ^ 1;
                        if pairs > 0 && !f(g ^ evil, pairs) {
                            return;
                        }
                    }
                    d += 1;
                }
            }
        }
    }

    /// The first `limit` moves ending at `n` whose coins' values nim-sum to `u`.
    pub fn moves_with(self, n: u64, u: u128, limit: usize) -> Vec<Turned> {
        if limit == 0 {
            return vec![];
        }
        match self {
            CoinRule::Turtles => match u64::try_from(u) {
                Ok(u) if u == n => vec![Turned::Few(vec![n])],
                Ok(u) if (u ^ n) < n => vec![Turned::Few(vec![u ^ n, n])],
                _ => vec![],
            },
            CoinRule::Ruler => match u64::try_from(u) {
                Ok(u) => {
                    let c = gray_inverse(u ^ gray(n));
                    if c < n {
                        vec![Turned::Run(c + 1, n)]
                    } else {
                        vec![]
                    }
                }
                Err(_) => vec![],
            },
            CoinRule::MockTurtles => {
                let w = u ^ odious(n);
                if w == 0 {
                    return vec![Turned::Few(vec![n])];
                }
                let Ok(d) = u64::try_from(w >> 1) else { return vec![] };
                if w.count_ones() % 2 == 1 {
                    if d < n {
                        vec![Turned::Few(vec![d, n])]
                    } else {
                        vec![]
                    }
                } else {
                    xor_pairs_listed(n, d, limit).into_iter().map(|(s, t)| Turned::Few(vec![s, t, n])).collect()
                }
            }
        }
    }

    /// A random move ending at `n`; `below(k)` draws from 0..k.
    fn random_turned(self, n: u64, below: &mut dyn FnMut(u64) -> u64) -> Turned {
        let first = self.first();
        let span = n - first; // coins below n
        match self {
            CoinRule::Turtles => match below(span + 1) {
                0 => Turned::Few(vec![n]),
                k => Turned::Few(vec![first + k - 1, n]),
            },
            CoinRule::MockTurtles => {
                let mut coins = vec![n];
                for _ in 0..below(3).min(span) {
                    let s = first + below(span);
                    if !coins.contains(&s) {
                        coins.push(s);
                    }
                }
                coins.sort_unstable();
                Turned::Few(coins)
            }
            CoinRule::Ruler => Turned::Run(n - below(span.min(RANDOM_RUN - 1) + 1), n),
        }
    }
}

impl fmt::Display for CoinRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The nim-sum of values in 128 bits as the analysis's value: `None` with the exact number in
/// words when it passes 2^64 - 1 (Mock Turtles' heads past coin 2^63 are worth more).
fn value_or_note(value: u128) -> (Option<u64>, Option<String>) {
    match u64::try_from(value) {
        Ok(v) => (Some(v), None),
        Err(_) => (None, Some(format!("{value} (exact, but past 2^64 - 1, the largest value the analysis holds)"))),
    }
}

/// The symmetric difference of two increasing lists: what one changes into the other.
fn symmetric_difference<T: Ord + Copy>(a: &[T], b: &[T]) -> Vec<T> {
    let (mut i, mut j, mut out) = (0, 0, vec![]);
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
            }
            (Some(&x), Some(&y)) if x < y => {
                out.push(x);
                i += 1;
            }
            (Some(_), Some(&y)) | (None, Some(&y)) => {
                out.push(y);
                j += 1;
            }
            (Some(&x), None) => {
                out.push(x);
                i += 1;
            }
            (None, None) => break,
        }
    }
    out
}

/// How many numbers the heads `heads` hold after turning over the run `lo..=hi`.
fn size_after_run(heads: &[u64], lo: u64, hi: u64) -> u128 {
    let inside = heads.partition_point(|&h| h <= hi) - heads.partition_point(|&h| h < lo);
    heads.len() as u128 - inside as u128 + (u128::from(hi - lo) + 1 - inside as u128)
}

/// Writes coins people read: "coin 7", "coins 3 and 7", "coins 2, 5 and 7", "coins 3 to 9".
fn coin_list(coins: &[u64]) -> String {
    match coins {
        [one] => format!("coin {one}"),
        [a, b] => format!("coins {a} and {b}"),
        [first, .., last] if coins.len() as u128 == u128::from(last - first) + 1 => {
            format!("coins {first} to {last}")
        }
        [rest @ .., last] => {
            format!("coins {} and {last}", rest.iter().map(u64::to_string).collect::<Vec<_>>().join(", "))
        }
        [] => "no coin".into(),
    }
}

fn join(v: &[String]) -> String {
    v.join(" ")
}

#[cfg(feature = "draw")]
/// The coins a move of `rule` at head `h` turns over with its leftmost partner `a` (`a == h`:
/// the head alone): the pair for Turtles and Mock Turtles, the run a..h for Ruler.
fn coins_of(rule: CoinRule, h: u64, a: u64) -> Vec<u64> {
    match rule {
        _ if a >= h => vec![h],
        CoinRule::Ruler => (a..=h).rev().collect(),
        _ => vec![h, a],
    }
}

#[cfg(feature = "draw")]
/// The words of a one-row move turning `coins` over (`turn 9 5`, `turn 5..9` for a run).
fn turn_words(rule: CoinRule, coins: &[u64]) -> String {
    match (rule, coins) {
        (CoinRule::Ruler, [h, .., a]) => format!("turn {a}..{h}"),
        _ => format!("turn {}", coins.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")),
    }
}

#[cfg(feature = "draw")]
/// The most coins along a row (or a side of the grid) drawn one by one.
const DRAWN_COINS: u64 = 30;
#[cfg(feature = "draw")]
const DRAWN_SIDE: u64 = 12;

/// A row of coins under one rule (`turtles`, `mock-turtles`, `ruler`). The position is the
/// list of heads, in increasing order, each once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coins {
    rule: CoinRule,
}

impl Coins {
    /// The game of `rule`.
    pub fn new(rule: CoinRule) -> Self {
        Coins { rule }
    }

    /// The rule.
    pub fn rule(&self) -> CoinRule {
        self.rule
    }

    /// The heads after turning over `turned`.
    fn after(heads: &[u64], turned: &Turned) -> Vec<u64> {
        symmetric_difference(heads, &turned.coins())
    }

    /// The position's value: the nim-sum of its heads' values (128 bits).
    pub fn value(&self, heads: &[u64]) -> u128 {
        heads.iter().fold(0, |a, &h| a ^ self.rule.value(h))
    }

    fn misere(&self, heads: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        if let Some(&big) = heads.iter().find(|&&h| h > MISERE_LARGEST_COIN) {
            return Err(AnalyzeError::Unsupported(format!(
                "misère {} has no rule here and is searched position by position, for heads on coins up to {MISERE_LARGEST_COIN} (at most 2^15 positions); this position has a head on coin {big}",
                self.rule.name()
            )));
        }
        crate::rules::board::search_misere(
            self,
            heads,
            context,
            "the coin-turning theorem holds for normal play only, and misère coin turning has no rule here",
        )
    }
}

impl RulesCore for Coins {
    fn words(&self) -> Words {
        let what = match self.rule {
            CoinRule::Turtles => "one or two coins",
            CoinRule::MockTurtles => "one, two or three coins",
            CoinRule::Ruler => "a run of consecutive coins",
        };
        Words::new(
            self.rule.name(),
            Players::Impartial,
            format!(
                "{}: a row of coins numbered from {}, the position lists the coins showing heads (a coin named twice is one head); a move turns over {what}, the rightmost going from heads to tails.",
                self.rule.title(),
                self.rule.first()
            ),
            match self.rule {
                CoinRule::Ruler => "Type 'turn 7 6 5' or 'turn 5..7' (turn over coins 5 to 7; coin 7 must show heads)",
                _ => "Type 'turn 7 3' (turn over coins 7 and 3; the rightmost, 7, must show heads)",
            },
        )
        // The numbers are the places of the coins showing heads, not piles.
        .with_piles(0)
        .with_names(NumberNames { first: &[], then: &["head {} (coin {0})"], last: None })
    }

    fn options(&self, heads: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        heads
            .iter()
            .flat_map(|&h| self.rule.plain_moves(h).into_iter().map(move |coins| symmetric_difference(heads, &coins)))
            .collect()
    }

    fn check(
        &self,
        heads: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        if after.windows(2).any(|w| w.first() >= w.get(1)) {
            return Err("write the heads in increasing order, each once".into());
        }
        let turned = symmetric_difference(heads, after);
        let Some(&top) = turned.last() else { return Err("a move turns over at least one coin".into()) };
        if heads.binary_search(&top).is_err() {
            return Err(
                format!("the rightmost coin turned over goes from heads to tails, and coin {top} shows tails").into()
            );
        }
        self.rule.check_turned(&turned)
    }
}

impl Notation for Coins {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let tokens = without_none(tokens)?;
        let mut heads = crate::rules::board::numbers(tokens, |i| format!("head {}", i + 1))?;
        if let Some((i, &h)) = heads.iter().enumerate().find(|(_, &h)| h < self.rule.first()) {
            return Err(format!(
                "head {} is on coin {h}, but {} numbers its coins from {}",
                i + 1,
                self.rule.name(),
                self.rule.first()
            ));
        }
        heads.sort_unstable();
        heads.dedup();
        Ok(heads)
    }

    fn tokens(&self, numbers: &[u64]) -> Vec<String> {
        match numbers {
            [] => vec![NONE.into()],
            _ => numbers.iter().map(u64::to_string).collect(),
        }
    }

    fn describe(&self, heads: &[u64], after: &[u64]) -> String {
        let turned = symmetric_difference(heads, after);
        let show = |v: &[u64]| -> String {
            if v.len() <= 12 {
                join(&v.iter().map(u64::to_string).collect::<Vec<_>>())
            } else {
                format!("{} heads", v.len())
            }
        };
        let words = if turned.len() > 12 {
            match (turned.first(), turned.last()) {
                (Some(a), Some(b)) => format!("coins {a} to {b}"),
                _ => "no coin".into(),
            }
        } else {
            coin_list(&turned)
        };
        format!(
            "turn over {words} (heads {} -> {})",
            show(heads),
            if after.is_empty() { "none".into() } else { show(after) }
        )
    }

    fn read_move(&self, heads: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        if let Some(removal) = read_removal(heads, text) {
            return Some(removal);
        }
        let rest = text.trim().strip_prefix("turn")?;
        let rest = rest.trim_start().strip_prefix("over").unwrap_or(rest);
        let read = || -> Result<Vec<u64>, String> {
            let mut coins = vec![];
            for t in rest.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty() && *t != "and") {
                if let Some((a, b)) = t.split_once("..") {
                    let a = crate::number::parse_u64(a, "the first coin of a run")?;
                    let b = crate::number::parse_u64(b, "the last coin of a run")?;
                    let (lo, hi) = (a.min(b), a.max(b));
                    if u128::from(hi - lo) + 1 + coins.len() as u128 > LARGEST_RESULT {
                        return Err(format!("a move typed here turns over at most {LARGEST_RESULT} coins"));
                    }
                    coins.extend(lo..=hi);
                } else {
                    coins.push(crate::number::parse_u64(t, "the coin")?);
                }
            }
            if coins.is_empty() {
                return Err("say which coins to turn over, e.g. 'turn 7 3'".into());
            }
            coins.sort_unstable();
            if let Some(w) = coins.windows(2).find(|w| w.first() == w.get(1)) {
                return Err(format!("coin {} is named twice", w.first().copied().unwrap_or(0)));
            }
            Ok(symmetric_difference(heads, &coins))
        };
        Some(read())
    }
}

impl PlayHelp for Coins {
    fn random_move(&self, heads: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let &h = heads.get(below(heads.len().max(1) as u64) as usize)?;
        Some(Coins::after(heads, &self.rule.random_turned(h, below)))
    }

    fn longest_game(&self, heads: &[u64]) -> u128 {
        // Each move lowers the binary number with a 1 at each head (the head at n goes, and
        // only coins below n change), so it bounds the moves left.
        heads.iter().fold(0u128, |a, &h| a.saturating_add(if h >= 127 { u128::MAX } else { 1u128 << h }))
    }
}

impl Theory for Coins {
    fn solve(&self, heads: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let misere = context.misere;
        if misere {
            return self.misere(heads, context);
        }
        let rule = self.rule;
        let x = self.value(heads);
        let (value, value_note) = value_or_note(x);
        let room = listing_room(heads.len() + 3);
        let mut winning = vec![];
        let mut count: u128 = 0;
        let mut too_long = 0u128;
        if x != 0 {
            for &h in heads {
                let c = rule.multiplicity(h, x);
                count = count.saturating_add(c);
                if c == 0 || winning.len() >= room {
                    continue;
                }
                for t in rule.moves_with(h, x, room - winning.len()) {
                    let size = match &t {
                        Turned::Run(lo, hi) => size_after_run(heads, *lo, *hi),
                        Turned::Few(_) => 0,
                    };
                    if size > LARGEST_RESULT {
                        too_long += 1;
                        continue;
                    }
                    winning.push(Coins::after(heads, &t));
                }
            }
        }
        let listed = winning.len() as u128;
        let mut answer = Analysis::of_board(self, heads, x != 0, value, winning, Method::ClosedForm);
        answer.sg_note = value_note;
        if count == u128::MAX {
            let why = "not counted: there are at least 2^128 - 1 of them, past what the count holds";
            answer.set_board_count(None, Some(why.into()));
        } else if too_long > 0 {
            let why = format!(
                "counted but not listed: {too_long} of them turn over a run so long that the position after would hold more than {LARGEST_RESULT} heads"
            );
            answer.set_board_count(Some(count), Some(why));
        } else {
            answer.set_board_count(Some(count), (count > listed).then(|| listed_note(room, heads.len(), "heads")));
        }
        let values: Vec<String> = heads.iter().map(|&h| rule.value(h).to_string()).collect();
        answer.explanation = vec![
            "The coin-turning theorem (H. W. Lenstra; Berlekamp, Conway and Guy, Winning Ways, chapter 14): a move turns over a set of coins whose rightmost goes from heads to tails, and turning a coin twice undoes it, so a position is the sum of its heads, each played alone, and its value is the nim-sum of the values of single heads.".into(),
            rule.theorem().into(),
            if heads.is_empty() {
                "Here no coin shows heads: the value is 0 and the player to move has no move, so loses.".into()
            } else {
                format!(
                    "Here the heads on coins {} are worth {}; their nim-sum is {x}: the player to move {}.",
                    heads.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
                    values.join(", "),
                    if x == 0 { "loses" } else { "wins" }
                )
            },
        ];
        if x != 0 {
            answer.explanation.push(format!(
                "A move turning over coins whose values nim-sum to u changes the value by u, so the winning moves are those whose coins' values nim-sum to {x}: {count} of them{}.",
                match rule {
                    CoinRule::Turtles => ", at most one per head (the head alone, or with the coin numbered head XOR value)",
                    CoinRule::Ruler => ", at most one per head (the runs ending at a coin nim-sum to Gray codes, c XOR (c >> 1), one for each c)",
                    CoinRule::MockTurtles => " (with three coins, the pairs s, s' with s XOR s' = w >> 1 for the evil w needed, counted over the binary digits)",
                }
            ));
        }
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for Coins {
    fn draw(&self, heads: &[u64], _mover: usize) -> Sketch {
        let mut s = Sketch::new();
        let rule = self.rule;
        let first = rule.first();
        let rightmost = heads.iter().copied().max().unwrap_or(first);
        // The row runs to the end of its ten (coins 1 to 10 for heads 3 5 9), so that it keeps
        // its length while a game goes on: a move only turns heads to tails at its right end,
        // and the coins right of the last head no longer vanish (issue 49, row 14).
        let tens = (rightmost - first) / 10 + 1;
        let last = (first + 10 * tens - 1).min(first + DRAWN_COINS - 1).max(rightmost);
        if rightmost - first < DRAWN_COINS {
            // The row folded into lines of coins a wide step apart, each head's arrow a wide
            // step above it, so that the row fits a phone with every coin and arrow 40 CSS px
            // to tap (issue 84: one line of 20 coins 30 apart was three phones wide).
            let w = crate::rules::faces::WIDE_STEP;
            let fold = crate::rules::faces::Fold::new(12.0 + w / 2.0, 68.0, w, 2.0 * w + 2.0);
            let at = |c: u64| fold.at(c - first);
            let r = 13.0;
            for c in first..=last {
                let class = if heads.contains(&c) { "coin" } else { "coin tails" };
                let (x, y) = at(c);
                s.circle(x, y, r, class)
                    .title(format!("coin {c}: {}", if heads.contains(&c) { "heads" } else { "tails" }));
                s.text(x, y + r + 14.0, &c.to_string(), "small", "middle");
            }
            // Pick the rightmost coin of a move (a head, by the arrow above it), then the coin
            // that ends the move on the left: the picked head's targets show.
            for &h in heads.iter().rev() {
                s.choice(&h.to_string(), Some(&h) == heads.last(), |s| {
                    let (x, y) = at(h);
                    s.circle(x, y, r + 3.0, "picked");
                    for a in first..=h {
                        let coins = coins_of(rule, h, a);
                        let words = turn_words(rule, &coins);
                        let t = crate::rules::board::worded(s, self, heads, words.clone());
                        let what = if a == h { format!("turn coin {h} alone") } else { words.clone() };
                        let (x, y) = at(a);
                        s.circle(x, y, r + 1.5, "target").makes(t).title(what);
                    }
                });
            }
            for &h in heads {
                let (x, y) = at(h);
                s.path(&format!("M{x:.1} {:.1} l-6 -9 h12 z", y - w + 4.5), "arrow left")
                    .picks(h.to_string())
                    .title(format!("turn coin {h} (then click the coin to turn with it)"));
            }
            let y = at(last).1;
            let more = match rule {
                CoinRule::MockTurtles => {
                    // Three coins at once: a number field a coin, starting at a move (the
                    // two leftmost coins and the rightmost head right of them).
                    let head = heads.iter().copied().filter(|&h| h >= first + 2).max();
                    let start = match head {
                        Some(h) => [first, first + 1, h],
                        None => [first; 3],
                    };
                    s.control(crate::rules::draw::Control {
                        label: "turn three coins".into(),
                        fields: start
                            .iter()
                            .enumerate()
                            .map(|(k, &v)| crate::rules::draw::Field::new(format!("coin {}", k + 1), first, last, v))
                            .collect(),
                        form: crate::rules::draw::ControlForm::Words("turn {1} {2} {3}".into()),
                    });
                    " (three coins: the fields below)"
                }
                _ => "",
            };
            s.note(
                y + r + 34.0,
                &format!("Click an arrow to pick the rightmost coin to turn, then the coin to turn with it, or the same coin again to turn it alone{more}."),
            );
            s.height = y + r + 42.0;
            return s;
        }
        // Too long a row: each head (at most 40) with the move that turns it alone.
        s.text(
            8.0,
            18.0,
            &format!(
                "heads on coins {}",
                crate::rules::draw::clip(&heads.iter().map(u64::to_string).collect::<Vec<_>>().join(" "), 80)
            ),
            "label",
            "start",
        );
        let mut offers = vec![];
        for &h in heads.iter().rev().take(crate::rules::faces::MAX_ROWS) {
            let words = turn_words(rule, &[h]);
            let t = crate::rules::board::worded(&mut s, self, heads, words.clone());
            offers.push((format!("turn {h}"), t, words));
        }
        let height = crate::rules::faces::button_row(&mut s, 28.0, offers);
        s.note(40.0 + height, &self.move_hint());
        s.height = 48.0 + height;
        s
    }
}

/// The product of two coin-turning games (`coins-2d:AxB`): a grid of coins; a move turns over
/// every cell of X x Y for a move X of A (along x) and a move Y of B (along y), the cell of
/// their rightmost coins going from heads to tails. The position is the list of heads, two
/// numbers each (x then y), in increasing order of (x, y), each once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coins2d {
    a: CoinRule,
    b: CoinRule,
}

/// The cells of a flat list `x1 y1 x2 y2 ...`.
fn cells(numbers: &[u64]) -> Vec<(u64, u64)> {
    numbers.chunks_exact(2).filter_map(|c| Some((*c.first()?, *c.get(1)?))).collect()
}

/// The flat list of cells.
fn flat(cells: &[(u64, u64)]) -> Vec<u64> {
    cells.iter().flat_map(|&(x, y)| [x, y]).collect()
}

impl Coins2d {
    /// The product of `a` (along x) and `b` (along y).
    pub fn new(a: CoinRule, b: CoinRule) -> Self {
        Coins2d { a, b }
    }

    /// Reads `AxB` (the part after `coins-2d:`); the error is a [`ParseGameError`] naming the
    /// rule not known.
    ///
    /// ```
    /// use grundy::rules::board::Coins2d;
    /// assert!(Coins2d::parse_parameter("turtlesxruler").is_ok());
    /// let e = Coins2d::parse_parameter("turtlesxnim").unwrap_err();
    /// assert!(e.to_string().starts_with("coins-2d:turtlesxnim: unknown coin rule 'nim'"));
    /// ```
    pub fn parse_parameter(s: &str) -> Result<Coins2d, ParseGameError> {
        let names = CoinRule::ALL.iter().map(|r| r.name()).collect::<Vec<_>>().join(", ");
        let Some((a, b)) = s.split_once('x') else {
            return Err(ParseGameError::new(format!(
                "coins-2d:{s}: write the two rules joined by 'x', e.g. coins-2d:turtlesxturtles (the rules are {names})"
            )));
        };
        let rule = |r: &str| {
            CoinRule::parse(r).ok_or_else(|| {
                let nim = if r == "nim" { "; Nim as coins is turtles" } else { "" };
                ParseGameError::new(format!("coins-2d:{s}: unknown coin rule '{r}' (the rules are {names}{nim})"))
            })
        };
        Ok(Coins2d { a: rule(a)?, b: rule(b)? })
    }

    /// The two rules, of the first number of a cell and of the second.
    pub fn rules(&self) -> (CoinRule, CoinRule) {
        (self.a, self.b)
    }

    /// The value of a head on (x, y): gA(x) ⊗ gB(y) (Lenstra's Tartan theorem).
    pub fn cell_value(&self, x: u64, y: u64) -> u128 {
        nim_mul_wide(self.a.value(x), self.b.value(y))
    }

    /// The position's value: the nim-sum of its heads' values.
    pub fn value(&self, numbers: &[u64]) -> u128 {
        cells(numbers).iter().fold(0, |acc, &(x, y)| acc ^ self.cell_value(x, y))
    }

    /// The heads after turning over X x Y.
    fn after(heads: &[(u64, u64)], xs: &[u64], ys: &[u64]) -> Vec<u64> {
        let mut turned: Vec<(u64, u64)> = xs.iter().flat_map(|&x| ys.iter().map(move |&y| (x, y))).collect();
        turned.sort_unstable();
        flat(&symmetric_difference(heads, &turned))
    }

    /// The position after turning X x Y, when it holds at most [`LARGEST_RESULT`] numbers.
    fn after_if_listable(heads: &[(u64, u64)], xs: &Turned, ys: &Turned) -> Option<Vec<u64>> {
        // Refused before anything is built when the position after holds more than the limit
        // of numbers (two a head) whichever heads the move turns: past this many cells turned,
        // more than half the limit become heads; with fewer, at least the heads not turned
        // back stay.
        let turned = xs.len().saturating_mul(ys.len());
        let staying = (heads.len() as u128).saturating_sub(turned);
        if turned > heads.len() as u128 + LARGEST_RESULT / 2 || 2 * staying > LARGEST_RESULT {
            return None;
        }
        let after = Coins2d::after(heads, &xs.coins(), &ys.coins());
        (after.len() as u128 <= LARGEST_RESULT).then_some(after)
    }

    fn misere(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        if let Some(&big) = numbers.iter().find(|&&n| n > MISERE_LARGEST_CELL) {
            return Err(AnalyzeError::Unsupported(format!(
                "misère {} has no rule here and is searched position by position, for heads on cells with both numbers at most {MISERE_LARGEST_CELL}; this position has a head on a cell numbered {big}",
                self.spelling()
            )));
        }
        crate::rules::board::search_misere(
            self,
            numbers,
            context,
            "the Tartan theorem holds for normal play only, and misère coin turning has no rule here",
        )
    }
}

impl RulesCore for Coins2d {
    fn words(&self) -> Words {
        Words::new(
            format!("coins-2d:{}x{}", self.a.name(), self.b.name()),
            Players::Impartial,
            format!(
                "The product of {} (along x, numbered from {}) and {} (along y, numbered from {}): a grid of coins, the position lists the cells x,y showing heads (or x y, two numbers a cell; a cell named twice is one head); a move turns over every cell of X x Y, where X is a move of {} ({}) and Y a move of {} ({}), and the cell of their rightmost coins goes from heads to tails.",
                self.a.title(),
                self.a.first(),
                self.b.title(),
                self.b.first(),
                self.a.title(),
                self.a.move_words(),
                self.b.title(),
                self.b.move_words()
            ),
            "Type 'turn 3,4' (turn over cell 3,4 alone) or 'turn 3,4 1,4 3,2 1,2' (every cell of a move X x Y; the cell with the largest x and y must show heads)",
        )
        // The numbers are the places of the coins showing heads, not piles.
        .with_piles(0)
        .with_names(NumberNames { first: &[], then: &["head {} (cell {0},{1}), x", "head {} (cell {0},{1}), y"], last: None })
    }

    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let heads = cells(numbers);
        let mut out = vec![];
        for &(x, y) in &heads {
            for xs in self.a.plain_moves(x) {
                for ys in self.b.plain_moves(y) {
                    out.push(Coins2d::after(&heads, &xs, &ys));
                }
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
        if !after.len().is_multiple_of(2) {
            return Err("a position of the product game lists cells, two numbers each".into());
        }
        let (before, after) = (cells(numbers), cells(after));
        if after.windows(2).any(|w| w.first() >= w.get(1)) {
            return Err("write the cells in increasing order (by x, then y), each once".into());
        }
        let turned = symmetric_difference(&before, &after);
        let Some(&(tx, ty)) = turned.last() else { return Err("a move turns over at least one cell".into()) };
        let mut xs: Vec<u64> = turned.iter().map(|c| c.0).collect();
        let mut ys: Vec<u64> = turned.iter().map(|c| c.1).collect();
        xs.sort_unstable();
        xs.dedup();
        ys.sort_unstable();
        ys.dedup();
        let (mx, my) = (xs.last().copied().unwrap_or(tx), ys.last().copied().unwrap_or(ty));
        // The sizes first, so that the product built is never larger than the cells turned.
        let not_product = xs.len().checked_mul(ys.len()) != Some(turned.len())
            || !xs.iter().flat_map(|&x| ys.iter().map(move |&y| (x, y))).eq(turned.iter().copied());
        if not_product {
            return Err(
                "a move turns over every cell of X x Y, a move X along x times a move Y along y, and these cells are not such a product".into(),
            );
        }
        if before.binary_search(&(mx, my)).is_err() {
            return Err(format!(
                "the cell of the rightmost coins, {mx},{my}, must go from heads to tails, and it shows tails"
            )
            .into());
        }
        let side =
            |rule: CoinRule, v: &[u64], axis: &str| rule.check_turned(v).map_err(|e| format!("along {axis}: {e}"));
        side(self.a, &xs, "x")?;
        Ok(side(self.b, &ys, "y")?)
    }
}

impl Notation for Coins2d {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let tokens = without_none(tokens)?;
        // Inside a sum of games a part's tokens are split at commas (`coins-2d:...=1,1,2,2`),
        // so bare numbers, an even count of them and no cell among them, pair up as x y.
        let paired: Vec<String> = if tokens.len().is_multiple_of(2) && tokens.iter().all(|t| !t.contains(',')) {
            tokens.chunks_exact(2).map(|p| p.join(",")).collect()
        } else {
            tokens.iter().map(|t| t.to_string()).collect()
        };
        let mut heads = vec![];
        for (i, t) in paired.iter().enumerate() {
            let what = format!("head {}", i + 1);
            let Some((x, y)) = t.split_once(',') else {
                return Err(format!("{what} '{t}' is not a cell: write it x,y (e.g. 3,4)"));
            };
            let x = crate::number::parse_u64(x, &format!("{what}'s x"))?;
            let y = crate::number::parse_u64(y, &format!("{what}'s y"))?;
            for (n, rule, axis) in [(x, self.a, "x"), (y, self.b, "y")] {
                if n < rule.first() {
                    return Err(format!(
                        "{what} '{t}': {axis} is {n}, but {} numbers its coins from {}",
                        rule.name(),
                        rule.first()
                    ));
                }
            }
            heads.push((x, y));
        }
        heads.sort_unstable();
        heads.dedup();
        Ok(flat(&heads))
    }

    fn tokens(&self, numbers: &[u64]) -> Vec<String> {
        match numbers {
            [] => vec![NONE.into()],
            _ => cells(numbers).iter().map(|(x, y)| format!("{x},{y}")).collect(),
        }
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let turned = symmetric_difference(&cells(numbers), &cells(after));
        let mut xs: Vec<u64> = turned.iter().map(|c| c.0).collect();
        let mut ys: Vec<u64> = turned.iter().map(|c| c.1).collect();
        xs.sort_unstable();
        xs.dedup();
        ys.sort_unstable();
        ys.dedup();
        let axis = |v: &[u64]| -> String {
            let words = coin_list(v);
            words.strip_prefix("coins ").or_else(|| words.strip_prefix("coin ")).unwrap_or(&words).to_string()
        };
        let what = match turned[..] {
            [(x, y)] => format!("cell {x},{y}"),
            _ => format!("{} cells: x {} by y {}", turned.len(), axis(&xs), axis(&ys)),
        };
        let heads = |n: &[u64]| -> String {
            let t = self.tokens(n);
            match t.len() {
                0 => "none".into(),
                k if k <= 8 => join(&t),
                k => format!("{k} heads"),
            }
        };
        format!("turn over {what} (heads {} -> {})", heads(numbers), heads(after))
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        if let Some(removal) = read_removal(numbers, text) {
            return Some(removal);
        }
        let rest = text.trim().strip_prefix("turn")?;
        let rest = rest.trim_start().strip_prefix("over").unwrap_or(rest);
        let read = || -> Result<Vec<u64>, String> {
            let mut turned = vec![];
            for t in rest.split_whitespace().filter(|t| *t != "and") {
                let Some((x, y)) = t.split_once(',') else {
                    return Err(format!("'{t}' is not a cell: write cells x,y (e.g. 'turn 3,4 1,4 3,2 1,2')"));
                };
                turned
                    .push((crate::number::parse_u64(x, "the cell's x")?, crate::number::parse_u64(y, "the cell's y")?));
            }
            if turned.is_empty() {
                return Err("say which cells to turn over, e.g. 'turn 3,4 1,4'".into());
            }
            turned.sort_unstable();
            if let Some(w) = turned.windows(2).find(|w| w.first() == w.get(1)) {
                let (x, y) = w.first().copied().unwrap_or_default();
                return Err(format!("cell {x},{y} is named twice"));
            }
            Ok(flat(&symmetric_difference(&cells(numbers), &turned)))
        };
        Some(read())
    }
}

impl PlayHelp for Coins2d {
    fn random_move(&self, numbers: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let heads = cells(numbers);
        let &(x, y) = heads.get(below(heads.len().max(1) as u64) as usize)?;
        let xs = self.a.random_turned(x, below).coins();
        let ys = self.b.random_turned(y, below).coins();
        Some(Coins2d::after(&heads, &xs, &ys))
    }

    fn longest_game(&self, numbers: &[u64]) -> u128 {
        // The number with 4^(x + y) for each head goes down with every move: the cells a move
        // turns besides (x, y) have x' + y' = x + y - d for at most d + 1 cells each d >= 1,
        // and the sum of (d + 1) 4^-d over d >= 1 is 7/9 < 1.
        cells(numbers).iter().fold(0u128, |a, &(x, y)| {
            let e = u128::from(x) + u128::from(y);
            a.saturating_add(if e >= 63 { u128::MAX } else { 1u128 << (2 * e) })
        })
    }

    /// 2 or 3 heads on cells x,y, each from the rules' first coin to 5 past it.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        (0..2 + below(2)).map(|_| format!("{},{}", self.a.first() + below(6), self.b.first() + below(6))).collect()
    }
}

impl Theory for Coins2d {
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let (misere, budget) = (context.misere, context.budget);
        if misere {
            return self.misere(numbers, context);
        }
        let heads = cells(numbers);
        let t = self.value(numbers);
        let (value, value_note) = value_or_note(t);
        let room = listing_room(numbers.len() + 18);
        // The work of counting: at each head, the nim-sums of the shorter side.
        let work: u128 = heads
            .iter()
            .map(|&(x, y)| self.a.sums_to_walk(x).min(self.b.sums_to_walk(y)))
            .fold(0, u128::saturating_add);
        let budget_work = u128::from(crate::error::Work::MovesExamined.clamp(budget));
        let mut winning: Vec<Vec<u64>> = vec![];
        let mut count: u128 = 0;
        let mut too_big = 0u128;
        let mut walked: u128 = 0;
        let complete = work <= budget_work;
        if t != 0 {
            'heads: for &(x, y) in &heads {
                let by_x = self.a.sums_to_walk(x) <= self.b.sums_to_walk(y);
                let (walk_rule, walk_n, other_rule, other_n) =
                    if by_x { (self.a, x, self.b, y) } else { (self.b, y, self.a, x) };
                let mut stop = false;
                walk_rule.for_each_sum(walk_n, &mut |u, m| {
                    walked += 1;
                    if walked > budget_work {
                        stop = true;
                        return false;
                    }
                    // u != 0 for every move (the head itself is in it).
                    let Some(inv) = nim_inverse_wide(u) else { return true };
                    let v = nim_mul_wide(t, inv);
                    let n = other_rule.multiplicity(other_n, v);
                    if n == 0 {
                        return true;
                    }
                    count = count.saturating_add(m.saturating_mul(n));
                    if winning.len() < room {
                        let mine = walk_rule.moves_with(walk_n, u, room - winning.len());
                        let theirs = other_rule.moves_with(other_n, v, room - winning.len());
                        for p in &mine {
                            for q in &theirs {
                                if winning.len() >= room {
                                    break;
                                }
                                let (xs, ys) = if by_x { (p, q) } else { (q, p) };
                                match Coins2d::after_if_listable(&heads, xs, ys) {
                                    Some(after) => winning.push(after),
                                    None => too_big += 1,
                                }
                            }
                        }
                    }
                    true
                });
                if stop {
                    break 'heads;
                }
            }
        }
        let listed = winning.len() as u128;
        let mut answer = Analysis::of_board(self, numbers, t != 0, value, winning, Method::ClosedForm);
        answer.sg_note = value_note;
        if t == 0 {
            answer.set_board_count(Some(0), None);
        } else if complete && count == u128::MAX {
            // Saturated: the number is unknown, so none is given (the listed moves stand).
            let why = "not counted: there are at least 2^128 - 1 of them, past what the count holds";
            answer.set_board_count(None, Some(why.into()));
        } else if complete {
            let not_listed = if too_big > 0 {
                Some(format!(
                    "counted but not listed: {too_big} of them leave a position that would hold more than {LARGEST_RESULT} numbers"
                ))
            } else {
                (count > listed).then(|| listed_note(room, heads.len(), "heads"))
            };
            answer.set_board_count(Some(count), not_listed);
        } else {
            answer.set_board_count(None, Some(format!(
                "not counted, because counting them walks {work} nim-sums (at each head, those of the moves along its shorter side), past the budget of {budget_work}{}; the {listed} listed were found within it",
                if work <= u128::from(crate::error::Work::MovesExamined.max_budget()) {
                    format!(" (--budget {work} counts them)")
                } else {
                    String::new()
                }
            )));
        }
        let values: Vec<String> = heads.iter().map(|&(x, y)| self.cell_value(x, y).to_string()).collect();
        answer.explanation = vec![
            "The coin-turning theorem (H. W. Lenstra; Berlekamp, Conway and Guy, Winning Ways, chapter 14): turning a coin twice undoes it, so a position is the sum of its heads, each played alone, and its value is the nim-sum of the values of single heads.".into(),
            format!(
                "Lenstra's Tartan theorem: in the product of two coin-turning games a move turns over every cell of X x Y (X a move of the first, Y of the second), and a head on cell (x, y) is worth g1(x) ⊗ g2(y), the nim product (Conway) of the two games' values{}.",
                if self.a == CoinRule::Turtles && self.b == CoinRule::Turtles {
                    "; Turtles x Turtles is turning corners (HDU 3404): a head on (x, y) is worth x ⊗ y"
                } else {
                    ""
                }
            ),
            self.a.theorem().into(),
        ];
        if self.b != self.a {
            answer.explanation.push(self.b.theorem().into());
        }
        answer.explanation.push(if heads.is_empty() {
            "Here no cell shows heads: the value is 0 and the player to move has no move, so loses.".into()
        } else {
            format!(
                "Here the heads on cells {} are worth {}; their nim-sum is {t}: the player to move {}.",
                self.tokens(numbers).join(" "),
                values.join(", "),
                if t == 0 { "loses" } else { "wins" }
            )
        });
        if t != 0 {
            answer.explanation.push(format!(
                "The cells X x Y nim-sum to (nim-sum along X) ⊗ (nim-sum along Y), so a move at a head wins when that product is {t}: for each nim-sum u of one side, the other side must nim-sum to {t} ⊗ u⁻¹."
            ));
        }
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for Coins2d {
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        let mut s = Sketch::new();
        let heads = cells(numbers);
        let (fa, fb) = (self.a.first(), self.b.first());
        let mx = heads.iter().map(|c| c.0).max().unwrap_or(fa);
        let my = heads.iter().map(|c| c.1).max().unwrap_or(fb);
        let cell_words = |xs: &[u64], ys: &[u64]| -> String {
            let mut cells = vec![];
            for &x in xs {
                for &y in ys {
                    cells.push(format!("{x},{y}"));
                }
            }
            format!("turn {}", cells.join(" "))
        };
        if mx - fa < DRAWN_SIDE && my - fb < DRAWN_SIDE {
            let side = (mx - fa + 1).max(my - fb + 1).max(4);
            // Cells and the buttons that pick a head a wide step apart, on lines that fit a
            // phone, so that each is 40 CSS px to tap (issue 84: cells 34 wide, buttons 18 high
            // and 5 apart).
            let wide = crate::rules::faces::WIDE_STEP;
            let w = (280.0 / side as f64).min(wide);
            let picked: Vec<(u64, u64)> = heads.iter().rev().take(20).copied().collect();
            let mut buttons = vec![];
            let (mut bx, mut by) = (88.0, 22.0);
            for &(hx, hy) in &picked {
                let key = format!("{hx},{hy}");
                let lw = crate::rules::draw::button_width(&key);
                if bx + lw > crate::rules::faces::FOLD_END && bx > 88.0 {
                    (bx, by) = (88.0, by + wide);
                }
                buttons.push((key, bx, by, lw));
                bx += lw + 6.0;
            }
            let (x0, y0) = (60.0, by + 11.0 + wide - w / 2.0);
            let rows = my - fb + 1;
            let at =
                |x: u64, y: u64| (x0 + w * (x - fa) as f64 + w / 2.0, y0 + w * (rows - 1 - (y - fb)) as f64 + w / 2.0);
            for x in fa..=mx {
                for y in fb..=my {
                    let (cx, cy) = at(x, y);
                    let head = heads.contains(&(x, y));
                    s.rect(cx - w / 2.0, cy - w / 2.0, w, w, 0.0, "cell");
                    s.circle(cx, cy, w * 0.36, if head { "coin" } else { "coin tails" })
                        .title(format!("cell {x},{y}: {}", if head { "heads" } else { "tails" }));
                }
                let (cx, _) = at(x, fb);
                s.text(cx, y0 + w * rows as f64 + 14.0, &x.to_string(), "small", "middle");
            }
            for y in fb..=my {
                let (_, cy) = at(fa, y);
                s.text(x0 - 6.0, cy + 4.0, &y.to_string(), "small", "end");
            }
            // Pick a head (a button above the grid), then the cell that makes the move's
            // other corner: every cell of X x Y turns over.
            s.text(8.0, 14.0, "pick a head:", "small", "start");
            for (k, (&(hx, hy), (key, bx, by, lw))) in picked.iter().zip(buttons).enumerate() {
                s.choice(&key, k == 0, |s| {
                    let (cx, cy) = at(hx, hy);
                    s.rect(cx - w / 2.0, cy - w / 2.0, w, w, 0.0, "picked");
                    for a in fa..=hx {
                        for b in fb..=hy {
                            let words = cell_words(&coins_of(self.a, hx, a), &coins_of(self.b, hy, b));
                            let t = crate::rules::board::worded(s, self, numbers, words.clone());
                            let (tx, ty) = at(a, b);
                            s.rect(tx - w / 2.0 + 2.0, ty - w / 2.0 + 2.0, w - 4.0, w - 4.0, 3.0, "target")
                                .makes(t)
                                .title(words);
                        }
                    }
                });
                s.rect(bx, by, lw, 22.0, 4.0, "button").picks(key.clone()).title(format!("pick the head on {key}"));
                s.text(bx + lw / 2.0, by + 15.0, &key, "button-label", "middle");
            }
            let bottom = y0 + w * rows as f64 + 22.0;
            s.note(
                bottom + 10.0,
                "Pick a head, then click the other corner of the move: every cell of X x Y turns over.",
            );
            s.height = bottom + 18.0;
            return s;
        }
        s.text(8.0, 18.0, &format!("{} heads; too large a grid to draw", heads.len()), "label", "start");
        let mut offers = vec![];
        for &(hx, hy) in heads.iter().rev().take(crate::rules::faces::MAX_ROWS) {
            let words = cell_words(&[hx], &[hy]);
            let t = crate::rules::board::worded(&mut s, self, numbers, words.clone());
            offers.push((format!("turn {hx},{hy}"), t, words));
        }
        let height = crate::rules::faces::button_row(&mut s, 28.0, offers);
        s.note(40.0 + height, &self.move_hint());
        s.height = 48.0 + height;
        s
    }
}
