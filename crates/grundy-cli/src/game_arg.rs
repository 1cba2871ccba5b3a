//! The GAME and POSITION arguments where they may name files: `graph:FILE` reads the edges of
//! a directed graph, `geography:FILE` an undirected one (`-` reads standard input), a
//! Hackenbush picture `@FILE` its edges, and any other position `@FILE` (or `-`) its tokens. The files are read here, their size bounded before
//! reading, and the text handed to the library, which does no I/O. Every other game is read by
//! the library from its name alone.

use std::io::Read;

use grundy::frontend::MAX_GRAPH_BYTES;
use grundy::Game;

use crate::{CliError, ErrorKind};

/// The most tokens a position read from files may have: a million heaps (a judge's inputs
/// have 200,000), answered in a few hundred MB with `--json`.
pub const MAX_POSITION_TOKENS: usize = 1_000_000;

/// Reads the GAME argument: a game by name, or `graph:FILE` / `geography:FILE` with its file
/// read (bounded by [`MAX_GRAPH_BYTES`] before reading). `stdin_free`: whether standard input
/// may be read (not in `grundy play`, whose moves come from it).
pub fn read_game(spelling: &str, stdin_free: bool) -> Result<Game, CliError> {
    if let Some(path) = spelling.strip_prefix("graph:") {
        let text = read_text("graph:", path, stdin_free).map_err(|e| e.argument("GAME"))?;
        return Game::graph(spelling, &text).map_err(|e| CliError::usage(e).argument("GAME"));
    }
    if let Some(path) = spelling.strip_prefix("geography:") {
        let text = read_text("geography:", path, stdin_free).map_err(|e| e.argument("GAME"))?;
        return Game::geography(path, &text).map_err(|e| CliError::usage(e).argument("GAME"));
    }
    spelling.parse().map_err(|e| CliError::usage(e).argument("GAME"))
}

/// The position's tokens, with those that name a file read: `@FILE` (`@-`, or a lone `-` in a
/// game that has no token `-`: standard input) stands for the whitespace-separated tokens of the file, so that a position
/// too long for a command line (200,000 heaps) can be given; for a game of pictures
/// (Hackenbush, Arc Kayles) it stands for one picture, the file's whole text. Files are bounded
/// as graph files are.
pub fn read_position(game: &Game, tokens: &[String], stdin_free: bool) -> Result<Vec<String>, CliError> {
    let pictures = game.picture_name();
    // A game whose positions spell something `-` (geography: no token placed yet) keeps it.
    let dash_is_a_token = || game.parse_position(&["-"]).is_ok();
    let mut out = Vec::with_capacity(tokens.len());
    for (i, t) in tokens.iter().enumerate() {
        let path = match (t.as_str(), t.strip_prefix('@')) {
            ("-", _) if !dash_is_a_token() => "-",
            (_, Some(path)) => path,
            _ => {
                out.push(t.clone());
                continue;
            }
        };
        let prefix = match pictures {
            Some(name) => format!("{name} {}: @", i + 1),
            None => "POSITION @".to_owned(),
        };
        if path == "-" && !stdin_free {
            return Err(CliError::usage(
                "- reads the position from standard input, which grundy play needs for your moves: give it as @FILE",
            )
            .argument("POSITION"));
        }
        let text = read_text(&prefix, path, stdin_free).map_err(|e| e.argument("POSITION"))?;
        if pictures.is_some() {
            out.push(text);
        } else {
            // Counted before they are kept: each token costs tens of bytes on its way to an
            // answer (its string, its number, its part of the JSON), so their number is
            // bounded, not only the file's bytes.
            let tokens = text.split_whitespace().count();
            if out.len().saturating_add(tokens) > MAX_POSITION_TOKENS {
                return Err(CliError::of_kind(
                    ErrorKind::Refused,
                    format!(
                        "{prefix}{path}: {tokens} tokens make a position of more than {MAX_POSITION_TOKENS}, the most grundy reads (a sum of that many heaps: answer it in parts, as the nim-sum of the parts' values)"
                    ),
                )
                .argument("POSITION"));
            }
            out.extend(text.split_whitespace().map(str::to_owned));
        }
    }
    if tokens.is_empty() {
        return Err(CliError::usage(format!(
            "no position given: name it after the game (its tokens, as `grundy analyze {game}` takes them), or as @FILE"
        ))
        .argument("POSITION"));
    }
    if out.is_empty() {
        return Err(CliError::usage("the position is empty: the file named holds no token").argument("POSITION"));
    }
    Ok(out)
}

/// The text of `path` (`-`: standard input), refused past [`MAX_GRAPH_BYTES`] or when it is
/// not UTF-8. `prefix` is how the argument spells what comes before the path (`graph:`,
/// `picture 2: @`), so that errors name it.
fn read_text(prefix: &str, path: &str, stdin_free: bool) -> Result<String, CliError> {
    let too_large = || {
        CliError::of_kind(
            ErrorKind::Refused,
            format!(
                "{prefix}{path}: the file is larger than {} MiB, the most grundy reads (about 20 million edges)",
                MAX_GRAPH_BYTES >> 20
            ),
        )
    };
    let io = |e: std::io::Error| CliError::of_kind(ErrorKind::Io, format!("{prefix}{path}: cannot read '{path}': {e}"));
    if path.is_empty() {
        return Err(CliError::usage(format!("{prefix}FILE needs a file of edges ({prefix}- reads standard input)")));
    }
    let mut bytes = vec![];
    if path == "-" {
        if !stdin_free {
            return Err(CliError::usage(format!(
                "{prefix}- reads the graph from standard input, which grundy play needs for your moves: the graph must come from a file ({prefix}FILE)"
            )));
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
        CliError::usage(format!(
            "{prefix}{path}: the file is not UTF-8 text (at byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}
