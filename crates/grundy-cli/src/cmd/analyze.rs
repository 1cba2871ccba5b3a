//! `grundy analyze GAME POSITION...`

use grundy::frontend::{parse_u64, DEFAULT_BUDGET};
use grundy::{analyze, Analysis, AnalyzeOptions, Convention, Game, Player};

use crate::{emit, CliError};

/// The game, position and convention: the arguments every subcommand that takes a position
/// shares.
#[derive(clap::Args)]
pub struct GameArgs {
    /// The game (e.g. nim, bounded:3, kayles; 'grundy games' lists them all).
    #[arg(long_help = crate::cmd::games::game_help(false))]
    pub game: String,
    /// The position: heap sizes (the divisor game: the number n). `@FILE` reads tokens from a
    /// file and `-` from standard input (whitespace-separated; for Hackenbush, one picture), for
    /// positions too long for a command line.
    #[arg(allow_negative_numbers = true, required = true)]
    pub position: Vec<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long, conflicts_with = "every")]
    pub misere: bool,
    /// Every-SG: each turn the player to move moves in every game of the sum that is not over
    /// (each heap of a sum is one game); whoever makes the last move wins.
    #[arg(long)]
    pub every: bool,
}

impl GameArgs {
    /// The play convention the flags ask for.
    pub fn convention(&self) -> Convention {
        match (self.misere, self.every) {
            (true, _) => Convention::Misere,
            (_, true) => Convention::Every,
            _ => Convention::Normal,
        }
    }
}

