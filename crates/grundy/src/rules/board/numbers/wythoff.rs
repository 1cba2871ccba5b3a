//! Wythoff's game (Wythoff, 1907): two heaps; a move takes any positive number from one heap,
//! or the same positive number from both.
//!
//! Wythoff's theorem: the P-positions are the pairs (a_k, a_k + k) and their mirror images,
//! with a_k = floor(k φ) and φ = (1 + √5) / 2 the golden ratio; k = 0, 1, 2, ... Every
//! positive integer is exactly one a_k or one a_k + k (Beatty's theorem on the complementary
//! sequences floor(k φ) and floor(k φ²)). Everything here is integer arithmetic:
//! floor(k φ) = floor((k + floor(k √5)) / 2), and floor(k √5) = 2k + y with y the largest
//! integer such that y (4k + y) <= k² (the integer square root of 5 k² without forming 5 k²,
//! which would pass 128 bits near k = 2^64).

use crate::error::IllegalMove;
use crate::error::{AnalyzeError, GaveUp, Work};
use crate::rules::analysis::Analysis;
use crate::rules::board::BoardContext;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Players;
use crate::rules::board::Words;
use crate::rules::board::{numbers, Method, Notation, PlayHelp, RulesCore, Theory};
use crate::rules::board::{Board, BoardFamily};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

/// Wythoff's game in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [
    GameKind {
        spelling: "wythoff",
        name: "Wythoff's game",
        a_move: "take any number from one of two heaps, or the same number from both",
        example_game: "wythoff",
        example_position: "5 8",
        heap_ruleset: false,
        move_syntax: "`HEAP TAKE` takes TAKE objects from heap HEAP; `both TAKE` takes TAKE from both heaps; `1..2 -> A B` leaves A and B",
        example_move: "both 2",
    },
];

/// Reads Wythoff's game's spelling (`wythoff`); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "wythoff").then(|| Ok(Board::new(Wythoff)))
}

/// Wythoff's game. Positions are two heap sizes, in the order given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wythoff;

/// floor(k √5), exactly, for every k < 2^64.
pub fn floor_k_sqrt5(k: u64) -> u128 {
    let k = u128::from(k);
    let k2 = k * k;
    // y (4k + y) <= k² decides whether 2k + y <= k √5; a product past 128 bits is past k².
    let fits = |y: u128| y.checked_mul(4 * k + y).is_some_and(|p| p <= k2);
    // A float estimate of y = k (√5 - 2) within a few thousand, then a binary search.
    let estimate = (k as f64 * (5f64.sqrt() - 2.0)) as u128;
    let (mut lo, mut hi) = (estimate.saturating_sub(1 << 16), estimate + (1 << 16));
    while !fits(lo) {
        lo /= 2;
    }
    // Invariant: fits(lo) and !fits(hi).
    while fits(hi) {
        hi *= 2;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    2 * k + lo
}

/// a_k = floor(k φ), the smaller heap of the k-th P-position (k φ < 2^65, so u128 holds it).
pub fn lower(k: u64) -> u128 {
    (u128::from(k) + floor_k_sqrt5(k)) / 2
}

/// The P-position whose heaps differ by `k`: (a_k, a_k + k).
pub fn cold_pair(k: u64) -> (u128, u128) {
    let a = lower(k);
    (a, a + u128::from(k))
}

/// The heap that `n` is paired with in a P-position: every n is exactly one a_k or one
/// a_k + k (Beatty), so the partner is unique (0's partner is 0). It may pass 2^64 - 1 (the
/// partner of a_k is a_k + k, about 1.6 times as large), hence 128 bits.
pub fn partner(n: u64) -> u128 {
    // n = a_k for k near n / φ, or n = a_k + k for k near n / φ²; a few neighbours of the
    // estimate hold the exact k.
    let n128 = u128::from(n);
    // n / φ = n (√5 - 1) / 2.
    let guess = ((floor_k_sqrt5(n) - n128) / 2) as u64;
    for k in guess.saturating_sub(2)..=guess.saturating_add(2) {
        let (a, b) = cold_pair(k);
        if a == n128 {
            return b;
        }
        if b == n128 {
            return a;
        }
    }
    // n / φ² = n - n / φ.
    let guess = n - guess;
    for k in guess.saturating_sub(2)..=guess.saturating_add(2) {
        let (a, b) = cold_pair(k);
        if b == n128 {
            return a;
        }
        if a == n128 {
            return b;
        }
    }
    // Unreachable by Beatty's theorem; the tests check every n to 300,000 and samples to 2^64.
    n128
}

/// Whether (a, b) is a P-position (the player to move loses), by Wythoff's theorem.
///
/// ```
/// use grundy::rules::board::numbers::wythoff::is_cold;
/// assert!(is_cold(0, 0) && is_cold(1, 2) && is_cold(5, 3) && is_cold(4, 7));
/// assert!(!is_cold(5, 8) && !is_cold(2, 2));
/// ```
pub fn is_cold(a: u64, b: u64) -> bool {
    is_cold_under(a, b, false)
}

/// The smaller heap of the P-position whose heaps differ by `k`: a_k, or under misère play
/// 2 for k = 0 and 0 for k = 1 (misère Wythoff's P-positions are Wythoff's, but for (0, 1),
/// (1, 0) and (2, 2) in place of (0, 0), (1, 2) and (2, 1); the tests check it against search).
fn cold_lower(k: u64, misere: bool) -> u128 {
    match (misere, k) {
        (true, 0) => 2,
        (true, 1) => 0,
        _ => lower(k),
    }
}

/// The partner of `n` in its P-position, under either convention (under misère play 0 and 1
/// pair up and 2 is its own partner; every other number keeps Wythoff's partner, which is at
/// least 3).
fn partner_under(n: u64, misere: bool) -> u128 {
    match (misere, n) {
        (true, 0) => 1,
        (true, 1) => 0,
        (true, 2) => 2,
        _ => partner(n),
    }
}

/// Whether (a, b) is a P-position under normal play (`misere` false) or misère play.
///
/// ```
/// use grundy::rules::board::numbers::wythoff::is_cold_under;
/// assert!(is_cold_under(0, 1, true) && is_cold_under(2, 2, true) && is_cold_under(3, 5, true));
/// assert!(!is_cold_under(0, 0, true) && !is_cold_under(1, 2, true));
/// ```
pub fn is_cold_under(a: u64, b: u64, misere: bool) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    cold_lower(hi - lo, misere) == u128::from(lo)
}

