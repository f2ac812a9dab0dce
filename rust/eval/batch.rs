//! The batch driver shared by every ranking system's `evaluate_batch`: rows are checked a
//! block of [`BLOCK_ROWS`] at a time (with AVX2 where the CPU has it: a few vector
//! instructions per row), then evaluated by a loop with no per-card check at all. Only when a
//! block fails does the exact scalar check run, to name the first bad row.

use crate::card::{check_hand, Card, DECK_SIZE};
use crate::error::{Error, Result};

/// Rows checked together: 32 rows of `W` cards are `W` AVX2 vectors of 32 bytes.
pub const BLOCK_ROWS: usize = 32;

/// Rows per parallel task; below twice this a batch runs on the calling thread.
const PARALLEL_CHUNK: usize = 1 << 16;

/// The cards a row may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deck {
    /// Cards 0..=51.
    Standard,
    /// Cards 0..=52 (52 = the joker).
    WithJoker,
}

impl Deck {
    /// Number of byte values that are cards.
    const fn card_count(self) -> u8 {
        match self {
            Deck::Standard => DECK_SIZE as u8,
            Deck::WithJoker => DECK_SIZE as u8 + 1,
        }
    }
}

/// How blocks are checked: the scalar path runs everywhere, the AVX2 path where detected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckPath {
    /// Row by row, with a card bit mask.
    Scalar,
    /// AVX2, a block at a time (x86-64 CPUs that have it).
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl CheckPath {
    /// The fastest path this CPU runs.
    pub fn best() -> CheckPath {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return CheckPath::Avx2;
        }
        CheckPath::Scalar
    }

    /// Whether every row of `W` cards in `block` (exactly [`BLOCK_ROWS`] rows) holds cards of
    /// `deck` with no repeat inside the row.
    #[inline(always)]
    fn block_is_valid<const W: usize>(self, block: &[[Card; W]], deck: Deck) -> bool {
        match self {
            CheckPath::Scalar => block.iter().all(|row| row_is_valid(row, deck)),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the Avx2 path is only chosen by `best()` when the CPU has AVX2 (tests
            // ask for it only under the same condition).
            CheckPath::Avx2 => unsafe { avx2::block_is_valid::<W>(block, deck.card_count()) },
        }
    }
}

/// Whether a row holds cards of `deck` with no repeat: each card sets its bit (bytes past 62
/// set bit 63), and distinct bits sum to their union while a repeat carries.
#[inline(always)]
fn row_is_valid(row: &[Card], deck: Deck) -> bool {
    let (mut union, mut total) = (0u64, 0u64);
    for &c in row {
        let bit = 1u64 << c.min(63);
        union |= bit;
        total = total.wrapping_add(bit);
    }
    union == total && union >> deck.card_count() == 0
}

/// The precise error of an invalid row (the row at `index` of the whole batch).
fn row_error(row: &[Card], index: usize, deck: Deck) -> Error {
    match check_hand(row, deck == Deck::WithJoker, Some(index)) {
        Err(e) => e,
        Ok(()) => Error::InvalidArgument(format!("row {index} is invalid")),
    }
}

/// The error of the first invalid row of `rows`, which start at row `start` of the batch.
fn first_error<const W: usize>(rows: &[[Card; W]], start: usize, deck: Deck) -> Error {
    rows.iter()
        .enumerate()
        .find(|(_, row)| !row_is_valid(&row[..], deck))
        .map(|(i, row)| row_error(row, start + i, deck))
        .expect("a block that fails its check holds an invalid row")
}

/// Checks then evaluates the rows of one task: whole blocks first, then the tail row by row.
fn run<const W: usize, T>(
    path: CheckPath,
    deck: Deck,
    start_row: usize,
    cards: &[Card],
    out: &mut [T],
    per_row: &impl Fn(&[Card; W]) -> T,
) -> Result<()> {
    let (rows, _) = cards.as_chunks::<W>();
    let blocks = rows.chunks_exact(BLOCK_ROWS);
    let tail = blocks.remainder();
    let mut out_blocks = out.chunks_exact_mut(BLOCK_ROWS);
    for (b, (block, out_block)) in blocks.zip(&mut out_blocks).enumerate() {
        if !path.block_is_valid(block, deck) {
            return Err(first_error(block, start_row + b * BLOCK_ROWS, deck));
        }
        for (row, slot) in block.iter().zip(out_block.iter_mut()) {
            *slot = per_row(row);
        }
    }
    let tail_start = start_row + rows.len() - tail.len();
    for (i, (row, slot)) in tail.iter().zip(out_blocks.into_remainder()).enumerate() {
        if !row_is_valid(row, deck) {
            return Err(row_error(row, tail_start + i, deck));
        }
        *slot = per_row(row);
    }
    Ok(())
}

/// Applies `per_row` to each row of `W` cards of `cards`, writing `out`, after checking that
/// the row holds cards of `deck` without a repeat (`per_row` sees valid rows only). Returns
/// the error of the first invalid row. Parallel for large inputs.
pub fn map_rows<const W: usize, T: Send>(
    cards: &[Card],
    out: &mut [T],
    deck: Deck,
    per_row: impl Fn(&[Card; W]) -> T + Sync,
) -> Result<()> {
    map_rows_on(CheckPath::best(), cards, out, deck, per_row)
}

