//! `grundy play GAME POSITION...`: a game against the computer in the terminal.
//!
//! All the game logic lives in the library (`grundy::frontend`); this module only draws the position, reads
//! lines from stdin and prints replies, so the same rules serve the web app.

use grundy::frontend::{Level, Session};
use grundy::{Convention, Game, Outcome, Player, Position};

use crate::cmd::analyze::{parse_problem_with, GameArgs};
use crate::lines::Line;
use crate::{emit, CliError};

/// Arguments of `grundy play`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    problem: GameArgs,
    /// Let the computer make the first move.
    #[arg(long)]
    computer_first: bool,
    /// How well the computer plays: perfect, good or easy.
    #[arg(long, default_value = "perfect")]
    level: String,
    /// Seed for the computer's random choices (default: from the clock).
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    seed: Option<String>,
    /// The most positions an exact search may store (or table entries a table may hold) when
    /// the computer works out its move, as in `grundy analyze`.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    budget: Option<String>,
    /// Play from the values stored in DIR by `grundy sg GAME --upto N --store DIR` (every heap
    /// they cover); may be given once per game.
    #[arg(long, value_name = "DIR")]
    store: Vec<std::path::PathBuf>,
}

/// Marks drawn per heap at most; longer heaps show the first ones and their size.
const MAX_MARKS: u64 = 40;
/// Winning moves listed by `hint` at most.
const MAX_HINTS: usize = 12;
/// The longest line read from the player: a move, even a turn of an Every-SG sum of hundreds of
/// games, is far shorter; a longer line is refused without being held.
pub const MAX_LINE_BYTES: usize = 8192;

