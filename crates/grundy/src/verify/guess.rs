//! A user's own guess about a game, written as an expression over the heap size n: its
//! Sprague-Grundy values (`--sg`) or which single heaps are P-positions (`--p-positions`).
//!
//! The guess is compared with the values computed by the definition (the mex table, or
//! exhaustive search) for every n up to a bound. Where the game's values have a proven
//! (arithmetic) period and the expression's [`Shape`] is proven too, agreement on one common
//! period past both pre-periods proves the guess for every n: from there each side moves by its
//! own fixed amount per period, so if those amounts are equal the two never part, and if they
//! differ they part within two periods, which the check then finds.

use serde::Serialize;

use super::expr::{past_a_bound, EvalError, Expr, ExprError, Shape};
use crate::engine::heap::HeapSolver;
use crate::engine::table::{mex_of, mex_table};
use crate::game::convention::{Convention, Player};
use crate::game::{Component, Game, Position};
use crate::rules::board::{Board, Divisor};
use crate::rules::Ruleset;
use crate::solve::naive::NaiveSolver;
use crate::verify::claims::VerifyError;

/// The largest `upto`: values up to it come from the definition, which costs about upto^2 steps
/// for games whose every smaller heap is an option.
pub const MAX_UPTO: u64 = 20_000;

/// The largest `upto` for games decided by exhaustive search (`kl` with K != L, misère play,
/// the divisor game's outcomes), whose cost grows faster.
pub const MAX_SEARCH_UPTO: u64 = 3_000;

/// The most values looked at past `upto` when proving a guess for every n through the periods.
const MAX_PROOF_SPAN: u64 = 4_000_000;

/// What the guess is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GuessKind {
    /// The expression is the Sprague-Grundy value G(n) of a heap of n.
    Sg,
    /// The expression is true (not 0) exactly when a heap of n is a P-position.
    PPositions,
}

/// How to check a guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuessOptions {
    /// Values or P-positions.
    pub kind: GuessKind,
    /// Compare every n up to this (inclusive) against the definition.
    pub upto: u64,
    /// Normal or misère play (misère only for P-positions).
    pub convention: Convention,
}

/// A value shown in a report: a number when it is one, otherwise words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Shown {
    /// A number.
    Number(i64),
    /// Anything else ("P", "N", "undefined (division by zero at column 3)", a huge number).
    Text(String),
}

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Shown::Number(v) => write!(f, "{v}"),
            Shown::Text(t) => f.write_str(t),
        }
    }
}

/// The smallest n where the guess and the truth differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GuessMismatch {
    /// The heap size (or the divisor game's n).
    pub n: u64,
    /// What the guess gives there.
    pub guess: Shown,
    /// What is true.
    #[serde(rename = "true")]
    pub truth: Shown,
}

/// The result of checking a guess.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GuessReport {
    /// The game as named.
    pub game: String,
    /// Values or P-positions.
    pub kind: GuessKind,
    /// The expression as given.
    pub expression: String,
    /// Normal or misère.
    pub convention: String,
    /// The first n compared (1 for the divisor game, else 0).
    pub from: u64,
    /// Every n from `from` up to this was compared against the definition.
    pub upto: u64,
    /// Whether the guess agrees everywhere it was checked.
    pub holds: bool,
    /// Whether agreement is proven for every n (through proven periods), not only up to `upto`.
    pub for_every_n: bool,
    /// How far the check reaches and why, in words.
    pub reach: String,
    /// The smallest n where they differ, if any.
    pub mismatch: Option<GuessMismatch>,
}

/// The names a game gives values to in expressions: `K` for `bounded:K` and `allbut:K`, `M` for
/// `bash:M`, `K` and `L` for `kl:K,L`.
pub fn game_params(game: &Game) -> Vec<(&'static str, u64)> {
    match game {
        Game::Heaps(r) => r.parameters(),
        Game::Board(b) => b.rules().parameters(),
        _ => vec![],
    }
}

/// Where the true values come from.
enum Truth {
    /// An impartial heap ruleset under normal play: the mex table, and a solver with a proven
    /// period for n past it.
    Heap(Ruleset),
    /// Exhaustive search on single-heap positions: `kl` with K != L, or misère play.
    Search(Game),
    /// The divisor game: values by mex over its moves, outcomes by exhaustive search.
    Divisor,
}

