//! The trainer of the pattern-code tables (`assets/gomoku/codes.bin`): fits, per rule, an
//! evaluation term for every pattern code (when its side is to move and when it waits) and a
//! term for every threat mask, and two move scores per code, to played games.
//!
//! - The evaluation: the side to move's points (1, 0.5, 0) as the target of the logistic of
//!   the position's value (`1 / (1 + exp(-v))`, the value the sum of the features times the
//!   parameters), by cross-entropy. The values are written to the tables times a scale `K`
//!   fitted to the same positions: the scale at which the engine's pattern evaluation
//!   predicts them best, so the new values have the old one's units.
//! - The move scores: the move played as the target of a softmax over every candidate cell
//!   (the empty cells within two of a stone; black's forbidden cells left out), each cell's
//!   score its attack score plus the opponent's defence score there, by cross-entropy; written
//!   times 256.
//!
//! Each code's number is fitted as its four line classes' numbers plus a residual of its
//! own, the residuals held to zero more firmly (`--eval-l2` and `--move-l2` against `--class-l2`), so that a code
//! seen seldom is worth about what its classes are. Both are fitted by Adam over the whole set from zero, so a run is deterministic (no seed).
//! A game that repeats an earlier one up to a symmetry of the board (the same moves turned or
//! mirrored, and the same result) is read once, unless `--keep-repeats`: the data's
//! self-play chunks hold a few, and a repeat would count its positions twice and could sit
//! on both sides of the held-apart split.
//! Positions are kept from the `--skip`th ply on (and past the game's opening stones where
//! the games file names them), with at least 50 empty cells and no five to
//! make. Every tenth game is held apart and only measured: its losses are printed before and
//! after, against the pattern evaluation and against a uniform choice of move.
//!
//! ```sh
//! cargo run --release --example code_tables -- GAMES... --out assets/gomoku/codes.bin \
//!     --provenance assets/gomoku/codes.txt
//! ```

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use tictactoe::engine::code_tables::CodeSet;
use tictactoe::engine::code_training::{
    self, CLASSES, CODES, EVAL_PARAMETERS, MOVE_PARAMETERS, Sample, eval_index, move_index,
};
use tictactoe::engine::tuning::{self, GameLine};
use tictactoe::rules::{Rule, Symmetry};

/// The move scores are written times this.
const MOVE_SCALE: f64 = 256.0;

#[derive(Parser, Debug)]
#[command(name = "code_tables")]
struct Args {
    /// Games files or folders of them, plain or gzip-compressed (see
    /// `data/gomoku-games/README.md`), as `gomoku-match --record` writes them.
    #[arg(required = true)]
    games: Vec<PathBuf>,
    /// Write the fitted tables here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the tables' provenance here (with `--out`).
    #[arg(long, requires = "out")]
    provenance: Option<PathBuf>,
    /// Plies of each game left out at the start.
    #[arg(long, default_value_t = 4)]
    skip: usize,
    /// Read a game that repeats an earlier one (up to a symmetry of the board) again instead
    /// of once.
    #[arg(long)]
    keep_repeats: bool,
    /// Every this many games one is held apart for measuring only.
    #[arg(long, default_value_t = 10)]
    validate_every: usize,
    /// Steps of each fit.
    #[arg(long, default_value_t = 400)]
    steps: usize,
    /// Adam's first step size for the evaluation (in logits), falling to zero by the last step.
    #[arg(long, default_value_t = 0.01)]
    eval_rate: f64,
    /// The same for the move scores.
    #[arg(long, default_value_t = 0.05)]
    move_rate: f64,
    /// The weight of the squared residuals (each code's number less its classes') added to
    /// the evaluation's loss.
    #[arg(long, default_value_t = 3e-3)]
    eval_l2: f64,
    /// The same for the move scores' loss.
    #[arg(long, default_value_t = 3e-4)]
    move_l2: f64,
    /// The weight of the squared class numbers added to each loss.
    #[arg(long, default_value_t = 1e-6)]
    class_l2: f64,
}

fn main() {
    let args = Args::parse();
    if let Err(message) = run(&args) {
        eprintln!("code_tables: {message}");
        std::process::exit(1);
    }
}

