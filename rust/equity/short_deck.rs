//! Short-deck Hold'em's seven-card values in the shape [`super::holdem`]'s rank-multiset sums
//! read: a rank table keyed by the summed rank keys of seven cards without a flush, and a flush
//! table by the ranks of one suit. Both are read from the short-deck evaluator
//! ([`crate::eval::short_deck`]) once, for every seven ranks of six through ace and every five
//! to seven ranks of one suit, so the sums score each board as the evaluator would, `A-6-7-8-9`
//! and a flush above a full house included (R-SD-2..3).

use super::holdem::SevenCards;
use crate::card::make_card;
use crate::eval::classes::for_each_rank_multiset;
use crate::eval::high::rank_key;
use crate::eval::row_table::RowTable;
use crate::eval::short_deck::{self, SIX};
use std::sync::OnceLock;

/// Ranks of the short deck: six (4) through ace (12).
const RANKS: std::ops::RangeInclusive<u8> = SIX..=12;
/// The same ranks as a 13-bit set.
const RANK_SET: usize = (1 << 13) - (1 << SIX);

/// The short deck's seven-card values (see the module docs), read through
/// [`SevenCards`]: a flush's value by its suit's ranks, the evaluator's for the same cards.
///
/// ```
/// use drawpoker::card::{parse_cards, rank};
/// use drawpoker::equity::holdem::SevenCards;
/// use drawpoker::equity::short_deck::sevens;
/// use drawpoker::eval::short_deck;
/// let suited = parse_cards("Ah 9h 8h 7h 6h").unwrap(); // A-6-7-8-9: a straight flush here
/// let ranks = suited.iter().fold(0, |set, &c| set | 1 << rank(c));
/// assert_eq!(sevens().flush_strength(ranks), short_deck::evaluate(&suited).unwrap());
/// ```
pub struct ShortDeckSevens {
    ranks: RowTable,
    /// Strength of each 13-bit rank set of one suit of five to seven short-deck ranks (0 for
    /// the others).
    flush: Vec<u16>,
}

impl SevenCards for ShortDeckSevens {
    #[inline(always)]
    fn rank_values(&self) -> impl Fn(u32) -> u16 + Copy + '_ {
        let reader = self.ranks.reader();
        move |key| reader.get(key)
    }

    #[inline(always)]
    fn flush_strength(&self, rank_mask: usize) -> u16 {
        self.flush[rank_mask]
    }
}

/// Calls `visit(ranks)` for every sorted multiset of seven short-deck ranks, at most four of
/// each: the evaluator's walk over all thirteen ranks, kept where the lowest is a six or above.
fn each_seven_ranks(visit: &mut impl FnMut(&[u8])) {
    for_each_rank_multiset(7, 4, &mut |ranks| {
        if ranks[0] >= SIX {
            visit(ranks);
        }
    });
}

impl ShortDeckSevens {
    fn build() -> ShortDeckSevens {
        let tables = short_deck::tables();
        let mut entries = Vec::new();
        each_seven_ranks(&mut |ranks| {
            // Suits in turn: the copies of a rank, side by side, differ, and no suit has more
            // than two of the seven cards, so the hand has no flush.
            let cards: Vec<u8> = (ranks.iter().enumerate())
                .map(|(i, &r)| make_card(r, (i % 4) as u8))
                .collect();
            let key = ranks.iter().map(|&r| rank_key(r)).sum();
            entries.push((key, tables.eval(&cards)));
        });
        let mut flush = vec![0u16; 1 << 13];
        for (mask, strength) in flush.iter_mut().enumerate() {
            if mask & !RANK_SET == 0 && (5..=7).contains(&mask.count_ones()) {
                let cards: Vec<u8> = (RANKS)
                    .filter(|&r| mask >> r & 1 == 1)
                    .map(|r| make_card(r, 0))
                    .collect();
                *strength = tables.eval(&cards);
            }
        }
        ShortDeckSevens {
            ranks: RowTable::build(&entries),
            flush,
        }
    }
}

