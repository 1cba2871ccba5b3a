//! `grundy survey CODES --upto N`: a family of take-and-break codes classified as the published
//! tables do (trivial, solved, unsolved up to N), one line per code, with `--json` lines or the
//! Markdown tables. The classification is `grundy::survey`'s; this module reads the codes
//! (a list, patterns, files), keeps finished codes in `--store DIR` (the files and checks are
//! the library's), shows the progress and prints what the library's lines say. With
//! `--misere` each code is classified by its misère quotient instead (tame, wild with a proven
//! finite quotient, or unresolved at heap N), each within `--work` units.

use std::fs;
use std::path::{Path, PathBuf};

use grundy::frontend::parse_u64;
use grundy::survey::{self, MisereLine, Shard, SurveyError, SurveyLine};

use crate::progress::Progress;
use crate::{CliError, ErrorKind};

/// Arguments of `grundy survey`.
#[derive(clap::Args)]
pub struct Args {
    /// Codes (0.77, .16, 4.07, hex:0.8f, grundys-game), patterns with x for any digit (0.xxx,
    /// 4.xx, 0.1x7), or files of codes (one a line; # starts a comment).
    #[arg(required = true, value_name = "CODES")]
    codes: Vec<String>,
    /// Compute G(0..N) of each code (a code stops early once its period is proven); with
    /// --misere, the misère quotient of the heaps up to N (at most 10000).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    upto: String,
    /// Classify each code by its misère quotient (Plambeck and Siegel): tame (Conway's genus
    /// theory plays it), wild with a proven finite quotient, or unresolved at heap N.
    #[arg(long)]
    misere: bool,
    /// With --misere: the most units of work each code's quotient may do (default 1000000000,
    /// a few seconds; at most 1000000000000, about an hour), as `grundy quotient --work`.
    #[arg(long, value_name = "N")]
    work: Option<String>,
    /// Keep each finished code in DIR (one file a code), so that a rerun resumes.
    #[arg(long, value_name = "DIR")]
    store: Option<PathBuf>,
    /// Classify only shard I of K (the codes at positions j with j mod K = I - 1): the K shards
    /// are disjoint and cover CODES. With one --store, a last run without --shard gathers them.
    #[arg(long, value_name = "I/K")]
    shard: Option<String>,
    /// One JSON object a line, one line a code.
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// The Trivial, Solved and Unsolved tables, in the published lists' form (Markdown).
    #[arg(long)]
    markdown: bool,
}

