//! A fuzz test of the window: seeded random sequences of everything a person can do (clicks
//! on cells and on every control, keys and shortcuts, board and mode changes, undo and redo,
//! new game, hints, move values, saving and opening), driven through egui_kittest by the
//! accessible labels a person sees. After every action it checks:
//! - nothing panicked (a panic fails the test and names the seed);
//! - the position on the board is the session's moves played from the empty board, and the
//!   board's cells say so (checked every few actions, and at the end of each sequence);
//! - the computer never plays for a person: a person's side only gains a stone from a
//!   person's own action;
//! - the status line names the side to move (or the result, once the game is over);
//! - the score only changes when a game ends, by one game.
//!
//! `TICTACTOE_FUZZ_ACTIONS` sets the number of actions (10,000 by default, 250 per seed);
//! `TICTACTOE_FUZZ_SEED` replays one seed. The engine answers on its own threads while the
//! actions go on; nothing waits a fixed time.

use crate::support;

use std::sync::Arc;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tictactoe::game::{Player, Session};
use tictactoe::gui::{GivenPath, SavedState, TicTacToeApp};
use tictactoe::rules::{Cell, Position, Side};

use support::{App, WINDOW_SIZE};

const DEFAULT_ACTIONS: usize = 10_000;
const ACTIONS_PER_SEED: usize = 250;
/// The board's cells are all read back every this many actions.
const BOARD_CHECK_EVERY: usize = 10;

/// Controls found by their labels (buttons with shortcuts carry the shortcut in the label).
const CONTROLS: &[&str] = &[
    "New game Ctrl+N",
    "Undo Ctrl+Z",
    "Redo Ctrl+Shift+Z",
    "Save game Ctrl+S",
    "Open game Ctrl+O",
    "Hint",
    "Try again",
    "You vs computer",
    "Two players at this computer",
    "Computer vs computer",
    "You first",
    "Computer first",
    "Alpha-beta search",
    "Rule-based",
    "Random",
    "Beginner",
    "Intermediate",
    "Perfect",
    "Full depth",
    "Classic 3x3",
    "4x4, 4 in a row",
    "5x5, 4 in a row",
    "Gomoku 15x15, 5 in a row",
    "Custom board",
    "Play on this board",
    "System",
    "Light",
    "Dark",
    "Show what each move is worth",
    "Last search (for learners)",
    // The side panel's tabs, so that the controls on each are reached.
    "Play",
    "Learn",
    "Options",
];

const KEYS: &[Key] = &[
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
    Key::ArrowUp,
    Key::ArrowDown,
    Key::ArrowLeft,
    Key::ArrowRight,
    Key::Enter,
    Key::Space,
];

/// One thing a person does.
#[derive(Clone, Debug)]
enum Action {
    Cell(Cell),
    Control(&'static str),
    Key(Key),
    Shortcut(Modifiers, Key),
    /// Frames with no input: the computer gets on with its moves.
    Wait(usize),
}

impl Action {
    /// Whether this action may place a person's stone.
    fn may_play(&self) -> bool {
        matches!(
            self,
            Action::Cell(_) | Action::Key(_) | Action::Control("Play on this board")
        )
    }

    /// Whether this action may bring back moves played earlier (undo into an earlier game,
    /// redo, opening a file).
    fn may_restore(&self) -> bool {
        matches!(
            self,
            Action::Control("Undo Ctrl+Z" | "Redo Ctrl+Shift+Z" | "Open game Ctrl+O")
        ) || matches!(self, Action::Shortcut(_, Key::Z | Key::Y | Key::O))
    }

    /// Whether this action sets the game on the board aside for a new one.
    /// Whether the action sets the game on the board aside for a new one with the same
    /// score (a new game, or the other side moving first: the seats change, the mode and
    /// board do not).
    fn starts_anew(&self) -> bool {
        matches!(
            self,
            Action::Control("New game Ctrl+N" | "You first" | "Computer first")
        ) || matches!(self, Action::Shortcut(_, Key::N))
    }
}

/// What the checks compare from one action to the next.
#[derive(Clone)]
struct Snapshot {
    moves: Vec<Cell>,
    players: [Player; 2],
    score_key: String,
    games: u32,
    over: bool,
}

impl Snapshot {
    fn of(session: &Session) -> Snapshot {
        let t = session.tally();
        Snapshot {
            moves: session.moves().to_vec(),
            players: [
                session.player(Side::X).clone(),
                session.player(Side::O).clone(),
            ],
            score_key: format!("{:?} {}", session.settings().mode, session.settings().rule),
            games: t.wins + t.losses + t.draws,
            over: session.outcome().is_some(),
        }
    }
}

/// Prints the seed if the sequence fails, so it can be replayed.
struct SeedGuard(u64);

impl Drop for SeedGuard {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!(
                "fuzz sequence failed: replay with TICTACTOE_FUZZ_SEED={}",
                self.0
            );
        }
    }
}

