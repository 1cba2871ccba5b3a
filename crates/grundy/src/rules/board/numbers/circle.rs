//! Take-and-break games on circles of coins (`circle:RULESET`): POJ 2484 "A Funny Game" is
//! `circle:kayles` (take one coin or two neighbours from a circle), HDU 3951 "Coin Game" is
//! `circle:octal:0.77...7` with K sevens (take 1 to K neighbouring coins).
//!
//! A move takes t coins that sit together, as the ruleset allows a move on a line (a heap) of
//! coins. A circle has no ends, so whatever coins a move takes, what is left is one line of the
//! other coins: the move is allowed when the ruleset's digit for t has the bit "leave one heap"
//! (t smaller than the circle), or the bit "leave no heap" (t equal to the circle, which is then
//! gone). The bits "leave two heaps" and "leave three heaps" never apply to a circle. From then
//! on a line is a heap of the ruleset, and the lines are independent games.
//!
//! A position is a list of circles and lines. As numbers each is a pair: 1 and the coins of a
//! circle, or 0 and the coins of a line; as tokens a circle of 12 is `12` (or `circle:12`) and a
//! line of 7 is `line:7`. A line taken to nothing stays as `line:0`, as an emptied heap stays as
//! a heap of 0. A random position is the default's few numbers, each a circle (lines come with
//! play, as the problems above pose circles).
//!
//! The theory: by the Sprague-Grundy theorem (Sprague, 1935; Grundy, 1939) a position is worth
//! the XOR of its parts' values. A line of m is worth G(m) of the ruleset, from the engine (a
//! table with a proven period, so exact at any size); a circle of n is worth the mex of its
//! options, G(n - t) for each t it may take and 0 for taking every coin. The engine's values
//! reach this module through [`HeapEngine`], since `rules/` sits below the engine.

use crate::error::IllegalMove;
use crate::error::{AnalyzeError, ParseGameError, Work};
use crate::number::parse_u64;
use crate::rules::analysis::Analysis;
use crate::rules::board::machinery::search::search_answer;
use crate::rules::board::replaced_part;
#[cfg(feature = "draw")]
use crate::rules::board::Face;
use crate::rules::board::Players;
use crate::rules::board::{
    listed_note, listing_room, BoardContext, HeapValues, Method, Notation, PlayHelp, RulesCore, Theory,
};
use crate::rules::board::{Board, BoardFamily};
use crate::rules::board::{NumberNames, Words};
use crate::rules::catalogue::GameKind;
#[cfg(feature = "draw")]
use crate::rules::draw::{note_lines, Sketch, NOTE_LEADING};
#[cfg(feature = "draw")]
use crate::rules::heap::HeapNouns;
use crate::rules::take_break::octal::SplitRules;
use crate::rules::Ruleset;

/// The first number of a line's pair.
pub const LINE: u64 = 0;
/// The first number of a circle's pair.
pub const CIRCLE: u64 = 1;

/// The most coins a misère position may hold: its search keeps each position's options on a
/// stack as deep as the coins, and past this many coins the positions reachable (at least the
/// partitions of the coins) are far past any budget anyway.
const MISERE_COINS: u128 = 128;

/// The most explanation lines that show one part's value each.
const EXPLAINED_PARTS: usize = 20;

/// Take-and-break games on circles in the registry ([`crate::rules::board::BOARDS`]).
pub const FAMILY: BoardFamily = BoardFamily { kinds: &KINDS, parse };

const KINDS: [GameKind; 1] = [
    GameKind {
        spelling: "circle:RULESET",
        name: "a take-and-break game on circles of coins",
        a_move: "take coins that sit together, as a take-and-break RULESET allows on a line; a circle (`12`) leaves one line (`line:10`), and lines play as heaps",
        example_game: "circle:kayles",
        example_position: "12 line:7",
        heap_ruleset: false,
        move_syntax: "`take T from N` takes T coins from circle or line N (from a line they come off an end); `take T from N leaving A B` takes them from a line's middle",
        example_move: "take 2 from 1",
    },
];

/// Reads `circle:RULESET`; `None` for any other name.
fn parse(s: &str) -> Option<Result<Board, String>> {
    if s == "circle" {
        return Some(Err("game 'circle' needs the ruleset of its moves: circle:RULESET (e.g. circle:kayles)".into()));
    }
    let rest = s.strip_prefix("circle:")?;
    Some(
        rest.parse::<Ruleset>()
            .map_err(|e| format!("circle:{rest}: {e}"))
            .and_then(|r| Circle::new(r).map_err(|e| e.to_string()))
            .map(Board::new),
    )
}

/// A take-and-break ruleset played on circles of coins. Made by [`Circle::new`], which refuses
/// the rulesets that make no game of their own on a circle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Circle {
    ruleset: Ruleset,
    rules: SplitRules,
    /// Whether every line of one coin or more is won by the player to move (see
    /// [`every_line_is_won`]).
    mirror: bool,
}

/// One circle or line of a position: whether it is a circle, and its coins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Part {
    circle: bool,
    coins: u64,
}

impl Part {
    fn numbers(self) -> [u64; 2] {
        [if self.circle { CIRCLE } else { LINE }, self.coins]
    }

    fn kind(self) -> &'static str {
        if self.circle {
            "circle"
        } else {
            "line"
        }
    }

    #[cfg(feature = "draw")]
    /// The part in words a student reads: "circle of 12 coins", "line of 1 coin", "empty line".
    fn words(self) -> String {
        match self.coins {
            0 => format!("empty {}", self.kind()),
            n => format!("{} of {}", self.kind(), crate::rules::text::plural(n, "coin")),
        }
    }
}

