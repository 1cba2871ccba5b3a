//! What the partizan board games valued by Conway's theory share (Domineering, Toads and
//! Frogs, Cutcake, Clobber): the players' names, and the answer for the player to move, from
//! the position's value under normal play, or a refusal under misère play.

use crate::error::AnalyzeError;
use crate::rules::board::{value, BoardAnswer, BoardContext, BoardRules};

/// The name of player `mover` (0: Left, the first player; 1: Right, the second).
pub fn side(mover: usize) -> &'static str {
    if mover == 0 {
        "Left"
    } else {
        "Right"
    }
}

/// The answer for the player to move in `numbers` of the partizan game `rules` (named `name`,
/// whose players differ as `why` says): under normal play from Conway's value
/// ([`value::solve_by_value`], every winning move with the value it leaves), within
/// `context.budget` positions; under misère play a refusal, in one line.
pub fn solve_by_conway(
    rules: &dyn BoardRules,
    numbers: &[u64],
    context: &BoardContext<'_>,
    name: &str,
    why: &str,
) -> Result<BoardAnswer, AnalyzeError> {
    if context.misere {
        return Err(AnalyzeError::Unsupported(format!(
            "misère play of {name} is not computed here: Conway's values decide normal play of partizan games only"
        )));
    }
    let mut answer = value::solve_by_value(rules, numbers, context, None)?
        .ok_or_else(|| AnalyzeError::Unsupported(format!("{name}: Conway's value was not computed")))?;
    answer.explanation.insert(
        0,
        format!(
            "{name}: {why}. The players have different moves, so the game is partizan: it has Conway's value (On Numbers and Games), which decides who wins, and no Sprague-Grundy value."
        ),
    );
    Ok(answer)
}
