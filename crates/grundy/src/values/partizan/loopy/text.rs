//! Loopy games written as CGSuite writes them: a brace may be named by a label (`a:{0,a|*}`)
//! and the label used anywhere in the text to point back to it, also after its braces close
//! (`c:{a:{0||c|}||a|}`); `pass` is an option to the braces it stands in (`{pass|}` is on);
//! the constants `on`, `off`, `over`, `under`, `upon` and `dud`; every short game as the short
//! games' reader takes it (`3/4`, `^*`, `*2`, `{1|0}`), sums, differences, negatives and
//! switches (`+-G`).
//!
//! Reading makes one graph: a vertex for each brace and constant, the short games as trees of
//! vertices, and for a sum or a negative the positions of the sum reachable from it, expanded
//! once all the braces have their options.

use std::collections::HashMap;

use crate::number::echo;
use crate::values::partizan::loopy::scc::embed_short;
use crate::values::partizan::loopy::LoopyGraph;
use crate::values::partizan::{GameStore, GameValue, PartizanError, CHECK_EVERY};

/// The words that are constants, with their meaning.
pub const CONSTANTS: [(&str, &str); 6] = [
    ("on", "{pass|}"),
    ("off", "{|pass}"),
    ("over", "{0|pass}"),
    ("under", "{pass|0}"),
    ("upon", "{pass|*}"),
    ("dud", "{pass|pass}"),
];

/// The latest birthday of a short game written in a loopy game's text (its tree of options is
/// that deep).
pub const MAX_SHORT_DAY: u64 = 1024;

/// The most vertices a text's graph may have.
pub const MAX_TEXT_VERTICES: usize = 1 << 20;

/// Whether a text uses anything only loopy games have: a label, `pass`, a loopy constant, or
/// `&` between two sides.
/// A text that does not is a short game, read as before.
pub fn is_loopy_text(text: &str) -> bool {
    // `S & T`: a value given by its sides.
    if text.contains('&') {
        return true;
    }
    let mut words = Vec::new();
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            if !word.is_empty() {
                words.push((std::mem::take(&mut word), c));
            }
        }
    }
    words.iter().any(|(w, after)| {
        let lead = w.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
        lead && (*after == ':'
            || w == "pass"
            || CONSTANTS.iter().any(|(k, _)| k == w)
            || (!w.chars().all(|c| c == 'v')))
            && !matches!(w.as_str(), "aw" | "reduced" | "Tiny" | "Miny" | "cool" | "heat" | "overheat" | "freeze")
    })
}

/// A user's text as an error shows it: shortened ([`echo`]) and on one line, a control
/// character written as its escape.
pub(crate) fn shown(text: &str) -> String {
    echo(text)
        .chars()
        .flat_map(|c| if c.is_control() { c.escape_default().collect::<Vec<_>>() } else { vec![c] })
        .collect()
}

/// A parsed expression.
#[derive(Debug, Clone)]
enum Expr {
    /// Braces (a vertex of their own): the label if named, Left's options, Right's.
    Braces(Option<String>, Vec<Opt>, Vec<Opt>),
    /// A constant's name or a label used.
    Word(String),
    /// A short game's text.
    Short(String),
    Neg(Box<Expr>),
    Sum(Box<Expr>, Box<Expr>),
    Switch(Box<Expr>),
}

/// An option in braces.
#[derive(Debug, Clone)]
enum Opt {
    Pass,
    Game(Expr),
}

/// An item in braces before the bars are grouped.
enum Item {
    Opt(Opt),
    Bars(usize),
}

