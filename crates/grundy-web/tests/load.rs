//! The server under load and at its limits: slow requests cannot stall cheap ones, a request
//! past its time limit gets a 503 naming the command line, and a client that disconnects frees
//! its permit. The slow requests are misère Grundy's game of two heaps of 60 and more, whose
//! exact search takes minutes and checks the stop token as it goes (misère Kayles of 60, used
//! before, now reaches the search's budget within 6 s in a test build, before the limit these
//! tests set). The 300 ms limit of the 503 test still stops misère Kayles. Timing margins are
//! generous: the test machines have two shared cores.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use grundy_web::{app_with, Config};
use serde_json::{json, Value};
use tower::ServiceExt;

/// A misère search that runs for seconds within the server's largest budget: hex:0.8f (take
/// one and split the rest in up to three) of a heap of 49 to 52, 4 to 7 s alone in a release
/// build. Larger take-and-break sums are now refused at once (their bound on positions is past
/// the budget), so they no longer make slow requests.
fn slow_search(n: u64) -> Value {
    json!({"game": "hex:0.8f", "position": [52 - n % 4], "misere": true, "budget": grundy_web::MAX_BUDGET})
}

fn request(path: &str, body: &Value) -> Request<Body> {
    Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request")
}

/// Sends one request to the router; the status, the JSON body and how long it took.
async fn send(app: Router, request: Request<Body>) -> (StatusCode, Value, Duration) {
    let started = Instant::now();
    let response = app.oneshot(request).await.expect("the router answers");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null), started.elapsed())
}

/// A Nim analysis and its latency, checked correct.
async fn cheap(app: &Router) -> Duration {
    let (s, v, took) =
        send(app.clone(), request("/api/analyze", &json!({"game": "nim", "position": [7, 9, 12, 15]}))).await;
    assert_eq!((s, v["sg"].clone()), (StatusCode::OK, json!(13)), "{v}");
    took
}

