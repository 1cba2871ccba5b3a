//! The rule families: how a single heap may change in one move ([`Ruleset`] over a
//! [`HeapRule`], one file per family in `heap/`: Nim, bounded, subtraction, all-but,
//! take-and-break), Nim's own closed forms (Bouton's theorem), and the catalogue of every
//! game's spelling.

pub mod analysis;
pub mod board;
pub mod catalogue;
pub mod convention;
#[cfg(feature = "draw")]
pub mod draw;
#[cfg(feature = "draw")]
pub mod faces;
pub mod family;
pub mod heap;
pub mod method;
pub mod move_set;
pub mod moves;
pub mod nim;
pub mod take_break;
pub mod text;

pub use heap::{HeapRule, MoveSet, Ruleset};
