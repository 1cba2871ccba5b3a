//! Heap rules: the rule that says how a single heap may change in one move, as a trait
//! ([`HeapRule`]) with one file per family, and the registry that reads them ([`FAMILIES`]).
//!
//! A family's file holds everything about it: its options (the definition), its closed forms
//! where a theorem proves one, which engine computes its values and its misère outcomes, its
//! words, and the play help of its moves. The engines ask a rule for an engine *method*
//! ([`ValueSource`], [`MisereSource`]), never for its game, so that a new rule needs its file
//! and one line in [`FAMILIES`], and nothing else.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::any::Any;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::str::FromStr;
use std::sync::Arc;

use crate::error::ParseGameError;
use crate::number::parse_u64;
use crate::rules::catalogue::{self, GameKind};
pub use crate::rules::move_set::MoveSet;
use crate::rules::nim::ValueWords;
use crate::rules::take_break::hex::HexCode;
use crate::rules::take_break::octal::{describe_split, OctalCode, SplitRules};
use crate::values::Period;

/// One family of heap rules in the registry: the catalogue's entries for its games and the
/// parser of its spellings.
#[derive(Clone, Copy)]
pub struct HeapFamily {
    /// The catalogue's entries of the family's games, in the order the help texts list them.
    pub kinds: &'static [GameKind],
    /// Reads a rule of this family from the name before the first ':' and the text after it
    /// (`whole` is the spelling as typed, for error messages); `None` when the name is not
    /// this family's.
    pub parse: ParseRule,
}

/// A family's parser: the name before the first ':', the text after it, and the spelling as
/// typed; `None` when the name is not the family's.
pub type ParseRule = fn(name: &str, arg: Option<&str>, whole: &str) -> Option<Result<Ruleset, ParseGameError>>;

/// Declares each family's module (its file) and lists it in [`FAMILIES`], in order.
macro_rules! families {
    ($($family:ident),* $(,)?) => {
        $(pub mod $family;)*

        /// Every family of heap rules, in the order the catalogue lists them.
        pub const FAMILIES: &[HeapFamily] = &[$($family::FAMILY),*];
    };
}

// The registry: adding a heap rule is its file and one line here.
families! {
    nim,
    bounded,
    subtraction,
    allbut,
    take_break,
    take_a_prime,
}

/// How the engines compute a rule's Sprague-Grundy values: a method, not a game. Each names
/// the kind of work ([`crate::Work`]) its budget counts.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum ValueSource<'a> {
    /// A proven closed form: [`HeapRule::value`] answers every size, with
    /// [`HeapRule::value_period`], [`HeapRule::value_note`] and [`HeapRule::moves_to`]. No
    /// table.
    ClosedForm,
    /// Take exactly a size in the set, leaving one heap: the subtraction engine (the interval
    /// closed form for one range, else a table with a window-proven period; `SubtractionTable`).
    Takes(&'a MoveSet),
    /// Take any positive size except those in the set: the all-but engine (a closed form for one
    /// excluded size, else a table with an induction-proven period; `AllButTable`).
    AllBut(&'a MoveSet),
    /// A take-and-break game read as [`HeapRule::split_rules`]: the sparse, plain and
    /// three-heap engines (`SplitTable`, `ThreeHeapTable`), with the Guy-Smith period proof.
    Split,
    /// The plain mex table over [`HeapRule::for_each_option`] (`MexTable`, counted in steps:
    /// one a value and one an option), exact up to its end, with no period claimed.
    Mex,
}

/// How the misère engines find the outcomes of a rule's single heaps: a method, not a game.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum MisereSource<'a> {
    /// Bouton's misère rule: a heap of n is lost exactly when n = 1, and the genus theory of
    /// Nim heaps.
    Bouton,
    /// Takes of 1..=K: outcomes cycle with period K + 1 (a tame table for small K).
    Cycle(u64),
    /// Takes of exactly a size in the set: a misère subtraction table (the interval closed form
    /// for one range) and a tame table.
    Takes(&'a MoveSet),
    /// Takes of any positive size but those in the set: the lost heaps, walked.
    AllBut(&'a MoveSet),
    /// No misère theory: the exact search answers.
    Search,
}

/// How the objects of a heap are drawn on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Look {
    /// Balls in a row: the objects of Nim and most heap games.
    Ball,
    /// Skittles standing in a row: the pins of Kayles.
    Pin,
    /// Coins, as the circles of coins of `circle:RULESET` and the lines they open into.
    Coin,
}

/// What a rule calls its heaps, their objects and taking them, and how its board draws them:
/// the words of its board, its move log and its explanations ("knock down 1 pin from row 2"
/// in Kayles, "take 1 from heap 2" in Nim), each rule's own ([`HeapRule::nouns`]), so that no
/// shared code names a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapNouns {
    /// A heap: "heap", "row", "line".
    pub heap: &'static str,
    /// One of its objects: "object", "pin", "coin".
    pub object: &'static str,
    /// What a move does to the objects it takes: "take", "knock down".
    pub take: &'static str,
    /// What a move does to one object: "take it", "knock it down".
    pub take_one: &'static str,
    /// Whether a count taken is written with its noun ("knock down 2 pins" rather than "take
    /// 2"): false for the plain words of heaps, which the texts have always used.
    pub counted: bool,
    /// How the objects are drawn.
    pub look: Look,
}

