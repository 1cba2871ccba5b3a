//! `grundy.analyze` and the answer it gives, `grundy.Analysis`: the library's
//! [`grundy::Analysis`] with the fields a Python program reads, and the whole object as
//! `grundy analyze --json` writes it through `to_dict()`.

use grundy::{analyze as analyze_position, AnalyzeOptions, Convention, Game, MAX_BUDGET};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::{analyze_error, bad_input};
use crate::interrupt::interruptible;

/// One winning move: its words and the position it leaves.
#[pyclass(module = "grundy", name = "WinningMove", frozen, get_all)]
pub struct WinningMove {
    /// The move in words, e.g. "take 5 from heap 2 (9 -> 4)".
    pub text: String,
    /// The position the move leaves, written so that it types back: tokens (strings) for a game
    /// of the library, heaps (ints) for a `heap_game`, the position itself for a `game`.
    pub leaves: Py<PyAny>,
}

#[pymethods]
impl WinningMove {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("WinningMove(text={:?}, leaves={})", self.text, self.leaves.bind(py).repr()?))
    }
}

/// The answer for one position: who wins, its Sprague-Grundy value, every winning move.
#[pyclass(module = "grundy", name = "Analysis", frozen, get_all)]
pub struct Analysis {
    /// The game, as named.
    pub game: String,
    /// The position, as given back (tokens for a game of the library).
    pub position: Py<PyAny>,
    /// "N" when the player to move wins, "P" when they lose, "D" for a draw.
    pub outcome: String,
    /// "first" or "second": who wins with best play (None for a draw).
    pub winner: Option<String>,
    /// The Sprague-Grundy value, for impartial games under normal play, else None.
    pub sg: Option<u64>,
    /// How many winning moves there are, exactly, or None when not every one is known.
    pub winning_move_count: Option<u128>,
    /// The winning moves one by one (see `winning_move_count` for how many there are).
    pub winning_moves: Vec<Py<WinningMove>>,
    /// The reasoning, one line each (empty when not asked for).
    pub explanation: Vec<String>,
    /// Why some winning moves are not listed one by one, when some are not.
    pub winning_moves_not_listed: Option<String>,
    /// The object of `grundy analyze --json`, as JSON text (read by `to_dict`).
    json: Option<String>,
}

#[pymethods]
impl Analysis {
    /// The whole answer as `grundy analyze --json` writes it (a dict), for a game of the
    /// library; for a game written in Python, the fields of this object.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.json {
            Some(text) => py.import("json")?.call_method1("loads", (text,)),
            None => {
                let moves = PyList::empty(py);
                for m in &self.winning_moves {
                    let m = m.get();
                    let d = pyo3::types::PyDict::new(py);
                    d.set_item("text", &m.text)?;
                    d.set_item("leaves", m.leaves.bind(py))?;
                    moves.append(d)?;
                }
                let d = pyo3::types::PyDict::new(py);
                d.set_item("game", &self.game)?;
                d.set_item("position", self.position.bind(py))?;
                d.set_item("outcome", &self.outcome)?;
                d.set_item("winner", &self.winner)?;
                d.set_item("sg", self.sg)?;
                d.set_item("winning_move_count", self.winning_move_count)?;
                d.set_item("winning_moves", moves)?;
                d.set_item("explanation", &self.explanation)?;
                Ok(d.into_any())
            }
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Analysis(game={:?}, position={}, outcome={:?}, sg={}, winning_move_count={})",
            self.game,
            self.position.bind(py).repr()?,
            self.outcome,
            self.sg.map_or("None".into(), |v| v.to_string()),
            self.winning_move_count.map_or("None".into(), |v| v.to_string()),
        ))
    }

    fn __str__(&self) -> String {
        self.explanation.join("\n")
    }
}

impl Analysis {
    /// An answer for a game written in Python, whose moves the binding worked out itself.
    #[allow(clippy::too_many_arguments)]
    pub fn custom(
        py: Python<'_>,
        game: String,
        position: Py<PyAny>,
        outcome: &str,
        sg: Option<u64>,
        moves: Vec<(String, Py<PyAny>)>,
        explanation: Vec<String>,
    ) -> PyResult<Analysis> {
        let winner = match outcome {
            "N" => Some("first".to_string()),
            "P" => Some("second".to_string()),
            _ => None,
        };
        let winning_moves = moves
            .into_iter()
            .map(|(text, leaves)| Py::new(py, WinningMove { text, leaves }))
            .collect::<PyResult<_>>()?;
        let mut a = Analysis {
            game,
            position,
            outcome: outcome.to_string(),
            winner,
            sg,
            winning_move_count: None,
            winning_moves,
            explanation,
            winning_moves_not_listed: None,
            json: None,
        };
        a.winning_move_count = Some(a.winning_moves.len() as u128);
        Ok(a)
    }

