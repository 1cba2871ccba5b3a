//! A forecast of the work of Conway's value of a board position, made before the work: a
//! proven lower bound, from a walk of the positions the search must visit.
//!
//! The search ([`crate::rules::board::machinery::value::BoardValues`], its memo empty) visits every
//! position reachable from the root, each once: a position that falls apart is the sum of its
//! parts, one the game's rule values at once is not looked into, and any other has its options
//! for both players listed. Each position whose options are listed costs the search at least
//! one step an option and a step a word of each option's key (the listing's count, which
//! counts the key's words beside the option), and one more step an option when its canonical
//! form is made (`GameStore::game` counts the options it is given), whatever the comparisons
//! then cost. Summed over positions the search must visit, that is a lower bound on its work.
//!
//! The walk goes level by level from the root. A position found is first counted by its
//! options alone, without listing their keys (a packed game counts them at once,
//! [`PackedRules::key_option_count`]; a game of numbers lists them without making their
//! canonical forms, and each counts two steps); when its turn comes its options' keys are
//! made, its count raised to the search's listing, and the new positions among them counted
//! in turn. The bound only grows, so the walk stops as soon as it passes the work allowed: an
//! empty 8x8 Domineering board is known to need more than 5*10^7 steps from about 2.6*10^6
//! keys made, where the search would take seconds to find it out.

use std::collections::VecDeque;

use crate::error::AnalyzeError;
use crate::key_hash::KeyMap;
use crate::rules::board::machinery::packed::{Packed, PackedRules};
use crate::rules::board::machinery::value::{listing_steps_at_least, NUMBERS_WORD_STEPS};
use crate::rules::board::BoardRules;
use crate::values::partizan::GameStore;

/// What the walk found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkForecast {
    /// Steps of work the search is certain to take (a lower bound).
    pub at_least: u64,
    /// The positions walked (distinct canonical positions the search must visit).
    pub positions: u64,
    /// Whether the walk reached every position the search visits (then `at_least` is the
    /// search's listing and its canonical forms' count, the comparisons not counted).
    pub complete: bool,
    /// The effort the walk took, in the unit of the search's listing: each key made counts
    /// the steps the search counts for listing it.
    pub effort: u64,
}

/// The effort a forecast of a computation allowed `work` steps spends at most: a quarter of
/// them (what it finds is work the search would do again, so it stays a small part of a value
/// computed in full), at least 2^16 and at most 2^24 (about 5.6*10^6 packed keys, a second or
/// two).
pub fn forecast_effort(work: u64) -> u64 {
    (work / 4).clamp(1 << 16, 1 << 24)
}

/// How often the walk checks the stop token (Ctrl-C), in its effort's unit.
const CHECK_EVERY: u64 = 4096;

/// A position as the walk sees it: a packed key or canonical numbers, the search's two kinds.
trait Walk {
    type Key: Clone + Eq + std::hash::Hash;
    /// The steps the search's listing counts for an option beside its own step (the words of
    /// its key).
    fn option_words(&self, key: &Self::Key) -> u64;
    /// The effort of making `key`: the steps the search's listing counts for it.
    fn key_effort(&self, key: &Self::Key) -> u64;
    /// What the search makes of `key`: its parts (more than one), or `None` when the game's
    /// rule values it at once, or its options for both players.
    fn expand(&self, key: &Self::Key, store: &mut GameStore) -> Expanded<Self::Key>;
    /// A lower bound on the steps the search spends on `key` alone, found without making its
    /// options' keys, and the keys' worth of effort it took; `None` when the position is too
    /// large to look at within `room` effort (its unit: [`WorkForecast::effort`]).
    fn first_count(&self, key: &Self::Key, store: &mut GameStore, room: u64) -> Option<(u64, u64)>;
    /// Whether listing the options of `key` may fit in `room` effort: `false` when they are
    /// known to take more ([`listing_steps_at_least`]), and the walk stops before listing them.
    fn fits(&self, key: &Self::Key, room: u64) -> bool;
}

