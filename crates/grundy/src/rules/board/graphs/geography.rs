//! Undirected vertex geography (`geography:FILE`): a token sits on a vertex of an undirected
//! graph; a move takes it to a neighbour not yet visited (the vertex it leaves stays visited),
//! and the player who cannot move loses. Before the first move the token is off the board, and
//! the first move places it on any vertex (as in BZOJ 1443, where one player places the token
//! and the other moves first).
//!
//! Fraenkel, Scheinerman and Ullman (1993): the player to move from v wins exactly when v lies
//! in every maximum matching of the graph. (If v is in every maximum matching, take one, M: the
//! mover follows v's edge of M; whatever the opponent does, an edge of M is there to answer,
//! else an alternating path would give a maximum matching missing v. If some maximum matching
//! M misses v, every neighbour u is matched in M, and the opponent answers along M the same
//! way.) During play the visited vertices are gone: the player at c wins iff some unvisited
//! neighbour u is missed by some maximum matching of the unvisited graph without c.
//!
//! The vertices missed by some maximum matching are, for a maximum matching M, those an even
//! alternating path reaches from a vertex M leaves unmatched (the set D of the Gallai-Edmonds
//! decomposition). Both are found by Edmonds' blossom algorithm (alternating trees whose odd
//! cycles are contracted), on bipartite graphs by Hopcroft and Karp's phases; every step is
//! counted against the budget and a graph past it is refused, saying so.
//!
//! The graph is text, one edge `u v` a line (vertex names are words without commas: numbers
//! or names; a line of one name is a vertex with no edge; blank lines and lines from `#` are
//! skipped). The command line reads it from a file, the web page from a text area: this module
//! does no I/O. A position is the path of the token, `a,b,c` (the token on c), one token; `-`
//! is the position before the token is placed.

use crate::error::IllegalMove;
use crate::rules::analysis::Analysis;
use crate::rules::board::BoardContext;
use crate::rules::board::Players;
use crate::rules::board::{Board, BoardFamily, TextRows};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use crate::error::{AnalyzeError, GaveUp, Work};
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::{listed_note, listing_room, Method, Notation, PlayHelp, RulesCore, Theory};

/// What `geography` without its graph (or with a file name the library cannot read) says.
pub const NEEDS_FILE: &str = "game geography reads its graph from a file, one edge 'u v' a line: geography:FILE (e.g. grundy analyze geography:graph.txt a; FILE - reads standard input)";

/// The most edges a graph may have.
pub const MAX_EDGES: usize = 1 << 21;

/// The steps of the matching algorithms one unit of the budget pays for (a step looks at one
/// edge or vertex; 64 steps take well under a microsecond).
pub const STEPS_PER_UNIT: u64 = 64;

/// The most vertices a misère position may have left: it is searched path by path.
const MISERE_VERTICES: usize = 16;

/// The most vertices a graph may have for the Sprague-Grundy value to be searched (each
/// visited set is a bit of a word).
const VALUE_VERTICES: usize = 24;

const NONE: usize = usize::MAX;

/// The position before the first move, when the token is not on the board yet.
pub const UNPLACED: &str = "-";

/// An undirected graph with named vertices.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Graph {
    /// What the graph is called in the game's spelling (the file name as given).
    name: String,
    /// Each vertex's name, in the order they first appear.
    names: Vec<String>,
    /// Each vertex's neighbours, sorted, without repeats or loops.
    adj: Vec<Vec<usize>>,
    /// The number of edges (without repeats or loops).
    edges: usize,
    /// Whether the graph is bipartite (then Hopcroft-Karp finds the matching).
    bipartite: bool,
}

/// Undirected vertex geography in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [
    GameKind {
        spelling: "geography:FILE",
        name: "undirected vertex geography",
        a_move: "move the token to a neighbour not yet visited (FILE: one edge `u v` a line; position `-`: the first move places the token; `a,b,c`: the path so far)",
        example_game: "geography:examples/geography/bzoj1443.txt",
        example_position: "r2c2",
        heap_ruleset: false,
        move_syntax: "`VERTEX` (or `to VERTEX`) moves the token to vertex VERTEX, a neighbour not yet visited (the first move places it)",
        example_move: "r2c3",
    },
];

/// Refuses `geography` and `geography:FILE` read from a name alone ([`NEEDS_FILE`]): the graph
/// comes from a file the front end reads (through `Game::geography`). `None` for any other
/// name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    (s == "geography" || s.starts_with("geography:")).then(|| Err(NEEDS_FILE.into()))
}

