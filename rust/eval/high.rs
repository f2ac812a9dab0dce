//! High-hand evaluation of 5, 6 and 7 cards (R-HIGH-1..5) through lookup tables.
//!
//! Method (the additive-key idea of OMPEval, with our own keys and tables):
//! every card adds a 64-bit constant. The low 32 bits add a *rank key* whose sum identifies
//! the multiset of ranks (see [`rank_key`]: deuces count 0, so the hand size implies them);
//! a `RowTable` (`row_table.rs`) per hand size maps that sum to the strength. The high 32
//! bits count suits in nibbles started at 3, so a nibble reaches 8 exactly when a suit holds
//! five cards: then a 13-bit table over that suit's ranks answers.

use super::batch::{map_five_to_seven, Deck, FiveToSevenRows, Isa};
use super::classes::{for_each_rank_multiset, scale, Category, ClassInfo, CLASS_COUNT};
use super::row_table::{premultiply, RowReader, RowTable, DEFAULT_COLUMN_BITS, KEY_BYTES};

use crate::card::{rank, suit, Card};
use crate::error::{Error, Result};
use crate::stop::Stop;
use std::sync::OnceLock;

pub(super) const SUIT_SHIFT: u32 = 32;
/// Suit counters start at 3 so that bit 3 of a nibble flags five of that suit: what a hand's
/// summed key starts from before its cards' [`CARD_KEYS`] are added (for callers that sum the
/// keys themselves and finish with [`HighTables::finish`]).
pub const SUIT_START: u64 = 0x3333 << SUIT_SHIFT;
pub(super) const FLUSH_FLAGS: u64 = 0x8888 << SUIT_SHIFT;

/// The rank key of each rank, deuce first. Each is the smallest number above the one before it
/// that keeps distinct the sums of every multiset of ranks above the deuce with at most seven
/// cards and at most four of a rank (a greedy search of our own; OMPEval's keys come from a
/// search of the same kind over all thirteen ranks). Every such sum stays below `2^23`, so a
/// rank key sum needs three bytes (the batch loops sum three byte planes).
///
/// ```
/// use drawpoker::eval::high::{rank_key, RANK_KEYS};
/// let sum = |ranks: &[u8]| ranks.iter().map(|&r| rank_key(r)).sum::<u32>();
/// // Aces and kings over a queen, aces over kings and queens: one sum each.
/// assert_ne!(sum(&[12, 12, 11, 11, 10]), sum(&[12, 12, 11, 10, 10]));
/// assert_eq!(rank_key(12), RANK_KEYS[12]);
/// ```
pub const RANK_KEYS: [u32; 13] = [
    0, 1, 5, 24, 112, 521, 2_247, 9_244, 30_823, 103_066, 250_154, 667_453, 1_526_359,
];

/// Rank key of one card of `rank` (see [`RANK_KEYS`]).
///
/// The sum over a hand identifies its multiset of ranks once the hand size is known.
pub const fn rank_key(rank: u8) -> u32 {
    RANK_KEYS[rank as usize]
}

const fn card_keys() -> [u64; 256] {
    let mut keys = [0u64; 256];
    let mut card = 0;
    while card < 52 {
        let c = card as u8;
        keys[card] = rank_key(rank(c)) as u64 | (1u64 << (SUIT_SHIFT + 4 * suit(c) as u32));
        card += 1;
    }
    keys
}

/// The additive constant of each card; bytes 52..=255 (not cards) map to 0.
pub const CARD_KEYS: [u64; 256] = card_keys();

/// Per card, a 16-bit slice of its suit in a 64-bit word: bit `rank` of the slice, plus 1 in
/// its top three bits (13..16). Over distinct cards the sum of a slice is the suit's rank set
/// and its card count; bytes 52..=255 (not cards) map to 0.
///
/// ```
/// use drawpoker::card::parse_cards;
/// use drawpoker::eval::high::SUIT_SLICES;
/// let cards = parse_cards("Ah Kh 2h 2s").unwrap();
/// let sum: u64 = cards.iter().map(|&c| SUIT_SLICES[c as usize]).sum();
/// let hearts = (sum >> 32) as u16; // suit 2 (clubs, diamonds, hearts, spades)
/// assert_eq!((hearts & 0x1FFF, hearts >> 13), (1 << 12 | 1 << 11 | 1, 3));
/// ```
pub const SUIT_SLICES: [u64; 256] = {
    let mut slices = [0u64; 256];
    let mut card = 0;
    while card < 52 {
        let c = card as u8;
        slices[card] = (1 << rank(c) | 1 << 13) << (16 * suit(c) as u32);
        card += 1;
    }
    slices
};

