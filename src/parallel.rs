//! Work shared across the machine's cores with scoped threads (and one detached thread for work
//! done ahead of time): no pool, no dependency.
//!
//! Architecture invariant: it knows nothing of what the work is: no files, cards or rules.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// Items handed to a thread together: passing a batch costs little beside its work, and a small
/// input still makes a few batches for the threads to share.
pub const BATCH: usize = 256;

/// How many threads to use: one a core.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// Runs `f` on a thread of its own that nothing waits for: work done ahead of time that would
/// otherwise be done when first needed. Where no thread can be had, it is not run.
pub fn ahead(f: impl FnOnce() + Send + 'static) {
    let _ = std::thread::Builder::new().spawn(f);
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
    let mut consumed = Vec::new();
    let produced = streamed(
        threads,
        produce,
        |batch| {
            let mut results = Vec::new();
            consume(batch, &mut results);
            results
        },
        &mut |results| consumed.extend(results),
    );
    (produced, consumed)
}

/// [`pipeline`] whose result of each batch goes to `emit` on this thread, in the order of the
/// batches, as soon as the batches before it are done: what is written or counted from a large
/// file streams out while it is read, and memory holds the batches in flight, never every result.
pub fn streamed<B: Send, P, R: Send>(
    threads: usize,
    produce: impl FnOnce(&mut dyn FnMut(B)) -> P,
    consume: impl Fn(B) -> R + Sync,
    emit: &mut dyn FnMut(R),
) -> P {
    if threads == 0 {
        return produce(&mut |batch| emit(consume(batch)));
    }
    let (sender, receiver) = mpsc::sync_channel::<(usize, B)>(threads);
    // Each consumer holds the receiver: when the last one is gone (a panic), a send fails rather
    // than waits for ever on a full channel.
    let receiver = Arc::new(Mutex::new(receiver));
    let (done_sender, done) = mpsc::channel::<(usize, R)>();
    let consume = &consume;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let receiver = Arc::clone(&receiver);
                let done_sender = done_sender.clone();
                scope.spawn(move || {
                    loop {
                        let batch = receiver
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .recv();
                        let Ok((number, batch)) = batch else { return };
                        if done_sender.send((number, consume(batch))).is_err() {
                            return;
                        }
                    }
                })
            })
            .collect();
        drop((receiver, done_sender));
        let mut order = InOrder::default();
        let mut sent = 0;
        // A send fails only when every consumer is gone, which a panic would have caused: the
        // panic is raised again by `join` below.
        let produced = produce(&mut |batch| {
            let _ = sender.send((sent, batch));
            sent += 1;
            // What is done goes out now, so that results do not pile up while reading goes on.
            for result in done.try_iter() {
                order.put(result, emit);
            }
        });
        drop(sender);
        // Ends when every consumer has returned.
        for result in done.iter() {
            order.put(result, emit);
        }
        for worker in workers {
            join(worker);
        }
        produced
    })
}

/// Runs `each`, which hands out items one at a time, and `send`s them in batches of [`BATCH`], the
/// last one shorter (and sent even when empty). Returns what `each` returned.
pub fn in_batches<T, P>(
    send: &mut dyn FnMut(Vec<T>),
    each: impl FnOnce(&mut dyn FnMut(T)) -> P,
) -> P {
    let mut batch = Vec::with_capacity(BATCH);
    let produced = each(&mut |item| {
        batch.push(item);
        if batch.len() == BATCH {
            send(std::mem::replace(&mut batch, Vec::with_capacity(BATCH)));
        }
    });
    send(batch);
    produced
}

/// Results that came back before those of earlier batches, held until those are out.
struct InOrder<R> {
    next: usize,
    waiting: BTreeMap<usize, R>,
}

impl<R> Default for InOrder<R> {
    fn default() -> Self {
        InOrder {
            next: 0,
            waiting: BTreeMap::new(),
        }
    }
}

impl<R> InOrder<R> {
    /// Takes the result of batch `number` and emits every result now next in order.
    fn put(&mut self, (number, result): (usize, R), emit: &mut dyn FnMut(R)) {
        self.waiting.insert(number, result);
        while let Some(result) = self.waiting.remove(&self.next) {
            emit(result);
            self.next += 1;
        }
    }
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

    #[test]
    fn streamed_emits_in_the_order_of_the_batches_while_producing() {
        for threads in [0, 1, 3] {
            let mut emitted = Vec::new();
            let produced = streamed(
                threads,
                |send| {
                    for n in 0..200usize {
                        send(n);
                    }
                    "read"
                },
                // Later batches finish first, so results come back out of order.
                |n| {
                    std::thread::sleep(std::time::Duration::from_micros(((7 - n % 8) * 50) as u64));
                    n * 2
                },
                &mut |n| emitted.push(n),
            );
            assert_eq!(produced, "read");
            let doubled: Vec<usize> = (0..200).map(|n| n * 2).collect();
            assert_eq!(emitted, doubled, "{threads} threads");
        }
    }

    #[test]
    fn a_panic_in_every_consumer_is_raised_not_waited_on() {
        let outcome = std::panic::catch_unwind(|| {
            streamed(
                2,
                |send| {
                    for n in 0..100usize {
                        send(n);
                    }
                },
                |n: usize| -> usize { panic!("consumer {n}") },
                &mut |_| {},
            );
        });
        assert!(outcome.is_err());
    }
}
