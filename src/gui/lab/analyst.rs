//! The lab's searches: one request at a time through a move driver of the lab's own, so
//! they never stop the computer's move or the game's move values. Each request gets a new
//! tag, and only the events of the latest one are handed out: a view that asks again, or
//! stops, never hears about an older position.

use crate::engine::PlayerKind;
use crate::game::{Clock, Driver, DriverConfig, Event, Request, Task};
use crate::rules::Position;

/// A search task of the lab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The value of every legal move, each searched to the end (boards of up to 25 cells).
    Values,
    /// The full engine's best move and value, timed on boards too large to search to the end.
    Best,
}

/// Time per position for searches on boards too large to search to the end.
const TIMED_MS: u64 = 1_000;

/// The lab's searches, one at a time.
pub struct Analyst {
    driver: Driver,
    next_tag: u64,
    current: Option<u64>,
}

impl Analyst {
    /// An analyst whose worker repaints `ctx` when it has news.
    #[must_use]
    pub fn new(ctx: &egui::Context) -> Analyst {
        let ctx = ctx.clone();
        let config = DriverConfig {
            // The lab's boards are small, or its searches timed: a modest table does.
            tt_megabytes: 16,
            threads: 1,
        };
        Analyst {
            driver: Driver::new(config, move || ctx.request_repaint()),
            next_tag: 1,
            current: None,
        }
    }

    /// Starts `job` on `position`, stopping the one before.
    pub fn ask(&mut self, position: &Position, job: Job) {
        self.stop();
        let tag = self.next_tag;
        self.next_tag += 1;
        let task = match job {
            Job::Values => Task::Values,
            Job::Best => Task::Hint {
                player: PlayerKind::Engine {
                    depth: None,
                    time_ms: Some(TIMED_MS),
                },
            },
        };
        self.driver.request(Request {
            tag,
            position: position.clone(),
            task,
            clock: Clock::Free,
        });
        self.current = Some(tag);
    }

    /// The next event of the latest request.
    pub fn poll(&mut self) -> Option<Event> {
        let tag = self.current?;
        let update = self.driver.poll(tag)?;
        if update.event.is_final() {
            self.current = None;
        }
        Some(update.event)
    }

    /// Whether a request is running.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.current.is_some()
    }

    /// Stops the running request; nothing more of it is handed out.
    pub fn stop(&mut self) {
        if self.current.take().is_some() {
            self.driver.stop_all();
        }
    }
}