/// Why [`Geography::from_text`] read no graph: each error but
/// [`ParseGeographyError::NoVertex`] names the line at fault ([`ParseGeographyError::line`]);
/// `Display` is the one-line message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseGeographyError {
    /// A line of more than two names; `text` is the line without its comment, trimmed.
    #[error("line {line}: '{text}' is not an edge 'u v' (two vertex names)")]
    NotAnEdge {
        /// The line, from 1.
        line: usize,
        /// What it says.
        text: String,
    },
    /// A vertex named `-`, which writes the position before the token is placed.
    #[error("line {line}: '{UNPLACED}' cannot name a vertex: it is the position before the token is placed")]
    UnplacedAsVertex {
        /// The line, from 1.
        line: usize,
    },
    /// A vertex name with a comma, which separates the vertices of a path in a position.
    #[error("line {line}: vertex name '{name}' has a comma (commas separate the vertices of a path)")]
    CommaInName {
        /// The line, from 1.
        line: usize,
        /// The name.
        name: String,
    },
    /// More edges than a graph here holds.
    #[error("line {line}: more than {MAX_EDGES} edges, past what a graph here holds")]
    TooManyEdges {
        /// The line, from 1.
        line: usize,
    },
    /// The text names no vertex at all.
    #[error("the graph has no vertex: give one edge 'u v' a line")]
    NoVertex,
}

impl ParseGeographyError {
    /// The line at fault, from 1; `None` when the error is of the whole text.
    pub fn line(&self) -> Option<usize> {
        match *self {
            ParseGeographyError::NotAnEdge { line, .. }
            | ParseGeographyError::UnplacedAsVertex { line }
            | ParseGeographyError::CommaInName { line, .. }
            | ParseGeographyError::TooManyEdges { line } => Some(line),
            ParseGeographyError::NoVertex => None,
        }
    }
}

/// Undirected vertex geography on one graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geography {
    graph: Arc<Graph>,
}

