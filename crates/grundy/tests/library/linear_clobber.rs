//! Clobber on one row, the family most studied (Albert, Grossman, Nowakowski and Wolfe, "An
//! introduction to Clobber", Integers 5, 2005; MCGS's benchmarks): boards of one row or one
//! column of up to 64 cells are read, analysed and written back, their cells past column z
//! named `aa1`, `ab1`, ...
//!
//! - The alternating rows `xoxo...` of even length: Albert et al. conjectured that the first
//!   player wins every one but `xoxoxo`, and Chen, Folkersen, Hasham, Hayward, Lee, Randall,
//!   Schultz and Vandermeer proved it ("A proof of the 2004 Albert-Grossman-Nowakowski-Wolfe
//!   conjecture on alternating linear Clobber", arXiv 2509.08985, 2025).
//! - A row and the column of the same cells are one game (the board turned).

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use grundy::{analyze, AnalyzeOptions, Game};

/// The outcome class (L, R, N or P) the analysis gives of the Clobber board `board`.
fn class(board: &str) -> String {
    let game: Game = "clobber".parse().unwrap();
    let position = game.parse_position(&[board]).unwrap_or_else(|e| panic!("{board}: {e}"));
    let a = analyze(&game, &position, &AnalyzeOptions { explain: false, ..AnalyzeOptions::default() })
        .unwrap_or_else(|e| panic!("{board}: {e}"));
    a.outcome_class.unwrap_or_else(|| panic!("{board}: no outcome class"))
}

/// Past the 16 cells `published_values::chen_et_al_alternating_linear_clobber_theorem` checks
/// by Conway's values: the rows of 18 to 28 cells, both ways round, by the analysis.
#[test]
fn alternating_rows_of_even_length_past_16_cells_are_first_player_wins() {
    for k in 9..=14 {
        for row in ["xo".repeat(k), "ox".repeat(k)] {
            assert_eq!(class(&row), "N", "{row} (Chen et al. 2025)");
        }
    }
}

#[test]
fn a_row_and_its_column_are_one_game() {
    for row in ["xoxxoxooxoxxoxoxxoxo", "xxo.oxoox.xoxoxxoo", "oxxoxoooxxoxxoxxo.xoxo"] {
        let column = row.chars().map(String::from).collect::<Vec<_>>().join("/");
        assert_eq!(class(row), class(&column), "{row}");
    }
}

#[test]
fn long_rows_read_back_and_their_moves_name_columns_past_z() {
    let game: Game = "clobber".parse().unwrap();
    let row = format!("{}xo", ".".repeat(27));
    let position = game.parse_position(&[row.as_str()]).unwrap();
    assert_eq!(game.position_tokens(&position), std::slice::from_ref(&row));
    let a = analyze(&game, &position, &AnalyzeOptions::default()).unwrap();
    let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["Left moves the stone on ab1 onto ac1, clobbering Right's stone"]);
    assert!(game.parse_position(&[&"xo".repeat(33)]).unwrap_err().to_string().contains("at most 64"));
}
