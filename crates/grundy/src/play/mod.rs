//! Playing a game against the computer: the computer's move at a chosen level, reading a
//! person's move with the reason when it is illegal, and a game [`Session`] with undo. Both the
//! terminal game (`grundy play`) and the web app use this; it does no I/O.
//!
//! A move is a [`Move`] (the crate's one move type, re-exported here): the 0-based index of the
//! heap moved in and the heaps it leaves in that heap's place (`[0]` when emptied, two or three
//! heaps for a splitting move, `[n']` for the divisor game). Heaps are numbered from 1 only in
//! what a person reads and types.

mod every;
mod examples;
pub use examples::{example_moves, typed_move, ExampleMove};

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::engine::heap::solvers_for;
use crate::error::{AnalyzeError, Work};
use crate::game::convention::{Convention, Outcome, Player};
use crate::game::games::{replaced, Parts};
use crate::game::moves::heap_index;
use crate::game::{Component, Game, Position};
pub use crate::game::{IllegalMove, Move};

pub mod export;
use crate::number::parse_u64;
use crate::rules::board::graph::{solve as graph_solve, Goal, Verdict};
use crate::rules::board::{BoardRules, GraphGame};
use crate::rules::Ruleset;
use crate::solve::analysis::{analyze, Analysis, AnalyzeOptions};
use crate::solve::naive::{self, NaiveSolver};

/// How well the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Level {
    /// Always a winning move when one exists; from a lost position the longest game.
    #[default]
    Perfect,
    /// Like `Perfect`, but one move in five is a random legal move instead.
    Good,
    /// One move in two is a random legal move.
    Easy,
}

impl Level {
    /// The chance, in percent, that a move is a deliberate random one.
    pub fn mistake_percent(self) -> u64 {
        match self {
            Level::Perfect => 0,
            Level::Good => 20,
            Level::Easy => 50,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Perfect => "perfect",
            Level::Good => "good",
            Level::Easy => "easy",
        })
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "perfect" => Ok(Level::Perfect),
            "good" => Ok(Level::Good),
            "easy" => Ok(Level::Easy),
            _ => Err(format!("unknown level '{s}' (expected perfect, good or easy)")),
        }
    }
}

/// A small seeded random number generator (splitmix64): the same seed gives the same game,
/// which is what tests and bug reports need; nothing here needs cryptographic quality.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator that starts from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0). The modulo bias is below 2^-32 for every n a game
    /// uses, far too small to matter for choosing moves.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }

    /// Whether an event of `percent` percent chance happens.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Heaps with at most this many options (and up to this size) have them enumerated when a
/// ruleset gives no faster way; beyond it such a check would take too long for an interactive
/// game (a split into three heaps of a heap of 2^16 has 3.6e8 options).
const ENUMERATE_LIMIT: u64 = 1 << 16;

/// How the remoteness search is bounded: the positions it may store, the moves it may
/// generate, and the total size of a position it starts from (which bounds its depth).
const REMOTENESS_POSITIONS: usize = 50_000;
const REMOTENESS_MOVES: u64 = 1_000_000;
const REMOTENESS_MAX_TOTAL: u64 = 1_000;

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

/// The smallest number of objects that may be taken from a heap of size `n` (`Some(None)` when
/// none), or `None` for a ruleset that is not take-only.
fn smallest_take(r: &Ruleset, n: u64) -> Option<Option<u64>> {
    r.smallest_take(n)
}

/// A random number of objects that may be taken from a heap of size `n`, or `None` for a
/// ruleset that is not take-only; `Some(None)` when the heap has no move.
fn random_take(r: &Ruleset, n: u64, rng: &mut Rng) -> Option<Option<u64>> {
    r.random_take(n, &mut |m| rng.below(m))
}

