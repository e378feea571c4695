//! The session: moves with undo and redo, the score of finished games kept apart for each
//! mode and board, the earlier games that Undo can bring back, and the generation counter
//! that lets a front end drop engine answers for positions no longer on the board.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::external::EngineCommand;
use crate::rules::{Cell, MoveError, Outcome, Position, Rule, Side};

use super::opening::{Actor, Choice, ChoiceError, Opening, OpeningRule, Step};
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
    /// One score per mode, board and seated engines: a win against the computer is not an X
    /// win between two players nor a win against an engine, and a 3x3 result says nothing
    /// about 15x15.
    scores: Vec<ModeScore>,
    /// The current game's result as it stands in the tally: undoing out of a finished game
    /// and finishing it the same way does not count twice, and finishing it differently
    /// replaces the result counted before.
    counted: Option<TallyResult>,
    generation: u64,
    /// Games set aside by New game, a change of board or a change of who plays whom, the
    /// latest last; at most [`EARLIER_GAMES`].
    earlier: Vec<EarlierGame>,
    /// The opening rule of the next new game (on boards it applies to).
    opening_rule: OpeningRule,
    /// The opening of the game on the board: its rule and the choices made.
    opening: Opening,
}

/// The most games of one result a score can count; more is a damaged saved state (a game a
/// second, day and night, for eleven days).
pub const MOST_GAMES_COUNTED: u32 = 1_000_000;

/// A finished game's result as the tally counts it (see [`Tally`] for whose point of view).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum TallyResult {
    Win,
    Loss,
    Draw,
}

impl TallyResult {
    /// The result of `outcome` with `players` (X's first): with one person playing (against
    /// the computer or an engine) from the person's side, otherwise (two people, or no one)
    /// from X's.
    fn of(players: &[Player; 2], outcome: &Outcome) -> TallyResult {
        let [x, o] = players;
        let counted = if *x != Player::Human && *o == Player::Human {
            Side::O
        } else {
            Side::X
        };
        match outcome.winner() {
            None => TallyResult::Draw,
            Some(winner) if winner == counted => TallyResult::Win,
            Some(_) => TallyResult::Loss,
        }
    }

    /// This result's count in `tally`.
    fn slot(self, tally: &mut Tally) -> &mut u32 {
        match self {
            TallyResult::Win => &mut tally.wins,
            TallyResult::Loss => &mut tally.losses,
            TallyResult::Draw => &mut tally.draws,
        }
    }

    /// What a state saved before results were kept made of its `counted` flag: the result
    /// at the end of the game's line (its moves, then the moves to redo), which is the one
    /// counted unless a different line was started after undo; then it is not known, and a
    /// new ending counts without taking anything back.
    fn legacy(settings: &Settings, moves: &[Cell], redo: &[Cell]) -> Option<TallyResult> {
        let mut position = Position::new(settings.rule);
        for cell in moves.iter().chain(redo.iter().rev()) {
            position.play(*cell).ok()?;
        }
        position
            .outcome()
            .map(|o| TallyResult::of(&settings.players(), &o))
    }
}

/// The score of one mode on one board; with an engine from outside seated, of the players
/// seated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct ModeScore {
    rule: Rule,
    mode: Mode,
    /// Who sat where, X's first, when an engine from outside was seated; absent otherwise
    /// (the mode says who plays whom) and in states saved before engines had scores of
    /// their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seated: Option<[Seated; 2]>,
    tally: Tally,
}

/// Who plays a side, as far as a score with an engine from outside goes (the computer's
/// strength aside, as in the scores against the computer).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Seated {
    Person,
    Computer,
    Engine(EngineCommand),
}

/// Who sits where with `settings`, when an engine from outside is seated.
fn seated(settings: &Settings) -> Option<[Seated; 2]> {
    settings.engines.seats.iter().any(Option::is_some).then(|| {
        settings.players().map(|player| match player {
            Player::Human => Seated::Person,
            Player::Computer(_) => Seated::Computer,
            Player::Engine(command) => Seated::Engine(command),
        })
    })
}

impl ModeScore {
    /// Whether this is the score of games with `settings`.
    fn is_for(&self, settings: &Settings) -> bool {
        self.rule == settings.rule && self.mode == settings.mode && self.seated == seated(settings)
    }
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
    counted_as: Option<TallyResult>,
    /// The game's opening; absent (a free opening) in states saved before openings.
    #[serde(default)]
    opening: Opening,
}

