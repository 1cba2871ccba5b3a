//! # grundy-web
//!
//! The local web app of `grundy serve`: a page (plain HTML/CSS/JS compiled into the binary, no
//! CDN) to play every game against the computer with the analysis beside it, and the JSON API
//! it uses:
//!
//! - `POST /api/analyze` `{"game": "nim", "position": [7, 9, 12, 15], "misere": false,
//!   "to_move": "first"}`: the same object as `grundy analyze --json`, plus `rules`: the rules
//!   of the game in a sentence ([`grundy::Game::rules_sentence`], e.g. "A move takes one or more
//!   objects from one heap."). An optional `"limit": 100` lists at most that many
//!   `winning_moves` one by one (as `grundy analyze --limit`; without it up to
//!   [`grundy::LISTED_MOVES`]), and `winning_moves_not_listed` then says "the first 100 of N";
//!   `winning_move_count` and `winning_families` stay whole (a heap of 10^18 of Kayles has
//!   83,333,333,333,333,338 winning moves in 18 families).
//! - `POST /api/move`: the same body plus `level`, `seed` and optionally `human_move` (text such
//!   as `"3 11"`, played first): the computer's reply and the position after it, and `rules` as
//!   above. With `"every": true` (Every-SG) a turn is one move in every game that is not over,
//!   typed as each game's move joined by `;` (`"1 -> 2; 3 -> 1"`) or in the general form of
//!   the analysis's winning turn (`"1..4 -> 2 3 1 2"`). At level `perfect` (the default) a position the computer cannot solve exactly
//!   (Grundy's game past its table) is refused, 422 `unsupported` "level perfect cannot promise
//!   perfect play here: ..."; levels `good` and `easy` play the smallest move there.
//! - `GET /api/sg?game=subtraction:2,5&upto=50`: the Grundy sequence G(0..=upto) of a heap
//!   ruleset with its proven period.
//! - `GET /api/games`: the games grundy knows, exactly the library's [`grundy::GAMES`], one
//!   object each: `{"spelling": "bounded:K", "name": "K-Nim", "a_move": "take 1..K objects from
//!   one heap", "example_game": "bounded:3", "example_position": "10 7 4", "heap_ruleset":
//!   true}`. The page builds its game selector from it.
//!
//! The page itself is `/` with `/app.js`, `/style.css` and its icon, `/favicon.svg` (also
//! served as `/favicon.ico`, where browsers look without being told).
//!
//! Heaps range over all of u64, past the 2^53 that a JavaScript number holds exactly. Positions
//! may be sent as strings (`["18446744073709551615"]`), and `?big=strings` on any endpoint asks
//! for every integer of the reply as a string of its digits (the page does both); without it
//! the replies are plain JSON numbers, as above.
//!
//! ## Errors
//!
//! An error is a JSON object with a 4xx or 5xx status: `error`, a one-line message for whoever
//! calls the API (it may name the API's fields, e.g. `send "budget": 29791`), and `kind`, so
//! that a client such as the page can say it in its own words:
//!
//! | status | `kind` | when |
//! |---|---|---|
//! | 400 | `bad_input` | the game, position, player, level, query or JSON is wrong (the message names the part) |
//! | 400 | `illegal_move` | `human_move` is not a legal move of the position |
//! | 404, 405 | `not_found`, `method_not_allowed` | no such endpoint, or another method |
//! | 413 | `too_large` | a body over 1 MiB |
//! | 422 | `budget` | an exact search or table ran past its budget |
//! | 422 | `work_limit` | `/api/sg` past the work a request may do |
//! | 422 | `unsupported` | no exact answer here (the message says why) |
//! | 422 | `memory` | the work would pass, or passed, the memory a request may use (below) |
//! | 500 | `internal` | a bug |
//! | 503 | `time_limit`, `busy` | stopped at, or could not start within, the time limit, or the slow lane's queue is full (below) |
//! | 503 | `cancelled`, `shutting_down` | the request went away; the server is stopping |
//!
//! Where the work can be done on the command line, `command` is that command line (`grundy
//! analyze kayles 60 --misere`: without the time limit; `grundy sg GAME --upto N`: past the
//! sequence's cap). A `budget` error whose work a larger budget would finish also has
//! `suggested_budget` (a number, at most 2^31, even with `?big=strings`), `budget_units` (what it
//! counts: `"positions searched"`, `"table entries"`, ...) and `command` with `--budget` (for a
//! computer's move, the analysis of the position it moved from); past every budget it has
//! neither, and the message says what the work would need.
//!
//! Every computation is bounded (a capped budget, a capped `upto`, a 1 MiB body) and runs on a
//! blocking thread, so the async thread stays free.
//!
//! ## Time limits and the two lanes
//!
//! Each request has a time limit ([`Config::time_limit`], 10 s by default, `grundy serve
//! --time-limit`), counted from its arrival: waiting for a turn counts. Work runs under a
//! [`grundy::StopToken`] with that deadline, so the library's loops stop when it passes, and the
//! answer is a 503 `{"error": "analyze kayles 60 (misère) stopped after the server's time limit
//! of 10.0 s; run it on the command line: grundy analyze kayles 60 --misere", "kind":
//! "time_limit", "command": "grundy analyze kayles 60 --misere"}`; a request that could not even
//! start in time gets `"kind": "busy"`. The handler's future holds a clone of the token that
//! cancels it when dropped, so a client that disconnects (or a page that aborts its request)
//! stops its work at the library's next check.
//!
//! The cost of a request is not known before it runs (a misère Kayles heap of 20 is instant, one
//! of 60 takes minutes), so nothing guesses it. Every request starts in the *quick lane*
//! ([`Config::quick_permits`] computations at once, [`Config::quick_limit`], 250 ms, each).
//! Almost every request ends there. One still running when its quick time is up moves to the
//! *slow lane* ([`Config::slow_permits`], [`MAX_CONCURRENT`] by default): at once, the same
//! run going on, when a slow permit is free; otherwise it is stopped and waits in the slow
//! lane's queue ([`Config::slow_queue`] places) to start again from the beginning once a slow
//! permit frees, still against the deadline from its arrival; when the queue is full too, the
//! answer is a 503 `busy` at once, with `command`. A request that finds every permit taken
//! moves the quick run that has computed longest out of the quick lane (to the slow lane, as if
//! its quick time were up), once that run has computed for [`Config::quick_slice`] (20 ms): the
//! least work done goes first, so a cheap request waits for one slice and a stop at most,
//! however many slow ones keep arriving. Times in the quick lane count from when the
//! computation began, never from waiting for a worker process to start, so a busy machine does
//! not send cheap work to the slow lane. The *shape* of a request ([`shape`]: its body with
//! every number replaced by its size in bits) seen to compute for a quick run's time, in either
//! lane and while it still runs, is remembered for 30 s: more of that shape go to the slow lane
//! at once, even those already waiting for a permit, so a storm of one slow request costs the
//! quick lane nothing after its first quarter second. `bench/stall.sh` measures it
//! (BENCHMARKS.md): 100 and 250 clients sending slow requests in a loop, and a cheap one every
//! second.
//!
//! ## Memory
//!
//! A request may use [`Config::request_memory`] (1 GiB by default, `grundy serve
//! --request-memory`), and all the requests computing at once [`Config::total_memory`] (8 GiB,
//! `--total-memory`). Before its work starts, a request's memory is forecast from its budget
//! ([`forecast`]: the library's bytes per unit of the costliest kind of work, a search's
//! positions, times the budget, plus its body's size and a base); a forecast past a request's
//! memory is refused (422 `memory`, with `command`), and otherwise it is reserved from the
//! total, waiting within the time limit (503 `busy` if it never frees), and given back when the
//! work ends, however it ends. A request that sends no budget gets the largest that fits
//! ([`Config::default_budget`]). Under `grundy serve` ([`Config::workers`]) the work runs in
//! worker processes, and one whose resident memory passes a request's memory is killed (422
//! `memory`): where a forecast of the library falls short, or work is not bounded by its budget,
//! the worker ends, never the server. A worker is also killed when its request is stopped (time
//! limit, cancelled, moved out of the quick lane), which frees its permit at once. Permits are
//! held by the blocking work itself, not by the request, so the number of threads computing (in
//! this process, or waiting for a worker) is bounded by the permits even while stopped work
//! winds down.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::{BufRead, Write};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};
use tokio::task::{JoinError, JoinHandle};
use tokio::time::{sleep_until, timeout_at, Instant};

use grundy::engine::heap::PERIOD_SEARCH_WORK;
use grundy::play::{Choice, Level, Played, Session};
use grundy::{
    analyze, Analysis, AnalyzeError, AnalyzeOptions, Convention, Game, Period, Player, Position, SequenceBuilder,
    SequenceError, StopToken, Stopped,
};

/// The largest request body accepted; larger ones get 413.
pub const MAX_BODY: usize = 1 << 20;
/// The largest search or table budget a request may use (also the default).
pub const MAX_BUDGET: u64 = grundy::DEFAULT_BUDGET;
/// The largest `upto` of `GET /api/sg`.
pub const MAX_UPTO: u64 = 10_000;
/// The most computations of the slow lane running at once, by default.
pub const MAX_CONCURRENT: usize = 4;
/// The time limit of a request, by default.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(10);
/// The longest time limit a server takes (longer ones are cut to this).
pub const MAX_TIME_LIMIT: Duration = Duration::from_secs(24 * 3600);
/// How long a request may compute in the quick lane, by default.
pub const QUICK_LIMIT: Duration = Duration::from_millis(250);
/// The most computations of the quick lane running at once, by default.
pub const QUICK_PERMITS: usize = 4;
/// How long a run of the quick lane keeps its place against newer requests, by default.
pub const QUICK_SLICE: Duration = Duration::from_millis(20);
/// The most requests waiting for the slow lane, by default; more are answered 503 `busy`.
pub const SLOW_QUEUE: usize = 16;
/// The memory one request may use, by default: 1 GiB.
pub const REQUEST_MEMORY: u64 = 1 << 30;
/// The memory all requests together may use, by default: 8 GiB, the quick and the slow lanes
/// full at [`REQUEST_MEMORY`] each.
pub const TOTAL_MEMORY: u64 = 8 << 30;
/// Memory every computation is counted as using besides its budget's: the process, its
/// request and its answer's frame.
pub const BASE_MEMORY: u64 = 32 << 20;
/// Bytes of memory counted for each byte of the request body (its position as numbers and
/// texts, and the answer that repeats it).
pub const MEMORY_PER_BODY_BYTE: u64 = 64;

mod worker;
pub use worker::WorkerCommand;
use worker::{Killed, Outcome, Pool, Process};

const INDEX_HTML: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const STYLE_CSS: &str = include_str!("../static/style.css");
const FAVICON_SVG: &str = include_str!("../static/favicon.svg");

