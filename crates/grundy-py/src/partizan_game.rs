//! `grundy.partizan_game(left, right, components=None, *, name=None, budget=None)`: a partizan
//! game written in Python, in the shape of `grundy.game` (the impartial one): `left(position)`
//! and `right(position)` list the positions Left's and Right's moves leave, over any hashable
//! positions. A position's value is Conway's {values of Left's options | values of Right's
//! options} in canonical form (Siegel, Combinatorial Game Theory, section II.2), made in the
//! process's one store of values (`crate::value`); `components(position)`, when given, splits a
//! position into independent parts whose values are added (Conway: the value of a sum is the sum
//! of the values).
//!
//! The walk is iterative (its own stack, so deep games do not overflow), memoised across calls,
//! and bounded as `grundy.game`'s solver is: at most `budget` positions remembered and on the
//! walk, and 64 options or components listed per position of the budget; past either,
//! `grundy.GaveUp` before another callback is called. A position met again on its own walk is
//! `grundy.NotFinite`: a game with a cycle has no value as a short game. The store is not held
//! while a callback runs, so callbacks may use values themselves.

use std::collections::{HashMap, HashSet};

use grundy::frontend::DEFAULT_BUDGET;
use grundy::{GameValue, GaveUp, Work};
use pyo3::prelude::*;

use crate::args;
use crate::errors::{gave_up, guarded, not_finite};
use crate::game::{listed_by, PyPosition};
use crate::shared::Shared;
use crate::value::{with_store, Value};

/// How many options and components a walk may list per position of its budget (as
/// `grundy.game`'s solver: listing is the time a walk takes).
const OPTIONS_PER_POSITION: u128 = 64;

/// Positions are named in messages by their repr, cut to this many characters.
const SHOWN_CHARS: usize = 120;

/// A partizan game's callbacks and what its walks learnt.
struct State {
    left: Py<PyAny>,
    right: Py<PyAny>,
    components: Option<Py<PyAny>>,
    memo: HashMap<PyPosition, GameValue>,
    budget: u64,
    /// Options and components listed so far, over every walk.
    listed: u128,
}

/// How a position's value is made from its children's.
enum Node {
    /// {the first `n` children | the rest}.
    Options(usize, Vec<PyPosition>),
    /// The sum of the children (its components).
    Parts(Vec<PyPosition>),
}

impl Node {
    fn children(&self) -> &[PyPosition] {
        match self {
            Node::Options(_, c) | Node::Parts(c) => c,
        }
    }
}

impl State {
    fn gave_up(&self) -> PyErr {
        gave_up(&GaveUp { what: Work::PositionsSearched, used: self.budget, needed: None })
    }

    /// Counts `n` more options or components listed; past the allowance, `GaveUp`.
    fn count_listed(&mut self, n: usize) -> PyResult<()> {
        self.listed = self.listed.saturating_add(n as u128);
        if self.listed > u128::from(self.budget).saturating_mul(OPTIONS_PER_POSITION) {
            return Err(self.gave_up());
        }
        Ok(())
    }

    /// What makes `position`'s value: its components when it has several (or none), else its
    /// Left and Right options.
    fn expand(&mut self, py: Python<'_>, position: &PyPosition) -> PyResult<Node> {
        if let Some(split) = &self.components {
            let parts = listed_by(py, split, "components", position)?;
            self.count_listed(parts.len())?;
            if !matches!(parts.as_slice(), [only] if only == position) {
                return Ok(Node::Parts(parts));
            }
        }
        let mut children = listed_by(py, &self.left, "left", position)?;
        self.count_listed(children.len())?;
        let n = children.len();
        let right = listed_by(py, &self.right, "right", position)?;
        self.count_listed(right.len())?;
        children.extend(right);
        Ok(Node::Options(n, children))
    }

    /// The value of `root`, walking what is not yet known with a stack.
    fn value(&mut self, py: Python<'_>, root: PyPosition) -> PyResult<GameValue> {
        if let Some(&g) = self.memo.get(&root) {
            return Ok(g);
        }
        let mut walking: HashSet<PyPosition> = HashSet::new();
        let mut stack: Vec<(PyPosition, Option<Node>)> = vec![(root.clone(), None)];
        while let Some((position, node)) = stack.pop() {
            match node {
                None => {
                    if self.memo.contains_key(&position) {
                        continue;
                    }
                    if self.memo.len().saturating_add(walking.len()) as u64 >= self.budget {
                        return Err(self.gave_up());
                    }
                    let node = self.expand(py, &position)?;
                    walking.insert(position.clone());
                    let mut next = vec![];
                    for child in node.children() {
                        if self.memo.contains_key(child) {
                            continue;
                        }
                        // On the walk and not done: an ancestor (the stack is last in, first
                        // out), so the position can follow itself.
                        if walking.contains(child) {
                            return Err(cycle(py, child));
                        }
                        next.push((child.clone(), None));
                    }
                    stack.push((position, Some(node)));
                    stack.extend(next);
                }
                Some(node) => {
                    let known = |p: &PyPosition| self.memo.get(p).copied();
                    let values: Option<Vec<GameValue>> = node.children().iter().map(known).collect();
                    // Every child was valued before its parent was met again on the stack.
                    let values = values.ok_or_else(|| crate::errors::refused("a position's option was not valued"))?;
                    let g = match node {
                        Node::Options(n, _) => {
                            let (l, r) = values.split_at(n);
                            let (l, r) = (l.to_vec(), r.to_vec());
                            with_store(py, move |s| s.game(&l, &r))?
                        }
                        Node::Parts(_) => with_store(py, move |s| s.sum_all(&values))?,
                    };
                    walking.remove(&position);
                    self.memo.insert(position, g);
                }
            }
        }
        self.memo.get(&root).copied().ok_or_else(|| crate::errors::refused("the position was not valued"))
    }
}

