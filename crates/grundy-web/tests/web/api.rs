//! The router in-process (tower's `oneshot`) for every endpoint and every error, and once on a
//! real loopback port.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use tower::ServiceExt;

async fn call(request: Request<Body>) -> (StatusCode, Value, String) {
    let response = grundy_web::app().oneshot(request).await.expect("the router answers");
    let status = response.status();
    let content_type = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
    let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    let text = if json.is_null() { String::from_utf8_lossy(&bytes).into_owned() } else { content_type };
    (status, json, text)
}

async fn post(path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let request = Request::post(path).header("content-type", "application/json").body(body.into()).expect("a request");
    let (s, v, _) = call(request).await;
    (s, v)
}

async fn post_json(path: &str, body: Value) -> (StatusCode, Value) {
    post(path, body.to_string()).await
}

async fn get(path: &str) -> (StatusCode, Value, String) {
    call(Request::get(path).body(Body::empty()).expect("a request")).await
}

/// An error answer: the status, a one-line message containing `contains`, and its kind, the
/// only other fields the one a page reads to phrase the error itself.
fn assert_error(status: StatusCode, body: &Value, want: StatusCode, contains: &str) {
    assert_eq!(status, want, "{body}");
    let message = body["error"].as_str().unwrap_or_else(|| panic!("an error message: {body}"));
    assert!(message.contains(contains), "'{message}' should contain '{contains}'");
    assert!(!message.contains('\n'), "one line: {message}");
    let kind = body["kind"].as_str().unwrap_or_else(|| panic!("a kind: {body}"));
    let fields = body.as_object().map(|o| o.keys().map(String::as_str).collect::<Vec<_>>()).unwrap_or_default();
    let extra: &[&str] = match kind {
        "budget" => &["suggested_budget", "budget_units", "command"],
        "work_limit" | "time_limit" | "busy" => &["command"],
        _ => &[],
    };
    for field in fields {
        assert!(
            ["error", "kind"].contains(&field) || extra.contains(&field),
            "no field {field} in a {kind} error: {body}"
        );
    }
}

/// The kind of an error answer, as `assert_error` checked it.
fn kind(body: &Value) -> &str {
    body["kind"].as_str().unwrap_or("")
}

