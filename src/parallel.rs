//! Work shared across the machine's cores with scoped threads: no pool, no dependency.
//!
//! Architecture invariant: it knows nothing of what the work is: no files, cards or rules.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// How many threads to use: one a core.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// `f` of each item, in the items' order, computed on up to `threads` threads that take the
/// next item as they finish one (a large file does not hold back the small ones behind it).
pub fn map<T: Sync, R: Send>(threads: usize, items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = threads.min(items.len());
    if threads <= 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(index) else {
                            return done;
                        };
                        done.push((index, f(item)));
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(join).collect()
    });
    done.sort_unstable_by_key(|&(index, _)| index);
    done.into_iter().map(|(_, result)| result).collect()
}

/// Runs `produce`, which hands batches to `send`, on this thread while `consume` takes them on
/// `threads` others: reading a large file overlaps checking what was read. At most one batch a
/// consumer waits in between, so memory holds a few batches, never the whole input. With no
/// threads, each batch is consumed on this thread as it is sent (a small input, where spawning
/// costs more than it saves). Returns what `produce` returned and the consumers' results in the
/// order of the batches they came from.
pub fn pipeline<B: Send, P, C: Send>(
    threads: usize,
    produce: impl FnOnce(&mut dyn FnMut(B)) -> P,
    consume: impl Fn(B, &mut Vec<C>) + Sync,
) -> (P, Vec<C>) {
    if threads == 0 {
        let mut consumed = Vec::new();
        let produced = produce(&mut |batch| consume(batch, &mut consumed));
        return (produced, consumed);
    }
    let (sender, receiver) = mpsc::sync_channel::<(usize, B)>(threads);
    let receiver = Mutex::new(receiver);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let batch = receiver
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .recv();
                        match batch {
                            Ok((number, batch)) => {
                                let mut results = Vec::new();
                                consume(batch, &mut results);
                                out.push((number, results));
                            }
                            Err(mpsc::RecvError) => return out,
                        }
                    }
                })
            })
            .collect();
        // A send fails only when every consumer is gone, which a panic would have caused: the
        // panic is raised again by `join` below.
        let mut sent = 0;
        let produced = produce(&mut |batch| {
            let _ = sender.send((sent, batch));
            sent += 1;
        });
        drop(sender);
        let mut consumed: Vec<(usize, Vec<C>)> = workers.into_iter().flat_map(join).collect();
        consumed.sort_unstable_by_key(|&(number, _)| number);
        let consumed = consumed
            .into_iter()
            .flat_map(|(_, results)| results)
            .collect();
        (produced, consumed)
    })
}

/// A worker's result; its panic goes on in the caller.
fn join<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    handle
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_keeps_the_order_of_the_items() {
        let items: Vec<usize> = (0..1000).collect();
        let doubled: Vec<usize> = items.iter().map(|n| n * 2).collect();
        assert_eq!(map(4, &items, |n| n * 2), doubled);
        assert_eq!(map(1, &items, |n| n * 2), doubled);
        assert!(map(4, &[] as &[usize], |n| *n).is_empty());
    }

    #[test]
    fn pipeline_keeps_the_order_of_the_batches() {
        for threads in [0, 1, 3] {
            let (produced, consumed) = pipeline(
                threads,
                |send| {
                    for start in (0..1000).step_by(10) {
                        send((start..start + 10).collect::<Vec<usize>>());
                    }
                    "read"
                },
                |batch, out| out.extend(batch),
            );
            assert_eq!(produced, "read");
            assert_eq!(consumed, (0..1000).collect::<Vec<_>>(), "{threads} threads");
        }
    }
}
