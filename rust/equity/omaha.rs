//! Exact Omaha and Omaha Hi/Lo equity by rank multisets, as [`super::holdem`] does for Hold'em.
//!
//! An Omaha hand's value is the best over (two hole cards, three board cards) of the five-card
//! rank value, or of the flush value for the suited pairings; the rank part and the whole
//! ace-to-five low depend on ranks only. So boards are walked as rank multisets weighted by
//! their number of boards, and a flush can only change a showdown when the board holds three or
//! more cards of a suit (only one suit can) and a player holds two of it: those boards are
//! walked again by (suit, its board cards, the other ranks), their showdown with flushes
//! added and their rank-only showdown taken back.

use super::deal::Spot;
use super::multiset::{for_each_rank_multiset, for_each_subset};
use super::tally::{Tally, MAX_PLAYERS, POT};
use crate::card::{rank, suit};
use crate::eval::ace_five::{self, AceFiveTables};
use crate::eval::high::{rank_key, HighTables};
use std::collections::HashMap;

/// Most two-card subsets of a hole (six cards).
const MAX_PAIRS: usize = 15;

/// The best-high set of players in the low 16 bits, the best-low set above (0: no low).
fn showdown_key(highs: &[u32], lows: &[u32]) -> u32 {
    let high = super::holdem::best_players(highs) as u32;
    let best_low = lows.iter().copied().max().unwrap_or(0);
    let low = if best_low == 0 {
        0
    } else {
        super::holdem::best_players(lows) as u32
    };
    high | low << 16
}

/// Pot units of each player for a showdown key.
fn shares_of(key: u32, players: usize) -> [u64; MAX_PLAYERS] {
    let (high, low) = (key & 0xFFFF, key >> 16);
    let high_pot = if low == 0 { POT } else { POT / 2 };
    let mut shares = [0u64; MAX_PLAYERS];
    for (p, share) in shares[..players].iter_mut().enumerate() {
        if high >> p & 1 == 1 {
            *share += high_pot / high.count_ones() as u64;
        }
        if low >> p & 1 == 1 {
            *share += (POT - high_pot) / low.count_ones() as u64;
        }
    }
    shares
}