impl HeapNouns {
    /// Heaps of objects, taken: the words of most heap games.
    pub const HEAPS: HeapNouns = HeapNouns {
        heap: "heap",
        object: "object",
        take: "take",
        take_one: "take it",
        counted: false,
        look: Look::Ball,
    };

    /// Rows of pins, knocked down: the words of Kayles and Dawson's Kayles.
    pub const PINS: HeapNouns = HeapNouns {
        heap: "row",
        object: "pin",
        take: "knock down",
        take_one: "knock it down",
        counted: true,
        look: Look::Pin,
    };

    /// Lines of coins, taken: a circle of coins opened into lines (`circle:RULESET`).
    pub const COINS: HeapNouns =
        HeapNouns { heap: "line", object: "coin", take: "take", take_one: "take it", counted: true, look: Look::Coin };

    /// Taking `t` objects, in these words: "take 3", "knock down 1 pin", "knock down a pins".
    pub fn taking(&self, t: impl fmt::Display) -> String {
        let t = t.to_string();
        if !self.counted {
            return format!("{} {t}", self.take);
        }
        let noun = if t == "1" { self.object.to_string() } else { format!("{}s", self.object) };
        format!("{} {t} {noun}", self.take)
    }

    /// A move that takes `taken` objects from heap number `heap` (1-based) and leaves the heaps
    /// `parts` (in words: "3 and 4", "a and 99 - a"): "take 1 from heap 2 and split the rest
    /// into 3 and 4", "knock down 1 pin from row 2, leaving rows of 3 and 4"; with nothing
    /// taken, "split heap 2 into 3 and 4".
    pub fn split_words(&self, taken: impl fmt::Display, heap: usize, parts: &str) -> String {
        let taken = taken.to_string();
        let h = self.heap;
        match (taken.as_str(), self.counted) {
            ("0", _) => format!("split {h} {heap} into {parts}"),
            (_, false) => format!("{} from {h} {heap} and split the rest into {parts}", self.taking(taken)),
            (_, true) => format!("{} from {h} {heap}, leaving {h}s of {parts}", self.taking(taken)),
        }
    }
}

/// Equality and hashing of a rule through `dyn Any`, so that [`Ruleset`] compares rules of
/// any family by value. Every `Eq + Hash` type has it.
pub trait DynKey: Any {
    /// Whether `other` is a rule of the same type and value.
    fn key_eq(&self, other: &dyn Any) -> bool;
    /// Hashes the type and the value.
    fn key_hash(&self, state: &mut dyn Hasher);
}

impl<T: Any + Eq + Hash> DynKey for T {
    fn key_eq(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<T>() == Some(self)
    }

    fn key_hash(&self, mut state: &mut dyn Hasher) {
        std::any::TypeId::of::<T>().hash(&mut state);
        self.hash(&mut state);
    }
}

/// `PartialEq`, `Eq` and `Hash` for a type that wraps an `Arc<dyn T>` with `T: DynKey` in its
/// field `0`: equal when the values are of the same type and equal.
macro_rules! eq_and_hash_by_key {
    ($wrapper:ty) => {
        impl PartialEq for $wrapper {
            fn eq(&self, other: &Self) -> bool {
                let other: &dyn std::any::Any = &*other.0;
                self.0.key_eq(other)
            }
        }

        impl Eq for $wrapper {}

        impl std::hash::Hash for $wrapper {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.0.key_hash(state);
            }
        }
    };
}
pub(crate) use eq_and_hash_by_key;

