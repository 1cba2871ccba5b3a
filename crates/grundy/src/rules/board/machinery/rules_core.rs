//! The rules core every board game implements and the pieces around it: [`RulesCore`] (who
//! moves, the moves by the rule) with its capabilities beside it ([`Notation`], [`PlayHelp`],
//! [`Theory`], the face), the handle [`Board`] the rest of the crate holds, the words a game
//! prints, and the helpers of the readers of files. The games themselves live in the folders
//! of their notation (`grid/`, `strips/`, `rectangles/`, `pictures/`, `graphs/`, `numbers/`).

use crate::error::{AnalyzeError, GaveUp, IllegalMove};
use crate::rules::heap::DynKey;
use crate::rules::nim::ValueWords;
use crate::rules::Ruleset;
use std::any::Any;
use std::borrow::Cow;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use crate::rules::board::machinery::outcome;
#[cfg(feature = "draw")]
use crate::rules::board::machinery::Face;
use crate::rules::board::machinery::{search, Notation, PlayHelp, Theory};
use crate::rules::board::{grid, pictures, rectangles, strips, BOARDS};
use crate::rules::method::Method;

/// The most winning moves a board game lists one by one: the analysis's own limit
/// (`grundy::frontend::LISTED_MOVES`), repeated here because `rules/` sits below `solve/`; a test checks
/// that the two agree.
pub const LISTED: usize = 10_000;

/// The most numbers the listed moves' results hold together (`grundy::frontend::LISTED_NUMBERS`'s
/// value): each result is the whole position after its move, so a position of many numbers
/// lists fewer moves.
pub const LISTED_NUMBERS: usize = 1 << 20;

/// The byte-order mark (U+FEFF) some editors write at the start of a file: the readers of
/// files (graphs, geography, Hackenbush pictures) treat it as whitespace wherever it is.
pub const BYTE_ORDER_MARK: char = '\u{FEFF}';

/// Whether `c` separates words in a file: whitespace or a byte-order mark.
pub fn is_blank(c: char) -> bool {
    c.is_whitespace() || c == BYTE_ORDER_MARK
}

/// The words of a line of a file, split at whitespace and byte-order marks.
pub fn file_words(line: &str) -> impl Iterator<Item = &str> {
    line.split(is_blank).filter(|w| !w.is_empty())
}

/// `line` without whitespace or byte-order marks at either end.
pub fn trim_blank(line: &str) -> &str {
    line.trim_matches(is_blank)
}

/// How many moves to list from a position of `len` numbers: at most [`LISTED`], and at most
/// [`LISTED_NUMBERS`] numbers in all, but always one (a position already held in memory is
/// held once more), so that a won position always shows a winning move.
pub fn listing_room(len: usize) -> usize {
    LISTED.min(LISTED_NUMBERS / len.max(1)).max(1)
}

/// Why only the first `listed` winning moves are listed from a position of `len` `numbers`
/// (e.g. "numbers", "heads"): the reason, never a bare count.
pub fn listed_note(listed: usize, len: usize, numbers: &str) -> String {
    if listed >= LISTED {
        format!("the first {listed} are listed (the list is kept to {LISTED} moves)")
    } else {
        format!(
            "the first {listed} are listed (each is listed with the whole position it leaves, {len} {numbers}, and the list is kept to {LISTED_NUMBERS} numbers in all)"
        )
    }
}

/// How the rows of a game written as text ([`Notation::text_rows`]) are named, one row a
/// token, for the rows the page shows under the drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TextRows {
    /// A row's name: "picture", "path".
    pub label: &'static str,
    /// Whether the name takes the row's number ("picture 2"); false for a game of one token.
    pub numbered: bool,
    /// The token of a row with nothing left in it (`0`, `-`), and what the row says instead;
    /// `None` (not sent) for a game whose rows are never empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub empty: Option<[&'static str; 2]>,
    /// The tokens that, last, say whose turn it is rather than being a row (Northcott's
    /// `white` and `black`), each with what its row says instead, under the name "to move";
    /// empty (and not sent) for a game whose tokens are all rows.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub turn: &'static [[&'static str; 2]],
}

/// The options of a heap whose value is the one asked for: how many there are, exactly, and
/// the first ones, each as the heaps it leaves (`[0]` when the heap is emptied).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeapOptions {
    /// How many options have the value.
    pub count: u128,
    /// The first of them, in the order the analysis of heaps lists them.
    pub first: Vec<Vec<u64>>,
}

/// The Sprague-Grundy values of heaps of one ruleset, ready for every size the caller asked
/// for: what a board game made of heaps (the lines of a circle game, the strips of the cutting
/// game) reads from the engine. See [`HeapEngine`].
pub trait HeapValues {
    /// G(n), or `None` past what is known.
    fn value(&self, n: u64) -> Option<u64>;

    /// How the values are known: a closed form, a proven period, or a table that covers the
    /// sizes asked for.
    fn method(&self) -> Method;

    /// Where the values come from, in a sentence for the explanation.
    fn note(&self) -> String;

