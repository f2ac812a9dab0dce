//! Badugi (R-BADUGI-1..2): four cards, ace low; a hand is worth its best subset of cards with
//! all suits and all ranks distinct. More cards always win; between hands of the same size the
//! lower highest card wins, then the next.
//!
//! For subsets of one size, comparing their ranks from the top is comparing their 13-bit
//! ace-low rank sets as numbers, so the scale (1,092 classes: 1 = a lone king, 1092 = `A234`
//! of four suits) sorts rank sets by size, then by that number descending. The evaluator
//! reads a table at an index made of the hand's multiset of ranks and its pattern of shared
//! suits (1,820 x 15 entries), both read off the four cards once sorted (a small sorting network).

use super::batch::{check_batch_shape, map_blocks, sorted_block4, Deck, Isa};
use crate::card::{rank, suit, Card};
use crate::error::{Error, Result};
use std::sync::OnceLock;

/// Number of badugi classes: C(13,4) + C(13,3) + C(13,2) + C(13,1).
pub const CLASS_COUNT: usize = 1092;
/// Multisets of four ranks: C(16, 4).
const RANK_MULTISETS: usize = 1820;
/// Ways to split four cards into suit groups (the Bell number B4).
const SUIT_PATTERNS: usize = 15;

/// `MULTISET_TERM[k][r]` = C(r + k, k + 1): the colex index of a sorted multiset of four ranks
/// `r0 <= r1 <= r2 <= r3` is the sum of `MULTISET_TERM[i][r_i]`.
const fn multiset_terms() -> [[u16; 13]; 4] {
    let mut table = [[0u16; 13]; 4];
    let mut k = 0;
    while k < 4 {
        let mut r = 0;
        while r < 13 {
            // C(r + k, k + 1) by the product formula.
            let (mut num, mut den, mut i) = (1u32, 1u32, 0u32);
            while i <= k as u32 {
                num *= r as u32 + k as u32 - i;
                den *= i + 1;
                i += 1;
            }
            table[k][r] = (num / den) as u16;
            r += 1;
        }
        k += 1;
    }
    table
}

const MULTISET_TERM: [[u16; 13]; 4] = multiset_terms();

/// For each way to give suits to four cards (2 bits per card, first card lowest), the index
/// (0..15) of how the cards split into suit groups: the same for every renaming of the suits.
const fn suit_patterns() -> [u8; 256] {
    let mut table = [0u8; 256];
    // The first code seen of each split, by its 6 bits of which card pairs share a suit.
    let mut index_of_split = [u8::MAX; 64];
    let mut next = 0u8;
    let mut code = 0usize;
    while code < 256 {
        let s = [code & 3, code >> 2 & 3, code >> 4 & 3, code >> 6 & 3];
        let split = (s[0] == s[1]) as usize
            | ((s[0] == s[2]) as usize) << 1
            | ((s[0] == s[3]) as usize) << 2
            | ((s[1] == s[2]) as usize) << 3
            | ((s[1] == s[3]) as usize) << 4
            | ((s[2] == s[3]) as usize) << 5;
        if index_of_split[split] == u8::MAX {
            index_of_split[split] = next;
            next += 1;
        }
        table[code] = index_of_split[split];
        code += 1;
    }
    table
}

const SUIT_PATTERN: [u8; 256] = suit_patterns();

/// `POSITION_TERM[i][card]`: what the `i`-th lowest of four sorted cards adds to a hand's
/// index before its suits are classified: its multiset term times 256, plus its suit at
/// bits `2 i`. Bytes past the deck add 0 (rows are checked first).
const fn position_terms() -> [[u32; 256]; 4] {
    let mut table = [[0u32; 256]; 4];
    let mut i = 0;
    while i < 4 {
        let mut card = 0;
        while card < 52 {
            table[i][card] =
                (MULTISET_TERM[i][card >> 2] as u32) << 8 | ((card & 3) as u32) << (2 * i);
            card += 1;
        }
        i += 1;
    }
    table
}

const POSITION_TERM: [[u32; 256]; 4] = position_terms();

/// The four cards in increasing order (a sorting network of five compare-exchanges).
#[inline(always)]
fn sorted(cards: &[Card; 4]) -> [Card; 4] {
    let [a, b, c, d] = *cards;
    let (a, b) = (a.min(b), a.max(b));
    let (c, d) = (c.min(d), c.max(d));
    let (a, c) = (a.min(c), a.max(c));
    let (b, d) = (b.min(d), b.max(d));
    let (b, c) = (b.min(c), b.max(c));
    [a, b, c, d]
}

/// The index of four distinct cards `0..52` in the hand table: the colex index of their
/// multiset of ranks and how the cards, taken in increasing order, share suits. Badugi values
/// ignore which suit is which, so hands with equal indexes have equal values.
#[inline(always)]
fn hand_index(cards: &[Card; 4]) -> usize {
    index_of_sorted(&sorted(cards))
}

