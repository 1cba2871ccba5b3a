//! Fibonacci Nim (Whinihan, 1963) and its K-multiple form (Schwenk, 1970): one heap of n; the
//! first move takes 1 to n - 1 objects (not the whole heap); every later move takes at least 1
//! and at most K times what the move before it took (K = 2 for Fibonacci Nim); whoever takes the
//! last object wins.
//!
//! A position is written `N` (the start: the next move may take 1 to N - 1) or `N/L` (a heap of
//! N from which the next move may take at most L, 1 <= L <= N; `0/0` once the heap is empty).
//! Inside, the start is the one number `[N]` and a position after a move the two numbers
//! `[N, L]`, so that each written form reads back to itself: `tokens` writes `N` for `[N]` and
//! `N/L` for `[N, L]`, and a move from the start writes `N/L`. A limit past the heap is no
//! different from the whole heap, so after a move the limit is kept at most the heap
//! (min(K x, what is left)).
//!
//! ## The theory
//!
//! Let a_0 = 1 and a_{i+1} = a_i + t_i, where t_i is the smallest term with K t_i >= a_i
//! (K = 2: 1, 2, 3, 5, 8, 13, ..., the Fibonacci numbers). This is the construction of HDU 2486
//! ("A simple stone game"), where a[i] = b[i-1] + 1 and b[i] is the largest sum of terms whose
//! largest is a[i] and each next one is less than 1/K of the one before: b[i] = a[i] + b[j]
//! for the largest j with K a[j] < a[i] (b[i] = a[i] when there is none), and b[j] + 1 is the
//! next term a[j+1], the smallest term t with K t >= a[i]. Every n >= 1 is, in exactly one way,
//! a sum of terms p_1 > p_2 > ... > p_r with p_j > K p_{j+1} (the greedy sum: the largest term
//! that fits, again and again; for K = 2 this is Zeckendorf's theorem). Write s(n) = p_r, the
//! smallest part.
//!
//! 1. The player to move at (n, L), n >= 1, wins exactly when s(n) <= L (Whinihan for K = 2,
//!    Schwenk for every K). Taking s(n) leaves n - s(n), whose smallest part p_{r-1} is more
//!    than K s(n), so the opponent cannot take it; any take x < s(m) from a heap m leaves a
//!    heap whose smallest part is at most K x.
//! 2. The winning takes. A take x <= L wins exactly when it empties the heap or leaves m = n - x
//!    with s(m) > K x. Then every part of m is more than K x, so more than K times every part
//!    of x's own sum: m's parts followed by x's parts are n's sum, by uniqueness. So x is a
//!    sum of the smallest parts of n, x = p_j + ... + p_r, and the condition reads
//!    p_{j-1} > K (p_j + ... + p_r) (or j = 1: the whole heap). Conversely each such sum wins.
//!    There are at most r of them, and r is small (each part is more than K times the next:
//!    at most 65 parts below 2^64), so every winning move is listed.
//! 3. Misère (whoever takes the last object loses): the aim is to leave exactly one object.
//!    For n >= 1 the misère game on n is the normal game on n - 1 take for take: a take x < n
//!    leaves n - x >= 1 and the limit min(K x, n - x), which allows exactly the useful takes
//!    (those below the heap) of the normal limit min(K x, n - 1 - x); taking the whole heap
//!    loses at once. So (n, L) is won under misère exactly when the normal (n - 1, min(L, n - 1))
//!    is, by the same takes. An empty heap (or a start of 1, where no move is allowed) has no
//!    move: the player to move wins under misère and loses under normal play.
//!
//! Every claim is checked in `tests/library/fibonacci.rs` against the plain exhaustive solver on every
//! small position, for several K, under both conventions. The Sprague-Grundy values have no
//! known closed form; they come from a table of every smaller position within the budget.

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

