//! `POST /api/draw`: the position drawn, with the moves its pieces make.

use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::Response;
use serde::Serialize;
use tokio::time::Instant;

use crate::error::ApiError;
use crate::jobs::Job;
use crate::json::{reply, Format};
use crate::lanes::{compute, shape};
use crate::memory::forecast;
use crate::routes::problem::Problem;
use crate::routes::{from_body, read_json_value};
use crate::AppState;

/// `POST /api/draw`: the body of `/api/analyze` (game, position, graph, to_move, ...); the
/// answer is the position drawn (`grundy::draw`): `svg`, the `moves` its `data-move` targets
/// make (as `human_move` of `/api/move` takes them), and its `width` and `height`.
pub(crate) async fn draw_handler(
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
pub(crate) struct DrawReply {
    #[serde(flatten)]
    pub(crate) drawing: grundy::Drawing,
}
