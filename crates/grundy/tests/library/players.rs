//! Who moves: every board game of the registry says whether its players have the same moves
//! (`RulesCore::players`), and each method that moves is given the mover. These checks hold a
//! game to what it says: a position where the two players' options differ is partizan by the
//! game's own word, and a game partizan as a whole is partizan in each of its positions. (A
//! partizan game that leaves out its options does not compile: the `compile_fail` example on
//! `Players`.)

use std::collections::{BTreeSet, HashSet, VecDeque};

use grundy::frontend::GAMES;
use grundy::rules::board::{BoardRules, Players};
use grundy::Game;

/// The most positions walked from each game's example.
const WALKED: usize = 400;

/// The longest game from an example that is walked.
const LONGEST_WALKED: u128 = 10_000;

/// The positions reachable from `start` by either player's moves, breadth first, at most
/// [`WALKED`] of them.
fn reachable(rules: &dyn BoardRules, start: &[u64]) -> Vec<Vec<u64>> {
    let mut seen: HashSet<Vec<u64>> = HashSet::new();
    let mut queue = VecDeque::from([start.to_vec()]);
    let mut out = vec![];
    while let Some(p) = queue.pop_front() {
        if out.len() >= WALKED {
            break;
        }
        if !seen.insert(p.clone()) {
            continue;
        }
        for mover in 0..2 {
            queue.extend(rules.options(&p, mover));
        }
        out.push(p);
    }
    out
}

#[test]
fn a_position_whose_players_have_different_moves_is_partizan_by_its_game() {
    let mut boards = 0;
    let mut partizan_seen = 0;
    for kind in GAMES {
        let game = Game::example_of(kind).unwrap();
        let tokens: Vec<&str> = kind.example_position.split_whitespace().collect();
        let position = game.parse_position(&tokens).unwrap();
        let Some((board, numbers)) = position.as_board() else { continue };
        boards += 1;
        let rules = board.rules();
        // The plain rule lists options only of positions small enough (the divisor game's
        // 10^15 has its options by its theory), and a game whose positions may repeat
        // (graphs, Northcott's game) is not walked along.
        if rules.longest_game(numbers) > LONGEST_WALKED {
            continue;
        }
        let whole = rules.players(None);
        for p in reachable(rules, numbers) {
            let mine = |mover| rules.options(&p, mover).into_iter().collect::<BTreeSet<_>>();
            let players = rules.players(Some(&p));
            if let Players::Partizan(_) = whole {
                assert_eq!(players, whole, "{}: {p:?} is of a partizan game", kind.spelling);
            }
            if mine(0) != mine(1) {
                partizan_seen += 1;
                assert!(
                    matches!(players, Players::Partizan(_)),
                    "{} {p:?}: Left and Right have different moves, but the game says {players:?}",
                    kind.spelling
                );
            }
        }
    }
    assert!(boards > 15, "{boards} board games walked");
    assert!(partizan_seen > 100, "{partizan_seen} positions with different moves seen");
}
