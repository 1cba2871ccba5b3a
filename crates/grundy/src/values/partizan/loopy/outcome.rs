//! Who wins a loopy game, with each player first: retrograde analysis of the graph of
//! (position, player to move). A player with no move loses (normal play); a position from which
//! neither player can force an end is a draw (play goes on for ever).

use crate::values::partizan::loopy::LoopyGraph;

/// The result of play from a position with a given player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// Left wins.
    Left,
    /// Right wins.
    Right,
    /// Neither can force a win: play goes on for ever.
    Draw,
}

impl LoopyOutcome {
    /// The letter: `L`, `R` or `D`.
    pub fn letter(self) -> &'static str {
        match self {
            LoopyOutcome::Left => "L",
            LoopyOutcome::Right => "R",
            LoopyOutcome::Draw => "D",
        }
    }

    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            LoopyOutcome::Left => "Left wins",
            LoopyOutcome::Right => "Right wins",
            LoopyOutcome::Draw => "a draw (play goes on for ever)",
        }
    }
}

/// Each state's result by retrograde analysis: for vertex v and player p to move (0 Left, 1
/// Right), `results[2v + p]` is `Some((winner, plies))`, the winner and how many moves the
/// winner needs at most against any defence (the loser delays as long as it can), or `None`
/// for a draw.
#[derive(Clone, Debug)]
pub struct Retrograde {
    results: Vec<Option<(usize, u32)>>,
}

impl Retrograde {
    /// Solves every state of `graph`.
    pub fn solve(graph: &LoopyGraph) -> Retrograde {
        let n = graph.len();
        let preds = graph.predecessors();
        let mut results: Vec<Option<(usize, u32)>> = vec![None; n * 2];
        // Moves not yet known to lose for the mover.
        let mut left_open: Vec<u32> =
            (0..n as u32).flat_map(|v| [graph.left(v).len() as u32, graph.right(v).len() as u32]).collect();
        let mut queue: std::collections::VecDeque<(u32, usize)> = std::collections::VecDeque::new();
        for v in 0..n as u32 {
            for p in 0..2 {
                if graph.options(v, p).is_empty() {
                    // The mover cannot move: the other player wins at once.
                    results[v as usize * 2 + p] = Some((1 - p, 0));
                    queue.push_back((v, p));
                }
            }
        }
        // Breadth first: a state is settled with the fewest plies for a win and, for a loss,
        // when its last move is known to lose, which is the longest delay.
        while let Some((w, q)) = queue.pop_front() {
            let Some((winner, plies)) = results[w as usize * 2 + q] else { continue };
            // The predecessors: states (v, 1 - q) with w among v's options for 1 - q.
            let p = 1 - q;
            for &v in &preds[p][w as usize] {
                let s = v as usize * 2 + p;
                if results[s].is_some() {
                    continue;
                }
                if winner == p {
                    results[s] = Some((p, plies + 1));
                    queue.push_back((v, p));
                } else {
                    left_open[s] -= 1;
                    if left_open[s] == 0 {
                        results[s] = Some((q, plies + 1));
                        queue.push_back((v, p));
                    }
                }
            }
        }
        Retrograde { results }
    }

    /// The result at vertex `v` with player `p` to move (0 Left, 1 Right).
    pub fn outcome(&self, v: u32, p: usize) -> LoopyOutcome {
        match self.results.get(v as usize * 2 + p).copied().flatten() {
            Some((0, _)) => LoopyOutcome::Left,
            Some(_) => LoopyOutcome::Right,
            None => LoopyOutcome::Draw,
        }
    }

    /// The winner and the moves the win takes at most, or `None` for a draw.
    pub fn result(&self, v: u32, p: usize) -> Option<(usize, u32)> {
        self.results.get(v as usize * 2 + p).copied().flatten()
    }

    /// The best move of player `p` at `v`: to a position the mover wins in the fewest moves,
    /// else one that draws, else the loss that lasts longest; `None` with no move. A won game
    /// never drifts into endless play, since each move of the winner shortens the win.
    pub fn best_move(&self, graph: &LoopyGraph, v: u32, p: usize) -> Option<u32> {
        let rank = |w: u32| match self.result(w, 1 - p) {
            Some((winner, plies)) if winner == p => (0, plies as i64),
            None => (1, 0),
            Some((_, plies)) => (2, -(plies as i64)),
        };
        graph.options(v, p).iter().copied().min_by_key(|&w| rank(w))
    }
}
