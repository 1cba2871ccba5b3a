//! `GET /api/sg`: the Grundy sequence of a heap ruleset with its proven period and its rule;
//! with `misere=true`, who wins each single heap under misère play instead.

use http::StatusCode;
use serde::Deserialize;
use serde_json::Value;

use grundy::frontend::PERIOD_SEARCH_WORK;
use grundy::frontend::{MisereHeaps, QuotientCache};
use grundy::frontend::{MisereOutcomesReport, SequenceReport, SequenceRule};
use grundy::{Game, Period, Ruleset, SequenceBuilder, SequenceError};

use crate::error::{internal, ApiError, Asked, Fail, Kind};
use crate::jobs::Job;
use crate::memory::forecast;
use crate::routes::problem::quote;
use crate::routes::Prepared;
use crate::{Config, MAX_BUDGET, MAX_UPTO};

#[derive(Deserialize)]
pub(crate) struct SgQuery {
    game: Option<String>,
    upto: Option<String>,
    /// `true`: single heaps' misère outcomes ([`MisereOutcomesReport`]).
    misere: Option<String>,
}

/// How many values the rule of `GET /api/sg` is looked for in (the values shown are fewer).
const RULE_VALUES: u64 = 2047;

/// G(0..=upto) of a heap ruleset with its proven period: the fields of `grundy sg --json`
/// (plus where the values come from), from the library's sequence builder with the bounded
/// period search of `analyze` (closed forms, proven tables, the sparse engine for
/// take-and-break games within a counted amount of work). `upto` is capped, so it answers
/// within the time limit for most games.
pub(crate) fn sg_sequence(game: &str, upto: u64) -> Result<Value, Fail> {
    if let Ok(parsed) = game.parse::<Game>() {
        if let Some(rules) = grundy::frontend::partizan_heaps(&parsed) {
            return partizan_table(rules, game, upto);
        }
    }
    let ruleset = &heap_ruleset(game)?;
    let sequence =
        SequenceBuilder::new(ruleset).upto(upto).budget(MAX_BUDGET).period_search(PERIOD_SEARCH_WORK).build().map_err(
            |e| match e {
                SequenceError::Stopped(s) => Fail::Stopped(s),
                // Past the work a request may do: the command line computes further.
                e @ (SequenceError::WorkLimit { .. } | SequenceError::ThreeHeapLimit { .. }) => {
                    let command = format!("grundy sg {} --upto {upto}", quote(game));
                    Fail::Api(
                        ApiError::new(
                            StatusCode::UNPROCESSABLE_ENTITY,
                            Kind::WorkLimit,
                            format!("{e}; run it on the command line: {command}"),
                        )
                        .with_command(command),
                    )
                }
                // The other kinds are about this request's input (not answerable).
                e => Fail::Api(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Unsupported, e)),
            },
        )?;
    let values = (0..=upto)
        .map(|n| {
            sequence.value(n).ok_or_else(|| {
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    Kind::Unsupported,
                    format!("no value is known for a heap of {n} in {game}"),
                )
            })
        })
        .collect::<Result<Vec<u64>, _>>()?;
    // The rule from more values than are shown when they come cheaply (a later build that
    // fails or runs past the work allowed leaves the rule to the values shown).
    // A period search that proved none has usually computed them already (up to 65,536
    // values): they are taken from it, not searched for a second time.
    // A proven period is the rule: its pre-period and one period are given when they are
    // few (through the period, no work), else the rule says it is not written out.
    let period_span = sequence.period().map(|p| p.preperiod.saturating_add(p.period));
    let more = if let Some(span) = period_span.filter(|&span| span > upto.saturating_add(1) && span <= RULE_VALUES + 1)
    {
        (0..span).map(|n| sequence.value(n)).collect::<Option<Vec<u64>>>()
    } else if upto < RULE_VALUES && sequence.period().is_none() {
        (0..=RULE_VALUES).map(|n| sequence.value(n)).collect::<Option<Vec<u64>>>().or_else(|| {
            SequenceBuilder::new(ruleset)
                .upto(RULE_VALUES)
                .budget(MAX_BUDGET)
                .period_search(PERIOD_SEARCH_WORK)
                .build()
                .ok()
                .and_then(|s| (0..=RULE_VALUES).map(|n| s.value(n)).collect::<Option<Vec<u64>>>())
        })
    } else {
        None
    };
    let rule = SequenceRule::of(more.as_deref().unwrap_or(&values), sequence.period());
    let report = SequenceReport {
        game: ruleset.to_string(),
        upto,
        sequence: &sequence,
        list_values: true,
        rule: Some(rule),
        at: None,
        counts: None,
    };
    serde_json::to_value(&report).map_err(|e| internal(e.to_string()).into())
}

/// Each heap's Conway value and outcome of a partizan game of heaps (`psub:LEFT:RIGHT`,
/// `poctal:LEFT:RIGHT`), with the outcome period where one is proven: the object `grundy sg
/// GAME --json` prints ([`grundy::frontend::PartizanHeapTable`]), within the server's budget.
fn partizan_table(rules: &dyn grundy::frontend::PartizanHeaps, game: &str, upto: u64) -> Result<Value, Fail> {
    let table = rules.heap_table(upto, MAX_BUDGET).map_err(|e| match e {
        grundy::AnalyzeError::Stopped(s) => Fail::Stopped(s),
        e => {
            let command = format!("grundy sg {} --upto {upto}", quote(game));
            Fail::Api(
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    Kind::WorkLimit,
                    format!("{e}; run it on the command line: {command}"),
                )
                .with_command(command),
            )
        }
    })?;
    serde_json::to_value(&table).map_err(|e| internal(e.to_string()).into())
}

