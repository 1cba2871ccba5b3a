//! `POST /api/draw`: the position drawn, with the moves its pieces make.

use serde::Serialize;
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

use crate::error::ApiError;
use crate::jobs::Job;
use crate::memory::forecast;
use crate::routes::problem::Problem;
use crate::routes::{from_body, Prepared};

/// `POST /api/draw`: the body of `/api/analyze` (game, position, graph, to_move, ...); the
/// answer is the position drawn (`grundy::draw`): `svg`, the `moves` its `data-move` targets
/// make (as `human_move` of `/api/move` takes them), and its `width` and `height`.
#[cfg(feature = "server")]
pub(crate) async fn draw_handler(
    State(state): State<AppState>,
    query: Result<Query<Format>, QueryRejection>,
    body: Body,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    let big = Format::from_query(query)?;
    let (body, bytes) = read_json_value(body).await?;
    let drawing = state.compute(arrived, prepare_draw(body, bytes)?).await?;
    reply(&drawing, big)
}

/// The body of `POST /api/draw` (`bytes` long) read and checked.
pub(crate) fn prepare_draw(body: Value, bytes: usize) -> Result<Prepared, ApiError> {
    let problem: Problem = from_body(&body)?;
    let asked = problem.asked("draw", "draw", &problem.to_move_flag());
    Ok(Prepared {
        asked,
        forecast: forecast(0, bytes),
        endpoint: "draw",
        shape_of: body.clone(),
        job: Job::Draw { request: body },
    })
}

/// The reply of `POST /api/draw`.
#[derive(Serialize)]
pub(crate) struct DrawReply {
    #[serde(flatten)]
    pub(crate) drawing: grundy::Drawing,
}
