use super::*;
use crate::engine::{ForcedKind, MoveValue, WIN};

fn rule() -> Rule {
    "15,15,5".parse().expect("a rule")
}

/// A value of the side to move with `score`, the engine's move `best`, no forced win.
fn eval(score: Score, best: Option<Cell>) -> PositionEval {
    PositionEval {
        score,
        value: Value::from_score(score, false),
        best,
        depth: 4,
        nodes: 1,
        forced: None,
    }
}

/// The positions of `moves` played from the empty 15x15 board, the first one included.
fn positions(moves: &[Cell]) -> Vec<Position> {
    let mut position = Position::new(rule());
    let mut all = vec![position.clone()];
    for &cell in moves {
        position.play(cell).expect("an empty cell");
        all.push(position.clone());
    }
    all
}

#[test]
fn the_expected_score_is_blacks_and_proved_results_are_the_ends_of_the_scale() {
    let scale = score_scale(&rule());
    assert_eq!(scale, gomoku_scale(crate::engine::code_tables::selected()));
    assert_eq!(gomoku_scale(None), GOMOKU_SCALE);
    let tables = crate::engine::code_tables::Selection::default_tables();
    assert_eq!(gomoku_scale(Some(tables)), GOMOKU_TABLES_SCALE);
    assert_eq!(expected_for_x(WIN - 5, Side::X, scale), 1.0);
    assert_eq!(expected_for_x(WIN - 5, Side::O, scale), 0.0);
    assert_eq!(expected_for_x(0, Side::O, scale), 0.5);
    let lead = expected_for_x(scale.round() as Score, Side::O, scale);
    assert!(
        (lead - 0.2689).abs() < 1e-3,
        "a lead of K for white is 1 / (1 + e) for black: {lead}"
    );
    assert_eq!(flipped(Value::Win { plies: 3 }), Value::Loss { plies: 3 });
    assert_eq!(flipped(Value::Unknown), Value::Unknown);
}

#[test]
fn a_move_the_engine_would_play_is_never_given_a_better_one() {
    let moves = [Cell::new(7, 7), Cell::new(7, 8), Cell::new(0, 0)];
    let all = positions(&moves);
    // Black's first move is the engine's; white's second is not, and drops white from +100
    // to -4,500 (black, to move after it, scores +4,500: more than 0.2 of expected score on
    // the scale of either evaluation of five in a row); black's third is the engine's
    // choice too, yet its value falls: still no other move is named.
    let evals = [
        eval(50, Some(moves[0])),
        eval(100, Some(Cell::new(6, 6))),
        eval(4_500, Some(moves[2])),
        eval(200, Some(Cell::new(1, 1))),
    ];
    let assessed = assess(&moves, &all, &evals);
    assert_eq!(assessed.len(), 3);
    assert_eq!(assessed[0].engine_choice, None);
    assert_eq!(assessed[1].engine_choice, Some(Cell::new(6, 6)));
    assert_eq!(assessed[1].before, (100, Value::Unknown));
    assert_eq!(assessed[1].after, (-4_500, Value::Unknown));
    assert!(assessed[1].drop > 0.2, "{}", assessed[1].drop);
    assert_eq!(assessed[2].engine_choice, None);
    for a in &assessed {
        assert_ne!(a.engine_choice, Some(a.cell), "the played move recommended");
    }
    // Only white's drop is a turning point: black's third move was the engine's own.
    assert_eq!(turning_points(&assessed), vec![1]);
}

#[test]
fn forced_wins_missed_and_allowed_are_turning_points() {
    let moves = [Cell::new(7, 7), Cell::new(7, 8), Cell::new(0, 0)];
    let all = positions(&moves);
    let win = |first: Cell| ForcedWin {
        kind: ForcedKind::Threats,
        line: vec![first, Cell::new(5, 5), Cell::new(4, 4)],
    };
    let mut evals = vec![
        eval(0, Some(moves[0])),
        eval(0, Some(moves[1])),
        eval(0, Some(moves[2])),
        eval(0, Some(Cell::new(3, 3))),
    ];
    // After white's move black has a forced win (white allowed it), and black, playing
    // elsewhere, misses it: white is not proved lost after that.
    evals[2].forced = Some(win(Cell::new(6, 6)));
    let assessed = assess(&moves, &all, &evals);
    let found = |a: &Option<FoundWin>| a.as_ref().and_then(|w| w.forced.clone());
    assert_eq!(found(&assessed[1].allowed), Some(win(Cell::new(6, 6))));
    assert_eq!(found(&assessed[2].missed), Some(win(Cell::new(6, 6))));
    assert_eq!(assessed[2].missed.as_ref().map(|w| w.moves), Some(3));
    assert_eq!(turning_points(&assessed), vec![1, 2]);
    // Following the line's first move is no miss; nor is a move after which the win is
    // proved all the same.
    let followed = [moves[0], moves[1], Cell::new(6, 6)];
    let assessed = assess(&followed, &positions(&followed), &evals);
    assert_eq!(assessed[2].missed, None);
    evals[3] = PositionEval {
        value: Value::Loss { plies: 9 },
        score: -(WIN - 9),
        ..eval(0, None)
    };
    let assessed = assess(&moves, &all, &evals);
    assert_eq!(assessed[2].missed, None);
}

