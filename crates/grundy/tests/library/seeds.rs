//! The seeds' worked examples, and the closed forms checked against proven tables.

use grundy::frontend::{allbut_single_formula, allbut_table, mex_table, subtraction_table, MoveSet};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Ruleset};

fn run(game: &str, heaps: &[&str], convention: Convention) -> grundy::Analysis {
    let game: Game = game.parse().unwrap();
    let position = game.parse_position(heaps).unwrap();
    analyze(&game, &position, &AnalyzeOptions { convention, ..AnalyzeOptions::default() }).unwrap()
}

#[test]
fn seed_002_seven_nine_twelve_fifteen_has_exactly_three_winning_moves() {
    let a = run("nim", &["7", "9", "12", "15"], Convention::Normal);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.sg, Some(13));
    // Heaps numbered from 1 as the seed numbers them: a move's `Display`.
    let moves: Vec<(String, Vec<u64>)> = a.winning_moves.iter().map(|m| (m.mv.to_string(), m.result.clone())).collect();
    assert_eq!(
        moves,
        vec![
            ("2 -> 4".to_string(), vec![7, 4, 12, 15]),
            ("3 -> 1".to_string(), vec![7, 9, 1, 15]),
            ("4 -> 2".to_string(), vec![7, 9, 12, 2]),
        ]
    );
    assert_eq!(a.winning_move_count, Some(3));
    let t = a.balance.unwrap();
    assert_eq!(t.rows[2], vec![1, 1, 0, 0]);
    assert_eq!(t.unbalanced, vec![true, true, false, true]);
}

#[test]
fn seed_003_one_two_three_is_a_p_position() {
    let a = run("nim", &["1", "2", "3"], Convention::Normal);
    assert_eq!(a.outcome, Outcome::P);
    assert!(a.winning_moves.is_empty());
}

#[test]
fn three_four_five_is_won_by_three_to_one_only() {
    let a = run("nim", &["3", "4", "5"], Convention::Normal);
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].text, "take 2 from heap 1 (3 -> 1)");
    assert_eq!(a.winning_moves[0].result, vec![1, 4, 5]);
}

#[test]
fn seed_000_k_equals_l_formula_holds_for_every_heap_size() {
    // The all-but engine proves an arithmetic period (G(n+p) = G(n) + s from n0 on). The formula
    // is arithmetic-periodic with period 2K and saltus K from 0. Two such sequences that agree on
    // a prefix covering both preperiods and both periods agree for ever.
    for k in 1..=40u64 {
        let t = allbut_table(&MoveSet::new([k]).unwrap(), 1_000_000).unwrap();
        let p = t.period().unwrap();
        assert_eq!((p.period, p.saltus), (2 * k, k), "K = {k}");
        let span = (p.preperiod + p.period).max(2 * k) * 2;
        for n in 0..span {
            assert_eq!(t.get(n), Some(allbut_single_formula(k, n)), "K = {k}, n = {n}");
        }
        // And both against the plain definition.
        let naive = mex_table(&Ruleset::all_but(MoveSet::new([k]).unwrap()), 6 * k + 5);
        for (n, &v) in naive.iter().enumerate() {
            assert_eq!(allbut_single_formula(k, n as u64), v, "K = {k}, n = {n}");
        }
    }
}

#[test]
fn proven_tables_agree_with_the_definition() {
    let sets = ["1", "2", "1,2", "2,5", "1,3,5,7", "3,4,9", "2,3,7", "1,4,6,11", "5,6", "4,7,12"];
    for s in sets {
        let set: MoveSet = s.parse().unwrap();
        for (name, table) in [
            ("subtraction", subtraction_table(&set, 1_000_000).unwrap()),
            ("allbut", allbut_table(&set, 1_000_000).unwrap()),
        ] {
            let p = table.period().expect("a proven period");
            let ruleset: Ruleset = format!("{name}:{s}").parse().unwrap();
            let upto = 3 * (p.preperiod + p.period) + 40;
            let naive = mex_table(&ruleset, upto);
            for (n, &v) in naive.iter().enumerate() {
                assert_eq!(table.get(n as u64), Some(v), "{ruleset} at {n}");
            }
            // Minimality: no smaller period, and the preperiod cannot start earlier.
            let holds = |q: u64, from: u64| {
                let a = naive[(from + q) as usize] as i128 - naive[from as usize] as i128;
                (from..upto - q).all(|m| naive[(m + q) as usize] as i128 - naive[m as usize] as i128 == a)
            };
            for q in 1..p.period {
                assert!(!holds(q, p.preperiod.max(upto / 2 - q)), "{ruleset}: period {q} also holds");
            }
            if p.preperiod > 0 {
                let before = p.preperiod - 1;
                let s = p.saltus;
                assert_ne!(naive[(before + p.period) as usize], naive[before as usize] + s, "{ruleset}");
            }
        }
    }
}

