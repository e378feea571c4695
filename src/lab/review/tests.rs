use super::*;
use crate::engine::{ForcedKind, WIN};

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
fn the_evaluation_is_blacks_and_proved_results_are_the_ends_of_the_scale() {
    let scale = score_scale(&rule());
    assert_eq!(evaluation_for_x(WIN - 5, Side::X, scale), 1.0);
    assert_eq!(evaluation_for_x(WIN - 5, Side::O, scale), -1.0);
    let lead = evaluation_for_x(1_500, Side::O, scale);
    assert!(
        (lead + 0.7616).abs() < 1e-3,
        "tanh(1) for white is -0.76 for black: {lead}"
    );
    assert_eq!(flipped(Value::Win { plies: 3 }), Value::Loss { plies: 3 });
    assert_eq!(flipped(Value::Unknown), Value::Unknown);
}

#[test]
fn a_move_the_engine_would_play_is_never_given_a_better_one() {
    let moves = [Cell::new(7, 7), Cell::new(7, 8), Cell::new(0, 0)];
    let all = positions(&moves);
    // Black's first move is the engine's; white's second is not, and drops white from +100
    // to -3,000 (black, to move after it, scores +3,000); black's third is the engine's
    // choice too, yet its value falls: still no other move is named.
    let evals = [
        eval(50, Some(moves[0])),
        eval(100, Some(Cell::new(6, 6))),
        eval(3_000, Some(moves[2])),
        eval(200, Some(Cell::new(1, 1))),
    ];
    let assessed = assess(&moves, &all, &evals);
    assert_eq!(assessed.len(), 3);
    assert_eq!(assessed[0].engine_choice, None);
    assert_eq!(assessed[1].engine_choice, Some(Cell::new(6, 6)));
    assert_eq!(assessed[1].before, (100, Value::Unknown));
    assert_eq!(assessed[1].after, (-3_000, Value::Unknown));
    assert!(assessed[1].drop > 0.8, "{}", assessed[1].drop);
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
    assert_eq!(assessed[1].allowed, Some(win(Cell::new(6, 6))));
    assert_eq!(assessed[2].missed, Some(win(Cell::new(6, 6))));
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
fn at_most_three_drops_are_marked_and_small_ones_never() {
    let moves: Vec<Cell> = (0..6).map(|i| Cell::new(i, 0)).collect();
    let all = positions(&moves);
    // Black's evaluation goes 0, -100, +1000, -1500, +1500, -500, +3000: every move but
    // the first drops its side's by more than the least marked drop, and the engine never
    // agrees with the move played. Scores are for the side to move.
    let scores = [0, 100, 1_000, 1_500, 1_500, 500, 3_000];
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
