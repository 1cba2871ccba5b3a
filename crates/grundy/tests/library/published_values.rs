//! Outcomes, values and atomic weights printed in papers and in the programs that went with
//! them (issues 60, 61 and 63), each test naming its source and where the figure stands in it.
//! Only figures read in a source are here: none derived or recalled. Where a figure was read
//! in a work that quotes it rather than in the original, the test says so.
//!
//! Domineering: Left places vertical dominoes (Lachmann, Moore and Rapaport's Vera, Uiterwijk's
//! and Bullock's Vertical), Right horizontal ones; a board of m rows and n columns is typed as m
//! rows of n cells joined by `/`, as the papers write m x n (m the vertical dimension).

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use grundy::rules::board::machinery::value::BoardValues;
use grundy::rules::board::Board;
use grundy::values::partizan::{GameStore, GameValue, Relation};
use grundy::{Game, PartizanOutcome};

/// The rules of the board game `name`.
fn board(name: &str) -> Board {
    match name.parse::<Game>() {
        Ok(Game::Board(b)) => b,
        other => panic!("{name} is a board game: {other:?}"),
    }
}

/// The empty Domineering board of `rows` rows and `cols` columns, as typed.
fn rectangle(rows: usize, cols: usize) -> String {
    vec![".".repeat(cols); rows].join("/")
}

/// The values of the positions `texts` of the board game `name`, in `store`.
fn values(store: &mut GameStore, name: &str, texts: &[String]) -> Vec<GameValue> {
    let b = board(name);
    let mut memo = BoardValues::new(b.rules(), u64::MAX);
    texts.iter().map(|t| memo.value(store, &b.rules().parse(&[t.as_str()]).unwrap()).unwrap()).collect()
}

/// The outcome class of the empty Domineering board of `rows` x `cols`.
fn domineering_outcome(store: &mut GameStore, rows: usize, cols: usize) -> PartizanOutcome {
    let v = values(store, "domineering", &[rectangle(rows, cols)])[0];
    store.outcome(v).unwrap()
}

/// Lachmann, Moore and Rapaport, "Who wins Domineering on rectangular boards?" (More Games of
/// No Chance, MSRI Publications 42, 2002; arXiv math/0006066), section 1: "the 2 x 2 board is a
/// win for the first player", and Vera (vertical dominoes) is Left, her wins positive. The
/// column of two cells, where only Vera has room, is hers.
#[test]
fn lachmann_moore_rapaport_section_1_the_2x2_board_is_a_first_player_win() {
    let mut s = GameStore::new();
    assert_eq!(domineering_outcome(&mut s, 2, 2), PartizanOutcome::N);
    assert_eq!(domineering_outcome(&mut s, 2, 1), PartizanOutcome::L);
    assert_eq!(domineering_outcome(&mut s, 1, 2), PartizanOutcome::R);
}

// Bullock's check list (Obsequi's `Check`) and Uiterwijk's theorems ("Perfectly Solving
// Domineering Boards", 2014) are in tests/library/data/domineering_outcomes.txt with the other published
// tables of who wins Domineering rectangles, checked through `grundy::analyze` by
// tests/library/outcome_tables.rs.

/// Conway, "On Numbers and Games", chapter 10, "Domino positions and propositions" (read in
/// the transcription of the book in the repository weiyuan2020/mathnotes-2023,
/// conway/conway_ong-md/Part1_chap10.md, commit 09a84691): the 3 x 3 square "simplifies to ±1,
/// its simplest form" (the transcription prints the ± as +, but a square is its own transpose,
/// which negates a Domineering value, so it cannot be 1); "the 4 x 4 square is a win for the
/// first player", and "similar arguments" for the 4 x 6 rectangle; "The 5 x 5 square can be
/// shown to be a second player win (and so have value 0)" (figure 20, "The equation 5 x 5 = 0").
#[test]
fn onag_chapter_10_domineering_squares_and_the_4x6_rectangle() {
    let mut s = GameStore::new();
    let boards: Vec<String> = [(3, 3), (5, 5)].iter().map(|&(r, c)| rectangle(r, c)).collect();
    let got = values(&mut s, "domineering", &boards);
    let (pm1, zero) = (s.parse("±1").unwrap(), s.integer(0).unwrap());
    assert_eq!(s.compare(got[0], pm1).unwrap(), Relation::Equal, "3 x 3: {}", s.text(got[0]).unwrap());
    assert_eq!(s.compare(got[1], zero).unwrap(), Relation::Equal, "5 x 5: {}", s.text(got[1]).unwrap());
    assert_eq!(domineering_outcome(&mut s, 4, 4), PartizanOutcome::N);
    assert_eq!(domineering_outcome(&mut s, 4, 6), PartizanOutcome::N);
    assert_eq!(domineering_outcome(&mut s, 6, 4), PartizanOutcome::N);
}

