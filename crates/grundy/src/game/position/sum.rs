//! A sum of different games (`sum euclid=34,12 wythoff=3,5 kayles=7`): a move is a move in one
//! of them. The position's numbers are the games' numbers one after another, so that a
//! [`Move`] names them as in any other position; [`Parts`] finds which game a number belongs
//! to. A heap of a sum is one game (a sum of one heap), and stays one heap a game when it
//! splits.

use crate::game::convention::Player;
#[cfg(feature = "draw")]
use crate::game::games::part_words;
use crate::game::games::{part_token, replaced, Parts};
use crate::game::{IllegalMove, Move};
#[cfg(feature = "draw")]
use crate::rules::draw::{Sketch, Target};
#[cfg(feature = "draw")]
use crate::rules::faces;

use super::{GamePosition, HeapTokens, Position};

/// The games of a sum, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameSum {
    parts: Vec<Position>,
}

impl GameSum {
    /// The sum of `parts`.
    pub fn new(parts: Vec<Position>) -> Self {
        GameSum { parts }
    }

    fn layout(&self) -> Parts {
        Parts::of(&self.parts)
    }
}

impl GamePosition for GameSum {
    fn numbers(&self) -> Vec<u64> {
        self.parts.iter().flat_map(Position::heaps).collect()
    }

    fn labels(&self) -> Vec<String> {
        // Each number named first as a move types it (numbers of the whole position, `5 1`),
        // then by its game, as the explanation and the moves name it: "number 5: game 3
        // (kayles), heap 1". One numbering to type, the game's to read.
        let mut out = vec![];
        for (part, p) in self.parts.iter().enumerate() {
            let name = p.kind().name_in_sum();
            for label in p.labels() {
                out.push(format!("number {}: game {} ({name}), {label}", out.len() + 1, part + 1));
            }
        }
        out
    }

    fn tokens(&self, _style: HeapTokens) -> Vec<String> {
        self.parts.iter().map(part_token).collect()
    }

    fn name_in_sum(&self) -> String {
        "sum".into()
    }

    fn after(&self, mv: &Move) -> Option<Position> {
        let (i, local) = self.layout().local(mv)?;
        Some(replaced(&self.parts, i, self.parts.get(i)?.after(&local)?))
    }

    fn with_numbers(&self, numbers: &[u64]) -> Option<Position> {
        let mut at = 0;
        let mut out = vec![];
        for p in &self.parts {
            let n = p.heaps().len();
            out.push(p.with_numbers(numbers.get(at..at + n)?)?);
            at += n;
        }
        (at == numbers.len()).then(|| Position::of_games(out))
    }

    fn is_one_move(&self, mv: &Move) -> bool {
        self.layout().local(mv).is_some()
    }

    fn check_move(&self, player: Player, mv: &Move) -> Result<Position, IllegalMove> {
        let (i, local) = self.layout().local(mv).ok_or_else(|| {
            IllegalMove::new(format!(
                "a move is made in one game of the sum; numbers {} to {} are not all in one",
                mv.heap + 1,
                mv.heap + mv.width.max(1)
            ))
        })?;
        let part = self.parts.get(i).ok_or_else(|| IllegalMove::new("no such game"))?;
        let next = part
            .kind()
            .check_move(player, &local)
            .map_err(|e| IllegalMove::new(format!("game {} ({}): {e}", i + 1, part.kind().name_in_sum())))?;
        Ok(replaced(&self.parts, i, next))
    }

    fn moves(&self, player: Player) -> Vec<(Move, Position)> {
        // A move of a sum of games is a move of one of them.
        let layout = self.layout();
        let mut out = vec![];
        for (i, part) in self.parts.iter().enumerate() {
            for (m, next) in part.kind().moves(player) {
                out.push((layout.global(i, &m), replaced(&self.parts, i, next)));
            }
        }
        out
    }

    fn has_move(&self, player: Player) -> bool {
        self.parts.iter().any(|p| p.kind().has_move(player))
    }

    fn random_move(&self, player: Player, below: &mut dyn FnMut(u64) -> u64) -> Option<Move> {
        // A random game with a move, then a random move in it.
        let alive: Vec<usize> =
            (0..self.parts.len()).filter(|&i| self.parts.get(i).is_some_and(|p| p.kind().has_move(player))).collect();
        let i = *alive.get(below(alive.len().max(1) as u64) as usize)?;
        let m = self.parts.get(i)?.kind().random_move(player, below)?;
        Some(self.layout().global(i, &m))
    }

