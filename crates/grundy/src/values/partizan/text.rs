//! Games as text, with the names of Lessons in Play (Albert, Nowakowski & Wolfe): integers and
//! dyadic numbers (`3`, `-5/8`), nimbers (`*`, `*2`), ↑ and ↓ with their multiples (`↑`, `⇑`,
//! `↑3`, `↓`, `⇓`, `↓3`) and sums of these (`1/2↑*`, `⇑*3`), switches (`±1`), and braces
//! otherwise (`{0,*|-1}`, options nested in braces). ASCII reads back too: `^` and `v` for ↑ and
//! ↓ (`^^`, `vv`, `^3`), and `+-` for ± as CGSuite writes it (`+-1` is ±1 = {1|-1}, the two
//! characters together: `1 + -1` with a space is 0). Sums and differences of terms (`↑+*`,
//! `{1|0}-1/2`) and parentheses are read; a `-` straight before a digit belongs to the number
//! (`-1↑` is -1 + ↑), and a game before a ± is added to it, as in CGSuite (`3±1` and `3+-1`
//! are 3 + ±1 = {4|2}).
//!
//! The uptimals of Lessons in Play are names too: `↑^3` (↑ to the 3rd, ASCII `^^3` or CGSuite's
//! `^<3>`; `^3` is three ↑, ↑3), `↓^3`,
//! `↑^3*`, and the tiny and miny games `⧾2` and `⧿2` (also `Tiny(2)`, `Miny(2)`, of any game).
//! Expressions combine games: the ordinal sum `G:H` (`{1|*}:1`), the Norton product `G.U` by a
//! positive unit U (`3.↑` is ↑3, `{1|0}.↑`), the atomic weight `aw(G)` and the reduced
//! canonical form `reduced(G)`, and cooling, heating, overheating and freezing (`cool(G, t)`,
//! `heat(G, t)`, `overheat(G, s, t)`, `freeze(G)`). `:` and `.` bind tighter than `+` and `-`,
//! from left to right, and a sign or ± before a term applies to the whole of it (`-1:1`'s `-1`
//! is the number). A [`Worksheet`] line is a game, a comparison of two (`G >= H`) or a form's
//! options (`options(G)`).
//!
//! [`GameExpr`] is the text's tree: `FromStr` reads it, `Display` writes it, and a
//! [`GameStore`] evaluates it ([`GameStore::eval`]) or names a value by it ([`GameStore::expr`]).
//! A value's name read back is the same value, and is written the same.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::fmt;
use std::str::FromStr;

use super::dyadic::Dyadic;
use super::error::PartizanError;
use super::store::{GameStore, GameValue, Id, Nus, Relation};
use crate::number::echo;

/// How deep braces, parentheses, signs and switches may nest in a text.
pub const MAX_NESTING: usize = 200;

/// A game written as text: a tree of the notation, not yet a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameExpr {
    /// x + n·↑ + *m, written in one word: `1/2↑*`, `⇓*3`, `-2`, `0`.
    Nus {
        /// The number x.
        number: Dyadic,
        /// n, negative for ↓.
        ups: i64,
        /// m.
        star: u64,
    },
    /// ±G = {G | -G}.
    Switch(Box<GameExpr>),
    /// {left | right}.
    Braces(Vec<GameExpr>, Vec<GameExpr>),
    /// -G.
    Neg(Box<GameExpr>),
    /// The sum of the terms.
    Sum(Vec<GameExpr>),
    /// ↑^n (n > 0) or ↓^|n| (n < 0), n >= 2 written with a caret, plus * when `star`.
    UpPower {
        /// The power, negative for ↓.
        n: i64,
        /// Whether * is added.
        star: bool,
    },
    /// ⧾G = {0 || 0 | -G}.
    Tiny(Box<GameExpr>),
    /// ⧿G = {G | 0 || 0}.
    Miny(Box<GameExpr>),
    /// The ordinal sum G:H.
    Ordinal(Box<GameExpr>, Box<GameExpr>),
    /// The Norton product G.U (U positive).
    Norton(Box<GameExpr>, Box<GameExpr>),
    /// The atomic weight aw(G) of an all-small game.
    AtomicWeight(Box<GameExpr>),
    /// The reduced canonical form reduced(G).
    Reduced(Box<GameExpr>),
    /// G cooled by t, cool(G, t) (t a number greater than -1).
    Cool(Box<GameExpr>, Box<GameExpr>),
    /// G heated by t, heat(G, t).
    Heat(Box<GameExpr>, Box<GameExpr>),
    /// G overheated from s to t, overheat(G, s, t).
    Overheat(Box<GameExpr>, Box<GameExpr>, Box<GameExpr>),
    /// G's frozen value, freeze(G): G cooled by its temperature.
    Freeze(Box<GameExpr>),
}

