//! `grundy.analyze` and the answer it gives, `grundy.Analysis`: the library's
//! [`grundy::Analysis`] with the fields a Python program reads, and the whole object as
//! `grundy analyze --json` writes it through `to_dict()`. The parts whose size grows with the
//! position (the position and each winning move's position as lists, the explanation, the
//! JSON object) are made when they are read, so an answer costs what the library's costs.

use std::sync::Arc;

use grundy::frontend::MAX_BUDGET;
use grundy::{analyze as analyze_position, AnalyzeOptions, Convention, Game, Player, Position};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList};

use crate::args;
use crate::draw::Board;
use crate::errors::{analyze_error, bad_input, refused};
use crate::interrupt::interruptible;

/// The misère quotients (Plambeck and Siegel) computed by this module's analyses, kept for the
/// life of the module, within the default bound of [`grundy::frontend::QuotientCache`] (256 MiB): a
/// Python program that analyses many misère positions of one game computes its quotient once.
/// Every analysis of the module (`analyze`, `batch`, `Session`) shares it.
pub fn quotients() -> grundy::frontend::QuotientCache {
    static QUOTIENTS: std::sync::OnceLock<grundy::frontend::QuotientCache> = std::sync::OnceLock::new();
    QUOTIENTS.get_or_init(grundy::frontend::QuotientCache::default).clone()
}

/// The position a winning move leaves: made into a Python list only when it is read, since
/// each is the whole position (2·10^5 heaps make a list of 2·10^5 strings per move).
enum Leaves {
    /// Already a Python object (a game written in Python).
    Ready(Py<PyAny>),
    /// Move `k` of a library answer: its tokens.
    Library(Arc<LibraryAnswer>, usize),
    /// Heap `i` of `heaps` replaced in place by `parts` (a move of a `heap_game`).
    Replaced(Arc<Vec<u64>>, usize, Vec<u64>),
}

/// One winning move: its words and the position it leaves.
#[pyclass(module = "grundy", name = "WinningMove", frozen)]
pub struct WinningMove {
    /// The move in words, e.g. "take 5 from heap 2 (9 -> 4)".
    #[pyo3(get)]
    pub text: String,
    leaves: Leaves,
}

#[pymethods]
impl WinningMove {
    /// The position the move leaves, written so that it types back: tokens (strings) for a
    /// game of the library, heaps (ints) for a `heap_game`, the position itself for a `game`.
    #[getter]
    fn leaves(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match &self.leaves {
            Leaves::Ready(p) => Ok(p.clone_ref(py)),
            Leaves::Library(answer, k) => {
                Ok(PyList::new(py, &answer.analysis.winning_moves[*k].leaves)?.into_any().unbind())
            }
            Leaves::Replaced(heaps, i, parts) => {
                let left = heaps[..*i].iter().chain(parts).chain(&heaps[*i + 1..]);
                Ok(PyList::new(py, left)?.into_any().unbind())
            }
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("WinningMove(text={:?}, leaves={})", self.text, self.leaves(py)?.bind(py).repr()?))
    }
}

/// A problem for the library, kept to write the explanation of its answer when it is read.
struct Problem {
    game: Game,
    position: Position,
    options: AnalyzeOptions,
    limit: Option<usize>,
}

/// A library answer, whose costly parts (the position and each move's position as lists, the
/// explanation, the JSON object) are made when they are read, not before: an answer for
/// 2·10^5 heaps is worked out in a few tens of milliseconds, and its whole JSON object (some
/// 50 MB) or its explanation (a balance table row per heap) would take ten times that.
pub struct LibraryAnswer {
    /// The answer (with its explanation when `later` is `None`).
    analysis: grundy::Analysis,
    /// The position analysed, drawn (its winning moves marked) when a notebook shows the
    /// answer.
    board: Board,
    /// The problem again when the explanation is written later, on first reading.
    later: Option<Problem>,
    /// The explanation, once read.
    explanation: PyOnceLock<Vec<String>>,
    /// The position as a Python list, once read.
    position: PyOnceLock<Py<PyAny>>,
}

