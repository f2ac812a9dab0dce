//! Short-deck high hands (R-SD-2..3): 5, 6 or 7 cards of the 36-card deck (six through ace),
//! the best five. A flush beats a full house, and the ace plays low in `A-6-7-8-9`, the lowest
//! straight; otherwise the high order of R-HIGH-1..3 holds (a straight beats three of a kind,
//! as in PokerKit's `ShortDeckHoldemLookup`).
//!
//! Evaluation is the high evaluation of each five-card subset followed by a table from the high
//! class to the short-deck class: the best high five of seven cards need not be the best
//! short-deck five (trips beside `A-6-7-8-9`), so every five is ranked.

use super::batch::check_batch_shape;
use super::classes::{scale, Category, ClassInfo, CLASS_COUNT};
use super::high::{self, HighTables};
use crate::card::{format_card, rank, Card};
use crate::error::{Error, Result};
use std::sync::OnceLock;

/// The lowest rank of the short deck: the six.
pub const SIX: u8 = 4;

/// The ranks of `A-6-7-8-9` in a high class: ace high, nine, eight, seven, six.
const ACE_NINE: [u8; 5] = [12, 7, 6, 5, 4];

/// The short-deck tables: the high tables plus the high-class to short-deck-class map.
pub struct ShortDeckTables {
    high: &'static HighTables,
    /// Short-deck strength of each high strength, 0 for classes that need a card below six
    /// (index 0 unused).
    of_high: Vec<u16>,
    /// Class of each short-deck strength (index 0 unused).
    infos: Vec<ClassInfo>,
}

/// The class a high class of six-or-better cards becomes: `A-9-8-7-6` is the nine-high
/// straight (ranks listed as for the wheel: the top card first, the ace last).
fn with_ace_low_straight(info: ClassInfo) -> ClassInfo {
    let straight = |category| ClassInfo {
        category,
        ranks: [7, 6, 5, 4, 12],
    };
    match info.category {
        Category::HighCard if info.ranks == ACE_NINE => straight(Category::Straight),
        Category::Flush if info.ranks == ACE_NINE => straight(Category::StraightFlush),
        _ => info,
    }
}

/// Where a category stands in the short-deck order: a flush above a full house.
fn order(category: Category) -> u8 {
    match category {
        Category::Flush => Category::FullHouse as u8,
        Category::FullHouse => Category::Flush as u8,
        other => other as u8,
    }
}

impl ShortDeckTables {
    fn build() -> ShortDeckTables {
        let scale = scale();
        let mut classes: Vec<(ClassInfo, u16)> = (1..=CLASS_COUNT as u16)
            .map(|s| (scale.info(s).expect("on the scale"), s))
            .filter(|(info, _)| info.ranks.iter().all(|&r| r >= SIX))
            .map(|(info, s)| (with_ace_low_straight(info), s))
            .collect();
        classes.sort_by_key(|(info, _)| (order(info.category), info.ranks));
        let mut of_high = vec![0u16; CLASS_COUNT + 1];
        let mut infos = vec![classes[0].0; classes.len() + 1];
        for (i, (info, high_strength)) in classes.into_iter().enumerate() {
            of_high[high_strength as usize] = i as u16 + 1;
            infos[i + 1] = info;
        }
        ShortDeckTables {
            high: high::tables(),
            of_high,
            infos,
        }
    }

    /// Number of short-deck classes (strengths run 1..=count).
    pub fn class_count(&self) -> usize {
        self.infos.len() - 1
    }

    /// Strength of five valid distinct cards of the short deck (unchecked: see [`evaluate`]).
    #[inline(always)]
    pub fn eval5(&self, cards: &[Card; 5]) -> u16 {
        self.of_high[self.high.eval5(cards) as usize]
    }

