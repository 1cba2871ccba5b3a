//! A board game's position: its numbers, read, moved and drawn by the game's
//! [`BoardRules`](crate::rules::board::BoardRules). Tokens on a graph are board games too; a
//! token moved along a loop stays on its vertex, so their moves are read from the token and its
//! vertex rather than from a change in the numbers (the graph is reached by
//! [`Board::downcast`], this file's one need of one game).

use crate::game::convention::Player;
use crate::game::{IllegalMove, Move};
use crate::rules::board::{Board, GraphGame};
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;

use super::{GamePosition, HeapTokens, Position};

/// A board game and its numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardPosition {
    board: Board,
    numbers: Vec<u64>,
}

impl BoardPosition {
    /// The position `numbers` of `board`.
    pub fn new(board: Board, numbers: Vec<u64>) -> Self {
        BoardPosition { board, numbers }
    }

    fn graph(&self) -> Option<&GraphGame> {
        self.board.downcast::<GraphGame>()
    }

    fn with(&self, numbers: Vec<u64>) -> Position {
        Position::of_board(self.board.clone(), numbers)
    }
}

impl GamePosition for BoardPosition {
    fn numbers(&self) -> Vec<u64> {
        self.numbers.clone()
    }

    fn labels(&self) -> Vec<String> {
        self.board.rules().labels(&self.numbers)
    }

    fn tokens(&self, _style: HeapTokens) -> Vec<String> {
        self.board.rules().tokens(&self.numbers)
    }

    fn name_in_sum(&self) -> String {
        self.board.to_string()
    }

    fn after(&self, mv: &Move) -> Option<Position> {
        Some(self.with(mv.apply(&self.numbers)))
    }

    fn with_numbers(&self, numbers: &[u64]) -> Option<Position> {
        (self.numbers.len() == numbers.len()).then(|| self.with(numbers.to_vec()))
    }

    fn is_one_move(&self, _mv: &Move) -> bool {
        true
    }

    fn check_move(&self, player: Player, mv: &Move) -> Result<Position, IllegalMove> {
        let numbers = &self.numbers;
        if let Some(g) = self.graph() {
            let [to] = mv.to[..] else {
                return Err(IllegalMove::new("a move slides one token to one vertex"));
            };
            let v = u32::try_from(to).map_err(|_| IllegalMove::new(format!("there is no vertex {to}")))?;
            if mv.width != 1 {
                return Err(IllegalMove::new("a move slides one token"));
            }
            g.check_token_move(numbers, mv.heap, v, Some(player.index()))?;
            return Ok(self.with(mv.apply(numbers)));
        }
        let end = mv.heap.checked_add(mv.width).filter(|&e| e <= numbers.len() && mv.width > 0);
        if end.is_none() {
            let labels = self.labels();
            let name = |i: usize| labels.get(i).cloned().unwrap_or_else(|| format!("number {}", i + 1));
            return Err(IllegalMove::new(format!(
                "there is no {} (the numbers are {} to {})",
                name(mv.heap),
                name(0),
                name(numbers.len().saturating_sub(1))
            )));
        }
        let after = mv.apply(numbers);
        self.board.rules().check(numbers, mv.heap..mv.heap + mv.width, &after, player.index())?;
        Ok(self.with(after))
    }

    fn moves(&self, player: Player) -> Vec<(Move, Position)> {
        // The board game's own moves by its rule (no theorem is used there), for the player to
        // move.
        let numbers = &self.numbers;
        let options = self.board.rules().options(numbers, player.index());
        options.into_iter().filter_map(|after| Some((Move::between(numbers, &after)?, self.with(after)))).collect()
    }

    fn legal_moves(&self, player: Player) -> Vec<Move> {
        let Some(g) = self.graph() else {
            return self.moves(player).into_iter().map(|(m, _)| m).collect();
        };
        let graph = g.graph();
        if graph.goal_reached(&self.numbers).is_some() {
            return vec![];
        }
        self.numbers
            .iter()
            .enumerate()
            .flat_map(|(i, &v)| {
                graph.moves_from(v as u32, player.index()).map(move |w| Move::new(i, vec![u64::from(w)]))
            })
            .collect()
    }

    fn has_move(&self, player: Player) -> bool {
        let numbers = &self.numbers;
        match self.graph() {
            Some(g) => {
                let graph = g.graph();
                graph.goal_reached(numbers).is_none()
                    && numbers.iter().any(|&v| graph.moves_from(v as u32, player.index()).next().is_some())
            }
            None => self.board.rules().has_move(numbers, player.index()),
        }
    }

    fn random_move(&self, player: Player, below: &mut dyn FnMut(u64) -> u64) -> Option<Move> {
        if self.graph().is_some() {
            let mut moves = self.legal_moves(player);
            let i = below(moves.len().max(1) as u64) as usize;
            return (i < moves.len()).then(|| moves.swap_remove(i));
        }
        let after = self.board.rules().random_move(&self.numbers, player.index(), below)?;
        Move::between(&self.numbers, &after)
    }