/// Every option of a heap of size `n`, when there are not too many to list.
fn enumerated_options(r: &Ruleset, n: u64) -> Result<Vec<Vec<u64>>, String> {
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

/// The heaps of an option without empty heaps, sorted: two ways of writing the same result
/// (`3 4` and `4 3`, or `0` and nothing) compare equal.
fn normalized(to: &[u64]) -> Vec<u64> {
    let mut v: Vec<u64> = to.iter().copied().filter(|&h| h > 0).collect();
    v.sort_unstable();
    v
}

fn list(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

fn plural(n: u64, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Checks that `mv` is a legal move for `player` in `position` and returns the position it
/// leads to; the error says why not.
///
/// ```
/// use grundy::{Game, Player, play::{check_move, Move}};
/// let game: Game = "bounded:3".parse().unwrap();
/// let pos = game.parse_position(&["7", "2"]).unwrap();
/// assert!(check_move(&pos, Player::First, &Move::new(0, vec![5])).is_ok());
/// let e = check_move(&pos, Player::First, &Move::new(0, vec![1])).unwrap_err();
/// assert_eq!(e.to_string(), "heap 1: at most 3 may be taken from a heap in bounded:3");
/// ```
pub fn check_move(position: &Position, player: Player, mv: &Move) -> Result<Position, IllegalMove> {
    let heaps = position.heaps();
    if let Some((g, numbers)) = graph_of(position) {
        // A token moved along a loop stays on its vertex, so the move is read from the token
        // and its vertex rather than from a change in the numbers.
        let [to] = mv.to[..] else {
            return Err(IllegalMove::new("a move slides one token to one vertex"));
        };
        let v = u32::try_from(to).map_err(|_| IllegalMove::new(format!("there is no vertex {to}")))?;
        if mv.width != 1 {
            return Err(IllegalMove::new("a move slides one token"));
        }
        g.check_token_move(numbers, mv.heap, v, Some(player.index())).map_err(IllegalMove::new)?;
        return Ok(apply(position, mv));
    }
    if let Position::Board(b, numbers) = position {
        let end = mv.heap.checked_add(mv.width).filter(|&e| e <= numbers.len() && mv.width > 0);
        if end.is_none() {
            return Err(IllegalMove::new(format!(
                "there is no {} (the numbers are {} to {})",
                position.label(mv.heap.min(numbers.len())),
                position.label(0),
                position.label(numbers.len().saturating_sub(1))
            )));
        }
        let after = mv.apply(numbers);
        b.rules().check(numbers, &after).map_err(IllegalMove::new)?;
        return Ok(Position::Board(b.clone(), after));
    }
    if let Position::Games(parts) = position {
        let layout = Parts::of(parts);
        let (i, local) = layout.local(mv).ok_or_else(|| {
            IllegalMove::new(format!(
                "a move is made in one game of the sum; numbers {} to {} are not all in one",
                mv.heap + 1,
                mv.heap + mv.width.max(1)
            ))
        })?;
        let part = parts.get(i).ok_or_else(|| IllegalMove::new("no such game"))?;
        let next = check_move(part, player, &local)
            .map_err(|e| IllegalMove::new(format!("game {} ({}): {e}", i + 1, crate::game::games::part_game(part))))?;
        return Ok(replaced(parts, i, next));
    }
    if mv.width != 1 {
        return Err(IllegalMove::new(format!(
            "a move here changes one {} at a time, not {}",
            position.label(0).split(' ').next().unwrap_or("heap"),
            mv.width
        )));
    }
    if mv.heap >= heaps.len() {
        return Err(IllegalMove::new(format!(
            "there is no heap {} (the heaps are numbered 1 to {})",
            mv.heap + 1,
            heaps.len()
        )));
    }
    let at = |why: String| IllegalMove::new(format!("heap {}: {why}", mv.heap + 1));
    let n = heaps[mv.heap];
    match position {
        // Checked by the game's own rule above.
        Position::Board(..) | Position::Games(_) => {}
        Position::Kl { forbidden, .. } => {
            let [m] = mv.to[..] else {
                return Err(at("a move of K-L-Nim leaves one heap".into()));
            };
            let take = n.checked_sub(m).ok_or_else(|| at(format!("it has only {}", plural(n, "object"))))?;
            match take_rule(&Ruleset::nim(), n, take) {
                Some(Err(why)) => return Err(at(why)),
                _ if take == forbidden[player.index()] => {
                    return Err(at(format!(
                        "the {player} player may never take exactly {take} (kl:{},{})",
                        forbidden[0], forbidden[1]
                    )))
                }
                _ => {}
            }
        }
        Position::Sum(cs) => {
            let r = &cs[mv.heap].ruleset;
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
        }
    }
    Ok(apply(position, mv))
}

/// The position after `mv`, assumed legal: the moved heap is replaced in place by the heaps it
/// leaves, each following the same ruleset.
pub fn apply(position: &Position, mv: &Move) -> Position {
    // A move in several games of a sum at once (an Every-SG turn): its numbers shared out
    // among the games as a legal move of each.
    position.after(mv).or_else(|| every::apply(position, mv)).unwrap_or_else(|| position.clone())
}

/// The move in words, as `grundy analyze` words winning moves: "take 11 from heap 3 (12 -> 1)",
/// "divide by 2^2 = 4 (12 -> 3)".
pub fn describe(position: &Position, mv: &Move) -> String {
    // A move in several games at once (an Every-SG turn): each game's move, joined.
    let several = match position {
        Position::Games(parts) => Parts::of(parts).local(mv).is_none(),
        Position::Sum(_) => mv.width > 1,
        _ => false,
    };
    if several {
        let next = apply(position, mv);
        if next != *position {
            return every::words(position, &next);
        }
    }
    let heaps = position.heaps();
    let n = heaps.get(mv.heap).copied().unwrap_or(0);
    match position {
        Position::Board(b, numbers) => match b.downcast::<GraphGame>() {
            Some(g) => {
                let to = mv.to.first().copied().unwrap_or(0) as u32;
                g.describe_move(numbers, mv.heap, to)
            }
            None => b.rules().describe(numbers, &mv.apply(numbers)),
        },
        Position::Games(parts) => {
            let layout = Parts::of(parts);
            match layout.local(mv).and_then(|(i, local)| Some((i, local, parts.get(i)?))) {
                // Worded as analyze words it: the game's own move, with which game of the sum
                // it is, as the explanation names it.
                Some((i, local, part)) => {
                    format!("in game {} ({}): {}", i + 1, crate::game::games::part_game(part), describe(part, &local))
                }
                None => mv.to_string(),
            }
        }
        Position::Kl { .. } => Ruleset::nim().describe_move(mv.heap + 1, n, &mv.to),
        Position::Sum(cs) => cs[mv.heap].ruleset.describe_move(mv.heap + 1, n, &mv.to),
    }
}

/// Reads a person's move and checks it: `3 11` takes 11 from heap 3, `2 -> 5` leaves 5 in heap
/// 2, `2 -> 3 4` splits heap 2 into heaps of 3 and 4 (splitting games), `take 11 from heap 3`
/// as `analyze` words it; in the divisor game `4` divides n by 4 and `-> 3` (or `1 -> 3`) leaves
/// 3. Every move reads back from what its `Display` writes (`3 -> 1`).
///
/// ```
/// use grundy::{Game, Player, play::{parse_move, Move}};
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["7", "9", "12", "15"]).unwrap();
/// assert_eq!(parse_move(&pos, Player::First, "3 11").unwrap(), Move::new(2, vec![1]));
/// assert_eq!(parse_move(&pos, Player::First, "2 -> 4").unwrap(), Move::new(1, vec![4]));
/// assert!(parse_move(&pos, Player::First, "5 1").unwrap_err().to_string().contains("no heap 5"));
/// ```
#[cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]
pub fn parse_move(position: &Position, player: Player, text: &str) -> Result<Move, IllegalMove> {
    let mv = read_move(position, text)?;
    check_move(position, player, &mv)?;
    Ok(mv)
}

/// Reads the text of a move without checking it is legal (beyond what reading needs).
#[cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]
fn read_move(position: &Position, text: &str) -> Result<Move, IllegalMove> {
    let t = text.trim();
    let num = |s: &str, what: &str| parse_u64(s, what).map_err(IllegalMove::new);
    let heaps = position.heaps();
    if let Some((g, numbers)) = graph_of(position) {
        let (token, v) = g.read_token_move(numbers, t).map_err(IllegalMove::new)?;
        return Ok(Move::new(token, vec![u64::from(v)]));
    }
    if let Position::Board(b, numbers) = position {
        if let Some(read) = b.rules().read_move(numbers, t) {
            return read
                .and_then(|after| {
                    Move::between(numbers, &after).ok_or_else(|| "a move must change the position".to_string())
                })
                .map_err(IllegalMove::new);
        }
    }
    let heap_index = |s: &str| heap_index(s, Some(heaps.len()));
    let taking = |heap: usize, take: u64| -> Result<Move, IllegalMove> {
        // `heap` comes from `heap_index`, so it is in range.
        let n = heaps.get(heap).copied().unwrap_or(0);
        let left = n
            .checked_sub(take)
            .ok_or_else(|| IllegalMove::new(format!("heap {}: it has only {}", heap + 1, plural(n, "object"))))?;
        Ok(Move::new(heap, vec![left]))
    };
    if let Some((h, rest)) = t.split_once("->") {
        // What `Move`'s `Display` writes, read by its own reader with the heaps' range.
        return Move::read_arrow(h, rest, Some(heaps.len()));
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    match words[..] {
        ["take", take, "from", "heap", h] => taking(heap_index(h)?, num(take, "the number taken")?),
        [h, take] => taking(heap_index(h)?, num(take, "the number taken")?),
        _ => Err(IllegalMove::new(format!(
            "'{t}' is not a move: type HEAP TAKE (e.g. '3 11' takes 11 from heap 3) or HEAP -> LEFT (e.g. '2 -> 5')"
        ))),
    }
}

/// Checks a turn of `convention` and returns the position after it. Under normal and misère
/// play a turn is one move ([`check_move`]); under Every-SG it is one move in every game of the
/// sum that is not over (each heap of a sum of heaps, each game of a `sum`), the games that are
/// over staying as they are, written as one [`Move`] over the run of numbers that changes. The
/// error names the game at fault.
///
/// ```
/// use grundy::{Convention, Game, Player, play::{check_turn, Move}};
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["3", "5", "0"]).unwrap();
/// // A move in heaps 1 and 2 (heap 3 is empty, so over): 3 -> 1 and 5 -> 0.
/// let turn = Move::between(&[3, 5, 0], &[1, 0, 0]).unwrap();
/// assert_eq!(check_turn(&pos, Player::First, Convention::Every, &turn).unwrap().heaps(), vec![1, 0, 0]);
/// let one = Move::new(0, vec![1]);
/// let e = check_turn(&pos, Player::First, Convention::Every, &one).unwrap_err().to_string();
/// assert!(e.starts_with("heap 2: no move was given for it"), "{e}");
/// ```
pub fn check_turn(
    position: &Position,
    player: Player,
    convention: Convention,
    mv: &Move,
) -> Result<Position, IllegalMove> {
    match convention {
        Convention::Every => every::check(position, player, mv),
        Convention::Normal | Convention::Misere => check_move(position, player, mv),
    }
}

/// Reads a person's turn under `convention` and checks it. Under Every-SG: the moves of each
/// game that is not over joined by `;`, each as [`parse_move`] reads a move, numbered in the
/// whole position (`1 3; 2 -> 5`), or one move over several games in the general form
/// (`1..2 -> 0 2`); under normal and misère play, [`parse_move`].
///
/// ```
/// use grundy::{Convention, Game, Player, play::{parse_turn, Move}};
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["3", "5"]).unwrap();
/// let turn = parse_turn(&pos, Player::First, Convention::Every, "1 3; 2 -> 2").unwrap();
/// assert_eq!(turn, Move::between(&[3, 5], &[0, 2]).unwrap());
/// assert_eq!(parse_turn(&pos, Player::First, Convention::Every, "1..2 -> 0 2").unwrap(), turn);
/// ```
pub fn parse_turn(
    position: &Position,
    player: Player,
    convention: Convention,
    text: &str,
) -> Result<Move, IllegalMove> {
    match convention {
        Convention::Every => every::read(position, player, text).map(|(mv, _)| mv),
        Convention::Normal | Convention::Misere => parse_move(position, player, text),
    }
}

/// A random turn under `convention`: under Every-SG a random move in every game that has one;
/// otherwise [`random_move`]. `None` when there is none.
pub fn random_turn(position: &Position, player: Player, convention: Convention, rng: &mut Rng) -> Option<Move> {
    match convention {
        Convention::Every => every::each_game(position, player, |g| random_move(g, player, rng)).map(|(mv, _)| mv),
        Convention::Normal | Convention::Misere => random_move(position, player, rng),
    }
}

/// The turn that changes the position least under `convention`: under Every-SG the smallest
/// move in every game that has one; otherwise [`smallest_move`]. `None` when there is none.
pub fn smallest_turn(position: &Position, player: Player, convention: Convention) -> Option<Move> {
    match convention {
        Convention::Every => every::each_game(position, player, |g| smallest_move(g, player)).map(|(mv, _)| mv),
        Convention::Normal | Convention::Misere => smallest_move(position, player),
    }
}

/// A turn as a person types it: `mv`'s own form (`3 -> 1`, `1..2 -> 2 5`), and under Every-SG
/// each game's move joined by `;` (`1 -> 0; 3 -> 2 3`), which cannot be misread whatever the
/// games.
///
/// ```
/// use grundy::{Convention, Game, play::{typed_turn, Move}};
/// let sum: Game = "sum".parse().unwrap();
/// let pos = sum.parse_position(&["euclid=5,3", "euclid=3,2"]).unwrap();
/// let turn = Move::between(&[5, 3, 3, 2], &[2, 3, 1, 2]).unwrap();
/// assert_eq!(typed_turn(&pos, Convention::Every, &turn), "1 -> 2; 3 -> 1");
/// ```
pub fn typed_turn(position: &Position, convention: Convention, mv: &Move) -> String {
    match convention {
        // A turn across games is shared out among them first: read as one game's move, its
        // numbers could leave a game in a position no legal move reaches.
        Convention::Every => every::typed(position, &every::apply(position, mv).unwrap_or_else(|| apply(position, mv))),
        Convention::Normal | Convention::Misere => mv.to_string(),
    }
}

/// Whether `player` has any move in `position` (the game is over when the player to move has
/// none). Cheap for every position, however large.
pub fn has_move(position: &Position, player: Player) -> bool {
    if let Some((g, numbers)) = graph_of(position) {
        let graph = g.graph();
        return graph.goal_reached(numbers).is_none()
            && numbers.iter().any(|&v| graph.moves_from(v as u32, player.index()).next().is_some());
    }
    match position {
        Position::Board(b, numbers) => b.rules().has_move(numbers),
        Position::Games(parts) => parts.iter().any(|p| has_move(p, player)),
        Position::Kl { forbidden, heaps } => {
            let banned = forbidden[player.index()];
            heaps.iter().any(|&h| h >= 1 && !(h == 1 && banned == 1))
        }
        Position::Sum(cs) => cs.iter().any(|c| match smallest_take(&c.ruleset, c.heap) {
            Some(t) => t.is_some(),
            None => match c.ruleset.split_rules() {
                Some(rules) => rules.has_option(c.heap),
                None => c.heap > ENUMERATE_LIMIT || !c.ruleset.options(c.heap).is_empty(),
            },
        }),
    }
}

/// The winner of a finished game: `to_move` has no move, so under normal play the other player
/// made the last move and wins; under misère the player to move wins.
pub fn winner_when_over(convention: Convention, to_move: Player) -> Player {
    match convention {
        Convention::Normal | Convention::Every => to_move.other(),
        Convention::Misere => to_move,
    }
}

/// The graph and the tokens' vertices, for a position of tokens on a graph.
fn graph_of(position: &Position) -> Option<(&GraphGame, &[u64])> {
    match position {
        Position::Board(b, numbers) => Some((b.downcast::<GraphGame>()?, numbers)),
        _ => None,
    }
}

/// Every legal move of `player` in `position`, for positions small enough to list (each
/// token's edges, for a game on a graph).
///
/// ```
/// use grundy::{Game, Player, play::legal_moves};
/// let game = Game::graph("graph", "a b\na c\nb c left\n").unwrap();
/// let pos = game.parse_position(&["a", "b"]).unwrap();
/// assert_eq!(legal_moves(&pos, Player::First).len(), 3);
/// assert_eq!(legal_moves(&pos, Player::Second).len(), 2);
/// ```
pub fn legal_moves(position: &Position, player: Player) -> Vec<Move> {
    match graph_of(position) {
        Some((g, numbers)) => {
            let graph = g.graph();
            if graph.goal_reached(numbers).is_some() {
                return vec![];
            }
            numbers
                .iter()
                .enumerate()
                .flat_map(|(i, &v)| {
                    graph.moves_from(v as u32, player.index()).map(move |w| Move::new(i, vec![u64::from(w)]))
                })
                .collect()
        }
        None => naive::moves(position, player).into_iter().map(|(m, _)| m).collect(),
    }
}

/// The winner once the game is over (`to_move` has no move, or a token of a game on a graph
/// has reached a goal), else `None`.
pub fn winner_of(position: &Position, convention: Convention, to_move: Player) -> Option<Player> {
    if let Some((g, numbers)) = graph_of(position) {
        match g.graph().goal_reached(numbers) {
            // The player who moved the token there is the one not to move.
            Some((_, Goal::Win)) => return Some(to_move.other()),
            Some((_, _)) => return Some(to_move),
            None => {}
        }
    }
    (!has_move(position, to_move)).then(|| winner_when_over(convention, to_move))
}

/// How many times a position may come up with the same player to move before the game is
/// declared drawn: the third time (as the threefold repetition of chess).
pub const REPETITIONS_FOR_A_DRAW: usize = 3;

/// Why the computer chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Reason {
    /// A winning move (the position was won).
    Winning,
    /// The position was lost; the move makes the game last longest (the largest remoteness).
    Longest,
    /// The position was lost and too big to search for the longest game: of a bounded number of
    /// moves looked at, the one that leaves the opponent the fewest winning replies, so that
    /// they must find a rare move.
    Fewest,
    /// The position was lost (or could not be solved within the budget) and the longest game
    /// could not be computed: the move that changes the position least.
    Smallest,
    /// A random legal move, made on purpose at a lower level.
    Mistake,
    /// The position was drawn (a game on a graph with cycles): a move that keeps it drawn.
    Drawing,
}