    /// Strength of the best five of 5, 6 or 7 valid distinct cards of the short deck.
    pub fn eval(&self, cards: &[Card]) -> u16 {
        let mut best = 0;
        for chosen in 0u8..1 << cards.len() {
            if chosen.count_ones() != 5 {
                continue;
            }
            let mut five = [0u8; 5];
            let picked = cards
                .iter()
                .enumerate()
                .filter(|(i, _)| chosen >> i & 1 == 1);
            for (slot, (_, &card)) in five.iter_mut().zip(picked) {
                *slot = card;
            }
            best = best.max(self.eval5(&five));
        }
        best
    }

    /// The class of a strength, or `None` outside the scale.
    pub fn class_info(&self, strength: u16) -> Option<ClassInfo> {
        (1..=self.class_count())
            .contains(&usize::from(strength))
            .then(|| self.infos[strength as usize])
    }
}

/// The short-deck tables, built on first use.
pub fn tables() -> &'static ShortDeckTables {
    static TABLES: OnceLock<ShortDeckTables> = OnceLock::new();
    TABLES.get_or_init(ShortDeckTables::build)
}

/// Checks 5, 6 or 7 distinct cards of the short deck (`row` names the row of a batch).
fn check(cards: &[Card], row: Option<usize>) -> Result<()> {
    high::check_five_to_seven(cards.len())?;
    crate::card::check_hand(cards, false, row)?;
    if let Some(&low) = cards.iter().find(|&&c| rank(c) < SIX) {
        let place = row.map(|r| format!(" in row {r}")).unwrap_or_default();
        return Err(Error::InvalidArgument(format!(
            "{} is not a card of the short deck (six through ace){place}",
            format_card(low)
        )));
    }
    Ok(())
}

/// Strength (bigger wins) of the best five of 5, 6 or 7 short-deck cards, checked.
pub fn evaluate(cards: &[Card]) -> Result<u16> {
    check(cards, None)?;
    Ok(tables().eval(cards))
}

/// Strengths of `cards.len() / width` hands of `width` (5..=7) short-deck cards into `out`;
/// nothing is written when a row is refused.
pub fn evaluate_batch(cards: &[Card], width: usize, out: &mut [u16]) -> Result<()> {
    check_batch_shape(cards.len(), width, out.len(), 5..=7)?;
    for (i, row) in cards.chunks_exact(width).enumerate() {
        check(row, Some(i))?;
    }
    let t = tables();
    for (row, slot) in cards.chunks_exact(width).zip(out.iter_mut()) {
        *slot = t.eval(row);
    }
    Ok(())
}

