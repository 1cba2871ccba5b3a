//! The method by which an answer is known, named truthfully in text and JSON.

/// How an answer was computed, from the most direct to the most laborious; the order is the
/// one a sum is named by (its least direct heap).
///
/// ```
/// use grundy::{analyze, AnalyzeOptions, Game};
/// use grundy::frontend::Method;
/// let kayles: Game = "kayles".parse().unwrap();
/// let a = analyze(&kayles, &kayles.parse_position(&["10", "7"]).unwrap(), &AnalyzeOptions::default()).unwrap();
/// assert_eq!(a.method, Method::ProvenPeriod);
/// assert_eq!(a.method.to_string(), "proven period");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Method {
    /// A formula proven for every size: Nim (Bouton's theorem), K-Nim and the Bash game
    /// (n mod (K + 1)), the all-but game of one size, the divisor game's exponents.
    ClosedForm,
    /// Values from a computed table whose period is proven, so exact at every size.
    ProvenPeriod,
    /// Values from a computed table that covers every heap of the position, no period proven.
    Table,
    /// The rule of misère Nim (Bouton's, for misère play), and its extension by Conway's genus
    /// theory to misère sums of heaps proven tame.
    MisereRule,
    /// Plambeck and Siegel's misère quotient: each heap's element of a finite commutative
    /// monoid, the product of a sum's elements and whether it lies in the P-portion.
    MisereQuotient,
    /// An exact search of the positions by the definition of P and N positions.
    Search,
    /// The generalized Sprague-Grundy function of a graph with cycles (Smith; Fraenkel and
    /// Yesha's labelling), exact for sums of tokens.
    GeneralizedSg,
    /// Retrograde analysis: every position settled backwards from the ends of the game, with
    /// the positions never settled drawn.
    Retrograde,
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Method::ClosedForm => "closed form",
            Method::ProvenPeriod => "proven period",
            Method::Table => "table",
            Method::MisereRule => "misère rule",
            Method::MisereQuotient => "misère quotient",
            Method::Search => "search",
            Method::GeneralizedSg => "generalized Sprague-Grundy function",
            Method::Retrograde => "retrograde analysis",
        })
    }
}
