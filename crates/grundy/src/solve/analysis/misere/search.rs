//! The last misère strategy, which always applies: an exact search of the sums a position
//! reaches, by the definition of P and N, bounded before it starts by the states it could
//! reach. Also the misère outcomes of single heaps that no theorem gives
//! ([`misere_single_heaps`]).

use crate::engine::Method;
use crate::error::AnalyzeError;
use crate::game::convention::Outcome;
use crate::game::{Component, Move};
use crate::rules::Ruleset;
use crate::solve::search::{Rules, Search};

use super::super::listing::replaced;
use super::super::{reachable_bound, AnalyzeOptions};
use super::Attempt;
use crate::rules::analysis::{blank, WinningMove};

/// Misère sums of heaps: canonical state is the sorted list of (ruleset, heap) with empty heaps
/// dropped.
struct SumRules {
    rulesets: Vec<Ruleset>,
}

impl crate::game::ImpartialGame for SumRules {
    type Position = Vec<(u32, u64)>;

    fn options(&self, state: &Self::Position) -> Vec<Self::Position> {
        let mut out = Vec::new();
        for (i, &(r, h)) in state.iter().enumerate() {
            if i > 0 && state[i - 1] == (r, h) {
                continue; // equal heaps have the same moves
            }
            self.rulesets[r as usize].for_each_option(h, &mut |to| {
                let mut next: Vec<(u32, u64)> = state[..i].to_vec();
                next.extend(to.iter().filter(|&&t| t > 0).map(|&t| (r, t)));
                next.extend_from_slice(&state[i + 1..]);
                next.sort_unstable();
                out.push(next);
            });
        }
        out
    }

    fn option_count_bound(&self, state: &Self::Position) -> Option<u128> {
        Some(state.iter().map(|&(r, h)| self.rulesets[r as usize].option_count_bound(h)).sum())
    }
}

impl Rules for SumRules {
    fn size(&self, state: &Self::Position) -> u128 {
        state.iter().map(|&(_, h)| u128::from(h)).sum()
    }
}

/// Who wins a single heap of each size 0..=`upto` of `ruleset` under misère play (`true`: the
/// player to move), by an exact search of the sums of heaps its moves reach, for the rulesets
/// whose outcomes no window argument gives ([`crate::MisereHeaps`] answers Nim, K-Nim, the
/// Bash game and subtraction games at any size): take-and-break and all-but games. No period
/// is claimed: a heap's misère outcome depends on the sums its splits leave, not on a bounded
/// window of earlier heaps, so only the heaps searched are known. The search is bounded before
/// it starts by the states it could reach (the multisets of heaps with at most `upto` objects),
/// and refused past `budget` with what it would take.
///
/// ```
/// use grundy::Ruleset;
/// use grundy::frontend::misere_single_heaps;
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// let wins = misere_single_heaps(&kayles, 6, 1_000_000).unwrap();
/// // Misère Kayles: the heap of 1 is lost (its one move takes the last pin), 2 and 3 are won.
/// assert_eq!(wins[..4], [true, false, true, true]);
/// assert!(misere_single_heaps(&kayles, 200, 1_000_000).is_err());
/// ```
pub fn misere_single_heaps(ruleset: &Ruleset, upto: u64, budget: u64) -> Result<Vec<bool>, AnalyzeError> {
    let bound = if ruleset.splits() { multisets_up_to(u128::from(upto)) } else { upto.checked_add(1) };
    let mut search = Search::new(SumRules { rulesets: vec![ruleset.clone()] }, true, budget, bound, 64);
    search.refuse_past_bound(bound)?;
    (0..=upto).map(|n| search.wins(&if n == 0 { vec![] } else { vec![(0, n)] })).collect()
}

