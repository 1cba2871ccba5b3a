//! Misère surveys: a family of take-and-break codes classified by their misère quotients
//! (Plambeck and Siegel), the way normal-play surveys classify them by their Grundy values.
//! Each code's quotient of the heaps up to N is computed by [`QuotientBuilder`], within a bound
//! on its work, and the code is
//!
//! - *tame*: the quotient is misère Nim's (restricted to the Grundy values that occur), so
//!   Conway's genus theory plays the game: proven for every heap size when the pretending
//!   function's period is proven by the periodicity theorem for misère quotients, else for the
//!   heaps up to N, all computed;
//! - *wild* with a proven finite quotient: not tame, and the period proven, so the quotient
//!   (its order, P-portion and period) is the whole game's;
//! - *unresolved at heap K*: no period proven by heap K, the last heap computed, with why the
//!   computation stopped there (N reached, the work bound, a heap whose quotient was not found
//!   among the trial monoids, memory). A quotient that is not tame at heap K already shows the
//!   game wild (the heaps up to K are a part of the game closed under moves); `tame` says which.
//!
//! One code is one [`MisereLine`] ([`classify_misere`]), the serde record that `grundy survey
//! --misere --json` prints a line of; [`misere_markdown`] renders the Tame, Wild and Unresolved
//! tables. As for normal play, each code is classified on its own and the module does no I/O.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{canonical, parse_code, published_form, published_order, table, SurveyError, MAX_SURVEY_CODES};
use crate::engine::quotient::{MisereQuotient, QuotientBuilder, QuotientError, QuotientStop, MAX_QUOTIENT_UPTO};

/// The most work one misère survey command may be given in all (codes times the work each
/// code may do): 10^12 units, about an hour. Past it a survey is refused with the shards that
/// would each stay under it.
pub const MAX_MISERE_SURVEY_WORK: u128 = 1_000_000_000_000;

/// The work each code's quotient may do in a misère survey when no other bound is given: 10^9
/// units, a few seconds (a survey's lines depend on the work, not on a clock, so that a store's
/// lines are the same on any machine).
pub const DEFAULT_MISERE_SURVEY_WORK: u64 = 1_000_000_000;

/// What a code was found to be under misère play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MisereClass {
    /// The quotient is misère Nim's: Conway's genus theory plays the game (for every heap size
    /// when `proven`, else for the heaps up to N).
    Tame,
    /// Not tame, with a finite quotient proven for every heap size.
    Wild,
    /// No period proven by the last heap computed.
    Unresolved,
}

impl fmt::Display for MisereClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MisereClass::Tame => "tame",
            MisereClass::Wild => "wild",
            MisereClass::Unresolved => "unresolved",
        })
    }
}

/// Why a code's computation stopped, as a word a program can read (`stopped` has it in words).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MisereStop {
    /// The pretending function's period is proven by the periodicity theorem.
    Proven,
    /// Every heap up to N was computed, with no period proven by then.
    Upto,
    /// The work passed the bound given while the next heap was added.
    Work,
    /// The next heap's proof needed more memory than it may use.
    Memory,
    /// No trial monoid tried gave a proven quotient for the next heap.
    NotFound,
}

/// One code of a misère survey: what `grundy survey --misere --json` prints on one line
/// (serialised with serde_json, fields in this order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereLine {
    /// The code as it was given (or as a pattern expanded to it).
    pub code: String,
    /// The code's canonical form (`0.77`, `hex:0.8f`): codes with equal canonical forms are
    /// the same game.
    pub canonical: String,
    /// Tame, wild (with a proven finite quotient) or unresolved.
    pub class: MisereClass,
    /// The N asked for: the quotient of the heaps up to N was looked for.
    pub upto: u64,
    /// The last heap computed: every sum of heaps up to it is played by the quotient.
    pub computed_upto: u64,
    /// Whether the quotient of the heaps computed is tame (misère Nim's); `false` shows the
    /// game wild.
    pub tame: bool,
    /// Whether the quotient is proven for every heap size (the periodicity theorem applies).
    pub proven: bool,
    /// The number of elements of the quotient of the heaps computed.
    pub order: u64,
    /// The number of elements of its P-portion.
    pub p_portion: u64,
    /// The heaps whose elements are the generators.
    pub generator_heaps: Vec<u64>,
    /// The heaps where the quotient grew, each with its order then (`[heap, order]`): the
    /// order of the quotient of the heaps up to any h is that of the last entry at or below h.
    pub growth: Vec<(u64, u64)>,
    /// The pretending function's pre-period, when its period is proven.
    pub preperiod: Option<u64>,
    /// The pretending function's period, when proven.
    pub period: Option<u64>,
    /// Why the computation stopped, as a word.
    pub stop: MisereStop,
    /// Why the computation stopped, in words.
    pub stopped: String,
    /// The work done, in [`QuotientBuilder::max_work`]'s units.
    pub work: u64,
    /// The bound on the work this code was given.
    pub work_limit: u64,
}

