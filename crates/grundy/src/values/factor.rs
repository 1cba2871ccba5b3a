//! Factoring 64-bit numbers: trial division by small primes, deterministic Miller-Rabin, and
//! Pollard's rho with Brent's cycle finding, all in Montgomery arithmetic so that a 64-bit
//! semiprime takes a fraction of a millisecond.

/// Arithmetic modulo an odd n in Montgomery form (R = 2^64).
struct Montgomery {
    n: u64,
    /// n^-1 mod 2^64.
    n_inv: u64,
    /// R^2 mod n, for converting into Montgomery form.
    r2: u64,
}

impl Montgomery {
    fn new(n: u64) -> Self {
        debug_assert!(n % 2 == 1);
        // Newton's iteration doubles the number of correct low bits each step: 5 steps from 3.
        let mut inv = n;
        for _ in 0..5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(n.wrapping_mul(inv)));
        }
        let r = ((1u128 << 64) % u128::from(n)) as u64;
        let r2 = (u128::from(r) * u128::from(r) % u128::from(n)) as u64;
        Montgomery { n, n_inv: inv, r2 }
    }

    /// t * R^-1 mod n, for t < n * 2^64.
    #[inline]
    fn reduce(&self, t: u128) -> u64 {
        let (lo, hi) = (t as u64, (t >> 64) as u64);
        let m = lo.wrapping_mul(self.n_inv);
        let mn_hi = ((u128::from(m) * u128::from(self.n)) >> 64) as u64;
        if hi >= mn_hi {
            hi - mn_hi
        } else {
            hi.wrapping_sub(mn_hi).wrapping_add(self.n)
        }
    }

    #[inline]
    fn mul(&self, a: u64, b: u64) -> u64 {
        self.reduce(u128::from(a) * u128::from(b))
    }

    fn to_mont(&self, a: u64) -> u64 {
        self.mul(a % self.n, self.r2)
    }

    #[inline]
    fn add(&self, a: u64, b: u64) -> u64 {
        let (s, carry) = a.overflowing_add(b);
        if carry || s >= self.n {
            s.wrapping_sub(self.n)
        } else {
            s
        }
    }

    fn pow(&self, mut base: u64, mut exp: u64) -> u64 {
        let mut acc = self.to_mont(1);
        while exp > 0 {
            if exp & 1 == 1 {
                acc = self.mul(acc, base);
            }
            base = self.mul(base, base);
            exp >>= 1;
        }
        acc
    }
}

const SMALL_PRIMES: [u64; 25] =
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97];

