//! Nim: take any positive number of objects from one heap. Its values are the heap sizes
//! (Bouton's theorem), and its misère play follows Bouton's misère rule.

use std::fmt;

use crate::error::ParseGameError;
use crate::rules::catalogue::GameKind;
use crate::rules::heap::{no_parameter, HeapFamily, HeapRule, MisereSource, Ruleset, ValueSource};
use crate::rules::nim::{BalanceWords, ValueWords};
use crate::values::Period;

/// Nim's rule: a heap of n may become any smaller heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nim;

/// Nim in the registry.
pub const FAMILY: HeapFamily = HeapFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "nim",
    name: "Nim",
    a_move: "take one or more objects from one heap",
    example_game: "nim",
    example_position: "7 9 12 15",
    heap_ruleset: true,
    move_syntax: "`HEAP TAKE` takes TAKE objects from heap HEAP; `HEAP -> LEFT` leaves LEFT in it",
    example_move: "3 5",
}];

fn parse(name: &str, arg: Option<&str>, whole: &str) -> Option<Result<Ruleset, ParseGameError>> {
    (name == "nim").then(|| match arg {
        None => Ok(Ruleset::nim()),
        Some(_) => Err(no_parameter(name, whole)),
    })
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("nim")
    }
}

impl HeapRule for Nim {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        (0..n).rev().for_each(|m| f(&[m]))
    }

    fn rules_sentence(&self) -> String {
        "A move takes one or more objects from one heap.".to_string()
    }

    fn value_source(&self) -> ValueSource<'_> {
        ValueSource::ClosedForm
    }

    fn value(&self, n: u64) -> Option<u64> {
        Some(n)
    }

    fn value_period(&self) -> Option<Period> {
        Some(Period { preperiod: 0, period: 1, saltus: 1 })
    }

    fn value_note(&self) -> String {
        "a Nim heap is worth its size: G(n) = n".to_string()
    }

    fn moves_to(&self, n: u64, target: u64) -> Vec<u64> {
        (target < n).then_some(target).into_iter().collect()
    }

    fn misere_source(&self) -> MisereSource<'_> {
        MisereSource::Bouton
    }

    fn check_take(&self, _n: u64, _take: u64) -> Option<Result<(), String>> {
        Some(Ok(()))
    }

    fn smallest_take(&self, n: u64) -> Option<Option<u64>> {
        Some((n >= 1).then_some(1))
    }

    /// Bouton's theorem on the heaps themselves: a winning move takes the difference.
    fn value_words(&self) -> ValueWords {
        ValueWords {
            label: "Heap values",
            balance: BalanceWords { title: "Binary balance table", rows: "heaps", row: "heap", moves: "take" },
        }
    }
}
