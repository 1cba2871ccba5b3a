//! The `grundy` command-line program: a thin layer over the `grundy` library. Each subcommand
//! lives in its own module under `cmd/`; `main` turns every error into a one-line message on
//! stderr (or, with `--json`, one JSON object on stdout) and its exit status: 2 for bad input,
//! 1 for something checked that does not hold. `factor` is the one exception, as GNU factor:
//! it reports each bad number on a line of its own, goes on, and exits 1.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

mod cmd;
mod game_arg;
mod interrupt;
mod lines;
mod out;
mod plot;
mod progress;
mod store;

pub use out::emit;

/// Exact analysis of combinatorial games: Nim and its relatives (impartial games, by the
/// Sprague-Grundy theorem) and partizan games (Conway's values, thermographs).
#[derive(Parser)]
#[command(name = "grundy", version, long_about = None, arg_required_else_help = true)]
// Our own `help` subcommand, so that `grundy help --help` explains it rather than failing.
#[command(disable_help_subcommand = true)]
#[command(after_help = "Try 'grundy analyze nim 7 9 12 15 --explain', or 'grundy games' for every game.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Who wins a position with best play, its Sprague-Grundy value, and every winning move.
    Analyze(cmd::analyze::Args),
    /// Analyse one JSON query per input line (the web API's analyze request), one JSON answer per output line, in order.
    Batch(cmd::batch::Args),
    /// The Sprague-Grundy values G(0..N) of a heap ruleset, with the period when it is proven.
    Sg(cmd::sg::Args),
    /// Classify a family of octal codes (0.xxx, 4.xx, a list or a file) as the published tables do: trivial, solved with its period, or unsolved up to N.
    Survey(cmd::survey::Args),
    /// Find the rule in a table of Sprague-Grundy values G(0) G(1) ... (a file or standard input): in words, as an expression for `verify --sg`, as C++ and Python.
    Pattern(cmd::pattern::Args),
    /// Prime factorisations, in GNU factor's format (the divisor game's factoriser).
    Factor(cmd::factor::Args),
    /// Check the classic rules (Bouton, Sprague-Grundy, the closed forms), or your own guess (--game GAME --sg EXPR), against exhaustive search.
    Verify(cmd::verify::Args),
    /// Play a game against the computer in the terminal.
    Play(cmd::play::Args),
    /// Serve the local web app: play in the browser with the analysis beside the game.
    Serve(cmd::serve::Args),
    /// Every game grundy knows: how to write it, what a move is, and an example.
    Games(cmd::games::Args),
    /// Graphs of games: `grundy graph export GAME POSITION` writes the positions reachable as
    /// the lines 'u v' that graph:FILE reads.
    Graph(cmd::graph::Args),
    /// Draw a position as SVG or PNG (the web page's board): `grundy draw hackenbush 0-1,1-2 -o board.svg`.
    Draw(cmd::draw::Args),
    /// Conway's value of a position (partizan games: canonical form, outcome class, mean, temperature), or of a game written as '{1|0,*}'.
    Value(cmd::value::Args),
    /// Nimber arithmetic on numbers below 2^64: nim sums, Conway's nim products, inverses and powers.
    Nimber(cmd::nimber::Args),
    /// The misère quotient of a take-and-break game (Plambeck and Siegel): its elements, P-portion and pretending function, proven for every heap size when it repeats.
    Quotient(cmd::quotient::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish or powershell) to stdout.
    Completions(cmd::docs::CompletionArgs),
    /// Print the manual page (roff, for man) to stdout.
    Man(cmd::docs::ManArgs),
    /// Print the help of grundy or of a subcommand (`grundy help analyze`).
    Help(cmd::docs::HelpArgs),
}

/// What kind of error a [`CliError`] is, as the JSON error object names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input is bad: a malformed or out-of-range number, an unknown game, a bad position.
    BadInput,
    /// The work needs a larger budget than it was given.
    GaveUp,
    /// The work is refused before it starts: past what this machine can hold, or forecast too
    /// long.
    Refused,
    /// Reading or writing a file failed.
    Io,
    /// Something checked does not hold (exit status 1).
    Failed,
    /// Ctrl-C stopped the work (exit status 130).
    Interrupted,
}

