//! Moves that show a person how to type one: legal moves of the position on the board, written
//! in the game's own words where it has them (`3 5`, `take 3`, `cut 1-3`, `1 -> 4 5` for a
//! split), each checked by reading it back as the player would type it.

use crate::game::convention::{Convention, Player};
use crate::game::games::Parts;
use crate::game::{Move, Position};
use crate::rules::board::machinery::notation::outside_parentheses;
use crate::rules::board::GraphGame;

use super::typed::reads_as;
use super::{apply, check_move, describe, every, parse_turn, smallest_move, smallest_turn, typed_turn};

/// A legal move as a person types it, with what it does in words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ExampleMove {
    /// The move as typed: `grundy play`, the page's move box and `/api/move` read it.
    pub typed: String,
    /// What it does, as `analyze` words moves: "take 1 from heap 1 (7 -> 6)".
    pub words: String,
}

/// At most two legal moves of `position` for `player`, as they are typed: the move that changes
/// the position least and, in a game whose heaps split (Kayles, octal games), a split, so that
/// a person sees how to type one. Empty when `player` has no move. Cheap at any size: a few
/// candidate moves, each checked by the rules.
///
/// ```
/// use grundy::{Game, Player, play::example_moves};
/// let kayles: Game = "kayles".parse().unwrap();
/// let pos = kayles.parse_position(&["10", "7"]).unwrap();
/// let typed: Vec<String> = example_moves(&pos, Player::First).into_iter().map(|m| m.typed).collect();
/// assert_eq!(typed, ["1 1", "1 -> 4 5"]);
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["3", "4", "5"]).unwrap();
/// assert_eq!(example_moves(&pos, Player::First)[0].typed, "1 1");
/// ```
pub fn example_moves(position: &Position, player: Player) -> Vec<ExampleMove> {
    let mut out: Vec<ExampleMove> = vec![];
    for mv in smallest_move(position, player).into_iter().chain(split_move(position, player)) {
        if let Some(example) = typed(position, player, &mv) {
            if !out.iter().any(|m| m.typed == example.typed) {
                out.push(example);
            }
        }
    }
    out
}

/// Examples of a turn under `convention`, for the move box: under Every-SG one whole turn (a
/// move alone would be refused there), the smallest move in every game that is not over, as
/// [`super::typed_turn`] writes it and checked by reading it back; otherwise [`example_moves`].
///
/// ```
/// use grundy::{Convention, Game, Player, play::example_turns};
/// let sum: Game = "sum".parse().unwrap();
/// let pos = sum.parse_position(&["euclid=5,3", "euclid=3,2"]).unwrap();
/// let turn = &example_turns(&pos, Player::First, Convention::Every)[0];
/// assert_eq!(turn.typed, "1: 1 -> 2; 2: 1 -> 1");
/// assert_eq!(example_turns(&pos, Player::First, Convention::Normal)[0].typed, "1: 1 3");
/// ```
pub fn example_turns(position: &Position, player: Player, convention: Convention) -> Vec<ExampleMove> {
    if convention != Convention::Every {
        return example_moves(position, player);
    }
    let Some(mv) = smallest_turn(position, player, convention) else { return vec![] };
    let typed = typed_turn(position, convention, &mv);
    if parse_turn(position, player, convention, &typed).ok().as_ref() != Some(&mv) {
        return vec![];
    }
    let next = every::apply(position, &mv).unwrap_or_else(|| apply(position, &mv));
    vec![ExampleMove { typed, words: every::words(position, &next) }]
}

/// The legal move `mv` of `player` as a person types it: in the game's own words where they
/// read back as the same move (`3 5`, `take 3`, `cut 1-3 in 1`, `turn 9 4`, or its face's
/// target's words), else `Move`'s own form (`3 -> 1`, `1..2 -> 4 6`), which every game reads; `None` when `mv` is not legal.
///
/// ```
/// use grundy::{Game, Move, Player, play::typed_move};
/// let fib: Game = "fibonacci-nim".parse().unwrap();
/// let pos = fib.parse_position(&["100"]).unwrap();
/// assert_eq!(typed_move(&pos, Player::First, &Move::new(0, vec![97, 6])).as_deref(), Some("take 3"));
/// ```
pub fn typed_move(position: &Position, player: Player, mv: &Move) -> Option<String> {
    typed(position, player, mv).map(|m| m.typed)
}

/// The legal move `mv` of `player` as the position's drawing writes it: the first of `drawn`
/// (the drawing's moves, [`crate::game::draw::Drawing::moves`], each a shape's `data-move`)
/// that reads as the same move, so that a page can mark on the board a move it lists (an Arc
/// Kayles edge `pick 1-2 in 1`, a sum's `2: 1 -> 2`). `None` when the drawing does not offer it.
pub fn drawn_move(position: &Position, player: Player, mv: &Move, drawn: &[String]) -> Option<String> {
    check_move(position, player, mv).ok()?;
    let after = apply(position, mv);
    drawn.iter().find(|t| reads_as(position, player, t).is_some_and(|m| apply(position, &m) == after)).cloned()
}

