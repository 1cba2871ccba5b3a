//! K-Nim (`bounded:K`) and the Bash game (`bash:M`): take 1..=K objects from one heap. The
//! values are n mod (K + 1), and the misère outcomes cycle with the same period.

use std::fmt;

use crate::error::ParseGameError;
use crate::rules::catalogue::GameKind;
use crate::rules::heap::{need, parse_positive, HeapFamily, HeapRule, MisereSource, Ruleset, ValueSource};
use crate::values::Period;

/// Take 1..=K objects: K-Nim, or the Bash game (the same moves, its own name).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bounded {
    k: u64,
    bash: bool,
}

impl Bounded {
    /// K-Nim, `bounded:K`.
    pub fn k_nim(k: u64) -> Self {
        Bounded { k, bash: false }
    }

    /// The Bash game, `bash:M`.
    pub fn bash(m: u64) -> Self {
        Bounded { k: m, bash: true }
    }

    /// The most that may be taken.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// Whether it is spelled as the Bash game.
    pub fn is_bash(&self) -> bool {
        self.bash
    }
}

/// K-Nim, Nim with a limit per heap, and the Bash game in the registry.
pub const FAMILY: HeapFamily = HeapFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 3] = [
    GameKind {
        spelling: "bounded:K",
        name: "K-Nim",
        a_move: "take 1..K objects from one heap",
        example_game: "bounded:3",
        example_position: "10 7 4",
        heap_ruleset: true,
        move_syntax: "`HEAP TAKE` takes TAKE objects (1 to K) from heap HEAP; `HEAP -> LEFT` leaves LEFT in it",
        example_move: "1 3",
    },
    GameKind {
        spelling: "bounded",
        name: "Nim with a limit per heap",
        a_move: "heaps written `HEAP/LIMIT`: take 1..LIMIT from that heap",
        example_game: "bounded",
        example_position: "7/3 9/2 12/5",
        heap_ruleset: false,
        move_syntax:
            "`HEAP TAKE` takes TAKE objects (1 to the heap's LIMIT) from heap HEAP; `HEAP -> LEFT` leaves LEFT in it",
        example_move: "3 5",
    },
    GameKind {
        spelling: "bash:M",
        name: "the Bash game",
        a_move: "take 1..M objects",
        example_game: "bash:4",
        example_position: "23",
        heap_ruleset: true,
        move_syntax: "`1 TAKE` takes TAKE objects (1 to M) from the heap; `1 -> LEFT` leaves LEFT",
        example_move: "1 3",
    },
];

fn parse(name: &str, arg: Option<&str>, whole: &str) -> Option<Result<Ruleset, ParseGameError>> {
    match name {
        "bounded" => Some(need(whole, arg, "bounded:K").and_then(|k| parse_positive(k, "K")).map(Ruleset::bounded)),
        "bash" => Some(need(whole, arg, "bash:M").and_then(|m| parse_positive(m, "M")).map(Ruleset::bash)),
        _ => None,
    }
}

impl fmt::Debug for Bounded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = if self.bash { "Bash" } else { "Bounded" };
        f.debug_tuple(name).field(&self.k).finish()
    }
}

impl fmt::Display for Bounded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.bash {
            false => write!(f, "bounded:{}", self.k),
            true => write!(f, "bash:{}", self.k),
        }
    }
}

impl HeapRule for Bounded {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        (1..=n.min(self.k)).for_each(|take| f(&[n - take]))
    }

    fn rules_sentence(&self) -> String {
        match self.k {
            1 => "A move takes 1 object from one heap.".to_string(),
            k => format!("A move takes 1 to {k} objects from one heap."),
        }
    }

    fn option_count_bound(&self, n: u64) -> u128 {
        u128::from(n.min(self.k))
    }

    fn value_source(&self) -> ValueSource<'_> {
        ValueSource::ClosedForm
    }

    fn value(&self, n: u64) -> Option<u64> {
        Some(match self.k.checked_add(1) {
            Some(m) => n % m,
            None => n,
        })
    }

    fn value_period(&self) -> Option<Period> {
        self.k.checked_add(1).map(|p| Period { preperiod: 0, period: p, saltus: 0 })
    }

    fn value_note(&self) -> String {
        let k = self.k;
        match k.checked_add(1) {
            Some(m) => format!("taking 1..{k} from a heap: G(n) = n mod {m}"),
            None => format!("taking 1..{k} from a heap: G(n) = n"),
        }
    }

    fn moves_to(&self, n: u64, target: u64) -> Vec<u64> {
        // Options are n-k..n-1 (not below 0); their values are m mod (k+1).
        let lo = n.saturating_sub(self.k);
        let m = u128::from(self.k) + 1;
        let t = u128::from(target);
        if t >= m || n == 0 {
            return vec![];
        }
        // The largest m' <= n-1 with m' = t (mod k+1); it is the only candidate, because the
        // options span fewer than k+1 consecutive sizes.
        let top = u128::from(n - 1);
        let r = top % m;
        let back = if r >= t { r - t } else { r + m - t };
        top.checked_sub(back).filter(|&c| c >= u128::from(lo)).map(|c| c as u64).into_iter().collect()
    }

    fn misere_source(&self) -> MisereSource<'_> {
        MisereSource::Cycle(self.k)
    }

    fn parameters(&self) -> Vec<(&'static str, u64)> {
        vec![(if self.bash { "M" } else { "K" }, self.k)]
    }

    fn check_take(&self, _n: u64, take: u64) -> Option<Result<(), String>> {
        let k = self.k;
        Some(if take > k { Err(format!("at most {k} may be taken from a heap in {self}")) } else { Ok(()) })
    }

    fn smallest_take(&self, n: u64) -> Option<Option<u64>> {
        Some((n >= 1).then_some(1))
    }

    fn random_take(&self, n: u64, below: &mut dyn FnMut(u64) -> u64) -> Option<Option<u64>> {
        // Every take of 1..=min(n, K) is legal.
        self.smallest_take(n)?;
        Some((n >= 1).then(|| 1 + below(n.min(self.k))))
    }

    /// The Bash game is played on one heap, from 5 to 30; K-Nim on the default's heaps.
    fn random_heaps(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<u64> {
        if self.bash {
            vec![5 + below(26)]
        } else {
            (0..2 + below(3)).map(|_| 1 + below(12)).collect()
        }
    }
}
