//! A loopy game's value as every front end reports it (`grundy value 'a:{0,a|*}'`, `GET
//! /api/value`, the static page): the outcome with each player first (a draw where play never
//! ends), whether the game is a stopper, and its simplest form or its two sides
//! ([`crate::values::partizan::loopy`]). Its one serialised form has the keys of
//! [`crate::ValueReport`]'s, so that a reader of either finds each where it looks: those that
//! are only a short game's (mean, temperature, stops, thermograph, birthday, atomic weight,
//! reduced form, incentives) are null with a `_note` saying why.

use serde::{Serialize, Serializer};

use crate::error::AnalyzeError;
use crate::solve::value::{report_of, Raise, Scope, ValueReport};
use crate::solve::worksheet::{comparison_report, form_options_report, ComparisonReport, OptionsReport};
use crate::values::partizan::loopy::{is_loopy_text, loopy_value_of_text, LoopyOutcome, LoopyValue};
use crate::values::partizan::{GameExpr, GameStore, GameValue, PartizanError, Worksheet};

/// Why a loopy game's report has no mean, temperature, stops or thermograph: they are of short
/// games.
const NOT_SHORT: &str =
    "none for a loopy game: means, temperatures, stops and thermographs are of short games, whose play always ends";

/// A loopy game's value, as every front end reports it. Its one serialised form (the object of
/// `grundy value --json` and `GET /api/value` for a loopy game): `game`, `position`,
/// `positions`, `value` (the value as CGSuite writes it: a stopper's simplest form, or `onside
/// & offside`), `outcome_left_first` and `outcome_right_first` (`L`, `R` or `D` for a draw),
/// `outcome` (CGSuite's outcome class: `L`, `R`, `P`, `N`, `D`, `PHat`, `PCheck`, `NHat`,
/// `NCheck`) and `outcome_words`, `stopper`, `loopfree`, `canonical` (a stopper's simplest form;
/// null otherwise, `canonical_not_written` saying why), `onside` and `offside` (null for a
/// stopper), and the keys of a short game's report that a loopy game has not, null with a
/// `_note`.
#[derive(Clone, Debug)]
pub struct LoopyReport {
    /// The game, as typed back.
    pub game: String,
    /// The position's tokens, as typed back (none for a game written as text).
    pub position: Vec<String>,
    /// The positions of a board game valued (none for a game written as text).
    pub positions: u64,
    /// The value.
    pub value: LoopyValue,
}

impl LoopyReport {
    /// The report of `value`, a game written as `game` (its position named by the caller).
    pub fn new(game: &str, value: LoopyValue) -> LoopyReport {
        LoopyReport { game: game.to_string(), position: vec![], positions: 0, value }
    }

    /// CGSuite's name of the outcome class ([`loopy_outcome_class`]).
    pub fn outcome_class(&self) -> &'static str {
        loopy_outcome_class(&self.value)
    }

    /// The outcome in words ([`loopy_outcome_words`]).
    pub fn outcome_words(&self) -> String {
        loopy_outcome_words(&self.value)
    }

    /// Why `canonical` is null: the game is not a stopper, so its value is its two sides.
    pub fn canonical_not_written(&self) -> Option<&'static str> {
        (!self.value.stopper).then_some(NOT_A_STOPPER)
    }
}

/// Why a game that is not a stopper has no simplest form.
pub const NOT_A_STOPPER: &str = "the game is not a stopper (from some position play can alternate for ever), so it has no simplest form: its value is its onside and offside";

