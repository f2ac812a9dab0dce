//! The batch driver shared by every ranking system's `evaluate_batch`: rows are checked a
//! block of [`BLOCK_ROWS`] at a time (with AVX2 where the CPU has it: a few vector
//! instructions per row), then evaluated by a loop with no per-card check at all. The
//! key-sum evaluators check a block in the same AVX2 pass that sums its keys
//! ([`map_checking_blocks`]). Only when a block fails does the exact scalar check run, to name
//! the first bad row.

use crate::card::{check_hand, Card, DECK_SIZE};
use crate::error::{Error, Result};

/// Rows checked together: 32 rows of `W` cards are `W` AVX2 vectors of 32 bytes.
pub const BLOCK_ROWS: usize = 32;

/// Rows per parallel task; below twice this a batch runs on the calling thread.
const PARALLEL_CHUNK: usize = 1 << 16;

/// Whether a batch of `rows` is worth splitting into tasks of `chunk` rows: at least two tasks,
/// and a pool of more than one thread. With one thread (`RAYON_NUM_THREADS=1`) the batch runs
/// on the calling thread: handing it to the pool's only worker costs a wake-up and a wait.
/// Measured on 200,000 5-card rows: 25-64 us of system time a call in futex waits, 5-12% of
/// the call.
pub(crate) fn splitting_pays(rows: usize, chunk: usize) -> bool {
    rows >= 2 * chunk && rayon::current_num_threads() > 1
}

/// Asks the CPU to fetch the input 2 KB past `block` (as many bytes as the block) into the
/// cache. Measured on a Zen 3 core: 7-card rows from an array larger than the caches went
/// from ~150 to ~280 M rows per CPU-second; the hardware prefetcher alone kept the loop
/// waiting on memory.
#[inline(always)]
fn prefetch_ahead<const W: usize>(block: &[[Card; W]]) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        /// About the bytes one thread reads during a memory latency (~100 ns at ~300 M rows
        /// of 7 bytes a second).
        const PREFETCH_BYTES: usize = 2048;
        let ahead = block.as_ptr().cast::<i8>().wrapping_add(PREFETCH_BYTES);
        for line in 0..(BLOCK_ROWS * W).div_ceil(64) {
            // SAFETY: a prefetch never faults, whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(ahead.wrapping_add(64 * line)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = block;
}

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

/// The instructions a batch runs on: plain code everywhere, AVX2 where detected. Blocks are
/// checked (and, where a system has such code, evaluated) with them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    /// Plain code: rows checked one by one with a card bit mask.
    Scalar,
    /// AVX2 (x86-64 CPUs that have it): a block checked at once.
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Isa {
    /// The fastest instruction set this CPU runs.
    pub fn best() -> Isa {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Isa::Avx2;
        }
        Isa::Scalar
    }

    /// Whether every row of `rows` holds cards of `deck` with no repeat inside the row: a
    /// whole block of [`BLOCK_ROWS`] at once with AVX2, else row by row.
    ///
    /// ```
    /// use drawpoker::card::parse_cards;
    /// use drawpoker::eval::batch::{Deck, Isa};
    /// let cards = parse_cards("As Ks Qs Js Ts  9h 9h 8c 7d 6s").unwrap();
    /// let (rows, _) = cards.as_chunks::<5>();
    /// assert!(Isa::best().rows_are_valid(&rows[..1], Deck::Standard));
    /// assert!(!Isa::best().rows_are_valid(rows, Deck::Standard)); // 9h twice
    /// ```
    #[inline(always)]
    pub fn rows_are_valid<const W: usize>(self, rows: &[[Card; W]], deck: Deck) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: Avx2 is only chosen by `best()` when the CPU has AVX2 (tests ask for it
            // only under the same condition); the block is whole and 4 <= W <= 7.
            Isa::Avx2 if rows.len() == BLOCK_ROWS && (4..=7).contains(&W) => unsafe {
                avx2::block_is_valid::<W>(rows, deck.card_count())
            },
            _ => rows.iter().all(|row| row_is_valid(row, deck)),
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
        // Read again, the row holds valid cards: the caller changed it meanwhile.
        Ok(()) => Error::InvalidArgument(format!(
            "the input changed during the call (row {index} held a bad card, then none)"
        )),
    }
}

