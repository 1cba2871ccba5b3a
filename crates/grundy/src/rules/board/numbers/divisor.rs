//! The divisor game (the problem "Alice and Bob"): a number n >= 1; a move divides n by a
//! prime power p^k that divides it (k >= 1); at n = 1 no move is left.
//!
//! The theory: write n = p1^e1 * p2^e2 * ... Dividing by p^k lowers the exponent of one prime
//! p by k, so the game is Nim on the exponents [e1, e2, ...] (n = 1 is the empty position):
//! Bouton's theorem under normal play and his misère rule under misère play decide it at any
//! size, after factorising n (`values/factor.rs`). The position is the one number `[n]`; the
//! plain rule (`options`, `check`) finds prime powers by trial division, so the exhaustive
//! solver built on it checks the theory without the factorisation.

use crate::error::AnalyzeError;
use crate::error::IllegalMove;
use crate::number::parse_u64;
use crate::rules::analysis::Analysis;
use crate::rules::board::BoardContext;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Players;
use crate::rules::board::{Board, BoardFamily};
use crate::rules::board::{Method, NimForm, Notation, PlayHelp, RulesCore, Theory};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use crate::rules::nim::{
    balance_sentences, misere_nim_explanation, misere_nim_winning_moves, misere_nim_wins, nim_sum, nim_winning_moves,
    BalanceTable, BalanceWords, ValueWords,
};
use crate::values::factor::factorize;

/// The divisor game in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [
    GameKind {
        spelling: "divisor",
        name: "the divisor game (\"Alice and Bob\")",
        a_move: "divide n by p^k (p prime, p^k divides n): Nim on the prime exponents. Not \"replace n by a proper divisor\" (AtCoder ABC 368F), where G(n) = Ω(n)",
        example_game: "divisor",
        example_position: "1000000000000000",
        heap_ruleset: false,
        move_syntax: "`D` divides n by D, a prime power that divides n; `-> M` leaves M",
        example_move: "8",
    },
];

/// Reads the divisor game's spelling (`divisor`); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "divisor").then(|| Ok(Board::new(Divisor)))
}

/// The divisor game (`divisor`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Divisor;

/// Whether `d` > 1 is a power of a prime, by trial division (the plain rule, no factoriser).
fn is_prime_power(d: u64) -> bool {
    let mut p = 2;
    while p * p <= d {
        if d.is_multiple_of(p) {
            let mut r = d;
            while r.is_multiple_of(p) {
                r /= p;
            }
            return r == 1;
        }
        p += 1;
    }
    d > 1
}

/// The prime-power divisors d of n (moves n -> n/d), smallest first.
fn prime_power_divisors(n: u64) -> Vec<u64> {
    let mut ds: Vec<u64> = factorize(n).into_iter().flat_map(|(p, e)| (1..=e).map(move |k| p.pow(k))).collect();
    ds.sort_unstable();
    ds
}

/// Checks that `d` is a prime power dividing `n`, the divisor game's moves.
fn check_divisor(n: u64, d: u64) -> Result<(), String> {
    if d <= 1 {
        return Err(format!("{d} is not a move: divide by a prime power p^k with k >= 1"));
    }
    if !n.is_multiple_of(d) {
        return Err(format!("{d} does not divide {n}"));
    }
    if factorize(d).len() != 1 {
        return Err(format!("{d} is not a power of a prime"));
    }
    Ok(())
}

/// n written as its prime powers, e.g. `2^2 * 3` (empty for n = 1).
fn written(factors: &[(u64, u32)]) -> String {
    factors
        .iter()
        .map(|&(p, e)| if e == 1 { p.to_string() } else { format!("{p}^{e}") })
        .collect::<Vec<_>>()
        .join(" * ")
}

/// n's number, or 1 for a position that holds none.
fn n_of(numbers: &[u64]) -> u64 {
    numbers.first().copied().unwrap_or(1).max(1)
}

