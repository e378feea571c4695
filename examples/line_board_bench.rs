//! How fast the boards of the gomoku engine follow a search: the line-word board
//! ([`LineBoard`]: line classes, pattern codes, threats, undo by restoring) beside the pattern
//! board the engine searches with ([`PatternBoard`]), on the six 15x15 middle games of
//! `tictactoe bench --smp`.
//!
//! ```text
//! cargo run --release --example line_board_bench -- [--rule freestyle|exact|renju] [--depth N]
//! ```
//!
//! Two figures per board: a move made and taken back (each empty cell within two of a stone,
//! over and over), and nodes a second of a full-width walk to `--depth` plies (3 by default)
//! over those cells, each node reading whether the side to move has a five to play. Figures,
//! not a test: they move with the machine and its load.

use std::process::ExitCode;
use std::time::Instant;

use tictactoe::engine::{LineBoard, PatternBoard};
use tictactoe::rules::{Cell, Position, Rule, Side};

/// The middle games of `tictactoe bench --smp`: row,col moves from the empty board.
const MIDDLE_GAMES: [&str; 6] = [
    "7,7 8,8 7,8 7,9 6,7 8,6 8,7 9,7",
    "7,7 7,8 8,8 6,6 9,9 6,9 6,7 10,10",
    "7,7 6,8 8,8 9,9 6,6 5,5 8,6 7,6 6,7 8,7 5,7 4,7",
    "7,7 7,8 6,9 8,7 6,6 8,9 5,8 9,8 6,7 6,8",
    "7,7 8,8 6,8 8,6 8,7 6,6 7,6 7,8 5,9 9,5",
    "7,7 7,6 8,6 6,6 6,7 5,6 4,6 8,8 9,9 6,8 5,9",
];

/// Rounds of make and unmake over the cells of each position.
const ROUNDS: usize = 2_000;

/// What the bench needs of a board.
trait Board {
    fn name(&self) -> &'static str;
    fn make(&mut self, cell: usize, side: Side);
    fn unmake(&mut self, cell: usize);
    fn five_to_play(&self, side: Side) -> bool;
}

impl Board for LineBoard {
    fn name(&self) -> &'static str {
        "line-word board"
    }
    fn make(&mut self, cell: usize, side: Side) {
        LineBoard::make(self, cell, side);
    }
    fn unmake(&mut self, cell: usize) {
        LineBoard::unmake(self, cell);
    }
    fn five_to_play(&self, side: Side) -> bool {
        self.count(side, tictactoe::engine::Threat::Five) > 0
    }
}

impl Board for PatternBoard {
    fn name(&self) -> &'static str {
        "pattern board (the engine's)"
    }
    fn make(&mut self, cell: usize, side: Side) {
        self.place(cell, side);
    }
    fn unmake(&mut self, cell: usize) {
        self.remove(cell);
    }
    fn five_to_play(&self, side: Side) -> bool {
        self.count(side, tictactoe::engine::Combo::Five) > 0
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("line_board_bench: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let (name, rule, depth) = parse_args()?;
    let positions: Vec<Position> = MIDDLE_GAMES
        .iter()
        .map(|moves| middle_game(rule, moves))
        .collect::<Result<_, _>>()?;
    println!("{} middle games, {name}", positions.len());
    for make_board in [line_board as fn(&Position) -> Box<dyn Board>, pattern_board] {
        let mut pairs = 0u64;
        let mut nodes = 0u64;
        let (mut pair_time, mut walk_time) = (0.0, 0.0);
        let mut name = "";
        for pos in &positions {
            let mut board = make_board(pos);
            name = board.name();
            let cells = near_cells(pos);
            let side = pos.side_to_move();
            let start = Instant::now();
            for _ in 0..ROUNDS {
                for &cell in &cells {
                    board.make(cell, side);
                    board.unmake(cell);
                }
            }
            pair_time += start.elapsed().as_secs_f64();
            pairs += (ROUNDS * cells.len()) as u64;
            let mut stones: Vec<bool> = cells.iter().map(|_| false).collect();
            let start = Instant::now();
            nodes += walk(board.as_mut(), &cells, &mut stones, side, depth);
            walk_time += start.elapsed().as_secs_f64();
        }
        println!(
            "{name}: make and unmake {:.1} ns; walk to depth {depth}: {nodes} nodes, {:.0}k nodes/s",
            pair_time * 1e9 / pairs as f64,
            nodes as f64 / walk_time / 1e3
        );
    }
    Ok(())
}

fn line_board(pos: &Position) -> Box<dyn Board> {
    Box::new(LineBoard::new(pos))
}

fn pattern_board(pos: &Position) -> Box<dyn Board> {
    Box::new(PatternBoard::new(pos))
}

/// Every node below this one to `depth` plies over `cells` (those not yet taken), counted.
fn walk(board: &mut dyn Board, cells: &[usize], taken: &mut [bool], side: Side, depth: u32) -> u64 {
    if depth == 0 || board.five_to_play(side) {
        return 1;
    }
    let mut nodes = 1;
    for i in 0..cells.len() {
        if taken[i] {
            continue;
        }
        taken[i] = true;
        board.make(cells[i], side);
        nodes += walk(board, cells, taken, side.other(), depth - 1);
        board.unmake(cells[i]);
        taken[i] = false;
    }
    nodes
}

/// The empty cells within two of a stone.
fn near_cells(pos: &Position) -> Vec<usize> {
    let width = pos.rule().width();
    let stones: Vec<usize> = (0..pos.rule().cells())
        .filter(|&c| pos.at(c).is_some())
        .collect();
    pos.empty_indices()
        .filter(|&c| {
            stones.iter().any(|&s| {
                (c / width).abs_diff(s / width) <= 2 && (c % width).abs_diff(s % width) <= 2
            })
        })
        .collect()
}

fn middle_game(rule: Rule, moves: &str) -> Result<Position, String> {
    let mut pos = Position::new(rule);
    for mv in moves.split_whitespace() {
        let (r, c) = mv.split_once(',').ok_or("a move is row,col")?;
        let cell = Cell::new(
            r.parse().map_err(|_| "a row is a number")?,
            c.parse().map_err(|_| "a column is a number")?,
        );
        pos.play(cell).map_err(|e| e.to_string())?;
    }
    Ok(pos)
}

/// The rule's name, the rule and the walk's depth.
fn parse_args() -> Result<(String, Rule, u32), String> {
    let mut name = String::from("freestyle");
    let freestyle = Rule::new(15, 15, 5, false).map_err(|e| e.to_string())?;
    let mut rule = freestyle;
    let mut depth = 3;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().ok_or(format!("{arg} needs a value"))?;
        match arg.as_str() {
            "--rule" => {
                rule = match value.as_str() {
                    "freestyle" => freestyle,
                    "exact" => freestyle.with_exact(true),
                    "renju" => Rule::RENJU,
                    _ => return Err(format!("unknown rule {value}: freestyle, exact or renju")),
                };
                name = value;
            }
            "--depth" => {
                depth = value
                    .parse()
                    .ok()
                    .filter(|d| (1..=4).contains(d))
                    .ok_or("--depth is 1 to 4")?;
            }
            _ => return Err(format!("unknown argument {arg}")),
        }
    }
    Ok((name, rule, depth))
}
