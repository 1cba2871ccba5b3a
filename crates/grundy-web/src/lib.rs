//! # grundy-web
//!
//! The local web app of `grundy serve`: a page (plain HTML/CSS/JS compiled into the binary, no
//! CDN) to play every game against the computer with the analysis beside it, and the JSON API
//! it uses:
//!
//! - `POST /api/analyze` `{"game": "nim", "position": [7, 9, 12, 15], "misere": false,
//!   "to_move": "first"}`: the same object as `grundy analyze --json`.
//! - `POST /api/move`: the same body plus `level`, `seed` and optionally `human_move` (text such
//!   as `"3 11"`, played first): the computer's reply and the position after it.
//! - `GET /api/sg?game=subtraction:2,5&upto=50`: the Grundy sequence G(0..=upto) of a heap
//!   ruleset with its proven period.
//!
//! Errors are `{"error": "..."}` with a 4xx status. Every computation is bounded (a capped
//! budget, a capped `upto`, a 1 MiB body), runs on a blocking thread so the async workers stay
//! free, and at most [`MAX_CONCURRENT`] run at once so a flood cannot exhaust memory.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::Semaphore;

use grundy::play::{choose_move, has_move, winner_when_over, Choice, Level, Rng};
use grundy::{analyze, AnalyzeError, AnalyzeOptions, Convention, Game, HeapSolver, Period, Player, Position};

/// The largest request body accepted; larger ones get 413.
pub const MAX_BODY: usize = 1 << 20;
/// The largest search or table budget a request may use (also the default).
pub const MAX_BUDGET: u64 = grundy::DEFAULT_BUDGET;
/// The largest `upto` of `GET /api/sg`.
pub const MAX_UPTO: u64 = 10_000;
/// The most computations running at once; further requests wait their turn.
pub const MAX_CONCURRENT: usize = 4;

const INDEX_HTML: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const STYLE_CSS: &str = include_str!("../static/style.css");

/// An error for the client: a status and a one-line message, sent as `{"error": "..."}`.
#[derive(Debug)]
struct ApiError(StatusCode, String);

impl ApiError {
    fn bad(message: impl ToString) -> Self {
        ApiError(StatusCode::BAD_REQUEST, message.to_string())
    }
}

impl From<AnalyzeError> for ApiError {
    fn from(e: AnalyzeError) -> Self {
        // Both kinds are about this request's input (too big a search, or not answerable).
        ApiError(StatusCode::UNPROCESSABLE_ENTITY, e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

/// What the handlers share: the limit on concurrent computations.
#[derive(Clone)]
struct AppState {
    permits: Arc<Semaphore>,
}

/// The router of the web app: the page, its assets and the JSON API.
pub fn app() -> Router {
    Router::new()
        .route("/", get(|| async { page("text/html; charset=utf-8", INDEX_HTML) }))
        .route("/app.js", get(|| async { page("text/javascript; charset=utf-8", APP_JS) }))
        .route("/style.css", get(|| async { page("text/css; charset=utf-8", STYLE_CSS) }))
        .route("/api/analyze", post(analyze_handler))
        .route("/api/move", post(move_handler))
        .route("/api/sg", get(sg_handler))
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such page or endpoint".into()) })
        .method_not_allowed_fallback(|| async {
            ApiError(
                StatusCode::METHOD_NOT_ALLOWED,
                "method not allowed here (the API uses POST for analyze and move, GET for sg)".into(),
            )
        })
        .with_state(AppState { permits: Arc::new(Semaphore::new(MAX_CONCURRENT)) })
}

fn page(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// Serves [`app`] on `addr` until the process is stopped; `on_ready` is told the bound address
/// (useful with port 0).
pub fn serve(addr: SocketAddr, on_ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    // One thread serves the connections (a local app has few, and they do little); the games
    // are computed on tokio's blocking threads (see `compute`). A multi-threaded scheduler
    // would add nothing but its code to every `grundy` run (and pull in libm).
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        on_ready(listener.local_addr()?);
        axum::serve(listener, app()).await
    })
}

/// Runs `f` on a blocking thread once a permit is free; a panic in `f` becomes a 500 answer
/// instead of taking anything down.
async fn compute<T: Send + 'static>(
    state: &AppState,
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let _permit = state
        .permits
        .acquire()
        .await
        .map_err(|_| ApiError(StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down".into()))?;
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|e| Err(ApiError(StatusCode::INTERNAL_SERVER_ERROR, format!("internal error: {e}"))))
}

/// Reads a JSON body of at most [`MAX_BODY`] bytes.
async fn read_json<T: for<'de> Deserialize<'de>>(body: Body) -> Result<T, ApiError> {
    let bytes = axum::body::to_bytes(body, MAX_BODY).await.map_err(|_| {
        ApiError(StatusCode::PAYLOAD_TOO_LARGE, format!("the request body is over {MAX_BODY} bytes (1 MiB)"))
    })?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("malformed JSON: {e}")))
}

