//! The check and the key sums of a whole block of rows in AVX2, for the key-sum evaluators
//! (see [`super::high::eval_rows_by_key`]): where a card's batch key is a part fixed by its
//! rank plus one suit counter, the 32 row sums come from byte lookups (`vpshufb`) and byte
//! sums (`vpsadbw`) instead of one load and one addition per card.
//!
//! Each 128-bit lane takes two rows, spread to eight bytes each; the bytes past a row's cards
//! are 0. Two passes run over the block:
//! - the check: each row is compared with itself rotated by 1 to `W / 2` places (every pair
//!   of its cards meets once), and the largest byte is kept for the range check;
//! - the keys: a rank part is summed one byte plane at a time (the sum of one byte of each
//!   card's part, shifted to where that byte sits). Where flushes matter, two more planes
//!   count suits (clubs 1 and diamonds 16 in one, hearts and spades in the other), each sum
//!   two four-bit counters; the rows whose counters flag five of a suit come back as a mask,
//!   for a slow path.
//!
//! Measured against a separate check of the raw rows before the key pass (callgrind,
//! instructions a row): 7-card high rows 22.7 -> 18.7, 5-card 18.5 -> 15.8; 7-card ace-to-five
//! 16.7 -> 14.4. The suit counters of the 8 vectors are gathered into one vector (a byte
//! each) and tested once a block.

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2 {
    use crate::card::{Card, DECK_SIZE};
    use crate::eval::batch::BLOCK_ROWS;
    #[cfg(doc)]
    use crate::eval::row_table::{RowReader, RowTable};
    use crate::eval::row_table::{KEY_BITS, KEY_BYTES};
    use std::arch::x86_64::*;

    /// Vectors of four rows in a block.
    const VECTORS: usize = BLOCK_ROWS / 4;

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

    /// Rotates each spread row's `w` cards by one place (the bytes past them read nothing).
    const fn rotate_one(w: usize) -> [u8; 16] {
        let mut control = [0x80u8; 16];
        let mut j = 0;
        while j < 16 {
            if j % 8 < w {
                control[j] = ((j / 8) * 8 + (j % 8 + 1) % w) as u8;
            }
            j += 1;
        }
        control
    }

    /// All ones in the bytes past a row's `w` cards.
    const fn padding(w: usize) -> [u8; 16] {
        let mut bytes = [0u8; 16];
        let mut j = 0;
        while j < 16 {
            if j % 8 >= w {
                bytes[j] = 0xFF;
            }
            j += 1;
        }
        bytes
    }

    /// The suit counters, indexed by a card's low four bits (its suit is their low two): suits
    /// 0 and 1 count 1 and 16 in one table, suits 2 and 3 in the other.
    const SUIT_PLANES: [[u8; 16]; 2] = {
        let mut planes = [[0u8; 16]; 2];
        let mut i = 0;
        while i < 16 {
            planes[i % 4 / 2][i] = if i % 2 == 0 { 1 } else { 16 };
            i += 1;
        }
        planes
    };

    /// The second operand of the sums of suit `plane` (a sum adds `|table byte - this byte|`
    /// over the row): in the first byte past a row's `w` cards, the value that starts each
    /// counter at 3, so that a counter reaches 8 (bit 3 of its nibble) exactly when its suit
    /// holds five cards. The bytes past the cards are 0, which reads suit 0: 1 in plane 0.
    const fn suit_start(w: usize, plane: usize) -> [u8; 16] {
        let start = if plane == 0 { 0x34 - (7 - w) } else { 0x33 };
        let mut bytes = [0u8; 16];
        bytes[w] = start as u8;
        bytes[8 + w] = start as u8;
        bytes
    }

    /// A 16-byte table in both lanes.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn both_lanes(table: &[u8; 16]) -> __m256i {
        // SAFETY: 16 bytes, an unaligned load.
        _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(table.as_ptr().cast()) })
    }

    /// The rank keys of a block's rows, masked for [`RowReader::get_scattered`], and its
    /// flushes.
    pub struct BlockKeys {
        /// Each row's key below `2^KEY_BITS`, in a 64-bit lane as the vector sums are.
        pub scattered: [u64; BLOCK_ROWS],
        /// Bit `i` set when row `i` holds five or more cards of one suit (when asked for).
        pub flush_rows: u32,
    }

    // A key comes from three byte planes.
    const _: () = assert!(KEY_BYTES == 3);

    /// The rows of a block spread to eight bytes each, four rows a vector, if every row holds
    /// cards below 52 and no card twice.
    ///
    /// # Safety
    /// The CPU must have AVX2; `block` must hold exactly [`BLOCK_ROWS`] rows, `4 <= W <= 7`.
    #[inline(always)]
    unsafe fn checked_spread<const W: usize>(block: &[[Card; W]]) -> Option<[__m256i; VECTORS]> {
        const { assert!(W >= 4 && W <= 7) };
        assert_eq!(block.len(), BLOCK_ROWS);
        let lane = |table: [u8; 16]| both_lanes(&table);
        let spread_rows = lane(const { spread(W, 0) });
        // The last two rows are loaded from the block's last 16 bytes, which start earlier.
        // SAFETY: 16 bytes each, unaligned loads.
        let spread_last = unsafe {
            _mm256_loadu2_m128i(
                const { spread(W, 16 - 2 * W) }.as_ptr().cast(),
                const { spread(W, 0) }.as_ptr().cast(),
            )
        };
        let rotate = lane(const { rotate_one(W) });
        let zero = _mm256_setzero_si256();
        let (mut repeats, mut largest) = (zero, zero);
        let mut spread = [zero; VECTORS];
        let base: *const u8 = block.as_ptr().cast();
        for (v, cards) in spread.iter_mut().enumerate() {
            let last = v + 1 == VECTORS;
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
            *cards = _mm256_shuffle_epi8(bytes, if last { spread_last } else { spread_rows });
            largest = _mm256_max_epu8(largest, *cards);
            // Rotations by 1..=W/2 put every pair of a row's cards side by side once.
            let mut turned = *cards;
            for _ in 0..W / 2 {
                turned = _mm256_shuffle_epi8(turned, rotate);
                repeats = _mm256_or_si256(repeats, _mm256_cmpeq_epi8(*cards, turned));
            }
        }
        // The bytes past the cards always repeat (0 against 0).
        let repeated = _mm256_andnot_si256(lane(const { padding(W) }), repeats);
        let too_large = _mm256_subs_epu8(largest, _mm256_set1_epi8(DECK_SIZE as i8 - 1));
        let bad = _mm256_or_si256(repeated, too_large);
        (_mm256_testz_si256(bad, bad) == 1).then_some(spread)
    }

    /// Checks the rows of `block` and computes the rank key of each: per card, its rank's
    /// part (byte `k` of the part of rank `r` is `rank_bytes[k][r]`; rank 0's part must be 0).
    /// The low [`KEY_BITS`] of a key are a premultiplied [`RowTable`] key, returned masked
    /// (see [`RowReader::get_scattered`]). With `FLUSHES` the rows holding five or more
    /// cards of one suit are flagged (else none is). Returns whether every row holds cards
    /// below 52 and no card twice; only then is every field of `keys` written (none is read
    /// first, so no time goes into zeroing them).
    ///
    /// Not itself compiled for AVX2 but always inlined, into the batch loop that is (see
    /// [`crate::eval::batch`]'s `run`): there its constants are set up once a task, not once
    /// a block (measured: 5-card high rows 15.6 -> 15.1 instructions; a `#[target_feature]`
    /// function may not be `#[inline(always)]`, and LLVM inlined it only where one caller
    /// used it).
    ///
    /// # Safety
    /// The CPU must have AVX2; `block` must hold exactly [`BLOCK_ROWS`] rows, `4 <= W <= 7`.
    #[inline(always)]
    pub unsafe fn block_keys<const W: usize, const FLUSHES: bool>(
        block: &[[Card; W]],
        rank_bytes: &[[u8; 16]; KEY_BYTES],
        keys: &mut std::mem::MaybeUninit<BlockKeys>,
    ) -> bool {
        // SAFETY: as this function's own contract.
        let Some(spread) = (unsafe { checked_spread(block) }) else {
            return false;
        };
        let ranks = rank_bytes.map(|plane| both_lanes(&plane));
        let suits = SUIT_PLANES.map(|plane| both_lanes(&plane));
        let suit_starts = [0, 1].map(|plane| both_lanes(&suit_start(W, plane)));
        let low_four = _mm256_set1_epi8(15);
        let key_mask = _mm256_set1_epi64x((1 << KEY_BITS) - 1);
        let zero = _mm256_setzero_si256();
        let keys_ptr = keys.as_mut_ptr();
        // SAFETY: a place inside `keys`; nothing is read from it.
        let scattered = unsafe { (&raw mut (*keys_ptr).scattered).cast::<u64>() };
        let sum_of = |plane: __m256i, index: __m256i, start: __m256i| {
            _mm256_sad_epu8(_mm256_shuffle_epi8(plane, index), start)
        };
        // Byte v of each 64-bit lane: the suit counters of row 4v + lane (each sum is below
        // 256: at most 10 in a nibble).
        let mut counters = zero;
        if FLUSHES {
            for (v, &cards) in spread.iter().enumerate() {
                let both = _mm256_or_si256(
                    sum_of(suits[0], cards, suit_starts[0]),
                    sum_of(suits[1], cards, suit_starts[1]),
                );
                let shift = _mm_cvtsi32_si128(8 * v as i32);
                counters = _mm256_or_si256(counters, _mm256_sll_epi64(both, shift));
            }
        }
        for (v, &cards) in spread.iter().enumerate() {
            // The bytes past the cards are 0: rank 0, whose part is 0.
            let rank = _mm256_and_si256(_mm256_srli_epi16::<2>(cards), low_four);
            let rank_sum = _mm256_add_epi64(
                _mm256_add_epi64(
                    sum_of(ranks[0], rank, zero),
                    _mm256_slli_epi64::<8>(sum_of(ranks[1], rank, zero)),
                ),
                _mm256_slli_epi64::<16>(sum_of(ranks[2], rank, zero)),
            );
            // SAFETY: entries 4v..4v+4 of an array of BLOCK_ROWS, an unaligned store.
            unsafe {
                _mm256_storeu_si256(
                    scattered.add(4 * v).cast(),
                    _mm256_and_si256(rank_sum, key_mask),
                );
            };
        }
        let mut flush_rows = 0u32;
        // Bit 8 lane + v of `flags`: row 4v + lane has five cards of a suit.
        let mut flags = if FLUSHES {
            let flagged = _mm256_and_si256(counters, _mm256_set1_epi8(0x88u8 as i8));
            !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(flagged, zero)) as u32)
        } else {
            0
        };
        while flags != 0 {
            let bit = flags.trailing_zeros();
            flush_rows |= 1 << (4 * (bit % 8) + bit / 8);
            flags &= flags - 1;
        }
        // SAFETY: a field of `keys`; the loop wrote the others whole.
        unsafe { (&raw mut (*keys_ptr).flush_rows).write(flush_rows) };
        true
    }
}
