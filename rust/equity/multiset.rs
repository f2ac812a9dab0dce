//! Walking boards by the multiset of their ranks, and suited card sets by bit subsets.

use crate::eval::high::rank_key;

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
}
