//! `--plot FILE.svg|png`: a scatter plot of G(n) against n, in the manner of CGSuite's
//! ScatterPlot, drawn with `plotters`: a title naming the game and the range, labelled axes
//! with round tick numbers, the points, and, when a period is proven, dashed red lines at the
//! pre-period and one period later with a legend that states the period.
//!
//! SVG comes from plotters' SVG backend; PNG from its bitmap backend, encoded by the `png` crate.
//! The bitmap's text needs a font file: the CLI embeds an ASCII subset of DejaVu Sans
//! (`fonts/`, with its license), so a PNG gets the same text on any machine, with no system
//! font library. The SVG asks for DejaVu Sans or any sans-serif and leaves the drawing to the viewer.
//!
//! Millions of points are first reduced to the pixels they fall on: the plot area is
//! `PLOT_W` x `PLOT_H` pixels, and `PlotData` keeps, for each pixel column, the runs of pixel
//! rows that hold a value, which draw exactly the same picture as one mark per point. All
//! positions and tick numbers are computed in integers (u64 data, i128 arithmetic), so they
//! stay exact up to `--upto 18446744073709551615`.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

use grundy::Period;
use plotters::coord::cartesian::Cartesian2d;
use plotters::coord::combinators::WithKeyPoints;
use plotters::coord::types::RangedCoordi128;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{register_font, FontStyle};

/// The plot area in pixels: one column of marks per pixel column.
const PLOT_W: u32 = 960;
const PLOT_H: u32 = 480;
/// Above the plot area: the title, and under it the period's legend.
const TOP: u32 = 64;
/// Right of the plot area, at least: room for half the last x tick number.
const RIGHT: u32 = 30;
/// Round the image: the outer margins left of the y axis title and under the x axis title.
const MARGIN: u32 = 8;
/// Under the plot area: tick marks, their numbers and the x axis title.
const X_LABELS: u32 = 52;
/// Tick marks point outwards this many pixels; plotters puts their numbers twice as far out.
const TICK: i32 = 5;
/// The name the embedded font is registered under, which the SVG also gives as its
/// font-family: DejaVu Sans where the viewer has it (the metrics the layout was made with),
/// else any sans-serif.
const FONT: &str = "DejaVu Sans, sans-serif";
/// The embedded font file (an ASCII subset of DejaVu Sans): the PNGs of `--plot` and of
/// `grundy draw -o FILE.png` draw their text with it, the same on every machine.
pub const FONT_FILE: &[u8] = include_bytes!("../fonts/DejaVuSans-ASCII.ttf");
const TITLE_SIZE: f64 = 22.0;
const LABEL_SIZE: f64 = 15.0;
const TICK_SIZE: f64 = 14.0;
/// The words of the axes, which tests and readers look for.
const X_DESC: &str = "heap size n";
const Y_DESC: &str = "Sprague-Grundy value G(n)";

const POINTS: RGBColor = RGBColor(0x1f, 0x4e, 0x9a);
const PERIOD: RGBColor = RGBColor(0xc0, 0x39, 0x2b);
const GRID: RGBColor = RGBColor(0xe4, 0xe4, 0xe4);

/// Below this many heap sizes every G(n) is drawn; past it, a bounded sample per pixel column.
pub const DENSE: u64 = 1 << 24;
/// The heap sizes sampled in a pixel column of a sparse plot.
const SAMPLES: u64 = 256;
/// Words per column of the row bitsets.
const ROW_WORDS: usize = PLOT_H.div_ceil(64) as usize;

/// Whether the file name asks for a format we write.
///
/// Checked before any work, with where the file goes: a plot that cannot be written is refused
/// at once rather than after the values are computed.
pub fn check_path(path: &Path) -> Result<(), String> {
    if !matches!(extension(path).as_deref(), Some("svg") | Some("png")) {
        return Err(format!("--plot {}: the file must end in .svg or .png", path.display()));
    }
    if path.is_dir() {
        return Err(format!("--plot {}: that is a directory", path.display()));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(format!("--plot {}: the folder {} does not exist", path.display(), folder.display()));
    }
    Ok(())
}

fn extension(path: &Path) -> Option<String> {
    path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase)
}

