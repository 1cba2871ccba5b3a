//! Graphs written as their edges: the notation ([`notation`]), its face, and the games played
//! on it (Hackenbush, Arc Kayles).

pub mod arc_kayles;
pub mod hackenbush;
pub mod notation;
pub mod partizan_arc_kayles;

pub use hackenbush::Hackenbush;
pub use notation::*;
#[cfg(feature = "draw")]
mod face;
#[cfg(feature = "draw")]
pub use face::{PictureFace, SameMove};
