//! A thermograph drawn as SVG ([`thermograph_svg`]), as Winning Ways (Berlekamp, Conway & Guy,
//! chapter 6) and Siegel (Combinatorial Game Theory, section II.5) draw one: the value axis
//! reversed (positive to the left, so Left's wall is on the left), the temperature going up
//! from -1, the two walls, and the mast standing on the mean from the temperature on.
//!
//! Every number written on it is exact (the stops, the mean and the temperature as fractions);
//! only the coordinates are rounded. Each wall's polyline also carries its breakpoints, exact,
//! as `data-points` (`t,v` pairs), so a reader (and `tests/library/thermograph_svg.rs`) can check the
//! drawing against the [`Thermograph`] without reading pixels. The drawing is 320 units wide,
//! readable on a phone. No I/O: the drawing is a string, and its only text is numbers and a
//! few fixed words, so nothing needs escaping.

use std::fmt::Write as _;

use super::dyadic::Dyadic;
use super::thermograph::{Thermograph, Trajectory};

/// The drawing's width, in SVG units.
pub const THERMOGRAPH_WIDTH: f64 = 320.0;

/// Left of the plot: room for the left wall's line width and the caption's start.
const MARGIN_LEFT: f64 = 14.0;
/// Right of the plot: the temperature axis and its numbers.
const MARGIN_RIGHT: f64 = 46.0;
/// Above the plot: the mean's label over the mast.
const MARGIN_TOP: f64 = 22.0;
/// Under the plot: the value axis's numbers.
const AXIS_LABELS: f64 = 18.0;
/// How far below the first a further line of the value axis's numbers is (a stop too close to
/// the other, or 0 too close to a stop, goes there).
const STACKED_LABEL: f64 = 12.0;
/// The height of a caption line.
const LINE: f64 = 15.0;
/// The plot's least and greatest height: a game with a narrow value range but a high
/// temperature (or the reverse) keeps a readable shape, else the scales are equal (slopes of 1
/// drawn at 45 degrees, as in Winning Ways).
const PLOT_MIN_H: f64 = 110.0;
const PLOT_MAX_H: f64 = 200.0;
/// The fewest units between two numbers written on one axis; a number nearer to one already
/// written is left to the caption, which writes every number.
const LABEL_GAP: f64 = 26.0;
/// The longest caption line (characters) before its two parts go on lines of their own.
const CAPTION_CHARS: usize = 46;

/// The colours of Left (blue) and Right (red), as Blue-Red Hackenbush colours the players.
const LEFT_COLOUR: &str = "#2a6fdb";
const RIGHT_COLOUR: &str = "#d9534f";

/// An exact number as a float, for coordinates only.
fn float(d: Dyadic) -> f64 {
    d.numerator() as f64 / 2f64.powi(d.exponent() as i32)
}

