//! A sum of heaps, each following its own heap rule: every heap game (`nim 3 5 7`,
//! `bounded 7/3 9/2`, `sum subtraction:2,5=9 nim=4`). Its moves are decided from the heap rules
//! (take-only rules, take-and-break rules, the options listed where nothing better is known),
//! however large the heaps.

use crate::game::convention::Player;
use crate::game::{IllegalMove, Move};
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
#[cfg(feature = "draw")]
use crate::rules::faces;
use crate::rules::Ruleset;

use super::{normalized, plural, Component, GamePosition, HeapTokens, Position};

/// The largest heap whose options are listed one by one (for a rule with no shortcut).
pub(crate) const ENUMERATE_LIMIT: u64 = 1 << 16;

/// The options of a heap of `n` under `r`, when they are few enough to list; else why not.
pub(crate) fn enumerated_options(r: &Ruleset, n: u64) -> Result<Vec<Vec<u64>>, String> {
    if n > ENUMERATE_LIMIT {
        return Err(format!("a heap of {n} is too large to list the moves of {r} (at most {ENUMERATE_LIMIT})"));
    }
    let count = r.option_count_bound(n);
    if count > u128::from(ENUMERATE_LIMIT) {
        return Err(format!(
            "a heap of {n} has too many moves in {r} to list them ({count}; at most {ENUMERATE_LIMIT})"
        ));
    }
    Ok(r.options(n))
}

/// For rulesets that only ever take objects from one heap without splitting it: whether `take`
/// objects may be taken from a heap of size `n` (`Err` with the reason), or `None` for a
/// ruleset that can do more than that (its options are enumerated instead).
fn take_rule(r: &Ruleset, n: u64, take: u64) -> Option<Result<(), String>> {
    let refuse = |why: String| Some(Err(why));
    if take == 0 {
        return refuse("a move must take at least one object".into());
    }
    if take > n {
        return refuse(format!("the heap has only {n} object{}", if n == 1 { "" } else { "s" }));
    }
    r.check_take(n, take)
}

