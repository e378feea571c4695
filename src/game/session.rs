//! The session: moves with undo and redo, the score of finished games, and the generation
//! counter that lets a front end drop engine answers for positions no longer on the board.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rules::{Cell, MoveError, Outcome, Position, Side};

use super::record::{self, GameRecord, RecordError};
use super::{Mode, Player, Settings, Tally};

/// A game in progress, its settings and the session's score.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "SavedSession", into = "SavedSession")]
pub struct Session {
    settings: Settings,
    players: [Player; 2],
    position: Position,
    moves: Vec<Cell>,
    /// Moves taken back, the next to redo last.
    redo: Vec<Cell>,
    tally: Tally,
    /// Whether the current game's result is already in the tally (so undoing out of a
    /// finished game and finishing it again does not count twice).
    counted: bool,
    generation: u64,
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
            tally: Tally::default(),
            counted: false,
            generation: 0,
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

    /// Whether the computer should move now.
    #[must_use]
    pub fn is_computer_to_move(&self) -> bool {
        matches!(self.player_to_move(), Some(Player::Computer(_)))
    }

    /// Changes whenever the position does (a move, undo, redo, new game, new settings).
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The results of the games finished in this session.
    #[must_use]
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Plays `cell` for the side to move; a refused move changes nothing.
    pub fn play(&mut self, cell: Cell) -> Result<(), MoveError> {
        self.position.play(cell)?;
        self.moves.push(cell);
        self.redo.clear();
        self.changed();
        Ok(())
    }

    /// Whether [`Session::undo`] would take back a move a person made (or any move, when
    /// nobody at the board is a person).
    #[must_use]
    pub fn can_undo(&self) -> bool {
        let no_humans = self.players.iter().all(|p| *p != Player::Human);
        (0..self.moves.len()).any(|i| no_humans || self.players[i % 2] == Player::Human)
    }

    /// Takes back moves until it is a person's turn again: against the computer, its reply
    /// and your move together. Returns whether anything was taken back.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
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
        true
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

    /// An empty board with the same settings; the score is kept.
    pub fn new_game(&mut self) {
        self.position = Position::new(self.settings.rule);
        self.moves.clear();
        self.redo.clear();
        self.counted = false;
        self.generation += 1;
    }

    /// New settings. A different board starts a new game; a change of mode, first player
    /// or computer player applies to the game on the board from the next move on (when the
    /// first mover changes before any move, the new first mover simply starts).
    pub fn set_settings(&mut self, settings: Settings) {
        let new_board = settings.rule != self.settings.rule;
        self.players = settings.players();
        self.settings = settings;
        if new_board {
            self.new_game();
        } else {
            self.generation += 1;
        }
    }

    /// Bookkeeping after the position moved forward.
    fn changed(&mut self) {
        self.generation += 1;
        if let Some(outcome) = self.position.outcome()
            && !self.counted
        {
            self.counted = true;
            self.count(&outcome);
        }
    }

    fn count(&mut self, outcome: &Outcome) {
        let winner = outcome.winner();
        let human = match self.settings.mode {
            Mode::HumanVsComputer => Side::BOTH
                .into_iter()
                .find(|&s| *self.player(s) == Player::Human),
            _ => Some(Side::X),
        };
        // Saturating: a score read from saved settings may already be at the maximum.
        let count = match (winner, human) {
            (None, _) => &mut self.tally.draws,
            (Some(w), Some(h)) if w == h => &mut self.tally.wins,
            _ => &mut self.tally.losses,
        };
        *count = count.saturating_add(1);
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
        session.moves = record.moves;
        session.counted = session.position.is_over();
        Ok(session)
    }

    /// Saves the game to `path` atomically.
    pub fn save(&self, path: &Path) -> Result<(), RecordError> {
        record::write_atomically(path, &self.to_json())
    }

    /// Loads a saved game.
    pub fn load(path: &Path) -> Result<Session, RecordError> {
        Session::from_json(&record::read(path)?)
    }

    /// A loaded game replaces this one; the session's score stays.
    pub fn replace_game(&mut self, loaded: Session) {
        let tally = self.tally;
        let generation = self.generation + 1;
        *self = Session {
            tally,
            generation,
            ..loaded
        };
    }
}

/// What the window keeps between runs: the settings, the game, the score.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SavedSession {
    settings: Settings,
    moves: Vec<Cell>,
    redo: Vec<Cell>,
    tally: Tally,
    counted: bool,
}

impl From<Session> for SavedSession {
    fn from(s: Session) -> SavedSession {
        SavedSession {
            settings: s.settings,
            moves: s.moves,
            redo: s.redo,
            tally: s.tally,
            counted: s.counted,
        }
    }
}

impl TryFrom<SavedSession> for Session {
    type Error = String;

    fn try_from(saved: SavedSession) -> Result<Session, String> {
        let mut session = Session::new(saved.settings);
        for cell in &saved.moves {
            session.position.play(*cell).map_err(|e| e.to_string())?;
        }
        // The redo moves must be playable after the moves, in order.
        let mut check = session.position.clone();
        for cell in saved.redo.iter().rev() {
            check.play(*cell).map_err(|e| e.to_string())?;
        }
        session.moves = saved.moves;
        session.redo = saved.redo;
        session.tally = saved.tally;
        session.counted = saved.counted;
        Ok(session)
    }
}
