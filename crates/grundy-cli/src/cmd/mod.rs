//! One module per subcommand.

pub mod analyze;
pub mod batch;
pub mod docs;
pub mod draw;
pub mod factor;
pub mod games;
pub mod graph;
pub mod nimber;
pub mod pattern;
pub mod play;
pub mod quotient;
pub mod serve;
pub mod sg;
pub mod survey;
pub mod value;
pub mod verify;

/// The least `--memory` a computation takes (`grundy value`, `grundy quotient`): 1 MiB.
pub const MIN_MEMORY: u64 = 1 << 20;

/// Reads `--memory BYTES`, at least [`MIN_MEMORY`]: 0 is refused as too small with the same
/// bound as 1 is, where a count's "give 1 to ..." named a least value that is refused too.
pub fn parse_memory(text: &str) -> Result<u64, crate::CliError> {
    let n =
        grundy::frontend::parse_u64(text, "--memory").map_err(|e| crate::CliError::usage(e).argument("--memory"))?;
    if n < MIN_MEMORY {
        return Err(crate::CliError::usage(format!("--memory {n} is less than {MIN_MEMORY} bytes (1 MiB)"))
            .argument("--memory"));
    }
    Ok(n)
}

/// Reads a number of seconds given to `flag`: decimals allowed, more than 0 and at most `max`
/// (what `what` allows: "this server takes").
pub fn parse_seconds(
    text: &str,
    flag: &str,
    max: std::time::Duration,
    what: &str,
) -> Result<std::time::Duration, String> {
    let bad = |why: &str| format!("{flag} '{text}' {why}");
    let t = text.trim();
    // Digits with at most one point: no signs, exponents, "inf" or "NaN".
    let digits = t.chars().filter(char::is_ascii_digit).count();
    if digits == 0 || t.chars().any(|c| !c.is_ascii_digit() && c != '.') || t.matches('.').count() > 1 {
        return Err(if t.starts_with('-') {
            bad("is negative")
        } else {
            bad("is not a number of seconds (e.g. 10 or 2.5)")
        });
    }
    let seconds: f64 = t.parse().map_err(|_| bad("is not a number of seconds (e.g. 10 or 2.5)"))?;
    if seconds > max.as_secs_f64() {
        return Err(bad(&format!("is past the most {what}, {} s", max.as_secs())));
    }
    let duration = std::time::Duration::try_from_secs_f64(seconds).map_err(|_| bad("is not a number of seconds"))?;
    if duration.is_zero() {
        return Err(bad("must be more than 0"));
    }
    Ok(duration)
}
