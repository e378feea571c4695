//! One player of a game while it is played: its brain, its colour, the times its moves took,
//! and its time left on the match clock. Both the game and the swap2 opening ask a player's
//! brain for its answers under the clocks.

use std::time::{Duration, Instant};

use crate::brain::{Brain, BrainReport, Fault, Swap2Answer};
use crate::referee_board::{Colour, Point};

/// The time one brain took over its moves of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveTimes {
    pub moves: u32,
    pub total: Duration,
    pub longest: Duration,
    /// Moves that took longer than the time per move but came within the limit.
    pub slow: u32,
    /// Moves for which the brain named both a depth and a node count, with the sum of
    /// those depths, those nodes and the time those moves took.
    pub searched: u32,
    pub depths: u64,
    pub nodes: u64,
    pub search_time: Duration,
}

impl MoveTimes {
    pub fn add(&mut self, took: Duration, turn: Duration, report: BrainReport) {
        self.moves += 1;
        self.total += took;
        self.longest = self.longest.max(took);
        if took > turn {
            self.slow += 1;
        }
        if let (Some(depth), Some(nodes)) = (report.depth, report.nodes) {
            self.searched += 1;
            self.depths += u64::from(depth);
            self.nodes = self.nodes.saturating_add(nodes);
            self.search_time += took;
        }
    }

    /// Adds another game's times.
    pub fn merge(&mut self, other: &MoveTimes) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
        self.slow += other.slow;
        self.searched += other.searched;
        self.depths += other.depths;
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.search_time += other.search_time;
    }

    /// The mean depth of the moves the brain reported a search for.
    #[must_use]
    pub fn mean_depth(&self) -> Option<f64> {
        (self.searched > 0).then(|| self.depths as f64 / f64::from(self.searched))
    }

    /// Nodes a second over the moves the brain reported a search for.
    #[must_use]
    pub fn nodes_per_second(&self) -> Option<f64> {
        let seconds = self.search_time.as_secs_f64();
        (self.searched > 0 && seconds > 0.0).then(|| self.nodes as f64 / seconds)
    }
}

/// One of the two players of a game while it is played.
pub struct MatchPlayer {
    pub colour: Colour,
    pub brain: Brain,
    /// Whether the brain has seen the position (after which it gets TURN).
    pub informed: bool,
    pub times: MoveTimes,
    /// The brain's time left on the match clock (`None`: no match clock).
    pub left: Option<Duration>,
}

impl MatchPlayer {
    /// Asks the brain for an answer under the clocks: with a match clock it is told its
    /// time left first (INFO time_left), the answer is waited for at most the move limit
    /// or the time left, whichever is shorter, and the time it took is charged, a time-out
    /// when it was more than the time left. `ask` sends the request and returns the answer
    /// with the time it took.
    pub fn timed<T>(
        &mut self,
        move_limit: Duration,
        ask: impl FnOnce(&mut Brain, Duration) -> Result<(T, Duration), Fault>,
    ) -> Result<T, Fault> {
        let Some(left) = self.left else {
            return ask(&mut self.brain, move_limit).map(|(answer, _)| answer);
        };
        self.brain
            .info(&[format!("INFO time_left {}", left.as_millis())])?;
        let (answer, took) = ask(&mut self.brain, move_limit.min(left))?;
        let left = left.checked_sub(took).ok_or(Fault::TimeOut(left))?;
        self.left = Some(left);
        Ok(answer)
    }

    /// The brain's part of a swap2 opening with `stones` down, under the clocks.
    pub fn swap2(&mut self, stones: &[Point], move_limit: Duration) -> Result<Swap2Answer, Fault> {
        self.timed(move_limit, |brain, limit| {
            let asked = Instant::now();
            let answer = brain.swap2(stones, limit)?;
            Ok((answer, asked.elapsed()))
        })
    }
}
