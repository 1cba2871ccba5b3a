//! The one list of games grundy knows: how each is written, what a move is, and an example;
//! the heap rules' entries come from their families' files ([`FAMILIES`]), the board games'
//! from theirs ([`BOARDS`]).
//!
//! Every place that names the games reads this list, so that they cannot drift apart: the
//! command line's help texts and the "unknown game" errors, the guide's table in docs/games.md (a test compares
//! them), and the web page's game selector (served as JSON). It lives with the rule families
//! rather than with [`crate::Game`] so that the ruleset's own parser can name the games too.

use crate::rules::board::BOARDS;
use crate::rules::heap::FAMILIES;
#[cfg(test)]
use crate::rules::Ruleset;

/// One kind of game as people write it, e.g. `bounded:K`.
///
/// ```
/// let nim = grundy::rules::catalogue::GAMES.iter().find(|g| g.spelling == "nim").unwrap();
/// assert_eq!(nim.example_game, "nim");
/// assert!(nim.example_game.parse::<grundy::Game>().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameKind {
    /// How the game is written, with its parameters in capitals: `bounded:K`, `octal:CODE`.
    pub spelling: &'static str,
    /// The game's name for people: "K-Nim", "Kayles".
    pub name: &'static str,
    /// What one move is, as a phrase: "take 1..K objects from one heap".
    pub a_move: &'static str,
    /// A game of this kind with its parameters filled in, e.g. `bounded:3`.
    pub example_game: &'static str,
    /// A position of `example_game`, as the command line's tokens, e.g. `10 7 4`.
    pub example_position: &'static str,
    /// Whether the game is a heap ruleset: one rule for every heap, so that `grundy sg` computes
    /// its Grundy sequence and a `sum` may use it for some of its heaps.
    pub heap_ruleset: bool,
    /// How a move is typed (in `grundy play`, the page's move box, `/api/move`), in this game's
    /// own words: each form between backquotes with its parts in capitals, then what it does,
    /// e.g. "`HEAP TAKE` takes TAKE objects from heap HEAP; `HEAP -> LEFT` leaves LEFT in it".
    pub move_syntax: &'static str,
    /// A legal move of the example position, typed as `move_syntax` says (a test plays it).
    pub example_move: &'static str,
}

/// Every kind of game, in the order the help texts and the guide (docs/games.md) list them: the heap rules'
/// families of their registry ([`FAMILIES`]), the board games of theirs ([`BOARDS`], K-L-Nim
/// first), then sums.
pub const GAMES: &[GameKind] = &ALL_GAMES;

/// The number of kinds of game.
const GAME_COUNT: usize = {
    let mut count = 1;
    let mut i = 0;
    while i < FAMILIES.len() {
        count += FAMILIES[i].kinds.len();
        i += 1;
    }
    let mut i = 0;
    while i < BOARDS.len() {
        count += BOARDS[i].kinds.len();
        i += 1;
    }
    count
};

/// [`GAMES`], put together at compile time.
const ALL_GAMES: [GameKind; GAME_COUNT] = {
    let mut out = [SUM; GAME_COUNT];
    let mut at = 0;
    let mut i = 0;
    while i < FAMILIES.len() {
        at = put_kinds(&mut out, at, FAMILIES[i].kinds);
        i += 1;
    }
    let mut i = 0;
    while i < BOARDS.len() {
        at = put_kinds(&mut out, at, BOARDS[i].kinds);
        i += 1;
    }
    out[at] = SUM;
    out
};

/// `kinds` written into `out` from index `at`; the index after them. One copy loop for both
/// registries' entries, at compile time.
const fn put_kinds(out: &mut [GameKind; GAME_COUNT], mut at: usize, kinds: &[GameKind]) -> usize {
    let mut j = 0;
    while j < kinds.len() {
        out[at] = kinds[j];
        at += 1;
        j += 1;
    }
    at
}

/// A sum of games of any kinds.
const SUM: GameKind = GameKind {
    spelling: "sum",
    name: "a sum of rulesets",
    a_move: "a sum of games: heaps written `RULESET=HEAP`, any other game `GAME=TOKENS` (e.g. `euclid=34,12`)",
    example_game: "sum",
    example_position: "nim=7 subtraction:2,5=9 bounded:3=5",
    heap_ruleset: false,
    move_syntax: "`NUMBER TAKE` takes TAKE from number NUMBER of the whole position (each game's numbers in turn); `NUMBER -> LEFT` leaves LEFT in it; in a sum holding a game that is not heaps, `K: MOVE` makes MOVE in game K, typed as that game alone reads it (`1: a1 a2`, `2: cut 0-1`)",
    example_move: "2 5",
};

