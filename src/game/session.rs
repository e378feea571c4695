//! The session: moves with undo and redo, the score of finished games kept apart for each
//! mode and board, the earlier games that Undo can bring back, and the generation counter
//! that lets a front end drop engine answers for positions no longer on the board.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rules::{Cell, MoveError, Outcome, Position, Rule, Side};

use super::record::{self, GameRecord, RecordError};

use super::{EngineTurn, Mode, Player, Settings, Tally};

/// How many games set aside Undo can bring back; older ones are forgotten.
pub const EARLIER_GAMES: usize = 20;

/// A game in progress, its settings, the session's scores and the games set aside before it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "SavedSession", into = "SavedSession")]
pub struct Session {
    settings: Settings,
    players: [Player; 2],
    position: Position,
    moves: Vec<Cell>,
    /// Moves taken back, the next to redo last.
    redo: Vec<Cell>,
    /// One score per mode and board: a win against the computer is not an X win between
    /// two players, and a 3x3 result says nothing about 15x15.
    scores: Vec<Score>,
    /// The current game's result as it stands in the tally: undoing out of a finished game
    /// and finishing it the same way does not count twice, and finishing it differently
    /// replaces the result counted before.
    counted: Option<Verdict>,
    generation: u64,
    /// Games set aside by New game, a change of board or a change of who plays whom, the
    /// latest last; at most [`EARLIER_GAMES`].
    earlier: Vec<EarlierGame>,
}

/// The most games of one result a score can count; more is a damaged saved state (a game a
/// second, day and night, for eleven days).
pub const MOST_GAMES_COUNTED: u32 = 1_000_000;

/// A finished game's result as the tally counts it (see [`Tally`] for whose point of view).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Verdict {
    Win,
    Loss,
    Draw,
}

impl Verdict {
    /// The result of `outcome` under `settings`: against the computer from the person's
    /// side, otherwise from X's.
    fn of(settings: &Settings, outcome: &Outcome) -> Verdict {
        let human = match settings.mode {
            Mode::HumanVsComputer => Side::BOTH
                .into_iter()
                .find(|&s| settings.players()[s.index()] == Player::Human),
            _ => Some(Side::X),
        };
        match (outcome.winner(), human) {
            (None, _) => Verdict::Draw,
            (Some(w), Some(h)) if w == h => Verdict::Win,
            _ => Verdict::Loss,
        }
    }

    /// This result's count in `tally`.
    fn slot(self, tally: &mut Tally) -> &mut u32 {
        match self {
            Verdict::Win => &mut tally.wins,
            Verdict::Loss => &mut tally.losses,
            Verdict::Draw => &mut tally.draws,
        }
    }

    /// What a state saved before results were kept made of its `counted` flag: the result
    /// at the end of the game's line (its moves, then the moves to redo), which is the one
    /// counted unless a different line was started after undo; then it is not known, and a
    /// new ending counts without taking anything back.
    fn legacy(settings: &Settings, moves: &[Cell], redo: &[Cell]) -> Option<Verdict> {
        let mut position = Position::new(settings.rule);
        for cell in moves.iter().chain(redo.iter().rev()) {
            position.play(*cell).ok()?;
        }
        position.outcome().map(|o| Verdict::of(settings, &o))
    }
}

/// The score of one mode on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Score {
    rule: Rule,
    mode: Mode,
    tally: Tally,
}

/// A game set aside, exactly as it was, so that Undo can put it back on the board.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct EarlierGame {
    settings: Settings,
    moves: Vec<Cell>,
    redo: Vec<Cell>,
    /// Whether a result is in the tally; still written for versions that read only this.
    counted: bool,
    /// The result in the tally; absent in states saved before results were kept.
    #[serde(default)]
    counted_as: Option<Verdict>,
}

impl EarlierGame {
    /// The game's position, or why its moves cannot be played (a damaged saved state).
    fn replay(&self) -> Result<Position, String> {
        replay(self.settings.rule, &self.moves, &self.redo)
    }
}

/// The position after `moves` on an empty board of `rule`, checking that the `redo` moves
/// (the next to redo last) can be played after them.
fn replay(rule: Rule, moves: &[Cell], redo: &[Cell]) -> Result<Position, String> {
    let mut position = Position::new(rule);
    for cell in moves {
        position.play(*cell).map_err(|e| e.to_string())?;
    }
    let mut check = position.clone();
    for cell in redo.iter().rev() {
        check.play(*cell).map_err(|e| e.to_string())?;
    }
    Ok(position)
}

/// Which sides a person plays: equal for two settings exactly when they set the same people
/// against the same opponents (the computer's strength aside).
fn seats(settings: &Settings) -> [bool; 2] {
    settings.players().map(|p| p == Player::Human)
}