impl Geography {
    /// Reads a graph from its text: one edge `u v` a line, vertex names being words without
    /// commas; a line of one name adds a vertex with no edge; blank lines and lines starting
    /// with `#` are skipped. `name` is how the game is written (`geography:NAME`). The error, a
    /// [`ParseGeographyError`], names the line.
    ///
    /// ```
    /// use grundy::rules::board::Geography;
    /// assert!(Geography::from_text("g", "a b\nb c\n").is_ok());
    /// let e = Geography::from_text("g", "a b\nb c d\n").unwrap_err();
    /// assert_eq!(e.line(), Some(2));
    /// assert_eq!(e.to_string(), "line 2: 'b c d' is not an edge 'u v' (two vertex names)");
    /// ```
    pub fn from_text(name: &str, text: &str) -> Result<Geography, ParseGeographyError> {
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut names: Vec<String> = vec![];
        let mut pairs: Vec<(usize, usize)> = vec![];
        for (l, line) in text.lines().enumerate() {
            // `#` starts a comment anywhere on a line, as in a graph file.
            let line = crate::rules::board::trim_blank(line.split('#').next().unwrap_or_default());
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = crate::rules::board::file_words(line).collect();
            if words.len() > 2 {
                return Err(ParseGeographyError::NotAnEdge { line: l + 1, text: line.to_string() });
            }
            let mut ids = vec![];
            for w in &words {
                if *w == UNPLACED {
                    return Err(ParseGeographyError::UnplacedAsVertex { line: l + 1 });
                }
                if w.contains(',') {
                    return Err(ParseGeographyError::CommaInName { line: l + 1, name: (*w).to_string() });
                }
                let n = names.len();
                let id = *index.entry((*w).to_string()).or_insert(n);
                if id == n {
                    names.push((*w).to_string());
                }
                ids.push(id);
            }
            if let [a, b] = ids[..] {
                pairs.push((a, b));
                if pairs.len() > MAX_EDGES {
                    return Err(ParseGeographyError::TooManyEdges { line: l + 1 });
                }
            }
        }
        if names.is_empty() {
            return Err(ParseGeographyError::NoVertex);
        }
        let mut adj = vec![vec![]; names.len()];
        for &(a, b) in &pairs {
            if a != b {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        for list in &mut adj {
            list.sort_unstable();
            list.dedup();
        }
        let edges = adj.iter().map(Vec::len).sum::<usize>() / 2;
        let bipartite = sides(&adj).is_some();
        Ok(Geography { graph: Arc::new(Graph { name: name.to_string(), names, adj, edges, bipartite }) })
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.graph.names.len()
    }

    /// A vertex's name.
    pub fn name(&self, v: usize) -> &str {
        self.graph.names.get(v).map_or("?", String::as_str)
    }

    fn vertex(&self, name: &str) -> Option<usize> {
        self.graph.names.iter().position(|n| n == name)
    }

    /// The vertices still there for the player at the end of `path`: unvisited, or the token's.
    fn alive(&self, path: &[u64]) -> Vec<bool> {
        let mut alive = vec![true; self.vertices()];
        for &v in path {
            if let Some(a) = usize::try_from(v).ok().and_then(|v| alive.get_mut(v)) {
                *a = false;
            }
        }
        alive
    }

    /// The vertices from which a move can go on: the next vertices of the path.
    fn next_vertices(&self, path: &[u64]) -> Vec<usize> {
        let alive = self.alive(path);
        match path.last() {
            None => (0..self.vertices()).collect(),
            Some(&c) => self
                .graph
                .adj
                .get(usize::try_from(c).unwrap_or(NONE))
                .map(|l| l.iter().copied().filter(|&u| alive[u]).collect())
                .unwrap_or_default(),
        }
    }
}

/// The token's path from a position's numbers: the first number is the path's length (so
/// that the first move, which places the token, replaces a number as every move does), then
/// the vertices.
fn path(numbers: &[u64]) -> &[u64] {
    numbers.get(1..).unwrap_or_default()
}

/// A position's numbers from the token's path.
fn encode(path: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(path.len() + 1);
    out.push(path.len() as u64);
    out.extend_from_slice(path);
    out
}

/// A position of the value search: the visited vertices (a bit each) and the token's vertex
/// (the number of vertices when the token is not placed).
type State = (u64, usize);

impl Geography {
    /// The Sprague-Grundy value of the position after `path`, by the mex over every move,
    /// memoised on (visited vertices, token's vertex); `None` for a graph of more than
    /// [`VALUE_VERTICES`] vertices or past `budget` positions. Iterative.
    fn grundy_value(&self, path: &[u64], budget: u64) -> Result<Option<u64>, AnalyzeError> {
        let n = self.vertices();
        if n > VALUE_VERTICES {
            return Ok(None);
        }
        let budget = budget.min(Work::PositionsSearched.max_budget());
        let mut ticker = crate::stop::Ticker::new(1024);
        let adj = &self.graph.adj;
        let mut visited: u64 = 0;
        for &v in path {
            visited |= 1u64 << (v % 64);
        }
        // A state: the visited set and the token's vertex (n: not placed).
        let current = path.last().map_or(n, |&c| c as usize);
        let options = |mask: u64, c: usize| -> Vec<State> {
            let next: Vec<usize> = if c == n { (0..n).collect() } else { adj[c].clone() };
            next.into_iter().filter(|&u| mask >> u & 1 == 0).map(|u| (mask | 1 << u, u)).collect()
        };
        let mut memo: HashMap<State, u64> = HashMap::new();
        // Frames: the state, its options, the next one to look at.
        let mut stack: Vec<(State, Vec<State>, usize)> = vec![((visited, current), options(visited, current), 0)];
        while let Some(top) = stack.last_mut() {
            if let Some(&child) = top.1.get(top.2) {
                top.2 += 1;
                if !memo.contains_key(&child) {
                    ticker.tick()?;
                    if memo.len() as u64 + stack.len() as u64 >= budget {
                        return Ok(None);
                    }
                    let more = options(child.0, child.1);
                    stack.push((child, more, 0));
                }
                continue;
            }
            let Some((state, children, _)) = stack.pop() else { break };
            let seen: std::collections::HashSet<u64> = children.iter().filter_map(|c| memo.get(c).copied()).collect();
            let value = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
            memo.insert(state, value);
        }
        Ok(memo.get(&(visited, current)).copied())
    }
}

/// A two-colouring of the graph, if it has one.
fn sides(adj: &[Vec<usize>]) -> Option<Vec<u8>> {
    let mut side = vec![2u8; adj.len()];
    for s in 0..adj.len() {
        if side[s] != 2 {
            continue;
        }
        side[s] = 0;
        let mut stack = vec![s];
        while let Some(v) = stack.pop() {
            for &w in &adj[v] {
                if side[w] == 2 {
                    side[w] = 1 - side[v];
                    stack.push(w);
                } else if side[w] == side[v] {
                    return None;
                }
            }
        }
    }
    Some(side)
}

/// Counts the steps of the matching algorithms against the budget, and checks the stop token
/// (a time limit, a cancelled request) every 2^16 steps; the error `()` is explained by
/// [`Steps::halt`].
struct Steps {
    left: u64,
    budget: u64,
    /// A budget known to be enough for the whole computation.
    enough: u64,
    until_check: u64,
    stopped: Option<crate::stop::Stopped>,
}

impl Steps {
    /// Steps for `budget` units, on a graph of `n` vertices and `m` edges. Each search of
    /// an augmenting path (at most one per vertex, and one more for the vertices some maximum
    /// matching misses) looks at each vertex and each edge's two ends a bounded number of times,
    /// and each contraction at most at every vertex: so (n + 2) (4 m + 3 n + 2) steps suffice.
    fn new(budget: u64, n: usize, m: usize) -> Self {
        let (n, m) = (n as u128, m as u128);
        let steps = (n + 2) * (4 * m + 3 * n + 2);
        let enough = u64::try_from(steps.div_ceil(u128::from(STEPS_PER_UNIT))).unwrap_or(u64::MAX);
        Steps { left: budget.saturating_mul(STEPS_PER_UNIT), budget, enough, until_check: 0, stopped: None }
    }

    fn take(&mut self, n: usize) -> Result<(), ()> {
        self.left = self.left.checked_sub(n as u64).ok_or(())?;
        match self.until_check.checked_sub(n as u64) {
            Some(left) => self.until_check = left,
            None => {
                self.until_check = 1 << 16;
                if let Err(e) = crate::stop::check() {
                    self.stopped = Some(e);
                    return Err(());
                }
            }
        }
        Ok(())
    }

    /// Why the work stopped: the stop token, or the budget.
    fn halt(&mut self) -> AnalyzeError {
        match self.stopped.take() {
            Some(e) => AnalyzeError::Stopped(e),
            None => {
                AnalyzeError::GaveUp(GaveUp { what: Work::MovesExamined, used: self.budget, needed: Some(self.enough) })
            }
        }
    }
}

/// A maximum matching of the graph on the `alive` vertices: each vertex's mate, or `NONE`.
fn maximum_matching(adj: &[Vec<usize>], alive: &[bool], bipartite: bool, steps: &mut Steps) -> Result<Vec<usize>, ()> {
    let n = adj.len();
    let mut mate = vec![NONE; n];
    // A greedy start leaves few vertices for the augmenting searches.
    for v in 0..n {
        if alive[v] && mate[v] == NONE {
            steps.take(adj[v].len())?;
            if let Some(&w) = adj[v].iter().find(|&&w| alive[w] && mate[w] == NONE) {
                mate[v] = w;
                mate[w] = v;
            }
        }
    }
    if bipartite {
        hopcroft_karp(adj, alive, &mut mate, steps)?;
    } else {
        // A search that finds no augmenting path leaves a Hungarian tree, whose vertices no
        // later augmenting path goes through (Edmonds; see Korte and Vygen, Combinatorial
        // Optimization, the lemma on Hungarian trees): they are set aside, keeping their mates.
        let mut usable = alive.to_vec();
        let mut forest = Forest::new(n);
        for root in 0..n {
            if usable[root]
                && mate[root] == NONE
                && !blossom_augment(adj, &usable, &mut mate, root, &mut forest, steps)?
            {
                for &v in &forest.touched {
                    usable[v] = false;
                }
            }
        }
    }
    Ok(mate)
}

/// Hopcroft and Karp's phases: a breadth-first layering from the free vertices of one side,
/// then vertex-disjoint shortest augmenting paths along it, until none is left.
fn hopcroft_karp(adj: &[Vec<usize>], alive: &[bool], mate: &mut [usize], steps: &mut Steps) -> Result<(), ()> {
    let side = sides(adj).ok_or(())?;
    let n = adj.len();
    let left: Vec<usize> = (0..n).filter(|&v| alive[v] && side[v] == 0).collect();
    loop {
        let mut dist = vec![NONE; n];
        let mut queue = VecDeque::new();
        for &u in &left {
            if mate[u] == NONE {
                dist[u] = 0;
                queue.push_back(u);
            }
        }
        let mut found = false;
        while let Some(u) = queue.pop_front() {
            steps.take(adj[u].len() + 1)?;
            for &w in &adj[u] {
                if !alive[w] {
                    continue;
                }
                match mate[w] {
                    NONE => found = true,
                    m if dist[m] == NONE => {
                        dist[m] = dist[u] + 1;
                        queue.push_back(m);
                    }
                    _ => {}
                }
            }
        }
        if !found {
            return Ok(());
        }
        // Depth-first searches along the layers, iterative: (left vertex, next neighbour).
        let mut next = vec![0usize; n];
        for &root in &left {
            if mate[root] != NONE || dist[root] != 0 {
                continue;
            }
            let mut stack = vec![root];
            while let Some(&u) = stack.last() {
                let Some(&w) = adj[u].get(next[u]) else {
                    dist[u] = NONE;
                    stack.pop();
                    continue;
                };
                next[u] += 1;
                steps.take(1)?;
                if !alive[w] {
                    continue;
                }
                let m = mate[w];
                if m == NONE {
                    // Augment along the stack: each left vertex takes the right vertex it
                    // went through.
                    let mut w = w;
                    while let Some(u) = stack.pop() {
                        let old = mate[u];
                        mate[u] = w;
                        mate[w] = u;
                        w = old;
                    }
                    break;
                }
                if dist[m] == dist[u] + 1 {
                    stack.push(m);
                }
            }
        }
    }
}

/// Edmonds' search from one free vertex `root`: grows an alternating tree, contracting odd
/// cycles (blossoms) to their base, and augments along the first path to another free vertex.
/// `forest` is reused from search to search; afterwards it holds the tree grown.
fn blossom_augment(
    adj: &[Vec<usize>],
    alive: &[bool],
    mate: &mut [usize],
    root: usize,
    forest: &mut Forest,
    steps: &mut Steps,
) -> Result<bool, ()> {
    forest.reset();
    forest.plant(root);
    while let Some(v) = forest.queue.pop_front() {
        steps.take(adj[v].len() + 1)?;
        for &to in &adj[v] {
            if !alive[to] || mate[v] == to || forest.find(v) == forest.find(to) {
                continue;
            }
            if forest.even[to] {
                forest.contract(mate, v, to, steps)?;
            } else if forest.parent[to] == NONE {
                forest.set_parent(to, v);
                if mate[to] == NONE {
                    // An augmenting path: root ... v, to.
                    let mut u = to;
                    while u != NONE {
                        let p = forest.parent[u];
                        let next = mate[p];
                        mate[u] = p;
                        mate[p] = u;
                        u = next;
                    }
                    return Ok(true);
                }
                let m = mate[to];
                forest.make_even(m);
            }
        }
    }
    Ok(false)
}

/// Alternating trees grown from free vertices, with contracted blossoms: each vertex's blossom
/// base through a union-find whose roots are the bases.
struct Forest {
    /// The union-find of blossoms: a vertex's link, itself at a base.
    link: Vec<usize>,
    parent: Vec<usize>,
    even: Vec<bool>,
    queue: VecDeque<usize>,
    mark: Vec<usize>,
    stamp: usize,
    /// The vertices the trees reached (to reset them, and to set a Hungarian tree aside).
    touched: Vec<usize>,
}

impl Forest {
    fn new(n: usize) -> Self {
        Forest {
            link: (0..n).collect(),
            parent: vec![NONE; n],
            even: vec![false; n],
            queue: VecDeque::new(),
            mark: vec![0; n],
            stamp: 0,
            touched: vec![],
        }
    }

    /// Forgets the trees grown, in time proportional to what they reached.
    fn reset(&mut self) {
        for &v in &self.touched {
            self.link[v] = v;
            self.parent[v] = NONE;
            self.even[v] = false;
        }
        self.touched.clear();
        self.queue.clear();
    }

    /// The base of the blossom holding v.
    fn find(&mut self, v: usize) -> usize {
        let mut root = v;
        while self.link[root] != root {
            root = self.link[root];
        }
        let mut v = v;
        while self.link[v] != root {
            let next = self.link[v];
            self.link[v] = root;
            v = next;
        }
        root
    }

    fn plant(&mut self, root: usize) {
        self.make_even(root);
    }

    fn make_even(&mut self, v: usize) {
        if self.parent[v] == NONE && !self.even[v] {
            self.touched.push(v);
        }
        self.even[v] = true;
        self.queue.push_back(v);
    }

    fn set_parent(&mut self, v: usize, p: usize) {
        if self.parent[v] == NONE && !self.even[v] {
            self.touched.push(v);
        }
        self.parent[v] = p;
    }

    /// The base of the blossom closed by the edge a-b between two even vertices of one tree;
    /// `None` when they lie in different trees (an augmenting path, impossible once the
    /// matching is maximum).
    fn common_base(&mut self, mate: &[usize], a: usize, b: usize) -> Option<usize> {
        self.stamp += 1;
        let mut a = a;
        loop {
            a = self.find(a);
            self.mark[a] = self.stamp;
            if mate[a] == NONE {
                break;
            }
            a = self.parent[mate[a]];
            if a == NONE {
                return None;
            }
        }
        let mut b = b;
        loop {
            b = self.find(b);
            if self.mark[b] == self.stamp {
                return Some(b);
            }
            if mate[b] == NONE {
                return None;
            }
            b = self.parent[mate[b]];
            if b == NONE {
                return None;
            }
        }
    }

    /// Contracts the blossom closed by the edge v-to (both even): its odd vertices become
    /// even, and every part of it takes the base.
    fn contract(&mut self, mate: &[usize], v: usize, to: usize, steps: &mut Steps) -> Result<(), ()> {
        let Some(b) = self.common_base(mate, v, to) else { return Ok(()) };
        self.mark_path(mate, v, b, to, steps)?;
        self.mark_path(mate, to, b, v, steps)
    }

    /// Walks from the even vertex v down to the base b: each matched pair on the way joins
    /// the blossom, its odd vertex turned even, and the parents are set so that a path
    /// through the blossom can be followed round it.
    fn mark_path(
        &mut self,
        mate: &[usize],
        mut v: usize,
        b: usize,
        mut child: usize,
        steps: &mut Steps,
    ) -> Result<(), ()> {
        while self.find(v) != b {
            steps.take(1)?;
            let m = mate[v];
            let (bv, bm) = (self.find(v), self.find(m));
            self.link[bv] = b;
            self.link[bm] = b;
            if !self.even[m] {
                self.make_even(m);
            }
            self.parent[v] = child;
            child = m;
            v = self.parent[m];
        }
        Ok(())
    }
}

/// The vertices some maximum matching misses (the Gallai-Edmonds set D): given a maximum
/// matching, those an even alternating path reaches from a free vertex, found by growing
/// alternating trees from every free vertex at once.
fn missed_by_some(adj: &[Vec<usize>], alive: &[bool], mate: &[usize], steps: &mut Steps) -> Result<Vec<bool>, ()> {
    let n = adj.len();
    let mut forest = Forest::new(n);
    for v in 0..n {
        if alive[v] && mate[v] == NONE {
            forest.plant(v);
        }
    }
    while let Some(v) = forest.queue.pop_front() {
        steps.take(adj[v].len() + 1)?;
        for &to in &adj[v] {
            if !alive[to] || mate[v] == to || forest.find(v) == forest.find(to) {
                continue;
            }
            if forest.even[to] {
                forest.contract(mate, v, to, steps)?;
            } else if forest.parent[to] == NONE && mate[to] != NONE {
                forest.set_parent(to, v);
                forest.make_even(mate[to]);
            }
        }
    }
    Ok((0..n).map(|v| alive[v] && forest.even[v]).collect())
}

/// The vertices of the `alive` graph that some maximum matching misses, within `steps`.
fn missed(g: &Graph, alive: &[bool], steps: &mut Steps) -> Result<Vec<bool>, ()> {
    let mate = maximum_matching(&g.adj, alive, g.bipartite, steps)?;
    missed_by_some(&g.adj, alive, &mate, steps)
}

impl RulesCore for Geography {
    fn words(&self) -> Words {
        Words::new(
            format!("geography:{}", self.graph.name),
            Players::Impartial,
            format!(
                "Geography on a graph of {} vertices and {} edges: the first move places the token on any vertex; each later move takes it to a neighbour not yet visited; whoever cannot move loses.",
                self.vertices(),
                self.graph.edges
            ),
            "Type a vertex's name to move the token there (the first move places it), e.g. 'to b'",
        )
        // The one token's path; `-` before the token is placed.
        .with_text_rows(TextRows { label: "path", numbered: false, empty: Some(["-", "the token is not placed yet"]), turn: &[] })
        .with_names(NumberNames { first: &["length of the path"], then: &["step {}"], last: None })
    }

    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        // Only the visited set and the token's vertex matter.
        let Some((&c, rest)) = path(numbers).split_last() else { return encode(&[]) };
        let mut out = rest.to_vec();
        out.sort_unstable();
        out.push(c);
        encode(&out)
    }

    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let numbers = path(numbers);
        self.next_vertices(numbers)
            .into_iter()
            .map(|u| {
                let mut next = numbers.to_vec();
                next.push(u as u64);
                encode(&next)
            })
            .collect()
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        if after.first() != Some(&(path(after).len() as u64)) {
            return Err("a move leaves a path with its length first".into());
        }
        let (numbers, after) = (path(numbers), path(after));
        let (Some((&u, before)), true) = (after.split_last(), after.len() == numbers.len() + 1) else {
            return Err("a move takes the token one step".into());
        };
        if before != numbers {
            return Err("a move keeps the path and takes the token one step further".into());
        }
        let u = usize::try_from(u).unwrap_or(NONE);
        if u >= self.vertices() {
            return Err("there is no such vertex".into());
        }
        if numbers.contains(&(u as u64)) {
            return Err(format!("'{}' has been visited", self.name(u)).into());
        }
        match numbers.last() {
            Some(&c) if self.graph.adj[c as usize].binary_search(&u).is_err() => {
                Err(format!("'{}' is not a neighbour of '{}'", self.name(u), self.name(c as usize)).into())
            }
            _ => Ok(()),
        }
    }
}

