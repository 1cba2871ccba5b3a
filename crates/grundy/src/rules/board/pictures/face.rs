//! The face of a game of pictures ([`Pictures::draw`]): each picture's graph in layers (on its
//! ground line, for Hackenbush), an edge drawn in its colour, and a target on each edge the
//! player to move may play, bent clear of the vertices and of the other edges so that a click
//! on it lands on it.

// Vertices are indexed by the map built from the very edges drawn, so every index is in range.
#![allow(clippy::indexing_slicing)]

use std::collections::HashMap;

use super::Pictures;
use crate::rules::board::pictures::hackenbush::{coloured_pictures, Colour, ColouredEdge, Edge};
use crate::rules::draw::{note_lines, Sketch, NOTE_LEADING};

/// Given a picture's edges and how many of the first are drawn, for each drawn edge the first
/// drawn edge whose move leaves the same position ([`PictureFace::same_move`]).
pub type SameMove = fn(&[ColouredEdge], usize) -> Vec<usize>;

/// What a game of pictures says on its drawing, besides the pictures.
#[derive(Clone, Debug)]
pub struct PictureFace<'a> {
    /// The verb of a move on an edge as the game reads it (`cut 1-2`, `pick 1-2`).
    pub verb: &'a str,
    /// Moves, as a note names them ("type cuts of the others").
    pub moves: &'a str,
    /// What a move does besides taking its edge, for each edge's title ("what no longer reaches
    /// the ground falls away").
    pub effect: &'a str,
    /// The notes under the drawing while the player to move has a move, a line each.
    pub help: Vec<String>,
    /// The note when the player to move has none: who won.
    pub over: String,
    /// For a game where two edges' moves may leave the same position (Arc Kayles: either
    /// edge of a path of three vertices empties it), which edge names each move: given a
    /// picture's edges and how many of the first are drawn, for each drawn edge the first drawn
    /// edge whose move leaves the same position (itself when none). `None` when only edges
    /// with the same ends make the same move (their words are the same already).
    pub same_move: Option<SameMove>,
}

