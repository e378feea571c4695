//! The gomoku board in the window: stones on the intersections of 15x15, found and pressed by
//! their accessible labels like any board; the look, move numbers and threat marks as saved
//! settings; the computer's thinking shown as it searches; and a whole computer-vs-computer
//! game on 15x15, each move the answer of its own search, the result checked by a scan of
//! the board.

use crate::support;

use std::time::Instant;

use egui::Key;
use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::engine::PlayerKind;
use tictactoe::game::{FirstMover, Mode, Session, Settings};
use tictactoe::gui::{BoardLook, SavedState, point_name};
use tictactoe::rules::{Cell, Position, Side};

use support::boards::gomoku;
use support::*;

/// The window on 15x15 with `mode`, the computer given `time_ms` per move.
fn on_15x15(mode: Mode, first: FirstMover, time_ms: u64) -> App {
    let settings = Settings {
        rule: gomoku(),
        mode,
        first,
        computer: PlayerKind::Engine {
            depth: None,
            time_ms: Some(time_ms),
        },
        engines: Default::default(),
    };
    let mut state = SavedState {
        session: Session::new(settings),
        ..SavedState::default()
    };
    state.prefs.large_board_time_ms = time_ms;
    build_with(state, |app| app)
}

/// A side's name on a board of stones, where X plays black.
fn stone_name(side: Side) -> &'static str {
    match side {
        Side::X => "Black",
        Side::O => "White",
    }
}

fn two_players() -> App {
    on_15x15(Mode::Hotseat, FirstMover::Human, 2_000)
}

/// Clicks a setting in the side panel, on its tab (the boards on the first, the board's look
/// under Options), scrolled into view first.
fn click_setting(h: &mut App, label: &str) {
    let tab = if label == "Classic 3x3" {
        "Play"
    } else {
        "Options"
    };
    open_tab(h, tab);
    h.get_by_label(label).scroll_to_me();
    settle(h);
    click(h, label);
}

fn stone_at(h: &App, row: usize, col: usize) -> Option<Side> {
    h.state().session().position().get(Cell::new(row, col))
}

#[test]
fn a_click_on_an_intersection_plays_there() {
    let mut h = two_players();
    assert_eq!(h.state().state().prefs.board_look, BoardLook::Stones);
    click_cell(&mut h, 7, 7);
    assert_eq!(stone_at(&h, 7, 7), Some(Side::X));
    assert!(shows(&h, &label_on(&h, 7, 7, Some(Side::X))));

    // Near a point, not on it: within half a line spacing still plays there.
    let point = h.get_by_label(&label_on(&h, 7, 8, None)).rect();
    let near = point.center() + point.size() * egui::vec2(0.35, -0.35);
    h.drag_at(near);
    h.step();
    h.drop_at(near);
    settle(&mut h);
    assert_eq!(stone_at(&h, 7, 8), Some(Side::O));
    assert_eq!(stones(h.state()), 2);

    // A click on a stone is refused, and the status says why.
    let black = label_on(&h, 7, 7, Some(Side::X));
    assert_eq!(black, "H8: Black");
    click(&mut h, &black);
    assert_shows(&h, "already taken");
    assert_eq!(stones(h.state()), 2);
}

#[test]
fn the_keyboard_cursor_plays_on_the_points() {
    let mut h = two_players();
    h.key_press(Key::ArrowRight);
    settle(&mut h);
    h.key_press(Key::ArrowDown);
    settle(&mut h);
    h.key_press(Key::Enter);
    settle(&mut h);
    // The first arrow shows the cursor at the centre (H8); the second moves it down to H9.
    assert_eq!(stone_at(&h, 8, 7), Some(Side::X));
}

