//! Where to draw the vertices of a graph: Sugiyama's layered method, from the `rust-sugiyama`
//! crate (layers, fewer crossings, coordinates), for the drawings of games on graphs,
//! geography and Hackenbush. Callers bound the graph first ([`MAX_VERTICES`]).

use rust_sugiyama::configure::Config;

/// The most vertices a drawing lays out; a larger graph shows a neighbourhood of the tokens.
pub const MAX_VERTICES: usize = 200;

/// The position of each of `n` vertices (0..n) with the directed `edges` between them, in
/// layers from the top, scaled so that the whole fits in `width` x `height` with a margin of
/// `margin`; the graph's components side by side. Self-loops, repeated edges and edges to a
/// vertex past `n` are ignored. Every vertex gets its point, however many: the caller bounds
/// the graph (a network at [`MAX_VERTICES`], a picture at 150 edges, up to 301 ends); this
/// once kept the first 200 and a picture's face indexed past them (issue 80).
pub fn layered(n: usize, edges: &[(usize, usize)], width: f64, height: f64, margin: f64) -> Vec<(f64, f64)> {
    let mut simple: Vec<(u32, u32)> =
        edges.iter().filter(|&&(u, v)| u != v && u < n && v < n).map(|&(u, v)| (u as u32, v as u32)).collect();
    simple.sort_unstable();
    simple.dedup();
    // One direction per pair: the layering needs no 2-cycles.
    let mut seen = std::collections::HashSet::new();
    simple.retain(|&(u, v)| seen.insert((u.min(v), u.max(v))));
    let mut raw = vec![None; n];
    let mut left = 0.0f64;
    let config = Config { vertex_spacing: 10.0, ..Config::default() };
    let layouts = if simple.is_empty() { vec![] } else { rust_sugiyama::from_edges(&simple, &config) };
    let mut bottom = 0.0f64;
    for (layout, w, _) in layouts {
        let min_x = layout.iter().map(|(_, (x, _))| *x).fold(f64::INFINITY, f64::min);
        let min_x = if min_x.is_finite() { min_x } else { 0.0 };
        let mut right = left;
        for (v, (x, y)) in layout {
            if let Some(slot) = raw.get_mut(v) {
                *slot = Some((left + x - min_x, y));
                right = right.max(left + x - min_x);
                bottom = bottom.max(y);
            }
        }
        left = right.max(left + w.max(0.0)) + 10.0;
    }
    // Vertices with no edge: a row of their own under the rest.
    let lone_y = bottom + 10.0;
    for slot in raw.iter_mut().filter(|s| s.is_none()) {
        *slot = Some((left, lone_y));
        left += 10.0;
    }
    let points: Vec<(f64, f64)> = raw.into_iter().map(|p| p.unwrap_or((0.0, 0.0))).collect();
    fit(&points, width, height, margin)
}