/// [`hand_index`] of four distinct cards given in increasing order.
#[inline(always)]
fn index_of_sorted(sorted: &[Card; 4]) -> usize {
    let sum: u32 = (0..4).map(|i| POSITION_TERM[i][sorted[i] as usize]).sum();
    (sum >> 8) as usize * SUIT_PATTERNS + SUIT_PATTERN[(sum & 0xFF) as usize] as usize
}

/// Ace-low value of a rank: ace 0, deuce 1 .. king 12.
const fn low_value(rank: u8) -> u8 {
    (rank + 1) % 13
}

/// The badugi tables: the strength of every four-card hand and of every rank set.
pub struct BadugiTables {
    /// Strength of each hand at its [`hand_index`] (55 KB: stays in the L2 cache).
    by_hand: Vec<u16>,
    /// Strength of each ace-low rank set of 1..=4 ranks (bit `v` for value `v`).
    by_ranks: Vec<u16>,
    /// The rank set of each strength (index 0 unused).
    ranks_of: Vec<u16>,
}

impl BadugiTables {
    fn build() -> BadugiTables {
        let mut ranks_of = vec![0u16];
        for size in 1..=4 {
            let mut sets: Vec<u16> = (1..1u16 << 13).filter(|m| m.count_ones() == size).collect();
            sets.sort_by(|a, b| b.cmp(a));
            ranks_of.extend(sets);
        }
        let mut by_ranks = vec![0u16; 1 << 13];
        for (strength, &set) in ranks_of.iter().enumerate().skip(1) {
            by_ranks[set as usize] = strength as u16;
        }
        let mut by_hand = vec![0u16; RANK_MULTISETS * SUIT_PATTERNS];
        for a in 0..52u8 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        let hand = [a, b, c, d];
                        let slot = &mut by_hand[hand_index(&hand)];
                        if *slot == 0 {
                            *slot = best_subset(&hand, &by_ranks);
                        }
                    }
                }
            }
        }
        BadugiTables {
            by_hand,
            by_ranks,
            ranks_of,
        }
    }

    /// Strength of four valid distinct cards (unchecked: see [`evaluate`]).
    #[inline(always)]
    pub fn eval4(&self, cards: &[Card; 4]) -> u16 {
        self.by_hand[hand_index(cards)]
    }

    /// The strength of an ace-low rank set (bit `v` for ace-low value `v`) of 1..=4 ranks.
    pub fn strength_of_ranks(&self, set: u16) -> u16 {
        self.by_ranks[set as usize]
    }

    /// The cards that count (1..=4) and their ranks, highest first, of a strength
    /// (`None` outside 1..=1092).
    pub fn class_ranks(&self, strength: u16) -> Option<Vec<u8>> {
        let set = *self
            .ranks_of
            .get(strength as usize)
            .filter(|_| strength > 0)?;
        Some(
            (0..13u8)
                .rev()
                .filter(|v| set >> v & 1 == 1)
                .map(|v| (v + 12) % 13)
                .collect(),
        )
    }

    /// Bytes of all tables.
    pub fn size_in_bytes(&self) -> usize {
        (self.by_hand.len() + self.by_ranks.len() + self.ranks_of.len()) * 2
    }
}

/// The best strength among the subsets of `hand` with distinct suits and ranks.
fn best_subset(hand: &[Card; 4], by_ranks: &[u16]) -> u16 {
    (1..16u32)
        .filter_map(|subset| {
            let (mut suits, mut ranks) = (0u16, 0u16);
            for (i, &c) in hand.iter().enumerate() {
                if subset >> i & 1 == 1 {
                    suits |= 1 << suit(c);
                    ranks |= 1 << low_value(rank(c));
                }
            }
            let size = subset.count_ones();
            (suits.count_ones() == size && ranks.count_ones() == size)
                .then(|| by_ranks[ranks as usize])
        })
        .max()
        .expect("a single card always counts")
}

/// The badugi tables, built on first use.
pub fn tables() -> &'static BadugiTables {
    static TABLES: OnceLock<BadugiTables> = OnceLock::new();
    TABLES.get_or_init(BadugiTables::build)
}

/// Strength (1..=1092, bigger wins: 1092 is `A234` of four suits) of four cards, checked.
pub fn evaluate(cards: &[Card]) -> Result<u16> {
    let four: &[Card; 4] = cards.try_into().map_err(|_| Error::HandSize {
        got: cards.len(),
        allowed: "4 cards",
    })?;
    crate::card::check_hand(cards, false, None)?;
    Ok(tables().eval4(four))
}

/// Strengths of `cards.len() / width` four-card hands into `out`.
pub fn evaluate_batch(cards: &[Card], width: usize, out: &mut [u16]) -> Result<()> {
    evaluate_batch_on(Isa::best(), cards, width, out)
}