/// Runs `grundy survey`.
pub fn run(args: Args) -> Result<(), CliError> {
    let upto = parse_u64(&args.upto, "--upto").map_err(|e| CliError::usage(e).argument("--upto"))?;
    let shard = args
        .shard
        .as_deref()
        .map(str::parse::<Shard>)
        .transpose()
        .map_err(|e| CliError::usage(e).argument("--shard"))?;
    let mut codes = Vec::new();
    for spec in &args.codes {
        for code in read_codes(spec)? {
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
    }
    let codes = match shard {
        Some(s) => s.select(&codes),
        None => codes,
    };
    if args.misere {
        return run_misere(&args, &codes, upto);
    }
    if args.work.is_some() {
        return Err(CliError::usage(
            "--work bounds each code's misère quotient: it goes with --misere (a normal-play survey is bounded by --upto)",
        )
        .argument("--work"));
    }
    survey::check_survey(codes.len(), upto).map_err(survey_error)?;
    if let Some(dir) = &args.store {
        prepare_store(dir)?;
    }
    let mut lines = Vec::with_capacity(codes.len());
    let mut resumed = 0usize;
    let mut bar = Progress::codes_on_terminal(codes.len() as u64);
    for code in &codes {
        let stored = match &args.store {
            Some(dir) => load(dir, code, upto)?,
            None => None,
        };
        let line = match stored {
            Some(line) => {
                resumed += 1;
                line
            }
            None => {
                let line = match survey::classify(code, upto) {
                    // Ctrl-C: the codes finished are printed (and kept), this one is not.
                    Err(_) if crate::interrupt::interrupted() => break,
                    r => r.map_err(survey_error)?,
                };
                if let Some(dir) = &args.store {
                    save(dir, &line)?;
                }
                line
            }
        };
        lines.push(line);
        if let Some(b) = bar.as_mut() {
            b.set_position(lines.len() as u64);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(dir) = &args.store {
        // On stderr: stdout is the survey alone.
        stored_note(lines.len(), resumed, dir);
    }
    survey::group(&mut lines);
    let out = if args.json {
        json_lines(&lines)?
    } else if args.markdown {
        survey::markdown(&lines)
    } else {
        lines.iter().map(|l| format!("{l}\n")).collect()
    };
    crate::emit(&out);
    interrupted(lines.len(), codes.len(), args.store.as_deref())
}

/// `grundy survey --misere`: each code's misère line, from the store or computed (and kept),
/// printed in words, as JSON lines or as the Markdown tables.
fn run_misere(args: &Args, codes: &[String], upto: u64) -> Result<(), CliError> {
    let work = match &args.work {
        Some(w) => parse_u64(w, "--work").map_err(|e| CliError::usage(e).argument("--work"))?,
        None => survey::DEFAULT_MISERE_SURVEY_WORK,
    };
    survey::check_misere_survey(codes.len(), upto, work).map_err(|e| match e {
        SurveyError::BadInput(m) if m.starts_with("--work") => CliError::usage(m).argument("--work"),
        SurveyError::BadInput(m) => CliError::usage(m).argument("--upto"),
        e => survey_error(e),
    })?;
    if let Some(dir) = &args.store {
        prepare_store(dir)?;
    }
    let mut lines: Vec<MisereLine> = Vec::with_capacity(codes.len());
    let mut resumed = 0usize;
    let mut bar = Progress::codes_on_terminal(codes.len() as u64);
    for code in codes {
        let stored = match &args.store {
            Some(dir) => load_misere(dir, code, upto, work)?,
            None => None,
        };
        let line = match stored {
            Some(line) => {
                resumed += 1;
                line
            }
            None => {
                let line = match survey::classify_misere(code, upto, work) {
                    Err(_) if crate::interrupt::interrupted() => break,
                    r => r.map_err(survey_error)?,
                };
                if let Some(dir) = &args.store {
                    keep(dir, &line.store_file_name(), &line)?;
                }
                line
            }
        };
        lines.push(line);
        if let Some(b) = bar.as_mut() {
            b.set_position(lines.len() as u64);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(dir) = &args.store {
        stored_note(lines.len(), resumed, dir);
    }
    let out = if args.json {
        json_lines(&lines)?
    } else if args.markdown {
        survey::misere_markdown(&lines)
    } else {
        lines.iter().map(|l| format!("{l}\n")).collect()
    };
    crate::emit(&out);
    interrupted(lines.len(), codes.len(), args.store.as_deref())
}

/// The end of a survey Ctrl-C stopped after `done` of `codes` codes (those printed), saying
/// how to go on; `Ok` when every code was done.
fn interrupted(done: usize, codes: usize, store: Option<&Path>) -> Result<(), CliError> {
    if done == codes {
        return Ok(());
    }
    let advice = match store {
        Some(dir) => format!("they are kept in {}, and the same command resumes after them", dir.display()),
        None => "add --store DIR to keep the finished codes, so that a later run resumes after them".to_string(),
    };
    Err(CliError::interrupted(format!("stopped at Ctrl-C after {done} of {codes} codes, those printed: {advice}")))
}

/// Says on stderr (stdout is the survey alone) how many codes came from the store.
fn stored_note(codes: usize, resumed: usize, dir: &Path) {
    eprintln!("{codes} codes: {resumed} from the store, {} classified and kept in {}", codes - resumed, dir.display());
}

/// One JSON object a line.
fn json_lines<T: serde::Serialize>(lines: &[T]) -> Result<String, CliError> {
    lines
        .iter()
        .map(|l| serde_json::to_string(l).map(|s| s + "\n"))
        .collect::<Result<String, _>>()
        .map_err(|e| CliError::of_kind(ErrorKind::Io, e))
}

/// The library's error in the command line's terms.
fn survey_error(e: SurveyError) -> CliError {
    match e {
        SurveyError::BadInput(m) => CliError::usage(m).argument("CODES"),
        SurveyError::Refused(m) => CliError::of_kind(ErrorKind::Refused, m),
        e @ SurveyError::DamagedStore { .. } => CliError::of_kind(ErrorKind::Io, e).argument("--store"),
        e => CliError::of_kind(ErrorKind::Refused, e),
    }
}

/// The codes one argument stands for: a pattern, a code, or a file of codes.
fn read_codes(spec: &str) -> Result<Vec<String>, CliError> {
    if survey::is_pattern(spec) {
        return survey::expand_pattern(spec).map_err(survey_error);
    }
    let as_code = survey::parse_code(spec);
    if as_code.is_ok() {
        return Ok(vec![spec.to_string()]);
    }
    let path = Path::new(spec);
    if path.is_file() {
        // A list of codes is small; a huge file is refused before it is read.
        const MAX_FILE: u64 = 16 << 20;
        let len = fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        if len > MAX_FILE {
            return Err(CliError::usage(format!(
                "{spec}: {len} bytes is more than the {MAX_FILE} a file of codes may hold"
            ))
            .argument("CODES"));
        }
        let text = fs::read_to_string(path)
            .map_err(|e| CliError::of_kind(ErrorKind::Io, format!("{spec}: {e}")).argument("CODES"))?;
        return survey::codes_from_text(&text).map_err(|e| CliError::usage(format!("{spec}: {e}")).argument("CODES"));
    }
    match as_code {
        Err(e) => Err(CliError::usage(format!("{e} (nor is it a pattern with x or a file)")).argument("CODES")),
        Ok(_) => Ok(vec![spec.to_string()]),
    }
}

/// A directory for the store: created when missing; a file is refused.
fn prepare_store(dir: &Path) -> Result<(), CliError> {
    let err = |m: String| CliError::of_kind(ErrorKind::Io, m).argument("--store");
    match fs::metadata(dir) {
        Ok(m) if !m.is_dir() => {
            Err(err(format!("store {} is not a directory: give a new or existing directory", dir.display())))
        }
        Ok(_) => Ok(()),
        Err(_) => fs::create_dir_all(dir).map_err(|e| err(format!("store {}: cannot create it: {e}", dir.display()))),
    }
}

/// A code's stored line, if a run kept it: read back and checked by the library
/// ([`survey::read_back`]), its `code` set to the spelling given now.
fn load(dir: &Path, code: &str, upto: u64) -> Result<Option<SurveyLine>, CliError> {
    let path = dir.join(survey::store_file_name(code, upto).map_err(survey_error)?);
    let Ok(text) = fs::read_to_string(&path) else {
        return Ok(None);
    };
    let parsed = serde_json::from_str::<SurveyLine>(text.trim());
    survey::read_back(parsed, &path.display().to_string(), code, upto).map(Some).map_err(survey_error)
}

/// A code's stored misère line at N and the work bound, if a run kept it: read back and
/// checked by the library ([`survey::read_back_misere`]).
fn load_misere(dir: &Path, code: &str, upto: u64, work: u64) -> Result<Option<MisereLine>, CliError> {
    let path = dir.join(survey::misere_store_file_name(code, upto, work).map_err(survey_error)?);
    let Ok(text) = fs::read_to_string(&path) else {
        return Ok(None);
    };
    let parsed = serde_json::from_str::<MisereLine>(text.trim());
    survey::read_back_misere(parsed, &path.display().to_string(), code, upto, work).map(Some).map_err(survey_error)
}

/// Keeps a finished code's line in the store (written whole or not at all).
fn save(dir: &Path, line: &SurveyLine) -> Result<(), CliError> {
    keep(dir, &line.store_file_name(), line)
}

/// Writes a line's JSON to the store's file `name`, whole or not at all.
fn keep<T: serde::Serialize>(dir: &Path, name: &str, line: &T) -> Result<(), CliError> {
    let text = serde_json::to_string(line).map_err(|e| CliError::of_kind(ErrorKind::Io, e))? + "\n";
    crate::store::write_atomic(dir, name, text.as_bytes())
        .map_err(|e| CliError::of_kind(ErrorKind::Io, e).argument("--store"))
}
