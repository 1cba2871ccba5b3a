//! `GET /api/value?game=kl:2,3&position=4 5`: Conway's value of a position (the library's
//! [`grundy::frontend::value_report`], as `grundy value` prints it): the canonical form,
//! the outcome class, the mean and temperature as exact fractions, the stops, and the
//! thermograph drawn as SVG ([`grundy::thermograph_svg`]). The position is read as `/api/analyze`
//! reads it (the same [`Problem`], its tokens split at spaces), with the same budget and errors.
//! `GET /api/value?game={1|0}` with no position (nor graph) is a game written as text, as
//! `grundy value 'TEXT'` takes it: a short game in Conway's notation, or a loopy game in
//! CGSuite's (`a:{0,a|*}`, `dud`), whose report adds the outcome with each player first, the
//! stopper flag and the simplest form or the sides ([`grundy::frontend::LoopyReport`]).
//! `&options=true` lists the position's options instead, as `grundy value --options` does.

use http::StatusCode;
use serde::Deserialize;
use serde_json::Value;

use grundy::frontend::{
    loopy_report, text_report, text_unread, value_report, LoopyReport, Raise, Scope, TextReport, MAX_NAME_CHARS,
};
use grundy::frontend::{position_options_report, OptionsReport};
use grundy::ValueReport;
use grundy::{AnalyzeError, GameStore, PartizanError};

use crate::error::{ApiError, Asked, Fail, Kind};
use crate::jobs::Job;
use crate::memory::{forecast, with_budget};
use crate::routes::problem::{quote, shell_word, Problem};
use crate::routes::Prepared;
use crate::{Config, MAX_BUDGET};

/// How the notes of a value's analyses say that a bound stopped them: a request's bounds are
/// the server's own, raised by no parameter.
const RAISE: Raise = Raise { work: "past what one request may do", memory: "past what one request may hold" };

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
    /// `true`: the position's options instead of its value, as `grundy value --options` lists
    /// them (each option position with its value).
    options: Option<String>,
}

/// The query of `GET /api/value` checked, with the default budget filled in.
pub(crate) fn prepare_value(q: ValueQuery, config: &Config) -> Result<Prepared, ApiError> {
    let game = q.game.ok_or_else(|| ApiError::bad("missing query parameter 'game' (e.g. ?game=kl:2,3&position=4)"))?;
    let options = match q.options.as_deref() {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => {
            return Err(ApiError::bad(format!("options={}: give true or false", grundy::frontend::escape(other))))
        }
    };
    if options && q.position.is_none() {
        return Err(ApiError::bad(
            "options=true lists a position's options: send position too (a form's options: ?game=options(G))",
        ));
    }
    if q.position.is_none() && q.graph.is_none() && game.parse::<grundy::Game>().is_err() {
        return Ok(prepare_text(game));
    }
    let position =
        q.position.ok_or_else(|| ApiError::bad("missing query parameter 'position' (e.g. ?game=kl:2,3&position=4, or a game written in Conway's notation alone: ?game={1|0} or ?game=a:{0,a|*})"))?;
    let budget =
        q.budget.as_deref().map(|b| grundy::frontend::parse_u64(b, "budget").map_err(ApiError::bad)).transpose()?;
    let tokens: Vec<Value> = position.split_whitespace().map(|t| Value::String(t.into())).collect();
    let mut body =
        serde_json::json!({"game": game, "position": tokens, "budget": budget, "graph": q.graph, "options": options});
    let problem: Problem =
        serde_json::from_value(body.clone()).map_err(|e| ApiError::bad(format!("malformed query: {e}")))?;
    // Read at once, so a bad game or position is a 400 before any lane is taken.
    problem.parse()?;
    let flags = budget_flag(budget) + if options { " --options" } else { "" };
    let asked = problem.asked("value", "value", &flags);
    let bytes = body.to_string().len();
    let forecast = with_budget(&mut body, budget, bytes, config);
    Ok(Prepared { asked, forecast, endpoint: "value", shape_of: body.clone(), job: Job::Value { request: body } })
}

/// A game written as text with no position (`?game={1|0}`, `?game=a:{0,a|*}`), as `grundy
/// value 'TEXT'` takes it: a short game in Conway's notation or a loopy game in CGSuite's. Its
/// memory is the store's bound and its text's.
fn prepare_text(text: String) -> Prepared {
    let asked = Asked {
        what: format!("the value of {}", quote(&text)),
        command: format!("grundy value {}", shell_word(&text)),
    };
    let forecast = forecast(0, text.len()).saturating_add(REQUEST_MEMORY);
    let shape_of = serde_json::json!({ "text": text });
    Prepared { asked, forecast, endpoint: "value", shape_of, job: Job::ValueText { text } }
}

/// The value of a game written as `text` (see [`prepare_text`]) in a store of its own, within
/// the store's default work and [`REQUEST_MEMORY`]: the library's report, whose one serialised
/// form is the reply (the object of `grundy value 'TEXT' --json`). A text that does not read is
/// a 400 naming the bad part.
pub(crate) fn text_request(text: &str) -> Result<TextReport, Fail> {
    let mut store = GameStore::new();
    store.set_total_work_limit(store.work_limit());
    store.set_memory_limit(REQUEST_MEMORY);
    let work = store.work_limit();
    text_report(text, &mut store, MAX_NAME_CHARS, Scope::Full, RAISE, work).map_err(|e| match text_unread(&e) {
        Some(unread) => Fail::Api(ApiError::bad(unread.to_string())),
        None => failed_text(e),
    })
}

