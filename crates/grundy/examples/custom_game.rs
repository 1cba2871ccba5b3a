//! A game the library does not know, defined here and solved through [`grundy::ImpartialGame`].
//!
//! **Take or halve**: a position is some heaps of counters. A move either takes 1, 2 or 4
//! counters from one heap, or splits a heap of even size into two equal heaps. Whoever cannot
//! move loses (normal play).
//!
//! The example prints the Sprague-Grundy values of one heap for n = 0..=30, the P-positions
//! among them and among pairs of heaps, every winning move from a few positions, and a short
//! game of the computer against itself.
//!
//! ```sh
//! cargo run -p grundy --example custom_game
//! cargo test -p grundy --example custom_game   # its tests
//! ```

use std::fmt::Write as _;

use grundy::{Convention, ImpartialGame, ImpartialSession, ImpartialSolver, Outcome, SolveError};

/// Take 1, 2 or 4 counters from a heap, or split a heap of even size into two equal heaps.
pub struct TakeOrHalve;

/// A position written one way: the non-empty heaps, smallest first.
pub fn heaps(sizes: &[u64]) -> Vec<u64> {
    let mut v: Vec<u64> = sizes.iter().copied().filter(|&h| h > 0).collect();
    v.sort_unstable();
    v
}

impl ImpartialGame for TakeOrHalve {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == h {
                continue; // equal heaps have the same moves
            }
            let mut leave = |parts: &[u64]| {
                let mut next = position.clone();
                next.remove(i);
                next.extend_from_slice(parts);
                out.push(heaps(&next));
            };
            for take in [1, 2, 4].into_iter().filter(|&t| t <= h) {
                leave(&[h - take]);
            }
            if h % 2 == 0 {
                leave(&[h / 2, h / 2]);
            }
        }
        out
    }

    /// Heaps are independent: each is a component, solved once on its own.
    fn components(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        position.iter().map(|&h| vec![h]).collect()
    }

    fn option_count_bound(&self, position: &Vec<u64>) -> Option<u128> {
        Some(4 * position.len() as u128)
    }
}

/// Says what a move from `from` to `to` does, in words.
pub fn describe(from: &[u64], to: &[u64]) -> String {
    // The heap that changed is the one `from` has more of than `to`.
    let Some(&heap) =
        from.iter().find(|&&h| from.iter().filter(|&&x| x == h).count() > to.iter().filter(|&&x| x == h).count())
    else {
        return format!("{from:?} -> {to:?}");
    };
    let (before, after) = (from.iter().sum::<u64>(), to.iter().sum::<u64>());
    if before == after {
        format!("halve the heap of {heap} into {} + {}", heap / 2, heap / 2)
    } else {
        format!("take {} from the heap of {heap}", before - after)
    }
}

/// The whole report the example prints.
pub fn report() -> Result<String, SolveError> {
    let mut solver = ImpartialSolver::new(TakeOrHalve);
    let mut out = String::new();
    let w = &mut out;

    let values: Vec<u64> = (0..=30).map(|n| solver.grundy_value(&heaps(&[n]))).collect::<Result<_, _>>()?;
    let _ = writeln!(
        w,
        "Take or halve: take 1, 2 or 4 counters from a heap, or split an even heap into two equal heaps.\n"
    );
    let _ = writeln!(w, "Sprague-Grundy values of one heap, n = 0..=30:");
    let _ = writeln!(w, "  {}", values.iter().map(u64::to_string).collect::<Vec<_>>().join(" "));

    let p_heaps: Vec<String> = (0..=30u64).filter(|&n| values[n as usize] == 0).map(|n| n.to_string()).collect();
    let _ = writeln!(w, "\nP-positions of one heap (the player to move loses): {}", p_heaps.join(", "));
    let mut p_pairs = Vec::new();
    for a in 1..=12u64 {
        for b in a..=12 {
            if solver.outcome(&heaps(&[a, b]), Convention::Normal)? == Outcome::P {
                p_pairs.push(format!("{a}+{b}"));
            }
        }
    }
    let _ = writeln!(
        w,
        "P-positions of two heaps up to 12 (equal values, by the Sprague-Grundy theorem): {}",
        p_pairs.join(", ")
    );

    let _ = writeln!(w, "\nEvery winning move (normal play):");
    for position in [heaps(&[7]), heaps(&[6]), heaps(&[6, 9]), heaps(&[3, 8, 10]), heaps(&[5, 11, 20])] {
        let value = solver.grundy_value(&position)?;
        let moves = solver.winning_moves(&position, Convention::Normal)?;
        let _ = write!(w, "  {position:?} (value {value}): ");
        if moves.is_empty() {
            let _ = writeln!(w, "none, the position is P");
        } else {
            let said: Vec<String> = moves.iter().map(|to| format!("{} -> {to:?}", describe(&position, to))).collect();
            let _ = writeln!(w, "{}", said.join("; "));
        }
    }
    let misere = heaps(&[6, 9]);
    let moves = solver.winning_moves(&misere, Convention::Misere)?;
    let _ = writeln!(
        w,
        "  misère play, {misere:?}: {}",
        moves.iter().map(|m| format!("{m:?}")).collect::<Vec<_>>().join(", ")
    );

    let start = heaps(&[6, 9]);
    let _ = writeln!(w, "\nThe computer against itself from {start:?}:");
    let mut game = ImpartialSession::new(solver, start, Convention::Normal);
    loop {
        let (player, from) = (game.to_move(), game.position().clone());
        let outcome = game.solver().outcome(&from, Convention::Normal)?;
        let Some(to) = game.computer_move()? else { break };
        let _ = writeln!(w, "  {player} player ({outcome}): {} -> {to:?}", describe(&from, &to));
    }
    if let Some(winner) = game.winner()? {
        let _ = writeln!(w, "  no move is left: the {winner} player wins after {} moves.", game.moves_played());
    }
    Ok(out)
}

