//! `analyze`: who wins a position, its Sprague-Grundy value, every winning move, and an
//! explanation a person can follow.
//!
//! This file holds the entry point and its options, and sends each kind of position to the
//! file that answers it, so that each method sits beside its own words:
//!
//! - [`Analysis`], the answer (the `--json` object), and what it says about the moves it
//!   lists, sits in `rules/analysis.rs`, below the board games' theory, which answers in it.
//! - `listing`: winning moves listed one by one within a bound, and families in words.
//! - `heaps`: sums of heaps under normal play (Bouton's theorem, the Sprague-Grundy theorem).
//! - `misere`: misère sums, a list of strategies tried in order.
//! - `boards`: board games and games on graphs, through their own theory.
//! - `kl`: K-L-Nim, by an exact search over (heaps, player to move).

mod boards;
mod heaps;
mod listing;
mod misere;

use crate::engine::heap::StoredValues;
use crate::engine::QuotientCache;
use crate::error::{human_bytes, AnalyzeError, MEMORY_LIMIT};
use crate::game::convention::{Convention, Player};
use crate::game::{Component, Game, MoveFamily, Position};
use crate::rules::board::GraphGame;

pub(crate) use crate::rules::analysis::blank as blank_analysis;
pub use crate::rules::analysis::{Analysis, WinningFamily, WinningMove, EXPLAINED_MOVES, LISTED_MOVES};
pub(crate) use listing::Listing;
pub use listing::{describe_family, LISTED_NUMBERS};
pub use misere::misere_single_heaps;

use boards::board;
use heaps::sum;

/// The budget used when none is given: positions searched or table entries computed.
pub const DEFAULT_BUDGET: u64 = 2_000_000;

/// The largest budget [`analyze`] accepts: the largest table the machine can hold
/// ([`Work::max_budget`](crate::error::Work::max_budget) of the cheapest kind). Each kind of work is further held to its own
/// largest budget, so a search stops at [`Work::PositionsSearched`](crate::error::Work::PositionsSearched)'s.
pub const MAX_BUDGET: u64 = 1 << 31;

/// What to analyse beyond the position itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalyzeOptions {
    /// Normal or misère play.
    pub convention: Convention,
    /// Who is to move (matters for `kl`, and names the winner).
    pub to_move: Player,
    /// Whether the outcome search of a partizan board answers only the player to move (as
    /// Obsequi answers one), not the other player's game too: about half the work, and no
    /// outcome class. Other answers are unchanged by it.
    pub mover_only: bool,
    /// The most positions a search may store or table entries a table may hold.
    pub budget: u64,
    /// Whether to write the explanation (the reasoning for people). Without it the answer is
    /// the same and `explanation` is empty: `grundy batch` answers millions of positions that
    /// nobody reads, where the words cost more than the game.
    pub explain: bool,
    /// Values of take-and-break games read from stores, answering every heap they cover
    /// (see [`StoredValues`]); read once for the life of the process (e.g. `Box::leak`), so
    /// that the options stay cheap to clone.
    pub stored: Option<&'static StoredValues>,
    /// The misère quotients computed so far, kept for the next analysis: a fresh cache by
    /// default, so one analysis computes a quotient once; a caller that analyses again and
    /// again (a play session, a batch, a server) keeps one across calls (clones share it).
    pub quotients: QuotientCache,
    /// The most bytes the outcome search of a partizan board may hold in its transposition
    /// table and its values (`--memory`).
    pub memory: u64,
    /// What the outcome searches of partizan boards keep for the caller: their table between
    /// searches where it keeps one (a play session), what a stopped search had proven, a hook on
    /// progress. Clones share it.
    pub outcomes: OutcomeCache,
}

pub use crate::rules::board::machinery::outcome::{OutcomeCache, DEFAULT_SEARCH_MEMORY};

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions {
            convention: Convention::Normal,
            to_move: Player::First,
            mover_only: false,
            budget: DEFAULT_BUDGET,
            explain: true,
            stored: None,
            quotients: QuotientCache::default(),
            memory: DEFAULT_SEARCH_MEMORY,
            outcomes: OutcomeCache::default(),
        }
    }
}