impl Notation for Geography {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let path = match tokens {
            [] | ["-"] => return Ok(encode(&[])),
            [t] => *t,
            _ => {
                return Err(format!(
                    "the position is one token, the token's path a,b,c (the token on c) or - (not placed yet), not {} tokens",
                    tokens.len()
                ))
            }
        };
        let mut out: Vec<u64> = vec![];
        for name in path.split(',') {
            let v = self
                .vertex(name)
                .ok_or_else(|| format!("there is no vertex '{name}' in the graph {}", self.graph.name))?;
            if out.contains(&(v as u64)) {
                return Err(format!("the path visits '{name}' twice"));
            }
            if let Some(&last) = out.last() {
                if self.graph.adj[last as usize].binary_search(&v).is_err() {
                    return Err(format!(
                        "the path goes from '{}' to '{name}', which are not joined",
                        self.name(last as usize)
                    ));
                }
            }
            out.push(v as u64);
        }
        Ok(encode(&out))
    }

    fn tokens(&self, numbers: &[u64]) -> Vec<String> {
        let numbers = path(numbers);
        if numbers.is_empty() {
            return vec![UNPLACED.to_string()];
        }
        vec![numbers.iter().map(|&v| self.name(v as usize).to_string()).collect::<Vec<_>>().join(",")]
    }

    fn rows(&self, numbers: &[u64]) -> Option<Vec<(String, String)>> {
        let full = numbers;
        let numbers = path(numbers);
        let next: Vec<String> =
            self.next_vertices(numbers).iter().take(40).map(|&v| self.name(v).to_string()).collect();
        let mut rows = vec![];
        match numbers.last() {
            None => rows.push(("token".to_string(), "not placed yet".to_string())),
            Some(&c) => {
                rows.push(("path".to_string(), self.tokens(full).join("")));
                rows.push(("token on".to_string(), self.name(c as usize).to_string()));
            }
        }
        rows.push(("moves to".to_string(), if next.is_empty() { "none".to_string() } else { next.join(" ") }));
        Some(rows)
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let (numbers, after) = (path(numbers), path(after));
        let Some(&u) = after.last() else { return "a move".into() };
        match numbers.last() {
            None => format!("place the token on {}", self.name(u as usize)),
            Some(&c) => format!("move the token from {} to {}", self.name(c as usize), self.name(u as usize)),
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let name = match words[..] {
            [n] | ["to", n] | ["go", n] | ["place", n] | ["move", n] | ["move", "to", n] | ["place", "on", n] => n,
            _ => return None,
        };
        Some((|| {
            let u = self.vertex(name).ok_or_else(|| format!("there is no vertex '{name}' in the graph"))?;
            let mut after = path(numbers).to_vec();
            after.push(u as u64);
            let after = encode(&after);
            self.check(numbers, crate::rules::board::first_change(numbers, &after), &after, 0)
                .map_err(|e| e.to_string())?;
            Ok(after)
        })())
    }
}

