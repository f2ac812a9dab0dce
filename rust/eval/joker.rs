//! Joker-wild high hands of five cards from the 53-card deck (R-JOKER-1..3).
//!
//! The scale is the high scale (1..=7462, so a joker hand equal to a natural hand has the same
//! strength and ties with it, R-JOKER-3) with the 13 five-of-a-kind classes on top
//! (7463 = five deuces .. 7475 = five aces, R-JOKER-1).
//!
//! A hand without the joker is a high hand. With the joker, the other four cards decide:
//! the joker adds 1 to every suit counter of the high key, so a suit counter reaches the flush
//! flag exactly when the four are suited; then a table over their 13-bit rank set answers
//! (the joker becomes the best card of that suit not already present, R-JOKER-2). Otherwise a
//! row table over the four cards' rank key answers with the best rank the joker can add
//! (any rank, five of a kind when the four are quads). A suited four always makes at least a
//! flush, which beats every hand the ranks alone can make, so the flush table is the answer.

use super::batch::{check_batch_shape, map_checking_blocks, Deck, Isa};
use super::classes::{for_each_rank_multiset, scale, Category, ClassInfo, CLASS_COUNT};
use super::high::{
    self, rank_key, BatchKeys, HighTables, CARD_KEYS, FLUSH_FLAGS, SUIT_SHIFT, SUIT_START,
};
use super::row_table::RowTable;
use crate::card::{rank, suit, Card, JOKER};
use crate::error::{Error, Result};
use std::sync::OnceLock;

/// Number of joker-wild classes: the high scale plus five of a kind in each rank.
pub const JOKER_CLASS_COUNT: usize = CLASS_COUNT + 13;

/// Marks the joker in a key: above every rank key sum (those stay below `2^23`).
const JOKER_FLAG: u64 = 1 << 31;
/// The joker's key: one more card in every suit, nothing in the rank part, and the flag.
const JOKER_KEY: u64 = 0x1111 << SUIT_SHIFT | JOKER_FLAG;

/// The additive key of every card of the 53-card deck (bytes past the joker map to 0, as in
/// [`CARD_KEYS`]).
const fn card_keys53() -> [u64; 256] {
    let mut keys = CARD_KEYS;
    keys[JOKER as usize] = JOKER_KEY;
    keys
}

const CARD_KEYS53: [u64; 256] = card_keys53();

static BATCH_KEYS53: BatchKeys = BatchKeys::of(&CARD_KEYS53, Deck::WithJoker);

/// Strength of five of a kind of `rank`.
const fn five_of_a_kind(rank: u8) -> u16 {
    CLASS_COUNT as u16 + 1 + rank as u16
}

/// The joker-wild tables (the high tables serve hands without the joker).
pub struct JokerTables {
    high: &'static HighTables,
    /// Best strength of four cards + joker, keyed by the four cards' rank key sum.
    four_ranks: RowTable<12>,
    /// Best strength of four suited cards + joker, indexed by their 13-bit rank set.
    four_suited: Vec<u16>,
}

impl JokerTables {
    fn build() -> JokerTables {
        let high = high::tables();
        let scale = scale();
        let mut entries = Vec::new();
        for_each_rank_multiset(4, 4, &mut |ranks| {
            let key: u32 = ranks.iter().map(|&r| rank_key(r)).sum();
            let mut counts = [0u8; 13];
            ranks.iter().for_each(|&r| counts[r as usize] += 1);
            let best = match counts.iter().position(|&c| c == 4) {
                Some(quad) => five_of_a_kind(quad as u8),
                None => (0..13u8)
                    .filter(|&r| counts[r as usize] < 4)
                    .map(|r| scale.strength([ranks[0], ranks[1], ranks[2], ranks[3], r], false))
                    .max()
                    .expect("a rank is always free"),
            };
            entries.push((key, best));
        });
        let four_ranks = RowTable::<12>::build(&entries);
        let mut four_suited = vec![0u16; 1 << 13];
        for (mask, slot) in four_suited.iter_mut().enumerate() {
            if mask.count_ones() == 4 {
                *slot = (0..13)
                    .filter(|r| mask >> r & 1 == 0)
                    .map(|r| high.flush_strength(mask | 1 << r))
                    .max()
                    .expect("nine ranks are free");
            }
        }
        JokerTables {
            high,
            four_ranks,
            four_suited,
        }
    }