    fn smallest_move(&self, player: Player) -> Option<Move> {
        if self.graph().is_some() {
            return self.legal_moves(player).into_iter().next();
        }
        let after = self.board.rules().smallest_move(&self.numbers, player.index())?;
        Move::between(&self.numbers, &after)
    }

    fn describe(&self, mv: &Move) -> String {
        let numbers = &self.numbers;
        match self.graph() {
            Some(g) => {
                let to = mv.to.first().copied().unwrap_or(0) as u32;
                g.describe_move(numbers, mv.heap, to)
            }
            None => self.board.rules().describe(numbers, &mv.apply(numbers)),
        }
    }

    fn summands(&self) -> Vec<(usize, Position)> {
        vec![(0, self.with(self.numbers.clone()))]
    }

    fn with_summands(&self, after: Vec<Position>) -> Position {
        after.into_iter().next().unwrap_or_else(|| self.with(self.numbers.clone()))
    }

    /// A partizan game by its options ([`crate::rules::board::machinery::value::BoardValues`]); a game
    /// whose position says who moves is refused: a move passes the turn, so its position is
    /// not a short game's.
    fn conway_value(
        &self,
        store: &mut crate::values::partizan::GameStore,
        budget: u64,
    ) -> Option<Result<(crate::values::partizan::GameValue, u64), crate::error::AnalyzeError>> {
        let rules = self.board.rules();
        if rules.players(None) == crate::rules::board::Players::TurnInPosition {
            return Some(Err(crate::error::AnalyzeError::Unsupported(format!(
                "{}: its position says whose turn it is and a move passes the turn, so it has no value as a short game in Conway's sense",
                rules.spelling()
            ))));
        }
        rules.players(Some(&self.numbers)).why_partizan()?;
        if crate::rules::board::machinery::loopy::is_loopy(rules, &self.numbers) {
            return Some(Err(crate::error::AnalyzeError::Unsupported(format!(
                "{}: its positions repeat, so its value is a loopy game's, not a short game's: `grundy value {}` of the game alone gives it (a sum holding it is not valued)",
                rules.spelling(),
                rules.spelling()
            ))));
        }
        let mut values = crate::rules::board::machinery::value::BoardValues::new(rules, budget);
        Some(values.value(store, &self.numbers).map(|v| (v, values.positions())))
    }

    /// The graph of a loopy game's positions ([`crate::rules::board::machinery::loopy::PositionGraph`]).
    fn position_graph(
        &self,
        budget: u64,
    ) -> Option<Result<crate::rules::board::machinery::loopy::PositionGraph, crate::error::AnalyzeError>> {
        let rules = self.board.rules();
        crate::rules::board::machinery::loopy::is_loopy(rules, &self.numbers)
            .then(|| crate::rules::board::machinery::loopy::PositionGraph::build(rules, &self.numbers, budget))
    }

    /// The forecast of the search [`GamePosition::conway_value`] runs, where it runs one.
    fn value_work_forecast(
        &self,
        beyond: u64,
        effort: u64,
    ) -> Option<Result<crate::rules::board::machinery::forecast::WorkForecast, crate::error::AnalyzeError>> {
        let rules = self.board.rules();
        if rules.players(None) == crate::rules::board::Players::TurnInPosition
            || crate::rules::board::machinery::loopy::is_loopy(rules, &self.numbers)
        {
            return None;
        }
        rules.players(Some(&self.numbers)).why_partizan()?;
        Some(crate::rules::board::machinery::forecast::forecast_past(rules, &self.numbers, beyond, effort))
    }

    fn key(&self) -> (Position, bool) {
        let rules = self.board.rules();
        // Read for every position a search keys: whether, without the reason's text.
        let partizan = matches!(rules.players(Some(&self.numbers)), crate::rules::board::Players::Partizan(_));
        (self.with(rules.canonical(&self.numbers)), partizan)
    }

    fn tokens_hold_commas(&self) -> bool {
        self.board.rules().written_as_text()
    }

    fn written_move(&self, after: &[u64], mover: usize) -> Option<String> {
        Some(self.board.rules().write_move(&self.numbers, after, mover))
    }

    fn after_words(&self, words: &str, mover: usize) -> Option<Vec<u64>> {
        match self.graph() {
            Some(g) => g.token_move_after(&self.numbers, words),
            None => self.board.rules().read_move(&self.numbers, words, mover)?.ok(),
        }
    }

    #[cfg(feature = "draw")]
    fn sketch(&self, _limits: bool, mover: usize) -> Sketch {
        self.board.rules().draw(&self.numbers, mover)
    }

    fn as_board(&self) -> Option<(&Board, &[u64])> {
        Some((&self.board, &self.numbers))
    }
}
