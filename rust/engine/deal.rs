//! The deal as bytes: every shuffle of a hand is a pure function of (seed, hand number, deal
//! number, shuffle number), so any program can reproduce a deal from its seed.
//!
//! The message fed to SHAKE-256 (FIPS 202) is 41 bytes: the ASCII text `drawpoker.deal.v1`,
//! then the seed and the hand number as unsigned 64-bit big-endian integers, then the deal
//! number (0, then 1, 2, ... after each redeal) and the shuffle number (0 for the deal, k for
//! the k-th reshuffle of the discards) as unsigned 32-bit big-endian integers. The cards to
//! shuffle (a fresh deck in card order `0..=51` then the joker `52`; or the discard pile in
//! the order the cards were discarded) are put in the stable order of the little-endian
//! unsigned 32-bit keys read from the SHAKE-256 output, four bytes per card
//! ([`crate::shuffle::shuffle_order`]).

use crate::card::Card;
use crate::shuffle::shuffle_into;

/// The text every deal message starts with.
pub const DOMAIN: &[u8; 17] = b"drawpoker.deal.v1";

/// The 41-byte message of one shuffle.
///
/// ```
/// use drawpoker::engine::deal::shuffle_message;
/// let message = shuffle_message(5, 1, 0, 2);
/// assert_eq!(&message[..17], b"drawpoker.deal.v1");
/// assert_eq!(message[17..25], 5u64.to_be_bytes());
/// assert_eq!(message[25..33], 1u64.to_be_bytes());
/// assert_eq!(message[33..41], [0, 0, 0, 0, 0, 0, 0, 2]);
/// ```
pub fn shuffle_message(seed: u64, hand: u64, deal: u32, shuffle: u32) -> [u8; 41] {
    let mut message = [0u8; 41];
    message[..17].copy_from_slice(DOMAIN);
    message[17..25].copy_from_slice(&seed.to_be_bytes());
    message[25..33].copy_from_slice(&hand.to_be_bytes());
    message[33..37].copy_from_slice(&deal.to_be_bytes());
    message[37..41].copy_from_slice(&shuffle.to_be_bytes());
    message
}

/// `cards` in the order of the shuffle named by the four numbers.
///
/// ```
/// use drawpoker::engine::deal::shuffled;
/// let deck: Vec<u8> = (0..52).collect();
/// let order = shuffled(&deck, 5, 0, 0, 0);
/// assert_eq!(order.len(), 52);
/// assert_eq!(order, shuffled(&deck, 5, 0, 0, 0));
/// assert_ne!(order, shuffled(&deck, 5, 1, 0, 0));
/// ```
pub fn shuffled(cards: &[Card], seed: u64, hand: u64, deal: u32, shuffle: u32) -> Vec<Card> {
    let mut order = Vec::with_capacity(cards.len());
    shuffled_into(cards, seed, hand, deal, shuffle, &mut order);
    order
}

/// [`shuffled`] written over `out` (a deck's vector used again: no allocation).
///
/// ```
/// use drawpoker::engine::deal::{shuffled, shuffled_into};
/// let deck: Vec<u8> = (0..52).collect();
/// let mut out = Vec::new();
/// shuffled_into(&deck, 5, 1, 0, 0, &mut out);
/// assert_eq!(out, shuffled(&deck, 5, 1, 0, 0));
/// ```
pub fn shuffled_into(
    cards: &[Card],
    seed: u64,
    hand: u64,
    deal: u32,
    shuffle: u32,
    out: &mut Vec<Card>,
) {
    shuffle_into(cards, &shuffle_message(seed, hand, deal, shuffle), out);
}

/// `cards` with the ones of `top` first, in `top`'s order, and the rest in the seeded order
/// of the shuffle named by the four numbers (a stacked deck: a test or a replay fixes the
/// cards it knows). Cards of `top` must all be among `cards`.
pub fn stacked(
    top: &[Card],
    cards: &[Card],
    seed: u64,
    hand: u64,
    deal: u32,
    shuffle: u32,
) -> Vec<Card> {
    let rest: Vec<Card> = cards.iter().copied().filter(|c| !top.contains(c)).collect();
    let mut order = top.to_vec();
    order.extend(shuffled(&rest, seed, hand, deal, shuffle));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stacked_deck_puts_its_cards_on_top() {
        let deck: Vec<Card> = (0..52).collect();
        let order = stacked(&[51, 0, 7], &deck, 1, 0, 0, 0);
        assert_eq!(order[..3], [51, 0, 7]);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, deck);
    }

    #[test]
    fn different_numbers_never_share_a_message() {
        // Game seed 0 at hand 1,000,004 and game seed 1 at hand 1 hashed the same text before.
        assert_ne!(
            shuffle_message(0, 1_000_004, 0, 0),
            shuffle_message(1, 1, 0, 0)
        );
    }
}
