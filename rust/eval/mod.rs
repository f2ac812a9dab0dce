//! Hand evaluation: one module per ranking system, all on the convention that a bigger
//! strength wins and strengths are dense from 1 within their system.

pub mod ace_five;
pub mod badugi;
pub mod batch;
mod block_keys;
pub mod classes;
pub mod deuce_seven;
pub mod high;
pub mod joker;
pub mod omaha;
pub(crate) mod row_table;
pub mod short_deck;

use crate::card::Card;
use crate::error::{Error, Result};
use classes::Category;

/// A hand-ranking system of RULES.md section 2, named the same way everywhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ranking {
    /// Standard high hands (R-HIGH-1..5): 5, 6 or 7 cards, best five.
    High,
    /// Joker-wild high (R-JOKER-1..3): five cards of the 53-card deck, five of a kind on top.
    Joker,
    /// Deuce-to-seven low (R-27-1..2): five cards, ace high, straights and flushes count.
    DeuceSeven,
    /// Ace-to-five low (R-A5-1..3): 5, 6 or 7 cards, best five, straights and flushes ignored.
    AceFive,
    /// Badugi (R-BADUGI-1..2): four cards, the best subset of distinct suits and ranks.
    Badugi,
    /// Short-deck high (R-SD-2..3): 5, 6 or 7 cards six through ace, best five; a flush
    /// beats a full house and `A-6-7-8-9` is a straight.
    ShortDeck,
}

impl Ranking {
    /// Every ranking with its public name.
    pub const ALL: [(Ranking, &'static str); 6] = [
        (Ranking::High, "high"),
        (Ranking::Joker, "joker"),
        (Ranking::DeuceSeven, "deuce-seven"),
        (Ranking::AceFive, "ace-five"),
        (Ranking::Badugi, "badugi"),
        (Ranking::ShortDeck, "short-deck"),
    ];

    /// The ranking of a public name such as `"high"`.
    pub fn from_name(name: &str) -> Result<Ranking> {
        Ranking::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(r, _)| *r)
            .ok_or_else(|| {
                let known: Vec<&str> = Ranking::ALL.iter().map(|(_, n)| *n).collect();
                Error::InvalidArgument(format!(
                    "unknown ranking {name:?} (known: {})",
                    known.join(", ")
                ))
            })
    }

