//! `grundy.Session`: a game against the computer, as `grundy play` plays it: the library's
//! [`grundy::frontend::Session`] for a game grundy knows, and [`ImpartialSession`] for a game
//! written in Python (`heap_game`, `game`), whose computer plays a winning move when there is
//! one and otherwise the move that leaves the most replies.

use grundy::frontend::{Level, Session as LibrarySession};
use grundy::{AnalyzeOptions, Convention, ImpartialSession, Player};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::analysis::{position_tokens, Analysis};
use crate::args;
use crate::draw::Board;
use crate::errors::{analyze_error, bad_input, guarded, move_error, solve_error};
use crate::game::{Game, PyGame, PyPosition};
use crate::heap_game::{canonical, read_heaps, HeapGame, HeapSum};
use crate::interrupt::interruptible;

/// The game being played, by kind.
enum Play {
    /// A game of the library.
    Library(Box<LibrarySession>),
    /// A sum of heaps of a `heap_game`, with the game (for hints).
    Heaps(Box<ImpartialSession<HeapSum>>, Py<HeapGame>),
    /// A `game` over Python positions, with the game (for hints).
    Custom(Box<ImpartialSession<PyGame>>, Py<Game>),
}

/// A game against the computer.
///
/// `Session(game, position, misere=False, computer_first=False, level="perfect", seed=0,
/// budget=None)`: `game` is a name grundy knows (`"nim"`, `"kayles"`, ...), a `heap_game` or a
/// `game`. Type a move with `play`: for a game grundy knows, as `grundy play` reads it (`"3 11"`
/// takes 11 from heap 3, `"2 -> 5"` leaves 5 in heap 2); for a game written in Python, the
/// position the move leaves (a `leaves` of `hint()`). `computer_move()` plays the computer's
/// reply; `hint()` is the analysis of the position (its winning moves); `undo()` takes back your
/// last move and the reply to it.
#[pyclass(module = "grundy", name = "Session")]
pub struct Session {
    play: Play,
    computer: Player,
}

fn convention(misere: bool) -> Convention {
    if misere {
        Convention::Misere
    } else {
        Convention::Normal
    }
}

fn player(p: Player) -> String {
    p.to_string()
}

/// Runs a step of an [`ImpartialSession`] of a Python game, with the callback's exception
/// raised when one failed.
fn step<T>(work: impl FnOnce() -> Result<T, grundy::SolveError>) -> PyResult<T> {
    guarded(work)?.map_err(solve_error)
}

/// The words of the move from `from` to `to` in a sum of heaps: the first heap and option of it
/// that leads there.
fn heap_move_text(py: Python<'_>, game: &HeapGame, from: &[u64], to: &[u64]) -> PyResult<String> {
    for (i, &h) in from.iter().enumerate() {
        for parts in game.rules.options_of(py, h)?.iter() {
            let mut rest = from.to_vec();
            rest.remove(i);
            rest.extend_from_slice(parts);
            if canonical(rest) == to {
                return Ok(crate::heap_game::move_text(i, h, parts));
            }
        }
    }
    Ok(format!("{from:?} -> {to:?}"))
}

