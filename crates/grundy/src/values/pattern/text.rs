//! A rule stated four ways: in words, as an expression for `grundy verify --sg`, and as C++ and
//! Python functions a contestant can paste. All four say the same rule; the tests evaluate the
//! expression against the rule's own values.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use super::numbers::{self, Func};
use super::rule::{Body, Class, Rule};

/// A rule the words can name, recognised by the relations of its classes (which determine it
/// from n0 on) and checked value by value on the table before n0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Named {
    /// The exponent of the largest power of 2 dividing n (2-adic valuation), n >= 1.
    Valuation,
    /// The lowest set bit of n: the largest power of 2 dividing n.
    LowestBit,
    /// The number of 1 bits of n.
    Popcount,
    /// 1 for odious n (an odd number of 1 bits), 0 for evil n.
    Odious,
    /// n shifted right past its trailing 1 bits, then once more: G(2k) = k, G(2k+1) = G(k).
    ShiftPastOnes,
}

impl Named {
    fn value(self, n: u64) -> Option<u64> {
        Some(match self {
            Named::Valuation => u64::from(n.checked_ilog2().map(|_| n.trailing_zeros())?),
            Named::LowestBit => n & n.wrapping_neg(),
            Named::Popcount => u64::from(n.count_ones()),
            Named::Odious => u64::from(n.count_ones() % 2),
            Named::ShiftPastOnes => (n >> n.trailing_ones()) >> 1,
        })
    }

    /// From which n the name applies (v2 is undefined at 0).
    fn first(self) -> u64 {
        u64::from(self == Named::Valuation)
    }

    fn classes(self) -> [Class; 2] {
        let g = |mult, offset| Class::recursive(mult, 1, 0, 0, offset);
        match self {
            Named::Valuation => [g(1, 1), Class::linear(0, 0)],
            Named::LowestBit => [g(2, 0), Class::linear(0, 1)],
            Named::Popcount => [g(1, 0), g(1, 1)],
            Named::Odious => [g(1, 0), g(-1, 1)],
            Named::ShiftPastOnes => [Class::linear(1, 0), g(1, 0)],
        }
    }

    fn words(self) -> &'static str {
        match self {
            Named::Valuation => "the 2-adic valuation of n: the exponent of the largest power of 2 dividing n",
            Named::LowestBit => "the lowest set bit of n: the largest power of 2 dividing n",
            Named::Popcount => "the number of 1s in n written in binary",
            Named::Odious => "1 when n is odious (an odd number of 1s in binary), 0 when n is evil",
            Named::ShiftPastOnes => "n shifted right past its trailing 1s in binary, then once more",
        }
    }

    fn expression(self) -> &'static str {
        match self {
            Named::Valuation => "v2(n)",
            Named::LowestBit => "n & -n",
            Named::Popcount => "popcount(n)",
            Named::Odious => "popcount(n) % 2",
            Named::ShiftPastOnes => "n / (2 * ((n + 1) & -(n + 1)))",
        }
    }

    const ALL: [Named; 5] = [Named::Valuation, Named::LowestBit, Named::Popcount, Named::Odious, Named::ShiftPastOnes];

    /// The name of `rule`, if it has one: the same relations from n0 on, and the same values
    /// before n0 (from where the name applies).
    pub fn of(rule: &Rule) -> Option<Named> {
        let Body::Classes { modulus: 2, classes } = &rule.body else {
            return None;
        };
        Named::ALL.into_iter().find(|named| {
            classes.as_slice() == named.classes()
                && rule
                    .pre
                    .iter()
                    .enumerate()
                    .skip(named.first() as usize)
                    .all(|(n, &v)| named.value(n as u64) == Some(v))
        })
    }
}

