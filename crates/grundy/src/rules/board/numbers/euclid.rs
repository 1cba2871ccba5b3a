//! Euclid's game (A. J. Cole and A. J. T. Davie, "A game based on the Euclidean algorithm and a
//! winning strategy for it", Mathematical Gazette, 1969): two numbers; a move subtracts a
//! positive multiple of the smaller from the larger, leaving it at least 0; whoever makes a
//! number 0 wins (the HDU 1525 problem).
//!
//! Cole and Davie's rule: with a >= b > 0, the player to move wins when a >= 2b (they choose
//! whether the opponent faces (a mod b + b, b) or (a mod b, b), and one of the two is lost for
//! the opponent) or when b divides a (they make a 0 at once); otherwise the only move is to
//! (a - b, b), and the position is won exactly when that one is lost. The chain of forced moves
//! follows the Euclidean algorithm, so the answer takes O(log) steps at any size.

use crate::error::AnalyzeError;
use crate::error::IllegalMove;
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

/// One legal move of Euclid's game from (a, b): which number changes (0 or 1) and what it
/// becomes, by the rule "subtract a positive multiple of the smaller from the larger" (for the
/// tests' plain search).
#[cfg(test)]
fn moves(a: u64, b: u64) -> impl Iterator<Item = (usize, u64)> {
    let mut out: Vec<(usize, u64, u64, u64)> = vec![];
    if a > 0 && b > 0 {
        // The larger number moves (either, when they are equal: two different positions).
        if a >= b {
            out.push((0, a, b, a / b));
        }
        if b >= a {
            out.push((1, b, a, b / a));
        }
    }
    out.into_iter().flat_map(|(i, big, small, q)| (1..=q).map(move |k| (i, big - k * small)))
}

/// Whether the player to move wins Euclid's game from (a, b) (a position with a 0 is over:
/// the player to move has lost, the opponent having made the 0).
///
/// ```
/// use grundy::frontend::euclid_wins;
/// assert!(euclid_wins(34, 12)); // HDU 1525: Stan wins
/// assert!(!euclid_wins(15, 24)); // Ollie wins
/// assert!(!euclid_wins(7, 0));
/// ```
pub fn euclid_wins(a: u64, b: u64) -> bool {
    euclid_wins_under(a, b, false)
}

/// Whether the player to move wins from (a, b) under normal play (`misere` false: whoever
/// makes a number 0 wins) or misère play (whoever makes a number 0 loses). The same rule holds
/// for both: along a level (q b + r, b) the positions j >= 1 have the options below them, so
/// with q >= 2 the player to move chooses which of (r + b, b) and (r, b) the opponent faces, one
/// of which is lost; only the finished game differs (lost for the player to move under normal
/// play, won under misère play).
///
/// ```
/// use grundy::rules::board::numbers::euclid::euclid_wins_under;
/// assert!(!euclid_wins_under(3, 3, true)); // either move makes a 0, and loses
/// assert!(euclid_wins_under(7, 0, true)); // the opponent made the 0
/// ```
pub fn euclid_wins_under(a: u64, b: u64, misere: bool) -> bool {
    let (mut big, mut small) = (a.max(b), a.min(b));
    // Each forced move flips who is to move.
    let mut mover_wins = true;
    loop {
        if small == 0 {
            return mover_wins == misere;
        }
        if misere && big % small == 0 {
            // Every move from (q b, b) leaves (j b, b), j < q: with q >= 2 the move to (b, b),
            // which is lost (both its moves make a 0), wins; with q = 1 the only move makes a 0.
            return mover_wins == (big / small >= 2);
        }
        if big / small >= 2 || big % small == 0 {
            return mover_wins;
        }
        (big, small) = (small, big - small);
        mover_wins = !mover_wins;
    }
}

/// How many forced moves (a single choice each) lead from (a, b) to a position where the
/// player to move has a choice or the game is over: the length of the chain the explanation
/// follows.
fn forced_moves(a: u64, b: u64) -> u32 {
    let (mut big, mut small, mut n) = (a.max(b), a.min(b), 0);
    while small > 0 && big / small < 2 && big % small != 0 {
        (big, small) = (small, big - small);
        n += 1;
    }
    n
}