/// A misère sum by an exact search of the positions it reaches, by the definition of P and N:
/// the strategy that always applies, refused past the budget before it starts where the bound
/// on its states is true (sums with splitting heaps).
pub(super) fn sum_misere(cs: &[Component], options: &AnalyzeOptions) -> Result<Attempt, AnalyzeError> {
    let mut rulesets: Vec<Ruleset> = vec![];
    let mut index = |r: &Ruleset| -> u32 {
        match rulesets.iter().position(|x| x == r) {
            Some(i) => i as u32,
            None => {
                rulesets.push(r.clone());
                (rulesets.len() - 1) as u32
            }
        }
    };
    let tagged: Vec<(u32, u64)> = cs.iter().map(|c| (index(&c.ruleset), c.heap)).collect();
    let canon = |v: Vec<(u32, u64)>| {
        let mut v: Vec<(u32, u64)> = v.into_iter().filter(|&(_, h)| h > 0).collect();
        v.sort_unstable();
        v
    };
    let heaps: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    let splits = cs.iter().any(|c| c.ruleset.splits());
    // Splitting moves can reach more positions than the product bound counts (a heap becomes
    // several), so they are bounded by the heaps' totals instead.
    let bound = if splits { split_sum_bound(cs) } else { reachable_bound(&heaps, 1) };
    // A state is the sorted (ruleset, heap) pairs: 16 bytes a heap, and splits add heaps.
    let state_bytes = 16 * (heaps.len() as u64 + 1);
    let mut search = Search::new(SumRules { rulesets }, true, options.budget, bound, state_bytes);
    if splits {
        // The bound is a true one, so a search past the budget is refused before it starts,
        // with what it would take, rather than after seconds of work; within the budget the
        // search cannot run out. Its time is bounded too: the total is small (past about 70
        // the bound passes what memory holds), so every state lists few moves.
        search.refuse_past_bound(bound)?;
    }
    let wins = search.wins(&canon(tagged.clone()))?;
    let mut a = blank(Outcome::from_win(wins), Method::Search);
    for (i, c) in cs.iter().enumerate() {
        let mut moves: Vec<Vec<u64>> = vec![];
        c.ruleset.for_each_option(c.heap, &mut |to| moves.push(to.to_vec()));
        for to in moves {
            let mut next = tagged[..i].to_vec();
            next.extend(to.iter().map(|&t| (tagged[i].0, t)));
            next.extend_from_slice(&tagged[i + 1..]);
            if !search.wins(&canon(next))? {
                a.winning_moves.push(WinningMove {
                    value: None,
                    result_tokens: None,
                    leaves: vec![],
                    text: c.ruleset.describe_move(i + 1, c.heap, &to),
                    result: replaced(&heaps, i, &to),
                    mv: Move::new(i, to),
                });
            }
        }
    }
    a.explanation = vec![
        "Under misère play (the last player to move loses) the Sprague-Grundy values of the heaps do not decide a sum, so the outcome comes from an exact search of the positions by the definition of P and N.".into(),
        format!("{} positions were decided.", search.positions()),
        if wins {
            "The player to move wins: each winning move leaves a position where every reply loses.".into()
        } else {
            "The player to move loses: every move leaves a position the opponent wins.".into()
        },
    ];
    Ok(Attempt::Answer(Box::new(a)))
}

/// The number of multisets of positive integers whose total is at most `total`, the sum of the
/// partition numbers p(0) + ... + p(total), or `None` when it is past u64.
///
/// These are the states a sum of take-and-break heaps of one ruleset whose sizes add up to
/// `total` can reach: a move takes t >= 0 objects and splits the rest, so the total never grows.
fn multisets_up_to(total: u128) -> Option<u64> {
    // The sum passes u64 near a total of 410, so a larger total is past it without counting.
    const PAST_U64: usize = 600;
    let t = usize::try_from(total).ok().filter(|&t| t < PAST_U64)?;
    // p(n) by the parts allowed, one size at a time; the counts stay below 2^70 before the sum
    // passes u64 (p(600) is about 4.6e23), so u128 holds every one exactly.
    let mut p = vec![0u128; t + 1];
    p[0] = 1;
    for part in 1..=t {
        for n in part..=t {
            p[n] += p[n - part];
        }
    }
    u64::try_from(p.iter().sum::<u128>()).ok()
}

/// A true upper bound on the canonical states a misère sum with take-and-break heaps can reach,
/// or `None` when it is past u64. Heaps of different rulesets never mix, so the bound is the
/// product over the rulesets: for a splitting ruleset the multisets of heaps whose total is at
/// most its heaps' total ([`multisets_up_to`]), for the others the product of (heap + 1), as
/// each of their heaps only shrinks.
fn split_sum_bound(cs: &[Component]) -> Option<u64> {
    let mut seen: Vec<&Ruleset> = vec![];
    let mut bound: u64 = 1;
    for c in cs {
        if seen.contains(&&c.ruleset) {
            continue;
        }
        seen.push(&c.ruleset);
        let heaps = cs.iter().filter(|d| d.ruleset == c.ruleset).map(|d| d.heap);
        let states = if c.ruleset.splits() {
            multisets_up_to(heaps.map(u128::from).sum())?
        } else {
            heaps.collect::<Vec<u64>>().iter().try_fold(1u64, |acc, &h| acc.checked_mul(h.checked_add(1)?))?
        };
        bound = bound.checked_mul(states)?;
    }
    Some(bound)
}