#[tokio::test]
async fn analyze_returns_the_cli_json_object() {
    let (s, a) = post_json(
        "/api/analyze",
        json!({"game": "nim", "position": [7, 9, 12, 15], "misere": false, "to_move": "first"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    // The same object as `grundy analyze --json`, since both serialise `grundy::Analysis`, and
    // the game's rules in a sentence.
    let game: grundy::Game = "nim".parse().unwrap();
    let pos = game.parse_position(&["7", "9", "12", "15"]).unwrap();
    let mut expected =
        serde_json::to_value(grundy::analyze(&game, &pos, &grundy::AnalyzeOptions::default()).unwrap()).unwrap();
    expected["rules"] = json!(game.rules_sentence());
    // How moves are typed, with the game's own numbers.
    expected["move_syntax"] = json!(grundy::frontend::move_syntax_of("nim").unwrap());
    // Each listed move as it is typed, and moves of the player to move as examples.
    expected["typed"] = json!(["2 5", "3 11", "4 13"]);
    expected["examples"] = json!([{"typed": "1 1", "words": "take 1 from heap 1 (7 -> 6)"}]);
    assert_eq!(a, expected);
    assert_eq!(a["rules"], "A move takes one or more objects from one heap.");
    assert_eq!(a["outcome"], "N");
    assert_eq!(a["sg"], 13);
    assert_eq!(a["winning_move_count"], 3);
    let results: Vec<&Value> = a["winning_moves"].as_array().unwrap().iter().map(|m| &m["result"]).collect();
    assert!(results.contains(&&json!([7, 9, 1, 15])));

    // Tokens as strings, misère, the second player to move, kl.
    let (s, a) = post_json("/api/analyze", json!({"game": "bounded", "position": ["7/3", "5/2"]})).await;
    assert_eq!(s, StatusCode::OK, "{a}");
    assert_eq!(a["tokens"], json!(["7/3", "5/2"]));
    let (s, a) = post_json("/api/analyze", json!({"game": "nim", "position": [1, 1], "misere": true})).await;
    assert_eq!((s, a["outcome"].clone(), a["sg"].clone()), (StatusCode::OK, json!("N"), Value::Null));
    let (s, a) = post_json("/api/analyze", json!({"game": "kl:2,3", "position": [1, 5], "to_move": "second"})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(a["to_move"], "second");
    assert_eq!(a["rules"], json!("kl:2,3".parse::<grundy::Game>().unwrap().rules_sentence()));
    // The move syntax names the game's own numbers, not its kind's capitals.
    let (s, a) = post_json("/api/analyze", json!({"game": "subtraction:2,5", "position": [9]})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        a["move_syntax"],
        "`HEAP TAKE` takes TAKE objects (a size in 2, 5) from heap HEAP; `HEAP -> LEFT` leaves LEFT in it"
    );
}

#[tokio::test]
async fn analyze_errors_are_json_4xx() {
    let cases: Vec<(Body, StatusCode, &str, &str)> = vec![
        (Body::from("{\"game\": \"nim\", "), StatusCode::BAD_REQUEST, "malformed JSON", "bad_input"),
        (Body::from("not json"), StatusCode::BAD_REQUEST, "malformed JSON", "bad_input"),
        (Body::from("{\"position\": [1]}"), StatusCode::BAD_REQUEST, "missing field `game`", "bad_input"),
        (
            Body::from(json!({"game": "nom", "position": [1]}).to_string()),
            StatusCode::BAD_REQUEST,
            "unknown game 'nom'",
            "bad_input",
        ),
        (
            Body::from(json!({"game": "nim", "position": [3, -4]}).to_string()),
            StatusCode::BAD_REQUEST,
            "heap 2 '-4' is negative",
            "bad_input",
        ),
        (
            Body::from(json!({"game": "nim", "position": [1.5]}).to_string()),
            StatusCode::BAD_REQUEST,
            "heap 1 '1.5' is not a number",
            "bad_input",
        ),
        (
            Body::from(json!({"game": "nim", "position": [[1]]}).to_string()),
            StatusCode::BAD_REQUEST,
            "position entry 1",
            "bad_input",
        ),
        (
            Body::from(json!({"game": "nim", "position": []}).to_string()),
            StatusCode::BAD_REQUEST,
            "the position is empty",
            "bad_input",
        ),
        (
            Body::from(json!({"game": "nim", "position": [1], "to_move": "third"}).to_string()),
            StatusCode::BAD_REQUEST,
            "unknown player 'third'",
            "bad_input",
        ),
        (
            Body::from(json!({"game": "nim", "position": [1], "budget": 1u64 << 40}).to_string()),
            StatusCode::BAD_REQUEST,
            "past this server's cap",
            "bad_input",
        ),
        (
            Body::from(
                json!({"game": "subtraction:1,2,100000000", "position": [30, 30, 30], "misere": true, "budget": 100}).to_string(),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            "the budget of 100 positions searched is not enough; it needs at most 29791 (about 7.3 MiB): send \"budget\": 29791",
            "budget",
        ),
        (Body::from(vec![b' '; (1 << 20) + 1]), StatusCode::PAYLOAD_TOO_LARGE, "over 1048576 bytes", "too_large"),
    ];
    for (body, want, contains, want_kind) in cases {
        let (s, v) = post("/api/analyze", body).await;
        assert_error(s, &v, want, contains);
        assert_eq!(kind(&v), want_kind, "{v}");
    }
    // A JSON number past u64 is a float by then: the message says so instead of quoting it.
    let (s, v) = post("/api/analyze", r#"{"game": "nim", "position": [18446744073709551616]}"#).await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "heap 1 is a number past 18446744073709551615");
    assert!(!v["error"].as_str().unwrap().contains("e+19"), "{v}");
}

/// A budget that runs out says, besides the message, the budget that would do and the command
/// line that asks for it, so that the page can say it in its own words; past every budget it
/// says neither.
#[tokio::test]
async fn budget_errors_name_the_budget_and_the_command_line() {
    // Within the server's cap: the API's field in the message, the command line as well.
    let (s, v) = post_json(
        "/api/analyze",
        json!({"game": "subtraction:1,2,100000000", "position": [30, 30, 30], "misere": true, "budget": 100}),
    )
    .await;
    assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "send \"budget\": 29791");
    assert_eq!(kind(&v), "budget");
    assert_eq!(v["suggested_budget"], 29791);
    assert_eq!(v["budget_units"], "positions searched");
    assert_eq!(v["command"], "grundy analyze subtraction:1,2,100000000 30 30 30 --misere --budget 29791");

    // Past the server's cap, as the page meets it (the page sends no budget): an all-but table,
    // whose need is bounded before the work (16 max(S) entries: 16 x 3,000,002). (A subtraction
    // game of one size, which this once was, is the interval s..s, answered by its closed form.)
    let (s, v) =
        post_json("/api/analyze?big=strings", json!({"game": "allbut:3000000,3000002", "position": ["10000000"]}))
            .await;
    assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "on the command line takes --budget 48000032");
    assert_eq!(
        (kind(&v), &v["suggested_budget"], &v["budget_units"]),
        ("budget", &json!(48000032), &json!("table entries"))
    );
    assert_eq!(v["command"], "grundy analyze allbut:3000000,3000002 10000000 --budget 48000032");

    // The second player to move is part of the command.
    let (s, v) = post_json(
        "/api/analyze",
        json!({"game": "subtraction:1,2,100000000", "position": [30, 30, 30], "misere": true, "to_move": "second", "budget": 100}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(
        v["command"],
        "grundy analyze subtraction:1,2,100000000 30 30 30 --misere --to-move second --budget 29791"
    );

    // A position of many heaps: the message shortens it, the command to copy has every heap.
    let heaps: Vec<u64> = std::iter::repeat_n(1, 13).chain([30]).collect();
    let (s, v) = post_json(
        "/api/analyze",
        json!({"game": "subtraction:1,2,100000000", "position": heaps, "misere": true, "budget": 100}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let command = v["command"].as_str().unwrap();
    let words: Vec<&str> = command.split(' ').collect();
    assert_eq!(&words[3..17], &["1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "30"], "{command}");
    assert!(!command.contains('…'), "{command}");

    // Past every budget: what the work needs, and no budget or command to try.
    let (s, v) =
        post_json("/api/analyze", json!({"game": "allbut:3", "position": [1000000000, 1000000000], "misere": true}))
            .await;
    assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "past the 33554432 this program allows");
    assert_eq!(kind(&v), "budget");
    assert_eq!((&v["suggested_budget"], &v["command"]), (&Value::Null, &Value::Null), "{v}");
}

/// Every-SG of take-or-split:2 from a heap of 20 once ran past the server's time limit, whose
/// 503 advised a command line that then ran out of its budget: it answers now (positions
/// memoised on their canonical form), and a budget too small is refused in options visited,
/// with no budget or command guessed (how many more is not known before the work).
#[tokio::test]
async fn every_sg_of_take_or_split_answers_and_its_budget_counts_options() {
    let body = json!({"game": "take-or-split:2", "position": [20], "every": true});
    let (s, v) = post_json("/api/analyze", body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let body = json!({"game": "take-or-split:2", "position": [20], "every": true, "budget": 2000});
    let (s, v) = post_json("/api/analyze", body).await;
    assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "the budget of 2000 moves examined is not enough");
    assert_eq!((&v["suggested_budget"], &v["command"]), (&Value::Null, &Value::Null), "{v}");
}

#[tokio::test]
async fn move_replies_and_plays_the_humans_move_first() {
    // The computer's reply from an N position is a winning move.
    let (s, r) = post_json("/api/move", json!({"game": "nim", "position": [3, 4, 5], "seed": 1})).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["human"], Value::Null);
    assert_eq!(r["computer"]["reason"], "winning");
    assert_eq!(r["computer"]["heap"], 1);
    assert_eq!(r["position"], json!([1, 4, 5]));
    assert_eq!(r["to_move"], "second");
    assert_eq!((r["over"].clone(), r["winner"].clone()), (json!(false), Value::Null));

    // A human move, then the reply; the human's winning move leaves the computer a lost game.
    let (s, r) = post_json(
        "/api/move",
        json!({"game": "nim", "position": [7, 9, 12, 15], "human_move": "3 11", "level": "perfect"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["human"]["text"], "take 11 from heap 3 (12 -> 1)");
    assert_eq!(r["human"]["tokens"], json!(["7", "9", "1", "15"]));
    assert_eq!(r["computer"]["reason"], "longest");
    assert_eq!(r["to_move"], "first");

    // The human's last move ends the game: no reply, the human (first) wins.
    let (s, r) = post_json("/api/move", json!({"game": "nim", "position": [0, 4], "human_move": "2 -> 0"})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(r["computer"], Value::Null);
    assert_eq!((r["over"].clone(), r["winner"].clone()), (json!(true), json!("first")));

    // The computer's move ends it under misère: taking the last object, it loses.
    let (s, r) = post_json("/api/move", json!({"game": "nim", "position": [1], "misere": true})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!((r["over"].clone(), r["winner"].clone()), (json!(true), json!("second")));

    // kl: the second player's forbidden size is checked for the second player.
    let (s, r) =
        post_json("/api/move", json!({"game": "kl:2,3", "position": [5], "to_move": "second", "human_move": "1 3"}))
            .await;
    assert_error(s, &r, StatusCode::BAD_REQUEST, "the second player may never take exactly 3");

    // Divisor game, easy level, seeded: the same seed gives the same reply.
    let body = json!({"game": "divisor", "position": [720720], "level": "easy", "seed": 42});
    let (_, a) = post_json("/api/move", body.clone()).await;
    let (_, b) = post_json("/api/move", body).await;
    assert_eq!(a, b);
}

/// `POST /api/move` is a turn of the library's play session, the one `grundy play` keeps: from
/// the same game, position, level and seed, the computer's reply (and the person's move before
/// it) is the session's, field for field.
#[tokio::test]
async fn the_move_endpoint_replies_as_the_library_session_does() {
    use grundy::frontend::{Level, Session};
    use grundy::{AnalyzeOptions, Convention, Game, Player};
    /// Game, position, misère, level, seed and the person's move, if any.
    type Case<'a> = (&'a str, &'a [&'a str], bool, &'a str, u64, Option<&'a str>);
    let cases: &[Case] = &[
        ("nim", &["7", "9", "12", "15"], false, "perfect", 1, None),
        ("nim", &["7", "9", "12", "15"], false, "easy", 5, None),
        ("nim", &["7", "9", "12", "15"], false, "good", 11, Some("1 2")),
        ("nim", &["1", "2", "3"], false, "perfect", 3, None),
        ("nim", &["2", "3", "3"], true, "easy", 8, Some("2 -> 1")),
        ("kayles", &["10", "7"], false, "good", 2, Some("1 -> 3 5")),
        ("hex:0.8", &["9", "5"], true, "perfect", 4, None),
        ("kl:2,3", &["1", "5"], false, "easy", 6, None),
        ("divisor", &["720720"], false, "easy", 42, None),
        ("divisor", &["720"], true, "perfect", 0, Some("4")),
        ("sum", &["nim=7", "kayles=6"], false, "easy", 9, Some("2 -> 1 3")),
    ];
    for &(game, tokens, misere, level, seed, human) in cases {
        let mut body = json!({"game": game, "position": tokens, "misere": misere, "level": level, "seed": seed});
        if let Some(text) = human {
            body["human_move"] = json!(text);
        }
        let (s, r) = post_json("/api/move", body).await;
        assert_eq!(s, StatusCode::OK, "{r}");

        let g: Game = game.parse().unwrap();
        let position = g.parse_position(tokens).unwrap();
        let convention = if misere { Convention::Misere } else { Convention::Normal };
        let options = AnalyzeOptions { convention, ..AnalyzeOptions::default() };
        // As `grundy play` starts: the person is the first player when they move first.
        let computer = if human.is_some() { Player::Second } else { Player::First };
        let mut session = Session::new(g, position, options, computer, level.parse::<Level>().unwrap(), seed);
        let played = human.map(|text| {
            let played = session.play_text(text).unwrap();
            // The person's move in the reply, with the position after it as tokens.
            let mut json = serde_json::to_value(&played).unwrap();
            json["tokens"] = json!(session.game().position_tokens(session.position()));
            json
        });
        let choice = session.computer_move().unwrap();
        let ctx = format!("{game} {tokens:?} {level} {seed} {human:?}");
        assert_eq!(r["computer"], serde_json::to_value(&choice).unwrap(), "{ctx}");
        match played {
            Some(expected) => assert_eq!(r["human"], expected, "{ctx}"),
            None => assert_eq!(r["human"], Value::Null, "{ctx}"),
        }
        assert_eq!(r["position"], json!(session.position().heaps()), "{ctx}");
        assert_eq!(r["tokens"], json!(session.game().position_tokens(session.position())), "{ctx}");
        assert_eq!(r["to_move"], session.to_move().to_string(), "{ctx}");
        assert_eq!(r["over"], session.winner().is_some(), "{ctx}");
        assert_eq!(r["winner"], json!(session.winner().map(|w| w.to_string())), "{ctx}");
        assert_eq!(r["rules"], json!(session.game().rules_sentence()), "{ctx}");
    }
}

/// Every-SG through `POST /api/move`: the person's turn typed game by game or in the general
/// form of the analysis's winning turn, the computer's turn as the library's session plays it,
/// and the refusals naming the game at fault.
#[tokio::test]
async fn every_sg_is_played_through_the_move_endpoint() {
    use grundy::frontend::{Level, Session};
    use grundy::{AnalyzeOptions, Convention, Game, Player};
    let start = json!(["euclid=5,3", "euclid=3,2"]);
    // The analysis's winning turn, played as the page plays a listed move (its general form).
    let (_, a) = post_json("/api/analyze", json!({"game": "sum", "position": start, "every": true})).await;
    let w = &a["winning_moves"][0];
    // The run of numbers it changes, as the page writes it: 1..3 (the last number stays).
    let (heap, width) = (w["heap"].as_u64().unwrap(), w["width"].as_u64().unwrap());
    let to: Vec<String> = w["to"].as_array().unwrap().iter().map(Value::to_string).collect();
    let general = format!("{heap}..{} -> {}", heap + width - 1, to.join(" "));
    assert_eq!(general, "1..3 -> 2 3 1");
    for typed in [general.as_str(), "1 -> 2; 3 -> 1"] {
        let body = json!({"game": "sum", "position": start, "every": true, "human_move": typed, "seed": 3});
        let (s, r) = post_json("/api/move", body).await;
        assert_eq!(s, StatusCode::OK, "{r}");
        assert_eq!(r["human"]["text"], w["text"], "{typed}");
        assert_eq!(r["human"]["tokens"], json!(["euclid=2,3", "euclid=1,2"]));
        // The computer is lost and holds out: every game along its slowest line.
        assert_eq!(r["computer"]["reason"], "longest", "{r}");
        assert_eq!(r["to_move"], "first");
        // The same turn in the library's session, field for field.
        let g: Game = "sum".parse().unwrap();
        let p = g.parse_position(&["euclid=5,3", "euclid=3,2"]).unwrap();
        let options = AnalyzeOptions { convention: Convention::Every, ..AnalyzeOptions::default() };
        let mut session = Session::new(g, p, options, Player::Second, Level::Perfect, 3);
        session.play_text(typed).unwrap();
        let choice = session.computer_move().unwrap();
        assert_eq!(r["computer"], serde_json::to_value(&choice).unwrap());
        assert_eq!(r["tokens"], json!(session.game().position_tokens(session.position())));
    }
    // The computer moving first from a won position wins: nothing is left to move.
    let (s, r) = post_json("/api/move", json!({"game": "nim", "position": [3, 5, 7], "every": true})).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["computer"]["reason"], "winning");
    assert_eq!(r["position"], json!([0, 0, 0]));
    assert_eq!((r["over"].clone(), r["winner"].clone()), (json!(true), json!("first")));
    // A turn that leaves a game unmoved, or moves a game twice, is refused naming it.
    let cases = [
        ("1 3", "heap 2: no move was given for it"),
        ("1 3; 1 1; 2 5; 3 7", "heap 1: two moves were given"),
        ("1 3; 2 6; 3 7", "heap 2: it has only 5 objects"),
    ];
    for (typed, contains) in cases {
        let body = json!({"game": "nim", "position": [3, 5, 7], "every": true, "human_move": typed});
        let (s, v) = post_json("/api/move", body).await;
        assert_error(s, &v, StatusCode::BAD_REQUEST, contains);
        assert_eq!(kind(&v), "illegal_move");
    }
    // A heap that splits would change the games of the sum: refused at every level.
    for level in ["perfect", "easy"] {
        let body = json!({"game": "kayles", "position": [5, 3], "every": true, "level": level});
        let (s, v) = post_json("/api/move", body).await;
        assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "can split into several");
    }
    // So would a sum holding a partizan game, analysed or played: Every-SG is defined for
    // impartial games (domineering + nim 2 was once answered P, and the computer's reply none).
    let position = json!(["domineering=../..", "nim=2"]);
    let (s, v) = post_json("/api/analyze", json!({"game": "sum", "position": position, "every": true})).await;
    assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "Every-SG is defined for impartial games");
    let (s, v) = post_json("/api/move", json!({"game": "sum", "position": position, "every": true})).await;
    assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "Every-SG is defined for impartial games");
}

/// A lost divisor game of two large primes: the computer's longest move is found on the
/// exponents (a Nim game of two 1s), not by listing every k in 2..=n, so the reply comes at once
/// and the request does not hold a permit for ever.
#[tokio::test]
async fn the_computer_replies_at_once_in_a_lost_divisor_game_of_two_large_primes() {
    for misere in [false, true] {
        let body = json!({"game": "divisor", "position": ["1000000016000000063"], "misere": misere});
        let (s, r) = tokio::time::timeout(std::time::Duration::from_secs(60), post_json("/api/move", body))
            .await
            .expect("an answer, not a hang");
        assert_eq!(s, StatusCode::OK, "{r}");
        let to = r["computer"]["to"][0].as_u64().expect("a move");
        assert!(to == 1_000_000_007 || to == 1_000_000_009, "{r}");
    }
}

#[tokio::test]
async fn move_errors_are_json_4xx() {
    // The person's move is told apart from the rest of the input by its kind.
    const ILLEGAL: &str = "illegal_move";
    const BAD: &str = "bad_input";
    let cases = [
        (json!({"game": "nim", "position": [3], "human_move": "2 1"}), "there is no heap 2", ILLEGAL),
        (json!({"game": "nim", "position": [3], "human_move": "1 5"}), "heap 1: it has only 3 objects", ILLEGAL),
        (json!({"game": "nim", "position": [0], "human_move": "1 1"}), "the game is over", ILLEGAL),
        (json!({"game": "nim", "position": [3], "level": "godlike"}), "unknown level 'godlike'", BAD),
        (json!({"game": "kl", "position": [3]}), "kl:K,L", BAD),
        (json!({"game": "nim", "position": ["x"]}), "heap 1 'x' is not a number", BAD),
        (json!({"game": "nim", "position": [3], "seed": -1}), "malformed JSON", BAD),
    ];
    for (body, contains, want_kind) in cases {
        let (s, v) = post_json("/api/move", body).await;
        assert_error(s, &v, StatusCode::BAD_REQUEST, contains);
        assert_eq!(kind(&v), want_kind, "{v}");
    }
    let (s, v) = post("/api/move", Body::from(vec![b'x'; 2 << 20])).await;
    assert_error(s, &v, StatusCode::PAYLOAD_TOO_LARGE, "1 MiB");
}

#[tokio::test]
async fn sg_gives_the_sequence_with_its_period() {
    let (s, v, _) = get("/api/sg?game=subtraction:2,5&upto=20").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["values"], json!([0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 1, 0, 2, 1]));
    assert_eq!(v["period"], json!({"preperiod": 0, "period": 7, "saltus": 0}));
    assert_eq!(v["upto"], 20);
    assert_eq!(v["last"], 1);
    // The rule the page shows: the proven period, in the words of `grundy pattern`.
    assert_eq!(v["rule"]["proven"], true, "{v}");
    assert_eq!(v["rule"]["expression"], "pick(n % 7, 0, 0, 1, 1, 0, 2, 1)");
    assert!(v["rule"]["words"].as_str().unwrap().starts_with("G(n) is periodic with period 7 from n = 0"), "{v}");
    // The same object as `grundy sg --json` for the fields it has.
    let (s, v, _) = get("/api/sg?game=kayles&upto=100").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["period"], json!({"preperiod": 71, "period": 12, "saltus": 0}));
    assert_eq!(v["values"].as_array().map(Vec::len), Some(101));
    assert_eq!(v["last"], v["values"][100]);
    let (s, v, _) = get("/api/sg?game=allbut:2").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["values"].as_array().map(Vec::len), Some(51));
    // A hexadecimal code: take one and split the rest into three heaps (G(n) = (n - 1) / 3
    // here, as the plain mex of every option says).
    let (s, v, _) = get("/api/sg?game=hex:0.8&upto=12").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["values"], json!([0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]));
    assert_eq!(v["period"], json!(null));
    // Its rule, from the rule finder on more values than are shown: seen, not proven.
    assert_eq!(v["rule"]["family"], "arithmetic-period", "{v}");
    assert_eq!(v["rule"]["proven"], false);
    assert!(v["rule"]["words"].as_str().unwrap().starts_with("G(n) = floor((n - 1) / 3) from n = 1 (G(0) = 0)"), "{v}");
    assert_eq!(v["rule"]["expression"], "pick(min(n, 1), 0, (n - 1) / 3)");

    for (path, contains) in [
        ("/api/sg?upto=5", "missing query parameter 'game'"),
        ("/api/sg?game=nom", "unknown game 'nom'"),
        ("/api/sg?game=divisor", "no single heap ruleset"),
        ("/api/sg?game=nim&upto=-1", "upto '-1' is negative"),
        ("/api/sg?game=nim&upto=10001", "past this server's cap 10000"),
    ] {
        let (s, v, _) = get(path).await;
        assert_error(s, &v, StatusCode::BAD_REQUEST, contains);
    }
}

/// A partizan subtraction game's table: each heap's value and outcome, the outcome period
/// proven and its behaviour, the object `grundy sg psub:1,2:1,3 --json` prints.
#[tokio::test]
async fn sg_of_a_partizan_subtraction_game_gives_its_table() {
    let (s, v, _) = get("/api/sg?game=psub:1,2:1,3&upto=6").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["outcomes"], "PNLNLLL");
    assert_eq!(v["values"], json!(["0", "*", "↑", "↑*", "{↑|*}", "⇑*", "⇑"]));
    assert_eq!((v["period"]["preperiod"].as_u64(), v["period"]["period"].as_u64()), (Some(4), Some(1)), "{v}");
    assert_eq!(v["period"]["behaviour"], "left-dominance");
    let (s, v, _) = get("/api/sg?game=psub:1,2:1,3&misere=true").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "no single heap ruleset");
}

