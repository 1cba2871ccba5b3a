//! Ctrl-C keeps what was proven (issue 62): `quotient`, `sg` (`--summary`, `--json`) and
//! `survey`, sent SIGINT a few seconds into a run, print what they proved up to the stop with a
//! line saying so and how to go on, keep their store's state, and exit with status 130 within a
//! second of the signal; a command with nothing proven yet says so in one line, also 130.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs grundy with `args`, sends SIGINT after `after`, and returns its output and how long it
/// took to end after the signal.
fn interrupted(args: &[&str], after: Duration) -> (Output, Duration) {
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(after);
    let pid = child.id().to_string();
    let sent = Instant::now();
    assert!(Command::new("kill").args(["-INT", &pid]).status().unwrap().success(), "{args:?} ended before the signal");
    let out = child.wait_with_output().unwrap();
    (out, sent.elapsed())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit status 130 within a second of the signal, with the stop said in the last line of stderr.
fn stopped_at_ctrl_c(o: &Output, took: Duration, what: &str) -> String {
    stopped_within(o, took, Duration::from_secs(1), what)
}

/// Exit status 130 within `limit` of the signal, with the stop said in the last line of stderr.
fn stopped_within(o: &Output, took: Duration, limit: Duration, what: &str) -> String {
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{what}: {err}");
    assert!(took < limit, "{what}: ended {took:?} after the signal");
    // The last line says so (a store's note may come before it).
    let last = err.trim_end().lines().last().unwrap_or_default();
    assert!(last.starts_with("grundy: stopped at Ctrl-C") && err.matches("Ctrl-C").count() == 1, "{what}: {err}");
    err
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-interrupt-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// 0.777's quotient runs to heap 100,000 by design (minutes): stopped at 2 s, it prints the
/// quotient of the heaps proven by then (its P-portion) and keeps the state in its store, from
/// which the same command resumes.
#[test]
fn a_quotient_prints_the_heaps_proven_and_keeps_its_state() {
    let dir = temp_dir("quotient");
    let store = dir.to_str().unwrap();
    let (o, took) = interrupted(&["quotient", "octal:0.777", "--store", store], Duration::from_secs(2));
    let err = stopped_at_ctrl_c(&o, took, "quotient");
    assert!(err.contains(store) && err.contains("resumes"), "{err}");
    let out = text(&o.stdout);
    assert!(out.contains("P-portion: ") && out.contains("order: "), "{out}");
    assert!(out.contains("stopped at Ctrl-C"), "{out}");
    let heap: u64 = out
        .lines()
        .next()
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|h| h.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    let state = std::fs::read_to_string(dir.join("quotient-octal-0.777.state")).unwrap();
    assert!(state.contains(&format!("\nheap {heap}\n")), "the state kept is the heap printed, {heap}: {state:.200}");
    // Without a store, the advice is to give one; --json prints the object, the line is on stderr.
    let (o, took) = interrupted(&["quotient", "octal:0.777", "--json"], Duration::from_secs(2));
    let err = stopped_at_ctrl_c(&o, took, "quotient --json");
    assert!(err.contains("--store DIR"), "{err}");
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(j["stop_kind"], "cancelled", "{j}");
    assert!(j["p_portion"].is_array(), "{j}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Grundy's game has no proven period: G(0..2*10^8) runs for hours. Stopped, `--summary`
/// prints the counts of the values computed (their sum is the values printed), with the store
/// holding them; `--json` prints the values so far.
#[test]
fn sg_prints_the_values_computed_and_stores_them() {
    let dir = temp_dir("sg");
    let store = dir.to_str().unwrap();
    let args = ["sg", "grundys-game", "--upto", "200000000", "--summary", "--store", store];
    let (o, took) = interrupted(&args, Duration::from_secs(3));
    let err = stopped_at_ctrl_c(&o, took, "sg --summary");
    assert!(err.contains(store), "{err}");
    let out = text(&o.stdout);
    let upto: u64 = out
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("grundys-game: G(n) for n = 0.."))
        .and_then(|h| h.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(upto > 1000 && upto < 200_000_000, "{out}");
    let counted: u64 = out
        .lines()
        .skip_while(|l| !l.starts_with("counts"))
        .skip(1)
        .map_while(|l| l.trim().split_once(": ").and_then(|(_, c)| c.parse::<u64>().ok()))
        .sum();
    assert_eq!(counted, upto + 1, "{out}");
    assert!(out.contains("stopped at Ctrl-C"), "{out}");
    // The values are those of a run to the same heap.
    let whole = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["sg", "grundys-game", "--upto", &upto.to_string(), "--summary", "--store", store])
        .output()
        .unwrap();
    assert!(text(&whole.stderr).contains("nothing new to store"), "{}", text(&whole.stderr));
    let counts = |s: &str| -> Vec<String> {
        s.lines()
            .skip_while(|l| !l.starts_with("counts"))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .map(String::from)
            .collect()
    };
    assert_eq!(counts(&out), counts(&text(&whole.stdout)));

    let (o, took) = interrupted(&["sg", "grundys-game", "--upto", "1000000", "--json"], Duration::from_secs(2));
    stopped_at_ctrl_c(&o, took, "sg --json");
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    let upto = j["upto"].as_u64().unwrap();
    assert_eq!(j["values"].as_array().unwrap().len() as u64, upto + 1, "{}", j["upto"]);
    assert_eq!(j["stopped"], "ctrl-c");
    assert_eq!(j["values"][upto as usize], j["last"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A survey stopped prints the codes it finished, keeps them, and a rerun resumes after them.
#[test]
fn a_survey_prints_the_codes_finished() {
    let dir = temp_dir("survey");
    let store = dir.to_str().unwrap();
    let args = ["survey", "0.xx", "4.xx", "--upto", "200000", "--store", store];
    let (o, took) = interrupted(&args, Duration::from_secs(3));
    let err = stopped_at_ctrl_c(&o, took, "survey");
    let done: usize = err
        .split("after ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|d| d.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    let out = text(&o.stdout);
    assert!(done > 0, "{err}");
    assert_eq!(out.lines().count(), done, "{out}");
    let kept = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".json"))
        .count();
    assert_eq!(kept, done, "one file a finished code");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A command stopped before it proved anything (an exact search of a misère sum) says so in
/// one line, with status 130. Its memo of millions of positions is freed before it exits, so
/// it is given 5 s (the commands above, which keep what they proved, 1 s).
#[test]
fn nothing_proven_yet_is_said_in_one_line() {
    let (o, took) = interrupted(
        // Who wins an 8 x 8 Domineering board with three cells of its top row filled, under
        // the largest budget, by the outcome search (the value is out of reach): Left moving
        // first alone takes 23 million positions (15 s of a release build), nothing proven
        // before its end (the signal at 1.5 s and at 4 s both find nothing proven). The empty
        // board, used before, is answered within the 1.5 s since the outcome table's index was
        // mended (941 thousand positions).
        &[
            "analyze",
            "domineering",
            "#.#....#/......../......../......../......../......../......../........",
            "--budget",
            "33554432",
        ],
        Duration::from_millis(1500),
    );
    let err = stopped_within(&o, took, Duration::from_secs(5), "analyze");
    assert!(err.contains("before the answer was complete"), "{err}");
    assert!(o.stdout.is_empty());
}

/// `grundy COMMAND` with its standard input, output and error on pipes.
fn piped(command: &str) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// `pattern` reading values from a pipe that stays open (a producer still at work) ends at
/// Ctrl-C with status 130 and the line saying where it stopped: its read waits, so the stop
/// token alone would not end it (before, the signal killed it with no line and no status 130).
#[test]
fn pattern_stops_while_it_reads() {
    use std::io::Write;
    let mut child = piped("pattern");
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"0 1 1 2 0 3 1 1 0 3 3 2 2 4\n").unwrap();
    input.flush().unwrap();
    std::thread::sleep(Duration::from_secs(2));
    let sent = Instant::now();
    assert!(Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    let out = child.wait_with_output().unwrap();
    let took = sent.elapsed();
    drop(input);
    let err = stopped_at_ctrl_c(&out, took, "pattern");
    assert!(err.contains("while the input was read"), "{err}");
    assert!(out.stdout.is_empty());
}

/// `graph export` of 132,651 positions (seconds of work) stopped by Ctrl-C prints no partial
/// graph (a graph missing its last positions would read back as another game), says so in one
/// line and exits 130 within a second.
#[test]
fn graph_export_stops_with_nothing_half_written() {
    let (o, took) = interrupted(&["graph", "export", "nim", "50", "50", "50"], Duration::from_secs(2));
    let err = stopped_at_ctrl_c(&o, took, "graph export");
    assert!(err.contains("before the answer was complete"), "{err}");
    assert!(o.stdout.is_empty(), "{} bytes of a partial graph", o.stdout.len());
}

/// `value` stopped by Ctrl-C (a K-L-Nim heap of 1,000 under the largest `--work`: billions of
/// comparisons) ends within a second, with its one line and status 130.
#[test]
fn a_value_stops_at_ctrl_c() {
    let (o, took) = interrupted(&["value", "kl:2,3", "1000", "--work", "68719476736"], Duration::from_millis(1500));
    let err = stopped_at_ctrl_c(&o, took, "value");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(o.stdout.is_empty());
}

/// `batch` fed an endless stream of queries, its answers on a pipe that is read only after the
/// signal (so that it is often stopped while it writes), ends at Ctrl-C with status 130 and the
/// line saying how far it answered, every answer out whole: each line of its output is a JSON
/// object and the output ends with a newline (issue 80, row 13: the signal killed it, no
/// status 130, and the output on a pipe ended in the middle of an answer).
#[test]
fn batch_stops_between_answers() {
    use std::io::Write;
    let mut child = piped("batch");
    let mut input = child.stdin.take().unwrap();
    // Fed until the pipe closes: many small queries and, now and then, a larger one.
    let feeder = std::thread::spawn(move || {
        let lines = b"{\"game\":\"nim\",\"position\":[3,4,5]}\n{\"game\":\"kayles\",\"position\":[300,211,97]}\n";
        while input.write_all(lines).is_ok() {}
    });
    std::thread::sleep(Duration::from_secs(2));
    let sent = Instant::now();
    assert!(Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    let out = child.wait_with_output().unwrap();
    let took = sent.elapsed();
    feeder.join().unwrap();
    let err = stopped_at_ctrl_c(&out, took, "batch");
    assert!(err.contains("answered"), "{err}");
    let answers = text(&out.stdout);
    assert!(!answers.is_empty() && answers.ends_with('\n'), "the output ends in the middle of an answer");
    for (i, line) in answers.lines().enumerate() {
        let object: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}: {line}", i + 1));
        assert!(object.get("outcome").is_some(), "line {}: {line}", i + 1);
    }
}

/// A graph written to a file of its own for this process, read back with `@FILE`.
fn graph_file(name: &str, edges: impl Iterator<Item = (u64, u64)>) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-interrupt-{name}-{}.txt", std::process::id()));
    let text: Vec<String> = edges.map(|(u, v)| format!("{u}-{v}")).collect();
    std::fs::write(&path, text.join(",")).unwrap();
    path
}

/// Issue 80, row 4: Arc Kayles on a star of 99,999 edges (every pick deletes every edge: one
/// move, to the empty graph) is answered at once, where listing its options built and hashed
/// the graph each pick leaves (minutes, and the first Ctrl-C went unheard meanwhile).
#[test]
fn an_arc_kayles_star_of_99999_edges_is_answered_at_once() {
    let star = graph_file("star", (1..100_000).map(|v| (0, v)));
    let started = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "arc-kayles", &format!("@{}", star.display()), "--value-only"])
        .output()
        .unwrap();
    let took = started.elapsed();
    let _ = std::fs::remove_file(&star);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).lines().any(|l| l == "value: *"), "{}", text(&o.stdout));
    assert!(took < Duration::from_secs(10), "took {took:?}");
}

/// Issue 80, row 4: Arc Kayles's value of a path of 5,000 edges under the largest budget lists
/// options as long as the path (seconds of work before it is refused): Ctrl-C stops it within
/// a second, the stop checked between options as they are made one by one (before, the signal
/// waited 14 s for the refusal; with the check only after each list, over a second).
#[test]
fn an_arc_kayles_value_stops_at_ctrl_c_while_options_are_listed() {
    let path = graph_file("path", (0..5_000).map(|v| (v, v + 1)));
    let arg = format!("@{}", path.display());
    let (o, took) = interrupted(&["value", "arc-kayles", &arg, "--budget", "33554432"], Duration::from_millis(500));
    let _ = std::fs::remove_file(&path);
    let err = stopped_at_ctrl_c(&o, took, "value arc-kayles");
    assert!(err.contains("before the answer was complete"), "{err}");
}

/// An outcome search stopped by Ctrl-C prints what it had proven for each first player, and its
/// line. The board (an 8x8 with three cells of its top row filled) and a table of 1 MiB make a
/// search whose Left moving first is answered within 190 thousand positions (0.2 s of a
/// release build's CPU) and whose Right moving first takes 39.5 million (32 s): Ctrl-C at 5 s
/// falls between, with a wide margin in the slower test build. (The board of four cells filled
/// took 3.7 million positions in all once the outcome table's index was mended, and finished
/// within the 5 s.)
#[test]
fn an_outcome_search_prints_what_it_had_proven() {
    let board = "#.#.#.../......../......../......../......../......../......../........";
    let (o, took) = interrupted(&["analyze", "domineering", board, "--memory", "1048576"], Duration::from_secs(5));
    let err = stopped_at_ctrl_c(&o, took, "analyze");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("who wins is not known yet"), "{err}");
    let out = text(&o.stdout);
    assert!(out.starts_with("stopped at Ctrl-C after an outcome search of "), "{out}");
    assert!(out.contains("\n  Left moving first wins, with Left places a vertical domino on "), "{out}");
    assert!(out.contains("\n  Right moving first: "), "{out}");
}