struct Parser<'t> {
    chars: Vec<char>,
    at: usize,
    text: &'t str,
    depth: usize,
    /// The labels whose definition (`name:`) has been read: a label is used after it.
    defined: std::collections::HashSet<String>,
    /// The words used before any definition of them was read.
    early: Vec<String>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn error(&self, what: &str) -> PartizanError {
        let near: String = self.chars.iter().skip(self.at).take(12).collect();
        let near = if near.is_empty() { "the end".to_string() } else { format!("'{}'", shown(&near)) };
        PartizanError::Parse(format!("{what} at {near} in '{}'", shown(self.text)))
    }

    fn expr(&mut self) -> Result<Expr, PartizanError> {
        self.depth += 1;
        if self.depth > 200 {
            return Err(self.error("nested too deep (200 levels)"));
        }
        let mut e = self.term()?;
        loop {
            self.skip_space();
            match self.peek() {
                Some('+') => {
                    self.at += 1;
                    self.skip_space();
                    if self.peek() == Some('-') && self.chars.get(self.at + 1).is_some_and(|c| !c.is_whitespace()) {
                        // CGSuite reads x+-y as x plus the switch ±y.
                        self.at += 1;
                        let t = self.term()?;
                        e = Expr::Sum(Box::new(e), Box::new(Expr::Switch(Box::new(t))));
                    } else {
                        let t = self.term()?;
                        e = Expr::Sum(Box::new(e), Box::new(t));
                    }
                }
                Some('-') => {
                    self.at += 1;
                    let t = self.term()?;
                    e = Expr::Sum(Box::new(e), Box::new(Expr::Neg(Box::new(t))));
                }
                _ => break,
            }
        }
        self.depth -= 1;
        Ok(e)
    }

    fn term(&mut self) -> Result<Expr, PartizanError> {
        self.skip_space();
        match self.peek() {
            // A minus sign before a digit belongs to the number, as the short games' reader
            // takes it: -2↓5 is -2 plus five ↓, not the negative of 2↓5.
            Some('-') if self.chars.get(self.at + 1).is_some_and(char::is_ascii_digit) => self.short(),
            Some('-') => {
                self.at += 1;
                Ok(Expr::Neg(Box::new(self.term()?)))
            }
            Some('±') => {
                self.at += 1;
                Ok(Expr::Switch(Box::new(self.term()?)))
            }
            Some('+') if self.chars.get(self.at + 1) == Some(&'-') => {
                self.at += 2;
                Ok(Expr::Switch(Box::new(self.term()?)))
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Result<Expr, PartizanError> {
        self.skip_space();
        match self.peek() {
            Some('(') => {
                self.at += 1;
                let e = self.expr()?;
                self.skip_space();
                if self.peek() != Some(')') {
                    return Err(self.error("expected ')'"));
                }
                self.at += 1;
                Ok(e)
            }
            Some('{') => self.braces(None),
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                let start = self.at;
                while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                    self.at += 1;
                }
                let word: String = self.chars.get(start..self.at).unwrap_or_default().iter().collect();
                if word.chars().all(|c| c == 'v') {
                    self.at = start;
                    return self.short();
                }
                self.skip_space();
                if self.peek() == Some(':') {
                    self.at += 1;
                    self.skip_space();
                    if self.peek() != Some('{') {
                        return Err(self.error(&format!("the label '{word}' must name braces: '{word}:{{...}}'")));
                    }
                    if word == "pass" || CONSTANTS.iter().any(|(k, _)| *k == word) {
                        return Err(self.error(&format!("'{word}' is a constant and cannot be a label")));
                    }
                    self.defined.insert(word.clone());
                    return self.braces(Some(word));
                }
                if word == "pass" {
                    self.at = start;
                    return Err(self.error("'pass' stands only as an option inside braces ('{pass|}' is on)"));
                }
                if !CONSTANTS.iter().any(|(k, _)| *k == word) && !self.defined.contains(&word) {
                    self.early.push(word.clone());
                }
                Ok(Expr::Word(word))
            }
            Some(_) => self.short(),
            None => Err(self.error("a game is missing")),
        }
    }

    /// A short game written in one word: a number, ↑s, a nimber (`1/2^*`, `*3`, `vv*`).
    fn short(&mut self) -> Result<Expr, PartizanError> {
        let start = self.at;
        if self.peek() == Some('-') {
            self.at += 1;
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit() || "/.*^↑↓⇑⇓v".contains(c)) {
            self.at += 1;
        }
        if self.at == start {
            return Err(self.error("not a game"));
        }
        Ok(Expr::Short(self.chars.get(start..self.at).unwrap_or_default().iter().collect()))
    }

    fn braces(&mut self, label: Option<String>) -> Result<Expr, PartizanError> {
        self.at += 1; // '{'
        let mut items = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some('}') => {
                    self.at += 1;
                    break;
                }
                Some('|') => {
                    let mut n = 0;
                    while self.peek() == Some('|') {
                        n += 1;
                        self.at += 1;
                    }
                    items.push(Item::Bars(n));
                }
                Some(',') => self.at += 1,
                None => return Err(self.error("'}' is missing")),
                Some(_) => {
                    let save = self.at;
                    let word: String = self.chars.iter().skip(self.at).take(4).collect();
                    let after = self.chars.get(self.at + 4).copied();
                    if word == "pass" && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                        self.at += 4;
                        items.push(Item::Opt(Opt::Pass));
                    } else {
                        self.at = save;
                        items.push(Item::Opt(Opt::Game(self.expr()?)));
                    }
                }
            }
        }
        let (left, right) = self.group(items)?;
        Ok(Expr::Braces(label, left, right))
    }

    /// Splits the items at the longest run of bars, the parts with bars of their own being
    /// braces nested without their own braces (`{0||c|}` is {0|{c|}}).
    fn group(&self, items: Vec<Item>) -> Result<(Vec<Opt>, Vec<Opt>), PartizanError> {
        let most = items.iter().filter_map(|i| if let Item::Bars(n) = i { Some(*n) } else { None }).max();
        let Some(most) = most else {
            return Err(self.error("braces need a bar '|' between Left's and Right's options"));
        };
        let at: Vec<usize> = items
            .iter()
            .enumerate()
            .filter(|(_, i)| matches!(i, Item::Bars(n) if *n == most))
            .map(|(k, _)| k)
            .collect();
        if at.len() != 1 {
            return Err(self.error(&format!("'{}' stands twice in one pair of braces", "|".repeat(most))));
        }
        let mut items = items;
        let right = items.split_off(at[0] + 1);
        items.pop();
        let side = |part: Vec<Item>| -> Result<Vec<Opt>, PartizanError> {
            if part.iter().any(|i| matches!(i, Item::Bars(_))) {
                let (l, r) = self.group(part)?;
                Ok(vec![Opt::Game(Expr::Braces(None, l, r))])
            } else {
                Ok(part.into_iter().filter_map(|i| if let Item::Opt(o) = i { Some(o) } else { None }).collect())
            }
        };
        Ok((side(items)?, side(right)?))
    }
}

