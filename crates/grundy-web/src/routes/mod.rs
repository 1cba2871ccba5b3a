//! The handlers of the JSON API, one module per endpoint ([`analyze`], [`play`] for
//! `/api/move`, [`draw`], [`sg`], [`random`], [`value`]; `/api/games` here), the [`problem`] they read, and the
//! [`page`] itself. Each endpoint reads and checks its request into a [`Prepared`] (the same
//! for the server and the static page, [`crate::local`]); the handlers (feature `server`) run it
//! in the lanes.

use serde::Deserialize;
use serde_json::Value;
#[cfg(feature = "server")]
use {
    crate::json::{reply, Format},
    crate::AppState,
    crate::Config,
    axum::body::Body,
    axum::extract::rejection::QueryRejection,
    axum::extract::Query,
    axum::response::Response,
    tokio::time::Instant,
};

use crate::error::{too_large, ApiError, Asked};
use crate::jobs::Job;
use crate::MAX_BODY;

pub(crate) mod analyze;
pub(crate) mod draw;
#[cfg(feature = "server")]
pub(crate) mod page;
pub(crate) mod play;
pub(crate) mod problem;
pub(crate) mod random;
pub(crate) mod sg;
pub(crate) mod value;

/// A request read and checked, ready to run: what it asked (for the refusals of the limits),
/// its memory forecast, its endpoint and what its shape is read from (the lanes' [`shape`]),
/// and the job that computes its answer.
///
/// [`shape`]: crate::lanes::shape
pub(crate) struct Prepared {
    pub(crate) asked: Asked,
    pub(crate) forecast: u64,
    pub(crate) endpoint: &'static str,
    pub(crate) shape_of: Value,
    pub(crate) job: Job,
}

/// The `?big=` part of a request's query, as every endpoint reads it.
#[cfg(feature = "server")]
pub(crate) type FormatQuery = Result<Query<Format>, QueryRejection>;

/// How a POST endpoint reads and checks its JSON body and the body's length (the same for the
/// server and the static page).
#[cfg(feature = "server")]
pub(crate) type PrepareBody = fn(Value, usize, &Config) -> Result<Prepared, ApiError>;

/// Serves a POST endpoint (`/api/analyze`, `/api/move`, `/api/draw`, `/api/random`): its JSON
/// body (at most [`MAX_BODY`] bytes) read and checked by `prepare`, computed in the lanes, and
/// the answer written in the format the query asks.
#[cfg(feature = "server")]
pub(crate) async fn posted(
    state: AppState,
    format: FormatQuery,
    body: Body,
    prepare: PrepareBody,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    let big = Format::from_query(format)?;
    let (body, bytes) = read_json_value(body).await?;
    let answer = state.compute(arrived, prepare(body, bytes, &state.config)?).await?;
    reply(&answer, big)
}

/// Serves a GET endpoint (`/api/sg`, `/api/value`): its query read as `Q` and checked by
/// `prepare`, computed in the lanes, and the answer written in the format the query asks.
#[cfg(feature = "server")]
pub(crate) async fn queried<Q>(
    state: AppState,
    query: Result<Query<Q>, QueryRejection>,
    format: FormatQuery,
    prepare: fn(Q, &Config) -> Result<Prepared, ApiError>,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    let Query(q) = query.map_err(|e| ApiError::bad(format!("malformed query: {e}")))?;
    let big = Format::from_query(format)?;
    let answer = state.compute(arrived, prepare(q, &state.config)?).await?;
    reply(&answer, big)
}

/// Reads a JSON body of at most [`MAX_BODY`] bytes, and its length.
#[cfg(feature = "server")]
async fn read_json_value(body: Body) -> Result<(Value, usize), ApiError> {
    let bytes = axum::body::to_bytes(body, MAX_BODY).await.map_err(|_| too_large())?;
    json_value(&bytes)
}

/// A JSON body of at most [`MAX_BODY`] bytes, read, and its length.
pub(crate) fn json_value(bytes: &[u8]) -> Result<(Value, usize), ApiError> {
    if bytes.len() > MAX_BODY {
        return Err(too_large());
    }
    let value = serde_json::from_slice(bytes).map_err(|e| ApiError::bad(format!("malformed JSON: {e}")))?;
    Ok((value, bytes.len()))
}

/// A request read from its body's JSON.
fn from_body<T: for<'de> Deserialize<'de>>(body: &Value) -> Result<T, ApiError> {
    T::deserialize(body).map_err(|e| ApiError::bad(format!("malformed JSON: {e}")))
}

/// `GET /api/games`: the library's list of games, [`grundy::frontend::GAMES`], as it serialises.
#[cfg(feature = "server")]
pub(crate) async fn games_handler(query: Result<Query<Format>, QueryRejection>) -> Result<Response, ApiError> {
    let big = Format::from_query(query)?;
    reply(&games(), big)
}

/// The reply of `GET /api/games`: one object a game of [`grundy::frontend::GAMES`].
pub(crate) fn games() -> Vec<Value> {
    // The games on a graph read their edges from a file on the command line: their entries
    // carry the example file's text, which the page puts in its text area.
    grundy::frontend::GAMES
        .iter()
        .map(|g| {
            let mut v = serde_json::to_value(g).unwrap_or(Value::Null);
            if let (Some(text), Value::Object(fields)) = (grundy::frontend::example_graph(g), &mut v) {
                fields.insert("example_graph".into(), Value::String(text.into()));
            }
            // What the page needs to show the game without branching on its name.
            if let Value::Object(fields) = &mut v {
                let facts = serde_json::to_value(grundy::frontend::GameFacts::of(g)).unwrap_or(Value::Null);
                fields.insert("facts".into(), facts);
            }
            v
        })
        .collect()
}
