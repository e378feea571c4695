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
//! each node's zone itself from the leaves up (see `Zone` in `game.rs` for what a zone
//! means and how it is made), and a move outside a refuted sibling's zone is refuted by the
//! same answers.
//!
//! On the empty board under the usual rule, strategy stealing shows the second player
//! cannot win either, so the first player not making K in a row means a draw.

//!
//! The files: `game.rs` (the checker's board and zones), `claims.rs` (what every format's
//! nodes must show), `checked.rs` (what a check gives), `json.rs` (the first two formats,
//! JSON read whole) and `stream.rs` (the third, a binary stream read twice); this file
//! chooses between the two readers.

mod checked;
mod claims;
mod game;
mod json;
mod stream;

use std::io::Read;
use std::path::Path;

pub use checked::{Checked, VerifyError};

/// Checks the certificate in `text` (JSON: the first and second formats).
pub fn verify(text: &str) -> Result<Checked, VerifyError> {
    verify_bytes(text.as_bytes())
}

/// Checks a certificate of any format held in memory.
pub fn verify_bytes(bytes: &[u8]) -> Result<Checked, VerifyError> {
    if stream::is_binary(bytes) {
        return stream::verify(|| Ok(bytes));
    }
    json::verify(bytes)
}

/// Checks the certificate in the file `path`: the third format as a stream (read twice,
/// never whole), the JSON ones read whole.
pub fn verify_file(path: &Path) -> Result<Checked, VerifyError> {
    let read = |e: std::io::Error| VerifyError::Read(format!("{}: {e}", path.display()));
    let mut file = std::fs::File::open(path).map_err(read)?;
    let mut start = Vec::new();
    (&mut file)
        .take(stream::MAGIC.len() as u64 + 1)
        .read_to_end(&mut start)
        .map_err(read)?;
    if stream::is_binary(&start) {
        let open =
            || std::fs::File::open(path).map(|f| std::io::BufReader::with_capacity(1 << 20, f));
        return stream::verify(open);
    }
    file.read_to_end(&mut start).map_err(read)?;
    verify_bytes(&start)
}
