//! Every-SG (the HDU 3595 "GG and MM" convention): a position is a sum of games, and on each
//! turn the player to move makes one move in **every** game that is not over; whoever makes the
//! last move wins.
//!
//! The theory (Jia Zhihao, "Game theory in informatics olympiad", 2009, after Smith's
//! remoteness): give each game its step, 0 when it is over; for a position won in that game
//! alone (normal play), 1 + the largest step of an option that is lost; for a lost one, 1 +
//! the smallest step of any option. The winner of a game makes it last as long as it can and
//! the loser ends it as fast as it can, so every game ends after exactly its step in moves,
//! and the player to move wins the sum exactly when the largest step is odd (the last game to
//! end is the last move). The tests check this against a plain exhaustive search of the sum,
//! every combination of moves tried.
//!
//! A move of the sum is one move in each game still going: a [`Move`] over the whole run of
//! numbers that changes. Moving along each game's best line lowers every step by one, so the
//! largest becomes even: that move is listed, and the count of winning moves is the number of
//! combinations after which the largest step is even.

use std::collections::HashMap;

use crate::engine::Method;
use crate::error::{AnalyzeError, GaveUp, Work};
use crate::game::convention::Outcome;
use crate::game::{Component, Move, Position};
use crate::rules::Ruleset;
use crate::solve::analysis::{blank_analysis, Analysis, AnalyzeOptions, WinningMove};
use crate::solve::naive::{self, NaiveSolver};
use crate::stop::Ticker;

/// How many of a game's moves lead to each step, the move along its best line and the move
/// along its slowest line (the positions they leave).
type StepOptions = (Vec<(u64, u128)>, Option<Position>, Option<Position>);

/// One game of the sum, with the index of its first number in the position.
pub(crate) struct Part {
    /// The index of the game's first number in the whole position.
    pub(crate) first: usize,
    /// The game alone.
    pub(crate) position: Position,
}

/// The games a position is a sum of: each heap of a sum of heaps; any other position is one game.
pub(crate) fn parts(position: &Position) -> Vec<Part> {
    position.kind().summands().into_iter().map(|(first, position)| Part { first, position }).collect()
}

/// The position with each game replaced by what it became (in the order of [`parts`]).
pub(crate) fn assemble(position: &Position, after: Vec<Position>) -> Position {
    position.kind().with_summands(after)
}

/// The steps of one game's positions, found by exhaustive search (memoised on the canonical
/// form of each position: heaps in any order, and finished ones, are one entry), or by the
/// games' own rules where they are known at any size: Euclid's game, and a Nim heap (won when
/// not empty, and its only lost option, the empty heap, has step 0: step 1).
///
/// The search's work is the options it visits (each listed by the rule, made canonical and
/// looked up), counted as they are listed against `budget` ([`Work::MovesExamined`]); its
/// memory, the positions it keeps, against the same number within [`Work::PositionsSearched`].
struct Steps {
    memo: HashMap<Position, (bool, u64)>,
    budget: u64,
    /// The options visited so far.
    visited: u64,
    ticker: Ticker,
}

impl Steps {
    fn new(budget: u64) -> Self {
        Steps { memo: HashMap::new(), budget: Work::MovesExamined.clamp(budget), visited: 0, ticker: Ticker::new(1024) }
    }

    /// Counts `n` options visited, refusing once they pass the budget.
    fn visit(&mut self, n: usize) -> Result<(), AnalyzeError> {
        self.visited = self.visited.saturating_add(n as u64);
        if self.visited > self.budget {
            return Err(GaveUp { what: Work::MovesExamined, used: self.budget, needed: None }.into());
        }
        self.ticker.tick()?;
        Ok(())
    }
}

impl Steps {
    /// (whether the player to move wins that game alone, its step).
    fn of(&mut self, position: &Position) -> Result<(bool, u64), AnalyzeError> {
        if let Some(step) = position.as_board().and_then(|(b, numbers)| b.rules().every_step(numbers)) {
            return Ok(step);
        }
        if let Some([c]) = position.as_heaps().filter(|cs| cs.iter().all(|c| c.ruleset.is_nim())) {
            return Ok((c.heap > 0, u64::from(c.heap > 0)));
        }
        let key = NaiveSolver::key_of(position);
        if let Some(&r) = self.memo.get(&key) {
            return Ok(r);
        }
        let held = Work::PositionsSearched.clamp(self.budget);
        if self.memo.len() as u64 >= held {
            return Err(GaveUp { what: Work::PositionsSearched, used: held, needed: None }.into());
        }
        // A position whose options alone would pass the budget is refused before they are
        // listed (a take-or-split heap of 1,000 has millions of splits into 5 parts).
        if let Some((b, numbers)) = position.as_board() {
            if let Some(bound) = b.rules().option_count_bound(numbers) {
                let bound = u64::try_from(bound).unwrap_or(u64::MAX);
                if self.visited.saturating_add(bound) > self.budget {
                    return Err(GaveUp { what: Work::MovesExamined, used: self.budget, needed: None }.into());
                }
            }
        }
        let options = naive::moves(position, crate::game::Player::First);
        self.visit(options.len())?;
        let mut lost_steps = vec![];
        let mut all_steps = vec![];
        for (_, next) in &options {
            let (wins, step) = self.of(next)?;
            if !wins {
                lost_steps.push(step);
            }
            all_steps.push(step);
        }
        let r = match (lost_steps.iter().max(), all_steps.iter().min()) {
            (Some(&s), _) => (true, s + 1),
            (None, Some(&s)) => (false, s + 1),
            (None, None) => (false, 0),
        };
        self.memo.insert(key, r);
        Ok(r)
    }

