//! Tokens on a directed graph (HDU 1524 "A Chess Game", Codeforces 787C "Berzerk"): the edges
//! come as text, one `u v` a line, written by any program; a move slides one token along an
//! edge. The graph may have cycles, so a position is won, lost or drawn (neither player can
//! force a win).
//!
//! - [`Graph::parse`] reads the text: `u v` (a move for either player), `u v left` and
//!   `u v right` (a move for the first or the second player alone), `win V` and `lose V` (a
//!   goal: the game ends when a token reaches V, with that result for the player who moved it
//!   there), `vertex V` (a vertex with no edge), blank lines and `#` comments. Errors name the
//!   line.
//! - [`gsg`]: the generalized Sprague-Grundy function of Smith (1966), computed by the
//!   labelling of Fraenkel and Yesha, for impartial graphs without goals: exact for sums of any
//!   number of tokens, in time about linear in the graph.
//! - [`retro`]: retrograde analysis over the positions of all tokens with the player to move,
//!   for partizan edges, goals and misère play, bounded by the budget before it starts.
//! - [`solve`]: the answer for one position (outcome, every move with its result), from
//!   whichever of the two applies, and the computer's move that makes progress.
//!
//! The library does no I/O: a front end reads the file (or standard input) and hands the text
//! to [`Graph::parse`].

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

pub mod gsg;
pub mod retro;
pub mod solve;

use crate::rules::analysis::Analysis;
use crate::rules::board::BoardContext;
use crate::rules::board::Players;
use crate::rules::board::{Board, BoardFamily};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use crate::error::IllegalMove;
use crate::error::{AnalyzeError, GaveUp, Work};
use crate::rules::board::machinery::notation::{arrow_move, changed_run};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{Notation, PlayHelp, RulesCore, Theory};

pub use solve::{each_vertex, GraphMove, GraphReport, GsgValue, Verdict, VertexAnswer};

/// The most bytes of graph text the front ends read (256 MiB: about 20 million edges of short
/// names). The parser itself takes any text it is given; the bound is for the front ends to
/// apply before reading.
pub const MAX_GRAPH_BYTES: u64 = 256 << 20;

/// Who may move along an edge: bit 0 the first player, bit 1 the second.
pub(crate) const FIRST: u8 = 1;
/// The second player's bit of an edge.
pub(crate) const SECOND: u8 = 2;
/// An edge for both players.
pub(crate) const BOTH: u8 = FIRST | SECOND;

/// Tokens on a directed graph in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [
    GameKind {
        spelling: "graph:FILE",
        name: "tokens on a directed graph",
        a_move: "slide one token along an edge of the graph in FILE (lines `u v`; `u v left`/`right` for one player; `win V`/`lose V` goals); with cycles a game may be drawn",
        example_game: "graph:edges.txt",
        example_position: "b c",
        heap_ruleset: false,
        move_syntax: "`TOKEN VERTEX` moves token TOKEN along an edge to vertex VERTEX",
        example_move: "2 d",
    },
];

/// Refuses `graph` and `graph:FILE` read from a name alone: the graph's edges are text a front
/// end reads (a file, standard input, a request's field) and hands to [`Graph::parse`]
/// (through `Game::graph`); the name cannot hold them. `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "graph" || s.starts_with("graph:")).then(|| Err(
        "graph:FILE takes its edges from a file read by the command line (graph:- reads standard input), or from the 'graph' field of a request to the web app; here the edges are missing".into(),
    ))
}

/// What a vertex does when a token reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// An ordinary vertex: the game goes on.
    None,
    /// The player who moves a token here wins at once.
    Win,
    /// The player who moves a token here loses at once.
    Lose,
}

/// A directed graph of positions for tokens, read from text by [`Graph::parse`]. Vertices are
/// numbered in the order their names first appear; edges are kept both ways (followers and
/// predecessors) in compressed rows, so every solver walks them in linear time.
#[derive(Debug)]
pub struct Graph {
    /// How the game is written, e.g. `graph:edges.txt` or `graph` (text from a request).
    spelling: String,
    /// Each vertex's name, by number: a byte range of `text` (no string of its own, so that a
    /// graph of a million vertices is read without a million allocations).
    names: Vec<(usize, usize)>,
    /// Each name's number.
    index: NameTable,
    /// Followers of vertex v: `out_to[out_start[v]..out_start[v + 1]]`, with who may move.
    out_start: Vec<u32>,
    out_to: Vec<u32>,
    out_who: Vec<u8>,
    /// Predecessors of vertex v, the same way.
    in_start: Vec<u32>,
    in_from: Vec<u32>,
    in_who: Vec<u8>,
    /// Each vertex's goal.
    goals: Vec<Goal>,
    /// Whether some edge is for one player only.
    partizan: bool,
    /// Whether some vertex is a goal.
    has_goals: bool,
    /// The text as given, for writing the game back (the web page sends it with each request).
    text: Arc<str>,
    /// The generalized Sprague-Grundy function, computed once (impartial graphs without goals).
    gsg: OnceLock<Arc<gsg::Gsg>>,
    /// Retrograde analyses already done, by (tokens, misère).
    retro: Mutex<HashMap<(usize, bool), Arc<retro::Retro>>>,
}