/// Card keys for batches: the rank part premultiplied (see `row_table::premultiply`), so that
/// a row's sum is looked up without a multiplication, and the rest of the key (the joker's flag
/// at bit 31, the suit counters from bit 32) moved up 4 bits, above the carries out of the low
/// 32 bits (at most 6, for 7 cards). The first card of a row reads `first`, which also starts
/// the suit counters.
pub struct BatchKeys {
    /// The cards a row may hold (the others' keys are 0).
    deck: Deck,
    first: [u64; 256],
    rest: [u64; 256],
    /// Byte `k` of the batch rank part of each rank (the bytes a table key reads), when every
    /// card's batch key is its rank's part plus its suit counter, rank 0's part is 0 and bytes
    /// 52..=255 are no cards (see [`super::block_keys`]).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    rank_bytes: Option<[[u8; 16]; KEY_BYTES]>,
}

impl BatchKeys {
    /// The batch keys of `keys`, card keys of the cards of `deck` whose rank part stays below
    /// `2^31`.
    pub(super) const fn of(keys: &[u64; 256], deck: Deck) -> BatchKeys {
        let mut batch = BatchKeys {
            deck,
            first: [0; 256],
            rest: [0; 256],
            rank_bytes: None,
        };
        let mut card = 0;
        while card < 256 {
            let rank_part = keys[card] & ((1 << 31) - 1);
            let key =
                premultiply(rank_part as u32) as u64 | BatchKeys::moved(keys[card] - rank_part);
            batch.rest[card] = key;
            batch.first[card] = key + BatchKeys::moved(SUIT_START);
            card += 1;
        }
        batch.rank_bytes = BatchKeys::rank_bytes_of(&batch.rest);
        batch
    }

    /// The rank parts of batch keys `rest` by byte, if they have the form
    /// [`BatchKeys::rank_bytes`] asks for.
    const fn rank_bytes_of(rest: &[u64; 256]) -> Option<[[u8; 16]; KEY_BYTES]> {
        let mut bytes = [[0u8; 16]; KEY_BYTES];
        let mut card = 0;
        while card < 256 {
            let part = rest[card] as u32;
            let counter = BatchKeys::moved(1 << (SUIT_SHIFT + 4 * (card % 4) as u32));
            let same_rank_part = part == rest[card - card % 4] as u32;
            let well_formed = if card < 52 {
                rest[card] == part as u64 | counter && same_rank_part && (card >= 4 || part == 0)
            } else {
                rest[card] == 0
            };
            if !well_formed {
                return None;
            }
            let mut k = 0;
            while card < 52 && k < KEY_BYTES {
                bytes[k][card / 4] = (part >> (8 * k)) as u8;
                k += 1;
            }
            card += 1;
        }
        Some(bytes)
    }

    /// Where bits of a card key above its rank part (from bit 31 on) sit in a batch key.
    pub(super) const fn moved(bits: u64) -> u64 {
        bits >> 31 << 35
    }
}

/// The batch keys of [`CARD_KEYS`].
pub(super) static BATCH_KEYS: BatchKeys = BatchKeys::of(&CARD_KEYS, Deck::Standard);

/// The evaluation tables: a rank table per hand size and the flush table.
pub struct HighTables {
    /// Rank tables for 5, 6 and 7 cards (index = size - 5).
    by_size: [RowTable; 3],
    /// Best flush or straight flush of a suit's 13-bit rank set (five or more bits).
    flush: Vec<u16>,
}