/// `misere=true`: who wins each single heap under misère play, the real outcomes (the page once
/// plotted the normal-play values under misère play): a closed form with its period (K-Nim),
/// Plambeck and Siegel's quotient (Kayles, agreeing with the exact search where that runs), and a
/// search past the budget refused before it starts.
#[tokio::test]
async fn sg_misere_gives_single_heap_outcomes() {
    let (s, v, _) = get("/api/sg?game=bounded:3&upto=9&misere=true").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!((v["outcomes"].as_str(), v["convention"].as_str()), (Some("NPNNNPNNNP"), Some("misere")));
    assert_eq!(v["period"], json!({"preperiod": 0, "period": 4, "saltus": 0}));
    let (s, v, _) = get("/api/sg?game=kayles&upto=30&misere=true").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let searched: String = grundy::frontend::misere_single_heaps(&"kayles".parse().unwrap(), 30, 1_000_000)
        .unwrap()
        .iter()
        .map(|&w| if w { 'N' } else { 'P' })
        .collect();
    assert_eq!(v["outcomes"], json!(searched));
    assert_eq!(v["method"], "misère quotient");
    assert_eq!(v["period"], json!({"preperiod": 71, "period": 12, "saltus": 0}));
    let (s, v, _) = get("/api/sg?game=octal:0.6&upto=100&misere=true").await;
    assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "not searched");
    let (s, v, _) = get("/api/sg?game=nim&misere=maybe").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "misere 'maybe' is not true or false");
}