    /// The steps that one game's moves lead to: how many moves lead to each step, the move
    /// along the game's best line (to a lost option of the largest step when the game is won,
    /// to an option of the smallest step when it is lost), and the move along its slowest line
    /// (to an option of the largest step), as the positions they leave.
    fn options(&mut self, position: &Position, wins: bool) -> Result<StepOptions, AnalyzeError> {
        let mut counts: HashMap<u64, u128> = HashMap::new();
        let mut best: Option<(u64, Position)> = None;
        let mut slowest: Option<(u64, Position)> = None;
        if let Some([c]) = position.as_heaps() {
            if c.ruleset.is_nim() {
                let heap = c.heap;
                // Options 0 (step 0) and 1..heap-1 (step 1); the best is to empty it.
                let n = heap;
                let mut v = vec![(0, 1)];
                if n > 1 {
                    v.push((1, u128::from(n - 1)));
                }
                let empty = Position::of_heaps(vec![Component::new(Ruleset::nim(), 0)]);
                let one_left = Position::of_heaps(vec![Component::new(Ruleset::nim(), 1)]);
                let slowest = if n > 1 { Some(one_left) } else { (n > 0).then(|| empty.clone()) };
                return Ok((v, (n > 0).then_some(empty), slowest));
            }
        }
        let options = grouped_options(position).unwrap_or_else(|| {
            naive::moves(position, crate::game::Player::First).into_iter().map(|(_, p)| (p, 1u128)).collect()
        });
        self.visit(options.len())?;
        for (next, times) in options {
            let (next_wins, step) = self.of(&next)?;
            *counts.entry(step).or_default() += times;
            // Won: to a lost option, the largest step; lost: to any option, the smallest.
            let better = match &best {
                _ if wins && next_wins => false,
                None => true,
                Some((b, _)) => (wins && step > *b) || (!wins && step < *b),
            };
            if slowest.as_ref().is_none_or(|(s, _)| step > *s) {
                slowest = Some((step, next.clone()));
            }
            if better {
                best = Some((step, next));
            }
        }
        let mut v: Vec<(u64, u128)> = counts.into_iter().collect();
        v.sort_unstable();
        Ok((v, best.map(|(_, p)| p), slowest.map(|(_, p)| p)))
    }
}

/// A board game's options grouped by step, for a game with a rule for its steps
/// ([`crate::rules::board::Theory::grouped_options`]: Euclid's game, whose huge quotients
/// are not listed one by one). `None` for other games.
fn grouped_options(position: &Position) -> Option<Vec<(Position, u128)>> {
    let (b, numbers) = position.as_board()?;
    let grouped = b.rules().grouped_options(numbers)?;
    Some(grouped.into_iter().map(|(after, times)| (Position::of_board(b.clone(), after), times)).collect())
}

/// The longest game of a board game that Every-SG searches (see
/// [`crate::rules::board::PlayHelp::longest_game`]).
const EVERY_BOARD_MOVES: u128 = 2_000;

