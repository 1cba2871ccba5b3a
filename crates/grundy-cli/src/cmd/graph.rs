//! `grundy graph export GAME POSITION... [--budget N]`: the positions reachable from a position
//! of any game, as `u v` lines that `graph:FILE` reads back.

use grundy::frontend::DEFAULT_BUDGET;
use grundy::Convention;

use crate::cmd::analyze::parse_problem;
use crate::{emit, CliError};

/// Arguments of `grundy graph`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: GraphCommand,
}

#[derive(clap::Subcommand)]
enum GraphCommand {
    /// Write the positions reachable from a position of any game as the lines 'u v' of a graph
    /// (vertices named by the position's tokens joined by commas), for graph:FILE.
    Export(ExportArgs),
}

/// Arguments of `grundy graph export`.
#[derive(clap::Args)]
struct ExportArgs {
    /// The game (e.g. nim, wythoff, kl:2,3; 'grundy games' lists them all).
    game: String,
    /// The position, as `grundy analyze` takes it.
    #[arg(allow_negative_numbers = true, required = true)]
    position: Vec<String>,
    /// The most positions listed (2,000,000 by default).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    budget: Option<String>,
}

/// Runs `grundy graph`.
pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        GraphCommand::Export(a) => {
            let (game, position, options) =
                parse_problem(&a.game, &a.position, Convention::Normal, "first", a.budget.as_deref())?;
            let budget = if a.budget.is_some() { options.budget } else { DEFAULT_BUDGET };
            let text = grundy::frontend::export_graph(&game, &position, budget).map_err(CliError::analysis)?;
            emit(&text);
            Ok(())
        }
    }
}
