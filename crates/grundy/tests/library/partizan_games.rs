//! Issue 50's partizan board games (Domineering, Toads and Frogs, Cutcake, Clobber): the
//! library's Conway value of every position small enough is the game of its moves, checked
//! against the plain implementation of the definitions (`conway/`); known values from the
//! literature, each citing its source; positions that fall apart are the sums of their parts;
//! positions write back as typed; and the analysis answers from the value.

use crate::conway;

use grundy::rules::board::{Board, BoardRules};
use grundy::solve::value::position_value;
use grundy::values::partizan::GameStore;
use grundy::{analyze, AnalyzeOptions, Convention, Game, Player};

/// The rules of the board game `name`.
fn board(name: &str) -> Board {
    match name.parse::<Game>() {
        Ok(Game::Board(b)) => b,
        other => panic!("{name} is a board game: {other:?}"),
    }
}

/// The numbers of a position typed as `tokens`.
fn numbers(rules: &dyn BoardRules, tokens: &str) -> Vec<u64> {
    let tokens: Vec<&str> = tokens.split_whitespace().collect();
    rules.parse(&tokens).unwrap_or_else(|e| panic!("{tokens:?}: {e}"))
}

/// Every board of `rows` x `cols` cells, each cell one of `alphabet`, as text.
fn boards(rows: usize, cols: usize, alphabet: &[char]) -> Vec<String> {
    let cells = rows * cols;
    let k = alphabet.len();
    (0..k.pow(cells as u32))
        .map(|mut code| {
            let mut text = String::new();
            for i in 0..cells {
                if i > 0 && i % cols == 0 {
                    text.push('/');
                }
                text.push(alphabet[code % k]);
                code /= k;
            }
            text
        })
        .collect()
}

/// The canonical name of the value of `tokens` in game `name`.
fn value_text(name: &str, tokens: &str) -> String {
    let b = board(name);
    let mut store = GameStore::new();
    let mut values = grundy::rules::board::machinery::value::BoardValues::new(b.rules(), 1_000_000);
    let v = values.value(&mut store, &numbers(b.rules(), tokens)).unwrap();
    store.text(v).unwrap()
}

/// Checks every board of up to `most` rows and columns of `alphabet` in `game`; returns how
/// many.
fn check_boards(game: &str, most: usize, alphabet: &[char]) -> usize {
    let b = board(game);
    let mut positions = vec![];
    for rows in 1..=most {
        for cols in 1..=most {
            positions.extend(boards(rows, cols, alphabet).iter().map(|t| numbers(b.rules(), t)));
        }
    }
    conway::check_positions(b.rules(), &positions)
}

/// Every Domineering board of up to 3 x 3 cells, each cell empty or filled (682 boards).
#[test]
fn domineering_values_are_the_games_of_their_moves() {
    assert_eq!(check_boards("domineering", 3, &['.', '#']), 682);
}

/// Every Clobber board of up to 3 x 3 cells, each cell empty, x or o (21,297 boards).
#[test]
fn clobber_values_are_the_games_of_their_moves() {
    assert_eq!(check_boards("clobber", 3, &['.', 'x', 'o']), 21_297);
}

/// 200 Clobber boards of 1 to 4 rows and 4 or 5 columns drawn from a seed (a third of the
/// cells empty): groups larger than 3 x 3 allows, and boards that fall apart as stones go.
#[test]
fn clobber_larger_boards_from_a_seed() {
    let b = board("clobber");
    let texts = conway::seeded_boards(0x436c_6f62, 200, 4, 4..=5, &['.', 'x', 'o']);
    let positions: Vec<Vec<u64>> = texts.iter().map(|t| numbers(b.rules(), t)).collect();
    assert_eq!(conway::check_positions(b.rules(), &positions), 200);
}

/// Every Toads-and-Frogs strip of 1 to 7 cells (3,279 strips).
#[test]
fn toads_and_frogs_values_are_the_games_of_their_moves() {
    let b = board("toads-frogs");
    let mut positions = vec![];
    for len in 1..=7u32 {
        for mut code in 0..3usize.pow(len) {
            let mut cells = vec![];
            for _ in 0..len {
                cells.push((code % 3) as u64);
                code /= 3;
            }
            positions.push(cells);
        }
    }
    assert_eq!(conway::check_positions(b.rules(), &positions), 3279);
}

