//! The one list of games (`grundy::GAMES`) is the README's table: a change to either without
//! the other fails here. (The help texts and the web page's selector are checked against the
//! same list by the command line's and the web app's tests.)

use std::path::Path;

#[test]
fn the_readme_table_is_the_list_of_games() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md")).unwrap();
    let table = grundy::rules::catalogue::markdown_table();
    assert!(
        readme.contains(&table),
        "README.md's table of games differs from grundy::GAMES; regenerate it with `grundy games --markdown`:\n{table}"
    );
    // Every game the parser knows is in the list: each spelling's example parses, and a name the
    // list does not have is refused.
    for g in grundy::GAMES {
        // A game that reads a file (`geography:FILE`) names one of the repository's examples,
        // read here as the command line would.
        let game = match g.example_game.strip_prefix("geography:") {
            Some(file) => {
                let text =
                    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(file)).unwrap();
                grundy::Game::geography(file, &text)
            }
            None => g.example_game.parse::<grundy::Game>(),
        };
        assert!(game.is_ok(), "{}", g.spelling);
    }
}
