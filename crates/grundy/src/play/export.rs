//! `grundy graph export`: the positions reachable from a position of any game, written as the
//! text of a graph (`u v` lines) that `graph:FILE` reads back, so that a person can start from
//! a game grundy knows and change it, or check a script that writes a graph of their own.

use std::collections::{HashSet, VecDeque};

use crate::error::{AnalyzeError, GaveUp, Work};
use crate::game::convention::Player;
use crate::game::{Component, Game, Move, Position};
use crate::play::{apply, legal_moves};
use crate::rules::board::graphs::graph::{Goal, MAX_GRAPH_BYTES};
use crate::rules::board::numbers::coins::CoinRule;
use crate::rules::board::{Coins, Coins2d};

/// What an export of a sum of heaps reaches at most, known before it starts: `positions`, an
/// upper bound of the positions, and `text`, when known, a lower bound of the text's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportBound {
    /// At most this many positions are reachable.
    pub positions: u128,
    /// The text is at least this long (known for Nim, whose every option is listed, and for
    /// Ruler, which reaches every set of heads below its largest).
    pub text: Option<u128>,
    /// What the positions are and how they are counted, for the refusal.
    pub counted: &'static str,
}

/// How the positions of heaps are bounded.
const HEAPS_COUNTED: &str =
    "these heaps may reach up to {} (n + 1 sizes of a heap of n, 2^n sequences of heaps for one that splits)";

/// How the positions of coins are bounded.
const COINS_COUNTED: &str = "these coins may reach up to {} sets of heads (those on the coins each head may turn)";

/// The text written when the export first forecasts its whole text (and again at each
/// doubling).
const FORECAST_FROM: u64 = 1 << 16;

/// How many positions waiting in the queue are sampled for the forecast.
const FORECAST_SAMPLES: usize = 4;

/// Refuses an export whose text is forecast far past what graph:FILE reads: `written` bytes so
/// far, and `waiting` positions still to list, each taken to have the mean number of moves of
/// the positions `sample` gives (drawn evenly from those waiting), each move a line of
/// `line_bytes`. A game without a bound known before the work (a board game, K-L-Nim) is
/// refused this way before its first lines, or within them, rather than after writing the
/// limit; the forecast must pass the limit 4 times over, so that a sample that happens to be
/// dense does not refuse an export that fits.
fn forecast_text(
    written: usize,
    line_bytes: u128,
    waiting: usize,
    sample: impl Iterator<Item = Position>,
) -> Result<(), AnalyzeError> {
    let sampled: Vec<u128> =
        sample.take(FORECAST_SAMPLES).map(|p| legal_moves(&p, Player::First).len() as u128).collect();
    if sampled.is_empty() {
        return Ok(());
    }
    let mean_moves = sampled.iter().sum::<u128>() / sampled.len() as u128;
    let forecast =
        (written as u128).saturating_add((waiting as u128).saturating_mul(mean_moves).saturating_mul(line_bytes));
    if forecast > 4 * u128::from(MAX_GRAPH_BYTES) {
        return Err(AnalyzeError::Unsupported(format!(
            "graph export is forecast to write about {} of text ({waiting} positions still to list, with about {mean_moves} moves each), past the {} MiB graph:FILE reads: start from a smaller position",
            crate::error::human_bytes(forecast),
            MAX_GRAPH_BYTES >> 20
        )));
    }
    Ok(())
}

/// Every `waiting / FORECAST_SAMPLES`-th of `waiting` things: a sample drawn evenly.
fn evenly<T>(items: impl Iterator<Item = T>, waiting: usize) -> impl Iterator<Item = T> {
    items.step_by((waiting / FORECAST_SAMPLES).max(1))
}