/// Every winning move from (a, b), as the number that changes (0 or 1) and what it becomes:
/// only a move to (a mod b + b, b) or (a mod b, b) (for a >= b) can win, since any other leaves
/// a number at least twice the other, which is won for the opponent.
///
/// ```
/// use grundy::frontend::euclid_winning_moves;
/// // From (34, 12): (22, 12) is won for the opponent (22 - 12 = 10, then (12, 10) -> (10, 2)
/// // wins), (10, 12) is lost for them.
/// assert_eq!(euclid_winning_moves(34, 12), vec![(0, 10)]);
/// assert_eq!(euclid_winning_moves(15, 24), vec![]);
/// ```
pub fn euclid_winning_moves(a: u64, b: u64) -> Vec<(usize, u64)> {
    euclid_winning_moves_under(a, b, false)
}

/// Every winning move from (a, b) under normal or misère play, as [`euclid_winning_moves`].
pub fn euclid_winning_moves_under(a: u64, b: u64, misere: bool) -> Vec<(usize, u64)> {
    let mut out = vec![];
    for (i, big, small) in [(0, a, b), (1, b, a)] {
        if small == 0 || big < small {
            continue;
        }
        let q = big / small;
        for k in [q.saturating_sub(1), q].into_iter().filter(|&k| k >= 1) {
            let left = big - k * small;
            let (x, y) = if i == 0 { (left, b) } else { (a, left) };
            if !euclid_wins_under(x, y, misere) && !out.contains(&(i, left)) {
                out.push((i, left));
            }
        }
    }
    out
}

/// The levels of the Euclidean algorithm on (a, b), from the top: each level's quotient, with
/// the pair (larger, smaller) it starts from. Empty when a number is 0.
fn levels(a: u64, b: u64) -> Vec<u64> {
    let (mut big, mut small) = (a.max(b), a.min(b));
    let mut quotients = vec![];
    while small > 0 {
        quotients.push(big / small);
        (big, small) = (small, big % small);
    }
    quotients
}

/// The Sprague-Grundy value of (a, b), exact at any size in O(log) steps.
///
/// With a >= b > 0, a = q b + r, the options of (r + j b, b) for j >= 1 are (r + i b, b) for
/// i < j, and (r, b) is (b, r) one level down (for j = 1 and r = 0, (b, b) also has the option
/// (b, 0), a finished game of value 0 like (0, b)). So along one level the values are
/// h(0) = c, the value of (b, r), and h(j) = mex{h(0), ..., h(j - 1)}: the j-th number from 0
/// that is not c, that is j - 1 when j - 1 < c and j otherwise. This is the mex itself, worked
/// out along the Euclidean algorithm; a test checks it against the plain mex on every pair to 80.
///
/// ```
/// use grundy::rules::board::numbers::euclid::euclid_value;
/// assert_eq!(euclid_value(5, 0), 0); // over
/// assert_eq!(euclid_value(7, 7), 1);
/// assert_eq!(euclid_value(34, 12), 2);
/// ```
pub fn euclid_value(a: u64, b: u64) -> u64 {
    // From the bottom level up: c is the value of the level below.
    levels(a, b).iter().rev().fold(0, |c, &q| (q - 1) + u64::from(q > c))
}