/// Arguments of `grundy analyze`.
#[derive(clap::Args)]
// --each-vertex answers every start of a graph at once: no position then. Made here, in the
// arguments, so that it applies however they are built (deferred, in `main::parse`).
#[command(mut_arg("position", |a| a.required(false).required_unless_present("each_vertex")))]
pub struct Args {
    #[command(flatten)]
    problem: GameArgs,
    /// Who is to move: first or second (matters for kl).
    #[arg(long, value_name = "PLAYER", default_value = "first")]
    to_move: String,
    /// For the outcome search of a partizan board (Domineering, Clobber, ...): answer who wins
    /// with the player to move only, as Obsequi answers, not with the other player moving first
    /// too; about half the work, and no outcome class.
    #[arg(long, conflicts_with_all = ["each_vertex", "dask"])]
    to_move_only: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Show the reasoning (the binary balance table for Nim, each heap's value, ...).
    #[arg(long)]
    explain: bool,
    /// The most positions an exact search may store (or table entries a table may hold).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    budget: Option<String>,
    /// The most winning moves listed: a number (0 lists none, only their count) or 'all'.
    /// Default: 20 in the text, every one in --json. The count is exact, or said to be unknown
    /// where not every winning move could be looked through.
    #[arg(long, value_name = "N|all", allow_negative_numbers = true)]
    limit: Option<String>,
    /// Answer from the values stored in DIR by `grundy sg GAME --upto N --store DIR` (every heap
    /// they cover); may be given once per game.
    #[arg(long, value_name = "DIR")]
    store: Vec<std::path::PathBuf>,
    /// For a game on a graph (graph:FILE): the answer with one token on each vertex, every
    /// vertex at once from one labelling of the graph, one JSON line a vertex (vertex, outcome
    /// N/P/D, winner, value: the generalized Sprague-Grundy value where it applies). No
    /// position is given.
    #[arg(long, conflicts_with_all = ["json", "explain", "limit", "store"])]
    each_vertex: bool,
    /// Who wins a partizan board position (domineering, clobber, ...), the search split into
    /// jobs on the Dask cluster whose scheduler is at SCHEDULER (tcp://HOST:8786): runs the
    /// Python package's `python -m grundy.outcome` (`pip install ./crates/grundy-py`; the Python
    /// run is $PYTHON, else python3), with --to-move (first, second or both), --budget, --memory
    /// (each job's) and --json passed on, and prints what it prints.
    #[arg(long, value_name = "SCHEDULER", conflicts_with_all = ["misere", "every", "explain", "limit", "store", "each_vertex"])]
    dask: Option<String>,
    /// The most bytes the outcome search of a partizan board holds (its transposition table and
    /// the values of its small parts), at least 1 MiB; default 256 MiB. A suffix K, M or G is
    /// not read: give the number of bytes.
    #[arg(long, value_name = "BYTES")]
    memory: Option<String>,
    /// Stop after SECONDS of wall time (default: no limit; Ctrl-C stops it too). An outcome
    /// search stopped so prints what it had proven: each first player's answer, or the first
    /// moves it had proven to lose.
    #[arg(long, value_name = "SECONDS", conflicts_with = "each_vertex")]
    time: Option<String>,
    /// Keep the outcome search's table in DIR (created when missing; Domineering's search,
    /// whose keys are the boards themselves): written when the search answers or stops
    /// (--time, Ctrl-C, its budget), and read back by the next run with the same DIR, which
    /// goes on from what was proven.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["dask", "each_vertex"])]
    search_store: Option<std::path::PathBuf>,
}

/// The file of `--search-store DIR` that holds the table.
const SEARCH_TABLE: &str = "outcome-table";

/// `--search-store DIR`, open: its lock held while the run lasts, and the table it holds.
struct SearchStore {
    dir: std::path::PathBuf,
    _lock: std::fs::File,
    /// The table read when it was opened, until it is handed to the search (taken, not copied:
    /// it may be as large as the table).
    bytes: Option<Vec<u8>>,
}

impl SearchStore {
    /// Opens DIR (made when missing) under its lock, reading the table there, at most
    /// `memory` bytes of it (a larger file is not one this run's table could hold).
    fn open(dir: &std::path::Path, memory: u64) -> Result<SearchStore, CliError> {
        let error = |e: String| CliError::of_kind(crate::ErrorKind::Io, e).argument("--search-store");
        std::fs::create_dir_all(dir)
            .map_err(|e| error(format!("store {}: cannot make the directory: {e}", dir.display())))?;
        let lock = crate::store::lock_exclusive(dir, "lock").map_err(error)?;
        let path = dir.join(SEARCH_TABLE);
        let bytes = if path.exists() {
            let bytes = crate::store::read_at_most(&path, memory).map_err(error)?;
            if bytes.len() as u64 > memory {
                return Err(error(format!(
                    "store {}: {} is larger than --memory ({memory} bytes) lets a table hold: give a larger --memory, or remove the file to start again",
                    dir.display(),
                    path.display()
                )));
            }
            Some(bytes)
        } else {
            None
        };
        Ok(SearchStore { dir: dir.to_path_buf(), _lock: lock, bytes })
    }

    /// Writes the table the search left in `cache`, if an outcome search ran.
    fn save(&self, cache: &grundy::frontend::OutcomeCache) -> Result<(), CliError> {
        match cache.table_bytes() {
            Some(bytes) => crate::store::write_atomic(&self.dir, SEARCH_TABLE, &bytes)
                .map_err(|e| CliError::of_kind(crate::ErrorKind::Io, e).argument("--search-store")),
            None => Ok(()),
        }
    }
}

/// The longest `--time` taken: a week.
const MAX_TIME: std::time::Duration = std::time::Duration::from_secs(7 * 24 * 3600);

/// Reads the stores of `--store DIR` (each written by `grundy sg GAME --upto N --store DIR`)
/// once for the life of the process, for [`AnalyzeOptions::stored`]; `None` when none is
/// given. `fill` starts the command a refusal names to fill a store (see [`fill_command`]).
/// With one store, refusals to answer past it name its directory.
pub fn read_stores(
    dirs: &[std::path::PathBuf],
    fill: &str,
) -> Result<Option<&'static grundy::frontend::StoredValues>, CliError> {
    if dirs.is_empty() {
        return Ok(None);
    }
    let mut stored = grundy::frontend::StoredValues::new();
    if let [dir] = dirs {
        stored.set_label(dir.display().to_string());
    }
    for dir in dirs {
        let error = |e: String| CliError::of_kind(crate::ErrorKind::Io, e).argument("--store");
        let (game, values) = crate::store::Store::read(dir, fill).map_err(error)?;
        let ruleset: grundy::Ruleset = game.parse().map_err(|e| {
            error(format!("store {} names the game '{game}', which this grundy does not read: {e}", dir.display()))
        })?;
        stored.insert(&ruleset, values).map_err(|e| error(format!("store {}: {e}", dir.display())))?;
    }
    // The tables live as long as the process: every analysis of this run reads them.
    Ok(Some(Box::leak(Box::new(stored))))
}

