//! Games are known through their registries (`families!` for heap rules, `boards!` for board
//! games), not by name elsewhere: these checks keep what issue 48 removed from coming back, and
//! hold the arms on `Position`'s kinds to at most today's count, to be lowered as the position
//! becomes a value behind the rules trait.

use std::fs;
use std::path::{Path, PathBuf};

/// The most match arms on `Position::Sum`, `Position::Board` or `Position::Games` in the core
/// (lines with such a pattern before `=>`). Lower it when arms go; never raise it.
const POSITION_ARMS: usize = 90;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `dir`, with its text.
fn rust_files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = vec![];
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = fs::read_to_string(&path).unwrap();
                out.push((path, text));
            }
        }
    }
    assert!(out.len() > 5, "{} files under {}", out.len(), dir.display());
    out
}

/// Whether `line` names a variant `Type::Upper...(` (an enum's variant with fields).
fn names_variant(line: &str, ty: &str) -> bool {
    let pattern = format!("{ty}::");
    line.match_indices(&pattern).any(|(at, _)| {
        let rest = &line[at + pattern.len()..];
        let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        name.starts_with(|c: char| c.is_ascii_uppercase()) && rest[name.len()..].starts_with(['(', ' ', '{'])
            // An associated constant or a type path is not a variant.
            && !name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
    })
}

#[test]
fn no_board_game_is_named_by_a_variant_outside_its_registry() {
    let root = root();
    let mut found = vec![];
    for krate in ["crates/grundy/src", "crates/grundy-cli/src", "crates/grundy-web/src", "crates/grundy-py/src"] {
        for (path, text) in rust_files(&root.join(krate)) {
            if path.components().any(|c| c.as_os_str() == "board") && krate == "crates/grundy/src" {
                continue;
            }
            for (i, line) in text.lines().enumerate() {
                if names_variant(line, "Board") || names_variant(line, "Ruleset") {
                    found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "games named by variant outside their registries:\n{}", found.join("\n"));
}

#[test]
fn the_page_branches_on_no_game_name() {
    let app = fs::read_to_string(root().join("crates/grundy-web/static/app.js")).unwrap();
    let families: Vec<&str> = grundy::GAMES.iter().map(|g| g.spelling.split(':').next().unwrap_or_default()).collect();
    assert!(families.contains(&"nim") && families.contains(&"kl") && families.len() > 20, "{families:?}");
    let mut found = vec![];
    for (i, line) in app.lines().enumerate() {
        for f in &families {
            for quoted in [format!("'{f}'"), format!("'{f}:"), format!("\"{f}\""), format!("\"{f}:")] {
                let Some(at) = line.find(&quoted) else { continue };
                let before = line[..at].trim_end();
                // A comparison or a prefix test with the name is a branch on it; the rows kinds
                // (`'graph'` as a way of drawing rows) come from the facts, not from a name.
                let compared = before.ends_with("===") || before.ends_with("!==") || before.ends_with("startsWith(");
                if compared && !before.contains("rows") {
                    found.push(format!("app.js:{}: {}", i + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "the page branches on game names:\n{}", found.join("\n"));
}

#[test]
fn arms_on_the_kinds_of_position_do_not_grow() {
    let mut arms = vec![];
    for (path, text) in rust_files(&root().join("crates/grundy/src")) {
        for (i, line) in text.lines().enumerate() {
            let kind = ["Position::Sum", "Position::Board", "Position::Games"].iter().find_map(|k| line.find(k));
            if kind.is_some_and(|at| line[at..].contains("=>")) {
                arms.push(format!("{}:{}", path.display(), i + 1));
            }
        }
    }
    assert!(arms.len() > 10, "the count reads the arms: {}", arms.len());
    assert!(
        arms.len() <= POSITION_ARMS,
        "{} arms on Position's kinds, more than {POSITION_ARMS}: a new game goes behind the rules trait, not in a new arm",
        arms.len()
    );
}
