//! The tuning tool of the gomoku evaluation (the Texel method): fits the weights of
//! `assets/gomoku/weights.json` to the results of played games by logistic regression.
//!
//! Each quiet position of each game (the first plies of the opening left out) gives its
//! features for the side to move ([`tictactoe::engine::tuning::features`]) and that side's
//! points. The evaluation `e` is read as a probability of winning, `1 / (1 + exp(-e / K))`;
//! first the scale `K` that best fits the current weights is found, then the weights are
//! moved to lower the mean squared error between that probability and the points. Every
//! tenth game is kept apart and only measured, so the report says whether the new weights
//! predict games they were not fitted to better. The weights stay positive (each is fitted
//! as its old value times a factor), and the line patterns' ladder never falls.
//!
//! ```sh
//! target/release/gomoku-match ... --record games.txt      # the games, any number of runs
//! cargo run --release --example texel -- games.txt --out assets/gomoku/weights.json
//! ```

use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use tictactoe::engine::Weights;
use tictactoe::engine::tuning::{self, NAMES, PARAMETERS};

#[derive(Parser, Debug)]
#[command(name = "texel")]
struct Args {
    /// Games files written by `gomoku-match --record` (plain or gzip-compressed), or folders
    /// of them such as data/gomoku-games.
    #[arg(required = true)]
    games: Vec<PathBuf>,
    /// Write the fitted weights here (a weights file, as `assets/gomoku/weights.json`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Plies of each game left out at the start (the opening's stones and the first replies).
    #[arg(long, default_value_t = 6)]
    skip: usize,
    /// Every this many games one is kept apart for measuring only.
    #[arg(long, default_value_t = 10)]
    validate_every: usize,
    /// Steps of the fit.
    #[arg(long, default_value_t = 3000)]
    steps: usize,
    /// The initiative (eighths) to fit with; the built-in one by default.
    #[arg(long)]
    initiative: Option<i32>,
}

/// One quiet position: its features (for the initiative in use) and the points of its side
/// to move.
struct Sample {
    features: [f64; PARAMETERS],
    points: f64,
}

fn main() {
    let args = Args::parse();
    if let Err(message) = run(&args) {
        eprintln!("texel: {message}");
        std::process::exit(1);
    }
}

fn run(args: &Args) -> Result<(), String> {
    let start = Instant::now();
    let built_in = Weights::built_in();
    let initiative = args.initiative.unwrap_or(built_in.initiative_eighths);
    let (train, validate, games) = read_samples(args, initiative)?;
    println!(
        "{games} games: {} positions to fit, {} kept apart ({:.1} s to read)",
        train.len(),
        validate.len(),
        start.elapsed().as_secs_f64()
    );
    if train.is_empty() || validate.is_empty() {
        return Err("too few quiet positions to fit and to measure".to_string());
    }
    let before = tuning::vector(built_in);
    let k = best_scale(&train, &before);
    println!("scale K = {k:.1}");
    let error = |set: &[Sample], w: &[f64; PARAMETERS]| mean_error(set, w, k);
    let after = fit(&train, &before, k, args.steps);
    println!(
        "mean squared error: fitted {:.6} -> {:.6}, kept apart {:.6} -> {:.6}",
        error(&train, &before),
        error(&train, &after),
        error(&validate, &before),
        error(&validate, &after)
    );
    println!("| weight | before | after |\n|---|---|---|");
    for i in 0..PARAMETERS {
        println!("| {} | {} | {} |", NAMES[i], before[i], after[i].round());
    }
    println!("time: {:.1} s", start.elapsed().as_secs_f64());
    if let Some(path) = &args.out {
        // The files' names only: where they lay on the tuning machine says nothing.
        let files: Vec<String> = args
            .games
            .iter()
            .map(|p| {
                p.file_name()
                    .unwrap_or(p.as_os_str())
                    .to_string_lossy()
                    .to_string()
            })
            .collect();
        let provenance = format!(
            "Fitted by examples/texel.rs (initiative {initiative}, K {k:.1}, {} positions from {games} games in {}; kept-apart error {:.6} -> {:.6}).",
            train.len(),
            files.join(", "),
            error(&validate, &before),
            error(&validate, &after)
        );
        let mut weights = tuning::from_vector(built_in, &after, provenance);
        weights.initiative_eighths = initiative;
        let text = serde_json::to_string_pretty(&weights).map_err(|e| e.to_string())? + "\n";
        Weights::parse(&text).map_err(|e| format!("the fitted weights do not check: {e}"))?;
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("written to {}", path.display());
    }
    Ok(())
}

