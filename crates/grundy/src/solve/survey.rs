//! Surveys of whole families of take-and-break codes (`0.xxx`, `4.xx`, a list, a file): each
//! code classified the way the published tables of octal games do (Flammenkamp's, and
//! T. Czajka's, which checks and extends them):
//!
//! - *trivial*: periodic, with the period proven by the Guy-Smith periodicity theorem from the
//!   values of heaps below [`TRIVIAL_VALUES`] (1,000, the published lists' line): the values
//!   are a closed form, a pre-period followed by one block repeated for ever (`01(0)`);
//! - *solved*: periodic, proven by the same theorem, but only from more values;
//! - *unsolved up to N*: no period proven in G(0..=N), with the largest value and the rare
//!   values of the sparse space phenomenon.
//!
//! One code is one [`SurveyLine`] ([`classify`]), a serde record whose JSON is the line that
//! `grundy survey --json` prints; [`group`] fills in which codes of a survey have equal values,
//! and [`markdown`] renders the Trivial, Solved and Unsolved tables from lines. Each code is
//! classified on its own, from its own computation, so a survey can be spread over processes
//! or machines (the Python package's Dask survey calls [`classify`] per code) and gathered
//! into the same lines. The module does no I/O: reading a file of codes and keeping finished
//! codes in a store are the front ends' work; what they print and keep (a line in words, a
//! store's file names, the checks of a line read back) is `report.rs`'s. Misère surveys
//! (`misere.rs`: tame, wild with a proven finite quotient, or unresolved at heap N, by the
//! Plambeck-Siegel misère quotient) take the same codes, patterns, shards and stores.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::engine::heap::human_seconds;
use crate::engine::sequence::UNSTORED_TIME_LIMIT;
use crate::engine::{SequenceBuilder, SequenceError};
use crate::error::Work;
use crate::rules::take_break::octal::SplitRules;
use crate::rules::Ruleset;
use crate::values::Period;

mod misere;
mod report;

pub use misere::{
    check_misere_survey, classify_misere, misere_markdown, misere_store_file_name, read_back_misere, MisereClass,
    MisereLine, MisereStop, DEFAULT_MISERE_SURVEY_WORK, MAX_MISERE_SURVEY_WORK,
};
pub use report::{read_back, store_file_name};

/// The published lists' line between trivial and solved codes: a trivial code's period is
/// proven from the values of heaps 0 to 999.
pub const TRIVIAL_VALUES: usize = 1000;

/// The most codes one survey takes (a pattern with five free digits, `0.xxxxx`, is 32,768).
pub const MAX_SURVEY_CODES: usize = 1 << 15;

/// The most values one survey command computes in all (codes times N + 1): about an hour on
/// one core for the sparse games, far more for dense ones. Past it, a survey is refused with
/// the shards (`--shard I/K`) that would each stay under it.
pub const MAX_SURVEY_VALUES: u128 = 1 << 34;

/// What a code was found to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SurveyClass {
    /// Periodic, proven from the values of heaps below [`TRIVIAL_VALUES`].
    Trivial,
    /// Periodic, proven by the Guy-Smith periodicity theorem from more values.
    Solved,
    /// No period proven in the values computed (G(0..=upto)).
    Unsolved,
}

impl fmt::Display for SurveyClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SurveyClass::Trivial => "trivial",
            SurveyClass::Solved => "solved",
            SurveyClass::Unsolved => "unsolved",
        })
    }
}

impl FromStr for SurveyClass {
    type Err = SurveyError;
    fn from_str(s: &str) -> Result<Self, SurveyError> {
        match s {
            "trivial" => Ok(SurveyClass::Trivial),
            "solved" => Ok(SurveyClass::Solved),
            "unsolved" => Ok(SurveyClass::Unsolved),
            _ => Err(SurveyError::BadInput(format!("'{s}' is not a class (trivial, solved or unsolved)"))),
        }
    }
}