impl fmt::Display for GameExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameExpr::Nus { number, ups, star } => {
                if *number != Dyadic::ZERO || (*ups == 0 && *star == 0) {
                    write!(f, "{number}")?;
                }
                match *ups {
                    0 => {}
                    1 => f.write_str("↑")?,
                    2 => f.write_str("⇑")?,
                    -1 => f.write_str("↓")?,
                    -2 => f.write_str("⇓")?,
                    n if n > 0 => write!(f, "↑{n}")?,
                    n => write!(f, "↓{}", n.unsigned_abs())?,
                }
                match *star {
                    0 => Ok(()),
                    1 => f.write_str("*"),
                    m => write!(f, "*{m}"),
                }
            }
            GameExpr::Switch(g) => match **g {
                GameExpr::Sum(_) | GameExpr::Ordinal(..) | GameExpr::Norton(..) => write!(f, "±({g})"),
                _ => write!(f, "±{g}"),
            },
            GameExpr::UpPower { n, star } => {
                let arrow = if *n < 0 { "↓" } else { "↑" };
                write!(f, "{arrow}^{}", n.unsigned_abs())?;
                if *star {
                    f.write_str("*")?;
                }
                Ok(())
            }
            GameExpr::Tiny(g) | GameExpr::Miny(g) => {
                let tiny = matches!(self, GameExpr::Tiny(_));
                match **g {
                    GameExpr::Nus { number, ups: 0, star: 0 } if number > Dyadic::ZERO => {
                        write!(f, "{}{number}", if tiny { "⧾" } else { "⧿" })
                    }
                    _ => write!(f, "{}({g})", if tiny { "Tiny" } else { "Miny" }),
                }
            }
            GameExpr::Ordinal(a, b) | GameExpr::Norton(a, b) => {
                let sign = if matches!(self, GameExpr::Ordinal(..)) { ":" } else { "." };
                match **a {
                    GameExpr::Sum(_) | GameExpr::Neg(_) | GameExpr::Switch(_) => write!(f, "({a})")?,
                    _ => write!(f, "{a}")?,
                }
                f.write_str(sign)?;
                match **b {
                    GameExpr::Sum(_)
                    | GameExpr::Neg(_)
                    | GameExpr::Switch(_)
                    | GameExpr::Ordinal(..)
                    | GameExpr::Norton(..) => write!(f, "({b})"),
                    _ => write!(f, "{b}"),
                }
            }
            GameExpr::AtomicWeight(g) => write!(f, "aw({g})"),
            GameExpr::Reduced(g) => write!(f, "reduced({g})"),
            GameExpr::Cool(g, t) => write!(f, "cool({g}, {t})"),
            GameExpr::Heat(g, t) => write!(f, "heat({g}, {t})"),
            GameExpr::Overheat(g, s, t) => write!(f, "overheat({g}, {s}, {t})"),
            GameExpr::Freeze(g) => write!(f, "freeze({g})"),
            GameExpr::Braces(left, right) => {
                f.write_str("{")?;
                write_list(f, left)?;
                f.write_str("|")?;
                write_list(f, right)?;
                f.write_str("}")
            }
            GameExpr::Neg(g) => {
                f.write_str("-")?;
                write_term(f, g)
            }
            GameExpr::Sum(terms) => {
                for (i, t) in terms.iter().enumerate() {
                    match t {
                        GameExpr::Neg(inner) if i > 0 => {
                            f.write_str("-")?;
                            write_term(f, inner)?;
                        }
                        _ => {
                            if i > 0 {
                                f.write_str("+")?;
                            }
                            write_term(f, t)?;
                        }
                    }
                }
                Ok(())
            }
        }
    }
}

/// A term after a sign or ±: in parentheses when it is a sum or a word that starts with a digit
/// (which a `-` before it would join).
fn write_term(f: &mut fmt::Formatter<'_>, g: &GameExpr) -> fmt::Result {
    // Written once: a term's text is made a single time at each level, so deep nesting costs
    // no more than its length times its depth.
    let text = g.to_string();
    match g {
        GameExpr::Sum(_) | GameExpr::Ordinal(..) | GameExpr::Norton(..) => write!(f, "({text})"),
        GameExpr::Nus { number, .. } if *number != Dyadic::ZERO => write!(f, "({text})"),
        // Zero itself (`0`) starts with a digit too: `--0` would read as -(0), not -(-0)
        // (found by the fuzzer).
        _ if text.starts_with(|c: char| c.is_ascii_digit()) => write!(f, "({text})"),
        _ => f.write_str(&text),
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, list: &[GameExpr]) -> fmt::Result {
    for (i, g) in list.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{g}")?;
    }
    Ok(())
}

impl FromStr for GameExpr {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut p = Parser { chars: s.chars().collect(), at: 0, depth: 0 };
        let e = p.expr()?;
        p.skip_space();
        match p.peek() {
            None => Ok(e),
            Some(c) => Err(p.error(&format!("unexpected `{c}`"))),
        }
    }
}

/// A comparison of two games, as CGSuite's worksheet writes it: `>=`, `<=`, `==`, `!=`, `<`,
/// `>`, `||` (confused with), `<|` (less than or confused with) and `|>` (greater than or
/// confused with).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// G >= H.
    GreaterOrEqual,
    /// G <= H.
    LessOrEqual,
    /// G == H.
    Equal,
    /// G != H.
    NotEqual,
    /// G < H.
    Less,
    /// G > H.
    Greater,
    /// G || H: G is confused with H.
    Confused,
    /// G <| H: G is less than or confused with H (not G >= H).
    LessOrConfused,
    /// G |> H: G is greater than or confused with H (not G <= H).
    GreaterOrConfused,
}

