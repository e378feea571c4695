//! A proved win as a learner sees it: the moves of the winning side and the defender's
//! answers, played out from the position to the line of K. The prover's search of the real
//! game ([`Ordinary`]) proves the win; the line follows it: the winning side plays a move
//! the proof shows still wins (one that threatens to complete a line first, so that the
//! line is the threat sequence where there is one), and the defender blocks where it must,
//! else plays the move the proof's order tries first.

use std::sync::atomic::AtomicBool;

use crate::prover::{AndOr, Dfpn, MakerBreaker, Ordinary, ProverBoard};
use crate::rules::{Cell, Position, Side};

/// A winning line: the moves from the position, the winner's first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningLine {
    /// The side that wins (the side to move in the position).
    pub winner: Side,
    pub moves: Vec<Cell>,
    /// Positions the proof searched.
    pub nodes: u64,
}

/// What the search for a winning line found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WinSearch {
    /// The side to move wins, this way.
    Line(WinningLine),
    /// The side to move cannot force K in a row (proved).
    NoWin { nodes: u64 },
    /// The budget ran out, or the search was stopped, before a proof either way.
    Unknown { nodes: u64 },
    /// The prover does not take this position: the game is over, the board is larger than
    /// [`crate::prover::MAX_CELLS`], or the rule is exactly K (where an extra stone can hurt and the
    /// proof's reasoning does not hold).
    NotHandled,
}

/// Proves whether the side to move on `position` can force K in a row within `node_limit`
/// positions (0: no limit; about that many for the two searches together), and if it
/// can, the line of play.
#[must_use]
pub fn winning_line(position: &Position, node_limit: u64, stop: &AtomicBool) -> WinSearch {
    if position.is_over() || position.rule().exact() {
        return WinSearch::NotHandled;
    }
    let winner = position.side_to_move();
    let Some(board) = ProverBoard::new(position, winner) else {
        return WinSearch::NotHandled;
    };
    // A side that cannot even win when the other only blocks cannot win at all: the
    // Maker-Breaker search proves that much faster (7,7,5's empty board in 171,307 nodes).
    let mut blocking = Dfpn::new(stop);
    blocking.node_limit = node_limit;
    let entry = blocking.prove(&mut MakerBreaker::new(board.clone()), &mut |_, _| {});
    let spent = blocking.counters.nodes;
    if entry.dn == 0 {
        return WinSearch::NoWin { nodes: spent };
    }
    if entry.pn != 0 {
        return WinSearch::Unknown { nodes: spent };
    }
    drop(blocking);
    let mut dfpn = Dfpn::new(stop);
    dfpn.node_limit = node_limit
        .saturating_sub(spent)
        .max(u64::from(node_limit > 0));
    let mut game = Ordinary::new(board);
    let root = dfpn.prove(&mut game, &mut |_, _| {});
    let nodes = spent + dfpn.counters.nodes;
    if root.dn == 0 {
        return WinSearch::NoWin { nodes };
    }
    if root.pn != 0 {
        return WinSearch::Unknown { nodes };
    }
    let geometry = position.geometry();
    let mut play = position.clone();
    let mut moves = Vec::new();
    while play.winner().is_none() && !play.is_over() {
        let next = if game.board.attacker_to_move {
            match game.attackers_win() {
                Some(cell) => Some(cell),
                None => winning_move(&mut dfpn, &mut game),
            }
        } else {
            let mut replies = Vec::new();
            game.moves(&mut replies);
            replies.first().copied()
        };
        let Some(index) = next else {
            // The proof's table no longer shows a winning move (only if the budget ran out
            // while searching again): say so rather than show a line that does not win.
            return WinSearch::Unknown {
                nodes: spent + dfpn.counters.nodes,
            };
        };
        let cell = geometry.cell(index);
        if play.play(cell).is_err() {
            return WinSearch::Unknown {
                nodes: spent + dfpn.counters.nodes,
            };
        }
        game.make(index);
        moves.push(cell);
    }
    if play.winner() != Some(winner) {
        return WinSearch::Unknown {
            nodes: spent + dfpn.counters.nodes,
        };
    }
    WinSearch::Line(WinningLine {
        winner,
        moves,
        nodes: spent + dfpn.counters.nodes,
    })
}

/// A move of the attacker that the proof shows still wins, searched again where the table
/// does not settle it; a move that threatens to complete a line is preferred.
fn winning_move(dfpn: &mut Dfpn<'_>, game: &mut Ordinary) -> Option<usize> {
    let mut candidates = Vec::new();
    game.moves(&mut candidates);
    // Threats first, each group in the proof's order.
    let mut ordered: Vec<(bool, usize)> = candidates
        .into_iter()
        .map(|cell| {
            game.make(cell);
            let threat = game.attackers_win().is_some();
            game.unmake(cell);
            (!threat, cell)
        })
        .collect();
    ordered.sort_by_key(|&(quiet, _)| quiet);
    for search in [false, true] {
        for &(_, cell) in &ordered {
            game.make(cell);
            let entry = if search {
                dfpn.prove(game, &mut |_, _| {})
            } else {
                dfpn.numbers(game)
            };
            game.unmake(cell);
            if entry.pn == 0 {
                return Some(cell);
            }
        }
    }
    None
}