/// Every move from (a, b) that leaves a position of value `target`, as the number that changes
/// (0 or 1) and what it becomes: along the level (a, b) = (q b + r, b) the options are
/// (r + j b, b) for j < q, of values h(0) = c (the value of (b, r)) and h(j) = j - 1, or j
/// when j > c, all distinct, so at most one j reaches the target (and with a = b, also the
/// move that makes the other number 0, of value 0).
///
/// ```
/// use grundy::rules::board::numbers::euclid::{euclid_moves_to_value, euclid_value};
/// for t in 0..4 {
///     for (number, left) in euclid_moves_to_value(34, 12, t) {
///         let (x, y) = if number == 0 { (left, 12) } else { (34, left) };
///         assert_eq!(euclid_value(x, y), t);
///     }
/// }
/// ```
pub fn euclid_moves_to_value(a: u64, b: u64, target: u64) -> Vec<(usize, u64)> {
    let (big, small) = (a.max(b), a.min(b));
    if small == 0 {
        return vec![];
    }
    let (q, r) = (big / small, big % small);
    let c = euclid_value(small, r);
    let number = usize::from(b > a);
    let j = if target == c {
        Some(0)
    } else if target < c {
        target.checked_add(1)
    } else {
        Some(target)
    };
    let mut out: Vec<(usize, u64)> = j
        .filter(|&j| j < q)
        .and_then(|j| j.checked_mul(small).and_then(|x| x.checked_add(r)))
        .map(|left| (number, left))
        .into_iter()
        .collect();
    if a == b && target == 0 {
        // Either number may become 0 when they are equal; (0, b) is j = 0 above.
        out.push((1, 0));
        out.retain(|&m| m == (0, 0) || m == (1, 0));
        out.sort_unstable();
        out.dedup();
    }
    out
}

/// The Every-SG step of (a, b) (the convention where each player moves in every game still
/// alive): 0 when the game is over; for a won position 1 + the largest step of an option that
/// is lost, for a lost one 1 + the smallest step of any option (Jia Zhihao's definition). Along
/// a level the lost positions among (r + j b, b) can only be j = 0 (when c = 0) or j = 1 (when
/// c != 0), so every j >= 2 has the same step, and the step is O(log) to compute.
///
/// ```
/// use grundy::rules::board::numbers::euclid::euclid_step;
/// assert_eq!(euclid_step(3, 0), 0);
/// assert_eq!(euclid_step(3, 3), 1);
/// ```
pub fn euclid_step(a: u64, b: u64) -> u64 {
    let mut value = 0u64;
    let mut step = 0u64;
    for &q in levels(a, b).iter().rev() {
        // Position j = 0 of this level has `value` and `step`; j = 1 has step + 1; j >= 2 step
        // + 1 past the lost one of j = 0 (c = 0) or j = 1 (c != 0).
        step = if q == 1 || value == 0 { step + 1 } else { step + 2 };
        value = (q - 1) + u64::from(q > value);
    }
    step
}

/// The position after number `number` (0 or 1) of (a, b) becomes `left`.
pub(crate) fn after(a: u64, b: u64, number: usize, left: u64) -> (u64, u64) {
    if number == 0 {
        (left, b)
    } else {
        (a, left)
    }
}

/// A move in words: "subtract 2 x 12 = 24 from number 1 (34 12 -> 10 12)".
pub(crate) fn describe_move(a: u64, b: u64, number: usize, left: u64) -> String {
    let (n, other) = if number == 0 { (a, b) } else { (b, a) };
    let taken = n.saturating_sub(left);
    let (x, y) = after(a, b, number, left);
    format!("subtract {} x {other} = {taken} from number {} ({a} {b} -> {x} {y})", taken / other.max(1), number + 1)
}

/// The reasoning for (a, b), one sentence each, naming the rule.
pub(crate) fn explanation(a: u64, b: u64) -> Vec<String> {
    let (big, small) = (a.max(b), a.min(b));
    let mut e = vec![
        "Euclid's game (Cole and Davie, 1969): with a >= b > 0 the player to move wins when a >= 2b (they choose whether the opponent faces (a mod b + b, b) or (a mod b, b), and one of them is lost) or when b divides a (they make a 0 at once); otherwise the only move is to (a - b, b).".to_string(),
    ];
    if small == 0 {
        e.push(
            "Here a number is 0: the game is over, and the player to move lost (the opponent made the 0).".to_string(),
        );
        return e;
    }
    let forced = forced_moves(a, b);
    let wins = euclid_wins(a, b);
    if forced == 0 {
        e.push(if big % small == 0 {
            format!("Here {small} divides {big}: the player to move subtracts {big} and wins.")
        } else {
            format!(
                "Here {big} >= 2 x {small}: the player to move wins by choosing between ({}, {small}) and ({}, {small}).",
                big % small + small,
                big % small
            )
        });
    } else {
        e.push(format!(
            "Here {big} < 2 x {small}, so the moves are forced for {forced} turn{}, along the Euclidean algorithm, until a player has a choice; that player is the {}, so the player to move {}.",
            if forced == 1 { "" } else { "s" },
            if forced.is_multiple_of(2) { "player to move" } else { "opponent" },
            if wins { "wins" } else { "loses" }
        ));
    }
    e
}