/// How a server limits its work (see the crate documentation for the two lanes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The longest a request may take from its arrival to its answer, waiting included
    /// (at most [`MAX_TIME_LIMIT`]).
    pub time_limit: Duration,
    /// How many computations of the slow lane run at once (at least 1).
    pub slow_permits: usize,
    /// How long a request computes in the quick lane before it moves to the slow lane.
    pub quick_limit: Duration,
    /// How many computations of the quick lane run at once (at least 1).
    pub quick_permits: usize,
    /// Values of take-and-break games read from stores (`grundy serve --store DIR`): every
    /// heap they cover is answered from them.
    pub stored: Option<&'static grundy::StoredValues>,
    /// How long a run of the quick lane keeps its place when newer requests wait for one: past
    /// it, the run that has computed longest moves to the slow lane to make room.
    pub quick_slice: Duration,
    /// How many requests may wait for a slow permit; past them the answer is 503 `busy`.
    pub slow_queue: usize,
    /// The most memory one request may use, in bytes: a request whose forecast (its budget's
    /// memory, see [`forecast`]) is larger is refused with 422 `memory`, and a worker process
    /// whose resident memory passes it is stopped (422 `memory`).
    pub request_memory: u64,
    /// The most memory the requests computing at once may use together, in bytes: each reserves
    /// its forecast before it starts and gives it back when it ends.
    pub total_memory: u64,
    /// Where the computations run: `None` on threads of this process (the library's use, and
    /// the tests), else in worker processes started by this command (`grundy serve`), so that
    /// no request can take the server down.
    pub workers: Option<WorkerCommand>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            time_limit: DEFAULT_TIME_LIMIT,
            slow_permits: MAX_CONCURRENT,
            quick_limit: QUICK_LIMIT,
            quick_permits: QUICK_PERMITS,
            stored: None,
            quick_slice: QUICK_SLICE,
            slow_queue: SLOW_QUEUE,
            request_memory: REQUEST_MEMORY,
            total_memory: TOTAL_MEMORY,
            workers: None,
        }
    }
}

/// The bytes of memory a budget of `budget` units may take: the costliest kind of work the
/// library bounds by a budget ([`grundy::Work::bytes_per_unit`]), a search's positions.
pub fn budget_memory(budget: u64) -> u64 {
    use grundy::Work;
    let worst = [Work::PositionsSearched, Work::SubtractionTable, Work::AllButTable, Work::SplitTable]
        .iter()
        .map(|w| w.bytes_per_unit())
        .max()
        .unwrap_or(0);
    budget.saturating_mul(worst)
}

/// The memory a request is forecast to use at most: its budget's ([`budget_memory`]), its
/// body's ([`MEMORY_PER_BODY_BYTE`] per byte) and [`BASE_MEMORY`].
pub fn forecast(budget: u64, body_bytes: usize) -> u64 {
    budget_memory(budget)
        .saturating_add((body_bytes as u64).saturating_mul(MEMORY_PER_BODY_BYTE))
        .saturating_add(BASE_MEMORY)
}

impl Config {
    /// The budget of a request that sends none: [`MAX_BUDGET`], or less when that would pass
    /// the memory a request may use with a body of `body_bytes`.
    pub fn default_budget(&self, body_bytes: usize) -> u64 {
        let per_unit = budget_memory(1).max(1);
        let room = self.request_memory.saturating_sub(forecast(0, body_bytes));
        MAX_BUDGET.min(room / per_unit)
    }
}

/// What kind of error an answer is, sent as its `kind` so that a client (the page) can say it
/// in its own words without reading the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// 400: the request's input is wrong; the message names the bad part.
    BadInput,
    /// 400: the person's move is not a legal move of the position.
    IllegalMove,
    /// 404: no such page or endpoint.
    NotFound,
    /// 405: the endpoint takes another method.
    MethodNotAllowed,
    /// 413: the body is over [`MAX_BODY`].
    TooLarge,
    /// 422: an exact search or table ran past its budget (`suggested_budget` and `command`
    /// when a larger budget would do).
    Budget,
    /// 422: the work is past what a request may do (the Grundy sequence's cap); `command`
    /// computes it.
    WorkLimit,
    /// 422: the question has no exact answer here; the message says why.
    Unsupported,
    /// 422: the work would pass the memory a request may use (`command` does it without this
    /// server's limits).
    Memory,
    /// 500: a bug.
    Internal,
    /// 503: stopped at the time limit; `command` computes it without one.
    TimeLimit,
    /// 503: could not start within the time limit; `command` computes it without one.
    Busy,
    /// 503: the request itself went away.
    Cancelled,
    /// 503: the server is stopping.
    ShuttingDown,
}

impl Kind {
    const ALL: [Kind; 14] = [
        Kind::BadInput,
        Kind::IllegalMove,
        Kind::NotFound,
        Kind::MethodNotAllowed,
        Kind::TooLarge,
        Kind::Budget,
        Kind::WorkLimit,
        Kind::Unsupported,
        Kind::Memory,
        Kind::Internal,
        Kind::TimeLimit,
        Kind::Busy,
        Kind::Cancelled,
        Kind::ShuttingDown,
    ];

    /// The kind named `name` (as sent), or `Internal` for a name that is none.
    fn named(name: &str) -> Kind {
        Kind::ALL.into_iter().find(|k| k.as_str() == name).unwrap_or(Kind::Internal)
    }

    fn as_str(self) -> &'static str {
        match self {
            Kind::BadInput => "bad_input",
            Kind::IllegalMove => "illegal_move",
            Kind::NotFound => "not_found",
            Kind::MethodNotAllowed => "method_not_allowed",
            Kind::TooLarge => "too_large",
            Kind::Budget => "budget",
            Kind::WorkLimit => "work_limit",
            Kind::Unsupported => "unsupported",
            Kind::Memory => "memory",
            Kind::Internal => "internal",
            Kind::TimeLimit => "time_limit",
            Kind::Busy => "busy",
            Kind::Cancelled => "cancelled",
            Kind::ShuttingDown => "shutting_down",
        }
    }
}

/// An error for the client: a status, a one-line message and its [`Kind`], sent as `{"error":
/// "...", "kind": "..."}`, with the command line that does the work without this server's limits
/// and the budget it needs when they are known.
#[derive(Debug)]
struct ApiError {
    status: StatusCode,
    message: String,
    kind: Kind,
    /// The `grundy` command line that does what was asked without this server's limits.
    command: Option<String>,
    /// For [`Kind::Budget`]: the budget that would do, and what it counts ("positions
    /// searched").
    budget: Option<(u64, String)>,
}

impl ApiError {
    fn new(status: StatusCode, kind: Kind, message: impl ToString) -> Self {
        ApiError { status, message: message.to_string(), kind, command: None, budget: None }
    }

    fn bad(message: impl ToString) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, Kind::BadInput, message)
    }

    fn with_command(self, command: String) -> Self {
        ApiError { command: Some(command), ..self }
    }
}

/// The JSON of an [`ApiError`]: the fields a kind has no value for are left out.
#[derive(Serialize, Deserialize)]
struct ErrorBody {
    error: String,
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    command: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    suggested_budget: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    budget_units: Option<String>,
}

impl ApiError {
    fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.message.clone(),
            kind: self.kind.as_str().into(),
            command: self.command.clone(),
            suggested_budget: self.budget.as_ref().map(|(b, _)| *b),
            budget_units: self.budget.as_ref().map(|(_, units)| units.clone()),
        }
    }

    fn from_body(status: u16, body: ErrorBody) -> ApiError {
        ApiError {
            status: StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            message: body.error,
            kind: Kind::named(&body.kind),
            command: body.command,
            budget: body.suggested_budget.zip(body.budget_units),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}

/// How a computation failed: an answer for the client, or its stop token fired (the lanes
/// decide what that means).
#[derive(Debug)]
enum Fail {
    Api(ApiError),
    Stopped(Stopped),
    /// A worker process ended without a reply: killed by the server (why), or on its own
    /// (its exit status).
    Ended(Option<Killed>, String),
}

impl From<ApiError> for Fail {
    fn from(e: ApiError) -> Self {
        Fail::Api(e)
    }
}

/// What the handlers share: the configuration, the permits of the two lanes, the places of
/// the slow lane's queue, the memory left to reserve (in MiB) and the worker processes.
#[derive(Clone)]
struct AppState {
    config: Arc<Config>,
    quick: Arc<Semaphore>,
    slow: Arc<Semaphore>,
    queue: Arc<Semaphore>,
    memory: Arc<Semaphore>,
    quick_runs: Arc<Mutex<QuickRuns>>,
    slow_shapes: Arc<Mutex<SlowShapes>>,
    pool: Option<Arc<Pool>>,
}

impl AppState {
    fn new(config: Config) -> AppState {
        // A worker holds the stored tables as well as its request's memory.
        let worker_memory = config.request_memory.saturating_add(config.stored.map_or(0, grundy::StoredValues::bytes));
        let pool =
            config.workers.clone().map(|c| Pool::new(c, config.quick_permits + config.slow_permits, worker_memory));
        let mib = usize::try_from(config.total_memory >> 20).unwrap_or(usize::MAX).min(Semaphore::MAX_PERMITS);
        AppState {
            quick: Arc::new(Semaphore::new(config.quick_permits)),
            slow: Arc::new(Semaphore::new(config.slow_permits)),
            queue: Arc::new(Semaphore::new(config.slow_queue)),
            memory: Arc::new(Semaphore::new(mib)),
            quick_runs: Arc::new(Mutex::new(QuickRuns::default())),
            slow_shapes: Arc::new(Mutex::new(SlowShapes::default())),
            pool,
            config: Arc::new(config),
        }
    }
}

/// The router of the web app with the default [`Config`].
pub fn app() -> Router {
    app_with(Config::default())
}

/// The router of the web app: the page, its assets and the JSON API.
pub fn app_with(config: Config) -> Router {
    let config = Config {
        time_limit: config.time_limit.min(MAX_TIME_LIMIT),
        slow_permits: config.slow_permits.max(1),
        quick_permits: config.quick_permits.max(1),
        // At least one request's worth, so that a request within its own limit can run.
        total_memory: config.total_memory.max(config.request_memory),
        ..config
    };
    let state = AppState::new(config);
    Router::new()
        .route("/", get(|| async { page("text/html; charset=utf-8", INDEX_HTML) }))
        .route("/app.js", get(|| async { page("text/javascript; charset=utf-8", APP_JS) }))
        .route("/style.css", get(|| async { page("text/css; charset=utf-8", STYLE_CSS) }))
        // The page links its icon as SVG; browsers that ask for /favicon.ico get the same.
        .route("/favicon.svg", get(|| async { page("image/svg+xml", FAVICON_SVG) }))
        .route("/favicon.ico", get(|| async { page("image/svg+xml", FAVICON_SVG) }))
        .route("/api/analyze", post(analyze_handler))
        .route("/api/move", post(move_handler))
        .route("/api/draw", post(draw_handler))
        .route("/api/sg", get(sg_handler))
        .route("/api/games", get(games_handler))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, Kind::NotFound, "no such page or endpoint") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                Kind::MethodNotAllowed,
                "method not allowed here (the API uses POST for analyze and move, GET for sg and games)",
            )
        })
        .with_state(state)
}

fn page(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// Serves [`app`] on `addr` until the process is stopped; `on_ready` is told the bound address
/// (useful with port 0).
pub fn serve(addr: SocketAddr, on_ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    serve_with(addr, Config::default(), on_ready)
}

/// Serves [`app_with`] `config` on `addr` until the process is stopped; `on_ready` is told the
/// bound address (useful with port 0).
pub fn serve_with(addr: SocketAddr, config: Config, on_ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    // One thread serves the connections (a local app has few, and they do little); the games
    // are computed on tokio's blocking threads (see `compute`). A multi-threaded scheduler
    // would add nothing but its code to every `grundy` run (and pull in libm).
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        on_ready(listener.local_addr()?);
        axum::serve(listener, app_with(config)).await
    })
}

// ---- the two lanes ------------------------------------------------------------------------

/// What a request asked, for the messages of the time limit: `analyze kayles 60 (misère)` and
/// the command that computes it without a limit.
struct Asked {
    what: String,
    command: String,
}

impl Asked {
    /// `{what} {why}; run it on the command line: {command}` (after "try again later or " when
    /// waiting may help), with `command`.
    fn refused(&self, status: StatusCode, kind: Kind, why: &str, again: bool) -> ApiError {
        let again = if again { "try again later or " } else { "" };
        ApiError::new(status, kind, format!("{} {why}; {again}run it on the command line: {}", self.what, self.command))
            .with_command(self.command.clone())
    }