fn single(game: &Game, n: u64) -> Position {
    match game {
        Game::Heaps(r) => Position::of_heaps(vec![Component::new(r.clone(), n)]),
        Game::Board(b) => Position::of_board(b.clone(), vec![n]),
        _ => Position::of_board(Board::new(Divisor), vec![n]),
    }
}

fn truth_source(game: &Game, o: &GuessOptions) -> Result<Truth, VerifyError> {
    let misere = o.convention == Convention::Misere;
    if misere && o.kind == GuessKind::Sg {
        return Err(VerifyError::new(
            "--sg is for normal play (Sprague-Grundy values do not decide misère games); use --p-positions with --misere",
        ));
    }
    let ruleset = match game {
        Game::Heaps(r) => r.clone(),
        // A partizan game (its position a heap, the player to move given beside it) is
        // searched; a game that plays as a heap rule for its parameters reads that rule's values.
        Game::Board(b) if matches!(b.rules().players(None), crate::rules::board::Players::Partizan(_)) => {
            if o.kind == GuessKind::Sg {
                let why = b.rules().players(None).why_partizan().unwrap_or_default();
                return Err(VerifyError::new(format!(
                    "{game} is partizan ({why}): it has no Sprague-Grundy values; use --p-positions"
                )));
            }
            return Ok(Truth::Search(game.clone()));
        }
        Game::Board(b) if b.rules().as_heap_rule().is_some() => match b.rules().as_heap_rule() {
            Some((rule, _)) if !misere => rule,
            _ => return Ok(Truth::Search(game.clone())),
        },
        Game::Board(b) if b.downcast::<Divisor>().is_some() => return Ok(Truth::Divisor),
        Game::BoundedPerHeap | Game::Sum | Game::Board(_) => {
            return Err(VerifyError::new(format!(
                "a guess over n needs a game with one kind of heap, not '{game}' (e.g. bounded:3, subtraction:1,3)"
            )))
        }
    };
    Ok(if misere { Truth::Search(game.clone()) } else { Truth::Heap(ruleset) })
}

/// The true values for n in `from..=upto`: Grundy values for `--sg`, 1 for a P-position and 0
/// otherwise for `--p-positions`.
fn true_values(truth: &Truth, o: &GuessOptions, from: u64) -> Vec<u64> {
    let p_of = |g: u64| u64::from(g == 0);
    match truth {
        Truth::Heap(r) => {
            let t = mex_table(r, o.upto);
            match o.kind {
                GuessKind::Sg => t,
                GuessKind::PPositions => t.into_iter().map(p_of).collect(),
            }
        }
        Truth::Search(game) => {
            // Bottom-up, so every smaller heap is already decided and the recursion stays shallow.
            let mut solver = NaiveSolver::new();
            (from..=o.upto)
                .map(|n| {
                    let pos = single(game, n);
                    solver.wins(&pos, o.convention, Player::Second);
                    u64::from(!solver.wins(&pos, o.convention, Player::First))
                })
                .collect()
        }
        Truth::Divisor => match o.kind {
            GuessKind::Sg => {
                let mut g = vec![0u64; o.upto as usize + 1];
                for n in 2..=o.upto {
                    let opts: Vec<u64> =
                        crate::solve::naive::moves(&single(&Game::Board(Board::new(Divisor)), n), Player::First)
                            .into_iter()
                            .filter_map(|(_, p)| p.heaps().first().and_then(|&m| g.get(m as usize).copied()))
                            .collect();
                    let mut seen = vec![false; opts.len() + 1];
                    let size = seen.len();
                    opts.iter().filter(|&&v| (v as usize) < size).for_each(|&v| seen[v as usize] = true);
                    g[n as usize] = mex_of(&seen);
                }
                g[1..].to_vec()
            }
            GuessKind::PPositions => {
                let mut solver = NaiveSolver::new();
                (1..=o.upto)
                    .map(|n| {
                        u64::from(!solver.wins(
                            &single(&Game::Board(Board::new(Divisor)), n),
                            o.convention,
                            Player::First,
                        ))
                    })
                    .collect()
            }
        },
    }
}

fn shown_number(v: i128) -> Shown {
    i64::try_from(v).map_or_else(|_| Shown::Text(v.to_string()), Shown::Number)
}

