//! The lab's searches as jobs of the driver ([`crate::game::Driver`]): the comparison of the
//! algorithms ([`CompareRequest`]) and the recording of the minimax and alpha-beta trees
//! ([`TreePairRequest`]), the pairing strategies of a position ([`PairingRequest`]), the
//! prover's search for a winning line ([`WinLineRequest`]) and the review of a game too
//! large to search to the end ([`GameReviewRequest`]), each on a lane of its own, so none
//! stops another nor the game's searches. Their progress and result come back on the
//! request's ticket as a [`LabUpdate`].

use std::sync::atomic::Ordering;

use super::pairing::{PairingStrategy, pairing_strategy_until};
use super::winning_line::{WinSearch, winning_line};
use crate::game::{DriverConfig, Job, Lane, Outbox, Worker};
use crate::rules::{Cell, Position, Side};

use super::review::{self, PositionEval};
use super::{
    CompareProgress, CompareRequest, Comparison, DepthChoice, LabError, TABLE_MEGABYTES, TreePair,
    TreeProgress, compare, record_pair,
};

/// The lane of the comparisons.
pub const COMPARE_LANE: Lane = Lane::new("lab comparison");

/// The lane of the tree recordings.
pub const TREES_LANE: Lane = Lane::new("lab trees");

/// The lane of the pairing searches.
pub const PAIRING_LANE: Lane = Lane::new("lab pairings");

/// The lane of the searches for a winning line.
pub const WIN_LANE: Lane = Lane::new("lab winning line");

/// The lane of the post-game review: one search thread, so that its node counts (and with
/// them its values) are the same every time, and a table of the lab's size.
pub const REVIEW_LANE: Lane = Lane::new("lab review").with_engine(DriverConfig {
    tt_megabytes: TABLE_MEGABYTES,
    threads: 1,
});

/// What a lab job reports: its progress `P` as it goes, then its result `R` (or why it
/// could not run), or that it failed. A stopped job sends nothing more.
#[derive(Clone, Debug)]
pub enum LabUpdate<P, R> {
    /// A step started or finished.
    Progress(P),
    /// The result, or why the job could not run.
    Done(Result<Box<R>, LabError>),
    /// The worker failed (a panic); the message says what went wrong.
    Failed(String),
}

/// What a comparison reports: each method's start and result, then the comparison.
pub type CompareUpdate = LabUpdate<CompareProgress, Comparison>;

/// What a tree recording reports: each tree's start and end, then the pair.
pub type TreesUpdate = LabUpdate<TreeProgress, TreePair>;

/// What a search for a winning line reports: only its result.
pub type WinLineUpdate = LabUpdate<(), WinSearch>;

/// What a game's review reports: each position's value as it is found (the position's
/// index in the game, 0 the empty board), then that all are done.
pub type ReviewUpdate = LabUpdate<(usize, PositionEval), ()>;

/// The pairing strategy against each side of a position (`None` where the search found
/// none), the side to move first.
pub type Pairings = Vec<(Side, Option<PairingStrategy>)>;

/// What a pairing search reports: only its result.
pub type PairingsUpdate = LabUpdate<(), Pairings>;

impl<P, R> LabUpdate<P, R> {
    fn is_last(&self) -> bool {
        matches!(self, LabUpdate::Done(_) | LabUpdate::Failed(_))
    }
}

impl Job for CompareRequest {
    type Update = CompareUpdate;

    fn lane(&self) -> Lane {
        COMPARE_LANE
    }

    fn run(self, _worker: &mut Worker, out: &Outbox<CompareUpdate>) {
        let found = compare(&self, out.stop(), &mut |p| out.send(LabUpdate::Progress(p)));
        out.send(LabUpdate::Done(found.map(Box::new)));
    }

    fn failed(message: String) -> CompareUpdate {
        LabUpdate::Failed(message)
    }

    fn is_final(update: &CompareUpdate) -> bool {
        update.is_last()
    }
}

