//! Measures how the judge of swap and swap2 openings reads in play: where, on the judge's
//! scale (white's value, white to move), the two colours stand even.
//!
//! Openings are drawn as the engine proposes them (three stones, then the two more of
//! swap2), each judged as the engine judges it, and each is played out by the engine
//! against itself under a fixed node budget a move (so a run gives the same games on any
//! machine, loaded or not). The report lists black's points by the judge's value and fits
//! black's expected points as a logistic curve of it; where the curve crosses one half is
//! how far from the judge's even (its value less `white_edge`, so 0 when it is right) the
//! colours really stand even. `--random-two` draws swap2's two more stones at random to see
//! the whole range of values, `--band` keeps only those judged within a band.
//!
//! ```sh
//! cargo run --release --example opening_balance -- --openings 200 --threads 2
//! cargo run --release --example opening_balance -- --random-two --band -500,500
//! ```

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::thread;

use clap::Parser;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tictactoe::engine::{
    Engine, EngineConfig, Judge, Limits, Score, propose_three, propose_two_more,
};
use tictactoe::rules::{Cell, Position, Rule, Side};

#[derive(Parser, Debug)]
#[command(name = "opening_balance")]
struct Args {
    /// How many openings to draw and play.
    #[arg(long, default_value_t = 200)]
    openings: u64,
    /// The first seed; openings use this one and the following.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stones of each opening: 3 (swap, and swap2's first step) or 5 (swap2 with two more).
    #[arg(long, default_value_t = 5)]
    stones: usize,
    /// The judge's node budget for each judgement.
    #[arg(long, default_value_t = 20_000)]
    judge_nodes: u64,
    /// The node budget of each move in the games played out.
    #[arg(long, default_value_t = 60_000)]
    move_nodes: u64,
    /// Draw the two more stones of swap2 at random near the stones (each judged, balanced
    /// or not), rather than as the engine proposes them, to see the whole range of values.
    #[arg(long)]
    random_two: bool,
    /// With `--random-two`, keep only openings the judge values within this band for white
    /// (`LOW,HIGH`), drawing again up to a hundred times.
    #[arg(long, value_parser = band)]
    band: Option<(Score, Score)>,
    /// Also judge each opening with this many nodes, to compare the two budgets' forecasts.
    #[arg(long)]
    deep_nodes: Option<u64>,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    threads: u64,
}

fn band(text: &str) -> Result<(Score, Score), String> {
    let (low, high) = text.split_once(',').ok_or("a band is LOW,HIGH")?;
    let number = |t: &str| t.trim().parse::<Score>().map_err(|e| format!("'{t}': {e}"));
    Ok((number(low)?, number(high)?))
}

/// One opening played out: the judge's value of it and black's points.
struct Played {
    seed: u64,
    score: Score,
    black_points: f64,
}

fn main() {
    let args = Args::parse();
    if args.stones != 3 && args.stones != 5 {
        eprintln!("opening_balance: --stones is 3 or 5, not {}", args.stones);
        std::process::exit(2);
    }
    let args = Arc::new(args);
    let workers: Vec<_> = (0..args.threads.max(1))
        .map(|worker| {
            let args = Arc::clone(&args);
            thread::spawn(move || play_share(&args, worker))
        })
        .collect();
    let mut played: Vec<Played> = workers
        .into_iter()
        .flat_map(|w| w.join().expect("a worker panicked"))
        .collect();
    played.sort_by_key(|p| p.seed);
    report(&played);
}

/// The openings of one worker: every `threads`-th seed from its own.
fn play_share(args: &Args, worker: u64) -> Vec<Played> {
    let rule = Rule::new(15, 15, 5, false).expect("15x15, five in a row is a rule");
    let judge_limits = Limits {
        nodes: Some(args.judge_nodes),
        ..Limits::default()
    };
    let mut judge = Judge::new(judge_limits, 16);
    let threads = args.threads.max(1);
    (args.seed..args.seed + args.openings)
        .filter(|seed| seed % threads == worker % threads)
        .filter_map(|seed| {
            let three = propose_three(&rule, seed, &mut judge)?;
            let (position, score) = match args.stones {
                5 if args.random_two => {
                    let (low, high) = args.band.unwrap_or((Score::MIN, Score::MAX));
                    (0..100).find_map(|draw| {
                        let position = two_at_random(&three.position, seed + (draw << 32))?;
                        let score = judge.judge(&position).score;
                        (low..=high).contains(&score).then_some((position, score))
                    })?
                }
                5 => {
                    let five = propose_two_more(&three.position, seed, &mut judge)?;
                    (five.position, five.judgement.score)
                }
                _ => (three.position, three.judgement.score),
            };
            let deep = args
                .deep_nodes
                .map(|nodes| deep_judgement(&position, nodes));
            let black_points = play_out(position, args.move_nodes);
            eprintln!(
                "seed {seed}: judged {score} for white (deep {deep:?}), black scored {black_points}"
            );
            Some(Played {
                seed,
                score,
                black_points,
            })
        })
        .collect()
}