fn build(seed: u64) -> App {
    let mut state = SavedState::default();
    // Short thinking on large boards, so computer moves keep coming during the sequence.
    state.prefs.large_board_time_ms = 100;
    let path =
        std::env::temp_dir().join(format!("tictactoe-fuzz-{}-{seed}.json", std::process::id()));
    let mut harness = Harness::builder()
        .with_size(WINDOW_SIZE)
        .build_eframe(move |cc| {
            TicTacToeApp::with_state(&cc.egui_ctx, state)
                .assuming_system_language(tictactoe::gui::i18n::Language::English)
                .with_picker(Arc::new(GivenPath(path)))
        });
    harness.step();
    harness
}

fn choose(rng: &mut StdRng, h: &App) -> Action {
    let session = h.state().session();
    let rule = session.settings().rule;
    match rng.random_range(0..100) {
        0..40 => Action::Cell(Cell::new(
            rng.random_range(0..rule.height()),
            rng.random_range(0..rule.width()),
        )),
        40..75 => Action::Control(CONTROLS[rng.random_range(0..CONTROLS.len())]),
        75..87 => Action::Key(KEYS[rng.random_range(0..KEYS.len())]),
        87..95 => {
            let shortcuts = [
                (Modifiers::COMMAND, Key::Z),
                (Modifiers::COMMAND, Key::Y),
                (Modifiers::COMMAND | Modifiers::SHIFT, Key::Z),
                (Modifiers::COMMAND, Key::N),
                (Modifiers::COMMAND, Key::S),
                (Modifiers::COMMAND, Key::O),
            ];
            let (m, k) = shortcuts[rng.random_range(0..shortcuts.len())];
            Action::Shortcut(m, k)
        }
        _ => Action::Wait(rng.random_range(1..20)),
    }
}

fn perform(h: &mut App, action: &Action) {
    match action {
        Action::Cell(cell) => {
            let content = h.state().session().position().get(*cell);
            if let Some(node) = h.query_by_label(&h.state().cell_label(*cell, content)) {
                node.click();
            }
        }
        Action::Control(label) => {
            // Through accessibility, as a screen reader presses it: a control scrolled out of
            // the side panel has no place on screen for a pointer to click.
            if let Some(node) = h.query_by_label(label)
                && !node.accesskit_node().is_disabled()
            {
                node.click_accesskit();
            }
        }
        Action::Key(key) => h.key_press(*key),
        Action::Shortcut(modifiers, key) => h.key_press_modifiers(*modifiers, *key),
        Action::Wait(frames) => {
            for _ in 0..*frames {
                h.step();
            }
        }
    }
    // One frame reads the input and applies it; the next draws the result.
    h.step();
    h.step();
    // Saving and opening answer from a helper thread: the action is not over until then.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while h.state().is_file_busy() {
        assert!(
            std::time::Instant::now() < deadline,
            "the file action never ended"
        );
        h.step();
        std::thread::yield_now();
    }
}

fn replay(session: &Session) -> Position {
    let mut position = Position::new(session.settings().rule);
    for &cell in session.moves() {
        position
            .play(cell)
            .unwrap_or_else(|e| panic!("the session's move {cell} is illegal: {e}"));
    }
    position
}