    /// How many options listing the moves of a heap of `n` looks at (the caller holds their
    /// sum to its budget).
    fn options_examined(&self, n: u64) -> u64;

    /// The options of a heap of `n` whose value is `target`: their exact count and the first
    /// `limit` of them. Gives up, saying what it would take, when the options would have to be
    /// walked one by one and are more than the budget.
    fn options_with_value(&self, n: u64, target: u64, limit: usize) -> Result<HeapOptions, GaveUp>;
}

/// Where a board game gets the values of heaps of a heap ruleset: the engine (the sparse
/// engine and its proven periods, `engine/heap.rs`), which sits above `rules/` and so is
/// passed in by the analysis rather than imported.
pub trait HeapEngine {
    /// The values of `ruleset` for heaps up to `max_heap` (and beyond where a period is
    /// proven), computed within `budget`; the error says what a larger heap would take.
    fn heap(&self, ruleset: &Ruleset, max_heap: u64, budget: u64) -> Result<Box<dyn HeapValues>, AnalyzeError>;
}

/// A [`HeapEngine`] that has no values: what [`Theory::solve`] passes when it is called
/// without the analysis, so that a game that needs heap values says where they come from.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHeapEngine;

impl HeapEngine for NoHeapEngine {
    fn heap(&self, ruleset: &Ruleset, _max_heap: u64, _budget: u64) -> Result<Box<dyn HeapValues>, AnalyzeError> {
        Err(AnalyzeError::Unsupported(format!(
            "the values of heaps of {ruleset} come from the heap engine, which grundy::analyze passes in"
        )))
    }
}

/// A game searched by the engine's exact search ([`ExactSearch`]): its states are lists of
/// numbers written canonically (equal positions written the same way), holding whatever decides
/// the moves (for a partizan game whose position does not say who moves, the player to move).
pub trait SearchedGame {
    /// Every option of `state`: canonical states, or states that [`SearchedGame::canonical`]
    /// writes canonically.
    fn options(&self, state: &[u64]) -> Vec<Vec<u64>>;

    /// `state` written canonically, for a game whose options are not written so already
    /// (`None`, the default: they are): the search rewrites only the options it looks up, so a
    /// position decided by its first options never pays for the rest.
    fn canonical(&self, _state: &[u64]) -> Option<Vec<u64>> {
        None
    }

    /// An upper bound on how many options `state` has, known without listing them.
    fn option_count_bound(&self, state: &[u64]) -> Option<u128>;

    /// A size that strictly decreases along every move (the search explores the smallest
    /// children first, which keeps its walk shallow).
    fn size(&self, state: &[u64]) -> u128;
}

/// One exact search with its memo, started by [`ExactSearch::start`]: several states asked of
/// it share the work.
pub trait SearchSession {
    /// Whether the player to move in `state` wins, within the budget; the error says what a
    /// larger budget would take.
    fn wins(&mut self, state: &[u64]) -> Result<bool, AnalyzeError>;

    /// How many positions the search has decided so far.
    fn positions(&self) -> usize;
}

/// Where a board game with no theory for a position gets the engine's exact win/lose search
/// (budgeted, memory-bounded, stoppable): `solve/` sits above `rules/`, so the analysis passes
/// it in, as it passes the [`HeapEngine`].
pub trait ExactSearch {
    /// A search of `game` (`misere`: the player with no move wins) within `budget` positions,
    /// each state taking about `state_bytes` of memory; `needed`, when known, is a budget that
    /// certainly suffices (named when the search gives up).
    fn start<'a>(
        &self,
        game: &'a dyn SearchedGame,
        misere: bool,
        budget: u64,
        needed: Option<u64>,
        state_bytes: u64,
    ) -> Box<dyn SearchSession + 'a>;
}

/// An [`ExactSearch`] that has none: what [`Theory::solve`] passes when it is called
/// without the analysis, so that a game that needs the search says where it comes from.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSearch;

/// The session of [`NoSearch`]: every question is refused.
struct NoSession;

impl SearchSession for NoSession {
    fn wins(&mut self, _state: &[u64]) -> Result<bool, AnalyzeError> {
        Err(AnalyzeError::Unsupported("the exact search comes from the engine, which grundy::analyze passes in".into()))
    }

    fn positions(&self) -> usize {
        0
    }
}

impl ExactSearch for NoSearch {
    fn start<'a>(
        &self,
        _game: &'a dyn SearchedGame,
        _misere: bool,
        _budget: u64,
        _needed: Option<u64>,
        _state_bytes: u64,
    ) -> Box<dyn SearchSession + 'a> {
        Box::new(NoSession)
    }
}

