//! The compare and tree views' searches: one move driver for both, the comparison and the
//! tree recording each on a worker of its own (neither stops the other, nor the game's
//! searches, which have a driver of their own). Every request carries the tag of the
//! position on the board; when that position changes the tag changes too, the searches of
//! the old one are stopped, and whatever they still send is dropped by the driver.

use crate::game::{Clock, Driver, DriverConfig, Request, Task, TaskKind, Update};
use crate::rules::Position;

use super::same_position;

/// The lab's move driver and the tag of the position its searches are for.
pub struct Searches {
    driver: Driver,
    /// The tag of `position`.
    tag: u64,
    position: Option<Position>,
}

impl Searches {
    /// Searches whose workers repaint `ctx` when they have news.
    #[must_use]
    pub fn new(ctx: &egui::Context) -> Searches {
        let ctx = ctx.clone();
        let config = DriverConfig {
            // The lab's own searches build their tables to the board's size: the driver's
            // engines are never used for them.
            tt_megabytes: 1,
            threads: 1,
        };
        Searches {
            driver: Driver::new(config, move || ctx.request_repaint()),
            tag: 0,
            position: None,
        }
    }

    /// Follows the position on the board: a new one gets a new tag, and the searches of the
    /// old one are stopped.
    pub fn follow(&mut self, position: &Position) {
        if self
            .position
            .as_ref()
            .is_some_and(|p| same_position(p, position))
        {
            return;
        }
        self.driver.stop(TaskKind::Compare);
        self.driver.stop(TaskKind::RecordTrees);
        self.tag += 1;
        self.position = Some(position.clone());
    }

    /// Starts `task` on `position` (the one on the board), stopping the task of the same kind
    /// running before.
    pub fn request(&mut self, position: &Position, task: Task) {
        self.follow(position);
        self.driver.request(Request {
            tag: self.tag,
            position: position.clone(),
            task,
            clock: Clock::Free,
        });
    }

    /// Stops the task of kind `task`; nothing more of it is handed out.
    pub fn stop(&mut self, task: TaskKind) {
        self.driver.stop(task);
    }

    /// Whether a task of kind `task` is running for the position followed.
    #[must_use]
    pub fn is_running(&self, task: TaskKind) -> bool {
        self.driver.is_running(self.tag, task)
    }

    /// The next update for the position followed.
    pub fn poll(&mut self) -> Option<Update> {
        self.driver.poll(self.tag)
    }
}
