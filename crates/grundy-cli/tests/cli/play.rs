//! `grundy play` end to end: the real binary driven through its stdin, turn by turn.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

const PROMPT: &str = "your move> ";

/// A running `grundy play`, read until each prompt.
struct Game {
    child: Child,
    stdin: Option<ChildStdin>,
    chunks: Receiver<Vec<u8>>,
    /// Everything printed so far.
    all: String,
    /// Where the part not yet returned by `next` starts.
    seen: usize,
}

impl Game {
    fn start(args: &[&str]) -> Game {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut stdout = child.stdout.take().expect("stdout is piped");
        let (tx, chunks) = channel();
        // A reader thread, so that a hang shows up as a timeout in `next`, not a stuck test.
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Game { child, stdin, chunks, all: String::new(), seen: 0 }
    }

    /// The output up to the next prompt, or to the end; `(text, prompted)`.
    fn next(&mut self) -> (String, bool) {
        loop {
            if self.all[self.seen..].ends_with(PROMPT) {
                let text = self.all[self.seen..].to_string();
                self.seen = self.all.len();
                return (text, true);
            }
            match self.chunks.recv_timeout(Duration::from_secs(20)) {
                Ok(chunk) => self.all.push_str(&String::from_utf8_lossy(&chunk)),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    let text = self.all[self.seen..].to_string();
                    self.seen = self.all.len();
                    return (text, false);
                }
                Err(e) => panic!("no prompt and no end within 20 s ({e}); output so far:\n{}", self.all),
            }
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").expect("the game reads its input");
    }

    /// Closes stdin and waits: (exit code, stderr).
    fn finish(mut self) -> (Option<i32>, String) {
        drop(self.stdin.take());
        while self.next().1 {}
        let status = self.child.wait().expect("the game ends");
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        (status.code(), err)
    }
}

/// The heap sizes in the last board drawn in `text` ("  heap 3   12  oooo...").
fn last_board(text: &str) -> Vec<u64> {
    let mut boards: Vec<Vec<u64>> = vec![];
    let mut current: Vec<u64> = vec![];
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        // A row is named as its game names its heaps: "heap 1", "row 1" (Kayles).
        if let ["heap" | "row", _, size, ..] = words[..] {
            current.push(size.parse().expect("a heap size"));
        } else if !current.is_empty() {
            boards.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        boards.push(current);
    }
    boards.pop().unwrap_or_default()
}

/// The first winning move listed by `hint`, in the form `take T from heap H`.
fn first_hint(hint: &str) -> Option<String> {
    hint.lines().map(str::trim).find(|l| l.starts_with("take ")).map(|l| l.split(" (").next().unwrap_or(l).to_string())
}

/// Plays a whole game with `grundy play ARGS`: at each prompt `choose` gives the human's line.
/// Returns the output after the last prompt and the number of human turns.
fn play_out(args: &str, mut choose: impl FnMut(&mut Game) -> String) -> (String, usize) {
    let args: Vec<&str> = args.split_whitespace().collect();
    let mut g = Game::start(&args);
    for turns in 0..100 {
        let (text, prompted) = g.next();
        if !prompted {
            let (code, err) = g.finish();
            assert_eq!(code, Some(0), "{args:?}: {err}");
            return (text, turns);
        }
        let line = choose(&mut g);
        g.send(&line);
    }
    panic!("{args:?}: the game should end within 100 turns:\n{}", g.all);
}

#[test]
fn the_human_plays_the_hints_and_wins() {
    for args in ["nim 7 9 12 15 --seed 7", "subtraction:1,3,4 9 6 --seed 7", "nim 2 3 3 --misere --seed 7"] {
        let (end, turns) = play_out(args, |g| {
            g.send("hint");
            let (hint, _) = g.next();
            first_hint(&hint).unwrap_or_else(|| panic!("{args}: a winning move in the hint:\n{}", g.all))
        });
        assert!(end.contains("You win!"), "{args}: the human should win:\n{end}");
        assert!(turns >= 2, "{args}: {turns} turns");
    }
}