    fn stopped(&self, config: &Config) -> ApiError {
        let why = format!("stopped after the server's time limit of {:.1} s", config.time_limit.as_secs_f64());
        self.refused(StatusCode::SERVICE_UNAVAILABLE, Kind::TimeLimit, &why, false)
    }

    fn busy(&self, config: &Config) -> ApiError {
        let why = format!(
            "could not start within the server's time limit of {:.1} s: every computing slot stayed busy",
            config.time_limit.as_secs_f64()
        );
        self.refused(StatusCode::SERVICE_UNAVAILABLE, Kind::Busy, &why, true)
    }

    fn queue_full(&self, config: &Config) -> ApiError {
        let why = format!(
            "needs the slow lane, whose {} computing slots and {} places to wait are all taken",
            config.slow_permits, config.slow_queue
        );
        self.refused(StatusCode::SERVICE_UNAVAILABLE, Kind::Busy, &why, true)
    }

    /// The answer when the work needs more memory than a request may use: `needs` says how
    /// much it would take (forecast or held when stopped).
    fn memory(&self, config: &Config, needs: &str) -> ApiError {
        let why = format!(
            "{needs}, past the {} this server gives one request",
            grundy::human_bytes(u128::from(config.request_memory))
        );
        self.refused(StatusCode::UNPROCESSABLE_ENTITY, Kind::Memory, &why, false)
    }
}

/// Stops the work of a request when the request's future is dropped (its client went away),
/// so the computation ends at the library's next check, or its worker process is killed, and
/// frees its permit.
struct StopOnDrop(Option<Arc<Stopper>>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if let Some(s) = &self.0 {
            s.stop();
        }
    }
}

/// How a run is stopped: its token (work on a thread of this process) and its worker process,
/// once it has one (killed).
struct Stopper {
    token: StopToken,
    process: Mutex<(bool, Option<Arc<Process>>)>,
    /// When the computation itself began (a worker process ready for it): what it has run
    /// for, apart from starting a worker, says whether its shape is slow.
    began: Mutex<Option<Instant>>,
}

impl Stopper {
    fn stop(&self) {
        self.token.cancel();
        let mut p = self.process.lock().unwrap_or_else(PoisonError::into_inner);
        p.0 = true;
        if let Some(process) = &p.1 {
            process.kill(Killed::Stopped);
        }
    }

    fn began(&self) {
        *self.began.lock().unwrap_or_else(PoisonError::into_inner) = Some(Instant::now());
    }

    /// When the computation began, if it has.
    fn began_at(&self) -> Option<Instant> {
        *self.began.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the computation has run for `limit` since it began.
    fn ran_for(&self, limit: Duration) -> bool {
        self.began.lock().unwrap_or_else(PoisonError::into_inner).is_some_and(|at| at.elapsed() >= limit)
    }

    /// Records the worker process of the run; killed at once when the run was stopped first.
    fn publish(&self, process: Arc<Process>) {
        let mut p = self.process.lock().unwrap_or_else(PoisonError::into_inner);
        if p.0 {
            process.kill(Killed::Stopped);
        }
        p.1 = Some(process);
    }

    /// Forgets the worker process once it has replied, so that stopping the request after
    /// its answer leaves the worker alone for the next job.
    fn unpublish(&self) {
        self.process.lock().unwrap_or_else(PoisonError::into_inner).1 = None;
    }
}

/// The permit a computation runs under. The blocking work holds it (through an `Arc`) until it
/// ends, so the permits bound the threads computing even when a request stops waiting; the
/// request swaps a quick permit for a slow one when its work moves lanes.
/// The run's memory, reserved from the total, is held the same way.
struct PermitSlot(Mutex<Option<OwnedSemaphorePermit>>, #[allow(dead_code)] OwnedSemaphorePermit);

impl PermitSlot {
    fn replace(&self, permit: OwnedSemaphorePermit) {
        let old = self.0.lock().unwrap_or_else(PoisonError::into_inner).replace(permit);
        drop(old);
    }
}

/// One run of a request's work: on a blocking thread, which computes it or waits for its
/// worker process.
struct Run {
    handle: JoinHandle<Result<Value, Fail>>,
    stopper: Arc<Stopper>,
    slot: Arc<PermitSlot>,
}

/// A job on a worker process from `pool`, as the blocking thread runs it.
fn run_on_worker(pool: &Pool, job: &str, stopper: &Stopper) -> Result<Value, Fail> {
    let worker = pool.take().map_err(|e| {
        Fail::Api(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            Kind::Busy,
            format!("the server could not start a worker process: {e}"),
        ))
    })?;
    stopper.publish(Arc::clone(&worker.process));
    stopper.began();
    match worker.run(job) {
        Outcome::Reply(line, worker) => {
            stopper.unpublish();
            pool.put(worker);
            match serde_json::from_str::<WorkerReply>(&line) {
                Ok(WorkerReply::Ok(value)) => Ok(value),
                Ok(WorkerReply::Error { status, error }) => Err(Fail::Api(ApiError::from_body(status, error))),
                Err(e) => Err(Fail::Api(internal(format!("a worker process answered what is not a reply: {e}")))),
            }
        }
        Outcome::Ended(killed, status) => Err(Fail::Ended(killed, status)),
    }
}

fn internal(message: String) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, Kind::Internal, format!("internal error: {message}"))
}

/// A computation on a thread of this process, given its run's stop token.
type Compute = dyn Fn(&StopToken) -> Result<Value, Fail> + Send + Sync;

/// What a run computes: a function on a blocking thread of this process (under the run's stop
/// token), or a job line for a worker process.
#[derive(Clone)]
enum Work {
    /// Given the run's token too (installed on the thread as well, for the library's loops).
    Here(Arc<Compute>),
    Worker(Arc<str>),
}

impl AppState {
    /// `job` as this server runs it: in a worker process when it has them.
    fn work(&self, job: Job) -> Work {
        match (&self.pool, serde_json::to_string(&job)) {
            (Some(_), Ok(line)) => Work::Worker(line.into()),
            _ => {
                let stored = self.config.stored;
                Work::Here(Arc::new(move |_: &StopToken| job.run(stored)))
            }
        }
    }
}

/// Starts `work` under `permit`, with a stop token firing at `deadline`; `guard` now stops
/// this run when the request is dropped.
fn start(
    state: &AppState,
    work: &Work,
    (permit, memory): (OwnedSemaphorePermit, OwnedSemaphorePermit),
    deadline: Instant,
    guard: &mut StopOnDrop,
) -> Run {
    let token = StopToken::after(deadline.saturating_duration_since(Instant::now()));
    let stopper =
        Arc::new(Stopper { token: token.clone(), process: Mutex::new((false, None)), began: Mutex::new(None) });
    guard.0 = Some(Arc::clone(&stopper));
    let slot = Arc::new(PermitSlot(Mutex::new(Some(permit)), memory));
    let handle = tokio::task::spawn_blocking({
        let (work, pool, stopper, slot) = (work.clone(), state.pool.clone(), Arc::clone(&stopper), Arc::clone(&slot));
        move || {
            let result = match (&work, &pool) {
                (Work::Here(f), _) => {
                    stopper.began();
                    token.run(|| f(&token))
                }
                (Work::Worker(line), Some(pool)) => run_on_worker(pool, line, &stopper),
                (Work::Worker(_), None) => Err(Fail::Api(internal("a job for worker processes, and none".into()))),
            };
            drop(slot);
            result
        }
    });
    Run { handle, stopper, slot }
}

/// The answer of a finished run: a panic becomes a 500 answer instead of taking anything
/// down, a fired token a 503, a worker stopped for its memory a 422.
fn finish(joined: Result<Result<Value, Fail>, JoinError>, asked: &Asked, config: &Config) -> Result<Value, ApiError> {
    match joined {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(Fail::Api(e))) => Err(e),
        Ok(Err(Fail::Stopped(Stopped::TimeUp { .. }))) => Err(asked.stopped(config)),
        Ok(Err(Fail::Ended(Some(Killed::Memory(held)), _))) => {
            Err(asked
                .memory(config, &format!("was stopped holding {} of memory", grundy::human_bytes(u128::from(held)))))
        }
        // Only seen when the request itself stopped its run (its client has gone); a kind of
        // stop the library adds later reads the same.
        Ok(Err(Fail::Stopped(_) | Fail::Ended(Some(Killed::Stopped), _))) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            Kind::Cancelled,
            format!("{} was cancelled", asked.what),
        )),
        Ok(Err(Fail::Ended(None, status))) => {
            Err(internal(format!("the worker process computing {} ended ({status})", asked.what)))
        }
        Err(e) => Err(internal(e.to_string())),
    }
}

/// Waits for a run until the deadline. Work that does not stop by then (a loop of the library
/// with no check) is stopped and keeps its permit until it ends (a worker process is killed),
/// but the client has its answer.
async fn finish_by(run: Run, deadline: Instant, asked: &Asked, config: &Config) -> Result<Value, ApiError> {
    match timeout_at(deadline, run.handle).await {
        Ok(joined) => finish(joined, asked, config),
        Err(_) => {
            run.stopper.stop();
            Err(asked.stopped(config))
        }
    }
}

fn shutting_down() -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, Kind::ShuttingDown, "the server is shutting down")
}

/// The runs of the quick lane, oldest first, so that a request that finds the lane full can
/// move the one that has computed longest (past its slice) to the slow lane.
#[derive(Default)]
struct QuickRuns {
    next: u64,
    runs: Vec<QuickRun>,
}

struct QuickRun {
    id: u64,
    /// Its run's stopper, which knows when the computation began ([`Stopper::began`]).
    stopper: Arc<Stopper>,
    moved: bool,
    told: Arc<Notify>,
}

/// What a request waiting for the quick lane can do.
enum Room {
    /// It told a run to move (and waits for that run's permit).
    Moved,
    /// The oldest run not yet told keeps its place until then.
    At(Instant),
    /// Every run has been told already.
    Waiting,
}

impl QuickRuns {
    fn add(&mut self, stopper: Arc<Stopper>) -> (u64, Arc<Notify>) {
        self.next += 1;
        let told = Arc::new(Notify::new());
        self.runs.push(QuickRun { id: self.next, stopper, moved: false, told: Arc::clone(&told) });
        (self.next, told)
    }

    fn remove(&mut self, id: u64) {
        self.runs.retain(|r| r.id != id);
    }

    /// Tells the run of the quick lane that has computed longest to move, once it has had
    /// `slice`. A run still waiting for its worker process to start has not computed at all:
    /// moving it would save nothing, and it may well be cheap.
    fn make_room(&mut self, slice: Duration, now: Instant) -> Room {
        let Some((began, oldest)) = self
            .runs
            .iter_mut()
            .filter(|r| !r.moved)
            .filter_map(|r| Some((r.stopper.began_at()?, r)))
            .min_by_key(|(b, _)| *b)
        else {
            return Room::Waiting;
        };
        let until = began + slice;
        if until > now {
            return Room::At(until);
        }
        oldest.moved = true;
        oldest.told.notify_one();
        Room::Moved
    }
}

/// RAII for a run's place in [`QuickRuns`].
struct QuickPlace<'a>(&'a Mutex<QuickRuns>, u64);

impl Drop for QuickPlace<'_> {
    fn drop(&mut self) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).remove(self.1);
    }
}

