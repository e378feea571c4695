//! Moves alike under symmetry: the rotations and reflections that leave the position on the
//! board as it is map some moves onto others, and those are worth the same, so a search
//! needs to look at only one of each kind. The view marks the moves of one kind with the
//! same letter and colour and says how many kinds there are ("3 kinds of first move:
//! corner, edge, centre" on the empty 3x3 board).

use egui::{RichText, Ui};

use crate::rules::{Cell, Position};
use crate::t;

use super::marks::{Mark, group_colour};

/// Boards up to this many cells list every kind and letter every empty cell; on larger ones
/// (hundreds of kinds once a stone breaks the symmetry) the view lists and letters only the
/// largest kinds, [`LARGE_BOARD_KINDS`] at most, and counts the rest.
const LETTER_CELLS: usize = 100;

/// How many kinds a large board lists and letters: its largest.
const LARGE_BOARD_KINDS: usize = 8;

/// The kinds the view lists and letters, by index into `kinds`: every one on a small board;
/// on a large board the largest of more than one move, largest first.
fn shown(position: &Position, kinds: &[Vec<Cell>]) -> Vec<usize> {
    if position.rule().cells() <= LETTER_CELLS {
        return (0..kinds.len()).collect();
    }
    let mut largest: Vec<usize> = (0..kinds.len()).filter(|&n| kinds[n].len() > 1).collect();
    largest.sort_by_key(|&n| std::cmp::Reverse(kinds[n].len()));
    largest.truncate(LARGE_BOARD_KINDS);
    largest
}

/// The legal moves of `position` in kinds: moves that a symmetry keeping the position as it
/// is maps onto each other. Each kind in cell order; kinds in order of their first cell.
#[must_use]
pub fn move_kinds(position: &Position) -> Vec<Vec<Cell>> {
    let geometry = position.geometry();
    let board = position.board();
    let keeping: Vec<&[u16]> = (0..geometry.symmetries().len())
        .map(|n| geometry.symmetry_map(n))
        .filter(|map| (0..board.len()).all(|i| board[map[i] as usize] == board[i]))
        .collect();
    let mut kind_of: Vec<Option<usize>> = vec![None; board.len()];
    let mut kinds: Vec<Vec<Cell>> = Vec::new();
    for index in position.empty_indices() {
        let seen = keeping.iter().find_map(|map| kind_of[map[index] as usize]);
        let kind = seen.unwrap_or_else(|| {
            kinds.push(Vec::new());
            kinds.len() - 1
        });
        kind_of[index] = Some(kind);
        kinds[kind].push(geometry.cell(index));
    }
    kinds
}

/// How many of the board's symmetries leave `position` as it is (the identity included).
fn keeping_count(position: &Position) -> usize {
    let geometry = position.geometry();
    let board = position.board();
    (0..geometry.symmetries().len())
        .filter(|&n| {
            let map = geometry.symmetry_map(n);
            (0..board.len()).all(|i| board[map[i] as usize] == board[i])
        })
        .count()
}

/// The letter of kind `n`: A to Z, then AA, AB, ...
fn letter(n: usize) -> String {
    let alphabet = |i: usize| char::from(b'A' + (i % 26) as u8);
    if n < 26 {
        alphabet(n).to_string()
    } else {
        format!("{}{}", alphabet(n / 26 - 1), alphabet(n))
    }
}

/// Where a cell lies: a corner, the centre, on an edge, or inside.
fn place(position: &Position, cell: Cell) -> String {
    let rule = position.rule();
    let (w, h) = (rule.width(), rule.height());
    let on_row_edge = cell.row == 0 || cell.row + 1 == h;
    let on_col_edge = cell.col == 0 || cell.col + 1 == w;
    if on_row_edge && on_col_edge {
        t!("lab-sym-corner")
    } else if w % 2 == 1 && h % 2 == 1 && cell.row == h / 2 && cell.col == w / 2 {
        t!("lab-sym-centre")
    } else if on_row_edge || on_col_edge {
        t!("lab-sym-edge")
    } else {
        t!("lab-sym-inside")
    }
}

/// A kind's name: the place all its cells share, or its letter when they differ.
fn kind_name(position: &Position, n: usize, kind: &[Cell]) -> String {
    let places: Vec<String> = kind.iter().map(|&c| place(position, c)).collect();
    if places.windows(2).all(|p| p[0] == p[1])
        && let Some(first) = places.into_iter().next()
    {
        first
    } else {
        letter(n)
    }
}