/// A linear map from the integers 0..=max onto the pixels 0..pixels of one axis, with a margin
/// of about 1/`pad_div` of the range either side so that the marks at 0 and max clear the
/// axes. It is also the range given to plotters (`lo..hi`), whose own map rounds the same way,
/// so tick marks and points agree to the pixel.
#[derive(Clone, Copy, Debug)]
struct Scale {
    max: u64,
    lo: i128,
    hi: i128,
    pixels: u32,
}

impl Scale {
    fn new(max: u64, pad_div: u64, pixels: u32) -> Self {
        let pad = i128::from(max / pad_div + 1);
        Scale { max, lo: -pad, hi: i128::from(max) + pad, pixels }
    }

    /// The pixel of `v`, counted from the low end: floor((v - lo) * (pixels - 1) / (hi - lo)).
    fn pixel(&self, v: u64) -> u32 {
        // (u64::MAX + pad) * 959 is far below i128::MAX, and the quotient is below `pixels`.
        ((i128::from(v) - self.lo) * i128::from(self.pixels - 1) / (self.hi - self.lo)) as u32
    }

    /// The first value whose pixel is at least `p` (`max + 1` when none is): the smallest v
    /// with (v - lo) * (pixels - 1) >= p * (hi - lo).
    fn first_at(&self, p: u32) -> u128 {
        let need = i128::from(p) * (self.hi - self.lo);
        let den = i128::from(self.pixels - 1);
        let v = (need + den - 1) / den + self.lo;
        v.clamp(0, i128::from(self.max) + 1) as u128
    }
}

/// The points to draw, reduced to pixels, with what the title and the legend say.
pub struct PlotData {
    game: String,
    upto: u64,
    max_value: u64,
    period: Option<Period>,
    x: Scale,
    y: Scale,
    /// For each pixel column, the runs of pixel rows (counted from the bottom, both ends
    /// included) that hold a value.
    runs: Vec<Vec<(u32, u32)>>,
}

impl PlotData {
    /// Samples G(0..=upto) through `value`. Below 2^24 heap sizes every n is drawn; past that,
    /// each pixel column gets either the values of one whole period (when a period without
    /// saltus is proven and the column spans a period past the pre-period: exactly the values
    /// it holds) or 256 evenly spread n. `None` from `value` leaves a point out.
    pub fn sample(game: &str, upto: u64, period: Option<Period>, value: impl Fn(u64) -> Option<u64>) -> Self {
        let x = Scale::new(upto, 100, PLOT_W);
        // The values of one period, for the columns that hold whole periods.
        let cycle: Option<Vec<u64>> = period.filter(|p| upto >= DENSE && p.saltus == 0 && p.period <= DENSE).map(|p| {
            let mut vs: Vec<u64> = (p.preperiod..p.preperiod.saturating_add(p.period)).filter_map(&value).collect();
            vs.sort_unstable();
            vs.dedup();
            vs
        });
        // Calls `f(column, value)` for every point drawn.
        let visit = |f: &mut dyn FnMut(usize, u64)| {
            for c in 0..PLOT_W {
                let (start, end) = (x.first_at(c), x.first_at(c + 1));
                if start >= end {
                    continue;
                }
                let (start, len) = (start as u64, end - start);
                if upto < DENSE {
                    (start..start + len as u64).filter_map(&value).for_each(|v| f(c as usize, v));
                } else if let Some(vs) = cycle
                    .as_ref()
                    .filter(|_| period.is_some_and(|p| start >= p.preperiod && len >= u128::from(p.period)))
                {
                    vs.iter().for_each(|&v| f(c as usize, v));
                } else {
                    let last = u128::from(SAMPLES.min(len as u64) - 1).max(1);
                    for k in 0..=last {
                        let n = start + ((len - 1) * k / last) as u64;
                        if let Some(v) = value(n) {
                            f(c as usize, v);
                        }
                    }
                }
            }
        };
        let mut max_value = 0;
        visit(&mut |_, v| max_value = max_value.max(v));
        let y = Scale::new(max_value, 32, PLOT_H);
        let mut rows = vec![[0u64; ROW_WORDS]; PLOT_W as usize];
        visit(&mut |c, v| {
            let r = y.pixel(v) as usize;
            rows[c][r / 64] |= 1 << (r % 64);
        });
        let runs = rows.iter().map(runs_of).collect();
        PlotData { game: game.to_string(), upto, max_value, period, x, y, runs }
    }

    fn title(&self) -> String {
        format!("G(n) of {}, n = 0..{}", self.game, self.upto)
    }