/// Every cake up to 8 x 8, by induction on its size: its value is the plain game of its cuts
/// (never simplified), each cut's two cakes joined by the plain sum of the definitions (G + H =
/// {G^L + H, G + H^L | G^R + H, G + H^R}) of their values, checked before; and, straight from
/// the rules' moves (`check_positions`), every cake up to 3 x 3 and every two cakes up to 2 x 2.
/// (The moves of a larger cake, followed as lists of cakes, reach too many orders of the same
/// cakes for the plain comparison.)
#[test]
fn cutcake_values_are_the_games_of_their_moves() {
    use conway::{plain_value, Plain, Reference};
    use std::collections::HashMap;
    let b = board("cutcake");
    let mut store = GameStore::new();
    let mut values = grundy::rules::board::machinery::value::BoardValues::new(b.rules(), u64::MAX);
    let (mut reference, mut from_store) = (Reference::default(), HashMap::new());
    let mut checked: HashMap<(u64, u64), Plain> = HashMap::new();
    for r in 1..=8 {
        for c in 1..=8 {
            let mut cut = |a: (u64, u64), b: (u64, u64)| reference.sum(&checked[&a], &checked[&b]);
            let left: Vec<Plain> = (1..c).map(|k| cut((r, k), (r, c - k))).collect();
            let right: Vec<Plain> = (1..r).map(|k| cut((k, c), (r - k, c))).collect();
            let plain = Plain::new(left, right);
            let v = values.value(&mut store, &[r, c]).unwrap();
            let library = plain_value(&mut store, v, &mut from_store);
            assert!(reference.eq(&plain, &library), "{r}x{c}: {}", store.text(v).unwrap());
            checked.insert((r, c), library);
        }
    }
    assert_eq!(checked.len(), 64);
    let mut positions = vec![];
    for r in 1..=3 {
        for c in 1..=3 {
            positions.push(vec![r, c]);
        }
    }
    for r in 1..=2 {
        for c in 1..=2 {
            for s in 1..=2 {
                for t in 1..=2 {
                    positions.push(vec![r, c, s, t]);
                }
            }
        }
    }
    assert_eq!(conway::check_positions(b.rules(), &positions), 9 + 16);
}

/// Domineering's small shapes, with Left placing vertical dominoes (Berlekamp, Conway and Guy,
/// *Winning Ways*, ch. 5; Wikipedia's "Domineering", from it): a column of 2n or 2n + 1 cells is
/// n, a row -n; the 2 x 2 square is ±1; the L of three cells is *; the 2 x 3 board (2 rows,
/// 3 columns) is {2|-1/2}, mean 3/4 and temperature 5/4.
#[test]
fn domineering_known_values() {
    for (board, value) in [
        (".", "0"),
        ("./.", "1"),
        ("..", "-1"),
        ("...", "-1"),
        ("....", "-2"),
        (".....", "-2"),
        ("./././.", "2"),
        ("../..", "±1"),
        (".#/..", "*"),
        (".../...", "{2|-1/2}"),
        ("../../..", "{1/2|-2}"),
    ] {
        assert_eq!(value_text("domineering", board), value, "{board}");
    }
    let mut store = GameStore::new();
    let g = store.parse("{2|-1/2}").unwrap();
    assert_eq!(store.mean(g).unwrap().to_string(), "3/4");
    assert_eq!(store.temperature(g).unwrap().to_string(), "5/4");
}

/// The table of Cutcake's values (*Winning Ways*, ch. 2, and *Lessons in Play*, Left cutting
/// vertically): row R, column C is the value of an R x C cake. It is also the table of the
/// answer to math.stackexchange question 874668 ("Breaking chocolate bars game"), whose first
/// player cuts horizontally, read with rows and columns swapped.
#[test]
fn cutcake_table_of_values() {
    let table: [[i64; 6]; 6] = [
        [0, 1, 2, 3, 4, 5],
        [-1, 0, 0, 1, 1, 2],
        [-2, 0, 0, 1, 1, 2],
        [-3, -1, -1, 0, 0, 0],
        [-4, -1, -1, 0, 0, 0],
        [-5, -2, -2, 0, 0, 0],
    ];
    for (r, row) in table.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            let cake = format!("{}x{}", r + 1, c + 1);
            assert_eq!(value_text("cutcake", &cake), v.to_string(), "{cake}");
        }
    }
    // Several cakes: the sum of their values.
    assert_eq!(value_text("cutcake", "1x4 2x1 4x6"), "2");
}

