//! A game in progress against the computer ([`Session`]): the position, whose turn it is, the
//! history for undo and for a draw by repetition, and the moves played, each in words. It ties
//! together reading a move, checking it and the computer's choice; the front ends keep one per
//! game (`grundy play`) or rebuild one per request (the web app).

use serde::Serialize;

use crate::error::AnalyzeError;
use crate::game::convention::{Convention, Player};
use crate::game::{Game, IllegalMove, Move, Position};
use crate::solve::analysis::{analyze, Analysis, AnalyzeOptions};

use super::{check_turn, choose, describe, describe_to, every, read_move, winner_of, Choice, Level, Rng};

/// How many times a position may come up with the same player to move before the game is
/// declared drawn: the third time (as the threefold repetition of chess).
pub const REPETITIONS_FOR_A_DRAW: usize = 3;

/// A move played in a [`Session`]: the move, in words, and the position after it. In JSON:
/// `heap` (numbered from 1) and `to`, then the fields below.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Played {
    /// The move.
    #[serde(flatten)]
    pub mv: Move,
    /// The move in words, as [`describe`] words it.
    pub text: String,
    /// The position's numbers after it (as [`Position::heaps`]).
    pub result: Vec<u64>,
}

/// A game in progress against the computer: the position, whose turn it is, and the history
/// for undo. `grundy play` keeps one for a whole game; the web app, which keeps no state between
/// requests, builds one per request with [`Session::resume`] to play the person's move and the
/// computer's reply. Every analysis of a session (each computer move, each hint) uses its
/// options' [`QuotientCache`](crate::QuotientCache), so a misère quotient is computed once for
/// the whole game.
///
/// ```
/// use grundy::{AnalyzeOptions, Game, Player, play::{Level, Reason, Session}};
/// let nim: Game = "nim".parse().unwrap();
/// let pos = nim.parse_position(&["7", "9", "12", "15"]).unwrap();
/// let mut s = Session::new(nim, pos, AnalyzeOptions::default(), Player::Second, Level::Perfect, 1);
/// let played = s.play_text("3 11").unwrap();
/// assert_eq!(played.text, "take 11 from heap 3 (12 -> 1)");
/// let reply = s.computer_move().unwrap().unwrap();
/// assert_eq!(reply.reason, Reason::Longest); // the person left a lost position
/// assert_eq!(s.to_move(), Player::First);
/// ```
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    options: AnalyzeOptions,
    position: Position,
    computer: Player,
    level: Level,
    rng: Rng,
    /// Every earlier (position, player to move), oldest first.
    history: Vec<(Position, Player)>,
}

impl Session {
    /// A new game of `game` from `position`, the first player to move; the computer plays
    /// `computer` at `level`, its random choices seeded by `seed`. `options.to_move` is ignored:
    /// the game starts with the first player.
    pub fn new(
        game: Game,
        position: Position,
        options: AnalyzeOptions,
        computer: Player,
        level: Level,
        seed: u64,
    ) -> Self {
        Session::resume(game, position, AnalyzeOptions { to_move: Player::First, ..options }, computer, level, seed)
    }

    /// A game under way: `position` of `game` with `options.to_move` to move, the computer
    /// playing `computer` at `level`, its random choices seeded by `seed`. This is how a front
    /// end that keeps no state between turns (the web app) picks the game up again; the history
    /// starts here, so undo goes back no further.
    pub fn resume(
        game: Game,
        position: Position,
        options: AnalyzeOptions,
        computer: Player,
        level: Level,
        seed: u64,
    ) -> Self {
        // The computer's move and a hint need the player to move alone: an outcome search of
        // a partizan board then skips the other player's game (about half its work).
        let options = AnalyzeOptions { mover_only: true, ..options };
        Session { game, options, position, computer, level, rng: Rng::new(seed), history: vec![] }
    }

