//! `--plot FILE.svg|png`: a scatter plot of G(n) against n, in the manner of CGSuite's
//! ScatterPlot, with the period marked (two red lines a period apart, from the pre-period).
//!
//! Both formats are written by hand: SVG as text, PNG as a palette image in stored (not
//! compressed) deflate blocks, so no font or image library is needed. Millions of points are
//! reduced to one mark per (pixel column, value) pair, which draws exactly the same picture.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use grundy::Period;

const PLOT_W: usize = 960;
const PLOT_H: usize = 480;
const LEFT: usize = 60;
const TOP: usize = 40;
const RIGHT: usize = 20;
const BOTTOM: usize = 40;

/// Whether the file name asks for a format we write.
pub fn check_path(path: &Path) -> Result<(), String> {
    match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("svg") | Some("png") => Ok(()),
        _ => Err(format!("--plot {}: the file must end in .svg or .png", path.display())),
    }
}

/// The points to draw: for each pixel column, the values seen there.
pub struct PlotData {
    title: String,
    upto: u64,
    max_value: u64,
    columns: Vec<BTreeSet<u64>>,
    period: Option<Period>,
}

impl PlotData {
    /// Samples G(0..=upto): every n when there are at most 2^24, otherwise 256 evenly spread n
    /// per column (the values then come from the period).
    pub fn sample(game: &str, upto: u64, period: Option<Period>, value: impl Fn(u64) -> Option<u64>) -> Self {
        let cols = PLOT_W.min(usize::try_from(upto).unwrap_or(usize::MAX).saturating_add(1));
        let mut columns = vec![BTreeSet::new(); cols];
        let col_of = |n: u64| ((u128::from(n) * cols as u128) / (u128::from(upto) + 1)) as usize;
        if upto < 1 << 24 {
            for n in 0..=upto {
                if let Some(v) = value(n) {
                    columns[col_of(n)].insert(v);
                }
            }
        } else {
            for (c, set) in columns.iter_mut().enumerate() {
                let lo = (u128::from(upto) + 1) * c as u128 / cols as u128;
                let hi = (u128::from(upto) + 1) * (c as u128 + 1) / cols as u128;
                for k in 0..256u128 {
                    let n = lo + (hi - lo) * k / 256;
                    if let Some(v) = value(n as u64) {
                        set.insert(v);
                    }
                }
            }
        }
        let max_value = columns.iter().filter_map(|s| s.last().copied()).max().unwrap_or(0);
        PlotData { title: format!("G(n) of {game}, n = 0..{upto}"), upto, max_value, columns, period }
    }

    fn x(&self, n: u64) -> f64 {
        LEFT as f64 + (n as f64 / (self.upto.max(1)) as f64) * (PLOT_W - 1) as f64
    }

    fn y(&self, v: u64) -> f64 {
        TOP as f64 + (PLOT_H - 1) as f64 * (1.0 - v as f64 / self.max_value.max(1) as f64)
    }

