//! The classic rules (Bouton's theorem, K-Nim, the Bash game, K-L-Nim, "Alice and Bob"), as the
//! problem statements give them, each turned into a check against plain exhaustive search.
//!
//! Every claim is encoded as literally as its problem statement words it (in the claim's own
//! code, not through the engine's fast paths), and every position in the range is decided by
//! [`NaiveSolver`](crate::solve::naive::NaiveSolver), which knows nothing but the definition of P
//! and N positions. Positions are walked in [`position_order`](super::position_order), parameters in
//! increasing order for each position, so the first failure is the smallest counterexample.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::positions::{heap_multisets, limited_multisets, multiset_count};
use crate::engine::table::mex_table;
use crate::game::convention::{Convention, Player};
use crate::game::{Component, Position};
use crate::rules::board::numbers::kl::KlNim;
use crate::rules::board::{Board, Divisor};
use crate::rules::{MoveSet, Ruleset};
use crate::solve::naive::NaiveSolver;

/// The most positions one claim may check: the search is exhaustive, so larger ranges would run
/// for minutes or exhaust memory.
pub const MAX_POSITIONS: u128 = 200_000;

/// The largest n the divisor claim accepts (each n is searched by trying every divisor).
pub const MAX_DIVISOR_N: u64 = 50_000;

/// The range every claim is checked on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyRange {
    /// The largest heap size (H).
    pub max_heap: u64,
    /// The most heaps in a position (K).
    pub max_heaps: usize,
    /// The largest parameter: K of K-Nim, m of the Bash game, K and L of K-L-Nim, the per-heap
    /// limits.
    pub max_param: u64,
    /// The largest n of the divisor game.
    pub max_n: u64,
}

impl Default for VerifyRange {
    /// Small enough that every claim together runs in about a second in release mode.
    fn default() -> Self {
        VerifyRange { max_heap: 8, max_heaps: 4, max_param: 4, max_n: 3000 }
    }
}

/// Why a claim could not be checked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct VerifyError {
    message: String,
}

impl VerifyError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        VerifyError { message: message.into() }
    }
}

/// The smallest position where a claim and the truth differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counterexample {
    /// The game as `grundy analyze` names it, e.g. `kl:1,2`.
    pub game: String,
    /// The position as tokens `grundy analyze` reads (heap sizes, `HEAP/LIMIT`, or n).
    pub position: Vec<String>,
    /// What the claim says there.
    pub claim_says: String,
    /// What exhaustive search finds.
    pub truth: String,
    /// A command that shows the position with its winning moves.
    pub command: String,
}

/// What checking a claim is expected to show: most classic claims are theorems and hold; a few
/// are false as literally stated, and checking them is expected to find a counterexample.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "expected", rename_all = "lowercase")]
pub enum Expect {
    /// The claim holds on every range (in JSON `"expected": "holds"`).
    Holds,
    /// The claim is false as stated (in JSON `"expected": "false"` with `"expected_reason"`).
    False {
        /// Why it is false, and the corrected claim that holds.
        #[serde(rename = "expected_reason")]
        reason: &'static str,
    },
}

/// The result of checking one claim on its range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The claim's short name.
    pub name: &'static str,
    /// Where the rule comes from: a person, a theorem or a problem.
    pub source: &'static str,
    /// The claim in words.
    pub statement: &'static str,
    /// The positions and parameters it was checked on, in words.
    pub range: String,
    /// How many (position, parameters) cases were checked.
    pub checked: u64,
    /// How many of them the claim gets wrong.
    pub failures: u64,
    /// The smallest case it gets wrong, if any.
    pub counterexample: Option<Counterexample>,
    /// What the check was expected to show (the claim's [`Claim::expected`]).
    #[serde(flatten)]
    pub expected: Expect,
}

impl Verdict {
    /// Whether the claim held on every case checked.
    pub fn holds(&self) -> bool {
        self.failures == 0
    }

    /// Whether the check came out as expected: a claim expected to hold held, a claim known to
    /// be false as stated failed. Anything else is a surprise worth reporting.
    ///
    /// ```
    /// use grundy::verify::{find_claim, VerifyRange};
    /// let r = VerifyRange { max_heap: 4, max_heaps: 2, max_param: 3, max_n: 100 };
    /// let v = find_claim("kl-small-heaps").unwrap().check(&r).unwrap();
    /// assert!(!v.holds() && v.as_expected());
    /// ```
    pub fn as_expected(&self) -> bool {
        match self.expected {
            Expect::Holds => self.holds(),
            Expect::False { .. } => !self.holds(),
        }
    }
}

