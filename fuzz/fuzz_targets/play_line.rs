//! `grundy::play::parse_move` on any text for a few positions of several games (the first
//! byte picks the position and the player): never a panic, and a move it accepts is one that
//! `check_move` accepts, can be applied and described. The same text is read as an Every-SG
//! turn (`parse_turn`: each game's move joined by ';', or the general form) wherever Every-SG
//! can be played: a turn it accepts is accepted by `check_turn` as the same numbers (or refused
//! only because its general form can be shared out among the games in two ways).
#![no_main]

use grundy::play::{apply, check_move, check_playable, check_turn, describe, parse_move, parse_turn, typed_turn};
use grundy::{Convention, Game, Player, Position};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

const POSITIONS: [(&str, &[&str]); 24] = [
    // Every-SG sums: heaps, games of two numbers, games whose moves change how many numbers
    // they have, and a game that is over.
    ("nim", &["3", "5", "0", "7"]),
    ("sum", &["euclid=5,3", "euclid=3,2", "nim=0"]),
    ("sum", &["take-or-split:2=4", "take-or-split:2=4", "fibonacci-nim=5"]),
    ("sum", &["cutting=2x3", "wythoff=2,3", "nim=2"]),
    ("nim", &["7", "9", "12", "15"]),
    ("nim", &["0", "18446744073709551615"]),
    ("bounded:3", &["10", "7", "4"]),
    ("bounded", &["7/3", "9/2", "12/5"]),
    ("divisor", &["720"]),
    ("divisor", &["18446744073709551615"]),
    ("kl:2,3", &["4", "5", "6"]),
    ("kayles", &["10", "7"]),
    ("octal:0.137", &["9"]),
    ("hex:4.f1", &["12", "3"]),
    ("grundys-game", &["9", "2"]),
    ("subtraction:1,3,5", &["1000000000000000000", "4"]),
    ("allbut:2", &["6", "100"]),
    ("sum", &["nim=7", "subtraction:2,5=9", "bounded:3=5", "kayles=6", "hex:0.8=10"]),
    ("sum", &["euclid=34,12", "wythoff=5,8", "kayles=6", "chips=1,5,6"]),
    ("circle:kayles", &["12", "line:7", "line:0"]),
    ("cutting", &["4x2", "1x3", "18446744073709551615x2"]),
    ("ruler", &["1", "18446744073709551615"]),
    ("mock-turtles", &["0", "5", "18446744073709551615"]),
    ("coins-2d:rulerxmock-turtles", &["18446744073709551615,0", "3,3", "1,18446744073709551615"]),
];

fn positions() -> &'static [Position] {
    static ALL: OnceLock<Vec<Position>> = OnceLock::new();
    ALL.get_or_init(|| {
        // The positions above, and every catalogue example (a new game is fuzzed without a
        // change here).
        let examples = grundy::frontend::GAMES.iter().map(|g| {
            (
                Game::example_of(g).expect("the catalogue's examples parse"),
                g.example_position.split(' ').collect::<Vec<_>>(),
            )
        });
        POSITIONS
            .iter()
            .map(|(game, tokens)| (game.parse::<Game>().expect("the fixed games parse"), tokens.to_vec()))
            .chain(examples)
            .map(|(game, tokens)| game.parse_position(&tokens).expect("the fixed positions parse"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let all = positions();
    let Some(position) = all.get(usize::from(pick) % all.len()) else {
        return;
    };
    let player = if pick & 0x80 == 0 { Player::First } else { Player::Second };
    if let Ok(mv) = parse_move(position, player, text) {
        let next = check_move(position, player, &mv).unwrap_or_else(|e| panic!("{text:?} read but refused: {e}"));
        assert_eq!(next, apply(position, &mv));
        let _ = describe(position, &mv);
    }
    if check_playable(position, Convention::Every).is_ok() {
        if let Ok(mv) = parse_turn(position, player, Convention::Every, text) {
            match check_turn(position, player, Convention::Every, &mv) {
                Ok(next) => {
                    assert_eq!(next.heaps(), mv.apply(&position.heaps()), "{text:?}");
                    let _ = describe(position, &mv);
                    let _ = typed_turn(position, Convention::Every, &mv);
                }
                Err(e) => assert!(e.to_string().contains("more than one way"), "{text:?} read but refused: {e}"),
            }
        }
    }
});
