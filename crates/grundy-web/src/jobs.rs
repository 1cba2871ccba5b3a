//! What a request computes: a [`Job`] (the line a worker process reads), run as [`Work`] on a
//! thread of this process or in a worker process, and the loop of a worker process ([`work`]).

use std::io::{BufRead, Write};
#[cfg(feature = "server")]
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use grundy::frontend::QuotientCache;
#[cfg(feature = "server")]
use grundy::StopToken;

use crate::error::{internal, ApiError, ErrorBody, Fail};
use crate::routes::analyze::{analyze_request, AnalyzeRequest};
use crate::routes::draw::DrawReply;
use crate::routes::play::{play_move, MoveRequest};
use crate::routes::problem::Problem;
use crate::routes::random::{random_position, RandomRequest};
use crate::routes::sg::{misere_sequence, sg_sequence};
use crate::routes::value::{options_request, text_request, value_request};
#[cfg(feature = "server")]
use crate::AppState;

/// A computation on a thread of this process, given its run's stop token.
#[cfg(feature = "server")]
type Compute = dyn Fn(&StopToken) -> Result<Value, Fail> + Send + Sync;

/// What a run computes: a function on a blocking thread of this process (under the run's stop
/// token), or a job line for a worker process.
#[cfg(feature = "server")]
#[derive(Clone)]
pub(crate) enum Work {
    /// Given the run's token too (installed on the thread as well, for the library's loops).
    Here(Arc<Compute>),
    Worker(Arc<str>),
}

#[cfg(feature = "server")]
impl AppState {
    /// `job` as this server runs it: in a worker process when it has them.
    pub(crate) fn work(&self, job: Job) -> Work {
        match (&self.pool, serde_json::to_string(&job)) {
            (Some(_), Ok(line)) => Work::Worker(line.into()),
            _ => {
                let stored = self.config.stored;
                let quotients = self.quotients.clone();
                Work::Here(Arc::new(move |_: &StopToken| job.run(stored, &quotients)))
            }
        }
    }
}

/// A computation, as a worker process reads it (one JSON line): the request's body as sent
/// (with the server's default budget filled in), or the sequence asked for.
#[derive(Serialize, Deserialize)]
#[serde(tag = "job", rename_all = "snake_case")]
pub(crate) enum Job {
    Analyze {
        request: Value,
    },
    Move {
        request: Value,
    },
    /// `misere`: who wins each single heap under misère play, not G(n) (absent: false).
    Sg {
        game: String,
        upto: u64,
        #[serde(default)]
        misere: bool,
    },
    Draw {
        request: Value,
    },
    Random {
        request: Value,
    },
    /// Conway's value: the request's game, position and budget as a [`Problem`].
    Value {
        request: Value,
    },
    /// Conway's value of a game written as text (a short game, or a loopy game).
    ValueText {
        text: String,
    },
}

/// A worker process's reply to a job (one JSON line).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum WorkerReply {
    Ok(Value),
    Error { status: u16, error: ErrorBody },
}

impl Job {
    /// Computes the answer, as JSON, answering take-and-break heaps from `stored` where it
    /// covers them (`grundy serve --store DIR`), with the misère quotients kept in `quotients`
    /// (the server's or the worker's, kept across requests).
    pub(crate) fn run(
        &self,
        stored: Option<&'static grundy::frontend::StoredValues>,
        quotients: &QuotientCache,
    ) -> Result<Value, Fail> {
        let bad = |e: serde_json::Error| Fail::Api(ApiError::bad(format!("malformed JSON: {e}")));
        let value = match self {
            Job::Analyze { request } => {
                let request: AnalyzeRequest = serde_json::from_value(request.clone()).map_err(bad)?;
                serde_json::to_value(analyze_request(&request, stored, quotients)?)
            }
            Job::Move { request } => {
                let request: MoveRequest = serde_json::from_value(request.clone()).map_err(bad)?;
                serde_json::to_value(play_move(&request, stored, quotients)?)
            }
            Job::Sg { game, upto, misere: false } => serde_json::to_value(sg_sequence(game, *upto)?),
            Job::Sg { game, upto, misere: true } => serde_json::to_value(misere_sequence(game, *upto, quotients)?),
            Job::Draw { request } => {
                let problem: Problem = serde_json::from_value(request.clone()).map_err(bad)?;
                let (game, position, options) = problem.parse()?;
                serde_json::to_value(DrawReply { drawing: grundy::draw(&game, &position, options.to_move) })
            }
            Job::Random { request } => {
                let request: RandomRequest = serde_json::from_value(request.clone()).map_err(bad)?;
                serde_json::to_value(random_position(&request)?)
            }
            Job::Value { request } => {
                let problem: Problem = serde_json::from_value(request.clone()).map_err(bad)?;
                match request["options"].as_bool() {
                    Some(true) => serde_json::to_value(options_request(&problem)?),
                    _ => serde_json::to_value(value_request(&problem)?),
                }
            }
            Job::ValueText { text } => serde_json::to_value(text_request(text)?),
        };
        value.map_err(|e| Fail::Api(internal(e.to_string())))
    }
}

/// The loop of a worker process (`grundy serve --worker`): reads one job a line from `input`
/// and writes one reply a line to `output`, until the input ends, answering from `stored` (the
/// server's `--store` directories, read by the worker too). A panic becomes a 500 reply;
/// anything worse (memory) ends the process, and the server answers for it. The misère
/// quotients its jobs compute are kept for the life of the worker (within the default bound of
/// [`QuotientCache`]).
pub fn work(
    input: impl BufRead,
    mut output: impl Write,
    stored: Option<&'static grundy::frontend::StoredValues>,
) -> std::io::Result<()> {
    let quotients = QuotientCache::default();
    for line in input.lines() {
        let line = line?;
        let reply = match serde_json::from_str::<Job>(&line) {
            Err(e) => Err(internal(format!("a worker read what is not a job: {e}"))),
            Ok(job) => match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job.run(stored, &quotients))) {
                Ok(Ok(value)) => Ok(value),
                Ok(Err(Fail::Api(e))) => Err(e),
                Ok(Err(_)) => Err(internal("a worker's computation was stopped".into())),
                Err(_) => Err(internal("the computation panicked".into())),
            },
        };
        let reply = match reply {
            Ok(value) => WorkerReply::Ok(value),
            Err(e) => WorkerReply::Error { status: e.status.as_u16(), error: e.body() },
        };
        serde_json::to_writer(&mut output, &reply)?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The requests a server (or a worker) runs share its quotient cache: misère Kayles
    /// analysed, then played, computes Kayles' quotient once (a cache per request would leave
    /// this one empty).
    #[test]
    fn jobs_given_one_cache_compute_a_misere_quotient_once() {
        let quotients = QuotientCache::default();
        let problem = |heaps: Value| serde_json::json!({"game": "kayles", "position": heaps, "misere": true});
        let jobs = [
            Job::Analyze { request: problem(serde_json::json!([10, 11])) },
            Job::Analyze { request: problem(serde_json::json!([7, 12, 3])) },
            Job::Move { request: problem(serde_json::json!([40, 5])) },
        ];
        for job in &jobs {
            let reply = job.run(None, &quotients).unwrap_or_else(|_| panic!("{}", serde_json::to_string(job).unwrap()));
            let method = reply.get("method").or_else(|| reply["computer"].get("reason"));
            assert!(matches!(method.and_then(Value::as_str), Some("misère quotient" | "winning")), "{reply}");
        }
        assert_eq!((quotients.computed(), quotients.len()), (1, 1));
    }
}