fn run(args: &Args) -> Result<(), String> {
    let start = Instant::now();
    if args.validate_every < 2 {
        return Err("--validate-every must be at least 2".to_string());
    }
    let (train, held, games, repeats) = read(args)?;
    println!(
        "{games} games ({repeats} repeats left out): {} positions to fit, {} held apart ({:.1} s to read)",
        train.len(),
        held.len(),
        start.elapsed().as_secs_f64()
    );
    if train.is_empty() || held.is_empty() {
        return Err("too few positions to fit and to measure".to_string());
    }
    let k = best_scale(&train);
    println!("scale K = {k:.1} (the pattern evaluation's best fit)");
    let pattern_loss = |set: &[Sample]| {
        mean(set, |s| {
            cross_entropy(f64::from(s.pattern_eval) / k, f64::from(s.points))
        })
    };
    let eval = fit_eval(&train, args);
    let eval_loss =
        |set: &[Sample]| mean(set, |s| cross_entropy(value(s, &eval), f64::from(s.points)));
    let moves = fit_moves(&train, args);
    let uniform = |set: &[Sample]| mean(set, |s| (s.candidates.len() as f64).ln());
    let mut report = String::new();
    let (train_moves, train_top) = move_figures(&train, &moves);
    let (held_moves, held_top) = move_figures(&held, &moves);
    writeln!(
        report,
        "evaluation, cross-entropy of the results: fitted positions {:.4} (pattern evaluation) -> {:.4}, held apart {:.4} -> {:.4}",
        pattern_loss(&train),
        eval_loss(&train),
        pattern_loss(&held),
        eval_loss(&held)
    )
    .expect("a string");
    writeln!(
        report,
        "move scores, cross-entropy of the move played: fitted positions {:.4} (uniform) -> {:.4}, held apart {:.4} -> {:.4}; the move played ranked first in {:.1}% of the fitted and {:.1}% of the held-apart positions",
        uniform(&train),
        train_moves,
        uniform(&held),
        held_moves,
        100.0 * train_top,
        100.0 * held_top
    )
    .expect("a string");
    print!("{report}");
    print_largest(&eval, &moves, k);
    println!("time: {:.1} s", start.elapsed().as_secs_f64());
    if let Some(path) = &args.out {
        let tables = code_training::tables(&eval, &moves, k, MOVE_SCALE);
        std::fs::write(path, tables.to_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("tables written to {}", path.display());
        if let Some(provenance) = &args.provenance {
            let counts = (games, repeats, train.len(), held.len());
            let text = provenance_text(args, counts, k, &report);
            std::fs::write(provenance, text)
                .map_err(|e| format!("cannot write {}: {e}", provenance.display()))?;
        }
    }
    Ok(())
}

/// The samples to fit, those held apart, the number of games read and of repeats left out.
fn read(args: &Args) -> Result<(Vec<Sample>, Vec<Sample>, usize, usize), String> {
    let mut games = tuning::read_games(&args.games)?;
    let mut repeats = 0;
    if !args.keep_repeats {
        let read = games.len();
        games = distinct(games);
        repeats = read - games.len();
    }
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (number, game) in games.iter().enumerate() {
        let samples = code_training::samples(game, args.skip)
            .map_err(|e| format!("game {} ({}): {e}", number + 1, game.rule))?;
        if number % args.validate_every == args.validate_every - 1 {
            held.extend(samples);
        } else {
            train.extend(samples);
        }
    }
    Ok((train, held, games.len(), repeats))
}

/// What makes two games the same: the rule, black's points and the least of the moves under
/// the board's symmetries.
type GameKey = (Rule, u64, Vec<(usize, usize)>);

/// The games, each once: a game whose rule, result and moves under some symmetry of the board
/// are an earlier game's is left out.
fn distinct(games: Vec<GameLine>) -> Vec<GameLine> {
    let mut seen: HashSet<GameKey> = HashSet::new();
    games
        .into_iter()
        .filter(|game| seen.insert((game.rule, game.black_points.to_bits(), canonical(game))))
        .collect()
}

/// The least of a game's moves under each symmetry of its board, as rows and columns.
fn canonical(game: &GameLine) -> Vec<(usize, usize)> {
    let (width, height) = (game.rule.width(), game.rule.height());
    Symmetry::of(&game.rule)
        .iter()
        .map(|s| {
            game.moves
                .iter()
                .map(|&m| {
                    let cell = s.apply(m, width, height);
                    (cell.row, cell.col)
                })
                .collect()
        })
        .min()
        .unwrap_or_default()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The cross-entropy of `points` against the logistic of `logit`.
fn cross_entropy(logit: f64, points: f64) -> f64 {
    let p = sigmoid(logit).clamp(1e-12, 1.0 - 1e-12);
    -(points * p.ln() + (1.0 - points) * (1.0 - p).ln())
}

fn mean(set: &[Sample], f: impl Fn(&Sample) -> f64) -> f64 {
    set.iter().map(f).sum::<f64>() / set.len() as f64
}

fn value(s: &Sample, w: &[f64]) -> f64 {
    s.eval
        .iter()
        .map(|&(i, n)| w[i as usize] * f64::from(n))
        .sum()
}

/// The scale at which the pattern evaluation predicts the results best (golden-section search
/// on its logarithm).
fn best_scale(set: &[Sample]) -> f64 {
    let loss = |log_k: f64| {
        let k = log_k.exp();
        mean(set, |s| {
            cross_entropy(f64::from(s.pattern_eval) / k, f64::from(s.points))
        })
    };
    let (mut a, mut b) = (50f64.ln(), 100_000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if loss(c) < loss(d) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp()
}

/// Adam on a parameter vector, given the gradient of the whole set, its step size falling
/// from `rate` to zero over `steps` steps along half a cosine: a constant step leaves the
/// loss wandering once it is near its least (on the data's first chunks it rose again after
/// 300 steps).
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    step: i32,
    rate: f64,
    steps: usize,
}

impl Adam {
    fn new(n: usize, rate: f64, steps: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            step: 0,
            rate,
            steps,
        }
    }

    fn update(&mut self, w: &mut [f64], gradient: &[f64]) {
        let (beta1, beta2, epsilon): (f64, f64, f64) = (0.9, 0.999, 1e-8);
        self.step += 1;
        let (c1, c2) = (1.0 - beta1.powi(self.step), 1.0 - beta2.powi(self.step));
        let done = f64::from(self.step - 1) / self.steps.max(1) as f64;
        let rate = self.rate * 0.5 * (1.0 + (std::f64::consts::PI * done).cos());
        for i in 0..w.len() {
            let g = gradient[i];
            if g == 0.0 && self.m[i] == 0.0 {
                continue;
            }
            self.m[i] = beta1 * self.m[i] + (1.0 - beta1) * g;
            self.v[i] = beta2 * self.v[i] + (1.0 - beta2) * g * g;
            w[i] -= rate * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + epsilon);
        }
    }
}

