//! `POST /api/random`: a random position of a game, from the game's own generator
//! ([`grundy::Game::random_position`]), for the page's "Random" and "New random position".

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{ApiError, Asked};
use crate::jobs::Job;
use crate::memory::forecast;
use crate::routes::problem::quote;
use crate::routes::{from_body, Prepared};
use crate::Config;

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
    let game = grundy::frontend::requested_game(&request.game, request.graph.as_deref()).map_err(ApiError::bad)?;
    let tokens = game.random_position(request.seed);
    Ok(RandomReply { position: tokens.join(" "), tokens })
}

/// The body of `POST /api/random` (`bytes` long) read and checked.
pub(crate) fn prepare_random(body: Value, bytes: usize, _config: &Config) -> Result<Prepared, ApiError> {
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