fn list(values: &[u64]) -> String {
    values.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// The most values listed in words; the expression and the code list them all.
const WORDS_LIST: usize = 40;

fn short_list(values: &[u64]) -> String {
    if values.len() <= WORDS_LIST {
        list(values)
    } else {
        let head = values.get(..WORDS_LIST).unwrap_or(values);
        format!("{}, ... ({} values; the expression lists them all)", list(head), values.len())
    }
}

/// "G(0..n0-1) = ..." for the table before n0.
fn before(rule: &Rule) -> String {
    match rule.pre.len() {
        0 => String::new(),
        1 => format!(" (G(0) = {})", list(&rule.pre)),
        n0 => format!(" (before it, G(0..{}) = {})", n0 - 1, short_list(&rule.pre)),
    }
}

/// A term `coef * what` joined into a sum: "6k + 3 - G(k)".
fn sum(terms: &[(i64, String)]) -> String {
    join_terms(terms, "", "-")
}

/// Terms `coef * what` joined into a sum, zero terms left out and "0" when none is left:
/// `times` stands between a coefficient and its term ("6k" in prose, "6 * k" in the verify
/// language) and `minus` before a first term that is negative ("-k" in prose, "0 - k" in the
/// verify language, which has no unary minus).
fn join_terms(terms: &[(i64, String)], times: &str, minus: &str) -> String {
    let mut out = String::new();
    for (coef, what) in terms.iter().filter(|(c, _)| *c != 0) {
        let mag = coef.unsigned_abs();
        let body = match (mag, what.is_empty()) {
            (_, true) => mag.to_string(),
            (1, false) => what.clone(),
            (_, false) => format!("{mag}{times}{what}"),
        };
        if out.is_empty() {
            out = if *coef < 0 { format!("{minus}{body}") } else { body };
        } else {
            out += if *coef < 0 { " - " } else { " + " };
            out += &body;
        }
    }
    if out.is_empty() {
        "0".into()
    } else {
        out
    }
}

/// "2k + 1" for a k + b.
fn affine_k(a: u64, b: u64) -> String {
    sum(&[(a as i64, "k".into()), (b as i64, String::new())])
}

/// The class's formula in words: "G(2k + 1) = G(k)".
fn class_words(m: u64, c: u64, o: &Class) -> String {
    let mut terms = vec![(o.slope, "k".to_string())];
    if let Some(f) = o.func {
        terms.push((o.mult, f.notation()));
    } else if o.mult != 0 {
        terms.push((o.mult, format!("G({})", affine_k(o.a, o.b))));
    }
    terms.push((o.offset, String::new()));
    format!("G({}) = {}", affine_k(m, c), sum(&terms))
}

/// The functions a rule's classes follow, each once, in the order they appear.
fn funcs(rule: &Rule) -> Vec<Func> {
    let mut out: Vec<Func> = vec![];
    for f in rule.funcs() {
        if !out.contains(&f) {
            out.push(f);
        }
    }
    out
}

/// The rule of number-theoretic classes in words: "G(n) = Ω(n) from n = 1 (G(0) = 0), where
/// Ω(n) is ...", or by residue classes, each formula in the notation, then what it means.
fn function_words(rule: &Rule, modulus: u64, classes: &[Class], from: &str) -> String {
    let meaning: Vec<String> = funcs(rule).into_iter().map(Func::meaning).collect();
    let head = match classes {
        [o] if modulus == 1 => {
            let f = o.func.map(Func::notation).unwrap_or_default();
            format!("G(n) = {} {from}", sum(&[(o.mult, f), (o.offset, String::new())]))
        }
        _ => {
            let per: Vec<String> = classes.iter().enumerate().map(|(c, o)| class_words(modulus, c as u64, o)).collect();
            format!("G(n) by n mod {modulus} (n = {modulus}k + c) {from}: {}", per.join("; "))
        }
    };
    format!("{head}, where {}", meaning.join(", and "))
}

/// The family's name, for machines (`rule` in JSON).
pub(crate) fn family(rule: &Rule) -> &'static str {
    match &rule.body {
        Body::Classes { classes, .. } if classes.iter().any(|c| c.func.is_some()) => "number-theoretic",
        Body::Periodic { saltus: 0, .. } => "period",
        Body::Periodic { .. } => "arithmetic-period",
        Body::Classes { classes, .. } if classes.iter().all(|c| c.mult == 0) => "linear-on-residue-classes",
        Body::Classes { classes, .. } if classes.iter().all(|c| *c == Class::recursive(1, 1, 0, 0, 0)) => {
            "geometric-ranges"
        }
        Body::Classes { .. } => "self-similar",
    }
}