#[test]
fn the_computer_wins_from_a_p_position_however_the_human_plays() {
    for args in ["nim 1 2 3 --seed 3", "bounded:3 4 8 --seed 3", "kl:2,3 1 5 --computer-first --seed 3"] {
        let (end, _) = play_out(args, |g| {
            // The human takes one object from the first non-empty heap: always legal here
            // (kl:2,3's second player may take 1).
            let heaps = last_board(&g.all);
            let i = heaps.iter().position(|&h| h > 0).expect("a non-empty heap while the game goes on");
            format!("{} 1", i + 1)
        });
        assert!(end.contains("The computer wins."), "{args}:\n{end}");
    }
}

#[test]
fn illegal_moves_are_refused_with_the_reason_and_the_prompt_returns() {
    let mut g = Game::start(&["bounded:3", "7", "2", "--seed", "1"]);
    let (intro, prompted) = g.next();
    assert!(prompted && intro.contains("heap 1") && intro.contains("ooooooo"), "{intro}");
    for (line, reason) in [
        ("9 1", "illegal move: there is no heap 9 (the heaps are numbered 1 to 2)"),
        ("1 4", "illegal move: heap 1: at most 3 may be taken from a heap in bounded:3"),
        ("2 3", "illegal move: heap 2: it has only 2 objects"),
        ("1 -1", "illegal move: the number taken '-1' is negative"),
        ("banana", "illegal move: 'banana' is not a move"),
    ] {
        g.send(line);
        let (text, prompted) = g.next();
        assert!(prompted, "the prompt comes back after '{line}'");
        assert!(text.starts_with(reason), "'{line}': {text}");
        assert_eq!(text.trim_end_matches(PROMPT).lines().count(), 1, "one line for '{line}': {text}");
    }
    g.send("undo");
    let (text, _) = g.next();
    assert!(text.contains("nothing to undo"), "{text}");
    g.send("1 2");
    let (text, _) = g.next();
    assert!(text.contains("you: take 2 from heap 1 (7 -> 5)") && text.contains("computer: "), "{text}");
    g.send("undo");
    let (text, _) = g.next();
    assert!(text.contains("took back 2 moves"), "{text}");
    assert_eq!(last_board(&text), vec![7, 2]);
    g.send("help");
    let (text, _) = g.next();
    assert!(text.contains("hint") && text.contains("undo") && text.contains("quit"), "{text}");
    let (code, _) = g.finish();
    assert_eq!(code, Some(0));
}

#[test]
fn end_of_input_ends_the_game_cleanly() {
    let mut g = Game::start(&["divisor", "360", "--seed", "1"]);
    let (text, prompted) = g.next();
    assert!(prompted && text.contains("n = 360 = 2^3 * 3^2 * 5"), "{text}");
    drop(g.stdin.take());
    let (rest, prompted) = g.next();
    assert!(!prompted && rest.contains("end of input"), "{rest}");
    let (code, err) = g.finish();
    assert_eq!((code, err.as_str()), (Some(0), ""));
}

