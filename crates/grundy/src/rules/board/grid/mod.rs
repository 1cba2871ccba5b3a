//! Boards of cells written as rows joined by `/`: the notation ([`notation`]) and the games
//! played on it (Domineering, Clobber, Konane, Snort, Col, Fox and Geese, Amazons, Ski Jumps, Fission).

pub mod amazons;
pub mod bitgrid;
pub mod clobber;
pub mod col;
pub mod colouring;
pub mod domineering;
pub mod fission;
pub mod fox_geese;
pub mod konane;
pub mod notation;
pub mod ski_jumps;
pub mod snort;

pub use notation::*;
