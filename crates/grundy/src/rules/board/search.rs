//! An exact search of a board game's positions by its plain rule ([`RulesCore::options`]), for
//! the answers no theory gives here (misère play): who wins each position reachable, memoised
//! on the game's canonical numbers, within a budget of positions. It uses no theorem, so it is
//! exact wherever it answers; a game calls it only for positions whose options it has bounded.

use std::collections::HashMap;

use crate::error::{AnalyzeError, GaveUp, Work};
use crate::rules::board::{listed_note, listing_room, BoardAnswer, BoardMethod, BoardRules};
use crate::stop::Ticker;

/// One position on the search's stack: its key, its options and the next one to look at.
struct Frame {
    key: Vec<u64>,
    options: Vec<Vec<u64>>,
    next: usize,
}

/// Who wins each position reachable, memoised on canonical numbers.
struct Search<'a> {
    rules: &'a dyn BoardRules,
    misere: bool,
    budget: u64,
    memo: HashMap<Vec<u64>, bool>,
    ticker: Ticker,
}

impl Search<'_> {
    /// Whether the player to move in `numbers` wins. Iterative, so that long games do not
    /// overflow the stack.
    fn wins(&mut self, numbers: &[u64]) -> Result<bool, AnalyzeError> {
        let key = self.rules.canonical(numbers);
        if let Some(&w) = self.memo.get(&key) {
            return Ok(w);
        }
        let mut stack = vec![self.frame(key)];
        while let Some(top) = stack.last_mut() {
            let Some(option) = top.options.get(top.next) else {
                // Every option wins for the opponent (or there is none: under misère play the
                // player with no move wins).
                let w = top.options.is_empty() && self.misere;
                let done = stack.pop().map(|f| f.key).unwrap_or_default();
                self.memo.insert(done, w);
                continue;
            };
            let child = self.rules.canonical(option);
            match self.memo.get(&child) {
                Some(false) => {
                    let done = stack.pop().map(|f| f.key).unwrap_or_default();
                    self.memo.insert(done, true);
                }
                Some(true) => top.next += 1,
                None => {
                    self.ticker.tick()?;
                    let held = self.memo.len() as u64 + stack.len() as u64;
                    if held >= self.budget {
                        return Err(AnalyzeError::GaveUp(GaveUp {
                            what: Work::PositionsSearched,
                            used: self.budget,
                            needed: None,
                        }));
                    }
                    let frame = self.frame(child);
                    stack.push(frame);
                }
            }
        }
        Ok(self.memo.get(&self.rules.canonical(numbers)).copied().unwrap_or(false))
    }

    fn frame(&self, key: Vec<u64>) -> Frame {
        let options = self.rules.options(&key, 0);
        Frame { key, options, next: 0 }
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
    budget: u64,
) -> Result<BoardAnswer, AnalyzeError> {
    let budget = Work::PositionsSearched.clamp(budget);
    let mut search = Search { rules, misere, budget, memo: HashMap::new(), ticker: Ticker::new(1024) };
    let mut winning = vec![];
    let mut count: u128 = 0;
    let room = listing_room(numbers.len());
    for option in rules.options(numbers, 0) {
        if !search.wins(&option)? {
            count += 1;
            if winning.len() < room {
                winning.push(option);
            }
        }
    }
    let has_moves = !rules.options(numbers, 0).is_empty();
    let wins = count > 0 || (!has_moves && misere);
    let listed = winning.len() as u128;
    let mut answer = BoardAnswer::listed(wins, None, winning, BoardMethod::Search);
    answer.count = Some(count);
    if count > listed {
        answer.not_listed = Some(listed_note(room, numbers.len(), "numbers"));
    }
    answer.explanation = vec![format!(
        "Searched exactly: every position reachable by the rule ({} of them), each won when some move leaves a lost position{}.",
        search.memo.len(),
        if misere { ", and under misère play a player with no move wins" } else { "" }
    )];
    Ok(answer)
}
