//! The review's and practice's searches: the game's own tasks (the value of every move, the
//! full engine's best move) on the window's driver, each view on a lane of its own, so they
//! never stop each other, the computer's move or the game's move values. Only the latest
//! request's updates are read: asking again or stopping drops the ticket of the one before,
//! which stops it.

use crate::engine::PlayerKind;
use crate::game::{Driver, DriverConfig, Lane, Task, TaskEvent, TaskRequest, Ticket};
use crate::lab::TABLE_MEGABYTES;
use crate::rules::Position;

/// A search task of the lab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalystJob {
    /// The value of every legal move, each searched to the end (boards of up to 25 cells).
    Values,
    /// The full engine's best move and value, timed on boards too large to search to the end.
    Best,
}

/// Time per position for searches on boards too large to search to the end.
const TIMED_MS: u64 = 1_000;

/// The lab's boards are small, or its searches timed: a modest table and one thread do.
const ENGINE: DriverConfig = DriverConfig {
    tt_megabytes: TABLE_MEGABYTES,
    threads: 1,
};

/// The review's lane: the lab's own review lane, where the estimates of large boards run
/// too (one review at a time).
pub const REVIEW: Lane = crate::lab::REVIEW_LANE;

/// Practice's lane.
pub const PRACTICE: Lane = Lane::new("lab practice").with_engine(ENGINE);

/// One view's searches, one at a time.
pub struct Analyst {
    driver: Driver,
    lane: Lane,
    /// The latest request's updates, until its last one.
    ticket: Option<Ticket<TaskEvent>>,
}

impl Analyst {
    /// An analyst running its searches on `lane` of the window's `driver`.
    #[must_use]
    pub fn new(driver: Driver, lane: Lane) -> Analyst {
        Analyst {
            driver,
            lane,
            ticket: None,
        }
    }

    /// Starts `job` on `position`, stopping the one before.
    pub fn ask(&mut self, position: &Position, job: AnalystJob) {
        let task = match job {
            AnalystJob::Values => Task::Values,
            AnalystJob::Best => Task::Hint {
                player: PlayerKind::Engine {
                    depth: None,
                    time_ms: Some(TIMED_MS),
                },
            },
        };
        let request = TaskRequest::new(position.clone(), task).on_lane(self.lane);
        self.ticket = Some(self.driver.request(request));
    }

    /// The next update of the latest request.
    pub fn poll(&mut self) -> Option<TaskEvent> {
        let ticket = self.ticket.as_mut()?;
        let event = ticket.try_next();
        if !ticket.is_running() {
            self.ticket = None;
        }
        event
    }

    /// Whether a request is running.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.ticket.as_ref().is_some_and(Ticket::is_running)
    }

    /// Stops the running request; nothing more of it is handed out.
    pub fn stop(&mut self) {
        self.ticket = None;
    }
}
