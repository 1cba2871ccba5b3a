//! What a survey prints and keeps, owned by the library so that every front end (`grundy
//! survey`, the Python package's Dask survey) gives the same bytes: a [`SurveyLine`] in words
//! (its `Display`), the file a store keeps it in ([`store_file_name`]), and the checks of a
//! line read back from a store ([`read_back`]). A line's JSON is its serde form; reading and
//! writing files is the front ends' work.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]

use std::fmt;

use super::{canonical, parse_code, SurveyClass, SurveyError, SurveyLine};

/// The line of the plain output of `grundy survey`, without its newline: the class and the
/// figures the published lists give for it, then the codes with the same values.
///
/// ```
/// use grundy::survey::classify;
/// let kayles = classify("0.77", 1000).unwrap();
/// assert!(kayles.to_string().starts_with("0.77: trivial, period 12 from n = 71 (proven by the Guy-Smith"));
/// ```
impl fmt::Display for SurveyLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opt = |v: Option<u64>| v.map_or_else(|| "?".to_string(), |v| v.to_string());
        let mask = self.rare_mask.as_deref().unwrap_or("-");
        match self.class {
            SurveyClass::Trivial => write!(
                f,
                "{}: trivial, period {} from n = {} (proven by the Guy-Smith periodicity theorem from {} values): {}",
                self.code,
                opt(self.period),
                opt(self.preperiod),
                opt(self.proof_values),
                self.closed_form.as_deref().unwrap_or("")
            )?,
            SurveyClass::Solved => write!(
                f,
                "{}: solved, period {} from n = {}, last exceptional value G({}) (proven by the Guy-Smith periodicity theorem from {} values); largest value {} at n = {}, {} rare values (mask {mask})",
                self.code,
                opt(self.period),
                opt(self.preperiod),
                self.last_exceptional.map_or_else(|| "-".to_string(), |v| v.to_string()),
                opt(self.proof_values),
                self.largest,
                self.largest_at,
                opt(self.rare),
            )?,
            SurveyClass::Unsolved => write!(
                f,
                "{}: unsolved up to {}: no period proven; largest value {} at n = {}, {} rare values (mask {mask}, the last at n = {})",
                self.code,
                self.upto,
                self.largest,
                self.largest_at,
                opt(self.rare),
                opt(self.last_rare)
            )?,
        }
        if !self.equivalent.is_empty() {
            write!(f, "; same values as {}", self.equivalent.join(", "))?;
        }
        Ok(())
    }
}

/// The name of the file a survey store keeps a code's line at N in: the code's canonical form
/// (`:` and `/` written `-`) and N, so that codes given in different spellings (`.77`, `0.77`,
/// `kayles`) share it and different N do not.
///
/// ```
/// use grundy::survey::store_file_name;
/// assert_eq!(store_file_name("kayles", 3000).unwrap(), "survey-0.77-upto-3000.json");
/// assert_eq!(store_file_name("hex:0.8f", 10).unwrap(), "survey-hex-0.8f-upto-10.json");
/// ```
pub fn store_file_name(code: &str, upto: u64) -> Result<String, SurveyError> {
    Ok(file_name(&canonical(&parse_code(code)?), upto))
}

impl SurveyLine {
    /// The name of the file a survey store keeps this line in ([`store_file_name`]).
    pub fn store_file_name(&self) -> String {
        file_name(&self.canonical, self.upto)
    }
}

/// The store's file name for a canonical code at N.
fn file_name(canonical: &str, upto: u64) -> String {
    format!("survey-{}-upto-{upto}.json", name_part(canonical))
}

/// The store's file name for a canonical code's misère line at N with a work bound
/// (`survey-misere-0.77-upto-60-work-1000.json`).
pub(super) fn misere_file_name(canonical: &str, upto: u64, work: u64) -> String {
    format!("survey-misere-{}-upto-{upto}-work-{work}.json", name_part(canonical))
}

/// A canonical code as part of a file name: `:` and `/` written `-`.
fn name_part(canonical: &str) -> String {
    canonical.replace([':', '/'], "-")
}

/// A line read back from the store's `file` for `code` at `upto`: `parsed` is the front end's
/// reading of the file's JSON. The line must be that code's (the same canonical form) at that
/// N; it comes back with `code` set to the spelling given now and `equivalent` empty (the
/// survey being gathered fills it in). A file that does not read back is refused by name
/// ([`SurveyError::DamagedStore`]), saying how to classify the code again.
///
/// ```
/// use grundy::survey::{classify, read_back, SurveyError};
/// let stored = classify("0.77", 100).unwrap();
/// let line = read_back(Ok::<_, String>(stored.clone()), "store/a.json", "kayles", 100).unwrap();
/// assert_eq!((line.code.as_str(), line.canonical.as_str()), ("kayles", "0.77"));
/// let e = read_back(Ok::<_, String>(stored), "store/a.json", "0.77", 200).unwrap_err();
/// assert!(matches!(e, SurveyError::DamagedStore { .. }));
/// assert_eq!(e.to_string(), "store store/a.json is damaged: it holds 0.77 up to 100; remove that file to classify 0.77 again");
/// ```
pub fn read_back<E: fmt::Display>(
    parsed: Result<SurveyLine, E>,
    file: &str,
    code: &str,
    upto: u64,
) -> Result<SurveyLine, SurveyError> {
    checked_back(
        parsed,
        file,
        code,
        |line: &SurveyLine, canonical: &str| {
            (line.canonical != canonical || line.upto != upto)
                .then(|| format!("it holds {} up to {}", line.canonical, line.upto))
        },
        |line, code| {
            line.code = code.to_string();
            line.equivalent.clear();
        },
    )
}

