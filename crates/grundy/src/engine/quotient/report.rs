//! [`QuotientReport`]: a misère quotient as data, the object `grundy quotient --json` prints.
//! The library builds it, so the front ends serialise it and add nothing.

use serde::Serialize;

use super::MisereQuotient;

/// A misère quotient (Plambeck and Siegel) as data: what `grundy quotient --json` prints,
/// built by [`MisereQuotient::report`]. Elements are named by their normal forms in the
/// generators (`1`, `a`, `ab^2`).
///
/// The fields are declared in alphabetical order, and so are those of the small records
/// below: the object was first printed through `serde_json::Value`, whose maps sort their keys,
/// and its bytes stay the same.
///
/// ```
/// use grundy::{QuotientBuilder, Ruleset};
/// let q = QuotientBuilder::new(&"octal:0.75".parse::<Ruleset>().unwrap()).build().unwrap();
/// let r = q.report();
/// assert_eq!((r.order, r.p_portion.len(), r.proven), (8, 2, true));
/// assert_eq!(r.elements.first().map(String::as_str), Some("1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientReport {
    /// The largest heap computed.
    pub computed_upto: u64,
    /// Every element, as its normal form.
    pub elements: Vec<String>,
    /// Whether the whole game's quotient is finite: `Some(true)` when proven, `None` when not
    /// known ([`MisereQuotient::finite`]).
    pub finite: Option<bool>,
    /// The game, as named (`octal:0.75`, `kayles`).
    pub game: String,
    /// The generators, in the order of the heaps that first pretend to be them.
    pub generators: Vec<GeneratorReport>,
    /// The heaps where the quotient grew, with its order after each.
    pub growth: Vec<GrowthReport>,
    /// The number of elements.
    pub order: usize,
    /// The elements of the P-portion: a sum of heaps is lost for the player to move exactly
    /// when the product of its heaps' elements lies in it.
    pub p_portion: Vec<String>,
    /// The pretending function's period, when the periodicity theorem for misère quotients
    /// proves it.
    pub period: Option<u64>,
    /// The heap from which that period holds.
    pub preperiod: Option<u64>,
    /// The element each heap size computed pretends to be (index = heap size).
    pub pretending: Vec<String>,
    /// Whether the quotient is proven for every heap size.
    pub proven: bool,
    /// The relations of a presentation: with the generators they determine the monoid.
    pub relations: Vec<RelationReport>,
    /// Why the computation stopped, one word: `proven`, `upto`, `work`, `time`, `memory` or
    /// `not_found` ([`crate::QuotientStop::kind`]).
    pub stop_kind: String,
    /// Why the computation stopped, in words.
    pub stopped: String,
    /// Whether the quotient is misère Nim's (the game is tame: Conway's genus theory plays it).
    pub tame: bool,
    /// The trial monoids tried (candidate quotients with a new generator).
    pub trials: u64,
    /// The work done, in the units [`crate::QuotientBuilder::max_work`] bounds.
    pub work: u64,
    /// The bound on the work the computation was given.
    pub work_limit: u64,
}

/// A generator of a [`QuotientReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GeneratorReport {
    /// The first heap size whose element it is.
    pub heap: u64,
    /// Its name: a, b, c, ...
    pub name: String,
}

/// A relation of a [`QuotientReport`]'s presentation: `left = right`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RelationReport {
    /// The left side, a word such as `a^2`.
    pub left: String,
    /// The right side, a word such as `1`.
    pub right: String,
}

/// A step of a [`QuotientReport`]'s growth: after this heap the quotient has this order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GrowthReport {
    /// The heap that made the quotient grow.
    pub heap: u64,
    /// The order after it.
    pub order: usize,
}

