//! Tokens on directed graphs (graph:FILE): the generalized Sprague-Grundy function and the
//! retrograde analysis checked against a plain exhaustive solver on random small graphs with
//! cycles, partizan edges and goals, sums of 1 to 3 tokens, moves and counts included; the
//! official samples of HDU 1524 and Codeforces 787C; errors that name the line.

use std::collections::{BTreeSet, HashMap};

use grundy::play::{Level, Session};
use grundy::{analyze, AnalyzeOptions, Convention, Game, Outcome, Player};

/// A graph as plain lists, written by the tests' own generator.
#[derive(Clone, Debug)]
struct Plain {
    n: usize,
    /// (from, to, who): who 3 both players, 1 the first, 2 the second.
    edges: Vec<(usize, usize, u8)>,
    /// 0 none, 1 win, 2 lose.
    goals: Vec<u8>,
}

impl Plain {
    fn text(&self) -> String {
        let mut s = String::new();
        for v in 0..self.n {
            s += &format!("vertex v{v}\n");
        }
        for &(u, v, who) in &self.edges {
            let side = match who {
                1 => " left",
                2 => " right",
                _ => "",
            };
            s += &format!("v{u} v{v}{side}\n");
        }
        for (v, &g) in self.goals.iter().enumerate() {
            match g {
                1 => s += &format!("win v{v}\n"),
                2 => s += &format!("lose v{v}\n"),
                _ => {}
            }
        }
        s
    }

    /// The vertices player p may move a token on u to (each once).
    fn moves(&self, u: usize, p: usize) -> BTreeSet<usize> {
        let bit = if p == 0 { 1 } else { 2 };
        self.edges.iter().filter(|&&(a, _, who)| a == u && who & bit != 0).map(|&(_, b, _)| b).collect()
    }
}

/// A small seeded generator (no dependency): 64-bit linear congruential steps.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, k: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % k
    }
}