/// A coordinate with at most two decimals.
fn num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    if r == r.trunc() && r.abs() < 1e15 {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

/// Where the drawing puts a temperature and a value.
struct Frame {
    /// The greatest value drawn (at the plot's left edge).
    v_left: f64,
    /// Units per unit of value.
    sx: f64,
    /// The highest temperature drawn (at the plot's top).
    t_top: f64,
    /// Units per unit of temperature.
    sy: f64,
    /// The plot's height.
    height: f64,
}

impl Frame {
    /// The x of value `v`: greater values to the left.
    fn x(&self, v: f64) -> f64 {
        MARGIN_LEFT + (self.v_left - v) * self.sx
    }

    /// The y of temperature `t`: higher up the greater.
    fn y(&self, t: f64) -> f64 {
        MARGIN_TOP + (self.t_top - t) * self.sy
    }

    /// The plot's bottom (temperature -1).
    fn bottom(&self) -> f64 {
        MARGIN_TOP + self.height
    }
}

/// A wall's breakpoints up to the mast's start, then its value at the top of the drawing.
fn wall_points(wall: &Trajectory, top: Dyadic) -> Vec<(Dyadic, Dyadic)> {
    let mut points: Vec<(Dyadic, Dyadic)> = wall.points().into_iter().filter(|&(t, _)| t < top).collect();
    if let Ok(v) = wall.at(top) {
        points.push((top, v));
    }
    points
}

/// The frame that holds every breakpoint of both walls, the mast and some room around them.
fn frame(t: &Thermograph, top: Dyadic) -> Frame {
    let values: Vec<f64> = t
        .left_wall()
        .points()
        .into_iter()
        .chain(t.right_wall().points())
        .map(|(_, v)| float(v))
        // 0 is always in the frame, so that the value axis shows it beside the stops.
        .chain([float(t.mean()), 0.0])
        .collect();
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let pad = ((hi - lo) * 0.12).max(0.5);
    let (v_left, v_right) = (hi + pad, lo - pad);
    let width = THERMOGRAPH_WIDTH - MARGIN_LEFT - MARGIN_RIGHT;
    let sx = width / (v_left - v_right);
    let t_top = float(top);
    let t_span = t_top + 1.0;
    let height = (t_span * sx).clamp(PLOT_MIN_H, PLOT_MAX_H);
    Frame { v_left, sx, t_top, sy: height / t_span, height }
}

/// The temperature at the drawing's top: above the mast's start (and above 0) by a quarter of
/// what is drawn below it, at least a half.
fn top_of(t: &Thermograph) -> Dyadic {
    let from = t.temperature().max(Dyadic::ZERO);
    // (from + 1) / 4, at least 1/2, rounded up to a quarter so the top is a short dyadic.
    let quarters = (float(from) + 1.0).ceil().max(2.0) as i64;
    let head = Dyadic::new(quarters, 2).unwrap_or(Dyadic::integer(1));
    from.checked_add(head).unwrap_or(from)
}

/// The breakpoints as `data-points` writes them: `t,v` pairs, exact, space-separated.
fn exact_points(points: &[(Dyadic, Dyadic)]) -> String {
    points.iter().map(|(t, v)| format!("{t},{v}")).collect::<Vec<_>>().join(" ")
}

/// The polyline's coordinates.
fn drawn_points(f: &Frame, points: &[(Dyadic, Dyadic)]) -> String {
    points.iter().map(|&(t, v)| format!("{},{}", num(f.x(float(v))), num(f.y(float(t))))).collect::<Vec<_>>().join(" ")
}

/// A number written under the value axis.
struct AxisLabel {
    value: Dyadic,
    colour: &'static str,
    /// What it is, as `data-value`: `left-stop`, `right-stop`, `zero` or `mean`.
    name: &'static str,
    /// Its line under the axis, 0 the first.
    row: usize,
}

/// The value axis's numbers: both stops and 0 always, each on the first line where it meets
/// no number written before it (two stops close together are written one under the other),
/// then the mean where the first line has room (the caption writes it in any case). A number
/// equal to one written is not written again; equal stops are one number of neither player's.
fn axis_labels(f: &Frame, left_stop: Dyadic, right_stop: Dyadic, mean: Dyadic) -> Vec<AxisLabel> {
    let (l_colour, r_colour) = if left_stop == right_stop { ("#111", "#111") } else { (LEFT_COLOUR, RIGHT_COLOUR) };
    let wanted = [
        (left_stop, l_colour, "left-stop", true),
        (right_stop, r_colour, "right-stop", true),
        (Dyadic::ZERO, "#555", "zero", true),
        (mean, "#111", "mean", false),
    ];
    let mut labels: Vec<AxisLabel> = vec![];
    for (value, colour, name, always) in wanted {
        if labels.iter().any(|l| l.value == value) {
            continue;
        }
        let x = f.x(float(value));
        let free = |row: usize| labels.iter().all(|l| l.row != row || (f.x(float(l.value)) - x).abs() >= LABEL_GAP);
        let rows = if always { 0..3 } else { 0..1 };
        if let Some(row) = rows.into_iter().find(|&r| free(r)) {
            labels.push(AxisLabel { value, colour, name, row });
        }
    }
    labels
}

/// The caption's lines: `a, b` on one line when short, else each on its own.
fn caption_lines(a: String, b: String) -> Vec<String> {
    if a.chars().count() + b.chars().count() + 3 <= CAPTION_CHARS {
        vec![format!("{a}, {b}")]
    } else {
        vec![a, b]
    }
}

/// The thermograph drawn as an SVG document 320 units wide: the Left wall (blue) on the left,
/// the Right wall (red), the mast (black) from the temperature up, the value axis at t = -1
/// with both stops, 0 and the mean written under it, a dashed line at t = 0 with the stops
/// marked on it, the temperature axis on the right (0, the temperature and -1), and a caption
/// with the stops, the mean and the temperature as exact fractions.
///
/// ```
/// use grundy::values::partizan::{thermograph_svg, GameStore};
/// let mut s = GameStore::new();
/// let g = s.parse("{2|-1}").unwrap();
/// let svg = thermograph_svg(&s.thermograph(g).unwrap());
/// assert!(svg.starts_with("<svg") && svg.contains("mean 1/2") && svg.contains("temperature 3/2"));
/// ```
pub fn thermograph_svg(t: &Thermograph) -> String {
    let top = top_of(t);
    let f = frame(t, top);
    let (left_stop, right_stop) = (t.left_wall().at(Dyadic::ZERO), t.right_wall().at(Dyadic::ZERO));
    let (left_stop, right_stop) = (left_stop.unwrap_or(t.mean()), right_stop.unwrap_or(t.mean()));
    let mut captions = caption_lines(format!("Left stop {left_stop}"), format!("Right stop {right_stop}"));
    captions.extend(caption_lines(format!("mean {}", t.mean()), format!("temperature {}", t.temperature())));
    let axis_y = f.bottom();
    // The value axis's numbers, each on the first line under the axis where it meets no other.
    let labels = axis_labels(&f, left_stop, right_stop, t.mean());
    let label_rows = labels.iter().map(|l| l.row).max().unwrap_or(0) as f64 * STACKED_LABEL;
    let height = (axis_y + AXIS_LABELS + label_rows + LINE * captions.len() as f64 + 6.0).ceil();
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" style=\"max-width:100%;height:auto\" class=\"grundy-thermograph\" font-family=\"sans-serif\" font-size=\"11\" data-mean=\"{mean}\" data-temperature=\"{temp}\" data-left-stop=\"{left_stop}\" data-right-stop=\"{right_stop}\">",
        w = num(THERMOGRAPH_WIDTH),
        h = num(height),
        mean = t.mean(),
        temp = t.temperature(),
    );
    let _ = write!(
        out,
        "<title>Thermograph: Left stop {left_stop}, Right stop {right_stop}, mean {}, temperature {}</title>",
        t.mean(),
        t.temperature()
    );
    out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>");
    let (x0, x1) = (MARGIN_LEFT, THERMOGRAPH_WIDTH - MARGIN_RIGHT);
    // The value axis at t = -1, and the temperature axis on the right with its numbers.
    let _ = write!(
        out,
        "<g stroke=\"#555\" stroke-width=\"1\" fill=\"none\"><path d=\"M{} {}H{}\"/><path d=\"M{} {}V{}\"/></g>",
        num(x0),
        num(axis_y),
        num(x1),
        num(x1),
        num(axis_y),
        num(MARGIN_TOP - 6.0)
    );
    let _ = write!(out, "<text x=\"{}\" y=\"{}\" fill=\"#555\">t</text>", num(x1 + 5.0), num(MARGIN_TOP - 4.0));
    let mut t_labels: Vec<f64> = vec![];
    // 0 first, the line of the stops, so that it is always written; then the temperature and
    // -1 where there is room (the caption writes the temperature in any case).
    for (temp, dashed) in [(Dyadic::ZERO, true), (t.temperature(), false), (Dyadic::MINUS_ONE, false)] {
        let y = f.y(float(temp));
        if t_labels.iter().any(|&o| (o - y).abs() < 11.0) {
            continue;
        }
        t_labels.push(y);
        if dashed {
            let _ = write!(
                out,
                "<path d=\"M{} {}H{}\" stroke=\"#999\" stroke-dasharray=\"4 3\" fill=\"none\"/>",
                num(x0),
                num(y),
                num(x1)
            );
        }
        let _ = write!(
            out,
            "<path d=\"M{} {}h4\" stroke=\"#555\"/><text x=\"{}\" y=\"{}\" fill=\"#333\">{temp}</text>",
            num(x1),
            num(y),
            num(x1 + 6.0),
            num(y + 4.0)
        );
    }
    // Where the mast starts: a dotted line across to the temperature axis.
    let mast_x = f.x(float(t.mean()));
    let mast_y = f.y(float(t.temperature()));
    let _ = write!(
        out,
        "<path d=\"M{} {}H{}\" stroke=\"#777\" stroke-dasharray=\"1 3\" fill=\"none\"/>",
        num(mast_x),
        num(mast_y),
        num(x1)
    );
    // The walls, Right's first so that Left's shows where they run together below the mast.
    for (name, wall, colour) in [("right", t.right_wall(), RIGHT_COLOUR), ("left", t.left_wall(), LEFT_COLOUR)] {
        let points = wall_points(wall, top);
        let _ = write!(
            out,
            "<polyline class=\"wall {name}\" data-wall=\"{name}\" data-points=\"{}\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\" stroke-linejoin=\"round\"/>",
            exact_points(&points),
            drawn_points(&f, &points)
        );
    }
    // The mast, over both walls, with an arrowhead: it goes on for ever.
    let top_y = f.y(float(top));
    let _ = write!(
        out,
        "<path class=\"mast\" d=\"M{x} {}V{}\" stroke=\"#111\" stroke-width=\"2\" fill=\"none\"/><path d=\"M{x} {}l-4 7h8z\" fill=\"#111\"/>",
        num(mast_y),
        num(top_y),
        num(top_y - 4.0),
        x = num(mast_x)
    );
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#111\">mean {}</text>",
        num(mast_x.clamp(x0 + 30.0, x1 - 30.0)),
        num(top_y - 9.0),
        t.mean()
    );
    // The stops, marked on the line t = 0.
    let y0 = f.y(0.0);
    for (stop, colour) in [(left_stop, LEFT_COLOUR), (right_stop, RIGHT_COLOUR)] {
        let _ =
            write!(out, "<circle cx=\"{}\" cy=\"{}\" r=\"3.5\" fill=\"{colour}\"/>", num(f.x(float(stop))), num(y0));
    }
    for label in &labels {
        let x = f.x(float(label.value));
        let _ = write!(
            out,
            "<path d=\"M{x} {}v4\" stroke=\"#555\"/><text class=\"axis-value\" data-value=\"{}\" x=\"{x}\" y=\"{}\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
            num(axis_y),
            label.name,
            num(axis_y + 14.0 + STACKED_LABEL * label.row as f64),
            label.colour,
            label.value,
            x = num(x.clamp(x0 + 8.0, x1 - 8.0)),
        );
    }
    for (i, line) in captions.iter().enumerate() {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" fill=\"#222\" font-size=\"12\">{line}</text>",
            num(x0),
            num(axis_y + AXIS_LABELS + label_rows + LINE * (i as f64 + 1.0) - 2.0)
        );
    }
    out.push_str("</svg>");
    out
}
