//! Exact Hold'em equity by rank multisets instead of boards.
//!
//! Without a flush a seven-card hand's value depends only on its ranks, so the boards are
//! walked as multisets of ranks (at most 6,175 for five cards), each weighted by how many
//! boards share it: the product over ranks of C(cards of that rank left, copies on the board).
//! The multisets come from lists built once ([`rank_multisets`]), so a call is flat loops
//! over arrays, with the player loops unrolled for a fixed player count.
//! A player can have a flush only when the board holds three or more cards of one suit, and
//! only one suit can. Those boards are walked a second time by (flush suit, its exact cards,
//! the multiset of the other ranks): each such group's showdown with flushes is added and its
//! rank-only showdown, already counted in the first walk, taken back. Groups where no player
//! reaches five cards of the suit are skipped, since their rank-only showdown is right.
//! With seven cards a flush excludes quads and full houses, so a flush hand's value is the
//! flush table's alone.
//!
//! The idea of grouping boards so that each distinct showdown is evaluated once comes from
//! OMPEval (github.com/zekyll/OMPEval, "combining identical outcomes"); this decomposition by
//! rank multisets and flush suits is our own.

use super::deal::Spot;
use super::multiset::{rank_multisets, Ways};
use super::tally::{Tally, MAX_PLAYERS, POT};
use crate::card::{rank, suit};
use crate::eval::high::{rank_key, HighTables, CARD_KEYS};

/// The values of seven-card hands these sums read: of the hands without a flush by their
/// summed rank keys ([`rank_key`]), and of a flush by the ranks of its suit. Hold'em's are the
/// high evaluator's tables; short-deck Hold'em's are [`super::short_deck::ShortDeckSevens`].
/// Either way a hand with a flush is worth its flush: seven cards with five of a suit hold no
/// quads or full house.
///
/// ```
/// use drawpoker::card::{parse_cards, rank};
/// use drawpoker::equity::holdem::SevenCards;
/// use drawpoker::eval::high::{self, rank_key};
/// let cards = parse_cards("As Ad Kh Kc 7d 4s 2c").unwrap();
/// let key = cards.iter().map(|&c| rank_key(rank(c))).sum();
/// let two_pair = high::tables().rank_values()(key);
/// assert_eq!(two_pair, high::evaluate(&cards).unwrap());
/// ```
pub trait SevenCards: Sync {
    /// The value of seven cards without a flush, by their summed rank keys.
    fn rank_values(&self) -> impl Fn(u32) -> u16 + Copy + '_;
    /// The value of the best flush in a 13-bit set of five to seven ranks of one suit.
    fn flush_strength(&self, rank_mask: usize) -> u16;
}

impl SevenCards for HighTables {
    #[inline(always)]
    fn rank_values(&self) -> impl Fn(u32) -> u16 + Copy + '_ {
        let reader = self.rank_reader(7);
        move |key| reader.get(key)
    }

    #[inline(always)]
    fn flush_strength(&self, rank_mask: usize) -> u16 {
        HighTables::flush_strength(self, rank_mask)
    }
}

/// The set of players holding the best of `values`, as a bit mask.
#[inline(always)]
pub(super) fn best_players(values: &[u32]) -> usize {
    let best = values.iter().copied().max().unwrap_or(0);
    values
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v == best)
        .fold(0, |mask, (p, _)| mask | 1 << p)
}

/// [`best_players`] of a fixed number of values, for the hot loops (unused slots hold 0).
#[inline(always)]
fn winners<const P: usize>(values: &[u16; P]) -> usize {
    let best = values.iter().copied().max().unwrap_or(0);
    (0..P).fold(0, |mask, p| mask | usize::from(values[p] == best) << p)
}

/// Rank key of one card of each rank.
const RANK_KEYS: [u32; 13] = {
    let mut keys = [0; 13];
    let mut r = 0;
    while r < 13 {
        keys[r] = rank_key(r as u8);
        r += 1;
    }
    keys
};