impl RulesCore for Divisor {
    fn words(&self) -> Words {
        Words::new(
            "divisor",
            Players::Impartial,
            "A move divides n by a prime power p^k that divides it; at n = 1 no move is left.",
            "Type a prime power that divides n (e.g. '4' divides by 4), or '-> M' to leave M",
        )
        // Nim on the exponents of n's prime factorisation: a winning move lowers one.
        .with_values(ValueWords {
            label: "Prime exponents",
            balance: BalanceWords {
                title: "Binary balance table of the prime exponents",
                rows: "exponents",
                row: "exponent",
                moves: "lower",
            },
        })
        // n is a number to read (its prime powers), not a pile.
        .with_piles(0)
        .with_names(NumberNames { first: &[], then: &["n"], last: None })
    }

    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let n = n_of(numbers);
        (2..=n).filter(|d| n.is_multiple_of(*d) && is_prime_power(*d)).map(|d| vec![n / d]).collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        let n = n_of(numbers);
        let [m] = after[..] else {
            return Err("a move of the divisor game leaves one number".into());
        };
        if m == 0 || !n.is_multiple_of(m) || m == n {
            return Err(format!("{n} cannot become {m}: divide it by a prime power that divides it").into());
        }
        Ok(check_divisor(n, n / m)?)
    }
}

impl Notation for Divisor {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let token = match tokens {
            [] => return Err("the position is empty: give the number n".into()),
            [token] => token,
            _ => return Err(format!("the divisor game takes one number n, not {}", tokens.len())),
        };
        let n = parse_u64(token, "n")?;
        if n == 0 {
            return Err("n must be at least 1 in the divisor game, not 0".into());
        }
        Ok(vec![n])
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let n = n_of(numbers);
        let m = after.first().copied().unwrap_or(1).max(1);
        let d = n / m;
        match factorize(d).as_slice() {
            [(p, k)] => format!("divide by {p}^{k} = {d} ({n} -> {m})"),
            _ => format!("divide by {d} ({n} -> {m})"),
        }
    }

    /// `D` (or `divide by D`) divides n by D; `-> M` leaves M. `1 -> M` is the general form,
    /// read by the caller.
    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let n = n_of(numbers);
        let t = text.trim().trim_start_matches("divide by").trim();
        if let Some(rest) = t.strip_prefix("->") {
            return Some(parse_u64(rest.trim(), "the number left").map(|m| vec![m]));
        }
        if let Some((h, _)) = t.split_once("->") {
            // `1 -> M` is the general form, read by the caller; n is number 1, the only one.
            return match parse_u64(h.trim(), "the number moved") {
                Ok(k) if k != 1 => Some(Err("the divisor game has only the number n to move in".into())),
                _ => None,
            };
        }
        Some(parse_u64(t, "the divisor").and_then(|d| check_divisor(n, d).map(|()| vec![n / d])))
    }

    /// n with its prime powers, one line of words (a row without a label), since n is read
    /// rather than counted.
    fn rows(&self, numbers: &[u64]) -> Option<Vec<(String, String)>> {
        let n = n_of(numbers);
        let factors = factorize(n);
        let line = format!("n = {n} = {}", if factors.is_empty() { "1".to_string() } else { written(&factors) });
        Some(vec![(String::new(), line)])
    }
}

impl PlayHelp for Divisor {
    fn random_move(&self, numbers: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let n = n_of(numbers);
        let ds = prime_power_divisors(n);
        let d = *ds.get(below(ds.len().max(1) as u64) as usize)?;
        Some(vec![n / d])
    }

    /// n from 2 to 5000: a few prime factors, each with a small exponent.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        vec![(2 + below(4999)).to_string()]
    }
}