/// The page's game selector is built from `/api/games`: exactly the library's one list of games,
/// with every field the page reads.
#[tokio::test]
async fn games_is_the_librarys_list() {
    let (s, v, _) = get("/api/games").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // The library's list, the games on a graph with the text of their example file besides.
    let mut expected = serde_json::to_value(grundy::frontend::GAMES).unwrap();
    for (g, kind) in expected.as_array_mut().unwrap().iter_mut().zip(grundy::frontend::GAMES) {
        if let Some(text) = grundy::frontend::example_graph(kind) {
            g["example_graph"] = json!(text);
        }
        // An intended addition: how to show each game, so that the page names none.
        g["facts"] = serde_json::to_value(grundy::frontend::GameFacts::of(kind)).unwrap();
    }
    let with_graphs = expected.as_array().unwrap().iter().filter(|g| g.get("example_graph").is_some()).count();
    assert_eq!(with_graphs, 2, "graph:FILE and geography:FILE");
    assert_eq!(v, expected);
    let first = v[0].as_object().expect("an object per game");
    let mut keys: Vec<&str> = first.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "a_move",
            "example_game",
            "example_move",
            "example_position",
            "facts",
            "heap_ruleset",
            "move_syntax",
            "name",
            "spelling"
        ]
    );
    assert_eq!(v.as_array().map(Vec::len), Some(grundy::frontend::GAMES.len()));
    // The page asks every endpoint for big integers as strings; the list has none.
    let (s, w, _) = get("/api/games?big=strings").await;
    assert_eq!((s, &w), (StatusCode::OK, &v));
    let (s, w, _) = get("/api/games?big=numbers").await;
    assert_error(s, &w, StatusCode::BAD_REQUEST, "the only choice is big=strings");
    let (s, w) = post_json("/api/games", json!({})).await;
    assert_error(s, &w, StatusCode::METHOD_NOT_ALLOWED, "GET for sg and games");
}