/// The commands of a game, after its moves in `help`.
const COMMANDS: &str = "\
Commands:
  hint          show every winning move (under Every-SG, the winning turn and how to type it)
  undo          take back your last move (and the computer's reply)
  help          show this
  quit          end the game (so does end of input)
";

/// The catalogue's sentence on how this game's moves are typed, with the game's own numbers
/// ("1 to 3" for `bounded:3`), its forms in quotes.
fn syntax(game: &Game) -> Option<String> {
    grundy::frontend::move_syntax_of(&game.to_string()).map(|s| s.replace('`', "'"))
}

/// `help`: how this game's moves are typed, legal moves of the position on the board as
/// examples, and the commands.
fn help(s: &Session) -> String {
    let mut t = String::from("Moves:\n");
    if s.convention() == Convention::Every {
        t += "  a turn is one move in each game that is not over, joined by ';' (e.g. '1 3; 2 -> 5'), each typed as below\n";
    }
    if let Some(syntax) = syntax(s.game()) {
        t += &format!("  {syntax}\n");
    }
    for m in grundy::frontend::example_turns(s.position(), s.to_move(), s.convention()) {
        t += &format!("  e.g. '{}': {}\n", m.typed, m.words);
    }
    t + COMMANDS
}

/// Runs `grundy play`.
pub fn run(args: Args) -> Result<(), CliError> {
    let to_move = "first";
    // Standard input carries the moves, so a graph must come from a file.
    let (game, position, mut options) = parse_problem_with(
        &args.problem.game,
        &args.problem.position,
        args.problem.convention(),
        to_move,
        args.budget.as_deref(),
        false,
    )?;
    let fill = crate::cmd::analyze::fill_command(&args.problem.game, &args.problem.position);
    options.stored = crate::cmd::analyze::read_stores(&args.store, &fill)?;
    // One outcome search's table for the whole game: each move of the computer (and each hint)
    // on a partizan board past its value begins from what the searches before it proved.
    options.outcomes = grundy::frontend::OutcomeCache::keeping();
    let level: Level = args.level.parse().map_err(CliError::usage)?;
    if options.convention == Convention::Every && game.as_graph().is_some() {
        return Err(CliError::usage("Every-SG needs games that end; tokens on a graph with cycles may go on for ever")
            .argument("--every"));
    }
    // Every-SG cannot play a heap that splits or a partizan game at any level: say so first.
    grundy::frontend::check_playable(&position, options.convention)
        .map_err(|e| CliError::analysis(e).argument("--every"))?;
    if level == Level::Perfect {
        // A perfect opponent that cannot solve the position would hand over a won game: say so
        // before the game starts, with what it would take.
        grundy::frontend::check_perfect(&game, &position, &options).map_err(|e| {
            let e = CliError::analysis(e);
            let message = format!(
                "level perfect cannot promise perfect play here: {}; --level good or easy plays without that promise",
                e.message()
            );
            e.with_message(message)
        })?;
    }
    let seed = match &args.seed {
        Some(s) => grundy::frontend::parse_u64(s, "--seed").map_err(CliError::usage)?,
        // Any varying number will do: the seed is printed so a game can be replayed.
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000),
    };
    let human = if args.computer_first { Player::Second } else { Player::First };
    let mut session = Session::new(game, position, options, human.other(), level, seed);
    emit(&intro(&session, human, level, seed));
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        emit(&draw(session.game(), session.position()));
        if let Some(w) = session.winner() {
            emit(&if w == human { "You win! Well played.\n".to_string() } else { "The computer wins.\n".to_string() });
            return Ok(());
        }
        if let Some(why) = session.drawn() {
            emit(&format!("Draw: {why}.\n"));
            return Ok(());
        }
        if session.computer_to_move() {
            let c = session.computer_move().map_err(CliError::analysis)?;
            // None only when the game is over, which the next round reports.
            if let Some(c) = c {
                emit(&format!("computer: {}   ({})\n", c.text, c.note));
            }
            continue;
        }
        // Read until a line changes the position (a move or an undo) or the game ends.
        loop {
            emit("your move> ");
            let line = match crate::lines::read_line(&mut input, &mut bytes, MAX_LINE_BYTES) {
                Ok(Line::Read) => match std::str::from_utf8(&bytes) {
                    Ok(text) => text.to_string(),
                    Err(_) => {
                        emit("that line is not UTF-8 text: type a move, or 'help'\n");
                        continue;
                    }
                },
                // No move is that long: the input is not a person typing (`< /dev/zero`), and
                // it is refused rather than read on.
                Ok(Line::TooLong) => {
                    return Err(CliError::usage(format!(
                        "a line of standard input is longer than {MAX_LINE_BYTES} bytes: one move a line"
                    )))
                }
                Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                    return Err(CliError::usage(format!("standard input: {e}")))
                }
                Ok(Line::End) | Err(_) => {
                    emit("\nend of input: game over, goodbye.\n");
                    return Ok(());
                }
            };
            match line.trim() {
                "" => continue,
                "quit" | "q" | "exit" => {
                    emit("Goodbye.\n");
                    return Ok(());
                }
                "help" | "?" | "h" => emit(&help(&session)),
                "hint" => emit(&hint(&session)),
                "undo" | "u" => {
                    match session.undo(human) {
                        0 => emit("nothing to undo: you have not moved yet\n"),
                        n => emit(&format!("took back {} move{}\n", n, if n == 1 { "" } else { "s" })),
                    }
                    break;
                }
                text => match session.play_text(text) {
                    Ok(played) => {
                        emit(&format!("you: {}\n", played.text));
                        break;
                    }
                    Err(e) => emit(&format!("illegal move: {e}\n")),
                },
            }
        }
    }
}

fn intro(s: &Session, human: Player, level: Level, seed: u64) -> String {
    let rule = match s.convention() {
        Convention::Every => {
            "Every-SG: each turn you move in every game that is not over; whoever makes the last move wins"
        }
        Convention::Normal => "normal play: whoever makes the last move wins",
        Convention::Misere => "misère play: whoever makes the last move loses",
    };
    let mut t = format!(
        "grundy play {}: you are the {human} player, the computer plays {} at level {level} (seed {seed}).\n{rule}.\n",
        s.game(),
        human.other()
    );
    t += &format!("Rules: {}\n", s.game().rules_sentence());
    if several_games(s) {
        let example = grundy::frontend::smallest_turn(s.position(), s.to_move(), Convention::Every)
            .map(|mv| grundy::frontend::typed_turn(s.position(), Convention::Every, &mv))
            .unwrap_or_else(|| "1 3; 2 -> 5".into());
        return t + &format!(
            "A turn is one move in each game that is not over, joined by ';', each typed as a move of that game with the numbers listed below, after the game's number where the games are listed by number (e.g. '{example}'); 'hint' shows the winning turn, 'help' lists everything.\n"
        );
    }
    // How this game's moves are typed, and legal moves of this position typed that way (the
    // player to move may be the computer: the person's moves are shown once it is their turn).
    if let Some(syntax) = syntax(s.game()) {
        t += &format!("Type a move: {syntax}.\n");
    }
    let examples: Vec<String> = match s.computer_to_move() {
        // The computer moves first: 'help' shows moves of the position the person gets.
        true => vec![],
        false => grundy::frontend::example_turns(s.position(), s.to_move(), s.convention())
            .into_iter()
            .map(|m| format!("'{}': {}", m.typed, m.words))
            .collect(),
    };
    if !examples.is_empty() {
        t += &format!("For example {}. ", examples.join("; or "));
    }
    t += "'help' lists everything.\n";
    t
}

