//! `POST /api/analyze`: the analysis of a position, as `grundy analyze --json` gives it, with
//! the game's rules and each listed move as it is typed.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use grundy::{analyze, Analysis};

use crate::error::{ApiError, Fail};
use crate::jobs::Job;
use crate::memory::with_budget;
use crate::routes::problem::Problem;
use crate::routes::{from_body, Prepared};
use crate::Config;

/// The body of `POST /api/analyze` (`bytes` long) read and checked, with the default budget
/// filled in.
pub(crate) fn prepare_analyze(mut body: Value, bytes: usize, config: &Config) -> Result<Prepared, ApiError> {
    let request: AnalyzeRequest = from_body(&body)?;
    request.limit()?;
    let asked = request.problem.asked("analyze", "analyze", &request.problem.analyze_flags());
    let forecast = with_budget(&mut body, request.problem.budget, bytes, config);
    Ok(Prepared { asked, forecast, endpoint: "analyze", shape_of: body.clone(), job: Job::Analyze { request: body } })
}

/// The analysis of an analyze request (its limit applied) and the game's rules.
pub(crate) fn analyze_request(
    request: &AnalyzeRequest,
    stored: Option<&'static grundy::frontend::StoredValues>,
    quotients: &grundy::frontend::QuotientCache,
) -> Result<AnalyzeReply, Fail> {
    let problem = &request.problem;
    let (game, position, mut options) = problem.parse()?;
    options.stored = stored;
    options.quotients = quotients.clone();
    let mut analysis = analyze(&game, &position, &options).map_err(|e| problem.failed(e))?;
    if let Some(limit) = request.limit()? {
        analysis.list_at_most(limit, "the request's limit");
    }
    // Each listed move as it is typed, in the game's own words; where neither those words nor
    // the general form (`3 -> 1`, which the page also looks for) is a move the drawing offers,
    // as the drawing writes it (an Arc Kayles edge, a move in one game of a sum), so that the
    // page marks it on the board. And legal moves of the player to move for the move box's hint
    // (the person may be the one to move).
    let drawn = grundy::draw(&game, &position, options.to_move).moves;
    let typed = analysis
        .winning_moves
        .iter()
        .chain(&analysis.drawing_moves)
        .map(|m| {
            let typed =
                grundy::frontend::typed_move(&position, options.to_move, &m.mv).unwrap_or_else(|| m.mv.to_string());
            if drawn.contains(&typed) || drawn.contains(&m.mv.to_string()) {
                return typed;
            }
            grundy::frontend::drawn_move(&position, options.to_move, &m.mv, &drawn).unwrap_or(typed)
        })
        .collect();
    let examples = grundy::frontend::example_turns(&position, options.to_move, options.convention);
    let move_syntax = grundy::frontend::move_syntax_of(&game.to_string());
    let quotient_table_svg = quotient_table(&analysis, &position, quotients);
    Ok(AnalyzeReply { analysis, rules: game.rules_sentence(), move_syntax, typed, examples, quotient_table_svg })
}

/// The multiplication table of the misère quotient that answered `analysis`, drawn
/// ([`grundy::MisereQuotient::table_svg`]), when the answer came from one (Plambeck and
/// Siegel's quotient of the position's one take-and-break ruleset) of at most
/// [`grundy::frontend::TABLE_SVG_MAX_ORDER`] elements. The quotient is the one the
/// analysis just kept in `quotients`; one not kept (larger than the cache) is computed again
/// within the same bounds, so the table is that of the quotient the explanation names.
fn quotient_table(
    analysis: &Analysis,
    position: &grundy::Position,
    quotients: &grundy::frontend::QuotientCache,
) -> Option<String> {
    if analysis.method != grundy::frontend::Method::MisereQuotient {
        return None;
    }
    let ruleset = &position.as_heaps()?.first()?.ruleset;
    let q = quotients.get(ruleset).or_else(|| quotients.quotient(ruleset).ok().flatten())?;
    q.table_svg()
}

/// `POST /api/analyze`: a [`Problem`] and, optionally, the most winning moves to list one by
/// one.
#[derive(Deserialize)]
pub(crate) struct AnalyzeRequest {
    #[serde(flatten)]
    problem: Problem,
    /// The most `winning_moves` listed one by one (as `grundy analyze --limit`); the count and
    /// the families stay whole. A number, or a string of its digits.
    #[serde(default)]
    limit: Option<Value>,
}

impl AnalyzeRequest {
    /// The limit asked for, checked: a whole number of moves, 0 or more.
    fn limit(&self) -> Result<Option<usize>, ApiError> {
        let bad = |v: &Value| {
            ApiError::bad(format!(
                "limit {v} is not a number of moves: send a whole number, 0 or more (e.g. \"limit\": 100), or leave it out to list up to {}",
                grundy::frontend::LISTED_MOVES
            ))
        };
        let n = match &self.limit {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::Number(n)) => n.as_u64().ok_or_else(|| bad(&Value::Number(n.clone())))?,
            Some(Value::String(s)) => grundy::frontend::parse_u64(s, "limit").map_err(ApiError::bad)?,
            Some(other) => return Err(bad(other)),
        };
        Ok(Some(usize::try_from(n).unwrap_or(usize::MAX)))
    }
}

/// The reply of `POST /api/analyze`: the library's [`Analysis`] (the object of `grundy analyze
/// --json`) and the game's rules.
#[derive(Serialize)]
pub(crate) struct AnalyzeReply {
    #[serde(flatten)]
    analysis: Analysis,
    /// The rules of the game in a sentence, for the page's board.
    rules: String,
    /// How this game's moves are typed, with its own numbers (`(1 to 3)` for `bounded:3`):
    /// [`grundy::frontend::move_syntax_of`]; absent for a game of no kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    move_syntax: Option<String>,
    /// Each listed winning move, then each drawing move, as a person types it (in the game's
    /// own words where they read back, as `grundy play` reads moves).
    typed: Vec<String>,
    /// At most two legal moves of the player to move (under Every-SG one whole turn), typed,
    /// with their words: the move box's examples ([`grundy::frontend::example_turns`]).
    examples: Vec<grundy::frontend::ExampleMove>,
    /// When the analysis is Plambeck and Siegel's misère quotient's (`method` "misère
    /// quotient") and the quotient has at most 64 elements: its multiplication table as SVG,
    /// for the page's "Why" ([`grundy::MisereQuotient::table_svg`]); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    quotient_table_svg: Option<String>,
}
