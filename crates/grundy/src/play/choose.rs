//! The computer's choice of move: at its [`Level`], a winning move when the position is won
//! (from the analysis, the graph solver, or Jia Zhihao's theorem under Every-SG), else the move
//! that makes a lost game last longest, leaves the fewest winning replies, or changes the
//! position least, with the reason in words. Positions the computer cannot play perfectly are
//! refused before the game starts ([`check_perfect`]).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::engine::heap::solvers_for;
use crate::error::{AnalyzeError, Work};
use crate::game::convention::{Convention, Outcome};
use crate::game::position::heaps::random_heap_move;
use crate::game::{Game, Move, Position};
use crate::rules::board::graphs::graph::{solve as graph_solve, Verdict};
use crate::rules::board::machinery::loopy::PositionGraph;
use crate::solve::analysis::{analyze, Analysis, AnalyzeOptions};
use crate::values::partizan::loopy::Retrograde;

use super::remoteness::longest_move;
use super::{apply, describe, describe_to, every, graph_of, has_move, plural, random_move, smallest_move, Rng};

/// How well the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Level {
    /// Always a winning move when one exists; from a lost position the longest game.
    #[default]
    Perfect,
    /// Like `Perfect`, but one move in five is a random legal move instead.
    Good,
    /// One move in two is a random legal move.
    Easy,
}

impl Level {
    /// The chance, in percent, that a move is a deliberate random one.
    pub fn mistake_percent(self) -> u64 {
        match self {
            Level::Perfect => 0,
            Level::Good => 20,
            Level::Easy => 50,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Perfect => "perfect",
            Level::Good => "good",
            Level::Easy => "easy",
        })
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "perfect" => Ok(Level::Perfect),
            "good" => Ok(Level::Good),
            "easy" => Ok(Level::Easy),
            _ => Err(format!("unknown level '{s}' (expected perfect, good or easy)")),
        }
    }
}

/// Why the computer chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Reason {
    /// A winning move (the position was won).
    Winning,
    /// The position was lost; the move makes the game last longest (the largest remoteness).
    Longest,
    /// The position was lost and too big to search for the longest game: of a bounded number of
    /// moves looked at, the one that leaves the opponent the fewest winning replies, so that
    /// they must find a rare move.
    Fewest,
    /// The position was lost (or could not be solved within the budget) and the longest game
    /// could not be computed: the move that changes the position least.
    Smallest,
    /// A random legal move, made on purpose at a lower level.
    Mistake,
    /// The position was drawn (a game on a graph with cycles): a move that keeps it drawn.
    Drawing,
}

impl Reason {
    /// The reason in words.
    pub fn words(self) -> &'static str {
        match self {
            Reason::Winning => "a winning move",
            Reason::Longest => "lost position: the move that holds out longest",
            Reason::Fewest => "lost position: the move that leaves the fewest winning replies",
            Reason::Smallest => "the position is lost or unsolved: the smallest move",
            Reason::Mistake => "a deliberate mistake at this level",
            Reason::Drawing => "drawn position: a move that keeps it drawn",
        }
    }
}

/// The computer's chosen move. In JSON: `heap` (numbered from 1) and `to`, then the fields
/// below.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The move.
    #[serde(flatten)]
    pub mv: Move,
    /// The move in words.
    pub text: String,
    /// The position's numbers after it (as [`Position::heaps`]).
    pub result: Vec<u64>,
    /// Why this move.
    pub reason: Reason,
    /// Why this move, in words (with the search's failure when one gave up).
    pub note: String,
}

/// The computer's move for the player to move (`options.to_move`) at `level`; `None` exactly
/// when that player has no move (the game is over).
///
/// At `Perfect` it is always a winning move when one exists (chosen among them with `rng`);
/// from a lost position the move that makes the game last longest where that can be searched,
/// else the smallest move. Lower levels replace a move by a random one with their
/// [`Level::mistake_percent`].
///
/// ```
/// use grundy::{AnalyzeOptions, Game, play::{choose_move, Level, Reason, Rng}};
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["3", "4", "5"]).unwrap();
/// let c = choose_move(&nim, &pos, &AnalyzeOptions::default(), Level::Perfect, &mut Rng::new(1)).unwrap().unwrap();
/// assert_eq!(c.reason, Reason::Winning);
/// assert_eq!(c.result, vec![1, 4, 5]);
/// ```
pub fn choose_move(
    game: &Game,
    position: &Position,
    options: &AnalyzeOptions,
    level: Level,
    rng: &mut Rng,
) -> Result<Option<Choice>, AnalyzeError> {
    Ok(choose(game, position, options, level, rng)?.map(|(c, _)| c))
}

