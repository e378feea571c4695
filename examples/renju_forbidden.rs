//! Compares the game's renju forbidden points with another engine's, on random positions:
//! each position is a random renju game (stones near the others, so that threes and fours
//! are common; black never on a cell the game calls forbidden), stopped with black to move
//! and nobody winning. The other engine gets it as `YXBOARD` and answers `YXSHOWFORBID`
//! with `FORBID xxyy...` (Rapfi's extension of the Gomocup protocol; x the column, y the
//! row, two digits each). Every position where the two disagree is printed as a board.
//!
//! ```text
//! cargo run --release --example renju_forbidden -- ENGINE [--positions N] [--seed S]
//! ```
//!
//! ENGINE is a command (for Rapfi: the `pbrain-rapfi` that `scripts/build-rapfi.sh` makes).
//! Exit status 0 when every position agrees, 1 when one does not, 2 on a bad argument or an
//! engine that does not answer.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitCode, Stdio};

use tictactoe::rules::renju::forbidden;
use tictactoe::rules::zobrist::splitmix64;
use tictactoe::rules::{Cell, Position, Rule, Side};

const SIDE: usize = 15;

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(message) => {
            eprintln!("renju_forbidden: {message}");
            ExitCode::from(2)
        }
    }
}

/// The command line: the engine, how many positions, the seed.
struct Args {
    engine: String,
    positions: usize,
    seed: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let mut engine = None;
    let (mut positions, mut seed) = (1000, 1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or_else(|| format!("{name} needs a value"))?
                .parse::<u64>()
                .map_err(|e| format!("{name}: {e}"))
        };
        match arg.as_str() {
            "--positions" => positions = value("--positions")? as usize,
            "--seed" => seed = value("--seed")?,
            _ if engine.is_none() && !arg.starts_with("--") => engine = Some(arg),
            _ => return Err(format!("unknown argument {arg:?}")),
        }
    }
    let engine = engine.ok_or("usage: renju_forbidden ENGINE [--positions N] [--seed S]")?;
    Ok(Args {
        engine,
        positions,
        seed,
    })
}

/// A small seeded generator over the rules' SplitMix64.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        (splitmix64(self.0) % n as u64) as usize
    }
}

/// A random renju game of `stones` stones (an even number: black to move), each stone
/// within two cells of one already down, and its moves; `None` if it ended or ran out of
/// cells first.
fn random_position(random: &mut Random, stones: usize) -> Option<(Position, Vec<Cell>)> {
    let mut position = Position::new(Rule::RENJU);
    let mut moves = vec![Cell::new(SIDE / 2, SIDE / 2)];
    position.play(moves[0]).ok()?;
    while moves.len() < stones {
        let near: Vec<Cell> = position
            .legal_moves()
            .into_iter()
            .filter(|&c| near_a_stone(&position, c))
            .collect();
        if near.is_empty() {
            return None;
        }
        let cell = near[random.below(near.len())];
        position.play(cell).ok()?;
        moves.push(cell);
        if position.is_over() {
            return None;
        }
    }
    Some((position, moves))
}

fn near_a_stone(position: &Position, cell: Cell) -> bool {
    let rows = cell.row.saturating_sub(2)..=(cell.row + 2).min(SIDE - 1);
    rows.into_iter().any(|row| {
        let cols = cell.col.saturating_sub(2)..=(cell.col + 2).min(SIDE - 1);
        cols.into_iter()
            .any(|col| position.get(Cell::new(row, col)).is_some())
    })
}

/// The game's forbidden points of `position`.
fn ours(position: &Position) -> BTreeSet<Cell> {
    (0..SIDE)
        .flat_map(|row| (0..SIDE).map(move |col| Cell::new(row, col)))
        .filter(|&cell| forbidden(position, cell).is_some())
        .collect()
}

/// Whether black, to move, can make five at once somewhere.
fn five_at_once(position: &Position) -> bool {
    position
        .empty_indices()
        .any(|i| position.wins_at(i, Side::X))
}