    /// The public name.
    pub fn name(self) -> &'static str {
        Ranking::ALL
            .iter()
            .find(|(r, _)| *r == self)
            .map(|(_, n)| *n)
            .expect("every ranking is named")
    }

    /// The hand sizes the ranking evaluates.
    pub fn hand_sizes(self) -> &'static [usize] {
        match self {
            Ranking::High | Ranking::AceFive | Ranking::ShortDeck => &[5, 6, 7],
            Ranking::Joker | Ranking::DeuceSeven => &[5],
            Ranking::Badugi => &[4],
        }
    }

    /// Whether hands may hold the joker (card 52).
    pub fn allows_joker(self) -> bool {
        self == Ranking::Joker
    }

    /// The lowest rank a hand may hold (0 = deuce; the short deck starts at the six).
    pub fn lowest_rank(self) -> u8 {
        match self {
            Ranking::ShortDeck => short_deck::SIX,
            _ => 0,
        }
    }

    /// Strength of one hand, checked (bigger wins).
    pub fn evaluate(self, cards: &[Card]) -> Result<u16> {
        match self {
            Ranking::High => high::evaluate(cards),
            Ranking::Joker => joker::evaluate(cards),
            Ranking::DeuceSeven => deuce_seven::evaluate(cards),
            Ranking::AceFive => ace_five::evaluate(cards),
            Ranking::Badugi => badugi::evaluate(cards),
            Ranking::ShortDeck => short_deck::evaluate(cards),
        }
    }

    /// Strengths of a batch of hands of `width` cards, every row checked.
    pub fn evaluate_batch(self, cards: &[Card], width: usize, out: &mut [u16]) -> Result<()> {
        self.evaluate_batch_on(batch::Isa::best(), cards, width, out)
    }

    /// [`Ranking::evaluate_batch`] on the instruction set `isa` (tests run each).
    pub fn evaluate_batch_on(
        self,
        isa: batch::Isa,
        cards: &[Card],
        width: usize,
        out: &mut [u16],
    ) -> Result<()> {
        match self {
            Ranking::High => high::evaluate_batch_on(isa, cards, width, out),
            Ranking::Joker => joker::evaluate_batch_on(isa, cards, width, out),
            Ranking::DeuceSeven => deuce_seven::evaluate_batch_on(isa, cards, width, out),
            Ranking::AceFive => ace_five::evaluate_batch_on(isa, cards, width, out, 0),
            Ranking::Badugi => badugi::evaluate_batch_on(isa, cards, width, out),
            Ranking::ShortDeck => short_deck::evaluate_batch(cards, width, out),
        }
    }

    /// The highest strength of the system (strengths run 1..=max).
    pub fn max_strength(self) -> u16 {
        match self {
            Ranking::High | Ranking::DeuceSeven => classes::CLASS_COUNT as u16,
            Ranking::Joker => joker::JOKER_CLASS_COUNT as u16,
            Ranking::AceFive => ace_five::CLASS_COUNT as u16,
            Ranking::Badugi => badugi::CLASS_COUNT as u16,
            Ranking::ShortDeck => short_deck::tables().class_count() as u16,
        }
    }

    fn check_strength(self, strength: u16) -> Result<()> {
        if strength == 0 || strength > self.max_strength() {
            return Err(Error::InvalidArgument(format!(
                "strength {strength} is outside 1..={} of the {} ranking",
                self.max_strength(),
                self.name()
            )));
        }
        Ok(())
    }

    /// The class (category and ranks by significance) of a strength; badugi has none.
    fn class_info(self, strength: u16) -> Result<classes::ClassInfo> {
        self.check_strength(strength)?;
        let info = match self {
            Ranking::High => high::class_info(strength),
            Ranking::Joker => joker::class_info(strength),
            Ranking::DeuceSeven => deuce_seven::tables().class_info(strength),
            Ranking::AceFive => ace_five::tables().class_info(strength),
            Ranking::ShortDeck => short_deck::class_info(strength),
            Ranking::Badugi => {
                return Err(Error::InvalidArgument(
                    "badugi hands have no poker-hand category; their category number is the \
                     count of cards that play"
                        .to_string(),
                ))
            }
        };
        Ok(info.expect("strength checked"))
    }

    /// The poker-hand category of a strength (every ranking but badugi). In the low rankings
    /// it names what the hand holds (a deuce-to-seven straight is [`Category::Straight`]), so
    /// a higher category is a worse low.
    pub fn category(self, strength: u16) -> Result<Category> {
        Ok(self.class_info(strength)?.category)
    }

    /// The category as a number: the [`Category`] value, or for badugi the number of cards
    /// that play (1..=4, 4 = a badugi).
    pub fn category_number(self, strength: u16) -> Result<u8> {
        match self {
            Ranking::Badugi => {
                self.check_strength(strength)?;
                Ok(badugi::cards_counted(strength).expect("strength checked"))
            }
            _ => Ok(self.category(strength)? as u8),
        }
    }

    /// A person's name for a strength, e.g. `"Full house, kings full of threes"`,
    /// `"Seven-five low: 7-5-4-3-2"` or `"Badugi, 4-3-2-A"`.
    pub fn describe(self, strength: u16) -> Result<String> {
        if self == Ranking::Badugi {
            self.check_strength(strength)?;
            return Ok(badugi::describe(strength).expect("strength checked"));
        }
        let info = self.class_info(strength)?;
        Ok(match self {
            Ranking::DeuceSeven | Ranking::AceFive => classes::describe_low(&info),
            _ => classes::describe_class(&info),
        })
    }
}
