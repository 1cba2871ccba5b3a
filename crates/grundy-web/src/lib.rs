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
//!   [`grundy::frontend::LISTED_MOVES`]), and `winning_moves_not_listed` then says "the first 100 of N";
//!   `winning_move_count` and `winning_families` stay whole (a heap of 10^18 of Kayles has
//!   83,333,333,333,333,338 winning moves in 18 families).
//!   When Plambeck and Siegel's misère quotient answers (`"method": "misère quotient"`, e.g.
//!   misère Kayles) and has at most 64 elements, `quotient_table_svg` is its multiplication
//!   table drawn as SVG ([`grundy::MisereQuotient::table_svg`]); otherwise it is absent.
//! - `POST /api/move`: the same body plus `level`, `seed` and optionally `human_move` (text such
//!   as `"3 11"`, played first): the computer's reply and the position after it, and `rules` as
//!   above. With `"every": true` (Every-SG) a turn is one move in every game that is not over,
//!   typed as each game's move joined by `;` (`"1: 1 -> 2; 2: 1 -> 1"`, or numbered in the whole position, `"1 -> 2; 3 -> 1"`) or in the general form of
//!   the analysis's winning turn (`"1..4 -> 2 3 1 2"`). At level `perfect` (the default) a position the computer cannot solve exactly
//!   (Grundy's game past its table) is refused, 422 `unsupported` "level perfect cannot promise
//!   perfect play here: ..."; levels `good` and `easy` play the smallest move there.
//! - `GET /api/sg?game=subtraction:2,5&upto=50`: the Grundy sequence G(0..=upto) of a heap
//!   ruleset with its proven period; with `&misere=true`, who wins each single heap under
//!   misère play (`outcomes`, one letter a heap, `N` or `P`), as `grundy sg --misere --json`.
//! - `GET /api/value?game=kl:2,3&position=4 5` (the position's tokens separated by spaces;
//!   optional `budget` and, for a game on a graph, `graph`): Conway's value of the position,
//!   byte for byte what `grundy value --json` prints (the library's `ValueReport`): `{"canonical": "{0,*|↓,↓*}", "outcome": "N", "mean": "0",
//!   "temperature": "0", "stops": ["0", "0"], "thermograph_svg": "<svg ...", ...}`, exact
//!   fractions as strings; `canonical` is null past 100,000 characters. Errors as `/api/analyze`'s
//!   (a form past the work a request may do is 422 `work_limit`). With `game` alone, a game
//!   written as text (`?game={1|0}`, or a loopy game in CGSuite's notation, `?game=a:{0,a|*}`):
//!   what `grundy value 'TEXT' --json` prints; a loopy game's adds `outcome_left_first`,
//!   `outcome_right_first` (`L`, `R`, `D`), `stopper`, `onside`, `offside` and `value`, its
//!   short-game keys null with a `_note`; a text that does not read is 400 `bad_input`.
//! - `GET /api/games`: the games grundy knows, exactly the library's [`grundy::frontend::GAMES`], one
//!   object each: `{"spelling": "bounded:K", "name": "K-Nim", "a_move": "take 1..K objects from
//!   one heap", "example_game": "bounded:3", "example_position": "10 7 4", "heap_ruleset":
//!   true, "facts": {...}}`. The page builds its game selector from it; `facts`
//!   ([`grundy::frontend::GameFacts`]) says how to show each game (how a request names it,
//!   whether it reads a graph's text, how its rows are drawn, the words of its panel), so that
//!   the page has no branch on a game's name.
//! - `POST /api/random` `{"game": "wythoff", "seed": 7}` (with `graph` for a game on a graph):
//!   a random position from the game's own generator ([`grundy::Game::random_position`]),
//!   `{"position": "5 12", "tokens": ["5", "12"]}`, small enough to analyse at once and with
//!   a move to make; the same seed gives the same position.
//!
//! The page itself is `/` with `/app.js`, `/style.css` and its icon, `/favicon.svg` (also
//! served as `/favicon.ico`, where browsers look without being told).
//!
//! The same API is answered without a server by [`local`], which the static page
//! (`web/build-static.sh`) runs in the browser, compiled to WebAssembly: built without the
//! default feature `server`, this crate has no axum or tokio.
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
//! | 413, 414 | `too_large` | a body over 1 MiB; a request line (the URL and its query) over 60 KiB |
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
//! not send cheap work to the slow lane. The *shape* of a request (`shape`: its body with
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
//! ([`forecast`]: the library's forecast of the budget, [`grundy::frontend::budget_forecast`], plus its
//! body's size and a base); a forecast past a request's memory is refused (422 `memory`, with
//! `command`), and otherwise it is reserved from the total, waiting within the time limit (503
//! `busy` if it never frees), and given back when the work ends, however it ends. A request
//! that sends no budget gets the largest that fits ([`Config::default_budget`]). Under `grundy
//! serve` ([`Config::workers`]) the work runs in
//! worker processes, and one whose resident memory passes a request's memory is killed (422
//! `memory`): where a forecast of the library falls short, or work is not bounded by its budget,
//! the worker ends, never the server. A worker is also killed when its request is stopped (time
//! limit, cancelled, moved out of the quick lane), which frees its permit at once. Permits are
//! held by the blocking work itself, not by the request, so the number of threads computing (in
//! this process, or waiting for a worker) is bounded by the permits even while stopped work
//! winds down.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]
// Without the server (the static page's build) the parts about lanes, workers and shutting
// down are not reached.
#![cfg_attr(not(feature = "server"), allow(dead_code))]