/// Whether n is prime. Deterministic for every u64 (Miller-Rabin with a base set known to have
/// no 64-bit pseudoprime).
///
/// ```
/// assert!(grundy::frontend::is_prime(18446744073709551557));
/// assert!(!grundy::frontend::is_prime(3215031751)); // a strong pseudoprime to bases 2, 3, 5, 7
/// ```
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in SMALL_PRIMES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    if n < 97 * 97 {
        return true;
    }
    let m = Montgomery::new(n);
    let d_shift = (n - 1).trailing_zeros();
    let d = (n - 1) >> d_shift;
    let one = m.to_mont(1);
    let minus_one = m.to_mont(n - 1);
    'bases: for a in [2u64, 325, 9375, 28178, 450775, 9780504, 1795265022] {
        let a = a % n;
        if a == 0 {
            continue;
        }
        let mut x = m.pow(m.to_mont(a), d);
        if x == one || x == minus_one {
            continue;
        }
        for _ in 1..d_shift {
            x = m.mul(x, x);
            if x == minus_one {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Independent rho walks advanced together: each step's multiplications depend only on the
/// same walk's previous step, so interleaving several walks hides the multiplier's latency, and
/// the first walk to meet a cycle ends the search.
const LANES: usize = 2;

/// Steps between gcds: the differences are multiplied together and one gcd covers them all.
const BATCH: u64 = 128;

/// A non-trivial factor of the odd composite n (Pollard's rho with Brent's cycle finding,
/// several walks at once).
fn rho(n: u64) -> u64 {
    let m = Montgomery::new(n);
    let one = m.to_mont(1);
    let mut seed = 1u64;
    'restart: loop {
        let c: [u64; LANES] = std::array::from_fn(|i| m.to_mont(seed + i as u64));
        seed += LANES as u64;
        let f = |x: u64, c: u64| m.add(m.mul(x, x), c);
        let mut y: [u64; LANES] = std::array::from_fn(|i| m.to_mont(2 + i as u64));
        let mut q = [one; LANES];
        let mut r = 1u64;
        // A walk modulo the smallest prime p meets a cycle after about sqrt(p) < 2^32 steps;
        // far past that, these constants are unlucky and fresh ones are tried.
        while r < 1 << 34 {
            let x = y;
            for _ in 0..r {
                for l in 0..LANES {
                    y[l] = f(y[l], c[l]);
                }
            }
            let mut k = 0;
            while k < r {
                let ys = y;
                let steps = BATCH.min(r - k);
                for _ in 0..steps {
                    for l in 0..LANES {
                        y[l] = f(y[l], c[l]);
                        q[l] = m.mul(q[l], x[l].abs_diff(y[l]));
                    }
                }
                for l in 0..LANES {
                    let g = gcd(q[l], n);
                    if g == 1 {
                        continue;
                    }
                    if g != n {
                        return g;
                    }
                    // The batch overshot: replay it one difference at a time.
                    let mut z = ys[l];
                    for _ in 0..steps {
                        z = f(z, c[l]);
                        let g = gcd(x[l].abs_diff(z), n);
                        if g != 1 && g != n {
                            return g;
                        }
                    }
                    // This walk closed its cycle modulo every factor at once; start over.
                    continue 'restart;
                }
                k += BATCH;
            }
            r *= 2;
        }
    }
}

fn factor_into(n: u64, out: &mut Vec<u64>) {
    if n == 1 {
        return;
    }
    if is_prime(n) {
        out.push(n);
        return;
    }
    let d = rho(n);
    factor_into(d, out);
    factor_into(n / d, out);
}

/// The prime factorisation of n as (prime, exponent) pairs, primes increasing; empty for n <= 1.
///
/// ```
/// assert_eq!(grundy::frontend::factorize(360), vec![(2, 3), (3, 2), (5, 1)]);
/// assert_eq!(grundy::frontend::factorize(18446743979220271189), vec![(4294967279, 1), (4294967291, 1)]);
/// ```
pub fn factorize(mut n: u64) -> Vec<(u64, u32)> {
    let mut primes = Vec::new();
    if n == 0 {
        return vec![];
    }
    for p in SMALL_PRIMES {
        while n.is_multiple_of(p) {
            primes.push(p);
            n /= p;
        }
    }
    factor_into(n, &mut primes);
    primes.sort_unstable();
    let mut out: Vec<(u64, u32)> = Vec::new();
    for p in primes {
        match out.last_mut() {
            Some((q, e)) if *q == p => *e += 1,
            _ => out.push((p, 1)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trial(mut n: u64) -> Vec<(u64, u32)> {
        let mut out = vec![];
        let mut p = 2;
        while p * p <= n {
            let mut e = 0;
            while n.is_multiple_of(p) {
                n /= p;
                e += 1;
            }
            if e > 0 {
                out.push((p, e));
            }
            p += 1;
        }
        if n > 1 {
            out.push((n, 1));
        }
        out
    }

    #[test]
    fn agrees_with_trial_division() {
        for n in 1..20_000u64 {
            assert_eq!(factorize(n), trial(n), "n = {n}");
        }
        for n in (1u64 << 40)..(1u64 << 40) + 2000 {
            assert_eq!(factorize(n), trial(n), "n = {n}");
        }
    }

    #[test]
    fn hard_cases() {
        // Squares and cubes of large primes, Carmichael numbers, the largest u64 values.
        let p = 4294967291u64;
        assert_eq!(factorize(p * p), vec![(p, 2)]);
        assert_eq!(factorize(2642245u64.pow(3)), trial(2642245u64.pow(3)));
        assert_eq!(factorize(561), vec![(3, 1), (11, 1), (17, 1)]);
        assert_eq!(factorize(u64::MAX), vec![(3, 1), (5, 1), (17, 1), (257, 1), (641, 1), (65537, 1), (6700417, 1)]);
        assert_eq!(factorize(18446744073709551557), vec![(18446744073709551557, 1)]);
        assert_eq!(factorize(1 << 63), vec![(2, 63)]);
        for n in [1_000_000_007u64 * 998_244_353, 999_999_999_989 * 18_446_743, 3215031751] {
            let f = factorize(n);
            assert_eq!(f.iter().map(|&(p, e)| p.pow(e)).product::<u64>(), n);
            assert!(f.iter().all(|&(p, _)| is_prime(p)));
        }
    }
}
