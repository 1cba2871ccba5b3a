//! A question about one position as a program sends it: the fields of the web API's analyze
//! request (`game`, `position`, `misere`, `every`, `to_move`, `budget`, `limit`), read from
//! JSON by serde and checked into a game, a position and options with errors that name the bad
//! field. `grundy batch` reads one per line; keeping the reading here means every front end
//! that takes such a question refuses the same input in the same words.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

use crate::error::{AnalyzeError, ParseGameError, ParsePositionError};
use crate::game::{Convention, Game, Player, Position};
use crate::number::parse_u64;
use crate::solve::analysis::{analyze, Analysis, AnalyzeOptions, DEFAULT_BUDGET};

/// Above this a JSON number cannot be told from its neighbours: a float keeps 53 bits.
const EXACT_IN_A_FLOAT: f64 = 9_007_199_254_740_992.0;

/// One entry of a position as JSON carries it: a whole number, or a string (`"7/3"`, `"nim=5"`,
/// or the digits of a heap past 2^53, which a JavaScript number cannot hold).
#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    /// A whole number that fits u64.
    Whole(u64),
    /// A negative whole number (refused by the position's parser, in its words).
    Negative(i64),
    /// A number with a fraction or an exponent, or one past u64.
    Real(f64),
    /// A string, read as the command line reads a token.
    Text(String),
}

impl<'de> Deserialize<'de> for Token {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Token, D::Error> {
        struct TokenVisitor;

        impl Visitor<'_> for TokenVisitor {
            type Value = Token;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number or a string")
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Token, E> {
                Ok(Token::Whole(v))
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Token, E> {
                Ok(u64::try_from(v).map_or(Token::Negative(v), Token::Whole))
            }

            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Token, E> {
                Ok(Token::Real(v))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Token, E> {
                Ok(Token::Text(v.to_string()))
            }

            fn visit_string<E: de::Error>(self, v: String) -> Result<Token, E> {
                Ok(Token::Text(v))
            }
        }

        deserializer.deserialize_any(TokenVisitor)
    }
}

/// A limit on the moves listed one by one: a whole number, or a string of its digits.
#[derive(Clone, Debug, PartialEq)]
pub enum ListLimit {
    /// A whole number of moves.
    Moves(u64),
    /// Anything else JSON can hold; refused when the query is checked.
    Other(String),
}

impl<'de> Deserialize<'de> for ListLimit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ListLimit, D::Error> {
        struct LimitVisitor;