/// The refusals of a misère survey made before any work: too many codes, an N past
/// [`MAX_QUOTIENT_UPTO`], a work bound of 0, or more work in all
/// than [`MAX_MISERE_SURVEY_WORK`] (with the shards that would fit).
pub fn check_misere_survey(codes: usize, upto: u64, work: u64) -> Result<(), SurveyError> {
    if codes > MAX_SURVEY_CODES {
        return Err(SurveyError::Refused(format!(
            "{codes} codes are more than the {MAX_SURVEY_CODES} one survey takes: run it in shards (--shard I/K)"
        )));
    }
    if upto > MAX_QUOTIENT_UPTO {
        return Err(SurveyError::BadInput(format!(
            "--upto {upto} is past {MAX_QUOTIENT_UPTO}, the most heaps a misère quotient is computed for here"
        )));
    }
    if work == 0 {
        return Err(SurveyError::BadInput(
            "--work 0 allows no work: give a positive number of units for each code".to_string(),
        ));
    }
    let total = (codes as u128) * u128::from(work);
    if total > MAX_MISERE_SURVEY_WORK {
        let shards = total.div_ceil(MAX_MISERE_SURVEY_WORK);
        return Err(SurveyError::Refused(format!(
            "a misère survey of {codes} codes with --work {work} each may do up to {total} units of work, more than the {MAX_MISERE_SURVEY_WORK} one run takes (about an hour): run it as {shards} shards (--shard 1/{shards} ... --shard {shards}/{shards}) or lower --work"
        )));
    }
    Ok(())
}

/// Classifies one code by its misère quotient of the heaps up to `upto`, computed by
/// [`QuotientBuilder`] with at most `work` units of work (the builder's other bounds are its
/// defaults). The answer depends only on `code`, `upto` and `work`.
///
/// ```
/// use grundy::survey::{classify_misere, MisereClass};
/// let line = classify_misere("0.75", 60, grundy::survey::DEFAULT_MISERE_SURVEY_WORK).unwrap();
/// assert_eq!((line.class, line.order, line.p_portion), (MisereClass::Wild, 8, 2));
/// assert_eq!((line.preperiod, line.period), (Some(8), Some(2)));
/// assert_eq!(classify_misere("0.22", 60, 1_000_000).unwrap().class, MisereClass::Tame);
/// ```
pub fn classify_misere(code: &str, upto: u64, work: u64) -> Result<MisereLine, SurveyError> {
    let ruleset = parse_code(code)?;
    check_misere_survey(1, upto, work)?;
    let q = QuotientBuilder::new(&ruleset).upto(upto).max_work(work).build().map_err(|e| match e {
        QuotientError::NotTakeAndBreak(_) => {
            SurveyError::BadInput(format!("code '{code}' is not a take-and-break game"))
        }
        e => SurveyError::Engine { code: code.to_string(), reason: e.to_string() },
    })?;
    Ok(misere_line(code, &canonical(&ruleset), upto, &q))
}

/// The line of a code from its quotient (computed for the heaps up to `upto`).
fn misere_line(code: &str, canonical: &str, upto: u64, q: &MisereQuotient) -> MisereLine {
    let stop = match q.stop() {
        QuotientStop::Proven => MisereStop::Proven,
        QuotientStop::Upto(_) => MisereStop::Upto,
        // The survey gives no time limit: its bound is the work (deterministic, so a store's
        // lines are the same on any machine); a time stop would be a bound of the same kind.
        QuotientStop::Work { .. } | QuotientStop::Time { .. } | QuotientStop::Cancelled { .. } => MisereStop::Work,
        QuotientStop::Memory { .. } => MisereStop::Memory,
        QuotientStop::NotFound { .. } => MisereStop::NotFound,
    };
    let tame = q.tame();
    let class = match (tame, q.proven()) {
        (false, true) => MisereClass::Wild,
        (true, true) => MisereClass::Tame,
        // Tame for every heap asked for: what the brief's "tame up to N" is.
        (true, false) if stop == MisereStop::Upto => MisereClass::Tame,
        _ => MisereClass::Unresolved,
    };
    let period = q.period();
    MisereLine {
        code: code.to_string(),
        canonical: canonical.to_string(),
        class,
        upto,
        computed_upto: q.computed_upto(),
        tame,
        proven: q.proven(),
        order: q.order() as u64,
        p_portion: q.p_portion().len() as u64,
        generator_heaps: q.generators().iter().map(|g| g.heap).collect(),
        growth: q.growth().iter().map(|&(h, order)| (h, order as u64)).collect(),
        preperiod: period.map(|p| p.preperiod),
        period: period.map(|p| p.period),
        stop,
        stopped: q.stop().to_string(),
        work: q.proof_states(),
        work_limit: q.work_limit(),
    }
}

