//! One module per subcommand.

pub mod analyze;
pub mod sg;
pub mod factor;
pub mod verify;
pub mod play;
pub mod serve;
