//! Coin-turning games: the coin-turning theorem and the single-head values of Turtles, Mock
//! Turtles and Ruler, and Lenstra's Tartan theorem for every product of two of them, against the
//! plain exhaustive solver (outcome, every winning move, the count, the value by the mex) on
//! every small position; the exact counts against brute force; the samples of HDU 3537 and
//! HDU 3404; values at 10^18 and 2^64 - 1 against independent computations; moves and bad input.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use crate::common;

use grundy::play::parse_move;
use grundy::rules::board::numbers::coins::{gray, gray_inverse, odious, xor_pairs_below, CoinRule, Turned};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player};

/// Every set of coins drawn from `coins`, as tokens (the empty set as `none`).
fn subsets(coins: &[String]) -> Vec<Vec<String>> {
    (0u32..1 << coins.len())
        .map(|mask| {
            let v: Vec<String> = (0..coins.len()).filter(|&i| mask >> i & 1 == 1).map(|i| coins[i].clone()).collect();
            if v.is_empty() {
                vec!["none".to_string()]
            } else {
                v
            }
        })
        .collect()
}

fn row(first: u64, len: u64) -> Vec<String> {
    (first..first + len).map(|c| c.to_string()).collect()
}

/// The cells of a w x h grid from (fx, fy), in increasing order of (x, y).
fn grid(fx: u64, fy: u64, w: u64, h: u64) -> Vec<String> {
    (fx..fx + w).flat_map(|x| (fy..fy + h).map(move |y| format!("{x},{y}"))).collect()
}

fn analysis(game: &str, tokens: &[&str]) -> grundy::Analysis {
    analysis_within(game, tokens, AnalyzeOptions::default().budget)
}

/// The analysis with a budget: a product game past it walks only that many nim-sums looking
/// for winning moves, which keeps the tests of values at 10^18 quick.
fn analysis_within(game: &str, tokens: &[&str], budget: u64) -> grundy::Analysis {
    let g: Game = game.parse().unwrap();
    let p = g.parse_position(tokens).unwrap();
    analyze(&g, &p, &AnalyzeOptions { budget, ..AnalyzeOptions::default() }).unwrap()
}

#[test]
fn every_small_row_agrees_with_exhaustive_search() {
    for rule in CoinRule::ALL {
        let first = rule.first();
        let n = common::assert_game_agrees_with_search(rule.name(), subsets(&row(first, 7)), Convention::Normal);
        assert_eq!(n, 128);
        common::assert_game_agrees_with_search(rule.name(), subsets(&row(first, 5)), Convention::Misere);
    }
}

#[test]
fn every_small_product_agrees_with_exhaustive_search() {
    for a in CoinRule::ALL {
        for b in CoinRule::ALL {
            let game = format!("coins-2d:{}x{}", a.name(), b.name());
            let cells = grid(a.first(), b.first(), 3, 3);
            assert_eq!(common::assert_game_agrees_with_search(&game, subsets(&cells), Convention::Normal), 512);
            common::assert_game_agrees_with_search(
                &game,
                subsets(&grid(a.first(), b.first(), 2, 2)),
                Convention::Misere,
            );
        }
    }
    // A larger grid for turning corners, positions of at most three heads.
    let cells = grid(1, 1, 4, 3);
    let few: Vec<Vec<String>> = subsets(&cells).into_iter().filter(|s| s.len() <= 3).collect();
    common::assert_game_agrees_with_search("coins-2d:turtlesxturtles", few, Convention::Normal);
}

/// The value of one head by the mex of its options, over the rule's own moves (no theorem).
fn mex_values(rule: CoinRule, upto: u64) -> Vec<u128> {
    let mut values: Vec<u128> = vec![];
    for n in 0..=upto {
        if n < rule.first() {
            values.push(0);
            continue;
        }
        let reached: std::collections::HashSet<u128> = rule
            .plain_moves(n)
            .iter()
            .map(|coins| coins.iter().filter(|&&c| c != n).fold(0, |a, &c| a ^ values[c as usize]))
            .collect();
        values.push((0..).find(|v| !reached.contains(v)).unwrap());
    }
    values
}

