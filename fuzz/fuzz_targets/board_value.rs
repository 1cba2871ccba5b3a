//! Conway's value of a board position of any game of the catalogue, by name: the first line is
//! the game (`domineering`, `clobber`, `toads-frogs`, `cutcake`, `hackenbush` with coloured
//! edges, and every partizan board added to the catalogue later), the rest the position's
//! tokens (split at spaces). Never a panic; a position that parses is valued within small
//! bounds of positions, work and memory, or refused in one line; and where the value came from
//! few positions its outcome class says who wins as the plain exhaustive solver
//! (`grundy::naive`) finds for each player moving first.
#![no_main]

use grundy::naive::NaiveSolver;
use grundy::solve::value::{value_report, Raise, Scope};
use grundy::{Convention, Game, GameStore, PartizanOutcome, Player};
use libfuzzer_sys::fuzz_target;

/// The most positions valued: a few milliseconds.
const BUDGET: u64 = 300;

/// Positions few enough for the plain solver to check the outcome (a board valued by its
/// options counts each of its positions).
const CHECKED: u64 = 20;

fuzz_target!(|text: &str| {
    let Some((name, rest)) = text.split_once('\n') else {
        return;
    };
    let Ok(game) = name.parse::<Game>() else {
        return;
    };
    let tokens: Vec<&str> = if rest.is_empty() { vec![] } else { rest.split(' ').collect() };
    let Ok(position) = game.parse_position(&tokens) else {
        return;
    };
    let mut store = GameStore::new();
    store.set_work_limit(50_000);
    store.set_total_work_limit(50_000);
    store.set_memory_limit(64 << 20);
    let report = match value_report(&game, &position, &mut store, BUDGET, 2_000, Scope::Full, Raise::LIBRARY) {
        Ok(r) => r,
        Err(e) => {
            assert!(!e.to_string().contains('\n'), "{name} {rest:?}: {e}");
            return;
        }
    };
    // A sum of heaps (`nim 3 4848`: two "positions", one a heap) or of games is valued through
    // its analysis, however large its heaps: the plain solver would walk them all. Boards
    // valued by their options only.
    if position.as_board().is_none() || report.positions < 2 || report.positions > CHECKED {
        return;
    }
    let mut solver = NaiveSolver::new();
    let left = solver.wins(&position, Convention::Normal, Player::First);
    let right = solver.wins(&position, Convention::Normal, Player::Second);
    let (left_wins, right_wins) = match report.outcome {
        PartizanOutcome::L => (true, false),
        PartizanOutcome::R => (false, true),
        PartizanOutcome::P => (false, false),
        PartizanOutcome::N => (true, true),
    };
    assert_eq!((left, right), (left_wins, right_wins), "{name} {rest:?}: value {:?}", report.canonical);
});
