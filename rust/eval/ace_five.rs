//! Ace-to-five low (R-A5-1..4): ace always low, straights and flushes ignored, pairs bad.
//! Five cards, or the best five of six or seven (Razz, the low half of Stud Hi/Lo and Omaha
//! Hi/Lo).
//!
//! Only ranks matter, so a row table per hand size maps the summed rank key of the high
//! evaluator ([`rank_key`]) to the strength. The scale has 6,175 classes: 6175 is the wheel
//! `5-4-3-2-A`; the 1,287 unpaired classes sit above every paired one (R-A5-3), and the top 56
//! (every unpaired hand of ranks eight or lower) are the eight-or-better lows (R-A5-4).

use super::batch::{map_five_to_seven, FiveToSevenRows, Isa};
use super::classes::{for_each_rank_multiset, Category, ClassInfo};
use super::high::{self, rank_key, CARD_KEYS};
use super::row_table::RowTable;
use crate::card::Card;
use crate::error::Result;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Number of ace-to-five five-card classes.
pub const CLASS_COUNT: usize = 6175;
/// Number of classes that qualify as eight-or-better lows: C(8, 5).
pub const LOW8_CLASS_COUNT: usize = 56;
/// The weakest strength that qualifies as an eight-or-better low (`8-7-6-5-4`).
pub const LOW8_MIN: u16 = (CLASS_COUNT - LOW8_CLASS_COUNT + 1) as u16;

/// The rank part of each byte's high key (bytes over 51 map to 0).
const fn rank_keys() -> [u32; 256] {
    let mut keys = [0u32; 256];
    let mut card = 0;
    while card < 256 {
        keys[card] = CARD_KEYS[card] as u32;
        card += 1;
    }
    keys
}

const RANK_KEYS: [u32; 256] = rank_keys();

/// Ace-low value of a rank: ace 0, deuce 1 .. king 12.
const fn low_value(rank: u8) -> u8 {
    (rank + 1) % 13
}

/// The class of five ranks: category by shape; ranks by (count, ace-low value), biggest first.
fn class_of(ranks: &[u8]) -> ClassInfo {
    let mut counts = [0u8; 13];
    ranks.iter().for_each(|&r| counts[r as usize] += 1);
    let mut ordered: [u8; 5] = ranks.try_into().expect("five ranks");
    ordered.sort_by_key(|&r| std::cmp::Reverse((counts[r as usize], low_value(r))));
    let mut shape: Vec<u8> = counts.iter().copied().filter(|&c| c > 0).collect();
    shape.sort_unstable_by(|a, b| b.cmp(a));
    let category = match shape[..] {
        [1, ..] => Category::HighCard,
        [2, 1, ..] => Category::OnePair,
        [2, 2, ..] => Category::TwoPair,
        [3, 1, ..] => Category::ThreeOfAKind,
        [3, 2] => Category::FullHouse,
        _ => Category::FourOfAKind,
    };
    ClassInfo {
        category,
        ranks: ordered,
    }
}

/// Badness of a class: bigger is a worse low.
fn badness(info: &ClassInfo) -> (Category, [u8; 5]) {
    (info.category, info.ranks.map(low_value))
}

/// The ace-to-five tables: a row table per hand size (5, 6, 7) and the classes.
pub struct AceFiveTables {
    by_size: [RowTable; 3],
    /// Class of each strength (index 0 unused).
    infos: Vec<ClassInfo>,
    /// Strength of each set of five ace-low values 0..8 (bit `v`: ace = 0 .. eight = 7), that
    /// is of each eight-or-better low; 0 for every other byte.
    low8: Vec<u16>,
    /// The Omaha eight-or-better low of each pair of value sets, at `hole << 8 | board`: see
    /// [`AceFiveTables::omaha_low8`].
    omaha_low8: Vec<u16>,
}

