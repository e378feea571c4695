//! Checks a player someone wrote against perfect play. The player is any program that
//! speaks the Gomocup protocol ([`crate::external`]) and is put positions with its
//! side to move, one BOARD at a time; each answer is judged against every move's worth
//! ([`judge`]): a win missed, a draw thrown away, a slower win or a faster loss than
//! necessary, an illegal move, or no usable answer at all. On 3x3 with three in a row it
//! is put every position it can face (the 4,520 positions of tic-tac-toe that are not
//! over), judged by a brute-force solver written here for the purpose ([`solver`]); on
//! boards too large for that (4x4, 5x5) a seeded sample of positions the game's own exact
//! solver settles ([`sample`]). A player that fails several times in a row (it crashed,
//! hung, wrote garbage) is not asked further, and the report says why ([`report`]). On
//! 15x15 with five, too large for perfect play, it plays a short match against the game's
//! own engine instead ([`versus`]).

mod judge;
mod report;
mod sample;
mod solver;
mod versus;

use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::external::{Brain, EngineCommand, Setup, TimeLimits};
use crate::rules::Rule;

pub use judge::{Graded, GradedCell, MoveVerdict};
pub use report::{GradedBoard, Report, Sampling};
pub use sample::BUDGET;
pub use versus::{
    End, GameResult, MatchGame, MatchOptions, MatchReport, MatchScore, STRENGTHS, Strength,
    play_match,
};

use judge::Question;
use sample::Sampler;
use solver::{Solver, tic_tac_toe_positions};

/// Failures in a row after which the player is not asked further.
pub const FAILURES_IN_A_ROW: usize = 3;
/// The most cells a board graded by positions has: the game's solver settles positions of
/// 5x5 quickly, and of larger boards too rarely.
pub const MAX_CELLS: usize = 25;
/// The positions of a sample, unless asked otherwise.
pub const SAMPLE_POSITIONS: usize = 100;

/// What a move is worth to the side that plays it, with perfect play after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "result", content = "plies")]
pub enum MoveWorth {
    /// The mover wins in this many plies (its own move counted).
    Win(u32),
    Draw,
    /// The mover loses in this many plies.
    Loss(u32),
}

impl MoveWorth {
    /// Better is larger: a quicker win, a slower loss.
    fn rank(self) -> i32 {
        match self {
            MoveWorth::Win(plies) => 1000 - plies as i32,
            MoveWorth::Draw => 0,
            MoveWorth::Loss(plies) => -1000 + plies as i32,
        }
    }

    /// The same, one ply earlier and for the other side.
    fn for_mover_before(self) -> MoveWorth {
        match self {
            MoveWorth::Win(plies) => MoveWorth::Loss(plies + 1),
            MoveWorth::Draw => MoveWorth::Draw,
            MoveWorth::Loss(plies) => MoveWorth::Win(plies + 1),
        }
    }
}

impl fmt::Display for MoveWorth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveWorth::Win(plies) => write!(f, "wins in {plies}"),
            MoveWorth::Draw => f.write_str("draws"),
            MoveWorth::Loss(plies) => write!(f, "loses in {plies}"),
        }
    }
}

/// How the player is run.
#[derive(Clone, Copy, Debug)]
pub struct GradeLimits {
    /// The time for each answer (the player is told it, and is stopped after it).
    pub turn: Duration,
    /// The time START may take.
    pub start: Duration,
}

impl Default for GradeLimits {
    /// The limits an engine playing a game has by default.
    fn default() -> GradeLimits {
        let limits = TimeLimits::default();
        GradeLimits {
            turn: limits.turn(),
            start: limits.start(),
        }
    }
}

/// What to grade on: the board, and for a sample its seed and size.
#[derive(Clone, Copy, Debug)]
pub struct Positions {
    pub rule: Rule,
    pub seed: u64,
    /// The sample's size (every position is asked on 3x3).
    pub count: usize,
    /// The nodes the game's solver may search to settle one sampled position.
    pub budget: u64,
}

impl Positions {
    /// Every position of tic-tac-toe.
    #[must_use]
    pub fn tic_tac_toe() -> Positions {
        Positions {
            rule: Rule::TIC_TAC_TOE,
            seed: 1,
            count: SAMPLE_POSITIONS,
            budget: BUDGET,
        }
    }

    /// Whether every position is asked (3x3, three in a row), not a sample.
    #[must_use]
    pub fn is_every(&self) -> bool {
        self.rule == Rule::TIC_TAC_TOE
    }

    /// The positions to ask.
    #[must_use]
    pub fn total(&self) -> usize {
        if self.is_every() { 4520 } else { self.count }
    }
}

/// What a grading gave: a report by positions, or a match's.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum GradeOutcome {
    Positions(Report),
    Match(MatchReport),
}

impl GradeOutcome {
    /// Why grading stopped before the end, if it did.
    #[must_use]
    pub fn stopped(&self) -> Option<&str> {
        match self {
            GradeOutcome::Positions(report) => report.stopped.as_deref(),
            GradeOutcome::Match(report) => report.stopped.as_deref(),
        }
    }

