//! Games and positions that name files: `geography:FILE` (the graph, one edge `u v` a line;
//! `-` reads standard input) and a Hackenbush picture `@FILE`. The files are read here, their
//! size bounded first, and the text handed to the library, which does no I/O.

use std::io::Read;

use grundy::Game;

use crate::{CliError, ErrorKind};

/// The most bytes a graph or picture file may hold (64 MiB: a few million edges).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Reads `path` (`-`: standard input), at most [`MAX_FILE_BYTES`]; `what` names it in errors.
fn read_bounded(path: &str, what: &str) -> Result<String, CliError> {
    let mut bytes = vec![];
    let io = |e: std::io::Error| CliError::of_kind(ErrorKind::Io, format!("{what}: cannot read '{path}': {e}"));
    let read = if path == "-" {
        std::io::stdin().lock().take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)
    } else {
        let file = std::fs::File::open(path).map_err(io)?;
        file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)
    };
    read.map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(CliError::usage(format!("{what}: '{path}' is larger than {} MiB", MAX_FILE_BYTES >> 20)));
    }
    String::from_utf8(bytes).map_err(|_| CliError::usage(format!("{what}: '{path}' is not UTF-8 text")))
}

/// The game named by GAME: `geography:FILE` reads its graph from FILE; any other game is
/// parsed by the library.
pub fn game(spelling: &str) -> Result<Game, CliError> {
    if let Some(path) = spelling.strip_prefix("geography:") {
        let text = read_bounded(path, "GAME").map_err(|e| e.argument("GAME"))?;
        return Game::geography(path, &text).map_err(|e| CliError::usage(e).argument("GAME"));
    }
    spelling.parse().map_err(|e| CliError::usage(e).argument("GAME"))
}

/// The position's tokens, a Hackenbush picture `@FILE` replaced by the file's text.
pub fn position(game: &Game, tokens: &[String]) -> Result<Vec<String>, CliError> {
    if game.to_string() != "hackenbush" {
        return Ok(tokens.to_vec());
    }
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| match t.strip_prefix('@') {
            Some(path) => read_bounded(path, &format!("picture {}", i + 1)).map_err(|e| e.argument("POSITION")),
            None => Ok(t.clone()),
        })
        .collect()
}