/// `grundy.NotFinite` for a position met again on its own walk.
fn cycle(py: Python<'_>, position: &PyPosition) -> PyErr {
    let shown: String = position
        .object
        .bind(py)
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "<position>".into())
        .chars()
        .take(SHOWN_CHARS)
        .collect();
    not_finite(format!(
        "the game is not finite: position {shown} can follow itself (through its options or components), so it has no value as a short game"
    ))
}

/// A partizan game written in Python; see `grundy.partizan_game`.
#[pyclass(module = "grundy", name = "PartizanGame")]
pub struct PartizanGame {
    state: Shared<State>,
    /// The game's name.
    #[pyo3(get)]
    pub name: String,
}

impl PartizanGame {
    /// Runs `f` on the game's state; a callback's exception (or one recorded by a position's
    /// `__eq__`) is raised, and the memo is then kept (it holds only finished values, each made
    /// from options that were listed whole).
    fn ask<T>(&self, py: Python<'_>, f: impl FnOnce(&mut State) -> PyResult<T>) -> PyResult<T> {
        self.state.with(py, "the game", |state| guarded(|| f(state))?)
    }
}

#[pymethods]
impl PartizanGame {
    #[new]
    #[pyo3(signature = (left, right, components = None, *, name = None, budget = None))]
    fn new(
        left: &Bound<'_, PyAny>,
        right: &Bound<'_, PyAny>,
        components: Option<&Bound<'_, PyAny>>,
        name: Option<&Bound<'_, PyAny>>,
        budget: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PartizanGame> {
        let left = args::callable(left, "left")?;
        let right = args::callable(right, "right")?;
        let components = args::optional_callable(components, "components")?;
        let name = args::optional_text(name, "name")?;
        let budget = Work::PositionsSearched.clamp(args::budget(budget, DEFAULT_BUDGET)?);
        let name = match name {
            Some(n) => n,
            None => Python::attach(|py| {
                left.bind(py).getattr("__name__").and_then(|n| n.extract::<String>()).unwrap_or("game".into())
            }),
        };
        let state = State { left, right, components, memo: HashMap::new(), budget, listed: 0 };
        Ok(PartizanGame { state: Shared::new(state), name })
    }

    /// The most positions the game may remember (at most 2^25); past it `grundy.GaveUp`.
    #[getter]
    fn budget(&self, py: Python<'_>) -> PyResult<u64> {
        self.state.with(py, "the game", |s| Ok(s.budget))
    }

    #[setter]
    fn set_budget(&self, py: Python<'_>, budget: &Bound<'_, PyAny>) -> PyResult<()> {
        let budget = Work::PositionsSearched.clamp(args::budget(Some(budget), DEFAULT_BUDGET)?);
        self.state.with(py, "the game", |s| {
            s.budget = budget;
            Ok(())
        })
    }

    /// Conway's value of `position`, in canonical form.
    fn value(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Py<Value>> {
        let p = PyPosition::new(position)?;
        let g = self.ask(py, |s| s.value(py, p))?;
        Value::wrap(py, g)
    }

    /// The outcome class of `position`: "L", "R", "P" or "N" (its value's).
    fn outcome(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<String> {
        let v = self.value(py, position)?;
        let g = v.get().short("outcome")?;
        Ok(with_store(py, move |s| s.outcome(g))?.to_string())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("PartizanGame(name={:?}, budget={})", self.name, self.budget(py)?))
    }
}

/// A partizan game written in Python over any hashable positions: `left(position)` and
/// `right(position)` list the positions Left's and Right's moves leave. `components(position)`,
/// when given, splits a position into independent parts (a move is a move in one of them),
/// whose values are added. Valued within `budget` positions (memoised across calls); a
/// position that can follow itself raises `grundy.NotFinite`.
#[pyfunction]
#[pyo3(signature = (left, right, components = None, *, name = None, budget = None))]
pub fn partizan_game(
    left: &Bound<'_, PyAny>,
    right: &Bound<'_, PyAny>,
    components: Option<&Bound<'_, PyAny>>,
    name: Option<&Bound<'_, PyAny>>,
    budget: Option<&Bound<'_, PyAny>>,
) -> PyResult<PartizanGame> {
    PartizanGame::new(left, right, components, name, budget)
}