/// Fibonacci Nim and K-multiple Nim in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 2] = [
    GameKind {
        spelling: "fibonacci-nim",
        name: "Fibonacci Nim (Whinihan)",
        a_move: "take from one heap: the first move not all of it, each later move at most twice the move before",
        example_game: "fibonacci-nim",
        example_position: "100",
        heap_ruleset: false,
        move_syntax: "`take TAKE` (or just `TAKE`) takes TAKE objects, at most the limit the last move set",
        example_move: "take 3",
    },
    GameKind {
        spelling: "multiple:K",
        name: "K-multiple Nim (Schwenk)",
        a_move: "as Fibonacci Nim, each move after the first at most K times the move before",
        example_game: "multiple:3",
        example_position: "19",
        heap_ruleset: false,
        move_syntax: "`take TAKE` (or just `TAKE`) takes TAKE objects, at most the limit the last move set",
        example_move: "take 2",
    },
];

/// Reads `fibonacci-nim` and `multiple:K` (K >= 1); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    match s {
        "fibonacci-nim" => return Some(Ok(Board::new(MultipleNim::fibonacci()))),
        "multiple" => return Some(Err("game 'multiple' needs its factor: multiple:K (e.g. multiple:3)".into())),
        _ => {}
    }
    let k = s.strip_prefix("multiple:")?;
    Some(parse_u64(k, "multiple:K: K").and_then(|k| match k {
        0 => Err("multiple:K: K must be at least 1, not 0".to_string()),
        k => Ok(Board::new(MultipleNim::new(k))),
    }))
}

/// Fibonacci Nim (`fibonacci-nim`, K = 2) or its K-multiple form (`multiple:K`): each move after
/// the first takes at most `k` times the move before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MultipleNim {
    /// The factor K: a move takes at most K times the move before it (K >= 1).
    pub k: u64,
    /// Whether the game was written `fibonacci-nim` (K = 2), so that it is written back so.
    pub fibonacci: bool,
}

#[cfg(feature = "draw")]
/// The most takes of a heap too large to draw offered one button each; past it, a few
/// buttons and a number field.
const MAX_TAKE_BUTTONS: u64 = 8;

/// The heap and the most the next move may take: `[N]` is the start (N - 1), `[N, L]` a heap
/// of N where the next move may take at most L (kept at most N).
pub fn heap_and_limit(numbers: &[u64]) -> (u64, u64) {
    match numbers {
        [] => (0, 0),
        [n] => (*n, n.saturating_sub(1)),
        [n, l, ..] => (*n, (*l).min(*n)),
    }
}

/// The terms of the sequence a_0 = 1, a_{i+1} = a_i + (the smallest term t with K t >= a_i),
/// every one up to `n`, or `GaveUp` when there are more than `budget` of them. Only for
/// n > K + 1 (below, every number up to K + 1 is a term: [`parts`] needs no table).
fn terms(k: u64, n: u64, budget: u64) -> Result<Vec<u64>, GaveUp> {
    let cap = Work::AllButTable.clamp(budget);
    let mut a: Vec<u64> = vec![1];
    let mut t = 0usize;
    loop {
        let v = a.last().copied().unwrap_or(1);
        // The smallest term t with K t >= v (the terms grow, so the index only moves up; the
        // last term itself always qualifies, K >= 1).
        while a.get(t).is_some_and(|&x| u128::from(k) * u128::from(x) < u128::from(v)) {
            t += 1;
        }
        let step = a.get(t).copied().unwrap_or(v);
        match v.checked_add(step) {
            Some(next) if next <= n => {
                if a.len() as u64 >= cap {
                    return Err(GaveUp { what: Work::AllButTable, used: budget, needed: None });
                }
                a.push(next);
            }
            _ => return Ok(a),
        }
    }
}

/// The greedy sum of `v` (v <= the table's reach): its parts, largest first, each more than K
/// times the next. Empty for v = 0.
fn parts_in(table: &Table, v: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut rest = v;
    while rest > 0 {
        let p = match table {
            // Every number up to K + 1 is a term.
            Table::Small => rest,
            Table::Terms(a) => {
                let i = a.partition_point(|&x| x <= rest);
                a.get(i.saturating_sub(1)).copied().unwrap_or(1)
            }
        };
        out.push(p);
        rest -= p;
    }
    out
}