/// What the search makes of a position.
enum Expanded<K> {
    /// Its parts: the search lists nothing for it.
    Parts(Vec<K>),
    /// Valued at once by the game's rule.
    Known,
    /// Its options, Left's then Right's.
    Options(Vec<K>),
}

/// The packed search's positions.
struct Packs<'a>(&'a dyn PackedRules);

impl Walk for Packs<'_> {
    type Key = Packed;
    fn option_words(&self, _key: &Packed) -> u64 {
        2
    }
    fn key_effort(&self, _key: &Packed) -> u64 {
        3
    }
    fn expand(&self, key: &Packed, store: &mut GameStore) -> Expanded<Packed> {
        let mut out = vec![];
        self.0.key_parts(*key, &mut out);
        if out.len() > 1 {
            return Expanded::Parts(out);
        }
        if self.0.key_value(*key, store).is_some() {
            return Expanded::Known;
        }
        out.clear();
        self.0.key_options(*key, 0, &mut out);
        self.0.key_options(*key, 1, &mut out);
        Expanded::Options(out)
    }
    fn fits(&self, _key: &Packed, _room: u64) -> bool {
        true
    }
    fn first_count(&self, key: &Packed, store: &mut GameStore, _room: u64) -> Option<(u64, u64)> {
        let mut parts = vec![];
        self.0.key_parts(*key, &mut parts);
        if parts.len() > 1 || self.0.key_value(*key, store).is_some() {
            return Some((0, 3));
        }
        let n = self.0.key_option_count(*key, 0).saturating_add(self.0.key_option_count(*key, 1));
        // Each option: its step, its key's two words, its step in the canonical form.
        Some((n.saturating_mul(4), 3))
    }
}

/// The search's positions of numbers.
struct Numbers<'a>(&'a dyn BoardRules);

impl Walk for Numbers<'_> {
    type Key = Vec<u64>;
    fn option_words(&self, key: &Vec<u64>) -> u64 {
        NUMBERS_WORD_STEPS * key.len() as u64
    }
    fn key_effort(&self, key: &Vec<u64>) -> u64 {
        NUMBERS_WORD_STEPS * key.len() as u64 + 1
    }
    fn expand(&self, key: &Vec<u64>, store: &mut GameStore) -> Expanded<Vec<u64>> {
        let rules = self.0;
        if let Some(parts) = rules.components(key).filter(|parts| parts.len() > 1) {
            return Expanded::Parts(parts.iter().map(|p| rules.canonical(p)).collect());
        }
        if rules.known_value(key, store).is_some() {
            return Expanded::Known;
        }
        let mut out: Vec<Vec<u64>> = rules.options(key, 0).iter().map(|o| rules.canonical(o)).collect();
        out.extend(rules.options(key, 1).iter().map(|o| rules.canonical(o)));
        Expanded::Options(out)
    }
    fn fits(&self, key: &Vec<u64>, room: u64) -> bool {
        listing_steps_at_least(self.0, key, room).is_none()
    }
    fn first_count(&self, key: &Vec<u64>, store: &mut GameStore, room: u64) -> Option<(u64, u64)> {
        let rules = self.0;
        // Options too long to list within the room, counted without listing them.
        if let Some(steps) = listing_steps_at_least(rules, key, room) {
            return Some((steps, self.key_effort(key)));
        }
        if options_fit(rules, key, room) {
            if rules.components(key).is_some_and(|parts| parts.len() > 1) || rules.known_value(key, store).is_some() {
                return Some((0, NUMBERS_WORD_STEPS * key.len() as u64 + 1));
            }
            let n = (rules.options(key, 0).len() + rules.options(key, 1).len()) as u64;
            // Each option: its step in the listing (its key's words not known before its
            // canonical form is made) and its step in the canonical form.
            return Some((n.saturating_mul(2), n.saturating_mul(NUMBERS_WORD_STEPS * key.len() as u64 + 1)));
        }
        None
    }
}

