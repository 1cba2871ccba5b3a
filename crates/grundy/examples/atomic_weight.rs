//! Times a Clobber board's Conway value, then its atomic weight from that value, in one store
//! (as `grundy value` computes them), and prints both and their ratio: the benchmark behind
//! `bench/atomic-weight.sh` (issue 63: the atomic weight within 1.5 times the value's time).
//!
//! `cargo run --release -p grundy --example atomic_weight -- xoxo/oxox/xoxo`

use std::time::Instant;

use grundy::rules::board::machinery::value::BoardValues;
use grundy::values::partizan::GameStore;
use grundy::Game;

fn main() {
    let board = std::env::args().nth(1).unwrap_or_else(|| "xoxo/oxox/xoxo".into());
    let Ok(Game::Board(clobber)) = "clobber".parse::<Game>() else { panic!("clobber is a board game") };
    let numbers = clobber.rules().parse(&[board.as_str()]).unwrap_or_else(|e| panic!("{board}: {e}"));
    let mut store = GameStore::new();
    let start = Instant::now();
    let value = BoardValues::new(clobber.rules(), 100_000_000).value(&mut store, &numbers).expect("the value");
    let value_time = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let weight = store.atomic_weight(value).expect("an all-small game's atomic weight");
    let weight_time = start.elapsed().as_secs_f64();
    println!(
        "clobber {board}: value {} in {value_time:.3} s; atomic weight {} in {weight_time:.3} s more; value and weight / value = {:.3}",
        store.text_within(value, 200).ok().flatten().unwrap_or_else(|| "(long)".into()),
        store.text(weight).unwrap_or_default(),
        (value_time + weight_time) / value_time
    );
}
