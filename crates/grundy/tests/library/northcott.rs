//! Northcott's game through the library: the analysis answers normal play by its theorem and
//! refuses before any work what it cannot answer (misère play, Every-SG, a sum, which would not
//! pass the game's turn), and the computer's games end (the game's positions may repeat). The
//! theorem itself is checked against retrograde analysis in the game's file.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use grundy::play::{apply, choose_move, Level, Rng};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player, Position};

fn position(tokens: &str) -> (Game, Position) {
    let game: Game = "northcott".parse().unwrap();
    let pos = game.parse_position(&tokens.split_whitespace().collect::<Vec<_>>()).unwrap();
    (game, pos)
}

/// The game answers through the analysis, and the conventions it has no answer for are
/// refused before any work, each saying why.
#[test]
fn analysis_answers_normal_play_and_refuses_the_rest() {
    let (game, pos) = position("8:1,5 7:2,7 6:6,3");
    let a = analyze(&game, &pos, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].result_tokens.as_deref().unwrap().join(" "), "8:1,5 7:5,7 6:6,3 black");
    let misere = AnalyzeOptions { convention: Convention::Misere, ..Default::default() };
    assert!(analyze(&game, &pos, &misere).unwrap_err().to_string().contains("positions repeat"));
    let every = AnalyzeOptions { convention: Convention::Every, ..Default::default() };
    let e = analyze(&game, &pos, &every).unwrap_err().to_string();
    assert!(e.contains("can last for ever"), "{e}");
    // A sum would not pass its turn.
    let sum: Game = "sum".parse().unwrap();
    let e = sum.parse_position(&["nim=3", "northcott=8:1,5 5:1,2"]).unwrap_err().to_string();
    assert!(e.contains("northcott says whose turn it is"), "{e}");
}

/// The computer moves from a lost position without searching along the game, which may
/// repeat (a remoteness search would follow a cycle), and a whole game against itself ends.
#[test]
fn the_computer_moves_from_lost_positions_and_its_games_end() {
    let (game, mut pos) = position("9:1,9 9:2,8 9:9,1");
    let mut rng = Rng::new(3);
    let mut player = Player::First;
    let mut moves = 0;
    loop {
        let options = AnalyzeOptions { to_move: player, ..Default::default() };
        let Some(choice) = choose_move(&game, &pos, &options, Level::Perfect, &mut rng).unwrap() else { break };
        pos = apply(&pos, &choice.mv);
        player = player.other();
        moves += 1;
        assert!(moves < 1_000, "the game goes on");
    }
    assert!(moves > 3);
}
