//! What a newcomer met (issue 64, item 6) and Random's coloured Hackenbush (item 3): a misspelt
//! game gets "did you mean", pieces are read in either case where no meaning is lost, and
//! Hackenbush's random positions are coloured as well as green.

use grundy::Game;

/// The error of `spelling` read as a game.
fn game_error(spelling: &str) -> String {
    spelling.parse::<Game>().map(|g| g.to_string()).expect_err(spelling).to_string()
}

#[test]
fn a_misspelt_game_gets_the_nearest_name() {
    for (typed, meant) in [
        ("dominering", "domineering"),
        ("Domineering", "domineering"),
        ("kayels", "kayles"),
        ("nmi", "nim"),
        ("subtracton:1,2", "subtraction:1,2"),
        ("hackenbsh", "hackenbush"),
    ] {
        let e = game_error(typed);
        assert!(e.starts_with(&format!("unknown game '{typed}': did you mean '{meant}'? (known: nim,")), "{e}");
    }
    // Nothing near: the list alone.
    let e = game_error("frob");
    assert!(e.starts_with("unknown game 'frob' (known: nim,"), "{e}");
    // A sum's heaps take heap rulesets only.
    let e = "sum".parse::<Game>().unwrap().parse_position(&["kaylse=3"]).unwrap_err().to_string();
    assert!(e.contains("did you mean 'kayles'?"), "{e}");
}

#[test]
fn pieces_are_read_in_either_case() {
    for (game, upper, lower) in
        [("toads-frogs", "TT..FF", "tt..ff"), ("clobber", "XOX/OXO", "xox/oxo"), ("toads-frogs", "Tt.fF", "TT.FF")]
    {
        let g: Game = game.parse().unwrap();
        let a = g.parse_position(&[upper]).unwrap_or_else(|e| panic!("{game} {upper}: {e}"));
        let b = g.parse_position(&[lower]).unwrap_or_else(|e| panic!("{game} {lower}: {e}"));
        assert_eq!(a.heaps(), b.heaps(), "{game}: {upper} is {lower}");
    }
}

#[test]
fn random_hackenbush_is_coloured_as_well_as_green() {
    let game: Game = "hackenbush".parse().unwrap();
    let positions: Vec<String> = (0..40).map(|seed| game.random_position(seed).join(" ")).collect();
    let coloured = positions.iter().filter(|p| p.contains(":b") || p.contains(":r")).count();
    let green = positions.iter().filter(|p| !p.contains(':')).count();
    assert!(coloured >= 5 && green >= 5, "{positions:?}");
    // Every colour is drawn.
    for colour in [":b", ":r", ":g"] {
        assert!(positions.iter().any(|p| p.contains(colour)), "{colour} in {positions:?}");
    }
}