impl PartialEq for Graph {
    fn eq(&self, other: &Self) -> bool {
        self.spelling == other.spelling
            && (0..self.vertex_count() as u32).all(|v| self.name(v) == other.name(v))
            && self.out_start == other.out_start
            && self.out_to == other.out_to
            && self.out_who == other.out_who
            && self.goals == other.goals
    }
}

impl Eq for Graph {}

impl Hash for Graph {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.spelling.hash(state);
        self.names.len().hash(state);
        self.out_to.len().hash(state);
    }
}

/// The most tokens drawn, each with its moves (a drawing holds a bounded number of shapes);
/// the others are said to be left out, as rows of heaps are.
#[cfg(feature = "draw")]
const MAX_TOKENS: usize = crate::rules::faces::MAX_ROWS;

#[cfg(feature = "draw")]
/// The most moves of the tokens drawn, in all (each a ring): a few tokens on vertices of many
/// followers fill a drawing.
const MAX_TARGETS: usize = 800;

/// The keywords that begin a line that is not an edge; no vertex may be named so.
const KEYWORDS: [&str; 3] = ["win", "lose", "vertex"];

/// The forms a line may take, for the error of a line that takes none.
const LINE_FORMS: &str = "'u v', 'u v left', 'u v right', 'win V', 'lose V' or 'vertex V'";

/// Why [`Graph::parse`] read no graph: each error but [`ParseGraphError::NoVertices`] names
/// the line at fault ([`ParseGraphError::line`]), so a front end can point at it; `Display` is
/// the one-line message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseGraphError {
    /// A line that takes none of the forms [`Graph::parse`] reads; `text` is the line without
    /// its comment, trimmed.
    #[error("graph line {line}: '{text}' is not {LINE_FORMS}")]
    NotALine {
        /// The line, from 1.
        line: usize,
        /// What it says.
        text: String,
    },
    /// A vertex named by a keyword (`win`, `lose`, `vertex`), which would make lines ambiguous.
    #[error("graph line {line}: '{name}' is a keyword ({keywords}), not a vertex name", keywords = KEYWORDS.join(", "))]
    KeywordAsVertex {
        /// The line, from 1.
        line: usize,
        /// The keyword.
        name: String,
    },
    /// More vertices than a graph here numbers (2^32 - 2: vertices are `u32`s).
    #[error("graph line {line}: more than {} vertices", u32::MAX - 1)]
    TooManyVertices {
        /// The line, from 1.
        line: usize,
    },
    /// More edges than a graph here numbers (2^32 - 2).
    #[error("graph line {line}: more than {} edges", u32::MAX - 1)]
    TooManyEdges {
        /// The line, from 1.
        line: usize,
    },
    /// A vertex made both a `win` and a `lose` goal.
    #[error("graph line {line}: vertex '{name}' is already a goal of the other kind (line {first_line})")]
    GoalOfBothKinds {
        /// The line of the second goal, from 1.
        line: usize,
        /// The vertex.
        name: String,
        /// The line of the first.
        first_line: usize,
    },
    /// The text names no vertex at all.
    #[error("the graph has no vertices: give its edges as lines 'u v' (e.g. 'a b')")]
    NoVertices,
}

impl ParseGraphError {
    /// The line at fault, from 1; `None` when the error is of the whole text.
    pub fn line(&self) -> Option<usize> {
        match *self {
            ParseGraphError::NotALine { line, .. }
            | ParseGraphError::KeywordAsVertex { line, .. }
            | ParseGraphError::TooManyVertices { line }
            | ParseGraphError::TooManyEdges { line }
            | ParseGraphError::GoalOfBothKinds { line, .. } => Some(line),
            ParseGraphError::NoVertices => None,
        }
    }
}

