//! Conway's value of any position (`grundy value`): a partizan board game's from its Left and
//! Right options ([`crate::rules::board::machinery::value`]), an impartial game's as the nimber of its
//! Sprague-Grundy value (Sprague-Grundy: an impartial game equals *G), and a sum's as the sum of
//! its games' values (Conway, "On Numbers and Games", ch. 7: the value of a sum is the sum of
//! the values). The report holds what every front end prints: the canonical form, the outcome
//! class, the mean and the temperature, exact, and the thermograph.

use std::sync::Arc;

use serde::{Serialize, Serializer};

use crate::engine::Method;
use crate::error::AnalyzeError;
use crate::game::convention::{Convention, Outcome, Player};
use crate::game::family::first_moves;
use crate::game::games::{part_game, Parts};
use crate::game::MoveFamily;
use crate::game::{Component, Game, Position};
pub use crate::rules::board::machinery::forecast::{forecast_effort, forecast_work, WorkForecast};
use crate::rules::board::machinery::value::NAMED_CHARS;
use crate::rules::board::numbers::psub::PartizanHeaps;
use crate::rules::board::ConwayAnswer;
use crate::solve::analysis::{
    analyze, blank_analysis, describe_family, Analysis, AnalyzeOptions, Listing, WinningFamily, LISTED_MOVES,
};
use crate::solve::beside_nim::BesideNim;
use crate::solve::naive;
use std::collections::hash_map::{Entry, HashMap};

/// The largest total of an impartial game's numbers whose moves a sum with a partizan game
/// lists one by one (each is valued by its own analysis), as for sums of impartial games.
const LISTED_TOTAL: u128 = 200;
use crate::values::partizan::{GameStore, GameValue, PartizanError, PartizanOutcome, Thermograph};

/// The longest name a value report writes out (characters): a canonical form shares its
/// options, its name writes them at each place, so a small form can have a name of millions.
pub const MAX_NAME_CHARS: u64 = 100_000;

/// Conway's value of a position, as every front end reports it. Its one serialised form (the
/// object of `grundy value --json`, of `GET /api/value`) is written by its `Serialize`:
/// `game`, `position`, `canonical` (null past `name_limit` characters, when
/// `canonical_not_written` says so), `outcome` (`L`, `R`, `P`, `N`), `outcome_words`, `mean`
/// and `temperature` (exact fractions as strings), `stops` (`[Left's, Right's]`),
/// `thermograph_svg` (the thermograph drawn by [`crate::thermograph_svg`]), `positions`,
/// `birthday`, `all_small`, `atomic_weight` (null with `atomic_weight_note` saying why, and
/// `atomic_weight_words`), `reduced` and `incentives` (`{left, right, dominant}`; null with a
/// `_note` saying why).
#[derive(Clone, Debug)]
pub struct ValueReport {
    /// The game, as typed back.
    pub game: String,
    /// The position's tokens, as typed back.
    pub position: Vec<String>,
    /// The canonical form's name (`3/4`, `↑*`, `±1`, `{1|0,*}`), which `GameStore::parse` and
    /// `grundy value` read back; `None` when it is longer than `name_limit` characters.
    pub canonical: Option<String>,
    /// The longest name that was written out.
    pub name_limit: u64,
    /// The outcome class.
    pub outcome: PartizanOutcome,
    /// The mean value, exact.
    pub mean: String,
    /// The temperature, exact (Siegel's: -1 for an integer, -1/2^k for m/2^k).
    pub temperature: String,
    /// Left's stop and Right's stop.
    pub stops: (String, String),
    /// The thermograph's walls.
    pub thermograph: Arc<Thermograph>,
    /// The positions valued (board games' positions, each once).
    pub positions: u64,
    /// The day the canonical form is born.
    pub birthday: u64,
    /// Whether the game is all-small (in every subposition both players can move, or neither).
    pub all_small: bool,
    /// The atomic weight of an all-small game (Siegel's atomic weight calculus), or why there is
    /// none: the game is not all-small, or the work ran past the limit.
    pub atomic_weight: Result<String, String>,
    /// The reduced canonical form (Grossman and Siegel), or why it is not given.
    pub reduced: Result<String, String>,
    /// The incentives (Left's G^L - G, Right's G - G^R, the dominant ones), or why they are not
    /// given.
    pub incentives: Result<IncentiveNames, String>,
}

/// The names of a value's incentives.
#[derive(Clone, Debug, serde::Serialize)]
pub struct IncentiveNames {
    /// The incentives no other exceeds. (The fields are in the order of their names, as the
    /// web server's replies sort them: see [`ValueReport`]'s serialised form.)
    pub dominant: Vec<String>,
    /// Left's incentives, one per canonical Left option.
    pub left: Vec<String>,
    /// Right's incentives, one per canonical Right option.
    pub right: Vec<String>,
}

