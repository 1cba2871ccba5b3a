//! K-L-Nim with K and L different: a partizan game (the players have different moves), so it
//! has no Sprague-Grundy value and is decided by an exact search over (heaps, player to move).
//! With K = L it is the impartial all-but game, which `analyze` sends to the heap sums.

use crate::engine::Method;
use crate::error::AnalyzeError;
use crate::game::convention::{Convention, Outcome, Player};
use crate::game::Move;
use crate::rules::Ruleset;
use crate::solve::search::{Rules, Search};

use super::listing::replaced;
use super::report::{blank, Analysis, WinningMove};
use super::{reachable_bound, AnalyzeOptions};

/// K-L-Nim: canonical state is the sorted non-empty heaps and who is to move.
struct KlRules {
    forbidden: [u64; 2],
}

impl crate::game::ImpartialGame for KlRules {
    type Position = (Vec<u64>, Player);

    fn options(&self, (heaps, player): &Self::Position) -> Vec<Self::Position> {
        let mut out = Vec::new();
        let banned = self.forbidden[player.index()];
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            for take in (1..=h).filter(|&t| t != banned) {
                let mut next = heaps.clone();
                next[i] = h - take;
                out.push((kl_canon(next), player.other()));
            }
        }
        out
    }

    fn option_count_bound(&self, (heaps, _): &Self::Position) -> Option<u128> {
        Some(heaps.iter().map(|&h| u128::from(h)).sum())
    }
}

impl Rules for KlRules {
    fn size(&self, (heaps, _): &Self::Position) -> u128 {
        heaps.iter().map(|&h| u128::from(h)).sum()
    }
}

/// The canonical heaps of a K-L-Nim position: order and empty heaps do not matter.
fn kl_canon(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

/// K-L-Nim with K and L forbidden to the first and second player: the outcome for the player
/// to move, and every winning move, by a search within the budget.
pub(super) fn kl(forbidden: [u64; 2], heaps: &[u64], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    let me = options.to_move;
    let mut search = Search::new(
        KlRules { forbidden },
        options.convention == Convention::Misere,
        options.budget,
        reachable_bound(heaps, 2),
        8 * (heaps.len() as u64 + 1),
    );
    let wins = search.wins(&(kl_canon(heaps.to_vec()), me))?;
    let mut a = blank(Outcome::from_win(wins), Method::Search);
    let banned = forbidden[me.index()];
    for (i, &h) in heaps.iter().enumerate() {
        for take in (1..=h).filter(|&t| t != banned) {
            let next = replaced(heaps, i, &[h - take]);
            if !search.wins(&(kl_canon(next.clone()), me.other()))? {
                a.winning_moves.push(WinningMove {
                    result_tokens: None,
                    leaves: vec![],
                    text: Ruleset::nim().describe_move(i + 1, h, &[h - take]),
                    result: next,
                    mv: Move::new(i, vec![h - take]),
                });
            }
        }
    }
    let total_moves: u64 = heaps.iter().map(|&h| h - u64::from(h >= banned)).sum();
    a.explanation = vec![
        format!(
            "K-L-Nim with K = {} and L = {}: the first player may never take exactly {} objects and the second never exactly {}. The players have different moves, so the game is partizan and has no Sprague-Grundy value.",
            forbidden[0], forbidden[1], forbidden[0], forbidden[1]
        ),
        format!(
            "The outcome comes from an exact search over (heaps, player to move) by the definition of P and N: {} positions were decided.",
            search.positions()
        ),
        if wins {
            format!("The {me} player, to move, wins: each winning move leaves the {} player a position where every reply loses.", me.other())
        } else if total_moves == 0 {
            format!(
                "The {me} player, to move, has no legal move (taking exactly {banned} is forbidden to them), so they {} under {} play.",
                if options.convention == Convention::Misere { "win" } else { "lose" },
                options.convention
            )
        } else {
            format!("The {me} player, to move, loses: every one of their {total_moves} moves leaves the {} player a winning position.", me.other())
        },
    ];
    Ok(a)
}