/// Toads-and-Frogs positions of *Winning Ways* (ch. 1, as retold in "II.8: Arrows",
/// combinatorialgames.wordpress.com, 2013): TFTF. = TFF.T = 0, TF.TF = F.TTF = 0, TFT.F = *,
/// T.TFF = {0|*} = ↑.
#[test]
fn toads_and_frogs_known_values() {
    for (strip, value) in [
        ("TFTF.", "0"),
        ("TFF.T", "0"),
        ("TF.TF", "0"),
        ("F.TTF", "0"),
        ("TFT.F", "*"),
        ("T.TFF", "↑"),
        ("T.", "1"),
        (".F", "-1"),
    ] {
        assert_eq!(value_text("toads-frogs", strip), value, "{strip}");
    }
}

/// Clobber from the definitions: x o is {0|0} = *, and a group of one colour is 0.
#[test]
fn clobber_small_values() {
    for (board, value) in [("xo", "*"), ("xx/xx", "0"), ("xo/..", "*"), ("xo.ox", "0")] {
        assert_eq!(value_text("clobber", board), value, "{board}");
    }
}

/// A sum of the games' positions (`sum`, as `grundy value` reads it) is worth the sum of their
/// values, each position valued alone.
#[test]
fn a_sum_of_positions_is_worth_the_sum_of_their_values() {
    let parts = [
        ("domineering", ".../..."),
        ("cutcake", "2x5"),
        ("toads-frogs", "T.TFF"),
        ("clobber", "xox/oxo"),
        ("domineering", "../.."),
    ];
    let mut store = GameStore::new();
    let mut total = store.integer(0).unwrap();
    for (game, tokens) in parts {
        let g: Game = game.parse().unwrap();
        let p = g.parse_position(&[tokens]).unwrap();
        let (v, _) = position_value(&g, &p, &mut store, 1_000_000).unwrap();
        total = store.sum(total, v).unwrap();
    }
    let sum: Game = "sum".parse().unwrap();
    let words: Vec<String> = parts.iter().map(|(g, t)| format!("{g}={t}")).collect();
    let p = sum.parse_position(&words).unwrap();
    let (v, _) = position_value(&sum, &p, &mut store, 1_000_000).unwrap();
    assert_eq!(v, total);
    // And a board that falls apart is the sum of its regions.
    let apart = value_text("domineering", "...#../...#../...#../...#..");
    let mut store = GameStore::new();
    let a = store.parse(&value_text("domineering", ".../.../.../...")).unwrap();
    let b = store.parse(&value_text("domineering", "../../../..")).unwrap();
    let ab = store.sum(a, b).unwrap();
    assert_eq!(store.text(ab).unwrap(), apart);
}

/// Positions write back exactly as typed, and bad ones are refused in one line naming the bad
/// part.
#[test]
fn positions_round_trip_and_bad_ones_are_named() {
    for (game, tokens) in
        [("domineering", "..#/.../#.."), ("clobber", "xo./.ox"), ("toads-frogs", "TT..FF"), ("cutcake", "2x3 1x4 7x1")]
    {
        let g: Game = game.parse().unwrap();
        let words: Vec<&str> = tokens.split_whitespace().collect();
        let p = g.parse_position(&words).unwrap();
        assert_eq!(g.position_tokens(&p).join(" "), tokens);
    }
    for (game, tokens, error) in [
        ("domineering", "../.x", "cell b2 (row 2, column 2): 'x' is not one of '.', '#', 'L', 'R'"),
        ("domineering", "../...", "row 2 has 3 cells, row 1 has 2: the rows must have equal lengths"),
        (
            "domineering",
            "../../../../../../../../../../../../../../../../..",
            "the board has 17 rows; at most 16 are allowed",
        ),
        ("clobber", &["x"; 65].join("/"), "the board has 65 rows; at most 64 are allowed"),
        ("toads-frogs", "TT.Q", "cell 4: 'Q' is not '.' (empty), 'T' (a toad) or 'F' (a frog)"),
        ("cutcake", "2x3 3x1001", "cake 2 (3x1001): a side is 1 to 1000"),
    ] {
        let g: Game = game.parse().unwrap();
        let words: Vec<&str> = tokens.split_whitespace().collect();
        let e = g.parse_position(&words).unwrap_err().to_string();
        assert!(e.contains(error), "{game} {tokens}: {e}");
        assert!(!e.contains('\n'), "{e}");
    }
}