/// Every winning move from (a, b) as the pair it leaves (heaps in the order given): the move
/// from both heaps first, then from one heap, as HDU 2177 lists them. Empty at a P-position.
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    winning_moves_under(a, b, false)
}

/// Every winning move from (a, b) under normal play (`misere` false) or misère play, in the
/// order of [`winning_moves`].
pub fn winning_moves_under(a: u64, b: u64, misere: bool) -> Vec<(u64, u64)> {
    if is_cold_under(a, b, misere) {
        return vec![];
    }
    let partner = |n| partner_under(n, misere);
    let mut out = Vec::new();
    let (lo, hi) = (a.min(b), a.max(b));
    // From both: the difference stays, so the target is (a_k, a_k + k) with k = hi - lo.
    let target = cold_lower(hi - lo, misere);
    if target < u128::from(lo) {
        let d = lo - target as u64;
        out.push((a - d, b - d));
    }
    // From one heap: keep one heap and bring the other down to its partner.
    let mut singles = Vec::new();
    // A partner below the other heap fits in 64 bits.
    let pa = partner(a);
    if pa < u128::from(b) {
        singles.push((a, pa as u64));
    }
    let pb = partner(b);
    if pb < u128::from(a) {
        singles.push((pb as u64, b));
    }
    // The smaller pair first, as HDU 2177 prints them.
    singles.sort_by_key(|&(x, y)| (x.min(y), x.max(y)));
    singles.dedup();
    out.extend(singles);
    out
}

impl Wythoff {
    fn pair(numbers: &[u64]) -> (u64, u64) {
        (numbers.first().copied().unwrap_or(0), numbers.get(1).copied().unwrap_or(0))
    }

