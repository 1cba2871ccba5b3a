//! `grundy pattern` on the number-theoretic families (issue 47, row 12), end to end: the real
//! binary reads G(0..N) of contest games brute-forced here by their definitions (CF 2004E,
//! ABC 368F, CF 768E) and of tables built from the functions' definitions, names the family,
//! continues the values exactly, and its C++ (compiled with g++ -Werror) and Python give every
//! value, and agree on numbers far past the table.

use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn mex(mut opts: Vec<u64>) -> u64 {
    opts.sort_unstable();
    opts.dedup();
    opts.iter().enumerate().find(|&(i, &v)| i as u64 != v).map_or(opts.len() as u64, |(i, _)| i as u64)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Prime factors with multiplicity, by trial division.
fn factors(mut n: u64) -> Vec<u64> {
    let (mut out, mut p) = (vec![], 2);
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

fn text(values: &[u64]) -> String {
    values.iter().map(u64::to_string).collect::<Vec<_>>().join(" ") + "\n"
}

/// G(0..len) of CF 2004E (take y with gcd(x, y) = 1), ABC 368F (a proper divisor; G(0) = 0)
/// and CF 768E (never the same number twice from a pile), by the mex over every option.
fn games() -> Vec<(&'static str, Vec<u64>, usize)> {
    let mut coprime: Vec<u64> = vec![];
    for x in 0..2400u64 {
        coprime.push(mex((1..=x).filter(|&y| gcd(x, y) == 1).map(|y| coprime[(x - y) as usize]).collect()));
    }
    let mut divisor: Vec<u64> = vec![0];
    for a in 1..3000u64 {
        divisor.push(mex((1..a).filter(|&d| a.is_multiple_of(d)).map(|d| divisor[d as usize]).collect()));
    }
    fn stones(left: u64, used: u128, memo: &mut HashMap<(u64, u128), u64>) -> u64 {
        let used = used & ((1u128 << (left + 1)) - 1);
        if let Some(&v) = memo.get(&(left, used)) {
            return v;
        }
        let v =
            mex((1..=left).filter(|&t| used >> t & 1 == 0).map(|t| stones(left - t, used | 1 << t, memo)).collect());
        memo.insert((left, used), v);
        v
    }
    let mut memo = HashMap::new();
    let stones: Vec<u64> = (0..66).map(|n| stones(n, 0, &mut memo)).collect();
    vec![("CF 2004E", coprime, 1600), ("ABC 368F", divisor, 2000), ("CF 768E", stones, 61)]
}

/// g(n) for every n in `ns` by the C++ (compiled with g++ -Werror) and by the Python.
fn run_code(name: &str, cpp: &str, python: &str, ns: &[u64], dir: &std::path::Path) -> (Vec<u64>, Vec<u64>) {
    let list = ns.iter().map(|n| format!("{n}LL")).collect::<Vec<_>>().join(", ");
    let main = format!(
        "#include <cstdio>\n{cpp}int main() {{ const long long ns[] = {{{list}}}; for (long long n : ns) std::printf(\"%llu\\n\", (unsigned long long) g(n)); }}\n"
    );
    let stem: String = name.chars().filter(char::is_ascii_alphanumeric).collect();
    let source = dir.join(format!("{stem}.cpp"));
    std::fs::write(&source, main).unwrap();
    let exe = dir.join(&stem);
    let built =
        Command::new("g++").args(["-std=c++17", "-Werror", "-o"]).arg(&exe).arg(&source).output().expect("g++ runs");
    assert!(built.status.success(), "{name}: g++ rejects\n{cpp}\n{}", String::from_utf8_lossy(&built.stderr));
    let ran = Command::new(&exe).output().unwrap();
    let parse =
        |out: Vec<u8>| String::from_utf8(out).unwrap().lines().map(|l| l.parse().unwrap()).collect::<Vec<u64>>();
    let c = parse(ran.stdout);
    let py_list = ns.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    let script = format!("{python}\nprint('\\n'.join(str(g(n)) for n in [{py_list}]))\n");
    let ran = Command::new("python3").args(["-c", &script]).output().expect("python3 runs");
    assert!(ran.status.success(), "{name}: {}\n{script}", String::from_utf8_lossy(&ran.stderr));
    (c, parse(ran.stdout))
}

/// The three games: the family named, the later values predicted, and the code giving every
/// value and, far past the table, the values of the rule's definition.
#[test]
fn the_contest_games_are_found_predicted_and_coded() {
    let dir = std::env::temp_dir().join(format!("grundy-pattern-numbers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Far values by each game's rule, from trial division: the least prime factor's index
    // (odd n), Ω, the triangular root.
    let pi = |p: u64| (2..=p).filter(|&q| factors(q).len() == 1).count() as u64;
    let far: [(&str, Vec<(u64, u64)>); 3] = [
        (
            "CF 2004E",
            [1_000_000_000_001u64, 3 * 1_000_003, 7 * 1_000_000_007, 1 << 40]
                .map(|n| (n, if n.is_multiple_of(2) { 0 } else { pi(factors(n)[0]) }))
                .to_vec(),
        ),
        ("ABC 368F", [999_999_999_989u64, 3 << 40, 1_000_000_007 * 2].map(|n| (n, factors(n).len() as u64)).to_vec()),
        (
            "CF 768E",
            [1_000_000_000_000_000_000u64, 5_000_050_000, 5_000_049_999]
                .map(|n| (n, ((8 * n as u128 + 1).isqrt() as u64 - 1) / 2))
                .to_vec(),
        ),
    ];
    for ((name, all, given), (_, far)) in games().into_iter().zip(far) {
        let k = (all.len() - given).to_string();
        let out = run(&["pattern", "--json", "--predict", &k], text(&all[..given]).as_bytes());
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["rule"], "number-theoretic", "{name}: {v}");
        let predicted: Vec<u64> = serde_json::from_value(v["predicted"].clone()).unwrap();
        assert_eq!(predicted, all[given..], "{name}: {}", v["words"]);
        let mut ns: Vec<u64> = (0..all.len() as u64).collect();
        ns.extend(far.iter().map(|&(n, _)| n));
        let want: Vec<u64> = all.iter().copied().chain(far.iter().map(|&(_, g)| g)).collect();
        let (c, py) = run_code(name, v["cpp"].as_str().unwrap(), v["python"].as_str().unwrap(), &ns, &dir);
        assert_eq!(c, want, "{name}: the C++\n{}", v["cpp"].as_str().unwrap());
        assert_eq!(py, want, "{name}: the Python\n{}", v["python"].as_str().unwrap());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every other function, scaled, shifted and on residue classes (one table uses the rest of
/// the helpers): found, and its code compiles and gives every value given and predicted.
#[test]
fn every_helper_compiles_and_gives_the_values() {
    let dir = std::env::temp_dir().join(format!("grundy-pattern-helpers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let digits = |mut n: u64, b: u64| {
        let mut s = 0;
        while n > 0 {
            s += n % b;
            n /= b;
        }
        s
    };
    let omega = |n: u64| {
        let mut f = factors(n);
        f.dedup();
        f.len() as u64
    };
    let mut pi = vec![0u64];
    for n in 1..6000u64 {
        pi.push(pi[n as usize - 1] + u64::from(factors(n).len() == 1));
    }
    let rule = |n: u64| match n % 4 {
        0 => 2 * pi[n as usize] + 1,
        1 => omega(n),
        2 => digits(n, 13),
        _ => n.isqrt() + 7,
    };
    let all: Vec<u64> = (0..6000).map(|n| if n == 1 { 9 } else { rule(n) }).collect();
    let out = run(&["pattern", "--json", "--predict", "2000"], text(&all[..4000]).as_bytes());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rule"], "number-theoretic", "{v}");
    assert_eq!(
        v["expression"],
        "pick(min(n, 2), 1, 9, pick(n % 4, 2 * primepi(n) + 1, omega(n), digitsum(n, 13), isqrt(n) + 7))"
    );
    let predicted: Vec<u64> = serde_json::from_value(v["predicted"].clone()).unwrap();
    assert_eq!(predicted, all[4000..]);
    let mut ns: Vec<u64> = (0..all.len() as u64).collect();
    let mut want = all.clone();
    // Far past the table (5^26, and no π there: its sieve would be as long as n).
    for n in [1_490_116_119_384_765_625u64, 999_999_999_999_999_998, 9_223_372_036_854_775_807] {
        ns.push(n);
        want.push(match n % 4 {
            1 => omega(n),
            2 => digits(n, 13),
            _ => n.isqrt() + 7,
        });
    }
    let (c, py) = run_code("helpers", v["cpp"].as_str().unwrap(), v["python"].as_str().unwrap(), &ns, &dir);
    assert_eq!(c, want, "the C++\n{}", v["cpp"].as_str().unwrap());
    assert_eq!(py, want, "the Python\n{}", v["python"].as_str().unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The text output names the family's function and what it means.
#[test]
fn the_words_name_the_function() {
    let (name, all, given) = games().swap_remove(1);
    let out = run(&["pattern", "--predict", "3"], text(&all[..given]).as_bytes());
    assert!(out.status.success(), "{name}");
    let t = String::from_utf8(out.stdout).unwrap();
    assert!(
        t.starts_with("rule: G(n) = Ω(n) from n = 1 (G(0) = 0), where Ω(n) is the number of prime factors of n counted with multiplicity;"),
        "{t}"
    );
    assert!(t.contains("expression: pick(min(n, 1), 0, bigomega(n))"), "{t}");
    assert!(t.contains(&format!("predicted G(2000..2002): {} {} {}", all[2000], all[2001], all[2002])), "{t}");
}