/// The line of the plain output of `grundy survey --misere`, without its newline.
///
/// ```
/// use grundy::survey::classify_misere;
/// let line = classify_misere("0.75", 60, 1_000_000).unwrap();
/// assert_eq!(
///     line.to_string(),
///     "0.75: wild, with a finite quotient of 8 elements (P-portion of 2), proven for every heap: the pretending function repeats with period 2 from heap 8 (proven at heap 21)"
/// );
/// ```
impl fmt::Display for MisereLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opt = |v: Option<u64>| v.map_or_else(|| "?".to_string(), |v| v.to_string());
        let sizes = format!("{} elements (P-portion of {})", self.order, self.p_portion);
        match self.class {
            MisereClass::Tame if self.proven => write!(
                f,
                "{}: tame (Conway's genus theory plays it), proven for every heap: the quotient is misère Nim's on {sizes}, its pretending function repeats with period {} from heap {} (proven at heap {})",
                self.code,
                opt(self.period),
                opt(self.preperiod),
                self.computed_upto
            ),
            MisereClass::Tame => write!(
                f,
                "{}: tame up to heap {} (Conway's genus theory plays every sum of those heaps): the quotient is misère Nim's on {sizes}; no period proven by then",
                self.code, self.computed_upto
            ),
            MisereClass::Wild => write!(
                f,
                "{}: wild, with a finite quotient of {sizes}, proven for every heap: the pretending function repeats with period {} from heap {} (proven at heap {})",
                self.code,
                opt(self.period),
                opt(self.preperiod),
                self.computed_upto
            ),
            MisereClass::Unresolved => write!(
                f,
                "{}: unresolved at heap {}: {} quotient of {sizes} for the heaps up to {}; stopped because {}",
                self.code,
                self.computed_upto,
                if self.tame { "tame so far, a" } else { "wild (not misère Nim's), a" },
                self.computed_upto,
                self.stopped
            ),
        }
    }
}

impl MisereLine {
    /// The name of the file a survey store keeps this line in ([`misere_store_file_name`]).
    pub fn store_file_name(&self) -> String {
        super::report::misere_file_name(&self.canonical, self.upto, self.work_limit)
    }
}

/// The name of the file a survey store keeps a code's misère line in: the code's canonical
/// form, N and the work bound, so that spellings of one code share it and different bounds do
/// not (and normal-play lines never share a name with misère ones).
///
/// ```
/// use grundy::survey::misere_store_file_name;
/// assert_eq!(misere_store_file_name("kayles", 60, 1000).unwrap(), "survey-misere-0.77-upto-60-work-1000.json");
/// ```
pub fn misere_store_file_name(code: &str, upto: u64, work: u64) -> Result<String, SurveyError> {
    Ok(super::report::misere_file_name(&canonical(&parse_code(code)?), upto, work))
}

/// A misère line read back from the store's `file` for `code` at `upto` and `work` (`parsed`
/// is the front end's reading of the file's JSON), checked as [`super::read_back`] checks a
/// normal-play line, and the work bound too.
pub fn read_back_misere<E: fmt::Display>(
    parsed: Result<MisereLine, E>,
    file: &str,
    code: &str,
    upto: u64,
    work: u64,
) -> Result<MisereLine, SurveyError> {
    super::report::checked_back(
        parsed,
        file,
        code,
        |line: &MisereLine, canonical: &str| {
            (line.canonical != canonical || line.upto != upto || line.work_limit != work)
                .then(|| format!("it holds {} up to {} with --work {}", line.canonical, line.upto, line.work_limit))
        },
        |line, code| line.code = code.to_string(),
    )
}