/// The kind of game `game` (as typed: `bounded:3`, `octal:0.16`, `graph:edges.txt`) belongs to:
/// the entry whose spelling it is, or whose spelling's name before `:` it shares.
///
/// ```
/// use grundy::rules::catalogue::kind_of;
/// assert_eq!(kind_of("bounded:3").unwrap().spelling, "bounded:K");
/// assert_eq!(kind_of("bounded").unwrap().spelling, "bounded");
/// assert_eq!(kind_of("kayles").unwrap().spelling, "kayles");
/// assert_eq!(kind_of("graph").unwrap().spelling, "graph:FILE");
/// assert!(kind_of("chess").is_none());
/// ```
pub fn kind_of(game: &str) -> Option<&'static GameKind> {
    let name = game.split(':').next().unwrap_or(game);
    GAMES
        .iter()
        .find(|g| g.spelling == game)
        .or_else(|| GAMES.iter().find(|g| g.spelling.split_once(':').is_some_and(|(prefix, _)| prefix == name)))
}

/// How moves of `game` (as typed: `bounded:3`, `subtraction:2,5`) are typed: its kind's
/// [`GameKind::move_syntax`] with the game's own numbers in place of the capitals its spelling
/// names (the K of `bounded:K`, the S of `subtraction:S`), so that a player reads "1 to 3",
/// not "1 to K". A set such as S is written as the game writes it, a space after each comma.
/// `None` for a game of no kind.
///
/// ```
/// use grundy::rules::catalogue::move_syntax_of;
/// assert_eq!(
///     move_syntax_of("bounded:3").unwrap(),
///     "`HEAP TAKE` takes TAKE objects (1 to 3) from heap HEAP; `HEAP -> LEFT` leaves LEFT in it"
/// );
/// assert!(move_syntax_of("subtraction:1,4..9").unwrap().contains("(a size in 1, 4..9)"));
/// assert!(move_syntax_of("moore:2").unwrap().ends_with("(at most 2)"));
/// assert_eq!(move_syntax_of("nim").unwrap(), grundy::rules::catalogue::kind_of("nim").unwrap().move_syntax);
/// ```
pub fn move_syntax_of(game: &str) -> Option<String> {
    let kind = kind_of(game)?;
    let template = kind.move_syntax;
    let (Some((_, letters)), Some((_, given))) = (kind.spelling.split_once(':'), game.split_once(':')) else {
        return Some(template.to_string());
    };
    let letters: Vec<&str> = letters.split(',').collect();
    // One capital takes the whole argument (S is a set, written with commas); several take one
    // number each (`kl:K,L`).
    let values: Vec<String> = if letters.len() == 1 {
        vec![given.replace(',', ", ")]
    } else {
        given.split(',').map(str::to_string).collect()
    };
    if values.len() != letters.len() {
        return Some(template.to_string());
    }
    // Whole words only, so that the K of `bounded:K` leaves TAKE and the typed forms alone.
    let mut out = String::with_capacity(template.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match letters.iter().zip(&values).find(|(l, _)| **l == word.as_str()) {
            Some((_, value)) => out.push_str(value),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in template.chars() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    Some(out)
}

/// The file `graph:edges.txt` of the catalogue's example of `graph:FILE` (the guide shows it, docs/games-graph.md):
/// a 2-cycle a-b with a way out from b to c, and c to d. Vertex b has the generalized
/// Sprague-Grundy value ∞(1) and c the value 1, so tokens on b and c are won by moving b to c.
pub const EXAMPLE_GRAPH: &str = "a b\nb a\nb c\nc d\n";

/// The file of the catalogue's example of `geography:FILE`, the maze of BZOJ 1443's sample
/// (the repository's `examples/geography/bzoj1443.txt`, compiled in: the library reads no
/// files).
pub const EXAMPLE_GEOGRAPHY: &str = include_str!("../../../../examples/geography/bzoj1443.txt");

/// The text of the file a kind's example game names, for the games that read a graph from a
/// file (`graph:FILE`, `geography:FILE`); `None` for the others.
///
/// ```
/// let graph = grundy::frontend::GAMES.iter().find(|g| g.spelling == "graph:FILE").unwrap();
/// assert_eq!(grundy::rules::catalogue::example_graph(graph), Some(grundy::rules::catalogue::EXAMPLE_GRAPH));
/// ```
pub fn example_graph(kind: &GameKind) -> Option<&'static str> {
    if kind.example_game.starts_with("graph:") {
        Some(EXAMPLE_GRAPH)
    } else if kind.example_game.starts_with("geography:") {
        Some(EXAMPLE_GEOGRAPHY)
    } else {
        None
    }
}

/// The spellings of every game, comma-separated: `nim, bounded:K, ...`.
///
/// ```
/// assert!(grundy::rules::catalogue::spellings(false).starts_with("nim, bounded:K, bounded, bash:M"));
/// assert!(!grundy::rules::catalogue::spellings(true).contains("divisor"));
/// ```
pub fn spellings(heap_rulesets_only: bool) -> String {
    GAMES.iter().filter(|g| g.heap_ruleset || !heap_rulesets_only).map(|g| g.spelling).collect::<Vec<_>>().join(", ")
}

/// ": did you mean 'domineering'?" for a name a letter or two from a game's (`dominering`), the
/// part after a colon kept (`subtracton:1,2` gives `subtraction:1,2`); empty when no game's
/// name is that close. `heap_rulesets_only`: only the heap rulesets are meant (a sum's heaps).
/// The "unknown game" errors put it after the name.
pub fn did_you_mean(name: &str, heap_rulesets_only: bool) -> String {
    let (head, rest) = match name.split_once(':') {
        Some((h, r)) => (h, Some(r)),
        None => (name, None),
    };
    let head = head.to_ascii_lowercase();
    // One edit in four letters, at least one: `nmi` is nim, `frob` is nothing.
    let most = (head.chars().count() / 4).max(1);
    let nearest = GAMES
        .iter()
        .filter(|g| g.heap_ruleset || !heap_rulesets_only)
        .map(|g| g.spelling.split(':').next().unwrap_or(g.spelling))
        .map(|known| (edit_distance(&head, known), known))
        .filter(|&(d, _)| d <= most)
        .min_by_key(|&(d, _)| d);
    match (nearest, rest) {
        (Some((_, known)), Some(rest)) => format!(": did you mean '{known}:{rest}'?"),
        (Some((_, known)), None) => format!(": did you mean '{known}'?"),
        (None, _) => String::new(),
    }
}

/// The fewest insertions, deletions, substitutions and swaps of two neighbours that turn `a`
/// into `b` (the optimal string alignment distance), counted in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // Three rows of the table: two back (for swaps), the last and the one being filled.
    let mut two_back: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a.get(i - 1) != b.get(j - 1));
            let mut d = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a.get(i - 1) == b.get(j - 2) && a.get(i - 2) == b.get(j - 1) {
                d = d.min(two_back[j - 2] + 1);
            }
            row[j] = d;
        }
        two_back = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