impl PlayHelp for Geography {
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        (self.vertices() as u128).saturating_sub(path(numbers).len() as u128) + 1
    }
}

impl Theory for Geography {
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let (misere, budget) = (context.misere, context.budget);
        let full = numbers;
        let numbers = path(numbers);
        let g = &self.graph;
        if misere {
            let left = self.vertices() - numbers.len();
            if left > MISERE_VERTICES {
                return Err(AnalyzeError::Unsupported(format!(
                    "misère geography is searched path by path (the matching theorem of Fraenkel, Scheinerman and Ullman is for normal play), for at most {MISERE_VERTICES} unvisited vertices; this position has {left}"
                )));
            }
            return crate::rules::board::search_misere(self, full, context, "the matching theorem is for normal play");
        }
        let mut steps = Steps::new(budget, self.vertices(), g.edges);
        // The graph the opponent will play in after the move: the unvisited vertices (the
        // token's vertex is gone once it leaves).
        let alive = self.alive(numbers);
        let next = self.next_vertices(numbers);
        let Ok(missed) = missed(g, &alive, &mut steps) else { return Err(steps.halt()) };
        let winning: Vec<usize> = next.iter().copied().filter(|&u| missed[u]).collect();
        let wins = !winning.is_empty();
        let mut answer = Analysis::of_board(self, full, wins, None, vec![], Method::ClosedForm);
        match self.grundy_value(numbers, budget)? {
            Some(v) => answer.sg = Some(v),
            None => {
                answer.sg_note = Some(format!(
                    "not computed: the matching theorem of Fraenkel, Scheinerman and Ullman decides who wins, not the Sprague-Grundy value, which is searched path by path for graphs of at most {VALUE_VERTICES} vertices within the budget"
                ))
            }
        }
        let theorem = "Undirected vertex geography (Fraenkel, Scheinerman and Ullman, 1993): the player to move from a vertex v wins exactly when v lies in every maximum matching of the graph of vertices not yet visited.";
        let method = if g.bipartite {
            "The graph is bipartite: a maximum matching by Hopcroft and Karp's algorithm, and the vertices some maximum matching misses by the alternating paths from its free vertices."
        } else {
            "A maximum matching by Edmonds' blossom algorithm, and the vertices some maximum matching misses by alternating trees from its free vertices, blossoms contracted."
        };
        answer.explanation = vec![theorem.into(), method.into()];
        let listed_names = |vs: &[usize]| -> String {
            let shown: Vec<&str> = vs.iter().take(20).map(|&v| self.name(v)).collect();
            let more = if vs.len() > 20 { format!(" and {} more", vs.len() - 20) } else { String::new() };
            format!("{}{more}", shown.join(", "))
        };
        match numbers.last() {
            None => {
                let starts: Vec<usize> = (0..self.vertices()).filter(|&v| !missed[v]).collect();
                answer.explanation.push(format!(
                    "The token is not placed yet. The starts from which the player to move wins (in every maximum matching): {} of {}{}.",
                    starts.len(),
                    self.vertices(),
                    if starts.is_empty() { String::new() } else { format!(": {}", listed_names(&starts)) }
                ));
                answer.explanation.push(if wins {
                    format!("The vertices some maximum matching misses lose for the player who moves from them, so placing the token there wins (BZOJ 1443): {} of them: {}.", winning.len(), listed_names(&winning))
                } else {
                    "Every vertex is in every maximum matching (the matching is perfect): wherever the token is placed, the player who moves from it wins, so the player who places it loses.".into()
                });
            }
            Some(&c) => {
                let c = c as usize;
                answer.explanation.push(format!(
                    "The token is on {} after {} vertex{} visited; {} unvisited neighbour{}.",
                    self.name(c),
                    numbers.len(),
                    if numbers.len() == 1 { "" } else { "es" },
                    next.len(),
                    if next.len() == 1 { "" } else { "s" }
                ));
                answer.explanation.push(if wins {
                    format!("{} lies in every maximum matching of the unvisited vertices with it: the player to move wins by moving to a neighbour that some maximum matching of the graph without {} misses: {}.", self.name(c), self.name(c), listed_names(&winning))
                } else {
                    format!("Some maximum matching misses {}: every unvisited neighbour lies in every maximum matching of the graph without it, and the player to move loses.", self.name(c))
                });
            }
        }
        let room = listing_room(full.len());
        let not_listed = (winning.len() > room).then(|| listed_note(room, full.len(), "numbers"));
        answer.set_board_count(Some(winning.len() as u128), not_listed);
        let listed = winning
            .iter()
            .take(room)
            .map(|&u| {
                let mut after = numbers.to_vec();
                after.push(u as u64);
                encode(&after)
            })
            .collect();
        answer.set_board_winning(self, full, listed);
        Ok(answer)
    }
}

