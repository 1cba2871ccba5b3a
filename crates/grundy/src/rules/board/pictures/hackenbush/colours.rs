//! Blue-Red(-Green) Hackenbush (Berlekamp, Conway and Guy, *Winning Ways*, ch. 1, 2 and 7):
//! the colours of the edges, how they are written and stored, and Conway's values of coloured
//! pictures.
//!
//! An edge is written `u-v:b` (blue, Left's: only Left, the first player, may cut it), `u-v:r`
//! (red, Right's) or `u-v:g` / `u-v` (green, either player's). A picture with a blue or red
//! edge is stored as its edge count plus [`COLOURED`], then three numbers an edge (its ends and
//! its colour); an all-green picture is stored as before (its count, then the ends), so that
//! Green Hackenbush reads, prints and is valued exactly as it was. The game stays one game,
//! `hackenbush`: its partizan-ness is read from the position
//! ([`crate::rules::board::RulesCore::players`]), since a sum or a session may hold
//! green and coloured pictures alike.
//!
//! Values ([`known_value`]): an all-green position is the nimber of its Sprague-Grundy value
//! (the fusion and colon principles); a tree (loops allowed) is valued bottom-up by the colon
//! principle, an edge of colour c under a branch of value H being the ordinal sum c:H (Conway,
//! *On Numbers and Games*, ch. 15; Siegel, *Combinatorial Game Theory*, 2013, II.6), with
//! Berlekamp's rule for a blue or red edge under a number x (*Winning Ways*, ch. 2: blue:x is
//! x + 1 for x >= 0, else (x + n) / 2^(n-1) for the least n >= 1 with x + n > 1). Any other
//! coloured picture is valued from its options ([`crate::rules::board::machinery::value::BoardValues`]),
//! each picture and each branch at the ground apart ([`components`]).

use std::collections::{HashMap, HashSet};

use super::{compress, Edge};
use crate::error::AnalyzeError;
use crate::rules::analysis::Analysis;
use crate::rules::board::machinery::partizan::{answer_from_value, WinsByValue};
use crate::rules::board::machinery::value::{analysis_store, partizan_error, past_budget, BoardValues, NAMED_CHARS};
use crate::rules::board::{listed_note, listing_room, BoardContext, BoardRules};
use crate::values::partizan::{Dyadic, GameStore, GameValue, PartizanError};

/// Added to a picture's edge count when its edges carry colours (three numbers an edge): far
/// above the most edges a position holds ([`super::MAX_EDGES`]).
pub const COLOURED: u64 = 1 << 32;

/// An edge's colour: who may cut it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// Either player's (Green Hackenbush's only colour).
    #[default]
    Green,
    /// Left's (the first player's).
    Blue,
    /// Right's (the second player's).
    Red,
}

/// An edge with its colour.
pub type ColouredEdge = (Edge, Colour);

impl Colour {
    /// Reads a colour letter: `b`, `r` or `g` (any case).
    pub fn parse(s: &str) -> Result<Colour, String> {
        match s.to_ascii_lowercase().as_str() {
            "b" => Ok(Colour::Blue),
            "r" => Ok(Colour::Red),
            "g" => Ok(Colour::Green),
            _ => Err(format!(
                "'{s}' is not a colour: write b (blue, Left's), r (red, Right's) or g (green, either player's)"
            )),
        }
    }

    /// The colour as stored among the numbers.
    pub fn number(self) -> u64 {
        match self {
            Colour::Green => 0,
            Colour::Blue => 1,
            Colour::Red => 2,
        }
    }

    /// The colour stored as `n`, if it is one.
    pub fn from_number(n: u64) -> Option<Colour> {
        match n {
            0 => Some(Colour::Green),
            1 => Some(Colour::Blue),
            2 => Some(Colour::Red),
            _ => None,
        }
    }

    /// The suffix an edge of this colour is written with (`:b`, `:r`; none for green).
    pub fn suffix(self) -> &'static str {
        match self {
            Colour::Green => "",
            Colour::Blue => ":b",
            Colour::Red => ":r",
        }
    }

    /// The colour's name.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Red => "red",
        }
    }

    /// Whose edge it is, in words.
    pub fn owner(self) -> &'static str {
        match self {
            Colour::Green => "either player's",
            Colour::Blue => "Left's",
            Colour::Red => "Right's",
        }
    }

    /// Whether player `mover` (0: Left, the first; 1: Right) may cut an edge of this colour.
    pub fn cut_by(self, mover: usize) -> bool {
        match self {
            Colour::Green => true,
            Colour::Blue => mover == 0,
            Colour::Red => mover != 0,
        }
    }
}

