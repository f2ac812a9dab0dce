//! What the draw engine needs of a ranking system: its hand size, its deck, a fast unchecked
//! scorer and the category of each strength.

use crate::card::Card;
use crate::eval::high::{self, HighTables};
use crate::eval::joker::{self, JokerTables};
use crate::eval::Ranking;
use std::sync::OnceLock;

/// A fast evaluator of valid, distinct final hands of one ranking system.
#[derive(Clone, Copy)]
pub enum Scorer {
    /// Five-card high hands.
    High(&'static HighTables),
    /// Five-card joker-wild high hands of the 53-card deck.
    Joker(&'static JokerTables),
}

impl Scorer {
    /// The scorer of a ranking.
    pub fn of(ranking: Ranking) -> Scorer {
        match ranking {
            Ranking::High => Scorer::High(high::tables()),
            Ranking::Joker => Scorer::Joker(joker::tables()),
        }
    }

    /// Strength of a final hand (bigger wins); the cards must already be checked.
    #[inline(always)]
    pub fn score(&self, cards: &[Card]) -> u16 {
        match self {
            Scorer::High(tables) => tables.eval(cards),
            Scorer::Joker(tables) => match <&[Card; 5]>::try_from(cards) {
                Ok(five) => tables.eval5(five),
                Err(_) => unreachable!("joker draw hands have five cards (hand_size)"),
            },
        }
    }
}

/// Cards in a hand of the ranking (five for high).
pub fn hand_size(ranking: Ranking) -> usize {
    match ranking {
        Ranking::High | Ranking::Joker => 5,
    }
}

/// Whether the ranking can play the joker of the 53-card deck.
pub fn allows_joker(ranking: Ranking) -> bool {
    match ranking {
        Ranking::High => false,
        Ranking::Joker => true,
    }
}

/// Number of categories of the ranking (categories are numbered `0..count`, worst first).
pub fn category_count(ranking: Ranking) -> usize {
    match ranking {
        Ranking::High => 9,
        Ranking::Joker => 10,
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
    static JOKER: OnceLock<Vec<u8>> = OnceLock::new();
    match ranking {
        Ranking::High => HIGH.get_or_init(|| build(ranking)),
        Ranking::Joker => JOKER.get_or_init(|| build(ranking)),
    }
}