impl Session {
    /// A new game with these settings.
    #[must_use]
    pub fn new(settings: Settings) -> Session {
        Session {
            players: settings.players(),
            position: Position::new(settings.rule),
            settings,
            moves: Vec::new(),
            redo: Vec::new(),
            scores: Vec::new(),
            counted: None,
            generation: 0,
            earlier: Vec::new(),
        }
    }

    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The position on the board.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, X's first.
    #[must_use]
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    #[must_use]
    pub fn last_move(&self) -> Option<Cell> {
        self.moves.last().copied()
    }

    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// Who plays `side`.
    #[must_use]
    pub fn player(&self, side: Side) -> &Player {
        &self.players[side.index()]
    }

    /// Who is to move, or `None` when the game is over.
    #[must_use]
    pub fn player_to_move(&self) -> Option<&Player> {
        (!self.position.is_over()).then(|| self.player(self.position.side_to_move()))
    }

    /// Whether a program (the computer or an engine from outside) should move now.
    #[must_use]
    pub fn is_computer_to_move(&self) -> bool {
        matches!(
            self.player_to_move(),
            Some(Player::Computer(_) | Player::Engine(_))
        )
    }

    /// The turn of the engine from outside to move, if one is to move: its command, side and
    /// limits, and the moves so far.
    #[must_use]
    pub fn engine_turn(&self) -> Option<EngineTurn> {
        let Some(Player::Engine(command)) = self.player_to_move() else {
            return None;
        };
        Some(EngineTurn {
            command: command.clone(),
            side: self.position.side_to_move(),
            limits: self.settings.engines.limits,
            moves: self.moves.clone(),
        })
    }

    /// Changes whenever the position does (a move, undo, redo, new game, new settings, an
    /// earlier game brought back); it never goes back to an earlier value.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The results of the games finished in the current mode on the current board.
    #[must_use]
    pub fn tally(&self) -> Tally {
        self.tally_for(&self.settings.rule, self.settings.mode)
    }

    /// Resets every score that counts more than [`MOST_GAMES_COUNTED`] games of one kind (a
    /// number no one plays: a damaged or edited saved state). Returns whether one was reset.
    pub fn reset_impossible_scores(&mut self) -> bool {
        let impossible = |t: &Tally| {
            [t.wins, t.losses, t.draws]
                .iter()
                .any(|&n| n > MOST_GAMES_COUNTED)
        };
        let before = self.scores.len();
        self.scores.retain(|s| !impossible(&s.tally));
        before != self.scores.len()
    }

    /// The results of the games finished in `mode` on the board of `rule`.
    #[must_use]
    pub fn tally_for(&self, rule: &Rule, mode: Mode) -> Tally {
        self.scores
            .iter()
            .find(|s| s.rule == *rule && s.mode == mode)
            .map_or_else(Tally::default, |s| s.tally)
    }

    /// How many games set aside Undo can still bring back.
    #[must_use]
    pub fn earlier_games(&self) -> usize {
        self.earlier.len()
    }

    /// Plays `cell` for the side to move; a refused move changes nothing.
    pub fn play(&mut self, cell: Cell) -> Result<(), MoveError> {
        self.position.play(cell)?;
        self.moves.push(cell);
        self.redo.clear();
        self.changed();
        Ok(())
    }

