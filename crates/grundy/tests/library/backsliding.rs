//! Backsliding Toads and Frogs (issue 81, item 6): CGSuite's published value computed by the
//! library from the game's graph of positions, the rules against a plain recursion written here
//! on every strip of up to 7 cells, and who wins (or the draw) with each player first against a
//! plain fixed point written here.

use std::collections::{BTreeSet, HashMap};

use grundy::rules::board::Board;
use grundy::values::partizan::loopy::{loopy_value_of_text, parse_loopy, stoppers_equal};
use grundy::{AnalyzeOptions, Game, GameStore, Outcome, Player};

/// The game.
fn game() -> Game {
    "backsliding-toads-frogs".parse().unwrap()
}

/// The library's loopy report of the strip `strip`, from the game's graph of positions.
fn report(strip: &str) -> grundy::frontend::LoopyReport {
    let g = game();
    let position = g.parse_position(&[strip]).unwrap();
    let mut store = GameStore::new();
    grundy::frontend::loopy_report(&g, &position, &mut store, 1 << 24).expect("a loopy game").unwrap()
}

/// Whether the stopper `ours` (as grundy writes it) is CGSuite's `theirs`: both read by the
/// library's reader of loopy games and each at most the other.
fn same_stopper(ours: &str, theirs: &str) -> bool {
    let mut store = GameStore::new();
    let (a, b) = (parse_loopy(ours, &mut store).unwrap(), parse_loopy(theirs, &mut store).unwrap());
    stoppers_equal(&a, &b).unwrap()
}

/// CGSuite's test suite (lib/core/src/test/scala/org/cgsuite/lang/GameStripTest.scala):
/// `game.strip.BackslidingToadsAndFrogs("ttt..fff").GameValue` is
/// `{on||0|-1/2} & {1/2|0||off}` (CGSuite's nested bars; grundy writes the inner braces). It
/// is not a stopper: neither side can force an end, a draw whoever starts.
#[test]
fn cgsuites_published_value_of_ttt_two_empty_fff() {
    let r = report("TTT..FFF");
    let v = &r.value;
    assert!(!v.stopper);
    let (on, off) = (v.onside.clone().unwrap(), v.offside.clone().unwrap());
    assert!(same_stopper(&on, "{on||0|-1/2}"), "onside {on}");
    assert!(same_stopper(&off, "{1/2|0||off}"), "offside {off}");
    assert!(!same_stopper(&on, "{1/2|0||off}"), "the sides differ");
    // The whole value as written reads back as the same game.
    let mut store = GameStore::new();
    let back = loopy_value_of_text(&v.text, &mut store, 1 << 30).unwrap();
    assert_eq!(back.text, v.text);
    assert_eq!(
        (v.outcome_left_first.letter(), v.outcome_right_first.letter()),
        ("D", "D"),
        "TTT..FFF is drawn whoever starts"
    );
}

/// A strip as bytes: `T`, `F`, `.`.
type Cells = Vec<u8>;

/// The options of `b` for `mover` (0 the toads, 1 the frogs) straight from the definition: a
/// piece steps its way or back into an empty cell next to it, or jumps its way over one piece
/// of the other player into the empty cell beyond.
fn plain_options(b: &Cells, mover: usize) -> Vec<Cells> {
    let (own, other, dir) = if mover == 0 { (b'T', b'F', 1i64) } else { (b'F', b'T', -1) };
    let at = |i: i64| if i >= 0 && (i as usize) < b.len() { Some(b[i as usize]) } else { None };
    let mut out = vec![];
    for i in 0..b.len() as i64 {
        if at(i) != Some(own) {
            continue;
        }
        let mut to = vec![];
        for d in [dir, -dir] {
            if at(i + d) == Some(b'.') {
                to.push(i + d);
            }
        }
        if at(i + dir) == Some(other) && at(i + 2 * dir) == Some(b'.') {
            to.push(i + 2 * dir);
        }
        for t in to {
            let mut next = b.clone();
            next.swap(i as usize, t as usize);
            out.push(next);
        }
    }
    out
}

/// Every strip of `len` cells (moves keep a strip's length, so they are closed under moves).
fn every_strip(len: u32) -> Vec<Cells> {
    (0..3u32.pow(len))
        .map(|mut code| {
            (0..len)
                .map(|_| {
                    let c = b".TF"[(code % 3) as usize];
                    code /= 3;
                    c
                })
                .collect()
        })
        .collect()
}