/// The facts the page reads instead of a game's name, for the games it once named.
#[tokio::test]
async fn games_carry_the_facts_the_page_reads() {
    let (_, v, _) = get("/api/games").await;
    let facts = |spelling: &str| {
        let g = v.as_array().unwrap().iter().find(|g| g["spelling"] == spelling).unwrap();
        g["facts"].clone()
    };
    assert_eq!(facts("graph:FILE")["request_game"], "graph");
    assert_eq!(facts("graph:FILE")["rows"], "graph");
    assert_eq!(facts("geography:FILE")["graph_text"], true);
    assert_eq!(facts("geography:FILE")["request_game"], Value::Null);
    assert_eq!(facts("geography:FILE")["rows"], "text");
    assert_eq!(facts("geography:FILE")["text_rows"]["label"], "path");
    assert_eq!(facts("hackenbush")["text_rows"]["empty"], json!(["0", "no edges left"]));
    assert_eq!(facts("divisor")["rows"], "factors");
    assert_eq!(facts("divisor")["values_label"], "Prime exponents");
    assert_eq!(facts("divisor")["balance"]["moves"], "lower");
    assert_eq!(facts("nim")["balance"]["rows"], "heaps");
    assert_eq!(facts("nim")["balance"]["moves"], "take");
    assert_eq!(facts("kayles")["rows"], "numbers");
    assert_eq!(facts("grundys-game")["balance"]["title"], "Binary balance table of the heap values");
    // Kayles names its rows of pins as its board does (issue 49 row 7).
    assert_eq!(facts("kayles")["balance"]["title"], "Binary balance table of the row values");
    assert_eq!(facts("kayles")["graph_text"], false);
}

