//! Winning moves listed one by one while the list stays small ([`LISTED_MOVES`] moves,
//! [`LISTED_NUMBERS`] numbers), every one kept in families; and families and skipped heaps in
//! words. Shared by every method that lists moves, so that each one keeps the same bounds.

use crate::game::family::first_moves;
use crate::game::{Component, Move, MoveFamily};
use crate::rules::Ruleset;

use crate::rules::analysis::{Analysis, WinningFamily, WinningMove, LISTED_MOVES};

/// The position after replacing heap `i` by the heaps `to`.
pub(super) fn replaced(heaps: &[u64], i: usize, to: &[u64]) -> Vec<u64> {
    let mut r = heaps[..i].to_vec();
    r.extend_from_slice(to);
    r.extend_from_slice(&heaps[i + 1..]);
    r
}

/// The most numbers that the listed winning moves' `result`s hold together. Each result is the
/// whole position after its move, so listing every winning move of many heaps would grow as
/// their product (50,000 moves of 100,000 heaps); past this the first moves are listed and the
/// rest counted, which keeps an analysis linear in the number of heaps.
pub const LISTED_NUMBERS: usize = 1 << 20;

/// Lists winning moves while their results fit in [`LISTED_NUMBERS`] and they number at most
/// [`LISTED_MOVES`]; the families hold every one.
pub(crate) struct Listing {
    heaps: usize,
    /// What the position's numbers are called where the list's cap is told ("heaps").
    noun: &'static str,
}

impl Listing {
    /// A listing for a position of `heaps` heaps (each listed result holds that many numbers).
    pub(crate) fn new(heaps: usize) -> Self {
        Listing { heaps, noun: "heaps" }
    }

    /// A listing for a sum of games whose numbers, all its games' one after another, are
    /// `numbers` (each listed result holds them all).
    pub(crate) fn of_sum(numbers: usize) -> Self {
        Listing { heaps: numbers, noun: "numbers" }
    }

    /// Whether one more move fits in `a`'s list.
    fn has_room(&self, a: &Analysis) -> bool {
        a.winning_moves.len() < LISTED_MOVES
            && (a.winning_moves.len() + 1).saturating_mul(self.heaps.max(1)) <= LISTED_NUMBERS
    }

    /// Records the winning move `mv` (worded `text`) as a family of one, and lists it, with the
    /// position `result` makes, while the list has room; returns the move listed, for the
    /// caller to add what it knows of it, or `None` when the list had no room.
    pub(crate) fn record<'a>(
        &self,
        a: &'a mut Analysis,
        mv: Move,
        text: String,
        result: impl FnOnce() -> Vec<u64>,
    ) -> Option<&'a mut WinningMove> {
        let room = self.has_room(a);
        a.winning_families.push(WinningFamily { text: text.clone(), family: MoveFamily::single(mv.clone()) });
        if !room {
            return None;
        }
        a.winning_moves.push(WinningMove {
            value: None,
            result_tokens: None,
            leaves: vec![],
            text,
            result: result(),
            mv,
        });
        a.winning_moves.last_mut()
    }

    /// Lists heap `i`'s winning families (given as moves in heap 0, by the quotient or the
    /// normal-play solver): their first moves while there is room, and every family.
    pub(super) fn list_families(
        &self,
        a: &mut Analysis,
        ruleset: &Ruleset,
        heaps: &[u64],
        i: usize,
        families: Vec<MoveFamily>,
    ) {
        let heap = heaps[i];
        let mine: Vec<MoveFamily> = families.into_iter().map(|f| f.in_heap(i)).collect();
        let room = LISTED_MOVES.saturating_sub(a.winning_moves.len());
        for mv in first_moves(&mine, room) {
            let to = mv.to.clone();
            self.list(a, mv, || ruleset.describe_move(i + 1, heap, &to), || replaced(heaps, i, &to));
        }
        for family in mine {
            a.winning_families.push(WinningFamily { text: describe_family(ruleset, heap, &family), family });
        }
    }

    /// Lists the move `mv` of a family already recorded, while the list has room; returns
    /// whether it had room.
    pub(crate) fn list(
        &self,
        a: &mut Analysis,
        mv: Move,
        text: impl FnOnce() -> String,
        result: impl FnOnce() -> Vec<u64>,
    ) -> bool {
        let room = self.has_room(a);
        if room {
            a.winning_moves.push(WinningMove {
                value: None,
                result_tokens: None,
                leaves: vec![],
                text: text(),
                result: result(),
                mv,
            });
        }
        room
    }

    /// Says in `a` why the list one by one stops, when it holds fewer moves than the families.
    pub(crate) fn finish(self, a: &mut Analysis) {
        let known: u128 = a.winning_families.iter().map(|f| u128::from(f.family.count)).sum();
        if known > a.winning_moves.len() as u128 {
            a.list_cap = Some(if a.winning_moves.len() >= LISTED_MOVES {
                format!(", at most {LISTED_MOVES}")
            } else {
                format!(
                    " (each lists the whole position after it, {} {}, and the list is kept to {LISTED_NUMBERS} numbers)",
                    self.heaps, self.noun
                )
            });
        }
    }
}

