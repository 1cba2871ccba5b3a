//! The static page's API ([`grundy_web::local`], compiled to WebAssembly for the page's Web
//! Workers) against the server's router: the same requests get the same status and the same
//! JSON, answers and errors alike, and the limits are the server's (memory, time) with the page
//! named in their refusals.

use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use serde_json::Value;
use tower::ServiceExt;

use grundy_web::local::Local;
use grundy_web::Config;

/// The server's answer to `method` at `target` with `body`: its status and JSON.
async fn served(method: &str, target: &str, body: &str) -> (u16, Value) {
    let request = Request::builder()
        .method(method)
        .uri(target)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let response = grundy_web::app().oneshot(request).await.expect("the router answers");
    let status = response.status().as_u16();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

fn local() -> Local {
    Local::new(Config { static_page: true, ..Config::default() })
}

/// The local answer: its status and JSON.
fn answered(local: &Local, method: &str, target: &str, body: &str) -> (u16, Value) {
    let answer = local.respond(method, target, body.as_bytes(), Duration::ZERO);
    (answer.status, serde_json::from_str(&answer.body).expect("JSON"))
}

/// Every request the page makes, with big numbers as strings and without, and the errors of
/// bad input, of unknown paths and of methods, answered alike.
#[tokio::test]
async fn the_local_api_answers_every_request_as_the_server_does() {
    let requests: &[(&str, &str, &str)] = &[
        ("GET", "/api/games?big=strings", ""),
        ("GET", "/api/games", ""),
        ("POST", "/api/analyze?big=strings", r#"{"game": "nim", "position": ["3", "4", "5"]}"#),
        ("POST", "/api/analyze", r#"{"game": "kayles", "position": [10, 11], "misere": true}"#),
        ("POST", "/api/analyze", r#"{"game": "subtraction:2,5", "position": [9], "limit": 1}"#),
        ("POST", "/api/analyze", r#"{"game": "hackenbush", "position": ["0-1:b,1-2:r", "0-1"], "to_move": "second"}"#),
        ("POST", "/api/analyze", r#"{"game": "domineering", "position": [".../..."]}"#),
        (
            "POST",
            "/api/move?big=strings",
            r#"{"game": "nim", "position": ["3", "4", "5"], "level": "perfect", "seed": 7, "human_move": "1 -> 0"}"#,
        ),
        ("POST", "/api/move", r#"{"game": "domineering", "position": [".../..."], "seed": 1}"#),
        ("POST", "/api/draw?big=strings", r#"{"game": "kayles", "position": ["5", "3"]}"#),
        ("POST", "/api/random?big=strings", r#"{"game": "wythoff", "seed": 7}"#),
        ("GET", "/api/sg?game=subtraction:2,5&upto=40&big=strings", ""),
        ("GET", "/api/sg?game=kayles&upto=30&misere=true", ""),
        ("GET", "/api/value?game=kl:2,3&position=4%205&big=strings", ""),
        ("GET", "/api/value?game=domineering&position=.../...", ""),
        // Games written as text: a loopy one (issue 81) and a short one.
        ("GET", "/api/value?game=a:%7B0,a%7C*%7D", ""),
        ("GET", "/api/value?game=dud", ""),
        ("GET", "/api/value?game=%7B1%7C0%7D&big=strings", ""),
        // The worksheet's lines (issue 84): a comparison, cooling, a form's options, a bad line.
        ("GET", "/api/value?game=%7B1%7C0%7D%20%3E%3D%20*", ""),
        ("GET", "/api/value?game=cool(%7B3%7C-1%7D,1)", ""),
        ("GET", "/api/value?game=options(%7B2%7C-1%7D)", ""),
        ("GET", "/api/value?game=cool(*,x)", ""),
        ("GET", "/api/value?game=sum&position=nim=2%20domineering=../..&options=true", ""),
        // Errors: bad input, an illegal move, a budget, limits, paths and methods.
        ("POST", "/api/analyze", "{"),
        ("POST", "/api/analyze", r#"{"game": "nim", "position": ["x"]}"#),
        ("POST", "/api/analyze?big=digits", r#"{"game": "nim", "position": [1]}"#),
        ("POST", "/api/move", r#"{"game": "nim", "position": [3], "human_move": "1 -> 5"}"#),
        ("POST", "/api/analyze", r#"{"game": "kayles", "position": [60, 61, 62], "misere": true, "budget": 10}"#),
        ("GET", "/api/sg?game=nim&upto=10001", ""),
        ("GET", "/api/sg?upto=5", ""),
        ("GET", "/api/value?game=kl:2,3", ""),
        ("GET", "/api/value?game=a:%7B0,b%7C*%7D", ""),
        ("POST", "/api/random", r#"{"game": "nim", "seed": 1, "extra": 2}"#),
        ("GET", "/api/nothing", ""),
        ("GET", "/api/analyze", ""),
        ("POST", "/api/games", "{}"),
    ];
    let local = local();
    for &(method, target, body) in requests {
        let server = served(method, target, body).await;
        let page = answered(&local, method, target, body);
        assert_eq!(page, server, "{method} {target} {body}");
    }
}

/// The limits are the server's, in the page's words: a request past the memory a request may
/// use is refused before it starts, one that waited out its time limit is not started, and
/// one past its time limit is stopped, each naming the page and the command line that does it.
#[test]
fn the_limits_are_the_servers_and_name_the_page() {
    let small = Local::new(Config { static_page: true, request_memory: 16 << 20, ..Config::default() });
    let (status, body) = answered(&small, "POST", "/api/analyze", r#"{"game": "nim", "position": [1]}"#);
    assert_eq!((status, body["kind"].as_str()), (422, Some("memory")), "{body}");
    assert!(body["error"].as_str().is_some_and(|e| e.contains("this page gives one request")), "{body}");

    let local = local();

    let waited = local.respond("POST", "/api/analyze", br#"{"game": "nim", "position": [1]}"#, Duration::from_secs(10));
    let body: Value = serde_json::from_str(&waited.body).expect("JSON");
    assert_eq!((waited.status, body["kind"].as_str()), (503, Some("busy")), "{body}");

    let short = Local::new(Config { static_page: true, time_limit: Duration::from_millis(200), ..Config::default() });
    let (status, body) =
        answered(&short, "POST", "/api/analyze", r#"{"game": "hex:0.8f", "position": [52], "misere": true}"#);
    assert_eq!((status, body["kind"].as_str()), (503, Some("time_limit")), "{body}");
    let error = body["error"].as_str().unwrap_or_default();
    // The advice is the command line, which has no time limit (`grundy serve` has the page's).
    assert!(error.contains("the page's time limit of 0.2 s") && !error.contains("grundy serve"), "{error}");
    assert!(error.ends_with("run it on the command line: grundy analyze hex:0.8f 52 --misere"), "{error}");
    assert_eq!(body["command"], "grundy analyze hex:0.8f 52 --misere", "{body}");
}
