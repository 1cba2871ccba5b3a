//! Errors as the API sends them: an [`ApiError`] is a status, a one-line message and its
//! [`Kind`], sent as `{"error": ..., "kind": ...}` (the table in the crate documentation), with
//! the command line that does the work without this server's limits where there is one; a
//! [`Fail`] is how a computation failed; [`Asked`] words the refusals of the limits.

#[cfg(feature = "server")]
use axum::response::{IntoResponse, Response};
#[cfg(feature = "server")]
use axum::Json;
use http::StatusCode;
use serde::{Deserialize, Serialize};

use grundy::Stopped;

use crate::worker::Killed;
use crate::{Config, MAX_BODY};

/// What kind of error an answer is, sent as its `kind` so that a client (the page) can say it
/// in its own words without reading the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// 400: the request's input is wrong; the message names the bad part.
    BadInput,
    /// 400: the person's move is not a legal move of the position.
    IllegalMove,
    /// 404: no such page or endpoint.
    NotFound,
    /// 405: the endpoint takes another method.
    MethodNotAllowed,
    /// 413: the body is over [`MAX_BODY`].
    TooLarge,
    /// 422: an exact search or table ran past its budget (`suggested_budget` and `command`
    /// when a larger budget would do).
    Budget,
    /// 422: the work is past what a request may do (the Grundy sequence's cap); `command`
    /// computes it.
    WorkLimit,
    /// 422: the question has no exact answer here; the message says why.
    Unsupported,
    /// 422: the work would pass the memory a request may use (`command` does it without this
    /// server's limits).
    Memory,
    /// 500: a bug.
    Internal,
    /// 503: stopped at the time limit; `command` computes it without one.
    TimeLimit,
    /// 503: could not start within the time limit; `command` computes it without one.
    Busy,
    /// 503: the request itself went away.
    Cancelled,
    /// 503: the server is stopping.
    ShuttingDown,
}

impl Kind {
    const ALL: [Kind; 14] = [
        Kind::BadInput,
        Kind::IllegalMove,
        Kind::NotFound,
        Kind::MethodNotAllowed,
        Kind::TooLarge,
        Kind::Budget,
        Kind::WorkLimit,
        Kind::Unsupported,
        Kind::Memory,
        Kind::Internal,
        Kind::TimeLimit,
        Kind::Busy,
        Kind::Cancelled,
        Kind::ShuttingDown,
    ];

    /// The kind named `name` (as sent), or `Internal` for a name that is none.
    fn named(name: &str) -> Kind {
        Kind::ALL.into_iter().find(|k| k.as_str() == name).unwrap_or(Kind::Internal)
    }

    fn as_str(self) -> &'static str {
        match self {
            Kind::BadInput => "bad_input",
            Kind::IllegalMove => "illegal_move",
            Kind::NotFound => "not_found",
            Kind::MethodNotAllowed => "method_not_allowed",
            Kind::TooLarge => "too_large",
            Kind::Budget => "budget",
            Kind::WorkLimit => "work_limit",
            Kind::Unsupported => "unsupported",
            Kind::Memory => "memory",
            Kind::Internal => "internal",
            Kind::TimeLimit => "time_limit",
            Kind::Busy => "busy",
            Kind::Cancelled => "cancelled",
            Kind::ShuttingDown => "shutting_down",
        }
    }
}

/// An error for the client: a status, a one-line message and its [`Kind`], sent as `{"error":
/// "...", "kind": "..."}`, with the command line that does the work without this server's limits
/// and the budget it needs when they are known.
#[derive(Debug)]
pub(crate) struct ApiError {
    pub(crate) status: StatusCode,
    pub(crate) message: String,
    pub(crate) kind: Kind,
    /// The `grundy` command line that does what was asked without this server's limits.
    pub(crate) command: Option<String>,
    /// For [`Kind::Budget`]: the budget that would do, and what it counts ("positions
    /// searched").
    pub(crate) budget: Option<(u64, String)>,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, kind: Kind, message: impl ToString) -> Self {
        ApiError { status, message: message.to_string(), kind, command: None, budget: None }
    }

    pub(crate) fn bad(message: impl ToString) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, Kind::BadInput, message)
    }

    pub(crate) fn with_command(self, command: String) -> Self {
        ApiError { command: Some(command), ..self }
    }
}

/// The JSON of an [`ApiError`]: the fields a kind has no value for are left out.
#[derive(Serialize, Deserialize)]
pub(crate) struct ErrorBody {
    error: String,
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    command: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    suggested_budget: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    budget_units: Option<String>,
}

