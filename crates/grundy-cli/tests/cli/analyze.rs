//! `grundy analyze` end to end, through the built binary.

use std::process::{Command, Output};

use serde_json::Value;

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn json(args: &[&str]) -> Value {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn json_has_the_fixed_fields() {
    let v = json(&["analyze", "nim", "7", "9", "12", "15", "--json"]);
    assert_eq!(v["game"], "nim");
    assert_eq!(v["position"], serde_json::json!([7, 9, 12, 15]));
    assert_eq!(v["convention"], "normal");
    assert_eq!(v["to_move"], "first");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winner"], "first");
    assert_eq!(v["sg"], 13);
    assert_eq!(v["winning_move_count"], 3);
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    assert!(moves
        .iter()
        .any(|m| m["text"] == "take 11 from heap 3 (12 -> 1)" && m["result"] == serde_json::json!([7, 9, 1, 15])));
}

#[test]
fn null_sg_and_second_player_for_partizan_and_misere() {
    let v = json(&["analyze", "kl:2,3", "3", "--to-move", "second", "--json"]);
    assert_eq!(v["sg"], Value::Null);
    assert_eq!(v["to_move"], "second");
    assert_eq!(v["winner"], "second");
    // The second player may not take 3. Taking 2 leaves 1 for the first player, who takes it
    // and wins; taking 1 leaves 2, from which the first player (who may not take 2) must take
    // 1, and the second player takes the last one.
    assert_eq!(v["winning_moves"][0]["result"], serde_json::json!([2]));
    assert_eq!(v["winning_move_count"], 1);
    let v = json(&["analyze", "nim", "1", "1", "1", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winner"], "second");
    assert_eq!(v["sg"], Value::Null);
}

#[test]
fn alice_and_bob_is_the_misere_divisor_game() {
    // 12 = 2^2 * 3: exponents [2, 1]. Exactly one exponent is above 1, so the winning move
    // reduces it so that an odd number of 1s is left: divide by 4, leaving n = 3 (exponents
    // [0, 1]); Bob must then make n = 1 and loses.
    let v = json(&["analyze", "divisor", "--misere", "12", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["result"], serde_json::json!([3]));
    assert_eq!(v["winning_move_count"], 1);
    let out = grundy(&["analyze", "divisor", "--misere", "1000000000000000"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("outcome: P"), "{text}");
}

#[test]
fn explain_shows_the_balance_table() {
    let out = grundy(&["analyze", "nim", "7", "9", "12", "15", "--explain"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("heap 3          12   1  1  0  0"), "{text}");
    assert!(text.contains("unbalanced           ^  ^     ^"), "{text}");
    assert!(text.contains("12 xor 13 = 1 < 12"), "{text}");
    let out = grundy(&["analyze", "subtraction:2,5", "9", "4", "--explain"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("periodic with period 7"), "{text}");
    let out = grundy(&["analyze", "divisor", "360", "--explain"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("360 = 2^3 * 3^2 * 5"), "{text}");
}

#[test]
fn every_bad_input_is_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["analyze", "nim", "abc"], "heap 1 'abc' is not a number"),
        (&["analyze", "nim", "3", "-4"], "heap 2 '-4' is negative"),
        (&["analyze", "nim", "18446744073709551616"], "past the largest supported value"),
        (&["analyze", "bounded:0", "3"], "K must be at least 1"),
        (&["analyze", "subtraction:", "3"], "the move set is empty"),
        (&["analyze", "subtraction:0,1", "3"], "0 is not a move size"),
        (&["analyze", "subtraction:1,x", "3"], "'x' is not a number"),
        (&["analyze", "foo", "3"], "unknown game 'foo'"),
        (&["analyze", "nim:3", "3"], "game 'nim' takes no parameter"),
        (&["analyze", "", "3"], "the game is empty"),
        (&["analyze", "kl:2", "3"], "kl:K,L"),
        (&["analyze", "divisor", "0"], "n must be at least 1"),
        (&["analyze", "divisor", "4", "5"], "takes one number"),
        (&["analyze", "bounded", "7"], "'7' is not HEAP/LIMIT"),
        (&["analyze", "bounded", "7/x"], "'x' is not a number"),
        (&["analyze", "bounded", "7/0"], "must be at least 1"),
        (&["analyze", "sum", "nim"], "not RULESET=HEAP"),
        (&["analyze", "kl:2,3", "4", "--to-move", "third"], "unknown player 'third'"),
        (&["analyze", "nim", "3", "--budget", "-1"], "--budget '-1' is negative"),
        // bounded:3 sums are answered by the tame rule; this set has no table of genera within
        // the budget, so its sums are searched.
        (
            &["analyze", "subtraction:1,2,3,100000000", "40", "50", "60", "--misere", "--budget", "100"],
            "rerun with --budget 127551",
        ),
        // Kayles is answered by its misère quotient; Dawson's Kayles past what its quotient
        // covers is searched.
        (&["analyze", "dawsons-kayles", "60", "--misere"], "rerun with --budget 6639349"),
    ];
    for (args, needle) in cases {
        let out = grundy(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn help_exits_0() {
    let out = grundy(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("analyze"));
}

#[test]
fn factor_matches_gnu_factor_format() {
    let out = grundy(&["factor", "360", "18446744073709551615", "1"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "360: 2 2 2 3 3 5\n18446744073709551615: 3 5 17 257 641 65537 6700417\n1:\n"
    );
    // A bad token is reported and the rest still factored, as GNU factor does (tests/cli/factor.rs).
    let out = grundy(&["factor", "12", "x"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "12: 2 2 3\n");
}

/// A take-and-break heap too big to walk its options within the budget (splits into three
/// heaps are walked one by one): the outcome and value are given, and the output says which
/// moves are left out and what budget would list them.
#[test]
fn huge_split_heap_says_its_moves_are_left_out() {
    let words = ["analyze", "hex:0.8", "600", "5", "--budget", "10000"];
    let out = grundy(&words);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("outcome: N"), "{text}");
    assert!(text.contains("winning moves: not all listed"), "{text}");
    let budget = text.split("rerun with --budget ").nth(1).and_then(|t| t.split(')').next()).expect("a budget");
    assert!(!text.contains("winning moves: none"), "{text}");
    let v = json(&[&words[..], &["--json"]].concat());
    // Not every move is listed, so the count is not known: null, never 0.
    assert_eq!(v["winning_move_count"], serde_json::Value::Null);
    assert!(v["winning_moves_not_listed"].as_str().is_some_and(|s| s.contains("heap 1")));
    // The budget it names lists them all.
    let all = json(&["analyze", "hex:0.8", "600", "5", "--budget", budget, "--json"]);
    assert_eq!(all["winning_moves_not_listed"], serde_json::Value::Null);
    assert_eq!(all["winning_move_count"].as_u64(), Some(all["winning_moves"].as_array().unwrap().len() as u64));
}

/// A heap of 10^18 of a game with a proven period: its winning moves as families with the
/// exact count, in text and JSON, at once.
#[test]
fn a_huge_kayles_heap_lists_its_winning_families() {
    let text = String::from_utf8(grundy(&["analyze", "kayles", "1000000000000000000"]).stdout).unwrap();
    assert!(text.contains("winning moves (83333333333333338): 2 in families, 16 single"), "{text}");
    assert!(text.contains(
        "knock down 2 pins from row 1, leaving rows of a and 999999999999999998 - a, for every a = 1 (mod 12) with 73 <= a <= 499999999999999993 (41666666666666661 moves)"
    ), "{text}");
    assert!(
        text.contains("and 83333333333333318 more (--limit all lists the first 10000; the families give every one)"),
        "{text}"
    );
    let v = json(&["analyze", "kayles", "1000000000000000000", "--json", "--limit", "3"]);
    assert_eq!(v["winning_move_count"], 83_333_333_333_333_338u64);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
    let families = v["winning_families"].as_array().unwrap();
    assert_eq!(families.len(), 18);
    let total: u64 = families.iter().map(|f| f["count"].as_u64().unwrap()).sum();
    assert_eq!(total, 83_333_333_333_333_338);
    assert_eq!(families[16]["first"], serde_json::json!([73, 999_999_999_999_999_925u64]));
    assert_eq!(families[16]["step"], 12);
}

/// The method field names how the answer was found, truthfully: a table with a proven period
/// is not a closed form, and a table without one says so.
#[test]
fn method_is_named_truthfully() {
    for (words, method) in [
        (&["nim", "3", "4"][..], "closed form"),
        (&["bounded:3", "5"], "closed form"),
        (&["divisor", "12"], "closed form"),
        (&["kayles", "10", "7"], "proven period"),
        (&["subtraction:2,5", "9"], "proven period"),
        (&["sum", "nim=3", "kayles=10"], "proven period"),
        (&["grundys-game", "100"], "table"),
        (&["nim", "3", "4", "--misere"], "misère rule"),
        (&["kayles", "3", "--misere"], "misère quotient"),
        (&["dawsons-kayles", "33", "--misere"], "search"),
    ] {
        let mut args = vec!["analyze"];
        args.extend_from_slice(words);
        args.push("--json");
        assert_eq!(json(&args)["method"], method, "{words:?}");
    }
}

/// Euclid's game through the binary: HDU 1525's sample ("34 12": Stan, who moves first, wins;
/// "15 24": Ollie wins), its rule named in the explanation, and a bad position refused.
#[test]
fn euclids_game_answers_the_official_sample() {
    let stan = json(&["analyze", "euclid", "34", "12", "--json"]);
    assert_eq!((stan["outcome"].as_str(), stan["winner"].as_str()), (Some("N"), Some("first")));
    assert_eq!(stan["winning_moves"][0]["result"], serde_json::json!([10, 12]));
    let ollie = json(&["analyze", "euclid", "15", "24", "--json"]);
    assert_eq!(ollie["winner"], "second");
    let text = String::from_utf8(grundy(&["analyze", "euclid", "15", "24", "--explain"]).stdout).unwrap();
    assert!(text.contains("Cole and Davie"), "{text}");
    let out = grundy(&["analyze", "euclid", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Euclid's game takes two numbers, not 1"));
}

#[test]
fn the_lines_after_a_limited_list_say_what_is_true() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("runs");
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    // --limit all was given: the line says where the list stops, not to give --limit all.
    let all = run(&["analyze", "kayles", "1000000", "--limit", "all"]);
    let last = all.lines().last().unwrap();
    assert_eq!(
        last,
        "  and 73338 more (the list stops at the first 10000; the families above, or --json's winning_families, give every one)"
    );
    // One family left is one family.
    let one = run(&["analyze", "kayles", "1000000000000000000", "--limit", "1"]);
    assert!(one.contains("  and 1 more family (--limit all lists them)\n"), "{one}");
    assert!(!one.contains("1 more families"), "{one}");
}

/// 200,000 heaps up to 10^9 (a judge's full input, CSES 1098/1099), too long for a command
/// line: from a file (`@FILE`) and from standard input (`-`), the same answer as the rule
/// computed here, and as the tokens typed inline where they fit.
#[test]
fn a_position_comes_from_a_file_or_standard_input() {
    use std::io::Write;
    use std::process::Stdio;
    let mut x: u64 = 12345;
    let heaps: Vec<u64> = (0..200_000)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            1 + (x >> 33) % 1_000_000_000
        })
        .collect();
    let text: String = heaps.iter().map(|h| format!("{h}\n")).collect();
    let dir = std::env::temp_dir().join(format!("grundy-position-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("heaps.txt");
    std::fs::write(&file, &text).unwrap();
    let at_file = format!("@{}", file.display());
    let nim = heaps.iter().fold(0, |a, h| a ^ h);
    let bounded = heaps.iter().fold(0, |a, h| a ^ (h % 4));
    // Staircase Nim: the heaps on odd steps (the 1st, 3rd, ... counted from the ground) count.
    let staircase = heaps.iter().step_by(2).fold(0, |a, h| a ^ h);
    for (game, sg) in [("nim", nim), ("bounded:3", bounded), ("staircase", staircase)] {
        let v = json(&["analyze", game, &at_file, "--json", "--limit", "0"]);
        assert_eq!(v["sg"], sg, "{game}");
        assert_eq!(v["position"].as_array().map(Vec::len), Some(heaps.len()), "{game}");
    }
    // Misère Nim (Bouton): with a heap above 1, the first player wins exactly when the XOR is
    // not 0.
    let v = json(&["analyze", "nim", &at_file, "--misere", "--json", "--limit", "0"]);
    assert_eq!(v["outcome"], if nim != 0 { "N" } else { "P" });
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["analyze", "nim", "-", "--json", "--limit", "0"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["sg"], nim);
    // A short file answers as the same tokens typed.
    std::fs::write(&file, "7 9\n12\t15").unwrap();
    let from_file = json(&["analyze", "nim", &at_file, "--json"]);
    assert_eq!(from_file, json(&["analyze", "nim", "7", "9", "12", "15", "--json"]));
    // Tokens and files mix, in order.
    let mixed = json(&["analyze", "nim", "1", &at_file, "--json"]);
    assert_eq!(mixed["position"], serde_json::json!([1, 7, 9, 12, 15]));
    std::fs::write(&file, "  \n").unwrap();
    let out = grundy(&["analyze", "nim", &at_file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no token"));
    let out = grundy(&["analyze", "nim", "@/nonexistent/heaps"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/heaps"));
    std::fs::remove_dir_all(&dir).unwrap();
}