/// What the analysis gives a board game besides its position: the convention, the player to
/// move, the budget, the heap engine and the exact search.
pub struct BoardContext<'a> {
    /// Misère play: the player who makes the last move loses.
    pub misere: bool,
    /// The player to move (0: first, 1: second), for a partizan game whose position does not
    /// say it ([`Players::Partizan`]); the analysis passes `AnalyzeOptions::to_move`.
    pub to_move: usize,
    /// Whether an outcome search answers only the player to move (`--to-move-only`), not the
    /// other player's game too (which gives the outcome class at about twice the work).
    pub mover_only: bool,
    /// The budget of every piece of work (`--budget`).
    pub budget: u64,
    /// The most bytes an outcome search may hold (`--memory`).
    pub memory: u64,
    /// What outcome searches keep for the caller (the analysis passes
    /// `AnalyzeOptions::outcomes`); `None`: nothing kept.
    pub outcomes: Option<&'a outcome::OutcomeCache>,
    /// Where heap values come from.
    pub heaps: &'a dyn HeapEngine,
    /// The engine's exact search, for a position no theory answers.
    pub search: &'a dyn ExactSearch,
}

impl<'a> BoardContext<'a> {
    /// The context of a call without the analysis: the first player to move, no exact search.
    pub fn plain(misere: bool, budget: u64, heaps: &'a dyn HeapEngine) -> Self {
        BoardContext {
            misere,
            to_move: 0,
            mover_only: false,
            budget,
            memory: outcome::DEFAULT_SEARCH_MEMORY,
            outcomes: None,
            heaps,
            search: &NoSearch,
        }
    }
}

/// Conway's value of a partizan position, as an answer reports it (texts that
/// [`crate::values::partizan::GameStore::parse`] reads back; exact fractions).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ConwayAnswer {
    /// The canonical form (`3/4`, `↑*`, `±1`, `{1|0,*}`), `None` when its name is longer than
    /// [`value::NAMED_CHARS`] characters (a canonical form shares its options, its name writes
    /// them out at each place: `grundy value` writes longer ones).
    pub value: Option<String>,
    /// Why `value` is `None` where its name is not merely long (a sum of a partizan game and a
    /// large nimber, whose canonical form is not made: its outcome comes from a search); in
    /// JSON only when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_note: Option<String>,
    /// The outcome class: `L`, `R`, `P` or `N`.
    pub outcome: String,
    /// The mean value, an exact fraction (`"3/4"`).
    pub mean: String,
    /// The temperature, an exact fraction (Siegel's: -1 for an integer, -1/2^k for m/2^k).
    pub temperature: String,
    /// The value each listed winning move leaves, in the order of the winning moves (`None`
    /// where its name is too long, as for `value`): each winning move's `value`
    /// ([`Analysis::set_conway`](crate::rules::analysis::Analysis::set_conway)).
    #[serde(skip)]
    pub leaves: Vec<Option<String>>,
}

/// What a board game says of itself ([`RulesCore::words`]), written by the game in one place:
/// its spelling, who has which moves, its rules in a sentence and how a move is typed (each
/// read alone through [`RulesCore::spelling`], [`RulesCore::players`],
/// [`RulesCore::rules_sentence`] and [`Notation::move_hint`]), and the names the page gives its
/// rows and values ([`Notation::text_rows`], [`Theory::value_words`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    /// How the game is written, e.g. `wythoff` or `moore:2`: what [`Board::parse`] reads back.
    pub spelling: Cow<'static, str>,
    /// Who has which moves in the game as a whole ([`Players`]): a required argument of
    /// [`Words::new`], so that no game, partizan above all, leaves it unsaid.
    pub players: Players,
    /// The rules in a sentence, for the header of a game and the web page.
    pub rules: Cow<'static, str>,
    /// How to type a move, one line for the terminal's header, e.g. "Type '1 3' (take 3 from
    /// heap 1) or 'both 2'".
    pub move_hint: Cow<'static, str>,
    /// How the page names the rows of a position written as text (pictures, paths, rows of
    /// checkers, a board of cells), one a token ([`Notation::text_rows`]); `None` for a game of
    /// numbers.
    pub text_rows: Option<TextRows>,
    /// How many of the position's numbers, from the first, count objects (drawn as a row of
    /// marks under a board; [`Notation::counts_objects`]): `None` for all of them (the
    /// default), `Some(0)` for a game whose numbers are not piles (coins' places, products,
    /// vertices), `Some(1)` for Multiple Nim's heap before its limit. Set with
    /// [`Words::with_piles`]; a position written as text counts none.
    pub piles: Option<usize>,
    /// How the position is written in one of the shared notations ([`Written`]): a board of
    /// cells, rectangles or strips, read and written by [`Notation`]'s defaults; numbers, one a
    /// token, unless a game says otherwise.
    pub written: Written,
    /// What the values the answer is the nim-sum of are called, and the words of their
    /// balance table ([`Theory::value_words`]): heap values unless the game says otherwise.
    pub values: ValueWords,
    /// What the position's numbers are called ([`Notation::labels`], set with
    /// [`Words::with_names`]): `None` for "heap 1", "heap 2", ... (or a board's cells).
    pub names: Option<NumberNames>,
    /// The names the game gives its parameters in expressions, with their values (`K` and `L`
    /// of K-L-Nim: [`Theory::parameters`]); set with [`Words::with_parameters`].
    pub parameters: Vec<(&'static str, u64)>,
    /// Whether a position may come back (a checker moved back and forth), so that a game can
    /// last for ever ([`PlayHelp::longest_game`]); set with [`Words::with_repeats`].
    pub repeats: bool,
}