/// The start of the command that fills a store when the game and heap are not known (`serve`).
pub const ANY_FILL: &str = "grundy sg GAME --upto N";

/// The start of the command that fills a store for `game` at the heaps of `position`:
/// `grundy sg GAME --upto N`, N the largest heap typed (the words GAME and N where the
/// position has no heap number).
pub fn fill_command(game: &str, position: &[String]) -> String {
    match position.iter().filter_map(|h| h.parse::<u64>().ok()).max() {
        Some(n) => format!("grundy sg {game} --upto {n}"),
        None => ANY_FILL.to_string(),
    }
}

/// Winning moves listed in the text when no --limit is given: a screenful.
pub const DEFAULT_LIMIT: usize = 20;

/// Reads `--limit`: a number, or `all` for no limit (`None`).
fn parse_limit(text: &str) -> Result<Option<usize>, CliError> {
    if text == "all" {
        return Ok(None);
    }
    let n = parse_u64(text, "--limit").map_err(|e| CliError::usage(format!("{e} (or 'all')")).argument("--limit"))?;
    Ok(Some(usize::try_from(n).unwrap_or(usize::MAX)))
}

/// Parses the common game/position/options triple shared by several subcommands.
pub fn parse_problem(
    game: &str,
    position: &[String],
    convention: Convention,
    to_move: &str,
    budget: Option<&str>,
) -> Result<(Game, grundy::Position, AnalyzeOptions), CliError> {
    parse_problem_with(game, position, convention, to_move, budget, true)
}

/// [`parse_problem`], saying whether standard input is free to read a file from (`graph:-`).
pub fn parse_problem_with(
    game: &str,
    position: &[String],
    convention: Convention,
    to_move: &str,
    budget: Option<&str>,
    stdin_free: bool,
) -> Result<(Game, grundy::Position, AnalyzeOptions), CliError> {
    let game: Game = crate::game_arg::read_game(game, stdin_free)?;
    let position = crate::game_arg::read_position(&game, position, stdin_free)?;
    let position = game.parse_position(&position).map_err(|e| CliError::usage(e).argument("POSITION"))?;
    let to_move = parse_to_move(to_move)?;
    let budget = parse_budget(budget)?;
    Ok((game, position, AnalyzeOptions { convention, to_move, budget, ..AnalyzeOptions::default() }))
}

/// Reads `--to-move`.
fn parse_to_move(text: &str) -> Result<Player, CliError> {
    text.parse().map_err(|e| CliError::usage(e).argument("--to-move"))
}

/// Reads `--budget`, the default when it is not given.
fn parse_budget(text: Option<&str>) -> Result<u64, CliError> {
    match text {
        Some(b) => parse_u64(b, "--budget").map_err(|e| CliError::usage(e).argument("--budget")),
        None => Ok(DEFAULT_BUDGET),
    }
}