#[test]
fn a_win_the_search_proved_counts_as_found_and_its_first_move_is_the_engines() {
    let moves = [Cell::new(7, 7), Cell::new(7, 8), Cell::new(0, 0)];
    let all = positions(&moves);
    let won = |best| PositionEval {
        value: Value::Win { plies: 17 },
        score: WIN - 17,
        ..eval(0, Some(best))
    };
    let evals = [
        eval(0, Some(moves[0])),
        eval(0, Some(Cell::new(1, 1))),
        won(Cell::new(6, 6)),
        eval(-40, Some(Cell::new(3, 3))),
    ];
    // White walked into a 17-move win the search found; black's A1 let it go.
    let rows = estimated_rows(&moves, &all, &evals);
    let found = FoundWin {
        moves: 17,
        first: Some(Cell::new(6, 6)),
        forced: None,
    };
    assert_eq!(rows[1].after, Standing::LossFound { moves: 17 });
    assert_eq!(rows[1].notes[0], MoveNote::LossWalkedInto(found.clone()));
    assert_eq!(rows[2].notes[0], MoveNote::WinNotFollowed(found));
    assert!(rows[1].turning_point && rows[2].turning_point);
    // The engine's own move keeps the win found: no note.
    let evals = [
        evals[0].clone(),
        evals[1].clone(),
        won(moves[2]),
        evals[3].clone(),
    ];
    let rows = estimated_rows(&moves, &all, &evals);
    assert!(rows[2].notes.is_empty(), "{:?}", rows[2].notes);
}

#[test]
fn at_most_three_drops_are_marked_and_small_ones_never() {
    let moves: Vec<Cell> = (0..6).map(|i| Cell::new(i, 0)).collect();
    let all = positions(&moves);
    // Black's evaluation goes 0, -300, +3000, -4500, +4500, -1500, +9000: every move but
    // the first drops its side's expected score by more than the least marked drop, and the
    // engine never agrees with the move played. Scores are for the side to move.
    let scores = [0, 300, 3_000, 4_500, 4_500, 1_500, 9_000];
    let evals: Vec<PositionEval> = scores
        .iter()
        .map(|&s| eval(s, Some(Cell::new(14, 14))))
        .collect();
    let assessed = assess(&moves, &all, &evals);
    let marked = turning_points(&assessed);
    assert!(assessed[0].drop < LEAST_MARKED_DROP);
    assert_eq!(marked, vec![2, 3, 5], "the three largest drops");
    for &i in &marked {
        assert!(assessed[i].drop >= LEAST_MARKED_DROP);
    }
    // The marked ones are the largest drops, listed in the order they were played.
    let mut order = marked.clone();
    order.sort_unstable();
    assert_eq!(order, marked);
    let smallest_marked = marked.iter().map(|&i| assessed[i].drop).fold(2.0, f64::min);
    for (i, a) in assessed.iter().enumerate() {
        if !marked.contains(&i) {
            assert!(a.drop <= smallest_marked);
        }
    }
}

/// The first statement of `rows` that a row contradicts, in words: a distance stated where
/// the board was not searched to the end, a move that left its side better off than best
/// play allowed, or a position whose two rows (after one move, before the next) disagree.
pub(crate) fn contradiction(rows: &[MoveRow], exact: bool) -> Option<String> {
    for (i, row) in rows.iter().enumerate() {
        let n = row.number;
        for standing in [row.before, row.after] {
            if !exact && matches!(standing, Standing::Exact(_)) {
                return Some(format!(
                    "move {n} states an exact value on an estimated board"
                ));
            }
        }
        match (row.before, row.after) {
            (
                Standing::Exact(Value::Win { plies: b }),
                Standing::Exact(Value::Win { plies: a }),
            ) if a + 1 < b => {
                return Some(format!(
                    "move {n}: win in {b} before, a faster win in {a} after"
                ));
            }
            (
                Standing::Exact(Value::Loss { plies: b }),
                Standing::Exact(Value::Loss { plies: a }),
            ) if a + 1 > b => {
                return Some(format!(
                    "move {n}: loss in {b} before, a slower loss in {a} after"
                ));
            }
            (Standing::Exact(before), Standing::Exact(after)) if rank(after) > rank(before) => {
                return Some(format!(
                    "move {n}: {before:?} before, better {after:?} after"
                ));
            }
            _ => {}
        }
        if let (Standing::Exact(after), Some(next)) = (row.after, rows.get(i + 1))
            && next.before != Standing::Exact(flipped(after))
        {
            return Some(format!(
                "move {n} leaves {after:?}, move {} finds {:?}",
                next.number, next.before
            ));
        }
    }
    None
}

