//! Subtraction games (`subtraction:S`): take exactly s objects for some s in the set, a list of
//! sizes and ranges. The subtraction engine computes their values (the interval closed form
//! for one range, else a table whose period a repeated window proves).

use std::fmt;

use crate::error::ParseGameError;
use crate::rules::catalogue::GameKind;
use crate::rules::heap::{move_set_arg, HeapFamily, HeapRule, MisereSource, Ruleset, ValueSource};
use crate::rules::move_set::MoveSet;

/// Take exactly s objects for some s in the set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Subtraction(pub MoveSet);

/// Subtraction games in the registry.
pub const FAMILY: HeapFamily = HeapFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "subtraction:S",
    name: "a subtraction game",
    a_move: "take exactly s objects, s in S: sizes and ranges L..R (both ends included), e.g. 1,4..9,20",
    example_game: "subtraction:2,5",
    example_position: "999999999999999999",
    heap_ruleset: true,
    move_syntax: "`HEAP TAKE` takes TAKE objects (a size in S) from heap HEAP; `HEAP -> LEFT` leaves LEFT in it",
    example_move: "1 5",
}];

fn parse(name: &str, arg: Option<&str>, whole: &str) -> Option<Result<Ruleset, ParseGameError>> {
    (name == "subtraction").then(|| {
        let form = "subtraction:S, e.g. subtraction:1,3,5 or subtraction:4..9 (both ends included)";
        move_set_arg(whole, arg, form).map(Ruleset::subtraction)
    })
}

impl fmt::Display for Subtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "subtraction:{}", self.0)
    }
}

impl HeapRule for Subtraction {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        self.0.sizes_upto(n).for_each(|s| f(&[n - s]))
    }

    fn rules_sentence(&self) -> String {
        let s = &self.0;
        format!(
            "A move takes exactly {} object{} from one heap.",
            s.words(" or "),
            if s.runs() == [(1, 1)] { "" } else { "s" }
        )
    }

    fn option_count_bound(&self, n: u64) -> u128 {
        u128::from(self.0.count_upto(n))
    }

    fn value_source(&self) -> ValueSource<'_> {
        ValueSource::Takes(&self.0)
    }

    fn misere_source(&self) -> MisereSource<'_> {
        MisereSource::Takes(&self.0)
    }

    fn check_take(&self, _n: u64, take: u64) -> Option<Result<(), String>> {
        let s = &self.0;
        Some(if s.contains(take) { Ok(()) } else { Err(format!("only {} may be taken in {self}", s.words(", "))) })
    }

    fn smallest_take(&self, n: u64) -> Option<Option<u64>> {
        Some(Some(MoveSet::min(&self.0)).filter(|&t| t <= n))
    }

    fn random_take(&self, n: u64, below: &mut dyn FnMut(u64) -> u64) -> Option<Option<u64>> {
        if self.smallest_take(n)?.is_none() {
            return Some(None);
        }
        // smallest_take found a size up to n, so count_upto(n) >= 1.
        Some(self.0.nth(below(self.0.count_upto(n))))
    }
}
