//! The canvas every game draws its position on: a few SVG shapes, some of them move targets.
//!
//! A game's face (`Face::draw`, and `rules/faces.rs` for the games that are not board
//! games) adds shapes to a [`Sketch`] and marks the ones that make a move with a [`Target`]:
//! the numbers the move leaves, and the move in the game's own words where it has them. The
//! game layer (`grundy::draw`) turns each target into the text `grundy play` reads and writes
//! it as the shape's `data-move`. No I/O: the drawing is a string.
//!
//! Every drawing holds a bounded number of shapes whatever the size of the position (a heap of
//! 2^64 - 1 is a bar with its exact size written out), and moves too many to offer are typed.

pub use super::text::{escape, xml_char};
use std::collections::HashMap;
use std::fmt::Write as _;

/// The width of every drawing, in SVG units (the page scales it to the screen).
pub const WIDTH: f64 = 640.0;

/// The most characters of a line of a note ([`Sketch::note`]): about 360 units of its type,
/// so that a note fits a 390 px phone beside targets 40 CSS px wide (issue 84: at 56 a note
/// made drawings of 390 units, 1.04 times the phone's room).
pub const NOTE_LINE: usize = 52;

/// The most lines of a note ([`Sketch::note`]), the last cut short if need be: four lines of
/// [`NOTE_LINE`] hold what three of 56 characters did.
pub const NOTE_LINES: usize = 4;

/// The class of a note that says who has won ([`Sketch::turn_note`]); a drawing's header
/// that says it (Northcott's "Game over") is of class `label verdict`.
const VERDICT: &str = "note verdict";

/// The distance between two lines of a note.
pub const NOTE_LEADING: f64 = 16.0;

/// The width of a [`Sketch::button`] labelled `label`: its text and a margin, and at least 38,
/// so that buttons 6 apart in a row have targets 44 wide (40 CSS px on a phone).
pub fn button_width(label: &str) -> f64 {
    (12.0 + 7.5 * label.chars().count() as f64).max(38.0)
}

/// One move a shape of the drawing makes when clicked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The numbers of the position after the move; `None` where the face left them to be
    /// read from `words` when needed ([`Sketch::worded_target`]: a large position, whose
    /// numbers after each drawn move would cost as much as the whole position each, while a
    /// drawing standing alone writes only the words).
    pub after: Option<Vec<u64>>,
    /// The move in the game's own words (`cut 1-2`, `turn 5 9`), when the game has them and
    /// the drawing stands alone (in a sum, moves are written in the general form).
    pub words: Option<String>,
}

/// One number a [`Control`] asks for, with the least and the most it may be.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Field {
    /// What the number is ("take", "heap 2", "coin 1").
    pub name: String,
    /// The least value.
    pub min: u64,
    /// The most value.
    pub max: u64,
    /// The value it starts at: with the other fields' starting values, a legal move (a person
    /// who presses Play at once plays a move, not a refusal).
    pub value: u64,
}

impl Field {
    /// The field `name` from `min` to `max`, starting at `value` (kept within them).
    pub fn new(name: impl Into<String>, min: u64, max: u64, value: u64) -> Self {
        Field { name: name.into(), min, max, value: value.clamp(min, max.max(min)) }
    }
}

/// How a [`Control`]'s numbers make a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ControlForm {
    /// `HEAP TAKE`: its one number is taken from number `number` (0-based) of the position.
    Take {
        /// The number taken from, 0-based.
        number: usize,
    },
    /// `HEAP -> LEFT...`: the `width` numbers from `number` (0-based) become its numbers.
    Leave {
        /// The first number replaced, 0-based.
        number: usize,
        /// How many numbers are replaced.
        width: usize,
    },
    /// The game's own words, `{1}`, `{2}`... standing for its numbers (`take {1}`); such a
    /// control is dropped in a sum of games, whose moves are written in the general form.
    Words(String),
}

/// A way to pick a move that a face cannot draw one target a move: a heap too large for its
/// objects, the splits of a heap into three, a move in several heaps. The page shows a number
/// field for each [`Field`] and plays the move they make; a control says which moves it makes
/// (tests/library/targets.rs checks that the targets and controls together reach every legal move). A
/// choice of numbers that is no legal move is refused with the reason, as a typed move is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Control {
    /// What it does, in a few words ("heap 1: take").
    pub label: String,
    /// The numbers it asks for.
    pub fields: Vec<Field>,
    /// How they make the move.
    pub form: ControlForm,
}

impl Control {
    /// The move's text with `{1}`, `{2}`... for the fields, as `grundy play` reads it once they
    /// are filled in.
    pub fn template(&self) -> String {
        let slots: Vec<String> = (1..=self.fields.len()).map(|k| format!("{{{k}}}")).collect();
        match &self.form {
            ControlForm::Take { number } => format!("{} {}", number + 1, slots.join(" ")),
            ControlForm::Leave { number, width: 1 } => format!("{} -> {}", number + 1, slots.join(" ")),
            ControlForm::Leave { number, width } => {
                format!("{}..{} -> {}", number + 1, number + width.max(&1), slots.join(" "))
            }
            ControlForm::Words(w) => w.clone(),
        }
    }

    /// The control for the numbers from `start` on of a larger position (a part of a sum);
    /// `None` for one in the game's own words.
    pub fn shifted(self, start: usize) -> Option<Control> {
        let form = match self.form {
            ControlForm::Take { number } => ControlForm::Take { number: number + start },
            ControlForm::Leave { number, width } => ControlForm::Leave { number: number + start, width },
            ControlForm::Words(_) => return None,
        };
        Some(Control { form, ..self })
    }
}

/// One SVG element.
#[derive(Clone, Debug)]
struct Shape {
    tag: &'static str,
    attrs: String,
    text: Option<String>,
    title: Option<String>,
    target: Option<usize>,
    pick: Option<String>,
    /// Its bounding box `[x0, y0, x1, y1]` in the coordinates of its group, where known (the
    /// hit area of a target is grown from it: [`hit_areas`]).
    bbox: Option<[f64; 4]>,
}

