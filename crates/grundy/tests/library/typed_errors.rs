//! The public functions that read a game's text or parameters, or check a move, return typed
//! errors (issue 48), not strings: a graph file's error carries its line, a game's parameter
//! a `ParseGameError`, a move an `IllegalMove`. Their messages are the ones the front ends
//! have always printed, byte for byte: each test names the variant or type by its signature
//! (so it does not build against the old `Result<_, String>`) and compares the text.

use grundy::engine::NotMinimalError;
use grundy::frontend::Token;
use grundy::rules::board::graphs::geography::ParseGeographyError;
use grundy::rules::board::graphs::graph::{Graph, GraphGame, ParseGraphError};
use grundy::rules::board::numbers::take_or_split::TakeOrSplit;
use grundy::rules::board::{Circle, CoinRule, Coins2d, Geography};
use grundy::solve::query::requested_game;
use grundy::{Game, IllegalMove, ParseGameError, ParsePositionError, QuotientBuilder, Ruleset};

#[test]
fn a_graph_file_error_names_its_line_and_says_why() {
    let cases: [(&str, ParseGraphError, &str); 4] = [
        (
            "a b\na b c\n",
            ParseGraphError::NotALine { line: 2, text: "a b c".into() },
            "graph line 2: 'a b c' is not 'u v', 'u v left', 'u v right', 'win V', 'lose V' or 'vertex V'",
        ),
        (
            "a b\n\nwin b\nlose a\n\nvertex lose # a keyword\n",
            ParseGraphError::KeywordAsVertex { line: 6, name: "lose".into() },
            "graph line 6: 'lose' is a keyword (win, lose, vertex), not a vertex name",
        ),
        (
            "a b\nwin b\nb c\nlose b\n",
            ParseGraphError::GoalOfBothKinds { line: 4, name: "b".into(), first_line: 2 },
            "graph line 4: vertex 'b' is already a goal of the other kind (line 2)",
        ),
        (
            "# only a comment\n\n",
            ParseGraphError::NoVertices,
            "the graph has no vertices: give its edges as lines 'u v' (e.g. 'a b')",
        ),
    ];
    for (text, want, message) in cases {
        let e: ParseGraphError = Graph::parse("graph", text).unwrap_err();
        assert_eq!(e, want, "{text:?}");
        assert_eq!(e.to_string(), message, "{text:?}");
        let line = match want {
            ParseGraphError::NoVertices => None,
            _ => Some(message.split(':').next().unwrap().trim_start_matches("graph line ").parse().unwrap()),
        };
        assert_eq!(e.line(), line, "{text:?}");
        // The game reads the same words, as `grundy` has always printed them.
        let g: ParseGameError = Game::graph("graph", text).unwrap_err();
        assert_eq!(g.to_string(), message);
    }
}

#[test]
fn a_geography_file_error_names_its_line_and_says_why() {
    let cases: [(&str, ParseGeographyError, &str); 4] = [
        (
            "a b\nb c d\n",
            ParseGeographyError::NotAnEdge { line: 2, text: "b c d".into() },
            "line 2: 'b c d' is not an edge 'u v' (two vertex names)",
        ),
        (
            "a b\n# a comment\n- a\n",
            ParseGeographyError::UnplacedAsVertex { line: 3 },
            "line 3: '-' cannot name a vertex: it is the position before the token is placed",
        ),
        (
            "a b,c\n",
            ParseGeographyError::CommaInName { line: 1, name: "b,c".into() },
            "line 1: vertex name 'b,c' has a comma (commas separate the vertices of a path)",
        ),
        ("\n# nothing\n", ParseGeographyError::NoVertex, "the graph has no vertex: give one edge 'u v' a line"),
    ];
    for (text, want, message) in cases {
        let e: ParseGeographyError = Geography::from_text("g.txt", text).unwrap_err();
        assert_eq!(e, want, "{text:?}");
        assert_eq!(e.to_string(), message, "{text:?}");
        assert_eq!(e.line().is_some(), want != ParseGeographyError::NoVertex);
        let g: ParseGameError = Game::geography("g.txt", text).unwrap_err();
        assert_eq!(g.to_string(), format!("geography:g.txt: {message}"));
    }
}