/// A built-in claim: a classic rule as the problem statement gives it, with its checker.
pub struct Claim {
    /// Short name used on the command line, e.g. `bouton`.
    pub name: &'static str,
    /// Where the rule comes from, e.g. `Bouton (1901)`.
    pub source: &'static str,
    /// The claim in words, as exactly as the problem statement gives it.
    pub statement: &'static str,
    /// Whether the claim holds, or is known to be false as stated (and why).
    pub expected: Expect,
    check: fn(&VerifyRange) -> Result<Tally, VerifyError>,
}

impl fmt::Debug for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Claim")
            .field("name", &self.name)
            .field("source", &self.source)
            .field("expected", &self.expected)
            .finish()
    }
}

impl Claim {
    /// Checks the claim on every case in `range`.
    ///
    /// ```
    /// use grundy::verify::{find_claim, VerifyRange};
    /// let r = VerifyRange { max_heap: 4, max_heaps: 3, max_param: 3, max_n: 100 };
    /// assert!(find_claim("bouton").unwrap().check(&r).unwrap().holds());
    /// let v = find_claim("kl-small-heaps").unwrap().check(&r).unwrap();
    /// assert_eq!(v.counterexample.unwrap().command, "grundy analyze kl:1,2 1");
    /// ```
    pub fn check(&self, range: &VerifyRange) -> Result<Verdict, VerifyError> {
        validate(range)?;
        let t = (self.check)(range)?;
        if t.checked == 0 {
            return Err(VerifyError::new(format!(
                "claim '{}' has no position in this range ({}): widen --max-heap or --max-param",
                self.name, t.range
            )));
        }
        Ok(Verdict {
            name: self.name,
            source: self.source,
            statement: self.statement,
            range: t.range,
            checked: t.checked,
            failures: t.failures,
            counterexample: t.first,
            expected: self.expected,
        })
    }
}

fn validate(r: &VerifyRange) -> Result<(), VerifyError> {
    let zero = |v: u64, flag: &str| {
        if v == 0 {
            Err(VerifyError::new(format!("{flag} must be at least 1, not 0")))
        } else {
            Ok(())
        }
    };
    zero(r.max_heap, "--max-heap")?;
    zero(r.max_heaps as u64, "--max-heaps")?;
    zero(r.max_param, "--max-param")?;
    if r.max_n < 2 {
        return Err(VerifyError::new(format!("--max-n must be at least 2, not {}", r.max_n)));
    }
    if r.max_n > MAX_DIVISOR_N {
        return Err(VerifyError::new(format!(
            "--max-n {} is too large for exhaustive search (at most {MAX_DIVISOR_N})",
            r.max_n
        )));
    }
    Ok(())
}

/// Counts the cases of one claim and keeps the first failure (the smallest, by the walk order).
struct Tally {
    range: String,
    checked: u64,
    failures: u64,
    first: Option<Counterexample>,
}

impl Tally {
    fn new(range: String) -> Self {
        Tally { range, checked: 0, failures: 0, first: None }
    }

    fn record(&mut self, ok: bool, counterexample: impl FnOnce() -> Counterexample) {
        self.checked += 1;
        if !ok {
            self.failures += 1;
            if self.first.is_none() {
                self.first = Some(counterexample());
            }
        }
    }
}

/// Every position of 1..=K heaps of sizes `lo..=H`, refused when there are too many to search.
fn positions(r: &VerifyRange, lo: u64) -> Result<Vec<Vec<u64>>, VerifyError> {
    let kinds = r.max_heap.saturating_sub(lo) + 1;
    guard(multiset_count(kinds, r.max_heaps))?;
    Ok(heap_multisets(r.max_heaps, lo, r.max_heap))
}

fn guard(count: Option<u128>) -> Result<(), VerifyError> {
    match count {
        Some(c) if c <= MAX_POSITIONS => Ok(()),
        _ => Err(VerifyError::new(format!(
            "the range has more than {MAX_POSITIONS} positions to search exhaustively: lower --max-heap or --max-heaps"
        ))),
    }
}

fn heaps_range(r: &VerifyRange, lo: u64) -> String {
    format!("1..{} heaps of {lo}..{}", r.max_heaps, r.max_heap)
}

fn tokens(heaps: &[u64]) -> Vec<String> {
    heaps.iter().map(u64::to_string).collect()
}

