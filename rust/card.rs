//! Cards as integers `0..=51 = 4 * rank + suit` (rank 0 = deuce .. 12 = ace; suits c d h s),
//! the joker as 52, and their text form (`"As"`, `"Td"`, `"Jk"`).

use crate::error::{Error, Result};

/// A card: `4 * rank + suit`, or [`JOKER`].
pub type Card = u8;

/// The joker of the 53-card deck.
pub const JOKER: Card = 52;
/// Number of cards in a standard deck.
pub const DECK_SIZE: usize = 52;
/// Rank characters, deuce first.
pub const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";
/// Suit characters in bridge order: clubs, diamonds, hearts, spades.
pub const SUIT_CHARS: &[u8; 4] = b"cdhs";

/// Rank of a (non-joker) card, 0 = deuce .. 12 = ace.
#[inline(always)]
pub const fn rank(card: Card) -> u8 {
    card >> 2
}

/// Suit of a (non-joker) card, 0 = clubs .. 3 = spades.
#[inline(always)]
pub const fn suit(card: Card) -> u8 {
    card & 3
}

/// The card of a rank and a suit.
#[inline(always)]
pub const fn make_card(rank: u8, suit: u8) -> Card {
    rank * 4 + suit
}

/// The card whose integer is `value` (`0..=51`, or the joker's 52), or `None` when no card
/// has it: the one check of a card value that came from outside (Python's ints, a stacked
/// deck's order).
///
/// ```
/// use drawpoker::card::{card_of, JOKER};
/// assert_eq!([0, 51, 52, 53, -1].map(card_of), [Some(0), Some(51), Some(JOKER), None, None]);
/// ```
pub fn card_of(value: i64) -> Option<Card> {
    Card::try_from(value).ok().filter(|&card| card <= JOKER)
}

/// Text form of a card: `"As"`, `"2c"`, `"Jk"` for the joker.
pub fn format_card(card: Card) -> String {
    format_card_as(card, false)
}

/// Text form of a card with the suit as a letter (`"As"`) or, with `symbols`, as its Unicode
/// symbol (`"A\u{2660}"`); the joker is `"Jk"` either way.
pub fn format_card_as(card: Card, symbols: bool) -> String {
    if card == JOKER {
        return "Jk".to_string();
    }
    if card as usize >= DECK_SIZE {
        return format!("?{card}");
    }
    let mut text = String::with_capacity(4);
    text.push(RANK_CHARS[rank(card) as usize] as char);
    if symbols {
        text.push(SUIT_SYMBOLS[suit(card) as usize]);
    } else {
        text.push(SUIT_CHARS[suit(card) as usize] as char);
    }
    text
}

/// Text form of several cards, separated by spaces.
pub fn format_cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|&c| format_card(c))
        .collect::<Vec<_>>()
        .join(" ")
}

fn rank_of_char(ch: char) -> Option<u8> {
    let upper = ch.to_ascii_uppercase();
    RANK_CHARS
        .iter()
        .position(|&r| r as char == upper)
        .map(|r| r as u8)
}

/// The suit of a suit letter or of a Unicode suit symbol, black or white (U+2660..U+2667).
fn suit_of_char(ch: char) -> Option<u8> {
    match ch {
        'c' | 'C' | '\u{2663}' | '\u{2667}' => Some(0),
        'd' | 'D' | '\u{2666}' | '\u{2662}' => Some(1),
        'h' | 'H' | '\u{2665}' | '\u{2661}' => Some(2),
        's' | 'S' | '\u{2660}' | '\u{2664}' => Some(3),
        _ => None,
    }
}

/// The Unicode symbol of a suit (0 = clubs .. 3 = spades): the black suits of U+2660..U+2667.
pub const SUIT_SYMBOLS: [char; 4] = ['\u{2663}', '\u{2666}', '\u{2665}', '\u{2660}'];

/// Parses one card token (`"As"`, `"10h"`, `"td"`, `"A\u{2660}"`, `"Jk"`, `"X"`).
pub fn parse_card(token: &str) -> Result<Card> {
    let invalid = || Error::InvalidCard {
        token: token.to_string(),
    };
    let mut chars = [' '; 4];
    let mut len = 0;
    for ch in token.chars() {
        if len == chars.len() {
            return Err(invalid());
        }
        chars[len] = ch;
        len += 1;
    }
    match &chars[..len] {
        ['X' | 'x'] => Ok(JOKER),
        ['J' | 'j', 'K' | 'k'] => Ok(JOKER),
        ['1', '0', s] => suit_of_char(*s)
            .map(|s| make_card(8, s))
            .ok_or_else(invalid),
        [r, s] => match (rank_of_char(*r), suit_of_char(*s)) {
            (Some(r), Some(s)) => Ok(make_card(r, s)),
            _ => Err(invalid()),
        },
        _ => Err(invalid()),
    }
}