/// Euclid's game in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [
    GameKind {
        spelling: "euclid",
        name: "Euclid's game (Cole and Davie)",
        a_move: "subtract a positive multiple of the smaller number from the larger; whoever makes a 0 wins",
        example_game: "euclid",
        example_position: "34 12",
        heap_ruleset: false,
        move_syntax: "`NUMBER TAKE` subtracts TAKE, a multiple of the smaller number, from number NUMBER; `NUMBER -> LEFT` leaves LEFT in it",
        example_move: "1 24",
    },
];

/// Reads Euclid's game's spelling (`euclid`); `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "euclid").then(|| Ok(Board::new(Euclid)))
}

/// Euclid's game (`euclid`): the position is the two numbers `[a, b]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Euclid;

/// The two numbers of a position (0 for a number missing).
fn pair(numbers: &[u64]) -> (u64, u64) {
    (numbers.first().copied().unwrap_or(0), numbers.get(1).copied().unwrap_or(0))
}

/// Which number a move from `numbers` to `after` changed, and what it became; `None` unless
/// exactly one of the two changed.
fn changed(numbers: &[u64], after: &[u64]) -> Option<(usize, u64)> {
    match (numbers, after) {
        ([a, b], [x, y]) if a != x && b == y => Some((0, *x)),
        ([a, b], [x, y]) if a == x && b != y => Some((1, *y)),
        _ => None,
    }
}

impl RulesCore for Euclid {
    fn words(&self) -> Words {
        Words::new(
            "euclid",
            Players::Impartial,
            "A move subtracts a positive multiple of the smaller number from the larger, leaving it at least 0; whoever makes a number 0 wins.",
            "Type 'NUMBER TAKE' (e.g. '1 24' subtracts 24, a multiple of the smaller number, from number 1) or 'NUMBER -> LEFT'",
        )
        .with_names(NumberNames { first: &[], then: &["number {}"], last: None })
    }

    /// Every multiple of the smaller number that the larger can lose, written out from the rule.
    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let (a, b) = pair(numbers);
        let mut out = vec![];
        for (i, big, small) in [(0, a, b), (1, b, a)] {
            if small == 0 || big < small {
                continue;
            }
            let mut k = 1;
            while k * small <= big {
                let left = big - k * small;
                out.push(if i == 0 { vec![left, b] } else { vec![a, left] });
                k += 1;
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
        if after.len() != 2 {
            return Err("a move of Euclid's game leaves one number in place of the one it changes".into());
        }
        let (a, b) = pair(numbers);
        if a == 0 || b == 0 {
            return Err("a number is 0: the game is over".into());
        }
        let Some((i, m)) = changed(numbers, after) else {
            return Err("a move of Euclid's game changes one of the two numbers".into());
        };
        let (n, other) = if i == 0 { (a, b) } else { (b, a) };
        if n < other {
            return Err(format!(
                "number {} ({n}) is the smaller one: subtract a multiple of {n} from {other} instead",
                i + 1
            )
            .into());
        }
        if m >= n || !(n - m).is_multiple_of(other) {
            return Err(format!(
                "{n} cannot become {m}: subtract a positive multiple of {other} from it, leaving at least 0"
            )
            .into());
        }
        Ok(())
    }
}

impl Notation for Euclid {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let [a, b] = tokens else {
            return Err(match tokens.len() {
                0 => "the position is empty: give the two numbers".to_string(),
                n => format!("Euclid's game takes two numbers, not {n}"),
            });
        };
        Ok(vec![parse_u64(a, "the first number")?, parse_u64(b, "the second number")?])
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let (a, b) = pair(numbers);
        let (i, left) = changed(numbers, after).unwrap_or((0, a));
        describe_move(a, b, i, left)
    }
}