        impl<'de> Visitor<'de> for LimitVisitor {
            type Value = ListLimit;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number of moves")
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<ListLimit, E> {
                Ok(ListLimit::Moves(v))
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<ListLimit, E> {
                Ok(u64::try_from(v).map_or(ListLimit::Other(v.to_string()), ListLimit::Moves))
            }

            fn visit_f64<E: de::Error>(self, v: f64) -> Result<ListLimit, E> {
                Ok(ListLimit::Other(v.to_string()))
            }

            fn visit_bool<E: de::Error>(self, v: bool) -> Result<ListLimit, E> {
                Ok(ListLimit::Other(v.to_string()))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<ListLimit, E> {
                Ok(parse_u64(v, "limit").map_or(ListLimit::Other(format!("\"{v}\"")), ListLimit::Moves))
            }

            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<ListLimit, A::Error> {
                while seq.next_element::<de::IgnoredAny>()?.is_some() {}
                Ok(ListLimit::Other("(a list)".into()))
            }

            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<ListLimit, A::Error> {
                while map.next_entry::<de::IgnoredAny, de::IgnoredAny>()?.is_some() {}
                Ok(ListLimit::Other("(an object)".into()))
            }
        }

        deserializer.deserialize_any(LimitVisitor)
    }
}

/// A question about one position: the body of the web API's `POST /api/analyze` and one line of
/// `grundy batch`. Unknown fields are ignored, as the API ignores them.
///
/// ```
/// use grundy::{analyze, Outcome};
/// use grundy::frontend::Query;
/// let query: Query = serde_json::from_str(r#"{"game": "nim", "position": [1, 2, "3"]}"#).unwrap();
/// let asked = query.check(grundy::frontend::MAX_BUDGET).unwrap();
/// let answer = analyze(&asked.game, &asked.position, &asked.options).unwrap();
/// assert_eq!(answer.outcome, Outcome::P);
/// ```
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Query {
    /// The game, as the command line writes it (`nim`, `bounded:3`, `sum`, ...).
    pub game: String,
    /// The position's tokens: numbers, or strings for tokens that are not plain numbers.
    pub position: Vec<Token>,
    /// Misère play: whoever makes the last move loses.
    #[serde(default)]
    pub misere: bool,
    /// Every-SG: each turn a move in every game of the sum still going.
    #[serde(default)]
    pub every: bool,
    /// Who is to move: `first` (the default) or `second`.
    #[serde(default)]
    pub to_move: Option<String>,
    /// The most positions a search may visit (the default budget when absent).
    #[serde(default)]
    pub budget: Option<u64>,
    /// The most winning moves listed one by one; the count and the families stay whole.
    #[serde(default)]
    pub limit: Option<ListLimit>,
    /// Whether to write the explanation; absent, the front end's default (the API explains,
    /// `grundy batch` does not unless asked).
    #[serde(default)]
    pub explain: Option<bool>,
    /// The edges of the graph, one `u v` a line, when `game` is `graph` or `geography`: a query
    /// carries its graph as text, since whoever answers it reads no files.
    #[serde(default)]
    pub graph: Option<String>,
}

/// The game a request names, with the text of its graph for the games on a graph: `graph`
/// (edges as [`Game::graph`] reads them) and `geography` or `geography:NAME` (NAME only names
/// it). A request carries no files, so `graph:FILE` is refused saying what to send instead.
/// The error is a [`ParseGameError`].
///
/// ```
/// use grundy::solve::query::requested_game;
/// assert!(requested_game("nim", None).is_ok());
/// assert!(requested_game("graph", Some("a b\nb a\n")).is_ok());
/// assert!(requested_game("graph", None).unwrap_err().to_string().contains("needs its edges"));
/// assert!(requested_game("graph:edges.txt", None).unwrap_err().to_string().contains("reads no files"));
/// assert!(requested_game("sum", Some("a b")).unwrap_err().to_string().contains("not of game 'sum'"));
/// ```
pub fn requested_game(name: &str, graph: Option<&str>) -> Result<Game, ParseGameError> {
    if name == "graph" {
        let text = graph.ok_or_else(|| {
            ParseGameError::new(
                "game 'graph' needs its edges: send them as the text of the 'graph' field, one 'u v' a line",
            )
        })?;
        return Game::graph("graph", text);
    }
    if name.starts_with("graph:") {
        return Err(ParseGameError::new(
            "a request reads no files: send \"game\": \"graph\" with the edges as the text of the \"graph\" field",
        ));
    }
    let geography = match name {
        "geography" => Some("graph"),
        g => g.strip_prefix("geography:"),
    };
    match (geography, graph) {
        (Some(label), Some(text)) => Game::geography(label, text),
        (Some(_), None) => Err(ParseGameError::new(
            "game geography needs the text of its graph in `graph` (one edge 'u v' a line): a request reads no files",
        )),
        // The field would be ignored: say so rather than answer as if it had been read.
        (None, Some(_)) => Err(ParseGameError::new(format!(
            "the 'graph' field gives the edges of game graph or geography, not of game '{name}' (a sum cannot hold a game on a graph): send it only with one of those"
        ))),
        (None, None) => name.parse(),
    }
}

/// A [`Query`] checked: what [`crate::analyze`] takes, and the listing limit.
#[derive(Clone, Debug)]
pub struct CheckedQuery {
    /// The game.
    pub game: Game,
    /// The position.
    pub position: Position,
    /// Convention, player to move and budget.
    pub options: AnalyzeOptions,
    /// The most winning moves to list one by one, when the query asks for a limit.
    pub limit: Option<usize>,
}

/// Why a [`Query`] is refused: the field at fault and a one-line message naming the bad part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct QueryError {
    /// The field at fault (`game`, `position`, `to_move`, `budget`, `limit`, or `misere` for two
    /// conventions at once).
    pub field: &'static str,
    /// What is wrong, in one line.
    pub message: String,
}

impl QueryError {
    fn new(field: &'static str, message: impl Into<String>) -> QueryError {
        QueryError { field, message: message.into() }
    }
}

/// Why a query gets no analysis, as a line of `grundy batch` (and Python's `grundy.batch`)
/// answers it: the error object's kind, the field at fault (`argument`), and the message.
/// [`RefusedLine`] is the whole answer.
///
/// ```
/// use grundy::frontend::{QueryRefusal, RefusedLine};
/// let r = QueryRefusal::bad_input(Some("position"), "heap 1 '-1' is negative".into());
/// assert_eq!(
///     serde_json::to_string(&RefusedLine { error: &r, line: 2 }).unwrap(),
///     r#"{"error":{"argument":"position","kind":"bad_input","message":"heap 1 '-1' is negative"},"line":2}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QueryRefusal {
    /// The field at fault, if one is.
    #[serde(rename = "argument")]
    pub field: Option<&'static str>,
    /// `bad_input` (the query), `gave_up` (its budget ran out), `refused` (the library refused
    /// it), or a front end's own (`memory`, `internal`).
    pub kind: &'static str,
    /// What is wrong, in one line.
    pub message: String,
}

impl QueryRefusal {
    /// A refusal of the query's text or fields.
    pub fn bad_input(field: Option<&'static str>, message: String) -> QueryRefusal {
        QueryRefusal { kind: "bad_input", field, message }
    }
}

/// The answer to query number `line` (counted from 1) that was refused, as `grundy batch`
/// writes it: `{"error": {"argument", "kind", "message"}, "line": line}`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RefusedLine<'a> {
    /// Why.
    pub error: &'a QueryRefusal,
    /// Which query, from 1.
    pub line: u64,
}

