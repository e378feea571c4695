//! The engine against an independent brute-force solver of tic-tac-toe, written here with
//! its own board and its own eight lines (not the crate's `Position`): every move of every
//! one of the 4,520 non-terminal reachable positions must get the same result and the same
//! number of plies (the winner hurries, the loser delays, a draw fills the board).

use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;

use tictactoe::engine::{Engine, EngineConfig, Limits, Value};
use tictactoe::rules::{Position, Rule};

/// 0 empty, 1 X, 2 O; cell `3 * row + col`.
type Board = [u8; 9];

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A result from the side to move, with plies to the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Oracle {
    Win(u32),
    Draw(u32),
    Loss(u32),
}

impl Oracle {
    /// Larger is better for the side to move: fast wins, then draws, then slow losses.
    fn rank(self) -> i64 {
        match self {
            Oracle::Win(n) => 1000 - i64::from(n),
            Oracle::Draw(_) => 0,
            Oracle::Loss(n) => -1000 + i64::from(n),
        }
    }

    /// The same outcome seen by the opponent, one ply earlier.
    fn before(self) -> Oracle {
        match self {
            Oracle::Win(n) => Oracle::Loss(n + 1),
            Oracle::Draw(n) => Oracle::Draw(n + 1),
            Oracle::Loss(n) => Oracle::Win(n + 1),
        }
    }

    fn words(self) -> (&'static str, u32) {
        match self {
            Oracle::Win(n) => ("win", n),
            Oracle::Draw(n) => ("draw", n),
            Oracle::Loss(n) => ("loss", n),
        }
    }
}

fn to_move(board: &Board) -> u8 {
    let stones = board.iter().filter(|&&s| s != 0).count();
    if stones % 2 == 0 { 1 } else { 2 }
}

fn someone_won(board: &Board) -> bool {
    LINES
        .iter()
        .any(|l| board[l[0]] != 0 && board[l[0]] == board[l[1]] && board[l[1]] == board[l[2]])
}

fn is_terminal(board: &Board) -> bool {
    someone_won(board) || board.iter().all(|&s| s != 0)
}

fn empties(board: &Board) -> Vec<usize> {
    (0..9).filter(|&i| board[i] == 0).collect()
}

/// The brute-force solver, memoised on the board.
#[derive(Default)]
struct Solver {
    memo: HashMap<Board, Oracle>,
}

impl Solver {
    fn value(&mut self, board: &Board) -> Oracle {
        if someone_won(board) {
            return Oracle::Loss(0); // the player who just moved won
        }
        if board.iter().all(|&s| s != 0) {
            return Oracle::Draw(0);
        }
        if let Some(&known) = self.memo.get(board) {
            return known;
        }
        let best = empties(board)
            .into_iter()
            .map(|i| self.move_value(board, i))
            .max_by_key(|v| v.rank())
            .unwrap();
        self.memo.insert(*board, best);
        best
    }

    /// The value for the side to move of playing cell `i`, counting that move.
    fn move_value(&mut self, board: &Board, i: usize) -> Oracle {
        let mut child = *board;
        child[i] = to_move(board);
        self.value(&child).before()
    }
}

/// Every reachable position where the game is not over.
fn non_terminal_positions() -> Vec<Board> {
    fn walk(board: Board, seen: &mut HashMap<Board, ()>, out: &mut Vec<Board>) {
        if seen.insert(board, ()).is_some() || is_terminal(&board) {
            return;
        }
        out.push(board);
        for i in empties(&board) {
            let mut child = board;
            child[i] = to_move(&board);
            walk(child, seen, out);
        }
    }
    let mut out = Vec::new();
    walk([0; 9], &mut HashMap::new(), &mut out);
    out
}

fn notation(board: &Board) -> String {
    let cell = |s: u8| ['.', 'x', 'o'][s as usize];
    board
        .chunks(3)
        .map(|row| row.iter().map(|&s| cell(s)).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

fn engine_words(value: &Value, board: &Board) -> (&'static str, u32) {
    match *value {
        Value::Win { plies } => ("win", plies),
        Value::Loss { plies } => ("loss", plies),
        Value::Draw => ("draw", empties(board).len() as u32),
        Value::Unknown => ("unknown", u32::MAX),
    }
}

#[test]
fn there_are_4520_non_terminal_positions() {
    assert_eq!(non_terminal_positions().len(), 4_520);
    let mut solver = Solver::default();
    assert_eq!(solver.value(&[0; 9]), Oracle::Draw(9));
}

#[test]
fn engine_analysis_matches_the_oracle_on_every_position() {
    let mut solver = Solver::default();
    let mut engine = Engine::new(EngineConfig::default());
    let stop = AtomicBool::new(false);
    let limits = Limits::default();
    let mut moves_checked = 0;
    for board in non_terminal_positions() {
        let text = notation(&board);
        let position = Position::from_notation(Rule::TIC_TAC_TOE, &text).unwrap();
        let analysis = engine.analyse(&position, &limits, &stop);
        assert_eq!(analysis.len(), empties(&board).len(), "{text}");
        for m in &analysis {
            let i = m.cell.row * 3 + m.cell.col;
            let expected = solver.move_value(&board, i).words();
            assert_eq!(
                engine_words(&m.value, &board),
                expected,
                "{text}, move {:?}",
                m.cell
            );
        }
        moves_checked += analysis.len();

        let found = engine.search(&position, &limits, &stop, &mut |_| {});
        let best = found.best.expect("a move in a game that goes on");
        let best_value = solver.move_value(&board, best.row * 3 + best.col);
        assert_eq!(
            best_value,
            solver.value(&board),
            "{text}: best move {best:?}"
        );
        assert_eq!(
            engine_words(&found.value, &board),
            solver.value(&board).words(),
            "{text}"
        );
    }
    assert_eq!(moves_checked, 16_167);
}

#[test]
fn the_binary_agrees_with_the_oracle() {
    let mut solver = Solver::default();
    // Every 15th position: about 300 of them, through one process.
    let boards: Vec<Board> = non_terminal_positions().into_iter().step_by(15).collect();
    let input: String = boards.iter().map(|b| notation(b) + "\n").collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["analyse", "--position", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(lines.len(), boards.len());
    for (board, line) in boards.iter().zip(lines) {
        let json: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(json["position"], notation(board));
        let (result, plies) = solver.value(board).words();
        assert_eq!(
            (json["result"].as_str(), json["plies"].as_u64()),
            (Some(result), Some(u64::from(plies))),
            "{line}"
        );
        let best = &json["best"];
        let best =
            best["row"].as_u64().unwrap() as usize * 3 + best["col"].as_u64().unwrap() as usize;
        assert_eq!(
            solver.move_value(board, best),
            solver.value(board),
            "{line}"
        );
        let moves = json["moves"].as_array().unwrap();
        assert_eq!(moves.len(), empties(board).len());
        for m in moves {
            let i = m["cell"]["row"].as_u64().unwrap() as usize * 3
                + m["cell"]["col"].as_u64().unwrap() as usize;
            let (result, plies) = solver.move_value(board, i).words();
            assert_eq!(m["result"], result, "{line}");
            assert_eq!(m["plies"], plies, "{line}");
        }
    }
}