/// CGSuite's name of a loopy game's outcome class: `L`, `R`, `P` (the player to move loses),
/// `N` (the player to move wins), `D` (a draw whoever starts), and with a draw on one side
/// `NHat` (Left first wins, Right first draws), `PCheck` (Left first loses, Right first
/// draws), `PHat` (Left first draws, Right first loses), `NCheck` (Left first draws, Right
/// first wins).
pub fn loopy_outcome_class(value: &LoopyValue) -> &'static str {
    use LoopyOutcome::{Draw, Left, Right};
    match (value.outcome_left_first, value.outcome_right_first) {
        (Left, Left) => "L",
        (Right, Right) => "R",
        (Right, Left) => "P",
        (Left, Right) => "N",
        (Draw, Draw) => "D",
        (Left, Draw) => "NHat",
        (Right, Draw) => "PCheck",
        (Draw, Left) => "PHat",
        (Draw, Right) => "NCheck",
    }
}

/// A loopy game's outcome in words, each player first: "with Left first Left wins; with Right
/// first a draw, play going on for ever", or the short games' words where no draw is in it.
pub fn loopy_outcome_words(value: &LoopyValue) -> String {
    use LoopyOutcome::{Draw, Left, Right};
    let (l, r) = (value.outcome_left_first, value.outcome_right_first);
    match (l, r) {
        (Left, Left) => "Left wins whoever starts".into(),
        (Right, Right) => "Right wins whoever starts".into(),
        (Right, Left) => "the player to move loses".into(),
        (Left, Right) => "the player to move wins".into(),
        (Draw, Draw) => "a draw whoever starts, play going on for ever".into(),
        _ => format!("with Left first {}; with Right first {}", said(l), said(r)),
    }
}

/// One player's result in a clause of [`LoopyReport::outcome_words`].
fn said(o: LoopyOutcome) -> &'static str {
    match o {
        LoopyOutcome::Left => "Left wins",
        LoopyOutcome::Right => "Right wins",
        LoopyOutcome::Draw => "a draw, play going on for ever",
    }
}

/// The fields of a [`LoopyReport`] as they are serialised, in the order of their names (as
/// [`ValueReport`]'s are: the web server's replies sort their keys).
#[derive(Serialize)]
struct LoopyFields<'a> {
    all_small: Option<bool>,
    all_small_note: &'static str,
    atomic_weight: Option<&'a str>,
    atomic_weight_note: &'static str,
    atomic_weight_words: String,
    birthday: Option<u64>,
    birthday_note: &'static str,
    canonical: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical_not_written: Option<&'static str>,
    game: &'a str,
    incentives: Option<()>,
    incentives_note: &'static str,
    loopfree: bool,
    mean: Option<&'a str>,
    mean_note: &'static str,
    offside: Option<&'a str>,
    onside: Option<&'a str>,
    outcome: &'static str,
    outcome_left_first: &'static str,
    outcome_right_first: &'static str,
    outcome_words: String,
    position: &'a [String],
    positions: u64,
    reduced: Option<&'a str>,
    reduced_note: &'static str,
    stopper: bool,
    stops: Option<[&'a str; 2]>,
    stops_note: &'static str,
    temperature: Option<&'a str>,
    temperature_note: &'static str,
    thermograph_svg: Option<&'a str>,
    thermograph_svg_note: &'static str,
    value: &'a str,
}

impl Serialize for LoopyReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        const SHORT_ONLY: &str =
            "none for a loopy game: atomic weights, reduced forms and incentives are of short games, whose play always ends";
        let v = &self.value;
        LoopyFields {
            all_small: None,
            all_small_note: "none for a loopy game: all-small is a property of short games, whose play always ends",
            atomic_weight: None,
            atomic_weight_note: SHORT_ONLY,
            atomic_weight_words:
                "no atomic weight: atomic weights are of short all-small games, whose play always ends".into(),
            birthday: None,
            birthday_note:
                "none for a loopy game: a birthday counts the days to make a short game, whose play always ends",
            canonical: v.canonical.as_deref(),
            canonical_not_written: self.canonical_not_written(),
            game: &self.game,
            incentives: None,
            incentives_note: SHORT_ONLY,
            loopfree: v.loopfree,
            mean: None,
            mean_note: NOT_SHORT,
            offside: v.offside.as_deref(),
            onside: v.onside.as_deref(),
            outcome: self.outcome_class(),
            outcome_left_first: v.outcome_left_first.letter(),
            outcome_right_first: v.outcome_right_first.letter(),
            outcome_words: self.outcome_words(),
            position: &self.position,
            positions: self.positions,
            reduced: None,
            reduced_note: SHORT_ONLY,
            stopper: v.stopper,
            stops: None,
            stops_note: NOT_SHORT,
            temperature: None,
            temperature_note: NOT_SHORT,
            thermograph_svg: None,
            thermograph_svg_note: NOT_SHORT,
            value: &v.text,
        }
        .serialize(s)
    }
}

