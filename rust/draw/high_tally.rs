//! The exact strength histogram of a high-hand draw, counted by the ranks drawn.
//!
//! A five-card high hand that is not a flush is worth what its multiset of ranks is worth, so
//! instead of visiting every replacement (16,215 for a three-card draw) this walks the multisets
//! of ranks that can be drawn (at most 455 for three cards) and weighs each by the ways to take
//! its cards from the stub, a product of binomials. Flushes are only possible when every kept
//! card has one suit (any suit when nothing is kept): those few replacements, all of that suit,
//! are then visited one by one and moved from their rank-only strength to their real one.
//! The result is the same histogram the one-by-one walk gives, exactly.

use super::combos::{for_each_fill, BINOMIALS};
use crate::card::{rank, suit, Card, JOKER};
use crate::eval::high::{rank_key, HighTables};

/// Ranks of a deck.
const RANKS: usize = 13;

/// Whether [`tally`] can count this draw: five final cards, no joker in the stub.
pub fn applies(kept: &[Card], stub: &[Card], draws: usize) -> bool {
    kept.len() + draws == 5 && stub.iter().all(|&c| c < JOKER)
}

/// Adds the count of every final strength of keeping `kept` and drawing `draws` cards of
/// `stub` to `histogram` (index = strength). The draw must satisfy [`applies`].
pub fn tally(
    tables: &HighTables,
    kept: &[Card],
    stub: &[Card],
    draws: usize,
    histogram: &mut [u64],
) {
    debug_assert!(applies(kept, stub, draws));
    let mut available = [0usize; RANKS];
    for &c in stub {
        available[rank(c) as usize] += 1;
    }
    let kept_key: u32 = kept.iter().map(|&c| rank_key(rank(c))).sum();
    for_each_rank_draw(&available, draws, 0, kept_key, 1, &mut |key, ways| {
        histogram[tables.rank_strength(5, key) as usize] += ways;
    });
    for flush_suit in 0..4u8 {
        if kept.iter().any(|&c| suit(c) != flush_suit) {
            continue;
        }
        let suited: Vec<Card> = stub
            .iter()
            .copied()
            .filter(|&c| suit(c) == flush_suit)
            .collect();
        let mut hand = [0u8; 5];
        hand[..kept.len()].copy_from_slice(kept);
        for_each_fill(&suited, draws, &mut hand, kept.len(), &mut |h| {
            let by_ranks: u32 = h.iter().map(|&c| rank_key(rank(c))).sum();
            histogram[tables.rank_strength(5, by_ranks) as usize] -= 1;
            histogram[tables.eval(h) as usize] += 1;
        });
    }
}

/// Calls `visit(rank key, ways)` for every multiset of `left` more ranks from `from` up, where
/// `key` sums the rank keys so far and `ways` counts the card choices so far.
fn for_each_rank_draw(
    available: &[usize; RANKS],
    left: usize,
    from: usize,
    key: u32,
    ways: u64,
    visit: &mut impl FnMut(u32, u64),
) {
    if left == 0 {
        visit(key, ways);
        return;
    }
    for r in from..RANKS {
        let key_of_rank = rank_key(r as u8);
        let most = left.min(available[r]);
        // picks[t]: the ways to take t of the available cards of rank r.
        let picks = BINOMIALS[available[r]];
        for (taken, &pick) in picks.iter().enumerate().take(most + 1).skip(1) {
            for_each_rank_draw(
                available,
                left - taken,
                r + 1,
                key + taken as u32 * key_of_rank,
                ways * u64::from(pick),
                visit,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::score::Scorer;
    use crate::eval::high::tables;
    use crate::eval::Ranking;

    /// The one-by-one walk: every replacement evaluated.
    fn walked(kept: &[Card], stub: &[Card], draws: usize) -> Vec<u64> {
        let scorer = Scorer::of(Ranking::High);
        let mut histogram = vec![0u64; 7463];
        let mut hand = [0u8; 5];
        hand[..kept.len()].copy_from_slice(kept);
        for_each_fill(stub, draws, &mut hand, kept.len(), &mut |h| {
            histogram[scorer.score(h) as usize] += 1;
        });
        histogram
    }

    #[test]
    fn counts_by_ranks_match_the_walk_over_every_replacement() {
        // Pseudo-random hands and dead cards (a fixed LCG), every discard mask.
        let mut state = 12_345u64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % n
        };
        let mut hands: Vec<Vec<Card>> = vec![vec![0, 4, 8, 12, 16], vec![1, 5, 9, 13, 51]];
        for _ in 0..6 {
            let mut deck: Vec<Card> = (0..52).collect();
            for i in 0..52 {
                deck.swap(i, i + next(52 - i as u64) as usize);
            }
            hands.push(deck[..9].to_vec()); // five cards, then up to four dead ones
        }
        for cards in &hands {
            let (hand, dead) = cards.split_at(5);
            let stub: Vec<Card> = (0..52).filter(|c| !cards.contains(c)).collect();
            for mask in 0..32u8 {
                let kept: Vec<Card> = (0..5)
                    .filter(|i| mask >> i & 1 == 0)
                    .map(|i| hand[i])
                    .collect();
                let draws = mask.count_ones() as usize;
                if draws == 5 && !dead.is_empty() {
                    continue; // the five-card draws are slow to walk: one hand is enough
                }
                let mut histogram = vec![0u64; 7463];
                tally(tables(), &kept, &stub, draws, &mut histogram);
                assert_eq!(histogram, walked(&kept, &stub, draws), "{cards:?} {mask}");
            }
        }
    }
}
