//! Memory as the budgets see it: the bytes the current thread holds. The
//! global allocator (registered here, so every program linking this crate
//! counts) counts, per thread, what each thread allocates minus what it
//! frees; a language session runs on one thread, so the count is what its
//! definitions, caches and the query under way hold, and tests running
//! side by side in one process do not charge each other. (A value freed
//! by another thread than the one that made it is counted on each side:
//! the engine's values never cross threads.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Const-initialised and without a destructor: usable from inside the
    /// allocator, never torn down.
    static HELD: Cell<isize> = const { Cell::new(0) };
}

/// The system allocator, counting per thread.
pub struct Counting;

/// The bytes the system allocator takes for a request of `size` bytes:
/// glibc's chunk, the request and an 8-byte header rounded up to 16, at
/// least 32. Counting chunks, not requests, keeps the budget near the
/// resident size when a game holds millions of small option lists (a
/// 4-byte list takes 32 bytes).
#[inline]
fn chunk(size: usize) -> isize {
    ((size + 8 + 15) & !15).max(32) as isize
}

#[inline]
fn count(delta: isize) {
    let _ = HELD.try_with(|h| h.set(h.get().wrapping_add(delta)));
}

// SAFETY: every call is passed on to `System` unchanged; the count is a
// side effect on a thread-local cell that allocates nothing.
unsafe impl GlobalAlloc for Counting {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(chunk(layout.size()));
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            count(chunk(layout.size()));
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        count(-chunk(layout.size()));
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(chunk(new_size) - chunk(layout.size()));
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes the current thread holds: allocated by it and not freed, less
/// what it freed of other threads' allocations (so it may start below 0).
#[inline]
pub fn held() -> isize {
    HELD.try_with(std::cell::Cell::get).unwrap_or(0)
}

/// Count `bytes` as held by the current thread: what another thread made
/// and handed over to be kept and freed here (the syntax tree a parse
/// thread built), so that freeing it here leaves the count balanced.
#[inline]
pub fn adopt(bytes: isize) {
    count(bytes);
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_what_this_thread_holds() {
        let before = super::held();
        let v: Vec<u8> = std::hint::black_box(Vec::with_capacity(1 << 20));
        assert!(super::held() >= before + (1 << 20));
        drop(v);
        assert!(super::held() < before + (1 << 20));
        // Another thread's allocation is not counted here.
        let here = super::held();
        let t = std::thread::spawn(|| {
            let start = super::held();
            let v: Vec<u8> = std::hint::black_box(Vec::with_capacity(8 << 20));
            super::held() - start - v.capacity() as isize
        });
        assert!(t.join().unwrap() >= 0);
        assert!(super::held() < here + (8 << 20));
    }
}