/// Exact values read in the tests of pycgt (repository nehalahmedshaikh/pycgt, file
/// tests/test_published_values.py), which quote them from their sources (the originals were
/// not read): Berlekamp, "Blockbusting and Domineering" (J. Combin. Theory A 49, 1988),
/// appendix B.1, for the board 2 columns wide and 2n rows tall: G_1 = ±1, G_2 = ⧾2 (tiny-two),
/// G_3 = ±1 + ⧾2 + ⧾2; David Wolfe's 4 x 5 = 1, as recorded in Guy, "Unsolved Problems in
/// Combinatorial Games" (Games of No Chance, 1996), problem 4; and the 11 x 2 board (11 rows)
/// {1|||1/2|-1||-3/2|-7/2}, from "An update on Domineering on rectangular boards" (arXiv
/// 1305.3257, by Drummond-Cole; pycgt names Uiterwijk).
#[test]
fn berlekamp_wolfe_and_drummond_cole_domineering_values_as_quoted_by_pycgt() {
    let mut s = GameStore::new();
    let boards: Vec<String> = [(2, 2), (4, 2), (6, 2), (4, 5), (11, 2)].iter().map(|&(r, c)| rectangle(r, c)).collect();
    let got = values(&mut s, "domineering", &boards);
    let pm1 = s.parse("±1").unwrap();
    let tiny2 = s.parse("⧾2").unwrap();
    let two_tiny = s.sum(tiny2, tiny2).unwrap();
    let g3 = s.sum(pm1, two_tiny).unwrap();
    let one = s.parse("1").unwrap();
    let eleven_by_two = s.parse("{1|{{1/2|-1}|{-3/2|-7/2}}}").unwrap();
    for (board, (g, want)) in boards.iter().zip(got.into_iter().zip([pm1, tiny2, g3, one, eleven_by_two])) {
        let (g_name, want_name) = (s.text(g).unwrap(), s.text(want).unwrap());
        assert_eq!(s.compare(g, want).unwrap(), Relation::Equal, "{board}: {g_name}, published {want_name}");
    }
}

/// Chen, Folkersen, Hasham, Hayward, Lee, Randall, Schultz and Vandermeer, "A Proof of the
/// 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on Alternating Linear Clobber" (arXiv
/// 2509.08985, 2025), abstract (x Left's, o Right's): every non-empty even-length
/// alternating-colour row, except oxoxox, is a first-player win; oxoxox is not, so the second
/// player wins it. Checked on every such row up to 16 cells, both ways round (and up to 28
/// by the outcome, in `linear_clobber.rs`).
/// And, as a review of the paper (themoonlight.io) quotes its rules of equivalence: o, oo, ooo,
/// ooxx and oxoxox are 0, oxo = ox, and ooxo = xxo + ox.
#[test]
fn chen_et_al_alternating_linear_clobber_theorem() {
    let mut s = GameStore::new();
    for k in 1..=8 {
        let rows = ["xo".repeat(k), "ox".repeat(k)];
        for (row, g) in rows.iter().zip(values(&mut s, "clobber", &rows)) {
            let want = if k == 3 { PartizanOutcome::P } else { PartizanOutcome::N };
            assert_eq!(s.outcome(g).unwrap(), want, "{row}: {}", s.text(g).unwrap());
        }
    }
    let texts: Vec<String> =
        ["o", "oo", "ooo", "ooxx", "oxoxox", "oxo", "ox", "ooxo", "xxo"].iter().map(|t| t.to_string()).collect();
    let v = values(&mut s, "clobber", &texts);
    let zero = s.integer(0).unwrap();
    for (text, &g) in texts.iter().zip(&v[..5]) {
        assert_eq!(s.compare(g, zero).unwrap(), Relation::Equal, "{text}");
    }
    assert_eq!(s.compare(v[5], v[6]).unwrap(), Relation::Equal, "oxo = ox");
    let xxo_ox = s.sum(v[8], v[6]).unwrap();
    assert_eq!(s.compare(v[7], xxo_ox).unwrap(), Relation::Equal, "ooxo = xxo + ox");
}

