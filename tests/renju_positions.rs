//! Renju's forbidden cells on published boards (tests/fixtures/renju-published.txt, from the
//! renju test set of mintaka, a renju engine): every empty cell of every board is asked, and
//! the answer must be the board's mark, the reason included. Among them are the hard cases
//! of the rules: double threes that are not, because a three's only straight four is itself
//! forbidden (nested and recursive ones too), two fours on one line, and an overline made
//! together with a five (which wins, so it is no overline).

use tictactoe::rules::renju::forbidden_in;
use tictactoe::rules::{Forbidden, Side};

/// A board of the fixture: its name, its width, its stones row by row, and for each cell
/// what the board says of a black stone there.
struct Board {
    name: String,
    width: usize,
    stones: Vec<Option<Side>>,
    expected: Vec<Option<Forbidden>>,
}

impl Board {
    /// The board of `rows` (cells as the fixture writes them), named `name`.
    fn new(name: &str, rows: &[&str]) -> Board {
        let width = rows[0].len();
        let mut stones = Vec::new();
        let mut expected = Vec::new();
        for row in rows {
            assert_eq!(row.len(), width, "{name}: rows of different lengths");
            for ch in row.chars() {
                stones.push(match ch {
                    'x' => Some(Side::X),
                    'o' => Some(Side::O),
                    _ => None,
                });
                expected.push(match ch {
                    '3' => Some(Forbidden::DoubleThree),
                    '4' => Some(Forbidden::DoubleFour),
                    '6' => Some(Forbidden::Overline),
                    'x' | 'o' | '.' => None,
                    other => panic!("{name}: unexpected cell '{other}'"),
                });
            }
        }
        Board {
            name: name.to_string(),
            width,
            stones,
            expected,
        }
    }

    fn height(&self) -> usize {
        self.stones.len() / self.width
    }

    /// The cells where the rules layer disagrees with the board, described for a reader:
    /// "row 3, column 6: expected Some(DoubleThree), got None".
    fn disagreements(&self) -> Vec<String> {
        (0..self.stones.len())
            .filter(|&i| self.stones[i].is_none())
            .filter_map(|i| {
                let got = forbidden_in(&self.stones, self.width, self.height(), i);
                (got != self.expected[i]).then(|| {
                    format!(
                        "row {}, column {}: expected {:?}, got {got:?}",
                        i / self.width + 1,
                        i % self.width + 1,
                        self.expected[i]
                    )
                })
            })
            .collect()
    }
}

/// Every board of the fixture: the 15x15 boards, then the lines as boards of one row.
fn published() -> Vec<Board> {
    let text = include_str!("fixtures/renju-published.txt");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let mut boards = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        if let Some(name) = lines[at].strip_prefix("== ") {
            boards.push(Board::new(name, &lines[at + 1..at + 16]));
            at += 16;
        } else if let Some(line) = lines[at].strip_prefix("-- ") {
            let (stones, answer) = line.split_once(' ').expect("stones and answer");
            assert_eq!(stones.len(), answer.len(), "{line}: lengths differ");
            // The answer marks the forbidden cells of the stones' line.
            let marked: String = stones
                .chars()
                .zip(answer.chars())
                .map(|(stone, mark)| if mark == '.' { stone } else { mark })
                .collect();
            boards.push(Board::new(stones, &[marked.as_str()]));
            at += 1;
        } else {
            panic!("unexpected fixture line: {}", lines[at]);
        }
    }
    boards
}

#[test]
fn the_fixture_holds_the_published_boards_and_lines() {
    let boards = published();
    let (squares, lines): (Vec<&Board>, Vec<&Board>) = boards.iter().partition(|b| b.height() > 1);
    assert_eq!(squares.len(), 16);
    assert_eq!(lines.len(), 12);
    for board in squares {
        assert_eq!((board.width, board.height()), (15, 15), "{}", board.name);
    }
    // Each reason is asked for, on 51 cells in all; every other empty cell is allowed.
    let marks = |kind| {
        boards
            .iter()
            .flat_map(|b| &b.expected)
            .filter(|&&e| e == Some(kind))
            .count()
    };
    assert_eq!(marks(Forbidden::DoubleThree), 31);
    assert_eq!(marks(Forbidden::DoubleFour), 14);
    assert_eq!(marks(Forbidden::Overline), 6);
}

#[test]
fn every_cell_of_the_published_boards_is_forbidden_exactly_where_marked() {
    let mut wrong = Vec::new();
    for board in published() {
        for disagreement in board.disagreements() {
            wrong.push(format!("{}: {disagreement}", board.name));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn an_overline_made_with_a_five_is_a_five() {
    // The first published board: a black stone on K12 (row 4, column 11 from the top) makes
    // five down the K column and six along row 12 at once. The five wins: not forbidden.
    let boards = published();
    let board = &boards[0];
    assert_eq!(
        board.name,
        "basic_forbidden_moves (rusty_renju/tests/test_forbid.rs)"
    );
    let k12 = 3 * 15 + 10;
    assert_eq!(board.stones[k12], None);
    assert_eq!(forbidden_in(&board.stones, 15, 15, k12), None);
    let mut six = board.stones.clone();
    // Without the five (the top stone of the K column taken away), the same stone is an
    // overline.
    six[10] = None;
    assert_eq!(forbidden_in(&six, 15, 15, k12), Some(Forbidden::Overline));
}
