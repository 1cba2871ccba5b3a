//! The two-ahead rule (Conway; Siegel, *Combinatorial Game Theory*, II.7; Albert, Nowakowski
//! and Wolfe, *Lessons in Play*, ch. 9): a sum of all-small games whose atomic weights add up
//! to 2 or more is positive (Left wins whoever starts), to -2 or less negative (Right wins
//! whoever starts). Atomic weights add over a sum, so a position whose parts are each valued
//! alone, but whose sum's canonical form is past the work an answer may take (a row of
//! K-L-Nim heaps), is still decided, exactly, from its parts' weights: each part's value gives
//! its weight, and a move changes the weight of its part only.
//!
//! A winning move is one that leaves a sum the rule decides for the mover; a move that leaves
//! a weight strictly between -2 and 2 is not decided by it, and the moves are then not counted
//! (those the rule decides are listed). Where the rule does not decide the position itself,
//! nothing is answered here, and the caller goes on as before.

use crate::error::AnalyzeError;
use crate::rules::analysis::Analysis;
use crate::rules::board::machinery::value::{partizan_error, runs_of, whole_after, BoardValues};
use crate::rules::board::{listed_note, listing_room, BoardContext, BoardRules, Method};
use crate::values::partizan::{GameStore, GameValue, PartizanError};

/// Where a part stands in a position: the run of its numbers.
type Run = std::ops::Range<usize>;

/// Where the rule puts a weight: positive (2 or more), negative (-2 or less), or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sign {
    Positive,
    Negative,
    Undecided,
}

/// The sign the two-ahead rule gives a sum of atomic weight `w`.
fn sign(store: &mut GameStore, w: GameValue) -> Result<Sign, PartizanError> {
    let (two, minus_two) = (store.integer(2)?, store.integer(-2)?);
    Ok(if store.ge(w, two)? {
        Sign::Positive
    } else if store.le(w, minus_two)? {
        Sign::Negative
    } else {
        Sign::Undecided
    })
}

/// The answer for the player to move of a short partizan position under normal play from the
/// atomic weights of its parts ([`BoardRules::components`]), each part valued within `work`
/// steps: `Ok(None)` where a part is not all-small, a part takes more work, the position has no
/// parts, or its weight lies strictly between -2 and 2.
pub fn answer_by_atomic_weight(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
    work: u64,
) -> Result<Option<Analysis>, AnalyzeError> {
    if context.misere {
        return Ok(None);
    }
    let Some(parts) = rules.components(numbers).filter(|parts| parts.len() > 1) else { return Ok(None) };
    let Some((parts, runs)) = in_place(numbers, parts) else { return Ok(None) };
    let mut store = GameStore::new();
    store.set_work_limit(work.min(store.work_limit()));
    let mut values = BoardValues::new(rules, context.budget).with_work(work);
    let mut weigh = Weights { store: &mut store, values: &mut values, weighed: std::collections::HashMap::new() };
    match decide(rules, numbers, context, &parts, &runs, &mut weigh) {
        Err(AnalyzeError::GaveUp(_) | AnalyzeError::Partizan(PartizanError::TooMuchWork { .. })) => Ok(None),
        other => other,
    }
}

/// The parts with where each stands in `numbers`: as runs in order ([`runs_of`]), or, for parts
/// of one number each (a game's heaps, sorted by its components), each at a place of its own
/// that holds its number, in the order of the places.
fn in_place(numbers: &[u64], parts: Vec<Vec<u64>>) -> Option<(Vec<Vec<u64>>, Vec<Run>)> {
    if let Some(runs) = runs_of(numbers, &parts) {
        return Some((parts, runs));
    }
    if parts.iter().any(|p| p.len() != 1) {
        return None;
    }
    let mut wanted: std::collections::HashMap<u64, usize> = std::collections::HashMap::new();
    for p in &parts {
        *wanted.entry(*p.first()?).or_default() += 1;
    }
    let mut placed = (vec![], vec![]);
    for (i, &n) in numbers.iter().enumerate() {
        if let Some(left) = wanted.get_mut(&n).filter(|left| **left > 0) {
            *left -= 1;
            placed.0.push(vec![n]);
            placed.1.push(i..i + 1);
        }
    }
    (placed.0.len() == parts.len()).then_some(placed)
}

