//! The multiplication game (HDU 1517 and UVa 847, "A Multiplication Game"): a number p starts
//! at 1; the players in turn multiply it by an integer from 2 to 9; whoever first makes
//! p >= N wins.
//!
//! A position is written `N` (the start, p = 1) or `N/P` (the target N and the product P so
//! far, 1 <= P <= N; `N/N` is a finished game). Inside, `[N]` and `[N, P]`, so that each
//! written form reads back to itself. A product at least N is kept as N: the game is over
//! either way, and so the product stays within 64 bits (it is computed in 128). Every
//! multiplier that reaches N leaves the same position, so they are one move.
//!
//! ## The theory
//!
//! Only r = ceil(N / p) matters: the least factor that still reaches N. Multiplying by m leaves
//! ceil(N / (p m)) = ceil(r / m), and r = 1 means N is reached. By induction on k >= 0:
//!
//! - if 9 * 18^k < r <= 18^(k+1), the player to move loses: every m in 2..=9 leaves
//!   ceil(r / m) between ceil(r / 9) > 18^k and ceil(r / 2) <= 9 * 18^k;
//! - if 18^k < r <= 9 * 18^k, the player to move wins: for k = 0 by reaching N at once, and
//!   otherwise by m = ceil(r / 18^k) (from 2 to 9), which leaves r / m <= 18^k and
//!   r / m > 18^k r / (r + 18^k) > 9 * 18^(k-1), a losing position for the opponent.
//!
//! That is the known solution that divides N by 18 and by 9 in turn. Misère (whoever reaches N
//! loses): the player to move loses exactly when 18^k < r <= 2 * 18^k (every m leaves
//! ceil(r / m) in (2 * 18^(k-1), 18^k], or reaches N when r = 2), and wins by
//! m = ceil(r / (2 * 18^k)) when 2 * 18^k < r <= 18^(k+1); at r = 1 the opponent has reached
//! N and lost. The winning multipliers are found by testing each of the 8 against the rule.
//!
//! The Sprague-Grundy value is exact at every size: every position reachable from r is
//! ceil(r / q) for a product q of multipliers, q = 2^a 3^b 5^c 7^d < r, and there are fewer than
//! 70,000 such q below 2^64, so the mex is taken over every one of them. Every claim is checked
//! in `tests/library/multiplication.rs` against the plain exhaustive solver on every small position.

use crate::error::IllegalMove;
use crate::error::{AnalyzeError, GaveUp, Work};
use crate::number::parse_u64;
use crate::rules::analysis::Analysis;
use crate::rules::board::BoardContext;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Players;
use crate::rules::board::{Board, BoardFamily};
use crate::rules::board::{Method, Notation, PlayHelp, RulesCore, Theory};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

/// The multiplication game in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "multiplication",
    name: "the multiplication game",
    a_move: "multiply p (from 1) by 2 to 9; whoever first makes p at least N wins",
    example_game: "multiplication",
    example_position: "162",
    heap_ruleset: false,
    move_syntax: "`times M` (or just `M`) multiplies p by M, from 2 to 9",
    example_move: "times 9",
}];

/// Reads the multiplication game's spelling (`multiplication`); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "multiplication").then(|| Ok(Board::new(Multiplication)))
}

/// The multiplication game (`multiplication`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Multiplication;

/// The multipliers a move may use.
pub const MULTIPLIERS: std::ops::RangeInclusive<u64> = 2..=9;

/// The target and the product so far: `[N]` is the start (p = 1).
pub fn target_and_product(numbers: &[u64]) -> (u64, u64) {
    match numbers {
        [] => (0, 1),
        [n] => (*n, 1),
        [n, p, ..] => (*n, (*p).max(1)),
    }
}

/// ceil(n / p): the least factor that still reaches the target (1 when it is reached).
pub fn factor_needed(n: u64, p: u64) -> u64 {
    let p = p.max(1);
    n.div_ceil(p).max(1)
}

/// Whether the player to move wins with `r` = ceil(N / p) still needed, under normal play
/// (`misere`: whoever reaches N loses).
///
/// ```
/// use grundy::rules::board::numbers::multiplication::wins;
/// // HDU 1517: N = 162 and 34012226 are the first player's, 17 the second's.
/// assert!(wins(162, false) && !wins(17, false) && wins(34_012_226, false));
/// assert!(!wins(1, false) && wins(1, true) && !wins(2, true));
/// ```
pub fn wins(r: u64, misere: bool) -> bool {
    if r <= 1 {
        return misere;
    }
    let r = u128::from(r);
    // The k with 18^k < r <= 18^(k+1).
    let mut q: u128 = 1;
    while 18 * q < r {
        q *= 18;
    }
    if misere {
        r > 2 * q
    } else {
        r <= 9 * q
    }
}

