//! Take-a-prime (`take-a-prime`): take any prime number of objects from one heap. No closed
//! form is proven, so its values come from the plain mex table over its options, exact up to
//! the table's end; primes are told by Miller-Rabin, so a move is checked at any size.

use std::fmt;

use crate::error::ParseGameError;
use crate::rules::catalogue::GameKind;
use crate::values::factor::is_prime;
use crate::rules::heap::{no_parameter, HeapFamily, HeapRule, Ruleset};

/// Take any prime number of objects from one heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TakeAPrime;

/// Take-a-prime in the registry.
pub const FAMILY: HeapFamily = HeapFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "take-a-prime",
    name: "take-a-prime",
    a_move: "take a prime number of objects from one heap",
    example_game: "take-a-prime",
    example_position: "10 7",
    heap_ruleset: true,
    move_syntax: "`HEAP TAKE` takes TAKE objects (a prime number) from heap HEAP; `HEAP -> LEFT` leaves LEFT in it",
    example_move: "1 7",
}];

fn parse(name: &str, arg: Option<&str>, whole: &str) -> Option<Result<Ruleset, ParseGameError>> {
    (name == "take-a-prime").then(|| match arg {
        None => Ok(Ruleset::new(TakeAPrime)),
        Some(_) => Err(no_parameter(name, whole)),
    })
}

/// The numbers up to `n` that may be prime: 2, 3 and those of the form 6k ± 1, in order.
fn candidates(n: u64) -> impl Iterator<Item = u64> {
    let small = [2, 3].into_iter().filter(move |&t| t <= n);
    let rest = (1..).map_while(move |k: u64| k.checked_mul(6)).take_while(move |&m| m - 1 <= n);
    small.chain(rest.flat_map(move |m| [m - 1, m + 1]).filter(move |&t| t <= n))
}

impl fmt::Display for TakeAPrime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("take-a-prime")
    }
}

impl HeapRule for TakeAPrime {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        candidates(n).filter(|&p| is_prime(p)).for_each(|p| f(&[n - p]))
    }

    fn rules_sentence(&self) -> String {
        "A move takes a prime number of objects (2, 3, 5, 7, 11, ...) from one heap.".to_string()
    }

    /// The candidates for a prime up to `n` (2, 3 and 6k ± 1), about n/3: also what listing
    /// the options costs, one primality test each.
    fn option_count_bound(&self, n: u64) -> u128 {
        let n = u128::from(n);
        match n {
            0 | 1 => 0,
            2 => 1,
            _ => 2 + (n + 1) / 6 + (n - 1) / 6,
        }
    }

    fn check_take(&self, _n: u64, take: u64) -> Option<Result<(), String>> {
        Some(if is_prime(take) { Ok(()) } else { Err(format!("only a prime number may be taken in {self}")) })
    }

    fn smallest_take(&self, n: u64) -> Option<Option<u64>> {
        Some((n >= 2).then_some(2))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::engine::HeapSolver;

    /// The primes up to `n` by the sieve of Eratosthenes, independent of Miller-Rabin.
    fn sieve(n: usize) -> Vec<bool> {
        let mut prime = vec![true; n + 1];
        prime[0] = false;
        if n >= 1 {
            prime[1] = false;
        }
        for p in 2..=n {
            if prime[p] {
                (p * p..=n).step_by(p).for_each(|m| prime[m] = false);
            }
        }
        prime
    }

    #[test]
    fn options_are_the_prime_takes_within_the_bound() {
        let prime = sieve(500);
        let r: Ruleset = "take-a-prime".parse().unwrap();
        for n in 0..=500u64 {
            let options = r.options(n);
            let expected: Vec<Vec<u64>> = (1..=n).filter(|&t| prime[t as usize]).map(|t| vec![n - t]).collect();
            assert_eq!(options, expected, "n = {n}");
            assert!(u128::from(options.len() as u64) <= r.option_count_bound(n), "n = {n}");
            assert_eq!(candidates(n).count() as u128, r.option_count_bound(n), "n = {n}");
        }
    }

    #[test]
    fn values_are_the_plain_mex_of_the_prime_takes() {
        // The mex by hand over the sieve's primes, not through the rule.
        let top = 400;
        let prime = sieve(top);
        let mut g: Vec<u64> = vec![];
        for n in 0..=top {
            let seen: Vec<u64> = (2..=n).filter(|&p| prime[p]).map(|p| g[n - p]).collect();
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        // G(2) = 1 (take 2 to 0), G(4) = 2 (take 2 to a heap of 2, worth 1; take 3 to 1, worth 0).
        assert_eq!(g[..6], [0, 0, 1, 1, 2, 2]);
        let solver = HeapSolver::new(&Ruleset::new(TakeAPrime), top as u64, 1_000_000).unwrap();
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(solver.value(n as u64), Some(v), "G({n})");
        }
        // Exact up to the table's end, and no further: no period is claimed.
        assert!(solver.period().is_none());
        assert_eq!(solver.value(top as u64 + 1), None);
    }

    #[test]
    fn a_take_is_checked_at_any_size() {
        let r = Ruleset::new(TakeAPrime);
        let big = u64::MAX;
        // 2^61 - 1 is a Mersenne prime; 2^61 + 1 is divisible by 3.
        assert_eq!(r.check_take(big, (1 << 61) - 1), Some(Ok(())));
        assert!(r.check_take(big, (1 << 61) + 1).unwrap().is_err());
        assert_eq!(r.smallest_take(1), Some(None));
        assert_eq!(r.smallest_take(2), Some(Some(2)));
    }
}
