//! One report of Conway's value: `grundy value GAME POSITION --json` prints, byte for byte,
//! the body `GET /api/value` answers for the same position (the router called in-process),
//! since both write the library's `ValueReport` through its one `Serialize`.

use std::process::Command;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use tower::ServiceExt;

/// What `grundy value ARGS --json` prints, without its line end.
fn cli(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("value")
        .args(args)
        .arg("--json")
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let mut body = out.stdout;
    assert_eq!(body.pop(), Some(b'\n'), "{args:?}: one line");
    body
}

/// A query's value escaped.
fn escape(t: &str) -> String {
    t.replace('%', "%25")
        .replace('&', "%26")
        .replace('+', "%2B")
        .replace(' ', "%20")
        .replace('|', "%7C")
        .replace('<', "%3C")
        .replace('>', "%3E")
}

/// The body of `GET /api/value` for `game` and the position's tokens.
async fn web(game: &str, position: &[&str]) -> Vec<u8> {
    let path = format!("/api/value?game={}&position={}", escape(game), escape(&position.join(" ")));
    body(&path).await
}

/// The body of the answer to `GET path`, which must be 200.
async fn body(path: &str) -> Vec<u8> {
    let request = Request::get(path).body(Body::empty()).expect("a request");
    let response = grundy_web::app().oneshot(request).await.expect("the router answers");
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body").to_vec()
}

/// A partizan board game, a partizan heap game, an impartial game (a nimber) and a sum of
/// both kinds: the two front ends' bytes are the same, and hold every field of the report.
#[tokio::test]
async fn grundy_value_json_is_the_api_reply_byte_for_byte() {
    let cases: [(&str, &[&str]); 5] = [
        ("kl:2,3", &["4"]),
        ("kl:1,2", &["3", "5"]),
        ("nim", &["3", "5"]),
        ("domineering", &["../.."]),
        ("sum", &["kl:1,2=5", "nim=3", "hackenbush=0-1:b,1-2:r"]),
    ];
    for (game, position) in cases {
        let mut args = vec![game];
        args.extend_from_slice(position);
        let (printed, answered) = (cli(&args), web(game, position).await);
        assert_eq!(String::from_utf8_lossy(&printed), String::from_utf8_lossy(&answered), "{args:?}");
        let v: serde_json::Value = serde_json::from_slice(&printed).expect("JSON");
        for key in ["canonical", "game", "mean", "outcome", "outcome_words", "position", "positions", "stops"] {
            assert!(v.get(key).is_some(), "{args:?}: no {key} in {v}");
        }
        assert!(v["thermograph_svg"].as_str().is_some_and(|s| s.starts_with("<svg")), "{args:?}");
    }
}

/// A game written as text, short or loopy (issue 81): `grundy value 'TEXT' --json` prints the
/// body `GET /api/value?game=TEXT` answers, byte for byte.
#[tokio::test]
async fn a_texts_value_is_the_api_reply_byte_for_byte() {
    for text in ["{1|0}", "^+*", "a:{0,a|*}", "on + over", "dud", "c:{a:{0||c|}||a|}", "over - v"] {
        let (printed, answered) = (cli(&[text]), body(&format!("/api/value?game={}", escape(text))).await);
        assert_eq!(String::from_utf8_lossy(&printed), String::from_utf8_lossy(&answered), "{text}");
    }
}

/// The worksheet's lines (issue 84), a comparison, cooling and a form's options, and a
/// position's options (`--options`, `&options=true`): the two front ends' bytes are the same.
#[tokio::test]
async fn the_worksheets_answers_are_the_api_replies_byte_for_byte() {
    for text in ["{1|0} >= *", "^ || *", "cool({3|-1}, 1)", "freeze({3|-1})", "options({2,{2|0}|-1,*})"] {
        let (printed, answered) = (cli(&[text]), body(&format!("/api/value?game={}", escape(text))).await);
        assert_eq!(String::from_utf8_lossy(&printed), String::from_utf8_lossy(&answered), "{text}");
    }
    let printed = cli(&["sum", "nim=2", "domineering=../..", "--options"]);
    let answered =
        body(&format!("/api/value?game=sum&position={}&options=true", escape("nim=2 domineering=../.."))).await;
    assert_eq!(String::from_utf8_lossy(&printed), String::from_utf8_lossy(&answered));
}

/// A loopy game (Fox and Geese, issue 81): the two front ends' bytes are the same, with every
/// key of a short game's report (those a loopy game has not null, a `_note` saying why) and
/// the loopy keys: the value, the outcome with each player first, whether it is a stopper.
#[tokio::test]
async fn a_loopy_games_value_is_the_api_reply_byte_for_byte() {
    let board = "F......./......../G.G.....";
    let (printed, answered) = (cli(&["fox-and-geese", board]), web("fox-and-geese", &[board]).await);
    assert_eq!(String::from_utf8_lossy(&printed), String::from_utf8_lossy(&answered));
    let v: serde_json::Value = serde_json::from_slice(&printed).expect("JSON");
    for key in
        ["canonical", "game", "mean", "outcome", "outcome_words", "position", "positions", "stops", "thermograph_svg"]
    {
        assert!(v.get(key).is_some(), "no {key} in {v}");
    }
    assert_eq!(v["value"], "{2|*}", "{v}");
    assert_eq!(v["canonical"], v["value"], "a stopper's simplest form: {v}");
    assert_eq!((v["outcome_left_first"].as_str(), v["outcome_right_first"].as_str()), (Some("L"), Some("L")), "{v}");
    assert_eq!((v["stopper"].as_bool(), v["outcome"].as_str()), (Some(true), Some("L")), "{v}");
    assert!(v["onside"].is_null() && v["offside"].is_null() && v["mean"].is_null() && v["stops"].is_null(), "{v}");
    assert!(v["mean_note"].as_str().is_some_and(|n| n.contains("loopy")), "{v}");
}