fn counterexample(game: &str, position: Vec<String>, flags: &str, says: String, truth: String) -> Counterexample {
    let command = format!("grundy analyze {game}{flags} {}", position.join(" "));
    Counterexample { game: game.to_string(), position, claim_says: says, truth, command }
}

fn sum_of(ruleset: &Ruleset, heaps: &[u64]) -> Position {
    Position::of_heaps(heaps.iter().map(|&h| Component::new(ruleset.clone(), h)).collect())
}

/// K-L-Nim's heaps, the game being the registry's `kl:K,L`.
fn kl(k: u64, l: u64, heaps: &[u64]) -> Position {
    Position::of_board(Board::new(KlNim { forbidden: [k, l] }), heaps.to_vec())
}

/// The divisor game's position n.
fn divisor_position(n: u64) -> Position {
    Position::of_board(Board::new(Divisor), vec![n])
}

fn xor(values: impl IntoIterator<Item = u64>) -> u64 {
    values.into_iter().fold(0, |a, b| a ^ b)
}

/// "N (the player to move wins)" or "P (...loses)", with the reason the claim gives.
fn outcome(wins: bool) -> &'static str {
    if wins {
        "N: the player to move wins"
    } else {
        "P: the player to move loses"
    }
}

fn kl_outcome(first_wins: bool) -> &'static str {
    if first_wins {
        "P1 (the first player, to move) wins"
    } else {
        "P2 (the second player) wins"
    }
}

/// How an outcome claim is judged and reported.
struct Judge {
    convention: Convention,
    /// Extra `grundy analyze` flags for the counterexample's command (e.g. " --misere").
    flags: &'static str,
    /// Words for "the player to move wins" (true) or loses (false).
    words: fn(bool) -> &'static str,
}

const NORMAL: Judge = Judge { convention: Convention::Normal, flags: "", words: outcome };

/// Checks a claim of the form "the player to move wins exactly when ...": for each case, `game`
/// gives the game's name, the position's tokens and the position, `says` what the claim
/// predicts for the player to move and why; exhaustive search gives the truth.
fn outcome_claim<C>(
    mut t: Tally,
    cases: impl IntoIterator<Item = C>,
    judge: Judge,
    game: impl Fn(&C) -> (String, Vec<String>, Position),
    says: impl Fn(&C) -> (bool, String),
) -> Tally {
    let mut solver = NaiveSolver::new();
    for case in cases {
        let (name, toks, position) = game(&case);
        let (claim, why) = says(&case);
        let truth = solver.wins(&position, judge.convention, Player::First);
        t.record(claim == truth, || {
            let said = if why.is_empty() {
                (judge.words)(claim).to_string()
            } else {
                format!("{} ({why})", (judge.words)(claim))
            };
            counterexample(&name, toks, judge.flags, said, (judge.words)(truth).into())
        });
    }
    t
}

#[allow(clippy::ptr_arg)] // it is the `game` of `outcome_claim` with cases of type Vec<u64>
fn nim_game(h: &Vec<u64>) -> (String, Vec<String>, Position) {
    ("nim".into(), tokens(h), sum_of(&Ruleset::nim(), h))
}

fn bouton(r: &VerifyRange) -> Result<Tally, VerifyError> {
    let t = Tally::new(format!("Nim, {}", heaps_range(r, 1)));
    Ok(outcome_claim(t, positions(r, 1)?, NORMAL, nim_game, |h| {
        let x = xor(h.iter().copied());
        (x != 0, format!("the XOR is {x}"))
    }))
}

fn describe_moves(moves: &[(usize, u64, u64)]) -> String {
    if moves.is_empty() {
        return "no winning move".into();
    }
    let list: Vec<String> = moves.iter().map(|&(i, from, to)| format!("heap {} {from} -> {to}", i + 1)).collect();
    format!("{} winning move{}: {}", moves.len(), if moves.len() == 1 { "" } else { "s" }, list.join(", "))
}

/// The winning moves of a Nim position by exhaustive search, as (heap index, from, to).
fn searched_nim_moves(solver: &mut NaiveSolver, heaps: &[u64]) -> Vec<(usize, u64, u64)> {
    let mut v: Vec<(usize, u64, u64)> = solver
        .winning_moves(&sum_of(&Ruleset::nim(), heaps), Convention::Normal, Player::First)
        .into_iter()
        .map(|m| (m.heap, heaps[m.heap], m.to[0]))
        .collect();
    v.sort_unstable();
    v
}

