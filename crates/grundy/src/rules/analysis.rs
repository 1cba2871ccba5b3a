//! [`Analysis`], the answer for one position as every front end prints it (the `--json`
//! object), with its winning moves and families, and what it says about the moves it does not
//! list one by one. Kept apart from the methods so that each of them fills in one shape.

use serde::{Serialize, Serializer};

use crate::rules::board::{ConwayAnswer, Notation};
use crate::rules::convention::{Convention, Outcome, Player};
use crate::rules::family::MoveFamily;
use crate::rules::method::Method;
use crate::rules::moves::Move;
use crate::rules::nim::BalanceTable;

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
    /// after `=>`, and what a person types to go on from there. Filled in by [`analyze`](crate::analyze).
    pub leaves: Vec<String>,
    /// Conway's value of the position the move leaves, for a partizan game (a canonical form
    /// `GameStore::parse` reads back); absent otherwise, or where its name is too long.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
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
    pub(crate) list_cap: Option<String>,
    /// The budget that would list every winning move, when some are left out and an allowed
    /// budget would list them (a front end names its own way to ask for it).
    #[serde(skip)]
    pub listing_budget: Option<u64>,
    /// The exact count of winning moves, when the game counted them itself (a board game that
    /// lists only some); otherwise the count is the sum over the families.
    #[serde(skip)]
    pub(crate) given_count: Option<u128>,
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
    /// Conway's value of a partizan position under normal play (its canonical form, outcome
    /// class, mean and temperature); in JSON only for those games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conway: Option<ConwayAnswer>,
    /// Conway's outcome class of a partizan position under normal play: `L` (Left wins
    /// whoever starts), `R`, `N` (the player to move wins) or `P`; in JSON only for those
    /// games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome_class: Option<String>,
    /// The nodes the outcome search visited, where it answered (a partizan position past its
    /// value's budget); in JSON only then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search_nodes: Option<u64>,
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
    pub(crate) fn say_what_is_listed(&mut self) {
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

/// A board game's answer ([`crate::rules::board::Theory::solve`]), built where the game knows
/// it: the outcome, value and winning moves; `analyze` fills in the rest (the game's name, the
/// position's tokens, who moves, each move's leaves and the families).
impl Analysis {
    /// The answer for the position `numbers` of the board game `rules`: whether the player to
    /// move `wins`, the Sprague-Grundy value `sg` (when the game has one and it was computed),
    /// the numbers each winning move leaves (`winning`, in the order a person reads them, every
    /// one: their count is their number until [`Analysis::set_board_count`] says otherwise),
    /// and how it was found. Each move is worded by the game ([`Notation::describe`]), and
    /// written as its tokens for a game whose numbers are not what people write
    /// ([`Notation::written_as_text`]).
    ///
    /// ```
    /// use grundy::rules::board::{Method, Wythoff};
    /// use grundy::{Analysis, Outcome};
    /// let a = Analysis::of_board(&Wythoff, &[1, 2], false, None, vec![], Method::ClosedForm);
    /// assert_eq!(a.outcome, Outcome::P);
    /// assert!(a.winning_moves.is_empty());
    /// ```
    pub fn of_board(
        rules: &dyn Notation,
        numbers: &[u64],
        wins: bool,
        sg: Option<u64>,
        winning: Vec<Vec<u64>>,
        method: Method,
    ) -> Analysis {
        let mut a = blank(Outcome::from_win(wins), method);
        a.sg = sg;
        a.given_count = Some(winning.len() as u128);
        a.set_board_winning(rules, numbers, winning);
        a
    }

    /// Lists the winning moves of a board game's answer (made by [`Analysis::of_board`]) as the
    /// numbers each leaves from `numbers`, in place of those listed; their count stays as set.
    pub fn set_board_winning(&mut self, rules: &dyn Notation, numbers: &[u64], winning: Vec<Vec<u64>>) {
        self.winning_moves.clear();
        // Games that draw their own rows write results as tokens (the numbers are edges or
        // vertex indices).
        let as_text = rules.written_as_text();
        for result in winning {
            // A winning move changes the position, so every result is a move.
            if let Some(mv) = Move::between(numbers, &result) {
                let result_tokens = as_text.then(|| rules.tokens(&result));
                self.winning_moves.push(WinningMove {
                    value: None,
                    result_tokens,
                    leaves: vec![],
                    text: rules.describe(numbers, &result),
                    result,
                    mv,
                });
            }
        }
    }

    /// How many winning moves a board game's answer has, exactly (`None` when not known), and
    /// why the list does not hold every one, when it does not (`not_listed`: when the count is
    /// not known, why not).
    pub fn set_board_count(&mut self, count: Option<u128>, not_listed: Option<String>) {
        self.given_count = count;
        match count {
            None => {
                self.moves_unknown = not_listed;
                self.list_cap = None;
            }
            Some(_) => {
                self.moves_unknown = None;
                self.list_cap = not_listed.map(|why| format!(" ({why})"));
            }
        }
    }

    /// Conway's value of a partizan position, with the value each listed winning move leaves
    /// (`conway.leaves`, in the order of the winning moves) written on the move.
    pub fn set_conway(&mut self, conway: ConwayAnswer) {
        for (m, value) in self.winning_moves.iter_mut().zip(&conway.leaves) {
            m.value = value.clone();
        }
        self.outcome_class = Some(conway.outcome.clone());
        self.conway = Some(conway);
    }
}

/// An analysis with the position-independent fields left for `analyze` to fill in.
pub(crate) fn blank(outcome: Outcome, method: Method) -> Analysis {
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
        conway: None,
        outcome_class: None,
        search_nodes: None,
    }
}
