//! The words of the status line and the panel: whose turn it is and who that is, the
//! result, the score, what a difficulty means. Plain functions of the session, so they are
//! easy to test and the drawing code stays short.

use crate::engine::{PlayerKind, Value};
use crate::game::{FirstMover, Mode, Player, RecordError, Session, Settings};
use crate::rules::rule::{MAX_SIDE, MIN_SIDE};
use crate::rules::{Forbidden, MoveError, Outcome, Rule, RuleError, Side};

use crate::game::clock;
use crate::t;

use super::busy::seconds;
use super::computer::{Purpose, SearchReport};
use super::engines::EngineNames;
use super::naming::Naming;

/// Who plays `side`, for the status line: "you", "computer (depth 5)", "player 1", or an
/// engine from outside by the name it is listed under.
#[must_use]
pub fn who(session: &Session, side: Side, names: EngineNames) -> String {
    match (session.player(side), session.settings().mode) {
        // Player 1 is the one who moves first by the settings, whichever colour a swap
        // opening gave them.
        (Player::Human, Mode::Hotseat) if session.is_first_seat(side) => t!("who-player-1"),
        (Player::Human, Mode::Hotseat) => t!("who-player-2"),
        (Player::Human, _) => t!("who-you"),
        (Player::Computer(kind), _) => t!(
            "who-computer",
            kind = kind_summary(kind, &session.settings().rule)
        ),
        (Player::Engine(command), _) => names.of(command),
    }
}

/// A short description of a computer player: "depth 5", "perfect", "depth 4, 2 s",
/// "rule-based", "random".
#[must_use]
pub fn kind_summary(kind: &PlayerKind, rule: &Rule) -> String {
    match kind {
        PlayerKind::Engine { depth, time_ms } => {
            let depth = match depth {
                Some(d) if (*d as usize) < rule.cells() => t!("kind-depth", depth = *d),
                _ if clock::is_solvable(rule) && time_ms.is_none() => t!("kind-perfect"),
                _ => t!("kind-full-depth"),
            };
            match time_ms {
                Some(ms) => t!("kind-with-time", depth = depth, time = seconds(*ms)),
                None => depth,
            }
        }
        PlayerKind::RuleBased => t!("kind-rule-based"),
        PlayerKind::Random => t!("kind-random"),
    }
}

/// The turn line while the game goes on: "X - you", "O - computer (depth 5)" (sides named
/// as `naming` says).
#[must_use]
pub fn turn(session: &Session, naming: Naming, names: EngineNames) -> String {
    let side = session.position().side_to_move();
    t!(
        "turn",
        side = naming.side(side),
        who = who(session, side, names)
    )
}

/// Why a click on the board is not a move while a program is to move: "Wait: the computer
/// is thinking", "Wait: minimax template is thinking", or whose turn it is while it has not
/// started.
#[must_use]
pub fn wait(session: &Session, thinking: bool, names: EngineNames) -> String {
    let side = session.position().side_to_move();
    match (session.player(side), thinking) {
        (Player::Engine(command), true) => t!("wait-engine-thinking", name = names.of(command)),
        (Player::Engine(command), false) => t!("wait-engine-turn", name = names.of(command)),
        (_, true) => t!("wait-thinking"),
        (_, false) => t!("wait-computers-turn"),
    }
}

/// The turn line while the side to move thinks: "O - computer is thinking", "O - minimax
/// template is thinking".
#[must_use]
pub fn thinking(session: &Session, naming: Naming, names: EngineNames) -> String {
    let side = session.position().side_to_move();
    match session.player(side) {
        Player::Engine(command) => t!(
            "engine-thinking",
            side = naming.side(side),
            name = names.of(command)
        ),
        _ => t!("thinking", side = naming.side(side)),
    }
}

/// Who plays whom: "X - you vs O - computer (depth 5)".
#[must_use]
pub fn players(session: &Session, naming: Naming, names: EngineNames) -> String {
    t!(
        "players",
        first = naming.side(Side::X),
        second = naming.side(Side::O),
        x = who(session, Side::X, names),
        o = who(session, Side::O, names)
    )
}