#[test]
fn single_head_values_are_the_mex_and_counts_are_exact() {
    for rule in CoinRule::ALL {
        let values = mex_values(rule, 70);
        for n in rule.first()..=70 {
            assert_eq!(rule.value(n), values[n as usize], "{rule} {n}");
        }
        // Every move ending at n, counted by its nim-sum, against the multiplicity, the listing
        // and the walk of nim-sums.
        for n in rule.first()..=40 {
            let mut by_sum: std::collections::HashMap<u128, Vec<Vec<u64>>> = Default::default();
            for coins in rule.plain_moves(n) {
                let u = coins.iter().fold(0, |a, &c| a ^ rule.value(c));
                by_sum.entry(u).or_default().push(coins);
            }
            for u in 0..256u128 {
                let plain = by_sum.get(&u).cloned().unwrap_or_default();
                assert_eq!(rule.multiplicity(n, u), plain.len() as u128, "{rule} n={n} u={u}");
                let listed: Vec<Vec<u64>> = rule.moves_with(n, u, 1000).iter().map(Turned::coins).collect();
                let mut sorted_plain = plain.clone();
                sorted_plain.sort();
                let mut sorted_listed = listed.clone();
                sorted_listed.sort();
                assert_eq!(sorted_listed, sorted_plain, "{rule} n={n} u={u}");
                // At most the limit, and the first ones.
                if plain.len() > 2 {
                    assert_eq!(rule.moves_with(n, u, 2), rule.moves_with(n, u, 1000)[..2].to_vec());
                }
            }
            let mut walked: Vec<(u128, u128)> = vec![];
            rule.for_each_sum(n, &mut |u, m| {
                walked.push((u, m));
                true
            });
            let mut plain: Vec<(u128, u128)> = by_sum.iter().map(|(&u, v)| (u, v.len() as u128)).collect();
            plain.sort();
            walked.sort();
            assert_eq!(walked, plain, "{rule} n={n}");
            assert!(walked.len() as u128 <= rule.sums_to_walk(n));
        }
    }
}

#[test]
fn gray_codes_and_xor_pairs_against_brute_force() {
    let mut prefix = 0u64;
    for c in 1..2000u64 {
        prefix ^= c & c.wrapping_neg();
        assert_eq!(gray(c), prefix, "{c}");
        assert_eq!(gray_inverse(gray(c)), c);
    }
    assert_eq!(gray_inverse(gray(u64::MAX)), u64::MAX);
    for n in 0..70u64 {
        for d in 0..140u64 {
            let brute = (0..n).filter(|&s| s ^ d < n).count() as u128;
            assert_eq!(xor_pairs_below(n, d), brute, "n={n} d={d}");
        }
    }
    // At 2^64 - 1 every s below it has s XOR 1 below it too, but 2^64 - 2.
    assert_eq!(xor_pairs_below(u64::MAX, 1), u128::from(u64::MAX) - 1);
}

#[test]
fn hdu_3537_samples() {
    // Coins numbered from 0; "Yes" when the position is lost for the first player.
    for (heads, lost) in [(&[][..], true), (&["0"][..], false), (&["0", "1", "2", "3"][..], true)] {
        let a = analysis("mock-turtles", heads);
        assert_eq!(a.outcome == Outcome::P, lost, "{heads:?}");
    }
    // A coin described twice is one head.
    assert_eq!(analysis("mock-turtles", &["3", "3", "0"]).tokens, vec!["0", "3"]);
    assert_eq!(analysis("mock-turtles", &["3", "3", "0"]).sg, Some(1 ^ 7));
}

#[test]
fn hdu_3404_samples() {
    // Lights numbered from 1; "Have a try" when the first player wins.
    assert_eq!(analysis("coins-2d:turtlesxturtles", &["1,2", "2,1"]).outcome, Outcome::P);
    let won = analysis("coins-2d:turtlesxturtles", &["1,1", "2,2"]);
    assert_eq!(won.outcome, Outcome::N);
    assert_eq!(won.sg, Some(2));
    // The one winning move turns the four corners of (1,1)..(2,2).
    assert_eq!(won.winning_move_count, Some(1));
    assert_eq!(won.winning_moves[0].result, vec![1, 2, 2, 1]);
}

/// Nim multiplication written independently of the library's splitting: the product of two
/// powers of two through their Fermat 2-powers (2^i is the product of 2^(2^k) over the bits k
/// of i; distinct Fermat 2-powers multiply as numbers, equal ones as F ⊗ F = F ⊕ F/2).
fn plain_nim_mul(a: u128, b: u128) -> u128 {
    let bits = |v: u128| (0..128u32).filter(move |&i| v >> i & 1 == 1);
    let mut out = 0;
    for i in bits(a) {
        for j in bits(b) {
            out ^= power_product(i, j);
        }
    }
    out
}