impl Reason {
    /// The reason in words.
    pub fn words(self) -> &'static str {
        match self {
            Reason::Winning => "a winning move",
            Reason::Longest => "lost position: the move that holds out longest",
            Reason::Fewest => "lost position: the move that leaves the fewest winning replies",
            Reason::Smallest => "the position is lost or unsolved: the smallest move",
            Reason::Mistake => "a deliberate mistake at this level",
            Reason::Drawing => "drawn position: a move that keeps it drawn",
        }
    }
}

/// The computer's chosen move. In JSON: `heap` (numbered from 1) and `to`, then the fields
/// below.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The move.
    #[serde(flatten)]
    pub mv: Move,
    /// The move in words.
    pub text: String,
    /// The position's numbers after it (as [`Position::heaps`]).
    pub result: Vec<u64>,
    /// Why this move.
    pub reason: Reason,
    /// Why this move, in words (with the search's failure when one gave up).
    pub note: String,
}

/// A move played in a [`Session`]: the move, in words, and the position after it. In JSON:
/// `heap` (numbered from 1) and `to`, then the fields below.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Played {
    /// The move.
    #[serde(flatten)]
    pub mv: Move,
    /// The move in words, as [`describe`] words it.
    pub text: String,
    /// The position's numbers after it (as [`Position::heaps`]).
    pub result: Vec<u64>,
}

/// A random legal move for `player`, or `None` when there is none.
pub fn random_move(position: &Position, player: Player, rng: &mut Rng) -> Option<Move> {
    if graph_of(position).is_some() {
        let mut moves = legal_moves(position, player);
        let i = rng.below(moves.len().max(1) as u64) as usize;
        return (i < moves.len()).then(|| moves.swap_remove(i));
    }
    let heaps = position.heaps();
    match position {
        Position::Board(b, numbers) => {
            let after = b.rules().random_move(numbers, &mut |k| rng.below(k))?;
            Move::between(numbers, &after)
        }
        Position::Games(parts) => {
            // A random game with a move, then a random move in it.
            let alive: Vec<usize> =
                (0..parts.len()).filter(|&i| parts.get(i).is_some_and(|p| has_move(p, player))).collect();
            let i = *alive.get(rng.below(alive.len().max(1) as u64) as usize)?;
            let m = random_move(parts.get(i)?, player, rng)?;
            Some(Parts::of(parts).global(i, &m))
        }
        _ => {
            // Start at a random heap and take the first one with a move, so every heap with
            // a move can be chosen.
            let start = rng.below(heaps.len() as u64) as usize;
            (0..heaps.len()).map(|k| (start + k) % heaps.len()).find_map(|i| heap_move(position, player, i, rng))
        }
    }
}

/// A random move in heap `i` (or `None` when it has none).
fn heap_move(position: &Position, player: Player, i: usize, rng: &mut Rng) -> Option<Move> {
    match position {
        Position::Kl { forbidden, heaps } => {
            let n = heaps[i];
            let banned = forbidden[player.index()];
            let allowed = n.saturating_sub(u64::from(banned <= n));
            if allowed == 0 {
                return None;
            }
            // The k-th allowed take, skipping the banned size.
            let mut t = 1 + rng.below(allowed);
            if t >= banned {
                t += 1;
            }
            Some(Move::new(i, vec![n - t]))
        }
        Position::Sum(cs) => {
            let c = &cs[i];
            match random_take(&c.ruleset, c.heap, rng) {
                Some(t) => t.map(|t| Move::new(i, vec![c.heap - t])),
                None => match c.ruleset.split_rules() {
                    // A kind of move (what is taken, how many heaps are left), then its parts.
                    Some(rules) => {
                        let kinds = rules.options_by_kind(c.heap);
                        let kind = kinds.get(rng.below(kinds.len() as u64) as usize)?;
                        Some(Move::new(i, rules.option_of_kind(c.heap, kind, |k| rng.below(k))))
                    }
                    None => {
                        let options = enumerated_options(&c.ruleset, c.heap).ok()?;
                        let o = options.get(rng.below(options.len() as u64) as usize)?;
                        Some(Move::new(i, o.clone()))
                    }
                },
            }
        }
        Position::Board(..) | Position::Games(_) => random_move(position, player, rng),
    }
}

