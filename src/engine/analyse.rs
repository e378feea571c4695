//! The value of every legal move: each searched on its own, the moves that a symmetry of the
//! position maps onto each other searched once for the group.

use std::sync::atomic::AtomicBool;

use crate::rules::Position;

use super::gomoku::Gomoku;
use super::iterate::iteration_depths;
use super::lazy_smp::Engine;
use super::mnk::Mnk;
use super::score::{Score, Value, WIN};
use super::search::{Knowledge, NoRecorder, Searcher, is_proved};
use super::types::{Limits, MoveValue};

impl Engine {
    /// The value of every legal move, each searched with the given limits, in the order of
    /// the cells.
    pub fn analyse(
        &mut self,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Vec<MoveValue> {
        let mut values = Vec::new();
        self.analyse_each(position, limits, stop, &mut |value| {
            values.push(value.clone())
        });
        values.sort_by_key(|value| (value.cell.row, value.cell.col));
        values
    }

    /// The value of every legal move, each searched with the given limits, handed to
    /// `on_value` as soon as it is known (moves that a symmetry of the position maps onto
    /// each other together).
    pub fn analyse_each(
        &mut self,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_value: &mut dyn FnMut(&MoveValue),
    ) {
        if self.uses_patterns(position.rule()) {
            self.analyse_with::<Gomoku>(position, limits, stop, on_value);
        } else {
            self.analyse_with::<Mnk>(position, limits, stop, on_value);
        }
    }

    /// [`Engine::analyse_each`] with the knowledge `K`.
    fn analyse_with<K: Knowledge>(
        &self,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_value: &mut dyn FnMut(&MoveValue),
    ) {
        let features = self.features();
        let mut s: Searcher<K> =
            Searcher::build(position, &self.table, features, limits, stop, 0, NoRecorder);
        let max_depth = limits.depth.unwrap_or(position.empty_count() as u32).max(1);
        let geometry = position.geometry().clone();
        for kind in moves_by_symmetry(position) {
            let (score, proved) = move_value(&mut s, kind[0], max_depth);
            for &index in &kind {
                on_value(&MoveValue {
                    cell: geometry.cell(index),
                    score,
                    value: Value::from_score(score, proved),
                });
            }
        }
    }
}

/// The value of the move `first` for the side to move, searched to one ply less than
/// `max_depth` after it, and whether it is proved.
fn move_value<K: Knowledge>(s: &mut Searcher<K>, first: usize, max_depth: u32) -> (Score, bool) {
    // Each move is a search of its own: the history counts of the last one would only
    // mislead this one's ordering.
    s.reset_history();
    s.make(first);
    let mut score = 0;
    let mut proved = false;
    let after = s.board().pos.empty_count();
    for depth in iteration_depths(s.features(), max_depth.saturating_sub(1), after) {
        let (child, _) = if depth as usize >= after {
            s.prove(depth, 1)
        } else {
            s.root(depth, 1)
        };
        if s.aborted {
            break;
        }
        score = -child;
        proved = is_proved(score, depth, after) || s.board().pos.is_over();
        if proved {
            break;
        }
    }
    if s.board().pos.is_over() {
        score = if s.board().pos.winner().is_some() {
            WIN - 1
        } else {
            0
        };
        proved = true;
    }
    s.unmake(first);
    (score, proved)
}

/// The legal moves of `position` in groups that a symmetry of the position maps onto each
/// other, so they are worth the same; each group in cell order, groups in order of their
/// first cell.
fn moves_by_symmetry(position: &Position) -> Vec<Vec<usize>> {
    let geometry = position.geometry();
    let board = position.board();
    let symmetries: Vec<&[u16]> = (0..geometry.symmetries().len())
        .map(|n| geometry.symmetry_map(n))
        .filter(|map| (0..board.len()).all(|i| board[map[i] as usize] == board[i]))
        .collect();
    // `group[cell]`: the group of the move on that cell's smallest image.
    let mut group: Vec<Option<usize>> = vec![None; board.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for index in position.empty_indices() {
        let twin = symmetries
            .iter()
            .map(|map| map[index] as usize)
            .min()
            .unwrap_or(index);
        match group[twin] {
            Some(g) => groups[g].push(index),
            None => {
                group[twin] = Some(groups.len());
                groups.push(vec![index]);
            }
        }
    }
    groups
}
