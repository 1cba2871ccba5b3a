//! `GET /api/sg`: the Grundy sequence of a heap ruleset with its proven period and its rule.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use tokio::time::Instant;

use grundy::engine::heap::PERIOD_SEARCH_WORK;
use grundy::{Game, Period, SequenceBuilder, SequenceError};

use crate::error::{ApiError, Asked, Fail, Kind};
use crate::jobs::Job;
use crate::json::{reply, Format};
use crate::lanes::{compute, shape};
use crate::memory::forecast;
use crate::routes::problem::quote;
use crate::{AppState, MAX_BUDGET, MAX_UPTO};

#[derive(Deserialize)]
pub(crate) struct SgQuery {
    game: Option<String>,
    upto: Option<String>,
}

/// The reply of `GET /api/sg`.
#[derive(Serialize)]
pub(crate) struct SgReply {
    game: String,
    upto: u64,
    values: Vec<u64>,
    period: Option<Period>,
    last: u64,
    method: String,
    /// The rule of the sequence as `grundy pattern` finds it (`grundy::Pattern`), or why none.
    rule: SgRule,
}

/// The rule of a sequence for the page: the proven period, or what the rule finder finds in
/// G(0..=max(upto, RULE_VALUES)).
#[derive(Serialize)]
struct SgRule {
    /// The family (`period`, `self-similar`, ...), or null when no rule was found.
    family: Option<&'static str>,
    /// The rule in words, or why there is none.
    words: String,
    /// The rule for `grundy verify --sg`.
    expression: Option<String>,
    /// n0.
    from: Option<u64>,
    /// Whether it is proven (a period the sequence came with), not only seen.
    proven: bool,
}

/// How many values the rule of `GET /api/sg` is looked for in (the values shown are fewer).
const RULE_VALUES: u64 = 2047;

impl SgRule {
    fn of(values: &[u64], proven: Option<Period>) -> SgRule {
        match grundy::Pattern::of_sequence(values, proven) {
            Ok(p) => SgRule {
                family: Some(p.family()),
                words: p.words(),
                expression: Some(p.expression()),
                from: Some(p.from()),
                proven: p.proven(),
            },
            Err(e) => SgRule { family: None, words: e.to_string(), expression: None, from: None, proven: false },
        }
    }
}

/// G(0..=upto) of a heap ruleset with its proven period: the fields of `grundy sg --json`
/// (plus where the values come from), from the library's sequence builder with the bounded
/// period search of `analyze` (closed forms, proven tables, the sparse engine for
/// take-and-break games within a counted amount of work). `upto` is capped, so it answers
/// within the time limit for most games.
pub(crate) fn sg_sequence(game: &str, upto: u64) -> Result<SgReply, Fail> {
    let parsed: Game = game.parse().map_err(ApiError::bad)?;
    let Game::Heaps(ruleset) = &parsed else {
        return Err(ApiError::bad(format!(
            "game '{game}' has no single heap ruleset: the Grundy sequence needs one such as nim or subtraction:2,5"
        ))
        .into());
    };
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
    let last = values.last().copied().unwrap_or(0);
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
    let rule = SgRule::of(more.as_deref().unwrap_or(&values), sequence.period());
    Ok(SgReply {
        game: parsed.to_string(),
        upto,
        values,
        period: sequence.period(),
        last,
        method: sequence.method_note(),
        rule,
    })
}

pub(crate) async fn sg_handler(
    State(state): State<AppState>,
    query: Result<Query<SgQuery>, QueryRejection>,
    format: Result<Query<Format>, QueryRejection>,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    let Query(q) = query.map_err(|e| ApiError::bad(format!("malformed query: {e}")))?;
    let big = Format::from_query(format)?;
    let game =
        q.game.ok_or_else(|| ApiError::bad("missing query parameter 'game' (e.g. ?game=subtraction:2,5&upto=50)"))?;
    let upto = match q.upto.as_deref() {
        Some(u) => grundy::parse_u64(u, "upto").map_err(ApiError::bad)?,
        None => 50,
    };
    if upto > MAX_UPTO {
        return Err(ApiError::bad(format!("upto {upto} is past this server's cap {MAX_UPTO}")));
    }
    let asked = Asked {
        what: format!("the Grundy sequence of {} up to {upto}", quote(&game)),
        command: format!("grundy sg {} --upto {upto}", quote(&game)),
    };
    let shape = shape("sg", &serde_json::json!([game, upto]));
    let reply_ =
        compute(&state, arrived, asked, forecast(MAX_BUDGET, 0), shape, state.work(Job::Sg { game, upto })).await?;
    reply(&reply_, big)
}