/// The terms needed to write numbers up to some n.
enum Table {
    /// n <= K + 1: every number up to n is a term (a_i = i + 1 while a_i <= K + 1).
    Small,
    /// The terms up to n.
    Terms(Vec<u64>),
}

impl Table {
    fn new(k: u64, n: u64, budget: u64) -> Result<Table, GaveUp> {
        if u128::from(n) <= u128::from(k) + 1 {
            Ok(Table::Small)
        } else {
            terms(k, n, budget).map(Table::Terms)
        }
    }
}

/// The parts of `n`'s greedy sum (largest first; each more than K times the next), or `GaveUp`
/// when the terms up to `n` number more than `budget`.
///
/// ```
/// use grundy::rules::board::numbers::fibonacci::parts;
/// assert_eq!(parts(2, 100, 1000).unwrap(), vec![89, 8, 3]); // Zeckendorf
/// assert_eq!(parts(1, 13, 1000).unwrap(), vec![8, 4, 1]); // binary
/// assert_eq!(parts(3, 19, 1000).unwrap(), vec![15, 4]);
/// ```
pub fn parts(k: u64, n: u64, budget: u64) -> Result<Vec<u64>, GaveUp> {
    Ok(parts_in(&Table::new(k, n, budget)?, n))
}

/// The takes that win at a heap of `n` with the next move allowed at most `limit`, under normal
/// play, smallest first: the sums of n's smallest parts p_j + ... + p_r that are at most the
/// limit and either the whole heap or less than 1/K of the part before them. Empty exactly when
/// the position is lost.
fn winning_takes(k: u64, n: u64, limit: u64, table: &Table) -> Vec<u64> {
    let p = parts_in(table, n);
    let mut out = Vec::new();
    let mut sum: u64 = 0;
    for j in (0..p.len()).rev() {
        sum += p.get(j).copied().unwrap_or(0);
        if sum > limit {
            break;
        }
        let wins = match j.checked_sub(1).and_then(|i| p.get(i)) {
            None => true,
            Some(&before) => u128::from(before) > u128::from(k) * u128::from(sum),
        };
        if wins {
            out.push(sum);
        }
    }
    out
}

/// (n + 1)(n + 2) / 2, the entries of the value table to a heap of n: exact for every n < 2^64
/// (the even factor is halved first, so the product stays below 2^128).
fn table_entries(n: u64) -> u128 {
    let (a, b) = (u128::from(n) + 1, u128::from(n) + 2);
    if a % 2 == 0 {
        (a / 2) * b
    } else {
        a * (b / 2)
    }
}

impl MultipleNim {
    /// The game with factor `k` (>= 1), written `multiple:K`.
    pub fn new(k: u64) -> Self {
        MultipleNim { k, fibonacci: false }
    }

    /// Fibonacci Nim (K = 2), written `fibonacci-nim`.
    pub fn fibonacci() -> Self {
        MultipleNim { k: 2, fibonacci: true }
    }

    fn name(&self) -> String {
        if self.k == 2 {
            "Fibonacci Nim".into()
        } else {
            format!("{}-multiple Nim", self.k)
        }
    }

    /// The position a take of `x` leaves at a heap of `n`: the heap n - x and the most the next
    /// move may take, min(K x, n - x).
    pub fn after_take(&self, n: u64, x: u64) -> Vec<u64> {
        let left = n.saturating_sub(x);
        let limit = (u128::from(self.k) * u128::from(x)).min(u128::from(left)) as u64;
        vec![left, limit]
    }

    /// The objects taken from `numbers` to `after` (0 when the heap did not shrink).
    fn taken(numbers: &[u64], after: &[u64]) -> u64 {
        heap_and_limit(numbers).0.saturating_sub(after.first().copied().unwrap_or(0))
    }