/// The parts of a position, two numbers each (a number left over, or a kind that is neither 0
/// nor 1, is not a position: `None`).
fn parts(numbers: &[u64]) -> Option<Vec<Part>> {
    if !numbers.len().is_multiple_of(2) {
        return None;
    }
    numbers
        .chunks_exact(2)
        .map(|pair| match *pair {
            [CIRCLE, coins] => Some(Part { circle: true, coins }),
            [LINE, coins] => Some(Part { circle: false, coins }),
            _ => None,
        })
        .collect()
}

/// The numbers of a list of parts.
fn numbers_of(parts: &[Part]) -> Vec<u64> {
    parts.iter().flat_map(|p| p.numbers()).collect()
}

/// The lines that the heaps `to` (a heap move's result, `[0]` when emptied) make.
fn lines(to: &[u64]) -> Vec<Part> {
    to.iter().map(|&coins| Part { circle: false, coins }).collect()
}

impl Circle {
    /// The circle game of `ruleset`, or why it makes no game of its own: a ruleset that never
    /// splits a heap plays on a circle exactly as on a heap of as many coins; Grundy's game
    /// only splits without taking, which leaves a circle whole; and a ruleset none of whose
    /// moves leaves one heap or none has no move on a circle. The error is a [`ParseGameError`]
    /// that says which.
    ///
    /// ```
    /// use grundy::{rules::board::Circle, Ruleset};
    /// assert!(Circle::new("kayles".parse::<Ruleset>().unwrap()).is_ok());
    /// let e = Circle::new("nim".parse::<Ruleset>().unwrap()).unwrap_err();
    /// assert!(e.to_string().starts_with("circle:nim: no move of nim splits a heap"));
    /// ```
    pub fn new(ruleset: Ruleset) -> Result<Circle, ParseGameError> {
        let same_as_heap = || {
            ParseGameError::new(format!(
                "circle:{ruleset}: no move of {ruleset} splits a heap, so a circle plays exactly as a heap of as many coins (analyse `{ruleset} N`)"
            ))
        };
        let Some(rules) = ruleset.split_rules() else {
            return Err(same_as_heap());
        };
        if rules.unequal {
            return Err(ParseGameError::new(format!(
                "circle:{ruleset}: Grundy's game splits a heap without taking from it, and a circle cut open without taking a coin is still whole, so a circle has no move"
            )));
        }
        if !ruleset.splits() {
            return Err(same_as_heap());
        }
        if rules.take.is_empty() && rules.take_all.is_empty() {
            return Err(ParseGameError::new(format!(
                "circle:{ruleset}: no move of {ruleset} leaves one heap or none, and a move on a circle always does (a circle has no ends), so a circle has no move"
            )));
        }
        let mirror = every_line_is_won(&rules);
        Ok(Circle { ruleset, rules, mirror })
    }

    /// The ruleset its lines follow.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The coins of the line a circle of `n` may leave, taking fewer coins first (0 when every
    /// coin is taken).
    fn circle_options(&self, n: u64) -> Vec<u64> {
        let mut takes: Vec<u64> = self.rules.take.iter().copied().filter(|&t| t > 0 && t < n).collect();
        if self.rules.take_all.contains(&n) && n > 0 {
            takes.push(n);
        }
        takes.sort_unstable();
        takes.dedup();
        takes.into_iter().map(|t| n - t).collect()
    }

    /// Every option of one part, as the parts it leaves.
    fn part_options(&self, part: Part) -> Vec<Vec<Part>> {
        if part.circle {
            return self.circle_options(part.coins).into_iter().map(|m| lines(&[m])).collect();
        }
        let mut out = vec![];
        self.rules.for_each_option(part.coins, &mut |to| out.push(lines(to)));
        out
    }

    /// Whether a part of this position has a move.
    fn part_has_move(&self, part: Part) -> bool {
        if part.circle {
            !self.circle_options(part.coins).is_empty()
        } else {
            self.rules.has_option(part.coins)
        }
    }

    /// The option of `part` that takes the fewest coins (of a line, in the fewest parts among
    /// those): what [`PlayHelp::random_move`] draws first.
    fn least_taken(&self, part: Part) -> Option<Vec<Part>> {
        if part.circle {
            self.circle_options(part.coins).first().map(|&m| lines(&[m]))
        } else {
            self.rules.smallest_option(part.coins).map(|to| lines(&to))
        }
    }

    /// Whether `part` may become `new` in one move, with the reason when not.
    fn check_part(&self, index: usize, part: Part, new: &[Part]) -> Result<(), String> {
        let name = format!("{} {}", part.kind(), index + 1);
        if new.iter().any(|p| p.circle) {
            return Err(format!("a move on {name} leaves lines, never a circle"));
        }
        let coins: Vec<u64> = new.iter().map(|p| p.coins).collect();
        let left = coins.iter().try_fold(0u64, |s, &c| s.checked_add(c));
        let Some(taken) = left.and_then(|l| part.coins.checked_sub(l)) else {
            return Err(format!("a move cannot add coins: {name} has {}", part.coins));
        };
        if coins.len() > 1 && coins.contains(&0) {
            return Err(
                "a move leaves lines of at least one coin each, or one empty line when it takes every coin".into()
            );
        }
        if part.circle {
            if coins.len() != 1 {
                return Err(format!(
                    "a circle has no ends, so a move on {name} leaves one line of the coins not taken, not {} lines",
                    coins.len()
                ));
            }
            if taken == 0 {
                return Err("a move must take at least one coin".into());
            }
            if !self.circle_options(part.coins).contains(&(part.coins - taken)) {
                return Err(format!(
                    "taking {taken} from a circle of {} is not a move of {}: {}",
                    part.coins,
                    self.ruleset,
                    self.circle_takes_words(part.coins)
                ));
            }
            return Ok(());
        }
        if !self.rules.allows(part.coins, &coins) {
            return Err(format!(
                "{name} of {} coins cannot become {} by a move of {}",
                part.coins,
                coins.iter().map(u64::to_string).collect::<Vec<_>>().join(" + "),
                self.ruleset
            ));
        }
        Ok(())
    }

