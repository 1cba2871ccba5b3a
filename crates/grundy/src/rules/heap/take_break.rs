//! Take-and-break games: octal codes (`octal:CODE` and the classic names, `kayles`, ...),
//! hexadecimal codes (`hex:CODE`) and Grundy's game. All are read as [`SplitRules`], which is
//! all the take-and-break engines see.

use std::fmt;

use crate::error::ParseGameError;
use crate::rules::catalogue::GameKind;
use crate::rules::heap::{need, no_parameter, HeapFamily, HeapNouns, HeapRule, Ruleset};
use crate::rules::nim::{BalanceWords, ValueWords};
use crate::rules::take_break::hex::HexCode;
use crate::rules::take_break::octal::{OctalCode, SplitRules};

/// A take-and-break game given by its octal code (`octal:0.77`, or a classic name such as
/// `kayles`): moves may split a heap in two.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Octal(pub OctalCode);

/// A take-and-break game given by a hexadecimal code (`hex:0.8`): moves may also split a heap
/// into three.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hex(pub HexCode);

/// Grundy's game (`grundys-game`): split one heap into two unequal non-empty heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GrundysGame;

/// The take-and-break games in the registry.
pub const FAMILY: HeapFamily = HeapFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 7] = [
    GameKind {
        spelling: "octal:CODE",
        name: "an octal game",
        a_move: "take t objects and leave 0, 1 or 2 heaps, as digit t of the code allows (1, 2 and 4)",
        example_game: "octal:0.16",
        example_position: "100",
        heap_ruleset: true,
        move_syntax: "`HEAP TAKE` takes TAKE objects from an end of heap HEAP; `HEAP -> A B` takes from its middle, leaving heaps of A and B (as the code allows)",
        example_move: "1 -> 40 58",
    },
    GameKind {
        spelling: "hex:CODE",
        name: "a hexadecimal game",
        a_move: "as an octal code, and the digit bit 8: take t and leave three heaps",
        example_game: "hex:0.8",
        example_position: "20",
        heap_ruleset: true,
        move_syntax: "`HEAP TAKE` takes TAKE objects from an end of heap HEAP; `HEAP -> A B` leaves two heaps, `HEAP -> A B C` three (as the code allows)",
        example_move: "1 -> 5 6 8",
    },
    GameKind {
        spelling: "kayles",
        name: "Kayles (octal 0.77)",
        a_move: "knock down one pin or two adjacent pins from a row",
        example_game: "kayles",
        example_position: "10 7",
        heap_ruleset: true,
        move_syntax: "`ROW PINS` knocks down 1 or 2 pins from an end of row ROW; `ROW -> A B` knocks down 1 or 2 pins in its middle, leaving rows of A and B pins",
        example_move: "1 -> 4 5",
    },
    GameKind {
        spelling: "dawsons-kayles",
        name: "Dawson's Kayles (octal 0.07)",
        a_move: "knock down two adjacent pins from a row",
        example_game: "dawsons-kayles",
        example_position: "12",
        heap_ruleset: true,
        move_syntax: "`ROW 2` knocks down two pins from an end of row ROW; `ROW -> A B` knocks down two pins in its middle, leaving rows of A and B pins",
        example_move: "1 -> 4 6",
    },
    GameKind {
        spelling: "dawsons-chess",
        name: "Dawson's chess (octal 0.137)",
        a_move:
            "take a heap of 1; or take 2, leaving nothing or one heap; or take 3, leaving nothing, one or two heaps",
        example_game: "dawsons-chess",
        example_position: "9",
        heap_ruleset: true,
        move_syntax: "`HEAP TAKE` takes TAKE objects from an end of heap HEAP; `HEAP -> A B` takes 3 from its middle, leaving heaps of A and B",
        example_move: "1 -> 3 3",
    },
    GameKind {
        spelling: "officers",
        name: "Officers (octal 0.6)",
        a_move: "take one object and leave one or two non-empty heaps",
        example_game: "officers",
        example_position: "30",
        heap_ruleset: true,
        move_syntax: "`HEAP 1` takes one object from an end of heap HEAP; `HEAP -> A B` takes one from its middle, leaving heaps of A and B",
        example_move: "1 -> 14 15",
    },
    GameKind {
        spelling: "grundys-game",
        name: "Grundy's game",
        a_move: "split one heap into two unequal non-empty heaps",
        example_game: "grundys-game",
        example_position: "20",
        heap_ruleset: true,
        move_syntax: "`HEAP -> A B` splits heap HEAP into two unequal heaps of A and B",
        example_move: "1 -> 8 12",
    },
];