impl ValueReport {
    /// The atomic weight in a sentence with the two-ahead rule (Lessons in Play, chapter 9), or
    /// why there is none.
    pub fn atomic_weight_words(&self) -> String {
        match &self.atomic_weight {
            Ok(w) => {
                let rule = match w.parse::<i64>() {
                    Ok(n) if n >= 2 => "2 or more, so by the two-ahead rule Left wins whoever starts".to_string(),
                    Ok(n) if n <= -2 => "-2 or less, so by the two-ahead rule Right wins whoever starts".to_string(),
                    _ => "between -2 and 2, so the two-ahead rule (a weight of 2 or more wins for Left, -2 or less for Right) does not decide it alone".to_string(),
                };
                format!("atomic weight {w} (worth {w} times ↑, up to smaller infinitesimals): {rule}")
            }
            Err(why) => format!("no atomic weight: {why}"),
        }
    }
}

impl ValueReport {
    /// The outcome class in words ("Left wins whoever starts").
    pub fn outcome_words(&self) -> &'static str {
        self.outcome.words()
    }

    /// Why `canonical` is `None`, in words; `None` when it is written.
    pub fn canonical_not_written(&self) -> Option<String> {
        self.canonical
            .is_none()
            .then(|| format!("the canonical form's name is longer than {} characters", self.name_limit))
    }
}

/// The fields of a [`ValueReport`] as they are serialised, in one place for every front end.
/// Declared in the order of their names: the web server's replies pass through
/// `serde_json::Value`, whose objects sort their keys, so the command line's object written
/// straight from this is the same, byte for byte.
#[derive(Serialize)]
struct ValueFields<'a> {
    all_small: bool,
    /// Null when there is none, `atomic_weight_note` saying why.
    atomic_weight: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    atomic_weight_note: Option<&'a str>,
    /// The atomic weight in a sentence with the two-ahead rule.
    atomic_weight_words: String,
    birthday: u64,
    canonical: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical_not_written: Option<String>,
    game: &'a str,
    incentives: Option<&'a IncentiveNames>,
    #[serde(skip_serializing_if = "Option::is_none")]
    incentives_note: Option<&'a str>,
    mean: &'a str,
    outcome: String,
    outcome_words: &'static str,
    position: &'a [String],
    positions: u64,
    reduced: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reduced_note: Option<&'a str>,
    /// Left's stop, then Right's.
    stops: [&'a str; 2],
    temperature: &'a str,
    thermograph_svg: String,
}

impl Serialize for ValueReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ValueFields {
            game: &self.game,
            position: &self.position,
            canonical: self.canonical.as_deref(),
            canonical_not_written: self.canonical_not_written(),
            outcome: self.outcome.to_string(),
            outcome_words: self.outcome_words(),
            mean: &self.mean,
            temperature: &self.temperature,
            stops: [&self.stops.0, &self.stops.1],
            thermograph_svg: crate::values::partizan::thermograph_svg(&self.thermograph),
            positions: self.positions,
            birthday: self.birthday,
            all_small: self.all_small,
            atomic_weight: self.atomic_weight.as_deref().ok(),
            atomic_weight_note: self.atomic_weight.as_ref().err().map(String::as_str),
            atomic_weight_words: self.atomic_weight_words(),
            reduced: self.reduced.as_deref().ok(),
            reduced_note: self.reduced.as_ref().err().map(String::as_str),
            incentives: self.incentives.as_ref().ok(),
            incentives_note: self.incentives.as_ref().err().map(String::as_str),
        }
        .serialize(s)
    }
}

/// The game of a part of a sum.
fn game_of(part: &Position) -> Result<Game, AnalyzeError> {
    part_game(part).parse().map_err(|e| AnalyzeError::Unsupported(format!("{e}")))
}

/// Conway's value of `position` of `game` in `store`, with at most `budget` positions of a
/// board game valued and `budget` as the budget of each impartial part's analysis; returns the
/// value and the positions valued. A position whose numbers say who moves (Northcott's game)
/// is refused: its value is not a short game's.
pub fn position_value(
    game: &Game,
    position: &Position,
    store: &mut GameStore,
    budget: u64,
) -> Result<(GameValue, u64), AnalyzeError> {
    if let Some(found) = position.kind().conway_value(store, budget) {
        return found;
    }
    // A sum (of heaps or of games): the sum of its games' values.
    let summands = position.kind().summands();
    // Heaps are impartial: each is worth the nimber of its Sprague-Grundy value, and one
    // analysis of the whole position gives every heap's (a ruleset's table made once, not once
    // a heap); they are summed in order, as the heaps one by one below would be. A heap whose
    // value is not found that way is named by the analysis of each heap below.
    if matches!(game, Game::Heaps(_) | Game::BoundedPerHeap) && summands.len() > 1 {
        let options = AnalyzeOptions {
            convention: Convention::Normal,
            to_move: Player::First,
            budget,
            ..AnalyzeOptions::default()
        };
        let heap_values = analyze(game, position, &options).ok().and_then(|a| a.heap_values);
        if let Some(values) = heap_values.filter(|v| v.len() == summands.len()) {
            let mut total = store.integer(0)?;
            for v in values {
                let heap = store.nimber(v)?;
                total = store.sum(total, heap)?;
            }
            return Ok((total, summands.len() as u64));
        }
    }
    if summands.iter().any(|(_, p)| p != position) {
        let mut total = store.integer(0)?;
        let mut positions = 0;
        for (i, (_, part)) in summands.iter().enumerate() {
            let (v, n) = position_value(&game_of(part)?, part, store, budget)
                .map_err(|e| named(e, &format!("game {} of the sum ({})", i + 1, part_game(part))))?;
            total = store.sum(total, v)?;
            positions += n;
        }
        return Ok((total, positions));
    }
    // An impartial game: the nimber of its Sprague-Grundy value.
    let options =
        AnalyzeOptions { convention: Convention::Normal, to_move: Player::First, budget, ..AnalyzeOptions::default() };
    let a = analyze(game, position, &options)?;
    let sg = a.sg.ok_or_else(|| {
        AnalyzeError::Unsupported(format!(
            "its Sprague-Grundy value is {}, so its value (the nimber of it) is not known",
            a.sg_note.as_deref().unwrap_or("not known")
        ))
    })?;
    Ok((store.nimber(sg)?, 1))
}