/// Runs `grundy analyze`.
pub fn run(args: Args) -> Result<(), CliError> {
    if args.each_vertex {
        return each_vertex(&args);
    }
    if let Some(scheduler) = &args.dask {
        return on_dask(&args, scheduler);
    }
    let (game, position, mut options) = parse_problem(
        &args.problem.game,
        &args.problem.position,
        args.problem.convention(),
        &args.to_move,
        args.budget.as_deref(),
    )?;
    options.stored = read_stores(&args.store, &fill_command(&args.problem.game, &args.problem.position))?;
    options.mover_only = args.to_move_only;
    if let Some(memory) = &args.memory {
        options.memory = crate::cmd::parse_memory(memory)?;
    }
    // The words cost more than the answer (a balance table row per heap): the text leaves them
    // out unless --explain asks, and --json always has them.
    options.explain = args.explain || args.json;
    let limit = args.limit.as_deref().map(parse_limit).transpose()?;
    let time = args
        .time
        .as_deref()
        .map(|t| {
            crate::cmd::parse_seconds(t, "--time", MAX_TIME, "an analysis runs for")
                .map_err(|e| CliError::usage(e).argument("--time"))
        })
        .transpose()?;
    let mut search_store =
        args.search_store.as_deref().map(|dir| SearchStore::open(dir, options.memory)).transpose()?;
    if let Some(store) = &mut search_store {
        let place = format!("--search-store {}", store.dir.display());
        options.outcomes = options.outcomes.clone().on_disk(&place, store.bytes.take());
    }
    // A long outcome search shows its progress on a terminal (pipes see nothing).
    let bar = crate::progress::Progress::search_on_terminal().map(std::sync::Arc::new);
    if let Some(bar) = &bar {
        let bar = std::sync::Arc::clone(bar);
        options.outcomes = options.outcomes.clone().with_progress(std::sync::Arc::new(move |p| bar.show_search(p)));
    }
    let analysed = match time {
        Some(limit) => grundy::StopToken::after_within_current(limit).run(|| analyze(&game, &position, &options)),
        None => analyze(&game, &position, &options),
    };
    if let Some(bar) = &bar {
        bar.clear();
    }
    // What was proven is kept however the search ended (an answer, a stop, its budget).
    if let Some(store) = &search_store {
        store.save(&options.outcomes)?;
    }
    let mut a = match analysed {
        Ok(a) => a,
        Err(grundy::AnalyzeError::Stopped(_)) => {
            return Err(stopped(&args, &options.outcomes.proven(), args.time.as_deref()));
        }
        Err(e) => return Err(CliError::analysis(e)),
    };
    if args.json {
        // JSON lists every move unless a limit is asked for; its count stays the exact one.
        if let Some(Some(limit)) = limit {
            a.list_at_most(limit, "--limit");
        }
        let json = serde_json::to_string(&a).map_err(CliError::usage)?;
        emit(&(json + "\n"));
    } else {
        emit(&render(&a, args.explain, limit.unwrap_or(Some(DEFAULT_LIMIT))));
    }
    Ok(())
}

