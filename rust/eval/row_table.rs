//! A perfect hash by row displacement (Tarjan & Yao, "Storing a sparse table", 1979).
//!
//! Keys below `2^KEY_BITS` are first scattered by a multiplication modulo `2^KEY_BITS` (odd
//! factor, so a bijection: distinct keys stay distinct), then split into a row (high bits) and
//! a column (low `COLUMN_BITS`). Rows are laid over one shared value array, each shifted by its
//! own offset so that no two keys land on the same slot; a lookup is a multiply and two loads:
//! `values[offsets[row] + column]`. Scattering makes rows evenly sparse, so they pack densely.
//!
//! Each stored offset has its row's first key, `row << COLUMN_BITS`, taken off (wrapping), so
//! that the whole scattered key is the column: `values[stored[key >> COLUMN_BITS] + key]`.

/// Keys must be below `2^KEY_BITS`. Every rank key sum stays below `2^23`
/// (`high::RANK_KEYS`), so 24 bits serve: a key is three bytes, and a table's offsets take
/// 16 KB. Measured against 28 bits: 7-card high rows 24.9 -> 22.7 instructions, 5-card
/// 20.6 -> 18.5.
pub const KEY_BITS: u32 = 24;
/// Bytes of a key: the low bytes of a premultiplied key that decide its row and column.
pub const KEY_BYTES: usize = KEY_BITS.div_ceil(8) as usize;
const KEY_MASK: u32 = (1 << KEY_BITS) - 1;
/// An odd multiplier (the 32-bit golden-ratio constant) that spreads structured keys.
const SCATTER: u32 = 0x9E37_79B9;

/// How far back from the end of the values a row is tried (see [`RowTable::build`]). Measured
/// on the high-hand tables: with no limit the three take 0.2 G instructions to build, 151 KB
/// for 7 cards; with 2^13 slots, 0.04 G and 169 KB.
const LOOKBACK: usize = 1 << 13;

/// Column bits of the tables the batch evaluators read (see [`RowTable`]).
pub const DEFAULT_COLUMN_BITS: u32 = 12;

/// A read-only map from sparse `u32` keys to `u16` values. Only stored keys are meant to be
/// looked up: any other key below `2^KEY_BITS` reads some slot inside the array, 0 or a value
/// stored for another key.
///
/// `COLUMN_BITS` of a scattered key select the column inside a row: more rows cost offsets,
/// wider rows cost the padding the value array needs past its last row. With the default 12
/// the high-hand tables take 40 KB, 69 KB and 169 KB for 5, 6 and 7 cards.
#[derive(Clone)]
pub struct RowTable<const COLUMN_BITS: u32 = DEFAULT_COLUMN_BITS> {
    /// Exactly `ROW_COUNT` offsets, each less its row's first key (see the module docs).
    offsets: Vec<u32>,
    /// Padded with a full row width past the last slot any row uses.
    values: Vec<u16>,
}

#[inline(always)]
fn scatter(key: u32) -> u32 {
    premultiply(key) & KEY_MASK
}

/// A key times the scatter factor, before the mask. The product of a sum is the wrapping sum
/// of the products, so callers that add partial keys can multiply each part once and look up
/// the sum with [`RowReader::get_premultiplied`].
#[inline(always)]
pub const fn premultiply(key: u32) -> u32 {
    key.wrapping_mul(SCATTER)
}

impl<const COLUMN_BITS: u32> RowTable<COLUMN_BITS> {
    const COLUMN_MASK: u32 = (1 << COLUMN_BITS) - 1;
    const ROW_COUNT: usize = 1 << (KEY_BITS - COLUMN_BITS);