/// [`evaluate_batch`] on the instruction set `isa`.
pub fn evaluate_batch_on(isa: Isa, cards: &[Card], width: usize, out: &mut [u16]) -> Result<()> {
    check_batch_shape(cards.len(), width, out.len(), 4..=4)?;
    let t = tables();
    map_blocks::<4, _>(
        isa,
        cards,
        out,
        Deck::Standard,
        |isa, rows, out| match sorted_block4(isa, rows) {
            Some(sorted) => {
                for (slot, cards) in out.iter_mut().zip(&sorted) {
                    *slot = t.by_hand[index_of_sorted(cards)];
                }
            }
            None => {
                for (slot, row) in out.iter_mut().zip(rows) {
                    *slot = t.eval4(row);
                }
            }
        },
    )
}

/// How many cards count in a strength's hand (1..=4; 4 is a badugi), `None` outside 1..=1092.
pub fn cards_counted(strength: u16) -> Option<u8> {
    tables().class_ranks(strength).map(|r| r.len() as u8)
}

/// A person's name for a strength, e.g. `"Badugi, 8-5-3-A"` or `"Three-card 7-4-2"`.
pub fn describe(strength: u16) -> Option<String> {
    let ranks = tables().class_ranks(strength)?;
    let list = ranks
        .iter()
        .map(|&r| (crate::card::RANK_CHARS[r as usize] as char).to_string())
        .collect::<Vec<_>>()
        .join("-");
    Some(match ranks.len() {
        4 => format!("Badugi, {list}"),
        3 => format!("Three-card {list}"),
        2 => format!("Two-card {list}"),
        _ => format!("One-card {list}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn eval_text(text: &str) -> u16 {
        evaluate(&parse_cards(text).unwrap()).unwrap()
    }

    /// Every one of the C(52, 4) hands, as arrays of four cards.
    fn every_hand() -> impl Iterator<Item = [Card; 4]> {
        (0..52u8).flat_map(|a| {
            (a + 1..52).flat_map(move |b| {
                (b + 1..52).flat_map(move |c| (c + 1..52).map(move |d| [a, b, c, d]))
            })
        })
    }

    #[test]
    fn table_matches_the_best_subset_of_every_hand() {
        let t = tables();
        for hand in every_hand() {
            assert_eq!(t.eval4(&hand), best_subset(&hand, &t.by_ranks), "{hand:?}");
        }
    }

    #[test]
    fn r_badugi_counts_over_every_hand() {
        let mut hist = vec![0u64; CLASS_COUNT + 1];
        for hand in every_hand() {
            hist[tables().eval4(&hand) as usize] += 1;
        }
        assert_eq!(hist.iter().sum::<u64>(), 270_725);
        assert_eq!(hist[1..].iter().filter(|&&n| n > 0).count(), CLASS_COUNT);
        let badugis: u64 = (1..=CLASS_COUNT as u16)
            .filter(|&s| cards_counted(s) == Some(4))
            .map(|s| hist[s as usize])
            .sum();
        assert_eq!(badugis, 17_160);
    }

    #[test]
    fn r_badugi_1_more_cards_win() {
        assert_eq!(eval_text("Ac 2d 3h 4s"), 1092);
        assert!(eval_text("Kc Qd Jh Ts") > eval_text("Ac 2d 3h 4h"));
        assert_eq!(eval_text("Ac 2d 3h 4h"), eval_text("Ac 2d 3h 3s"));
        assert_eq!(eval_text("Kc Kd Kh Ks"), 1);
        assert_eq!(describe(1092).unwrap(), "Badugi, 4-3-2-A");
        assert_eq!(cards_counted(eval_text("Ac Ad 2c 2d")), Some(2));
    }

    #[test]
    fn r_badugi_2_lower_top_card_wins_and_best_subset_chosen() {
        assert!(eval_text("8c 5d 4h 2s") > eval_text("8c 6d 3h 2s"));
        // Of the two clubs the four counts, not the five.
        assert_eq!(eval_text("4c 5c 3d 2h"), eval_text("4c 3d 2h Kh"));
        assert_eq!(
            describe(eval_text("4c 5c 3d 2h")).unwrap(),
            "Three-card 4-3-2"
        );
    }

    #[test]
    fn rejects_bad_hands() {
        assert!(matches!(
            evaluate(&[0, 1, 2, 3, 4]),
            Err(Error::HandSize { got: 5, .. })
        ));
        assert!(matches!(
            evaluate(&[0, 1, 2, 52]),
            Err(Error::CardOutOfRange { value: 52, .. })
        ));
        let mut out = [0u16; 2];
        assert_eq!(
            evaluate_batch(&[0, 1, 2, 3, 9, 9, 2, 3], 4, &mut out).unwrap_err(),
            Error::DuplicateCard {
                card: 9,
                row: Some(1)
            }
        );
    }
}