/// The result line once the game is over: "You win (X)", "The computer wins (O)",
/// "minimax template wins (O)" (an engine's name as it is listed), "Draw".
#[must_use]
pub fn result(session: &Session, outcome: &Outcome, naming: Naming, names: EngineNames) -> String {
    let Some(winner) = outcome.winner() else {
        return t!("result-draw");
    };
    let side = naming.side(winner);
    match (session.settings().mode, session.player(winner)) {
        (_, Player::Engine(command)) => {
            t!(
                "result-player-wins",
                side = side,
                player = names.of(command)
            )
        }
        (Mode::HumanVsComputer, Player::Human) => t!("result-you-win", side = side),
        (Mode::HumanVsComputer, Player::Computer(_)) => t!("result-computer-wins", side = side),
        (Mode::Hotseat, _) => t!(
            "result-player-wins",
            side = side,
            player = capitalise(&who(session, winner, names))
        ),
        (Mode::ComputerVsComputer, _) => t!("result-side-wins", side = side),
    }
}

/// Who plays whom as far as the score goes, when an engine from outside is seated: a
/// person against an engine (the score is the person's), or no person at all (the score is
/// by side). `None` when no engine is seated: the mode says who plays whom.
enum EngineScore {
    Against(String),
    Between(String, String),
}

impl EngineScore {
    fn of(session: &Session, names: EngineNames) -> Option<EngineScore> {
        let settings = session.settings();
        settings.engine(Side::X).or(settings.engine(Side::O))?;
        let players = settings.players();
        let name = |player: &Player| match player {
            Player::Engine(command) => names.of(command),
            _ => t!("who-the-computer"),
        };
        Some(match players {
            [Player::Human, Player::Engine(command)] | [Player::Engine(command), Player::Human] => {
                EngineScore::Against(names.of(&command))
            }
            [x, o] => EngineScore::Between(name(&x), name(&o)),
        })
    }
}

/// The score of the current players on the current board, saying who they are: "Score: you
/// 1, computer 2, draws 0 (3x3, against the computer)", "Score: you 0, minimax template 1,
/// draws 2 (3x3, against minimax template)", or by side otherwise: "Score: X 1, O 0, draws 0
/// (5x5, 4 in a row, two players)".
#[must_use]
pub fn score(session: &Session, naming: Naming, names: EngineNames) -> String {
    let t = session.tally();
    let settings = session.settings();
    let board = board_name(&settings.rule);
    match EngineScore::of(session, names) {
        Some(EngineScore::Against(name)) => {
            return t!(
                "score-against-engine",
                name = name,
                wins = t.wins,
                losses = t.losses,
                draws = t.draws,
                board = board
            );
        }
        Some(EngineScore::Between(x, o)) => {
            return t!(
                "score-engines",
                first = naming.side(Side::X),
                second = naming.side(Side::O),
                x = x,
                o = o,
                wins = t.wins,
                losses = t.losses,
                draws = t.draws,
                board = board
            );
        }
        None => {}
    }
    match settings.mode {
        Mode::HumanVsComputer => t!(
            "score-against-computer",
            wins = t.wins,
            losses = t.losses,
            draws = t.draws,
            board = board
        ),
        Mode::Hotseat => t!(
            "score-two-players",
            first = naming.side(Side::X),
            second = naming.side(Side::O),
            wins = t.wins,
            losses = t.losses,
            draws = t.draws,
            board = board
        ),
        Mode::ComputerVsComputer => t!(
            "score-computers",
            first = naming.side(Side::X),
            second = naming.side(Side::O),
            wins = t.wins,
            losses = t.losses,
            draws = t.draws,
            board = board
        ),
    }
}

