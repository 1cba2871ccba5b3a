//! `grundy value GAME POSITION... [--json]` and `grundy value 'TEXT'`: Conway's value of a
//! position (a partizan game's canonical form, an impartial game's nimber, a sum's sum), or of
//! a game written in Conway's notation (`{1|0,*}`, `^+*`, `±1`), with its outcome class, mean,
//! temperature and stops, and with `--svg FILE` its thermograph; or of a loopy game written in
//! CGSuite's notation (`a:{0,a|*}`, `dud`), with its outcome each player first and its simplest
//! form or sides. The reports are the library's (`grundy::ValueReport`,
//! `grundy::frontend::LoopyReport`); this prints them.

use grundy::frontend::DEFAULT_WORK_LIMIT;
use grundy::frontend::{loopy_report, text_report, text_unread, LoopyReport, TextReport};
use grundy::frontend::{position_options_report, ComparisonReport, OptionsReport};
use grundy::frontend::{value_past_work, value_report, Raise, Scope, MAX_NAME_CHARS};
use grundy::ValueReport;
use grundy::{AnalyzeError, Convention};
use grundy::{GameStore, PartizanError};

use crate::cmd::analyze::{parse_problem, shortened};
use crate::{emit, CliError, ErrorKind};

/// The most steps of work `--work` may allow a value: about an hour of CPU.
const MAX_WORK: u64 = 1 << 36;

/// The most bytes a value's computation holds unless `--memory` says otherwise: 1 GiB.
const DEFAULT_MEMORY: u64 = 1 << 30;

/// How this command's notes say to raise a bound an analysis after the value ran out of.
const RAISE: Raise = Raise { work: "--work raises the limit", memory: "--memory raises the bound" };

/// Arguments of `grundy value`.
#[derive(clap::Args)]
pub struct Args {
    /// The game (e.g. kl:2,3, domineering, sum; 'grundy games' lists them all), or a game
    /// written in Conway's notation ('{1|0,*}', '^+*', '3/4', '-1/2', '±1' or '+-1') with no
    /// position, or a loopy game in CGSuite's ('a:{0,a|*}' with a label pointing back, '{pass|}',
    /// on, off, over, under, upon, dud; see docs/loopy.md), or a worksheet's line: a comparison
    /// ('{1|0} >= *'; <=, ==, !=, <, >, ||, <|, |>), cool(G, t), heat(G, t), overheat(G, s, t),
    /// freeze(G) or options(G) (see docs/value.md).
    #[arg(allow_hyphen_values = true)]
    game: String,
    /// The position, as `grundy analyze` takes it.
    #[arg(allow_negative_numbers = true)]
    position: Vec<String>,
    /// Print one JSON object, the one `GET /api/value` answers: {all_small, atomic_weight,
    /// atomic_weight_words, birthday, canonical, game, incentives, mean, outcome,
    /// outcome_words, position, positions, reduced, stops: [Left's, Right's], temperature,
    /// thermograph_svg}; a null atomic weight, reduced form or incentives has a `_note`. A
    /// loopy game's adds {outcome_left_first, outcome_right_first (L, R or D for a draw),
    /// stopper, onside, offside, loopfree, value}, its canonical the simplest form of a
    /// stopper (else null), and the keys only short games have null with a `_note`.
    #[arg(long)]
    json: bool,
    /// The most positions of a board game valued (each once), and the budget of each impartial
    /// part's analysis.
    #[arg(long, value_name = "N")]
    budget: Option<String>,
    /// The most steps of work (options visited, games created, comparisons) the whole value
    /// may take, over every operation on the values (default 50000000).
    #[arg(long, value_name = "N")]
    work: Option<String>,
    /// The most bytes the values' store and the positions valued may hold (default
    /// 1073741824, 1 GiB; at least 1048576).
    #[arg(long, value_name = "BYTES")]
    memory: Option<String>,
    /// The longest canonical form written out, in characters (default 100000): a form shares
    /// its options and its name writes them at each place, so a name can be far longer than
    /// the form.
    #[arg(long, value_name = "N")]
    chars: Option<String>,
    /// Also write the thermograph (Left's wall on the left, the mast above the mean) to FILE
    /// as SVG.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    /// The value alone: its canonical form, outcome, stops, mean, temperature and birthday,
    /// without the atomic weight, reduced form and incentives (each can take as long as the
    /// value), for valuing many positions.
    #[arg(long)]
    value_only: bool,
    /// The position's options instead: each position Left's and Right's moves leave (typed
    /// back as input) and its value, one a line (with --json: {game, left, position, right,
    /// value}, each side a list of {position, value}). A form's options: 'options(G)'.
    #[arg(long)]
    options: bool,
}

