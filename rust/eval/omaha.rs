//! Omaha high and Omaha Hi/Lo eight-or-better (R-HIGH-4, R-A5-4): a hand is exactly two of
//! its 4, 5 or 6 hole cards plus exactly three of the 3, 4 or 5 board cards.
//!
//! Every two-card hole subset and three-card board subset is summed once; each of their
//! pairings is one add and one lookup in the five-card rank table of the high evaluator (the
//! keys are premultiplied by the table's scatter factor, which distributes over the sum).
//! The low depends only on which values ace..eight the hole and the board hold, so one
//! lookup in a 65,536-entry table of the ace-to-five evaluator answers it. Flushes are found
//! per suit: only a suit with three board cards and two hole cards can make one, and the best
//! is read from the high flush table over the union of the chosen rank sets. A flush beats
//! every hand its ranks alone make, so the best of both answers is exact.

use super::ace_five::{self, AceFiveTables};
use super::batch::{check_batch_shape, splitting_pays};
use super::high::{self, rank_key, HighTables};
use super::row_table::premultiply;
use crate::card::{rank, suit, Card};
use crate::error::{Error, Result};

/// Hole-card counts Omaha variants use.
pub const HOLE_SIZES: std::ops::RangeInclusive<usize> = 4..=6;
/// Board sizes with three or more cards (flop, turn, river).
pub const BOARD_SIZES: std::ops::RangeInclusive<usize> = 3..=5;

/// Each byte's rank key, premultiplied for the rank table (bytes over 51 map to 0; rows are
/// checked before use).
const fn premultiplied_keys() -> [u32; 256] {
    let mut keys = [0u32; 256];
    let mut card = 0;
    while card < 52 {
        keys[card] = premultiply(rank_key(rank(card as u8)));
        card += 1;
    }
    keys
}

const PREMULTIPLIED_KEYS: [u32; 256] = premultiplied_keys();

/// Each byte's bit among the ace-low values that can make an eight-or-better low (ace = bit 0
/// .. eight = bit 7); 0 for a nine or higher.
const fn low_values() -> [u8; 256] {
    let mut bits = [0u8; 256];
    let mut card = 0;
    while card < 52 {
        let value = (rank(card as u8) + 1) % 13;
        if value <= 7 {
            bits[card] = 1 << value;
        }
        card += 1;
    }
    bits
}

const LOW_VALUES: [u8; 256] = low_values();

/// The premultiplied rank-key sums of every `K`-card subset (K = 2 or 3) of `cards` (first
/// `len` entries) and `len`. The card count is a constant so that the loops unroll into
/// straight-line code.
#[inline(always)]
fn subset_sums<const K: usize, const N: usize>(cards: &[Card; N]) -> ([u32; 20], usize) {
    let values = cards.map(|c| PREMULTIPLIED_KEYS[c as usize]);
    let mut out = [0; 20];
    let mut len = 0;
    for a in 0..N {
        for b in a + 1..N {
            let ab = values[a].wrapping_add(values[b]);
            if K == 2 {
                out[len] = ab;
                len += 1;
                continue;
            }
            for &vc in &values[b + 1..N] {
                out[len] = ab.wrapping_add(vc);
                len += 1;
            }
        }
    }
    (out, len)
}

/// Each byte's suit as a one in its nibble (`1 << 4 * suit`), so that a sum counts suits.
const fn suit_nibbles() -> [u16; 256] {
    let mut nibbles = [0u16; 256];
    let mut card = 0;
    while card < 52 {
        nibbles[card] = 1 << (4 * suit(card as u8));
        card += 1;
    }
    nibbles
}

const SUIT_NIBBLES: [u16; 256] = suit_nibbles();

/// Whether some suit holds three board cards and two hole cards, the only way to a flush.
#[inline(always)]
fn may_flush(hole: &[Card], board: &[Card]) -> bool {
    let count = |cards: &[Card]| cards.iter().map(|&c| SUIT_NIBBLES[c as usize]).sum::<u16>();
    // Adding 5 (6) sets bit 3 of a nibble exactly when it counts three (two) or more; no
    // count exceeds 6, so no nibble carries into the next.
    let board_threes = (count(board) + 0x5555) & 0x8888;
    let hole_twos = (count(hole) + 0x6666) & 0x8888;
    board_threes & hole_twos != 0
}