fn parse(name: &str, arg: Option<&str>, whole: &str) -> Option<Result<Ruleset, ParseGameError>> {
    Some(match (name, arg) {
        ("octal", _) => need(whole, arg, "octal:CODE, e.g. octal:0.77").and_then(|_| whole.parse().map(Ruleset::octal)),
        ("hex", _) => need(whole, arg, "hex:CODE, e.g. hex:0.8").and_then(|_| whole.parse().map(Ruleset::hex)),
        ("kayles" | "dawsons-kayles" | "dawsons-chess" | "officers", None) => whole.parse().map(Ruleset::octal),
        ("grundys-game", None) => Ok(Ruleset::grundys_game()),
        ("kayles" | "dawsons-kayles" | "dawsons-chess" | "officers" | "grundys-game", Some(_)) => {
            Err(no_parameter(name, whole))
        }
        _ => return None,
    })
}

impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for GrundysGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("grundys-game")
    }
}

impl HeapRule for Octal {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        self.0.rules().for_each_option(n, f)
    }

    fn rules_sentence(&self) -> String {
        match self.0.name() {
            Some("kayles") => {
                "Kayles: a move knocks down one pin or two adjacent pins from a row, which may split it into two rows."
                    .to_string()
            }
            Some("dawsons-kayles") => {
                "Dawson's Kayles: a move knocks down two adjacent pins from a row, which may split it into two rows."
                    .to_string()
            }
            _ => split_sentence(&self.0.rules(), &format!("octal code {}", self.0.code())),
        }
    }

    fn option_count_bound(&self, n: u64) -> u128 {
        self.0.rules().option_count_wide(n)
    }

    fn split_rules(&self) -> Option<SplitRules> {
        Some(self.0.rules())
    }

    /// Kayles and Dawson's Kayles are played with pins in rows, knocked down; a code typed as
    /// digits keeps the words of heaps, as its rules sentence does.
    fn nouns(&self) -> HeapNouns {
        if self.pins() {
            HeapNouns::PINS
        } else {
            HeapNouns::HEAPS
        }
    }

    /// The panel of Kayles names rows, as its board does.
    fn value_words(&self) -> ValueWords {
        if self.pins() {
            ROW_VALUES
        } else {
            ValueWords::HEAP_VALUES
        }
    }
}

impl Octal {
    /// Whether this is Kayles or Dawson's Kayles, played with pins.
    fn pins(&self) -> bool {
        matches!(self.0.name(), Some("kayles" | "dawsons-kayles"))
    }
}

/// The words of the panel for rows of pins: their Sprague-Grundy values, which a move may raise.
const ROW_VALUES: ValueWords = ValueWords {
    label: "Row values",
    balance: BalanceWords { title: "Binary balance table of the row values", rows: "row values", row: "row", moves: "value" },
};

impl HeapRule for Hex {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        self.0.rules().for_each_option(n, f)
    }

    fn rules_sentence(&self) -> String {
        split_sentence(&self.0.rules(), &format!("hexadecimal code {}", self.0.code()))
    }

    fn option_count_bound(&self, n: u64) -> u128 {
        self.0.rules().option_count_wide(n)
    }

    fn split_rules(&self) -> Option<SplitRules> {
        Some(self.0.rules())
    }
}

impl HeapRule for GrundysGame {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        SplitRules::grundys_game().for_each_option(n, f)
    }

    fn rules_sentence(&self) -> String {
        "A move splits one heap into two unequal non-empty heaps.".to_string()
    }

    fn option_count_bound(&self, n: u64) -> u128 {
        SplitRules::grundys_game().option_count_wide(n)
    }

    fn split_rules(&self) -> Option<SplitRules> {
        Some(SplitRules::grundys_game())
    }
}

/// The rules of a take-and-break code in a sentence: for each number taken, what may be left.
fn split_sentence(rules: &SplitRules, code: &str) -> String {
    let mut ts: Vec<u64> =
        rules.take_all.iter().chain(&rules.take).chain(&rules.split).chain(&rules.split3).copied().collect();
    ts.sort_unstable();
    ts.dedup();
    let clauses: Vec<String> = ts
        .iter()
        .map(|&t| {
            let mut left = Vec::new();
            if rules.take_all.contains(&t) {
                left.push("nothing (the whole heap)");
            }
            if rules.take.contains(&t) {
                left.push("one heap");
            }
            if rules.split.contains(&t) {
                left.push("two heaps");
            }
            if rules.split3.contains(&t) {
                left.push("three heaps");
            }
            let left = crate::rules::text::words_or(&left.iter().map(|s| s.to_string()).collect::<Vec<_>>());
            match t {
                0 => format!("split a heap, leaving {left}"),
                1 => format!("take 1 object, leaving {left}"),
                t => format!("take {t} objects, leaving {left}"),
            }
        })
        .collect();
    if clauses.is_empty() {
        return format!("With the {code} no move is possible.");
    }
    format!("With the {code}, a move may, from one heap: {}.", clauses.join("; "))
}