/// The move that changes the position least: the fewest objects taken (the first such heap),
/// or for the divisor game the smallest divisor.
pub fn smallest_move(position: &Position, player: Player) -> Option<Move> {
    if graph_of(position).is_some() {
        return legal_moves(position, player).into_iter().next();
    }
    let removed = |heap: usize, to: &[u64], n: u64| (n.saturating_sub(to.iter().sum()), heap);
    let heaps = position.heaps();
    let candidates: Vec<Move> = match position {
        Position::Board(b, numbers) => {
            return b.rules().smallest_move(numbers).and_then(|after| Move::between(numbers, &after));
        }
        // The first game's smallest move.
        Position::Games(parts) => {
            let layout = Parts::of(parts);
            return parts.iter().enumerate().find_map(|(i, p)| smallest_move(p, player).map(|m| layout.global(i, &m)));
        }
        Position::Kl { forbidden, heaps } => heaps
            .iter()
            .enumerate()
            .filter_map(|(i, &n)| {
                let t = if forbidden[player.index()] == 1 { 2 } else { 1 };
                (t <= n).then(|| Move::new(i, vec![n - t]))
            })
            .collect(),
        Position::Sum(cs) => cs
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match smallest_take(&c.ruleset, c.heap) {
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
            .collect(),
    };
    candidates.into_iter().min_by_key(|m| removed(m.heap, &m.to, heaps[m.heap]))
}

/// Remoteness (Steinhaus): how many moves the game lasts when the winner wins as fast as it
/// can and the loser holds out as long as it can. Computed exhaustively, so only for small
/// positions; `None` when the bounds are exceeded.
struct Remoteness {
    convention: Convention,
    memo: HashMap<(Position, Convention, Player), (bool, u64)>,
    moves_made: u64,
}

impl Remoteness {
    fn new(convention: Convention) -> Self {
        Remoteness { convention, memo: HashMap::new(), moves_made: 0 }
    }

    /// (whether the player to move wins, remoteness), or `None` past the bounds.
    fn of(&mut self, position: &Position, player: Player) -> Option<(bool, u64)> {
        let key = NaiveSolver::key(position, self.convention, player);
        if let Some(&r) = self.memo.get(&key) {
            return Some(r);
        }
        if self.memo.len() >= REMOTENESS_POSITIONS || self.moves_made > REMOTENESS_MOVES {
            return None;
        }
        let moves = naive::moves(position, player);
        self.moves_made += moves.len() as u64;
        let r = if moves.is_empty() {
            (self.convention == Convention::Misere, 0)
        } else {
            let mut best_win: Option<u64> = None;
            let mut longest_loss = 0;
            for (_, next) in &moves {
                let (wins, rem) = self.of(next, player.other())?;
                if wins {
                    longest_loss = longest_loss.max(rem + 1);
                } else {
                    best_win = Some(best_win.map_or(rem + 1, |b: u64| b.min(rem + 1)));
                }
            }
            match best_win {
                Some(b) => (true, b),
                None => (false, longest_loss),
            }
        };
        self.memo.insert(key, r);
        Some(r)
    }
}

/// The move that makes a lost game last longest, with the remoteness it leaves, when the
/// position is small enough to search exhaustively.
fn longest_move(position: &Position, convention: Convention, player: Player) -> Option<(Move, u64)> {
    if let Position::Board(b, numbers) = position {
        if let Some(heaps) = b.rules().nim_heaps(numbers) {
            return longest_nim_move(b.rules(), numbers, &heaps, convention, player);
        }
        // Positions that may repeat have no remoteness, and the search below would follow a
        // cycle.
        if b.rules().longest_game(numbers) == u128::MAX {
            return None;
        }
    }
    let total = position.heaps().iter().try_fold(0u64, |a, &h| a.checked_add(h))?;
    if total > REMOTENESS_MAX_TOTAL {
        return None;
    }
    let mut r = Remoteness::new(convention);
    let mut best: Option<(Move, u64)> = None;
    for (m, next) in naive::moves(position, player) {
        let (_, rem) = r.of(&next, player.other())?;
        if best.as_ref().is_none_or(|(_, b)| rem > *b) {
            best = Some((m, rem));
        }
    }
    best
}

/// The longest move of a board game that is Nim in disguise ([`BoardRules::nim_heaps`]: the
/// divisor game's exponents), through its heaps: the game lasts as long as that Nim game, and
/// searching the heaps, never the numbers, keeps the work to a Nim search over at most 64
/// objects for the divisor game.
fn longest_nim_move(
    rules: &dyn BoardRules,
    numbers: &[u64],
    heaps: &[u64],
    convention: Convention,
    player: Player,
) -> Option<(Move, u64)> {
    let nim = heaps.iter().map(|&h| Component { ruleset: Ruleset::nim(), heap: h }).collect();
    let (mv, rem) = longest_move(&Position::Sum(nim), convention, player)?;
    let after = rules.after_nim_move(numbers, mv.heap, *mv.to.first()?)?;
    Some((Move::between(numbers, &after)?, rem))
}

/// The computer's move for the player to move (`options.to_move`) at `level`; `None` exactly
/// when that player has no move (the game is over).
///
/// At `Perfect` it is always a winning move when one exists (chosen among them with `rng`);
/// from a lost position the move that makes the game last longest where that can be searched,
/// else the smallest move. Lower levels replace a move by a random one with their
/// [`Level::mistake_percent`].
///
/// ```
/// use grundy::{AnalyzeOptions, Game, play::{choose_move, Level, Reason, Rng}};
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["3", "4", "5"]).unwrap();
/// let c = choose_move(&nim, &pos, &AnalyzeOptions::default(), Level::Perfect, &mut Rng::new(1)).unwrap().unwrap();
/// assert_eq!(c.reason, Reason::Winning);
/// assert_eq!(c.result, vec![1, 4, 5]);
/// ```
pub fn choose_move(
    game: &Game,
    position: &Position,
    options: &AnalyzeOptions,
    level: Level,
    rng: &mut Rng,
) -> Result<Option<Choice>, AnalyzeError> {
    Ok(choose(game, position, options, level, rng)?.map(|(c, _)| c))
}

/// [`choose_move`] with the position after the move (an Every-SG turn is applied as the
/// computer chose it, not read back from its numbers).
fn choose(
    game: &Game,
    position: &Position,
    options: &AnalyzeOptions,
    level: Level,
    rng: &mut Rng,
) -> Result<Option<(Choice, Position)>, AnalyzeError> {
    if options.convention == Convention::Every {
        return choose_every(position, options, level, rng);
    }
    Ok(choose_one(game, position, options, level, rng)?.map(|c| {
        let next = apply(position, &c.mv);
        (c, next)
    }))
}

/// The computer's turn under Every-SG: at level perfect, in a won position every game along
/// its best line (Jia Zhihao's theorem: every step drops by one and the largest becomes even),
/// in a lost one every game along its slowest line; lower levels make a random move in every
/// game instead with their [`Level::mistake_percent`]. A position the analysis cannot answer
/// (past its budget, or a game too long to search) gets the smallest move in every game below
/// level perfect, and is an error at level perfect.
fn choose_every(
    position: &Position,
    options: &AnalyzeOptions,
    level: Level,
    rng: &mut Rng,
) -> Result<Option<(Choice, Position)>, AnalyzeError> {
    let player = options.to_move;
    if !has_move(position, player) {
        return Ok(None);
    }
    every::refusal(position)?;
    let choice = |mv: Move, next: Position, reason: Reason, note: String| {
        let text = describe_to(position, &next, &mv);
        Some((Choice { text, result: next.heaps(), mv, reason, note }, next))
    };
    let smallest = |note: String| match every::each_game(position, player, |g| smallest_move(g, player)) {
        Some((mv, next)) => Ok(choice(mv, next, Reason::Smallest, note)),
        None => Err(AnalyzeError::Unsupported("the computer found no move to make in this position".into())),
    };
    if rng.chance(level.mistake_percent()) {
        if let Some((mv, next)) = every::each_game(position, player, |g| random_move(g, player, rng)) {
            return Ok(choice(mv, next, Reason::Mistake, Reason::Mistake.words().into()));
        }
    }
    match crate::solve::every::computer_turn(position, options.budget) {
        Ok(Some(t)) => {
            let Some(mv) = Move::between(&position.heaps(), &t.after.heaps()) else {
                return smallest(Reason::Smallest.words().into());
            };
            let (reason, note) = if t.wins {
                (
                    Reason::Winning,
                    format!(
                        "a winning move: every game along its best line, so the largest step left is {}, even (Jia Zhihao's theorem)",
                        t.largest_left
                    ),
                )
            } else {
                (
                    Reason::Longest,
                    format!(
                        "lost position: every game along its slowest line, leaving the largest step it can ({})",
                        t.largest_left
                    ),
                )
            };
            Ok(choice(mv, t.after, reason, note))
        }
        Ok(None) => smallest(Reason::Smallest.words().into()),
        Err(AnalyzeError::GaveUp(g)) => smallest(format!("{} ({g})", Reason::Smallest.words())),
        Err(AnalyzeError::Unsupported(why)) if level != Level::Perfect => {
            smallest(format!("{} ({why})", Reason::Smallest.words()))
        }
        Err(e) => Err(e),
    }
}

