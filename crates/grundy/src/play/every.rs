//! Turns under Every-SG (HDU 3595 "GG and MM"): on each turn the player to move makes one move
//! in every game of the sum that is not over, and whoever makes the last move wins.
//!
//! A turn is one [`Move`] over the whole position, the run of numbers from the first that
//! changes to the last (`Move::between`), as the analysis lists its winning turn. A person types
//! it as the moves of each game joined by `;` (`1 3; 2 -> 5`), each as `grundy play` reads a
//! move of that game with the numbers of the whole position, or in that general form
//! (`1..3 -> 0 2 4`). A game's move may change how many numbers it has (a sheet cut in two, a
//! heap split), so the numbers after a general turn are shared out among the games by trying
//! every way that makes each game's part a legal move of it; a turn that can be shared out in
//! two ways is refused, naming the form that cannot be misread.

use crate::error::AnalyzeError;
use crate::game::convention::Player;
use crate::game::games::part_game;
use crate::game::{IllegalMove, Move, Position};
use crate::solve::every::{assemble, check_covered, parts, Part};

use super::{check_move, describe, has_move, read_move};

/// The most numbers one game's move may add (a split of `take-or-split:K` adds K - 1, K at
/// most 1,024): the lengths tried when a turn's numbers are shared out among board games.
const MOST_ADDED: usize = 1_024;

/// The most legal-move checks one turn's sharing out may make: a bound on the work a typed
/// turn can cause, far above what any position that Every-SG analyses needs.
const MOST_CHECKS: u64 = 1_000_000;

/// A game of the sum as a person reads its name: `heap 3`, or `game 2 (euclid)`.
fn name(position: &Position, index: usize, part: &Part) -> String {
    if part.position.as_heaps().is_some() {
        format!("heap {}", part.first + 1)
    } else if position.as_parts().is_some() {
        format!("game {} ({})", index + 1, part_game(&part.position))
    } else {
        part_game(&part.position)
    }
}

/// How an offset among a turn's numbers is reached when they are shared out among the games:
/// the number of ways (counted up to 2) and up to two of them, each as the offset the game
/// started at and what the game became.
type Reached = Option<(u8, Vec<(usize, Position)>)>;

/// The ways (at most two are looked for) of sharing out `after`, the numbers after a turn,
/// among the games: each game that has a move gets a part that is a legal move of it, each
/// game that is over keeps its numbers. `Err` when the work passes [`MOST_CHECKS`].
fn share_out(parts: &[Part], player: Player, after: &[u64]) -> Result<Vec<Vec<Position>>, IllegalMove> {
    // reached[o]: how many ways (at most 2 counted) reach offset o after the games so far,
    // and up to two of them, each with the offset it came from and what the last game became.
    let mut reached: Vec<Reached> = vec![None; after.len() + 1];
    if let Some(first) = reached.first_mut() {
        *first = Some((1, vec![]));
    }
    let mut layers: Vec<Vec<Reached>> = vec![];
    let mut checks: u64 = 0;
    for part in parts {
        let numbers = part.position.heaps();
        let live = has_move(&part.position, player);
        let mut next: Vec<Reached> = vec![None; after.len() + 1];
        for (offset, state) in reached.iter().enumerate() {
            let Some((ways, _)) = state else { continue };
            let rest = after.len() - offset;
            // A board may be left with no numbers at all (the last head of a coin row turned).
            let lengths: Vec<usize> = if live && part.position.as_board().is_some() {
                (0..=rest.min(numbers.len() + MOST_ADDED)).collect()
            } else {
                vec![numbers.len()]
            };
            for len in lengths.into_iter().filter(|&l| l <= rest) {
                let Some(slice) = after.get(offset..offset + len) else { continue };
                let became = if !live {
                    if slice != numbers.as_slice() {
                        continue;
                    }
                    part.position.clone()
                } else {
                    checks += 1;
                    if checks > MOST_CHECKS {
                        return Err(IllegalMove::new(
                            "this turn's numbers take too long to share out among the games: type each game's move, joined by ';'",
                        ));
                    }
                    let Some(local) = Move::between(&numbers, slice) else { continue };
                    match check_move(&part.position, player, &local) {
                        Ok(p) => p,
                        Err(_) => continue,
                    }
                };
                let Some(cell) = next.get_mut(offset + len) else { continue };
                let entry = cell.get_or_insert((0, vec![]));
                entry.0 = entry.0.saturating_add(*ways).min(2);
                if entry.1.len() < 2 {
                    entry.1.push((offset, became));
                }
            }
        }
        layers.push(next.clone());
        reached = next;
    }
    let Some(Some((ways, _))) = reached.last() else { return Ok(vec![]) };
    // Walk back along the first way found; a second one (two ways at some step) is reported
    // as a second sharing, which is all the callers need to know.
    let mut out = vec![];
    let mut offset = after.len();
    for layer in layers.iter().rev() {
        let Some(Some((_, from))) = layer.get(offset) else { return Ok(vec![]) };
        let Some((prev, became)) = from.first() else { return Ok(vec![]) };
        out.push(became.clone());
        offset = *prev;
    }
    out.reverse();
    Ok(if *ways > 1 { vec![out.clone(), out] } else { vec![out] })
}