impl ErrorKind {
    fn name(self) -> &'static str {
        match self {
            ErrorKind::BadInput => "bad_input",
            ErrorKind::GaveUp => "gave_up",
            ErrorKind::Refused => "refused",
            ErrorKind::Io => "io",
            ErrorKind::Failed => "failed",
            ErrorKind::Interrupted => "interrupted",
        }
    }
}

/// An error for the user: printed as one line, with the exit status it carries.
#[derive(Debug)]
pub struct CliError {
    message: String,
    code: u8,
    kind: ErrorKind,
    argument: Option<String>,
    /// Said after the command printed its answer (`--json` included): the message goes to
    /// stderr, never as a second JSON object.
    after_output: bool,
}

impl CliError {
    /// A usage error (bad input): exit status 2.
    pub fn usage(message: impl std::fmt::Display) -> Self {
        CliError {
            message: message.to_string(),
            code: 2,
            kind: ErrorKind::BadInput,
            argument: None,
            after_output: false,
        }
    }

    /// An error of another kind than bad input, still with exit status 2.
    pub fn of_kind(kind: ErrorKind, message: impl std::fmt::Display) -> Self {
        CliError { kind, ..CliError::usage(message) }
    }

    /// What kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message the user reads.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The same error with another message (e.g. the library's reason put in context).
    pub fn with_message(mut self, message: impl Into<String>) -> Self {
        self.message = message.into();
        self
    }

    /// Names the argument the error is about (`GAME`, `POSITION`, `--budget`, ...), for the
    /// JSON error object.
    pub fn argument(mut self, argument: impl Into<String>) -> Self {
        self.argument = Some(argument.into());
        self
    }

    /// A library error, with a budget that ran out told how to ask for more (`--budget`): the
    /// library says what the work needs, the command line names its flag.
    pub fn analysis(error: grundy::AnalyzeError) -> Self {
        match error {
            grundy::AnalyzeError::GaveUp(g) => CliError::gave_up(&g),
            e => CliError::of_kind(ErrorKind::Refused, e),
        }
    }

    /// A budget that ran out, with the rerun that asks for the budget the library suggests, or,
    /// when the need is not known and a larger budget is allowed, the flag that raises it.
    pub fn gave_up(g: &grundy::GaveUp) -> Self {
        let message = match g.suggested_budget() {
            Some(b) => format!("{g}: rerun with --budget {b}"),
            None if g.needed.is_none() && g.used < g.what.max_budget() => format!("{g}; --budget raises it"),
            None => g.to_string(),
        };
        CliError::of_kind(ErrorKind::GaveUp, message).argument("--budget")
    }

    /// Something checked does not hold: exit status 1, the report on stdout says what.
    pub fn failed() -> Self {
        CliError { message: String::new(), code: 1, kind: ErrorKind::Failed, argument: None, after_output: true }
    }

    /// Ctrl-C stopped the work after what was proven was printed: `message` (on stderr, even
    /// with `--json`, whose object is already out) says where it stopped and how to go on;
    /// exit status 130.
    pub fn interrupted(message: impl std::fmt::Display) -> Self {
        CliError {
            message: message.to_string(),
            code: interrupt::EXIT_STATUS,
            kind: ErrorKind::Interrupted,
            argument: None,
            after_output: true,
        }
    }

    /// The error as the one JSON object `--json` prints.
    fn json(&self) -> serde_json::Value {
        serde_json::json!({"error": {"kind": self.kind.name(), "message": self.message, "argument": self.argument}})
    }
}

/// The clap command of the whole program, for the completions and the manual page.
pub fn command() -> clap::Command {
    Cli::command()
}

/// A function that adds a subcommand's arguments to its `clap::Command`.
type AddArgs = fn(clap::Command) -> clap::Command;

/// Each subcommand's name and the function that adds its arguments, in the order of
/// [`Command`].
const SUBCOMMAND_ARGS: [(&str, AddArgs); 18] = [
    ("analyze", cmd::analyze::Args::augment_args),
    ("batch", cmd::batch::Args::augment_args),
    ("sg", cmd::sg::Args::augment_args),
    ("survey", cmd::survey::Args::augment_args),
    ("pattern", cmd::pattern::Args::augment_args),
    ("factor", cmd::factor::Args::augment_args),
    ("verify", cmd::verify::Args::augment_args),
    ("play", cmd::play::Args::augment_args),
    ("serve", cmd::serve::Args::augment_args),
    ("games", cmd::games::Args::augment_args),
    ("graph", cmd::graph::Args::augment_args),
    ("draw", cmd::draw::Args::augment_args),
    ("value", cmd::value::Args::augment_args),
    ("nimber", cmd::nimber::Args::augment_args),
    ("quotient", cmd::quotient::Args::augment_args),
    ("completions", cmd::docs::CompletionArgs::augment_args),
    ("man", cmd::docs::ManArgs::augment_args),
    ("help", cmd::docs::HelpArgs::augment_args),
];

