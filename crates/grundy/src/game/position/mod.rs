//! A position as a value: the game it is played in and its numbers, behind one small trait,
//! [`GamePosition`], that every solver and front end calls. There are three kinds, each in a
//! file of its own: a sum of heaps, each following its heap rule ([`heaps`]); a board game's
//! position, read and moved by the game's [`crate::rules::board::BoardRules`] ([`board`]); and
//! a sum of different games ([`sum`]). A kind's behaviour lives in its file; a need of one kind
//! is met through an accessor ([`Position::as_heaps`], [`Position::as_board`],
//! [`Position::as_parts`]), never by naming the kinds.

pub mod board;
pub mod heaps;
pub mod sum;

use std::fmt;
use std::hash::Hash;
use std::sync::Arc;

use crate::game::convention::Player;
use crate::game::{IllegalMove, Move};
use crate::rules::board::Board;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use crate::rules::heap::DynKey;
use crate::rules::Ruleset;

pub use board::BoardPosition;
pub use heaps::HeapSum;
pub use sum::GameSum;

/// One heap of a sum, with the ruleset it follows.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Component {
    /// How this heap may change.
    pub ruleset: Ruleset,
    /// Its size.
    pub heap: u64,
}

impl Component {
    /// A heap of size `heap` following `ruleset`.
    pub fn new(ruleset: Ruleset, heap: u64) -> Self {
        Component { ruleset, heap }
    }
}

/// How a sum of heaps writes its heaps as tokens, following the game it was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapTokens {
    /// Plain sizes (`7`): every heap follows the game's one ruleset.
    Sizes,
    /// `HEAP/LIMIT` for a bounded heap (`bounded` with a limit per heap).
    Limits,
    /// `RULESET=HEAP` (a `sum`).
    Rulesets,
}

/// What every kind of position does: its numbers and their names, the moves of a player (by
/// the rules, with the reason when a move is illegal), and its face. Both players' moves are
/// asked for by the player, so a partizan game is an ordinary one here; the others ignore it.
pub trait GamePosition: DynKey + Send + Sync + fmt::Debug {
    /// The numbers that make up the position, in the order given.
    fn numbers(&self) -> Vec<u64>;
    /// What each number is, for a person ("heap 2", "chip 3", "game 1 (kayles): heap 1"), all
    /// at once: one walk over a large position.
    fn labels(&self) -> Vec<String>;
    /// The position's tokens, as its game reads them back (`style` for a sum of heaps).
    fn tokens(&self, style: HeapTokens) -> Vec<String>;
    /// The game's name as a `sum` writes it for one of its games.
    fn name_in_sum(&self) -> String;
    /// The position after a legal move; `None` for a move over several games of a sum at once.
    fn after(&self, mv: &Move) -> Option<Position>;
    /// The same games holding `numbers` instead, each keeping its count of numbers; `None` when
    /// the counts differ.
    fn with_numbers(&self, numbers: &[u64]) -> Option<Position>;
    /// Whether `mv` is a move of one game (not an Every-SG turn over several).
    fn is_one_move(&self, mv: &Move) -> bool;
    /// Checks that `mv` is legal for `player` and returns the position it leaves.
    fn check_move(&self, player: Player, mv: &Move) -> Result<Position, IllegalMove>;
    /// Every move of `player`, by the rules alone, with the position it leaves (small positions).
    fn moves(&self, player: Player) -> Vec<(Move, Position)>;
    /// Every legal move of `player`, for a position small enough to list.
    fn legal_moves(&self, player: Player) -> Vec<Move> {
        self.moves(player).into_iter().map(|(m, _)| m).collect()
    }
    /// Whether `player` has a move; cheap however large the position.
    fn has_move(&self, player: Player) -> bool;
    /// A random legal move of `player`, drawn with `below(k)` (a number below k).
    fn random_move(&self, player: Player, below: &mut dyn FnMut(u64) -> u64) -> Option<Move>;
    /// The legal move of `player` that changes the position least.
    fn smallest_move(&self, player: Player) -> Option<Move>;
    /// A move in words, as `grundy analyze` words it.
    fn describe(&self, mv: &Move) -> String;
    /// The games the position is a sum of, each with the index of its first number: each heap
    /// of a sum of heaps, each game of a sum of games; any other position is one game.
    fn summands(&self) -> Vec<(usize, Position)>;
    /// The same sum with each of its games ([`GamePosition::summands`], in order) replaced by
    /// what it became.
    fn with_summands(&self, after: Vec<Position>) -> Position;
    /// The canonical form the exhaustive solver keys its memo by (order of heaps and games,
    /// finished heaps set aside), and whether the player to move matters to it.
    fn key(&self) -> (Position, bool);
    /// Whether the position's own tokens may hold commas (a Hackenbush picture `0-1,1-2`), so
    /// that a sum writes them apart with spaces rather than commas.
    fn tokens_hold_commas(&self) -> bool {
        false
    }
    /// The move of player `mover` to `after` as the game writes it
    /// ([`crate::rules::board::Notation::write_move`]), where the game writes its moves.
    fn written_move(&self, _after: &[u64], _mover: usize) -> Option<String> {
        None
    }
    /// The numbers a move of player `mover` written in the game's own words (a face's target)
    /// leaves, where the game reads such words.
    fn after_words(&self, _words: &str, _mover: usize) -> Option<Vec<u64>> {
        None
    }
    /// The position's face; `limits` says whether a heap's limit is its own (`bounded`).
    #[cfg(feature = "draw")]
    fn sketch(&self, limits: bool, mover: usize) -> Sketch;
    /// Conway's value of a partizan game's position from its own Left and Right options, with
    /// at most `budget` positions valued, and how many were; `None` (the default) for a
    /// position valued otherwise (an impartial game by its Sprague-Grundy value, a sum by its
    /// games' values: `crate::solve::value`).
    fn conway_value(
        &self,
        _store: &mut crate::values::partizan::GameStore,
        _budget: u64,
    ) -> Option<Result<(crate::values::partizan::GameValue, u64), crate::error::AnalyzeError>> {
        None
    }
    /// A lower bound on the work of [`GamePosition::conway_value`], found before the work
    /// ([`crate::rules::board::machinery::forecast::forecast_past`], stopped past `beyond` steps or
    /// `effort`, or not walked where it cannot pass `beyond`); `None` (the default) where no board search values the position.
    fn value_work_forecast(
        &self,
        _beyond: u64,
        _effort: u64,
    ) -> Option<Result<crate::rules::board::machinery::forecast::WorkForecast, crate::error::AnalyzeError>> {
        None
    }
    /// The graph of every position reachable from this one by either player's moves, for a
    /// loopy game (a partizan board game whose positions repeat,
    /// [`crate::rules::board::machinery::loopy::is_loopy`]), built within `budget` positions; `None` (the
    /// default) for a position of a short game.
    fn position_graph(
        &self,
        _budget: u64,
    ) -> Option<Result<crate::rules::board::machinery::loopy::PositionGraph, crate::error::AnalyzeError>> {
        None
    }
    /// The heaps, for a sum of heaps.
    fn as_heaps(&self) -> Option<&[Component]> {
        None
    }
    /// The board game and its numbers, for a board game's position.
    fn as_board(&self) -> Option<(&Board, &[u64])> {
        None
    }
    /// The games, for a sum of different games.
    fn as_parts(&self) -> Option<&[Position]> {
        None
    }
}