/// The most characters of one drawn row of a board game that draws its own rows.
const MAX_ROW_CHARS: usize = 200;

/// The position drawn plainly: a row of marks and the size per heap.
pub fn draw(game: &Game, position: &Position) -> String {
    let mut s = String::from("\n");
    if let Some(g) = game.as_graph() {
        // Tokens on a graph: each token's vertex by name, with where it may go.
        let names = game.position_tokens(position);
        for (i, (&v, name)) in position.heaps().iter().zip(&names).enumerate() {
            let next: Vec<&str> =
                g.moves_from(v as u32, 0).chain(g.moves_from(v as u32, 1)).map(|w| g.name(w)).collect();
            let mut next: Vec<&str> = next;
            next.sort_unstable();
            next.dedup();
            let shown: Vec<&str> = next.iter().copied().take(12).collect();
            let more = if next.len() > 12 { ", ..." } else { "" };
            let goal = match g.goal(v as u32) {
                grundy::frontend::Goal::Win => " (a goal, won for the player who moved there)",
                grundy::frontend::Goal::Lose => " (a goal, lost for the player who moved there)",
                grundy::frontend::Goal::None => "",
            };
            s += &format!(
                "  token {} on {name}{goal}   edges to: {}{more}\n",
                i + 1,
                if shown.is_empty() { "none".to_string() } else { shown.join(", ") }
            );
        }
        return s;
    }
    if let Some(parts) = position.as_parts() {
        // A sum of games: its layout, each game numbered and in its own notation (it reads
        // back as the sum's position), then each game drawn as it is alone, under its number.
        s += &format!("  {}\n", grundy::frontend::layout_text(parts));
        for (i, part) in parts.iter().enumerate() {
            let Ok(game) = part.kind().name_in_sum().parse::<Game>() else { continue };
            s += &format!("  {}:\n", i + 1);
            for line in draw(&game, part).lines().filter(|l| !l.is_empty()) {
                s += &format!("  {line}\n");
            }
        }
        return s;
    }
    let board = position.as_board();
    match board.and_then(|(b, numbers)| b.rules().rows(numbers)) {
        // A board game whose numbers are not piles (Hackenbush's edges, geography's path)
        // draws its own rows.
        Some(rows) => {
            let width = rows.iter().map(|(l, _)| l.chars().count()).max().unwrap_or(0);
            for (label, text) in rows {
                let shown: String = text.chars().take(MAX_ROW_CHARS).collect();
                let more = if text.chars().count() > MAX_ROW_CHARS { " ..." } else { "" };
                // A row without a label is a line of words alone (the divisor game's n with
                // its prime powers).
                s += &if label.is_empty() {
                    format!("  {shown}{more}\n")
                } else {
                    format!("  {label:<width$}  {shown}{more}\n")
                };
            }
            // A board of cells is drawn as rows too, with the names its cells are typed by.
            let picture = board.and_then(|(b, numbers)| b.rules().picture(numbers)).unwrap_or_default();
            for line in picture {
                s += &format!("  {:width$}  {line}\n", "");
            }
        }
        None => {
            let heaps = position.heaps();
            let width = heaps.iter().map(|h| h.to_string().len()).max().unwrap_or(1);
            let labels = position.labels();
            let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0).max(8);
            let rules: Vec<String> = match position.as_heaps() {
                Some(cs) if matches!(game, Game::Sum | Game::BoundedPerHeap) => {
                    cs.iter().map(|c| format!("  [{}]", c.ruleset)).collect()
                }
                _ => vec![String::new(); heaps.len()],
            };
            for (i, h) in heaps.iter().enumerate() {
                // A board game's limit or product is a number, not a pile: no marks.
                let drawn = board.is_none_or(|(b, _)| b.rules().counts_objects(i));
                let shown = if drawn { *h } else { 0 };
                let marks = "o".repeat(shown.min(MAX_MARKS) as usize);
                let more = if shown > MAX_MARKS { " ..." } else { "" };
                // What a row is: a heap, one of Euclid's two numbers, a chip and its cell, ...
                let label = labels.get(i).map_or("", String::as_str);
                s += &format!("  {label:<label_width$} {h:>width$}  {marks}{more}{}\n", rules[i]);
            }
        }
    }
    s
}