impl Comparison {
    /// Every comparison, longest symbols first (the order they are read in).
    const ALL: [Comparison; 9] = [
        Comparison::GreaterOrEqual,
        Comparison::LessOrEqual,
        Comparison::Equal,
        Comparison::NotEqual,
        Comparison::Confused,
        Comparison::LessOrConfused,
        Comparison::GreaterOrConfused,
        Comparison::Less,
        Comparison::Greater,
    ];

    /// The symbol, as typed (`>=`, `||`).
    pub fn symbol(self) -> &'static str {
        match self {
            Comparison::GreaterOrEqual => ">=",
            Comparison::LessOrEqual => "<=",
            Comparison::Equal => "==",
            Comparison::NotEqual => "!=",
            Comparison::Less => "<",
            Comparison::Greater => ">",
            Comparison::Confused => "||",
            Comparison::LessOrConfused => "<|",
            Comparison::GreaterOrConfused => "|>",
        }
    }

    /// Whether the comparison holds between two games that compare as `r`.
    pub fn holds(self, r: Relation) -> bool {
        use Relation::{Confused, Equal, Greater, Less};
        match self {
            Comparison::GreaterOrEqual => matches!(r, Greater | Equal),
            Comparison::LessOrEqual => matches!(r, Less | Equal),
            Comparison::Equal => r == Equal,
            Comparison::NotEqual => r != Equal,
            Comparison::Less => r == Less,
            Comparison::Greater => r == Greater,
            Comparison::Confused => r == Confused,
            Comparison::LessOrConfused => matches!(r, Less | Confused),
            Comparison::GreaterOrConfused => matches!(r, Greater | Confused),
        }
    }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// What a worksheet line asks of games written as text: a game's value, how two games compare
/// (`{1|0} >= *`), or a game's options (`options({2|-1})`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Worksheet {
    /// The value of a game.
    Value(GameExpr),
    /// Whether `G op H` holds.
    Compare(GameExpr, Comparison, GameExpr),
    /// The canonical form's Left and Right options.
    Options(GameExpr),
}

impl fmt::Display for Worksheet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Worksheet::Value(g) => write!(f, "{g}"),
            Worksheet::Compare(g, op, h) => write!(f, "{g} {op} {h}"),
            Worksheet::Options(g) => write!(f, "options({g})"),
        }
    }
}

impl FromStr for Worksheet {
    type Err = PartizanError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut p = Parser { chars: s.chars().collect(), at: 0, depth: 0 };
        p.skip_space();
        let rest: String = p.chars.iter().take_while(|c| c.is_ascii_alphabetic()).collect();
        let sheet = if rest == "options" {
            p.at += rest.len();
            p.skip_space();
            if p.peek() != Some('(') {
                return Err(p.error("expected `(` after `options`"));
            }
            // A parenthesised game, read as any other.
            Worksheet::Options(p.primary()?)
        } else {
            let g = p.expr()?;
            p.skip_space();
            if p.peek().is_none() {
                return Ok(Worksheet::Value(g));
            }
            let op = p.comparison()?;
            let h = p.expr()?;
            Worksheet::Compare(g, op, h)
        };
        p.skip_space();
        match p.peek() {
            None => Ok(sheet),
            Some(c) => Err(p.error(&format!("unexpected `{c}`"))),
        }
    }
}