#[test]
fn subtraction_games_answer_at_any_size() {
    let a = run("subtraction:2,5", &["999999999999999999"], Convention::Normal);
    // Period 7 from 0: 0 0 1 1 0 2 1, and 10^18 - 1 = 0 (mod 7) since 10^6 = 1 (mod 7).
    assert_eq!(a.sg, Some(0));
    assert_eq!(a.outcome, Outcome::P);
    let a = run("subtraction:2,5", &["1000000000000000004"], Convention::Normal);
    // 10^18 + 4 = 5 (mod 7): value 2; taking 5 leaves 0 (mod 7), value 0; taking 2 leaves value 1.
    assert_eq!(a.sg, Some(2));
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].mv.to, vec![999_999_999_999_999_999]);
}

#[test]
fn divisor_game_seed_001_examples() {
    // n = p: one exponent 1; under misère the player to move must make n = 1 and loses.
    assert_eq!(run("divisor", &["7"], Convention::Misere).outcome, Outcome::P);
    // n = 4 = 2^2: divide by 2, leaving the opponent to make n = 1.
    let a = run("divisor", &["4"], Convention::Misere);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves[0].result, vec![2]);
    // 10^15 = 2^15 5^15: exponents balance, so Bob wins.
    assert_eq!(run("divisor", &["1000000000000000"], Convention::Misere).outcome, Outcome::P);
    // A 64-bit semiprime of two 32-bit primes.
    let a = run("divisor", &["18446743979220271189"], Convention::Normal);
    assert_eq!(a.heap_values, Some(vec![1, 1]));
    assert_eq!(a.outcome, Outcome::P);
}

#[test]
fn largest_heaps_do_not_overflow() {
    let max = u64::MAX.to_string();
    for game in
        ["nim", "bounded:18446744073709551615", "bounded:1", "bash:7", "allbut:1", "allbut:18446744073709551615"]
    {
        let a = run(game, &[&max, "5"], Convention::Normal);
        assert!(a.sg.is_some(), "{game}");
        for m in &a.winning_moves {
            assert!(m.mv.to[0] < u64::MAX, "{game}");
        }
    }
    let a = run("bounded:18446744073709551615", &[&max], Convention::Normal);
    assert_eq!(a.sg, Some(u64::MAX));
    assert_eq!(a.winning_moves[0].mv.to, vec![0]);
    assert_eq!(run("nim", &[&max, &max], Convention::Misere).outcome, Outcome::P);
}

#[test]
fn a_search_past_its_budget_says_what_it_needs() {
    // Misère sums of bounded:3 heaps are answered by Conway's genus theory of tame games at any
    // budget; a subtraction set whose largest size is past the budget has no table of genera,
    // so its sums are still searched.
    let bounded: Game = "bounded:3".parse().unwrap();
    let options = AnalyzeOptions { convention: Convention::Misere, budget: 100, ..AnalyzeOptions::default() };
    let position = bounded.parse_position(&["40", "50", "60"]).unwrap();
    assert_eq!(analyze(&bounded, &position, &options).unwrap().method, grundy::frontend::Method::MisereRule);
    let game: Game = "subtraction:1,2,3,100000000".parse().unwrap();
    let position = game.parse_position(&["40", "50", "60"]).unwrap();
    let err = analyze(&game, &position, &options).unwrap_err().to_string();
    assert!(err.contains("the budget of 100 positions searched is not enough"), "{err}");
    // The bound is the number of heap tuples below the position: 41 * 51 * 61.
    assert!(err.contains("it needs at most 127551"), "{err}");
    let options = AnalyzeOptions { budget: 127_551, ..options };
    assert!(analyze(&game, &position, &options).is_ok());
}

#[test]
fn searches_refuse_positions_with_astronomically_many_moves() {
    // Listing the moves of one heap of 2^64 - 1 would never end: the search refuses instead.
    let max = u64::MAX.to_string();
    for (game, convention) in
        [("allbut:1", Convention::Misere), ("nim", Convention::Normal), ("kl:3,2", Convention::Normal)]
    {
        let game: Game = game.parse().unwrap();
        let position = game.parse_position(&[max.as_str(), "3"]).unwrap();
        let result = analyze(&game, &position, &AnalyzeOptions { convention, ..AnalyzeOptions::default() });
        if game == Game::Heaps(Ruleset::nim()) {
            assert!(result.is_ok(), "Nim needs no search");
        } else {
            let err = result.unwrap_err();
            let Err(grundy::AnalyzeError::GaveUp(g)) = Err::<(), _>(err.clone()) else { panic!("{game}: {err}") };
            // A budget is advised only when it is known to be enough; else the need is said
            // to be not known.
            match g.suggested_budget() {
                Some(b) => assert!(b > g.used && g.needed == Some(b), "{game}: {err}"),
                None => assert!(err.to_string().contains("not known"), "{game}: {err}"),
            }
        }
    }
}
