//! What the prover's tables keep of a position: its proof and disproof numbers
//! ([`Numbers`]), saturating at [`INF`], with [`LEAF_MARK`] on a position only evaluated, and
//! how many positions a table holds ([`TABLE_LIMIT`]). The searcher's own table is a map in
//! [`Dfpn`](super::search::Dfpn); the table the threads share is in `shared_table.rs`; both
//! are saved to a file as `saved.rs` writes them.

/// An unreachable threshold: proof and disproof numbers saturate here.
pub const INF: u32 = u32::MAX / 2;

/// The most positions the table holds. A searcher's own table, past it, drops the
/// positions only evaluated (never searched below), and they are evaluated again if met
/// again; if that leaves more than three quarters, the undecided ones go too, and if even
/// that is not enough, the whole table is emptied. About 40 bytes a position with its zone:
/// some 2.7 GB at the limit. The table the threads share has this many slots of 32 bytes
/// (2 GiB), each new position replacing the least valuable one of its bucket.
pub const TABLE_LIMIT: usize = 1 << 26;

/// The bit of a stored proof number that marks a position only evaluated (numbers never
/// reach it: they saturate at [`INF`]).
pub(super) const LEAF_MARK: u32 = 1 << 31;

/// What a table keeps of a position: its proof and disproof numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    pub pn: u32,
    pub dn: u32,
}