    /// What the legend says about the period.
    fn period_text(&self) -> Option<String> {
        self.period.map(|p| match p.saltus {
            0 => format!("period {} from n = {}", p.period, p.preperiod),
            s => format!("G(n + {}) = G(n) + {} from n = {}", p.period, s, p.preperiod),
        })
    }

    /// The n at which to draw period lines: the pre-period and one period later.
    fn period_lines(&self) -> Vec<u64> {
        match self.period {
            Some(p) => [Some(p.preperiod), p.preperiod.checked_add(p.period)]
                .into_iter()
                .flatten()
                .filter(|&n| n <= self.upto)
                .collect(),
            None => vec![],
        }
    }

    /// The side of a square mark: bigger when few heap sizes share the width.
    fn mark(&self) -> i32 {
        (2 * u64::from(PLOT_W) / self.upto.saturating_add(1)).clamp(2, 6) as i32
    }
}

/// Marks of one run of rows in neighbouring columns, drawn as one rectangle: the run `lo..=hi`
/// of rows in columns `first..=last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Block {
    first: u32,
    last: u32,
    lo: u32,
    hi: u32,
}

/// Joins the same run of rows in columns at most `reach` apart (the mark's width: their marks
/// touch or overlap) into one block, which paints exactly the pixels the marks paint. Dense
/// plots repeat the same values column after column, so this turns thousands of marks into a
/// few long bars, which keeps the SVG small.
fn blocks(runs: &[Vec<(u32, u32)>], reach: u32) -> Vec<Block> {
    let mut open: BTreeMap<(u32, u32), (u32, u32)> = BTreeMap::new();
    let mut done = vec![];
    for (c, col) in (0u32..).zip(runs) {
        for &(lo, hi) in col {
            let span = open.entry((lo, hi)).or_insert((c, c));
            if c - span.1 > reach {
                done.push(Block { first: span.0, last: span.1, lo, hi });
                *span = (c, c);
            }
            span.1 = c;
        }
    }
    done.extend(open.into_iter().map(|((lo, hi), (first, last))| Block { first, last, lo, hi }));
    done
}

/// The runs of set bits of a column's rows, lowest first.
fn runs_of(bits: &[u64; ROW_WORDS]) -> Vec<(u32, u32)> {
    let mut runs: Vec<(u32, u32)> = vec![];
    for r in 0..PLOT_H {
        if bits[r as usize / 64] >> (r % 64) & 1 == 1 {
            match runs.last_mut() {
                Some(last) if last.1 + 1 == r => last.1 = r,
                _ => runs.push((r, r)),
            }
        }
    }
    runs
}

/// Round tick values 0, s, 2s, ... up to `max`, for the smallest step s among 1, 2 and 5 times
/// a power of ten that gives at most `most` ticks (at least 2).
fn ticks(max: u64, most: u64) -> Vec<u64> {
    let most = most.max(2);
    let mut p = 1u64;
    let step = loop {
        // 10^19 gives at most two ticks for any u64, so the loop ends before p overflows; the
        // fallback only keeps the arithmetic total.
        if let Some(s) = [1, 2, 5].into_iter().filter_map(|m| p.checked_mul(m)).find(|&s| max / s < most) {
            break s;
        }
        match p.checked_mul(10) {
            Some(q) => p = q,
            None => break u64::MAX,
        }
    };
    (0..=max / step).map(|k| k * step).collect()
}

/// Registers the embedded font under the name the plot asks for, once per process.
fn font_ready() -> Result<(), String> {
    static READY: OnceLock<bool> = OnceLock::new();
    let ok = *READY.get_or_init(|| register_font(FONT, FontStyle::Normal, FONT_FILE).is_ok());
    if ok {
        Ok(())
    } else {
        Err("--plot: the embedded font cannot be read".to_string())
    }
}

/// The width of `text` in pixels at `size` in the embedded font.
fn text_width(text: &str, size: f64) -> Result<u32, String> {
    FontDesc::new(FontFamily::Name(FONT), size, FontStyle::Normal)
        .box_size(text)
        .map(|(w, _)| w)
        .map_err(|e| format!("--plot: text layout failed: {e}"))
}