/// Why no sharing out of `after` works, naming the game at fault where it can: when the turn
/// keeps the count of numbers, the first game whose numbers are not a legal move of it.
fn fault(position: &Position, parts: &[Part], player: Player, after: &[u64]) -> IllegalMove {
    if after.len() == position.heaps().len() {
        for (i, part) in parts.iter().enumerate() {
            let numbers = part.position.heaps();
            let Some(slice) = after.get(part.first..part.first + numbers.len()) else { break };
            let live = has_move(&part.position, player);
            match Move::between(&numbers, slice) {
                None if live => return unmoved(position, i, part),
                None => {}
                Some(_) if !live => {
                    return IllegalMove::new(format!("{}: it is over and stays as it is", name(position, i, part)))
                }
                Some(local) => {
                    if let Err(e) = check_move(&part.position, player, &local) {
                        return IllegalMove::new(format!("{}: {e}", name(position, i, part)));
                    }
                }
            }
        }
    }
    IllegalMove::new(
        "the numbers after this turn are not one legal move in every game that is not over: type each game's move, joined by ';' (e.g. '1 3; 2 -> 5')",
    )
}

/// The refusal of a turn that leaves a game with a move unmoved.
fn unmoved(position: &Position, index: usize, part: &Part) -> IllegalMove {
    IllegalMove::new(format!(
        "{}: no move was given for it, and under Every-SG each turn makes one move in every game that is not over",
        name(position, index, part)
    ))
}

/// A refusal of Every-SG for this position (a partizan game, a heap that splits), as an
/// illegal move.
fn covered(position: &Position) -> Result<(), IllegalMove> {
    check_covered(position).map_err(|e| IllegalMove::new(e.to_string()))
}

/// Checks the turn `mv` and returns the position after it (see [`super::check_turn`]).
pub(super) fn check(position: &Position, player: Player, mv: &Move) -> Result<Position, IllegalMove> {
    let parts = parts(position);
    if parts.len() <= 1 {
        return check_move(position, player, mv);
    }
    covered(position)?;
    let before = position.heaps();
    if mv.width == 0 || mv.heap.checked_add(mv.width).is_none_or(|end| end > before.len()) {
        return Err(IllegalMove::new(format!(
            "there is no {} (the numbers are 1 to {})",
            if mv.width > 1 {
                format!("run {}..{}", mv.heap as u128 + 1, mv.heap as u128 + mv.width as u128)
            } else {
                format!("number {}", mv.heap as u128 + 1)
            },
            before.len()
        )));
    }
    let after = mv.apply(&before);
    let mut ways = share_out(&parts, player, &after)?;
    match ways.len() {
        0 => Err(fault(position, &parts, player, &after)),
        1 => Ok(assemble(position, ways.remove(0))),
        _ => Err(IllegalMove::new(
            "these numbers can be shared out among the games as moves in more than one way: type each game's move, joined by ';'",
        )),
    }
}

/// The position after the turn `mv`, assumed legal: the first way of sharing out its numbers
/// among the games; `None` when there is none.
pub(super) fn apply(position: &Position, mv: &Move) -> Option<Position> {
    let parts = parts(position);
    let after = mv.apply(&position.heaps());
    let ways = share_out(&parts, Player::First, &after).ok()?;
    ways.into_iter().next().map(|w| assemble(position, w))
}

