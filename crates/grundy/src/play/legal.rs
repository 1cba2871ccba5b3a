//! What is legal: whether a move is legal for a player (the reason when not), the position it
//! leads to, whether a player has a move at all, every legal move of a small position, and the
//! winner once the game is over. The rest of play/ builds on these checks, so they are decided
//! from the rules of each kind of game (take-only rules, take-and-break rules, a board game's
//! own check, the edges of a graph), however large the heaps.

use crate::error::AnalyzeError;
use crate::game::convention::{Convention, Player};
use crate::game::{IllegalMove, Move, Position};
use crate::rules::board::graphs::graph::Goal;

use super::{every, graph_of};

/// Checks that `mv` is a legal move for `player` in `position` and returns the position it
/// leads to; the error says why not.
///
/// ```
/// use grundy::{Game, Player, play::{check_move, Move}};
/// let game: Game = "bounded:3".parse().unwrap();
/// let pos = game.parse_position(&["7", "2"]).unwrap();
/// assert!(check_move(&pos, Player::First, &Move::new(0, vec![5])).is_ok());
/// let e = check_move(&pos, Player::First, &Move::new(0, vec![1])).unwrap_err();
/// assert_eq!(e.to_string(), "heap 1: at most 3 may be taken from a heap in bounded:3");
/// ```
pub fn check_move(position: &Position, player: Player, mv: &Move) -> Result<Position, IllegalMove> {
    position.kind().check_move(player, mv)
}

/// The position after `mv`, assumed legal: the moved heap is replaced in place by the heaps it
/// leaves, each following the same ruleset.
pub fn apply(position: &Position, mv: &Move) -> Position {
    // A move in several games of a sum at once (an Every-SG turn): its numbers shared out
    // among the games as a legal move of each.
    position.after(mv).or_else(|| every::apply(position, mv)).unwrap_or_else(|| position.clone())
}

/// Checks a turn of `convention` and returns the position after it. Under normal and misère
/// play a turn is one move ([`check_move`]); under Every-SG it is one move in every game of the
/// sum that is not over (each heap of a sum of heaps, each game of a `sum`), the games that are
/// over staying as they are, written as one [`Move`] over the run of numbers that changes. The
/// error names the game at fault.
///
/// ```
/// use grundy::{Convention, Game, Player, play::{check_turn, Move}};
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["3", "5", "0"]).unwrap();
/// // A move in heaps 1 and 2 (heap 3 is empty, so over): 3 -> 1 and 5 -> 0.
/// let turn = Move::between(&[3, 5, 0], &[1, 0, 0]).unwrap();
/// assert_eq!(check_turn(&pos, Player::First, Convention::Every, &turn).unwrap().heaps(), vec![1, 0, 0]);
/// let one = Move::new(0, vec![1]);
/// let e = check_turn(&pos, Player::First, Convention::Every, &one).unwrap_err().to_string();
/// assert!(e.starts_with("heap 2: no move was given for it"), "{e}");
/// ```
pub fn check_turn(
    position: &Position,
    player: Player,
    convention: Convention,
    mv: &Move,
) -> Result<Position, IllegalMove> {
    match convention {
        Convention::Every => every::check(position, player, mv),
        Convention::Normal | Convention::Misere => check_move(position, player, mv),
    }
}

/// Whether `player` has any move in `position` (the game is over when the player to move has
/// none). Cheap for every position, however large.
pub fn has_move(position: &Position, player: Player) -> bool {
    position.kind().has_move(player)
}

/// The winner of a finished game: `to_move` has no move, so under normal play the other player
/// made the last move and wins; under misère the player to move wins.
pub fn winner_when_over(convention: Convention, to_move: Player) -> Player {
    match convention {
        Convention::Normal | Convention::Every => to_move.other(),
        Convention::Misere => to_move,
    }
}

/// Every legal move of `player` in `position`, for positions small enough to list (each
/// token's edges, for a game on a graph).
///
/// ```
/// use grundy::{Game, Player, play::legal_moves};
/// let game = Game::graph("graph", "a b\na c\nb c left\n").unwrap();
/// let pos = game.parse_position(&["a", "b"]).unwrap();
/// assert_eq!(legal_moves(&pos, Player::First).len(), 3);
/// assert_eq!(legal_moves(&pos, Player::Second).len(), 2);
/// ```
pub fn legal_moves(position: &Position, player: Player) -> Vec<Move> {
    position.kind().legal_moves(player)
}

/// The winner once the game is over (`to_move` has no move, or a token of a game on a graph
/// has reached a goal), else `None`.
pub fn winner_of(position: &Position, convention: Convention, to_move: Player) -> Option<Player> {
    if let Some((g, numbers)) = graph_of(position) {
        match g.graph().goal_reached(numbers) {
            // The player who moved the token there is the one not to move.
            Some((_, Goal::Win)) => return Some(to_move.other()),
            Some((_, _)) => return Some(to_move),
            None => {}
        }
    }
    (!has_move(position, to_move)).then(|| winner_when_over(convention, to_move))
}

