//! `POST /api/move`: a turn of the library's `Session`, as `grundy play` plays it: the
//! person's move, then the computer's reply.

use http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use grundy::frontend::{Choice, Level, Played, Session};
use grundy::{AnalyzeError, Player};

use crate::error::{ApiError, Fail, Kind};
use crate::jobs::Job;
use crate::memory::with_budget;
use crate::routes::problem::{quote, Problem};
use crate::routes::{from_body, Prepared};
use crate::Config;

/// `POST /api/move`: a [`Problem`] and how the computer plays.
#[derive(Deserialize)]
pub(crate) struct MoveRequest {
    #[serde(flatten)]
    problem: Problem,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    /// A move of the player to move, played before the computer's reply (under Every-SG a turn:
    /// each game's move joined by `;`, or the general form).
    #[serde(default)]
    human_move: Option<String>,
    /// The positions of the game before this one, oldest first, each with its player to move:
    /// a position repeated three times with the same player to move is a draw (games on a
    /// graph with cycles).
    #[serde(default)]
    history: Vec<Earlier>,
}

/// A position played earlier in the game, as the page keeps it.
#[derive(Deserialize)]
struct Earlier {
    position: Vec<Value>,
    to_move: String,
}

/// The most earlier positions a request may send.
const MAX_HISTORY: usize = 10_000;

/// The person's move in the reply of `POST /api/move`: the library's [`Played`] (`heap`
/// numbered from 1, `to`, `text`, `result`) and the position after it as tokens.
#[derive(Serialize)]
struct HumanMove {
    #[serde(flatten)]
    played: Played,
    /// The position after this move as tokens the API reads back.
    tokens: Vec<String>,
}

#[derive(Serialize)]
pub(crate) struct MoveReply {
    /// The person's move, when one was sent.
    human: Option<HumanMove>,
    /// The computer's move and why, or `null` when the game was over before it.
    computer: Option<Choice>,
    /// The position after both, as numbers and as tokens the API reads back.
    position: Vec<u64>,
    tokens: Vec<String>,
    to_move: String,
    over: bool,
    winner: Option<String>,
    /// Why the game is drawn, once it is (a position repeated three times), else `null`.
    drawn: Option<String>,
    /// The rules of the game in a sentence, for the page's board.
    rules: String,
    /// At most two legal moves of the player now to move, typed, with their words (none once
    /// the game is over): the move box's examples.
    examples: Vec<grundy::frontend::ExampleMove>,
}

/// One request of `POST /api/move` as a turn of the library's [`Session`], the one `grundy
/// play` uses: the game picked up where the request says, the person's move played when one
/// was sent, then the computer's reply (none once the game is over).
pub(crate) fn play_move(
    request: &MoveRequest,
    stored: Option<&'static grundy::frontend::StoredValues>,
    quotients: &grundy::frontend::QuotientCache,
) -> Result<MoveReply, Fail> {
    let (game, position, mut options) = request.problem.parse()?;
    options.stored = stored;
    options.quotients = quotients.clone();
    // Every-SG cannot play a heap that splits or a partizan game, at any level.
    grundy::frontend::check_playable(&position, options.convention)
        .map_err(|e| Fail::Api(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Kind::Unsupported, e)))?;
    let level: Level = request.level.as_deref().unwrap_or("perfect").parse().map_err(ApiError::bad)?;
    // The person moves for the player to move, when they sent a move; the computer plays the
    // other side.
    let computer = if request.human_move.is_some() { options.to_move.other() } else { options.to_move };
    if request.history.len() > MAX_HISTORY {
        return Err(Fail::Api(ApiError::bad(format!(
            "history holds {} positions, more than the {MAX_HISTORY} a request may send",
            request.history.len()
        ))));
    }
    let history = request
        .history
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let earlier = Problem { position: e.position.clone(), ..request.problem.at(vec![], options.to_move) };
            let at = |why: String| ApiError::bad(format!("history entry {}: {why}", i + 1));
            let position = game.parse_position(&earlier.tokens()?).map_err(|e| at(e.to_string()))?;
            let player: Player = e.to_move.parse().map_err(at)?;
            Ok((position, player))
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let mut session =
        Session::resume(game, position, options, computer, level, request.seed.unwrap_or(0)).with_history(history);
    let human = match &request.human_move {
        Some(text) => {
            let played =
                session.play_text(text).map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, Kind::IllegalMove, e))?;
            Some(HumanMove { played, tokens: session.game().position_tokens(session.position()) })
        }
        None => None,
    };
    // The position the computer moves from, for the command line of a budget that runs out.
    let facing = request.problem.at(session.game().position_tokens(session.position()), session.to_move());
    let computer = session.computer_move().map_err(|e| match e {
        // Only level perfect refuses a position it cannot solve (lower levels play the smallest
        // move): the refusal is about the level, as `grundy play` says it.
        AnalyzeError::Unsupported(why) if level == Level::Perfect => Fail::Api(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Kind::Unsupported,
            format!(
                "level perfect cannot promise perfect play here: {why}; level good or easy plays without that promise"
            ),
        )),
        e => facing.failed(e),
    })?;
    let winner = session.winner();
    let drawn = session.drawn();
    Ok(MoveReply {
        human,
        computer,
        position: session.position().heaps(),
        tokens: session.game().position_tokens(session.position()),
        to_move: session.to_move().to_string(),
        over: winner.is_some() || drawn.is_some(),
        winner: winner.map(|w| w.to_string()),
        examples: match winner.is_some() || drawn.is_some() {
            true => vec![],
            false => grundy::frontend::example_turns(session.position(), session.to_move(), session.convention()),
        },
        drawn,
        rules: session.game().rules_sentence(),
    })
}

/// The body of `POST /api/move` (`bytes` long) read and checked, with the default budget
/// filled in.
pub(crate) fn prepare_move(mut body: Value, bytes: usize, config: &Config) -> Result<Prepared, ApiError> {
    let request: MoveRequest = from_body(&body)?;
    // `grundy play` from the same position: the computer moves first unless the person did.
    let computer_first = if request.human_move.is_none() { " --computer-first" } else { "" };
    let level = match request.level.as_deref() {
        Some(level) if level != "perfect" => format!(" --level {}", quote(level)),
        _ => String::new(),
    };
    let asked = request.problem.asked("the computer's move in", "play", &format!("{computer_first}{level}"));
    let forecast = with_budget(&mut body, request.problem.budget, bytes, config);
    Ok(Prepared { asked, forecast, endpoint: "move", shape_of: body.clone(), job: Job::Move { request: body } })
}
