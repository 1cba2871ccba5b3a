//! A misère quotient's multiplication table drawn as SVG ([`MisereQuotient::table_svg`]), the
//! table Plambeck and Siegel print for a small quotient ("Misère quotients for impartial
//! games", 2008): a row and a column per element, each named by its normal form in the
//! generators, and in each cell the product, so that a reader finds the element of a sum of
//! two parts, and whether the player to move loses it (the product lies in the P-portion).
//!
//! Each element has a colour of its own, the same wherever it stands, so that the table's
//! structure (the identity's row, the idempotents, the cyclic parts) shows at a glance; a
//! product in P is outlined in black and written in bold, as the legend says. Every cell
//! carries its row, column and product as element numbers (`data-row`, `data-col`,
//! `data-product`, indices into the root's `data-elements`), so that a reader (and the tests)
//! can check the drawing against the quotient without reading pixels. Exponents are written as
//! superscripts (`ab²` for `ab^2`); the data attributes keep [`MisereQuotient::name`]'s text.
//! No I/O: the drawing is a string.

use std::fmt::Write as _;

use crate::rules::text::escape;

use super::MisereQuotient;

/// The largest order drawn: past it a table of order² cells is too large to read (and to
/// send to a page: 64² = 4,096 cells are about half a megabyte of SVG).
pub const TABLE_SVG_MAX_ORDER: usize = 64;

/// Space around the table and the legend.
const MARGIN: f64 = 8.0;
/// The type size of the names in the cells and the headers.
const FONT: f64 = 11.0;
/// The width of a character at [`FONT`], about, for sans-serif names of letters and digits.
const CHAR_W: f64 = 0.62 * FONT;
/// The narrowest cell, and every cell's height.
const MIN_CELL: f64 = 22.0;
const CELL_H: f64 = 20.0;
/// The space between the headers and the cells.
const GAP: f64 = 3.0;
/// The width of the bar of an element's colour in its header.
const BAR: f64 = 4.0;
/// The headers' background.
const HEADER: &str = "#e9edf2";
/// The height of a legend line.
const LINE: f64 = 17.0;
/// The legend's swatch side.
const SWATCH: f64 = 12.0;

/// What the outline of a cell means, in the legend.
const P_WORDS: &str = "in P: the sum is lost by the player to move";
/// What a cell without it means.
const N_WORDS: &str = "not in P: the player to move wins the sum";
/// How the table is read.
const READ_WORDS: &str = "row x, column y: the product xy";
/// The width of a character of the legend's words at [`FONT`], about: lower-case prose is
/// narrower than names (about half the type size in sans-serif), and a drawing no wider than
/// its contents fits a narrow panel without scrolling.
const PROSE_W: f64 = 0.55 * FONT;

/// A name as drawn: each `^k` as superscript digits (`ab^2` -> `ab²`).
fn drawn_name(name: &str) -> String {
    const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut out = String::with_capacity(name.len());
    let mut raised = false;
    for c in name.chars() {
        match c {
            '^' => raised = true,
            '0'..='9' if raised => out.push(SUPERSCRIPTS[c as usize - '0' as usize]),
            c => {
                raised = false;
                out.push(c);
            }
        }
    }
    out
}