impl Graph {
    /// Reads a graph from `text`, naming the game `spelling` (e.g. `graph:edges.txt`). Each line
    /// is one of `u v` (a move from u to v for either player), `u v left` or `u v right` (for
    /// the first or the second player alone), `win V` or `lose V` (V is a goal: the game ends
    /// when a token reaches it, won or lost for the player who moved it there), `vertex V` (a
    /// vertex, for one with no edge); `#` starts a comment, and blank lines are skipped. Names
    /// are any words without blanks or `#` (numbers included). An edge written twice is one
    /// move. The error, a [`ParseGraphError`], names the line.
    ///
    /// ```
    /// use grundy::rules::board::graphs::graph::Graph;
    /// let g = Graph::parse("graph", "a b\nb c\n# a comment\nc a left\nwin c\n").unwrap();
    /// assert_eq!(g.vertex_count(), 3);
    /// assert_eq!(g.edge_count(), 3);
    /// assert!(g.is_partizan() && g.has_goals());
    /// let e = Graph::parse("graph", "a b\na b c\n").unwrap_err();
    /// assert_eq!(e.line(), Some(2));
    /// assert_eq!(e.to_string(), "graph line 2: 'a b c' is not 'u v', 'u v left', 'u v right', 'win V', 'lose V' or 'vertex V'");
    /// ```
    pub fn parse(spelling: &str, text: &str) -> Result<Graph, ParseGraphError> {
        let mut names: Vec<(usize, usize)> = vec![];
        let mut index = NameTable::default();
        let mut edges: Vec<(u32, u32, u8)> = vec![];
        let mut goal_at: Vec<(u32, Goal, usize)> = vec![];
        // Where `word` (a slice of `text`) starts in `text`.
        let offset = |word: &str| word.as_ptr() as usize - text.as_ptr() as usize;
        for (number, raw) in text.lines().enumerate() {
            let line_no = number + 1;
            let line = raw.split('#').next().unwrap_or_default();
            // At most three words make a line: read them without collecting.
            let mut split = crate::rules::board::file_words(line);
            let words = [split.next(), split.next(), split.next()];
            let bad =
                || ParseGraphError::NotALine { line: line_no, text: crate::rules::board::trim_blank(line).to_string() };
            if split.next().is_some() {
                return Err(bad());
            }
            let mut vertex = |name: &str| -> Result<u32, ParseGraphError> {
                if KEYWORDS.contains(&name) {
                    return Err(ParseGraphError::KeywordAsVertex { line: line_no, name: name.to_string() });
                }
                let span = (offset(name), name.len());
                let v = index.find_or_insert(name, names.len(), |v| {
                    names.get(v as usize).and_then(|&(start, len)| text.get(start..start + len)).unwrap_or_default()
                });
                if v as usize == names.len() {
                    if names.len() >= (u32::MAX - 1) as usize {
                        return Err(ParseGraphError::TooManyVertices { line: line_no });
                    }
                    names.push(span);
                }
                Ok(v)
            };
            match words {
                [None, ..] => {}
                [Some("win"), Some(v), None] => goal_at.push((vertex(v)?, Goal::Win, line_no)),
                [Some("lose"), Some(v), None] => goal_at.push((vertex(v)?, Goal::Lose, line_no)),
                [Some("vertex"), Some(v), None] => {
                    vertex(v)?;
                }
                [Some(u), Some(v), None] => edges.push((vertex(u)?, vertex(v)?, BOTH)),
                [Some(u), Some(v), Some("left")] => edges.push((vertex(u)?, vertex(v)?, FIRST)),
                [Some(u), Some(v), Some("right")] => edges.push((vertex(u)?, vertex(v)?, SECOND)),
                _ => return Err(bad()),
            }
            if edges.len() >= u32::MAX as usize {
                return Err(ParseGraphError::TooManyEdges { line: line_no });
            }
        }
        if names.is_empty() {
            return Err(ParseGraphError::NoVertices);
        }
        let n = names.len();
        let mut goals = vec![Goal::None; n];
        let mut goal_line = vec![0usize; n];
        for (v, goal, line_no) in goal_at {
            let (Some(slot), Some(first_line)) = (goals.get_mut(v as usize), goal_line.get_mut(v as usize)) else {
                continue;
            };
            if *slot != Goal::None && *slot != goal {
                let name = names.get(v as usize).and_then(|&(start, len)| text.get(start..start + len));
                return Err(ParseGraphError::GoalOfBothKinds {
                    line: line_no,
                    name: name.unwrap_or_default().to_string(),
                    first_line: *first_line,
                });
            }
            *slot = goal;
            *first_line = line_no;
        }
        // One move per (u, v): an edge written twice, or for both players in two lines, is one.
        edges.sort_unstable_by_key(|&(u, v, _)| (u, v));
        let mut merged: Vec<(u32, u32, u8)> = Vec::with_capacity(edges.len());
        for (u, v, who) in edges {
            match merged.last_mut() {
                Some(last) if last.0 == u && last.1 == v => last.2 |= who,
                _ => merged.push((u, v, who)),
            }
        }
        let (out_start, out_to, out_who) = rows(n, merged.iter().map(|&(u, v, w)| (u, v, w)));
        let mut backwards: Vec<(u32, u32, u8)> = merged.iter().map(|&(u, v, w)| (v, u, w)).collect();
        backwards.sort_unstable_by_key(|&(v, u, _)| (v, u));
        let (in_start, in_from, in_who) = rows(n, backwards.into_iter());
        let partizan = out_who.iter().any(|&w| w != BOTH);
        let has_goals = goals.iter().any(|&g| g != Goal::None);
        Ok(Graph {
            spelling: spelling.to_string(),
            names,
            index,
            out_start,
            out_to,
            out_who,
            in_start,
            in_from,
            in_who,
            goals,
            partizan,
            has_goals,
            text: Arc::from(text),
            gsg: OnceLock::new(),
            retro: Mutex::new(HashMap::new()),
        })
    }

