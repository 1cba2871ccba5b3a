//! The faces of the games that are not board games: heaps of a ruleset (objects in a row, a
//! bar past what fits) and K-L-Nim's heaps with the forbidden size. Board games draw themselves
//! (`Face::draw`), some with the rows drawn here (objects, bars, buttons).
//!
//! Every move target gives the numbers after the move; every drawing is bounded (at most
//! [`MAX_OBJECTS`] objects a heap, [`MAX_ROWS`] rows, a few buttons past that), whatever the
//! size of the position.

use std::collections::HashSet;

use crate::rules::draw::{clip, Control, ControlForm, Field, Sketch};
use crate::rules::heap::{HeapNouns, Look};
use crate::rules::take_break::SplitRules;
use crate::rules::Ruleset;

/// The most objects drawn in a row; a larger heap is a bar with its exact size and a few
/// buttons.
pub const MAX_OBJECTS: u64 = 30;

/// The most rows (heaps, chips, parts) drawn; the others are said to be left out.
pub const MAX_ROWS: usize = 40;

/// Where a row's objects start, right of its label.
pub const ROW_X: f64 = 96.0;

/// The distance between two objects of a row.
pub const STEP: f64 = 17.0;

/// Where a row's bar ends and its buttons wrap: where a line of [`LINE_OBJECTS`] objects ends,
/// so that a drawing of rows fits a 390 px phone with each target 40 CSS px (issue 84: at 440 a
/// heap's bar and buttons made the drawing 1.1 to 1.6 times as wide as the phone's room).
pub const ROW_END: f64 = ROW_X + WIDE_STEP * LINE_OBJECTS as f64;

/// The objects a line of a row holds where each object is a move of its own and nothing else
/// (Nim's heaps: a click on object `j` leaves `j`), the row wrapping onto more lines: six
/// objects [`WIDE_STEP`] apart beside the label make a drawing a phone shows with each object
/// 40 CSS px wide (issue 64).
pub const LINE_OBJECTS: u64 = 6;

/// The distance between two objects of a row that wraps ([`LINE_OBJECTS`]), across and down.
pub const WIDE_STEP: f64 = 44.0;

/// Where a strip folded into lines ([`Fold`]) ends on the right: a drawing as wide fits a
/// 390 px phone with targets [`WIDE_STEP`] apart 40 CSS px each.
pub const FOLD_END: f64 = ROW_END + 16.0;

/// A long strip of cells (chips' cells, a row of coins) folded into lines, as many cells a line
/// as fit by [`FOLD_END`], so that the drawing fits a phone with each cell a target 40 CSS px
/// wide (issue 84: strips of 17 to 20 cells were 2 to 3 phones wide). Cell `k` (0-based) is in
/// line `k / across`, its centre at [`Fold::at`].
#[derive(Clone, Copy, Debug)]
pub struct Fold {
    /// The centre of the first cell.
    pub x0: f64,
    /// The centre of the first line.
    pub y0: f64,
    /// The distance between two cells of a line.
    pub pitch: f64,
    /// The distance between two lines.
    pub line: f64,
    /// The cells a line holds.
    pub across: u64,
}

impl Fold {
    /// Cells `pitch` apart whose first line's first cell is centred at (x0, y0), lines `line`
    /// apart.
    pub fn new(x0: f64, y0: f64, pitch: f64, line: f64) -> Fold {
        let across = ((FOLD_END - x0 + pitch / 2.0) / pitch).floor().max(1.0) as u64;
        Fold { x0, y0, pitch, line, across }
    }

    /// The centre of cell `k` (0-based).
    pub fn at(&self, k: u64) -> (f64, f64) {
        (self.x0 + self.pitch * (k % self.across) as f64, self.y0 + self.line * (k / self.across) as f64)
    }

    /// The lines that `n` cells take (one at least).
    pub fn lines(&self, n: u64) -> u64 {
        n.div_ceil(self.across).max(1)
    }
}