/// The score alone, for a status area too narrow for [`score`]: "Score: you 1, computer 0,
/// draws 2".
#[must_use]
pub fn score_short(session: &Session, naming: Naming, names: EngineNames) -> String {
    let t = session.tally();
    let engines = EngineScore::of(session, names);
    if let Some(EngineScore::Against(name)) = &engines {
        return t!(
            "score-short-against-engine",
            name = name.as_str(),
            wins = t.wins,
            losses = t.losses,
            draws = t.draws
        );
    }
    match session.settings().mode {
        Mode::HumanVsComputer if engines.is_none() => t!(
            "score-short-against-computer",
            wins = t.wins,
            losses = t.losses,
            draws = t.draws
        ),
        _ => t!(
            "score-short",
            first = naming.side(Side::X),
            second = naming.side(Side::O),
            wins = t.wins,
            losses = t.losses,
            draws = t.draws
        ),
    }
}

/// A board in a few words: "3x3" for classic tic-tac-toe, otherwise with its K or its rule:
/// "5x5, 4 in a row", "7x6, exactly 4 in a row", "15x15, renju".
#[must_use]
pub fn board_name(rule: &Rule) -> String {
    let size = board_size(rule);
    if *rule == Rule::TIC_TAC_TOE {
        size
    } else if rule.renju() {
        t!("board-name-renju", size = size)
    } else if rule.exact() {
        t!("board-name-exact", size = size, k = rule.k())
    } else {
        t!("board-name", size = size, k = rule.k())
    }
}

/// "5x5".
fn board_size(rule: &Rule) -> String {
    format!("{}x{}", rule.width(), rule.height())
}

/// What the window says when a change of settings set the game in progress aside for a new
/// one: what is new, and that Undo brings the old game back.
#[must_use]
pub fn new_game_note(before: &Settings, after: &Settings) -> String {
    let what = if after.rule != before.rule {
        let rule = &after.rule;
        let size = board_size(rule);
        if *rule == Rule::TIC_TAC_TOE {
            t!("new-game-board", size = size)
        } else if rule.renju() {
            t!("new-game-board-renju", size = size)
        } else if rule.exact() {
            t!("new-game-board-exact", size = size, k = rule.k())
        } else {
            t!("new-game-board-k", size = size, k = rule.k())
        }
    } else {
        match (after.mode, after.first) {
            (Mode::Hotseat, _) => t!("new-game-two-players"),
            (Mode::ComputerVsComputer, _) => t!("new-game-computers"),
            (Mode::HumanVsComputer, FirstMover::Human) => t!("new-game-you-first"),
            (Mode::HumanVsComputer, FirstMover::Computer) => t!("new-game-computer-first"),
        }
    };
    t!("new-game-undo", what = what)
}

/// What a search depth means on this board, for the line under the difficulty slider.
#[must_use]
pub fn depth_meaning(depth: Option<u32>, time_ms: Option<u64>, rule: &Rule) -> String {
    let cells = rule.cells();
    let full = depth.is_none_or(|d| d as usize >= cells);
    if full && clock::is_solvable(rule) && time_ms.is_none() {
        return t!("depth-perfect");
    }
    let horizon = match depth {
        Some(d) if !full => t!("depth-ahead", depth = d),
        _ => t!("depth-as-time-allows"),
    };
    match time_ms {
        Some(ms) => t!("depth-stops", horizon = horizon, time = seconds(ms)),
        None if !clock::is_solvable(rule) && full => t!("depth-too-large", horizon = horizon),
        None => horizon,
    }
}

/// How much room the words of a value have, and whom they name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wording {
    /// A phrase naming the winner, for the learners' view of a search: "X wins in 3 plies",
    /// "draw with best play". The side is the one to move in the searched position (the
    /// value's point of view), named as the board shown names it.
    Winner(Side, Naming),
    /// A few words on the move's own cell of the board: "win in 3", "draw", "unknown"
    /// (plies, the move itself included, with best play by both sides).
    Cell,
    /// The learners' lab's words for the side the value belongs to: "win in 3", "loss in
    /// 4", "draw", "not proved".
    Lab,
}

