//! What the board games valued by Conway's theory share (the partizan Domineering, Toads and
//! Frogs, Cutcake, Clobber, and the impartial Arc Kayles): the players' names, and the answer
//! for the player to move, from the position's value under normal play; under misère play an
//! impartial position searched, a partizan one refused.

use crate::error::AnalyzeError;
use crate::rules::analysis::Analysis;
use crate::rules::board::machinery::value::partizan_error;
use crate::rules::board::{machinery::value, BoardContext, BoardRules, ConwayAnswer, Method, Players};
use crate::values::partizan::{Dyadic, GameStore, GameValue, PartizanOutcome};

/// The name of player `mover` (0: Left, the first player; 1: Right, the second).
pub fn side(mover: usize) -> &'static str {
    if mover == 0 {
        "Left"
    } else {
        "Right"
    }
}

/// The answer for the player to move in `numbers` of the game `rules`: under normal play from
/// Conway's value ([`value::solve_by_value`], every winning move with the value it leaves, and
/// for an impartial position its Sprague-Grundy value, the nimber's), within `context.budget`
/// positions; under misère play an impartial position is searched by the definition of P and
/// N positions ([`crate::rules::board::search_misere`]), a partizan one refused in one line. What
/// [`crate::rules::board::Theory::solve`] answers for a game with no theory of its own.
pub fn solve_by_conway(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
) -> Result<Analysis, AnalyzeError> {
    // A game whose positions repeat is loopy: answered from its graph of positions.
    if crate::rules::board::machinery::loopy::is_loopy(rules, numbers) {
        return crate::rules::board::machinery::loopy::solve_loopy(rules, numbers, context);
    }
    let impartial = matches!(rules.players(Some(numbers)), Players::Impartial);
    if context.misere && impartial {
        return crate::rules::board::search_misere(rules, numbers, context, "Conway's values are for normal play");
    }
    if context.misere {
        return Err(AnalyzeError::Unsupported(format!(
            "misère play of {} is not computed here: Conway's values decide normal play of partizan games only",
            rules.spelling()
        )));
    }
    // Where the value is not known to be within reach, a game with an outcome search answers
    // who wins by it at once rather than after a value search that gives up.
    if !impartial && crate::rules::board::machinery::outcome::value_out_of_reach(rules, numbers, context)? {
        if let Some(answer) = crate::rules::board::machinery::outcome::solve_by_outcome(rules, numbers, context)? {
            return Ok(with_rules(rules, answer, impartial));
        }
    }
    let by_value = match value::solve_by_value(rules, numbers, context, None) {
        // Past the value's budget, who wins may still be in reach of the outcome search.
        Err(AnalyzeError::GaveUp(gave_up)) => {
            match crate::rules::board::machinery::outcome::solve_by_outcome(rules, numbers, context)? {
                Some(answer) => Some(answer),
                None => return Err(gave_up.into()),
            }
        }
        other => other?,
    };
    let answer = by_value
        .ok_or_else(|| AnalyzeError::Unsupported(format!("{}: Conway's value was not computed", rules.spelling())))?;
    Ok(with_rules(rules, answer, impartial))
}

/// The answer with the game's rules and its kind said first.
fn with_rules(rules: &dyn BoardRules, mut answer: Analysis, impartial: bool) -> Analysis {
    // An impartial position's answer says so itself ([`answer_from_value`]).
    let players = if impartial {
        ""
    } else {
        " The players have different moves, so the game is partizan: it has Conway's value (On Numbers and Games), which decides who wins, and no Sprague-Grundy value."
    };
    answer.explanation.insert(0, format!("{}{players}", rules.rules_sentence()));
    answer
}

/// The winning moves of the player to move, found from Conway's values: how many there are,
/// exactly, and the first of them (the numbers each leaves, with the name of the value it
/// leaves), as many as [`crate::rules::board::listing_room`] allows.
pub struct WinsByValue {
    /// How many winning moves there are.
    pub count: u128,
    /// The numbers left by each listed winning move.
    pub listed: Vec<Vec<u64>>,
    /// The value each listed move leaves, by name ([`value::NAMED_CHARS`] at most).
    pub leaves: Vec<Option<String>>,
    /// Why `listed` holds fewer moves than `count`, when it does.
    pub not_listed: Option<String>,
}

/// The answer for player `me` (0: Left, 1: Right) of the position `numbers` of `rules`, of value
/// `g`, whose winning moves are `wins`, valued over `positions` positions: Left moving first wins when `g` is
/// positive or confused with 0 (outcome L or N), and a Left option wins when its value is
/// >= 0, a Right option when <= 0 (Conway, "On Numbers and Games", ch. 7; Siegel, II.1).
pub fn answer_from_value(
    rules: &dyn BoardRules,
    numbers: &[u64],
    store: &mut GameStore,
    g: GameValue,
    me: usize,
    wins: WinsByValue,
    positions: u64,
) -> Result<Analysis, AnalyzeError> {
    let outcome = store.outcome(g).map_err(partizan_error)?;
    let first_wins = match outcome {
        PartizanOutcome::L => me == 0,
        PartizanOutcome::R => me == 1,
        PartizanOutcome::P => false,
        PartizanOutcome::N => true,
    };
    let conway = ConwayAnswer {
        value: store.text_within(g, value::NAMED_CHARS).map_err(partizan_error)?,
        value_note: None,
        outcome: outcome.to_string(),
        mean: store.mean(g).map_err(partizan_error)?.to_string(),
        temperature: store.temperature(g).map_err(partizan_error)?.to_string(),
        leaves: wins.leaves,
    };
    let mut answer = Analysis::of_board(rules, numbers, first_wins, None, wins.listed, Method::Search);
    answer.set_board_count(Some(wins.count), wins.not_listed);
    let side = side(me);
    let named = conway
        .value
        .clone()
        .unwrap_or_else(|| format!("a canonical form whose name is longer than {} characters", value::NAMED_CHARS));
    answer.explanation = vec![
        format!(
            "Conway's value of the position is {named} (outcome class {}: {}; mean {}, temperature {}), found from the options by the simplest form theorem over {positions} positions.",
            conway.outcome,
            outcome.words(),
            conway.mean,
            conway.temperature,
        ),
        format!(
            "{side} moves: a move wins when the value it leaves is {} 0, so that {side} wins moving second from there.",
            if me == 0 { ">=" } else { "<=" }
        ),
    ];
    answer.sg_note = Some(format!("none (partizan: Conway's value is {named})"));
    // An impartial position's value is a nimber *n: n is its Sprague-Grundy value.
    let nimber =
        store.as_nus(g).map_err(partizan_error)?.and_then(|(x, ups, n)| (x == Dyadic::ZERO && ups == 0).then_some(n));
    if let (Players::Impartial, Some(n)) = (rules.players(Some(numbers)), nimber) {
        answer.sg = Some(n);
        answer.sg_note = None;
        answer.explanation = vec![
            format!(
                "The players have the same moves, so the game is impartial: its value is the nimber *{n}, found from the options by the simplest form theorem over {positions} positions, and its Sprague-Grundy value is {n} (the Sprague-Grundy theorem: the mex of its options' values, the XOR of its independent parts')."
            ),
            "A move wins when it leaves a position of value 0 (a P position, lost for the player to move).".into(),
        ];
    }
    answer.set_conway(conway);
    Ok(answer)
}