/// [`choose_move`] with the position after the move (an Every-SG turn is applied as the
/// computer chose it, not read back from its numbers).
pub(super) fn choose(
    game: &Game,
    position: &Position,
    options: &AnalyzeOptions,
    level: Level,
    rng: &mut Rng,
) -> Result<Option<(Choice, Position)>, AnalyzeError> {
    if options.convention == Convention::Every {
        return choose_every(position, options, level, rng);
    }
    Ok(choose_one(game, position, options, level, rng)?.map(|c| {
        let next = apply(position, &c.mv);
        (c, next)
    }))
}

/// The computer's turn under Every-SG: at level perfect, in a won position every game along
/// its best line (Jia Zhihao's theorem: every step drops by one and the largest becomes even),
/// in a lost one every game along its slowest line; lower levels make a random move in every
/// game instead with their [`Level::mistake_percent`]. A position the analysis cannot answer
/// (past its budget, or a game too long to search) gets the smallest move in every game below
/// level perfect, and is an error at level perfect.
fn choose_every(
    position: &Position,
    options: &AnalyzeOptions,
    level: Level,
    rng: &mut Rng,
) -> Result<Option<(Choice, Position)>, AnalyzeError> {
    let player = options.to_move;
    if !has_move(position, player) {
        return Ok(None);
    }
    every::refusal(position)?;
    let choice = |mv: Move, next: Position, reason: Reason, note: String| {
        let text = describe_to(position, &next, &mv);
        Some((Choice { text, result: next.heaps(), mv, reason, note }, next))
    };
    let smallest = |note: String| match every::each_game(position, player, |g| smallest_move(g, player)) {
        Some((mv, next)) => Ok(choice(mv, next, Reason::Smallest, note)),
        None => Err(AnalyzeError::Unsupported("the computer found no move to make in this position".into())),
    };
    if rng.chance(level.mistake_percent()) {
        if let Some((mv, next)) = every::each_game(position, player, |g| random_move(g, player, rng)) {
            return Ok(choice(mv, next, Reason::Mistake, Reason::Mistake.words().into()));
        }
    }
    match crate::solve::every::computer_turn(position, options.budget) {
        Ok(Some(t)) => {
            let Some(mv) = Move::between(&position.heaps(), &t.after.heaps()) else {
                return smallest(Reason::Smallest.words().into());
            };
            let (reason, note) = if t.wins {
                (
                    Reason::Winning,
                    format!(
                        "a winning move: every game along its best line, so the largest step left is {}, even (Jia Zhihao's theorem)",
                        t.largest_left
                    ),
                )
            } else {
                (
                    Reason::Longest,
                    format!(
                        "lost position: every game along its slowest line, leaving the largest step it can ({})",
                        t.largest_left
                    ),
                )
            };
            Ok(choice(mv, t.after, reason, note))
        }
        Ok(None) => smallest(Reason::Smallest.words().into()),
        Err(AnalyzeError::GaveUp(g)) => smallest(format!("{} ({g})", Reason::Smallest.words())),
        Err(AnalyzeError::Unsupported(why)) if level != Level::Perfect => {
            smallest(format!("{} ({why})", Reason::Smallest.words()))
        }
        Err(e) => Err(e),
    }
}