/// Refuses at once what Every-SG does not cover here at all: a partizan game, and a heap that
/// splits (which would change the games of the sum during play).
pub(crate) fn check_covered(position: &Position) -> Result<(), AnalyzeError> {
    if let Some((b, numbers)) = position.as_board() {
        if let Some(why) = b.rules().players(Some(numbers)).why_partizan() {
            let family = b.to_string().split(':').next().unwrap_or_default().to_string();
            return Err(AnalyzeError::Unsupported(format!(
                "Every-SG of {family} with {why} is not computed here: Every-SG is defined for impartial games, and this one is partizan"
            )));
        }
    }
    // Every game of a sum too: one partizan game makes the sum partizan, and a search of its
    // steps from the first player's options alone would answer for a game Every-SG does not
    // define (domineering + nim 2 was once called a loss for the player to move).
    let partizan: Vec<String> = parts(position)
        .iter()
        .enumerate()
        .filter(|(_, p)| crate::solve::value::is_partizan(&p.position))
        .map(|(i, p)| format!("game {} ({})", i + 1, crate::game::games::part_game(&p.position)))
        .collect();
    if !partizan.is_empty() {
        return Err(AnalyzeError::Unsupported(format!(
            "{}: Every-SG is defined for impartial games, so this sum's Every-SG play is not computed (its normal play is, by Conway's values: drop --every)",
            crate::solve::value::partizan_parts(&partizan)
        )));
    }
    if let Some(r) = parts(position)
        .iter()
        .find_map(|p| p.position.as_heaps()?.iter().find(|c| c.ruleset.splits()).map(|c| c.ruleset.clone()))
    {
        return Err(AnalyzeError::Unsupported(format!(
            "Every-SG takes each heap as one game, and a heap of {r} can split into several, which would change the games of the sum during play; it is not covered"
        )));
    }
    Ok(())
}

/// Refuses at once a game without a rule for its steps that could last past
/// [`EVERY_BOARD_MOVES`] moves: searched recursively, it would overflow the stack and list the
/// moves of huge positions.
fn check_length(position: &Position) -> Result<(), AnalyzeError> {
    for p in &parts(position) {
        let board = p.position.as_board();
        let nim = p.position.as_heaps().is_some_and(|cs| cs.iter().all(|c| c.ruleset.is_nim()));
        let longest = match board {
            // A game with a rule for its steps is not searched.
            Some((b, numbers)) if b.rules().every_step(numbers).is_some() => None,
            Some((b, numbers)) => Some(b.rules().longest_game(numbers)),
            None if nim => None,
            None => Some(p.position.heaps().iter().map(|&h| u128::from(h)).sum()),
        };
        if let Some(longest) = longest.filter(|&l| l > EVERY_BOARD_MOVES) {
            // A game whose positions may repeat says so with u128::MAX.
            let last = match longest {
                u128::MAX => "for ever (its positions may repeat)".to_string(),
                l => l.to_string(),
            };
            return Err(AnalyzeError::Unsupported(format!(
                "Every-SG is found here by an exhaustive search along each game without a rule for its steps, which takes games of at most {EVERY_BOARD_MOVES} moves; a game from this position ({}) can last {last}",
                crate::game::games::part_token(&p.position)
            )));
        }
    }
    Ok(())
}

/// Both refusals, in the order the analysis has always given them (a partizan game first, then
/// a game too long to search, then a heap that splits).
fn check_games(position: &Position) -> Result<(), AnalyzeError> {
    if parts(position).iter().any(|p| crate::solve::value::is_partizan(&p.position)) {
        check_covered(position)?;
    }
    check_length(position)?;
    check_covered(position)
}

/// The turn the computer plays under Every-SG, from [`computer_turn`].
pub(crate) struct ComputerTurn {
    /// Whether the player to move wins the sum.
    pub(crate) wins: bool,
    /// The position after one move in every game that is not over.
    pub(crate) after: Position,
    /// The largest step left after the turn.
    pub(crate) largest_left: u64,
}

/// The computer's turn under Every-SG: in a won position every game along its best line
/// (Jia Zhihao's theorem: every step drops by one and the largest becomes even, so the
/// opponent loses); in a lost one every game along its slowest line (to an option of the
/// largest step), so that the game lasts. `None` when no game has a move.
pub(crate) fn computer_turn(position: &Position, budget: u64) -> Result<Option<ComputerTurn>, AnalyzeError> {
    check_games(position)?;
    let parts = parts(position);
    let mut steps = Steps::new(budget);
    let mut found = vec![];
    for p in &parts {
        found.push(steps.of(&p.position)?);
    }
    let largest = found.iter().map(|&(_, s)| s).max().unwrap_or(0);
    if largest == 0 {
        return Ok(None);
    }
    let wins = largest % 2 == 1;
    let mut after = vec![];
    let mut largest_left = 0;
    for (p, &(w, s)) in parts.iter().zip(&found) {
        if s == 0 {
            after.push(p.position.clone());
            continue;
        }
        let (_, best, slowest) = steps.options(&p.position, w)?;
        let next = if wins { best } else { slowest };
        let next = next.unwrap_or_else(|| p.position.clone());
        largest_left = largest_left.max(steps.of(&next)?.1);
        after.push(next);
    }
    let after = assemble(position, after);
    Ok(Some(ComputerTurn { wins, after, largest_left }))
}