#[test]
fn a_token_move_refused_is_an_illegal_move_in_the_players_words() {
    let game = GraphGame::new(Graph::parse("graph", "a b\nb c left\nwin c\n").unwrap());
    let read: IllegalMove = game.read_token_move(&[0, 1], "3 b").unwrap_err();
    assert_eq!(read.to_string(), "there is no token 3 (the tokens are numbered 1 to 2)");
    let read: IllegalMove = game.read_token_move(&[0, 1], "1 z").unwrap_err();
    assert_eq!(read.to_string(), "'z' is not a vertex of the graph");
    assert_eq!(game.read_token_move(&[0, 1], "2 -> c"), Ok((1, 2)));
    // b to c is the first player's edge alone.
    let checked: IllegalMove = game.check_token_move(&[0, 1], 1, 2, Some(1)).unwrap_err();
    assert_eq!(
        checked.to_string(),
        "token 2: there is no edge from b to c for the second player (that edge is the other player's)"
    );
    assert_eq!(game.check_token_move(&[0, 1], 1, 2, Some(0)), Ok(()));
    let over: IllegalMove = game.check_token_move(&[0, 2], 0, 1, None).unwrap_err();
    assert_eq!(over.to_string(), "the game is over: token 2 is on a goal");
    let turned: IllegalMove = CoinRule::Ruler.check_turned(&[1, 3]).unwrap_err();
    assert_eq!(turned.to_string(), "ruler turns over a run of consecutive coins, with no gap");
    let turned: IllegalMove = CoinRule::Turtles.check_turned(&[0, 2]).unwrap_err();
    assert_eq!(turned.to_string(), "there is no coin 0: turtles numbers its coins from 1");
}

#[test]
fn a_game_parameter_refused_is_a_parse_game_error_in_the_parsers_words() {
    // Each constructor's error is the one the game's name gets, byte for byte.
    let spelled = |name: &str| name.parse::<Game>().unwrap_err().to_string();
    let k: ParseGameError = TakeOrSplit::new(1).unwrap_err();
    assert_eq!(k.to_string(), spelled("take-or-split:1"));
    assert!(k.to_string().starts_with("take-or-split:1: K must be at least 2"), "{k}");
    let k: ParseGameError = TakeOrSplit::parse_parameter("two").unwrap_err();
    assert_eq!(k.to_string(), spelled("take-or-split:two"));
    let c: ParseGameError = Circle::new("nim".parse::<Ruleset>().unwrap()).unwrap_err();
    assert_eq!(c.to_string(), spelled("circle:nim"));
    let c: ParseGameError = Circle::new("grundys-game".parse::<Ruleset>().unwrap()).unwrap_err();
    assert_eq!(c.to_string(), spelled("circle:grundys-game"));
    assert!(c.to_string().contains("Grundy's game splits a heap without taking"), "{c}");
    let two: ParseGameError = Coins2d::parse_parameter("turtles").unwrap_err();
    assert_eq!(two.to_string(), spelled("coins-2d:turtles"));
    let two: ParseGameError = Coins2d::parse_parameter("turtlesxnim").unwrap_err();
    assert_eq!(two.to_string(), spelled("coins-2d:turtlesxnim"));
    assert!(two.to_string().ends_with("; Nim as coins is turtles)"), "{two}");
}

#[test]
fn a_request_refused_is_a_parse_error_of_its_game_or_position() {
    let e: ParseGameError = requested_game("graph:edges.txt", None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a request reads no files: send \"game\": \"graph\" with the edges as the text of the \"graph\" field"
    );
    let e: ParseGameError = requested_game("graph", Some("a b c d\n")).unwrap_err();
    assert!(e.to_string().starts_with("graph line 1: 'a b c d' is not"), "{e}");
    let e: ParseGameError = requested_game("geography:g", Some("a,b c\n")).unwrap_err();
    assert!(e.to_string().starts_with("geography:g: line 1: vertex name 'a,b'"), "{e}");
    let e: ParseGameError = requested_game("nim:3", None).unwrap_err();
    assert_eq!(e.to_string(), "nim:3".parse::<Game>().unwrap_err().to_string());
    let p: ParsePositionError = Token::Real(2e19).text(3).unwrap_err();
    assert!(p.to_string().starts_with("heap 3 is a number past 18446744073709551615 (or not whole)"), "{p}");
    assert_eq!(Token::Real(2.5).text(1), Ok("2.5".to_string()));
}

#[test]
fn a_quotient_not_minimal_names_its_elements() {
    let q = QuotientBuilder::new(&"octal:0.75".parse::<Ruleset>().unwrap()).build().unwrap();
    let checked: Result<(), NotMinimalError> = q.check_minimal();
    assert_eq!(checked, Ok(()));
    let e = NotMinimalError::NotGenerated { element: "ab^2".into() };
    assert_eq!(e.to_string(), "ab^2 is no product of heaps' elements");
    let e = NotMinimalError::Indistinct { x: "a".into(), y: "b^2".into() };
    assert_eq!(e.to_string(), "a and b^2 have the same products in P");
}