/// The rule for one heap: which heaps a heap of size n may become in one move.
///
/// Every rule is impartial: both players have the same moves. Only
/// [`HeapRule::for_each_option`] and [`HeapRule::rules_sentence`] are required; the rest has
/// defaults that are right for any rule (the plain mex table, the exact search for misère
/// play, moves listed from the options), which a family overrides where it knows better.
/// `Display` is the canonical spelling, which [`Ruleset`]'s `FromStr` reads back.
pub trait HeapRule: DynKey + Send + Sync + fmt::Debug + fmt::Display {
    /// Calls `f` once for every option of a heap of size `n`: the heaps that the move leaves in
    /// its place (`[0]` when the heap is emptied). This is the rule's definition, used by the
    /// exhaustive solvers and the plain mex table.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// use grundy::frontend::MoveSet;
    /// let mut seen = vec![];
    /// Ruleset::subtraction("1,3".parse().unwrap()).for_each_option(4, &mut |o| seen.push(o.to_vec()));
    /// assert_eq!(seen, vec![vec![3], vec![1]]);
    /// ```
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64]));

    /// The rules in a sentence, for the header of a game and the web page's board.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// let rules = |r: &str| r.parse::<Ruleset>().unwrap().rules_sentence();
    /// assert_eq!(rules("bounded:3"), "A move takes 1 to 3 objects from one heap.");
    /// assert_eq!(rules("subtraction:2,5"), "A move takes exactly 2 or 5 objects from one heap.");
    /// ```
    fn rules_sentence(&self) -> String;

    /// An upper bound on the number of options of a heap of size `n`, known without listing
    /// them: searches refuse a position whose moves alone would exceed their budget. The
    /// default, `n`, holds for any rule whose moves take at least one object and leave one heap.
    ///
    /// ```
    /// use grundy::Ruleset;
    /// assert_eq!(Ruleset::bounded(3).option_count_bound(10), 3);
    /// assert_eq!(Ruleset::nim().option_count_bound(u64::MAX), u128::from(u64::MAX));
    /// ```
    fn option_count_bound(&self, n: u64) -> u128 {
        u128::from(n)
    }

    /// The take-and-break rules of a game whose moves may split a heap (octal codes, Grundy's
    /// game); `None` for the games whose moves leave one heap.
    fn split_rules(&self) -> Option<SplitRules> {
        None
    }

    /// How the engines compute the values: by default the take-and-break engines for a rule
    /// with [`HeapRule::split_rules`], else the plain mex table.
    fn value_source(&self) -> ValueSource<'_> {
        if self.split_rules().is_some() {
            ValueSource::Split
        } else {
            ValueSource::Mex
        }
    }

    /// G(n) by a proven closed form, for a rule whose [`HeapRule::value_source`] is
    /// [`ValueSource::ClosedForm`]; `None` otherwise.
    fn value(&self, _n: u64) -> Option<u64> {
        None
    }

    /// The period of the closed form, when one lies within reach of u64 heaps.
    fn value_period(&self) -> Option<Period> {
        None
    }

    /// The closed form in a sentence, for explanations.
    fn value_note(&self) -> String {
        String::new()
    }

    /// For a closed form: the heaps a heap of `n` may leave whose value is `target`, largest
    /// first, found from the formula at any size.
    fn moves_to(&self, _n: u64, _target: u64) -> Vec<u64> {
        vec![]
    }

    /// How the misère engines find single heaps' outcomes (by default none: the search).
    fn misere_source(&self) -> MisereSource<'_> {
        MisereSource::Search
    }

    /// The names the rule gives values to in `grundy verify`'s expressions (`K` of
    /// `bounded:K`).
    fn parameters(&self) -> Vec<(&'static str, u64)> {
        vec![]
    }

    /// Describes the move from a heap of size `from` to the heaps `to`, e.g. "take 11 from heap
    /// 3 (12 -> 1)". `heap` is the 1-based heap number shown to people.
    /// Written in the rule's own [`HeapRule::nouns`] ("knock down 2 pins from row 1 (7 -> 5)").
    fn describe_move(&self, heap: usize, from: u64, to: &[u64]) -> String {
        let nouns = self.nouns();
        if let Some(text) = describe_split(&nouns, heap, from, to) {
            return text;
        }
        let left: u64 = to.iter().sum();
        let taken = from.saturating_sub(left);
        let result = to.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ");
        format!("{} from {} {heap} ({from} -> {result})", nouns.taking(taken), nouns.heap)
    }

    /// For a rule whose moves only take objects from a heap: whether `take` (1..=n) objects may
    /// be taken from a heap of `n` (`Err` with the reason), at any size; `None` for a rule
    /// that can do more (its options are listed instead).
    fn check_take(&self, _n: u64, _take: u64) -> Option<Result<(), String>> {
        None
    }

    /// For a take-only rule: the smallest number that may be taken from a heap of `n`
    /// (`Some(None)` when none); `None` for a rule that is not take-only.
    fn smallest_take(&self, _n: u64) -> Option<Option<u64>> {
        None
    }

    /// For a take-only rule: a random number that may be taken from a heap of `n`
    /// (`Some(None)` when none), with `below(m)` a random number below m; `None` for a rule
    /// that is not take-only. The default samples 1..=n by [`HeapRule::check_take`]: after 64
    /// misses the smallest take is as good a random move as any.
    fn random_take(&self, n: u64, below: &mut dyn FnMut(u64) -> u64) -> Option<Option<u64>> {
        let smallest = self.smallest_take(n)?;
        smallest?;
        for _ in 0..64 {
            let t = 1 + below(n);
            if matches!(self.check_take(n, t), Some(Ok(()))) {
                return Some(Some(t));
            }
        }
        Some(smallest)
    }

    /// Whether a move may leave more than one heap, so that the number of heaps can grow.
    fn splits(&self) -> bool {
        self.split_rules().is_some_and(|r| !r.split.is_empty() || !r.split3.is_empty())
    }

    /// The heaps of a random position to play, small enough to analyse at once
    /// (`grundy::Game::random_position` draws again when no heap has a move); `below(k)` draws
    /// uniformly from 0..k (k >= 1). By default 2 to 4 heaps from 1 to 12.
    fn random_heaps(&self, below: &mut dyn FnMut(u64) -> u64) -> Vec<u64> {
        (0..2 + below(3)).map(|_| 1 + below(12)).collect()
    }

    /// What the values of the rule's heaps are called and the words of their balance table,
    /// for the page's panel: by default heap values, which a move may raise.
    fn value_words(&self) -> ValueWords {
        ValueWords::HEAP_VALUES
    }

    /// What the rule calls its heaps, their objects and taking them, and how its board draws
    /// them: by default heaps of objects, taken ([`HeapNouns::HEAPS`]).
    fn nouns(&self) -> HeapNouns {
        HeapNouns::HEAPS
    }

    /// All options of a heap of size `n` (see [`HeapRule::for_each_option`]).
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        self.for_each_option(n, &mut |o| out.push(o.to_vec()));
        out
    }
}