/// What a vertex of the graph being read is: braces or a constant with their options, or a
/// sum or negative expanded later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Made {
    Fixed,
    Sum(u32, u32),
    Neg(u32),
}

/// The graph being read.
struct Builder<'s> {
    graph: LoopyGraph,
    made: Vec<Made>,
    expanded: Vec<bool>,
    derived: HashMap<Made, u32>,
    labels: HashMap<String, u32>,
    shorts: HashMap<GameValue, u32>,
    store: &'s mut GameStore,
    text: String,
    /// The caller's steps of work ([`parse_loopy_within`]): each vertex made is one, and a
    /// graph of more is refused as work past the bound (a text of a few characters, a label
    /// inside a sum of itself, has an endless graph).
    max_steps: u64,
}

impl Builder<'_> {
    fn vertex(&mut self, made: Made) -> Result<u32, PartizanError> {
        if let Some(&v) = self.derived.get(&made) {
            return Ok(v);
        }
        let count = self.graph.len();
        if count >= MAX_TEXT_VERTICES {
            return Err(PartizanError::Undefined(format!(
                "the game graph of '{}' has more than {MAX_TEXT_VERTICES} positions",
                shown(&self.text)
            )));
        }
        if count as u64 >= self.max_steps {
            return Err(PartizanError::TooMuchWork { operation: "a loopy game's graph", limit: self.max_steps });
        }
        // A vertex is a step: the stop token is checked as often as the store checks it.
        if count as u64 % CHECK_EVERY == CHECK_EVERY - 1 {
            crate::stop::check()?;
        }
        let v = self.graph.add_vertex();
        self.made.push(made);
        self.expanded.push(made == Made::Fixed);
        if made != Made::Fixed {
            self.derived.insert(made, v);
        }
        Ok(v)
    }

    /// Allocates a vertex for every labelled brace first, so a label may be used anywhere.
    fn declare(&mut self, e: &Expr) -> Result<(), PartizanError> {
        match e {
            Expr::Braces(label, l, r) => {
                if let Some(name) = label {
                    if self.labels.contains_key(name) {
                        return Err(PartizanError::Parse(format!(
                            "the label '{name}' is defined twice in '{}'",
                            shown(&self.text)
                        )));
                    }
                    let v = self.vertex(Made::Fixed)?;
                    self.labels.insert(name.clone(), v);
                }
                for o in l.iter().chain(r) {
                    if let Opt::Game(g) = o {
                        self.declare(g)?;
                    }
                }
                Ok(())
            }
            Expr::Neg(a) | Expr::Switch(a) => self.declare(a),
            Expr::Sum(a, b) => {
                self.declare(a)?;
                self.declare(b)
            }
            Expr::Word(_) | Expr::Short(_) => Ok(()),
        }
    }

    fn build(&mut self, e: &Expr) -> Result<u32, PartizanError> {
        match e {
            Expr::Braces(label, l, r) => {
                let v = match label {
                    Some(name) => self.labels.get(name).copied().unwrap_or(0),
                    None => self.vertex(Made::Fixed)?,
                };
                for (player, side) in [(0, l), (1, r)] {
                    for o in side {
                        let w = match o {
                            Opt::Pass => v,
                            Opt::Game(g) => self.build(g)?,
                        };
                        if player == 0 {
                            self.graph.add_left(v, w);
                        } else {
                            self.graph.add_right(v, w);
                        }
                    }
                }
                Ok(v)
            }
            Expr::Word(w) => {
                if let Some(&v) = self.labels.get(w) {
                    return Ok(v);
                }
                if let Some((_, text)) = CONSTANTS.iter().find(|(k, _)| k == w) {
                    let key = format!("\u{0}{w}");
                    if let Some(&v) = self.labels.get(&key) {
                        return Ok(v);
                    }
                    let mut p = Parser {
                        chars: text.chars().collect(),
                        at: 0,
                        text,
                        depth: 0,
                        defined: Default::default(),
                        early: Vec::new(),
                    };
                    let e = p.expr()?;
                    let v = self.build(&e)?;
                    self.labels.insert(key, v);
                    return Ok(v);
                }
                Err(PartizanError::Parse(format!(
                    "'{w}' is not a label defined in '{}' nor a constant (on, off, over, under, upon, dud)",
                    shown(&self.text)
                )))
            }
            Expr::Short(t) => {
                let g = self.store.parse(t)?;
                self.short(g)
            }
            Expr::Neg(a) => {
                let a = self.build(a)?;
                self.vertex(Made::Neg(a))
            }
            Expr::Sum(a, b) => {
                let (a, b) = (self.build(a)?, self.build(b)?);
                self.vertex(Made::Sum(a, b))
            }
            Expr::Switch(a) => {
                let a = self.build(a)?;
                let neg = self.vertex(Made::Neg(a))?;
                let v = self.vertex(Made::Fixed)?;
                self.graph.add_left(v, a);
                self.graph.add_right(v, neg);
                Ok(v)
            }
        }
    }

    /// A short game as a tree of vertices, each canonical form once.
    fn short(&mut self, g: GameValue) -> Result<u32, PartizanError> {
        // A short game enters the graph as the tree of its canonical form, one vertex an
        // option, as deep as its birthday: 1000000 would be a million vertices deep.
        let day = self.store.birthday(g)?;
        if day > MAX_SHORT_DAY {
            return Err(PartizanError::Parse(format!(
                "a short game in '{}' is born on day {day}: a loopy game holds short games born by day {MAX_SHORT_DAY}",
                shown(&self.text)
            )));
        }
        let before = self.graph.len();
        let v = embed_short(&mut self.graph, self.store, g, &mut self.shorts)?;
        for _ in before..self.graph.len() {
            self.made.push(Made::Fixed);
            self.expanded.push(true);
        }
        Ok(v)
    }

    /// Gives every sum and negative reachable from `root` its options.
    fn expand(&mut self, root: u32) -> Result<(), PartizanError> {
        let mut i = 0;
        let mut order = vec![root];
        let mut seen = vec![false; self.graph.len()];
        seen[root as usize] = true;
        while let Some(&v) = order.get(i) {
            i += 1;
            self.expand_one(v)?;
            let next: Vec<u32> = self.graph.left(v).iter().chain(self.graph.right(v)).copied().collect();
            for w in next {
                if seen.len() < self.graph.len() {
                    seen.resize(self.graph.len(), false);
                }
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    order.push(w);
                }
            }
        }
        Ok(())
    }

    fn expand_one(&mut self, v: u32) -> Result<(), PartizanError> {
        if self.expanded.get(v as usize).copied().unwrap_or(true) {
            return Ok(());
        }
        self.expanded[v as usize] = true;
        match self.made[v as usize] {
            Made::Fixed => {}
            Made::Neg(a) => {
                self.expand_one(a)?;
                for player in 0..2 {
                    let options: Vec<u32> = self.graph.options(a, 1 - player).to_vec();
                    for x in options {
                        let w = self.vertex(Made::Neg(x))?;
                        self.add(v, player, w);
                    }
                }
            }
            Made::Sum(a, b) => {
                self.expand_one(a)?;
                self.expand_one(b)?;
                for player in 0..2 {
                    let (oa, ob) = (self.graph.options(a, player).to_vec(), self.graph.options(b, player).to_vec());
                    for x in oa {
                        let w = self.vertex(Made::Sum(x, b))?;
                        self.add(v, player, w);
                    }
                    for y in ob {
                        let w = self.vertex(Made::Sum(a, y))?;
                        self.add(v, player, w);
                    }
                }
            }
        }
        Ok(())
    }

    fn add(&mut self, v: u32, player: usize, w: u32) {
        if player == 0 {
            self.graph.add_left(v, w);
        } else {
            self.graph.add_right(v, w);
        }
    }
}

