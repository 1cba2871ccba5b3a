//! The command line's inputs of the third hostile pass (issue 62): output lost to a full disk,
//! two writers of one quotient store, quotient states edited or linked to endless files, an
//! endless line into `play`, an expression whose functions cost more than its calls of G, an
//! export with no bound known before the work, and a position of ten million heaps. Each is
//! refused in one line (or reported), with exit status 2, at once.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Exit status 2 and one line on stderr holding `needle`.
fn refused(o: &Output, needle: &str, what: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{what}: {err}");
    assert!(err.contains(needle) && err.trim_end().lines().count() == 1, "{what}: {err}");
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Row 8: standard output on a full disk (`/dev/full`) is an error naming the failed write,
/// exit 2, for the commands that print through a buffer (sg, batch), line by line (analyze,
/// quotient, games) and through clap (--help).
#[test]
fn output_lost_to_a_full_disk_is_an_error() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["sg", "kayles", "--upto", "100000"][..],
        &["analyze", "nim", "3", "4", "5"],
        &["analyze", "nim", "3", "4", "5", "--json"],
        &["quotient", "octal:0.75"],
        &["games"],
        &["--help"],
    ] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).stdout(full).output().unwrap();
        refused(&o, "writing to standard output failed", &format!("{args:?}"));
    }
}

/// Row 9: a second `quotient --store DIR` of the same game is refused in one line while the
/// first runs (it would write its older state over the first's), as `sg --store` is.
#[test]
fn a_second_writer_of_a_quotient_store_is_refused() {
    let dir = temp_dir("lock");
    let store = dir.to_str().unwrap();
    let mut first = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["quotient", "octal:0.777", "--store", store, "--time", "20"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let state = dir.join("quotient-octal-0.777.lock");
    let started = Instant::now();
    while !state.exists() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    // The file is made, then locked: a moment later it is held.
    std::thread::sleep(Duration::from_millis(300));
    let o = grundy(&["quotient", "octal:0.777", "--store", store]);
    let _ = first.kill();
    let _ = first.wait();
    refused(&o, "in use by another grundy process", "second writer");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Rows 11 and 12: a state whose growth history was edited is refused as damaged, and so is a
/// table that is a link to /dev/zero (read with the bound its state's order gives, not until
/// the memory runs out), each in one line naming the file.
#[test]
fn edited_and_endless_quotient_states_are_refused_as_damaged() {
    let dir = temp_dir("state");
    let store = dir.to_str().unwrap();
    let o = grundy(&["quotient", "octal:0.764", "--upto", "1400", "--store", store]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let state_path = dir.join("quotient-octal-0.764.state");
    let state = std::fs::read_to_string(&state_path).unwrap();
    let growth = state.lines().find(|l| l.starts_with("growth ")).unwrap().to_string();
    // Edits that keep the last growth (the table it names): two entries swapped, an order
    // raised past the next one's.
    let entries: Vec<&str> = growth.split_whitespace().skip(1).collect();
    assert!(entries.len() >= 3, "{growth}");
    let mut swapped = entries.clone();
    swapped.swap(0, 1);
    let mut raised = entries.clone();
    let (heap, _) = entries[1].split_once(':').unwrap();
    let past = format!("{heap}:100000");
    raised[1] = &past;
    for edited in [swapped, raised] {
        let edited = format!("growth {}", edited.join(" "));
        std::fs::write(&state_path, state.replace(&growth, &edited)).unwrap();
        let o = grundy(&["quotient", "octal:0.764", "--upto", "1400", "--store", store]);
        refused(&o, "growth history", &edited);
    }
    std::fs::write(&state_path, &state).unwrap();
    let table = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains(".table-"))
        .unwrap();
    std::fs::remove_file(&table).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &table).unwrap();
    let started = Instant::now();
    let o = grundy(&["quotient", "octal:0.764", "--upto", "1400", "--store", store]);
    refused(&o, "is damaged", "a table linked to /dev/zero");
    assert!(started.elapsed() < Duration::from_secs(10));
    std::fs::remove_file(&table).unwrap();
    std::fs::write(&table, b"GQT1").unwrap();
    refused(&grundy(&["quotient", "octal:0.764", "--upto", "1400", "--store", store]), "is damaged", "a short table");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Row 18: `play` fed a line with no end (/dev/zero) refuses it in one line, exit 2, at once.
#[test]
fn an_endless_line_into_play_is_refused_at_once() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "nim", "3", "4", "5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let zeros = vec![0u8; 1 << 16];
        // Until the reader goes away: as /dev/zero, without end.
        while stdin.write_all(&zeros).is_ok() {}
    });
    let started = Instant::now();
    let o = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    refused(&o, "standard input: a line", "play < /dev/zero");
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
}

/// Row 14: an expression whose calls of G are within bounds but whose number-theoretic
/// functions factor a 64-bit semiprime at each call is refused in one line, where it ran for
/// minutes.
#[test]
fn an_expression_costly_in_factorisations_is_refused() {
    let started = Instant::now();
    let o = grundy(&[
        "verify",
        "--game",
        "nim",
        "--sg",
        "pick(min(n,1), 0, n + 0*(G(n-1)+G(n-1)) + 0*bigomega(18446743979220271189))",
    ]);
    refused(&o, "factorisation", "verify --sg");
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
}

/// Row 15: an export with no bound known before the work (K-L-Nim, a heap of a million: each
/// position has about a million moves) is refused by its forecast within its first positions.
#[test]
fn an_export_forecast_past_what_graph_files_hold_is_refused() {
    let started = Instant::now();
    let o = grundy(&["graph", "export", "kl:2,3", "1000000"]);
    refused(&o, "forecast", "graph export kl:2,3 1000000");
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
    // One that fits is written whole, as before.
    let o = grundy(&["graph", "export", "kl:2,3", "200"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Row 7: a position of ten million heaps from a file is refused before its tokens are kept
/// (with --json it took 3.3 GB), and one of 200,000 heaps is answered.
#[test]
fn a_position_of_ten_million_heaps_is_refused_before_it_is_held() {
    let dir = temp_dir("heaps");
    let path = dir.join("heaps.txt");
    std::fs::write(&path, "7 ".repeat(10_000_000)).unwrap();
    let at = format!("@{}", path.display());
    refused(&grundy(&["analyze", "nim", &at]), "the most grundy reads", "10^7 heaps");
    let o = grundy(&["analyze", "nim", &at, "--json"]);
    assert_eq!(o.status.code(), Some(2));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON error");
    assert_eq!(j["error"]["kind"], "refused", "{j}");
    std::fs::write(&path, "7 ".repeat(200_000)).unwrap();
    let o = grundy(&["analyze", "nim", &at]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