/// The shared notations a game's positions may be written in ([`Words::written`]), each read
/// and written in one place by [`Notation`]'s defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// Numbers, one a token (`heap 1`, `heap 2`, ...), or a game's own notation.
    Numbers,
    /// One board of cells ([`grid::GridNotation`], [`Words::with_grid`]).
    Grid(grid::GridNotation),
    /// Rectangles `AxB` ([`rectangles::Rectangles`], [`Words::with_rectangles`]).
    Rectangles(rectangles::Rectangles),
    /// Strips of cells, a letter a cell ([`strips::Strips`], [`Words::with_strips`]).
    Strips(strips::Strips),
    /// Graphs written as their edges `u-v` ([`pictures::Pictures`], [`Words::with_pictures`]).
    Pictures(pictures::Pictures),
}

impl Words {
    /// The words of a game of numbers whose values are heap values: its spelling, who has
    /// which moves, its rules in a sentence and how a move is typed.
    pub fn new(
        spelling: impl Into<Cow<'static, str>>,
        players: Players,
        rules: impl Into<Cow<'static, str>>,
        move_hint: impl Into<Cow<'static, str>>,
    ) -> Words {
        Words {
            spelling: spelling.into(),
            players,
            rules: rules.into(),
            move_hint: move_hint.into(),
            text_rows: None,
            piles: None,
            written: Written::Numbers,
            values: ValueWords::HEAP_VALUES,
            names: None,
            parameters: vec![],
            repeats: false,
        }
    }

    /// The same words for a game whose positions are written as text, in rows named by `rows`.
    pub fn with_text_rows(self, rows: TextRows) -> Words {
        Words { text_rows: Some(rows), ..self }
    }

    /// The same words for a game where only the first `piles` numbers count objects.
    pub fn with_piles(self, piles: usize) -> Words {
        Words { piles: Some(piles), ..self }
    }

    /// The same words for a game whose position is one board of cells written in `grid`: one
    /// row of text, "board".
    pub fn with_grid(self, grid: grid::GridNotation) -> Words {
        let board = TextRows { label: "board", numbered: false, empty: None, turn: &[] };
        Words { written: Written::Grid(grid), text_rows: Some(board), ..self }
    }

    /// The same words for a game whose positions are rectangles of squares, written as
    /// `rectangles` says (the defaults of [`Notation::parse`] and [`Notation::tokens`]).
    pub fn with_rectangles(self, rectangles: rectangles::Rectangles) -> Words {
        Words { written: Written::Rectangles(rectangles), ..self }
    }

    /// The same words for a game whose positions are strips of cells, written as `strips`
    /// says (the defaults of [`Notation::parse`] and [`Notation::tokens`]).
    pub fn with_strips(self, strips: strips::Strips) -> Words {
        Words { written: Written::Strips(strips), ..self }
    }

    /// The same words for a game whose positions are pictures, graphs written as their edges,
    /// as `pictures` says (the defaults of [`Notation::parse`], [`Notation::tokens`],
    /// [`Notation::labels`] and the play help's bounds and random positions): one row a
    /// picture.
    pub fn with_pictures(self, pictures: pictures::Pictures) -> Words {
        Words { written: Written::Pictures(pictures), text_rows: Some(pictures.text_rows()), ..self }
    }

    /// The same words for a game whose answer is a nim-sum of values named by `values`.
    pub fn with_values(self, values: ValueWords) -> Words {
        Words { values, ..self }
    }

    /// The same words for a game whose numbers are called by `names` rather than "heap 1",
    /// "heap 2", ...
    pub fn with_names(self, names: NumberNames) -> Words {
        Words { names: Some(names), ..self }
    }