#[tokio::test]
async fn slow_requests_leave_a_nim_analysis_answered_within_a_second() {
    let limit = Duration::from_secs(6);
    let app = app_with(Config { time_limit: limit, ..Config::default() });
    let started = Instant::now();
    let first: Vec<_> = (60..64)
        .map(|n| {
            let app = app.clone();
            tokio::spawn(async move { send(app, request("/api/analyze", &slow_search(n))).await })
        })
        .collect();
    // Right behind the burst (the slow ones hold the quick lane) ...
    tokio::time::sleep(Duration::from_millis(20)).await;
    let during_burst = cheap(&app).await;
    // ... and once they have moved to the slow lane, where they run on for seconds.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let mut later = Vec::new();
    for _ in 0..5 {
        later.push(cheap(&app).await);
    }
    let (s, v, sg_took) = send(
        app.clone(),
        Request::get("/api/sg?game=subtraction:2,5&upto=100").body(Body::empty()).expect("a request"),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v, move_took) =
        send(app.clone(), request("/api/move", &json!({"game": "nim", "position": [3, 4, 5]}))).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let cheap_done = started.elapsed();
    assert!(first.iter().all(|h| !h.is_finished()), "the slow requests were still running at {cheap_done:?}");

    // Four more: the slow lane is full, so they hold the quick lane until their quick time is
    // up, and wait for a slow permit after. A cheap request right behind them waits for the
    // quick lane to turn over.
    let more: Vec<_> = (64..68)
        .map(|n| {
            let app = app.clone();
            tokio::spawn(async move { send(app, request("/api/analyze", &slow_search(n))).await })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(20)).await;
    let both_lanes_full = cheap(&app).await;

    let mut slow_took = Vec::new();
    for h in first {
        let (s, v, took) = h.await.expect("the task ends");
        assert_eq!((s, v["kind"].clone()), (StatusCode::SERVICE_UNAVAILABLE, json!("time_limit")), "{v}");
        slow_took.push(took);
    }
    let mut more_took = Vec::new();
    for h in more {
        let (s, v, took) = h.await.expect("the task ends");
        // They start once the first four end, just before their own deadline.
        assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
        assert!(v["kind"] == "time_limit" || v["kind"] == "busy", "{v}");
        more_took.push(took);
    }
    eprintln!(
        "cheap: {during_burst:?} during the burst, {later:?} with four slow ones running, sg {sg_took:?}, \
         move {move_took:?}, {both_lanes_full:?} with both lanes full; slow: {slow_took:?}, then {more_took:?} \
         (limit {limit:?})"
    );
    for took in later.iter().chain([&during_burst, &sg_took, &move_took, &both_lanes_full]) {
        assert!(*took < Duration::from_secs(1), "a cheap request took {took:?}");
    }
    for took in slow_took.iter().chain(&more_took) {
        assert!(*took >= limit && *took < limit + Duration::from_secs(2), "a slow request took {took:?}");
    }
}

#[tokio::test]
async fn a_request_past_its_time_limit_gets_503_naming_the_command_line() {
    let limit = Duration::from_millis(300);
    let app = app_with(Config { time_limit: limit, ..Config::default() });
    let cases = [
        (
            request("/api/analyze", &json!({"game": "hex:0.8f", "position": [52], "misere": true})),
            "analyze hex:0.8f 52 (misère) stopped after the server's time limit of 0.3 s; \
             run it on the command line: grundy analyze hex:0.8f 52 --misere",
            "grundy analyze hex:0.8f 52 --misere",
        ),
        (
            request("/api/move", &json!({"game": "hex:0.8f", "position": [52], "misere": true, "budget": 2000000})),
            "the computer's move in hex:0.8f 52 (misère) stopped after the server's time limit of 0.3 s; \
             run it on the command line: grundy play hex:0.8f 52 --misere --computer-first",
            "grundy play hex:0.8f 52 --misere --computer-first",
        ),
    ];
    for (request, message, command) in cases {
        let (s, v, took) = send(app.clone(), request).await;
        assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
        // The command line on its own as well, for the page to show as a command to copy.
        assert_eq!(v, json!({"error": message, "kind": "time_limit", "command": command}));
        assert!(took >= limit && took < limit + Duration::from_millis(1500), "answered after {took:?}");
    }
}

/// Starts a server with `config` on a free loopback port, for the rest of the test process.
fn serve(config: Config) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = grundy_web::serve_with("127.0.0.1:0".parse().expect("an address"), config, move |addr| {
            let _ = tx.send(addr);
        });
    });
    rx.recv_timeout(Duration::from_secs(10)).expect("the server starts")
}

fn send_raw(addr: SocketAddr, body: &Value) -> TcpStream {
    let body = body.to_string();
    let head = format!(
        "POST /api/analyze HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let mut stream = TcpStream::connect(addr).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(60))).expect("a timeout");
    stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(body.as_bytes())).expect("sent");
    stream
}

/// Misère Kayles of 44 on `addr`, answered 200: about a second of search, so it needs the slow
/// lane. How long it took.
fn medium(addr: SocketAddr) -> Duration {
    let started = Instant::now();
    let mut stream = send_raw(addr, &json!({"game": "kayles", "position": [44], "misere": true}));
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("an answer");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"outcome\":\"N\""), "{response}");
    started.elapsed()
}

#[test]
fn a_client_that_disconnects_frees_its_permit() {
    // One slow permit, and a limit far past the test: only the disconnect can free the permit.
    let limit = Duration::from_secs(300);
    let addr = serve(Config { time_limit: limit, slow_permits: 1, ..Config::default() });
    let alone = medium(addr);
    // Misère Grundy's game of 60 and 61: still searching after 40 s (test build), where misère
    // Kayles gives up at the budget after about 17.
    let gone = send_raw(addr, &json!({"game": "grundys-game", "position": [60, 61], "misere": true}));
    // Past the quick lane: it holds the only slow permit now.
    std::thread::sleep(Duration::from_millis(1000));
    drop(gone);
    let after = medium(addr);
    eprintln!("a slow-lane request took {alone:?} alone and {after:?} right after a client disconnected");
    // Behind the first one it would wait for minutes.
    assert!(after < Duration::from_secs(30), "the next request took {after:?}");
}
