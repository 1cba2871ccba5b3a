//! `grundy factor [N...]`: prime factorisations in GNU factor's output format, so the divisor
//! game's factoriser can be checked and timed against `factor` side by side.
//!
//! As GNU factor does, a bad token is reported on stderr (one line naming it) and the others are
//! still factored; the exit status is 1 at the end when any token was bad.

use grundy::frontend::{factorize, parse_u64};

use crate::lines::{read_line, Line};
use crate::{emit, CliError, ErrorKind};

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

/// The longest line of standard input read (numbers below 2^64 have at most 20 digits: this is
/// tens of thousands of them); a longer line is reported and skipped without being held.
const MAX_LINE_BYTES: usize = 1 << 20;

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
    let mut factoring = Factoring { out: String::new(), bad: false };
    if args.numbers.is_empty() {
        // Standard input line by line, as bytes: a long or endless stream is answered as it
        // comes, and a token that is not UTF-8 is one bad token, not the end of the input.
        let mut input = std::io::stdin().lock();
        let mut line = Vec::new();
        let mut number = 0u64;
        loop {
            number += 1;
            match read_line(&mut input, &mut line, MAX_LINE_BYTES) {
                Ok(Line::End) => break,
                Ok(Line::Read) => {
                    for token in line.split(|b| b.is_ascii_whitespace()).filter(|t| !t.is_empty()) {
                        factoring.token(&String::from_utf8_lossy(token));
                    }
                }
                Ok(Line::TooLong) => factoring.bad_line(&format!(
                    "line {number} of standard input is longer than {MAX_LINE_BYTES} bytes: it is skipped"
                )),
                Err(e) => {
                    factoring.flush();
                    return Err(CliError::of_kind(ErrorKind::Io, format!("cannot read standard input: {e}")));
                }
            }
            // A line at a time, so that a pipe sees each answer once its line is read.
            factoring.flush();
        }
    } else {
        for token in &args.numbers {
            factoring.token(token);
        }
    }
    factoring.flush();
    if factoring.bad {
        Err(CliError::failed())
    } else {
        Ok(())
    }
}

/// The output so far, and whether a token was bad.
struct Factoring {
    out: String,
    bad: bool,
}

impl Factoring {
    /// Factors one token, or reports it on stderr after what came before it.
    fn token(&mut self, token: &str) {
        match parse(token) {
            Ok(n) => self.out += &line(n),
            Err(why) => {
                // What came before goes out first, so a terminal shows the lines in order.
                self.flush();
                eprintln!("grundy: {why}");
                self.bad = true;
            }
        }
        if self.out.len() >= FLUSH_AT {
            self.flush();
        }
    }

    /// Reports a line that cannot be read, after what came before it.
    fn bad_line(&mut self, why: &str) {
        self.flush();
        eprintln!("grundy: {why}");
        self.bad = true;
    }

    fn flush(&mut self) {
        emit(&self.out);
        self.out.clear();
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
