//! A board game whose positions can repeat (its words say so, [`Words::with_repeats`], and its
//! players differ: Fox and Geese's fox steps back and forth) is a loopy game: its value is not a
//! short game's, and the value search of short games ([`crate::rules::board::machinery::value`]) would find
//! a cycle. Its graph of positions is built here instead, breadth first over both players'
//! options from the position asked about, within the budget, and answered by the loopy values
//! ([`crate::values::partizan::loopy`]): who wins with each player first by retrograde analysis
//! (a draw where neither can force an end), the best move of a perfect player (a won game never
//! drifts into endless play), and the value, a stopper's simplest form or the onside and
//! offside (Siegel, "Coping with cycles", 2009).
//!
//! [`Words::with_repeats`]: crate::rules::board::Words::with_repeats

use std::collections::HashMap;

use crate::error::{AnalyzeError, GaveUp, Work};
use crate::rules::analysis::Analysis;
use crate::rules::board::machinery::packed::Packed;
use crate::rules::board::machinery::partizan::side;
use crate::rules::board::machinery::value::partizan_error;
use crate::rules::board::{listed_note, listing_room, BoardContext, BoardRules, Method, Players, RulesCore};
use crate::rules::convention::Outcome;
use crate::values::partizan::loopy::{loopy_value, LoopyGraph, LoopyOutcome, LoopyValue, Retrograde};
use crate::values::partizan::GameStore;

/// A result of retrograde analysis: the winner (0 Left, 1 Right) and the moves the win takes at
/// most.
pub type Won = (usize, u32);

/// Whether the position `numbers` of `rules` is valued as a loopy game: the game's positions
/// can repeat and its players have different moves (a game whose position says whose turn it
/// is, Northcott's, has its own theory).
pub fn is_loopy(rules: &dyn RulesCore, numbers: &[u64]) -> bool {
    rules.words().repeats && matches!(rules.players(Some(numbers)), Players::Partizan(_))
}

/// How the positions of a graph are named: by the game's packed keys where it has them (16
/// bytes a position: a graph of millions fits), else by their numbers.
#[derive(Clone, Debug)]
enum Index {
    Packed(HashMap<Packed, u32>),
    Numbers(HashMap<Vec<u64>, u32>),
}

/// The graph of every position reachable from a start, by either player's moves: vertex 0 is
/// the start, each vertex's Left options the moves of player 0 and its Right options those of
/// player 1.
#[derive(Clone, Debug)]
pub struct PositionGraph {
    /// The game graph.
    pub graph: LoopyGraph,
    /// The options of the start for each player, each with its vertex.
    start_options: [Vec<(Vec<u64>, u32)>; 2],
}

/// The graph reachable from `start`, breadth first, `options` pushing a position's options for
/// a player: each position numbered as it is first met, refused past `budget` positions, the
/// stop token checked as it goes.
fn breadth_first<K: Clone + Eq + std::hash::Hash>(
    start: K,
    budget: u64,
    mut options: impl FnMut(&K, usize, &mut Vec<K>),
) -> Result<(LoopyGraph, HashMap<K, u32>), AnalyzeError> {
    let mut graph = LoopyGraph::new();
    let mut index: HashMap<K, u32> = HashMap::new();
    let mut order: Vec<K> = vec![start.clone()];
    index.insert(start, graph.add_vertex());
    let mut out = vec![];
    let mut next = 0usize;
    while let Some(key) = order.get(next).cloned() {
        if next.is_multiple_of(256) {
            crate::stop::check()?;
        }
        let v = next as u32;
        for mover in 0..2 {
            out.clear();
            options(&key, mover, &mut out);
            for option in out.drain(..) {
                let w = match index.get(&option) {
                    Some(&w) => w,
                    None => {
                        if order.len() as u64 >= budget {
                            return Err(GaveUp { what: Work::PositionsSearched, used: budget, needed: None }.into());
                        }
                        let w = graph.add_vertex();
                        index.insert(option.clone(), w);
                        order.push(option);
                        w
                    }
                };
                if mover == 0 {
                    graph.add_left(v, w);
                } else {
                    graph.add_right(v, w);
                }
            }
        }
        next += 1;
    }
    Ok((graph, index))
}

impl PositionGraph {
    /// The graph of the positions reachable from `start` in `rules`, built breadth first (on
    /// the game's packed keys where it has them); more than `budget` positions is refused as it
    /// is met (`--budget` raises it: how many there are is learnt only by reaching them), and
    /// Ctrl-C or a deadline stops the build.
    pub fn build(rules: &dyn BoardRules, start: &[u64], budget: u64) -> Result<PositionGraph, AnalyzeError> {
        let (graph, index) = if let Some((packed, key)) = rules.packed().and_then(|p| Some((p, p.key_of(start)?))) {
            let (graph, index) = breadth_first(key, budget, |&k, mover, out| packed.key_options(k, mover, out))?;
            (graph, Index::Packed(index))
        } else {
            let (graph, index) =
                breadth_first(start.to_vec(), budget, |numbers, mover, out| out.extend(rules.options(numbers, mover)))?;
            (graph, Index::Numbers(index))
        };
        let vertex = |numbers: &[u64]| match &index {
            Index::Packed(index) => index.get(&rules.packed()?.key_of(numbers)?).copied(),
            Index::Numbers(index) => index.get(numbers).copied(),
        };
        let start_options = [0, 1].map(|mover| {
            rules
                .options(start, mover)
                .into_iter()
                .filter_map(|after| Some((vertex(&after)?, after)))
                .map(|(v, a)| (a, v))
                .collect()
        });
        Ok(PositionGraph { graph, start_options })
    }

