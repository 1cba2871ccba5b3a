//! Loopy games: Conway's theory where play can repeat (Winning Ways, ch. 11; Siegel,
//! "Combinatorial Game Theory", ch. VI; Siegel, "Coping with cycles", 2009). A game is a graph
//! ([`LoopyGraph`]) and a start vertex; every short game is one with no cycle.
//!
//! - `outcome.rs`: who wins with each player first, a draw where play never ends, by
//!   retrograde analysis ([`Retrograde`]), and the best move of a perfect player.
//! - `compare.rs`: comparison by survival, of stoppers and of sides.
//! - `simplify.rs`: the simplest form of a stopper (Conway, Bach).
//! - `sides.rs`: the onside and offside of a game that is not a stopper.
//! - `text.rs`, `print.rs`: CGSuite's notation, read and written.

mod compare;
mod graph;
mod outcome;
mod print;
mod scc;
mod sides;
mod simplify;
mod text;

pub use compare::Side;
pub use graph::{LoopyGraph, MAX_VERTICES};
pub use outcome::{LoopyOutcome, Retrograde};
pub use scc::{stopper_values, StopperTable, StopperValue};
pub use text::{is_loopy_text, parse_loopy, parse_loopy_within, CONSTANTS};

use crate::values::partizan::{GameStore, PartizanError};

/// A loopy game's value: the outcome with each player first and Conway's value, a stopper's
/// simplest form or the two sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyValue {
    /// The result with Left moving first.
    pub outcome_left_first: LoopyOutcome,
    /// The result with Right moving first.
    pub outcome_right_first: LoopyOutcome,
    /// Whether the game is a stopper (no endless alternating play from any position of it).
    pub stopper: bool,
    /// The value as text: a stopper's simplest form, or `onside & offside` (one stopper when
    /// the sides are equal).
    pub text: String,
    /// A stopper's simplest form, in CGSuite's notation.
    pub canonical: Option<String>,
    /// The onside of a game that is not a stopper.
    pub onside: Option<String>,
    /// The offside of a game that is not a stopper.
    pub offside: Option<String>,
    /// Whether the game has no cycle at all (a short game).
    pub loopfree: bool,
}

/// The value of vertex `start` of `graph`: outcomes by retrograde analysis, then the stopper's
/// simplest form or the sides, each within `max_steps` steps of work.
pub fn loopy_value(
    graph: &LoopyGraph,
    start: u32,
    store: &mut GameStore,
    max_steps: u64,
) -> Result<LoopyValue, PartizanError> {
    let g = graph.packed(start);
    let retro = Retrograde::solve(&g);
    let (outcome_left_first, outcome_right_first) = (retro.outcome(0, 0), retro.outcome(0, 1));
    let stopper = g.is_stopper(0);
    let loopfree = g.is_loopfree(0);
    if stopper {
        // One strongly connected part at a time: the work grows with the parts, so a graph of
        // millions of positions whose cycles are short (Fox and Geese) is valued.
        let mut table = StopperTable::default();
        let values = stopper_values(&g, store, &mut table, max_steps)?;
        let text = match values.first() {
            Some(StopperValue::Short(s)) => store.text(*s)?,
            Some(StopperValue::Loopy(i)) => print::stopper_text(table.form(*i).unwrap_or(&g), store)?,
            None => "0".to_string(),
        };
        return Ok(LoopyValue {
            outcome_left_first,
            outcome_right_first,
            stopper,
            text: text.clone(),
            canonical: Some(text),
            onside: None,
            offside: None,
            loopfree,
        });
    }
    let memory = store.memory_limit();
    let on = sides::side_of(&g, Side::On, max_steps, memory)?;
    let off = sides::side_of(&g, Side::Off, max_steps, memory)?;
    let (on_text, off_text) = (print::stopper_text(&on, store)?, print::stopper_text(&off, store)?);
    let text = if print::equal(&on, &off)? { on_text.clone() } else { format!("{on_text} & {off_text}") };
    Ok(LoopyValue {
        outcome_left_first,
        outcome_right_first,
        stopper,
        text,
        canonical: None,
        onside: Some(on_text),
        offside: Some(off_text),
        loopfree,
    })
}

