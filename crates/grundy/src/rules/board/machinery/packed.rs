//! The packed capability: a game whose positions each fit in 128 bits gives the Conway-value
//! search ([`crate::rules::board::machinery::value::BoardValues`]) its canonical keys, parts and options
//! as numbers, so that the search allocates nothing per position and its memo holds 16 bytes a
//! key (a position of numbers is a vector, and its options a vector of vectors). A game offers
//! it through [`crate::rules::board::BoardRules::packed`]; the search checks it against the
//! plain one (the game's `options`) in the game's tests.

use crate::values::partizan::{GameStore, GameValue, PartizanError};

/// A position packed in 128 bits, canonical: two positions with the same key have the same
/// value.
pub type Packed = u128;

/// A game's positions as packed keys. Every move must shrink the position (cells are filled,
/// pieces removed), so that no position is reachable from itself: the packed search keeps no
/// check for cycles. A loopy game's keys (Fox and Geese's) only name the vertices of its graph
/// of positions ([`crate::rules::board::machinery::loopy::PositionGraph`]): such a game is answered before
/// the packed search is reached.
pub trait PackedRules: Send + Sync {
    /// The canonical key of the position `numbers`; `None` when it does not fit (the search
    /// then values it by its numbers).
    fn key_of(&self, numbers: &[u64]) -> Option<Packed>;

    /// The keys of the independent parts of `key`, pushed onto `out` (nothing pushed when it
    /// is one part).
    fn key_parts(&self, key: Packed, out: &mut Vec<Packed>);

    /// The canonical keys of the options of `key` for `mover` (0 Left, 1 Right), pushed onto
    /// `out`.
    fn key_options(&self, key: Packed, mover: usize, out: &mut Vec<Packed>);

    /// The parts of `key` pushed onto `out`: those of [`PackedRules::key_parts`], or `key`
    /// itself where it is one part.
    fn key_parts_or_self(&self, key: Packed, out: &mut Vec<Packed>) {
        let before = out.len();
        self.key_parts(key, out);
        if out.len() == before {
            out.push(key);
        }
    }

    /// The parts of each option of `key` for `mover`, in the order of
    /// [`PackedRules::key_options`]: each option's parts pushed onto `parts` as
    /// [`PackedRules::key_parts_or_self`] pushes them, and where its parts end in `parts`
    /// pushed onto `ends`. The default makes each option's key, then its parts; a game may make
    /// the parts at once, without the whole option's canonical key (the outcome search wants
    /// only the parts of each move's board).
    fn key_option_parts(&self, key: Packed, mover: usize, parts: &mut Vec<Packed>, ends: &mut Vec<usize>) {
        let mut options = vec![];
        self.key_options(key, mover, &mut options);
        for option in options {
            self.key_parts_or_self(option, parts);
            ends.push(parts.len());
        }
    }

    /// The game's own outcome search for boards like `numbers`, where it has one with
    /// knowledge of its own (Domineering's safe moves); `None` (the default): the search over
    /// the packed keys ([`crate::rules::board::machinery::outcome::packed::PackedSearch`]).
    fn own_outcome_search(
        &self,
        _numbers: &[u64],
    ) -> Option<Box<dyn crate::rules::board::machinery::outcome::OutcomeSearch + '_>> {
        None
    }

    /// How many options `key` has for `mover`: the count of what [`PackedRules::key_options`]
    /// pushes, which a game may tell without making the keys (the forecast of a value's work,
    /// [`crate::rules::board::machinery::forecast`], counts the options of millions of positions).
    fn key_option_count(&self, key: Packed, mover: usize) -> u64 {
        let mut out = vec![];
        self.key_options(key, mover, &mut out);
        out.len() as u64
    }

    /// The most keys one key ever pushes, where the game bounds them: its options for both
    /// players together ([`PackedRules::key_options`]), or its parts
    /// ([`PackedRules::key_parts`]). A forecast that can never find more than its caller's
    /// bound is then not walked ([`crate::rules::board::machinery::forecast::forecast_past`]);
    /// `None` (the default): not bounded.
    fn most_options(&self) -> Option<u64> {
        None
    }

    /// The key of the negative of `key` (Conway's -G: the players' roles exchanged), where the
    /// game makes it by exchanging its players' pieces (Clobber, Konane); `None` (the default)
    /// where it does not. The outcome search answers Right moving first from Left's search of
    /// the negatives, which on a board equal to its own negative (a checkerboard with an even
    /// side) is the search it made already.
    fn key_negative(&self, _key: Packed) -> Option<Packed> {
        None
    }

    /// The value of `key` when the game's theory gives it at once (a board where one player
    /// alone can move is an integer), made in `store`.
    fn key_value(&self, _key: Packed, _store: &mut GameStore) -> Option<Result<GameValue, PartizanError>> {
        None
    }
}