/// A game, a position and how to analyse it, as the API receives them.
#[derive(Deserialize)]
struct Problem {
    game: String,
    /// Numbers, or strings for tokens such as `7/3` and `nim=5`.
    position: Vec<Value>,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    to_move: Option<String>,
    #[serde(default)]
    budget: Option<u64>,
}

impl Problem {
    /// The game, position and options, each checked with a message naming the bad part.
    fn parse(&self) -> Result<(Game, Position, AnalyzeOptions), ApiError> {
        let game: Game = self.game.parse().map_err(ApiError::bad)?;
        let tokens = self
            .position
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                // Numbers go through the same reader as text, so a negative or fractional
                // heap gets the same message as on the command line.
                Value::Number(n) => Ok(n.to_string()),
                Value::String(s) => Ok(s.clone()),
                other => Err(ApiError::bad(format!("position entry {} ({other}) is not a number or a string", i + 1))),
            })
            .collect::<Result<Vec<String>, _>>()?;
        let position = game.parse_position(&tokens).map_err(ApiError::bad)?;
        let to_move: Player = self.to_move.as_deref().unwrap_or("first").parse().map_err(ApiError::bad)?;
        let budget = match self.budget {
            Some(b) if b > MAX_BUDGET => {
                return Err(ApiError::bad(format!("budget {b} is past this server's cap {MAX_BUDGET}")))
            }
            Some(b) => b,
            None => MAX_BUDGET,
        };
        let convention = if self.misere { Convention::Misere } else { Convention::Normal };
        Ok((game, position, AnalyzeOptions { convention, to_move, budget }))
    }
}

async fn analyze_handler(State(state): State<AppState>, body: Body) -> Result<Response, ApiError> {
    let problem: Problem = read_json(body).await?;
    let analysis = compute(&state, move || {
        let (game, position, options) = problem.parse()?;
        Ok(analyze(&game, &position, &options)?)
    })
    .await?;
    Ok(Json(analysis).into_response())
}

/// `POST /api/move`: a [`Problem`] and how the computer plays.
#[derive(Deserialize)]
struct MoveRequest {
    #[serde(flatten)]
    problem: Problem,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    /// A move of the player to move, played before the computer's reply.
    #[serde(default)]
    human_move: Option<String>,
}

/// A move that was played, in the reply of `POST /api/move`.
#[derive(Serialize)]
struct Played {
    /// The 1-based heap number.
    heap: usize,
    to: Vec<u64>,
    text: String,
    result: Vec<u64>,
    /// The position after this move as tokens the API reads back.
    tokens: Vec<String>,
}

#[derive(Serialize)]
struct MoveReply {
    /// The person's move, when one was sent.
    human: Option<Played>,
    /// The computer's move and why, or `null` when the game was over before it.
    computer: Option<Choice>,
    /// The position after both, as numbers and as tokens the API reads back.
    position: Vec<u64>,
    tokens: Vec<String>,
    to_move: String,
    over: bool,
    winner: Option<String>,
}