    /// The numbers of coins a circle of `n` may lose, in words.
    fn circle_takes_words(&self, n: u64) -> String {
        let takes: Vec<String> = self.circle_options(n).into_iter().map(|m| (n - m).to_string()).collect();
        match takes.len() {
            0 => format!("a circle of {n} has no move"),
            _ => format!("a circle of {n} may lose {} coins", takes.join(", ")),
        }
    }

    /// The value of a circle of `n`: the mex of its options' values (with the values it saw,
    /// for the explanation).
    fn circle_value(&self, n: u64, heaps: &dyn HeapValues) -> Result<(u64, Vec<(u64, u64)>), AnalyzeError> {
        let mut seen = vec![];
        for m in self.circle_options(n) {
            let v = if m == 0 { 0 } else { line_value(heaps, &self.ruleset, m)? };
            seen.push((m, v));
        }
        let mut values: Vec<u64> = seen.iter().map(|&(_, v)| v).collect();
        values.sort_unstable();
        values.dedup();
        let mex =
            values.iter().enumerate().find(|&(i, &v)| v != i as u64).map_or(values.len() as u64, |(i, _)| i as u64);
        Ok((mex, seen))
    }

    /// Misère play by an exact search within the budget, after bounding the options of every
    /// position by those of the start (they only shrink along a game).
    fn misere(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let budget = context.budget;
        let ps = parts(numbers).unwrap_or_default();
        let options: u128 = ps
            .iter()
            .map(|p| if p.circle { self.rules.take.len() as u128 + 1 } else { self.rules.option_count_wide(p.coins) })
            .fold(0u128, u128::saturating_add);
        let coins: u128 = ps.iter().map(|p| u128::from(p.coins)).sum();
        if options > u128::from(budget) || coins > MISERE_COINS {
            return Err(AnalyzeError::Unsupported(format!(
                "misère play of circle:{} is answered by an exact search (misère values do not add, so no table helps), which takes positions of at most {MISERE_COINS} coins in all whose moves fit the budget; this one has {coins} coins and {options} moves",
                self.ruleset
            )));
        }
        let mut answer = search_answer(self, numbers, true, context)?;
        answer.explanation.insert(
            0,
            format!(
                "Misère play (the player who takes the last coin loses) of circles and lines of {}: values do not add under misère play, so every position reachable is searched.",
                self.ruleset
            ),
        );
        Ok(answer)
    }
}

impl Circle {
    /// Whether a circle of `n` is worth 0 by the mirror argument alone: every line is won
    /// ([`Circle::mirror`]) and the circle cannot be taken whole, so each of its moves leaves
    /// a won line.
    fn worth_zero_by_mirror(&self, part: Part) -> bool {
        part.circle && self.mirror && !self.rules.take_all.contains(&part.coins)
    }

    /// The values of lines up to `max_heap` from the engine, with the refusal worded for
    /// circles.
    fn heap_values(&self, max_heap: u64, context: &BoardContext<'_>) -> Result<Box<dyn HeapValues>, AnalyzeError> {
        let ruleset = &self.ruleset;
        context.heaps.heap(ruleset, max_heap, context.budget).map_err(|e| match e {
            AnalyzeError::Unsupported(why) => {
                AnalyzeError::Unsupported(format!("the lines of these circles are heaps of {ruleset}: {why}"))
            }
            e => e,
        })
    }