/// Results in order, worst first.
fn rank(value: Value) -> u8 {
    match value {
        Value::Loss { .. } => 0,
        Value::Draw | Value::Unknown => 1,
        Value::Win { .. } => 2,
    }
}

#[test]
fn an_exact_row_counts_from_each_position_and_names_a_move_only_where_the_result_changed() {
    let rule: Rule = "3,3,3".parse().expect("a rule");
    let (a, b) = (Cell::new(0, 0), Cell::new(1, 1));
    let value = |cell, score, value| MoveValue { cell, score, value };
    let values = [
        value(a, 0, Value::Draw),
        value(b, -(WIN - 6), Value::Loss { plies: 6 }),
    ];
    let mut after = Position::new(rule);
    after.play(b).expect("empty");
    let thrown = exact_row(1, Side::X, b, &values, &after).expect("both valued");
    assert_eq!(thrown.before, Standing::Exact(Value::Draw));
    assert_eq!(thrown.after, Standing::Exact(Value::Loss { plies: 5 }));
    assert_eq!(thrown.notes, vec![MoveNote::DrawThrown { kept_by: a }]);
    assert!(thrown.turning_point);
    let kept = exact_row(1, Side::X, a, &values, &after).expect("both valued");
    assert!(kept.notes.is_empty() && !kept.turning_point);
    // A move that wins at once: "win in 1 before, the game won after".
    let won = Position::from_notation(rule, "xx./oo./...").expect("a position");
    let mut done = won.clone();
    done.play(Cell::new(0, 2)).expect("empty");
    let values = [value(Cell::new(0, 2), WIN - 1, Value::Win { plies: 1 })];
    let row = exact_row(5, Side::X, Cell::new(0, 2), &values, &done).expect("valued");
    assert_eq!(row.before, Standing::Exact(Value::Win { plies: 1 }));
    assert_eq!(row.after, Standing::Won);
}

#[test]
fn an_estimated_row_states_forced_lines_as_found_and_the_rest_as_expected_scores() {
    let moves = [Cell::new(7, 7), Cell::new(7, 8), Cell::new(0, 0)];
    let all = positions(&moves);
    let line = vec![Cell::new(6, 6), Cell::new(5, 5), Cell::new(4, 4)];
    let mut evals = vec![
        eval(0, Some(moves[0])),
        eval(0, Some(moves[1])),
        eval(0, Some(moves[2])),
        PositionEval {
            value: Value::Win { plies: 31 },
            score: WIN - 31,
            ..eval(0, None)
        },
    ];
    evals[2].forced = Some(ForcedWin {
        kind: ForcedKind::Threats,
        line: line.clone(),
    });
    let rows = estimated_rows(&moves, &all, &evals);
    assert_eq!(
        rows[0].before,
        Standing::Estimate {
            score: 0,
            expected: 0.5
        }
    );
    // White's move let black a forced win (a line of three found); black did not play it,
    // and the search then found a 31-move win for white: stated as lines found, never as
    // the shortest, and never compared.
    assert_eq!(rows[1].after, Standing::LossFound { moves: 3 });
    assert_eq!(rows[2].before, Standing::WinFound { moves: 3 });
    assert_eq!(rows[2].after, Standing::LossFound { moves: 31 });
    assert!(matches!(rows[1].notes[..], [MoveNote::LossWalkedInto(_)]));
    assert!(matches!(rows[2].notes[0], MoveNote::WinNotFollowed(_)));
    assert_eq!(contradiction(&rows, false), None);
    for row in &rows {
        assert!(row.before.is_proved() || matches!(row.before, Standing::Estimate { .. }));
    }
}

#[test]
fn the_checker_catches_the_distances_a_review_must_never_state() {
    let row = |number, before, after| MoveRow {
        number,
        side: Side::X,
        cell: Cell::new(0, 0),
        before,
        after,
        turning_point: false,
        notes: Vec::new(),
    };
    let exact = |v| Standing::Exact(v);
    // "loss in 12 before, loss in 31 after": no move delays a loss beyond best play.
    let slower = [row(
        12,
        exact(Value::Loss { plies: 12 }),
        exact(Value::Loss { plies: 31 }),
    )];
    assert!(contradiction(&slower, true).is_some());
    // Two rows about one position that disagree.
    let disagree = [
        row(
            1,
            exact(Value::Win { plies: 5 }),
            exact(Value::Win { plies: 4 }),
        ),
        row(
            2,
            exact(Value::Loss { plies: 9 }),
            exact(Value::Loss { plies: 8 }),
        ),
    ];
    assert!(contradiction(&disagree, true).is_some());
    let agree = [
        row(
            1,
            exact(Value::Win { plies: 5 }),
            exact(Value::Win { plies: 4 }),
        ),
        row(
            2,
            exact(Value::Loss { plies: 4 }),
            exact(Value::Loss { plies: 3 }),
        ),
    ];
    assert_eq!(contradiction(&agree, true), None);
    assert!(
        contradiction(&agree, false).is_some(),
        "exact words on a large board"
    );
}
