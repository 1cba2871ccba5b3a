//! `POST /api/draw`: the position drawn, with the moves its pieces make.

use serde::Serialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::jobs::Job;
use crate::memory::forecast;
use crate::routes::problem::Problem;
use crate::routes::{from_body, Prepared};
use crate::Config;

/// The body of `POST /api/draw` (`bytes` long) read and checked.
pub(crate) fn prepare_draw(body: Value, bytes: usize, _config: &Config) -> Result<Prepared, ApiError> {
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