/// A lower bound on the work of [`position_value`] of `position`, found before the work: the
/// sum over its partizan board games of [`forecast_work`] (the positions each one's search
/// must visit, walked within `effort` keys made in all, stopped once past `beyond` steps; not
/// walked where it cannot pass them, [`crate::rules::board::machinery::forecast::forecast_past`]).
/// Impartial games are not counted (their values come from their analyses).
pub fn value_work_forecast(position: &Position, beyond: u64, effort: u64) -> Result<WorkForecast, AnalyzeError> {
    let mut total = WorkForecast { at_least: 0, positions: 0, complete: true, effort: 0 };
    for (_, part) in position.kind().summands() {
        let room = (beyond.saturating_sub(total.at_least), effort.saturating_sub(total.effort));
        let Some(f) = part.kind().value_work_forecast(room.0, room.1) else { continue };
        let f = f?;
        total.at_least = total.at_least.saturating_add(f.at_least);
        total.positions = total.positions.saturating_add(f.positions);
        total.complete &= f.complete;
        total.effort = total.effort.saturating_add(f.effort);
        if total.at_least > beyond || total.effort >= effort {
            total.complete &= total.effort < effort;
            break;
        }
    }
    Ok(total)
}

/// The forecast of a value that is sure to pass `work` steps, found before the work: what
/// every front end refuses at once (`grundy value`, Python's `grundy.value`), naming the least
/// work it takes; `None` when the forecast fits. The walk is bounded by [`forecast_effort`] of
/// `work` and by `memory` (a position walked holds a key in its set: a few dozen bytes for a
/// few steps of effort).
pub fn value_past_work(position: &Position, work: u64, memory: u64) -> Result<Option<WorkForecast>, AnalyzeError> {
    let effort = forecast_effort(work).min(memory / 16);
    let f = value_work_forecast(position, work, effort)?;
    Ok((f.at_least > work).then_some(f))
}

/// The most positions each of the analyses behind [`outcome_at_once`] may store: the outcome
/// is told beside a refused value only where it comes at once (a row of K-L-Nim heaps decided
/// by their atomic weights), never as a second long wait.
pub const OUTCOME_AT_ONCE_BUDGET: u64 = 1 << 16;

/// The outcome class of `position` (who wins with Left starting and with Right starting), where
/// its two analyses give it within [`OUTCOME_AT_ONCE_BUDGET`] positions each (or `budget`, if
/// less); `None` where either does not. A value past its bounds may have an outcome its parts
/// decide (Conway's two-ahead rule from the atomic weights): the front ends tell it beside the
/// refusal, naming the analysis that gives it with every winning move.
pub fn outcome_at_once(game: &Game, position: &Position, budget: u64) -> Option<PartizanOutcome> {
    let wins = |to_move| {
        let options =
            AnalyzeOptions { to_move, budget: budget.min(OUTCOME_AT_ONCE_BUDGET), ..AnalyzeOptions::default() };
        analyze(game, position, &options).ok().map(|a| a.outcome == Outcome::N)
    };
    Some(match (wins(Player::First)?, wins(Player::Second)?) {
        (true, true) => PartizanOutcome::N,
        (true, false) => PartizanOutcome::L,
        (false, true) => PartizanOutcome::R,
        (false, false) => PartizanOutcome::P,
    })
}

/// What a refused value adds where [`outcome_at_once`] gives the position's outcome: "its
/// outcome is known without it: Right wins whoever starts (outcome class R)", the same words in
/// every front end, each then naming its own way to the analysis.
pub fn known_outcome(class: PartizanOutcome) -> String {
    format!("its outcome is known without it: {} (outcome class {class})", class.words())
}

/// The error `e`, naming where it happened.
fn named(e: AnalyzeError, at: &str) -> AnalyzeError {
    match e {
        AnalyzeError::Unsupported(m) => AnalyzeError::Unsupported(format!("{at}: {m}")),
        e => e,
    }
}

/// The report of Conway's value of `position` (see [`position_value`]): names up to
/// `name_limit` characters are written out, the analyses after the value are made as `scope`
/// says, and a bound that stopped an analysis is told as `raise` says.
pub fn value_report(
    game: &Game,
    position: &Position,
    store: &mut GameStore,
    budget: u64,
    name_limit: u64,
    scope: Scope,
    raise: Raise,
) -> Result<ValueReport, AnalyzeError> {
    let (g, positions) = position_value(game, position, store, budget)?;
    let mut report = report_of(store, g, name_limit, scope, raise)?;
    report.game = game.to_string();
    report.position = game.position_tokens(position);
    report.positions = positions;
    Ok(report)
}