/// The rank bits of each suit among `cards` (one bit per card, in card order) and how many.
///
/// Counting here, not with `count_ones`, matters: portable builds have no popcount instruction.
#[inline(always)]
fn suit_rank_bits(cards: &[Card]) -> ([[u32; 6]; 4], [usize; 4]) {
    let mut bits = [[0u32; 6]; 4];
    let mut counts = [0usize; 4];
    for &c in cards {
        let s = suit(c) as usize;
        bits[s][counts[s]] = 1 << rank(c);
        counts[s] += 1;
    }
    (bits, counts)
}

/// The best flush (or straight flush) strength of the hand, 0 if none can be made: two hole
/// cards and three board cards of one suit, read from the high flush table.
/// Kept out of line: [`may_flush`] lets it run for few hands.
#[inline(never)]
fn best_flush(t: &HighTables, hole: &[Card], board: &[Card]) -> u16 {
    let (board_bits, board_counts) = suit_rank_bits(board);
    let (hole_bits, hole_counts) = suit_rank_bits(hole);
    let mut best = 0;
    for s in 0..4 {
        let (b, h) = (
            &board_bits[s][..board_counts[s]],
            &hole_bits[s][..hole_counts[s]],
        );
        if b.len() < 3 || h.len() < 2 {
            continue;
        }
        for (i, &h1) in h.iter().enumerate() {
            for &h2 in &h[i + 1..] {
                for (j, &b1) in b.iter().enumerate() {
                    for (k, &b2) in b.iter().enumerate().skip(j + 1) {
                        for &b3 in &b[k + 1..] {
                            let set = h1 | h2 | b1 | b2 | b3;
                            best = best.max(t.flush_strength(set as usize));
                        }
                    }
                }
            }
        }
    }
    best
}

/// The high strength and the best eight-or-better low (0 when none, which
/// [`ace_five::qualifies_low8`] rejects) of a valid hand; the low is computed only when
/// `with_low`. Unchecked: the equity walker's hot path.
///
/// An eight-or-better low is two distinct hole values and three other board values among
/// ace..eight, so the sets of those values in hole and board determine the best one.
#[inline(always)]
pub fn best_of(
    t: &HighTables,
    a5: &AceFiveTables,
    hole: &[Card],
    board: &[Card],
    with_low: bool,
) -> (u16, u16) {
    match hole.len() {
        4 => best_with_hole::<4>(t, a5, hole, board, with_low),
        5 => best_with_hole::<5>(t, a5, hole, board, with_low),
        _ => best_with_hole::<6>(t, a5, hole, board, with_low),
    }
}

/// `cards` as an array; callers have matched its length.
#[inline(always)]
fn sized<const N: usize>(cards: &[Card]) -> &[Card; N] {
    cards.try_into().expect("length matched by the caller")
}

/// [`best_of`] for `H` hole cards: dispatches on the board size.
#[inline(always)]
fn best_with_hole<const H: usize>(
    t: &HighTables,
    a5: &AceFiveTables,
    hole: &[Card],
    board: &[Card],
    with_low: bool,
) -> (u16, u16) {
    let hole = sized::<H>(hole);
    match board.len() {
        3 => best_of_sized::<H, 3>(t, a5, hole, sized(board), with_low),
        4 => best_of_sized::<H, 4>(t, a5, hole, sized(board), with_low),
        _ => best_of_sized::<H, 5>(t, a5, hole, sized(board), with_low),
    }
}

/// [`best_of`] for `H` hole cards and `B` board cards.
#[inline(always)]
fn best_of_sized<const H: usize, const B: usize>(
    t: &HighTables,
    a5: &AceFiveTables,
    hole: &[Card; H],
    board: &[Card; B],
    with_low: bool,
) -> (u16, u16) {
    let (pairs, pair_count) = subset_sums::<2, H>(hole);
    let (triples, triple_count) = subset_sums::<3, B>(board);
    let five = t.rank_reader(5);
    let mut high_best = if may_flush(hole, board) {
        best_flush(t, hole, board)
    } else {
        0
    };
    for &p in &pairs[..pair_count] {
        for &q in &triples[..triple_count] {
            high_best = high_best.max(five.get_premultiplied(p.wrapping_add(q)));
        }
    }
    let low_best = if with_low {
        best_low8(a5, hole, board)
    } else {
        0
    };
    (high_best, low_best)
}

