//! K-L-Nim: Nim on heaps, but the first player may never take exactly K objects and the second
//! never exactly L. With K != L the players have different moves, so the game is partizan: it
//! has no Sprague-Grundy value, its position (plain heaps) does not say who moves, and the
//! player to move comes beside it (`AnalyzeOptions::to_move`, `--to-move`), given to the moving
//! methods and in the [`BoardContext`]. Under normal play it is decided by Conway's value (the
//! sum of its heaps') where that is small, else by its heaps' atomic weights where the
//! two-ahead rule decides the row ([`crate::rules::board::machinery::two_ahead`]: kl:2,3's heaps of 2 or
//! more each weigh -1); otherwise by the engine's exact search over (heaps, player to move),
//! whose states are the sorted non-empty heaps followed by the mover (0 or 1).
//! With K = L both players have the same moves: it is the impartial all-but game
//! `allbut:K`, which the analysis answers as a sum of heaps of that rule
//! ([`Theory::as_heap_rule`]).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use super::{heap_left_at, heaps_alone, random_heap_move, sorted_heaps};
use crate::error::IllegalMove;
use crate::rules::analysis::Analysis;
use crate::rules::board::Players;
use std::ops::Range;

use crate::error::AnalyzeError;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Words;
use crate::rules::board::{
    machinery::two_ahead, machinery::value, Board, BoardContext, BoardFamily, Method, Notation, PlayHelp, RulesCore,
    SearchedGame, Theory,
};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::Sketch;
#[cfg(feature = "draw")]
use crate::rules::faces::heaps_face;
use crate::rules::heap::parse_positive;
use crate::rules::text::plural;
use crate::rules::{MoveSet, Ruleset};

/// K-L-Nim in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [GameKind {
    spelling: "kl:K,L",
    name: "K-L-Nim",
    a_move: "Nim, but the first player may never take exactly K, the second never exactly L",
    example_game: "kl:2,3",
    example_position: "4 5 6",
    heap_ruleset: false,
    move_syntax: "`HEAP TAKE` takes TAKE objects from heap HEAP (never the size your side may not take); `HEAP -> LEFT` leaves LEFT in it",
    example_move: "3 1",
}];

/// Reads `kl:K,L`; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    if s == "kl" {
        return Some(Err("game 'kl' needs its parameters: kl:K,L (e.g. kl:2,3)".into()));
    }
    let arg = s.strip_prefix("kl:")?;
    let read = || -> Result<Board, String> {
        let (k, l) = arg.split_once(',').ok_or_else(|| format!("game '{s}' is not kl:K,L (e.g. kl:2,3)"))?;
        let first = parse_positive(k, "K").map_err(|e| e.to_string())?;
        let second = parse_positive(l, "L").map_err(|e| e.to_string())?;
        Ok(Board::new(KlNim { forbidden: [first, second] }))
    };
    Some(read())
}

/// K-L-Nim: `forbidden[p]` is the number of objects player p (0: first, 1: second) may never
/// take. Its numbers are the heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KlNim {
    /// The sizes the first and the second player may not take.
    pub forbidden: [u64; 2],
}

/// The most steps of work (options visited, games created) an analysis spends on Conway's
/// value before it decides the position by the exact search instead (a few tenths of a second at most).
const VALUE_AT_ONCE: u64 = 300_000;

/// The name of player `mover`, as the texts write it.
fn player(mover: usize) -> &'static str {
    if mover == 0 {
        "first"
    } else {
        "second"
    }
}

/// A searched state: the canonical heaps, then the player to move.
fn state(heaps: &[u64], mover: usize) -> Vec<u64> {
    let mut s = sorted_heaps(heaps);
    s.push(mover as u64);
    s
}

