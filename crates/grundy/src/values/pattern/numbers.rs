//! The functions of n behind the number-theoretic families: a residue class may follow
//! G(n) = a f(n) + c for f one of Ω(n) (prime factors counted with multiplicity), ω(n) (distinct
//! prime factors), the index of the least prime factor among the primes π(lpf(n)), the prime
//! counting function π(n), the digit sum in base 3 to 16, the integer square root and the
//! triangular root (contest games whose values are these: CF 2004E, ABC 368F, CF 768E).
//!
//! Each is exact for every n it is stated for: Ω, ω and lpf by factoring (any u64), π from a
//! sieve (n below [`PRIME_LIMIT`], which holds every n the finder sees or predicts). The finder
//! walks many n of a table, so it reads them from [`Facts`], one segmented sieve over the
//! range (least prime factor, Ω and ω of every n in it) built once per call and only when a
//! family that needs it is tried; a single value factors n.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::sync::OnceLock;

use crate::values::factor::factorize;

/// π(n) is known for every n below this: it holds the finder's largest table
/// (`MAX_PATTERN_VALUES`) and the furthest it predicts (`MAX_PREDICT` more); the sieve is 6 MiB
/// of bits and counts, built in tiers so that small n never pay for it.
pub(crate) const PRIME_LIMIT: u64 = 1 << 26;

/// A function of n that a residue class may scale and shift.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Func {
    /// Ω(n): the prime factors of n counted with multiplicity (n >= 1; Ω(1) = 0).
    BigOmega,
    /// ω(n): the distinct prime factors of n (n >= 1; ω(1) = 0).
    Omega,
    /// π(lpf(n)): the index of the least prime factor of n among the primes, 2 -> 1, 3 -> 2,
    /// 5 -> 3 (n >= 2: 0 and 1 have no least prime factor, so they fall in the table).
    LpfIndex,
    /// π(n): the primes up to n.
    PrimePi,
    /// The sum of the digits of n in base b, 3 to 16 (base 2 is popcount, which the
    /// self-similar family states and names).
    DigitSum(u8),
    /// floor(sqrt(n)).
    Isqrt,
    /// floor((sqrt(8n + 1) - 1) / 2): the largest k with k(k + 1)/2 <= n.
    TriRoot,
}

/// Every function the finder tries, the cheapest to state first.
pub(crate) fn all() -> impl Iterator<Item = Func> {
    [Func::BigOmega, Func::Omega, Func::LpfIndex, Func::PrimePi, Func::Isqrt, Func::TriRoot]
        .into_iter()
        .chain((3..=16).map(Func::DigitSum))
}

impl Func {
    /// The numbers that state the function (a digit sum also states its base).
    pub fn size(self) -> u64 {
        match self {
            Func::DigitSum(_) => 2,
            _ => 1,
        }
    }

    /// The least n the function is stated for: smaller n fall in the rule's table.
    pub fn first(self) -> u64 {
        match self {
            Func::BigOmega | Func::Omega => 1,
            Func::LpfIndex => 2,
            _ => 0,
        }
    }

    /// Whether f is the same at every n >= [`Func::first`] with n = c (mod m): then a class
    /// that follows it is constant, which the linear option states in fewer numbers, and a walk
    /// looking for two n where f differs would cross the whole class. Only the least prime
    /// factor's index is: the least prime p of gcd(c, m) is every such n's least prime factor
    /// when each prime below p divides m and not c (every even n: 2; odd multiples of 3: 3).
    pub fn constant_on(self, m: u64, c: u64) -> bool {
        if self != Func::LpfIndex {
            return false;
        }
        let gcd = |mut a: u64, mut b: u64| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        let g = gcd(c, m);
        let Some(p) = (2..=g).find(|&q| g.is_multiple_of(q)) else {
            return false;
        };
        let prime = |q: u64| (2..q).take_while(|d| d * d <= q).all(|d| !q.is_multiple_of(d));
        (2..p).filter(|&q| prime(q)).all(|q| m.is_multiple_of(q) && !c.is_multiple_of(q))
    }

    /// Whether the finder reads it from [`Facts`].
    fn factors(self) -> bool {
        matches!(self, Func::BigOmega | Func::Omega | Func::LpfIndex)
    }

