//! The worksheet's lines beyond a value (issue 84, as CGSuite's worksheet answers them): how
//! two games compare (`{1|0} >= *`: true, and the relation found, `{1|0} > *`), and a game's
//! options (`options({2|-1})`, or a position's with `grundy value GAME POSITION --options`:
//! each option position, typed back, with its value). Each report's one serialised form is
//! the object of `grundy value --json` and of `GET /api/value`.

use serde::Serialize;

use crate::error::AnalyzeError;
use crate::game::convention::Player;
use crate::game::{Game, Position};
use crate::solve::value::position_value;
use crate::values::partizan::{Comparison, GameExpr, GameStore, GameValue, PartizanError, Relation};

/// The most options of either side a position's options report lists: past it the position is
/// refused before any option is valued.
pub const MAX_LISTED_OPTIONS: usize = 1000;

/// Whether `G op H` holds, and how G and H compare. Serialised (keys in the order of their
/// names) as {comparison, game, holds, left, relation, relation_words, right}: `left` and
/// `right` the canonical forms of G and H, `relation` `=`, `>`, `<` or `||`.
#[derive(Clone, Debug, Serialize)]
pub struct ComparisonReport {
    /// The comparison asked (`>=`).
    #[serde(serialize_with = "symbol")]
    pub comparison: Comparison,
    /// The line as typed.
    pub game: String,
    /// Whether the comparison holds.
    pub holds: bool,
    /// G's canonical form (its name, or what stands for one too long to write).
    pub left: String,
    /// How G compares with H.
    #[serde(serialize_with = "relation_symbol")]
    pub relation: Relation,
    /// The relation in words, G's and H's names around it: `{1|0} > *`.
    pub relation_words: String,
    /// H's canonical form.
    pub right: String,
}

fn symbol<S: serde::Serializer>(c: &Comparison, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.symbol())
}

fn relation_symbol<S: serde::Serializer>(r: &Relation, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(r.symbol())
}

/// One option: the position it leaves (its tokens, typed back as the game reads them; empty
/// for an option of a form) and its value.
#[derive(Clone, Debug, Serialize)]
pub struct OptionEntry {
    /// The option's position, as tokens (empty for an option of a form).
    pub position: Vec<String>,
    /// Its value (canonical form).
    pub value: String,
}

/// A game's Left and Right options. Serialised as {game, left, position, right, value}: `left`
/// and `right` lists of {position, value}, `value` the game's own canonical form.
#[derive(Clone, Debug, Serialize)]
pub struct OptionsReport {
    /// The game, as typed (`options({2|-1})`, or the game of a position: `domineering`).
    pub game: String,
    /// Left's options: a form's canonical ones in the order its name writes them, a position's
    /// in the order of its moves.
    pub left: Vec<OptionEntry>,
    /// The position's tokens (empty for a form).
    pub position: Vec<String>,
    /// Right's options.
    pub right: Vec<OptionEntry>,
    /// The game's value.
    pub value: String,
}

/// `g`'s name, or what stands for one longer than `name_limit` characters.
fn name(store: &mut GameStore, g: GameValue, name_limit: u64) -> Result<String, PartizanError> {
    Ok(store
        .text_within(g, name_limit)?
        .unwrap_or_else(|| format!("(a canonical form whose name is longer than {name_limit} characters)")))
}

/// The report of `g op h`, the line typed as `text`.
pub fn comparison_report(
    text: &str,
    (g, op, h): (&GameExpr, Comparison, &GameExpr),
    store: &mut GameStore,
    name_limit: u64,
) -> Result<ComparisonReport, AnalyzeError> {
    let (g, h) = (store.eval(g)?, store.eval(h)?);
    let relation = store.compare(g, h)?;
    let (left, right) = (name(store, g, name_limit)?, name(store, h, name_limit)?);
    Ok(ComparisonReport {
        comparison: op,
        game: text.to_string(),
        holds: op.holds(relation),
        relation_words: format!("{left} {} {right}", relation.symbol()),
        left,
        relation,
        right,
    })
}

