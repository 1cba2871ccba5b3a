//! The `grundy` command-line program: a thin layer over the `grundy` library. Each subcommand
//! lives in its own module under `cmd/`; `main` turns every error into a one-line message on
//! stderr and exit status 2.

use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};

mod cmd;
mod plot;
mod progress;
mod store;

/// Exact analysis of Nim and its relatives (impartial combinatorial games).
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Who wins a position with best play, its Sprague-Grundy value, and every winning move.
    Analyze(cmd::analyze::Args),
    /// The Sprague-Grundy values G(0..N) of a heap ruleset, with the period when it is proven.
    Sg(cmd::sg::Args),
    /// Prime factorisations, in GNU factor's format (the divisor game's factoriser).
    Factor(cmd::factor::Args),
    /// Check the classic rules (Bouton, Sprague-Grundy, the closed forms), or your own guess (--game GAME --sg EXPR), against exhaustive search.
    Verify(cmd::verify::Args),
    /// Play a game against the computer in the terminal.
    Play(cmd::play::Args),
    /// Serve the local web app: play in the browser with the analysis beside the game.
    Serve(cmd::serve::Args),
}

/// An error for the user: printed as one line, with the exit status it carries.
#[derive(Debug)]
pub struct CliError {
    message: String,
    code: u8,
}

impl CliError {
    /// A usage error (bad input): exit status 2.
    pub fn usage(message: impl std::fmt::Display) -> Self {
        CliError { message: message.to_string(), code: 2 }
    }

    /// A library error, with a budget that ran out told how to ask for more (`--budget`): the
    /// library says what the work needs, the command line names its flag.
    pub fn analysis(error: grundy::AnalyzeError) -> Self {
        match error {
            grundy::AnalyzeError::GaveUp(g) => CliError::gave_up(&g),
            e => CliError::usage(e),
        }
    }

    /// A budget that ran out, with the rerun that asks for the budget the library suggests.
    pub fn gave_up(g: &grundy::GaveUp) -> Self {
        match g.suggested_budget() {
            Some(b) => CliError::usage(format!("{g}: rerun with --budget {b}")),
            None => CliError::usage(g),
        }
    }

    /// Something checked does not hold: exit status 1, the report on stdout says what.
    pub fn failed() -> Self {
        CliError { message: String::new(), code: 1 }
    }
}

/// Writes `text` to stdout. A closed pipe (e.g. `| head`) is not an error worth reporting.
pub fn emit(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    emit(&e.render().to_string());
                    ExitCode::SUCCESS
                }
                _ => {
                    // clap's message spans several lines (usage, hints); the first names the
                    // problem, and that is what the user gets.
                    let rendered = e.render().to_string();
                    let first = rendered.lines().find(|l| !l.trim().is_empty()).unwrap_or("bad arguments");
                    eprintln!("grundy: {}", first.trim_start_matches("error: "));
                    ExitCode::from(2)
                }
            };
        }
    };
    let result = match cli.command {
        Command::Analyze(args) => cmd::analyze::run(args),
        Command::Sg(args) => cmd::sg::run(args),
        Command::Factor(args) => cmd::factor::run(args),
        Command::Verify(args) => cmd::verify::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Serve(args) => cmd::serve::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if !e.message.is_empty() {
                eprintln!("grundy: {}", e.message);
            }
            ExitCode::from(e.code)
        }
    }
}