/// Reads a loopy game: its graph, packed, the game at vertex 0. Short games in it are made in
/// `store`. At most [`MAX_TEXT_VERTICES`] vertices ([`parse_loopy_within`] bounds them by a
/// caller's work).
pub fn parse_loopy(text: &str, store: &mut GameStore) -> Result<LoopyGraph, PartizanError> {
    parse_loopy_within(text, store, u64::MAX)
}

/// [`parse_loopy`] within `max_steps` steps of work, a vertex of the graph a step: past them
/// [`PartizanError::TooMuchWork`], before the graph's time is spent (a 19-character text whose
/// label stands in a sum of itself had an endless graph, read up to a million vertices).
pub fn parse_loopy_within(text: &str, store: &mut GameStore, max_steps: u64) -> Result<LoopyGraph, PartizanError> {
    let mut p =
        Parser { chars: text.chars().collect(), at: 0, text, depth: 0, defined: Default::default(), early: Vec::new() };
    let e = p.expr()?;
    p.skip_space();
    if p.peek().is_some() {
        return Err(p.error("unexpected text"));
    }
    if let Some(w) = p.early.iter().find(|w| p.defined.contains(*w)) {
        return Err(PartizanError::Parse(format!(
            "the label '{w}' is used before it is defined in '{}' (write {w}:{{...}} before its first use)",
            shown(text)
        )));
    }
    let mut b = Builder {
        graph: LoopyGraph::new(),
        made: Vec::new(),
        expanded: Vec::new(),
        derived: HashMap::new(),
        labels: HashMap::new(),
        shorts: HashMap::new(),
        store,
        text: text.to_string(),
        max_steps,
    };
    b.declare(&e)?;
    let root = b.build(&e)?;
    b.expand(root)?;
    Ok(b.graph.packed(root))
}