/// The most buttons offered for a heap too large to draw object by object.
const MAX_BUTTONS: usize = 6;

pub use super::text::plural;

/// The x of object `j` of a row (its centre).
pub fn object_x(j: u64) -> f64 {
    ROW_X + STEP * j as f64 + STEP / 2.0
}

/// Writes the label of a row and the exact size under it.
pub fn row_label(s: &mut Sketch, y: f64, label: &str, size: &str) {
    s.text(8.0, y + 15.0, &clip(label, 14), "label", "start");
    s.text(8.0, y + 30.0, &clip(size, 14), "num", "start").title(size.to_string());
}

/// A bar for a number too large to draw object by object: its length grows with the number
/// of binary digits (2^64 - 1 fills it), the exact number written on it.
pub fn big_bar(s: &mut Sketch, y: f64, n: u64, what: &str) {
    let full = ROW_END - ROW_X;
    let bits = 64 - n.leading_zeros();
    s.text(ROW_X, y + 13.0, &format!("{n} {what}"), "num", "start").title(format!("{n} {what}"));
    s.rect(ROW_X, y + 18.0, full, 7.0, 3.0, "bar-bg");
    s.rect(ROW_X, y + 18.0, (full * f64::from(bits) / 64.0).max(12.0), 7.0, 3.0, "bar")
        .title(format!("{n} {what} ({bits} binary digits: the bar's length)"));
}

/// Whether a heap of `n` of `ruleset` may become the heaps `to` in one move (`[0]` when
/// emptied), from the rules, at any size; `forbidden`: a size that may not be taken (K-L-Nim).
pub fn allowed(ruleset: &Ruleset, n: u64, to: &[u64], forbidden: Option<u64>) -> bool {
    if let Some(rules) = ruleset.split_rules() {
        return rules.allows(n, to);
    }
    let [left] = to else { return false };
    let Some(t) = n.checked_sub(*left).filter(|&t| t > 0) else { return false };
    if forbidden == Some(t) {
        return false;
    }
    matches!(ruleset.check_take(n, t), Some(Ok(())))
}

/// What a heap of `n` becomes, in the rule's words: "take 3 (leave 4)", "take 1, leave 2 and
/// 5", "knock down 1 pin, leave 2 and 5".
fn option_words(nouns: &HeapNouns, n: u64, to: &[u64]) -> String {
    let left: u64 = to.iter().sum();
    let parts: Vec<String> = to.iter().filter(|&&h| h > 0).map(u64::to_string).collect();
    let taking = nouns.taking(n - left);
    match parts.len() {
        0 | 1 => format!("{taking} (leave {left})"),
        _ if n == left => format!("split into {}", parts.join(" and ")),
        _ => format!("{taking}, leave {}", parts.join(" and ")),
    }
}

/// Draws one object of a row, centred at (x, cy), in its rule's look, making the move of
/// target `t` (titled `title`): a ball or a coin of radius `r`, or a pin standing in the row (a
/// skittle with a band at its neck, drawn over it and no target of its own: clicks go through
/// to the pin).
fn object(s: &mut Sketch, look: Look, x: f64, cy: f64, r: f64, t: Option<usize>, title: Option<String>) {
    let shape = match look {
        Look::Pin => {
            let d = format!(
                "M{a} {n} C{b} {m} {c} {top} {x} {top} C{d} {top} {e} {m} {f} {n} C{g} {cy} {g} {low} {h} {base} L{i} {base} C{j} {low} {j} {cy} {a} {n} Z",
                a = num(x - 2.2),
                n = num(cy - 3.5),
                b = num(x - 4.5),
                m = num(cy - 5.5),
                c = num(x - 4.3),
                top = num(cy - 12.0),
                x = num(x),
                d = num(x + 4.3),
                e = num(x + 4.5),
                f = num(x + 2.2),
                g = num(x + 6.6),
                cy = num(cy),
                low = num(cy + 7.0),
                h = num(x + 3.5),
                base = num(cy + 11.0),
                i = num(x - 3.5),
                j = num(x - 6.6),
            );
            s.path(&d, "pin")
        }
        Look::Coin => s.circle(x, cy, r, "coin"),
        _ => s.circle(x, cy, r, "obj"),
    };
    let shape = shape.makes(t);
    if let Some(title) = title {
        shape.title(title);
    } else {
        drop(shape);
    }
    if look == Look::Pin {
        s.rect(x - 2.6, cy - 4.4, 5.2, 1.8, 0.5, "pin-band");
    }
}