#[test]
fn quit_ends_the_game_and_bad_arguments_exit_2() {
    let mut g = Game::start(&["nim", "3", "4"]);
    g.next();
    g.send("quit");
    let (text, prompted) = g.next();
    assert!(!prompted && text.contains("Goodbye"), "{text}");
    assert_eq!(g.finish().0, Some(0));

    for (args, message) in [
        (vec!["nim", "3", "--level", "best"], "unknown level 'best'"),
        (vec!["nim", "-3"], "heap 1 '-3' is negative"),
        (vec!["nom", "3"], "unknown game 'nom'"),
        (vec!["nim", "3", "--seed", "x"], "--seed 'x' is not a number"),
    ] {
        let g = Game::start(&args);
        let (code, err) = g.finish();
        assert_eq!(code, Some(2), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    // A missing position is clap's error: it names the argument and shows the usage.
    let (code, err) = Game::start(&["nim"]).finish();
    assert_eq!(code, Some(2));
    assert!(err.contains("<POSITION>...") && err.contains("Usage: grundy play"), "{err}");
}

#[test]
fn the_divisor_game_takes_divisors() {
    let mut g = Game::start(&["divisor", "12", "--misere", "--seed", "4"]);
    g.next();
    g.send("6");
    let (text, _) = g.next();
    assert!(text.starts_with("illegal move: 6 is not a power of a prime"), "{text}");
    g.send("4");
    let (text, _) = g.next();
    assert!(text.contains("you: divide by 2^2 = 4 (12 -> 3)"), "{text}");
    // 3 is prime: the computer must divide by 3 and, under misère, lose by making the last move.
    assert!(text.contains("computer: divide by 3^1 = 3 (3 -> 1)") && text.contains("You win!"), "{text}");
}

/// Starts the web app in this process on a free loopback port and returns its address.
fn web_server() -> String {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let _ = grundy_web::serve("127.0.0.1:0".parse().expect("an address"), move |addr| {
            let _ = tx.send(addr);
        });
    });
    rx.recv_timeout(Duration::from_secs(20)).expect("the server starts").to_string()
}

/// `POST /api/move` over a real connection: the reply's JSON.
fn web_move(addr: &str, body: &serde_json::Value) -> serde_json::Value {
    let body = body.to_string();
    let request = format!(
        "POST /api/move HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = std::net::TcpStream::connect(addr).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
    stream.write_all(request.as_bytes()).expect("sent");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("an answer");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    serde_json::from_str(response.split("\r\n\r\n").nth(1).expect("a body")).expect("JSON")
}

/// The terminal game, the web app and the library's play session make the same first move of
/// the computer from the same game, position, level and seed: both front ends play through
/// the one `grundy::frontend::Session`.
#[test]
fn the_cli_and_the_web_reply_as_the_library_session_does() {
    use grundy::frontend::{Level, Reason, Session};
    use grundy::{AnalyzeOptions, Convention, Player};
    let addr = web_server();
    let mut reasons = vec![];
    let cases: &[(&str, &[&str], bool, &str, u64)] = &[
        ("nim", &["7", "9", "12", "15"], false, "perfect", 1),
        ("nim", &["7", "9", "12", "15"], false, "easy", 5),
        ("nim", &["7", "9", "12", "15"], false, "good", 13),
        ("nim", &["1", "2", "3"], false, "perfect", 3),
        ("nim", &["2", "3", "3"], true, "easy", 8),
        ("kayles", &["10", "7"], false, "good", 2),
        ("hex:0.8", &["9", "5"], true, "perfect", 4),
        ("kl:2,3", &["1", "5"], false, "easy", 6),
        ("divisor", &["720720"], false, "easy", 42),
        ("divisor", &["720"], true, "perfect", 0),
        ("subtraction:1,3,4", &["9", "6"], false, "easy", 21),
    ];
    for &(game, tokens, misere, level, seed) in cases {
        let ctx = format!("{game} {tokens:?} misère {misere} {level} {seed}");
        let g: grundy::Game = game.parse().expect("a game");
        let position = g.parse_position(tokens).expect("a position");
        let convention = if misere { Convention::Misere } else { Convention::Normal };
        let options = AnalyzeOptions { convention, ..AnalyzeOptions::default() };
        let level_: Level = level.parse().expect("a level");
        let mut session = Session::new(g, position, options, Player::First, level_, seed);
        let choice = session.computer_move().expect("a reply").expect("the game is not over");
        reasons.push(choice.reason);

        let seed_text = seed.to_string();
        let mut args = vec![game];
        args.extend_from_slice(tokens);
        args.extend(["--computer-first", "--level", level, "--seed", &seed_text]);
        if misere {
            args.push("--misere");
        }
        let mut cli = Game::start(&args);
        let (text, _) = cli.next();
        let line = text.lines().find(|l| l.starts_with("computer: ")).unwrap_or_else(|| panic!("{ctx}:\n{text}"));
        assert_eq!(line, format!("computer: {}   ({})", choice.text, choice.note), "{ctx}");
        cli.finish();

        let body =
            serde_json::json!({"game": game, "position": tokens, "misere": misere, "level": level, "seed": seed});
        let reply = web_move(&addr, &body);
        assert_eq!(reply["computer"], serde_json::to_value(&choice).expect("JSON"), "{ctx}");
        assert_eq!(reply["position"], serde_json::json!(session.position().heaps()), "{ctx}");
    }
    // The seeded random moves of the lower levels are compared too, not only perfect play.
    for reason in [Reason::Winning, Reason::Longest, Reason::Mistake] {
        assert!(reasons.contains(&reason), "{reason:?} among {reasons:?}");
    }
}

#[test]
fn a_hint_in_a_huge_heap_shows_winning_moves_with_their_exact_count() {
    let mut g = Game::start(&["kayles", "1000000000000000000", "--seed", "1"]);
    g.next();
    g.send("hint");
    let (hint, _) = g.next();
    assert!(hint.contains("You are winning") && hint.contains("83333333333333338 winning moves"), "{hint}");
    assert!(hint.contains("knock down 2 pins from row 1, leaving rows of 1 and 999999999999999997"), "{hint}");
    assert!(!hint.contains("--budget"), "{hint}");
    g.send("quit");
    g.next();
    assert_eq!(g.finish().0, Some(0));
}

/// The value of a Kayles position, from `grundy analyze --json`.
fn kayles_value(heaps: &[u64]) -> u64 {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["analyze", "kayles"])
        .args(heaps.iter().map(u64::to_string))
        .arg("--json")
        .output()
        .expect("the binary runs");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    v["sg"].as_u64().expect("a value")
}