/// A recursive-descent reader of [`GameExpr`].
struct Parser {
    chars: Vec<char>,
    at: usize,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.at + k).copied()
    }

    fn bump(&mut self) {
        self.at += 1;
    }

    /// The length of a ± at the cursor, 0 where there is none: `±`, or `+-` as CGSuite and
    /// ASCII texts write it, the two characters together (`+ -` with a space between is a plus
    /// and a minus: `1 + -1` is 0).
    fn plus_minus(&self) -> usize {
        match (self.peek(), self.peek_at(1)) {
            (Some('±'), _) => 1,
            (Some('+'), Some('-')) => 2,
            _ => 0,
        }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn error(&self, what: &str) -> PartizanError {
        PartizanError::Parse(format!("{what} at character {} of the game's text", self.at + 1))
    }

    /// Runs `f` one level deeper, refusing past [`MAX_NESTING`].
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T, PartizanError>) -> Result<T, PartizanError> {
        if self.depth >= MAX_NESTING {
            return Err(self.error(&format!("nested deeper than {MAX_NESTING} levels")));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    /// A comparison's symbol (`>=`, `||`, ...), or the error naming what stands there.
    fn comparison(&mut self) -> Result<Comparison, PartizanError> {
        for op in Comparison::ALL {
            let symbol: Vec<char> = op.symbol().chars().collect();
            if self.chars.get(self.at..self.at + symbol.len()) == Some(&symbol[..]) {
                self.at += symbol.len();
                return Ok(op);
            }
        }
        let word: String = self.chars.iter().skip(self.at).take_while(|c| "<>=!|".contains(**c)).collect();
        match word.is_empty() {
            true => Err(self.error(&format!("unexpected `{}`", self.peek().unwrap_or(' ')))),
            false => Err(self.error(&format!(
                "unknown comparison `{word}` (the comparisons are >=, <=, ==, !=, <, >, ||, <| and |>)"
            ))),
        }
    }

    /// term { (+|-) term }
    fn expr(&mut self) -> Result<GameExpr, PartizanError> {
        let mut terms = vec![self.signed_term()?];
        loop {
            self.skip_space();
            match self.peek() {
                // G ± H is G + ±H, as CGSuite reads it: `3+-1` is 3 ± 1 = {4|2}.
                _ if self.plus_minus() > 0 => terms.push(self.nested(|p| p.term())?),
                Some('+') => {
                    self.bump();
                    terms.push(self.signed_term()?);
                }
                Some('-') => {
                    self.bump();
                    let t = self.nested(|p| p.term())?;
                    terms.push(GameExpr::Neg(Box::new(t)));
                }
                _ => break,
            }
        }
        Ok(if terms.len() == 1 { terms.pop().unwrap_or(GameExpr::Sum(Vec::new())) } else { GameExpr::Sum(terms) })
    }

    /// A term with an optional sign: `-` before a digit belongs to the number (a leading `-`
    /// is read by [`Parser::term`], as after `±`, and so is `+-`, a ±).
    fn signed_term(&mut self) -> Result<GameExpr, PartizanError> {
        self.skip_space();
        if self.peek() == Some('+') && self.plus_minus() == 0 {
            self.bump();
            return self.nested(|p| p.term());
        }
        self.term()
    }

    /// A term: a sign or ± and the term after it, or a primary followed by `:H` and `.U`.
    fn term(&mut self) -> Result<GameExpr, PartizanError> {
        self.skip_space();
        let plus_minus = self.plus_minus();
        match self.peek() {
            _ if plus_minus > 0 => {
                self.at += plus_minus;
                let t = self.nested(|p| p.term())?;
                Ok(GameExpr::Switch(Box::new(t)))
            }
            Some('-') if !self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) => {
                self.bump();
                let t = self.nested(|p| p.term())?;
                Ok(GameExpr::Neg(Box::new(t)))
            }
            _ => {
                let mut e = self.primary()?;
                loop {
                    self.skip_space();
                    let ordinal = match self.peek() {
                        Some(':') => true,
                        Some('.') => false,
                        _ => return Ok(e),
                    };
                    self.bump();
                    let operand = self.nested(|p| p.operand())?;
                    e = if ordinal {
                        GameExpr::Ordinal(Box::new(e), Box::new(operand))
                    } else {
                        GameExpr::Norton(Box::new(e), Box::new(operand))
                    };
                }
            }
        }
    }

    /// The right operand of `:` or `.`: a primary, or a sign or ± and the operand after it.
    fn operand(&mut self) -> Result<GameExpr, PartizanError> {
        self.skip_space();
        let plus_minus = self.plus_minus();
        match self.peek() {
            _ if plus_minus > 0 => {
                self.at += plus_minus;
                Ok(GameExpr::Switch(Box::new(self.nested(|p| p.operand())?)))
            }
            Some('-') if !self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) => {
                self.bump();
                Ok(GameExpr::Neg(Box::new(self.nested(|p| p.operand())?)))
            }
            _ => self.primary(),
        }
    }

    /// Braces, parentheses, a word, ⧾/⧿ and a term, or a named function of a game.
    fn primary(&mut self) -> Result<GameExpr, PartizanError> {
        self.skip_space();
        match self.peek() {
            Some('{') => {
                self.bump();
                self.nested(|p| p.braces())
            }
            Some('(') => {
                self.bump();
                let e = self.nested(|p| p.expr())?;
                self.skip_space();
                if self.peek() != Some(')') {
                    return Err(self.error("expected `)`"));
                }
                self.bump();
                Ok(e)
            }
            Some(c @ ('⧾' | '⧿')) => {
                self.bump();
                let t = self.nested(|p| p.operand())?;
                Ok(if c == '⧾' { GameExpr::Tiny(Box::new(t)) } else { GameExpr::Miny(Box::new(t)) })
            }
            Some('-') if !self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) => self.operand(),
            _ if self.plus_minus() > 0 => self.operand(),
            Some(c) if c.is_ascii_digit() || c == '-' || "↑^⇑↓v⇓*".contains(c) => self.word(),
            Some(c) if c.is_ascii_alphabetic() => self.function(),
            Some(c) => Err(self.error(&format!(
                "unexpected `{c}` (a game is a number, ↑, ↓, *n, ±G or {{left options|right options}})"
            ))),
            None => Err(self.error("a game is missing")),
        }
    }

    /// A named function of games: `aw(G)`, `reduced(G)`, `Tiny(G)`, `Miny(G)`, `freeze(G)`,
    /// `cool(G, t)`, `heat(G, t)` or `overheat(G, s, t)`.
    fn function(&mut self) -> Result<GameExpr, PartizanError> {
        let start = self.at;
        let mut name = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
            name.push(c);
            self.bump();
        }
        let (arguments, written) = match name.as_str() {
            "aw" | "reduced" | "Tiny" | "Miny" | "freeze" => (1, "G"),
            "cool" | "heat" => (2, "G, t"),
            "overheat" => (3, "G, s, t"),
            _ => {
                self.at = start;
                return Err(self.error(&format!(
                    "unknown name `{}` (the functions are aw(G), reduced(G), Tiny(G), Miny(G), cool(G, t), heat(G, t), overheat(G, s, t) and freeze(G))",
                    echo(&name)
                )));
            }
        };
        self.skip_space();
        if self.peek() != Some('(') {
            return Err(self.error(&format!("expected `(` after `{name}`")));
        }
        self.bump();
        let mut args = Vec::with_capacity(arguments);
        loop {
            args.push(self.nested(|p| p.expr())?);
            self.skip_space();
            match self.peek() {
                Some(',') if args.len() < arguments => self.bump(),
                Some(')') if args.len() == arguments => break,
                Some(',' | ')') => {
                    return Err(self.error(&format!("{name} takes {arguments} game(s): {name}({written})")));
                }
                _ => return Err(self.error(&format!("expected `,` or `)` in {name}({written})"))),
            }
        }
        self.bump();
        let mut args = args.into_iter().map(Box::new);
        let mut next = || args.next().ok_or_else(|| PartizanError::Parse(format!("{name}: a game is missing")));
        Ok(match name.as_str() {
            "aw" => GameExpr::AtomicWeight(next()?),
            "reduced" => GameExpr::Reduced(next()?),
            "Tiny" => GameExpr::Tiny(next()?),
            "Miny" => GameExpr::Miny(next()?),
            "freeze" => GameExpr::Freeze(next()?),
            "cool" => GameExpr::Cool(next()?, next()?),
            "heat" => GameExpr::Heat(next()?, next()?),
            _ => GameExpr::Overheat(next()?, next()?, next()?),
        })
    }

    /// `{` list `|` list `}`, the `{` read.
    fn braces(&mut self) -> Result<GameExpr, PartizanError> {
        let left = self.list()?;
        self.skip_space();
        if self.peek() != Some('|') {
            return Err(self.error("expected `|` between Left's and Right's options"));
        }
        self.bump();
        let right = self.list()?;
        self.skip_space();
        if self.peek() != Some('}') {
            return Err(self.error("expected `}`"));
        }
        self.bump();
        Ok(GameExpr::Braces(left, right))
    }

    /// Options separated by commas, up to `|` or `}`.
    fn list(&mut self) -> Result<Vec<GameExpr>, PartizanError> {
        let mut out = Vec::new();
        self.skip_space();
        if matches!(self.peek(), Some('|' | '}')) {
            return Ok(out);
        }
        loop {
            out.push(self.expr()?);
            self.skip_space();
            if self.peek() == Some(',') {
                self.bump();
            } else {
                return Ok(out);
            }
        }
    }

    /// Digits, as text.
    fn digits(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            s.push(c);
            self.bump();
        }
        s
    }

    /// A word x n·↑ *m: `1/2↑*`, `-3`, `⇓*2`, `^3`, `v*`.
    fn word(&mut self) -> Result<GameExpr, PartizanError> {
        let start = self.at;
        let mut number = Dyadic::ZERO;
        let negative = self.peek() == Some('-');
        if negative || self.peek().is_some_and(|c| c.is_ascii_digit()) {
            let mut text = String::new();
            if negative {
                text.push('-');
                self.bump();
            }
            text.push_str(&self.digits());
            if self.peek() == Some('/') {
                self.bump();
                text.push('/');
                text.push_str(&self.digits());
            }
            number = text.parse().map_err(|e: PartizanError| match e {
                PartizanError::Parse(m) => self.error(&m),
                other => other,
            })?;
        }
        let mut ups: i64 = 0;
        let mut arrows = 0;
        let mut last = ' ';
        while let Some(c) = self.peek().filter(|c| "↑^⇑↓v⇓".contains(*c)) {
            // ↑^n, ↓^n: a caret after a single arrow, digits after it.
            if c == '^' && arrows == 1 && "↑^↓v".contains(last) && self.peek_at(1).is_some_and(|d| d.is_ascii_digit())
            {
                self.bump();
                return self.up_power(start, number, ups, false);
            }
            let step = match c {
                '↑' | '^' => 1,
                '⇑' => 2,
                '↓' | 'v' => -1,
                _ => -2,
            };
            if ups != 0 && (ups > 0) != (step > 0) {
                return Err(self.error("↑ and ↓ mixed in one word (write a sum with +)"));
            }
            ups += step;
            arrows += 1;
            last = c;
            self.bump();
        }
        // CGSuite's ↑^n, `^<n>` and `v<n>`: the angle brackets closed after the digits (`^<3`
        // alone is ↑ compared with 3).
        if arrows == 1 && "↑^↓v".contains(last) && self.peek() == Some('<') {
            let digits = self.chars.iter().skip(self.at + 1).take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 && self.peek_at(1 + digits) == Some('>') {
                self.bump();
                return self.up_power(start, number, ups, true);
            }
        }
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            if arrows != 1 || !"↑^↓v".contains(last) {
                return Err(self.error("a count follows a single ↑ or ↓ (`↑3`, `v3`)"));
            }
            let digits = self.digits();
            // ↓ counts run to 2^63, one past ↑'s: every count a name is written with reads back
            // (↓9223372036854775807 + ↓ is named ↓9223372036854775808). The refusal names the
            // arrow as typed.
            let count = digits.parse::<u64>().ok();
            ups = match count {
                Some(n) if ups > 0 => i64::try_from(n).ok(),
                Some(n) => 0i64.checked_sub_unsigned(n),
                None => None,
            }
            .ok_or_else(|| {
                let most = if ups > 0 { "↑9223372036854775807 (2^63 - 1)" } else { "↓9223372036854775808 (2^63)" };
                PartizanError::Overflow(format!("{last}{} (at most {most})", echo(&digits)))
            })?;
        }
        let mut star = 0;
        if self.peek() == Some('*') {
            self.bump();
            let digits = self.digits();
            star = if digits.is_empty() {
                1
            } else {
                digits.parse().map_err(|_| PartizanError::Overflow(format!("*{} (at most 2^64 - 1)", echo(&digits))))?
            };
        }
        if self.at == start {
            return Err(self.error("a game is missing"));
        }
        Ok(GameExpr::Nus { number, ups, star })
    }

    /// The rest of `↑^n` or `↓^n` (`^^n`, `v^n`, or CGSuite's `^<n>` when `angled`), an
    /// optional `*` after it: the arrow and the caret (or `<`) read (`ups` is 1 for ↑, -1 for ↓), the digits next.
    fn up_power(&mut self, start: usize, number: Dyadic, ups: i64, angled: bool) -> Result<GameExpr, PartizanError> {
        if number != Dyadic::ZERO || self.chars.get(start).is_some_and(|c| c.is_ascii_digit() || *c == '-') {
            return Err(self.error("a number and ↑^n in one word (write a sum with +: `1+↑^2`)"));
        }
        let digits = self.digits();
        let n: i64 =
            digits.parse().ok().filter(|&n: &i64| (1..=super::uptimal::MAX_UP_POWER as i64).contains(&n)).ok_or_else(
                || {
                    let arrow = if ups > 0 { "↑" } else { "↓" };
                    self.error(&format!(
                        "{arrow}^{}: the powers of {arrow} run from 1 to {}",
                        echo(&digits),
                        super::uptimal::MAX_UP_POWER
                    ))
                },
            )?;
        if angled {
            // The `>` of `^<n>`, checked there by the caller.
            self.bump();
        }
        let star = self.peek() == Some('*');
        if star {
            self.bump();
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err(self.error("↑^n is followed by * alone (write a sum for *2: `↑^2+*2`)"));
            }
        }
        Ok(GameExpr::UpPower { n: if ups > 0 { n } else { -n }, star })
    }
}

