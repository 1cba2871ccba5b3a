//! `grundy batch [FILE]`: one JSON query per input line (the fields of the web API's analyze
//! request), one JSON answer per output line (the object of `grundy analyze --json`), in order.
//! A query that is refused gets an error object on its line and the stream goes on, so that
//! line k of the answers always answers line k of the queries: a contestant can zip a file of
//! random positions with grundy's answers, and a file split across machines joins back by
//! concatenation.
//!
//! No fault of one line ends the stream: a line whose work is forecast past the memory a line
//! may use (`--memory`, by the forecast of the web server's requests) is refused as that line's
//! error, a panic in a line's work (a bug) becomes that line's error object (kind `internal`),
//! and every answer is written out before the next line's work starts, so that even a fault
//! that ends the process (one no forecast foresaw) loses no answer already computed.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use grundy::frontend::{parse_u64, Query, QuotientCache, DEFAULT_BUDGET, MAX_BUDGET};
use grundy::Analysis;

use crate::{CliError, ErrorKind};

/// The longest query line read within `memory` (`--memory`): the longest whose forecast (the
/// web server's forecast of a body, per byte) fits. A longer line is answered with an error and
/// skipped to its end, so no line can make the reader hold unbounded memory, while a judge's
/// 200,000 heaps (about 2 MiB) fit the default 4 GiB many times over.
pub fn max_line_bytes(memory: u64) -> usize {
    let room = memory.saturating_sub(grundy_web::BASE_MEMORY) / grundy_web::MEMORY_PER_BODY_BYTE;
    usize::try_from(room).unwrap_or(usize::MAX)
}

/// Arguments of `grundy batch`.
#[derive(clap::Args)]
pub struct Args {
    /// The file of queries, one JSON object per line; standard input when absent or '-'.
    /// Each query has the fields of the web API's analyze request: game, position (numbers, or
    /// strings for other tokens and heaps past 2^53), and optionally misere, every, to_move,
    /// budget and limit.
    #[arg(value_name = "FILE")]
    input: Option<PathBuf>,
    /// The budget of a query that gives none (the most positions one search may visit).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    budget: Option<String>,
    /// Write each answer's explanation (the reasoning for people, as `analyze --explain` shows
    /// it). Without it `explanation` is empty unless a query asks with "explain": true: the words
    /// cost more than the answer.
    #[arg(long)]
    explain: bool,
    /// The most memory one line's work may be forecast to use (e.g. 512M, 4G): a line whose
    /// budget is past it is refused as that line's error (kind "memory"), and the stream goes
    /// on; a line that sends no budget gets the default, or the largest that fits.
    #[arg(long, value_name = "BYTES", default_value = "4G")]
    memory: String,
}

/// What a query that leaves a field out gets, and the memory a line may use.
#[derive(Clone, Copy)]
struct Defaults {
    budget: u64,
    explain: bool,
    memory: u64,
}

/// Runs `grundy batch`.
pub fn run(args: Args) -> Result<(), CliError> {
    let budget = match args.budget.as_deref() {
        Some(b) => parse_u64(b, "--budget").map_err(|e| CliError::usage(e).argument("--budget"))?,
        None => DEFAULT_BUDGET,
    };
    if budget > MAX_BUDGET {
        return Err(CliError::usage(format!("--budget {budget} is past the cap of {MAX_BUDGET}")).argument("--budget"));
    }
    let memory = crate::cmd::serve::parse_bytes("--memory", &args.memory)
        .map_err(|e| CliError::usage(e).argument("--memory"))?;
    let defaults = Defaults { budget, explain: args.explain, memory };
    let input: Box<dyn Read> = match &args.input {
        None => Box::new(io::stdin().lock()),
        Some(p) if p.as_os_str() == "-" => Box::new(io::stdin().lock()),
        Some(p) => Box::new(File::open(p).map_err(|e| {
            CliError::of_kind(ErrorKind::Io, format!("cannot read {}: {e}", p.display())).argument("FILE")
        })?),
    };
    let reader = BufReader::with_capacity(1 << 16, input);
    let out = crate::out::Stdout::new();
    // The misère quotients computed for one line are kept for the next (many positions of one
    // game compute its quotient once).
    let quotients = QuotientCache::default();
    run_lines(reader, out, max_line_bytes(memory), |line| guarded(|| answer(line, defaults, &quotients)))
}