/// Analyses `position` of `game`: outcome, Sprague-Grundy value and every winning move.
///
/// ```
/// use grundy::{analyze, AnalyzeOptions, Game};
/// let game: Game = "nim".parse().unwrap();
/// let pos = game.parse_position(&["7", "9", "12", "15"]).unwrap();
/// let a = analyze(&game, &pos, &AnalyzeOptions::default()).unwrap();
/// assert_eq!(a.sg, Some(13));
/// assert_eq!(a.winning_move_count, Some(3));
/// assert_eq!(a.winning_moves[0].text, "take 5 from heap 2 (9 -> 4)");
/// ```
pub fn analyze(game: &Game, position: &Position, options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    if options.budget > MAX_BUDGET {
        return Err(AnalyzeError::Unsupported(format!(
            "budget {} is past {MAX_BUDGET}, the largest any computation here can hold ({} of memory): give at most --budget {MAX_BUDGET}",
            options.budget,
            human_bytes(u128::from(MEMORY_LIMIT))
        )));
    }
    let heaps = position.heaps();
    // The engine is chosen by what the position offers: a board game its own solver (or the
    // heap rule it plays as), a sum of games the sum of their values, heaps the heap engine.
    let on_board = position.as_board();
    let mut a = if let Some((b, numbers)) = on_board.filter(|(b, _)| b.downcast::<GraphGame>().is_some()) {
        // A game on a graph may never end: Every-SG needs games that do.
        board(b, numbers, options)
    } else if options.convention == Convention::Every {
        crate::solve::every::every(position, options)
    } else if let Some((b, numbers)) = on_board {
        // A game that plays as a heap rule for its parameters is a sum of heaps of that rule.
        match b.rules().as_heap_rule() {
            Some((rule, why)) => {
                let cs: Vec<Component> = numbers.iter().map(|&h| Component::new(rule.clone(), h)).collect();
                let mut a = sum(&cs, options)?;
                a.explanation.insert(0, why);
                Ok(a)
            }
            None => board(b, numbers, options),
        }
    } else if let Some(parts) = position.as_parts() {
        crate::solve::games::games(parts, options)
    } else {
        sum(position.as_heaps().unwrap_or_default(), options)
    }?;

    a.game = game.to_string();
    a.position = heaps;
    a.tokens = game.position_tokens(position);
    a.convention = options.convention;
    a.to_move = options.to_move;
    a.winner = a.outcome.winner(options.to_move);
    if a.winning_families.is_empty() && !a.winning_moves.is_empty() {
        // The answers that list every move one by one: each move is a family of one.
        a.winning_families = a
            .winning_moves
            .iter()
            .map(|m| WinningFamily { text: m.text.clone(), family: MoveFamily::single(m.mv.clone()) })
            .collect();
    }
    a.winning_move_count = match (&a.moves_unknown, a.given_count) {
        (Some(_), _) => None,
        // A board game counts its moves itself, and may list only some of them.
        (None, Some(n)) => Some(n),
        (None, None) => Some(a.winning_families.iter().map(|f| u128::from(f.family.count)).sum()),
    };
    a.labels = position.labels();
    for m in a.winning_moves.iter_mut().chain(a.drawing_moves.iter_mut()) {
        m.leaves = leaves(game, position, m);
    }
    if a.sg.is_none() && a.sg_note.is_none() {
        a.sg_note = Some(
            match (options.convention, position) {
                (Convention::Misere, _) => "none (misère play)",
                _ => "none (partizan)",
            }
            .to_string(),
        );
    }
    a.say_what_is_listed();
    if !options.explain {
        a.explanation.clear();
    }
    Ok(a)
}

/// The tokens of the position `m` leaves: the position after its move, or, for a turn over
/// several games at once (Every-SG), the same games holding its `result`.
fn leaves(game: &Game, position: &Position, m: &WinningMove) -> Vec<String> {
    match position.after(&m.mv).or_else(|| position.with_numbers(&m.result)) {
        Some(next) => game.position_tokens(&next),
        None => m.result.iter().map(u64::to_string).collect(),
    }
}

/// The upper bound on the positions reachable from `heaps`: each heap can only shrink.
pub(super) fn reachable_bound(heaps: &[u64], factor: u64) -> Option<u64> {
    heaps.iter().try_fold(factor, |acc, &h| acc.checked_mul(h.checked_add(1)?))
}
