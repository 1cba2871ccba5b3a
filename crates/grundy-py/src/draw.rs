//! `grundy.draw(game, position)`: the position drawn as SVG text, the library's drawing
//! (`grundy::draw`), as `grundy draw` writes it.

use grundy::{Game, Player};
use pyo3::prelude::*;

use crate::analysis::position_tokens;
use crate::args;
use crate::errors::bad_input;
use crate::interrupt::interruptible;

/// The position of a game grundy knows, drawn as SVG text (the web page's board), as
/// `grundy draw GAME POSITION` writes it: for slides and worksheets, or a notebook
/// (`IPython.display.SVG(grundy.draw("nim", [3, 4, 5]))`). `game` and `position` are read as
/// `analyze` reads them; `to_move` ("first" or "second") matters for K-L-Nim's forbidden size
/// and a graph's partizan edges. Raises `grundy.BadInput` naming the bad part. Ctrl-C stops
/// it; the interpreter is released while it draws.
#[pyfunction]
#[pyo3(signature = (game, position, *, to_move = None), text_signature = "(game, position, *, to_move='first')")]
pub fn draw(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    to_move: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let parsed: Game =
        args::text(game, "game")?.parse().map_err(|e: grundy::ParseGameError| bad_input(e.to_string()))?;
    let tokens = position_tokens(position)?;
    let pos = parsed.parse_position(&tokens).map_err(|e| bad_input(e.to_string()))?;
    let to_move = args::optional_text(to_move, "to_move")?.unwrap_or_else(|| "first".to_string());
    let player: Player = to_move
        .parse()
        .map_err(|_: String| bad_input(format!("to_move is {to_move:?}: it is \"first\" or \"second\"")))?;
    interruptible(py, |_| grundy::draw(&parsed, &pos, player).svg)
}