fn main() {
    match report() {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("custom_game: {e}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::Player;

    /// G(n) of one heap straight from the rules, in a plain loop: the options of n are n - 1,
    /// n - 2, n - 4 and, for even n, two equal heaps, whose value is G(n/2) XOR G(n/2) = 0.
    fn direct_values(upto: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..=upto {
            let mut seen = [false; 6];
            for t in [1, 2, 4] {
                if t <= n {
                    seen[g[n - t] as usize] = true;
                }
            }
            if n > 0 && n % 2 == 0 {
                seen[0] = true;
            }
            g.push(seen.iter().position(|&s| !s).unwrap() as u64);
        }
        g
    }

    #[test]
    fn values_match_a_direct_computation() {
        let direct = direct_values(199);
        let mut solver = ImpartialSolver::new(TakeOrHalve);
        for (n, &v) in direct.iter().enumerate() {
            assert_eq!(solver.grundy_value(&heaps(&[n as u64])).unwrap(), v, "G({n})");
        }
    }

    /// The same game without components: every answer comes from the options of the whole
    /// position, so this checks the Sprague-Grundy decomposition the solver does.
    struct Whole;
    impl ImpartialGame for Whole {
        type Position = Vec<u64>;
        fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
            TakeOrHalve.options(position)
        }
    }

    #[test]
    fn sums_decompose_as_the_theorem_says() {
        let g = direct_values(20);
        let mut parts = ImpartialSolver::new(TakeOrHalve);
        let mut whole = ImpartialSolver::new(Whole);
        for a in 0..=9u64 {
            for b in a..=9 {
                for c in [0, 3, 6] {
                    let p = heaps(&[a, b, c]);
                    let v = g[a as usize] ^ g[b as usize] ^ g[c as usize];
                    assert_eq!(parts.grundy_value(&p).unwrap(), v, "{p:?}");
                    assert_eq!(whole.grundy_value(&p).unwrap(), v, "{p:?}");
                    assert_eq!(
                        parts.winning_moves(&p, Convention::Normal).unwrap(),
                        whole.winning_moves(&p, Convention::Normal).unwrap(),
                        "{p:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_computer_wins_from_every_n_position() {
        for n in 1..=40u64 {
            for m in [0, 5] {
                let start = heaps(&[n, m]);
                let mut game =
                    ImpartialSession::new(ImpartialSolver::new(TakeOrHalve), start.clone(), Convention::Normal);
                let first_wins = game.solver().outcome(&start, Convention::Normal).unwrap() == Outcome::N;
                while game.computer_move().unwrap().is_some() {}
                let expected = if first_wins { Player::First } else { Player::Second };
                assert_eq!(game.winner().unwrap(), Some(expected), "{start:?}");
            }
        }
    }

    #[test]
    fn the_report_runs_end_to_end() {
        let text = report().unwrap();
        let direct = direct_values(30);
        let line = direct.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        assert!(text.contains(&format!("  {line}\n")), "{text}");
        assert!(text.contains("P-positions of one heap (the player to move loses): 0, 3,"), "{text}");
        assert!(text.contains("halve the heap of"), "{text}");
        assert!(text.contains("no move is left: the first player wins"), "{text}");
    }

    #[test]
    fn moves_are_described() {
        assert_eq!(describe(&[3, 8], &[3, 4, 4]), "halve the heap of 8 into 4 + 4");
        assert_eq!(describe(&[3, 8], &[3, 4]), "take 4 from the heap of 8");
        assert_eq!(describe(&[3, 3], &[1, 3]), "take 2 from the heap of 3");
        assert_eq!(describe(&[2], &[1, 1]), "halve the heap of 2 into 1 + 1");
    }
}
