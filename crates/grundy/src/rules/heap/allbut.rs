//! All-but subtraction games (`allbut:S`): take any positive number of objects except the
//! sizes in the set. The all-but engine computes their values (the K-L-Nim problem's closed
//! form for one excluded size, else a table whose period an induction proves).

use std::fmt;

use crate::error::ParseGameError;
use crate::rules::catalogue::GameKind;
use crate::rules::heap::{move_set_arg, HeapFamily, HeapRule, MisereSource, Ruleset, ValueSource};
use crate::rules::move_set::MoveSet;

/// Take any positive number of objects except the sizes in the set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AllBut(pub MoveSet);

/// All-but games in the registry.
pub const FAMILY: HeapFamily = HeapFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "allbut:S",
    name: "an all-but subtraction game",
    a_move: "take any positive number except those in S",
    example_game: "allbut:3",
    example_position: "1000000000000 77",
    heap_ruleset: true,
    move_syntax:
        "`HEAP TAKE` takes TAKE objects (any number not in S) from heap HEAP; `HEAP -> LEFT` leaves LEFT in it",
    example_move: "2 4",
}];

fn parse(name: &str, arg: Option<&str>, whole: &str) -> Option<Result<Ruleset, ParseGameError>> {
    (name == "allbut").then(|| {
        move_set_arg(whole, arg, "allbut:S, e.g. allbut:3").map(Ruleset::all_but)
    })
}

impl fmt::Display for AllBut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "allbut:{}", self.0)
    }
}

impl HeapRule for AllBut {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        (1..=n).filter(|take| !self.0.contains(*take)).for_each(|take| f(&[n - take]))
    }

    fn rules_sentence(&self) -> String {
        format!("A move takes any positive number of objects from one heap except {}.", self.0.words(" or "))
    }

    fn value_source(&self) -> ValueSource<'_> {
        ValueSource::AllBut(&self.0)
    }

    fn misere_source(&self) -> MisereSource<'_> {
        MisereSource::AllBut(&self.0)
    }

    fn parameters(&self) -> Vec<(&'static str, u64)> {
        if self.0.count() == 1 {
            vec![("K", MoveSet::max(&self.0))]
        } else {
            vec![]
        }
    }

    fn check_take(&self, _n: u64, take: u64) -> Option<Result<(), String>> {
        Some(if self.0.contains(take) {
            Err(format!("taking exactly {take} is not allowed in {self}"))
        } else {
            Ok(())
        })
    }

    fn smallest_take(&self, n: u64) -> Option<Option<u64>> {
        // The excluded set is finite, so the search ends within |S| + 1 steps.
        Some((1..=n).find(|&t| !self.0.contains(t)))
    }
}
