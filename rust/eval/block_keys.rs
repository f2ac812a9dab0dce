//! The key sums of a whole block of rows in AVX2, for the key-sum evaluators (see
//! [`super::high::eval_rows_by_key`]): where a card's batch key is a part fixed by its rank
//! plus one suit counter, the 32 row sums come from byte lookups (`vpshufb`) and byte sums
//! (`vpsadbw`) instead of one load and one addition per card.
//!
//! Each 128-bit lane takes two rows, spread to eight bytes each (the bytes past the row's
//! cards index nothing and add nothing). A 32-bit rank part is summed one byte plane at a
//! time: the sum of one byte of each card's part, shifted to where that byte sits. The suit
//! counters are two more planes: clubs count 1 and diamonds 16 in one, hearts and spades in
//! the other, so that each sum holds two four-bit counts.

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2 {
    use crate::card::Card;
    use crate::eval::batch::BLOCK_ROWS;
    #[cfg(doc)]
    use crate::eval::row_table::{RowReader, RowTable};
    use crate::eval::row_table::{DEFAULT_COLUMN_BITS, KEY_BITS};
    use std::arch::x86_64::*;

    /// Where a card's first suit counter sits in a batch key (see `high::BatchKeys`).
    pub const SUIT_COUNTERS: u32 = 36;

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

    /// Suits 0 and 1 count 1 and 16 in one table, suits 2 and 3 in the other.
    const SUIT_PLANES: [[u8; 16]; 2] = [
        [1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ];

    /// A 16-byte table in both lanes.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn both_lanes(table: &[u8; 16]) -> __m256i {
        // SAFETY: 16 bytes, an unaligned load.
        _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(table.as_ptr().cast()) })
    }

    /// Computes the key of each row of `block`: `start` plus, per card, its rank's part (byte
    /// `k` of the part of rank `r` is `rank_bytes[k][r]`) and 1 in the four-bit counter of its
    /// suit at bit `SUIT_COUNTERS + 4 * suit`. The low 32 bits of a key are a premultiplied
    /// [`RowTable`] key, whose row and column (see [`RowReader::get_at`]) are written into
    /// `table_rows` and `columns`. Returns a mask with bit `i` set when key `i` has a bit of
    /// `special`. Without `SPECIAL` (for keys whose bits above the rank part matter to no one,
    /// `special` 0), the suit counters are not summed and no row is special.
    ///
    /// # Safety
    /// The CPU must have AVX2; `block` must hold exactly [`BLOCK_ROWS`] rows of cards below
    /// 52, `4 <= W <= 8`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn block_keys<const W: usize, const SPECIAL: bool>(
        block: &[[Card; W]],
        rank_bytes: &[[u8; 16]; 4],
        start: u64,
        special: u64,
        table_rows: &mut [u64; BLOCK_ROWS],
        columns: &mut [u64; BLOCK_ROWS],
    ) -> u32 {
        const { assert!(W >= 4 && W <= 8) };
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
        let ranks = rank_bytes.map(|plane| both_lanes(&plane));
        let suits = SUIT_PLANES.map(|plane| both_lanes(&plane));
        let (low_two, low_four) = (_mm256_set1_epi8(3), _mm256_set1_epi8(15));
        let start = _mm256_set1_epi64x(start as i64);
        let special = _mm256_set1_epi64x(special as i64);
        let key_mask = _mm256_set1_epi64x((1 << KEY_BITS) - 1);
        let column_mask = _mm256_set1_epi64x((1 << DEFAULT_COLUMN_BITS) - 1);
        let mut special_rows = 0u32;
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
                _mm256_add_epi64(
                    _mm256_slli_epi64::<16>(sum_of(ranks[2], rank)),
                    _mm256_slli_epi64::<24>(sum_of(ranks[3], rank)),
                ),
            );
            let key = if SPECIAL {
                let suit = _mm256_or_si256(_mm256_and_si256(cards, low_two), padding);
                let suit_counts = _mm256_add_epi64(
                    _mm256_slli_epi64::<{ SUIT_COUNTERS as i32 }>(sum_of(suits[0], suit)),
                    _mm256_slli_epi64::<{ SUIT_COUNTERS as i32 + 8 }>(sum_of(suits[1], suit)),
                );
                let key = _mm256_add_epi64(_mm256_add_epi64(rank_sum, suit_counts), start);
                let plain = _mm256_cmpeq_epi64(_mm256_and_si256(key, special), zero);
                let plain_rows = _mm256_movemask_pd(_mm256_castsi256_pd(plain)) as u32;
                special_rows |= (!plain_rows & 15) << (4 * v);
                key
            } else {
                rank_sum
            };
            let h = _mm256_and_si256(key, key_mask);
            // SAFETY: entries 4v..4v+4 of BLOCK_ROWS, unaligned stores.
            unsafe {
                _mm256_storeu_si256(
                    table_rows.as_mut_ptr().add(4 * v).cast(),
                    _mm256_srli_epi64::<{ DEFAULT_COLUMN_BITS as i32 }>(h),
                );
                _mm256_storeu_si256(
                    columns.as_mut_ptr().add(4 * v).cast(),
                    _mm256_and_si256(h, column_mask),
                );
            }
        }
        special_rows
    }
}