/// The report of a game written as text: a short game's ([`ValueReport`]) or a loopy game's
/// ([`LoopyReport`]). Its serialised form is the report's own.
#[derive(Clone, Debug)]
pub enum TextReport {
    /// A short game (no label, `pass` or loopy constant in the text), reported as before loopy
    /// games were read.
    Short(ValueReport),
    /// A loopy game.
    Loopy(LoopyReport),
    /// A comparison of two short games (`{1|0} >= *`).
    Comparison(ComparisonReport),
    /// A short game's options (`options({2|-1})`).
    Options(OptionsReport),
}

impl Serialize for TextReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            TextReport::Short(r) => r.serialize(s),
            TextReport::Loopy(r) => r.serialize(s),
            TextReport::Comparison(r) => r.serialize(s),
            TextReport::Options(r) => r.serialize(s),
        }
    }
}

/// Whether `text` is a loopy game: it uses a label, `pass` or a loopy constant
/// ([`is_loopy_text`]) and the short games' reader does not take it. Every text the short
/// reader takes (`v3`, ↓3, is a word that starts with a letter) is read as it was before loopy
/// games were.
pub fn reads_as_loopy(text: &str) -> bool {
    is_loopy_text(text) && matches!(text.parse::<GameExpr>(), Err(PartizanError::Parse(_)))
}

/// Whether `text` is meant as a worksheet's line on short games whatever the loopy reader
/// makes of it: it compares (`<`, `>`, `=`, `!`, `||`) or names a worksheet function
/// (`cool`, `heat`, `overheat`, `freeze`, `options`), so its errors are the worksheet
/// reader's (`cool(*, x)`: the unknown name `x`), not the loopy reader's.
fn worksheet_line(text: &str) -> bool {
    let named = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| matches!(w, "cool" | "heat" | "overheat" | "freeze" | "options"));
    named || text.contains(['<', '>', '=', '!'])
}

/// A game written as text, valued: a short game's canonical form, or a loopy game's value.
#[derive(Clone, Debug)]
pub enum TextValue {
    /// A short game, in the store.
    Short(GameValue),
    /// A loopy game.
    Loopy(LoopyValue),
}

/// The value of a game written as `text` ([`reads_as_loopy`] says which reader, a worksheet's
/// line being short games'): a short
/// game's in `store`, a loopy game's within `max_steps` steps of work. A text that does not
/// read is `PartizanError::Parse` naming the bad part.
pub fn text_value(text: &str, store: &mut GameStore, max_steps: u64) -> Result<TextValue, PartizanError> {
    if reads_as_loopy(text) && !worksheet_line(text) {
        return loopy_value_of_text(text, store, max_steps).map(TextValue::Loopy);
    }
    store.parse(text).map(TextValue::Short)
}