#[test]
fn the_look_is_a_setting_and_is_kept() {
    let mut h = two_players();
    click_cell(&mut h, 7, 7);
    click_setting(&mut h, "Marks on every board");
    assert_eq!(h.state().state().prefs.board_look, BoardLook::Marks);
    // The points keep their labels and clicks in either look.
    click_cell(&mut h, 6, 6);
    assert_eq!(stone_at(&h, 6, 6), Some(Side::O));

    let storage = MemoryStorage::with_state(h.state().state());
    let h = reopen(storage);
    assert_eq!(h.state().state().prefs.board_look, BoardLook::Marks);
    assert_eq!(stone_at(&h, 6, 6), Some(Side::O));
    let mut h = h;
    click_setting(&mut h, "Stones on gomoku boards");
    assert_eq!(h.state().state().prefs.board_look, BoardLook::Stones);
}

/// Whether the window says anything of a board of marks' names: X or O as a side, a cell
/// by its row.
fn says_marks(h: &App) -> bool {
    [
        "X - player",
        "O - player",
        "plays X",
        "X 0,",
        "row 1, column 1:",
    ]
    .iter()
    .any(|words| shows(h, words))
}

/// Whether the window says anything of a board of stones' names.
fn says_stones(h: &App) -> bool {
    [
        "Black - player",
        "White - player",
        "plays Black",
        "Black 0,",
        "A1: ",
    ]
    .iter()
    .any(|words| shows(h, words))
}

/// One session, three boards in turn: on 15x15 with stones the status, the panel and the
/// board's labels all say Black, White and H8; the same board in marks, and then 3x3, all
/// say X, O and rows and columns; Undo brings the board of stones back with its names.
#[test]
fn sides_and_cells_are_named_as_the_board_shown_in_status_panel_and_labels_alike() {
    let mut h = two_players();
    click_cell(&mut h, 7, 7);
    // The status (turn, players, score), the panel and the board's own labels.
    h.get_by_label("White - player 2");
    assert_shows(&h, "Black - player 1 vs White - player 2");
    assert_shows(&h, "Score: Black 0, White 0, draws 0");
    assert_shows(&h, "Who moves first (plays Black):");
    h.get_by_label("H8: Black");
    // A refusal names the point as the board does.
    click(&mut h, "H8: Black");
    assert_shows(&h, "H8 is already taken");
    assert!(!says_marks(&h), "a board of stones named as marks");

    // The same board drawn with marks: named as marks, at once and everywhere.
    click_setting(&mut h, "Marks on every board");
    h.get_by_label("O - player 2");
    assert_shows(&h, "X - player 1 vs O - player 2");
    open_tab(&mut h, "Play");
    assert_shows(&h, "Who moves first (plays X):");
    h.get_by_label("row 8, column 8: X");
    assert!(!says_stones(&h), "a board of marks named as stones");
    click_setting(&mut h, "Stones on gomoku boards");
    h.get_by_label("H8: Black");

    // Another board in the same session: 3x3, always marks.
    click_setting(&mut h, "Classic 3x3");
    click_cell(&mut h, 1, 1);
    h.get_by_label("O - player 2");
    assert_shows(&h, "Score: X 0, O 0, draws 0");
    assert_shows(&h, "Who moves first (plays X):");
    click(&mut h, "row 2, column 2: X");
    assert_shows(&h, "Row 2, column 2 is already taken");
    assert!(!says_stones(&h), "a board of marks named as stones");

    // Undo takes the move back, then brings the game on stones back, named as stones.
    open_tab(&mut h, "Play");
    click(&mut h, "Undo Ctrl+Z");
    click(&mut h, "Undo Ctrl+Z");
    assert_eq!(stone_at(&h, 7, 7), Some(Side::X));
    h.get_by_label("H8: Black");
    h.get_by_label("White - player 2");
    assert_shows(&h, "Who moves first (plays Black):");
    assert!(!says_marks(&h), "a board of stones named as marks");
}

#[test]
fn move_numbers_are_an_option_for_boards_of_stones() {
    let mut h = two_players();
    click_setting(&mut h, "Move numbers on the stones");
    assert!(h.state().state().prefs.move_numbers);
    let storage = MemoryStorage::with_state(h.state().state());
    let mut h = reopen(storage);
    assert!(h.state().state().prefs.move_numbers);
    click_setting(&mut h, "Move numbers on the stones");
    assert!(!h.state().state().prefs.move_numbers);

    // The 3x3 board has marks, so the option is there but cannot be changed.
    let mut h = app();
    let before = h.state().state().prefs.move_numbers;
    click_setting(&mut h, "Move numbers on the stones");
    assert_eq!(h.state().state().prefs.move_numbers, before);
}

