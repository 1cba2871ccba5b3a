//! `grundy.game(options, components=None)`: an impartial game over any hashable Python
//! positions, solved by the library's [`ImpartialSolver`] (memoised, budgeted, cycles refused).
//! Positions are keys of the solver's memo: [`PyPosition`] keeps the object with its Python
//! hash, and compares with Python's `==`.

use std::fmt;
use std::hash::{Hash, Hasher};

use grundy::frontend::DEFAULT_BUDGET;
use grundy::{Convention, ImpartialGame, ImpartialSolver, Work};
use pyo3::prelude::*;

use crate::analysis::{Analysis, MoveLeaves};
use crate::args;
use crate::errors::{bad_input, failed, guarded, record, solve_error, unless_base};
use crate::shared::Shared;

/// The most options (or components) one position may list: a callback that lists more (an
/// endless generator, say) is refused with `grundy.BadInput` once past them, rather than read
/// until memory runs out. 2^20 is far past any game a budget of positions can solve: the
/// solver lists at most 64 options per position of its budget in all.
pub const MAX_OPTIONS_PER_POSITION: usize = 1 << 20;

/// `grundy.BadInput` for a callback that listed more than [`MAX_OPTIONS_PER_POSITION`] items.
pub fn too_many_options(call: &str) -> PyErr {
    bad_input(format!(
        "{call} listed more than {MAX_OPTIONS_PER_POSITION} options, the most one position may have here (is it an endless iterator?)"
    ))
}

/// A Python object as a position: the object, and its hash taken once.
pub struct PyPosition {
    pub object: Py<PyAny>,
    hash: isize,
}

impl PyPosition {
    /// Wraps `object`, refusing one that cannot be hashed.
    pub fn new(object: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let hash = object.hash().map_err(|e| {
            unless_base(e, || {
                bad_input(format!(
                    "position {} cannot be hashed: positions are memo keys (use tuples or frozensets, not lists or sets)",
                    object.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })
        })?;
        Ok(PyPosition { object: object.clone().unbind(), hash })
    }
}

impl Clone for PyPosition {
    fn clone(&self) -> Self {
        Python::attach(|py| PyPosition { object: self.object.clone_ref(py), hash: self.hash })
    }
}

impl PartialEq for PyPosition {
    fn eq(&self, other: &Self) -> bool {
        if self.hash != other.hash {
            return false;
        }
        if self.object.is(&other.object) {
            return true;
        }
        Python::attach(|py| match self.object.bind(py).eq(other.object.bind(py)) {
            Ok(equal) => equal,
            Err(e) => {
                record(e);
                false
            }
        })
    }
}

impl Eq for PyPosition {}

impl Hash for PyPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}

impl fmt::Debug for PyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = Python::attach(|py| {
            self.object.bind(py).repr().map(|r| r.to_string()).unwrap_or_else(|_| "<position>".into())
        });
        f.write_str(&text)
    }
}

/// The callbacks of a game written in Python.
pub struct PyGame {
    options: Py<PyAny>,
    components: Option<Py<PyAny>>,
}

impl PyGame {
    /// Calls `callback(position)` and wraps every position it lists; a failure is recorded and
    /// answered with no positions (see [`crate::errors::guarded`]).
    fn listed(&self, callback: &Py<PyAny>, what: &str, position: &PyPosition) -> Vec<PyPosition> {
        if failed() {
            return vec![];
        }
        Python::attach(|py| {
            listed_by(py, callback, what, position).unwrap_or_else(|e| {
                record(e);
                vec![]
            })
        })
    }
}