/// The move from `position` to `next` in words: a turn of several games as each game's move,
/// joined; any other move as [`describe`] words it.
fn describe_to(position: &Position, next: &Position, mv: &Move) -> String {
    match position {
        Position::Sum(_) | Position::Games(_) => every::words(position, next),
        _ => describe(position, mv),
    }
}

/// The computer's move under normal or misère play (see [`choose_move`]).
fn choose_one(
    game: &Game,
    position: &Position,
    options: &AnalyzeOptions,
    level: Level,
    rng: &mut Rng,
) -> Result<Option<Choice>, AnalyzeError> {
    let player = options.to_move;
    if !has_move(position, player) {
        return Ok(None);
    }
    let choice = |mv: Move, reason: Reason, note: String| {
        let result = apply(position, &mv).heaps();
        Some(Choice { text: describe(position, &mv), mv, result, reason, note })
    };
    // The last resort. The position has a move, so finding none is an error here, and `None`
    // always means the game is over (callers need not check it again).
    let smallest = |note: String| match smallest_move(position, player) {
        Some(mv) => Ok(choice(mv, Reason::Smallest, note)),
        None => Err(AnalyzeError::Unsupported("the computer found no move to make in this position".into())),
    };
    if rng.chance(level.mistake_percent()) {
        if let Some(mv) = random_move(position, player, rng) {
            return Ok(choice(mv, Reason::Mistake, Reason::Mistake.words().into()));
        }
    }
    if let Some((g, numbers)) = graph_of(position) {
        let misere = options.convention == Convention::Misere;
        let report = match graph_solve::report(g.graph(), numbers, player.index(), misere, options.budget) {
            Ok(r) => r,
            Err(AnalyzeError::GaveUp(why)) if level != Level::Perfect => {
                return smallest(format!("{} ({why})", Reason::Smallest.words()));
            }
            Err(e) => return Err(e),
        };
        // Among the drawing moves any keeps the draw: one at random, so that the games vary.
        let drawing: Vec<_> = report.moves.iter().filter(|m| m.verdict == Verdict::Draw).collect();
        let best = match report.best_move() {
            Some(m) if m.verdict == Verdict::Draw => drawing.get(rng.below(drawing.len() as u64) as usize).copied(),
            other => other,
        };
        let Some(m) = best else {
            return smallest(Reason::Smallest.words().into());
        };
        let mv = Move::new(m.token, vec![u64::from(m.to)]);
        let (reason, note) = match m.verdict {
            Verdict::Win => (Reason::Winning, "a winning move that makes progress".to_string()),
            Verdict::Draw => (Reason::Drawing, Reason::Drawing.words().to_string()),
            Verdict::Lose => (Reason::Longest, Reason::Longest.words().to_string()),
        };
        return Ok(choice(mv, reason, note));
    }
    let analysis = match analyze(game, position, options) {
        // Some winning moves left out (a heap with too many options): a winning move may be
        // among them, so this is played like a position the budget did not solve.
        Ok(a) if a.winning_moves.is_empty() && a.winning_moves_not_listed.is_some() => {
            // At level perfect a won position must be won: a move picked blind could hand it
            // over, so the computer says it cannot keep its promise rather than guess.
            if level == Level::Perfect && a.outcome == Outcome::N {
                return Err(unlisted_winning_moves(&a));
            }
            let note = format!("{} ({})", Reason::Smallest.words(), a.winning_moves_not_listed.unwrap_or_default());
            return smallest(note);
        }
        Ok(a) => Some(a),
        // Unsolved within the budget: still a sensible move rather than no game.
        Err(AnalyzeError::GaveUp(g)) => {
            let note = format!("{} ({g})", Reason::Smallest.words());
            return smallest(note);
        }
        // Below level perfect the computer promises no perfect play, so a value out of reach
        // (Grundy's game past its table) still gets a move; at level perfect it is an error,
        // which the front ends report before the game starts (`check_perfect`).
        Err(AnalyzeError::Unsupported(why)) if level != Level::Perfect => {
            return smallest(format!("{} ({why})", Reason::Smallest.words()));
        }
        Err(e) => return Err(e),
    };
    if let Some(a) = analysis.filter(|a| !a.winning_moves.is_empty()) {
        // In a game whose positions may repeat, a winning move picked at random could undo the
        // last one and go round a cycle for ever: the computer plays the first, and such a game
        // lists first the moves that make progress.
        let repeats = matches!(position, Position::Board(b, numbers) if b.rules().longest_game(numbers) == u128::MAX);
        let pick = if repeats { 0 } else { rng.below(a.winning_moves.len() as u64) as usize };
        let w = &a.winning_moves[pick];
        return Ok(choice(w.mv.clone(), Reason::Winning, Reason::Winning.words().into()));
    }
    if let Some((mv, rem)) = longest_move(position, options.convention, player) {
        let note = format!("{} ({} more with best play)", Reason::Longest.words(), plural(rem, "move"));
        return Ok(choice(mv, Reason::Longest, note));
    }
    if let Some(r) = fewest_replies_move(position, options, rng) {
        let note = format!(
            "{} ({} of them, the fewest among {} moves looked at)",
            Reason::Fewest.words(),
            r.replies,
            r.looked_at
        );
        return Ok(choice(r.mv, Reason::Fewest, note));
    }
    smallest(Reason::Smallest.words().into())
}

/// How many heaps [`fewest_replies_move`] looks at, and how many moves in each: a bounded
/// amount of work, whatever the size of the position.
const RESIST_HEAPS: usize = 16;
const RESIST_MOVES_PER_HEAP: usize = 4;

/// The move [`fewest_replies_move`] found.
struct Resistance {
    mv: Move,
    replies: u128,
    looked_at: usize,
}

/// For a lost position of a normal-play sum too big to search: among the smallest move and a
/// few random moves in each of the largest heaps, the one after which the opponent has the
/// fewest winning replies (exact counts, from the heaps' winning families), the fewest objects
/// taken breaking ties. `None` for other positions, or when no count is known.
fn fewest_replies_move(position: &Position, options: &AnalyzeOptions, rng: &mut Rng) -> Option<Resistance> {
    let Position::Sum(cs) = position else { return None };
    if options.convention != Convention::Normal || cs.len() > RESIST_HEAPS * 4 {
        return None;
    }
    let solvers = solvers_for(cs, options.budget, options.stored).ok()?;
    let values: Vec<u64> = cs.iter().map(|c| solvers[&c.ruleset].value(c.heap)).collect::<Option<_>>()?;
    let x = values.iter().fold(0, |a, v| a ^ v);
    // The largest heaps first: they hold the most moves.
    let mut order: Vec<usize> = (0..cs.len()).filter(|&i| cs[i].heap > 0).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(cs[i].heap));
    let mut candidates: Vec<Move> = vec![];
    for &i in order.iter().take(RESIST_HEAPS) {
        let single = Position::Sum(vec![cs[i].clone()]);
        let mut mine: Vec<Move> = smallest_move(&single, options.to_move).into_iter().collect();
        mine.extend((0..RESIST_MOVES_PER_HEAP).filter_map(|_| heap_move(&single, options.to_move, 0, rng)));
        for mut m in mine {
            m.heap = i;
            if !candidates.contains(&m) {
                candidates.push(m);
            }
        }
    }
    let replies = |m: &Move| -> Option<u128> {
        let solver = &solvers[&cs[m.heap].ruleset];
        let left = m.to.iter().try_fold(0, |a, &h| solver.value(h).map(|v| a ^ v))?;
        let x2 = x ^ values[m.heap] ^ left;
        let mut count: u128 = 0;
        for (j, c) in cs.iter().enumerate() {
            let s = &solvers[&c.ruleset];
            let parts: Vec<(u64, u64)> = if j == m.heap {
                m.to.iter().filter(|&&h| h > 0).map(|&h| (h, s.value(h).unwrap_or(0))).collect()
            } else {
                vec![(c.heap, values[j])]
            };
            for (h, v) in parts {
                if s.options_examined(h) > Work::MovesExamined.clamp(options.budget) {
                    return None;
                }
                count += s.winning_families(h, v ^ x2).ok()?.iter().map(|f| u128::from(f.count)).sum::<u128>();
            }
        }
        Some(count)
    };
    let taken = |m: &Move| cs[m.heap].heap.saturating_sub(m.to.iter().sum());
    let looked_at = candidates.len();
    candidates
        .into_iter()
        .filter_map(|m| replies(&m).map(|r| (r, taken(&m), m)))
        .min_by_key(|(r, t, _)| (*r, *t))
        .map(|(replies, _, mv)| Resistance { mv, replies, looked_at })
}

