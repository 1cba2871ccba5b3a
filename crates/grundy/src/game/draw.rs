//! A position drawn as SVG, for the page's board and `grundy draw`: each game draws its own
//! face (`BoardRules::draw` for board games, `rules::faces` for heaps and K-L-Nim), a sum stacks the faces of its games, and every shape that
//! makes a move carries `data-move`: the move as `grundy play` reads it in this position.
//! No I/O: the drawing is a string.

use crate::game::games::{part_game, Parts};
use crate::game::{Game, Move, Player, Position};
use crate::rules::board::GraphGame;
use crate::rules::draw::{Field, Sketch, Target};
use crate::rules::faces;
use crate::rules::Ruleset;

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
    }
}

/// The sketch of a position: its game's face.
fn sketch_of(game: &Game, position: &Position, mover: usize) -> Sketch {
    match position {
        Position::Board(b, numbers) => b.rules().draw(numbers, mover),
        Position::Sum(cs) => {
            let same = cs.iter().all(|c| cs.first().is_some_and(|f| f.ruleset == c.ruleset));
            let rows: Vec<(String, Ruleset, u64)> = cs
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let label = match (c.ruleset.bounded_k(), game) {
                        (Some(l), Game::BoundedPerHeap) => format!("heap {} (≤ {l})", i + 1),
                        _ if same => format!("heap {}", i + 1),
                        _ => format!("{}: {}", i + 1, c.ruleset),
                    };
                    (label, c.ruleset.clone(), c.heap)
                })
                .collect();
            faces::heaps_face(&rows, None)
        }
        Position::Games(parts) => sum_face(parts, mover),
    }
}

/// A sum: each game drawn as its own, one under the other with its name, its moves numbered in
/// the whole position.
fn sum_face(parts: &[Position], mover: usize) -> Sketch {
    let mut s = Sketch::new();
    let whole: Vec<u64> = parts.iter().flat_map(Position::heaps).collect();
    let layout = Parts::of(parts);
    let mut y = 4.0;
    for (k, part) in parts.iter().enumerate().take(faces::MAX_ROWS) {
        let name = part_game(part);
        s.text(8.0, y + 14.0, &format!("game {}: {name}", k + 1), "label", "start");
        let game: Game = name.parse().unwrap_or(Game::Sum);
        let mut inner = sketch_of(&game, part, mover);
        let (start, len) = (layout.start(k), part.heaps().len());
        for c in inner.take_controls() {
            if let Some(c) = c.shifted(start) {
                s.control(c);
            }
        }
        let height = inner.fitted_height();
        let whole = &whole;
        s.place(inner, 0.0, y + 20.0, move |t: Target| {
            // A target known by its words alone is read in its game (the face vouched for it).
            let Some(local) = t.after.or_else(|| read_after(part, t.words.as_deref()?)) else {
                return Target { after: None, words: None };
            };
            let mut after = whole.get(..start).unwrap_or_default().to_vec();
            after.extend(local);
            after.extend_from_slice(whole.get(start + len..).unwrap_or_default());
            Target { after: Some(after), words: None }
        });
        y += 24.0 + height;
    }
    y = faces::left_out(&mut s, y, parts.len(), "games");
    s.height = y + 4.0;
    s
}

/// The numbers a move in a game's own words leaves in `part`: a token's move on a graph as
/// its face wrote it, else the board game's `read_move`.
fn read_after(part: &Position, words: &str) -> Option<Vec<u64>> {
    match part {
        Position::Board(b, numbers) => match b.downcast::<GraphGame>() {
            Some(g) => g.token_move_after(numbers, words),
            None => b.rules().read_move(numbers, words)?.ok(),
        },
        _ => None,
    }
}
