//! `analyze`: who wins a position, its Sprague-Grundy value, every winning move, and an
//! explanation a person can follow.

use serde::{Serialize, Serializer};

use crate::engine::heap::{solvers_for, Engine, HeapSolver, StoredValues};
use crate::engine::{Method, MisereHeaps};
use crate::error::{human_bytes, AnalyzeError, GaveUp, Work, MEMORY_LIMIT};
use crate::game::convention::{Convention, Outcome, Player};
use crate::game::family::first_moves;
use crate::game::{Component, Game, Move, MoveFamily, Position};
use crate::rules::board::graph::solve::{self as graph_solve, GraphMethod, Verdict};
use crate::rules::board::{listing_room, Board, BoardContext, BoardMethod, GraphGame};
use crate::rules::nim::{
    balance_sentences, misere_nim_explanation, misere_nim_winning_moves, misere_nim_wins, nim_sum, BalanceTable,
};
use crate::rules::{MoveSet, Ruleset};
use crate::solve::search::{Rules, Search};

/// The budget used when none is given: positions searched or table entries computed.
pub const DEFAULT_BUDGET: u64 = 2_000_000;

/// The largest budget [`analyze`] accepts: the largest table the machine can hold
/// ([`Work::max_budget`] of the cheapest kind). Each kind of work is further held to its own
/// largest budget, so a search stops at [`Work::PositionsSearched`]'s.
pub const MAX_BUDGET: u64 = 1 << 31;

/// What to analyse beyond the position itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalyzeOptions {
    /// Normal or misère play.
    pub convention: Convention,
    /// Who is to move (matters for `kl`, and names the winner).
    pub to_move: Player,
    /// The most positions a search may store or table entries a table may hold.
    pub budget: u64,
    /// Whether to write the explanation (the reasoning for people). Without it the answer is
    /// the same and `explanation` is empty: `grundy batch` answers millions of positions that
    /// nobody reads, where the words cost more than the game.
    pub explain: bool,
    /// Values of take-and-break games read from stores, answering every heap they cover
    /// (see [`StoredValues`]); read once for the life of the process (e.g. `Box::leak`), so
    /// that the options stay `Copy`.
    pub stored: Option<&'static StoredValues>,
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions {
            convention: Convention::Normal,
            to_move: Player::First,
            budget: DEFAULT_BUDGET,
            explain: true,
            stored: None,
        }
    }
}

/// One winning move, with its words and the position it leaves. In JSON: `text` and `result`,
/// then the move's `heap` (numbered from 1; 1 for the divisor game) and `to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinningMove {
    /// The move in words, e.g. "take 11 from heap 3 (12 -> 1)".
    pub text: String,
    /// The whole position after the move, heaps in the order given, the moved heap replaced in
    /// place (`[n']` for the divisor game).
    pub result: Vec<u64>,
    /// The move (its heap 0-based, as every [`Move`]).
    #[serde(flatten)]
    pub mv: Move,
    /// The position after the move as its tokens, for a board game whose numbers are not
    /// what people write (a Hackenbush picture `0-1,1-2`, a geography path `a,b`); absent
    /// otherwise, `result` being the tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result_tokens: Option<Vec<String>>,
    /// The position after the move as the tokens `analyze` reads back for it (`4/3 9/2`,
    /// `162/9`, `12 line:3 line:3`, `nim=0 subtraction:2,5=9`): what `grundy analyze` prints
    /// after `=>`, and what a person types to go on from there. Filled in by [`analyze`].
    pub leaves: Vec<String>,
}

/// Winning moves of one heap written as one family (an arithmetic progression of moves), with
/// its words. In JSON: `text`, then the family's `heap` (numbered from 1), `first`, `last`,
/// `step` and `count`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinningFamily {
    /// The family in words, e.g. "take 1 from heap 1 and split the rest into a and 99 - a, for
    /// every a = 5 (mod 12) with 77 <= a <= 41 (3 moves)".
    pub text: String,
    /// The moves.
    #[serde(flatten)]
    pub family: MoveFamily,
}

/// The full answer for one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The game as named (`nim`, `bounded:3`, ...).
    pub game: String,
    /// The heap sizes, or `[n]` for the divisor game.
    pub position: Vec<u64>,
    /// The position as tokens that `Game::parse_position` reads back (e.g. `7/3` for
    /// per-heap limits).
    pub tokens: Vec<String>,
    /// Normal or misère.
    #[serde(serialize_with = "as_text")]
    pub convention: Convention,
    /// Who is to move.
    #[serde(serialize_with = "as_text")]
    pub to_move: Player,
    /// N when the player to move wins, P when they lose.
    #[serde(serialize_with = "as_text")]
    pub outcome: Outcome,
    /// Who wins with best play; `None` (JSON null) for a draw.
    #[serde(serialize_with = "option_as_text")]
    pub winner: Option<Player>,
    /// The Sprague-Grundy value, for impartial games under normal play.
    pub sg: Option<u64>,
    /// Why `sg` is `None`, in words: "none (misère play)", "none (partizan)", or "not computed:
    /// ..." for a game whose value exists but was not worked out.
    pub sg_note: Option<String>,
    /// What each number of `position` is, for a person: "heap 1", "number 2", "chip 3".
    pub labels: Vec<String>,
    /// The winning moves one by one (none when the player to move loses): every one, or the
    /// first [`LISTED_MOVES`] when there are more (`winning_families` holds them all), unless
    /// `winning_moves_not_listed` says which were left out.
    pub winning_moves: Vec<WinningMove>,
    /// Every winning move, as families: a heap of a take-and-break game with a proven period
    /// has its splits in residue classes, so that a heap of 10^18 has a short exact answer; any
    /// other move is a family of one. Empty for heaps whose moves are not known (see
    /// `winning_moves_not_listed`).
    pub winning_families: Vec<WinningFamily>,
    /// How many winning moves there are (distinct positions reached from each heap), exactly;
    /// `None` when some heap's moves are not known (`winning_moves_not_listed` says why), because
    /// the count is then not known. Never a guess: an N-position's count is at least 1. In JSON
    /// a number, or a string of digits past 2^64 - 1.
    #[serde(serialize_with = "exact_count")]
    pub winning_move_count: Option<u128>,
    /// Why some winning moves are not listed one by one: a heap of a take-and-break game has
    /// more options than the budget allows to walk (the outcome and value are still exact, the
    /// count is not known), or there are more than [`LISTED_MOVES`] (the families give them
    /// all); `None` when every winning move is listed.
    pub winning_moves_not_listed: Option<String>,
    /// Why some heap's winning moves are not known, when they are not (the count is then
    /// `None`).
    #[serde(skip)]
    pub moves_unknown: Option<String>,
    /// Why the list one by one stops where it does, when it holds fewer moves than the
    /// families (in words, after "the first K of N are listed one by one").
    #[serde(skip)]
    list_cap: Option<String>,
    /// The budget that would list every winning move, when some are left out and an allowed
    /// budget would list them (a front end names its own way to ask for it).
    #[serde(skip)]
    pub listing_budget: Option<u64>,
    /// The exact count of winning moves, when the game counted them itself (a board game that
    /// lists only some); otherwise the count is the sum over the families.
    #[serde(skip)]
    given_count: Option<u128>,
    /// Each heap's Sprague-Grundy value, when the answer came from them (for the divisor game:
    /// the prime exponents).
    pub heap_values: Option<Vec<u64>>,
    /// How the answer was computed (written as its words: "closed form", "proven period",
    /// "table", "misère rule" or "search").
    #[serde(serialize_with = "as_text")]
    pub method: Method,
    /// The binary balance table of the values, when the answer is Nim-like.
    pub balance: Option<BalanceTable>,
    /// The reasoning, one line each.
    pub explanation: Vec<String>,
    /// In a drawn position (outcome D), the moves that keep it drawn, one by one (the first
    /// [`LISTED_MOVES`]); in JSON only when there are some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub drawing_moves: Vec<WinningMove>,
    /// How many moves keep a drawn position drawn, exactly; in JSON only for a draw.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "exact_count")]
    pub drawing_move_count: Option<u128>,
    /// Each token's generalized Sprague-Grundy value (Smith) for games on graphs, as text: a
    /// number, or `∞(K)` with K the finite values among the vertex's followers; in JSON only
    /// for those games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generalized_sg: Option<Vec<String>>,
}