/// "Random" and "New random position": for every game of the page's selector (each
/// catalogue entry, sent as the page sends it), `/api/random` gives a position that
/// `/api/analyze` accepts, the same for the same seed. The page's own generator gave
/// Wythoff's game three heaps and Euclid's game four numbers.
#[tokio::test]
async fn random_positions_of_every_game_are_accepted_by_analyze() {
    let (_, games, _) = get("/api/games").await;
    let games = games.as_array().unwrap();
    assert!(games.len() > 30);
    for g in games {
        let game = g["facts"]["request_game"].as_str().or(g["example_game"].as_str()).unwrap();
        let graph = g.get("example_graph").cloned().unwrap_or(Value::Null);
        for seed in 0..5u64 {
            let mut request = json!({"game": game, "seed": seed});
            if !graph.is_null() {
                request["graph"] = graph.clone();
            }
            let (s, r) = post_json("/api/random", request.clone()).await;
            assert_eq!(s, StatusCode::OK, "{request}: {r}");
            let tokens = r["tokens"].as_array().unwrap().clone();
            assert_eq!(r["position"], tokens.iter().map(|t| t.as_str().unwrap()).collect::<Vec<_>>().join(" "));
            assert_eq!(post_json("/api/random", request.clone()).await.1, r, "the same seed, the same position");
            let mut problem = json!({"game": game, "position": tokens});
            if !graph.is_null() {
                problem["graph"] = graph.clone();
            }
            let (s, a) = post_json("/api/analyze", problem.clone()).await;
            assert_eq!(s, StatusCode::OK, "{problem}: {a}");
        }
    }
    let (s, r) = post_json("/api/random", json!({"game": "wythoff", "seed": 3})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(r["tokens"].as_array().map(Vec::len), Some(2), "{r}");
}

#[tokio::test]
async fn random_errors_are_json_4xx() {
    let (s, r) = post_json("/api/random", json!({"game": "chess", "seed": 1})).await;
    assert_error(s, &r, StatusCode::BAD_REQUEST, "unknown game 'chess'");
    assert_eq!(kind(&r), "bad_input");
    let (s, r) = post_json("/api/random", json!({"game": "nim"})).await;
    assert_error(s, &r, StatusCode::BAD_REQUEST, "missing field `seed`");
    let (s, r) = post_json("/api/random", json!({"game": "graph:edges.txt", "seed": 1})).await;
    assert_error(s, &r, StatusCode::BAD_REQUEST, "reads no files");
    let (s, r) = post_json("/api/random", json!({"game": "graph", "seed": 1, "graph": "a"})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{r}");
    let (s, r) = post_json("/api/random", json!({"game": "nim", "seed": -1})).await;
    assert_error(s, &r, StatusCode::BAD_REQUEST, "malformed JSON");
    let (s, r, _) = get("/api/random").await;
    assert_error(s, &r, StatusCode::METHOD_NOT_ALLOWED, "method not allowed");
}

#[tokio::test]
async fn page_assets_and_unknown_routes() {
    for (path, kind, needle) in [
        ("/", "text/html", "<title>grundy"),
        ("/app.js", "text/javascript", "api/move"),
        ("/style.css", "text/css", "#board"),
        ("/favicon.svg", "image/svg+xml", "<svg"),
        ("/favicon.ico", "image/svg+xml", "<svg"),
    ] {
        let response = grundy_web::app().oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let ct = response.headers()["content-type"].to_str().unwrap().to_string();
        assert!(ct.starts_with(kind), "{path}: {ct}");
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        let body = String::from_utf8_lossy(&body);
        assert!(body.contains(needle), "{path}");
        // No CDN: everything the page needs comes from this server.
        for remote in ["src=\"http", "href=\"http", "url(http", "fetch('http", "import "] {
            assert!(!body.contains(remote), "{path} loads nothing from elsewhere ({remote})");
        }
    }
    let (s, v, _) = get("/nope").await;
    assert_error(s, &v, StatusCode::NOT_FOUND, "no such page");
    let (s, v, _) = get("/api/analyze").await;
    assert_error(s, &v, StatusCode::METHOD_NOT_ALLOWED, "method not allowed");
}

#[test]
fn serves_on_a_real_loopback_port() {
    let (tx, rx) = std::sync::mpsc::channel();
    // The server runs until the test process ends; port 0 picks a free port.
    std::thread::spawn(move || {
        let _ = grundy_web::serve("127.0.0.1:0".parse().unwrap(), move |addr| {
            let _ = tx.send(addr);
        });
    });
    let addr = rx.recv_timeout(std::time::Duration::from_secs(10)).expect("the server starts");
    let body = json!({"game": "nim", "position": [1, 2, 3]}).to_string();
    let request = format!(
        "POST /api/analyze HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).expect("connects");
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    let json: Value = serde_json::from_str(response.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!(json["outcome"], "P");
    assert_eq!(json["winning_move_count"], 0, "a P-position has no winning move, and that is known");
}

/// A Kayles heap of 10^8: the page gets the exact outcome, the winning moves as families with
/// their exact count, and the first moves one by one.
#[tokio::test]
async fn analyze_huge_split_heap_gives_its_families() {
    let (s, a) = post_json("/api/analyze?big=strings", json!({"game": "kayles", "position": ["100000000"]})).await;
    assert_eq!(s, StatusCode::OK, "{a}");
    assert_eq!(a["outcome"], "N");
    assert_eq!(a["sg"], "1");
    assert_eq!(a["winning_move_count"], "8333338");
    let families = a["winning_families"].as_array().unwrap_or_else(|| panic!("families: {a}"));
    let total: u64 = families.iter().map(|f| f["count"].as_str().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(total, 8_333_338);
    assert!(families.iter().any(|f| f["text"].as_str().unwrap().contains("(mod 12)")));
    let why = a["winning_moves_not_listed"].as_str().unwrap_or_else(|| panic!("a reason: {a}"));
    assert!(why.contains("the families give every one"), "{why}");
}

/// Heaps up to 2^64 - 1 go in as strings, and with `?big=strings` every integer comes back as a
/// string (exact in JavaScript); without it the reply is the plain JSON object.
#[tokio::test]
async fn big_strings_keep_every_integer_exact() {
    let (a, b) = (u64::MAX, 12_345_678_901_234_567u64);
    let body = json!({"game": "nim", "position": [a.to_string(), b.to_string()]});
    let (s, v) = post_json("/api/analyze?big=strings", body.clone()).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["sg"], json!((a ^ b).to_string()));
    assert_eq!(v["position"], json!([a.to_string(), b.to_string()]));
    assert_eq!(v["heap_values"], json!([a.to_string(), b.to_string()]));
    assert_eq!(v["balance"]["nim_sum"], json!((a ^ b).to_string()));
    assert_eq!(v["balance"]["columns"][0], json!((1u64 << 63).to_string()));
    assert_eq!(v["winning_moves"][0]["to"], json!([(a ^ a ^ b).to_string()]));
    assert_eq!(v["winning_move_count"], "1");
    assert_eq!(v["outcome"], "N", "strings stay strings, booleans and null stay");
    assert_eq!(v["balance"]["unbalanced"][0], true);

    let (s, plain) = post_json("/api/analyze", body).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(plain["sg"], json!(a ^ b));
    assert_eq!(plain["winning_move_count"], 1);

    let (s, r) = post_json("/api/move?big=strings", json!({"game": "nim", "position": [a.to_string()]})).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!((r["position"].clone(), r["tokens"].clone()), (json!(["0"]), json!(["0"])));
    assert_eq!(r["computer"]["heap"], "1");

    let (s, v, _) = get("/api/sg?game=subtraction:2,5&upto=6&big=strings").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["values"], json!(["0", "0", "1", "1", "0", "2", "1"]));
    assert_eq!(v["period"]["period"], "7");

    let (s, v) = post_json("/api/analyze?big=numbers", json!({"game": "nim", "position": [1]})).await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "the only choice is big=strings");
    let (s, v, _) = get("/api/sg?game=nim&big=").await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "unknown big=''");
}

/// The winning moves of a heap of 10^18, as the page asks for them: the first `limit` one by
/// one, the families and the exact count whole.
#[tokio::test]
async fn analyze_lists_at_most_limit_moves_and_keeps_the_count_and_the_families_whole() {
    let kayles = |limit: Value| json!({"game": "kayles", "position": ["1000000000000000000"], "limit": limit});
    let (s, all) = post_json("/api/analyze?big=strings", kayles(Value::Null)).await;
    assert_eq!(s, StatusCode::OK, "{all}");
    assert_eq!(all["winning_moves"].as_array().map(Vec::len), Some(grundy::frontend::LISTED_MOVES));
    for limit in [json!(100), json!("100")] {
        let (s, a) = post_json("/api/analyze?big=strings", kayles(limit)).await;
        assert_eq!(s, StatusCode::OK, "{a}");
        assert_eq!(a["winning_move_count"], "83333333333333338");
        assert_eq!(a["winning_families"], all["winning_families"], "every family, whatever the limit");
        let families = a["winning_families"].as_array().unwrap();
        assert_eq!(families.len(), 18);
        let total: u128 = families.iter().map(|f| f["count"].as_str().unwrap().parse::<u128>().unwrap()).sum();
        assert_eq!(total, 83_333_333_333_333_338);
        assert_eq!(families.iter().filter(|f| f["text"].as_str().unwrap().contains("(mod 12)")).count(), 2);
        let moves = a["winning_moves"].as_array().unwrap();
        assert_eq!(moves[..], all["winning_moves"].as_array().unwrap()[..100], "the first 100 moves");
        let why = "the first 100 of 83333333333333338 are listed one by one (the request's limit); the families give every one";
        assert_eq!(a["winning_moves_not_listed"], why);
        let explained = a["explanation"].as_array().unwrap();
        assert_eq!(explained.iter().filter(|l| l.as_str().unwrap().starts_with("Not every winning move")).count(), 1);
        assert!(explained.contains(&json!(format!("Not every winning move is listed: {why}."))), "{a}");
        // A page's worth, not the 10,000 moves (about 1.5 MB).
        assert!(a.to_string().len() < 100_000, "{} bytes", a.to_string().len());
    }
    // A limit past the moves changes nothing; 0 lists none and still counts them all.
    let nim = |limit: Value| json!({"game": "nim", "position": [7, 9, 12, 15], "limit": limit});
    let (_, plain) = post_json("/api/analyze", nim(Value::Null)).await;
    let (s, roomy) = post_json("/api/analyze", nim(json!(3))).await;
    assert_eq!((s, &roomy), (StatusCode::OK, &plain));
    let (s, none) = post_json("/api/analyze", nim(json!(0))).await;
    assert_eq!(s, StatusCode::OK, "{none}");
    assert_eq!(none["winning_moves"], json!([]));
    assert_eq!(none["winning_move_count"], 3);
    assert_eq!(none["winning_families"], plain["winning_families"]);
    assert_eq!(
        none["winning_moves_not_listed"],
        "the first 0 of 3 are listed one by one (the request's limit); the families give every one"
    );
    // The reasoning works out the first moves only (grundy::frontend::EXPLAINED_MOVES), whatever the
    // limit: a page, not one line per move of 10^17.
    let (_, huge) = post_json("/api/analyze", json!({"game": "kayles", "position": ["1000000000000000000"]})).await;
    let lines = huge["explanation"].as_array().unwrap();
    assert!(lines.len() <= grundy::frontend::EXPLAINED_MOVES + 20, "{} lines", lines.len());
    assert!(lines
        .iter()
        .any(|l| l.as_str().unwrap() == "The other 83333333333333318 winning moves are found the same way."));
}

/// Where some heap's moves are not known, a limit keeps the library's reason for that heap (and
/// the count stays unknown: null, never the number listed).
#[tokio::test]
async fn a_limit_keeps_the_reason_of_heaps_whose_moves_are_not_known() {
    let body =
        |limit: Value| json!({"game": "sum", "position": ["hex:0.8=600", "nim=300"], "budget": 10000, "limit": limit});
    let (s, a) = post_json("/api/analyze", body(Value::Null)).await;
    assert_eq!(s, StatusCode::OK, "{a}");
    let why = a["winning_moves_not_listed"].as_str().unwrap_or_else(|| panic!("a reason: {a}"));
    assert!(why.starts_with("the winning moves in heap 1 "), "{why}");
    let listed = a["winning_moves"].as_array().unwrap().len();
    assert!(listed > 0, "heap 2 has winning moves: {a}");
    let (s, none) = post_json("/api/analyze", body(json!(0))).await;
    assert_eq!(s, StatusCode::OK, "{none}");
    assert_eq!(none["winning_moves"], json!([]));
    assert_eq!(none["winning_move_count"], Value::Null);
    assert_eq!(
        none["winning_moves_not_listed"],
        json!(format!(
            "the first 0 of {listed} known are listed one by one (the request's limit); the families give every one; {why}"
        ))
    );
}

#[tokio::test]
async fn a_bad_limit_is_a_400_naming_limit() {
    let cases = [
        (json!(-1), "limit -1 is not a number of moves"),
        (json!(2.5), "limit 2.5 is not a number of moves"),
        (json!(true), "limit true is not a number of moves"),
        (json!([100]), "limit [100] is not a number of moves"),
        (json!("lots"), "limit 'lots' is not a number"),
        (json!("-3"), "limit '-3'"),
        (json!("99999999999999999999"), "limit '99999999999999999999'"),
    ];
    for (limit, contains) in cases {
        let (s, v) = post_json("/api/analyze", json!({"game": "nim", "position": [3, 5], "limit": limit})).await;
        assert_error(s, &v, StatusCode::BAD_REQUEST, contains);
        assert_eq!(kind(&v), "bad_input", "{v}");
    }
}

/// Level perfect refuses, before any move, a position it cannot solve (Grundy's game past its
/// table), saying the refusal is about the level and naming the command that computes the
/// table; levels good and easy still move (the smallest move, or a deliberate mistake).
#[tokio::test]
async fn level_perfect_refuses_a_position_it_cannot_solve_and_lower_levels_move() {
    let body = |level: &str| json!({"game": "grundys-game", "position": ["100000000"], "level": level, "seed": 3});
    let (s, v) = post_json("/api/move?big=strings", body("perfect")).await;
    assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "level perfect cannot promise perfect play here: G(");
    assert_eq!(kind(&v), "unsupported");
    let message = v["error"].as_str().unwrap();
    assert!(message.contains("`grundy sg grundys-game --upto 100000000 --store DIR --summary`"), "{message}");
    assert!(message.ends_with("; level good or easy plays without that promise"), "{message}");
    // The person's move is not played either: no game is handed over.
    let mut with_move = body("perfect");
    with_move["human_move"] = json!("1 -> 1 99999999");
    let (s, v) = post_json("/api/move", with_move).await;
    assert_error(s, &v, StatusCode::UNPROCESSABLE_ENTITY, "level perfect cannot promise perfect play here");
    for level in ["good", "easy"] {
        let (s, r) = post_json("/api/move?big=strings", body(level)).await;
        assert_eq!(s, StatusCode::OK, "{level}: {r}");
        let reason = r["computer"]["reason"].as_str().unwrap();
        assert!(["smallest", "mistake"].contains(&reason), "{level}: {r}");
        assert_eq!(r["to_move"], "second");
    }
}

