//! The one `Move` type at its borders: every legal move of every game reads back from its
//! `Display`, as a person types it, and the JSON keeps heaps numbered from 1 while the library
//! holds them 0-based.

use grundy::naive::moves;
use grundy::play::{choose_move, parse_move, Level, Rng, Session};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Move, Player};
use proptest::prelude::*;

/// Games whose positions are written as plain heap sizes, one of each kind of move: take-only,
/// partizan (K-L-Nim), take-and-break into two and three heaps, and Grundy's game.
const HEAP_GAMES: [&str; 10] = [
    "nim",
    "bounded:2",
    "subtraction:1,3",
    "allbut:2",
    "kl:1,2",
    "kayles",
    "octal:0.137",
    "hex:0.8",
    "hex:4.f1",
    "grundys-game",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Each legal move (from the exhaustive solver's own move generation) is written by
    /// `Display` in a form that `FromStr` and the reader of a person's move both read back as
    /// the same move, for either player.
    #[test]
    fn every_legal_move_reads_back_from_its_display(
        game in prop::sample::select(HEAP_GAMES.to_vec()),
        heaps in prop::collection::vec(0u64..14, 1..4),
        second in any::<bool>(),
    ) {
        let game: Game = game.parse().unwrap();
        let tokens: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let position = game.parse_position(&tokens).unwrap();
        let player = if second { Player::Second } else { Player::First };
        for (m, _) in moves(&position, player) {
            let text = m.to_string();
            prop_assert_eq!(text.parse::<Move>(), Ok(m.clone()), "{} {:?}: {}", game, heaps, text);
            prop_assert_eq!(parse_move(&position, player, &text), Ok(m.clone()), "{} {:?}: {}", game, heaps, text);
            let number = (m.heap + 1).to_string();
            prop_assert_eq!(text.split(" ->").next(), Some(number.as_str()), "heaps are numbered from 1");
        }
    }

    /// The divisor game's moves too: n is heap 1.
    #[test]
    fn every_divisor_move_reads_back_from_its_display(n in 1u64..20_000) {
        let game: Game = "divisor".parse().unwrap();
        let position = game.parse_position(&[n.to_string()]).unwrap();
        for (m, _) in moves(&position, Player::First) {
            let text = m.to_string();
            prop_assert!(text.starts_with("1 -> "), "{}", text);
            prop_assert_eq!(parse_move(&position, Player::First, &text), Ok(m.clone()), "{}: {}", n, text);
        }
    }
}

fn problem(game: &str, tokens: &[&str]) -> (Game, grundy::Position) {
    let game: Game = game.parse().unwrap();
    let position = game.parse_position(tokens).unwrap();
    (game, position)
}

/// The JSON of winning moves, the computer's choice and a person's played move, byte for
/// byte: `heap` is the 0-based index plus one, in the order each object has always had.
#[test]
fn the_json_numbers_heaps_from_one() {
    let (game, position) = problem("nim", &["7", "9", "12", "15"]);
    let a = analyze(&game, &position, &AnalyzeOptions::default()).unwrap();
    let third = a.winning_moves.iter().find(|m| m.result == [7, 9, 1, 15]).unwrap();
    assert_eq!(third.mv, Move::new(2, vec![1]));
    assert_eq!(
        serde_json::to_string(third).unwrap(),
        r#"{"text":"take 11 from heap 3 (12 -> 1)","result":[7,9,1,15],"heap":3,"to":[1],"leaves":["7","9","1","15"]}"#
    );

    // The divisor game's n is heap 0 inside and heap 1 outside.
    let (game, position) = problem("divisor", &["12"]);
    let options = AnalyzeOptions { convention: Convention::Misere, ..AnalyzeOptions::default() };
    let a = analyze(&game, &position, &options).unwrap();
    assert!(a.winning_moves.iter().all(|m| m.mv.heap == 0));
    let json = serde_json::to_value(&a).unwrap();
    assert!(json["winning_moves"].as_array().unwrap().iter().all(|m| m["heap"] == 1), "{json}");

    let (game, position) = problem("nim", &["3", "4", "5"]);
    let c =
        choose_move(&game, &position, &AnalyzeOptions::default(), Level::Perfect, &mut Rng::new(1)).unwrap().unwrap();
    assert_eq!(c.mv, Move::new(0, vec![1]));
    assert_eq!(
        serde_json::to_string(&c).unwrap(),
        r#"{"heap":1,"to":[1],"text":"take 2 from heap 1 (3 -> 1)","result":[1,4,5],"reason":"winning","note":"a winning move"}"#
    );

    let mut s = Session::new(game, position, AnalyzeOptions::default(), Player::Second, Level::Perfect, 1);
    let played = s.play_text("3 -> 1").unwrap();
    assert_eq!(played.mv, Move::new(2, vec![1]));
    assert_eq!(
        serde_json::to_string(&played).unwrap(),
        r#"{"heap":3,"to":[1],"text":"take 4 from heap 3 (5 -> 1)","result":[3,4,1]}"#
    );
}
