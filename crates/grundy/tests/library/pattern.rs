//! The rule finder against games brute-forced here by their plain definitions (a mex over
//! every option; none of grundy's closed forms or engines): given G(0..1999), the rule it states
//! must predict G(2000..3999) exactly, and its expression must give the same values in
//! `grundy verify --sg`'s language. Games with no simple rule (subtract a square, subtract a
//! prime) must never get a rule that later values contradict.

use grundy::verify::{Expr, Pattern, PatternError};

fn mex(seen: &mut Vec<bool>, opts: impl Iterator<Item = u64>) -> u64 {
    seen.clear();
    for v in opts {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64
}

/// G(0..len) of a game whose options from a heap of n are heaps (`single`) or pairs of heaps
/// whose values are XORed (`split`).
fn table(len: usize, moves: impl Fn(u64, &[u64], &mut Vec<u64>)) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    let (mut seen, mut opts) = (vec![], vec![]);
    for n in 0..len as u64 {
        opts.clear();
        moves(n, &g, &mut opts);
        let v = mex(&mut seen, opts.iter().copied());
        g.push(v);
    }
    g
}

fn subtraction(len: usize, allowed: impl Fn(u64) -> bool) -> Vec<u64> {
    table(len, |n, g, out| out.extend((1..=n).filter(|&s| allowed(s)).map(|s| g[(n - s) as usize])))
}

fn is_prime(n: u64) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d))
}

/// The finder's rule from the first `given` values, checked on every value of `all`.
fn predicts(name: &str, all: &[u64], given: usize) -> Pattern {
    let p = Pattern::find(&all[..given]).unwrap_or_else(|e| panic!("{name}: {e}"));
    let later = p.predict((all.len() - given) as u64).unwrap();
    assert_eq!(later, all[given..], "{name}: {} predicts wrongly", p.words());
    let e = Expr::parse(&p.expression(), &[]).unwrap_or_else(|e| panic!("{name}: {}: {e}", p.expression()));
    for (n, &v) in all.iter().enumerate() {
        assert_eq!(e.eval(n as u64), Ok(i128::from(v)), "{name}: expression {} at n = {n}", p.expression());
    }
    p
}

fn done_when_games() -> Vec<(&'static str, Vec<u64>, usize)> {
    let len = 4000;
    vec![
        ("subtract 1, 3 or 4", subtraction(len, |s| [1, 3, 4].contains(&s)), 2000),
        ("subtract a power of two", subtraction(len, |s| s.is_power_of_two()), 2000),
        ("take any number but 1 or 2", subtraction(len, |s| s != 1 && s != 2), 2000),
        // Lasker's Nim: take any number, or split a heap into two non-empty heaps.
        (
            "Lasker's Nim",
            table(1200, |n, g, out| {
                out.extend((1..=n).map(|s| g[(n - s) as usize]));
                out.extend((1..n / 2 + 1).filter(|&a| a < n).map(|a| g[a as usize] ^ g[(n - a) as usize]));
            }),
            600,
        ),
        ("take 1 to half the heap", table(len, |n, g, out| out.extend((1..=n / 2).map(|s| g[(n - s) as usize]))), 2000),
        (
            "subtract a proper divisor",
            table(len, |n, g, out| {
                let mut d = 1;
                while d * d <= n {
                    if n.is_multiple_of(d) {
                        for s in [d, n / d] {
                            if s < n {
                                out.push(g[(n - s) as usize]);
                            }
                        }
                    }
                    d += 1;
                }
            }),
            2000,
        ),
        // The ruler coins: a head on coin n (from 1) is worth the mex over turning it and any run
        // of coins just left of it, i.e. the nim-sums G(n-1) ^ ... ^ G(n-j), j = 0..n-1.
        (
            "the ruler coins",
            table(len, |n, g, out| {
                if n == 0 {
                    return;
                }
                let mut x = 0;
                out.push(0);
                for j in 1..n {
                    x ^= g[(n - j) as usize];
                    out.push(x);
                }
            }),
            2000,
        ),
        // FDIVGAME: divide by 2, 3, 4, 5 or 6, rounding down.
        (
            "divide by 2 to 6",
            table(len, |n, g, out| {
                if n > 0 {
                    out.extend((2..=6).map(|d| g[(n / d) as usize]))
                }
            }),
            2000,
        ),
    ]
}

#[test]
fn the_done_when_games_are_predicted_exactly() {
    for (name, all, given) in done_when_games() {
        let p = predicts(name, &all, given);
        assert!(p.checked() > 0, "{name}");
        eprintln!("{name}: {} | {}", p.words(), p.expression());
    }
}