    /// The same words for a game whose parameters are named in expressions (`grundy verify
    /// --game kl:2,3 --sg EXPR` reads `K` and `L`).
    pub fn with_parameters(self, parameters: Vec<(&'static str, u64)>) -> Words {
        Words { parameters, ..self }
    }

    /// The same words for a game whose positions may repeat, so that a game can last for ever.
    pub fn with_repeats(self) -> Words {
        Words { repeats: true, ..self }
    }
}

/// What a game calls its numbers ([`Words::with_names`]): the first ones each by a name of its
/// own, then the rest in groups, and perhaps the last by a name of its own. In a group's name
/// `{}` stands for the group's place from 1, and `{0}`, `{1}`, ... for the group's numbers
/// themselves (a coin game's head is named with its coin), `?` where the position stops short;
/// `{0|line|circle}` names a kind by the group's number 0 (a line for 0, a circle for 1).
///
/// ```
/// # use grundy::rules::board::NumberNames;
/// let cakes = NumberNames { first: &[], then: &["cake {} rows", "cake {} columns"], last: None };
/// assert_eq!(cakes.label(&[2, 3, 1, 4], 3), "cake 2 columns");
/// let path = NumberNames { first: &["length of the path"], then: &["step {}"], last: None };
/// assert_eq!([path.label(&[2, 5, 6], 0), path.label(&[2, 5, 6], 2)], ["length of the path", "step 2"]);
/// let rows = NumberNames { first: &[], then: &["row {} width", "row {} gap"], last: Some("to move") };
/// assert_eq!([rows.label(&[8, 1, 5, 2, 0], 2), rows.label(&[8, 1, 5, 2, 0], 4)], ["row 2 width", "to move"]);
/// let heads = NumberNames { first: &[], then: &["head {} (cell {0},{1}), x", "head {} (cell {0},{1}), y"], last: None };
/// assert_eq!(heads.label(&[3, 4, 5, 6], 3), "head 2 (cell 5,6), y");
/// assert_eq!(heads.label(&[3, 4, 5], 2), "head 2 (cell 5,?), x");
/// let parts = NumberNames { first: &[], then: &["closed {}", "{0|line|circle} {}"], last: None };
/// assert_eq!([parts.label(&[1, 12, 0, 7], 1), parts.label(&[1, 12, 0, 7], 3)], ["circle 1", "line 2"]);
/// assert_eq!(parts.label(&[2, 12], 1), "? 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberNames {
    /// The names of the first numbers, one each: Multiple Nim's "heap" before its limit.
    pub first: &'static [&'static str],
    /// The names of every later number, in turn, a group at a time: "chip {}" names one
    /// number a chip, `["width {}", "height {}"]` two a sheet. Not empty.
    pub then: &'static [&'static str],
    /// The name of the position's last number when it is not one of the groups (Northcott's
    /// player to move); `None` when it is.
    pub last: Option<&'static str>,
}

impl NumberNames {
    /// The name of number `i` (0-based) of the position `numbers`.
    pub fn label(&self, numbers: &[u64], i: usize) -> String {
        if let (Some(name), true) = (self.last, i + 1 == numbers.len()) {
            return name.to_string();
        }
        if let Some(name) = self.first.get(i) {
            return (*name).to_string();
        }
        let rest = i - self.first.len();
        let group = self.then.len().max(1);
        let name = self.then.get(rest % group).copied().unwrap_or("number {}");
        let mut out = name.replace("{}", &(rest / group + 1).to_string());
        // The group's own numbers, named only by the games whose names carry them.
        if out.contains('{') {
            let start = i - rest % group;
            for k in 0..group.min(10) {
                let value = numbers.get(start + k);
                out = out.replace(&format!("{{{k}}}"), &value.map_or("?".to_string(), u64::to_string));
                out = Self::chosen(&out, k, value);
            }
        }
        out
    }

    /// `name` with each `{K|WORD0|WORD1|...}` replaced by the word the group's number K (its
    /// `value`) picks: WORD0 for 0, WORD1 for 1, ..., `?` past the words or the position.
    fn chosen(name: &str, k: usize, value: Option<&u64>) -> String {
        let open = format!("{{{k}|");
        let mut out = String::with_capacity(name.len());
        let mut rest = name;
        while let Some(at) = rest.find(&open) {
            let Some(close) = rest[at..].find('}').map(|c| at + c) else { break };
            let words: Vec<&str> = rest[at + open.len()..close].split('|').collect();
            let word = value.and_then(|&v| usize::try_from(v).ok()).and_then(|v| words.get(v)).copied().unwrap_or("?");
            out.push_str(&rest[..at]);
            out.push_str(word);
            rest = &rest[close + 1..];
        }
        out.push_str(rest);
        out
    }
}

