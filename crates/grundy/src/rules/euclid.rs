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
/// use grundy::euclid_wins;
/// assert!(euclid_wins(34, 12)); // HDU 1525: Stan wins
/// assert!(!euclid_wins(15, 24)); // Ollie wins
/// assert!(!euclid_wins(7, 0));
/// ```
pub fn euclid_wins(a: u64, b: u64) -> bool {
    let (mut big, mut small) = (a.max(b), a.min(b));
    // Each forced move flips who is to move.
    let mut mover_wins = true;
    loop {
        if small == 0 {
            return !mover_wins;
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
/// use grundy::euclid_winning_moves;
/// // From (34, 12): (22, 12) is won for the opponent (22 - 12 = 10, then (12, 10) -> (10, 2)
/// // wins), (10, 12) is lost for them.
/// assert_eq!(euclid_winning_moves(34, 12), vec![(0, 10)]);
/// assert_eq!(euclid_winning_moves(15, 24), vec![]);
/// ```
pub fn euclid_winning_moves(a: u64, b: u64) -> Vec<(usize, u64)> {
    let mut out = vec![];
    for (i, big, small) in [(0, a, b), (1, b, a)] {
        if small == 0 || big < small {
            continue;
        }
        let q = big / small;
        for k in [q.saturating_sub(1), q].into_iter().filter(|&k| k >= 1) {
            let left = big - k * small;
            let (x, y) = if i == 0 { (left, b) } else { (a, left) };
            if !euclid_wins(x, y) && !out.contains(&(i, left)) {
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
/// use grundy::rules::euclid::euclid_value;
/// assert_eq!(euclid_value(5, 0), 0); // over
/// assert_eq!(euclid_value(7, 7), 1);
/// assert_eq!(euclid_value(34, 12), 2);
/// ```
pub fn euclid_value(a: u64, b: u64) -> u64 {
    // From the bottom level up: c is the value of the level below.
    levels(a, b).iter().rev().fold(0, |c, &q| (q - 1) + u64::from(q > c))
}

/// The Every-SG step of (a, b) (the convention where each player moves in every game still
/// alive): 0 when the game is over; for a won position 1 + the largest step of an option that
/// is lost, for a lost one 1 + the smallest step of any option (Jia Zhihao's definition). Along
/// a level the lost positions among (r + j b, b) can only be j = 0 (when c = 0) or j = 1 (when
/// c != 0), so every j >= 2 has the same step, and the step is O(log) to compute.
///
/// ```
/// use grundy::rules::euclid::euclid_step;
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