/// The computer's move under normal or misère play (see [`choose_move`]).
fn choose_one(
    game: &Game,
    position: &Position,
    options: &AnalyzeOptions,
    level: Level,
    rng: &mut Rng,
) -> Result<Option<Choice>, AnalyzeError> {
    let player = options.to_move;
    if !has_move(position, player) {
        return Ok(None);
    }
    let choice = |mv: Move, reason: Reason, note: String| {
        let result = apply(position, &mv).heaps();
        Some(Choice { text: describe(position, &mv), mv, result, reason, note })
    };
    // The last resort. The position has a move, so finding none is an error here, and `None`
    // always means the game is over (callers need not check it again).
    let smallest = |note: String| match smallest_move(position, player) {
        Some(mv) => Ok(choice(mv, Reason::Smallest, note)),
        None => Err(AnalyzeError::Unsupported("the computer found no move to make in this position".into())),
    };
    if rng.chance(level.mistake_percent()) {
        if let Some(mv) = random_move(position, player, rng) {
            return Ok(choice(mv, Reason::Mistake, Reason::Mistake.words().into()));
        }
    }
    if let Some((g, numbers)) = graph_of(position) {
        let misere = options.convention == Convention::Misere;
        let report = match graph_solve::report(g.graph(), numbers, player.index(), misere, options.budget) {
            Ok(r) => r,
            Err(AnalyzeError::GaveUp(why)) if level != Level::Perfect => {
                return smallest(format!("{} ({why})", Reason::Smallest.words()));
            }
            Err(e) => return Err(e),
        };
        // Among the drawing moves any keeps the draw: one at random, so that the games vary.
        let drawing: Vec<_> = report.moves.iter().filter(|m| m.verdict == Verdict::Draw).collect();
        let best = match report.best_move() {
            Some(m) if m.verdict == Verdict::Draw => drawing.get(rng.below(drawing.len() as u64) as usize).copied(),
            other => other,
        };
        let Some(m) = best else {
            return smallest(Reason::Smallest.words().into());
        };
        let mv = Move::new(m.token, vec![u64::from(m.to)]);
        let (reason, note) = match m.verdict {
            Verdict::Win => (Reason::Winning, "a winning move that makes progress".to_string()),
            Verdict::Draw => (Reason::Drawing, Reason::Drawing.words().to_string()),
            Verdict::Lose => (Reason::Longest, Reason::Longest.words().to_string()),
        };
        return Ok(choice(mv, reason, note));
    }
    if let Some(graph) = position.kind().position_graph(options.budget) {
        return loopy_move(position, graph, level, player.index(), &smallest, &choice);
    }
    let analysis = match analyze(game, position, options) {
        // Some winning moves left out (a heap with too many options): a winning move may be
        // among them, so this is played like a position the budget did not solve.
        Ok(a) if a.winning_moves.is_empty() && a.winning_moves_not_listed.is_some() => {
            // At level perfect a won position must be won: a move picked blind could hand it
            // over, so the computer says it cannot keep its promise rather than guess.
            if level == Level::Perfect && a.outcome == Outcome::N {
                return Err(unlisted_winning_moves(&a));
            }
            let note = format!("{} ({})", Reason::Smallest.words(), a.winning_moves_not_listed.unwrap_or_default());
            return smallest(note);
        }
        Ok(a) => Some(a),
        // Unsolved within the budget: still a sensible move rather than no game.
        Err(AnalyzeError::GaveUp(g)) => {
            let note = format!("{} ({g})", Reason::Smallest.words());
            return smallest(note);
        }
        // Below level perfect the computer promises no perfect play, so a value out of reach
        // (Grundy's game past its table) still gets a move; at level perfect it is an error,
        // which the front ends report before the game starts (`check_perfect`).
        Err(AnalyzeError::Unsupported(why)) if level != Level::Perfect => {
            return smallest(format!("{} ({why})", Reason::Smallest.words()));
        }
        Err(e) => return Err(e),
    };
    // Solved with no winning move: the position is known to be lost, and the note says so
    // rather than "lost or unsolved".
    let lost = analysis.as_ref().is_some_and(|a| a.outcome == Outcome::P);
    if let Some(a) = analysis.filter(|a| !a.winning_moves.is_empty()) {
        // In a game whose positions may repeat, a winning move picked at random could undo the
        // last one and go round a cycle for ever: the computer plays the first, and such a game
        // lists first the moves that make progress.
        let repeats = position.as_board().is_some_and(|(b, numbers)| b.rules().longest_game(numbers) == u128::MAX);
        let pick = if repeats { 0 } else { rng.below(a.winning_moves.len() as u64) as usize };
        let w = &a.winning_moves[pick];
        return Ok(choice(w.mv.clone(), Reason::Winning, Reason::Winning.words().into()));
    }
    if let Some((mv, rem)) = longest_move(position, options.convention, player) {
        let note = format!("{} ({} more with best play)", Reason::Longest.words(), plural(rem, "move"));
        return Ok(choice(mv, Reason::Longest, note));
    }
    if let Some(r) = fewest_replies_move(position, options, rng) {
        let note = format!(
            "{} ({} of them, the fewest among {} moves looked at)",
            Reason::Fewest.words(),
            r.replies,
            r.looked_at
        );
        return Ok(choice(r.mv, Reason::Fewest, note));
    }
    smallest(if lost { LOST_SMALLEST } else { Reason::Smallest.words() }.into())
}

