//! Through the binary: Wythoff's game, sums of different games (`sum GAME=TOKENS ...`) and the
//! conventions beyond normal and misère play (`--every`, the SJ theorem for misère sums).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn json(args: &[&str]) -> Value {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn refused(args: &[&str]) -> String {
    let out = grundy(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    err
}

#[test]
fn wythoff_through_the_binary() {
    let v = json(&["analyze", "wythoff", "5", "8", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_move_count"], 2);
    let both = &v["winning_moves"][0];
    assert_eq!(both["text"], "take 1 from both heaps (5 8 -> 4 7)");
    assert_eq!(
        (both["heap"].clone(), both["width"].clone(), both["to"].clone()),
        (1.into(), 2.into(), serde_json::json!([4, 7]))
    );
    let text = String::from_utf8_lossy(&grundy(&["analyze", "wythoff", "5", "8", "--explain"]).stdout).to_string();
    assert!(text.contains("Wythoff's theorem (Wythoff, 1907)"), "{text}");
    assert!(refused(&["analyze", "wythoff", "5"]).contains("Wythoff's game takes two heaps, not 1"));
    assert!(refused(&["analyze", "wythoff", "5", "18446744073709551616"]).contains("heap 2"));
}

#[test]
fn every_sg_through_the_binary() {
    let v = json(&["analyze", "sum", "euclid=5,3", "euclid=3,2", "--every", "--json"]);
    assert_eq!(v["convention"], "every");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["heap_values"], serde_json::json!([3, 2]));
    assert!(v["explanation"].as_array().unwrap().iter().any(|l| l.as_str().unwrap().contains("Jia Zhihao")));
    let out = grundy(&["analyze", "nim", "3", "--every", "--misere"]);
    assert_eq!(out.status.code(), Some(2));
    // Every-SG takes each heap as one game: a heap that splits is refused before the game, at
    // every level.
    for level in ["perfect", "easy"] {
        assert!(refused(&["play", "kayles", "5", "3", "--every", "--level", level]).contains("can split into several"));
    }
}

/// `grundy play ... --every` read through its stdin until each prompt: what it printed, and
/// whether it is waiting for a line.
struct Terminal {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    chunks: std::sync::mpsc::Receiver<Vec<u8>>,
    all: String,
    seen: usize,
}

impl Terminal {
    fn start(args: &[&str]) -> Terminal {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (tx, chunks) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = std::io::Read::read(&mut stdout, &mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Terminal { child, stdin, chunks, all: String::new(), seen: 0 }
    }

    /// The output up to the next prompt (true) or the end (false).
    fn next(&mut self) -> (String, bool) {
        loop {
            if self.all[self.seen..].ends_with("your move> ") {
                let text = self.all[self.seen..].to_string();
                self.seen = self.all.len();
                return (text, true);
            }
            match self.chunks.recv_timeout(std::time::Duration::from_secs(30)) {
                Ok(chunk) => self.all.push_str(&String::from_utf8_lossy(&chunk)),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    let text = self.all[self.seen..].to_string();
                    self.seen = self.all.len();
                    return (text, false);
                }
                Err(e) => panic!("no prompt: {e}\n{}", self.all),
            }
        }
    }

    fn send(&mut self, line: &str) -> (String, bool) {
        writeln!(self.stdin.as_mut().unwrap(), "{line}").unwrap();
        self.next()
    }

    fn close(mut self) -> String {
        drop(self.stdin.take());
        let _ = self.child.wait();
        self.next();
        self.all
    }
}

#[test]
fn every_sg_is_won_in_the_terminal_by_following_the_hints() {
    let mut t = Terminal::start(&["play", "sum", "euclid=7,3", "euclid=5,2", "--every", "--seed", "4"]);
    let (intro, prompted) = t.next();
    assert!(prompted, "{intro}");
    assert!(intro.contains("Every-SG: each turn you move in every game that is not over"), "{intro}");
    assert!(intro.contains("joined by ';'"), "{intro}");
    // A legal turn that is not the winning one, then taken back with the computer's reply.
    let (after, _) = t.send("1 -> 4; 3 -> 1");
    assert!(
        after.contains("you: in game 1 (euclid): subtract 1 x 3 = 3 from number 1 (7 3 -> 4 3); in game 2 (euclid)"),
        "{after}"
    );
    assert!(after.contains("computer: "), "{after}");
    let (undone, _) = t.send("undo");
    assert!(undone.contains("took back 2 moves"), "{undone}");
    assert!(undone.contains("  1: euclid 7 3 | 2: euclid 5 2\n"), "{undone}");
    // A turn that forgets a game is refused, naming it.
    let (refused, _) = t.send("1 -> 4");
    assert!(refused.contains("illegal move: game 2 (euclid): no move was given for it"), "{refused}");
    // Then each turn as the hint says to type it, until the person wins.
    for _ in 0..10 {
        let (hint, prompted) = t.send("hint");
        assert!(prompted, "{hint}");
        assert!(hint.contains("You are winning"), "{hint}");
        let typed = hint.lines().find_map(|l| l.trim().strip_prefix("type: ")).unwrap().to_string();
        let (after, prompted) = t.send(&typed);
        assert!(!after.contains("illegal move"), "{typed}: {after}");
        if !prompted {
            assert!(after.contains("You win! Well played."), "{after}");
            return;
        }
    }
    panic!("no win after ten turns: {}", t.close());
}

#[test]
fn the_computer_wins_every_sg_in_the_terminal() {
    // The person empties no heap; the computer empties all three and wins.
    let mut t = Terminal::start(&["play", "nim", "3", "5", "7", "--every", "--seed", "1"]);
    t.next();
    let (end, prompted) = t.send("1 1; 2 1; 3 1");
    assert!(!prompted, "{end}");
    assert!(
        end.contains("you: take 1 from heap 1 (3 -> 2); take 1 from heap 2 (5 -> 4); take 1 from heap 3 (7 -> 6)"),
        "{end}"
    );
    assert!(
        end.contains("computer: take 2 from heap 1 (2 -> 0); take 4 from heap 2 (4 -> 0); take 6 from heap 3 (6 -> 0)"),
        "{end}"
    );
    assert!(end.contains("The computer wins."), "{end}");
    // Moving first from a won position, the computer wins without the person's help; in the
    // general form the whole turn is one move over the run of numbers.
    let mut t =
        Terminal::start(&["play", "sum", "euclid=5,3", "euclid=3,2", "--every", "--computer-first", "--seed", "1"]);
    let (first, prompted) = t.next();
    assert!(prompted, "{first}");
    assert!(first.contains("computer: in game 1 (euclid): subtract 1 x 3 = 3 from number 1 (5 3 -> 2 3); in game 2 (euclid): subtract 1 x 2 = 2 from number 1 (3 2 -> 1 2)"), "{first}");
    let (end, prompted) = t.send("1..4 -> 2 1 1 1");
    assert!(!prompted, "{end}");
    assert!(end.contains("The computer wins."), "{end}");
}

#[test]
fn misere_sums_name_the_sj_theorem() {
    let text = String::from_utf8_lossy(
        &grundy(&["analyze", "sum", "nim=7", "bounded:4=3", "subtraction:1,2,3=2", "--misere", "--explain"]).stdout,
    )
    .to_string();
    assert!(text.contains("SJ theorem (Jia Zhihao"), "{text}");
}

#[test]
fn a_sum_of_games_is_played_in_the_terminal() {
    // euclid 34,12 (value 2) + wythoff 2,2 (value 1) + nim 4: nim-sum 7, won. The person asks
    // for a hint and plays its first move each turn; the computer never wins.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "sum", "euclid=34,12", "wythoff=2,2", "nim=4", "--level", "perfect", "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // The winning moves, typed in the Move form the analysis gives.
    let moves = json(&["analyze", "sum", "euclid=34,12", "wythoff=2,2", "nim=4", "--json"]);
    let first = &moves["winning_moves"][0];
    let typed = format!(
        "{} -> {}\n",
        first["heap"],
        first["to"].as_array().unwrap().iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
    );
    child.stdin.take().unwrap().write_all(typed.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("  1: euclid 34 12 | 2: wythoff 2 2 | 3: nim 4\n"), "{text}");
    assert!(text.contains(&format!("you: {}", first["text"].as_str().unwrap())), "{text}");
}