/// The rule in words.
pub(crate) fn words(rule: &Rule) -> String {
    let n0 = rule.from();
    let from = format!("from n = {n0}{}", before(rule));
    if let Some(named) = Named::of(rule) {
        return match named.first() {
            0 => format!("G(n) is {} (for every n)", named.words()),
            first => format!(
                "G(n) is {} for n >= {first}{}",
                named.words(),
                before(&Rule { pre: rule.pre.iter().copied().take(first as usize).collect(), body: rule.body.clone() })
            ),
        };
    }
    match &rule.body {
        Body::Periodic { period, saltus, block } => {
            let index = if n0 == 0 { format!("n mod {period}") } else { format!("(n - {n0}) mod {period}") };
            let head = if *saltus == 0 {
                format!("G(n) is periodic with period {period}")
            } else {
                format!(
                    "G(n) is arithmetic-periodic with period {period} and saltus {saltus}: G(n + {period}) = G(n) + {saltus}"
                )
            };
            let growth = if *saltus == 0 {
                String::new()
            } else {
                let steps = if n0 == 0 { format!("n / {period}") } else { format!("(n - {n0}) / {period}") };
                format!(" + {saltus} * floor({steps})")
            };
            if block.iter().all(|&v| Some(&v) == block.first()) {
                // One value over the period: a constant, or a staircase.
                let v = block.first().copied().unwrap_or(0);
                let d = if n0 == 0 { "n".to_string() } else { format!("(n - {n0})") };
                let stairs = match (*saltus, *period) {
                    (0, _) => String::new(),
                    (1, 1) => d,
                    (s, 1) => format!("{s}{d}"),
                    (1, p) => format!("floor({d} / {p})"),
                    (s, p) => format!("{s} floor({d} / {p})"),
                };
                let formula = match (v, stairs.is_empty()) {
                    (_, true) => v.to_string(),
                    (0, false) => stairs,
                    (_, false) => format!("{stairs} + {v}"),
                };
                return format!("G(n) = {formula} {from}");
            }
            format!("{head} {from}; G(n) = B[{index}]{growth} with B = {{{}}}", short_list(block))
        }
        Body::Classes { modulus, classes } if classes.iter().any(|c| c.func.is_some()) => {
            function_words(rule, *modulus, classes, &from)
        }
        Body::Classes { modulus, classes } => {
            let per: Vec<String> =
                classes.iter().enumerate().map(|(c, o)| class_words(*modulus, c as u64, o)).collect();
            let mut out = format!("by n mod {modulus} (n = {modulus}k + c) {from}: {}", per.join("; "));
            if family(rule) == "geometric-ranges" {
                out = format!(
                    "G(n) = G(floor(n / {modulus})) {from}, so G is constant on ranges whose ends grow {modulus}-fold"
                );
            } else if classes.iter().all(|c| c.mult == 0) {
                out = format!("G(n) is linear in k on each residue class {out}");
            } else {
                out = format!("G(n) is self-similar {out}");
            }
            out
        }
    }
}

/// `pick(min(n, n0), G(0), ..., G(n0 - 1), rest)`, or `rest` alone when n0 is 0.
fn with_pre(rule: &Rule, rest: String) -> String {
    if rule.pre.is_empty() {
        rest
    } else {
        format!("pick(min(n, {}), {}, {rest})", rule.pre.len(), list(&rule.pre))
    }
}

/// `coef * (what)` joined into an expression of the verify language.
fn expr_sum(terms: &[(i64, String)]) -> String {
    join_terms(terms, " * ", "0 - ")
}