/// The Omaha low table over `low8` (see [`AceFiveTables::omaha_low8`]). An entry with more
/// than two hole values (three board values) is the best of the entries with one of them
/// removed, which the ascending order has already filled: the best choice skips some value.
fn omaha_low8_table(low8: &[u16]) -> Vec<u16> {
    let mut table = vec![0u16; 1 << 16];
    for hole in 0..256usize {
        for board in 0..256usize {
            let (h, b) = (hole.count_ones(), board.count_ones());
            let (from, shift) = match (h, b) {
                _ if h < 2 || b < 3 => continue,
                (2, 3) => {
                    if hole & board == 0 {
                        table[hole << 8 | board] = low8[hole | board];
                    }
                    continue;
                }
                (2, _) => (board, 0),
                _ => (hole, 8),
            };
            let index = hole << 8 | board;
            table[index] = (0..8)
                .filter(|v| from >> v & 1 == 1)
                .map(|v| table[index ^ 1 << (v + shift)])
                .max()
                .expect("non-empty");
        }
    }
    table
}

impl AceFiveTables {
    fn build() -> AceFiveTables {
        let mut five = Vec::new();
        for_each_rank_multiset(5, 4, &mut |ranks| {
            let key: u32 = ranks.iter().map(|&r| rank_key(r)).sum();
            five.push((key, class_of(ranks)));
        });
        five.sort_by_key(|(_, info)| std::cmp::Reverse(badness(info)));
        let mut infos = vec![five[0].1];
        infos.extend(five.iter().map(|(_, info)| *info));
        let mut by_key: HashMap<u32, u16> = five
            .iter()
            .enumerate()
            .map(|(i, (key, _))| (*key, i as u16 + 1))
            .collect();
        let by_size = [5usize, 6, 7].map(|size| {
            let mut entries = Vec::new();
            for_each_rank_multiset(size, 4, &mut |ranks| {
                let key: u32 = ranks.iter().map(|&r| rank_key(r)).sum();
                // A bigger hand is worth its best hand with one card fewer.
                let strength = if size == 5 {
                    by_key[&key]
                } else {
                    ranks
                        .iter()
                        .map(|&r| by_key[&(key - rank_key(r))])
                        .max()
                        .expect("non-empty")
                };
                entries.push((key, strength));
            });
            by_key = entries.iter().copied().collect();
            RowTable::build(&entries)
        });
        let five_cards = &by_size[0];
        let low8: Vec<u16> = (0..256u32)
            .map(|set| {
                if set.count_ones() != 5 {
                    return 0;
                }
                let key: u32 = (0..8)
                    .filter(|v| set >> v & 1 == 1)
                    .map(|v| rank_key(((v + 12) % 13) as u8))
                    .sum();
                five_cards.get(key)
            })
            .collect();
        let omaha_low8 = omaha_low8_table(&low8);
        AceFiveTables {
            by_size,
            infos,
            low8,
            omaha_low8,
        }
    }

    /// Strength of 5, 6 or 7 valid distinct cards (unchecked: see [`evaluate`]).
    #[inline(always)]
    pub fn eval(&self, cards: &[Card]) -> u16 {
        let key: u32 = cards.iter().map(|&c| RANK_KEYS[c as usize]).sum();
        self.by_size[cards.len() - 5].get(key)
    }

    /// Strength of a five-card rank key (the sum of [`rank_key`] over the five ranks).
    #[inline(always)]
    pub fn strength_of_key5(&self, key: u32) -> u16 {
        self.by_size[0].get(key)
    }

    /// Strength of the eight-or-better low made of five ace-low values (bit `v` of `set`:
    /// ace = 0 .. eight = 7); 0 when `set` does not hold exactly five.
    #[inline(always)]
    pub fn low8_of_set(&self, set: u8) -> u16 {
        self.low8[set as usize]
    }

    /// The best eight-or-better low of two values of `hole_set` and three other values of
    /// `board_set` (value sets as in [`AceFiveTables::low8_of_set`]), 0 when none: the low of
    /// an Omaha hand whose hole and board cards of rank eight or lower hold those values.
    #[inline(always)]
    pub fn omaha_low8(&self, hole_set: u8, board_set: u8) -> u16 {
        self.omaha_low8[(hole_set as usize) << 8 | board_set as usize]
    }

    /// The class of a strength, or `None` outside 1..=6175.
    pub fn class_info(&self, strength: u16) -> Option<ClassInfo> {
        (1..=CLASS_COUNT as u16)
            .contains(&strength)
            .then(|| self.infos[strength as usize])
    }

