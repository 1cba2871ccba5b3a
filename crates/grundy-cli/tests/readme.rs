//! The README walked through as a new user would, with the real binary: every `grundy` command
//! it shows runs as written (the game table's examples, the install section's commands, the
//! JSON error it prints), and the facts it states about the build hold.

use std::path::Path;
use std::process::Command;

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md")).unwrap()
}

/// The lines of the README's ```sh blocks.
fn shell_lines(readme: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            inside = line == "```sh";
            continue;
        }
        if inside {
            out.push(line.to_string());
        }
    }
    out
}

/// The words of a README command, its comment and any redirection cut off.
fn words(command: &str) -> Vec<String> {
    let command = command.split('#').next().unwrap().split(" > ").next().unwrap().split(" && ").next().unwrap();
    command.split_whitespace().map(|w| w.trim_matches('\'').to_string()).collect()
}

/// A folder holding `edges.txt`, the graph the README shows for `graph:FILE`, and the
/// repository's `examples/` (the README's examples name files there), where the README's
/// commands run. It is made once: the tests run in parallel, and rewriting `edges.txt` while
/// another test's command reads it would hand that command an empty graph.
fn workdir() -> &'static Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("grundy-readme-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("edges.txt"), grundy::rules::catalogue::EXAMPLE_GRAPH).unwrap();
        let examples = dir.join("examples");
        if !examples.exists() {
            std::os::unix::fs::symlink(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples"), examples).unwrap();
        }
        dir
    })
}

fn run(words: &[String]) -> std::process::Output {
    assert_eq!(words[0], "grundy", "{words:?}");
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(&words[1..]).current_dir(workdir()).output().unwrap()
}

#[test]
fn every_example_of_the_games_table_runs() {
    let text = readme();
    let examples: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| `"))
        .filter_map(|l| l.rsplit('|').nth(1))
        .map(|cell| cell.trim().trim_matches('`'))
        .filter(|cell| cell.starts_with("grundy analyze"))
        .collect();
    assert_eq!(examples.len(), grundy::GAMES.len(), "one example a game");
    // The example of graph:FILE reads edges.txt, whose text the README shows.
    let shown = text.split("```text\n# edges.txt\n").nth(1).and_then(|rest| rest.split("```").next());
    assert_eq!(shown, Some(grundy::rules::catalogue::EXAMPLE_GRAPH), "README shows edges.txt");
    for example in examples {
        let out = run(&words(example));
        assert!(out.status.success(), "{example}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stdout).contains("outcome: "), "{example}");
    }
}

#[test]
fn the_shell_blocks_run_as_written() {
    let text = readme();
    let lines = shell_lines(&text);
    let mut ran = 0;
    for (i, line) in lines.iter().enumerate() {
        // The README's main command runs the binary through cargo: the same arguments.
        let line = &line.replace("cargo run --release -- ", "grundy ");
        // `$ grundy ...` is followed by what it prints; a bare `grundy ...` line is a command.
        let (command, shown) = match line.strip_prefix("$ ") {
            Some(c) if c.starts_with("grundy ") => (c, lines.get(i + 1)),
            Some(_) => continue,
            None if line.starts_with("grundy ") => (line.as_str(), None),
            None => continue,
        };
        let out = run(&words(command));
        ran += 1;
        match shown {
            Some(expected) => assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), expected, "{command}"),
            None => assert!(out.status.success(), "{command}: {}", String::from_utf8_lossy(&out.stderr)),
        }
    }
    assert!(ran >= 5, "only {ran} README commands found");
}

#[test]
fn the_install_section_states_what_holds() {
    let text = readme();
    assert!(text.contains("cargo install --path crates/grundy-cli"));
    // The Rust version named is the workspace's rust-version.
    let manifest = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml")).unwrap();
    let version = manifest.lines().find_map(|l| l.strip_prefix("rust-version = ")).unwrap().trim_matches('"');
    assert!(text.contains(&format!("Rust {version} or later")), "README does not name Rust {version}");
    // What the test command installs is what its scripts install.
    let scripts = ["../../e2e/run.sh", "../../fuzz/run.sh"]
        .map(|p| std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(p)).unwrap())
        .join("\n");
    for (script_word, readme_word) in
        [("cargo install cargo-fuzz", "cargo-fuzz"), ("chromium", "chromium"), ("npm ci", "npm ci")]
    {
        assert!(scripts.contains(script_word), "{script_word}");
        assert!(text.contains(readme_word), "README does not say the test command installs {readme_word}");
    }
    // Every endpoint the web app serves has its section.
    for endpoint in ["POST /api/analyze", "POST /api/move", "GET /api/sg", "GET /api/games"] {
        assert!(text.contains(&format!("`{endpoint}")), "README lacks {endpoint}");
    }
}
