//! Comparison of loopy games by survival (Conway; Siegel, "Combinatorial Game Theory", ch. VI).
//!
//! G ≤ H is decided on the difference H − G with Right moving first, every pair (g, h) of a
//! vertex of G's graph and one of H's at once:
//! - for stoppers, G ≤ H exactly when Left survives (does not lose) H − G moving second;
//! - for sides ([`Side::On`], [`Side::Off`]), G⁺ ≤ H⁺ and G⁻ ≤ H⁻ are the same game with
//!   infinite play judged by where it goes on: in the onside comparison H⁺ − G⁺, play that is
//!   endless in G (the part taken on its offside once negated) is Right's, endless in H alone
//!   Left's; in the offside comparison the other way round. Left's survival is then a co-Büchi
//!   condition (finitely many moves in the part that is bad for her), solved by removing, round
//!   after round, the states from which she cannot force the play out of that part.

use crate::values::partizan::loopy::LoopyGraph;
use crate::values::partizan::PartizanError;

/// How infinite play is judged in a comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Both games are stoppers: every infinite play is a survival for Left.
    Stopper,
    /// The onsides: infinite play with endlessly many moves in G (the smaller side) is Right's.
    On,
    /// The offsides: infinite play with endlessly many moves in H is Right's.
    Off,
}

/// For every g of `a` and h of `b`: whether G_g ≤ H_h in `side`'s sense, as
/// `le[g * b.len() + h]`.
pub fn all_pairs_le(a: &LoopyGraph, b: &LoopyGraph, side: Side) -> Result<Vec<bool>, PartizanError> {
    Survival::new(a, b, side).solve()
}

/// Whether vertex `g` of `a` is at most vertex `h` of `b` in `side`'s sense.
pub fn le(a: &LoopyGraph, g: u32, b: &LoopyGraph, h: u32, side: Side) -> Result<bool, PartizanError> {
    let nb = b.len();
    Ok(all_pairs_le(a, b, side)?.get(g as usize * nb + h as usize).copied().unwrap_or(false))
}

/// For every pair of vertices x, y of the stoppers' graph `g`: whether x ≤ y, as
/// `le[x * g.len() + y]`. The same game as [`all_pairs_le`] with [`Side::Stopper`], in flat
/// arrays: a Left-to-move state starts with its count of moves read from the degrees, and only
/// the states Right wins are walked back. The vertices from `known_from` on are short games
/// whose comparisons `known(x, y)` gives (x ≤ y): the pairs of two of them are not played.
pub fn stopper_pairs_le(g: &LoopyGraph, known_from: usize, known: impl Fn(usize, usize) -> bool) -> Vec<bool> {
    let n = g.len();
    let k = if known_from == 0 { n } else { known_from.min(n) };
    let leaf = |x: usize, y: usize| x >= k && y >= k;
    let preds = g.predecessors();
    // lost[(x * n + y) * 2 + mover]: Right wins y − x with `mover` to move.
    let mut lost = vec![false; n * n * 2];
    let mut open = vec![0u32; n * n];
    let mut stack: Vec<u32> = Vec::new();
    // The played states start from their moves into short pairs, whose results are known;
    // moves into played states are counted down as those states are found lost.
    // Left to move in y − x loses when y ≤ x; Right to move wins unless x ≤ y.
    let known_lost =
        |x: usize, y: usize, mover: usize| leaf(x, y) && if mover == L { known(y, x) } else { !known(x, y) };
    let mut first_lost = Vec::new();
    for x in 0..n {
        for y in 0..n {
            let p = x * n + y;
            if leaf(x, y) {
                continue;
            }
            // Left's moves: x to a Right option of x, y to a Left option of y.
            let xs = g.right(x as u32).iter().map(|&x2| (x2 as usize, y));
            let ys = g.left(y as u32).iter().map(|&y2| (x, y2 as usize));
            let moves = xs.chain(ys).filter(|&(a, b)| !known_lost(a, b, R)).count() as u32;
            open[p] = moves;
            if moves == 0 {
                first_lost.push((p * 2) as u32);
            }
            // Right's moves: x to a Left option, y to a Right option; one into a short pair
            // Left loses wins for Right.
            let mut xs = g.left(x as u32).iter().map(|&x2| (x2 as usize, y));
            let mut ys = g.right(y as u32).iter().map(|&y2| (x, y2 as usize));
            if xs.any(|(a, b)| known_lost(a, b, L)) || ys.any(|(a, b)| known_lost(a, b, L)) {
                first_lost.push((p * 2 + 1) as u32);
            }
        }
    }
    for s in first_lost {
        lost[s as usize] = true;
        stack.push(s);
    }
    while let Some(s) = stack.pop() {
        let (pair, mover) = (s as usize / 2, s as usize % 2);
        let (x, y) = (pair / n, pair % n);
        if mover == R {
            // Reached by a move of Left: in −x along a Right edge of x, or in y along a Left edge.
            let xs = preds[1][x].iter().map(|&x0| (x0 as usize, y));
            let ys = preds[0][y].iter().map(|&y0| (x, y0 as usize));
            for (x0, y0) in xs.chain(ys) {
                let p = x0 * n + y0;
                if !leaf(x0, y0) && !lost[p * 2] {
                    open[p] -= 1;
                    if open[p] == 0 {
                        lost[p * 2] = true;
                        stack.push((p * 2) as u32);
                    }
                }
            }
        } else {
            // Reached by a move of Right: in −x along a Left edge of x, or in y along a Right edge.
            let xs = preds[0][x].iter().map(|&x0| (x0 as usize, y));
            let ys = preds[1][y].iter().map(|&y0| (x, y0 as usize));
            for (x0, y0) in xs.chain(ys) {
                let p = x0 * n + y0;
                if !leaf(x0, y0) && !lost[p * 2 + 1] {
                    lost[p * 2 + 1] = true;
                    stack.push((p * 2 + 1) as u32);
                }
            }
        }
    }
    (0..n * n).map(|p| if leaf(p / n, p % n) { known(p / n, p % n) } else { !lost[p * 2 + 1] }).collect()
}