/// The bound of an export of heaps, or `None` for positions with no cheap bound (board games,
/// K-L-Nim, games of several kinds). A heap of n whose moves never split it takes at most
/// n + 1 sizes; one that may split becomes a sequence of heaps of total at most n, at most 2^n
/// of them (compositions of 0..=n). The positions are at most the product over the heaps. In
/// Nim every tuple of sizes below the start is reached and lists every smaller size of each
/// heap: with heaps h_i, P = prod (h_i + 1) positions, P sum(h_i) / 2 moves, each a line of at
/// least two names of k numbers (2k - 1 characters each), a space and a newline.
///
/// ```
/// use grundy::{Game, play::export::export_bound};
/// let nim: Game = "nim".parse().unwrap();
/// let b = export_bound(&nim.parse_position(&["1000", "1000"]).unwrap()).unwrap();
/// assert_eq!(b.positions, 1001 * 1001);
/// assert_eq!(b.text, Some(1001 * 1001 * 1000 * 8));
/// let kayles: Game = "kayles".parse().unwrap();
/// assert_eq!(export_bound(&kayles.parse_position(&["40"]).unwrap()).unwrap().positions, 1 << 40);
/// ```
pub fn export_bound(position: &Position) -> Option<ExportBound> {
    if let Some((coins, numbers)) = position.downcast_board::<Coins>() {
        return Some(coins_bound(coins.rule(), numbers));
    }
    if let Some((coins, numbers)) = position.downcast_board::<Coins2d>() {
        return Some(coins_2d_bound(coins.rules(), numbers));
    }
    let components = position.as_heaps()?;
    let splits = |c: &Component| c.ruleset.split_rules().is_some_and(|r| !r.split.is_empty() || !r.split3.is_empty());
    let mut positions: u128 = 1;
    for c in components {
        let sizes = match splits(c) {
            true => 1u128.checked_shl(u32::try_from(c.heap).ok()?).filter(|_| c.heap < 127).unwrap_or(u128::MAX),
            false => u128::from(c.heap) + 1,
        };
        positions = positions.saturating_mul(sizes);
    }
    let nim = components.iter().all(|c| c.ruleset.is_nim());
    let text = nim.then(|| {
        let k = components.len() as u128;
        let total: u128 = components.iter().map(|c| u128::from(c.heap)).sum();
        positions.saturating_mul(total) / 2 * (2 * (2 * k).saturating_sub(1) + 2)
    });
    Some(ExportBound { positions, text, counted: HEAPS_COUNTED })
}

/// The bound of an export of coins of `rule` with `heads`, from the sizes alone. A move turns
/// coins at or left of the head it turns to tails, so once the largest head m is tails it
/// stays tails: the positions are those with m a head (m beside what the other heads reach,
/// never touching m) and those within the n = m - first coins below m. So with the heads
/// h_1 < ... < h_k, B(h_1..h_j) = B(h_1..h_j-1) + (sets of heads below h_j), B() = 1: 2^n
/// sets for Ruler and Mock Turtles, and for Turtles, whose moves never add a head, the sets
/// of at most j heads. Exact for Ruler: from any position with largest head m, it reaches
/// every set below m (turn the other heads one at a time, turn the run from the first coin
/// to m, then turn the heads not wanted one at a time), so its text has a lower bound too:
/// each of the 2^n sets below m lists each of its moves (the runs of 1..x coins ending at
/// each head x, each to a different position) as a line of two names.
///
/// ```
/// use grundy::{Game, play::export::export_bound};
/// let bound = |game: &str, heads: &[&str]| {
///     let game: Game = game.parse().unwrap();
///     export_bound(&game.parse_position(heads).unwrap()).unwrap()
/// };
/// assert_eq!(bound("ruler", &["10"]).positions, 513); // {10} and the 2^9 sets below it
/// assert_eq!(bound("ruler", &["5", "9"]).positions, 1 + 16 + 256);
/// assert_eq!(bound("turtles", &["10"]).positions, 11); // at most one head
/// assert_eq!(bound("ruler", &["1000"]).positions, u128::MAX);
/// assert!(bound("ruler", &["20"]).text.unwrap() > 1 << 30);
/// ```
pub fn coins_bound(rule: CoinRule, heads: &[u64]) -> ExportBound {
    let mut heads = heads.to_vec();
    heads.sort_unstable();
    heads.dedup();
    let first = rule.first();
    let mut positions: u128 = 1;
    for (j, &h) in heads.iter().enumerate() {
        let below = h.saturating_sub(first);
        let sets = match rule {
            CoinRule::Turtles => at_most(below, j as u64 + 1),
            CoinRule::MockTurtles | CoinRule::Ruler => power_of_two(below),
        };
        positions = positions.saturating_add(sets);
    }
    let text = match (rule, heads.last()) {
        (CoinRule::Ruler, Some(&m)) => ruler_text(m.saturating_sub(first)),
        _ => None,
    };
    ExportBound { positions, text, counted: COINS_COUNTED }
}