#[derive(Clone, Debug)]
enum Item {
    Shape(Shape),
    /// A group: its own attributes (a translation, a choice), what they mean for the hit
    /// areas, and its items.
    Group {
        attrs: String,
        /// The translation of its items.
        shift: (f64, f64),
        /// The key of a group of targets shown when it is picked ([`Sketch::choice`]), and
        /// whether it shows before any pick.
        choice: Option<(String, bool)>,
        items: Vec<Item>,
    },
}

/// A drawing under construction: its size, its shapes and its move targets.
#[derive(Clone, Debug)]
pub struct Sketch {
    /// The width used, in SVG units.
    pub width: f64,
    /// The height used, in SVG units.
    pub height: f64,
    /// How far right its shapes reach (text by an estimate of its width), so that the drawing
    /// is no wider than what it shows (see [`Sketch::fitted_width`]).
    right: f64,
    /// How far down its shapes reach, so that the drawing is no shorter than what it shows
    /// (a note that wraps onto more lines than its game counted; see [`Sketch::fitted_height`]).
    bottom: f64,
    items: Vec<Item>,
    targets: Vec<Target>,
    /// The ways to pick the moves not drawn as targets.
    controls: Vec<Control>,
    /// Each target's index, to find a move offered twice in constant time (a face may offer
    /// hundreds of moves).
    target_index: HashMap<Target, usize>,
    /// The position in words, one (label, text) a row, where a face words it otherwise than
    /// one row per number (see [`Sketch::word_rows`]).
    rows: Vec<(String, String)>,
}

impl Default for Sketch {
    fn default() -> Self {
        Sketch::new()
    }
}

/// A shape being added to a sketch: set its title, target or pick, then it is kept when
/// dropped.
pub struct ShapeRef<'a> {
    sketch: &'a mut Sketch,
    shape: Option<Shape>,
}

impl ShapeRef<'_> {
    /// The tooltip (an SVG `<title>`).
    pub fn title(mut self, title: impl Into<String>) -> Self {
        if let Some(s) = self.shape.as_mut() {
            s.title = Some(title.into());
        }
        self
    }

    /// Clicking the shape makes the move of target `id` (from [`Sketch::target`]).
    pub fn makes(mut self, id: Option<usize>) -> Self {
        if let Some(s) = self.shape.as_mut() {
            s.target = id;
        }
        if id.is_some() {
            self.hit_room();
        }
        self
    }

    /// The drawing reaches as far right and down as the shape's hit area may (half of
    /// [`HIT_SIDE`] about its centre), so that the area is whole (a target at the drawing's
    /// edge would have a smaller one).
    fn hit_room(&mut self) {
        if let Some([x0, y0, x1, y1]) = self.shape.as_ref().and_then(|s| s.bbox) {
            // `fitted_width` and `fitted_height` add their margins (8 and 6) to the reach.
            self.sketch.reach((x0 + x1) / 2.0 + HIT_SIDE / 2.0 - 8.0);
            self.sketch.reach_down((y0 + y1) / 2.0 + HIT_SIDE / 2.0 - 6.0);
        }
    }

    /// Clicking the shape picks `key` (a token, a coin): the page then shows the group of
    /// targets drawn by [`Sketch::choice`] for that key.
    pub fn picks(mut self, key: impl Into<String>) -> Self {
        if let Some(s) = self.shape.as_mut() {
            s.pick = Some(key.into());
        }
        self.hit_room();
        self
    }
}

impl Drop for ShapeRef<'_> {
    fn drop(&mut self) {
        if let Some(shape) = self.shape.take() {
            self.sketch.items.push(Item::Shape(shape));
        }
    }
}

/// A number with at most two decimals, as SVG coordinates are written.
fn num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

/// Text cut to at most `max` characters, with an ellipsis when cut.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

impl Sketch {
    /// An empty sketch of the standard width and no height.
    pub fn new() -> Self {
        Sketch {
            width: WIDTH,
            height: 0.0,
            right: 0.0,
            bottom: 0.0,
            items: vec![],
            targets: vec![],
            controls: vec![],
            target_index: HashMap::new(),
            rows: vec![],
        }
    }

    /// Words the position in rows of (label, text) for the rows the page shows under the
    /// drawing, where one row per number would show numbers that count nothing (a circle game
    /// is a pair of numbers a part: "part 1: circle of 12" rather than "closed 1: 1").
    pub fn word_rows(&mut self, rows: Vec<(String, String)>) {
        self.rows = rows;
    }

    /// The rows of [`Sketch::word_rows`]; empty where the face words none.
    pub fn rows(&self) -> &[(String, String)] {
        &self.rows
    }

    /// The width the drawing is rendered at: its shapes' reach and a margin, at most
    /// [`Sketch::width`] (a small position is not drawn at the middle of a wide empty box,
    /// and so is shown larger on a narrow screen); the full width when nothing is drawn.
    pub fn fitted_width(&self) -> f64 {
        if self.right <= 0.0 {
            return self.width;
        }
        (self.right + 8.0).clamp(160.0_f64.min(self.width), self.width)
    }

    /// The height the drawing is rendered at: [`Sketch::height`], or more where its shapes
    /// reach further down.
    pub fn fitted_height(&self) -> f64 {
        self.height.max(if self.bottom > 0.0 { self.bottom + 6.0 } else { 0.0 })
    }

    /// Notes that shapes reach `x` to the right.
    fn reach(&mut self, x: f64) {
        if x.is_finite() {
            self.right = self.right.max(x);
        }
    }

    /// Notes that shapes reach `y` down.
    fn reach_down(&mut self, y: f64) {
        if y.is_finite() {
            self.bottom = self.bottom.max(y);
        }
    }

    /// The targets, in the order they were added.
    pub fn targets(&self) -> &[Target] {
        &self.targets
    }

    /// Whether a target that leaves `after` is offered already (a face draws a second shape
    /// for a move only where it helps).
    pub fn offers(&self, after: &[u64]) -> bool {
        self.target_index.contains_key(&Target { after: Some(after.to_vec()), words: None })
    }

