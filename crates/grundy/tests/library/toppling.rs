//! Toppling Dominoes (Fink, Nowakowski, Siegel and Wolfe, "Toppling Conjectures", Games of No
//! Chance 4, 2015; Lessons in Play): the library's Conway value of every row up to six dominoes
//! (and sums of two short rows) is the game of its moves, checked against the plain
//! implementation of the definitions (`conway/`), and values from the rules as the paper
//! states them.

use crate::conway;

use grundy::rules::board::Board;

fn board() -> Board {
    conway::board("toppling-dominoes")
}

/// Every row of 1 to `most` dominoes, as text.
fn rows(most: usize) -> Vec<String> {
    let mut out = vec![];
    for len in 1..=most {
        for mut code in 0..3usize.pow(len as u32) {
            let mut row = String::new();
            for _ in 0..len {
                row.push(['b', 'r', 'g'][code % 3]);
                code /= 3;
            }
            out.push(row);
        }
    }
    out
}

/// Every row up to 6 dominoes (1,092 rows) and every sum of two rows up to 2 dominoes, against
/// the plain recursive implementation.
#[test]
fn toppling_values_are_the_games_of_their_moves() {
    let b = board();
    let mut positions: Vec<Vec<u64>> = rows(6).iter().map(|r| b.rules().parse(&[r.as_str()]).unwrap()).collect();
    let short = rows(2);
    for a in &short {
        for c in &short {
            positions.push(b.rules().parse(&[a.as_str(), c.as_str()]).unwrap());
        }
    }
    assert_eq!(conway::check_positions(b.rules(), &positions), 1092 + 144);
}

fn value_text(tokens: &[&str]) -> String {
    conway::value_text("toppling-dominoes", tokens)
}

/// Values the paper's rules give ("Toppling Conjectures", section 1): a row of n blue dominoes
/// is the integer n, of n red ones -n, and a row of n green ones is the nimber *n (each
/// topple leaves a shorter green row of any length below n); a blue and a red domino side by
/// side are *; `bbr` is {1|0} (Left topples to 1, Right to 0), as is its mirror image; rows add.
#[test]
fn toppling_known_values() {
    for (tokens, value) in [
        (&["bbb"][..], "3"),
        (&["rr"][..], "-2"),
        (&["ggggg"][..], "*5"),
        (&["br"][..], "*"),
        (&["bbr"][..], "{1|0}"),
        (&["rbb"][..], "{1|0}"),
        (&["bb", "rr"][..], "0"),
        (&["g", "g"][..], "0"),
        (&["-"][..], "0"),
    ] {
        assert_eq!(value_text(tokens), value, "{tokens:?}");
    }
}