/// A coordinate with at most two decimals, as the SVG writer writes them.
fn num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    format!("{r}")
}

/// The most characters of a line of [`click_note`]: a drawing as wide as about 40 characters
/// of a note reads whole on a phone (the page scales a drawing down to 0.8 at least).
const CLICK_LINE: usize = 44;

/// Writes the words of [`click_line`] under a face at `y`, on short lines broken between words
/// (after a clause's comma where one ends near the end of a line), so that the drawing is no
/// wider than its rows; the new `y`.
pub fn click_note(s: &mut Sketch, mut y: f64, words: &str) -> f64 {
    let mut line = String::new();
    let mut lines = vec![];
    for word in words.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > CLICK_LINE {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        // A clause ends its line: "Click a pin to knock it down," / "or a bar ...".
        if word.ends_with(',') && line.chars().count() > CLICK_LINE / 2 {
            lines.push(std::mem::take(&mut line));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    for l in lines {
        s.text(8.0, y + 12.0, &l, "note", "start");
        y += crate::rules::draw::NOTE_LEADING;
    }
    y + 2.0
}

/// "a" or "an" before `word`.
fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// How far an object reaches below its centre: the bars of a row start under it.
fn object_depth(look: Look) -> f64 {
    if look == Look::Pin {
        11.0
    } else {
        7.0
    }
}

/// The one line under a take-and-break face that says what to click, from the rules and in
/// their words: "Click a pin to knock it down, or a bar to knock down the pins above it."
/// (Kayles), "Click a line between two objects to split the heap there." (Grundy's game).
pub fn click_line(nouns: &HeapNouns, rules: &SplitRules) -> Option<String> {
    let (object, heap) = (nouns.object, nouns.heap);
    let kinds = || rules.take.iter().chain(&rules.split).chain(&rules.take_all);
    let mut clauses = vec![];
    if rules.take.contains(&1) || rules.split.contains(&1) {
        clauses.push(format!("{} {object} to {}", article(object), nouns.take_one));
    }
    if kinds().any(|&t| t >= 2) {
        clauses.push(format!("a bar to {} the {object}s above it", nouns.take));
    }
    if rules.split.contains(&0) {
        clauses.push(format!("a line between two {object}s to split the {heap} there"));
    }
    let (last, rest) = clauses.split_last()?;
    Some(if rest.is_empty() { format!("Click {last}.") } else { format!("Click {}, or {last}.", rest.join(", ")) })
}

/// A few moves of a heap too large to draw, from the rules: the smallest takes, taking it
/// all, each size of a subtraction set, and for take-and-break games one move of each kind.
fn offered(ruleset: &Ruleset, n: u64, forbidden: Option<u64>) -> Vec<Vec<u64>> {
    let mut candidates: Vec<Vec<u64>> = vec![];
    match ruleset.split_rules() {
        Some(rules) => {
            for (t, o) in rules.options_by_kind(n) {
                candidates.push(o.clone());
                let m = n - t;
                if o.len() == 2 {
                    candidates.push(vec![m / 2, m - m / 2]);
                    candidates.push(vec![m / 2 - 1, m - m / 2 + 1]);
                }
                if o.len() == 3 {
                    candidates.push(vec![m / 3, m / 3, m - 2 * (m / 3)]);
                    candidates.push(vec![1, 2, m.saturating_sub(3)]);
                }
            }
        }
        None => {
            let mut takes = vec![1, 2, 3];
            if let Some(set) = ruleset.move_set() {
                takes.extend(set.sizes_upto(n).take(MAX_BUTTONS));
            }
            takes.extend([n / 2, n.saturating_sub(1), n]);
            candidates.extend(takes.into_iter().filter(|&t| t >= 1 && t <= n).map(|t| vec![n - t]));
        }
    }
    let mut out: Vec<Vec<u64>> = vec![];
    for c in candidates {
        if out.len() < MAX_BUTTONS && !out.contains(&c) && allowed(ruleset, n, &c, forbidden) {
            out.push(c);
        }
    }
    out
}

/// The controls of a heap of `n` that is number `number` (0-based) of the position, for the
/// moves its row does not draw one by one: `takes` (a number field for the amount taken, any
/// legal amount of a heap too large to draw), and the splits into `parts` heaps for each count
/// of parts in `parts` (two or three heaps of a take-and-break game). Each starts at a legal
/// move of `ruleset`: its smallest take, the most lopsided split of that many heaps.
fn heap_controls(s: &mut Sketch, ruleset: &Ruleset, label: &str, number: usize, n: u64, takes: bool, parts: &[usize]) {
    let by_kind = ruleset.split_rules().map(|r| r.options_by_kind(n)).unwrap_or_default();
    if takes {
        let first = match ruleset.smallest_take(n) {
            Some(t) => t,
            None => by_kind.iter().filter(|(_, o)| o.len() <= 1).map(|(t, _)| *t).min(),
        };
        let field = Field::new("take", 1, n, first.unwrap_or(1));
        s.control(Control { label: format!("{label}: take"), fields: vec![field], form: ControlForm::Take { number } });
    }
    for &k in parts {
        let Some(most) = n.checked_sub(k as u64 - 1).filter(|&m| m >= 1) else { continue };
        let split = by_kind.iter().find(|(_, o)| o.len() == k).map(|(_, o)| o.clone()).unwrap_or_default();
        let fields =
            (1..=k).map(|i| Field::new(format!("heap {i}"), 1, most, split.get(i - 1).copied().unwrap_or(1))).collect();
        let what = if k == 2 { "two" } else { "three" };
        s.control(Control {
            label: format!("{label}: leave {what} heaps"),
            fields,
            form: ControlForm::Leave { number, width: 1 },
        });
    }
}

/// One heap's row at `y`: its label and size, then its objects (pins of a take-and-break
/// game, with the moves that take several or split them marked under them) or a bar and a few
/// buttons. `after(to)` gives the numbers of the whole position once the heap becomes `to`;
/// `number`: the heap's place among those numbers (0-based), where a move written
/// `HEAP -> LEFT` changes only it, for the controls of the moves not drawn one by one (a heap
/// past [`MAX_OBJECTS`], splits into three heaps); `nouns`: what the row and its objects are
/// called and how they are drawn (pins of Kayles, coins of a circle opened into a line).
/// Returns the height used.
#[allow(clippy::too_many_arguments)]
pub fn heap_row(
    s: &mut Sketch,
    y: f64,
    label: &str,
    ruleset: &Ruleset,
    nouns: &HeapNouns,
    n: u64,
    forbidden: Option<u64>,
    number: Option<usize>,
    after: &dyn Fn(Vec<u64>) -> Vec<u64>,
) -> f64 {
    let rules = ruleset.split_rules();
    if n > MAX_OBJECTS {
        row_label(s, y, label, "");
        big_bar(s, y, n, &format!("{}s", nouns.object));
        let mut offers = vec![];
        for to in offered(ruleset, n, forbidden) {
            let words = option_words(nouns, n, &to);
            let button = words.split(" (").next().unwrap_or(&words).to_string();
            let t = s.target(after(to), None);
            offers.push((button, t, format!("{label}: {words}")));
        }
        // Every move the buttons leave out, by its numbers.
        if let Some(number) = number {
            let (takes, parts) = match &rules {
                Some(r) => (
                    !r.take.is_empty() || !r.take_all.is_empty(),
                    [(2, !r.split.is_empty()), (3, !r.split3.is_empty())]
                        .into_iter()
                        .filter_map(|(k, any)| any.then_some(k))
                        .collect::<Vec<usize>>(),
                ),
                None => (true, vec![]),
            };
            heap_controls(s, ruleset, label, number, n, takes, &parts);
        }
        return 30.0 + button_row(s, y + 30.0, offers);
    }
    row_label(s, y, label, &n.to_string());
    let cy = y + 16.0;
    let splits = ruleset.split_rules().is_some();
    if !splits {
        // Each object takes itself and every object after it: the row wraps, its objects far
        // enough apart to tap.
        for j in 0..n {
            let to = Some(vec![j]).filter(|to| allowed(ruleset, n, to, forbidden));
            let title = to.as_ref().map(|to| format!("{label}: {}", option_words(nouns, n, to)));
            let t = to.map(|to| s.target(after(to), None)).unwrap_or(None);
            let (line, k) = (j / LINE_OBJECTS, j % LINE_OBJECTS);
            let (x, cy) = (ROW_X + WIDE_STEP * (k as f64 + 0.5), y + 20.0 + WIDE_STEP * line as f64);
            object(s, nouns.look, x, cy, 14.0, t, title);
        }
        return 40.0 + WIDE_STEP * (n.div_ceil(LINE_OBJECTS).max(1) - 1) as f64;
    }
    // Each object of a take-and-break game takes it alone (a pin knocked out of a row; the bars
    // under the row take several). Objects, split lines and lanes of bars lie [`WIDE_STEP`]
    // apart, [`LINE_OBJECTS`] objects a line, so that each is 40 CSS px to tap on a phone; a
    // bar that runs past the end of a line goes on at the start of the next. The moves are
    // found first (objects, splits, then bars, which need to know the lanes), then drawn.
    let step = WIDE_STEP;
    let mut objects = vec![];
    for j in 0..n {
        let alone: Vec<u64> = [j, n - 1 - j].into_iter().filter(|&h| h > 0).collect();
        let alone = if alone.is_empty() { vec![0] } else { alone };
        let to = Some(alone).filter(|to| allowed(ruleset, n, to, forbidden));
        let title = to.as_ref().map(|to| format!("{label}: {}", option_words(nouns, n, to)));
        let t = to.map(|to| s.target(after(to), None)).unwrap_or(None);
        objects.push((t, title));
    }
    // A split without taking (Grundy's game): a line between two objects.
    let mut splits_at = vec![];
    for a in 1..n {
        let to = vec![a, n - a];
        if allowed(ruleset, n, &to, forbidden) {
            let t = s.target(after(to.clone()), None);
            splits_at.push((a, t, format!("{label}: {}", option_words(nouns, n, &to))));
        }
    }
    // Taking t >= 2 objects that sit together, inside the row or at an end (two pins at the
    // end of a Kayles row): a bar under the objects taken, in lanes so that the bars of one
    // lane do not touch. A move an object already makes gets no bar; both ends of the row
    // make the same move, and both get a bar.
    let mut lanes = 0usize;
    let mut bars = vec![];
    let mut barred: HashSet<Vec<u64>> = HashSet::new();
    for t in 2..=n {
        for phase in 0..t {
            let mut any = false;
            for a in (0..=n - t).filter(|a| a % t == phase) {
                let mut to: Vec<u64> = [a, n - a - t].into_iter().filter(|&h| h > 0).collect();
                if to.is_empty() {
                    to.push(0);
                }
                let whole = after(to.clone());
                if s.offers(&whole) && !barred.contains(&whole) {
                    continue;
                }
                if allowed(ruleset, n, &to, forbidden) {
                    barred.insert(whole);
                    any = true;
                    let id = s.target(after(to.clone()), None);
                    bars.push((a, t, lanes, id, format!("{label}: {}", option_words(nouns, n, &to))));
                }
            }
            if any {
                lanes += 1;
            }
        }
    }
    let depth = object_depth(nouns.look);
    // A line of objects and the lanes under it; the centre of line `l`'s objects.
    let pitch = step * (1 + lanes) as f64;
    let line_y = |l: u64| cy + pitch * l as f64;
    let place = |j: u64| (ROW_X + step * ((j % LINE_OBJECTS) as f64 + 0.5), line_y(j / LINE_OBJECTS));
    for (j, (t, title)) in objects.into_iter().enumerate() {
        let (x, y) = place(j as u64);
        object(s, nouns.look, x, y, 10.0, t, title);
    }
    for (a, t, words) in splits_at {
        // Before object `a`: a split at the end of a line is drawn at the start of the next,
        // so that no target reaches past the line's objects (issue 84: the drawing was wider
        // than a phone by the half target past the last split).
        let (x, y) = place(a);
        let x = x - step / 2.0;
        s.line(x, y - depth - 5.0, x, y + depth + 5.0, "split").title(words.clone());
        // Transparent: it places the split's hit area (the page's click target is that area).
        s.line(x, y - depth - 5.0, x, y + depth + 5.0, "hit").makes(t).title(words);
    }
    for (a, t, lane, id, title) in bars {
        let mut j = a;
        while j < a + t {
            // The piece of the bar on this line.
            let end = (a + t).min((j / LINE_OBJECTS + 1) * LINE_OBJECTS);
            let (x, y) = place(j);
            let yy = y + step * (lane + 1) as f64 - 3.0;
            s.rect(x - step / 2.0 + 3.0, yy, step * (end - j) as f64 - 6.0, 6.0, 3.0, "bar")
                .makes(id)
                .title(title.clone());
            j = end;
        }
    }
    let lines = n.div_ceil(LINE_OBJECTS).max(1);
    // The next row's objects a step below the last lane (rows lie 4 apart).
    let mut height = line_y(lines - 1) - y + pitch - 20.0;
    if lanes == 0 {
        height = height.max(29.0 + depth);
    }
    // Splits into three heaps (hexadecimal codes): a few as buttons, and a control for all.
    if ruleset.split_rules().is_some_and(|r| !r.split3.is_empty()) {
        if let Some(number) = number {
            heap_controls(s, ruleset, label, number, n, false, &[3]);
        }
        let mut offers = vec![];
        for to in offered(ruleset, n, forbidden).into_iter().filter(|o| o.len() == 3) {
            let words = option_words(nouns, n, &to);
            let t = s.target(after(to), None);
            offers.push((words.clone(), t, format!("{label}: {words}")));
        }
        if !offers.is_empty() {
            height += button_row(s, y + height, offers) + 2.0;
        }
    }
    height
}

/// Rows of heaps, one per heap (at most [`MAX_ROWS`]): `(label, ruleset, size)` each, the
/// numbers of the position being the sizes in order.
pub fn heaps_face(heaps: &[(String, Ruleset, u64)], forbidden: Option<u64>) -> Sketch {
    let mut s = Sketch::new();
    let numbers: Vec<u64> = heaps.iter().map(|(_, _, n)| *n).collect();
    // The first row's objects half a hit area (`draw::HIT_SIDE`) below the top.
    let mut y = 8.0;
    for (i, (label, ruleset, n)) in heaps.iter().enumerate().take(MAX_ROWS) {
        let numbers = &numbers;
        let after = move |to: Vec<u64>| -> Vec<u64> {
            let mut out = numbers.get(..i).unwrap_or_default().to_vec();
            out.extend(to);
            out.extend_from_slice(numbers.get(i + 1..).unwrap_or_default());
            out
        };
        y += heap_row(&mut s, y, label, ruleset, &ruleset.nouns(), *n, forbidden, Some(i), &after) + 4.0;
    }
    y = left_out(&mut s, y, heaps.len(), "heaps");
    // What to click, where the rows hold shapes of several kinds (take-and-break games): the
    // line of the first rule drawn object by object.
    let line = heaps
        .iter()
        .take(MAX_ROWS)
        .filter(|(_, _, n)| (2..=MAX_OBJECTS).contains(n))
        .find_map(|(_, r, _)| click_line(&r.nouns(), &r.split_rules()?));
    if let Some(line) = line {
        y = click_note(&mut s, y, &line);
    }
    s.height = y + 4.0;
    s
}

/// Buttons `(label, target, title)` from `ROW_X` at `y`, wrapping at [`ROW_END`] onto lines
/// [`WIDE_STEP`] apart (so that each button's target is 40 CSS px high on a phone); the height
/// used, which leaves room for the targets of a row under it (objects 20 below its top).
pub fn button_row(s: &mut Sketch, y: f64, offers: Vec<(String, Option<usize>, String)>) -> f64 {
    let (mut x, mut yy) = (ROW_X, y);
    for (label, t, title) in offers {
        if t.is_none() {
            continue;
        }
        let w = crate::rules::draw::button_width(&label);
        if x + w > ROW_END && x > ROW_X {
            x = ROW_X;
            yy += WIDE_STEP;
        }
        x += s.button(x, yy, &label, t, &title) + 6.0;
    }
    yy + 35.0 - y
}

/// What clicking object `j` of a row does: its target and title.
pub type ObjectTarget<'a> = dyn FnMut(&mut Sketch, u64) -> (Option<usize>, String) + 'a;

/// A row of `n` objects (at most [`MAX_OBJECTS`]) at `y` in lines of [`LINE_OBJECTS`]
/// [`WIDE_STEP`] apart, as Nim's heaps are drawn, so that each is 40 CSS px to tap on a phone;
/// object `j` makes the move `target(s, j)` with its title. The height used: the next row's
/// objects lie a step below the last line's when rows lie 4 apart.
pub fn wrapped_object_row(s: &mut Sketch, y: f64, n: u64, class: &str, target: &mut ObjectTarget<'_>) -> f64 {
    let n = n.min(MAX_OBJECTS);
    for j in 0..n {
        let (t, title) = target(s, j);
        let (x, cy) = wrapped_object_at(y, j);
        s.circle(x, cy, 14.0, class).makes(t).title(title);
    }
    40.0 + WIDE_STEP * (n.div_ceil(LINE_OBJECTS).max(1) - 1) as f64
}

/// The centre of object `j` of a [`wrapped_object_row`] at `y`; its radius is 14.
pub fn wrapped_object_at(y: f64, j: u64) -> (f64, f64) {
    let (line, k) = (j / LINE_OBJECTS, j % LINE_OBJECTS);
    (ROW_X + WIDE_STEP * (k as f64 + 0.5), y + 20.0 + WIDE_STEP * line as f64)
}

/// A row of `n` objects (at most [`MAX_OBJECTS`]) at `y`, object `j` making the move
/// `target(s, j)` with its title; the height used.
pub fn object_row(s: &mut Sketch, y: f64, n: u64, class: &str, target: &mut ObjectTarget<'_>) -> f64 {
    for j in 0..n.min(MAX_OBJECTS) {
        let (t, title) = target(s, j);
        s.circle(object_x(j), y + 16.0, 7.0, class).makes(t).title(title);
    }
    36.0
}

/// Says how many rows were left out, if any; the new `y`.
pub fn left_out(s: &mut Sketch, y: f64, rows: usize, what: &str) -> f64 {
    if rows > MAX_ROWS {
        s.note(y + 12.0, &format!("and {} more {what}, not drawn: type their moves", rows - MAX_ROWS));
        return y + 18.0;
    }
    y
}