    /// Normal play: the XOR of the parts' values (lines from the engine, circles by the mex of
    /// their options, or 0 by the mirror argument), and every winning move with their count.
    fn normal(&self, numbers: &[u64], ps: &[Part], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        let len = numbers.len();
        let ruleset = &self.ruleset;
        // The lines each part's value needs: a circle of n leaves lines of n - 1 or fewer, and
        // one that the mirror argument makes worth 0 needs none.
        let need = |p: &Part| if p.circle { p.coins.saturating_sub(1) } else { p.coins };
        let for_values = ps.iter().filter(|p| !self.worth_zero_by_mirror(**p)).map(need).max();
        let mut heaps = for_values.map(|m| self.heap_values(m, context)).transpose()?;
        let value_of = |heaps: Option<&dyn HeapValues>, m: u64| -> Result<u64, AnalyzeError> {
            match heaps {
                Some(h) => line_value(h, ruleset, m),
                None => Err(AnalyzeError::Unsupported(format!("no value is known for a line of {m} coins"))),
            }
        };
        let mut values = vec![];
        let mut workings = vec![];
        for (i, &p) in ps.iter().enumerate() {
            let working = if self.worth_zero_by_mirror(p) {
                values.push(0);
                format!("circle {} ({} coins): it cannot be taken whole, and every line it can leave is won, so it is worth 0.", i + 1, p.coins)
            } else if p.circle {
                let (v, seen) = match heaps.as_deref() {
                    Some(h) => self.circle_value(p.coins, h)?,
                    None => {
                        return Err(AnalyzeError::Unsupported(format!(
                            "no value is known for the lines of circle {}",
                            i + 1
                        )))
                    }
                };
                values.push(v);
                let options = seen
                    .iter()
                    .map(|&(m, g)| if m == 0 { "0 (nothing left)".to_string() } else { format!("G({m}) = {g}") })
                    .collect::<Vec<_>>();
                format!(
                    "circle {} ({} coins): its moves leave {}, so it is worth {v}.",
                    i + 1,
                    p.coins,
                    if options.is_empty() {
                        "nothing: it has no move".to_string()
                    } else {
                        format!("lines worth {}; the mex is {v}", options.join(", "))
                    }
                )
            } else {
                let v = value_of(heaps.as_deref(), p.coins)?;
                values.push(v);
                format!("line {} ({} coins): G({}) = {v}.", i + 1, p.coins, p.coins)
            };
            if workings.len() < EXPLAINED_PARTS {
                workings.push(working);
            }
        }
        let x = values.iter().fold(0, |a, v| a ^ v);
        // The winning moves of a circle worth 0 by the mirror argument lead to lines worth x:
        // their values are asked for only now, and when the engine cannot give them the moves
        // in that circle are said to be left out.
        let mut missing = None;
        let for_moves = ps.iter().map(need).max().unwrap_or(0);
        if x != 0 && for_values.is_none_or(|m| m < for_moves) && ps.iter().any(|&p| self.worth_zero_by_mirror(p)) {
            match self.heap_values(for_moves, context) {
                Ok(h) => heaps = Some(h),
                Err(AnalyzeError::Stopped(s)) => return Err(AnalyzeError::Stopped(s)),
                Err(e) => missing = Some(e.to_string()),
            }
        }
        let heaps = heaps.as_deref();
        let room = listing_room(len);
        let mut winning: Vec<Vec<u64>> = vec![];
        let mut count: u128 = 0;
        let mut skipped: Vec<String> = vec![];
        let mut examined_left = Work::MovesExamined.clamp(context.budget);
        let with = |i: usize, new: Vec<Part>| {
            let mut next = ps.to_vec();
            next.splice(i..=i, new);
            numbers_of(&next)
        };
        if x != 0 {
            for (i, (&p, &g)) in ps.iter().zip(&values).enumerate() {
                let target = g ^ x;
                if p.circle {
                    for m in self.circle_options(p.coins) {
                        let v = match (m, heaps.and_then(|h| h.value(m))) {
                            (0, _) => Some(0),
                            (_, Some(v)) => Some(v),
                            // A line the mirror argument wins: worth more than 0, exactly unknown.
                            (_, None) if target == 0 && self.mirror => None,
                            (_, None) => {
                                skipped.push(format!(
                                    "the moves in circle {} ({} coins) are not listed: {}",
                                    i + 1,
                                    p.coins,
                                    missing.as_deref().unwrap_or("the values of its lines are not known")
                                ));
                                break;
                            }
                        };
                        if v == Some(target) {
                            count += 1;
                            if winning.len() < room {
                                winning.push(with(i, lines(&[m])));
                            }
                        }
                    }
                    continue;
                }
                let Some(h) = heaps else { continue };
                let cost = h.options_examined(p.coins);
                if cost > examined_left {
                    skipped.push(format!(
                        "the moves in line {} ({} coins) are not listed: listing them looks at {cost} moves, past what is left of the budget ({examined_left})",
                        i + 1,
                        p.coins
                    ));
                    continue;
                }
                examined_left -= cost;
                match h.options_with_value(p.coins, target, room.saturating_sub(winning.len())) {
                    Ok(found) => {
                        count += found.count;
                        winning.extend(found.first.into_iter().map(|to| with(i, lines(&to))));
                    }
                    Err(g) => {
                        skipped.push(format!("the moves in line {} ({} coins) are not listed: {g}", i + 1, p.coins))
                    }
                }
            }
        }
        let method = heaps.map_or(Method::ClosedForm, |h| h.method());
        let listed = winning.len() as u128;
        let mut answer = Analysis::of_board(self, numbers, x != 0, Some(x), winning, method);
        if skipped.is_empty() {
            answer.set_board_count(Some(count), (count > listed).then(|| listed_note(room, len, "numbers")));
        } else {
            answer.set_board_count(None, Some(skipped.join("; ")));
        }
        let e = &mut answer.explanation;
        e.push(format!(
            "A move on a circle takes coins that sit together, as {ruleset} allows on a line; a circle has no ends, so it leaves one line of the other coins (or nothing), never two. Each line then plays as a heap of {ruleset}, on its own."
        ));
        e.push("By the Sprague-Grundy theorem (Sprague, 1935; Grundy, 1939) the position is worth the XOR of its parts' values; a line of m coins is worth G(m) of the ruleset, and a circle the mex of the values its moves leave (0 for taking every coin).".into());
        if ps.iter().any(|&p| self.worth_zero_by_mirror(p)) {
            e.push(format!(
                "Every line of one coin or more is won by the player to move: under {ruleset} it can always be taken whole or cut into two equal lines, and then each move in one line is answered by the same move in the other (the Tweedledum and Tweedledee strategy; Berlekamp, Conway and Guy, Winning Ways, 1982). So a circle that cannot be taken whole leaves only won positions: it is worth 0, at any size."
            ));
        }
        if let Some(h) = heaps {
            e.push(format!("{ruleset}: {}.", h.note()));
        }
        e.extend(workings);
        if ps.len() > EXPLAINED_PARTS {
            e.push(format!("The other {} parts are worked out the same way.", ps.len() - EXPLAINED_PARTS));
        }
        e.push(if x == 0 {
            "The XOR of the values is 0: every move changes one part's value and leaves a position the opponent wins, so the player to move loses.".to_string()
        } else {
            format!(
                "The XOR of the values is {x}, not 0, so the player to move wins: a winning move takes a part worth g to a position worth g xor {x} (for a circle, a line of that value)."
            )
        });
        Ok(answer)
    }
}

