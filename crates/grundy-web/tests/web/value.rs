//! `GET /api/value`: Conway's value of a position (the router in-process), its fields as
//! `grundy value --json` writes them, the thermograph drawn, and its errors as JSON 4xx.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy::GameStore;
use serde_json::Value;
use tower::ServiceExt;

async fn get(path: &str) -> (StatusCode, Value) {
    let request = Request::get(path).body(Body::empty()).expect("a request");
    let response = grundy_web::app().oneshot(request).await.expect("the router answers");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// An error answer: `want`, one line naming `contains`, of kind `kind`.
fn assert_error(status: StatusCode, body: &Value, want: StatusCode, kind: &str, contains: &str) {
    assert_eq!(status, want, "{body}");
    let message = body["error"].as_str().unwrap_or_else(|| panic!("an error message: {body}"));
    assert!(message.contains(contains) && !message.contains('\n'), "'{message}' should contain '{contains}'");
    assert_eq!(body["kind"], kind, "{body}");
}

/// K-L-Nim's value (kl:2,3: Left never takes exactly 2, Right never exactly 3), each field as
/// the CLI writes it; a heap's value is read back by `GameStore::parse`, and two heaps' value
/// is the sum of theirs (Conway: the value of a sum is the sum of the values).
#[tokio::test]
async fn the_value_of_a_kl_nim_position_with_its_thermograph() {
    let (s, one) = get("/api/value?game=kl:2,3&position=4").await;
    assert_eq!(s, StatusCode::OK, "{one}");
    assert_eq!(one["canonical"], "{0,*|↓,↓*}");
    assert_eq!(
        (one["outcome"].as_str(), one["mean"].as_str(), one["temperature"].as_str()),
        (Some("N"), Some("0"), Some("0"))
    );
    assert_eq!(one["stops"], serde_json::json!(["0", "0"]));
    assert_eq!(one["outcome_words"], "the player to move wins");
    let svg = one["thermograph_svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("data-wall=\"left\"") && svg.contains("temperature 0"), "{svg}");
    assert!(one.get("canonical_not_written").is_none(), "{one}");

    let (_, other) = get("/api/value?game=kl:2,3&position=3").await;
    let (s, both) = get("/api/value?game=kl:2,3&position=4%203").await;
    assert_eq!(s, StatusCode::OK, "{both}");
    assert_eq!(both["position"], serde_json::json!(["4", "3"]));
    let mut store = GameStore::new();
    let parse = |store: &mut GameStore, v: &Value| store.parse(v["canonical"].as_str().unwrap()).unwrap();
    let (a, b, sum) = (parse(&mut store, &one), parse(&mut store, &other), parse(&mut store, &both));
    assert_eq!(store.sum(a, b).unwrap(), sum);
}

/// An impartial game's value is the nimber of its Sprague-Grundy value; a hot game's mean and
/// temperature are exact fractions as strings; `?big=strings` writes the count as a string.
#[tokio::test]
async fn impartial_values_are_nimbers_and_numbers_are_strings() {
    let (s, v) = get("/api/value?game=nim&position=3+5").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (v["canonical"].as_str(), v["outcome"].as_str(), v["temperature"].as_str()),
        (Some("*6"), Some("N"), Some("0"))
    );
    let (_, big) = get("/api/value?game=nim&position=3+5&big=strings").await;
    // Each heap is valued by its own analysis, one position each.
    assert_eq!(big["positions"], "2");
    assert_eq!(v["positions"], 2);
}

#[tokio::test]
async fn value_errors_are_json_4xx_naming_the_bad_part() {
    let (s, v) = get("/api/value?position=4").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "bad_input", "'game'");
    let (s, v) = get("/api/value?game=kl:2,3").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "bad_input", "'position'");
    let (s, v) = get("/api/value?game=kl:2,3&position=x").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "bad_input", "x");
    let (s, v) = get("/api/value?game=no-such-game&position=1").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "bad_input", "no-such-game");
    let (s, v) = get("/api/value?game=kl:2,3&position=4&budget=lots").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "bad_input", "budget");
    let (s, v) = get("/api/value?game=kl:2,3&position=4&budget=99999999999").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "bad_input", "cap");
    // Past the budget of positions valued: 422, before any answer is guessed.
    let (s, v) = get("/api/value?game=kl:2,3&position=9+9&budget=5").await;
    assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "budget", "5");
    // Northcott's game says who moves: it has no value as a short game.
    let (s, v) = get("/api/value?game=northcott&position=8:1,5+7:2,7+6:6,3").await;
    assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "unsupported", "whose turn it is");
}

/// A value past what a request may do, whose outcome its parts decide (twenty K-L-Nim heaps,
/// each of atomic weight -1 in kl:2,3): the refusal says the outcome, as `grundy value` does.
#[tokio::test]
async fn a_value_refused_says_the_outcome_its_parts_decide() {
    let heaps: Vec<String> = (0..20u64).map(|i| (2 + (i * 7) % 30).to_string()).collect();
    let (s, v) = get(&format!("/api/value?game=kl:2,3&position={}", heaps.join("+"))).await;
    assert_error(
        s,
        &v,
        StatusCode::UNPROCESSABLE_ENTITY,
        "work_limit",
        "its outcome is known without it: Right wins whoever starts (outcome class R)",
    );
}