/// What the notes of the analyses `--value-only` leaves out say.
const NOT_MADE: &str = "not made: --value-only was given";

/// Reads a count flag.
fn count(text: &Option<String>, flag: &str, default: u64, max: u64) -> Result<u64, CliError> {
    let Some(t) = text else { return Ok(default) };
    let n = grundy::frontend::parse_u64(t, flag).map_err(|e| CliError::usage(e).argument(flag))?;
    if n == 0 || n > max {
        return Err(CliError::usage(format!("{flag} {t}: give 1 to {max}")).argument(flag));
    }
    Ok(n)
}

/// Runs `grundy value`.
pub fn run(args: Args) -> Result<(), CliError> {
    let work = count(&args.work, "--work", DEFAULT_WORK_LIMIT, MAX_WORK)?;
    let memory = args.memory.as_deref().map_or(Ok(DEFAULT_MEMORY), crate::cmd::parse_memory)?;
    let chars = count(&args.chars, "--chars", MAX_NAME_CHARS, MAX_NAME_CHARS)?;
    let mut store = GameStore::new();
    // One bound for the whole value, each of its operations and all of them together.
    store.set_work_limit(work);
    store.set_total_work_limit(work);
    store.set_memory_limit(memory);
    let limits = Limits { work, memory };
    let scope = if args.value_only { Scope::ValueOnly { not_made: NOT_MADE } } else { Scope::Full };
    if args.options && args.position.is_empty() {
        return Err(CliError::usage(
            "--options lists a position's options: give the game and its position (a form's options: 'options(G)')",
        )
        .argument("--options"));
    }
    let report = if args.position.is_empty() && args.game.parse::<grundy::Game>().is_err() {
        // A game written as text: a short game as before, a loopy one (labels, `pass`, on, off,
        // over, dud...) by its game graph, within the same work.
        let report =
            text_report(&args.game, &mut store, chars, scope, RAISE, work).map_err(|e| match text_unread(&e) {
                Some(unread) => CliError::usage(unread).argument("GAME"),
                None => error(e, limits),
            })?;
        match report {
            TextReport::Short(report) => report,
            TextReport::Loopy(report) => return loopy(&report, &args),
            TextReport::Comparison(report) => return comparison(&report, &args),
            TextReport::Options(report) => return options(&report, &args),
        }
    } else {
        if args.position.is_empty() {
            return Err(missing_position(&args.game));
        }
        let (game, position, options) =
            parse_problem(&args.game, &args.position, Convention::Normal, "first", args.budget.as_deref())?;
        // A loopy game (its positions repeat): valued from its graph of positions.
        if let Some(report) = loopy_report(&game, &position, &mut store, options.budget) {
            if args.options {
                return Err(CliError::usage(format!(
                    "--options lists a short game's options, and {game} is a loopy game (its positions repeat)"
                ))
                .argument("--options"));
            }
            return loopy(&report.map_err(|e| error(e, limits))?, &args);
        }
        let outcome = |e: CliError| with_outcome(e, &game, &position, options.budget);
        refuse_past_forecast(&position, work, memory).map_err(outcome)?;
        if args.options {
            let report = position_options_report(&game, &position, &mut store, options.budget, chars)
                .map_err(|e| error(e, limits))?;
            return self::options(&report, &args);
        }
        value_report(&game, &position, &mut store, options.budget, chars, scope, RAISE)
            .map_err(|e| outcome(error(e, limits)))?
    };
    if let Some(path) = &args.svg {
        std::fs::write(path, grundy::thermograph_svg(&report.thermograph) + "\n").map_err(|e| {
            CliError::of_kind(ErrorKind::Io, format!("cannot write {}: {e}", path.display())).argument("--svg")
        })?;
    }
    if args.json {
        // The library's one serialised form, as the web app answers it.
        emit(&(serde_json::to_string(&report).map_err(|e| CliError::of_kind(ErrorKind::Io, e))? + "\n"));
    } else {
        emit(&text(&report, scope));
    }
    Ok(())
}

/// The error for a game named with no position: what the game's position is (Domineering's
/// board, K-L-Nim's heaps), as its own parser says of an empty one, and an example to copy;
/// not the words of a file read, since none was named.
fn missing_position(spelling: &str) -> CliError {
    let what = match spelling.parse::<grundy::Game>().map(|g| g.parse_position::<&str>(&[])) {
        Ok(Err(e)) => e.to_string(),
        _ => "give the position after the game's name".to_string(),
    };
    let what = what.strip_prefix("the position is empty: ").unwrap_or(&what).to_string();
    // The game's own words give an example where they have one; else the catalogue's.
    let example = match grundy::frontend::GAMES.iter().find(|k| k.example_game == spelling) {
        Some(k) if !what.contains("e.g.") => {
            format!(" (e.g. `grundy value {} {}`)", k.example_game, k.example_position)
        }
        _ => String::new(),
    };
    CliError::usage(format!("no position given after {spelling}: {what}{example}")).argument("POSITION")
}