/// The error of the first invalid row of `rows`, which start at row `start` of the batch.
fn first_error<const W: usize>(rows: &[[Card; W]], start: usize, deck: Deck) -> Option<Error> {
    rows.iter()
        .enumerate()
        .find(|(_, row)| !row_is_valid(&row[..], deck))
        .map(|(i, row)| row_error(row, start + i, deck))
}

/// Calls `f` with `isa`, from code compiled for AVX2 where `isa` is AVX2: `f` (and what it
/// inlines) is inlined into that code, so that a block evaluator's own AVX2 functions inline
/// too and their constants are set up once a task instead of once a block.
#[inline(always)]
fn on_isa<R>(isa: Isa, f: impl FnOnce(Isa) -> R) -> R {
    /// Calls `f` from a function compiled for AVX2.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn with_avx2<R>(f: impl FnOnce() -> R) -> R {
        f()
    }
    #[cfg(target_arch = "x86_64")]
    if isa == Isa::Avx2 {
        // SAFETY: Avx2 is only chosen when the CPU has AVX2.
        return unsafe {
            with_avx2(
                #[inline(always)]
                || f(Isa::Avx2),
            )
        };
    }
    f(isa)
}

/// Evaluates the rows of one task (the first at row `start_row` of the batch) a block at a
/// time, on `isa` (see [`on_isa`]); stops at the first block that holds an invalid row and
/// names that row.
fn run<const W: usize, T>(
    isa: Isa,
    deck: Deck,
    start_row: usize,
    cards: &[Card],
    out: &mut [T],
    per_block: &impl Fn(Isa, &[[Card; W]], &mut [T]) -> bool,
) -> Result<()> {
    let (rows, _) = cards.as_chunks::<W>();
    // The row-by-row check names the bad row of a block that failed. Should it find none, the
    // rows were written to between the two checks: the caller changed the input meanwhile.
    let named = |block: &[[Card; W]], start: usize| {
        Err(first_error(block, start, deck).unwrap_or_else(|| {
            Error::InvalidArgument(format!(
                "the input changed during the call (rows {start} to {} held a bad card, \
                 then none)",
                start + block.len() - 1
            ))
        }))
    };
    on_isa(
        isa,
        #[inline(always)]
        |isa| {
            let blocks = rows.chunks_exact(BLOCK_ROWS);
            let tail = blocks.remainder();
            let mut out_blocks = out.chunks_exact_mut(BLOCK_ROWS);
            for (b, (block, out_block)) in blocks.zip(&mut out_blocks).enumerate() {
                prefetch_ahead(block);
                if !per_block(isa, block, out_block) {
                    return named(block, start_row + b * BLOCK_ROWS);
                }
            }
            if !per_block(isa, tail, out_blocks.into_remainder()) {
                return named(tail, start_row + rows.len() - tail.len());
            }
            Ok(())
        },
    )
}

/// Checks every row of `W` cards of `cards` (cards of `deck`, no repeat inside a row) and
/// has `per_block` write the results of the valid ones into `out`, up to [`BLOCK_ROWS`] rows
/// at a time (with `isa`, the instruction set it may use too). Returns the error of the first
/// invalid row, or of `out` not having one slot a row. Parallel for large inputs.
///
/// ```
/// use drawpoker::card::parse_cards;
/// use drawpoker::eval::batch::{map_blocks, Deck, Isa};
/// let cards = parse_cards("As Kd  2c 3c  Jh Jh").unwrap();
/// let mut out = [0u8; 3];
/// let sums = |_: Isa, rows: &[[u8; 2]], out: &mut [u8]| {
///     for (row, slot) in rows.iter().zip(out) {
///         *slot = row[0] + row[1];
///     }
/// };
/// let error = map_blocks(Isa::best(), &cards, &mut out, Deck::Standard, sums).unwrap_err();
/// assert!(error.to_string().contains("row 2"), "{error}"); // Jh twice
/// map_blocks(Isa::best(), &cards[..4], &mut out[..2], Deck::Standard, sums).unwrap();
/// assert_eq!(out[..2], [51 + 45, 4]); // As is 51, Kd 45, 2c 0, 3c 4
/// ```
pub fn map_blocks<const W: usize, T: Send>(
    isa: Isa,
    cards: &[Card],
    out: &mut [T],
    deck: Deck,
    per_block: impl Fn(Isa, &[[Card; W]], &mut [T]) + Sync,
) -> Result<()> {
    map_checking_blocks(
        isa,
        cards,
        out,
        deck,
        #[inline(always)]
        |isa, rows, out| {
            isa.rows_are_valid(rows, deck) && {
                per_block(isa, rows, out);
                true
            }
        },
    )
}

