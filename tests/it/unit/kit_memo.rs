//! The tests of `src/kit/memo.rs` that were its unit tests.

use std::sync::atomic::{AtomicUsize, Ordering};
use taflkit::kit::memo::*;

#[test]
fn each_value_is_made_once_however_many_threads_ask() {
    let memo: Memo<u32, u32> = Memo::new();
    let made = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..8 {
            s.spawn(|| {
                for k in 0..4 {
                    let v = memo.get_or_make(k, || {
                        made.fetch_add(1, Ordering::SeqCst);
                        k * 10
                    });
                    assert_eq!(*v, k * 10);
                }
            });
        }
    });
    assert_eq!(made.load(Ordering::SeqCst), 4);
}
