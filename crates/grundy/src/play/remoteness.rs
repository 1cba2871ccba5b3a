//! The longest game from a lost position: remoteness (Steinhaus), the number of moves the game
//! lasts when the winner wins as fast as it can and the loser holds out as long as it can, found
//! by a bounded memoised search of small positions. The computer plays the move that makes a lost
//! game last longest, so that a person must keep finding good moves.

use std::collections::HashMap;

use crate::game::convention::{Convention, Player};
use crate::game::{Component, Move, Position};
use crate::rules::board::NimForm;
use crate::rules::Ruleset;
use crate::solve::naive::{self, NaiveSolver};

/// How the remoteness search is bounded: the positions it may store, the moves it may
/// generate, and the total size of a position it starts from (which bounds its depth).
const REMOTENESS_POSITIONS: usize = 50_000;
const REMOTENESS_MOVES: u64 = 1_000_000;
const REMOTENESS_MAX_TOTAL: u64 = 1_000;

/// Remoteness (Steinhaus): how many moves the game lasts when the winner wins as fast as it
/// can and the loser holds out as long as it can. Computed exhaustively, so only for small
/// positions; `None` when the bounds are exceeded.
struct Remoteness {
    convention: Convention,
    memo: HashMap<(Position, Convention, Player), (bool, u64)>,
    moves_made: u64,
}

impl Remoteness {
    fn new(convention: Convention) -> Self {
        Remoteness { convention, memo: HashMap::new(), moves_made: 0 }
    }

    /// (whether the player to move wins, remoteness), or `None` past the bounds.
    fn of(&mut self, position: &Position, player: Player) -> Option<(bool, u64)> {
        let key = NaiveSolver::key(position, self.convention, player);
        if let Some(&r) = self.memo.get(&key) {
            return Some(r);
        }
        if self.memo.len() >= REMOTENESS_POSITIONS || self.moves_made > REMOTENESS_MOVES {
            return None;
        }
        let moves = naive::moves(position, player);
        self.moves_made += moves.len() as u64;
        let r = if moves.is_empty() {
            (self.convention == Convention::Misere, 0)
        } else {
            let mut best_win: Option<u64> = None;
            let mut longest_loss = 0;
            for (_, next) in &moves {
                let (wins, rem) = self.of(next, player.other())?;
                if wins {
                    longest_loss = longest_loss.max(rem + 1);
                } else {
                    best_win = Some(best_win.map_or(rem + 1, |b: u64| b.min(rem + 1)));
                }
            }
            match best_win {
                Some(b) => (true, b),
                None => (false, longest_loss),
            }
        };
        self.memo.insert(key, r);
        Some(r)
    }
}

/// The move that makes a lost game last longest, with the remoteness it leaves, when the
/// position is small enough to search exhaustively.
pub(super) fn longest_move(position: &Position, convention: Convention, player: Player) -> Option<(Move, u64)> {
    if let Some((b, numbers)) = position.as_board() {
        if let Some(nim) = b.rules().as_nim(numbers) {
            return longest_nim_move(numbers, &nim, convention, player);
        }
        // Positions that may repeat have no remoteness, and the search below would follow a
        // cycle.
        if b.rules().longest_game(numbers) == u128::MAX {
            return None;
        }
    }
    let total = position.heaps().iter().try_fold(0u64, |a, &h| a.checked_add(h))?;
    if total > REMOTENESS_MAX_TOTAL {
        return None;
    }
    let mut r = Remoteness::new(convention);
    let mut best: Option<(Move, u64)> = None;
    for (m, next) in naive::moves(position, player) {
        let (_, rem) = r.of(&next, player.other())?;
        if best.as_ref().is_none_or(|(_, b)| rem > *b) {
            best = Some((m, rem));
        }
    }
    best
}

/// The longest move of a board game that is Nim in disguise ([`crate::rules::board::Theory::as_nim`]: the
/// divisor game's exponents), through its heaps: the game lasts as long as that Nim game, and
/// searching the heaps, never the numbers, keeps the work to a Nim search over at most 64
/// objects for the divisor game.
fn longest_nim_move(numbers: &[u64], nim: &NimForm, convention: Convention, player: Player) -> Option<(Move, u64)> {
    let heaps = nim.heaps.iter().map(|&h| Component { ruleset: Ruleset::nim(), heap: h }).collect();
    let (mv, rem) = longest_move(&Position::of_heaps(heaps), convention, player)?;
    let after = nim.after(mv.heap, *mv.to.first()?)?;
    Some((Move::between(numbers, &after)?, rem))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::testing::{game, pos};
    use crate::play::{apply, choose_move, Level, Reason, Rng};
    use crate::solve::analysis::AnalyzeOptions;

    #[test]
    fn from_a_lost_position_it_makes_the_game_last() {
        // 1 2 3 is lost; taking the single object of heap 1 leaves 2 3 which wins in 1 move,
        // while e.g. 3 -> 2 leaves 1 2 2, where the opponent needs 3 moves.
        let nim = game("nim");
        let p = pos(&nim, &["1", "2", "3"]);
        let c = choose_move(&nim, &p, &AnalyzeOptions::default(), Level::Perfect, &mut Rng::new(0)).unwrap().unwrap();
        assert_eq!(c.reason, Reason::Longest);
        let mut r = Remoteness::new(Convention::Normal);
        let after = r.of(&apply(&p, &c.mv), Player::Second).unwrap();
        for (_, next) in naive::moves(&p, Player::First) {
            assert!(r.of(&next, Player::Second).unwrap().1 <= after.1);
        }
        assert!(c.note.contains("more with best play"));
    }
}