/// A text's value that could not be worked out: past the work or memory one request may take.
fn failed_text(e: AnalyzeError) -> Fail {
    match e {
        AnalyzeError::Stopped(s) => Fail::Stopped(s),
        AnalyzeError::Partizan(p) => partizan_failed(p),
        e => Fail::Api(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Unsupported, e)),
    }
}

/// ` --budget N` when the request sent one.
fn budget_flag(budget: Option<u64>) -> String {
    budget.map(|b| format!(" --budget {b}")).unwrap_or_default()
}

/// The most bytes one request's values may hold: 256 MiB.
const REQUEST_MEMORY: u64 = 256 << 20;

/// The reply of `GET /api/value`: a short game's report, or a loopy game's (Fox and Geese),
/// each in the one serialised form `grundy value --json` prints.
#[derive(serde::Serialize)]
#[serde(untagged)]
pub(crate) enum ValueReply {
    /// A short game's value ([`ValueReport`]).
    Short(ValueReport),
    /// A loopy game's value ([`LoopyReport`]): outcomes with draws, stopper, sides.
    Loopy(LoopyReport),
}

/// Conway's value of the problem's position, in a store of its own: the library's report,
/// whose one serialised form is the reply (the object of `grundy value --json`); a loopy game's
/// from its graph of positions within the budget.
pub(crate) fn value_request(problem: &Problem) -> Result<ValueReply, Fail> {
    let (game, position, options) = problem.parse()?;
    let mut store = GameStore::new();
    // One request is one bound: the store's default work over all its operations, and memory.
    store.set_total_work_limit(store.work_limit());
    store.set_memory_limit(REQUEST_MEMORY);
    if let Some(report) = loopy_report(&game, &position, &mut store, options.budget) {
        return report.map(ValueReply::Loopy).map_err(|e| failed(problem, e));
    }
    value_report(&game, &position, &mut store, options.budget, MAX_NAME_CHARS, Scope::Full, RAISE)
        .map(ValueReply::Short)
        .map_err(|e| with_outcome(failed(problem, e), &game, &position, options.budget))
}

/// The options of the problem's position (`options=true`), in a store of its own: each
/// position Left's and Right's moves leave with its value, the object `grundy value --options
/// --json` prints.
pub(crate) fn options_request(problem: &Problem) -> Result<OptionsReport, Fail> {
    let (game, position, options) = problem.parse()?;
    let mut store = GameStore::new();
    store.set_total_work_limit(store.work_limit());
    store.set_memory_limit(REQUEST_MEMORY);
    position_options_report(&game, &position, &mut store, options.budget, MAX_NAME_CHARS)
        .map_err(|e| failed(problem, e))
}

/// A value refused past a bound (the budget, the work or the memory a request may take), with
/// the position's outcome where its analyses give it at once
/// ([`grundy::frontend::outcome_at_once`]), as `grundy value` tells it.
fn with_outcome(fail: Fail, game: &grundy::Game, position: &grundy::Position, budget: u64) -> Fail {
    let Fail::Api(mut error) = fail else { return fail };
    if !matches!(error.kind, Kind::Budget | Kind::WorkLimit) {
        return Fail::Api(error);
    }
    if let Some(class) = grundy::frontend::outcome_at_once(game, position, budget) {
        error.message = format!(
            "{}; {} (the position's analysis gives it with every winning move)",
            error.message,
            grundy::frontend::known_outcome(class)
        );
    }
    Fail::Api(error)
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
                Some(b) => format!(
                    ": past this server's cap of {MAX_BUDGET}; `grundy value` on the command line takes --budget {b}"
                ),
                None => String::new(),
            };
            let mut error = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Budget, format!("{g}{advice}"));
            if let Some(b) = suggested {
                error.command = Some(problem.asked("value", "value", &budget_flag(Some(b))).command);
                error.budget = Some((b, g.what.units().to_string()));
            }
            Fail::Api(error)
        }
        AnalyzeError::Partizan(p @ (PartizanError::TooMuchWork { .. } | PartizanError::TooMuchMemory { .. })) => {
            partizan_failed(p)
        }
        e => Fail::Api(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Unsupported, e)),
    }
}

/// The store's refusal past the work or memory one request may take, as an answer.
fn partizan_failed(e: PartizanError) -> Fail {
    match e {
        PartizanError::TooMuchWork { operation, limit } => Fail::Api(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Kind::WorkLimit,
            format!(
                "{operation} needs more than {limit} steps of work (options visited and games created), past what one request may do"
            ),
        )),
        PartizanError::TooMuchMemory { operation, limit } => Fail::Api(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Kind::WorkLimit,
            format!("{operation} needs more than {limit} bytes of memory, past what one request may hold"),
        )),
        PartizanError::Stopped(s) => Fail::Stopped(s),
        e => Fail::Api(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Unsupported, e)),
    }
}
