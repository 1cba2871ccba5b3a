//! Moves as a person types them: reading a typed move or turn (`3 11`, `2 -> 5`, `take 11 from
//! heap 3`, a board game's own words, Every-SG turns joined by `;`), checked before it is
//! played, and writing a turn back in a form that reads back. Reading is kept apart from the
//! legality checks so that the reasons a text is refused name what was typed.

use crate::game::convention::{Convention, Player};
use crate::game::moves::heap_index;
use crate::game::{IllegalMove, Move, Position};
use crate::number::parse_u64;

use super::{apply, check_move, every, example_moves, graph_of, plural};
use crate::rules::catalogue::move_syntax_of;

/// Reads a person's move and checks it: `3 11` takes 11 from heap 3, `2 -> 5` leaves 5 in heap
/// 2, `2 -> 3 4` splits heap 2 into heaps of 3 and 4 (splitting games), `take 11 from heap 3`
/// as `analyze` words it; in a sum of games `K: MOVE` is MOVE in game K, as it reads alone;
/// in the divisor game `4` divides n by 4 and `-> 3` (or `1 -> 3`) leaves
/// 3. Every move reads back from what its `Display` writes (`3 -> 1`).
///
/// ```
/// use grundy::{Game, Player, play::{parse_move, Move}};
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["7", "9", "12", "15"]).unwrap();
/// assert_eq!(parse_move(&pos, Player::First, "3 11").unwrap(), Move::new(2, vec![1]));
/// assert_eq!(parse_move(&pos, Player::First, "2 -> 4").unwrap(), Move::new(1, vec![4]));
/// assert!(parse_move(&pos, Player::First, "5 1").unwrap_err().to_string().contains("no heap 5"));
/// ```
#[cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]
pub fn parse_move(position: &Position, player: Player, text: &str) -> Result<Move, IllegalMove> {
    let mv = read_move(position, player, text)?;
    check_move(position, player, &mv)?;
    Ok(mv)
}

/// Reads the text of a move without checking it is legal (beyond what reading needs); a text
/// that is not a move is refused in the game's own words ([`in_own_words`]).
#[cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing))]
pub(super) fn read_move(position: &Position, player: Player, text: &str) -> Result<Move, IllegalMove> {
    read_plain(position, player, text).map_err(|(reason, whose)| match whose {
        Reason::Worded => reason,
        Reason::Own => reason,
        Reason::General => in_own_words(position, player, text.trim(), reason),
    })
}

/// Whose reason a text is not a move: a game of a sum's (already in that game's own words),
/// the game's own reader's, or the general forms' (which speak of heaps).
enum Reason {
    Worded,
    Own,
    General,
}

/// The move `text` reads as, when it is one and legal, read without wording a refusal: the
/// examples of [`in_own_words`] are checked this way (a refusal worded with examples, each
/// checked by reading it, would never end).
pub(super) fn reads_as(position: &Position, player: Player, text: &str) -> Option<Move> {
    let mv = read_plain(position, player, text).ok()?;
    check_move(position, player, &mv).ok()?;
    Some(mv)
}

/// [`read_move`] without its words: the reason a text is not a move, and whose it is.
fn read_plain(position: &Position, player: Player, text: &str) -> Result<Move, (IllegalMove, Reason)> {
    let t = text.trim();
    if let Some(parts) = position.as_parts() {
        if let Some(mv) = read_part_move(parts, player, t).map_err(|e| (e, Reason::Worded))? {
            return Ok(mv);
        }
    }
    if let Some((g, numbers)) = graph_of(position) {
        let (token, v) = g.read_token_move(numbers, t).map_err(|e| (e, Reason::Own))?;
        return Ok(Move::new(token, vec![u64::from(v)]));
    }
    if let Some((b, numbers)) = position.as_board() {
        if let Some(read) = b.rules().read_move(numbers, t, player.index()) {
            return read
                .and_then(|after| {
                    Move::between(numbers, &after).ok_or_else(|| "a move must change the position".to_string())
                })
                .map_err(|e| (IllegalMove::new(e), Reason::Own));
        }
    }
    read_general(position, t).map_err(|e| (e, Reason::General))
}