/// Which analyses a value report makes after the value itself (the canonical form, outcome,
/// stops, mean, temperature, thermograph and birthday, always made).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The atomic weight, the reduced canonical form and the incentives too: each may take as
    /// much work as the value did.
    Full,
    /// The value alone: the atomic weight, reduced form and incentives are not made (their
    /// notes say so, naming `not_made`, the front end's word for how to ask for them), for a
    /// caller who values many positions and needs only their values.
    ValueOnly {
        /// What the notes say of the analyses left out (`not made: --value-only was given`).
        not_made: &'static str,
    },
}

/// How a front end tells its user to raise the bounds of a value's computation, for the notes
/// of the analyses that ran out of them: the library's own errors name `GameStore`'s setters,
/// which a person at the command line or on the web page has no way to call.
#[derive(Clone, Copy, Debug)]
pub struct Raise {
    /// What raises the work limit (`--work raises the limit`).
    pub work: &'static str,
    /// What raises the memory bound (`--memory raises the bound`).
    pub memory: &'static str,
}

impl Raise {
    /// The library's advice: `GameStore::set_work_limit`, `GameStore::set_memory_limit`.
    pub const LIBRARY: Raise = Raise {
        work: "raise the limit with GameStore::set_work_limit",
        memory: "raise the bound with GameStore::set_memory_limit",
    };

    /// Why an analysis gave no answer, with this advice where a bound stopped it.
    pub fn note(&self, e: &PartizanError) -> String {
        match e {
            PartizanError::TooMuchWork { operation, limit } => {
                format!("{operation} needs more than {limit} steps of work; {}", self.work)
            }
            PartizanError::TooMuchMemory { operation, limit } => {
                format!("{operation} needs more than {limit} bytes of memory; {}", self.memory)
            }
            e => e.to_string(),
        }
    }
}

/// The least share of the work an analysis after the value (atomic weight, reduced form,
/// incentives) may take: two million steps, well under a second.
const ANALYSIS_WORK_FLOOR: u64 = 2_000_000;

/// Runs `f`, an analysis after the value, within its share of the work left: as much as the
/// value took (at least [`ANALYSIS_WORK_FLOOR`], at most a quarter of the whole limit, never
/// more than is left), so that the value is printed soon after it is found, not after the whole
/// limit was spent on a reduced form; the total limit is set back after it.
fn within_share<T>(
    store: &mut GameStore,
    value_work: u64,
    f: impl FnOnce(&mut GameStore) -> Result<T, PartizanError>,
) -> Result<T, PartizanError> {
    let (left, whole) = (store.total_work_left(), store.total_work_limit());
    let share = value_work.max(ANALYSIS_WORK_FLOOR).min(whole / 4).min(left);
    if share == 0 {
        // The value took the whole limit: nothing is tried (a limit of 0 would be named).
        return Err(PartizanError::TooMuchWork {
            operation: "an analysis after the value, which took all",
            limit: whole,
        });
    }
    store.set_total_work_limit(share);
    let r = f(store);
    let spent = share.saturating_sub(store.total_work_left());
    store.set_total_work_limit(left.saturating_sub(spent));
    // The limit named in a later refusal is the whole one, as it was set.
    store.restore_total_work_steps(whole);
    r
}

/// The report of a value of `store` (a game written in Conway's notation, or a position's):
/// `game` and `position` are left empty, for the caller to name; the analyses after the value
/// are made as `scope` says; the notes of the analyses a bound stopped say how to raise it as
/// `raise` does.
pub fn report_of(
    store: &mut GameStore,
    g: GameValue,
    name_limit: u64,
    scope: Scope,
    raise: Raise,
) -> Result<ValueReport, AnalyzeError> {
    let (left, right) = store.stops(g)?;
    let thermograph = store.thermograph(g)?;
    let name_limit = name_limit.min(MAX_NAME_CHARS);
    // The value itself first: the analyses after it (atomic weight, reduced form, incentives)
    // answer null with the reason when their share of the work runs out, never taking the
    // value with them.
    let canonical = store.text_within(g, name_limit)?;
    let outcome = store.outcome(g)?;
    let birthday = store.birthday(g)?;
    let all_small = store.is_all_small(g)?;
    let value_work = store.work_done();
    let note = |e: PartizanError| raise.note(&e);
    let named = |store: &mut GameStore, v: GameValue| -> Result<String, String> {
        match store.text_within(v, name_limit) {
            Ok(Some(t)) => Ok(t),
            Ok(None) => Err(format!("its name is longer than {name_limit} characters")),
            Err(e) => Err(note(e)),
        }
    };
    let (atomic_weight, reduced, incentives) = match scope {
        Scope::ValueOnly { not_made } => {
            (Err(not_made.to_string()), Err(not_made.to_string()), Err(not_made.to_string()))
        }
        Scope::Full => {
            let atomic_weight = if all_small {
                within_share(store, value_work, |s| s.atomic_weight(g)).map_err(note).and_then(|w| named(store, w))
            } else {
                Err("the game is not all-small (a subposition where only one player can move)".into())
            };
            let reduced = within_share(store, value_work, |s| s.reduced(g)).map_err(note).and_then(|r| named(store, r));
            let incentives = within_share(store, value_work, |s| s.incentives(g)).map_err(note).and_then(|i| {
                let mut names =
                    |list: &[GameValue]| list.iter().map(|&v| named(store, v)).collect::<Result<Vec<_>, _>>();
                Ok(IncentiveNames { left: names(&i.left)?, right: names(&i.right)?, dominant: names(&i.dominant)? })
            });
            (atomic_weight, reduced, incentives)
        }
    };
    Ok(ValueReport {
        game: String::new(),
        position: vec![],
        canonical,
        name_limit,
        outcome,
        mean: thermograph.mean().to_string(),
        temperature: thermograph.temperature().to_string(),
        stops: (left.to_string(), right.to_string()),
        thermograph,
        positions: 0,
        birthday,
        all_small,
        atomic_weight,
        reduced,
        incentives,
    })
}