use std::time::Duration;
#[cfg(feature = "server")]
use {
    axum::body::Body,
    axum::extract::rejection::QueryRejection,
    axum::extract::{Query, State},
    axum::http::StatusCode,
    axum::routing::{get, post},
    axum::Router,
    error::{ApiError, Kind},
    lanes::{QuickRuns, SlowShapes},
    routes::page::{page, APP_JS, FAVICON_SVG, INDEX_HTML, STYLE_CSS},
    routes::{games_handler, posted, queried, FormatQuery},
    std::net::SocketAddr,
    std::sync::{Arc, Mutex},
    tokio::sync::Semaphore,
    worker::Pool,
};

/// `GET /api/sg`'s query, or why it did not read.
#[cfg(feature = "server")]
type SgQuery = Result<Query<routes::sg::SgQuery>, QueryRejection>;
/// `GET /api/value`'s query, or why it did not read.
#[cfg(feature = "server")]
type ValueQuery = Result<Query<routes::value::ValueQuery>, QueryRejection>;

/// The largest request body accepted; larger ones get 413.
pub const MAX_BODY: usize = 1 << 20;
/// The largest search or table budget a request may use (also the default).
pub const MAX_BUDGET: u64 = grundy::frontend::DEFAULT_BUDGET;
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

mod error;
#[cfg(feature = "server")]
mod guard;
mod jobs;
mod json;
#[cfg(feature = "server")]
mod lanes;
pub mod local;
mod memory;
mod routes;
#[cfg(feature = "server")]
mod run;
mod worker;

pub use jobs::work;
pub use memory::{budget_memory, forecast};
pub use worker::WorkerCommand;

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
    pub stored: Option<&'static grundy::frontend::StoredValues>,
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
    /// Whether the work is the static page's, computed in the browser ([`local`]): the
    /// refusals of the limits name the page instead of the server.
    pub static_page: bool,
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
            static_page: false,
        }
    }
}

/// What the handlers share: the configuration, the permits of the two lanes, the places of
/// the slow lane's queue, the memory left to reserve (in MiB), the worker processes, and the
/// misère quotients the requests computed here (kept across requests, within the default bound).
#[cfg(feature = "server")]
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
    quotients: grundy::frontend::QuotientCache,
}

#[cfg(feature = "server")]
impl AppState {
    fn new(config: Config) -> AppState {
        // A worker holds the stored tables as well as its request's memory.
        let worker_memory =
            config.request_memory.saturating_add(config.stored.map_or(0, grundy::frontend::StoredValues::bytes));
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
            quotients: grundy::frontend::QuotientCache::default(),
            config: Arc::new(config),
        }
    }
}

/// The router of the web app with the default [`Config`].
#[cfg(feature = "server")]
pub fn app() -> Router {
    app_with(Config::default())
}

/// The router of the web app: the page, its assets and the JSON API.
#[cfg(feature = "server")]
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
        // Each endpoint reads and checks its request in its own module (routes::*::prepare_*,
        // which the static page calls too); `posted` and `queried` run it in the lanes.
        .route(
            "/api/analyze",
            post(|State(s): State<AppState>, f: FormatQuery, b: Body| {
                posted(s, f, b, routes::analyze::prepare_analyze)
            }),
        )
        .route(
            "/api/move",
            post(|State(s): State<AppState>, f: FormatQuery, b: Body| posted(s, f, b, routes::play::prepare_move)),
        )
        // The body of /api/analyze; the answer is the position drawn (`grundy::draw`): `svg`,
        // the `moves` its `data-move` targets make (as /api/move's `human_move` takes them),
        // and its `width` and `height`.
        .route(
            "/api/draw",
            post(|State(s): State<AppState>, f: FormatQuery, b: Body| posted(s, f, b, routes::draw::prepare_draw)),
        )
        .route(
            "/api/sg",
            get(|State(s): State<AppState>, q: SgQuery, f: FormatQuery| queried(s, q, f, routes::sg::prepare_sg)),
        )
        .route(
            "/api/value",
            get(|State(s): State<AppState>, q: ValueQuery, f: FormatQuery| {
                queried(s, q, f, routes::value::prepare_value)
            }),
        )
        .route("/api/games", get(games_handler))
        // `{"game": "wythoff", "seed": 7}` (and `graph` for a game on a graph) gives
        // `{"position": "5 12", "tokens": ["5", "12"]}`.
        .route(
            "/api/random",
            post(|State(s): State<AppState>, f: FormatQuery, b: Body| posted(s, f, b, routes::random::prepare_random)),
        )
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

/// Serves [`app`] on `addr` until the process is stopped; `on_ready` is told the bound address
/// (useful with port 0).
#[cfg(feature = "server")]
pub fn serve(addr: SocketAddr, on_ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    serve_with(addr, Config::default(), on_ready)
}

/// Serves [`app_with`] `config` on `addr` until the process is stopped; `on_ready` is told the
/// bound address (useful with port 0).
#[cfg(feature = "server")]
pub fn serve_with(addr: SocketAddr, config: Config, on_ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    // One thread serves the connections (a local app has few, and they do little); the games
    // are computed on tokio's blocking threads (see `compute`). A multi-threaded scheduler
    // would add nothing but its code to every `grundy` run (and pull in libm).
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        on_ready(listener.local_addr()?);
        // Each connection's request line is checked first (`guard.rs`): a URL too long for
        // hyper gets the API's JSON error rather than hyper's bare 414.
        axum::serve(guard::Guarded::new(listener)?, app_with(config)).await
    })
}
