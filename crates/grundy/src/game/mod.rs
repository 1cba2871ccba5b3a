//! Games as people name them (`nim`, `bounded:3`, `kl:2,3`, `divisor`, ...) and their positions.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

pub use crate::rules::convention;
#[cfg(feature = "draw")]
pub mod draw;
pub mod facts;
pub use crate::rules::family;
pub mod games;
pub use crate::rules::moves;
pub mod position;
mod random;

pub use convention::{Convention, Outcome, Player};
#[cfg(feature = "draw")]
pub use draw::{draw, Drawing};
pub use family::MoveFamily;
pub use moves::{IllegalMove, Move};
pub use position::{Component, GamePosition, HeapTokens, Position};

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseGameError, ParsePositionError};
use crate::number::parse_u64;
use crate::rules::board::Board;
use crate::rules::{catalogue, Ruleset};

// The trait through which a game defined outside the crate is solved.
pub mod impartial;
pub use impartial::ImpartialGame;

/// A game as named on the command line and in the API.
///
/// `Display` and `FromStr` round-trip:
/// ```
/// use grundy::Game;
/// for s in ["nim", "bounded:3", "bounded", "bash:2", "subtraction:2,5", "allbut:3", "kl:2,3", "divisor", "sum"] {
///     assert_eq!(s.parse::<Game>().unwrap().to_string(), s);
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Game {
    /// Every heap follows the same ruleset.
    Heaps(Ruleset),
    /// `bounded` without K: heaps are written `HEAP/LIMIT`, each with its own limit.
    BoundedPerHeap,
    /// A sum of heaps with different rulesets, written `RULESET=HEAP` (e.g. `subtraction:2,5=9`).
    Sum,
    /// A game whose position is a few numbers that are not independent heaps (Wythoff's game,
    /// staircase Nim, ...): see [`crate::rules::board`].
    Board(Board),
}

impl Game {
    /// Whether both players always have the same moves (everything but the board games that say
    /// they are partizan, such as `kl:K,L` with K != L).
    pub fn is_impartial(&self) -> bool {
        match self {
            Game::Board(b) => !matches!(b.rules().players(None), crate::rules::board::Players::Partizan(_)),
            _ => true,
        }
    }