/// The window's words for a game-theoretic value; every view of the window words a value
/// here, in the [`Wording`] it has room for.
#[must_use]
pub fn value_words(value: Value, wording: Wording) -> String {
    match (wording, value) {
        (Wording::Winner(side, naming), Value::Win { plies }) => {
            t!("value-wins-in", side = naming.side(side), plies = plies)
        }
        (Wording::Winner(side, naming), Value::Loss { plies }) => t!(
            "value-wins-in",
            side = naming.side(side.other()),
            plies = plies
        ),
        (Wording::Winner(..), Value::Draw) => t!("value-draw"),
        (Wording::Winner(..), Value::Unknown) => t!("value-unknown"),
        (Wording::Cell, Value::Win { plies }) => t!("move-win-in", plies = plies),
        (Wording::Cell, Value::Loss { plies }) => t!("move-loss-in", plies = plies),
        (Wording::Cell, Value::Draw) => t!("move-draw"),
        (Wording::Cell, Value::Unknown) => t!("move-unknown"),
        (Wording::Lab, Value::Win { plies }) => t!("lab-value-win", plies = plies),
        (Wording::Lab, Value::Loss { plies }) => t!("lab-value-loss", plies = plies),
        (Wording::Lab, Value::Draw) => t!("lab-value-draw"),
        (Wording::Lab, Value::Unknown) => t!("lab-value-unknown"),
    }
}

/// Why a move was refused, in the window's language (the rules' own words are English, for
/// the command line), the cell and the side named as `naming` says.
#[must_use]
pub fn move_error(error: &MoveError, naming: Naming) -> String {
    match error {
        MoveError::Occupied(cell) => t!("move-occupied", cell = naming.cell(*cell)),
        MoveError::OffBoard {
            cell,
            width,
            height,
        } => t!(
            "move-off-board",
            cell = naming.cell(*cell),
            size = format!("{width}x{height}")
        ),
        MoveError::GameOver => t!("move-game-over"),
        MoveError::Forbidden { cell, kind } => t!(
            "move-forbidden",
            cell = naming.cell(*cell),
            side = naming.side(Side::X),
            kind = forbidden_name(*kind)
        ),
    }
}

/// A kind of forbidden move, as players call it.
#[must_use]
pub fn forbidden_name(kind: Forbidden) -> String {
    match kind {
        Forbidden::DoubleThree => t!("forbidden-double-three"),
        Forbidden::DoubleFour => t!("forbidden-double-four"),
        Forbidden::Overline => t!("forbidden-overline"),
    }
}

/// Why a custom board cannot be played.
#[must_use]
pub fn rule_error(error: &RuleError) -> String {
    match error {
        RuleError::BadSize { width, height } => t!(
            "rule-bad-size",
            min = MIN_SIDE,
            max = MAX_SIDE,
            size = format!("{width}x{height}")
        ),
        RuleError::BadK { k, max } => t!("rule-bad-k", k = *k, max = *max),
        RuleError::Syntax(text) => t!("rule-syntax", text = text.as_str()),
        RuleError::RenjuBoard { width, height, k } => t!(
            "rule-renju-board",
            size = format!("{width}x{height}"),
            k = *k
        ),
        RuleError::ExactAndRenju => t!("rule-exact-and-renju"),
    }
}

/// Why a saved game could not be written or read. The details that come from elsewhere (the
/// system's reason, the file format's reader) stay as they were given. A cell of the file is
/// named by its row and column: the file's board need not be the one on the screen.
#[must_use]
pub fn record_error(error: &RecordError) -> String {
    match error {
        RecordError::Malformed(why) => t!("record-malformed", reason = why.as_str()),
        RecordError::NewerVersion(version) => t!(
            "record-newer-version",
            version = *version,
            supported = crate::game::VERSION
        ),
        RecordError::BadRule(why) => t!("record-bad-rule", reason = why.as_str()),
        RecordError::BadMove {
            number,
            cell,
            reason,
        } => t!(
            "record-bad-move",
            number = *number,
            cell = Naming::MARKS.cell(*cell),
            reason = reason.as_str()
        ),
        RecordError::WrongResult { saved, actual } => t!(
            "record-wrong-result",
            saved = saved.as_str(),
            actual = actual.as_str()
        ),
        RecordError::Read { path, reason } => {
            t!(
                "record-read",
                path = path.as_str(),
                reason = reason.as_str()
            )
        }
        RecordError::NotText { path } => t!("record-not-text", path = path.as_str()),
        RecordError::Write { path, reason } => {
            t!(
                "record-write",
                path = path.as_str(),
                reason = reason.as_str()
            )
        }
        RecordError::BadOpening(why) => t!("record-bad-opening", reason = why.as_str()),
    }
}