/// Whether `position` can be played under `convention` at all, whatever the level: Every-SG
/// takes each heap of a sum as one game, so a heap that splits (Kayles, Grundy's game) would
/// change the games during play, and it is defined here for impartial games only. The error
/// says why; the front ends report it before the game starts.
///
/// ```
/// use grundy::{Convention, Game, play::check_playable};
/// let kayles: Game = "kayles".parse().unwrap();
/// let pos = kayles.parse_position(&["5", "3"]).unwrap();
/// assert!(check_playable(&pos, Convention::Normal).is_ok());
/// assert!(check_playable(&pos, Convention::Every).unwrap_err().to_string().contains("can split"));
/// ```
pub fn check_playable(position: &Position, convention: Convention) -> Result<(), AnalyzeError> {
    match convention {
        Convention::Every => every::refusal(position),
        Convention::Normal | Convention::Misere => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::position::{heaps::enumerated_options, normalized};
    use crate::play::testing::{game, pos};
    use crate::play::{random_move, smallest_move, Rng};
    use crate::solve::naive;

    /// Every legal move by the definition is accepted by `check_move`, and a sample of other
    /// results is refused, for every game on small positions.
    #[test]
    fn check_move_agrees_with_the_definition() {
        let cases: &[(&str, &[&str])] = &[
            ("nim", &["3", "5"]),
            ("bounded:2", &["4", "3"]),
            ("bash:3", &["6"]),
            ("subtraction:1,3", &["5", "2"]),
            ("allbut:2", &["5", "3"]),
            ("kl:1,2", &["3", "4"]),
            ("bounded", &["5/2", "3/1"]),
            ("sum", &["nim=3", "subtraction:2=4"]),
            ("divisor", &["360"]),
            ("kayles", &["6", "3"]),
            ("hex:0.8", &["9", "5"]),
            ("hex:4.f1", &["7"]),
        ];
        for (g, t) in cases {
            let g = game(g);
            let p = pos(&g, t);
            for player in [Player::First, Player::Second] {
                let legal: Vec<Move> = naive::moves(&p, player).into_iter().map(|(m, _)| m).collect();
                for m in &legal {
                    assert_eq!(check_move(&p, player, m).unwrap(), apply(&p, m), "{g} {t:?} {m:?}");
                }
                for (i, &h) in p.heaps().iter().enumerate() {
                    for to in 0..=h + 1 {
                        let m = Move::new(i, vec![to]);
                        let ok = check_move(&p, player, &m);
                        assert_eq!(ok.is_ok(), legal.contains(&m), "{g} {t:?} {m:?} {ok:?}");
                        if let Err(e) = ok {
                            assert!(!e.to_string().contains('\n'));
                        }
                    }
                }
                assert_eq!(has_move(&p, player), !legal.is_empty());
            }
        }
    }

    /// Huge heaps of take-and-break games: whether a move exists is known without listing them,
    /// and listing refuses heaps with too many options (three-heap splits of 60000: 3e8).
    #[test]
    fn huge_split_heaps_are_not_listed() {
        let only_one = game("octal:0.1"); // remove a heap of exactly 1
        assert!(!has_move(&pos(&only_one, &["1000000"]), Player::First));
        assert!(has_move(&pos(&only_one, &["1000000", "1"]), Player::First));
        let hex = game("hex:0.8");
        assert!(has_move(&pos(&hex, &["1000000000"]), Player::First));
        assert!(!has_move(&pos(&hex, &["3"]), Player::First));
        let e = enumerated_options(&"hex:0.8".parse().unwrap(), 60_000).unwrap_err();
        assert!(e.contains("too many moves"), "{e}");
        // Moves of such heaps are still checked, made at random and made smallest-first, from
        // the rules (the computer's fallbacks when no winning move is known).
        for (g, heaps, good, bad) in [
            ("hex:0.8", &["1000", "1000"][..], vec![300, 300, 399], vec![300, 300, 400]),
            ("octal:0.777", &["50000", "50000"][..], vec![20000, 29999], vec![20000, 30001]),
            ("grundys-game", &["100000"][..], vec![1, 99999], vec![50000, 50000]),
        ] {
            let g = game(g);
            let p = pos(&g, heaps);
            assert!(check_move(&p, Player::First, &Move::new(0, good)).is_ok(), "{g}");
            assert!(check_move(&p, Player::First, &Move::new(0, bad)).is_err(), "{g}");
            let smallest = smallest_move(&p, Player::First).unwrap();
            assert!(check_move(&p, Player::First, &smallest).is_ok(), "{g} {smallest:?}");
            let mut rng = Rng::new(7);
            for _ in 0..50 {
                let m = random_move(&p, Player::First, &mut rng).unwrap();
                assert!(check_move(&p, Player::First, &m).is_ok(), "{g} {m:?}");
            }
        }
    }

    #[test]
    fn splitting_moves_fit() {
        // A move that leaves two heaps is applied in place and checked by enumeration, so
        // rulesets that split heaps need nothing new here.
        let nim = game("nim");
        let p = pos(&nim, &["5", "2"]);
        let next = apply(&p, &Move::new(0, vec![1, 3]));
        assert_eq!(next.heaps(), vec![1, 3, 2]);
        assert_eq!(normalized(&[3, 0, 1]), vec![1, 3]);
    }
}