impl GameStore {
    /// The value of a game's text.
    ///
    /// ```
    /// use grundy::values::partizan::GameStore;
    /// let mut s = GameStore::new();
    /// let g = s.parse("^ + ^").unwrap();
    /// assert_eq!(s.text(g).unwrap(), "⇑");
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<GameValue, PartizanError> {
        let e: GameExpr = text.parse()?;
        self.eval(&e)
    }

    /// The value of a game's text tree, in canonical form.
    pub fn eval(&mut self, e: &GameExpr) -> Result<GameValue, PartizanError> {
        self.begin("the value of a game's text");
        let id = self.eval_id(e)?;
        Ok(self.value(id))
    }

    fn eval_id(&mut self, e: &GameExpr) -> Result<Id, PartizanError> {
        self.tick(1)?;
        self.deeper(|s| s.eval_step(e))
    }

    /// One node of [`GameStore::eval_id`], its children one level deeper.
    fn eval_step(&mut self, e: &GameExpr) -> Result<Id, PartizanError> {
        match e {
            GameExpr::Nus { number, ups, star } => self.intern_nus(Nus { number: *number, ups: *ups, star: *star }),
            GameExpr::Switch(g) => {
                let g = self.eval_id(g)?;
                let n = self.neg_id(g)?;
                self.canonical(vec![g], vec![n])
            }
            GameExpr::Braces(l, r) => {
                let left = l.iter().map(|o| self.eval_id(o)).collect::<Result<Vec<_>, _>>()?;
                let right = r.iter().map(|o| self.eval_id(o)).collect::<Result<Vec<_>, _>>()?;
                self.canonical(left, right)
            }
            GameExpr::Neg(g) => {
                let g = self.eval_id(g)?;
                self.neg_id(g)
            }
            GameExpr::Sum(terms) => {
                let ids = terms.iter().map(|t| self.eval_id(t)).collect::<Result<Vec<_>, _>>()?;
                self.add_all(&ids)
            }
            GameExpr::UpPower { n, star } => {
                let up = self.up_power_id(n.unsigned_abs())?;
                let g = if *n < 0 { self.neg_id(up)? } else { up };
                if *star {
                    let s = self.intern_nus(Nus { number: Dyadic::ZERO, ups: 0, star: 1 })?;
                    self.add_id(g, s)
                } else {
                    Ok(g)
                }
            }
            GameExpr::Tiny(g) => {
                let g = self.eval_id(g)?;
                self.tiny_id(g)
            }
            GameExpr::Miny(g) => {
                let g = self.eval_id(g)?;
                self.miny_id(g)
            }
            GameExpr::Ordinal(a, b) => {
                let (a, b) = (self.eval_id(a)?, self.eval_id(b)?);
                self.ordinal_sum_id(a, b, &mut super::store::IdMap::default())
            }
            GameExpr::Norton(a, b) => {
                let (a, b) = (self.eval_id(a)?, self.eval_id(b)?);
                self.norton_id(a, b)
            }
            GameExpr::AtomicWeight(g) => {
                let g = self.eval_id(g)?;
                self.atomic_weight_id(g)
            }
            GameExpr::Reduced(g) => {
                let g = self.eval_id(g)?;
                self.reduced_id(g)
            }
            GameExpr::Cool(g, t) => {
                let (g, t_id) = (self.eval_id(g)?, self.eval_id(t)?);
                let Some(t) = self.number_of(t_id) else {
                    let name = self.short_name(t_id)?;
                    return Err(PartizanError::Undefined(format!(
                        "cool(G, t) cools by a number t, and {name} is not a number"
                    )));
                };
                self.cool_id(g, t)
            }
            GameExpr::Heat(g, t) => {
                let (g, t) = (self.eval_id(g)?, self.eval_id(t)?);
                self.heat_id(g, t)
            }
            GameExpr::Overheat(g, s, t) => {
                let (g, s, t) = (self.eval_id(g)?, self.eval_id(s)?, self.eval_id(t)?);
                self.overheat_id(g, s, t)
            }
            GameExpr::Freeze(g) => {
                let g = self.eval_id(g)?;
                self.freeze_id(g)
            }
        }
    }