/// Refuses, before the work, a value whose forecast ([`grundy::frontend::value_past_work`],
/// a proven lower bound: the positions its search must visit) passes `work` steps, naming
/// `--work` and the least it would need.
fn refuse_past_forecast(position: &grundy::Position, work: u64, memory: u64) -> Result<(), CliError> {
    let Some(f) = value_past_work(position, work, memory).map_err(CliError::analysis)? else { return Ok(()) };
    let advice = if f.at_least > MAX_WORK {
        format!("more than the {MAX_WORK} steps this program allows (--work), so it is not computed")
    } else {
        format!(
            "--work raises the limit: {} at least (up to {MAX_WORK}; how much more it takes is not known before the work)",
            f.at_least
        )
    };
    Err(CliError::of_kind(
        ErrorKind::GaveUp,
        format!(
            "Conway's value needs more than {work} steps of work: forecast before the work, the {} positions of its search walked so far take at least {} steps to list and to value; {advice}",
            f.positions, f.at_least
        ),
    )
    .argument("--work"))
}

/// `refusal` of a position's value, with the position's outcome (who wins with Left starting
/// and with Right starting) where `grundy analyze` gives both at once
/// ([`grundy::frontend::outcome_at_once`]): the value's work is past what it may take, yet its
/// outcome is known from its parts, and the refusal names the command that answers.
fn with_outcome(refusal: CliError, game: &grundy::Game, position: &grundy::Position, budget: u64) -> CliError {
    if refusal.kind() != ErrorKind::GaveUp {
        return refusal;
    }
    let Some(class) = grundy::frontend::outcome_at_once(game, position, budget) else { return refusal };
    let message = format!(
        "{}; {} (`grundy analyze` of the position gives it with every winning move, `--to-move second` for Right to start)",
        refusal.message(),
        grundy::frontend::known_outcome(class)
    );
    refusal.with_message(message)
}

/// The bounds a value is computed within.
#[derive(Clone, Copy)]
struct Limits {
    work: u64,
    memory: u64,
}

/// A library error, with the store's bounds told how to raise (`--work`, `--memory`).
fn error(e: AnalyzeError, Limits { work, memory }: Limits) -> CliError {
    match e {
        AnalyzeError::Partizan(PartizanError::TooMuchMemory { operation, .. }) => CliError::of_kind(
            ErrorKind::GaveUp,
            format!(
                "Conway's value needs more than {memory} bytes of memory (it was at {operation}); how much more is not known before the work is done; --memory raises the bound"
            ),
        )
        .argument("--memory"),
        AnalyzeError::Partizan(PartizanError::TooMuchWork { operation, .. }) => {
            // How much more is not known before the work is done: no number is advised.
            let advice = if work < MAX_WORK {
                format!(
                    "how much more is not known before the work is done; --work raises the limit (up to {MAX_WORK})"
                )
            } else {
                format!("{MAX_WORK} is the most this program allows")
            };
            CliError::of_kind(
                ErrorKind::GaveUp,
                format!(
                    "Conway's value needs more than {work} steps of work in all (it was at {operation}); {advice}"
                ),
            )
            .argument("--work")
        }
        e => CliError::analysis(e),
    }
}

/// The canonical form's name, or what stands for one too long to write.
fn canonical(r: &ValueReport) -> String {
    r.canonical.clone().unwrap_or_else(|| {
        format!("(a canonical form whose name is longer than {} characters; --chars raises the limit)", r.name_limit)
    })
}

/// The report as text: with `Scope::ValueOnly`, without the lines of the analyses left out.
fn text(r: &ValueReport, scope: Scope) -> String {
    // The position shortened as `grundy analyze` shortens it (a row of thousands of parts).
    let head =
        if r.position.is_empty() { r.game.clone() } else { format!("{} {}", r.game, shortened(&r.position.join(" "))) };
    let mut out = format!(
        "{head}\nvalue: {}\noutcome: {} ({})\nmean: {}\ntemperature: {}\nstops: Left {}, Right {}\nbirthday: {}\nall-small (the value, not the board's rules): {}\n",
        canonical(r),
        r.outcome,
        r.outcome_words(),
        r.mean,
        r.temperature,
        r.stops.0,
        r.stops.1,
        r.birthday,
        if r.all_small { "yes" } else { "no" },
    );
    if scope == Scope::Full {
        out += &format!(
            "atomic weight: {}\nreduced: {}\nincentives: {}\n",
            match &r.atomic_weight {
                Ok(w) => w.clone(),
                Err(why) => format!("none ({why})"),
            },
            match &r.reduced {
                Ok(g) => g.clone(),
                Err(why) => format!("not given ({why})"),
            },
            match &r.incentives {
                Ok(i) =>
                    format!("Left {}; Right {}; dominant {}", listed(&i.left), listed(&i.right), listed(&i.dominant)),
                Err(why) => format!("not given ({why})"),
            },
        );
    }
    out
}