/// Parameters in blocks of one number per code: each code's number is its own residual plus
/// the numbers of its four line classes, so that a code seen seldom starts from what its
/// classes are worth (the residuals are held to zero more firmly than the classes). Numbers
/// outside the blocks are residuals alone.
struct Coded {
    /// Where each block of [`CODES`] numbers starts.
    blocks: Vec<usize>,
    /// Each code's classes.
    classes: Vec<[usize; 4]>,
    residual: Vec<f64>,
    /// `class[block * CLASSES + class]`.
    class: Vec<f64>,
}

impl Coded {
    fn new(len: usize, blocks: Vec<usize>) -> Coded {
        Coded {
            class: vec![0.0; blocks.len() * CLASSES],
            blocks,
            classes: (0..CODES).map(code_training::code_classes).collect(),
            residual: vec![0.0; len],
        }
    }

    /// The numbers the tables get.
    fn effective(&self) -> Vec<f64> {
        let mut w = self.residual.clone();
        for (b, &start) in self.blocks.iter().enumerate() {
            for (code, classes) in self.classes.iter().enumerate() {
                w[start + code] += classes
                    .iter()
                    .map(|&c| self.class[b * CLASSES + c])
                    .sum::<f64>();
            }
        }
        w
    }

    /// One step: `gradient` is the loss's gradient by the effective numbers.
    fn step(
        &mut self,
        gradient: &[f64],
        (l2, class_l2): (f64, f64),
        residual: &mut Adam,
        class: &mut Adam,
    ) {
        let mut g_class = vec![0.0; self.class.len()];
        for (b, &start) in self.blocks.iter().enumerate() {
            for (code, classes) in self.classes.iter().enumerate() {
                for &c in classes {
                    g_class[b * CLASSES + c] += gradient[start + code];
                }
            }
        }
        for (g, x) in g_class.iter_mut().zip(&self.class) {
            *g += 2.0 * class_l2 * x;
        }
        let g_residual: Vec<f64> = gradient
            .iter()
            .zip(&self.residual)
            .map(|(g, x)| {
                if *g == 0.0 && *x == 0.0 {
                    0.0
                } else {
                    g + 2.0 * l2 * x
                }
            })
            .collect();
        residual.update(&mut self.residual, &g_residual);
        class.update(&mut self.class, &g_class);
    }
}