    /// The name of a value: its parts if it is x + n·↑ + *m, ±x for the switch {x | -x} (x a
    /// positive number), otherwise its canonical options in braces, each side in order of
    /// birthday, then text.
    pub fn expr(&mut self, g: GameValue) -> Result<GameExpr, PartizanError> {
        self.begin("a game's name");
        let g = self.id(g)?;
        self.expr_id(g)
    }

    /// The name of a value as text (see [`GameStore::expr`]).
    pub fn text(&mut self, g: GameValue) -> Result<String, PartizanError> {
        Ok(self.expr(g)?.to_string())
    }

    /// The name of a value as text when it is at most `max_chars` characters long, `None`
    /// when longer: the name of a large canonical form writes each shared option again at
    /// every place it occurs, so it can be far longer than the form the store holds (K-L-Nim's
    /// heap of 60 is a small form whose name runs to millions of characters). The length is
    /// counted first over the shared form, each game once.
    pub fn text_within(&mut self, g: GameValue, max_chars: u64) -> Result<Option<String>, PartizanError> {
        self.begin("a game's name");
        let id = self.id(g)?;
        let mut lengths = std::collections::HashMap::new();
        if self.name_length(id, &mut lengths)? > max_chars {
            return Ok(None);
        }
        self.text(g).map(Some)
    }