    /// The library's answer, with each winning move's `leaves`: the tokens that type back.
    pub fn from_library(py: Python<'_>, a: &grundy::Analysis) -> PyResult<Analysis> {
        let json = serde_json::to_string(a).map_err(|e| bad_input(format!("the answer could not be written: {e}")))?;
        let winning_moves = a
            .winning_moves
            .iter()
            .map(|m| {
                let leaves = PyList::new(py, &m.leaves)?.into_any().unbind();
                Py::new(py, WinningMove { text: m.text.clone(), leaves })
            })
            .collect::<PyResult<_>>()?;
        Ok(Analysis {
            game: a.game.clone(),
            position: PyList::new(py, &a.tokens)?.into_any().unbind(),
            outcome: a.outcome.to_string(),
            winner: a.winner.map(|p| p.to_string()),
            sg: a.sg,
            winning_move_count: a.winning_move_count,
            winning_moves,
            explanation: a.explanation.clone(),
            winning_moves_not_listed: a.winning_moves_not_listed.clone(),
            json: Some(json),
        })
    }
}

/// The tokens of a position given from Python: a list (or any iterable) of ints and strings,
/// or one string of whitespace-separated tokens.
pub fn position_tokens(position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = position.extract::<String>() {
        return Ok(text.split_whitespace().map(str::to_string).collect());
    }
    let items = position
        .try_iter()
        .map_err(|_| bad_input("the position is a list of heaps (ints or strings), or one string of tokens"))?;
    let mut tokens = vec![];
    for (i, item) in items.enumerate() {
        let item = item?;
        if let Ok(text) = item.extract::<String>() {
            tokens.push(text);
        } else if item.is_instance_of::<pyo3::types::PyInt>() && !item.is_instance_of::<pyo3::types::PyBool>() {
            tokens.push(item.str()?.to_string());
        } else {
            return Err(bad_input(format!(
                "heap {} of the position is {}, not an int or a string",
                i + 1,
                item.repr()?
            )));
        }
    }
    Ok(tokens)
}

/// A budget given from Python: at most [`MAX_BUDGET`].
pub fn checked_budget(budget: Option<u64>, default: u64) -> PyResult<u64> {
    match budget {
        None => Ok(default),
        Some(b) if b > MAX_BUDGET => Err(bad_input(format!("budget {b} is past {MAX_BUDGET}, the cap"))),
        Some(b) => Ok(b),
    }
}

/// Analyses a position of a game grundy knows.
///
/// `game` is written as on the command line (`"nim"`, `"subtraction:1,3,4"`, `"kayles"`,
/// `"sum"`, ...); `position` is a list of heaps (ints, or strings for other tokens such as
/// `"7/3"`), or one string of tokens. `misere=True` is misère play (whoever makes the last move
/// loses). `limit` lists at most that many winning moves one by one (the count stays exact).
/// `budget` is the most positions a search may visit; past it `grundy.GaveUp` says which
/// budget would do.
///
/// Raises `grundy.BadInput` naming the bad part of the game or position, `grundy.GaveUp`, or
/// `grundy.Refused` for work past what one computation may take. Ctrl-C stops it
/// (`KeyboardInterrupt`); the interpreter is released while it works.
#[pyfunction]
#[pyo3(signature = (game, position, misere = false, limit = None, *, budget = None, explain = true))]
pub fn analyze(
    py: Python<'_>,
    game: &str,
    position: &Bound<'_, PyAny>,
    misere: bool,
    limit: Option<usize>,
    budget: Option<u64>,
    explain: bool,
) -> PyResult<Analysis> {
    let parsed: Game = game.parse().map_err(|e: grundy::ParseGameError| bad_input(e.to_string()))?;
    let tokens = position_tokens(position)?;
    let pos = parsed.parse_position(&tokens).map_err(|e| bad_input(e.to_string()))?;
    let options = AnalyzeOptions {
        convention: if misere { Convention::Misere } else { Convention::Normal },
        budget: checked_budget(budget, grundy::DEFAULT_BUDGET)?,
        explain,
        ..AnalyzeOptions::default()
    };
    let mut a = interruptible(py, |_| analyze_position(&parsed, &pos, &options))?.map_err(analyze_error)?;
    if let Some(limit) = limit {
        a.list_at_most(limit, "limit");
    }
    Analysis::from_library(py, &a)
}
