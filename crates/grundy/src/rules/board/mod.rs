//! Board games: games whose position is a short list of numbers that are not independent heaps
//! (Wythoff's two heaps, a staircase of coins, a board of cells, a strip of toads and frogs,
//! pictures of edges, a token on a graph). Each game is one file implementing [`BoardRules`]:
//! how its position is read, its moves by the rule (for the exhaustive solver and the player),
//! its theory (the fast answer the tests check against that solver), and how its moves are
//! worded and drawn.
//!
//! The games live in the folder of the notation they are written in, beside that notation:
//! `grid/` (boards of cells), `strips/` (rows of cells), `rectangles/` (sheets and cakes),
//! `pictures/` (graphs written as their edges), `graphs/` (graph files) and `numbers/` (a few
//! numbers, written as numbers). `machinery/` is what every game shares: the rules core and its
//! capabilities, the value and outcome searches, forecasts and packed keys.
//!
//! The rest of the crate handles every such game through [`Board`] alone: `Game::Board`
//! names one, `Position::of_board` holds one with its numbers, and the analysis, the exhaustive
//! solver and the player each have one arm for all of them.

use crate::rules::catalogue::GameKind;

pub mod graphs;
pub mod grid;
pub mod machinery;
pub mod numbers;
pub mod pictures;
pub mod rectangles;
pub mod strips;

/// One board game's file in the registry ([`BOARDS`]): the catalogue's entries of its games
/// and the parser of their spellings.
#[derive(Clone, Copy)]
pub struct BoardFamily {
    /// The catalogue's entries of the file's games, in the order the help texts list them.
    pub kinds: &'static [GameKind],
    /// Reads a spelling of one of the file's games: `None` when `s` names none of them, an
    /// error (one line) when it names one badly (e.g. `moore:0`).
    pub parse: fn(s: &str) -> Option<Result<Board, String>>,
}

/// Lists each board game's module in [`BOARDS`], in order.
macro_rules! boards {
    ($($folder:ident :: $game:ident),* $(,)?) => {
        /// Every board game's file, in the order the catalogue lists their games.
        pub const BOARDS: &[BoardFamily] = &[$($folder::$game::FAMILY),*];
    };
}

// The registry: adding a board game is its file in the folder of its notation, its `pub mod`
// line there, and one line here.
boards! {
    numbers::kl,
    numbers::divisor,
    numbers::euclid,
    numbers::chips,
    numbers::wythoff,
    numbers::fibonacci,
    numbers::multiplication,
    numbers::staircase,
    numbers::moore,
    numbers::take_or_split,
    numbers::circle,
    rectangles::cutting,
    numbers::coins,
    graphs::graph,
    pictures::hackenbush,
    graphs::geography,
    numbers::northcott,
    grid::domineering,
    strips::toads_frogs,
    rectangles::cutcake,
    grid::clobber,
    strips::toppling,
    grid::snort,
    grid::col,
    grid::konane,
    grid::fox_geese,
    strips::backsliding,
    pictures::arc_kayles,
    pictures::partizan_arc_kayles,
    graphs::digraph_placement,
    grid::amazons,
    numbers::psub,
    grid::ski_jumps,
    grid::fission,
    rectangles::eatcake,
    numbers::poctal,
}

pub use crate::rules::method::Method;
pub use machinery::rules_core::*;
#[cfg(feature = "draw")]
pub(crate) use machinery::{checked, worded};
#[cfg(feature = "draw")]
pub use machinery::{plain_face, Face};
pub use machinery::{NimForm, Notation, PlayHelp, Theory};

pub use graphs::{Geography, GraphGame, ParseGeographyError};
pub use numbers::{
    Chips, Circle, CoinRule, Coins, Coins2d, Divisor, Euclid, Moore, MultipleNim, Multiplication, Staircase,
    TakeOrSplit, Wythoff,
};
pub use pictures::Hackenbush;
pub use rectangles::Cutting;
