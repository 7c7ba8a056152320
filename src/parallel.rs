//! Work shared across the machine's cores with scoped threads: no pool, no dependency.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// How many threads to use: one a core.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// `f` of each item, in the items' order, computed on up to `cores()` threads that take the
/// next item as they finish one (a large file does not hold back the small ones behind it).
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = cores().min(items.len());
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
/// `cores()` others: reading a large file overlaps checking what was read. At most one batch a
/// consumer waits in between, so memory holds a few batches, never the whole input. Returns what
/// `produce` returned and every consumer's results, in no particular order.
pub fn pipeline<B: Send, P, C: Send>(
    produce: impl FnOnce(&mut dyn FnMut(B)) -> P,
    consume: impl Fn(B, &mut Vec<C>) + Sync,
) -> (P, Vec<C>) {
    let threads = cores();
    let (sender, receiver) = mpsc::sync_channel::<B>(threads);
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
                            Ok(batch) => consume(batch, &mut out),
                            Err(mpsc::RecvError) => return out,
                        }
                    }
                })
            })
            .collect();
        // A send fails only when every consumer is gone, which a panic would have caused: the
        // panic is raised again by `join` below.
        let produced = produce(&mut |batch| {
            let _ = sender.send(batch);
        });
        drop(sender);
        let consumed = workers.into_iter().flat_map(join).collect();
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
        assert_eq!(
            map(&items, |n| n * 2),
            items.iter().map(|n| n * 2).collect::<Vec<_>>()
        );
        assert!(map(&[] as &[usize], |n| *n).is_empty());
    }

    #[test]
    fn pipeline_consumes_every_batch() {
        let (produced, mut consumed) = pipeline(
            |send| {
                for start in (0..1000).step_by(10) {
                    send((start..start + 10).collect::<Vec<usize>>());
                }
                "read"
            },
            |batch, out| out.extend(batch),
        );
        consumed.sort_unstable();
        assert_eq!(produced, "read");
        assert_eq!(consumed, (0..1000).collect::<Vec<_>>());
    }
}
