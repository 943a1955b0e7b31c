//! A process-wide memo for work a kit repeats with the same inputs (a
//! variant's puzzles, its figures' placement): each value is made once,
//! and callers that ask for a key while it is being made wait for that
//! one result instead of making it again (the kits of a batch run on
//! several threads at once).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};

/// One value: empty until the first caller makes it.
type Slot<V> = Arc<OnceLock<Arc<V>>>;

/// Values by key, each made at most once per process.
pub struct Memo<K, V> {
    slots: OnceLock<Mutex<HashMap<K, Slot<V>>>>,
}

impl<K: Eq + Hash, V> Memo<K, V> {
    pub const fn new() -> Memo<K, V> {
        Memo {
            slots: OnceLock::new(),
        }
    }

    /// The value for `key`, made by `make` when no thread has made it.
    pub fn get_or_make(&self, key: K, make: impl FnOnce() -> V) -> Arc<V> {
        let slot = {
            let slots = self.slots.get_or_init(|| Mutex::new(HashMap::new()));
            // A thread that panicked while holding the lock left the map
            // whole (it only inserts), so the map is still good to use.
            let mut slots = slots.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(slots.entry(key).or_default())
        };
        Arc::clone(slot.get_or_init(|| Arc::new(make())))
    }
}

impl<K: Eq + Hash, V> Default for Memo<K, V> {
    fn default() -> Memo<K, V> {
        Memo::new()
    }
}