/// Answers the lines of `reader` on `out` with `answer`, one line each, in order: an over-long
/// line is refused without being held, and each answer is written out before the next line's
/// work starts.
fn run_lines<T: serde::Serialize>(
    mut reader: impl BufRead,
    mut out: impl Write,
    max_line: usize,
    mut answer: impl FnMut(&[u8]) -> Result<T, Refusal>,
) -> Result<(), CliError> {
    let mut line = Vec::new();
    let mut number = 0u64;
    loop {
        line.clear();
        // Ctrl-C while a line is awaited ends the process at once (a read that waits sees no
        // stop token); every answer so far is out whole, flushed before this read.
        let read = crate::interrupt::while_reading(STOPPED_READING, || {
            (&mut reader).take(max_line as u64 + 1).read_until(b'\n', &mut line)
        })
        .map_err(|e| CliError::of_kind(ErrorKind::Io, format!("reading the queries failed: {e}")))?;
        if read == 0 || crate::interrupt::interrupted() {
            return stopped_after(number, &mut out);
        }
        number += 1;
        let written = if line.len() > max_line && line.last() != Some(&b'\n') {
            skip_to_line_end(&mut reader)?;
            let message = format!(
                "line {number} is longer than {max_line} bytes, the longest whose work fits in --memory: one query per line, or raise --memory"
            );
            write_answer::<()>(&mut out, number, Err(Refusal::bad_input(None, message)))
        } else {
            // A byte-order mark (an editor's, at the start of a file) is whitespace.
            let answered = answer(line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&line));
            // A line whose work Ctrl-C stopped has no answer: it is dropped, not told as a
            // refusal of the line.
            if answered.is_err() && crate::interrupt::interrupted() {
                return stopped_after(number - 1, &mut out);
            }
            write_answer(&mut out, number, answered)
        };
        // Each answer goes out before the next line's work starts: a program that writes a
        // query and waits for its answer is not kept waiting by the buffer, and a fault that
        // ends the process later loses none.
        let flushed = written.and_then(|()| out.flush());
        if let Err(e) = flushed {
            return closed_or_failed(e);
        }
        if crate::interrupt::interrupted() {
            return stopped_after(number, &mut out);
        }
    }
}

/// What Ctrl-C while `batch` waits for a line says.
const STOPPED_READING: &str = "stopped at Ctrl-C while the next line was awaited: every line before it is answered";

/// The end of the stream: at its end, every line answered; stopped by Ctrl-C (exit status 130),
/// the answers of the first `answered` lines out whole and the rest not answered.
fn stopped_after(answered: u64, out: &mut impl Write) -> Result<(), CliError> {
    out.flush().or_else(closed_or_failed)?;
    if !crate::interrupt::interrupted() {
        return Ok(());
    }
    Err(CliError::interrupted(format!(
        "stopped at Ctrl-C: the first {answered} lines are answered, each whole; the lines after them are not (send them again)"
    )))
}

/// A reader of answers that went away (`| head`) is not a failure; any other write error is.
fn closed_or_failed(e: io::Error) -> Result<(), CliError> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(CliError::of_kind(ErrorKind::Io, format!("writing the answers failed: {e}")))
    }
}

/// Reads past the rest of an over-long line, holding no more than the reader's buffer.
fn skip_to_line_end(reader: &mut impl BufRead) -> Result<(), CliError> {
    crate::lines::skip_to_line_end(reader)
        .map_err(|e| CliError::of_kind(ErrorKind::Io, format!("reading the queries failed: {e}")))
}

/// Writes the answer to one line of input, with its newline: the analysis, or an error object.
/// The analysis is serialised straight into the output buffer (no string of its own).
fn write_answer<T: serde::Serialize>(out: &mut impl Write, number: u64, answer: Result<T, Refusal>) -> io::Result<()> {
    match answer {
        Ok(analysis) => {
            serde_json::to_writer(&mut *out, &analysis).map_err(io::Error::from)?;
            out.write_all(b"\n")
        }
        Err(refusal) => {
            serde_json::to_writer(&mut *out, &grundy::frontend::RefusedLine { error: &refusal, line: number })
                .map_err(io::Error::from)?;
            out.write_all(b"\n")
        }
    }
}

/// Why a line gets no analysis: the error object's kind, the field at fault, and the message
/// (the library's, shared with Python's `grundy.batch`).
type Refusal = grundy::frontend::QueryRefusal;

/// A line's work, with a panic (a bug that slipped through) turned into that line's error, so
/// the stream goes on.
fn guarded<T>(work: impl FnOnce() -> Result<T, Refusal>) -> Result<T, Refusal> {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|payload| {
        let why = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(Refusal {
            kind: "internal",
            field: None,
            message: format!("grundy failed on this line, a bug ({why}); the other lines are answered"),
        })
    })
}