    /// What one argument of a position is called when each is a whole picture, a graph written
    /// as its edges (Hackenbush's pictures, Arc Kayles's graphs: [`crate::rules::board::pictures`]),
    /// so that a front end reads `@FILE` as one picture, the file's whole text; `None` for a
    /// game whose arguments are tokens.
    ///
    /// ```
    /// let name = |g: &str| g.parse::<grundy::Game>().unwrap().picture_name();
    /// assert_eq!([name("hackenbush"), name("arc-kayles"), name("nim")], [Some("picture"), Some("graph"), None]);
    /// ```
    pub fn picture_name(&self) -> Option<&'static str> {
        match self {
            Game::Board(b) => match b.rules().words().written {
                crate::rules::board::Written::Pictures(p) => Some(p.name),
                _ => None,
            },
            _ => None,
        }
    }

    /// Undirected vertex geography on the graph written in `text` (one edge `u v` a line; see
    /// [`crate::rules::board::Geography::from_text`]), written `geography:NAME`. The front ends
    /// read the text (a file, a text area) and pass it here: the library does no I/O.
    ///
    /// ```
    /// let g = grundy::Game::geography("path.txt", "a b\nb c\n").unwrap();
    /// assert_eq!(g.to_string(), "geography:path.txt");
    /// assert!(grundy::Game::geography("bad.txt", "a b c").unwrap_err().to_string().starts_with("geography:bad.txt: line 1:"));
    /// ```
    pub fn geography(name: &str, text: &str) -> Result<Game, ParseGameError> {
        crate::rules::board::Geography::from_text(name, text)
            .map(|g| Game::Board(Board::new(g)))
            .map_err(|e| ParseGameError::new(format!("geography:{name}: {e}")))
    }

    /// The rules of this game in a sentence, for the header of a game and the web page's board.
    ///
    /// ```
    /// use grundy::Game;
    /// let rules = |g: &str| g.parse::<Game>().unwrap().rules_sentence();
    /// assert_eq!(rules("bounded:3"), "A move takes 1 to 3 objects from one heap.");
    /// assert!(rules("kayles").starts_with("Kayles: a move knocks down one pin or two adjacent pins"));
    /// assert!(rules("kl:2,3").ends_with("the first player may never take exactly 2 and the second never exactly 3."));
    /// ```
    pub fn rules_sentence(&self) -> String {
        match self {
            Game::Heaps(r) => r.rules_sentence(),
            Game::BoundedPerHeap => "A move takes from one heap at least 1 object and at most that heap's limit (heaps are written HEAP/LIMIT).".to_string(),
            Game::Sum => "A sum of games: each heap follows its own ruleset (written RULESET=HEAP) and any other game is written GAME=TOKENS (e.g. euclid=34,12); a move is a move in one of them.".to_string(),
            Game::Board(b) => b.rules().rules_sentence(),
        }
    }

    /// Reads a position of this game from its tokens (one per heap; the divisor game takes one
    /// number). Errors name the bad token.
    ///
    /// ```
    /// use grundy::Game;
    /// let game: Game = "divisor".parse().unwrap();
    /// assert_eq!(game.parse_position(&["12"]).unwrap().heaps(), [12]);
    /// assert!(game.parse_position(&["0"]).unwrap_err().to_string().contains("n must be at least 1"));
    /// ```
    pub fn parse_position<S: AsRef<str>>(&self, tokens: &[S]) -> Result<Position, ParsePositionError> {
        // A board game says what its position is made of, empty or not.
        if tokens.is_empty() && !matches!(self, Game::Board(_)) {
            return Err(ParsePositionError::new("the position is empty: give at least one heap"));
        }
        let heap = |i: usize, t: &str| parse_u64(t, &format!("heap {}", i + 1)).map_err(ParsePositionError::new);
        let heaps = || -> Result<Vec<u64>, ParsePositionError> {
            tokens.iter().enumerate().map(|(i, t)| heap(i, t.as_ref())).collect()
        };
        match self {
            Game::Board(b) => {
                let tokens: Vec<&str> = tokens.iter().map(AsRef::as_ref).collect();
                let numbers = b.rules().parse(&tokens).map_err(ParsePositionError::new)?;
                Ok(Position::of_board(b.clone(), numbers))
            }
            Game::Heaps(r) => {
                Ok(Position::of_heaps(heaps()?.into_iter().map(|h| Component::new(r.clone(), h)).collect()))
            }
            Game::BoundedPerHeap => tokens
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let t = t.as_ref();
                    let bad = || {
                        ParsePositionError::new(format!(
                            "heap {}: '{t}' is not HEAP/LIMIT (two numbers, e.g. 7/3)",
                            i + 1
                        ))
                    };
                    let (h, l) = t.split_once('/').ok_or_else(bad)?;
                    let h = heap(i, h)?;
                    let l = parse_u64(l, &format!("heap {} limit", i + 1)).map_err(ParsePositionError::new)?;
                    if l == 0 {
                        return Err(ParsePositionError::new(format!(
                            "heap {}: the limit in '{t}' must be at least 1",
                            i + 1
                        )));
                    }
                    Ok(Component::new(Ruleset::bounded(l), h))
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Position::of_heaps),
            Game::Sum => {
                let mut parts: Vec<Position> = vec![];
                if games::is_layout(tokens) {
                    // The layout the sum is printed in: `1: domineering ../.. | 2: nim 2`.
                    for (i, (r, h)) in games::read_layout(tokens)?.iter().enumerate() {
                        sum_part(i, r, h, &mut parts)?;
                    }
                } else {
                    for (i, t) in tokens.iter().enumerate() {
                        let t = t.as_ref();
                        // The game's name never holds '=', so the first one ends it.
                        let (r, h) = t.split_once('=').ok_or_else(|| {
                            ParsePositionError::new(format!(
                                "heap {}: '{t}' is not RULESET=HEAP or GAME=TOKENS (e.g. subtraction:2,5=9, euclid=34,12), or the sum's layout ('1: nim 2 | 2: euclid 34 12')",
                                i + 1
                            ))
                        })?;
                        sum_part(i, r, h, &mut parts)?;
                    }
                }
                // A sum of heaps alone stays one (every heap game's machinery applies).
                if parts.iter().all(|p| p.as_heaps().is_some_and(|cs| cs.len() == 1)) {
                    let cs = parts.iter().flat_map(|p| p.as_heaps().unwrap_or_default().iter().cloned());
                    return Ok(Position::of_heaps(cs.collect()));
                }
                Ok(Position::of_games(parts))
            }
        }
    }

    /// Writes a position of this game back as tokens that [`Game::parse_position`] reads.
    pub fn position_tokens(&self, position: &Position) -> Vec<String> {
        let style = match self {
            Game::BoundedPerHeap => HeapTokens::Limits,
            Game::Sum => HeapTokens::Rulesets,
            _ => HeapTokens::Sizes,
        };
        position.kind().tokens(style)
    }
}