impl From<QueryError> for QueryRefusal {
    fn from(e: QueryError) -> QueryRefusal {
        QueryRefusal::bad_input(Some(e.field), e.message)
    }
}

impl CheckedQuery {
    /// The analysis a batch line answers: its listing limit applied (the explanation, unless
    /// asked for, left empty), a budget that ran out refused as `gave_up` naming the budget
    /// that is enough when it is known and within `max_budget` (the cap the query was checked
    /// against), any other refusal of the library as `refused`.
    pub fn answer(&self, max_budget: u64) -> Result<Analysis, QueryRefusal> {
        let mut analysis = analyze(&self.game, &self.position, &self.options).map_err(|e| match e {
            AnalyzeError::GaveUp(g) => QueryRefusal {
                kind: "gave_up",
                field: Some("budget"),
                message: match g.suggested_budget() {
                    Some(b) if b <= max_budget => format!("{g}: send \"budget\": {b}"),
                    _ => g.to_string(),
                },
            },
            e => QueryRefusal { kind: "refused", field: None, message: e.to_string() },
        })?;
        if let Some(limit) = self.limit {
            analysis.list_at_most(limit, "the query's limit");
            if !self.options.explain {
                // The listing notes what it left out in the explanation too; unasked, it stays
                // empty.
                analysis.explanation.clear();
            }
        }
        Ok(analysis)
    }
}

impl Token {
    /// The token as the command line would have it, or why it cannot be one. `place` is its
    /// 1-based place in the position. The error is a [`ParsePositionError`].
    ///
    /// ```
    /// use grundy::frontend::Token;
    /// assert_eq!(Token::Whole(7).text(1).unwrap(), "7");
    /// let e = Token::Real(1e300).text(2).unwrap_err();
    /// assert!(e.to_string().starts_with("heap 2 is a number past 18446744073709551615"));
    /// ```
    pub fn text(&self, place: usize) -> Result<String, ParsePositionError> {
        match self {
            Token::Whole(n) => Ok(n.to_string()),
            Token::Negative(n) => Ok(n.to_string()),
            Token::Text(s) => Ok(s.clone()),
            // A JSON number past 2^53 arrives as a float whose digits are already lost: say so
            // rather than quote its float form.
            Token::Real(f) if f.abs() >= EXACT_IN_A_FLOAT => Err(ParsePositionError::new(format!(
                "heap {place} is a number past 18446744073709551615 (or not whole), whose digits JSON numbers do not keep; send heaps past 2^53 as strings of digits"
            ))),
            Token::Real(f) => Ok(f.to_string()),
        }
    }
}

impl Query {
    /// The position's tokens as the command line takes them.
    pub fn tokens(&self) -> Result<Vec<String>, QueryError> {
        self.position
            .iter()
            .enumerate()
            .map(|(i, t)| t.text(i + 1).map_err(|m| QueryError::new("position", m.to_string())))
            .collect()
    }

    /// The convention the flags ask for; misère and Every-SG at once is refused.
    pub fn convention(&self) -> Result<Convention, QueryError> {
        match (self.misere, self.every) {
            (true, true) => {
                Err(QueryError::new("misere", "misere and every are two different conventions: ask for one"))
            }
            (true, false) => Ok(Convention::Misere),
            (false, true) => Ok(Convention::Every),
            (false, false) => Ok(Convention::Normal),
        }
    }

    /// Checks every field, naming the first bad one; a budget past `max_budget` is refused.
    /// The explanation is written unless the query says `"explain": false`.
    pub fn check(&self, max_budget: u64) -> Result<CheckedQuery, QueryError> {
        let game =
            requested_game(&self.game, self.graph.as_deref()).map_err(|e| QueryError::new("game", e.to_string()))?;
        let position = game
            .parse_position(&self.tokens()?)
            .map_err(|e: crate::error::ParsePositionError| QueryError::new("position", e.to_string()))?;
        let to_move: Player = self
            .to_move
            .as_deref()
            .unwrap_or("first")
            .parse()
            .map_err(|e: String| QueryError::new("to_move", e.replace("--to-move", "to_move")))?;
        let budget = match self.budget {
            Some(b) if b > max_budget => {
                return Err(QueryError::new("budget", format!("budget {b} is past the cap of {max_budget}")))
            }
            Some(b) => b,
            None => DEFAULT_BUDGET.min(max_budget),
        };
        let limit = match &self.limit {
            None => None,
            Some(ListLimit::Moves(n)) => Some(usize::try_from(*n).unwrap_or(usize::MAX)),
            Some(ListLimit::Other(v)) => {
                return Err(QueryError::new(
                    "limit",
                    format!("limit {v} is not a number of moves: send a whole number, 0 or more (e.g. \"limit\": 100), or leave it out"),
                ))
            }
        };
        let convention = self.convention()?;
        Ok(CheckedQuery {
            game,
            position,
            options: AnalyzeOptions {
                convention,
                to_move,
                budget,
                explain: self.explain.unwrap_or(true),
                ..AnalyzeOptions::default()
            },
            limit,
        })
    }
}
