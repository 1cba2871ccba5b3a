//! Rectangles of squares written `AxB`: the notation ([`notation`]) and the games played on
//! them (Cutcake, the cutting game).

pub mod cutcake;
pub mod cutting;
pub mod notation;

pub use cutting::Cutting;
pub use notation::*;