    /// Strength of five valid distinct cards of the 53-card deck (unchecked: see [`evaluate`]);
    /// the fast path of the draw engine.
    #[inline(always)]
    pub fn eval5(&self, cards: &[Card; 5]) -> u16 {
        let key = cards
            .iter()
            .fold(SUIT_START, |key, &c| key + CARD_KEYS53[c as usize]);
        if key & JOKER_FLAG == 0 {
            return self.high.finish(key, cards);
        }
        self.with_joker(key, cards)
    }

    /// Strength of five cards holding the joker, from their summed key (`SUIT_START` + keys).
    #[inline(always)]
    fn with_joker(&self, key: u64, cards: &[Card; 5]) -> u16 {
        let flags = key & FLUSH_FLAGS;
        if flags != 0 {
            let flush_suit = ((flags.trailing_zeros() - SUIT_SHIFT) / 4) as u8;
            let mask = cards
                .iter()
                .filter(|&&c| c != JOKER && suit(c) == flush_suit)
                .fold(0usize, |m, &c| m | 1 << rank(c));
            return self.four_suited[mask];
        }
        self.four_ranks.get((key & !JOKER_FLAG) as u32)
    }

    /// Strengths of rows of five valid distinct cards of the 53-card deck: the high hands by
    /// their rank key in one read, the flushes and the joker's hands through [`Self::eval5`].
    #[inline(always)]
    pub fn eval_rows(&self, isa: Isa, rows: &[[Card; 5]], out: &mut [u16]) -> bool {
        let table = self.high.rank_reader(5);
        high::eval_rows_by_key(
            isa,
            &BATCH_KEYS53,
            table,
            FLUSH_FLAGS | JOKER_FLAG,
            rows,
            out,
            |row| self.eval5(row),
        )
    }

    /// Bytes of the joker's own tables.
    pub fn size_in_bytes(&self) -> usize {
        self.four_ranks.size_in_bytes() + self.four_suited.len() * 2
    }
}

/// The joker-wild tables, built on first use.
pub fn tables() -> &'static JokerTables {
    static TABLES: OnceLock<JokerTables> = OnceLock::new();
    TABLES.get_or_init(JokerTables::build)
}

fn as_five(cards: &[Card]) -> [Card; 5] {
    cards.try_into().expect("five cards")
}

/// Strength (1..=7475, bigger wins) of five cards of the 53-card deck, checked.
pub fn evaluate(cards: &[Card]) -> Result<u16> {
    if cards.len() != 5 {
        return Err(Error::HandSize {
            got: cards.len(),
            allowed: "5 cards",
        });
    }
    crate::card::check_hand(cards, true, None)?;
    Ok(tables().eval5(&as_five(cards)))
}

/// Strengths of `cards.len() / width` hands of five cards (the joker allowed) into `out`.
pub fn evaluate_batch(cards: &[Card], width: usize, out: &mut [u16]) -> Result<()> {
    evaluate_batch_on(Isa::best(), cards, width, out)
}

/// [`evaluate_batch`] on the instruction set `isa`.
pub fn evaluate_batch_on(isa: Isa, cards: &[Card], width: usize, out: &mut [u16]) -> Result<()> {
    check_batch_shape(cards.len(), width, out.len(), 5..=5)?;
    let t = tables();
    map_checking_blocks::<5, _>(
        isa,
        cards,
        out,
        Deck::WithJoker,
        #[inline(always)]
        |isa, rows, out| t.eval_rows(isa, rows, out),
    )
}

/// The class of a joker-wild strength, or `None` outside 1..=7475.
pub fn class_info(strength: u16) -> Option<ClassInfo> {
    match strength as usize {
        s if s > CLASS_COUNT && s <= JOKER_CLASS_COUNT => {
            let r = (s - CLASS_COUNT - 1) as u8;
            Some(ClassInfo {
                category: Category::FiveOfAKind,
                ranks: [r; 5],
            })
        }
        _ => high::class_info(strength),
    }
}

