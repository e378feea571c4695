//! Properties of the rules layer on random positions of several boards: make and unmake
//! undo each other, the incremental hash matches one computed from scratch, the notation
//! round-trips, symmetric positions share a canonical hash, `wins_at` predicts a win, and
//! renju's forbidden cells follow the board.

use proptest::prelude::*;
use tictactoe::rules::{Cell, MoveError, Position, Rule, Side, Symmetry, renju};

/// Boards of several shapes, with and without the exactly-K option.
fn rules() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::TIC_TAC_TOE),
        Just(Rule::new(4, 3, 3, false).unwrap()),
        Just(Rule::new(4, 4, 3, false).unwrap()),
        Just(Rule::new(5, 5, 4, false).unwrap()),
        Just(Rule::new(6, 5, 4, false).unwrap()),
        Just(Rule::new(6, 6, 4, true).unwrap()),
        Just(Rule::new(7, 7, 3, true).unwrap()),
    ]
}

/// A rule and a game prefix on it: each pick chooses among the empty cells, and the game
/// stops early if somebody wins. Returns the cell indices played.
fn games() -> impl Strategy<Value = (Rule, Vec<usize>)> {
    (rules(), prop::collection::vec(any::<u16>(), 0..50)).prop_map(|(rule, picks)| {
        let mut position = Position::new(rule);
        let mut played = Vec::new();
        for pick in picks {
            let moves: Vec<usize> = position.empty_indices().collect();
            if moves.is_empty() {
                break;
            }
            let index = moves[usize::from(pick) % moves.len()];
            position.make(index);
            played.push(index);
        }
        (rule, played)
    })
}

fn replay(rule: Rule, moves: &[usize]) -> Position {
    let mut position = Position::new(rule);
    for &index in moves {
        position.make(index);
    }
    position
}

/// The notation of `position` with every stone moved by `symmetry`.
fn transformed(position: &Position, symmetry: Symmetry) -> String {
    let rule = *position.rule();
    let (w, h) = (rule.width(), rule.height());
    let mut board = vec!['.'; w * h];
    for (index, stone) in position.board().iter().enumerate() {
        let image = symmetry.apply(Cell::new(index / w, index % w), w, h);
        board[image.row * w + image.col] = stone.map_or('.', Side::letter);
    }
    board
        .chunks(w)
        .map(|row| row.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn make_and_unmake_round_trip((rule, moves) in games()) {
        let mut position = Position::new(rule);
        let mut history = vec![(position.clone(), position.hash(), position.side_to_move())];
        for &index in &moves {
            position.make(index);
            history.push((position.clone(), position.hash(), position.side_to_move()));
        }
        history.pop();
        for &index in moves.iter().rev() {
            position.unmake(index);
            let (board, hash, to_move) = history.pop().unwrap();
            prop_assert_eq!(&position, &board);
            prop_assert_eq!(position.hash(), hash);
            prop_assert_eq!(position.side_to_move(), to_move);
            prop_assert!(!position.is_over());
        }
        prop_assert_eq!(position.hash(), Position::new(rule).hash());
    }

    #[test]
    fn incremental_hash_matches_a_rebuilt_position((rule, moves) in games()) {
        let position = replay(rule, &moves);
        let rebuilt = Position::from_notation(rule, &position.to_notation()).unwrap();
        prop_assert_eq!(position.hash(), rebuilt.hash());
        prop_assert_eq!(position.symmetric_hashes(), rebuilt.symmetric_hashes());
        prop_assert_eq!(position.side_to_move(), rebuilt.side_to_move());
        prop_assert_eq!(position.outcome(), rebuilt.outcome());
    }

    #[test]
    fn notation_round_trips((rule, moves) in games()) {
        let position = replay(rule, &moves);
        let text = position.to_notation();
        let parsed = Position::from_notation(rule, &text).unwrap();
        prop_assert_eq!(&parsed, &position);
        prop_assert_eq!(parsed.to_notation(), text.clone());
        // Upper case and surrounding blanks are accepted too.
        let shouted = Position::from_notation(rule, &format!("  {} ", text.to_uppercase()));
        prop_assert_eq!(shouted.unwrap(), position);
    }

    #[test]
    fn canonical_hash_is_the_same_under_every_symmetry((rule, moves) in games()) {
        let position = replay(rule, &moves);
        for &symmetry in Symmetry::of(&rule) {
            let image = Position::from_notation(rule, &transformed(&position, symmetry)).unwrap();
            prop_assert_eq!(image.canonical_hash(), position.canonical_hash(), "{:?}", symmetry);
            prop_assert!(position.symmetric_hashes().contains(&image.hash()));
        }
    }

    #[test]
    fn wins_at_agrees_with_playing_the_move((rule, moves) in games()) {
        let mut position = replay(rule, &moves);
        let side = position.side_to_move();
        for index in position.empty_indices().collect::<Vec<_>>() {
            let predicted = position.wins_at(index, side);
            position.make(index);
            prop_assert_eq!(predicted, position.winner() == Some(side), "cell {}", index);
            position.unmake(index);
        }
    }
}

/// A renju game crowded into the middle of the board, where forbidden cells are common:
/// each pick chooses among the legal moves (black's forbidden cells left out) within three
/// cells of the centre; the game stops at a win.
fn renju_games() -> impl Strategy<Value = Vec<Cell>> {
    prop::collection::vec(any::<u16>(), 8..40).prop_map(|picks| {
        let mut position = Position::new(Rule::RENJU);
        let mut played = Vec::new();
        for pick in picks {
            let middle: Vec<Cell> = position
                .legal_moves()
                .into_iter()
                .filter(|c| c.row.abs_diff(7) <= 3 && c.col.abs_diff(7) <= 3)
                .collect();
            if middle.is_empty() {
                break;
            }
            let cell = middle[usize::from(pick) % middle.len()];
            position.play(cell).expect("a legal move");
            played.push(cell);
        }
        played
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The forbidden test looks at the board only: every rotation and reflection of a
    /// position has the same forbidden cells, moved the same way; a checked move of black's
    /// is refused exactly on them, with the same reason, and they are not legal moves.
    #[test]
    fn renju_forbidden_cells_follow_the_board(moves in renju_games()) {
        let mut position = Position::new(Rule::RENJU);
        for &cell in &moves {
            position.play(cell).unwrap();
        }
        let legal = position.legal_moves();
        for &symmetry in Symmetry::of(&Rule::RENJU) {
            let image =
                Position::from_notation(Rule::RENJU, &transformed(&position, symmetry)).unwrap();
            for index in position.empty_indices().collect::<Vec<_>>() {
                let cell = position.geometry().cell(index);
                let kind = renju::forbidden(&position, cell);
                prop_assert_eq!(kind, renju::forbidden(&image, symmetry.apply(cell, 15, 15)));
                if position.side_to_move() == Side::X && !position.is_over() {
                    let refused = match position.check_move(cell) {
                        Err(MoveError::Forbidden { kind, .. }) => Some(kind),
                        _ => None,
                    };
                    prop_assert_eq!(refused, kind);
                    prop_assert_eq!(legal.contains(&cell), kind.is_none());
                }
            }
        }
    }
}
