//! `grundy factor` end to end, through the built binary: GNU factor's output format, and a bad
//! token reported without losing the numbers around it.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

/// `grundy factor` with `input` on standard input and no numbers on the command line.
fn grundy_stdin(input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("factor")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(input.as_ref()).unwrap();
    child.wait_with_output().unwrap()
}

/// `12 abc 15`: both numbers are factored, `abc` gets one line naming it on stderr, and the exit
/// status is 1 at the end, as GNU factor does.
#[test]
fn a_bad_token_is_reported_and_the_others_are_factored() {
    for out in [grundy(&["factor", "12", "abc", "15"]), grundy_stdin("12 abc\n15\n")] {
        assert_eq!(String::from_utf8(out.stdout).unwrap(), "12: 2 2 3\n15: 3 5\n");
        assert_eq!(String::from_utf8(out.stderr).unwrap(), "grundy: 'abc' is not a number\n");
        assert_eq!(out.status.code(), Some(1));
    }
}

/// Each bad token gets its own line, with the reason: not a number, negative, past u64.
#[test]
fn every_bad_token_gets_its_own_line() {
    let out = grundy_stdin("x 6 -4 18446744073709551616 1.5 7");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "6: 2 3\n7: 7\n");
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "grundy: 'x' is not a number\n\
         grundy: '-4' is negative\n\
         grundy: '18446744073709551616' is past the largest supported value 18446744073709551615\n\
         grundy: '1.5' is not a number\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Good input only: exit 0 and nothing on stderr, from the arguments or from standard input.
#[test]
fn good_input_exits_0() {
    for out in [grundy(&["factor", "360", "1", "0"]), grundy_stdin("360\n1 0\n")] {
        assert_eq!(String::from_utf8(out.stdout).unwrap(), "360: 2 2 2 3 3 5\n1:\n0:\n");
        assert!(out.stderr.is_empty());
        assert_eq!(out.status.code(), Some(0));
    }
}

/// Input that is not UTF-8 is one bad token: the numbers around it are still factored.
#[test]
fn a_token_that_is_not_utf8_is_one_bad_token() {
    let out = grundy_stdin(b"\xff 12\n15\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "12: 2 2 3\n15: 3 5\n");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("is not a number"), "{err}");
}

/// Each line of standard input is answered as soon as it is read, before the input ends.
#[test]
fn standard_input_is_answered_line_by_line() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("factor")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"12\n").unwrap();
    stdin.flush().unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    // The input is still open: the answer can only come from reading line by line.
    reader.read_line(&mut first).unwrap();
    assert_eq!(first, "12: 2 2 3\n");
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
