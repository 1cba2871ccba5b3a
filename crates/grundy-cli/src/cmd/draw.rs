//! `grundy draw GAME POSITION... [-o FILE.svg] [--to-move first|second]`: the position drawn
//! as SVG (the page's board), for slides and worksheets. The drawing is the library's
//! (`grundy::draw`); this writes it to a file or to standard output.

use grundy::Convention;

use crate::cmd::analyze::parse_problem;
use crate::{emit, CliError, ErrorKind};

/// Arguments of `grundy draw`.
#[derive(clap::Args)]
pub struct Args {
    /// The game (e.g. nim, wythoff, hackenbush, graph:FILE; 'grundy games' lists them all).
    game: String,
    /// The position, as `grundy analyze` takes it.
    #[arg(allow_negative_numbers = true)]
    position: Vec<String>,
    /// Write the SVG to FILE (standard output when not given).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// The player to move: first or second (K-L-Nim's forbidden size and a graph's partizan
    /// edges depend on it).
    #[arg(long, value_name = "PLAYER", default_value = "first")]
    to_move: String,
    /// Print the moves the drawing offers (its data-move texts), one a line, after the SVG is
    /// written to FILE.
    #[arg(long, requires = "output")]
    moves: bool,
}

/// Runs `grundy draw`.
pub fn run(args: Args) -> Result<(), CliError> {
    let (game, position, options) = parse_problem(&args.game, &args.position, Convention::Normal, &args.to_move, None)?;
    let drawing = grundy::draw(&game, &position, options.to_move);
    let svg = drawing.svg + "\n";
    match &args.output {
        Some(path) => {
            std::fs::write(path, svg.as_bytes()).map_err(|e| {
                CliError::of_kind(ErrorKind::Io, format!("cannot write {}: {e}", path.display())).argument("--output")
            })?;
            eprintln!("wrote {} ({} moves to click)", path.display(), drawing.moves.len());
            if args.moves {
                emit(&drawing.moves.iter().map(|m| format!("{m}\n")).collect::<String>());
            }
        }
        None => emit(&svg),
    }
    Ok(())
}