/// The samples to fit, the samples kept apart, and the number of games.
fn read_samples(args: &Args, initiative: i32) -> Result<(Vec<Sample>, Vec<Sample>, usize), String> {
    let (mut train, mut validate, mut games) = (Vec::new(), Vec::new(), 0);
    for game in tuning::read_games(&args.games)? {
        let set = if games % args.validate_every.max(2) == 0 {
            &mut validate
        } else {
            &mut train
        };
        games += 1;
        let positions = game
            .positions()
            .map_err(|e| format!("game {games} ({game}): {e}"))?;
        for (position, points) in positions.into_iter().skip(args.skip) {
            if let Some(features) = tuning::features(&position, initiative) {
                set.push(Sample { features, points });
            }
        }
    }
    Ok((train, validate, games))
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn eval(sample: &Sample, w: &[f64; PARAMETERS]) -> f64 {
    sample.features.iter().zip(w).map(|(f, w)| f * w).sum()
}

fn mean_error(set: &[Sample], w: &[f64; PARAMETERS], k: f64) -> f64 {
    let total: f64 = set
        .iter()
        .map(|s| (s.points - sigmoid(eval(s, w) / k)).powi(2))
        .sum();
    total / set.len() as f64
}

/// The scale that fits `w` best, by golden-section search over its logarithm.
fn best_scale(set: &[Sample], w: &[f64; PARAMETERS]) -> f64 {
    let error = |log_k: f64| mean_error(set, w, log_k.exp());
    let (mut lo, mut hi) = (10f64.ln(), 100_000f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Adam's steps on the logarithm of each weight's factor, full batch; the ladder of line
/// patterns mended after each step.
fn fit(set: &[Sample], start: &[f64; PARAMETERS], k: f64, steps: usize) -> [f64; PARAMETERS] {
    let (rate, beta1, beta2, epsilon) = (0.02, 0.9, 0.999, 1e-8);
    let mut theta = [0.0f64; PARAMETERS];
    let (mut m, mut v) = ([0.0f64; PARAMETERS], [0.0f64; PARAMETERS]);
    let weights = |theta: &[f64; PARAMETERS]| {
        let mut w = [0.0; PARAMETERS];
        for i in 0..PARAMETERS {
            w[i] = start[i] * theta[i].exp();
        }
        mend_ladder(&mut w);
        w
    };
    for step in 1..=steps {
        let w = weights(&theta);
        let mut gradient = [0.0f64; PARAMETERS];
        for s in set {
            let p = sigmoid(eval(s, &w) / k);
            let common = -2.0 * (s.points - p) * p * (1.0 - p) / k;
            for i in 0..PARAMETERS {
                gradient[i] += common * s.features[i] * w[i];
            }
        }
        for i in 0..PARAMETERS {
            let g = gradient[i] / set.len() as f64;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            theta[i] -= rate * m_hat / (v_hat.sqrt() + epsilon);
        }
    }
    weights(&theta)
}

/// Raises any line pattern's weight that fell below the weaker pattern's before it (the
/// ladder dead one, live one, ..., live four, five; the double four on one line is apart).
fn mend_ladder(w: &mut [f64; PARAMETERS]) {
    let ladder = [0, 1, 2, 3, 4, 5, 6, 7, 9];
    for pair in ladder.windows(2) {
        w[pair[1]] = w[pair[1]].max(w[pair[0]]);
    }
}