/// The points scaled alike on both axes (at most [`MAX_SCALE`] times the layout's units, so a
/// small graph stays small) and centred in `width` x `height` less the margin.
fn fit(points: &[(f64, f64)], width: f64, height: f64, margin: f64) -> Vec<(f64, f64)> {
    let (mut x0, mut x1, mut y0, mut y1) = (f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY);
    for &(x, y) in points {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if points.is_empty() {
        return vec![];
    }
    let (w, h) = ((width - 2.0 * margin).max(1.0), (height - 2.0 * margin).max(1.0));
    let scale = (w / (x1 - x0).max(1e-9)).min(h / (y1 - y0).max(1e-9)).min(MAX_SCALE);
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    points.iter().map(|&(x, y)| (width / 2.0 + (x - cx) * scale, height / 2.0 + (y - cy) * scale)).collect()
}

/// The most SVG units one unit of the layout (its vertex spacing is 10) becomes.
const MAX_SCALE: f64 = 16.0;

/// The most characters of a vertex's name written in its circle (its title holds it whole).
const NAME_CHARS: usize = 5;

/// The least radius of a vertex's circle, and the most it grows to hold its name.
const RADIUS: (f64, f64) = (12.0, 20.0);

/// The radius of a vertex's circle that holds `chars` characters of its name in the label's
/// 12-unit type (about 6.8 units a character, a little room each side).
fn radius_for(chars: usize) -> f64 {
    (3.4 * chars as f64 + 5.0).max(RADIUS.0)
}

/// A graph drawn on a sketch: which vertices are shown (at most [`MAX_VERTICES`], the
/// neighbourhood of `starts` when the graph is larger), where, and how large.
pub struct Network {
    /// Each shown vertex's place, by its number in the graph.
    pub at: std::collections::HashMap<usize, (f64, f64)>,
    /// The radius of each shown vertex's circle, which holds its name: a target or a token's
    /// badge is drawn around it or on its edge.
    pub radius: f64,
    /// How many vertices the graph has.
    pub total: usize,
}

impl Network {
    /// Where a token's badge sits on the circle of a vertex at (x, y): its upper right, the
    /// `k`-th badge of that vertex further right.
    pub fn badge_at(&self, x: f64, y: f64, k: usize) -> (f64, f64) {
        let off = 0.72 * self.radius + 0.6 * BADGE;
        (x + off + BADGE * 1.6 * k as f64, y - off)
    }
}

/// The radius of a token's badge: large enough for its number in bold 12-unit type, and to tap.
pub const BADGE: f64 = 10.0;

/// The rings of spots around a vertex tried for a token's badge ([`Network::badge_spots`]).
const BADGE_RINGS: usize = 6;

/// How far apart on one axis a badge keeps from the vertices and the other badges, where a
/// spot allows: the distance that gives both their targets 40 CSS px on a phone.
const WIDE: f64 = crate::rules::faces::WIDE_STEP;

impl Network {
    /// Where the badges of tokens on the vertices `on` sit, in order (`None` for a vertex not
    /// shown), in a drawing `width` wide. The first badge of a vertex sits where
    /// [`Network::badge_at`] puts it, on the upper right of its circle; where that spot is
    /// taken or off the drawing, the next free spot around the circle, ring after ring
    /// further out. A spot is free when its badge overlaps no other badge and keeps off every
    /// vertex's target ring: badges are drawn over the rings and over each other in order, and
    /// a badge in a row beside its vertex (the rule before) lay on a neighbour's badge or past
    /// the drawing's edge, where its pick could not be clicked. A badge no spot frees keeps
    /// that row's place.
    pub fn badge_spots(&self, on: &[usize], width: f64) -> Vec<Option<(f64, f64)>> {
        let off = 0.72 * self.radius + 0.6 * BADGE;
        let step = 2.0 * BADGE + 2.0;
        let centres: Vec<(f64, f64)> = self.at.values().copied().collect();
        let far = |a: (f64, f64), b: (f64, f64), d: f64| (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2) >= d * d;
        let mut placed: Vec<(f64, f64)> = vec![];
        let mut before: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
        let mut out = Vec::with_capacity(on.len());
        for &v in on {
            let Some(&(x, y)) = self.at.get(&v) else {
                out.push(None);
                continue;
            };
            let k = before.entry(v).or_default();
            let row = self.badge_at(x, y, *k);
            *k += 1;
            let spots = (0..BADGE_RINGS).flat_map(|m| {
                let a = off + m as f64 * step / std::f64::consts::SQRT_2;
                let diagonal =
                    [(1.0, -1.0), (-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(dx, dy)| (x + dx * a, y + dy * a));
                let r = a * std::f64::consts::SQRT_2;
                let straight =
                    [(0.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (0.0, 1.0)].map(|(dx, dy)| (x + dx * r, y + dy * r));
                diagonal.into_iter().chain(if m == 0 { vec![] } else { straight.to_vec() })
            });
            // A badge's pick and a vertex's target ring (or another badge) are each a wide
            // step across where they lie that far apart on one axis (issue 84: a badge beside
            // a target ring left each 31 units, 40 CSS px only on a drawing 1.3 phones wide).
            let apart = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs().max((a.1 - b.1).abs()) >= WIDE - 0.5;
            let free = |p: &(f64, f64)| {
                (1.0..=width - 1.0).contains(&p.0)
                    && p.1 >= 1.0
                    && placed.iter().all(|&q| far(*p, q, step - 1.0) && apart(*p, q))
                    && centres.iter().all(|&c| far(*p, c, self.radius + 4.0) && apart(*p, c))
            };
            let spot = spots.into_iter().find(free).unwrap_or(row);
            placed.push(spot);
            out.push(Some(spot));
        }
        out
    }
}

/// Draws a token's badge at (x, y): a disc with the token's number (`label`, empty for a game
/// of one token) in it, titled `title`; clicking it picks `pick`, where it has one.
pub fn badge(s: &mut crate::rules::draw::Sketch, (x, y): (f64, f64), label: &str, title: String, pick: Option<String>) {
    let disc = s.circle(x, y, BADGE, "token").title(title);
    match pick {
        Some(p) => drop(disc.picks(p)),
        None => drop(disc),
    }
    if !label.is_empty() {
        // Over the disc; text lets clicks through to it.
        s.text(x, y + 4.3, label, "token-label", "middle");
    }
}

impl Network {
    /// Lays out and draws the graph of `total` vertices: edges first (`edges(v)`: the edges
    /// out of v with their class, drawn with an arrow when `directed`), then the vertices
    /// (`vertex(v)`: name and class), in the box from `top` of height `height`. With more than
    /// [`MAX_VERTICES`] vertices, the ones nearest `starts` (breadth first along
    /// `neighbours`) are shown and a note says how many are left out.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        s: &mut crate::rules::draw::Sketch,
        top: f64,
        height: f64,
        total: usize,
        starts: &[usize],
        neighbours: &dyn Fn(usize) -> Vec<usize>,
        edges: &dyn Fn(usize) -> Vec<(usize, &'static str)>,
        vertex: &dyn Fn(usize) -> (String, &'static str),
        directed: bool,
    ) -> Network {
        let shown: Vec<usize> = if total <= MAX_VERTICES {
            (0..total).collect()
        } else {
            let mut seen = std::collections::HashSet::new();
            let mut order = vec![];
            let mut queue: std::collections::VecDeque<usize> = starts.iter().copied().filter(|&v| v < total).collect();
            if queue.is_empty() {
                queue.push_back(0);
            }
            while let Some(v) = queue.pop_front() {
                if order.len() >= MAX_VERTICES {
                    break;
                }
                if !seen.insert(v) {
                    continue;
                }
                order.push(v);
                queue.extend(neighbours(v).into_iter().filter(|u| !seen.contains(u)));
            }
            order
        };
        let index: std::collections::HashMap<usize, usize> = shown.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let mut pairs = vec![];
        let mut drawn = vec![];
        for (i, &v) in shown.iter().enumerate() {
            for (u, class) in edges(v) {
                if let Some(&j) = index.get(&u) {
                    pairs.push((i, j));
                    drawn.push((v, u, class));
                }
            }
        }
        let width = crate::rules::draw::WIDTH;
        let points = layered(shown.len(), &pairs, width, height, 24.0);
        // A narrow graph (a path, a small tree) stands at the left, as the notes under it do,
        // rather than at the middle of the full width: the drawing is then only as wide as the
        // graph and reads larger on a narrow screen.
        let left = points.iter().map(|&(x, _)| x).fold(f64::INFINITY, f64::min);
        let shift = if left.is_finite() { (left - 24.0).max(0.0) } else { 0.0 };
        let at: std::collections::HashMap<usize, (f64, f64)> =
            shown.iter().zip(points).map(|(&v, (x, y))| (v, (x - shift, y + top))).collect();
        // One radius for every vertex: as large as the longest name shown needs, and no larger
        // than keeps two vertices apart (a dense layer); a name that does not fit is cut short.
        let longest = shown.iter().map(|&v| vertex(v).0.chars().count().min(NAME_CHARS)).max().unwrap_or(1);
        let mut closest = f64::INFINITY;
        let places: Vec<(f64, f64)> = at.values().copied().collect();
        for (i, p) in places.iter().enumerate() {
            for q in places.iter().skip(i + 1) {
                closest = closest.min(((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt());
            }
        }
        let room = (closest / 2.0 - 3.0).max(8.0);
        let radius = radius_for(longest).min(RADIUS.1).min(room);
        let fits = (((radius - 5.0) / 3.4 + 1e-6).floor() as usize).clamp(1, NAME_CHARS);
        for (v, u, class) in drawn {
            let (Some(&(x1, y1)), Some(&(x2, y2))) = (at.get(&v), at.get(&u)) else { continue };
            if v == u {
                s.path(&format!("M{x1} {} a9 9 0 1 1 10 0", y1 - radius + 1.0), &format!("edge {class}"));
                continue;
            }
            s.line(x1, y1, x2, y2, &format!("edge {class}"));
            if directed {
                // An arrowhead short of the head vertex.
                let (dx, dy) = (x2 - x1, y2 - y1);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ux, uy) = (dx / len, dy / len);
                let (tx, ty) = (x2 - ux * (radius + 2.0), y2 - uy * (radius + 2.0));
                let (bx, by) = (tx - ux * 9.0, ty - uy * 9.0);
                s.path(
                    &format!(
                        "M{tx:.1} {ty:.1} L{:.1} {:.1} L{:.1} {:.1} Z",
                        bx - uy * 4.5,
                        by + ux * 4.5,
                        bx + uy * 4.5,
                        by - ux * 4.5
                    ),
                    &format!("arrow {class}"),
                );
            }
        }
        for &v in &shown {
            let Some(&(x, y)) = at.get(&v) else { continue };
            let (name, class) = vertex(v);
            s.circle(x, y, radius, &format!("vertex {class}")).title(name.clone());
            s.text(x, y + 4.3, &crate::rules::draw::clip(&name, fits), "vertex-label", "middle");
        }
        if shown.len() < total {
            s.note(
                top + height + 12.0,
                &format!("{} of {total} vertices shown, those nearest the tokens", shown.len()),
            );
        }
        Network { at, radius, total }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vertex_is_placed_inside() {
        let edges = [(0, 1), (1, 2), (2, 0), (3, 4), (1, 1), (1, 2)];
        let p = layered(6, &edges, 400.0, 300.0, 20.0);
        assert_eq!(p.len(), 6);
        for &(x, y) in &p {
            assert!((20.0..=380.0).contains(&x) && (20.0..=280.0).contains(&y), "{p:?}");
        }
        // Vertices joined by an edge sit in different layers.
        assert_ne!(p[0].1, p[1].1);
    }

    /// Issue 80: a picture's 150 drawn edges have up to 301 ends; the layout gave the first
    /// 200 a point and the face indexed past them (a panic). Every vertex asked for gets one.
    #[test]
    fn every_vertex_gets_a_point_past_max_vertices() {
        for n in [MAX_VERTICES + 1, 301] {
            let matching: Vec<(usize, usize)> = (0..n / 2).map(|i| (2 * i, 2 * i + 1)).collect();
            let p = layered(n, &matching, 640.0, 200.0, 24.0);
            assert_eq!(p.len(), n);
            assert!(p.iter().all(|&(x, y)| x.is_finite() && y.is_finite()));
        }
    }

    #[test]
    fn random_graphs_of_every_shape_are_laid_out() {
        let mut state = 7u64;
        let mut next = |k: u64| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) % k
        };
        for n in [1usize, 2, 5, 30, 200] {
            for density in [0u64, 1, 3] {
                let edges: Vec<(usize, usize)> =
                    (0..n as u64 * density).map(|_| (next(n as u64) as usize, next(n as u64) as usize)).collect();
                let p = layered(n, &edges, 600.0, 400.0, 16.0);
                assert_eq!(p.len(), n);
                assert!(p.iter().all(|&(x, y)| x.is_finite() && y.is_finite()));
            }
        }
    }
}
