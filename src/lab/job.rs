//! A lab search on a worker thread: started, polled and cancelled from a front end that
//! must never wait (the window polls it once a frame).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;

use super::compare::{CompareProgress, CompareRequest, Comparison, compare};
use super::tree::{TreePair, TreeProgress, record_pair};
use super::{DepthChoice, LabError};
use crate::rules::Position;

/// Work running on its own thread: progress messages of type `P` while it runs, an answer
/// of type `T` at the end. Dropping the job cancels it.
pub struct Job<P, T> {
    stop: Arc<AtomicBool>,
    updates: Receiver<P>,
    handle: Option<JoinHandle<T>>,
}

impl<P: Send + 'static, T: Send + 'static> Job<P, T> {
    /// Runs `work` on a new thread with the job's stop flag and a progress sink; `notify`
    /// is called after each progress message and when the work ends (a window passes
    /// something that asks for a repaint).
    pub fn spawn<W, N>(notify: N, work: W) -> Job<P, T>
    where
        W: FnOnce(&AtomicBool, &mut dyn FnMut(P)) -> T + Send + 'static,
        N: Fn() + Send + 'static,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let (sender, updates) = mpsc::channel();
        let flag = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let answer = work(&flag, &mut |update| {
                // The receiver is gone only when the job was dropped: nobody to tell.
                let _ = sender.send(update);
                notify();
            });
            notify();
            answer
        });
        Job {
            stop,
            updates,
            handle: Some(handle),
        }
    }

    /// Asks the work to stop; it ends soon after with what it has.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`Job::cancel`] was called.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The stop flag, shared with the work.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The progress messages that arrived since the last call.
    pub fn progress(&self) -> Vec<P> {
        self.updates.try_iter().collect()
    }

    /// Whether the work has ended (its answer is ready).
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// The answer, once the work has ended; `None` while it runs, after the answer was
    /// taken, or if the work panicked.
    pub fn take_result(&mut self) -> Option<T> {
        if !self.handle.as_ref()?.is_finished() {
            return None;
        }
        self.handle.take()?.join().ok()
    }

    /// Waits for the answer (for the command line and tests, never a window).
    pub fn wait(mut self) -> Option<T> {
        self.handle.take()?.join().ok()
    }
}

impl<P, T> Drop for Job<P, T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Starts [`compare`] on a worker thread.
pub fn start_compare<N>(
    request: CompareRequest,
    notify: N,
) -> Job<CompareProgress, Result<Comparison, LabError>>
where
    N: Fn() + Send + 'static,
{
    Job::spawn(notify, move |stop, progress| {
        compare(&request, stop, progress)
    })
}

/// Starts [`record_pair`] on a worker thread.
pub fn start_record_pair<N>(
    position: Position,
    depth: DepthChoice,
    budget: usize,
    notify: N,
) -> Job<TreeProgress, Result<TreePair, LabError>>
where
    N: Fn() + Send + 'static,
{
    Job::spawn(notify, move |stop, progress| {
        record_pair(&position, depth, budget, stop, progress)
    })
}
