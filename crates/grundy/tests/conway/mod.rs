//! The plain implementation of Conway's definitions every partizan test checks the library
//! against (Conway, On Numbers and Games, chapter 1; Siegel, Combinatorial Game Theory, section
//! II.1): a game is its options as given, never simplified; G <= H iff no G^L >= H and no H^R <=
//! G; G + H and -G by their recursive definitions. [`plain_position`] builds a board game's
//! position this way from its rules' moves alone, and [`check_positions`] checks the library's
//! value of each position against it.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed
#![allow(dead_code)] // each test file uses some of the helpers

use std::collections::HashMap;
use std::rc::Rc;

use grundy::rules::board::value::BoardValues;
use grundy::rules::board::BoardRules;
use grundy::values::partizan::{GameStore, GameValue};

/// A game as its options, kept as given.
#[derive(Clone)]
pub struct Plain(Rc<(Vec<Plain>, Vec<Plain>)>);

impl Plain {
    pub fn new(left: Vec<Plain>, right: Vec<Plain>) -> Plain {
        Plain(Rc::new((left, right)))
    }
    pub fn left(&self) -> &[Plain] {
        &self.0 .0
    }
    pub fn right(&self) -> &[Plain] {
        &self.0 .1
    }
    pub fn key(&self) -> usize {
        Rc::as_ptr(&self.0) as usize
    }
}

/// The plain operations, memoised by the identity of the games (so shared subgames are
/// compared once); nothing is simplified.
#[derive(Default)]
pub struct Reference {
    le: HashMap<(usize, usize), bool>,
    sum: HashMap<(usize, usize), Plain>,
    keep: Vec<Plain>,
}

impl Reference {
    /// G <= H iff no G^L >= H and no H^R <= G.
    pub fn le(&mut self, g: &Plain, h: &Plain) -> bool {
        if let Some(&r) = self.le.get(&(g.key(), h.key())) {
            return r;
        }
        let r = !g.left().iter().any(|gl| self.le(h, gl)) && !h.right().iter().any(|hr| self.le(hr, g));
        self.keep.push(g.clone());
        self.keep.push(h.clone());
        self.le.insert((g.key(), h.key()), r);
        r
    }
    pub fn eq(&mut self, g: &Plain, h: &Plain) -> bool {
        self.le(g, h) && self.le(h, g)
    }
    /// G + H = {G^L + H, G + H^L | G^R + H, G + H^R}.
    pub fn sum(&mut self, g: &Plain, h: &Plain) -> Plain {
        if let Some(s) = self.sum.get(&(g.key(), h.key())) {
            return s.clone();
        }
        let mut left: Vec<Plain> = g.left().iter().map(|gl| self.sum(gl, h)).collect();
        left.extend(h.left().iter().map(|hl| self.sum(g, hl)));
        let mut right: Vec<Plain> = g.right().iter().map(|gr| self.sum(gr, h)).collect();
        right.extend(h.right().iter().map(|hr| self.sum(g, hr)));
        let s = Plain::new(left, right);
        self.keep.push(g.clone());
        self.keep.push(h.clone());
        self.sum.insert((g.key(), h.key()), s.clone());
        s
    }
    /// -G = {-G^R | -G^L}.
    pub fn neg(&mut self, g: &Plain) -> Plain {
        Plain::new(g.right().iter().map(|o| self.neg(o)).collect(), g.left().iter().map(|o| self.neg(o)).collect())
    }
}

/// A store value as a plain game: its canonical options, recursively.
pub fn plain_value(s: &mut GameStore, g: GameValue, memo: &mut HashMap<GameValue, Plain>) -> Plain {
    if let Some(p) = memo.get(&g) {
        return p.clone();
    }
    let left: Vec<GameValue> = s.left_options(g).unwrap();
    let right: Vec<GameValue> = s.right_options(g).unwrap();
    let p = Plain::new(
        left.into_iter().map(|o| plain_value(s, o, memo)).collect(),
        right.into_iter().map(|o| plain_value(s, o, memo)).collect(),
    );
    memo.insert(g, p.clone());
    p
}

/// A board position as a plain game, from its rules' moves alone (Left is player 0, Right
/// player 1; `options_for`, no value, no simplification), memoised by the numbers.
pub fn plain_position(rules: &dyn BoardRules, numbers: &[u64], memo: &mut HashMap<Vec<u64>, Plain>) -> Plain {
    if let Some(p) = memo.get(numbers) {
        return p.clone();
    }
    let left = rules.options(numbers, 0).iter().map(|o| plain_position(rules, o, memo)).collect();
    let right = rules.options(numbers, 1).iter().map(|o| plain_position(rules, o, memo)).collect();
    let p = Plain::new(left, right);
    memo.insert(numbers.to_vec(), p.clone());
    p
}

/// Checks, for each position, that the library's value ([`BoardValues`]) equals the plain game
/// of its moves, and that the library's outcome is the plain one; returns how many were checked.
pub fn check_positions(rules: &dyn BoardRules, positions: &[Vec<u64>]) -> usize {
    let mut store = GameStore::new();
    let mut values = BoardValues::new(rules, u64::MAX);
    let mut reference = Reference::default();
    let (mut plain_memo, mut value_memo) = (HashMap::new(), HashMap::new());
    let zero = Plain::new(vec![], vec![]);
    for numbers in positions {
        let v = values.value(&mut store, numbers).unwrap_or_else(|e| panic!("{numbers:?}: {e}"));
        let plain = plain_position(rules, numbers, &mut plain_memo);
        let from_store = plain_value(&mut store, v, &mut value_memo);
        assert!(
            reference.eq(&plain, &from_store),
            "{} {numbers:?}: the value {} is not the game of its moves",
            rules.spelling(),
            store.text(v).unwrap()
        );
        let (ge, le) = (reference.le(&zero, &plain), reference.le(&plain, &zero));
        let outcome = match (ge, le) {
            (true, true) => "P",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "N",
        };
        assert_eq!(store.outcome(v).unwrap().to_string(), outcome, "{} {numbers:?}", rules.spelling());
    }
    positions.len()
}