/// Whether the rules let the player to move win every line of one coin or more by the mirror
/// argument (the Tweedledum and Tweedledee strategy): take the whole line, or take from its
/// middle t coins of the line's parity so that two equal lines are left, and then answer each
/// move in one line by the same move in the other. That needs, for every m >= 1, m in
/// `take_all` or some split size t < m with m - t even; past the largest split sizes of each
/// parity that holds as soon as both parities have one.
///
/// ```
/// # use grundy::rules::board::numbers::circle::every_line_is_won;
/// let rules = |code: &str| code.parse::<grundy::frontend::OctalCode>().unwrap().rules();
/// assert!(every_line_is_won(&rules("kayles")) && every_line_is_won(&rules("octal:0.777")));
/// // Taking one coin only: a line of 2 is lost.
/// assert!(!every_line_is_won(&rules("octal:0.7")) && !every_line_is_won(&rules("dawsons-kayles")));
/// ```
pub fn every_line_is_won(rules: &SplitRules) -> bool {
    if rules.unequal {
        return false;
    }
    let smallest = |parity: u64| rules.split.iter().copied().filter(|t| t % 2 == parity).min();
    let (Some(even), Some(odd)) = (smallest(0), smallest(1)) else {
        return false;
    };
    (1..=even.max(odd)).all(|m| rules.take_all.contains(&m) || rules.split.iter().any(|&t| t < m && (m - t) % 2 == 0))
}

/// G(m) of a line of `m`, or the refusal that says it is not known.
fn line_value(heaps: &dyn HeapValues, ruleset: &Ruleset, m: u64) -> Result<u64, AnalyzeError> {
    heaps
        .value(m)
        .ok_or_else(|| AnalyzeError::Unsupported(format!("no value is known for a line of {m} coins under {ruleset}")))
}

impl RulesCore for Circle {
    fn words(&self) -> Words {
        let r = &self.ruleset;
        Words::new(
            format!("circle:{}", self.ruleset),
            Players::Impartial,
            format!(
                "Circles of coins under {r}: a move takes coins that sit together, as {r} allows on a line; a circle has no ends, so its first move leaves one line (or nothing), and each line then plays as a heap of {r}."
            ),
            "Type 'take 2 from 1' (take 2 coins from circle or line 1; from a line they come off an end), 'take 1 from 2 leaving 3 4' (split line 2), or '1..2 -> 0 10' (numbers 1 and 2 become a line of 10)",
        )
        // Two numbers a part: whether it is closed (a circle), then its coins.
        .with_names(NumberNames { first: &[], then: &["closed {}", "{0|line|circle} {}"], last: None })
    }

    fn options(&self, numbers: &[u64], _mover: usize) -> Vec<Vec<u64>> {
        let Some(ps) = parts(numbers) else { return vec![] };
        let mut out = vec![];
        for (i, &p) in ps.iter().enumerate() {
            for new in self.part_options(p) {
                let mut next = ps.clone();
                next.splice(i..=i, new);
                out.push(numbers_of(&next));
            }
        }
        out
    }

    fn check(
        &self,
        numbers: &[u64],
        _at: std::ops::Range<usize>,
        after: &[u64],
        _mover: usize,
    ) -> Result<(), IllegalMove> {
        let before = parts(numbers).ok_or("the position is not a list of circles and lines")?;
        let Some(after) = parts(after) else {
            return Err(
                "a position is pairs of numbers: 1 and the coins of a circle, or 0 and the coins of a line".into()
            );
        };
        let (i, old, new) = replaced_part(&before, &after)
            .filter(|(_, _, new)| !new.is_empty())
            .ok_or("a move takes coins from one circle or line, and changes nothing else")?;
        Ok(self.check_part(i, old, &new)?)
    }

    fn canonical(&self, numbers: &[u64]) -> Vec<u64> {
        let Some(mut ps) = parts(numbers) else { return numbers.to_vec() };
        // Empty circles and lines have no move: they change nothing.
        ps.retain(|p| p.coins > 0);
        ps.sort_unstable();
        numbers_of(&ps)
    }
}

impl Notation for Circle {
    fn parse(&self, tokens: &[&str]) -> Result<Vec<u64>, String> {
        let mut out = vec![];
        for (i, token) in tokens.iter().enumerate() {
            let what = format!("part {}", i + 1);
            let part = if let Some(n) = token.strip_prefix("line:") {
                Part { circle: false, coins: parse_u64(n, &format!("{what} (a line)"))? }
            } else {
                let n = token.strip_prefix("circle:").unwrap_or(token);
                if n.contains(':') {
                    return Err(format!("{what} '{token}' is not a circle (12 or circle:12) or a line (line:7)"));
                }
                Part { circle: true, coins: parse_u64(n, &format!("{what} (a circle)"))? }
            };
            out.extend(part.numbers());
        }
        Ok(out)
    }

