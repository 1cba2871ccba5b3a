//! Sums of different games (`sum euclid=34,12 wythoff=3,5 kayles=7`): under normal play by the
//! Sprague-Grundy theorem, each game's value from its own analysis; under misère play by an
//! exact search of the sum, bounded before it starts.

use crate::engine::heap::HeapSolver;
use crate::engine::Method;
use crate::error::AnalyzeError;
use crate::game::convention::{Convention, Outcome, Player};
use crate::game::family::first_moves;
use crate::game::games::{part_game, part_token, Parts};
use crate::game::{Component, Game, Move, MoveFamily, Position};
use crate::rules::nim::BalanceTable;
use crate::solve::analysis::{
    analyze, blank_analysis, describe_family, Analysis, AnalyzeOptions, Listing, WinningFamily, WinningMove,
    LISTED_MOVES,
};
use crate::solve::naive::{self, NaiveSolver};
use crate::solve::search::{Rules, Search};

/// The largest total of a game's numbers whose options are listed one by one to find the moves
/// to a value other than 0 (games with no rule for them: board games, chips, the divisor game),
/// and the largest total a misère search of a sum takes on.
const LISTED_TOTAL: u128 = 200;

/// The game a part of a sum is a position of.
fn game_of(part: &Position) -> Result<Game, AnalyzeError> {
    part_game(part).parse().map_err(|e| AnalyzeError::Unsupported(format!("{e}")))
}

fn total(p: &Position) -> u128 {
    p.heaps().iter().map(|&h| u128::from(h)).sum()
}

/// The analysis of a sum of different games.
pub(crate) fn games(parts: &[Position], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    if parts.iter().any(crate::solve::value::is_partizan) {
        return crate::solve::value::analyze_sum(parts, options);
    }
    match options.convention {
        Convention::Misere => misere(parts, options),
        // `analyze` sends Every-SG to its own module.
        Convention::Normal | Convention::Every => normal(parts, options),
    }
}

fn normal(parts: &[Position], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    let alone = AnalyzeOptions { convention: Convention::Normal, to_move: Player::First, ..options.clone() };
    let mut each = vec![];
    for (i, p) in parts.iter().enumerate() {
        let a = analyze(&game_of(p)?, p, &alone)?;
        if a.sg.is_none() {
            return Err(AnalyzeError::Unsupported(format!(
                "the sum's value needs each game's value, and the value of game {} ({}) is {}",
                i + 1,
                part_token(p),
                a.sg_note.as_deref().unwrap_or("none")
            )));
        }
        each.push(a);
    }
    let values: Vec<u64> = each.iter().map(|a| a.sg.unwrap_or(0)).collect();
    let x = values.iter().fold(0, |acc, v| acc ^ v);
    let mut a = blank_analysis(Outcome::from_win(x != 0), Method::ClosedForm);
    a.sg = Some(x);
    a.heap_values = Some(values.clone());
    // The nim-sum of the games' values, in binary, as for Nim's heaps (Bouton).
    a.balance = Some(BalanceTable::new(&values));
    a.explanation = vec![
        "The Sprague-Grundy theorem (Sprague 1935, Grundy 1939): the value of a sum of games is the nim-sum (XOR) of the games' values, and the player to move wins exactly when it is not 0.".into(),
    ];
    for (i, (p, v)) in parts.iter().zip(&values).enumerate() {
        a.explanation.push(format!("Game {} ({}) has value {v}.", i + 1, part_token(p)));
    }
    a.explanation.push(format!(
        "The nim-sum is {}: {}",
        x,
        if x == 0 {
            "the player to move loses."
        } else {
            "a winning move brings one game to its value XOR the nim-sum."
        }
    ));
    if x == 0 {
        return Ok(a);
    }
    let layout = Parts::of(parts);
    let before = Position::of_games(parts.to_vec());
    let numbers = before.heaps();
    let mut families: Vec<(MoveFamily, String)> = vec![];
    let mut unknown: Vec<String> = vec![];
    for (i, (p, v)) in parts.iter().zip(&values).enumerate() {
        let target = v ^ x;
        match moves_to_value(i, p, target, &each[i], options.budget) {
            Ok(found) => {
                for (f, text) in found {
                    let heap = f.heap + layout.start(i);
                    families.push((f.in_heap(heap), text));
                }
            }
            Err(why) => unknown.push(format!("game {} ({}): {why}", i + 1, part_token(p))),
        }
    }
    // Each move listed holds the whole sum after it: the list is kept to a bounded count of
    // numbers (the families give every move), so that a sum of many parts is not copied once a
    // move.
    let listing = Listing::of_sum(numbers.len());
    let listed = first_moves(&families.iter().map(|(f, _)| f.clone()).collect::<Vec<_>>(), LISTED_MOVES);
    for mv in listed {
        // The words of a single move are its family's; a member of a larger family is worded
        // as the move it is.
        let text = || {
            families
                .iter()
                .find(|(f, _)| f.count == 1 && f.first == mv.to && f.heap == mv.heap && f.width == mv.width)
                .map(|(_, t)| t.clone())
                .unwrap_or_else(|| format!("{mv}"))
        };
        let result = || mv.apply(&numbers);
        if !listing.list(&mut a, mv.clone(), text, result) {
            break;
        }
    }
    a.winning_families = families.into_iter().map(|(family, text)| WinningFamily { text, family }).collect();
    listing.finish(&mut a);
    if !unknown.is_empty() {
        a.moves_unknown = Some(format!("the moves of some games are not known: {}", unknown.join("; ")));
    }
    Ok(a)
}