/// The bound of an export of the product game of `rules` (the heads' cells as pairs of
/// numbers): as for a row of coins ([`coins_bound`]), a head that no other head dominates in
/// both numbers, once tails, stays tails (only a move at a head at or above it in both turns
/// it), so taking the heads in increasing order, each adds 2^(a - 1) positions, a the cells at
/// or below some head so far in both numbers.
///
/// ```
/// use grundy::{Game, play::export::export_bound};
/// let game: Game = "coins-2d:turtlesxturtles".parse().unwrap();
/// let b = export_bound(&game.parse_position(&["3,3"]).unwrap()).unwrap();
/// assert_eq!(b.positions, 1 + (1 << 8)); // 138 are reached
/// ```
pub fn coins_2d_bound(rules: (CoinRule, CoinRule), numbers: &[u64]) -> ExportBound {
    let (fx, fy) = (rules.0.first(), rules.1.first());
    let mut cells: Vec<(u64, u64)> = numbers
        .chunks_exact(2)
        .filter_map(|c| Some((c.first()?.saturating_sub(fx), c.get(1)?.saturating_sub(fy))))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    let mut positions: u128 = 1;
    for j in 0..cells.len() {
        // Past 127 heads, the cells below them are past 127 and the bound is past 2^127.
        if j >= 128 {
            positions = u128::MAX;
            break;
        }
        let area = staircase(cells.get(..=j).unwrap_or_default());
        positions = positions.saturating_add(power_of_two(u64::try_from(area.saturating_sub(1)).unwrap_or(u64::MAX)));
    }
    ExportBound { positions, text: None, counted: COINS_COUNTED }
}

/// The cells (a, b) with a <= x and b <= y for some (x, y) of `cells` (numbers from 0).
fn staircase(cells: &[(u64, u64)]) -> u128 {
    let mut by_x = cells.to_vec();
    by_x.sort_unstable_by(|p, q| q.cmp(p));
    // From the largest x down, each column as tall as the tallest head right of it.
    let (mut area, mut tallest, mut right) = (0u128, 0u128, None::<u64>);
    for &(x, y) in &by_x {
        if let Some(r) = right {
            area = area.saturating_add(u128::from(r - x).saturating_mul(tallest));
        }
        tallest = tallest.max(u128::from(y) + 1);
        right = Some(x);
    }
    if let Some(r) = right {
        area = area.saturating_add((u128::from(r) + 1).saturating_mul(tallest));
    }
    area
}

/// 2^n, or `u128::MAX` past it.
fn power_of_two(n: u64) -> u128 {
    if n < 128 {
        1u128 << n
    } else {
        u128::MAX
    }
}

/// The sets of at most `k` of `n` coins: the sum of C(n, i) for i <= k, or `u128::MAX` past it.
fn at_most(n: u64, k: u64) -> u128 {
    let (mut c, mut sum) = (1u128, 1u128);
    for i in 1..=k.min(n) {
        // C(n, i) = C(n, i - 1) (n - i + 1) / i, exactly.
        let Some(next) = c.checked_mul(u128::from(n - i + 1)) else { return u128::MAX };
        c = next / u128::from(i);
        sum = sum.saturating_add(c);
    }
    sum
}