/// The analysis of `position` under Every-SG.
pub(crate) fn every(position: &Position, options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    check_games(position)?;
    let parts = parts(position);
    let mut steps = Steps::new(options.budget);
    let mut found = vec![];
    for p in &parts {
        found.push(steps.of(&p.position)?);
    }
    let largest = found.iter().map(|&(_, s)| s).max().unwrap_or(0);
    let wins = largest % 2 == 1;
    let mut a = blank_analysis(Outcome::from_win(wins), Method::Search);
    a.sg_note = Some("none (Every-SG play has no Sprague-Grundy value; each game has a step)".into());
    a.heap_values = Some(found.iter().map(|&(_, s)| s).collect());
    a.explanation = vec![
        "Every-SG: the player to move makes a move in every game that is not over, and whoever makes the last move wins.".into(),
        "Jia Zhihao's theorem: give each game its step (0 when over; when it is won alone, 1 + the largest step of a lost option; when lost, 1 + the smallest step of any option). The winner of a game makes it last and the loser ends it fast, so the sum is won exactly when the largest step is odd.".into(),
        format!(
            "Here the steps are {} (one per game, in order), the largest is {largest}, which is {}: the player to move {}.",
            found.iter().map(|&(_, s)| s.to_string()).collect::<Vec<_>>().join(", "),
            if wins { "odd" } else { "even" },
            if wins { "wins" } else { "loses" }
        ),
    ];
    if !wins {
        return Ok(a);
    }
    // How many combinations leave the largest step even: with F_i(m) the moves of game i whose
    // step is at most m (a game already over stays at 0), the combinations whose largest is
    // exactly m number prod F_i(m) - prod F_i(m - 1).
    let mut dists = vec![];
    let mut best = vec![];
    for (p, &(w, s)) in parts.iter().zip(&found) {
        if s == 0 {
            dists.push(vec![(0, 1)]);
            best.push(None);
            continue;
        }
        let (d, b, _) = steps.options(&p.position, w)?;
        dists.push(d);
        best.push(b);
    }
    let at_most = |m: u64| -> Option<u128> {
        dists.iter().try_fold(1u128, |acc, d| acc.checked_mul(d.iter().filter(|(s, _)| *s <= m).map(|(_, c)| c).sum()))
    };
    let mut count: Option<u128> = Some(0);
    for m in (0..largest).step_by(2) {
        let exactly = match (at_most(m), m.checked_sub(1).map_or(Some(0), at_most)) {
            (Some(x), Some(y)) => x.checked_sub(y),
            _ => None,
        };
        count = count.zip(exactly).and_then(|(c, e)| c.checked_add(e));
    }
    // The move along every game's best line.
    let mut after: Vec<Position> = vec![];
    for (p, b) in parts.iter().zip(best) {
        after.push(b.unwrap_or_else(|| p.position.clone()));
    }
    let before = position.heaps();
    let result: Vec<u64> = assemble(position, after.clone()).heaps();
    if let Some(mv) = Move::between(&before, &result) {
        let text = describe_every(&parts, &after, position.as_parts().is_some());
        a.winning_moves.push(WinningMove { value: None, result_tokens: None, leaves: vec![], text, result, mv });
    }
    a.set_given_count(count, "the move along every game's best line is listed; the count is of every combination of moves after which the largest step is even");
    a.explanation.push(
        "The listed move plays every game along its best line, so every step drops by one and the largest becomes even.".into(),
    );
    if count.is_none() {
        a.explanation.push("The number of winning combinations passes 2^128 and is not counted.".into());
    }
    Ok(a)
}

/// The combined move in words: each game's move, separated by semicolons, heaps numbered as in
/// the whole position.
/// `games`: the position is a sum of different games, whose heap parts are worded as their
/// game (in game 2 (nim): take 1 from heap 1), as the explanation and `play` name them; in a sum
/// of heaps each heap is named by its number.
fn describe_every(parts: &[Part], after: &[Position], games: bool) -> String {
    let mut words = vec![];
    for (k, (p, next)) in parts.iter().zip(after).enumerate() {
        let (from, to) = (p.position.heaps(), next.heaps());
        if from == to {
            continue;
        }
        let (heaps, board) = (p.position.as_heaps(), p.position.as_board());
        words.push(match (heaps, board) {
            (Some(cs), _) => match cs {
                [c] if games => format!(
                    "in game {} ({}): {}",
                    k + 1,
                    crate::game::games::part_game(&p.position),
                    c.ruleset.describe_move(1, c.heap, &to)
                ),
                [c] => c.ruleset.describe_move(p.first + 1, c.heap, &to),
                _ => format!("{} -> {}", p.first + 1, join(&to)),
            },
            (None, Some((board, numbers))) => match parts.len() {
                1 => board.rules().describe(numbers, &to),
                _ => format!("in game {} ({board}): {}", k + 1, board.rules().describe(numbers, &to)),
            },
            (None, None) => format!("{} -> {}", join(&from), join(&to)),
        });
    }
    words.join("; ")
}

fn join(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}