#[test]
fn threat_marks_name_each_sides_fours_and_open_threes() {
    let mut h = two_players();
    // Black H8 I8 J8 (an open three), White A1 A2 A3 along the edge (blocked: no threat),
    // then Black K8 makes an open four.
    for (row, col) in [(7, 7), (0, 0), (7, 8), (1, 0), (7, 9), (2, 0)] {
        click_cell(&mut h, row, col);
    }
    click_setting(&mut h, "Mark fours and open threes");
    assert!(h.state().state().prefs.show_threats);
    assert_shows(&h, "Black open three: H8 I8 J8, at G8 K8");
    assert!(!shows(&h, "White open three"));
    click_cell(&mut h, 7, 10);
    assert_shows(&h, "Black open four: H8 I8 J8 K8, at G8 L8");
    // White blocks one end: a four that can still be stopped.
    click_cell(&mut h, 7, 6);
    assert_shows(&h, "Black four: H8 I8 J8 K8, at L8");

    click_setting(&mut h, "Mark fours and open threes");
    assert!(!shows(&h, "Black four"));
}

#[test]
fn the_status_shows_the_depth_and_line_while_the_computer_thinks() {
    let mut h = on_15x15(Mode::HumanVsComputer, FirstMover::Human, 4_000);
    // Near the edge, out of the opening book (whose replies come without a search).
    click_cell(&mut h, 2, 3);
    assert!(
        tictactoe::engine::opening_book()
            .replies(h.state().session().position())
            .is_empty(),
        "the position is out of the book"
    );
    // The line is read at the status line's once-a-second tick; the search gets 4 s.
    wait_until(&mut h, "the search's depth and line", |h| {
        shows(h, "Depth ") && shows(h, ", expects ")
    });
    let line = h.get_by_label_contains(", expects ");
    let node = line.accesskit_node();
    let text = node.value().or_else(|| node.label()).unwrap_or_default();
    assert!(text.starts_with("Depth "), "{text}");
    wait_for_person(&mut h);
    assert!(!shows(&h, ", expects "));
    assert_eq!(stones(h.state()), 2);
}

/// Whether `side` has five or more in a row on `position`: a scan of every line, apart from
/// the rules' own bookkeeping of wins.
fn has_five(position: &Position, side: Side) -> bool {
    let (rows, cols) = (position.rule().height(), position.rule().width());
    let holds = |row: isize, col: isize| {
        (0..rows as isize).contains(&row)
            && (0..cols as isize).contains(&col)
            && position.get(Cell::new(row as usize, col as usize)) == Some(side)
    };
    let directions = [(0, 1), (1, 0), (1, 1), (1, -1)];
    (0..rows as isize).any(|row| {
        (0..cols as isize).any(|col| {
            directions
                .iter()
                .any(|&(dr, dc)| (0..5).all(|i| holds(row + i * dr, col + i * dc)))
        })
    })
}