/// The recording of the search tree of `position` by plain minimax and by alpha-beta, to
/// the same depth, each tree of at most `budget` nodes (see [`record_pair`]).
#[derive(Clone, Debug)]
pub struct TreePairRequest {
    pub position: Position,
    pub depth: DepthChoice,
    pub budget: usize,
}

impl Job for TreePairRequest {
    type Update = TreesUpdate;

    fn lane(&self) -> Lane {
        TREES_LANE
    }

    fn run(self, _worker: &mut Worker, out: &Outbox<TreesUpdate>) {
        let found = record_pair(
            &self.position,
            self.depth,
            self.budget,
            out.stop(),
            &mut |p| {
                out.send(LabUpdate::Progress(p));
            },
        );
        out.send(LabUpdate::Done(found.map(Box::new)));
    }

    fn failed(message: String) -> TreesUpdate {
        LabUpdate::Failed(message)
    }

    fn is_final(update: &TreesUpdate) -> bool {
        update.is_last()
    }
}

/// The prover's search for a winning line of the side to move on `position`, within
/// `node_limit` positions (see [`winning_line`]).
#[derive(Clone, Debug)]
pub struct WinLineRequest {
    pub position: Position,
    pub node_limit: u64,
}

impl Job for WinLineRequest {
    type Update = WinLineUpdate;

    fn lane(&self) -> Lane {
        WIN_LANE
    }

    fn run(self, _worker: &mut Worker, out: &Outbox<WinLineUpdate>) {
        let found = winning_line(&self.position, self.node_limit, out.stop());
        out.send(LabUpdate::Done(Ok(Box::new(found))));
    }

    fn failed(message: String) -> WinLineUpdate {
        LabUpdate::Failed(message)
    }

    fn is_final(update: &WinLineUpdate) -> bool {
        update.is_last()
    }
}

/// The review of a game on a board too large to search to the end: `positions` (the game's,
/// from the empty board to the last one) valued one after another from index `first` on
/// (those before it are known already), by the review's fixed budget (see
/// [`review::evaluate`]).
#[derive(Clone, Debug)]
pub struct GameReviewRequest {
    pub positions: Vec<Position>,
    pub first: usize,
}

impl Job for GameReviewRequest {
    type Update = ReviewUpdate;

    fn lane(&self) -> Lane {
        REVIEW_LANE
    }

    fn run(self, worker: &mut Worker, out: &Outbox<ReviewUpdate>) {
        for (index, position) in self.positions.iter().enumerate().skip(self.first) {
            let engine = worker.engine(*position.rule());
            let Some(eval) = review::evaluate(engine, position, review::REVIEW_NODES, out.stop())
            else {
                return;
            };
            out.send(LabUpdate::Progress((index, eval)));
        }
        out.send(LabUpdate::Done(Ok(Box::new(()))));
    }

    fn failed(message: String) -> ReviewUpdate {
        LabUpdate::Failed(message)
    }

    fn is_final(update: &ReviewUpdate) -> bool {
        update.is_last()
    }
}

/// The pairing strategies against each side of `position`, whose last move was
/// `last_move` (see [`pairing_strategy_until`]): most of a second on 7x7, so never on the
/// window's thread.
#[derive(Clone, Debug)]
pub struct PairingRequest {
    pub position: Position,
    pub last_move: Option<Cell>,
}

impl Job for PairingRequest {
    type Update = PairingsUpdate;

    fn lane(&self) -> Lane {
        PAIRING_LANE
    }

    fn run(self, _worker: &mut Worker, out: &Outbox<PairingsUpdate>) {
        let mover = self.position.side_to_move();
        let mut found = Pairings::new();
        for side in [mover, mover.other()] {
            let strategy = pairing_strategy_until(&self.position, side, self.last_move, out.stop());
            if out.stop().load(Ordering::Relaxed) {
                return;
            }
            found.push((side, strategy));
        }
        out.send(LabUpdate::Done(Ok(Box::new(found))));
    }

    fn failed(message: String) -> PairingsUpdate {
        LabUpdate::Failed(message)
    }

    fn is_final(update: &PairingsUpdate) -> bool {
        update.is_last()
    }
}