impl PlayHelp for Euclid {
    /// Once the smaller number from the larger.
    /// From a random number on: the first that moves (the larger, or either when they are
    /// equal) loses k times the other, k from 1 to the quotient.
    fn random_move(&self, numbers: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let (a, b) = pair(numbers);
        let start = below(2) as usize;
        (0..2).map(|k| (start + k) % 2).find_map(|i| {
            let (n, other) = if i == 0 { (a, b) } else { (b, a) };
            if other == 0 || n < other {
                return None;
            }
            let left = n - (1 + below(n / other)) * other;
            Some(if i == 0 { vec![left, b] } else { vec![a, left] })
        })
    }

    /// Two different numbers up to 60, so that the game lasts a few moves.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let big = 3 + below(58);
        let small = 1 + below(big - 1);
        let pair = if below(2) == 0 { [big, small] } else { [small, big] };
        pair.iter().map(u64::to_string).collect()
    }
}

impl Theory for Euclid {
    /// Cole and Davie's rule: exact at any size, in O(log) steps, under normal play and misère
    /// play (whoever makes a number 0 loses).
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let misere = context.misere;
        let (x, y) = pair(numbers);
        let wins = euclid_wins_under(x, y, misere);
        let winning: Vec<Vec<u64>> = euclid_winning_moves_under(x, y, misere)
            .into_iter()
            .map(|(number, left)| {
                let (p, q) = after(x, y, number, left);
                vec![p, q]
            })
            .collect();
        if misere {
            let mut answer = Analysis::of_board(self, numbers, wins, None, winning, Method::ClosedForm);
            answer.explanation = vec![
                "Misère Euclid's game: whoever makes a number 0 loses. Cole and Davie's argument carries over: with a >= 2b the player to move chooses which of (a mod b + b, b) and (a mod b, b) the opponent faces, and one of them is lost; only the ends differ: from (k b, b) with k >= 2 the move to (b, b) wins (both its moves make a 0), and from (b, b) every move loses.".into(),
                format!("So ({x}, {y}) is {}; the rule is checked against exhaustive search on every pair to 80.", if wins { "won for the player to move" } else { "lost for the player to move" }),
            ];
            return Ok(answer);
        }
        let value = euclid_value(x, y);
        let mut answer = Analysis::of_board(self, numbers, wins, Some(value), winning, Method::ClosedForm);
        answer.explanation = explanation(x, y);
        answer.explanation.push(format!(
            "Its Sprague-Grundy value is {value}: along each level (a, b) = (q b + r, b) of the Euclidean algorithm the positions (r + j b, b) have the options (r + i b, b), i < j, so each value is the mex of those below it, starting from the value of (b, r)."
        ));
        Ok(answer)
    }

    /// Along the levels of the Euclidean algorithm: at most one move per level reaches a value.
    fn moves_to_value(&self, numbers: &[u64], target: u64) -> Option<Vec<Vec<u64>>> {
        let (a, b) = pair(numbers);
        Some(
            euclid_moves_to_value(a, b, target)
                .into_iter()
                .map(|(number, left)| {
                    let (p, q) = after(a, b, number, left);
                    vec![p, q]
                })
                .collect(),
        )
    }

    fn every_step(&self, numbers: &[u64]) -> Option<(bool, u64)> {
        let (a, b) = pair(numbers);
        Some((euclid_value(a, b) != 0, euclid_step(a, b)))
    }

    /// (a - k b, b) for k = 1..q are the positions j = q - k of the level, and every j >= 2 has
    /// the same step, so they are one representative with a multiplicity.
    fn grouped_options(&self, numbers: &[u64]) -> Option<Vec<(Vec<u64>, u128)>> {
        let (a, b) = pair(numbers);
        let (big, small) = (a.max(b), a.min(b));
        if small == 0 {
            return Some(vec![]);
        }
        let at = |left: u64| if a >= b { vec![left, b] } else { vec![a, left] };
        let (q, r) = (big / small, big % small);
        let mut out = vec![(at(r), 1)];
        if q >= 2 {
            out.push((at(r + small), 1));
        }
        if q >= 3 {
            out.push((at(r + 2 * small), u128::from(q - 2)));
        }
        if a == b {
            // Equal numbers: either may become 0.
            out.push((vec![a, 0], 1));
        }
        Some(out)
    }
}