/// The canonical state when heap `i` of the canonical (sorted, no empty heap) `heaps` is left
/// at `left`, with `mover` to move: [`state`] of the heaps after the move, built in one
/// allocation and without sorting, since the search makes one for every option it looks at.
fn option_state(heaps: &[u64], i: usize, left: u64, mover: usize) -> Vec<u64> {
    let mut s = Vec::with_capacity(heaps.len() + 1);
    let mut placed = left == 0;
    for (j, &h) in heaps.iter().enumerate() {
        if j == i {
            continue;
        }
        if !placed && left <= h {
            s.push(left);
            placed = true;
        }
        s.push(h);
    }
    if !placed {
        s.push(left);
    }
    s.push(mover as u64);
    s
}

/// The upper bound on the positions reachable from `heaps` (each heap only shrinks), times
/// `factor` (the two players).
fn reachable_bound(heaps: &[u64], factor: u64) -> Option<u64> {
    heaps.iter().try_fold(factor, |acc, &h| acc.checked_mul(h.checked_add(1)?))
}

impl KlNim {
    /// The size player `mover` may not take.
    fn banned(&self, mover: usize) -> u64 {
        self.forbidden.get(mover.min(1)).copied().unwrap_or(0)
    }

    /// The one heap a move from `numbers` to `after` changed, with what it left; `Err` says
    /// why it is not one move, the move named at the heaps `at` where it was typed.
    fn changed(&self, numbers: &[u64], at: Range<usize>, after: &[u64]) -> Result<(usize, u64), String> {
        if at.len() != 1 {
            return Err(format!("a move here changes one heap at a time, not {}", at.len()));
        }
        let at = at.start;
        if after.len() != numbers.len() {
            return Err(format!("heap {}: a move of K-L-Nim leaves one heap", at + 1));
        }
        let mut changed = numbers.iter().zip(after).enumerate().filter(|(_, (n, a))| n != a);
        let Some((i, (_, &left))) = changed.next() else {
            return Err(format!("heap {}: a move must take at least one object", at + 1));
        };
        let others = changed.count();
        if others > 0 {
            return Err(format!("a move here changes one heap at a time, not {}", others + 1));
        }
        Ok((i, left))
    }
}

/// The searched game of (heaps, player to move).
struct Searched {
    rules: KlNim,
}

impl SearchedGame for Searched {
    fn options(&self, state: &[u64]) -> Vec<Vec<u64>> {
        let Some((&mover, heaps)) = state.split_last() else { return vec![] };
        let banned = self.rules.banned(mover as usize);
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            // Equal heaps give the same options: the first of them stands for all.
            if i > 0 && heaps.get(i - 1) == Some(&h) {
                continue;
            }
            for take in (1..=h).filter(|&t| t != banned) {
                out.push(option_state(heaps, i, h - take, 1 - mover as usize));
            }
        }
        out
    }

    fn option_count_bound(&self, state: &[u64]) -> Option<u128> {
        Some(self.size(state))
    }

    fn size(&self, state: &[u64]) -> u128 {
        let heaps = state.split_last().map_or(&[][..], |(_, h)| h);
        heaps.iter().map(|&h| u128::from(h)).sum()
    }
}

impl RulesCore for KlNim {
    fn words(&self) -> Words {
        let [first, second] = self.forbidden;
        Words::new(
            format!("kl:{first},{second}"),
            if first != second {
                Players::Partizan("K != L".into())
            } else {
                Players::Impartial
            },
            format!(
                "A move takes one or more objects from one heap, but the first player may never take exactly {first} and the second never exactly {second}."
            ),
            "Type 'HEAP TAKE' (e.g. '1 3' takes 3 from heap 1), never the size your side may not take",
        )
        .with_parameters(vec![("K", first), ("L", second)])
    }

    fn options(&self, numbers: &[u64], mover: usize) -> Vec<Vec<u64>> {
        let banned = self.banned(mover);
        let mut out = Vec::new();
        for (i, &h) in numbers.iter().enumerate() {
            out.extend((1..=h).filter(|&t| t != banned).map(|t| heap_left_at(numbers, i, h - t)));
        }
        out
    }