    /// The Sprague-Grundy values of every (x, y) with x <= a, y <= b, by the mex, or `None`
    /// past `budget` table entries. Wythoff's values have no known closed form.
    fn value_table(a: u64, b: u64, budget: u64) -> Result<u64, String> {
        // Each entry looks at its row, column and diagonal: about a + b options.
        let entries = (u128::from(a) + 1).checked_mul(u128::from(b) + 1);
        let work = entries.and_then(|e| e.checked_mul(u128::from(a) + u128::from(b) + 1));
        let max = Work::MovesExamined.max_budget();
        match work {
            Some(w) if w <= u128::from(budget) => {}
            // A budget that is allowed does it: the refusal suggests it.
            Some(w) if w <= u128::from(max) => {
                return Err(
                    GaveUp { what: Work::MovesExamined, used: budget, needed: u64::try_from(w).ok() }.to_string()
                )
            }
            // Past any budget: say so, with exact numbers, rather than suggest one.
            _ => {
                let entries = entries.map_or_else(|| "more than 2^128 - 1".to_string(), |e| e.to_string());
                return Err(format!(
                    "the table holds {entries} values, and filling it examines more than the {max} (2^{}) moves this program allows for one computation",
                    max.trailing_zeros()
                ));
            }
        }
        let (w, h) = ((a + 1) as usize, (b + 1) as usize);
        let mut g = vec![0u64; w * h];
        let mut seen = Vec::new();
        for x in 0..w {
            for y in 0..h {
                seen.clear();
                seen.resize(x + y + x.min(y) + 1, false);
                let mut mark = |v: u64| {
                    if let Some(s) = seen.get_mut(v as usize) {
                        *s = true;
                    }
                };
                (0..x).for_each(|i| mark(g[i * h + y]));
                (0..y).for_each(|j| mark(g[x * h + j]));
                (1..=x.min(y)).for_each(|d| mark(g[(x - d) * h + (y - d)]));
                g[x * h + y] = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64;
            }
        }
        Ok(g[w * h - 1])
    }
}

impl RulesCore for Wythoff {
    fn words(&self) -> Words {
        Words::new(
            "wythoff",
            Players::Impartial,
            "Wythoff's game: two heaps; a move takes any number of objects from one heap, or the same number from both.",
            "Type '1 3' (take 3 from heap 1), 'both 2' (take 2 from both heaps) or '1..2 -> 4 6' (leave 4 and 6)",
        )
    }

    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let (a, b) = Self::pair(numbers);
        let mut out: Vec<Vec<u64>> = (0..a).map(|x| vec![x, b]).collect();
        out.extend((0..b).map(|y| vec![a, y]));
        out.extend((1..=a.min(b)).map(|d| vec![a - d, b - d]));
        out
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        let (a, b) = Self::pair(numbers);
        let [x, y] = after[..] else {
            return Err("a move of Wythoff's game leaves two heaps".into());
        };
        if x > a || y > b {
            return Err(format!("a move cannot add objects: the heaps are {a} and {b}").into());
        }
        if (x, y) == (a, b) {
            return Err("a move must take at least one object".into());
        }
        if x < a && y < b && a - x != b - y {
            return Err(
                format!("taking from both heaps takes the same number from each, not {} and {}", a - x, b - y).into()
            );
        }
        Ok(())
    }
}

impl Notation for Wythoff {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        if tokens.len() != 2 {
            return Err(format!("Wythoff's game takes two heaps, not {}", tokens.len()));
        }
        numbers(tokens, |i| format!("heap {}", i + 1))
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let (a, b) = Self::pair(numbers);
        let (x, y) = Self::pair(after);
        let taken = if x < a && y < b {
            format!("take {} from both heaps", a - x)
        } else if x < a {
            format!("take {} from heap 1", a - x)
        } else {
            format!("take {} from heap 2", b - y)
        };
        format!("{taken} ({a} {b} -> {x} {y})")
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let (a, b) = Self::pair(numbers);
        let words: Vec<&str> = text.split_whitespace().collect();
        let take = match words[..] {
            ["both", d] | ["take", d, "from", "both"] | ["take", d, "from", "both", "heaps"] => d,
            _ => return None,
        };
        Some(crate::number::parse_u64(take, "the number taken from both heaps").and_then(|d| {
            if d == 0 || d > a.min(b) {
                Err(format!("from both heaps take 1 to {} (the smaller heap), not {d}", a.min(b)))
            } else {
                Ok(vec![a - d, b - d])
            }
        }))
    }
}

impl PlayHelp for Wythoff {
    fn random_move(&self, numbers: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let (a, b) = Self::pair(numbers);
        let kinds: Vec<u8> =
            [(a > 0, 0), (b > 0, 1), (a.min(b) > 0, 2)].into_iter().filter(|(ok, _)| *ok).map(|(_, k)| k).collect();
        let kind = *kinds.get(below(kinds.len().max(1) as u64) as usize)?;
        Some(match kind {
            0 => vec![a - 1 - below(a), b],
            1 => vec![a, b - 1 - below(b)],
            _ => {
                let d = 1 + below(a.min(b));
                vec![a - d, b - d]
            }
        })
    }

    /// Two heaps from 1 to 15.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        (0..2).map(|_| (1 + below(15)).to_string()).collect()
    }
}