/// A permit of the quick lane (`true`), or of the slow lane when one is free first (`false`),
/// or `None` when work of this `shape` is seen to need the slow lane while the request waits.
/// When the quick lane is full, the run in it that has computed longest is told to move to the
/// slow lane once it has computed [`Config::quick_slice`]: newer requests, which may well be
/// cheap, go first (the least work done first), so a cheap request never waits behind slow
/// ones for long. Requests of a shape seen slow leave the wait at once (at the start of a storm
/// of them, all arrive before the first is seen slow).
async fn first_permit(
    state: &AppState,
    deadline: Instant,
    asked: &Asked,
    shape: u64,
) -> Result<Option<(OwnedSemaphorePermit, bool)>, ApiError> {
    let config = &*state.config;
    // Waiting for either kind of permit, in each semaphore's order of arrival, kept across the
    // rounds below.
    let quick = Arc::clone(&state.quick).acquire_owned();
    let slow = Arc::clone(&state.slow).acquire_owned();
    tokio::pin!(quick, slow);
    loop {
        // A free permit first, so that no run is moved needlessly.
        if let Ok(p) = Arc::clone(&state.quick).try_acquire_owned() {
            return Ok(Some((p, true)));
        }
        if let Ok(p) = Arc::clone(&state.slow).try_acquire_owned() {
            return Ok(Some((p, false)));
        }
        let now = Instant::now();
        if state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).contains(shape, now) {
            return Ok(None);
        }
        let room = state.quick_runs.lock().unwrap_or_else(PoisonError::into_inner).make_room(config.quick_slice, now);
        // One run told to move per slice of waiting: its permit frees at once (a worker
        // process is killed) or at the library's next check.
        let retry = match room {
            Room::Moved | Room::Waiting => now + config.quick_slice,
            Room::At(at) => at,
        }
        .min(deadline);
        tokio::select! {
            biased;
            p = &mut quick => return Ok(Some((p.map_err(|_| shutting_down())?, true))),
            p = &mut slow => return Ok(Some((p.map_err(|_| shutting_down())?, false))),
            () = sleep_until(retry) => {
                if Instant::now() >= deadline {
                    return Err(asked.busy(config));
                }
            }
        }
    }
}

/// Refuses a forecast past what one request may use.
fn check_forecast(config: &Config, forecast: u64, asked: &Asked) -> Result<(), ApiError> {
    if forecast > config.request_memory {
        return Err(
            asked.memory(config, &format!("could take up to {} of memory", grundy::human_bytes(u128::from(forecast))))
        );
    }
    Ok(())
}

/// Reserves `forecast` bytes of the server's memory for a run that holds its lane's `permit`
/// (given back when the run ends), waiting within the deadline: with the defaults the total
/// holds every permit's largest forecast, so no run waits.
async fn reserve(
    state: &AppState,
    permit: OwnedSemaphorePermit,
    forecast: u64,
    deadline: Instant,
    asked: &Asked,
) -> Result<(OwnedSemaphorePermit, OwnedSemaphorePermit), ApiError> {
    let config = &*state.config;
    let mib = u32::try_from(forecast.div_ceil(1 << 20).max(1)).unwrap_or(u32::MAX);
    match timeout_at(deadline, Arc::clone(&state.memory).acquire_many_owned(mib)).await {
        Ok(Ok(memory)) => Ok((permit, memory)),
        Ok(Err(_)) => Err(shutting_down()),
        Err(_) => Err(asked.busy(config)),
    }
}

/// Runs `work` in the quick lane, then if need be the slow lane, within the request's time limit
/// from `arrived` and its memory `forecast` (see the crate documentation). A request whose
/// `shape` was seen to need the slow lane lately goes there at once.
async fn compute(
    state: &AppState,
    arrived: Instant,
    asked: Asked,
    forecast: u64,
    shape: u64,
    work: Work,
) -> Result<Value, ApiError> {
    let config = &*state.config;
    let deadline = arrived + config.time_limit;
    check_forecast(config, forecast, &asked)?;
    let mut guard = StopOnDrop(None);
    if state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).contains(shape, Instant::now()) {
        return in_slow_lane(state, &work, forecast, deadline, &asked, shape, &mut guard).await;
    }

    let (permit, quick) = match first_permit(state, deadline, &asked, shape).await? {
        Some(first) => first,
        // Its shape was seen slow while it waited.
        None => return in_slow_lane(state, &work, forecast, deadline, &asked, shape, &mut guard).await,
    };
    let permits = reserve(state, permit, forecast, deadline, &asked).await?;
    let mut run = start(state, &work, permits, deadline, &mut guard);
    let started = Instant::now();
    if !quick {
        return finish_slow(state, run, deadline, &asked, shape).await;
    }
    let (id, told) = state.quick_runs.lock().unwrap_or_else(PoisonError::into_inner).add(Arc::clone(&run.stopper));
    let place = QuickPlace(&state.quick_runs, id);
    // The quick time counts from when the computation began: waiting for a worker process to
    // start (a busy machine) does not send cheap work to the slow lane.
    let quick_end = |from: Instant| from.checked_add(config.quick_limit).map_or(deadline, |end| end.min(deadline));
    let mut check = quick_end(started);
    loop {
        tokio::select! {
            joined = &mut run.handle => return finish(joined, &asked, config),
            // Its quick time is up: work of this shape needs the slow lane.
            () = sleep_until(check) => {
                if run.stopper.ran_for(config.quick_limit) {
                    state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).insert(shape, Instant::now());
                    break;
                }
                if check >= deadline {
                    break;
                }
                let now = Instant::now();
                check = quick_end(run.stopper.began_at().unwrap_or(now)).max(now + (config.quick_limit / 8).max(Duration::from_millis(1))).min(deadline);
            }
            () = told.notified() => break,
        }
    }
    drop(place);
    if Instant::now() >= deadline {
        run.stopper.stop();
        return Err(asked.stopped(config));
    }
    // The quick time is up: the same work goes on in the slow lane if a slow permit is free ...
    if let Ok(permit) = Arc::clone(&state.slow).try_acquire_owned() {
        run.slot.replace(permit);
        return finish_slow(state, run, deadline, &asked, shape).await;
    }
    // ... else it stops (freeing its quick permit when it does) and waits for one in the slow
    // lane's queue, if it has room, to start again from the beginning.
    run.stopper.stop();
    drop(run);
    in_slow_lane(state, &work, forecast, deadline, &asked, shape, &mut guard).await
}

/// Runs `work` in the slow lane: a free permit, else a place in its queue to wait for one, else
/// the busy answer at once.
async fn in_slow_lane(
    state: &AppState,
    work: &Work,
    forecast: u64,
    deadline: Instant,
    asked: &Asked,
    shape: u64,
    guard: &mut StopOnDrop,
) -> Result<Value, ApiError> {
    let config = &*state.config;
    let permit = match Arc::clone(&state.slow).try_acquire_owned() {
        Ok(permit) => permit,
        Err(_) => {
            let Ok(place) = Arc::clone(&state.queue).try_acquire_owned() else {
                return Err(asked.queue_full(config));
            };
            let permit = match timeout_at(deadline, Arc::clone(&state.slow).acquire_owned()).await {
                Ok(Ok(permit)) => permit,
                Ok(Err(_)) => return Err(shutting_down()),
                Err(_) => return Err(asked.busy(config)),
            };
            drop(place);
            permit
        }
    };
    let permits = reserve(state, permit, forecast, deadline, asked).await?;
    let run = start(state, work, permits, deadline, guard);
    finish_slow(state, run, deadline, asked, shape).await
}

/// Waits for a run of the slow lane, and remembers its shape as slow once it has computed for
/// longer than a quick run may: while it still runs, so that more of the same skip the quick
/// lane a quick run's time after the first of them began, not only once it ends.
async fn finish_slow(
    state: &AppState,
    run: Run,
    deadline: Instant,
    asked: &Asked,
    shape: u64,
) -> Result<Value, ApiError> {
    let limit = state.config.quick_limit;
    let stopper = Arc::clone(&run.stopper);
    let remember = || {
        let slow = stopper.ran_for(limit);
        if slow {
            state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).insert(shape, Instant::now());
        }
        slow
    };
    let answer = finish_by(run, deadline, asked, &state.config);
    tokio::pin!(answer);
    let mut check = Instant::now() + limit;
    loop {
        tokio::select! {
            answer = &mut answer => {
                remember();
                return answer;
            }
            () = sleep_until(check) => {
                if remember() {
                    return answer.await;
                }
                // Its worker process was still starting: look again a little later.
                check = stopper.began_at().map_or(Instant::now(), |at| at + limit).max(Instant::now() + (limit / 8).max(Duration::from_millis(1)));
            }
        }
    }
}

/// How long a shape of request seen to need the slow lane is remembered.
const SLOW_SHAPE_MEMORY: Duration = Duration::from_secs(30);
/// The most shapes remembered.
const SLOW_SHAPES: usize = 4096;

/// The shapes of requests seen lately to need the slow lane ([`shape`]), with when: more of the
/// same skip the quick lane, so that a storm of slow requests costs the quick lane nothing.
#[derive(Default)]
struct SlowShapes {
    seen: HashMap<u64, Instant>,
}

impl SlowShapes {
    fn contains(&mut self, shape: u64, now: Instant) -> bool {
        match self.seen.get(&shape) {
            Some(&at) if now.duration_since(at) < SLOW_SHAPE_MEMORY => true,
            Some(_) => {
                self.seen.remove(&shape);
                false
            }
            None => false,
        }
    }

    fn insert(&mut self, shape: u64, now: Instant) {
        if self.seen.len() >= SLOW_SHAPES {
            self.seen.retain(|_, at| now.duration_since(*at) < SLOW_SHAPE_MEMORY);
            if self.seen.len() >= SLOW_SHAPES {
                self.seen.clear();
            }
        }
        self.seen.insert(shape, now);
    }
}

/// The shape of a request: its endpoint and body with every whole number (or string of
/// digits) replaced by its number of bits, hashed. Work grows with the numbers, so requests of
/// one shape cost about the same: `octal:0.764` of 30000 and of 31000 have one shape, Nim of
/// 3 4 5 another.
fn shape(endpoint: &str, body: &Value) -> u64 {
    fn walk(v: &Value, h: &mut DefaultHasher) {
        let bits = |digits: &str| digits.parse::<u64>().map_or(65 + digits.len() as u32, |n| 64 - n.leading_zeros());
        match v {
            Value::Number(n) if n.is_u64() => (0u8, bits(&n.to_string())).hash(h),
            Value::String(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => (0u8, bits(s)).hash(h),
            Value::Array(items) => {
                (1u8, items.len()).hash(h);
                items.iter().for_each(|x| walk(x, h));
            }
            Value::Object(fields) => {
                (2u8, fields.len()).hash(h);
                for (k, x) in fields {
                    k.hash(h);
                    walk(x, h);
                }
            }
            other => (3u8, other.to_string()).hash(h),
        }
    }
    let mut h = DefaultHasher::new();
    endpoint.hash(&mut h);
    walk(body, &mut h);
    h.finish()
}

// ---- jobs and worker processes ------------------------------------------------------------

/// A computation, as a worker process reads it (one JSON line): the request's body as sent
/// (with the server's default budget filled in), or the sequence asked for.
#[derive(Serialize, Deserialize)]
#[serde(tag = "job", rename_all = "snake_case")]
enum Job {
    Analyze { request: Value },
    Move { request: Value },
    Sg { game: String, upto: u64 },
    Draw { request: Value },
}

/// A worker process's reply to a job (one JSON line).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum WorkerReply {
    Ok(Value),
    Error { status: u16, error: ErrorBody },
}

