//! The text of a graph (`graph:FILE`: lines `u v`, `u v left`, `u v right`, `win V`,
//! `lose V`, `vertex V`, comments) into `Game::graph`: never a panic, an error is one line
//! naming the graph's line, a graph read writes back as text that reads to the same graph,
//! and a token on each of the first two vertices is analysed (won, lost or drawn) without a
//! panic within a small budget.
#![no_main]

use grundy::{analyze, AnalyzeOptions, Game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let game = match Game::graph("graph", text) {
        Ok(game) => game,
        Err(e) => {
            let e = e.to_string();
            assert!(!e.contains('\n'), "{e}");
            assert!(e.starts_with("graph line ") || e.starts_with("the graph has no vertices"), "{e}");
            return;
        }
    };
    let graph = game.as_graph().expect("a graph game");
    let again = Game::graph("graph", &graph.to_text()).unwrap_or_else(|e| panic!("{text:?} wrote back badly: {e}"));
    assert_eq!(&again, &game, "{text:?}");
    let names: Vec<String> = (0..graph.vertex_count().min(2) as u32).map(|v| graph.name(v).to_string()).collect();
    let position = game.parse_position(&names).expect("the graph's own vertices");
    let options = AnalyzeOptions { budget: 10_000, ..AnalyzeOptions::default() };
    let _ = analyze(&game, &position, &options);
});
