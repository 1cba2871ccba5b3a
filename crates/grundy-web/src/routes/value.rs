//! `GET /api/value?game=kl:2,3&position=4 5`: Conway's value of a position (the library's
//! [`grundy::solve::value::value_report`], as `grundy value` prints it): the canonical form,
//! the outcome class, the mean and temperature as exact fractions, the stops, and the
//! thermograph drawn as SVG ([`grundy::thermograph_svg`]). The position is read as `/api/analyze`
//! reads it (the same [`Problem`], its tokens split at spaces), with the same budget and errors.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::time::Instant;

use grundy::solve::value::{value_report, MAX_NAME_CHARS};
use grundy::{AnalyzeError, GameStore, PartizanError};

use crate::error::{ApiError, Fail, Kind};
use crate::jobs::Job;
use crate::json::{reply, Format};
use crate::lanes::{compute, shape};
use crate::memory::with_budget;
use crate::routes::problem::Problem;
use crate::{AppState, MAX_BUDGET};

/// The query of `GET /api/value`.
#[derive(Deserialize)]
pub(crate) struct ValueQuery {
    game: Option<String>,
    /// The position's tokens, separated by spaces (`4 5`, `nim=3 kayles=4`).
    position: Option<String>,
    /// The most positions a board game may value (and each impartial part's search budget).
    budget: Option<String>,
    /// The edges of a game on a graph, as `/api/analyze` takes them.
    graph: Option<String>,
}

/// The reply of `GET /api/value`: the fields of `grundy value --json`.
#[derive(Serialize)]
pub(crate) struct ValueReply {
    game: String,
    position: Vec<String>,
    /// The canonical form's name, which `grundy value` reads back; null past
    /// [`MAX_NAME_CHARS`] characters (`canonical_not_written` says so).
    canonical: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical_not_written: Option<String>,
    /// `L`, `R`, `P` or `N`.
    outcome: String,
    /// The outcome class in words.
    outcome_words: &'static str,
    /// Exact fractions as strings (`"3/4"`).
    mean: String,
    temperature: String,
    /// Left's stop and Right's stop.
    stops: [String; 2],
    /// The thermograph, an SVG document 320 units wide.
    thermograph_svg: String,
    /// The board positions valued.
    positions: u64,
}

pub(crate) async fn value_handler(
    State(state): State<AppState>,
    query: Result<Query<ValueQuery>, QueryRejection>,
    format: Result<Query<Format>, QueryRejection>,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    let Query(q) = query.map_err(|e| ApiError::bad(format!("malformed query: {e}")))?;
    let big = Format::from_query(format)?;
    let game = q.game.ok_or_else(|| ApiError::bad("missing query parameter 'game' (e.g. ?game=kl:2,3&position=4)"))?;
    let position =
        q.position.ok_or_else(|| ApiError::bad("missing query parameter 'position' (e.g. ?game=kl:2,3&position=4)"))?;
    let budget = q.budget.as_deref().map(|b| grundy::parse_u64(b, "budget").map_err(ApiError::bad)).transpose()?;
    let tokens: Vec<Value> = position.split_whitespace().map(|t| Value::String(t.into())).collect();
    let mut body = serde_json::json!({"game": game, "position": tokens, "budget": budget, "graph": q.graph});
    let problem: Problem =
        serde_json::from_value(body.clone()).map_err(|e| ApiError::bad(format!("malformed query: {e}")))?;
    // Read at once, so a bad game or position is a 400 before any lane is taken.
    problem.parse()?;
    let asked = problem.asked("value", "value", &budget_flag(budget));
    let bytes = body.to_string().len();
    let forecast = with_budget(&mut body, budget, bytes, &state.config);
    let shape = shape("value", &body);
    let value = compute(&state, arrived, asked, forecast, shape, state.work(Job::Value { request: body })).await?;
    reply(&value, big)
}

/// ` --budget N` when the request sent one.
fn budget_flag(budget: Option<u64>) -> String {
    budget.map(|b| format!(" --budget {b}")).unwrap_or_default()
}

/// The most bytes one request's values may hold: 256 MiB.
const REQUEST_MEMORY: u64 = 256 << 20;

/// Conway's value of the problem's position, in a store of its own.
pub(crate) fn value_request(problem: &Problem) -> Result<ValueReply, Fail> {
    let (game, position, options) = problem.parse()?;
    let mut store = GameStore::new();
    // One request is one bound: the store's default work over all its operations, and memory.
    store.set_total_work_limit(store.work_limit());
    store.set_memory_limit(REQUEST_MEMORY);
    let r =
        value_report(&game, &position, &mut store, options.budget, MAX_NAME_CHARS).map_err(|e| failed(problem, e))?;
    Ok(ValueReply {
        canonical_not_written: r
            .canonical
            .is_none()
            .then(|| format!("the canonical form's name is longer than {} characters", r.name_limit)),
        outcome_words: r.outcome_words(),
        game: r.game,
        position: r.position,
        canonical: r.canonical,
        outcome: r.outcome.to_string(),
        mean: r.mean,
        temperature: r.temperature,
        stops: [r.stops.0, r.stops.1],
        thermograph_svg: grundy::thermograph_svg(&r.thermograph),
        positions: r.positions,
    })
}

/// A value that could not be worked out, as an answer: a budget that ran out names the budget
/// that would do (this server's `budget` parameter within its cap, `grundy value --budget`
/// past it); a form past the store's work is past what a request may do.
fn failed(problem: &Problem, e: AnalyzeError) -> Fail {
    match e {
        AnalyzeError::Stopped(s) => Fail::Stopped(s),
        AnalyzeError::GaveUp(g) => {
            let suggested = g.suggested_budget();
            let advice = match suggested {
                Some(b) if b <= MAX_BUDGET => format!(": send budget={b}"),
                Some(b) => format!(": past this server's cap of {MAX_BUDGET}; `grundy value` on the command line takes --budget {b}"),
                None => String::new(),
            };
            let mut error = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Budget, format!("{g}{advice}"));
            if let Some(b) = suggested {
                error.command = Some(problem.asked("value", "value", &budget_flag(Some(b))).command);
                error.budget = Some((b, g.what.units().to_string()));
            }
            Fail::Api(error)
        }
        AnalyzeError::Partizan(PartizanError::TooMuchWork { operation, limit }) => Fail::Api(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Kind::WorkLimit,
            format!(
                "{operation} needs more than {limit} steps of work (options visited and games created), past what one request may do"
            ),
        )),
        AnalyzeError::Partizan(PartizanError::TooMuchMemory { operation, limit }) => Fail::Api(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Kind::WorkLimit,
            format!("{operation} needs more than {limit} bytes of memory, past what one request may hold"),
        )),
        e => Fail::Api(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Unsupported, e)),
    }
}