impl Pictures {
    /// The position `numbers` drawn for player `mover`: at most 8 pictures of at most 150
    /// edges each (a note names what is not drawn), a target on each edge `mover` may play,
    /// worded `VERB U-V` (`VERB U-V in K` among several pictures), as the game reads it.
    pub fn draw(&self, numbers: &[u64], mover: usize, face: &PictureFace<'_>) -> Sketch {
        let mut s = Sketch::new();
        let all = coloured_pictures(numbers).unwrap_or_default();
        let (name, verb, moves) = (self.name, face.verb, face.moves);
        // On the ground, its vertex 0 is a line, not a dot: the vertices drawn start after it.
        let first = usize::from(self.ground);
        let coloured = all.iter().flatten().any(|&(_, c)| c != Colour::Green);
        let several = all.len() > 1;
        let mut y = 0.0;
        // The widest picture's ground, and the notes: the drawing is as wide as they are.
        let mut width: f64 = 0.0;
        let mut notes: Vec<(f64, String)> = vec![];
        // The note that says who has won, where the game is over (a sum leaves it out).
        let mut verdict: Option<(f64, String)> = None;
        let shown = all.len().min(8);
        for (k, edges) in all.iter().enumerate().take(shown) {
            // Vertices numbered 0.. (the ground first); at most 150 edges of a picture drawn.
            let drawn_coloured: Vec<ColouredEdge> = edges.iter().copied().take(150).collect();
            let drawn: Vec<Edge> = drawn_coloured.iter().map(|&(e, _)| e).collect();
            let mut index: HashMap<u64, usize> = if self.ground { HashMap::from([(0, 0)]) } else { HashMap::new() };
            for &(u, v) in &drawn {
                for w in [u, v] {
                    let next = index.len();
                    index.entry(w).or_insert(next);
                }
            }
            // Layers from the ground up: edges directed away from the ground along a
            // breadth-first walk (without a ground, from the first vertex of each part).
            let n = index.len();
            let mut adj = vec![vec![]; n];
            for &(u, v) in &drawn {
                let (a, b) = (index[&u], index[&v]);
                adj[a].push(b);
                adj[b].push(a);
            }
            let mut depth = vec![usize::MAX; n];
            for root in 0..n {
                if depth[root] != usize::MAX {
                    continue;
                }
                depth[root] = 0;
                let mut queue = std::collections::VecDeque::from([root]);
                while let Some(a) = queue.pop_front() {
                    for &b in &adj[a] {
                        if depth[b] == usize::MAX {
                            depth[b] = depth[a] + 1;
                            queue.push_back(b);
                        }
                    }
                }
            }
            let directed: Vec<(usize, usize)> = drawn
                .iter()
                .map(|&(u, v)| (index[&u], index[&v]))
                // Edges within a layer are left out of the layering, so both ends stay level.
                .filter(|&(a, b)| depth[a] != depth[b])
                .map(|(a, b)| if depth[a] < depth[b] { (a, b) } else { (b, a) })
                .collect();
            // Room for the layers: about 45 units each, at most 150.
            let layers = depth.iter().filter(|&&d| d != usize::MAX).max().copied().unwrap_or(1);
            // On the ground its layer is the line, not a row of vertices; without a ground the
            // first layer is drawn too, and the layout's margins (24 a side) come out of it.
            // Without a ground (Arc Kayles), an edge within a layer lies a wide step (88 a
            // layer: half of it between the centres of a level edge and a slanting one from
            // the same vertex) from the edges to the next layer, so that each edge's target is
            // 40 CSS px on a phone (issue 84: at 45 a layer they were 35 units).
            let height = if self.ground {
                (45.0 * layers as f64).clamp(50.0, 150.0)
            } else {
                (88.0 * layers as f64 + 48.0).clamp(98.0, 312.0)
            };
            let ground = y + height + 24.0;
            let label = if several { format!("{name} {}", k + 1) } else { name.to_string() };
            s.text(8.0, y + 16.0, &label, "label", "start");
            let mut at =
                crate::rules::board::machinery::layout::layered(n, &directed, crate::rules::draw::WIDTH, height, 24.0);
            // The picture from the left, on a ground line as long as it is wide (the layout
            // centres it on the standard width); the ground's vertex is not drawn.
            let (min_x, max_x) = at
                .iter()
                .skip(first)
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.0), hi.max(p.0)));
            let (min_x, max_x) = if min_x.is_finite() { (min_x, max_x) } else { (0.0, 0.0) };
            // Spread out (the layout packs vertices about 10 units apart), up to 260 wide (a
            // picture a 390 px phone shows whole, issue 84: at 540 Arc Kayles' example was 1.5
            // phones wide), and at least GAP between two vertices of a layer: the layout is
            // scaled to the picture's height, so a picture of one layer came 8 units apart, its
            // edges' hit areas (14 wide) over each other and its vertices on the edges between
            // them.
            let widest = if max_x > min_x { 260.0 / (max_x - min_x) } else { 1.0 };
            let spread = match closest_in_a_layer(at.get(first..).unwrap_or_default()) {
                Some(gap) if gap * widest.min(4.0) < GAP => (GAP / gap).min(widest),
                _ => widest.min(4.0),
            };
            for p in at.iter_mut() {
                // The layers from the ground up (the layout puts the ground's layer on top).
                p.1 = y + 20.0 + (height - p.1);
                p.0 = (p.0 - min_x) * spread + 48.0;
            }
            let right = (max_x - min_x) * spread + 88.0;
            width = width.max(right + 16.0);
            if self.ground {
                s.line(8.0, ground, right, ground, "ground");
            }
            let mut parallel: HashMap<(usize, usize), f64> = HashMap::new();
            let mut curves: Vec<(Curve, String)> = vec![];
            // The edge whose words name each edge's move: its own, or the first drawn edge
            // whose move leaves the same position.
            let named_by: Vec<ColouredEdge> = match face.same_move {
                Some(same) => same(edges, drawn.len()).into_iter().map(|l| drawn_coloured[l]).collect(),
                None => drawn_coloured.clone(),
            };
            // The ends of a green edge that shares them with a blue or red one: its words say
            // `:g`, as the game reads an edge of two colours only so (`cut 1-2` names two).
            let mixed: std::collections::HashSet<Edge> = if coloured {
                let mut colours: HashMap<Edge, [bool; 2]> = HashMap::new();
                for &((u, v), c) in edges {
                    let seen = colours.entry((u.min(v), u.max(v))).or_default();
                    seen[usize::from(c != Colour::Green)] = true;
                }
                colours.into_iter().filter(|(_, seen)| seen[0] && seen[1]).map(|(e, _)| e).collect()
            } else {
                Default::default()
            };
            for (i, &((u, v), _)) in drawn_coloured.iter().enumerate() {
                let (a, b) = (index[&u], index[&v]);
                let point = |w: usize, other: usize| -> (f64, f64) {
                    if w == 0 && self.ground {
                        // The ground is a line: an edge to it drops under its other end.
                        (at[other].0, ground)
                    } else {
                        at[w]
                    }
                };
                let (p, q) = (point(a, b), point(b, a));
                let bend = parallel.entry((a.min(b), a.max(b))).or_insert(0.0);
                let curve = if a == b { Curve::Loop(p) } else { Curve::Bent(p, q, *bend) };
                *bend = if *bend <= 0.0 { -*bend + 16.0 } else { -*bend };
                // A coloured edge names its colour, so that of two edges with the same ends the
                // one clicked is cut.
                let ((u, v), colour) = named_by[i];
                let suffix = if colour == Colour::Green && mixed.contains(&(u.min(v), u.max(v))) {
                    ":g"
                } else {
                    colour.suffix()
                };
                let edge = format!("{u}-{v}{suffix}");
                let words = if several { format!("{verb} {edge} in {}", k + 1) } else { format!("{verb} {edge}") };
                curves.push((curve, words));
            }
            let dots: Vec<(f64, f64)> = at.iter().skip(first).copied().collect();
            clear_click_points(&mut curves, &dots);
            for (i, ((curve, words), &((u, v), colour))) in curves.into_iter().zip(&drawn_coloured).enumerate() {
                let d = curve.path();
                // The move by its words alone: reading and checking it would cut the whole
                // picture once for each edge drawn (150 cuts of a million edges). Deleting an
                // edge of the picture the mover may cut is always a move; its words name it as
                // `read_move` reads it, the smaller end first.
                let t = if u <= v && colour.cut_by(mover) { s.worded_target(words.clone()) } else { None };
                // Blue and red as the partizan edges of graphs are drawn (Left's, Right's).
                let class = match colour {
                    Colour::Green => "twig",
                    Colour::Blue => "twig edge left",
                    Colour::Red => "twig edge right",
                };
                if !coloured {
                    // An edge whose move is another's says so.
                    let same = if named_by[i].0 == (u, v) {
                        String::new()
                    } else {
                        format!(" ({verb} {u}-{v} leaves the same)")
                    };
                    s.path(&d, class);
                    s.path(&d, "twig hit").makes(t).title(format!("{words}{same}: {}", face.effect));
                } else if t.is_some() {
                    s.path(&d, class);
                    s.path(&d, "twig hit").makes(t).title(format!(
                        "{words}: a {} edge ({}); {}",
                        colour.name(),
                        colour.owner(),
                        face.effect
                    ));
                } else {
                    s.path(&d, class).title(format!("{u}-{v}: a {} edge ({})", colour.name(), colour.owner()));
                }
            }
            // Each vertex with its number, as moves name them (`cut 1-3`); the ground is 0.
            let mut names = vec![0u64; n];
            for (&v, &i) in &index {
                names[i] = v;
            }
            for (w, &(x, yy)) in at.iter().enumerate().skip(first) {
                s.circle(x, yy, 3.5, "vertex").title(format!("vertex {}", names[w]));
                s.text(x + 5.0, yy - 5.0, &names[w].to_string(), "vnum", "start");
            }
            if self.ground {
                s.text(right + 4.0, ground + 4.0, "0", "vnum", "start");
            }
            y = ground + 10.0;
            if edges.len() > drawn.len() {
                let note =
                    format!("{} of the {name}'s {} edges drawn; type {moves} of the others", drawn.len(), edges.len());
                // A note on two lines pushes what follows down by its second line.
                y += 16.0 + NOTE_LEADING * (note_lines(&note).len() - 1) as f64;
                notes.push((ground + 16.0, note));
            }
        }
        if all.len() > shown {
            notes.push((
                y + 12.0,
                format!(
                    "and {} more {name}s, not drawn: type their {moves} ('{verb} 1-2 in {}')",
                    all.len() - shown,
                    shown + 1
                ),
            ));
            y += 16.0;
        }
        if s.targets().is_empty() && all.len() <= shown {
            // The game is over: no edge the mover may play is left, and the note says who won.
            verdict = Some((y + 14.0, face.over.clone()));
        } else {
            for (i, line) in face.help.iter().enumerate() {
                notes.push((y + 14.0 + 16.0 * i as f64, line.clone()));
            }
            // Two lines fit under the drawing; each more pushes its foot down.
            y += 16.0 * face.help.len().saturating_sub(2) as f64;
        }
        if let Some((at, text)) = &verdict {
            s.turn_note(*at, true, text);
            width = width.max(16.0 + 6.6 * text.chars().count() as f64);
        }
        for (at, text) in &notes {
            s.note(*at, text);
            // About 6.6 units a character of the notes' 12-unit type.
            width = width.max(16.0 + 6.6 * text.chars().count() as f64);
        }
        s.width = width.min(crate::rules::draw::WIDTH);
        s.height = y + 38.0;
        s
    }
}