fn shown_truth(kind: GuessKind, v: u64) -> Shown {
    match kind {
        GuessKind::Sg => shown_number(i128::from(v)),
        GuessKind::PPositions => Shown::Text(if v == 1 { "P".into() } else { "N".into() }),
    }
}

/// Compares the guess with `truth` at n; `Some` mismatch when they differ. A value the bounds
/// kept from being computed ([`past_a_bound`]) says nothing of the guess: it is refused, naming
/// the bound, rather than reported as the guess failing.
fn compare_at(expr: &Expr, kind: GuessKind, n: u64, truth: u64) -> Result<Option<GuessMismatch>, GuessError> {
    let undefined = |e: EvalError| Shown::Text(format!("undefined ({e})"));
    let guess = match expr.eval(n) {
        Err(e) if past_a_bound(&e) => {
            return Err(GuessError::Other(VerifyError::new(format!(
                "the guess at n = {n} is {e}: it cannot be checked here"
            ))))
        }
        Err(e) => return Ok(Some(GuessMismatch { n, guess: undefined(e), truth: shown_truth(kind, truth) })),
        Ok(v) => v,
    };
    let (agrees, shown) = match kind {
        GuessKind::Sg => (guess == i128::from(truth), shown_number(guess)),
        GuessKind::PPositions => {
            let p = guess != 0;
            (p == (truth == 1), Shown::Text(if p { "P".into() } else { "N".into() }))
        }
    };
    Ok((!agrees).then(|| GuessMismatch { n, guess: shown, truth: shown_truth(kind, truth) }))
}

/// The proven shape of the true sequence (values or the P indicator) of a heap ruleset.
fn truth_shape(solver: &HeapSolver, kind: GuessKind) -> Option<Shape> {
    let p = solver.period()?;
    let slope = i128::from(p.saltus);
    Some(match kind {
        GuessKind::Sg => Shape { start: p.preperiod, period: p.period, slope },
        GuessKind::PPositions if p.saltus == 0 => Shape { start: p.preperiod, period: p.period, slope: 0 },
        // With a positive saltus, G(n) >= saltus > 0 once n is a full period past the
        // pre-period, so no P-position lies beyond.
        GuessKind::PPositions => Shape { start: p.preperiod.checked_add(p.period)?, period: 1, slope: 0 },
    })
}