/// One code of a survey: what `grundy survey --json` prints on one line (serialised with
/// serde_json, fields in this order). Every code with a period, trivial ones included, gives its
/// pre-period and period; `saltus` is 0 for them (octal games' periods are ordinary ones).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SurveyLine {
    /// The code as it was given (or as a pattern expanded to it).
    pub code: String,
    /// The code's canonical form: `0.77` (trailing zeros dropped, classic names replaced by
    /// their codes), `hex:0.8f`, or `grundys-game`. Codes with equal canonical forms are the
    /// same game.
    pub canonical: String,
    /// Trivial, solved or unsolved.
    pub class: SurveyClass,
    /// The N asked for: the values G(0..=upto) were known (computed, or through the period).
    pub upto: u64,
    /// The first n from which G(n + period) = G(n) holds (the smallest such n).
    pub preperiod: Option<u64>,
    /// The smallest period.
    pub period: Option<u64>,
    /// The amount G grows by each period (0: an ordinary period).
    pub saltus: Option<u64>,
    /// The last heap whose value is not repeated a period later (pre-period - 1), or `None`
    /// when the values are periodic from the start.
    pub last_exceptional: Option<u64>,
    /// How many values the periodicity theorem checked to prove the period: the values of heaps
    /// n0 <= n < k max(n0, 1) + (k - 1) p + t, for moves that leave at most k heaps and take at
    /// most t.
    pub proof_values: Option<u64>,
    /// A trivial code's closed form, in words.
    pub closed_form: Option<String>,
    /// A trivial code's values as the published lists write them: the pre-period, then the
    /// repeating block in parentheses (`01(0)`); values 10 to 35 as the letters A to Z, larger
    /// ones in brackets (`[36]`).
    pub values: Option<String>,
    /// The largest value of the whole sequence (periodic codes) or of G(0..=upto).
    pub largest: u64,
    /// The first heap with the largest value.
    pub largest_at: u64,
    /// The rare-value mask of the sparse space phenomenon (solved and unsolved codes): a heap
    /// n is rare when 2 G(n) + ((n - t) mod 2) has an even number of bits in common with the
    /// mask, where t is what a split takes (Flammenkamp's sparse positions: the parts of a
    /// split of n add up to n - t), chosen (among masks of the low 12 bits) to leave the
    /// fewest rare heaps. The heap's parity counts only where every split takes a t of the same
    /// parity. Written as the published lists do: the value's mask in hexadecimal, `+pos` when
    /// the heap's parity counts too.
    pub rare_mask: Option<String>,
    /// How many heaps are rare, heap 0 included when it is (its value 0 is rare under every
    /// mask that leaves out the heap's parity), over the pre-period and one period (periodic
    /// codes) or G(0..=upto).
    pub rare: Option<u64>,
    /// The last rare heap.
    pub last_rare: Option<u64>,
    /// A 128-bit fingerprint (FNV-1a) of the values over the pre-period and one period
    /// (periodic codes, with their pre-period and period) or of G(0..=upto): [`group`] groups
    /// codes by it.
    pub fingerprint: String,
    /// The other codes of the survey with the same values ([`group`] fills it in): for periodic
    /// codes the same values for ever (the same pre-period, period and first values), for
    /// unsolved ones the same values up to `upto`.
    pub equivalent: Vec<String>,
}

/// Why a survey or a code of it cannot be done.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SurveyError {
    /// A code, pattern, shard or number that is not well formed: the message names it.
    BadInput(String),
    /// The work is refused before it starts: the message says what it would take.
    Refused(String),
    /// The engine could not compute the values of a code.
    Engine {
        /// The code, as given.
        code: String,
        /// The engine's reason.
        reason: String,
    },
    /// A file of a survey store does not hold the line it is named for ([`read_back`]).
    DamagedStore {
        /// The file, as the front end names it.
        file: String,
        /// What is wrong with it.
        reason: String,
        /// The code whose line was looked for, as given.
        code: String,
    },
}

impl fmt::Display for SurveyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SurveyError::BadInput(m) | SurveyError::Refused(m) => f.write_str(m),
            SurveyError::Engine { code, reason } => write!(f, "code {code}: {reason}"),
            SurveyError::DamagedStore { file, reason, code } => {
                write!(f, "store {file} is damaged: {reason}; remove that file to classify {code} again")
            }
        }
    }
}

impl std::error::Error for SurveyError {}

/// Reads one code of a survey: `0.77`, the published lists' `.77` and `4` (for `4.0`),
/// `octal:0.77`, `hex:0.8f`, a classic name (`kayles`) or `grundys-game`. Only take-and-break
/// games are surveyed.
///
/// ```
/// use grundy::solve::survey::parse_code;
/// assert_eq!(parse_code(".77").unwrap().to_string(), "octal:0.77");
/// assert_eq!(parse_code("4").unwrap().to_string(), "octal:4.0");
/// assert!(parse_code("nim").is_err());
/// ```
pub fn parse_code(code: &str) -> Result<Ruleset, SurveyError> {
    let text = code.trim();
    let spelled = if text.starts_with('.') {
        format!("octal:0{text}")
    } else if text == "0" || text == "4" {
        format!("octal:{text}.0")
    } else if text.starts_with(|c: char| c.is_ascii_digit()) {
        format!("octal:{text}")
    } else {
        text.to_string()
    };
    let ruleset: Ruleset = spelled.parse().map_err(|e| SurveyError::BadInput(format!("code '{code}': {e}")))?;
    if ruleset.split_rules().is_none() {
        return Err(SurveyError::BadInput(format!(
            "code '{code}' is not a take-and-break game (a survey takes octal codes such as 0.77, hex:CODE or grundys-game)"
        )));
    }
    Ok(ruleset)
}

/// The canonical form of a take-and-break ruleset: `0.77`, `hex:0.8f` or `grundys-game`.
pub fn canonical(ruleset: &Ruleset) -> String {
    match ruleset.octal_code() {
        Some(o) => o.code(),
        None => ruleset.to_string(),
    }
}

/// The code as the published lists write it: `.77`, `4.07`, `4` for `4.0`; other rulesets as
/// [`canonical`].
pub fn published_form(canonical: &str) -> String {
    match canonical {
        "0.0" => ".0".to_string(),
        "4.0" => "4".to_string(),
        c if c.starts_with("0.") => c.get(1..).unwrap_or(c).to_string(),
        c => c.to_string(),
    }
}