#[pymethods]
impl Session {
    #[new]
    #[pyo3(
        signature = (game, position, misere = None, computer_first = None, level = None, seed = None, budget = None),
        text_signature = "(game, position, misere=False, computer_first=False, level='perfect', seed=0, budget=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        position: &Bound<'_, PyAny>,
        misere: Option<&Bound<'_, PyAny>>,
        computer_first: Option<&Bound<'_, PyAny>>,
        level: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        budget: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Session> {
        let misere = args::optional_flag(misere, "misere", false)?;
        let computer_first = args::optional_flag(computer_first, "computer_first", false)?;
        let level = args::optional_text(level, "level")?.unwrap_or_else(|| "perfect".to_string());
        let seed = args::optional_whole(seed, "seed")?.unwrap_or(0);
        let budget = args::budget(budget, grundy::frontend::DEFAULT_BUDGET)?;
        let computer = if computer_first { Player::First } else { Player::Second };
        let c = convention(misere);
        let play = if let Ok(name) = game.cast::<pyo3::types::PyString>() {
            let name = name.to_cow()?;
            let parsed: grundy::Game = name.parse().map_err(|e: grundy::ParseGameError| bad_input(e.to_string()))?;
            let tokens = position_tokens(position)?;
            let pos = parsed.parse_position(&tokens).map_err(|e| bad_input(e.to_string()))?;
            let level: Level = level.parse().map_err(|e: String| bad_input(e))?;
            let options = AnalyzeOptions {
                convention: c,
                budget,
                quotients: crate::analysis::quotients(),
                ..AnalyzeOptions::default()
            };
            if level == Level::Perfect {
                interruptible(py, |_| grundy::frontend::check_perfect(&parsed, &pos, &options))?
                    .map_err(analyze_error)?;
            }
            Play::Library(Box::new(LibrarySession::new(parsed, pos, options, computer, level, seed)))
        } else if let Ok(heaps) = game.cast::<HeapGame>() {
            let start = canonical(read_heaps(position)?);
            let solver = heaps.borrow().solver();
            Play::Heaps(Box::new(ImpartialSession::new(solver, start, c)), heaps.clone().unbind())
        } else if let Ok(custom) = game.cast::<Game>() {
            let start = PyPosition::new(position)?;
            let solver = custom.borrow().fresh_solver(py)?;
            Play::Custom(Box::new(ImpartialSession::new(solver, start, c)), custom.clone().unbind())
        } else {
            return Err(bad_input(format!("game {} is not a game's name, a heap_game or a game", game.repr()?)));
        };
        Ok(Session { play, computer })
    }

    /// The position now: tokens for a game grundy knows, the sorted heaps of a heap game, the
    /// position itself for a `game`.
    #[getter]
    fn position(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(match &self.play {
            Play::Library(s) => PyList::new(py, s.game().position_tokens(s.position()))?.into_any().unbind(),
            Play::Heaps(s, _) => PyList::new(py, s.position())?.into_any().unbind(),
            Play::Custom(s, _) => s.position().object.clone_ref(py),
        })
    }

