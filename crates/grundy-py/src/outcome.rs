//! The pieces of `python -m grundy.outcome` (grundy/outcome.py), who wins a partizan board
//! position with its search split into jobs on a Dask cluster: the moves of a position, to
//! expand the root into jobs, and one job, the library's `analyze` of one position for one
//! player to move. Every answer is the library's; the module only combines the jobs' answers
//! by the rule of a game tree (the player to move wins when one of their moves leaves a
//! position the other player loses moving first).

use grundy::frontend::{apply, describe, legal_moves, winner_of};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Player, Position};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::analysis::position_tokens;
use crate::args;
use crate::errors::{analyze_error, bad_input, gave_up_with};
use crate::interrupt::interruptible;

/// The least `memory` a job takes, as `grundy analyze --memory`: 1 MiB.
const MIN_MEMORY: u64 = 1 << 20;

/// A move as `outcome_moves` gives it: its words and the position it leaves, as tokens.
type Move = (String, Vec<String>);

/// A game and position of a partizan board game, and the player to move, read from Python:
/// `BadInput` naming the bad part, or a game that is not a partizan board game.
fn problem(
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    to_move: &Bound<'_, PyAny>,
) -> PyResult<(Game, Position, Player)> {
    let name = args::text(game, "game")?;
    let parsed: Game = name.parse().map_err(|e: grundy::ParseGameError| bad_input(e.to_string()))?;
    // A heap game's moves can be too many to list (a heap of 10^18), and an impartial game's
    // outcome needs no jobs: grundy.analyze answers it from values.
    if !matches!(parsed, Game::Board(_)) || parsed.is_impartial() {
        return Err(bad_input(format!(
            "game: {name} is not a partizan board game (domineering, clobber, konane, ...); grundy.analyze answers it"
        )));
    }
    let tokens = position_tokens(position)?;
    let pos = parsed.parse_position(&tokens).map_err(|e| bad_input(e.to_string()))?;
    let player: Player = args::text(to_move, "to_move")?.parse().map_err(|e: String| bad_input(e))?;
    Ok((parsed, pos, player))
}

/// The moves of `to_move` ("first" or "second") in `position` of the partizan board game
/// `game`, to expand a search into jobs: `(winner, moves)`, where `winner` is who has won when
/// the game is over there ("first" or "second"; `None` while it goes on), and `moves` each
/// move's words and the position it leaves, as tokens `analyze` reads back. Raises
/// `grundy.BadInput` for a game that is not a partizan board game or a position it cannot
/// read.
#[pyfunction]
pub fn outcome_moves(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    to_move: &Bound<'_, PyAny>,
) -> PyResult<(Option<String>, Vec<Move>)> {
    let (game, pos, player) = problem(game, position, to_move)?;
    py.detach(|| {
        if let Some(winner) = winner_of(&pos, Convention::Normal, player) {
            return Ok((Some(winner.to_string()), vec![]));
        }
        let moves = legal_moves(&pos, player)
            .iter()
            .map(|mv| (describe(&pos, mv), game.position_tokens(&apply(&pos, mv))))
            .collect();
        Ok((None, moves))
    })
}

/// One job of a search split over a cluster: who wins `position` of the partizan board game
/// `game` with `to_move` ("first" or "second") to move, by the library's `analyze` (its own
/// search, with its own table). Returns a dict: `winner` ("first", "second", or None for a
/// draw), `winning_move` (a dict of `text` and `leaves`, the position it leaves as tokens, or
/// None when the player to move does not win), `outcome_class` (L, R, N or P, when the
/// answer gives it) and `search_nodes` (the nodes the outcome search visited; None when
/// Conway's value answered). `budget` is `grundy.analyze`'s; `memory` the most bytes the job's
/// outcome search holds (`grundy analyze --memory`: at least 1 MiB, 256 MiB by default);
/// `to_move_only` searches the player to move alone (`grundy analyze --to-move-only`: about
/// half the work, and no outcome class from the search). Raises
/// `grundy.BadInput`,
/// `grundy.GaveUp` (the budget is not enough; its message names `--budget`) or
/// `grundy.Refused`. Ctrl-C stops it; the interpreter is released while it works.
#[pyfunction]
#[pyo3(signature = (game, position, to_move, budget = None, memory = None, to_move_only = false))]
pub fn outcome_job<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    position: &Bound<'py, PyAny>,
    to_move: &Bound<'py, PyAny>,
    budget: Option<&Bound<'py, PyAny>>,
    memory: Option<&Bound<'py, PyAny>>,
    to_move_only: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let (game, pos, player) = problem(game, position, to_move)?;
    let budget = args::budget(budget, grundy::frontend::DEFAULT_BUDGET)?;
    let memory = match args::optional_whole(memory, "memory")? {
        Some(m) if m < MIN_MEMORY => {
            return Err(bad_input(format!(
                "memory {m} is less than {MIN_MEMORY} bytes (1 MiB), the least a search takes"
            )))
        }
        Some(m) => m,
        None => grundy::frontend::DEFAULT_SEARCH_MEMORY,
    };
    let options = AnalyzeOptions {
        to_move: player,
        budget,
        memory,
        explain: false,
        mover_only: to_move_only,
        ..AnalyzeOptions::default()
    };
    let a = interruptible(py, |_| analyze(&game, &pos, &options))?.map_err(|e| match e {
        // Named as `grundy analyze` names it: --budget is python -m grundy.outcome's flag too.
        grundy::AnalyzeError::GaveUp(g) => {
            let message = match g.suggested_budget() {
                Some(b) => format!("{g}: rerun with --budget {b}"),
                None if g.needed.is_none() && g.used < g.what.max_budget() => format!("{g}; --budget raises it"),
                None => g.to_string(),
            };
            gave_up_with(message, g.used, g.needed, g.suggested_budget(), g.what.units())
        }
        e => analyze_error(e),
    })?;
    // The class and the node count are read from the answer as `grundy analyze --json` writes
    // it, where the partizan answers have them.
    let json = serde_json::to_value(&a).map_err(|e| bad_input(e.to_string()))?;
    let out = PyDict::new(py);
    out.set_item("winner", a.winner.map(|p| p.to_string()))?;
    match a.winning_moves.first() {
        Some(m) => {
            let mv = PyDict::new(py);
            mv.set_item("text", &m.text)?;
            mv.set_item("leaves", &m.leaves)?;
            out.set_item("winning_move", mv)?;
        }
        None => out.set_item("winning_move", py.None())?,
    }
    let class = json
        .get("outcome_class")
        .or_else(|| json.get("conway").and_then(|c| c.get("outcome")))
        .and_then(|c| c.as_str())
        .map(str::to_string);
    out.set_item("outcome_class", class)?;
    out.set_item("search_nodes", json.get("search_nodes").and_then(serde_json::Value::as_u64))?;
    Ok(out)
}