/// Exact sums over every board of a Hold'em spot (every player holds two known cards), its
/// hands valued by `tables`: Hold'em's high tables, or the short deck's sevens.
///
/// Outcomes are counted per set of winners (a bit mask) and turned into pot shares at the end.
pub fn exact(tables: &impl SevenCards, spot: &Spot) -> Tally {
    let players = spot.hands.len();
    // Loops over a constant number of players unroll; the slots past `players` stay empty.
    let by_winners = match players {
        0..=2 => boards_by_winners::<2>(tables, spot),
        3 => boards_by_winners::<3>(tables, spot),
        4 => boards_by_winners::<4>(tables, spot),
        5 | 6 => boards_by_winners::<6>(tables, spot),
        _ => boards_by_winners::<MAX_PLAYERS>(tables, spot),
    };
    let mut tally = Tally::new(players);
    for (winners, &count) in by_winners.iter().enumerate() {
        if count != 0 {
            let mut shares = [0u64; MAX_PLAYERS];
            let share = POT / winners.count_ones() as u64;
            for (p, slot) in shares[..players].iter_mut().enumerate() {
                if winners >> p & 1 == 1 {
                    *slot = share;
                }
            }
            tally.add(&shares, count);
        }
    }
    tally
}

/// Boards counted by the set of players who win them (index = bit mask of the winners), for
/// at most `P` players.
fn boards_by_winners<const P: usize>(tables: &impl SevenCards, spot: &Spot) -> Vec<i64> {
    let players = spot.hands.len().min(P);
    let draws = spot.board_draws;

    let mut base_keys = [0u32; P];
    let mut hole_suits = [[0u16; 4]; P];
    for (p, hand) in spot.hands.iter().take(P).enumerate() {
        for &c in hand.iter().chain(&spot.board) {
            base_keys[p] += CARD_KEYS[c as usize] as u32;
        }
        for &c in hand {
            hole_suits[p][suit(c) as usize] |= 1 << rank(c);
        }
    }
    let mut board_suits = [0u16; 4];
    for &c in &spot.board {
        board_suits[suit(c) as usize] |= 1 << rank(c);
    }
    let mut rank_counts = [0u8; 13];
    let mut pool_suits = [0u16; 4];
    for &c in &spot.pool {
        rank_counts[rank(c) as usize] += 1;
        pool_suits[suit(c) as usize] |= 1 << rank(c);
    }

    let rank_value = tables.rank_values();
    let rank_values = |board_key: u32| -> [u16; P] {
        std::array::from_fn(|p| {
            if p < players {
                rank_value(base_keys[p] + board_key)
            } else {
                0
            }
        })
    };

    let mut by_winners = vec![0i64; 1 << P];
    let ways = Ways::new(&rank_counts);
    for multiset in rank_multisets(draws) {
        let weight = ways.weight(multiset);
        if weight != 0 {
            by_winners[winners(&rank_values(multiset.key))] += i64::from(weight);
        }
    }

    for s in 0..4 {
        let on_board = board_suits[s].count_ones() as usize;
        let most_held = (0..players)
            .map(|p| hole_suits[p][s].count_ones() as usize)
            .max()
            .unwrap_or(0);
        // Fewest new cards of the suit that make three on the board and five for someone.
        let fewest = 3usize
            .max(5usize.saturating_sub(most_held))
            .saturating_sub(on_board);
        if fewest > draws {
            continue;
        }
        let mut other_counts = rank_counts;
        for (r, count) in other_counts.iter_mut().enumerate() {
            *count -= (pool_suits[s] >> r & 1) as u8;
        }
        // The other board cards number at most two (three suited cards come first), so their
        // multisets and weights are listed once per suit.
        let other_ways = Ways::new(&other_counts);
        let others: [Vec<(u32, i64)>; 3] = std::array::from_fn(|size| {
            if size + fewest > draws {
                return Vec::new();
            }
            rank_multisets(size)
                .iter()
                .map(|m| (m.key, i64::from(other_ways.weight(m))))
                .filter(|&(_, weight)| weight != 0)
                .collect()
        });
        let mut flush_cards = pool_suits[s];
        loop {
            let new_suited = flush_cards.count_ones() as usize;
            if (fewest..=draws).contains(&new_suited) {
                let suited_ranks = board_suits[s] | flush_cards;
                let mut flush_key = 0;
                let mut bits = flush_cards;
                while bits != 0 {
                    flush_key += RANK_KEYS[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                let mut flushes = [0u16; P];
                for p in 0..players {
                    let mask = suited_ranks | hole_suits[p][s];
                    if mask.count_ones() >= 5 {
                        flushes[p] = tables.flush_strength(mask as usize);
                    }
                }
                for &(key, weight) in &others[draws - new_suited] {
                    let mut values = rank_values(flush_key + key);
                    let without_flushes = winners(&values);
                    // A seven-card flush rules out quads and full houses: it is the hand.
                    for p in 0..P {
                        values[p] = values[p].max(flushes[p]);
                    }
                    by_winners[without_flushes] -= weight;
                    by_winners[winners(&values)] += weight;
                }
            }
            if flush_cards == 0 {
                break;
            }
            flush_cards = (flush_cards - 1) & pool_suits[s];
        }
    }
    by_winners
}

#[cfg(test)]
mod tests {
    use super::super::{equity, equity_by_walking, Budget, HOLDEM};
    use crate::card::parse_cards;

    fn hands(text: &[&str]) -> Vec<Vec<u8>> {
        text.iter().map(|t| parse_cards(t).unwrap()).collect()
    }

    #[test]
    fn aces_kings_suited_against_queens_preflop() {
        let result = equity(
            HOLDEM,
            &hands(&["AsKs", "QhQd"]),
            &[],
            &[],
            Budget::default(),
        )
        .unwrap();
        assert!(result.exact);
        assert_eq!(result.outcomes, 1_712_304);
        assert_eq!(result.players[0].wins, 787_966);
        assert_eq!(result.players[1].wins, 917_606);
        assert_eq!(result.players[0].ties, 6_732);
    }

    #[test]
    fn agrees_with_walking_every_board() {
        // Five and seven players leave empty slots in the unrolled player loops; ten fill them.
        let spots: [(&[&str], &str, &str); 11] = [
            (&["AsKs", "QhQd", "7c8c"], "", ""),
            (&["AhKh", "QhJh", "2c2d", "9s8s", "TcTd"], "3h 7h 8c", ""),
            (
                &["AhKh", "Qs2s", "3c4c", "5d5h", "6s7s", "8h9h", "TdJd"],
                "",
                "",
            ),
            (
                &[
                    "AhKh", "Qs2s", "3c4c", "5d5h", "6s7s", "8h9h", "TdJd", "AcAd", "KsKc", "Th9c",
                ],
                "",
                "",
            ),
            (&["2c2d", "3c3d", "4h5h", "AhKh"], "", "Ts Js"),
            (&["AsKs", "QhQd"], "2s 7s Jd", ""),
            (&["Ah2h", "KcKd", "7s8s"], "3h 4h 9c", "Qh"),
            (&["AcAd", "KhKs"], "2c3c4c5c", ""),
            (&["9h9s", "Td Jd", "2c 2d", "As Qs"], "", "Ks Kc Kd"),
            (&["7h 6h", "5h 4h"], "8h 9h Th", "Jh"),
            (&["Ac Kc", "Ad Kd", "Ah Kh", "As Ks"], "2c 2d 2h 2s 3c", ""),
        ];
        for (holes, board, dead) in spots {
            let h = hands(holes);
            let b = parse_cards(board).unwrap();
            let d = parse_cards(dead).unwrap();
            let fast = equity(HOLDEM, &h, &b, &d, Budget::default()).unwrap();
            let slow = equity_by_walking(HOLDEM, &h, &b, &d).unwrap();
            assert_eq!(fast, slow, "{holes:?} {board} {dead}");
        }
    }
}