    /// f(n), exactly; `None` below [`Func::first`], or for π of a number from [`PRIME_LIMIT`] on.
    pub fn value(self, n: u64) -> Option<u64> {
        if n < self.first() {
            return None;
        }
        let factors = || factorize(n);
        match self {
            Func::BigOmega => Some(factors().iter().map(|&(_, e)| u64::from(e)).sum()),
            Func::Omega => Some(factors().len() as u64),
            Func::LpfIndex => prime_pi(factors().first()?.0),
            _ => self.plain(n),
        }
    }

    /// f(n) for n in `facts` (its factors read there), else as [`Func::value`].
    pub fn value_in(self, n: u64, facts: &Facts) -> Option<u64> {
        if n < self.first() {
            return None;
        }
        match self {
            Func::BigOmega => facts.big_omega(n),
            Func::Omega => facts.omega(n),
            Func::LpfIndex => facts.lpf_index(n),
            _ => self.plain(n),
        }
        .or_else(|| if facts.holds(n) { None } else { self.value(n) })
    }

    /// The functions that need no factors.
    fn plain(self, n: u64) -> Option<u64> {
        match self {
            Func::PrimePi => prime_pi(n),
            Func::DigitSum(b) => Some(digit_sum(n, u64::from(b))),
            Func::Isqrt => Some(isqrt(n)),
            Func::TriRoot => Some(tri_root(n)),
            Func::BigOmega | Func::Omega | Func::LpfIndex => None,
        }
    }

    /// How the words and the class formulas write f(n).
    pub fn notation(self) -> String {
        match self {
            Func::BigOmega => "Ω(n)".into(),
            Func::Omega => "ω(n)".into(),
            Func::LpfIndex => "π(lpf(n))".into(),
            Func::PrimePi => "π(n)".into(),
            Func::DigitSum(b) => format!("s_{b}(n)"),
            Func::Isqrt => "floor(sqrt(n))".into(),
            Func::TriRoot => "t(n)".into(),
        }
    }

    /// What the notation means, for the words.
    pub fn meaning(self) -> String {
        match self {
            Func::BigOmega => "Ω(n) is the number of prime factors of n counted with multiplicity".into(),
            Func::Omega => "ω(n) is the number of distinct prime factors of n".into(),
            Func::LpfIndex => {
                "π(lpf(n)) is the index of the least prime factor of n among the primes (2 -> 1, 3 -> 2, 5 -> 3, ...)"
                    .into()
            }
            Func::PrimePi => "π(n) is the number of primes up to n".into(),
            Func::DigitSum(b) => format!("s_{b}(n) is the sum of the digits of n in base {b}"),
            Func::Isqrt => "floor(sqrt(n)) is the integer square root of n".into(),
            Func::TriRoot => {
                "t(n) = floor((sqrt(8n + 1) - 1) / 2) is the triangular root of n, the largest k with k(k + 1)/2 <= n"
                    .into()
            }
        }
    }

    /// f(n) in the `verify --sg` language, one term (parenthesised where a coefficient needs it).
    pub fn expression(self) -> String {
        match self {
            Func::BigOmega => "bigomega(n)".into(),
            Func::Omega => "omega(n)".into(),
            Func::LpfIndex => "primepi(lpf(n))".into(),
            Func::PrimePi => "primepi(n)".into(),
            Func::DigitSum(b) => format!("digitsum(n, {b})"),
            Func::Isqrt => "isqrt(n)".into(),
            Func::TriRoot => "((isqrt(8 * n + 1) - 1) / 2)".into(),
        }
    }

    /// f(n) as a call in the C++ and Python code, whose helpers [`helpers`] defines: the
    /// expression, but for the triangular root, which the code has a helper for.
    pub fn call(self) -> String {
        match self {
            Func::TriRoot => "triroot(n)".into(),
            other => other.expression(),
        }
    }

    /// The helpers its call needs, in the order [`HELPERS`] defines them.
    fn helpers(self) -> &'static [&'static str] {
        match self {
            Func::BigOmega => &["bigomega"],
            Func::Omega => &["omega"],
            Func::LpfIndex => &["lpf", "primepi"],
            Func::PrimePi => &["primepi"],
            Func::DigitSum(_) => &["digitsum"],
            Func::Isqrt => &["isqrt"],
            Func::TriRoot => &["triroot"],
        }
    }
}