/// Who wins a single heap of each size 0..=upto of a heap ruleset under misère play: a
/// closed form or a table with a proven period where the rule takes from one heap
/// ([`MisereHeaps`]: Bouton's rule, K-Nim, subtraction and all-but games), else Plambeck and
/// Siegel's misère quotient of a take-and-break game where it covers every heap asked for
/// (the server's kept quotients, as `analyze` uses them), else the exact search of
/// [`grundy::frontend::misere_single_heaps`], refused past the budget before it starts, saying what it
/// would take. These are the outcomes `analyze GAME N --misere` gives one heap at a time.
pub(crate) fn misere_sequence(game: &str, upto: u64, quotients: &QuotientCache) -> Result<MisereOutcomesReport, Fail> {
    let ruleset = heap_ruleset(game)?;
    // A search past the budget is past what the command line's default computes too: the
    // refusal says what it would take, and names no command that would fail the same way.
    let unsupported =
        |e: grundy::AnalyzeError| Fail::Api(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Unsupported, e));
    let letters = |wins: &mut dyn Iterator<Item = bool>| wins.map(|w| if w { 'N' } else { 'P' }).collect::<String>();
    let reply = |outcomes: String, period: Option<Period>, method: String, why: String| {
        MisereOutcomesReport::new(ruleset.to_string(), upto, outcomes, period, method, why)
    };
    if let Some(heaps) = MisereHeaps::new(&ruleset, MAX_BUDGET).map_err(unsupported)? {
        let p = heaps.period();
        let outcomes = letters(&mut (0..=upto).map(|n| heaps.mover_wins(n)));
        return Ok(reply(outcomes, Some(Period { saltus: 0, ..p }), heaps.method().to_string(), heaps.reason()));
    }
    let quotient = quotients.quotient(&ruleset).map_err(Fail::Stopped)?;
    if let Some(q) = quotient.filter(|q| (0..=upto).all(|n| q.covers(n))) {
        let outcomes: Option<String> =
            (0..=upto).map(|n| q.element(n).map(|x| if q.is_p(x) { 'P' } else { 'N' })).collect();
        if let Some(outcomes) = outcomes {
            let why = format!(
                "Plambeck and Siegel's misère quotient of {ruleset} ({} elements): a heap is lost for the player to move exactly when its element lies in the P-portion{}",
                q.order(),
                match q.period() {
                    Some(p) => format!("; its heaps' elements repeat with period {} from n = {} (proven)", p.period, p.preperiod),
                    None => format!(", computed for the heaps up to {}", q.computed_upto()),
                }
            );
            return Ok(reply(outcomes, q.period(), "misère quotient".to_string(), why));
        }
    }
    let wins = grundy::frontend::misere_single_heaps(&ruleset, upto, MAX_BUDGET).map_err(unsupported)?;
    let why = format!(
        "an exact search of the sums of heaps the splits of {ruleset} leave: no theorem here proves a period of these outcomes, so only the heaps searched are known"
    );
    Ok(reply(letters(&mut wins.into_iter()), None, "search".to_string(), why))
}

/// The heap ruleset `game` names, or a 400 saying it has none.
fn heap_ruleset(game: &str) -> Result<Ruleset, Fail> {
    match game.parse::<Game>().map_err(ApiError::bad)? {
        Game::Heaps(ruleset) => Ok(ruleset),
        _ => Err(ApiError::bad(format!(
            "game '{game}' has no single heap ruleset: the Grundy sequence needs one such as nim or subtraction:2,5"
        ))
        .into()),
    }
}

/// The query of `GET /api/sg` checked.
pub(crate) fn prepare_sg(q: SgQuery, _config: &Config) -> Result<Prepared, ApiError> {
    let game =
        q.game.ok_or_else(|| ApiError::bad("missing query parameter 'game' (e.g. ?game=subtraction:2,5&upto=50)"))?;
    let upto = match q.upto.as_deref() {
        Some(u) => grundy::frontend::parse_u64(u, "upto").map_err(ApiError::bad)?,
        None => 50,
    };
    if upto > MAX_UPTO {
        return Err(ApiError::bad(format!("upto {upto} is past this server's cap {MAX_UPTO}")));
    }
    let misere = match q.misere.as_deref() {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => return Err(ApiError::bad(format!("misere '{other}' is not true or false"))),
    };
    let flag = if misere { " --misere" } else { "" };
    let asked = Asked {
        what: format!(
            "{} of {} up to {upto}",
            if misere { "the misère outcomes of single heaps" } else { "the Grundy sequence" },
            quote(&game)
        ),
        command: format!("grundy sg {}{flag} --upto {upto}", quote(&game)),
    };
    let shape_of = serde_json::json!([game, upto, misere]);
    Ok(Prepared {
        asked,
        forecast: forecast(MAX_BUDGET, 0),
        endpoint: "sg",
        shape_of,
        job: Job::Sg { game, upto, misere },
    })
}