    /// Writes the report in `path`: JSON (every mistake, every game) when its name ends in
    /// .json, the text report otherwise. The error says what could not be written where.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let is_json = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"));
        let text = if is_json {
            serde_json::to_string_pretty(self).map_err(|e| e.to_string())? + "\n"
        } else {
            self.to_string()
        };
        std::fs::write(path, text)
            .map_err(|e| format!("cannot write the report to {}: {e}", path.display()))
    }
}

impl fmt::Display for GradeOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GradeOutcome::Positions(report) => report.fmt(f),
            GradeOutcome::Match(report) => report.fmt(f),
        }
    }
}

/// Whether `rule` is the match's board (15x15, five or more in a row).
#[must_use]
pub fn is_match_rule(rule: &Rule) -> bool {
    rule.width() == 15 && rule.height() == 15 && rule.k() == 5 && !rule.exact()
}

/// Why a board cannot be graded by positions, if it cannot: more than [`MAX_CELLS`] cells,
/// or only exactly K winning.
pub fn check_positions_rule(rule: &Rule) -> Result<(), String> {
    if rule.exact() {
        return Err("the grader plays K or more in a row, not exactly K".to_string());
    }
    if rule.cells() > MAX_CELLS {
        return Err(format!(
            "the grader asks positions on boards of up to {MAX_CELLS} cells (such as 3,3,3, 4,4,4 or 5,5,4) and plays a match on 15,15,5; {}x{} has {} cells",
            rule.width(),
            rule.height(),
            rule.cells()
        ));
    }
    Ok(())
}

/// Grades the player `command` on `positions`, calling `progress` with the positions
/// asked so far and their total after each answer; grading stops (saying so) when it
/// returns false.
pub fn grade(
    command: &EngineCommand,
    positions: &Positions,
    limits: GradeLimits,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Report {
    let began = Instant::now();
    let rule = positions.rule;
    let board = GradedBoard {
        width: rule.width(),
        height: rule.height(),
        k: rule.k(),
    };
    let mut report = Report::new(command.to_string(), board, positions.total());
    let setup = Setup {
        width: rule.width(),
        height: rule.height(),
        in_a_row: rule.k(),
        variant: crate::external::Variant::Freestyle,
        turn: limits.turn,
        start_limit: limits.start,
        threads: Some(1),
        settle: Duration::ZERO,
    };
    if positions.is_every() {
        let mut solver = Solver::new(3, 3, 3);
        let mut all = tic_tac_toe_positions(&solver).into_iter();
        let mut next = || {
            let (board, moves) = all.next()?;
            let worths = solver.worths(&board);
            Some(Question { moves, worths })
        };
        ask_all(command, &setup, &mut report, &mut next, progress);
    } else {
        let mut sampler = Sampler::new(rule, positions.seed, positions.count, positions.budget);
        ask_all(
            command,
            &setup,
            &mut report,
            &mut || sampler.next_question(),
            progress,
        );
        report.sample = Some(Sampling {
            seed: positions.seed,
            budget_nodes: positions.budget,
            drawn: sampler.drawn,
            unsettled: sampler.unsettled,
        });
        if report.stopped.is_none() && report.asked < report.positions {
            // The draws ran out before the sample was full: it is smaller.
            report.positions = report.asked;
        }
    }
    report.seconds = began.elapsed().as_secs_f64();
    report
}

/// Asks the player every question `next` gives, into `report`.
fn ask_all(
    command: &EngineCommand,
    setup: &Setup,
    report: &mut Report,
    next: &mut dyn FnMut() -> Option<Question>,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) {
    let mut brain: Option<Brain> = None;
    let mut in_a_row = 0;
    let total = report.positions;
    while report.asked < total {
        let Some(question) = next() else {
            break;
        };
        if brain.is_none() {
            match Brain::launch(command, setup) {
                Ok(started) => brain = Some(started),
                Err(fault) => {
                    report.stopped = Some(format!("the player did not start: {fault}"));
                    break;
                }
            }
        }
        let player = brain.as_mut().expect("started above");
        let graded = judge::ask(player, &question, setup.width, setup.turn);
        if graded.verdict == MoveVerdict::Failure {
            // A player that failed is started again for the next position.
            brain = None;
            in_a_row += 1;
        } else {
            in_a_row = 0;
        }
        let problem = graded.problem.clone();
        report.count(graded);
        if !progress(report.asked, total) {
            report.stopped = Some("stopped on request".to_string());
            break;
        }
        if in_a_row >= FAILURES_IN_A_ROW {
            report.stopped = Some(format!(
                "{FAILURES_IN_A_ROW} positions in a row got no usable answer (the last: {})",
                problem.unwrap_or_default()
            ));
            break;
        }
    }
    if let Some(player) = brain {
        player.end(Duration::from_millis(500));
    }
}