/// The helper functions the code of a rule calls: name, C++, Python. The C++ is plain C++17
/// (g++ -Werror), exact for every n >= 0 of a `long long` (trial division, and a sieve grown as
/// needed for π); the Python is exact for every n.
const HELPERS: [(&str, &str, &str); 7] = [
    (
        "bigomega",
        "// Omega(n): the prime factors of n >= 1, counted with multiplicity.
long long bigomega(long long n) {
    long long c = 0;
    for (long long p = 2; p <= n / p; p++)
        while (n % p == 0) { n /= p; c++; }
    return c + (n > 1);
}
",
        "def bigomega(n):  # the prime factors of n >= 1, counted with multiplicity
    c, p = 0, 2
    while p * p <= n:
        while n % p == 0:
            n //= p
            c += 1
        p += 1
    return c + (n > 1)
",
    ),
    (
        "omega",
        "// omega(n): the distinct prime factors of n >= 1.
long long omega(long long n) {
    long long c = 0;
    for (long long p = 2; p <= n / p; p++)
        if (n % p == 0) { c++; while (n % p == 0) n /= p; }
    return c + (n > 1);
}
",
        "def omega(n):  # the distinct prime factors of n >= 1
    c, p = 0, 2
    while p * p <= n:
        if n % p == 0:
            c += 1
            while n % p == 0:
                n //= p
        p += 1
    return c + (n > 1)
",
    ),
    (
        "lpf",
        "// lpf(n): the least prime factor of n >= 2.
long long lpf(long long n) {
    for (long long p = 2; p <= n / p; p++)
        if (n % p == 0) return p;
    return n;
}
",
        "def lpf(n):  # the least prime factor of n >= 2
    p = 2
    while p * p <= n:
        if n % p == 0:
            return p
        p += 1
    return n
",
    ),
    (
        "primepi",
        "// primepi(n): how many primes are <= n, from a sieve of Eratosthenes grown as needed.
long long primepi(long long n) {
    static std::vector<int> pi(2, 0);
    if (n >= (long long) pi.size()) {
        long long size = 2 * (long long) pi.size();
        if (size <= n) size = n + 1;
        std::vector<char> composite(size, 0);
        pi.assign(size, 0);
        for (long long i = 2; i < size; i++) {
            if (!composite[i] && i <= (size - 1) / i)
                for (long long j = i * i; j < size; j += i) composite[j] = 1;
            pi[i] = pi[i - 1] + !composite[i];
        }
    }
    return pi[n];
}
",
        "_pi = [0, 0]


def primepi(n):  # how many primes are <= n, from a sieve grown as needed
    global _pi
    if n >= len(_pi):
        size = max(n + 1, 2 * len(_pi))
        sieve = bytearray([1]) * size
        sieve[0] = sieve[1] = 0
        for i in range(2, math.isqrt(size - 1) + 1):
            if sieve[i]:
                sieve[i * i::i] = bytes(len(range(i * i, size, i)))
        _pi = list(itertools.accumulate(sieve))
    return _pi[n]
",
    ),
    (
        "digitsum",
        "// digitsum(n, b): the sum of the digits of n in base b.
long long digitsum(long long n, long long b) {
    long long s = 0;
    for (; n > 0; n /= b) s += n % b;
    return s;
}
",
        "def digitsum(n, b):  # the sum of the digits of n in base b
    s = 0
    while n > 0:
        n, d = divmod(n, b)
        s += d
    return s
",
    ),
    (
        "isqrt",
        "// isqrt(n): floor(sqrt(n)), exact (the floating root corrected).
long long isqrt(long long n) {
    long long r = (long long) std::sqrt((long double) n);
    while (r > 0 && r > n / r) r--;
    while (r + 1 <= n / (r + 1)) r++;
    return r;
}
",
        "isqrt = math.isqrt
",
    ),
    (
        "triroot",
        "// triroot(n): the largest k with k(k + 1)/2 <= n (the floating root corrected).
long long triroot(long long n) {
    auto tri = [](unsigned long long k) { return k % 2 == 0 ? k / 2 * (k + 1) : (k + 1) / 2 * k; };
    long long k = (long long) std::sqrt(2.0L * n);
    while (k > 0 && tri(k) > (unsigned long long) n) k--;
    while (tri(k + 1) <= (unsigned long long) n) k++;
    return k;
}
",
        "def triroot(n):  # the largest k with k(k + 1)/2 <= n
    return (math.isqrt(8 * n + 1) - 1) // 2
",
    ),
];

