//! The library's API is curated (issue 60): the crate root re-exports at most 60 items, what a
//! user of the library needs, and the front ends (the CLI, the server, the static page's
//! WebAssembly, the Python package, and their Rust tests) name the library only through the
//! root (`grundy::Game`) or the hidden module for the front ends (`grundy::frontend::Session`),
//! never through its modules (`grundy::play::Session`), so the modules can be reshaped without
//! touching them.

use std::path::{Path, PathBuf};

use quote::ToTokens;

/// The most items `lib.rs` may re-export at the root.
const MAX_ROOT_ITEMS: usize = 60;

/// The root's names the front ends may go through: the hidden module made for them, and the
/// two modules that are themselves items of the library's API.
const ALLOWED_MODULES: &[&str] = &["frontend", "survey", "naive"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The number of names a `use` tree brings in; a glob counts as unbounded.
fn leaves(tree: &syn::UseTree) -> Option<usize> {
    match tree {
        syn::UseTree::Path(p) => leaves(&p.tree),
        syn::UseTree::Name(_) | syn::UseTree::Rename(_) => Some(1),
        syn::UseTree::Glob(_) => None,
        syn::UseTree::Group(g) => g.items.iter().map(leaves).sum(),
    }
}

/// The names `lib.rs` re-exports at the root (`pub use` items of the file itself, not of its
/// modules), or None where one is a glob.
fn root_reexports(lib_rs: &str) -> Option<usize> {
    let file = syn::parse_file(lib_rs).expect("lib.rs parses");
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Use(u) if matches!(u.vis, syn::Visibility::Public(_)) => Some(leaves(&u.tree)),
            _ => None,
        })
        .sum()
}

#[test]
fn the_root_reexports_at_most_60_items() {
    let text = std::fs::read_to_string(workspace().join("crates/grundy/src/lib.rs")).unwrap();
    let count = root_reexports(&text).expect("no glob re-export at the root: each item is chosen");
    assert!(count <= MAX_ROOT_ITEMS, "lib.rs re-exports {count} items at the root, more than {MAX_ROOT_ITEMS}");
    // Not vacuous: the counter sees the root's items (analyze, Game, ...).
    assert!(count >= 30, "only {count} re-exports counted");
    assert_eq!(root_reexports("pub use a::{b, c::{d, e as f}};\nuse g::h;\npub mod m { pub use x::y; }"), Some(3));
}

/// Where a file names a module of the library past the root: `grundy::frontend::MODULE::...` in its code
/// (in macros too) or `use grundy::{MODULE::...}`. Comments do not count.
fn module_paths(text: &str) -> Vec<String> {
    let file = syn::parse_file(text).expect("a front end's file parses");
    let mut found = vec![];
    // The file's tokens, comments dropped: `grundy :: play :: Session` wherever it is written,
    // in `use` lines, in code, and in macros' arguments.
    let tokens = file.to_token_stream().to_string();
    let mut rest = tokens.as_str();
    while let Some(at) = rest.find("grundy :: ") {
        let after = &rest[at + "grundy :: ".len()..];
        let name: String = after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        let is_module =
            name.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && after[name.len()..].starts_with(" ::");
        let before = rest[..at].trim_end();
        let preceded = before.ends_with("::") || rest[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
        if is_module && !preceded && !ALLOWED_MODULES.contains(&name.as_str()) {
            found.push(format!("grundy::{name}::"));
        }
        rest = after;
    }
    // `use grundy::{play::Session, ...}`: the module sits inside the braces.
    for item in &file.items {
        if let syn::Item::Use(u) = item {
            if let syn::UseTree::Path(p) = &u.tree {
                if p.ident == "grundy" {
                    if let syn::UseTree::Group(g) = &*p.tree {
                        for t in &g.items {
                            if let syn::UseTree::Path(inner) = t {
                                let name = inner.ident.to_string();
                                if !ALLOWED_MODULES.contains(&name.as_str()) {
                                    found.push(format!("grundy::{{{name}::...}}"));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() && path.file_name().is_some_and(|n| n != "target") {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_front_ends_name_only_the_root_and_the_frontend_module() {
    let root = workspace();
    let mut files = vec![];
    for dir in ["crates/grundy-cli", "crates/grundy-web", "crates/grundy-wasm", "crates/grundy-py/src"] {
        rust_files(&root.join(dir), &mut files);
    }
    // Not vacuous: every front end's sources are read.
    assert!(files.len() >= 40, "{} files", files.len());
    let mut wrong = vec![];
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for path in module_paths(&text) {
            wrong.push(format!("{}: {path}", file.strip_prefix(&root).unwrap_or(file).display()));
        }
    }
    assert!(
        wrong.is_empty(),
        "front ends reach past the root (use grundy::frontend::X or grundy::frontend::X):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn a_module_path_is_seen_in_code_macros_and_use_groups() {
    assert_eq!(module_paths("use grundy::play::Session;"), ["grundy::play::"]);
    assert_eq!(module_paths("use grundy::{Game, rules::catalogue::GAMES};"), ["grundy::{rules::...}"]);
    assert_eq!(
        module_paths("fn f() { let s = format!(\"{}\", grundy::rules::catalogue::help_list(false)); }"),
        ["grundy::rules::"]
    );
    // The root, the hidden module, comments, and another crate's `grundy` module are fine.
    let fine = "// grundy::play::Session\nuse grundy::{frontend::Session, Game};\nuse grundy::survey::Shard;\n\
                fn f() { let _ = grundy::frontend::help_list(false); let _ = other::grundy::play::x(); }";
    assert!(module_paths(fine).is_empty(), "{:?}", module_paths(fine));
}