impl MisereQuotient {
    /// The quotient as data: what `grundy quotient --json` prints.
    pub fn report(&self) -> QuotientReport {
        let names = |xs: &mut dyn Iterator<Item = u32>| xs.map(|x| self.name(x)).collect::<Vec<_>>();
        let period = self.period();
        QuotientReport {
            computed_upto: self.computed_upto(),
            elements: names(&mut (0..self.order() as u32)),
            finite: self.finite(),
            game: self.ruleset().to_string(),
            generators: self
                .generators()
                .iter()
                .map(|g| GeneratorReport { heap: g.heap, name: g.name.clone() })
                .collect(),
            growth: self.growth().iter().map(|&(heap, order)| GrowthReport { heap, order }).collect(),
            order: self.order(),
            p_portion: names(&mut self.p_portion().into_iter()),
            period: period.map(|p| p.period),
            preperiod: period.map(|p| p.preperiod),
            pretending: names(&mut self.pretending().iter().copied()),
            proven: self.proven(),
            relations: self.relations().into_iter().map(|(left, right)| RelationReport { left, right }).collect(),
            stop_kind: self.stop().kind().to_string(),
            stopped: self.stop().to_string(),
            tame: self.tame(),
            trials: self.trials(),
            work: self.proof_states(),
            work_limit: self.work_limit(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{QuotientBuilder, Ruleset};

    #[test]
    fn the_report_of_0_75_serialises_to_what_grundy_quotient_json_printed() {
        // The bytes `grundy quotient octal:0.75 --json` printed when the command built its JSON
        // itself through serde_json::json! (keys sorted), with what issue 51 added: `stop_kind`,
        // `trials`, no work bound by default, and the work of the proofs read from rows of bits
        // and kept between heaps, and the least failing sum looked for (issue 51).
        let q = QuotientBuilder::new(&"octal:0.75".parse::<Ruleset>().unwrap()).build().unwrap();
        let json = serde_json::to_string(&q.report()).unwrap();
        assert_eq!(
            json,
            concat!(
                r#"{"computed_upto":21,"elements":["1","a","b","c","ab","ac","b^2","ab^2"],"finite":true,"#,
                r#""game":"octal:0.75","generators":[{"heap":1,"name":"a"},{"heap":2,"name":"b"},{"heap":5,"#,
                r#""name":"c"}],"growth":[{"heap":1,"order":2},{"heap":2,"order":6},{"heap":5,"order":8}],"#,
                r#""order":8,"p_portion":["a","b^2"],"period":2,"preperiod":8,"pretending":["1","a","b","a","#,
                r#""b","c","b","c","b","ab^2","b","ab^2","b","ab^2","b","ab^2","b","ab^2","b","ab^2","b","#,
                r#""ab^2"],"proven":true,"relations":[{"left":"a^2","right":"1"},{"left":"bc","right":"ab"},"#,
                r#"{"left":"c^2","right":"b^2"},{"left":"b^3","right":"b"}],"#,
                r#""stop_kind":"proven","#,
                r#""stopped":"the pretending function's period is proven by the periodicity theorem","#,
                r#""tame":false,"trials":3,"work":6113,"work_limit":18446744073709551615}"#,
            )
        );
    }

    #[test]
    fn an_unproven_report_says_null_where_nothing_is_known_and_keeps_its_work_limit() {
        // `grundy quotient octal:0.137 --budget 4 --json`, stopped at heap 3 (no trial monoid
        // fits 4 elements), as the command printed it before the report, the work limit aside.
        let ruleset = "octal:0.137".parse::<Ruleset>().unwrap();
        let q = QuotientBuilder::new(&ruleset).max_order(4).max_work(123_456_789).build().unwrap();
        let json = serde_json::to_string(&q.report()).unwrap();
        assert_eq!(
            json,
            concat!(
                r#"{"computed_upto":2,"elements":["1","a"],"finite":null,"game":"octal:0.137","#,
                r#""generators":[{"heap":1,"name":"a"}],"growth":[{"heap":1,"order":2}],"order":2,"#,
                r#""p_portion":["a"],"period":null,"preperiod":null,"pretending":["1","a","a"],"#,
                r#""proven":false,"relations":[{"left":"a^2","right":"1"}],"stop_kind":"not_found","#,
                r#""stopped":"at heap 3 none of "#,
                r#"the trial monoids tried (the quotient so far times cyclic monoids) gave a proven "#,
                r#"quotient of at most 4 elements","tame":true,"trials":11,"work":10843,"work_limit":123456789}"#,
            )
        );
    }
}