/// The computer's move in a loopy game (a position of a game whose positions repeat), from its
/// graph of positions by retrograde analysis: the fastest win, else a move that keeps a draw,
/// else the loss held out longest ([`Retrograde::best_move`]), so that a won game never slips
/// into endless play. A graph past the budget gets the smallest move below level perfect.
fn loopy_move(
    position: &Position,
    graph: Result<PositionGraph, AnalyzeError>,
    level: Level,
    player: usize,
    smallest: &dyn Fn(String) -> Result<Option<Choice>, AnalyzeError>,
    choice: &dyn Fn(Move, Reason, String) -> Option<Choice>,
) -> Result<Option<Choice>, AnalyzeError> {
    let g = match graph {
        Ok(g) => g,
        Err(AnalyzeError::GaveUp(why)) if level != Level::Perfect => {
            return smallest(format!("{} ({why})", Reason::Smallest.words()));
        }
        Err(e) => return Err(e),
    };
    let retro = Retrograde::solve(&g.graph);
    let Some((mv, result)) =
        g.best_move(&retro, player).and_then(|(after, r)| Some((Move::between(&position.heaps(), &after)?, r)))
    else {
        return smallest(Reason::Smallest.words().into());
    };
    let (reason, note) = match result {
        Some((winner, 0)) if winner == player => {
            (Reason::Winning, "a winning move: it leaves the other player no move".to_string())
        }
        Some((winner, plies)) if winner == player => {
            (Reason::Winning, format!("a winning move, which wins within {} more", plural(u64::from(plies), "move")))
        }
        None => (Reason::Drawing, Reason::Drawing.words().to_string()),
        Some((_, plies)) => (
            Reason::Longest,
            format!("{} ({} more with best play)", Reason::Longest.words(), plural(u64::from(plies), "move")),
        ),
    };
    Ok(choice(mv, reason, note))
}

/// The note of the smallest move made from a position solved and known to be lost (no longest
/// game could be searched).
const LOST_SMALLEST: &str = "the position is lost: the smallest move";

/// How many heaps [`fewest_replies_move`] looks at, and how many moves in each: a bounded
/// amount of work, whatever the size of the position.
const RESIST_HEAPS: usize = 16;
const RESIST_MOVES_PER_HEAP: usize = 4;

/// The move [`fewest_replies_move`] found.
struct Resistance {
    mv: Move,
    replies: u128,
    looked_at: usize,
}