/// Whether `part` is a partizan game (its players have different moves).
pub(crate) fn is_partizan(part: &Position) -> bool {
    // The exhaustive solver's key says whether the player to move matters.
    part.kind().key().1
}

/// The sentence's subject naming a sum's partizan games (`game 1 (domineering)`, each its
/// number and game): "game 1 (domineering) of the sum is partizan", or "game 1 (domineering)
/// and game 2 (snort) of the sum are partizan".
pub(crate) fn partizan_parts(partizan: &[String]) -> String {
    let verb = if partizan.len() == 1 { "is" } else { "are" };
    let names = match partizan {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    format!("{names} of the sum {verb} partizan")
}

/// The analysis of a sum holding a partizan game, under normal play, by Conway's values: the
/// sum's value is the sum of its games' values, the player to move (Left is the first player)
/// wins when it is positive (Left), negative (Right) or confused with 0, and a move of one game
/// wins when the sum it leaves is >= 0 (Left) or <= 0 (Right). Each game's moves are listed
/// where it has few: a partizan game's up to [`LISTED_MOVES`], an impartial game's when its
/// numbers total at most [`LISTED_TOTAL`]; past that its winning moves are said not listed.
pub(crate) fn analyze_sum(parts: &[Position], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    let partizan: Vec<String> = parts
        .iter()
        .enumerate()
        .filter(|(_, p)| is_partizan(p))
        .map(|(i, p)| format!("game {} ({})", i + 1, part_game(p)))
        .collect();
    if options.convention != Convention::Normal {
        return Err(AnalyzeError::Unsupported(format!(
            "{}: a sum of partizan games is analysed under normal play, by Conway's values (the value of a sum is the sum of the values); its {} play is not computed",
            partizan_parts(&partizan),
            options.convention
        )));
    }
    // One bound on the whole analysis (every part's value and every option's), as an analysis
    // of a partizan board has, besides each operation's.
    let mut store = crate::rules::board::machinery::value::analysis_store(options.budget);
    store.set_work_limit(options.budget.clamp(1, store.work_limit()));
    analyze_sum_in(parts, options, &mut store, &partizan).map_err(|e| match e {
        AnalyzeError::Partizan(PartizanError::TooMuchWork { operation, limit }) => {
            let tokens: Vec<String> = parts.iter().map(crate::game::games::part_token).collect();
            AnalyzeError::Unsupported(format!(
                "Conway's value: {operation} needs more than {limit} steps of work (the analysis's --budget); how much more is not known before the work is done; `grundy value sum {}` computes the value with a larger limit (--work)",
                tokens.join(" ")
            ))
        }
        e => e,
    })
}

/// [`analyze_sum`] in `store`.
fn analyze_sum_in(
    parts: &[Position],
    options: &AnalyzeOptions,
    store: &mut GameStore,
    partizan: &[String],
) -> Result<Analysis, AnalyzeError> {
    // The impartial games add up to one nimber *n (the Sprague-Grundy theorem), the partizan
    // ones to G. The canonical form of G + *n lists G + *k for every k < n: past the work
    // bound, who wins is found by comparing G with *n instead ([`BesideNim`]).
    let (values, g, n) = sum_values(parts, options, store)?;
    // Listing *n's options alone takes n steps: past one operation's limit the canonical form
    // is not tried (a step count past the whole limit would leave none for the search).
    let total = if n > store.work_limit() {
        Err(PartizanError::TooMuchWork { operation: "a sum", limit: store.work_limit() })
    } else {
        let nimber = store.nimber(n)?;
        store.sum(g, nimber)
    };
    let total = match total {
        Err(PartizanError::TooMuchWork { .. }) if n > 0 => {
            return beside_nim(parts, options, store, partizan, (&values, g, n));
        }
        total => total?,
    };
    let outcome = store.outcome(total)?;
    let left = options.to_move == Player::First;
    let wins = match outcome {
        PartizanOutcome::L => left,
        PartizanOutcome::R => !left,
        PartizanOutcome::P => false,
        PartizanOutcome::N => true,
    };
    let mut a = blank_analysis(Outcome::from_win(wins), Method::Search);
    let zero = store.integer(0)?;
    let layout = Parts::of(parts);
    let numbers = Position::of_games(parts.to_vec()).heaps();
    // Each move listed holds the whole sum after it: the list is kept to a bounded count of
    // numbers (the rest counted), so that a sum of 10,000 parts is not 30,000 copies of itself.
    let listing = Listing::of_sum(numbers.len());
    let mut nim_table: Option<BesideNim> = None;
    let mut unknown = vec![];
    for (i, part) in parts.iter().enumerate() {
        let listable = if is_partizan(part) {
            true
        } else {
            part.heaps().iter().map(|&h| u128::from(h)).sum::<u128>() <= LISTED_TOTAL
        };
        if let Some(c) = nim_heap(part).filter(|_| !listable) {
            // A big Nim heap: its moves as runs, from G compared with the nimbers.
            let table = match &nim_table {
                Some(t) => t,
                None => nim_table.insert(BesideNim::of(store, g, options.budget)?),
            };
            let at = NimHeap { index: i, part, heap: &c, layout: &layout, numbers: &numbers };
            at.winning_moves(&mut a, &listing, table, n, left);
            continue;
        }
        if !listable {
            unknown.push(format!(
                "game {} ({}): an impartial game's moves are listed when its numbers total at most {LISTED_TOTAL}",
                i + 1,
                part_game(part)
            ));
            continue;
        }
        let rest = store.difference(total, values.get(i).copied().unwrap_or(zero))?;
        let moves = naive::moves(part, options.to_move);
        if moves.len() > LISTED_MOVES {
            unknown.push(format!("game {} ({}): more than {LISTED_MOVES} moves", i + 1, part_game(part)));
            continue;
        }
        let game = game_of(part)?;
        for (mv, next) in moves {
            let (v, _) = position_value(&game, &next, store, options.budget)?;
            let after = store.sum(v, rest)?;
            let good = if left { store.ge(after, zero)? } else { store.le(after, zero)? };
            if good {
                let global = layout.global(i, &mv);
                let text = format!("in game {} ({}): {}", i + 1, part_game(part), part.kind().describe(&mv));
                let result = || global.apply(&numbers);
                if let Some(listed) = listing.record(&mut a, global.clone(), text, result) {
                    listed.value = store.text_within(after, NAMED_CHARS)?;
                }
            }
        }
    }
    listing.finish(&mut a);
    if !unknown.is_empty() {
        a.moves_unknown = Some(format!("the moves of some games are not listed: {}", unknown.join("; ")));
    }
    let conway = ConwayAnswer {
        value: store.text_within(total, NAMED_CHARS)?,
        value_note: None,
        outcome: outcome.to_string(),
        mean: store.mean(total)?.to_string(),
        temperature: store.temperature(total)?.to_string(),
        leaves: vec![],
    };
    a.sg_note = Some("none (partizan: Conway's value below)".into());
    a.explanation = vec![format!(
        "{}, so the sum has no Sprague-Grundy value: its value in Conway's sense is the sum of its games' values (an impartial game's is the nimber of its Sprague-Grundy value).",
        partizan_parts(partizan)
    )];
    for (i, (part, v)) in parts.iter().zip(&values).enumerate() {
        let name = store.text_within(*v, NAMED_CHARS)?.unwrap_or_else(|| "a long canonical form".into());
        a.explanation.push(format!("Game {} ({}) has value {name}.", i + 1, part_game(part)));
    }
    a.explanation.push(format!(
        "The sum has outcome class {} ({}); {} moves, and a move wins when the sum it leaves is {} 0.",
        conway.outcome,
        outcome.words(),
        if left { "Left (the first player)" } else { "Right (the second player)" },
        if left { ">=" } else { "<=" }
    ));
    a.conway = Some(conway);
    Ok(a)
}

/// The values of a sum's parts, the sum G of its partizan ones' and the nim-sum n of its
/// impartial ones' Sprague-Grundy values (each is worth *n, Sprague-Grundy): its value is G + *n.
fn sum_values(
    parts: &[Position],
    options: &AnalyzeOptions,
    store: &mut GameStore,
) -> Result<(Vec<GameValue>, GameValue, u64), AnalyzeError> {
    let mut values = vec![];
    for (i, part) in parts.iter().enumerate() {
        let (v, _) = position_value(&game_of(part)?, part, store, options.budget)
            .map_err(|e| named(e, &format!("game {} of the sum ({})", i + 1, part_game(part))))?;
        values.push(v);
    }
    let mut n = 0;
    let mut partizan_values = vec![];
    for (part, &v) in parts.iter().zip(&values) {
        match store.as_nus(v)? {
            Some((_, 0, star)) if !is_partizan(part) => n ^= star,
            _ => partizan_values.push(v),
        }
    }
    let g = store.sum_all(&partizan_values)?;
    Ok((values, g, n))
}

/// [`analyze_sum_in`] where the canonical form of the sum, G + *n (G the partizan games' sum,
/// *n the impartial ones'), is past the work bound: who wins and every winning move come from
/// comparing G, and G after each partizan move, with nimbers ([`BesideNim`]), and the value is
/// told without its canonical form (its mean is G's, its temperature G's where G is hot, else
/// 0: cooling is additive and cools *n to 0 at every t > 0). `values` are the parts' values.
fn beside_nim(
    parts: &[Position],
    options: &AnalyzeOptions,
    store: &mut GameStore,
    partizan: &[String],
    (values, g, n): (&[GameValue], GameValue, u64),
) -> Result<Analysis, AnalyzeError> {
    let table = BesideNim::of(store, g, options.budget)?;
    let outcome = match (table.ge(n), table.le(n)) {
        (true, true) => PartizanOutcome::P,
        (true, false) => PartizanOutcome::L,
        (false, true) => PartizanOutcome::R,
        (false, false) => PartizanOutcome::N,
    };
    let left = options.to_move == Player::First;
    // A move of the player to move wins when it leaves a sum the other player, moving first,
    // loses: >= 0 after Left's move, <= 0 after Right's.
    let good = |t: &BesideNim, m: u64| if left { t.ge(m) } else { t.le(m) };
    let mut a = blank_analysis(Outcome::from_win(if left { !table.le(n) } else { !table.ge(n) }), Method::Search);
    let layout = Parts::of(parts);
    let numbers = Position::of_games(parts.to_vec()).heaps();
    let listing = Listing::of_sum(numbers.len());
    let mut tables: HashMap<GameValue, BesideNim> = HashMap::new();
    let mut unknown = vec![];
    for (i, (part, &v)) in parts.iter().zip(values).enumerate() {
        let in_game = |words: String| format!("in game {} ({}): {words}", i + 1, part_game(part));
        if let Some(c) = nim_heap(part) {
            let at = NimHeap { index: i, part, heap: &c, layout: &layout, numbers: &numbers };
            at.winning_moves(&mut a, &listing, &table, n, left);
            continue;
        }
        let partizan_part = is_partizan(part);
        let listable = partizan_part || part.heaps().iter().map(|&h| u128::from(h)).sum::<u128>() <= LISTED_TOTAL;
        let moves = if listable { naive::moves(part, options.to_move) } else { vec![] };
        if !listable || moves.len() > LISTED_MOVES {
            unknown.push(format!(
                "game {} ({}): {}",
                i + 1,
                part_game(part),
                if listable {
                    format!("more than {LISTED_MOVES} moves")
                } else {
                    format!("an impartial game's moves are listed when its numbers total at most {LISTED_TOTAL}")
                }
            ));
            continue;
        }
        let game = game_of(part)?;
        let rest = if partizan_part { Some(store.difference(g, v)?) } else { None };
        let star = store.as_nus(v)?.map_or(0, |(_, _, s)| s);
        for (mv, next) in moves {
            let (after, _) = position_value(&game, &next, store, options.budget)?;
            let wins = match rest {
                Some(rest) => {
                    let after = store.sum(after, rest)?;
                    let t = match tables.entry(after) {
                        Entry::Occupied(t) => t.into_mut(),
                        Entry::Vacant(slot) => slot.insert(BesideNim::of(store, after, options.budget)?),
                    };
                    good(t, n)
                }
                None => good(&table, n ^ star ^ store.as_nus(after)?.map_or(0, |(_, _, s)| s)),
            };
            if wins {
                let global = layout.global(i, &mv);
                let text = in_game(part.kind().describe(&mv));
                listing.record(&mut a, global.clone(), text, || global.apply(&numbers));
            }
        }
    }
    listing.finish(&mut a);
    if !unknown.is_empty() {
        a.moves_unknown = Some(format!("the moves of some games are not listed: {}", unknown.join("; ")));
    }
    let temperature = store.temperature(g)?;
    let hot = temperature > crate::Dyadic::ZERO;
    let g_name = store.text_within(g, NAMED_CHARS)?.unwrap_or_else(|| "a long canonical form".into());
    a.conway = Some(ConwayAnswer {
        value: None,
        value_note: Some(format!(
            "{g_name} + *{n} (its canonical form is past the work bound; the outcome is searched)"
        )),
        outcome: outcome.to_string(),
        mean: store.mean(g)?.to_string(),
        temperature: if hot { temperature.to_string() } else { "0".into() },
        leaves: vec![],
    });
    a.sg_note = Some("none (partizan: Conway's value below)".into());
    a.explanation = vec![
        format!(
            "{}, so the sum has no Sprague-Grundy value: its value in Conway's sense is the sum of its games' values, here G + *{n}, with G = {g_name} the partizan games' sum and *{n} the nimber of the impartial ones' nim-sum (the Sprague-Grundy theorem).",
            partizan_parts(partizan)
        ),
        format!(
            "The canonical form of G + *{n} lists G + *k for every k < {n}, past the work bound; so G is compared with the nimbers instead (Conway's rule: G + *m >= 0 when no Right option of G + *m is <= 0), a search over G's positions and m up to G's birthday + 1 = {}, past which the answers do not change.",
            table.cap()
        ),
        format!(
            "The sum has outcome class {outcome} ({}); {} moves, and a move wins when the sum it leaves is {} 0. Its mean is G's, and its temperature {} (cooling is additive and cools *{n} to 0).",
            outcome.words(),
            if left { "Left (the first player)" } else { "Right (the second player)" },
            if left { ">=" } else { "<=" },
            if hot { "G's" } else { "0, G not being hot" },
        ),
    ];
    Ok(a)
}

/// A single Nim heap, `heap`, as game `index` of a sum whose games are laid out as `layout` says
/// and whose numbers are `numbers`.
struct NimHeap<'a> {
    index: usize,
    part: &'a Position,
    heap: &'a Component,
    layout: &'a Parts,
    numbers: &'a [u64],
}

