//! `analyze`, `play` and `serve` with `--store DIR`, through the real binary: a refusal names
//! the `grundy sg ... --store DIR` command that fills the store; after it, every heap the store
//! covers is answered, with every winning move, and the answers are those of a run that
//! computed the values itself.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::server;
use server::{post, start};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-store-answers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The command a refusal names, between backquotes, with DIR replaced by `dir`.
fn named_command(message: &str, dir: &str) -> Vec<String> {
    let command =
        message.split('`').find(|part| part.starts_with("grundy sg ")).expect("the command that fills the store");
    command.split_whitespace().skip(1).map(|w| if w == "DIR" { dir.to_string() } else { w.to_string() }).collect()
}

/// Fills a store of Grundy's game to 3000 by the command the refusal of `analyze` names, and
/// returns its directory.
fn filled_store(name: &str) -> String {
    let refused = grundy(&["analyze", "grundys-game", "3000", "--budget", "2000"]);
    assert_eq!(refused.status.code(), Some(2));
    let message = text(&refused.stderr);
    assert!(message.contains("--store DIR"), "{message}");
    let dir = temp_dir(name);
    let dir = dir.to_str().unwrap().to_string();
    let command = named_command(&message, &dir);
    let filled = grundy(&command.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(filled.status.success(), "{command:?}: {}", text(&filled.stderr));
    // The advised command fills the store and prints a summary, not 3,001 values (a million
    // from the advice for Grundy's game at 10^6 was 50,004 lines on a terminal).
    assert!(command.contains(&"--summary".to_string()), "{command:?}");
    let summary = text(&filled.stdout);
    assert!(summary.contains("counts (value: how many n)") && !summary.contains("\n      20: "), "{summary}");
    dir
}

/// The answer of a run that computes the values itself (the default budget holds them).
fn computed_answer() -> Value {
    let o = grundy(&["analyze", "grundys-game", "3000", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    serde_json::from_str(&text(&o.stdout)).unwrap()
}

#[test]
fn analyze_answers_from_the_store_with_every_winning_move() {
    let dir = filled_store("analyze");
    let o = grundy(&["analyze", "grundys-game", "3000", "--budget", "2000", "--store", &dir, "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stored: Value = serde_json::from_str(&text(&o.stdout)).unwrap();
    let computed = computed_answer();
    for key in ["outcome", "heap_values", "winning_moves", "winning_move_count"] {
        assert_eq!(stored[key], computed[key], "{key}");
    }
    assert!(stored["winning_moves"].as_array().unwrap().len() > 1);
    // Heaps past the store are refused again, naming the command.
    let o = grundy(&["analyze", "grundys-game", "5000", "--budget", "2000", "--store", &dir]);
    assert_eq!(o.status.code(), Some(2));
    // (with this store's directory: the advice is typed as it stands, and then answers)
    let fill = format!("grundy sg grundys-game --upto 5000 --store {dir} --summary`");
    assert!(text(&o.stderr).contains(&fill), "{}", text(&o.stderr));
    let command = named_command(&text(&o.stderr), "no DIR is left to fill in");
    let filled = grundy(&command.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(filled.status.success(), "{command:?}: {}", text(&filled.stderr));
    let o = grundy(&["analyze", "grundys-game", "5000", "--budget", "2000", "--store", &dir]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_without_a_store_is_refused_with_the_command_that_fills_it() {
    let dir = temp_dir("empty");
    let o = grundy(&["analyze", "grundys-game", "30", "--store", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = text(&o.stderr);
    let fill = format!("`grundy sg grundys-game --upto 30 --store {} --summary`", dir.display());
    assert!(e.contains("holds no stored values") && e.contains(&fill), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(!dir.exists(), "nothing is written");
}

#[test]
fn play_hints_every_winning_move_from_the_store() {
    let dir = filled_store("play");
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "grundys-game", "3000", "--budget", "2000", "--store", &dir])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"hint\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let computed = computed_answer();
    let count = computed["winning_move_count"].as_u64().unwrap();
    assert!(shown.contains(&format!("{count} winning moves:")), "{count}: {shown}");
    let first = computed["winning_moves"][0]["text"].as_str().unwrap();
    assert!(shown.contains(first), "{first}: {shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_answers_from_the_store() {
    let dir = filled_store("serve");
    let (server, addr, _) = start(&["--port", "0", "--store", &dir]);
    let response = post(&addr, r#"{"game": "grundys-game", "position": [3000], "budget": 2000}"#);
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    let json: Value = serde_json::from_str(response.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    let computed = computed_answer();
    assert_eq!(json["winning_moves"], computed["winning_moves"]);
    assert_eq!(json["outcome"], computed["outcome"]);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 46, row 16: `analyze --store` on a store the user cannot write said "cannot open the
/// lock file: Permission denied" and gave no answer. Made read-only (the directory and every
/// file), with its lock file and without one, the store answers as before and is left as it
/// was. (Run as root, permissions stop nothing and this passes regardless: the unit tests of
/// `store.rs` inject the refusal to write the lock file.)
#[test]
fn a_store_the_user_cannot_write_still_answers() {
    use std::os::unix::fs::PermissionsExt;
    let dir = filled_store("read-only");
    let path = std::path::Path::new(&dir);
    let set_mode = |mode: u32| {
        for entry in std::fs::read_dir(path).unwrap() {
            let file = entry.unwrap().path();
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode & 0o666)).unwrap();
        }
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    };
    let computed = computed_answer();
    for lock_file in [true, false] {
        if !lock_file {
            std::fs::remove_file(path.join("lock")).unwrap();
        }
        set_mode(0o555);
        // The store's files (as root, the lock file is made, permissions or not).
        let files = || -> Vec<(std::ffi::OsString, Vec<u8>)> {
            let mut files: Vec<_> = std::fs::read_dir(path)
                .unwrap()
                .map(|e| e.unwrap())
                .filter(|e| e.file_name() != "lock")
                .map(|e| (e.file_name(), std::fs::read(e.path()).unwrap()))
                .collect();
            files.sort();
            files
        };
        let before = files();
        let o = grundy(&["analyze", "grundys-game", "3000", "--budget", "2000", "--store", &dir, "--json"]);
        let after = files();
        set_mode(0o755);
        assert!(o.status.success(), "lock file {lock_file}: {}", text(&o.stderr));
        let stored: Value = serde_json::from_str(&text(&o.stdout)).unwrap();
        for key in ["outcome", "heap_values", "winning_moves", "winning_move_count"] {
            assert_eq!(stored[key], computed[key], "{key}");
        }
        assert!(before == after, "the store changed");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