    fn check(
        &self,
        numbers: &[u64],
        at: std::ops::Range<usize>,
        after: &[u64],
        mover: usize,
    ) -> Result<(), IllegalMove> {
        let (i, left) = self.changed(numbers, at, after)?;
        let n = numbers.get(i).copied().unwrap_or(0);
        let take = n.checked_sub(left).ok_or_else(|| format!("heap {}: it has only {}", i + 1, plural(n, "object")))?;
        if take == self.banned(mover) {
            let [k, l] = self.forbidden;
            return Err(format!(
                "heap {}: the {} player may never take exactly {take} (kl:{k},{l})",
                i + 1,
                player(mover)
            )
            .into());
        }
        Ok(())
    }

    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        sorted_heaps(numbers)
    }

    /// Each heap alone: the heaps are played side by side, a move in one of them.
    fn components(&self, numbers: &[u64]) -> Option<Vec<Vec<u64>>> {
        heaps_alone(numbers)
    }
}

impl Notation for KlNim {
    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let at = numbers.iter().zip(after).position(|(n, a)| n != a).unwrap_or(0);
        match self.changed(numbers, at..at + 1, after) {
            Ok((i, left)) => Ruleset::nim().describe_move(i + 1, numbers.get(i).copied().unwrap_or(0), &[left]),
            Err(why) => why,
        }
    }
}

impl PlayHelp for KlNim {
    /// One object from the first heap that has it, two when the player may not take one.
    /// From a random heap on, the first heap with a move: a random take of it but the banned one.
    fn random_move(&self, numbers: &[u64], mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let banned = self.banned(mover);
        random_heap_move(numbers, below, |i, n, below| {
            let allowed = n.saturating_sub(u64::from(banned <= n));
            if allowed == 0 {
                return None;
            }
            // The k-th allowed take, skipping the banned size.
            let mut t = 1 + below(allowed);
            if t >= banned {
                t += 1;
            }
            Some(heap_left_at(numbers, i, n - t))
        })
    }

    /// Each take from each heap: at most the heaps' total, for either player.
    fn option_count_bound(&self, numbers: &[u64]) -> Option<u128> {
        Some(numbers.iter().map(|&h| u128::from(h)).sum())
    }

    /// 2 to 4 small heaps (1 to 7), so that the exact search answers at once.
    fn random_position(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
        (0..2 + below(3)).map(|_| (1 + below(7)).to_string()).collect()
    }
}