/// Checks `expression` (over n and the game's parameters, see [`game_params`]) against `game`.
///
/// ```
/// use grundy::verify::{check_guess, GuessKind, GuessOptions};
/// use grundy::Convention;
/// let o = GuessOptions { kind: GuessKind::Sg, upto: 50, convention: Convention::Normal };
/// let r = check_guess(&"bounded:2".parse().unwrap(), "n % 4", &o).unwrap();
/// let m = r.mismatch.unwrap();
/// assert_eq!((m.n, m.guess.to_string(), m.truth.to_string()), (3, "3".into(), "0".into()));
/// let r = check_guess(&"bounded:2".parse().unwrap(), "n % (K + 1)", &o).unwrap();
/// assert!(r.holds && r.for_every_n);
/// ```
pub fn check_guess(game: &Game, expression: &str, o: &GuessOptions) -> Result<GuessReport, GuessError> {
    let expr = Expr::parse(expression, &game_params(game))
        .map_err(|error| GuessError::Expr { expression: expression.to_string(), error })?;
    if o.upto > MAX_UPTO {
        return Err(GuessError::Other(VerifyError::new(format!(
            "--upto {} is past {MAX_UPTO}, the most the definition is computed to",
            o.upto
        ))));
    }
    let truth = truth_source(game, o).map_err(GuessError::Other)?;
    let searched =
        matches!(truth, Truth::Search(_)) || (matches!(truth, Truth::Divisor) && o.kind == GuessKind::PPositions);
    if searched && o.upto > MAX_SEARCH_UPTO {
        return Err(GuessError::Other(VerifyError::new(format!(
            "--upto {} is past {MAX_SEARCH_UPTO}, the most exhaustive search is run to for {game}",
            o.upto
        ))));
    }
    let from = u64::from(matches!(truth, Truth::Divisor));
    if o.upto < from {
        return Err(GuessError::Other(VerifyError::new(format!("--upto must be at least {from} for {game}"))));
    }
    let mut report = GuessReport {
        game: game.to_string(),
        kind: o.kind,
        expression: expression.to_string(),
        convention: o.convention.to_string(),
        from,
        upto: o.upto,
        holds: true,
        for_every_n: false,
        reach: String::new(),
        mismatch: None,
    };
    let values = true_values(&truth, o, from);
    for (n, &t) in (from..).zip(&values) {
        if let Some(m) = compare_at(&expr, o.kind, n, t)? {
            report.mismatch = Some(m);
            break;
        }
    }
    let up_to = format!("checked for n = {from}..{} against the definition", o.upto);

    // Past `upto`, through the periods: only for heap rulesets under normal play.
    let Truth::Heap(ruleset) = &truth else {
        report.reach = format!("{up_to}; no period is proven for this game, so nothing is claimed past {}", o.upto);
        report.holds = report.mismatch.is_none();
        return Ok(report);
    };
    let solver = HeapSolver::new(ruleset, o.upto, crate::solve::analysis::DEFAULT_BUDGET).ok();
    let t_shape = solver.as_ref().and_then(|s| truth_shape(s, o.kind));
    let g_shape = match o.kind {
        GuessKind::Sg => expr.shape(),
        GuessKind::PPositions => expr.truth_shape(),
    };
    let (solver, t_shape, g_shape) = match (solver, t_shape, g_shape) {
        (Some(s), Some(t), Some(g)) => (s, t, g),
        (None, _, _) | (_, None, _) => {
            report.reach =
                format!("{up_to}; the game's values have no proven period, so nothing is claimed past {}", o.upto);
            report.holds = report.mismatch.is_none();
            return Ok(report);
        }
        (_, _, None) => {
            report.reach = format!(
                "{up_to}; the expression is not of a form shown to be (arithmetic-)periodic, so nothing is claimed past {}",
                o.upto
            );
            report.holds = report.mismatch.is_none();
            return Ok(report);
        }
    };
    let common = g_shape.common(t_shape);
    let end = common.and_then(|(start, l, dg, dt)| start.checked_add(l.checked_mul(if dg == dt { 1 } else { 2 })?));
    let Some(((start, l, dg, dt), end)) = common.zip(end).filter(|(_, e)| e.saturating_sub(o.upto) <= MAX_PROOF_SPAN)
    else {
        report.reach = format!("{up_to}; the common period of the guess and the values is too long to check, so nothing is claimed past {}", o.upto);
        report.holds = report.mismatch.is_none();
        return Ok(report);
    };
    if let Some(m) = &report.mismatch {
        report.reach = format!("{up_to}; they differ at n = {}", m.n);
        report.holds = false;
        return Ok(report);
    }
    // The proven values (through the period) carry on where the table stops.
    for n in o.upto + 1..end {
        let Some(v) = solver.value(n) else {
            report.reach = format!("{up_to}; no value is known past it");
            return Ok(report);
        };
        let t = match o.kind {
            GuessKind::Sg => v,
            GuessKind::PPositions => u64::from(v == 0),
        };
        if let Some(m) = compare_at(&expr, o.kind, n, t)? {
            report.mismatch = Some(m);
            break;
        }
    }
    report.holds = report.mismatch.is_none();
    let what = |s: &Shape, d: i128, name: &str| {
        if d == 0 {
            format!("{name}(n + {l}) = {name}(n) for n >= {}", s.start)
        } else {
            format!("{name}(n + {l}) = {name}(n) + {d} for n >= {}", s.start)
        }
    };
    let (gs, ts) = (what(&g_shape, dg, "guess"), what(&t_shape, dt, "G"));
    report.reach = if report.holds {
        report.for_every_n = true;
        format!("proven for every n: {gs} and (proven) {ts}, and they agree for n < {end}, so they agree for ever")
    } else if dg == dt {
        format!("{up_to} (they agree there), then past it through the proven period: {gs}, {ts}")
    } else {
        format!("{up_to} (they agree there), then through the periods: {gs} but {ts}, so they part within two periods of n = {start}")
    };
    Ok(report)
}

/// Why a guess could not be checked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GuessError {
    /// The expression does not parse.
    #[error("bad expression '{expression}': {error}")]
    Expr {
        /// The expression as given.
        expression: String,
        /// What is wrong and where.
        error: ExprError,
    },
    /// Anything else (the game, the range).
    #[error(transparent)]
    Other(VerifyError),
}