/// Who has which moves in a board game ([`RulesCore::players`]).
///
/// Every game says which it is (in its [`Words`]), and every method that moves is given the
/// mover, so a partizan game cannot be written without saying what each player may do: a game
/// that says it is partizan and leaves out its options does not compile.
///
/// ```compile_fail,E0046
/// # use grundy::rules::board::{Board, BoardContext, Notation, Players, PlayHelp, RulesCore, Theory};
/// # #[cfg(feature = "draw")]
/// # use grundy::rules::board::Face;
/// # use grundy::rules::board::Words;
/// # use grundy::{Analysis, AnalyzeError, IllegalMove};
/// /// Left takes one object from a heap, Right two.
/// #[derive(Debug, PartialEq, Eq, Hash)]
/// struct OneOrTwo;
///
/// impl RulesCore for OneOrTwo {
///     fn words(&self) -> Words {
///         let players = Players::Partizan("Left takes one, Right two".into());
///         Words::new("one-or-two", players, "Left takes one, Right two", "Type 'HEAP -> LEFT'")
///     }
/// #   fn check(&self, numbers: &[u64], _at: std::ops::Range<usize>, after: &[u64], mover: usize) -> Result<(), IllegalMove> {
/// #       if self.options(numbers, mover).iter().any(|o| o == after) { Ok(()) } else { Err("not a move".into()) }
/// #   }
/// }
/// # impl Notation for OneOrTwo {
/// #   fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
/// #       tokens.iter().map(|t| t.parse().map_err(|_| format!("not a heap: {t}"))).collect()
/// #   }
/// #   fn describe(&self, _numbers: &[u64], _after: &[u64]) -> String { "a move".into() }
/// # }
/// # impl PlayHelp for OneOrTwo {}
/// # impl Theory for OneOrTwo {}
/// # #[cfg(feature = "draw")]
/// # impl Face for OneOrTwo {}
/// ```
///
/// With its options, it does:
///
/// ```
/// # use grundy::rules::board::{Board, BoardContext, Notation, Players, PlayHelp, RulesCore, Theory};
/// # #[cfg(feature = "draw")]
/// # use grundy::rules::board::Face;
/// # use grundy::rules::board::Words;
/// # use grundy::{Analysis, AnalyzeError, IllegalMove};
/// /// Left takes one object from a heap, Right two.
/// #[derive(Debug, PartialEq, Eq, Hash)]
/// struct OneOrTwo;
///
/// impl RulesCore for OneOrTwo {
///     fn words(&self) -> Words {
///         let players = Players::Partizan("Left takes one, Right two".into());
///         Words::new("one-or-two", players, "Left takes one, Right two", "Type 'HEAP -> LEFT'")
///     }
///     fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
///         let take = mover as u64 + 1;
///         (0..numbers.len())
///             .filter(|&i| numbers[i] >= take)
///             .map(|i| { let mut after = numbers.to_vec(); after[i] -= take; after })
///             .collect()
///     }
/// #   fn check(&self, numbers: &[u64], _at: std::ops::Range<usize>, after: &[u64], mover: usize) -> Result<(), IllegalMove> {
/// #       if self.options(numbers, mover).iter().any(|o| o == after) { Ok(()) } else { Err("not a move".into()) }
/// #   }
/// }
/// # impl Notation for OneOrTwo {
/// #   fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
/// #       tokens.iter().map(|t| t.parse().map_err(|_| format!("not a heap: {t}"))).collect()
/// #   }
/// #   fn describe(&self, _numbers: &[u64], _after: &[u64]) -> String { "a move".into() }
/// # }
/// # impl PlayHelp for OneOrTwo {}
/// # impl Theory for OneOrTwo {}
/// # #[cfg(feature = "draw")]
/// # impl Face for OneOrTwo {}
/// assert_eq!(OneOrTwo.options(&[2], 0), vec![vec![1]]);
/// assert_eq!(OneOrTwo.options(&[2], 1), vec![vec![0]]);
/// // A whole board game: the core with every capability.
/// let _board = Board::new(OneOrTwo);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Players {
    /// Both players have the same moves: the game has Sprague-Grundy values.
    Impartial,
    /// The players have different moves, the player to move given beside the position
    /// (`AnalyzeOptions::to_move`); why, in a few words (e.g. "K != L"). Such a position has
    /// Conway's value, no Sprague-Grundy value, and Every-SG refuses it.
    Partizan(Cow<'static, str>),
    /// The position's numbers say whose turn it is (Northcott's game), and each move passes
    /// the turn: a sum cannot hold such a game.
    TurnInPosition,
}

impl Players {
    /// Why the players have different moves, when they do ([`Players::Partizan`]).
    pub fn why_partizan(self) -> Option<String> {
        match self {
            Players::Partizan(why) => Some(why.into_owned()),
            Players::Impartial | Players::TurnInPosition => None,
        }
    }
}

/// The numbers a move from `numbers` to `after` changes first, as the range [`RulesCore::check`]
/// is told a move was typed over when it was not typed (the first number that differs, or the
/// first number when none does).
pub fn first_change(numbers: &[u64], after: &[u64]) -> Range<usize> {
    let at = numbers.iter().zip(after).position(|(n, a)| n != a).unwrap_or(0);
    at..at + 1
}

/// The rules core of one board game: its spelling, its rules in a sentence, who has which
/// moves, the moves by the rule, the check of a move, and the position's canonical key and
/// parts. The plain methods (`options`, `check`) follow the rule as stated and use no theorem,
/// so that the exhaustive solver built on `options` is an independent check of
/// [`Theory::solve`]. Every method that moves is given the mover.
///
/// A game is a value ([`DynKey`]: equal and hashed by its type and fields, so a graph read from
/// a file is compared with its edges), shared between threads behind [`Board`]. What else a
/// game does sits in capability traits beside this one, each in its own file: [`Notation`]
/// (reading and writing positions and moves), [`PlayHelp`] (moves for the player, random
/// positions, bounds), [`Theory`] (the fast answer and the theorems behind it) and [`Face`]
/// (the drawing); [`BoardRules`] is all of them together.
pub trait RulesCore: DynKey + Send + Sync + fmt::Debug {
    /// How the game is named and explained to people: its spelling, its rules in a sentence
    /// and how a move is typed ([`Words`]).
    fn words(&self) -> Words;

    /// How the game is written, e.g. `wythoff` or `moore:2` ([`Words::spelling`]).
    fn spelling(&self) -> String {
        self.words().spelling.into_owned()
    }

    /// The rules in a sentence, for the header of a game and the web page ([`Words::rules`]).
    fn rules_sentence(&self) -> String {
        self.words().rules.into_owned()
    }

