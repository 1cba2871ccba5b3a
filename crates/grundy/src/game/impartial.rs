//! [`ImpartialGame`]: the public trait through which a game defined outside the crate is
//! solved by [`crate::ImpartialSolver`] (its P and N positions, Sprague-Grundy values, every
//! winning move, and play against the computer).
//!
//! A game says only what one move does: the options of a position (the positions one move
//! leaves). The rest is provided: a position is one whole by default, and a game whose
//! positions are sums of independent parts (heaps) can say so through
//! [`ImpartialGame::components`], so that normal-play values are computed part by part by the
//! Sprague-Grundy theorem.

use std::fmt::Debug;
use std::hash::Hash;

/// An impartial game: both players have the same moves, so a position alone decides them.
///
/// One method is required: [`options`](ImpartialGame::options), every position one move leaves.
/// A position with no option ends the game: under normal play the player to move there has
/// lost, under misère play they have won.
///
/// The game must be finite: no position may be reached again from itself, and every play
/// ends. The solver checks this as it walks, and answers a cycle with
/// [`crate::SolveError::NotFinite`] instead of a value.
///
/// Positions are memo keys: write equal positions the same way (for heaps, drop the empty ones
/// and sort the rest), or the solver decides the same position several times and lists a move
/// to each spelling of it.
///
/// ```
/// use grundy::{Convention, ImpartialGame, ImpartialSolver, Outcome};
///
/// /// One heap; a move takes 1 or 2 counters.
/// struct TakeOneOrTwo;
///
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u64;
///     fn options(&self, &n: &u64) -> Vec<u64> {
///         [1, 2].into_iter().filter(|&t| t <= n).map(|t| n - t).collect()
///     }
/// }
///
/// let mut solver = ImpartialSolver::new(TakeOneOrTwo);
/// assert_eq!(solver.grundy_value(&10).unwrap(), 1); // n mod 3
/// assert_eq!(solver.outcome(&9, Convention::Normal).unwrap(), Outcome::P);
/// assert_eq!(solver.winning_moves(&10, Convention::Normal).unwrap(), vec![9]);
/// // Under misère play the player who takes the last counter loses.
/// assert_eq!(solver.outcome(&1, Convention::Misere).unwrap(), Outcome::P);
/// assert_eq!(solver.computer_move(&11, Convention::Normal).unwrap(), Some(9));
/// ```
pub trait ImpartialGame {
    /// A position of the game. Equal positions must compare equal and hash alike (see above);
    /// `Debug` names a position in error messages.
    type Position: Clone + Eq + Hash + Debug;

    /// Every position one move leaves from `position`: all of them, in any order (the solver
    /// keeps that order when it lists winning moves). Empty when the game is over.
    ///
    /// For a position made of several components, these are the options of the whole
    /// position (a move in any one component), whatever [`components`](Self::components) says.
    fn options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// The independent parts `position` is the sum of, each itself a position of this game: a
    /// move is a move in exactly one of them, which leaves the others alone. Under normal play
    /// the Sprague-Grundy value of `position` is then the XOR of the parts' values, so each
    /// part is solved once, on its own.
    ///
    /// The default, `vec![position.clone()]`, is one part: the position itself, whose value
    /// comes from its options. Return the position itself (alone) for a position that does not
    /// split further, and no parts at all for the empty sum (value 0). Misère play does not
    /// decompose: its outcomes always come from the options of the whole position.
    ///
    /// ```
    /// use grundy::{ImpartialGame, ImpartialSolver};
    ///
    /// /// Nim on several heaps, written as sorted non-empty heaps.
    /// struct Nim;
    ///
    /// fn canonical(mut heaps: Vec<u64>) -> Vec<u64> {
    ///     heaps.retain(|&h| h > 0);
    ///     heaps.sort_unstable();
    ///     heaps
    /// }
    ///
    /// impl ImpartialGame for Nim {
    ///     type Position = Vec<u64>;
    ///     fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
    ///         let mut out = vec![];
    ///         for (i, &h) in heaps.iter().enumerate() {
    ///             for left in 0..h {
    ///                 let mut next = heaps.clone();
    ///                 next[i] = left;
    ///                 out.push(canonical(next));
    ///             }
    ///         }
    ///         out
    ///     }
    ///     fn components(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
    ///         heaps.iter().map(|&h| vec![h]).collect()
    ///     }
    /// }
    ///
    /// let mut solver = ImpartialSolver::new(Nim);
    /// // Each heap is solved alone (a heap of n has value n), then the values are XORed.
    /// assert_eq!(solver.grundy_value(&vec![5, 9, 30]).unwrap(), 5 ^ 9 ^ 30);
    /// ```
    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }

    /// An upper bound on the number of options of `position`, known without listing them, or
    /// `None` (the default) when there is none cheaper than listing. With a bound, a solver
    /// refuses a position whose options alone would pass its budget before asking for them.
    fn option_count_bound(&self, position: &Self::Position) -> Option<u128> {
        let _ = position;
        None
    }
}

/// A game borrowed is the same game, so a solver can work on `&game`.
impl<G: ImpartialGame + ?Sized> ImpartialGame for &G {
    type Position = G::Position;

    fn options(&self, position: &Self::Position) -> Vec<Self::Position> {
        (**self).options(position)
    }

    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        (**self).components(position)
    }

    fn option_count_bound(&self, position: &Self::Position) -> Option<u128> {
        (**self).option_count_bound(position)
    }
}