    /// Packs `(key, value)` pairs; keys must be distinct, below `2^KEY_BITS`, values non-zero.
    pub fn build(entries: &[(u32, u16)]) -> Self {
        let mut rows: Vec<Vec<(u32, u16)>> = vec![Vec::new(); Self::ROW_COUNT];
        for &(key, value) in entries {
            assert!(key <= KEY_MASK, "row table key {key} too large");
            let h = scatter(key);
            rows[(h >> COLUMN_BITS) as usize].push((h & Self::COLUMN_MASK, value));
        }
        // First-fit decreasing: the fullest rows go in first, where the array is emptiest.
        let mut order: Vec<usize> = (0..rows.len()).filter(|&r| !rows[r].is_empty()).collect();
        order.sort_by_key(|&r| std::cmp::Reverse(rows[r].len()));

        // What row `r` stores for `offset` (see the module docs).
        let stored =
            |r: usize, offset: usize| (offset as u32).wrapping_sub((r as u32) << COLUMN_BITS);
        // An empty row reads from slot 0 on, as if its offset were 0.
        let mut offsets: Vec<u32> = (0..rows.len()).map(|r| stored(r, 0)).collect();
        let mut used = SlotSet::default();
        let mut values: Vec<u16> = Vec::new();
        for r in order {
            let row = &rows[r];
            let columns: Vec<usize> = row.iter().map(|&(c, _)| c as usize).collect();
            let min_column = columns.iter().copied().min().unwrap_or(0);
            // Holes further back than LOOKBACK from the end stay holes: a row is tried from
            // there on, not from the first free slot.
            let from = used.next_free(values.len().saturating_sub(LOOKBACK));
            let offset = used.first_fit(&columns, from.saturating_sub(min_column));
            for &(column, value) in row {
                let slot = offset + column as usize;
                used.insert(slot);
                if slot >= values.len() {
                    values.resize(slot + 1, 0);
                }
                values[slot] = value;
            }
            offsets[r] = stored(r, offset);
        }
        // Every lookup of a key in range reads inside the array, even for absent keys.
        values.resize(values.len() + (1 << COLUMN_BITS), 0);
        RowTable { offsets, values }
    }

    /// The same keys with every stored value `v` replaced by `f(v)` (empty slots stay 0).
    pub fn map_values(&self, f: impl Fn(u16) -> u16) -> Self {
        RowTable {
            offsets: self.offsets.clone(),
            values: self
                .values
                .iter()
                .map(|&v| if v == 0 { 0 } else { f(v) })
                .collect(),
        }
    }

    /// The value stored for `key` (see [`RowTable`] for other keys).
    #[inline(always)]
    pub fn get(&self, key: u32) -> u16 {
        self.reader().get(key)
    }

    /// A borrowed view for hot loops: its two slices stay in registers across the loop.
    #[inline(always)]
    pub fn reader(&self) -> RowReader<'_, COLUMN_BITS> {
        RowReader {
            offsets: &self.offsets,
            values: &self.values,
        }
    }

    /// Bytes the table occupies.
    pub fn size_in_bytes(&self) -> usize {
        self.offsets.len() * 4 + self.values.len() * 2
    }
}

/// A borrowed [`RowTable`]: the same lookups without a reload of the table per call.
#[derive(Clone, Copy)]
pub struct RowReader<'a, const COLUMN_BITS: u32> {
    offsets: &'a [u32],
    values: &'a [u16],
}

impl<const COLUMN_BITS: u32> RowReader<'_, COLUMN_BITS> {
    /// The value stored for `key` (see [`RowTable`] for other keys).
    #[inline(always)]
    pub fn get(self, key: u32) -> u16 {
        self.get_premultiplied(premultiply(key))
    }

    /// The value stored for the key whose [`premultiply`] is `product`.
    #[inline(always)]
    pub fn get_premultiplied(self, product: u32) -> u16 {
        // SAFETY: masked below 2^KEY_BITS.
        unsafe { self.get_scattered(product & KEY_MASK) }
    }

    /// The value stored for the key whose [`premultiply`], masked to its low `KEY_BITS` bits,
    /// is `scattered` (a mask a vector loop may apply to many keys at once).
    ///
    /// # Safety
    /// `scattered < 2^KEY_BITS`.
    #[inline(always)]
    pub unsafe fn get_scattered(self, scattered: u32) -> u16 {
        debug_assert!(scattered <= KEY_MASK);
        // SAFETY: `scattered >> COLUMN_BITS < ROW_COUNT = offsets.len()` for a reader of a
        // built RowTable. The stored offset plus the key is the row's offset plus the column
        // (modulo 2^32). Every offset is at most the last used slot (0 for an empty row), and
        // `values` extends a full row width past that slot, so the slot is in the array
        // (tested: `every_key_in_range_reads_inside_the_values`).
        unsafe {
            // A 32-bit sum: one addition that also zero-extends.
            let stored = *self
                .offsets
                .get_unchecked((scattered >> COLUMN_BITS) as usize);
            let slot = stored.wrapping_add(scattered) as usize;
            debug_assert!(slot < self.values.len());
            *self.values.get_unchecked(slot)
        }
    }
}