    /// The board now, for a notebook's display (image/svg+xml), for a game grundy knows; None
    /// for a game written in Python, which has no drawing.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        match &self.play {
            Play::Library(s) => {
                let board = Board { game: s.game().clone(), position: s.position().clone(), to_move: s.to_move() };
                board.svg(py).map(Some)
            }
            Play::Heaps(..) | Play::Custom(..) => Ok(None),
        }
    }

    /// "first" or "second": who is to move.
    #[getter]
    fn to_move(&self) -> String {
        player(match &self.play {
            Play::Library(s) => s.to_move(),
            Play::Heaps(s, _) => s.to_move(),
            Play::Custom(s, _) => s.to_move(),
        })
    }

    /// "first" or "second": the player the computer plays.
    #[getter]
    fn computer(&self) -> String {
        player(self.computer)
    }

    /// The winner ("first" or "second") once the game is over, else None.
    #[getter]
    fn winner(&mut self) -> PyResult<Option<String>> {
        Ok(match &mut self.play {
            Play::Library(s) => s.winner(),
            Play::Heaps(s, _) => step(|| s.winner())?,
            Play::Custom(s, _) => step(|| s.winner())?,
        }
        .map(player))
    }

    /// Whether the game is over (won, or drawn by repetition).
    #[getter]
    fn over(&mut self) -> PyResult<bool> {
        let drawn = matches!(&self.play, Play::Library(s) if s.drawn().is_some());
        Ok(drawn || self.winner()?.is_some())
    }

    /// Plays your move and returns it in words. For a game grundy knows, `move` is typed as
    /// `grundy play` reads it; for a game written in Python, it is the position the move leaves.
    /// An illegal move raises `grundy.IllegalMove` and changes nothing.
    fn play(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        if self.over()? {
            return Err(crate::errors::illegal_move("the game is over: there is no move to make"));
        }
        match &mut self.play {
            Play::Library(s) => {
                let text: String = r#move
                    .extract()
                    .map_err(|_| bad_input("a move is typed as text, as `grundy play` reads it (e.g. \"3 11\")"))?;
                Ok(s.play_text(&text).map_err(move_error)?.text)
            }
            Play::Heaps(s, game) => {
                let from = s.position().clone();
                let to = canonical(read_heaps(r#move)?);
                step(|| s.play(to.clone()))?;
                heap_move_text(py, &game.borrow(py), &from, &to)
            }
            Play::Custom(s, _) => {
                let from = s.position().object.clone_ref(py);
                let to = PyPosition::new(r#move)?;
                let text = format!("{} -> {}", from.bind(py).repr()?, r#move.repr()?);
                step(|| s.play(to))?;
                Ok(text)
            }
        }
    }

    /// Plays the computer's move and returns it in words; None when the game is over.
    fn computer_move(&mut self, py: Python<'_>) -> PyResult<Option<String>> {
        match &mut self.play {
            Play::Library(s) => Ok(interruptible(py, |_| s.computer_move())?.map_err(analyze_error)?.map(|c| c.text)),
            Play::Heaps(s, game) => {
                let from = s.position().clone();
                match step(|| s.computer_move())? {
                    Some(to) => Ok(Some(heap_move_text(py, &game.borrow(py), &from, &to)?)),
                    None => Ok(None),
                }
            }
            Play::Custom(s, _) => {
                let from = s.position().object.clone_ref(py);
                match step(|| s.computer_move())? {
                    Some(to) => Ok(Some(format!("{} -> {}", from.bind(py).repr()?, to.object.bind(py).repr()?))),
                    None => Ok(None),
                }
            }
        }
    }

    /// The analysis of the position for the player to move: its winning moves are the hint.
    fn hint(&mut self, py: Python<'_>) -> PyResult<Analysis> {
        match &self.play {
            Play::Library(s) => {
                let a = interruptible(py, |_| s.analysis())?.map_err(analyze_error)?;
                let board = Board { game: s.game().clone(), position: s.position().clone(), to_move: s.to_move() };
                Ok(Analysis::from_library(a, board))
            }
            Play::Heaps(s, game) => {
                let heaps = PyList::new(py, s.position())?;
                game.borrow(py).analyze_as(py, heaps.as_any(), s.convention() == Convention::Misere, None)
            }
            Play::Custom(s, game) => {
                let position = s.position().object.clone_ref(py);
                game.borrow(py).analyze_as(py, position.bind(py), s.convention() == Convention::Misere)
            }
        }
    }

    /// Takes back your last move and every move after it (the computer's reply); returns how
    /// many moves were taken back (0 when you have not moved).
    fn undo(&mut self) -> usize {
        let person = self.computer.other();
        match &mut self.play {
            Play::Library(s) => s.undo(person),
            Play::Heaps(s, _) => undo_impartial(s, person),
            Play::Custom(s, _) => undo_impartial(s, person),
        }
    }

    /// The number of moves played so far.
    #[getter]
    fn moves_played(&self) -> usize {
        match &self.play {
            Play::Library(s) => s.moves_played(),
            Play::Heaps(s, _) => s.moves_played(),
            Play::Custom(s, _) => s.moves_played(),
        }
    }
}

/// Takes back moves until the last move of `person` is taken back.
fn undo_impartial<G: grundy::ImpartialGame>(s: &mut ImpartialSession<G>, person: Player) -> usize {
    // Move k (from 0) was made by the first player when k is even.
    let made_by = |k: usize| if k.is_multiple_of(2) { Player::First } else { Player::Second };
    let Some(last) = (0..s.moves_played()).rev().find(|&k| made_by(k) == person) else {
        return 0;
    };
    let undone = s.moves_played() - last;
    for _ in 0..undone {
        s.undo();
    }
    undone
}