/// The engine, spoken to line by line.
struct Engine {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Engine {
    fn start(command: &str) -> Result<Engine, String> {
        let mut child = Command::new(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {command}: {e}"))?;
        let input = child.stdin.take().ok_or("no standard input")?;
        let output = BufReader::new(child.stdout.take().ok_or("no standard output")?);
        let mut engine = Engine {
            child,
            input,
            output,
        };
        engine.send(&format!("START {SIDE}"))?;
        engine.answer("OK")?;
        engine.send("INFO rule 4")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the engine stopped reading: {e}"))
    }

    /// The next line starting with `word` (the engine's MESSAGE and DEBUG lines skipped).
    fn answer(&mut self, word: &str) -> Result<String, String> {
        for _ in 0..1000 {
            let mut line = String::new();
            if self
                .output
                .read_line(&mut line)
                .map_err(|e| e.to_string())?
                == 0
            {
                return Err("the engine closed its output".into());
            }
            let line = line.trim();
            if line.starts_with(word) {
                return Ok(line.to_string());
            }
        }
        Err(format!("no {word} line in 1000 lines"))
    }

    /// The engine's forbidden points of the position after `moves`.
    fn forbidden(&mut self, moves: &[Cell]) -> Result<BTreeSet<Cell>, String> {
        self.send("YXBOARD")?;
        for (i, cell) in moves.iter().enumerate() {
            let own = if i % 2 == 0 { 1 } else { 2 };
            self.send(&format!("{},{},{own}", cell.col, cell.row))?;
        }
        self.send("DONE")?;
        self.send("YXSHOWFORBID")?;
        let line = self.answer("FORBID")?;
        let digits = line["FORBID".len()..].trim().trim_end_matches('.');
        let numbers: Vec<usize> = digits
            .as_bytes()
            .chunks(2)
            .map(|pair| std::str::from_utf8(pair).ok()?.parse().ok())
            .collect::<Option<_>>()
            .ok_or_else(|| format!("not a FORBID line: {line:?}"))?;
        if !numbers.len().is_multiple_of(2) {
            return Err(format!("not a FORBID line: {line:?}"));
        }
        Ok(numbers
            .chunks(2)
            .map(|xy| Cell::new(xy[1], xy[0]))
            .collect())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("END");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `position` as rows of `x`, `o`, `.`, the disagreeing cells marked: `A` forbidden only
/// for the game, `B` only for the engine.
fn board(position: &Position, only_ours: &BTreeSet<Cell>, only_theirs: &BTreeSet<Cell>) -> String {
    let mut text = String::new();
    for row in 0..SIDE {
        for col in 0..SIDE {
            let cell = Cell::new(row, col);
            text.push(match position.get(cell) {
                Some(Side::X) => 'x',
                Some(Side::O) => 'o',
                None if only_ours.contains(&cell) => 'A',
                None if only_theirs.contains(&cell) => 'B',
                None => '.',
            });
        }
        text.push('\n');
    }
    text
}

fn run() -> Result<bool, String> {
    let args = parse_args()?;
    let mut engine = Engine::start(&args.engine)?;
    let mut random = Random(args.seed);
    let (mut compared, mut with_forbidden, mut points) = (0, 0, 0);
    let (mut disagreed, mut disagreed_with_five) = (0, 0);
    while compared < args.positions {
        let stones = 2 * (3 + random.below(30));
        let Some((position, moves)) = random_position(&mut random, stones) else {
            continue;
        };
        compared += 1;
        let (mine, theirs) = (ours(&position), engine.forbidden(&moves)?);
        with_forbidden += usize::from(!mine.is_empty());
        points += mine.len();
        if mine != theirs {
            disagreed += 1;
            let five = five_at_once(&position);
            disagreed_with_five += usize::from(five);
            let only_ours = mine.difference(&theirs).copied().collect();
            let only_theirs = theirs.difference(&mine).copied().collect();
            println!(
                "position {compared} ({} stones{}): A forbidden only here, B only for the \
                 engine\n{}",
                moves.len(),
                if five {
                    ", black can make five at once"
                } else {
                    ""
                },
                board(&position, &only_ours, &only_theirs)
            );
        }
    }
    println!(
        "{compared} positions (seed {}), {with_forbidden} with forbidden points ({points} in all): \
         {disagreed} disagree, {disagreed_with_five} of them where black can make five at once",
        args.seed
    );
    Ok(disagreed == 0)
}