#[cfg(feature = "draw")]
impl Face for Euclid {
    /// Two bars in proportion; the larger is cut into lengths of the smaller, and clicking a
    /// piece subtracts that many multiples (a few buttons when there are too many).
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        use crate::rules::faces::{row_label, ROW_X};
        let (a, b) = pair(numbers);
        let mut s = Sketch::new();
        let big = a.max(b).max(1);
        let full = crate::rules::faces::ROW_END - ROW_X;
        let scale = |v: u64| (v as f64 / big as f64 * full).max(if v > 0 { 2.0 } else { 0.0 });
        let numbers = [a, b];
        let over = a == 0 || b == 0;
        let mut y = 4.0;
        for (i, (&v, &other)) in numbers.iter().zip(numbers.iter().rev()).enumerate() {
            row_label(&mut s, y, &format!("number {}", i + 1), &v.to_string());
            s.rect(ROW_X, y + 6.0, full, 18.0, 2.0, "bar-bg");
            // Pieces of the smaller number's length, the last one leftmost so that clicking the
            // k-th piece from the right subtracts k multiples.
            let q = if over || v < other { 0 } else { v / other };
            let after = |left: u64| if i == 0 { vec![left, b] } else { vec![a, left] };
            if q == 0 || q > 20 {
                s.rect(ROW_X, y + 6.0, scale(v), 18.0, 2.0, "bar").title(v.to_string());
            } else {
                let rest = v - q * other;
                s.rect(ROW_X, y + 6.0, scale(rest), 18.0, 2.0, "bar").title(format!("{rest} stays"));
                for k in 1..=q {
                    let left = v - k * other;
                    let t = s.target(after(left), None);
                    let x0 = ROW_X + scale(v - k * other);
                    let w = scale(other).max(2.0);
                    s.rect(x0, y + 6.0, w, 18.0, 1.0, "obj")
                        .makes(t)
                        .title(format!("subtract {k} x {other} from number {} ({v} -> {left})", i + 1));
                }
            }
            if q > 20 {
                // A few multiples as buttons, wrapping as a heap's buttons do.
                let offers = [1, 2, 3, q - 1, q]
                    .into_iter()
                    .map(|k| {
                        let left = v - k * other;
                        let t = s.target(after(left), None);
                        (format!("− {k} x {other}"), t, format!("{v} -> {left}"))
                    })
                    .collect();
                y += crate::rules::faces::button_row(&mut s, y + 30.0, offers);
            }
            y += 34.0;
        }
        if over {
            s.note(y + 10.0, "A number is 0: the game is over.");
        } else {
            s.note(y + 10.0, "Click a piece of the larger bar: subtract that many copies of the smaller number.");
        }
        y += 16.0;
        s.height = y + 4.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain search by the definition of P and N positions over every move.
    fn plain_wins(a: u64, b: u64, memo: &mut std::collections::HashMap<(u64, u64), bool>) -> bool {
        if let Some(&w) = memo.get(&(a, b)) {
            return w;
        }
        let next: Vec<(usize, u64)> = moves(a, b).collect();
        let w = next.iter().any(|&(i, left)| {
            let (x, y) = if i == 0 { (left, b) } else { (a, left) };
            !plain_wins(x, y, memo)
        });
        memo.insert((a, b), w);
        w
    }

    #[test]
    fn the_rule_and_the_winning_moves_agree_with_plain_search() {
        let mut memo = Default::default();
        for a in 0..=80 {
            for b in 0..=80 {
                assert_eq!(euclid_wins(a, b), plain_wins(a, b, &mut memo), "({a}, {b})");
                let mut plain: Vec<(usize, u64)> = moves(a, b)
                    .filter(|&(i, left)| {
                        let (x, y) = if i == 0 { (left, b) } else { (a, left) };
                        !plain_wins(x, y, &mut memo)
                    })
                    .collect();
                let mut fast = euclid_winning_moves(a, b);
                plain.sort();
                fast.sort();
                assert_eq!(fast, plain, "({a}, {b})");
            }
        }
    }