    /// The length in characters of the name [`GameStore::expr`] gives `g`, saturating,
    /// memoised in `lengths` so that each game is measured once.
    fn name_length(&mut self, g: Id, lengths: &mut std::collections::HashMap<Id, u64>) -> Result<u64, PartizanError> {
        if let Some(&n) = lengths.get(&g) {
            return Ok(n);
        }
        self.tick(1)?;
        let n = if let Some(n) = self.nus_of(g) {
            GameExpr::Nus { number: n.number, ups: n.ups, star: n.star }.to_string().chars().count() as u64
        } else {
            let (l, r) = self.options(g)?;
            let switch = match (&l[..], &r[..]) {
                ([a], [b]) => match (self.number_of(*a), self.number_of(*b)) {
                    (Some(x), Some(y)) if x > Dyadic::ZERO && x.checked_neg().ok() == Some(y) => {
                        Some(1 + x.to_string().chars().count() as u64)
                    }
                    _ => None,
                },
                _ => None,
            };
            let special = match switch {
                Some(n) => Some(n),
                None => self.special_name(g, &l, &r)?.map(|e| e.to_string().chars().count() as u64),
            };
            match special {
                Some(n) => n,
                None => self.deeper(|s| {
                    // "{" + left options joined by "," + "|" + right options + "}".
                    let mut n = 2 + 1 + (l.len().saturating_sub(1) + r.len().saturating_sub(1)) as u64;
                    for &o in l.iter().chain(r.iter()) {
                        n = n.saturating_add(s.name_length(o, lengths)?);
                    }
                    Ok(n)
                })?,
            }
        };
        lengths.insert(g, n);
        Ok(n)
    }

    fn expr_id(&mut self, g: Id) -> Result<GameExpr, PartizanError> {
        self.tick(1)?;
        if let Some(n) = self.nus_of(g) {
            return Ok(GameExpr::Nus { number: n.number, ups: n.ups, star: n.star });
        }
        let (l, r) = self.options(g)?;
        if let ([a], [b]) = (&l[..], &r[..]) {
            if let (Some(x), Some(y)) = (self.number_of(*a), self.number_of(*b)) {
                if x > Dyadic::ZERO && x.checked_neg().ok() == Some(y) {
                    return Ok(GameExpr::Switch(Box::new(GameExpr::Nus { number: x, ups: 0, star: 0 })));
                }
            }
        }
        if let Some(e) = self.special_name(g, &l, &r)? {
            return Ok(e);
        }
        self.deeper(|s| {
            let left = s.named_side(&l)?;
            let right = s.named_side(&r)?;
            Ok(GameExpr::Braces(left, right))
        })
    }