/// A position of one of the games: a value holding its kind (see [`GamePosition`]).
#[derive(Clone)]
pub struct Position(Arc<dyn GamePosition>);

impl Position {
    /// A sum of heaps, each with its own impartial ruleset (every heap game).
    pub fn of_heaps(components: Vec<Component>) -> Position {
        Position(Arc::new(HeapSum::new(components)))
    }

    /// A position of a board game: its numbers, read and moved by the game's rules.
    pub fn of_board(board: Board, numbers: Vec<u64>) -> Position {
        Position(Arc::new(BoardPosition::new(board, numbers)))
    }

    /// A sum of different games (`sum euclid=34,12 kayles=7`): each part one game, a heap of a
    /// ruleset being a sum of one heap.
    pub fn of_games(parts: Vec<Position>) -> Position {
        Position(Arc::new(GameSum::new(parts)))
    }

    /// The kind's own behaviour.
    pub fn kind(&self) -> &dyn GamePosition {
        &*self.0
    }

    /// The numbers that make up the position, in the order given: heap sizes, or `[n]`.
    pub fn heaps(&self) -> Vec<u64> {
        self.0.numbers()
    }

    /// What each number of the position is, for a person: "heap 2", "number 1" (Euclid's
    /// game), "chip 3", "step 2" (staircase Nim).
    pub fn labels(&self) -> Vec<String> {
        self.0.labels()
    }

    /// The position after `mv`, assumed legal: the moved numbers replaced in place by what the
    /// move leaves, a heap's new heaps following its ruleset (`7/3` taking 3 leaves `4/3`), a
    /// move of a sum made in its game. `None` for a move over several games of a sum at once
    /// (an Every-SG turn), whose numbers must be shared out among the games by the player.
    ///
    /// ```
    /// use grundy::{Game, Move};
    /// let game: Game = "bounded".parse().unwrap();
    /// let pos = game.parse_position(&["7/3", "9/2"]).unwrap();
    /// let next = pos.after(&Move::new(0, vec![4])).unwrap();
    /// assert_eq!(game.position_tokens(&next), ["4/3", "9/2"]);
    /// ```
    pub fn after(&self, mv: &Move) -> Option<Position> {
        self.0.after(mv)
    }

    /// The position with the same games holding `numbers` instead, each game keeping its count
    /// of numbers (a move made in several games at once, as under Every-SG); `None` when the
    /// counts do not match.
    pub fn with_numbers(&self, numbers: &[u64]) -> Option<Position> {
        self.0.with_numbers(numbers)
    }

    /// The heaps, when the position is a sum of heaps.
    pub fn as_heaps(&self) -> Option<&[Component]> {
        self.0.as_heaps()
    }

    /// The board game and its numbers, when the position is a board game's.
    pub fn as_board(&self) -> Option<(&Board, &[u64])> {
        self.0.as_board()
    }

    /// The games, when the position is a sum of different games.
    pub fn as_parts(&self) -> Option<&[Position]> {
        self.0.as_parts()
    }

    /// The board game's own type, when the position is a board game's and its game is a `T`
    /// (a graph's edges, the bound of a coin game's export).
    pub fn downcast_board<T: crate::rules::board::BoardRules>(&self) -> Option<(&T, &[u64])> {
        let (b, numbers) = self.as_board()?;
        Some((b.downcast::<T>()?, numbers))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

crate::rules::heap::eq_and_hash_by_key!(Position);

/// The heaps of an option without empty heaps, sorted: two ways of writing the same result
/// (`3 4` and `4 3`, or `0` and nothing) compare equal.
pub(crate) fn normalized(to: &[u64]) -> Vec<u64> {
    let mut v: Vec<u64> = to.iter().copied().filter(|&h| h > 0).collect();
    v.sort_unstable();
    v
}

/// `n word` or `n words`.
pub(crate) fn plural(n: u64, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}