/// The most moves of the expected line shown while the computer thinks.
const THINKING_LINE_MOVES: usize = 8;

/// While the computer searches for its move: the depth reached and the line it expects,
/// "Depth 7, expects H8 I9 J10", with the board's coordinates on a board of stones and "2,2"
/// otherwise (`naming`). `None` before the first iteration has finished, or when the report
/// is not of a move search.
#[must_use]
pub fn thinking_line(report: &SearchReport, naming: Naming) -> Option<String> {
    let result = report.chooser.search()?;
    let (pv, stats) = (&result.pv, &result.stats);
    if report.purpose != Purpose::Move {
        return None;
    }
    let mut line: Vec<String> = pv
        .iter()
        .take(THINKING_LINE_MOVES)
        .map(|&cell| naming.cell_short(cell))
        .collect();
    if pv.len() > THINKING_LINE_MOVES {
        line.push("…".to_string());
    }
    Some(if line.is_empty() {
        crate::t!("goban-thinking-depth", depth = stats.depth)
    } else {
        crate::t!("goban-thinking", depth = stats.depth, line = line.join(" "))
    })
}

/// "The game is already over" from "the game is already over": error messages start in
/// lower case, a status line does not.
#[must_use]
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The headline when the side to move could not move: the computer, or the engine seated
/// there by its name.
#[must_use]
pub fn could_not_move(session: &Session, naming: Naming, names: EngineNames) -> String {
    let side = session.position().side_to_move();
    let side_name = naming.side(side);
    match session.player(side) {
        Player::Engine(command) => t!(
            "engine-could-not-move",
            side = side_name,
            name = names.of(command)
        ),
        _ => t!("could-not-move", side = side_name),
    }
}