/// Where things go: computed from the text, so that the image holds a plot area of exactly
/// `PLOT_W` x `PLOT_H` pixels whatever the width of the y tick numbers.
struct Layout {
    width: u32,
    height: u32,
    y_labels: u32,
    right: u32,
    x_ticks: Vec<u64>,
    y_ticks: Vec<u64>,
}

impl Layout {
    fn of(d: &PlotData) -> Result<Self, String> {
        let x_label = text_width(&d.upto.to_string(), TICK_SIZE)?;
        // A tick number and a gap of 3 digits between neighbours.
        let x_ticks = ticks(d.upto, u64::from(PLOT_W / (x_label + 3 * 9)).min(11));
        let y_ticks = ticks(d.max_value, 11);
        let widest = y_ticks.iter().map(|t| text_width(&t.to_string(), TICK_SIZE)).collect::<Result<Vec<_>, _>>()?;
        // Tick mark, gap (plotters: twice the tick), numbers, gap, the rotated axis title.
        let y_labels = 2 * TICK as u32 + widest.into_iter().max().unwrap_or(0) + 10 + LABEL_SIZE as u32 + 4;
        // The last x tick number is centred under its tick, near the right end.
        let last = x_ticks.last().map_or(Ok(0), |t| text_width(&t.to_string(), TICK_SIZE))?;
        let right = RIGHT.max(last / 2 + MARGIN);
        Ok(Layout {
            width: MARGIN + y_labels + PLOT_W + right,
            height: TOP + PLOT_H + X_LABELS + MARGIN,
            y_labels,
            right,
            x_ticks,
            y_ticks,
        })
    }
}

/// Writes the plot in the format the file name asks for.
pub fn write(path: &Path, data: &PlotData) -> Result<(), String> {
    font_ready()?;
    let layout = Layout::of(data)?;
    let bytes = match extension(path).as_deref() {
        Some("png") => png(data, &layout)?,
        _ => svg(data, &layout)?.into_bytes(),
    };
    std::fs::write(path, bytes).map_err(|e| format!("--plot {}: cannot write: {e}", path.display()))
}

fn svg(d: &PlotData, layout: &Layout) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (layout.width, layout.height)).into_drawing_area();
        draw(&root, d, layout).map_err(|e| format!("--plot: drawing failed: {e}"))?;
        root.present().map_err(|e| format!("--plot: drawing failed: {e}"))?;
    }
    Ok(out)
}

fn png(d: &PlotData, layout: &Layout) -> Result<Vec<u8>, String> {
    let (w, h) = (layout.width, layout.height);
    let mut rgb = vec![0u8; w as usize * h as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (w, h)).into_drawing_area();
        draw(&root, d, layout).map_err(|e| format!("--plot: drawing failed: {e}"))?;
        root.present().map_err(|e| format!("--plot: drawing failed: {e}"))?;
    }
    let mut out = vec![];
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| format!("--plot: PNG encoding failed: {e}"))?;
    writer.write_image_data(&rgb).map_err(|e| format!("--plot: PNG encoding failed: {e}"))?;
    writer.finish().map_err(|e| format!("--plot: PNG encoding failed: {e}"))?;
    Ok(out)
}

/// Integer axes with our own tick values.
type Axis = WithKeyPoints<RangedCoordi128>;
type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<Axis, Axis>>;