/// An analysis stopped by `--time` or Ctrl-C: what its outcome search had proven, printed (the
/// text, or `--json`'s object), and the line saying where it stopped. A stop outside the
/// outcome search proved nothing to print.
fn stopped(args: &Args, proven: &Option<grundy::frontend::OutcomeProven>, time: Option<&str>) -> CliError {
    use grundy::frontend::FirstProven;
    let why = match time {
        Some(t) if !crate::interrupt::interrupted() => format!("stopped at --time {t}"),
        _ => "stopped at Ctrl-C".to_string(),
    };
    let go_on = match time {
        Some(_) => "a longer --time, or none, goes on",
        None => "run it again and let it finish",
    };
    let done = |message: String| match time {
        Some(_) if !crate::interrupt::interrupted() => CliError {
            message,
            code: 2,
            kind: crate::ErrorKind::Refused,
            argument: Some("--time".into()),
            after_output: true,
        },
        _ => CliError::interrupted(message),
    };
    // Something proven: a first player answered, or a first move proven to lose.
    let some = |p: &&grundy::frontend::OutcomeProven| {
        p.first.iter().any(|f| match f {
            FirstProven::Answered { .. } => true,
            FirstProven::Partly { refuted, .. } => !refuted.is_empty(),
            FirstProven::NotBegun => false,
        })
    };
    let Some(p) = proven.as_ref().filter(some) else {
        let searched = proven.as_ref().map(|p| format!(" (after an outcome search of {} positions)", p.nodes));
        let mut e = done(format!(
            "{why} before the answer was complete{}: nothing was proven yet; {go_on}",
            searched.unwrap_or_default()
        ));
        e.after_output = false;
        return e;
    };
    let side = grundy::frontend::side;
    let words = |m: usize, f: &FirstProven| match f {
        FirstProven::NotBegun => format!("{} moving first: not searched yet", side(m)),
        FirstProven::Answered { wins: true, winning_move } => {
            format!("{} moving first wins, with {}", side(m), winning_move.as_deref().unwrap_or("a move not kept"))
        }
        FirstProven::Answered { wins: false, .. } => format!("{} moving first loses", side(m)),
        FirstProven::Partly { refuted, moves } if refuted.is_empty() => {
            format!("{} moving first: none of the {moves} first moves proven to lose yet", side(m))
        }
        FirstProven::Partly { refuted, moves } => format!(
            "{} moving first: {} of {moves} first moves proven to lose ({}); the rest not yet searched",
            side(m),
            refuted.len(),
            refuted.join("; ")
        ),
    };
    let lines: Vec<String> = p.first.iter().enumerate().map(|(m, f)| words(m, f)).collect();
    let forecast = p.forecast.map(|f| format!(" (forecast: about {f})")).unwrap_or_default();
    if args.json {
        let json = serde_json::json!({
            "game": args.problem.game,
            "stopped": why,
            "search_nodes": p.nodes,
            "forecast_nodes": p.forecast,
            "proven": lines,
        });
        emit(&format!("{json}\n"));
    } else {
        let mut out = format!("{why} after an outcome search of {} positions{forecast}; proven so far:\n", p.nodes);
        for line in &lines {
            out += &format!("  {line}\n");
        }
        out += &match &args.search_store {
            Some(dir) => {
                format!("the table is kept in {}: the same command goes on from what was proven\n", dir.display())
            }
            None => {
                "what was proven is kept only for this run (--search-store DIR keeps the table on disk)\n".to_string()
            }
        };
        emit(&out);
    }
    done(format!("{why} after {} positions: who wins is not known yet (what was proven is printed); {go_on}", p.nodes))
}

/// The Python run by `--dask`: $PYTHON, else python3.
fn python() -> std::ffi::OsString {
    std::env::var_os("PYTHON").filter(|p| !p.is_empty()).unwrap_or_else(|| "python3".into())
}

