//! The answer of a board game by the engine's exact search ([`ExactSearch`], the one win/lose
//! search), for the answers no theory gives here (misère play): the game's plain rule
//! ([`RulesCore::options`]) searched over its canonical numbers within a budget of positions.
//! It uses no theorem, so it is exact wherever it answers; a game calls it only for positions
//! whose options it has bounded.

use crate::error::AnalyzeError;
use crate::rules::analysis::Analysis;
use crate::rules::board::{listed_note, listing_room, BoardContext, BoardRules, Method, SearchedGame};

/// A board game's plain rule as a game of the engine's search: its states are the game's
/// numbers, remembered canonically (the first player's moves: the games searched so are
/// impartial).
struct ByRule<'a>(&'a dyn BoardRules);

impl SearchedGame for ByRule<'_> {
    fn options(&self, state: &[u64]) -> Vec<Vec<u64>> {
        self.0.options(state, 0)
    }

    fn canonical(&self, state: &[u64]) -> Option<Vec<u64>> {
        Some(self.0.canonical(state))
    }

    fn option_count_bound(&self, _state: &[u64]) -> Option<u128> {
        None
    }

    fn size(&self, state: &[u64]) -> u128 {
        self.0.longest_game(state)
    }
}

/// The answer for `numbers` by an exact search of every position reachable (`misere`: the
/// player who makes the last move loses), within `budget` positions: the outcome and every
/// winning move with their count; no value. The caller has bounded the options of each
/// position (they only shrink along a game), so listing them is cheap.
pub fn search_answer(
    rules: &dyn BoardRules,
    numbers: &[u64],
    misere: bool,
    context: &BoardContext<'_>,
) -> Result<Analysis, AnalyzeError> {
    let game = ByRule(rules);
    let mut search = context.search.start(&game, misere, context.budget, None, 8 * (numbers.len() as u64 + 1));
    let mut winning = vec![];
    let mut count: u128 = 0;
    let room = listing_room(numbers.len());
    let options = rules.options(numbers, 0);
    let has_moves = !options.is_empty();
    for option in options {
        if !search.wins(&rules.canonical(&option))? {
            count += 1;
            if winning.len() < room {
                winning.push(option);
            }
        }
    }
    let wins = count > 0 || (!has_moves && misere);
    let listed = winning.len() as u128;
    let mut answer = Analysis::of_board(rules, numbers, wins, None, winning, Method::Search);
    let not_listed = (count > listed).then(|| listed_note(room, numbers.len(), "numbers"));
    answer.set_board_count(Some(count), not_listed);
    answer.explanation = vec![format!(
        "Searched exactly by the rule, from the definition of P and N positions: {} positions decided, each won when some move leaves a lost position{}.",
        search.positions(),
        if misere { ", and under misère play a player with no move wins" } else { "" }
    )];
    Ok(answer)
}