/// Ernst, "Playing Konane Mathematically" (UMAP Journal 16(2), 1995), the solid linear
/// pattern: N stones alternating in a row, room to jump at both ends, is -j for N = 2j + 1, 0
/// for N = 4j and * for N = 4j + 2. Read as quoted in the repository ishehadeh/konjecture
/// (writeup/partials/04-existing-research.typ, "Solid Linear Pattern", whose figure for N = 7
/// is `_xoxoxox_` with x drawn black; and konane/src/cgt.rs's test `solid_linear_pattern`,
/// which cites the paper's CiteSeerX copy), not in the paper. Black is Left (Ernst's slides,
/// 2001: "Positive: Black wins"), so the row starts with x, Left's, as in grundy. Checked on
/// every such row grundy takes (64 columns: N up to 62).
#[test]
fn ernst_konane_solid_linear_pattern_as_quoted_by_konjecture() {
    let mut s = GameStore::new();
    let rows: Vec<String> =
        (1..=62).map(|n| format!(".{}.", (0..n).map(|i| ['x', 'o'][i % 2]).collect::<String>())).collect();
    for (n, (row, g)) in (1..=62).zip(rows.iter().zip(values(&mut s, "konane", &rows))) {
        let want = match n % 4 {
            0 => "0".to_string(),
            2 => "*".to_string(),
            _ => format!("{}", -(n as i64 - 1) / 2),
        };
        assert_eq!(s.text(g).unwrap(), want, "{row} (N = {n})");
    }
}

/// Conway, "On Numbers and Games", chapter 16, Theorem 98 and the text after it, read in a
/// transcription (repository weiyuan2020/mathnotes-2023, conway/conway_ong-md/Part1_chap16.md,
/// commit 09a84691), whose symbols are garbled but whose statements read: atomic weights are
/// additive, (G + H)' = G' + H' and (-G)' = -G'; G' >= 1 iff G exceeds remote stars; G' <= -1
/// iff G is exceeded by them; G' >= 2 makes G positive, G' <= -2 negative; and a game of
/// positive atomic weight is "positive or fuzzy". (The transcription lost the bar under its
/// "> 1": ↑ has weight 1 and exceeds remote stars, so it is >=.) Checked on every all-small
/// canonical form born by day 3, additivity on every pair of them.
#[test]
fn onag_chapter_16_theorem_98_on_every_all_small_game_born_by_day_3() {
    let mut s = GameStore::new();
    let day3: Vec<GameValue> = s.born_by(3).unwrap().into_iter().filter(|&g| s.is_all_small(g).unwrap()).collect();
    let [zero, one, two] = [0, 1, 2].map(|n| s.integer(n).unwrap());
    let [minus_one, minus_two] = [one, two].map(|n| s.neg(n).unwrap());
    let weight = |s: &mut GameStore, g| s.atomic_weight(g).unwrap();
    for &g in &day3 {
        let (w, name) = (weight(&mut s, g), s.text(g).unwrap());
        let remote = s.nimber((s.birthday(g).unwrap() + 1).next_power_of_two()).unwrap();
        let vs_star = s.compare(g, remote).unwrap();
        assert_eq!(s.ge(w, one).unwrap(), vs_star == Relation::Greater, "{name}: G' >= 1 iff G > remote stars");
        assert_eq!(s.le(w, minus_one).unwrap(), vs_star == Relation::Less, "{name}: G' <= -1 iff G < remote stars");
        let vs_zero = s.compare(g, zero).unwrap();
        if s.ge(w, two).unwrap() {
            assert_eq!(vs_zero, Relation::Greater, "{name}: G' >= 2");
        }
        if s.le(w, minus_two).unwrap() {
            assert_eq!(vs_zero, Relation::Less, "{name}: G' <= -2");
        }
        if s.compare(w, zero).unwrap() == Relation::Greater {
            assert!(matches!(vs_zero, Relation::Greater | Relation::Confused), "{name}: positive weight");
        }
        let minus_g = s.neg(g).unwrap();
        let (w_minus, minus_w) = (weight(&mut s, minus_g), s.neg(w).unwrap());
        assert_eq!(s.compare(w_minus, minus_w).unwrap(), Relation::Equal, "{name}: (-G)' = -G'");
        for &h in &day3 {
            let g_h = s.sum(g, h).unwrap();
            let (w_sum, w_h) = (weight(&mut s, g_h), weight(&mut s, h));
            let w_plus = s.sum(w, w_h).unwrap();
            assert_eq!(s.compare(w_sum, w_plus).unwrap(), Relation::Equal, "{name} + {}", s.text(h).unwrap());
        }
    }
    assert!(day3.len() > 10, "{}", day3.len());
}

