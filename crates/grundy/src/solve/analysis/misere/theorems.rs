//! The misère strategies that a theorem states outright: Bouton's rule for misère Nim, one heap
//! whose misère outcomes repeat with a proven period, and the SJ theorem for sums whose games
//! of value 0 are over. Each answers at any size, without a search.

use crate::engine::heap::solvers_for;
use crate::engine::{Method, MisereHeaps};
use crate::error::AnalyzeError;
use crate::game::convention::Outcome;
use crate::game::{Component, Move};
use crate::rules::nim::{misere_nim_explanation, misere_nim_winning_moves, misere_nim_wins, BalanceTable};
use crate::rules::Ruleset;

use super::super::listing::{join, replaced, Listing};
use super::super::AnalyzeOptions;
use super::Attempt;
use crate::rules::analysis::{blank, Analysis, WinningMove};

/// Misère Nim by Bouton's rule, when every heap is a Nim heap.
pub(super) fn bouton(cs: &[Component], options: &AnalyzeOptions) -> Result<Attempt, AnalyzeError> {
    if !cs.iter().all(|c| c.ruleset.is_nim()) {
        return Ok(Attempt::NotApplicable(None));
    }
    Ok(Attempt::Answer(Box::new(misere_nim(
        &cs.iter().map(|c| c.heap).collect::<Vec<_>>(),
        |i, from, to| Ruleset::nim().describe_move(i + 1, from, &[to]),
        "heap",
        options.explain,
    ))))
}

/// Misère Nim on `heaps` by its rule; `describe` words a move of heap i from `from` to `to`.
/// The explanation (a balance table row per heap, most of the time of 10^5 heaps) is written
/// only when `explain` asks for it.
fn misere_nim(heaps: &[u64], describe: impl Fn(usize, u64, u64) -> String, noun: &str, explain: bool) -> Analysis {
    let wins = misere_nim_wins(heaps);
    let mut a = blank(Outcome::from_win(wins), Method::MisereRule);
    if explain {
        a.explanation = misere_nim_explanation(heaps, noun);
    }
    let listing = Listing::new(heaps.len());
    for (i, to) in misere_nim_winning_moves(heaps) {
        listing.record(&mut a, Move::new(i, vec![to]), describe(i, heaps[i], to), || replaced(heaps, i, &[to]));
    }
    listing.finish(&mut a);
    a.balance = Some(BalanceTable::new(heaps));
    a
}

/// A misère position with one non-empty heap of Nim, K-Nim, the Bash game or a subtraction
/// game: its outcome from the single-heap outcomes, whose period is proven, so it is exact at
/// any size. Not applicable to any other position (sums of several heaps go to the later
/// strategies).
pub(super) fn misere_single_heap(cs: &[Component], options: &AnalyzeOptions) -> Result<Attempt, AnalyzeError> {
    let mut non_empty = cs.iter().enumerate().filter(|(_, c)| c.heap > 0);
    let (Some((i, c)), None) = (non_empty.next(), non_empty.next()) else {
        return Ok(Attempt::NotApplicable(None));
    };
    if c.ruleset.is_nim() {
        return Ok(Attempt::NotApplicable(None));
    }
    let Some(heaps) = MisereHeaps::new(&c.ruleset, options.budget)? else {
        return Ok(Attempt::NotApplicable(None));
    };
    let n = c.heap;
    let wins = heaps.mover_wins(n);
    let mut a = blank(Outcome::from_win(wins), heaps.method());
    let all: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    // An emptied heap is left as a heap of 0, as `Ruleset::for_each_option` gives it; the takes
    // of a range come as families, listed one by one while the list has room.
    let listing = Listing::new(all.len());
    listing.list_families(&mut a, &c.ruleset, &all, i, heaps.winning_families(n));
    listing.finish(&mut a);
    let others = if cs.len() > 1 { " (every other heap is empty)" } else { "" };
    a.explanation = vec![
        format!(
            "Under misère play (the last player to move loses) one heap of {} decides the position{others}.",
            c.ruleset
        ),
        heaps.reason(),
        format!(
            "A heap of {n} is {} for the player to move{}.",
            if wins { "won" } else { "lost" },
            if wins {
                ": each winning move leaves a lost heap"
            } else {
                ": every move leaves a heap the opponent wins"
            }
        ),
    ];
    Ok(Attempt::Answer(Box::new(a)))
}