/// The letters over the board.
#[must_use]
pub fn marks(position: &Position) -> Vec<Mark> {
    let kinds = move_kinds(position);
    shown(position, &kinds)
        .into_iter()
        .flat_map(|n| {
            kinds[n].iter().map(move |&cell| Mark::Letter {
                cell,
                text: letter(n),
                group: n,
            })
        })
        .collect()
}

/// The symmetry view: how many kinds, and each with its letter, name and cells.
pub fn ui(ui: &mut Ui, position: &Position) {
    ui.label(RichText::new(t!("lab-sym-intro")).weak());
    ui.add_space(4.0);
    let kinds = move_kinds(position);
    if kinds.is_empty() {
        ui.label(t!("lab-sym-no-moves"));
        return;
    }
    let names: Vec<String> = kinds
        .iter()
        .enumerate()
        .map(|(n, kind)| kind_name(position, n, kind))
        .collect();
    let summary = if position.stones() == 0 {
        t!(
            "lab-sym-kinds-first",
            count = kinds.len(),
            names = names.join(", ")
        )
    } else {
        t!(
            "lab-sym-kinds",
            count = kinds.len(),
            moves = position.empty_count()
        )
    };
    ui.label(RichText::new(summary).strong());
    ui.label(t!(
        "lab-sym-keeping",
        count = keeping_count(position),
        all = position.geometry().symmetries().len()
    ));
    ui.add_space(4.0);
    let shown = shown(position, &kinds);
    if shown.is_empty() {
        // No symmetry keeps the position: every move is a kind of its own.
        ui.label(t!("lab-sym-none"));
        return;
    }
    for &n in &shown {
        let kind = &kinds[n];
        let cells: Vec<String> = kind.iter().map(ToString::to_string).collect();
        let text = t!(
            "lab-sym-kind",
            letter = letter(n),
            name = names[n].clone(),
            count = kind.len()
        );
        ui.label(RichText::new(text).color(group_colour(n)).strong())
            .on_hover_text(cells.join("; "));
    }
    let rest = kinds.len() - shown.len();
    if rest > 0 {
        let moves: usize = (0..kinds.len())
            .filter(|n| !shown.contains(n))
            .map(|n| kinds[n].len())
            .sum();
        ui.label(RichText::new(t!("lab-sym-rest", count = rest, moves = moves)).weak());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn the_empty_boards_have_the_known_number_of_kinds() {
        // 3x3: corner, edge, centre. 4x4: corner, edge, inside. 5x5: six kinds.
        for (side, kinds) in [(3, 3), (4, 3), (5, 6)] {
            let rule = Rule::new(side, side, 3.min(side), false).unwrap();
            assert_eq!(
                move_kinds(&Position::new(rule)).len(),
                kinds,
                "{side}x{side}"
            );
        }
    }

    #[test]
    fn a_centre_stone_keeps_two_kinds_of_reply() {
        let position = Position::from_notation(Rule::TIC_TAC_TOE, ".../.x./...").unwrap();
        let kinds = move_kinds(&position);
        assert_eq!(kinds.len(), 2);
        assert!(kinds.iter().all(|k| k.len() == 4));
    }

    #[test]
    fn a_large_board_lists_and_letters_only_its_largest_kinds() {
        let rule = Rule::new(15, 15, 5, false).unwrap();
        let empty = Position::new(rule);
        let kinds = move_kinds(&empty);
        let listed = shown(&empty, &kinds);
        assert_eq!(listed.len(), LARGE_BOARD_KINDS);
        assert!(
            listed
                .windows(2)
                .all(|w| kinds[w[0]].len() >= kinds[w[1]].len())
        );
        let lettered = marks(&empty).len();
        assert_eq!(
            lettered,
            listed.iter().map(|&n| kinds[n].len()).sum::<usize>()
        );
        // A stone off every axis: no symmetry keeps the position, nothing to list.
        let mut broken = empty.clone();
        broken.play(Cell::new(3, 5)).unwrap();
        assert_eq!(move_kinds(&broken).len(), 224);
        assert!(shown(&broken, &move_kinds(&broken)).is_empty());
        assert!(marks(&broken).is_empty());
    }

    #[test]
    fn letters_run_on_past_z() {
        assert_eq!(letter(0), "A");
        assert_eq!(letter(25), "Z");
        assert_eq!(letter(26), "AA");
    }
}