impl Theory for KlNim {
    /// The outcome for the player to move, and every winning move, by the engine's exact search
    /// over (heaps, player to move) within the budget.
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let [k, l] = self.forbidden;
        if !context.misere {
            // Under normal play the game is short and partizan: Conway's value decides it, and
            // the heaps are valued one by one (the position is their sum).
            // At once where the value is small; a position whose value takes more work is
            // decided by the exact search below, and `grundy value` computes the value.
            if let Some(mut answer) = value::solve_by_value(self, numbers, context, Some(VALUE_AT_ONCE))? {
                answer.explanation.insert(
                0,
                format!(
                    "K-L-Nim with K = {k} and L = {l}: Left (the first player) may never take exactly {k} objects and Right (the second) never exactly {l}. The players have different moves, so the game is partizan: it has Conway's value, the sum of its heaps' values, and no Sprague-Grundy value."
                ),
            );
                return Ok(answer);
            }
            // Past that work, the heaps' atomic weights decide many rows of heaps (the two-ahead
            // rule), each heap valued alone.
            if let Some(answer) = two_ahead::answer_by_atomic_weight(self, numbers, context, VALUE_AT_ONCE)? {
                return Ok(answer);
            }
        }
        let me = context.to_move.min(1);
        let game = Searched { rules: *self };
        let mut search = context.search.start(
            &game,
            context.misere,
            context.budget,
            reachable_bound(numbers, 2),
            8 * (numbers.len() as u64 + 1),
        );
        let wins = search.wins(&state(numbers, me))?;
        let banned = self.banned(me);
        let mut winning = vec![];
        for (i, &h) in numbers.iter().enumerate() {
            for take in (1..=h).filter(|&t| t != banned) {
                let next = heap_left_at(numbers, i, h - take);
                if !search.wins(&state(&next, 1 - me))? {
                    winning.push(next);
                }
            }
        }
        let total_moves: u64 = numbers.iter().map(|&h| h - u64::from(h >= banned)).sum();
        let (who, other) = (player(me), player(1 - me));
        let mut answer = Analysis::of_board(self, numbers, wins, None, winning, Method::Search);
        answer.explanation = vec![
            format!(
                "K-L-Nim with K = {k} and L = {l}: the first player may never take exactly {k} objects and the second never exactly {l}. The players have different moves, so the game is partizan and has no Sprague-Grundy value."
            ),
            format!(
                "The outcome comes from an exact search over (heaps, player to move) by the definition of P and N: {} positions were decided.",
                search.positions()
            ),
            if wins {
                format!("The {who} player, to move, wins: each winning move leaves the {other} player a position where every reply loses.")
            } else if total_moves == 0 {
                format!(
                    "The {who} player, to move, has no legal move (taking exactly {banned} is forbidden to them), so they {} under {} play.",
                    if context.misere { "win" } else { "lose" },
                    if context.misere { "misere" } else { "normal" }
                )
            } else {
                format!("The {who} player, to move, loses: every one of their {total_moves} moves leaves the {other} player a winning position.")
            },
        ];
        Ok(answer)
    }

    fn as_heap_rule(&self) -> Option<(Ruleset, String)> {
        let [k, l] = self.forbidden;
        if k != l {
            return None;
        }
        let set = MoveSet::new([k]).ok()?;
        Some((
            Ruleset::all_but(set),
            format!(
                "With K = L = {k} both players have the same moves: this is the impartial game allbut:{k} (take any number but {k})."
            ),
        ))
    }
}