    /// Who has which moves: the same for both players, different (and why), or kept in the
    /// position. `numbers` is the position asked about, `None` the game as a whole (partizan
    /// when its players differ whatever the position). Every game says it in its words (a
    /// required argument of [`Words::new`], so that a partizan game cannot quietly be taken for
    /// an impartial one); this reads it, and a game whose positions differ (a Hackenbush
    /// picture is partizan when it has a blue or red edge) says so here for each position.
    fn players(&self, _numbers: Option<&[u64]>) -> Players {
        self.words().players
    }

    /// Every move of player `mover` (0: first or Left, 1: second or Right) from `numbers` by
    /// the rule, as the numbers it leaves; an impartial game ignores `mover`. Only for
    /// positions small enough to list (the exhaustive solver, the tests, the computer's longest
    /// game).
    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>>;

    /// The moves [`RulesCore::options`] lists, handed to `each` one at a time, in the same
    /// order, until `each` stops them (the stop token: Ctrl-C, a deadline). A game whose
    /// options are each as long as the position (a graph's, Arc Kayles's) makes them here one
    /// by one, so that the value search, which checks the stop token between them, is stopped
    /// while a long list is made and holds each option only until it is made canonical. By
    /// default, the list of [`RulesCore::options`].
    fn each_option(
        &self,
        numbers: &[u64],
        mover: usize,
        each: &mut dyn FnMut(Vec<u64>) -> Result<(), crate::stop::Stopped>,
    ) -> Result<(), crate::stop::Stopped> {
        self.options(numbers, mover).into_iter().try_for_each(each)
    }

    /// Whether going from `numbers` to `after` is a move of player `mover`, by the rule, at any
    /// size, the move typed over the numbers `at` (0-based, as the person wrote it, so that a
    /// move is named where it was typed even when it changes nothing; the first number changed
    /// when it was not typed); the error says why not, in one line.
    fn check(&self, numbers: &[u64], at: Range<usize>, after: &[u64], mover: usize) -> Result<(), IllegalMove>;

    /// The independent parts of the position `numbers`, each written as a position of this
    /// game, when it falls apart into more than one (the heaps of K-L-Nim, the cakes of
    /// Cutcake): its Conway value is the sum of theirs
    /// ([`BoardValues`](crate::rules::board::machinery::value::BoardValues)). `None` for a position valued
    /// whole (by default, for every game but those of graphs off the ground: their connected
    /// parts, [`pictures::Pictures::components`]).
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        // A game of graphs off the ground (Arc Kayles's) falls apart into connected parts, as
        // its notation finds them; a game on the ground says how its branches do.
        match self.words().written {
            Written::Pictures(pictures) if !pictures.ground => pictures.components(numbers),
            _ => None,
        }
    }

    /// The position `numbers` with its part `k` (the k-th of [`RulesCore::components`])
    /// replaced by `part`, what a move in that part leaves, for a game whose parts do not stand
    /// in its numbers as runs (the connected parts of a graph, their edges among each other's):
    /// the winning moves of a position of many parts are then found part by part, each part's
    /// options valued alone, rather than by listing every option of the whole, each as long as
    /// it. `None` where the game has no such rule (by default, every game but those of graphs
    /// off the ground), and where `part` is not what a move in part `k` leaves.
    fn with_part(&self, numbers: &[u64], k: usize, part: &[u64]) -> Option<Vec<u64>> {
        // The parts of the default [`RulesCore::components`], in its order.
        match self.words().written {
            Written::Pictures(pictures) if !pictures.ground => pictures.with_part(numbers, k, part),
            _ => None,
        }
    }

    /// The numbers in a canonical order, for the exhaustive solver's memo (positions equal up
    /// to an order that does not matter share an entry).
    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        numbers.to_vec()
    }
}

/// A game as a whole board game ([`BoardRules`]), so that a capability's provided method can
/// hand the game to the engine (e.g. [`Theory::solve`]'s default, by Conway's value):
/// implemented for every game, never by hand.
pub trait AsBoard {
    /// The game as a whole board game.
    fn as_board_rules(&self) -> &dyn BoardRules;
}

impl<T: BoardRules> AsBoard for T {
    fn as_board_rules(&self) -> &dyn BoardRules {
        self
    }
}

/// A whole board game: its [`RulesCore`] with every capability (its face, [`Face`], with the
/// `draw` feature). Implemented for every type that implements them all, so a game file writes
/// the capabilities and never this trait.
#[cfg(feature = "draw")]
pub trait BoardRules: RulesCore + Notation + PlayHelp + Theory + Face {}

#[cfg(feature = "draw")]
impl<T: RulesCore + Notation + PlayHelp + Theory + Face> BoardRules for T {}

/// A whole board game: its [`RulesCore`] with every capability but the face (built without
/// the `draw` feature).
#[cfg(not(feature = "draw"))]
pub trait BoardRules: RulesCore + Notation + PlayHelp + Theory {}

#[cfg(not(feature = "draw"))]
impl<T: RulesCore + Notation + PlayHelp + Theory> BoardRules for T {}