impl HighTables {
    fn build() -> HighTables {
        let scale = scale();
        // Five cards come from the scale; a bigger hand is worth its best hand with one card
        // fewer, read from the table of the size below.
        let mut smaller: Option<RowTable> = None;
        let mut build_size = |size: usize| {
            let mut entries = Vec::new();
            for_each_rank_multiset(size, 4, &mut |ranks| {
                let key: u32 = ranks.iter().map(|&r| rank_key(r)).sum();
                let strength = match &smaller {
                    None => scale.strength(ranks.try_into().expect("five ranks"), false),
                    Some(below) => ranks
                        .iter()
                        .map(|&r| below.get(key - rank_key(r)))
                        .max()
                        .expect("non-empty"),
                };
                entries.push((key, strength));
            });
            let table = RowTable::build(&entries);
            smaller = Some(table.clone());
            table
        };
        let by_size = [build_size(5), build_size(6), build_size(7)];
        let mut flush = vec![0u16; 1 << 13];
        let mut masks: Vec<usize> = (0..1usize << 13)
            .filter(|m| (5..=7).contains(&m.count_ones()))
            .collect();
        masks.sort_by_key(|m| m.count_ones());
        for mask in masks {
            flush[mask] = if mask.count_ones() == 5 {
                let ranks: Vec<u8> = (0..13).filter(|r| mask >> r & 1 == 1).collect();
                scale.strength(ranks.try_into().expect("five ranks"), true)
            } else {
                (0..13)
                    .filter(|r| mask >> r & 1 == 1)
                    .map(|r| flush[mask & !(1 << r)])
                    .max()
                    .expect("non-empty")
            };
        }
        HighTables { by_size, flush }
    }

    /// Strength of 5, 6 or 7 distinct valid cards (unchecked: see [`evaluate`]).
    #[inline(always)]
    pub fn eval(&self, cards: &[Card]) -> u16 {
        let mut key = SUIT_START;
        for &c in cards {
            key += CARD_KEYS[c as usize];
        }
        self.finish(key, cards)
    }

    /// Strength of exactly five valid distinct cards; the fast path of the draw engine.
    #[inline(always)]
    pub fn eval5(&self, cards: &[Card; 5]) -> u16 {
        self.eval(cards)
    }

    /// Strength from a summed key (`SUIT_START` + card keys) of `cards`.
    #[inline(always)]
    pub fn finish(&self, key: u64, cards: &[Card]) -> u16 {
        let flags = key & FLUSH_FLAGS;
        if flags != 0 {
            return self.flush_of(cards);
        }
        self.by_size[cards.len() - 5].get(key as u32)
    }

    /// The strength of a hand holding five or more cards of one suit, kept out of line: it
    /// runs for 3% of random hands and would crowd the hot loop's registers.
    #[cold]
    #[inline(never)]
    fn flush_of(&self, cards: &[Card]) -> u16 {
        self.flush_strength_of(cards)
    }

    /// The strength of 5 to 7 cards holding five or more of one suit: one table read a card
    /// and no branch (see [`SUIT_SLICES`]). The batch loops' slow path, inlined there.
    /// Measured on 7-card rows against a sum of [`CARD_KEYS`] for the suit and a bit set of
    /// the cards for its ranks, called out of line: 17.97 -> 16.99 instructions a row (17.3
    /// still out of line); wall time, median of 40 alternating runs of 3 M rows, 292 -> 307 M
    /// rows/s (5 cards: 390 -> 419).
    #[inline(always)]
    fn flush_strength_of(&self, cards: &[Card]) -> u16 {
        let slices = cards.iter().map(|&c| SUIT_SLICES[c as usize]).sum::<u64>();
        // Bit 15 of a slice: its count, bits 13..16, is 5, 6 or 7 (4 and one or two more).
        let flush = slices & (slices << 1 | slices << 2) & 0x8000_8000_8000_8000;
        let ranks = slices >> (flush.trailing_zeros() & !15);
        self.flush[ranks as usize & 0x1FFF]
    }

    /// The flush table entry for a 13-bit rank set of one suit (five or more ranks).
    #[inline(always)]
    pub fn flush_strength(&self, rank_mask: usize) -> u16 {
        self.flush[rank_mask]
    }

    /// The rank table for hands of `size` cards (5..=7), keyed by the low 32 bits of the key.
    #[inline(always)]
    pub fn rank_strength(&self, size: usize, key: u32) -> u16 {
        self.by_size[size - 5].get(key)
    }

    /// The rank table for hands of `size` cards (5..=7).
    pub fn rank_table(&self, size: usize) -> &RowTable {
        &self.by_size[size - 5]
    }

    /// A reader of the rank table for hands of `size` cards (5..=7), for hot loops.
    #[inline(always)]
    pub fn rank_reader(&self, size: usize) -> RowReader<'_, DEFAULT_COLUMN_BITS> {
        self.by_size[size - 5].reader()
    }

    /// Bytes of all tables.
    pub fn size_in_bytes(&self) -> usize {
        self.by_size
            .iter()
            .map(RowTable::size_in_bytes)
            .sum::<usize>()
            + self.flush.len() * 2
    }
}