impl Theory for Wythoff {
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let (misere, budget) = (context.misere, context.budget);
        let (a, b) = Self::pair(numbers);
        let wins = !is_cold_under(a, b, misere);
        let moves: Vec<Vec<u64>> = winning_moves_under(a, b, misere).into_iter().map(|(x, y)| vec![x, y]).collect();
        let mut answer = Analysis::of_board(self, numbers, wins, None, moves, Method::ClosedForm);
        if misere {
            answer.explanation = vec![
                "Misère Wythoff (whoever takes the last object loses): the P-positions are Wythoff's (a_k, a_k + k) with a_k = floor(k φ), except that (0, 1), (1, 0) and (2, 2) replace (0, 0), (1, 2) and (2, 1); checked against exhaustive search.".into(),
                format!(
                    "So ({a}, {b}) is {}.",
                    if wins { "an N-position: the player to move wins" } else { "a P-position: the player to move loses" }
                ),
            ];
            answer.sg_note = Some("none (misère play)".into());
            return Ok(answer);
        }
        match Self::value_table(a, b, budget) {
            Ok(v) => answer.sg = Some(v),
            Err(e) => {
                answer.sg_note = Some(format!(
                    "not computed: Wythoff's values have no known closed form, and the table to ({a}, {b}) is past the budget ({e})"
                ))
            }
        }
        let (lo, hi) = (a.min(b), a.max(b));
        let k = hi - lo;
        let (ak, bk) = cold_pair(k);
        answer.explanation = vec![
            "Wythoff's theorem (Wythoff, 1907): the P-positions are (a_k, a_k + k) and their mirror images, where a_k = floor(k φ) and φ = (1 + √5) / 2; by Beatty's theorem every positive integer is exactly one a_k or one a_k + k.".into(),
            "Computed in integers: a_k = floor((k + isqrt(5 k²)) / 2).".into(),
            format!(
                "Here the heaps differ by k = {k}, and the P-position with that difference is ({ak}, {bk}), so ({a}, {b}) is {}.",
                if wins { "an N-position: the player to move wins" } else { "a P-position: the player to move loses" }
            ),
        ];
        if wins {
            answer.explanation.push(
                "Winning moves: take the same number from both heaps down to (a_k, a_k + k) when the smaller heap is above a_k; or keep one heap n and bring the other down to n's partner in its P-position, when that partner is smaller.".into(),
            );
        }
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for Wythoff {
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        use crate::rules::faces::{big_bar, button_row, row_label};
        let (a, b) = Self::pair(numbers);
        let mut s = Sketch::new();
        if a.max(b) <= 14 {
            // A quarter board: the queen at (a, b), the corner (0, 0) bottom left.
            // Cells a wide step across where the columns fit a phone's room (each 40 CSS px to
            // tap, issue 84), the heaps' names above and below the board rather than beside it.
            let cell = (300.0 / (a + 1) as f64).min(440.0 / (b + 1) as f64).min(crate::rules::faces::WIDE_STEP);
            let (x0, y0) = (24.0, 24.0);
            for x in 0..=a {
                for y in 0..=b {
                    let (px, py) = (x0 + x as f64 * cell, y0 + (b - y) as f64 * cell);
                    let reach = (y == b && x < a) || (x == a && y < b) || (x < a && a - x == b - y);
                    let t = if reach { crate::rules::board::checked(&mut s, self, numbers, vec![x, y]) } else { None };
                    let class = match (t.is_some(), (x + y) % 2 == 1) {
                        (true, _) => "cell reach",
                        (false, true) => "cell dark",
                        (false, false) => "cell",
                    };
                    let shape = s.rect(px, py, cell, cell, 0.0, class).makes(t);
                    if t.is_some() {
                        shape.title(format!("move the queen to ({x}, {y}): {}", self.describe(numbers, &[x, y])));
                    }
                }
            }
            let (qx, qy) = (x0 + (a as f64 + 0.5) * cell, y0 + (b as f64 + 0.5 - b as f64) * cell);
            s.circle(qx, qy, cell * 0.36, "queen").title(format!("the queen at ({a}, {b})"));
            s.text(qx, qy + 5.0, "Q", "queen-label", "middle");
            let bottom = y0 + (b + 1) as f64 * cell;
            s.text(x0 + cell / 2.0, bottom + 14.0, "0", "small", "middle");
            s.text(x0 - 6.0, bottom - cell / 2.0 + 4.0, "0", "small", "end");
            s.text(x0 + (a as f64 + 0.5) * cell, bottom + 14.0, &format!("heap 1 = {a}"), "label", "middle");
            s.text(x0, y0 - 8.0, &format!("heap 2 = {b}"), "label", "start");
            s.note(
                bottom + 32.0,
                "The queen moves left, down or diagonally down-left; whoever takes her to the corner (0, 0) wins.",
            );
            s.height = bottom + 40.0;
            return s;
        }
        let mut y = 4.0;
        for (i, v) in [a, b].into_iter().enumerate() {
            row_label(&mut s, y, &format!("heap {}", i + 1), &v.to_string());
            big_bar(&mut s, y, v, "objects");
            y += 28.0;
        }
        let mut offers = vec![];
        for (label, after) in [
            ("heap 1: take 1".to_string(), vec![a.saturating_sub(1), b]),
            ("heap 1: take all".to_string(), vec![0, b]),
            ("heap 2: take 1".to_string(), vec![a, b.saturating_sub(1)]),
            ("heap 2: take all".to_string(), vec![a, 0]),
            ("both: take 1".to_string(), vec![a.saturating_sub(1), b.saturating_sub(1)]),
            (format!("both: take {}", a.min(b)), vec![a - a.min(b), b - a.min(b)]),
        ] {
            let title = self.describe(numbers, &after);
            let t = crate::rules::board::checked(&mut s, self, numbers, after);
            offers.push((label, t, title));
        }
        y += button_row(&mut s, y, offers);
        // Every other move: what each heap keeps (the queen's new square).
        s.control(crate::rules::draw::Control {
            label: "move the queen to".into(),
            fields: vec![
                // Starting at a move: one step of the queen along the first heap that has one.
                crate::rules::draw::Field::new("heap 1 keeps", 0, a, a.saturating_sub(1)),
                crate::rules::draw::Field::new("heap 2 keeps", 0, b, if a > 0 { b } else { b.saturating_sub(1) }),
            ],
            form: crate::rules::draw::ControlForm::Leave { number: 0, width: 2 },
        });
        s.note(y + 12.0, "Other moves: type them in the move box ('1 3', 'both 2' or '1..2 -> 4 6').");
        s.height = y + 20.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_matches_the_golden_ratio_where_floats_are_exact() {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        for k in 0..100_000u64 {
            assert_eq!(lower(k), (k as f64 * phi).floor() as u128, "k = {k}");
        }
    }

    #[test]
    fn every_number_has_one_partner_and_partners_pair_up() {
        // Beatty: the lower and upper sequences cover every positive integer once.
        let mut seen = vec![0u8; 300_001];
        for k in 1..200_000u64 {
            let (a, b) = cold_pair(k);
            for x in [a, b] {
                if x <= 300_000 {
                    seen[x as usize] += 1;
                }
            }
        }
        assert!(seen[1..].iter().all(|&c| c == 1));
        for n in 0..300_000u64 {
            let p = partner(n) as u64;
            assert_eq!(partner(p), u128::from(n), "n = {n}");
            assert!(is_cold(n, p));
        }
        for n in [u64::MAX, u64::MAX - 1, 1 << 63, 10u64.pow(18), 123_456_789_012_345_678] {
            let p = partner(n);
            let (lo, hi) = (p.min(u128::from(n)), p.max(u128::from(n)));
            assert_eq!(lower((hi - lo) as u64), lo, "n = {n}");
            if let Ok(p) = u64::try_from(p) {
                assert_eq!(partner(p), u128::from(n));
            }
        }
    }

    #[test]
    fn floor_k_sqrt5_is_the_integer_square_root_of_5_k_squared() {
        let check = |k: u64| {
            let r = floor_k_sqrt5(k);
            // r² <= 5k² < (r + 1)², in 256 bits by halves: compare r² / 5 with k² exactly.
            let k2 = u128::from(k) * u128::from(k);
            let below = |x: u128| x.checked_mul(x).is_some_and(|sq| sq <= 5 * k2);
            if k < 1 << 62 {
                assert!(below(r) && !below(r + 1), "k = {k}");
            }
            assert!(r >= 2 * u128::from(k) && r < 3 * u128::from(k) + 1);
        };
        (0..100_000).for_each(check);
        for k in [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 62) - 1, 10u64.pow(18)] {
            check(k);
        }
        // Where 5 k² passes 128 bits the square root is checked by the defining inequality.
        let k = u128::from(u64::MAX);
        let y = floor_k_sqrt5(u64::MAX) - 2 * k;
        assert!(y * (4 * k + y) <= k * k && (y + 1) * (4 * k + y + 1) > k * k);
    }
}