/// `analyze GAME POSITION --dask SCHEDULER`: `python -m grundy.outcome` on the cluster, whose
/// output is the command's and whose exit status is its own. The search and its jobs are the
/// Python package's (which links the library): this program links no Python, and refuses in one
/// line where the package is not installed.
fn on_dask(args: &Args, scheduler: &str) -> Result<(), CliError> {
    use std::process::{Command, Stdio};
    // Each job's table bound, read first: a bad one is refused before Python runs.
    if let Some(memory) = &args.memory {
        crate::cmd::parse_memory(memory)?;
    }
    let python = python();
    let importable = Command::new(&python)
        .args(["-c", "import grundy.outcome"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !importable {
        return Err(CliError::of_kind(
            crate::ErrorKind::Refused,
            format!(
                "--dask runs the Python package grundy (python -m grundy.outcome), which {} cannot import: pip install ./crates/grundy-py (or name the Python that has it in PYTHON)",
                python.to_string_lossy()
            ),
        )
        .argument("--dask"));
    }
    let game = crate::game_arg::read_game(&args.problem.game, true)?;
    let tokens = crate::game_arg::read_position(&game, &args.problem.position, true)?;
    let mut command = Command::new(&python);
    command.args(["-m", "grundy.outcome", &args.problem.game]).args(&tokens);
    command.args(["--scheduler", scheduler, "--to-move", &args.to_move]);
    if let Some(budget) = &args.budget {
        command.args(["--budget", budget]);
    }
    if let Some(memory) = &args.memory {
        command.args(["--memory", memory]);
    }
    if args.json {
        command.arg("--json");
    }
    let status = command.status().map_err(|e| {
        CliError::of_kind(crate::ErrorKind::Io, format!("could not run {}: {e}", python.to_string_lossy()))
    })?;
    if status.success() {
        return Ok(());
    }
    // The module said why on stderr (or --json's object on stdout): only its status is passed on.
    let code = status.code().and_then(|c| u8::try_from(c).ok()).filter(|&c| c != 0).unwrap_or(1);
    let kind =
        if code == crate::interrupt::EXIT_STATUS { crate::ErrorKind::Interrupted } else { crate::ErrorKind::Refused };
    Err(CliError { message: String::new(), code, kind, argument: None, after_output: true })
}

/// `analyze graph:FILE --each-vertex`: one JSON line a vertex, in the order the file names them.
fn each_vertex(args: &Args) -> Result<(), CliError> {
    use grundy::frontend::{each_vertex, GraphVerdict as Verdict};
    use std::io::Write;
    if !args.problem.position.is_empty() {
        return Err(CliError::usage("--each-vertex answers every vertex: give no position").argument("POSITION"));
    }
    let game = crate::game_arg::read_game(&args.problem.game, true)?;
    let Some(graph) = game.as_graph() else {
        return Err(CliError::usage(format!(
            "--each-vertex is for games on a graph (graph:FILE), not {}",
            args.problem.game
        ))
        .argument("GAME"));
    };
    if args.problem.every {
        return Err(CliError::usage(
            "--each-vertex answers one token, where Every-SG is the normal game: leave out --every",
        )
        .argument("--every"));
    }
    let to_move = parse_to_move(&args.to_move)?;
    let mover = usize::from(to_move != Player::First);
    let budget = parse_budget(args.budget.as_deref())?;
    let answers = each_vertex(graph, mover, args.problem.misere, budget).map_err(CliError::analysis)?;
    let mut out = crate::out::Stdout::new();
    for a in answers {
        let (outcome, winner) = match a.verdict {
            Verdict::Win => ("N", Some(to_move)),
            Verdict::Lose => ("P", Some(to_move.other())),
            Verdict::Draw => ("D", None),
        };
        let line = serde_json::json!({
            "vertex": graph.name(a.vertex),
            "outcome": outcome,
            "winner": winner.map(|p| p.to_string()),
            "value": a.value.map(|v| v.to_string()),
        });
        let written = writeln!(out, "{line}");
        if written.is_err() {
            // A reader that went away (`| head`) ends the listing.
            return Ok(());
        }
    }
    let _ = out.flush();
    Ok(())
}

/// A count of moves for people: the number, or "count not known".
fn count_words(count: Option<u128>) -> String {
    count.map_or_else(|| "count not known".to_string(), |n| n.to_string())
}

/// One listed move: its words and the position it leaves, exactly as `analyze` reads it back
/// (a game on a graph names its vertices).
fn result_line(m: &grundy::WinningMove, width: usize) -> String {
    // Padded by hand: `format!`'s width is at most 65,535, and a turn of an Every-SG sum of
    // thousands of games is longer. Past `ALIGNED_CHARS` the arrows are not aligned.
    let text = move_text(m);
    let pad = width.min(ALIGNED_CHARS).saturating_sub(text.chars().count());
    format!("  {text}{}  => {}\n", " ".repeat(pad), shortened(&m.leaves.join(" ")))
}

/// A move's words; a partizan game's move says the value it leaves, before the arrow, so that
/// what follows `=>` is the position alone, typed back as it is.
fn move_text(m: &grundy::WinningMove) -> String {
    match &m.value {
        Some(v) => format!("{} (leaves {v})", m.text),
        None => m.text.clone(),
    }
}

/// The widest move text the `=>` column is aligned after (a longer text is followed by the arrow
/// at once, so that one long move does not pad every line).
const ALIGNED_CHARS: usize = 100;

/// The most characters of the position the report's first line shows (a Hackenbush picture
/// read from a file may be megabytes long).
const HEADER_CHARS: usize = 300;

/// `text`, cut after [`HEADER_CHARS`] characters with a note of how much more there is.
pub(crate) fn shortened(text: &str) -> String {
    let total = text.chars().count();
    if total <= HEADER_CHARS {
        return text.to_string();
    }
    let head: String = text.chars().take(HEADER_CHARS).collect();
    format!("{head} ... ({} more characters)", total - HEADER_CHARS)
}

/// Who wins: N or P (the player to move wins, or loses) for an impartial position; for a
/// partizan one (its outcome class known), the winner named as Left or Right, since N and P
/// beside a class L or R read as two answers (the JSON keeps `outcome`'s N and P).
fn outcome_line(a: &Analysis) -> String {
    let Some(winner) = a.winner else {
        return format!("outcome: {} ({})\n", a.outcome, a.outcome.words());
    };
    if a.sg.is_none() && (a.outcome_class.is_some() || a.conway.is_some() || a.search_nodes.is_some()) {
        let side = |p: grundy::Player| grundy::frontend::side(p.index());
        let mover = side(a.to_move);
        return if winner == a.to_move {
            format!("outcome: {mover}, to move, wins with best play\n")
        } else {
            format!("outcome: {mover}, to move, loses: {} wins with best play\n", side(winner))
        };
    }
    format!("outcome: {} (the {winner} player wins with best play)\n", a.outcome)
}

/// The human-readable report, listing at most `limit` winning moves (`None`: every one).
pub fn render(a: &Analysis, explain: bool, limit: Option<usize>) -> String {
    let mut s = format!(
        "{} {} ({} play, {} player to move)\n",
        a.game,
        shortened(&a.tokens.join(" ")),
        a.convention,
        a.to_move
    );
    s += &outcome_line(a);
    if let Some(values) = &a.generalized_sg {
        let shown: Vec<String> = values.iter().zip(&a.tokens).take(20).map(|(v, t)| format!("{t}: {v}")).collect();
        let more = if values.len() > 20 { ", ..." } else { "" };
        s += &format!("generalized Sprague-Grundy values (Smith): {}{more}\n", shown.join(", "));
    }
    match (a.sg, &a.sg_note, &a.conway) {
        // An impartial game valued by Conway's theory: its value is the nimber *v.
        (Some(v), _, Some(c)) => {
            let value = c.value.clone().unwrap_or_else(|| format!("*{v}"));
            s += &format!("Sprague-Grundy value: {v} (Conway's value {value}, outcome class {})\n", c.outcome);
        }
        (_, _, Some(c)) => {
            let value = c
                .value
                .clone()
                .or_else(|| c.value_note.clone())
                .unwrap_or_else(|| "a canonical form too long to write here (grundy value writes it)".into());
            s += &format!(
                "Conway's value: {value} (outcome class {}, mean {}, temperature {})\n",
                c.outcome, c.mean, c.temperature
            );
        }
        (Some(v), _, _) => s += &format!("Sprague-Grundy value: {v}\n"),
        // Who wins by the outcome search, without the value.
        (None, _, None) if a.search_nodes.is_some() && a.outcome_class.is_some() => {
            s += &format!(
                "outcome class: {} (by an outcome search of {} positions; Conway's value not sought)\n",
                a.outcome_class.as_deref().unwrap_or_default(),
                a.search_nodes.unwrap_or_default()
            )
        }
        (None, _, None) if a.search_nodes.is_some() => {
            s += &format!(
                "outcome class: not sought (--to-move-only: only {} moving first was searched, {} positions; Conway's value not sought)\n",
                grundy::frontend::side(a.to_move.index()),
                a.search_nodes.unwrap_or_default()
            )
        }
        (None, Some(why), None) => s += &format!("Sprague-Grundy value: {why}\n"),
        (None, None, None) => s += "Sprague-Grundy value: none\n",
    }
    let families = a.winning_families.len();
    let grouped = a.winning_families.iter().any(|f| f.family.count > 1);
    if a.winning_move_count.is_none() {
        if let Some(why) = &a.winning_moves_not_listed {
            let rerun = a.listing_budget.map(|b| format!(": rerun with --budget {b}")).unwrap_or_default();
            s += &format!("winning moves: not all listed ({why}{rerun})\n");
        }
    }
    let shown_limit = limit.unwrap_or(usize::MAX);
    if grouped {
        // The families first: with the single moves listed below they are the whole answer,
        // however many moves they hold.
        let many: Vec<&str> =
            a.winning_families.iter().filter(|f| f.family.count > 1).map(|f| f.text.as_str()).collect();
        s += &format!(
            "winning moves ({}): {} in families, {} single\n",
            count_words(a.winning_move_count),
            many.len(),
            families - many.len()
        );
        for text in many.iter().take(shown_limit) {
            s += &format!("  {text}\n");
        }
        if many.len() > shown_limit {
            let left = many.len() - shown_limit;
            s += &format!(
                "  and {left} more {} (--limit all lists them)\n",
                if left == 1 { "family" } else { "families" }
            );
        }
    }
    if a.winning_moves.is_empty() {
        match (a.winning_move_count, &a.winning_moves_not_listed) {
            (_, None) => s += "winning moves: none\n",
            // Counted, none listed (a Ruler run too long for a list of heads): say why.
            (Some(n), Some(why)) if n > 0 && !grouped => s += &format!("winning moves ({n}): {why}\n"),
            _ => {}
        }
        if let Some(n) = a.drawing_move_count {
            let shown = &a.drawing_moves[..a.drawing_moves.len().min(shown_limit)];
            s += &format!("moves that keep the draw ({n}):\n");
            let w = shown.iter().map(|m| move_text(m).chars().count()).max().unwrap_or(0);
            for m in shown {
                s += &result_line(m, w);
            }
            if n > shown.len() as u128 {
                s += &format!(
                    "  and {} more (--limit all lists the first {})\n",
                    n - shown.len() as u128,
                    a.drawing_moves.len()
                );
            }
        }
    } else {
        let shown = &a.winning_moves[..a.winning_moves.len().min(shown_limit)];
        s += &match (grouped, a.winning_move_count) {
            (true, _) => "the first moves one by one:\n".to_string(),
            (false, Some(n)) => format!("winning moves ({n}):\n"),
            // The count is not known when some are left out (the line above says why).
            (false, None) => {
                format!("winning moves (the {} found so far; more are not listed):\n", a.winning_moves.len())
            }
        };
        let w = shown.iter().map(|m| move_text(m).chars().count()).max().unwrap_or(0);
        for m in shown {
            s += &result_line(m, w);
        }
        let listed = a.winning_moves.len();
        let more = a.winning_move_count.map_or((listed - shown.len()) as u128, |n| n - shown.len() as u128);
        let in_families: u128 = a.winning_families.iter().map(|f| u128::from(f.family.count)).sum();
        let how = if limit.is_none() && a.winning_move_count.is_some_and(|n| n > listed as u128) {
            // --limit all was given: say where the list stops and what gives the rest.
            if a.winning_move_count.is_some_and(|n| n > in_families) {
                format!("the list stops at the first {listed}")
            } else {
                format!("the list stops at the first {listed}; the families above, or --json's winning_families, give every one")
            }
        } else if a.winning_move_count.is_some_and(|n| n > listed as u128 && n > in_families) {
            // A board game may count its moves without giving them as families.
            format!("--limit all lists the first {listed}")
        } else if a.winning_move_count.is_some_and(|n| n > listed as u128) {
            format!("--limit all lists the first {listed}; the families give every one")
        } else if a.winning_move_count.is_some_and(|n| n > listed as u128) {
            format!("--limit all lists the first {listed}")
        } else {
            "--limit all lists them".to_string()
        };
        if shown.is_empty() {
            s += &format!("  not listed ({how})\n");
        } else if more > 0 {
            s += &format!("  and {more} more ({how})\n");
        }
    }
    if explain {
        s += "\nwhy:\n";
        for line in &a.explanation {
            s += &format!("  {line}\n");
        }
    }
    s
}