impl FiveToSevenRows for HighTables {
    /// Strengths of rows of `W` (5..=7) cards, checked.
    #[inline(always)]
    fn eval_rows<const W: usize>(&self, isa: Isa, rows: &[[Card; W]], out: &mut [u16]) -> bool {
        let table = self.rank_reader(W);
        eval_rows_by_key(isa, &BATCH_KEYS, table, FLUSH_FLAGS, rows, out, |row| {
            self.flush_strength_of(row)
        })
    }
}

/// The high-hand tables, built on first use.
pub fn tables() -> &'static HighTables {
    static TABLES: OnceLock<HighTables> = OnceLock::new();
    TABLES.get_or_init(HighTables::build)
}

/// Checks that a hand (or a hand size asked for) has 5, 6 or 7 cards.
pub fn check_five_to_seven(n_cards: usize) -> Result<()> {
    if (5..=7).contains(&n_cards) {
        return Ok(());
    }
    Err(Error::HandSize {
        got: n_cards,
        allowed: "5, 6 or 7 cards",
    })
}

/// Strength (1..=7462, bigger wins) of 5, 6 or 7 cards, checked.
pub fn evaluate(cards: &[Card]) -> Result<u16> {
    check_five_to_seven(cards.len())?;
    crate::card::check_hand(cards, false, None)?;
    Ok(tables().eval(cards))
}

/// Strengths of `cards.len() / width` hands of `width` (5..=7) cards each into `out`.
pub fn evaluate_batch(cards: &[Card], width: usize, out: &mut [u16]) -> Result<()> {
    evaluate_batch_on(Isa::best(), cards, width, out)
}

/// [`evaluate_batch`] on the instruction set `isa`.
pub fn evaluate_batch_on(isa: Isa, cards: &[Card], width: usize, out: &mut [u16]) -> Result<()> {
    map_five_to_seven(isa, cards, width, out, tables())
}

