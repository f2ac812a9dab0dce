//! What the draw engine needs of a ranking system: its hand size, a fast unchecked scorer,
//! the category of each strength and what counts as improving a hand.

use crate::card::Card;
use crate::eval::high::HighTables;
use crate::eval::{ace_five, badugi, deuce_seven, high, joker, short_deck, Ranking};
use std::sync::OnceLock;

/// A fast evaluator of valid, distinct final hands of one ranking system.
#[derive(Clone, Copy)]
pub enum Scorer {
    /// Five-card high hands.
    High(&'static HighTables),
    /// Five cards of the 53-card deck, the joker wild.
    Joker(&'static joker::JokerTables),
    /// Deuce-to-seven low.
    DeuceSeven(&'static deuce_seven::DeuceSevenTables),
    /// Ace-to-five low.
    AceFive(&'static ace_five::AceFiveTables),
    /// Four-card badugi.
    Badugi(&'static badugi::BadugiTables),
    /// Short-deck high hands.
    ShortDeck(&'static short_deck::ShortDeckTables),
}

impl Scorer {
    /// The scorer of a ranking.
    pub fn of(ranking: Ranking) -> Scorer {
        match ranking {
            Ranking::High => Scorer::High(high::tables()),
            Ranking::Joker => Scorer::Joker(joker::tables()),
            Ranking::DeuceSeven => Scorer::DeuceSeven(deuce_seven::tables()),
            Ranking::AceFive => Scorer::AceFive(ace_five::tables()),
            Ranking::Badugi => Scorer::Badugi(badugi::tables()),
            Ranking::ShortDeck => Scorer::ShortDeck(short_deck::tables()),
        }
    }

    /// Strength of a final hand (bigger wins); the cards must already be checked and number
    /// [`hand_size`] of the ranking.
    #[inline(always)]
    pub fn score(&self, cards: &[Card]) -> u16 {
        let five = || [cards[0], cards[1], cards[2], cards[3], cards[4]];
        match self {
            Scorer::High(tables) => tables.eval(cards),
            Scorer::Joker(tables) => tables.eval5(&five()),
            Scorer::DeuceSeven(tables) => tables.eval5(&five()),
            Scorer::AceFive(tables) => tables.eval(cards),
            Scorer::Badugi(tables) => tables.eval4(&[cards[0], cards[1], cards[2], cards[3]]),
            Scorer::ShortDeck(tables) => tables.eval(cards),
        }
    }
}

/// Cards in a hand of the ranking in a draw game (five, four for badugi).
pub fn hand_size(ranking: Ranking) -> usize {
    match ranking {
        Ranking::Badugi => 4,
        _ => 5,
    }
}

/// Whether the ranking can play the joker of the 53-card deck.
pub fn allows_joker(ranking: Ranking) -> bool {
    ranking.allows_joker()
}

/// Whether "improving" means reaching a better category (high and joker hands: a pair that
/// draws to a better pair has not improved) rather than any better strength (the lows, badugi).
pub fn improves_by_category(ranking: Ranking) -> bool {
    matches!(ranking, Ranking::High | Ranking::Joker | Ranking::ShortDeck)
}

/// Number of categories of the ranking (category numbers run `0..count`, worst first; badugi
/// numbers them by the cards that play, 1..=4, so 0 stays empty).
pub fn category_count(ranking: Ranking) -> usize {
    categories(ranking).iter().copied().max().unwrap_or(0) as usize + 1
}

/// The category number of every strength of the ranking (index 0 unused).
pub fn categories(ranking: Ranking) -> &'static [u8] {
    fn build(ranking: Ranking) -> Vec<u8> {
        let mut table = vec![0u8; ranking.max_strength() as usize + 1];
        for (strength, slot) in table.iter_mut().enumerate().skip(1) {
            *slot = ranking
                .category_number(strength as u16)
                .expect("every strength has a category");
        }
        table
    }
    static TABLES: [OnceLock<Vec<u8>>; Ranking::ALL.len()] =
        [const { OnceLock::new() }; Ranking::ALL.len()];
    let index = Ranking::ALL
        .iter()
        .position(|(r, _)| *r == ranking)
        .expect("every ranking is listed");
    TABLES[index].get_or_init(|| build(ranking))
}

/// Final hands of `histogram` (index = strength) that improve on a hand of strength `before`.
pub fn improved_count(ranking: Ranking, before: u16, histogram: &[u64]) -> u64 {
    if improves_by_category(ranking) {
        let table = categories(ranking);
        let category = table[before as usize];
        histogram
            .iter()
            .zip(table)
            .filter(|(_, &c)| c > category)
            .map(|(&n, _)| n)
            .sum()
    } else {
        histogram[before as usize + 1..].iter().sum()
    }
}