/// Whether the game is played under Every-SG with several games, where a turn is a move in each.
fn several_games(s: &Session) -> bool {
    s.convention() == Convention::Every && s.position().kind().summands().len() > 1
}

/// One move of a hint: its words, and how to type it where that differs (`take 1 from both
/// heaps (5 8 -> 4 7)` is typed `both 1`).
fn hinted_move(s: &Session, words: &str, mv: &grundy::Move) -> String {
    match grundy::frontend::typed_move(s.position(), s.to_move(), mv) {
        Some(typed) if typed != words => format!("  {words}   type '{typed}'\n"),
        _ => format!("  {words}\n"),
    }
}

fn hint(s: &Session) -> String {
    match s.analysis() {
        Err(e) => format!("no hint: {e}\n"),
        Ok(a) if a.outcome == Outcome::D => {
            let mut t = format!(
                "This position is drawn: neither player can force a win ({} move{} keep{} the draw). Keep the game going; a position repeated three times ends it as a draw.\n",
                a.drawing_move_count.unwrap_or(0),
                if a.drawing_move_count == Some(1) { "" } else { "s" },
                if a.drawing_move_count == Some(1) { "s" } else { "" }
            );
            for m in a.drawing_moves.iter().take(MAX_HINTS) {
                t += &hinted_move(s, &m.text, &m.mv);
            }
            t
        }
        Ok(a) if a.outcome == Outcome::P => {
            // A legal move to type all the same, in the game's own words.
            let example = grundy::frontend::example_turns(s.position(), s.to_move(), s.convention())
                .into_iter()
                .next()
                .map_or(String::new(), |m| format!(" For example '{}': {}.", m.typed, m.words));
            format!(
                "This is a P-position: you lose against perfect play{}. Any move will do; try to make the game long.{example}\n",
                a.sg.map_or(String::new(), |v| format!(" (Sprague-Grundy value {v})"))
            )
        }
        Ok(a) => {
            let listed = a.winning_moves.len();
            let value = a.sg.map_or(String::new(), |v| format!(" (Sprague-Grundy value {v})"));
            if let (0, Some(why)) = (listed, &a.winning_moves_not_listed) {
                return format!("You are winning{value}, but no winning move can be shown here: {why}\n");
            }
            if several_games(s) {
                let count = a.winning_move_count.map_or("an uncounted number of".to_string(), |n| n.to_string());
                let mut t = format!(
                    "You are winning: {count} winning turn{} (one move in each game that is not over); the turn along every game's best line (Jia Zhihao's theorem):\n",
                    if a.winning_move_count == Some(1) { "" } else { "s" }
                );
                for m in &a.winning_moves {
                    t += &format!(
                        "  {}\n    type: {}\n",
                        m.text,
                        grundy::frontend::typed_turn(s.position(), Convention::Every, &m.mv)
                    );
                }
                return t;
            }
            let families = a.winning_families.iter().filter(|f| f.family.count > 1).count();
            let mut t = match a.winning_move_count {
                Some(n) if families > 0 => format!(
                    "You are winning{value}: {n} winning move{}, {families} famil{} of them alike (`grundy analyze` lists the families); for example:\n",
                    if n == 1 { "" } else { "s" },
                    if families == 1 { "y" } else { "ies" }
                ),
                Some(n) => format!("You are winning{value}: {n} winning move{}:\n", if n == 1 { "" } else { "s" }),
                None => format!(
                    "You are winning{value}: {listed} winning move{} found, and more not listed ({}):\n",
                    if listed == 1 { "" } else { "s" },
                    a.winning_moves_not_listed.as_deref().unwrap_or("the count is not known")
                ),
            };
            for m in a.winning_moves.iter().take(MAX_HINTS) {
                t += &hinted_move(s, &m.text, &m.mv);
            }
            let total = a.winning_move_count.unwrap_or(listed as u128);
            if total > MAX_HINTS as u128 {
                t += &format!("  ... and {} more\n", total - MAX_HINTS as u128);
            }
            if let Some(nodes) = a.search_nodes {
                t += &format!(
                    "(found by an outcome search of {nodes} positions, beginning from what the searches of this game proved before)\n"
                );
            }
            t
        }
    }
}