/// The best eight-or-better low (0 when none) of two of `hole` and three of `board`, valid
/// cards unchecked: made from the sets of low values in each (see [`best_of`]).
#[inline(always)]
pub fn best_low8(a5: &AceFiveTables, hole: &[Card], board: &[Card]) -> u16 {
    let values = |cards: &[Card]| cards.iter().fold(0, |set, &c| set | LOW_VALUES[c as usize]);
    a5.omaha_low8(values(hole), values(board))
}

/// Checks the sizes and that hole and board together hold distinct cards `0..52`.
pub(crate) fn check(hole: &[Card], board: &[Card], row: Option<usize>) -> Result<()> {
    if !HOLE_SIZES.contains(&hole.len()) {
        return Err(Error::HandSize {
            got: hole.len(),
            allowed: "4, 5 or 6 Omaha hole cards",
        });
    }
    if !BOARD_SIZES.contains(&board.len()) {
        return Err(Error::InvalidArgument(format!(
            "an Omaha board has 3, 4 or 5 cards, not {}",
            board.len()
        )));
    }
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    crate::card::check_hand(&all, false, row)
}

/// High strength (1..=7462) of an Omaha hand: the best of two hole cards + three board cards.
pub fn evaluate(hole: &[Card], board: &[Card]) -> Result<u16> {
    check(hole, board, None)?;
    Ok(best_of(high::tables(), ace_five::tables(), hole, board, false).0)
}

/// Omaha Hi/Lo: the high strength and the eight-or-better low (ace-to-five strength), `None`
/// when no low qualifies (R-A5-4).
pub fn evaluate_hilo(hole: &[Card], board: &[Card]) -> Result<(u16, Option<u16>)> {
    check(hole, board, None)?;
    let (high, low) = best_of(high::tables(), ace_five::tables(), hole, board, true);
    Ok((high, (low > 0).then_some(low)))
}

/// Where an Omaha hand stands against every two-card holding of the cards it cannot see
/// (neither its own nor the board's): an opponent's hand is exactly its two cards and three of
/// the board, so the share of holdings that beat it says how near the nuts it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardRead {
    /// The hand's high strength.
    pub high: u16,
    /// Its eight-or-better low, 0 when none (or when the low was not asked for).
    pub low: u16,
    /// The two-card holdings of the unseen cards.
    pub holdings: u32,
    /// The holdings whose high beats [`BoardRead::high`].
    pub beat_high: u32,
    /// The holdings whose eight-or-better low beats [`BoardRead::low`] (any low, when the hand
    /// has none); 0 when the low was not asked for.
    pub beat_low: u32,
}

/// [`BoardRead`] of `hole` with `board`, its lows too when `with_low`; refused as
/// [`evaluate`] refuses a hand.
pub fn board_read(hole: &[Card], board: &[Card], with_low: bool) -> Result<BoardRead> {
    check(hole, board, None)?;
    let (t, a5) = (high::tables(), ace_five::tables());
    let (high, low) = best_of(t, a5, hole, board, with_low);
    let known = hole.iter().chain(board).fold(0u64, |set, &c| set | 1 << c);
    let unseen: Vec<Card> = (0..52).filter(|&c| known & 1 << c == 0).collect();
    let mut read = BoardRead {
        high,
        low,
        holdings: 0,
        beat_high: 0,
        beat_low: 0,
    };
    for (i, &first) in unseen.iter().enumerate() {
        for &second in &unseen[i + 1..] {
            let pair = [first, second];
            let (their_high, their_low) = match board.len() {
                3 => best_of_sized::<2, 3>(t, a5, &pair, sized(board), with_low),
                4 => best_of_sized::<2, 4>(t, a5, &pair, sized(board), with_low),
                _ => best_of_sized::<2, 5>(t, a5, &pair, sized(board), with_low),
            };
            let their_low = if ace_five::qualifies_low8(their_low) {
                their_low
            } else {
                0
            };
            read.holdings += 1;
            read.beat_high += u32::from(their_high > high);
            read.beat_low += u32::from(with_low && their_low > low);
        }
    }
    Ok(read)
}

/// Rows per parallel task; below twice this a batch runs on the calling thread.
const PARALLEL_CHUNK: usize = 1 << 11;

