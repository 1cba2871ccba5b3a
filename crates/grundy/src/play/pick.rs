//! Moves picked without solving the position, for every kind of game: a random legal move (the
//! computer's deliberate mistakes at the lower levels) and the move that changes the position
//! least (the last resort when a position is lost or unsolved, and the example a person is shown).
//! Both come from the rules, so they are cheap however large the heaps.

use crate::game::convention::{Convention, Player};
use crate::game::{Move, Position};

use super::{every, Rng};

/// A random legal move for `player`, or `None` when there is none.
pub fn random_move(position: &Position, player: Player, rng: &mut Rng) -> Option<Move> {
    position.kind().random_move(player, &mut |k| rng.below(k))
}

/// The move that changes the position least: the fewest objects taken (the first such heap),
/// or for the divisor game the smallest divisor.
pub fn smallest_move(position: &Position, player: Player) -> Option<Move> {
    position.kind().smallest_move(player)
}

/// A random turn under `convention`: under Every-SG a random move in every game that has one;
/// otherwise [`random_move`]. `None` when there is none.
pub fn random_turn(position: &Position, player: Player, convention: Convention, rng: &mut Rng) -> Option<Move> {
    match convention {
        Convention::Every => every::each_game(position, player, |g| random_move(g, player, rng)).map(|(mv, _)| mv),
        Convention::Normal | Convention::Misere => random_move(position, player, rng),
    }
}

/// The turn that changes the position least under `convention`: under Every-SG the smallest
/// move in every game that has one; otherwise [`smallest_move`]. `None` when there is none.
pub fn smallest_turn(position: &Position, player: Player, convention: Convention) -> Option<Move> {
    match convention {
        Convention::Every => every::each_game(position, player, |g| smallest_move(g, player)).map(|(mv, _)| mv),
        Convention::Normal | Convention::Misere => smallest_move(position, player),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::position::normalized;
    use crate::rules::Ruleset;

    /// The moves made from the rules are the options of the definition, on small heaps: every
    /// random move is an option, and the smallest removes the fewest objects.
    #[test]
    fn moves_from_the_rules_are_options() {
        let mut rng = Rng::new(3);
        for g in ["hex:0.8", "hex:c.f1", "kayles", "octal:4.07", "grundys-game", "octal:0.1", "hex:8.31"] {
            let r: Ruleset = g.parse().unwrap();
            let rules = r.split_rules().unwrap();
            for n in 0..40u64 {
                let options: Vec<Vec<u64>> = r.options(n).iter().map(|o| normalized(o)).collect();
                for o in &options {
                    assert!(rules.allows(n, o), "{g} {n} -> {o:?}");
                }
                for bad in [vec![n], vec![n + 1], vec![1, 1, 1, n], vec![0, n.saturating_sub(1), 0]] {
                    assert_eq!(rules.allows(n, &bad), options.contains(&normalized(&bad)), "{g} {n} -> {bad:?}");
                }
                let kinds = rules.options_by_kind(n);
                assert_eq!(kinds.is_empty(), options.is_empty(), "{g} {n}");
                for kind in &kinds {
                    for _ in 0..5 {
                        let o = rules.option_of_kind(n, kind, |k| rng.below(k));
                        assert!(options.contains(&normalized(&o)), "{g} {n} -> {o:?}");
                    }
                }
                let least = options.iter().map(|o| n - o.iter().sum::<u64>()).min();
                let smallest = rules.smallest_option(n).map(|o| n - o.iter().sum::<u64>());
                assert_eq!(smallest, least, "{g} {n}");
            }
        }
    }
}