/// Whether `spec` is a pattern: a code with `x` for any digit (`0.xxx`, `4.xx`, `0.1x7`,
/// `hex:0.x8`).
pub fn is_pattern(spec: &str) -> bool {
    let body = spec.strip_prefix("hex:").or_else(|| spec.strip_prefix("octal:")).unwrap_or(spec);
    body.contains(['x', 'X'])
        && body.contains('.')
        && body.chars().all(|c| c == '.' || c == 'x' || c == 'X' || c.is_ascii_hexdigit())
}

/// The codes of a pattern, in increasing order of their digits, each written with its trailing
/// zeros dropped and each game once (`0.xx` gives `0.0`, `0.1`, ..., `0.7`, `0.01`, ...).
/// An `x` after the point is any digit (0-7, or 0-f after `hex:`), before it any digit allowed
/// there. Refused past [`MAX_SURVEY_CODES`] codes, with the count.
///
/// ```
/// use grundy::solve::survey::expand_pattern;
/// let codes = expand_pattern("0.1x").unwrap();
/// assert_eq!(codes, ["0.1", "0.11", "0.12", "0.13", "0.14", "0.15", "0.16", "0.17"]);
/// assert_eq!(expand_pattern("0.xxx").unwrap().len(), 512);
/// assert!(expand_pattern("0.xxxxxx").is_err());
/// ```
pub fn expand_pattern(pattern: &str) -> Result<Vec<String>, SurveyError> {
    let (prefix, body, radix, first): (&str, &str, u32, &[u32]) = match pattern.strip_prefix("hex:") {
        Some(b) => ("hex:", b, 16, &[0, 4, 8, 12]),
        None => ("", pattern.strip_prefix("octal:").unwrap_or(pattern), 8, &[0, 4]),
    };
    let body = if body.starts_with('.') { format!("0{body}") } else { body.to_string() };
    let bad = |why: &str| SurveyError::BadInput(format!("pattern '{pattern}': {why}"));
    let (before, after) = body.split_once('.').ok_or_else(|| bad("there is no point: write it like 0.xxx or 4.xx"))?;
    let slots: Vec<Vec<u32>> = before
        .chars()
        .map(|c| (c, true))
        .chain(after.chars().map(|c| (c, false)))
        .map(|(c, before_point)| match c {
            'x' | 'X' if before_point => Ok(first.to_vec()),
            'x' | 'X' => Ok((0..radix).collect()),
            c => c.to_digit(radix).map(|d| vec![d]).ok_or_else(|| bad(&format!("'{c}' is neither a digit nor x"))),
        })
        .collect::<Result<_, _>>()?;
    let count = slots.iter().try_fold(1u128, |n, s| n.checked_mul(s.len() as u128)).unwrap_or(u128::MAX);
    if count > MAX_SURVEY_CODES as u128 {
        return Err(SurveyError::Refused(format!(
            "pattern '{pattern}' stands for {count} codes, more than the {MAX_SURVEY_CODES} one survey takes: fix more digits (e.g. one pattern per first digit)"
        )));
    }
    let points = before.chars().count();
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut index = vec![0usize; slots.len()];
    loop {
        let digits: Vec<u32> = index.iter().zip(&slots).filter_map(|(&i, s)| s.get(i).copied()).collect();
        let mut text: String = prefix.to_string();
        for (k, d) in digits.iter().enumerate() {
            if k == points {
                text.push('.');
            }
            text.extend(char::from_digit(*d, radix));
        }
        if points == digits.len() {
            text.push('.');
        }
        let ruleset = parse_code(&text)?;
        if seen.insert(canonical(&ruleset)) {
            out.push(match ruleset.octal_code() {
                Some(o) => o.code(),
                None => ruleset.to_string(),
            });
        }
        // The next code: the last slot moves fastest.
        let mut k = slots.len();
        loop {
            if k == 0 {
                return Ok(out);
            }
            k -= 1;
            let len = slots.get(k).map_or(1, Vec::len);
            if let Some(i) = index.get_mut(k) {
                *i += 1;
                if *i < len {
                    break;
                }
                *i = 0;
            }
        }
    }
}

/// The codes of a file's text: one a line, the first word of each (so the benchmarks' list
/// `CODE N ...` reads too); blank lines and lines starting with `#` skipped. Each code is
/// checked ([`parse_code`]); a bad one is named with its line.
pub fn codes_from_text(text: &str) -> Result<Vec<String>, SurveyError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_start_matches('\u{feff}').trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let code = line.split_whitespace().next().unwrap_or(line);
        parse_code(code).map_err(|e| SurveyError::BadInput(format!("line {}: {e}", i + 1)))?;
        out.push(code.to_string());
    }
    Ok(out)
}

/// One shard of a survey, `I/K` (1 <= I <= K): the codes at positions j (from 0) with
/// j mod K = I - 1. The K shards are disjoint and together cover the codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 1.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Shard {
    /// The codes of this shard, in their order.
    pub fn select<T: Clone>(&self, codes: &[T]) -> Vec<T> {
        codes
            .iter()
            .enumerate()
            .filter(|(j, _)| (*j as u64) % self.count == self.index - 1)
            .map(|(_, c)| c.clone())
            .collect()
    }
}