    /// The Sprague-Grundy value of (n, l) from the table of every (m, j) with m <= n and
    /// j <= m, by the mex, or `GaveUp` past `budget` table entries.
    fn value_table(&self, n: u64, l: u64, budget: u64) -> Result<u64, GaveUp> {
        let entries = table_entries(n);
        if entries > u128::from(Work::SplitTable.clamp(budget)) {
            let needed = Some(u64::try_from(entries).unwrap_or(u64::MAX));
            return Err(GaveUp { what: Work::SplitTable, used: budget, needed });
        }
        // Row m holds G(m, 0..=m) from offset m (m + 1) / 2.
        let n = n as usize;
        let offset = |m: usize| m * (m + 1) / 2;
        let mut g = vec![0u32; entries as usize];
        let mut seen: Vec<bool> = Vec::new();
        for m in 1..=n {
            seen.clear();
            seen.resize(m + 2, false);
            let mut mex = 0usize;
            for x in 1..=m {
                let left = m - x;
                let limit = (u128::from(self.k) * x as u128).min(left as u128) as usize;
                let v = g.get(offset(left) + limit).copied().unwrap_or(0) as usize;
                if let Some(s) = seen.get_mut(v) {
                    *s = true;
                }
                while seen.get(mex).copied().unwrap_or(false) {
                    mex += 1;
                }
                if let Some(cell) = g.get_mut(offset(m) + x) {
                    *cell = mex as u32;
                }
            }
        }
        Ok(u64::from(g.get(offset(n) + l as usize).copied().unwrap_or(0)))
    }

    fn sum_text(p: &[u64]) -> String {
        p.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
    }
}

impl RulesCore for MultipleNim {
    fn words(&self) -> Words {
        let times = if self.k == 2 { "twice".to_string() } else { format!("{} times", self.k) };
        Words::new(
            if self.fibonacci {
                "fibonacci-nim".into()
            } else {
                format!("multiple:{}", self.k)
            },
            Players::Impartial,
            format!(
                "{}: one heap; the first move takes any number of objects but not the whole heap, each later move takes at least 1 and at most {times} what the move before it took; whoever takes the last object wins.",
                self.name()
            ),
            "Type 'take 3' or just '3' (take 3 objects), or '1 -> 4' (leave 4)",
        )
        // The heap, then the limit on the next move, which is not a pile.
        .with_piles(1)
        .with_names(NumberNames { first: &["heap"], then: &["may take"], last: None })
    }

    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let (n, l) = heap_and_limit(numbers);
        (1..=l).map(|x| self.after_take(n, x)).collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        let (n, l) = heap_and_limit(numbers);
        let [m, next] = after[..] else {
            return Err("a move leaves the heap and the most the next move may take (two numbers)".into());
        };
        if m > n {
            return Err(format!("a move cannot add objects: the heap has {n}").into());
        }
        let x = n - m;
        if x == 0 {
            return Err("a move must take at least one object".into());
        }
        if x > l {
            return Err(match numbers {
                [_] if n <= 1 => format!("the first move may not take the whole heap, so a heap of {n} has no move"),
                [_] => format!("the first move takes 1 to {l} (not the whole heap), not {x}"),
                _ => format!("at most {l} may be taken now, not {x}"),
            }
            .into());
        }
        let expected = self.after_take(n, x);
        if expected.get(1) != Some(&next) {
            return Err(format!(
                "after taking {x} the next move may take at most {}, not {next}",
                expected.get(1).copied().unwrap_or(0)
            )
            .into());
        }
        Ok(())
    }
}