/// Whether `position` can be played under `convention` at all, whatever the level: Every-SG
/// takes each heap of a sum as one game, so a heap that splits (Kayles, Grundy's game) would
/// change the games during play, and it is defined here for impartial games only. The error
/// says why; the front ends report it before the game starts.
///
/// ```
/// use grundy::{Convention, Game, play::check_playable};
/// let kayles: Game = "kayles".parse().unwrap();
/// let pos = kayles.parse_position(&["5", "3"]).unwrap();
/// assert!(check_playable(&pos, Convention::Normal).is_ok());
/// assert!(check_playable(&pos, Convention::Every).unwrap_err().to_string().contains("can split"));
/// ```
pub fn check_playable(position: &Position, convention: Convention) -> Result<(), AnalyzeError> {
    match convention {
        Convention::Every => every::refusal(position),
        Convention::Normal | Convention::Misere => Ok(()),
    }
}

/// Whether the computer can play `position` perfectly at level [`Level::Perfect`]: the
/// position must be solved exactly within `options`' budget, for the computer to find a winning
/// move whenever there is one (every later position is smaller, and solved with it). The error
/// says what it would take, e.g. the table of Grundy's game that `grundy sg --store` computes.
///
/// ```
/// use grundy::{AnalyzeOptions, Game, play::check_perfect};
/// let kayles: Game = "kayles".parse().unwrap();
/// let huge = kayles.parse_position(&["1000000000000000000"]).unwrap();
/// assert!(check_perfect(&kayles, &huge, &AnalyzeOptions::default()).is_ok());
/// let grundys: Game = "grundys-game".parse().unwrap();
/// let past_table = grundys.parse_position(&["100000000"]).unwrap();
/// let why = check_perfect(&grundys, &past_table, &AnalyzeOptions::default()).unwrap_err().to_string();
/// assert!(why.contains("grundy sg grundys-game --upto 100000000 --store DIR"), "{why}");
/// ```
pub fn check_perfect(game: &Game, position: &Position, options: &AnalyzeOptions) -> Result<(), AnalyzeError> {
    let a = analyze(game, position, options)?;
    if a.outcome == Outcome::N && a.winning_moves.is_empty() && a.winning_moves_not_listed.is_some() {
        return Err(unlisted_winning_moves(&a));
    }
    Ok(())
}

/// Why level perfect cannot play a won position whose winning moves were not listed (a product
/// of coin games past the budget, a move that would leave too many numbers to write).
fn unlisted_winning_moves(a: &Analysis) -> AnalyzeError {
    AnalyzeError::Unsupported(format!(
        "the position is won, but its winning moves are not listed ({})",
        a.winning_moves_not_listed.as_deref().unwrap_or("not known")
    ))
}

/// A game in progress against the computer: the position, whose turn it is, and the history
/// for undo. `grundy play` keeps one for a whole game; the web app, which keeps no state between
/// requests, builds one per request with [`Session::resume`] to play the person's move and the
/// computer's reply.
///
/// ```
/// use grundy::{AnalyzeOptions, Game, Player, play::{Level, Reason, Session}};
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["7", "9", "12", "15"]).unwrap();
/// let mut s = Session::new(nim, pos, AnalyzeOptions::default(), Player::Second, Level::Perfect, 1);
/// let played = s.play_text("3 11").unwrap();
/// assert_eq!(played.text, "take 11 from heap 3 (12 -> 1)");
/// let reply = s.computer_move().unwrap().unwrap();
/// assert_eq!(reply.reason, Reason::Longest); // the person left a lost position
/// assert_eq!(s.to_move(), Player::First);
/// ```
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    options: AnalyzeOptions,
    position: Position,
    computer: Player,
    level: Level,
    rng: Rng,
    /// Every earlier (position, player to move), oldest first.
    history: Vec<(Position, Player)>,
}

impl Session {
    /// A new game of `game` from `position`, the first player to move; the computer plays
    /// `computer` at `level`, its random choices seeded by `seed`. `options.to_move` is ignored:
    /// the game starts with the first player.
    pub fn new(
        game: Game,
        position: Position,
        options: AnalyzeOptions,
        computer: Player,
        level: Level,
        seed: u64,
    ) -> Self {
        Session::resume(game, position, AnalyzeOptions { to_move: Player::First, ..options }, computer, level, seed)
    }

    /// A game under way: `position` of `game` with `options.to_move` to move, the computer
    /// playing `computer` at `level`, its random choices seeded by `seed`. This is how a front
    /// end that keeps no state between turns (the web app) picks the game up again; the history
    /// starts here, so undo goes back no further.
    pub fn resume(
        game: Game,
        position: Position,
        options: AnalyzeOptions,
        computer: Player,
        level: Level,
        seed: u64,
    ) -> Self {
        Session { game, options, position, computer, level, rng: Rng::new(seed), history: vec![] }
    }