/// Whether listing the options of `numbers` fits in `room` keys' effort, as far as the game
/// bounds them (a K-L-Nim heap of 10^9 has 10^9 options: they are never listed here).
fn options_fit(rules: &dyn BoardRules, numbers: &[u64], room: u64) -> bool {
    rules.option_count_bound(numbers).is_none_or(|n| n <= u128::from(room) / 2)
}

/// The forecast of the work of the value of `numbers` of `rules`, its walk stopped once its
/// bound passes `beyond` steps (it then goes on while its effort is under twice what it had
/// taken, to tell a larger bound) or once it has made `effort` keys. Checks the stop token.
pub fn forecast_work(
    rules: &dyn BoardRules,
    numbers: &[u64],
    beyond: u64,
    effort: u64,
) -> Result<WorkForecast, AnalyzeError> {
    if let Some(packed) = rules.packed() {
        if let Some(key) = packed.key_of(numbers) {
            return walk(&Packs(packed), key, beyond, effort);
        }
    }
    walk(&Numbers(rules), rules.canonical(numbers), beyond, effort)
}

/// [`forecast_work`] for a caller that asks only whether the bound passes `beyond` (a value
/// refused before the work): a walk that can never pass it is not made, a forecast of no steps
/// (the least lower bound) returned at once, not complete.
///
/// - *Packed games:* each position the packed walk finds adds at most four steps for each of
///   its options to the bound and takes three of its effort, and the walk stops once its effort
///   reaches `effort` but for the options of the position it expands then: with at most `n`
///   keys a key ([`PackedRules::most_options`]) it never finds more than
///   `4n (effort / 3 + n + 1)` steps. Where the work allowed is far past that (the largest
///   `--work`), the walk of a position the search then values in full is its listing made once
///   more: a sixth of Fission's time on a board valued in 2 s.
/// - *Canonical numbers:* a walk counts at most two steps of bound a step of its effort (an
///   option listed counts its key's words and two steps, its key's effort its words and one; a
///   position first counted, two steps an option at a key's effort an option), save where the
///   game tells how long its options are without listing them
///   ([`PlayHelp::option_words`](crate::rules::board::PlayHelp::option_words), then counted at
///   once). So with none told and an effort of at most a quarter of `beyond`, only one position
///   whose options alone take more than the whole effort to list could take the walk past (and
///   the search refuses it at its work limit): the walk is left out. A random digraph of 24
///   vertices spent two fifths of its value in a walk of every position that could not refuse
///   it.
pub fn forecast_past(
    rules: &dyn BoardRules,
    numbers: &[u64],
    beyond: u64,
    effort: u64,
) -> Result<WorkForecast, AnalyzeError> {
    let packed = rules.packed().filter(|packed| packed.key_of(numbers).is_some());
    let never = WorkForecast { at_least: 0, positions: 0, complete: false, effort: 0 };
    match packed {
        Some(packed) => {
            if let Some(n) = packed.most_options() {
                let found = u128::from(effort / 3) + u128::from(n) + 1;
                if u128::from(n) * 4 * found <= u128::from(beyond) {
                    return Ok(never);
                }
            }
        }
        None => {
            let told = (0..2).any(|mover| rules.option_words(numbers, mover).is_some());
            if !told && effort <= beyond / 4 {
                return Ok(never);
            }
        }
    }
    forecast_work(rules, numbers, beyond, effort)
}