#[cfg(feature = "draw")]
impl Face for Geography {
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        use crate::rules::board::machinery::layout::{self, Network};
        let mut s = Sketch::new();
        let walked = path(numbers);
        let adj = &self.graph.adj;
        let visited: std::collections::HashSet<usize> = walked.iter().map(|&v| v as usize).collect();
        let on_path: std::collections::HashSet<(usize, usize)> =
            walked.windows(2).map(|w| (w[0] as usize, w[1] as usize)).flat_map(|(a, b)| [(a, b), (b, a)]).collect();
        let starts: Vec<usize> = walked.last().map(|&v| vec![v as usize]).unwrap_or_default();
        let neighbours = |v: usize| adj.get(v).cloned().unwrap_or_default();
        // Each edge once (from its smaller end), the path's edges drawn thick.
        let edges = |v: usize| -> Vec<(usize, &'static str)> {
            adj.get(v)
                .map(|l| {
                    l.iter()
                        .filter(|&&u| u > v)
                        .map(|&u| (u, if on_path.contains(&(v, u)) { "visited" } else { "" }))
                        .collect()
                })
                .unwrap_or_default()
        };
        let vertex = |v: usize| (self.name(v).to_string(), if visited.contains(&v) { "visited" } else { "" });
        let net = Network::draw(&mut s, 0.0, 330.0, self.vertices(), &starts, &neighbours, &edges, &vertex, false);
        for &v in &starts {
            if let Some(&(x, y)) = net.at.get(&v) {
                let title = format!("the token, on {}", self.name(v));
                layout::badge(&mut s, net.badge_at(x, y, 0), "", title, None);
            }
        }
        for u in self.next_vertices(walked) {
            let Some(&(x, y)) = net.at.get(&u) else { continue };
            let words = self.name(u).to_string();
            let t = crate::rules::board::worded(&mut s, self, numbers, words.clone());
            s.circle(x, y, net.radius + 2.0, "target").makes(t).title(format!("move the token to {words}"));
        }
        let mut y = 346.0;
        if net.total > crate::rules::board::machinery::layout::MAX_VERTICES {
            // Under the network's own note ("200 of 300 vertices shown", at 358), a line below.
            y += 28.0;
        }
        if walked.is_empty() {
            s.note(y, "Click a vertex to place the token there.");
        } else {
            // Two short lines, so that the drawing is no wider than a small graph.
            y = s.note(y, "Click a dashed vertex: the token moves there.");
            s.note(y, "It never goes to a vertex already visited (in orange).");
        }
        s.height = y + 8.0;
        s
    }
}
