//! Reading numbers from user text with messages that name the bad part.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

/// Parses `token` as a u64, describing it as `what` in the error.
///
/// The messages distinguish a non-number, a negative number and a number past u64, because
/// each calls for a different fix.
pub fn parse_u64(token: &str, what: &str) -> Result<u64, String> {
    let t = token.trim();
    if t.is_empty() {
        return Err(format!("{what} is empty"));
    }
    let (negative, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    // The token echoed cut when long: a 100,000-digit heap is refused in one short line.
    let token = echo(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} '{token}' is not a number"));
    }
    if negative && digits.bytes().any(|b| b != b'0') {
        return Err(format!("{what} '{token}' is negative"));
    }
    digits.parse::<u64>().map_err(|_| format!("{what} '{token}' is past the largest supported value {}", u64::MAX))
}

/// The most characters of a user's text a message echoes whole.
pub const ECHO_MAX: usize = 40;

/// A user's text as a message echoes it: whole up to [`ECHO_MAX`] characters, else its first 20
/// and last 10 characters about an ellipsis, and its length (`111111…999 (100000 digits)`), so
/// that the refusal of a 100 KB token stays one short line that still tells which token.
pub fn echo(text: &str) -> String {
    let n = text.chars().count();
    if n <= ECHO_MAX {
        return text.to_string();
    }
    let head: String = text.chars().take(20).collect();
    let tail: String = text.chars().skip(n - 10).collect();
    let unit = if text.chars().all(|c| c.is_ascii_digit()) { "digits" } else { "characters" };
    format!("{head}…{tail} ({n} {unit})")
}

#[cfg(test)]
mod tests {
    use super::parse_u64;

    #[test]
    fn messages_name_the_problem() {
        assert_eq!(parse_u64("12", "heap"), Ok(12));
        assert!(parse_u64("x", "heap").unwrap_err().contains("not a number"));
        assert!(parse_u64("-3", "heap").unwrap_err().contains("negative"));
        assert!(parse_u64("18446744073709551616", "heap").unwrap_err().contains("past"));
        assert_eq!(parse_u64("18446744073709551615", "heap"), Ok(u64::MAX));
        assert!(parse_u64("", "heap").unwrap_err().contains("empty"));
        assert!(parse_u64("1.5", "heap").unwrap_err().contains("not a number"));
        // Issue 80, row 17: a long token is echoed cut, with its length.
        let long = parse_u64(&"7".repeat(100_000), "heap").unwrap_err();
        assert!(long.len() < 150 && long.contains("…") && long.contains("(100000 digits)"), "{long}");
    }
}