/// A growable bit set of occupied slots with a fast search for the next free one.
#[derive(Default)]
struct SlotSet {
    words: Vec<u64>,
}

impl SlotSet {
    fn insert(&mut self, slot: usize) {
        if slot / 64 >= self.words.len() {
            self.words.resize(slot / 64 + 1, 0);
        }
        self.words[slot / 64] |= 1 << (slot % 64);
    }

    /// Bit `i` set when slot `slot + i` is taken (slots past the set are free).
    fn taken_from(&self, slot: usize) -> u64 {
        let word = |i: usize| self.words.get(i).copied().unwrap_or(0);
        let (index, shift) = (slot / 64, slot % 64);
        match shift {
            0 => word(index),
            _ => word(index) >> shift | word(index + 1) << (64 - shift),
        }
    }

    /// The first offset at or after `start` where every one of `columns` lands on a free slot,
    /// tried 64 offsets at a time. Measured on the high-hand tables (12 column bits, about 12
    /// keys a row): 1.5 G instructions for the three tables by one offset at a time, 0.2 G.
    fn first_fit(&self, columns: &[usize], start: usize) -> usize {
        let mut base = start - start % 64;
        // Offsets below `start` are no candidates.
        let mut clash = (1u64 << (start % 64)) - 1;
        loop {
            for &column in columns {
                clash |= self.taken_from(base + column);
                if clash == u64::MAX {
                    break;
                }
            }
            if clash != u64::MAX {
                return base + clash.trailing_ones() as usize;
            }
            base += 64;
            clash = 0;
        }
    }

    /// The first free slot at or after `slot`.
    fn next_free(&self, slot: usize) -> usize {
        let mut word_index = slot / 64;
        let mut free = match self.words.get(word_index) {
            Some(w) => !w & (u64::MAX << (slot % 64)),
            None => return slot,
        };
        while free == 0 {
            word_index += 1;
            free = match self.words.get(word_index) {
                Some(w) => !w,
                None => u64::MAX,
            };
        }
        word_index * 64 + free.trailing_zeros() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_fit_finds_the_first_offset_where_every_column_is_free() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below as u64) as usize
        };
        for _ in 0..300 {
            let mut used = SlotSet::default();
            for _ in 0..next(900) {
                used.insert(next(1000));
            }
            let columns: Vec<usize> = (0..1 + next(6)).map(|_| next(200)).collect();
            let start = next(1100);
            let taken = |slot: usize| {
                used.words
                    .get(slot / 64)
                    .is_some_and(|w| w >> (slot % 64) & 1 == 1)
            };
            let expected = (start..)
                .find(|&offset| columns.iter().all(|&c| !taken(offset + c)))
                .unwrap();
            assert_eq!(
                used.first_fit(&columns, start),
                expected,
                "{columns:?} from {start}"
            );
        }
    }

    #[test]
    fn every_key_in_range_reads_inside_the_values() {
        let entries: Vec<(u32, u16)> = (1..3000u32).map(|i| (i * 4099, 1)).collect();
        let table = RowTable::<12>::build(&entries);
        let reader = table.reader();
        for row in 0..1u32 << (KEY_BITS - 12) {
            // The last column of a row reads the furthest slot; an empty row reads from 0.
            let last = (row << 12) | 4095;
            let slot = reader.offsets[row as usize].wrapping_add(last) as usize;
            assert!(slot < reader.values.len(), "row {row} reads slot {slot}");
            let first = reader.offsets[row as usize].wrapping_add(row << 12) as usize;
            assert!(first <= slot, "row {row} wraps");
        }
    }

    #[test]
    fn stores_every_entry_without_collisions() {
        let entries: Vec<(u32, u16)> = (0..5000u32)
            .map(|i| {
                (
                    i.wrapping_mul(2_654_435_761) % (1 << KEY_BITS),
                    (i % 60_000 + 1) as u16,
                )
            })
            .collect();
        let mut unique = entries.clone();
        unique.sort();
        unique.dedup_by_key(|e| e.0);
        let table = RowTable::<12>::build(&unique);
        for &(k, v) in &unique {
            assert_eq!(table.get(k), v);
        }
    }
}