/// Calls `callback(position)` (Python's signal handlers first) and wraps every position it
/// lists, refusing a result that is not an iterable of hashable positions, or one that lists
/// more than [`MAX_OPTIONS_PER_POSITION`], with `grundy.BadInput` naming `what(position)`.
pub fn listed_by(py: Python<'_>, callback: &Py<PyAny>, what: &str, position: &PyPosition) -> PyResult<Vec<PyPosition>> {
    crate::errors::signals(py)?;
    let returned = callback.bind(py).call1((position.object.bind(py),))?;
    let shown = || position.object.bind(py).repr().map(|r| r.to_string()).unwrap_or_default();
    let items = returned.try_iter().map_err(|e| {
        unless_base(e, || {
            bad_input(format!(
                "{what}({}) returned {}, not a list of positions",
                shown(),
                returned.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })
    })?;
    let mut out = vec![];
    for item in items {
        if out.len() == MAX_OPTIONS_PER_POSITION {
            return Err(too_many_options(&format!("{what}({})", shown())));
        }
        out.push(PyPosition::new(&item?)?);
    }
    Ok(out)
}

impl ImpartialGame for PyGame {
    type Position = PyPosition;

    fn options(&self, position: &PyPosition) -> Vec<PyPosition> {
        self.listed(&self.options, "options", position)
    }

    fn components(&self, position: &PyPosition) -> Vec<PyPosition> {
        match &self.components {
            Some(c) => self.listed(c, "components", position),
            None => vec![position.clone()],
        }
    }
}

/// An impartial game written in Python; see `grundy.game`.
#[pyclass(module = "grundy", name = "Game")]
pub struct Game {
    solver: Shared<ImpartialSolver<PyGame>>,
    /// The game's name in answers.
    #[pyo3(get)]
    pub name: String,
}

impl Game {
    /// Asks the solver; after a callback failed, its memory is thrown away (what it learnt then
    /// may rest on an empty list of options) and the callback's exception is raised.
    pub fn ask<T>(
        &self,
        ask: impl FnOnce(&mut ImpartialSolver<PyGame>) -> Result<T, grundy::SolveError>,
    ) -> PyResult<T> {
        Python::attach(|py| {
            self.solver.with(py, "the game", |solver| match guarded(|| ask(solver)) {
                Ok(r) => r.map_err(solve_error),
                Err(e) => {
                    *solver = fresh(py, solver);
                    Err(e)
                }
            })
        })
    }

    /// A new solver of the same game with the same budget (for a session).
    pub fn fresh_solver(&self, py: Python<'_>) -> PyResult<ImpartialSolver<PyGame>> {
        self.solver.with(py, "the game", |solver| Ok(fresh(py, solver)))
    }
}

/// A solver of the same game with the same budget, knowing nothing yet.
fn fresh(py: Python<'_>, solver: &ImpartialSolver<PyGame>) -> ImpartialSolver<PyGame> {
    let game = PyGame {
        options: solver.game().options.clone_ref(py),
        components: solver.game().components.as_ref().map(|c| c.clone_ref(py)),
    };
    ImpartialSolver::new(game).with_budget(solver.budget())
}

fn convention(misere: bool) -> Convention {
    if misere {
        Convention::Misere
    } else {
        Convention::Normal
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (options, components = None, *, name = None, budget = None))]
    fn new(
        options: &Bound<'_, PyAny>,
        components: Option<&Bound<'_, PyAny>>,
        name: Option<&Bound<'_, PyAny>>,
        budget: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let options = args::callable(options, "options")?;
        let components = args::optional_callable(components, "components")?;
        let name = args::optional_text(name, "name")?;
        let budget = Work::PositionsSearched.clamp(args::budget(budget, DEFAULT_BUDGET)?);
        let name = match name {
            Some(n) => n,
            None => Python::attach(|py| {
                options.bind(py).getattr("__name__").and_then(|n| n.extract::<String>()).unwrap_or("game".into())
            }),
        };
        let solver = ImpartialSolver::new(PyGame { options, components }).with_budget(budget);
        Ok(Game { solver: Shared::new(solver), name })
    }

    /// The most positions the solver may remember (at most 2^25); past it `grundy.GaveUp`.
    #[getter]
    fn budget(&self, py: Python<'_>) -> PyResult<u64> {
        self.solver.with(py, "the game", |s| Ok(s.budget()))
    }

    #[setter]
    fn set_budget(&self, py: Python<'_>, budget: &Bound<'_, PyAny>) -> PyResult<()> {
        let budget = Work::PositionsSearched.clamp(args::budget(Some(budget), DEFAULT_BUDGET)?);
        self.solver.with(py, "the game", |s| {
            s.set_budget(budget);
            Ok(())
        })
    }

    /// The Sprague-Grundy value of `position` (normal play).
    fn value(&self, position: &Bound<'_, PyAny>) -> PyResult<u64> {
        let p = PyPosition::new(position)?;
        self.ask(|s| s.grundy_value(&p))
    }

    /// "N" when the player to move from `position` wins, "P" when they lose: by a memoised
    /// win/lose search that stops at the first option the opponent loses, so only the
    /// positions the outcome needs are visited (`value` visits every position reachable).
    #[pyo3(signature = (position, misere = None), text_signature = "(self, position, misere=False)")]
    fn outcome(&self, position: &Bound<'_, PyAny>, misere: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let misere = args::optional_flag(misere, "misere", false)?;
        let p = PyPosition::new(position)?;
        Ok(self.ask(|s| s.outcome(&p, convention(misere)))?.to_string())
    }

    /// Every winning move from `position`: the positions they leave, in the order `options`
    /// gives them (each option's outcome by the same early-exit search as `outcome`).
    #[pyo3(signature = (position, misere = None), text_signature = "(self, position, misere=False)")]
    fn winning_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let misere = args::optional_flag(misere, "misere", false)?;
        let p = PyPosition::new(position)?;
        let moves = self.ask(|s| s.winning_moves(&p, convention(misere)))?;
        Ok(moves.into_iter().map(|m| m.object.clone_ref(py)).collect())
    }

    /// Who wins `position`, its value (normal play), and every winning move (`leaves`: the
    /// position it leaves).
    #[pyo3(signature = (position, misere = None), text_signature = "(self, position, misere=False)")]
    fn analyze(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Analysis> {
        let misere = args::optional_flag(misere, "misere", false)?;
        self.analyze_as(py, position, misere)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("Game(name={:?}, budget={})", self.name, self.budget(py)?))
    }
}