    /// Adds a control, for moves the face does not draw one by one.
    pub fn control(&mut self, control: Control) {
        if !self.controls.contains(&control) {
            self.controls.push(control);
        }
    }

    /// The controls, in the order they were added.
    pub fn controls(&self) -> &[Control] {
        &self.controls
    }

    /// Takes the controls out (a sum places its parts' controls itself, renumbered).
    pub fn take_controls(&mut self) -> Vec<Control> {
        std::mem::take(&mut self.controls)
    }

    /// Adds a move target (the numbers after it, and its words if any); its id for
    /// [`ShapeRef::makes`].
    pub fn target(&mut self, after: Vec<u64>, words: Option<String>) -> Option<usize> {
        self.add_target(Target { after: Some(after), words })
    }

    /// Adds a move target known only by its words, which the game reads (`Notation::read_move`)
    /// into the numbers after it where they are needed (in a sum): the face of a large position
    /// draws each move at the cost of its words, not of the position. The face vouches that
    /// the words are a legal move.
    pub fn worded_target(&mut self, words: String) -> Option<usize> {
        self.add_target(Target { after: None, words: Some(words) })
    }

    fn add_target(&mut self, target: Target) -> Option<usize> {
        // The same move offered twice (two pins of a symmetric split) keeps one target.
        if let Some(&i) = self.target_index.get(&target) {
            return Some(i);
        }
        self.targets.push(target.clone());
        self.target_index.insert(target, self.targets.len() - 1);
        Some(self.targets.len() - 1)
    }

    fn shape(&mut self, tag: &'static str, attrs: String, text: Option<String>) -> ShapeRef<'_> {
        ShapeRef {
            sketch: self,
            shape: Some(Shape { tag, attrs, text, title: None, target: None, pick: None, bbox: None }),
        }
    }

    /// As [`Sketch::shape`], its bounding box `[x0, y0, x1, y1]` known.
    fn boxed(&mut self, tag: &'static str, attrs: String, bbox: [f64; 4]) -> ShapeRef<'_> {
        let mut shape = self.shape(tag, attrs, None);
        if let Some(s) = shape.shape.as_mut() {
            s.bbox = Some(bbox);
        }
        shape
    }

    /// A circle of class `class`.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, class: &str) -> ShapeRef<'_> {
        self.reach(cx + r + 1.0);
        self.reach_down(cy + r + 1.0);
        let class = escape(class);
        let attrs = format!("cx=\"{}\" cy=\"{}\" r=\"{}\" class=\"{class}\"", num(cx), num(cy), num(r));
        self.boxed("circle", attrs, [cx - r, cy - r, cx + r, cy + r])
    }

    /// A rectangle with rounded corners `rx`.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, rx: f64, class: &str) -> ShapeRef<'_> {
        self.reach(x + w.max(0.0) + 1.0);
        self.reach_down(y + h.max(0.0) + 1.0);
        let class = escape(class);
        let attrs = format!(
            "x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" class=\"{class}\"",
            num(x),
            num(y),
            num(w.max(0.0)),
            num(h.max(0.0)),
            num(rx)
        );
        self.boxed("rect", attrs, [x, y, x + w.max(0.0), y + h.max(0.0)])
    }