/// The rule as an expression over n for `grundy verify --sg`.
pub(crate) fn expression(rule: &Rule) -> String {
    if let Some(named) = Named::of(rule) {
        let pre: Vec<u64> = (0..named.first()).filter_map(|n| rule.value(n)).collect();
        return with_pre(&Rule { pre, body: rule.body.clone() }, named.expression().to_string());
    }
    let n0 = rule.from();
    let shifted = if n0 == 0 { "n".to_string() } else { format!("(n - {n0})") };
    let rest = match &rule.body {
        Body::Periodic { period, saltus, block } => {
            let r = format!("{shifted} % {period}");
            let periodic = if block.iter().all(|&v| Some(&v) == block.first()) {
                block.first().copied().unwrap_or(0).to_string()
            } else if block.iter().enumerate().all(|(i, &v)| v == i as u64) {
                r
            } else {
                format!("pick({r}, {})", list(block))
            };
            if *saltus == 0 {
                periodic
            } else {
                let steps = if *period == 1 { shifted.clone() } else { format!("{shifted} / {period}") };
                let growth = if *saltus == 1 { steps } else { format!("{saltus} * ({steps})") };
                if periodic == "0" {
                    growth
                } else {
                    format!("{periodic} + {growth}")
                }
            }
        }
        Body::Classes { modulus, classes } => {
            let k = format!("(n / {modulus})");
            let arms: Vec<String> = classes
                .iter()
                .map(|o| {
                    let mut terms = vec![(o.slope, k.clone())];
                    if let Some(f) = o.func {
                        terms.push((o.mult, f.expression()));
                    } else if o.mult != 0 {
                        let t = if (o.a, o.b) == (1, 0) {
                            format!("n / {modulus}")
                        } else {
                            expr_sum(&[(o.a as i64, k.clone()), (o.b as i64, String::new())])
                        };
                        terms.push((o.mult, format!("G({t})")));
                    }
                    terms.push((o.offset, String::new()));
                    expr_sum(&terms)
                })
                .collect();
            match arms.split_first() {
                Some((first, rest)) if rest.iter().all(|a| a == first) => first.clone(),
                _ => format!("pick(n % {modulus}, {})", arms.join(", ")),
            }
        }
    };
    with_pre(rule, rest)
}

/// The rule as a C++ function `long long g(long long n)`, or `unsigned long long g(long long n)`
/// when a number it holds, or `largest` (the largest value it was found from), is 2^63 or more
/// (a `long long` cannot hold it, and g++ rejects such a literal in a `long long` array); those
/// numbers carry `ULL`, as a decimal literal past 2^63 - 1 has no type in C++ without a suffix.
pub(crate) fn cpp(rule: &Rule, largest: u64) -> String {
    let n0 = rule.from();
    let (block, saltus) = match &rule.body {
        Body::Periodic { block, saltus, .. } => (block.as_slice(), *saltus),
        Body::Classes { .. } => (&[][..], 0),
    };
    let wide = rule.pre.iter().chain(block).chain([&saltus, &largest]).any(|&v| i64::try_from(v).is_err());
    let t = if wide { "unsigned long long" } else { "long long" };
    let mut out = numbers::helpers(&funcs(rule), true);
    out += &format!("{t} g(long long n) {{\n");
    if n0 > 0 {
        out += &format!("    static const {t} pre[{n0}] = {{{}}};\n", cpp_list(&rule.pre));
        out += &format!("    if (n < {n0}) return pre[n];\n");
    }
    match &rule.body {
        Body::Periodic { period, saltus, block } => {
            out += &format!("    static const {t} B[{period}] = {{{}}};\n", cpp_list(block));
            let d = if n0 == 0 { "n".to_string() } else { format!("(n - {n0})") };
            if *saltus == 0 {
                out += &format!("    return B[{d} % {period}];\n");
            } else {
                let suffix = if wide { "ULL" } else { "LL" };
                out += &format!("    return B[{d} % {period}] + {saltus}{suffix} * ({d} / {period});\n");
            }
        }
        Body::Classes { modulus, classes } => {
            // Unsigned arithmetic when the values pass 2^63 - 1: exact modulo 2^64, so
            // exact for every value from 0 to 2^64 - 1.
            let times = if wide { "ULL * " } else { "LL * " };
            if let [o] = classes.as_slice() {
                // One class: no switch.
                if o.slope != 0 {
                    out += &format!("    long long k = n / {modulus};\n");
                }
                out += &format!("    return {};\n", code_sum(&code_terms(o), times));
                return out + "}\n";
            }
            // k only where a class uses it (an unused variable is a warning under -Wall).
            if classes.iter().any(|o| o.slope != 0 || (o.func.is_none() && o.mult != 0 && o.a != 0)) {
                out += &format!("    long long k = n / {modulus};\n");
            }
            out += &format!("    switch (n % {modulus}) {{\n");
            for (c, o) in classes.iter().enumerate() {
                out += &format!("        case {c}: return {};\n", code_sum(&code_terms(o), times));
            }
            out += "    }\n    return -1; // not reached\n";
        }
    }
    out + "}\n"
}

