//! Rectangles of squares written `AxB`: the notation ([`notation`]) and the games played on
//! them (Cutcake, Eatcake, the cutting game).

pub mod cutcake;
pub mod cutting;
pub mod eatcake;
pub mod notation;

pub use cutting::Cutting;
pub use notation::*;