/// Reads the pictures back from the numbers with their edges' colours (`None` when they are
/// not a list of pictures).
pub fn coloured_pictures(numbers: &[u64]) -> Option<Vec<Vec<ColouredEdge>>> {
    let mut out = vec![];
    let mut rest = numbers;
    while let Some((&word, tail)) = rest.split_first() {
        let (count, stride) = if word >= COLOURED { (word - COLOURED, 3) } else { (word, 2) };
        let count = usize::try_from(count).ok()?;
        let len = count.checked_mul(stride)?;
        let body = tail.get(..len)?;
        let mut picture = Vec::with_capacity(count);
        for e in body.chunks_exact(stride) {
            let colour = match e.get(2) {
                Some(&c) => Colour::from_number(c)?,
                None => Colour::Green,
            };
            picture.push(((*e.first()?, *e.get(1)?), colour));
        }
        out.push(picture);
        rest = tail.get(len..)?;
    }
    Some(out)
}

/// Writes coloured pictures as numbers: an all-green picture as Green Hackenbush writes it,
/// one with a blue or red edge as its count plus [`COLOURED`], then each edge's ends and colour.
pub fn numbers_of_coloured(pictures: &[Vec<ColouredEdge>]) -> Vec<u64> {
    let mut out = Vec::with_capacity(pictures.iter().map(|p| 1 + 3 * p.len()).sum());
    for p in pictures {
        let coloured = p.iter().any(|&(_, c)| c != Colour::Green);
        out.push(p.len() as u64 + if coloured { COLOURED } else { 0 });
        for &((u, v), c) in p {
            out.push(u);
            out.push(v);
            if coloured {
                out.push(c.number());
            }
        }
    }
    out
}

/// Whether any picture of `numbers` has a blue or red edge (read from the counts alone).
pub fn any_coloured(numbers: &[u64]) -> bool {
    let mut at = 0usize;
    while let Some(&word) = numbers.get(at) {
        if word >= COLOURED {
            return true;
        }
        match usize::try_from(word).ok().and_then(|c| c.checked_mul(2)).and_then(|c| c.checked_add(at + 1)) {
            Some(next) => at = next,
            None => return false,
        }
    }
    false
}

/// One coloured picture written as a token: `0-1:b,1-2:r,2-3` (green edges bare), or `0`.
pub fn coloured_token(edges: &[ColouredEdge]) -> String {
    if edges.is_empty() {
        return "0".into();
    }
    edges.iter().map(|((u, v), c)| format!("{u}-{v}{}", c.suffix())).collect::<Vec<_>>().join(",")
}

/// The picture after deleting edge `i`: what stays connected to the ground, with its colours.
pub fn cut_coloured(edges: &[ColouredEdge], i: usize) -> Vec<ColouredEdge> {
    let mut rest = edges.to_vec();
    if i < rest.len() {
        rest.remove(i);
    }
    let ends: Vec<Edge> = rest.iter().map(|&(e, _)| e).collect();
    super::grounded(&ends).into_iter().filter_map(|i| rest.get(i).copied()).collect()
}

/// The branches at the ground of one picture (the edges joined to each other away from the
/// ground vertex 0; a loop at the ground alone), each as the indices of its edges in the
/// picture, in the order of their first edges ([`Pictures::parts`] on the ground).
///
/// [`Pictures::parts`]: crate::rules::board::pictures::Pictures::parts
fn branches(p: &[ColouredEdge]) -> Vec<Vec<usize>> {
    super::PICTURES.parts(p)
}

/// The independent parts of a position: each picture, and within a picture each branch at
/// the ground ([`branches`]), each written as a position of one picture. `None` when there is
/// one part or none.
pub fn components(numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
    let all = coloured_pictures(numbers)?;
    let mut parts: Vec<Vec<u64>> = vec![];
    for p in all.iter().filter(|p| !p.is_empty()) {
        for branch in branches(p) {
            let edges: Vec<ColouredEdge> = branch.iter().filter_map(|&i| p.get(i).copied()).collect();
            parts.push(numbers_of_coloured(&[edges]));
        }
    }
    (parts.len() > 1).then_some(parts)
}

/// The answer for the player to move (`context.to_move`) of a coloured position under normal
/// play, from Conway's values, branch by branch: a move changes one branch at the ground, so
/// the value it leaves is the position's value less the branch's plus the branch's after the
/// move. Only branches are valued and memoised, never a whole position after a move, so a
/// picture of 30,000 edges at the ground is answered in about the memory its value takes; the
/// moves are counted exactly and the first [`listing_room`] of them listed.
pub fn answer_by_branches(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
) -> Result<Analysis, AnalyzeError> {
    // One bound on the whole analysis (the value and every branch's), as the analysis of any
    // partizan board has ([`analysis_store`]).
    answer_in(rules, numbers, context, analysis_store(context.budget)).map_err(|e| past_budget(e, context.budget))
}

