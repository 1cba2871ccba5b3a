//! A game, a position and how to analyse it, as `/api/analyze`, `/api/move` and `/api/draw`
//! receive them ([`Problem`]), with what a request asked in words and as a command line.

use http::StatusCode;
use serde::Deserialize;
use serde_json::Value;

use grundy::{AnalyzeError, AnalyzeOptions, Convention, Game, Player, Position};

use crate::error::{ApiError, Asked, Fail, Kind};
use crate::MAX_BUDGET;

/// A game, a position and how to analyse it, as the API receives them.
#[derive(Deserialize)]
pub(crate) struct Problem {
    pub(crate) game: String,
    /// Numbers, or strings for tokens such as `7/3`, `nim=5` and heaps past 2^53.
    pub(crate) position: Vec<Value>,
    #[serde(default)]
    pub(crate) misere: bool,
    /// Every-SG: each turn a move in every game of the sum still going.
    #[serde(default)]
    pub(crate) every: bool,
    #[serde(default)]
    pub(crate) to_move: Option<String>,
    #[serde(default)]
    pub(crate) budget: Option<u64>,
    /// The edges of the graph when `game` is `graph`, or of `geography` (one edge `u v` a
    /// line): the server reads no files, so the page sends the text itself.
    #[serde(default)]
    pub(crate) graph: Option<String>,
}

/// The most heaps a message quotes.
const QUOTED_HEAPS: usize = 12;
/// The most characters of one token a message quotes.
const QUOTED_CHARS: usize = 60;

/// A token as a message quotes it: shortened when long, in single quotes when the shell would
/// read it differently.
pub(crate) fn quote(token: &str) -> String {
    let mut t: String = token.chars().take(QUOTED_CHARS).collect();
    if t.len() < token.len() {
        t.push('…');
    }
    shell_word(&t)
}

/// A token as the shell reads it back: as it is, or in single quotes.
pub(crate) fn shell_word(t: &str) -> String {
    let t = t.to_string();
    let plain = !t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric() || ":,=/._+-".contains(c));
    if plain {
        t
    } else {
        format!("'{}'", t.replace('\'', r"'\''"))
    }
}

/// The game of a request as the command line writes it: a game sent by the name its facts give
/// a request (`graph`, with the edges in the request) is its catalogue spelling there
/// (`graph:FILE`, a file); any other as it is, read back by the shell.
fn command_game(game: &str) -> String {
    let sent_as_text = |kind: &&grundy::GameKind| grundy::frontend::GameFacts::of(kind).request_game == Some(game);
    match grundy::frontend::kind_of(game).filter(sent_as_text) {
        Some(kind) => kind.spelling.to_string(),
        None => shell_word(game),
    }
}

impl Problem {
    /// The game: by name, or a game on a graph with its edges in the `graph` field (the
    /// server reads no file, so `graph:FILE` is refused, saying what to send instead).
    fn game(&self) -> Result<Game, ApiError> {
        grundy::frontend::requested_game(&self.game, self.graph.as_deref()).map_err(ApiError::bad)
    }