/// Two more stones (white, then black), each within two cells of a stone already down,
/// drawn by `seed`.
fn two_at_random(three: &Position, seed: u64) -> Option<Position> {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..100 {
        let mut position = three.clone();
        let placed = (0..2).all(|_| {
            let stones: Vec<usize> = (0..position.board().len())
                .filter(|&i| position.at(i).is_some())
                .collect();
            let anchor = position
                .geometry()
                .cell(stones[rng.random_range(0..stones.len())]);
            let row = anchor.row as i64 + rng.random_range(-2..=2);
            let col = anchor.col as i64 + rng.random_range(-2..=2);
            let (Ok(row), Ok(col)) = (usize::try_from(row), usize::try_from(col)) else {
                return false;
            };
            position.play(Cell::new(row, col)).is_ok() && !position.is_over()
        });
        if placed {
            return Some(position);
        }
    }
    None
}

/// The judgement of `position` with a budget of `nodes`.
fn deep_judgement(position: &Position, nodes: u64) -> Score {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    Judge::new(limits, 64).judge(position).score
}

/// Plays `position` out, each side its own engine, and gives black's points.
fn play_out(mut position: Position, move_nodes: u64) -> f64 {
    let config = EngineConfig {
        tt_megabytes: 32,
        threads: 1,
        ..EngineConfig::default()
    };
    let mut black = Engine::new(config.clone());
    let mut white = Engine::new(config);
    let limits = Limits {
        nodes: Some(move_nodes),
        ..Limits::default()
    };
    let stop = Arc::new(AtomicBool::new(false));
    while !position.is_over() {
        let engine = match position.side_to_move() {
            Side::X => &mut black,
            Side::O => &mut white,
        };
        let result = engine.search(&position, &limits, &stop, &mut |_| {});
        let Some(cell) = result.best else { break };
        if position.play(cell).is_err() {
            break;
        }
    }
    match position.winner() {
        Some(Side::X) => 1.0,
        Some(Side::O) => 0.0,
        None => 0.5,
    }
}

/// Prints black's points by the judge's value, and the logistic fit.
fn report(played: &[Played]) {
    let total: f64 = played.iter().map(|p| p.black_points).sum();
    println!(
        "{} openings, black scored {total} ({:.1}%)",
        played.len(),
        100.0 * total / played.len().max(1) as f64
    );
    println!("| judged for white | openings | black's points |");
    println!("|---|---|---|");
    for (low, high) in [
        (-10_000, -150),
        (-150, -50),
        (-50, 50),
        (50, 150),
        (150, 10_000),
    ] {
        let bin: Vec<&Played> = played
            .iter()
            .filter(|p| p.score >= low && p.score < high)
            .collect();
        let points: f64 = bin.iter().map(|p| p.black_points).sum::<f64>() + 0.0;
        println!("| {low}..{high} | {} | {points} |", bin.len());
    }
    let (a, b) = fit(played);
    println!("fit: P(black) = 1 / (1 + exp(-({a:.4} + {b:.6} * value)))");
    if b.abs() > 1e-9 {
        println!("black and white stand even at value {:.0}", -a / b);
    }
}

/// Logistic regression of black's points on the judge's value, by gradient steps on the
/// cross-entropy (values scaled by 1/100 while fitting).
fn fit(played: &[Played]) -> (f64, f64) {
    let (mut a, mut b) = (0.0f64, 0.0f64);
    let n = played.len().max(1) as f64;
    for _ in 0..20_000 {
        let (mut ga, mut gb) = (0.0, 0.0);
        for p in played {
            let x = f64::from(p.score.clamp(-2_000, 2_000)) / 100.0;
            let predicted = 1.0 / (1.0 + (-(a + b * x)).exp());
            ga += predicted - p.black_points;
            gb += (predicted - p.black_points) * x;
        }
        a -= 0.5 * ga / n;
        b -= 0.5 * gb / n;
    }
    (a, b / 100.0)
}