    /// The same game with the positions played before it (oldest first, each with the player
    /// to move there), for a front end that keeps the history itself (the web page): a
    /// position repeated three times is then a draw there too ([`Session::drawn`]). Undo goes
    /// back into them as into moves played here.
    pub fn with_history(mut self, history: Vec<(Position, Player)>) -> Self {
        self.history = history;
        self
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Who is to move.
    pub fn to_move(&self) -> Player {
        self.options.to_move
    }

    /// The player the computer plays.
    pub fn computer(&self) -> Player {
        self.computer
    }

    /// The play convention.
    pub fn convention(&self) -> Convention {
        self.options.convention
    }

    /// Whether it is the computer's turn (and the game is not over).
    pub fn computer_to_move(&self) -> bool {
        self.to_move() == self.computer && self.winner().is_none() && self.drawn().is_none()
    }

    /// The winner once the game is over, else `None`.
    pub fn winner(&self) -> Option<Player> {
        winner_of(&self.position, self.convention(), self.to_move())
    }

    /// Why the game is drawn, once it is: the position has come up
    /// [`REPETITIONS_FOR_A_DRAW`] times with the same player to move (only a game with cycles,
    /// tokens on a graph, can repeat one). `None` while the game goes on or has a winner.
    pub fn drawn(&self) -> Option<String> {
        if self.winner().is_some() {
            return None;
        }
        let now = (&self.position, self.to_move());
        let seen = 1 + self.history.iter().filter(|(p, who)| (p, *who) == now).count();
        (seen >= REPETITIONS_FOR_A_DRAW).then(|| {
            format!(
                // Said of the repetition only: a player who could have forced a win may have
                // repeated it (Backsliding Toads and Frogs' T..F, Left shuffling a toad).
                "the same position has come up three times with the {} player to move: the game is drawn by repetition",
                self.to_move()
            )
        })
    }

    fn advance(&mut self, next: Position) {
        let prev = std::mem::replace(&mut self.position, next);
        self.history.push((prev, self.options.to_move));
        self.options.to_move = self.options.to_move.other();
    }

    /// Refuses any move once the game is over.
    fn still_on(&self) -> Result<(), IllegalMove> {
        match (self.winner(), self.drawn()) {
            (Some(_), _) => Err(IllegalMove::new("the game is over: there is no move to make")),
            (None, Some(_)) => Err(IllegalMove::new("the game is over: it is drawn by repetition")),
            (None, None) => Ok(()),
        }
    }

    /// Plays a move for the player to move, read from text (see [`parse_move`](super::parse_move));
    /// refused with the reason when it is illegal or the game is over.
    pub fn play_text(&mut self, text: &str) -> Result<Played, IllegalMove> {
        self.still_on()?;
        if self.convention() == Convention::Every {
            // Read game by game: the position after it is known without reading numbers back.
            let (mv, next) = every::read(&self.position, self.to_move(), text)?;
            return Ok(self.played(mv, next));
        }
        let mv = read_move(&self.position, self.to_move(), text)?;
        self.play(&mv)
    }

    /// Plays `mv` for the player to move, if legal and the game is not over (under Every-SG a
    /// turn: see [`check_turn`]).
    pub fn play(&mut self, mv: &Move) -> Result<Played, IllegalMove> {
        self.still_on()?;
        let next = check_turn(&self.position, self.to_move(), self.convention(), mv)?;
        Ok(self.played(mv.clone(), next))
    }

    /// Records the checked move `mv` that leads to `next`.
    fn played(&mut self, mv: Move, next: Position) -> Played {
        let text = match self.convention() {
            Convention::Every => describe_to(&self.position, &next, &mv),
            Convention::Normal | Convention::Misere => describe(&self.position, &mv),
        };
        let played = Played { text, mv, result: next.heaps() };
        self.advance(next);
        played
    }

    /// Chooses and plays the computer's move for the player to move; `None` when the game is
    /// over.
    pub fn computer_move(&mut self) -> Result<Option<Choice>, AnalyzeError> {
        if self.winner().is_some() || self.drawn().is_some() {
            return Ok(None);
        }
        let c = choose(&self.game, &self.position, &self.options, self.level, &mut self.rng)?;
        Ok(c.map(|(c, next)| {
            self.advance(next);
            c
        }))
    }

    /// The analysis of the current position for the player to move: the winning moves are the
    /// hint.
    pub fn analysis(&self) -> Result<Analysis, AnalyzeError> {
        analyze(&self.game, &self.position, &self.options)
    }

    /// Takes back moves until it is the other side's turn again before the last move of
    /// `player`: the last move of `player` and every move after it. Returns how many moves were
    /// taken back (0 when `player` has not moved).
    pub fn undo(&mut self, player: Player) -> usize {
        let Some(i) = self.history.iter().rposition(|(_, p)| *p == player) else {
            return 0;
        };
        let undone = self.history.len() - i;
        let (position, to_move) = self.history[i].clone();
        self.history.truncate(i);
        self.position = position;
        self.options.to_move = to_move;
        undone
    }

    /// The number of moves played so far.
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::testing::{game, pos};
    use crate::play::Reason;

    /// Every computer move of a session analyses with the session's options, so a misère
    /// Kayles game computes Kayles' quotient once, into the cache the caller gave, whatever
    /// the number of moves.
    #[test]
    fn a_sessions_moves_compute_a_misere_quotient_once() {
        use crate::game::convention::Convention;
        let kayles = game("kayles");
        let quotients = crate::engine::QuotientCache::default();
        let options = AnalyzeOptions {
            convention: Convention::Misere,
            quotients: quotients.clone(),
            ..AnalyzeOptions::default()
        };
        let mut s =
            Session::new(kayles.clone(), pos(&kayles, &["10", "11"]), options, Player::First, Level::Perfect, 0);
        let mut moves = 0;
        // The computer plays the player to move: both sides here, with a hint between.
        while moves < 4 && s.computer_move().unwrap().is_some() {
            moves += 1;
            s.analysis().unwrap();
        }
        assert_eq!(moves, 4);
        assert_eq!((quotients.computed(), quotients.len()), (1, 1));
    }

    #[test]
    fn session_tracks_turns_winner_and_undo() {
        let kl = game("kl:1,2");
        let p = pos(&kl, &["1"]);
        // The first player may not take 1 and has no move: the game is over at once.
        let s = Session::new(kl, p, AnalyzeOptions::default(), Player::Second, Level::Perfect, 0);
        assert_eq!(s.winner(), Some(Player::Second));

        let nim = game("nim");
        let mut s = Session::new(
            nim.clone(),
            pos(&nim, &["1", "2", "3"]),
            AnalyzeOptions::default(),
            Player::Second,
            Level::Perfect,
            0,
        );
        assert_eq!(s.undo(Player::First), 0);
        s.play_text("3 1").unwrap();
        assert_eq!(s.to_move(), Player::Second);
        assert!(s.computer_to_move());
        s.computer_move().unwrap().unwrap();
        assert_eq!(s.moves_played(), 2);
        assert_eq!(s.undo(Player::First), 2);
        assert_eq!(s.position().heaps(), vec![1, 2, 3]);
        assert_eq!(s.to_move(), Player::First);
        assert!(s.play_text("4 1").is_err());
        assert_eq!(s.moves_played(), 0);
    }

    /// What the web app's stateless requests need: a game picked up with the second player to
    /// move, the person's move checked for that player, the computer's reply, and a finished
    /// game refusing moves with the reason.
    #[test]
    fn a_session_picks_up_a_game_under_way() {
        let kl = game("kl:2,3");
        let options = AnalyzeOptions { to_move: Player::Second, ..AnalyzeOptions::default() };
        let mut s = Session::resume(kl.clone(), pos(&kl, &["5"]), options, Player::First, Level::Perfect, 0);
        assert_eq!(s.to_move(), Player::Second);
        assert!(!s.computer_to_move());
        assert_eq!(
            s.play_text("1 3").unwrap_err().to_string(),
            "heap 1: the second player may never take exactly 3 (kl:2,3)"
        );
        let played = s.play_text("1 2").unwrap();
        assert_eq!(played.mv, Move::new(0, vec![3]));
        assert_eq!((played.text.as_str(), played.result), ("take 2 from heap 1 (5 -> 3)", vec![3]));
        assert!(s.computer_to_move());
        // The first player may not take 2 but may take all 3, and wins.
        let c = s.computer_move().unwrap().unwrap();
        assert_eq!((c.mv, c.reason), (Move::new(0, vec![0]), Reason::Winning));
        assert_eq!(s.winner(), Some(Player::First));
        assert_eq!(s.play_text("1 1").unwrap_err().to_string(), "the game is over: there is no move to make");
        assert_eq!(s.computer_move().unwrap(), None);
        assert_eq!(s.undo(Player::Second), 2);
        assert_eq!(s.undo(Player::Second), 0, "the history starts where the session was picked up");
        assert_eq!((s.position().heaps(), s.to_move()), (vec![5], Player::Second));
    }
}