impl Theory for Divisor {
    /// Nim on the exponents: Bouton's theorem, or his misère rule. Exact at any size.
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let misere = context.misere;
        let n = n_of(numbers);
        let factors = factorize(n);
        let exps: Vec<u64> = factors.iter().map(|&(_, e)| u64::from(e)).collect();
        let shown = if factors.is_empty() { "1 (no prime factors)".to_string() } else { written(&factors) };
        let mut explanation = vec![
            format!("n = {n} = {shown}."),
            format!(
                "Dividing by p^k lowers the exponent of one prime p by k, so the game is Nim on the exponents [{}]; n = 1 is the position with no move.",
                exps.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
            ),
        ];
        let table = BalanceTable::new(&exps);
        let (wins, value, moves, method) = if misere {
            explanation.push(
                "Misère: whoever makes n equal to 1 makes the last move and loses (the problem \"Alice and Bob\")."
                    .into(),
            );
            explanation.extend(misere_nim_explanation(&exps, "exponent"));
            (misere_nim_wins(&exps), None, misere_nim_winning_moves(&exps), Method::MisereRule)
        } else {
            let x = nim_sum(&exps);
            explanation.extend(table.render_lines());
            explanation.extend(balance_sentences(&table, "exponents", true));
            (x != 0, Some(x), nim_winning_moves(&exps), Method::ClosedForm)
        };
        // A move on the exponents, as the number it leaves.
        let winning: Vec<Vec<u64>> = moves
            .into_iter()
            .filter_map(|(i, to)| {
                let &(p, e) = factors.get(i)?;
                Some(vec![n / p.checked_pow(e.checked_sub(u32::try_from(to).ok()?)?)?])
            })
            .collect();
        let mut answer = Analysis::of_board(self, numbers, wins, value, winning, method);
        answer.explanation = explanation;
        answer.balance = Some(table);
        answer.heap_values = Some(exps);
        Ok(answer)
    }

    /// The exponents of n, factorised once; a move back divides n by the prime's power.
    fn as_nim(&self, numbers: &[u64]) -> Option<NimForm> {
        let n = n_of(numbers);
        let factors = factorize(n);
        let heaps = factors.iter().map(|&(_, e)| u64::from(e)).collect();
        Some(NimForm::new(heaps, move |heap, left| {
            let &(p, e) = factors.get(heap)?;
            let divisor = p.checked_pow(e.checked_sub(u32::try_from(left).ok()?)?)?;
            Some(vec![n / divisor])
        }))
    }
}

#[cfg(feature = "draw")]
impl Face for Divisor {
    /// n with its prime factorisation, and a button for each prime power that divides it (at
    /// most 63 in all).
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        use crate::rules::faces::{ROW_X, WIDE_STEP};
        let n = n_of(numbers);
        let mut s = Sketch::new();
        s.text(8.0, 22.0, &format!("n = {n}"), "num", "start");
        let factors = factorize(n);
        let shown: Vec<String> =
            factors.iter().map(|&(p, k)| if k == 1 { p.to_string() } else { format!("{p}^{k}") }).collect();
        if !shown.is_empty() {
            s.text(8.0, 42.0, &format!("= {}", shown.join(" · ")), "label", "start");
        } else {
            s.text(8.0, 42.0, "n = 1 has no prime power left to divide by", "label", "start");
        }
        let mut y = 54.0;
        for &(p, k) in &factors {
            s.text(8.0, y + 15.5, &format!("by {p}^i:"), "small", "start");
            let mut x = ROW_X;
            let mut d = 1u64;
            for i in 1..=k {
                d = d.saturating_mul(p);
                let label = if i == 1 { format!("÷ {p}") } else { format!("÷ {p}^{i}") };
                let width = crate::rules::draw::button_width(&label);
                if x + width > crate::rules::faces::ROW_END {
                    x = ROW_X;
                    y += WIDE_STEP;
                }
                let t = s.target(vec![n / d], Some(format!("divide by {d}")));
                x += s.button(x, y, &label, t, &format!("divide by {p}^{i} = {d} ({n} -> {})", n / d)) + 6.0;
            }
            // Lines of buttons a wide step apart, so that each is 40 CSS px high on a phone.
            y += WIDE_STEP;
        }
        s.height = y - 12.0;
        s
    }
}
