//! `grundy.batch(queries)`: `grundy batch` in one call. Each query is a dict with the fields of
//! a `grundy batch` line (`game`, `position`, and optionally `misere`, `every`, `to_move`,
//! `budget`, `limit`, `explain`, `graph`); each answer is the dict of `grundy analyze --json`,
//! or an error dict `{"error": {"kind", "message", "argument"}, "line": k}` for that query
//! alone, as `grundy batch` writes it, so that answer k always answers query k.

use grundy::{analyze, Analysis, AnalyzeError, Query, DEFAULT_BUDGET, MAX_BUDGET};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::analysis::checked_budget;

/// Why a query gets no analysis: the error's kind, the field at fault, and the message.
struct Refusal {
    kind: &'static str,
    field: Option<&'static str>,
    message: String,
}

/// Answers one query given as JSON text, as `grundy batch` answers a line.
fn answer(text: &str, budget: u64, explain: bool) -> Result<Analysis, Refusal> {
    let bad = |field: Option<&'static str>, message: String| Refusal { kind: "bad_input", field, message };
    let mut query: Query =
        serde_json::from_str(text).map_err(|e| bad(None, format!("the query is not a query: {e}")))?;
    query.budget = query.budget.or(Some(budget));
    query.explain = query.explain.or(Some(explain));
    let checked = query.check(MAX_BUDGET).map_err(|e| bad(Some(e.field), e.message))?;
    let mut analysis = analyze(&checked.game, &checked.position, &checked.options).map_err(|e| match e {
        AnalyzeError::GaveUp(g) => Refusal {
            kind: "gave_up",
            field: Some("budget"),
            message: match g.suggested_budget() {
                Some(b) => format!("{g}: send \"budget\": {b}"),
                None => g.to_string(),
            },
        },
        e => Refusal { kind: "refused", field: None, message: e.to_string() },
    })?;
    if let Some(limit) = checked.limit {
        analysis.list_at_most(limit, "the query's limit");
        if !checked.options.explain {
            analysis.explanation.clear();
        }
    }
    Ok(analysis)
}

/// Answers every query, in order: a list of dicts, one per query (see the module's words).
///
/// `queries` is an iterable of dicts (or of JSON strings, one query each). `budget` is the
/// budget of a query that gives none; `explain=True` writes each answer's explanation.
#[pyfunction]
#[pyo3(signature = (queries, *, budget = None, explain = false))]
pub fn batch<'py>(
    py: Python<'py>,
    queries: &Bound<'py, PyAny>,
    budget: Option<u64>,
    explain: bool,
) -> PyResult<Bound<'py, PyList>> {
    let budget = checked_budget(budget, DEFAULT_BUDGET)?;
    let json = py.import("json")?;
    let texts: Vec<String> = queries
        .try_iter()
        .map_err(|_| crate::errors::bad_input("queries is a list of dicts (or JSON strings), one query each"))?
        .map(|q| {
            let q = q?;
            match q.extract::<String>() {
                Ok(text) => Ok(text),
                Err(_) => json
                    .call_method1("dumps", (q,))
                    .and_then(|t| t.extract::<String>())
                    .map_err(|e| crate::errors::bad_input(format!("a query could not be written as JSON: {e}"))),
            }
        })
        .collect::<PyResult<_>>()?;
    let answers: Vec<String> = py.detach(|| {
        texts
            .iter()
            .enumerate()
            .map(|(i, text)| match answer(text, budget, explain) {
                Ok(a) => {
                    serde_json::to_string(&a).unwrap_or_else(|e| error_line(i + 1, "refused", None, &e.to_string()))
                }
                Err(Refusal { kind, field, message }) => error_line(i + 1, kind, field, &message),
            })
            .collect()
    });
    let out = PyList::empty(py);
    for a in answers {
        out.append(json.call_method1("loads", (a,))?)?;
    }
    Ok(out)
}

/// An error answer, as `grundy batch` writes one.
fn error_line(number: usize, kind: &str, field: Option<&str>, message: &str) -> String {
    serde_json::json!({
        "error": {"kind": kind, "message": message, "argument": field},
        "line": number,
    })
    .to_string()
}