/// The checks of any kind of line read back from a store's `file` for `code`: the file must
/// parse, and `mismatch` (given the line and the code's canonical form) must find nothing
/// wrong, else the store is damaged, by name; then `respell` gives the line the spelling given
/// now.
pub(super) fn checked_back<L, E: fmt::Display>(
    parsed: Result<L, E>,
    file: &str,
    code: &str,
    mismatch: impl FnOnce(&L, &str) -> Option<String>,
    respell: impl FnOnce(&mut L, &str),
) -> Result<L, SurveyError> {
    let canonical = canonical(&parse_code(code)?);
    let damaged = |reason: String| SurveyError::DamagedStore { file: file.to_string(), reason, code: code.to_string() };
    let mut line = parsed.map_err(|e| damaged(e.to_string()))?;
    if let Some(reason) = mismatch(&line, &canonical) {
        return Err(damaged(reason));
    }
    respell(&mut line, code);
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::super::{classify, group};
    use super::*;

    #[test]
    fn each_class_reads_as_grundy_survey_printed_it() {
        // The lines `grundy survey 0.7 0.6 0.45 0.2 4 --upto 4096` printed when the command
        // wrote them itself: a trivial, a solved and an unsolved code, and two with the same
        // values.
        let mut lines: Vec<SurveyLine> =
            ["0.7", "0.6", "0.45", "0.2", "4"].iter().map(|c| classify(c, 4096).unwrap()).collect();
        group(&mut lines);
        let text: Vec<String> = lines.iter().map(ToString::to_string).collect();
        use SurveyClass::*;
        assert_eq!(lines.iter().map(|l| l.class).collect::<Vec<_>>(), [Trivial, Unsolved, Solved, Trivial, Trivial]);
        assert_eq!(
            text,
            [
                concat!(
                    "0.7: trivial, period 2 from n = 0 (proven by the Guy-Smith periodicity theorem ",
                    "from 5 values): G(n) = 0 for even n, 1 for odd n, for every n",
                ),
                concat!(
                    "0.6: unsolved up to 4096: no period proven; largest value 126 at n = 4074, 833 ",
                    "rare values (mask 6e, the last at n = 4096)",
                ),
                concat!(
                    "0.45: solved, period 20 from n = 498, last exceptional value G(497) (proven by ",
                    "the Guy-Smith periodicity theorem from 1018 values); largest value 8 at n = 37, ",
                    "11 rare values (mask f)",
                ),
                concat!(
                    "0.2: trivial, period 2 from n = 1 (proven by the Guy-Smith periodicity theorem ",
                    "from 5 values): G(n) = 1 for even n, 0 for odd n, for n >= 1; same values as 4",
                ),
                concat!(
                    "4: trivial, period 2 from n = 1 (proven by the Guy-Smith periodicity theorem ",
                    "from 4 values): G(n) = 1 for even n, 0 for odd n, for n >= 1; same values as 0.2",
                ),
            ]
        );
    }

    #[test]
    fn store_names_share_spellings_and_keep_n_apart() {
        let names: Vec<String> =
            [".77", "0.77", "kayles", "octal:0.77"].iter().map(|c| store_file_name(c, 3000).unwrap()).collect();
        assert!(names.iter().all(|n| n == "survey-0.77-upto-3000.json"), "{names:?}");
        assert_eq!(store_file_name("0.77", 3001).unwrap(), "survey-0.77-upto-3001.json");
        assert_eq!(store_file_name("grundys-game", 5).unwrap(), "survey-grundys-game-upto-5.json");
        assert!(store_file_name("nim", 5).is_err());
        let line = classify(".16", 100).unwrap();
        assert_eq!(line.store_file_name(), store_file_name(".16", 100).unwrap());
        assert_eq!(line.store_file_name(), "survey-0.16-upto-100.json");
    }

    #[test]
    fn a_line_read_back_is_checked_and_takes_the_spelling_given_now() {
        let mut stored = classify("0.77", 100).unwrap();
        stored.equivalent = vec!["kayles".into()];
        let line = read_back(Ok::<_, String>(stored.clone()), "d/f.json", ".77", 100).unwrap();
        assert_eq!(line.code, ".77");
        assert!(line.equivalent.is_empty());
        assert_eq!(SurveyLine { code: stored.code.clone(), equivalent: stored.equivalent.clone(), ..line }, stored);
        // Another code, another N, or text that is no line: damaged, named, with the remedy.
        for (code, upto, why) in [("0.16", 100, "it holds 0.77 up to 100"), ("0.77", 99, "it holds 0.77 up to 100")] {
            let e = read_back(Ok::<_, String>(stored.clone()), "d/f.json", code, upto).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("store d/f.json is damaged: {why}; remove that file to classify {code} again")
            );
        }
        let e = read_back(Err::<SurveyLine, _>("EOF while parsing an object"), "d/f.json", "0.77", 100).unwrap_err();
        assert_eq!(
            e.to_string(),
            "store d/f.json is damaged: EOF while parsing an object; remove that file to classify 0.77 again"
        );
        // A code that is no take-and-break game is bad input, not a damaged store.
        let e = read_back(Ok::<_, String>(stored), "d/f.json", "nim", 100).unwrap_err();
        assert!(matches!(e, SurveyError::BadInput(_)), "{e:?}");
    }
}