/// Who wins each strip with each player to move, by a plain fixed point: a player with no move
/// loses; a player with a move to a strip the other loses wins; a player whose every move goes
/// to a strip the other wins loses; what is never settled is a draw. `Some(0)`: Left wins,
/// `Some(1)`: Right wins, `None`: a draw.
fn plain_outcomes(strips: &[Cells]) -> HashMap<(Cells, usize), Option<usize>> {
    let options: HashMap<(Cells, usize), Vec<Cells>> =
        strips.iter().flat_map(|b| (0..2).map(move |p| ((b.clone(), p), plain_options(b, p)))).collect();
    let mut result: HashMap<(Cells, usize), usize> = HashMap::new();
    loop {
        let mut changed = false;
        for ((b, p), opts) in &options {
            if result.contains_key(&(b.clone(), *p)) {
                continue;
            }
            let after = |o: &Cells| result.get(&(o.clone(), 1 - p)).copied();
            let settled = if opts.iter().any(|o| after(o) == Some(*p)) {
                Some(*p)
            } else if opts.iter().all(|o| after(o) == Some(1 - p)) {
                Some(1 - p)
            } else {
                None
            };
            if let Some(w) = settled {
                result.insert((b.clone(), *p), w);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    options.keys().map(|k| (k.clone(), result.get(k).copied())).collect()
}

/// Every strip of 1 to 7 cells: the game's options are the plain rule's, for both players;
/// and who wins with each player first (`grundy analyze`, by retrograde analysis of the game's
/// graph) is what the plain fixed point finds, draws included (`FF..TT`, the pieces past each
/// other with room to shuffle, is drawn whoever starts; no strip of up to 5 cells is drawn). On strips of up to 5 cells the
/// outcome pair of the loopy value is that pair too.
#[test]
fn the_rules_and_outcomes_of_every_strip_of_up_to_seven_cells() {
    let board = Board::parse("backsliding-toads-frogs").unwrap().unwrap();
    let rules = board.rules();
    let g = game();
    let mut counts = [0usize; 3];
    for len in 1..=7 {
        let strips = every_strip(len);
        let outcomes = plain_outcomes(&strips);
        for b in &strips {
            let t = String::from_utf8(b.clone()).unwrap();
            let numbers = rules.parse(&[&t]).unwrap();
            for mover in 0..2 {
                let mine: BTreeSet<String> =
                    rules.options(&numbers, mover).iter().map(|o| rules.tokens(o).concat()).collect();
                let plain: BTreeSet<String> =
                    plain_options(b, mover).into_iter().map(|o| String::from_utf8(o).unwrap()).collect();
                assert_eq!(mine, plain, "{t}, mover {mover}");
            }
            let position = g.parse_position(&[&t]).unwrap();
            for (mover, to_move) in [(0, Player::First), (1, Player::Second)] {
                let options = AnalyzeOptions { to_move, ..AnalyzeOptions::default() };
                let a = grundy::analyze(&g, &position, &options).unwrap();
                let found = match a.outcome {
                    Outcome::N => Some(mover),
                    Outcome::P => Some(1 - mover),
                    Outcome::D => None,
                };
                let expected = outcomes[&(b.clone(), mover)];
                assert_eq!(found, expected, "{t}, player {mover} first");
                counts[expected.unwrap_or(2)] += 1;
            }
            if len <= 5 {
                let v = report(&t).value;
                let letter = |w: Option<usize>| ["L", "R", "D"][w.unwrap_or(2)];
                assert_eq!(
                    (v.outcome_left_first.letter(), v.outcome_right_first.letter()),
                    (letter(outcomes[&(b.clone(), 0)]), letter(outcomes[&(b.clone(), 1)])),
                    "{t}: the loopy value's outcomes"
                );
            }
        }
    }
    let drawn = plain_outcomes(&every_strip(6));
    assert_eq!((drawn[&(b"FF..TT".to_vec(), 0)], drawn[&(b"FF..TT".to_vec(), 1)]), (None, None));
    // Not vacuous: wins for each player and draws among them.
    assert!(counts[0] > 500 && counts[1] > 500 && counts[2] > 100, "Left, Right, draws: {counts:?}");
}