    /// The position's tokens as the command line takes them.
    pub(crate) fn tokens(&self) -> Result<Vec<String>, ApiError> {
        self.position
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                // Numbers go through the same reader as text, so a negative or fractional
                // heap gets the same message as on the command line.
                // A JSON number past u64 arrives as a float whose digits are already lost: say so
                // rather than quote its float form.
                Value::Number(n) if n.is_f64() && n.as_f64().is_some_and(|f| f.abs() >= 9_007_199_254_740_992.0) => {
                    Err(ApiError::bad(format!(
                        "heap {} is a number past 18446744073709551615 (or not whole), whose digits JSON numbers do not keep; send heaps past 2^53 as strings of digits",
                        i + 1
                    )))
                }
                Value::Number(n) => Ok(n.to_string()),
                Value::String(s) => Ok(s.clone()),
                other => Err(ApiError::bad(format!("position entry {} ({other}) is not a number or a string", i + 1))),
            })
            .collect()
    }

    /// The game, position and options, each checked with a message naming the bad part.
    pub(crate) fn parse(&self) -> Result<(Game, Position, AnalyzeOptions), ApiError> {
        let game = self.game()?;
        let position = game.parse_position(&self.tokens()?).map_err(ApiError::bad)?;
        let to_move: Player = self.to_move.as_deref().unwrap_or("first").parse().map_err(ApiError::bad)?;
        let budget = match self.budget {
            Some(b) if b > MAX_BUDGET => {
                return Err(ApiError::bad(format!("budget {b} is past this server's cap {MAX_BUDGET}")))
            }
            Some(b) => b,
            None => MAX_BUDGET,
        };
        let convention = match (self.misere, self.every) {
            (true, true) => return Err(ApiError::bad("misere and every are two different conventions: ask for one")),
            (true, false) => Convention::Misere,
            (false, true) => Convention::Every,
            (false, false) => Convention::Normal,
        };
        Ok((game, position, AnalyzeOptions { convention, to_move, budget, ..AnalyzeOptions::default() }))
    }

    /// `analyze kayles 60 (misère)` and `grundy analyze kayles 60 --misere`: `verb` names what
    /// was asked, `command` and `flags` the subcommand that does it without a time limit.
    pub(crate) fn asked(&self, verb: &str, command: &str, flags: &str) -> Asked {
        let mut position: Vec<String> = match self.tokens() {
            Ok(tokens) => tokens.iter().take(QUOTED_HEAPS).map(|t| quote(t)).collect(),
            Err(_) => vec!["…".into()],
        };
        if self.position.len() > QUOTED_HEAPS {
            position.push(format!("… ({} heaps)", self.position.len()));
        }
        let position = position.join(" ");
        let game = quote(&self.game);
        let mut notes = Vec::new();
        if self.misere {
            notes.push("misère".to_string());
        }
        if self.every {
            notes.push("Every-SG".to_string());
        }
        if let Some(to_move) = self.to_move() {
            notes.push(format!("{} to move", quote(to_move)));
        }
        let notes = if notes.is_empty() { String::new() } else { format!(" ({})", notes.join(", ")) };
        let misere = match (self.misere, self.every) {
            (true, _) => " --misere",
            (_, true) => " --every",
            _ => "",
        };
        // The command is for copying and running: every heap, no token shortened.
        let whole = match self.tokens() {
            Ok(tokens) => tokens.iter().map(|t| shell_word(t)).collect::<Vec<_>>().join(" "),
            Err(_) => position.clone(),
        };
        Asked {
            what: format!("{verb} {game} {position}{notes}"),
            // A graph sent in the request is a file on the command line: a game named as its
            // facts say a request names it is written as its catalogue spelling (`graph:FILE`).
            command: format!("grundy {command} {} {whole}{misere}{flags}", command_game(&self.game)),
        }
    }

    /// The failure of an analysis of this problem, as an answer: a budget that ran out says what
    /// the work needs and, when a larger budget would do, that budget and the command line that
    /// asks for it (this server caps its budget at [`MAX_BUDGET`]; the command line allows more).
    pub(crate) fn failed(&self, e: AnalyzeError) -> Fail {
        match e {
            AnalyzeError::Stopped(s) => Fail::Stopped(s),
            // The library says what the work needs; the API names its own field within this
            // server's cap, the command line's flag past it.
            AnalyzeError::GaveUp(g) => {
                let suggested = g.suggested_budget();
                let advice = match suggested {
                    Some(b) if b <= MAX_BUDGET => format!(": send \"budget\": {b}"),
                    Some(b) => format!(
                        ": past this server's cap of {MAX_BUDGET}; `grundy analyze` on the command line takes --budget {b}"
                    ),
                    None => String::new(),
                };
                let mut error = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Budget, format!("{g}{advice}"));
                if let Some(b) = suggested {
                    let flags = format!("{} --budget {b}", self.to_move_flag());
                    error.command = Some(self.asked("analyze", "analyze", &flags).command);
                    error.budget = Some((b, g.what.units().to_string()));
                }
                Fail::Api(error)
            }
            // The other kinds are about this request's input (not answerable).
            e => Fail::Api(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Unsupported, e)),
        }
    }

    /// The same game and options at another position, with `to_move` to move.
    pub(crate) fn at(&self, tokens: Vec<String>, to_move: Player) -> Problem {
        Problem {
            game: self.game.clone(),
            position: tokens.into_iter().map(Value::String).collect(),
            misere: self.misere,
            every: self.every,
            to_move: Some(to_move.to_string()),
            budget: self.budget,
            graph: self.graph.clone(),
        }
    }

    /// ` --to-move second` when the first player is not to move.
    pub(crate) fn to_move_flag(&self) -> String {
        self.to_move().map(|p| format!(" --to-move {}", quote(p))).unwrap_or_default()
    }

    /// The player to move when it is not the first.
    fn to_move(&self) -> Option<&str> {
        self.to_move.as_deref().filter(|p| *p != "first")
    }

    /// The flags of `grundy analyze` beyond `--misere`.
    pub(crate) fn analyze_flags(&self) -> String {
        let budget = self.budget.map(|b| format!(" --budget {b}")).unwrap_or_default();
        format!("{}{budget}", self.to_move_flag())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn messages_quote_what_the_shell_would_split() {
        assert_eq!(quote("subtraction:2,5"), "subtraction:2,5");
        assert_eq!(quote("nim=7"), "nim=7");
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), r"'it'\''s'");
        assert_eq!(quote(""), "''");
        assert_eq!(quote(&"9".repeat(100)), format!("'{}…'", "9".repeat(QUOTED_CHARS)));
        let p = Problem {
            game: "kl:2,3".into(),
            position: (1..=20).map(|n| json!(n)).collect(),
            misere: true,
            every: false,
            to_move: Some("second".into()),
            budget: Some(100),
            graph: None,
        };
        let a = p.asked("analyze", "analyze", &p.analyze_flags());
        assert_eq!(a.what, "analyze kl:2,3 1 2 3 4 5 6 7 8 9 10 11 12 … (20 heaps) (misère, second to move)");
        // The message shortens the position; the command to copy and run has every heap.
        assert_eq!(
            a.command,
            "grundy analyze kl:2,3 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 --misere --to-move second --budget 100"
        );
    }

    /// A game sent as its facts name it with its graph in the request (`graph`) is a file on
    /// the command line (`graph:FILE`); every other name is kept, quoted for the shell.
    #[test]
    fn commands_name_a_graph_sent_as_text_by_its_file() {
        assert_eq!(command_game("graph"), "graph:FILE");
        for game in ["nim", "geography:maze.txt", "kl:2,3", "northcott"] {
            assert_eq!(command_game(game), game);
        }
        assert_eq!(command_game("a b"), "'a b'");
    }
}