    /// A straight line.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, class: &str) -> ShapeRef<'_> {
        // Wide strokes (a cut's target is 9 wide) reach a little past the ends.
        self.reach(x1.max(x2) + 5.0);
        self.reach_down(y1.max(y2) + 5.0);
        let class = escape(class);
        let attrs =
            format!("x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" class=\"{class}\"", num(x1), num(y1), num(x2), num(y2));
        self.boxed("line", attrs, [x1.min(x2), y1.min(y2), x1.max(x2), y1.max(y2)])
    }

    /// A path (SVG path data `d`).
    pub fn path(&mut self, d: &str, class: &str) -> ShapeRef<'_> {
        let attrs = format!("d=\"{}\" class=\"{}\"", escape(d), escape(class));
        match path_box(d) {
            Some(b) => self.boxed("path", attrs, b),
            None => self.shape("path", attrs, None),
        }
    }

    /// Text at (x, y); `anchor` is `start`, `middle` or `end`.
    pub fn text(&mut self, x: f64, y: f64, text: &str, class: &str, anchor: &str) -> ShapeRef<'_> {
        // About 8 units a character of 14-unit type, the largest drawn (an estimate on the
        // wide side, so that no text is cut), in proportion for the notes' 12-unit type and the
        // 11-unit small type: counted at 8, a note of 56 characters made a board of 300 units
        // 460 wide, scaled down and scrolling on a phone with nothing past its edge.
        let per = match class.split_whitespace().next() {
            Some("note") => 8.0 * 12.0 / 14.0,
            Some("small") => 8.0 * 11.0 / 14.0,
            _ => 8.0,
        };
        let wide = per * text.chars().count() as f64;
        self.reach(match anchor {
            "end" => x,
            "middle" => x + wide / 2.0,
            _ => x + wide,
        });
        // The baseline at y; descenders reach a little below it.
        self.reach_down(y + 4.0);
        let attrs =
            format!("x=\"{}\" y=\"{}\" class=\"{}\" text-anchor=\"{}\"", num(x), num(y), escape(class), escape(anchor));
        self.shape("text", attrs, Some(text.to_string()))
    }

    /// A button: a rounded rectangle with a label, making the move of `target`; its width
    /// ([`button_width`]).
    pub fn button(&mut self, x: f64, y: f64, label: &str, target: Option<usize>, title: &str) -> f64 {
        let w = button_width(label);
        self.rect(x, y, w, 22.0, 5.0, "button").makes(target).title(title);
        self.text(x + w / 2.0, y + 15.5, label, "button-label", "middle");
        w
    }

    /// Small text at `y` (notes: how to type other moves, what is left out), on lines of at
    /// most [`NOTE_LINE`] characters broken between words, each [`NOTE_LEADING`] below the
    /// one before (the drawing grows to hold them: [`Sketch::fitted_height`]), at most
    /// [`NOTE_LINES`] lines, the last cut short if need be. A short note is one line, so that a drawing is no
    /// wider than what it shows and reads on a phone. Returns where a line after it goes.
    pub fn note(&mut self, y: f64, text: &str) -> f64 {
        self.note_of_class(y, text, "note")
    }

    /// The note at `y` that says whose turn it is, or, where `over` (the mover has no move
    /// here), who has won: a verdict, which a sum leaves out of its parts' drawings
    /// ([`Sketch::drop_verdicts`]), since a part's end is not the sum's. Returns where a line
    /// after it goes.
    pub fn turn_note(&mut self, y: f64, over: bool, text: &str) -> f64 {
        self.note_of_class(y, text, if over { VERDICT } else { "note" })
    }

    fn note_of_class(&mut self, y: f64, text: &str, class: &str) -> f64 {
        let lines = note_lines(text);
        for (k, line) in lines.iter().enumerate() {
            self.text(8.0, y + NOTE_LEADING * k as f64, &clip(line, NOTE_LINE), class, "start");
        }
        y + NOTE_LEADING * lines.len() as f64
    }

    /// Leaves out the verdicts ([`Sketch::turn_note`]): a game drawn as a part of a sum, whose
    /// player without a move there may still move in another part.
    pub fn drop_verdicts(&mut self) {
        fn keep(items: &mut Vec<Item>) {
            items.retain(|item| !matches!(item, Item::Shape(shape) if shape.attrs.contains(" verdict\"")));
            for item in items.iter_mut() {
                if let Item::Group { items, .. } = item {
                    keep(items);
                }
            }
        }
        keep(&mut self.items);
    }

    /// Adds the shapes `draw` adds as one group of targets shown when `key` is picked (a
    /// token's moves, a coin's partners); `shown`: whether it shows before any pick.
    pub fn choice(&mut self, key: &str, shown: bool, draw: impl FnOnce(&mut Sketch)) {
        let outer = std::mem::take(&mut self.items);
        draw(self);
        let items = std::mem::replace(&mut self.items, outer);
        let display = if shown { "" } else { " display=\"none\"" };
        let attrs = format!("data-choice=\"{}\"{display}", escape(key));
        self.items.push(Item::Group { attrs, shift: (0.0, 0.0), choice: Some((key.to_string(), shown)), items });
    }

    /// Places `part` at (dx, dy), its targets mapped by `map` (the numbers of a part of a sum
    /// become those of the whole position).
    pub fn place(&mut self, part: Sketch, dx: f64, dy: f64, map: impl Fn(Target) -> Target) {
        let base = self.targets.len();
        let tall = part.fitted_height();
        for t in part.targets.into_iter().map(map) {
            self.targets.push(t.clone());
            self.target_index.entry(t).or_insert(self.targets.len() - 1);
        }
        fn shift(items: &mut [Item], base: usize) {
            for item in items {
                match item {
                    Item::Shape(s) => s.target = s.target.map(|t| t + base),
                    Item::Group { items, .. } => shift(items, base),
                }
            }
        }
        self.reach(part.right + dx);
        self.reach_down(tall + dy);
        let mut items = part.items;
        shift(&mut items, base);
        let attrs = format!("transform=\"translate({},{})\"", num(dx), num(dy));
        self.items.push(Item::Group { attrs, shift: (dx, dy), choice: None, items });
    }

    /// The SVG document. Each shape that makes a move (`moves[target]`) or picks a token, where
    /// its box is known, is drawn as it is and gets a hit area: a transparent rectangle on top
    /// of the whole drawing, marked `data-hit` and carrying the shape's `data-move` or
    /// `data-pick`, as large as the free space around it allows ([`hit_areas`]); a shape whose
    /// box is not known carries them itself. The root says the least side of a hit area
    /// (`data-hit-min`), so that the page scales the drawing for it to be large enough to tap.
    pub fn render(&self, moves: &[String], title: &str) -> String {
        let (w, h) = (self.fitted_width().max(1.0).ceil(), self.fitted_height().max(1.0).ceil());
        let mut hits = vec![];
        collect_hits(&self.items, moves, (0.0, 0.0), None, &mut hits);
        hit_areas(&mut hits);
        // Within the drawing (a target near its edge has a smaller area).
        for hit in hits.iter_mut() {
            let a = &mut hit.area;
            *a = [a[0].clamp(0.0, w), a[1].clamp(0.0, h), a[2].clamp(0.0, w), a[3].clamp(0.0, h)];
        }
        let least =
            hits.iter().map(|h| (h.area[2] - h.area[0]).min(h.area[3] - h.area[1])).fold(f64::INFINITY, f64::min);
        let least = if least.is_finite() { format!(" data-hit-min=\"{}\"", num(least)) } else { String::new() };
        let mut out = String::new();
        let _ = write!(
            out,
            // Its own size where there is room, scaled down to a narrower screen (a file opened
            // on a phone), the viewBox keeping its proportions.
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" style=\"max-width:100%;height:auto\" class=\"grundy-board\" font-family=\"sans-serif\" font-size=\"14\"{least}>",
            num(w),
            num(h),
            num(w),
            num(h)
        );
        let _ = write!(out, "<title>{}</title>", escape(title));
        out.push_str(STYLE);
        fn write_items(out: &mut String, items: &[Item], moves: &[String]) {
            for item in items {
                match item {
                    Item::Group { attrs, items, .. } => {
                        let _ = write!(out, "<g {attrs}>");
                        write_items(out, items, moves);
                        out.push_str("</g>");
                    }
                    Item::Shape(s) => {
                        let mut attrs = s.attrs.clone();
                        // A shape with a box has a hit area on top that takes its clicks.
                        let own = s.bbox.is_none();
                        // A target whose move has no text (none could be written) is drawn
                        // but not clickable.
                        if let Some(mv) = s.target.and_then(|t| moves.get(t)).filter(|m| !m.is_empty() && own) {
                            // The shape's class gains `move`, so the page and a printout show it
                            // can be clicked.
                            attrs = attrs.replacen("class=\"", "class=\"move ", 1);
                            let _ = write!(attrs, " data-move=\"{}\"", escape(mv));
                        }
                        if let Some(p) = s.pick.as_ref().filter(|_| own) {
                            attrs = attrs.replacen("class=\"", "class=\"pick ", 1);
                            let _ = write!(attrs, " data-pick=\"{}\"", escape(p));
                        }
                        let _ = write!(out, "<{} {attrs}>", s.tag);
                        if let Some(t) = &s.title {
                            let _ = write!(out, "<title>{}</title>", escape(t));
                        }
                        if let Some(t) = &s.text {
                            out.push_str(&escape(t));
                        }
                        let _ = write!(out, "</{}>", s.tag);
                    }
                }
            }
        }
        write_items(&mut out, &self.items, moves);
        write_hits(&mut out, &hits);
        out.push_str("</svg>");
        out
    }
}