impl Job {
    /// Computes the answer, as JSON, answering take-and-break heaps from `stored` where it
    /// covers them (`grundy serve --store DIR`).
    fn run(&self, stored: Option<&'static grundy::StoredValues>) -> Result<Value, Fail> {
        let bad = |e: serde_json::Error| Fail::Api(ApiError::bad(format!("malformed JSON: {e}")));
        let value = match self {
            Job::Analyze { request } => {
                let request: AnalyzeRequest = serde_json::from_value(request.clone()).map_err(bad)?;
                serde_json::to_value(analyze_request(&request, stored)?)
            }
            Job::Move { request } => {
                let request: MoveRequest = serde_json::from_value(request.clone()).map_err(bad)?;
                serde_json::to_value(play_move(&request, stored)?)
            }
            Job::Sg { game, upto } => serde_json::to_value(sg_sequence(game, *upto)?),
            Job::Draw { request } => {
                let problem: Problem = serde_json::from_value(request.clone()).map_err(bad)?;
                let (game, position, options) = problem.parse()?;
                serde_json::to_value(DrawReply { drawing: grundy::draw(&game, &position, options.to_move) })
            }
        };
        value.map_err(|e| Fail::Api(internal(e.to_string())))
    }
}

/// The loop of a worker process (`grundy serve --worker`): reads one job a line from `input`
/// and writes one reply a line to `output`, until the input ends, answering from `stored` (the
/// server's `--store` directories, read by the worker too). A panic becomes a 500 reply;
/// anything worse (memory) ends the process, and the server answers for it.
pub fn work(
    input: impl BufRead,
    mut output: impl Write,
    stored: Option<&'static grundy::StoredValues>,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        let reply = match serde_json::from_str::<Job>(&line) {
            Err(e) => Err(internal(format!("a worker read what is not a job: {e}"))),
            Ok(job) => match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job.run(stored))) {
                Ok(Ok(value)) => Ok(value),
                Ok(Err(Fail::Api(e))) => Err(e),
                Ok(Err(_)) => Err(internal("a worker's computation was stopped".into())),
                Err(_) => Err(internal("the computation panicked".into())),
            },
        };
        let reply = match reply {
            Ok(value) => WorkerReply::Ok(value),
            Err(e) => WorkerReply::Error { status: e.status.as_u16(), error: e.body() },
        };
        serde_json::to_writer(&mut output, &reply)?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}

// ---- requests and replies -----------------------------------------------------------------

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        Kind::TooLarge,
        format!("the request body is over {MAX_BODY} bytes (1 MiB)"),
    )
}

/// The query of every endpoint: `big=strings` asks for integers as strings.
#[derive(Deserialize)]
struct Format {
    #[serde(default)]
    big: Option<String>,
}

impl Format {
    /// Whether integers go out as strings; any other value of `big` than `strings` is refused.
    fn from_query(query: Result<Query<Format>, QueryRejection>) -> Result<bool, ApiError> {
        let Query(format) = query.map_err(|e| ApiError::bad(format!("malformed query: {e}")))?;
        match format.big.as_deref() {
            None => Ok(false),
            Some("strings") => Ok(true),
            Some(other) => Err(ApiError::bad(format!(
                "unknown big='{other}': the only choice is big=strings (every integer as a string)"
            ))),
        }
    }
}

/// The JSON reply: `value` as it serialises, or with every integer as a string of its digits.
fn reply<T: Serialize>(value: &T, big_strings: bool) -> Result<Response, ApiError> {
    if !big_strings {
        return Ok(Json(value).into_response());
    }
    let mut v = serde_json::to_value(value).map_err(|e| {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, Kind::Internal, format!("internal error: {e}"))
    })?;
    integers_as_strings(&mut v);
    Ok(Json(v).into_response())
}

fn integers_as_strings(v: &mut Value) {
    match v {
        Value::Number(n) if n.is_u64() || n.is_i64() => *v = Value::String(n.to_string()),
        Value::Array(items) => items.iter_mut().for_each(integers_as_strings),
        Value::Object(fields) => fields.values_mut().for_each(integers_as_strings),
        _ => {}
    }
}

/// A game, a position and how to analyse it, as the API receives them.
#[derive(Deserialize)]
struct Problem {
    game: String,
    /// Numbers, or strings for tokens such as `7/3`, `nim=5` and heaps past 2^53.
    position: Vec<Value>,
    #[serde(default)]
    misere: bool,
    /// Every-SG: each turn a move in every game of the sum still going.
    #[serde(default)]
    every: bool,
    #[serde(default)]
    to_move: Option<String>,
    #[serde(default)]
    budget: Option<u64>,
    /// The edges of the graph when `game` is `graph`, or of `geography` (one edge `u v` a
    /// line): the server reads no files, so the page sends the text itself.
    #[serde(default)]
    graph: Option<String>,
}

/// The most heaps a message quotes.
const QUOTED_HEAPS: usize = 12;
/// The most characters of one token a message quotes.
const QUOTED_CHARS: usize = 60;

/// A token as a message quotes it: shortened when long, in single quotes when the shell would
/// read it differently.
fn quote(token: &str) -> String {
    let mut t: String = token.chars().take(QUOTED_CHARS).collect();
    if t.len() < token.len() {
        t.push('…');
    }
    shell_word(&t)
}

/// A token as the shell reads it back: as it is, or in single quotes.
fn shell_word(t: &str) -> String {
    let t = t.to_string();
    let plain = !t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric() || ":,=/._+-".contains(c));
    if plain {
        t
    } else {
        format!("'{}'", t.replace('\'', r"'\''"))
    }
}

impl Problem {
    /// The game: by name, or a game on a graph with its edges in the `graph` field (the
    /// server reads no file, so `graph:FILE` is refused, saying what to send instead).
    fn game(&self) -> Result<Game, ApiError> {
        grundy::solve::query::requested_game(&self.game, self.graph.as_deref()).map_err(ApiError::bad)
    }

    /// The position's tokens as the command line takes them.
    fn tokens(&self) -> Result<Vec<String>, ApiError> {
        self.position
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                // Numbers go through the same reader as text, so a negative or fractional
                // heap gets the same message as on the command line.
                // A JSON number past u64 arrives as a float whose digits are already lost: say so
                // rather than quote its float form.
                Value::Number(n) if n.is_f64() && n.as_f64().is_some_and(|f| f.abs() >= 9_007_199_254_740_992.0) => {
                    Err(ApiError::bad(format!(
                        "heap {} is a number past 18446744073709551615 (or not whole), whose digits JSON numbers do not keep; send heaps past 2^53 as strings of digits",
                        i + 1
                    )))
                }
                Value::Number(n) => Ok(n.to_string()),
                Value::String(s) => Ok(s.clone()),
                other => Err(ApiError::bad(format!("position entry {} ({other}) is not a number or a string", i + 1))),
            })
            .collect()
    }

    /// The game, position and options, each checked with a message naming the bad part.
    fn parse(&self) -> Result<(Game, Position, AnalyzeOptions), ApiError> {
        let game = self.game()?;
        let position = game.parse_position(&self.tokens()?).map_err(ApiError::bad)?;
        let to_move: Player = self.to_move.as_deref().unwrap_or("first").parse().map_err(ApiError::bad)?;
        let budget = match self.budget {
            Some(b) if b > MAX_BUDGET => {
                return Err(ApiError::bad(format!("budget {b} is past this server's cap {MAX_BUDGET}")))
            }
            Some(b) => b,
            None => MAX_BUDGET,
        };
        let convention = match (self.misere, self.every) {
            (true, true) => return Err(ApiError::bad("misere and every are two different conventions: ask for one")),
            (true, false) => Convention::Misere,
            (false, true) => Convention::Every,
            (false, false) => Convention::Normal,
        };
        Ok((game, position, AnalyzeOptions { convention, to_move, budget, explain: true, stored: None }))
    }

    /// `analyze kayles 60 (misère)` and `grundy analyze kayles 60 --misere`: `verb` names what
    /// was asked, `command` and `flags` the subcommand that does it without a time limit.
    fn asked(&self, verb: &str, command: &str, flags: &str) -> Asked {
        let mut position: Vec<String> = match self.tokens() {
            Ok(tokens) => tokens.iter().take(QUOTED_HEAPS).map(|t| quote(t)).collect(),
            Err(_) => vec!["…".into()],
        };
        if self.position.len() > QUOTED_HEAPS {
            position.push(format!("… ({} heaps)", self.position.len()));
        }
        let position = position.join(" ");
        let game = quote(&self.game);
        let mut notes = Vec::new();
        if self.misere {
            notes.push("misère".to_string());
        }
        if self.every {
            notes.push("Every-SG".to_string());
        }
        if let Some(to_move) = self.to_move() {
            notes.push(format!("{} to move", quote(to_move)));
        }
        let notes = if notes.is_empty() { String::new() } else { format!(" ({})", notes.join(", ")) };
        let misere = match (self.misere, self.every) {
            (true, _) => " --misere",
            (_, true) => " --every",
            _ => "",
        };
        // The command is for copying and running: every heap, no token shortened.
        let whole = match self.tokens() {
            Ok(tokens) => tokens.iter().map(|t| shell_word(t)).collect::<Vec<_>>().join(" "),
            Err(_) => position.clone(),
        };
        Asked {
            what: format!("{verb} {game} {position}{notes}"),
            // A graph sent in the request is a file on the command line.
            command: format!(
                "grundy {command} {} {whole}{misere}{flags}",
                if self.game == "graph" { "graph:FILE".to_string() } else { shell_word(&self.game) }
            ),
        }
    }

    /// The failure of an analysis of this problem, as an answer: a budget that ran out says what
    /// the work needs and, when a larger budget would do, that budget and the command line that
    /// asks for it (this server caps its budget at [`MAX_BUDGET`]; the command line allows more).
    fn failed(&self, e: AnalyzeError) -> Fail {
        match e {
            AnalyzeError::Stopped(s) => Fail::Stopped(s),
            // The library says what the work needs; the API names its own field within this
            // server's cap, the command line's flag past it.
            AnalyzeError::GaveUp(g) => {
                let suggested = g.suggested_budget();
                let advice = match suggested {
                    Some(b) if b <= MAX_BUDGET => format!(": send \"budget\": {b}"),
                    Some(b) => format!(
                        ": past this server's cap of {MAX_BUDGET}; `grundy analyze` on the command line takes --budget {b}"
                    ),
                    None => String::new(),
                };
                let mut error = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Budget, format!("{g}{advice}"));
                if let Some(b) = suggested {
                    let flags = format!("{} --budget {b}", self.to_move_flag());
                    error.command = Some(self.asked("analyze", "analyze", &flags).command);
                    error.budget = Some((b, g.what.units().to_string()));
                }
                Fail::Api(error)
            }
            // The other kinds are about this request's input (not answerable).
            e => Fail::Api(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Unsupported, e)),
        }
    }

    /// The same game and options at another position, with `to_move` to move.
    fn at(&self, tokens: Vec<String>, to_move: Player) -> Problem {
        Problem {
            game: self.game.clone(),
            position: tokens.into_iter().map(Value::String).collect(),
            misere: self.misere,
            every: self.every,
            to_move: Some(to_move.to_string()),
            budget: self.budget,
            graph: self.graph.clone(),
        }
    }

    /// ` --to-move second` when the first player is not to move.
    fn to_move_flag(&self) -> String {
        self.to_move().map(|p| format!(" --to-move {}", quote(p))).unwrap_or_default()
    }

    /// The player to move when it is not the first.
    fn to_move(&self) -> Option<&str> {
        self.to_move.as_deref().filter(|p| *p != "first")
    }

    /// The flags of `grundy analyze` beyond `--misere`.
    fn analyze_flags(&self) -> String {
        let budget = self.budget.map(|b| format!(" --budget {b}")).unwrap_or_default();
        format!("{}{budget}", self.to_move_flag())
    }
}

