//! Large tables allocated already zeroed: the operating system hands out the pages as they
//! are first touched, so a large table costs nothing until it is used. The engine's
//! transposition table and the prover's shared table both start so. And the memory freed by
//! finished work handed back to the operating system ([`give_back`]).

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

/// Hands the memory the allocator keeps free back to the operating system. glibc's `malloc`
/// keeps the pages of freed blocks, in each thread's own arena, for later allocations: after
/// a search that built large maps (a proof's table, a recorded tree) the process held them
/// for the rest of its life. Called by a search thread once it has been idle a while, never
/// during a search; elsewhere than glibc it does nothing.
pub(crate) fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only returns free pages of the allocator's arenas (each under
    // its own lock) to the system; it touches no block in use.
    unsafe {
        libc::malloc_trim(0);
    }
}