fn random_graph(rng: &mut Lcg, partizan: bool, goals: bool) -> Plain {
    let n = 1 + rng.below(6) as usize;
    let m = rng.below((n * n) as u64 + 1) as usize;
    let mut edges = vec![];
    for _ in 0..m {
        let u = rng.below(n as u64) as usize;
        let v = rng.below(n as u64) as usize;
        let who = if partizan { [3, 1, 2][rng.below(3) as usize] } else { 3 };
        edges.push((u, v, who));
    }
    let goals = (0..n).map(|_| if goals && rng.below(4) == 0 { 1 + rng.below(2) as u8 } else { 0 }).collect();
    Plain { n, edges, goals }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Res {
    Won,
    Lost,
    Drawn,
}

/// The plain exhaustive solver: every tuple of token vertices with the player to move, settled
/// by sweeping until nothing changes (won when some move leaves the opponent lost, lost when
/// every move leaves the opponent won), the rest drawn. Written from the definition, for the
/// tests only.
fn plain_solve(g: &Plain, k: usize, misere: bool) -> HashMap<(Vec<usize>, usize), Res> {
    let mut tuples: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..k {
        tuples = tuples.into_iter().flat_map(|t| (0..g.n).map(move |v| [t.clone(), vec![v]].concat())).collect();
    }
    let successors = |t: &Vec<usize>, p: usize| -> Vec<Vec<usize>> {
        let mut out = vec![];
        for i in 0..t.len() {
            for w in g.moves(t[i], p) {
                let mut next = t.clone();
                next[i] = w;
                out.push(next);
            }
        }
        out
    };
    let goal = |t: &Vec<usize>| t.iter().map(|&v| g.goals[v]).find(|&x| x != 0);
    let mut res: HashMap<(Vec<usize>, usize), Res> = HashMap::new();
    for t in &tuples {
        for p in 0..2 {
            let r = match goal(t) {
                Some(1) => Res::Lost,
                Some(_) => Res::Won,
                None if successors(t, p).is_empty() => {
                    if misere {
                        Res::Won
                    } else {
                        Res::Lost
                    }
                }
                None => Res::Drawn,
            };
            res.insert((t.clone(), p), r);
        }
    }
    loop {
        let mut changed = false;
        for t in &tuples {
            for p in 0..2 {
                if res[&(t.clone(), p)] != Res::Drawn || goal(t).is_some() {
                    continue;
                }
                let next: Vec<Res> = successors(t, p).iter().map(|s| res[&(s.clone(), 1 - p)]).collect();
                let r = if next.contains(&Res::Lost) {
                    Res::Won
                } else if next.iter().all(|&r| r == Res::Won) {
                    Res::Lost
                } else {
                    continue;
                };
                res.insert((t.clone(), p), r);
                changed = true;
            }
        }
        if !changed {
            return res;
        }
    }
}

fn player(p: usize) -> Player {
    if p == 0 {
        Player::First
    } else {
        Player::Second
    }
}

/// Checks every position of 1..=3 tokens of `g` against the plain solver: outcome, winner, the
/// exact set of winning moves (and drawing moves in a draw) with their count.
fn check_graph(g: &Plain, misere: bool) {
    let text = g.text();
    let game = Game::graph("graph", &text).unwrap();
    for k in 1..=3usize {
        if g.n.pow(k as u32) > 125 {
            continue;
        }
        let truth = plain_solve(g, k, misere);
        for ((t, p), &r) in &truth {
            let names: Vec<String> = t.iter().map(|v| format!("v{v}")).collect();
            let pos = game.parse_position(&names).unwrap();
            let convention = if misere { Convention::Misere } else { Convention::Normal };
            let opts = AnalyzeOptions { convention, to_move: player(*p), ..AnalyzeOptions::default() };
            let ctx = format!("graph\n{text}tokens {names:?}, player {p}, misère {misere}");
            let kinds: BTreeSet<u8> = t.iter().map(|&v| g.goals[v]).filter(|&x| x != 0).collect();
            if kinds.len() == 2 {
                // No game can end with tokens on a won and a lost goal at once: refused.
                let e = analyze(&game, &pos, &opts).unwrap_err().to_string();
                assert!(e.contains("both on goals, one won and one lost"), "{ctx}: {e}");
                continue;
            }
            let a = analyze(&game, &pos, &opts).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            let expected = match r {
                Res::Won => Outcome::N,
                Res::Lost => Outcome::P,
                Res::Drawn => Outcome::D,
            };
            assert_eq!(a.outcome, expected, "{ctx}");
            assert_eq!(a.winner, expected.winner(player(*p)), "{ctx}");
            let over = t.iter().any(|&v| g.goals[v] != 0);
            let mut winning = BTreeSet::new();
            let mut drawing = BTreeSet::new();
            if !over {
                for i in 0..k {
                    for w in g.moves(t[i], *p) {
                        let mut next = t.clone();
                        next[i] = w;
                        match truth[&(next, 1 - p)] {
                            Res::Lost => winning.insert((i + 1, w as u64)),
                            Res::Drawn => drawing.insert((i + 1, w as u64)),
                            Res::Won => false,
                        };
                    }
                }
            }
            let got: BTreeSet<(usize, u64)> = a.winning_moves.iter().map(|m| (m.mv.heap + 1, m.mv.to[0])).collect();
            assert_eq!(got, winning, "winning moves of {ctx}");
            assert_eq!(a.winning_move_count, Some(winning.len() as u128), "{ctx}");
            if expected == Outcome::D {
                let got: BTreeSet<(usize, u64)> = a.drawing_moves.iter().map(|m| (m.mv.heap + 1, m.mv.to[0])).collect();
                assert_eq!(got, drawing, "drawing moves of {ctx}");
                assert_eq!(a.drawing_move_count, Some(drawing.len() as u128), "{ctx}");
            }
        }
    }
}

#[test]
fn generalized_sprague_grundy_agrees_with_exhaustive_search_on_random_loopy_graphs() {
    let mut rng = Lcg(1524);
    for _ in 0..300 {
        let g = random_graph(&mut rng, false, false);
        check_graph(&g, false);
    }
}

#[test]
fn retrograde_analysis_agrees_with_exhaustive_search_with_partizan_edges_goals_and_misere_play() {
    let mut rng = Lcg(787);
    for round in 0..240 {
        let g = random_graph(&mut rng, round % 2 == 0, round % 3 != 0);
        check_graph(&g, round % 5 == 0);
    }
}

/// Reads HDU 1524's own input format (each test case: N, then N lines "Xi successors...",
/// then queries "M positions..." ended by 0) into `u v` lines and queries, as the README's
/// script does.
fn hdu_1524_cases(input: &str) -> Vec<(String, Vec<Vec<String>>)> {
    let mut words = input.split_whitespace().map(|w| w.parse::<usize>().unwrap());
    let mut cases = vec![];
    while let Some(n) = words.next() {
        let mut text = String::new();
        for u in 0..n {
            text += &format!("vertex {u}\n");
            let x = words.next().unwrap();
            for _ in 0..x {
                text += &format!("{u} {}\n", words.next().unwrap());
            }
        }
        let mut queries = vec![];
        loop {
            let m = words.next().unwrap();
            if m == 0 {
                break;
            }
            queries.push((0..m).map(|_| words.next().unwrap().to_string()).collect());
        }
        cases.push((text, queries));
    }
    cases
}

/// The official sample of HDU 1524 "A Chess Game": "WIN" when the first player wins.
#[test]
fn hdu_1524_sample() {
    let input = "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";
    let mut answers = vec![];
    for (text, queries) in hdu_1524_cases(input) {
        let game = Game::graph("graph", &text).unwrap();
        for tokens in queries {
            let a = analyze(&game, &game.parse_position(&tokens).unwrap(), &AnalyzeOptions::default()).unwrap();
            answers.push(if a.outcome == Outcome::N { "WIN" } else { "LOSE" });
        }
    }
    assert_eq!(answers, ["WIN", "WIN", "WIN", "LOSE", "WIN"]);
}

/// Codeforces 787C "Berzerk": n objects in a circle, object 1 the black hole; Rick moves a
/// monster x steps clockwise with x from his set, Morty from his; whoever sends it into the
/// black hole wins. For every start 2..n and each player first: Win, Lose or Loop.
fn berzerk(n: usize, rick: &[usize], morty: &[usize]) -> [Vec<&'static str>; 2] {
    let mut text = String::new();
    for v in 1..=n {
        for (set, side) in [(rick, "left"), (morty, "right")] {
            for &x in set {
                let w = (v - 1 + x) % n + 1;
                text += &format!("{v} {w} {side}\n");
            }
        }
    }
    text += "win 1\n";
    let game = Game::graph("graph", &text).unwrap();
    let mut out = [vec![], vec![]];
    for (p, row) in out.iter_mut().enumerate() {
        for start in 2..=n {
            let pos = game.parse_position(&[start.to_string()]).unwrap();
            let opts = AnalyzeOptions { to_move: player(p), ..AnalyzeOptions::default() };
            let a = analyze(&game, &pos, &opts).unwrap();
            row.push(match a.outcome {
                Outcome::N => "Win",
                Outcome::P => "Lose",
                _ => "Loop",
            });
        }
    }
    out
}

#[test]
fn codeforces_787c_samples() {
    let [rick, morty] = berzerk(5, &[3, 2], &[1, 2, 3]);
    assert_eq!(rick, ["Lose", "Win", "Win", "Loop"]);
    assert_eq!(morty, ["Loop", "Win", "Win", "Win"]);
    let [rick, morty] = berzerk(8, &[6, 2, 3, 4], &[3, 6]);
    assert_eq!(rick, ["Win", "Win", "Win", "Win", "Win", "Win", "Win"]);
    assert_eq!(morty, ["Lose", "Win", "Lose", "Lose", "Win", "Lose", "Lose"]);
}

#[test]
fn errors_name_the_line_or_the_token() {
    let e = Game::graph("graph", "a b\nb c d\n").unwrap_err().to_string();
    assert_eq!(e, "graph line 2: 'b c d' is not 'u v', 'u v left', 'u v right', 'win V', 'lose V' or 'vertex V'");
    let e = Game::graph("graph", "a b\nwin b\nlose b\n").unwrap_err().to_string();
    assert!(e.starts_with("graph line 3: vertex 'b' is already a goal of the other kind"), "{e}");
    let e = Game::graph("graph", "a win\n").unwrap_err().to_string();
    assert!(e.starts_with("graph line 1: 'win' is a keyword"), "{e}");
    let e = Game::graph("graph", "# nothing\n\n").unwrap_err().to_string();
    assert!(e.starts_with("the graph has no vertices"), "{e}");
    let game = Game::graph("graph", "a b\n").unwrap();
    let e = game.parse_position(&["a", "z"]).unwrap_err().to_string();
    assert!(e.starts_with("token 2: 'z' is not a vertex of the graph"), "{e}");
    assert!(!e.contains('\n'));
}

/// Plays `game` from `tokens` with the computer on both sides for `moves` moves at most, the
/// opponent's choices random at level easy; returns the session.
fn play_out(game: &Game, tokens: &[&str], computer_first: bool, seed: u64) -> Session {
    let pos = game.parse_position(tokens).unwrap();
    let computer = if computer_first { Player::First } else { Player::Second };
    Session::new(game.clone(), pos, AnalyzeOptions::default(), computer, Level::Perfect, seed)
}

#[test]
fn the_computer_wins_won_games_and_keeps_drawn_games_drawn_against_random_play() {
    let mut rng = Lcg(2147);
    for round in 0..150 {
        let g = random_graph(&mut rng, round % 3 == 0, round % 4 == 0);
        let game = Game::graph("graph", &g.text()).unwrap();
        let k = 1 + (round % 3);
        if g.n.pow(k as u32) > 125 {
            continue;
        }
        let truth = plain_solve(&g, k, false);
        for (t, p) in truth.keys().filter(|(_, p)| *p == 0).take(12) {
            let names: Vec<String> = t.iter().map(|v| format!("v{v}")).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let start = truth[&(t.clone(), *p)];
            let mut s = play_out(&game, &names, true, round as u64);
            let mut opponent = Lcg(round as u64 * 7 + 1);
            let mut plies = 0;
            while s.winner().is_none() && s.drawn().is_none() && plies < 400 {
                if s.computer_to_move() {
                    s.computer_move().unwrap();
                } else {
                    let moves = grundy::play::legal_moves(s.position(), s.to_move());
                    let mv = &moves[opponent.below(moves.len() as u64) as usize];
                    s.play(mv).unwrap();
                }
                plies += 1;
            }
            let ctx = format!("{}\n{names:?} start {start:?}", g.text());
            match start {
                // A won game ends, won, well within the bound (the computer makes progress).
                Res::Won => assert_eq!(s.winner(), Some(Player::First), "{ctx}"),
                // A drawn game is never lost by the computer.
                Res::Drawn => assert_ne!(s.winner(), Some(Player::Second), "{ctx}"),
                Res::Lost => {}
            }
        }
    }
}

#[test]
fn a_position_repeated_three_times_is_a_draw() {
    let game = Game::graph("graph", "a b\nb a\n").unwrap();
    let mut s = play_out(&game, &["a"], false, 1);
    assert_eq!(s.drawn(), None);
    for _ in 0..4 {
        assert!(s.drawn().is_none());
        if s.computer_to_move() {
            s.computer_move().unwrap();
        } else {
            s.play_text("1 b").or_else(|_| s.play_text("1 a")).unwrap();
        }
    }
    let why = s.drawn().expect("drawn after the third repetition");
    assert!(why.contains("three times"), "{why}");
    assert!(s.play_text("1 b").is_err());
}

/// Larger random impartial graphs with cycles and sums of up to four tokens (past what the
/// plain solver checks): from every won start the computer wins within a bound of moves
/// against an opponent that goes round cycles whenever it can (moving to infinite or larger
/// values, else at random), so the counters make its winning play end; from every drawn start
/// the computer, playing either side, never loses.
#[test]
fn the_winner_makes_progress_against_an_opponent_that_runs_in_circles() {
    use grundy::play::{choose_move, legal_moves, winner_of, Rng};
    let mut rng = Lcg(1404);
    for round in 0..40u64 {
        let n = 8 + rng.below(40) as usize;
        let edges = (0..n * 2).map(|_| (rng.below(n as u64) as usize, rng.below(n as u64) as usize, 3)).collect();
        let g = Plain { n, edges, goals: vec![0; n] };
        let game = Game::graph("graph", &g.text()).unwrap();
        let graph = game.as_graph().unwrap();
        for start in 0..6u64 {
            let k = 1 + (start as usize % 4);
            let names: Vec<String> = (0..k).map(|_| format!("v{}", rng.below(n as u64))).collect();
            let mut pos = game.parse_position(&names).unwrap();
            let first = analyze(&game, &pos, &AnalyzeOptions::default()).unwrap();
            // The computer plays the side that is not lost: the winner, or the first player in
            // a draw.
            let computer = first.winner.unwrap_or(Player::First);
            let mut to_move = Player::First;
            let mut pick = Rng::new(round * 10 + start);
            let mut plies = 0;
            while winner_of(&pos, Convention::Normal, to_move).is_none() && plies < 3000 {
                let opts = AnalyzeOptions { to_move, ..AnalyzeOptions::default() };
                let mv = if to_move == computer {
                    choose_move(&game, &pos, &opts, Level::Perfect, &mut pick).unwrap().unwrap().mv
                } else {
                    // Round the cycles: a move to an infinite vertex or a larger value first.
                    let moves = legal_moves(&pos, to_move);
                    let values = grundy::rules::board::graphs::graph::solve::vertex_values(graph).unwrap();
                    let up = moves.iter().find(|m| {
                        let here = &values[pos.heaps()[m.heap] as usize];
                        let there = &values[m.to[0] as usize];
                        match (here.finite(), there.finite()) {
                            (_, None) => true,
                            (Some(a), Some(b)) => b > a,
                            _ => false,
                        }
                    });
                    up.cloned().unwrap_or_else(|| moves[pick.below(moves.len() as u64) as usize].clone())
                };
                pos = grundy::play::apply(&pos, &mv);
                to_move = to_move.other();
                plies += 1;
            }
            let end = winner_of(&pos, Convention::Normal, to_move);
            let ctx = format!("{}\n{names:?}: {:?} after {plies} moves", g.text(), first.outcome);
            match first.outcome {
                Outcome::N | Outcome::P => assert_eq!(end, first.winner, "{ctx}"),
                _ => assert_ne!(end, Some(computer.other()), "{ctx}"),
            }
        }
    }
}

/// Random texts of graph-like lines (the fuzz target's property, on a fixed stream): every
/// text is read or refused with one line naming the line, a graph read writes back as text
/// that reads to an equal graph, and a token on its first vertex is analysed without a panic.
#[test]
fn random_texts_are_read_or_refused_with_the_line() {
    let words = ["a", "b", "c", "0", "1", "win", "lose", "vertex", "left", "right", "#", "x#y", "\t", "é", "a,b"];
    let mut rng = Lcg(2026);
    for _ in 0..3000 {
        let mut text = String::new();
        for _ in 0..rng.below(6) {
            for _ in 0..rng.below(5) {
                text += words[rng.below(words.len() as u64) as usize];
                text += if rng.below(4) == 0 { "  " } else { " " };
            }
            text += if rng.below(5) == 0 { "\r\n" } else { "\n" };
        }
        match Game::graph("graph", &text) {
            Err(e) => {
                let e = e.to_string();
                assert!(!e.contains('\n'), "{text:?}: {e}");
                assert!(e.starts_with("graph line ") || e.starts_with("the graph has no vertices"), "{text:?}: {e}");
            }
            Ok(game) => {
                let g = game.as_graph().unwrap();
                let again = Game::graph("graph", &g.to_text()).unwrap();
                assert_eq!(again, game, "{text:?}");
                let pos = game.parse_position(&[g.name(0)]).unwrap();
                for misere in [false, true] {
                    let convention = if misere { Convention::Misere } else { Convention::Normal };
                    analyze(&game, &pos, &AnalyzeOptions { convention, ..AnalyzeOptions::default() }).unwrap();
                }
            }
        }
    }
}

/// `each_vertex` (every start at once, Codeforces 1033C's question) against the plain solver
/// on one token: loopy impartial graphs (with their generalized Sprague-Grundy values, whose
/// zeros are exactly the lost vertices), and partizan edges, goals and misère play.
#[test]
fn each_vertex_agrees_with_exhaustive_search_on_one_token() {
    use grundy::rules::board::graphs::graph::{each_vertex, GsgValue, Verdict};
    let mut rng = Lcg(1033);
    for round in 0..300 {
        let impartial = round % 2 == 0;
        let g = random_graph(&mut rng, !impartial && round % 3 != 0, !impartial && round % 5 != 0);
        let misere = !impartial && round % 7 == 0;
        let game = Game::graph("graph", &g.text()).unwrap();
        let graph = game.as_graph().unwrap();
        let truth = plain_solve(&g, 1, misere);
        for mover in 0..2 {
            let answers = each_vertex(graph, mover, misere, 1_000_000).unwrap();
            assert_eq!(answers.len(), g.n);
            for a in answers {
                let v: usize = graph.name(a.vertex)[1..].parse().unwrap();
                let ctx = format!("graph\n{}vertex v{v}, player {mover}, misère {misere}", g.text());
                let expected = match truth[&(vec![v], mover)] {
                    Res::Won => Verdict::Win,
                    Res::Lost => Verdict::Lose,
                    Res::Drawn => Verdict::Draw,
                };
                assert_eq!(a.verdict, expected, "{ctx}");
                if impartial {
                    assert_eq!(a.value == Some(GsgValue::Finite(0)), expected == Verdict::Lose, "{ctx}");
                }
            }
        }
    }
}