/// The analysis answers for either player to move from the value, with every winning move:
/// in ±1 (2 x 2 Domineering) the player to move wins, Left by either vertical domino and
/// Right by either horizontal one; misère play is refused in one line.
#[test]
fn the_analysis_answers_from_the_value_for_either_player() {
    let game: Game = "domineering".parse().unwrap();
    let p = game.parse_position(&["../.."]).unwrap();
    for (to_move, moves) in [(Player::First, ["a1 a2", "b1 b2"]), (Player::Second, ["a1 b1", "a2 b2"])] {
        let a = analyze(&game, &p, &AnalyzeOptions { to_move, ..AnalyzeOptions::default() }).unwrap();
        assert_eq!(a.outcome, grundy::Outcome::N);
        let mut got: Vec<String> = a.winning_moves.iter().map(|m| m.mv.to_string()).collect();
        let mut want: Vec<String> =
            moves.iter().map(|m| grundy::play::parse_move(&p, to_move, m).unwrap().to_string()).collect();
        got.sort();
        want.sort();
        assert_eq!(got, want);
        assert!(a.explanation.iter().any(|l| l.contains("±1")), "{:?}", a.explanation);
    }
    let o = AnalyzeOptions { convention: Convention::Misere, ..AnalyzeOptions::default() };
    let e = analyze(&game, &p, &o).unwrap_err().to_string();
    assert!(e.contains("misère play of domineering is not computed"), "{e}");
}

/// Every position that play reaches from one the game reads is read again from its tokens:
/// the web page sends the position back as text after each move, and a refused one is drawn
/// with no targets (issue 49's walk stopped at a Cutcake position of 17 cakes: each cut adds
/// a cake, and the position was refused past 16). Random positions of each game, played to
/// the end by random moves of either player, and 16 cakes cut into 17.
#[test]
fn every_position_play_reaches_is_read_again() {
    let mut seed = 2024u64;
    let mut below = move |k: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % k.max(1)
    };
    for game in ["domineering", "clobber", "toads-frogs", "cutcake"] {
        let b = board(game);
        let rules = b.rules();
        for _ in 0..40 {
            let start = rules.random_position(&mut below);
            let mut n = numbers(rules, &start.join(" "));
            for turn in 0.. {
                let options = rules.options(&n, turn % 2);
                if options.is_empty() {
                    break;
                }
                n = options[below(options.len() as u64) as usize].clone();
                let tokens = rules.tokens(&n);
                let words: Vec<&str> = tokens.iter().map(String::as_str).collect();
                let again = rules.parse(&words);
                assert_eq!(again.as_ref(), Ok(&n), "{game} {}: reached from {}", tokens.join(" "), start.join(" "));
            }
        }
    }
    let cutcake = board("cutcake");
    let sixteen = numbers(cutcake.rules(), &["1x2"; 16].join(" "));
    for seventeen in cutcake.rules().options(&sixteen, 0) {
        let tokens = cutcake.rules().tokens(&seventeen);
        assert_eq!(tokens.len(), 17);
        let words: Vec<&str> = tokens.iter().map(String::as_str).collect();
        assert_eq!(cutcake.rules().parse(&words), Ok(seventeen));
    }
}

/// The move box's example (and `play`'s, after a bad move) is typed in the game's own words,
/// as its move syntax says, for either player: Toads and Frogs' was `2..3 -> 0 1`, the form
/// every game reads, where the syntax asks for the cell of the piece (`2`).
#[test]
fn the_example_moves_are_typed_in_each_games_words() {
    for (game, tokens, first, second) in [
        ("toads-frogs", "TT..FF", "2", "5"),
        ("toads-frogs", "T.TF.F", "1", "4"),
        ("domineering", ".../...", "a1-a2", "a1-b1"),
        ("cutcake", "2x3 1x4", "v 1 in 1", "h 1 in 1"),
        ("clobber", "xox/oxo", "a1 b1", "b1 a1"),
    ] {
        let g: Game = game.parse().unwrap();
        let p = g.parse_position(&tokens.split_whitespace().collect::<Vec<_>>()).unwrap();
        for (player, want) in [(Player::First, first), (Player::Second, second)] {
            let typed: Vec<String> = grundy::play::example_moves(&p, player).into_iter().map(|m| m.typed).collect();
            assert_eq!(typed.first().map(String::as_str), Some(want), "{game} {tokens} ({player:?}): {typed:?}");
        }
    }
}