/// Applies `per_row(hole, board)` to each row pair after checking it; parallel when large.
fn map_hands<T: Send + Copy>(
    hole: &[Card],
    hole_width: usize,
    board: &[Card],
    board_width: usize,
    out: &mut [T],
    per_row: impl Fn(&[Card], &[Card]) -> T + Sync,
) -> Result<()> {
    let rows = out.len();
    check_batch_shape(hole.len(), hole_width, rows, HOLE_SIZES)?;
    check_batch_shape(board.len(), board_width, rows, BOARD_SIZES)?;
    let run = |start: usize, hole: &[Card], board: &[Card], out: &mut [T]| -> Result<()> {
        let rows = hole
            .chunks_exact(hole_width)
            .zip(board.chunks_exact(board_width));
        for (i, ((h, b), slot)) in rows.zip(out.iter_mut()).enumerate() {
            let mut seen = 0u64;
            let mut largest = 0u8;
            for &c in h.iter().chain(b) {
                seen |= 1 << (c & 63);
                largest = largest.max(c);
            }
            if largest >= 52 || seen.count_ones() as usize != hole_width + board_width {
                return Err(check(h, b, Some(start + i)).expect_err("row is invalid"));
            }
            *slot = per_row(h, b);
        }
        Ok(())
    };
    if !splitting_pays(rows, PARALLEL_CHUNK) {
        return run(0, hole, board, out);
    }
    use rayon::prelude::*;
    let first_error = hole
        .par_chunks(PARALLEL_CHUNK * hole_width)
        .zip(board.par_chunks(PARALLEL_CHUNK * board_width))
        .zip(out.par_chunks_mut(PARALLEL_CHUNK))
        .enumerate()
        .filter_map(|(i, ((h, b), o))| run(i * PARALLEL_CHUNK, h, b, o).err())
        .collect::<Vec<Error>>()
        .into_iter()
        .next();
    first_error.map_or(Ok(()), Err)
}

/// High strengths of `rows` Omaha hands: `hole` rows of `hole_width` cards, `board` rows of
/// `board_width` cards, into `out`.
pub fn evaluate_batch(
    hole: &[Card],
    hole_width: usize,
    board: &[Card],
    board_width: usize,
    out: &mut [u16],
) -> Result<()> {
    let (t, a5) = (high::tables(), ace_five::tables());
    map_hands(hole, hole_width, board, board_width, out, |h, b| {
        best_of(t, a5, h, b, false).0
    })
}

