//! `POST /api/random`: a random position of a game, from the game's own generator
//! ([`grundy::Game::random_position`]), for the page's "Random" and "New random position".

use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use tokio::time::Instant;

use crate::error::{ApiError, Asked};
use crate::jobs::Job;
use crate::json::{reply, Format};
use crate::lanes::{compute, shape};
use crate::memory::forecast;
use crate::routes::problem::quote;
use crate::routes::{from_body, read_json_value};
use crate::AppState;

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
pub(crate) async fn random_handler(
    State(state): State<AppState>,
    query: Result<Query<Format>, QueryRejection>,
    body: Body,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    let big = Format::from_query(query)?;
    let (body, bytes) = read_json_value(body).await?;
    let request: RandomRequest = from_body(&body)?;
    let game = quote(&request.game);
    let asked = Asked { what: format!("a random position of {game}"), command: String::new() };
    let shape = shape("random", &body);
    let position =
        compute(&state, arrived, asked, forecast(0, bytes), shape, state.work(Job::Random { request: body })).await?;
    reply(&position, big)
}