/// The interval (lo, hi] of r holding `r` in the rule, with whether it is won, for the
/// explanation.
fn interval(r: u64, misere: bool) -> (u128, u128, String) {
    let r = u128::from(r);
    let mut q: u128 = 1;
    while 18 * q < r {
        q *= 18;
    }
    let (split, split_name) = if misere { (2 * q, "2 * 18^k") } else { (9 * q, "9 * 18^k") };
    let k = (0..).find(|&k| 18u128.pow(k) == q).unwrap_or(0);
    if r <= split {
        (q, split, format!("(18^k, {split_name}] with k = {k}"))
    } else {
        (split, 18 * q, format!("({split_name}, 18^(k+1)] with k = {k}"))
    }
}

impl Multiplication {
    /// The position multiplying by `m` leaves: the product p m, kept at most N.
    fn times(n: u64, p: u64, m: u64) -> Vec<u64> {
        let q = (u128::from(p) * u128::from(m)).min(u128::from(n)) as u64;
        vec![n, q]
    }

    /// The multipliers that lead from `numbers` to `after`.
    fn multipliers(numbers: &[u64], after: &[u64]) -> Vec<u64> {
        let (n, p) = target_and_product(numbers);
        MULTIPLIERS.filter(|&m| Self::times(n, p, m) == after).collect()
    }

    /// The Sprague-Grundy value at r = ceil(N / p), by the mex over every position reachable
    /// from it (ceil(r / q) for every product q of multipliers below r), or `GaveUp` when those
    /// positions number more than `budget`.
    fn value(r: u64, budget: u64) -> Result<u64, GaveUp> {
        let r128 = u128::from(r);
        let mut states: Vec<u64> = vec![1];
        // q = 2^a 3^b 5^c 7^d < r: fewer than 70,000 for any r below 2^64.
        let mut q7: u128 = 1;
        while q7 < r128 {
            let mut q5 = q7;
            while q5 < r128 {
                let mut q3 = q5;
                while q3 < r128 {
                    let mut q2 = q3;
                    while q2 < r128 {
                        states.push(r128.div_ceil(q2) as u64);
                        q2 *= 2;
                    }
                    q3 *= 3;
                }
                q5 *= 5;
            }
            q7 *= 7;
        }
        states.sort_unstable();
        states.dedup();
        let cap = Work::PositionsSearched.clamp(budget);
        if states.len() as u64 > cap {
            return Err(GaveUp { what: Work::PositionsSearched, used: budget, needed: Some(states.len() as u64) });
        }
        let mut values = vec![0u8; states.len()];
        for i in 1..states.len() {
            let v = states.get(i).copied().unwrap_or(1);
            let mut seen = [false; 10];
            for m in MULTIPLIERS {
                // Every option of a reachable position is reachable, and smaller, so its value is
                // already known.
                if let Ok(j) = states.binary_search(&v.div_ceil(m)) {
                    if let Some(s) = seen.get_mut(values.get(j).copied().unwrap_or(0) as usize) {
                        *s = true;
                    }
                }
            }
            if let Some(cell) = values.get_mut(i) {
                *cell = seen.iter().position(|s| !s).unwrap_or(9) as u8;
            }
        }
        Ok(u64::from(values.last().copied().unwrap_or(0)))
    }

    fn list(ms: &[u64]) -> String {
        match ms {
            [m] => m.to_string(),
            [first, .., last] if last - first + 1 == ms.len() as u64 => format!("{first} to {last}"),
            _ => ms.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
        }
    }
}

impl RulesCore for Multiplication {
    fn words(&self) -> Words {
        Words::new(
            "multiplication",
            Players::Impartial,
            "The multiplication game: p starts at 1; a move multiplies p by an integer from 2 to 9; whoever first makes p at least the target N wins.",
            "Type 'times 9' or just '9' (multiply p by 9)",
        )
        // The numbers are a target and a product, not piles.
        .with_piles(0)
        .with_names(NumberNames { first: &["target"], then: &["product"], last: None })
    }

    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let (n, p) = target_and_product(numbers);
        if p >= n {
            return vec![];
        }
        let mut out: Vec<Vec<u64>> = MULTIPLIERS.map(|m| Self::times(n, p, m)).collect();
        // Every multiplier that reaches N leaves the same position: one move.
        out.dedup();
        out
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        let (n, p) = target_and_product(numbers);
        let [m, q] = after[..] else {
            return Err("a move leaves the target and the new product (two numbers)".into());
        };
        if m != n {
            return Err(format!("the target stays {n}; a move changes only the product").into());
        }
        if p >= n {
            return Err(format!("the game is over: the product {p} has reached the target {n}").into());
        }
        if Self::multipliers(numbers, after).is_empty() {
            return Err(if q == n {
                format!("no multiplier from 2 to 9 takes {p} to the target {n}")
            } else {
                format!("{p} cannot become {q}: multiply it by 2 to 9")
            }
            .into());
        }
        Ok(())
    }
}

