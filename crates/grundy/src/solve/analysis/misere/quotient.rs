//! Misère sums of one take-and-break ruleset by Plambeck and Siegel's misère quotient: the
//! outcome from the product of the heaps' elements, the winning moves as families at any size.

use crate::engine::Method;
use crate::error::{AnalyzeError, GaveUp, Work};
use crate::game::convention::Outcome;
use crate::game::Component;

use super::super::listing::{skipped_heaps, Listing};
use super::super::AnalyzeOptions;
use super::Attempt;
use crate::rules::analysis::{blank, EXPLAINED_MOVES};

/// A misère sum of heaps of one take-and-break ruleset by Plambeck and Siegel's misère
/// quotient (`engine/quotient`), when the quotient covers every heap: proven for every heap
/// size (a period), or computed up to the largest heap. The outcome is whether the product of
/// the heaps' elements lies in the P-portion; the winning moves are the options of each heap
/// whose element, times the rest of the product, lies in it, as families at any size. Not
/// applicable, with a sentence for the explanation, when the quotient does not cover the
/// position (with none when no quotient applies: another ruleset, or a mix).
pub(super) fn misere_quotient_sum(cs: &[Component], options: &AnalyzeOptions) -> Result<Attempt, AnalyzeError> {
    let Some(first) = cs.first() else { return Ok(Attempt::NotApplicable(None)) };
    if first.ruleset.split_rules().is_none() || cs.iter().any(|c| c.ruleset != first.ruleset) {
        return Ok(Attempt::NotApplicable(None));
    }
    let Some(q) = options.quotients.quotient(&first.ruleset)? else { return Ok(Attempt::NotApplicable(None)) };
    let Some(elements) = cs.iter().map(|c| q.element(c.heap)).collect::<Option<Vec<u32>>>() else {
        let largest = cs.iter().map(|c| c.heap).max().unwrap_or(0);
        return Ok(Attempt::NotApplicable(Some(format!(
            "Plambeck and Siegel's misère quotient of {} was not used: it was computed for the heaps up to {} (it stopped because {}), not for a heap of {largest}.",
            first.ruleset,
            q.computed_upto(),
            q.stop()
        ))));
    };
    let n = elements.len();
    let product = q.product(&elements);
    let wins = !q.is_p(product);
    let heaps: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    let mut a = blank(Outcome::from_win(wins), Method::MisereQuotient);
    let listing = Listing::new(heaps.len());
    let mut skipped: Vec<(usize, String)> = vec![];
    if wins {
        // prefix[i] * suffix[i + 1]: the product of every heap but heap i.
        let mut prefix = vec![0u32; n + 1];
        for i in 0..n {
            prefix[i + 1] = q.product(&[prefix[i], elements[i]]);
        }
        let mut suffix = vec![0u32; n + 1];
        for i in (0..n).rev() {
            suffix[i] = q.product(&[elements[i], suffix[i + 1]]);
        }
        let mut examined_left = Work::MovesExamined.clamp(options.budget);
        let mut done: Vec<(u64, u32)> = vec![];
        for (i, c) in cs.iter().enumerate() {
            let rest = q.product(&[prefix[i], suffix[i + 1]]);
            let cost = q.options_examined(c.heap);
            if cost > examined_left {
                let held = Work::MovesExamined.clamp(options.budget);
                let g = GaveUp { what: Work::MovesExamined, used: held, needed: None };
                skipped.push((i, format!("listing them looks at {cost} moves, past what is left of the budget: {g}")));
                continue;
            }
            // Equal heaps with the same rest have the same moves: looked at once.
            if !done.contains(&(c.heap, rest)) {
                examined_left -= cost;
                done.push((c.heap, rest));
            }
            let families = match q.option_families(c.heap, &|z| q.is_p(q.product(&[rest, z])), examined_left) {
                Ok(f) => f,
                Err(g) => {
                    a.listing_budget = a.listing_budget.max(g.suggested_budget());
                    skipped.push((i, g.to_string()));
                    continue;
                }
            };
            listing.list_families(&mut a, &c.ruleset, &heaps, i, families);
        }
    }
    listing.finish(&mut a);
    a.moves_unknown = skipped_heaps(cs, &skipped);
    if options.explain {
        let e = &mut a.explanation;
        e.push("Under misère play (the last player to move loses) the heaps' Sprague-Grundy values do not decide a sum; Plambeck and Siegel's misère quotient does: each heap size n pretends to be an element Φ(n) of a finite commutative monoid Q, a sum pretends to be the product of its heaps' elements, and the player to move loses exactly when that product lies in the P-portion P of Q.".into());
        let p: Vec<String> = q.p_portion().iter().map(|&x| q.name(x)).collect();
        let rels: Vec<String> = q.relations().into_iter().map(|(l, r)| format!("{l} = {r}")).collect();
        let gens: Vec<String> = q.generators().iter().map(|g| format!("{} (heap {})", g.name, g.heap)).collect();
        e.push(if gens.is_empty() {
            format!(
                "{}: Q is the trivial monoid {{1}}: no heap up to {} has a move, so every sum is the empty game, which the player to move wins under misère play; P is empty.",
                first.ruleset,
                q.computed_upto()
            )
        } else {
            format!(
                "{}: Q has {} elements, generated by {} with the relations {}; P = {{{}}}.",
                first.ruleset,
                q.order(),
                gens.join(", "),
                if rels.is_empty() { "none".to_string() } else { rels.join(", ") },
                p.join(", ")
            )
        });
        e.push(match q.period() {
            Some(per) => format!(
                "Proven for every heap size: each sum of heaps up to {} was proven to play as its product (every product in P has no option in P, every other one with a move has one), and Φ repeats with period {} from heap {} over the window the periodicity theorem for misère quotients asks, so every larger heap plays as the heap a whole number of periods below it.",
                q.computed_upto(),
                per.period,
                per.preperiod
            ),
            None => format!(
                "Proven for every sum of heaps up to {} (every product in P has no option in P, every other one with a move has one), which covers this position; no period is proven yet, so larger heaps are not covered.",
                q.computed_upto()
            ),
        });
        const SHOWN: usize = 20;
        for (i, c) in cs.iter().enumerate().take(SHOWN) {
            let x = elements[i];
            let via = match q.representative(c.heap) {
                Some(r) if r != c.heap => format!(", as heap {r}, a whole number of periods below"),
                _ => String::new(),
            };
            e.push(format!("heap {}: size {} -> Φ = {}{via}", i + 1, c.heap, q.name(x)));
        }
        if cs.len() > SHOWN {
            e.push(format!("(and {} more heaps)", cs.len() - SHOWN));
        }
        let factors: Vec<String> = elements.iter().take(SHOWN).map(|&x| q.name(x)).collect();
        e.push(format!(
            "The product {}{} = {}, which {} in P: the player to move {}.",
            factors.join(" · "),
            if cs.len() > SHOWN { " · ..." } else { "" },
            q.name(product),
            if wins { "is not" } else { "is" },
            if wins {
                "wins"
            } else {
                "loses (every move leaves a product outside P, from which the opponent moves back into P)"
            }
        ));
        if wins {
            e.push("A winning move changes one heap so that the new product lies in P:".into());
            for m in a.winning_moves.iter().take(EXPLAINED_MOVES) {
                let x =
                    m.mv.to
                        .iter()
                        .filter(|&&h| h > 0)
                        .filter_map(|&h| q.element(h))
                        .fold(0, |acc, y| q.product(&[acc, y]));
                let rest: Vec<u32> =
                    elements.iter().enumerate().filter(|&(j, _)| j != m.mv.heap).map(|(_, &y)| y).collect();
                let after = q.product(&[q.product(&rest), x]);
                e.push(format!("{}: the heap becomes {}, the product {}, in P.", m.text, q.name(x), q.name(after)));
            }
            if a.winning_families.iter().any(|f| f.family.count > 1) {
                e.push("Past the pre-period the elements repeat with the period p, so once both heaps of a split a + (m - a) lie past it, the split's element depends only on a modulo p: each family is one residue class of a whose splits bring the product into P.".into());
            }
        }
    }
    Ok(Attempt::Answer(Box::new(a)))
}
