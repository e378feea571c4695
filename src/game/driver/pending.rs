//! A request beside what it was asked for: the key of the position it is for (a session's
//! generation, a position, a game), what its asker keeps of it (when it was asked, the
//! answers so far) and its ticket while the job runs. A front end that follows a position
//! reads it with the position of the moment: a request asked for another one forgets itself
//! there, dropping its ticket (which stops the job), so its late answers are never read and
//! no caller compares keys or stops searches by hand.

use super::Ticket;

/// One request of a front end that follows a position, or none. `K` is the key of the
/// position asked for, `U` the job's updates, `S` what the asker keeps with the request.
pub struct Pending<K, U, S = ()> {
    asked: Option<PendingAsk<K, U, S>>,
}

struct PendingAsk<K, U, S> {
    key: K,
    kept: S,
    /// The job's updates until its last one; dropping it stops the job.
    ticket: Option<Ticket<U>>,
}

impl<K, U, S> Default for Pending<K, U, S> {
    fn default() -> Pending<K, U, S> {
        Pending { asked: None }
    }
}

impl<K: PartialEq, U, S> Pending<K, U, S> {
    /// The request for `key` whose updates come on `ticket`, with what is kept of it.
    #[must_use]
    pub fn new(key: K, ticket: Ticket<U>, kept: S) -> Pending<K, U, S> {
        Pending {
            asked: Some(PendingAsk {
                key,
                kept,
                ticket: Some(ticket),
            }),
        }
    }

    /// Asks anew: the request before is forgotten, which stops its job.
    pub fn ask(&mut self, key: K, ticket: Ticket<U>, kept: S) {
        *self = Pending::new(key, ticket, kept);
    }

    /// The next update of the request for `now`, if one has come, with what is kept of it.
    /// A request for another position is forgotten (its job stopped); once nothing more
    /// will come its ticket goes, and what was asked and kept stays.
    pub fn next(&mut self, now: &K) -> Option<(U, &mut S)> {
        if self.asked.as_ref().is_some_and(|a| a.key != *now) {
            self.asked = None;
        }
        let asked = self.asked.as_mut()?;
        let update = asked.ticket.as_mut().and_then(Ticket::try_next);
        if !asked.ticket.as_ref().is_some_and(Ticket::is_running) {
            asked.ticket = None;
        }
        Some((update?, &mut asked.kept))
    }

    /// What is kept of the request for `now`, if `now` is what was asked for (running or
    /// done).
    #[must_use]
    pub fn kept(&self, now: &K) -> Option<&S> {
        self.asked
            .as_ref()
            .filter(|a| a.key == *now)
            .map(|a| &a.kept)
    }

    /// What is kept of the request for `now`, to change, if `now` is what was asked for.
    pub fn kept_mut(&mut self, now: &K) -> Option<&mut S> {
        self.asked
            .as_mut()
            .filter(|a| a.key == *now)
            .map(|a| &mut a.kept)
    }

    /// Whether `now` is what was asked for (running or done).
    #[must_use]
    pub fn is_for(&self, now: &K) -> bool {
        self.kept(now).is_some()
    }

    /// Whether the job of `now` may still send updates.
    #[must_use]
    pub fn is_running_for(&self, now: &K) -> bool {
        self.is_for(now) && self.is_running()
    }
}

impl<K, U, S> Pending<K, U, S> {
    /// The last request, whatever the position now: what it was asked for and what is kept.
    #[must_use]
    pub fn asked(&self) -> Option<(&K, &S)> {
        self.asked.as_ref().map(|a| (&a.key, &a.kept))
    }

    /// What is kept of the last request, to change, whatever the position now.
    pub fn asked_mut(&mut self) -> Option<&mut S> {
        self.asked.as_mut().map(|a| &mut a.kept)
    }