/// Conway, "On Numbers and Games", chapter 8, "A dictionary of facts about COL" (read in the
/// transcription above, Part1_chap08.md): "a diagram which has a symmetry moving every node
/// and reversing any tints will always have value 0". A board of cells is such a diagram when
/// a symmetry of its rectangle that fixes no cell maps each cell to the other player's colour
/// (x to o, o to x, an empty cell to an empty one). Checked on every Col board of 1 x 2 to
/// 1 x 8, 2 x 2 to 2 x 4 and 3 x 3 cells, each cell empty, x or o.
#[test]
fn onag_chapter_8_col_boards_symmetric_under_colour_reversal_are_zero() {
    let mut s = GameStore::new();
    let b = board("col");
    let mut memo = BoardValues::new(b.rules(), u64::MAX);
    let zero = s.integer(0).unwrap();
    let mut checked = 0;
    let shapes = (2..=8).map(|c| (1, c)).chain((2..=4).map(|c| (2, c))).chain([(3, 3)]);
    for (rows, cols) in shapes {
        let cells = rows * cols;
        // The symmetries of the rectangle (the transposes only for a square) that fix no cell.
        let mut maps: Vec<Vec<usize>> = vec![];
        let flips = |i: usize, (fr, fc, t): (bool, bool, bool)| {
            let (r, c) = (i / cols, i % cols);
            let (r, c) = if t { (c, r) } else { (r, c) };
            let r = if fr { rows - 1 - r } else { r };
            let c = if fc { cols - 1 - c } else { c };
            r * cols + c
        };
        for t in [false, rows == cols] {
            for fr in [false, true] {
                for fc in [false, true] {
                    let map: Vec<usize> = (0..cells).map(|i| flips(i, (fr, fc, t))).collect();
                    if map.iter().enumerate().all(|(i, &j)| i != j) && !maps.contains(&map) {
                        maps.push(map);
                    }
                }
            }
        }
        for mut code in 0..3usize.pow(cells as u32) {
            let mut cell = vec!['.'; cells];
            for c in cell.iter_mut() {
                *c = ['.', 'x', 'o'][code % 3];
                code /= 3;
            }
            let swap = |c: char| match c {
                'x' => 'o',
                'o' => 'x',
                other => other,
            };
            if !maps.iter().any(|m| (0..cells).all(|i| cell[m[i]] == swap(cell[i]))) {
                continue;
            }
            let text: String =
                cell.chunks(cols).map(|row| row.iter().collect::<String>()).collect::<Vec<_>>().join("/");
            let g = memo.value(&mut s, &b.rules().parse(&[text.as_str()]).unwrap()).unwrap();
            assert_eq!(s.compare(g, zero).unwrap(), Relation::Equal, "col {text}: {}", s.text(g).unwrap());
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

/// The cells next to cell `i` of a `rows` x `cols` grid (numbered row by row).
fn neighbours(rows: usize, cols: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / cols, i % cols);
    [(r > 0).then(|| i - cols), (r + 1 < rows).then(|| i + cols), (c > 0).then(|| i - 1), (c + 1 < cols).then(|| i + 1)]
        .into_iter()
        .flatten()
}

/// The positions the lone o reaches in one move: onto a neighbouring x, which is removed (the
/// x stones are the set bits of the mask).
fn o_moves(rows: usize, cols: usize, (o, xs): (usize, u32)) -> Vec<(usize, u32)> {
    neighbours(rows, cols, o).filter(|&n| xs >> n & 1 == 1).map(|n| (n, xs & !(1 << n))).collect()
}

/// Grossman's k for a position with one o (at `o`) among the x stones `xs`: the fewest moves
/// the o can make, the x stones standing still, before either (a) no move is left, or (b) the
/// o can end the game in one move and also in two (his proof's first case: "o can also end
/// the game in two moves, so that k = 0").
fn grossman_k(rows: usize, cols: usize, start: (usize, u32)) -> usize {
    let ends_in_one = |p| o_moves(rows, cols, p).into_iter().any(|q| o_moves(rows, cols, q).is_empty());
    let done = |p: (usize, u32)| {
        let next = o_moves(rows, cols, p);
        next.is_empty() || (ends_in_one(p) && next.into_iter().any(ends_in_one))
    };
    let mut layer = vec![start];
    for k in 0.. {
        if layer.iter().any(|&p| done(p)) {
            return k;
        }
        layer = layer.into_iter().flat_map(|p| o_moves(rows, cols, p)).collect();
        layer.sort_unstable();
        layer.dedup();
    }
    unreachable!("every o move removes an x")
}

/// Whether the stones (the set bits of `stones`) are connected by steps between neighbours.
fn connected(rows: usize, cols: usize, stones: u32) -> bool {
    let first = stones.trailing_zeros() as usize;
    let (mut seen, mut stack) = (1u32 << first, vec![first]);
    while let Some(i) = stack.pop() {
        for n in neighbours(rows, cols, i) {
            if stones >> n & 1 == 1 && seen >> n & 1 == 0 {
                seen |= 1 << n;
                stack.push(n);
            }
        }
    }
    seen == stones
}

/// J. P. Grossman's lemma, in the solutions to his Clobber problems on David Wolfe's Clobber
/// research page (homepages.gac.edu/~wolfe/games/clobber/, file grossman.txt; x is Left): a
/// connected Clobber position of exactly one o and at least one x has atomic weight k - 1,
/// k the fewest moves the o can make before either no move is left or the o can make 1 or 2
/// more moves after which none is left. Checked on every such position of 1 x 2 to 1 x 8,
/// 2 x 2 to 2 x 4 and 3 x 3 cells (the o anywhere, every other cell x or empty).
#[test]
fn grossman_one_o_clobber_lemma_on_every_small_position() {
    let mut s = GameStore::new();
    let b = board("clobber");
    let mut memo = BoardValues::new(b.rules(), u64::MAX);
    let mut weights = std::collections::BTreeSet::new();
    let mut checked = 0;
    let shapes = (2..=8).map(|c| (1, c)).chain((2..=4).map(|c| (2, c))).chain([(3, 3)]);
    for (rows, cols) in shapes {
        let cells = rows * cols;
        for o in 0..cells {
            for xs in 1u32..1 << cells {
                if xs >> o & 1 == 1 || !connected(rows, cols, xs | 1 << o) {
                    continue;
                }
                let text: String = (0..cells)
                    .map(|i| {
                        let cell = if i == o {
                            'o'
                        } else if xs >> i & 1 == 1 {
                            'x'
                        } else {
                            '.'
                        };
                        if i > 0 && i % cols == 0 {
                            format!("/{cell}")
                        } else {
                            cell.to_string()
                        }
                    })
                    .collect();
                let g = memo.value(&mut s, &b.rules().parse(&[text.as_str()]).unwrap()).unwrap();
                let w = s.atomic_weight(g).unwrap();
                let k = grossman_k(rows, cols, (o, xs)) as i64;
                assert_eq!(s.text(w).unwrap(), (k - 1).to_string(), "{text}: {}", s.text(g).unwrap());
                weights.insert(k - 1);
                checked += 1;
            }
        }
    }
    // Both cases of the proof (k = 0, weight -1; k >= 1) and long runs of the o are met.
    assert!(weights.contains(&-1) && weights.contains(&0) && weights.len() > 5, "{weights:?}");
    assert!(checked > 1000, "{checked}");
}
