//! Misère sums of heaps: a list of strategies, [`MISERE_STRATEGIES`], tried in order by one
//! loop. The heaps' Sprague-Grundy values do not decide a misère sum, so each strategy is a
//! theorem that covers some sums (Bouton's rule for Nim, Plambeck and Siegel's misère quotients,
//! one heap's proven outcomes, the SJ theorem, Conway's genus theory of tame games); the last,
//! the exact search, covers every one within the budget. A strategy that does not apply may
//! say why, and the answer's explanation keeps what the earlier ones said.

mod quotient;
mod search;
mod tame;
mod theorems;

#[cfg(test)]
mod tests;

use crate::error::AnalyzeError;
use crate::game::Component;

use super::AnalyzeOptions;
use crate::rules::analysis::Analysis;

pub use search::misere_single_heaps;

/// What one misère strategy made of a sum.
#[derive(Debug)]
pub(super) enum Attempt {
    /// The strategy answers the position (boxed: an answer is large, and a strategy that does
    /// not apply should not carry its size).
    Answer(Box<Analysis>),
    /// The strategy does not cover the position; with the sentence saying why, when a reader of
    /// the answer should know (a theorem that nearly applied), or `None` when it plainly does not
    /// (another ruleset).
    NotApplicable(Option<String>),
}

/// One way to answer a misère sum: its name, and the attempt, which fails only with an error
/// that ends the analysis (the work was stopped, or a refusal past the budget).
pub(super) struct Strategy {
    /// The method's name, as the explanation names it.
    pub(super) name: &'static str,
    /// Answers the sum, says it does not apply, or fails.
    pub(super) attempt: fn(&[Component], &AnalyzeOptions) -> Result<Attempt, AnalyzeError>,
}

/// The misère strategies in the order they are tried: the rules stated outright first (cheap,
/// and exact at any size), then the quotient, then the theorems that check each heap, and the
/// exhaustive search last, as it always applies but costs the most.
pub(super) const MISERE_STRATEGIES: &[Strategy] = &[
    Strategy { name: "Bouton's rule for misère Nim", attempt: theorems::bouton },
    Strategy { name: "Plambeck and Siegel's misère quotient", attempt: quotient::misere_quotient_sum },
    Strategy { name: "one heap's proven misère outcomes", attempt: theorems::misere_single_heap },
    Strategy { name: "the SJ theorem", attempt: theorems::misere_sj },
    Strategy { name: "Conway's genus theory of tame games", attempt: tame::misere_tame_sum },
    Strategy { name: "exact search", attempt: search::sum_misere },
];

/// A misère sum, by the first strategy of [`MISERE_STRATEGIES`] that answers. What the ones
/// before it said about not applying goes after the first line of its explanation, in order.
pub(super) fn misere_sum(cs: &[Component], options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
    let mut notes: Vec<String> = vec![];
    for strategy in MISERE_STRATEGIES {
        match (strategy.attempt)(cs, options)? {
            Attempt::Answer(a) => {
                let mut a = *a;
                let at = a.explanation.len().min(1);
                a.explanation.splice(at..at, notes);
                return Ok(a);
            }
            Attempt::NotApplicable(why) => notes.extend(why),
        }
    }
    // The exact search applies to every sum, so this is not reached.
    let tried: Vec<&str> = MISERE_STRATEGIES.iter().map(|s| s.name).collect();
    Err(AnalyzeError::Unsupported(format!("no misère strategy applies to this sum (tried {})", tried.join(", "))))
}