/// The evaluation's parameters (logits), by cross-entropy of the results.
fn fit_eval(set: &[Sample], args: &Args) -> Vec<f64> {
    let blocks = CodeSet::ALL
        .iter()
        .flat_map(|&s| [eval_index(s, 0, 0), eval_index(s, 1, 0)])
        .collect();
    let mut model = Coded::new(EVAL_PARAMETERS, blocks);
    let mut residual = Adam::new(EVAL_PARAMETERS, args.eval_rate, args.steps);
    let mut class = Adam::new(model.class.len(), args.eval_rate, args.steps);
    let mut gradient = vec![0.0; EVAL_PARAMETERS];
    let n = set.len() as f64;
    for step in 1..=args.steps {
        let w = model.effective();
        gradient.iter_mut().for_each(|g| *g = 0.0);
        let mut loss = 0.0;
        for s in set {
            let v = value(s, &w);
            let points = f64::from(s.points);
            loss += cross_entropy(v, points);
            let common = (sigmoid(v) - points) / n;
            for &(i, count) in &s.eval {
                gradient[i as usize] += common * f64::from(count);
            }
        }
        let l2 = (args.eval_l2, args.class_l2);
        model.step(&gradient, l2, &mut residual, &mut class);
        if step % 100 == 0 || step == 1 {
            println!("evaluation step {step}: loss {:.5}", loss / n);
        }
    }
    model.effective()
}

/// The move scores' parameters (logits), by cross-entropy of the move played.
fn fit_moves(set: &[Sample], args: &Args) -> Vec<f64> {
    let blocks = (0..2 * CodeSet::ALL.len()).map(|b| b * CODES).collect();
    let mut model = Coded::new(MOVE_PARAMETERS, blocks);
    let mut residual = Adam::new(MOVE_PARAMETERS, args.move_rate, args.steps);
    let mut class = Adam::new(model.class.len(), args.move_rate, args.steps);
    let mut gradient = vec![0.0; MOVE_PARAMETERS];
    let n = set.len() as f64;
    let mut scores = Vec::new();
    for step in 1..=args.steps {
        let w = model.effective();
        gradient.iter_mut().for_each(|g| *g = 0.0);
        let mut loss = 0.0;
        for s in set {
            let (lse, _) = softmax(s, &w, &mut scores);
            loss += lse - scores[0];
            for (c, &[attack, defence]) in s.candidates.iter().enumerate() {
                let p = (scores[c] - lse).exp() - if c == 0 { 1.0 } else { 0.0 };
                gradient[attack as usize] += p / n;
                gradient[defence as usize] += p / n;
            }
        }
        let l2 = (args.move_l2, args.class_l2);
        model.step(&gradient, l2, &mut residual, &mut class);
        if step % 100 == 0 || step == 1 {
            println!("move scores step {step}: loss {:.5}", loss / n);
        }
    }
    model.effective()
}

/// Fills `scores` with each candidate's score; returns the log of the sum of their
/// exponentials and whether the played move (the first) scores highest.
fn softmax(s: &Sample, w: &[f64], scores: &mut Vec<f64>) -> (f64, bool) {
    scores.clear();
    scores.extend(
        s.candidates
            .iter()
            .map(|&[a, d]| w[a as usize] + w[d as usize]),
    );
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let lse = top + scores.iter().map(|x| (x - top).exp()).sum::<f64>().ln();
    (lse, scores[0] >= top)
}