    /// Whether [`Session::undo`] would do anything: take back a move a person made (or any
    /// move, when nobody at the board is a person), or else bring back a game set aside.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.can_undo_move() || !self.earlier.is_empty()
    }

    /// Whether the game on the board has a move that undo would take back.
    fn can_undo_move(&self) -> bool {
        let no_humans = self.players.iter().all(|p| *p != Player::Human);
        (0..self.moves.len()).any(|i| no_humans || self.players[i % 2] == Player::Human)
    }

    /// Takes back moves until it is a person's turn again: against the computer, its reply
    /// and your move together. When nothing of this game can be taken back (an empty board,
    /// or only the computer's opening), brings back the latest game set aside, with its
    /// board, settings, moves and moves to redo as they were; the game left is dropped, as
    /// it holds no move of a person's. Returns whether anything changed.
    pub fn undo(&mut self) -> bool {
        if self.can_undo_move() {
            self.undo_move();
            true
        } else {
            self.bring_back()
        }
    }

    /// Takes back the moves of one undo in the game on the board.
    fn undo_move(&mut self) {
        let no_humans = self.players.iter().all(|p| *p != Player::Human);
        while let Some(cell) = self.moves.pop() {
            let index = self
                .position
                .geometry()
                .index(cell)
                .expect("moves are on the board");
            self.position.unmake(index);
            self.redo.push(cell);
            if no_humans || *self.player(self.position.side_to_move()) == Player::Human {
                break;
            }
        }
        self.generation += 1;
    }

    /// Puts the latest game set aside back on the board. A game whose moves cannot be
    /// replayed (never expected: they are checked when set aside and when loaded) is skipped.
    fn bring_back(&mut self) -> bool {
        while let Some(game) = self.earlier.pop() {
            let Ok(position) = game.replay() else {
                continue;
            };
            self.players = game.settings.players();
            self.settings = game.settings;
            self.position = position;
            self.moves = game.moves;
            self.redo = game.redo;
            self.counted = game.counted_as;
            self.generation += 1;
            return true;
        }
        false
    }

    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Replays what undo took back, up to the next turn of a person.
    pub fn redo(&mut self) -> bool {
        let no_humans = self.players.iter().all(|p| *p != Player::Human);
        let mut any = false;
        while let Some(cell) = self.redo.pop() {
            self.position
                .play(cell)
                .expect("redo replays moves that were legal here");
            self.moves.push(cell);
            any = true;
            if no_humans || self.player_to_move().is_none_or(|p| *p == Player::Human) {
                break;
            }
        }
        if any {
            self.changed();
        }
        any
    }

    /// An empty board with the same settings; the scores are kept. The game it replaces, if
    /// a move was played in it, is set aside: Undo on the new game's first position brings it
    /// back, so a slip of the hand on New game loses nothing.
    pub fn new_game(&mut self) {
        self.set_aside();
        self.empty_board();
    }

    /// New settings. Returns whether the game in progress was set aside for a new game
    /// (Undo on the new game's first position brings it back, with its own settings).
    ///
    /// A different board, or different people against different opponents (the mode, or
    /// who moves first against the computer), starts a new game once a move has been
    /// played: the moves were made by the old players, and handing a side to someone else
    /// in the middle would let the computer take a person's side. Before any move the change
    /// simply applies. A different computer player or strength applies to the game on the
    /// board from the next move on.
    pub fn set_settings(&mut self, settings: Settings) -> bool {
        let new_board = settings.rule != self.settings.rule;
        let new_players = seats(&settings) != seats(&self.settings);
        let started = self.has_moves();
        self.players = settings.players();
        if new_board || (new_players && started) {
            let set_aside = self.set_aside_as(settings);
            self.empty_board();
            set_aside
        } else {
            self.settings = settings;
            self.generation += 1;
            false
        }
    }

    /// Whether the game on the board has moves, played or taken back.
    fn has_moves(&self) -> bool {
        !self.moves.is_empty() || !self.redo.is_empty()
    }

    /// Sets the game on the board aside, if it has moves, keeping its settings.
    fn set_aside(&mut self) {
        let settings = self.settings.clone();
        self.set_aside_as(settings);
    }

    /// Sets the game on the board aside, if it has moves, and takes `next` as the settings;
    /// returns whether a game was set aside. The board itself is left to the caller.
    fn set_aside_as(&mut self, next: Settings) -> bool {
        let settings = std::mem::replace(&mut self.settings, next);
        if !self.has_moves() {
            return false;
        }
        self.earlier.push(EarlierGame {
            settings,
            moves: std::mem::take(&mut self.moves),
            redo: std::mem::take(&mut self.redo),
            counted: self.counted.is_some(),
            counted_as: self.counted,
        });
        if self.earlier.len() > EARLIER_GAMES {
            self.earlier.remove(0);
        }
        true
    }

    /// An empty board of the current settings.
    fn empty_board(&mut self) {
        self.position = Position::new(self.settings.rule);
        self.moves.clear();
        self.redo.clear();
        self.counted = None;
        self.generation += 1;
    }

    /// Bookkeeping after the position moved forward: a game that ends is counted once, and
    /// a game ended again differently after undo has its earlier result replaced.
    fn changed(&mut self) {
        self.generation += 1;
        let Some(outcome) = self.position.outcome() else {
            return;
        };
        let verdict = Verdict::of(&self.settings, &outcome);
        if self.counted == Some(verdict) {
            return;
        }
        // Saturating: a score read from saved settings may be at either end already; a full
        // count stays at the most a score counts, which a saved state may hold.
        if let Some(before) = self.counted.replace(verdict) {
            let count = before.slot(self.tally_mut());
            *count = count.saturating_sub(1);
        }
        let count = verdict.slot(self.tally_mut());
        if *count < MOST_GAMES_COUNTED {
            *count += 1;
        }
    }

    /// The score of the current mode and board, made on first use.
    fn tally_mut(&mut self) -> &mut Tally {
        let (rule, mode) = (self.settings.rule, self.settings.mode);
        let index = match self
            .scores
            .iter()
            .position(|s| s.rule == rule && s.mode == mode)
        {
            Some(index) => index,
            None => {
                self.scores.push(Score {
                    rule,
                    mode,
                    tally: Tally::default(),
                });
                self.scores.len() - 1
            }
        };
        &mut self.scores[index].tally
    }

    /// The saved-game record of this game.
    #[must_use]
    pub fn to_record(&self) -> GameRecord {
        GameRecord::new(&self.settings, &self.moves, &self.position)
    }

    /// The saved-game file's text.
    #[must_use]
    pub fn to_json(&self) -> String {
        self.to_record().to_json()
    }

    /// A session holding the game of a saved-game file's text.
    pub fn from_json(text: &str) -> Result<Session, RecordError> {
        let (record, position) = GameRecord::from_json(text)?;
        let settings = record.settings();
        let mut session = Session::new(settings);
        session.position = position;
        // A loaded game's result was reached elsewhere, so it is not in this session's
        // tally; ending it here (after undo) counts like any game ended here.
        session.moves = record.moves;
        Ok(session)
    }

    /// Saves the game to `path` atomically.
    pub fn save(&self, path: &Path) -> Result<(), RecordError> {
        record::write_atomically(path, &self.to_json())
    }

    /// Saves the game to `path` atomically, saying how it ended (see
    /// [`GameRecord::ended`]): for games that can end off the board.
    pub fn save_ended(
        &self,
        path: &Path,
        termination: record::Termination,
        winner: Option<Side>,
    ) -> Result<(), RecordError> {
        let record = self.to_record().ended(termination, winner);
        record::write_atomically(path, &record.to_json())
    }

    /// Loads a saved game.
    pub fn load(path: &Path) -> Result<Session, RecordError> {
        Session::from_json(&record::read(path)?)
    }

    /// A loaded game replaces this one, which is set aside like on New game (Undo brings
    /// it back); the session's scores stay.
    pub fn replace_game(&mut self, loaded: Session) {
        self.set_aside();
        self.settings = loaded.settings;
        self.players = loaded.players;
        self.position = loaded.position;
        self.moves = loaded.moves;
        self.redo = loaded.redo;
        self.counted = loaded.counted;
        self.generation += 1;
    }
}