impl LibraryAnswer {
    /// The explanation: the answer's own, or the one the problem analysed again with
    /// `explain` writes (the same answer, with its words).
    fn explanation(&self, py: Python<'_>) -> PyResult<&Vec<String>> {
        self.explanation.get_or_try_init(py, || match &self.later {
            None => Ok(self.analysis.explanation.clone()),
            Some(p) => {
                let options = AnalyzeOptions { explain: true, ..p.options.clone() };
                let mut a =
                    interruptible(py, |_| analyze_position(&p.game, &p.position, &options))?.map_err(analyze_error)?;
                if let Some(limit) = p.limit {
                    a.list_at_most(limit, "limit");
                }
                Ok(a.explanation)
            }
        })
    }
}

/// The position a winning move of a game written in Python leaves, as [`Analysis::custom`]
/// takes it.
pub enum MoveLeaves {
    /// The position itself.
    Object(Py<PyAny>),
    /// Heap `i` of the heaps replaced in place by `parts` (made into a list when read).
    Replaced(Arc<Vec<u64>>, usize, Vec<u64>),
}

/// Where an answer's parts come from.
enum Body {
    /// A game written in Python: every part made by the binding, at once.
    Custom { position: Py<PyAny>, winning_moves: Vec<Py<WinningMove>>, explanation: Vec<String> },
    /// A game of the library: its answer, parts made when read.
    Library(Arc<LibraryAnswer>),
}

/// The answer for one position: who wins, its Sprague-Grundy value, every winning move.
#[pyclass(module = "grundy", name = "Analysis", frozen)]
pub struct Analysis {
    /// The game, as named.
    #[pyo3(get)]
    pub game: String,
    /// "N" when the player to move wins, "P" when they lose, "D" for a draw.
    #[pyo3(get)]
    pub outcome: String,
    /// "first" or "second": who wins with best play (None for a draw).
    #[pyo3(get)]
    pub winner: Option<String>,
    /// The Sprague-Grundy value, for impartial games under normal play, else None.
    #[pyo3(get)]
    pub sg: Option<u64>,
    /// How many winning moves there are, exactly, or None when not every one is known.
    #[pyo3(get)]
    pub winning_move_count: Option<u128>,
    /// Why some winning moves are not listed one by one, when some are not.
    #[pyo3(get)]
    pub winning_moves_not_listed: Option<String>,
    body: Body,
}

#[pymethods]
impl Analysis {
    /// The position, as given back (tokens for a game of the library).
    #[getter]
    fn position(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match &self.body {
            Body::Custom { position, .. } => Ok(position.clone_ref(py)),
            Body::Library(answer) => answer
                .position
                .get_or_try_init(py, || Ok::<_, PyErr>(PyList::new(py, &answer.analysis.tokens)?.into_any().unbind()))
                .map(|p| p.clone_ref(py)),
        }
    }

    /// The winning moves one by one (see `winning_move_count` for how many there are).
    #[getter]
    fn winning_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<WinningMove>>> {
        match &self.body {
            Body::Custom { winning_moves, .. } => Ok(winning_moves.iter().map(|m| m.clone_ref(py)).collect()),
            Body::Library(answer) => (0..answer.analysis.winning_moves.len())
                .map(|k| {
                    let text = answer.analysis.winning_moves[k].text.clone();
                    Py::new(py, WinningMove { text, leaves: Leaves::Library(answer.clone(), k) })
                })
                .collect(),
        }
    }

    /// The reasoning, one line each (empty when `explain=False` was asked); for a game of the
    /// library written when first read.
    #[getter]
    fn explanation(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        match &self.body {
            Body::Custom { explanation, .. } => Ok(explanation.clone()),
            Body::Library(answer) => answer.explanation(py).cloned(),
        }
    }