fn list(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// A random move in heap `i` (the heap `c`), drawn with `below`: a random take, else a random
/// kind of split and then its parts, else one of the listed options.
pub(crate) fn random_heap_move(c: &Component, i: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Move> {
    match c.ruleset.random_take(c.heap, below) {
        Some(t) => t.map(|t| Move::new(i, vec![c.heap - t])),
        None => match c.ruleset.split_rules() {
            // A kind of move (what is taken, how many heaps are left), then its parts.
            Some(rules) => {
                let kinds = rules.options_by_kind(c.heap);
                let kind = kinds.get(below(kinds.len() as u64) as usize)?;
                Some(Move::new(i, rules.option_of_kind(c.heap, kind, &mut *below)))
            }
            None => {
                let options = enumerated_options(&c.ruleset, c.heap).ok()?;
                let o = options.get(below(options.len() as u64) as usize)?;
                Some(Move::new(i, o.clone()))
            }
        },
    }
}

/// A sum of heaps: the heaps in order, each with its rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapSum {
    components: Vec<Component>,
}

impl HeapSum {
    /// The sum of `components`.
    pub fn new(components: Vec<Component>) -> Self {
        HeapSum { components }
    }

    fn spliced(&self, mv: &Move) -> Option<Position> {
        let r = self.components.get(mv.heap)?.ruleset.clone();
        let mut next = self.components.clone();
        next.splice(mv.heap..=mv.heap, mv.to.iter().map(|&h| Component::new(r.clone(), h)));
        Some(Position::of_heaps(next))
    }
}

impl GamePosition for HeapSum {
    fn numbers(&self) -> Vec<u64> {
        self.components.iter().map(|c| c.heap).collect()
    }

    fn labels(&self) -> Vec<String> {
        // A heap as its rule calls it: "row 2" of Kayles.
        self.components.iter().enumerate().map(|(i, c)| format!("{} {}", c.ruleset.nouns().heap, i + 1)).collect()
    }

    fn tokens(&self, style: HeapTokens) -> Vec<String> {
        let cs = &self.components;
        match style {
            HeapTokens::Limits => cs
                .iter()
                .map(|c| match c.ruleset.bounded_k() {
                    Some(l) => format!("{}/{l}", c.heap),
                    None => format!("{}={}", c.ruleset, c.heap),
                })
                .collect(),
            HeapTokens::Rulesets => cs.iter().map(|c| format!("{}={}", c.ruleset, c.heap)).collect(),
            HeapTokens::Sizes => cs.iter().map(|c| c.heap.to_string()).collect(),
        }
    }

    fn name_in_sum(&self) -> String {
        match self.components.as_slice() {
            [c] => c.ruleset.to_string(),
            _ => "sum".into(),
        }
    }

    fn after(&self, mv: &Move) -> Option<Position> {
        // A move over several heaps that keeps their count (an Every-SG turn) sets them in
        // place.
        if mv.width > 1 && mv.to.len() == mv.width {
            if let Some(p) = self.with_numbers(&mv.apply(&self.numbers())) {
                return Some(p);
            }
        }
        self.spliced(mv)
    }

    fn with_numbers(&self, numbers: &[u64]) -> Option<Position> {
        (self.components.len() == numbers.len()).then(|| {
            Position::of_heaps(
                self.components.iter().zip(numbers).map(|(c, &h)| Component::new(c.ruleset.clone(), h)).collect(),
            )
        })
    }

    fn is_one_move(&self, mv: &Move) -> bool {
        mv.width <= 1
    }

    fn check_move(&self, _player: Player, mv: &Move) -> Result<Position, IllegalMove> {
        let cs = &self.components;
        if mv.width != 1 {
            return Err(IllegalMove::new(format!("a move here changes one heap at a time, not {}", mv.width)));
        }
        let Some(c) = cs.get(mv.heap) else {
            return Err(IllegalMove::new(format!(
                "there is no heap {} (the heaps are numbered 1 to {})",
                mv.heap + 1,
                cs.len()
            )));
        };
        let at = |why: String| IllegalMove::new(format!("heap {}: {why}", mv.heap + 1));
        let (r, n) = (&c.ruleset, c.heap);
        let single = match mv.to[..] {
            [m] if m < n => take_rule(r, n, n - m),
            [m] if m == n => Some(Err("a move must take at least one object".into())),
            [m] if m > n => Some(Err(format!("it has only {}; a move cannot add any", plural(n, "object")))),
            _ => None,
        };
        match single {
            Some(Ok(())) => {}
            Some(Err(why)) => return Err(at(why)),
            None => {
                let want = normalized(&mv.to);
                let allowed = match r.split_rules() {
                    // Take-and-break games: decided from the rules, however large the heap.
                    Some(rules) => rules.allows(n, &want),
                    None => enumerated_options(r, n).map_err(at)?.iter().any(|o| normalized(o) == want),
                };
                if !allowed {
                    let shown = if want.is_empty() { "nothing".to_string() } else { list(&want) };
                    return Err(at(format!("{n} cannot become {shown} in {r}")));
                }
            }
        }
        self.spliced(mv).ok_or_else(|| IllegalMove::new("no such heap"))
    }

    fn moves(&self, _player: Player) -> Vec<(Move, Position)> {
        let cs = &self.components;
        let mut out = vec![];
        for (i, c) in cs.iter().enumerate() {
            c.ruleset.for_each_option(c.heap, &mut |to| {
                let mut next: Vec<Component> = cs.get(..i).unwrap_or_default().to_vec();
                next.extend(to.iter().map(|&h| Component::new(c.ruleset.clone(), h)));
                next.extend_from_slice(cs.get(i + 1..).unwrap_or_default());
                out.push((Move::new(i, to.to_vec()), Position::of_heaps(next)));
            });
        }
        out
    }

    fn has_move(&self, _player: Player) -> bool {
        self.components.iter().any(|c| match c.ruleset.smallest_take(c.heap) {
            Some(t) => t.is_some(),
            None => match c.ruleset.split_rules() {
                Some(rules) => rules.has_option(c.heap),
                None => c.heap > ENUMERATE_LIMIT || !c.ruleset.options(c.heap).is_empty(),
            },
        })
    }

    fn random_move(&self, _player: Player, below: &mut dyn FnMut(u64) -> u64) -> Option<Move> {
        // Start at a random heap and take the first one with a move, so every heap with a move
        // can be chosen.
        let cs = &self.components;
        let start = below(cs.len() as u64) as usize;
        (0..cs.len()).map(|k| (start + k) % cs.len()).find_map(|i| random_heap_move(cs.get(i)?, i, below))
    }

    fn smallest_move(&self, _player: Player) -> Option<Move> {
        let removed = |heap: usize, to: &[u64], n: u64| (n.saturating_sub(to.iter().sum()), heap);
        let cs = &self.components;
        let candidates: Vec<Move> = cs
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match c.ruleset.smallest_take(c.heap) {
                Some(t) => t.map(|t| Move::new(i, vec![c.heap - t])),
                None => match c.ruleset.split_rules() {
                    Some(rules) => rules.smallest_option(c.heap).map(|to| Move::new(i, to)),
                    None => enumerated_options(&c.ruleset, c.heap)
                        .ok()?
                        .into_iter()
                        .min_by_key(|o| removed(i, o, c.heap))
                        .map(|to| Move::new(i, to)),
                },
            })
            .collect();
        candidates.into_iter().min_by_key(|m| removed(m.heap, &m.to, cs.get(m.heap).map_or(0, |c| c.heap)))
    }

    fn describe(&self, mv: &Move) -> String {
        match self.components.get(mv.heap) {
            Some(c) => c.ruleset.describe_move(mv.heap + 1, c.heap, &mv.to),
            None => mv.to_string(),
        }
    }

    fn summands(&self) -> Vec<(usize, Position)> {
        self.components.iter().enumerate().map(|(i, c)| (i, Position::of_heaps(vec![c.clone()]))).collect()
    }

    fn with_summands(&self, after: Vec<Position>) -> Position {
        Position::of_heaps(after.iter().flat_map(|p| p.as_heaps().unwrap_or_default().iter().cloned()).collect())
    }

    fn key(&self) -> (Position, bool) {
        let mut cs: Vec<Component> = self.components.iter().filter(|c| c.heap > 0).cloned().collect();
        cs.sort();
        (Position::of_heaps(cs), false)
    }

    #[cfg(feature = "draw")]
    fn sketch(&self, limits: bool, _mover: usize) -> Sketch {
        let cs = &self.components;
        let same = cs.iter().all(|c| cs.first().is_some_and(|f| f.ruleset == c.ruleset));
        let rows: Vec<(String, Ruleset, u64)> = cs
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let label = match c.ruleset.bounded_k() {
                    Some(l) if limits => format!("heap {} (≤ {l})", i + 1),
                    _ if same => format!("{} {}", c.ruleset.nouns().heap, i + 1),
                    _ => format!("{}: {}", i + 1, c.ruleset),
                };
                (label, c.ruleset.clone(), c.heap)
            })
            .collect();
        faces::heaps_face(&rows, None)
    }

    fn as_heaps(&self) -> Option<&[Component]> {
        Some(&self.components)
    }
}
