//! Exact outcomes of one draw: every replacement of the discarded cards from the stub,
//! tallied by final strength and by category.

use super::combos::for_each_fill;
use super::score::{allows_joker, categories, category_count, hand_size, Scorer};
use crate::card::{card_mask, check_hand, format_card, Card, JOKER};
use crate::error::{Error, Result};
use crate::eval::Ranking;

/// A checked draw: the kept cards, the stub the replacements come from, how many are drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draw {
    /// The cards kept, in hand order.
    pub kept: Vec<Card>,
    /// The unseen cards the replacements are drawn from, in increasing order.
    pub stub: Vec<Card>,
    /// Number of replacement cards.
    pub draws: usize,
}

/// Checks a hand for the ranking and a deck (52 cards, or 53 with `joker`).
pub fn check_draw_hand(ranking: Ranking, hand: &[Card], joker: bool) -> Result<()> {
    let size = hand_size(ranking);
    if hand.len() != size {
        return Err(Error::HandSize {
            got: hand.len(),
            allowed: if size == 5 {
                "5 cards"
            } else {
                "4 cards (badugi)"
            },
        });
    }
    check_deck(ranking, joker)?;
    check_hand(hand, joker, None)
}

/// Refuses the joker deck for a ranking that cannot play the joker, and a ranking that cannot
/// rank every card of the 52-card deck draws come from (the short deck's).
pub fn check_deck(ranking: Ranking, joker: bool) -> Result<()> {
    if ranking.lowest_rank() > 0 {
        return Err(Error::InvalidArgument(format!(
            "draws come from the 52-card deck, which the {} ranking does not rank",
            ranking.name()
        )));
    }
    if joker && !allows_joker(ranking) {
        return Err(Error::InvalidArgument(format!(
            "the {} ranking does not play the joker deck",
            ranking.name()
        )));
    }
    Ok(())
}

/// The cards of the deck (52, or 53 with `joker`) that are neither in `known` nor `dead`,
/// after checking that the dead cards are valid, distinct and not among the known ones.
pub fn stub_of(known: &[Card], dead: &[Card], joker: bool) -> Result<Vec<Card>> {
    check_hand(dead, joker, None)?;
    let known_mask = card_mask(known);
    if let Some(&c) = dead.iter().find(|&&c| known_mask >> c & 1 == 1) {
        return Err(Error::InvalidArgument(format!(
            "dead card {} is also a live card",
            format_card(c)
        )));
    }
    let gone = known_mask | card_mask(dead);
    let top = if joker { JOKER + 1 } else { JOKER };
    Ok((0..top).filter(|&c| gone >> c & 1 == 0).collect())
}

/// The discard mask of `discards`, each of which must be a card of `hand`.
pub fn discard_mask_of(hand: &[Card], discards: &[Card]) -> Result<u8> {
    check_hand(discards, true, None)?;
    let mut mask = 0u8;
    for &d in discards {
        match hand.iter().position(|&c| c == d) {
            Some(i) => mask |= 1 << i,
            None => {
                return Err(Error::InvalidArgument(format!(
                    "discard {} is not in the hand",
                    format_card(d)
                )))
            }
        }
    }
    Ok(mask)
}

impl Draw {
    /// Checks and prepares a draw of `hand` discarding the cards of `discard_mask`,
    /// with `dead` cards (e.g. known discards of other players) out of the stub.
    pub fn new(
        ranking: Ranking,
        hand: &[Card],
        discard_mask: u8,
        dead: &[Card],
        joker: bool,
    ) -> Result<Draw> {
        check_draw_hand(ranking, hand, joker)?;
        if discard_mask as usize >= 1 << hand.len() {
            return Err(Error::InvalidArgument(format!(
                "discard mask {discard_mask} names positions outside a hand of {} cards",
                hand.len()
            )));
        }
        let stub = stub_of(hand, dead, joker)?;
        let draws = discard_mask.count_ones() as usize;
        if draws > stub.len() {
            return Err(Error::InvalidArgument(format!(
                "{draws} cards cannot be drawn from a stub of {}",
                stub.len()
            )));
        }
        let kept = hand
            .iter()
            .enumerate()
            .filter(|(i, _)| discard_mask >> i & 1 == 0)
            .map(|(_, &c)| c)
            .collect();
        Ok(Draw { kept, stub, draws })
    }

