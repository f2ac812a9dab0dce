//! How up cards rank in the stud games: the worst up card brings in (R-STUD-2, R-RAZZ-1) and the
//! best board acts first from fourth street on (R-STUD-6).

use super::spec::CardOrder;
use crate::card::{rank, suit, Card};

/// A card's rank in the order: ace high (deuce 0 .. ace 12), or ace low (ace 0 .. king 12).
fn ranked(card: Card, order: CardOrder) -> u8 {
    match order {
        CardOrder::High => rank(card),
        CardOrder::Low => (rank(card) + 1) % 13,
    }
}

/// A card's place in the order, suits breaking ties (clubs lowest, spades highest): how the
/// stud games compare single cards (R-STUD-2, R-STUD-10, R-RAZZ-1).
///
/// ```
/// use drawpoker::card::parse_cards;
/// use drawpoker::engine::boards::card_key;
/// use drawpoker::engine::spec::CardOrder;
/// let [ace, king] = parse_cards("As Kc").unwrap()[..] else { panic!() };
/// assert!(card_key(ace, CardOrder::High) > card_key(king, CardOrder::High));
/// assert!(card_key(ace, CardOrder::Low) < card_key(king, CardOrder::Low));
/// ```
pub fn card_key(card: Card, order: CardOrder) -> u8 {
    ranked(card, order) * 4 + suit(card)
}

/// How bad an up card is to bring in with: the smallest key brings in. Ace-high games: the
/// lowest rank, clubs lowest; ace-low games: the highest rank (king), spades highest.
///
/// ```
/// use drawpoker::card::parse_cards;
/// use drawpoker::engine::boards::bring_in_key;
/// use drawpoker::engine::spec::CardOrder;
/// let [two_clubs, two_spades, king_spades, king_hearts] = parse_cards("2c 2s Ks Kh").unwrap()[..] else { panic!() };
/// assert!(bring_in_key(two_clubs, CardOrder::High) < bring_in_key(two_spades, CardOrder::High));
/// assert!(bring_in_key(king_spades, CardOrder::Low) < bring_in_key(king_hearts, CardOrder::Low));
/// ```
pub fn bring_in_key(card: Card, order: CardOrder) -> u8 {
    let value = card_key(card, order);
    match order {
        CardOrder::High => value,
        CardOrder::Low => u8::MAX - value,
    }
}

/// How good a board of up cards is (the biggest acts first): by its groups of equal ranks (four
/// of a kind, three, two pair, a pair, none), then their ranks; in ace-low games the reverse of
/// the same order, ace low, so that any pair counts against a board. Suits never count.
///
/// ```
/// use drawpoker::card::parse_cards;
/// use drawpoker::engine::boards::board_key;
/// use drawpoker::engine::spec::CardOrder;
/// let key = |text: &str, order| board_key(&parse_cards(text).unwrap(), order);
/// assert!(key("5c 5d", CardOrder::High) > key("Ac Kd", CardOrder::High));
/// assert!(key("Kc 5d 5h", CardOrder::High) < key("2c 2d 3h 3s", CardOrder::High));
/// assert!(key("7c 6d", CardOrder::Low) > key("Kc 2d", CardOrder::Low));
/// assert!(key("Ac 2d", CardOrder::Low) > key("3c 3d", CardOrder::Low));
/// ```
pub fn board_key(up: &[Card], order: CardOrder) -> u64 {
    let mut counts = [0u8; 13];
    for &card in up {
        counts[ranked(card, order) as usize] += 1;
    }
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    // Nibbles: the group sizes (the shape), then the ranks in group order.
    let mut key = 0u64;
    for i in 0..8 {
        key = key << 4 | groups.get(i).map_or(0, |g| u64::from(g.0));
    }
    for i in 0..8 {
        key = key << 4 | groups.get(i).map_or(0, |g| u64::from(g.1) + 1);
    }
    match order {
        CardOrder::High => key,
        CardOrder::Low => u64::MAX - key,
    }
}

/// Whether the up cards hold a pair (R-STUD-4's open pair).
pub fn has_pair(up: &[Card]) -> bool {
    up.iter()
        .enumerate()
        .any(|(i, &a)| up[i + 1..].iter().any(|&b| rank(a) == rank(b)))
}