/// The batch loop of the key-sum evaluators: each row's key (the sum of its cards' batch
/// `keys`) read in `table`, which comes by value so that it stays in registers across the
/// loop; a row whose key has a bit of `special` (bits of a card key above its rank part: a
/// flush, the joker) goes to `slow` instead. Returns `false` (with nothing written) when a
/// row holds a card outside the keys' deck or repeats one. With AVX2, whole blocks of 5 to 7
/// cards are checked and take their keys in one pass, [`super::block_keys`], when `keys`
/// allow it, and `slow` is inlined for the rows they flag (it should be short, as
/// [`HighTables`]' flush path is); other rows are checked first as [`Isa::rows_are_valid`]
/// does, and `slow` is called out of line.
#[inline(always)]
pub(super) fn eval_rows_by_key<const W: usize>(
    isa: Isa,
    keys: &BatchKeys,
    table: RowReader<'_, DEFAULT_COLUMN_BITS>,
    special: u64,
    rows: &[[Card; W]],
    out: &mut [u16],
    slow: impl Fn(&[Card; W]) -> u16,
) -> bool {
    let special = BatchKeys::moved(special);
    /// The slow path stays out of the row loop, which it would crowd.
    #[cold]
    #[inline(never)]
    fn out_of_line<const W: usize>(slow: &impl Fn(&[Card; W]) -> u16, row: &[Card; W]) -> u16 {
        slow(row)
    }
    let finish = |key: u64, row: &[Card; W]| {
        if key & special != 0 {
            out_of_line(&slow, row)
        } else {
            table.get_premultiplied(key as u32)
        }
    };
    // Measured for 5 cards too (with the table keys computed in the block pass):
    // 295 -> 418 M rows per CPU-second, 26.2 -> 22.9 instructions a row.
    #[cfg(target_arch = "x86_64")]
    if let (Isa::Avx2, Some(rank_bytes), super::batch::BLOCK_ROWS, 5..=7) =
        (isa, &keys.rank_bytes, rows.len(), W)
    {
        // Keys with rank bytes are special for their flushes or not at all. Measured for
        // ace-to-five (no special key): 7-card rows take 17.7 instructions instead of 25.2
        // without the suit counters.
        let flushes = special != 0;
        debug_assert!(!flushes || special == BatchKeys::moved(FLUSH_FLAGS));
        let block_keys = if flushes {
            super::block_keys::avx2::block_keys::<W, true>
        } else {
            super::block_keys::avx2::block_keys::<W, false>
        };
        let mut keys = std::mem::MaybeUninit::uninit();
        // SAFETY: Avx2 is only chosen when the CPU has AVX2; the block is whole, at most 7
        // cards a row. When block_keys finds the cards valid (of the standard deck, the only
        // one of keys with rank bytes), it wrote every field of `keys`.
        let keys = unsafe {
            if !block_keys(rows, rank_bytes, &mut keys) {
                return false;
            }
            keys.assume_init_ref()
        };
        // Every key reads inside the table; the flushes are then redone, with no branch per
        // row. A whole block's size is known, so the loop unrolls.
        use super::batch::BLOCK_ROWS;
        let out: &mut [u16; BLOCK_ROWS] = (&mut out[..BLOCK_ROWS]).try_into().expect("a block");
        for (key, slot) in keys.scattered.iter().zip(out.iter_mut()) {
            // A volatile read keeps the key a load from the stored block: LLVM would otherwise
            // take it out of the vector the block pass stored (`vpextrd`, two micro-ops on
            // Zen 3; a load is one). Measured, medians of 40 alternating runs: 5-card high
            // rows 3-7% faster, 7-card 2-3%, 7-card ace-to-five the same.
            // SAFETY: a reference is valid to read; block_keys masked each key below
            // 2^KEY_BITS.
            *slot = unsafe { table.get_scattered(std::ptr::read_volatile(key) as u32) };
        }
        let mut flush_rows = keys.flush_rows;
        while flush_rows != 0 {
            let i = flush_rows.trailing_zeros() as usize;
            out[i] = slow(&rows[i]);
            flush_rows &= flush_rows - 1;
        }
        return true;
    }
    if !isa.rows_are_valid(rows, keys.deck) {
        return false;
    }
    let eval = |row: &[Card; W]| {
        let key = row[1..]
            .iter()
            .fold(keys.first[row[0] as usize], |key, &c| {
                key + keys.rest[c as usize]
            });
        finish(key, row)
    };
    // Two rows a turn: half the loop's own instructions.
    let (row_pairs, last_row) = rows.as_chunks::<2>();
    let (slot_pairs, last_slot) = out.as_chunks_mut::<2>();
    for ([first, second], [a, b]) in row_pairs.iter().zip(slot_pairs) {
        *a = eval(first);
        *b = eval(second);
    }
    if let (Some(row), Some(slot)) = (last_row.first(), last_slot.first_mut()) {
        *slot = eval(row);
    }
    true
}

/// `+1`, `0` or `-1` per row as hand `a` beats, ties or loses to hand `b`.
pub fn compare_batch(a: &[Card], b: &[Card], width: usize, out: &mut [i8]) -> Result<()> {
    if a.len() != b.len() {
        return Err(Error::InvalidArgument(
            "the two batches have different shapes".to_string(),
        ));
    }
    let mut sa = vec![0u16; out.len()];
    let mut sb = vec![0u16; out.len()];
    evaluate_batch(a, width, &mut sa)?;
    evaluate_batch(b, width, &mut sb)?;
    for ((o, x), y) in out.iter_mut().zip(&sa).zip(&sb) {
        *o = x.cmp(y) as i8;
    }
    Ok(())
}

/// The category of a five-card-scale strength, or `None` outside 1..=7462.
pub fn category(strength: u16) -> Option<Category> {
    scale().info(strength).map(|i| i.category)
}

/// The class of a five-card-scale strength, or `None` outside 1..=7462.
pub fn class_info(strength: u16) -> Option<ClassInfo> {
    scale().info(strength)
}