    /// Plain search under misère play: a finished game is won by the player to move.
    fn plain_misere_wins(a: u64, b: u64, memo: &mut std::collections::HashMap<(u64, u64), bool>) -> bool {
        if let Some(&w) = memo.get(&(a, b)) {
            return w;
        }
        let next: Vec<(usize, u64)> = moves(a, b).collect();
        let w = next.is_empty()
            || next.iter().any(|&(i, left)| {
                let (x, y) = if i == 0 { (left, b) } else { (a, left) };
                !plain_misere_wins(x, y, memo)
            });
        memo.insert((a, b), w);
        w
    }

    #[test]
    fn misere_agrees_with_plain_search() {
        let mut memo = Default::default();
        for a in 0..=80 {
            for b in 0..=80 {
                assert_eq!(euclid_wins_under(a, b, true), plain_misere_wins(a, b, &mut memo), "({a}, {b})");
                let mut plain: Vec<(usize, u64)> = moves(a, b)
                    .filter(|&(i, left)| {
                        let (x, y) = if i == 0 { (left, b) } else { (a, left) };
                        !plain_misere_wins(x, y, &mut memo)
                    })
                    .collect();
                let mut fast = euclid_winning_moves_under(a, b, true);
                plain.sort();
                fast.sort();
                assert_eq!(fast, plain, "({a}, {b})");
            }
        }
    }

    #[test]
    fn values_and_steps_agree_with_the_plain_definitions() {
        let mut value: std::collections::HashMap<(u64, u64), u64> = Default::default();
        let mut memo = Default::default();
        let mut step: std::collections::HashMap<(u64, u64), u64> = Default::default();
        // Small sums first, so every option is known before the position.
        for total in 0..=120u64 {
            for a in 0..=total {
                let b = total - a;
                let next: Vec<(u64, u64)> =
                    moves(a, b).map(|(i, left)| if i == 0 { (left, b) } else { (a, left) }).collect();
                let seen: std::collections::HashSet<u64> = next.iter().map(|p| value[p]).collect();
                let mex = (0..).find(|v| !seen.contains(v)).unwrap();
                assert_eq!(euclid_value(a, b), mex, "value of ({a}, {b})");
                value.insert((a, b), mex);
                let s = if next.is_empty() {
                    0
                } else if plain_wins(a, b, &mut memo) {
                    1 + next.iter().filter(|p| !plain_wins(p.0, p.1, &mut memo)).map(|p| step[p]).max().unwrap()
                } else {
                    1 + next.iter().map(|p| step[p]).min().unwrap()
                };
                assert_eq!(euclid_step(a, b), s, "step of ({a}, {b})");
                step.insert((a, b), s);
            }
        }
        assert_eq!(euclid_value(u64::MAX, 1), u64::MAX);
        // The moves to each value are exactly the options of that value.
        for a in 0..=40u64 {
            for b in 0..=40u64 {
                for t in 0..8 {
                    let mut plain: Vec<(usize, u64)> = moves(a, b)
                        .filter(|&(i, left)| {
                            let (x, y) = if i == 0 { (left, b) } else { (a, left) };
                            value[&(x, y)] == t
                        })
                        .collect();
                    plain.sort_unstable();
                    assert_eq!(euclid_moves_to_value(a, b, t), plain, "({a}, {b}) to {t}");
                }
            }
        }
    }

    #[test]
    fn huge_numbers_take_a_few_steps() {
        // Consecutive Fibonacci numbers force the longest chains: F(91), F(90) < 2^64.
        let (mut x, mut y) = (1u64, 1u64);
        for _ in 0..89 {
            (x, y) = (x + y, x);
        }
        assert!(x > 1 << 62);
        assert!(forced_moves(x, y) > 80, "{}", forced_moves(x, y));
        assert_eq!(euclid_wins(x, y), forced_moves(x, y).is_multiple_of(2));
        assert_eq!(euclid_winning_moves(u64::MAX, 1), vec![(0, 0)]);
    }
}