/// Blue-Red-Green Hackenbush (issue 50) is played as `hackenbush`: the page's heading and
/// selector said "Green Hackenbush" above a picture of blue and red edges, with a rules line
/// of green edges alone. The game's name and rules line say who cuts which colour.
#[test]
fn hackenbush_says_who_cuts_which_colour() {
    let game: Game = "hackenbush".parse().unwrap();
    let rules = game.rules_sentence();
    for words in ["green one by either player", "blue one by Left (the first player)", "red one by Right (the second)"]
    {
        assert!(rules.contains(words), "{rules}");
    }
    let kind = grundy::frontend::GAMES.iter().find(|k| k.spelling == "hackenbush").unwrap();
    assert_eq!(kind.name, "Hackenbush");
}

/// The boards of the four games, on their examples and the page's random positions, fit the
/// board box of a 390 px phone (346 px) at the page's least scale (0.8, `DRAWING_MIN_SCALE`
/// in app.js), so that none scrolls sideways there: the notes under Domineering's and
/// Clobber's boards (12-unit type) were counted at 8 units a character, and their drawings
/// were 440 and 456 wide for boards of under 300.
#[test]
#[cfg(feature = "draw")]
fn the_boards_fit_a_phone() {
    let mut seed = 77u64;
    let mut below = move |k: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % k.max(1)
    };
    for name in ["domineering", "clobber", "toads-frogs", "cutcake"] {
        let game: Game = name.parse().unwrap();
        let kind = grundy::frontend::GAMES.iter().find(|k| k.spelling == name).unwrap();
        let mut positions = vec![kind.example_position.split_whitespace().map(String::from).collect::<Vec<_>>()];
        // Cutcake's random cakes stand side by side, as wide as they are.
        if name != "cutcake" {
            positions.extend((0..30).map(|_| board(name).rules().random_position(&mut below)));
        }
        for tokens in positions {
            let words: Vec<&str> = tokens.iter().map(String::as_str).collect();
            let p = game.parse_position(&words).unwrap();
            for player in [Player::First, Player::Second] {
                let d = grundy::draw(&game, &p, player);
                assert!(d.width * 0.8 <= 346.0, "{name} {tokens:?} ({player:?}): {} wide", d.width);
            }
        }
    }
}

/// A row of impartial heaps is worth the nimber of its Sprague-Grundy value, each heap the
/// nimber of its own: the value of 2,000 heaps of five rulesets' games, from one analysis of
/// the whole row (an analysis a heap took 11 ms each: 1,000 heaps of octal:0.16 took 12 s), is the
/// nimber of the nim-sum of the heaps' values, each found alone.
#[test]
fn a_row_of_impartial_heaps_is_worth_the_nimber_of_its_value() {
    for game in ["octal:0.16", "kayles", "officers", "subtraction:2,5", "nim"] {
        let g: Game = game.parse().unwrap();
        let heaps: Vec<String> = (0..2000u64).map(|i| (i * 7919 % 40 + 1).to_string()).collect();
        let tokens: Vec<&str> = heaps.iter().map(String::as_str).collect();
        let p = g.parse_position(&tokens).unwrap();
        let mut store = GameStore::new();
        let (v, positions) = position_value(&g, &p, &mut store, 1_000_000).unwrap();
        assert_eq!(positions, 2000);
        let mut sum = 0;
        for h in 1..=40u64 {
            let one = g.parse_position(&[h.to_string().as_str()]).unwrap();
            let sg = analyze(&g, &one, &AnalyzeOptions::default()).unwrap().sg.unwrap();
            if heaps.iter().filter(|t| **t == h.to_string()).count() % 2 == 1 {
                sum ^= sg;
            }
        }
        assert_eq!(v, store.nimber(sum).unwrap(), "{game}");
    }
}
