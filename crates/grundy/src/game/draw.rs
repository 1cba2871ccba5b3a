//! A position drawn as SVG, for the page's board and `grundy draw`: each game draws its own
//! face (`Face::draw` for board games, `rules::faces` for heaps and K-L-Nim), a sum stacks the faces of its games, and every shape that
//! makes a move carries `data-move`: the move as `grundy play` reads it in this position.
//! No I/O: the drawing is a string.

use crate::game::{Game, Move, Player, Position};
use crate::rules::draw::{Field, Sketch};

/// A drawing of one position.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Drawing {
    /// The SVG document (`<svg ...>...</svg>`), scaled by its `viewBox`.
    pub svg: String,
    /// Every move the drawing offers, as `grundy play` reads it (each shape's `data-move` is
    /// one of these), in the order drawn.
    pub moves: Vec<String>,
    /// The drawing's width, in SVG units.
    pub width: f64,
    /// The drawing's height, in SVG units.
    pub height: f64,
    /// The ways to pick the moves the drawing does not offer one by one (a heap too large to
    /// draw, splits into three): absent from the JSON where there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub controls: Vec<MoveControl>,
    /// The position in words, one `[label, text]` a row (`["part 1", "circle of 12"]`), for
    /// a game whose numbers are not one row each: absent from the JSON where the game has none
    /// (the page then names each number).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<(String, String)>,
}

/// A control of a drawing: number fields that make a move (see `rules::draw::Control`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveControl {
    /// What it does ("heap 1: take").
    pub label: String,
    /// The move as `grundy play` reads it, `{1}`, `{2}`... standing for the fields' values.
    pub template: String,
    /// The numbers it asks for, in the order of their slots.
    pub fields: Vec<Field>,
}

impl MoveControl {
    /// The move's text with `values` in the slots (as many values as fields).
    pub fn fill(&self, values: &[u64]) -> String {
        let mut text = self.template.clone();
        for (k, v) in values.iter().enumerate() {
            text = text.replace(&format!("{{{}}}", k + 1), &v.to_string());
        }
        text
    }
}

/// Draws `position` of `game` with `to_move` to play (which matters where the players' moves
/// differ: K-L-Nim, partizan edges of a graph).
///
/// ```
/// use grundy::{draw, Game, Player};
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["3", "4"]).unwrap();
/// let d = draw(&nim, &pos, Player::First);
/// assert!(d.svg.starts_with("<svg") && d.svg.contains("data-move=\"1 -&gt; 0\""));
/// assert_eq!(d.moves.len(), 7); // every object of both heaps takes it and those right of it
/// ```
pub fn draw(game: &Game, position: &Position, to_move: Player) -> Drawing {
    let sketch = sketch_of(game, position, to_move.index());
    let numbers = position.heaps();
    let moves: Vec<String> = sketch
        .targets()
        .iter()
        .map(|t| match (&t.words, &t.after) {
            (Some(w), _) => w.clone(),
            (None, Some(after)) => Move::between(&numbers, after).map(|m| m.to_string()).unwrap_or_default(),
            (None, None) => String::new(),
        })
        // A move XML cannot carry (a vertex named with a control character) is not offered:
        // its shape is drawn, not clickable, as the escaped text would name no vertex.
        .map(|m| if m.chars().all(crate::rules::draw::xml_char) { m } else { String::new() })
        .collect();
    let title = format!("{game} {}", game.position_tokens(position).join(" "));
    let svg = sketch.render(&moves, &crate::rules::draw::clip(&title, 200));
    let offered = moves.iter().filter(|m| !m.is_empty()).cloned().collect();
    let controls = sketch
        .controls()
        .iter()
        .map(|c| MoveControl { label: c.label.clone(), template: c.template(), fields: c.fields.clone() })
        .collect();
    Drawing {
        svg,
        moves: offered,
        width: sketch.fitted_width().max(1.0).ceil(),
        height: sketch.fitted_height().max(1.0).ceil(),
        controls,
        rows: sketch.rows().to_vec(),
    }
}

/// The sketch of a position: its game's face (a heap's limit shown where each heap has its own).
fn sketch_of(game: &Game, position: &Position, mover: usize) -> Sketch {
    position.kind().sketch(matches!(game, Game::BoundedPerHeap), mover)
}
