//! What every board game shares: the rules core and its capabilities (the notation, the play
//! help, the theory, the face), the value search of Conway's values and the outcome search,
//! forecasts of their work, packed keys, games whose play repeats, and graph layout.

#[cfg(feature = "draw")]
pub mod face;
pub mod forecast;
#[cfg(feature = "draw")]
pub mod layout;
pub mod loopy;
pub mod notation;
pub mod outcome;
pub mod packed;
pub mod partizan;
pub mod play_help;
pub mod rules_core;
pub mod search;
pub mod theory;
pub mod two_ahead;
pub mod value;

#[cfg(feature = "draw")]
pub(crate) use face::{checked, worded};
#[cfg(feature = "draw")]
pub use face::{plain_face, Face};
pub use notation::Notation;
pub use play_help::PlayHelp;
pub use theory::{NimForm, Theory};
