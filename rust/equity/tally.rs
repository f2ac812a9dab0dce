//! Splitting one pot among the players of one outcome, and summing outcomes.
//!
//! Pot shares are integers of [`POT`] units so that exact enumeration stays exact: 5,040 is
//! divisible by every number of winners up to 10, and so is each half of a split pot.

/// Units in one pot: lcm(1..=10) * 2, so a half pot splits evenly among up to ten players.
pub const POT: u64 = 5040;

/// Most players in one equity call.
pub const MAX_PLAYERS: usize = 10;

/// How one player's hand did at showdown: `high` (bigger wins) and `low` (bigger wins, 0 when
/// the hand has no qualifying low; a hi-only game always gives 0).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Showdown {
    pub high: u32,
    pub low: u32,
}

/// Pot units each player takes in one outcome, for `hands.len()` players.
#[inline]
pub fn split_pot(hands: &[Showdown], shares: &mut [u64; MAX_PLAYERS]) {
    let best_high = hands.iter().map(|h| h.high).max().unwrap_or(0);
    let best_low = hands.iter().map(|h| h.low).max().unwrap_or(0);
    let high_pot = if best_low > 0 { POT / 2 } else { POT };
    let high_winners = hands.iter().filter(|h| h.high == best_high).count() as u64;
    let low_winners = hands.iter().filter(|h| h.low == best_low).count() as u64;
    for (share, hand) in shares.iter_mut().zip(hands) {
        *share = 0;
        if hand.high == best_high {
            *share += high_pot / high_winners;
        }
        if best_low > 0 && hand.low == best_low {
            *share += (POT - high_pot) / low_winners;
        }
    }
}

/// Sums over outcomes for each player: whole pots, partial pots, pot units and their squares.
///
/// Counts are signed so that a method may add an outcome and later take it back.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlayerTally {
    /// Outcomes where the player took the whole pot.
    pub wins: i64,
    /// Outcomes where the player took part of the pot (a tie, or one half of a split pot).
    pub ties: i64,
    /// Pot units taken, summed.
    pub units: i64,
    /// Squares of the pot units taken, summed (for the Monte Carlo standard error).
    pub units_squared: i128,
}

/// The running sums of all players.
#[derive(Debug, Clone)]
pub struct Tally {
    pub players: Vec<PlayerTally>,
    /// Outcomes counted (weighted).
    pub outcomes: i64,
}

impl Tally {
    /// An empty tally for `players` players.
    pub fn new(players: usize) -> Tally {
        Tally {
            players: vec![PlayerTally::default(); players],
            outcomes: 0,
        }
    }

    /// Adds an outcome `weight` times (a negative weight takes it back).
    #[inline]
    pub fn add(&mut self, shares: &[u64; MAX_PLAYERS], weight: i64) {
        for (tally, &units) in self.players.iter_mut().zip(shares) {
            if units == POT {
                tally.wins += weight;
            } else if units > 0 {
                tally.ties += weight;
            }
            tally.units += weight * units as i64;
            tally.units_squared += weight as i128 * (units * units) as i128;
        }
        self.outcomes += weight;
    }

    /// Adds the showdown of one outcome `weight` times.
    #[inline]
    pub fn add_showdown(&mut self, hands: &[Showdown], weight: i64) {
        let mut shares = [0u64; MAX_PLAYERS];
        split_pot(hands, &mut shares);
        self.add(&shares, weight);
    }

    /// Adds another tally of the same players.
    pub fn merge(&mut self, other: &Tally) {
        for (a, b) in self.players.iter_mut().zip(&other.players) {
            a.wins += b.wins;
            a.ties += b.ties;
            a.units += b.units;
            a.units_squared += b.units_squared;
        }
        self.outcomes += other.outcomes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shares(hands: &[(u32, u32)]) -> Vec<u64> {
        let hands: Vec<Showdown> = hands
            .iter()
            .map(|&(high, low)| Showdown { high, low })
            .collect();
        let mut out = [0u64; MAX_PLAYERS];
        split_pot(&hands, &mut out);
        out[..hands.len()].to_vec()
    }

    #[test]
    fn r_split_1_halves_and_ties() {
        assert_eq!(shares(&[(5, 0), (3, 0)]), vec![POT, 0]);
        assert_eq!(shares(&[(5, 0), (5, 0), (1, 0)]), vec![POT / 2, POT / 2, 0]);
        // No qualifying low: the high hand scoops.
        assert_eq!(shares(&[(5, 0), (3, 0)]), vec![POT, 0]);
        // One hand wins both halves.
        assert_eq!(shares(&[(5, 9), (3, 2)]), vec![POT, 0]);
        // High to one, low shared by two.
        assert_eq!(
            shares(&[(5, 0), (3, 9), (2, 9)]),
            vec![POT / 2, POT / 4, POT / 4]
        );
    }

    #[test]
    fn every_split_of_ten_is_whole() {
        for winners in 1..=10u64 {
            assert_eq!(POT / 2 % winners, 0);
        }
    }
}