/// Misère sums by the SJ theorem (Jia Zhihao, 2009, for anti-SG games): when every position of
/// every single game with value 0 is over, the player to move wins a misère sum exactly when
/// (the nim-sum is not 0 and some game has value above 1) or (the nim-sum is 0 and no game has
/// value above 1). For heaps that never split, the positions of a heap's game are the smaller
/// heaps, so the condition is checked on every heap size up to the largest (Nim holds it at any
/// size: only the empty heap has value 0). Not applicable when it does not apply or cannot be
/// checked within the budget; the tests check the rule against exhaustive search.
pub(super) fn misere_sj(cs: &[Component], options: &AnalyzeOptions) -> Result<Attempt, AnalyzeError> {
    if cs.iter().any(|c| c.ruleset.splits()) || cs.iter().all(|c| c.ruleset.is_nim()) {
        return Ok(Attempt::NotApplicable(None));
    }
    // Values out of the budget's reach leave the other methods to answer (or refuse).
    let Ok(solvers) = solvers_for(cs, options.budget, options.stored) else { return Ok(Attempt::NotApplicable(None)) };
    for (r, solver) in &solvers {
        if r.is_nim() {
            continue;
        }
        let largest = cs.iter().filter(|c| &c.ruleset == *r).map(|c| c.heap).max().unwrap_or(0);
        if largest > options.budget {
            return Ok(Attempt::NotApplicable(None));
        }
        for m in 1..=largest {
            // A subtraction heap has a move once it reaches the smallest size (its options,
            // a range of 10^9 sizes, are not walked).
            let has_move = match r.smallest_take(m) {
                Some(take) => take.is_some(),
                None => {
                    let mut has_move = false;
                    r.for_each_option(m, &mut |_| has_move = true);
                    has_move
                }
            };
            if has_move && solver.value(m) == Some(0) {
                return Ok(Attempt::NotApplicable(None));
            }
        }
    }
    let Some(values) = cs.iter().map(|c| solvers[&c.ruleset].value(c.heap)).collect::<Option<Vec<u64>>>() else {
        return Ok(Attempt::NotApplicable(None));
    };
    let x = values.iter().fold(0, |a, v| a ^ v);
    let big = values.iter().any(|&v| v > 1);
    let wins = (x != 0 && big) || (x == 0 && !big);
    let mut a = blank(Outcome::from_win(wins), Method::MisereRule);
    a.heap_values = Some(values.clone());
    a.explanation = vec![
        "The SJ theorem (Jia Zhihao, 2009) for anti-SG games, where the last player to move loses: when every position of every single game with Sprague-Grundy value 0 is over, the player to move wins exactly when the nim-sum is not 0 and some game has value above 1, or the nim-sum is 0 and no game has value above 1.".into(),
        "It applies here: no heap of these rulesets with value 0 has a move (checked for every heap size up to the largest), and heaps never split.".into(),
        format!(
            "Here the values are {} (nim-sum {x}) and {} above 1: the player to move {}.",
            join(&values, ", "),
            if big { "some are" } else { "none is" },
            if wins { "wins" } else { "loses" }
        ),
    ];
    if !wins {
        return Ok(Attempt::Answer(Box::new(a)));
    }
    let all: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    for (i, c) in cs.iter().enumerate() {
        let rest = x ^ values[i];
        let others_big = values.iter().enumerate().any(|(j, &v)| j != i && v > 1);
        // The values this heap may go to so that the opponent faces a lost sum.
        let targets: Vec<u64> = if others_big {
            vec![rest]
        } else {
            let mut t: Vec<u64> = [0, 1].into_iter().filter(|&v| rest ^ v != 0).collect();
            if rest > 1 {
                t.push(rest);
            }
            t
        };
        let solver = &solvers[&c.ruleset];
        for t in targets {
            for f in solver.winning_families(c.heap, t)? {
                for mv in f.members() {
                    let mv = Move { heap: i, ..mv };
                    a.winning_moves.push(WinningMove {
                        value: None,
                        result_tokens: None,
                        leaves: vec![],
                        text: c.ruleset.describe_move(i + 1, c.heap, &mv.to),
                        result: replaced(&all, i, &mv.to),
                        mv,
                    });
                }
            }
        }
    }
    a.winning_moves.sort_by(|p, q| p.mv.cmp(&q.mv));
    Ok(Attempt::Answer(Box::new(a)))
}