/// A lower bound of the text of Ruler's export from a head with `n` coins below it (see
/// [`coins_bound`]): over the 2^n sets U of coins 1..=n, each move (x coins ending at each
/// head x) is a line `U T` to T = U with a run turned, at least A(U) + A(T) bytes, where A(S)
/// is the sum of d(y) + 1 over the heads y of S (their digits, and a comma or the line's
/// space or newline). Given x in U, each other coin is in T for half the sets, so the sum is
/// 2^(n - 1) W D, with W = 1 + ... + n the moves and D the sum of d(y) + 1 over 1..=n (for
/// 15 coins below the head 70.8 MB, the text itself 70,779,858 bytes). `None` past 2^127 (the
/// positions are refused first).
fn ruler_text(n: u64) -> Option<u128> {
    if !(1..=120).contains(&n) {
        return None;
    }
    let digits = |x: u64| u128::from(x.checked_ilog10().unwrap_or(0) + 1);
    let w: u128 = (1..=n).map(u128::from).sum();
    let d: u128 = (1..=n).map(|x| digits(x) + 1).sum();
    (1u128 << (n - 1)).checked_mul(w * d)
}

/// The largest number a position may hold to be exported: every position reachable is listed
/// with every move, one by one.
pub const EXPORT_MAX_NUMBER: u64 = 1_000_000;