#[test]
fn games_without_a_simple_rule_get_no_false_rule() {
    let squares = subtraction(4000, |s| (s as f64).sqrt().round().powi(2) as u64 == s);
    let primes = subtraction(4000, is_prime);
    for (name, all) in [("subtract a square", squares), ("subtract a prime", primes)] {
        match Pattern::find(&all[..2000]) {
            Err(PatternError::NoRule { .. }) => {}
            Ok(p) => assert_eq!(p.predict(2000).unwrap(), all[2000..], "{name}: {}", p.words()),
            Err(e) => panic!("{name}: {e}"),
        }
    }
}

/// Games of our own, held out from the design of the finder: each must be predicted exactly.
#[test]
fn held_out_games_are_predicted_exactly() {
    let len = 4000;
    let games: Vec<(&str, Vec<u64>, usize)> = vec![
        // G(3k) = k, G(3k+1) = G(2k), G(3k+2) = G(2k+1): self-similar with targets 2k + b.
        (
            "take 1 to a third of the heap",
            table(len, |n, g, out| out.extend((1..=n / 3).map(|s| g[(n - s) as usize]))),
            2000,
        ),
        // Dawson's Kayles (octal 0.07): period 34 after a long pre-period.
        (
            "Dawson's Kayles",
            table(len, |n, g, out| {
                if n >= 2 {
                    out.extend((0..=(n - 2) / 2).map(|a| g[a as usize] ^ g[(n - 2 - a) as usize]));
                }
            }),
            2000,
        ),
        ("take any number but 2 or 5", subtraction(len, |s| s != 2 && s != 5), 2000),
        ("subtract 2, 5 or 6", subtraction(len, |s| [2, 5, 6].contains(&s)), 2000),
        (
            "divide by 2 or 3",
            table(len, |n, g, out| {
                if n > 0 {
                    out.extend((2..=3).map(|d| g[(n / d) as usize]))
                }
            }),
            2000,
        ),
        (
            "divide by 2 to 9",
            table(len, |n, g, out| {
                if n > 0 {
                    out.extend((2..=9).map(|d| g[(n / d) as usize]))
                }
            }),
            2000,
        ),
        // Mock Turtles: turn over one, two or three coins, the rightmost from heads to tails.
        (
            "Mock Turtles",
            table(500, |n, g, out| {
                out.push(0);
                for a in 0..n {
                    out.push(g[a as usize]);
                    for b in a + 1..n {
                        out.push(g[a as usize] ^ g[b as usize]);
                    }
                }
            }),
            300,
        ),
        // Not games: sequences of the binary digits, each a family the finder names.
        ("popcount", (0..len as u64).map(|n| u64::from(n.count_ones())).collect(), 2000),
        ("odious", (0..len as u64).map(|n| u64::from(n.count_ones() % 2)).collect(), 2000),
        (
            "a family on each class",
            (0..len as u64).map(|n| if n % 2 == 0 { n / 2 } else { (n / 2) % 3 }).collect(),
            2000,
        ),
    ];
    for (name, all, given) in games {
        let p = predicts(name, &all, given);
        eprintln!("{name}: {} | {}", p.words(), p.expression());
    }
}

/// Whatever the values, a rule given reproduces every one of them, and so does its expression:
/// sequences from a small generator (periodic, self-similar, with a value changed, random).
#[test]
fn a_rule_given_reproduces_every_value() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut found = 0;
    for case in 0..400 {
        let len = 12 + (next() % 400) as usize;
        let period = 1 + next() % 9;
        let block: Vec<u64> = (0..period).map(|_| next() % 4).collect();
        let mut values: Vec<u64> = match case % 4 {
            0 => (0..len as u64).map(|n| block[(n % period) as usize]).collect(),
            1 => (0..len as u64).map(|n| block[(n % period) as usize] + 2 * (n / period)).collect(),
            2 => (0..len as u64).map(|n| if n % 2 == 0 { n / 2 } else { u64::from(n.count_ones()) }).collect(),
            _ => (0..len).map(|_| next() % 3).collect(),
        };
        if next() % 3 == 0 {
            let at = (next() % len as u64) as usize;
            values[at] += 1;
        }
        let Ok(p) = Pattern::find(&values) else {
            continue;
        };
        found += 1;
        let e = Expr::parse(&p.expression(), &[]).unwrap();
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(p.value(n as u64), Some(v), "{values:?}: {} at {n}", p.words());
            assert_eq!(e.eval(n as u64), Ok(i128::from(v)), "{values:?}: {} at {n}", p.expression());
        }
    }
    assert!(found > 100, "only {found} rules found");
}