/// One board game with its parameters: a cheap handle on the [`BoardRules`] of any game of
/// the registry ([`BOARDS`]). Equality and hashing are by value ([`DynKey`]); a single game's
/// own needs are reached through [`Board::downcast`]. `Display` and `FromStr`-like
/// [`Board::parse`] round-trip:
///
/// ```
/// use grundy::rules::board::Board;
/// for s in ["divisor", "euclid", "chips", "wythoff", "fibonacci-nim", "multiple:2", "multiple:3", "multiplication", "staircase", "moore:2",
///           "take-or-split:2", "take-or-split:3", "take-or-split:1024", "circle:kayles", "circle:octal:0.777",
///           "circle:hex:0.8f", "cutting", "turtles", "mock-turtles", "ruler", "coins-2d:turtlesxturtles",
///           "coins-2d:mock-turtlesxruler"] {
///     assert_eq!(Board::parse(s).unwrap().unwrap().to_string(), s);
/// }
/// assert!(Board::parse("nim").is_none());
/// assert_eq!(Board::parse("multiple:0").unwrap().unwrap_err(), "multiple:K: K must be at least 1, not 0");
/// assert!(Board::parse("take-or-split:1").unwrap().is_err());
/// // A circle of Nim coins plays as a heap: refused, saying so.
/// assert!(Board::parse("circle:nim").unwrap().unwrap_err().contains("plays exactly as a heap"));
/// // The game as its own type.
/// let moore = Board::parse("moore:2").unwrap().unwrap();
/// assert!(moore.downcast::<grundy::rules::board::Moore>().is_some());
/// assert!(moore.downcast::<grundy::rules::board::Wythoff>().is_none());
/// ```
#[derive(Clone)]
pub struct Board(Arc<dyn BoardRules>);

impl Board {
    /// The board game following `rules`.
    pub fn new(rules: impl BoardRules + 'static) -> Self {
        Board(Arc::new(rules))
    }

    /// The game's rules and theory.
    pub fn rules(&self) -> &dyn BoardRules {
        &*self.0
    }

    /// The game as its own type, when it is a `T`: how a need of one game is met (a graph's
    /// edges, the bound of a coin game's export), never by a method of every game.
    pub fn downcast<T: BoardRules>(&self) -> Option<&T> {
        let any: &dyn Any = &*self.0;
        any.downcast_ref::<T>()
    }

    /// Why a sum of games cannot hold this game, in one line; `None` when it can. A game whose
    /// numbers say whose turn it is ([`Players::TurnInPosition`]) cannot.
    pub fn not_in_a_sum(&self) -> Option<String> {
        let rules = self.rules();
        (rules.players(None) == Players::TurnInPosition).then(|| {
            format!(
                "{} says whose turn it is in its position, and a move in another game would not pass it; play it alone",
                rules.spelling()
            )
        })
    }

    /// Reads a board game's spelling: `None` when `s` names no board game, an error when it
    /// names one badly (e.g. `moore:0`). Each file of the registry reads its own games.
    pub fn parse(s: &str) -> Option<Result<Board, String>> {
        BOARDS.iter().find_map(|family| (family.parse)(s))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rules().spelling())
    }
}

crate::rules::heap::eq_and_hash_by_key!(Board);

/// The one part of `before` that a move replaced, and what replaced it, for positions made of
/// parts (circles and lines, sheets) where a move replaces one part by others that never begin
/// or end with it (they are smaller): (its index, the old part, the new parts). `None` when more
/// than one part changed.
pub(crate) fn replaced_part<T: Clone + PartialEq>(before: &[T], after: &[T]) -> Option<(usize, T, Vec<T>)> {
    let prefix = before.iter().zip(after).take_while(|(a, b)| a == b).count();
    let room = before.len().checked_sub(prefix + 1)?.min(after.len().saturating_sub(prefix));
    let suffix = before.iter().rev().zip(after.iter().rev()).take(room).take_while(|(a, b)| a == b).count();
    if prefix + suffix + 1 != before.len() {
        return None;
    }
    let old = before.get(prefix)?.clone();
    let new = after.get(prefix..after.len().checked_sub(suffix)?)?.to_vec();
    Some((prefix, old, new))
}

/// Reads every token as a number, naming the token's place (`what(i)`) when one is not.
pub(crate) fn numbers(tokens: &[&str], what: impl Fn(usize) -> String) -> Result<Vec<u64>, String> {
    tokens.iter().enumerate().map(|(i, t)| crate::number::parse_u64(t, &what(i))).collect()
}

/// A misère answer by exhaustive search of the game's own moves ([`search::search_answer`]),
/// for a game with no misère rule, with `why` in the explanation. The caller bounds the moves
/// of the position first (they only shrink along a game).
pub(crate) fn search_misere(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
    why: &str,
) -> Result<crate::rules::analysis::Analysis, AnalyzeError> {
    let mut answer = search::search_answer(rules, numbers, true, context)?;
    answer.sg_note = Some("none (misère play)".into());
    answer.explanation.insert(
        0,
        format!("Misère play (whoever makes the last move loses): {why}, so every position reachable is searched by the definition of P and N positions."),
    );
    Ok(answer)
}