/// The chart on `root`: its plot area is `PLOT_W` x `PLOT_H` pixels, where the layout leaves it.
fn chart<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    d: &PlotData,
    layout: &Layout,
) -> Result<Chart<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    let x_range = (d.x.lo..d.x.hi).with_key_points(layout.x_ticks.iter().map(|&t| i128::from(t)).collect());
    let y_range = (d.y.lo..d.y.hi).with_key_points(layout.y_ticks.iter().map(|&t| i128::from(t)).collect());
    ChartBuilder::on(root)
        .margin_top(TOP)
        .margin_right(layout.right)
        .margin_left(MARGIN)
        .margin_bottom(MARGIN)
        .x_label_area_size(X_LABELS)
        .y_label_area_size(layout.y_labels)
        .build_cartesian_2d(x_range, y_range)
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Draws the whole plot on `root`, an area of the layout's size.
fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, d: &PlotData, layout: &Layout) -> DrawResult<DB> {
    root.fill(&WHITE)?;
    let plot_left = (MARGIN + layout.y_labels) as i32;
    let plot_centre = plot_left + PLOT_W as i32 / 2;
    // The title is centred over the plot area when it fits there, else over the image, and
    // drawn smaller rather than cut when it is wider than the image.
    let title = d.title();
    let title_w = text_width(&title, TITLE_SIZE).unwrap_or(0);
    let room = layout.width - 2 * MARGIN;
    let title_size = if title_w > room { TITLE_SIZE * f64::from(room) / f64::from(title_w) } else { TITLE_SIZE };
    let fits_over_plot = plot_centre + (title_w / 2) as i32 + (MARGIN as i32) <= layout.width as i32;
    let title_x = if fits_over_plot { plot_centre } else { layout.width as i32 / 2 };
    root.draw_text(
        &title,
        &(FONT, title_size).into_font().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Top)),
        (title_x, 10),
    )?;

    let mut chart = chart(root, d, layout)?;
    let number = |v: &i128| v.to_string();
    chart
        .configure_mesh()
        .bold_line_style(GRID)
        .axis_style(BLACK)
        .set_all_tick_mark_size(TICK)
        .label_style((FONT, TICK_SIZE))
        .axis_desc_style((FONT, LABEL_SIZE))
        .x_label_formatter(&number)
        .y_label_formatter(&number)
        .x_desc(X_DESC)
        .y_desc(Y_DESC)
        .draw()?;

    // The points and period lines go straight to pixels of the plot area, by the same
    // integer map that placed the ticks.
    let area = chart.plotting_area().strip_coord_spec();
    let bottom = PLOT_H as i32 - 1;
    let mark = d.mark();
    let style = POINTS.filled();
    for b in blocks(&d.runs, mark as u32) {
        let (left, right) = (b.first as i32 - mark / 2, b.last as i32 - mark / 2 + mark);
        let (top, low) = (bottom - b.hi as i32 - mark / 2, bottom - b.lo as i32 - mark / 2 + mark);
        area.draw(&Rectangle::new([(left, top), (right, low)], style))?;
    }
    if let Some(text) = d.period_text() {
        for n in d.period_lines() {
            let x = d.x.pixel(n) as i32;
            area.draw(&DashedPathElement::new(vec![(x, 0), (x, bottom)], 6, 4, PERIOD.stroke_width(1)))?;
        }
        // The legend, right-aligned over the plot area under the title: the words, then a
        // dashed sample at the right end, so that the gap between them does not depend on the
        // font an SVG viewer picks.
        let right = plot_left + PLOT_W as i32;
        let y = TOP as i32 - 14;
        root.draw(&DashedPathElement::new(vec![(right - 28, y), (right, y)], 6, 4, PERIOD.stroke_width(1)))?;
        let style = (FONT, LABEL_SIZE).into_font().color(&PERIOD).pos(Pos::new(HPos::Right, VPos::Center));
        root.draw_text(&text, &style, (right - 36, y))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn ticks_are_round_and_exact() {
        assert_eq!(ticks(100, 11), [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
        assert_eq!(ticks(9, 11), (0..=9).collect::<Vec<_>>());
        assert_eq!(ticks(1_048_575, 6), [0, 200_000, 400_000, 600_000, 800_000, 1_000_000]);
        assert_eq!(ticks(1_048_575, 5), [0, 500_000, 1_000_000]);
        assert_eq!(ticks(0, 11), [0]);
        assert_eq!(ticks(10u64.pow(18), 6), [0, 2, 4, 6, 8, 10].map(|k| k * 10u64.pow(17)));
        assert_eq!(ticks(u64::MAX, 6), [0, 5, 10, 15].map(|k| k * 10u64.pow(18)));
    }

    #[test]
    fn columns_partition_the_heap_sizes() {
        for upto in [0, 1, 7, 500, 959, 960, 1_048_575, 10u64.pow(18), u64::MAX] {
            let x = Scale::new(upto, 100, PLOT_W);
            assert_eq!(x.first_at(0), 0, "{upto}");
            assert_eq!(x.first_at(PLOT_W), u128::from(upto) + 1, "{upto}");
            for c in 0..PLOT_W {
                let (start, end) = (x.first_at(c), x.first_at(c + 1));
                assert!(start <= end);
                if start < end {
                    assert_eq!(x.pixel(start as u64), c, "{upto} {c}");
                    assert_eq!(x.pixel((end - 1) as u64), c, "{upto} {c}");
                }
            }
        }
    }

    /// The pixels that marks of side `m` paint, one per run and column, or one per block.
    fn painted(marks: impl Iterator<Item = (u32, u32, u32, u32)>, m: u32) -> BTreeSet<(i64, i64)> {
        let mut px = BTreeSet::new();
        for (first, last, lo, hi) in marks {
            let (x0, y0) = (i64::from(first) - i64::from(m / 2), i64::from(lo) - i64::from(m / 2));
            for x in x0..i64::from(last) - i64::from(m / 2) + i64::from(m) {
                for y in y0..i64::from(hi) - i64::from(m / 2) + i64::from(m) {
                    px.insert((x, y));
                }
            }
        }
        px
    }

    #[test]
    fn blocks_paint_what_the_marks_paint() {
        // A fixed pseudo-random pattern: runs that come and go, with gaps of every width.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for m in 2..=6 {
            let runs: Vec<Vec<(u32, u32)>> = (0..200)
                .map(|_| {
                    let mut col = vec![];
                    let mut r = (next() % 4) as u32;
                    while r < 30 {
                        let len = (next() % 3) as u32;
                        if next() % 3 != 0 {
                            col.push((r, r + len));
                        }
                        r += len + 2 + (next() % 4) as u32;
                    }
                    col
                })
                .collect();
            let marks = (0u32..).zip(&runs).flat_map(|(c, col)| col.iter().map(move |&(lo, hi)| (c, c, lo, hi)));
            let bs = blocks(&runs, m);
            assert!(bs.len() < marks.clone().count());
            assert_eq!(painted(bs.iter().map(|b| (b.first, b.last, b.lo, b.hi)), m), painted(marks, m), "{m}");
        }
    }

    #[test]
    fn the_plot_area_is_the_sampled_grid() {
        font_ready().unwrap();
        // Small and huge ranges, with narrow and wide y tick numbers.
        for (upto, m) in [(500, 9), (1_048_575, 232), (10u64.pow(18), u64::MAX), (u64::MAX, u64::MAX)] {
            let d = PlotData::sample("g", upto, None, |n| Some(n % m));
            let layout = Layout::of(&d).unwrap();
            let mut s = String::new();
            let root = SVGBackend::with_string(&mut s, (layout.width, layout.height)).into_drawing_area();
            let chart = chart(&root, &d, &layout).unwrap();
            assert_eq!(chart.plotting_area().dim_in_pixel(), (PLOT_W, PLOT_H), "{upto}");
            // Plotters maps a value to the pixel the integer scale gives, so the ticks stand
            // where the points of their values are drawn.
            for n in layout.x_ticks.iter().copied().chain([1, 71, 83, upto / 3, upto - 1, upto]) {
                let (px, _) = chart.backend_coord(&(i128::from(n), 0));
                assert_eq!(px - (MARGIN + layout.y_labels) as i32, d.x.pixel(n) as i32, "{upto} {n}");
            }
            for v in layout.y_ticks.iter().copied().chain([1, d.max_value]) {
                let (_, py) = chart.backend_coord(&(0, i128::from(v)));
                assert_eq!(TOP as i32 + PLOT_H as i32 - 1 - py, d.y.pixel(v) as i32, "{upto} {v}");
            }
        }
    }

    #[test]
    fn huge_ranges_sample_through_the_period() {
        let p = Period { preperiod: 71, period: 12, saltus: 0 };
        let cycle = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
        let value = |n: u64| p.value_through(n, |m| Some(if m < 71 { 0 } else { cycle[(m as usize - 71) % 12] }));
        let d = PlotData::sample("kayles", 10u64.pow(18), Some(p), value);
        assert_eq!(d.max_value, 8);
        // Every column past the one of n = 0 (those before it are the margin) holds exactly the
        // period's values: 1, 2, 4, 7, 8.
        let want: Vec<(u32, u32)> = {
            let mut bits = [0u64; ROW_WORDS];
            for v in [1, 2, 4, 7, 8] {
                let r = d.y.pixel(v);
                bits[r as usize / 64] |= 1 << (r % 64);
            }
            runs_of(&bits)
        };
        let first = d.x.pixel(0) as usize;
        assert!(d.runs[..first].iter().all(Vec::is_empty));
        assert!(d.runs[first + 1..=d.x.pixel(10u64.pow(18)) as usize].iter().all(|r| *r == want));
    }
}