#[cfg(feature = "draw")]
impl Face for KlNim {
    /// Nim heaps, where the player to move may not take their forbidden size.
    fn draw(&self, numbers: &[u64], mover: usize) -> Sketch {
        let rows: Vec<(String, Ruleset, u64)> =
            numbers.iter().enumerate().map(|(i, &n)| (format!("heap {}", i + 1), Ruleset::nim(), n)).collect();
        let banned = self.banned(mover);
        let mut s = heaps_face(&rows, Some(banned));
        let who = if mover == 0 { "first player" } else { "second player" };
        let y = s.height + 10.0;
        let [k, l] = self.forbidden;
        // The end of the game says who won, as every partizan game's drawing does.
        let over = !self.has_move(numbers, mover);
        let caption = if !over {
            format!("The first player may never take exactly {k}, the second never {l}: the {who} moves, so no taking {banned}.")
        } else {
            let other = if mover == 0 { "second player" } else { "first player" };
            format!("The {who} has no move: the {other} wins.")
        };
        s.turn_note(y, over, &caption);
        s.height = y + 8.0;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive::NaiveSolver;
    use crate::{analyze, AnalyzeOptions, Convention, Game, Player};

    /// The search's options, built in place, are the canonical states of the positions after
    /// each move, on every canonical state of up to four heaps below 6.
    #[test]
    fn options_built_in_place_are_the_canonical_states() {
        let mut states = vec![vec![]];
        for _ in 0..4 {
            let longer: Vec<Vec<u64>> = states
                .iter()
                .filter(|s| s.len() == states.last().map_or(0, Vec::len))
                .flat_map(|s: &Vec<u64>| {
                    (s.last().copied().unwrap_or(1)..6).map(move |h| [s.clone(), vec![h]].concat())
                })
                .collect();
            states.extend(longer);
        }
        assert!(states.len() > 100, "{} states", states.len());
        for heaps in &states {
            for (i, &h) in heaps.iter().enumerate() {
                for left in 0..h {
                    for mover in 0..2 {
                        assert_eq!(
                            option_state(heaps, i, left, mover),
                            state(&heap_left_at(heaps, i, left), mover),
                            "{heaps:?}, heap {i} left at {left}"
                        );
                    }
                }
            }
        }
    }

    /// The search's answer (outcome and every winning move, for either player to move, both
    /// conventions) is the exhaustive solver's, over every position of up to three heaps below 5.
    #[test]
    fn the_search_agrees_with_the_exhaustive_solver_for_either_mover() {
        for spelling in ["kl:1,2", "kl:2,1", "kl:2,3", "kl:3,3"] {
            let game: Game = spelling.parse().unwrap();
            let mut naive = NaiveSolver::new();
            for heaps in [vec![0], vec![1], vec![4], vec![1, 2], vec![3, 4], vec![2, 2, 1], vec![4, 3, 1]] {
                let tokens: Vec<String> = heaps.iter().map(u64::to_string).collect();
                let pos = game.parse_position(&tokens).unwrap();
                for convention in [Convention::Normal, Convention::Misere] {
                    for to_move in [Player::First, Player::Second] {
                        let o = AnalyzeOptions { convention, to_move, ..AnalyzeOptions::default() };
                        let a = analyze(&game, &pos, &o).unwrap();
                        let wins = naive.wins(&pos, convention, to_move);
                        assert_eq!(
                            a.outcome,
                            crate::Outcome::from_win(wins),
                            "{spelling} {heaps:?} {convention} {to_move}"
                        );
                        let mut want: Vec<_> = naive.winning_moves(&pos, convention, to_move);
                        let mut got: Vec<_> = a.winning_moves.iter().map(|m| m.mv.clone()).collect();
                        want.sort_by_key(|m| format!("{m}"));
                        got.sort_by_key(|m| format!("{m}"));
                        assert_eq!(got, want, "{spelling} {heaps:?} {convention} {to_move}");
                    }
                }
            }
        }
    }

    /// The game is a registry entry: `kl:K,L` reads as this file's game, K = L plays as
    /// `allbut:K` with its values, and K != L is partizan.
    #[test]
    fn the_registry_reads_it_and_k_equal_l_is_the_all_but_game() {
        let game: Game = "kl:2,2".parse().unwrap();
        let Game::Board(b) = &game else { panic!("kl:2,2 is a board game of the registry") };
        assert_eq!(b.downcast::<KlNim>(), Some(&KlNim { forbidden: [2, 2] }));
        let pos = game.parse_position(&["4", "5"]).unwrap();
        let a = analyze(&game, &pos, &AnalyzeOptions::default()).unwrap();
        let allbut: Game = "allbut:2".parse().unwrap();
        let b = analyze(&allbut, &allbut.parse_position(&["4", "5"]).unwrap(), &AnalyzeOptions::default()).unwrap();
        assert_eq!(a.sg, b.sg);
        assert!(a.sg.is_some());
        assert!(a.explanation[0].starts_with("With K = L = 2 both players have the same moves"));
        assert!(game.is_impartial());
        assert!(!"kl:2,3".parse::<Game>().unwrap().is_impartial());
        assert_eq!(Board::parse("kl:0,3").unwrap().unwrap_err(), "K must be at least 1, not 0");
    }

    /// Intended change (issue 48): under Every-SG a K-L-Nim move with K = L is worded as every
    /// other game's move ("take 1 from heap 2 (5 -> 4)"), where the old path wrote the bare
    /// numbers ("4 5 -> 4 4").
    #[test]
    fn every_sg_words_its_moves_as_takes() {
        let game: Game = "kl:2,2".parse().unwrap();
        let pos = game.parse_position(&["4", "5"]).unwrap();
        let o = AnalyzeOptions { convention: Convention::Every, ..AnalyzeOptions::default() };
        let a = analyze(&game, &pos, &o).unwrap();
        assert_eq!(a.winning_moves[0].text, "take 1 from heap 2 (5 -> 4)");
    }
}