impl ApiError {
    pub(crate) fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.message.clone(),
            kind: self.kind.as_str().into(),
            command: self.command.clone(),
            suggested_budget: self.budget.as_ref().map(|(b, _)| *b),
            budget_units: self.budget.as_ref().map(|(_, units)| units.clone()),
        }
    }

    pub(crate) fn from_body(status: u16, body: ErrorBody) -> ApiError {
        ApiError {
            status: StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            message: body.error,
            kind: Kind::named(&body.kind),
            command: body.command,
            budget: body.suggested_budget.zip(body.budget_units),
        }
    }
}

#[cfg(feature = "server")]
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}

/// How a computation failed: an answer for the client, or its stop token fired (the lanes
/// decide what that means).
#[derive(Debug)]
pub(crate) enum Fail {
    Api(ApiError),
    Stopped(Stopped),
    /// A worker process ended without a reply: killed by the server (why), or on its own
    /// (its exit status).
    Ended(Option<Killed>, String),
}

impl From<ApiError> for Fail {
    fn from(e: ApiError) -> Self {
        Fail::Api(e)
    }
}

pub(crate) fn internal(message: String) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, Kind::Internal, format!("internal error: {message}"))
}

pub(crate) fn shutting_down() -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, Kind::ShuttingDown, "the server is shutting down")
}

pub(crate) fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        Kind::TooLarge,
        format!("the request body is over {MAX_BODY} bytes (1 MiB)"),
    )
}

impl Config {
    /// Who computes, as the refusals of the limits name it: the server, or the static page.
    fn host(&self) -> &'static str {
        if self.static_page {
            "the page"
        } else {
            "the server"
        }
    }
}

/// What a request asked, for the messages of the time limit: `analyze kayles 60 (misère)` and
/// the command that computes it without a limit (empty when no command does: a random
/// position).
pub(crate) struct Asked {
    pub(crate) what: String,
    pub(crate) command: String,
}

impl Asked {
    /// `{what} {why}; run it on the command line: {command}` (after "try again later or " when
    /// waiting may help), with `command`; without a command, `{what} {why}` (and "; try again
    /// later" when waiting may help).
    pub(crate) fn refused(&self, status: StatusCode, kind: Kind, why: &str, again: bool) -> ApiError {
        if self.command.is_empty() {
            let again = if again { "; try again later" } else { "" };
            return ApiError::new(status, kind, format!("{} {why}{again}", self.what));
        }
        let again = if again { "try again later or " } else { "" };
        ApiError::new(status, kind, format!("{} {why}; {again}run it on the command line: {}", self.what, self.command))
            .with_command(self.command.clone())
    }

    pub(crate) fn stopped(&self, config: &Config) -> ApiError {
        let mut why =
            format!("stopped after {}'s time limit of {:.1} s", config.host(), config.time_limit.as_secs_f64());
        if config.static_page {
            // `grundy serve` has the same time limit: only the command line goes past it.
            why.push_str(" (the page computes in the browser)");
        }
        self.refused(StatusCode::SERVICE_UNAVAILABLE, Kind::TimeLimit, &why, false)
    }

    pub(crate) fn busy(&self, config: &Config) -> ApiError {
        let why = format!(
            "could not start within {}'s time limit of {:.1} s: every computing slot stayed busy",
            config.host(),
            config.time_limit.as_secs_f64()
        );
        self.refused(StatusCode::SERVICE_UNAVAILABLE, Kind::Busy, &why, true)
    }

    pub(crate) fn queue_full(&self, config: &Config) -> ApiError {
        let why = format!(
            "needs the slow lane, whose {} computing slots and {} places to wait are all taken",
            config.slow_permits, config.slow_queue
        );
        self.refused(StatusCode::SERVICE_UNAVAILABLE, Kind::Busy, &why, true)
    }

    /// The answer when the work needs more memory than a request may use: `needs` says how
    /// much it would take (forecast or held when stopped).
    pub(crate) fn memory(&self, config: &Config, needs: &str) -> ApiError {
        let why = format!(
            "{needs}, past the {} {} gives one request",
            grundy::frontend::human_bytes(u128::from(config.request_memory)),
            if config.static_page { "this page" } else { "this server" }
        );
        self.refused(StatusCode::UNPROCESSABLE_ENTITY, Kind::Memory, &why, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_read_back_from_their_names() {
        for kind in Kind::ALL {
            assert_eq!(Kind::named(kind.as_str()), kind);
        }
        assert_eq!(Kind::named("no such kind"), Kind::Internal);
    }
}