/// [`map_blocks`] for a `per_block` that checks the rows itself (with `isa`, the way
/// [`Isa::rows_are_valid`] does, or in the same pass as their evaluation): it returns
/// `false`, whatever it wrote, when a row holds a card outside `deck` or repeats one (and
/// only then).
///
/// ```
/// use drawpoker::card::parse_cards;
/// use drawpoker::eval::batch::{map_checking_blocks, Deck, Isa};
/// let cards = parse_cards("As Kd  2c 3c  Jh Jh").unwrap();
/// let mut out = [false; 3];
/// let pairs = |isa: Isa, rows: &[[u8; 2]], out: &mut [bool]| {
///     isa.rows_are_valid(rows, Deck::Standard) && {
///         out[..rows.len()].fill(true);
///         true
///     }
/// };
/// let error = map_checking_blocks(Isa::best(), &cards, &mut out, Deck::Standard, pairs);
/// let error = error.unwrap_err();
/// assert!(error.to_string().contains("row 2"), "{error}"); // Jh twice
/// ```
pub fn map_checking_blocks<const W: usize, T: Send>(
    isa: Isa,
    cards: &[Card],
    out: &mut [T],
    deck: Deck,
    per_block: impl Fn(Isa, &[[Card; W]], &mut [T]) -> bool + Sync,
) -> Result<()> {
    if cards.len() != out.len() * W {
        return Err(Error::InvalidArgument(format!(
            "{} cards do not make {} rows of {W}",
            cards.len(),
            out.len()
        )));
    }
    if !splitting_pays(out.len(), PARALLEL_CHUNK) {
        return run(isa, deck, 0, cards, out, &per_block);
    }
    use rayon::prelude::*;
    let first_error = cards
        .par_chunks(PARALLEL_CHUNK * W)
        .zip(out.par_chunks_mut(PARALLEL_CHUNK))
        .enumerate()
        .filter_map(|(i, (rows, out))| {
            run(isa, deck, i * PARALLEL_CHUNK, rows, out, &per_block).err()
        })
        .collect::<Vec<Error>>()
        .into_iter()
        .next();
    first_error.map_or(Ok(()), Err)
}

/// A batch evaluator of rows of 5, 6 or 7 cards of the standard deck, for
/// [`map_five_to_seven`]: a method generic over the row width, which a closure cannot be.
///
/// ```
/// use drawpoker::card::{random_rows, Card};
/// use drawpoker::eval::batch::{map_five_to_seven, Deck, FiveToSevenRows, Isa};
/// /// Writes each row's width.
/// struct Width;
/// impl FiveToSevenRows for Width {
///     fn eval_rows<const W: usize>(&self, isa: Isa, rows: &[[Card; W]], out: &mut [u16]) -> bool {
///         isa.rows_are_valid(rows, Deck::Standard) && {
///             out[..rows.len()].fill(W as u16);
///             true
///         }
///     }
/// }
/// let mut cards = random_rows(100, 6, 52, 3);
/// let mut out = vec![0u16; 100];
/// map_five_to_seven(Isa::best(), &cards, 6, &mut out, &Width).unwrap();
/// assert!(out.iter().all(|&w| w == 6));
/// cards[6 * 40 + 1] = cards[6 * 40]; // row 40 repeats a card: it is named
/// let error = map_five_to_seven(Isa::best(), &cards, 6, &mut out, &Width).unwrap_err();
/// assert!(error.to_string().contains("row 40"), "{error}");
/// ```
pub trait FiveToSevenRows: Sync {
    /// Writes the strengths of `rows` (at most [`BLOCK_ROWS`]) into `out` and returns `true`,
    /// or returns `false` (whatever it wrote) when a row holds a card outside the standard
    /// deck or repeats one: the evaluator checks its rows, with `isa` as
    /// [`Isa::rows_are_valid`] does or in the same pass as their evaluation (on
    /// [`Isa::Scalar`], row by row).
    fn eval_rows<const W: usize>(&self, isa: Isa, rows: &[[Card; W]], out: &mut [u16]) -> bool;
}