/// Why the side to move could not move, as the note under the headline says it. An engine's
/// fault is already a whole sentence that names the engine.
#[must_use]
pub fn failure(session: &Session, message: &str) -> String {
    match session.player(session.position().side_to_move()) {
        Player::Engine(_) => message.to_string(),
        _ => t!("computer-failed", reason = message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::external::EngineCommand;
    use crate::gui::engines::SavedEngine;
    use crate::rules::Cell;

    #[test]
    fn an_engine_is_named_as_it_is_listed_and_scored_against() {
        let command = EngineCommand::parse("python3 /home/me/minimax_player.py").unwrap();
        let listed = [SavedEngine {
            name: "minimax template".to_string(),
            command: command.clone(),
        }];
        let names = EngineNames(&listed);
        let mut settings = Settings::default();
        settings.engines.seats[1] = Some(command.clone());
        let session = Session::new(settings.clone());
        let marks = Naming::MARKS;
        assert_eq!(
            players(&session, marks, names),
            "X - you vs O - minimax template"
        );
        assert_eq!(
            score(&session, marks, names),
            "Score: you 0, minimax template 0, draws 0 (3x3, against minimax template)"
        );
        assert_eq!(
            score_short(&session, marks, names),
            "Score: you 0, minimax template 0, draws 0"
        );
        // No longer listed: its program's name.
        assert_eq!(
            who(&session, Side::O, EngineNames(&[])),
            "minimax_player.py"
        );
        // In your seat against the computer: by side, both named.
        settings.engines.seats = [Some(command), None];
        let session = Session::new(settings);
        assert_eq!(
            score(&session, marks, names),
            "Score: X 0, O 0, draws 0 (3x3, minimax template vs computer)"
        );
        assert_eq!(
            thinking(&session, marks, names),
            "X - minimax template is thinking"
        );
    }

    #[test]
    fn describes_the_players() {
        let mut settings = Settings {
            computer: PlayerKind::Engine {
                depth: Some(5),
                time_ms: None,
            },
            ..Settings::default()
        };
        let session = Session::new(settings.clone());
        assert_eq!(turn(&session, Naming::MARKS, EngineNames(&[])), "X - you");
        assert_eq!(
            turn(&session, Naming::STONES, EngineNames(&[])),
            "Black - you"
        );
        assert_eq!(
            who(&session, Side::O, EngineNames(&[])),
            "computer (depth 5)"
        );
        settings.first = FirstMover::Computer;
        settings.computer = PlayerKind::Engine {
            depth: None,
            time_ms: None,
        };
        let session = Session::new(settings);
        assert_eq!(
            turn(&session, Naming::MARKS, EngineNames(&[])),
            "X - computer (perfect)"
        );
    }

    #[test]
    fn explains_depths_honestly() {
        let small = Rule::TIC_TAC_TOE;
        assert!(depth_meaning(None, None, &small).contains("cannot lose"));
        assert!(depth_meaning(Some(9), None, &small).contains("cannot lose"));
        assert_eq!(
            depth_meaning(Some(4), None, &small),
            "Looks 4 moves ahead (both sides' moves)."
        );
        let gomoku = Rule::new(15, 15, 5, false).unwrap();
        assert!(!depth_meaning(None, Some(2000), &gomoku).contains("cannot lose"));
        assert!(depth_meaning(None, Some(2000), &gomoku).contains("2 s per move"));
    }

    #[test]
    fn words_for_values_and_lines() {
        assert_eq!(
            value_words(
                Value::Win { plies: 3 },
                Wording::Winner(Side::X, Naming::MARKS)
            ),
            "X wins in 3 plies"
        );
        assert_eq!(
            value_words(
                Value::Loss { plies: 2 },
                Wording::Winner(Side::X, Naming::MARKS)
            ),
            "O wins in 2 plies"
        );
        assert_eq!(
            Naming::MARKS.pv_moves(&[Cell::new(1, 1), Cell::new(0, 0)], Side::X),
            ["X 2,2", "O 1,1"]
        );
        assert_eq!(capitalise("the game is over"), "The game is over");
        assert_eq!(seconds(2000), "2 s");
        assert_eq!(seconds(500), "0.5 s");
    }

    #[test]
    fn numbers_take_each_language_s_forms() {
        use crate::gui::i18n::{Language, set_language};
        let small = Rule::TIC_TAC_TOE;
        set_language(Language::English);
        assert_eq!(
            value_words(
                Value::Win { plies: 1 },
                Wording::Winner(Side::X, Naming::MARKS)
            ),
            "X wins in 1 ply"
        );
        assert_eq!(
            depth_meaning(Some(1), None, &small),
            "Looks 1 move ahead (its own move only)."
        );
        set_language(Language::Chinese);
        assert_eq!(
            value_words(
                Value::Win { plies: 1 },
                Wording::Winner(Side::X, Naming::MARKS)
            ),
            "X在 1 步内获胜"
        );
        assert_eq!(
            value_words(
                Value::Loss { plies: 4 },
                Wording::Winner(Side::X, Naming::MARKS)
            ),
            "O在 4 步内获胜"
        );
        assert_eq!(
            depth_meaning(Some(1), None, &small),
            "向前看 1 步（只看自己这一步）。"
        );
        assert_eq!(
            depth_meaning(Some(4), None, &small),
            "向前看 4 步（双方的着法）。"
        );
        assert_eq!(
            board_name(&Rule::new(7, 6, 4, true).unwrap()),
            "7x6，恰好 4 子连线"
        );
        assert_eq!(board_name(&Rule::RENJU), "15x15，连珠");
        let forbidden = MoveError::Forbidden {
            cell: Cell::new(7, 7),
            kind: Forbidden::DoubleFour,
        };
        assert_eq!(
            move_error(&forbidden, Naming::STONES),
            "H8是黑棋的禁手：四四"
        );
        assert_eq!(
            move_error(&MoveError::Occupied(Cell::new(1, 2)), Naming::MARKS),
            "第 2 行第 3 列已经有子了"
        );
        assert_eq!(seconds(500), "0.5 秒");
        set_language(Language::English);
        assert_eq!(
            move_error(&MoveError::Occupied(Cell::new(1, 2)), Naming::MARKS),
            MoveError::Occupied(Cell::new(1, 2)).to_string(),
            "the window's English is the rules' own"
        );
    }

    /// In English the window words the lower layers' errors exactly as they do, but for a
    /// forbidden move, which it words as players of the board on the screen say it.
    #[test]
    fn english_errors_are_the_rules_own_words() {
        crate::gui::i18n::set_language(crate::gui::i18n::Language::English);
        let cell = Cell::new(0, 4);
        for e in [
            MoveError::Occupied(cell),
            MoveError::OffBoard {
                cell,
                width: 3,
                height: 3,
            },
            MoveError::GameOver,
        ] {
            assert_eq!(move_error(&e, Naming::MARKS), e.to_string());
        }
        let forbidden = MoveError::Forbidden {
            cell: Cell::new(7, 7),
            kind: Forbidden::DoubleThree,
        };
        assert_eq!(
            move_error(&forbidden, Naming::STONES),
            "H8 is forbidden for Black: double three"
        );
        for e in [
            RuleError::BadSize {
                width: 2,
                height: 40,
            },
            RuleError::BadK { k: 9, max: 7 },
            RuleError::Syntax("3,3".into()),
            RuleError::RenjuBoard {
                width: 19,
                height: 19,
                k: 5,
            },
            RuleError::ExactAndRenju,
        ] {
            assert_eq!(rule_error(&e), e.to_string());
        }
        for e in [
            RecordError::Malformed("expected value".into()),
            RecordError::NewerVersion(7),
            RecordError::BadRule("K must be 3".into()),
            RecordError::BadMove {
                number: 3,
                cell,
                reason: "taken".into(),
            },
            RecordError::WrongResult {
                saved: "draw".into(),
                actual: "X wins".into(),
            },
            RecordError::Read {
                path: "/a/b.json".into(),
                reason: "denied".into(),
            },
            RecordError::NotText {
                path: "/a/b.png".into(),
            },
            RecordError::Write {
                path: "/a/b.json".into(),
                reason: "denied".into(),
            },
        ] {
            assert_eq!(record_error(&e), e.to_string());
        }
    }

    #[test]
    fn names_boards_and_new_games() {
        assert_eq!(board_name(&Rule::TIC_TAC_TOE), "3x3");
        assert_eq!(
            board_name(&Rule::new(5, 5, 4, false).unwrap()),
            "5x5, 4 in a row"
        );
        assert_eq!(
            board_name(&Rule::new(7, 6, 4, true).unwrap()),
            "7x6, exactly 4 in a row"
        );
        assert_eq!(board_name(&Rule::RENJU), "15x15, renju");
        let renju = Settings {
            rule: Rule::RENJU,
            ..Settings::default()
        };
        assert_eq!(
            new_game_note(&Settings::default(), &renju),
            "New game on the 15x15 board, renju. Undo brings back the game you were playing."
        );
        let classic = Settings::default();
        let five = Settings {
            rule: Rule::new(5, 5, 4, false).unwrap(),
            ..Settings::default()
        };
        assert_eq!(
            new_game_note(&classic, &five),
            "New game on the 5x5 board, 4 in a row. Undo brings back the game you were playing."
        );
        assert_eq!(
            new_game_note(&five, &classic),
            "New game on the 3x3 board. Undo brings back the game you were playing."
        );
        let computer_first = Settings {
            first: FirstMover::Computer,
            ..Settings::default()
        };
        assert!(
            new_game_note(&classic, &computer_first)
                .starts_with("New game against the computer, the computer moves first.")
        );
        let hotseat = Settings {
            mode: Mode::Hotseat,
            ..Settings::default()
        };
        assert!(new_game_note(&classic, &hotseat).starts_with("New game for two players."));
    }
}
