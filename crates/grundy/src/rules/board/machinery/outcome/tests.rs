//! The outcome search against a plain exhaustive search of wins and losses over the games'
//! rules ([`RulesCore::options`]), on every small board and many partly filled ones.

use std::collections::HashMap;

use super::domineering::solver::{DomineeringSolver, Solver};
use super::domineering::DomineeringSearch;
use super::packed::PackedSearch;
use super::*;
use crate::rules::board::{Board, RulesCore};

/// Whether `mover` moving first wins `numbers`, by the definition: some move leaves a
/// position the other player loses moving first.
fn plain_wins(
    rules: &dyn RulesCore,
    numbers: &[u64],
    mover: usize,
    memo: &mut HashMap<(Vec<u64>, usize), bool>,
) -> bool {
    let key = (rules.canonical(numbers), mover);
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let w = rules.options(numbers, mover).iter().any(|o| !plain_wins(rules, o, 1 - mover, memo));
    memo.insert(key, w);
    w
}

fn board(name: &str) -> Board {
    Board::parse(name).unwrap().unwrap()
}

/// The numbers of the position `text` of `b`.
fn position(b: &Board, text: &str) -> Vec<u64> {
    b.rules().parse(&[text]).unwrap()
}

/// A small random generator (the tests' boards are the same on every run).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// Checks the search of `rules` on `numbers` against the plain search: who wins with each
/// player first, and that a winning move given is a move that wins.
fn check(
    game: &dyn OutcomeSearch,
    rules: &dyn BoardRules,
    numbers: &[u64],
    memo: &mut HashMap<(Vec<u64>, usize), bool>,
) {
    let mut store = GameStore::new();
    let mut table = OutcomeTable::new(1 << 16).unwrap();
    let limits = OutcomeLimits::new(u64::MAX, u64::MAX);
    let answer = game.search(rules, numbers, &mut store, &mut table, limits).unwrap();
    for (mover, first) in [(0, answer.left.as_ref().unwrap()), (1, answer.right.as_ref().unwrap())] {
        assert_eq!(first.wins, plain_wins(rules, numbers, mover, memo), "{numbers:?} mover {mover}");
        if let Some(m) = &first.winning_move {
            assert!(rules.options(numbers, mover).contains(m));
            assert!(!plain_wins(rules, m, 1 - mover, memo), "{numbers:?}: {m:?} does not win");
        }
        assert_eq!(first.wins, first.winning_move.is_some());
    }
}

