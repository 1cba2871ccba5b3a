//! One module per subcommand.

pub mod analyze;
pub mod factor;
pub mod play;
pub mod serve;
pub mod sg;
pub mod verify;