/// A text that is not a move, refused in the game's own words: how its moves are typed
/// ([`move_syntax_of`], its forms in quotes) and a legal move of the position as typed
/// ([`example_moves`]), so that a player of Konane is not told to type a heap and what to
/// take. `own` says whether the reason is the game's own reader's; the general forms' reasons
/// speak of heaps, and are kept only for a game whose moves are typed with heaps (Nim, K-L-Nim,
/// Wythoff's game), else the text is said not to be a move of the game.
fn in_own_words(position: &Position, player: Player, t: &str, reason: IllegalMove) -> IllegalMove {
    // Heaps all of one ruleset are that ruleset's (Kayles' rows of pins), not a sum's.
    let name = match position.as_heaps() {
        Some([first, rest @ ..]) if rest.iter().all(|c| c.ruleset == first.ruleset) => first.ruleset.to_string(),
        _ => position.kind().name_in_sum(),
    };
    let syntax = move_syntax_of(&name).map(|s| s.replace('`', "'"));
    let heaps = syntax.as_deref().is_some_and(|s| s.to_lowercase().contains("heap"));
    let message = if heaps { reason.to_string() } else { format!("'{t}' is not a move of {name}") };
    let example = example_moves(position, player).into_iter().next().map(|m| format!("here e.g. '{}'", m.typed));
    let help: Vec<String> = syntax.into_iter().chain(example).collect();
    if help.is_empty() {
        return IllegalMove::new(message);
    }
    IllegalMove::new(format!("{message} ({})", help.join("; ")))
}

/// Reads the general forms every game reads, `HEAP TAKE`, `take TAKE from heap HEAP` and
/// `HEAP -> LEFT` (a game's numbers standing for the heaps).
fn read_general(position: &Position, t: &str) -> Result<Move, IllegalMove> {
    let num = |s: &str, what: &str| parse_u64(s, what).map_err(IllegalMove::new);
    let heaps = position.heaps();
    let heap_index = |s: &str| heap_index(s, Some(heaps.len()));
    let taking = |heap: usize, take: u64| -> Result<Move, IllegalMove> {
        // `heap` comes from `heap_index`, so it is in range.
        let n = heaps.get(heap).copied().unwrap_or(0);
        let left = n
            .checked_sub(take)
            .ok_or_else(|| IllegalMove::new(format!("heap {}: it has only {}", heap + 1, plural(n, "object"))))?;
        Ok(Move::new(heap, vec![left]))
    };
    if let Some((h, rest)) = t.split_once("->") {
        // What `Move`'s `Display` writes, read by its own reader with the heaps' range.
        return Move::read_arrow(h, rest, Some(heaps.len()));
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    match words[..] {
        ["take", take, "from", "heap", h] => taking(heap_index(h)?, num(take, "the number taken")?),
        [h, take] => taking(heap_index(h)?, num(take, "the number taken")?),
        // How moves are typed is told by `in_own_words`, in the game's words.
        _ => Err(IllegalMove::new(format!("'{t}' is not a move"))),
    }
}

/// Reads a move of a sum of games typed `K: MOVE`, MOVE in game K's own syntax (`1: a1 a2`,
/// `2: 1-2`, `3: 1 2`), as a move of the whole position; `None` when `text` is not of that
/// form (the numbered form of the whole position reads it instead).
fn read_part_move(parts: &[Position], player: Player, text: &str) -> Result<Option<Move>, IllegalMove> {
    let Some((number, rest)) = text.split_once(':') else { return Ok(None) };
    let number = number.trim();
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let no_game = || {
        IllegalMove::new(format!("there is no game {number} (the games of the sum are numbered 1 to {})", parts.len()))
    };
    let k = parse_u64(number, "the game's number").map_err(|_| no_game())?;
    let i = usize::try_from(k).ok().and_then(|k| k.checked_sub(1)).ok_or_else(no_game)?;
    let part = parts.get(i).ok_or_else(no_game)?;
    // Named as the sum's own refusals name a game (`GameSum::check_move`).
    let local = read_move(part, player, rest)
        .map_err(|e| IllegalMove::new(format!("game {} ({}): {e}", i + 1, part.kind().name_in_sum())))?;
    Ok(Some(crate::game::games::Parts::of(parts).global(i, &local)))
}

/// Reads a person's turn under `convention` and checks it. Under Every-SG: the moves of each
/// game that is not over joined by `;`, each as [`parse_move`] reads a move, numbered in the
/// whole position (`1 3; 2 -> 5`), or one move over several games in the general form
/// (`1..2 -> 0 2`); under normal and misère play, [`parse_move`].
///
/// ```
/// use grundy::{Convention, Game, Player, play::{parse_turn, Move}};
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["3", "5"]).unwrap();
/// let turn = parse_turn(&pos, Player::First, Convention::Every, "1 3; 2 -> 2").unwrap();
/// assert_eq!(turn, Move::between(&[3, 5], &[0, 2]).unwrap());
/// assert_eq!(parse_turn(&pos, Player::First, Convention::Every, "1..2 -> 0 2").unwrap(), turn);
/// ```
pub fn parse_turn(
    position: &Position,
    player: Player,
    convention: Convention,
    text: &str,
) -> Result<Move, IllegalMove> {
    match convention {
        Convention::Every => every::read(position, player, text).map(|(mv, _)| mv),
        Convention::Normal | Convention::Misere => parse_move(position, player, text),
    }
}

