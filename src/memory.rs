//! Large tables allocated already zeroed: the operating system hands out the pages as they
//! are first touched, so a large table costs nothing until it is used. The engine's
//! transposition table and the prover's shared table both start so.

use std::sync::atomic::AtomicU64;

/// A type whose all-zero bytes are a valid value (atomic integers and arrays of them).
///
/// # Safety
/// Implement it only for types that are valid when every byte is zero.
pub(crate) unsafe trait ZeroIsValid {}

// SAFETY: all-zero bytes are a valid `AtomicU64` (it has the layout of a `u64`), and so of
// an array of them.
unsafe impl<const N: usize> ZeroIsValid for [AtomicU64; N] {}

/// `size` values of all-zero bytes, allocated already zeroed (the operating system hands out
/// the pages as they are first touched), or `None` when the memory is refused.
pub(crate) fn zeroed_vec<T: ZeroIsValid>(size: usize) -> Option<Vec<T>> {
    let layout = std::alloc::Layout::array::<T>(size.max(1)).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: the layout is non-zero-sized and is exactly that of `size.max(1)` values of
    // `T`; all-zero bytes are a valid `T` (`ZeroIsValid`); the allocation is handed to a Vec
    // of the same element type, length and capacity, which frees it with this same layout.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<T>();
        if ptr.is_null() {
            return None;
        }
        Some(Vec::from_raw_parts(ptr, size.max(1), size.max(1)))
    }
}
