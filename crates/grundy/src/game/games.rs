//! Sums of different games: `grundy analyze sum euclid=34,12 wythoff=3,5 kayles=7`. Each
//! argument of a `sum` is one game, `RULESET=HEAP` for a heap or `GAME=TOKENS` for any other
//! game, its tokens separated by commas (or by spaces, quoted, when a token holds a comma, as
//! the cells `x,y` of coin games do). A game written as text holds commas in its tokens, so
//! its tokens are separated by spaces only: `hackenbush=0-1:b,1-2:r` is one picture. A sum whose games are all heaps stays a sum of heaps
//! ([`Position::of_heaps`]); one with any other game is a sum of games
//! ([`Position::of_games`], see [`crate::game::position::sum`]).
//!
//! The position's numbers are the games' numbers one after another, so that a [`Move`] names
//! them as in any other position; [`Parts`] finds which game a number belongs to.

use crate::error::ParsePositionError;
use crate::game::{Component, Game, Move, Position};
use crate::rules::{catalogue, Ruleset};

/// Whether `game` names a game on a graph (`graph`, `graph:FILE`, `geography`,
/// `geography:FILE`: a kind of the catalogue whose example reads a graph), which a sum cannot
/// hold: a part's tokens carry no edges.
pub(crate) fn is_on_a_graph(game: &str) -> bool {
    let family = game.split(':').next();
    catalogue::GAMES.iter().any(|k| k.spelling.split(':').next() == family && catalogue::example_graph(k).is_some())
}

/// Reads one game of a sum, `GAME=TOKENS`, where GAME is not a heap ruleset (the caller has
/// tried that); `i` is the argument's index, for the errors.
pub(crate) fn parse_part(i: usize, game: &str, tokens: &str) -> Result<Position, ParsePositionError> {
    let at = |e: String| ParsePositionError::new(format!("game {} of the sum: {e}", i + 1));
    let g: Game = game.parse().map_err(|e| at(format!("{e}")))?;
    match &g {
        Game::Sum => return Err(at("a sum inside a sum: write its games as games of this one".into())),
        Game::Board(b) => {
            if let Some(why) = b.not_in_a_sum() {
                return Err(at(why));
            }
        }
        _ => {}
    }
    // A game written as text (a Hackenbush picture, `0-1:b,1-2:r`) holds commas in its own
    // tokens: its part is one token, or several separated by spaces.
    let text = matches!(&g, Game::Board(b) if b.rules().written_as_text());
    let split: Vec<&str> = if tokens.contains(char::is_whitespace) {
        tokens.split_whitespace().collect()
    } else if text {
        vec![tokens]
    } else {
        tokens.split(',').collect()
    };
    if split.is_empty() {
        return Err(at(format!("'{game}=' has no position after '=' (e.g. euclid=34,12)")));
    }
    let p = g.parse_position(&split).map_err(|e| at(format!("{e}")))?;
    Ok(match p.as_heaps() {
        // A game whose position is heaps (e.g. `nim=3,4`) is one game per heap.
        Some(cs) if cs.len() != 1 => {
            Position::of_games(cs.iter().map(|c| Position::of_heaps(vec![c.clone()])).collect())
        }
        _ => p,
    })
}

/// The name of the game a part of a sum is a position of, as `sum` writes it.
pub(crate) fn part_game(part: &Position) -> String {
    part.kind().name_in_sum()
}

/// The token `sum` writes for one part: `RULESET=HEAP` or `GAME=T1,T2`.
pub(crate) fn part_token(part: &Position) -> String {
    // A product of coin-turning games writes its cells `x,y`: joined with commas they read
    // back as numbers paired up, x then y. A game written as text (Hackenbush's pictures,
    // whose edges are joined with commas) joins its tokens with spaces.
    let tokens = part.kind().tokens(crate::game::HeapTokens::Sizes);
    let joiner = if part.kind().tokens_hold_commas() { " " } else { "," };
    format!("{}={}", part.kind().name_in_sum(), tokens.join(joiner))
}

/// One part of a sum in its own notation, as the sum's layout writes it: the game's name and
/// its position's tokens, separated by spaces (`domineering ../..`, `hackenbush 0-1:b,1-2:r`,
/// `nim 2`).
pub(crate) fn part_words(part: &Position) -> String {
    let tokens = part.kind().tokens(crate::game::HeapTokens::Sizes);
    let name = part.kind().name_in_sum();
    if tokens.is_empty() {
        name
    } else {
        format!("{name} {}", tokens.join(" "))
    }
}