async fn analyze_handler(
    State(state): State<AppState>,
    query: Result<Query<Format>, QueryRejection>,
    body: Body,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    let big = Format::from_query(query)?;
    let (mut body, bytes) = read_json_value(body).await?;
    let request: AnalyzeRequest = from_body(&body)?;
    request.limit()?;
    let asked = request.problem.asked("analyze", "analyze", &request.problem.analyze_flags());
    let forecast = with_budget(&mut body, request.problem.budget, bytes, &state.config);
    let shape = shape("analyze", &body);
    let analysis = compute(&state, arrived, asked, forecast, shape, state.work(Job::Analyze { request: body })).await?;
    reply(&analysis, big)
}

/// `POST /api/draw`: the body of `/api/analyze` (game, position, graph, to_move, ...); the
/// answer is the position drawn (`grundy::draw`): `svg`, the `moves` its `data-move` targets
/// make (as `human_move` of `/api/move` takes them), and its `width` and `height`.
async fn draw_handler(
    State(state): State<AppState>,
    query: Result<Query<Format>, QueryRejection>,
    body: Body,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    let big = Format::from_query(query)?;
    let (body, bytes) = read_json_value(body).await?;
    let problem: Problem = from_body(&body)?;
    let asked = problem.asked("draw", "draw", &problem.to_move_flag());
    let shape = shape("draw", &body);
    let drawing =
        compute(&state, arrived, asked, forecast(0, bytes), shape, state.work(Job::Draw { request: body })).await?;
    reply(&drawing, big)
}

/// The reply of `POST /api/draw`.
#[derive(Serialize)]
struct DrawReply {
    #[serde(flatten)]
    drawing: grundy::Drawing,
}

/// The analysis of an analyze request (its limit applied) and the game's rules.
fn analyze_request(
    request: &AnalyzeRequest,
    stored: Option<&'static grundy::StoredValues>,
) -> Result<AnalyzeReply, Fail> {
    let problem = &request.problem;
    let (game, position, mut options) = problem.parse()?;
    options.stored = stored;
    let mut analysis = analyze(&game, &position, &options).map_err(|e| problem.failed(e))?;
    if let Some(limit) = request.limit()? {
        analysis.list_at_most(limit, "the request's limit");
    }
    // Each listed move as it is typed, and legal moves of the player to move for the move
    // box's hint (the person may be the one to move).
    let typed = analysis
        .winning_moves
        .iter()
        .chain(&analysis.drawing_moves)
        .map(|m| grundy::play::typed_move(&position, options.to_move, &m.mv).unwrap_or_else(|| m.mv.to_string()))
        .collect();
    let examples = grundy::play::example_moves(&position, options.to_move);
    Ok(AnalyzeReply { analysis, rules: game.rules_sentence(), typed, examples })
}

/// Reads a JSON body of at most [`MAX_BODY`] bytes, and its length.
async fn read_json_value(body: Body) -> Result<(Value, usize), ApiError> {
    let bytes = axum::body::to_bytes(body, MAX_BODY).await.map_err(|_| too_large())?;
    let value = serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("malformed JSON: {e}")))?;
    Ok((value, bytes.len()))
}

/// A request read from its body's JSON.
fn from_body<T: for<'de> Deserialize<'de>>(body: &Value) -> Result<T, ApiError> {
    T::deserialize(body).map_err(|e| ApiError::bad(format!("malformed JSON: {e}")))
}

/// Fills in the server's default budget when the body sends none ([`Config::default_budget`]),
/// and gives the request's memory forecast ([`forecast`]).
fn with_budget(body: &mut Value, sent: Option<u64>, bytes: usize, config: &Config) -> u64 {
    let budget = match sent {
        // A budget past the cap is refused as such when the request is read.
        Some(b) => b.min(MAX_BUDGET),
        None => {
            let b = config.default_budget(bytes);
            if let Value::Object(fields) = body {
                fields.insert("budget".into(), Value::from(b));
            }
            b
        }
    };
    forecast(budget, bytes)
}

/// `POST /api/analyze`: a [`Problem`] and, optionally, the most winning moves to list one by
/// one.
#[derive(Deserialize)]
struct AnalyzeRequest {
    #[serde(flatten)]
    problem: Problem,
    /// The most `winning_moves` listed one by one (as `grundy analyze --limit`); the count and
    /// the families stay whole. A number, or a string of its digits.
    #[serde(default)]
    limit: Option<Value>,
}

impl AnalyzeRequest {
    /// The limit asked for, checked: a whole number of moves, 0 or more.
    fn limit(&self) -> Result<Option<usize>, ApiError> {
        let bad = |v: &Value| {
            ApiError::bad(format!(
                "limit {v} is not a number of moves: send a whole number, 0 or more (e.g. \"limit\": 100), or leave it out to list up to {}",
                grundy::LISTED_MOVES
            ))
        };
        let n = match &self.limit {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::Number(n)) => n.as_u64().ok_or_else(|| bad(&Value::Number(n.clone())))?,
            Some(Value::String(s)) => grundy::parse_u64(s, "limit").map_err(ApiError::bad)?,
            Some(other) => return Err(bad(other)),
        };
        Ok(Some(usize::try_from(n).unwrap_or(usize::MAX)))
    }
}

/// The reply of `POST /api/analyze`: the library's [`Analysis`] (the object of `grundy analyze
/// --json`) and the game's rules.
#[derive(Serialize)]
struct AnalyzeReply {
    #[serde(flatten)]
    analysis: Analysis,
    /// The rules of the game in a sentence, for the page's board.
    rules: String,
    /// Each listed winning move, then each drawing move, as a person types it (in the game's
    /// own words where they read back, as `grundy play` reads moves).
    typed: Vec<String>,
    /// At most two legal moves of the player to move, typed, with their words: the move box's
    /// examples ([`grundy::play::example_moves`]).
    examples: Vec<grundy::play::ExampleMove>,
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
    /// A move of the player to move, played before the computer's reply (under Every-SG a turn:
    /// each game's move joined by `;`, or the general form).
    #[serde(default)]
    human_move: Option<String>,
    /// The positions of the game before this one, oldest first, each with its player to move:
    /// a position repeated three times with the same player to move is a draw (games on a
    /// graph with cycles).
    #[serde(default)]
    history: Vec<Earlier>,
}

/// A position played earlier in the game, as the page keeps it.
#[derive(Deserialize)]
struct Earlier {
    position: Vec<Value>,
    to_move: String,
}

/// The most earlier positions a request may send.
const MAX_HISTORY: usize = 10_000;

/// The person's move in the reply of `POST /api/move`: the library's [`Played`] (`heap`
/// numbered from 1, `to`, `text`, `result`) and the position after it as tokens.
#[derive(Serialize)]
struct HumanMove {
    #[serde(flatten)]
    played: Played,
    /// The position after this move as tokens the API reads back.
    tokens: Vec<String>,
}

#[derive(Serialize)]
struct MoveReply {
    /// The person's move, when one was sent.
    human: Option<HumanMove>,
    /// The computer's move and why, or `null` when the game was over before it.
    computer: Option<Choice>,
    /// The position after both, as numbers and as tokens the API reads back.
    position: Vec<u64>,
    tokens: Vec<String>,
    to_move: String,
    over: bool,
    winner: Option<String>,
    /// Why the game is drawn, once it is (a position repeated three times), else `null`.
    drawn: Option<String>,
    /// The rules of the game in a sentence, for the page's board.
    rules: String,
    /// At most two legal moves of the player now to move, typed, with their words (none once
    /// the game is over): the move box's examples.
    examples: Vec<grundy::play::ExampleMove>,
}

/// One request of `POST /api/move` as a turn of the library's [`Session`], the one `grundy
/// play` uses: the game picked up where the request says, the person's move played when one
/// was sent, then the computer's reply (none once the game is over).
fn play_move(request: &MoveRequest, stored: Option<&'static grundy::StoredValues>) -> Result<MoveReply, Fail> {
    let (game, position, mut options) = request.problem.parse()?;
    options.stored = stored;
    // Every-SG cannot play a heap that splits or a partizan game, at any level.
    grundy::play::check_playable(&position, options.convention)
        .map_err(|e| Fail::Api(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Unsupported, e)))?;
    let level: Level = request.level.as_deref().unwrap_or("perfect").parse().map_err(ApiError::bad)?;
    // The person moves for the player to move, when they sent a move; the computer plays the
    // other side.
    let computer = if request.human_move.is_some() { options.to_move.other() } else { options.to_move };
    if request.history.len() > MAX_HISTORY {
        return Err(Fail::Api(ApiError::bad(format!(
            "history holds {} positions, more than the {MAX_HISTORY} a request may send",
            request.history.len()
        ))));
    }
    let history = request
        .history
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let earlier = Problem { position: e.position.clone(), ..request.problem.at(vec![], options.to_move) };
            let at = |why: String| ApiError::bad(format!("history entry {}: {why}", i + 1));
            let position = game.parse_position(&earlier.tokens()?).map_err(|e| at(e.to_string()))?;
            let player: Player = e.to_move.parse().map_err(at)?;
            Ok((position, player))
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let mut session =
        Session::resume(game, position, options, computer, level, request.seed.unwrap_or(0)).with_history(history);
    let human = match &request.human_move {
        Some(text) => {
            let played =
                session.play_text(text).map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, Kind::IllegalMove, e))?;
            Some(HumanMove { played, tokens: session.game().position_tokens(session.position()) })
        }
        None => None,
    };
    // The position the computer moves from, for the command line of a budget that runs out.
    let facing = request.problem.at(session.game().position_tokens(session.position()), session.to_move());
    let computer = session.computer_move().map_err(|e| match e {
        // Only level perfect refuses a position it cannot solve (lower levels play the smallest
        // move): the refusal is about the level, as `grundy play` says it.
        AnalyzeError::Unsupported(why) if level == Level::Perfect => Fail::Api(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Kind::Unsupported,
            format!(
                "level perfect cannot promise perfect play here: {why}; level good or easy plays without that promise"
            ),
        )),
        e => facing.failed(e),
    })?;
    let winner = session.winner();
    let drawn = session.drawn();
    Ok(MoveReply {
        human,
        computer,
        position: session.position().heaps(),
        tokens: session.game().position_tokens(session.position()),
        to_move: session.to_move().to_string(),
        over: winner.is_some() || drawn.is_some(),
        winner: winner.map(|w| w.to_string()),
        examples: match winner.is_some() || drawn.is_some() {
            true => vec![],
            false => grundy::play::example_moves(session.position(), session.to_move()),
        },
        drawn,
        rules: session.game().rules_sentence(),
    })
}

async fn move_handler(
    State(state): State<AppState>,
    query: Result<Query<Format>, QueryRejection>,
    body: Body,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    let big = Format::from_query(query)?;
    let (mut body, bytes) = read_json_value(body).await?;
    let request: MoveRequest = from_body(&body)?;
    // `grundy play` from the same position: the computer moves first unless the person did.
    let computer_first = if request.human_move.is_none() { " --computer-first" } else { "" };
    let level = match request.level.as_deref() {
        Some(level) if level != "perfect" => format!(" --level {}", quote(level)),
        _ => String::new(),
    };
    let asked = request.problem.asked("the computer's move in", "play", &format!("{computer_first}{level}"));
    let forecast = with_budget(&mut body, request.problem.budget, bytes, &state.config);
    let shape = shape("move", &body);
    let reply_ = compute(&state, arrived, asked, forecast, shape, state.work(Job::Move { request: body })).await?;
    reply(&reply_, big)
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
    /// The rule of the sequence as `grundy pattern` finds it (`grundy::Pattern`), or why none.
    rule: SgRule,
}