/// The least distance between two vertices of one layer of a picture, in SVG units.
const GAP: f64 = 28.0;

/// Half the width of an edge's hit area (the style's `.twig.hit` stroke is 14 wide, its
/// ends round).
const HIT: f64 = 7.0;

/// A vertex's radius: the circle is drawn over the edges and takes the click.
const DOT: f64 = 3.5;

/// Room kept on each side of a hit area's edge: the path's numbers are written to 0.1, and a
/// click at the very edge of a stroke may go either way.
const SLACK: f64 = 1.0;

/// The bends an edge may take besides its own (a parallel edge's): a browser clicks a shape at
/// the centre of its bounding box, which a curve bent by more than about 28 units leaves.
const BENDS: [f64; 6] = [8.0, -8.0, 16.0, -16.0, 24.0, -24.0];

/// The closest two vertices of one layer of `at` come, across; `None` when no layer holds two.
fn closest_in_a_layer(at: &[(f64, f64)]) -> Option<f64> {
    let mut points: Vec<(f64, f64)> = at.to_vec();
    points.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.total_cmp(&b.0)));
    points.windows(2).filter(|w| (w[0].1 - w[1].1).abs() < 1e-6).map(|w| w[1].0 - w[0].0).reduce(f64::min)
}

/// An edge as drawn: from `p` to `q`, bent sideways by a quadratic curve whose control point is
/// the given distance off the middle, or a loop at one vertex.
#[derive(Clone, Copy)]
enum Curve {
    Bent((f64, f64), (f64, f64), f64),
    Loop((f64, f64)),
}

