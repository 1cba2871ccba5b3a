//! The pieces of `grundy::survey` that `python -m grundy.survey` (grundy/survey.py) spreads
//! over a Dask cluster: reading CODES (patterns, codes, a file's text), shards, the bounds,
//! classifying one code (one task: its line as JSON text, so that it travels between machines
//! as a string), and gathering the lines (grouping equal values, the Markdown tables). The
//! classification and the lines are the library's, so a survey on many machines gives the
//! lines a one-machine `grundy survey` run gives.

use grundy::survey::{self, Shard, SurveyError, SurveyLine};
use pyo3::prelude::*;

use crate::errors::{bad_input, refused};

/// A survey's refusal as the package's exception.
fn survey_error(e: SurveyError) -> PyErr {
    match e {
        SurveyError::BadInput(m) => bad_input(m),
        SurveyError::Refused(m) => refused(m),
        e => refused(e.to_string()),
    }
}

/// Reads lines of JSON text back (lines this module or `grundy survey --json` wrote).
fn read_lines(lines: Vec<String>) -> PyResult<Vec<SurveyLine>> {
    lines
        .iter()
        .map(|l| serde_json::from_str(l).map_err(|e| bad_input(format!("not a survey line ({e}): {l}"))))
        .collect()
}

/// Writes lines as JSON text, one string each.
fn write_lines(lines: &[SurveyLine]) -> PyResult<Vec<String>> {
    lines.iter().map(|l| serde_json::to_string(l).map_err(|e| refused(e.to_string()))).collect()
}

/// Whether `spec` is a pattern of codes (`0.xxx`, `4.xx`, `hex:0.x8`).
#[pyfunction]
pub fn survey_is_pattern(spec: &str) -> bool {
    survey::is_pattern(spec)
}

/// The codes of a pattern, in the order `grundy survey` takes them.
#[pyfunction]
pub fn survey_expand_pattern(pattern: &str) -> PyResult<Vec<String>> {
    survey::expand_pattern(pattern).map_err(survey_error)
}

/// The canonical form of a code (`0.77`, `hex:0.8f`, `grundys-game`); raises `BadInput` for
/// what is not a take-and-break code.
#[pyfunction]
pub fn survey_canonical(code: &str) -> PyResult<String> {
    Ok(survey::canonical(&survey::parse_code(code).map_err(survey_error)?))
}

/// The codes of a file's text (one a line, `#` comments), each checked.
#[pyfunction]
pub fn survey_codes_from_text(text: &str) -> PyResult<Vec<String>> {
    survey::codes_from_text(text).map_err(survey_error)
}

/// The codes of shard `spec` (`I/K`) of `codes`.
#[pyfunction]
pub fn survey_shard(spec: &str, codes: Vec<String>) -> PyResult<Vec<String>> {
    let shard: Shard = spec.parse().map_err(survey_error)?;
    Ok(shard.select(&codes))
}

/// The refusals made before any work: too many codes, N too large, too many values in all.
#[pyfunction]
pub fn survey_check(codes: usize, upto: u64) -> PyResult<()> {
    survey::check_survey(codes, upto).map_err(survey_error)
}

/// Classifies one code to `upto`: its line, as JSON text (`equivalent` empty until the lines
/// are gathered). One task of a Dask survey; the interpreter is released while it computes.
#[pyfunction]
pub fn survey_classify(py: Python<'_>, code: &str, upto: u64) -> PyResult<String> {
    let line = py.detach(|| survey::classify(code, upto)).map_err(survey_error)?;
    serde_json::to_string(&line).map_err(|e| refused(e.to_string()))
}

/// The lines of a whole survey with `equivalent` filled in (codes with equal values), in the
/// order given: what `grundy survey --json` prints, one string a line.
#[pyfunction]
pub fn survey_group(lines: Vec<String>) -> PyResult<Vec<String>> {
    let mut lines = read_lines(lines)?;
    survey::group(&mut lines);
    write_lines(&lines)
}

/// The Trivial, Solved and Unsolved tables of a survey's grouped lines, in Markdown.
#[pyfunction]
pub fn survey_markdown(lines: Vec<String>) -> PyResult<String> {
    Ok(survey::markdown(&read_lines(lines)?))
}