async fn move_handler(State(state): State<AppState>, body: Body) -> Result<Response, ApiError> {
    let request: MoveRequest = read_json(body).await?;
    let reply = compute(&state, move || {
        let (game, mut position, mut options) = request.problem.parse()?;
        let level: Level = request.level.as_deref().unwrap_or("perfect").parse().map_err(ApiError::bad)?;
        let mut rng = Rng::new(request.seed.unwrap_or(0));
        let mut human = None;
        if let Some(text) = &request.human_move {
            if !has_move(&position, options.to_move) {
                return Err(ApiError::bad("the game is over: there is no move to make"));
            }
            let mv = grundy::play::parse_move(&position, options.to_move, text).map_err(ApiError::bad)?;
            let next = grundy::play::apply(&position, &mv);
            human = Some(Played {
                heap: mv.heap + 1,
                text: grundy::play::describe(&position, &mv),
                result: next.heaps(),
                tokens: game.position_tokens(&next),
                to: mv.to,
            });
            position = next;
            options.to_move = options.to_move.other();
        }
        let computer = choose_move(&game, &position, &options, level, &mut rng)?;
        if let Some(c) = &computer {
            position = grundy::play::apply(&position, &c.mv);
            options.to_move = options.to_move.other();
        }
        let over = !has_move(&position, options.to_move);
        Ok(MoveReply {
            human,
            computer,
            position: position.heaps(),
            tokens: game.position_tokens(&position),
            to_move: options.to_move.to_string(),
            over,
            winner: over.then(|| winner_when_over(options.convention, options.to_move).to_string()),
        })
    })
    .await?;
    Ok(Json(reply).into_response())
}

#[derive(Deserialize)]
struct SgQuery {
    game: Option<String>,
    upto: Option<String>,
}

/// The reply of `GET /api/sg`.
#[derive(Serialize)]
struct SgReply {
    game: String,
    upto: u64,
    values: Vec<u64>,
    period: Option<Period>,
    last: u64,
    method: String,
}

/// G(0..=upto) of a heap ruleset with its proven period: the fields of `grundy sg --json`
/// (plus where the values come from). `upto` is capped, so the `HeapSolver` (closed forms,
/// proven tables, the sparse engine for take-and-break games) answers at once.
fn sg_sequence(game: &str, upto: u64) -> Result<SgReply, ApiError> {
    let parsed: Game = game.parse().map_err(ApiError::bad)?;
    let Game::Heaps(ruleset) = &parsed else {
        return Err(ApiError::bad(format!(
            "game '{game}' has no single heap ruleset: the Grundy sequence needs one such as nim or subtraction:2,5"
        )));
    };
    let solver = HeapSolver::new(ruleset, upto, MAX_BUDGET)?;
    let values = (0..=upto)
        .map(|n| {
            solver.value(n).ok_or_else(|| {
                ApiError(StatusCode::UNPROCESSABLE_ENTITY, format!("no value is known for a heap of {n} in {game}"))
            })
        })
        .collect::<Result<Vec<u64>, _>>()?;
    let last = values.last().copied().unwrap_or(0);
    Ok(SgReply { game: parsed.to_string(), upto, values, period: solver.period(), last, method: solver.method_note() })
}

async fn sg_handler(
    State(state): State<AppState>,
    query: Result<Query<SgQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad(format!("malformed query: {e}")))?;
    let game =
        q.game.ok_or_else(|| ApiError::bad("missing query parameter 'game' (e.g. ?game=subtraction:2,5&upto=50)"))?;
    let upto = match q.upto.as_deref() {
        Some(u) => grundy::parse_u64(u, "upto").map_err(ApiError::bad)?,
        None => 50,
    };
    if upto > MAX_UPTO {
        return Err(ApiError::bad(format!("upto {upto} is past this server's cap {MAX_UPTO}")));
    }
    let reply = compute(&state, move || sg_sequence(&game, upto)).await?;
    Ok(Json(reply).into_response())
}