/// [`answer_by_branches`] in `store`.
fn answer_in(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
    mut store: GameStore,
) -> Result<Analysis, AnalyzeError> {
    let all = coloured_pictures(numbers)
        .ok_or_else(|| AnalyzeError::Unsupported("the position is not a list of pictures".into()))?;
    let mut values = BoardValues::new(rules, context.budget);
    let g = values.value(&mut store, numbers)?;
    let me = context.to_move.min(1);
    let zero = store.integer(0).map_err(partizan_error)?;
    let room = listing_room(numbers.len());
    let mut wins = WinsByValue { count: 0, listed: vec![], leaves: vec![], not_listed: None };
    // The rest of the position beside a branch, by the branch's value; what a move leaves, by
    // (rest, the branch after the move): many branches are alike.
    let mut rest_of: HashMap<GameValue, GameValue> = HashMap::new();
    let mut left_by: HashMap<(GameValue, GameValue), (GameValue, bool)> = HashMap::new();
    for (k, p) in all.iter().enumerate() {
        let mut seen: HashSet<ColouredEdge> = HashSet::new();
        for branch in branches(p) {
            let edges: Vec<ColouredEdge> = branch.iter().filter_map(|&i| p.get(i).copied()).collect();
            let v = values.value(&mut store, &numbers_of_coloured(std::slice::from_ref(&edges)))?;
            let rest = match rest_of.get(&v) {
                Some(&r) => r,
                None => {
                    let minus = store.neg(v).map_err(partizan_error)?;
                    let r = store.sum(g, minus).map_err(partizan_error)?;
                    rest_of.insert(v, r);
                    r
                }
            };
            for (j, &i) in branch.iter().enumerate() {
                let Some(&edge) = p.get(i) else { continue };
                // Deleting either of two edges with the same ends and colour leaves the same
                // picture: one move (as `Hackenbush::cuts_for` lists them).
                if !edge.1.cut_by(me) || !seen.insert(edge) {
                    continue;
                }
                let after = values.value(&mut store, &numbers_of_coloured(&[cut_coloured(&edges, j)]))?;
                let (left, good) = match left_by.get(&(rest, after)) {
                    Some(&known) => known,
                    None => {
                        let left = store.sum(rest, after).map_err(partizan_error)?;
                        let good = if me == 0 { store.ge(left, zero) } else { store.le(left, zero) }
                            .map_err(partizan_error)?;
                        left_by.insert((rest, after), (left, good));
                        (left, good)
                    }
                };
                if !good {
                    continue;
                }
                wins.count += 1;
                if wins.listed.len() < room {
                    let mut next = all.clone();
                    if let Some(slot) = next.get_mut(k) {
                        *slot = cut_coloured(p, i);
                    }
                    wins.listed.push(numbers_of_coloured(&next));
                    wins.leaves.push(store.text_within(left, NAMED_CHARS).map_err(partizan_error)?);
                }
            }
        }
    }
    if wins.count > wins.listed.len() as u128 {
        wins.not_listed = Some(listed_note(wins.listed.len(), numbers.len(), "numbers"));
    }
    answer_from_value(rules, numbers, &mut store, g, me, wins, values.positions())
}

/// Conway's value of a position whose value has a rule (see the module's comment): all green,
/// or one picture that is a tree (loops allowed); `None` for any other.
pub fn known_value(numbers: &[u64], store: &mut GameStore) -> Option<Result<GameValue, PartizanError>> {
    if !any_coloured(numbers) {
        let all = super::pictures(numbers)?;
        let x = all.iter().fold(0, |a, p| a ^ super::picture_value(p));
        return Some(store.nimber(x));
    }
    let all = coloured_pictures(numbers)?;
    let mut live = all.iter().filter(|p| !p.is_empty());
    let (Some(p), None) = (live.next(), live.next()) else { return None };
    tree_value(p, store)
}