/// The side, in drawing units, a hit area is grown to where the free space allows: the page
/// scales a drawing so that its least hit area is 40 CSS px at least, so a drawing whose hit
/// areas are all this large is shown at 0.83 of its size or more.
pub const HIT_SIDE: f64 = 48.0;

/// One shape's hit area: what it does, where it shows, its title, and the rectangle.
#[derive(Clone, Debug)]
struct Hit {
    /// The move (`data-move`) it makes, or the token it picks (`data-pick`).
    action: Action,
    /// The group of a pick's targets it lies in, and whether that shows before any pick.
    choice: Option<(String, bool)>,
    title: Option<String>,
    /// The shape's bounding box `[x0, y0, x1, y1]` in the drawing's coordinates.
    shape: [f64; 4],
    /// The hit area, grown from `shape` then cut where it met another's.
    area: [f64; 4],
}

/// What a click on a hit area does.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Action {
    /// Plays the move (its text as `grundy play` reads it).
    Move(String),
    /// Picks the token, showing its group of targets.
    Pick(String),
}

/// The hit areas of the shapes of `items` that make a move or pick a token, in the drawing's
/// coordinates (`shift`: the translation of the groups around them; `choice`: the pick group
/// they lie in).
fn collect_hits(
    items: &[Item],
    moves: &[String],
    shift: (f64, f64),
    choice: Option<&(String, bool)>,
    out: &mut Vec<Hit>,
) {
    for item in items {
        match item {
            Item::Group { shift: (dx, dy), choice: own, items, .. } => {
                collect_hits(items, moves, (shift.0 + dx, shift.1 + dy), own.as_ref().or(choice), out)
            }
            Item::Shape(s) => {
                let Some(b) = s.bbox else { continue };
                let action = match (s.target.and_then(|t| moves.get(t)).filter(|m| !m.is_empty()), &s.pick) {
                    (Some(mv), _) => Action::Move(mv.clone()),
                    (None, Some(p)) => Action::Pick(p.clone()),
                    (None, None) => continue,
                };
                let shape = [b[0] + shift.0, b[1] + shift.1, b[2] + shift.0, b[3] + shift.1];
                out.push(Hit { action, choice: choice.cloned(), title: s.title.clone(), shape, area: shape });
            }
        }
    }
}

