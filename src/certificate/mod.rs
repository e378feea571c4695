//! The checker of the prover's certificates (`tictactoe verify`). It trusts nothing but
//! the rules layer: it reads the JSON with its own types, replays every move on its own
//! board, and checks each leaf's claim (a pairing, the potential bound, no open line) by
//! counting the lines itself. It shares no code with the prover.
//!
//! What a valid certificate proves: the side named "maker" cannot make K in a row from the
//! position, whatever it plays; the other side has a strategy to stop it (the Maker-Breaker
//! game). Two facts of that game are used and not re-proved here:
//! - a move on a cell that lies on no open line (no line without a defender stone) is no
//!   better for the attacker than passing, and an extra defender stone never hurts the
//!   defender, so the tree need not list such moves;
//! - two cells on exactly the same open lines can be swapped without changing any open
//!   line, so the positions after either are the same game: one child stands for both;
//! - a maker move on a cell whose open lines all go through another empty cell, which has
//!   more, is no better for the maker than that cell (the breaker answers as if the maker
//!   had taken the other cell, swapping the two cells in its answers).
//!
//! The second format also answers a maker move by a sibling's zone: the checker works out
//! each node's zone itself from the leaves up (see `Zone` in `check.rs` for what a zone
//! means and how it is made), and a move outside a refuted sibling's zone is refuted by the
//! same answers.
//!
//! On the empty board under the usual rule, strategy stealing shows the second player
//! cannot win either, so the first player not making K in a row means a draw.

mod check;
mod stream;

pub use check::{Checked, VerifyError, verify, verify_bytes, verify_file};