/// Parses a list of cards written together or apart: `"AsKd"`, `"As Kd"`, `"As,Kd"`, `"10h Jk"`,
/// `"A\u{2660}K\u{2666}"` (Unicode suits).
///
/// The one-letter joker `X` is accepted only as a word of its own.
pub fn parse_cards(text: &str) -> Result<Vec<Card>> {
    let mut cards = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == ',') {
        if word.chars().count() == 1 {
            cards.push(parse_card(word)?);
            continue;
        }
        let mut rest = word;
        while !rest.is_empty() {
            // A card is a rank and a suit, characters not bytes: "10" is one rank.
            let chars = if rest.starts_with("10") { 3 } else { 2 };
            let end = rest
                .char_indices()
                .nth(chars)
                .map_or(rest.len(), |(i, _)| i);
            let (token, tail) = rest.split_at(end);
            if token.chars().nth(1).is_none() {
                // A lone "x" is the joker only as a word of its own.
                return Err(Error::InvalidCard {
                    token: token.to_string(),
                });
            }
            cards.push(parse_card(token)?);
            rest = tail;
        }
    }
    Ok(cards)
}

/// Checks that every card is in range and none repeats; `row` names the hand in errors.
///
/// `allow_joker` admits card 52 (at most once).
pub fn check_hand(cards: &[Card], allow_joker: bool, row: Option<usize>) -> Result<()> {
    let limit = if allow_joker { 53 } else { 52 };
    let mut seen: u64 = 0;
    for &card in cards {
        if card >= limit {
            return Err(Error::CardOutOfRange {
                value: card as i64,
                row,
            });
        }
        let bit = 1u64 << card;
        if seen & bit != 0 {
            return Err(Error::DuplicateCard { card, row });
        }
        seen |= bit;
    }
    Ok(())
}

/// The set of cards as a 53-bit mask (bit `c` for card `c`).
pub fn card_mask(cards: &[Card]) -> u64 {
    cards.iter().fold(0u64, |m, &c| m | (1u64 << c))
}

/// `n` rows of `width` distinct cards drawn from the first `deck_size` cards, in one flat
/// vector: random hands from a xorshift generator (Marsaglia 2003), the same for the same
/// `seed`, for the tests, examples and benchmarks of every evaluator.
///
/// # Panics
/// If `width` is 0 or above `deck_size` (no such row exists).
///
/// ```
/// use drawpoker::card::random_rows;
/// let cards = random_rows(1000, 7, 52, 1);
/// assert_eq!(cards.len(), 7000);
/// assert!(cards.chunks(7).all(|row| (1..7).all(|i| !row[..i].contains(&row[i]))));
/// assert_eq!(cards, random_rows(1000, 7, 52, 1));
/// ```
pub fn random_rows(n: usize, width: usize, deck_size: u8, seed: u64) -> Vec<Card> {
    assert!(
        (1..=deck_size as usize).contains(&width),
        "rows of {width} distinct cards from {deck_size}"
    );
    // A xorshift state of 0 stays 0.
    let mut state = if seed == 0 {
        0x9E37_79B9_7F4A_7C15
    } else {
        seed
    };
    let mut cards = Vec::with_capacity(n * width);
    for _ in 0..n {
        let mut used = 0u64;
        while cards.len() % width != 0 || used == 0 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let card = (state % deck_size as u64) as u8;
            if used >> card & 1 == 0 {
                used |= 1 << card;
                cards.push(card);
            }
        }
    }
    cards
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        for card in 0..53u8 {
            assert_eq!(parse_card(&format_card(card)).unwrap(), card);
            assert_eq!(parse_card(&format_card_as(card, true)).unwrap(), card);
        }
    }

    #[test]
    fn parses_joined_spaced_and_ten_forms() {
        let expected = vec![make_card(12, 3), make_card(11, 1), make_card(8, 2), JOKER];
        assert_eq!(parse_cards("AsKd10hJk").unwrap(), expected);
        assert_eq!(parse_cards("As Kd, Th  X").unwrap(), expected);
        assert_eq!(parse_cards("aS kD tH jk").unwrap(), expected);
        assert_eq!(parse_cards("").unwrap(), vec![]);
        assert_eq!(
            parse_cards("A\u{2660}K\u{2666}10\u{2665}Jk").unwrap(),
            expected
        );
        assert_eq!(
            parse_cards("A\u{2664} K\u{2662} T\u{2661}").unwrap()[..3],
            expected[..3]
        );
    }

    #[test]
    fn rejects_bad_tokens_naming_them() {
        for bad in ["Zz", "A", "1s", "Asx", "11h", "Aé", "♠A"] {
            let err = parse_cards(bad).unwrap_err();
            assert!(matches!(err, Error::InvalidCard { .. }), "{bad}: {err}");
        }
        assert_eq!(
            parse_cards("As Kx").unwrap_err().to_string(),
            "invalid card \"Kx\""
        );
    }

    #[test]
    fn check_hand_finds_range_and_duplicates() {
        assert!(check_hand(&[0, 1, 2], false, None).is_ok());
        assert_eq!(
            check_hand(&[0, 52], false, Some(3)).unwrap_err(),
            Error::CardOutOfRange {
                value: 52,
                row: Some(3)
            }
        );
        assert!(check_hand(&[0, 52], true, None).is_ok());
        assert_eq!(
            check_hand(&[5, 5], false, None).unwrap_err(),
            Error::DuplicateCard { card: 5, row: None }
        );
    }
}
