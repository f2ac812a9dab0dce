//! The key sums of a whole block of rows in AVX2, for the key-sum evaluators (see
//! [`super::high::eval_rows_by_key`]): where a card's batch key is a part fixed by its rank
//! plus one suit counter, the 32 row sums come from byte lookups (`vpshufb`) and byte sums
//! (`vpsadbw`) instead of one load and one addition per card.
//!
//! Each 128-bit lane takes two rows, spread to eight bytes each (the bytes past the row's
//! cards index nothing and add nothing). A rank part is summed one byte plane at a
//! time: the sum of one byte of each card's part, shifted to where that byte sits. Where
//! flushes matter, two more planes count suits (clubs 1 and diamonds 16 in one, hearts and
//! spades in the other), each sum two four-bit counters; the rows whose counters flag five
//! of a suit are returned as a mask, for a slow path. Measured on 7-card high rows (with the
//! counters once added into each key, then tested there): 27.8 -> 27.1 instructions a row.

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2 {
    use crate::card::Card;
    use crate::eval::batch::BLOCK_ROWS;
    #[cfg(doc)]
    use crate::eval::row_table::{RowReader, RowTable};
    use crate::eval::row_table::{DEFAULT_COLUMN_BITS, KEY_BITS, KEY_BYTES};
    use std::arch::x86_64::*;

    /// Byte `j` of a lane picks card `j % 8` of row `j / 8` of the two rows loaded from `skip`
    /// bytes before the lane's start, or nothing (bit 7) past the row's `w` cards.
    const fn spread(w: usize, skip: usize) -> [u8; 16] {
        let mut control = [0x80u8; 16];
        let mut j = 0;
        while j < 16 {
            if j % 8 < w {
                control[j] = ((j / 8) * w + j % 8 + skip) as u8;
            }
            j += 1;
        }
        control
    }

    /// Bit 7 in the bytes past a row's `w` cards: lookups there read 0.
    const fn padding(w: usize) -> [u8; 16] {
        let mut bytes = [0u8; 16];
        let mut j = 0;
        while j < 16 {
            if j % 8 >= w {
                bytes[j] = 0x80;
            }
            j += 1;
        }
        bytes
    }

    /// The suit counters: suits 0 and 1 count 1 and 16 in one table, suits 2 and 3 in the
    /// other. Index 4, read by the first byte past a row's cards, starts each counter at 3, so
    /// that a counter reaches 8 (bit 3 of its nibble) exactly when its suit holds five cards.
    const SUIT_PLANES: [[u8; 16]; 2] = [
        [1, 16, 0, 0, 0x33, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 16, 0x33, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ];

    /// The suit index of the bytes past a row's `w` cards (the cards' own bytes are 0 here):
    /// 4 (the counters' start) in the first, nothing (bit 7) in the rest.
    const fn suit_padding(w: usize) -> [u8; 16] {
        let mut bytes = padding(w);
        bytes[w] = 4;
        bytes[8 + w] = 4;
        bytes
    }

    /// A 16-byte table in both lanes.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn both_lanes(table: &[u8; 16]) -> __m256i {
        // SAFETY: 16 bytes, an unaligned load.
        _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(table.as_ptr().cast()) })
    }

    /// The rank keys of a block's rows, split for [`RowReader::get_at`], and its flushes.
    pub struct BlockKeys {
        /// The table row of each row's key.
        pub table_rows: [u64; BLOCK_ROWS],
        /// The table column of each row's key.
        pub columns: [u64; BLOCK_ROWS],
        /// Bit `i` set when row `i` holds five or more cards of one suit (when asked for).
        pub flush_rows: u32,
    }

    // Row and column come from one mask, and a key from three byte planes.
    const _: () = assert!(KEY_BITS == 2 * DEFAULT_COLUMN_BITS && KEY_BYTES == 3);

    /// Computes the rank key of each row of `block`: per card, its rank's part (byte `k` of
    /// the part of rank `r` is `rank_bytes[k][r]`). The low [`KEY_BITS`] of a key are a
    /// premultiplied [`RowTable`] key, returned as its row and column (see
    /// [`RowReader::get_at`]). With `FLUSHES` the rows holding five or more cards of one suit
    /// are flagged (else none is). Every field of `keys` is written (none is read first, so
    /// no time goes into zeroing them: with that and one mask for row and column, 7-card high
    /// rows went from 25.9 to 24.9 instructions).
    ///
    /// # Safety
    /// The CPU must have AVX2; `block` must hold exactly [`BLOCK_ROWS`] rows of cards below
    /// 52, `4 <= W <= 8` (`W <= 7` with `FLUSHES`: the counters start in a byte past the
    /// cards).
    #[target_feature(enable = "avx2")]
    pub unsafe fn block_keys<const W: usize, const FLUSHES: bool>(
        block: &[[Card; W]],
        rank_bytes: &[[u8; 16]; KEY_BYTES],
        keys: &mut std::mem::MaybeUninit<BlockKeys>,
    ) {
        const { assert!(W >= 4 && W <= 8 && !(FLUSHES && W == 8)) };
        assert_eq!(block.len(), BLOCK_ROWS);
        let lane = |table: [u8; 16]| both_lanes(&table);
        let two_lanes = |low: [u8; 16], high: [u8; 16]| {
            // SAFETY: 16 bytes each, unaligned loads.
            unsafe { _mm256_loadu2_m128i(high.as_ptr().cast(), low.as_ptr().cast()) }
        };
        // The last two rows are loaded from the block's last 16 bytes, which start earlier.
        let spread_rows = lane(const { spread(W, 0) });
        let spread_last = two_lanes(const { spread(W, 0) }, const { spread(W, 16 - 2 * W) });
        let padding = lane(const { padding(W) });
        let suit_padding = lane(const { suit_padding(if W < 8 { W } else { 7 }) });
        let ranks = rank_bytes.map(|plane| both_lanes(&plane));
        let suits = SUIT_PLANES.map(|plane| both_lanes(&plane));
        let (low_two, low_four) = (_mm256_set1_epi8(3), _mm256_set1_epi8(15));
        let flush_flags = _mm256_set1_epi64x(0x8888);
        let column_mask = _mm256_set1_epi64x((1 << DEFAULT_COLUMN_BITS) - 1);
        let keys_ptr = keys.as_mut_ptr();
        // SAFETY: places inside `keys`; nothing is read from them.
        let (table_rows, columns) = unsafe {
            (
                (&raw mut (*keys_ptr).table_rows).cast::<u64>(),
                (&raw mut (*keys_ptr).columns).cast::<u64>(),
            )
        };
        let mut flush_rows = 0u32;
        let zero = _mm256_setzero_si256();
        let sum_of = |plane: __m256i, index: __m256i| {
            _mm256_sad_epu8(_mm256_shuffle_epi8(plane, index), zero)
        };
        let base: *const u8 = block.as_ptr().cast();
        for v in 0..BLOCK_ROWS / 4 {
            let last = v + 1 == BLOCK_ROWS / 4;
            // SAFETY: rows 4v..4v+4 start at byte 4Wv; each 16-byte load ends inside the
            // block of 32W bytes (the last one ends exactly at its end).
            let bytes = unsafe {
                let low = base.add(4 * W * v);
                let high = if last {
                    base.add(32 * W - 16)
                } else {
                    low.add(2 * W)
                };
                _mm256_loadu2_m128i(high.cast(), low.cast())
            };
            let cards = _mm256_shuffle_epi8(bytes, if last { spread_last } else { spread_rows });
            let rank = _mm256_or_si256(
                _mm256_and_si256(_mm256_srli_epi16::<2>(cards), low_four),
                padding,
            );
            let rank_sum = _mm256_add_epi64(
                _mm256_add_epi64(
                    sum_of(ranks[0], rank),
                    _mm256_slli_epi64::<8>(sum_of(ranks[1], rank)),
                ),
                _mm256_slli_epi64::<16>(sum_of(ranks[2], rank)),
            );
            if FLUSHES {
                let suit = _mm256_or_si256(_mm256_and_si256(cards, low_two), suit_padding);
                let counters = _mm256_add_epi64(
                    sum_of(suits[0], suit),
                    _mm256_slli_epi64::<8>(sum_of(suits[1], suit)),
                );
                let plain = _mm256_cmpeq_epi64(_mm256_and_si256(counters, flush_flags), zero);
                let plain_rows = _mm256_movemask_pd(_mm256_castsi256_pd(plain)) as u32;
                flush_rows |= (!plain_rows & 15) << (4 * v);
            }
            let row = _mm256_srli_epi64::<{ DEFAULT_COLUMN_BITS as i32 }>(rank_sum);
            // SAFETY: entries 4v..4v+4 of arrays of BLOCK_ROWS, unaligned stores.
            unsafe {
                _mm256_storeu_si256(
                    table_rows.add(4 * v).cast(),
                    _mm256_and_si256(row, column_mask),
                );
                _mm256_storeu_si256(
                    columns.add(4 * v).cast(),
                    _mm256_and_si256(rank_sum, column_mask),
                );
            }
        }
        // SAFETY: a field of `keys`; the loop wrote the others whole.
        unsafe { (&raw mut (*keys_ptr).flush_rows).write(flush_rows) };
    }
}