    fn smallest_move(&self, player: Player) -> Option<Move> {
        // The first game's smallest move.
        let layout = self.layout();
        self.parts.iter().enumerate().find_map(|(i, p)| p.kind().smallest_move(player).map(|m| layout.global(i, &m)))
    }

    fn describe(&self, mv: &Move) -> String {
        match self.layout().local(mv).and_then(|(i, local)| Some((i, local, self.parts.get(i)?))) {
            // Worded as analyze words it: the game's own move, with which game of the sum it
            // is, as the explanation names it.
            Some((i, local, part)) => {
                format!("in game {} ({}): {}", i + 1, part.kind().name_in_sum(), part.kind().describe(&local))
            }
            None => mv.to_string(),
        }
    }

    fn summands(&self) -> Vec<(usize, Position)> {
        let layout = self.layout();
        self.parts.iter().enumerate().map(|(i, p)| (layout.start(i), p.clone())).collect()
    }

    fn with_summands(&self, after: Vec<Position>) -> Position {
        let mut out = vec![];
        for p in after {
            match p.as_heaps() {
                // A game of heaps that split stays one heap per game, as `replaced` keeps it.
                Some(cs) if cs.len() != 1 => out.extend(cs.iter().map(|c| Position::of_heaps(vec![c.clone()]))),
                _ => out.push(p),
            }
        }
        Position::of_games(out)
    }

    fn key(&self) -> (Position, bool) {
        // The order of the games does not matter, nor finished heaps.
        let finished = |p: &Position| p.as_heaps().is_some_and(|cs| cs.iter().all(|c| c.heap == 0));
        let mut who_matters = false;
        let mut parts: Vec<Position> = vec![];
        for p in self.parts.iter().filter(|p| !finished(p)) {
            let (key, partizan) = p.kind().key();
            who_matters |= partizan;
            parts.push(key);
        }
        parts.sort_by_cached_key(|p| format!("{p:?}"));
        // A sum holding a partizan game cares who moves, as that game does.
        (Position::of_games(parts), who_matters)
    }

    #[cfg(feature = "draw")]
    fn sketch(&self, _limits: bool, mover: usize) -> Sketch {
        // Each game drawn as its own, one under the other, headed by its number and its
        // position in its own notation (`1: domineering ../..`, as the sum's layout reads
        // back); each move is typed `K: MOVE` in that game's own syntax.
        let parts = &self.parts;
        let mut s = Sketch::new();
        let whole: Vec<u64> = self.numbers();
        let layout = self.layout();
        let mut y = 4.0;
        for (k, part) in parts.iter().enumerate().take(faces::MAX_ROWS) {
            let (start, len) = (layout.start(k), part.heaps().len());
            s.text(8.0, y + 14.0, &format!("{}: {}", k + 1, part_words(part)), "label", "start");
            let mut inner = part.kind().sketch(false, mover);
            // A part that is over for the mover is not the sum's end: its verdict is left out.
            inner.drop_verdicts();
            for c in inner.take_controls() {
                if let Some(c) = c.shifted(start) {
                    s.control(c);
                }
            }
            let height = inner.fitted_height();
            let whole = &whole;
            let numbers = part.heaps();
            s.place(inner, 0.0, y + 20.0, move |t: Target| {
                // A target known by its words alone is read in its game (the face vouched for
                // it).
                let Some(local) = t.after.clone().or_else(|| part.kind().after_words(t.words.as_deref()?, mover))
                else {
                    return Target { after: None, words: None };
                };
                // The game's own words for the move, else its numbered form within the game.
                let words = t.words.or_else(|| Move::between(&numbers, &local).map(|m| m.to_string()));
                let mut after = whole.get(..start).unwrap_or_default().to_vec();
                after.extend(local);
                after.extend_from_slice(whole.get(start + len..).unwrap_or_default());
                Target { after: Some(after), words: words.map(|w| format!("{}: {w}", k + 1)) }
            });
            y += 24.0 + height;
        }
        y = faces::left_out(&mut s, y, parts.len(), "games");
        s.height = y + 4.0;
        // The rows under the drawing: each game in its own notation, not the numbers of the
        // whole position one by one.
        s.word_rows(parts.iter().enumerate().map(|(k, p)| (format!("game {}", k + 1), part_words(p))).collect());
        s
    }

    fn as_parts(&self) -> Option<&[Position]> {
        Some(&self.parts)
    }
}