    /// How the game is written (`graph:FILE`, or `graph` for text from a request).
    pub fn spelling(&self) -> &str {
        &self.spelling
    }

    /// The text the graph was read from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// How many vertices.
    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    /// How many edges (moves from a vertex to another, each counted once).
    pub fn edge_count(&self) -> usize {
        self.out_to.len()
    }

    /// Whether some edge is for one player only.
    pub fn is_partizan(&self) -> bool {
        self.partizan
    }

    /// Whether some vertex is a goal.
    pub fn has_goals(&self) -> bool {
        self.has_goals
    }

    /// Vertex `v`'s name.
    pub fn name(&self, v: u32) -> &str {
        self.names.get(v as usize).and_then(|&(start, len)| self.text.get(start..start + len)).unwrap_or("?")
    }

    /// The vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<u32> {
        self.index.find(name, |v| self.name(v))
    }

    /// Vertex `v`'s goal.
    pub fn goal(&self, v: u32) -> Goal {
        self.goals.get(v as usize).copied().unwrap_or(Goal::None)
    }

    /// The followers of `v` with who may move there ([`FIRST`], [`SECOND`] or both bits).
    pub(crate) fn followers(&self, v: u32) -> impl Iterator<Item = (u32, u8)> + '_ {
        let range = row(&self.out_start, v);
        let to = self.out_to.get(range.clone()).unwrap_or_default();
        let who = self.out_who.get(range).unwrap_or_default();
        to.iter().copied().zip(who.iter().copied())
    }

    /// The predecessors of `v` with who may move from them to `v`.
    pub(crate) fn predecessors(&self, v: u32) -> impl Iterator<Item = (u32, u8)> + '_ {
        let range = row(&self.in_start, v);
        let from = self.in_from.get(range.clone()).unwrap_or_default();
        let who = self.in_who.get(range).unwrap_or_default();
        from.iter().copied().zip(who.iter().copied())
    }

    /// The vertices player `mover` (0 first, 1 second) may move a token on `v` to.
    pub fn moves_from(&self, v: u32, mover: usize) -> impl Iterator<Item = u32> + '_ {
        let bit = player_bit(mover);
        self.followers(v).filter(move |&(_, who)| who & bit != 0).map(|(w, _)| w)
    }

    /// How many followers `v` has (for either player).
    pub(crate) fn out_degree(&self, v: u32) -> usize {
        row(&self.out_start, v).len()
    }

    /// Whether a token may go from `u` to `v` in one move of player `mover`.
    pub fn is_move(&self, u: u32, v: u32, mover: usize) -> bool {
        let bit = player_bit(mover);
        self.followers(u).any(|(w, who)| w == v && who & bit != 0)
    }

    /// The first token on a goal, with the goal: the game is then over.
    pub fn goal_reached(&self, tokens: &[u64]) -> Option<(usize, Goal)> {
        tokens.iter().enumerate().find_map(|(i, &t)| match self.goal(t as u32) {
            Goal::None => None,
            g => Some((i, g)),
        })
    }

    /// The generalized Sprague-Grundy function, computed on first use within `budget` steps
    /// past linear (see [`gsg`]); past it, refused with a bound of the steps it would take.
    pub(crate) fn gsg(&self, budget: u64) -> Result<Arc<gsg::Gsg>, AnalyzeError> {
        if let Some(done) = self.gsg.get() {
            return Ok(done.clone());
        }
        let done = Arc::new(gsg::Gsg::compute(self, budget).map_err(|bound| {
            if bound <= crate::MAX_BUDGET {
                AnalyzeError::GaveUp(GaveUp { what: Work::MovesExamined, used: budget, needed: Some(bound) })
            } else {
                AnalyzeError::Unsupported(format!(
                    "labelling this graph with the generalized Sprague-Grundy function (Fraenkel-Yesha) can take up to {bound} steps past linear on its {} vertices from which a cycle is reached, past the budget of {budget} and the most this program allows ({})",
                    self.vertex_count(),
                    crate::MAX_BUDGET
                ))
            }
        })?);
        Ok(self.gsg.get_or_init(|| done).clone())
    }

    /// The retrograde analysis of `tokens` tokens (misère or not), computed on first use within
    /// `budget` positions.
    pub(crate) fn retro(&self, tokens: usize, misere: bool, budget: u64) -> Result<Arc<retro::Retro>, AnalyzeError> {
        if let Some(r) = self.retro.lock().ok().and_then(|m| m.get(&(tokens, misere)).cloned()) {
            return Ok(r);
        }
        let r = Arc::new(retro::Retro::compute(self, tokens, misere, budget)?);
        if let Ok(mut m) = self.retro.lock() {
            // Keep at most a few analyses: a session plays one game.
            if m.len() >= 4 {
                m.clear();
            }
            m.insert((tokens, misere), r.clone());
        }
        Ok(r)
    }

    /// The names of the first few vertices, for an error about a vertex the graph lacks.
    fn some_names(&self) -> String {
        const SHOWN: usize = 8;
        let first: Vec<&str> = (0..self.names.len().min(SHOWN) as u32).map(|v| self.name(v)).collect();
        let more = if self.names.len() > SHOWN { ", ..." } else { "" };
        format!("{}{more}", first.join(", "))
    }

    /// The graph as text that [`Graph::parse`] reads back to an equal graph: every vertex
    /// first (`vertex V`, so that the vertices keep their order), then the edges and goals.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for u in 0..self.names.len() as u32 {
            out += &format!("vertex {}\n", self.name(u));
        }
        for u in 0..self.names.len() as u32 {
            for (v, who) in self.followers(u) {
                let side = match who {
                    FIRST => " left",
                    SECOND => " right",
                    _ => "",
                };
                out += &format!("{} {}{side}\n", self.name(u), self.name(v));
            }
        }
        for u in 0..self.names.len() as u32 {
            match self.goal(u) {
                Goal::Win => out += &format!("win {}\n", self.name(u)),
                Goal::Lose => out += &format!("lose {}\n", self.name(u)),
                Goal::None => {}
            }
        }
        out
    }
}

