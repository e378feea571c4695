//! The knowledge of m,n,k boards: the classic heuristic e(P) at the horizon, immediate wins
//! and forced blocks, and moves ordered by history, potential and centrality.

use std::sync::atomic::AtomicBool;

use crate::engine::score::{Score, WIN};
use crate::engine::search::{
    Context, Exit, Features, Knowledge, NoRecorder, Recorder, Searcher, Settled,
};
use crate::engine::search_board::SearchBoard;
use crate::engine::table::Table;
use crate::engine::types::Limits;
use crate::rules::Position;

/// The knowledge of m,n,k boards, for any K.
pub(crate) struct Mnk {
    board: SearchBoard,
    /// An immediate win is played and a forced block is the only move searched
    /// ([`Features::knowledge`]).
    tactics: bool,
    /// The table move first and the rest sorted ([`Features::ordering`]); else board order.
    ordering: bool,
}

impl Knowledge for Mnk {
    const PRINCIPAL_VARIATION: bool = false;

    fn new(board: SearchBoard, features: Features, _: &Limits) -> Mnk {
        Mnk {
            board,
            tactics: features.knowledge,
            ordering: features.ordering,
        }
    }

    #[inline]
    fn board(&self) -> &SearchBoard {
        &self.board
    }

    #[inline]
    fn make(&mut self, index: usize) {
        self.board.make(index);
    }

    #[inline]
    fn unmake(&mut self, index: usize) {
        self.board.unmake(index);
    }

    #[inline]
    fn horizon(&mut self, _: u32, _: Score) -> Option<(Score, Exit)> {
        Some((self.board.evaluate(), Exit::Horizon))
    }

    fn generate(&mut self, at: Context<'_>, moves: &mut Vec<usize>) -> Option<Settled> {
        if self.tactics {
            self.tactics(at.ply, moves)
        } else {
            self.board.candidates(moves);
            None
        }
    }

    fn order_first(&self, moves: &mut [usize], table_move: Option<usize>) -> Option<usize> {
        if !self.ordering {
            return None;
        }
        // The table move on its own, since it often cuts off at once; the rest sorted only
        // when the search gets to them.
        Some(
            match table_move.and_then(|t| moves.iter().position(|&m| m == t)) {
                Some(at) => {
                    moves.swap(0, at);
                    1
                }
                None => 0,
            },
        )
    }

    fn order(&self, moves: &mut [usize], history: &[u32], jitter: u64) {
        let rule = *self.board.geometry().rule();
        let (cr, cc) = ((rule.height() - 1) as i64, (rule.width() - 1) as i64);
        let key = |m: usize| -> i64 {
            let (r, c) = ((m / rule.width()) as i64, (m % rule.width()) as i64);
            let centrality = -((2 * r - cr).abs().max((2 * c - cc).abs()));
            let noise = if jitter == 0 {
                0
            } else {
                (jitter
                    .wrapping_mul(m as u64 + 1)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    >> 60) as i64
            };
            i64::from(history[m]) * 64
                + i64::from(self.board.potential(m)) * 16
                + centrality
                + noise * 8
        };
        moves.sort_by_cached_key(|&m| std::cmp::Reverse(key(m)));
    }

    fn root_win(&mut self, _: bool, _: &mut u64) -> Option<Vec<usize>> {
        None
    }

    fn fallback_move(&mut self, _: &[u32]) -> Option<usize> {
        let mut moves = Vec::new();
        self.board.candidates(&mut moves);
        moves.first().copied()
    }
}

impl Mnk {
    /// Fills `moves` with the moves worth searching, or settles the node when the side to
    /// move wins now or cannot stop the opponent winning next.
    fn tactics(&self, ply: u32, moves: &mut Vec<usize>) -> Option<Settled> {
        let settled = |score, best| Settled {
            score,
            best: Some(best),
            exit: if score > 0 {
                Exit::WinsNow
            } else {
                Exit::CannotBlock
            },
            proof: false,
        };
        let me = self.board.pos.side_to_move();
        self.board.candidates(moves);
        if self.board.has_threat(me)
            && let Some(&win) = moves.iter().find(|&&m| self.board.pos.wins_at(m, me))
        {
            return Some(settled(WIN - (ply as Score + 1), win));
        }
        let them = me.other();
        if self.board.has_threat(them) {
            let mut blocks = moves
                .iter()
                .copied()
                .filter(|&m| self.board.pos.wins_at(m, them));
            if let Some(first) = blocks.next() {
                if blocks.next().is_some() {
                    // Two different winning cells: whatever we do, the opponent wins next.
                    return Some(settled(-(WIN - (ply as Score + 2)), first));
                }
                moves.clear();
                moves.push(first);
            }
        }
        None
    }
}

impl<'a> Searcher<'a, Mnk, NoRecorder> {
    /// An m,n,k searcher that records nothing (the lab's reference searches).
    pub fn new(
        position: &Position,
        table: &'a Table,
        features: Features,
        limits: &Limits,
        stop: &'a AtomicBool,
        jitter: u64,
    ) -> Searcher<'a, Mnk, NoRecorder> {
        Searcher::build(position, table, features, limits, stop, jitter, NoRecorder)
    }
}

impl<'a, R: Recorder> Searcher<'a, Mnk, R> {
    /// An m,n,k searcher whose every step is told to `recorder`.
    pub fn recording(
        position: &Position,
        table: &'a Table,
        features: Features,
        limits: &Limits,
        stop: &'a AtomicBool,
        jitter: u64,
        recorder: R,
    ) -> Searcher<'a, Mnk, R> {
        Searcher::build(position, table, features, limits, stop, jitter, recorder)
    }
}