fn winning_move(r: &VerifyRange) -> Result<Tally, VerifyError> {
    let mut t = Tally::new(format!("Nim, {}, nim-sum not 0", heaps_range(r, 1)));
    let mut solver = NaiveSolver::new();
    for h in positions(r, 1)? {
        let ns = xor(h.iter().copied());
        if ns == 0 {
            continue; // The claim is about N-positions only.
        }
        // Bouton's theorem as the problem statement gives it: x = A_i - (NS xor A_i), for the
        // heaps where that is a positive number.
        let moves: Vec<(usize, u64)> =
            h.iter().enumerate().filter(|&(_, &a)| ns ^ a < a).map(|(i, &a)| (i, a - (ns ^ a))).collect();
        let mut bad: Option<(String, String)> = None;
        if moves.is_empty() {
            bad = Some(("some heap has NS xor A_i < A_i".into(), "no heap has".into()));
        }
        for &(i, x) in &moves {
            let mut next = h.clone();
            next[i] -= x;
            if solver.wins(&sum_of(&Ruleset::nim(), &next), Convention::Normal, Player::First) && bad.is_none() {
                bad = Some((
                    format!("taking x = {} - ({ns} xor {}) = {x} from heap {} leaves a P-position", h[i], h[i], i + 1),
                    format!("it leaves {:?}, an N-position", next),
                ));
            }
        }
        let ok = bad.is_none();
        t.record(ok, || {
            let (says, truth) = bad.unwrap_or_default();
            counterexample("nim", tokens(&h), "", says, truth)
        });
    }
    Ok(t)
}

fn one_per_heap(r: &VerifyRange) -> Result<Tally, VerifyError> {
    let mut t = Tally::new(format!("Nim, {}", heaps_range(r, 1)));
    let mut solver = NaiveSolver::new();
    for h in positions(r, 1)? {
        let moves = searched_nim_moves(&mut solver, &h);
        let mut per_heap: BTreeMap<usize, Vec<(usize, u64, u64)>> = BTreeMap::new();
        for m in &moves {
            per_heap.entry(m.0).or_default().push(*m);
        }
        let crowded = per_heap.values().find(|v| v.len() > 1).cloned();
        t.record(crowded.is_none(), || {
            let v = crowded.unwrap_or_default();
            counterexample(
                "nim",
                tokens(&h),
                "",
                "at most one winning move from each heap".into(),
                format!("heap {} has {}", v[0].0 + 1, describe_moves(&v)),
            )
        });
    }
    Ok(t)
}

fn move_count(r: &VerifyRange) -> Result<Tally, VerifyError> {
    let mut t = Tally::new(format!("Nim, {}", heaps_range(r, 1)));
    let mut solver = NaiveSolver::new();
    for h in positions(r, 1)? {
        let sum = xor(h.iter().copied());
        // The problem statement's fourth type: for each heap, res = x_i xor sum; res < x_i is a move.
        let claimed: Vec<(usize, u64, u64)> = if sum == 0 {
            vec![]
        } else {
            h.iter().enumerate().filter(|&(_, &a)| a ^ sum < a).map(|(i, &a)| (i, a, a ^ sum)).collect()
        };
        let searched = searched_nim_moves(&mut solver, &h);
        t.record(claimed == searched, || {
            counterexample("nim", tokens(&h), "", describe_moves(&claimed), describe_moves(&searched))
        });
    }
    Ok(t)
}

fn misere(r: &VerifyRange) -> Result<Tally, VerifyError> {
    let t = Tally::new(format!("misère Nim, {}", heaps_range(r, 1)));
    let judge = Judge { convention: Convention::Misere, flags: " --misere", words: outcome };
    Ok(outcome_claim(t, positions(r, 1)?, judge, nim_game, |h| {
        // The problem statement's second type, word for word: (1) every heap is 1 and there is an even number
        // of heaps; (2) some heap is above 1 and the XOR is not 0.
        let all_ones_even = h.iter().all(|&x| x == 1) && h.len() % 2 == 0;
        let big_nonzero = h.iter().any(|&x| x > 1) && xor(h.iter().copied()) != 0;
        (all_ones_even || big_nonzero, String::new())
    }))
}

/// The cases (heaps, parameter) for parameters 1..=P, position-major.
fn with_param(heaps: Vec<Vec<u64>>, max_param: u64) -> impl Iterator<Item = (Vec<u64>, u64)> {
    heaps.into_iter().flat_map(move |h| (1..=max_param).map(move |k| (h.clone(), k)))
}