    fn tokens(&self, numbers: &[u64]) -> Vec<String> {
        match parts(numbers) {
            Some(ps) => {
                ps.iter().map(|p| if p.circle { p.coins.to_string() } else { format!("line:{}", p.coins) }).collect()
            }
            None => numbers.iter().map(u64::to_string).collect(),
        }
    }

    fn describe(&self, numbers: &[u64], after: &[u64]) -> String {
        let (Some(before), Some(after_parts)) = (parts(numbers), parts(after)) else {
            return format!("{numbers:?} -> {after:?}");
        };
        let Some((i, old, new)) = replaced_part(&before, &after_parts).filter(|(_, _, new)| !new.is_empty()) else {
            return format!("{numbers:?} -> {after:?}");
        };
        let name = format!("{} {}", old.kind(), i + 1);
        let coins: Vec<u64> = new.iter().map(|p| p.coins).collect();
        let left: u64 = coins.iter().sum();
        let taken = old.coins.saturating_sub(left);
        match coins[..] {
            [0] if old.coins == 1 => format!("take the only coin of {name}"),
            [0] => format!("take all {} coins of {name}", old.coins),
            [m] if old.circle => format!("take {taken} from {name} ({} -> a line of {m})", old.coins),
            [m] => format!("take {taken} from an end of {name} ({} -> {m})", old.coins),
            _ => {
                let sum = coins.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ");
                let (last, rest) = coins.split_last().unwrap_or((&0, &[]));
                let parts = format!("{} and {last}", rest.iter().map(u64::to_string).collect::<Vec<_>>().join(", "));
                if taken == 0 {
                    format!("split {name} into {parts} ({} -> {sum})", old.coins)
                } else {
                    format!("take {taken} from {name} and split the rest into {parts} ({} -> {sum})", old.coins)
                }
            }
        }
    }

    fn read_move(&self, numbers: &[u64], text: &str, _mover: usize) -> Option<Result<Vec<u64>, String>> {
        let words: Vec<&str> = text.split_whitespace().filter(|w| *w != "and").collect();
        let (take, part, kind, rest) = match words[..] {
            ["take", t, "from", kind @ ("circle" | "line"), p, ref rest @ ..] => (t, p, Some(kind), rest),
            ["take", t, "from", p, ref rest @ ..] => (t, p, None, rest),
            _ => return None,
        };
        Some((|| {
            let ps = parts(numbers).ok_or("the position is not a list of circles and lines")?;
            let t = parse_u64(take, "the number of coins taken")?;
            let i = parse_u64(part, "the circle or line")?;
            let index = usize::try_from(i).ok().and_then(|i| i.checked_sub(1)).filter(|&i| i < ps.len());
            let Some((index, &p)) = index.and_then(|i| ps.get(i).map(|p| (i, p))) else {
                return Err(format!("there is no circle or line {i} (they are numbered 1 to {})", ps.len()));
            };
            if let Some(kind) = kind {
                if kind != p.kind() {
                    return Err(format!("part {i} is a {}, not a {kind}", p.kind()));
                }
            }
            let left = p.coins.checked_sub(t).ok_or_else(|| format!("{} {i} has only {} coins", p.kind(), p.coins))?;
            let new: Vec<u64> = match rest {
                [] => vec![left],
                ["leaving", ref sizes @ ..] if !sizes.is_empty() => {
                    sizes.iter().map(|s| parse_u64(s, "a line left")).collect::<Result<_, _>>()?
                }
                _ => {
                    return Err(format!(
                        "'{}' is not a move: type 'take 2 from 1' or 'take 1 from 2 leaving 3 4'",
                        text.trim()
                    ))
                }
            };
            self.check_part(index, p, &lines(&new))?;
            let mut next = ps.clone();
            next.splice(index..=index, lines(&new));
            Ok(numbers_of(&next))
        })())
    }
}

impl PlayHelp for Circle {
    /// A random part to start from (the first part with a move from it on), then a random
    /// option of it. Drawn smallest first: every draw 0 (the smallest move, the computer's
    /// stalling move when lost) takes the fewest coins of any move, in the first part where
    /// that is possible (a circle's smallest take, a line's least taken in the fewest parts).
    /// Each first draw is swapped with one other, so every start and kind stays as likely.
    fn random_move(&self, numbers: &[u64], _mover: usize, below: &mut dyn FnMut(u64) -> u64) -> Option<Vec<u64>> {
        let ps = parts(numbers)?;
        let least = ps
            .iter()
            .enumerate()
            .filter_map(|(i, &p)| {
                let new = self.least_taken(p)?;
                Some((p.coins - new.iter().map(|q| q.coins).sum::<u64>(), i))
            })
            .min()
            .map_or(0, |(_, i)| i);
        let start = match below(ps.len().max(1) as u64) as usize {
            0 => least,
            s if s == least => 0,
            s => s,
        };
        let len = ps.len();
        let i = (0..len).map(|k| (start + k) % len).find(|&i| ps.get(i).is_some_and(|&p| self.part_has_move(p)))?;
        let p = *ps.get(i)?;
        let new = if p.circle {
            let options = self.circle_options(p.coins);
            lines(&[*options.get(below(options.len() as u64) as usize)?])
        } else {
            let mut kinds = self.rules.options_by_kind(p.coins);
            if let Some(m) = (0..kinds.len()).min_by_key(|&k| kinds.get(k).map(|(t, o)| (*t, o.len()))) {
                kinds.swap(0, m);
            }
            let kind = kinds.get(below(kinds.len() as u64) as usize)?;
            lines(&self.rules.option_of_kind(p.coins, kind, below))
        };
        let mut next = ps;
        next.splice(i..=i, new);
        Some(numbers_of(&next))
    }

