//! Board games through their own theory ([`crate::rules::board::Theory::solve`]), and
//! tokens on graphs with cycles (Smith's generalized Sprague-Grundy function, retrograde
//! analysis) with their draws: the answers the games give, in the shape of an [`Analysis`].

use std::borrow::Cow;

use crate::engine::heap::Engine;
use crate::engine::Method;
use crate::error::AnalyzeError;
use crate::game::convention::{Convention, Outcome};
use crate::game::Move;
use crate::rules::board::graphs::graph::solve::{self as graph_solve, GraphMethod, Verdict};
use crate::rules::board::{listing_room, Board, BoardContext, ExactSearch, GraphGame, SearchSession, SearchedGame};
use crate::solve::search::{Rules, Search};

use super::listing::Listing;
use super::AnalyzeOptions;
use crate::rules::analysis::{blank, Analysis, WinningMove};

/// A board game through its own theory ([`crate::rules::board::Theory::solve`]).
pub(super) fn board(b: &Board, numbers: &[u64], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    if let Some(g) = b.downcast::<GraphGame>() {
        return graph(g, numbers, options);
    }
    let rules = b.rules();
    // The engine is passed in for the games whose theory reads heap values (rules/ sits
    // below it).
    let context = BoardContext {
        misere: options.convention == Convention::Misere,
        to_move: options.to_move.index(),
        mover_only: options.mover_only,
        budget: options.budget,
        memory: options.memory,
        outcomes: Some(&options.outcomes),
        heaps: &Engine,
        search: &EngineSearch,
    };
    rules.solve(numbers, &context)
}

/// The engine's exact search ([`Search`]) for a board game with no theory for a position, passed
/// to it in its [`BoardContext`] (`rules/` sits below `solve/`).
struct EngineSearch;

/// A board game's searched states as a game of [`Search`].
struct Searched<'a>(&'a dyn SearchedGame);

impl crate::game::ImpartialGame for Searched<'_> {
    type Position = Vec<u64>;

    fn options(&self, state: &Vec<u64>) -> Vec<Vec<u64>> {
        self.0.options(state)
    }

    fn option_count_bound(&self, state: &Vec<u64>) -> Option<u128> {
        self.0.option_count_bound(state)
    }
}

impl Rules for Searched<'_> {
    fn size(&self, state: &Vec<u64>) -> u128 {
        self.0.size(state)
    }

    fn key<'s>(&self, state: &'s Vec<u64>) -> Cow<'s, Vec<u64>> {
        self.0.canonical(state).map_or(Cow::Borrowed(state), Cow::Owned)
    }
}

impl<'a> SearchSession for Search<Searched<'a>> {
    fn wins(&mut self, state: &[u64]) -> Result<bool, AnalyzeError> {
        Search::wins(self, &state.to_vec())
    }

    fn positions(&self) -> usize {
        Search::positions(self)
    }
}

impl ExactSearch for EngineSearch {
    fn start<'a>(
        &self,
        game: &'a dyn SearchedGame,
        misere: bool,
        budget: u64,
        needed: Option<u64>,
        state_bytes: u64,
    ) -> Box<dyn SearchSession + 'a> {
        Box::new(Search::new(Searched(game), misere, budget, needed, state_bytes))
    }
}

/// Tokens on a graph: the generalized Sprague-Grundy function or retrograde analysis
/// ([`crate::rules::board::graphs::graph::solve`]), with draws.
fn graph(game: &GraphGame, numbers: &[u64], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    if options.convention == Convention::Every {
        return Err(AnalyzeError::Unsupported(
            "Every-SG needs games that end; tokens on a graph with cycles may go on for ever".into(),
        ));
    }
    let g = game.graph();
    let misere = options.convention == Convention::Misere;
    let report = graph_solve::report(g, numbers, options.to_move.index(), misere, options.budget)?;
    let outcome = match report.verdict {
        Verdict::Win => Outcome::N,
        Verdict::Lose => Outcome::P,
        Verdict::Draw => Outcome::D,
    };
    let method = match report.method {
        GraphMethod::Gsg => Method::GeneralizedSg,
        GraphMethod::Retrograde | GraphMethod::Over => Method::Retrograde,
    };
    let mut a = blank(outcome, method);
    let listing = Listing::new(numbers.len());
    let mut drawing: u128 = 0;
    for m in &report.moves {
        let mv = Move::new(m.token, vec![u64::from(m.to)]);
        match m.verdict {
            Verdict::Win => {
                let text = game.describe_move(numbers, m.token, m.to);
                listing.record(&mut a, mv, text, || m.after(numbers));
            }
            Verdict::Draw if outcome == Outcome::D => {
                drawing += 1;
                if a.drawing_moves.len() < listing_room(numbers.len()) {
                    let after = m.after(numbers);
                    a.drawing_moves.push(WinningMove {
                        value: None,
                        text: game.describe_move(numbers, m.token, m.to),
                        result: after,
                        result_tokens: None,
                        leaves: vec![],
                        mv,
                    });
                }
            }
            _ => {}
        }
    }
    listing.finish(&mut a);
    if outcome == Outcome::D {
        a.drawing_move_count = Some(drawing);
    }
    if let Some(v) = &report.value {
        a.sg = v.finite();
    }
    if a.sg.is_none() && !misere {
        a.sg_note = Some(match (&report.token_values, report.method) {
            (Some(_), _) => {
                "infinite: a token has the value ∞ (the generalized Sprague-Grundy function, Smith)".to_string()
            }
            (None, GraphMethod::Over) => "none (the game is over)".to_string(),
            (None, _) if g.is_partizan() => "none (partizan)".to_string(),
            (None, _) => "none (a goal ends the game, so positions do not add as Nim heaps)".to_string(),
        });
    }
    a.generalized_sg = report.token_values.as_ref().map(|vs| vs.iter().map(ToString::to_string).collect());
    a.explanation = report.explanation;
    Ok(a)
}
