//! The grader as a job of the driver ([`GradeRequest`]): a player someone wrote checked on
//! one of the boards the grader knows ([`GradeBoard`]), on a lane of its own, its progress
//! (positions asked, or games played) and then its report coming back on the request's
//! ticket as a [`GradeUpdate`]. Stopping the job (a new request, Stop, or the ticket
//! dropped) stops the player at its next answer or move.

use std::sync::atomic::Ordering;

use crate::external::{EngineCommand, TimeLimits};
use crate::game::{Job, Lane, Outbox, Worker};
use crate::grade::{self, GradeLimits, GradeOutcome, MatchOptions, Positions};
use crate::rules::Rule;

use super::jobs::LabUpdate;

/// The lane of the grader.
pub const GRADE_LANE: Lane = Lane::new("lab grader");

/// What a grading reports: how many positions were asked (or games played) so far, then
/// the report.
pub type GradeUpdate = LabUpdate<usize, GradeOutcome>;

/// The boards a player can be checked on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GradeBoard {
    /// Every position of tic-tac-toe.
    #[default]
    Three,
    /// A sample of 4x4 positions, four in a row.
    Four,
    /// A sample of 5x5 positions, four in a row.
    Five,
    /// A match on 15x15, five in a row.
    Match,
}

impl GradeBoard {
    pub const ALL: [GradeBoard; 4] = [
        GradeBoard::Three,
        GradeBoard::Four,
        GradeBoard::Five,
        GradeBoard::Match,
    ];

    /// The board's size, as people write it.
    #[must_use]
    pub fn size(self) -> &'static str {
        match self {
            GradeBoard::Three => "3x3",
            GradeBoard::Four => "4x4",
            GradeBoard::Five => "5x5",
            GradeBoard::Match => "15x15",
        }
    }

    /// The positions put to the player (a match plays games instead: tic-tac-toe's).
    #[must_use]
    pub fn positions(self) -> Positions {
        let (width, k) = match self {
            GradeBoard::Four => (4, 4),
            GradeBoard::Five => (5, 4),
            GradeBoard::Three | GradeBoard::Match => return Positions::tic_tac_toe(),
        };
        Positions {
            rule: Rule::new(width, width, k, false).expect("a board the grader plays"),
            ..Positions::tic_tac_toe()
        }
    }

    /// The positions asked, or the games played.
    #[must_use]
    pub fn total(self) -> usize {
        match self {
            GradeBoard::Match => grade::STRENGTHS.len() * MatchOptions::default().games,
            _ => self.positions().total(),
        }
    }

    /// Grades `command` on this board with the engines' time `limits` (a match keeps its
    /// own shorter time a move and takes the time to start); `progress` as
    /// [`grade::grade`] calls it.
    fn grade(
        self,
        command: &EngineCommand,
        limits: TimeLimits,
        progress: &mut dyn FnMut(usize, usize) -> bool,
    ) -> GradeOutcome {
        match self {
            GradeBoard::Match => {
                let options = MatchOptions {
                    start: limits.start(),
                    ..MatchOptions::default()
                };
                GradeOutcome::Match(grade::play_match(command, &options, progress))
            }
            _ => {
                let limits = GradeLimits {
                    turn: limits.turn(),
                    start: limits.start(),
                };
                GradeOutcome::Positions(grade::grade(command, &self.positions(), limits, progress))
            }
        }
    }
}

/// Checking the player started by `command` on `board`, with the time limits of the
/// engines' settings.
#[derive(Clone, Debug)]
pub struct GradeRequest {
    pub command: EngineCommand,
    pub board: GradeBoard,
    pub limits: TimeLimits,
}

/// How often the progress wakes the front end: every this many positions (a game of a
/// match always wakes it). A player answers tic-tac-toe's positions hundreds a second, and
/// a window redrawn for each would take the time from the player.
const WAKE_EVERY: usize = 20;

impl Job for GradeRequest {
    type Update = GradeUpdate;

    fn lane(&self) -> Lane {
        GRADE_LANE
    }

    fn run(self, _worker: &mut Worker, out: &Outbox<GradeUpdate>) {
        let outcome = self
            .board
            .grade(&self.command, self.limits, &mut |done, _| {
                out.send(LabUpdate::Progress(done));
                !out.stop().load(Ordering::Relaxed)
            });
        out.send(LabUpdate::Done(Ok(Box::new(outcome))));
    }

    fn failed(message: String) -> GradeUpdate {
        LabUpdate::Failed(message)
    }

    fn is_final(update: &GradeUpdate) -> bool {
        matches!(update, LabUpdate::Done(_) | LabUpdate::Failed(_))
    }

    fn wakes(update: &GradeUpdate) -> bool {
        match update {
            LabUpdate::Progress(done) => *done < WAKE_EVERY || done % WAKE_EVERY == 0,
            LabUpdate::Done(_) | LabUpdate::Failed(_) => true,
        }
    }
}