/// The command line for parsing only: every subcommand by name, its arguments built only once
/// it is the one named (`Command::defer`), so that a run builds (and pages in the code of) one
/// subcommand's arguments, not all eighteen with their help texts. It has no help texts: any
/// error or help is rendered by [`command`], the whole program's (see [`parse`]).
fn parsing_command() -> clap::Command {
    let subcommands = SUBCOMMAND_ARGS.iter().map(|&(name, args)| clap::Command::new(name).defer(args));
    clap::Command::new("grundy").disable_help_subcommand(true).subcommand_required(true).subcommands(subcommands)
}

/// The command line parsed: by [`parsing_command`], which builds the arguments of the named
/// subcommand alone; where that fails (an error, `--help`, `--version`, no subcommand), again
/// by the whole program's [`command`], whose error, help and version are the ones printed.
fn parse(argv: &[OsString]) -> Result<Cli, clap::Error> {
    let with = |command: clap::Command| command.try_get_matches_from(argv).and_then(|m| Cli::from_arg_matches(&m));
    with(parsing_command()).or_else(|_| with(command()))
}

/// Whether the command line asks for JSON: `--json` before any `--`.
fn asks_for_json(argv: &[OsString]) -> bool {
    argv.iter().skip(1).take_while(|a| *a != "--").any(|a| a == "--json")
}

/// A command-line error clap found: rendered by clap (usage, suggestions, the help hint), or
/// with `--json` as the one JSON error object.
fn clap_error(e: clap::Error, json: bool) -> ExitCode {
    use clap::error::ErrorKind as Clap;
    let is_output = matches!(e.kind(), Clap::DisplayHelp | Clap::DisplayVersion);
    if !json || is_output || e.kind() == Clap::DisplayHelpOnMissingArgumentOrSubcommand {
        let _ = e.print().map_err(out::record);
        // Help or the version lost to a full disk is an error like any other output lost.
        if let Some(failed) = out::failure().filter(|_| is_output) {
            eprintln!("grundy: {failed}");
            return ExitCode::from(2);
        }
        return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    }
    let argument = match e.get(ContextKind::InvalidArg).or_else(|| e.get(ContextKind::InvalidSubcommand)) {
        Some(ContextValue::String(s)) => Some(bare_argument(s)),
        Some(ContextValue::Strings(v)) => Some(v.iter().map(|s| bare_argument(s)).collect::<Vec<_>>().join(" ")),
        _ => None,
    };
    let kind = format!("{:?}", e.kind());
    let object = serde_json::json!({"error": {
        "kind": snake_case(&kind),
        "message": one_line(&e.render().to_string()),
        "argument": argument,
    }});
    emit(&format!("{object}\n"));
    ExitCode::from(2)
}

/// clap's message on one line: the problem with what it names (the missing arguments, the
/// suggestion), without the usage and the help hint that follow.
fn one_line(rendered: &str) -> String {
    let problem: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .collect();
    let line = problem.join(" ");
    line.strip_prefix("error: ").unwrap_or(&line).to_string()
}

/// An argument as clap names it in context (`--threads <N>`, `<POSITION>...`) by its bare
/// name (`--threads`, `POSITION`), as grundy's own errors name it.
fn bare_argument(name: &str) -> String {
    let first = name.split_whitespace().next().unwrap_or(name);
    first.trim_end_matches("...").trim_start_matches('<').trim_end_matches('>').to_string()
}

/// `InvalidValue` as `invalid_value`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