impl EarlierGame {
    /// The game's position, or why its moves cannot be played (a damaged saved state).
    fn replay(&self) -> Result<Position, String> {
        self.opening.check(self.moves.len())?;
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

/// Which seats an engine from outside holds: seating one (or taking it off) starts a new
/// game, which then has no swap opening.
fn engine_seats(settings: &Settings) -> [bool; 2] {
    settings.players().map(|p| matches!(p, Player::Engine(_)))
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
            opening_rule: OpeningRule::Free,
            opening: Opening::default(),
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

    /// Who plays `side`: by the settings (X's player moving first), unless the opening gave
    /// the colours the other way round. While the opening goes on, by the settings.
    #[must_use]
    pub fn player(&self, side: Side) -> &Player {
        &self.players[self.seat_index(side)]
    }

    /// The index in the settings' players (X's first) of the player of `side`.
    fn seat_index(&self, side: Side) -> usize {
        if self.opening.opener_side() == Side::X {
            side.index()
        } else {
            side.other().index()
        }
    }

    /// Whether the player of `side` is the one the settings put first (X's player, the
    /// opener of a swap opening): "player 1" of two people.
    #[must_use]
    pub fn is_first_seat(&self, side: Side) -> bool {
        self.seat_index(side) == 0
    }

    /// Who is to move or to choose, or `None` when the game is over.
    #[must_use]
    pub fn player_to_move(&self) -> Option<&Player> {
        (!self.position.is_over())
            .then(|| self.actor_player(self.opening.actor_now(self.moves.len())))
    }

    fn actor_player(&self, actor: Actor) -> &Player {
        match actor {
            Actor::Seat(seat) => &self.players[seat.index()],
            Actor::Side(side) => self.player(side),
        }
    }

    /// The opening of the game on the board.
    #[must_use]
    pub fn opening(&self) -> &Opening {
        &self.opening
    }

    /// What the opening asks for now ([`Step::Play`] once it is over, or without one).
    #[must_use]
    pub fn opening_step(&self) -> Step {
        self.opening.step(self.moves.len())
    }

    /// The opening rule new games start with (on boards it applies to).
    #[must_use]
    pub fn opening_rule(&self) -> OpeningRule {
        self.opening_rule
    }

    /// Sets the opening rule of new games. A game on the board of another opening is set
    /// aside for a new one once it has moves (Undo brings it back), like a change of board;
    /// before any move the rule simply applies. Returns whether a game was set aside.
    pub fn set_opening_rule(&mut self, rule: OpeningRule) -> bool {
        self.opening_rule = rule;
        if self.opening.rule() == self.opening_for(rule) {
            return false;
        }
        if self.has_moves() {
            self.new_game();
            true
        } else {
            self.empty_board();
            false
        }
    }

    /// Makes `choice` of the opening for whoever is to choose.
    pub fn choose(&mut self, choice: Choice) -> Result<(), ChoiceError> {
        self.opening.choose(self.moves.len(), choice)?;
        self.redo.clear();
        self.changed();
        Ok(())
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
            name: command.name().to_string(),
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

    /// The results of the games finished in the current mode on the current board, between
    /// the players seated now (an engine's games are scored against it).
    #[must_use]
    pub fn tally(&self) -> Tally {
        self.scores
            .iter()
            .find(|s| s.is_for(&self.settings))
            .map_or_else(Tally::default, |s| s.tally)
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

    /// The results of the games finished in `mode` on the board of `rule` with no engine
    /// from outside seated.
    #[must_use]
    pub fn tally_for(&self, rule: &Rule, mode: Mode) -> Tally {
        self.scores
            .iter()
            .find(|s| s.rule == *rule && s.mode == mode && s.seated.is_none())
            .map_or_else(Tally::default, |s| s.tally)
    }

    /// How many games set aside Undo can still bring back.
    #[must_use]
    pub fn earlier_games(&self) -> usize {
        self.earlier.len()
    }

    /// Plays `cell` for the side to move; a refused move changes nothing. When the opening
    /// asks for a colour, a stone takes white (the side to move) and is white's move.
    pub fn play(&mut self, cell: Cell) -> Result<(), MoveError> {
        self.position.play(cell)?;
        let stones = self.moves.len();
        if matches!(self.opening.step(stones), Step::Choose { .. }) {
            self.opening
                .choose(stones, Choice::White)
                .expect("white is offered wherever a colour is chosen");
        }
        self.opening.placed();
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

    /// Whether the game on the board has a move (or a choice of its opening) that undo
    /// would take back: one a person made, or any when nobody at the board is a person.
    fn can_undo_move(&self) -> bool {
        let no_humans = self.players.iter().all(|p| *p != Player::Human);
        let stones = (0..self.moves.len()).map(|i| self.opening.actor_of_stone(i));
        let choices = (0..self.opening.choices().len()).map(|i| self.opening.actor_of_choice(i));
        stones
            .chain(choices)
            .any(|actor| no_humans || *self.actor_player(actor) == Player::Human)
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

    /// Takes back the moves (and choices of the opening) of one undo in the game on the
    /// board: up to a person's turn.
    fn undo_move(&mut self) {
        let no_humans = self.players.iter().all(|p| *p != Player::Human);
        while self.take_back_one() {
            if no_humans || self.player_to_move() == Some(&Player::Human) {
                break;
            }
        }
        self.generation += 1;
    }

    /// Takes back the latest move or choice of the opening; returns whether there was one.
    fn take_back_one(&mut self) -> bool {
        if self.opening.take_back(self.moves.len()) {
            return true;
        }
        let Some(cell) = self.moves.pop() else {
            return false;
        };
        let index = self
            .position
            .geometry()
            .index(cell)
            .expect("moves are on the board");
        self.position.unmake(index);
        self.redo.push(cell);
        true
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
            self.opening = game.opening;
            self.generation += 1;
            return true;
        }
        false
    }

    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() || self.opening.can_redo(self.moves.len())
    }

    /// Replays what undo took back (moves and choices of the opening), up to the next turn
    /// of a person.
    pub fn redo(&mut self) -> bool {
        let no_humans = self.players.iter().all(|p| *p != Player::Human);
        let mut any = false;
        while self.redo_one() {
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

    /// Makes again the choice or move taken back last; returns whether there was one. Where
    /// the opening asks for a choice and none was taken back, nothing is replayed.
    fn redo_one(&mut self) -> bool {
        let stones = self.moves.len();
        if self.opening.redo(stones) {
            return true;
        }
        if matches!(self.opening.step(stones), Step::Choose { .. }) {
            return false;
        }
        let Some(cell) = self.redo.pop() else {
            return false;
        };
        self.position
            .play(cell)
            .expect("redo replays moves that were legal here");
        self.moves.push(cell);
        true
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
    /// A different board, or different people against different opponents (the mode, who
    /// moves first against the computer, an engine from outside seated or taken off),
    /// starts a new game: the moves were made by the old players, and handing a side to
    /// someone else in the middle would let the computer take a person's side. Before any
    /// move that is an empty board again, whose opening follows the new seats. A different
    /// computer player or strength applies to the game on the board from the next move on.
    pub fn set_settings(&mut self, settings: Settings) -> bool {
        let new_board = settings.rule != self.settings.rule;
        let new_players = seats(&settings) != seats(&self.settings)
            || engine_seats(&settings) != engine_seats(&self.settings);
        self.players = settings.players();
        // New seats before any move: a new empty board too, since the opening (who places
        // the first stones, or none with an engine seated) follows the seats.
        if new_board || new_players {
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
            opening: std::mem::take(&mut self.opening),
        });
        if self.earlier.len() > EARLIER_GAMES {
            self.earlier.remove(0);
        }
        true
    }

    /// The opening a new game by `rule` starts with: none on boards it does not apply to,
    /// nor while an engine from outside holds a seat (its protocol has no swap, and the
    /// game's computer must not choose for it).
    fn opening_for(&self, rule: OpeningRule) -> OpeningRule {
        if self.players.iter().any(|p| matches!(p, Player::Engine(_))) {
            OpeningRule::Free
        } else {
            rule.on(&self.settings.rule)
        }
    }

    /// An empty board of the current settings.
    fn empty_board(&mut self) {
        self.position = Position::new(self.settings.rule);
        self.opening = Opening::new(self.opening_for(self.opening_rule));
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
        let players = [self.player(Side::X).clone(), self.player(Side::O).clone()];
        let verdict = TallyResult::of(&players, &outcome);
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

    /// The score of the current mode, board and seated engines, made on first use.
    fn tally_mut(&mut self) -> &mut Tally {
        let index = match self.scores.iter().position(|s| s.is_for(&self.settings)) {
            Some(index) => index,
            None => {
                self.scores.push(ModeScore {
                    rule: self.settings.rule,
                    mode: self.settings.mode,
                    seated: seated(&self.settings),
                    tally: Tally::default(),
                });
                self.scores.len() - 1
            }
        };
        &mut self.scores[index].tally
    }

    /// The saved-game record of this game. A game whose opening gave the person white
    /// against the computer is recorded with the computer moving first, as it was played.
    #[must_use]
    pub fn to_record(&self) -> GameRecord {
        let mut settings = self.settings.clone();
        if self.opening.opener_side() == Side::O && settings.mode == Mode::HumanVsComputer {
            settings.first = settings.first.other();
        }
        GameRecord::new(&settings, &self.moves, &self.position).with_opening(&self.opening)
    }

    /// The saved-game file's text.
    #[must_use]
    pub fn to_json(&self) -> String {
        self.to_record().to_json()
    }

    /// A session holding the game of a saved-game file's text.
    pub fn from_json(text: &str) -> Result<Session, RecordError> {
        let (record, position) = GameRecord::from_json(text)?;
        let mut settings = record.settings();
        let opening = record.opening();
        if opening.opener_side() == Side::O && settings.mode == Mode::HumanVsComputer {
            // Recorded as played, the computer moving first; the opening gives the colours.
            settings.first = settings.first.other();
        }
        let mut session = Session::new(settings);
        session.opening = opening;
        session.position = position;
        // A loaded game's result was reached elsewhere, so it is not in this session's
        // tally; ending it here (after undo) counts like any game ended here.
        session.moves = record.moves;
        Ok(session)
    }

    /// Takes the engines from outside that `allowed` refuses off their seats, the mode's
    /// players sitting there instead, and returns them; the game stays. A game file names
    /// programs, and one that came from elsewhere must not start a program this computer
    /// was never told to run.
    pub fn unseat_engines(
        &mut self,
        allowed: impl Fn(&EngineCommand) -> bool,
    ) -> Vec<EngineCommand> {
        let mut removed = Vec::new();
        for seat in &mut self.settings.engines.seats {
            if seat.as_ref().is_some_and(|command| !allowed(command)) {
                removed.extend(seat.take());
            }
        }
        self.players = self.settings.players();
        removed
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
        self.opening = loaded.opening;
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
    counted_as: Option<TallyResult>,
    #[serde(default)]
    scores: Vec<ModeScore>,
    #[serde(default)]
    earlier: Vec<EarlierGame>,
    /// The opening rule of new games and the game's opening; absent (free) in states saved
    /// before openings.
    #[serde(default)]
    opening_rule: OpeningRule,
    #[serde(default)]
    opening: Opening,
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
            opening_rule: s.opening_rule,
            opening: s.opening,
        }
    }
}

impl TryFrom<SavedSession> for Session {
    type Error = String;

    fn try_from(saved: SavedSession) -> Result<Session, String> {
        let mut session = Session::new(saved.settings);
        session.position = replay(session.settings.rule, &saved.moves, &saved.redo)?;
        if saved.opening.rule() != saved.opening.rule().on(&session.settings.rule) {
            return Err(format!(
                "a {} opening on a board it does not open",
                saved.opening.rule()
            ));
        }
        saved.opening.check(saved.moves.len())?;
        session.opening_rule = saved.opening_rule;
        session.opening = saved.opening;
        let mut earlier = saved.earlier;
        for game in &mut earlier {
            game.replay()?;
            if game.counted && game.counted_as.is_none() {
                game.counted_as = TallyResult::legacy(&game.settings, &game.moves, &game.redo);
            }
        }
        session.moves = saved.moves;
        session.redo = saved.redo;
        session.counted = saved.counted_as.or_else(|| {
            saved
                .counted
                .then(|| TallyResult::legacy(&session.settings, &session.moves, &session.redo))
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
