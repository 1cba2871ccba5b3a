//! Tokens on a graph through the binary: graph:FILE and graph:- (standard input), draws in
//! text and JSON, errors naming the line or the token, `grundy graph export` read back by
//! `graph:-` with the same outcome as the original game, the guide's scripts (docs/games-graph.md) for HDU 2147 and
//! HDU 1404 reproducing the problems' samples, and a drawn game played in the terminal.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn grundy_in(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that does not read its input may have exited already: a closed pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-graph-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
    })
}

#[test]
fn files_standard_input_draws_and_errors() {
    let dir = scratch("files");
    std::fs::write(dir.join("edges.txt"), grundy::frontend::EXAMPLE_GRAPH).unwrap();
    let won = json(&grundy_in(&dir, &["analyze", "graph:edges.txt", "b", "c", "--json"], ""));
    assert_eq!((won["outcome"].as_str(), won["winner"].as_str()), (Some("N"), Some("first")));
    assert_eq!(won["generalized_sg"], serde_json::json!(["∞(1)", "1"]));
    assert_eq!(won["winning_move_count"], 1);
    assert_eq!(won["winning_moves"][0]["text"], "move token 1 from b to c");
    let drawn = json(&grundy_in(&dir, &["analyze", "graph:-", "a", "c", "--json"], grundy::frontend::EXAMPLE_GRAPH));
    assert_eq!(drawn["outcome"], "D");
    assert!(drawn["winner"].is_null());
    // Moving a to b would leave ∞(1) beside a 1, won for the opponent: c to d is the one draw.
    assert_eq!(drawn["drawing_move_count"], 1);
    assert_eq!(drawn["drawing_moves"][0]["text"], "move token 2 from c to d");
    let text = grundy_in(&dir, &["analyze", "graph:edges.txt", "a", "c"], "");
    let text = String::from_utf8_lossy(&text.stdout).to_string();
    assert!(text.contains("outcome: D (Draw: neither player can force a win)"), "{text}");
    assert!(text.contains("moves that keep the draw (1):"), "{text}");
    // Errors: one line naming the line, the token or the file; exit status 2.
    let cases: [(&[&str], &str, &str); 4] = [
        (&["analyze", "graph:-", "a"], "a b\na b c\n", "graph line 2: 'a b c' is not 'u v'"),
        (&["analyze", "graph:edges.txt", "a", "z"], "", "token 2: 'z' is not a vertex of the graph"),
        (&["analyze", "graph:missing.txt", "a"], "", "graph:missing.txt: cannot read 'missing.txt'"),
        (&["play", "graph:-", "a"], "a b\n", "graph:- reads the graph from standard input, which grundy play needs"),
    ];
    for (args, stdin, expected) in cases {
        let out = grundy_in(&dir, args, stdin);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    let out = grundy_in(&dir, &["analyze", "graph:-", "a", "--json"], "a b\nwin\n");
    let e = json(&out);
    assert_eq!(e["error"]["argument"], "GAME");
    assert!(e["error"]["message"].as_str().unwrap().starts_with("graph line 2: 'win' is not"), "{e}");
}

/// `grundy graph export` then `graph:-`: the same outcome as the game itself, for small
/// positions of several games (a partizan one with each player to move).
#[test]
fn export_then_graph_reproduces_the_outcome() {
    let dir = scratch("export");
    let cases: [(&str, &[&str]); 9] = [
        ("nim", &["3", "4", "5"]),
        ("nim", &["2", "2"]),
        ("wythoff", &["4", "6"]),
        ("kayles", &["5", "3"]),
        ("euclid", &["13", "5"]),
        ("kl:2,3", &["4", "5"]),
        ("kl:1,2", &["3", "2"]),
        ("staircase", &["2", "1", "3"]),
        ("graph:edges.txt", &["a", "c"]),
    ];
    std::fs::write(dir.join("edges.txt"), grundy::frontend::EXAMPLE_GRAPH).unwrap();
    for (game, tokens) in cases {
        let mut args = vec!["graph", "export", game];
        args.extend(tokens);
        let exported = grundy_in(&dir, &args, "");
        assert!(exported.status.success(), "{args:?}: {}", String::from_utf8_lossy(&exported.stderr));
        let edges = String::from_utf8(exported.stdout).unwrap();
        let start = tokens.join(",");
        for to_move in ["first", "second"] {
            let mut direct = vec!["analyze", game];
            direct.extend(tokens);
            direct.extend(["--to-move", to_move, "--json"]);
            let direct = json(&grundy_in(&dir, &direct, ""));
            let via = json(&grundy_in(&dir, &["analyze", "graph:-", &start, "--to-move", to_move, "--json"], &edges));
            assert_eq!(direct["outcome"], via["outcome"], "{game} {tokens:?} {to_move}");
            assert_eq!(direct["winning_move_count"], via["winning_move_count"], "{game} {tokens:?} {to_move}");
        }
    }
    let out = grundy_in(&dir, &["graph", "export", "nim", "10000000"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("past 1000000"));
}

/// The guide's python script of `name` (the ```python block of `docs/games-graph.md` that
/// starts with `# name`).
fn guide_script(name: &str) -> String {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/games-graph.md")).unwrap();
    let start = format!("```python\n# {name}");
    let block = readme.split(&start).nth(1).unwrap_or_else(|| panic!("the guide shows {name}"));
    format!("# {name}{}", block.split("```").next().unwrap())
}

/// Runs a guide's script with `args` and pipes what it writes into `grundy analyze graph:- START`.
fn script_outcome(dir: &Path, script: &str, args: &[&str], start: &str) -> String {
    let out =
        Command::new("python3").arg(dir.join(script)).args(args).output().expect("python3 runs the guide's script");
    assert!(out.status.success(), "{script} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let edges = String::from_utf8(out.stdout).unwrap();
    let a = json(&grundy_in(dir, &["analyze", "graph:-", start, "--json"], &edges));
    a["outcome"].as_str().unwrap().to_string()
}

/// HDU 2147 "kiki's game" (sample: 5 3 lost for kiki, 5 4 and 6 6 won) and HDU 1404 "Digital
/// Deletions" (sample: 0 and 00 won, 1 and 20 lost) through the guide's scripts.
#[test]
fn the_readme_scripts_reproduce_hdu_2147_and_hdu_1404() {
    let dir = scratch("scripts");
    std::fs::write(dir.join("kiki.py"), guide_script("kiki.py")).unwrap();
    std::fs::write(dir.join("deletions.py"), guide_script("deletions.py")).unwrap();
    let kiki: Vec<&str> = [("5", "3"), ("5", "4"), ("6", "6")]
        .iter()
        .map(|(n, m)| {
            let start = format!("1,{m}");
            if script_outcome(&dir, "kiki.py", &[n, m], &start) == "N" {
                "Wonderful!"
            } else {
                "What a pity!"
            }
        })
        .collect();
    assert_eq!(kiki, ["What a pity!", "Wonderful!", "Wonderful!"]);
    let deletions: Vec<&str> = ["0", "00", "1", "20"]
        .iter()
        .map(|s| if script_outcome(&dir, "deletions.py", &[s], &format!("d{s}")) == "N" { "Yes" } else { "No" })
        .collect();
    assert_eq!(deletions, ["Yes", "Yes", "No", "No"]);
}

/// A drawn game in the terminal: the computer keeps it drawn, and the third time the same
/// position comes up with the same player to move the game ends as a draw, said in words.
#[test]
fn a_drawn_game_ends_as_a_draw_in_the_terminal() {
    let dir = scratch("play");
    std::fs::write(dir.join("edges.txt"), grundy::frontend::EXAMPLE_GRAPH).unwrap();
    let moves = "hint\n1 b\n1 b\n1 b\n1 b\n";
    let out = grundy_in(&dir, &["play", "graph:edges.txt", "a", "--seed", "3"], moves);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("This position is drawn"), "{text}");
    assert!(text.contains("computer: move token 1 from b to a"), "{text}");
    assert!(!text.contains("from b to c"), "the computer never leaves the cycle: {text}");
    assert!(text.contains("Draw: the same position has come up three times with the first player to move"), "{text}");
    assert_eq!(out.status.code(), Some(0));
}

/// The budget a refusal advises (`--budget N`), if any.
fn advised_budget(stderr: &str) -> Option<String> {
    let rest = stderr.split("--budget ").nth(1)?;
    Some(rest.chars().take_while(char::is_ascii_digit).collect())
}

/// An export is bounded before it runs: heaps and coins whose positions are past the budget (an
/// upper bound of them, product of the sizes, 2^n for a heap that splits, the sets of heads
/// below each head for coins) are refused at once with a budget that then works, and the text
/// of Nim and Ruler, whose length has a lower bound, past what graph:FILE reads.
#[test]
fn export_is_bounded_before_it_runs() {
    let dir = scratch("bound");
    // Past any budget or past the text limit: refused with no advice, in one line.
    for (args, words) in [
        (&["nim", "1000", "1000"][..], "past the 256 MiB graph:FILE reads"),
        (&["kayles", "1000"][..], "past the 33554432 positions one computation may hold"),
        (&["kayles", "40"][..], "past the 33554432 positions one computation may hold"),
        (&["octal:0.07", "30", "20"][..], "past the 33554432 positions one computation may hold"),
        // Issue 46: coins too (they aborted at 4 GB; Ruler 20 ran 18 s before its refusal).
        (&["ruler", "1000"][..], "these coins may reach up to more than 2^127 sets of heads"),
        (&["ruler", "65536"][..], "past the 33554432 positions one computation may hold"),
        (&["coins-2d:mock-turtlesxruler", "1,1024"][..], "past the 33554432 positions one computation may hold"),
        (&["ruler", "20"][..], "at least 2.2 GiB of text, past the 256 MiB graph:FILE reads"),
    ] {
        let mut full = vec!["graph", "export"];
        full.extend(args);
        let out = grundy_in(&dir, &full, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(words) && err.lines().count() == 1, "{args:?}: {err}");
        assert_eq!(advised_budget(&err), None, "{args:?}: {err}");
    }
    // Past the budget given: the advice names the bound, which is enough.
    for (args, need) in [
        (&["kayles", "12"][..], "4096"),
        (&["nim", "30", "30"][..], "961"),
        (&["subtraction:1,3", "20", "9"][..], "210"),
        (&["ruler", "10"][..], "513"),
        (&["turtles", "3", "20"][..], "195"),
    ] {
        let mut full = vec!["graph", "export"];
        full.extend(args);
        let whole = grundy_in(&dir, &full, "");
        assert!(whole.status.success(), "{args:?}: {}", String::from_utf8_lossy(&whole.stderr));
        full.extend(["--budget", "100"]);
        let out = grundy_in(&dir, &full, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(advised_budget(&err).as_deref(), Some(need), "{args:?}: {err}");
        let last = full.len() - 1;
        full[last] = need;
        let followed = grundy_in(&dir, &full, "");
        assert!(followed.status.success(), "{full:?}: {}", String::from_utf8_lossy(&followed.stderr));
        assert_eq!(followed.stdout, whole.stdout, "{full:?}");
    }
}

/// `analyze graph:FILE --each-vertex`: one JSON line a vertex, each the answer `analyze` gives
/// with one token there (outcome, winner, generalized Sprague-Grundy value), for either player
/// to move; a position, another game or --every is refused in one line.
#[test]
fn each_vertex_answers_every_start_as_analyze_does_one() {
    let dir = scratch("each-vertex");
    std::fs::write(dir.join("g.txt"), "a b\nb a\nb c\nc d\nd e\nf d\nvertex lone\n").unwrap();
    for to_move in ["first", "second"] {
        let out = grundy_in(&dir, &["analyze", "graph:g.txt", "--each-vertex", "--to-move", to_move], "");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let lines: Vec<serde_json::Value> =
            String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let names: Vec<&str> = lines.iter().map(|l| l["vertex"].as_str().unwrap()).collect();
        assert_eq!(names, ["a", "b", "c", "d", "e", "f", "lone"]);
        for line in &lines {
            let v = line["vertex"].as_str().unwrap();
            let one = json(&grundy_in(&dir, &["analyze", "graph:g.txt", v, "--json", "--to-move", to_move], ""));
            assert_eq!(line["outcome"], one["outcome"], "{v}");
            assert_eq!(line["winner"], one["winner"], "{v}");
            assert_eq!(line["value"], one["generalized_sg"][0], "{v}: {one}");
        }
    }
    for (args, part) in [
        (&["analyze", "graph:g.txt", "a", "--each-vertex"][..], "POSITION"),
        (&["analyze", "nim", "--each-vertex"], "GAME"),
        (&["analyze", "graph:g.txt", "--each-vertex", "--every"], "--every"),
    ] {
        let out = grundy_in(&dir, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        let _ = part;
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