/// The value of a picture that is a tree on the ground (loops allowed), bottom-up by the
/// colon principle; `None` when it has a cycle.
fn tree_value(p: &[ColouredEdge], store: &mut GameStore) -> Option<Result<GameValue, PartizanError>> {
    let ends: Vec<Edge> = p.iter().map(|&(e, _)| e).collect();
    let (ids, n) = compress(&ends);
    let mut adj: Vec<Vec<(usize, Colour)>> = vec![vec![]; n];
    let mut loops: Vec<Vec<Colour>> = vec![vec![]; n];
    let mut bonds = 0usize;
    for (&(a, b), &(_, c)) in ids.iter().zip(p) {
        if a == b {
            loops.get_mut(a)?.push(c);
        } else {
            adj.get_mut(a)?.push((b, c));
            adj.get_mut(b)?.push((a, c));
            bonds += 1;
        }
    }
    // Every vertex reaches the ground (the picture is pruned), so it is a tree exactly when it
    // has one edge fewer than vertices, loops aside.
    if bonds + 1 != n {
        return None;
    }
    // The vertices from the ground up, each with the edge (its colour) to its parent.
    let mut order: Vec<(usize, usize, Colour)> = vec![(0, usize::MAX, Colour::Green)];
    let mut at = 0;
    while let Some(&(v, up, _)) = order.get(at) {
        at += 1;
        for &(w, c) in adj.get(v)? {
            if w != up {
                order.push((w, v, c));
            }
        }
    }
    Some((|| {
        let zero = store.integer(0)?;
        let mut memo: HashMap<(Colour, GameValue), GameValue> = HashMap::new();
        let mut above: Vec<GameValue> = vec![zero; n];
        for &(v, up, c) in order.iter().rev() {
            let mut here = above.get(v).copied().unwrap_or(zero);
            for &l in loops.get(v).map(Vec::as_slice).unwrap_or_default() {
                let edge = under(store, &mut memo, l, zero)?;
                here = store.sum(here, edge)?;
            }
            if let Some(slot) = above.get_mut(v) {
                *slot = here;
            }
            if up != usize::MAX {
                let branch = under(store, &mut memo, c, here)?;
                if let Some(slot) = above.get_mut(up) {
                    *slot = store.sum(*slot, branch)?;
                }
            }
        }
        Ok(above.first().copied().unwrap_or(zero))
    })())
}

/// Berlekamp's rule: a blue edge under the number x is worth x + 1 when x >= 0, else
/// (x + n) / 2^(n-1) for the least n >= 1 with x + n > 1.
fn blue_under(x: Dyadic) -> Result<Dyadic, PartizanError> {
    if x >= Dyadic::ZERO {
        return x.checked_add(Dyadic::integer(1));
    }
    // n = floor(1 - x) + 1: x = num / 2^exp, so 1 - x = (2^exp - num) / 2^exp.
    let (num, exp) = (i128::from(x.numerator()), x.exponent());
    let one_minus = (1i128 << exp) - num;
    let n = one_minus.div_euclid(1i128 << exp) + 1;
    let n = i64::try_from(n).map_err(|_| PartizanError::Overflow(format!("a blue edge under {x}")))?;
    let y = x.checked_add(Dyadic::integer(n))?;
    let shift = u32::try_from(n - 1).ok().and_then(|s| s.checked_add(y.exponent())).unwrap_or(u32::MAX);
    Dyadic::new(y.numerator(), shift)
}

/// The value of an edge of colour `c` under a branch of value `h`: the ordinal sum c:h (the
/// edge is {0|}, {|0} or {0|0}; c:h = {c^L, c:h^L | c^R, c:h^R}), memoised; Berlekamp's rule
/// where c is blue or red and h a number. Iterative over h's options, so that no position
/// overflows the stack.
fn under(
    store: &mut GameStore,
    memo: &mut HashMap<(Colour, GameValue), GameValue>,
    c: Colour,
    h: GameValue,
) -> Result<GameValue, PartizanError> {
    let mut stack = vec![h];
    while let Some(&g) = stack.last() {
        if memo.contains_key(&(c, g)) {
            stack.pop();
            continue;
        }
        if c != Colour::Green {
            if let Some(x) = store.as_number(g)? {
                let v = match c {
                    Colour::Blue => blue_under(x)?,
                    _ => blue_under(x.checked_neg()?)?.checked_neg()?,
                };
                let v = store.number(v)?;
                memo.insert((c, g), v);
                stack.pop();
                continue;
            }
        }
        let (left, right) = (store.left_options(g)?, store.right_options(g)?);
        let missing: Vec<GameValue> =
            left.iter().chain(&right).copied().filter(|o| !memo.contains_key(&(c, *o))).collect();
        if !missing.is_empty() {
            stack.extend(missing);
            continue;
        }
        let image = |o: &GameValue| memo.get(&(c, *o)).copied();
        let mut l: Vec<GameValue> = left.iter().filter_map(image).collect();
        let mut r: Vec<GameValue> = right.iter().filter_map(image).collect();
        let zero = store.integer(0)?;
        if c != Colour::Red {
            l.push(zero);
        }
        if c != Colour::Blue {
            r.push(zero);
        }
        let v = store.game(&l, &r)?;
        memo.insert((c, g), v);
        stack.pop();
    }
    memo.get(&(c, h)).copied().ok_or_else(|| PartizanError::Overflow("the colon principle: no value".into()))
}