    /// Bytes of all tables.
    pub fn size_in_bytes(&self) -> usize {
        self.by_size
            .iter()
            .map(RowTable::size_in_bytes)
            .sum::<usize>()
            + (self.low8.len() + self.omaha_low8.len()) * 2
    }
}

/// The ace-to-five tables, built on first use.
pub fn tables() -> &'static AceFiveTables {
    static TABLES: OnceLock<AceFiveTables> = OnceLock::new();
    TABLES.get_or_init(AceFiveTables::build)
}

/// Strength (1..=6175, bigger wins: 6175 is the wheel) of 5, 6 or 7 cards, checked.
pub fn evaluate(cards: &[Card]) -> Result<u16> {
    high::check_five_to_seven(cards.len())?;
    crate::card::check_hand(cards, false, None)?;
    Ok(tables().eval(cards))
}

/// Strengths of `cards.len() / width` hands of `width` (5..=7) cards into `out`.
pub fn evaluate_batch(cards: &[Card], width: usize, out: &mut [u16]) -> Result<()> {
    evaluate_batch_on(Isa::best(), cards, width, out, 0)
}

/// Eight-or-better lows (R-A5-4) of `cards.len() / width` hands of `width` (5..=7) cards into
/// `out`: the ace-to-five strength when it qualifies, else 0.
pub fn evaluate_low8_batch(cards: &[Card], width: usize, out: &mut [u16]) -> Result<()> {
    evaluate_batch_on(Isa::best(), cards, width, out, LOW8_MIN)
}

/// [`evaluate_batch`] on the instruction set `isa`, writing 0 for strengths below `floor`.
pub fn evaluate_batch_on(
    isa: Isa,
    cards: &[Card],
    width: usize,
    out: &mut [u16],
    floor: u16,
) -> Result<()> {
    let tables = tables();
    map_five_to_seven(isa, cards, width, out, &FlooredRows { tables, floor })
}

/// The batch evaluator of ace-to-five strengths: 0 for those below `floor` (no floor: 0).
struct FlooredRows<'a> {
    tables: &'a AceFiveTables,
    floor: u16,
}

impl FiveToSevenRows for FlooredRows<'_> {
    #[inline(always)]
    fn eval_rows<const W: usize>(&self, isa: Isa, rows: &[[Card; W]], out: &mut [u16]) -> bool {
        let table = self.tables.by_size[W - 5].reader();
        // No key is special: suits do not matter here.
        if !high::eval_rows_by_key(isa, &high::BATCH_KEYS, table, 0, rows, out, |_| 0) {
            return false;
        }
        if self.floor > 0 {
            // Written without a branch: about half of random 7-card hands qualify, so a branch
            // per row would be mispredicted half the time (measured: 7-card eight-or-better
            // lows ran at ~160 M rows/s against ~280 for the plain strengths).
            for strength in out {
                *strength &= u16::from(*strength >= self.floor).wrapping_neg();
            }
        }
        true
    }
}

