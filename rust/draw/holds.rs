//! The whole-deck hold table of video poker: for every deal of five cards from 52 and each of
//! its 32 discard choices, the final hands per class (a category, or a pay class such as
//! "jacks or better"), over every replacement from the other 47 cards.
//!
//! Method (the card-subset inclusion–exclusion known from video-poker analysers; this code is
//! our own): tally once, for every set `S` of up to four cards, the classes of all five-card
//! hands containing `S`. The final hands of a deal `D` keeping `K` are the hands containing `K`
//! and no other card of `D`; by inclusion–exclusion their tally is
//! `sum over K ⊆ U ⊆ D of (-1)^|U \ K| tally(U)`, a Möbius transform over the 32 subsets of `D`.
//! Deals are reduced by suit symmetry to 134,459 classes, each with its weight.

use super::combos::{colex_rank, BINOMIALS};
use crate::card::{make_card, rank, suit, Card};
use crate::error::{Error, Result};
use crate::eval::high::tables;
use crate::stop::Stop;
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The suit-canonical deals: one representative of each class of five-card hands that differ
/// only by a renaming of suits, with the number of deals in the class.
pub struct CanonicalDeals {
    /// Representatives, cards in increasing order.
    pub hands: Vec<[Card; 5]>,
    /// Deals per class; they sum to 2,598,960.
    pub weights: Vec<u32>,
}

/// Sorted per-suit rank masks: equal exactly for hands that are suit renamings of each other.
fn suit_pattern(hand: &[Card; 5]) -> u64 {
    let mut masks = [0u64; 4];
    for &c in hand {
        masks[suit(c) as usize] |= 1 << rank(c);
    }
    masks.sort_unstable_by(|a, b| b.cmp(a));
    masks.iter().fold(0, |key, &m| key << 13 | m)
}

fn hand_of_pattern(pattern: u64) -> [Card; 5] {
    let mut hand = [0u8; 5];
    let mut i = 0;
    for s in 0..4u8 {
        let mask = pattern >> (13 * (3 - s as u64)) & 0x1fff;
        for r in 0..13u8 {
            if mask >> r & 1 == 1 {
                hand[i] = make_card(r, s);
                i += 1;
            }
        }
    }
    hand.sort_unstable();
    hand
}

/// Calls `visit` with every five-card hand of the 52-card deck, cards increasing.
fn for_each_deal(visit: &mut impl FnMut([Card; 5])) {
    for a in 0..48u8 {
        for b in a + 1..49 {
            for c in b + 1..50 {
                for d in c + 1..51 {
                    for e in d + 1..52 {
                        visit([a, b, c, d, e]);
                    }
                }
            }
        }
    }
}

/// The 134,459 suit-canonical deals, built on first use.
pub fn canonical_deals() -> &'static CanonicalDeals {
    static DEALS: OnceLock<CanonicalDeals> = OnceLock::new();
    DEALS.get_or_init(|| {
        let mut weights: HashMap<u64, u32> = HashMap::new();
        for_each_deal(&mut |hand| *weights.entry(suit_pattern(&hand)).or_insert(0) += 1);
        // In card order, so that neighbouring deals share most of their subset tallies.
        let mut deals: Vec<([Card; 5], u32)> = weights
            .into_iter()
            .map(|(p, w)| (hand_of_pattern(p), w))
            .collect();
        deals.sort_unstable();
        CanonicalDeals {
            hands: deals.iter().map(|&(h, _)| h).collect(),
            weights: deals.iter().map(|&(_, w)| w).collect(),
        }
    })
}

/// Class tallies of the five-card hands containing each set of 0..=4 cards:
/// `by_size[j][colex(S) * classes + c]`.
struct SubsetTallies {
    by_size: [Vec<u32>; 5],
    classes: usize,
}

