//! Moves picked without solving the position, for every kind of game: a random legal move (the
//! computer's deliberate mistakes at the lower levels) and the move that changes the position
//! least (the last resort when a position is lost or unsolved, and the example a person is shown).
//! Both come from the rules, so they are cheap however large the heaps.

use crate::game::convention::{Convention, Player};
use crate::game::games::Parts;
use crate::game::{Move, Position};
use crate::rules::Ruleset;

use super::{enumerated_options, every, graph_of, has_move, legal_moves, smallest_take, Rng};

/// A random number of objects that may be taken from a heap of size `n`, or `None` for a
/// ruleset that is not take-only; `Some(None)` when the heap has no move.
fn random_take(r: &Ruleset, n: u64, rng: &mut Rng) -> Option<Option<u64>> {
    r.random_take(n, &mut |m| rng.below(m))
}

/// A random legal move for `player`, or `None` when there is none.
pub fn random_move(position: &Position, player: Player, rng: &mut Rng) -> Option<Move> {
    if graph_of(position).is_some() {
        let mut moves = legal_moves(position, player);
        let i = rng.below(moves.len().max(1) as u64) as usize;
        return (i < moves.len()).then(|| moves.swap_remove(i));
    }
    let heaps = position.heaps();
    match position {
        Position::Board(b, numbers) => {
            let after = b.rules().random_move_for(numbers, player.index(), &mut |k| rng.below(k))?;
            Move::between(numbers, &after)
        }
        Position::Games(parts) => {
            // A random game with a move, then a random move in it.
            let alive: Vec<usize> =
                (0..parts.len()).filter(|&i| parts.get(i).is_some_and(|p| has_move(p, player))).collect();
            let i = *alive.get(rng.below(alive.len().max(1) as u64) as usize)?;
            let m = random_move(parts.get(i)?, player, rng)?;
            Some(Parts::of(parts).global(i, &m))
        }
        _ => {
            // Start at a random heap and take the first one with a move, so every heap with
            // a move can be chosen.
            let start = rng.below(heaps.len() as u64) as usize;
            (0..heaps.len()).map(|k| (start + k) % heaps.len()).find_map(|i| heap_move(position, player, i, rng))
        }
    }
}

/// A random move in heap `i` (or `None` when it has none).
pub(super) fn heap_move(position: &Position, player: Player, i: usize, rng: &mut Rng) -> Option<Move> {
    match position {
        Position::Sum(cs) => {
            let c = &cs[i];
            match random_take(&c.ruleset, c.heap, rng) {
                Some(t) => t.map(|t| Move::new(i, vec![c.heap - t])),
                None => match c.ruleset.split_rules() {
                    // A kind of move (what is taken, how many heaps are left), then its parts.
                    Some(rules) => {
                        let kinds = rules.options_by_kind(c.heap);
                        let kind = kinds.get(rng.below(kinds.len() as u64) as usize)?;
                        Some(Move::new(i, rules.option_of_kind(c.heap, kind, |k| rng.below(k))))
                    }
                    None => {
                        let options = enumerated_options(&c.ruleset, c.heap).ok()?;
                        let o = options.get(rng.below(options.len() as u64) as usize)?;
                        Some(Move::new(i, o.clone()))
                    }
                },
            }
        }
        Position::Board(..) | Position::Games(_) => random_move(position, player, rng),
    }
}

/// The move that changes the position least: the fewest objects taken (the first such heap),
/// or for the divisor game the smallest divisor.
pub fn smallest_move(position: &Position, player: Player) -> Option<Move> {
    if graph_of(position).is_some() {
        return legal_moves(position, player).into_iter().next();
    }
    let removed = |heap: usize, to: &[u64], n: u64| (n.saturating_sub(to.iter().sum()), heap);
    let heaps = position.heaps();
    let candidates: Vec<Move> = match position {
        Position::Board(b, numbers) => {
            return b
                .rules()
                .smallest_move_for(numbers, player.index())
                .and_then(|after| Move::between(numbers, &after));
        }
        // The first game's smallest move.
        Position::Games(parts) => {
            let layout = Parts::of(parts);
            return parts.iter().enumerate().find_map(|(i, p)| smallest_move(p, player).map(|m| layout.global(i, &m)));
        }
        Position::Sum(cs) => cs
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match smallest_take(&c.ruleset, c.heap) {
                Some(t) => t.map(|t| Move::new(i, vec![c.heap - t])),
                None => match c.ruleset.split_rules() {
                    Some(rules) => rules.smallest_option(c.heap).map(|to| Move::new(i, to)),
                    None => enumerated_options(&c.ruleset, c.heap)
                        .ok()?
                        .into_iter()
                        .min_by_key(|o| removed(i, o, c.heap))
                        .map(|to| Move::new(i, to)),
                },
            })
            .collect(),
    };
    candidates.into_iter().min_by_key(|m| removed(m.heap, &m.to, heaps[m.heap]))
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
    use crate::play::legal::normalized;

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
