//! `grundy sg` and take-and-break games through the real binary.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use grundy::frontend::mex_table;
use grundy::Ruleset;

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn ok_json(args: &[&str]) -> serde_json::Value {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// A fresh empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-sg-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn reference(game: &str, upto: u64) -> Vec<u64> {
    mex_table(&game.parse::<Ruleset>().unwrap(), upto)
}

#[test]
fn json_has_the_shape_of_the_issue() {
    let j = ok_json(&["sg", "kayles", "--upto", "100", "--json"]);
    let values: Vec<u64> = j["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(values, reference("kayles", 100));
    assert_eq!(j["game"], "kayles");
    assert_eq!(j["upto"], 100);
    assert_eq!(j["last"], values[100]);
    assert_eq!(j["period"]["period"], 12);
    assert_eq!(j["period"]["preperiod"], 71);
    // Seed rulesets too, from their own solvers.
    let j = ok_json(&["sg", "subtraction:2,5", "--upto", "30", "--json"]);
    let values: Vec<u64> = j["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(values, reference("subtraction:2,5", 30));
    assert_eq!(j["period"]["period"], 7);
}

#[test]
fn summary_counts_and_at_beyond_n_use_the_period() {
    let far: u64 = 1_000_000_000_000_000;
    let j = ok_json(&["sg", "dawsons-kayles", "--upto", "1000000", "--summary", "--json", "--at", &far.to_string()]);
    assert!(j.get("values").is_none());
    let table = reference("dawsons-kayles", 300);
    let (n0, p) = (53u64, 34u64);
    let expect_at = table[(n0 + (far - n0) % p) as usize];
    assert_eq!(j["at"]["n"], far);
    assert_eq!(j["at"]["value"], expect_at);
    // Counts add up to N + 1 and agree with counting the periodic values one by one.
    let counts = j["counts"].as_array().unwrap();
    let total: u64 = counts.iter().map(|c| c["count"].as_u64().unwrap()).sum();
    assert_eq!(total, 1_000_001);
    let zeros = (0..=1_000_000u64)
        .filter(|&n| table[if n < n0 + p { n } else { n0 + (n - n0) % p } as usize] == 0)
        .count() as u64;
    let zero_count = counts.iter().find(|c| c["value"] == 0).map_or(0, |c| c["count"].as_u64().unwrap());
    assert_eq!(zero_count, zeros);
    assert!(j["sparse"]["rare_positions"].as_u64().is_some());
}

#[test]
fn games_without_a_proven_period_say_so() {
    let j = ok_json(&["sg", "grundys-game", "--upto", "2000", "--json"]);
    assert!(j["period"].is_null());
    let values: Vec<u64> = j["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(values, reference("grundys-game", 2000));
    // No period, so G(M) past the table is refused, with the budget named.
    let out = grundy(&["sg", "grundys-game", "--upto", "10", "--at", "100000000", "--budget", "5000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--budget"));
}

/// Values start in one byte each and are widened when one passes 255, with no change to them.
#[test]
fn values_past_255_are_widened() {
    let game = format!("octal:0.{}", "7".repeat(255));
    let j = ok_json(&["sg", &game, "--upto", "700", "--json"]);
    let values: Vec<u64> = j["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert!(values.iter().any(|&v| v > 255), "the test needs values past 255");
    assert_eq!(values, reference(&game, 700));
}

/// Hexadecimal codes split heaps into three: values through the binary (widened past 255,
/// computed in two store chunks and resumed) equal the mex of every option.
#[test]
fn hex_codes_split_heaps_in_three() {
    let j = ok_json(&["sg", "hex:0.f8", "--upto", "700", "--json"]);
    let values: Vec<u64> = j["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert!(values.iter().any(|&v| v > 255), "the test needs values past 255");
    assert_eq!(values, reference("hex:0.f8", 700));
    assert_eq!(j["game"], "hex:0.f8");
    assert_eq!(j["period"], serde_json::Value::Null);

    let dir = scratch("hex-store");
    let store = dir.join("s");
    let first = ok_json(&[
        "sg",
        "hex:0.9",
        "--upto",
        "300",
        "--json",
        "--full",
        "--chunk",
        "256",
        "--store",
        store.to_str().unwrap(),
    ]);
    let more = ok_json(&[
        "sg",
        "hex:0.9",
        "--upto",
        "5000",
        "--json",
        "--full",
        "--chunk",
        "256",
        "--store",
        store.to_str().unwrap(),
    ]);
    let plain = ok_json(&["sg", "hex:0.9", "--upto", "5000", "--json", "--full"]);
    assert_eq!(more["values"], plain["values"]);
    assert_eq!(first["values"].as_array().unwrap()[..], plain["values"].as_array().unwrap()[..301]);
    // A store of one-byte values (hex:4.8 is 0 1 0 1 ... from 1) resumed past it.
    let small = dir.join("small");
    let a =
        ["sg", "hex:4.8", "--upto", "300", "--json", "--full", "--chunk", "256", "--store", small.to_str().unwrap()];
    ok_json(&a);
    let b = ok_json(&[
        "sg",
        "hex:4.8",
        "--upto",
        "6000",
        "--json",
        "--full",
        "--chunk",
        "256",
        "--store",
        small.to_str().unwrap(),
    ]);
    assert_eq!(b["values"], ok_json(&["sg", "hex:4.8", "--upto", "6000", "--json", "--full"])["values"]);
    let values: Vec<u64> = b["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert!(values[1..].iter().enumerate().all(|(i, &v)| v == i as u64 % 2), "0 1 0 1 ... from n = 1");
    let _ = std::fs::remove_dir_all(dir);

    // A proven period answers far beyond the table.
    let j = ok_json(&["sg", "hex:0.f", "--upto", "10", "--at", "1000000000001", "--json"]);
    assert_eq!(j["period"]["period"], 2);
    assert_eq!(j["at"], serde_json::json!({"n": 1000000000001u64, "value": 1}));
}

#[test]
fn naive_and_sparse_methods_agree() {
    let a = ok_json(&["sg", "octal:0.6", "--upto", "3000", "--json"]);
    let b = ok_json(&["sg", "octal:0.6", "--upto", "3000", "--json", "--method", "naive", "--threads", "1"]);
    assert_eq!(a["values"], b["values"]);
    // Each method forced: the same values; the statistics say which method computed them.
    let c = ok_json(&["sg", "octal:0.764", "--upto", "3000", "--json", "--method", "sparse"]);
    let d = ok_json(&["sg", "octal:0.764", "--upto", "3000", "--json", "--method", "naive", "--threads", "2"]);
    assert_eq!(c["values"], d["values"]);
    let e = ok_json(&["sg", "octal:0.764", "--upto", "3000", "--json", "--summary", "--method", "sparse"]);
    assert_eq!(e["sparse"]["plain_values"], 0);
    assert_eq!(e["sparse"]["method"], "sparse");
    assert_eq!(e["sparse"]["rare_odd"], false);
    let f = ok_json(&["sg", "octal:0.104", "--upto", "5000", "--json", "--summary", "--method", "sparse"]);
    assert_eq!(f["sparse"]["rare_odd"], true);
    // The measured choice (the default) says what it ran in the text summary when it ran the
    // plain method; the values are those of the forced methods either way.
    let g = ok_json(&["sg", "octal:0.764", "--upto", "3000", "--json"]);
    assert_eq!(g["values"], c["values"]);
}

#[test]
fn an_unknown_method_is_refused() {
    let out = grundy(&["sg", "kayles", "--upto", "10", "--method", "fast"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--method 'fast' is not measured, sparse or naive"), "{err}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[&[&str]] = &[
        &["sg", "octal:0.8", "--upto", "10"],
        &["sg", "octal:", "--upto", "10"],
        &["sg", "octal:abc", "--upto", "10"],
        &["sg", "kayles", "--upto", "-1"],
        &["sg", "kayles", "--upto", "ten"],
        &["sg", "kl:2,3", "--upto", "10"],
        &["sg", "kayles", "--upto", "10", "--plot", "x.gif"],
        &["analyze", "octal:0.8", "3"],
        &["analyze", "octal:4.9", "3"],
        &["sg", "hex:0.g", "--upto", "10"],
        &["sg", "hex:", "--upto", "10"],
        &["sg", "hex:3.1", "--upto", "10"],
        &["analyze", "hex:0.8", "1000000000"],
    ];
    for args in cases {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    let err = String::from_utf8_lossy(&grundy(&["sg", "octal:0.8", "--upto", "1"]).stderr).to_string();
    assert!(err.contains("'8'"), "{err}");
    // A giant table without a period is refused up front, not an out-of-memory abort.
    let out = grundy(&["sg", "grundys-game", "--upto", "18446744073709551615", "--budget", "18446744073709551615"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn analyze_plays_take_and_break_games() {
    let out = grundy(&["analyze", "kayles", "8", "--json"]);
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let texts: Vec<&str> = j["winning_moves"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert!(texts.contains(&"knock down 2 pins from row 1, leaving rows of 3 and 3 (8 -> 3 + 3)"), "{texts:?}");
    let out = grundy(&["analyze", "grundys-game", "7", "--json"]);
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["sg"], reference("grundys-game", 7)[7]);
    // Misère with splits goes through the search.
    let out = grundy(&["analyze", "dawsons-kayles", "5", "6", "--misere", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn plots_are_written() {
    let dir = scratch("plot");
    let svg = dir.join("k.svg");
    let png = dir.join("k.png");
    for f in [&svg, &png] {
        let out = grundy(&["sg", "kayles", "--upto", "500", "--summary", "--plot", f.to_str().unwrap()]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"), "{text}");
    // The title names the game and the range; the axes say what they count; the legend gives
    // the proven period.
    for words in ["G(n) of kayles, n = 0..500", "heap size n", "Sprague-Grundy value G(n)", "period 12 from n = 71"] {
        assert!(text.contains(words), "{words} is missing");
    }
    // Round tick numbers along both axes.
    for tick in ["\n250\n</text>", "\n500\n</text>", "\n8\n</text>"] {
        assert!(text.contains(tick), "tick {tick:?} is missing");
    }

    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n") && &bytes[12..16] == b"IHDR");
    let (w, h) =
        (u32::from_be_bytes(bytes[16..20].try_into().unwrap()), u32::from_be_bytes(bytes[20..24].try_into().unwrap()));
    // The 960 x 480 plot area with the title over it and the axes' numbers and words round it.
    assert!((1000..1200).contains(&w) && h == 604, "{w} x {h}");
    // Compressed: the old writer stored every pixel uncompressed (more than w * h bytes).
    assert!(bytes.len() < (w * h / 8) as usize, "{} bytes", bytes.len());
    let mut reader = png::Decoder::new(std::io::Cursor::new(&bytes)).read_info().unwrap();
    let mut rgb = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut rgb).unwrap();
    assert_eq!((frame.width, frame.height, frame.color_type), (w, h, png::ColorType::Rgb));
    let pixel = |x: u32, y: u32| {
        let i = (y * w + x) as usize * 3;
        [rgb[i], rgb[i + 1], rgb[i + 2]]
    };
    let count = |xs: std::ops::Range<u32>, ys: std::ops::Range<u32>, want: &dyn Fn([u8; 3]) -> bool| {
        ys.flat_map(|y| xs.clone().map(move |x| (x, y))).filter(|&(x, y)| want(pixel(x, y))).count()
    };
    let dark = |p: [u8; 3]| p.iter().all(|&c| c < 96);
    // The title's letters in the top band; the rotated y axis words at the left edge; the x axis
    // words at the bottom.
    assert!(count(0..w, 0..40, &dark) > 200, "no title");
    assert!(count(0..30, 100..500, &dark) > 200, "no y axis words");
    assert!(count(0..w, h - 30..h, &dark) > 100, "no x axis words");
    // The points in their blue and the period's lines and legend in red.
    assert!(count(0..w, 0..h, &|p| p == [0x1f, 0x4e, 0x9a]) > 2000, "no points");
    assert!(count(0..w, 64..h - 60, &|p| p == [0xc0, 0x39, 0x2b]) > 300, "no period lines");
    let _ = std::fs::remove_dir_all(dir);
}

/// The legend states an arithmetic period; a range of 10^18 is drawn through the period at
/// once, with exact tick numbers.
#[test]
fn plots_state_arithmetic_periods_and_huge_ranges() {
    let dir = scratch("plot-huge");
    let svg = dir.join("nim.svg");
    let out = grundy(&["sg", "nim", "--upto", "100", "--summary", "--plot", svg.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("G(n + 1) = G(n) + 1 from n = 0"), "{text}");
    let svg = dir.join("kayles.svg");
    let out = grundy(&["sg", "kayles", "--upto", "1000000000000000000", "--summary", "--plot", svg.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&svg).unwrap();
    for words in ["n = 0..1000000000000000000", "period 12 from n = 71", "\n500000000000000000\n</text>"] {
        assert!(text.contains(words), "{words} is missing");
    }
    let _ = std::fs::remove_dir_all(dir);
}

fn chunks(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| {
        d.filter_map(Result::ok).filter(|e| e.file_name().to_string_lossy().starts_with("chunk-")).count()
    })
}

/// A run killed with SIGKILL part-way, then started again with the same command, ends with
/// exactly the output of an uninterrupted run; a damaged store is refused.
#[test]
fn store_survives_a_kill_and_refuses_damage() {
    let dir = scratch("store");
    let store = dir.join("s");
    let args = [
        "sg",
        "octal:0.16",
        "--upto",
        "400000",
        "--summary",
        "--json",
        "--chunk",
        "2048",
        "--store",
        store.to_str().unwrap(),
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while chunks(&store) < 3 && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap(); // SIGKILL
    let status = child.wait().unwrap();
    let saved = chunks(&store);
    assert!(saved >= 3, "the run stopped before saving");
    assert!(saved < 190, "the run finished before the kill ({saved} chunks)");
    assert!(!status.success() || saved > 0);
    let resumed = grundy(&args);
    assert!(resumed.status.success(), "{}", String::from_utf8_lossy(&resumed.stderr));
    // The same answer, apart from the engine's work counters (a resumed run does less work).
    let answer = |out: &Output| {
        let mut j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        j.as_object_mut().unwrap().remove("sparse");
        j
    };
    let plain = grundy(&["sg", "octal:0.16", "--upto", "400000", "--summary", "--json"]);
    assert_eq!(answer(&resumed), answer(&plain));
    assert!(answer(&plain)["counts"].as_array().unwrap().len() > 10);
    // Running again reads everything from the store.
    let again = grundy(&args);
    assert_eq!(answer(&again), answer(&plain));
    // Values too, through the store.
    let listed = grundy(&["sg", "octal:0.16", "--upto", "5000", "--json", "--store", store.to_str().unwrap()]);
    let j: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    let values: Vec<u64> = j["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(values, reference("octal:0.16", 5000));

    // Flip one byte of a value in the second chunk.
    let victim = store.join("chunk-00000001.bin");
    let mut bytes = std::fs::read(&victim).unwrap();
    bytes[100] ^= 1;
    std::fs::write(&victim, bytes).unwrap();
    let out = grundy(&args);
    assert_eq!(out.status.code(), Some(2));
    // With --json the refusal is the one JSON error object on stdout.
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let err = v["error"]["message"].as_str().unwrap();
    assert_eq!((v["error"]["kind"].as_str(), v["error"]["argument"].as_str()), (Some("io"), Some("--store")));
    assert!(err.contains("damaged") && err.contains("chunk-00000001.bin"), "{err}");
    assert!(!err.contains('\n'));
    let plain_args: Vec<&str> = args.iter().copied().filter(|a| *a != "--json").collect();
    let out = grundy(&plain_args);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("damaged") && err.trim_end().lines().count() == 1, "{err}");
    // A store of another game is refused too.
    let out = grundy(&["sg", "kayles", "--upto", "10", "--store", store.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("octal:0.16"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn guess_states_the_pattern_in_words() {
    let text = |args: &[&str]| {
        let out = grundy(args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let t = text(&["sg", "bounded:2", "--upto", "30", "--guess"]);
    assert!(t.contains("pattern: G(n) is periodic with period 3 from n = 0"), "{t}");
    assert!(t.contains("as an expression: n % 3"), "{t}");
    let t = text(&["sg", "allbut:2,5", "--upto", "30", "--guess"]);
    assert!(t.contains("arithmetic-periodic with period 4 and saltus 2"), "{t}");
    // Kayles' pre-period (71) is past --upto, but the period is proven, so it is stated.
    let t = text(&["sg", "kayles", "--upto", "20", "--guess"]);
    assert!(t.contains("period 12 from n = 71") && t.contains("(proven)"), "{t}");
    // The 71 values before the period are G(0..70), not G(0..71).
    assert!(t.contains("G(0..70) = 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6,") && !t.contains("G(0..71)"), "{t}");
    let t = text(&["sg", "grundys-game", "--upto", "200", "--guess"]);
    assert!(t.contains("pattern: no rule among an eventual period; an arithmetic period;"), "{t}");
    assert!(t.contains("fits G(0..200)"), "{t}");
    // Without a proven period, the rule finder's rule: take 1 to half is not a heap ruleset, but
    // allbut:1,2 has the staircase G(n) = floor(n / 3), found and confirmed on held-out values.
    let t = text(&["sg", "allbut:1,2", "--upto", "200", "--guess"]);
    assert!(t.contains("pattern: G(n) = floor(n / 3) from n = 0"), "{t}");
    let out = grundy(&["sg", "subtraction:2,5", "--upto", "10", "--guess", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rule"]["proven"], true);
    assert_eq!(v["rule"]["family"], "period");
    assert!(v["rule"]["words"].as_str().unwrap().contains("period 7"), "{v}");
}

#[test]
fn misere_single_heap_outcomes_with_their_proven_period() {
    let out = grundy(&["sg", "subtraction:1,3,4", "--misere", "--upto", "100"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("period: 7 from n = 0 (proven)"), "{text}");
    let letters: String = text
        .lines()
        .filter_map(|l| l.split_once(": ").filter(|(n, _)| n.trim().parse::<u64>().is_ok()).map(|(_, r)| r.to_string()))
        .collect();
    assert_eq!(letters.len(), 101);
    // Each letter against the plain search of the single heap under misère play.
    let game: grundy::Game = "subtraction:1,3,4".parse().unwrap();
    let mut naive = grundy::naive::NaiveSolver::new();
    for (n, c) in letters.chars().enumerate() {
        let position = game.parse_position(&[n.to_string()]).unwrap();
        let wins = naive.wins(&position, grundy::Convention::Misere, grundy::Player::First);
        assert_eq!(c, if wins { 'N' } else { 'P' }, "n = {n}");
    }
    let v: serde_json::Value =
        serde_json::from_slice(&grundy(&["sg", "bash:3", "--misere", "--upto", "10", "--json"]).stdout).unwrap();
    assert_eq!(v["outcomes"], "NPNNNPNNNPN");
    assert_eq!(v["period"]["period"], 4);
    assert_eq!(v["convention"], "misere");
    // All-but games: a few lost heaps, then every heap is won, proven.
    let text = String::from_utf8(grundy(&["sg", "allbut:1,3", "--misere", "--upto", "20"]).stdout).unwrap();
    assert!(
        text.contains("       0: NNPPNNNNNNNNNNNNNNNNN") && text.contains("period: 1 from n = 7 (proven)"),
        "{text}"
    );
    // Take-and-break games are searched, with no period claimed, and refused at once past what
    // the search could hold.
    let v: serde_json::Value =
        serde_json::from_slice(&grundy(&["sg", "kayles", "--misere", "--upto", "21", "--json"]).stdout).unwrap();
    assert_eq!(v["outcomes"], "NPNNPNNNNPNNPNNNNNNNPN");
    assert_eq!((v["period"].clone(), v["method"].clone()), (serde_json::Value::Null, "search".into()));
    let text = String::from_utf8(grundy(&["sg", "kayles", "--misere", "--upto", "21"]).stdout).unwrap();
    assert!(text.contains("period: none claimed"), "{text}");
    let out = grundy(&["sg", "kayles", "--misere", "--upto", "500"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not searched") && err.lines().count() == 1, "{err}");
}

/// `grundy ARGS`, killed after a minute (far above the expected time, on an unoptimised binary
/// and a shared machine): a hang fails the test instead of stalling it. Its output must be
/// small (it is read once the program ends).
fn watched(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("grundy {args:?} ran past a minute: the work is not bounded");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// Issue 46, row 4: a summary to 7 of a ruleset whose proven period is 2^64 - 1 long counted
/// every residue of the period, and never ended; it looks at the 8 values asked for.
#[test]
fn a_summary_looks_at_no_more_of_a_long_period_than_it_asks_for() {
    for game in ["bash:18446744073709551614", "bounded:18446744073709551614", "bash:9223372036854775808"] {
        let out = watched(&["sg", game, "--upto", "7", "--summary", "--json"]);
        assert!(out.status.success(), "{game}: {}", String::from_utf8_lossy(&out.stderr));
        let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let counts: Vec<(u64, u64)> = j["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["value"].as_u64().unwrap(), c["count"].as_u64().unwrap()))
            .collect();
        assert_eq!(counts, (0..8).map(|v| (v, 1)).collect::<Vec<_>>(), "{game}");
    }
    // Past one period, every residue is counted once with its repeats: subtraction:1000 is
    // 0 and 1 in runs of 1000, so to n = 10^12 - 1 each value has half of the heaps.
    let j = ok_json(&["sg", "subtraction:1000", "--upto", "999999999999", "--summary", "--json"]);
    assert_eq!(
        j["counts"],
        serde_json::json!([{"value": 0, "count": 500_000_000_000u64}, {"value": 1, "count": 500_000_000_000u64}])
    );
}

/// Issue 46, row 18: `sg nim --upto 18446744073709551615 > f` streamed gigabytes. A listing
/// forecast past --max-output is refused before any work, with its size in bytes and advice
/// that works as typed.
#[test]
fn a_listing_past_the_output_bound_is_refused_at_once() {
    let all = u64::MAX.to_string();
    for game in ["nim", "kayles", "hex:0.f", "bash:3"] {
        for json in [false, true] {
            let mut args = vec!["sg", game, "--upto", &all];
            if json {
                args.push("--json");
            }
            let out = watched(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let err = if json {
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                assert_eq!(v["error"]["kind"], "refused");
                v["error"]["message"].as_str().unwrap().to_string()
            } else {
                assert!(out.stdout.is_empty());
                String::from_utf8(out.stderr).unwrap()
            };
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
            assert!(err.contains("bytes") && err.contains("past the 1.0 GiB --max-output allows"), "{err}");
            // Nim's values grow, so it is the only one whose summary is refused too.
            let summary = err.contains("add --summary");
            assert_eq!(summary, game != "nim", "{err}");
            if summary && !json {
                let out = watched(&["sg", game, "--upto", &all, "--summary"]);
                assert!(out.status.success(), "{game}: {}", String::from_utf8_lossy(&out.stderr));
            }
        }
    }
    // The size is a lower bound within a factor of 3 of what is printed, and each piece of
    // advice works: the --upto named, and the --max-output named.
    for (game, upto) in [("nim", "200000"), ("kayles", "700000"), ("allbut:3", "300000")] {
        for json in [false, true] {
            let mut args = vec!["sg", game, "--upto", upto, "--max-output", "1M"];
            if json {
                args.push("--json");
            }
            let out = watched(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let err = String::from_utf8_lossy(if json { &out.stdout } else { &out.stderr }).to_string();
            let number_after = |words: &str| -> u64 {
                let at = err.find(words).unwrap_or_else(|| panic!("{words:?} in {err}")) + words.len();
                err[at..]
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == ',')
                    .filter(|c| *c != ',')
                    .collect::<String>()
                    .parse()
                    .unwrap()
            };
            let bound = number_after("is at least ");
            let raised = format!("{}M", number_after("or --max-output "));
            args[5] = &raised;
            let printed = grundy(&args);
            assert!(printed.status.success(), "{args:?}: {}", String::from_utf8_lossy(&printed.stderr));
            let size = printed.stdout.len() as u64;
            assert!(bound <= size && size <= 3 * bound, "{args:?}: {bound} against {size}");
            if err.contains("ask for --upto ") {
                let fits = number_after("ask for --upto ").to_string();
                let mut args = args.clone();
                args[3] = &fits;
                args[5] = "1M";
                let out = grundy(&args);
                assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
                assert!(out.stdout.len() <= 1 << 20);
            } else {
                assert!(err.contains("add --summary"), "{err}");
            }
        }
    }
}

/// Issue 46, row 5: `sg allbut:4710989935697073755 --upto 40 --guess` took 26 s (the rule
/// finder on 2^22 values of G(n) = n) and printed "G(n) = n from n = 0" next to a proven period
/// that contradicts it (G(S) = 0). A proven period is the rule: stated when its pre-period and
/// one period are in view, else said not to be written out, never another rule.
#[test]
fn a_guess_never_contradicts_the_proven_period() {
    let out = watched(&["sg", "allbut:4710989935697073755", "--upto", "40", "--guess", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let words = v["rule"]["words"].as_str().unwrap();
    assert!(
        words.starts_with(
            "the rule is the proven period (G(n + 9421979871394147510) = G(n) + 4710989935697073755 from n = 0)"
        ),
        "{words}"
    );
    assert!(v["rule"]["expression"].is_null(), "{v}");
    // Every guess printed with a proven period is that period.
    for game in ["kayles", "subtraction:2,5", "allbut:2,5", "bash:3", "allbut:3,4", "bounded:18446744073709551614"] {
        for upto in ["5", "40", "300"] {
            let v = ok_json(&["sg", game, "--upto", upto, "--guess", "--json"]);
            let (g, p) = (&v["rule"], &v["period"]);
            assert!(!p.is_null(), "{game}");
            if g["expression"].is_null() {
                assert!(
                    g["words"].as_str().unwrap().starts_with("the rule is the proven period"),
                    "{game} {upto}: {g}"
                );
            } else {
                assert_eq!(
                    (g["proven"].as_bool(), g["family"].as_str()),
                    (Some(true), Some(if p["saltus"] == 0 { "period" } else { "arithmetic-period" })),
                    "{game} {upto}: {g}"
                );
                assert_eq!(g["from"], p["preperiod"], "{game} {upto}: {g}");
            }
        }
    }
}
