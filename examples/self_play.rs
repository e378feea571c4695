//! Plays the engine against itself from a file of openings under a fixed node budget a move,
//! for the training games of data/gomoku-games: each side its own engine, one search thread,
//! a fresh table each game, so the same openings, rule and budget give the same games on any
//! machine, loaded or not (a time budget would give weaker games the busier the machine).
//! Games run side by side on `--jobs` threads; each is appended to the games file as it
//! ends, in the format of `tictactoe::engine::tuning::GameLine`.
//!
//! ```sh
//! cargo run --release --example data_openings -- --seed 1 --count 250 > openings.txt
//! cargo run --release --example self_play -- --openings openings.txt --rule freestyle \
//!     --nodes 20000 --record games.txt
//! ```
//!
//! Each opening is played once: with one engine on both sides the second colour would give
//! the same game.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

use clap::Parser;
use tictactoe::engine::tuning::{self, GameLine};
use tictactoe::engine::{Engine, EngineConfig, Limits};
use tictactoe::external::Variant;
use tictactoe::rules::{Cell, Position, Rule, Side};

#[derive(Parser, Debug)]
#[command(name = "self_play")]
struct Args {
    /// The openings: one a line, stones `dx,dy` from the centre, black first (`#` comments).
    #[arg(long)]
    openings: PathBuf,
    /// The rule of the games.
    #[arg(long, value_enum, default_value_t = Variant::Freestyle)]
    rule: Variant,
    /// The node budget of each move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Append the games to this plain games file.
    #[arg(long)]
    record: PathBuf,
    /// Games played at once, each on its own thread.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// The players' name in the games file.
    #[arg(long, default_value = "tictactoe")]
    name: String,
}

/// The rule the data is played under: 15x15, five in a row, as `variant` has it.
fn rule_of(variant: Variant) -> Rule {
    variant
        .rule(15, 15, 5)
        .expect("15x15, five in a row is a rule")
}

fn main() {
    let args = Args::parse();
    if let Err(message) = run(&args) {
        eprintln!("self_play: {message}");
        std::process::exit(1);
    }
}

fn run(args: &Args) -> Result<(), String> {
    tuning::check_name(&args.name)?;
    let rule = rule_of(args.rule);
    let openings = read_openings(args, rule)?;
    tuning::append_games(&args.record, &[])?;
    let next = AtomicUsize::new(0);
    // Games are written in the openings' order whatever order they end in, so a run gives
    // the same file however many jobs play it: the finished games not yet written, and the
    // index of the next to write.
    let written: Mutex<(BTreeMap<usize, Option<GameLine>>, usize)> =
        Mutex::new((BTreeMap::new(), 0));
    let failed: Mutex<Option<String>> = Mutex::new(None);
    thread::scope(|scope| {
        for _ in 0..args.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(opening) = openings.get(index) else {
                        break;
                    };
                    let game = match play(args, rule, opening) {
                        Ok(game) => {
                            eprintln!(
                                "game {}/{}: black {}, {} moves",
                                index + 1,
                                openings.len(),
                                game.black_points,
                                game.moves.len()
                            );
                            Some(game)
                        }
                        Err(e) => {
                            eprintln!("game {}: left out: {e}", index + 1);
                            None
                        }
                    };
                    let mut written = written.lock().expect("the games file's lock");
                    let (pending, first) = &mut *written;
                    pending.insert(index, game);
                    let mut ready = Vec::new();
                    while let Some(game) = pending.remove(first) {
                        ready.extend(game);
                        *first += 1;
                    }
                    if let Err(e) = tuning::append_games(&args.record, &ready) {
                        *failed.lock().expect("the error's lock") = Some(e);
                        next.store(openings.len(), Ordering::Relaxed);
                    }
                }
            });
        }
    });
    match failed.into_inner().expect("the error's lock") {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The openings of the file as positions under `rule`, each checked.
fn read_openings(args: &Args, rule: Rule) -> Result<Vec<Vec<Cell>>, String> {
    let path = &args.openings;
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let centre = (rule.width() / 2) as i64;
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let at = |what: &str| format!("{} line {}: {what}", path.display(), index + 1);
        let content = line.split('#').next().unwrap_or_default().trim();
        if content.is_empty() {
            continue;
        }
        let mut position = Position::new(rule);
        let mut cells = Vec::new();
        for stone in content.split_whitespace() {
            let cell = stone
                .split_once(',')
                .and_then(|(x, y)| {
                    let col = usize::try_from(centre + x.parse::<i64>().ok()?).ok()?;
                    let row = usize::try_from(centre + y.parse::<i64>().ok()?).ok()?;
                    Some(Cell::new(row, col))
                })
                .ok_or_else(|| at(&format!("{stone:?} is not a stone dx,dy on the board")))?;
            position
                .play(cell)
                .map_err(|e| at(&format!("{stone}: {e}")))?;
            cells.push(cell);
        }
        if position.is_over() {
            return Err(at("the opening is already decided"));
        }
        openings.push(cells);
    }
    if openings.is_empty() {
        return Err(format!("{} has no openings", path.display()));
    }
    Ok(openings)
}

/// One game from `opening`, each side its own engine with a fresh table; an engine that
/// finds no move or a move the rules refuse ends it as an error (the game is left out).
fn play(args: &Args, rule: Rule, opening: &[Cell]) -> Result<GameLine, String> {
    let config = EngineConfig {
        tt_megabytes: 32,
        threads: 1,
        ..EngineConfig::default()
    };
    let mut black = Engine::new(config.clone());
    let mut white = Engine::new(config);
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mut position = Position::new(rule);
    let mut moves = opening.to_vec();
    for &cell in opening {
        position.play(cell).expect("the openings were checked");
    }
    while !position.is_over() {
        let engine = match position.side_to_move() {
            Side::X => &mut black,
            Side::O => &mut white,
        };
        let result = engine.search(&position, &limits, &stop, &mut |_| {});
        let cell = result
            .best
            .ok_or_else(|| format!("no move after {} stones", moves.len()))?;
        position
            .play(cell)
            .map_err(|e| format!("the move {cell} after {} stones: {e}", moves.len()))?;
        moves.push(cell);
    }
    let black_points = match position.winner() {
        Some(Side::X) => 1.0,
        Some(Side::O) => 0.0,
        None => 0.5,
    };
    let mut game = GameLine::new(rule, black_points, moves);
    game.opening = Some(opening.len());
    game.black = Some(args.name.clone());
    game.white = Some(args.name.clone());
    Ok(game)
}