    /// How many positions.
    pub fn len(&self) -> usize {
        self.graph.len()
    }

    /// Whether the graph has no position (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.graph.is_empty()
    }

    /// The value of the start: outcomes, stopper, simplest form or sides, within `max_steps`
    /// steps of the loopy values' work (a stopper is valued one strongly connected part at a
    /// time, so the memory grows with the graph, not with its square).
    pub fn value(&self, store: &mut GameStore, max_steps: u64) -> Result<LoopyValue, AnalyzeError> {
        loopy_value(&self.graph, 0, store, max_steps).map_err(partizan_error)
    }

    /// The options of the start for `mover`, each with its result for the other player to
    /// move by retrograde analysis (`retro`, of this graph): the winner and the moves the win
    /// takes at most, or `None` for a draw.
    pub fn options_with_results(&self, retro: &Retrograde, mover: usize) -> Vec<(Vec<u64>, Option<Won>)> {
        let options = self.start_options.get(mover).map_or(&[][..], Vec::as_slice);
        options.iter().map(|(after, w)| (after.clone(), retro.result(*w, 1 - mover))).collect()
    }

    /// The best move of player `mover` from the start ([`Retrograde::best_move`]: the fastest
    /// win, else a draw, else the loss that lasts longest): the position it leaves with its
    /// result for the other player to move; `None` with no move.
    pub fn best_move(&self, retro: &Retrograde, mover: usize) -> Option<(Vec<u64>, Option<Won>)> {
        let w = retro.best_move(&self.graph, 0, mover)?;
        let options = self.start_options.get(mover)?;
        let (after, _) = options.iter().find(|(_, v)| *v == w)?;
        Some((after.clone(), retro.result(w, 1 - mover)))
    }
}

/// The outcome with `mover` to move, as the analysis words it: N when the mover wins, P when
/// the other player does, D for a draw.
fn outcome_for(result: LoopyOutcome, mover: usize) -> Outcome {
    match result {
        LoopyOutcome::Draw => Outcome::D,
        LoopyOutcome::Left => Outcome::from_win(mover == 0),
        LoopyOutcome::Right => Outcome::from_win(mover == 1),
    }
}

/// The answer for the player to move (`context.to_move`) in `numbers` of a loopy game: the
/// outcome by retrograde analysis of every position reachable (within `context.budget`), every
/// winning move, the fastest win first (so that the computer, playing the first, never lets a
/// won game slip into endless play), and in a drawn position every move that keeps the draw.
/// Misère play is refused: the loopy values are for normal play.
pub fn solve_loopy(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
) -> Result<Analysis, AnalyzeError> {
    if context.misere {
        return Err(AnalyzeError::Unsupported(format!(
            "misère play of {} is not computed here: its positions repeat, and the loopy values (outcomes with draws, stoppers, sides) are for normal play",
            rules.spelling()
        )));
    }
    let mover = context.to_move.min(1);
    let g = PositionGraph::build(rules, numbers, context.budget)?;
    let retro = Retrograde::solve(&g.graph);
    let result = retro.outcome(0, mover);
    let outcome = outcome_for(result, mover);
    // Each option with its result for the other player to move, fastest win first.
    let mut winning: Vec<(u32, Vec<u64>)> = vec![];
    let mut drawing: Vec<Vec<u64>> = vec![];
    for (after, result) in g.options_with_results(&retro, mover) {
        match result {
            Some((winner, plies)) if winner == mover => winning.push((plies, after)),
            None => drawing.push(after),
            Some(_) => {}
        }
    }
    winning.sort_by_key(|(plies, _)| *plies);
    let room = listing_room(numbers.len());
    let count = winning.len();
    let listed: Vec<Vec<u64>> = winning.into_iter().take(room).map(|(_, after)| after).collect();
    let not_listed = (listed.len() < count).then(|| listed_note(listed.len(), numbers.len(), "numbers"));
    let mut answer = Analysis::of_board(rules, numbers, outcome == Outcome::N, None, listed, Method::Retrograde);
    answer.set_board_count(Some(count as u128), not_listed);
    answer.outcome = outcome;
    if outcome == Outcome::D {
        answer.drawing_move_count = Some(drawing.len() as u128);
        let mut keep = Analysis::of_board(
            rules,
            numbers,
            false,
            None,
            drawing.into_iter().take(room).collect(),
            Method::Retrograde,
        );
        answer.drawing_moves = std::mem::take(&mut keep.winning_moves);
    }
    let (first, second) = (retro.outcome(0, 0), retro.outcome(0, 1));
    answer.sg_note = Some("none (partizan, and loopy: its positions repeat)".into());
    answer.explanation = vec![
        format!(
            "{} A position can repeat (its graph of positions has a cycle), so the game is loopy (Winning Ways, ch. 11; Siegel, \"Coping with cycles\"): its value is a loopy game's, not a short game's.",
            rules.rules_sentence()
        ),
        format!(
            "Every position reachable ({}, by either player's moves) was settled by retrograde analysis, backwards from the positions where the player to move has none; those never settled are draws. With Left first: {}; with Right first: {}.",
            g.len(),
            first.words(),
            second.words()
        ),
        match outcome {
            Outcome::N => format!("{} to move wins: a winning move leaves a position {} wins with the other to move, the fastest first.", side(mover), side(mover)),
            Outcome::P => format!("{} to move loses against best play.", side(mover)),
            Outcome::D => format!("{} to move can keep the game going for ever but cannot force a win: a draw.", side(mover)),
        },
    ];
    Ok(answer)
}