/// The parts of a sum laid out as people read them, each numbered and in its own notation:
/// `1: domineering ../.. | 2: hackenbush 0-1:b,1-2:r | 3: nim 2`. It reads back as the sum's
/// position ([`read_layout`]), and a move of part K is typed `K: MOVE` in that part's syntax.
pub fn layout_text(parts: &[Position]) -> String {
    let words: Vec<String> = parts.iter().enumerate().map(|(i, p)| format!("{}: {}", i + 1, part_words(p))).collect();
    words.join(" | ")
}

/// Whether a sum's tokens are its layout (`1: domineering ../.. | 2: nim 2`, as one argument or
/// several): the first token starts with a part's number and a colon.
pub(crate) fn is_layout<S: AsRef<str>>(tokens: &[S]) -> bool {
    tokens.first().is_some_and(|t| {
        let t = t.as_ref().trim_start();
        let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        digits > 0 && t.get(digits..).is_some_and(|rest| rest.starts_with(':'))
    })
}

/// Reads a sum's layout ([`layout_text`]) into `(GAME, TOKENS)` pairs, one a part, TOKENS
/// separated by spaces as the part's game reads them; each part must be numbered in order.
pub(crate) fn read_layout<S: AsRef<str>>(tokens: &[S]) -> Result<Vec<(String, String)>, ParsePositionError> {
    let text: Vec<&str> = tokens.iter().map(|t| t.as_ref()).collect();
    let text = text.join(" ");
    let mut out = vec![];
    for (i, piece) in text.split('|').enumerate() {
        let piece = piece.trim();
        let at = |e: String| ParsePositionError::new(format!("game {} of the sum: {e}", i + 1));
        let (number, rest) = piece
            .split_once(':')
            .ok_or_else(|| at(format!("'{piece}' is not 'K: GAME POSITION' (e.g. '{}: nim 2')", i + 1)))?;
        if number.trim() != (i + 1).to_string() {
            return Err(at(format!(
                "'{piece}' is numbered {}, where the games are numbered in order from 1 (this is game {})",
                number.trim(),
                i + 1
            )));
        }
        let rest = rest.trim();
        let (game, position) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if game.is_empty() {
            return Err(at(format!("'{piece}' names no game (e.g. '{}: nim 2')", i + 1)));
        }
        out.push((game.to_string(), position.trim().to_string()));
    }
    Ok(out)
}

/// Where each game of a sum starts among the position's numbers.
pub struct Parts {
    starts: Vec<usize>,
    total: usize,
}

impl Parts {
    /// The layout of `parts`.
    pub fn of(parts: &[Position]) -> Parts {
        let mut starts = vec![];
        let mut at = 0;
        for p in parts {
            starts.push(at);
            at += p.heaps().len();
        }
        Parts { starts, total: at }
    }

    /// The game holding number `i`, and `i` within it.
    pub fn find(&self, i: usize) -> Option<(usize, usize)> {
        if i >= self.total {
            return None;
        }
        let part = self.starts.partition_point(|&s| s <= i).checked_sub(1)?;
        Some((part, i - self.starts.get(part)?))
    }

    /// Where game `part` starts.
    pub fn start(&self, part: usize) -> usize {
        self.starts.get(part).copied().unwrap_or(self.total)
    }

    /// The move `mv` of the whole position as a move of one game (its numbers counted within
    /// that game), with the game's index; `None` when it spans two games or none.
    pub fn local(&self, mv: &Move) -> Option<(usize, Move)> {
        let (part, local) = self.find(mv.heap)?;
        let last = mv.heap.checked_add(mv.width.max(1))? - 1;
        let (last_part, _) = self.find(last)?;
        (last_part == part).then(|| (part, Move { heap: local, to: mv.to.clone(), width: mv.width }))
    }

    /// A move of game `part` as a move of the whole position.
    pub fn global(&self, part: usize, mv: &Move) -> Move {
        Move { heap: mv.heap + self.start(part), to: mv.to.clone(), width: mv.width }
    }
}

/// The position with game `part` replaced by `next` (a game of heaps that splits stays one
/// heap per game).
pub fn replaced(parts: &[Position], part: usize, next: Position) -> Position {
    let mut out = vec![];
    for (j, p) in parts.iter().enumerate() {
        if j != part {
            out.push(p.clone());
            continue;
        }
        match next.as_heaps() {
            Some(cs) if cs.len() != 1 => out.extend(cs.iter().map(|c| Position::of_heaps(vec![c.clone()]))),
            _ => out.push(next.clone()),
        }
    }
    Position::of_games(out)
}

/// A heap of a ruleset as one game of a sum.
pub(crate) fn heap_part(ruleset: Ruleset, heap: u64) -> Position {
    Position::of_heaps(vec![Component::new(ruleset, heap)])
}