/// The helpers `funcs` call, each once, in C++ (with the headers they need) or Python (with its
/// imports); empty when there are none.
pub(crate) fn helpers(funcs: &[Func], cpp: bool) -> String {
    let names: Vec<&str> = funcs.iter().flat_map(|f| f.helpers().iter().copied()).collect();
    if names.is_empty() {
        return String::new();
    }
    let mut out = if cpp {
        "#include <cmath>\n#include <vector>\n\n".to_string()
    } else {
        "import itertools\nimport math\n\n\n".to_string()
    };
    for (name, c, py) in HELPERS {
        if names.contains(&name) {
            out += if cpp { c } else { py };
            out += if cpp { "\n" } else { "\n\n" };
        }
    }
    out
}

/// The sum of the digits of n in base b (b >= 2).
pub(crate) fn digit_sum(mut n: u64, b: u64) -> u64 {
    let mut s = 0;
    while n > 0 && b >= 2 {
        s += n % b;
        n /= b;
    }
    s
}

/// The largest k with k(k + 1)/2 <= n: floor((sqrt(8n + 1) - 1) / 2), from the floating root
/// corrected in integers (the finder evaluates it at every n of a table: checked u64
/// products, as u128 ones cost ten times more).
pub(crate) fn tri_root(n: u64) -> u64 {
    let k = (((8.0 * n as f64 + 1.0).sqrt() - 1.0) / 2.0) as u64;
    let tri = |k: u64| if k.is_multiple_of(2) { (k / 2).checked_mul(k + 1) } else { k.checked_mul(k / 2 + 1) };
    correct(k, |k| tri(k).is_some_and(|t| t <= n))
}

/// floor(sqrt(n)), from the floating root corrected in integers.
pub(crate) fn isqrt(n: u64) -> u64 {
    correct((n as f64).sqrt() as u64, |r| r.checked_mul(r).is_some_and(|s| s <= n))
}

/// The largest k with `fits(k)` (which holds at 0 and fails from some k on), from a guess a
/// step or two away (a floating root: exact to within one).
fn correct(mut k: u64, fits: impl Fn(u64) -> bool) -> u64 {
    while k > 0 && !fits(k) {
        k -= 1;
    }
    while fits(k + 1) {
        k += 1;
    }
    k
}

/// The odd primes below a limit as bits (bit i: 2i + 1 is prime), with the primes before each
/// word counted, so that π(n) is one look-up and a popcount.
struct OddPrimes {
    limit: u64,
    bits: Vec<u64>,
    before: Vec<u32>,
}

impl OddPrimes {
    fn new(limit: u64) -> OddPrimes {
        let half = limit.div_ceil(2) as usize;
        let mut bits = vec![u64::MAX; half.div_ceil(64)];
        let clear = |bits: &mut Vec<u64>, i: usize| {
            if let Some(w) = bits.get_mut(i / 64) {
                *w &= !(1u64 << (i % 64));
            }
        };
        clear(&mut bits, 0); // 1 is not prime
        let mut i = 1usize;
        while (2 * i + 1) * (2 * i + 1) < limit as usize {
            if bits.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1) {
                let p = 2 * i + 1;
                let mut j = p * p / 2;
                while j < half {
                    clear(&mut bits, j);
                    j += p;
                }
            }
            i += 1;
        }
        // Bits past the limit are not primes below it.
        for j in half..bits.len() * 64 {
            clear(&mut bits, j);
        }
        let mut before = Vec::with_capacity(bits.len());
        let mut count = 0u32;
        for w in &bits {
            before.push(count);
            count += w.count_ones();
        }
        OddPrimes { limit, bits, before }
    }

    /// π(n) for n below the limit.
    fn pi(&self, n: u64) -> Option<u64> {
        if n >= self.limit {
            return None;
        }
        if n < 2 {
            return Some(0);
        }
        // The odd numbers 1, 3, ..., up to n are bits 0..=i.
        let i = ((n - 1) / 2) as usize;
        let (w, b) = (i / 64, i % 64);
        let mask = if b == 63 { u64::MAX } else { (1u64 << (b + 1)) - 1 };
        let odd = u64::from(*self.before.get(w)?) + u64::from((self.bits.get(w)? & mask).count_ones());
        Some(1 + odd)
    }
}

