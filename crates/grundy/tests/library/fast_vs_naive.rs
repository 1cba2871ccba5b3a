//! Every engine checked against plain exhaustive search, driven by `data/cases.txt`.

use std::collections::HashMap;

use grundy::frontend::mex_table;
use grundy::naive::{moves, NaiveSolver};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Move, Outcome, Player, Ruleset};

/// A line of cases.txt: the game, how to write heap i with size h, and the positions to try.
struct Case {
    game: Game,
    label: String,
    tokens_for: Box<dyn Fn(usize, u64) -> String>,
    rulesets: Vec<Ruleset>,
    all_orders: bool,
    max_heaps: usize,
    max_heap: u64,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/cases.txt");
    let mut out = vec![];
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 3, "bad line in cases.txt: {line}");
        let (max_heaps, max_heap) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        let case = if let Some(list) = f[0].strip_prefix("sum:") {
            let rulesets: Vec<Ruleset> = list.split('|').map(|r| r.parse().unwrap()).collect();
            let names: Vec<String> = rulesets.iter().map(Ruleset::to_string).collect();
            Case {
                game: Game::Sum,
                label: f[0].to_string(),
                tokens_for: Box::new(move |i, h| format!("{}={h}", names[i % names.len()])),
                rulesets,
                all_orders: true,
                max_heaps,
                max_heap,
            }
        } else if f[0] == "bounded" {
            Case {
                game: Game::BoundedPerHeap,
                label: "bounded".into(),
                tokens_for: Box::new(|i, h| format!("{h}/{}", 1 + i % 3)),
                rulesets: vec![],
                all_orders: true,
                max_heaps,
                max_heap,
            }
        } else {
            let game: Game = f[0].parse().unwrap();
            let rulesets = match &game {
                Game::Heaps(r) => vec![r.clone()],
                // kl:K,K plays as allbut:K.
                Game::Board(b) => b.rules().as_heap_rule().map(|(r, _)| vec![r]).unwrap_or_default(),
                _ => vec![],
            };
            Case {
                game,
                label: f[0].to_string(),
                tokens_for: Box::new(|_, h| h.to_string()),
                rulesets,
                all_orders: false,
                max_heaps,
                max_heap,
            }
        };
        out.push(case);
    }
    out
}

/// Heap tuples with 1..=k heaps of size 0..=h: non-decreasing ones, plus their reverses, or
/// every order when `all_orders`.
fn tuples(k: usize, h: u64, all_orders: bool) -> Vec<Vec<u64>> {
    let mut out = vec![];
    let mut cur = vec![];
    fn rec(k: usize, h: u64, lo: u64, all: bool, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if !cur.is_empty() {
            out.push(cur.clone());
            if !all && cur.len() > 1 {
                out.push(cur.iter().rev().copied().collect());
            }
        }
        if cur.len() == k {
            return;
        }
        for x in (if all { 0 } else { lo })..=h {
            cur.push(x);
            rec(k, h, x, all, cur, out);
            cur.pop();
        }
    }
    rec(k, h, 0, all_orders, &mut cur, &mut out);
    out
}

/// The divisor game.
fn divisor() -> Game {
    "divisor".parse().unwrap()
}

/// The Sprague-Grundy value of a divisor-game n by mex over its moves (normal play).
fn divisor_sg(n: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let position = divisor().parse_position(&[n.to_string()]).unwrap();
    let vals: Vec<u64> = moves(&position, Player::First).iter().map(|(_, p)| divisor_sg(p.heaps()[0], memo)).collect();
    let v = (0..).find(|x| !vals.contains(x)).unwrap();
    memo.insert(n, v);
    v
}

#[test]
fn every_engine_agrees_with_exhaustive_search() {
    let mut checked = 0usize;
    for case in cases() {
        let mut naive = NaiveSolver::new();
        let tables: HashMap<String, Vec<u64>> =
            case.rulesets.iter().map(|r| (r.to_string(), mex_table(r, case.max_heap))).collect();
        let mut divisor_memo = HashMap::new();
        let positions: Vec<Vec<u64>> = if case.game == divisor() {
            (1..=case.max_heap).map(|n| vec![n]).collect()
        } else {
            tuples(case.max_heaps, case.max_heap, case.all_orders)
        };
        let players: &[Player] =
            if case.label.starts_with("kl:") { &[Player::First, Player::Second] } else { &[Player::First] };
        for heaps in positions {
            let tokens: Vec<String> = heaps.iter().enumerate().map(|(i, &h)| (case.tokens_for)(i, h)).collect();
            let position = case.game.parse_position(&tokens).unwrap();
            // Take-and-break games under misère play are checked by tests/library/quotient.rs (every
            // quotient against exhaustive search of every sum of total at most 20): here their
            // normal play, whose every winning move and count comes from the period or table.
            let splits = case.rulesets.iter().any(|r| r.split_rules().is_some());
            let conventions: &[Convention] =
                if splits { &[Convention::Normal] } else { &[Convention::Normal, Convention::Misere] };
            for &convention in conventions {
                for &to_move in players {
                    let options = AnalyzeOptions { convention, to_move, ..AnalyzeOptions::default() };
                    let a = analyze(&case.game, &position, &options).unwrap();
                    let ctx = format!("{} {:?} {convention} {to_move}", case.label, heaps);
                    let wins = naive.wins(&position, convention, to_move);
                    assert_eq!(a.outcome, Outcome::from_win(wins), "outcome of {ctx}");
                    assert_eq!(a.winner, Some(if wins { to_move } else { to_move.other() }), "winner of {ctx}");
                    // Both sides list the same `Move`s: no renumbering between them.
                    let mut expected: Vec<Move> = naive.winning_moves(&position, convention, to_move);
                    let mut got: Vec<Move> = a.winning_moves.iter().map(|m| m.mv.clone()).collect();
                    expected.sort();
                    got.sort();
                    assert_eq!(got, expected, "winning moves of {ctx}");
                    assert_eq!(a.winning_move_count, Some(a.winning_moves.len() as u128));
                    for m in &a.winning_moves {
                        if case.game != divisor() {
                            let mut r = heaps.clone();
                            r.splice(m.mv.heap..=m.mv.heap, m.mv.to.iter().copied());
                            assert_eq!(m.result, r, "result of {} in {ctx}", m.text);
                        } else {
                            assert_eq!(m.result, m.mv.to);
                        }
                    }
                    // The Sprague-Grundy value: the XOR of the heaps' mex values.
                    let expected_sg =
                        match (&case.game, convention) {
                            (_, Convention::Misere) => None,
                            (g, _) if *g == divisor() => Some(divisor_sg(heaps[0], &mut divisor_memo)),
                            (g, _) if !g.is_impartial() => None,
                            (Game::BoundedPerHeap, _) => Some(heaps.iter().enumerate().fold(0, |x, (i, &h)| {
                                x ^ mex_table(&Ruleset::bounded(1 + i as u64 % 3), h)[h as usize]
                            })),
                            _ => Some(heaps.iter().enumerate().fold(0, |x, (i, &h)| {
                                x ^ tables[&case.rulesets[i % case.rulesets.len()].to_string()][h as usize]
                            })),
                        };
                    assert_eq!(a.sg, expected_sg, "sg of {ctx}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50_000, "only {checked} positions checked");
}