impl FromStr for Shard {
    type Err = SurveyError;
    fn from_str(s: &str) -> Result<Self, SurveyError> {
        let bad = || SurveyError::BadInput(format!("shard '{s}' is not I/K with 1 <= I <= K (e.g. 2/4)"));
        let (i, k) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = k.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The refusals of a survey made before any work: too many codes, an N past what one table
/// holds, or more values in all than [`MAX_SURVEY_VALUES`] (with the shards that would fit).
pub fn check_survey(codes: usize, upto: u64) -> Result<(), SurveyError> {
    if codes > MAX_SURVEY_CODES {
        return Err(SurveyError::Refused(format!(
            "{codes} codes are more than the {MAX_SURVEY_CODES} one survey takes: run it in shards (--shard I/K)"
        )));
    }
    let max = Work::SplitTable.max_budget();
    if upto >= max {
        return Err(SurveyError::Refused(format!(
            "--upto {upto} is past the {} values one table can hold here ({}): ask for fewer",
            max,
            crate::error::human_bytes(u128::from(crate::error::MEMORY_LIMIT))
        )));
    }
    let values = (codes as u128) * (u128::from(upto) + 1);
    if values > MAX_SURVEY_VALUES {
        let shards = values.div_ceil(MAX_SURVEY_VALUES);
        let per_code = u128::from(upto) + 1;
        let hint = if per_code > MAX_SURVEY_VALUES {
            "lower --upto".to_string()
        } else {
            format!("run it as {shards} shards (--shard 1/{shards} ... --shard {shards}/{shards}, on as many machines) or lower --upto")
        };
        return Err(SurveyError::Refused(format!(
            "a survey of {codes} codes to {upto} computes up to {values} values, more than the {MAX_SURVEY_VALUES} one run takes (hours on one core): {hint}"
        )));
    }
    Ok(())
}

/// Classifies one code by computing G(0..=upto), no more (`upto` bounds the work: a period
/// the Guy-Smith theorem proves only from more values is not claimed, and the code is
/// unsolved up to `upto`), stopping early at a period proven by the theorem. The line's
/// `equivalent` is empty: [`group`] fills it in over a whole survey. The answer depends only
/// on `code` and `upto`.
///
/// A code whose table is forecast, from the time its first values took, to take longer than
/// [`UNSTORED_TIME_LIMIT`] is refused ([`SurveyError::Refused`]), as `grundy sg` refuses it
/// without a store: the same forecast, made within seconds of the start, and a survey keeps a
/// code only once it is finished. The message names the code and the `--upto` that is forecast
/// to fit.
///
/// ```
/// use grundy::solve::survey::{classify, SurveyClass};
/// let kayles = classify("0.77", 1000).unwrap();
/// assert_eq!(kayles.class, SurveyClass::Trivial);
/// assert_eq!((kayles.preperiod, kayles.period), (Some(71), Some(12)));
/// let line = serde_json::to_string(&kayles).unwrap();
/// assert!(line.starts_with(r#"{"code":"0.77","canonical":"0.77","class":"trivial","upto":1000,"preperiod":71"#));
/// ```
pub fn classify(code: &str, upto: u64) -> Result<SurveyLine, SurveyError> {
    let ruleset = parse_code(code)?;
    check_survey(1, upto)?;
    let Some(rules) = ruleset.split_rules() else {
        return Err(SurveyError::BadInput(format!("code '{code}' is not a take-and-break game")));
    };
    // A code that splits a heap in three keeps sets of values for each size: fewer fit.
    let max = crate::engine::heap::split_table_work(&rules).max_budget();
    if upto >= max {
        return Err(SurveyError::Refused(format!(
            "code {code}: --upto {upto} is past the {max} values one table of this code can hold here ({}): ask for fewer",
            crate::error::human_bytes(u128::from(crate::error::MEMORY_LIMIT))
        )));
    }
    let engine_error = |e: SequenceError| match e {
        SequenceError::Forecast { seconds, computed, fits, .. } => {
            forecast_refusal(code, upto, seconds, computed, fits)
        }
        e => SurveyError::Engine { code: code.to_string(), reason: e.to_string() },
    };
    let sequence = SequenceBuilder::new(&ruleset)
        .upto(upto)
        .budget(upto.saturating_add(1))
        .forecast_limit(Some(UNSTORED_TIME_LIMIT))
        .build()
        .map_err(engine_error)?;
    let period = sequence.period();
    // The values the statistics are taken over: the pre-period and one period (every later
    // value repeats one of them), or all of G(0..=upto).
    let span = match period {
        Some(p) => p.preperiod.saturating_add(p.period),
        None => upto.saturating_add(1),
    };
    let mut values = Vec::with_capacity(usize::try_from(span).unwrap_or(0));
    for n in 0..span {
        values.push(sequence.value(n).ok_or_else(|| SurveyError::Engine {
            code: code.to_string(),
            reason: format!("no value is known for heap {n}"),
        })?);
    }
    Ok(line_of(code, &ruleset, &rules, upto, period, &values))
}

/// The refusal of a code whose table is forecast to take longer than [`UNSTORED_TIME_LIMIT`],
/// with the `--upto` that the same forecast puts under half of it (`fits` values fit the limit).
fn forecast_refusal(code: &str, upto: u64, seconds: f64, computed: u64, fits: u64) -> SurveyError {
    SurveyError::Refused(format!(
        "code {code}: computing G(0..{upto}) is forecast to take roughly {} (from the time the first {computed} values took), past the {} one code of a survey may take (it is kept only once finished): lower --upto to {} or less (forecast to take under half of that), or leave {code} out",
        human_seconds(seconds),
        human_seconds(UNSTORED_TIME_LIMIT.as_secs_f64()),
        (fits / 2).max(1) - 1,
    ))
}

/// The line of a code from its values (`values` = G(0..span), the pre-period and one period
/// when `period` is proven, else G(0..=upto)).
fn line_of(
    code: &str,
    ruleset: &Ruleset,
    rules: &SplitRules,
    upto: u64,
    period: Option<Period>,
    values: &[u64],
) -> SurveyLine {
    let (largest_at, largest) =
        values
            .iter()
            .enumerate()
            .fold((0u64, 0u64), |(at, max), (n, &v)| if v > max { (n as u64, v) } else { (at, max) });
    let trivial = period.is_some() && {
        let first: Vec<u64> = (0..TRIVIAL_VALUES).map_while(|n| nth(values, period, n)).collect();
        first.len() == TRIVIAL_VALUES && rules.proven_period(&first) == period
    };
    let class = match period {
        None => SurveyClass::Unsolved,
        Some(_) if trivial => SurveyClass::Trivial,
        Some(_) => SurveyClass::Solved,
    };
    let (rare_mask, rare, last_rare) = match class {
        SurveyClass::Trivial => (None, None, None),
        _ => {
            let r = rare_values(values, position_parity(rules));
            (Some(r.mask), Some(r.count), r.last)
        }
    };
    let mut fingerprint = Fnv128::new();
    if let Some(p) = period {
        fingerprint.word(p.preperiod);
        fingerprint.word(p.period);
        fingerprint.word(p.saltus);
    } else {
        fingerprint.word(u64::MAX);
        fingerprint.word(upto);
    }
    values.iter().for_each(|&v| fingerprint.word(v));
    let proof_values = period.map(|p| {
        let k = rules.max_parts() as u64;
        k.saturating_mul(p.preperiod.max(1))
            .saturating_add((k - 1).saturating_mul(p.period))
            .saturating_add(rules.max_take())
    });
    let written = period.filter(|_| trivial).map(|p| write_values(values, p));
    SurveyLine {
        code: code.to_string(),
        canonical: canonical(ruleset),
        class,
        upto,
        preperiod: period.map(|p| p.preperiod),
        period: period.map(|p| p.period),
        saltus: period.map(|p| p.saltus),
        last_exceptional: period.and_then(|p| p.preperiod.checked_sub(1)),
        proof_values,
        closed_form: period.filter(|_| trivial).map(|p| closed_form(values, p)),
        values: written,
        largest,
        largest_at,
        rare_mask,
        rare,
        last_rare,
        fingerprint: fingerprint.hex(),
        equivalent: Vec::new(),
    }
}

/// G(n) from the values over the pre-period and one period (through the period past them).
fn nth(values: &[u64], period: Option<Period>, n: usize) -> Option<u64> {
    match values.get(n) {
        Some(&v) => Some(v),
        None => period?.value_through(n as u64, |m| values.get(usize::try_from(m).ok()?).copied()),
    }
}

/// One value as the published lists write it: a digit, a letter for 10 to 35, else `[n]`.
fn value_char(v: u64) -> String {
    match u32::try_from(v) {
        Ok(d) if d < 36 => char::from_digit(d, 36).map(|c| c.to_ascii_uppercase().to_string()).unwrap_or_default(),
        _ => format!("[{v}]"),
    }
}

/// The values as the published lists write them: the pre-period, then the period in
/// parentheses.
fn write_values(values: &[u64], p: Period) -> String {
    let n0 = usize::try_from(p.preperiod).unwrap_or(usize::MAX);
    let mut s: String = values.iter().take(n0).map(|&v| value_char(v)).collect();
    s.push('(');
    s.extend(values.iter().skip(n0).map(|&v| value_char(v)));
    s.push(')');
    s
}

/// A trivial code's closed form in words.
fn closed_form(values: &[u64], p: Period) -> String {
    let n0 = p.preperiod;
    let block: Vec<u64> = values.iter().skip(usize::try_from(n0).unwrap_or(usize::MAX)).copied().collect();
    let from = if n0 == 0 { "every n".to_string() } else { format!("n >= {n0}") };
    match block.as_slice() {
        [c] => format!("G(n) = {c} for {from}"),
        [a, b] if n0.is_multiple_of(2) => format!("G(n) = {a} for even n, {b} for odd n, for {from}"),
        [a, b] => format!("G(n) = {b} for even n, {a} for odd n, for {from}"),
        _ => {
            let index = if n0 == 0 { format!("n mod {}", p.period) } else { format!("(n - {n0}) mod {}", p.period) };
            let block: String = block.iter().map(|&v| value_char(v)).collect();
            format!("G(n) = B[{index}] for {from}, where B = {block} (B[0] first)")
        }
    }
}

/// The rare values of the sparse space phenomenon over `values` = G(0..len).
struct Rare {
    mask: String,
    count: u64,
    last: Option<u64>,
}

/// The parity t mod 2 of what the splits of `rules` take, when every split (into two or three
/// heaps) takes a t of the same parity (0 when no move splits): the parts of a split of n then
/// add up to n - t, so the parities of the parts XOR to (n - t) mod 2 and a heap's position
/// can join its value in the sparse space (Flammenkamp's sparse positions). `None` when the
/// splits take t of both parities: the position then carries no such structure.
fn position_parity(rules: &SplitRules) -> Option<u64> {
    let mut splits = rules.split.iter().chain(&rules.split3).map(|t| t % 2);
    let first = splits.next().unwrap_or(0);
    splits.all(|p| p == first).then_some(first)
}

/// The mask of the low 12 bits of the extended value 2 G(n) + ((n + shift) mod 2) (shift = t
/// mod 2, see [`position_parity`]; masks with the parity bit only when `shift` is known) that
/// leaves the fewest heaps n >= 0 rare (an even number of bits of the mask), the smallest such
/// mask on a tie.
fn rare_values(values: &[u64], shift: Option<u64>) -> Rare {
    const BITS: u32 = 12;
    let size = 1usize << BITS;
    let low = (size - 1) as u64;
    let extended = |n: usize, v: u64| (v.wrapping_mul(2) | ((n as u64).wrapping_add(shift.unwrap_or(0)) & 1)) & low;
    let mut counts = vec![0u64; size];
    for (n, &v) in values.iter().enumerate() {
        if let Some(c) = counts.get_mut(extended(n, v) as usize) {
            *c += 1;
        }
    }
    let present: Vec<(u64, u64)> =
        counts.iter().enumerate().filter(|(_, &c)| c > 0).map(|(x, &c)| (x as u64, c)).collect();
    let mut best = (u64::MAX, 0u64);
    // Without a known shift the parity bit (bit 0) is never part of a mask.
    let step = if shift.is_some() { 1 } else { 2 };
    for mask in (step..size as u64).step_by(step as usize) {
        let rare: u64 = present.iter().filter(|(x, _)| (x & mask).count_ones().is_multiple_of(2)).map(|(_, c)| c).sum();
        if rare < best.0 {
            best = (rare, mask);
        }
    }
    let (count, mask) = if best.0 == u64::MAX { (0, 0) } else { best };
    let last = values
        .iter()
        .enumerate()
        .rev()
        .find(|&(n, &v)| (extended(n, v) & mask).count_ones().is_multiple_of(2))
        .map(|(n, _)| n as u64)
        .filter(|&n| n > 0);
    let written = match (mask >> 1, mask & 1) {
        (0, _) => "pos".to_string(),
        (m, 0) => format!("{m:x}"),
        (m, _) => format!("{m:x}+pos"),
    };
    Rare { mask: written, count, last }
}

/// FNV-1a over 128 bits, fed with whole 64-bit words.
struct Fnv128(u128);

impl Fnv128 {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;

    fn new() -> Self {
        Fnv128(Self::OFFSET)
    }

    fn word(&mut self, w: u64) {
        for b in w.to_le_bytes() {
            self.0 ^= u128::from(b);
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }

    fn hex(&self) -> String {
        format!("{:032x}", self.0)
    }
}

/// Fills in each line's `equivalent`: the other lines' codes (in line order) of the same class
/// with the same fingerprint (the same values: for ever for periodic codes, up to `upto` for
/// unsolved ones). Lines of the same canonical code are equivalent too.
pub fn group(lines: &mut [SurveyLine]) {
    let mut groups: BTreeMap<(bool, &str), Vec<usize>> = BTreeMap::new();
    let keys: Vec<(bool, String)> =
        lines.iter().map(|l| (l.class == SurveyClass::Unsolved, l.fingerprint.clone())).collect();
    for (i, (unsolved, fp)) in keys.iter().enumerate() {
        groups.entry((*unsolved, fp.as_str())).or_default().push(i);
    }
    let mut equivalent: Vec<Vec<String>> = vec![Vec::new(); lines.len()];
    for members in groups.values() {
        for &i in members {
            if let Some(e) = equivalent.get_mut(i) {
                *e =
                    members.iter().filter(|&&j| j != i).filter_map(|&j| lines.get(j).map(|l| l.code.clone())).collect();
            }
        }
    }
    for (line, e) in lines.iter_mut().zip(equivalent) {
        line.equivalent = e;
    }
}

/// The order of the published lists: codes as they write them (`4`, `.1`, `.77`, `4.3`,
/// `.002`), shorter first, then as text (so `.77` before `4.3`).
fn published_order(canonical: &str) -> (usize, String) {
    let written = published_form(canonical);
    (written.len(), written)
}

/// The Trivial, Solved and Unsolved tables of a survey's lines (grouped with [`group`] first),
/// in the published lists' form: codes as those lists write them (`.77`, `4.07`), one row per
/// group of equivalent codes (the first in the lists' order, the others in the last column),
/// rows in the lists' order. A table with no row is left out.
pub fn markdown(lines: &[SurveyLine]) -> String {
    // One row per group: the member that comes first in the published order.
    let mut rows: BTreeMap<((usize, String), String), &SurveyLine> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    let mut sorted: Vec<&SurveyLine> = lines.iter().collect();
    sorted.sort_by_key(|l| (published_order(&l.canonical), l.code.clone()));
    for l in sorted {
        let key = (l.class == SurveyClass::Unsolved, l.fingerprint.clone());
        if seen.insert(key) {
            rows.insert((published_order(&l.canonical), l.code.clone()), l);
        }
    }
    let others = |l: &SurveyLine| -> String {
        let mut names: Vec<String> = lines
            .iter()
            .filter(|o| {
                o.fingerprint == l.fingerprint
                    && (o.class == SurveyClass::Unsolved) == (l.class == SurveyClass::Unsolved)
            })
            .filter(|o| !std::ptr::eq(*o, l))
            .map(|o| published_form(&o.canonical))
            .collect();
        names.sort_by_key(|c| (c.len(), c.clone()));
        names.dedup();
        names.retain(|c| *c != published_form(&l.canonical));
        names.join(" ")
    };
    let opt = |v: Option<u64>| v.map_or_else(|| "-".to_string(), |v| v.to_string());
    let of_class = |c: SurveyClass| rows.values().filter(move |l| l.class == c).copied();
    // The columns the Solved and Unsolved tables share: the largest value and the rare ones.
    let sparse = |l: &SurveyLine| {
        vec![
            l.largest_at.to_string(),
            l.largest.to_string(),
            l.rare_mask.as_deref().unwrap_or("-").to_string(),
            opt(l.rare),
            opt(l.last_rare),
        ]
    };
    let mut out = String::new();
    table(
        &mut out,
        &format!("Trivial games\n\nPeriods proven from the values of heaps below {TRIVIAL_VALUES} (Guy-Smith periodicity theorem)."),
        &["game", "pre-period", "period", "values", "equivalent"],
        of_class(SurveyClass::Trivial).map(|l| {
            let values = l.values.as_deref().unwrap_or("-").to_string();
            vec![published_form(&l.canonical), opt(l.preperiod), opt(l.period), values, others(l)]
        }),
    );
    table(
        &mut out,
        "Solved games\n\nPeriods proven by the Guy-Smith periodicity theorem from more values.",
        &["game", "pre-period", "period", "largest at", "largest", "rare mask", "rare", "last rare", "equivalent"],
        of_class(SurveyClass::Solved).map(|l| {
            [vec![published_form(&l.canonical), opt(l.preperiod), opt(l.period)], sparse(l), vec![others(l)]].concat()
        }),
    );
    table(
        &mut out,
        "Unsolved games\n\nNo period proven in G(0..n).",
        &["game", "n", "largest at", "largest", "rare mask", "rare", "last rare", "equivalent up to n"],
        of_class(SurveyClass::Unsolved)
            .map(|l| [vec![published_form(&l.canonical), l.upto.to_string()], sparse(l), vec![others(l)]].concat()),
    );
    out
}

/// Appends one Markdown table: `## heading` (its first line; the rest says what the codes are),
/// the header, the alignment row (left for the game, the values and the equivalent codes, right
/// for numbers) and one row of cells a line; nothing when `rows` is empty.
fn table(out: &mut String, heading: &str, columns: &[&str], rows: impl Iterator<Item = Vec<String>>) {
    let mut rows = rows.peekable();
    if rows.peek().is_none() {
        return;
    }
    let left = |c: &str| c == "game" || c == "values" || c.starts_with("equivalent");
    let align: Vec<&str> = columns.iter().map(|c| if left(c) { ":---" } else { "---:" }).collect();
    *out += &format!("## {heading}\n\n{}\n{}\n", columns.join(" | "), align.join(" | "));
    for row in rows {
        *out += &row.join(" | ");
        *out += "\n";
    }
    *out += "\n";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::period::guy_smith_period_parts;

    /// G(0..len) by the plain mex over every option (the definition).
    fn mex_values(ruleset: &Ruleset, len: usize) -> Vec<u64> {
        crate::engine::mex_table(ruleset, len as u64 - 1)
    }

    #[test]
    fn each_class_agrees_with_the_plain_mex_table_and_the_theorem() {
        // Every code of one and two digits, and some of three: the class, period and pre-period
        // from the plain mex table and the theorem applied to it, with no engine.
        let mut codes = expand_pattern("0.xx").unwrap();
        codes.extend(expand_pattern("4.x").unwrap());
        codes.extend(["0.137", "0.165", "0.45", "0.007", "4.07"].map(String::from));
        for code in codes {
            let line = classify(&code, 3000).unwrap();
            let ruleset = parse_code(&code).unwrap();
            let rules = ruleset.split_rules().unwrap();
            let table = mex_values(&ruleset, 3001);
            let proven = rules.proven_period(&table);
            assert_eq!(line.period, proven.map(|p| p.period), "{code}");
            assert_eq!(line.preperiod, proven.map(|p| p.preperiod), "{code}");
            let trivial = guy_smith_period_parts(&table[..TRIVIAL_VALUES], rules.max_take(), rules.max_parts());
            let expected = match (proven, trivial) {
                (None, _) => SurveyClass::Unsolved,
                (Some(_), Some(_)) => SurveyClass::Trivial,
                (Some(_), None) => SurveyClass::Solved,
            };
            assert_eq!(line.class, expected, "{code}");
            if line.class == SurveyClass::Unsolved {
                assert_eq!(line.largest, *table.iter().max().unwrap(), "{code}");
            }
        }
    }

    #[test]
    fn patterns_expand_to_each_game_once() {
        let codes = expand_pattern("0.xxx").unwrap();
        assert_eq!(codes.len(), 512);
        assert_eq!(codes[0], "0.0");
        assert!(codes.contains(&"0.1".to_string()) && !codes.contains(&"0.100".to_string()));
        assert_eq!(expand_pattern("4.xx").unwrap().len(), 64);
        assert_eq!(expand_pattern("x.x").unwrap().len(), 16);
        assert_eq!(expand_pattern(".1x7").unwrap().len(), 8);
        assert_eq!(expand_pattern("hex:0.x").unwrap().len(), 16);
        assert!(matches!(expand_pattern("0.1y"), Err(SurveyError::BadInput(m)) if m.contains("'y'")));
        assert!(matches!(expand_pattern("0.xxxxxx"), Err(SurveyError::Refused(m)) if m.contains("262144")));
        assert!(is_pattern("0.xx") && is_pattern("hex:0.x") && !is_pattern("0.77") && !is_pattern("hex:0.8"));
        assert!(!is_pattern("codes.txt") && !is_pattern("/tmp/x.1"));
    }

    #[test]
    fn shards_are_disjoint_and_cover_the_codes() {
        let codes: Vec<u32> = (0..100).collect();
        for k in 1..8u64 {
            let mut all: Vec<u32> = (1..=k).flat_map(|i| Shard { index: i, count: k }.select(&codes)).collect();
            all.sort_unstable();
            assert_eq!(all, codes);
        }
        assert_eq!("2/4".parse::<Shard>().unwrap(), Shard { index: 2, count: 4 });
        for bad in ["0/4", "5/4", "2", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn equal_values_are_grouped() {
        // 0.2 and 4.0 have the same values; 0.07 and dawsons-kayles are the same code.
        let mut lines: Vec<SurveyLine> =
            ["0.2", "4", "0.07", "dawsons-kayles", "0.77"].iter().map(|c| classify(c, 100).unwrap()).collect();
        group(&mut lines);
        assert_eq!(lines[0].equivalent, ["4"]);
        assert_eq!(lines[1].equivalent, ["0.2"]);
        assert_eq!(lines[2].equivalent, ["dawsons-kayles"]);
        assert!(lines[4].equivalent.is_empty());
        let table = markdown(&lines);
        assert!(table.contains("## Trivial games"), "{table}");
        assert!(table.contains("\n4 | 1 | 2 | 0(01) | .2\n"), "{table}");
        assert!(!table.contains("## Solved"), "{table}");
    }

    #[test]
    fn lines_read_back_from_their_json() {
        for code in ["0.77", "0.6", "0.45"] {
            let line = classify(code, 4096).unwrap();
            let json = serde_json::to_string(&line).unwrap();
            assert_eq!(serde_json::from_str::<SurveyLine>(&json).unwrap(), line);
        }
    }

    #[test]
    fn codes_read_from_text_and_bad_ones_are_named() {
        let codes = codes_from_text("# a list\n0.16 262144 nonaive\n\n.77\nkayles\n").unwrap();
        assert_eq!(codes, ["0.16", ".77", "kayles"]);
        let e = codes_from_text("0.16\n0.9\n").unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("0.9"), "{e}");
        assert!(parse_code("nim").is_err());
    }

    #[test]
    fn surveys_past_the_bounds_are_refused_with_what_they_take() {
        let e = check_survey(512, 1 << 26).unwrap_err().to_string();
        assert!(e.contains("shards") && e.contains("--shard 1/"), "{e}");
        assert!(check_survey(512, 1 << 20).is_ok());
        assert!(check_survey(MAX_SURVEY_CODES + 1, 10).is_err());
    }

    #[test]
    fn the_rare_mask_leaves_the_fewest_rare_heaps() {
        // Extended values 2 G(n) + (n mod 2) of heaps 1 to 9: 3 4 3 4 3 4 7 2 5. The parity of
        // 7 = 3 ^ 4 under any mask is that of 3 and 4 together, so one of heaps 1 to 7 is rare
        // at least; the mask 0b110 (the value's mask 3, parity not counted) leaves heap 7 alone.
        let values = [0u64, 1, 2, 1, 2, 1, 2, 3, 1, 2];
        let r = rare_values(&values, Some(0));
        assert_eq!((r.mask.as_str(), r.count, r.last), ("3", 2, Some(7)));
        // The same values under splits that take an odd number: heap n's parity is that of
        // n - 1, the extended values of heaps 0 to 9 are 1 2 5 2 5 2 5 6 3 4, and the mask
        // 0b11 (the value's bit 0 and the parity, "1+pos") leaves heaps 8 and 9 rare and heap 0
        // common.
        let r = rare_values(&values, Some(1));
        assert_eq!((r.mask.as_str(), r.count, r.last), ("1+pos", 2, Some(9)));
        // Splits of both parities: masks never count the heap's parity.
        let r = rare_values(&values, None);
        assert!(!r.mask.contains("pos"), "{}", r.mask);
    }
}