/// The game H − G on every pair of vertices.
struct Survival<'g> {
    a: &'g LoopyGraph,
    b: &'g LoopyGraph,
    side: Side,
    preds_a: [Vec<Vec<u32>>; 2],
    preds_b: [Vec<Vec<u32>>; 2],
}

/// Left to move, or Right.
const L: usize = 0;
const R: usize = 1;

impl<'g> Survival<'g> {
    fn new(a: &'g LoopyGraph, b: &'g LoopyGraph, side: Side) -> Survival<'g> {
        Survival { a, b, side, preds_a: a.predecessors(), preds_b: b.predecessors() }
    }

    fn index(&self, g: u32, h: u32, mover: usize) -> usize {
        (g as usize * self.b.len() + h as usize) * 2 + mover
    }

    /// The moves from state (g, h, mover): (the next state's g, h, whether the move is in G).
    fn moves(&self, g: u32, h: u32, mover: usize) -> impl Iterator<Item = (u32, u32, bool)> + '_ {
        // In H − G, Left moves G to a Right option of G (a Left option of −G) or H to a Left
        // option; Right moves G to a Left option or H to a Right option.
        let (in_g, in_h) =
            if mover == L { (self.a.right(g), self.b.left(h)) } else { (self.a.left(g), self.b.right(h)) };
        in_g.iter().map(move |&g2| (g2, h, true)).chain(in_h.iter().map(move |&h2| (g, h2, false)))
    }

    /// The states from which a move reaches state (g, h, mover): (g0, h0, whether in G).
    fn preds(&self, g: u32, h: u32, mover: usize) -> impl Iterator<Item = (u32, u32, bool)> + '_ {
        // The previous mover is the other player; a Left move into G went along a Right edge of
        // G's graph, into H along a Left edge; a Right move the other way round.
        let prev = 1 - mover;
        let (ga, hb) = if prev == L {
            (&self.preds_a[1][g as usize], &self.preds_b[0][h as usize])
        } else {
            (&self.preds_a[0][g as usize], &self.preds_b[1][h as usize])
        };
        ga.iter().map(move |&g0| (g0, h, true)).chain(hb.iter().map(move |&h0| (g, h0, false)))
    }

    /// Whether a move in G (`in_g`) is one whose endless repetition Left must avoid.
    fn bad_part(&self, in_g: bool) -> bool {
        match self.side {
            Side::Stopper => false,
            Side::On => in_g,
            Side::Off => !in_g,
        }
    }

    /// Left's survival with Right to move, for every pair.
    fn solve(&self) -> Result<Vec<bool>, PartizanError> {
        let (na, nb) = (self.a.len(), self.b.len());
        let states = na * nb * 2;
        let mut lost = vec![false; states];
        // Right's attractor to the states where Left cannot move.
        let mut stuck = Vec::new();
        for g in 0..na as u32 {
            for h in 0..nb as u32 {
                if self.moves(g, h, L).next().is_none() {
                    stuck.push((g, h, L));
                }
            }
        }
        self.attract(&mut lost, stuck);
        if self.side != Side::Stopper {
            loop {
                // A round is a few passes over the pairs; Ctrl-C is felt between rounds.
                crate::stop::check()?;
                let good = self.good(&lost);
                let mut bad = Vec::new();
                for g in 0..na as u32 {
                    for h in 0..nb as u32 {
                        for mover in [L, R] {
                            let s = self.index(g, h, mover);
                            if !lost[s] && !good[s] {
                                bad.push((g, h, mover));
                            }
                        }
                    }
                }
                if bad.is_empty() {
                    break;
                }
                self.attract(&mut lost, bad);
            }
        }
        let mut le = vec![false; na * nb];
        for g in 0..na as u32 {
            for h in 0..nb as u32 {
                le[g as usize * nb + h as usize] = !lost[self.index(g, h, R)];
            }
        }
        Ok(le)
    }

    /// Adds `from` to Right's winning states and everything Right can force from them: a
    /// Left-to-move state whose every move is lost, a Right-to-move state with one move into
    /// a lost state.
    fn attract(&self, lost: &mut [bool], from: Vec<(u32, u32, usize)>) {
        let mut open: Vec<u32> = vec![0; lost.len()];
        let (na, nb) = (self.a.len(), self.b.len());
        for g in 0..na as u32 {
            for h in 0..nb as u32 {
                let s = self.index(g, h, L);
                open[s] = self.moves(g, h, L).filter(|&(g2, h2, _)| !lost[self.index(g2, h2, R)]).count() as u32;
            }
        }
        let mut stack = Vec::new();
        for (g, h, m) in from {
            let s = self.index(g, h, m);
            if !lost[s] {
                lost[s] = true;
                stack.push((g, h, m));
            }
        }
        while let Some((g, h, m)) = stack.pop() {
            for (g0, h0, _) in self.preds(g, h, m) {
                let p = 1 - m;
                let s = self.index(g0, h0, p);
                if lost[s] {
                    continue;
                }
                if p == R {
                    lost[s] = true;
                    stack.push((g0, h0, p));
                } else {
                    open[s] = open[s].saturating_sub(1);
                    if open[s] == 0 {
                        lost[s] = true;
                        stack.push((g0, h0, p));
                    }
                }
            }
        }
    }

    /// The states not lost from which Left can force a move of hers outside the bad part (or
    /// Right's being stuck there): the least set with a Left-to-move state in it when one of
    /// its moves to a state not lost is outside the bad part or into the set, and a
    /// Right-to-move state when each of its moves in the bad part goes into the set.
    fn good(&self, lost: &[bool]) -> Vec<bool> {
        let mut good = vec![false; lost.len()];
        let mut open: Vec<u32> = vec![0; lost.len()];
        let mut stack = Vec::new();
        let (na, nb) = (self.a.len(), self.b.len());
        for g in 0..na as u32 {
            for h in 0..nb as u32 {
                let sl = self.index(g, h, L);
                if !lost[sl]
                    && self.moves(g, h, L).any(|(g2, h2, in_g)| !self.bad_part(in_g) && !lost[self.index(g2, h2, R)])
                {
                    good[sl] = true;
                    stack.push((g, h, L));
                }
                let sr = self.index(g, h, R);
                if !lost[sr] {
                    open[sr] = self.moves(g, h, R).filter(|&(_, _, in_g)| self.bad_part(in_g)).count() as u32;
                    if open[sr] == 0 {
                        good[sr] = true;
                        stack.push((g, h, R));
                    }
                }
            }
        }
        while let Some((g, h, m)) = stack.pop() {
            for (g0, h0, in_g) in self.preds(g, h, m) {
                if !self.bad_part(in_g) {
                    continue;
                }
                let p = 1 - m;
                let s = self.index(g0, h0, p);
                if good[s] || lost[s] {
                    continue;
                }
                if p == L {
                    good[s] = true;
                    stack.push((g0, h0, p));
                } else {
                    open[s] = open[s].saturating_sub(1);
                    if open[s] == 0 {
                        good[s] = true;
                        stack.push((g0, h0, p));
                    }
                }
            }
        }
        good
    }
}