    fn col_x(&self, c: usize) -> f64 {
        LEFT as f64 + c as f64 * (PLOT_W as f64 / self.columns.len() as f64)
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

    fn ticks(max: u64) -> Vec<u64> {
        let step = nice_step(max);
        (0..=max / step).map(|k| k * step).collect()
    }
}

/// A round step (1, 2 or 5 times a power of ten) giving about five ticks up to `max`.
fn nice_step(max: u64) -> u64 {
    let raw = (max / 5).max(1);
    let mut p = 1u64;
    while p.saturating_mul(10) <= raw {
        p *= 10;
    }
    [1, 2, 5, 10].into_iter().map(|m| p.saturating_mul(m)).find(|&s| s >= raw).unwrap_or(p)
}

/// Writes the plot in the format the file name asks for.
pub fn write(path: &Path, data: &PlotData) -> Result<(), String> {
    let bytes = match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("png") => png(data),
        _ => svg(data).into_bytes(),
    };
    std::fs::write(path, bytes).map_err(|e| format!("--plot {}: cannot write: {e}", path.display()))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The plot as SVG text.
pub fn svg(d: &PlotData) -> String {
    let (w, h) = (LEFT + PLOT_W + RIGHT, TOP + PLOT_H + BOTTOM);
    let mut s = String::new();
    let _ = writeln!(s, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">");
    let _ = writeln!(s, "<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>");
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">{}</text>",
        w / 2,
        escape(&d.title)
    );
    let (x0, y0, x1, y1) = (LEFT, TOP, LEFT + PLOT_W, TOP + PLOT_H);
    let _ = writeln!(s, "<path d=\"M{x0} {y0} V{y1} H{x1}\" stroke=\"black\" fill=\"none\"/>");
    for t in PlotData::ticks(d.upto) {
        let x = d.x(t);
        let _ = writeln!(s, "<line x1=\"{x:.1}\" y1=\"{y1}\" x2=\"{x:.1}\" y2=\"{}\" stroke=\"black\"/><text x=\"{x:.1}\" y=\"{}\" text-anchor=\"middle\">{t}</text>", y1 + 5, y1 + 18);
    }
    for t in PlotData::ticks(d.max_value) {
        let y = d.y(t);
        let _ = writeln!(s, "<line x1=\"{}\" y1=\"{y:.1}\" x2=\"{x0}\" y2=\"{y:.1}\" stroke=\"black\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{t}</text>", x0 - 5, x0 - 8, y + 4.0);
    }
    let _ = writeln!(s, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">n</text>", (x0 + x1) / 2, h - 5);
    let _ = writeln!(s, "<text x=\"15\" y=\"{}\" text-anchor=\"middle\">G(n)</text>", (y0 + y1) / 2);
    let _ = write!(s, "<g fill=\"#1f4e9a\">");
    let dot = (PLOT_W as f64 / d.columns.len() as f64).clamp(1.5, 4.0);
    for (c, set) in d.columns.iter().enumerate() {
        let x = d.col_x(c);
        for &v in set {
            let _ = write!(
                s,
                "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{dot:.1}\" height=\"{dot:.1}\"/>",
                d.y(v) - dot / 2.0
            );
        }
    }
    let _ = writeln!(s, "</g>");
    if let Some(p) = d.period {
        for n in d.period_lines() {
            let x = d.x(n);
            let _ = writeln!(s, "<line x1=\"{x:.1}\" y1=\"{y0}\" x2=\"{x:.1}\" y2=\"{y1}\" stroke=\"#c0392b\" stroke-dasharray=\"4 3\"/>");
        }
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"#c0392b\">period {} from n = {}</text>",
            x1,
            y0 - 6,
            p.period,
            p.preperiod
        );
    }
    s.push_str("</svg>\n");
    s
}

/// 3x5 digits for PNG tick labels (one row per u8, three low bits).
const DIGITS: [[u8; 5]; 10] = [
    [7, 5, 5, 5, 7],
    [2, 6, 2, 2, 7],
    [7, 1, 7, 4, 7],
    [7, 1, 7, 1, 7],
    [5, 5, 7, 1, 1],
    [7, 4, 7, 1, 7],
    [7, 4, 7, 5, 7],
    [7, 1, 1, 1, 1],
    [7, 5, 7, 5, 7],
    [7, 5, 7, 1, 7],
];

/// A palette image: 0 white, 1 black, 2 blue points, 3 red period lines.
struct Canvas {
    w: usize,
    h: usize,
    px: Vec<u8>,
}

impl Canvas {
    fn set(&mut self, x: i64, y: i64, c: u8) {
        if x >= 0 && y >= 0 && (x as usize) < self.w && (y as usize) < self.h {
            self.px[y as usize * self.w + x as usize] = c;
        }
    }

    fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, c: u8) {
        for dy in 0..h {
            for dx in 0..w {
                self.set(x + dx, y + dy, c);
            }
        }
    }

    /// Writes a number with the 3x5 digits at scale 2; `anchor` 0 left, 1 centre, 2 right.
    fn number(&mut self, n: u64, x: i64, y: i64, anchor: i64) {
        let text = n.to_string();
        let width = text.len() as i64 * 8 - 2;
        let x = x - anchor * width / 2;
        for (i, ch) in text.bytes().enumerate() {
            let glyph = DIGITS[usize::from(ch - b'0')];
            for (row, bits) in glyph.iter().enumerate() {
                for col in 0..3 {
                    if bits & (4 >> col) != 0 {
                        self.rect(x + i as i64 * 8 + col * 2, y + row as i64 * 2, 2, 2, 1);
                    }
                }
            }
        }
    }
}

/// The plot as PNG bytes (tick numbers, points and period lines; no title text).
pub fn png(d: &PlotData) -> Vec<u8> {
    let (w, h) = (LEFT + PLOT_W + RIGHT, TOP + PLOT_H + BOTTOM);
    let mut c = Canvas { w, h, px: vec![0; w * h] };
    let (x0, y0, x1, y1) = (LEFT as i64, TOP as i64, (LEFT + PLOT_W) as i64, (TOP + PLOT_H) as i64);
    for n in d.period_lines() {
        let x = d.x(n).round() as i64;
        for y in (y0..y1).filter(|y| y % 7 < 4) {
            c.set(x, y, 3);
        }
    }
    c.rect(x0, y0, 1, y1 - y0 + 1, 1);
    c.rect(x0, y1, x1 - x0, 1, 1);
    for t in PlotData::ticks(d.upto) {
        let x = d.x(t).round() as i64;
        c.rect(x, y1, 1, 5, 1);
        c.number(t, x, y1 + 10, 1);
    }
    for t in PlotData::ticks(d.max_value) {
        let y = d.y(t).round() as i64;
        c.rect(x0 - 5, y, 5, 1, 1);
        c.number(t, x0 - 9, y - 5, 2);
    }
    let dot = (PLOT_W / d.columns.len()).clamp(2, 4) as i64;
    for (col, set) in d.columns.iter().enumerate() {
        let x = d.col_x(col).round() as i64;
        for &v in set {
            c.rect(x, d.y(v).round() as i64 - dot / 2, dot, dot, 2);
        }
    }
    encode_png(&c)
}

fn png_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// A zlib stream of stored (uncompressed) deflate blocks.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let mut blocks = data.chunks(65535).peekable();
    if blocks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xFF, 0xFF]);
    }
    while let Some(b) = blocks.next() {
        out.push(u8::from(blocks.peek().is_none()));
        let len = b.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(b);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &x in data {
        a = (a + u32::from(x)) % 65521;
        b = (b + a) % 65521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

fn encode_png(c: &Canvas) -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = vec![];
    ihdr.extend_from_slice(&(c.w as u32).to_be_bytes());
    ihdr.extend_from_slice(&(c.h as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 3, 0, 0, 0]); // 8-bit palette indices
    png_chunk(&mut out, b"IHDR", &ihdr);
    png_chunk(&mut out, b"PLTE", &[255, 255, 255, 0, 0, 0, 0x1f, 0x4e, 0x9a, 0xc0, 0x39, 0x2b]);
    let mut raw = Vec::with_capacity((c.w + 1) * c.h);
    for row in c.px.chunks(c.w) {
        raw.push(0); // filter: none
        raw.extend_from_slice(row);
    }
    png_chunk(&mut out, b"IDAT", &zlib_stored(&raw));
    png_chunk(&mut out, b"IEND", &[]);
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_round() {
        assert_eq!(nice_step(100), 20);
        assert_eq!(nice_step(4), 1);
        assert_eq!(nice_step(1_000_000), 200_000);
    }

    #[test]
    fn png_is_well_formed() {
        let d = PlotData::sample("nim", 10, None, Some);
        let bytes = png(&d);
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(&bytes[bytes.len() - 8..bytes.len() - 4], b"IEND");
    }
}
