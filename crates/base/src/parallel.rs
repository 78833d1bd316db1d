//! Splitting large inputs across threads. Both languages check big modules in contiguous
//! shares of independent items (PTX functions, Tile IR entries), one share per thread, and
//! join the results in order so the outcome equals a one-thread run.

/// Inputs below this size are handled on one thread: spawning would cost more than it saves.
pub const PARALLEL_THRESHOLD: usize = 512 * 1024;

pub fn worker_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8)
}

/// The threads worth using for an input of `text_len` bytes.
pub fn threads_for(text_len: usize) -> usize {
    if text_len < PARALLEL_THRESHOLD {
        1
    } else {
        worker_threads()
    }
}

/// Contiguous shares of `items` of about equal `size`, at most `threads` of them.
pub fn shares<T>(items: &[T], threads: usize, size: impl Fn(&T) -> usize) -> Vec<&[T]> {
    if threads < 2 || items.len() < 2 {
        return vec![items];
    }
    let total: usize = items.iter().map(&size).sum();
    let per_share = total / threads + 1;
    let mut shares = Vec::new();
    let (mut start, mut taken) = (0, 0);
    for (i, item) in items.iter().enumerate() {
        taken += size(item);
        if taken >= per_share && shares.len() + 1 < threads {
            shares.push(&items[start..=i]);
            start = i + 1;
            taken = 0;
        }
    }
    if start < items.len() {
        shares.push(&items[start..]);
    }
    shares
}

/// Runs `work` on each item, one scoped thread per item; the results in the items' order.
pub fn on_threads<T: Send, R: Send>(items: Vec<T>, work: impl Fn(T) -> R + Sync) -> Vec<R> {
    let work = &work;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .into_iter()
            .map(|item| scope.spawn(move || work(item)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a worker thread panicked"))
            .collect()
    })
}

/// Grows this thread's allocator heap by about `bytes` in one go. A worker thread gets a fresh
/// glibc arena that grows a page at a time, one `mprotect` call each: thousands of system
/// calls while a large module's syntax tree is built. Reserving the heap up front (and
/// keeping freed memory instead of trimming it at once) turns them into a few dozen. The
/// memory is reserved, not touched, so it does not count towards the resident set until used.
pub fn reserve_heap(bytes: usize) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        const M_TRIM_THRESHOLD: i32 = -1;
        static KEEP_FREED: std::sync::Once = std::sync::Once::new();
        // SAFETY: mallopt only sets a malloc parameter; called once.
        KEEP_FREED.call_once(|| unsafe {
            mallopt(M_TRIM_THRESHOLD, 256 << 20);
        });
        // Blocks just below the mmap threshold (128 KiB) come from this thread's arena; freed
        // together they leave its heap grown. An arena heap is at most 64 MiB.
        const BLOCK: usize = 120 * 1024;
        let blocks: Vec<Vec<u8>> = (0..bytes.min(48 << 20) / BLOCK)
            .map(|_| Vec::with_capacity(BLOCK))
            .collect();
        drop(blocks);
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = bytes;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_contiguous_balanced_and_cover_everything() {
        let sizes = [10, 10, 10, 10, 30, 10, 10, 10];
        let shares = shares(&sizes, 2, |s| *s);
        assert_eq!(shares, vec![&sizes[..5], &sizes[5..]]);
        assert_eq!(super::shares(&sizes, 1, |s| *s), vec![&sizes[..]]);
        let thirds = super::shares(&sizes, 3, |s| *s);
        assert_eq!(thirds, vec![&sizes[..4], &sizes[4..6], &sizes[6..]]);
        assert_eq!(threads_for(100), 1);
        assert_eq!(on_threads(vec![3, 1, 2], |n| n * 10), [30, 10, 20]);
    }
}