/// Domineering boards of `rows` x `cols`, each cell filled with chance `fill` in 8.
fn domineering_boards(rows: usize, cols: usize, count: usize, rng: &mut Lcg) -> Vec<String> {
    (0..count)
        .map(|_| {
            let fill = rng.next() % 5;
            (0..rows)
                .map(|_| (0..cols).map(|_| if rng.next() % 8 < fill { '#' } else { '.' }).collect::<String>())
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect()
}

#[test]
fn domineering_agrees_with_the_plain_search() {
    let b = board("domineering");
    let rules = b.rules();
    let mut rng = Lcg(82);
    let mut memo = HashMap::new();
    for (rows, cols, count) in
        [(1, 1, 1), (1, 6, 8), (2, 2, 2), (2, 5, 20), (3, 3, 20), (3, 4, 40), (4, 4, 60), (3, 6, 40), (4, 5, 40)]
    {
        for text in domineering_boards(rows, cols, count, &mut rng) {
            let numbers = position(&b, &text);
            let game = DomineeringSearch::for_position(&numbers).unwrap();
            // Domineering's own search (what an analysis runs), the board whole, and valuing
            // parts of none but the one-sided, of at most 4 cells, of at most 12.
            check(&DomineeringSolver::for_position(&numbers).unwrap(), rules, &numbers, &mut memo);
            check(&game, rules, &numbers, &mut memo);
            for cells in [0, 4, super::domineering::VALUE_CELLS] {
                check(&game.valuing(cells), rules, &numbers, &mut memo);
            }
        }
    }
}

/// One first player asked alone ([`SearchRun::only`]) is answered alone, as the plain search
/// answers it, with a move that wins; and a square board equal to its transpose (where Right's
/// answer is read from Left's search, her winning move transposed) is answered right for both,
/// asked together or one at a time, on random boards made symmetric and on others.
#[test]
fn one_first_player_and_transposed_boards() {
    let b = board("domineering");
    let rules = b.rules();
    let mut rng = Lcg(8282);
    let mut memo = HashMap::new();
    let mut symmetric = 0;
    for (rows, cols, count) in [(3, 3, 30), (4, 4, 40), (5, 5, 30), (3, 5, 20), (4, 5, 20)] {
        for text in domineering_boards(rows, cols, count, &mut rng) {
            let mut numbers = position(&b, &text);
            // Half the square ones made equal to their transpose: each cell below the diagonal
            // copied from the one above it.
            if rows == cols && rng.next().is_multiple_of(2) {
                for r in 0..rows {
                    for c in 0..r {
                        numbers[2 + r * cols + c] = numbers[2 + c * cols + r];
                    }
                }
                symmetric += 1;
            }
            let solver = DomineeringSolver::for_position(&numbers).unwrap();
            check(&solver, rules, &numbers, &mut memo);
            for mover in 0..2 {
                let mut store = GameStore::new();
                let mut table = OutcomeTable::new(1 << 16).unwrap();
                let limits = OutcomeLimits::new(u64::MAX, u64::MAX);
                let mut run = SearchRun { only: Some(mover), ..SearchRun::default() };
                let answer = solver.search_within(rules, &numbers, &mut store, &mut table, limits, &mut run).unwrap();
                assert!(answer.first(1 - mover).is_none() && answer.class().is_none(), "{numbers:?}");
                let first = answer.first(mover).unwrap();
                assert_eq!(first.wins, plain_wins(rules, &numbers, mover, &mut memo), "{numbers:?} mover {mover}");
                assert_eq!(first.wins, first.winning_move.is_some());
                if let Some(m) = &first.winning_move {
                    assert!(rules.options(&numbers, mover).contains(m), "{numbers:?}: {m:?}");
                    assert!(!plain_wins(rules, m, 1 - mover, &mut memo), "{numbers:?}: {m:?} does not win");
                }
            }
        }
    }
    assert!(symmetric > 20, "{symmetric} symmetric boards");
}

/// Domineering's own search with the board in a `u128` (as past 64 cells) against the same in
/// a `u64` on random boards of at most 64 cells: the same answers, winning moves and positions
/// searched; and against the plain search on the boards of at most 20 cells.
#[test]
fn domineering_in_either_word_agrees() {
    let b = board("domineering");
    let rules = b.rules();
    let mut rng = Lcg(128);
    let mut memo = HashMap::new();
    let limits = OutcomeLimits::new(u64::MAX, u64::MAX);
    let (mut boards, mut same_nodes) = (0, 0);
    for (rows, cols, count) in [
        (3, 4, 40),
        (4, 4, 40),
        (4, 5, 40),
        (5, 4, 40),
        (5, 5, 40),
        (5, 6, 30),
        (6, 6, 30),
        (7, 7, 20),
        (6, 8, 20),
        (8, 8, 20),
    ] {
        // Past 30 cells, a quarter of the cells filled or more: cheap in a test build.
        let cheap = |t: &String| rows * cols <= 30 || 4 * t.matches('#').count() >= rows * cols;
        for text in domineering_boards(rows, cols, count, &mut rng).into_iter().filter(cheap) {
            let numbers = position(&b, &text);
            let small = DomineeringSolver::Small(Solver::sized(&numbers).unwrap());
            let large = DomineeringSolver::Large(Solver::sized(&numbers).unwrap());
            let answer = |solver: &DomineeringSolver| {
                let mut table = OutcomeTable::new(1 << 24).unwrap();
                let a = solver.search(rules, &numbers, &mut GameStore::new(), &mut table, limits).unwrap();
                (a, table.counts().1)
            };
            let ((wide, wide_replaced), (narrow, narrow_replaced)) = (answer(&large), answer(&small));
            assert_eq!((&wide.left, &wide.right), (&narrow.left, &narrow.right), "{text}");
            // The keys fall in other buckets: the same positions while no entry gave way.
            if wide_replaced == 0 && narrow_replaced == 0 {
                assert_eq!(wide.nodes, narrow.nodes, "{text}");
                same_nodes += 1;
            }
            if rows * cols <= 20 {
                check(&large, rules, &numbers, &mut memo);
            }
            boards += 1;
        }
    }
    assert!(boards > 250 && same_nodes > 200, "{boards} boards, {same_nodes} without replacements");
}

/// Boards past 64 cells (held in a `u128`), mostly filled, of shapes up to 10 x 11: Domineering's
/// own search against the plain search.
#[test]
fn domineering_past_64_cells_agrees_with_the_plain_search() {
    let b = board("domineering");
    let rules = b.rules();
    let mut rng = Lcg(81);
    let mut memo = HashMap::new();
    for (rows, cols) in [(9, 9), (8, 9), (9, 8), (10, 10), (10, 11), (7, 16)] {
        for _ in 0..20 {
            // A block of 3 x 4 empty cells somewhere, and a few cells more about the board.
            let (top, left) = ((rng.next() % (rows - 2) as u64) as usize, (rng.next() % (cols - 3) as u64) as usize);
            let text = (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| {
                            let block = (top..top + 3).contains(&r) && (left..left + 4).contains(&c);
                            if block || rng.next().is_multiple_of(20) {
                                '.'
                            } else {
                                '#'
                            }
                        })
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("/");
            let numbers = position(&b, &text);
            let solver = DomineeringSolver::for_position(&numbers).unwrap();
            assert!(matches!(solver, DomineeringSolver::Large(_)), "{text}");
            check(&solver, rules, &numbers, &mut memo);
        }
    }
}

/// Every board of 4 x 4 and of 3 x 5, each cell empty or filled: the search (which keeps her
/// safe moves for the end) against the plain search, and every verdict of the counts of sure
/// moves where it speaks, the dear ones and the cheapest.
#[test]
fn domineering_agrees_on_every_small_board() {
    let b = board("domineering");
    let rules = b.rules();
    let mut memo = HashMap::new();
    let (mut spoke, mut quick_spoke, mut packed_spoke) = (0, 0, 0);
    for (rows, cols) in [(4usize, 4usize), (3, 5)] {
        for mask in 0u32..1 << (rows * cols) {
            let text = (0..rows)
                .map(|r| (0..cols).map(|c| if mask >> (r * cols + c) & 1 == 1 { '#' } else { '.' }).collect::<String>())
                .collect::<Vec<_>>()
                .join("/");
            let numbers = position(&b, &text);
            let game = DomineeringSearch::for_position(&numbers).unwrap();
            check(&game, rules, &numbers, &mut memo);
            let solver = DomineeringSolver::for_position(&numbers).unwrap();
            check(&solver, rules, &numbers, &mut memo);
            let e = game.state_of(&numbers).unwrap();
            for mover in 0..2 {
                let c = game.counts(e);
                if let Some(verdict) = game.packed_verdict(e, mover, c.safe, c.most) {
                    packed_spoke += 1;
                    assert_eq!(verdict, plain_wins(rules, &numbers, mover, &mut memo), "packed: {text}, mover {mover}");
                }
                let DomineeringSolver::Small(small) = &solver else { panic!("{text} is held in a u64") };
                if let Some(verdict) = small.quick(e).verdict(mover) {
                    quick_spoke += 1;
                    assert_eq!(verdict, plain_wins(rules, &numbers, mover, &mut memo), "{text}, mover {mover}");
                }
                if let Some(verdict) = game.decided(&e, mover, 0) {
                    spoke += 1;
                    assert_eq!(verdict, plain_wins(rules, &numbers, mover, &mut memo), "{text}, mover {mover}");
                }
            }
        }
    }
    assert!(spoke > 10_000, "the counts spoke on {spoke} boards only");
    assert!(quick_spoke > 10_000, "the cheapest counts spoke on {quick_spoke} boards only");
    assert!(packed_spoke > quick_spoke, "the packed bound spoke on {packed_spoke} boards only ({quick_spoke})");
}

/// The safe moves' verdicts hold on every board where they speak, beside integers.
#[test]
fn domineering_sure_wins_are_wins() {
    let b = board("domineering");
    let rules = b.rules();
    let mut rng = Lcg(7);
    let mut memo = HashMap::new();
    let mut store = GameStore::new();
    let mut values = BoardValues::new(rules, u64::MAX);
    let mut spoke = 0;
    let mut with_areas = 0;
    for (rows, cols) in [(3, 3), (3, 4), (4, 4), (2, 6), (4, 5), (5, 5), (4, 6), (6, 4)] {
        for text in domineering_boards(rows, cols, 60, &mut rng) {
            let numbers = position(&b, &text);
            let game = DomineeringSearch::for_position(&numbers).unwrap();
            let e = game.state_of(&numbers).unwrap();
            let g = values.value(&mut store, &numbers).unwrap();
            for n in -2i64..=2 {
                let sum = store.integer(n).and_then(|i| store.sum(g, i)).unwrap();
                let class = store.outcome(sum).unwrap();
                for mover in 0..2 {
                    if let Some(verdict) = game.decided(&e, mover, n) {
                        spoke += 1;
                        with_areas += usize::from(game.counts(e).areas != [0, 0]);
                        let wins = matches!(
                            (class, mover),
                            (PartizanOutcome::N, _) | (PartizanOutcome::L, 0) | (PartizanOutcome::R, 1)
                        );
                        assert_eq!(verdict, wins, "{text} + {n}, mover {mover}");
                        if n == 0 {
                            assert_eq!(verdict, plain_wins(rules, &numbers, mover, &mut memo));
                        }
                    }
                }
            }
        }
    }
    assert!(spoke > 100, "the safe moves spoke on {spoke} positions only");
    assert!(with_areas > 20, "protective areas stood on {with_areas} of them only");
}

#[test]
fn every_packed_game_agrees_with_the_plain_search() {
    let mut memo = HashMap::new();
    for (name, positions) in [
        // Parts that cancel (xo and ox, each the other's negative; two equal to *), and parts
        // equal to 0, beside others.
        (
            "clobber",
            vec![
                "xo/ox",
                "xox/oxo",
                "xoxo/oxox",
                "xo.x/o.xo/xoxo",
                "xxo/oox/xox",
                "xo.ox.xo.xxo/............/xox.xoo.ox..",
            ],
        ),
        ("konane", vec!["xo.x/oxox", "xox/o.o/xox", "xoxo./oxoxo", "xo..ox.xo./........../x.o.xox.o."]),
        ("snort", vec!["..../....", "...../.....", "x..o./....."]),
        ("col", vec!["..../....", "...../....."]),
        ("toads-frogs", vec!["TT..FF", "T.T.F.F", "TT.T..FF.F"]),
    ] {
        let b = board(name);
        let rules = b.rules();
        let Some(packed) = rules.packed() else { panic!("{name} packs no keys") };
        for text in positions {
            let numbers = position(&b, text);
            memo.clear();
            check(&PackedSearch::new(packed, 1 << 20), rules, &numbers, &mut memo);
        }
    }
}

/// A protective area is a 2 x 2 block walled where the other player's dominoes would cross.
#[test]
fn protective_areas_are_walled_blocks() {
    let b = board("domineering");
    for (text, areas) in [
        // Walled left or right: Left's; above or below: Right's (the board's edge is a wall);
        // overlapping blocks, or blocks side by side along the other's direction, count once.
        ("#..#/#..#", [1, 1]),
        ("..../#..#/#..#/....", [1, 1]),
        (".##./..../..../.##.", [1, 1]),
        ("#..#/#..#/#..#", [1, 1]),
        ("....../#..#../#..#..", [2, 2]),
        ("#..#..#/#..#..#", [2, 2]),
        ("#.../#...", [1, 1]),
        ("..../..../..../....", [2, 2]),
        ("......", [0, 0]),
        ("..#../..#..", [2, 2]),
    ] {
        let numbers = position(&b, text);
        let game = DomineeringSearch::for_position(&numbers).unwrap();
        let e = game.state_of(&numbers).unwrap();
        assert_eq!(game.counts(e).areas, areas, "{text}");
    }
}

/// The players' views of a board for the packed bound, turned as words, are the views made
/// cell by cell, on every shape up to 8 x 8.
#[test]
fn domineering_views_turn_the_board() {
    let mut rng = Lcg(11);
    for rows in 1..=8 {
        for cols in 1..=8 {
            let game = DomineeringSearch::new(rows, cols).unwrap();
            let all = if rows * cols == 64 { u64::MAX } else { (1u64 << (rows * cols)) - 1 };
            for _ in 0..50 {
                let e = (rng.next() << 40 ^ rng.next() << 20 ^ rng.next()) & all;
                assert_eq!(game.views(e), game.views_cell_by_cell(e), "{rows} x {cols}, {e:x}");
            }
        }
    }
}

/// Random Clobber and Konane boards of up to 16 cells, each cell empty or a stone of either
/// player: the packed search valuing no part, parts of at most 4 moves, its default, and parts
/// of at most 14 moves (most boards then valued whole at the root and searched as sums of
/// canonical forms, their static rules deciding many), against the plain search.
#[test]
fn clobber_and_konane_agree_on_random_boards() {
    let mut rng = Lcg(30);
    for name in ["clobber", "konane"] {
        let b = board(name);
        let rules = b.rules();
        let Some(packed) = rules.packed() else { panic!("{name} packs no keys") };
        let mut memo = HashMap::new();
        for (rows, cols, count) in [(2, 4, 30), (3, 3, 30), (3, 4, 40), (2, 7, 20), (4, 4, 30), (3, 5, 20)] {
            for _ in 0..count {
                let empty = rng.next() % 4;
                let text = (0..rows)
                    .map(|_| {
                        (0..cols)
                            .map(|_| match rng.next() % 8 {
                                k if k < empty => '.',
                                k if k % 2 == 0 => 'x',
                                _ => 'o',
                            })
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join("/");
                let numbers = position(&b, &text);
                for moves in [0, 4, super::packed::SMALL_PART_MOVES, 14] {
                    check(&PackedSearch::new(packed, 1 << 20).valuing(moves), rules, &numbers, &mut memo);
                }
            }
        }
    }
}

/// The negative of a Clobber or Konane key is the key of the board with its stones' colours
/// exchanged, on random boards of up to 16 cells (the search of Right moving first looks his
/// moves up by it).
#[test]
fn negatives_exchange_the_stones() {
    let mut rng = Lcg(31);
    for name in ["clobber", "konane"] {
        let b = board(name);
        let rules = b.rules();
        let Some(packed) = rules.packed() else { panic!("{name} packs no keys") };
        for (rows, cols) in [(1, 5), (2, 4), (3, 3), (3, 5), (4, 4)] {
            for _ in 0..40 {
                let cells: Vec<char> = (0..rows * cols).map(|_| ['.', 'x', 'o'][(rng.next() % 3) as usize]).collect();
                let text = |swap: bool| {
                    cells
                        .chunks(cols)
                        .map(|row| {
                            row.iter()
                                .map(|&c| match (c, swap) {
                                    ('x', true) => 'o',
                                    ('o', true) => 'x',
                                    (c, _) => c,
                                })
                                .collect::<String>()
                        })
                        .collect::<Vec<_>>()
                        .join("/")
                };
                let key = packed.key_of(&position(&b, &text(false))).unwrap();
                let swapped = packed.key_of(&position(&b, &text(true))).unwrap();
                assert_eq!(packed.key_negative(key), Some(swapped), "{name} {}", text(false));
            }
        }
    }
}

/// A search that has passed its forecast is forecast again from where it stands (scaled as the
/// probe's is), and stops at
/// once where that passes its bound; not before it passes its forecast, nor where the new
/// forecast is within the bound.
#[test]
fn a_search_past_its_forecast_stops_where_it_is_forecast_past_its_bound() {
    let mut track = RootTrack { even_root: true, forecast: Some(1000), ..RootTrack::default() };
    track.mark(0, 5, 10);
    track.mark(1, 0, 10);
    track.depth = 2;
    // Half the root's moves done in 2,000 nodes: 4,000 in all, scaled 8,000.
    assert_eq!(track.forecast_at(2000), Some(4000));
    assert_eq!(FORECAST_SCALE, 2);
    assert_eq!(track.passed(2000, 5000), Some(8000));
    assert_eq!(track.passed(2000, 10_000), None);
    assert_eq!(track.passed(900, 5000), None);
    // The nodes before this root began count.
    track.begin(1, 10, 500);
    track.mark(0, 5, 10);
    assert_eq!(track.passed(2500, 5000), Some(8500));
    track.forecast = None;
    assert_eq!(track.passed(2500, 10), None);
}

/// A search whose probe's forecast is low, within its bound, stops as soon as it has passed its
/// forecast and is forecast again past its bound, well before the bound, with a refusal naming
/// the budget: a Clobber board whose probe of 2^14 positions a side forecasts about 298,000 of
/// the 2.63 million its search visits, bounded at 1.5 million.
#[test]
fn a_search_forecast_too_low_stops_before_it_gives_up() {
    let b = board("clobber");
    let rules = b.rules();
    let Some(packed) = rules.packed() else { panic!("clobber packs no keys") };
    let numbers = position(&b, "oxoxoxoxo/xoxoxoxox/oxox.xoxo");
    let game = PackedSearch::new(packed, 1 << 24);
    let (mut store, mut table) = (GameStore::new(), OutcomeTable::new(1 << 24).unwrap());
    let limits = OutcomeLimits::new(1_500_000, 1_500_000 / NODES_A_BUDGET_UNIT);
    let mut run = SearchRun { probe: 1 << 14, ..SearchRun::default() };
    let e = game.search_within(rules, &numbers, &mut store, &mut table, limits, &mut run).unwrap_err().to_string();
    let forecast = run.forecast.unwrap();
    assert!(forecast < limits.nodes, "{forecast}");
    assert!(e.contains("passed its forecast") && e.contains("--budget"), "{e}");
    assert!(run.proven.nodes > forecast && run.proven.nodes < limits.nodes, "{} of {forecast}", run.proven.nodes);
    // The budget it names is past the one given.
    let advised: u64 = e.split("--budget ").last().and_then(|t| t.split(' ').next()).unwrap().parse().unwrap();
    assert!(advised > limits.budget, "{e}");
}

/// A probe's forecast where the root's first moves weigh most (Domineering) is the least
/// estimate read since the root began, times [`LEAST_READING_SCALE`] (the estimates climb as
/// a probe goes on, and the least swings least from board to board); where they weigh alike
/// (the packed games), the largest read over the later half of the probe's bound, times
/// [`FORECAST_SCALE`]; before any reading, the one read now, scaled alike.
#[test]
fn a_probes_forecast_is_its_least_reading_where_first_moves_weigh_most() {
    use crate::rules::board::machinery::forecast::outcome_nodes;
    for even_root in [false, true] {
        let mut track = RootTrack { even_root, ..RootTrack::default() };
        track.begin(0, 10, 0);
        track.depth = 2;
        track.mark(0, 0, 10);
        track.mark(1, 5, 10);
        let scale = if even_root { FORECAST_SCALE } else { LEAST_READING_SCALE };
        // Nothing read yet: the estimate from where the search stands.
        let now = outcome_nodes(1000, &[(0, 10), (5, 10)], even_root).unwrap();
        assert_eq!(track.forecast_now(1000), Some(now * scale));
        // Read early in a probe of 8,000 nodes, then twice in its later half.
        track.tell(1000, 8000);
        track.mark(1, 6, 10);
        track.tell(4000, 8000);
        track.mark(1, 9, 10);
        track.tell(8000, 8000);
        let early = outcome_nodes(1000, &[(0, 10), (5, 10)], even_root).unwrap();
        let mid = outcome_nodes(4000, &[(0, 10), (6, 10)], even_root).unwrap();
        let late = outcome_nodes(8000, &[(0, 10), (9, 10)], even_root).unwrap();
        assert!(early < late && mid < late, "{early} {mid} {late}");
        let expected = if even_root { mid.max(late) * FORECAST_SCALE } else { early.min(mid) * LEAST_READING_SCALE };
        assert_eq!(track.forecast_now(8000), Some(expected), "even root: {even_root}");
        // A new root forgets the readings.
        track.begin(1, 10, 8000);
        track.mark(1, 5, 10);
        assert_eq!(track.forecast_now(9000), Some(now * scale));
    }
}

/// A probe's limits go on once past their nodes while no first move of the root is proven to
/// lose, and never once one is; limits with no extension stop at their nodes.
#[test]
fn a_probe_goes_on_once_while_its_roots_first_move_is_searched() {
    let mut track = RootTrack::default();
    let mut probe = OutcomeLimits { extension: 10, ..OutcomeLimits::new(100, 1) };
    assert!(!probe.reached(100, &track));
    assert!(!probe.reached(101, &track), "extended to 110");
    assert_eq!((probe.nodes, probe.extension), (110, 0));
    assert!(!probe.reached(110, &track));
    assert!(probe.reached(111, &track), "extended once only");

    track.root.1.push(vec![1]);
    let mut refuted = OutcomeLimits { extension: 10, ..OutcomeLimits::new(100, 1) };
    assert!(refuted.reached(101, &track), "a first move is proven to lose: no extension");
    assert!(OutcomeLimits::new(100, 1).reached(101, &RootTrack::default()));
}

/// A search that passes its budget before its probe reads a forecast gives up in the outcome
/// search's own units: their phrase names [`NODES_A_BUDGET_UNIT`], and the most it names is
/// the largest budget `analyze` takes (the positions a stored search keeps were named before,
/// 2^25, below budgets the command line takes).
#[test]
fn a_search_past_its_budget_gives_up_in_its_own_units() {
    let units = Work::OutcomeNodes.units();
    assert!(units.contains(&format!("{NODES_A_BUDGET_UNIT} positions")), "{units}");
    assert_eq!(Work::OutcomeNodes.max_budget(), crate::MAX_BUDGET);
    let b = board("domineering");
    let rules = b.rules();
    let numbers = position(&b, "......../......../......../......../......../......../......../........");
    let game = rules.outcome_search(&numbers, 0).unwrap();
    let (mut store, mut table) = (GameStore::new(), OutcomeTable::new(1 << 20).unwrap());
    let limits = OutcomeLimits::new(NODES_A_BUDGET_UNIT, 1);
    let e = game.search_within(rules, &numbers, &mut store, &mut table, limits, &mut SearchRun::default()).unwrap_err();
    let AnalyzeError::GaveUp(g) = &e else { panic!("{e}") };
    assert_eq!(g.what, Work::OutcomeNodes, "{e}");
    let text = e.to_string();
    assert!(text.contains(units) && text.contains(&crate::MAX_BUDGET.to_string()), "{text}");
}