#[test]
fn perfect_play_wins_a_kayles_heap_of_ten_to_the_eighteen_move_after_move() {
    let mut g = Game::start(&["kayles", "1000000000000000000", "--computer-first", "--seed", "7"]);
    let (mut turn, _) = g.next();
    // Our replies take from the largest heap, so that they are always legal.
    for take in [1, 2, 1, 2] {
        assert!(turn.contains("(a winning move)"), "{turn}");
        let heaps = last_board(&turn);
        assert_eq!(kayles_value(&heaps), 0, "the computer left {heaps:?}\n{turn}");
        let largest = (0..heaps.len()).max_by_key(|&i| heaps[i]).expect("a heap");
        g.send(&format!("{} {take}", largest + 1));
        let (next, prompted) = g.next();
        assert!(prompted && !next.contains("illegal move"), "{next}");
        turn = next;
    }
    g.send("quit");
    g.next();
    assert_eq!(g.finish().0, Some(0));
}

#[test]
fn level_perfect_refuses_before_the_game_a_value_out_of_reach() {
    let (code, err) = Game::start(&["grundys-game", "100000000"]).finish();
    assert_eq!(code, Some(2));
    assert!(err.contains("level perfect cannot promise perfect play here"), "{err}");
    assert!(err.contains("`grundy sg grundys-game --upto 100000000 --store DIR --summary`"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// Euclid's game and chips in the terminal: rows named for what they are, moves typed as for
/// heaps, and the computer's winning replies (HDU 1525's "34 12" is the first player's).
#[test]
fn euclid_and_chips_play_in_the_terminal() {
    let mut g = Game::start(&["euclid", "34", "12", "--seed", "1"]);
    let (intro, _) = g.next();
    assert!(intro.contains("number 1") && intro.contains("'NUMBER TAKE' subtracts TAKE"), "{intro}");
    // A losing move for us (22, 12): the computer answers with its one winning move, to (10, 12).
    g.send("1 12");
    let (turn, _) = g.next();
    assert!(
        turn.contains("computer: subtract 1 x 12 = 12 from number 1 (22 12 -> 10 12)   (a winning move)"),
        "{turn}"
    );
    g.send("2 -> 5");
    let (turn, _) = g.next();
    assert!(turn.contains("illegal move: 12 cannot become 5: subtract a positive multiple of 10"), "{turn}");
    g.send("quit");
    g.next();
    assert_eq!(g.finish().0, Some(0));

    let mut g = Game::start(&["chips", "1", "5", "6", "--computer-first", "--seed", "1"]);
    let (turn, _) = g.next();
    // Pairs (5, 6) with gap 0 and (wall, 1) with gap 0: the computer, first, is lost and holds out.
    assert!(turn.contains("chip 3") && turn.contains("computer: slide the chip on cell"), "{turn}");
    g.send("quit");
    g.next();
    assert_eq!(g.finish().0, Some(0));
}

/// What `grundy play` prints before its first prompt and in answer to `help`, for `args`.
fn intro_and_help(args: &[&str]) -> (String, String) {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(&all)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("piped").write_all(b"help\nquit\n").expect("written");
    let out = child.wait_with_output().expect("it ends");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let (intro, rest) = text.split_once(PROMPT).expect("a prompt");
    let help = rest.split(PROMPT).next().expect("the help").to_string();
    (intro.to_string(), help)
}

/// The moves quoted after "For example" (intro) or "e.g." (help).
fn quoted_examples(text: &str) -> Vec<String> {
    let mut out = vec![];
    for part in text.split("For example ").skip(1).chain(text.split("e.g. '").skip(1)) {
        let part = part.trim_start_matches('\'');
        for chunk in part.split("; or '") {
            if let Some((m, _)) = chunk.trim_start_matches('\'').split_once('\'') {
                out.push(m.to_string());
            }
        }
    }
    out
}

#[test]
fn the_hints_are_legal_moves_of_the_position_in_the_games_own_words() {
    // Once the hint was Nim's '3 11' in every game, illegal in nim 3 4 5 and in kayles 10.
    for (args, syntax) in [
        (&["nim", "3", "4", "5"][..], "'HEAP TAKE'"),
        (&["kayles", "10"], "'ROW -> A B'"),
        (&["hackenbush", "0-1,1-2"], "'cut U-V'"),
        (&["fibonacci-nim", "20/3"], "'take TAKE'"),
        (&["turtles", "3", "5", "9"], "'turn X Y'"),
        (&["divisor", "360"], "'D'"),
    ] {
        let (intro, help) = intro_and_help(args);
        assert!(!intro.contains("3 11") && !help.contains("3 11"), "{args:?}: {intro}{help}");
        assert!(intro.contains(syntax) && help.contains(syntax), "{args:?}: no {syntax}:\n{intro}\n{help}");
        let examples = quoted_examples(&intro);
        assert!(!examples.is_empty(), "{args:?}: no example in {intro}");
        assert_eq!(examples, quoted_examples(&help), "{args:?}");
        // Each example is a legal move: played, the game goes on to the computer's reply.
        for m in &examples {
            let mut game = Game::start(args);
            game.next();
            game.send(m);
            let (after, _) = game.next();
            assert!(after.starts_with("you: ") && !after.contains("illegal move"), "{args:?}: '{m}': {after}");
            game.finish();
        }
        // Only this game's syntax: none of the other games' forms.
        for other in
            ["'HEAP TAKE'", "'ROW -> A B'", "'cut U-V'", "'take TAKE'", "'turn X Y'", "'D'", "graph", "joined by ';'"]
        {
            if other != syntax {
                assert!(!help.contains(other), "{args:?}: help names {other}: {help}");
            }
        }
    }
    // Kayles says how to type a split, with a legal one.
    let (intro, _) = intro_and_help(&["kayles", "10"]);
    assert!(
        quoted_examples(&intro).iter().any(|m| m.starts_with("1 -> ") && m.split_whitespace().count() == 4),
        "{intro}"
    );
}

/// How moves are typed names the game's own numbers: K-Nim with K = 3 says "1 to 3" (it once
/// said "1 to K"), a subtraction game its sizes, Moore's Nim its K.
#[test]
fn the_move_syntax_names_the_games_own_numbers() {
    for (args, own, kinds) in [
        (&["bounded:3", "10", "7"][..], "(1 to 3)", "(1 to K)"),
        (&["subtraction:2,5", "9"], "(a size in 2, 5)", "(a size in S)"),
        (&["moore:2", "3", "5", "6"], "(at most 2)", "(at most K)"),
    ] {
        let (intro, help) = intro_and_help(args);
        assert!(intro.contains(own) && help.contains(own), "{args:?}: no {own}:\n{intro}\n{help}");
        assert!(!intro.contains(kinds) && !help.contains(kinds), "{args:?}: {kinds}:\n{intro}\n{help}");
    }
}

/// `hint` gives legal moves of the position as they are typed: each winning move with the
/// text that plays it where its words are not that text (Wythoff's `take 5 from heap 2` is
/// typed `2 5`), and in a lost position one move to type all the same (it once said only "any
/// move will do").
#[test]
fn a_hint_says_how_to_type_its_moves() {
    for (args, typed) in [
        (&["wythoff", "5", "8", "--level", "perfect"][..], "2 5"),
        (&["hackenbush", "0-1,1-2,2-0,1-3", "0-1,1-1", "--level", "perfect"], "cut 0-1 in 2"),
        (&["kayles", "10", "7", "--level", "perfect"], ""),
        (&["divisor", "360", "--level", "perfect"], ""),
    ] {
        let mut g = Game::start(args);
        g.next();
        g.send("hint");
        let (hint, _) = g.next();
        let quoted: Vec<&str> = hint.split('\'').skip(1).step_by(2).collect();
        if typed.is_empty() {
            assert!(hint.starts_with("This is a P-position") && hint.contains("For example '"), "{args:?}: {hint}");
        } else {
            assert!(quoted.contains(&typed), "{args:?}: no '{typed}' in {hint}");
        }
        // The first move it quotes is played.
        let first = quoted.first().unwrap_or_else(|| panic!("{args:?}: no quoted move in {hint}"));
        g.send(first);
        let (after, _) = g.next();
        assert!(after.starts_with("you: ") && !after.contains("illegal move"), "{args:?}: '{first}': {after}");
        g.finish();
    }
}

/// A won Domineering board past the reach of its value (8x7: Left wins whoever starts, by an
/// outcome search of some 240,000 positions from nothing) is played to the end with one table
/// kept for the whole game: the human (Left) plays the hints, and every hint that is an outcome
/// search of the position (until the board is small enough to be valued) begins from what the searches before it proved, so it visits a small
/// part of the positions a fresh analysis of the board visits.
#[test]
fn a_won_domineering_board_is_played_move_after_move_from_one_kept_table() {
    let board = ["......."; 8].join("/");
    let fresh = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["analyze", "domineering", &board, "--json"])
        .output()
        .expect("the binary runs");
    let fresh: serde_json::Value = serde_json::from_slice(&fresh.stdout).expect("one JSON object");
    let fresh = fresh["search_nodes"].as_u64().expect("an outcome search");
    assert!(fresh > 100_000, "{fresh}");
    let mut g = Game::start(&["domineering", &board, "--seed", "5"]);
    let mut searched = vec![];
    loop {
        let (_, prompted) = g.next();
        if !prompted {
            break;
        }
        g.send("hint");
        let (hint, _) = g.next();
        // Until the board is small enough to be valued (then the hint lists every move).
        let nodes: Option<u64> =
            hint.split("outcome search of ").nth(1).and_then(|t| t.split(' ').next()).and_then(|n| n.parse().ok());
        searched.extend(nodes);
        let typed = hint.split("type '").nth(1).and_then(|t| t.split('\'').next()).expect("a move to type");
        g.send(typed);
    }
    assert!(g.all.contains("You win!"), "{}", g.all);
    assert!(searched.len() >= 3, "{searched:?}");
    assert!(searched.iter().all(|&n| n * 100 < fresh), "hints {searched:?} against {fresh} from nothing");
}