/// Checks every row of `width` (5..=7) cards of `cards` and has `evaluator` write the
/// strengths of the valid ones into `out` ([`map_checking_blocks`] at that width).
///
/// ```
/// use drawpoker::card::parse_cards;
/// use drawpoker::eval::batch::{map_five_to_seven, Isa};
/// use drawpoker::eval::high::tables;
/// let cards = parse_cards("As Ks Qs Js Ts 2c 3d  7c 5d 4h 3s 2c 9h 8d").unwrap();
/// let mut out = [0u16; 2];
/// map_five_to_seven(Isa::best(), &cards, 7, &mut out, tables()).unwrap();
/// assert_eq!(out[0], 7462); // the royal flush
/// assert!(out[1] < out[0]);
/// ```
pub fn map_five_to_seven(
    isa: Isa,
    cards: &[Card],
    width: usize,
    out: &mut [u16],
    evaluator: &impl FiveToSevenRows,
) -> Result<()> {
    check_batch_shape(cards.len(), width, out.len(), 5..=7)?;
    /// [`map_checking_blocks`] at width `W`. Without `#[inline(always)]` the closure was
    /// called, not inlined, by the batch loop: 0.9 instructions more a 7-card row.
    fn at_width<const W: usize>(
        isa: Isa,
        cards: &[Card],
        out: &mut [u16],
        evaluator: &impl FiveToSevenRows,
    ) -> Result<()> {
        map_checking_blocks::<W, _>(
            isa,
            cards,
            out,
            Deck::Standard,
            #[inline(always)]
            |isa, rows, out| evaluator.eval_rows(isa, rows, out),
        )
    }
    match width {
        5 => at_width::<5>(isa, cards, out, evaluator),
        6 => at_width::<6>(isa, cards, out, evaluator),
        _ => at_width::<7>(isa, cards, out, evaluator),
    }
}