impl Notation for MultipleNim {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        if tokens.is_empty() {
            return Err("the position is empty: give the heap, N (the start) or N/L (a heap of N where the next move may take at most L)".into());
        }
        let [token] = tokens else {
            return Err(format!(
                "{} takes one heap, written N (the start) or N/L (a heap of N where the next move may take at most L), not {} numbers",
                self.spelling(),
                tokens.len()
            ));
        };
        let Some((heap, limit)) = token.split_once('/') else {
            return Ok(vec![parse_u64(token, "the heap")?]);
        };
        let n = parse_u64(heap, "the heap")?;
        let l = parse_u64(limit, "the most the next move may take")?;
        if l > n {
            return Err(format!("{token}: the next move may take at most the whole heap of {n}, not {l}"));
        }
        if l == 0 && n > 0 {
            return Err(format!("{token}: the next move may take at least 1 (only an empty heap is written 0/0)"));
        }
        Ok(vec![n, l])
    }

    fn tokens(&self, numbers: &[u64]) -> Vec<String> {
        match numbers {
            [n] => vec![n.to_string()],
            _ => {
                let (n, l) = heap_and_limit(numbers);
                vec![format!("{n}/{l}")]
            }
        }
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let (n, _) = heap_and_limit(numbers);
        let x = Self::taken(numbers, after);
        let (m, next) = heap_and_limit(after);
        if m == 0 {
            format!("take {x}, the whole heap ({n} -> 0)")
        } else {
            format!("take {x} ({n} -> {m}; the next move may take at most {next})")
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let (n, _) = heap_and_limit(numbers);
        let take = |t: &str| -> Result<Vec<u64>, String> {
            let x = parse_u64(t, "the number taken")?;
            if x > n {
                return Err(format!("the heap has only {n}, not {x} to take"));
            }
            Ok(self.after_take(n, x))
        };
        if let Some((heap, left)) = text.split_once("->") {
            // `1 -> 4` (or `-> 4`): leave 4 in the heap. Two numbers after the arrow are the
            // general form, read elsewhere.
            let left: Vec<&str> = left.split_whitespace().collect();
            let [left] = left[..] else { return None };
            if !matches!(heap.trim(), "" | "1") {
                return Some(Err(format!(
                    "'{}' names number {}, but the objects are number 1: type '1 -> LEFT' or 'take X'",
                    text.trim(),
                    heap.trim()
                )));
            }
            return Some(parse_u64(left, "the number left").and_then(|m| {
                if m >= n {
                    Err(format!("a move takes at least one object: leave fewer than {n}"))
                } else {
                    Ok(self.after_take(n, n - m))
                }
            }));
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        Some(match words[..] {
            [x] | ["take", x] | ["1", x] | ["take", x, "from", "heap", "1"] => take(x),
            [h, _] | ["take", _, "from", "heap", h] if h.bytes().all(|b| b.is_ascii_digit()) => Err(format!(
                "there is only heap 1 (the second number is the most the next move may take), not heap {h}"
            )),
            _ => return None,
        })
    }
}

impl PlayHelp for MultipleNim {
    fn random_move(&self, numbers: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let (n, l) = heap_and_limit(numbers);
        (l > 0).then(|| self.after_take(n, 1 + below(l)))
    }

    /// The start of a game: one heap from 5 to 60.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        vec![(5 + below(56)).to_string()]
    }
}

