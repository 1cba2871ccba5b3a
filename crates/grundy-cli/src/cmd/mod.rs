//! One module per subcommand.

pub mod analyze;
pub mod factor;
pub mod verify;