    /// The name of Lessons in Play for a game stored by its options, if it has one: ↑^n and its
    /// kin, ⧾x, ⧿x.
    fn special_name(&mut self, g: Id, l: &[Id], r: &[Id]) -> Result<Option<GameExpr>, PartizanError> {
        if let Some(u) = self.up_power_name(g)? {
            return Ok(Some(GameExpr::UpPower { n: u.n, star: u.star }));
        }
        Ok(self.tiny_name(l, r).map(|(tiny, x)| {
            let x = Box::new(GameExpr::Nus { number: x, ups: 0, star: 0 });
            if tiny {
                GameExpr::Tiny(x)
            } else {
                GameExpr::Miny(x)
            }
        }))
    }

    /// A game's name when it is at most 60 characters long, else "the game", for messages.
    pub(crate) fn short_name(&mut self, g: Id) -> Result<String, PartizanError> {
        let mut lengths = std::collections::HashMap::new();
        if self.name_length(g, &mut lengths)? > 60 {
            return Ok("the game".into());
        }
        Ok(self.expr_id(g)?.to_string())
    }

    /// `ids` in the order a canonical form names its options (birthday, then text), so that a
    /// list of games reads the same however they were built; a game whose name passes 10,000
    /// characters comes after the others of its birthday, in the store's order.
    pub(crate) fn in_name_order(&mut self, ids: Vec<Id>) -> Result<Vec<Id>, PartizanError> {
        let mut keyed = Vec::with_capacity(ids.len());
        for id in ids {
            let mut lengths = std::collections::HashMap::new();
            let name =
                if self.name_length(id, &mut lengths)? <= 10_000 { Some(self.expr_id(id)?.to_string()) } else { None };
            keyed.push((self.birthday_of(id), name.is_none(), name, id));
        }
        keyed.sort();
        Ok(keyed.into_iter().map(|(_, _, _, id)| id).collect())
    }

    /// The names of one side's options, in order of birthday, then text.
    fn named_side(&mut self, ids: &[Id]) -> Result<Vec<GameExpr>, PartizanError> {
        let mut named = Vec::with_capacity(ids.len());
        for &o in ids {
            let e = self.expr_id(o)?;
            named.push((self.birthday_of(o), e.to_string(), e));
        }
        named.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        Ok(named.into_iter().map(|(_, _, e)| e).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worksheet_lines_read_and_write_back() {
        for (text, written) in [
            ("{1|0} >= *", "{1|0} >= *"),
            ("^ || *", "↑ || *"),
            ("1<|2", "1 <| 2"),
            ("options( {2|-1} )", "options({2|-1})"),
            ("cool({3|-1},1)", "cool({3|-1}, 1)"),
            ("overheat(1/2, 1, 1)+*", "overheat(1/2, 1, 1)+*"),
            ("freeze(±1)", "freeze(±1)"),
            ("^<3>*", "↑^3*"),
            ("v<2> <= ^<3>", "↓^2 <= ↑^3"),
            ("^<3", "↑ < 3"),
        ] {
            let w: Worksheet = text.parse().unwrap();
            assert_eq!(w.to_string(), written);
            assert_eq!(written.parse::<Worksheet>().unwrap(), w, "{written} reads back");
        }
    }

    #[test]
    fn comparisons_hold_as_the_relation_says() {
        let mut s = GameStore::new();
        for (text, holds) in [
            ("{1|0} >= *", true),
            ("{1|0} > *", true),
            ("* || 0", true),
            ("* >= 0", false),
            ("↑ <| *", true),
            ("1 <| 0", false),
            ("↑ |> *", true),
            ("1/2 == {0|1}", true),
            ("1/2 != {0|1}", false),
            ("-1 < ↓", true),
            ("⇑ <= ↑", false),
        ] {
            let Ok(Worksheet::Compare(g, op, h)) = text.parse() else { panic!("{text}") };
            let (g, h) = (s.eval(&g).unwrap(), s.eval(&h).unwrap());
            let r = s.compare(g, h).unwrap();
            assert_eq!(op.holds(r), holds, "{text}: {r:?}");
        }
    }

    #[test]
    fn bad_worksheet_lines_name_the_bad_part() {
        for (text, message) in [
            ("{1|0} => *", "unknown comparison `=>` (the comparisons are >=, <=, ==, !=, <, >, ||, <| and |>) at character 7 of the game's text"),
            ("cool(*, x)", "unknown name `x`"),
            ("cool(*)", "cool takes 2 game(s): cool(G, t) at character 7"),
            ("heat(*, 1, 2)", "heat takes 2 game(s): heat(G, t) at character 10"),
            ("options {1|0}", "expected `(` after `options`"),
            ("1 >= ", "a game is missing"),
        ] {
            let e = text.parse::<Worksheet>().unwrap_err().to_string();
            assert!(e.contains(message), "{text}: {e}");
        }
        let mut s = GameStore::new();
        let e = s.parse("cool({3|-1}, *)").unwrap_err().to_string();
        assert_eq!(e, "cool(G, t) cools by a number t, and * is not a number");
        let e = s.parse("cool({3|-1}, -1)").unwrap_err().to_string();
        assert!(e.starts_with("cool(G, t) is defined for t > -1"), "{e}");
    }
}