/// A lost position too big to search: the computer at level perfect plays the move that leaves
/// the fewest winning replies, and says so.
#[tokio::test]
async fn a_huge_lost_position_gets_the_move_that_leaves_the_fewest_winning_replies() {
    let heaps = json!(["1000000000000000000", "1000000000000000000", "7", "7"]);
    let (s, r) = post_json("/api/move?big=strings", json!({"game": "nim", "position": heaps, "seed": 1})).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["computer"]["reason"], "fewest", "{r}");
    let note = r["computer"]["note"].as_str().unwrap();
    assert!(note.starts_with("lost position: the move that leaves the fewest winning replies ("), "{note}");
}

/// Tokens on a graph sent as text (the server reads no file): a draw is outcome D with no
/// winner, a bad line is a 400 naming it, graph:FILE is refused saying what to send, and a
/// position repeated three times in the history sent ends a game as a draw.
#[tokio::test]
async fn graphs_come_in_the_body_and_draws_end_games() {
    let edges = grundy::frontend::EXAMPLE_GRAPH;
    let (s, v) = post_json("/api/analyze", json!({"game": "graph", "graph": edges, "position": ["a", "c"]})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!((v["outcome"].clone(), v["winner"].clone()), (json!("D"), json!(null)));
    assert_eq!(v["drawing_move_count"], 1);
    assert_eq!(v["generalized_sg"], json!(["∞", "1"]));
    let (s, v) = post_json("/api/analyze", json!({"game": "graph", "graph": "a b\nb c d\n", "position": ["a"]})).await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "graph line 2: 'b c d' is not 'u v'");
    let (s, v) = post_json("/api/analyze", json!({"game": "graph:/etc/passwd", "position": ["a"]})).await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "a request reads no files");
    let (s, v) = post_json("/api/analyze", json!({"game": "graph", "position": ["a"]})).await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "needs its edges");
    // A sum cannot hold a game on a graph: the field and the part are each named, never "the
    // edges are missing" while they were sent.
    let sum = json!({"game": "sum", "graph": edges, "position": ["graph=a", "nim=3"]});
    let (s, v) = post_json("/api/analyze", sum).await;
    assert_error(
        s,
        &v,
        StatusCode::BAD_REQUEST,
        "the 'graph' field gives the edges of game graph or geography, not of game 'sum'",
    );
    let (s, v) = post_json("/api/analyze", json!({"game": "sum", "position": ["nim=3", "graph=a"]})).await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "heap 2: 'graph' is a game on a graph, which a sum cannot hold here");
    // a (first to move), b, then a again now: the person moves to b, the computer keeps the
    // draw by going back to a, which has then come up three times with the first to move.
    let history = json!([
        {"position": ["a"], "to_move": "first"},
        {"position": ["b"], "to_move": "second"},
    ]);
    let body = json!({"game": "graph", "graph": edges, "position": ["a"], "to_move": "first",
        "human_move": "1 b", "history": history, "seed": 1});
    let (s, v) = post_json("/api/move", body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["human"]["text"], "move token 1 from a to b");
    assert_eq!(v["computer"]["text"], "move token 1 from b to a");
    assert_eq!((v["over"].clone(), v["winner"].clone()), (json!(true), json!(null)));
    assert!(v["drawn"].as_str().unwrap().starts_with("the same position has come up three times"), "{v}");
    // A move after that is refused: the game is over.
    let history = json!([
        {"position": ["a"], "to_move": "first"}, {"position": ["b"], "to_move": "second"},
        {"position": ["a"], "to_move": "first"}, {"position": ["b"], "to_move": "second"},
    ]);
    let body = json!({"game": "graph", "graph": edges, "position": ["a"], "human_move": "1 b", "history": history});
    let (s, v) = post_json("/api/move", body).await;
    assert_error(s, &v, StatusCode::BAD_REQUEST, "the game is over: it is drawn by repetition");
    // Without the history the game goes on: the computer keeps the draw, back to a.
    let body = json!({"game": "graph", "graph": edges, "position": ["a"], "human_move": "1 b", "seed": 1});
    let (s, v) = post_json("/api/move", body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["computer"]["text"], "move token 1 from b to a");
    assert_eq!(v["computer"]["reason"], "drawing");
    assert_eq!((v["over"].clone(), v["drawn"].clone()), (json!(false), json!(null)));
}