/// Reads a game in CGSuite's notation and values it; `S & T` is the value with onside S and
/// offside T (two stoppers, S ≥ T), as a value is written.
pub fn loopy_value_of_text(text: &str, store: &mut GameStore, max_steps: u64) -> Result<LoopyValue, PartizanError> {
    if let Some((on_text, off_text)) = split_sides(text) {
        return sided_value(on_text, off_text, store, max_steps);
    }
    let g = parse_loopy_within(text, store, max_steps)?;
    loopy_value(&g, 0, store, max_steps)
}

/// The two sides of `S & T`, when the text has one `&` outside braces and parentheses.
fn split_sides(text: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    let mut at = None;
    for (i, c) in text.char_indices() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth -= 1,
            '&' if depth == 0 => {
                if at.is_some() {
                    return None;
                }
                at = Some(i);
            }
            _ => {}
        }
    }
    at.map(|i| (&text[..i], &text[i + 1..]))
}

/// The value `on & off` typed back: each side a stopper, the onside at least the offside.
fn sided_value(
    on_text: &str,
    off_text: &str,
    store: &mut GameStore,
    max_steps: u64,
) -> Result<LoopyValue, PartizanError> {
    let (on, off) =
        (parse_loopy_within(on_text.trim(), store, max_steps)?, parse_loopy_within(off_text.trim(), store, max_steps)?);
    for (g, t) in [(&on, on_text), (&off, off_text)] {
        if !g.is_stopper(0) {
            return Err(PartizanError::Parse(format!(
                "'{}' is not a stopper: each side of S & T is one",
                text::shown(t.trim())
            )));
        }
    }
    if !compare::le(&off, 0, &on, 0, Side::Stopper)? {
        return Err(PartizanError::Parse(format!(
            "the onside '{}' is not at least the offside '{}' (S & T needs S ≥ T)",
            text::shown(on_text.trim()),
            text::shown(off_text.trim())
        )));
    }
    let on = simplest_form(&on, store, max_steps)?;
    let off = simplest_form(&off, store, max_steps)?;
    let (outcome_left_first, outcome_right_first) = outcomes_of_sides(&on, &off);
    let (on_text, off_text) = (print::stopper_text(&on, store)?, print::stopper_text(&off, store)?);
    let text = if print::equal(&on, &off)? { on_text.clone() } else { format!("{on_text} & {off_text}") };
    Ok(LoopyValue {
        outcome_left_first,
        outcome_right_first,
        stopper: false,
        text,
        canonical: None,
        onside: Some(on_text),
        offside: Some(off_text),
        loopfree: false,
    })
}

/// The simplest form of the stopper at vertex 0 of `g`, found one strongly connected part at a
/// time ([`stopper_values`]: a sum of short games is a large product graph, made short part by
/// part in the store), as a graph with its start at 0.
fn simplest_form(g: &LoopyGraph, store: &mut GameStore, max_steps: u64) -> Result<LoopyGraph, PartizanError> {
    let mut table = StopperTable::default();
    match stopper_values(&g.packed(0), store, &mut table, max_steps)?.first() {
        Some(StopperValue::Short(s)) => {
            let mut form = LoopyGraph::new();
            scc::embed_short(&mut form, store, *s, &mut std::collections::HashMap::new())?;
            Ok(form)
        }
        Some(StopperValue::Loopy(i)) => Ok(table.form(*i).cloned().unwrap_or_default()),
        None => Ok(g.packed(0)),
    }
}

/// The outcomes of a game from its sides (Conway): Left moving first wins when she wins the
/// offside (where endless play is Right's) moving first, Right wins when he wins the onside
/// (where it is Left's); anything else is a draw. Right first the same way round.
pub fn outcomes_of_sides(on: &LoopyGraph, off: &LoopyGraph) -> (LoopyOutcome, LoopyOutcome) {
    let (r_on, r_off) = (Retrograde::solve(on), Retrograde::solve(off));
    let pick = |first: usize| {
        if r_off.outcome(0, first) == LoopyOutcome::Left {
            LoopyOutcome::Left
        } else if r_on.outcome(0, first) == LoopyOutcome::Right {
            LoopyOutcome::Right
        } else {
            LoopyOutcome::Draw
        }
    };
    (pick(0), pick(1))
}

/// Whether the stoppers at vertex 0 of `a` and of `b` are equal (each at most the other).
pub fn stoppers_equal(a: &LoopyGraph, b: &LoopyGraph) -> Result<bool, PartizanError> {
    print::equal(a, b)
}

#[cfg(test)]
mod tests;
