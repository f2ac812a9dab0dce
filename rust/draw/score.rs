//! What the draw engine needs of a ranking system: its hand size, its deck, a fast unchecked
//! scorer and the category of each strength.

use crate::card::Card;
use crate::eval::high::{self, HighTables};
use crate::eval::Ranking;
use std::sync::OnceLock;

/// A fast evaluator of valid, distinct final hands of one ranking system.
#[derive(Clone, Copy)]
pub enum Scorer {
    /// Five-card high hands.
    High(&'static HighTables),
}

impl Scorer {
    /// The scorer of a ranking.
    pub fn of(ranking: Ranking) -> Scorer {
        match ranking {
            Ranking::High => Scorer::High(high::tables()),
        }
    }

    /// Strength of a final hand (bigger wins); the cards must already be checked.
    #[inline(always)]
    pub fn score(&self, cards: &[Card]) -> u16 {
        match self {
            Scorer::High(tables) => tables.eval(cards),
        }
    }
}

/// Cards in a hand of the ranking (five for high).
pub fn hand_size(ranking: Ranking) -> usize {
    match ranking {
        Ranking::High => 5,
    }
}

/// Whether the ranking can play the joker of the 53-card deck.
pub fn allows_joker(ranking: Ranking) -> bool {
    match ranking {
        Ranking::High => false,
    }
}

/// Number of categories of the ranking (categories are numbered `0..count`, worst first).
pub fn category_count(ranking: Ranking) -> usize {
    match ranking {
        Ranking::High => 9,
    }
}

/// The category number of every strength of the ranking (index 0 unused).
pub fn categories(ranking: Ranking) -> &'static [u8] {
    fn build(ranking: Ranking) -> Vec<u8> {
        let mut table = vec![0u8; ranking.max_strength() as usize + 1];
        for (strength, slot) in table.iter_mut().enumerate().skip(1) {
            *slot = ranking
                .category(strength as u16)
                .expect("every strength has a category") as u8;
        }
        table
    }
    static HIGH: OnceLock<Vec<u8>> = OnceLock::new();
    match ranking {
        Ranking::High => HIGH.get_or_init(|| build(ranking)),
    }
}
