//! Conway's value of any position (`grundy value`): a partizan board game's from its Left and
//! Right options ([`crate::rules::board::value`]), an impartial game's as the nimber of its
//! Sprague-Grundy value (Sprague-Grundy: an impartial game equals *G), and a sum's as the sum of
//! its games' values (Conway, "On Numbers and Games", ch. 7: the value of a sum is the sum of
//! the values). The report holds what every front end prints: the canonical form, the outcome
//! class, the mean and the temperature, exact, and the thermograph.

use std::sync::Arc;

use crate::error::AnalyzeError;
use crate::game::convention::{Convention, Player};
use crate::game::games::part_game;
use crate::game::{Game, Position};
use crate::rules::board::value::{outcome_words, BoardValues};
use crate::solve::analysis::{analyze, AnalyzeOptions};
use crate::values::partizan::{GameStore, GameValue, PartizanOutcome, Thermograph};

/// The longest name a value report writes out (characters): a canonical form shares its
/// options, its name writes them at each place, so a small form can have a name of millions.
pub const MAX_NAME_CHARS: u64 = 100_000;

/// Conway's value of a position, as every front end reports it.
#[derive(Clone, Debug)]
pub struct ValueReport {
    /// The game, as typed back.
    pub game: String,
    /// The position's tokens, as typed back.
    pub position: Vec<String>,
    /// The canonical form's name (`3/4`, `↑*`, `±1`, `{1|0,*}`), which `GameStore::parse` and
    /// `grundy value` read back; `None` when it is longer than `name_limit` characters.
    pub canonical: Option<String>,
    /// The longest name that was written out.
    pub name_limit: u64,
    /// The outcome class.
    pub outcome: PartizanOutcome,
    /// The mean value, exact.
    pub mean: String,
    /// The temperature, exact (Siegel's: -1 for an integer, -1/2^k for m/2^k).
    pub temperature: String,
    /// Left's stop and Right's stop.
    pub stops: (String, String),
    /// The thermograph's walls.
    pub thermograph: Arc<Thermograph>,
    /// The positions valued (board games' positions, each once).
    pub positions: u64,
}

impl ValueReport {
    /// The outcome class in words ("Left wins whoever starts").
    pub fn outcome_words(&self) -> &'static str {
        outcome_words(self.outcome)
    }
}

/// The game of a part of a sum.
fn game_of(part: &Position) -> Result<Game, AnalyzeError> {
    part_game(part).parse().map_err(|e| AnalyzeError::Unsupported(format!("{e}")))
}

/// Conway's value of `position` of `game` in `store`, with at most `budget` positions of a
/// board game valued and `budget` as the budget of each impartial part's analysis; returns the
/// value and the positions valued. A position whose numbers say who moves (Northcott's game)
/// is refused: its value is not a short game's.
pub fn position_value(
    game: &Game,
    position: &Position,
    store: &mut GameStore,
    budget: u64,
) -> Result<(GameValue, u64), AnalyzeError> {
    if let Some(parts) = position.as_parts() {
        let mut total = store.integer(0)?;
        let mut positions = 0;
        for (i, part) in parts.iter().enumerate() {
            let (v, n) = position_value(&game_of(part)?, part, store, budget)
                .map_err(|e| named(e, &format!("game {} of the sum ({})", i + 1, part_game(part))))?;
            total = store.sum(total, v)?;
            positions += n;
        }
        return Ok((total, positions));
    }
    if let Some((board, numbers)) = position.as_board() {
        let rules = board.rules();
        if rules.says_who_moves() {
            return Err(AnalyzeError::Unsupported(format!(
                "{}: its position says whose turn it is and a move passes the turn, so it has no value as a short game in Conway's sense",
                rules.spelling()
            )));
        }
        if rules.partizan_in(numbers).is_some() {
            let mut values = BoardValues::new(rules, budget);
            let v = values.value(store, numbers)?;
            return Ok((v, values.positions()));
        }
    }
    // An impartial game: the nimber of its Sprague-Grundy value.
    let options =
        AnalyzeOptions { convention: Convention::Normal, to_move: Player::First, budget, ..AnalyzeOptions::default() };
    let a = analyze(game, position, &options)?;
    let sg = a.sg.ok_or_else(|| {
        AnalyzeError::Unsupported(format!(
            "its Sprague-Grundy value is {}, so its value (the nimber of it) is not known",
            a.sg_note.as_deref().unwrap_or("not known")
        ))
    })?;
    Ok((store.nimber(sg)?, 1))
}

/// The error `e`, naming where it happened.
fn named(e: AnalyzeError, at: &str) -> AnalyzeError {
    match e {
        AnalyzeError::Unsupported(m) => AnalyzeError::Unsupported(format!("{at}: {m}")),
        e => e,
    }
}

/// The report of Conway's value of `position` (see [`position_value`]): names up to
/// `name_limit` characters are written out.
pub fn value_report(
    game: &Game,
    position: &Position,
    store: &mut GameStore,
    budget: u64,
    name_limit: u64,
) -> Result<ValueReport, AnalyzeError> {
    let (g, positions) = position_value(game, position, store, budget)?;
    let (left, right) = store.stops(g)?;
    let thermograph = store.thermograph(g)?;
    Ok(ValueReport {
        game: game.to_string(),
        position: game.position_tokens(position),
        canonical: store.text_within(g, name_limit.min(MAX_NAME_CHARS))?,
        name_limit: name_limit.min(MAX_NAME_CHARS),
        outcome: store.outcome(g)?,
        mean: thermograph.mean().to_string(),
        temperature: thermograph.temperature().to_string(),
        stops: (left.to_string(), right.to_string()),
        thermograph,
        positions,
    })
}
