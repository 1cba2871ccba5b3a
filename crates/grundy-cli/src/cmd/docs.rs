//! `grundy completions SHELL` and `grundy man`: a shell completion script and the manual page,
//! both generated from the clap definitions of the program, so they never drift from it.

use clap_complete::Shell;

use crate::{emit, CliError, ErrorKind};

/// Arguments of `grundy completions`.
#[derive(clap::Args)]
pub struct CompletionArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: Shell,
}

/// Arguments of `grundy man`.
#[derive(clap::Args)]
pub struct ManArgs {
    /// The subcommand whose page to print (default: the page of grundy itself).
    subcommand: Option<String>,
}

/// Arguments of `grundy help`.
#[derive(clap::Args)]
pub struct HelpArgs {
    /// The subcommand (and its subcommands) whose help to print.
    subcommand: Vec<String>,
}

/// Prints the long help of grundy or of the subcommand named.
pub fn help(args: HelpArgs) -> Result<(), CliError> {
    let mut command = crate::command();
    for (depth, name) in args.subcommand.iter().enumerate() {
        let within = ["grundy"].into_iter().chain(args.subcommand[..depth].iter().map(String::as_str));
        command = subcommand(&command, &within.collect::<Vec<_>>().join(" "), name)?;
    }
    if !args.subcommand.is_empty() {
        command = command.bin_name(format!("grundy {}", args.subcommand.join(" ")));
    }
    emit(&command.render_long_help().to_string());
    Ok(())
}

/// The subcommand `name` of `command` (written `within` in messages), or the error that names
/// the subcommands there are.
fn subcommand(command: &clap::Command, within: &str, name: &str) -> Result<clap::Command, CliError> {
    command.find_subcommand(name).cloned().ok_or_else(|| {
        let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
        CliError::usage(if names.is_empty() {
            format!("'{within}' has no subcommands, so none is named '{name}'")
        } else {
            format!("no subcommand '{name}' (subcommands: {})", names.join(", "))
        })
        .argument("SUBCOMMAND")
    })
}

/// Prints the completion script of `shell`.
pub fn completions(args: CompletionArgs) -> Result<(), CliError> {
    let mut command = crate::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "grundy", &mut out);
    emit(&String::from_utf8_lossy(&out));
    Ok(())
}

/// Prints the manual page of grundy, or of one of its subcommands (`grundy-analyze(1)`).
pub fn man(args: ManArgs) -> Result<(), CliError> {
    let command = crate::command();
    let page = match &args.subcommand {
        None => command,
        Some(name) => {
            let sub = subcommand(&command, "grundy", name)?;
            // The page of `grundy analyze` is named grundy-analyze, as git and cargo name theirs.
            let full = format!("grundy-{}", sub.get_name());
            sub.name(full)
        }
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut out)
        .map_err(|e| CliError::of_kind(ErrorKind::Io, format!("cannot render the manual page: {e}")))?;
    emit(&String::from_utf8_lossy(&out));
    Ok(())
}