fn main() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let json = asks_for_json(&argv);
    let cli = match parse(&argv) {
        Ok(cli) => cli,
        Err(e) => return clap_error(e, json),
    };
    // The long commands stop at Ctrl-C keeping what they proved; the others (a server, a game
    // at the terminal) keep the system's Ctrl-C, which ends them. `pattern` installs its own,
    // under which Ctrl-C during the read of its input ends it at once (a read that waits sees
    // no stop token), with status 130 and its line.
    let stoppable = matches!(
        cli.command,
        Command::Analyze(_)
            | Command::Sg(_)
            | Command::Survey(_)
            | Command::Verify(_)
            | Command::Graph(_)
            | Command::Value(_)
            | Command::Quotient(_)
            | Command::Batch(_)
    );
    let result = if stoppable { interrupt::install().run(|| dispatch(cli.command)) } else { dispatch(cli.command) };
    // A command Ctrl-C stopped before it had anything to print fails with the library's
    // "stopped" (or whatever the stop led to): it is told as the stop it is.
    let result = match result {
        Err(e) if interrupt::interrupted() && e.kind != ErrorKind::Interrupted => Err(CliError {
            message: "stopped at Ctrl-C before the answer was complete: nothing past what is printed is known"
                .to_string(),
            code: interrupt::EXIT_STATUS,
            kind: ErrorKind::Interrupted,
            argument: None,
            after_output: false,
        }),
        r => r,
    };
    // Output lost (a full disk, a closed file) is a failure, whatever the command did.
    let result = match (result, out::failure()) {
        (Ok(()), Some(failed)) => Err(CliError::of_kind(ErrorKind::Io, failed)),
        (r, _) => r,
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // An interrupted command printed what it proved (`--json` its object): the line
            // saying where it stopped goes to stderr; so does a failure to write stdout.
            if json && !e.after_output && out::failure().is_none() {
                emit(&format!("{}\n", e.json()));
            } else if !e.message.is_empty() {
                eprintln!("grundy: {}", e.message);
            }
            ExitCode::from(e.code)
        }
    }
}

/// Runs one subcommand.
fn dispatch(command: Command) -> Result<(), CliError> {
    match command {
        Command::Analyze(args) => cmd::analyze::run(args),
        Command::Batch(args) => cmd::batch::run(args),
        Command::Sg(args) => cmd::sg::run(args),
        Command::Survey(args) => cmd::survey::run(args),
        Command::Pattern(args) => cmd::pattern::run(args),
        Command::Factor(args) => cmd::factor::run(args),
        Command::Verify(args) => cmd::verify::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Games(args) => cmd::games::run(args),
        Command::Graph(args) => cmd::graph::run(args),
        Command::Draw(args) => cmd::draw::run(args),
        Command::Nimber(args) => cmd::nimber::run(args),
        Command::Value(args) => cmd::value::run(args),
        Command::Quotient(args) => cmd::quotient::run(args),
        Command::Completions(args) => cmd::docs::completions(args),
        Command::Man(args) => cmd::docs::man(args),
        Command::Help(args) => cmd::docs::help(args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn the_parsing_command_has_the_arguments_of_the_whole_program() {
        let mut whole = command();
        whole.build();
        let mut parsing = parsing_command();
        parsing.build();
        let names = |c: &clap::Command| c.get_subcommands().map(|s| s.get_name().to_string()).collect::<Vec<_>>();
        assert_eq!(names(&parsing), names(&whole));
        for (lazy, eager) in parsing.get_subcommands().zip(whole.get_subcommands()) {
            // The help texts are the whole program's alone: the rest must be the same.
            let bare = |c: &clap::Command| format!("{:?}", c.clone().about(None).long_about(None));
            assert_eq!(bare(lazy), bare(eager), "{}", lazy.get_name());
        }
    }

    #[test]
    fn json_is_asked_before_a_double_dash_only() {
        let argv = |a: &[&str]| a.iter().map(OsString::from).collect::<Vec<_>>();
        assert!(asks_for_json(&argv(&["grundy", "analyze", "nim", "3", "--json"])));
        assert!(!asks_for_json(&argv(&["grundy", "analyze", "nim", "--", "--json"])));
        assert!(!asks_for_json(&argv(&["--json"])));
        assert_eq!(snake_case("InvalidValue"), "invalid_value");
        assert_eq!(bare_argument("--threads <N>"), "--threads");
        assert_eq!(bare_argument("<POSITION>..."), "POSITION");
        assert_eq!(
            one_line("error: the following required arguments were not provided:\n  <GAME>\n\nUsage: grundy analyze <GAME>\n\nFor more information, try '--help'.\n"),
            "the following required arguments were not provided: <GAME>"
        );
    }
}