/// Exact sums over every board of an Omaha spot; the low half counts when `with_low`.
pub fn exact(high: &HighTables, low: &AceFiveTables, spot: &Spot, with_low: bool) -> Tally {
    let players = spot.hands.len();
    let draws = spot.board_draws;

    let mut pair_keys = [[0u32; MAX_PAIRS]; MAX_PLAYERS];
    let mut pair_counts = [0usize; MAX_PLAYERS];
    let mut hole_suits = [[0u16; 4]; MAX_PLAYERS];
    for (p, hand) in spot.hands.iter().enumerate() {
        for (i, &a) in hand.iter().enumerate() {
            hole_suits[p][suit(a) as usize] |= 1 << rank(a);
            for &b in &hand[i + 1..] {
                pair_keys[p][pair_counts[p]] = rank_key(rank(a)) + rank_key(rank(b));
                pair_counts[p] += 1;
            }
        }
    }
    let mut board_suits = [0u16; 4];
    let mut known_ranks = [0u8; 5];
    for (slot, &c) in known_ranks.iter_mut().zip(&spot.board) {
        board_suits[suit(c) as usize] |= 1 << rank(c);
        *slot = rank(c);
    }
    let known = spot.board.len();
    let mut rank_counts = [0u8; 13];
    let mut pool_suits = [0u16; 4];
    for &c in &spot.pool {
        rank_counts[rank(c) as usize] += 1;
        pool_suits[suit(c) as usize] |= 1 << rank(c);
    }

    // Rank-only high and qualifying low of every player on a board of these five ranks.
    let rank_values =
        |drawn: &[u8], highs: &mut [u32; MAX_PLAYERS], lows: &mut [u32; MAX_PLAYERS]| {
            let mut ranks = known_ranks;
            ranks[known..known + drawn.len()].copy_from_slice(drawn);
            let mut triples = [0u32; 10];
            let mut n = 0;
            for a in 0..5 {
                for b in a + 1..5 {
                    for c in b + 1..5 {
                        triples[n] = rank_key(ranks[a]) + rank_key(ranks[b]) + rank_key(ranks[c]);
                        n += 1;
                    }
                }
            }
            for p in 0..players {
                let (mut best_high, mut best_low) = (0u16, 0u16);
                for &pair in &pair_keys[p][..pair_counts[p]] {
                    for &triple in &triples {
                        best_high = best_high.max(high.rank_strength(5, pair + triple));
                        if with_low {
                            best_low = best_low.max(low.strength_of_key5(pair + triple));
                        }
                    }
                }
                highs[p] = best_high as u32;
                lows[p] = if ace_five::qualifies_low8(best_low) {
                    best_low as u32
                } else {
                    0
                };
            }
        };

    let mut outcomes: HashMap<u32, i64> = HashMap::new();
    // Rank-only values by the drawn ranks' key, for the flush walk to reuse.
    let mut by_ranks: HashMap<u32, ([u32; MAX_PLAYERS], [u32; MAX_PLAYERS])> = HashMap::new();
    let (mut highs, mut lows) = ([0u32; MAX_PLAYERS], [0u32; MAX_PLAYERS]);
    for_each_rank_multiset(&rank_counts, draws, &mut |key, weight, drawn| {
        rank_values(drawn, &mut highs, &mut lows);
        *outcomes
            .entry(showdown_key(&highs[..players], &lows[..players]))
            .or_default() += weight;
        by_ranks.insert(key, (highs, lows));
    });

    for s in 0..4 {
        let on_board = board_suits[s].count_ones() as usize;
        if (0..players).all(|p| hole_suits[p][s].count_ones() < 2) {
            continue;
        }
        let mut other_counts = rank_counts;
        for (r, count) in other_counts.iter_mut().enumerate() {
            *count -= (pool_suits[s] >> r & 1) as u8;
        }
        for new_suited in 0..=draws {
            if on_board + new_suited < 3 {
                continue;
            }
            for_each_subset(pool_suits[s], new_suited as u32, &mut |flush_cards| {
                let suited_board = board_suits[s] | flush_cards;
                let mut flushes = [0u32; MAX_PLAYERS];
                for (p, flush) in flushes[..players].iter_mut().enumerate() {
                    for_each_subset(hole_suits[p][s], 2, &mut |two| {
                        for_each_subset(suited_board, 3, &mut |three| {
                            let value = high.flush_strength((two | three) as usize) as u32;
                            *flush = (*flush).max(value);
                        });
                    });
                }
                let flush_key: u32 = (0..13u8)
                    .filter(|r| flush_cards >> r & 1 == 1)
                    .map(rank_key)
                    .sum();
                for_each_rank_multiset(&other_counts, draws - new_suited, &mut |key, weight, _| {
                    // The first walk met every multiset of the pool's ranks, this one too.
                    (highs, lows) = by_ranks[&(flush_key + key)];
                    let without = showdown_key(&highs[..players], &lows[..players]);
                    for p in 0..players {
                        highs[p] = highs[p].max(flushes[p]);
                    }
                    let with = showdown_key(&highs[..players], &lows[..players]);
                    if with != without {
                        *outcomes.entry(without).or_default() -= weight;
                        *outcomes.entry(with).or_default() += weight;
                    }
                });
            });
        }
    }

    let mut tally = Tally::new(players);
    for (&key, &count) in &outcomes {
        if count != 0 {
            tally.add(&shares_of(key, players), count);
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::super::test_games::omaha;
    use super::super::{equity, equity_by_walking, Budget};
    use crate::card::parse_cards;

    #[test]
    fn agrees_with_walking_every_board() {
        let spots: [(&[&str], &str, &str); 6] = [
            (&["As2sQdJd", "QhQc3h4h"], "", ""),
            (&["AsKsQdJd", "QhQc9h8h"], "2s 7s Jc", ""),
            (&["Ac2c3dKd", "Ah4h5s6s", "TdJhQsKc"], "7c 8d 9h", "3s"),
            (&["As2d3h4c5s", "KcKdQhQsJc"], "6d 7h Kh 2s", ""),
            (&["Ah2h3c4c9sTd", "KhQhJdTs8c7c"], "5h 6h 8d", ""),
            (&["Ah2h3h4h", "KhQhJhTh", "AsKs2s3s"], "5h 9h 4s", "Qs"),
        ];
        for game in [omaha(false), omaha(true)] {
            for (holes, board, dead) in spots {
                let h: Vec<Vec<u8>> = holes.iter().map(|t| parse_cards(t).unwrap()).collect();
                let b = parse_cards(board).unwrap();
                let d = parse_cards(dead).unwrap();
                let fast = equity(game, &h, &b, &d, Budget::default()).unwrap();
                let slow = equity_by_walking(game, &h, &b, &d).unwrap();
                assert_eq!(fast, slow, "{game:?} {holes:?} {board} {dead}");
            }
        }
    }
}
