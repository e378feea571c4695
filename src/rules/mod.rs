//! The rules of m,n,k games: tic-tac-toe (3,3,3) and its larger relatives, and renju's
//! forbidden moves. No search here.

pub mod geometry;
pub mod notation;
pub mod perft;
pub mod position;
pub mod renju;
pub mod rule;
pub mod setup;
pub mod symmetry;
pub mod threats;
pub mod types;
pub mod zobrist;

pub use geometry::Geometry;
pub use notation::PositionError;
pub use position::{MoveError, Position};
pub use renju::Forbidden;
pub use rule::{Rule, RuleError};
pub use setup::SetupError;
pub use symmetry::Symmetry;
pub use types::{Cell, Outcome, Side};
