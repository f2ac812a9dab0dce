//! Walking boards by the multiset of their ranks, and suited card sets by bit subsets.

use crate::eval::high::rank_key;
use std::sync::OnceLock;

/// C(n, k) for n <= 4.
const SMALL_BINOMIAL: [[i64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// Most ranks in one multiset (a whole board).
const MOST: usize = 5;

/// Calls `visit(key, weight, ranks)` for every multiset of `size` (at most 5) ranks that
/// `available[r]` copies of each rank allow: its summed rank key, its number of card sets (the
/// product of C(available, copies) over its ranks) and its ranks in increasing order.
pub fn for_each_rank_multiset(
    available: &[u8; 13],
    size: usize,
    visit: &mut impl FnMut(u32, i64, &[u8]),
) {
    struct Walk<'a, F> {
        available: &'a [u8; 13],
        ranks: [u8; MOST],
        visit: &'a mut F,
    }
    impl<F: FnMut(u32, i64, &[u8])> Walk<'_, F> {
        fn walk(&mut self, first_rank: usize, filled: usize, left: usize, key: u32, weight: i64) {
            if left == 0 {
                (self.visit)(key, weight, &self.ranks[..filled]);
                return;
            }
            for rank in first_rank..13 {
                let copies_left = self.available[rank] as usize;
                let ways = &SMALL_BINOMIAL[copies_left];
                for (copies, &count) in ways.iter().enumerate().take(left.min(copies_left) + 1) {
                    if copies == 0 {
                        continue;
                    }
                    // Earlier rounds of this loop filled the slots before this one with `rank`.
                    self.ranks[filled + copies - 1] = rank as u8;
                    self.walk(
                        rank + 1,
                        filled + copies,
                        left - copies,
                        key + copies as u32 * rank_key(rank as u8),
                        weight * count,
                    );
                }
            }
        }
    }
    debug_assert!(size <= MOST);
    let mut walk = Walk {
        available,
        ranks: [0; MOST],
        visit,
    };
    walk.walk(0, 0, size, 0, 1);
}

/// Slots of a [`Ways`] table: `5 * rank + copies` for ranks 0..13, plus [`ONE_SLOT`].
const WAYS_SLOTS: usize = 5 * 13 + 1;
/// The slot worth 1 that pads a multiset's slots past its distinct ranks.
const ONE_SLOT: u8 = 5 * 13;

/// One multiset of ranks, listed ahead of time by [`rank_multisets`].
#[derive(Debug, Clone, Copy)]
pub struct RankMultiset {
    /// Summed rank key of its ranks (as [`rank_key`] counts them).
    pub key: u32,
    /// `5 * rank + copies` of each distinct rank, then [`ONE_SLOT`]: the factors of its weight.
    slots: [u8; MOST],
}

/// Every multiset of `size` ranks (at most 5, at most four copies of a rank), built once: the
/// flat list that hot loops walk instead of recursing per call.
pub fn rank_multisets(size: usize) -> &'static [RankMultiset] {
    static LISTS: OnceLock<[Vec<RankMultiset>; MOST + 1]> = OnceLock::new();
    &LISTS.get_or_init(|| {
        std::array::from_fn(|size| {
            let mut list = Vec::new();
            for_each_rank_multiset(&[4; 13], size, &mut |key, _, ranks| {
                let mut slots = [ONE_SLOT; MOST];
                let mut distinct = 0;
                for (i, &r) in ranks.iter().enumerate() {
                    if i > 0 && ranks[i - 1] == r {
                        slots[distinct - 1] += 1;
                    } else {
                        slots[distinct] = 5 * r + 1;
                        distinct += 1;
                    }
                }
                list.push(RankMultiset { key, slots });
            });
            list
        })
    })[size]
}

/// How many card sets give each (rank, copies) when `available[r]` cards of rank `r` are left:
/// C(available, copies), so a multiset's number of card sets is a product of table entries.
pub struct Ways([u32; WAYS_SLOTS]);

impl Ways {
    /// The table for `available` copies of each rank.
    pub fn new(available: &[u8; 13]) -> Ways {
        let mut ways = [1; WAYS_SLOTS];
        for (r, &left) in available.iter().enumerate() {
            for copies in 0..5 {
                ways[5 * r + copies] = SMALL_BINOMIAL[left as usize][copies] as u32;
            }
        }
        Ways(ways)
    }

    /// Number of card sets with exactly the ranks of `multiset` (0 when too few are left).
    #[inline(always)]
    pub fn weight(&self, multiset: &RankMultiset) -> u32 {
        multiset
            .slots
            .iter()
            .map(|&slot| self.0[slot as usize])
            .product()
    }
}

/// Calls `visit(subset)` for every subset of `mask` with `size` bits.
pub fn for_each_subset(mask: u16, size: u32, visit: &mut impl FnMut(u16)) {
    // Walks all subsets of `mask` (decreasing); at most 2^13.
    let mut subset = mask;
    loop {
        if subset.count_ones() == size {
            visit(subset);
        }
        if subset == 0 {
            break;
        }
        subset = (subset - 1) & mask;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_card_boards_of_a_full_deck() {
        let (mut multisets, mut boards) = (0, 0);
        for_each_rank_multiset(&[4; 13], 5, &mut |key, weight, ranks| {
            assert_eq!(key, ranks.iter().map(|&r| rank_key(r)).sum::<u32>());
            assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
            multisets += 1;
            boards += weight;
        });
        assert_eq!(multisets, 6175);
        assert_eq!(boards, 2_598_960);
    }

    #[test]
    fn listed_multisets_match_the_walk() {
        let available = [4, 3, 0, 4, 2, 1, 4, 4, 3, 4, 4, 1, 2];
        let ways = Ways::new(&available);
        for size in 0..=MOST {
            let mut walked = Vec::new();
            for_each_rank_multiset(&available, size, &mut |key, weight, _| {
                walked.push((key, weight as u32));
            });
            let listed: Vec<(u32, u32)> = rank_multisets(size)
                .iter()
                .map(|m| (m.key, ways.weight(m)))
                .filter(|&(_, weight)| weight > 0)
                .collect();
            assert_eq!(listed, walked, "size {size}");
        }
        let counts: Vec<usize> = (0..=MOST).map(|k| rank_multisets(k).len()).collect();
        assert_eq!(counts, [1, 13, 91, 455, 1820, 6175]);
    }
}