    /// Adds every final strength to `sink` (a histogram indexed by strength, or a summary).
    pub fn tally<S: Sink + ?Sized>(&self, scorer: Scorer, sink: &mut S) {
        if let Scorer::High(tables) = scorer {
            return super::rank_walk::tally_high(tables, &self.kept, &self.stub, self.draws, sink);
        }
        let mut hand = [0u8; 5];
        let size = self.kept.len() + self.draws;
        debug_assert!(size <= 5);
        hand[..self.kept.len()].copy_from_slice(&self.kept);
        for_each_fill(
            &self.stub,
            self.draws,
            &mut hand[..size],
            self.kept.len(),
            &mut |h| sink.add(scorer.score(h), 1),
        );
    }
}

/// Where a walk over final hands puts what it finds: `weight` more final hands of `strength`
/// (a negative weight takes some back; the totals never go below zero).
pub trait Sink {
    /// Records `weight` final hands of `strength`.
    fn add(&mut self, strength: u16, weight: i64);
}

impl Sink for [u64] {
    #[inline(always)]
    fn add(&mut self, strength: u16, weight: i64) {
        let slot = &mut self[strength as usize];
        *slot = slot.wrapping_add_signed(weight);
    }
}

/// The exact distribution of the final strength: index = strength (0 unused), entries sum to
/// `C(stub, draws)`.
pub fn strength_histogram(ranking: Ranking, draw: &Draw) -> Vec<u64> {
    let mut histogram = vec![0u64; ranking.max_strength() as usize + 1];
    draw.tally(Scorer::of(ranking), histogram.as_mut_slice());
    histogram
}

/// How many hands of the whole deck (52 cards, or 53 with `joker`) reach each strength.
pub fn deck_histogram(ranking: Ranking, joker: bool) -> Result<Vec<u64>> {
    check_deck(ranking, joker)?;
    let draw = Draw {
        kept: Vec::new(),
        stub: stub_of(&[], &[], joker)?,
        draws: hand_size(ranking),
    };
    Ok(strength_histogram(ranking, &draw))
}

/// Category counts (index = category number) of a strength histogram.
pub fn category_counts(ranking: Ranking, histogram: &[u64]) -> Vec<u64> {
    let mut counts = vec![0u64; category_count(ranking)];
    let table = categories(ranking);
    for (strength, &n) in histogram.iter().enumerate().skip(1) {
        counts[table[strength] as usize] += n;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn counts(hand: &str, discards: &str) -> Vec<u64> {
        let hand = parse_cards(hand).unwrap();
        let mask = discard_mask_of(&hand, &parse_cards(discards).unwrap()).unwrap();
        let draw = Draw::new(Ranking::High, &hand, mask, &[], false).unwrap();
        category_counts(Ranking::High, &strength_histogram(Ranking::High, &draw))
    }

    #[test]
    fn pair_drawing_three() {
        let c = counts("Jh Jd 7c 4s 2h", "7c 4s 2h");
        assert_eq!(c.iter().sum::<u64>(), 16_215);
        assert_eq!(&c[2..8], &[2_592, 1_854, 0, 0, 165, 45]);
    }

    #[test]
    fn draws_to_flush_straight_and_full_house() {
        assert_eq!(counts("Ks 9s 6s 3s 8d", "8d")[5], 9);
        assert_eq!(counts("9c 8d 7h 6s Kd", "Kd")[4], 8);
        assert_eq!(counts("9c 8d 7h 5s Kd", "Kd")[4], 4);
        assert_eq!(counts("9c 9d 7h 7s Kd", "Kd")[6], 4);
        let trips = counts("9c 9d 9h 7s Kd", "7s Kd");
        assert_eq!((trips[6], trips[7]), (66, 46));
    }

    #[test]
    fn deck_histogram_counts_every_hand() {
        let hist = deck_histogram(Ranking::High, false).unwrap();
        assert_eq!(category_counts(Ranking::High, &hist)[8], 40);
        let joker = deck_histogram(Ranking::Joker, true).unwrap();
        assert_eq!(joker.iter().sum::<u64>(), 2_869_685);
        assert!(deck_histogram(Ranking::High, true).is_err());
    }

    #[test]
    fn bad_input_is_refused() {
        let hand = parse_cards("Jh Jd 7c 4s 2h").unwrap();
        assert!(Draw::new(Ranking::High, &hand, 32, &[], false).is_err());
        assert!(Draw::new(Ranking::High, &hand[..4], 1, &[], false).is_err());
        assert!(Draw::new(Ranking::High, &hand, 1, &hand[..1], false).is_err());
        assert!(Draw::new(Ranking::High, &hand, 1, &[JOKER], false).is_err());
        assert!(discard_mask_of(&hand, &parse_cards("As").unwrap()).is_err());
        assert!(Draw::new(Ranking::High, &hand, 1, &[], true).is_err());
    }
}
