//! What a check gives: the proof a valid certificate holds ([`Checked`]) or why it was
//! refused ([`VerifyError`]), with the limits and the start position every format shares.

use super::game::ZONE_WORDS;
use crate::rules::{Position, Rule, Side};

/// The most nodes a certificate may hold (node ids must fit the checker's tables; the
/// file's size bounds the rest).
pub(super) const MAX_NODES: usize = 1 << 30;

/// What a checked certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub rule: Rule,
    pub position: Position,
    /// The side that cannot make K in a row.
    pub maker: Side,
    /// Nodes in the certificate.
    pub nodes: usize,
    /// Maker moves answered by a sibling's zone, and by a stronger move.
    pub zoned: u64,
    pub dominated: u64,
    /// References to nodes checked before (the third format): positions reached again,
    /// the same or a mirror image.
    pub references: u64,
    /// Whether strategy stealing makes that a draw (the empty board, the usual rule, the
    /// first player as maker).
    pub draw: bool,
}

/// Why a certificate was refused.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("not a certificate: {0}")]
    Syntax(#[from] serde_json::Error),
    #[error("unknown certificate format '{0}'")]
    Format(String),
    #[error("the position does not read: {0}")]
    Position(String),
    #[error("node {node}: {why}")]
    Invalid { node: usize, why: String },
    #[error("the file is damaged: {0}")]
    Damaged(String),
    #[error("cannot read the certificate: {0}")]
    Read(String),
}

/// The position a certificate starts from, refused when it does not read, is over, or is
/// too large for the checker.
pub(super) fn start_position(rule: Rule, notation: &str) -> Result<Position, VerifyError> {
    let position = Position::from_notation(rule, notation)
        .map_err(|e| VerifyError::Position(e.to_string()))?;
    if position.is_over() {
        return Err(VerifyError::Position(
            "the game is already over".to_string(),
        ));
    }
    if position.rule().cells() > ZONE_WORDS * 64 {
        return Err(VerifyError::Position("the board is too large".to_string()));
    }
    Ok(position)
}

/// Whether strategy stealing makes a proof that `maker` cannot make K in a row from
/// `position` a draw: the empty board, the usual rule, the first player as maker.
pub(super) fn proves_draw(position: &Position, maker: Side) -> bool {
    position.stones() == 0 && !position.rule().exact() && maker == Side::X
}