/// The rule of one heap, a cheap handle on a [`HeapRule`] of any family.
///
/// It dereferences to the rule, so that `ruleset.for_each_option(..)` and the other
/// [`HeapRule`] methods are called on it directly. Equality and hashing are by value
/// ([`DynKey`]); the order is that of the canonical spellings.
///
/// `Display` and `FromStr` round-trip:
/// ```
/// use grundy::Ruleset;
/// for s in ["nim", "bounded:3", "bash:4", "subtraction:1,3,5,7", "subtraction:1,4..9,20", "allbut:3", "octal:0.16", "hex:0.8", "kayles", "grundys-game"] {
///     let r: Ruleset = s.parse().unwrap();
///     assert_eq!(r.to_string(), s);
/// }
/// ```
#[derive(Clone)]
pub struct Ruleset(Arc<dyn HeapRule>);

impl Ruleset {
    /// A ruleset following `rule`: a rule of the registry, or one defined outside the crate.
    pub fn new(rule: impl HeapRule + 'static) -> Self {
        Ruleset(Arc::new(rule))
    }

    /// Nim: take any positive number of objects.
    pub fn nim() -> Self {
        Self::new(nim::Nim)
    }

    /// K-Nim (`bounded:K`): take 1..=K objects.
    pub fn bounded(k: u64) -> Self {
        Self::new(bounded::Bounded::k_nim(k))
    }

    /// The Bash game (`bash:M`): take 1..=M objects, the moves of K-Nim with K = M.
    pub fn bash(m: u64) -> Self {
        Self::new(bounded::Bounded::bash(m))
    }

    /// A subtraction game: take exactly s objects for some s in the set.
    pub fn subtraction(set: MoveSet) -> Self {
        Self::new(subtraction::Subtraction(set))
    }

    /// An all-but subtraction game: take any positive number of objects except those in the set.
    pub fn all_but(set: MoveSet) -> Self {
        Self::new(allbut::AllBut(set))
    }

    /// A take-and-break game given by its octal code.
    pub fn octal(code: OctalCode) -> Self {
        Self::new(take_break::Octal(code))
    }