fn power_product(i: u32, j: u32) -> u128 {
    thread_local! {
        static MEMO: std::cell::RefCell<std::collections::HashMap<(u32, u32), u128>> = Default::default();
    }
    if let Some(v) = MEMO.with(|m| m.borrow().get(&(i, j)).copied()) {
        return v;
    }
    let v = power_product_plain(i, j);
    MEMO.with(|m| m.borrow_mut().insert((i, j), v));
    v
}

fn power_product_plain(i: u32, j: u32) -> u128 {
    let shared = i & j;
    if shared == 0 {
        return 1u128 << (i | j);
    }
    let k = 31 - shared.leading_zeros();
    let f = 1u32 << k; // F = 2^f
                       // 2^i ⊗ 2^j = F ⊗ F ⊗ (2^(i - f) ⊗ 2^(j - f)) = (F ⊕ F/2) ⊗ p, p below F.
    let p = power_product(i - f, j - f);
    (p << f) ^ plain_nim_mul(1u128 << (f - 1), p)
}

#[test]
fn huge_positions_against_independent_computations() {
    let e18 = 1_000_000_000_000_000_000u64;
    let odious_plain = |n: u64| -> u128 {
        let twice = 2 * u128::from(n);
        if format!("{twice:b}").matches('1').count() % 2 == 1 {
            twice
        } else {
            twice + 1
        }
    };
    assert_eq!(odious(e18), odious_plain(e18));
    let a = analysis("mock-turtles", &["1000000000000000000", "7"]);
    assert_eq!(a.sg, Some(u64::try_from(odious_plain(e18) ^ 14).unwrap()));
    // Past 2^63 a Mock Turtles head is worth more than 2^64 - 1: the value is said in words.
    let a = analysis("mock-turtles", &["18446744073709551615"]);
    assert_eq!(a.sg, None);
    assert!(a.sg_note.unwrap().contains(&odious_plain(u64::MAX).to_string()));
    assert_eq!(a.winning_move_count, Some(1));
    // Ruler: 10^18 = 2^18 5^18.
    assert_eq!(analysis("ruler", &["1000000000000000000"]).sg, Some(1 << 18));
    assert_eq!(analysis("ruler", &["18446744073709551615", "9223372036854775808"]).sg, Some(1 | 1 << 63));
    assert_eq!(analysis("turtles", &["18446744073709551615", "1000000000000000000"]).sg, Some(u64::MAX ^ e18));
    // Turning corners at 2^32: F ⊗ F = F ⊕ F/2.
    let a = analysis("coins-2d:turtlesxturtles", &["4294967296,4294967296"]);
    assert_eq!(a.sg, Some(3 << 31));
    for (x, y) in [(e18, e18), (u64::MAX, u64::MAX), (e18, 12345)] {
        let cell = format!("{x},{y}");
        let a = analysis_within("coins-2d:turtlesxturtles", &[&cell, "3,5"], 1000);
        let plain = plain_nim_mul(u128::from(x), u128::from(y)) ^ plain_nim_mul(3, 5);
        assert_eq!(a.sg, Some(u64::try_from(plain).unwrap()), "{cell}");
    }
    let a = analysis_within("coins-2d:mock-turtlesxruler", &["1000000000000000000,1000000000000000000"], 1000);
    assert_eq!(u128::from(a.sg.unwrap()), plain_nim_mul(odious_plain(e18), 1 << 18));
}

#[test]
fn winning_moves_at_size_are_exact_or_refused() {
    // Mock Turtles: the count of three-coin moves is exact at 10^18 (pairs by binary digits),
    // and every listed move leaves value 0.
    let g: Game = "mock-turtles".parse().unwrap();
    let p = g.parse_position(&["5", "1000000000000000000", "999999999999999999"]).unwrap();
    let a = analyze(&g, &p, &AnalyzeOptions::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    let count = a.winning_move_count.unwrap();
    assert!(count > a.winning_moves.len() as u128, "{count}");
    for m in a.winning_moves.iter().take(50) {
        let next = grundy::play::check_move(&p, Player::First, &m.mv).unwrap();
        assert_eq!(analyze(&g, &next, &AnalyzeOptions::default()).unwrap().sg, Some(0), "{}", m.text);
    }
    // Ruler: the one winning move turns over coins 1 to 2^62, which no list holds: it is
    // counted, not listed.
    let a = analysis("ruler", &["4611686018427387904", "2305843009213693952"]);
    assert_eq!(a.winning_move_count, Some(1));
    assert!(a.winning_moves.is_empty());
    // Beside it a short winning run is listed.
    let a = analysis("ruler", &["4611686018427387904", "3"]);
    assert_eq!(a.winning_move_count, Some(1));
    assert_eq!(a.winning_moves[0].result, vec![3, 4611686018427387903]);
    // Turning corners at 10^18: outcome and value exact, the count refused past the budget.
    let a = analysis_within("coins-2d:turtlesxturtles", &["1000000000000000000,1000000000000000000", "3,5"], 1000);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_move_count, None);
    let why = a.winning_moves_not_listed.unwrap();
    assert!(why.contains("not counted, because"), "{why}");
    // Within the budget, every winning move of HDU 3404's sizes is counted.
    let a = analysis("coins-2d:turtlesxturtles", &["10000,9999", "1,1", "77,300"]);
    let n = a.winning_move_count.unwrap();
    assert_eq!(n, a.winning_moves.len() as u128);
}