/// The class of a strength, or `None` outside the scale.
pub fn class_info(strength: u16) -> Option<ClassInfo> {
    tables().class_info(strength)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{make_card, parse_cards};

    fn eval_text(text: &str) -> u16 {
        evaluate(&parse_cards(text).unwrap()).unwrap()
    }

    fn category_of(text: &str) -> Category {
        class_info(eval_text(text)).unwrap().category
    }

    fn choose(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    /// Every five of the 36 cards, counted by category, against counts worked out by
    /// combinatorics: 9 ranks, 6 straights (A-6-7-8-9 to T-J-Q-K-A), 4 suits.
    #[test]
    fn r_sd_2_category_counts_over_every_hand() {
        let deck: Vec<Card> = (SIX..13)
            .flat_map(|r| (0..4).map(move |s| make_card(r, s)))
            .collect();
        let mut counts = [0u64; 9];
        let t = tables();
        let n = deck.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        for e in d + 1..n {
                            let hand = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                            let info = t.class_info(t.eval5(&hand)).unwrap();
                            counts[info.category as usize] += 1;
                        }
                    }
                }
            }
        }
        let straights = 6 * 4u64.pow(5);
        let straight_flushes = 6 * 4;
        let flushes = 4 * choose(9, 5) - straight_flushes;
        let expected = [
            (choose(9, 5) - 6) * (4u64.pow(5) - 4),        // high card
            9 * choose(4, 2) * choose(8, 3) * 4u64.pow(3), // one pair
            choose(9, 2) * 36 * 7 * 4,                     // two pair
            9 * 4 * choose(8, 2) * 16,                     // three of a kind
            straights - straight_flushes,                  // straight
            flushes,                                       // flush
            9 * 4 * 8 * 6,                                 // full house
            9 * 8 * 4,                                     // four of a kind
            straight_flushes,                              // straight flush
        ];
        assert_eq!(counts, expected);
        assert_eq!(counts.iter().sum::<u64>(), choose(36, 5));
    }

    #[test]
    fn r_sd_2_flush_beats_full_house_and_straight_beats_trips() {
        assert!(eval_text("6s 7s 8s Ts Qs") > eval_text("As Ah Kc Kh Kd"));
        assert!(eval_text("As Ah Kc Kh Kd") > eval_text("6c 7d 8h 9s Tc"));
        assert!(eval_text("6c 7d 8h 9s Tc") > eval_text("Ac Ad Ah Ks Qc"));
        assert!(eval_text("6c 6d 6h 6s 7c") > eval_text("As Ks Qs Js 9s"));
        assert_eq!(category_of("Ah Kh Qh Jh Th"), Category::StraightFlush);
        assert_eq!(
            tables().class_count() as u16,
            eval_text("Ah Kh Qh Jh Th"),
            "the royal flush is the top"
        );
    }

    #[test]
    fn r_sd_3_ace_six_seven_eight_nine_is_the_lowest_straight() {
        assert_eq!(category_of("Ac 6d 7h 8s 9c"), Category::Straight);
        assert_eq!(category_of("Ac 6c 7c 8c 9c"), Category::StraightFlush);
        assert!(eval_text("Ac 6d 7h 8s 9c") < eval_text("6c 7d 8h 9s Tc"));
        assert!(eval_text("Ac 6d 7h 8s 9c") > eval_text("Ac Ad Ah Ks Qc"));
        assert!(eval_text("Ac 6c 7c 8c 9c") < eval_text("6d 7d 8d 9d Td"));
        assert!(eval_text("Ac 6c 7c 8c 9c") > eval_text("Ac Ad Ah As Kc"));
        assert_eq!(
            crate::eval::Ranking::ShortDeck
                .describe(eval_text("Ac 6d 7h 8s 9c"))
                .unwrap(),
            "Straight, nine high"
        );
    }

    #[test]
    fn r_sd_2_best_five_of_seven() {
        // Trips and A-6-7-8-9: the high order's best five (the trips) loses to the straight.
        let seven = eval_text("9c 9d 9h Ac 6d 7h 8s");
        assert_eq!(class_info(seven).unwrap().category, Category::Straight);
        // Ace, six to nine and a pair: the straight plays, not the pair.
        let straight = eval_text("Ac 6d 7h 8s 9c 9d Kh");
        assert_eq!(straight, eval_text("Ac 6d 7h 8s 9c"));
        // Every seven equals the best of its 21 fives.
        let cards = parse_cards("Ac Kc 6c 7c 8d 9c Td").unwrap();
        let mut best = 0;
        for skip_a in 0..7 {
            for skip_b in skip_a + 1..7 {
                let five: Vec<Card> = (0..7)
                    .filter(|&i| i != skip_a && i != skip_b)
                    .map(|i| cards[i])
                    .collect();
                best = best.max(evaluate(&five).unwrap());
            }
        }
        assert_eq!(evaluate(&cards).unwrap(), best);
    }

    #[test]
    fn rejects_cards_below_six() {
        let error = evaluate(&parse_cards("5c 6d 7h 8s 9c").unwrap()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "5c is not a card of the short deck (six through ace)"
        );
        let mut out = [7u16; 2];
        let cards = parse_cards("6c 7d 8h 9s Tc Ac 2d 7h 8s 9c").unwrap();
        assert!(evaluate_batch(&cards, 5, &mut out).is_err());
        assert_eq!(out, [7, 7], "nothing written");
    }
}