/// A class's terms in C++ or Python: `k`, `g(2 * k + 1)` or a function's call, the offset.
fn code_terms(o: &Class) -> Vec<(i64, String)> {
    let mut terms = vec![(o.slope, "k".to_string())];
    if let Some(f) = o.func {
        terms.push((o.mult, f.call()));
    } else if o.mult != 0 {
        terms.push((o.mult, format!("g({})", code_affine(o.a, o.b))));
    }
    terms.push((o.offset, String::new()));
    terms
}

/// Numbers for a C++ array: those past 2^63 - 1 with `ULL`.
fn cpp_list(values: &[u64]) -> String {
    let literal = |&v: &u64| if i64::try_from(v).is_ok() { v.to_string() } else { format!("{v}ULL") };
    values.iter().map(literal).collect::<Vec<_>>().join(", ")
}

/// The rule as a Python function `def g(n):`.
pub(crate) fn python(rule: &Rule) -> String {
    let n0 = rule.from();
    let mut out = numbers::helpers(&funcs(rule), false);
    out += "def g(n):\n";
    if n0 > 0 {
        out += &format!("    pre = [{}]\n    if n < {n0}:\n        return pre[n]\n", list(&rule.pre));
    }
    match &rule.body {
        Body::Periodic { period, saltus, block } => {
            out += &format!("    B = [{}]\n", list(block));
            let d = if n0 == 0 { "n".to_string() } else { format!("(n - {n0})") };
            if *saltus == 0 {
                out += &format!("    return B[{d} % {period}]\n");
            } else {
                out += &format!("    return B[{d} % {period}] + {saltus} * ({d} // {period})\n");
            }
        }
        Body::Classes { modulus, classes } => {
            if let [o] = classes.as_slice() {
                // One class: no choice by n mod m.
                if o.slope != 0 {
                    out += &format!("    k = n // {modulus}\n");
                }
                return out + &format!("    return {}\n", code_sum(&code_terms(o), " * "));
            }
            out += &format!("    k, c = divmod(n, {modulus})\n");
            for (c, o) in classes.iter().enumerate() {
                let terms = code_terms(o);
                let cond = if c + 1 == classes.len() {
                    "    return".to_string()
                } else {
                    format!("    if c == {c}:\n        return")
                };
                out += &format!("{cond} {}\n", code_sum(&terms, " * "));
            }
        }
    }
    out
}

fn code_affine(a: u64, b: u64) -> String {
    code_sum(&[(a as i64, "k".into()), (b as i64, String::new())], " * ")
}

/// A sum in C or Python: `6LL * k + 3 - g(k)`, `6 * k + 3 - g(k)`.
fn code_sum(terms: &[(i64, String)], times: &str) -> String {
    join_terms(terms, times, "-")
}