/// Reads one query and analyses it, with the misère quotients kept in `quotients`.
fn answer(line: &[u8], defaults: Defaults, quotients: &QuotientCache) -> Result<Analysis, Refusal> {
    let text = line.strip_suffix(b"\n").unwrap_or(line);
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    if text.iter().all(u8::is_ascii_whitespace) {
        return Err(Refusal::bad_input(None, "the line is empty: send one JSON query per line".into()));
    }
    let mut query: Query =
        serde_json::from_slice(text).map_err(|e| Refusal::bad_input(None, format!("the line is not a query: {e}")))?;
    // The budget's memory (the web server's forecast of a request, at most what one computation
    // of the library may use) within the line's.
    // A line that sends no budget gets the default, or the largest that fits.
    let fits =
        defaults.memory.saturating_sub(grundy_web::forecast(0, line.len())) / grundy_web::budget_memory(1).max(1);
    let budget = query.budget.unwrap_or(defaults.budget.min(fits));
    let forecast = grundy_web::forecast(0, line.len())
        .saturating_add(grundy_web::budget_memory(budget).min(grundy::frontend::MEMORY_LIMIT));
    if forecast > defaults.memory {
        return Err(Refusal {
            kind: "memory",
            field: Some("budget"),
            message: format!(
                "a budget of {budget} could take up to {} of memory, past the {} a line may use (--memory): send \"budget\": {fits} or less, or raise --memory",
                grundy::frontend::human_bytes(u128::from(forecast)),
                grundy::frontend::human_bytes(u128::from(defaults.memory))
            ),
        });
    }
    query.budget = Some(budget);
    query.explain = query.explain.or(Some(defaults.explain));
    let mut checked = query.check(MAX_BUDGET)?;
    checked.options.quotients = quotients.clone();
    checked.answer(MAX_BUDGET)
}

#[cfg(test)]
mod tests {
    use std::io::BufWriter;

    use super::*;

    /// The lines of one batch share its quotient cache: misère Kayles positions on many lines
    /// compute Kayles' quotient once (each line with a cache of its own would compute it on
    /// every line, and leave this one empty).
    #[test]
    fn lines_of_a_batch_compute_a_misere_quotient_once() {
        let defaults = Defaults { budget: DEFAULT_BUDGET, explain: false, memory: 4 << 30 };
        let quotients = QuotientCache::default();
        for heaps in ["10, 11", "7, 12, 3", "40"] {
            let line = format!("{{\"game\": \"kayles\", \"position\": [{heaps}], \"misere\": true}}\n");
            let a = answer(line.as_bytes(), defaults, &quotients).unwrap_or_else(|e| panic!("{heaps}: {}", e.message));
            assert_eq!(a.method, grundy::frontend::Method::MisereQuotient, "{heaps}");
        }
        assert_eq!((quotients.computed(), quotients.len()), (1, 1));
    }

    /// A line whose work panics gets an `internal` error on its own line, and the lines after
    /// it are answered, in order.
    #[test]
    fn a_panic_in_one_line_is_that_lines_error_and_the_stream_goes_on() {
        let input: &[u8] = b"1\n2\n3\n";
        let mut out = Vec::new();
        run_lines(input, &mut out, 1 << 10, |line| {
            guarded(|| match line {
                b"2\n" => panic!("line two"),
                _ => Ok(serde_json::json!({"answer": String::from_utf8_lossy(line).trim()})),
            })
        })
        .unwrap();
        let lines: Vec<serde_json::Value> =
            String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], serde_json::json!({"answer": "1"}));
        assert_eq!(lines[1]["line"], 2);
        assert_eq!(lines[1]["error"]["kind"], "internal");
        assert_eq!(
            lines[1]["error"]["message"],
            "grundy failed on this line, a bug (line two); the other lines are answered"
        );
        assert_eq!(lines[2], serde_json::json!({"answer": "3"}));
    }

    /// Each answer is written out before the next line's work starts.
    #[test]
    fn an_answer_is_written_out_before_the_next_line_starts() {
        struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
                self.0.borrow_mut().extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let written = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let out = BufWriter::new(Shared(std::rc::Rc::clone(&written)));
        let seen = std::rc::Rc::clone(&written);
        let input: &[u8] = b"1\n2\n3\n";
        let mut count = 0;
        run_lines(input, out, 1 << 10, |_| {
            // What has reached the output when this line's work starts: every earlier answer.
            assert_eq!(seen.borrow().iter().filter(|&&b| b == b'\n').count(), count);
            count += 1;
            Ok(count)
        })
        .unwrap();
        assert_eq!(&*written.borrow(), b"1\n2\n3\n");
    }
}
