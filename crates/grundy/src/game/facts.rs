//! What a front end needs to know to show a kind of game, so that none branches on game names:
//! how the game is sent and typed, how its rows are drawn, and the words of its panel. The
//! shapes come from the game's own rules (its capabilities); the words of the few kinds whose
//! words differ from every other's are listed here, by the kind's spelling in the catalogue.
//! `/api/games` serves them with each kind, and the web page reads them.

use serde::Serialize;

use super::{Game, Position};
use crate::rules::catalogue::GameKind;

/// How the rows under a game's drawing show its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rows {
    /// One row per number, with a button per object.
    Numbers,
    /// The one number with its prime factorisation, a button per prime power: a game that is
    /// Nim on numbers its position stands for ([`crate::rules::board::BoardRules::nim_heaps`]).
    Factors,
    /// One row per token on a graph, a button per edge out of its vertex.
    Graph,
    /// Each token as its text (pictures, paths): tokens that are not numbers
    /// ([`crate::rules::board::BoardRules::written_as_text`]).
    Text,
}

/// The words of the binary balance table of Bouton's theorem, as a game names its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BalanceWords {
    /// The table's title, e.g. "Binary balance table of the heap values".
    pub title: &'static str,
    /// The rows together: "heaps", "exponents", "heap values".
    pub rows: &'static str,
    /// One row, before its number: "heap", "exponent".
    pub row: &'static str,
    /// What a winning move does to a row: `take` (the row is a heap: take the difference),
    /// `lower` (lower the row by the difference), or `value` (a move to the value that wins,
    /// which may be larger).
    pub moves: &'static str,
}

/// How the rows of a game drawn as text ([`Rows::Text`]) are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TextRows {
    /// A row's name: "picture", "path".
    pub label: &'static str,
    /// Whether the name takes the row's number ("picture 2"); false for a game of one token.
    pub numbered: bool,
    /// The token of a row with nothing left in it (`0`, `-`), and what the row says instead.
    pub empty: [&'static str; 2],
}

/// What a front end needs to show a kind of game (see the module's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameFacts {
    /// The game's name in a request when it is not the example's spelling: `graph` for tokens
    /// on a graph, whose file a request sends as text (`graph:FILE` names a file).
    pub request_game: Option<&'static str>,
    /// Whether the game reads a graph's text (one edge a line), which a request sends in its
    /// `graph` field.
    pub graph_text: bool,
    /// How the rows under the drawing show the position.
    pub rows: Rows,
    /// The name of the values the answer is the nim-sum of, e.g. "Heap values".
    pub values_label: &'static str,
    /// The words of the balance table.
    pub balance: BalanceWords,
    /// How rows of text are named, for [`Rows::Text`].
    pub text_rows: Option<TextRows>,
}

/// The balance table's words for most games: rows of heap values, where a move may also raise
/// a value.
const VALUES: BalanceWords =
    BalanceWords { title: "Binary balance table of the heap values", rows: "heap values", row: "heap", moves: "value" };

/// The words of the kinds whose words differ from the others': the spelling in the catalogue,
/// the values' name, the balance table's words, and the names of rows of text.
const WORDS: &[(&str, &str, BalanceWords, Option<TextRows>)] = &[
    // Bouton's theorem on the heaps themselves.
    (
        "nim",
        "Heap values",
        BalanceWords { title: "Binary balance table", rows: "heaps", row: "heap", moves: "take" },
        None,
    ),
    // Nim on the exponents of n's prime factorisation.
    (
        "divisor",
        "Prime exponents",
        BalanceWords {
            title: "Binary balance table of the prime exponents",
            rows: "exponents",
            row: "exponent",
            moves: "lower",
        },
        None,
    ),
    (
        "hackenbush",
        "Heap values",
        VALUES,
        Some(TextRows { label: "picture", numbered: true, empty: ["0", "no edges left"] }),
    ),
    (
        "geography:FILE",
        "Heap values",
        VALUES,
        Some(TextRows { label: "path", numbered: false, empty: ["-", "the token is not placed yet"] }),
    ),
];

impl GameFacts {
    /// The facts of `kind`, read from its example game and position.
    ///
    /// ```
    /// use grundy::game::facts::{GameFacts, Rows};
    /// let kind = |s: &str| grundy::GAMES.iter().find(|g| g.spelling == s).unwrap();
    /// assert_eq!(GameFacts::of(kind("graph:FILE")).rows, Rows::Graph);
    /// assert_eq!(GameFacts::of(kind("graph:FILE")).request_game, Some("graph"));
    /// assert_eq!(GameFacts::of(kind("divisor")).balance.rows, "exponents");
    /// assert_eq!(GameFacts::of(kind("kayles")).rows, Rows::Numbers);
    /// ```
    pub fn of(kind: &GameKind) -> GameFacts {
        let game = Game::example_of(kind).ok();
        let tokens: Vec<&str> = kind.example_position.split_whitespace().collect();
        let position = game.as_ref().and_then(|g| g.parse_position(&tokens).ok());
        let on_graph = game.as_ref().is_some_and(|g| g.as_graph().is_some());
        let rows = match &position {
            _ if on_graph => Rows::Graph,
            Some(Position::Board(b, _)) if b.rules().written_as_text() => Rows::Text,
            Some(Position::Board(b, numbers)) if b.rules().nim_heaps(numbers).is_some() => Rows::Factors,
            _ => Rows::Numbers,
        };
        let words = WORDS.iter().find(|w| w.0 == kind.spelling);
        GameFacts {
            request_game: on_graph.then_some("graph"),
            graph_text: crate::rules::catalogue::example_graph(kind).is_some(),
            rows,
            values_label: words.map_or("Heap values", |w| w.1),
            balance: words.map_or(VALUES, |w| w.2),
            text_rows: words.and_then(|w| w.3),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalogue::GAMES;

    /// Every kind the words name is in the catalogue, and rows of text have their names
    /// exactly when the game is drawn as text.
    #[test]
    fn words_name_kinds_of_the_catalogue() {
        for w in WORDS {
            assert!(GAMES.iter().any(|g| g.spelling == w.0), "{}", w.0);
        }
        for g in GAMES {
            let facts = GameFacts::of(g);
            assert_eq!(facts.rows == Rows::Text, facts.text_rows.is_some(), "{}", g.spelling);
        }
    }
}
