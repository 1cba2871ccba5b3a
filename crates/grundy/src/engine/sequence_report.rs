//! The report of a Grundy sequence, G(0..=upto) of a heap ruleset (`grundy sg --json`,
//! `GET /api/sg`), and of single heaps' misère outcomes (`sg --misere --json`,
//! `GET /api/sg?misere=true`): one serialised form each, written by their `Serialize`, so the
//! front ends print the same objects and none builds them by hand.

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use crate::engine::sequence::Sequence;
use crate::values::pattern::Pattern;
use crate::values::Period;

/// The rule of a sequence as the rule finder states it ([`Pattern::of_sequence`]): the proven
/// period, or the simplest rule that holds on the values, or why there is none. In JSON:
/// `{family, words, expression, from, proven}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SequenceRule {
    /// The rule's family (`period`, `self-similar`, ...); `None` when no rule was found.
    pub family: Option<&'static str>,
    /// The rule in words, or why there is none.
    pub words: String,
    /// The rule as an expression `grundy verify --sg` reads; `None` when there is no rule.
    pub expression: Option<String>,
    /// The first n from which it holds.
    pub from: Option<u64>,
    /// Whether it is proven (a period the sequence came with), not only seen in the values.
    pub proven: bool,
}

impl SequenceRule {
    /// The rule of `values` (G(0), G(1), ...), given the sequence's proven period if any.
    pub fn of(values: &[u64], proven: Option<Period>) -> SequenceRule {
        match Pattern::of_sequence(values, proven) {
            Ok(p) => SequenceRule {
                family: Some(p.family()),
                words: p.words(),
                expression: Some(p.expression()),
                from: Some(p.from()),
                proven: p.proven(),
            },
            Err(e) => SequenceRule { family: None, words: e.to_string(), expression: None, from: None, proven: false },
        }
    }
}

/// G(0..=upto) of a heap ruleset, with its proven period and what else was asked for. Its one
/// serialised form: `game`, `upto`, `values` (unless left out), `period` (null when none is
/// proven), `last` (G(upto)), `method`, then `rule`, `at` (`{n, value}`), `counts`
/// (`[{value, count}]`) and `sparse` (the sparse engine's counters, with the counts) where
/// given. The values are written one by one from the sequence as they are serialised: a
/// listing can be far larger than its JSON text held in memory at once.
pub struct SequenceReport<'a> {
    /// The ruleset, as typed back.
    pub game: String,
    /// The last n.
    pub upto: u64,
    /// Where the values come from.
    pub sequence: &'a Sequence,
    /// Whether the values are listed (`--summary` leaves them out).
    pub list_values: bool,
    /// The rule of the values, when asked for.
    pub rule: Option<SequenceRule>,
    /// G(m) for an m asked for (past the values listed too): `(m, G(m))`.
    pub at: Option<(u64, u64)>,
    /// How many n in 0..=upto have each value, when asked for.
    pub counts: Option<Vec<(u64, u128)>>,
}

/// The values G(0..=upto) of a sequence, as a JSON array written one by one.
struct Values<'a>(&'a Sequence, u64);

impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(usize::try_from(self.1).ok().and_then(|n| n.checked_add(1)))?;
        for n in 0..=self.1 {
            seq.serialize_element(&self.0.value(n).unwrap_or(0))?;
        }
        seq.end()
    }
}

/// One value and how many n have it.
#[derive(Serialize)]
struct Count {
    value: u64,
    count: u128,
}

/// G(m) for an m asked for.
#[derive(Serialize)]
struct At {
    n: u64,
    value: u64,
}

impl Serialize for SequenceReport<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("game", &self.game)?;
        map.serialize_entry("upto", &self.upto)?;
        if self.list_values {
            map.serialize_entry("values", &Values(self.sequence, self.upto))?;
        }
        map.serialize_entry("period", &self.sequence.period())?;
        map.serialize_entry("last", &self.sequence.value(self.upto).unwrap_or(0))?;
        map.serialize_entry("method", &self.sequence.method_note())?;
        if self.sequence.cancelled() {
            // Only when it happened (Ctrl-C at the command line): `upto` is then the last n
            // computed.
            map.serialize_entry("stopped", "ctrl-c")?;
        }
        if let Some(rule) = &self.rule {
            map.serialize_entry("rule", rule)?;
        }
        if let Some((n, value)) = self.at {
            map.serialize_entry("at", &At { n, value })?;
        }
        if let Some(counts) = &self.counts {
            let counts: Vec<Count> = counts.iter().map(|&(value, count)| Count { value, count }).collect();
            map.serialize_entry("counts", &counts)?;
            if let Some(stats) = self.sequence.stats() {
                map.serialize_entry("sparse", &stats)?;
            }
        }
        map.end()
    }
}

/// Who wins a single heap of each size 0..=upto under misère play, and how that is known. Its
/// one serialised form: `{game, convention: "misere", upto, outcomes, period, method, why}`,
/// `outcomes` one letter a heap (`N`: the player to move wins, `P`: they lose), `period` the
/// outcomes' proven period (saltus 0) or null when none is claimed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereOutcomesReport {
    /// The ruleset, as typed back.
    pub game: String,
    /// Always `misere`.
    pub convention: &'static str,
    /// The last heap size.
    pub upto: u64,
    /// One letter a heap size, `N` or `P`.
    pub outcomes: String,
    /// The proven period of the outcomes, or `None` when none is claimed.
    pub period: Option<Period>,
    /// How the outcomes were computed, in words.
    pub method: String,
    /// Why they are known, in a sentence (the theorem, or the search).
    pub why: String,
}

impl MisereOutcomesReport {
    /// The report of `outcomes` (a heap a letter) of `game` up to `upto`.
    pub fn new(game: String, upto: u64, outcomes: String, period: Option<Period>, method: String, why: String) -> Self {
        MisereOutcomesReport { game, convention: "misere", upto, outcomes, period, method, why }
    }
}
