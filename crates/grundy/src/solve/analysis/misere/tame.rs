//! Misère sums of Nim, K-Nim, Bash and subtraction heaps by Conway's genus theory of tame
//! games, when every heap is proven tame.

use crate::engine::Method;
use crate::error::AnalyzeError;
use crate::game::convention::Outcome;
use crate::game::{Component, Move};
use crate::rules::nim::{nim_sum, BalanceTable};
use crate::rules::Ruleset;

use super::super::listing::{replaced, Listing};
use super::super::AnalyzeOptions;
use super::Attempt;
use crate::rules::analysis::blank;

/// A misère sum of Nim, K-Nim, Bash and subtraction heaps by Conway's genus theory of tame
/// games (see `engine/tame.rs`), when every heap is proven tame: the outcome from the heaps'
/// values and classes, and every winning move by checking each option of each heap against the
/// rule (at most |S| or K options a heap, or for Nim heaps only the two values that could
/// win). Not applicable with the sentence saying why (or none when no heap's ruleset is one
/// it covers), for the search's explanation to say.
pub(super) fn misere_tame_sum(cs: &[Component], options: &AnalyzeOptions) -> Result<Attempt, AnalyzeError> {
    use crate::engine::{tame_sum_wins, TameClass, TameHeaps};
    let mut tables: Vec<(&Ruleset, TameHeaps)> = vec![];
    for c in cs {
        if tables.iter().any(|(r, _)| *r == &c.ruleset) {
            continue;
        }
        match TameHeaps::new(&c.ruleset, options.budget) {
            Ok(Some(t)) => tables.push((&c.ruleset, t)),
            Ok(None) => return Ok(Attempt::NotApplicable(None)),
            Err(AnalyzeError::Stopped(s)) => return Err(s.into()),
            Err(e) => {
                return Ok(Attempt::NotApplicable(Some(format!(
                    "Conway's genus theory of tame games was not applied: the tameness of {}'s heaps could not be settled ({e}).",
                    c.ruleset
                ))))
            }
        }
    }
    let table = |r: &Ruleset| tables.iter().find(|(q, _)| *q == r).map(|(_, t)| t);
    let mut classes: Vec<TameClass> = Vec::with_capacity(cs.len());
    for (i, c) in cs.iter().enumerate() {
        match table(&c.ruleset).and_then(|t| t.class(c.heap)) {
            Some(k) => classes.push(k),
            None => {
                return Ok(Attempt::NotApplicable(Some(format!(
                    "Conway's genus theory of tame games was not applied: heap {} ({} of {}) is not proven tame (its genus, or that of a heap it can reach, is not that of a Nim heap, or it lacks a move the theory's proof needs), so the rule of misère Nim may not hold for this sum.",
                    i + 1,
                    c.heap,
                    c.ruleset
                ))))
            }
        }
    }
    let wins = tame_sum_wins(classes.iter().copied());
    let values: Vec<u64> = classes.iter().map(|k| k.value).collect();
    let x = nim_sum(&values);
    let heaps: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    let mut a = blank(Outcome::from_win(wins), Method::MisereRule);
    a.heap_values = Some(values.clone());
    let listing = Listing::new(heaps.len());
    if wins {
        let firm = classes.iter().filter(|k| !k.fickle).count();
        for (i, c) in cs.iter().enumerate() {
            let Some(t) = table(&c.ruleset) else { continue };
            let k = classes[i];
            // The rest of the sum; a move must leave a total value of 0 or 1 to be lost.
            let rest = x ^ k.value;
            let others_firm = firm - usize::from(!k.fickle);
            for to in t.candidate_moves(c.heap, &[rest, rest ^ 1]) {
                let Some(after) = t.class(to) else { continue };
                let all_fickle = others_firm == 0 && after.fickle;
                let y = rest ^ after.value;
                let lost = if all_fickle { y == 1 } else { y == 0 };
                if lost {
                    let text = c.ruleset.describe_move(i + 1, c.heap, &[to]);
                    listing.record(&mut a, Move::new(i, vec![to]), text, || replaced(&heaps, i, &[to]));
                }
            }
        }
    }
    listing.finish(&mut a);
    let all_fickle = classes.iter().all(|k| k.fickle);
    let e = &mut a.explanation;
    e.push("Under misère play (the last player to move loses) the heaps' Sprague-Grundy values alone do not decide a sum; here Conway's genus theory of tame games does (On Numbers and Games, chapter 12).".into());
    e.push("The genus of a heap is its normal value g with the misère Grundy values of the heap plus 0, 1, 2, ... heaps of 2. A heap is tame when it and every heap it can reach have the genus of a Nim heap: 0^{120} or 1^{031} (fickle: it plays like a Nim heap of 0 or 1) or g^{g,g⊕2} (firm: like a Nim heap of g at least 2), with the moves the theorem's proof needs. Every heap here was proven tame from a table of genera whose period a repeated window proves.".into());
    e.push("For a misère sum of tame heaps the rule of misère Nim holds: when every heap is fickle the player to move wins exactly when the XOR of the values is 0; when some heap is firm, exactly when it is not 0.".into());
    let mut noted: Vec<&Ruleset> = vec![];
    for c in cs {
        if noted.contains(&&c.ruleset) {
            continue;
        }
        noted.push(&c.ruleset);
        if let Some(p) = table(&c.ruleset).and_then(TameHeaps::period) {
            e.push(format!(
                "{}: values and genera repeat with period {} from n = {} (each depends only on the max(S) heaps before it, so the first repeated window proves it).",
                c.ruleset, p.period, p.preperiod
            ));
        } else if !c.ruleset.is_nim() {
            e.push(format!("{}: a heap of n plays as the Nim heap of n mod (K + 1): a heap of at most K has that Nim heap's moves, and a larger one has options of every other residue, which gives it the same genus and the moves the proof needs.", c.ruleset));
        }
    }
    // The heaps one line each while they are few, so the explanation stays short for many.
    const SHOWN: usize = 20;
    for (i, (c, k)) in cs.iter().zip(&classes).enumerate().take(SHOWN) {
        e.push(format!(
            "heap {}: size {} -> g = {}, genus {} ({})",
            i + 1,
            c.heap,
            k.value,
            k.genus(),
            if k.fickle { "fickle" } else { "firm" }
        ));
    }
    if cs.len() > SHOWN {
        e.push(format!("... and {} more heaps.", cs.len() - SHOWN));
    }
    e.push(format!(
        "{} and the XOR of the values is {x}, so the player to move {}.",
        if all_fickle { "Every heap is fickle" } else { "Some heap is firm" },
        if wins { "wins" } else { "loses" }
    ));
    if wins {
        e.push(
            "A winning move leaves a sum the rule calls lost: every option of every heap is checked against it.".into(),
        );
    }
    a.balance = Some(BalanceTable::new(&values));
    Ok(Attempt::Answer(Box::new(a)))
}
