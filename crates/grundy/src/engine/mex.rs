//! The plain mex table as an engine: the values of a heap rule that has no engine of its own
//! ([`crate::rules::heap::ValueSource::Mex`]), within a budget counted before the work.

use crate::engine::table::mex_table;
use crate::error::{AnalyzeError, GaveUp, Work};
use crate::rules::Ruleset;
use crate::values::GrundyTable;

/// The most heap sizes counted past the budget to say what a refused table needs: beyond them
/// the need is left unknown rather than counted at the cost of the table.
const NEED_COUNT_LIMIT: u64 = 1 << 24;

/// The steps of G(`n`): one for the value and one for each option the rule allows at most.
fn steps_of(ruleset: &Ruleset, n: u64) -> u64 {
    u64::try_from(ruleset.option_count_bound(n)).unwrap_or(u64::MAX).saturating_add(1)
}

/// G(0..=`max_heap`) by the plain mex table ([`mex_table`]), exact up to its end with no period
/// claimed (no theorem proves one for a rule in general). Its steps (one a value, one an option
/// by [`crate::rules::HeapRule::option_count_bound`]) are counted first: past `budget` of them
/// ([`Work::MexTable`]) it is refused before any value is computed, with the budget that is
/// enough when counting it is cheap.
///
/// ```
/// use grundy::{engine::mex::mex_table_for, Ruleset};
/// let t = mex_table_for(&Ruleset::bounded(2), 6, 1000).unwrap();
/// assert_eq!(t.values(), [0, 1, 2, 0, 1, 2, 0]);
/// assert!(t.period().is_none());
/// assert!(mex_table_for(&Ruleset::nim(), 1000, 1000).is_err());
/// ```
pub fn mex_table_for(ruleset: &Ruleset, max_heap: u64, budget: u64) -> Result<GrundyTable, AnalyzeError> {
    let budget = Work::MexTable.clamp(budget);
    let mut steps: u64 = 0;
    let mut n: u64 = 0;
    loop {
        steps = steps.saturating_add(steps_of(ruleset, n));
        if steps > budget {
            break;
        }
        if n == max_heap {
            return Ok(GrundyTable::new(mex_table(ruleset, max_heap)));
        }
        n += 1;
    }
    // Refused: count on, while cheap, for the budget that is enough.
    let last = max_heap.min(n.saturating_add(NEED_COUNT_LIMIT));
    while n < last && steps < u64::MAX {
        n += 1;
        steps = steps.saturating_add(steps_of(ruleset, n));
    }
    let needed = (n == max_heap && steps < u64::MAX).then_some(steps);
    Err(GaveUp { what: Work::MexTable, used: budget, needed }.into())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_need_of_a_refused_table_is_the_count_of_its_steps() {
        // Nim's heap n has n options: G(0..=9) takes 10 + (0 + 1 + ... + 9) = 55 steps.
        let nim = Ruleset::nim();
        assert_eq!(mex_table_for(&nim, 9, 55).unwrap().values(), (0..10).collect::<Vec<u64>>());
        let Err(AnalyzeError::GaveUp(g)) = mex_table_for(&nim, 9, 54) else { panic!() };
        assert_eq!((g.what, g.used, g.needed), (Work::MexTable, 54, Some(55)));
        // Too far to count: the need is left unknown.
        let Err(AnalyzeError::GaveUp(g)) = mex_table_for(&nim, u64::MAX, 1000) else { panic!() };
        assert_eq!(g.needed, None);
    }
}
