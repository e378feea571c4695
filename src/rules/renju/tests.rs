//! Forbidden moves from board diagrams: `x` black, `o` white, `*` the empty cell asked
//! about. Diagrams show the top left of the 15x15 board; white stones that balance the
//! counts go to the bottom rows, far from everything.

use super::*;
use crate::rules::{MoveError, Rule, Side};

/// The position of the diagram, black to move, and the cell marked `*`.
fn diagram(rows: &[&str]) -> (Position, Cell) {
    let mut grid = vec![vec!['.'; 15]; 15];
    let mut asked = None;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '*' => asked = Some(Cell::new(r, c)),
                'x' | 'o' => grid[r][c] = ch,
                _ => {}
            }
        }
    }
    let count = |ch| grid.iter().flatten().filter(|&&c| c == ch).count();
    let missing = count('x') - count('o');
    let spots = [12, 14]
        .into_iter()
        .flat_map(|r| (0..15).step_by(2).map(move |c| (r, c)));
    for (r, c) in spots.take(missing) {
        grid[r][c] = 'o';
    }
    let text: Vec<String> = grid.into_iter().map(String::from_iter).collect();
    let position = Position::from_notation(Rule::RENJU, &text.join("/")).expect("a diagram");
    (position, asked.expect("a cell marked *"))
}

fn asked(rows: &[&str]) -> Option<Forbidden> {
    let (position, cell) = diagram(rows);
    forbidden(&position, cell)
}

#[test]
fn an_open_three_twice_is_a_double_three() {
    let rows = [
        "...............",
        "...............",
        "...............",
        ".....x.........",
        ".....x.........",
        "...xx*.........",
    ];
    assert_eq!(asked(&rows), Some(Forbidden::DoubleThree));
}

#[test]
fn a_broken_three_counts() {
    // Across `.x.x*.`: one stone on the gap makes the straight four `.xxxx.`.
    let rows = [
        "...............",
        "...............",
        "...............",
        ".....x.........",
        ".....x.........",
        "..x.x*.........",
    ];
    assert_eq!(asked(&rows), Some(Forbidden::DoubleThree));
}

#[test]
fn two_fours_are_a_double_four() {
    let rows = [
        "...............",
        ".....o.........",
        ".....x.........",
        ".....x.........",
        ".....x.........",
        "..oxxx*........",
    ];
    // A four across and a four down.
    let rows_b = [
        "...............",
        ".....o.........",
        ".....x.........",
        ".....x.........",
        ".....x.........",
        ".oxxx*.........",
    ];
    assert_eq!(asked(&rows), None, "one four and nothing else");
    assert_eq!(asked(&rows_b), Some(Forbidden::DoubleFour));
}

#[test]
fn two_fours_on_one_line_are_a_double_four() {
    assert_eq!(
        asked(&["...............", "..x.x*x.x......"]),
        Some(Forbidden::DoubleFour)
    );
    assert_eq!(
        asked(&["...............", ".xxx.*.xxx....."]),
        Some(Forbidden::DoubleFour)
    );
    assert_eq!(
        asked(&["...............", ".xx.x*.xx......"]),
        Some(Forbidden::DoubleFour)
    );
}

#[test]
fn six_or_more_is_an_overline() {
    assert_eq!(
        asked(&["...............", "..xxx*xx......."]),
        Some(Forbidden::Overline)
    );
    assert_eq!(
        asked(&["...............", "..xxxx*x......."]),
        Some(Forbidden::Overline)
    );
}

#[test]
fn exactly_five_wins_over_a_forbidden_shape() {
    // Five across, an overline down: five wins.
    let overline = [
        "...............",
        "....x..........",
        "....x..........",
        "....x..........",
        "xxxx*..........",
        "....x..........",
        "....x..........",
    ];
    assert_eq!(asked(&overline), None);
    // Five across and two more fours through the same stone.
    let fours = [
        "...............",
        "..x............",
        "...x...........",
        "....*xxxx......",
        "....xx.........",
        "....x..........",
        "....x..........",
    ];
    assert_eq!(asked(&fours), None);
    let (mut position, cell) = diagram(&fours);
    position.play(cell).unwrap();
    assert_eq!(position.winner(), Some(Side::X));
    let (mut position, cell) = diagram(&overline);
    position.play(cell).unwrap();
    assert_eq!(position.winner(), Some(Side::X));
}

