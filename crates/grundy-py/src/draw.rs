//! Pictures: `grundy.draw(game, position)`, the position drawn as SVG text (the library's
//! drawing, `grundy::draw`, as `grundy draw` writes it), `grundy.Position`, a position that a
//! notebook shows as its board (`_repr_svg_`), and the board with the winning moves marked
//! that an `Analysis` shows.

use std::collections::HashSet;

use grundy::{Game, Move, Player};
use pyo3::prelude::*;

use crate::analysis::position_tokens;
use crate::args;
use crate::errors::bad_input;
use crate::interrupt::interruptible;

/// A game, a position of it and the player to move: what a board is drawn from.
#[derive(Clone)]
pub struct Board {
    /// The game.
    pub game: Game,
    /// The position.
    pub position: grundy::Position,
    /// The player to move (which matters where the players' moves differ).
    pub to_move: Player,
}

impl Board {
    /// Reads `game`, `position` and `to_move` as `grundy.draw` takes them, naming the bad
    /// part in `grundy.BadInput`.
    fn read(
        game: &Bound<'_, PyAny>,
        position: &Bound<'_, PyAny>,
        to_move: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Board> {
        let parsed: Game =
            args::text(game, "game")?.parse().map_err(|e: grundy::ParseGameError| bad_input(e.to_string()))?;
        let tokens = position_tokens(position)?;
        let pos = parsed.parse_position(&tokens).map_err(|e| bad_input(e.to_string()))?;
        let to_move = args::optional_text(to_move, "to_move")?.unwrap_or_else(|| "first".to_string());
        let player: Player = to_move
            .parse()
            .map_err(|_: String| bad_input(format!("to_move is {to_move:?}: it is \"first\" or \"second\"")))?;
        Ok(Board { game: parsed, position: pos, to_move: player })
    }

    /// The board as SVG text, with the interpreter released while it is drawn.
    pub fn svg(&self, py: Python<'_>) -> PyResult<String> {
        interruptible(py, |_| grundy::draw(&self.game, &self.position, self.to_move).svg)
    }

    /// The board as SVG text with the shapes whose move is one of `moves` marked: each
    /// carries `data-winning="true"` and is drawn green (the drawing's own style gains the
    /// rule). A shape's `data-move` is the move as `grundy play` reads it; it is read back and
    /// compared by the position it leaves (in the canonical order the solvers key it by), so a
    /// move written otherwise (`1 -> 2 1` for the `1 -> 1 2` listed, the other end of a row of
    /// pins) is marked as well.
    pub fn marked_svg(&self, py: Python<'_>, moves: &[Move]) -> PyResult<String> {
        interruptible(py, |_| {
            let after = |mv: &Move| grundy::frontend::apply(&self.position, mv).kind().key().0;
            let winning: HashSet<grundy::Position> = moves.iter().map(after).collect();
            let drawing = grundy::draw(&self.game, &self.position, self.to_move);
            let mut svg = drawing.svg;
            let mut seen = HashSet::new();
            for text in drawing.moves.iter().filter(|m| !m.is_empty() && seen.insert(m.as_str())) {
                let Ok(mv) = grundy::frontend::parse_move(&self.position, self.to_move, text) else { continue };
                if winning.contains(&after(&mv)) {
                    let attribute = format!(" data-move=\"{}\"", grundy::frontend::escape(text));
                    svg = svg.replace(&attribute, &format!("{attribute} data-winning=\"true\""));
                }
            }
            svg.replacen("</style>", WINNING_STYLE, 1)
        })
    }
}

/// The style of the shapes that make a winning move, closing the drawing's own `<style>`.
const WINNING_STYLE: &str = "[data-winning]{fill:#2e9d4a;stroke:#1b6b30}\
line[data-winning],path[data-winning]{stroke:#2e9d4a;fill:none}\
.hit[data-winning]{fill:rgba(46,157,74,.35);stroke:transparent}\
.twig.hit[data-winning],.cut.hit[data-winning]{stroke:rgba(46,157,74,.45)}</style>";

/// The position of a game grundy knows, drawn as SVG text (the web page's board), as
/// `grundy draw GAME POSITION` writes it: for slides and worksheets, or a notebook
/// (`grundy.position(game, position)` shows itself there). `game` and `position` are read as
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
    Board::read(game, position, to_move)?.svg(py)
}

/// A position of a game grundy knows, with the player to move: a notebook (Jupyter) shows it as
/// its board, the drawing `grundy.draw` makes.
#[pyclass(module = "grundy", name = "Position", frozen)]
pub struct Position {
    board: Board,
}

#[pymethods]
impl Position {
    /// The game, as `grundy analyze` names it (`"nim"`, `"kayles"`, `"domineering"`).
    #[getter]
    fn game(&self) -> String {
        self.board.game.to_string()
    }

    /// The position's tokens, as `grundy analyze` reads them back (strings).
    #[getter]
    fn tokens(&self) -> Vec<String> {
        self.board.game.position_tokens(&self.board.position)
    }

    /// "first" or "second": the player to move.
    #[getter]
    fn to_move(&self) -> String {
        self.board.to_move.to_string()
    }

    /// The board as SVG text, as `grundy.draw` writes it.
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        self.board.svg(py)
    }

    /// The board, for a notebook's display (image/svg+xml).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.board.svg(py)
    }

    /// The call that makes this position again, as Python reads it.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let to_move = match self.board.to_move {
            Player::First => "",
            Player::Second => ", to_move='second'",
        };
        let game = pyo3::types::PyString::new(py, &self.game()).repr()?;
        let tokens = pyo3::types::PyList::new(py, self.tokens())?.repr()?;
        Ok(format!("grundy.position({game}, {tokens}{to_move})"))
    }

    /// The game and its tokens, as typed after `grundy analyze`.
    fn __str__(&self) -> String {
        let mut words = vec![self.game()];
        words.extend(self.tokens());
        words.join(" ")
    }
}

/// A position of a game grundy knows, `game` and `position` read as `analyze` reads them
/// (`to_move`: "first" or "second"), as a `grundy.Position`, which a notebook shows as its
/// board. Raises `grundy.BadInput` naming the bad part.
#[pyfunction]
#[pyo3(signature = (game, position, *, to_move = None), text_signature = "(game, position, *, to_move='first')")]
pub fn position(
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    to_move: Option<&Bound<'_, PyAny>>,
) -> PyResult<Position> {
    Ok(Position { board: Board::read(game, position, to_move)? })
}