fn option_as_text<T: std::fmt::Display, S: Serializer>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => s.collect_str(v),
        None => s.serialize_none(),
    }
}

fn as_text<T: std::fmt::Display, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

/// A count as a JSON number while it fits in u64 (what every JSON reader takes), as a string of
/// digits past it, and `null` when it is not known.
fn exact_count<S: Serializer>(count: &Option<u128>, s: S) -> Result<S::Ok, S::Error> {
    match count.map(u64::try_from) {
        None => s.serialize_none(),
        Some(Ok(small)) => s.serialize_u64(small),
        Some(Err(_)) => s.collect_str(&count.unwrap_or_default()),
    }
}

/// The most winning moves whose working the explanation shows one by one (the rest are said to
/// be found the same way), so that an explanation stays a page long.
pub const EXPLAINED_MOVES: usize = 20;

/// The most winning moves an analysis lists one by one; past it the first ones are listed, and
/// the families (with the exact count) give the rest.
pub const LISTED_MOVES: usize = 10_000;

/// The position after replacing heap `i` by the heaps `to`.
fn replaced(heaps: &[u64], i: usize, to: &[u64]) -> Vec<u64> {
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
struct Listing {
    heaps: usize,
}

impl Listing {
    fn new(heaps: usize) -> Self {
        Listing { heaps }
    }

    /// Whether one more move fits in `a`'s list.
    fn has_room(&self, a: &Analysis) -> bool {
        a.winning_moves.len() < LISTED_MOVES
            && (a.winning_moves.len() + 1).saturating_mul(self.heaps.max(1)) <= LISTED_NUMBERS
    }

    /// Records the winning move `mv` (worded `text`) as a family of one, and lists it, with the
    /// position `result` makes, while the list has room.
    fn record(&self, a: &mut Analysis, mv: Move, text: String, result: impl FnOnce() -> Vec<u64>) {
        if self.has_room(a) {
            a.winning_moves.push(WinningMove {
                result_tokens: None,
                leaves: vec![],
                text: text.clone(),
                result: result(),
                mv: mv.clone(),
            });
        }
        a.winning_families.push(WinningFamily { text, family: MoveFamily::single(mv) });
    }

    /// Lists the move `mv` of a family already recorded, while the list has room.
    /// Lists heap `i`'s winning families (given as moves in heap 0, by the quotient or the
    /// normal-play solver): their first moves while there is room, and every family.
    fn list_families(&self, a: &mut Analysis, ruleset: &Ruleset, heaps: &[u64], i: usize, families: Vec<MoveFamily>) {
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

    fn list(&self, a: &mut Analysis, mv: Move, text: impl FnOnce() -> String, result: impl FnOnce() -> Vec<u64>) {
        if self.has_room(a) {
            a.winning_moves.push(WinningMove {
                result_tokens: None,
                leaves: vec![],
                text: text(),
                result: result(),
                mv,
            });
        }
    }

    /// Says in `a` why the list one by one stops, when it holds fewer moves than the families.
    fn finish(self, a: &mut Analysis) {
        let known: u128 = a.winning_families.iter().map(|f| u128::from(f.family.count)).sum();
        if known > a.winning_moves.len() as u128 {
            a.list_cap = Some(if a.winning_moves.len() >= LISTED_MOVES {
                format!(", at most {LISTED_MOVES}")
            } else {
                format!(
                    " (each lists the whole position after it, {} heaps, and the list is kept to {LISTED_NUMBERS} numbers)",
                    self.heaps
                )
            });
        }
    }
}

/// One sentence for the heaps whose winning moves were left out, with the reason for each (or,
/// for many heaps, the first few and the first reason), so that its length does not grow with
/// the number of heaps.
fn skipped_heaps(cs: &[Component], skipped: &[(usize, String)]) -> Option<String> {
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

fn join<T: ToString>(items: &[T], sep: &str) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(sep)
}

/// Analyses `position` of `game`: outcome, Sprague-Grundy value and every winning move.
///
/// ```
/// use grundy::{analyze, AnalyzeOptions, Game};
/// let game: Game = "nim".parse().unwrap();
/// let pos = game.parse_position(&["7", "9", "12", "15"]).unwrap();
/// let a = analyze(&game, &pos, &AnalyzeOptions::default()).unwrap();
/// assert_eq!(a.sg, Some(13));
/// assert_eq!(a.winning_move_count, Some(3));
/// assert_eq!(a.winning_moves[0].text, "take 5 from heap 2 (9 -> 4)");
/// ```
pub fn analyze(game: &Game, position: &Position, options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    if options.budget > MAX_BUDGET {
        return Err(AnalyzeError::Unsupported(format!(
            "budget {} is past {MAX_BUDGET}, the largest any computation here can hold ({} of memory): give at most --budget {MAX_BUDGET}",
            options.budget,
            human_bytes(u128::from(MEMORY_LIMIT))
        )));
    }
    let heaps = position.heaps();
    let mut a = match position {
        // A game on a graph may never end: Every-SG needs games that do.
        Position::Board(b, numbers) if b.downcast::<GraphGame>().is_some() => board(b, numbers, options),
        _ if options.convention == Convention::Every => crate::solve::every::every(position, options),
        Position::Board(b, numbers) => board(b, numbers, options),
        Position::Games(parts) => crate::solve::games::games(parts, options),
        Position::Kl { forbidden, heaps } if forbidden[0] == forbidden[1] => {
            let set = MoveSet::new([forbidden[0]]).map_err(|e| AnalyzeError::Unsupported(e.to_string()))?;
            let cs: Vec<Component> = heaps.iter().map(|&h| Component::new(Ruleset::all_but(set.clone()), h)).collect();
            let mut a = sum(&cs, options)?;
            a.explanation.insert(
                0,
                format!(
                    "With K = L = {} both players have the same moves: this is the impartial game allbut:{} (take any number but {}).",
                    forbidden[0], forbidden[0], forbidden[0]
                ),
            );
            Ok(a)
        }
        Position::Kl { forbidden, heaps } => kl(*forbidden, heaps, options),
        Position::Sum(cs) => sum(cs, options),
    }?;
    a.game = game.to_string();
    a.position = heaps;
    a.tokens = game.position_tokens(position);
    a.convention = options.convention;
    a.to_move = options.to_move;
    a.winner = a.outcome.winner(options.to_move);
    if a.winning_families.is_empty() && !a.winning_moves.is_empty() {
        // The answers that list every move one by one: each move is a family of one.
        a.winning_families = a
            .winning_moves
            .iter()
            .map(|m| WinningFamily { text: m.text.clone(), family: MoveFamily::single(m.mv.clone()) })
            .collect();
    }
    a.winning_move_count = match (&a.moves_unknown, a.given_count) {
        (Some(_), _) => None,
        // A board game counts its moves itself, and may list only some of them.
        (None, Some(n)) => Some(n),
        (None, None) => Some(a.winning_families.iter().map(|f| u128::from(f.family.count)).sum()),
    };
    a.labels = (0..a.position.len()).map(|i| position.label(i)).collect();
    for m in a.winning_moves.iter_mut().chain(a.drawing_moves.iter_mut()) {
        m.leaves = leaves(game, position, m);
    }
    if a.sg.is_none() && a.sg_note.is_none() {
        a.sg_note = Some(
            match (options.convention, position) {
                (Convention::Misere, _) => "none (misère play)",
                _ => "none (partizan)",
            }
            .to_string(),
        );
    }
    a.say_what_is_listed();
    if !options.explain {
        a.explanation.clear();
    }
    Ok(a)
}

/// The tokens of the position `m` leaves: the position after its move, or, for a turn over
/// several games at once (Every-SG), the same games holding its `result`.
fn leaves(game: &Game, position: &Position, m: &WinningMove) -> Vec<String> {
    match position.after(&m.mv).or_else(|| crate::game::games::with_numbers(position, &m.result)) {
        Some(next) => game.position_tokens(&next),
        None => m.result.iter().map(u64::to_string).collect(),
    }
}

/// How the explanation's line on the moves not listed begins.
const NOT_LISTED: &str = "Not every winning move is listed: ";

impl Analysis {
    /// Keeps the first `limit` winning moves listed one by one (`by` names who asked, e.g. "the
    /// request's limit"), and says so in `winning_moves_not_listed` and the explanation;
    /// `winning_move_count` and `winning_families` still give every move.
    ///
    /// ```
    /// use grundy::{analyze, AnalyzeOptions, Game};
    /// let kayles: Game = "kayles".parse().unwrap();
    /// let mut a = analyze(&kayles, &kayles.parse_position(&["1000000"]).unwrap(), &AnalyzeOptions::default()).unwrap();
    /// a.list_at_most(5, "--limit");
    /// assert_eq!(a.winning_moves.len(), 5);
    /// assert_eq!(a.winning_move_count, Some(83338));
    /// assert!(a.winning_moves_not_listed.unwrap().starts_with("the first 5 of 83338 are listed one by one (--limit)"));
    /// ```
    pub fn list_at_most(&mut self, limit: usize, by: &str) {
        if self.winning_moves.len() > limit {
            self.winning_moves.truncate(limit);
            self.list_cap = Some(format!(" ({by})"));
            self.say_what_is_listed();
        }
    }

    /// Sets `winning_moves_not_listed` and the explanation's line about it from what is listed
    /// one by one, what the families hold, and the heaps whose moves are not known.
    fn say_what_is_listed(&mut self) {
        let families: u128 = self.winning_families.iter().map(|f| u128::from(f.family.count)).sum();
        let known = self.given_count.unwrap_or(families);
        let listed = self.winning_moves.len() as u128;
        let mut parts: Vec<String> = vec![];
        if self.given_count.is_some() && known > listed {
            parts.push(format!(
                "the first {listed} of {known} are listed one by one{}",
                self.list_cap.as_deref().unwrap_or("")
            ));
        } else if known > listed {
            parts.push(format!(
                "the first {listed} of {known}{} are listed one by one{}; the families give every one",
                if self.moves_unknown.is_some() { " known" } else { "" },
                self.list_cap.as_deref().unwrap_or("")
            ));
        }
        parts.extend(self.moves_unknown.clone());
        self.winning_moves_not_listed = (!parts.is_empty()).then(|| parts.join("; "));
        self.explanation.retain(|line| !line.starts_with(NOT_LISTED));
        if let Some(why) = &self.winning_moves_not_listed {
            self.explanation.push(format!("{NOT_LISTED}{why}."));
        }
    }
}

/// An analysis with the position-independent fields left for `analyze` to fill in (for the
/// other solving modules).
pub(crate) fn blank_analysis(outcome: Outcome, method: Method) -> Analysis {
    blank(outcome, method)
}

impl Analysis {
    /// Sets the exact count of winning moves when the answer lists only some of them (`why`
    /// says which), or records that the count is not known (`None`).
    pub(crate) fn set_given_count(&mut self, count: Option<u128>, why: &str) {
        match count {
            Some(n) => {
                self.given_count = Some(n);
                if n > self.winning_moves.len() as u128 {
                    self.list_cap = Some(format!(" ({why})"));
                }
            }
            None => self.moves_unknown = Some(format!("the count is past 2^128 ({why})")),
        }
    }
}

/// An analysis with the position-independent fields left for `analyze` to fill in.
fn blank(outcome: Outcome, method: Method) -> Analysis {
    Analysis {
        game: String::new(),
        position: vec![],
        tokens: vec![],
        convention: Convention::Normal,
        to_move: Player::First,
        outcome,
        winner: None,
        sg: None,
        sg_note: None,
        labels: vec![],
        winning_moves: vec![],
        winning_families: vec![],
        winning_move_count: None,
        winning_moves_not_listed: None,
        moves_unknown: None,
        list_cap: None,
        listing_budget: None,
        given_count: None,
        heap_values: None,
        method,
        balance: None,
        explanation: vec![],
        drawing_moves: vec![],
        drawing_move_count: None,
        generalized_sg: None,
    }
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
            let shape = if taken == 0 {
                format!("split heap {heap} into a and {rest} - a")
            } else {
                format!("take {taken} from heap {heap} and split the rest into a and {rest} - a")
            };
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

fn sum(cs: &[Component], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    match options.convention {
        // `analyze` sends Every-SG to its own module; one game alone under it is normal play.
        Convention::Normal | Convention::Every => sum_normal(cs, options),
        Convention::Misere if cs.iter().all(|c| c.ruleset.is_nim()) => Ok(misere_nim(
            &cs.iter().map(|c| c.heap).collect::<Vec<_>>(),
            |i, from, to| Ruleset::nim().describe_move(i + 1, from, &[to]),
            "heap",
            options.explain,
        )),
        Convention::Misere => {
            let quotient_note = match misere_quotient_sum(cs, options)? {
                Ok(a) => return Ok(a),
                Err(why) => why,
            };
            let mut a = misere_sum_by_other_means(cs, options)?;
            if let Some(why) = quotient_note {
                a.explanation.insert(a.explanation.len().min(1), why);
            }
            Ok(a)
        }
    }
}

/// A misère sum that no misère quotient answers: one heap of a take-only ruleset, the SJ
/// theorem, Conway's genus theory, else the exact search within the budget.
fn misere_sum_by_other_means(cs: &[Component], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    match misere_single_heap(cs, options)?.map_or_else(|| misere_sj(cs, options), |a| Ok(Some(a)))? {
        Some(a) => Ok(a),
        None => match misere_tame_sum(cs, options)? {
            Ok(a) => Ok(a),
            Err(why) => {
                let mut a = sum_misere(cs, options)?;
                if let Some(why) = why {
                    a.explanation.insert(1, why);
                }
                Ok(a)
            }
        },
    }
}

/// A misère sum of heaps of one take-and-break ruleset by Plambeck and Siegel's misère
/// quotient (`engine/quotient`), when the quotient covers every heap: proven for every heap
/// size (a period), or computed up to the largest heap. The outcome is whether the product of
/// the heaps' elements lies in the P-portion; the winning moves are the options of each heap
/// whose element, times the rest of the product, lies in it, as families at any size. `Err`
/// with a sentence for the search's explanation when the quotient does not cover the position
/// (`None` when no quotient applies: another ruleset, or a mix).
fn misere_quotient_sum(
    cs: &[Component],
    options: &AnalyzeOptions,
) -> Result<Result<Analysis, Option<String>>, AnalyzeError> {
    let Some(first) = cs.first() else { return Ok(Err(None)) };
    if first.ruleset.split_rules().is_none() || cs.iter().any(|c| c.ruleset != first.ruleset) {
        return Ok(Err(None));
    }
    let Some(q) = crate::engine::analysis_quotient(&first.ruleset)? else { return Ok(Err(None)) };
    let Some(elements) = cs.iter().map(|c| q.element(c.heap)).collect::<Option<Vec<u32>>>() else {
        let largest = cs.iter().map(|c| c.heap).max().unwrap_or(0);
        return Ok(Err(Some(format!(
            "Plambeck and Siegel's misère quotient of {} was not used: it was computed for the heaps up to {} (it stopped because {}), not for a heap of {largest}.",
            first.ruleset,
            q.computed_upto(),
            q.stop()
        ))));
    };
    let n = elements.len();
    let product = q.product(&elements);
    let wins = !q.is_p(product);
    let heaps: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    let mut a = blank(Outcome::from_win(wins), Method::MisereQuotient);
    let listing = Listing::new(heaps.len());
    let mut skipped: Vec<(usize, String)> = vec![];
    if wins {
        // prefix[i] * suffix[i + 1]: the product of every heap but heap i.
        let mut prefix = vec![0u32; n + 1];
        for i in 0..n {
            prefix[i + 1] = q.product(&[prefix[i], elements[i]]);
        }
        let mut suffix = vec![0u32; n + 1];
        for i in (0..n).rev() {
            suffix[i] = q.product(&[elements[i], suffix[i + 1]]);
        }
        let mut examined_left = Work::MovesExamined.clamp(options.budget);
        let mut done: Vec<(u64, u32)> = vec![];
        for (i, c) in cs.iter().enumerate() {
            let rest = q.product(&[prefix[i], suffix[i + 1]]);
            let cost = q.options_examined(c.heap);
            if cost > examined_left {
                let held = Work::MovesExamined.clamp(options.budget);
                let g = GaveUp { what: Work::MovesExamined, used: held, needed: None };
                skipped.push((i, format!("listing them looks at {cost} moves, past what is left of the budget: {g}")));
                continue;
            }
            // Equal heaps with the same rest have the same moves: looked at once.
            if !done.contains(&(c.heap, rest)) {
                examined_left -= cost;
                done.push((c.heap, rest));
            }
            let families = match q.option_families(c.heap, &|z| q.is_p(q.product(&[rest, z])), examined_left) {
                Ok(f) => f,
                Err(g) => {
                    a.listing_budget = a.listing_budget.max(g.suggested_budget());
                    skipped.push((i, g.to_string()));
                    continue;
                }
            };
            listing.list_families(&mut a, &c.ruleset, &heaps, i, families);
        }
    }
    listing.finish(&mut a);
    a.moves_unknown = skipped_heaps(cs, &skipped);
    if options.explain {
        let e = &mut a.explanation;
        e.push("Under misère play (the last player to move loses) the heaps' Sprague-Grundy values do not decide a sum; Plambeck and Siegel's misère quotient does: each heap size n pretends to be an element Φ(n) of a finite commutative monoid Q, a sum pretends to be the product of its heaps' elements, and the player to move loses exactly when that product lies in the P-portion P of Q.".into());
        let p: Vec<String> = q.p_portion().iter().map(|&x| q.name(x)).collect();
        let rels: Vec<String> = q.relations().into_iter().map(|(l, r)| format!("{l} = {r}")).collect();
        let gens: Vec<String> = q.generators().iter().map(|g| format!("{} (heap {})", g.name, g.heap)).collect();
        e.push(if gens.is_empty() {
            format!(
                "{}: Q is the trivial monoid {{1}}: no heap up to {} has a move, so every sum is the empty game, which the player to move wins under misère play; P is empty.",
                first.ruleset,
                q.computed_upto()
            )
        } else {
            format!(
                "{}: Q has {} elements, generated by {} with the relations {}; P = {{{}}}.",
                first.ruleset,
                q.order(),
                gens.join(", "),
                if rels.is_empty() { "none".to_string() } else { rels.join(", ") },
                p.join(", ")
            )
        });
        e.push(match q.period() {
            Some(per) => format!(
                "Proven for every heap size: each sum of heaps up to {} was proven to play as its product (every product in P has no option in P, every other one with a move has one), and Φ repeats with period {} from heap {} over the window the periodicity theorem for misère quotients asks, so every larger heap plays as the heap a whole number of periods below it.",
                q.computed_upto(),
                per.period,
                per.preperiod
            ),
            None => format!(
                "Proven for every sum of heaps up to {} (every product in P has no option in P, every other one with a move has one), which covers this position; no period is proven yet, so larger heaps are not covered.",
                q.computed_upto()
            ),
        });
        const SHOWN: usize = 20;
        for (i, c) in cs.iter().enumerate().take(SHOWN) {
            let x = elements[i];
            let via = match q.representative(c.heap) {
                Some(r) if r != c.heap => format!(", as heap {r}, a whole number of periods below"),
                _ => String::new(),
            };
            e.push(format!("heap {}: size {} -> Φ = {}{via}", i + 1, c.heap, q.name(x)));
        }
        if cs.len() > SHOWN {
            e.push(format!("(and {} more heaps)", cs.len() - SHOWN));
        }
        let factors: Vec<String> = elements.iter().take(SHOWN).map(|&x| q.name(x)).collect();
        e.push(format!(
            "The product {}{} = {}, which {} in P: the player to move {}.",
            factors.join(" · "),
            if cs.len() > SHOWN { " · ..." } else { "" },
            q.name(product),
            if wins { "is not" } else { "is" },
            if wins {
                "wins"
            } else {
                "loses (every move leaves a product outside P, from which the opponent moves back into P)"
            }
        ));
        if wins {
            e.push("A winning move changes one heap so that the new product lies in P:".into());
            for m in a.winning_moves.iter().take(EXPLAINED_MOVES) {
                let x =
                    m.mv.to
                        .iter()
                        .filter(|&&h| h > 0)
                        .filter_map(|&h| q.element(h))
                        .fold(0, |acc, y| q.product(&[acc, y]));
                let rest: Vec<u32> =
                    elements.iter().enumerate().filter(|&(j, _)| j != m.mv.heap).map(|(_, &y)| y).collect();
                let after = q.product(&[q.product(&rest), x]);
                e.push(format!("{}: the heap becomes {}, the product {}, in P.", m.text, q.name(x), q.name(after)));
            }
            if a.winning_families.iter().any(|f| f.family.count > 1) {
                e.push("Past the pre-period the elements repeat with the period p, so once both heaps of a split a + (m - a) lie past it, the split's element depends only on a modulo p: each family is one residue class of a whose splits bring the product into P.".into());
            }
        }
    }
    Ok(Ok(a))
}

/// Misère sums by the SJ theorem (Jia Zhihao, 2009, for anti-SG games): when every position of
/// every single game with value 0 is over, the player to move wins a misère sum exactly when
/// (the nim-sum is not 0 and some game has value above 1) or (the nim-sum is 0 and no game has
/// value above 1). For heaps that never split, the positions of a heap's game are the smaller
/// heaps, so the condition is checked on every heap size up to the largest (Nim holds it at any
/// size: only the empty heap has value 0). `None` when it does not apply or cannot be checked
/// within the budget; the tests check the rule against exhaustive search.
fn misere_sj(cs: &[Component], options: &AnalyzeOptions) -> Result<Option<Analysis>, AnalyzeError> {
    if cs.iter().any(|c| c.ruleset.splits()) || cs.iter().all(|c| c.ruleset.is_nim()) {
        return Ok(None);
    }
    // Values out of the budget's reach leave the other methods to answer (or refuse).
    let Ok(solvers) = solvers_for(cs, options.budget, options.stored) else { return Ok(None) };
    for (r, solver) in &solvers {
        if r.is_nim() {
            continue;
        }
        let largest = cs.iter().filter(|c| &c.ruleset == *r).map(|c| c.heap).max().unwrap_or(0);
        if largest > options.budget {
            return Ok(None);
        }
        for m in 1..=largest {
            // A subtraction heap has a move once it reaches the smallest size (its options,
            // a range of 10^9 sizes, are not walked).
            let has_move = match r.smallest_take(m) {
                Some(take) => take.is_some(),
                None => {
                    let mut has_move = false;
                    r.for_each_option(m, &mut |_| has_move = true);
                    has_move
                }
            };
            if has_move && solver.value(m) == Some(0) {
                return Ok(None);
            }
        }
    }
    let Some(values) = cs.iter().map(|c| solvers[&c.ruleset].value(c.heap)).collect::<Option<Vec<u64>>>() else {
        return Ok(None);
    };
    let x = values.iter().fold(0, |a, v| a ^ v);
    let big = values.iter().any(|&v| v > 1);
    let wins = (x != 0 && big) || (x == 0 && !big);
    let mut a = blank(Outcome::from_win(wins), Method::MisereRule);
    a.heap_values = Some(values.clone());
    a.explanation = vec![
        "The SJ theorem (Jia Zhihao, 2009) for anti-SG games, where the last player to move loses: when every position of every single game with Sprague-Grundy value 0 is over, the player to move wins exactly when the nim-sum is not 0 and some game has value above 1, or the nim-sum is 0 and no game has value above 1.".into(),
        "It applies here: no heap of these rulesets with value 0 has a move (checked for every heap size up to the largest), and heaps never split.".into(),
        format!(
            "Here the values are {} (nim-sum {x}) and {} above 1: the player to move {}.",
            join(&values, ", "),
            if big { "some are" } else { "none is" },
            if wins { "wins" } else { "loses" }
        ),
    ];
    if !wins {
        return Ok(Some(a));
    }
    let all: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    for (i, c) in cs.iter().enumerate() {
        let rest = x ^ values[i];
        let others_big = values.iter().enumerate().any(|(j, &v)| j != i && v > 1);
        // The values this heap may go to so that the opponent faces a lost sum.
        let targets: Vec<u64> = if others_big {
            vec![rest]
        } else {
            let mut t: Vec<u64> = [0, 1].into_iter().filter(|&v| rest ^ v != 0).collect();
            if rest > 1 {
                t.push(rest);
            }
            t
        };
        let solver = &solvers[&c.ruleset];
        for t in targets {
            for f in solver.winning_families(c.heap, t)? {
                for mv in f.members() {
                    let mv = Move { heap: i, ..mv };
                    a.winning_moves.push(WinningMove {
                        result_tokens: None,
                        leaves: vec![],
                        text: c.ruleset.describe_move(i + 1, c.heap, &mv.to),
                        result: replaced(&all, i, &mv.to),
                        mv,
                    });
                }
            }
        }
    }
    a.winning_moves.sort_by(|p, q| p.mv.cmp(&q.mv));
    Ok(Some(a))
}

/// A misère position with one non-empty heap of Nim, K-Nim, the Bash game or a subtraction
/// game: its outcome from the single-heap outcomes, whose period is proven, so it is exact at
/// any size. `None` for any other position (sums of several heaps are searched).
fn misere_single_heap(cs: &[Component], options: &AnalyzeOptions) -> Result<Option<Analysis>, AnalyzeError> {
    let mut non_empty = cs.iter().enumerate().filter(|(_, c)| c.heap > 0);
    let (Some((i, c)), None) = (non_empty.next(), non_empty.next()) else {
        return Ok(None);
    };
    if c.ruleset.is_nim() {
        return Ok(None);
    }
    let Some(heaps) = MisereHeaps::new(&c.ruleset, options.budget)? else {
        return Ok(None);
    };
    let n = c.heap;
    let wins = heaps.mover_wins(n);
    let mut a = blank(Outcome::from_win(wins), heaps.method());
    let all: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    // An emptied heap is left as a heap of 0, as `Ruleset::for_each_option` gives it; the takes
    // of a range come as families, listed one by one while the list has room.
    let listing = Listing::new(all.len());
    listing.list_families(&mut a, &c.ruleset, &all, i, heaps.winning_families(n));
    listing.finish(&mut a);
    let others = if cs.len() > 1 { " (every other heap is empty)" } else { "" };
    a.explanation = vec![
        format!(
            "Under misère play (the last player to move loses) one heap of {} decides the position{others}.",
            c.ruleset
        ),
        heaps.reason(),
        format!(
            "A heap of {n} is {} for the player to move{}.",
            if wins { "won" } else { "lost" },
            if wins {
                ": each winning move leaves a lost heap"
            } else {
                ": every move leaves a heap the opponent wins"
            }
        ),
    ];
    Ok(Some(a))
}

/// A table's refusal with its need raised to what listing the winning moves then looks at
/// without a period (the same budget bounds both kinds of work): so that the budget advised is
/// enough for the whole answer, not only for its table.
fn with_listing_need(e: AnalyzeError, cs: &[Component]) -> AnalyzeError {
    match e {
        AnalyzeError::GaveUp(mut g @ GaveUp { what: Work::SplitTable | Work::ThreeHeapTable, needed: Some(_), .. }) => {
            let listing = cs
                .iter()
                .filter_map(|c| c.ruleset.split_rules().map(|r| r.option_count(c.heap)))
                .fold(0u64, u64::saturating_add);
            g.needed = g.needed.map(|n| n.max(listing));
            AnalyzeError::GaveUp(g)
        }
        e => e,
    }
}

fn sum_normal(cs: &[Component], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    let solvers = solvers_for(cs, options.budget, options.stored).map_err(|e| with_listing_need(e, cs))?;
    let values = cs
        .iter()
        .map(|c| {
            solvers[&c.ruleset].value(c.heap).ok_or_else(|| {
                AnalyzeError::Unsupported(format!("no value is known for heap {} of {}", c.heap, c.ruleset))
            })
        })
        .collect::<Result<Vec<u64>, _>>()?;
    let x = nim_sum(&values);
    let heaps: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    let all_nim = cs.iter().all(|c| c.ruleset.is_nim());
    // The least direct of the heaps' methods names the whole answer.
    let method = solvers.values().map(HeapSolver::method).max().unwrap_or(Method::ClosedForm);
    let mut a = blank(Outcome::from_win(x != 0), method);
    a.sg = Some(x);
    a.heap_values = Some(values.clone());
    let table = BalanceTable::new(&values);

    let listing = Listing::new(heaps.len());
    // The options walked over every heap together are held to the budget too, so that many
    // large take-and-break heaps cannot add up to unbounded work.
    let mut examined_left = Work::MovesExamined.clamp(options.budget);
    // What listing every heap's moves looks at, so that a heap left out names the budget that
    // lists them all, not only the heaps up to it.
    let examined_in_all =
        cs.iter().map(|c| solvers[&c.ruleset].options_examined(c.heap)).fold(0u64, u64::saturating_add);
    let mut skipped: Vec<(usize, String)> = vec![];
    if x != 0 {
        for (i, c) in cs.iter().enumerate() {
            let target = values[i] ^ x;
            let cost = solvers[&c.ruleset].options_examined(c.heap);
            if cost > examined_left {
                let held = Work::MovesExamined.clamp(options.budget);
                let g = GaveUp { what: Work::MovesExamined, used: held, needed: Some(examined_in_all) };
                a.listing_budget = a.listing_budget.max(g.suggested_budget());
                skipped.push((i, format!("listing them looks at {cost} moves, past what is left of the budget: {g}")));
                continue;
            }
            examined_left -= cost;
            // A heap with more options than the budget: the outcome and value stand, the moves
            // in that heap are said to be left out rather than listed in part.
            let families = match solvers[&c.ruleset].winning_families(c.heap, target) {
                Ok(families) => families,
                Err(g) => {
                    a.listing_budget = a.listing_budget.max(g.suggested_budget());
                    skipped.push((i, g.to_string()));
                    continue;
                }
            };
            listing.list_families(&mut a, &c.ruleset, &heaps, i, families);
        }
    }
    listing.finish(&mut a);
    a.moves_unknown = skipped_heaps(cs, &skipped);

    let e = &mut a.explanation;
    if !options.explain {
        // Nothing to say: the caller asked for the answer alone.
    } else if all_nim {
        e.push(
            "Nim (Bouton's theorem): write each heap in binary, one row per heap and one column per power of two."
                .into(),
        );
        e.extend(table.render_lines());
        e.extend(balance_sentences(&table, "heaps", true));
        for m in a.winning_moves.iter().take(EXPLAINED_MOVES) {
            let (i, to) = (m.mv.heap, m.mv.to[0]);
            let from = heaps[i];
            e.push(format!(
                "Heap {}: {} xor {} = {} < {}, so take {} = {} - ({} xor {}) ({} -> {}).",
                i + 1,
                from,
                x,
                to,
                from,
                from - to,
                from,
                x,
                from,
                from,
                to
            ));
        }
    } else {
        e.push("Each heap is a game of its own; by the Sprague-Grundy theorem the position is worth the XOR of the heaps' values, and the player to move wins exactly when it is not 0.".into());
        let mut noted: Vec<&Ruleset> = vec![];
        for c in cs {
            if !noted.contains(&&c.ruleset) {
                noted.push(&c.ruleset);
                e.push(format!("{}: {}.", c.ruleset, solvers[&c.ruleset].method_note()));
            }
        }
        for (i, c) in cs.iter().enumerate() {
            e.push(format!("heap {}: size {} -> G = {}", i + 1, c.heap, values[i]));
        }
        e.push("The values as a Nim position (the binary balance table of Bouton's theorem):".into());
        e.extend(table.render_lines());
        e.extend(balance_sentences(&table, "values", false));
        if x != 0 {
            e.push(format!(
                "A winning move takes one heap from value g to g xor {x}; in these games that can also be a larger value, so every option of every heap is considered."
            ));
            for m in a.winning_moves.iter().take(EXPLAINED_MOVES) {
                let g = values[m.mv.heap];
                e.push(format!("{}: value {} -> {}.", m.text, g, g ^ x));
            }
            if a.winning_families.iter().any(|f| f.family.count > 1) {
                e.push("Past its pre-period a heap's values repeat with the proven period p, so once both heaps of a split a + (m - a) lie past it (a at least the pre-period, and a <= m - a), the split's value depends only on a modulo p: each family is one residue class of a whose splits reach the value needed, and only the splits with a in the pre-period are looked at one by one.".into());
            }
        }
    }
    let explained = a.winning_moves.len().min(EXPLAINED_MOVES) as u128;
    let known: u128 = a.winning_families.iter().map(|f| u128::from(f.family.count)).sum();
    if options.explain && x != 0 && known > explained {
        a.explanation.push(format!(
            "The other {} winning moves{} are found the same way.",
            known - explained,
            if a.moves_unknown.is_some() { " known" } else { "" }
        ));
    }
    a.balance = Some(table);
    Ok(a)
}

/// Misère Nim on `heaps` by its rule; `describe` words a move of heap i from `from` to `to`.
/// The explanation (a balance table row per heap, most of the time of 10^5 heaps) is written
/// only when `explain` asks for it.
fn misere_nim(heaps: &[u64], describe: impl Fn(usize, u64, u64) -> String, noun: &str, explain: bool) -> Analysis {
    let wins = misere_nim_wins(heaps);
    let mut a = blank(Outcome::from_win(wins), Method::MisereRule);
    if explain {
        a.explanation = misere_nim_explanation(heaps, noun);
    }
    let listing = Listing::new(heaps.len());
    for (i, to) in misere_nim_winning_moves(heaps) {
        listing.record(&mut a, Move::new(i, vec![to]), describe(i, heaps[i], to), || replaced(heaps, i, &[to]));
    }
    listing.finish(&mut a);
    a.balance = Some(BalanceTable::new(heaps));
    a
}

/// A board game through its own theory ([`crate::rules::board::BoardRules::solve`]).
fn board(b: &Board, numbers: &[u64], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    if let Some(g) = b.downcast::<GraphGame>() {
        return graph(g, numbers, options);
    }
    let rules = b.rules();
    // The engine is passed in for the games whose theory reads heap values (rules/ sits
    // below it).
    let context =
        BoardContext { misere: options.convention == Convention::Misere, budget: options.budget, heaps: &Engine };
    let answer = rules.solve_in(numbers, &context)?;
    let method = match answer.method {
        BoardMethod::ClosedForm => Method::ClosedForm,
        BoardMethod::ProvenPeriod => Method::ProvenPeriod,
        BoardMethod::Table => Method::Table,
        BoardMethod::Search => Method::Search,
        BoardMethod::MisereRule => Method::MisereRule,
    };
    let mut a = blank(Outcome::from_win(answer.wins), method);
    a.sg = answer.value;
    a.sg_note = answer.value_note;
    a.balance = answer.balance;
    a.heap_values = answer.heap_values;
    for result in answer.winning {
        if let Some(mv) = Move::between(numbers, &result) {
            // Games that draw their own rows write results as tokens (the numbers are edges or
            // vertex indices).
            let result_tokens = rules.written_as_text().then(|| rules.tokens(&result));
            a.winning_moves.push(WinningMove {
                result_tokens,
                leaves: vec![],
                text: rules.describe(numbers, &result),
                result,
                mv,
            });
        }
    }
    a.given_count = answer.count;
    match answer.count {
        None => a.moves_unknown = answer.not_listed,
        Some(_) => a.list_cap = answer.not_listed.map(|why| format!(" ({why})")),
    }
    a.explanation = answer.explanation;
    Ok(a)
}

/// Tokens on a graph: the generalized Sprague-Grundy function or retrograde analysis
/// ([`crate::rules::board::graph::solve`]), with draws.
fn graph(game: &GraphGame, numbers: &[u64], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    if options.convention == Convention::Every {
        return Err(AnalyzeError::Unsupported(
            "Every-SG needs games that end; tokens on a graph with cycles may go on for ever".into(),
        ));
    }
    let g = game.graph();
    let misere = options.convention == Convention::Misere;
    let report = graph_solve::report(g, numbers, options.to_move.index(), misere, options.budget)?;
    let outcome = match report.verdict {
        Verdict::Win => Outcome::N,
        Verdict::Lose => Outcome::P,
        Verdict::Draw => Outcome::D,
    };
    let method = match report.method {
        GraphMethod::Gsg => Method::GeneralizedSg,
        GraphMethod::Retrograde | GraphMethod::Over => Method::Retrograde,
    };
    let mut a = blank(outcome, method);
    let listing = Listing::new(numbers.len());
    let mut drawing: u128 = 0;
    for m in &report.moves {
        let mv = Move::new(m.token, vec![u64::from(m.to)]);
        match m.verdict {
            Verdict::Win => {
                let text = game.describe_move(numbers, m.token, m.to);
                listing.record(&mut a, mv, text, || m.after(numbers));
            }
            Verdict::Draw if outcome == Outcome::D => {
                drawing += 1;
                if a.drawing_moves.len() < listing_room(numbers.len()) {
                    let after = m.after(numbers);
                    a.drawing_moves.push(WinningMove {
                        text: game.describe_move(numbers, m.token, m.to),
                        result: after,
                        result_tokens: None,
                        leaves: vec![],
                        mv,
                    });
                }
            }
            _ => {}
        }
    }
    listing.finish(&mut a);
    if outcome == Outcome::D {
        a.drawing_move_count = Some(drawing);
    }
    if let Some(v) = &report.value {
        a.sg = v.finite();
    }
    if a.sg.is_none() && !misere {
        a.sg_note = Some(match (&report.token_values, report.method) {
            (Some(_), _) => {
                "infinite: a token has the value ∞ (the generalized Sprague-Grundy function, Smith)".to_string()
            }
            (None, GraphMethod::Over) => "none (the game is over)".to_string(),
            (None, _) if g.is_partizan() => "none (partizan)".to_string(),
            (None, _) => "none (a goal ends the game, so positions do not add as Nim heaps)".to_string(),
        });
    }
    a.generalized_sg = report.token_values.as_ref().map(|vs| vs.iter().map(ToString::to_string).collect());
    a.explanation = report.explanation;
    Ok(a)
}

/// The upper bound on the positions reachable from `heaps`: each heap can only shrink.
fn reachable_bound(heaps: &[u64], factor: u64) -> Option<u64> {
    heaps.iter().try_fold(factor, |acc, &h| acc.checked_mul(h.checked_add(1)?))
}

/// Misère sums of heaps: canonical state is the sorted list of (ruleset, heap) with empty heaps
/// dropped.
struct SumRules {
    rulesets: Vec<Ruleset>,
}

impl crate::game::ImpartialGame for SumRules {
    type Position = Vec<(u32, u64)>;

    fn options(&self, state: &Self::Position) -> Vec<Self::Position> {
        let mut out = Vec::new();
        for (i, &(r, h)) in state.iter().enumerate() {
            if i > 0 && state[i - 1] == (r, h) {
                continue; // equal heaps have the same moves
            }
            self.rulesets[r as usize].for_each_option(h, &mut |to| {
                let mut next: Vec<(u32, u64)> = state[..i].to_vec();
                next.extend(to.iter().filter(|&&t| t > 0).map(|&t| (r, t)));
                next.extend_from_slice(&state[i + 1..]);
                next.sort_unstable();
                out.push(next);
            });
        }
        out
    }

    fn option_count_bound(&self, state: &Self::Position) -> Option<u128> {
        Some(state.iter().map(|&(r, h)| self.rulesets[r as usize].option_count_bound(h)).sum())
    }
}

impl Rules for SumRules {
    fn size(&self, state: &Self::Position) -> u128 {
        state.iter().map(|&(_, h)| u128::from(h)).sum()
    }
}

/// Who wins a single heap of each size 0..=`upto` of `ruleset` under misère play (`true`: the
/// player to move), by an exact search of the sums of heaps its moves reach, for the rulesets
/// whose outcomes no window argument gives ([`crate::MisereHeaps`] answers Nim, K-Nim, the
/// Bash game and subtraction games at any size): take-and-break and all-but games. No period
/// is claimed: a heap's misère outcome depends on the sums its splits leave, not on a bounded
/// window of earlier heaps, so only the heaps searched are known. The search is bounded before
/// it starts by the states it could reach (the multisets of heaps with at most `upto` objects),
/// and refused past `budget` with what it would take.
///
/// ```
/// use grundy::{misere_single_heaps, Ruleset};
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// let wins = misere_single_heaps(&kayles, 6, 1_000_000).unwrap();
/// // Misère Kayles: the heap of 1 is lost (its one move takes the last pin), 2 and 3 are won.
/// assert_eq!(wins[..4], [true, false, true, true]);
/// assert!(misere_single_heaps(&kayles, 200, 1_000_000).is_err());
/// ```
pub fn misere_single_heaps(ruleset: &Ruleset, upto: u64, budget: u64) -> Result<Vec<bool>, AnalyzeError> {
    let bound = if ruleset.splits() { multisets_up_to(u128::from(upto)) } else { upto.checked_add(1) };
    let mut search = Search::new(SumRules { rulesets: vec![ruleset.clone()] }, true, budget, bound, 64);
    search.refuse_past_bound(bound)?;
    (0..=upto).map(|n| search.wins(&if n == 0 { vec![] } else { vec![(0, n)] })).collect()
}

fn sum_misere(cs: &[Component], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    let mut rulesets: Vec<Ruleset> = vec![];
    let mut index = |r: &Ruleset| -> u32 {
        match rulesets.iter().position(|x| x == r) {
            Some(i) => i as u32,
            None => {
                rulesets.push(r.clone());
                (rulesets.len() - 1) as u32
            }
        }
    };
    let tagged: Vec<(u32, u64)> = cs.iter().map(|c| (index(&c.ruleset), c.heap)).collect();
    let canon = |v: Vec<(u32, u64)>| {
        let mut v: Vec<(u32, u64)> = v.into_iter().filter(|&(_, h)| h > 0).collect();
        v.sort_unstable();
        v
    };
    let heaps: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    let splits = cs.iter().any(|c| c.ruleset.splits());
    // Splitting moves can reach more positions than the product bound counts (a heap becomes
    // several), so they are bounded by the heaps' totals instead.
    let bound = if splits { split_sum_bound(cs) } else { reachable_bound(&heaps, 1) };
    // A state is the sorted (ruleset, heap) pairs: 16 bytes a heap, and splits add heaps.
    let state_bytes = 16 * (heaps.len() as u64 + 1);
    let mut search = Search::new(SumRules { rulesets }, true, options.budget, bound, state_bytes);
    if splits {
        // The bound is a true one, so a search past the budget is refused before it starts,
        // with what it would take, rather than after seconds of work; within the budget the
        // search cannot run out. Its time is bounded too: the total is small (past about 70
        // the bound passes what memory holds), so every state lists few moves.
        search.refuse_past_bound(bound)?;
    }
    let wins = search.wins(&canon(tagged.clone()))?;
    let mut a = blank(Outcome::from_win(wins), Method::Search);
    for (i, c) in cs.iter().enumerate() {
        let mut moves: Vec<Vec<u64>> = vec![];
        c.ruleset.for_each_option(c.heap, &mut |to| moves.push(to.to_vec()));
        for to in moves {
            let mut next = tagged[..i].to_vec();
            next.extend(to.iter().map(|&t| (tagged[i].0, t)));
            next.extend_from_slice(&tagged[i + 1..]);
            if !search.wins(&canon(next))? {
                a.winning_moves.push(WinningMove {
                    result_tokens: None,
                    leaves: vec![],
                    text: c.ruleset.describe_move(i + 1, c.heap, &to),
                    result: replaced(&heaps, i, &to),
                    mv: Move::new(i, to),
                });
            }
        }
    }
    a.explanation = vec![
        "Under misère play (the last player to move loses) the Sprague-Grundy values of the heaps do not decide a sum, so the outcome comes from an exact search of the positions by the definition of P and N.".into(),
        format!("{} positions were decided.", search.positions()),
        if wins {
            "The player to move wins: each winning move leaves a position where every reply loses.".into()
        } else {
            "The player to move loses: every move leaves a position the opponent wins.".into()
        },
    ];
    Ok(a)
}

/// A misère sum of Nim, K-Nim, Bash and subtraction heaps by Conway's genus theory of tame
/// games (see `engine/tame.rs`), when every heap is proven tame: the outcome from the heaps'
/// values and classes, and every winning move by checking each option of each heap against the
/// rule (at most |S| or K options a heap, or for Nim heaps only the two values that could
/// win). `Err` with the sentence saying why the rule does not apply (or `None` when no
/// heap's ruleset is one it covers), for the search to say.
fn misere_tame_sum(
    cs: &[Component],
    options: &AnalyzeOptions,
) -> Result<Result<Analysis, Option<String>>, AnalyzeError> {
    use crate::engine::{tame_sum_wins, TameClass, TameHeaps};
    let mut tables: Vec<(&Ruleset, TameHeaps)> = vec![];
    for c in cs {
        if tables.iter().any(|(r, _)| *r == &c.ruleset) {
            continue;
        }
        match TameHeaps::new(&c.ruleset, options.budget) {
            Ok(Some(t)) => tables.push((&c.ruleset, t)),
            Ok(None) => return Ok(Err(None)),
            Err(AnalyzeError::Stopped(s)) => return Err(s.into()),
            Err(e) => {
                return Ok(Err(Some(format!(
                    "Conway's genus theory of tame games was not applied: the tameness of {}'s heaps could not be settled ({e}).",
                    c.ruleset
                ))))
            }
        }
    }
    let table = |r: &Ruleset| tables.iter().find(|(q, _)| *q == r).map(|(_, t)| t);
    let mut classes: Vec<TameClass> = Vec::with_capacity(cs.len());
    for (i, c) in cs.iter().enumerate() {
        match table(&c.ruleset).and_then(|t| t.class(c.heap)) {
            Some(k) => classes.push(k),
            None => {
                return Ok(Err(Some(format!(
                    "Conway's genus theory of tame games was not applied: heap {} ({} of {}) is not proven tame (its genus, or that of a heap it can reach, is not that of a Nim heap, or it lacks a move the theory's proof needs), so the rule of misère Nim may not hold for this sum.",
                    i + 1,
                    c.heap,
                    c.ruleset
                ))))
            }
        }
    }
    let wins = tame_sum_wins(classes.iter().copied());
    let values: Vec<u64> = classes.iter().map(|k| k.value).collect();
    let x = nim_sum(&values);
    let heaps: Vec<u64> = cs.iter().map(|c| c.heap).collect();
    let mut a = blank(Outcome::from_win(wins), Method::MisereRule);
    a.heap_values = Some(values.clone());
    let listing = Listing::new(heaps.len());
    if wins {
        let firm = classes.iter().filter(|k| !k.fickle).count();
        for (i, c) in cs.iter().enumerate() {
            let Some(t) = table(&c.ruleset) else { continue };
            let k = classes[i];
            // The rest of the sum; a move must leave a total value of 0 or 1 to be lost.
            let rest = x ^ k.value;
            let others_firm = firm - usize::from(!k.fickle);
            for to in t.candidate_moves(c.heap, &[rest, rest ^ 1]) {
                let Some(after) = t.class(to) else { continue };
                let all_fickle = others_firm == 0 && after.fickle;
                let y = rest ^ after.value;
                let lost = if all_fickle { y == 1 } else { y == 0 };
                if lost {
                    let text = c.ruleset.describe_move(i + 1, c.heap, &[to]);
                    listing.record(&mut a, Move::new(i, vec![to]), text, || replaced(&heaps, i, &[to]));
                }
            }
        }
    }
    listing.finish(&mut a);
    let all_fickle = classes.iter().all(|k| k.fickle);
    let e = &mut a.explanation;
    e.push("Under misère play (the last player to move loses) the heaps' Sprague-Grundy values alone do not decide a sum; here Conway's genus theory of tame games does (On Numbers and Games, chapter 12).".into());
    e.push("The genus of a heap is its normal value g with the misère Grundy values of the heap plus 0, 1, 2, ... heaps of 2. A heap is tame when it and every heap it can reach have the genus of a Nim heap: 0^{120} or 1^{031} (fickle: it plays like a Nim heap of 0 or 1) or g^{g,g⊕2} (firm: like a Nim heap of g at least 2), with the moves the theorem's proof needs. Every heap here was proven tame from a table of genera whose period a repeated window proves.".into());
    e.push("For a misère sum of tame heaps the rule of misère Nim holds: when every heap is fickle the player to move wins exactly when the XOR of the values is 0; when some heap is firm, exactly when it is not 0.".into());
    let mut noted: Vec<&Ruleset> = vec![];
    for c in cs {
        if noted.contains(&&c.ruleset) {
            continue;
        }
        noted.push(&c.ruleset);
        if let Some(p) = table(&c.ruleset).and_then(TameHeaps::period) {
            e.push(format!(
                "{}: values and genera repeat with period {} from n = {} (each depends only on the max(S) heaps before it, so the first repeated window proves it).",
                c.ruleset, p.period, p.preperiod
            ));
        } else if !c.ruleset.is_nim() {
            e.push(format!("{}: a heap of n plays as the Nim heap of n mod (K + 1): a heap of at most K has that Nim heap's moves, and a larger one has options of every other residue, which gives it the same genus and the moves the proof needs.", c.ruleset));
        }
    }
    // The heaps one line each while they are few, so the explanation stays short for many.
    const SHOWN: usize = 20;
    for (i, (c, k)) in cs.iter().zip(&classes).enumerate().take(SHOWN) {
        e.push(format!(
            "heap {}: size {} -> g = {}, genus {} ({})",
            i + 1,
            c.heap,
            k.value,
            k.genus(),
            if k.fickle { "fickle" } else { "firm" }
        ));
    }
    if cs.len() > SHOWN {
        e.push(format!("... and {} more heaps.", cs.len() - SHOWN));
    }
    e.push(format!(
        "{} and the XOR of the values is {x}, so the player to move {}.",
        if all_fickle { "Every heap is fickle" } else { "Some heap is firm" },
        if wins { "wins" } else { "loses" }
    ));
    if wins {
        e.push(
            "A winning move leaves a sum the rule calls lost: every option of every heap is checked against it.".into(),
        );
    }
    a.balance = Some(BalanceTable::new(&values));
    Ok(Ok(a))
}

/// The number of multisets of positive integers whose total is at most `total`, the sum of the
/// partition numbers p(0) + ... + p(total), or `None` when it is past u64.
///
/// These are the states a sum of take-and-break heaps of one ruleset whose sizes add up to
/// `total` can reach: a move takes t >= 0 objects and splits the rest, so the total never grows.
fn multisets_up_to(total: u128) -> Option<u64> {
    // The sum passes u64 near a total of 410, so a larger total is past it without counting.
    const PAST_U64: usize = 600;
    let t = usize::try_from(total).ok().filter(|&t| t < PAST_U64)?;
    // p(n) by the parts allowed, one size at a time; the counts stay below 2^70 before the sum
    // passes u64 (p(600) is about 4.6e23), so u128 holds every one exactly.
    let mut p = vec![0u128; t + 1];
    p[0] = 1;
    for part in 1..=t {
        for n in part..=t {
            p[n] += p[n - part];
        }
    }
    u64::try_from(p.iter().sum::<u128>()).ok()
}

/// A true upper bound on the canonical states a misère sum with take-and-break heaps can reach,
/// or `None` when it is past u64. Heaps of different rulesets never mix, so the bound is the
/// product over the rulesets: for a splitting ruleset the multisets of heaps whose total is at
/// most its heaps' total ([`multisets_up_to`]), for the others the product of (heap + 1), as
/// each of their heaps only shrinks.
fn split_sum_bound(cs: &[Component]) -> Option<u64> {
    let mut seen: Vec<&Ruleset> = vec![];
    let mut bound: u64 = 1;
    for c in cs {
        if seen.contains(&&c.ruleset) {
            continue;
        }
        seen.push(&c.ruleset);
        let heaps = cs.iter().filter(|d| d.ruleset == c.ruleset).map(|d| d.heap);
        let states = if c.ruleset.splits() {
            multisets_up_to(heaps.map(u128::from).sum())?
        } else {
            heaps.collect::<Vec<u64>>().iter().try_fold(1u64, |acc, &h| acc.checked_mul(h.checked_add(1)?))?
        };
        bound = bound.checked_mul(states)?;
    }
    Some(bound)
}

/// K-L-Nim: canonical state is the sorted non-empty heaps and who is to move.
struct KlRules {
    forbidden: [u64; 2],
}

impl crate::game::ImpartialGame for KlRules {
    type Position = (Vec<u64>, Player);

    fn options(&self, (heaps, player): &Self::Position) -> Vec<Self::Position> {
        let mut out = Vec::new();
        let banned = self.forbidden[player.index()];
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            for take in (1..=h).filter(|&t| t != banned) {
                let mut next = heaps.clone();
                next[i] = h - take;
                out.push((kl_canon(next), player.other()));
            }
        }
        out
    }

    fn option_count_bound(&self, (heaps, _): &Self::Position) -> Option<u128> {
        Some(heaps.iter().map(|&h| u128::from(h)).sum())
    }
}

impl Rules for KlRules {
    fn size(&self, (heaps, _): &Self::Position) -> u128 {
        heaps.iter().map(|&h| u128::from(h)).sum()
    }
}

fn kl_canon(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

fn kl(forbidden: [u64; 2], heaps: &[u64], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    let me = options.to_move;
    let mut search = Search::new(
        KlRules { forbidden },
        options.convention == Convention::Misere,
        options.budget,
        reachable_bound(heaps, 2),
        8 * (heaps.len() as u64 + 1),
    );
    let wins = search.wins(&(kl_canon(heaps.to_vec()), me))?;
    let mut a = blank(Outcome::from_win(wins), Method::Search);
    let banned = forbidden[me.index()];
    for (i, &h) in heaps.iter().enumerate() {
        for take in (1..=h).filter(|&t| t != banned) {
            let next = replaced(heaps, i, &[h - take]);
            if !search.wins(&(kl_canon(next.clone()), me.other()))? {
                a.winning_moves.push(WinningMove {
                    result_tokens: None,
                    leaves: vec![],
                    text: Ruleset::nim().describe_move(i + 1, h, &[h - take]),
                    result: next,
                    mv: Move::new(i, vec![h - take]),
                });
            }
        }
    }
    let total_moves: u64 = heaps.iter().map(|&h| h - u64::from(h >= banned)).sum();
    a.explanation = vec![
        format!(
            "K-L-Nim with K = {} and L = {}: the first player may never take exactly {} objects and the second never exactly {}. The players have different moves, so the game is partizan and has no Sprague-Grundy value.",
            forbidden[0], forbidden[1], forbidden[0], forbidden[1]
        ),
        format!(
            "The outcome comes from an exact search over (heaps, player to move) by the definition of P and N: {} positions were decided.",
            search.positions()
        ),
        if wins {
            format!("The {me} player, to move, wins: each winning move leaves the {} player a position where every reply loses.", me.other())
        } else if total_moves == 0 {
            format!(
                "The {me} player, to move, has no legal move (taking exactly {banned} is forbidden to them), so they {} under {} play.",
                if options.convention == Convention::Misere { "win" } else { "lose" },
                options.convention
            )
        } else {
            format!("The {me} player, to move, loses: every one of their {total_moves} moves leaves the {} player a winning position.", me.other())
        },
    ];
    Ok(a)
}