/// The vertices by name: an open-addressing table of vertex numbers (linear probing on an
/// FNV-1a hash of the name), whose names the caller looks up, so that it holds no string.
#[derive(Debug, Default)]
struct NameTable {
    /// Vertex numbers, `u32::MAX` for an empty slot; its length is a power of two.
    slots: Vec<u32>,
    /// How many vertices it holds.
    len: usize,
}

/// FNV-1a, 64 bits: fast on the short names of vertices.
fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

impl NameTable {
    /// The vertex named `name`, given each vertex's name by `name_of`.
    fn find<'a>(&self, name: &str, name_of: impl Fn(u32) -> &'a str) -> Option<u32> {
        let mask = self.slots.len().checked_sub(1)?;
        let mut i = name_hash(name) as usize & mask;
        loop {
            match self.slots.get(i).copied() {
                Some(u32::MAX) | None => return None,
                Some(v) if name_of(v) == name => return Some(v),
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// The vertex named `name`, or `next` (the number the caller gives a new vertex) after
    /// recording it.
    fn find_or_insert<'a>(&mut self, name: &str, next: usize, name_of: impl Fn(u32) -> &'a str) -> u32 {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow(&name_of);
        }
        let mask = self.slots.len() - 1;
        let mut i = name_hash(name) as usize & mask;
        loop {
            match self.slots.get(i).copied() {
                Some(u32::MAX) | None => {
                    if let Some(slot) = self.slots.get_mut(i) {
                        *slot = next as u32;
                    }
                    self.len += 1;
                    return next as u32;
                }
                Some(v) if name_of(v) == name => return v,
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// Doubles the table (at least 16 slots) and puts every vertex back.
    fn grow<'a>(&mut self, name_of: &impl Fn(u32) -> &'a str) {
        let size = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![u32::MAX; size]);
        let mask = size - 1;
        for v in old.into_iter().filter(|&v| v != u32::MAX) {
            let mut i = name_hash(name_of(v)) as usize & mask;
            while self.slots.get(i).is_some_and(|&s| s != u32::MAX) {
                i = (i + 1) & mask;
            }
            if let Some(slot) = self.slots.get_mut(i) {
                *slot = v;
            }
        }
    }
}

/// The bit of player `mover` (0 first, 1 second) in an edge's `who`.
pub(crate) fn player_bit(mover: usize) -> u8 {
    if mover == 0 {
        FIRST
    } else {
        SECOND
    }
}

/// The range of row `v` in compressed rows.
fn row(start: &[u32], v: u32) -> std::ops::Range<usize> {
    let a = start.get(v as usize).copied().unwrap_or(0) as usize;
    let b = start.get(v as usize + 1).copied().unwrap_or(0) as usize;
    a..b.max(a)
}

/// Compressed rows of `n` vertices from edges sorted by their first vertex.
fn rows(n: usize, edges: impl Iterator<Item = (u32, u32, u8)>) -> (Vec<u32>, Vec<u32>, Vec<u8>) {
    let mut start = vec![0u32; n + 1];
    let mut to = vec![];
    let mut who = vec![];
    for (u, v, w) in edges {
        if let Some(s) = start.get_mut(u as usize + 1) {
            *s += 1;
        }
        to.push(v);
        who.push(w);
    }
    for i in 0..n {
        let before = start.get(i).copied().unwrap_or(0);
        if let Some(s) = start.get_mut(i + 1) {
            *s += before;
        }
    }
    (start, to, who)
}

/// Tokens on a graph, as a board game: the position's numbers are the vertices of the tokens,
/// in the order given.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GraphGame(pub Arc<Graph>);

impl GraphGame {
    /// The game on `graph`.
    pub fn new(graph: Graph) -> Self {
        GraphGame(Arc::new(graph))
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.0
    }

    /// Reads a move typed as `TOKEN VERTEX` (`1 c`), `TOKEN -> VERTEX`, or `VERTEX` alone when
    /// there is one token: the token's index (0-based) and the vertex it goes to. Not checked
    /// against the edges (see [`GraphGame::check_token_move`]). The error, an [`IllegalMove`],
    /// says what is not a move.
    pub fn read_token_move(&self, numbers: &[u64], text: &str) -> Result<(usize, u32), IllegalMove> {
        let g = self.graph();
        // `->` and `to` join the token and the vertex only where they stand between them: a
        // vertex may be named `to` (`1 to` moves token 1 there).
        let words: Vec<&str> = text.split_whitespace().collect();
        let joins = |w: &str| w == "->" || w == "to";
        let example = || format!("e.g. '1 {}' moves token 1 to vertex {}", g.name(0), g.name(0));
        let (token, target) = match words[..] {
            [v] if numbers.len() == 1 => (0, v),
            [j, v] if numbers.len() == 1 && joins(j) => (0, v),
            [t, v] | [t, _, v] if words.len() == 2 || words.get(1).is_some_and(|w| joins(w)) => {
                let t = crate::number::parse_u64(t, "the token")
                    .map_err(|e| IllegalMove::new(format!("{e}: type TOKEN VERTEX ({})", example())))?;
                let i = usize::try_from(t).ok().filter(|&i| i >= 1 && i <= numbers.len()).ok_or_else(|| {
                    IllegalMove::new(format!("there is no token {t} (the tokens are numbered 1 to {})", numbers.len()))
                })?;
                (i - 1, v)
            }
            _ => {
                return Err(IllegalMove::new(format!(
                    "'{}' is not a move: type TOKEN VERTEX ({})",
                    text.trim(),
                    example()
                )))
            }
        };
        let v = g.vertex(target).ok_or_else(|| IllegalMove::new(format!("'{target}' is not a vertex of the graph")))?;
        Ok((token, v))
    }

    /// The numbers after the move the drawing writes as `TOKEN VERTEX` (1-based token, the
    /// vertex's exact name): the inverse of those words, for a drawing in a sum, which writes
    /// its moves in the general form. `None` when they name no token or vertex.
    pub(crate) fn token_move_after(&self, numbers: &[u64], words: &str) -> Option<Vec<u64>> {
        let (token, name) = words.split_once(' ')?;
        let i = token.parse::<usize>().ok()?.checked_sub(1)?;
        let v = self.graph().vertex(name)?;
        let mut after = numbers.to_vec();
        *after.get_mut(i)? = u64::from(v);
        Some(after)
    }

    /// The move of token `token` (0-based) to vertex `v` in words, e.g. "move token 1 from a
    /// to b".
    pub fn describe_move(&self, numbers: &[u64], token: usize, v: u32) -> String {
        let g = self.graph();
        let from = numbers.get(token).copied().unwrap_or(0) as u32;
        let goal = match g.goal(v) {
            Goal::Win => " (a goal: the mover wins)",
            Goal::Lose => " (a goal: the mover loses)",
            Goal::None => "",
        };
        format!("move token {} from {} to {}{goal}", token + 1, g.name(from), g.name(v))
    }

    /// Whether moving token `token` (0-based) to vertex `v` is a move of player `mover` (0 or
    /// 1; either player when `None`); the error, an [`IllegalMove`], says why not.
    pub fn check_token_move(
        &self,
        numbers: &[u64],
        token: usize,
        v: u32,
        mover: Option<usize>,
    ) -> Result<(), IllegalMove> {
        let g = self.graph();
        if let Some((i, _)) = g.goal_reached(numbers) {
            return Err(IllegalMove::new(format!("the game is over: token {} is on a goal", i + 1)));
        }
        let Some(&u) = numbers.get(token) else {
            return Err(IllegalMove::new(format!(
                "there is no token {} (the tokens are numbered 1 to {})",
                token + 1,
                numbers.len()
            )));
        };
        let u = u as u32;
        let ok = match mover {
            Some(p) => g.is_move(u, v, p),
            None => g.followers(u).any(|(w, _)| w == v),
        };
        if ok {
            return Ok(());
        }
        let whose = match mover {
            Some(p) if g.followers(u).any(|(w, _)| w == v) => {
                format!(" for the {} player (that edge is the other player's)", if p == 0 { "first" } else { "second" })
            }
            _ => String::new(),
        };
        Err(IllegalMove::new(format!(
            "token {}: there is no edge from {} to {}{whose}",
            token + 1,
            g.name(u),
            g.name(v)
        )))
    }
}

impl RulesCore for GraphGame {
    fn words(&self) -> Words {
        let g = self.graph();
        let mut rules = format!(
            "Tokens on a directed graph of {} vertices and {} edges: a move slides one token along an edge",
            g.vertex_count(),
            g.edge_count()
        );
        if g.is_partizan() {
            rules += " (edges marked left are the first player's alone, right the second's)";
        }
        rules += "; a player with no move loses";
        if g.has_goals() {
            rules += ", and a token reaching a goal ends the game, won (win V) or lost (lose V) for the player who moved it there";
        }
        rules += ". With cycles a game can go on for ever: a draw.";
        let hint = format!("Type TOKEN VERTEX (e.g. '1 {}' moves token 1 to vertex {})", g.name(0), g.name(0));
        Words::new(self.0.spelling.clone(), Players::Impartial, rules, hint)
            // The numbers are the vertices the tokens stand on.
            .with_piles(0)
            .with_names(NumberNames { first: &[], then: &["token {}"], last: None })
    }

    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        // Either player's moves: the graph's own solver (`solve`) takes the player into
        // account; this list is for callers that have no player.
        let g = self.graph();
        if g.goal_reached(numbers).is_some() {
            return vec![];
        }
        let mut out = vec![];
        for (i, &t) in numbers.iter().enumerate() {
            for (w, _) in g.followers(t as u32) {
                let mut next = numbers.to_vec();
                if let Some(slot) = next.get_mut(i) {
                    *slot = u64::from(w);
                }
                out.push(next);
            }
        }
        out
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        if numbers.len() != after.len() {
            return Err("a move keeps every token on the board".into());
        }
        let changed: Vec<usize> = (0..numbers.len()).filter(|&i| numbers.get(i) != after.get(i)).collect();
        match changed[..] {
            [i] => self.check_token_move(numbers, i, after.get(i).copied().unwrap_or(0) as u32, None),
            _ => Err("a move slides exactly one token along one edge".into()),
        }
    }
}