/// A game written as text with no position (issue 81): a loopy game's report, with the outcome
/// each player first, the stopper flag and the sides; a short game's as before; a text that
/// does not read is 400 `bad_input` naming the bad part, in one line.
#[tokio::test]
async fn a_game_written_as_text_short_or_loopy() {
    let (s, upon) = get("/api/value?game=a:%7B0,a%7C*%7D").await;
    assert_eq!(s, StatusCode::OK, "{upon}");
    assert_eq!((upon["value"].as_str(), upon["canonical"].as_str()), (Some("upon"), Some("upon")));
    assert_eq!((upon["outcome_left_first"].as_str(), upon["stopper"].as_bool()), (Some("L"), Some(true)));
    let (s, dud) = get("/api/value?game=dud").await;
    assert_eq!(s, StatusCode::OK, "{dud}");
    assert_eq!((dud["onside"].as_str(), dud["offside"].as_str()), (Some("on"), Some("off")));
    assert_eq!((dud["outcome_left_first"].as_str(), dud["outcome_right_first"].as_str()), (Some("D"), Some("D")));
    assert!(dud["mean"].is_null() && dud["mean_note"].is_string(), "{dud}");
    let (s, short) = get("/api/value?game=%7B1%7C0%7D").await;
    assert_eq!(s, StatusCode::OK, "{short}");
    assert_eq!((short["canonical"].as_str(), short["mean"].as_str()), (Some("{1|0}"), Some("1/2")));
    assert!(short.get("stopper").is_none(), "{short}");
    for (text, names) in [
        ("a:%7B0,b%7C*%7D", "'b'"),
        ("a:%7B0%7C%7D%20%2B%20a:%7B%7C0%7D", "defined twice"),
        ("pass", "'pass'"),
        ("%7Bpass%7D", "bar"),
    ] {
        let (s, body) = get(&format!("/api/value?game={text}")).await;
        assert_error(s, &body, StatusCode::BAD_REQUEST, "bad_input", names);
    }
}

/// The worksheet's lines (issue 84) as `grundy value 'LINE' --json` answers them: a comparison
/// with the relation found, cooling and freezing (Winning Ways, chapter 6: {3|-1} cooled by 1
/// is {2|0}, frozen 1*), a form's options; a line that does not read is a 400 naming the bad
/// part, and cooling by a game that is not a number a 422 saying so.
#[tokio::test]
async fn worksheet_lines_compare_cool_and_list_options() {
    let (s, v) = get("/api/value?game=%7B1%7C0%7D%20%3E%3D%20*").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        v,
        serde_json::json!({"comparison": ">=", "game": "{1|0} >= *", "holds": true, "left": "{1|0}",
            "relation": ">", "relation_words": "{1|0} > *", "right": "*"})
    );
    let (s, v) = get("/api/value?game=cool(%7B3%7C-1%7D,1)").await;
    assert_eq!((s, v["canonical"].as_str()), (StatusCode::OK, Some("{2|0}")), "{v}");
    let (_, v) = get("/api/value?game=freeze(%7B3%7C-1%7D)").await;
    assert_eq!(v["canonical"], "1*");
    let (s, v) = get("/api/value?game=options(%7B2%7C-1%7D)").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["left"], serde_json::json!([{"position": [], "value": "2"}]));
    assert_eq!(v["right"], serde_json::json!([{"position": [], "value": "-1"}]));
    let (s, v) = get("/api/value?game=cool(*,x)").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "bad_input", "unknown name `x`");
    let (s, v) = get("/api/value?game=%7B1%7C0%7D%3D%3E*").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "bad_input", "unknown comparison `=>`");
    let (s, v) = get("/api/value?game=cool(*,*)").await;
    assert!(s.is_client_error(), "{v}");
    assert!(v["error"].as_str().unwrap().contains("is not a number"), "{v}");
}

/// A position's options (`&options=true`), as `grundy value --options --json` lists them: the
/// empty 2x2 Domineering board is ±1, Left's two vertical dominoes leave 1, Right's two
/// horizontal ones -1; options=true without a position, or options=maybe, is a 400.
#[tokio::test]
async fn a_positions_options_with_their_values() {
    let (s, v) = get("/api/value?game=domineering&position=../..&options=true").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        v,
        serde_json::json!({"game": "domineering", "position": ["../.."], "value": "±1",
            "left": [{"position": ["L./L."], "value": "1"}, {"position": [".L/.L"], "value": "1"}],
            "right": [{"position": ["RR/.."], "value": "-1"}, {"position": ["../RR"], "value": "-1"}]})
    );
    let (s, v) = get("/api/value?game=%7B1%7C0%7D&options=true").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "bad_input", "options=true lists a position's options");
    let (s, v) = get("/api/value?game=nim&position=3&options=maybe").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "bad_input", "options=maybe: give true or false");
}