/// The short deck's seven-card values, built on first use (a few milliseconds).
///
/// ```
/// use drawpoker::card::{parse_cards, rank};
/// use drawpoker::equity::holdem::SevenCards;
/// use drawpoker::eval::high::rank_key;
/// use drawpoker::eval::short_deck;
/// // Trips of aces beside A-6-7-8-9: the straight (no high five of them is one).
/// let cards = parse_cards("Ac Ad Ah 6s 7c 8d 9h").unwrap();
/// let key = cards.iter().map(|&c| rank_key(rank(c))).sum();
/// let value = drawpoker::equity::short_deck::sevens().rank_values()(key);
/// assert_eq!(value, short_deck::evaluate(&cards).unwrap());
/// ```
pub fn sevens() -> &'static ShortDeckSevens {
    static SEVENS: OnceLock<ShortDeckSevens> = OnceLock::new();
    SEVENS.get_or_init(ShortDeckSevens::build)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    #[test]
    fn every_seven_ranks_of_the_short_deck_are_listed_once() {
        let mut count = 0;
        each_seven_ranks(&mut |ranks| {
            assert_eq!(ranks.len(), 7);
            assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
            assert!(ranks.windows(5).all(|w| w[0] != w[4]), "{ranks:?}");
            count += 1;
        });
        // The same as the distinct sorted forms of all 9^7 sequences of seven ranks with at
        // most four of each.
        let mut sorted = std::collections::BTreeSet::new();
        let mut ranks = [SIX; 7];
        loop {
            let mut s = ranks;
            s.sort_unstable();
            if s.windows(5).all(|w| w[0] != w[4]) {
                sorted.insert(s);
            }
            let Some(i) = ranks.iter().position(|&r| r < 12) else {
                break;
            };
            ranks[i] += 1;
            ranks[..i].fill(SIX);
        }
        assert_eq!(count, sorted.len());
    }

    #[test]
    fn the_sums_agree_with_walking_every_board() {
        use super::super::{equity, equity_by_walking, Budget, Game};
        use crate::engine::spec::{Deck, HandCards, OddChip, ShowdownPart};
        use crate::eval::Ranking;
        let part = ShowdownPart {
            ranking: Ranking::ShortDeck,
            cards: HandCards::BestOfAll,
            qualifier: None,
            odd_chip: OddChip::LeftOfButton,
        };
        let deck = Deck::new(&[4, 5, 6, 7, 8, 9, 10, 11, 12], &[0, 1, 2, 3], false).unwrap();
        let game = Game::new(&[part], deck, 2, &[0, 3, 4, 5]).unwrap();
        // Preflop heads-up and three-way; A-6-7-8-9 in reach of trips; flushes and straight
        // flushes of one suit on the board; a flush against a full house; dead cards; ten
        // seats (slots of the unrolled player loops left empty and filled).
        let spots: [(&[&str], &str, &str); 9] = [
            (&["AsKs", "QhQd"], "", ""),
            (&["Ah6h", "9c9d", "7s8s"], "", ""),
            (&["AcAd", "7h8h"], "Ah 9s 6d", ""),
            (&["KhQh", "JcJd", "6s6c"], "Th 9h 6h", ""),
            (&["AhKh", "7d7c"], "9h 8h 6h 7s", ""),
            (&["Tc9c", "AsAh"], "Ac Ad 8c", "Kc"),
            (&["6h7h", "8c8d"], "9h Th 8h", "Jh Js"),
            (&["AcKd", "QcJd", "TsTh", "9s8s", "7c7d"], "6c 6d 9d", ""),
            (
                &[
                    "AcKc", "AdKd", "QhQs", "JcJd", "Th9h", "8s7s", "6c6d", "9c9d", "Ts7h", "8h6s",
                ],
                "",
                "",
            ),
        ];
        for (holes, board, dead) in spots {
            let hands: Vec<Vec<u8>> = holes.iter().map(|t| parse_cards(t).unwrap()).collect();
            let (b, d) = (parse_cards(board).unwrap(), parse_cards(dead).unwrap());
            let fast = equity(game, &hands, &b, &d, Budget::default()).unwrap();
            let slow = equity_by_walking(game, &hands, &b, &d).unwrap();
            assert!(fast.exact);
            assert_eq!(fast, slow, "{holes:?} {board} {dead}");
        }
    }

    #[test]
    fn the_tables_score_hands_as_the_evaluator() {
        let sevens = sevens();
        let rank_value = sevens.rank_values();
        let key = |text: &str| -> u32 {
            parse_cards(text)
                .unwrap()
                .iter()
                .map(|&c| rank_key(crate::card::rank(c)))
                .sum()
        };
        // Trips of aces beside A-6-7-8-9: the straight, which no high five of them is.
        for hand in [
            "Ac Ad Ah 6s 7c 8d 9h",
            "Kc Kd Qh Qs 7c 7d 6h",
            "Tc Jd Qh Ks Ac 6d 6h",
        ] {
            let strength = short_deck::evaluate(&parse_cards(hand).unwrap()).unwrap();
            assert_eq!(rank_value(key(hand)), strength, "{hand}");
        }
        // A-6-7-8-9 of one suit is a straight flush beside a king of it.
        let suited = parse_cards("Ac Kc 9c 8c 7c 6c").unwrap();
        let mask = suited
            .iter()
            .fold(0usize, |m, &c| m | 1 << crate::card::rank(c));
        let strength = short_deck::evaluate(&suited).unwrap();
        assert_eq!(sevens.flush_strength(mask), strength);
        assert_eq!(
            short_deck::class_info(strength).unwrap().category,
            crate::eval::classes::Category::StraightFlush
        );
    }
}
