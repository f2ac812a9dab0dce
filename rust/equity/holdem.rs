//! Exact Hold'em equity by rank multisets instead of boards.
//!
//! Without a flush a seven-card hand's value depends only on its ranks, so the boards are
//! walked as multisets of ranks (at most 6,188 for five cards), each weighted by how many
//! boards share it: the product over ranks of C(cards of that rank left, copies on the board).
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
use super::multiset::{for_each_rank_multiset, for_each_subset};
use super::tally::{Tally, MAX_PLAYERS, POT};
use crate::card::{rank, suit};
use crate::eval::high::{rank_key, HighTables, CARD_KEYS};

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

/// Exact sums over every board of a Hold'em spot (every player holds two known cards).
///
/// Outcomes are counted per set of winners (a bit mask) and turned into pot shares at the end.
pub fn exact(tables: &HighTables, spot: &Spot) -> Tally {
    let players = spot.hands.len();
    let draws = spot.board_draws;

    let mut base_keys = [0u32; MAX_PLAYERS];
    let mut hole_suits = [[0u16; 4]; MAX_PLAYERS];
    for (p, hand) in spot.hands.iter().enumerate() {
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

    let rank_values = |board_key: u32, out: &mut [u32; MAX_PLAYERS]| {
        for p in 0..players {
            out[p] = tables.rank_strength(7, base_keys[p] + board_key) as u32;
        }
    };

    let mut by_winners = vec![0i64; 1 << players];
    let mut values = [0u32; MAX_PLAYERS];
    for_each_rank_multiset(&rank_counts, draws, &mut |key, weight, _| {
        rank_values(key, &mut values);
        by_winners[best_players(&values[..players])] += weight;
    });

    for s in 0..4 {
        let on_board = board_suits[s].count_ones() as usize;
        let most_held = (0..players)
            .map(|p| hole_suits[p][s].count_ones() as usize)
            .max()
            .unwrap_or(0);
        let mut other_counts = rank_counts;
        for (r, count) in other_counts.iter_mut().enumerate() {
            *count -= (pool_suits[s] >> r & 1) as u8;
        }
        for new_suited in 0..=draws {
            let suited = on_board + new_suited;
            if suited < 3 || suited + most_held < 5 {
                continue;
            }
            for_each_subset(pool_suits[s], new_suited as u32, &mut |flush_cards| {
                let suited_ranks = board_suits[s] | flush_cards;
                let flush_key: u32 = (0..13)
                    .filter(|r| flush_cards >> r & 1 == 1)
                    .map(|r| rank_key(r as u8))
                    .sum();
                let mut flushes = [0u32; MAX_PLAYERS];
                for p in 0..players {
                    let mask = suited_ranks | hole_suits[p][s];
                    if mask.count_ones() >= 5 {
                        flushes[p] = tables.flush_strength(mask as usize) as u32;
                    }
                }
                for_each_rank_multiset(&other_counts, draws - new_suited, &mut |key, weight, _| {
                    rank_values(flush_key + key, &mut values);
                    let without_flushes = best_players(&values[..players]);
                    for p in 0..players {
                        if flushes[p] != 0 {
                            values[p] = flushes[p];
                        }
                    }
                    let with_flushes = best_players(&values[..players]);
                    by_winners[without_flushes] -= weight;
                    by_winners[with_flushes] += weight;
                });
            });
        }
    }

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

#[cfg(test)]
mod tests {
    use super::super::{equity, equity_by_walking, Budget, Game};
    use crate::card::parse_cards;

    fn hands(text: &[&str]) -> Vec<Vec<u8>> {
        text.iter().map(|t| parse_cards(t).unwrap()).collect()
    }

    #[test]
    fn aces_kings_suited_against_queens_preflop() {
        let result = equity(
            Game::Holdem,
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
        let spots: [(&[&str], &str, &str); 8] = [
            (&["AsKs", "QhQd", "7c8c"], "", ""),
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
            let fast = equity(Game::Holdem, &h, &b, &d, Budget::default()).unwrap();
            let slow = equity_by_walking(Game::Holdem, &h, &b, &d).unwrap();
            assert_eq!(fast, slow, "{holes:?} {board} {dead}");
        }
    }
}
