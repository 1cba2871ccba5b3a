//! The memory forecast: a request's memory is forecast from its budget before its work starts,
//! refused past what one request may use ([`check_forecast`]), and otherwise reserved from the
//! server's total ([`reserve`]) until the work ends (see the crate documentation).

#[cfg(feature = "server")]
use {
    crate::error::shutting_down,
    crate::AppState,
    std::sync::Arc,
    tokio::sync::OwnedSemaphorePermit,
    tokio::time::{timeout_at, Instant},
};

use serde_json::Value;

use crate::error::{ApiError, Asked};
use crate::{Config, BASE_MEMORY, MAX_BUDGET, MEMORY_PER_BODY_BYTE};

/// The bytes of memory a budget of `budget` units may take: the library's forecast of a budget
/// ([`grundy::frontend::budget_forecast`]: the costliest kind of work it counts, a search's positions).
pub fn budget_memory(budget: u64) -> u64 {
    grundy::frontend::budget_forecast(budget)
}

/// The memory a request is forecast to use at most: its budget's ([`budget_memory`]), its
/// body's ([`MEMORY_PER_BODY_BYTE`] per byte) and [`BASE_MEMORY`].
pub fn forecast(budget: u64, body_bytes: usize) -> u64 {
    budget_memory(budget)
        .saturating_add((body_bytes as u64).saturating_mul(MEMORY_PER_BODY_BYTE))
        .saturating_add(BASE_MEMORY)
}

impl Config {
    /// The budget of a request that sends none: [`MAX_BUDGET`], or less when that would pass
    /// the memory a request may use with a body of `body_bytes`.
    pub fn default_budget(&self, body_bytes: usize) -> u64 {
        let room = self.request_memory.saturating_sub(forecast(0, body_bytes));
        MAX_BUDGET.min(grundy::frontend::largest_budget_within(room))
    }
}

/// Refuses a forecast past what one request may use.
pub(crate) fn check_forecast(config: &Config, forecast: u64, asked: &Asked) -> Result<(), ApiError> {
    if forecast > config.request_memory {
        return Err(asked.memory(
            config,
            &format!("could take up to {} of memory", grundy::frontend::human_bytes(u128::from(forecast))),
        ));
    }
    Ok(())
}

/// Reserves `forecast` bytes of the server's memory for a run that holds its lane's `permit`
/// (given back when the run ends), waiting within the deadline: with the defaults the total
/// holds every permit's largest forecast, so no run waits.
#[cfg(feature = "server")]
pub(crate) async fn reserve(
    state: &AppState,
    permit: OwnedSemaphorePermit,
    forecast: u64,
    deadline: Instant,
    asked: &Asked,
) -> Result<(OwnedSemaphorePermit, OwnedSemaphorePermit), ApiError> {
    let config = &*state.config;
    let mib = u32::try_from(forecast.div_ceil(1 << 20).max(1)).unwrap_or(u32::MAX);
    match timeout_at(deadline, Arc::clone(&state.memory).acquire_many_owned(mib)).await {
        Ok(Ok(memory)) => Ok((permit, memory)),
        Ok(Err(_)) => Err(shutting_down()),
        Err(_) => Err(asked.busy(config)),
    }
}

/// Fills in the server's default budget when the body sends none ([`Config::default_budget`]),
/// and gives the request's memory forecast ([`forecast`]).
pub(crate) fn with_budget(body: &mut Value, sent: Option<u64>, bytes: usize, config: &Config) -> u64 {
    let budget = match sent {
        // A budget past the cap is refused as such when the request is read.
        Some(b) => b.min(MAX_BUDGET),
        None => {
            let b = config.default_budget(bytes);
            if let Value::Object(fields) = body {
                fields.insert("budget".into(), Value::from(b));
            }
            b
        }
    };
    forecast(budget, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_budget_fits_the_memory_of_a_request() {
        let config = Config::default();
        assert_eq!(config.default_budget(100), MAX_BUDGET);
        let small = Config { request_memory: 64 << 20, ..Config::default() };
        let budget = small.default_budget(1000);
        assert!(budget < MAX_BUDGET && forecast(budget, 1000) <= 64 << 20, "{budget}");
        assert!(forecast(budget + 1, 1000) > 64 << 20, "{budget} is the largest that fits");
    }
}