/// How many hands of `n_cards` (5..=7) reach each strength: index = strength, index 0 unused.
///
/// Walks every one of the C(52, n) hands with running key sums, in parallel over the first two
/// cards; polls `stop` before each of those 1,326 parts (a millisecond or less of work each).
pub fn strength_histogram(n_cards: usize, stop: &Stop) -> Result<Vec<u64>> {
    check_five_to_seven(n_cards)?;
    use rayon::prelude::*;
    let t = tables();
    // Indexed by any u16, so the hot loop needs no bounds check; only the first
    // CLASS_COUNT + 1 entries are ever touched (the rest stay untouched zero pages).
    let new_histogram = || -> Box<[u64; 1 << 16]> {
        vec![0u64; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .expect("2^16 entries")
    };
    let pairs = (0..52u8).flat_map(|first| (first + 1..52).map(move |second| (first, second)));
    let histogram = pairs
        .collect::<Vec<_>>()
        .into_par_iter()
        .try_fold(new_histogram, |mut hist, (first, second)| {
            stop.check()?;
            let mut hand = [0u8; 7];
            hand[..2].copy_from_slice(&[first, second]);
            let key = SUIT_START + CARD_KEYS[first as usize] + CARD_KEYS[second as usize];
            walk(t, &mut hand, 2, n_cards, second + 1, key, &mut hist);
            Ok(hist)
        })
        .try_reduce_with(|mut a, b| {
            a.iter_mut().zip(b.iter()).for_each(|(x, y)| *x += y);
            Ok(a)
        })
        .expect("1,326 first pairs")?;
    Ok(histogram[..=CLASS_COUNT].to_vec())
}

/// The same histogram as [`strength_histogram`], counted by rank pattern instead of walked.
///
/// A multiset of ranks (counts 0..=4) is dealt in `prod C(4, count)` suit assignments; those
/// that put five or more cards in one suit are flushes (at most one suit can, with seven cards
/// or fewer), and the rest are worth the rank table's strength. A flush is worth the flush
/// table's entry for its suit's ranks whatever the other cards are (with at most seven cards
/// they can make neither quads nor a full house beside it): `4 * C(39, n - k)` hands hold a
/// given `k`-rank set in one suit. Microseconds instead of a walk over every hand.
pub fn pattern_histogram(n_cards: usize) -> Result<Vec<u64>> {
    check_five_to_seven(n_cards)?;
    let t = tables();
    let mut histogram = vec![0u64; CLASS_COUNT + 1];
    for_each_rank_multiset(n_cards, 4, &mut |ranks| {
        let mut counts = [0usize; 13];
        ranks.iter().for_each(|&r| counts[r as usize] += 1);
        // in_suit[k]: suit assignments with exactly k cards in one given suit.
        let mut in_suit = [0u64; 8];
        in_suit[0] = 1;
        let mut all = 1u64;
        for &c in counts.iter().filter(|&&c| c > 0) {
            all *= binomial(4, c);
            let mut next = [0u64; 8];
            for (k, &ways) in in_suit.iter().enumerate().filter(|&(_, &w)| w > 0) {
                next[k] += ways * binomial(3, c);
                if k + 1 < 8 {
                    next[k + 1] += ways * binomial(3, c - 1);
                }
            }
            in_suit = next;
        }
        let flushes: u64 = 4 * in_suit[5..].iter().sum::<u64>();
        let key: u32 = ranks.iter().map(|&r| rank_key(r)).sum();
        histogram[t.rank_strength(n_cards, key) as usize] += all - flushes;
    });
    for mask in 0usize..1 << 13 {
        let k = mask.count_ones() as usize;
        if (5..=n_cards).contains(&k) {
            histogram[t.flush_strength(mask) as usize] += 4 * binomial(39, n_cards - k);
        }
    }
    Ok(histogram)
}

/// `C(n, k)` for the small numbers above (0 when `k > n`).
fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
}