    /// The whole answer as `grundy analyze --json` writes it (a dict), for a game of the
    /// library; for a game written in Python, the fields of this object.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.body {
            Body::Library(answer) => {
                let explanation = answer.explanation(py)?.clone();
                let a = &answer.analysis;
                let text = interruptible(py, |_| {
                    let mut value = serde_json::to_value(a)?;
                    if let Some(slot) = value.get_mut("explanation") {
                        *slot = serde_json::Value::from(explanation);
                    }
                    serde_json::to_string(&value)
                })?
                .map_err(|e| refused(format!("the answer could not be written: {e}")))?;
                py.import("json")?.call_method1("loads", (text,))
            }
            Body::Custom { position, winning_moves, explanation } => {
                let moves = PyList::empty(py);
                for m in winning_moves {
                    let d = PyDict::new(py);
                    d.set_item("text", &m.get().text)?;
                    d.set_item("leaves", m.get().leaves(py)?)?;
                    moves.append(d)?;
                }
                let d = PyDict::new(py);
                d.set_item("game", &self.game)?;
                d.set_item("position", position.bind(py))?;
                d.set_item("outcome", &self.outcome)?;
                d.set_item("winner", &self.winner)?;
                d.set_item("sg", self.sg)?;
                d.set_item("winning_move_count", self.winning_move_count)?;
                d.set_item("winning_moves", moves)?;
                d.set_item("explanation", explanation)?;
                Ok(d.into_any())
            }
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Analysis(game={:?}, position={}, outcome={:?}, sg={}, winning_move_count={})",
            self.game,
            self.position(py)?.bind(py).repr()?,
            self.outcome,
            self.sg.map_or("None".into(), |v| v.to_string()),
            self.winning_move_count.map_or("None".into(), |v| v.to_string()),
        ))
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.explanation(py)?.join("\n"))
    }

    /// The answer for a notebook's display (text/html): who wins, the value and the number of
    /// winning moves in a line, the board with the listed winning moves marked (for a game
    /// grundy knows; a game written in Python has no drawing), and those moves in words.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let escape = grundy::frontend::escape;
        let position = match &self.body {
            Body::Library(answer) => answer.analysis.tokens.join(" "),
            Body::Custom { position, .. } => position.bind(py).repr()?.to_string(),
        };
        let who = match self.winner.as_deref() {
            Some(player) => format!("the {player} player wins with best play"),
            None => "a draw: neither player can force a win".to_string(),
        };
        let mut line = format!("<b>{}</b> {}: {} ({who})", escape(&self.game), escape(&position), self.outcome);
        if let Some(sg) = self.sg {
            line.push_str(&format!("; Sprague-Grundy value {sg}"));
        }
        match self.winning_move_count {
            Some(n) => line.push_str(&format!("; {n} winning move{}", if n == 1 { "" } else { "s" })),
            None => line.push_str("; the winning moves are not all counted"),
        }
        let mut html = format!("<div class=\"grundy-analysis\"><p>{line}</p>");
        if let Some(svg) = self._repr_svg_(py)? {
            html.push_str(&svg);
        }
        let moves = self.winning_moves(py)?;
        if !moves.is_empty() {
            html.push_str("<ol>");
            for m in &moves {
                html.push_str(&format!("<li>{}</li>", escape(&m.get().text)));
            }
            html.push_str("</ol>");
        }
        if let Some(why) = &self.winning_moves_not_listed {
            html.push_str(&format!("<p>{}</p>", escape(why)));
        }
        html.push_str("</div>");
        Ok(html)
    }

    /// The board with the winning moves listed (`winning_moves`) marked in green, for a
    /// notebook's display (image/svg+xml); None for a game written in Python, which has no
    /// drawing.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        match &self.body {
            Body::Library(answer) => {
                let moves: Vec<grundy::Move> = answer.analysis.winning_moves.iter().map(|m| m.mv.clone()).collect();
                answer.board.marked_svg(py, &moves).map(Some)
            }
            Body::Custom { .. } => Ok(None),
        }
    }
}

impl Analysis {
    /// An answer for a game written in Python, whose moves the binding worked out itself:
    /// `moves` are the first winning moves (words, and the position each leaves: a Python
    /// object, or heap `i` of `heaps` replaced by `parts`), of `count` in all.
    #[allow(clippy::too_many_arguments)]
    pub fn custom(
        py: Python<'_>,
        game: String,
        position: Py<PyAny>,
        outcome: &str,
        sg: Option<u64>,
        moves: Vec<(String, MoveLeaves)>,
        count: usize,
        explanation: Vec<String>,
    ) -> PyResult<Analysis> {
        let winner = match outcome {
            "N" => Some("first".to_string()),
            "P" => Some("second".to_string()),
            _ => None,
        };
        let shown = moves.len();
        let winning_moves = moves
            .into_iter()
            .map(|(text, leaves)| {
                let leaves = match leaves {
                    MoveLeaves::Object(o) => Leaves::Ready(o),
                    MoveLeaves::Replaced(heaps, i, parts) => Leaves::Replaced(heaps, i, parts),
                };
                Py::new(py, WinningMove { text, leaves })
            })
            .collect::<PyResult<_>>()?;
        Ok(Analysis {
            game,
            outcome: outcome.to_string(),
            winner,
            sg,
            winning_move_count: Some(count as u128),
            winning_moves_not_listed: (shown < count)
                .then(|| format!("the first {shown} of {count} are listed one by one (limit)")),
            body: Body::Custom { position, winning_moves, explanation },
        })
    }