    /// Each move takes a coin or splits a line without taking (octal codes whose first digit is
    /// 4), and a line splits at most as often as it has coins: twice the coins, plus the parts.
    fn longest_game(&self, numbers: &[u64]) -> u128 {
        let ps = parts(numbers).unwrap_or_default();
        ps.iter().map(|p| 2 * u128::from(p.coins)).sum::<u128>() + ps.len() as u128
    }
}

impl Theory for Circle {
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        if context.misere {
            return self.misere(numbers, context);
        }
        let ps = parts(numbers)
            .ok_or_else(|| AnalyzeError::Unsupported("the position is not a list of circles and lines".into()))?;
        self.normal(numbers, &ps, context)
    }
}

#[cfg(feature = "draw")]
impl Face for Circle {
    fn draw(&self, numbers: &[u64], _mover: usize) -> Sketch {
        use crate::rules::faces::{
            button_row, click_line, click_note, heap_row, left_out, row_label, MAX_OBJECTS, MAX_ROWS,
        };
        let mut s = Sketch::new();
        let ps = parts(numbers).unwrap_or_default();
        let mut y = 4.0;
        for (k, p) in ps.iter().enumerate().take(MAX_ROWS) {
            let label = format!("{} {}", p.kind(), k + 1);
            if !p.circle {
                let after = |to: Vec<u64>| {
                    let mut next = ps.clone();
                    next.splice(k..=k, lines(&to));
                    numbers_of(&next)
                };
                y += heap_row(&mut s, y, &label, &self.ruleset, &HeapNouns::COINS, p.coins, None, None, &after) + 4.0;
                continue;
            }
            // A ring of coins: any t coins that sit together, as the ruleset takes t from a
            // heap leaving one heap (or none), leave a line.
            row_label(&mut s, y, &label, &p.coins.to_string());
            let r = 34.0;
            let (cx, cy) = (crate::rules::faces::ROW_X + r + 4.0, y + r + 6.0);
            s.circle(cx, cy, r, "frame");
            let takes: Vec<(u64, Option<usize>)> = (1..=p.coins.min(9))
                .map(|t| {
                    let words = format!("take {t} from {}", k + 1);
                    (t, crate::rules::board::worded(&mut s, self, numbers, words))
                })
                .filter(|(_, id)| id.is_some())
                .collect();
            let smallest = takes.first().copied();
            if p.coins <= MAX_OBJECTS {
                for j in 0..p.coins {
                    let angle = std::f64::consts::TAU * j as f64 / p.coins as f64 - std::f64::consts::FRAC_PI_2;
                    let (x, yy) = (cx + r * angle.cos(), cy + r * angle.sin());
                    // The coins of a line's look (faces' Look::Coin): one coin style.
                    let shape = s.circle(x, yy, 7.0, "coin").makes(smallest.and_then(|(_, id)| id));
                    if let Some((t, _)) = smallest {
                        shape.title(format!("take {} from the circle here", crate::rules::faces::plural(t, "coin")));
                    }
                }
            } else {
                s.text(cx, cy + 5.0, &p.coins.to_string(), "num", "middle");
            }
            let offers = takes
                .iter()
                .map(|&(t, id)| {
                    (
                        format!("take {t} together"),
                        id,
                        format!("take {t} coins that sit together: a line of {} is left", p.coins - t),
                    )
                })
                .collect();
            let bx = cx + r + 16.0;
            let _ = bx;
            let h = button_row(&mut s, y + 2.0 * r + 16.0, offers);
            y += 2.0 * r + 20.0 + h;
        }
        // The parts in words, for the rows under the drawing: each part is two numbers (a
        // circle or a line, and its coins), which read as numbers would say "closed 1: 1".
        s.word_rows(ps.iter().enumerate().map(|(k, p)| (format!("part {}", k + 1), p.words())).collect());
        y = left_out(&mut s, y, ps.len(), "circles and lines");
        let note = "A circle's first move takes coins that sit together and leaves a line; lines play as rows.";
        s.note(y + 12.0, note);
        // What to click on a line drawn coin by coin, in the words of a row of the ruleset.
        let line = ps.iter().any(|p| !p.circle && (2..=MAX_OBJECTS).contains(&p.coins));
        let rules = line.then(|| self.ruleset.split_rules()).flatten();
        let mut bottom = y + NOTE_LEADING * note_lines(note).len() as f64;
        if let Some(words) = rules.and_then(|r| click_line(&HeapNouns::COINS, &r)) {
            bottom = click_note(&mut s, bottom, &words);
        }
        s.height = bottom + 4.0;
        s
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::error::GaveUp;
    use crate::rules::board::{HeapEngine, HeapOptions};

    /// Heap values by the plain mex of every option, known up to `known` coins only: an engine
    /// that cannot give large lines, so that the mirror argument has to answer.
    struct Plain {
        rules: SplitRules,
        known: u64,
    }

    struct PlainValues {
        rules: SplitRules,
        values: Vec<u64>,
    }

    impl HeapEngine for Plain {
        fn heap(&self, _: &Ruleset, max_heap: u64, _: u64) -> Result<Box<dyn HeapValues>, AnalyzeError> {
            if max_heap > self.known {
                return Err(AnalyzeError::Unsupported(format!("only lines to {} are known here", self.known)));
            }
            let mut values: Vec<u64> = vec![];
            for n in 0..=max_heap {
                let mut seen = vec![];
                self.rules.for_each_option(n, &mut |to| seen.push(to.iter().fold(0, |a, &h| a ^ values[h as usize])));
                values.push((0..).find(|v| !seen.contains(v)).unwrap());
            }
            Ok(Box::new(PlainValues { rules: self.rules.clone(), values }))
        }
    }

    impl HeapValues for PlainValues {
        fn value(&self, n: u64) -> Option<u64> {
            self.values.get(n as usize).copied()
        }
        fn method(&self) -> Method {
            Method::Table
        }
        fn note(&self) -> String {
            "a plain table".into()
        }
        fn options_examined(&self, n: u64) -> u64 {
            self.rules.option_count(n)
        }
        fn options_with_value(&self, n: u64, target: u64, limit: usize) -> Result<HeapOptions, GaveUp> {
            let mut first = vec![];
            self.rules.for_each_option(n, &mut |to| {
                if to.iter().fold(0, |a, &h| a ^ self.values[h as usize]) == target {
                    first.push(to.to_vec());
                }
            });
            let count = first.len() as u128;
            first.truncate(limit);
            Ok(HeapOptions { count, first })
        }
    }

    /// The mirror argument, used where the lines' values are not known, gives the answer the
    /// full table gives: the outcome, the value, and the winning moves where it counts them.
    #[test]
    fn the_mirror_argument_agrees_with_the_full_table() {
        for code in ["kayles", "octal:0.777", "octal:0.7777777777", "octal:4.7"] {
            let ruleset: Ruleset = code.parse().unwrap();
            let circle = Circle::new(ruleset.clone()).unwrap();
            assert!(circle.mirror, "{code}");
            let rules = ruleset.split_rules().unwrap();
            let full = Plain { rules: rules.clone(), known: 200 };
            let small = Plain { rules, known: 3 };
            let solve = |numbers: &[u64], heaps: &dyn HeapEngine| {
                circle.solve(numbers, &BoardContext::plain(false, 1_000_000, heaps)).unwrap()
            };
            let mut positions: Vec<Vec<u64>> = (0..=60).map(|n| vec![CIRCLE, n]).collect();
            for a in 0..=30 {
                for b in 0..=4 {
                    positions.push(vec![CIRCLE, a, CIRCLE, b]);
                    positions.push(vec![CIRCLE, a, LINE, b]);
                }
            }
            let mut spared = 0;
            for numbers in positions {
                let exact = solve(&numbers, &full);
                let mirrored = circle.solve(&numbers, &BoardContext::plain(false, 1_000_000, &small));
                let Ok(mirrored) = mirrored else {
                    // Only a part that needs a line past what is known is refused: a line, or a
                    // circle that can be taken whole (whose value needs its lines').
                    let needs = |p: &[u64]| match p {
                        [LINE, n] => *n > 3,
                        [_, n] => circle.rules.take_all.contains(n) && *n > 4,
                        _ => false,
                    };
                    assert!(numbers.chunks(2).any(needs), "{code} {numbers:?}");
                    continue;
                };
                assert_eq!((mirrored.outcome, mirrored.sg), (exact.outcome, exact.sg), "{code} {numbers:?}");
                match mirrored.given_count {
                    Some(n) => {
                        assert_eq!(Some(n), exact.given_count, "{code} {numbers:?}");
                        assert_eq!(mirrored.winning_moves, exact.winning_moves, "{code} {numbers:?}");
                    }
                    None => assert!(mirrored.moves_unknown.unwrap().contains("only lines to 3 are known")),
                }
                spared += usize::from(numbers.iter().any(|&n| n > 4));
            }
            assert!(spared > 50, "{code}");
        }
    }

    /// The move that takes the fewest coins, in the first part where that is possible: what
    /// the computer plays to stall in a lost position.
    fn least_coins_move(circle: &Circle, numbers: &[u64]) -> Option<Vec<u64>> {
        let ps = parts(numbers)?;
        let mut best: Option<(u64, usize, Vec<Part>)> = None;
        for (i, &p) in ps.iter().enumerate() {
            if let Some(new) = circle.least_taken(p) {
                let taken = p.coins - new.iter().map(|q| q.coins).sum::<u64>();
                if best.as_ref().is_none_or(|(t, _, _)| taken < *t) {
                    best = Some((taken, i, new));
                }
            }
        }
        let (_, i, new) = best?;
        let mut next = ps;
        next.splice(i..=i, new);
        Some(numbers_of(&next))
    }

    #[test]
    fn the_smallest_move_takes_the_fewest_coins() {
        for code in [
            "kayles",
            "dawsons-kayles",
            "octal:0.137",
            "octal:0.6",
            "octal:4.7",
            "octal:0.77",
            "octal:0.777",
            "grundys-game",
        ] {
            let Ok(circle) = Circle::new(code.parse::<Ruleset>().unwrap()) else {
                assert_eq!(code, "grundys-game", "a circle game");
                continue;
            };
            let mut seen = 0;
            for a in 0..8u64 {
                for b in 0..6u64 {
                    for first in ["", "line:"] {
                        let tokens = [format!("{first}{a}"), format!("line:{b}"), format!("{}", b + 2)];
                        let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
                        let Ok(numbers) = circle.parse(&refs) else { continue };
                        seen += 1;
                        assert_eq!(
                            circle.smallest_move(&numbers, 0),
                            least_coins_move(&circle, &numbers),
                            "{code} {tokens:?}"
                        );
                    }
                }
            }
            assert!(seen > 60, "{code}: {seen}");
        }
    }
}