/// Reads part `i` of a sum, game `r` with position `h` (`RULESET=HEAP` or `GAME=TOKENS`, or
/// a part of the sum's layout), onto `parts`.
fn sum_part(i: usize, r: &str, h: &str, parts: &mut Vec<Position>) -> Result<(), ParsePositionError> {
    let heap = |i: usize, t: &str| parse_u64(t, &format!("heap {}", i + 1)).map_err(ParsePositionError::new);
    if games::is_on_a_graph(r) {
        return Err(ParsePositionError::new(format!(
            "heap {}: '{r}' is a game on a graph, which a sum cannot hold here (its edges have nowhere to come from, and its draws do not add up as heaps do): analyze it on its own",
            i + 1
        )));
    }
    match r.parse::<Ruleset>() {
        Ok(r) => parts.push(games::heap_part(r, heap(i, h)?)),
        // Not a heap ruleset: any other game, with its own tokens.
        Err(e) => match r.parse::<Game>() {
            // Neither a ruleset nor a game: name it as a game when it names none, else the
            // ruleset's reason.
            Err(g) if !r.contains(':') => return Err(ParsePositionError::new(format!("heap {}: {g}", i + 1))),
            Err(_) => return Err(ParsePositionError::new(format!("heap {}: {e}", i + 1))),
            Ok(_) => {
                let p = games::parse_part(i, r, h)?;
                match p.as_parts() {
                    Some(inner) => parts.extend(inner.iter().cloned()),
                    None => parts.push(p),
                }
            }
        },
    }
    Ok(())
}

impl Game {
    /// Tokens on the directed graph whose edges are `text` (lines `u v`, `u v left`,
    /// `u v right`, `win V`, `lose V`, `vertex V`; see [`crate::rules::board::graphs::graph::Graph::parse`]),
    /// the game named `spelling` (e.g. `graph:edges.txt`). The front ends read the text (a file,
    /// standard input, a request's field); the library does no I/O. The error names the line.
    ///
    /// ```
    /// use grundy::{analyze, AnalyzeOptions, Game, Outcome};
    /// // A token on a 2-cycle with no way out: neither player can win.
    /// let game = Game::graph("graph", "a b\nb a\n").unwrap();
    /// let pos = game.parse_position(&["a"]).unwrap();
    /// let a = analyze(&game, &pos, &AnalyzeOptions::default()).unwrap();
    /// assert_eq!(a.outcome, Outcome::D);
    /// assert_eq!(a.winner, None);
    /// ```
    pub fn graph(spelling: &str, text: &str) -> Result<Game, ParseGameError> {
        crate::rules::board::graphs::graph::Graph::parse(spelling, text)
            .map(|g| Game::Board(Board::new(crate::rules::board::GraphGame::new(g))))
            .map_err(|e| ParseGameError::new(e.to_string()))
    }

    /// The example game of a kind of the catalogue (`grundy::frontend::GAMES`): its `example_game` read,
    /// with the file it names (`graph:edges.txt`, `geography:...`) taken from
    /// [`catalogue::example_graph`].
    ///
    /// ```
    /// for kind in grundy::frontend::GAMES {
    ///     assert!(grundy::Game::example_of(kind).is_ok(), "{}", kind.spelling);
    /// }
    /// ```
    pub fn example_of(kind: &catalogue::GameKind) -> Result<Game, ParseGameError> {
        match (kind.example_game.strip_prefix("geography:"), catalogue::example_graph(kind)) {
            (Some(file), Some(text)) => Game::geography(file, text),
            (None, Some(text)) => Game::graph(kind.example_game, text),
            _ => kind.example_game.parse(),
        }
    }

    /// The graph of a game of tokens on a graph.
    pub fn as_graph(&self) -> Option<&crate::rules::board::graphs::graph::Graph> {
        match self {
            Game::Board(b) => b.downcast::<crate::rules::board::GraphGame>().map(|g| g.graph()),
            _ => None,
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Game::Heaps(r) => r.fmt(f),
            Game::BoundedPerHeap => f.write_str("bounded"),
            Game::Sum => f.write_str("sum"),
            Game::Board(b) => b.fmt(f),
        }
    }
}

impl FromStr for Game {
    type Err = ParseGameError;
    fn from_str(s: &str) -> Result<Self, ParseGameError> {
        match s {
            "" => Err(ParseGameError::new("the game is empty (e.g. nim, bounded:3, divisor)")),
            "bounded" => Ok(Game::BoundedPerHeap),
            "sum" => Ok(Game::Sum),
            _ => {
                if let Some(board) = Board::parse(s) {
                    return board.map(Game::Board).map_err(ParseGameError::new);
                }
                if catalogue::GAMES.iter().any(|g| g.spelling.split(':').next() == s.split(':').next()) {
                    s.parse::<Ruleset>().map(Game::Heaps)
                } else {
                    Err(ParseGameError::new(format!(
                        "unknown game '{s}'{} (known: {})",
                        catalogue::did_you_mean(s, false),
                        catalogue::spellings(false)
                    )))
                }
            }
        }
    }
}