/// `mv` as typed, with its words (see [`typed_move`]).
fn typed(position: &Position, player: Player, mv: &Move) -> Option<ExampleMove> {
    check_move(position, player, mv).ok()?;
    let after = apply(position, mv);
    // Read without a refusal's words: those are worded with these examples.
    let reads = |t: &String| reads_as(position, player, t).is_some_and(|m| apply(position, &m) == after);
    // A move of a sum of games: `K: MOVE`, the move as game K types it.
    if let Some(parts) = position.as_parts() {
        let part_move = Parts::of(parts).local(mv).and_then(|(i, local)| {
            let inner = typed(parts.get(i)?, player, &local)?;
            Some(format!("{}: {}", i + 1, inner.typed)).filter(reads)
        });
        if let Some(typed) = part_move {
            return Some(ExampleMove { typed, words: describe(position, mv) });
        }
    }
    let typed = words(position, mv)
        .into_iter()
        .find(reads)
        .or_else(|| written(position, player, &after.heaps()).filter(reads))
        .or_else(|| Some(mv.to_string()).filter(reads))?;
    Some(ExampleMove { typed, words: describe(position, mv) })
}

/// The move to `after` as the game writes it ([`crate::rules::board::Notation::write_move`]:
/// Toads and Frogs' `2`, Cutcake's `v 1 in 1`): the game's own words where the words of its
/// analysis do not read back as a move, before the form every game reads (`2..3 -> 0 1`).
fn written(position: &Position, player: Player, after: &[u64]) -> Option<String> {
    position.kind().written_move(after, player.index())
}

/// Ways of writing `mv` in the game's own words, to be checked by reading them back.
fn words(position: &Position, mv: &Move) -> Vec<String> {
    let heaps = position.heaps();
    let n = heaps.get(mv.heap).copied().unwrap_or(0);
    if let Some((g, _)) = position.downcast_board::<GraphGame>() {
        let name = mv.to.first().and_then(|&v| Some(g.graph().name(u32::try_from(v).ok()?).to_string()));
        return name.map(|name| format!("{} {name}", mv.heap + 1)).into_iter().collect();
    }
    match position.as_board() {
        Some((b, numbers)) => {
            // HEAP TAKE where one number goes down; the words of `analyze` without what they
            // say in parentheses (`take 3`) and without the words that only read well
            // (`turn over coin 3` typed `turn 3`, `cut sheet 1 into 2x2 and 2x2` typed
            // `cut 1 into 2x2 2x2`); geography's move is its vertex's name.
            let plain = outside_parentheses(&b.rules().describe(numbers, &mv.apply(numbers)));
            const FILLER: [&str; 8] = ["over", "coin", "coins", "cell", "cells", "sheet", "and", "picture"];
            let short: Vec<&str> = plain.split_whitespace().filter(|w| !FILLER.contains(w)).collect();
            let plain: Vec<&str> = plain.split_whitespace().collect();
            let take = match mv.to.as_slice() {
                [left] if mv.width <= 1 && *left < n => Some(format!("{} {}", mv.heap + 1, n - left)),
                _ => None,
            };
            [take, Some(short.join(" ")), Some(plain.join(" ")), plain.last().map(|w| w.to_string())]
                .into_iter()
                .flatten()
                .collect()
        }
        None => match mv.to.as_slice() {
            // A take: HEAP TAKE.
            [left] if mv.width <= 1 && *left < n => vec![format!("{} {}", mv.heap + 1, n - left)],
            _ => vec![],
        },
    }
}

/// A legal split of a heap, in a game whose heaps split: the most even split of the first heap
/// that has one, taking as few objects as the rules allow.
fn split_move(position: &Position, player: Player) -> Option<Move> {
    let cs = position.as_heaps()?;
    cs.iter().enumerate().filter(|(_, c)| c.ruleset.splits()).find_map(|(i, c)| {
        (0..16u64).find_map(|t| {
            let rest = c.heap.checked_sub(t)?;
            let (half, third) = (rest / 2, rest / 3);
            // Grundy's game splits into unequal heaps only: the second try.
            let splits = [
                vec![half, rest - half],
                vec![half.saturating_sub(1), rest - half.saturating_sub(1)],
                vec![third, third + 1, rest.saturating_sub(2 * third + 1)],
            ];
            splits
                .into_iter()
                .filter(|to| to.iter().all(|&h| h > 0))
                .map(|to| Move::new(i, to))
                .find(|m| check_move(position, player, m).is_ok())
        })
    })
}
