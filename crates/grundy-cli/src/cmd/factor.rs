//! `grundy factor [N...]`: prime factorisations in GNU factor's output format, so the divisor
//! game's factoriser can be checked and timed against `factor` side by side.
//!
//! As GNU factor does, a bad token is reported on stderr (one line naming it) and the others are
//! still factored; the exit status is 1 at the end when any token was bad.

use grundy::{factorize, parse_u64};

use crate::{emit, CliError};

/// Arguments of `grundy factor`.
#[derive(clap::Args)]
pub struct Args {
    /// The numbers (read from standard input, whitespace-separated, when none are given).
    #[arg(allow_negative_numbers = true)]
    numbers: Vec<String>,
}

/// Output is written in pieces of about this many bytes, so a long list from standard input
/// does not collect in memory.
const FLUSH_AT: usize = 1 << 16;

fn line(n: u64) -> String {
    let mut s = format!("{n}:");
    for (p, e) in factorize(n) {
        for _ in 0..e {
            s += &format!(" {p}");
        }
    }
    s + "\n"
}

/// Reads one token as a number, or says why it is not one, naming it: `'abc' is not a number`.
fn parse(token: &str) -> Result<u64, String> {
    // `parse_u64` writes "{what} '{token}' ..."; the token alone is the subject here.
    parse_u64(token, "").map_err(|e| {
        if token.trim().is_empty() {
            format!("'{token}' is not a number")
        } else {
            e.trim_start().to_string()
        }
    })
}

/// Runs `grundy factor`: every good token is factored, every bad one reported on stderr, and
/// the exit status is 1 when any was bad.
pub fn run(args: Args) -> Result<(), CliError> {
    let tokens: Vec<String> = if args.numbers.is_empty() {
        let text = std::io::read_to_string(std::io::stdin()).map_err(CliError::usage)?;
        text.split_whitespace().map(str::to_string).collect()
    } else {
        args.numbers
    };
    let mut out = String::new();
    let mut bad = false;
    for token in &tokens {
        match parse(token) {
            Ok(n) => out += &line(n),
            Err(why) => {
                // What came before goes out first, so a terminal shows the lines in order.
                emit(&out);
                out.clear();
                eprintln!("grundy: {why}");
                bad = true;
            }
        }
        if out.len() >= FLUSH_AT {
            emit(&out);
            out.clear();
        }
    }
    emit(&out);
    if bad {
        Err(CliError::failed())
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_token() {
        assert_eq!(parse("12"), Ok(12));
        assert_eq!(parse("abc"), Err("'abc' is not a number".to_string()));
        assert_eq!(parse("-4"), Err("'-4' is negative".to_string()));
        assert_eq!(parse(""), Err("'' is not a number".to_string()));
        assert!(parse("18446744073709551616").is_err_and(|e| e.starts_with("'18446744073709551616' is past")));
    }
}