    /// Whether a job was asked for and may still send updates.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.asked
            .as_ref()
            .and_then(|a| a.ticket.as_ref())
            .is_some_and(Ticket::is_running)
    }

    /// Stops the job; what was asked and kept stays.
    pub fn stop(&mut self) {
        if let Some(asked) = &mut self.asked {
            asked.ticket = None;
        }
    }

    /// Forgets the request: its job stops and what was kept goes.
    pub fn forget(&mut self) {
        self.asked = None;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::{self, Sender};

    use super::*;

    /// A ticket whose job sends what the test sends, `0` being its final update; and the
    /// job's stop flag, to see whether it was stopped.
    fn job() -> (Ticket<u32>, Sender<u32>, Arc<AtomicBool>) {
        let (sender, updates) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let ticket = Ticket::new(updates, stop.clone(), |&u| u == 0);
        (ticket, sender, stop)
    }

    #[test]
    fn the_updates_of_the_position_asked_for_are_read_with_what_is_kept() {
        let (ticket, sender, _) = job();
        let mut pending = Pending::new(7_u64, ticket, Vec::new());
        assert!(pending.next(&7).is_none(), "nothing came yet");
        sender.send(3).unwrap();
        sender.send(2).unwrap();
        while let Some((update, kept)) = pending.next(&7) {
            kept.push(update);
        }
        assert_eq!(pending.kept(&7), Some(&vec![3, 2]));
        assert!(pending.is_running_for(&7));
    }

    #[test]
    fn an_answer_for_a_position_gone_is_dropped_and_its_job_stopped() {
        let (ticket, sender, stop) = job();
        let mut pending = Pending::new(7_u64, ticket, ());
        sender.send(0).unwrap();
        assert!(pending.next(&8).is_none(), "the answer is for position 7");
        assert!(stop.load(Ordering::Relaxed), "the job was stopped");
        assert!(!pending.is_for(&7), "the request forgot itself");
        assert!(pending.next(&7).is_none(), "and its answer is never read");
        assert!(pending.asked().is_none());
    }

    #[test]
    fn the_final_answer_is_given_once_and_what_was_asked_stays() {
        let (ticket, sender, _) = job();
        let mut pending = Pending::new(7_u64, ticket, "kept");
        sender.send(0).unwrap();
        sender.send(5).unwrap();
        assert_eq!(pending.next(&7).map(|(u, _)| u), Some(0));
        assert!(pending.next(&7).is_none(), "nothing after the final answer");
        assert!(!pending.is_running());
        assert!(pending.is_for(&7), "the position asked for is remembered");
        assert_eq!(pending.kept(&7), Some(&"kept"));
        assert_eq!(pending.kept(&8), None);
    }

    #[test]
    fn a_job_that_ends_without_an_answer_is_no_longer_running() {
        let (ticket, sender, _) = job();
        let mut pending = Pending::new(7_u64, ticket, ());
        drop(sender);
        assert!(pending.next(&7).is_none());
        assert!(!pending.is_running());
        assert!(pending.is_for(&7));
    }

    #[test]
    fn dropping_forgetting_stopping_or_asking_anew_stops_the_job() {
        let (ticket, _sender, stop) = job();
        drop(Pending::new(1_u64, ticket, ()));
        assert!(stop.load(Ordering::Relaxed), "dropped");

        let (ticket, _sender, stop) = job();
        let mut pending = Pending::new(1_u64, ticket, ());
        pending.forget();
        assert!(stop.load(Ordering::Relaxed), "forgotten");
        assert!(pending.asked().is_none());

        let (ticket, _sender, stop) = job();
        let mut pending = Pending::new(1_u64, ticket, 'k');
        pending.stop();
        assert!(stop.load(Ordering::Relaxed), "stopped");
        assert_eq!(pending.asked(), Some((&1, &'k')), "what was asked stays");
        assert!(!pending.is_running());

        let (ticket, _sender, stop) = job();
        let mut pending = Pending::new(1_u64, ticket, ());
        let (again, _again_sender, again_stop) = job();
        pending.ask(1, again, ());
        assert!(stop.load(Ordering::Relaxed), "asked anew");
        assert!(!again_stop.load(Ordering::Relaxed));
        assert!(pending.is_running_for(&1));
    }

    #[test]
    fn nothing_asked_is_for_no_position() {
        let mut pending: Pending<u64, u32> = Pending::default();
        assert!(pending.next(&0).is_none());
        assert!(!pending.is_for(&0));
        assert!(!pending.is_running());
        assert!(pending.asked().is_none());
    }
}