impl Notation for GraphGame {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let g = self.graph();
        if tokens.is_empty() {
            return Err(format!("the position is empty: give the vertices of the tokens (e.g. {})", g.name(0)));
        }
        tokens
            .iter()
            .enumerate()
            .map(|(i, t)| {
                g.vertex(t).map(u64::from).ok_or_else(|| {
                    format!(
                        "token {}: '{t}' is not a vertex of the graph (its {} vertices: {})",
                        i + 1,
                        g.vertex_count(),
                        g.some_names()
                    )
                })
            })
            .collect()
    }

    fn tokens(&self, numbers: &[u64]) -> Vec<String> {
        numbers.iter().map(|&v| self.graph().name(v as u32).to_string()).collect()
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let g = self.graph();
        match numbers.iter().zip(after).position(|(a, b)| a != b) {
            Some(i) => {
                let from = numbers.get(i).copied().unwrap_or(0) as u32;
                let to = after.get(i).copied().unwrap_or(0) as u32;
                let goal = match g.goal(to) {
                    Goal::Win => " (a goal: the mover wins)",
                    Goal::Lose => " (a goal: the mover loses)",
                    Goal::None => "",
                };
                format!("move token {} from {} to {}{goal}", i + 1, g.name(from), g.name(to))
            }
            None => "no move".into(),
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        Some(
            self.read_token_move(numbers, text)
                .map(|(i, v)| {
                    let mut after = numbers.to_vec();
                    if let Some(slot) = after.get_mut(i) {
                        *slot = u64::from(v);
                    }
                    after
                })
                .map_err(|e| e.to_string()),
        )
    }

    /// The token moved and the vertex it goes to, by name (`2 d`).
    fn write_move(&self, numbers: &[u64], after: &[u64], _mover: usize) -> String {
        let named = changed_run(numbers, after).and_then(|(at, _, to)| {
            let v = u32::try_from(*to.first()?).ok()?;
            Some(format!("{} {}", at + 1, self.graph().name(v)))
        });
        named.unwrap_or_else(|| arrow_move(numbers, after))
    }
}

