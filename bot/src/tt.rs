//! The transposition table: what a search learned about a position (a bound on its value, the depth it
//! was searched to and its best decision), found again by the position's [`crate::zobrist`] key when the
//! same position is reached by another line or in the next iteration.
//!
//! Buckets of two entries: the first keeps the deepest search of its positions, the second always takes
//! the newest, so deep results survive a flood of shallow ones. The size is fixed when the table is made
//! (a power of two), so a bot's memory is bounded whatever it searches.

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value (searched with an open window).
    Exact,
    /// At least this (the search failed high: a cutoff).
    Lower,
    /// At most this (the search failed low: no decision reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub value: i32,
    /// Depth in turns the value was searched to.
    pub depth: i16,
    pub bound: Bound,
    /// The index of the best decision in the position's legal decisions (`u8::MAX`: none).
    pub best: u8,
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    /// The position's key; 0 marks an empty slot (a real key of 0 is simply never found).
    key: u64,
    value: i32,
    depth: i16,
    bound: u8,
    best: u8,
}

impl Slot {
    fn entry(&self) -> Entry {
        let bound = match self.bound {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Entry { value: self.value, depth: self.depth, bound, best: self.best }
    }
}

#[derive(Debug)]
pub struct Table {
    slots: Vec<[Slot; 2]>,
    mask: usize,
}

impl Table {
    /// A table of at least `entries` entries (rounded up to a power of two, at least 64).
    pub fn new(entries: usize) -> Table {
        let buckets = (entries.max(64) / 2).next_power_of_two();
        Table { slots: vec![[Slot::default(); 2]; buckets], mask: buckets - 1 }
    }

    /// Entries it can hold.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        self.slots.len() * 2
    }

    pub fn clear(&mut self) {
        self.slots.fill([Slot::default(); 2]);
    }

    fn bucket(&self, key: u64) -> usize {
        // The high bits pick the bucket; the whole key is compared.
        (key >> 32) as usize & self.mask
    }

    pub fn get(&self, key: u64) -> Option<Entry> {
        let b = &self.slots[self.bucket(key)];
        b.iter().find(|s| s.key == key && key != 0).map(Slot::entry)
    }

    pub fn put(&mut self, key: u64, e: Entry) {
        let i = self.bucket(key);
        let bound = match e.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let slot = Slot { key, value: e.value, depth: e.depth, bound, best: e.best };
        let b = &mut self.slots[i];
        // The deep slot takes the entry when it is as deep (or the same position); the other slot takes
        // whatever the deep one does not.
        if b[0].key == key || b[0].key == 0 || e.depth >= b[0].depth {
            if b[0].key != key && b[0].key != 0 {
                b[1] = b[0];
            }
            b[0] = slot;
        } else {
            b[1] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(value: i32, depth: i16) -> Entry {
        Entry { value, depth, bound: Bound::Exact, best: 1 }
    }

    #[test]
    fn stores_and_finds() {
        let mut t = Table::new(100);
        assert_eq!(t.capacity(), 128);
        assert_eq!(t.get(42), None);
        t.put(42, Entry { value: -7, depth: 3, bound: Bound::Lower, best: 2 });
        assert_eq!(t.get(42), Some(Entry { value: -7, depth: 3, bound: Bound::Lower, best: 2 }));
        t.put(42, Entry { value: 5, depth: 1, bound: Bound::Upper, best: 0 });
        // The same position is replaced even by a shallower search (the newer bound is the one to use).
        assert_eq!(t.get(42), Some(Entry { value: 5, depth: 1, bound: Bound::Upper, best: 0 }));
        t.clear();
        assert_eq!(t.get(42), None);
    }

    #[test]
    fn deep_entries_survive_shallow_ones_in_the_same_bucket() {
        let mut t = Table::new(64);
        // Keys with the same high bits share a bucket.
        let (a, b, c) = (7u64 << 32 | 1, 7u64 << 32 | 2, 7u64 << 32 | 3);
        t.put(a, entry(1, 8));
        t.put(b, entry(2, 2));
        t.put(c, entry(3, 1));
        assert_eq!(t.get(a), Some(entry(1, 8)), "the deep entry stays");
        assert_eq!(t.get(b), None, "the always-replace slot took the newest");
        assert_eq!(t.get(c), Some(entry(3, 1)));
        // A deeper one moves the old deep entry to the other slot.
        t.put(b, entry(2, 9));
        assert_eq!(t.get(b), Some(entry(2, 9)));
        assert_eq!(t.get(a), Some(entry(1, 8)));
        assert_eq!(t.get(c), None);
    }
}