/// The mean cross-entropy of the move played and the share of positions where it scores
/// highest.
fn move_figures(set: &[Sample], w: &[f64]) -> (f64, f64) {
    let mut scores = Vec::new();
    let (mut loss, mut first) = (0.0, 0usize);
    for s in set {
        let (lse, top) = softmax(s, w, &mut scores);
        loss += lse - scores[0];
        first += usize::from(top);
    }
    (loss / set.len() as f64, first as f64 / set.len() as f64)
}

/// The freestyle codes with the largest terms and scores, to look at.
fn print_largest(eval: &[f64], moves: &[f64], k: f64) {
    use tictactoe::engine::code_tables::CodeSet::Freestyle;

    let codes = 0..eval_index(Freestyle, 1, 0);
    let mut best: Vec<usize> = codes.collect();
    best.sort_by(|&a, &b| eval[b].total_cmp(&eval[a]));
    let terms: Vec<String> = best[..8]
        .iter()
        .map(|&c| format!("{c}: {:.0}", eval[c] * k))
        .collect();
    println!(
        "freestyle's largest terms when to move (code: value): {}",
        terms.join(", ")
    );
    let mut best: Vec<usize> = (0..move_index(Freestyle, 1, 0)).collect();
    best.sort_by(|&a, &b| moves[b].total_cmp(&moves[a]));
    let scores: Vec<String> = best[..8]
        .iter()
        .map(|&c| format!("{c}: {:.2}", moves[c]))
        .collect();
    println!(
        "freestyle's largest attack scores (code: logits): {}",
        scores.join(", ")
    );
}

/// `counts`: the games read, the repeats left out, the positions fitted and held apart.
fn provenance_text(
    args: &Args,
    (games, repeats, train, held): (usize, usize, usize, usize),
    k: f64,
    report: &str,
) -> String {
    let files: Vec<String> = args.games.iter().map(|p| p.display().to_string()).collect();
    format!(
        "Pattern-code tables (assets/gomoku/codes.bin), fitted by examples/code_tables.rs.\n\
         Command: cargo run --release --example code_tables -- {}{} --skip {} --validate-every {} --steps {} --eval-rate {} --move-rate {} --eval-l2 {} --move-l2 {} --class-l2 {} --out assets/gomoku/codes.bin --provenance assets/gomoku/codes.txt\n\
         Data: {games} games, {repeats} repeats up to symmetry left out ({train} positions fitted, {held} held apart: every {}th game).\n\
         Seed: none (Adam over the whole set from zero: the run is deterministic).\n\
         Scale K: {k:.1} (the pattern evaluation's best fit); move scores times {MOVE_SCALE}.\n\
         {report}",
        files.join(" "),
        if args.keep_repeats {
            " --keep-repeats"
        } else {
            ""
        },
        args.skip,
        args.validate_every,
        args.steps,
        args.eval_rate,
        args.move_rate,
        args.eval_l2,
        args.move_l2,
        args.class_l2,
        args.validate_every,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> GameLine {
        text.parse().expect("a game line")
    }

    #[test]
    fn a_game_repeated_under_a_symmetry_is_read_once() {
        let first = game("15,15,5\t1\t7,7 7,8 8,8 6,6 9,9");
        // The same game turned a quarter turn clockwise: (r, c) -> (c, 14 - r).
        let turned = game("15,15,5\t1\t7,7 8,7 8,6 6,8 9,5");
        // The same moves with another result, under another rule, or one move different.
        let other_result = game("15,15,5\t0.5\t7,7 7,8 8,8 6,6 9,9");
        let other_rule = game("15,15,5 renju\t1\t7,7 7,8 8,8 6,6 9,9");
        let other_move = game("15,15,5\t1\t7,7 7,8 8,8 6,6 9,10");
        let games = vec![
            first.clone(),
            turned,
            other_result.clone(),
            other_rule.clone(),
            first.clone(),
            other_move.clone(),
        ];
        assert_eq!(
            distinct(games),
            vec![first, other_result, other_rule, other_move]
        );
    }
}
