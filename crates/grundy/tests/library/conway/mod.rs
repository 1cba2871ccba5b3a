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

use grundy::rules::board::machinery::value::BoardValues;
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

/// Checks, for each (position, game), that the library's value of the position ([`BoardValues`])
/// equals the game, built by the test's own move generator (not the rules' `options`), and
/// that the library's outcome is the game's; returns how many were checked.
pub fn check_against(rules: &dyn BoardRules, cases: &[(Vec<u64>, Plain)]) -> usize {
    let mut store = GameStore::new();
    let mut values = BoardValues::new(rules, u64::MAX);
    let mut reference = Reference::default();
    let mut value_memo = HashMap::new();
    let zero = Plain::new(vec![], vec![]);
    for (numbers, plain) in cases {
        let v = values.value(&mut store, numbers).unwrap_or_else(|e| panic!("{numbers:?}: {e}"));
        let from_store = plain_value(&mut store, v, &mut value_memo);
        assert!(
            reference.eq(plain, &from_store),
            "{} {:?}: the value {} is not the game of its moves",
            rules.spelling(),
            rules.tokens(numbers),
            store.text(v).unwrap()
        );
        let outcome = match (reference.le(&zero, plain), reference.le(plain, &zero)) {
            (true, true) => "P",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "N",
        };
        assert_eq!(store.outcome(v).unwrap().to_string(), outcome, "{} {:?}", rules.spelling(), rules.tokens(numbers));
    }
    cases.len()
}

/// Every board of 1 to `most` rows and 1 to `most` columns, each cell one of `alphabet`, as
/// text (rows joined by `/`).
pub fn every_board(most: usize, alphabet: &[char]) -> Vec<String> {
    let mut out = vec![];
    for rows in 1..=most {
        for cols in 1..=most {
            let cells = rows * cols;
            for mut code in 0..alphabet.len().pow(cells as u32) {
                let mut text = String::new();
                for i in 0..cells {
                    if i > 0 && i % cols == 0 {
                        text.push('/');
                    }
                    text.push(alphabet[code % alphabet.len()]);
                    code /= alphabet.len();
                }
                out.push(text);
            }
        }
    }
    out
}

/// The rules of the board game `name`.
pub fn board(name: &str) -> grundy::rules::board::Board {
    match name.parse::<grundy::Game>() {
        Ok(grundy::Game::Board(b)) => b,
        other => panic!("{name} is a board game: {other:?}"),
    }
}

/// A board's cells, row by row, as typed (`..x/o..`).
pub type Cells = Vec<Vec<char>>;

/// The game of the board typed as `text`, built from `moves` alone (`moves(cells, side)`: the
/// boards side 0, Left, or 1, Right, may move to), memoised by the text.
pub fn grid_game(text: &str, moves: &dyn Fn(&Cells, usize) -> Vec<Cells>, memo: &mut HashMap<String, Plain>) -> Plain {
    if let Some(p) = memo.get(text) {
        return p.clone();
    }
    let cells: Cells = text.split('/').map(|r| r.chars().collect()).collect();
    let [left, right] = [0, 1].map(|side| {
        moves(&cells, side)
            .iter()
            .map(|next| {
                let rows: Vec<String> = next.iter().map(|row| row.iter().collect()).collect();
                grid_game(&rows.join("/"), moves, memo)
            })
            .collect::<Vec<Plain>>()
    });
    let p = Plain::new(left, right);
    memo.insert(text.to_string(), p.clone());
    p
}

/// Checks the library's value of each board typed in `texts` of the game `name` against the
/// game `moves` builds ([`grid_game`], [`check_against`]); returns how many were checked.
pub fn check_grids(name: &str, texts: &[String], moves: &dyn Fn(&Cells, usize) -> Vec<Cells>) -> usize {
    let b = board(name);
    let mut memo = HashMap::new();
    let cases: Vec<(Vec<u64>, Plain)> =
        texts.iter().map(|t| (b.rules().parse(&[t.as_str()]).unwrap(), grid_game(t, moves, &mut memo))).collect();
    check_against(b.rules(), &cases)
}

/// `count` boards of 1 to `rows` rows and `cols` columns, each cell drawn from `cells` (a
/// character twice as likely when listed twice), from `seed`.
pub fn seeded_boards(
    seed: u64,
    count: usize,
    rows: usize,
    cols: std::ops::RangeInclusive<usize>,
    cells: &[char],
) -> Vec<String> {
    let mut state = seed;
    let mut below = |k: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as usize % k
    };
    (0..count)
        .map(|_| {
            let (r, c) = (1 + below(rows), cols.start() + below(cols.end() - cols.start() + 1));
            let rows: Vec<String> = (0..r).map(|_| (0..c).map(|_| cells[below(cells.len())]).collect()).collect();
            rows.join("/")
        })
        .collect()
}

/// The canonical name of the value of the position typed as `tokens` in the board game `name`.
pub fn value_text(name: &str, tokens: &[&str]) -> String {
    let b = board(name);
    let mut store = GameStore::new();
    let v = value_in(&mut BoardValues::new(b.rules(), 1_000_000), &mut store, b.rules(), tokens);
    store.text(v).unwrap()
}

/// The value of the position typed as `tokens` under `rules`, by `values` into `store`: one
/// memo and one store may value many positions (equal games made by one store are one handle).
pub fn value_in(values: &mut BoardValues, store: &mut GameStore, rules: &dyn BoardRules, tokens: &[&str]) -> GameValue {
    values.value(store, &rules.parse(tokens).unwrap()).unwrap()
}

/// The cells orthogonally next to (r, c) on `cells`.
pub fn neighbours(cells: &Cells, r: usize, c: usize) -> Vec<(usize, usize)> {
    [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)]
        .into_iter()
        .filter(|&(a, b)| a < cells.len() && b < cells[0].len())
        .collect()
}

/// The moves of a game that colours cells, from its rule: side 0 (Left) colours `x`, side 1
/// (Right) `o`, an empty cell none of whose neighbours holds `forbidden(side)` (Snort: the
/// other's colour; Col: the mover's own); `#` is no cell.
pub fn colourings(cells: &Cells, side: usize, forbidden: fn(usize) -> char) -> Vec<Cells> {
    let me = if side == 0 { 'x' } else { 'o' };
    let mut out = vec![];
    for r in 0..cells.len() {
        for c in 0..cells[r].len() {
            if cells[r][c] == '.' && neighbours(cells, r, c).iter().all(|&(a, b)| cells[a][b] != forbidden(side)) {
                let mut next = cells.clone();
                next[r][c] = me;
                out.push(next);
            }
        }
    }
    out
}