/// A product position so large that every position after a move holds more than the 10,000
/// numbers a listed move may: each winning move is counted and none is built (building each
/// to find it too large took minutes at thousands of heads). The counts themselves are checked
/// against every move listed in `product_counts_against_every_move_listed`.
#[test]
fn winning_moves_past_the_listing_size_are_counted_without_building_them() {
    let cells = grid(1, 1, 51, 100);
    let tokens: Vec<&str> = cells.iter().map(String::as_str).collect();
    let a = analysis("coins-2d:mock-turtlesxmock-turtles", &tokens);
    assert_eq!(a.outcome, Outcome::N);
    let count = a.winning_move_count.unwrap();
    assert!(count > 1000, "{count}");
    assert!(a.winning_moves.is_empty());
    let why = a.winning_moves_not_listed.unwrap();
    assert!(why.contains("leave a position that would hold more than 10000 numbers"), "{why}");
}

#[test]
fn moves_and_bad_input_are_checked() {
    let g: Game = "turtles".parse().unwrap();
    let p = g.parse_position(&["3", "7"]).unwrap();
    let after = |t: &str| parse_move(&p, Player::First, t).map(|m| m.apply(&[3, 7]));
    assert_eq!(after("turn 7 5").unwrap(), vec![3, 5]);
    assert_eq!(after("turn over 3 and 7").unwrap(), Vec::<u64>::new());
    assert_eq!(after("turn 7").unwrap(), vec![3]);
    // The page's form of a move that leaves nothing in place of the numbers it removes.
    assert_eq!(after("1..2 -> none").unwrap(), Vec::<u64>::new());
    assert_eq!(after("2 -> none").unwrap(), vec![3]);
    assert_eq!(after("1 -> none").unwrap(), vec![7]);
    assert!(after("3 -> none").unwrap_err().to_string().contains("no number 3"));
    assert!(after("turn 6 5").unwrap_err().to_string().contains("coin 6 shows tails"));
    assert!(after("turn 7 5 1").unwrap_err().to_string().contains("one or two coins"));
    assert!(after("turn 7 7").unwrap_err().to_string().contains("named twice"));
    assert_eq!(after("2 -> 4").unwrap(), vec![3, 4]);
    assert!(after("1 -> 4").unwrap_err().to_string().contains("coin 4 shows tails"));
    let ruler: Game = "ruler".parse().unwrap();
    let p = ruler.parse_position(&["6"]).unwrap();
    assert_eq!(parse_move(&p, Player::First, "turn 4..6").unwrap().apply(&[6]), vec![4, 5]);
    assert!(parse_move(&p, Player::First, "turn 6 4").unwrap_err().to_string().contains("no gap"));
    let corners: Game = "coins-2d:turtlesxturtles".parse().unwrap();
    let p = corners.parse_position(&["3,4"]).unwrap();
    let m = parse_move(&p, Player::First, "turn 3,4 1,4 3,2 1,2").unwrap();
    assert_eq!(m.apply(&[3, 4]), vec![1, 2, 1, 4, 3, 2]);
    let e = parse_move(&p, Player::First, "turn 3,4 1,2").unwrap_err().to_string();
    assert!(e.contains("not such a product"), "{e}");
    assert!(parse_move(&p, Player::First, "turn 3,4 1,4 2,4").unwrap_err().to_string().contains("along x"));
    let err = |game: &str, t: &[&str]| {
        let g: Game = game.parse().unwrap();
        g.parse_position(t).unwrap_err().to_string()
    };
    assert!(err("coins-2d:turtlesxturtles", &["3"]).contains("not a cell"));
    assert!(err("coins-2d:turtlesxturtles", &["3,x"]).contains("y 'x' is not a number"));
    assert!(err("coins-2d:turtlesxturtles", &["0,1"]).contains("numbers its coins from 1"));
    assert!(err("mock-turtles", &["18446744073709551616"]).contains("past the largest"));
    assert!(err("turtles", &["0"]).contains("numbers its coins from 1"));
    assert!(err("ruler", &["none", "3"]).contains("'none'"));
    let game_err = |s: &str| s.parse::<Game>().unwrap_err().to_string();
    assert!(game_err("coins-2d:nimxnim").contains("unknown coin rule 'nim'"));
    assert!(game_err("coins-2d:turtles").contains("joined by 'x'"));
    assert!(game_err("coins-2d").contains("needs its two coin rules"));
}