/// The positions reachable from `position` of `game` as the text of a graph: a line `vertex S`
/// for the start, then `u v` for each move (`u v left` or `u v right` for a move of one
/// player alone, in a partizan game), and `win V` or `lose V` for a goal of a game on a graph.
/// A vertex is named by the position's tokens joined by commas (`3,4,5`). Refused when the
/// positions are more than `budget`, a number is past [`EXPORT_MAX_NUMBER`], or the text
/// would be longer than `graph:FILE` reads.
///
/// ```
/// use grundy::{Game, play::export::export_graph};
/// let nim: Game = "nim".parse().unwrap();
/// let text = export_graph(&nim, &nim.parse_position(&["2"]).unwrap(), 100).unwrap();
/// assert_eq!(text, "vertex 2\n2 1\n2 0\n1 0\n");
/// ```
pub fn export_graph(game: &Game, position: &Position, budget: u64) -> Result<String, AnalyzeError> {
    let big = position.heaps().into_iter().find(|&n| n > EXPORT_MAX_NUMBER).filter(|_| game.as_graph().is_none());
    if let Some(big) = big {
        return Err(AnalyzeError::Unsupported(format!(
            "graph export lists every position reachable, one by one: {big} is past {EXPORT_MAX_NUMBER}, the largest number it takes"
        )));
    }
    let budget = Work::PositionsSearched.clamp(budget);
    // Refused at once when the bound shows the export cannot fit: its positions past the
    // budget (the bound, an upper one, is a budget that is enough), or its text past what
    // graph:FILE reads.
    if let Some(bound) = export_bound(position) {
        if let Some(text) = bound.text.filter(|&t| t > u128::from(MAX_GRAPH_BYTES)) {
            return Err(AnalyzeError::Unsupported(format!(
                "graph export lists every move of {} positions: at least {} of text, past the {} MiB graph:FILE reads",
                bound.positions,
                crate::error::human_bytes(text),
                MAX_GRAPH_BYTES >> 20
            )));
        }
        let max = Work::PositionsSearched.max_budget();
        if bound.positions > u128::from(max) {
            // An upper bound, not a count: said as one, with no budget advised.
            let bound_text = bound;
            let bound = match bound.positions {
                u128::MAX => "more than 2^127".to_string(),
                b => b.to_string(),
            };
            let counted = bound_text.counted.replace("{}", &bound);
            return Err(AnalyzeError::Unsupported(format!(
                "graph export bounds its positions before it starts: {counted}, past the {max} positions one computation may hold"
            )));
        }
        if bound.positions > u128::from(budget) {
            // The bound is an upper one: as a budget it is enough.
            let needed = Some(bound.positions as u64);
            return Err(AnalyzeError::GaveUp(GaveUp { what: Work::PositionsSearched, used: budget, needed }));
        }
    }
    let name = |p: &Position| {
        let tokens = game.position_tokens(p);
        if tokens.is_empty() {
            "empty".to_string()
        } else {
            tokens.join(",")
        }
    };
    let mut ids: HashSet<Position> = HashSet::new();
    let mut names: HashSet<String> = HashSet::new();
    let mut queue: VecDeque<Position> = VecDeque::new();
    let start = name(position);
    let mut out = format!("vertex {start}\n");
    let mut goals = String::new();
    ids.insert(position.clone());
    names.insert(start);
    queue.push_back(position.clone());
    // The start's options are positions to list, each with its moves: forecast before the
    // first line (the start of K-L-Nim of a million has a million options of as many moves).
    let first = legal_moves(position, Player::First);
    let line_bytes = 2 * out.len() as u128;
    forecast_text(0, line_bytes, first.len(), evenly(first.iter(), first.len()).map(|m| apply(position, m)))?;
    drop(first);
    let mut next_forecast = FORECAST_FROM;
    while let Some(p) = queue.pop_front() {
        crate::stop::check()?;
        if out.len() as u64 >= next_forecast {
            next_forecast = next_forecast.saturating_mul(2);
            let lines = out.bytes().filter(|&b| b == b'\n').count().max(1) as u128;
            forecast_text(
                out.len(),
                out.len() as u128 / lines,
                queue.len(),
                evenly(queue.iter().cloned(), queue.len()),
            )?;
        }
        let from = name(&p);
        if let Some(g) = game.as_graph() {
            if let Some((_, numbers)) = p.as_board() {
                match g.goal_reached(numbers) {
                    Some((_, Goal::Win)) => goals += &format!("win {from}\n"),
                    Some((_, _)) => goals += &format!("lose {from}\n"),
                    None => {}
                }
            }
        }
        // Each player's moves: a move both may make is one edge, a move of one player alone is
        // marked with the side (the first player is left).
        let first: Vec<Move> = legal_moves(&p, Player::First);
        // A game may be impartial in some positions only (an all-green Hackenbush picture).
        let impartial = game.is_impartial() && !p.kind().key().1;
        let second: Vec<Move> = if impartial && game.as_graph().is_none_or(|g| !g.is_partizan()) {
            first.clone()
        } else {
            legal_moves(&p, Player::Second)
        };
        let mut edges: Vec<(Position, &str)> = vec![];
        let mut seen: HashSet<Position> = HashSet::new();
        let after_second: Vec<Position> = second.iter().map(|m| apply(&p, m)).collect();
        // Looked up in a set: a search of the list was quadratic in the options.
        let second_set: HashSet<&Position> = after_second.iter().collect();
        for m in &first {
            let next = apply(&p, m);
            if !seen.insert(next.clone()) {
                continue;
            }
            let side = if second_set.contains(&next) { "" } else { " left" };
            edges.push((next, side));
        }
        drop(second_set);
        for next in after_second {
            if seen.insert(next.clone()) {
                edges.push((next, " right"));
            }
        }
        for (next, side) in edges {
            let to = name(&next);
            out += &format!("{from} {to}{side}\n");
            if out.len() as u64 > MAX_GRAPH_BYTES {
                return Err(AnalyzeError::Unsupported(format!(
                    "the graph's text would pass {} MiB, the most graph:FILE reads",
                    MAX_GRAPH_BYTES >> 20
                )));
            }
            if !ids.contains(&next) {
                if ids.len() as u64 >= budget {
                    return Err(AnalyzeError::GaveUp(GaveUp {
                        what: Work::PositionsSearched,
                        used: budget,
                        needed: None,
                    }));
                }
                if !names.insert(to.clone()) {
                    return Err(AnalyzeError::Unsupported(format!(
                        "two positions would both be named '{to}' in the graph"
                    )));
                }
                ids.insert(next.clone());
                queue.push_back(next);
            }
        }
    }
    Ok(out + &goals)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vertices and the length of an export.
    fn exported(game: &str, tokens: &[&str]) -> (u128, u128) {
        let game: Game = game.parse().unwrap();
        let text = export_graph(&game, &game.parse_position(tokens).unwrap(), 1 << 20).unwrap();
        let mut names = HashSet::new();
        for line in text.lines() {
            let words: Vec<&str> = line.split(' ').collect();
            match words[..] {
                ["vertex", v] => names.insert(v.to_string()),
                [u, v, ..] => names.insert(u.to_string()) | names.insert(v.to_string()),
                _ => panic!("{line}"),
            };
        }
        (names.len() as u128, text.len() as u128)
    }

    /// Coin games' bounds hold the positions each export reaches (Ruler's exactly) and
    /// Ruler's text is at least its lower bound, for every small position of a few heads.
    #[test]
    fn coins_bounds_hold_what_each_export_reaches() {
        let mut sets: Vec<Vec<String>> = vec![];
        for a in 0..6u64 {
            sets.push(vec![a.to_string()]);
            for b in a + 1..7 {
                sets.push(vec![a.to_string(), b.to_string()]);
                sets.push(vec![a.to_string(), b.to_string(), "8".to_string()]);
            }
        }
        for game in ["ruler", "turtles", "mock-turtles"] {
            let parsed: Game = game.parse().unwrap();
            for heads in &sets {
                let tokens: Vec<&str> = heads.iter().map(String::as_str).collect();
                let Ok(position) = parsed.parse_position(&tokens) else { continue };
                let bound = export_bound(&position).unwrap();
                let (positions, text) = exported(game, &tokens);
                assert!(bound.positions >= positions, "{game} {tokens:?}: {bound:?} < {positions}");
                if game == "ruler" {
                    assert_eq!(bound.positions, positions, "{game} {tokens:?}");
                    assert!(bound.text.unwrap_or(0) <= text, "{game} {tokens:?}: {bound:?} > {text}");
                } else {
                    assert!(bound.positions <= 3 * positions + 1, "{game} {tokens:?}: {bound:?} > 3 x {positions}");
                }
            }
        }
        for (game, cells) in [
            ("coins-2d:turtlesxturtles", &["3,3"][..]),
            ("coins-2d:rulerxruler", &["2,3", "3,1"]),
            ("coins-2d:mock-turtlesxruler", &["2,3"]),
            ("coins-2d:rulerxturtles", &["1,4", "3,2", "2,2"]),
        ] {
            let parsed: Game = game.parse().unwrap();
            let bound = export_bound(&parsed.parse_position(cells).unwrap()).unwrap();
            let (positions, _) = exported(game, cells);
            assert!(
                bound.positions >= positions && bound.positions <= 4 * positions,
                "{game} {cells:?}: {bound:?} {positions}"
            );
        }
    }

    /// Coins past what any budget holds are refused before the work, with the bound.
    #[test]
    fn coins_past_any_budget_are_refused_at_once() {
        for (game, tokens) in [
            ("ruler", &["1000"][..]),
            ("ruler", &["65536"]),
            ("coins-2d:mock-turtlesxruler", &["1,1024"]),
            ("mock-turtles", &["30"]),
        ] {
            let parsed: Game = game.parse().unwrap();
            let e = export_graph(&parsed, &parsed.parse_position(tokens).unwrap(), 2_000_000).unwrap_err();
            assert!(e.to_string().contains("these coins may reach up to"), "{game}: {e}");
        }
        let ruler: Game = "ruler".parse().unwrap();
        let e = export_graph(&ruler, &ruler.parse_position(&["20"]).unwrap(), 2_000_000).unwrap_err();
        assert!(e.to_string().contains("at least 2.2 GiB of text"), "{e}");
    }
}