    /// The library's answer, whose parts are made into Python objects when read; `later` is
    /// the problem when the explanation is to be written on first reading (`a` was worked out
    /// without it).
    fn library(a: grundy::Analysis, board: Board, later: Option<Problem>) -> Analysis {
        Analysis {
            game: a.game.clone(),
            outcome: a.outcome.to_string(),
            winner: a.winner.map(|p| p.to_string()),
            sg: a.sg,
            winning_move_count: a.winning_move_count,
            winning_moves_not_listed: a.winning_moves_not_listed.clone(),
            body: Body::Library(Arc::new(LibraryAnswer {
                analysis: a,
                board,
                later,
                explanation: PyOnceLock::new(),
                position: PyOnceLock::new(),
            })),
        }
    }

    /// The library's answer as it is, explanation included, for the position `board`.
    pub fn from_library(a: grundy::Analysis, board: Board) -> Analysis {
        Analysis::library(a, board, None)
    }
}

/// The tokens of a position given from Python: a list (or any iterable) of ints and strings,
/// or one string of whitespace-separated tokens.
pub fn position_tokens(position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = position.cast::<pyo3::types::PyString>() {
        return Ok(text.to_cow()?.split_whitespace().map(str::to_string).collect());
    }
    let items = position
        .try_iter()
        .map_err(|_| bad_input("the position is a list of heaps (ints or strings), or one string of tokens"))?;
    let mut tokens = Vec::with_capacity(position.len().unwrap_or(0));
    for (i, item) in items.enumerate() {
        let item = item?;
        // Each kind tested before it is read: a failed read makes a Python exception, which
        // cost more than the rest of the work for 2·10^5 heaps.
        if let Ok(text) = item.cast::<pyo3::types::PyString>() {
            tokens.push(text.to_cow()?.into_owned());
        } else if let Some(int) = args::integer(&item)? {
            // Written here rather than by Python's str(); a negative or huge int is a token
            // the game's parser refuses in its own words.
            match int.extract::<u64>() {
                Ok(n) => tokens.push(n.to_string()),
                Err(_) => tokens.push(int.str()?.to_string()),
            }
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
/// budget would do. A misère quotient computed for an analysis is kept for the module's later
/// calls (at most 256 MiB of them, the oldest dropped first).
///
/// Raises `grundy.BadInput` naming the bad part of the game or position, `grundy.GaveUp`, or
/// `grundy.Refused` for work past what one computation may take. Ctrl-C stops it
/// (`KeyboardInterrupt`); the interpreter is released while it works.
#[pyfunction]
#[pyo3(
    signature = (game, position, misere = None, limit = None, *, budget = None, explain = None),
    text_signature = "(game, position, misere=False, limit=None, *, budget=None, explain=True)"
)]
pub fn analyze(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    misere: Option<&Bound<'_, PyAny>>,
    limit: Option<&Bound<'_, PyAny>>,
    budget: Option<&Bound<'_, PyAny>>,
    explain: Option<&Bound<'_, PyAny>>,
) -> PyResult<Analysis> {
    let parsed: Game =
        args::text(game, "game")?.parse().map_err(|e: grundy::ParseGameError| bad_input(e.to_string()))?;
    let misere = args::optional_flag(misere, "misere", false)?;
    let limit = args::optional_count(limit, "limit")?;
    let budget = args::budget(budget, grundy::frontend::DEFAULT_BUDGET)?;
    let explain = args::optional_flag(explain, "explain", true)?;
    let tokens = position_tokens(position)?;
    let pos = parsed.parse_position(&tokens).map_err(|e| bad_input(e.to_string()))?;
    let options = AnalyzeOptions {
        convention: if misere { Convention::Misere } else { Convention::Normal },
        budget,
        // The words are written when they are read (see `LibraryAnswer`).
        explain: false,
        quotients: quotients(),
        ..AnalyzeOptions::default()
    };
    let mut a = interruptible(py, |_| analyze_position(&parsed, &pos, &options))?.map_err(analyze_error)?;
    if let Some(limit) = limit {
        a.list_at_most(limit, "limit");
    }
    let board = Board { game: parsed.clone(), position: pos.clone(), to_move: Player::First };
    let later = explain.then_some(Problem { game: parsed, position: pos, options, limit });
    Ok(Analysis::library(a, board, later))
}
