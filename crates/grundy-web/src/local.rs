//! The API answered without a server, for the static page (`web/build-static.sh`): the page's
//! requests, the same method, path, query and body it sends to `grundy serve`, answered with
//! the same status and JSON. `crates/grundy-wasm` compiles this to WebAssembly, and the page
//! runs it in a Web Worker.
//!
//! A request is read and checked by the server's own endpoints (their `Prepared` request),
//! computed by the same jobs, under the same budgets, memory forecast and time limit
//! ([`Config`], with [`Config::static_page`] set so that the refusals name the page). What
//! the server adds around the work has no counterpart in a page that computes one request at
//! a time in each of its Web Workers: the two lanes, the worker processes, the memory reserved
//! from a total. The misère quotients computed are kept across requests, as a server keeps
//! them.
//!
//! ```
//! use std::time::Duration;
//! let local = grundy_web::local::Local::new(grundy_web::Config { static_page: true, ..Default::default() });
//! let answer = local.respond("POST", "/api/analyze?big=strings", br#"{"game": "nim", "position": [3, 5]}"#, Duration::ZERO);
//! assert_eq!(answer.status, 200);
//! assert!(answer.body.contains(r#""sg":"6""#), "{}", answer.body);
//! ```

use std::time::Duration;

use http::StatusCode;
use serde::Serialize;
use serde_json::Value;

use grundy::frontend::QuotientCache;
use grundy::{StopToken, Stopped};

use crate::error::{ApiError, Fail, Kind};
use crate::json::{big_as_strings, Format};
use crate::memory::check_forecast;
use crate::routes::analyze::prepare_analyze;
use crate::routes::draw::prepare_draw;
use crate::routes::play::prepare_move;
use crate::routes::random::prepare_random;
use crate::routes::sg::prepare_sg;
use crate::routes::value::prepare_value;
use crate::routes::{games, json_value, Prepared};
use crate::Config;

/// The API of the page without a server: a [`Config`] and the misère quotients kept across
/// requests.
pub struct Local {
    config: Config,
    quotients: QuotientCache,
}

/// An answer: the HTTP status the server would send, and its JSON body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The status code (200, or the error's 4xx or 5xx).
    pub status: u16,
    /// The JSON, an error's `{"error": ..., "kind": ...}` as the server sends it.
    pub body: String,
}

impl Local {
    /// Answers requests under `config`'s limits: its time limit, request memory and budgets.
    pub fn new(config: Config) -> Local {
        Local { config, quotients: QuotientCache::default() }
    }

    /// The answer to `method` (`GET`, `POST`) at `target` (a path of the API with its query,
    /// `/api/sg?game=nim&upto=20&big=strings`) with `body`, after the request `waited` for a
    /// Web Worker: the time limit counts from its arrival, as the server's does.
    pub fn respond(&self, method: &str, target: &str, body: &[u8], waited: Duration) -> Answer {
        let (status, value) = match self.answer(method, target, body, waited) {
            Ok(value) => (StatusCode::OK, value),
            Err(e) => (e.status, serde_json::to_value(e.body()).unwrap_or(Value::Null)),
        };
        Answer { status: status.as_u16(), body: value.to_string() }
    }

    fn answer(&self, method: &str, target: &str, body: &[u8], waited: Duration) -> Result<Value, ApiError> {
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        let expected = match path {
            "/api/analyze" | "/api/move" | "/api/draw" | "/api/random" => "POST",
            "/api/sg" | "/api/value" | "/api/games" => "GET",
            _ => return Err(ApiError::new(StatusCode::NOT_FOUND, Kind::NotFound, "no such page or endpoint")),
        };
        if method != expected {
            return Err(ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                Kind::MethodNotAllowed,
                "method not allowed here (the API uses POST for analyze and move, GET for sg and games)",
            ));
        }
        let big = read_query::<Format>(query)?.big_strings()?;
        let prepared = match path {
            "/api/games" => return reply(&games(), big),
            "/api/sg" => prepare_sg(read_query(query)?, &self.config)?,
            "/api/value" => prepare_value(read_query(query)?, &self.config)?,
            _ => {
                let (value, bytes) = json_value(body)?;
                match path {
                    "/api/analyze" => prepare_analyze(value, bytes, &self.config)?,
                    "/api/move" => prepare_move(value, bytes, &self.config)?,
                    "/api/draw" => prepare_draw(value, bytes, &self.config)?,
                    _ => prepare_random(value, bytes, &self.config)?,
                }
            }
        };
        reply(&self.compute(prepared, waited)?, big)
    }

    /// Runs a request within its memory forecast and what is left of its time limit.
    fn compute(&self, prepared: Prepared, waited: Duration) -> Result<Value, ApiError> {
        let Prepared { asked, forecast, job, .. } = prepared;
        check_forecast(&self.config, forecast, &asked)?;
        let Some(left) = self.config.time_limit.checked_sub(waited).filter(|left| !left.is_zero()) else {
            return Err(asked.busy(&self.config));
        };
        let token = StopToken::after(left);
        match token.run(|| job.run(self.config.stored, &self.quotients)) {
            Ok(value) => Ok(value),
            Err(Fail::Api(e)) => Err(e),
            Err(Fail::Stopped(Stopped::TimeUp { .. })) => Err(asked.stopped(&self.config)),
            Err(Fail::Stopped(_) | Fail::Ended(..)) => Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                Kind::Cancelled,
                format!("{} was cancelled", asked.what),
            )),
        }
    }
}

/// A query read as the server's `Query` extractor reads it.
fn read_query<T: for<'de> serde::Deserialize<'de>>(query: &str) -> Result<T, ApiError> {
    serde_urlencoded::from_str(query).map_err(|e| ApiError::bad(format!("malformed query: {e}")))
}

/// The JSON of an answer, its integers as strings when `big`.
fn reply<T: Serialize>(value: &T, big: bool) -> Result<Value, ApiError> {
    match big {
        true => big_as_strings(value),
        false => serde_json::to_value(value).map_err(|e| crate::error::internal(e.to_string())),
    }
}