/// The walk from `root` (see [`forecast_work`]).
fn walk<W: Walk>(w: &W, root: W::Key, beyond: u64, effort: u64) -> Result<WorkForecast, AnalyzeError> {
    // A store for the game's rules that value a position at once (they make it there). Its
    // work is the walk's effort too, bounded by the same cap: a rule "at once" may still build
    // large canonical forms (coloured Hackenbush strings), and unbounded they made the walk
    // itself the slow part (a 200-edge coloured cycle: seconds a million steps of effort).
    let mut store = GameStore::new();
    store.set_total_work_limit(effort);
    // The keys walked, by the memos' hash (SipHash spent a twentieth of a walk of graphs).
    let mut seen: KeyMap<W::Key, ()> = KeyMap::default();
    let mut queue: VecDeque<(W::Key, u64)> = VecDeque::new();
    let (mut bound, mut spent, mut cap) = (0u64, 0u64, effort);
    // The effort used: the keys made, and the steps of the values made in the store.
    let used = |spent: u64, store: &GameStore| spent.saturating_add(store.work_done());
    let mut found = |key: W::Key, store: &mut GameStore, bound: &mut u64, spent: &mut u64, cap: u64| {
        if seen.contains_key(&key) {
            return Some(None);
        }
        let (first, cost) = w.first_count(&key, store, cap.saturating_sub(used(*spent, store)))?;
        *spent = spent.saturating_add(cost);
        *bound = bound.saturating_add(first);
        seen.insert(key.clone(), ());
        Some(Some((key, first)))
    };
    let forecast = |bound: u64, positions: usize, complete: bool, effort: u64| WorkForecast {
        at_least: bound,
        positions: positions as u64,
        complete,
        effort,
    };
    match found(root, &mut store, &mut bound, &mut spent, cap) {
        Some(Some(entry)) => queue.push_back(entry),
        _ => return Ok(forecast(0, 0, false, spent)),
    }
    let mut positions = 1usize;
    while let Some((key, first)) = queue.pop_front() {
        if bound > beyond && cap == effort {
            // Past the work allowed: a little more walking tells a larger bound.
            cap = used(spent, &store).saturating_mul(2).min(effort);
        }
        if used(spent, &store) >= cap {
            return Ok(forecast(bound, positions, false, used(spent, &store)));
        }
        if !w.fits(&key, cap.saturating_sub(used(spent, &store))) {
            return Ok(forecast(bound, positions, false, used(spent, &store)));
        }
        let before = spent;
        let options = match w.expand(&key, &mut store) {
            Expanded::Parts(parts) => parts,
            Expanded::Known => vec![],
            Expanded::Options(options) => {
                let listed: u64 = options.iter().map(|o| w.option_words(o) + 2).sum();
                // The search's count for this position replaces the first one (never larger).
                bound = bound.saturating_sub(first).saturating_add(listed.max(first));
                options
            }
        };
        spent = spent.saturating_add(options.iter().map(|o| w.key_effort(o)).sum::<u64>());
        for o in options {
            match found(o, &mut store, &mut bound, &mut spent, cap) {
                Some(Some(entry)) => {
                    queue.push_back(entry);
                    positions += 1;
                }
                Some(None) => {}
                None => return Ok(forecast(bound, positions, false, used(spent, &store))),
            }
        }
        if before / CHECK_EVERY != spent / CHECK_EVERY {
            crate::stop::check()?;
        }
    }
    // A rule refused past the store's bound valued nothing: the walk is then not complete.
    Ok(forecast(bound, positions, store.work_done() <= effort, used(spent, &store)))
}

