//! Games are known through their registries (`families!` for heap rules, `boards!` for board
//! games), not by name elsewhere: these checks keep what issue 48 removed from coming back, and
//! hold the arms on `Position`'s kinds and the methods a board game implements to at most
//! 12.

use std::fs;
use std::path::{Path, PathBuf};

/// The most uses, in the core outside game/position/, of an accessor that reaches one kind of
/// position (a sum of heaps, a board game, a sum of games). Lower it when uses go; never raise
/// it. (47: three uses in play/ read and write a sum's moves as `K: MOVE` through its games,
/// issue 60 item 6; they go behind the position with the rules core of issue 60.)
const POSITION_ACCESSORS: usize = 47;

/// The most methods one game's file may implement for one game, over all its impls of the rules
/// core and its capabilities (issue 60).
const METHODS_A_GAME: usize = 12;

/// The traits of a board game's rules: the core and its capabilities.
const RULES_TRAITS: [&str; 7] = ["BoardRules", "RulesCore", "Notation", "PlayHelp", "Theory", "Face", "GridNotation"];

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
    let families: Vec<&str> =
        grundy::frontend::GAMES.iter().map(|g| g.spelling.split(':').next().unwrap_or_default()).collect();
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
fn a_position_is_a_value_not_an_enum_of_kinds() {
    // The kinds of position are implementations of `GamePosition`, each in its file under
    // game/position/; the rest of the crate calls the trait, and reaches a need of one kind
    // through an accessor (`as_heaps`, `as_board`, `as_parts`, `downcast_board`), counted here
    // so that they do not grow back into a dispatch on kinds.
    let mut named = vec![];
    let mut accessors = vec![];
    for (path, text) in rust_files(&root().join("crates")) {
        let in_position = path.components().any(|c| c.as_os_str() == "position");
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            // Spelt in pieces, so that this line does not name them.
            if ["Sum", "Board", "Games", "Kl"].iter().any(|k| code.contains(&format!("Position::{k}("))) {
                named.push(format!("{}:{}", path.display(), i + 1));
            }
            let uses = [".as_heaps()", ".as_board()", ".as_parts()", ".downcast_board::<"];
            if !in_position && path.starts_with(root().join("crates/grundy/src")) {
                accessors
                    .extend(uses.iter().filter(|u| code.contains(*u)).map(|_| format!("{}:{}", path.display(), i + 1)));
            }
        }
    }
    assert!(named.is_empty(), "a position kind named as an enum variant:\n{}", named.join("\n"));
    assert!(accessors.len() > 10, "the count reads the accessors: {}", accessors.len());
    assert!(
        accessors.len() <= POSITION_ACCESSORS,
        "{} uses of a position kind's accessor, more than {POSITION_ACCESSORS}: a new need of every game goes behind GamePosition, not in a new accessor test\n{}",
        accessors.len(),
        accessors.join("\n")
    );
}

/// The methods each type of `text` implements over all its impls of the rules traits
/// ([`RULES_TRAITS`]): (TYPE, count), by type.
fn board_rules_impls(text: &str) -> Vec<(String, usize)> {
    let file = syn::parse_file(text).unwrap();
    let mut out: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    let mut items: Vec<&syn::Item> = file.items.iter().collect();
    while let Some(item) = items.pop() {
        match item {
            syn::Item::Impl(imp) => {
                let Some((path, _)) = &imp.trait_ else { continue };
                if path.segments.last().is_some_and(|s| RULES_TRAITS.iter().any(|t| s.ident == t)) {
                    let ty = &imp.self_ty;
                    let name = quote::quote!(#ty).to_string();
                    let methods = imp.items.iter().filter(|i| matches!(i, syn::ImplItem::Fn(_))).count();
                    *out.entry(name).or_default() += methods;
                }
            }
            syn::Item::Mod(m) => items.extend(m.content.iter().flat_map(|(_, inner)| inner)),
            _ => {}
        }
    }
    out.into_iter().collect()
}

#[test]
fn no_game_file_implements_more_than_the_limit_of_methods() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules/board");
    let mut games = 0;
    let mut wrong = vec![];
    for (path, text) in rust_files(&dir) {
        for (ty, methods) in board_rules_impls(&text) {
            games += 1;
            if methods > METHODS_A_GAME {
                wrong.push(format!("{} ({ty}): {methods} methods, more than {METHODS_A_GAME}", path.display()));
            }
        }
    }
    assert!(games >= 24, "{games} board games found");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_count_sees_every_method() {
    let text = "impl RulesCore for X { fn a(&self) {} fn b(&self) {} const C: u8 = 0; }\nimpl Notation for X { fn e(&self) {} }\nimpl Face for X {}\nmod inner { impl super::Theory for Y { fn c(&self) {} } }\nimpl Other for Z { fn d(&self) {} }";
    let found = board_rules_impls(text);
    assert_eq!(found, vec![("X".to_string(), 3), ("Y".to_string(), 1)]);
}

/// The folders of `rules/board/` that hold games, each beside the notation its games share
/// (issue 83): one look at the tree tells a game from the machinery every game uses.
const GAME_FOLDERS: &[&str] = &["graphs", "grid", "numbers", "pictures", "rectangles", "strips"];

#[test]
fn games_live_in_the_folder_of_their_notation_and_the_machinery_apart() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules/board");
    let mut wrong = vec![];
    let mut games = 0;
    for (path, text) in rust_files(&dir) {
        let relative = path.strip_prefix(&dir).unwrap();
        let folder = relative.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
        let is_game = text.contains("pub const FAMILY: BoardFamily");
        if relative.components().count() == 1 {
            // Only the registry and the folders' list sit at the top.
            if folder != "mod.rs" {
                wrong.push(format!("{}: a file beside the folders", relative.display()));
            }
        } else if is_game {
            games += 1;
            if !GAME_FOLDERS.contains(&folder.as_str()) {
                wrong.push(format!("{}: a game outside the games' folders", relative.display()));
            }
        }
    }
    let folders: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for f in &folders {
        if f != "machinery" && !GAME_FOLDERS.contains(&f.as_str()) {
            wrong.push(format!("{f}/: a folder that is neither games nor the machinery"));
        }
    }
    assert!(games >= 28, "{games} games found");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