/// The atomic weights of positions of one game, each weighed once (a row of 10,000 heaps holds
/// a few dozen sizes, and its moves leave the same ones).
struct Weights<'a, 'b> {
    store: &'a mut GameStore,
    values: &'a mut BoardValues<'b>,
    weighed: std::collections::HashMap<Vec<u64>, Option<GameValue>>,
}

impl Weights<'_, '_> {
    /// The atomic weight of the position `numbers`, `None` when it is not all-small.
    fn of(&mut self, numbers: &[u64]) -> Result<Option<GameValue>, AnalyzeError> {
        if let Some(&w) = self.weighed.get(numbers) {
            return Ok(w);
        }
        let v = self.values.value(self.store, numbers)?;
        let w = if self.store.is_all_small(v).map_err(partizan_error)? {
            Some(self.store.atomic_weight(v).map_err(partizan_error)?)
        } else {
            None
        };
        self.weighed.insert(numbers.to_vec(), w);
        Ok(w)
    }
}

fn decide(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
    parts: &[Vec<u64>],
    runs: &[Run],
    weigh: &mut Weights,
) -> Result<Option<Analysis>, AnalyzeError> {
    let mut weights = Vec::with_capacity(parts.len());
    for part in parts {
        let Some(w) = weigh.of(part)? else { return Ok(None) };
        weights.push(w);
    }
    let total = weigh.store.sum_all(&weights).map_err(partizan_error)?;
    let whole = sign(weigh.store, total).map_err(partizan_error)?;
    if whole == Sign::Undecided {
        return Ok(None);
    }
    let me = context.to_move.min(1);
    let (mine, theirs) = if me == 0 { (Sign::Positive, Sign::Negative) } else { (Sign::Negative, Sign::Positive) };
    let first_wins = whole == mine;
    let room = listing_room(numbers.len());
    let (mut listed, mut count, mut undecided) = (vec![], 0u128, 0u128);
    if first_wins {
        // The sign a move leaves depends only on its part's weight before and after: each pair
        // is weighed once (a row of 10,000 heaps has a few dozen).
        let mut signs: std::collections::HashMap<(GameValue, GameValue), Sign> = std::collections::HashMap::new();
        for ((part, run), &w) in parts.iter().zip(runs).zip(&weights) {
            for option in rules.options(part, me) {
                let Some(left) = weigh.of(&option)? else { return Ok(None) };
                let after = match signs.get(&(w, left)) {
                    Some(&s) => s,
                    None => {
                        let rest = weigh.store.difference(total, w).map_err(partizan_error)?;
                        let after = weigh.store.sum(rest, left).map_err(partizan_error)?;
                        let s = sign(weigh.store, after).map_err(partizan_error)?;
                        signs.insert((w, left), s);
                        s
                    }
                };
                match after {
                    s if s == mine => {}
                    s if s == theirs => continue,
                    _ => {
                        undecided += 1;
                        continue;
                    }
                }
                count += 1;
                if listed.len() < room {
                    let Some(whole) = whole_after(rules, numbers, run, &option, me) else { return Ok(None) };
                    listed.push(whole);
                }
            }
        }
    }
    let side = if me == 0 { "Left" } else { "Right" };
    let total_name =
        weigh.store.text_within(total, 60).map_err(partizan_error)?.unwrap_or_else(|| "a long game".into());
    let mut answer = Analysis::of_board(rules, numbers, first_wins, None, listed.clone(), Method::ClosedForm);
    let not_listed = (count > listed.len() as u128).then(|| listed_note(listed.len(), numbers.len(), "numbers"));
    if undecided > 0 {
        answer.set_board_count(
            None,
            Some(format!(
                "not counted: {undecided} of {side}'s moves leave a sum of atomic weight strictly between -2 and 2, which the two-ahead rule does not decide; the moves listed leave a sum it decides for {side}"
            )),
        );
    } else {
        answer.set_board_count(Some(count), not_listed);
    }
    answer.explanation = vec![
        format!(
            "{} The position's canonical form is too large to work out here, but its {} parts are each all-small (every subposition where one player can move is one where both can), so each has an atomic weight (Siegel, Combinatorial Game Theory, II.7; Lessons in Play, ch. 9), and the weights add up over the sum: {total_name}.",
            rules.rules_sentence(),
            parts.len()
        ),
        format!(
            "The two-ahead rule (Conway): a sum of atomic weight 2 or more is positive, -2 or less negative. This one is {}: {} wins whoever starts.",
            if whole == Sign::Positive { "positive" } else { "negative" },
            if whole == Sign::Positive { "Left (the first player)" } else { "Right (the second player)" }
        ),
        if first_wins {
            format!("{side}, to move, wins: a move wins when it leaves a sum the rule still decides for {side} (a move changes its part's weight only).")
        } else {
            format!("{side}, to move, loses.")
        },
    ];
    answer.sg_note = Some("none (partizan: decided by the atomic weights of its parts)".into());
    Ok(Some(answer))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::naive::NaiveSolver;
    use crate::rules::board::NoHeapEngine;
    use crate::{Convention, Game, Player};

    /// Every row of two to four K-L-Nim heaps of 1 to 7 objects (each multiset, and reversed):
    /// where the two-ahead rule answers, its outcome is the exhaustive solver's for either
    /// player to move, and its winning moves are the solver's, all of them when it counts them,
    /// some when it does not; and it answers many rows, won and lost, counted or not.
    #[test]
    fn the_rule_agrees_with_exhaustive_search_on_rows_of_heaps() {
        let mut rows: Vec<Vec<u64>> = (1..=7).map(|h| vec![h]).collect();
        for _ in 1..4 {
            let longer: Vec<Vec<u64>> = rows
                .iter()
                .filter(|r| r.len() == rows.last().map_or(0, Vec::len))
                .flat_map(|r| (r[r.len() - 1]..=7).map(move |h| [r.clone(), vec![h]].concat()))
                .collect();
            rows.extend(longer);
        }
        let rows: Vec<Vec<u64>> =
            rows.into_iter().filter(|r| r.len() > 1).flat_map(|r| [r.iter().rev().copied().collect(), r]).collect();
        let (mut answered, mut won, mut lost, mut uncounted) = (0, 0, 0, 0);
        for spelling in ["kl:2,3", "kl:3,2", "kl:2,4", "kl:3,5", "kl:4,3"] {
            let game: Game = spelling.parse().unwrap();
            let Game::Board(board) = &game else { panic!("{spelling} is a board game") };
            let mut naive = NaiveSolver::new();
            for row in &rows {
                let tokens: Vec<String> = row.iter().map(u64::to_string).collect();
                let position = game.parse_position(&tokens).unwrap();
                for (to_move, player) in [(0, Player::First), (1, Player::Second)] {
                    let mut context = BoardContext::plain(false, 1 << 20, &NoHeapEngine);
                    context.to_move = to_move;
                    let Some(a) = answer_by_atomic_weight(board.rules(), row, &context, 1 << 20).unwrap() else {
                        continue;
                    };
                    answered += 1;
                    let wins = naive.wins(&position, Convention::Normal, player);
                    assert_eq!(a.outcome, crate::Outcome::from_win(wins), "{spelling} {row:?} {player}");
                    let mut want: Vec<String> = naive
                        .winning_moves(&position, Convention::Normal, player)
                        .iter()
                        .map(|m| m.to_string())
                        .collect();
                    let mut got: Vec<String> = a.winning_moves.iter().map(|m| m.mv.to_string()).collect();
                    want.sort();
                    got.sort();
                    if a.winning_move_count.is_some() {
                        assert_eq!(got, want, "{spelling} {row:?} {player}");
                    } else {
                        uncounted += 1;
                        assert!(
                            got.iter().all(|m| want.contains(m)),
                            "{spelling} {row:?} {player}: {got:?} not in {want:?}"
                        );
                    }
                    if wins {
                        won += 1;
                    } else {
                        lost += 1;
                    }
                }
            }
        }
        assert!(answered > 1000 && won > 100 && lost > 100 && uncounted > 10, "{answered} {won} {lost} {uncounted}");
    }
}