/// Whether an ace-to-five strength is an eight-or-better low (R-A5-4).
#[inline(always)]
pub fn qualifies_low8(strength: u16) -> bool {
    strength >= LOW8_MIN
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::error::Error;

    fn eval_text(text: &str) -> u16 {
        evaluate(&parse_cards(text).unwrap()).unwrap()
    }

    #[test]
    fn r_a5_counts_over_every_five_card_hand() {
        let t = tables();
        let mut hist = vec![0u64; CLASS_COUNT + 1];
        for a in 0..52u8 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            hist[t.eval(&[a, b, c, d, e]) as usize] += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(hist[1..].iter().filter(|&&n| n > 0).count(), CLASS_COUNT);
        let unpaired: u64 = (1..=CLASS_COUNT as u16)
            .filter(|&s| t.class_info(s).unwrap().category == Category::HighCard)
            .map(|s| hist[s as usize])
            .sum();
        assert_eq!(unpaired, 1_317_888);
        let low8: u64 = hist[LOW8_MIN as usize..].iter().sum();
        assert_eq!(low8, 57_344);
        let mut by_set: Vec<u16> = (0..=255)
            .map(|s| t.low8_of_set(s))
            .filter(|&s| s > 0)
            .collect();
        by_set.sort();
        assert_eq!(
            by_set,
            (LOW8_MIN..=CLASS_COUNT as u16).collect::<Vec<u16>>()
        );
    }

    #[test]
    fn r_a5_1_wheel_is_best_and_straights_flushes_ignored() {
        assert_eq!(eval_text("5c 4c 3c 2c Ac"), CLASS_COUNT as u16);
        assert_eq!(eval_text("5h 4c 3d 2s Ac"), CLASS_COUNT as u16);
        assert_eq!(
            crate::eval::Ranking::AceFive.describe(6175).unwrap(),
            "Five-four low: 5-4-3-2-A"
        );
    }

    #[test]
    fn r_a5_2_compare_from_the_top() {
        assert!(eval_text("6c 4d 3h 2s Ac") > eval_text("6c 5d 4h 2s Ac"));
        assert!(eval_text("Kc Qd Jh Ts 8c") > eval_text("Ac Ad 2h 3s 4c"));
    }

    #[test]
    fn r_a5_3_pairs_are_bad() {
        let pair_aces = eval_text("Ac Ad 2h 3s 4c");
        let pair_deuces = eval_text("2c 2d Ah 3s 4c");
        assert!(pair_aces > pair_deuces, "the lower pair is better");
        assert!(pair_deuces > eval_text("Ac Ad 2h 2s 3c"));
        assert!(eval_text("Ac Ad 2h 2s 3c") > eval_text("Ac Ad Ah 2s 3c"));
        assert!(eval_text("Ac Ad Ah 2s 3c") > eval_text("Ac Ad Ah 2s 2c"));
        assert!(eval_text("Ac Ad Ah 2s 2c") > eval_text("Ac Ad Ah As 2c"));
        assert_eq!(eval_text("Kc Kd Kh Ks Qc"), 1);
    }

    #[test]
    fn r_a5_4_eight_or_better() {
        assert!(qualifies_low8(eval_text("8c 7d 6h 5s 4c")));
        assert!(!qualifies_low8(eval_text("9c 4d 3h 2s Ac")));
        assert!(!qualifies_low8(eval_text("8c 8d 3h 2s Ac")));
        assert!(qualifies_low8(eval_text("8c 8d 3h 2s Ac 4d Kc")));
    }

    #[test]
    fn omaha_low8_is_the_best_two_plus_three_choice() {
        let t = tables();
        let subsets =
            |set: u32, k: u32| (0..256u32).filter(move |s| s & !set == 0 && s.count_ones() == k);
        for hole in 0..256u32 {
            for board in 0..256u32 {
                let best = subsets(hole, 2)
                    .flat_map(|h| subsets(board & !h, 3).map(move |b| h | b))
                    .map(|five| t.low8_of_set(five as u8))
                    .max()
                    .unwrap_or(0);
                assert_eq!(
                    t.omaha_low8(hole as u8, board as u8),
                    best,
                    "{hole:#b} {board:#b}"
                );
            }
        }
    }

    #[test]
    fn seven_cards_take_the_best_five() {
        assert_eq!(
            eval_text("Kc Kd 5h 4s 3c 2d Ah"),
            eval_text("5h 4s 3c 2d Ah")
        );
        assert_eq!(
            eval_text("Ac Ad Ah 2s 2c 3d 3h"),
            eval_text("Ac Ad 2s 2c 3d")
        );
    }

    #[test]
    fn rejects_bad_hands() {
        assert!(matches!(
            evaluate(&[0, 1, 2, 3]),
            Err(Error::HandSize { got: 4, .. })
        ));
        assert!(matches!(
            evaluate(&[0, 1, 2, 3, 52]),
            Err(Error::CardOutOfRange { value: 52, .. })
        ));
        let mut out = [0u16; 1];
        assert_eq!(
            evaluate_batch(&[0, 1, 2, 3, 4, 5, 5], 7, &mut out).unwrap_err(),
            Error::DuplicateCard {
                card: 5,
                row: Some(0)
            }
        );
    }
}