impl Game {
    /// Who wins `position`, its value (normal play), and every winning move.
    pub fn analyze_as(&self, py: Python<'_>, position: &Bound<'_, PyAny>, misere: bool) -> PyResult<Analysis> {
        let p = PyPosition::new(position)?;
        let c = convention(misere);
        // The value first under normal play (it is part of the answer): the outcome is then
        // read from it, not searched for again.
        let sg = if misere { None } else { Some(self.ask(|s| s.grundy_value(&p))?) };
        let outcome = self.ask(|s| s.outcome(&p, c))?;
        let moves = self.ask(|s| s.winning_moves(&p, c))?;
        let shown = |o: &Py<PyAny>| o.bind(py).repr().map(|r| r.to_string());
        let mut listed = vec![];
        for m in &moves {
            listed.push((
                format!("{} -> {}", shown(&p.object)?, shown(&m.object)?),
                MoveLeaves::Object(m.object.clone_ref(py)),
            ));
        }
        let count = listed.len();
        let explanation = vec![match (misere, sg) {
            (false, Some(v)) => format!(
                "The Sprague-Grundy value is {v} (the mex of the options' values, parts' values XORed): the player to move {}.",
                if v == 0 { "loses" } else { "wins" }
            ),
            _ => format!(
                "Misère play, decided by exact search: the player to move {}.",
                if outcome == grundy::Outcome::N { "wins" } else { "loses" }
            ),
        }];
        Analysis::custom(
            py,
            self.name.clone(),
            p.object.clone_ref(py),
            &outcome.to_string(),
            sg,
            listed,
            count,
            explanation,
        )
    }
}

/// An impartial game written in Python over any hashable positions: `options(position)` lists
/// every position one move leaves. `components(position)`, when given, splits a position into
/// independent parts (a move is a move in one of them), whose values are XORed under normal
/// play (Sprague-Grundy theorem). Solved by the library's memoised solver within `budget`
/// positions; a position that can follow itself raises `grundy.NotFinite`.
#[pyfunction]
#[pyo3(signature = (options, components = None, *, name = None, budget = None))]
pub fn game(
    options: &Bound<'_, PyAny>,
    components: Option<&Bound<'_, PyAny>>,
    name: Option<&Bound<'_, PyAny>>,
    budget: Option<&Bound<'_, PyAny>>,
) -> PyResult<Game> {
    Game::new(options, components, name, budget)
}