fn walk(
    t: &HighTables,
    hand: &mut [Card; 7],
    depth: usize,
    size: usize,
    start: u8,
    key: u64,
    hist: &mut [u64; 1 << 16],
) {
    if depth + 1 == size {
        let table = t.by_size[size - 5].reader();
        for (c, &card_key) in (start..52).zip(&CARD_KEYS[start as usize..52]) {
            let k = key + card_key;
            let strength = if k & FLUSH_FLAGS != 0 {
                hand[depth] = c;
                t.flush_of(&hand[..size])
            } else {
                table.get(k as u32)
            };
            hist[strength as usize] += 1;
        }
        return;
    }
    for c in start..52 {
        hand[depth] = c;
        let next = key + CARD_KEYS[c as usize];
        walk(t, hand, depth + 1, size, c + 1, next, hist);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn eval_text(text: &str) -> u16 {
        evaluate(&parse_cards(text).unwrap()).unwrap()
    }

    fn category_counts(n: usize) -> [u64; 9] {
        let hist = strength_histogram(n, &Stop::new()).unwrap();
        let mut counts = [0u64; 9];
        for (s, &count) in hist.iter().enumerate().skip(1) {
            counts[category(s as u16).unwrap() as usize] += count;
        }
        counts
    }

    /// Every key [`super::super::block_keys`] sums for a block equals the plain sum (masked to
    /// a rank table's key bits, and with `FLUSHES` whether it holds a flush), for rows of 4
    /// to 7 cards of the whole deck (each card at each place of a row somewhere). A block with
    /// a card repeated in a row, or a byte above 51, fails instead.
    #[cfg(target_arch = "x86_64")]
    fn block_keys_match_the_plain_sums<const W: usize, const FLUSHES: bool>() {
        use crate::eval::batch::BLOCK_ROWS;
        use crate::eval::row_table::KEY_BITS;
        let rank_bytes = BATCH_KEYS
            .rank_bytes
            .as_ref()
            .expect("standard keys have them");
        let cards = crate::card::random_rows(BLOCK_ROWS * 200, W, 52, 0x2545_f491 + W as u64);
        let (rows, _) = cards.as_chunks::<W>();
        for block in rows.chunks_exact(BLOCK_ROWS) {
            // SAFETY: checked for AVX2 by the caller; a whole block of at most 7 cards a row.
            let mut keys = std::mem::MaybeUninit::uninit();
            let keys = unsafe {
                assert!(super::super::block_keys::avx2::block_keys::<W, FLUSHES>(
                    block, rank_bytes, &mut keys,
                ));
                keys.assume_init_ref()
            };
            // Rows 4, 13, 22 and 31 spoiled: two repeats (the card at one place copied to
            // another), then two bytes that are no cards.
            let spoils: [fn(&mut [Card; W]); 4] = [
                |row| row[0] = row[1],
                |row| row[W - 1] = row[0],
                |row| row[2] = 52,
                |row| row[1] = 255,
            ];
            for (i, spoil) in spoils.into_iter().enumerate() {
                let mut bad = block.to_vec();
                spoil(&mut bad[(9 * i + 4) % BLOCK_ROWS]);
                let mut keys = std::mem::MaybeUninit::uninit();
                // SAFETY: as above; a bad block is allowed.
                assert!(!unsafe {
                    super::super::block_keys::avx2::block_keys::<W, FLUSHES>(
                        &bad, rank_bytes, &mut keys,
                    )
                });
            }
            for (i, row) in block.iter().enumerate() {
                let plain = row[1..]
                    .iter()
                    .fold(BATCH_KEYS.first[row[0] as usize], |k, &c| {
                        k + BATCH_KEYS.rest[c as usize]
                    });
                assert_eq!(keys.scattered[i], plain & ((1 << KEY_BITS) - 1), "{row:?}");
                let flush = FLUSHES && plain & BatchKeys::moved(FLUSH_FLAGS) != 0;
                assert_eq!(keys.flush_rows >> i & 1 == 1, flush, "{row:?}");
            }
        }
    }

    #[test]
    fn rank_key_sums_tell_every_multiset_apart() {
        /// Adds the sum of every multiset of ranks `from..13` with at most `left` cards (at
        /// most four of a rank), on top of `sum`, to `sums`.
        fn walk(from: u8, left: u32, sum: u32, sums: &mut Vec<u32>) {
            sums.push(sum);
            for r in from..13 {
                for copies in 1..=left.min(4) {
                    walk(r + 1, left - copies, sum + copies * rank_key(r), sums);
                }
            }
        }
        let mut sums = Vec::new();
        walk(1, 7, 0, &mut sums);
        let count = sums.len();
        sums.sort_unstable();
        sums.dedup();
        assert_eq!(sums.len(), count, "two multisets share a sum");
        assert!(*sums.last().unwrap() < 1 << 23);
        assert_eq!(rank_key(0), 0);
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn block_keys_equal_the_plain_sums() {
        if Isa::best() == Isa::Scalar {
            return;
        }
        block_keys_match_the_plain_sums::<4, true>();
        block_keys_match_the_plain_sums::<5, true>();
        block_keys_match_the_plain_sums::<6, true>();
        block_keys_match_the_plain_sums::<7, true>();
        block_keys_match_the_plain_sums::<7, false>();
    }

    #[test]
    fn only_keys_of_a_rank_part_and_a_suit_counter_have_rank_bytes() {
        let bytes = BATCH_KEYS.rank_bytes.expect("standard keys have them");
        let ace = premultiply(rank_key(12)).to_le_bytes();
        assert_eq!(bytes.map(|plane| plane[12]), ace[..KEY_BYTES]);
        assert_eq!(bytes.map(|plane| plane[13]), [0; KEY_BYTES]);
        let mut keys = CARD_KEYS;
        keys[52] = 1 << SUIT_SHIFT;
        assert!(BatchKeys::of(&keys, Deck::Standard).rank_bytes.is_none());
        let mut keys = CARD_KEYS;
        keys[5] += 1;
        assert!(BatchKeys::of(&keys, Deck::Standard).rank_bytes.is_none());
        // Bytes past a block's cards read rank 0, which must add nothing.
        let mut keys = CARD_KEYS;
        (0..4).for_each(|card| keys[card] += 1);
        assert!(BatchKeys::of(&keys, Deck::Standard).rank_bytes.is_none());
    }

    #[test]
    fn a_flush_reads_the_ranks_of_its_suit() {
        let t = tables();
        let mut flushes = 0;
        for size in 5..=7 {
            let cards = crate::card::random_rows(200_000, size, 52, size as u64);
            for hand in cards.chunks(size) {
                let Some(flush_suit) =
                    (0..4).find(|&s| hand.iter().filter(|&&c| suit(c) == s).count() >= 5)
                else {
                    continue;
                };
                let ranks = hand
                    .iter()
                    .filter(|&&c| suit(c) == flush_suit)
                    .fold(0usize, |m, &c| m | 1 << rank(c));
                assert_eq!(
                    t.flush_strength_of(hand),
                    t.flush_strength(ranks),
                    "{hand:?}"
                );
                flushes += 1;
            }
        }
        assert!(flushes > 5_000, "{flushes} flushes");
    }

    #[test]
    fn a_requested_stop_ends_the_walk() {
        let requested = Stop::new();
        requested.request();
        assert_eq!(strength_histogram(7, &requested), Err(Error::Stopped));
    }

    #[test]
    fn r_high_5_five_card_counts() {
        assert_eq!(
            category_counts(5),
            [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
        );
        let hist = strength_histogram(5, &Stop::new()).unwrap();
        assert_eq!(hist.iter().skip(1).filter(|&&c| c > 0).count(), 7462);
    }

    #[test]
    fn counting_by_pattern_matches_the_walk() {
        for n in 5..=7 {
            assert_eq!(
                pattern_histogram(n).unwrap(),
                strength_histogram(n, &Stop::new()).unwrap(),
                "{n}"
            );
        }
    }

    #[test]
    fn r_high_5_seven_card_counts() {
        assert_eq!(
            category_counts(7),
            [
                23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
                224_848, 41_584
            ]
        );
        let hist = strength_histogram(7, &Stop::new()).unwrap();
        assert_eq!(hist.iter().filter(|&&c| c > 0).count(), 4824);
    }

    #[test]
    fn r_high_2_wheel_and_no_wraparound() {
        assert_eq!(category(eval_text("As2d3c4h5s")), Some(Category::Straight));
        assert_eq!(
            category(eval_text("Ks As 2d 3c 4h")),
            Some(Category::HighCard)
        );
        assert!(eval_text("As2d3c4h5s") < eval_text("2d3c4h5s6c"));
    }

    #[test]
    fn seven_cards_take_the_best_five() {
        assert_eq!(eval_text("AsKsQsJsTs2c3d"), 7462);
        assert_eq!(
            eval_text("2c 3c 4c 5c 7d 7h 7s"),
            eval_text("7d 7h 7s 5c 4c")
        );
    }

    #[test]
    fn each_table_fits_in_a_half_megabyte_l2() {
        for table in &tables().by_size {
            assert!(
                table.size_in_bytes() < 256 * 1024,
                "{}",
                table.size_in_bytes()
            );
        }
    }

    #[test]
    fn batch_reports_the_bad_row() {
        let mut out = [0u16; 2];
        let cards = [0, 1, 2, 3, 4, 5, 6, 7, 8, 8];
        assert_eq!(
            evaluate_batch(&cards, 5, &mut out).unwrap_err(),
            Error::DuplicateCard {
                card: 8,
                row: Some(1)
            }
        );
    }
}