impl Curve {
    /// The SVG path data.
    fn path(&self) -> String {
        match *self {
            Curve::Loop(p) => format!("M{:.1} {:.1} c-14 -30 14 -30 0 0", p.0, p.1),
            Curve::Bent(p, q, _) => {
                let c = self.control();
                format!("M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}", p.0, p.1, c.0, c.1, q.0, q.1)
            }
        }
    }

    /// The control point of a bent edge.
    fn control(&self) -> (f64, f64) {
        match *self {
            Curve::Loop(p) => p,
            Curve::Bent(p, q, off) => {
                let (mx, my) = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                let (dx, dy) = (q.0 - p.0, q.1 - p.1);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                (mx - dy / len * off, my + dx / len * off)
            }
        }
    }

    /// Points along the curve, close enough that the polyline through them is the curve to
    /// well within [`SLACK`].
    fn samples(&self) -> Vec<(f64, f64)> {
        const STEPS: usize = 48;
        (0..=STEPS)
            .map(|i| {
                let t = i as f64 / STEPS as f64;
                let u = 1.0 - t;
                match *self {
                    Curve::Loop(p) => {
                        // The cubic of `c-14 -30 14 -30 0 0` from p.
                        let b = |c1: f64, c2: f64| 3.0 * u * u * t * c1 + 3.0 * u * t * t * c2;
                        (p.0 + b(-14.0, 14.0), p.1 + b(-30.0, -30.0))
                    }
                    Curve::Bent(p, q, _) => {
                        let c = self.control();
                        (u * u * p.0 + 2.0 * u * t * c.0 + t * t * q.0, u * u * p.1 + 2.0 * u * t * c.1 + t * t * q.1)
                    }
                }
            })
            .collect()
    }
}