/// The part as a single Nim heap, when it is one.
fn nim_heap(part: &Position) -> Option<Component> {
    crate::solve::games::single_heap(part).filter(|c| c.ruleset.is_nim()).cloned()
}

impl NimHeap<'_> {
    /// Records in `a` the winning moves of the heap in G + *n (the heap's value among the
    /// nimbers), `table` being G's, for Left to move (`left`) or Right: a heap of h leaves any
    /// t < h, of value *t, and the moves to the t whose n ^ h ^ t is past the table's cap all
    /// win or all lose, so the winning ones are a few runs, each one family, at any size.
    fn winning_moves(&self, a: &mut Analysis, listing: &Listing, table: &BesideNim, n: u64, left: bool) {
        let good = |m: u64| if left { table.ge(m) } else { table.le(m) };
        let (h, c, i) = (self.heap.heap, &self.heap.ruleset, self.index);
        let in_game = |words: String| format!("in game {} ({}): {words}", i + 1, part_game(self.part));
        let mut cuts: Vec<u64> = (0..table.cap()).map(|m| n ^ h ^ m).filter(|&t| t < h).collect();
        cuts.sort_unstable();
        let mut runs: Vec<(u64, u64)> = vec![];
        let mut push = |lo: u64, hi: u64| match runs.last_mut() {
            Some((_, end)) if *end + 1 == lo => *end = hi,
            _ => runs.push((lo, hi)),
        };
        let far = good(table.cap());
        let mut from = 0;
        for &t in &cuts {
            if t > from && far {
                push(from, t - 1);
            }
            if good(n ^ h ^ t) {
                push(t, t);
            }
            from = t + 1;
        }
        if from < h && far {
            push(from, h - 1);
        }
        for (lo, hi) in runs {
            let family = MoveFamily::new(0, vec![lo], 1, hi - lo + 1);
            let text = in_game(describe_family(c, h, &family));
            for mv in first_moves(std::slice::from_ref(&family), LISTED_MOVES) {
                let words = || in_game(c.describe_move(1, h, &mv.to));
                let global = self.layout.global(i, &mv);
                if !listing.list(a, global.clone(), words, || global.apply(self.numbers)) {
                    break;
                }
            }
            a.winning_families.push(WinningFamily { text, family: family.in_heap(self.layout.start(i)) });
        }
    }
}