#[test]
fn a_four_and_a_three_are_allowed() {
    let rows = [
        "...............",
        "...............",
        ".....x.........",
        ".....x.........",
        ".....x.........",
        "...xx*.........",
    ];
    assert_eq!(asked(&rows), None);
}

#[test]
fn a_three_whose_only_extension_is_forbidden_is_not_a_three() {
    // Down: o . x x * . . - only (6,5) makes a straight four, and (6,5) would make six
    // across. Across, a real three. So one three: allowed.
    let rows = [
        "...............",
        ".....o.........",
        "...............",
        ".....x.........",
        ".....x.........",
        "...xx*.........",
        "..xxx.xx.......",
    ];
    assert_eq!(asked(&rows), None);
    // Without the white stone, (2,5) extends the three down too: a real double three.
    let mut open = rows;
    open[1] = "...............";
    assert_eq!(asked(&open), Some(Forbidden::DoubleThree));
}

#[test]
fn a_three_at_the_edge_is_no_three() {
    // Across `|xx*..`: the four it can become has only one five point.
    let edge = [
        "...............",
        "...............",
        "...x...........",
        "...x...........",
        "...............",
        "xx.*...........",
    ];
    assert_eq!(asked(&edge), None);
    let edge_three = [
        "...............",
        "...............",
        "..x............",
        "..x............",
        "...............",
        "xx*............",
    ];
    assert_eq!(asked(&edge_three), None, "`xxx` against the edge");
    let inside = [
        "...............",
        "...............",
        "...............",
        "...x...........",
        "...x...........",
        ".xx*...........",
    ];
    assert_eq!(asked(&inside), Some(Forbidden::DoubleThree));
}

#[test]
fn a_three_blocked_by_white_is_no_three() {
    let rows = [
        "...............",
        "...............",
        "...............",
        ".....x.........",
        ".....x.........",
        "..oxx*.o.......",
    ];
    assert_eq!(asked(&rows), None);
}

#[test]
fn the_test_recurses_through_a_forbidden_extension() {
    // Down, only (6,5) makes a straight four (white blocks above). With the asked stone
    // on the board, (6,5) is itself a double three (across `*.xx`, and up-right with
    // (7,4), (8,3)), so it is forbidden and the down line is no three: one three, allowed.
    let rows = [
        "...............",
        ".....o.........",
        "...............",
        ".....x.........",
        ".....x.........",
        "...xx*.........",
        ".......xx......",
        "....x..........",
        "...x...........",
    ];
    assert_eq!(asked(&rows), None);
    // Without (8,3), (6,5) is a four and a three, which is allowed: the down line is a
    // three, and the asked cell a double three.
    let mut two = rows;
    two[8] = "...............";
    assert_eq!(asked(&two), Some(Forbidden::DoubleThree));
}

#[test]
fn white_has_no_forbidden_moves_and_wins_with_six() {
    let (mut position, _) = diagram(&["...............", "..ooo*oo.......", "x.x.x.x.x......"]);
    // Black to move: play a quiet stone, then white makes six.
    position.play(Cell::new(9, 9)).unwrap();
    position.play(Cell::new(1, 5)).unwrap();
    assert_eq!(position.winner(), Some(Side::O));
}

#[test]
fn a_forbidden_move_is_refused_with_its_reason() {
    let (mut position, cell) = diagram(&["...............", "..xxx*xx......."]);
    let error = position.play(cell).unwrap_err();
    assert_eq!(
        error,
        MoveError::Forbidden {
            cell,
            kind: Forbidden::Overline
        }
    );
    assert_eq!(
        error.to_string(),
        "row 2, column 6 is forbidden for X under renju (overline)"
    );
    assert!(!position.legal_moves().contains(&cell));
}

#[test]
fn other_rules_have_no_forbidden_moves() {
    let rule = Rule::new(15, 15, 5, false).unwrap();
    let mut rows = vec!["..............."; 15];
    rows[1] = "..xxx.xx.......";
    rows[2] = "oo.ooo.........";
    let mut position = Position::from_notation(rule, &rows.join("/")).unwrap();
    assert_eq!(forbidden(&position, Cell::new(1, 5)), None);
    position.play(Cell::new(1, 5)).unwrap();
    assert_eq!(position.winner(), Some(Side::X));
}
