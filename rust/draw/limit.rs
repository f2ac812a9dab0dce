//! The draw-limit setting of Five-Card Draw (RULES.md section 4, R-DRAW-7).

use crate::card::{rank, Card, JOKER};
use crate::error::{Error, Result};

/// How many cards a player may discard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawLimit {
    /// Up to three cards.
    Three,
    /// Up to three, or four when an ace (or the joker) is among the kept cards (the default).
    ThreeOrFourWithAce,
    /// Any number, up to the whole hand.
    Five,
}

impl DrawLimit {
    /// Every limit with its public name.
    pub const ALL: [(DrawLimit, &'static str); 3] = [
        (DrawLimit::Three, "3"),
        (DrawLimit::ThreeOrFourWithAce, "3-or-4-with-ace"),
        (DrawLimit::Five, "5"),
    ];

    /// The limit of a public name: `"3"`, `"3-or-4-with-ace"` or `"5"`.
    pub fn from_name(name: &str) -> Result<DrawLimit> {
        DrawLimit::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(l, _)| *l)
            .ok_or_else(|| {
                Error::InvalidArgument(format!(
                    "unknown draw limit {name:?} (known: 3, 3-or-4-with-ace, 5)"
                ))
            })
    }

    /// Whether discarding the cards of `discard_mask` from `hand` is allowed.
    pub fn allows(self, hand: &[Card], discard_mask: u8) -> bool {
        let discards = discard_mask.count_ones();
        let kept_ace = || {
            hand.iter()
                .enumerate()
                .any(|(i, &c)| discard_mask >> i & 1 == 0 && (c == JOKER || rank(c) == 12))
        };
        match self {
            DrawLimit::Three => discards <= 3,
            DrawLimit::ThreeOrFourWithAce => discards <= 3 || (discards == 4 && kept_ace()),
            DrawLimit::Five => true,
        }
    }

    /// The most cards a draw may exchange from a hand of `size` cards (the table offers this
    /// many; a 4-card draw under the default limit also needs a kept ace).
    pub fn max_discards(self, size: usize) -> usize {
        let most = match self {
            DrawLimit::Three => 3,
            DrawLimit::ThreeOrFourWithAce => 4,
            DrawLimit::Five => size,
        };
        most.min(size)
    }

    /// Why discarding the cards of `discard_mask` from `hand` is not allowed, or `None`.
    ///
    /// ```
    /// use drawpoker::card::parse_cards;
    /// use drawpoker::draw::limit::DrawLimit;
    /// let hand = parse_cards("Ks 9d 7c 4h 2s").unwrap();
    /// let why = DrawLimit::ThreeOrFourWithAce.refusal(&hand, 0b11110);
    /// assert_eq!(why.as_deref(), Some("exchanging 4 cards needs an ace (or the joker) kept"));
    /// ```
    pub fn refusal(self, hand: &[Card], discard_mask: u8) -> Option<String> {
        if self.allows(hand, discard_mask) {
            return None;
        }
        let most = self.max_discards(hand.len());
        if discard_mask.count_ones() as usize > most {
            return Some(format!("at most {most} cards may be exchanged"));
        }
        Some("exchanging 4 cards needs an ace (or the joker) kept".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    #[test]
    fn r_draw_7_four_card_draw_needs_a_kept_ace() {
        let hand = parse_cards("As 9d 7c 4h 2s").unwrap();
        let limit = DrawLimit::ThreeOrFourWithAce;
        assert!(limit.allows(&hand, 0b11110));
        assert!(limit.refusal(&hand, 0b11101).is_some());
        assert!(!limit.allows(&hand, 0b11111));
        let three = DrawLimit::Three.refusal(&hand, 0b11110);
        assert_eq!(three.as_deref(), Some("at most 3 cards may be exchanged"));
        assert!(DrawLimit::Five.allows(&hand, 0b11111));
        let joker_hand = [JOKER, 30, 20, 10, 0];
        assert!(limit.allows(&joker_hand, 0b11110));
    }
}