/// The centre of the bounding box of a curve's points: where a browser (and the tests) click
/// a shape.
fn click_point(points: &[(f64, f64)]) -> (f64, f64) {
    let (mut x0, mut x1, mut y0, mut y1) = (f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY);
    for &(x, y) in points {
        (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
    }
    ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
}

/// The distance from `a` to the polyline through `points`.
fn distance_to(a: (f64, f64), points: &[(f64, f64)]) -> f64 {
    let segment = |p: (f64, f64), q: (f64, f64)| {
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        let len2 = dx * dx + dy * dy;
        let t = if len2 > 0.0 { (((a.0 - p.0) * dx + (a.1 - p.1) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
        ((a.0 - p.0 - t * dx).powi(2) + (a.1 - p.1 - t * dy).powi(2)).sqrt()
    };
    match points {
        [p] => segment(*p, *p),
        _ => points.windows(2).map(|w| segment(w[0], w[1])).fold(f64::INFINITY, f64::min),
    }
}

/// An edge placed by [`clear_click_points`]: the points along it and its click point.
type Placed = (Vec<(f64, f64)>, (f64, f64));

/// Bends the edges of a picture, drawn in order over each other and under the vertices
/// `dots`, so that at each edge's click point ([`click_point`]) the topmost shape is that edge
/// or one of the same move (a parallel edge): no vertex and no later edge of another move lies
/// there. Each edge keeps its own bend where that is so, else takes the first of [`BENDS`]
/// that keeps its click point clear and covers no earlier edge's; an edge no bend clears keeps
/// its own. An edge crossing another at both their middles, or running through a vertex, is
/// what this moves.
fn clear_click_points(curves: &mut [(Curve, String)], dots: &[(f64, f64)]) {
    // The placed edges: their points and click points.
    let mut placed: Vec<Placed> = Vec::with_capacity(curves.len());
    for i in 0..curves.len() {
        let (own, words) = (curves[i].0, &curves[i].1);
        let mut choices = vec![own];
        if let Curve::Bent(p, q, _) = own {
            choices.extend(BENDS.iter().map(|&b| Curve::Bent(p, q, b)));
        }
        let clear = |curve: &Curve| {
            let points = curve.samples();
            let at = click_point(&points);
            let on_own = distance_to(at, &points) <= HIT - SLACK
                || placed
                    .iter()
                    .zip(curves.iter())
                    .any(|((pts, _), (_, w))| w == words && distance_to(at, pts) <= HIT - SLACK);
            let under_a_vertex = dots.iter().any(|&d| distance_to(at, &[d]) <= DOT + SLACK);
            let covers = placed
                .iter()
                .zip(curves.iter())
                .any(|((_, c), (_, w))| w != words && distance_to(*c, &points) <= HIT + SLACK);
            (on_own && !under_a_vertex && !covers).then_some((points, at))
        };
        let chosen = choices.iter().find_map(|c| clear(c).map(|found| (*c, found)));
        let (curve, found) = chosen.unwrap_or_else(|| {
            let points = own.samples();
            let at = click_point(&points);
            (own, (points, at))
        });
        curves[i].0 = curve;
        placed.push(found);
    }
}