/// A turn as a person types it: `mv`'s own form (`3 -> 1`, `1..2 -> 2 5`), and under Every-SG
/// each game's move joined by `;` (`1 -> 0; 3 -> 2 3`; in a sum of games each after its game's
/// number, `1: 1 -> 0; 2: 2 -> 2 3`), which cannot be misread whatever the games.
///
/// ```
/// use grundy::{Convention, Game, play::{typed_turn, Move}};
/// let sum: Game = "sum".parse().unwrap();
/// let pos = sum.parse_position(&["euclid=5,3", "euclid=3,2"]).unwrap();
/// let turn = Move::between(&[5, 3, 3, 2], &[2, 3, 1, 2]).unwrap();
/// assert_eq!(typed_turn(&pos, Convention::Every, &turn), "1: 1 -> 2; 2: 1 -> 1");
/// ```
pub fn typed_turn(position: &Position, convention: Convention, mv: &Move) -> String {
    match convention {
        // A turn across games is shared out among them first: read as one game's move, its
        // numbers could leave a game in a position no legal move reaches.
        Convention::Every => every::typed(position, &every::apply(position, mv).unwrap_or_else(|| apply(position, mv))),
        Convention::Normal | Convention::Misere => mv.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::testing::{game, pos};

    #[test]
    fn reads_every_form_and_names_the_problem() {
        let nim = game("nim");
        let p = pos(&nim, &["7", "9", "12", "15"]);
        let f = Player::First;
        assert_eq!(parse_move(&p, f, " 3 11 ").unwrap(), Move::new(2, vec![1]));
        assert_eq!(parse_move(&p, f, "2->4").unwrap(), Move::new(1, vec![4]));
        assert_eq!(parse_move(&p, f, "take 11 from heap 3").unwrap(), Move::new(2, vec![1]));
        // A text that is not read: the reason, then how the game's moves are typed and a legal
        // one (`in_own_words`); a move read but not legal: the reason alone.
        let err = |t: &str| {
            let e = parse_move(&p, f, t).unwrap_err().to_string();
            let help =
                " ('HEAP TAKE' takes TAKE objects from heap HEAP; 'HEAP -> LEFT' leaves LEFT in it; here e.g. '1 1')";
            e.strip_suffix(help).unwrap_or(&e).to_string()
        };
        assert_eq!(err("9 1"), "there is no heap 9 (the heaps are numbered 1 to 4)");
        assert_eq!(err("0 1"), "there is no heap 0 (the heaps are numbered 1 to 4)");
        assert_eq!(err("1 8"), "heap 1: it has only 7 objects");
        assert_eq!(err("1 0"), "heap 1: a move must take at least one object");
        assert_eq!(err("1 -> 7"), "heap 1: a move must take at least one object");
        assert_eq!(err("1 -> 8"), "heap 1: it has only 7 objects; a move cannot add any");
        assert!(err("x y").contains("the heap number 'x' is not a number"));
        assert!(err("1 -2").contains("negative"));
        assert!(err("hello").contains("is not a move"));
        assert!(err("").contains("is not a move"));
        assert!(err("1 ->").contains("say what is left"));
        assert!(err("1 -> 2 3").contains("7 cannot become 2, 3 in nim"));

        let d = game("divisor");
        let p = pos(&d, &["12"]);
        assert_eq!(parse_move(&p, f, "4").unwrap(), Move::new(0, vec![3]));
        assert_eq!(parse_move(&p, f, "-> 6").unwrap(), Move::new(0, vec![6]));
        assert_eq!(parse_move(&p, f, "6").unwrap_err().to_string(), "6 is not a power of a prime");
        assert_eq!(parse_move(&p, f, "5").unwrap_err().to_string(), "5 does not divide 12");
        assert!(parse_move(&p, f, "1").unwrap_err().to_string().contains("not a move"));
        assert!(parse_move(&p, f, "-> 5").unwrap_err().to_string().contains("12 cannot become 5"));

        let kl = game("kl:2,3");
        let p = pos(&kl, &["5"]);
        assert!(parse_move(&p, Player::First, "1 3").is_ok());
        assert_eq!(
            parse_move(&p, Player::First, "1 2").unwrap_err().to_string(),
            "heap 1: the first player may never take exactly 2 (kl:2,3)"
        );
        assert!(parse_move(&p, Player::Second, "1 2").is_ok());
        assert!(parse_move(&p, Player::Second, "1 3").is_err());

        let s = game("subtraction:2,5");
        let p = pos(&s, &["9"]);
        assert_eq!(
            parse_move(&p, f, "1 3").unwrap_err().to_string(),
            "heap 1: only 2, 5 may be taken in subtraction:2,5"
        );
    }
}
