//! The rules-of-thumb draw of RULES.md section 4 ("the tips"), as the rules-of-thumb CPU player
//! makes it: straight or better stand pat, trips / two pair keep every paired card, four to a
//! flush draw the fifth, a pair draws three, and with nothing the top two cards are kept (or the
//! ace alone, when the draw limit allows four cards). The joker is always kept.

use crate::card::{rank, suit, Card, JOKER};
use crate::error::Result;
use crate::eval::classes::Category;
use crate::eval::Ranking;

const ACE: u8 = 12;

/// The advised discards of a hand, and for a hand with nothing but an ace high the four-card
/// draw that keeps the ace alone (for the caller to use when the draw limit allows it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tip {
    /// The discards when the four-card draw is not taken, in the order the hand holds them
    /// (for a hand with nothing: highest card first).
    pub discards: Vec<Card>,
    /// The discards of the ace-only draw (every card but the ace, highest first), if the hand
    /// has nothing and an ace is its highest card.
    pub ace_draw: Option<Vec<Card>>,
}

/// The tip for `cards` under `ranking` (the hand's category decides; errors are those of
/// [`Ranking::evaluate`]).
///
/// ```
/// use drawpoker::card::parse_cards;
/// use drawpoker::draw::tip::tip;
/// use drawpoker::eval::Ranking;
/// let pair = tip(&parse_cards("9c 9d 7h 4s Kd").unwrap(), Ranking::High).unwrap();
/// assert_eq!(pair.discards, parse_cards("7h 4s Kd").unwrap());
/// let nothing = tip(&parse_cards("As 9d 7h 4c 2s").unwrap(), Ranking::High).unwrap();
/// assert_eq!(nothing.discards, parse_cards("7h 4c 2s").unwrap());
/// assert_eq!(nothing.ace_draw, Some(parse_cards("9d 7h 4c 2s").unwrap()));
/// ```
pub fn tip(cards: &[Card], ranking: Ranking) -> Result<Tip> {
    let category = ranking.category_number(ranking.evaluate(cards)?)?;
    let stand_pat = Tip {
        discards: Vec::new(),
        ace_draw: None,
    };
    if category >= Category::Straight as u8 {
        return Ok(stand_pat);
    }
    let mut natural = cards.to_vec();
    if let Some(at) = natural.iter().position(|&c| c == JOKER) {
        natural.remove(at);
    }
    let jokers = cards.len() - natural.len();
    let mut rank_counts = [0usize; 13];
    let mut suit_counts = [0usize; 4];
    for &card in &natural {
        rank_counts[rank(card) as usize] += 1;
        suit_counts[suit(card) as usize] += 1;
    }
    let without = |keep: &dyn Fn(Card) -> bool| Tip {
        discards: natural.iter().copied().filter(|&c| !keep(c)).collect(),
        ace_draw: None,
    };
    if category >= Category::TwoPair as u8 {
        return Ok(without(&|c| rank_counts[rank(c) as usize] >= 2));
    }
    // The most common suit, the lowest of equals.
    let mut flush_suit = 0;
    for s in 1..4 {
        if suit_counts[s] > suit_counts[flush_suit] {
            flush_suit = s;
        }
    }
    if suit_counts[flush_suit] + jokers >= 4 {
        return Ok(without(&|c| suit(c) as usize == flush_suit));
    }
    if category == Category::OnePair as u8 {
        // The pair, or the top card that the joker pairs.
        let kept = natural
            .iter()
            .map(|&c| rank(c))
            .find(|&r| rank_counts[r as usize] >= 2)
            .or_else(|| natural.iter().map(|&c| rank(c)).max())
            .unwrap_or(0);
        return Ok(without(&|c| rank(c) == kept));
    }
    let mut ordered = natural;
    ordered.sort_unstable_by(|a, b| b.cmp(a));
    let ace_draw = match ordered.first() {
        Some(&top) if rank(top) == ACE => Some(ordered[1..].to_vec()),
        _ => None,
    };
    Ok(Tip {
        discards: ordered.get(2..).unwrap_or_default().to_vec(),
        ace_draw,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn discards(hand: &str, ranking: Ranking) -> (String, Option<String>) {
        let tip = tip(&parse_cards(hand).unwrap(), ranking).unwrap();
        let text = |cards: &[Card]| crate::card::format_cards(cards);
        (text(&tip.discards), tip.ace_draw.as_deref().map(text))
    }

    #[test]
    fn each_tip_of_section_4() {
        let high = Ranking::High;
        assert_eq!(discards("9c 9d 7h 4s Kd", high).0, "7h 4s Kd");
        assert_eq!(discards("9c 9d 7h 7s Kd", high).0, "Kd");
        assert_eq!(discards("9c 9d 9h 7s Kd", high).0, "7s Kd");
        assert_eq!(discards("Ks 9s 6s 3s 8d", high).0, "8d");
        assert_eq!(discards("5c 6d 7h 8s 9d", high), (String::new(), None));
        assert_eq!(discards("9c 9d 9h 7s 7d", high), (String::new(), None));
    }

    #[test]
    fn nothing_keeps_the_top_two_or_the_ace_alone() {
        let (three, four) = discards("2s 9d As 4c 7h", Ranking::High);
        assert_eq!(three, "7h 4c 2s");
        assert_eq!(four.as_deref(), Some("9d 7h 4c 2s"));
        assert_eq!(
            discards("Ks 9d 7h 4c 2s", Ranking::High),
            ("7h 4c 2s".into(), None)
        );
    }

    #[test]
    fn the_joker_is_kept_and_counts_toward_a_flush() {
        assert_eq!(discards("Jk 9d 9h 7s Kd", Ranking::Joker).0, "7s Kd");
        assert_eq!(discards("Jk 9d 6h 4s Kd", Ranking::Joker).0, "9d 6h 4s");
        assert_eq!(discards("Jk 9d 6d 2d Ks", Ranking::Joker).0, "Ks");
    }

    #[test]
    fn bad_hands_are_errors() {
        assert!(tip(&[0, 1, 2], Ranking::High).is_err());
        assert!(tip(&[0, 0, 1, 2, 3], Ranking::High).is_err());
    }
}