fn k_nim(r: &VerifyRange) -> Result<Tally, VerifyError> {
    let t = Tally::new(format!("{}; K in 1..{}", heaps_range(r, 1), r.max_param));
    let game = |(h, k): &(Vec<u64>, u64)| (format!("bounded:{k}"), tokens(h), sum_of(&Ruleset::bounded(*k), h));
    Ok(outcome_claim(t, with_param(positions(r, 1)?, r.max_param), NORMAL, game, |(h, k)| {
        let rem: Vec<u64> = h.iter().map(|&x| x % (k + 1)).collect();
        let x = xor(rem.iter().copied());
        (x != 0, format!("the heaps mod {} are {rem:?}, XOR {x}", k + 1))
    }))
}

fn per_heap_limits(r: &VerifyRange) -> Result<Tally, VerifyError> {
    let kinds = r.max_heap.saturating_mul(r.max_param);
    guard(multiset_count(kinds, r.max_heaps))?;
    let t =
        Tally::new(format!("1..{} HEAP/LIMIT pairs, heaps 1..{}, limits 1..{}", r.max_heaps, r.max_heap, r.max_param));
    let game = |pairs: &Vec<(u64, u64)>| {
        let toks = pairs.iter().map(|(m, l)| format!("{m}/{l}")).collect();
        let position = Position::of_heaps(pairs.iter().map(|&(m, l)| Component::new(Ruleset::bounded(l), m)).collect());
        ("bounded".to_string(), toks, position)
    };
    let cases = limited_multisets(r.max_heaps, r.max_heap, r.max_param);
    Ok(outcome_claim(t, cases, NORMAL, game, |pairs| {
        // The problem statement's third type: m = m % (r + 1), then XOR.
        let x = xor(pairs.iter().map(|&(m, l)| m % (l + 1)));
        (x != 0, format!("XOR of m mod (r+1) is {x}"))
    }))
}

/// The largest single heap checked by the one-heap claims: H*K, the most objects any position
/// of the other claims holds; refused past `limit` (the cost grows with its square).
fn single_heap_top(r: &VerifyRange, limit: u64) -> Result<u64, VerifyError> {
    let top = r.max_heap.saturating_mul(r.max_heaps as u64);
    if top > limit {
        return Err(VerifyError::new(format!(
            "the single-heap range H*K = {top} is past {limit}: lower --max-heap or --max-heaps"
        )));
    }
    Ok(top)
}

fn bash(r: &VerifyRange) -> Result<Tally, VerifyError> {
    let top = single_heap_top(r, 100_000)?;
    let t = Tally::new(format!("one heap of 0..{top} (H*K); m in 1..{}", r.max_param));
    let cases = (0..=top).flat_map(|n| (1..=r.max_param).map(move |m| (n, m)));
    let game = |&(n, m): &(u64, u64)| (format!("bash:{m}"), tokens(&[n]), sum_of(&Ruleset::bash(m), &[n]));
    Ok(outcome_claim(t, cases, NORMAL, game, |&(n, m)| {
        (n % (m + 1) != 0, format!("{n} % {} = {}", m + 1, n % (m + 1)))
    }))
}

/// The K-L-Nim problem's K = L formula, case by case as written there.
fn kl_equal_formula(k: u64, x: u64) -> u64 {
    let (k, x) = (u128::from(k), u128::from(x));
    let r = x % (2 * k);
    let g = if r < k { x / (2 * k) * k + r } else { x / (2 * k) * k + r - k };
    g as u64 // never above x
}

fn kl_equal(r: &VerifyRange) -> Result<Tally, VerifyError> {
    let t = Tally::new(format!("{}; K = L in 1..{}", heaps_range(r, 1), r.max_param));
    let game = |(h, k): &(Vec<u64>, u64)| (format!("kl:{k},{k}"), tokens(h), kl(*k, *k, h));
    Ok(outcome_claim(t, with_param(positions(r, 1)?, r.max_param), NORMAL, game, |(h, k)| {
        let g: Vec<u64> = h.iter().map(|&x| kl_equal_formula(*k, x)).collect();
        let x = xor(g.iter().copied());
        (x != 0, format!("G = {g:?}, XOR {x}"))
    }))
}

