//! Strips of cells, one letter a cell: the notation ([`notation`]) and the games played on it
//! (Toads and Frogs, its backsliding form, Toppling Dominoes).

pub mod backsliding;
pub mod notation;
pub mod toads_frogs;
pub mod toppling;

pub use notation::*;
