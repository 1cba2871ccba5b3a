//! The one list of games (`grundy::frontend::GAMES`) is the guide's table (`docs/games.md`): a change to either without
//! the other fails here. (The help texts and the web page's selector are checked against the
//! same list by the command line's and the web app's tests.)

use std::path::Path;

#[test]
fn the_guides_table_is_the_list_of_games() {
    let guide = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/games.md")).unwrap();
    let table = grundy::rules::catalogue::markdown_table();
    assert!(
        guide.contains(&table),
        "docs/games.md's table of games differs from grundy::frontend::GAMES; regenerate it with `grundy games --markdown`:\n{table}"
    );
    // Every game the parser knows is in the list: each spelling's example parses, and a name the
    // list does not have is refused.
    for g in grundy::frontend::GAMES {
        assert!(grundy::Game::example_of(g).is_ok(), "{}", g.spelling);
    }
}

#[test]
fn every_example_move_is_legal_in_its_example() {
    for g in grundy::frontend::GAMES {
        let game = grundy::Game::example_of(g).unwrap();
        let tokens: Vec<&str> = g.example_position.split_whitespace().collect();
        let position = game.parse_position(&tokens).unwrap();
        let played = grundy::play::parse_move(&position, grundy::Player::First, g.example_move);
        assert!(played.is_ok(), "{}: '{}' is refused: {}", g.spelling, g.example_move, played.unwrap_err());
        // The syntax names its forms between backquotes (the page shows them as the move box's
        // hint).
        let forms: Vec<&str> = g.move_syntax.split('`').skip(1).step_by(2).collect();
        assert!(
            !forms.is_empty() && g.move_syntax.matches('`').count() % 2 == 0,
            "{}: '{}'",
            g.spelling,
            g.move_syntax
        );
        assert_eq!(grundy::rules::catalogue::kind_of(g.example_game), Some(g), "{}", g.spelling);
    }
}

/// Each example game's move syntax names its own numbers: none of the capitals its kind's
/// spelling stands for (the K of `bounded:K`) is left as a word, and the forms between
/// backquotes are the kind's.
#[test]
fn each_games_move_syntax_has_its_own_numbers() {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).map(String::from).collect()
    };
    let forms = |s: &str| -> Vec<String> { s.split('`').skip(1).step_by(2).map(String::from).collect() };
    let mut filled = 0;
    for g in grundy::frontend::GAMES {
        let syntax = grundy::rules::catalogue::move_syntax_of(g.example_game).unwrap();
        assert_eq!(forms(&syntax), forms(g.move_syntax), "{}", g.spelling);
        let Some((_, letters)) = g.spelling.split_once(':') else { continue };
        for letter in letters.split(',') {
            assert!(!words(&syntax).contains(&letter.to_string()), "{}: {letter} in '{syntax}'", g.spelling);
        }
        filled += usize::from(syntax != g.move_syntax);
    }
    // K-Nim, the Bash game, subtraction and all-but games, Moore's Nim, take-or-split.
    assert!(filled >= 6, "{filled} kinds had their numbers filled in");
}

/// A malformed move of any game is answered in the game's own words (issue 80, row 11: every
/// board game answered "type HEAP TAKE (e.g. '3 11' takes 11 from heap 3)", though none of them
/// has heaps): the refusal speaks of heaps only where the game's moves are typed with heaps,
/// and a text said not to be a move is answered with a move, between quotes, that typed at
/// that position is read as a legal move. (A game's own reader names what it read instead:
/// "the divisor 'zz' is not a number".)
#[test]
fn a_malformed_move_is_answered_in_the_games_own_forms() {
    let has_heaps = |g: &grundy::rules::catalogue::GameKind| g.move_syntax.to_lowercase().contains("heap");
    let mut faults = vec![];
    for g in grundy::frontend::GAMES {
        let game = grundy::Game::example_of(g).unwrap();
        let tokens: Vec<&str> = g.example_position.split_whitespace().collect();
        let position = game.parse_position(&tokens).unwrap();
        for typed in ["zz", "zz yy", "zz -> yy", "3 -> zz", "hello there world", "?"] {
            let Err(e) = grundy::play::parse_move(&position, grundy::Player::First, typed) else {
                panic!("{}: '{typed}' was read as a move", g.spelling)
            };
            let message = e.to_string();
            if !has_heaps(g) && message.to_lowercase().contains("heap") {
                faults.push(format!("{}: '{typed}' speaks of heaps: {message}", g.spelling));
            }
            // The parts of the message between quotes (the text typed is one of them, and does
            // not read; every piece between two quotes is tried, an apostrophe being a quote).
            let quoted: Vec<&str> = message.split('\'').collect();
            if message.contains("is not a move")
                && !quoted.iter().any(|q| grundy::play::parse_move(&position, grundy::Player::First, q).is_ok())
            {
                faults.push(format!(
                    "{}: '{typed}': no move of the message reads as a legal move: {message}",
                    g.spelling
                ));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