impl Notation for Multiplication {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        if tokens.is_empty() {
            return Err("the position is empty: give the target, N (p = 1) or N/P (the product so far)".into());
        }
        let [token] = tokens else {
            return Err(format!(
                "multiplication takes one number, written N (the target, p = 1) or N/P (the target and the product so far), not {}",
                tokens.len()
            ));
        };
        let (target, product) = match token.split_once('/') {
            Some((n, p)) => (n, Some(p)),
            None => (*token, None),
        };
        let n = parse_u64(target, "the target")?;
        if n < 2 {
            return Err(format!("the target must be at least 2, not {n}: p starts at 1, which already reaches it"));
        }
        let Some(product) = product else { return Ok(vec![n]) };
        let p = parse_u64(product, "the product")?;
        if p == 0 {
            return Err(format!("{token}: the product is at least 1 (p starts at 1)"));
        }
        if p > n {
            return Err(format!(
                "{token}: a product of at least the target {n} ends the game and is written {n}/{n}, not {n}/{p}"
            ));
        }
        Ok(vec![n, p])
    }

    fn tokens(&self, numbers: &[u64]) -> Vec<String> {
        match numbers {
            [n] => vec![n.to_string()],
            _ => {
                let (n, p) = target_and_product(numbers);
                vec![format!("{n}/{p}")]
            }
        }
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let (n, p) = target_and_product(numbers);
        let ms = Self::multipliers(numbers, after);
        let (_, q) = target_and_product(after);
        match ms[..] {
            [m] if q < n => format!("multiply by {m} ({p} -> {q})"),
            [m] => format!("multiply by {m} ({p} -> {}, reaching the target {n})", u128::from(p) * u128::from(m)),
            _ => format!("multiply by any of {} ({p} -> at least {n}, reaching the target)", Self::list(&ms)),
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let (n, p) = target_and_product(numbers);
        let words: Vec<&str> = text.split_whitespace().collect();
        let m = match words[..] {
            // `x9` and `*9` as well as `9`.
            [m] => m.strip_prefix(['x', '*']).unwrap_or(m),
            ["times", m] | ["x", m] | ["*", m] | ["multiply", "by", m] | ["by", m] => m,
            _ => return None,
        };
        Some(parse_u64(m, "the multiplier").and_then(|m| {
            if p >= n {
                Err(format!("the game is over: the product {p} has reached the target {n}"))
            } else if MULTIPLIERS.contains(&m) {
                Ok(Self::times(n, p, m))
            } else {
                Err(format!("multiply by 2 to 9, not {m}"))
            }
        }))
    }
}

impl PlayHelp for Multiplication {
    fn random_move(&self, numbers: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let (n, p) = target_and_product(numbers);
        (p < n).then(|| Self::times(n, p, 2 + below(8)))
    }

    /// The start of a game: a target N from 10 to 1000.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        vec![(10 + below(991)).to_string()]
    }
}