/// Prints a loopy game's report (`--json`: its one serialised form, as the web answers it); a
/// loopy game has no thermograph, so `--svg` is refused.
fn loopy(report: &LoopyReport, args: &Args) -> Result<(), CliError> {
    if args.svg.is_some() {
        return Err(CliError::usage(format!(
            "--svg: {} is a loopy game, which has no thermograph (thermographs are of short games)",
            report.game
        ))
        .argument("--svg"));
    }
    if args.json {
        emit(&(serde_json::to_string(report).map_err(|e| CliError::of_kind(ErrorKind::Io, e))? + "\n"));
        return Ok(());
    }
    let v = &report.value;
    let title = match report.position.is_empty() {
        true => report.game.clone(),
        false => format!("{} {}", report.game, shortened(&report.position.join(" "))),
    };
    let mut out = format!(
        "{}\nvalue: {}\noutcome: {} ({})\nLeft first: {}\nRight first: {}\nstopper: {}\n",
        title,
        v.text,
        report.outcome_class(),
        report.outcome_words(),
        v.outcome_left_first.words(),
        v.outcome_right_first.words(),
        if v.stopper { "yes" } else { "no (from some position play can alternate for ever)" },
    );
    match (&v.canonical, &v.onside, &v.offside) {
        (Some(c), _, _) => out += &format!("simplest form: {c}\n"),
        (None, Some(on), Some(off)) => out += &format!("onside: {on}\noffside: {off}\n"),
        _ => {}
    }
    if report.positions > 0 {
        out += &format!("positions: {}\n", report.positions);
    }
    // CGSuite writes the arrows as ^ and v (`3/2 & v` for Winning Ways' game C); both read back.
    let ascii = v.text.replace('⇑', "^^").replace('⇓', "vv").replace('↑', "^").replace('↓', "v");
    if ascii != v.text {
        out += &format!("as CGSuite writes it: {ascii}\n");
    }
    emit(&out);
    Ok(())
}

/// Names separated by commas, or "none".
fn listed(names: &[String]) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

/// Refuses `--svg` for a line that is not one game's value (a comparison, a list of options),
/// which has no thermograph of its own.
fn no_svg(args: &Args, what: &str) -> Result<(), CliError> {
    match args.svg {
        Some(_) => {
            Err(CliError::usage(format!("--svg: {what} has no thermograph (a single game's value has)"))
                .argument("--svg"))
        }
        None => Ok(()),
    }
}

/// Prints a comparison: the line, `true` or `false`, and the relation found (`--json`: its
/// one serialised form, as the web answers it).
fn comparison(report: &ComparisonReport, args: &Args) -> Result<(), CliError> {
    no_svg(args, "a comparison")?;
    if args.json {
        emit(&(serde_json::to_string(report).map_err(|e| CliError::of_kind(ErrorKind::Io, e))? + "\n"));
        return Ok(());
    }
    emit(&format!(
        "{}\n{}\nrelation: {} ({} {} {})\n",
        report.game,
        report.holds,
        report.relation_words,
        report.left,
        report.relation.words(),
        report.right
    ));
    Ok(())
}

/// Prints a game's options: its value, then Left's and Right's options under their headings,
/// one a line (a position's: the option's position, typed back, and its value).
fn options(report: &OptionsReport, args: &Args) -> Result<(), CliError> {
    no_svg(args, "a list of options")?;
    if args.json {
        emit(&(serde_json::to_string(report).map_err(|e| CliError::of_kind(ErrorKind::Io, e))? + "\n"));
        return Ok(());
    }
    let head = match report.position.is_empty() {
        true => report.game.clone(),
        false => format!("{} {}", report.game, shortened(&report.position.join(" "))),
    };
    let mut out = format!("{head}\nvalue: {}\n", report.value);
    for (heading, side) in [("Left's options", &report.left), ("Right's options", &report.right)] {
        out += &format!("{heading} ({}):\n", side.len());
        if side.is_empty() {
            out += "  none\n";
        }
        for o in side {
            match o.position.is_empty() {
                true => out += &format!("  {}\n", o.value),
                false => out += &format!("  {}   value {}\n", o.position.join(" "), o.value),
            }
        }
    }
    emit(&out);
    Ok(())
}