#[test]
fn misere_is_searched_when_small_and_refused_past_it() {
    let g: Game = "mock-turtles".parse().unwrap();
    let options = AnalyzeOptions { convention: Convention::Misere, ..AnalyzeOptions::default() };
    let p = g.parse_position(&["20"]).unwrap();
    let e = analyze(&g, &p, &options).unwrap_err().to_string();
    assert!(e.contains("coins up to 14"), "{e}");
    let p = g.parse_position(&["9", "12"]).unwrap();
    assert!(analyze(&g, &p, &options).is_ok());
}

#[test]
fn coin_games_in_sums_read_back_and_agree_with_search() {
    let positions: Vec<Vec<String>> = [
        &["coins-2d:turtlesxturtles=1,1,2,2", "mock-turtles=0,2"][..],
        &["coins-2d:rulerxmock-turtles=2,0", "ruler=3", "nim=2"][..],
        &["turtles=none", "coins-2d:turtlesxturtles=1,2,2,1"][..],
    ]
    .iter()
    .map(|p| p.iter().map(|t| t.to_string()).collect())
    .collect();
    common::assert_game_agrees_with_search("sum", positions, Convention::Normal);
}

#[test]
fn product_counts_against_every_move_listed() {
    // Every move X x Y at every head, by the rules' plain moves, summed where its cells'
    // values nim-sum to the position's value: the count of the walk over nim-sums, on grids too
    // large for the exhaustive solver.
    for a in CoinRule::ALL {
        for b in CoinRule::ALL {
            let game = format!("coins-2d:{}x{}", a.name(), b.name());
            let sum = |r: CoinRule, coins: &[u64]| coins.iter().fold(0u128, |acc, &c| acc ^ r.value(c));
            for (i, j) in [(9u64, 13u64), (17, 5), (12, 12), (20, 3)] {
                let heads = [
                    (a.first() + i, b.first() + j),
                    (a.first() + j / 2, b.first() + i / 3),
                    (a.first() + 1, b.first()),
                ];
                let tokens: Vec<String> = heads.iter().map(|(x, y)| format!("{x},{y}")).collect();
                let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
                let t = heads
                    .iter()
                    .fold(0u128, |acc, &(x, y)| acc ^ grundy::frontend::nim_mul_wide(a.value(x), b.value(y)));
                let mut plain: u128 = 0;
                for &(x, y) in &heads {
                    for xs in a.plain_moves(x) {
                        for ys in b.plain_moves(y) {
                            if grundy::frontend::nim_mul_wide(sum(a, &xs), sum(b, &ys)) == t {
                                plain += 1;
                            }
                        }
                    }
                }
                let an = analysis(&game, &refs);
                assert_eq!(an.winning_move_count, Some(plain), "{game} {tokens:?}");
                assert_eq!(an.outcome == Outcome::N, t != 0);
            }
        }
    }
}

/// A won position whose winning moves are counted but not listed (a Ruler run that would leave
/// more than 10,000 heads) is refused at level perfect, before the game and at the computer's
/// turn, rather than played blind; lower levels still move.
#[test]
fn level_perfect_refuses_a_won_position_whose_winning_moves_are_not_listed() {
    use grundy::play::{check_perfect, choose_move, Level, Rng};
    let game: Game = "ruler".parse().unwrap();
    let position = game.parse_position(&["4611686018427387904", "2305843009213693952"]).unwrap();
    let options = AnalyzeOptions::default();
    let a = analyze(&game, &position, &options).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.winning_moves.is_empty() && a.winning_moves_not_listed.is_some());
    let refused = check_perfect(&game, &position, &options).unwrap_err().to_string();
    assert!(refused.contains("not listed"), "{refused}");
    assert!(choose_move(&game, &position, &options, Level::Perfect, &mut Rng::new(1)).is_err());
    let good = choose_move(&game, &position, &options, Level::Good, &mut Rng::new(1)).unwrap();
    assert!(good.is_some());
}
