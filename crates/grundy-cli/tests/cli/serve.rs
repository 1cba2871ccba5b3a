//! `grundy serve` end to end, through the built binary: its options, a request past the time
//! limit it was given, and requests past its memory, computed in worker processes so that the
//! server goes on. No test here asserts a time (`bench/stall.sh` measures the latencies).

use std::io::{Read, Write};
use std::process::Command;
use std::time::Duration;

use serde_json::Value;

use crate::server;
use server::{post, start, start_command};

#[test]
fn bad_time_limits_are_one_line_errors() {
    for (limit, why) in [("0", "must be more than 0"), ("-2", "is negative"), ("soon", "is not a number")] {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--port", "0", "--time-limit", limit])
            .output()
            .expect("the binary runs");
        assert_eq!(out.status.code(), Some(2), "{limit}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(&format!("--time-limit '{limit}' {why}")), "{limit}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    }
}

#[test]
fn a_request_past_the_time_limit_gets_503_with_the_command() {
    let (_server, addr, line) = start(&["--port", "0", "--time-limit", "0.5"]);
    assert!(line.contains("time limit 0.5 s and memory 1G per request, 8G in all"), "{line}");

    // Misère hex:0.8f of 52 searches for seconds (misère Kayles is now answered at once from its
    // misère quotient): the server answers at its limit.
    let body = r#"{"game": "hex:0.8f", "position": [52], "misere": true}"#;
    let response = post(&addr, body);
    assert!(response.starts_with("HTTP/1.1 503"), "{response}");
    let json: Value = serde_json::from_str(response.split("\r\n\r\n").nth(1).expect("a body")).expect("JSON");
    assert_eq!(json["kind"], "time_limit");
    assert_eq!(
        json["error"],
        "analyze hex:0.8f 52 (misère) stopped after the server's time limit of 0.5 s; \
         run it on the command line: grundy analyze hex:0.8f 52 --misere"
    );
}

/// The JSON body of a response.
fn json_body(response: &str) -> Value {
    serde_json::from_str(response.split("\r\n\r\n").nth(1).expect("a body")).expect("JSON")
}

/// Under an address-space limit of 8 GB, requests whose work would pass the memory of a
/// request are refused with 422 `memory`: at once when the forecast of their budget says so,
/// or when their worker process grows past it (the first moves of a huge heap of octal:0.16
/// were listed without a bound, past 3 GB), and the server answers the next request either way.
#[test]
fn requests_past_the_memory_of_a_request_are_refused_and_the_server_goes_on() {
    let mut sh = Command::new("sh");
    sh.args([
        "-c",
        r#"ulimit -v 8388608 && exec "$0" serve --port 0 --request-memory 256M --total-memory 512M"#,
        env!("CARGO_BIN_EXE_grundy"),
    ]);
    let (_server, addr, line) = start_command(sh);
    assert!(line.contains("memory 256M per request, 512M in all"), "{line}");
    let nim = r#"{"game": "nim", "position": [3, 4, 5]}"#;

    // A budget whose search could pass 256 MiB: refused before it starts.
    let response = post(&addr, r#"{"game": "kayles", "position": [52], "misere": true, "budget": 2000000}"#);
    assert!(response.starts_with("HTTP/1.1 422"), "{response}");
    let json = json_body(&response);
    assert_eq!(json["kind"], "memory", "{json}");
    assert_eq!(
        json["error"],
        "analyze kayles 52 (misère) could take up to 520.3 MiB of memory, past the 256.0 MiB this server gives one \
         request; run it on the command line: grundy analyze kayles 52 --misere --budget 2000000"
    );
    assert_eq!(json["command"], "grundy analyze kayles 52 --misere --budget 2000000");

    for _ in 0..2 {
        let response = post(&addr, r#"{"game": "octal:0.16", "position": ["1000000000"]}"#);
        let status: u16 = response[9..12].parse().expect("a status");
        assert!((200..500).contains(&status), "{response}");
        if status == 422 {
            assert_eq!(json_body(&response)["kind"], "memory", "{response}");
        }
        let response = post(&addr, nim);
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    }
}

/// `--host localhost`: a host name is resolved and the server answers on the address it names.
#[test]
fn a_host_name_is_resolved() {
    let (_server, addr, _) = start(&["--host", "localhost", "--port", "0"]);
    let mut stream = std::net::TcpStream::connect(&addr).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
    stream.write_all(format!("GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes()).expect("sent");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("an answer");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("<html"), "{response}");
}

/// A name that does not resolve, and a bad port: one line naming the host or port, exit 2.
#[test]
fn a_host_that_does_not_resolve_is_one_line() {
    for (args, needle) in [
        (
            ["--host", "no-such-host.invalid", "--port", "0"],
            "--host 'no-such-host.invalid' is not an IP address and does not resolve as a host name (",
        ),
        (["--host", "", "--port", "0"], "--host '' is empty"),
        (["--host", "localhost", "--port", "70000"], "--port '70000' is past 65535"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy")).arg("serve").args(args).output().expect("the binary runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with("grundy: ") && stderr.contains(needle), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    }
}

/// Issue 62, row 17: a GET with a 90 KB query (past hyper's own bound on a URL, which answered
/// a bare 414 with no body) gets the API's JSON error like every other refusal, and the server
/// answers the next request; a query just within the bound reaches the router (a 400 naming
/// the bad part).
#[test]
fn a_huge_query_gets_a_json_error() {
    let (_server, addr, _) = start(&["--port", "0"]);
    let get = |target: &str| {
        let mut stream = std::net::TcpStream::connect(&addr).expect("connects");
        stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
        stream
            .write_all(format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes())
            .expect("sent");
        let mut response = String::new();
        stream.read_to_string(&mut response).expect("an answer");
        response
    };
    let huge = format!("/api/value?game=nim&position={}", "1".repeat(90_000));
    let response = get(&huge);
    assert!(response.starts_with("HTTP/1.1 414"), "{response:.300}");
    let json = json_body(&response);
    assert_eq!(json["kind"], "too_large", "{json}");
    assert!(json["error"].as_str().unwrap().contains("request line is longer than"), "{json}");
    let within = format!("/api/value?game=nim&position={}", "1".repeat(50_000));
    let response = get(&within);
    assert!(response.starts_with("HTTP/1.1 4") && !response.starts_with("HTTP/1.1 414"), "{response:.300}");
    assert!(json_body(&response)["error"].is_string(), "{response:.300}");
    assert!(get("/api/games").starts_with("HTTP/1.1 200"));
}