/// The canonical options of the form `g` (`options(G)`, typed as `text`), each side in the
/// order the form's name writes them (birthday, then name).
pub fn form_options_report(
    text: &str,
    g: &GameExpr,
    store: &mut GameStore,
    name_limit: u64,
) -> Result<OptionsReport, AnalyzeError> {
    let g = store.eval(g)?;
    let mut sides = [Vec::new(), Vec::new()];
    let options = [store.left_options(g)?, store.right_options(g)?];
    for (side, options) in sides.iter_mut().zip(options) {
        let mut named = Vec::with_capacity(options.len());
        for o in options {
            named.push((store.birthday(o)?, name(store, o, name_limit)?));
        }
        named.sort();
        *side = named.into_iter().map(|(_, value)| OptionEntry { position: Vec::new(), value }).collect();
    }
    let [left, right] = sides;
    Ok(OptionsReport { game: text.to_string(), left, position: Vec::new(), right, value: name(store, g, name_limit)? })
}

/// The options of `position` of `game`: each move of Left (the first player) and of Right,
/// the position it leaves and that position's value (valued as [`position_value`] values a
/// position, `budget` each); refused past [`MAX_LISTED_OPTIONS`] a side before any is valued.
pub fn position_options_report(
    game: &Game,
    position: &Position,
    store: &mut GameStore,
    budget: u64,
    name_limit: u64,
) -> Result<OptionsReport, AnalyzeError> {
    // The moves first: a position with too many is refused before any value is worked out.
    let moves = [position.kind().moves(Player::First), position.kind().moves(Player::Second)];
    for (moves, who) in moves.iter().zip(["Left", "Right"]) {
        if moves.len() > MAX_LISTED_OPTIONS {
            return Err(AnalyzeError::Unsupported(format!(
                "the position has {} options for {who}, more than the {MAX_LISTED_OPTIONS} listed",
                moves.len()
            )));
        }
    }
    let (value, _) = position_value(game, position, store, budget)?;
    let mut sides = [Vec::new(), Vec::new()];
    for (side, moves) in sides.iter_mut().zip(moves) {
        for (_, after) in moves {
            let (v, _) = position_value(game, &after, store, budget)?;
            side.push(OptionEntry { position: game.position_tokens(&after), value: name(store, v, name_limit)? });
        }
    }
    let [left, right] = sides;
    Ok(OptionsReport {
        game: game.to_string(),
        left,
        position: game.position_tokens(position),
        right,
        value: name(store, value, name_limit)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comparison_reports_the_relation_found() {
        let mut s = GameStore::new();
        let line = "{1|0} >= *";
        let Ok(crate::values::partizan::Worksheet::Compare(g, op, h)) = line.parse() else { panic!() };
        let r = comparison_report(line, (&g, op, &h), &mut s, 100).unwrap();
        assert!(r.holds);
        assert_eq!(r.relation_words, "{1|0} > *");
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"comparison":">=","game":"{1|0} >= *","holds":true,"left":"{1|0}","relation":">","relation_words":"{1|0} > *","right":"*"}"#
        );
    }

    #[test]
    fn a_worksheet_line_is_read_as_short_games_even_where_a_word_looks_like_a_label() {
        // `x` would be a loopy game's label: the worksheet's reader names it instead.
        let mut s = GameStore::new();
        let e = crate::solve::loopy_value::text_value("cool(*, x)", &mut s, 1000).unwrap_err();
        assert!(e.to_string().starts_with("unknown name `x`"), "{e}");
        // options(G) is a worksheet's line, not a game: a game's reader names it.
        let e = crate::solve::loopy_value::text_value("options(x)", &mut s, 1000).unwrap_err();
        assert!(e.to_string().starts_with("unknown name `options`"), "{e}");
    }

    #[test]
    fn a_positions_options_are_typed_back_with_their_values() {
        let game: Game = "domineering".parse().unwrap();
        let position = game.parse_position(&["../.."]).unwrap();
        let mut s = GameStore::new();
        let r = position_options_report(&game, &position, &mut s, 1000, 100).unwrap();
        assert_eq!(r.value, "±1");
        // Left's vertical domino in either column, Right's horizontal one in either row; each
        // option read back is valued the same.
        assert_eq!((r.left.len(), r.right.len()), (2, 2));
        for o in r.left.iter().chain(&r.right) {
            let after = game.parse_position(&o.position).unwrap();
            let (v, _) = position_value(&game, &after, &mut s, 1000).unwrap();
            assert_eq!(s.text(v).unwrap(), o.value);
        }
    }
}