impl Theory for MultipleNim {
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let (misere, budget) = (context.misere, context.budget);
        let (n, l) = heap_and_limit(numbers);
        let k = self.k;
        let name = self.name();
        let start = numbers.len() == 1;
        let limit_words = if start {
            format!("the first move may take 1 to {l} (not the whole heap)")
        } else {
            format!("the next move may take at most {l}")
        };
        let mut explanation = vec![if k == 2 {
            "Fibonacci Nim (Whinihan, 1963): write the heap by Zeckendorf's theorem (Zeckendorf, 1972) as a sum of Fibonacci numbers 1, 2, 3, 5, 8, ..., each more than twice the next; the player to move wins exactly when the smallest part is at most what they may take.".to_string()
        } else {
            format!(
                "The {k}-multiple take-away game (Schwenk, 1970), which generalises Fibonacci Nim (Whinihan, 1963): let a_0 = 1 and a_(i+1) = a_i + t, t the smallest term with {k} t >= a_i (HDU 2486's a[i] = b[i-1] + 1, b the largest sum topped by a term); every heap is in one way a sum of terms each more than {k} times the next (the greedy sum), and the player to move wins exactly when the smallest part is at most what they may take."
            )
        }];
        // Under misère play the game on n is the normal game on n - 1, take for take.
        let (heap, cap) = if misere { (n.saturating_sub(1), l.min(n.saturating_sub(1))) } else { (n, l) };
        let table = Table::new(k, heap, budget).map_err(AnalyzeError::GaveUp)?;
        let takes = if l == 0 { vec![] } else { winning_takes(k, heap, cap, &table) };
        let wins = if l == 0 { misere } else { !takes.is_empty() };
        let winning: Vec<Vec<u64>> = takes.iter().map(|&x| self.after_take(n, x)).collect();
        let mut answer = Analysis::of_board(self, numbers, wins, None, winning, Method::ClosedForm);
        if misere {
            explanation.push("Misère play (whoever takes the last object loses): the aim is to leave one object, so a heap of n is the normal game on n - 1, take for take (taking the whole heap loses at once).".into());
        }
        if l == 0 {
            explanation.push(if n == 0 {
                format!(
                    "The heap is empty: the player to move has no move and {}.",
                    if misere { "wins (the last object was taken by the opponent)" } else { "loses" }
                )
            } else {
                format!(
                    "A heap of {n} at the start has no move (the first move may not take the whole heap): the player to move {}.",
                    if misere { "wins" } else { "loses" }
                )
            });
        } else {
            let p = parts_in(&table, heap);
            let smallest = p.last().copied().unwrap_or(0);
            let whose = if misere { format!("the shifted heap n - 1 = {heap}") } else { format!("the heap {heap}") };
            explanation.push(if heap == 0 {
                format!("Here {whose}: the only object must be taken, so the player to move loses.")
            } else {
                format!(
                    "Here {whose} = {}; its smallest part is {smallest}, and {}, so the player to move {}.",
                    Self::sum_text(&p),
                    if misere { format!("at most {cap} of it may be taken ({limit_words})") } else { limit_words },
                    if wins { "wins" } else { "loses" }
                )
            });
            if wins {
                explanation.push(format!(
                    "A take x wins exactly when it empties the {}heap or leaves one whose smallest part is more than {k} x; such an x is a sum of the smallest parts, p_j + ... + p_r with p_(j-1) > {k} (p_j + ... + p_r), so the winning takes are: {}.",
                    if misere { "shifted " } else { "" },
                    takes.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
                ));
            }
        }
        if !misere {
            match self.value_table(n, l, budget) {
                Ok(v) => {
                    answer.sg = Some(v);
                    explanation.push(format!(
                        "Its Sprague-Grundy value is {v}, by the mex over a table of every smaller heap and limit ({name}'s values have no known closed form)."
                    ));
                }
                Err(e) => {
                    let entries = table_entries(n);
                    let max = Work::SplitTable.max_budget();
                    answer.sg_note = Some(if entries > u128::from(max) {
                        format!(
                            "not computed: {name}'s values have no known closed form, and the table of every heap to {n} would hold {entries} entries, past the {max} this program allows for one computation"
                        )
                    } else {
                        format!(
                            "not computed: {name}'s values have no known closed form, and the table of every heap to {n} is past the budget ({e})"
                        )
                    })
                }
            }
        }
        answer.explanation = explanation;
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for MultipleNim {
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        use crate::rules::draw::{Control, ControlForm, Field};
        use crate::rules::faces::{
            big_bar, button_row, row_label, wrapped_object_at, wrapped_object_row, LINE_OBJECTS as LINE, MAX_OBJECTS,
            WIDE_STEP,
        };
        let (n, limit) = heap_and_limit(numbers);
        let mut s = Sketch::new();
        row_label(&mut s, 4.0, "heap", &n.to_string());
        let mut y = 4.0;
        if n <= MAX_OBJECTS {
            y += 6.0;
            let top = y;
            // In lines of six a wide step apart, as Nim's heaps, so that the heap fits a phone
            // with each object 40 CSS px to tap (issue 84: one line of 19 was 3 phones wide).
            y += wrapped_object_row(&mut s, y, n, "obj", &mut |s, j| {
                let words = format!("take {}", n - j);
                let t = crate::rules::board::worded(s, self, numbers, words.clone());
                (t, words)
            }) + 4.0;
            // A bracket over the objects the next move may take, a piece on each line.
            let most = limit.min(n);
            let mut j = n - most;
            while j < n {
                let (x0, cy) = wrapped_object_at(top, j);
                let last = (j / LINE + 1) * LINE;
                let (x1, _) = wrapped_object_at(top, last.min(n) - 1);
                s.path(
                    &format!("M{} {} v-4 H{} v4", x0 - WIDE_STEP / 2.0 + 3.0, cy - 17.0, x1 + WIDE_STEP / 2.0 - 3.0),
                    "cut",
                )
                .title(format!("the next move may take at most {most}"));
                j = last;
            }
        } else {
            big_bar(&mut s, y, n, "objects");
            y += 26.0;
            // One button a take where they are few; past that a few, and a number field for
            // any take the rule allows (issue 49: at 100/10 the winning take 3 had no button).
            let most = limit.min(n);
            let takes: Vec<u64> = if most <= MAX_TAKE_BUTTONS {
                (1..=most).collect()
            } else {
                let mut t = vec![1, 2, most / 2, most];
                t.dedup();
                t
            };
            let mut offers = vec![];
            for t in takes {
                let words = format!("take {t}");
                let id = crate::rules::board::worded(&mut s, self, numbers, words.clone());
                offers.push((words.clone(), id, words));
            }
            y += button_row(&mut s, y, offers);
            if most > MAX_TAKE_BUTTONS {
                s.control(Control {
                    label: "take".into(),
                    fields: vec![Field::new("take", 1, most, 1)],
                    form: ControlForm::Words("take {1}".into()),
                });
            }
        }
        let what = if numbers.len() < 2 {
            "The first move takes any number but not the whole heap;".to_string()
        } else {
            format!("The next move may take 1 to {limit};")
        };
        // On short lines, so that the drawing fits a phone.
        s.note(y + 12.0, &format!("{what} then each move at most {} times the move before.", self.k));
        s.height = y + 36.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terms_are_fibonacci_and_powers_of_two() {
        assert_eq!(terms(2, 100, 1000).unwrap(), vec![1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
        assert_eq!(terms(1, 64, 1000).unwrap(), vec![1, 2, 4, 8, 16, 32, 64]);
        // HDU 2486's construction for K = 3: 1, 2, 3, 4, 6, 8, 11, 15, 21, 29, ...
        assert_eq!(terms(3, 40, 1000).unwrap(), vec![1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40]);
        let all = terms(2, u64::MAX, 1000).unwrap();
        assert_eq!(all.len(), 92);
        assert_eq!(all.last(), Some(&12_200_160_415_121_876_738));
        assert!(terms(1_000_000, u64::MAX, 1000).is_err());
    }

    #[test]
    fn parts_are_separated_and_add_up() {
        for k in 1..6 {
            for n in 1..2000u64 {
                let p = parts(k, n, 10_000).unwrap();
                assert_eq!(p.iter().sum::<u64>(), n);
                assert!(p.windows(2).all(|w| w[0] > k * w[1]), "k {k} n {n}: {p:?}");
            }
        }
        assert_eq!(parts(5, 6, 1).unwrap(), vec![6]);
        assert_eq!(table_entries(3), 10);
        assert_eq!(table_entries(u64::MAX), (1u128 << 127) + (1u128 << 63));
        assert_eq!(parts(u64::MAX, u64::MAX, 1).unwrap(), vec![u64::MAX]);
    }
}
