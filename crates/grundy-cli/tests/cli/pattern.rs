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

/// Issue 46, row 14: twenty values 18446744073709551615 gave the C++
/// `static const long long B[1] = {18446744073709551615};`, which g++ rejects. From 2^63 on
/// the C++ holds values as `unsigned long long` with `ULL` literals: compiled with g++ and run,
/// it gives every value given and predicted, and so does the Python.
#[test]
fn values_from_2_to_the_63_compile_and_run_in_cpp_and_python() {
    let top = u64::MAX;
    let half = 1u64 << 63;
    let tables: Vec<(&str, Vec<u64>)> = vec![
        ("twenty 2^64 - 1", vec![top; 20]),
        ("2^63, then 7", std::iter::once(half).chain(std::iter::repeat_n(7, 40)).collect()),
        ("2^63 - 20 + n", (0..40).map(|n| half - 20 + n).collect()),
        (
            "2^64 - 1, then G(2k) = k, G(2k + 1) = 5",
            std::iter::once(top).chain((1..200).map(|n| if n % 2 == 0 { n / 2 } else { 5 })).collect(),
        ),
        ("small values stay long long", (0..40).map(|n| n % 3).collect()),
    ];
    let dir = std::env::temp_dir().join(format!("grundy-pattern-cpp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (name, values)) in tables.iter().enumerate() {
        let out = run(&["pattern", "--json", "--predict", "5"], text(values).as_bytes());
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        let predicted: Vec<u64> = serde_json::from_value(v["predicted"].clone()).unwrap();
        let all: Vec<u64> = values.iter().copied().chain(predicted).collect();
        let cpp = v["cpp"].as_str().unwrap();
        let wide = values.iter().any(|&x| x >= half);
        let head = if wide { "unsigned long long g(long long n) {" } else { "long long g(long long n) {" };
        assert!(cpp.starts_with(head), "{name}: {cpp}");
        let source = dir.join(format!("g{i}.cpp"));
        let main = format!(
            "#include <cstdio>\n{cpp}int main() {{ for (long long n = 0; n < {}; n++) std::printf(\"%llu\\n\", (unsigned long long) g(n)); }}\n",
            all.len()
        );
        std::fs::write(&source, main).unwrap();
        let exe = dir.join(format!("g{i}"));
        let built = Command::new("g++")
            .args(["-std=c++17", "-Werror", "-o"])
            .arg(&exe)
            .arg(&source)
            .output()
            .expect("g++ runs");
        assert!(built.status.success(), "{name}: g++ rejects\n{cpp}\n{}", String::from_utf8_lossy(&built.stderr));
        let ran = Command::new(&exe).output().unwrap();
        let got: Vec<u64> = String::from_utf8(ran.stdout).unwrap().lines().map(|l| l.parse().unwrap()).collect();
        assert_eq!(got, all, "{name}: {cpp}");
        let script =
            format!("{}\nprint('\\n'.join(str(g(n)) for n in range({})))\n", v["python"].as_str().unwrap(), all.len());
        let ran = Command::new("python3").args(["-c", &script]).output().expect("python3 runs");
        assert!(ran.status.success(), "{name}: {}", String::from_utf8_lossy(&ran.stderr));
        let got: Vec<u64> = String::from_utf8(ran.stdout).unwrap().lines().map(|l| l.parse().unwrap()).collect();
        assert_eq!(got, all, "{name}: {script}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 47, row 11: a list as a program prints it reads as typed (Python's `print` of a list,
/// a C++ initializer), and a table too short to confirm its period says so, with how long a
/// period these values could confirm.
#[test]
fn lists_as_programs_print_them_and_too_few_values_say_so() {
    let twenty: Vec<String> = (0..20).map(|n| (n % 5).to_string()).collect();
    let plain = run(&["pattern", "--json"], twenty.join(" ").as_bytes());
    assert!(plain.status.success());
    for text in
        [format!("[{}]", twenty.join(", ")), format!("{{{}}};", twenty.join(",")), format!("({})", twenty.join(";"))]
    {
        let out = run(&["pattern", "--json"], text.as_bytes());
        assert_eq!(out.stdout, plain.stdout, "{text}");
    }
    let fifteen: Vec<String> = (0..15).map(|n| (n % 5).to_string()).collect();
    let out = run(&["pattern"], format!("[{}]", fifteen.join(", ")).as_bytes());
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(said.contains("these 15 values are too few to confirm one longer than 3"), "{said}");
}