/// One sentence for the heaps whose winning moves were left out, with the reason for each (or,
/// for many heaps, the first few and the first reason), so that its length does not grow with
/// the number of heaps.
pub(super) fn skipped_heaps(cs: &[Component], skipped: &[(usize, String)]) -> Option<String> {
    const NAMED: usize = 3;
    let heap = |i: usize| format!("heap {} ({} of {})", i + 1, cs[i].heap, cs[i].ruleset);
    match skipped {
        [] => None,
        few if few.len() <= NAMED => Some(
            few.iter()
                .map(|(i, why)| format!("the winning moves in {} are not listed: {why}", heap(*i)))
                .collect::<Vec<_>>()
                .join("; "),
        ),
        [(first, why), ..] => Some(format!(
            "the winning moves in {} heaps are not listed ({}, ...); for {}: {why}",
            skipped.len(),
            skipped.iter().take(NAMED).map(|(i, _)| (i + 1).to_string()).collect::<Vec<_>>().join(", "),
            heap(*first)
        )),
    }
}

/// The items written one after another with `sep` between them.
pub(super) fn join<T: ToString>(items: &[T], sep: &str) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(sep)
}

/// A family of moves in words: the move itself for a family of one, and otherwise its shape
/// with the range of the first heap, e.g. "take 1 from heap 1 and split the rest into a and
/// 99 - a, for every a = 5 (mod 12) with 77 <= a <= 41 (3 moves)".
pub fn describe_family(ruleset: &Ruleset, from: u64, family: &MoveFamily) -> String {
    let heap = family.heap + 1;
    if family.count == 1 {
        return ruleset.describe_move(heap, from, &family.first);
    }
    let lo = family.first.first().copied().unwrap_or(0);
    let hi = family.last().to.first().copied().unwrap_or(0);
    let range = format!(
        "for every a = {} (mod {}) with {lo} <= a <= {hi} ({} moves)",
        lo % family.step.max(1),
        family.step,
        family.count
    );
    match family.first[..] {
        [a, b] => {
            let rest = u128::from(a) + u128::from(b);
            let taken = u128::from(from).saturating_sub(rest);
            // In the rule's own words (rows of pins in Kayles).
            let shape = ruleset.nouns().split_words(taken, heap, &format!("a and {rest} - a"));
            format!("{shape}, {range}")
        }
        [_] if family.step == 1 => {
            // A run of consecutive takes (a range of a subtraction set).
            let (least, most) =
                (u128::from(from).saturating_sub(u128::from(hi)), u128::from(from).saturating_sub(u128::from(lo)));
            format!("take {least} to {most} from heap {heap} (leaving {lo} to {hi}; {} moves)", family.count)
        }
        _ => format!("leave a in heap {heap} of {from}, {range}"),
    }
}