/// The partizan game of heaps `game` is, if it is one (`psub:LEFT:RIGHT`, `poctal:LEFT:RIGHT`):
/// its table of heaps' values and outcomes, with the outcome period where one is proven, is
/// [`PartizanHeaps::heap_table`] (`grundy sg GAME --upto N`).
pub fn partizan_heaps(game: &Game) -> Option<&dyn PartizanHeaps> {
    match game {
        Game::Board(b) => crate::rules::board::numbers::psub::partizan_heap_rules(b),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search beside a nimber answers as the canonical form of the whole sum does, where
    /// both can: the same outcome, the same outcome class, and the same winning moves, for
    /// either player to move.
    #[test]
    fn the_search_beside_a_nimber_agrees_with_the_canonical_sum() {
        let sums: [&[&str]; 5] = [
            &["nim=7", "snort=..x."],
            &["nim=6", "toppling-dominoes=bgr"],
            &["nim=5", "hackenbush=0-1,1-2:b"],
            &["nim=3", "kayles=4", "domineering=../.."],
            &["nim=2", "nim=3", "clobber=xo/ox", "snort=.x.."],
        ];
        let game: Game = "sum".parse().unwrap();
        for tokens in sums {
            let position = game.parse_position(tokens).unwrap();
            let parts: Vec<Position> = position.kind().summands().into_iter().map(|(_, p)| p).collect();
            let parts = &parts[..];
            let partizan: Vec<String> = vec!["some game".into()];
            for to_move in [Player::First, Player::Second] {
                let options = AnalyzeOptions { to_move, ..AnalyzeOptions::default() };
                let whole = analyze_sum(parts, &options).unwrap();
                let mut store = crate::rules::board::machinery::value::analysis_store(options.budget);
                let (values, g, n) = sum_values(parts, &options, &mut store).unwrap();
                assert!(n > 0, "{tokens:?}");
                let beside = beside_nim(parts, &options, &mut store, &partizan, (&values, g, n)).unwrap();
                assert_eq!(whole.outcome, beside.outcome, "{tokens:?}");
                let class = |a: &Analysis| a.conway.as_ref().map(|c| c.outcome.clone());
                assert_eq!(class(&whole), class(&beside), "{tokens:?}");
                let moves = |a: &Analysis| {
                    let mut m: Vec<_> = a.winning_moves.iter().map(|w| (w.mv.clone(), w.result.clone())).collect();
                    m.sort();
                    m
                };
                assert_eq!(moves(&whole), moves(&beside), "{tokens:?} {to_move:?}");
                let count = |a: &Analysis| a.winning_families.iter().map(|f| f.family.count).sum::<u64>();
                assert_eq!(count(&whole), count(&beside), "{tokens:?}");
            }
        }
    }
}