fn check(h: &App, before: &Snapshot, action: &Action, step: usize) {
    let session = h.state().session();
    let after = Snapshot::of(session);
    let context = format!("after action {step} ({action:?})");

    // The position is the moves, played from the empty board.
    assert_eq!(
        replay(session),
        *session.position(),
        "{context}: the position is not the session's moves"
    );

    // The computer never plays for a person.
    if after.moves.len() > before.moves.len()
        && after.moves.starts_with(&before.moves)
        && !action.may_restore()
    {
        // A side counts as a person's when it was before the action and still is after it:
        // a computer's answer may land in the frame that also applies a change of players.
        let person = |i: usize| {
            before.players[i % 2] == Player::Human && after.players[i % 2] == Player::Human
        };
        let by_person = (before.moves.len()..after.moves.len())
            .filter(|&i| person(i))
            .count();
        let allowed = usize::from(action.may_play());
        assert!(
            by_person <= allowed,
            "{context}: {by_person} stone(s) placed for a person ({:?} -> {:?})",
            before.moves,
            after.moves
        );
    }

    // The score only changes when a game ends, by one game. Opening a file (read on a helper
    // thread) or stepping through the games may let a computer's move that ends the game
    // land first, and then replace the ended game: counted once, no longer on the board. So
    // may a new game asked while the computer is to move (New game, or the other side
    // moving first): its last move lands in the same frame, before the game is set aside.
    let computer_to_move = before.players[before.moves.len() % 2] != Player::Human;
    let replaced = action.may_restore() || (action.starts_anew() && computer_to_move);
    if after.score_key == before.score_key && after.games != before.games {
        assert!(
            (after.over || replaced) && after.games == before.games + 1,
            "{context}: the score went from {} to {} games without a game ending",
            before.games,
            after.games
        );
    }

    // The status line names the side to move, or the result.
    let labels: Vec<String> = h
        .query_all_by_label_contains(" - ")
        .filter_map(|n| {
            // A plain label keeps its text as its value.
            let node = n.accesskit_node();
            node.label().or_else(|| node.value())
        })
        .filter(|l| !l.contains(" vs "))
        .collect();
    // On a board of stones the sides are black and white (X plays black).
    let rule = session.settings().rule;
    let stones = h.state().state().prefs.board_look.stones_on(&rule);
    let name = |side: Side| match (stones, side) {
        (false, side) => side.to_string(),
        (true, Side::X) => "Black".to_string(),
        (true, Side::O) => "White".to_string(),
    };
    match session.outcome() {
        Some(outcome) => {
            // "X wins" between computers, else who won and the side: "You win (X)".
            let results = match outcome.winner() {
                Some(side) => vec![format!("{} wins", name(side)), format!("({})", name(side))],
                None => vec!["Draw".to_string()],
            };
            let result = results.join(" or ");
            assert!(
                results
                    .iter()
                    .any(|r| h.query_all_by_label_contains(r).next().is_some()),
                "{context}: the status does not give the result {result}"
            );
        }
        None => {
            let side = session.position().side_to_move();
            let names = |s: Side| {
                labels
                    .iter()
                    .any(|l| l.starts_with(&format!("{} - ", name(s))))
            };
            assert!(
                names(side) && !names(side.other()),
                "{context}: the status does not name {} to move: {labels:?}",
                name(side)
            );
        }
    }
}

/// Every cell's accessible label gives what the position holds there.
fn check_board(h: &App, step: usize) {
    let position = h.state().session().position();
    let rule = *position.rule();
    for row in 0..rule.height() {
        for col in 0..rule.width() {
            let cell = Cell::new(row, col);
            let label = h.state().cell_label(cell, position.get(cell));
            assert!(
                h.query_all_by_label_contains(&label).next().is_some(),
                "after action {step}: the board does not show \"{label}\""
            );
        }
    }
}

fn run_sequence(seed: u64, actions: usize) {
    let _guard = SeedGuard(seed);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut h = build(seed);
    for step in 1..=actions {
        let before = Snapshot::of(h.state().session());
        let action = choose(&mut rng, &h);
        perform(&mut h, &action);
        check(&h, &before, &action, step);
        if step % BOARD_CHECK_EVERY == 0 {
            check_board(&h, step);
        }
    }
    check_board(&h, actions);
}

#[test]
fn random_sessions_keep_every_promise_of_the_window() {
    let total: usize = std::env::var("TICTACTOE_FUZZ_ACTIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_ACTIONS);
    if let Some(seed) = std::env::var("TICTACTOE_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        run_sequence(seed, total.min(ACTIONS_PER_SEED));
        return;
    }
    let start = std::time::Instant::now();
    let seeds = total.div_ceil(ACTIONS_PER_SEED) as u64;
    for seed in 0..seeds {
        run_sequence(
            seed,
            ACTIONS_PER_SEED.min(total - seed as usize * ACTIONS_PER_SEED),
        );
    }
    eprintln!(
        "{total} actions in {seeds} sequences took {:.1} s",
        start.elapsed().as_secs_f64()
    );
}
