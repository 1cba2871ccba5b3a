//! The invariants of ARCHITECTURE.md that the source itself can show: the core library's
//! folders import each other without a circle, the core does no I/O, and its docs and messages
//! name theorems and problems rather than the project's internal "seeds".

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each source file's text without its test module (tests may reach anywhere).
fn library_sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
            let text = fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap().to_string();
            (rel, code)
        })
        .collect()
}

/// The top-level module (a folder or a file) a source file belongs to.
fn top_module(rel: &str) -> String {
    rel.split('/').next().unwrap().trim_end_matches(".rs").to_string()
}

/// The top-level modules named by `crate::name` paths in code (doc comments excluded).
fn imports(code: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String =
                rest.trim_start_matches('{').chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if modules.contains(&name) {
                out.insert(name);
            }
        }
    }
    out
}

#[test]
fn the_core_modules_import_each_other_without_a_circle() {
    let files = library_sources();
    let modules: BTreeSet<String> = files.iter().map(|(rel, _)| top_module(rel)).filter(|m| m != "lib").collect();
    assert!(modules.len() >= 8, "expected the concept folders, found {modules:?}");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (rel, code) in &files {
        let from = top_module(rel);
        if from == "lib" {
            continue;
        }
        let to = imports(code, &modules);
        graph.entry(from.clone()).or_default().extend(to.into_iter().filter(|t| *t != from));
    }
    // Kahn's algorithm: a graph is acyclic exactly when every node can be removed in turn.
    let mut left = graph.clone();
    while let Some(leaf) =
        left.iter().find(|(_, deps)| deps.iter().all(|d| !left.contains_key(d))).map(|(m, _)| m.clone())
    {
        left.remove(&leaf);
    }
    assert!(left.is_empty(), "these modules import each other in a circle: {left:?}");
    // The layering ARCHITECTURE.md promises: a module imports only modules of a lower rank.
    let rank = |m: &str| match m {
        "stop" | "number" => 0,
        "error" => 1,
        "values" => 2,
        "rules" => 3,
        "game" => 4,
        "engine" => 5,
        "solve" => 6,
        "play" => 7,
        "verify" => 8,
        other => panic!("module {other} has no place in ARCHITECTURE.md's layering"),
    };
    for (from, deps) in &graph {
        for to in deps {
            assert!(rank(to) < rank(from), "{from} imports {to}, which is not below it in ARCHITECTURE.md's layering");
        }
    }
}

#[test]
fn the_core_library_does_no_io() {
    for (rel, code) in library_sources() {
        for banned in ["std::fs", "std::net", "std::io::stdin", "std::process", "println!", "eprintln!", "print!("] {
            assert!(!code.contains(banned), "{rel} uses {banned}: the core library does no I/O");
        }
    }
}

/// Users have no seeds: the docs and messages name the theorem or problem (Bouton's theorem, the
/// K-L-Nim problem, "Alice and Bob"), and comments that say where a claim comes from say "the
/// problem statement". A random generator's seed (`play`) is a different word and stays.
#[test]
fn docs_and_messages_name_no_seed() {
    for (rel, code) in library_sources() {
        for (n, line) in code.lines().enumerate() {
            let lower = line.to_lowercase();
            let numbered = lower
                .match_indices("seed ")
                .any(|(at, _)| lower[at + "seed ".len()..].starts_with(|c: char| c.is_ascii_digit()));
            assert!(
                !numbered && !lower.contains("seeds") && !lower.contains("seed's"),
                "{rel}:{}: {}",
                n + 1,
                line.trim()
            );
        }
    }
}