/// The Tame, Wild and Unresolved tables of a misère survey's lines, codes written and ordered
/// as the published lists write them (`.77`, `4.07`), one row a code. A table with no row is
/// left out.
pub fn misere_markdown(lines: &[MisereLine]) -> String {
    let mut sorted: Vec<&MisereLine> = lines.iter().collect();
    sorted.sort_by_key(|l| (published_order(&l.canonical), l.code.clone()));
    sorted.dedup_by_key(|l| l.canonical.clone());
    let opt = |v: Option<u64>| v.map_or_else(|| "-".to_string(), |v| v.to_string());
    let of = |c: MisereClass| sorted.iter().filter(move |l| l.class == c).copied();
    let mut out = String::new();
    table(
        &mut out,
        "Tame games\n\nThe quotient is misère Nim's: Conway's genus theory plays them (proven: for every heap size, by the periodicity theorem for misère quotients; else for the heaps up to n).",
        &["game", "proven", "n", "order", "pre-period", "period"],
        of(MisereClass::Tame).map(|l| {
            vec![
                published_form(&l.canonical),
                if l.proven { "yes" } else { "no" }.to_string(),
                l.computed_upto.to_string(),
                l.order.to_string(),
                opt(l.preperiod),
                opt(l.period),
            ]
        }),
    );
    table(
        &mut out,
        "Wild games with a finite quotient\n\nProven for every heap size by the periodicity theorem for misère quotients (Plambeck and Siegel).",
        &["game", "order", "P-portion", "pre-period", "period", "proven at heap", "generators' heaps"],
        of(MisereClass::Wild).map(|l| {
            vec![
                published_form(&l.canonical),
                l.order.to_string(),
                l.p_portion.to_string(),
                opt(l.preperiod),
                opt(l.period),
                l.computed_upto.to_string(),
                heaps(&l.generator_heaps),
            ]
        }),
    );
    table(
        &mut out,
        "Unresolved games\n\nNo period proven by heap n, the last heap computed.",
        &["game", "n", "tame so far", "order", "P-portion", "stopped"],
        of(MisereClass::Unresolved).map(|l| {
            vec![
                published_form(&l.canonical),
                l.computed_upto.to_string(),
                if l.tame { "yes" } else { "no" }.to_string(),
                l.order.to_string(),
                l.p_portion.to_string(),
                match l.stop {
                    MisereStop::Proven => "proven",
                    MisereStop::Upto => "n reached",
                    MisereStop::Work => "work bound",
                    MisereStop::Memory => "memory",
                    MisereStop::NotFound => "no trial monoid",
                }
                .to_string(),
            ]
        }),
    );
    out
}

/// Heaps as a list: `1 2 5`.
fn heaps(hs: &[u64]) -> String {
    hs.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_class_reads_in_words_and_back_from_json() {
        let lines: Vec<MisereLine> =
            ["0.22", "0.75", "0.77", "0.56"].iter().map(|c| classify_misere(c, 30, 50_000_000).unwrap()).collect();
        let classes: Vec<MisereClass> = lines.iter().map(|l| l.class).collect();
        use MisereClass::*;
        assert_eq!(classes, [Tame, Wild, Unresolved, Tame]);
        assert!(lines[0].proven && !lines[3].proven);
        for l in &lines {
            let json = serde_json::to_string(l).unwrap();
            assert_eq!(&serde_json::from_str::<MisereLine>(&json).unwrap(), l);
        }
        assert!(
            lines[2].to_string().starts_with("0.77: unresolved at heap 30: wild (not misère Nim's)"),
            "{}",
            lines[2]
        );
        assert!(lines[3].to_string().starts_with("0.56: tame up to heap 30"), "{}", lines[3]);
        let md = misere_markdown(&lines);
        assert!(md.contains("## Tame games") && md.contains("## Wild games") && md.contains("## Unresolved"), "{md}");
        assert!(md.contains("\n.75 | 8 | 2 | 8 | 2 | 21 |"), "{md}");
    }

    #[test]
    fn surveys_past_the_bounds_are_refused_before_the_work() {
        assert!(check_misere_survey(64, 60, 1_000_000_000).is_ok());
        let e = check_misere_survey(4096, 60, 1_000_000_000).unwrap_err().to_string();
        assert!(e.contains("--shard 1/5"), "{e}");
        assert!(matches!(check_misere_survey(1, MAX_QUOTIENT_UPTO + 1, 1), Err(SurveyError::BadInput(_))));
        assert!(matches!(check_misere_survey(1, 60, 0), Err(SurveyError::BadInput(_))));
        assert!(matches!(classify_misere("nim", 10, 10), Err(SurveyError::BadInput(_))));
    }

    #[test]
    fn store_names_keep_bounds_apart_and_lines_read_back_checked() {
        let line = classify_misere("kayles", 20, 1_000_000).unwrap();
        assert_eq!(line.store_file_name(), "survey-misere-0.77-upto-20-work-1000000.json");
        let back = read_back_misere(Ok::<_, String>(line.clone()), "d/f.json", ".77", 20, 1_000_000).unwrap();
        assert_eq!(back.code, ".77");
        let e = read_back_misere(Ok::<_, String>(line), "d/f.json", "0.77", 20, 999).unwrap_err();
        assert_eq!(
            e.to_string(),
            "store d/f.json is damaged: it holds 0.77 up to 20 with --work 1000000; remove that file to classify 0.77 again"
        );
    }
}
