//! The moves worth searching in five in a row, from the patterns: a five if there is one;
//! else the block of the opponent's four; else, against a live three (or any move of the
//! opponent's that would make a live four or a double four), only the cells that defend
//! and our own fours; else the best-scored cells, a bounded list, best first (every cell
//! near the stones, best first, where the board keeps the learned tables on pattern codes:
//! sorted by their move scores). Under renju
//! black's forbidden cells are left out (the caller says which cells may be played): a
//! four black cannot block on is a loss.

use crate::rules::Side;

use super::lines::PatternBoard;
use super::patterns::{Combo, Pattern};

/// The most moves of a quiet position that are searched below the root: the rest score too
/// low to matter next to them.
pub const QUIET_MOVES: usize = 15;
/// The most moves of a quiet position searched at the root, where a quiet move that wins by
/// threats only after the reply must not be left out.
pub const ROOT_QUIET_MOVES: usize = 20;

/// A position whose outcome the patterns settle before any move is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forced {
    /// The side to move completes a five on this cell.
    Win(usize),
    /// The opponent has two cells that complete a five: whichever one is blocked, it plays
    /// the other (this cell is one of them).
    Loss(usize),
}

/// The bound on the moves of a quiet position where the board's move order keeps `bound` of
/// them: `None` (every move) where the code tables order the moves without the cap.
#[must_use]
pub fn quiet_bound(board: &PatternBoard, bound: usize) -> Option<usize> {
    let every = board.codes().is_some_and(|c| c.uses.order && !c.uses.cap);
    (!every).then_some(bound)
}

/// Fills `moves` with the moves worth searching for `me`, best first, from `near` (the empty
/// cells near the stones), at most `quiet` of them in a quiet position (every one where it is
/// `None`); `history` adds the
/// history heuristic's counts to the order; only cells `legal` allows are given (a five is
/// always legal). Or returns the outcome when it is forced.
pub fn generate(
    board: &PatternBoard,
    me: Side,
    near: &[usize],
    history: &[u32],
    quiet: Option<usize>,
    moves: &mut Vec<usize>,
    legal: impl Fn(usize) -> bool,
) -> Option<Forced> {
    let keep = Keep {
        quiet,
        sorted: usize::MAX,
    };
    generate_staged(board, me, near, history, keep, moves, legal).err()
}

/// How many moves [`generate_staged`] gives, and how many of them in order.
#[derive(Clone, Copy, Debug)]
pub struct Keep {
    /// At most this many moves of a quiet position (every one where it is `None`).
    pub quiet: Option<usize>,
    /// Only the best this many of them are sorted; the rest follow them unsorted, each
    /// worse than every sorted one, for [`sort`] to order when the search reaches them (a
    /// node that prunes its late moves seldom does).
    pub sorted: usize,
}

/// [`generate`] with only the best `keep.sorted` moves sorted: the number of moves at the
/// front of `moves` that are in order (the rest are no better than any of them), or the
/// outcome when it is forced.
pub fn generate_staged(
    board: &PatternBoard,
    me: Side,
    near: &[usize],
    history: &[u32],
    keep: Keep,
    moves: &mut Vec<usize>,
    legal: impl Fn(usize) -> bool,
) -> Result<usize, Forced> {
    let them = me.other();
    moves.clear();
    if let Some(settled) = fives(board, me, near, moves, &legal) {
        return settled;
    }
    let mut scored: Vec<(i64, usize)> = Vec::with_capacity(near.len());
    let defending = board.has_at_least(them, Combo::OpenFour);
    if defending {
        // The opponent threatens a four that cannot be stopped: only cells on its lines that
        // take a four from it defend, and our own fours gain the move back.
        for &c in near {
            let defends = board.at(c, them).lines.iter().any(|&p| p >= Pattern::Dead4);
            if defends || board.makes_four(c, me) {
                scored.push((order_key(board, me, c, history), c));
            }
        }
    } else {
        for &c in near {
            scored.push((order_key(board, me, c, history), c));
        }
    }
    let kept = match keep.quiet {
        Some(quiet) if !defending => quiet.min(scored.len()),
        _ => scored.len(),
    };
    // Only the kept moves need sorting, and of those only the first `sorted`: the best are
    // found first, in linear time. Keys are distinct (they end in the cell), so the order is
    // the full sort's.
    best_first(&mut scored, kept);
    let sorted = keep.sorted.min(kept);
    best_first(&mut scored[..kept], sorted);
    scored[..sorted].sort_unstable_by(|a, b| b.cmp(a));
    moves.extend(
        scored[..sorted]
            .iter()
            .map(|&(_, c)| c)
            .filter(|&c| legal(c)),
    );
    let in_order = moves.len();
    moves.extend(
        scored[sorted..kept]
            .iter()
            .map(|&(_, c)| c)
            .filter(|&c| legal(c)),
    );
    if moves.len() < kept {
        // Some were forbidden: the next best legal ones take their places.
        let rest = &mut scored[kept..];
        rest.sort_unstable_by(|a, b| b.cmp(a));
        let wanted = kept - moves.len();
        let more = rest.iter().map(|&(_, c)| c).filter(|&c| legal(c));
        moves.extend(more.take(wanted));
    }
    Ok(if sorted == kept {
        moves.len()
    } else {
        in_order
    })
}