/// For a lost position of a normal-play sum too big to search: among the smallest move and a
/// few random moves in each of the largest heaps, the one after which the opponent has the
/// fewest winning replies (exact counts, from the heaps' winning families), the fewest objects
/// taken breaking ties. `None` for other positions, or when no count is known.
fn fewest_replies_move(position: &Position, options: &AnalyzeOptions, rng: &mut Rng) -> Option<Resistance> {
    let cs = position.as_heaps()?;
    if options.convention != Convention::Normal || cs.len() > RESIST_HEAPS * 4 {
        return None;
    }
    let solvers = solvers_for(cs, options.budget, options.stored).ok()?;
    let values: Vec<u64> = cs.iter().map(|c| solvers[&c.ruleset].value(c.heap)).collect::<Option<_>>()?;
    let x = values.iter().fold(0, |a, v| a ^ v);
    // The largest heaps first: they hold the most moves.
    let mut order: Vec<usize> = (0..cs.len()).filter(|&i| cs[i].heap > 0).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(cs[i].heap));
    let mut candidates: Vec<Move> = vec![];
    for &i in order.iter().take(RESIST_HEAPS) {
        let single = Position::of_heaps(vec![cs[i].clone()]);
        let mut mine: Vec<Move> = smallest_move(&single, options.to_move).into_iter().collect();
        mine.extend((0..RESIST_MOVES_PER_HEAP).filter_map(|_| random_heap_move(&cs[i], 0, &mut |k| rng.below(k))));
        for mut m in mine {
            m.heap = i;
            if !candidates.contains(&m) {
                candidates.push(m);
            }
        }
    }
    let replies = |m: &Move| -> Option<u128> {
        let solver = &solvers[&cs[m.heap].ruleset];
        let left = m.to.iter().try_fold(0, |a, &h| solver.value(h).map(|v| a ^ v))?;
        let x2 = x ^ values[m.heap] ^ left;
        let mut count: u128 = 0;
        for (j, c) in cs.iter().enumerate() {
            let s = &solvers[&c.ruleset];
            let parts: Vec<(u64, u64)> = if j == m.heap {
                m.to.iter().filter(|&&h| h > 0).map(|&h| (h, s.value(h).unwrap_or(0))).collect()
            } else {
                vec![(c.heap, values[j])]
            };
            for (h, v) in parts {
                if s.options_examined(h) > Work::MovesExamined.clamp(options.budget) {
                    return None;
                }
                count += s.winning_families(h, v ^ x2).ok()?.iter().map(|f| u128::from(f.count)).sum::<u128>();
            }
        }
        Some(count)
    };
    let taken = |m: &Move| cs[m.heap].heap.saturating_sub(m.to.iter().sum());
    let looked_at = candidates.len();
    candidates
        .into_iter()
        .filter_map(|m| replies(&m).map(|r| (r, taken(&m), m)))
        .min_by_key(|(r, t, _)| (*r, *t))
        .map(|(replies, _, mv)| Resistance { mv, replies, looked_at })
}

/// Whether the computer can play `position` perfectly at level [`Level::Perfect`]: the
/// position must be solved exactly within `options`' budget, for the computer to find a winning
/// move whenever there is one (every later position is smaller, and solved with it). The error
/// says what it would take, e.g. the table of Grundy's game that `grundy sg --store` computes.
///
/// ```
/// use grundy::{AnalyzeOptions, Game, play::check_perfect};
/// let kayles: Game = "kayles".parse().unwrap();
/// let huge = kayles.parse_position(&["1000000000000000000"]).unwrap();
/// assert!(check_perfect(&kayles, &huge, &AnalyzeOptions::default()).is_ok());
/// let grundys: Game = "grundys-game".parse().unwrap();
/// let past_table = grundys.parse_position(&["100000000"]).unwrap();
/// let why = check_perfect(&grundys, &past_table, &AnalyzeOptions::default()).unwrap_err().to_string();
/// assert!(why.contains("grundy sg grundys-game --upto 100000000 --store DIR"), "{why}");
/// ```
pub fn check_perfect(game: &Game, position: &Position, options: &AnalyzeOptions) -> Result<(), AnalyzeError> {
    let a = analyze(game, position, options)?;
    if a.outcome == Outcome::N && a.winning_moves.is_empty() && a.winning_moves_not_listed.is_some() {
        return Err(unlisted_winning_moves(&a));
    }
    Ok(())
}

