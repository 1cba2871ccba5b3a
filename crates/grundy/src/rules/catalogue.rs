//! The one list of games grundy knows: how each is written, what a move is, and an example;
//! the heap rules' entries come from their families' files ([`FAMILIES`]).
//!
//! Every place that names the games reads this list, so that they cannot drift apart: the
//! command line's help texts and the "unknown game" errors, the README's table (a test compares
//! them), and the web page's game selector (served as JSON). It lives with the rule families
//! rather than with [`crate::Game`] so that the ruleset's own parser can name the games too.

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

/// Every kind of game, in the order the help texts and the README list them: the heap rules'
/// families of the registry ([`FAMILIES`]), then the other games.
pub const GAMES: &[GameKind] = &ALL_GAMES;

/// The number of kinds of game.
const GAME_COUNT: usize = {
    let mut count = OTHER_GAMES.len();
    let mut i = 0;
    while i < FAMILIES.len() {
        count += FAMILIES[i].kinds.len();
        i += 1;
    }
    count
};

/// [`GAMES`], put together at compile time.
const ALL_GAMES: [GameKind; GAME_COUNT] = {
    let mut out = [OTHER_GAMES[0]; GAME_COUNT];
    let mut at = 0;
    let mut i = 0;
    while i < FAMILIES.len() {
        let kinds = FAMILIES[i].kinds;
        let mut j = 0;
        while j < kinds.len() {
            out[at] = kinds[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    let mut j = 0;
    while j < OTHER_GAMES.len() {
        out[at] = OTHER_GAMES[j];
        at += 1;
        j += 1;
    }
    out
};

/// The games that are not heap rules (K-L-Nim, the board games, sums), in the order listed.
const OTHER_GAMES: &[GameKind] = &[
    GameKind {
        spelling: "kl:K,L",
        name: "K-L-Nim",
        a_move: "Nim, but the first player may never take exactly K, the second never exactly L",
        example_game: "kl:2,3",
        example_position: "4 5 6",
        heap_ruleset: false,
        move_syntax: "`HEAP TAKE` takes TAKE objects from heap HEAP (never the size your side may not take); `HEAP -> LEFT` leaves LEFT in it",
        example_move: "3 1",
    },
    GameKind {
        spelling: "divisor",
        name: "the divisor game (\"Alice and Bob\")",
        a_move: "divide n by p^k (p prime, p^k divides n): Nim on the prime exponents. Not \"replace n by a proper divisor\" (AtCoder ABC 368F), where G(n) = Ω(n)",
        example_game: "divisor",
        example_position: "1000000000000000",
        heap_ruleset: false,
        move_syntax: "`D` divides n by D, a prime power that divides n; `-> M` leaves M",
        example_move: "8",
    },
    GameKind {
        spelling: "euclid",
        name: "Euclid's game (Cole and Davie)",
        a_move: "subtract a positive multiple of the smaller number from the larger; whoever makes a 0 wins",
        example_game: "euclid",
        example_position: "34 12",
        heap_ruleset: false,
        move_syntax: "`NUMBER TAKE` subtracts TAKE, a multiple of the smaller number, from number NUMBER; `NUMBER -> LEFT` leaves LEFT in it",
        example_move: "1 24",
    },
    GameKind {
        spelling: "chips",
        name: "chips on a strip (\"Georgia and Bob\")",
        a_move: "slide one chip left, never onto or past another chip and never below cell 1",
        example_game: "chips",
        example_position: "1 5 6 7 9 12 14 17",
        heap_ruleset: false,
        move_syntax: "`CHIP -> CELL` slides chip CHIP left to cell CELL; `CHIP STEPS` slides it STEPS cells left",
        example_move: "2 -> 3",
    },
    GameKind {
        spelling: "wythoff",
        name: "Wythoff's game",
        a_move: "take any number from one of two heaps, or the same number from both",
        example_game: "wythoff",
        example_position: "5 8",
        heap_ruleset: false,
        move_syntax: "`HEAP TAKE` takes TAKE objects from heap HEAP; `both TAKE` takes TAKE from both heaps; `1..2 -> A B` leaves A and B",
        example_move: "both 2",
    },
    GameKind {
        spelling: "fibonacci-nim",
        name: "Fibonacci Nim (Whinihan)",
        a_move: "take from one heap: the first move not all of it, each later move at most twice the move before",
        example_game: "fibonacci-nim",
        example_position: "100",
        heap_ruleset: false,
        move_syntax: "`take TAKE` (or just `TAKE`) takes TAKE objects, at most the limit the last move set",
        example_move: "take 3",
    },
    GameKind {
        spelling: "multiple:K",
        name: "K-multiple Nim (Schwenk)",
        a_move: "as Fibonacci Nim, each move after the first at most K times the move before",
        example_game: "multiple:3",
        example_position: "19",
        heap_ruleset: false,
        move_syntax: "`take TAKE` (or just `TAKE`) takes TAKE objects, at most the limit the last move set",
        example_move: "take 2",
    },
    GameKind {
        spelling: "multiplication",
        name: "the multiplication game",
        a_move: "multiply p (from 1) by 2 to 9; whoever first makes p at least N wins",
        example_game: "multiplication",
        example_position: "162",
        heap_ruleset: false,
        move_syntax: "`times M` (or just `M`) multiplies p by M, from 2 to 9",
        example_move: "times 9",
    },
    GameKind {
        spelling: "staircase",
        name: "staircase Nim",
        a_move: "shift coins from one step to the step below (from step 1 they leave)",
        example_game: "staircase",
        example_position: "3 9 5 2 7",
        heap_ruleset: false,
        move_syntax: "`STEP COINS` moves COINS coins from step STEP to the step below (from step 1 they leave)",
        example_move: "2 3",
    },
    GameKind {
        spelling: "moore:K",
        name: "Moore's Nim",
        a_move: "take one or more objects from each of 1 to K heaps",
        example_game: "moore:2",
        example_position: "5 6 9 3",
        heap_ruleset: false,
        move_syntax: "`HEAP TAKE` takes TAKE objects from heap HEAP; `HEAP TAKE, HEAP TAKE` takes from several heaps at once (at most K)",
        example_move: "1 3, 2 4",
    },
    GameKind {
        spelling: "take-or-split:K",
        name: "take or split (Lasker's Nim for K = 2)",
        a_move: "take any number from one heap, or split one heap into exactly K non-empty heaps",
        example_game: "take-or-split:2",
        example_position: "2 2 3",
        heap_ruleset: false,
        move_syntax: "`HEAP TAKE` takes TAKE objects from heap HEAP; `split HEAP into A B` splits it into K heaps",
        example_move: "split 3 into 1 2",
    },
    GameKind {
        spelling: "circle:RULESET",
        name: "a take-and-break game on circles of coins",
        a_move: "take coins that sit together, as a take-and-break RULESET allows on a line; a circle (`12`) leaves one line (`line:10`), and lines play as heaps",
        example_game: "circle:kayles",
        example_position: "12 line:7",
        heap_ruleset: false,
        move_syntax: "`take T from N` takes T coins from circle or line N (from a line they come off an end); `take T from N leaving A B` takes them from a line's middle",
        example_move: "take 2 from 1",
    },
    GameKind {
        spelling: "cutting",
        name: "the cutting game",
        a_move: "cut one sheet of squared paper (`WxH`) into two along a grid line; whoever cuts off a 1 x 1 piece wins",
        example_game: "cutting",
        example_position: "4x2 5x5",
        heap_ruleset: false,
        move_syntax: "`cut SHEET into WxH WxH` cuts sheet SHEET into those two pieces",
        example_move: "cut 1 into 2x2 2x2",
    },
    GameKind {
        spelling: "turtles",
        name: "Turtles",
        a_move: "turn over one or two coins (numbered from 1), the rightmost from heads to tails; the position lists the heads",
        example_game: "turtles",
        example_position: "3 5 9",
        heap_ruleset: false,
        move_syntax: "`turn X` turns over coin X; `turn X Y` turns over coins X and Y (the rightmost must show heads)",
        example_move: "turn 9 4",
    },
    GameKind {
        spelling: "mock-turtles",
        name: "Mock Turtles (HDU 3537)",
        a_move: "turn over one, two or three coins (numbered from 0), the rightmost from heads to tails; the position lists the heads",
        example_game: "mock-turtles",
        example_position: "0 1 2 3 7",
        heap_ruleset: false,
        move_syntax: "`turn X`, `turn X Y` or `turn X Y Z` turns over those coins (the rightmost must show heads)",
        example_move: "turn 7 4 1",
    },
    GameKind {
        spelling: "ruler",
        name: "Ruler",
        a_move: "turn over a run of consecutive coins (numbered from 1), the rightmost from heads to tails; the position lists the heads",
        example_game: "ruler",
        example_position: "3 6 12",
        heap_ruleset: false,
        move_syntax: "`turn A..B` turns over the coins A to B (coin B must show heads); `turn X` turns over coin X",
        example_move: "turn 11..12",
    },
    GameKind {
        spelling: "coins-2d:RULE1xRULE2",
        name: "a product of coin-turning games (HDU 3404 is turtlesxturtles)",
        a_move: "turn over every cell of X x Y, X a move of RULE1 along x and Y of RULE2 along y (`turtles`, `mock-turtles`, `ruler`); heads are cells `x,y`",
        example_game: "coins-2d:turtlesxturtles",
        example_position: "1,1 2,2",
        heap_ruleset: false,
        move_syntax: "`turn X,Y ...` turns over the cells listed, every cell of a move X x Y (the cell with the largest x and y must show heads)",
        example_move: "turn 2,2 1,2 2,1 1,1",
    },
    GameKind {
        spelling: "graph:FILE",
        name: "tokens on a directed graph",
        a_move: "slide one token along an edge of the graph in FILE (lines `u v`; `u v left`/`right` for one player; `win V`/`lose V` goals); with cycles a game may be drawn",
        example_game: "graph:edges.txt",
        example_position: "b c",
        heap_ruleset: false,
        move_syntax: "`TOKEN VERTEX` moves token TOKEN along an edge to vertex VERTEX",
        example_move: "2 d",
    },
    GameKind {
        spelling: "hackenbush",
        name: "Green Hackenbush",
        a_move: "delete one edge of a picture (edges `u-v` on the ground vertex 0, one argument a picture, `@FILE` for a big one); what no longer reaches the ground falls away",
        example_game: "hackenbush",
        example_position: "0-1,1-2,2-0,1-3 0-1,1-1",
        heap_ruleset: false,
        move_syntax: "`cut U-V` deletes edge U-V of picture 1; `cut U-V in P` of picture P",
        example_move: "cut 1-3",
    },
    GameKind {
        spelling: "geography:FILE",
        name: "undirected vertex geography",
        a_move: "move the token to a neighbour not yet visited (FILE: one edge `u v` a line; position `-`: the first move places the token; `a,b,c`: the path so far)",
        example_game: "geography:examples/geography/bzoj1443.txt",
        example_position: "r2c2",
        heap_ruleset: false,
        move_syntax: "`VERTEX` (or `to VERTEX`) moves the token to vertex VERTEX, a neighbour not yet visited (the first move places it)",
        example_move: "r2c3",
    },
    GameKind {
        spelling: "sum",
        name: "a sum of rulesets",
        a_move: "a sum of games: heaps written `RULESET=HEAP`, any other game `GAME=TOKENS` (e.g. `euclid=34,12`)",
        example_game: "sum",
        example_position: "nim=7 subtraction:2,5=9 bounded:3=5",
        heap_ruleset: false,
        move_syntax: "`NUMBER TAKE` takes TAKE from number NUMBER of the whole position (each game's numbers in turn); `NUMBER -> LEFT` leaves LEFT in it",
        example_move: "2 5",
    },
];

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

/// The file `graph:edges.txt` of the catalogue's example of `graph:FILE` (the README shows it):
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
/// let graph = grundy::GAMES.iter().find(|g| g.spelling == "graph:FILE").unwrap();
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

/// The README's table of games (Markdown), which a test keeps equal to the README's own.
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
