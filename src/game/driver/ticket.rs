//! A request's ticket: the updates of one job, in order, for whoever asked for it. A window
//! reads it each frame without blocking; a terminal front end or a network thread waits on
//! it, with or without a time limit (a ticket is an iterator of its updates). Dropping the
//! ticket stops its job.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::time::Duration;

/// No update came within the time given to [`Ticket::next_timeout`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no update came within the time given")]
pub struct TimedOut;

/// The updates of one job. Nothing more is handed out once the job is stopped (by
/// [`Ticket::stop`], by dropping the ticket, or by a new job on its lane) or its final
/// update has been handed out.
pub struct Ticket<U> {
    updates: Receiver<U>,
    stop: Arc<AtomicBool>,
    is_final: fn(&U) -> bool,
    /// The final update was handed out, or the job ended without one.
    ended: bool,
}

impl<U> Ticket<U> {
    pub(super) fn new(
        updates: Receiver<U>,
        stop: Arc<AtomicBool>,
        is_final: fn(&U) -> bool,
    ) -> Ticket<U> {
        Ticket {
            updates,
            stop,
            is_final,
            ended: false,
        }
    }

    /// The next update if one has come, without waiting (a window's frame).
    pub fn try_next(&mut self) -> Option<U> {
        if !self.is_running() {
            return None;
        }
        match self.updates.try_recv() {
            Ok(update) => self.hand_out(update),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => self.end(),
        }
    }

    /// Waits at most `timeout` for the next update: `Ok(None)` once nothing more will come,
    /// [`TimedOut`] if the job is still running but sent nothing in that time.
    pub fn next_timeout(&mut self, timeout: Duration) -> Result<Option<U>, TimedOut> {
        if !self.is_running() {
            return Ok(None);
        }
        match self.updates.recv_timeout(timeout) {
            Ok(update) => Ok(self.hand_out(update)),
            Err(RecvTimeoutError::Timeout) => Err(TimedOut),
            Err(RecvTimeoutError::Disconnected) => Ok(self.end()),
        }
    }

    /// Whether more updates may come: not once the job was stopped or its final update
    /// handed out.
    #[must_use]
    pub fn is_running(&self) -> bool {
        !self.ended && !self.stop.load(Ordering::Relaxed)
    }

    /// Stops the job; nothing more of it is handed out.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.ended = true;
    }

    fn hand_out(&mut self, update: U) -> Option<U> {
        if self.stop.load(Ordering::Relaxed) {
            // Stopped while the update was on its way.
            return self.end();
        }
        if (self.is_final)(&update) {
            self.ended = true;
        }
        Some(update)
    }

    /// The job ended (stopped, or finished without a final update): nothing more comes.
    fn end(&mut self) -> Option<U> {
        self.ended = true;
        None
    }
}

/// Waiting on a ticket from a terminal or a network thread: each update in turn, waited
/// for; the end once nothing more will come.
impl<U> Iterator for Ticket<U> {
    type Item = U;

    fn next(&mut self) -> Option<U> {
        if !self.is_running() {
            return None;
        }
        match self.updates.recv() {
            Ok(update) => self.hand_out(update),
            Err(_) => self.end(),
        }
    }
}

impl<U> Drop for Ticket<U> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl<U> fmt::Debug for Ticket<U> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ticket")
            .field("running", &self.is_running())
            .finish_non_exhaustive()
    }
}
