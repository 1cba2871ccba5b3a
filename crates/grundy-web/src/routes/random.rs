//! `POST /api/random`: a random position of a game, from the game's own generator
//! ([`grundy::Game::random_position`]), for the page's "Random" and "New random position".

use serde::{Deserialize, Serialize};
use serde_json::Value;
#[cfg(feature = "server")]
use {
    crate::json::{reply, Format},
    crate::routes::read_json_value,
    crate::AppState,
    axum::body::Body,
    axum::extract::rejection::QueryRejection,
    axum::extract::{Query, State},
    axum::response::Response,
    tokio::time::Instant,
};

use crate::error::{ApiError, Asked};
use crate::jobs::Job;
use crate::memory::forecast;
use crate::routes::problem::quote;
use crate::routes::{from_body, Prepared};

/// What `/api/random` reads: the game as `/api/analyze` names it (with its `graph` text for
/// the games on a graph), and the seed (the same seed gives the same position).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RandomRequest {
    pub(crate) game: String,
    #[serde(default)]
    pub(crate) graph: Option<String>,
    pub(crate) seed: u64,
}

/// The reply: the position as the page's position box shows it, and as the tokens that
/// `/api/analyze`'s `position` takes.
#[derive(Serialize)]
pub(crate) struct RandomReply {
    pub(crate) position: String,
    pub(crate) tokens: Vec<String>,
}

/// The random position `request` asks for; a bad game is 400 `bad_input`, as elsewhere.
pub(crate) fn random_position(request: &RandomRequest) -> Result<RandomReply, ApiError> {
    let game = grundy::solve::query::requested_game(&request.game, request.graph.as_deref()).map_err(ApiError::bad)?;
    let tokens = game.random_position(request.seed);
    Ok(RandomReply { position: tokens.join(" "), tokens })
}

/// `POST /api/random` `{"game": "wythoff", "seed": 7}` (and `graph` for a game on a graph):
/// `{"position": "5 12", "tokens": ["5", "12"]}`.
#[cfg(feature = "server")]
pub(crate) async fn random_handler(
    State(state): State<AppState>,
    query: Result<Query<Format>, QueryRejection>,
    body: Body,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    let big = Format::from_query(query)?;
    let (body, bytes) = read_json_value(body).await?;
    let position = state.compute(arrived, prepare_random(body, bytes)?).await?;
    reply(&position, big)
}

/// The body of `POST /api/random` (`bytes` long) read and checked.
pub(crate) fn prepare_random(body: Value, bytes: usize) -> Result<Prepared, ApiError> {
    let request: RandomRequest = from_body(&body)?;
    let game = quote(&request.game);
    let asked = Asked { what: format!("a random position of {game}"), command: String::new() };
    Ok(Prepared {
        asked,
        forecast: forecast(0, bytes),
        endpoint: "random",
        shape_of: body.clone(),
        job: Job::Random { request: body },
    })
}