impl SubsetTallies {
    fn build(class_of: &[u8], classes: usize) -> SubsetTallies {
        let t = tables();
        // Sets of four in colex order (largest card outermost), each completed by every
        // fifth card: the writes of one set stay in one row.
        let mut four = vec![0u32; BINOMIALS[52][4] as usize * classes];
        let mut rows = four.chunks_exact_mut(classes);
        for d in 3..52u8 {
            for c in 2..d {
                for b in 1..c {
                    for a in 0..b {
                        let row = rows.next().expect("one row per set of four");
                        for x in (0..52u8).filter(|&x| x != a && x != b && x != c && x != d) {
                            row[class_of[t.eval(&[a, b, c, d, x]) as usize] as usize] += 1;
                        }
                    }
                }
            }
        }
        // A hand containing a set S of j cards contains 5 - j sets of j + 1 cards above S.
        let mut by_size: [Vec<u32>; 5] = Default::default();
        by_size[4] = four;
        for size in (0..4).rev() {
            let mut smaller = vec![0u32; BINOMIALS[52][size] as usize * classes];
            let larger = &by_size[size + 1];
            for (index, row) in larger.chunks_exact(classes).enumerate() {
                let set = unrank(index, size + 1);
                for skip in 0..=size {
                    let mut sub = [0u8; 4];
                    let mut n = 0;
                    for (i, &c) in set[..=size].iter().enumerate() {
                        if i != skip {
                            sub[n] = c;
                            n += 1;
                        }
                    }
                    let target = colex_rank(&sub[..size]) * classes;
                    for (slot, &v) in smaller[target..target + classes].iter_mut().zip(row) {
                        *slot += v;
                    }
                }
            }
            let divisor = (5 - size) as u32;
            smaller.iter_mut().for_each(|v| *v /= divisor);
            by_size[size] = smaller;
        }
        SubsetTallies { by_size, classes }
    }

    fn of(&self, set: &[Card]) -> &[u32] {
        let start = colex_rank(set) * self.classes;
        &self.by_size[set.len()][start..start + self.classes]
    }
}

/// The increasing set of `size` cards with colex rank `index`.
fn unrank(mut index: usize, size: usize) -> [Card; 5] {
    let mut set = [0u8; 5];
    for k in (1..=size).rev() {
        let mut c = k - 1;
        while BINOMIALS[c + 1][k] as usize <= index {
            c += 1;
        }
        index -= BINOMIALS[c][k] as usize;
        set[k - 1] = c as u8;
    }
    set
}

/// Checks a class map: one class below `classes` (at most 32) per high strength 0..=7462.
fn check_classes(class_of: &[u8], classes: usize) -> Result<()> {
    if class_of.len() != 7463 {
        return Err(Error::InvalidArgument(format!(
            "the class map needs one class per strength 0..=7462 (7463 entries), got {}",
            class_of.len()
        )));
    }
    if classes == 0 || classes > 32 || class_of.iter().any(|&c| c as usize >= classes) {
        return Err(Error::InvalidArgument(format!(
            "classes must number 1..=32 and every class must be below {classes}"
        )));
    }
    Ok(())
}

/// Writes the counts of one deal, `[32 discard masks][classes]`, into `out`.
fn deal_counts(tallies: &SubsetTallies, class_of: &[u8], deal: &[Card; 5], out: &mut [u32]) {
    let classes = tallies.classes;
    let mut buffer = [0i32; 32 * 32];
    let v = &mut buffer[..32 * classes];
    for keep in 0..32usize {
        let row = &mut v[keep * classes..(keep + 1) * classes];
        if keep == 31 {
            row[class_of[tables().eval(deal) as usize] as usize] = 1;
            continue;
        }
        let mut set = [0u8; 4];
        let mut n = 0;
        for (i, &c) in deal.iter().enumerate() {
            if keep >> i & 1 == 1 {
                set[n] = c;
                n += 1;
            }
        }
        for (slot, &t) in row.iter_mut().zip(tallies.of(&set[..n])) {
            *slot = t as i32;
        }
    }
    // Superset Möbius transform: v[K] = sum over U ⊇ K of (-1)^|U \ K| tally(U).
    for bit in 0..5 {
        for keep in 0..32usize {
            if keep >> bit & 1 == 0 {
                let (low, high) = v.split_at_mut((keep | 1 << bit) * classes);
                let target = &mut low[keep * classes..(keep + 1) * classes];
                for (x, &y) in target.iter_mut().zip(&high[..classes]) {
                    *x -= y;
                }
            }
        }
    }
    for keep in 0..32usize {
        let discard = 31 - keep;
        for c in 0..classes {
            out[discard * classes + c] = v[keep * classes + c] as u32;
        }
    }
}