#[test]
fn computer_against_computer_plays_a_whole_game_on_15x15_each_move_its_own_search() {
    // A short time per move keeps the test short; the pause between moves is the window's.
    // GOBAN_CVC_MS sets another time per move, to measure the pace a person sees (the
    // window's default is 2000).
    let ms = std::env::var("GOBAN_CVC_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let mut h = on_15x15(Mode::ComputerVsComputer, FirstMover::Human, ms);
    // The learners' view names the search each move came from.
    open_tab(&mut h, "Learn");
    click(&mut h, "Last search (for learners)");
    let requests = repaint_requests(&h);
    let start = Instant::now();
    let mut gaps = Vec::new();
    while h.state().session().outcome().is_none() {
        let played = stones(h.state());
        let asked = Instant::now();
        while stones(h.state()) == played {
            assert!(asked.elapsed() < BOUND, "no move {} in time", played + 1);
            step_when_due(&mut h, &requests);
        }
        gaps.push(asked.elapsed().as_secs_f64());
        // One move at a time, and it is the answer of the computer's own finished search of
        // the position before it: a late answer to an earlier position would show no search
        // of this one, and a move from anywhere else another best move.
        let moves = h.state().session().moves().to_vec();
        assert_eq!(moves.len(), played + 1, "one move a frame");
        let side = if played.is_multiple_of(2) {
            Side::X
        } else {
            Side::O
        };
        let cell = moves[played];
        // On a board of stones the sides are black and white, and cells have coordinates.
        let heading = format!("Computer's move for {}", stone_name(side));
        assert!(
            h.query_by_label(&heading).is_some(),
            "move {} was not a finished search of its position",
            played + 1
        );
        // A reply from the opening book says so; every other move is its search's best.
        let searched = format!("Best move: {}", point_name(cell));
        let from_book = format!("{}, from the opening book", point_name(cell));
        assert!(
            shows(&h, &searched) || shows(&h, &from_book),
            "move {} is neither searched nor from the book",
            played + 1
        );
    }
    settle(&mut h);
    // The result, checked apart from the window: the moves replayed by the rules, and the
    // lines scanned for a five.
    let session = h.state().session();
    let moves = session.moves().to_vec();
    let mut replayed = Position::new(gomoku());
    for &cell in &moves {
        replayed.play(cell).expect("every move was legal");
    }
    let outcome = session.outcome().unwrap();
    assert!(replayed.is_over());
    assert_eq!(replayed.winner(), outcome.winner());
    match outcome.winner() {
        Some(side) => {
            assert!(has_five(&replayed, side), "{side} has a five");
            assert!(!has_five(&replayed, side.other()), "the loser has none");
            let last = if moves.len() % 2 == 1 {
                Side::X
            } else {
                Side::O
            };
            assert_eq!(side, last, "the winner made the last move");
            assert_shows(&h, &format!("{} wins", stone_name(side)));
        }
        None => {
            assert_eq!(moves.len(), 15 * 15, "a draw fills the board");
            assert!(Side::BOTH.iter().all(|&s| !has_five(&replayed, s)));
            assert_shows(&h, "Draw");
        }
    }
    assert!(moves.len() >= 9, "a five needs at least 9 moves");
    let shortest = gaps.iter().copied().fold(f64::INFINITY, f64::min);
    let longest = gaps.iter().copied().fold(0.0, f64::max);
    println!(
        "computer vs computer on 15x15 at {ms} ms a move: {} moves, winner {:?}, {:.1} s \
         in all, {:.2} s a move on average (shortest {shortest:.2} s, longest {longest:.2} s)",
        moves.len(),
        outcome.winner(),
        start.elapsed().as_secs_f64(),
        start.elapsed().as_secs_f64() / moves.len() as f64,
    );
}

#[test]
fn a_reply_from_the_opening_book_says_so_instead_of_posing_as_a_search() {
    let mut h = on_15x15(Mode::HumanVsComputer, FirstMover::Human, 200);
    click_cell(&mut h, 7, 7);
    wait_for_person(&mut h);
    open_tab(&mut h, "Learn");
    click(&mut h, "Last search (for learners)");
    assert_shows(&h, "Computer's move for White");
    // The book answers the centre: the reply is one of its moves, and the view says where
    // it came from, with no search's numbers (no depth 0, no 0 nodes).
    let reply = h.state().session().moves()[1];
    let mut centre = Position::new(gomoku());
    centre.play(Cell::new(7, 7)).expect("empty");
    let book = tictactoe::engine::opening_book().replies(&centre);
    assert!(
        book.iter().any(|&(cell, _)| cell == reply),
        "{reply:?} is not a book move"
    );
    assert_shows(
        &h,
        &format!(
            "{}, from the opening book: no search, so no value, depth or nodes.",
            point_name(reply)
        ),
    );
    for number in ["Depth reached: ", "Nodes: ", "Best move: "] {
        assert!(!shows(&h, number), "a book move shows \"{number}\"");
    }
}