/// [`map_rows`] with the check path given (tests run both).
pub fn map_rows_on<const W: usize, T: Send>(
    path: CheckPath,
    cards: &[Card],
    out: &mut [T],
    deck: Deck,
    per_row: impl Fn(&[Card; W]) -> T + Sync,
) -> Result<()> {
    debug_assert_eq!(cards.len(), out.len() * W);
    if out.len() < 2 * PARALLEL_CHUNK {
        return run(path, deck, 0, cards, out, &per_row);
    }
    use rayon::prelude::*;
    let first_error = cards
        .par_chunks(PARALLEL_CHUNK * W)
        .zip(out.par_chunks_mut(PARALLEL_CHUNK))
        .enumerate()
        .filter_map(|(i, (rows, out))| {
            run(path, deck, i * PARALLEL_CHUNK, rows, out, &per_row).err()
        })
        .collect::<Vec<Error>>()
        .into_iter()
        .next();
    first_error.map_or(Ok(()), Err)
}

/// Checks that `len` cards form `rows` hands of an allowed `width`.
pub fn check_batch_shape(
    len: usize,
    width: usize,
    rows: usize,
    allowed: std::ops::RangeInclusive<usize>,
) -> Result<()> {
    if !allowed.contains(&width) {
        return Err(Error::InvalidArgument(format!(
            "hands of {width} cards are not allowed here (expected {} to {})",
            allowed.start(),
            allowed.end()
        )));
    }
    if len != rows * width {
        return Err(Error::InvalidArgument(format!(
            "{len} cards do not make {rows} hands of {width}"
        )));
    }
    Ok(())
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    //! The block check in AVX2. A block of 32 rows of `W` cards is `W` vectors; byte `p`
    //! (row `p / W`, position `p % W`) is compared with byte `p + s` for every shift
    //! `s` in `1..W`, and a mask keeps the pairs that lie inside one row.

    use super::BLOCK_ROWS;
    use crate::card::Card;
    use std::arch::x86_64::*;

    /// Widest row checked.
    const MAX_W: usize = 7;

    /// `PAIR_MASKS[W - 4][s - 1][j]`: byte `b` of vector `j` is 0xFF when byte `p = 32 j + b`
    /// of a block of rows of `W` cards and byte `p + s` are in the same row.
    static PAIR_MASKS: [[[[u8; 32]; MAX_W]; MAX_W - 1]; MAX_W - 3] = pair_masks();

    const fn pair_masks() -> [[[[u8; 32]; MAX_W]; MAX_W - 1]; MAX_W - 3] {
        let mut masks = [[[[0u8; 32]; MAX_W]; MAX_W - 1]; MAX_W - 3];
        let mut w = 4;
        while w <= MAX_W {
            let mut s = 1;
            while s < w {
                let mut p = 0;
                while p < 32 * w {
                    if p % w + s < w {
                        masks[w - 4][s - 1][p / 32][p % 32] = 0xFF;
                    }
                    p += 1;
                }
                s += 1;
            }
            w += 1;
        }
        masks
    }

    /// The 32 bytes from byte `S` of `lo` on, continued into `hi`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn shifted<const S: i32>(lo: __m256i, hi: __m256i) -> __m256i {
        // [lo.high, hi.low]: after it, each 128-bit lane's alignr continues into the next.
        let middle = _mm256_permute2x128_si256::<0x21>(lo, hi);
        _mm256_alignr_epi8::<S>(middle, lo)
    }

    /// Nonzero bytes where a card of `v` (vector `j` of the block) equals the card `S` bytes
    /// later in the same row.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn repeats<const S: i32>(w: usize, j: usize, v: __m256i, next: __m256i) -> __m256i {
        let mask = &PAIR_MASKS[w - 4][S as usize - 1][j];
        // SAFETY: `mask` is 32 bytes; the load is unaligned.
        let mask = unsafe { _mm256_loadu_si256(mask.as_ptr().cast()) };
        _mm256_and_si256(_mm256_cmpeq_epi8(v, shifted::<S>(v, next)), mask)
    }

    /// Whether every byte of the block is below `card_count` and no row repeats a card.
    ///
    /// # Safety
    /// The CPU must have AVX2; `block` must hold exactly [`BLOCK_ROWS`] rows, `4 <= W <= 7`.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn block_is_valid<const W: usize>(
        block: &[[Card; W]],
        card_count: u8,
    ) -> bool {
        const { assert!(W >= 4 && W <= MAX_W) };
        assert_eq!(block.len(), BLOCK_ROWS);
        let base: *const __m256i = block.as_ptr().cast();
        let zero = _mm256_setzero_si256();
        let largest_card = _mm256_set1_epi8((card_count - 1) as i8);
        let mut bad = zero;
        // SAFETY (both loads): the block is 32 * W bytes, W vectors; loads are unaligned.
        let mut v = unsafe { _mm256_loadu_si256(base) };
        for j in 0..W {
            // Pairs never cross the end of the block, so the last vector continues into 0s.
            let next = if j + 1 < W {
                unsafe { _mm256_loadu_si256(base.add(j + 1)) }
            } else {
                zero
            };
            // Nonzero where a byte exceeds the largest card.
            bad = _mm256_or_si256(bad, _mm256_subs_epu8(v, largest_card));
            bad = _mm256_or_si256(bad, repeats::<1>(W, j, v, next));
            bad = _mm256_or_si256(bad, repeats::<2>(W, j, v, next));
            bad = _mm256_or_si256(bad, repeats::<3>(W, j, v, next));
            if W > 4 {
                bad = _mm256_or_si256(bad, repeats::<4>(W, j, v, next));
            }
            if W > 5 {
                bad = _mm256_or_si256(bad, repeats::<5>(W, j, v, next));
            }
            if W > 6 {
                bad = _mm256_or_si256(bad, repeats::<6>(W, j, v, next));
            }
            v = next;
        }
        _mm256_testz_si256(bad, bad) == 1
    }
}