/// The moves of one game of a sum that bring it to `target`, as families with their words:
/// heaps through their rulesets (exact at any size), a board game with a rule for them (Euclid's
/// game, through its levels), the
/// moves to 0 from the game's own analysis, and any other by listing its options when it is
/// small. The error says why the moves are not known.
fn moves_to_value(
    index: usize,
    part: &Position,
    target: u64,
    analysis: &Analysis,
    budget: u64,
) -> Result<Vec<(MoveFamily, String)>, String> {
    let heap = single_heap(part);
    let board = part.as_board().filter(|(b, numbers)| b.rules().moves_to_value(numbers, target).is_some());
    match (heap, board) {
        (Some(c), _) => {
            let solver = HeapSolver::new(&c.ruleset, c.heap, budget).map_err(|e| e.to_string())?;
            let fs = solver.winning_families(c.heap, target).map_err(|e| e.to_string())?;
            // Worded as the game's own (its heap 1), with which game of the sum it is, as the
            // explanation names it (the caller moves the family to the heap's number in the sum).
            Ok(fs
                .into_iter()
                .map(|f| {
                    let text = in_game(index, part, describe_family(&c.ruleset, c.heap, &f));
                    (f, text)
                })
                .collect())
        }
        (None, Some((b, numbers))) => Ok(b
            .rules()
            .moves_to_value(numbers, target)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|after| {
                let text = in_game(index, part, b.rules().describe(numbers, &after));
                Some((MoveFamily::single(Move::between(numbers, &after)?), text))
            })
            .collect()),
        _ if target == 0 => match analysis.winning_move_count {
            Some(n) if n == analysis.winning_moves.len() as u128 => Ok(analysis
                .winning_moves
                .iter()
                .map(|m| (MoveFamily::single(m.mv.clone()), in_game(index, part, m.text.clone())))
                .collect()),
            _ => Err(analysis.winning_moves_not_listed.clone().unwrap_or_else(|| "not all listed".into())),
        },
        _ if total(part) <= LISTED_TOTAL => {
            let game = game_of(part).map_err(|e| e.to_string())?;
            let alone = AnalyzeOptions { budget, ..AnalyzeOptions::default() };
            let mut out = vec![];
            for (m, next) in naive::moves(part, Player::First) {
                let v = analyze(&game, &next, &alone).map_err(|e| e.to_string())?.sg;
                if v == Some(target) {
                    let text = in_game(index, part, describe_in(part, &m));
                    out.push((MoveFamily::single(m), text));
                }
            }
            Ok(out)
        }
        _ => Err(format!(
            "the moves to value {target} are found by listing every option, and its numbers total more than {LISTED_TOTAL}"
        )),
    }
}

/// A move of one game in words, as its own analysis words it.
fn describe_in(part: &Position, mv: &Move) -> String {
    let (before, after) = (part.heaps(), mv.apply(&part.heaps()));
    match part.as_board() {
        Some((b, numbers)) => b.rules().describe(numbers, &after),
        None => format!("{} -> {}", join(&before), join(&after)),
    }
}

/// Words about one game of a sum, prefixed with which game it is.
fn in_game(index: usize, part: &Position, words: String) -> String {
    format!("in game {} ({}): {words}", index + 1, part_game(part))
}

fn join(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// The sum as a game for the budgeted search: its positions are the exhaustive solver's
/// canonical ones, its moves the exhaustive solver's.
struct SumOfGames;

fn canonical(p: &Position) -> Position {
    NaiveSolver::key(p, Convention::Misere, Player::First).0
}

impl crate::game::ImpartialGame for SumOfGames {
    type Position = Position;

    fn options(&self, p: &Position) -> Vec<Position> {
        naive::moves(p, Player::First).into_iter().map(|(_, next)| canonical(&next)).collect()
    }
}

impl Rules for SumOfGames {
    fn size(&self, p: &Position) -> u128 {
        total(p)
    }
}

/// Misère sums of different games: an exact search by the definition of P and N positions,
/// for sums small enough to search (their numbers total at most [`LISTED_TOTAL`]), within the
/// budget of positions.
fn misere(parts: &[Position], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    let position = Position::of_games(parts.to_vec());
    if total(&position) > LISTED_TOTAL {
        return Err(AnalyzeError::Unsupported(format!(
            "misère sums of different games are searched position by position, and this one's numbers total more than {LISTED_TOTAL}; no theorem here gives misère sums of different games"
        )));
    }
    let state_bytes = 32 * (position.heaps().len() as u64 + 1);
    let mut search = Search::new(SumOfGames, true, options.budget, None, state_bytes);
    let wins = search.wins(&canonical(&position))?;
    let mut a = blank_analysis(Outcome::from_win(wins), Method::Search);
    a.explanation = vec![
        "Misère play: whoever makes the last move loses. The values of the games do not add under misère play, so the sum is searched by the definition of P and N positions.".into(),
    ];
    let layout = Parts::of(parts);
    for (m, next) in naive::moves(&position, Player::First) {
        if !search.wins(&canonical(&next))? {
            let text = match layout.local(&m).and_then(|(i, local)| Some((i, local, parts.get(i)?))) {
                Some((i, local, part)) => in_game(i, part, describe_in(part, &local)),
                None => format!("{m}"),
            };
            a.winning_moves.push(WinningMove {
                value: None,
                result_tokens: None,
                leaves: vec![],
                text,
                result: next.heaps(),
                mv: m,
            });
        }
    }
    Ok(a)
}

/// The part as one heap, when it is one (a game of the sum written `RULESET=HEAP`).
pub(crate) fn single_heap(part: &Position) -> Option<&Component> {
    part.as_heaps().and_then(|cs| match cs {
        [c] => Some(c),
        _ => None,
    })
}