/// The rule of a sequence for the page: the proven period, or what the rule finder finds in
/// G(0..=max(upto, RULE_VALUES)).
#[derive(Serialize)]
struct SgRule {
    /// The family (`period`, `self-similar`, ...), or null when no rule was found.
    family: Option<&'static str>,
    /// The rule in words, or why there is none.
    words: String,
    /// The rule for `grundy verify --sg`.
    expression: Option<String>,
    /// n0.
    from: Option<u64>,
    /// Whether it is proven (a period the sequence came with), not only seen.
    proven: bool,
}

/// How many values the rule of `GET /api/sg` is looked for in (the values shown are fewer).
const RULE_VALUES: u64 = 2047;

impl SgRule {
    fn of(values: &[u64], proven: Option<Period>) -> SgRule {
        match grundy::Pattern::of_sequence(values, proven) {
            Ok(p) => SgRule {
                family: Some(p.family()),
                words: p.words(),
                expression: Some(p.expression()),
                from: Some(p.from()),
                proven: p.proven(),
            },
            Err(e) => SgRule { family: None, words: e.to_string(), expression: None, from: None, proven: false },
        }
    }
}

/// G(0..=upto) of a heap ruleset with its proven period: the fields of `grundy sg --json`
/// (plus where the values come from), from the library's sequence builder with the bounded
/// period search of `analyze` (closed forms, proven tables, the sparse engine for
/// take-and-break games within a counted amount of work). `upto` is capped, so it answers
/// within the time limit for most games.
fn sg_sequence(game: &str, upto: u64) -> Result<SgReply, Fail> {
    let parsed: Game = game.parse().map_err(ApiError::bad)?;
    let Game::Heaps(ruleset) = &parsed else {
        return Err(ApiError::bad(format!(
            "game '{game}' has no single heap ruleset: the Grundy sequence needs one such as nim or subtraction:2,5"
        ))
        .into());
    };
    let sequence =
        SequenceBuilder::new(ruleset).upto(upto).budget(MAX_BUDGET).period_search(PERIOD_SEARCH_WORK).build().map_err(
            |e| match e {
                SequenceError::Stopped(s) => Fail::Stopped(s),
                // Past the work a request may do: the command line computes further.
                e @ (SequenceError::WorkLimit { .. } | SequenceError::ThreeHeapLimit { .. }) => {
                    let command = format!("grundy sg {} --upto {upto}", quote(game));
                    Fail::Api(
                        ApiError::new(
                            StatusCode::UNPROCESSABLE_ENTITY,
                            Kind::WorkLimit,
                            format!("{e}; run it on the command line: {command}"),
                        )
                        .with_command(command),
                    )
                }
                // The other kinds are about this request's input (not answerable).
                e => Fail::Api(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Unsupported, e)),
            },
        )?;
    let values = (0..=upto)
        .map(|n| {
            sequence.value(n).ok_or_else(|| {
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    Kind::Unsupported,
                    format!("no value is known for a heap of {n} in {game}"),
                )
            })
        })
        .collect::<Result<Vec<u64>, _>>()?;
    let last = values.last().copied().unwrap_or(0);
    // The rule from more values than are shown when they come cheaply (a later build that
    // fails or runs past the work allowed leaves the rule to the values shown).
    // A period search that proved none has usually computed them already (up to 65,536
    // values): they are taken from it, not searched for a second time.
    // A proven period is the rule: its pre-period and one period are given when they are
    // few (through the period, no work), else the rule says it is not written out.
    let period_span = sequence.period().map(|p| p.preperiod.saturating_add(p.period));
    let more = if let Some(span) = period_span.filter(|&span| span > upto.saturating_add(1) && span <= RULE_VALUES + 1)
    {
        (0..span).map(|n| sequence.value(n)).collect::<Option<Vec<u64>>>()
    } else if upto < RULE_VALUES && sequence.period().is_none() {
        (0..=RULE_VALUES).map(|n| sequence.value(n)).collect::<Option<Vec<u64>>>().or_else(|| {
            SequenceBuilder::new(ruleset)
                .upto(RULE_VALUES)
                .budget(MAX_BUDGET)
                .period_search(PERIOD_SEARCH_WORK)
                .build()
                .ok()
                .and_then(|s| (0..=RULE_VALUES).map(|n| s.value(n)).collect::<Option<Vec<u64>>>())
        })
    } else {
        None
    };
    let rule = SgRule::of(more.as_deref().unwrap_or(&values), sequence.period());
    Ok(SgReply {
        game: parsed.to_string(),
        upto,
        values,
        period: sequence.period(),
        last,
        method: sequence.method_note(),
        rule,
    })
}

async fn sg_handler(
    State(state): State<AppState>,
    query: Result<Query<SgQuery>, QueryRejection>,
    format: Result<Query<Format>, QueryRejection>,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    let Query(q) = query.map_err(|e| ApiError::bad(format!("malformed query: {e}")))?;
    let big = Format::from_query(format)?;
    let game =
        q.game.ok_or_else(|| ApiError::bad("missing query parameter 'game' (e.g. ?game=subtraction:2,5&upto=50)"))?;
    let upto = match q.upto.as_deref() {
        Some(u) => grundy::parse_u64(u, "upto").map_err(ApiError::bad)?,
        None => 50,
    };
    if upto > MAX_UPTO {
        return Err(ApiError::bad(format!("upto {upto} is past this server's cap {MAX_UPTO}")));
    }
    let asked = Asked {
        what: format!("the Grundy sequence of {} up to {upto}", quote(&game)),
        command: format!("grundy sg {} --upto {upto}", quote(&game)),
    };
    let shape = shape("sg", &serde_json::json!([game, upto]));
    let reply_ =
        compute(&state, arrived, asked, forecast(MAX_BUDGET, 0), shape, state.work(Job::Sg { game, upto })).await?;
    reply(&reply_, big)
}