fn kl_equal_sg(r: &VerifyRange) -> Result<Tally, VerifyError> {
    let top = single_heap_top(r, 20_000)?;
    let mut t = Tally::new(format!("one heap of 0..{top} (H*K); K = L in 1..{}", r.max_param));
    // The mex of the options' values, by the definition (K = L is the all-but-K game).
    let tables = (1..=r.max_param)
        .map(|k| MoveSet::new([k]).map(|set| mex_table(&Ruleset::all_but(set), top)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| VerifyError::new(e.to_string()))?;
    for x in 0..=top {
        for (k, values) in (1..).zip(&tables) {
            let (claim, truth) = (kl_equal_formula(k, x), values[x as usize]);
            t.record(claim == truth, || {
                let says = format!("G({x}) = {claim}");
                counterexample(&format!("kl:{k},{k}"), tokens(&[x]), "", says, format!("G({x}) = {truth}"))
            });
        }
    }
    Ok(t)
}

/// The (K, L) pairs with K != L in 1..=P and `keep(K, L)`.
fn kl_pairs(p: u64, keep: impl Fn(u64, u64) -> bool) -> Vec<(u64, u64)> {
    (1..=p).flat_map(|k| (1..=p).map(move |l| (k, l))).filter(|&(k, l)| k != l && keep(k, l)).collect()
}

/// A claim about K-L-Nim with K != L: `domain` says which (heaps, K, L) it is about, `says`
/// whether P1 (to move) wins by the claim, with the reason.
fn kl_claim(
    r: &VerifyRange,
    range: &str,
    keep: impl Fn(u64, u64) -> bool,
    domain: impl Fn(&[u64], u64, u64) -> bool,
    says: impl Fn(&[u64], u64, u64) -> (bool, String),
) -> Result<Tally, VerifyError> {
    let pairs = kl_pairs(r.max_param, keep);
    let t = Tally::new(format!("{}; K != L in 1..{}; {range}", heaps_range(r, 1), r.max_param));
    let cases = positions(r, 1)?.into_iter().flat_map(|h| {
        let mine: Vec<(Vec<u64>, u64, u64)> =
            pairs.iter().filter(|&&(k, l)| domain(&h, k, l)).map(|&(k, l)| (h.clone(), k, l)).collect();
        mine
    });
    let judge = Judge { convention: Convention::Normal, flags: "", words: kl_outcome };
    let game = |(h, k, l): &(Vec<u64>, u64, u64)| (format!("kl:{k},{l}"), tokens(h), kl(*k, *l, h));
    Ok(outcome_claim(t, cases, judge, game, |(h, k, l)| says(h, *k, *l)))
}

fn nim_says(h: &[u64]) -> (bool, String) {
    let x = xor(h.iter().copied());
    (x != 0, format!("ordinary Nim, XOR {x}"))
}

fn kl_small_heaps(r: &VerifyRange) -> Result<Tally, VerifyError> {
    kl_claim(
        r,
        "every heap <= min(K,L)",
        |_, _| true,
        |h, k, l| h.iter().all(|&x| x <= k.min(l)),
        |h, _, _| nim_says(h),
    )
}

fn kl_below_min(r: &VerifyRange) -> Result<Tally, VerifyError> {
    kl_claim(r, "every heap < min(K,L)", |_, _| true, |h, k, l| h.iter().all(|&x| x < k.min(l)), |h, _, _| nim_says(h))
}

fn kl_k_greater(r: &VerifyRange) -> Result<Tally, VerifyError> {
    kl_claim(
        r,
        "K > L, every heap > L",
        |k, l| k > l,
        |h, _, l| h.iter().all(|&x| x > l),
        |_, _, _| (true, "K > L".into()),
    )
}

/// Every legal first move of P1 (who may not take exactly K): the heaps after it.
fn p1_moves(h: &[u64], k: u64) -> Vec<Vec<u64>> {
    let mut out = vec![];
    for i in 0..h.len() {
        for take in (1..=h[i]).filter(|&t| t != k) {
            let mut next = h.to_vec();
            next[i] -= take;
            out.push(next);
        }
    }
    out
}

fn kl_k_less(r: &VerifyRange) -> Result<Tally, VerifyError> {
    kl_claim(
        r,
        "K < L, every heap > K",
        |k, l| k < l,
        |h, k, _| h.iter().all(|&x| x > k),
        |h, k, _| {
            // Read literally: max(x_1, ..., x_n) is of the position S before the move.
            let to_nim_p = p1_moves(h, k).iter().any(|n| xor(n.iter().copied()) == 0);
            let max = h.iter().copied().max().unwrap_or(0);
            let claim = to_nim_p && max < k;
            (
                claim,
                format!(
                    "a first move to a Nim P-position: {}; max heap {max} < K = {k}: {}",
                    yes(to_nim_p),
                    yes(max < k)
                ),
            )
        },
    )
}

fn kl_k_less_after(r: &VerifyRange) -> Result<Tally, VerifyError> {
    kl_claim(
        r,
        "K < L, every heap > K",
        |k, l| k < l,
        |h, k, _| h.iter().all(|&x| x > k),
        |h, k, _| {
            let good = p1_moves(h, k).into_iter().find(|n| xor(n.iter().copied()) == 0 && n.iter().all(|&x| x < k));
            match good {
                Some(n) => (true, format!("P1 can move to {n:?}, a Nim P-position with every heap below K = {k}")),
                None => (false, format!("no first move reaches a Nim P-position with every heap below K = {k}")),
            }
        },
    )
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// The exponents of n's prime factors, by trial division as in the problem statement's C++ solution.
fn exponents(mut n: u64) -> Vec<u32> {
    let mut out = vec![];
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            let mut e = 0;
            while n.is_multiple_of(p) {
                n /= p;
                e += 1;
            }
            out.push(e);
        }
        p += 1;
    }
    if n > 1 {
        out.push(1);
    }
    out
}