/// Sizes the hit areas: each is its shape's box grown to [`HIT_SIDE`] each way about its
/// centre; two of the same action in the same group whose areas overlap (an edge and the wide
/// path over it) become one, over both. Then, wherever two of different actions that may show
/// together overlap, both are cut at the line halfway between their centres, across the axis
/// on which the centres lie further apart. Each area keeps its shape's centre and no two
/// overlap, so a click plays the move whose shape is nearest on that axis; shapes whose centres
/// lie close together get small areas (the page then scales the drawing up, and scrolls it:
/// lay such shapes further apart).
fn hit_areas(hits: &mut Vec<Hit>) {
    let half = HIT_SIDE / 2.0;
    let grown = |b: [f64; 4]| {
        let (cx, cy) = ((b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0);
        [b[0].min(cx - half), b[1].min(cy - half), b[2].max(cx + half), b[3].max(cy + half)]
    };
    for h in hits.iter_mut() {
        h.area = grown(h.shape);
    }
    let union = |a: [f64; 4], b: [f64; 4]| [a[0].min(b[0]), a[1].min(b[1]), a[2].max(b[2]), a[3].max(b[3])];
    let mut i = 0;
    while i < hits.len() {
        let same = (i + 1..hits.len()).find(|&j| {
            hits[j].action == hits[i].action
                && hits[j].choice == hits[i].choice
                && overlap(&hits[i].area, &hits[j].area)
        });
        match same {
            Some(j) => {
                let other = hits.remove(j);
                hits[i].shape = union(hits[i].shape, other.shape);
                hits[i].area = union(hits[i].area, other.area);
                hits[i].title = hits[i].title.take().or(other.title);
            }
            None => i += 1,
        }
    }
    let centre = |a: &[f64; 4]| ((a[0] + a[2]) / 2.0, (a[1] + a[3]) / 2.0);
    for i in 0..hits.len() {
        for j in i + 1..hits.len() {
            let (a, b) = (&hits[i], &hits[j]);
            let together = match (&a.choice, &b.choice) {
                (Some((p, _)), Some((q, _))) => p == q,
                _ => true,
            };
            if a.action == b.action || !together || !overlap(&a.area, &b.area) {
                continue;
            }
            let (ca, cb) = (centre(&a.shape), centre(&b.shape));
            let (mut aa, mut ba) = (a.area, b.area);
            // The axis on which the centres lie further apart: 0 for x, 1 for y.
            let k = if (cb.0 - ca.0).abs() >= (cb.1 - ca.1).abs() { 0 } else { 1 };
            let (pa, pb) = if k == 0 { (ca.0, cb.0) } else { (ca.1, cb.1) };
            let mid = (pa + pb) / 2.0;
            if pa <= pb {
                aa[k + 2] = aa[k + 2].min(mid);
                ba[k] = ba[k].max(mid);
            } else {
                aa[k] = aa[k].max(mid);
                ba[k + 2] = ba[k + 2].min(mid);
            }
            hits[i].area = aa;
            hits[j].area = ba;
        }
    }
}

/// Whether two rectangles `[x0, y0, x1, y1]` overlap (more than along an edge).
fn overlap(a: &[f64; 4], b: &[f64; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// Writes the hit areas on top of the drawing: those shown always, then each pick's group of
/// them (shown as its group of shapes is, by its `data-choice`).
fn write_hits(out: &mut String, hits: &[Hit]) {
    let mut groups: Vec<&(String, bool)> = vec![];
    for h in hits {
        if let Some(c) = &h.choice {
            if !groups.contains(&c) {
                groups.push(c);
            }
        }
    }
    let write_one = |out: &mut String, h: &Hit| {
        // Both edges rounded as written, so that two areas that meet along an edge meet there
        // in the file too.
        let r = |v: f64| (v * 100.0).round() / 100.0;
        let [x0, y0, x1, y1] = h.area.map(r);
        let (class, data) = match &h.action {
            Action::Move(m) => ("hit move", format!("data-move=\"{}\"", escape(m))),
            Action::Pick(p) => ("hit pick", format!("data-pick=\"{}\"", escape(p))),
        };
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"{class}\" data-hit=\"\" {data}>",
            num(x0),
            num(y0),
            num((x1 - x0).max(0.0)),
            num((y1 - y0).max(0.0))
        );
        if let Some(t) = &h.title {
            let _ = write!(out, "<title>{}</title>", escape(t));
        }
        out.push_str("</rect>");
    };
    if hits.iter().any(|h| h.choice.is_none()) {
        out.push_str("<g class=\"hits\">");
        for h in hits.iter().filter(|h| h.choice.is_none()) {
            write_one(out, h);
        }
        out.push_str("</g>");
    }
    for (key, shown) in groups {
        let display = if *shown { "" } else { " display=\"none\"" };
        let _ = write!(out, "<g class=\"hits\" data-choice=\"{}\"{display}>", escape(key));
        for h in hits.iter().filter(|h| h.choice.as_ref().is_some_and(|c| &c.0 == key)) {
            write_one(out, h);
        }
        out.push_str("</g>");
    }
}

/// The point at `t` (0 to 1) of the Bézier curve of `points` (its ends and control points),
/// by de Casteljau's construction.
fn bezier(points: &[(f64, f64)], t: f64) -> (f64, f64) {
    let mut p = points.to_vec();
    while p.len() > 1 {
        p = p.windows(2).map(|w| (w[0].0 + t * (w[1].0 - w[0].0), w[0].1 + t * (w[1].1 - w[0].1))).collect();
    }
    p.first().copied().unwrap_or_default()
}

/// The bounding box `[x0, y0, x1, y1]` of SVG path data: quadratic and cubic curves by points
/// along them, other curves with their control points (a box a little large); `None` for data
/// it does not read.
fn path_box(d: &str) -> Option<[f64; 4]> {
    let mut tokens = vec![];
    let mut number = String::new();
    for c in d.chars() {
        let starts_new = c == '-' && !number.is_empty() && !number.ends_with(['e', 'E']);
        if c.is_ascii_digit() || c == '.' || c == 'e' || c == 'E' || (c == '-' && !starts_new) {
            number.push(c);
            continue;
        }
        if !number.is_empty() {
            tokens.push(Err(number.parse::<f64>().ok()?));
            number.clear();
        }
        if starts_new {
            number.push(c);
        } else if c.is_ascii_alphabetic() {
            tokens.push(Ok(c));
        } else if !(c.is_whitespace() || c == ',') {
            return None;
        }
    }
    if !number.is_empty() {
        tokens.push(Err(number.parse::<f64>().ok()?));
    }
    let mut b = [f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY];
    let mut note = |x: f64, y: f64| {
        b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
    };
    let (mut x, mut y) = (0.0, 0.0);
    let mut k = 0;
    let mut command = 'M';
    while k < tokens.len() {
        if let Ok(c) = tokens[k] {
            command = c;
            k += 1;
            if c == 'Z' || c == 'z' {
                continue;
            }
        }
        let arity = match command.to_ascii_uppercase() {
            'M' | 'L' | 'T' => 2,
            'H' | 'V' => 1,
            'Q' | 'S' => 4,
            'C' => 6,
            'A' => 7,
            _ => return None,
        };
        let mut args = [0.0; 7];
        for a in args.iter_mut().take(arity) {
            match tokens.get(k) {
                Some(Err(v)) => *a = *v,
                _ => return None,
            }
            k += 1;
        }
        let relative = command.is_ascii_lowercase();
        let (bx, by) = if relative { (x, y) } else { (0.0, 0.0) };
        match command.to_ascii_uppercase() {
            'H' => x = args[0] + if relative { x } else { 0.0 },
            'V' => y = args[0] + if relative { y } else { 0.0 },
            'A' => {
                // The arc lies within its radii of its two ends.
                let (rx, ry) = (args[0].abs(), args[1].abs());
                let (ex, ey) = (bx + args[5], by + args[6]);
                for (px, py) in [(x, y), (ex, ey)] {
                    note(px - rx, py - ry);
                    note(px + rx, py + ry);
                }
                x = ex;
                y = ey;
            }
            'Q' | 'C' => {
                // The curve itself, sampled (its control points lie off it): Bézier's
                // polynomial in Bernstein form.
                let points: Vec<(f64, f64)> = std::iter::once((x, y))
                    .chain((0..arity).step_by(2).map(|p| (bx + args[p], by + args[p + 1])))
                    .collect();
                for k in 0..=64 {
                    let t = f64::from(k) / 64.0;
                    let (px, py) = bezier(&points, t);
                    note(px, py);
                }
                x = bx + args[arity - 2];
                y = by + args[arity - 1];
            }
            _ => {
                for p in (0..arity).step_by(2) {
                    note(bx + args[p], by + args[p + 1]);
                }
                x = bx + args[arity - 2];
                y = by + args[arity - 1];
            }
        }
        note(x, y);
    }
    b[0].is_finite().then_some(b)
}

/// The drawing's own style, so that a file written by `grundy draw` looks as the page does.
/// A Hackenbush edge's wide path over it (`twig hit`) is transparent with or without `move`:
/// where its click went to a hit area on top, it lost `move`, took the green of `.twig` (a
/// later rule of the same weight) and hid the blue or red edge under it (issue 80).
const STYLE: &str = "<style>\
.obj{fill:#3f6fb0;stroke:#24466f;stroke-width:1}\
.obj.gone{fill:#cfd8e6;stroke:#9fb0c8}\
.bar{fill:#3f6fb0}.bar-bg{fill:#e4e9f1}\
.label{fill:#333;font-size:13px}.num{fill:#111;font-weight:bold}\
.note{fill:#555;font-size:12px}.small{fill:#555;font-size:11px}\
.button{fill:#eef3fa;stroke:#3f6fb0;stroke-width:1}.button-label{fill:#24466f;font-size:12px;pointer-events:none}\
.frame{fill:none;stroke:#999;stroke-width:1}.grid{stroke:#c8c8c8;stroke-width:1}\
.cell{fill:#f7f7f7;stroke:#c8c8c8;stroke-width:1}.cell.dark{fill:#e6e6e6}\
.sheet{fill:#fdf6e3;stroke:#8a7a50;stroke-width:1.5}\
.cut{stroke:#8a7a50;stroke-width:1;stroke-dasharray:3 3;fill:none}\
.split{stroke:#b03a2e;stroke-width:2;stroke-linecap:round}\
.hit{fill:transparent;stroke:transparent}\
.edge{stroke:#555;stroke-width:2;fill:none}.edge.left{stroke:#2a6fdb}.edge.right{stroke:#d9534f}\
.edge.visited{stroke:#e08a00;stroke-width:4}\
.arrow{fill:#555}.arrow.left{fill:#2a6fdb}.arrow.right{fill:#d9534f}\
.cell.reach{fill:#dfe9f7}.picked{stroke:#d9534f;stroke-width:3;fill:none;pointer-events:none}\
.target{fill:rgba(42,111,219,.18);stroke:#2a6fdb;stroke-width:1.5;stroke-dasharray:3 2}\
.vertex{fill:#fff;stroke:#555;stroke-width:1.5}.vertex.visited{fill:#ffe2b3}.vertex.win{fill:#d8f0d8}.vertex.lose{fill:#f6d5d5}\
.vertex.drawn{stroke-dasharray:3 2}\
.token{fill:#d9534f;stroke:#7a1f1c;stroke-width:1.5}.token-link{stroke:#d9534f;stroke-width:1.5}.token-label{fill:#fff;font-size:12px;font-weight:bold}\
.vertex-label{fill:#222;font-size:12px}.vnum{fill:#333;font-size:11px;paint-order:stroke;stroke:#fff;stroke-width:3px}\
.ground{stroke:#5b3a1a;stroke-width:4}.twig{stroke:#2f8f3a;stroke-width:3;stroke-linecap:round;fill:none}\
.pin{fill:#fbf8ef;stroke:#5a5a5a;stroke-width:1}.pin-band{fill:#c0392b;pointer-events:none}\
.coin{fill:#d9b44a;stroke:#8a6d1a;stroke-width:1}.coin.tails{fill:#eee;stroke:#aaa}\
.queen{fill:#d9534f;stroke:#7a1f1c}.domino.left{fill:#2a6fdb;stroke:#1a4590;stroke-width:1.5}.domino.right{fill:#d9534f;stroke:#7a1f1c;stroke-width:1.5}.domino-green{fill:#2f8f3a;stroke:#1d5a24}.queen-label{fill:#fff;font-weight:bold;pointer-events:none}.step{fill:#e9dfc9;stroke:#8a7a50}\
.move{cursor:pointer}.move:hover{opacity:.6}.pick{cursor:pointer}text{pointer-events:none}\
line.move:hover,path.move:hover{stroke:#d9534f;opacity:1}\
.hit.move:hover{fill:rgba(217,83,79,.3)}\
.twig.hit{stroke:transparent;stroke-width:14}\
.twig.move.hit:hover{stroke:rgba(217,83,79,.4)}\
.cut.move.hit{stroke:transparent;stroke-width:9;stroke-dasharray:none}\
.cut.move.hit:hover{stroke:rgba(217,83,79,.5)}\
</style>";

/// The lines [`Sketch::note`] writes `text` on: at most [`NOTE_LINE`] characters each, broken
/// between words, at most [`NOTE_LINES`] (the last holding the rest, cut short when drawn). A
/// face that places something under a note leaves [`NOTE_LEADING`] for each line past the first.
pub fn note_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = vec![];
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > NOTE_LINE {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    if lines.len() > NOTE_LINES {
        let rest = lines.split_off(NOTE_LINES - 1).join(" ");
        lines.push(rest);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_and_escapes() {
        let mut s = Sketch::new();
        s.height = 40.0;
        let t = s.target(vec![1], None);
        assert_eq!(s.target(vec![1], None), t);
        s.circle(10.0, 10.0, 5.0, "obj").makes(t).title("a <b>");
        s.choice("1", false, |s| {
            s.text(1.0, 2.0, "x & y", "label", "start");
        });
        let svg = s.render(&["1 -> 1".into()], "t");
        // The circle is drawn as it is, and its hit area on top carries the move and title.
        assert!(svg.contains("<circle cx=\"10\" cy=\"10\" r=\"5\" class=\"obj\">"), "{svg}");
        assert!(
            svg.contains("class=\"hit move\" data-hit=\"\" data-move=\"1 -&gt; 1\"><title>a &lt;b&gt;</title>"),
            "{svg}"
        );
        assert!(svg.contains("<title>a &lt;b&gt;</title>"));
        assert!(svg.contains("<g data-choice=\"1\" display=\"none\"><text"));
        assert!(svg.contains("x &amp; y"));
        assert_eq!(clip("abcdef", 4), "abc…");
    }

    /// Issue 64: every shape that makes a move gets a hit area of [`HIT_SIDE`] where there is
    /// room, cut halfway to a neighbour's; areas of different moves never overlap, each holds
    /// its shape's centre, the same move's overlapping shapes share one, and a pick's group of
    /// targets is cut against what shows with it only.
    #[test]
    fn hit_areas_grow_to_the_free_space_and_never_overlap() {
        let mut s = Sketch::new();
        s.height = 400.0;
        let moves: Vec<String> = (0..40).map(|k| format!("m{k}")).collect();
        let mut centres = vec![];
        for k in 0..12u64 {
            let t = s.target(vec![k], None);
            // A row 20 apart, then a column 60 apart.
            let (x, y) = if k < 6 { (30.0 + 20.0 * k as f64, 30.0) } else { (300.0, 30.0 + 60.0 * (k - 6) as f64) };
            s.circle(x, y, 6.0, "obj").makes(t);
            centres.push((x, y));
        }
        // An edge and the wide path over it: one move, one area.
        let t = s.target(vec![99], None);
        s.path("M400 20 Q420 60 440 100", "edge").makes(t);
        s.path("M400 20 Q420 60 440 100", "twig hit").makes(t);
        s.choice("k", false, |s| {
            let t = s.target(vec![77], None);
            s.circle(30.0, 30.0, 6.0, "target").makes(t);
        });
        let mut hits = vec![];
        collect_hits(&s.items, &moves, (0.0, 0.0), None, &mut hits);
        assert_eq!(hits.len(), 15);
        hit_areas(&mut hits);
        assert_eq!(hits.len(), 14, "{hits:?}");
        for (i, a) in hits.iter().enumerate() {
            for b in &hits[i + 1..] {
                let together = a.choice.is_none() || b.choice.is_none() || a.choice == b.choice;
                assert!(!(together && overlap(&a.area, &b.area)) || a.action == b.action, "{a:?} {b:?}");
            }
        }
        let side = |h: &Hit| ((h.area[2] - h.area[0]), (h.area[3] - h.area[1]));
        // The row: 20 wide (halfway to each neighbour), HIT_SIDE high; the column HIT_SIDE each way.
        assert_eq!(side(&hits[2]), (20.0, HIT_SIDE));
        assert_eq!(side(&hits[8]), (HIT_SIDE, HIT_SIDE));
        for (h, &(x, y)) in hits.iter().zip(&centres) {
            assert!(h.area[0] <= x && x <= h.area[2] && h.area[1] <= y && y <= h.area[3], "{h:?}");
        }
        // The picked group's target lies on the first circle: the two are cut apart.
        let picked = hits.iter().find(|h| h.choice.is_some()).unwrap();
        assert!(!overlap(&picked.area, &hits[0].area), "{picked:?}");
        // A target's hit area is inside the drawing, which reaches far enough right and down
        // to hold it whole; near the top or left edge it is cut there.
        let mut near = Sketch::new();
        near.circle(2.0, 4.0, 2.0, "obj").picks("p");
        near.circle(100.0, 100.0, 2.0, "obj").picks("q");
        let svg = near.render(&[], "t");
        assert!(svg.contains("<rect x=\"0\" y=\"0\" width=\"26\" height=\"28\" class=\"hit pick\""), "{svg}");
        assert!(svg.contains("<rect x=\"76\" y=\"76\" width=\"48\" height=\"48\" class=\"hit pick\""), "{svg}");
        assert!(near.fitted_width() >= 124.0 && near.fitted_height() >= 124.0, "{svg}");
        // The drawing says its least side, and the page scales it from that.
        let least = hits.iter().map(|h| side(h).0.min(side(h).1)).fold(f64::INFINITY, f64::min);
        assert!(least > 0.0 && least < 20.0, "{least}");
        assert!(s.render(&moves, "t").contains(&format!("data-hit-min=\"{}\"", num(least))));
        assert_eq!(path_box("M400 20 Q420 60 440 100"), Some([400.0, 20.0, 440.0, 100.0]));
        // A curve's box is the curve's, not its control point's.
        assert_eq!(path_box("M48 282 Q72 267 48 252"), Some([48.0, 252.0, 60.0, 282.0]));
        assert_eq!(path_box("M10 20 v-5 H30 v5"), Some([10.0, 15.0, 30.0, 20.0]));
        let [x0, y0, x1, y1] = path_box("M5 5 c-14 -30 14 -30 0 0").unwrap();
        assert!(
            (x0 - 0.96).abs() < 0.01 && (y0 + 17.5).abs() < 0.01 && (x1 - 9.04).abs() < 0.01 && y1 == 5.0,
            "{x0} {y0} {x1} {y1}"
        );
        assert_eq!(path_box("M1 1 X 2"), None);
    }

    /// A long note wraps between words onto lines of at most NOTE_LINE characters, the
    /// drawing as tall as its last line (its game set a height for one) and no wider than a
    /// line; past NOTE_LINES lines the last is cut short.
    #[test]
    fn a_long_note_wraps_and_the_drawing_holds_it() {
        let mut s = Sketch::new();
        let text = "The queen moves left, down or diagonally down-left; whoever takes her to the corner (0, 0) wins.";
        s.note(20.0, text);
        s.height = 28.0;
        let lines: Vec<String> = s
            .render(&[], "t")
            .split("class=\"note\" text-anchor=\"start\">")
            .skip(1)
            .map(|l| l.split('<').next().unwrap().to_string())
            .collect();
        assert_eq!(lines.join(" "), text);
        assert!(lines.len() == 2 && lines.iter().all(|l| l.chars().count() <= NOTE_LINE), "{lines:?}");
        assert!(s.fitted_height() >= 20.0 + NOTE_LEADING + 4.0, "{}", s.fitted_height());
        assert!(s.fitted_width() <= 8.0 + 8.0 * NOTE_LINE as f64 + 8.0, "{}", s.fitted_width());
        let mut long = Sketch::new();
        long.note(10.0, &"word ".repeat(60));
        let svg = long.render(&[], "t");
        assert_eq!(svg.matches("class=\"note\"").count(), NOTE_LINES);
        assert!(svg.contains("…"));
    }
}
