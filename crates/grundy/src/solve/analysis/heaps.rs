//! Sums of heaps under normal play: Bouton's theorem for Nim, and the Sprague-Grundy theorem
//! (the XOR of the heaps' values) for every other heap rule, with every winning move found from
//! the values each heap must reach. Misère sums go to [`super::misere`].

use crate::engine::heap::{solvers_for, HeapSolver};
use crate::engine::Method;
use crate::error::{AnalyzeError, GaveUp, Work};
use crate::game::convention::{Convention, Outcome};
use crate::game::Component;
use crate::rules::nim::{balance_sentences, nim_sum, BalanceTable};
use crate::rules::Ruleset;

use super::listing::{skipped_heaps, Listing};
use super::misere::misere_sum;
use super::AnalyzeOptions;
use crate::rules::analysis::{blank, Analysis, EXPLAINED_MOVES};

/// A sum of heaps: under normal play by the heaps' values, under misère play by the first of
/// the misère strategies that answers.
pub(super) fn sum(cs: &[Component], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    match options.convention {
        // `analyze` sends Every-SG to its own module; one game alone under it is normal play.
        Convention::Normal | Convention::Every => sum_normal(cs, options),
        Convention::Misere => misere_sum(cs, options),
    }
}

/// A table's refusal with its need raised to what listing the winning moves then looks at
/// without a period (the same budget bounds both kinds of work): so that the budget advised is
/// enough for the whole answer, not only for its table.
fn with_listing_need(e: AnalyzeError, cs: &[Component]) -> AnalyzeError {
    match e {
        AnalyzeError::GaveUp(mut g @ GaveUp { what: Work::SplitTable | Work::ThreeHeapTable, needed: Some(_), .. }) => {
            let listing = cs
                .iter()
                .filter_map(|c| c.ruleset.split_rules().map(|r| r.option_count(c.heap)))
                .fold(0u64, u64::saturating_add);
            g.needed = g.needed.map(|n| n.max(listing));
            AnalyzeError::GaveUp(g)
        }
        e => e,
    }
}

/// A sum under normal play by the Sprague-Grundy theorem (Bouton's for Nim): the XOR of the
/// heaps' values, and every winning move from the value each heap must reach, within the budget.
fn sum_normal(cs: &[Component], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    let solvers = solvers_for(cs, options.budget, options.stored).map_err(|e| with_listing_need(e, cs))?;
    let values = cs
        .iter()
        .map(|c| {
            solvers[&c.ruleset].value(c.heap).ok_or_else(|| {
                AnalyzeError::Unsupported(format!("no value is known for heap {} of {}", c.heap, c.ruleset))
            })
        })
        .collect::<Result<Vec<u64>, _>>()?;
    let x = nim_sum(&values);
    let heaps: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    let all_nim = cs.iter().all(|c| c.ruleset.is_nim());
    // The least direct of the heaps' methods names the whole answer.
    let method = solvers.values().map(HeapSolver::method).max().unwrap_or(Method::ClosedForm);
    let mut a = blank(Outcome::from_win(x != 0), method);
    a.sg = Some(x);
    a.heap_values = Some(values.clone());
    let table = BalanceTable::new(&values);

    let listing = Listing::new(heaps.len());
    // The options walked over every heap together are held to the budget too, so that many
    // large take-and-break heaps cannot add up to unbounded work.
    let mut examined_left = Work::MovesExamined.clamp(options.budget);
    // What listing every heap's moves looks at, so that a heap left out names the budget that
    // lists them all, not only the heaps up to it.
    let examined_in_all =
        cs.iter().map(|c| solvers[&c.ruleset].options_examined(c.heap)).fold(0u64, u64::saturating_add);
    let mut skipped: Vec<(usize, String)> = vec![];
    if x != 0 {
        for (i, c) in cs.iter().enumerate() {
            let target = values[i] ^ x;
            let cost = solvers[&c.ruleset].options_examined(c.heap);
            if cost > examined_left {
                let held = Work::MovesExamined.clamp(options.budget);
                let g = GaveUp { what: Work::MovesExamined, used: held, needed: Some(examined_in_all) };
                a.listing_budget = a.listing_budget.max(g.suggested_budget());
                skipped.push((i, format!("listing them looks at {cost} moves, past what is left of the budget: {g}")));
                continue;
            }
            examined_left -= cost;
            // A heap with more options than the budget: the outcome and value stand, the moves
            // in that heap are said to be left out rather than listed in part.
            let families = match solvers[&c.ruleset].winning_families(c.heap, target) {
                Ok(families) => families,
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

    let e = &mut a.explanation;
    if !options.explain {
        // Nothing to say: the caller asked for the answer alone.
    } else if all_nim {
        e.push(
            "Nim (Bouton's theorem): write each heap in binary, one row per heap and one column per power of two."
                .into(),
        );
        e.extend(table.render_lines());
        e.extend(balance_sentences(&table, "heaps", true));
        for m in a.winning_moves.iter().take(EXPLAINED_MOVES) {
            let (i, to) = (m.mv.heap, m.mv.to[0]);
            let from = heaps[i];
            e.push(format!(
                "Heap {}: {} xor {} = {} < {}, so take {} = {} - ({} xor {}) ({} -> {}).",
                i + 1,
                from,
                x,
                to,
                from,
                from - to,
                from,
                x,
                from,
                from,
                to
            ));
        }
    } else {
        e.push("Each heap is a game of its own; by the Sprague-Grundy theorem the position is worth the XOR of the heaps' values, and the player to move wins exactly when it is not 0.".into());
        let mut noted: Vec<&Ruleset> = vec![];
        for c in cs {
            if !noted.contains(&&c.ruleset) {
                noted.push(&c.ruleset);
                e.push(format!("{}: {}.", c.ruleset, solvers[&c.ruleset].method_note()));
            }
        }
        for (i, c) in cs.iter().enumerate() {
            e.push(format!("heap {}: size {} -> G = {}", i + 1, c.heap, values[i]));
        }
        e.push("The values as a Nim position (the binary balance table of Bouton's theorem):".into());
        e.extend(table.render_lines());
        e.extend(balance_sentences(&table, "values", false));
        if x != 0 {
            e.push(format!(
                "A winning move takes one heap from value g to g xor {x}; in these games that can also be a larger value, so every option of every heap is considered."
            ));
            for m in a.winning_moves.iter().take(EXPLAINED_MOVES) {
                let g = values[m.mv.heap];
                e.push(format!("{}: value {} -> {}.", m.text, g, g ^ x));
            }
            if a.winning_families.iter().any(|f| f.family.count > 1) {
                e.push("Past its pre-period a heap's values repeat with the proven period p, so once both heaps of a split a + (m - a) lie past it (a at least the pre-period, and a <= m - a), the split's value depends only on a modulo p: each family is one residue class of a whose splits reach the value needed, and only the splits with a in the pre-period are looked at one by one.".into());
            }
        }
    }
    let explained = a.winning_moves.len().min(EXPLAINED_MOVES) as u128;
    let known: u128 = a.winning_families.iter().map(|f| u128::from(f.family.count)).sum();
    if options.explain && x != 0 && known > explained {
        a.explanation.push(format!(
            "The other {} winning moves{} are found the same way.",
            known - explained,
            if a.moves_unknown.is_some() { " known" } else { "" }
        ));
    }
    a.balance = Some(table);
    Ok(a)
}
