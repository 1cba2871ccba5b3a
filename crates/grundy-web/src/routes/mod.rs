//! The handlers of the JSON API, one module per endpoint ([`analyze`], [`play`] for
//! `/api/move`, [`draw`], [`sg`], [`random`], [`value`]; `/api/games` here), the [`problem`] they read, and the
//! [`page`] itself.

use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::Query;
use axum::response::Response;
use serde::Deserialize;
use serde_json::Value;

use crate::error::{too_large, ApiError};
use crate::json::{reply, Format};
use crate::MAX_BODY;

pub(crate) mod analyze;
pub(crate) mod draw;
pub(crate) mod page;
pub(crate) mod play;
pub(crate) mod problem;
pub(crate) mod random;
pub(crate) mod sg;
pub(crate) mod value;

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

/// `GET /api/games`: the library's list of games, [`grundy::GAMES`], as it serialises.
pub(crate) async fn games_handler(query: Result<Query<Format>, QueryRejection>) -> Result<Response, ApiError> {
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
            // What the page needs to show the game without branching on its name.
            if let Value::Object(fields) = &mut v {
                let facts = serde_json::to_value(grundy::game::facts::GameFacts::of(g)).unwrap_or(Value::Null);
                fields.insert("facts".into(), facts);
            }
            v
        })
        .collect();
    reply(&games, big)
}