/// The tiers of the sieve: a table of n values costs a sieve to the first tier above it (the
/// finder's largest table, 2^23, the tier of 2^24; its furthest prediction the last).
const TIERS: [u64; 4] = [1 << 16, 1 << 20, 1 << 24, PRIME_LIMIT];

/// The sieves built so far: bounded (7 MiB at most in all) and never changed once built.
static SIEVES: [OnceLock<OddPrimes>; 4] = [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// π(n), the primes up to n; `None` from [`PRIME_LIMIT`] on.
pub(crate) fn prime_pi(n: u64) -> Option<u64> {
    let t = TIERS.iter().position(|&limit| n < limit)?;
    SIEVES.get(t)?.get_or_init(|| OddPrimes::new(*TIERS.get(t).unwrap_or(&PRIME_LIMIT))).pi(n)
}

/// The primes up to `root` (a few thousand at most), by the sieve of Eratosthenes.
fn primes_to(root: u64) -> Vec<u64> {
    let len = root as usize + 1;
    let mut composite = vec![false; len];
    let mut out = vec![];
    for p in 2..len {
        if composite.get(p) == Some(&false) {
            out.push(p as u64);
            for c in composite.iter_mut().skip(p * p).step_by(p) {
                *c = true;
            }
        }
    }
    out
}

/// The index of the least prime factor, Ω and ω of every n in a range below [`PRIME_LIMIT`],
/// packed in 4 bytes (22 bits of index, as π(2^26) < 2^22; 5 of Ω <= 25; 4 of ω <= 8), by a
/// segmented sieve: every prime up to the square root of the range's end divides out of the
/// numbers it divides, in blocks that stay in the cache, so the range costs O(len log log len)
/// steps and 32 MiB for the finder's largest table.
pub(crate) struct Facts {
    lo: u64,
    packed: Vec<u32>,
}

/// How many numbers one block of the segmented sieve holds.
const BLOCK: u64 = 1 << 15;

/// The bits of the least prime factor's index in a packed fact, and where Ω and ω start.
const INDEX_BITS: u32 = 22;
const OMEGA_AT: u32 = 27;

impl Facts {
    /// The facts of lo..hi; `None` when hi passes [`PRIME_LIMIT`].
    pub fn new(lo: u64, hi: u64) -> Option<Facts> {
        if hi > PRIME_LIMIT || lo > hi {
            return None;
        }
        let mut packed = Vec::with_capacity((hi - lo) as usize);
        let primes = primes_to(hi.saturating_sub(1).isqrt());
        let block = BLOCK as usize;
        let (mut rest, mut index, mut big, mut omega) =
            (vec![0u64; block], vec![0u32; block], vec![0u32; block], vec![0u32; block]);
        let mut start = lo;
        while start < hi {
            let end = (start + BLOCK).min(hi);
            let len = (end - start) as usize;
            for (i, r) in rest.iter_mut().enumerate() {
                *r = start + i as u64;
            }
            index.fill(0);
            big.fill(0);
            omega.fill(0);
            for (j, &p) in primes.iter().enumerate() {
                let mut i = (start.div_ceil(p).max(1) * p - start) as usize;
                while i < len {
                    if let (Some(r), Some(x), Some(b), Some(o)) =
                        (rest.get_mut(i), index.get_mut(i), big.get_mut(i), omega.get_mut(i))
                    {
                        if *x == 0 {
                            *x = j as u32 + 1;
                        }
                        *o += 1;
                        while *r % p == 0 {
                            *r /= p;
                            *b += 1;
                        }
                    }
                    i += p as usize;
                }
            }
            for i in 0..len {
                let n = start + i as u64;
                let (Some(&r), Some(x), Some(b), Some(o)) =
                    (rest.get(i), index.get_mut(i), big.get_mut(i), omega.get_mut(i))
                else {
                    continue;
                };
                if n >= 2 && r > 1 {
                    // One prime factor above the root: n's own when n is prime.
                    *b += 1;
                    *o += 1;
                    if *x == 0 {
                        *x = u32::try_from(prime_pi(n)?).ok()?;
                    }
                }
                packed.push(*x | *b << INDEX_BITS | *o << OMEGA_AT);
            }
            start = end;
        }
        Some(Facts { lo, packed })
    }

    /// Whether n is in the range.
    fn holds(&self, n: u64) -> bool {
        n >= self.lo && n - self.lo < self.packed.len() as u64
    }

    fn get(&self, n: u64) -> Option<u32> {
        self.packed.get(usize::try_from(n.checked_sub(self.lo)?).ok()?).copied()
    }

    fn lpf_index(&self, n: u64) -> Option<u64> {
        self.get(n).map(|f| u64::from(f & ((1 << INDEX_BITS) - 1))).filter(|&i| i > 0)
    }

    fn big_omega(&self, n: u64) -> Option<u64> {
        self.get(n).map(|f| u64::from(f >> INDEX_BITS & ((1 << (OMEGA_AT - INDEX_BITS)) - 1)))
    }

    fn omega(&self, n: u64) -> Option<u64> {
        self.get(n).map(|f| u64::from(f >> OMEGA_AT))
    }

    /// Whether any of `funcs` reads factors (so a range of its values is worth the sieve).
    pub fn needed(funcs: &[Func]) -> bool {
        funcs.iter().any(|f| f.factors())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn trial(mut n: u64) -> Vec<u64> {
        let mut out = vec![];
        let mut p = 2;
        while p * p <= n {
            while n.is_multiple_of(p) {
                out.push(p);
                n /= p;
            }
            p += 1;
        }
        if n > 1 {
            out.push(n);
        }
        out
    }

    /// Every function, from the sieve and from factoring, equals its definition by trial
    /// division and counting, across block and tier edges.
    #[test]
    fn every_function_is_its_definition() {
        let primes: Vec<u64> = (2..70_000u64).filter(|&n| trial(n).len() == 1).collect();
        for (lo, hi) in [(0u64, 70_000u64), (65_000, 66_000), ((1 << 16) - 3, (1 << 16) + 40_000)] {
            let facts = Facts::new(lo, hi).unwrap();
            for n in lo..hi.min(70_000) {
                let f = trial(n);
                let mut distinct = f.clone();
                distinct.dedup();
                let pi = |x: u64| primes.partition_point(|&p| p <= x) as u64;
                let want = [
                    (Func::BigOmega, (n >= 1).then_some(f.len() as u64)),
                    (Func::Omega, (n >= 1).then_some(distinct.len() as u64)),
                    (Func::LpfIndex, f.first().map(|&p| pi(p))),
                    (Func::PrimePi, Some(pi(n))),
                    (Func::DigitSum(10), Some(n.to_string().bytes().map(|b| u64::from(b - b'0')).sum())),
                    (Func::Isqrt, Some((0..).take_while(|r: &u64| r * r <= n).last().unwrap())),
                    (Func::TriRoot, Some((0..).take_while(|k: &u64| k * (k + 1) / 2 <= n).last().unwrap())),
                ];
                for (func, v) in want {
                    assert_eq!(func.value(n), v, "{func:?}({n})");
                    assert_eq!(func.value_in(n, &facts), v, "{func:?}({n}) from the sieve of {lo}..{hi}");
                }
            }
        }
        // The classes where the least prime factor is fixed, against every n of them.
        for m in 1..=30u64 {
            for c in 0..m {
                let lpfs: Vec<u64> = (2..3000).filter(|n| n % m == c).map(|n| trial(n)[0]).collect();
                let same = lpfs.iter().all(|&p| Some(&p) == lpfs.first());
                assert_eq!(Func::LpfIndex.constant_on(m, c), same, "lpf on {c} mod {m}");
                assert!(!Func::BigOmega.constant_on(m, c) && !Func::Isqrt.constant_on(m, c));
            }
        }
        assert_eq!(prime_pi(PRIME_LIMIT - 1), Some(3_957_809));
        assert_eq!(prime_pi(PRIME_LIMIT), None);
        assert_eq!(Func::BigOmega.value(u64::MAX), Some(7)); // 3 5 17 257 641 65537 6700417
        assert_eq!(Func::TriRoot.value(u64::MAX), Some(6_074_000_999));
        assert_eq!(Func::Isqrt.value(u64::MAX), Some(4_294_967_295));
        assert_eq!(Func::DigitSum(16).value(u64::MAX), Some(16 * 15));
    }
}
