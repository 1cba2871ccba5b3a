//! `grundy nimber` end to end, through the built binary: values of nimber expressions, the
//! working of a product, and bad expressions refused in one line with exit status 2.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn values_of_expressions() {
    for (expr, want) in [
        ("8 * 8", "8 * 8 = 13\n"),
        ("3 + 5", "3 + 5 = 6\n"),
        ("7^-1", "7^-1 = 11\n"),
        ("7 * 11", "7 * 11 = 1\n"),
        ("2^64", "2^64 = 2\n"),
        ("18446744073709551615 / 18446744073709551615", "18446744073709551615 / 18446744073709551615 = 1\n"),
    ] {
        let out = grundy(&["nimber", expr]);
        assert!(out.status.success(), "{expr}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), want);
    }
    // Every value agrees with the library's product, which the unit tests check against the
    // definition (the mex over smaller nimbers) and the field laws.
    let v: serde_json::Value =
        serde_json::from_slice(&grundy(&["nimber", "123456789 * 987654321", "--json"]).stdout).unwrap();
    assert_eq!(v["value"], grundy::nim_mul(123_456_789, 987_654_321));
    assert_eq!(v["read_as"], "(123456789 * 987654321)");
}

#[test]
fn a_product_is_worked_out() {
    let out = text(&grundy(&["nimber", "8 * 2", "--explain"]).stdout);
    assert!(out.starts_with("8 * 2 = 12\n\nwhy:\n"), "{out}");
    assert!(out.contains("Conway, On Numbers and Games"), "{out}");
    assert!(out.contains("so it is 3 ⊗ 2^2 = 12"), "{out}");
}

#[test]
fn bad_expressions_are_refused_in_one_line() {
    for (expr, message) in [
        ("2 * x", "expected a number or '(', at 'x'"),
        ("3 / 0", "division by 0"),
        ("0^-1", "0 has no inverse"),
        ("-3", "nimbers are not negative"),
        ("18446744073709551616", "past 18446744073709551615"),
        ("(1 + 2", "a ')' is missing"),
        ("", "the expression is empty"),
    ] {
        let out = grundy(&["nimber", expr]);
        assert_eq!(out.status.code(), Some(2), "{expr}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{expr}: {err}");
        assert!(err.contains(message), "{expr}: {err}");
    }
    let v: serde_json::Value = serde_json::from_slice(&grundy(&["nimber", "2 * x", "--json"]).stdout).unwrap();
    assert_eq!((v["error"]["kind"].as_str(), v["error"]["argument"].as_str()), (Some("bad_input"), Some("EXPR")));
}