/// `GET /api/games`: the library's list of games, [`grundy::GAMES`], as it serialises.
async fn games_handler(query: Result<Query<Format>, QueryRejection>) -> Result<Response, ApiError> {
    let big = Format::from_query(query)?;
    // The games on a graph read their edges from a file on the command line: their entries
    // carry the example file's text, which the page puts in its text area.
    let games: Vec<Value> = grundy::GAMES
        .iter()
        .map(|g| {
            let mut v = serde_json::to_value(g).unwrap_or(Value::Null);
            if let (Some(text), Value::Object(fields)) = (grundy::rules::catalogue::example_graph(g), &mut v) {
                fields.insert("example_graph".into(), Value::String(text.into()));
            }
            v
        })
        .collect();
    reply(&games, big)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

    fn state(config: Config) -> AppState {
        AppState::new(config)
    }

    fn asked() -> Asked {
        Asked { what: "analyze nim 1".into(), command: "grundy analyze nim 1".into() }
    }

    /// A computation that runs until it is released (answering "done") or, unless it ignores
    /// it, its token fires, counting its starts: the tests wait on these events, never on the
    /// clock.
    #[derive(Clone, Default)]
    struct Gate {
        starts: Arc<AtomicUsize>,
        released: Arc<AtomicBool>,
        ignores_token: bool,
    }

    impl Gate {
        fn work(&self) -> Work {
            let g = self.clone();
            Work::Here(Arc::new(move |token: &StopToken| {
                g.starts.fetch_add(1, Ordering::SeqCst);
                loop {
                    if g.released.load(Ordering::SeqCst) {
                        return Ok(json!("done"));
                    }
                    if !g.ignores_token {
                        token.check().map_err(Fail::Stopped)?;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
            }))
        }

        fn release(&self) {
            self.released.store(true, Ordering::SeqCst);
        }

        fn starts(&self) -> usize {
            self.starts.load(Ordering::SeqCst)
        }
    }

    fn cheap() -> Work {
        Work::Here(Arc::new(|_: &StopToken| Ok(json!(1))))
    }

    /// Waits until `ready` holds, looking every millisecond. The minute is a bound for a test
    /// that hangs, not a measured claim.
    async fn until(what: &str, ready: impl Fn() -> bool) {
        let give_up = Instant::now() + Duration::from_secs(60);
        while !ready() {
            assert!(Instant::now() < give_up, "gave up waiting until {what}");
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }

    /// One permit in each lane, a request's time limit far past any test, runs moved out of the
    /// quick lane after 10 ms, or at once when a newer request waits, one place in the queue.
    fn config() -> Config {
        Config {
            time_limit: Duration::from_secs(600),
            slow_permits: 1,
            quick_limit: Duration::from_millis(10),
            quick_permits: 1,
            quick_slice: Duration::ZERO,
            slow_queue: 1,
            ..Config::default()
        }
    }

    /// Each test's work has a shape of its own: none is remembered as slow across them.
    async fn run(state: &AppState, forecast: u64, work: Work) -> Result<Value, ApiError> {
        static SHAPES: AtomicU64 = AtomicU64::new(0);
        compute(state, Instant::now(), asked(), forecast, SHAPES.fetch_add(1, Ordering::SeqCst), work).await
    }

    fn spawn_run(state: &AppState, forecast: u64, work: Work) -> JoinHandle<Result<Value, ApiError>> {
        let state = state.clone();
        tokio::spawn(async move { run(&state, forecast, work).await })
    }

    #[tokio::test]
    async fn work_past_the_quick_limit_goes_on_in_the_slow_lane_when_a_permit_is_free() {
        let state = state(config());
        let gate = Gate::default();
        let task = spawn_run(&state, 0, gate.work());
        until("the run has moved to the slow lane", || {
            gate.starts() == 1 && state.slow.available_permits() == 0 && state.quick.available_permits() == 1
        })
        .await;
        gate.release();
        assert_eq!(task.await.unwrap().ok(), Some(json!("done")));
        assert_eq!(gate.starts(), 1, "the same run went on");
        until("both permits are back", || state.quick.available_permits() == 1 && state.slow.available_permits() == 1)
            .await;
    }

    #[tokio::test]
    async fn work_past_the_quick_limit_starts_again_once_a_slow_permit_frees() {
        let state = state(config());
        let held = Arc::clone(&state.slow).acquire_owned().await.unwrap();
        let gate = Gate::default();
        let task = spawn_run(&state, 0, gate.work());
        until("the first run has stopped and its request waits in the queue", || {
            gate.starts() == 1 && state.quick.available_permits() == 1 && state.queue.available_permits() == 0
        })
        .await;
        drop(held);
        until("it has started again in the slow lane", || gate.starts() == 2).await;
        gate.release();
        assert_eq!(task.await.unwrap().ok(), Some(json!("done")));
        assert_eq!(gate.starts(), 2, "stopped in the quick lane, run again in the slow one");
        assert_eq!(state.queue.available_permits(), 1, "its place in the queue is free");
    }

    #[tokio::test]
    async fn a_request_that_cannot_start_in_time_is_told_the_server_is_busy() {
        let state = state(Config { time_limit: Duration::from_millis(200), ..config() });
        let _quick = Arc::clone(&state.quick).acquire_owned().await.unwrap();
        let _slow = Arc::clone(&state.slow).acquire_owned().await.unwrap();
        let gate = Gate::default();
        let e = run(&state, 0, gate.work()).await.unwrap_err();
        assert_eq!((e.status, e.kind), (StatusCode::SERVICE_UNAVAILABLE, Kind::Busy));
        assert_eq!(e.command.as_deref(), Some("grundy analyze nim 1"));
        assert_eq!(
            e.message,
            "analyze nim 1 could not start within the server's time limit of 0.2 s: every computing slot stayed \
             busy; try again later or run it on the command line: grundy analyze nim 1"
        );
        assert_eq!(gate.starts(), 0);
    }

    #[tokio::test]
    async fn slow_work_finding_the_queue_full_is_told_the_server_is_busy_at_once() {
        let state = state(Config { slow_queue: 0, ..config() });
        let _slow = Arc::clone(&state.slow).acquire_owned().await.unwrap();
        let gate = Gate::default();
        let e = run(&state, 0, gate.work()).await.unwrap_err();
        assert_eq!((e.status, e.kind), (StatusCode::SERVICE_UNAVAILABLE, Kind::Busy));
        assert_eq!(
            e.message,
            "analyze nim 1 needs the slow lane, whose 1 computing slots and 0 places to wait are all taken; try \
             again later or run it on the command line: grundy analyze nim 1"
        );
        assert_eq!(gate.starts(), 1, "it ran in the quick lane first");
        // Cheap work still runs in the quick lane.
        assert_eq!(run(&state, 0, cheap()).await.ok(), Some(json!(1)));
    }

    #[tokio::test]
    async fn a_new_request_moves_the_longest_run_out_of_a_full_quick_lane() {
        // Runs leave the quick lane only to make room (never by the clock here), and the slow
        // lane is full, so a request finds no free permit anywhere.
        let state = state(Config { quick_limit: Duration::from_secs(600), ..config() });
        let held = Arc::clone(&state.slow).acquire_owned().await.unwrap();
        let gate = Gate::default();
        let task = spawn_run(&state, 0, gate.work());
        until("the slow work holds the quick lane", || gate.starts() == 1 && state.quick.available_permits() == 0)
            .await;
        assert_eq!(run(&state, 0, cheap()).await.ok(), Some(json!(1)));
        // The slow work was stopped and waits in the slow lane's queue.
        assert!(!task.is_finished());
        assert_eq!(state.queue.available_permits(), 0);
        drop(held);
        until("it has started again in the slow lane", || gate.starts() == 2).await;
        gate.release();
        assert_eq!(task.await.unwrap().ok(), Some(json!("done")));
    }

    #[tokio::test]
    async fn work_that_ignores_its_token_is_answered_at_the_deadline_and_keeps_its_permit() {
        let state = state(Config { time_limit: Duration::from_millis(300), ..config() });
        let gate = Gate { ignores_token: true, ..Gate::default() };
        let e = run(&state, 0, gate.work()).await.unwrap_err();
        assert_eq!(e.kind, Kind::TimeLimit);
        // The thread still runs: its permit (promoted to the slow lane) is not free yet.
        assert_eq!(state.slow.available_permits(), 0);
        gate.release();
        until("the permit is back once the work ends", || state.slow.available_permits() == 1).await;
    }

    #[tokio::test]
    async fn a_request_that_goes_away_stops_its_work_and_frees_its_permit_and_memory() {
        let state = state(Config { total_memory: 64 << 20, ..config() });
        let gate = Gate::default();
        let task = spawn_run(&state, 64 << 20, gate.work());
        until("the run has moved to the slow lane", || gate.starts() == 1 && state.slow.available_permits() == 0).await;
        assert_eq!(state.memory.available_permits(), 0, "it holds all the memory");
        // The client goes away: the request's future is dropped.
        task.abort();
        until("its permit and memory are back", || {
            state.slow.available_permits() == 1 && state.memory.available_permits() == 64
        })
        .await;
        assert_eq!(gate.starts(), 1);
    }

    #[tokio::test]
    async fn memory_is_reserved_before_work_starts_and_a_forecast_past_a_request_is_refused() {
        let state = state(Config { request_memory: 64 << 20, total_memory: 64 << 20, ..config() });
        let e = run(&state, 65 << 20, cheap()).await.unwrap_err();
        assert_eq!((e.status, e.kind), (StatusCode::UNPROCESSABLE_ENTITY, Kind::Memory));
        assert_eq!(
            e.message,
            "analyze nim 1 could take up to 65.0 MiB of memory, past the 64.0 MiB this server gives one request; run \
             it on the command line: grundy analyze nim 1"
        );
        // A run holding the whole total makes the next wait for its memory, not its permit.
        let gate = Gate::default();
        let first = spawn_run(&state, 64 << 20, gate.work());
        until("the first holds all the memory", || gate.starts() == 1 && state.memory.available_permits() == 0).await;
        let second = spawn_run(&state, 1 << 20, cheap());
        tokio::task::yield_now().await;
        assert!(!second.is_finished(), "it waits for memory");
        gate.release();
        assert_eq!(first.await.unwrap().ok(), Some(json!("done")));
        assert_eq!(second.await.unwrap().ok(), Some(json!(1)));
        until("all the memory is back", || state.memory.available_permits() == 64).await;
    }

    #[tokio::test]
    async fn a_run_of_the_slow_lane_makes_its_shape_known_while_it_runs() {
        let state = state(Config { slow_queue: 0, ..config() });
        // The quick lane is taken, so the first run starts in the slow lane.
        let quick = Arc::clone(&state.quick).acquire_owned().await.unwrap();
        let first = Gate::default();
        let task = tokio::spawn({
            let (state, work) = (state.clone(), first.work());
            async move { compute(&state, Instant::now(), asked(), 0, 7, work).await }
        });
        until("its shape is known to be slow", || {
            state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).contains(7, Instant::now())
        })
        .await;
        // It is still running: the next of that shape is answered at once, without running.
        assert!(!task.is_finished());
        let second = Gate::default();
        let e = compute(&state, Instant::now(), asked(), 0, 7, second.work()).await.unwrap_err();
        assert_eq!(e.kind, Kind::Busy);
        assert_eq!(second.starts(), 0);
        drop(quick);
        first.release();
        assert_eq!(task.await.unwrap().ok(), Some(json!("done")));
    }

    #[tokio::test]
    async fn a_request_waiting_for_a_permit_leaves_once_its_shape_is_seen_slow() {
        // Both lanes are taken; the queue has no room.
        let state = state(Config { slow_queue: 0, quick_slice: Duration::from_millis(1), ..config() });
        let quick = Arc::clone(&state.quick).acquire_owned().await.unwrap();
        let slow = Arc::clone(&state.slow).acquire_owned().await.unwrap();
        let waiting = Gate::default();
        let task = tokio::spawn({
            let (state, work) = (state.clone(), waiting.work());
            async move { compute(&state, Instant::now(), asked(), 0, 7, work).await }
        });
        until("it waits for a quick permit", || state.quick.available_permits() == 0 && !task.is_finished()).await;
        state.slow_shapes.lock().unwrap_or_else(PoisonError::into_inner).insert(7, Instant::now());
        // The minute bounds a hang (its time limit is ten minutes), not a measured claim.
        let e = tokio::time::timeout(Duration::from_secs(60), task)
            .await
            .expect("it leaves the wait")
            .unwrap()
            .unwrap_err();
        assert_eq!(e.kind, Kind::Busy);
        assert_eq!(waiting.starts(), 0);
        drop((quick, slow));
    }

    #[test]
    fn a_run_still_starting_its_worker_is_never_moved_out_of_the_quick_lane() {
        let stopper = || {
            Arc::new(Stopper { token: StopToken::new(), process: Mutex::new((false, None)), began: Mutex::new(None) })
        };
        let mut runs = QuickRuns::default();
        let (starting, computing) = (stopper(), stopper());
        let (_, starting_told) = runs.add(Arc::clone(&starting));
        assert!(matches!(runs.make_room(Duration::ZERO, Instant::now()), Room::Waiting));
        // Once a run computes, it is the one moved, whichever was added first.
        runs.add(Arc::clone(&computing));
        computing.began();
        assert!(matches!(runs.make_room(Duration::ZERO, Instant::now()), Room::Moved));
        assert!(runs.runs.iter().all(|r| r.moved == Arc::ptr_eq(&r.stopper, &computing)));
        drop(starting_told);
    }

    #[tokio::test]
    async fn work_of_a_shape_seen_slow_skips_the_quick_lane() {
        let state = state(Config { slow_queue: 0, ..config() });
        let first = Gate::default();
        let task = tokio::spawn({
            let (state, work) = (state.clone(), first.work());
            async move { compute(&state, Instant::now(), asked(), 0, 7, work).await }
        });
        until("the first has moved to the slow lane", || first.starts() == 1 && state.slow.available_permits() == 0)
            .await;
        // The slow lane is full and has no queue: the next of that shape is answered at once,
        // without running in the quick lane ...
        let second = Gate::default();
        let e = compute(&state, Instant::now(), asked(), 0, 7, second.work()).await.unwrap_err();
        assert_eq!(e.kind, Kind::Busy);
        assert_eq!(second.starts(), 0);
        // ... while work of another shape still runs there.
        assert_eq!(compute(&state, Instant::now(), asked(), 0, 8, cheap()).await.ok(), Some(json!(1)));
        first.release();
        assert_eq!(task.await.unwrap().ok(), Some(json!("done")));
    }

    #[test]
    fn shapes_keep_the_game_and_the_size_of_the_numbers() {
        let octal = |n: u64| shape("analyze", &json!({"game": "octal:0.764", "position": [n]}));
        assert_eq!(octal(30_000), octal(31_000));
        assert_eq!(octal(30_000), shape("analyze", &json!({"game": "octal:0.764", "position": ["30000"]})));
        assert_ne!(octal(30_000), octal(3));
        assert_ne!(octal(30_000), shape("analyze", &json!({"game": "octal:0.16", "position": [30_000]})));
        assert_ne!(octal(30_000), shape("move", &json!({"game": "octal:0.764", "position": [30_000]})));
        assert_ne!(octal(30_000), shape("analyze", &json!({"game": "octal:0.764", "position": [30_000, 1]})));
    }

    #[test]
    fn the_default_budget_fits_the_memory_of_a_request() {
        let config = Config::default();
        assert_eq!(config.default_budget(100), MAX_BUDGET);
        let small = Config { request_memory: 64 << 20, ..Config::default() };
        let budget = small.default_budget(1000);
        assert!(budget < MAX_BUDGET && forecast(budget, 1000) <= 64 << 20, "{budget}");
        assert!(forecast(budget + 1, 1000) > 64 << 20, "{budget} is the largest that fits");
    }

    #[test]
    fn kinds_read_back_from_their_names() {
        for kind in Kind::ALL {
            assert_eq!(Kind::named(kind.as_str()), kind);
        }
        assert_eq!(Kind::named("no such kind"), Kind::Internal);
    }

    #[test]
    fn messages_quote_what_the_shell_would_split() {
        assert_eq!(quote("subtraction:2,5"), "subtraction:2,5");
        assert_eq!(quote("nim=7"), "nim=7");
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), r"'it'\''s'");
        assert_eq!(quote(""), "''");
        assert_eq!(quote(&"9".repeat(100)), format!("'{}…'", "9".repeat(QUOTED_CHARS)));
        let p = Problem {
            game: "kl:2,3".into(),
            position: (1..=20).map(|n| json!(n)).collect(),
            misere: true,
            every: false,
            to_move: Some("second".into()),
            budget: Some(100),
            graph: None,
        };
        let a = p.asked("analyze", "analyze", &p.analyze_flags());
        assert_eq!(a.what, "analyze kl:2,3 1 2 3 4 5 6 7 8 9 10 11 12 … (20 heaps) (misère, second to move)");
        // The message shortens the position; the command to copy and run has every heap.
        assert_eq!(
            a.command,
            "grundy analyze kl:2,3 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 --misere --to-move second --budget 100"
        );
    }
}
