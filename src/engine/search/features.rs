//! The knobs that tell the full engine apart from the plain reference searches, and, one at
//! a time, the steps between them that the learners' lab compares.

use crate::engine::gomoku::code_tables::Selection;

/// Which parts of the search run. Which kind of game knowledge it uses is not a knob but a
/// type: see [`super::Knowledge`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Features {
    /// Alpha-beta cut-offs (else every move of every node is searched: plain minimax).
    pub pruning: bool,
    /// The transposition table.
    pub table: bool,
    /// The table is keyed on the symmetry-reduced hash, so rotations and reflections of a
    /// position share one entry (else on the plain hash). Only matters with `table`.
    pub symmetry: bool,
    /// Move ordering: the table move first, then history, potential and centrality (else
    /// the moves come in board order).
    pub ordering: bool,
    /// The engine's game knowledge: a dead draw, or a side that can no longer win (by the
    /// potential or a pairing strategy), settles a node without search; an immediate win is
    /// played and a forced block is the only move searched.
    pub knowledge: bool,
    /// Every empty cell is a candidate, even on boards where only cells near stones are.
    pub every_cell: bool,
    /// The evaluation of the knowledge of five in a row: the learned tables and what is read
    /// from them, or `None` for the pattern evaluation (the constants below; the engine sets
    /// its configuration's). The other knowledge ignores it.
    pub gomoku_eval: Option<Selection>,
}

impl Features {
    pub const FULL: Features = Features {
        pruning: true,
        table: true,
        symmetry: true,
        ordering: true,
        knowledge: true,
        every_cell: false,
        gomoku_eval: None,
    };
    pub const ALPHA_BETA: Features = Features {
        pruning: true,
        table: false,
        symmetry: false,
        ordering: false,
        knowledge: false,
        every_cell: false,
        gomoku_eval: None,
    };
    pub const MINIMAX: Features = Features {
        pruning: false,
        table: false,
        symmetry: false,
        ordering: false,
        knowledge: false,
        every_cell: false,
        gomoku_eval: None,
    };
}