/// The cards of each row of a whole block of four-card rows in increasing order, sorted with
/// AVX2; `None` on the scalar path or for a partial block (the caller sorts those itself).
#[inline(always)]
pub fn sorted_block4(isa: Isa, rows: &[[Card; 4]]) -> Option<[[Card; 4]; BLOCK_ROWS]> {
    match isa {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: Avx2 is only chosen when the CPU has AVX2; the block is whole.
        Isa::Avx2 if rows.len() == BLOCK_ROWS => Some(unsafe { avx2::sorted_block4(rows) }),
        _ => {
            // Only the AVX2 path reads the rows; elsewhere they are the caller's to sort.
            let _ = rows;
            None
        }
    }
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
    //! (row `p / W`) is compared with byte `p + s` for every shift `s` in `1..W`, which is in
    //! the same row or the next. Bytes of odd rows are first tagged with bit 6 (every card is
    //! below 64, or the range check fails the block anyway), so that bytes of neighbouring
    //! rows never compare equal: only a card repeated inside a row does. The last row is odd,
    //! so its tagged bytes never equal the zeros shifted in past the block's end either.

    use super::BLOCK_ROWS;
    use crate::card::Card;
    use std::arch::x86_64::*;

    /// Widest row checked.
    const MAX_W: usize = 7;

    const _: () = assert!(BLOCK_ROWS.is_multiple_of(2), "the last row must be odd");

    /// `ROW_TAGS[W - 4][j]`: byte `b` of vector `j` is 64 when byte `32 j + b` of a block of
    /// rows of `W` cards lies in an odd row, else 0.
    static ROW_TAGS: [[[u8; 32]; MAX_W]; MAX_W - 3] = row_tags();

    const fn row_tags() -> [[[u8; 32]; MAX_W]; MAX_W - 3] {
        let mut tags = [[[0u8; 32]; MAX_W]; MAX_W - 3];
        let mut w = 4;
        while w <= MAX_W {
            let mut p = 0;
            while p < 32 * w {
                tags[w - 4][p / 32][p % 32] = ((p / w) as u8 & 1) << 6;
                p += 1;
            }
            w += 1;
        }
        tags
    }

    /// The 32 bytes from byte `S` of `lo` on, continued into `hi`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn shifted<const S: i32>(lo: __m256i, hi: __m256i) -> __m256i {
        // [lo.high, hi.low]: after it, each 128-bit lane's alignr continues into the next.
        let middle = _mm256_permute2x128_si256::<0x21>(lo, hi);
        _mm256_alignr_epi8::<S>(middle, lo)
    }

    /// Nonzero bytes where a byte of `v` equals the byte `S` places later (`next` continues
    /// `v`).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn repeats<const S: i32>(v: __m256i, next: __m256i) -> __m256i {
        _mm256_cmpeq_epi8(v, shifted::<S>(v, next))
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
        // A runtime check, not a `const` one: `Isa::rows_are_valid` instantiates this for every
        // row width it is asked about, and calls it only for these.
        assert!((4..=MAX_W).contains(&W) && block.len() == BLOCK_ROWS);
        let base: *const __m256i = block.as_ptr().cast();
        let tags = &ROW_TAGS[W - 4];
        // SAFETY (every load): the block is 32 * W bytes, W vectors, and each tag vector 32
        // bytes; loads are unaligned.
        let tagged = |j: usize| unsafe {
            _mm256_or_si256(
                _mm256_loadu_si256(base.add(j)),
                _mm256_loadu_si256(tags[j].as_ptr().cast()),
            )
        };
        let largest_card = _mm256_set1_epi8((card_count - 1) as i8);
        let mut bad = _mm256_setzero_si256();
        let mut v = tagged(0);
        for j in 0..W {
            // Nonzero where a byte exceeds the largest card.
            let untagged = unsafe { _mm256_loadu_si256(base.add(j)) };
            bad = _mm256_or_si256(bad, _mm256_subs_epu8(untagged, largest_card));
            let next = if j + 1 < W {
                tagged(j + 1)
            } else {
                _mm256_setzero_si256()
            };
            bad = _mm256_or_si256(bad, repeats::<1>(v, next));
            bad = _mm256_or_si256(bad, repeats::<2>(v, next));
            bad = _mm256_or_si256(bad, repeats::<3>(v, next));
            if W > 4 {
                bad = _mm256_or_si256(bad, repeats::<4>(v, next));
            }
            if W > 5 {
                bad = _mm256_or_si256(bad, repeats::<5>(v, next));
            }
            if W > 6 {
                bad = _mm256_or_si256(bad, repeats::<6>(v, next));
            }
            v = next;
        }
        _mm256_testz_si256(bad, bad) == 1
    }

    /// Each row of four bytes sorted increasingly, 8 rows per vector: three rounds of the
    /// network `(0,1)(2,3)`, `(0,2)(1,3)`, `(1,2)`, each a shuffle to the partner byte, a
    /// minimum, a maximum and a blend taking the maximum where the byte is the larger one.
    ///
    /// # Safety
    /// The CPU must have AVX2; `block` must hold exactly [`BLOCK_ROWS`] rows.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn sorted_block4(block: &[[Card; 4]]) -> [[Card; 4]; BLOCK_ROWS] {
        assert_eq!(block.len(), BLOCK_ROWS);
        /// Partner byte and whether the byte takes the maximum, per round, for one row.
        const ROUNDS: [([i8; 4], [i8; 4]); 3] = [
            ([1, 0, 3, 2], [0, -1, 0, -1]),
            ([2, 3, 0, 1], [0, 0, -1, -1]),
            ([0, 2, 1, 3], [0, 0, -1, 0]),
        ];
        let per_row = |pattern: [i8; 4], step: i8| {
            let mut bytes = [0i8; 32];
            for (i, b) in bytes.iter_mut().enumerate() {
                *b = pattern[i % 4] + step * (i / 4 * 4) as i8;
            }
            // SAFETY: 32 bytes, an unaligned load.
            unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
        };
        let rounds =
            ROUNDS.map(|(partner, takes_max)| (per_row(partner, 1), per_row(takes_max, 0)));
        let mut sorted = [[0u8; 4]; BLOCK_ROWS];
        let source: *const __m256i = block.as_ptr().cast();
        let target: *mut __m256i = sorted.as_mut_ptr().cast();
        for j in 0..4 {
            // SAFETY: both blocks are 128 bytes, 4 vectors; loads and stores are unaligned.
            let mut v = unsafe { _mm256_loadu_si256(source.add(j)) };
            for &(partner, takes_max) in &rounds {
                let other = _mm256_shuffle_epi8(v, partner);
                let (low, high) = (_mm256_min_epu8(v, other), _mm256_max_epu8(v, other));
                v = _mm256_blendv_epi8(low, high, takes_max);
            }
            unsafe { _mm256_storeu_si256(target.add(j), v) };
        }
        sorted
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::random_rows;
    use crate::eval::{ace_five, Ranking};

    /// The scalar path, and AVX2 too where this CPU has it.
    fn every_isa() -> Vec<Isa> {
        let mut isas = vec![Isa::Scalar];
        if Isa::best() != Isa::Scalar {
            isas.push(Isa::best());
        }
        isas
    }

    /// Random rows of cards the ranking ranks: from the first `deck_size` cards, moved up past
    /// the ranks below the ranking's lowest (the short deck's six through ace).
    fn rows_of_its_deck(
        ranking: Ranking,
        n: usize,
        width: usize,
        deck_size: u8,
        seed: u64,
    ) -> Vec<Card> {
        let skipped = 4 * ranking.lowest_rank();
        random_rows(n, width, deck_size - skipped, seed)
            .into_iter()
            .map(|card| card + skipped)
            .collect()
    }

    #[test]
    fn every_ranking_batch_matches_its_scalar_evaluation_on_each_isa() {
        // Past the parallel threshold and not a whole number of blocks.
        let n = 2 * PARALLEL_CHUNK + BLOCK_ROWS + 5;
        for (ranking, name) in Ranking::ALL {
            let deck_size = if ranking.allows_joker() { 53 } else { 52 };
            for &width in ranking.hand_sizes() {
                let cards = rows_of_its_deck(ranking, n, width, deck_size, width as u64 * 7919 + 1);
                let expected: Vec<u16> = cards
                    .chunks(width)
                    .map(|row| ranking.evaluate(row).unwrap())
                    .collect();
                for isa in every_isa() {
                    let mut out = vec![0u16; n];
                    ranking
                        .evaluate_batch_on(isa, &cards, width, &mut out)
                        .unwrap();
                    assert!(out == expected, "{name}, {width} cards, {isa:?}");
                }
            }
        }
    }

    #[test]
    fn a_batch_is_split_only_for_a_pool_of_several_threads() {
        let in_pool = |threads: usize, rows: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| splitting_pays(rows, PARALLEL_CHUNK))
        };
        assert!(in_pool(2, 2 * PARALLEL_CHUNK));
        assert!(!in_pool(2, 2 * PARALLEL_CHUNK - 1));
        assert!(!in_pool(1, 100 * PARALLEL_CHUNK));
    }

    #[test]
    fn low8_batch_keeps_only_qualifying_lows_on_each_isa() {
        let n = 10_000 + 3;
        for width in 5..=7 {
            let cards = random_rows(n, width, 52, width as u64 + 99);
            let expected: Vec<u16> = cards
                .chunks(width)
                .map(|row| ace_five::evaluate(row).unwrap())
                .map(|s| if ace_five::qualifies_low8(s) { s } else { 0 })
                .collect();
            assert!(expected.iter().any(|&s| s > 0) && expected.contains(&0));
            for isa in every_isa() {
                let mut out = vec![0u16; n];
                ace_five::evaluate_batch_on(isa, &cards, width, &mut out, ace_five::LOW8_MIN)
                    .unwrap();
                assert!(out == expected, "{width} cards, {isa:?}");
            }
            let mut out = vec![0u16; n];
            ace_five::evaluate_low8_batch(&cards, width, &mut out).unwrap();
            assert!(out == expected);
        }
    }

    /// Every way to spoil row `index` of `cards`: a byte that is not a card of `deck` at each
    /// position, and each pair of positions holding the same card.
    fn spoiled(cards: &[Card], width: usize, index: usize, deck: Deck) -> Vec<Vec<Card>> {
        let first_bad = deck.card_count();
        let mut versions = Vec::new();
        for position in 0..width {
            for value in [first_bad, first_bad + 1, 63, 64, 200, 255] {
                let mut bad = cards.to_vec();
                bad[index * width + position] = value;
                versions.push(bad);
            }
            for later in position + 1..width {
                let mut bad = cards.to_vec();
                bad[index * width + later] = bad[index * width + position];
                versions.push(bad);
            }
        }
        versions
    }

    /// A value of a valid row that tells rows apart.
    fn row_value(row: &[Card]) -> u64 {
        row.iter().fold(0, |value, &c| value * 53 + c as u64 + 1)
    }

    fn check_every_bad_row<const W: usize>(isa: Isa, deck: Deck) {
        let joker = deck == Deck::WithJoker;
        let deck_size = deck.card_count();
        for n in [
            1,
            2,
            BLOCK_ROWS - 1,
            BLOCK_ROWS,
            BLOCK_ROWS + 1,
            3 * BLOCK_ROWS - 1,
        ] {
            let cards = random_rows(n, W, deck_size, n as u64 * 31 + W as u64);
            for index in 0..n {
                for mut bad in spoiled(&cards, W, index, deck) {
                    if index + 1 < n {
                        // A later bad row must not be the one reported.
                        bad[(index + 1) * W] = 255;
                    }
                    let expected = check_hand(&bad[index * W..][..W], joker, Some(index));
                    let mut out = vec![0u64; n];
                    let result = map_blocks::<W, _>(isa, &bad, &mut out, deck, |_, rows, out| {
                        for (row, slot) in rows.iter().zip(out) {
                            assert!(check_hand(row, joker, None).is_ok(), "{row:?} evaluated");
                            *slot = row_value(row);
                        }
                    });
                    assert_eq!(
                        Err(result.unwrap_err()),
                        expected,
                        "{isa:?} {W} {n} {index}"
                    );
                    for (row, &value) in bad.chunks(W).zip(&out) {
                        assert!(value == 0 || value == row_value(row));
                    }
                }
            }
            let mut out = vec![0u64; n];
            map_blocks::<W, _>(isa, &cards, &mut out, deck, |_, rows, out| {
                for (row, slot) in rows.iter().zip(out) {
                    *slot = row_value(row);
                }
            })
            .unwrap();
            let expected: Vec<u64> = cards.chunks(W).map(row_value).collect();
            assert_eq!(out, expected);
        }
    }

    /// Runs `checks` (one per row width, 4 to 7 cards) on each instruction set and deck.
    fn on_each_isa_and_deck(checks: [fn(Isa, Deck); 4]) {
        for isa in every_isa() {
            for deck in [Deck::Standard, Deck::WithJoker] {
                for check in checks {
                    check(isa, deck);
                }
            }
        }
    }

    #[test]
    fn a_bad_row_anywhere_is_the_one_named_on_each_isa() {
        on_each_isa_and_deck([
            check_every_bad_row::<4>,
            check_every_bad_row::<5>,
            check_every_bad_row::<6>,
            check_every_bad_row::<7>,
        ]);
    }

    #[test]
    fn every_ranking_names_a_bad_row_anywhere_on_each_isa() {
        let n = 3 * BLOCK_ROWS - 1;
        for (ranking, name) in Ranking::ALL {
            let deck = if ranking.allows_joker() {
                Deck::WithJoker
            } else {
                Deck::Standard
            };
            for &width in ranking.hand_sizes() {
                let cards =
                    rows_of_its_deck(ranking, n, width, deck.card_count(), width as u64 + 17);
                for index in 0..n {
                    for bad in spoiled(&cards, width, index, deck) {
                        let row = &bad[index * width..][..width];
                        let expected = check_hand(row, deck == Deck::WithJoker, Some(index));
                        for isa in every_isa() {
                            let mut out = vec![0u16; n];
                            let result = ranking.evaluate_batch_on(isa, &bad, width, &mut out);
                            assert_eq!(Err(result.unwrap_err()), expected, "{name} {isa:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn rows_of_any_width_are_checked_on_each_isa() {
        fn check<const W: usize>() {
            let cards = random_rows(BLOCK_ROWS, W, 52, 7);
            let (rows, _) = cards.as_chunks::<W>();
            let mut bad = rows.to_vec();
            bad[BLOCK_ROWS - 1][W - 1] = bad[BLOCK_ROWS - 1][0];
            for isa in every_isa() {
                assert!(isa.rows_are_valid(rows, Deck::Standard), "{isa:?} {W}");
                assert!(!isa.rows_are_valid(&bad, Deck::Standard), "{isa:?} {W}");
            }
        }
        check::<2>();
        check::<3>();
        check::<8>();
        check::<9>();
    }

    #[test]
    fn a_block_that_fails_and_then_looks_valid_is_input_changed_during_the_call() {
        // What a caller writing to the array meanwhile looks like: a block check fails, and
        // the rows read again are valid.
        let cards = random_rows(40, 5, 52, 3);
        let mut out = vec![0u16; 40];
        let changed = |_: Isa, rows: &[[Card; 5]], _: &mut [u16]| rows.len() == BLOCK_ROWS;
        let error = map_checking_blocks(Isa::best(), &cards, &mut out, Deck::Standard, changed);
        let message = error.unwrap_err().to_string();
        assert_eq!(
            message,
            "the input changed during the call (rows 32 to 39 held a bad card, then none)"
        );
    }

    #[test]
    fn an_output_of_the_wrong_length_is_an_error() {
        let cards = random_rows(10, 5, 52, 3);
        for rows in [9, 11] {
            let mut out = vec![0u16; rows];
            let error =
                map_blocks::<5, _>(Isa::best(), &cards, &mut out, Deck::Standard, |_, _, _| {
                    panic!("no block is evaluated")
                })
                .unwrap_err();
            assert!(error.to_string().contains("50 cards"), "{error}");
        }
    }

    #[test]
    fn every_isa_passes_valid_blocks_and_fails_blocks_with_a_bad_row() {
        fn check<const W: usize>(isa: Isa, deck: Deck) {
            let cards = random_rows(BLOCK_ROWS * 200, W, deck.card_count(), W as u64);
            let (rows, _) = cards.as_chunks::<W>();
            for block in rows.chunks(BLOCK_ROWS) {
                assert!(isa.rows_are_valid(block, deck), "{isa:?} {W} {block:?}");
                let mut bad = block.to_vec();
                bad[W * 3 % BLOCK_ROWS][W - 1] = bad[W * 3 % BLOCK_ROWS][0];
                assert!(!isa.rows_are_valid(&bad, deck));
            }
        }
        on_each_isa_and_deck([check::<4>, check::<5>, check::<6>, check::<7>]);
    }

    #[test]
    fn the_avx2_sort_sorts_every_row() {
        let rows = random_rows(BLOCK_ROWS * 50, 4, 52, 5);
        for block in rows.as_chunks::<4>().0.chunks(BLOCK_ROWS) {
            let sorted = sorted_block4(Isa::best(), block);
            assert_eq!(sorted.is_some(), Isa::best() != Isa::Scalar);
            for (row, sorted) in block.iter().zip(sorted.iter().flatten()) {
                let mut expected = *row;
                expected.sort();
                assert_eq!(*sorted, expected);
            }
        }
        assert_eq!(sorted_block4(Isa::best(), &[[3, 2, 1, 0]]), None);
    }
}