/// A five to make, or the opponent's to block: the outcome when it is settled, else the
/// block alone in `moves` (`Ok(1)`); `None` where there is no five on the board.
fn fives(
    board: &PatternBoard,
    me: Side,
    near: &[usize],
    moves: &mut Vec<usize>,
    legal: &impl Fn(usize) -> bool,
) -> Option<Result<usize, Forced>> {
    if board.count(me, Combo::Five) > 0 {
        let five = find(board, me, Combo::Five, near).map(Forced::Win);
        return Some(five.map_or(Ok(0), Err));
    }
    let them = me.other();
    let blocks = board.count(them, Combo::Five);
    if blocks == 0 {
        return None;
    }
    let Some(block) = find(board, them, Combo::Five, near) else {
        return Some(Ok(0));
    };
    if blocks > 1 || !legal(block) {
        // Lost: the move named is any legal one (the block itself when it is).
        let any = std::iter::once(block)
            .chain(near.iter().copied())
            .find(|&c| legal(c));
        return Some(any.map(Forced::Loss).map_or(Ok(0), Err));
    }
    moves.push(block);
    Some(Ok(1))
}

/// Puts the best `count` of `scored` (highest key first) before the rest, unordered, in
/// linear time.
fn best_first(scored: &mut [(i64, usize)], count: usize) {
    if count > 0 && count < scored.len() {
        scored.select_nth_unstable_by(count - 1, |a, b| b.cmp(a));
    }
}

/// Sorts `moves` best first, by the order [`generate`] gives them in.
pub fn sort(board: &PatternBoard, me: Side, moves: &mut [usize], history: &[u32]) {
    moves.sort_unstable_by_key(|&c| std::cmp::Reverse(order_key(board, me, c, history)));
}

/// The first empty cell where `side` makes `combo`: among the cells near the stones, where
/// fives and fours are, or else by a scan of the board.
pub fn find(board: &PatternBoard, side: Side, combo: Combo, near: &[usize]) -> Option<usize> {
    let makes = |c: usize| !board.is_occupied(c) && board.at(c, side).combo == combo;
    near.iter()
        .copied()
        .find(|&c| makes(c))
        .or_else(|| (0..board.cells()).find(|&c| makes(c)))
}

/// How good a move looks before searching it: what it makes for us, what it takes from the
/// opponent (a little less), by the ordering's scores (not the evaluation's), or by the
/// learned move scores where the board keeps the code tables; and the history heuristic to
/// break ties.
fn order_key(board: &PatternBoard, me: Side, cell: usize, history: &[u32]) -> i64 {
    if let Some(codes) = board.codes().filter(|c| c.uses.order) {
        return (i64::from(codes.order(cell, me)) << 16) + i64::from(history[cell].min(0xFFFF));
    }
    let attack = i64::from(board.at(cell, me).order);
    let defence = i64::from(board.at(cell, me.other()).order);
    ((attack * 4 + defence * 3) << 16) + i64::from(history[cell].min(0xFFFF))
}