    /// The same game with the positions played before it (oldest first, each with the player
    /// to move there), for a front end that keeps the history itself (the web page): a
    /// position repeated three times is then a draw there too ([`Session::drawn`]). Undo goes
    /// back into them as into moves played here.
    pub fn with_history(mut self, history: Vec<(Position, Player)>) -> Self {
        self.history = history;
        self
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Who is to move.
    pub fn to_move(&self) -> Player {
        self.options.to_move
    }

    /// The player the computer plays.
    pub fn computer(&self) -> Player {
        self.computer
    }

    /// The play convention.
    pub fn convention(&self) -> Convention {
        self.options.convention
    }

    /// Whether it is the computer's turn (and the game is not over).
    pub fn computer_to_move(&self) -> bool {
        self.to_move() == self.computer && self.winner().is_none() && self.drawn().is_none()
    }

    /// The winner once the game is over, else `None`.
    pub fn winner(&self) -> Option<Player> {
        winner_of(&self.position, self.convention(), self.to_move())
    }

    /// Why the game is drawn, once it is: the position has come up
    /// [`REPETITIONS_FOR_A_DRAW`] times with the same player to move (only a game with cycles,
    /// tokens on a graph, can repeat one). `None` while the game goes on or has a winner.
    pub fn drawn(&self) -> Option<String> {
        if self.winner().is_some() {
            return None;
        }
        let now = (&self.position, self.to_move());
        let seen = 1 + self.history.iter().filter(|(p, who)| (p, *who) == now).count();
        (seen >= REPETITIONS_FOR_A_DRAW).then(|| {
            format!(
                "the same position has come up three times with the {} player to move: the game is drawn (with best play neither player can force a win from it)",
                self.to_move()
            )
        })
    }

    fn advance(&mut self, next: Position) {
        let prev = std::mem::replace(&mut self.position, next);
        self.history.push((prev, self.options.to_move));
        self.options.to_move = self.options.to_move.other();
    }

    /// Refuses any move once the game is over.
    fn still_on(&self) -> Result<(), IllegalMove> {
        match (self.winner(), self.drawn()) {
            (Some(_), _) => Err(IllegalMove::new("the game is over: there is no move to make")),
            (None, Some(_)) => Err(IllegalMove::new("the game is over: it is drawn by repetition")),
            (None, None) => Ok(()),
        }
    }

    /// Plays a move for the player to move, read from text (see [`parse_move`]); refused with
    /// the reason when it is illegal or the game is over.
    pub fn play_text(&mut self, text: &str) -> Result<Played, IllegalMove> {
        self.still_on()?;
        if self.convention() == Convention::Every {
            // Read game by game: the position after it is known without reading numbers back.
            let (mv, next) = every::read(&self.position, self.to_move(), text)?;
            return Ok(self.played(mv, next));
        }
        let mv = read_move(&self.position, text)?;
        self.play(&mv)
    }

    /// Plays `mv` for the player to move, if legal and the game is not over (under Every-SG a
    /// turn: see [`check_turn`]).
    pub fn play(&mut self, mv: &Move) -> Result<Played, IllegalMove> {
        self.still_on()?;
        let next = check_turn(&self.position, self.to_move(), self.convention(), mv)?;
        Ok(self.played(mv.clone(), next))
    }

    /// Records the checked move `mv` that leads to `next`.
    fn played(&mut self, mv: Move, next: Position) -> Played {
        let text = match self.convention() {
            Convention::Every => describe_to(&self.position, &next, &mv),
            Convention::Normal | Convention::Misere => describe(&self.position, &mv),
        };
        let played = Played { text, mv, result: next.heaps() };
        self.advance(next);
        played
    }

    /// Chooses and plays the computer's move for the player to move; `None` when the game is
    /// over.
    pub fn computer_move(&mut self) -> Result<Option<Choice>, AnalyzeError> {
        if self.winner().is_some() || self.drawn().is_some() {
            return Ok(None);
        }
        let c = choose(&self.game, &self.position, &self.options, self.level, &mut self.rng)?;
        Ok(c.map(|(c, next)| {
            self.advance(next);
            c
        }))
    }

    /// The analysis of the current position for the player to move: the winning moves are the
    /// hint.
    pub fn analysis(&self) -> Result<Analysis, AnalyzeError> {
        analyze(&self.game, &self.position, &self.options)
    }

    /// Takes back moves until it is the other side's turn again before the last move of
    /// `player`: the last move of `player` and every move after it. Returns how many moves were
    /// taken back (0 when `player` has not moved).
    pub fn undo(&mut self, player: Player) -> usize {
        let Some(i) = self.history.iter().rposition(|(_, p)| *p == player) else {
            return 0;
        };
        let undone = self.history.len() - i;
        let (position, to_move) = self.history[i].clone();
        self.history.truncate(i);
        self.position = position;
        self.options.to_move = to_move;
        undone
    }

    /// The number of moves played so far.
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::naive::NaiveSolver;

    fn game(s: &str) -> Game {
        s.parse().unwrap()
    }

    fn pos(g: &Game, t: &[&str]) -> Position {
        g.parse_position(t).unwrap()
    }

    /// Every legal move by the definition is accepted by `check_move`, and a sample of other
    /// results is refused, for every game on small positions.
    #[test]
    fn check_move_agrees_with_the_definition() {
        let cases: &[(&str, &[&str])] = &[
            ("nim", &["3", "5"]),
            ("bounded:2", &["4", "3"]),
            ("bash:3", &["6"]),
            ("subtraction:1,3", &["5", "2"]),
            ("allbut:2", &["5", "3"]),
            ("kl:1,2", &["3", "4"]),
            ("bounded", &["5/2", "3/1"]),
            ("sum", &["nim=3", "subtraction:2=4"]),
            ("divisor", &["360"]),
            ("kayles", &["6", "3"]),
            ("hex:0.8", &["9", "5"]),
            ("hex:4.f1", &["7"]),
        ];
        for (g, t) in cases {
            let g = game(g);
            let p = pos(&g, t);
            for player in [Player::First, Player::Second] {
                let legal: Vec<Move> = naive::moves(&p, player).into_iter().map(|(m, _)| m).collect();
                for m in &legal {
                    assert_eq!(check_move(&p, player, m).unwrap(), apply(&p, m), "{g} {t:?} {m:?}");
                }
                for (i, &h) in p.heaps().iter().enumerate() {
                    for to in 0..=h + 1 {
                        let m = Move::new(i, vec![to]);
                        let ok = check_move(&p, player, &m);
                        assert_eq!(ok.is_ok(), legal.contains(&m), "{g} {t:?} {m:?} {ok:?}");
                        if let Err(e) = ok {
                            assert!(!e.to_string().contains('\n'));
                        }
                    }
                }
                assert_eq!(has_move(&p, player), !legal.is_empty());
            }
        }
    }

    /// Huge heaps of take-and-break games: whether a move exists is known without listing them,
    /// and listing refuses heaps with too many options (three-heap splits of 60000: 3e8).
    #[test]
    fn huge_split_heaps_are_not_listed() {
        let only_one = game("octal:0.1"); // remove a heap of exactly 1
        assert!(!has_move(&pos(&only_one, &["1000000"]), Player::First));
        assert!(has_move(&pos(&only_one, &["1000000", "1"]), Player::First));
        let hex = game("hex:0.8");
        assert!(has_move(&pos(&hex, &["1000000000"]), Player::First));
        assert!(!has_move(&pos(&hex, &["3"]), Player::First));
        let e = enumerated_options(&"hex:0.8".parse().unwrap(), 60_000).unwrap_err();
        assert!(e.contains("too many moves"), "{e}");
        // Moves of such heaps are still checked, made at random and made smallest-first, from
        // the rules (the computer's fallbacks when no winning move is known).
        for (g, heaps, good, bad) in [
            ("hex:0.8", &["1000", "1000"][..], vec![300, 300, 399], vec![300, 300, 400]),
            ("octal:0.777", &["50000", "50000"][..], vec![20000, 29999], vec![20000, 30001]),
            ("grundys-game", &["100000"][..], vec![1, 99999], vec![50000, 50000]),
        ] {
            let g = game(g);
            let p = pos(&g, heaps);
            assert!(check_move(&p, Player::First, &Move::new(0, good)).is_ok(), "{g}");
            assert!(check_move(&p, Player::First, &Move::new(0, bad)).is_err(), "{g}");
            let smallest = smallest_move(&p, Player::First).unwrap();
            assert!(check_move(&p, Player::First, &smallest).is_ok(), "{g} {smallest:?}");
            let mut rng = Rng::new(7);
            for _ in 0..50 {
                let m = random_move(&p, Player::First, &mut rng).unwrap();
                assert!(check_move(&p, Player::First, &m).is_ok(), "{g} {m:?}");
            }
        }
    }

    /// The moves made from the rules are the options of the definition, on small heaps: every
    /// random move is an option, and the smallest removes the fewest objects.
    #[test]
    fn moves_from_the_rules_are_options() {
        let mut rng = Rng::new(3);
        for g in ["hex:0.8", "hex:c.f1", "kayles", "octal:4.07", "grundys-game", "octal:0.1", "hex:8.31"] {
            let r: Ruleset = g.parse().unwrap();
            let rules = r.split_rules().unwrap();
            for n in 0..40u64 {
                let options: Vec<Vec<u64>> = r.options(n).iter().map(|o| normalized(o)).collect();
                for o in &options {
                    assert!(rules.allows(n, o), "{g} {n} -> {o:?}");
                }
                for bad in [vec![n], vec![n + 1], vec![1, 1, 1, n], vec![0, n.saturating_sub(1), 0]] {
                    assert_eq!(rules.allows(n, &bad), options.contains(&normalized(&bad)), "{g} {n} -> {bad:?}");
                }
                let kinds = rules.options_by_kind(n);
                assert_eq!(kinds.is_empty(), options.is_empty(), "{g} {n}");
                for kind in &kinds {
                    for _ in 0..5 {
                        let o = rules.option_of_kind(n, kind, |k| rng.below(k));
                        assert!(options.contains(&normalized(&o)), "{g} {n} -> {o:?}");
                    }
                }
                let least = options.iter().map(|o| n - o.iter().sum::<u64>()).min();
                let smallest = rules.smallest_option(n).map(|o| n - o.iter().sum::<u64>());
                assert_eq!(smallest, least, "{g} {n}");
            }
        }
    }

    #[test]
    fn reads_every_form_and_names_the_problem() {
        let nim = game("nim");
        let p = pos(&nim, &["7", "9", "12", "15"]);
        let f = Player::First;
        assert_eq!(parse_move(&p, f, " 3 11 ").unwrap(), Move::new(2, vec![1]));
        assert_eq!(parse_move(&p, f, "2->4").unwrap(), Move::new(1, vec![4]));
        assert_eq!(parse_move(&p, f, "take 11 from heap 3").unwrap(), Move::new(2, vec![1]));
        let err = |t: &str| parse_move(&p, f, t).unwrap_err().to_string();
        assert_eq!(err("9 1"), "there is no heap 9 (the heaps are numbered 1 to 4)");
        assert_eq!(err("0 1"), "there is no heap 0 (the heaps are numbered 1 to 4)");
        assert_eq!(err("1 8"), "heap 1: it has only 7 objects");
        assert_eq!(err("1 0"), "heap 1: a move must take at least one object");
        assert_eq!(err("1 -> 7"), "heap 1: a move must take at least one object");
        assert_eq!(err("1 -> 8"), "heap 1: it has only 7 objects; a move cannot add any");
        assert!(err("x y").contains("the heap number 'x' is not a number"));
        assert!(err("1 -2").contains("negative"));
        assert!(err("hello").contains("is not a move"));
        assert!(err("").contains("is not a move"));
        assert!(err("1 ->").contains("say what is left"));
        assert!(err("1 -> 2 3").contains("7 cannot become 2, 3 in nim"));

        let d = game("divisor");
        let p = pos(&d, &["12"]);
        assert_eq!(parse_move(&p, f, "4").unwrap(), Move::new(0, vec![3]));
        assert_eq!(parse_move(&p, f, "-> 6").unwrap(), Move::new(0, vec![6]));
        assert_eq!(parse_move(&p, f, "6").unwrap_err().to_string(), "6 is not a power of a prime");
        assert_eq!(parse_move(&p, f, "5").unwrap_err().to_string(), "5 does not divide 12");
        assert!(parse_move(&p, f, "1").unwrap_err().to_string().contains("not a move"));
        assert!(parse_move(&p, f, "-> 5").unwrap_err().to_string().contains("12 cannot become 5"));

        let kl = game("kl:2,3");
        let p = pos(&kl, &["5"]);
        assert!(parse_move(&p, Player::First, "1 3").is_ok());
        assert_eq!(
            parse_move(&p, Player::First, "1 2").unwrap_err().to_string(),
            "heap 1: the first player may never take exactly 2 (kl:2,3)"
        );
        assert!(parse_move(&p, Player::Second, "1 2").is_ok());
        assert!(parse_move(&p, Player::Second, "1 3").is_err());

        let s = game("subtraction:2,5");
        let p = pos(&s, &["9"]);
        assert_eq!(
            parse_move(&p, f, "1 3").unwrap_err().to_string(),
            "heap 1: only 2, 5 may be taken in subtraction:2,5"
        );
    }

    #[test]
    fn huge_heaps_are_checked_and_played_quickly() {
        let nim = game("nim");
        let p = pos(&nim, &["18446744073709551615", "18446744073709551615"]);
        assert!(parse_move(&p, Player::First, "1 18446744073709551615").is_ok());
        let c = choose_move(&nim, &p, &AnalyzeOptions::default(), Level::Perfect, &mut Rng::new(3)).unwrap().unwrap();
        // Lost, and too big to search: every move leaves the one mirroring reply, so the
        // fewest objects are taken.
        assert_eq!(c.reason, Reason::Fewest);
        assert_eq!(c.result, vec![u64::MAX - 1, u64::MAX]);
        for level in [Level::Good, Level::Easy] {
            let mut rng = Rng::new(5);
            for _ in 0..50 {
                let c = choose_move(
                    &game("allbut:1,2"),
                    &pos(&game("allbut:1,2"), &["1000000000000"]),
                    &AnalyzeOptions::default(),
                    level,
                    &mut rng,
                );
                assert!(c.is_ok());
            }
        }
    }

    /// At `perfect` the computer wins every won position of every small case, and from a lost
    /// position it plays the longest game: checked against the exhaustive solver.
    #[test]
    fn perfect_wins_whatever_the_opponent_does() {
        let cases: &[(&str, &[&str], Convention)] = &[
            ("nim", &["3", "4", "5"], Convention::Normal),
            ("nim", &["2", "3", "3"], Convention::Misere),
            ("subtraction:1,3,4", &["7", "5"], Convention::Normal),
            ("allbut:2", &["4", "5"], Convention::Misere),
            ("kl:2,3", &["1", "5"], Convention::Normal),
            ("kl:2,1", &["2", "4"], Convention::Misere),
            ("divisor", &["720"], Convention::Misere),
        ];
        for &(g, t, convention) in cases {
            let g = game(g);
            let start = pos(&g, t);
            let mut solver = NaiveSolver::new();
            // The computer moves first from an N position; every reply of the opponent is tried
            // (depth-first over all of them), and the computer must win each line.
            let mut stack = vec![(start, Player::First)];
            let mut lines = 0;
            while let Some((p, player)) = stack.pop() {
                let options = AnalyzeOptions { convention, to_move: player, ..AnalyzeOptions::default() };
                if player == Player::First {
                    assert!(solver.wins(&p, convention, player), "{g} {p:?} should be won");
                    match choose_move(&g, &p, &options, Level::Perfect, &mut Rng::new(lines)).unwrap() {
                        Some(c) => {
                            assert_eq!(c.reason, Reason::Winning);
                            stack.push((apply(&p, &c.mv), player.other()));
                        }
                        None => {
                            assert_eq!(winner_when_over(convention, player), Player::First);
                            lines += 1;
                        }
                    }
                } else {
                    let moves = naive::moves(&p, player);
                    if moves.is_empty() {
                        assert_eq!(winner_when_over(convention, player), Player::First);
                        lines += 1;
                    }
                    stack.extend(moves.into_iter().map(|(_, next)| (next, player.other())));
                }
            }
            assert!(lines > 0);
        }
    }

    #[test]
    fn from_a_lost_position_it_makes_the_game_last() {
        // 1 2 3 is lost; taking the single object of heap 1 leaves 2 3 which wins in 1 move,
        // while e.g. 3 -> 2 leaves 1 2 2, where the opponent needs 3 moves.
        let nim = game("nim");
        let p = pos(&nim, &["1", "2", "3"]);
        let c = choose_move(&nim, &p, &AnalyzeOptions::default(), Level::Perfect, &mut Rng::new(0)).unwrap().unwrap();
        assert_eq!(c.reason, Reason::Longest);
        let mut r = Remoteness::new(Convention::Normal);
        let after = r.of(&apply(&p, &c.mv), Player::Second).unwrap();
        for (_, next) in naive::moves(&p, Player::First) {
            assert!(r.of(&next, Player::Second).unwrap().1 <= after.1);
        }
        assert!(c.note.contains("more with best play"));
    }

    #[test]
    fn lower_levels_err_sometimes_and_are_seeded() {
        let nim = game("nim");
        let p = pos(&nim, &["7", "9", "12", "15"]);
        let count = |level: Level, seed: u64| {
            let mut rng = Rng::new(seed);
            (0..200)
                .filter(|_| {
                    choose_move(&nim, &p, &AnalyzeOptions::default(), level, &mut rng).unwrap().unwrap().reason
                        == Reason::Mistake
                })
                .count()
        };
        assert_eq!(count(Level::Perfect, 1), 0);
        let (good, easy) = (count(Level::Good, 1), count(Level::Easy, 1));
        assert!((20..=60).contains(&good), "{good}");
        assert!((70..=130).contains(&easy), "{easy}");
        assert_eq!(count(Level::Easy, 9), count(Level::Easy, 9));
    }

    #[test]
    fn session_tracks_turns_winner_and_undo() {
        let kl = game("kl:1,2");
        let p = pos(&kl, &["1"]);
        // The first player may not take 1 and has no move: the game is over at once.
        let s = Session::new(kl, p, AnalyzeOptions::default(), Player::Second, Level::Perfect, 0);
        assert_eq!(s.winner(), Some(Player::Second));

        let nim = game("nim");
        let mut s = Session::new(
            nim.clone(),
            pos(&nim, &["1", "2", "3"]),
            AnalyzeOptions::default(),
            Player::Second,
            Level::Perfect,
            0,
        );
        assert_eq!(s.undo(Player::First), 0);
        s.play_text("3 1").unwrap();
        assert_eq!(s.to_move(), Player::Second);
        assert!(s.computer_to_move());
        s.computer_move().unwrap().unwrap();
        assert_eq!(s.moves_played(), 2);
        assert_eq!(s.undo(Player::First), 2);
        assert_eq!(s.position().heaps(), vec![1, 2, 3]);
        assert_eq!(s.to_move(), Player::First);
        assert!(s.play_text("4 1").is_err());
        assert_eq!(s.moves_played(), 0);
    }

    /// What the web app's stateless requests need: a game picked up with the second player to
    /// move, the person's move checked for that player, the computer's reply, and a finished
    /// game refusing moves with the reason.
    #[test]
    fn a_session_picks_up_a_game_under_way() {
        let kl = game("kl:2,3");
        let options = AnalyzeOptions { to_move: Player::Second, ..AnalyzeOptions::default() };
        let mut s = Session::resume(kl.clone(), pos(&kl, &["5"]), options, Player::First, Level::Perfect, 0);
        assert_eq!(s.to_move(), Player::Second);
        assert!(!s.computer_to_move());
        assert_eq!(
            s.play_text("1 3").unwrap_err().to_string(),
            "heap 1: the second player may never take exactly 3 (kl:2,3)"
        );
        let played = s.play_text("1 2").unwrap();
        assert_eq!(played.mv, Move::new(0, vec![3]));
        assert_eq!((played.text.as_str(), played.result), ("take 2 from heap 1 (5 -> 3)", vec![3]));
        assert!(s.computer_to_move());
        // The first player may not take 2 but may take all 3, and wins.
        let c = s.computer_move().unwrap().unwrap();
        assert_eq!((c.mv, c.reason), (Move::new(0, vec![0]), Reason::Winning));
        assert_eq!(s.winner(), Some(Player::First));
        assert_eq!(s.play_text("1 1").unwrap_err().to_string(), "the game is over: there is no move to make");
        assert_eq!(s.computer_move().unwrap(), None);
        assert_eq!(s.undo(Player::Second), 2);
        assert_eq!(s.undo(Player::Second), 0, "the history starts where the session was picked up");
        assert_eq!((s.position().heaps(), s.to_move()), (vec![5], Player::Second));
    }

    #[test]
    fn splitting_moves_fit() {
        // A move that leaves two heaps is applied in place and checked by enumeration, so
        // rulesets that split heaps need nothing new here.
        let nim = game("nim");
        let p = pos(&nim, &["5", "2"]);
        let next = apply(&p, &Move::new(0, vec![1, 3]));
        assert_eq!(next.heaps(), vec![1, 3, 2]);
        assert_eq!(normalized(&[3, 0, 1]), vec![1, 3]);
    }
}
