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

/// Each source file's text with the lines of its test-only code blanked (tests may reach
/// anywhere): every item, statement, field or variant under `#[cfg(test)]`, wherever it sits,
/// found by parsing the file as Rust. Every other line is kept, at its own line number.
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
            let code = without_test_code(&text).unwrap_or_else(|e| panic!("{rel} does not parse as Rust: {e}"));
            (rel, code)
        })
        .collect()
}

/// `text` with every line of test-only code blank (line numbers kept).
fn without_test_code(text: &str) -> Result<String, syn::Error> {
    let file = syn::parse_file(text)?;
    let mut finder = TestOnly::default();
    syn::visit::Visit::visit_file(&mut finder, &file);
    let blank: BTreeSet<usize> = finder.lines.into_iter().flat_map(|(a, b)| a..=b).collect();
    Ok(text
        .lines()
        .enumerate()
        .map(|(i, line)| if blank.contains(&(i + 1)) { "" } else { line })
        .collect::<Vec<_>>()
        .join("\n"))
}

/// The line ranges (1-based, inclusive) of the parts of a file under `#[cfg(test)]`.
#[derive(Default)]
struct TestOnly {
    lines: Vec<(usize, usize)>,
}

impl TestOnly {
    /// Whether `node` is under `#[cfg(test)]`: its outer attributes, which its tokens begin with,
    /// hold one. When it is, its lines are noted and true is returned (its insides are not visited).
    fn test_only(&mut self, node: &impl quote::ToTokens) -> bool {
        use proc_macro2::{Delimiter, TokenTree};
        let tokens: Vec<TokenTree> = node.to_token_stream().into_iter().collect();
        let mut at = 0;
        let mut found = false;
        while let (Some(TokenTree::Punct(p)), Some(TokenTree::Group(g))) = (tokens.get(at), tokens.get(at + 1)) {
            if p.as_char() != '#' || g.delimiter() != Delimiter::Bracket {
                break;
            }
            found |= g.stream().to_string().replace(' ', "") == "cfg(test)";
            at += 2;
        }
        if found {
            let (first, last) = (tokens.first().unwrap(), tokens.last().unwrap());
            self.lines.push((first.span().start().line, last.span().end().line));
        }
        found
    }
}

impl<'ast> syn::visit::Visit<'ast> for TestOnly {
    fn visit_item(&mut self, node: &'ast syn::Item) {
        if !self.test_only(node) {
            syn::visit::visit_item(self, node);
        }
    }
    fn visit_impl_item(&mut self, node: &'ast syn::ImplItem) {
        if !self.test_only(node) {
            syn::visit::visit_impl_item(self, node);
        }
    }
    fn visit_trait_item(&mut self, node: &'ast syn::TraitItem) {
        if !self.test_only(node) {
            syn::visit::visit_trait_item(self, node);
        }
    }
    fn visit_stmt(&mut self, node: &'ast syn::Stmt) {
        if !self.test_only(node) {
            syn::visit::visit_stmt(self, node);
        }
    }
    fn visit_field(&mut self, node: &'ast syn::Field) {
        if !self.test_only(node) {
            syn::visit::visit_field(self, node);
        }
    }
    fn visit_field_value(&mut self, node: &'ast syn::FieldValue) {
        if !self.test_only(node) {
            syn::visit::visit_field_value(self, node);
        }
    }
    fn visit_variant(&mut self, node: &'ast syn::Variant) {
        if !self.test_only(node) {
            syn::visit::visit_variant(self, node);
        }
    }
    fn visit_arm(&mut self, node: &'ast syn::Arm) {
        if !self.test_only(node) {
            syn::visit::visit_arm(self, node);
        }
    }
}

#[test]
fn test_only_code_is_left_out_and_everything_after_it_is_read() {
    // A test helper before the code used to end the file for this check: what follows it counts.
    let text = "use crate::values::x;\n#[cfg(test)]\nfn helper() {\n    crate::verify::y();\n}\nfn f() {\n    #[cfg(test)]\n    if true {\n        crate::play::z();\n    }\n    crate::solve::w();\n}\n#[cfg(test)]\nmod tests {\n    use crate::verify::v;\n}\n";
    let code = without_test_code(text).unwrap();
    let modules: BTreeSet<String> = ["values", "verify", "play", "solve"].iter().map(|s| s.to_string()).collect();
    let seen: Vec<String> = imports(&code, &modules).into_iter().collect();
    assert_eq!(seen, ["solve", "values"], "{code}");
    // Lines keep their numbers (the seed check names them).
    assert_eq!(code.lines().nth(10).map(str::trim), Some("crate::solve::w();"), "{code}");
}

/// The core's sources are read whole: more of their lines are seen than before the first
/// `#[cfg(test)]` of each file, which is where the old reading stopped.
#[test]
fn every_line_of_the_core_outside_tests_is_read() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let code = library_sources();
    let seen: usize = code.iter().map(|(_, c)| c.lines().filter(|l| !l.trim().is_empty()).count()).sum();
    let cut: usize = files
        .iter()
        .map(|p| {
            let text = fs::read_to_string(p).unwrap();
            text.split("#[cfg(test)]").next().unwrap().lines().filter(|l| !l.trim().is_empty()).count()
        })
        .sum();
    assert!(seen > cut, "seen {seen} lines, the first-#[cfg(test)] cut saw {cut}");
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
        "stop" | "number" | "key_hash" => 0,
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

/// `analyze` stays split by concern (issue 48): no file of `solve/analysis/` passes 600 lines,
/// so that a new method is a file of its own rather than more of one long file.
#[test]
fn the_analysis_files_are_each_under_600_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/solve/analysis");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() >= 5, "expected solve/analysis/ split into files, found {files:?}");
    for path in files {
        let lines = fs::read_to_string(&path).unwrap().lines().count();
        assert!(lines < 600, "{} has {lines} lines, past 600", path.display());
    }
}

/// ARCHITECTURE.md stays a map (rust-analyzer's is a few screens): history belongs in
/// bench/HISTORY.md.
#[test]
fn the_architecture_map_is_short() {
    let map = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ARCHITECTURE.md")).unwrap();
    let lines = map.lines().count();
    assert!(lines <= 250, "ARCHITECTURE.md has {lines} lines: keep it a map of at most 250");
}