/// The report of a game written as `text` in Conway's notation or CGSuite's loopy notation
/// ([`text_value`]): a short game's as [`report_of`] makes it (`name_limit`, `scope`, `raise`),
/// a loopy game's within `max_steps` steps of work.
pub fn text_report(
    text: &str,
    store: &mut GameStore,
    name_limit: u64,
    scope: Scope,
    raise: Raise,
    max_steps: u64,
) -> Result<TextReport, AnalyzeError> {
    if !reads_as_loopy(text) || worksheet_line(text) {
        // A worksheet's line: a comparison or a form's options are reports of their own; a
        // line that does not read is refused with the reader's words.
        match text.parse::<Worksheet>()? {
            Worksheet::Compare(g, op, h) => {
                return Ok(TextReport::Comparison(comparison_report(text, (&g, op, &h), store, name_limit)?));
            }
            Worksheet::Options(g) => return Ok(TextReport::Options(form_options_report(text, &g, store, name_limit)?)),
            Worksheet::Value(_) => {}
        }
    }
    match text_value(text, store, max_steps)? {
        TextValue::Loopy(value) => Ok(TextReport::Loopy(LoopyReport::new(text, value))),
        TextValue::Short(g) => {
            let mut report = report_of(store, g, name_limit, scope, raise)?;
            report.game = text.to_string();
            Ok(TextReport::Short(report))
        }
    }
}

/// The reader's one-line message when `e` is a text that did not read (the caller's input to
/// fix, naming the bad part), as the reader words it; `None` for a bound or a failure of the
/// work.
pub fn text_unread(e: &AnalyzeError) -> Option<&PartizanError> {
    match e {
        AnalyzeError::Partizan(p @ PartizanError::Parse(_)) => Some(p),
        _ => None,
    }
}

/// The loopy value of `position` of `game`, for a position of a loopy game (Fox and Geese):
/// its graph of at most `budget` positions (refused past it, `--budget` raising it), valued
/// within the store's work left; `None` for a position of a short game, valued by
/// [`crate::solve::value::value_report`].
pub fn loopy_report(
    game: &crate::game::Game,
    position: &crate::game::Position,
    store: &mut GameStore,
    budget: u64,
) -> Option<Result<LoopyReport, AnalyzeError>> {
    let graph = position.kind().position_graph(budget)?;
    Some(graph.and_then(|g| {
        let steps = store.total_work_left();
        let value = g.value(store, steps)?;
        let mut report = LoopyReport::new(&game.to_string(), value);
        report.position = game.position_tokens(position);
        report.positions = g.len() as u64;
        Ok(report)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(text: &str) -> LoopyReport {
        let mut store = GameStore::new();
        match text_report(text, &mut store, 1000, Scope::Full, Raise::LIBRARY, 1_000_000).unwrap() {
            TextReport::Loopy(r) => r,
            _ => panic!("{text} read as a short game"),
        }
    }

    /// The outcome class is CGSuite's for each pair: upon is positive (Left wins whoever
    /// starts), dud a draw whoever starts.
    #[test]
    fn outcome_classes_follow_the_pairs() {
        let upon = report("upon");
        assert_eq!((upon.outcome_class(), upon.outcome_words().as_str()), ("L", "Left wins whoever starts"));
        let dud = report("dud");
        assert_eq!(dud.outcome_class(), "D");
        assert!(dud.outcome_words().contains("draw"), "{}", dud.outcome_words());
    }

    /// Every key of a short game's report is in a loopy game's, with the loopy keys beside.
    #[test]
    fn the_loopy_keys_hold_the_short_ones() {
        let mut store = GameStore::new();
        let short = text_report("{1|0}", &mut store, 1000, Scope::Full, Raise::LIBRARY, 1000).unwrap();
        assert!(matches!(short, TextReport::Short(_)));
        let short = serde_json::to_value(&short).unwrap();
        let loopy = serde_json::to_value(report("dud")).unwrap();
        for key in short.as_object().unwrap().keys() {
            assert!(loopy.get(key).is_some(), "{key}");
        }
        assert_eq!(loopy["onside"], "on");
        assert_eq!(loopy["canonical"], serde_json::Value::Null);
        assert_eq!(loopy["mean"], serde_json::Value::Null);
        assert!(loopy["mean_note"].is_string());
    }
}