/// The nodes a search of wins and losses will visit in all, forecast from `done`, the nodes it
/// has visited, and `path`, where it stands: at each depth from the root, the move it tries
/// (from 0) and the moves there. Knuth's estimate of a tree's size from its paths ("Estimating
/// the efficiency of backtrack programs", 1975), read as the part of the tree done: a position
/// where every move is tried shares its part of the tree among its moves, and those before the
/// one tried are done. A search of who wins tries every move only where the player to move
/// loses; where she wins it stops at the first winning move, which good ordering makes the
/// first. Those levels alternate along a path, so the levels where a move past the first is
/// tried (the player there has not yet found a win) are taken to be the losing side's, and
/// the others the winning side's, whose move tried is taken to be the one that wins (its whole
/// part). `None` while nothing of the losing side's levels is done. `even_root`: where the root
/// is the losing side's, its moves weigh alike (the packed games' roots, whose moves are
/// distinct positions, each refuted by a tree of about one size: the harmonic weights read
/// 2^20 positions into the Clobber 5x6 checkerboard forecast 40 million, where the search
/// passes 640 million).
pub fn outcome_nodes(done: u64, path: &[(u32, u32)], even_root: bool) -> Option<u64> {
    // Which parity of depth is the losing side's: by the levels past their first move, the
    // deeper weighing less (near the root a move past the first is rare and telling).
    let mut votes = [0u64; 2];
    for (d, &(k, _)) in path.iter().enumerate() {
        if k > 0 {
            votes[d % 2] += 1;
        }
    }
    // With no vote, the root's player is taken to win (she moves at even depths).
    let losing = usize::from(votes[1] >= votes[0]);
    // The i-th move of a losing level weighs 1/(i+1): moves are ordered the likeliest to win
    // first, and those are the hardest to refute (the harmonic weights were measured against
    // even ones on the empty 7x7, 7x8 and 8x7 boards, which even weights forecast 10 to 40
    // times too large). Measured again with the least reading of a probe (bench/HISTORY.md,
    // 2026-11-30): weights 1/(i+1)^a read 0.1 to 0.73 times the nodes at a = 1 (a spread of
    // 8), 7.7 at a = 1.3, 36 at a = 0.75; the even weights (a = 0) spread 10^4.
    let harmonic = |n: u32| (1..=n).map(|i| 1.0 / f64::from(i)).sum::<f64>();
    let (mut share, mut part) = (1.0f64, 0.0f64);
    for (d, &(k, m)) in path.iter().enumerate() {
        if d % 2 != losing {
            continue;
        }
        if d == 0 && even_root {
            part += share * f64::from(k) / f64::from(m.max(1));
            share /= f64::from(m.max(1));
            continue;
        }
        let all = harmonic(m.max(1));
        part += share * harmonic(k) / all;
        share *= 1.0 / (f64::from(k) + 1.0) / all;
    }
    (part > 0.0).then(|| (done as f64 / part).min(u64::MAX as f64) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::machinery::value::BoardValues;
    use crate::rules::board::{Board, Players};

    /// The forecast of `position` of `game`, walked to the end, and the work the search then
    /// counts in a fresh store (`None` past 2*10^7 steps).
    fn forecast_and_work(game: &str, position: &str) -> (WorkForecast, Option<u64>) {
        let board = Board::parse(game).unwrap().unwrap();
        let numbers = board.rules().parse(&[position]).unwrap();
        let f = forecast_work(board.rules(), &numbers, u64::MAX, u64::MAX).unwrap();
        let mut store = GameStore::new();
        store.set_total_work_limit(20_000_000);
        let mut values = BoardValues::new(board.rules(), u64::MAX);
        let work = values.value(&mut store, &numbers).ok().map(|_| store.work_done());
        (f, work)
    }

    /// The cells of a board of `rows` x `cols` from the digits of `n` in base `symbols.len()`.
    fn board(rows: usize, cols: usize, symbols: &[char], mut n: usize) -> String {
        let mut text = String::new();
        for r in 0..rows {
            if r > 0 {
                text.push('/');
            }
            for _ in 0..cols {
                text.push(symbols[n % symbols.len()]);
                n /= symbols.len();
            }
        }
        text
    }

    /// The forecast is a lower bound on the search's work, on every small board of Domineering
    /// (packed keys) and Clobber (numbers), K-L-Nim heaps, and each partizan board game's
    /// example: walked to the end, it never passes the work the search counts, and it is no
    /// empty bound where the search lists options.
    #[test]
    fn the_forecast_never_passes_the_work() {
        let mut cases: Vec<(&str, String)> = vec![];
        for n in 0..(1 << 12) {
            cases.push(("domineering", board(3, 4, &['.', '#'], n)));
        }
        for n in 0..729 {
            cases.push(("clobber", board(2, 3, &['.', 'x', 'o'], n)));
        }
        for n in (0..6561).step_by(7) {
            cases.push(("clobber", board(2, 4, &['.', 'x', 'o'], n)));
        }
        for h in 0..40 {
            cases.push(("kl:2,3", h.to_string()));
        }
        for kind in crate::rules::catalogue::GAMES {
            let Some(Ok(board)) = Board::parse(kind.example_game) else { continue };
            let rules = board.rules();
            let Ok(numbers) = rules.parse(&[kind.example_position]) else { continue };
            if rules.players(None) != Players::TurnInPosition && rules.players(Some(&numbers)).why_partizan().is_some()
            {
                cases.push((kind.example_game, kind.example_position.to_string()));
            }
        }
        let mut counted = 0;
        for (game, position) in &cases {
            let (f, work) = forecast_and_work(game, position);
            assert!(f.complete, "{game} {position}: {f:?}");
            let Some(work) = work else { continue };
            assert!(f.at_least <= work, "{game} {position}: forecast {f:?}, work {work}");
            counted += u64::from(f.at_least > 0);
        }
        assert!(counted > 1000, "{counted} positions with a bound");
    }

    /// A walk of canonical numbers bounds at most two steps of work a step of its effort where
    /// the game tells no option's length ([`forecast_past`] leaves such a walk out): walked to
    /// the end, on the example and 6 random positions of every partizan game of numbers.
    #[test]
    fn a_walk_of_numbers_bounds_at_most_twice_its_effort() {
        let mut state = 7u64;
        let mut walked = 0;
        for kind in crate::rules::catalogue::GAMES {
            let Some(Ok(board)) = Board::parse(kind.example_game) else { continue };
            let rules = board.rules();
            if rules.players(None) == Players::TurnInPosition {
                continue;
            }
            let mut starts = vec![vec![kind.example_position.to_string()]];
            let mut below = |n: u64| crate::key_hash::splitmix64(&mut state) % n.max(1);
            starts.extend((0..6).map(|_| rules.random_position(&mut below)));
            for tokens in starts {
                let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
                let Ok(numbers) = rules.parse(&tokens) else { continue };
                let packed = rules.packed().is_some_and(|p| p.key_of(&numbers).is_some());
                let told = (0..2).any(|mover| rules.option_words(&numbers, mover).is_some());
                if packed
                    || told
                    || rules.players(Some(&numbers)).why_partizan().is_none()
                    || crate::rules::board::machinery::loopy::is_loopy(rules, &numbers)
                {
                    continue;
                }
                let f = forecast_work(rules, &numbers, u64::MAX, 1 << 20).unwrap();
                assert!(f.at_least <= 2 * f.effort, "{} {tokens:?}: {f:?}", kind.spelling);
                walked += usize::from(f.at_least > 0);
                // Where it cannot pass, the walk is left out.
                assert_eq!(forecast_past(rules, &numbers, 4 << 20, 1 << 20).unwrap().positions, 0);
            }
        }
        assert!(walked > 20, "{walked} walks with a bound");
    }

    /// The values a game's rule gives at once are made within the walk's effort: on a coloured
    /// Hackenbush cycle of 200 edges (each option two strings from the ground, each valued by
    /// the rule for strings, their canonical forms large), a walk allowed 2^23 steps of effort
    /// spends them on the strings' values and stops. One that left the rule's work uncounted
    /// walked all 597 positions on 2.7*10^6 steps of keys, taking 20 s to make their values.
    #[test]
    fn the_values_the_rule_makes_count_in_the_effort() {
        let cycle: Vec<String> =
            (0..200).map(|i| format!("{i}-{}:{}", (i + 1) % 200, ['b', 'r', 'g'][i % 3])).collect();
        let board = Board::parse("hackenbush").unwrap().unwrap();
        let numbers = board.rules().parse(&[cycle.join(",").as_str()]).unwrap();
        let f = forecast_work(board.rules(), &numbers, u64::MAX, 1 << 23).unwrap();
        assert!(!f.complete && f.effort >= 1 << 23, "{f:?}");
    }

    /// Where a game bounds its keys' options (Fission), a walk within an effort finds at most
    /// `4n (effort / 3 + n + 1)` steps: [`forecast_past`] skips the walk for a caller's bound
    /// at least that, and below it walks as [`forecast_work`] does (at the largest `--work`
    /// the bound passes it; at the default it does not).
    #[test]
    fn a_walk_that_cannot_pass_its_bound_is_not_walked() {
        let board = Board::parse("fission").unwrap().unwrap();
        let rules = board.rules();
        let n = rules.packed().unwrap().most_options().unwrap();
        for position in ["..x../...x./...../...x./...../.....", "x.x/.../.x.", ".x.x/..../..x./...."] {
            let numbers = rules.parse(&[position]).unwrap();
            for effort in [1 << 6, 1 << 10, 1 << 14] {
                let most = 4 * n * (effort / 3 + n + 1);
                let walked = forecast_work(rules, &numbers, u64::MAX, effort).unwrap();
                assert!(walked.at_least > 0 && walked.at_least <= most, "{position}: {walked:?}");
                let skipped = forecast_past(rules, &numbers, most, effort).unwrap();
                assert_eq!(skipped, WorkForecast { at_least: 0, positions: 0, complete: false, effort: 0 });
                let below = forecast_past(rules, &numbers, most - 1, effort).unwrap();
                assert_eq!(below, forecast_work(rules, &numbers, most - 1, effort).unwrap(), "{position}");
                assert!(below.effort > 0, "{position}");
            }
        }
        let largest = 1u64 << 36;
        assert!(4 * n * (forecast_effort(largest) / 3 + n + 1) <= largest);
        let default = crate::values::partizan::DEFAULT_WORK_LIMIT;
        assert!(4 * n * (forecast_effort(default) / 3 + n + 1) > default);
    }

    /// The outcome search's estimate reads the losing side's levels: nothing done there, no
    /// estimate; a losing level half through its moves forecasts less than the whole tree of
    /// the even weights would (its first moves weigh most); more of it done, a smaller forecast.
    #[test]
    fn the_outcome_forecast_reads_the_losing_sides_levels() {
        assert_eq!(outcome_nodes(1000, &[(0, 10), (0, 10), (0, 10)], false), None);
        let half = outcome_nodes(1000, &[(0, 10), (5, 10)], false).unwrap();
        assert!(half < 2000 && half > 1000, "{half}");
        let more = outcome_nodes(1000, &[(0, 10), (8, 10)], false).unwrap();
        assert!(more < half, "{more} {half}");
        // A move past the first at the root makes the root's level the losing side's.
        let root = outcome_nodes(1000, &[(5, 10), (0, 10)], false).unwrap();
        assert_eq!(root, half);
        // Weighed evenly, half the root's moves done is half the tree; a level below the root
        // still weighs its first moves most.
        assert_eq!(outcome_nodes(1000, &[(5, 10), (0, 10)], true), Some(2000));
        let below = outcome_nodes(1000, &[(0, 10), (5, 10)], true).unwrap();
        assert_eq!(below, half);
        let first = outcome_nodes(1000, &[(0, 10), (0, 10), (5, 10)], true).unwrap();
        assert!(first > 10 * half, "{first} {half}");
    }

    /// An empty 8x8 Domineering board is known to need more than 10^6 steps within a little of
    /// the effort, and the walk stops there.
    #[test]
    fn a_large_board_is_forecast_past_the_work_at_once() {
        let board = ["........"; 8].join("/");
        let numbers = Board::parse("domineering").unwrap().unwrap().rules().parse(&[board.as_str()]).unwrap();
        let f =
            forecast_work(Board::parse("domineering").unwrap().unwrap().rules(), &numbers, 1_000_000, 1 << 22).unwrap();
        assert!(f.at_least > 1_000_000 && !f.complete, "{f:?}");
        assert!(f.effort < 1 << 22, "{f:?}");
    }
}
