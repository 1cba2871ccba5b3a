//! The GAME argument, where a game may name a file: `graph:FILE` reads the edges of a graph
//! from FILE (`graph:-` from standard input) and hands the text to the library, which does no
//! I/O. Every other game is read by the library from its name alone.

use std::io::Read;

use grundy::rules::board::graph::MAX_GRAPH_BYTES;
use grundy::Game;

use crate::{CliError, ErrorKind};

/// Reads the GAME argument: a game by name, or `graph:FILE` with its file read (bounded by
/// [`MAX_GRAPH_BYTES`] before reading). `stdin_free`: whether standard input may be read
/// (not in `grundy play`, whose moves come from it).
pub fn read_game(spelling: &str, stdin_free: bool) -> Result<Game, CliError> {
    let Some(path) = spelling.strip_prefix("graph:") else {
        return spelling.parse().map_err(|e| CliError::usage(e).argument("GAME"));
    };
    let text = read_text(path, stdin_free).map_err(|e| e.argument("GAME"))?;
    Game::graph(spelling, &text).map_err(|e| CliError::usage(e).argument("GAME"))
}

/// The text of `path` (`-`: standard input), refused past [`MAX_GRAPH_BYTES`] or when it is
/// not UTF-8.
fn read_text(path: &str, stdin_free: bool) -> Result<String, CliError> {
    let too_large = || {
        CliError::of_kind(
            ErrorKind::Refused,
            format!(
                "graph:{path}: the graph is larger than {} MiB, the most grundy reads (about 20 million edges)",
                MAX_GRAPH_BYTES >> 20
            ),
        )
    };
    let io = |e: std::io::Error| CliError::of_kind(ErrorKind::Io, format!("graph:{path}: cannot read '{path}': {e}"));
    if path.is_empty() {
        return Err(CliError::usage("graph:FILE needs a file of edges (graph:- reads standard input)"));
    }
    let mut bytes = vec![];
    if path == "-" {
        if !stdin_free {
            return Err(CliError::usage(
                "graph:- reads the graph from standard input, which grundy play needs for your moves: give the graph as a file (graph:FILE)",
            ));
        }
        std::io::stdin().lock().take(MAX_GRAPH_BYTES + 1).read_to_end(&mut bytes).map_err(io)?;
    } else {
        let file = std::fs::File::open(path).map_err(io)?;
        if file.metadata().map_err(io)?.len() > MAX_GRAPH_BYTES {
            return Err(too_large());
        }
        file.take(MAX_GRAPH_BYTES + 1).read_to_end(&mut bytes).map_err(io)?;
    }
    if bytes.len() as u64 > MAX_GRAPH_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        CliError::usage(format!("graph:{path}: the file is not UTF-8 text (at byte {})", e.utf8_error().valid_up_to()))
    })
}
