//! `grundy games [--markdown | --json]`: every game grundy knows, from the library's one list
//! (`grundy::frontend::GAMES`), which also feeds the help texts, the guide's table (docs/games.md) and the web page.

use crate::{emit, CliError};

/// Arguments of `grundy games`.
#[derive(clap::Args)]
pub struct Args {
    /// Print the list as the guide's Markdown table (docs/games.md).
    #[arg(long, conflicts_with = "json")]
    markdown: bool,
    /// Print one JSON array.
    #[arg(long)]
    json: bool,
}

/// Runs `grundy games`.
pub fn run(args: Args) -> Result<(), CliError> {
    if args.markdown {
        emit(&grundy::frontend::markdown_table());
    } else if args.json {
        let json = serde_json::to_string(grundy::frontend::GAMES).map_err(CliError::usage)?;
        emit(&(json + "\n"));
    } else {
        emit(&format!(
            "Games (the GAME of analyze and play; sg takes the heap rulesets):\n{}\n\nExamples:\n",
            grundy::frontend::help_list(false)
        ));
        let mut examples = String::new();
        for g in grundy::frontend::GAMES {
            examples += &format!("  grundy analyze {} {}\n", g.example_game, g.example_position);
        }
        emit(&examples);
    }
    Ok(())
}

/// The GAME argument's help: the list of every game (or only the heap rulesets, for `sg`).
pub fn game_help(heap_rulesets_only: bool) -> String {
    let what = if heap_rulesets_only {
        "A heap ruleset (one rule for every heap)"
    } else {
        "The game (see also 'grundy games')"
    };
    format!("{what}:\n{}", grundy::frontend::help_list(heap_rulesets_only))
}