fn alice(wins: bool) -> &'static str {
    if wins {
        "Alice (to move) wins"
    } else {
        "Bob wins"
    }
}

fn divisor(r: &VerifyRange) -> Result<Tally, VerifyError> {
    let t = Tally::new(format!("n in 2..{} (1 < n, as the rule states)", r.max_n));
    let judge = Judge { convention: Convention::Misere, flags: " --misere", words: alice };
    let game = |&n: &u64| ("divisor".to_string(), tokens(&[n]), divisor_position(n));
    Ok(outcome_claim(t, 2..=r.max_n, judge, game, |&n| {
        let e = exponents(n);
        let sum = e.iter().fold(0, |a, &b| a ^ b);
        let flag = e.iter().any(|&x| x > 1);
        // The problem statement's program: Alice wins iff (!flag && !sum) || (flag && sum).
        ((!flag && sum == 0) || (flag && sum != 0), format!("exponents {e:?}"))
    }))
}

static CLAIMS: [Claim; 16] = [
    Claim {
        name: "bouton",
        source: "Bouton (1901)",
        statement: "Nim: a position is P (the player to move loses) exactly when the XOR of the heaps is 0 (Bouton's theorem).",
        expected: Expect::Holds,
        check: bouton,
    },
    Claim {
        name: "winning-move",
        source: "Bouton (1901)",
        statement: "Nim with nim-sum NS != 0: some heap has NS xor A_i < A_i, and taking x = A_i - (NS xor A_i) objects from any such heap leaves a P-position.",
        expected: Expect::Holds,
        check: winning_move,
    },
    Claim {
        name: "one-per-heap",
        source: "Bouton (1901)",
        statement: "Nim: no heap has more than one winning move (a P-position never moves to another P-position).",
        expected: Expect::Holds,
        check: one_per_heap,
    },
    Claim {
        name: "move-count",
        source: "Bouton (1901)",
        statement: "Nim: the winning first moves are exactly, for each heap with res = x_i xor sum < x_i, reducing it to res; so their number is the number of such heaps (0 when the sum is 0).",
        expected: Expect::Holds,
        check: move_count,
    },
    Claim {
        name: "misere",
        source: "Bouton (1901), misère play",
        statement: "Misère Nim (the last mover loses): the player to move wins exactly when every heap is 1 and there is an even number of heaps, or some heap is above 1 and the XOR is not 0.",
        expected: Expect::Holds,
        check: misere,
    },
    Claim {
        name: "k-nim",
        source: "Sprague-Grundy theorem",
        statement: "K-Nim (take 1..K per move): reduce each heap mod (K+1); the position is P exactly when the XOR of the remainders is 0.",
        expected: Expect::Holds,
        check: k_nim,
    },
    Claim {
        name: "per-heap-limits",
        source: "Sprague-Grundy theorem",
        statement: "Heap i of m_i objects, at most r_i taken from it per move: the position is P exactly when the XOR of m_i mod (r_i + 1) is 0.",
        expected: Expect::Holds,
        check: per_heap_limits,
    },
    Claim {
        name: "bash",
        source: "the Bash game problem",
        statement: "Bash game: one heap of n objects, take 1..m per move, the last to take wins: P exactly when n % (m+1) == 0.",
        expected: Expect::Holds,
        check: bash,
    },
    Claim {
        name: "kl-equal",
        source: "the K-L-Nim problem",
        statement: "K-L-Nim with K = L: heap x is worth G(x) = floor(x/2K)*K + x%2K when x%2K <= K-1, floor(x/2K)*K + x%2K - K when K <= x%2K <= 2K-1; the position is P exactly when the XOR of the heaps' G is 0.",
        expected: Expect::Holds,
        check: kl_equal,
    },
    Claim {
        name: "kl-equal-sg",
        source: "the K-L-Nim problem",
        statement: "K-L-Nim with K = L: the formula G(x) of kl-equal is a single heap's Sprague-Grundy value (the mex of its options' values).",
        expected: Expect::Holds,
        check: kl_equal_sg,
    },
    Claim {
        name: "kl-small-heaps",
        source: "the K-L-Nim problem",
        statement: "K-L-Nim with K != L (P1 may not take K, P2 not L, P1 moves first): when every heap is at most min(K,L) it is ordinary Nim (\"assume all x > min(K,L), otherwise it becomes ordinary Nim\").",
        expected: Expect::False {
            reason: "a heap of exactly min(K,L) is not ordinary Nim: only one player may take it whole (with K = 1, L = 2 and one heap of 1, P1 has no move and loses); the corrected claim, every heap below min(K,L), is kl-below-min",
        },
        check: kl_small_heaps,
    },
    Claim {
        name: "kl-below-min",
        source: "the K-L-Nim problem (corrected)",
        statement: "K-L-Nim with K != L: when every heap is below min(K,L) it is ordinary Nim (no one can ever take K or L); the corrected form of kl-small-heaps.",
        expected: Expect::Holds,
        check: kl_below_min,
    },
    Claim {
        name: "kl-k-greater",
        source: "the K-L-Nim problem",
        statement: "K-L-Nim with K > L and every heap above min(K,L) = L: the position is N, the first player P1 wins.",
        expected: Expect::Holds,
        check: kl_k_greater,
    },
    Claim {
        name: "kl-k-less",
        source: "the K-L-Nim problem",
        statement: "K-L-Nim with K < L and every heap above min(K,L) = K, read literally: P1 wins exactly when after P1's first move the rest is a P-position of ordinary Nim and max(x_1..x_n) < K (the heaps of S); otherwise P2 wins.",
        expected: Expect::False {
            reason: "read literally, max(x_1..x_n) < K contradicts every heap being above K, so the claim says P2 always wins, yet P1 often wins (with K = 1, L = 2 and one heap of 2, P1 takes both); the reading about the heaps after the move, kl-k-less-after, holds",
        },
        check: kl_k_less,
    },
    Claim {
        name: "kl-k-less-after",
        source: "the K-L-Nim problem",
        statement: "K-L-Nim with K < L and every heap above K, read as: P1 wins exactly when P1 has a first move (not taking K) to a P-position of ordinary Nim whose largest heap is below K; otherwise P2 wins.",
        expected: Expect::Holds,
        check: kl_k_less_after,
    },
    Claim {
        name: "divisor",
        source: "the \"Alice and Bob\" problem",
        statement: "Divisor game \"Alice and Bob\" (divide n by p^k, p prime; whoever makes n = 1 loses; 1 < n): with e_i the prime exponents of n, Alice (to move) wins exactly when every e_i is 1 and their XOR is 0, or some e_i > 1 and their XOR is not 0 (misère Nim on the exponents).",
        expected: Expect::Holds,
        check: divisor,
    },
];

/// Every built-in claim, in the order of the report.
pub fn claims() -> &'static [Claim] {
    &CLAIMS
}

/// The built-in claim called `name`.
pub fn find_claim(name: &str) -> Option<&'static Claim> {
    CLAIMS.iter().find(|c| c.name == name)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test
mod tests {
    use super::*;

    #[test]
    fn formula_matches_the_problem_table_for_k_2() {
        // K = 2: x = 0..8 -> 0 1 0 1 2 3 2 3 4
        let v: Vec<u64> = (0..9).map(|x| kl_equal_formula(2, x)).collect();
        assert_eq!(v, vec![0, 1, 0, 1, 2, 3, 2, 3, 4]);
    }

    #[test]
    fn exponents_by_trial_division() {
        assert_eq!(exponents(360), vec![3, 2, 1]);
        assert_eq!(exponents(97), vec![1]);
        assert_eq!(exponents(1), Vec::<u32>::new());
    }

    #[test]
    fn names_are_unique() {
        for (i, c) in CLAIMS.iter().enumerate() {
            assert!(CLAIMS[i + 1..].iter().all(|d| d.name != c.name), "{}", c.name);
        }
    }
}