/// How many of the C(53, 5) hands reach each strength: index = strength, index 0 unused.
pub fn strength_histogram() -> Vec<u64> {
    use rayon::prelude::*;
    let t = tables();
    (0..53u8)
        .into_par_iter()
        .map(|a| {
            let mut hist = vec![0u64; JOKER_CLASS_COUNT + 1];
            for b in a + 1..53 {
                for c in b + 1..53 {
                    for d in c + 1..53 {
                        for e in d + 1..53 {
                            hist[t.eval5(&[a, b, c, d, e]) as usize] += 1;
                        }
                    }
                }
            }
            hist
        })
        .reduce(
            || vec![0u64; JOKER_CLASS_COUNT + 1],
            |mut x, y| {
                x.iter_mut().zip(y).for_each(|(a, b)| *a += b);
                x
            },
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn eval_text(text: &str) -> u16 {
        evaluate(&parse_cards(text).unwrap()).unwrap()
    }

    /// Slow reference: the best of every card the joker may stand for (R-JOKER-2).
    fn by_substitution(cards: &[Card; 5]) -> u16 {
        let Some(j) = cards.iter().position(|&c| c == JOKER) else {
            return high::tables().eval(cards);
        };
        let others: Vec<Card> = cards.iter().copied().filter(|&c| c != JOKER).collect();
        let mut counts = [0u8; 13];
        others.iter().for_each(|&c| counts[rank(c) as usize] += 1);
        if let Some(quad) = counts.iter().position(|&n| n == 4) {
            return five_of_a_kind(quad as u8);
        }
        (0..52u8)
            .filter(|c| !others.contains(c))
            .map(|c| {
                let mut hand = *cards;
                hand[j] = c;
                high::tables().eval(&hand)
            })
            .max()
            .unwrap()
    }

    #[test]
    fn r_joker_counts_over_every_hand() {
        let hist = strength_histogram();
        let mut counts = [0u64; 10];
        for (s, &n) in hist.iter().enumerate().skip(1) {
            counts[class_info(s as u16).unwrap().category as usize] += n;
        }
        assert_eq!(
            counts,
            [1_302_540, 1_268_088, 123_552, 137_280, 20_532, 7_804, 6_552, 3_120, 204, 13]
        );
        assert_eq!(hist.iter().sum::<u64>(), 2_869_685);
    }

    #[test]
    fn every_joker_hand_matches_substitution() {
        // All C(52, 4) = 270,725 hands holding the joker, against the slow reference.
        let t = tables();
        for a in 0..52u8 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        let hand = [a, b, JOKER, c, d];
                        assert_eq!(t.eval5(&hand), by_substitution(&hand), "{hand:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn r_joker_1_five_of_a_kind_beats_royal_flush() {
        let five_aces = eval_text("As Ah Ad Ac Jk");
        assert_eq!(five_aces, 7475);
        assert!(five_aces > eval_text("As Ks Qs Js Ts"));
        assert_eq!(eval_text("Jk Ks Qs Js Ts"), 7462);
    }

    #[test]
    fn r_joker_2_no_double_ace_flush() {
        assert_eq!(eval_text("As 9s 7s 4s Jk"), eval_text("As Ks 9s 7s 4s"));
        assert!(eval_text("As 9s 7s 4s Jk") < eval_text("As Ks 9s 7s 5s"));
    }

    #[test]
    fn r_joker_3_joker_hand_ties_natural_hand() {
        assert_eq!(eval_text("Kh Kd 7c 4s Jk"), eval_text("Kh Kd Kc 7c 4s"));
        assert_eq!(
            eval_text("5c 4d 3h 2s Jk"),
            eval_text("6c 5c 4d 3h 2s"),
            "the joker completes the highest straight"
        );
    }

    #[test]
    fn rejects_bad_hands() {
        assert!(matches!(
            evaluate(&[0, 1, 2, 3]),
            Err(Error::HandSize { got: 4, .. })
        ));
        assert!(matches!(
            evaluate(&[0, 1, 2, 3, 53]),
            Err(Error::CardOutOfRange { value: 53, .. })
        ));
        assert!(matches!(
            evaluate(&[52, 1, 2, 3, 52]),
            Err(Error::DuplicateCard { card: 52, .. })
        ));
        let mut out = [0u16; 2];
        assert_eq!(
            evaluate_batch(&[52, 1, 2, 3, 4, 5, 6, 7, 8, 53], 5, &mut out).unwrap_err(),
            Error::CardOutOfRange {
                value: 53,
                row: Some(1)
            }
        );
        evaluate_batch(&[52, 1, 2, 3, 4, 5, 6, 7, 8, 9], 5, &mut out).unwrap();
        assert_eq!(out[0], eval_text("Jk 2d 2h 2s 3c"));
    }
}