/// Geography takes its graph's text in the body (the server reads no paths); Hackenbush
/// pictures are tokens. Both analyse and play; a missing or bad graph is a 400 naming the
/// part.
#[tokio::test]
async fn geography_and_hackenbush() {
    let graph = "r1c1 r2c1\nr2c1 r2c2\nr2c2 r2c3\nr2c2 r3c2\n";
    let (s, v) = post_json("/api/analyze", json!({"game": "geography", "graph": graph, "position": ["-"]})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["winning_move_count"], 2);
    assert_eq!(v["winning_moves"][0]["result_tokens"], json!(["r2c3"]));
    let (s, v) = post_json(
        "/api/move",
        json!({"game": "geography:maze", "graph": graph, "position": ["r2c2"], "level": "perfect", "seed": 1, "human_move": "r2c3"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["tokens"], json!(["r2c2,r2c3"]));
    assert_eq!(v["over"], true);
    for (body, contains) in [
        (json!({"game": "geography", "position": ["a"]}), "needs the text of its graph in `graph`"),
        (json!({"game": "geography", "graph": "a b c", "position": ["a"]}), "geography:graph: line 1:"),
        (json!({"game": "geography", "graph": graph, "position": ["zz"]}), "there is no vertex 'zz'"),
        (json!({"game": "hackenbush", "position": ["0-1,x"]}), "picture 1: 'x' is not an edge"),
    ] {
        let (s, v) = post_json("/api/analyze", body.clone()).await;
        assert_error(s, &v, StatusCode::BAD_REQUEST, contains);
    }
    let (s, v) =
        post_json("/api/analyze", json!({"game": "hackenbush", "position": ["0-1,1-2,2-0,1-3", "0-1,1-1"]})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!((v["sg"].as_u64(), v["winning_move_count"].as_u64()), (Some(2), Some(1)));
}

#[tokio::test]
async fn draw_answers_the_svg_and_its_moves_each_of_which_the_move_endpoint_plays() {
    let (status, body) = post_json("/api/draw", json!({"game": "nim", "position": [3, "4"]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let svg = body["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg ") && svg.contains("data-move=\"1 -&gt; 0\""), "{svg}");
    let moves: Vec<&str> = body["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert_eq!(moves.len(), 7);
    // Every move the drawing offers is a human_move the move endpoint plays.
    for m in &moves {
        let (status, reply) =
            post_json("/api/move", json!({"game": "nim", "position": [3, 4], "human_move": m, "seed": 1})).await;
        assert_eq!(status, StatusCode::OK, "{m}: {reply}");
    }
    // A graph game, its edges in the body; K-L-Nim's moves depend on the player to move.
    let (status, body) =
        post_json("/api/draw", json!({"game": "graph", "graph": "a b\nb c\n", "position": ["a"]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["moves"], json!(["1 b"]));
    let first = post_json("/api/draw", json!({"game": "kl:1,2", "position": [2]})).await.1;
    let second = post_json("/api/draw", json!({"game": "kl:1,2", "position": [2], "to_move": "second"})).await.1;
    assert_eq!(first["moves"], json!(["1 -> 0"]));
    assert_eq!(second["moves"], json!(["1 -> 1"]));
    // Bad input is a 400 naming the bad part.
    let (status, body) = post_json("/api/draw", json!({"game": "nim", "position": ["x"]})).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "heap 1 'x' is not a number");
}

/// Issue 46: vertex names holding characters XML 1.0 forbids (U+0001, NUL, U+FFFE, U+FFFF)
/// give a well-formed SVG, those characters replaced by U+FFFD, and no move the SVG cannot carry.
#[tokio::test]
async fn draw_replaces_the_characters_xml_forbids() {
    let graph = "a b\u{1}\nb\u{1} c\u{FFFE}\nc\u{FFFE} d\u{0}x\na \u{FFFF}\na ok\n";
    for start in ["a", "b\u{1}", "c\u{FFFE}"] {
        let (status, body) =
            post_json("/api/draw", json!({"game": "graph", "graph": graph, "position": [start]})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let svg = body["svg"].as_str().unwrap();
        let forbidden =
            |c: char| !(matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}'));
        assert!(!svg.contains(forbidden), "{svg:?}");
        assert!(svg.contains('\u{FFFD}'), "{svg}");
        if start == "a" {
            assert_eq!(body["moves"], json!(["1 ok"]));
        }
    }
}

/// A misère sum with a heap of 10^12 is answered from Kayles' proven misère quotient (Plambeck
/// and Siegel), and the reasoning the page shows under "Why" gives each heap's element, the
/// product and why it is or is not in the P-portion.
#[tokio::test]
async fn a_huge_misere_sum_shows_the_quotients_reasoning() {
    let body = json!({"game": "kayles", "position": ["1000000000000", "5", "9"], "misere": true});
    let (s, a) = post_json("/api/analyze?big=strings", body).await;
    assert_eq!(s, StatusCode::OK, "{a}");
    assert_eq!(a["outcome"], "N");
    assert_eq!(a["winning_move_count"], "83333333338");
    let lines: Vec<&str> = a["explanation"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
    for want in [
        "heap 1: size 1000000000000 -> Φ = ab^2, as heap 76, a whole number of periods below",
        "heap 2: size 5 -> Φ = c",
        "heap 3: size 9 -> Φ = d",
        "The product ab^2 · c · d = ab^2, which is not in P: the player to move wins.",
    ] {
        assert!(lines.contains(&want), "{want:?} in {lines:#?}");
    }
    assert!(lines.iter().any(|l| l.contains("Plambeck and Siegel's misère quotient")), "{lines:#?}");
    assert!(lines.iter().any(|l| l.starts_with("kayles: Q has 40 elements")), "{lines:#?}");
}

/// Issue 46, row 5: `/api/sg` of allbut:4710989935697073755 stated "G(n) = n from n = 0" next to
/// the proven period that contradicts it. A proven period is the rule: stated from its
/// pre-period and one period when they are few (kayles to 20), else said not to be written out.
#[tokio::test]
async fn sg_rule_is_the_proven_period() {
    let (s, v, _) = get("/api/sg?game=allbut:4710989935697073755&upto=40").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(v["rule"]["words"].as_str().unwrap().starts_with("the rule is the proven period"), "{v}");
    assert!(v["rule"]["expression"].is_null(), "{v}");
    let (s, v, _) = get("/api/sg?game=kayles&upto=20").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!((v["rule"]["proven"].as_bool(), v["rule"]["from"].as_u64()), (Some(true), Some(71)), "{v}");
}

/// Issue 80: a picture whose drawn edges have more than 200 ends (Arc Kayles of 101 disjoint
/// edges; Hackenbush of 101 two-edge stalks listed far edges first) answered 500 (the layout
/// placed 200 vertices and the face indexed past them). Both are drawn, every edge offered.
#[tokio::test]
async fn draw_answers_pictures_of_more_than_200_vertices() {
    let matching = (0..101).map(|i| format!("{}-{}", 2 * i, 2 * i + 1)).collect::<Vec<_>>().join(",");
    let stalks = (0..101)
        .map(|i| format!("{}-{}", 2 * i + 1, 2 * i + 2))
        .chain((0..101).map(|i| format!("0-{}", 2 * i + 1)))
        .collect::<Vec<_>>()
        .join(",");
    for (game, picture, moves) in [("arc-kayles", matching, 101), ("hackenbush", stalks, 150)] {
        for to_move in ["first", "second"] {
            let (status, body) =
                post_json("/api/draw", json!({"game": game, "position": [picture], "to_move": to_move})).await;
            assert_eq!(status, StatusCode::OK, "{game}: {body}");
            assert_eq!(body["moves"].as_array().map(Vec::len), Some(moves), "{game}");
            assert_eq!(body["svg"].as_str().unwrap().matches("class=\"vertex\"").count(), 202, "{game}");
        }
    }
}

/// The page marks a listed winning move on the board by its typed form ("show this move"):
/// wherever the drawing offers the move, the analysis types it as the drawing writes it (an Arc
/// Kayles edge of one graph among several, a move in one game of a sum).
#[tokio::test]
async fn each_winning_move_is_typed_as_the_drawing_offers_it() {
    for (game, position) in [
        ("arc-kayles", json!(["1-2,2-3,3-4,4-1,1-3", "5-6,6-7"])),
        ("sum", json!(["euclid=34,12", "nim=3"])),
        ("sum", json!(["arc-kayles=1-2,2-3", "nim=3"])),
        ("sum", json!(["nim=7", "kayles=5"])),
        ("nim", json!([3, 4, 5])),
    ] {
        let (status, analysis) = post_json("/api/analyze", json!({"game": game, "position": position})).await;
        assert_eq!(status, StatusCode::OK, "{analysis}");
        let (status, drawing) = post_json("/api/draw", json!({"game": game, "position": position})).await;
        assert_eq!(status, StatusCode::OK, "{drawing}");
        let offered: Vec<&str> = drawing["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        assert!(!analysis["winning_moves"].as_array().unwrap().is_empty(), "{game} {position}: {analysis}");
        // The page looks for the typed form and the general form (`HEAP -> LEFT`, numbered in
        // the whole position) among the drawing's moves.
        for (typed, m) in
            analysis["typed"].as_array().unwrap().iter().zip(analysis["winning_moves"].as_array().unwrap())
        {
            let typed = typed.as_str().unwrap();
            let to: Vec<String> = m["to"].as_array().unwrap().iter().map(|x| x.to_string()).collect();
            let general = format!("{} -> {}", m["heap"], if to.is_empty() { "none".to_string() } else { to.join(" ") });
            assert!(
                offered.contains(&typed) || offered.contains(&general.as_str()),
                "{game} {position}: neither {typed} nor {general} is among the drawing's {offered:?}"
            );
        }
    }
}