/// The width of a drawn text at [`FONT`], about (a superscript digit is narrower).
fn text_width(text: &str) -> f64 {
    text.chars().map(|c| if matches!(c, '⁰'..='⁹' | '¹' | '²' | '³') { 0.6 * CHAR_W } else { CHAR_W }).sum()
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

/// Element `i`'s colour: light hues a golden angle apart, so that neighbours differ, and light
/// enough that black names stay readable on them; the identity (element 0) is white.
fn colour(i: usize) -> String {
    if i == 0 {
        return "#ffffff".into();
    }
    let hue = (i as f64 * 137.507_764) % 360.0;
    let lightness = if i % 2 == 1 { 0.80 } else { 0.88 };
    let (r, g, b) = hsl(hue, 0.65, lightness);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// HSL (hue in degrees, saturation and lightness in 0..=1) to RGB bytes.
fn hsl(h: f64, s: f64, l: f64) -> (u8, u8, u8) {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let hp = h / 60.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    (byte(r), byte(g), byte(b))
}

impl MisereQuotient {
    /// The multiplication table drawn as an SVG document, for a quotient of at most
    /// [`TABLE_SVG_MAX_ORDER`] elements (`None` past it): a header row and column of the
    /// elements' names ([`MisereQuotient::name`], exponents as superscripts), and in row x,
    /// column y the product xy on element xy's own colour, outlined in black and in bold when
    /// it lies in the P-portion (the legend says so: in P, the sum is lost by the player to
    /// move). A header of an element of P is marked the same way. Each cell is a `rect` of
    /// class `quotient-cell` (`quotient-cell in-p` in P; class names of their own, since a
    /// page may hold other drawings whose styles name `cell`) with `data-row`, `data-col` and
    /// `data-product`, indices into the root's `data-elements` (the names, space-separated),
    /// row by row.
    ///
    /// ```
    /// use grundy::{QuotientBuilder, Ruleset};
    /// let q = QuotientBuilder::new(&"octal:0.75".parse::<Ruleset>().unwrap()).build().unwrap();
    /// let svg = q.table_svg().unwrap();
    /// assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    /// assert_eq!(svg.matches("<rect class=\"quotient-cell").count(), 8 * 8);
    /// ```
    pub fn table_svg(&self) -> Option<String> {
        let n = self.order();
        if n > TABLE_SVG_MAX_ORDER {
            return None;
        }
        let names: Vec<String> = (0..n as u32).map(|x| self.name(x)).collect();
        let drawn: Vec<String> = names.iter().map(|s| drawn_name(s)).collect();
        let widest = drawn.iter().map(|s| text_width(s)).fold(0.0, f64::max);
        let cell = (widest + 10.0).ceil().max(MIN_CELL);
        let grid = cell * (n as f64 + 1.0) + GAP;
        let legend_w = SWATCH
            + 6.0
            + [P_WORDS, N_WORDS, READ_WORDS].iter().map(|w| w.chars().count() as f64 * PROSE_W).fold(0.0, f64::max);
        let width = (2.0 * MARGIN + grid.max(legend_w)).ceil();
        let (x0, y0) = (MARGIN, MARGIN);
        let legend_top = y0 + CELL_H * (n as f64 + 1.0) + GAP + 10.0;
        let height = (legend_top + 3.0 * LINE + MARGIN).ceil();
        let p_names: Vec<&str> = (0..n as u32).filter(|&x| self.is_p(x)).map(|x| names[x as usize].as_str()).collect();
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" class=\"grundy-quotient-table\" font-family=\"sans-serif\" font-size=\"{font}\" data-order=\"{n}\" data-elements=\"{elements}\" data-p-portion=\"{p}\">",
            w = num(width),
            h = num(height),
            font = num(FONT),
            elements = escape(&names.join(" ")),
            p = escape(&p_names.join(" ")),
        );
        let _ = write!(
            out,
            "<title>The multiplication table of the misère quotient of {} (Plambeck and Siegel): {n} elements, P = {{{}}}</title>",
            escape(&self.ruleset().to_string()),
            escape(&p_names.join(", "))
        );
        out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>");
        // The headers, on grey with the names in bold: the corner, then each element over its
        // column and before its row, with a bar of its colour on the side next to the cells,
        // and outlined as a cell is when the element lies in P. The cells start a gap after
        // them.
        let (cx, cy) = (x0 + cell + GAP, y0 + CELL_H + GAP);
        let mut rects = String::new();
        let mut texts = String::new();
        let text = |texts: &mut String, x: f64, y: f64, bold: bool, name: &str| {
            let _ = write!(
                texts,
                "<text x=\"{}\" y=\"{}\"{}>{}</text>",
                num(x + cell / 2.0),
                num(y + CELL_H / 2.0 + FONT * 0.35),
                if bold { " font-weight=\"bold\"" } else { "" },
                escape(name)
            );
        };
        let _ = write!(
            rects,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{HEADER}\"/>",
            num(x0),
            num(y0),
            num(cell),
            num(CELL_H)
        );
        text(&mut texts, x0, y0, false, "×");
        for (i, name) in drawn.iter().enumerate() {
            let p = self.is_p(i as u32);
            let column = (cx + cell * i as f64, y0, "col");
            let row = (x0, cy + CELL_H * i as f64, "row");
            for (x, y, side) in [column, row] {
                let _ = write!(
                    rects,
                    "<rect class=\"quotient-header{}\" data-{side}=\"{i}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{HEADER}\"{}/>",
                    if p { " in-p" } else { "" },
                    num(x + if p { 1.0 } else { 0.0 }),
                    num(y + if p { 1.0 } else { 0.0 }),
                    num(cell - if p { 2.0 } else { 0.0 }),
                    num(CELL_H - if p { 2.0 } else { 0.0 }),
                    if p { " stroke=\"#111\" stroke-width=\"2\"" } else { "" },
                );
                let (bx, by, bw, bh) = if side == "col" {
                    (x + 2.0, y + CELL_H - BAR - 2.0, cell - 4.0, BAR)
                } else {
                    (x + cell - BAR - 2.0, y + 2.0, BAR, CELL_H - 4.0)
                };
                let _ = write!(
                    rects,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"none\"/>",
                    num(bx),
                    num(by),
                    num(bw),
                    num(bh),
                    colour(i)
                );
                text(
                    &mut texts,
                    x - if side == "row" { BAR / 2.0 } else { 0.0 },
                    y - if side == "col" { BAR / 2.0 } else { 0.0 },
                    true,
                    name,
                );
            }
        }
        // The cells, row by row: the product on its colour, outlined (inside the cell, so
        // that neighbours keep their colour) and in bold when it lies in P.
        for row in 0..n {
            for col in 0..n {
                let k = self.product(&[row as u32, col as u32]) as usize;
                let p = self.is_p(k as u32);
                let (x, y) = (cx + cell * col as f64, cy + CELL_H * row as f64);
                let inset = if p { 1.0 } else { 0.0 };
                let _ = write!(
                    rects,
                    "<rect class=\"quotient-cell{}\" data-row=\"{row}\" data-col=\"{col}\" data-product=\"{k}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"{}/>",
                    if p { " in-p" } else { "" },
                    num(x + inset),
                    num(y + inset),
                    num(cell - 2.0 * inset),
                    num(CELL_H - 2.0 * inset),
                    colour(k),
                    if p { " stroke=\"#111\" stroke-width=\"2\"" } else { "" },
                );
                text(&mut texts, x, y, p, &drawn[k]);
            }
        }
        let _ = write!(
            out,
            "<g stroke=\"#fff\" stroke-width=\"1\">{rects}</g><g text-anchor=\"middle\" fill=\"#111\">{texts}</g>"
        );
        // The legend: what the outline means, what its absence means, how the table is read.
        let swatch = |out: &mut String, y: f64, p: bool| {
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"#fff\" stroke=\"{}\" stroke-width=\"{}\"/>",
                num(x0 + 1.0),
                num(y - SWATCH + 2.0),
                if p { "#111" } else { "#bbb" },
                if p { "2" } else { "1" },
                s = num(SWATCH - 2.0),
            );
        };
        let _ = write!(out, "<g class=\"quotient-legend\" fill=\"#222\">");
        for (i, (words, mark)) in [(P_WORDS, Some(true)), (N_WORDS, Some(false)), (READ_WORDS, None)].iter().enumerate()
        {
            let y = legend_top + LINE * i as f64 + FONT;
            if let Some(p) = *mark {
                swatch(&mut out, y, p);
            }
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\"{}>{words}</text>",
                num(x0 + SWATCH + 6.0),
                num(y),
                if *mark == Some(true) { " font-weight=\"bold\"" } else { "" }
            );
        }
        out.push_str("</g></svg>");
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{QuotientBuilder, Ruleset};

    fn quotient(code: &str, upto: Option<u64>) -> MisereQuotient {
        let r: Ruleset = code.parse().unwrap();
        let b = QuotientBuilder::new(&r);
        match upto {
            Some(n) => b.upto(n).build().unwrap(),
            None => b.build().unwrap(),
        }
    }

    /// The value of attribute `name` in the tag that starts at `from`.
    fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
        let key = format!(" {name}=\"");
        let at = tag.find(&key)? + key.len();
        Some(&tag[at..at + tag[at..].find('"')?])
    }

    /// Every tag of `svg` whose text starts with `start`.
    fn tags<'a>(svg: &'a str, start: &str) -> Vec<&'a str> {
        svg.match_indices(start).map(|(i, _)| &svg[i..i + svg[i..].find('>').unwrap()]).collect()
    }

    /// A small XML check: tags nest and close, attribute values are quoted with no `<` in them,
    /// text has no bare `&` or `<`, and every character is one XML 1.0 allows.
    fn well_formed(svg: &str) {
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>"));
        assert!(svg.chars().all(crate::rules::text::xml_char));
        let mut stack: Vec<&str> = vec![];
        let mut rest = svg;
        while let Some(open) = rest.find('<') {
            let text = &rest[..open];
            for (i, _) in text.match_indices('&') {
                assert!(
                    ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].iter().any(|e| text[i..].starts_with(e)),
                    "{text}"
                );
            }
            let close = rest[open..].find('>').expect("a tag ends") + open;
            let tag = &rest[open + 1..close];
            rest = &rest[close + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(stack.pop(), Some(name), "closing tag {name} matches");
                continue;
            }
            let self_closing = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let name = tag.split_whitespace().next().expect("a tag name");
            let mut attrs = tag[name.len()..].trim();
            while !attrs.is_empty() {
                let eq = attrs.find("=\"").unwrap_or_else(|| panic!("an attribute in <{tag}>"));
                let key = attrs[..eq].trim();
                assert!(key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'), "attribute name {key}");
                let end = attrs[eq + 2..].find('"').expect("a closing quote") + eq + 2;
                assert!(!attrs[eq + 2..end].contains('<'), "no < in an attribute of <{tag}>");
                attrs = attrs[end + 1..].trim();
            }
            if !self_closing {
                stack.push(name);
            }
        }
        assert!(stack.is_empty(), "every tag closed: {stack:?}");
        assert!(rest.is_empty());
    }

    #[test]
    fn the_table_of_0_75_has_its_64_products_with_p_marked() {
        let q = quotient("octal:0.75", None);
        assert_eq!(q.order(), 8);
        let svg = q.table_svg().unwrap();
        well_formed(&svg);
        let root = tags(&svg, "<svg ")[0];
        let names: Vec<&str> = attribute(root, "data-elements").unwrap().split(' ').collect();
        assert_eq!(names, (0..8).map(|x| q.name(x)).collect::<Vec<_>>());
        let p: Vec<String> = q.p_portion().iter().map(|&x| q.name(x)).collect();
        assert_eq!(attribute(root, "data-p-portion").unwrap(), p.join(" "));
        let cells = tags(&svg, "<rect class=\"quotient-cell");
        assert_eq!(cells.len(), 64);
        let mut seen = std::collections::BTreeSet::new();
        for c in &cells {
            let read = |a: &str| attribute(c, a).unwrap().parse::<u32>().unwrap();
            let (x, y, k) = (read("data-row"), read("data-col"), read("data-product"));
            assert_eq!(k, q.product(&[x, y]), "{c}");
            assert_eq!(c.starts_with("<rect class=\"quotient-cell in-p\""), q.is_p(k), "{c}: marked exactly when in P");
            seen.insert((x, y));
        }
        assert_eq!(seen.len(), 64, "every pair once");
        // The cells' texts are the products' names (exponents raised), row by row, after the
        // corner's and the headers' (each element over its column, then before its row).
        let group = &svg[svg.find("<g text-anchor=\"middle\"").unwrap()..];
        let texts: Vec<&str> =
            group.split("<text").skip(1).map(|t| &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()]).collect();
        let headers: Vec<String> = (0..8).flat_map(|x| [drawn_name(&q.name(x)), drawn_name(&q.name(x))]).collect();
        assert_eq!(texts[0], "×");
        assert_eq!(texts[1..17], headers[..]);
        // Then the legend's three lines.
        assert_eq!(texts.len(), 17 + 64 + 3);
        let texts = &texts[17..17 + 64];
        let expected: Vec<String> = (0..8)
            .flat_map(|x| (0..8).map(move |y| (x, y)))
            .map(|(x, y)| drawn_name(&q.name(q.product(&[x, y]))))
            .collect();
        assert_eq!(texts, expected);
        // The identity's row repeats the header; P is marked in the headers too and explained.
        assert_eq!(q.name(0), "1");
        assert_eq!(tags(&svg, "<rect class=\"quotient-header in-p\"").len(), 2 * p.len());
        assert!(!p.is_empty());
        assert!(svg.contains(">in P: the sum is lost by the player to move</text>"));
        assert!(svg.contains("misère quotient of octal:0.75"));
    }

    #[test]
    fn names_are_drawn_with_raised_exponents() {
        assert_eq!(drawn_name("ab^2"), "ab²");
        assert_eq!(drawn_name("a^12b^3c"), "a¹²b³c");
        assert_eq!(drawn_name("g27·g28^2"), "g27·g28²");
        assert_eq!(drawn_name("1"), "1");
    }

    #[test]
    fn kayles_is_drawn_and_a_quotient_past_64_elements_is_not() {
        // Kayles' quotient has 40 elements (Plambeck and Siegel): 1,600 cells.
        let q = quotient("kayles", None);
        assert_eq!(q.order(), 40);
        let svg = q.table_svg().unwrap();
        well_formed(&svg);
        assert_eq!(tags(&svg, "<rect class=\"quotient-cell").len(), 1600);
        // Dawson's Kayles' quotient of the heaps up to 26 has 144 elements.
        let big = quotient("dawsons-kayles", Some(26));
        assert!(big.order() > TABLE_SVG_MAX_ORDER, "{}", big.order());
        assert_eq!(big.table_svg(), None);
        // The trivial quotient {1} (no heap has a move) is a table of one cell, not in P.
        let trivial = quotient("octal:0.0", Some(5));
        assert_eq!(trivial.order(), 1);
        let svg = trivial.table_svg().unwrap();
        well_formed(&svg);
        assert_eq!(tags(&svg, "<rect class=\"quotient-cell").len(), 1);
        assert!(tags(&svg, "<rect class=\"quotient-cell in-p").is_empty());
    }

    #[test]
    fn colours_are_distinct_for_every_element_drawn() {
        let all: std::collections::BTreeSet<String> = (0..TABLE_SVG_MAX_ORDER).map(colour).collect();
        assert_eq!(all.len(), TABLE_SVG_MAX_ORDER);
        assert_eq!(colour(0), "#ffffff");
    }
}