/// Omaha Hi/Lo of `rows` hands: `(high, low)` per row, the low 0 when none qualifies.
pub fn evaluate_hilo_batch(
    hole: &[Card],
    hole_width: usize,
    board: &[Card],
    board_width: usize,
    out: &mut [(u16, u16)],
) -> Result<()> {
    let (t, a5) = (high::tables(), ace_five::tables());
    map_hands(hole, hole_width, board, board_width, out, |h, b| {
        let (high, low) = best_of(t, a5, h, b, true);
        (
            high,
            if ace_five::qualifies_low8(low) {
                low
            } else {
                0
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(text).unwrap()
    }

    fn omaha(hole: &str, board: &str) -> u16 {
        evaluate(&cards(hole), &cards(board)).unwrap()
    }

    /// Slow reference: every two of the hole and three of the board, through the checked
    /// five-card evaluators.
    fn by_subsets(hole: &[Card], board: &[Card]) -> (u16, Option<u16>) {
        let (mut high_best, mut low_best) = (0, 0);
        for a in 0..hole.len() {
            for b in a + 1..hole.len() {
                for c in 0..board.len() {
                    for d in c + 1..board.len() {
                        for e in d + 1..board.len() {
                            let five = [hole[a], hole[b], board[c], board[d], board[e]];
                            high_best = high_best.max(high::evaluate(&five).unwrap());
                            low_best = low_best.max(ace_five::evaluate(&five).unwrap());
                        }
                    }
                }
            }
        }
        (
            high_best,
            ace_five::qualifies_low8(low_best).then_some(low_best),
        )
    }

    #[test]
    fn r_high_4_exactly_two_hole_cards_and_three_board_cards() {
        // Four spades on the board and one in the hand make no flush.
        let no_flush = omaha("As Kd Qc 2h", "3s 4s 5s 9s Jd");
        assert!(no_flush < omaha("As Ks Qc 2h", "3s 4s 5s 9s Jd"));
        assert_eq!(
            no_flush,
            high::evaluate(&cards("As 2h 3s 4s 5s")).unwrap(),
            "the wheel with A2 from the hand"
        );
        // Quads on the board play only three of them.
        assert_eq!(
            omaha("Kc Kd 2c 3d", "Ac Ad Ah As 7c"),
            high::evaluate(&cards("Kc Kd Ac Ad Ah")).unwrap()
        );
    }

    #[test]
    fn board_read_counts_the_holdings_that_beat_the_hand() {
        // A royal flush: nothing beats it; any two unseen of 45 cards is a holding.
        let nuts = board_read(&cards("As Ks 7d 2c"), &cards("Qs Js Ts"), true).unwrap();
        assert_eq!((nuts.holdings, nuts.beat_high), (45 * 44 / 2, 0));
        assert_eq!(nuts.low, 0, "no low on a board of three high cards");
        assert_eq!(nuts.beat_low, 0, "nor for anyone");
        // Against the slow reference, holding by holding.
        let (hole, board) = (cards("Ah 2h Kd Ks"), cards("3c 4d 8h Jc"));
        let read = board_read(&hole, &board, true).unwrap();
        let (high, low) = by_subsets(&hole, &board);
        let unseen: Vec<Card> = (0..52)
            .filter(|c| !hole.contains(c) && !board.contains(c))
            .collect();
        let (mut beat_high, mut beat_low) = (0, 0);
        for (i, &a) in unseen.iter().enumerate() {
            for &b in &unseen[i + 1..] {
                let (their_high, their_low) = by_subsets(&[a, b], &board);
                beat_high += u32::from(their_high > high);
                beat_low += u32::from(their_low.unwrap_or(0) > low.unwrap_or(0));
            }
        }
        assert_eq!((read.high, read.low), (high, low.unwrap_or(0)));
        assert_eq!((read.beat_high, read.beat_low), (beat_high, beat_low));
        assert!(board_read(&hole, &cards("3c 4d"), false).is_err());
    }

    #[test]
    fn hilo_marks_a_missing_low_absent() {
        let (high, low) = evaluate_hilo(&cards("As 2s Kd Kh"), &cards("3c 4d 8h Jc Qd")).unwrap();
        assert_eq!(high, high::evaluate(&cards("Kd Kh Qd Jc 8h")).unwrap());
        assert_eq!(
            low,
            Some(ace_five::evaluate(&cards("As 2s 3c 4d 8h")).unwrap())
        );
        let (_, none) = evaluate_hilo(&cards("As 2s Kd Kh"), &cards("3c 9d Th Jc Qd")).unwrap();
        assert_eq!(none, None);
    }

    #[test]
    fn agrees_with_subsets_on_random_hands() {
        for n in 0..20_000 {
            let hole_size = 4 + n % 3;
            let board_size = 3 + n % 3;
            let hand = crate::card::random_rows(1, hole_size + board_size, 52, n as u64 + 99);
            let (hole, board) = hand.split_at(hole_size);
            assert_eq!(evaluate_hilo(hole, board).unwrap(), by_subsets(hole, board));
        }
    }

    #[test]
    fn batch_matches_scalar_and_names_bad_rows() {
        let hole = cards("As 2s Kd Kh Qc Qd 7h 6h");
        let board = cards("3c 4d 8h Jc Qs 9c Td 2h 3h 4h");
        let mut out = [(0u16, 0u16); 2];
        evaluate_hilo_batch(&hole, 4, &board, 5, &mut out).unwrap();
        for (i, &(high, low)) in out.iter().enumerate() {
            let (h, l) = evaluate_hilo(&hole[i * 4..i * 4 + 4], &board[i * 5..i * 5 + 5]).unwrap();
            assert_eq!((high, low), (h, l.unwrap_or(0)));
        }
        let bad_board = cards("3c 4d 8h Jc Qs 9c Td 2h 3h Qc");
        let mut highs = [0u16; 2];
        assert_eq!(
            evaluate_batch(&hole, 4, &bad_board, 5, &mut highs).unwrap_err(),
            Error::DuplicateCard {
                card: cards("Qc")[0],
                row: Some(1)
            }
        );
    }

    #[test]
    fn rejects_bad_sizes() {
        let board = cards("3c 4d 8h Jc Qs");
        assert!(matches!(
            evaluate(&cards("As Ks Qs"), &board),
            Err(Error::HandSize { got: 3, .. })
        ));
        assert!(matches!(
            evaluate(&cards("As Ks Qs Js"), &cards("3c 4d")),
            Err(Error::InvalidArgument(_))
        ));
        assert!(matches!(
            evaluate(&[51, 50, 49, 52], &board),
            Err(Error::CardOutOfRange { value: 52, .. })
        ));
    }
}
