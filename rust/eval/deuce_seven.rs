//! Deuce-to-seven low of five cards (R-27-1..2): the high order reversed, except that the ace
//! is always high, so `A5432` is an ace-high hand (a flush when suited), not a straight.
//!
//! The scale has 7,462 classes like the high scale: strength 7462 is `75432` not all one suit,
//! 1 the royal flush. Evaluation is the high evaluation followed by a 7,463-entry table from
//! the high class to the deuce-to-seven class.

use super::batch::{check_batch_shape, map_checking_blocks, Deck, Isa};
use super::classes::{scale, Category, ClassInfo, CLASS_COUNT};
use super::high::{self, HighTables, FLUSH_FLAGS};
use super::row_table::RowTable;
use crate::card::Card;
use crate::error::{Error, Result};
use std::sync::OnceLock;

/// The deuce-to-seven tables: the high tables plus the high-class to low-class map.
pub struct DeuceSevenTables {
    high: &'static HighTables,
    /// The high five-card rank table with deuce-to-seven strengths: hands that are not
    /// flushes in one read, for batches.
    by_ranks: RowTable,
    /// Deuce-to-seven strength of each high strength (index 0 unused).
    of_high: Vec<u16>,
    /// Class of each deuce-to-seven strength (index 0 unused).
    infos: Vec<ClassInfo>,
}

/// The class a high class becomes when the ace cannot play low: the wheel straight is
/// ace-high and the wheel straight flush an ace-high flush.
fn without_wheel(info: ClassInfo) -> ClassInfo {
    let wheel = [12, 3, 2, 1, 0];
    match info.category {
        Category::Straight | Category::StraightFlush if info.ranks[0] == 3 => ClassInfo {
            category: if info.category == Category::Straight {
                Category::HighCard
            } else {
                Category::Flush
            },
            ranks: wheel,
        },
        _ => info,
    }
}

impl DeuceSevenTables {
    fn build() -> DeuceSevenTables {
        let scale = scale();
        let mut classes: Vec<(ClassInfo, u16)> = (1..=CLASS_COUNT as u16)
            .map(|s| (without_wheel(scale.info(s).expect("on the scale")), s))
            .collect();
        // Worst deuce-to-seven hand (best high hand) first.
        classes.sort_by_key(|(info, _)| std::cmp::Reverse((info.category, info.ranks)));
        let mut of_high = vec![0u16; CLASS_COUNT + 1];
        let mut infos = vec![classes[0].0; CLASS_COUNT + 1];
        for (i, (info, high_strength)) in classes.into_iter().enumerate() {
            of_high[high_strength as usize] = i as u16 + 1;
            infos[i + 1] = info;
        }
        let high = high::tables();
        DeuceSevenTables {
            high,
            by_ranks: high.rank_table(5).map_values(|s| of_high[s as usize]),
            of_high,
            infos,
        }
    }

    /// Strength of five valid distinct cards (unchecked: see [`evaluate`]).
    #[inline(always)]
    pub fn eval5(&self, cards: &[Card; 5]) -> u16 {
        self.of_high[self.high.eval5(cards) as usize]
    }

    /// Strengths of rows of five valid distinct cards (the flushes through [`Self::eval5`]).
    #[inline(always)]
    pub fn eval_rows(&self, isa: Isa, rows: &[[Card; 5]], out: &mut [u16]) -> bool {
        high::eval_rows_by_key(
            isa,
            &high::BATCH_KEYS,
            self.by_ranks.reader(),
            FLUSH_FLAGS,
            rows,
            out,
            |row| self.eval5(row),
        )
    }

    /// The class of a strength, or `None` outside 1..=7462.
    pub fn class_info(&self, strength: u16) -> Option<ClassInfo> {
        (1..=CLASS_COUNT as u16)
            .contains(&strength)
            .then(|| self.infos[strength as usize])
    }
}

/// The deuce-to-seven tables, built on first use.
pub fn tables() -> &'static DeuceSevenTables {
    static TABLES: OnceLock<DeuceSevenTables> = OnceLock::new();
    TABLES.get_or_init(DeuceSevenTables::build)
}

/// Strength (1..=7462, bigger wins: 7462 is `75432` offsuit) of five cards, checked.
pub fn evaluate(cards: &[Card]) -> Result<u16> {
    let five: &[Card; 5] = cards.try_into().map_err(|_| Error::HandSize {
        got: cards.len(),
        allowed: "5 cards",
    })?;
    crate::card::check_hand(cards, false, None)?;
    Ok(tables().eval5(five))
}

/// Strengths of `cards.len() / width` five-card hands into `out`.
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
        Deck::Standard,
        #[inline(always)]
        |isa, rows, out| t.eval_rows(isa, rows, out),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn eval_text(text: &str) -> u16 {
        evaluate(&parse_cards(text).unwrap()).unwrap()
    }

    #[test]
    fn r_27_counts_over_every_hand() {
        let t = tables();
        let high_hist = high::strength_histogram(5, &crate::stop::Stop::new()).unwrap();
        let mut counts = [0u64; 9];
        let mut classes = 0;
        for (s, &n) in high_hist.iter().enumerate().skip(1) {
            let low = t.of_high[s];
            counts[t.class_info(low).unwrap().category as usize] += n;
            classes += 1;
        }
        assert_eq!(classes, 7462);
        assert_eq!(
            counts,
            [1_303_560, 1_098_240, 123_552, 54_912, 9_180, 5_112, 3_744, 624, 36]
        );
        let mut seen = t.of_high[1..].to_vec();
        seen.sort();
        assert_eq!(seen, (1..=7462).collect::<Vec<u16>>(), "a bijection");
    }

    #[test]
    fn r_27_1_ace_high_and_straights_count_against() {
        assert_eq!(eval_text("7c 5d 4h 3s 2c"), 7462);
        assert_eq!(eval_text("Ah Kh Qh Jh Th"), 1);
        assert!(eval_text("7c 5c 4c 3c 2c") < eval_text("Kc Qd Jh 9s 8c"));
        assert!(eval_text("6c 5d 4h 3s 2c") < eval_text("8c 6d 4h 3s 2c"));
        let wheel = eval_text("Ac 5d 4h 3s 2c");
        assert_eq!(
            tables().class_info(wheel).unwrap().category,
            Category::HighCard
        );
        assert!(wheel < eval_text("Kc Qd Jh 9s 8c"));
        assert!(wheel > eval_text("Ac 6d 4h 3s 2c"));
        assert_eq!(
            crate::eval::Ranking::DeuceSeven.describe(wheel).unwrap(),
            "Ace-five low: A-5-4-3-2"
        );
    }

    #[test]
    fn r_27_2_compare_from_the_top() {
        assert!(eval_text("8c 6d 4h 3s 2c") > eval_text("8c 7d 4h 3s 2c"));
        assert_eq!(
            crate::eval::Ranking::DeuceSeven.describe(7462).unwrap(),
            "Seven-five low: 7-5-4-3-2"
        );
    }

    #[test]
    fn rejects_bad_hands() {
        assert!(matches!(
            evaluate(&[0, 1, 2, 3, 4, 5]),
            Err(Error::HandSize { got: 6, .. })
        ));
        assert!(matches!(
            evaluate(&[0, 1, 2, 3, 52]),
            Err(Error::CardOutOfRange { value: 52, .. })
        ));
        let mut out = [0u16; 1];
        assert!(evaluate_batch(&[0, 1, 2, 3, 3], 5, &mut out).is_err());
    }
}