/// The list as the help texts show it: one line per game, its spelling and what a move is.
pub fn help_list(heap_rulesets_only: bool) -> String {
    let games: Vec<&GameKind> = GAMES.iter().filter(|g| g.heap_ruleset || !heap_rulesets_only).collect();
    let width = games.iter().map(|g| g.spelling.len()).max().unwrap_or(0);
    games
        .iter()
        .map(|g| format!("  {:<width$}  {}", g.spelling, g.a_move.replace('`', "")))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The guide's table of games (Markdown), which a test keeps equal to the one in docs/games.md.
pub fn markdown_table() -> String {
    let mut out = String::from("| GAME | a move | example |\n|---|---|---|\n");
    for g in GAMES {
        out += &format!(
            "| `{}` | {} | `grundy analyze {} {}` |\n",
            g.spelling, g.a_move, g.example_game, g.example_position
        );
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn every_example_parses_with_its_position_and_has_rules() {
        for g in GAMES {
            let game = Game::example_of(g).unwrap_or_else(|e| panic!("{}: {e}", g.example_game));
            let tokens: Vec<&str> = g.example_position.split_whitespace().collect();
            game.parse_position(&tokens).unwrap_or_else(|e| panic!("{}: {e}", g.example_game));
            assert_eq!(g.heap_ruleset, matches!(game, Game::Heaps(_)), "{}", g.spelling);
            assert!(game.rules_sentence().ends_with('.'));
        }
    }

    #[test]
    fn unknown_names_list_what_is_allowed() {
        let e = "frob".parse::<Game>().unwrap_err().to_string();
        assert!(
            e.starts_with("unknown game 'frob' (known: nim, bounded:K,")
                && e.contains("kl:K,L, divisor, euclid, chips, wythoff, fibonacci-nim, multiple:K, multiplication")
                && e.ends_with(", sum)"),
            "{e}"
        );
        // A sum's heaps take rulesets: the games of their own are named as such.
        let e = "divisor".parse::<Ruleset>().unwrap_err().to_string();
        assert!(e.starts_with("'divisor' is a game of its own, not a heap ruleset (heap rulesets: nim,"), "{e}");
        assert!(!e.contains("divisor, sum"), "{e}");
        let e = "frob".parse::<Ruleset>().unwrap_err().to_string();
        assert!(e.starts_with("unknown heap ruleset 'frob'"), "{e}");
    }

    #[test]
    fn octal_sentences_follow_the_digits() {
        let rules = |g: &str| g.parse::<Ruleset>().unwrap().rules_sentence();
        assert_eq!(
            rules("octal:0.16"),
            "With the octal code 0.16, a move may, from one heap: take 1 object, leaving nothing (the whole heap); take 2 objects, leaving one heap or two heaps."
        );
        assert_eq!(
            rules("hex:4.8"),
            "With the hexadecimal code 4.8, a move may, from one heap: split a heap, leaving two heaps; take 1 object, leaving three heaps."
        );
        assert_eq!(rules("subtraction:1"), "A move takes exactly 1 object from one heap.");
        // Three or more consecutive sizes are one range, written L..R and said "L to R".
        assert_eq!(
            rules("allbut:1,2,3,7"),
            "A move takes any positive number of objects from one heap except 1 to 3 or 7."
        );
        assert_eq!(rules("subtraction:1,4..9,20"), "A move takes exactly 1, 4 to 9 or 20 objects from one heap.");
    }
}
