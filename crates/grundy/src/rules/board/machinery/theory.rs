//! A board game's theory: the fast answer (`solve`) and what the theorems behind it give the
//! analysis (values known without search, the heap rule it plays as, Nim heaps in disguise,
//! Every-SG steps).

use crate::error::AnalyzeError;
use crate::rules::analysis::Analysis;
use crate::rules::board::machinery::outcome::packed::PackedSearch;
use crate::rules::board::machinery::outcome::OutcomeSearch;
use crate::rules::board::machinery::packed::PackedRules;
use crate::rules::board::machinery::partizan::solve_by_conway;
use crate::rules::board::{AsBoard, BoardContext, RulesCore};
use crate::rules::nim::ValueWords;
use crate::rules::Ruleset;

/// The fast answer and the theorems behind it, each checked by the tests against the plain
/// solver built on [`RulesCore::options`].
pub trait Theory: RulesCore + AsBoard {
    /// The fast answer as the analysis reports it ([`Analysis::of_board`]): outcome, value and
    /// every winning move, exact, or a refusal that says what it would take. `context` holds the convention (`misere`: the player who makes the
    /// last move loses), the player to move, the budget, and the engine's heap values and exact
    /// search (passed in by the analysis, since `rules/` sits below it;
    /// [`BoardContext::plain`] without them).
    ///
    /// By default, for a game with no theory of its own, by its Conway value
    /// ([`solve_by_conway`]: the partizan games of cells and strips, which the value search
    /// answers with every winning move), and a refusal under misère play.
    fn solve(&self, numbers: &[u64], context: &BoardContext<'_>) -> Result<Analysis, AnalyzeError> {
        solve_by_conway(self.as_board_rules(), numbers, context)
    }

    /// The game's positions as packed keys, where they fit ([`PackedRules`]): the Conway-value
    /// search then works on 128-bit keys. `None` (the default): it works on the position's
    /// numbers.
    fn packed(&self) -> Option<&dyn PackedRules> {
        None
    }

    /// The game's outcome search ([`crate::rules::board::machinery::outcome`]): who wins, where Conway's
    /// value is past the budget, for boards like `numbers`, with at most `bytes` bytes of its
    /// own. By default the search over packed keys ([`PackedSearch`]), for a game that packs its
    /// positions; `None` for others. A game with knowledge of its own (Domineering's safe
    /// moves) gives its own.
    fn outcome_search(&self, numbers: &[u64], bytes: u64) -> Option<Box<dyn OutcomeSearch + '_>> {
        let packed = self.packed()?;
        Some(packed.own_outcome_search(numbers).unwrap_or_else(|| Box::new(PackedSearch::new(packed, bytes))))
    }

    /// What the values the answer is the nim-sum of are called (the divisor game's prime
    /// exponents) and the words of their balance table, for the page's panel: as the game's
    /// words say ([`crate::rules::board::Words::values`]), heap values unless it says otherwise.
    fn value_words(&self) -> ValueWords {
        self.words().values
    }

    /// Conway's value of the position `numbers` in `store`, when the game knows it without
    /// listing options (a green Hackenbush picture is the nimber of its Sprague-Grundy value,
    /// a coloured tree an ordinal sum by the colon principle): the value search
    /// ([`BoardValues`](crate::rules::board::machinery::value::BoardValues)) asks it before recursing over
    /// the options. `None` (the default) where there is no such rule.
    fn known_value(
        &self,
        _numbers: &[u64],
        _store: &mut crate::values::partizan::GameStore,
    ) -> Option<Result<crate::values::partizan::GameValue, crate::values::partizan::PartizanError>> {
        None
    }

    /// The heap rule this game plays as, for the parameters it has, with the sentence that says
    /// so: the analysis then answers it as a sum of heaps of that rule, each number a heap, by
    /// the Sprague-Grundy theorem (values and all). `None` (the default) for a game that is not
    /// one.
    fn as_heap_rule(&self) -> Option<(Ruleset, String)> {
        None
    }

    /// The names the game gives values to in expressions (`grundy verify --game G --sg
    /// EXPR`), e.g. `K` and `L`: as the game's words say
    /// ([`crate::rules::board::Words::with_parameters`]), none by default.
    fn parameters(&self) -> Vec<(&'static str, u64)> {
        self.words().parameters
    }

    /// The position as Nim heaps, with the position each Nim move leaves, for a game that is
    /// Nim in disguise (the divisor game: the exponents of n), so that a search along the game
    /// (the computer's longest game) runs on the heaps rather than on the numbers; `None` for
    /// other games.
    fn as_nim(&self, _numbers: &[u64]) -> Option<NimForm> {
        None
    }

    /// The moves that leave a position of Sprague-Grundy value `target`, as the numbers they
    /// leave, for a game with a rule for them at any size (Euclid's game, along its levels);
    /// `None` when the game has none (a sum then lists the options of a small position).
    fn moves_to_value(&self, _numbers: &[u64], _target: u64) -> Option<Vec<Vec<u64>>> {
        None
    }

    /// The Every-SG step of the position (Jia Zhihao's: 0 when over; 1 + the largest step of a
    /// lost option when won alone, 1 + the smallest step of any option when lost), with whether
    /// it is won alone, for a game with a rule for it at any size (Euclid's game); `None` when
    /// Every-SG searches the game's own moves.
    fn every_step(&self, _numbers: &[u64]) -> Option<(bool, u64)> {
        None
    }

    /// The options grouped by step without listing a huge number of them one by one, each a
    /// representative with how many options it stands for, for a game whose
    /// [`Theory::every_step`] is given; `None` lists [`RulesCore::options`].
    fn grouped_options(&self, _numbers: &[u64]) -> Option<Vec<(Vec<u64>, u128)>> {
        None
    }
}

/// A position of a game that is Nim in disguise ([`Theory::as_nim`]): its Nim heaps, and the
/// way back from a Nim move to the position it leaves (worked out once, e.g. from one
/// factorisation of the divisor game's n).
pub struct NimForm {
    /// The Nim heaps the position plays as.
    pub heaps: Vec<u64>,
    /// The numbers left by the move that leaves `left` in heap `heap`.
    back: Box<dyn Fn(usize, u64) -> Option<Vec<u64>>>,
}

impl NimForm {
    /// The position that plays as `heaps`, `back(heap, left)` giving the numbers left by the
    /// Nim move that leaves `left` in heap `heap`.
    pub fn new(heaps: Vec<u64>, back: impl Fn(usize, u64) -> Option<Vec<u64>> + 'static) -> NimForm {
        NimForm { heaps, back: Box::new(back) }
    }

    /// The numbers left by the Nim move that leaves `left` in heap `heap`; `None` when there is
    /// no such move.
    pub fn after(&self, heap: usize, left: u64) -> Option<Vec<u64>> {
        (self.back)(heap, left)
    }
}
