//! `grundy pattern` end to end: the real binary reads G(0..N) from standard input or a file,
//! brute-forced here by the games' definitions, and its `--json --predict K` must continue them
//! exactly; its expression must pass `grundy verify --sg`; bad input is one line and exit 2.

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
    // The binary may stop reading early (a refused token): a closed pipe is then expected.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// G(0..len) by the mex over the options `moves` lists.
fn table(len: u64, moves: impl Fn(u64, &[u64], &mut Vec<u64>)) -> Vec<u64> {
    let (mut g, mut opts) = (vec![], vec![]);
    for n in 0..len {
        opts.clear();
        moves(n, &g, &mut opts);
        opts.sort_unstable();
        opts.dedup();
        let v = opts.iter().enumerate().find(|&(i, &v)| i as u64 != v).map_or(opts.len() as u64, |(i, _)| i as u64);
        g.push(v);
    }
    g
}

fn text(values: &[u64]) -> String {
    values.iter().map(u64::to_string).collect::<Vec<_>>().join(" ") + "\n"
}

fn games() -> Vec<(&'static str, Vec<u64>, usize)> {
    let sub = |set: &'static [u64]| {
        table(4000, move |n, g, out| out.extend(set.iter().filter(|&&s| s <= n).map(|&s| g[(n - s) as usize])))
    };
    vec![
        ("subtract 1, 3 or 4", sub(&[1, 3, 4]), 2000),
        (
            "subtract a power of two",
            table(4000, |n, g, out| {
                out.extend((0..12).map(|i| 1u64 << i).filter(|&s| s <= n).map(|s| g[(n - s) as usize]))
            }),
            2000,
        ),
        ("take any number but 1 or 2", table(4000, |n, g, out| out.extend((3..=n).map(|s| g[(n - s) as usize]))), 2000),
        (
            "Lasker's Nim",
            table(1200, |n, g, out| {
                out.extend((1..=n).map(|s| g[(n - s) as usize]));
                out.extend((1..=n / 2).filter(|&a| a < n).map(|a| g[a as usize] ^ g[(n - a) as usize]));
            }),
            600,
        ),
        ("take 1 to half", table(4000, |n, g, out| out.extend((1..=n / 2).map(|s| g[(n - s) as usize]))), 2000),
        (
            "subtract a proper divisor",
            table(4000, |n, g, out| {
                let mut d = 1;
                while d * d <= n {
                    if n.is_multiple_of(d) {
                        out.extend([d, n / d].into_iter().filter(|&s| s < n).map(|s| g[(n - s) as usize]));
                    }
                    d += 1;
                }
            }),
            2000,
        ),
        (
            "the ruler coins",
            table(4000, |n, g, out| {
                if n > 0 {
                    let mut x = 0;
                    out.push(0);
                    for j in 1..n {
                        x ^= g[(n - j) as usize];
                        out.push(x);
                    }
                }
            }),
            2000,
        ),
        (
            "divide by 2 to 6",
            table(4000, |n, g, out| {
                if n > 0 {
                    out.extend((2..=6).map(|d| g[(n / d) as usize]))
                }
            }),
            2000,
        ),
    ]
}

#[test]
fn json_predictions_continue_every_done_when_game() {
    for (name, all, given) in games() {
        let k = (all.len() - given).to_string();
        let out = run(&["pattern", "--json", "--predict", &k], text(&all[..given]).as_bytes());
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        for field in ["rule", "words", "expression", "cpp", "python", "from", "checked", "predicted"] {
            assert!(!v[field].is_null(), "{name}: {field} in {v}");
        }
        let predicted: Vec<u64> = serde_json::from_value(v["predicted"].clone()).unwrap();
        assert_eq!(predicted, all[given..], "{name}: {}", v["words"]);
        assert!(v["checked"].as_u64().unwrap() > 0, "{name}");
        assert!(v["cpp"].as_str().unwrap().starts_with("long long g(long long n) {"), "{name}");
        assert!(v["python"].as_str().unwrap().starts_with("def g(n):"), "{name}");
    }
}

#[test]
fn the_expression_is_checked_further_by_verify() {
    let values =
        table(300, |n, g, out| out.extend([1, 3, 4].iter().filter(|&&s| s <= n).map(|&s| g[(n - s) as usize])));
    let out = run(&["pattern", "--json"], text(&values).as_bytes());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let expr = v["expression"].as_str().unwrap();
    let check = run(&["verify", "--game", "subtraction:1,3,4", "--sg", expr, "--upto", "500"], b"");
    assert!(check.status.success(), "{expr}: {}", String::from_utf8_lossy(&check.stdout));
    // The text names the rule, n0, the held-out values, the code and the prediction.
    let out = run(&["pattern", "--predict", "3"], text(&values).as_bytes());
    let t = String::from_utf8(out.stdout).unwrap();
    assert!(t.starts_with("rule: G(n) is periodic with period 7 from n = 0"), "{t}");
    assert!(t.contains("from n = 0; checked on the last 75 values given"), "{t}");
    assert!(t.contains("C++:\nlong long g(long long n) {") && t.contains("Python:\ndef g(n):"), "{t}");
    assert!(
        t.contains(&format!("predicted G(300..302): {} {} {}", values[300 % 7], values[301 % 7], values[302 % 7])),
        "{t}"
    );
}

#[test]
fn files_byte_order_marks_and_no_rule() {
    let dir = std::env::temp_dir().join(format!("grundy-pattern-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("values.txt");
    // A byte-order mark and Windows line ends are whitespace.
    let values: Vec<u64> = (0..40).map(|n| n % 5).collect();
    let body = format!("\u{feff}{}", text(&values).replace(' ', "\r\n"));
    std::fs::write(&file, body).unwrap();
    let out = run(&["pattern", file.to_str().unwrap(), "--json"], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["expression"], "n % 5");
    assert_eq!(v["predicted"], serde_json::json!([]));
    // No rule: said so on stdout, exit 1, and never a rule.
    let squares =
        table(2000, |n, g, out| out.extend((1..).map(|s| s * s).take_while(|&s| s <= n).map(|s| g[(n - s) as usize])));
    let out = run(&["pattern", "--json"], text(&squares).as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["rule"].is_null() && v["expression"].is_null(), "{v}");
    assert!(v["words"].as_str().unwrap().starts_with("no rule among an eventual period;"), "{v}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_input_is_one_line_naming_the_bad_part() {
    let cases: [(&[&str], &[u8], &str); 6] = [
        (&["pattern"], b"0 1 2\n3 x4 5", "standard input: line 2: 'x4' (G(4)) is not a number from 0 to 2^64 - 1"),
        (&["pattern"], b"0 1 -2", "standard input: line 1: '-2' (G(2)) is not a number from 0 to 2^64 - 1"),
        (&["pattern"], b"18446744073709551616", "'18446744073709551616' (G(0)) is not a number from 0 to 2^64 - 1"),
        (&["pattern"], &[b'7'; 100], "line 1: '77777777777777777777...' is longer than 32 characters"),
        (&["pattern"], b"0 1 2 3", "standard input: 4 values are too few to find a rule in (at least 12)"),
        (&["pattern", "/nonexistent/values.txt"], b"", "/nonexistent/values.txt: "),
    ];
    for (args, input, message) in cases {
        let out = run(args, input);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(message), "{err}");
    }
    let out = run(&["pattern", "--predict", "99999999999"], b"0 1");
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["pattern", "--json"], b"0 1 x");
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["argument"], "FILE");
}