/// Counts `[canonical deals][32 discard masks][classes]` (row-major) of the final hands of every
/// canonical deal and discard choice; `class_of[s]` is the class of high strength `s`.
/// Polls `stop` before each deal.
pub fn hold_table(class_of: &[u8], classes: usize, stop: &Stop) -> Result<Vec<u32>> {
    check_classes(class_of, classes)?;
    let deals = canonical_deals();
    let tallies = SubsetTallies::build(class_of, classes);
    let mut out = vec![0u32; deals.hands.len() * 32 * classes];
    out.par_chunks_mut(32 * classes)
        .zip(deals.hands.par_iter())
        .try_for_each(|(row, deal)| {
            stop.check()?;
            deal_counts(&tallies, class_of, deal, row);
            Ok(())
        })?;
    Ok(out)
}

/// Expected value `[canonical deals][32 discard masks]` of each choice when class `c` pays
/// `pays[c]`: the counts of [`hold_table`] weighted and divided by the number of replacements.
/// Polls `stop` before each deal.
pub fn hold_values(class_of: &[u8], pays: &[f64], stop: &Stop) -> Result<Vec<f64>> {
    let classes = pays.len();
    check_classes(class_of, classes)?;
    let deals = canonical_deals();
    let tallies = SubsetTallies::build(class_of, classes);
    let mut out = vec![0f64; deals.hands.len() * 32];
    out.par_chunks_mut(32)
        .zip(deals.hands.par_iter())
        .try_for_each_init(
            || vec![0u32; 32 * classes],
            |counts, (row, deal)| {
                stop.check()?;
                deal_counts(&tallies, class_of, deal, counts);
                for (discard, value) in row.iter_mut().enumerate() {
                    let per = &counts[discard * classes..(discard + 1) * classes];
                    let total: u32 = per.iter().sum();
                    let paid: f64 = per.iter().zip(pays).map(|(&n, &p)| n as f64 * p).sum();
                    *value = paid / total as f64;
                }
                Ok(())
            },
        )?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::outcomes::{category_counts, strength_histogram, Draw};
    use crate::draw::score::categories;
    use crate::eval::Ranking;

    #[test]
    fn a_requested_stop_ends_the_hold_table() {
        let requested = Stop::new();
        requested.request();
        let class_of = vec![0u8; 7463];
        let table = hold_table(&class_of, 1, &requested);
        assert_eq!(table.unwrap_err(), Error::Stopped);
        let values = hold_values(&class_of, &[1.0], &requested);
        assert_eq!(values.unwrap_err(), Error::Stopped);
    }

    #[test]
    fn there_are_134459_suit_classes_of_deals() {
        let deals = canonical_deals();
        assert_eq!(deals.hands.len(), 134_459);
        assert_eq!(
            deals.weights.iter().map(|&w| w as u64).sum::<u64>(),
            2_598_960
        );
    }

    #[test]
    fn unrank_inverts_colex_rank() {
        for index in [0usize, 1, 77, 22_099] {
            assert_eq!(colex_rank(&unrank(index, 3)[..3]), index);
        }
    }

    #[test]
    fn table_rows_match_direct_enumeration() {
        let class_of = categories(Ranking::High);
        let table = hold_table(class_of, 9, &Stop::new()).unwrap();
        let deals = canonical_deals();
        for index in [0usize, 5_000, 77_777, 134_458] {
            let hand = deals.hands[index];
            for discard in [0u8, 1, 6, 19, 30, 31] {
                let draw = Draw::new(Ranking::High, &hand, discard, &[], false).unwrap();
                let expected =
                    category_counts(Ranking::High, &strength_histogram(Ranking::High, &draw));
                let start = (index * 32 + discard as usize) * 9;
                let got: Vec<u64> = table[start..start + 9].iter().map(|&x| x as u64).collect();
                assert_eq!(got, expected, "deal {index} discard {discard}");
            }
        }
    }
}
