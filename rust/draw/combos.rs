//! Combinations: binomial coefficients, colex ranks and the walk over every k-subset of a pool.

use crate::card::Card;

/// `C(n, k)`, 0 when `k > n`.
pub const fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let mut result = 1u64;
    let mut i = 0;
    while i < k {
        result = result * (n - i) as u64 / (i as u64 + 1);
        i += 1;
    }
    result
}

/// Binomials `C(n, k)` for `n <= 53` (the joker deck), `k <= 5`, as a table.
pub const BINOMIALS: [[u32; 6]; 54] = {
    let mut table = [[0u32; 6]; 54];
    let mut n = 0;
    while n < 54 {
        let mut k = 0;
        while k < 6 {
            table[n][k] = binomial(n, k) as u32;
            k += 1;
        }
        n += 1;
    }
    table
};

/// Colex rank of a strictly increasing list of at most five values below 53: the subsets of
/// one size are numbered `0..C(53, size)` without gaps.
#[inline(always)]
pub fn colex_rank(sorted: &[u8]) -> usize {
    sorted
        .iter()
        .enumerate()
        .map(|(i, &c)| BINOMIALS[c as usize][i + 1] as usize)
        .sum()
}

/// Calls `visit(hand)` for every way of filling `hand[start..start + k]` with `k` distinct
/// cards of `pool` (in pool order), the first `start` cards of `hand` staying as they are.
pub fn for_each_fill(
    pool: &[Card],
    k: usize,
    hand: &mut [Card],
    start: usize,
    visit: &mut impl FnMut(&[Card]),
) {
    if k == 0 {
        visit(hand);
        return;
    }
    if pool.len() < k {
        return;
    }
    // The first of the k cards can be any pool card that leaves k - 1 after it.
    for i in 0..=pool.len() - k {
        hand[start] = pool[i];
        for_each_fill(&pool[i + 1..], k - 1, hand, start + 1, visit);
    }
}

/// Calls `visit(indices)` for every k-subset of `0..n` as increasing indices.
pub fn for_each_index_subset(n: usize, k: usize, visit: &mut impl FnMut(&[u8])) {
    let mut buffer = [0u8; 8];
    let pool: Vec<u8> = (0..n as u8).collect();
    for_each_fill(&pool, k, &mut buffer[..k], 0, visit);
}

/// Calls `visit(size, colex rank)` for every subset of the increasing indices `idx` with at
/// most `largest` elements, building each rank from its prefix's.
#[inline(always)]
pub fn for_each_subset(idx: &[u8], largest: usize, visit: &mut impl FnMut(usize, usize)) {
    fn walk(
        idx: &[u8],
        start: usize,
        size: usize,
        largest: usize,
        rank: usize,
        visit: &mut impl FnMut(usize, usize),
    ) {
        visit(size, rank);
        if size == largest {
            return;
        }
        for (j, &i) in idx.iter().enumerate().skip(start) {
            let next = rank + BINOMIALS[i as usize][size + 1] as usize;
            walk(idx, j + 1, size + 1, largest, next, visit);
        }
    }
    walk(idx, 0, 0, largest, 0, visit);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_every_subset_once() {
        let pool: Vec<Card> = (0..10).collect();
        let mut hand = [0u8; 5];
        hand[0] = 99;
        let mut seen = std::collections::HashSet::new();
        for_each_fill(&pool, 3, &mut hand[..4], 1, &mut |h| {
            assert_eq!(h[0], 99);
            assert!(h[1] < h[2] && h[2] < h[3]);
            assert!(seen.insert(h.to_vec()));
        });
        assert_eq!(seen.len() as u64, binomial(10, 3));
        let mut count = 0;
        for_each_fill(&pool, 0, &mut hand[..1], 1, &mut |_| count += 1);
        assert_eq!(count, 1);
        for_each_fill(&pool[..2], 3, &mut hand[..3], 0, &mut |_| count += 1);
        assert_eq!(count, 1);
    }

    #[test]
    fn the_table_has_the_joker_deck() {
        // Draw equity reads row 53 when two players draw five each from the joker deck.
        assert_eq!(BINOMIALS[53][5] as u64, binomial(53, 5));
        assert_eq!(BINOMIALS[53][5], 2_869_685);
    }

    #[test]
    fn colex_ranks_are_dense() {
        let mut ranks = Vec::new();
        for_each_index_subset(12, 3, &mut |s| ranks.push(colex_rank(s)));
        ranks.sort_unstable();
        assert_eq!(ranks, (0..binomial(12, 3) as usize).collect::<Vec<_>>());
    }
}
