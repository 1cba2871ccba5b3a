//! A board game writes every move as a person types it (`Notation::write_move`), and reads it
//! back as the same move: on every game's example position, every legal move of each player
//! (where the plain rule lists them; else the smallest move and random ones).

use grundy::frontend::GAMES;
use grundy::play::parse_move;
use grundy::rules::board::Players;
use grundy::{Game, Player};

/// The longest game from an example whose options the plain rule lists (the divisor game's
/// 10^15 has its moves by its theory).
const LONGEST_LISTED: u128 = 10_000;

/// The random moves tried from an example whose options are not listed.
const RANDOM_MOVES: u64 = 20;

#[test]
fn every_move_written_reads_back_as_the_same_move() {
    let mut boards = 0;
    let mut moves = 0;
    let mut failures = vec![];
    for kind in GAMES {
        let game = Game::example_of(kind).unwrap();
        let tokens: Vec<&str> = kind.example_position.split_whitespace().collect();
        let position = game.parse_position(&tokens).unwrap();
        let Some((board, numbers)) = position.as_board() else { continue };
        boards += 1;
        let rules = board.rules();
        let movers: &[usize] = match rules.players(Some(numbers)) {
            Players::Partizan(_) => &[0, 1],
            Players::Impartial | Players::TurnInPosition => &[0],
        };
        for &mover in movers {
            let player = if mover == 0 { Player::First } else { Player::Second };
            let afters: Vec<Vec<u64>> = if rules.longest_game(numbers) <= LONGEST_LISTED {
                rules.options(numbers, mover)
            } else {
                let mut state = 1u64;
                let mut below = |k: u64| {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    (state >> 33) % k
                };
                let random = (0..RANDOM_MOVES).filter_map(|_| rules.random_move(numbers, mover, &mut below));
                rules.smallest_move(numbers, mover).into_iter().chain(random).collect()
            };
            for after in afters {
                moves += 1;
                let text = rules.write_move(numbers, &after, mover);
                // The game's own reader, where it reads the text, gives the same move.
                if let Some(read) = rules.read_move(numbers, &text, mover) {
                    if read.as_ref() != Ok(&after) {
                        failures.push(format!(
                            "{} {}: '{text}' read by the game as {read:?}",
                            kind.spelling, kind.example_position
                        ));
                    }
                }
                // And so does the reader of typed moves (the general forms included).
                match parse_move(&position, player, &text) {
                    Ok(mv) if mv.apply(numbers) == after => {}
                    other => failures.push(format!(
                        "{} {} (player {mover}): '{text}' for {after:?} reads as {other:?}",
                        kind.spelling, kind.example_position
                    )),
                }
            }
        }
    }
    assert!(boards >= 25, "{boards} board games");
    assert!(moves > 200, "{moves} moves");
    assert!(failures.is_empty(), "{} of {moves} moves do not read back:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_general_form_is_written_where_a_game_has_no_words_of_its_own() {
    // Euclid's game writes no words of its own: its moves are written in the form every game
    // reads, `HEAP -> LEFT`.
    let game: Game = "euclid".parse().unwrap();
    let position = game.parse_position(&["34", "12"]).unwrap();
    let (board, numbers) = position.as_board().unwrap();
    assert_eq!(board.rules().write_move(numbers, &[10, 12], 0), "1 -> 10");
}

#[test]
fn a_move_is_written_in_its_descriptions_words_where_they_read_back() {
    // Northcott's game writes no move of its own: the words of its description outside the
    // parentheses ("move 1 to 3 (White, ...)") read back as the move, so they are written.
    let game: Game = "northcott".parse().unwrap();
    let position = game.parse_position(&["8:2,7"]).unwrap();
    let (board, numbers) = position.as_board().unwrap();
    let rules = board.rules();
    let after = rules.read_move(numbers, "1 3", 0).unwrap().unwrap();
    assert!(rules.describe(numbers, &after).starts_with("move 1 to 3 ("), "{}", rules.describe(numbers, &after));
    assert_eq!(rules.write_move(numbers, &after, 0), "move 1 to 3");
}

#[test]
fn a_game_that_starts_from_nothing_draws_its_start_or_one_move_after() {
    // Geography's empty position (`-`, the token not placed) has a move: its random positions
    // are that start or the token placed on one vertex, each read back by the game.
    let game = Game::geography("a-path", "a b\nb c\nc d\nb e\n").unwrap();
    let (mut unplaced, mut placed) = (0, 0);
    for seed in 0..40 {
        let tokens = game.random_position(seed);
        game.parse_position(&tokens).unwrap();
        match tokens[..] {
            [ref t] if t == "-" => unplaced += 1,
            [ref t] if !t.contains(',') => placed += 1,
            _ => panic!("{tokens:?}"),
        }
    }
    assert!(unplaced > 5 && placed > 5, "{unplaced} unplaced, {placed} placed");
    // A game whose empty position has no move (an empty circle of coins) draws numbers.
    let circle: Game = "circle:kayles".parse().unwrap();
    for seed in 0..10 {
        let tokens = circle.random_position(seed);
        assert!((2..=4).contains(&tokens.len()), "{tokens:?}");
        circle.parse_position(&tokens).unwrap();
    }
}
