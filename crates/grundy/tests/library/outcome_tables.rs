//! Who wins Domineering on the empty rectangles of the published tables (issue 82): every line
//! of `data/domineering_outcomes.txt` (Bullock's check list of Obsequi, Breuker, Uiterwijk and
//! van den Herik 2000, Lachmann, Moore and Rapaport 2002, Uiterwijk 2014 and 2016; the file
//! cites each) on a board of at most the file's `cells-checked` cells is checked against
//! `grundy::analyze`, with Left and with Right moving first: the winner it names, and the
//! outcome class it gives, against the line. The file's own lines are checked to agree with
//! one another.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use std::collections::HashMap;

use grundy::frontend::MAX_BUDGET;
use grundy::{analyze, Analysis, AnalyzeOptions, Game, Player};

/// One line of the file: who wins the board with Left first and with Right first (`None` where
/// the source does not say), its class (`None` unless both are given) and the source's tag.
struct Fact {
    rows: usize,
    cols: usize,
    left_first: Option<char>,
    right_first: Option<char>,
    class: Option<char>,
    source: String,
}

/// The facts of the file and its `cells-checked` limit.
fn table() -> (Vec<Fact>, usize) {
    let text = include_str!("data/domineering_outcomes.txt");
    let mut facts = vec![];
    let mut limit = None;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words[0] == "cells-checked" {
            limit = Some(words[1].parse().unwrap());
            continue;
        }
        assert_eq!(words.len(), 6, "a line of six columns: {line}");
        let side = |w: &str, allowed: &str| match w {
            "-" => None,
            _ if w.len() == 1 && allowed.contains(w) => w.chars().next(),
            _ => panic!("{w} is not one of {allowed} or -: {line}"),
        };
        facts.push(Fact {
            rows: words[0].parse().unwrap(),
            cols: words[1].parse().unwrap(),
            left_first: side(words[2], "LR"),
            right_first: side(words[3], "LR"),
            class: side(words[4], "LRNP"),
            source: words[5].to_string(),
        });
    }
    (facts, limit.expect("a cells-checked line"))
}

/// Who wins with Left first and with Right first in a game of class `class`.
fn winners(class: char) -> (char, char) {
    match class {
        'L' => ('L', 'L'),
        'R' => ('R', 'R'),
        'N' => ('L', 'R'),
        _ => ('R', 'L'),
    }
}

/// The outcome class an analysis gives (L, R, N or P): today Conway's value's; the outcome
/// search's `outcome_class` answers where the value is out of reach.
fn class_of(a: &Analysis) -> Option<char> {
    a.outcome_class.as_ref().and_then(|c| c.chars().next())
}

/// Each line is whole: a class where both winners are given, and the one they make.
#[test]
fn the_file_is_consistent_and_its_sources_agree() {
    let (facts, _) = table();
    assert!(facts.len() > 100, "{} lines", facts.len());
    // Who wins each board with each player first (0 Left, 1 Right), and the source that says so.
    let mut known: HashMap<(usize, usize, usize), (char, &str)> = HashMap::new();
    for f in &facts {
        match (f.left_first, f.right_first, f.class) {
            (Some(l), Some(r), Some(c)) => assert_eq!(winners(c), (l, r), "{} x {} ({})", f.rows, f.cols, f.source),
            (_, _, None) => {
                assert!(f.left_first.is_none() || f.right_first.is_none(), "{} x {}: no class", f.rows, f.cols)
            }
            _ => panic!("{} x {} ({}): a class needs both winners", f.rows, f.cols, f.source),
        }
        for (side, winner) in [(0, f.left_first), (1, f.right_first)] {
            let Some(winner) = winner else { continue };
            let (theirs, source) = *known.entry((f.rows, f.cols, side)).or_insert((winner, &f.source));
            assert_eq!(winner, theirs, "{} x {}: {} and {source} disagree", f.rows, f.cols, f.source);
        }
    }
    // Bullock's list has every rectangle up to 2 x 15, 3 x 13, 4 x 12, 5 x 10, 6 x 8, 7 x 8
    // and 8 x 8, both ways round.
    let check = facts.iter().filter(|f| f.source.starts_with("Check")).count();
    assert_eq!(check, 100);
}

/// grundy's winner with each player first, and its class, on every board within the limit.
#[test]
fn grundy_agrees_with_every_published_outcome_within_the_limit() {
    let (facts, limit) = table();
    let game: Game = "domineering".parse().unwrap();
    // One analysis per board and first player, shared by the lines that name the board; one
    // table for them all, kept between analyses as a play session keeps it, so that the second
    // first player of a board begins from what the first one's search proved.
    let mut answers: HashMap<(usize, usize, bool), Analysis> = HashMap::new();
    let kept = grundy::frontend::OutcomeCache::keeping();
    let mut checked = 0;
    for f in facts.iter().filter(|f| f.rows * f.cols <= limit) {
        let board = vec![".".repeat(f.cols); f.rows].join("/");
        let position = game.parse_position(&[board.as_str()]).unwrap();
        for (left, want) in [(true, f.left_first), (false, f.right_first)] {
            let Some(want) = want else { continue };
            let a = answers.entry((f.rows, f.cols, left)).or_insert_with(|| {
                let to_move = if left { Player::First } else { Player::Second };
                let options = AnalyzeOptions {
                    to_move,
                    budget: MAX_BUDGET,
                    explain: false,
                    outcomes: kept.clone(),
                    ..AnalyzeOptions::default()
                };
                analyze(&game, &position, &options).unwrap_or_else(|e| panic!("{board}: {e}"))
            });
            let winner = match a.winner {
                Some(Player::First) => 'L',
                Some(Player::Second) => 'R',
                None => panic!("{board}: no winner"),
            };
            let first = if left { "Left" } else { "Right" };
            assert_eq!(winner, want, "{} x {} with {first} first ({})", f.rows, f.cols, f.source);
            if let Some(class) = f.class {
                assert_eq!(class_of(a), Some(class), "{} x {} class ({})", f.rows, f.cols, f.source);
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} facts checked");
}
