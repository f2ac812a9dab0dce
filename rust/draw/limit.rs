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

    /// [`DrawLimit::allows`] as a result with a clear message.
    pub fn check(self, hand: &[Card], discard_mask: u8) -> Result<()> {
        if self.allows(hand, discard_mask) {
            return Ok(());
        }
        let n = discard_mask.count_ones();
        let why = match self {
            DrawLimit::Three => "at most 3 cards may be discarded under the draw limit 3",
            DrawLimit::ThreeOrFourWithAce if n == 4 => {
                "a 4-card draw needs an ace or the joker among the kept cards"
            }
            _ => "more cards are discarded than the draw limit allows",
        };
        Err(Error::InvalidArgument(format!(
            "discarding {n} cards is not allowed: {why}"
        )))
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
        assert!(limit.check(&hand, 0b11101).is_err());
        assert!(!limit.allows(&hand, 0b11111));
        assert!(DrawLimit::Three.check(&hand, 0b11110).is_err());
        assert!(DrawLimit::Five.allows(&hand, 0b11111));
        let joker_hand = [JOKER, 30, 20, 10, 0];
        assert!(limit.allows(&joker_hand, 0b11110));
    }
}
