//! Replies as JSON: `?big=strings` on any endpoint asks for every integer as a string of its
//! digits ([`Format`], [`reply`]), for JavaScript, whose numbers are exact only to 2^53.

use http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
#[cfg(feature = "server")]
use {
    axum::extract::rejection::QueryRejection,
    axum::extract::Query,
    axum::response::{IntoResponse, Response},
    axum::Json,
};

use crate::error::{ApiError, Kind};

/// The query of every endpoint: `big=strings` asks for integers as strings.
#[derive(Deserialize)]
pub(crate) struct Format {
    #[serde(default)]
    big: Option<String>,
}

impl Format {
    /// Whether integers go out as strings; any other value of `big` than `strings` is refused.
    #[cfg(feature = "server")]
    pub(crate) fn from_query(query: Result<Query<Format>, QueryRejection>) -> Result<bool, ApiError> {
        let Query(format) = query.map_err(|e| ApiError::bad(format!("malformed query: {e}")))?;
        format.big_strings()
    }

    /// Whether integers go out as strings; any other value of `big` than `strings` is refused.
    pub(crate) fn big_strings(&self) -> Result<bool, ApiError> {
        match self.big.as_deref() {
            None => Ok(false),
            Some("strings") => Ok(true),
            Some(other) => Err(ApiError::bad(format!(
                "unknown big='{other}': the only choice is big=strings (every integer as a string)"
            ))),
        }
    }
}

/// The JSON reply: `value` as it serialises, or with every integer as a string of its digits.
#[cfg(feature = "server")]
pub(crate) fn reply<T: Serialize>(value: &T, big_strings: bool) -> Result<Response, ApiError> {
    if !big_strings {
        return Ok(Json(value).into_response());
    }
    Ok(Json(big_as_strings(value)?).into_response())
}

/// `value` as JSON with every integer as a string of its digits.
pub(crate) fn big_as_strings<T: Serialize>(value: &T) -> Result<Value, ApiError> {
    let mut v = serde_json::to_value(value).map_err(|e| {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, Kind::Internal, format!("internal error: {e}"))
    })?;
    integers_as_strings(&mut v);
    Ok(v)
}

fn integers_as_strings(v: &mut Value) {
    match v {
        Value::Number(n) if n.is_u64() || n.is_i64() => *v = Value::String(n.to_string()),
        Value::Array(items) => items.iter_mut().for_each(integers_as_strings),
        Value::Object(fields) => fields.values_mut().for_each(integers_as_strings),
        _ => {}
    }
}