/// What the window keeps between runs: the settings, the game, the scores, the games set
/// aside. Fields added after the first version have serde defaults, so older saved states
/// still load.
///
/// Every field has a default so that the parts of a damaged state that can still be read
/// are read on their own (see `crate::salvage`); the game is checked as a whole after.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
struct SavedSession {
    settings: Settings,
    moves: Vec<Cell>,
    redo: Vec<Cell>,
    /// The current mode and board's score. Versions before per-mode scores kept only this
    /// one score; it is still written so that they can read the state.
    #[serde(default)]
    tally: Tally,
    /// Whether a result is in the tally; still written for versions that read only this.
    counted: bool,
    /// The result in the tally; absent in states saved before results were kept.
    #[serde(default)]
    counted_as: Option<Verdict>,
    #[serde(default)]
    scores: Vec<Score>,
    #[serde(default)]
    earlier: Vec<EarlierGame>,
}

impl From<Session> for SavedSession {
    fn from(s: Session) -> SavedSession {
        SavedSession {
            tally: s.tally(),
            settings: s.settings,
            moves: s.moves,
            redo: s.redo,
            counted: s.counted.is_some(),
            counted_as: s.counted,
            scores: s.scores,
            earlier: s.earlier,
        }
    }
}

impl TryFrom<SavedSession> for Session {
    type Error = String;

    fn try_from(saved: SavedSession) -> Result<Session, String> {
        let mut session = Session::new(saved.settings);
        session.position = replay(session.settings.rule, &saved.moves, &saved.redo)?;
        let mut earlier = saved.earlier;
        for game in &mut earlier {
            game.replay()?;
            if game.counted && game.counted_as.is_none() {
                game.counted_as = Verdict::legacy(&game.settings, &game.moves, &game.redo);
            }
        }
        session.moves = saved.moves;
        session.redo = saved.redo;
        session.counted = saved.counted_as.or_else(|| {
            saved
                .counted
                .then(|| Verdict::legacy(&session.settings, &session.moves, &session.redo))
                .flatten()
        });
        session.scores = saved.scores;
        if session.scores.is_empty() && saved.tally != Tally::default() {
            // A state from before per-mode scores: its one score is what the window showed
            // beside this mode and board, so it stays with them.
            *session.tally_mut() = saved.tally;
        }
        let excess = earlier.len().saturating_sub(EARLIER_GAMES);
        session.earlier = earlier;
        session.earlier.drain(..excess);
        Ok(session)
    }
}
