//! What a front end needs to know to show a kind of game, so that none branches on game names:
//! how the game is sent and typed, how its rows are drawn, and the words of its panel. All of it
//! comes from the game's own rules (its capabilities and words: [`HeapRule::value_words`],
//! [`Theory::value_words`], [`Notation::text_rows`]), so that this file names no game.
//! `/api/games` serves them with each kind, and the web page reads them.
//!
//! [`HeapRule::value_words`]: crate::rules::HeapRule::value_words
//! [`Theory::value_words`]: crate::rules::board::Theory::value_words
//! [`Notation::text_rows`]: crate::rules::board::Notation::text_rows

use serde::Serialize;

use super::Game;
pub use crate::rules::board::TextRows;
use crate::rules::catalogue::GameKind;
pub use crate::rules::nim::{BalanceWords, ValueWords};

/// How the rows under a game's drawing show its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rows {
    /// One row per number, with a button per object.
    Numbers,
    /// The one number with its prime factorisation, a button per prime power: a game that is
    /// Nim on numbers its position stands for ([`crate::rules::board::Theory::nim_heaps`]).
    Factors,
    /// One row per token on a graph, a button per edge out of its vertex.
    Graph,
    /// Each token as its text (pictures, paths): tokens that are not numbers
    /// ([`crate::rules::board::Notation::written_as_text`]).
    Text,
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
    /// Whether the game is partizan with a value in Conway's sense (its players have different
    /// moves and its position does not say who moves): the page shows the position's value,
    /// outcome class, mean, temperature and thermograph (`/api/value`) under "Why".
    pub partizan: bool,
}

impl GameFacts {
    /// The facts of `kind`, read from its example game and position.
    ///
    /// ```
    /// use grundy::game::facts::{GameFacts, Rows};
    /// let kind = |s: &str| grundy::frontend::GAMES.iter().find(|g| g.spelling == s).unwrap();
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
            Some(p) if p.as_board().is_some_and(|(b, _)| b.rules().written_as_text()) => Rows::Text,
            Some(p) if p.as_board().is_some_and(|(b, numbers)| b.rules().as_nim(numbers).is_some()) => Rows::Factors,
            _ => Rows::Numbers,
        };
        // The game's own words: a heap rule's or a board game's; the other games (sums,
        // per-heap bounds, K-L-Nim) name heap values.
        let (words, text_rows) = match &game {
            Some(Game::Heaps(rule)) => (rule.value_words(), None),
            Some(Game::Board(b)) => (b.rules().value_words(), b.rules().text_rows()),
            _ => (ValueWords::HEAP_VALUES, None),
        };
        GameFacts {
            // A request sends a graph's text, not its file: the game is named without `:FILE`.
            request_game: on_graph.then(|| kind.spelling.split(':').next()).flatten(),
            graph_text: crate::rules::catalogue::example_graph(kind).is_some(),
            rows,
            values_label: words.label,
            balance: words.balance,
            text_rows,
            partizan: match &game {
                Some(Game::Board(b)) => matches!(b.rules().players(None), crate::rules::board::Players::Partizan(_)),
                _ => false,
            },
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::rules::catalogue::GAMES;

    /// Each kind's facts, read from its own file: the kinds with words of their own have them
    /// (Nim's heaps, the divisor game's exponents, Kayles' rows, the rows of text of Hackenbush, geography
    /// and Northcott's game), every other kind names heap values, and rows of text have their
    /// names exactly when the game is drawn as text.
    #[test]
    fn each_kind_has_its_own_facts() {
        let facts = |s: &str| GameFacts::of(GAMES.iter().find(|g| g.spelling == s).unwrap());
        assert_eq!(facts("nim").values_label, "Heap values");
        assert_eq!(
            facts("nim").balance,
            BalanceWords { title: "Binary balance table", rows: "heaps", row: "heap", moves: "take" }
        );
        assert_eq!(facts("divisor").rows, Rows::Factors);
        assert_eq!(facts("divisor").values_label, "Prime exponents");
        assert_eq!((facts("divisor").balance.row, facts("divisor").balance.moves), ("exponent", "lower"));
        let text = |s: &str| facts(s).text_rows.unwrap();
        assert_eq!((text("hackenbush").label, text("hackenbush").numbered), ("picture", true));
        assert_eq!(text("hackenbush").empty, Some(["0", "no edges left"]));
        assert_eq!((text("geography:FILE").label, text("geography:FILE").numbered), ("path", false));
        assert_eq!(text("geography:FILE").empty, Some(["-", "the token is not placed yet"]));
        assert_eq!((text("northcott").label, text("northcott").empty), ("row", None));
        assert_eq!(text("northcott").turn, &[["white", "White"], ["black", "Black"]]);
        assert_eq!(facts("northcott").values_label, "Gaps");
        assert_eq!((facts("northcott").balance.rows, facts("northcott").balance.row), ("gaps", "row"));
        // Kayles and Dawson's Kayles name rows of pins, as their boards do.
        for g in ["kayles", "dawsons-kayles"] {
            assert_eq!((facts(g).values_label, facts(g).balance.row), ("Row values", "row"), "{g}");
        }
        // K-L-Nim is partizan with a value; Northcott's game says who moves (no short game's
        // value), and Nim's players have the same moves.
        assert!(facts("kl:K,L").partizan && !facts("northcott").partizan && !facts("nim").partizan);
        let own = ["nim", "divisor", "northcott", "kayles", "dawsons-kayles"];
        for g in GAMES {
            let f = GameFacts::of(g);
            assert_eq!(f.rows == Rows::Text, f.text_rows.is_some(), "{}", g.spelling);
            if !own.contains(&g.spelling) {
                let words = ValueWords { label: f.values_label, balance: f.balance };
                assert_eq!(words, ValueWords::HEAP_VALUES, "{}", g.spelling);
            }
        }
    }

    /// The JSON the page reads keeps its shape: a game with no turn tokens sends none, and one
    /// whose rows are never empty sends no `empty`.
    #[test]
    fn text_rows_send_only_what_a_game_has() {
        let json = |s: &str| {
            let kind = GAMES.iter().find(|g| g.spelling == s).unwrap();
            serde_json::to_string(&GameFacts::of(kind).text_rows).unwrap()
        };
        assert_eq!(json("hackenbush"), r#"{"label":"picture","numbered":true,"empty":["0","no edges left"]}"#);
        assert_eq!(
            json("northcott"),
            r#"{"label":"row","numbered":true,"turn":[["white","White"],["black","Black"]]}"#
        );
    }
}