/// Reads a turn typed by a person and checks it: the moves of each game joined by `;`, or one
/// move (of the one game left, or the general form over several games).
pub(super) fn read(position: &Position, player: Player, text: &str) -> Result<(Move, Position), IllegalMove> {
    let parts = parts(position);
    let segments: Vec<&str> = text.split(';').map(str::trim).collect();
    if segments.len() == 1 || parts.len() <= 1 {
        if segments.len() > 1 {
            return Err(IllegalMove::new("this position is one game, so a turn is one move: type it without ';'"));
        }
        let mv = read_move(position, player, text)?;
        let next = check(position, player, &mv)?;
        return Ok((mv, next));
    }
    covered(position)?;
    let mut chosen: Vec<Option<Position>> = vec![None; parts.len()];
    for segment in segments {
        if segment.is_empty() {
            return Err(IllegalMove::new(
                "an empty move between ';': type one move of each game that is not over, joined by ';' (e.g. '1 3; 2 -> 5')",
            ));
        }
        let mv = read_move(position, player, segment)?;
        let last = mv.heap.saturating_add(mv.width.max(1) - 1);
        let index = parts.iter().rposition(|p| p.first <= mv.heap);
        let last_index = parts.iter().rposition(|p| p.first <= last);
        let (Some(i), true) = (index, index == last_index) else {
            return Err(IllegalMove::new(format!(
                "'{segment}' changes numbers {} to {}, which are not all in one game: one move per game, joined by ';'",
                mv.heap as u128 + 1,
                last as u128 + 1
            )));
        };
        let (Some(part), Some(slot)) = (parts.get(i), chosen.get_mut(i)) else {
            return Err(IllegalMove::new(format!("'{segment}' is in no game of the sum")));
        };
        if slot.is_some() {
            return Err(IllegalMove::new(format!(
                "{}: two moves were given for it; a turn makes one move in each game",
                name(position, i, part)
            )));
        }
        let local = Move { heap: mv.heap - part.first, to: mv.to.clone(), width: mv.width };
        // Checked in the game alone; the refusal names the game as the whole position numbers it.
        let next = check_move(&part.position, player, &local).map_err(|e| match part.position.as_heaps() {
            Some(_) => check_move(position, player, &mv).err().unwrap_or(e),
            None => IllegalMove::new(format!("{}: {e}", name(position, i, part))),
        })?;
        // A heap's move may be written with empty heaps beside what it leaves (`2 -> 0 5`), which
        // the heap's rule reads as leaving 5; a heap here never splits (`covered`), so it stays
        // one heap, one game, as the general form of the turn reads it back.
        let next = match next.as_heaps() {
            Some(cs) if cs.len() != 1 => match cs.first() {
                Some(c) => {
                    let heap = cs.iter().map(|c| c.heap).sum();
                    Position::of_heaps(vec![crate::game::Component::new(c.ruleset.clone(), heap)])
                }
                None => part.position.clone(),
            },
            _ => next,
        };
        *slot = Some(next);
    }
    let mut after = vec![];
    for (i, (part, next)) in parts.iter().zip(chosen).enumerate() {
        match next {
            Some(next) => after.push(next),
            None if has_move(&part.position, player) => return Err(unmoved(position, i, part)),
            None => after.push(part.position.clone()),
        }
    }
    let next = assemble(position, after);
    let mv = Move::between(&position.heaps(), &next.heaps())
        .ok_or_else(|| IllegalMove::new("the game is over: there is no move to make"))?;
    Ok((mv, next))
}

/// One move in every game that has one, each chosen by `pick` from the game alone; the turn
/// and the position after it. `None` when no game has a move (or `pick` finds none).
pub(super) fn each_game(
    position: &Position,
    player: Player,
    mut pick: impl FnMut(&Position) -> Option<Move>,
) -> Option<(Move, Position)> {
    let parts = parts(position);
    if parts.len() <= 1 {
        let mv = pick(position)?;
        let next = super::apply(position, &mv);
        return Some((mv, next));
    }
    let mut after = vec![];
    for part in &parts {
        if has_move(&part.position, player) {
            let mv = pick(&part.position)?;
            after.push(super::apply(&part.position, &mv));
        } else {
            after.push(part.position.clone());
        }
    }
    let next = assemble(position, after);
    let mv = Move::between(&position.heaps(), &next.heaps())?;
    Some((mv, next))
}

/// The turn from `position` to `next` in words: each game's move as [`describe`] words it,
/// joined by `;`.
pub(super) fn words(position: &Position, next: &Position) -> String {
    changes(position, next).iter().map(|m| describe(position, m)).collect::<Vec<_>>().join("; ")
}

/// The turn from `position` to `next` as a person types it: each game's move joined by `;`, in
/// a sum of games `K: MOVE` with MOVE numbered within game K (`1: 1 -> 0; 2: 2 -> 2 3`), in a
/// sum of heaps numbered in the whole position (`1 -> 0; 3 -> 2 3`).
pub(super) fn typed(position: &Position, next: &Position) -> String {
    let (before, after) = (parts(position), parts(next));
    if position.as_parts().is_some() && before.len() == after.len() && before.len() > 1 {
        let moves = before.iter().zip(&after).enumerate().filter_map(|(k, (b, a))| {
            Move::between(&b.position.heaps(), &a.position.heaps()).map(|m| format!("{}: {m}", k + 1))
        });
        return moves.collect::<Vec<_>>().join("; ");
    }
    changes(position, next).iter().map(Move::to_string).collect::<Vec<_>>().join("; ")
}

/// Each game's move from `position` to `next`, numbered in the whole position.
fn changes(position: &Position, next: &Position) -> Vec<Move> {
    let before = parts(position);
    let after = parts(next);
    if before.len() != after.len() || before.len() <= 1 {
        return Move::between(&position.heaps(), &next.heaps()).into_iter().collect();
    }
    before
        .iter()
        .zip(&after)
        .filter_map(|(b, a)| {
            let local = Move::between(&b.position.heaps(), &a.position.heaps())?;
            Some(Move { heap: local.heap + b.first, to: local.to, width: local.width })
        })
        .collect()
}

/// The computer's turn is the analysis's: an error of it, as the player reports it.
pub(super) fn refusal(position: &Position) -> Result<(), AnalyzeError> {
    check_covered(position)
}