impl Theory for Multiplication {
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let (misere, budget) = (context.misere, context.budget);
        let (n, p) = target_and_product(numbers);
        let r = factor_needed(n, p);
        let won = wins(r, misere);
        let mut winning: Vec<Vec<u64>> = Vec::new();
        let mut winners: Vec<u64> = Vec::new();
        if r > 1 {
            for m in MULTIPLIERS {
                if !wins(r.div_ceil(m), misere) {
                    winners.push(m);
                    let after = Self::times(n, p, m);
                    if winning.last() != Some(&after) {
                        winning.push(after);
                    }
                }
            }
        }
        let mut answer = Analysis::of_board(self, numbers, won, None, winning, Method::ClosedForm);
        let mut explanation = vec![
            "The multiplication game (HDU 1517, \"A Multiplication Game\"): only r = ceil(N / p) matters, the least factor that still reaches N; multiplying by m leaves ceil(r / m), and r = 1 means N is reached.".to_string(),
            if misere {
                "Misère (whoever reaches N loses), by induction on k: the player to move loses exactly when 18^k < r <= 2 * 18^k (every multiplier leaves ceil(r / m) in (2 * 18^(k-1), 18^k], or reaches N from r = 2), and wins when 2 * 18^k < r <= 18^(k+1), by m = ceil(r / (2 * 18^k)); at r = 1 the opponent reached N and lost.".to_string()
            } else {
                "By induction on k (the known solution that divides N by 18 and 9 in turn): the player to move wins exactly when 18^k < r <= 9 * 18^k for some k >= 0 (reach N at once when r <= 9, else multiply by m = ceil(r / 18^k), leaving ceil(r / m) in (9 * 18^(k-1), 18^k]), and loses when 9 * 18^k < r <= 18^(k+1) (every multiplier leaves ceil(r / m) in (18^k, 9 * 18^k]).".to_string()
            },
        ];
        if r <= 1 {
            explanation.push(format!(
                "Here the product {p} has reached the target {n}: the game is over, and the player to move {}.",
                if misere { "wins (the opponent reached it)" } else { "has lost" }
            ));
        } else {
            let (_, _, words) = interval(r, misere);
            explanation.push(format!(
                "Here N = {n} and p = {p}, so r = {r}, which lies in {words}: the player to move {}.",
                if won { "wins" } else { "loses" }
            ));
            if won {
                explanation.push(format!("The winning multipliers: {}.", Self::list(&winners)));
            }
        }
        if !misere {
            match Self::value(r, budget) {
                Ok(v) => {
                    answer.sg = Some(v);
                    explanation.push(format!(
                        "Its Sprague-Grundy value is {v}, the mex over every position reachable from r (ceil(r / q) for every product q of multipliers below r)."
                    ));
                }
                Err(e) => {
                    answer.sg_note =
                        Some(format!("not computed: the positions reachable from r = {r} are past the budget ({e})"))
                }
            }
        }
        answer.explanation = explanation;
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for Multiplication {
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        use crate::rules::faces::button_row;
        let (n, p) = target_and_product(numbers);
        let mut s = Sketch::new();
        // The running product on a line from 1 to N, in proportion to the logarithm: a line
        // that a phone shows whole with N at its end (not the full width of a drawing), as
        // long as a line of buttons (issue 84: to 400 it made the drawing 1.1 phones wide).
        let (x0, x1, y) = (20.0, crate::rules::faces::ROW_END, 34.0);
        let ln = |v: u64| (v.max(1) as f64).ln();
        let at = |v: u64| if n <= 1 { x1 } else { x0 + (x1 - x0) * (ln(v.min(n)) / ln(n)).clamp(0.0, 1.0) };
        s.line(x0, y, x1, y, "edge");
        s.rect(x0, y - 6.0, (at(p) - x0).max(1.0), 12.0, 2.0, "bar").title(format!("p = {p}"));
        s.text(x0, y - 12.0, "1", "small", "middle");
        s.text(x1, y - 12.0, &format!("N = {n}"), "label", "end");
        s.text(x0, y + 24.0, &format!("p = {p}: multiply by 2 to 9;"), "label", "start");
        s.text(x0, y + 42.0, &format!("the first to make p at least {n} wins."), "label", "start");
        let mut offers = vec![];
        for k in 2..=9u64 {
            let words = format!("times {k}");
            let t = crate::rules::board::worded(&mut s, self, numbers, words.clone());
            offers.push((format!("× {k}"), t, format!("multiply p by {k}: {}", p.saturating_mul(k))));
        }
        let h = button_row(&mut s, y + 54.0, offers);
        s.height = y + 58.0 + h;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_matches_a_plain_search_on_r() {
        // Outcomes of r by the definition, r = 1 first.
        for misere in [false, true] {
            let mut won = vec![misere];
            for r in 2..20_000u64 {
                let w = MULTIPLIERS.clone().any(|m| !won[(r.div_ceil(m) - 1) as usize]);
                won.push(w);
                assert_eq!(wins(r, misere), w, "r = {r}, misère {misere}");
            }
        }
        assert!(wins(u64::MAX, false) == (u128::from(u64::MAX) <= 9 * 18u128.pow(15)));
    }

    #[test]
    fn values_are_the_mex_of_the_options() {
        let mut g = vec![0u64];
        for r in 2..3000u64 {
            let seen: Vec<u64> = MULTIPLIERS.map(|m| g[(r.div_ceil(m) - 1) as usize]).collect();
            let v = (0..).find(|v| !seen.contains(v)).unwrap();
            g.push(v);
            assert_eq!(Multiplication::value(r, 1 << 20).unwrap(), v, "r = {r}");
        }
        assert!(Multiplication::value(u64::MAX, 1 << 20).is_ok());
        assert!(Multiplication::value(u64::MAX, 100).is_err());
    }
}