/// Why level perfect cannot play a won position whose winning moves were not listed (a product
/// of coin games past the budget, a move that would leave too many numbers to write).
fn unlisted_winning_moves(a: &Analysis) -> AnalyzeError {
    AnalyzeError::Unsupported(format!(
        "the position is won, but its winning moves are not listed ({})",
        a.winning_moves_not_listed.as_deref().unwrap_or("not known")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::convention::Player;
    use crate::play::testing::{game, pos};
    use crate::play::{parse_move, winner_when_over};
    use crate::solve::naive::{self, NaiveSolver};

    #[test]
    fn huge_heaps_are_checked_and_played_quickly() {
        let nim = game("nim");
        let p = pos(&nim, &["18446744073709551615", "18446744073709551615"]);
        assert!(parse_move(&p, Player::First, "1 18446744073709551615").is_ok());
        let c = choose_move(&nim, &p, &AnalyzeOptions::default(), Level::Perfect, &mut Rng::new(3)).unwrap().unwrap();
        // Lost, and too big to search: every move leaves the one mirroring reply, so the
        // fewest objects are taken.
        assert_eq!(c.reason, Reason::Fewest);
        assert_eq!(c.result, vec![u64::MAX - 1, u64::MAX]);
        for level in [Level::Good, Level::Easy] {
            let mut rng = Rng::new(5);
            for _ in 0..50 {
                let c = choose_move(
                    &game("allbut:1,2"),
                    &pos(&game("allbut:1,2"), &["1000000000000"]),
                    &AnalyzeOptions::default(),
                    level,
                    &mut rng,
                );
                assert!(c.is_ok());
            }
        }
    }

    /// At `perfect` the computer wins every won position of every small case, and from a lost
    /// position it plays the longest game: checked against the exhaustive solver.
    #[test]
    fn perfect_wins_whatever_the_opponent_does() {
        let cases: &[(&str, &[&str], Convention)] = &[
            ("nim", &["3", "4", "5"], Convention::Normal),
            ("nim", &["2", "3", "3"], Convention::Misere),
            ("subtraction:1,3,4", &["7", "5"], Convention::Normal),
            ("allbut:2", &["4", "5"], Convention::Misere),
            ("kl:2,3", &["1", "5"], Convention::Normal),
            ("kl:2,1", &["2", "4"], Convention::Misere),
            ("divisor", &["720"], Convention::Misere),
        ];
        for &(g, t, convention) in cases {
            let g = game(g);
            let start = pos(&g, t);
            let mut solver = NaiveSolver::new();
            // The computer moves first from an N position; every reply of the opponent is tried
            // (depth-first over all of them), and the computer must win each line.
            let mut stack = vec![(start, Player::First)];
            let mut lines = 0;
            while let Some((p, player)) = stack.pop() {
                let options = AnalyzeOptions { convention, to_move: player, ..AnalyzeOptions::default() };
                if player == Player::First {
                    assert!(solver.wins(&p, convention, player), "{g} {p:?} should be won");
                    match choose_move(&g, &p, &options, Level::Perfect, &mut Rng::new(lines)).unwrap() {
                        Some(c) => {
                            assert_eq!(c.reason, Reason::Winning);
                            stack.push((apply(&p, &c.mv), player.other()));
                        }
                        None => {
                            assert_eq!(winner_when_over(convention, player), Player::First);
                            lines += 1;
                        }
                    }
                } else {
                    let moves = naive::moves(&p, player);
                    if moves.is_empty() {
                        assert_eq!(winner_when_over(convention, player), Player::First);
                        lines += 1;
                    }
                    stack.extend(moves.into_iter().map(|(_, next)| (next, player.other())));
                }
            }
            assert!(lines > 0);
        }
    }

    #[test]
    fn lower_levels_err_sometimes_and_are_seeded() {
        let nim = game("nim");
        let p = pos(&nim, &["7", "9", "12", "15"]);
        let count = |level: Level, seed: u64| {
            let mut rng = Rng::new(seed);
            (0..200)
                .filter(|_| {
                    choose_move(&nim, &p, &AnalyzeOptions::default(), level, &mut rng).unwrap().unwrap().reason
                        == Reason::Mistake
                })
                .count()
        };
        assert_eq!(count(Level::Perfect, 1), 0);
        let (good, easy) = (count(Level::Good, 1), count(Level::Easy, 1));
        assert!((20..=60).contains(&good), "{good}");
        assert!((70..=130).contains(&easy), "{easy}");
        assert_eq!(count(Level::Easy, 9), count(Level::Easy, 9));
    }
}