impl PlayHelp for GraphGame {
    fn longest_game(&self, _numbers: &[u64]) -> u128 {
        // A game on a graph with cycles can last for ever.
        u128::MAX
    }

    /// One or two tokens on random vertices of the graph.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        let n = self.graph().vertex_count() as u64;
        if n == 0 {
            return vec![];
        }
        (0..1 + below(2)).map(|_| self.graph().name(below(n) as u32).to_string()).collect()
    }
}

impl Theory for GraphGame {
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let (misere, budget) = (context.misere, context.budget);
        // With the first player to move; the analysis calls `solve::report` with the player.
        let report = solve::report(self.graph(), numbers, 0, misere, budget)?;
        let wins = report.verdict == Verdict::Win;
        let winning: Vec<Vec<u64>> =
            report.moves.iter().filter(|m| m.verdict == Verdict::Win).map(|m| m.after(numbers)).collect();
        Ok(Analysis::of_board(
            self,
            numbers,
            wins,
            report.value.as_ref().and_then(GsgValue::finite),
            winning,
            report.board_method(),
        ))
    }
}

#[cfg(feature = "draw")]
impl Face for GraphGame {
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        use crate::rules::board::machinery::layout::{self, Network};
        let g = self.graph();
        let mut s = Sketch::new();
        let n = g.vertex_count();
        let tokens: Vec<usize> = numbers.iter().map(|&v| v as usize).collect();
        // Each follower once (edges are merged per pair when read), with who may take it:
        // the first player's moves in their order, then the second's alone, in one pass each
        // (looking each pair up again made a vertex of 10^5 followers quadratic).
        let outs = |v: usize| -> Vec<(usize, &'static str)> {
            let row = || g.followers(v as u32).map(|(w, who)| (w as usize, who));
            let side = |who: u8| match who {
                FIRST => "left",
                SECOND => "right",
                _ => "",
            };
            let first = row().filter(|&(_, who)| who & FIRST != 0);
            let second = row().filter(|&(_, who)| who & FIRST == 0 && who & SECOND != 0);
            first.chain(second).map(|(w, who)| (w, side(who))).collect()
        };
        let neighbours = |v: usize| outs(v).into_iter().map(|(u, _)| u).collect();
        let vertex = |v: usize| {
            let class = match g.goal(v as u32) {
                Goal::Win => "win",
                Goal::Lose => "lose",
                Goal::None => "",
            };
            (g.name(v as u32).to_string(), class)
        };
        let net = Network::draw(&mut s, 0.0, 330.0, n, &tokens, &neighbours, &outs, &vertex, true);
        let over = g.goal_reached(numbers).is_some();
        // Each vertex's moves among the vertices shown, and whether it has any, found once per
        // vertex: many tokens may stand on one vertex of many followers.
        // The tokens drawn: at most MAX_TOKENS, and no more than MAX_TARGETS moves in all (a
        // token's moves each a ring), the first always.
        let mut moves_of: HashMap<usize, (bool, Vec<u32>)> = HashMap::new();
        let mut shown_tokens = 0;
        let mut targets = 0;
        for &v in tokens.iter().take(MAX_TOKENS) {
            let (_, shown) = moves_of.entry(v).or_insert_with(|| {
                let mut any = false;
                let shown = g
                    .moves_from(v as u32, mover)
                    .inspect(|_| any = true)
                    .filter(|&w| net.at.contains_key(&(w as usize)))
                    .collect();
                (any, shown)
            });
            targets += if net.at.contains_key(&v) { shown.len() } else { 0 };
            if shown_tokens > 0 && targets > MAX_TARGETS {
                break;
            }
            shown_tokens += 1;
        }
        // The tokens, each picking its moves; the first token's moves shown at first.
        let first_with_move = tokens.iter().take(shown_tokens).position(|v| moves_of.get(v).is_some_and(|m| m.0));
        let spots = net.badge_spots(tokens.get(..shown_tokens).unwrap_or_default(), crate::rules::draw::WIDTH);
        for (i, &v) in tokens.iter().enumerate().take(shown_tokens) {
            let (Some(&(x, y)), Some(&Some(at))) = (net.at.get(&v), spots.get(i)) else { continue };
            if !over {
                s.choice(&(i + 1).to_string(), Some(i) == first_with_move, |s| {
                    s.circle(x, y, net.radius + 4.0, "picked");
                    for &w in moves_of.get(&v).map(|m| &m.1[..]).unwrap_or_default() {
                        let Some(&(wx, wy)) = net.at.get(&(w as usize)) else { continue };
                        // By its words: the numbers after it are as many as the tokens, and
                        // are read back only in a sum (`GraphGame::token_move_after`).
                        let t = s.worded_target(format!("{} {}", i + 1, g.name(w)));
                        s.circle(wx, wy, net.radius + 2.0, "target").makes(t).title(format!(
                            "move token {} from {} to {}",
                            i + 1,
                            g.name(v as u32),
                            g.name(w)
                        ));
                    }
                });
            }
            let title = format!("token {} on {}", i + 1, g.name(v as u32));
            // A line from the vertex to its token's badge, which may sit a wide step away.
            let (dx, dy) = (at.0 - x, at.1 - y);
            let d = dx.hypot(dy);
            if d > net.radius + layout::BADGE + 4.0 {
                let (ux, uy) = (dx / d, dy / d);
                s.line(
                    x + ux * net.radius,
                    y + uy * net.radius,
                    at.0 - ux * layout::BADGE,
                    at.1 - uy * layout::BADGE,
                    "token-link",
                );
            }
            layout::badge(&mut s, at, &(i + 1).to_string(), title, Some((i + 1).to_string()));
        }
        let mut y = 346.0;
        if net.total > crate::rules::board::machinery::layout::MAX_VERTICES {
            // Under the network's own note ("200 of 300 vertices shown", at 358), a line below.
            y += 28.0;
        }
        if tokens.len() > shown_tokens {
            let more = tokens.len() - shown_tokens;
            y = s.note(
                y,
                &format!("and {more} more tokens, not drawn: type their moves ('{} VERTEX')", shown_tokens + 1),
            );
        }
        s.note(y, "Click a token, then where it goes (dashed rings).");
        if g.is_partizan() {
            y += 16.0;
            s.note(y, "Blue edges are the first player's alone, red the second's.");
        }
        s.height = y + 8.0;
        s
    }
}

impl fmt::Display for GraphGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.spelling)
    }
}