    /// A take-and-break game given by its hexadecimal code.
    pub fn hex(code: HexCode) -> Self {
        Self::new(take_break::Hex(code))
    }

    /// Grundy's game: split one heap into two unequal non-empty heaps.
    pub fn grundys_game() -> Self {
        Self::new(take_break::GrundysGame)
    }

    /// The rule itself.
    pub fn rule(&self) -> &dyn HeapRule {
        &*self.0
    }

    /// The rule as its own type, when it is a `T`.
    pub fn downcast<T: HeapRule>(&self) -> Option<&T> {
        let any: &dyn Any = &*self.0;
        any.downcast_ref::<T>()
    }

    /// Whether this is Nim.
    pub fn is_nim(&self) -> bool {
        self.downcast::<nim::Nim>().is_some()
    }

    /// The K of K-Nim (`bounded:K`); `None` for every other rule, the Bash game included.
    pub fn bounded_k(&self) -> Option<u64> {
        self.downcast::<bounded::Bounded>().filter(|b| !b.is_bash()).map(|b| b.k())
    }

    /// The set of sizes of a subtraction game (`subtraction:S`).
    pub fn move_set(&self) -> Option<&MoveSet> {
        self.downcast::<subtraction::Subtraction>().map(|s| &s.0)
    }

    /// The excluded sizes of an all-but game (`allbut:S`).
    pub fn excluded_set(&self) -> Option<&MoveSet> {
        self.downcast::<allbut::AllBut>().map(|s| &s.0)
    }

    /// The octal code of an octal game (`octal:CODE`, `kayles`, ...).
    pub fn octal_code(&self) -> Option<&OctalCode> {
        self.downcast::<take_break::Octal>().map(|o| &o.0)
    }
}

impl Deref for Ruleset {
    type Target = dyn HeapRule;
    fn deref(&self) -> &(dyn HeapRule + 'static) {
        &*self.0
    }
}

impl fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

eq_and_hash_by_key!(Ruleset);

impl PartialOrd for Ruleset {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ruleset {
    /// By canonical spelling: equal rules spell the same, and different ones differently.
    fn cmp(&self, other: &Self) -> Ordering {
        if self == other {
            return Ordering::Equal;
        }
        self.to_string().cmp(&other.to_string())
    }
}

/// Parses a positive parameter such as the K of `bounded:K`.
pub(crate) fn parse_positive(token: &str, what: &str) -> Result<u64, ParseGameError> {
    let v = parse_u64(token, what).map_err(ParseGameError::new)?;
    if v == 0 {
        return Err(ParseGameError::new(format!("{what} must be at least 1, not 0")));
    }
    Ok(v)
}

/// The parameter of the rule `whole`, or the error saying it needs one, written `form`.
pub(crate) fn need<'a>(whole: &str, arg: Option<&'a str>, form: &str) -> Result<&'a str, ParseGameError> {
    arg.ok_or_else(|| ParseGameError::new(format!("game '{whole}' needs a parameter: {form}")))
}

/// The move set a rule's parameter names (`subtraction:1,4..9`), its errors naming the game as
/// typed (`whole`) and, when the parameter is missing, the form it takes.
pub(crate) fn move_set_arg(whole: &str, arg: Option<&str>, form: &str) -> Result<MoveSet, ParseGameError> {
    need(whole, arg, form)?.parse::<MoveSet>().map_err(|e| ParseGameError::new(format!("game '{whole}': {e}")))
}

/// The error of a rule that takes no parameter, given one.
pub(crate) fn no_parameter(name: &str, whole: &str) -> ParseGameError {
    ParseGameError::new(format!("game '{name}' takes no parameter: write '{name}', not '{whole}'"))
}

impl FromStr for Ruleset {
    type Err = ParseGameError;
    fn from_str(s: &str) -> Result<Self, ParseGameError> {
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        if let Some(parsed) = FAMILIES.iter().find_map(|family| (family.parse)(name, arg, s)) {
            return parsed;
        }
        match name {
            "kl" | "divisor" | "sum" => Err(ParseGameError::new(format!(
                "'{s}' is a game of its own, not a heap ruleset (heap rulesets: {})",
                catalogue::spellings(true)
            ))),
            _ => Err(ParseGameError::new(format!(
                "unknown heap ruleset '{s}'{} (heap rulesets: {})",
                catalogue::did_you_mean(s, true),
                catalogue::spellings(true)
            ))),
        }
    }
}
