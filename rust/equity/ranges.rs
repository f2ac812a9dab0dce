//! Hold'em equity of hand ranges: each player holds one of several two-card combos, each with a
//! weight, and the equity is the weighted average over every non-conflicting assignment of
//! combos to players and every board (exact), or over a seeded sample of them (Monte Carlo).
//!
//! Exact sums use suit symmetry: relabelling the suits of every card of a deal (hole cards,
//! board, dead cards) does not change any showdown, so the assignments are grouped by the
//! smallest relabelling of their hole cards under the suit permutations that map the board and
//! the dead cards onto themselves, and each group's matchup is computed once by
//! [`holdem::exact`](super::holdem::exact). PokerStove and Equilab weigh a range's combos the
//! same way (a combo's weight multiplies the chance of every assignment it is in); the grouping
//! by suit permutations is the standard isomorphism argument (e.g. the 169 starting-hand
//! classes), applied here to whole deals.

use super::deal::binomial;
use super::multiset::rank_multisets;
use super::rng::Rng;
use super::tally::{Showdown, Tally, MAX_PLAYERS, POT};
use super::{holdem, spot, Budget, HOLDEM};
use crate::card::{card_mask, check_hand, make_card, rank, suit, Card, DECK_SIZE};
use crate::error::{Error, Result};
use crate::eval::high::{self, CARD_KEYS, SUIT_START};
use crate::stop::Stop;
use rayon::prelude::*;
use std::collections::HashMap;

/// Two hole cards.
pub type Combo = [Card; 2];

/// Most assignments of combos to players enumerated for an exact answer.
pub const MAX_ASSIGNMENTS: usize = 20_000_000;

/// Samples per independently seeded chunk: the result depends on the seed, not on the threads.
const SAMPLE_CHUNK: u64 = 1 << 14;

/// Samples between two looks at the stop (well under a millisecond).
const STOP_POLL: u64 = 1 << 10;

/// Tries at dealing one sample's combos before giving up: ranges that almost never fit
/// together (every combo of one player blocks the others) are reported, not looped on.
const MAX_TRIES: u32 = 100_000;

/// What one matchup costs against `max_outcomes`: its `boards`, or fewer when Hold'em's exact
/// walk ([`holdem::exact`]) takes fewer steps for it. That walk goes by rank multisets, not
/// boards: at most `rank_multisets(draws)` showdowns, and per suit every subset of the suit's
/// cards left (2^13 at most) and, for the flush groups, C(13, j) exact suited cards times the
/// multisets of the other `draws - j` ranks, `j` from the three suited cards a flush needs
/// (fewer when the board has some). Before the flop that is at most 185,375 steps against
/// 1,712,304 boards; with a flop or more the boards are fewer than the bound.
pub fn matchup_cost(draws: usize, boards: u64) -> u64 {
    let multisets = |size: usize| rank_multisets(size).len() as u64;
    let fewest = draws.saturating_sub(2); // three suited cards, less the board's (5 - draws)
    let flush_groups: u64 = (fewest..=draws)
        .map(|j| binomial(13, j) as u64 * multisets(draws - j))
        .sum();
    boards.min(multisets(draws) + 4 * ((1 << 13) + flush_groups))
}

/// One player's weighted range.
#[derive(Debug, Clone, PartialEq)]
pub struct WeightedRange {
    pub combos: Vec<Combo>,
    /// One non-negative weight per combo.
    pub weights: Vec<f64>,
}

/// One player's result over a range.
#[derive(Debug, Clone, PartialEq)]
pub struct RangePlayer {
    /// Expected share of the pot, 0..=1.
    pub equity: f64,
    /// Weighted fraction of deals where the player took the whole pot.
    pub win: f64,
    /// Weighted fraction of deals where the player took part of it.
    pub tie: f64,
    /// Standard error of `equity` (0 when exact).
    pub std_error: f64,
    /// Each combo's equity against the other ranges (NaN for a combo never dealt: it conflicts
    /// with the board or dead cards, has weight 0, or was never drawn).
    pub combo_equity: Vec<f64>,
    /// Each combo's share of the deals (the chance that the player holds it), summing to 1.
    pub combo_frequency: Vec<f64>,
}

/// The result of one range equity call.
#[derive(Debug, Clone, PartialEq)]
pub struct RangeEquity {
    pub players: Vec<RangePlayer>,
    /// Deals covered (assignments times boards) when exact, else samples drawn.
    pub outcomes: u64,
    /// Distinct matchups computed after suit symmetry (0 for Monte Carlo).
    pub matchups: u64,
    pub exact: bool,
}

/// The suit relabelling `perm` applied to a card.
#[inline]
fn relabel(card: Card, perm: &[u8; 4]) -> Card {
    make_card(rank(card), perm[suit(card) as usize])
}

/// Every permutation of the four suits.
fn suit_permutations() -> Vec<[u8; 4]> {
    let mut perms = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                // The fourth suit is the one left: 0 + 1 + 2 + 3 = 6.
                let Some(d) = 6u8.checked_sub(a + b + c) else {
                    continue;
                };
                if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                    perms.push([a, b, c, d]);
                }
            }
        }
    }
    perms
}

/// The suit permutations that map each of these card sets onto itself.
fn stabilizer(fixed: &[&[Card]]) -> Vec<[u8; 4]> {
    suit_permutations()
        .into_iter()
        .filter(|perm| {
            fixed.iter().all(|cards| {
                let moved: Vec<Card> = cards.iter().map(|&c| relabel(c, perm)).collect();
                card_mask(&moved) == card_mask(cards)
            })
        })
        .collect()
}

/// A number naming the hole cards of every player, in player order, each hand's cards sorted.
#[inline]
fn deal_key(hands: impl Iterator<Item = Combo>) -> u128 {
    hands.fold(0u128, |key, [a, b]| {
        let (high, low) = if a > b { (a, b) } else { (b, a) };
        key * 2704 + (high as u128 * 52 + low as u128)
    })
}

/// Checks the ranges, board and dead cards; returns the live-card mask of each combo (0 for a
/// combo that cannot be dealt).
fn check(ranges: &[WeightedRange], board: &[Card], dead: &[Card]) -> Result<u64> {
    if !(2..=MAX_PLAYERS).contains(&ranges.len()) {
        return Err(Error::InvalidArgument(format!(
            "equity needs 2 to {MAX_PLAYERS} players, got {}",
            ranges.len()
        )));
    }
    if ![0, 3, 4, 5].contains(&board.len()) {
        return Err(Error::InvalidArgument(format!(
            "a board has 0, 3, 4 or 5 cards, got {}",
            board.len()
        )));
    }
    let known: Vec<Card> = board.iter().chain(dead).copied().collect();
    check_hand(&known, false, None)?;
    let taken = card_mask(&known);
    let needed = 2 * ranges.len() + 5 - board.len();
    if known.len() + needed > DECK_SIZE {
        return Err(Error::InvalidArgument(format!(
            "{} players need {needed} more cards but only {} are left in the deck",
            ranges.len(),
            DECK_SIZE - known.len()
        )));
    }
    for (player, range) in ranges.iter().enumerate() {
        if range.combos.len() != range.weights.len() {
            return Err(Error::InvalidArgument(format!(
                "player {player}: {} combos but {} weights",
                range.combos.len(),
                range.weights.len()
            )));
        }
        for (combo, &weight) in range.combos.iter().zip(&range.weights) {
            check_hand(combo, false, None)?;
            if !(weight.is_finite() && weight >= 0.0) {
                return Err(Error::InvalidArgument(format!(
                    "player {player}: weights must be finite and >= 0, got {weight}"
                )));
            }
        }
        let live = range
            .combos
            .iter()
            .zip(&range.weights)
            .any(|(combo, &w)| w > 0.0 && card_mask(combo) & taken == 0);
        if !live {
            return Err(Error::InvalidArgument(format!(
                "player {player}'s range has no combo left once the board and dead cards are out"
            )));
        }
    }
    Ok(taken)
}

/// Each player's combo indices that can be dealt (weight above 0, no board or dead card).
fn live_combos(ranges: &[WeightedRange], taken: u64) -> Vec<Vec<u16>> {
    ranges
        .iter()
        .map(|r| {
            (0..r.combos.len() as u16)
                .filter(|&i| {
                    r.weights[i as usize] > 0.0 && card_mask(&r.combos[i as usize]) & taken == 0
                })
                .collect()
        })
        .collect()
}

/// Every assignment of live combos to players with no card twice, as combo indices per player;
/// `None` when there are more than `limit`.
fn assignments(live: &[Vec<u16>], ranges: &[WeightedRange], limit: usize) -> Option<Vec<u16>> {
    fn walk(
        player: usize,
        used: u64,
        live: &[Vec<u16>],
        ranges: &[WeightedRange],
        current: &mut Vec<u16>,
        out: &mut Vec<u16>,
        limit: usize,
    ) -> bool {
        if player == live.len() {
            out.extend_from_slice(current);
            return out.len() / live.len() <= limit;
        }
        for &i in &live[player] {
            let mask = card_mask(&ranges[player].combos[i as usize]);
            if used & mask == 0 {
                current.push(i);
                let fits = walk(player + 1, used | mask, live, ranges, current, out, limit);
                current.pop();
                if !fits {
                    return false;
                }
            }
        }
        true
    }
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(live.len());
    walk(0, 0, live, ranges, &mut current, &mut out, limit).then_some(out)
}

/// Range equity: exact when the distinct matchups times what each costs ([`matchup_cost`])
/// fit `budget.max_outcomes` (and the assignments number at most [`MAX_ASSIGNMENTS`]), otherwise
/// `budget.samples` Monte Carlo deals from `budget.seed`. Returns [`Error::Stopped`] soon after
/// `stop` is requested.
pub fn range_equity(
    ranges: &[WeightedRange],
    board: &[Card],
    dead: &[Card],
    budget: Budget,
    stop: &Stop,
) -> Result<RangeEquity> {
    let taken = check(ranges, board, dead)?;
    let live = live_combos(ranges, taken);
    let left = DECK_SIZE - board.len() - dead.len() - 2 * ranges.len();
    let boards = binomial(left, 5 - board.len()) as u64;
    let cost = matchup_cost(5 - board.len(), boards);
    // Symmetry can merge at most 24 assignments into one matchup.
    let fits =
        |count: usize| (count as u128).div_ceil(24) * cost as u128 <= budget.max_outcomes as u128;
    let most = (MAX_ASSIGNMENTS as u64).min(budget.max_outcomes.saturating_mul(24) / cost.max(1));
    if let Some(flat) = assignments(&live, ranges, most as usize) {
        let players = ranges.len();
        if flat.is_empty() {
            return Err(Error::InvalidArgument(
                "the ranges have no deal in common: every combo of one player blocks the others"
                    .to_string(),
            ));
        }
        if fits(flat.len() / players) {
            let found = exact(
                ranges,
                board,
                dead,
                &flat,
                boards,
                cost,
                budget.max_outcomes,
                stop,
            )?;
            if let Some(result) = found {
                return Ok(result);
            }
        }
    }
    if budget.samples == 0 {
        return Err(Error::InvalidArgument(format!(
            "the ranges' deals exceed the budget of {} outcomes and no samples were allowed",
            budget.max_outcomes
        )));
    }
    monte_carlo(
        ranges,
        board,
        dead,
        &live,
        budget.samples,
        budget.seed,
        stop,
    )
}

/// Exact sums over the assignments `flat` (combo indices, `players` per assignment) and every
/// board; `None` when the distinct matchups times each one's `cost` ([`matchup_cost`]) exceed
/// `max_outcomes`.
#[allow(clippy::too_many_arguments)]
fn exact(
    ranges: &[WeightedRange],
    board: &[Card],
    dead: &[Card],
    flat: &[u16],
    boards: u64,
    cost: u64,
    max_outcomes: u64,
    stop: &Stop,
) -> Result<Option<RangeEquity>> {
    let players = ranges.len();
    let perms = stabilizer(&[board, dead]);
    let hands_of = |assignment: &[u16]| {
        assignment
            .iter()
            .enumerate()
            .map(|(p, &i)| ranges[p].combos[i as usize])
            .collect::<Vec<Combo>>()
    };
    let mut classes: HashMap<u128, u32> = HashMap::new();
    let mut representatives: Vec<Vec<Combo>> = Vec::new();
    let mut class_of = Vec::with_capacity(flat.len() / players);
    for assignment in flat.chunks_exact(players) {
        let hands = hands_of(assignment);
        let key = perms
            .iter()
            .map(|perm| {
                deal_key(
                    hands
                        .iter()
                        .map(|&[a, b]| [relabel(a, perm), relabel(b, perm)]),
                )
            })
            .min()
            .unwrap_or(0);
        let next = representatives.len() as u32;
        let class = *classes.entry(key).or_insert(next);
        if class == next {
            representatives.push(hands);
        }
        class_of.push(class);
    }
    if representatives.len() as u128 * cost as u128 > max_outcomes as u128 {
        return Ok(None);
    }
    let tables = high::tables();
    let tallies: Vec<Tally> = representatives
        .par_iter()
        .map(|hands| {
            // One matchup is at most a millisecond or so of work.
            stop.check()?;
            let hands: Vec<Vec<Card>> = hands.iter().map(|h| h.to_vec()).collect();
            spot(HOLDEM, &hands, board, dead).map(|s| holdem::exact(tables, &s))
        })
        .collect::<Result<_>>()?;

    // Sums weighted by each assignment's weight, in assignment order (the same every run).
    let mut units = vec![0.0; players];
    let mut wins = vec![0.0; players];
    let mut ties = vec![0.0; players];
    let mut combo_units: Vec<Vec<f64>> = ranges.iter().map(|r| vec![0.0; r.combos.len()]).collect();
    let mut combo_weight: Vec<Vec<f64>> = combo_units.clone();
    let mut total = 0.0;
    for (assignment, &class) in flat.chunks_exact(players).zip(&class_of) {
        let weight: f64 = assignment
            .iter()
            .enumerate()
            .map(|(p, &i)| ranges[p].weights[i as usize])
            .product();
        let tally = &tallies[class as usize];
        for (p, &i) in assignment.iter().enumerate() {
            let t = &tally.players[p];
            units[p] += weight * t.units as f64;
            wins[p] += weight * t.wins as f64;
            ties[p] += weight * t.ties as f64;
            combo_units[p][i as usize] += weight * t.units as f64;
            combo_weight[p][i as usize] += weight;
        }
        total += weight;
    }
    let per_deal = boards as f64;
    let players_out = (0..players)
        .map(|p| RangePlayer {
            equity: units[p] / (total * per_deal * POT as f64),
            win: wins[p] / (total * per_deal),
            tie: ties[p] / (total * per_deal),
            std_error: 0.0,
            combo_equity: combo_units[p]
                .iter()
                .zip(&combo_weight[p])
                .map(|(&u, &w)| {
                    if w > 0.0 {
                        u / (w * per_deal * POT as f64)
                    } else {
                        f64::NAN
                    }
                })
                .collect(),
            combo_frequency: combo_weight[p].iter().map(|&w| w / total).collect(),
        })
        .collect();
    Ok(Some(RangeEquity {
        players: players_out,
        outcomes: (flat.len() / players) as u64 * boards,
        matchups: representatives.len() as u64,
        exact: true,
    }))
}

/// Weighted choice of a combo index by binary search over cumulative weights.
struct Chooser {
    indices: Vec<u16>,
    cumulative: Vec<f64>,
}

impl Chooser {
    fn new(live: &[u16], weights: &[f64]) -> Chooser {
        let mut sum = 0.0;
        let cumulative = live
            .iter()
            .map(|&i| {
                sum += weights[i as usize];
                sum
            })
            .collect();
        Chooser {
            indices: live.to_vec(),
            cumulative,
        }
    }

    #[inline]
    fn pick(&self, rng: &mut Rng) -> u16 {
        let total = *self.cumulative.last().unwrap_or(&0.0);
        // 53 random bits make a uniform float in [0, 1).
        let x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        let at = self.cumulative.partition_point(|&c| c <= x);
        self.indices[at.min(self.indices.len() - 1)]
    }
}

/// Sums of one chunk of samples: the players' tally and, per combo, deals and pot units.
struct Sampled {
    tally: Tally,
    combo_deals: Vec<Vec<u64>>,
    combo_units: Vec<Vec<u64>>,
}

impl Sampled {
    fn new(ranges: &[WeightedRange]) -> Sampled {
        let zeros: Vec<Vec<u64>> = ranges.iter().map(|r| vec![0; r.combos.len()]).collect();
        Sampled {
            tally: Tally::new(ranges.len()),
            combo_deals: zeros.clone(),
            combo_units: zeros,
        }
    }

    fn merge(mut self, other: Sampled) -> Sampled {
        self.tally.merge(&other.tally);
        for (a, b) in self.combo_deals.iter_mut().zip(&other.combo_deals) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        for (a, b) in self.combo_units.iter_mut().zip(&other.combo_units) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        self
    }
}

/// Monte Carlo: each sample deals every player a combo by weight (the whole deal redrawn when
/// two combos share a card, so that non-conflicting assignments keep their weighted chances),
/// then the rest of the board uniformly.
fn monte_carlo(
    ranges: &[WeightedRange],
    board: &[Card],
    dead: &[Card],
    live: &[Vec<u16>],
    samples: u64,
    seed: u64,
    stop: &Stop,
) -> Result<RangeEquity> {
    let players = ranges.len();
    let taken = card_mask(board) | card_mask(dead);
    let choosers: Vec<Chooser> = live
        .iter()
        .zip(ranges)
        .map(|(l, r)| Chooser::new(l, &r.weights))
        .collect();
    let tables = high::tables();
    let combo_keys: Vec<Vec<u64>> = ranges
        .iter()
        .map(|r| {
            r.combos
                .iter()
                .map(|&[a, b]| CARD_KEYS[a as usize] + CARD_KEYS[b as usize])
                .collect()
        })
        .collect();
    let chunks = samples.div_ceil(SAMPLE_CHUNK);
    let run_chunk = |chunk: u64| -> Result<Sampled> {
        let mut rng = Rng::new(seed ^ chunk.wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut sums = Sampled::new(ranges);
        let count = SAMPLE_CHUNK.min(samples - chunk * SAMPLE_CHUNK);
        let mut picked = [0u16; MAX_PLAYERS];
        let mut cards = [[0u8; 7]; MAX_PLAYERS];
        for sample in 0..count {
            if sample % STOP_POLL == 0 {
                stop.check()?;
            }
            let mut used;
            let mut tries = 0;
            'deal: loop {
                tries += 1;
                if tries > MAX_TRIES {
                    return Err(Error::InvalidArgument(format!(
                        "the ranges fit together in fewer than 1 of {MAX_TRIES} random deals; \
                         narrow them or raise max_outcomes for an exact answer"
                    )));
                }
                used = taken;
                for p in 0..players {
                    let i = choosers[p].pick(&mut rng);
                    let mask = card_mask(&ranges[p].combos[i as usize]);
                    if used & mask != 0 {
                        continue 'deal;
                    }
                    used |= mask;
                    picked[p] = i;
                }
                break;
            }
            let mut full_board = [0u8; 5];
            full_board[..board.len()].copy_from_slice(board);
            for slot in full_board.iter_mut().skip(board.len()) {
                loop {
                    let c = rng.below(DECK_SIZE as u32) as Card;
                    if used >> c & 1 == 0 {
                        used |= 1 << c;
                        *slot = c;
                        break;
                    }
                }
            }
            let mut showdowns = [Showdown::default(); MAX_PLAYERS];
            let board_key = full_board
                .iter()
                .map(|&c| CARD_KEYS[c as usize])
                .sum::<u64>();
            for p in 0..players {
                let i = picked[p] as usize;
                cards[p][..2].copy_from_slice(&ranges[p].combos[i]);
                cards[p][2..].copy_from_slice(&full_board);
                // The board's key is summed once for every player.
                let key = SUIT_START + board_key + combo_keys[p][i];
                showdowns[p] = Showdown {
                    high: tables.finish(key, &cards[p]) as u32,
                    low: 0,
                };
            }
            let mut shares = [0u64; MAX_PLAYERS];
            super::tally::split_pot(&showdowns[..players], &mut shares);
            sums.tally.add(&shares, 1);
            for p in 0..players {
                sums.combo_deals[p][picked[p] as usize] += 1;
                sums.combo_units[p][picked[p] as usize] += shares[p];
            }
        }
        Ok(sums)
    };
    let parts: Vec<Sampled> = (0..chunks)
        .into_par_iter()
        .map(run_chunk)
        .collect::<Result<_>>()?;
    let sums = parts.into_iter().fold(Sampled::new(ranges), Sampled::merge);
    let summary = super::summarize(&sums.tally, false);
    let n = samples as f64;
    let players_out = summary
        .players
        .iter()
        .enumerate()
        .map(|(p, s)| RangePlayer {
            equity: s.equity,
            win: s.wins as f64 / n,
            tie: s.ties as f64 / n,
            std_error: s.std_error,
            combo_equity: sums.combo_units[p]
                .iter()
                .zip(&sums.combo_deals[p])
                .map(|(&u, &d)| {
                    if d > 0 {
                        u as f64 / (d as f64 * POT as f64)
                    } else {
                        f64::NAN
                    }
                })
                .collect(),
            combo_frequency: sums.combo_deals[p].iter().map(|&d| d as f64 / n).collect(),
        })
        .collect();
    Ok(RangeEquity {
        players: players_out,
        outcomes: samples,
        matchups: 0,
        exact: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::equity::equity;

    fn range(text: &str) -> WeightedRange {
        let cards = parse_cards(text).unwrap();
        let combos: Vec<Combo> = cards.chunks(2).map(|c| [c[0], c[1]]).collect();
        WeightedRange {
            weights: vec![1.0; combos.len()],
            combos,
        }
    }

    #[test]
    fn a_matchup_costs_its_boards_or_the_walks_steps_when_fewer() {
        // 6,175 + 4 * (8,192 + C(13,3)*91 + C(13,4)*13 + C(13,5)), against C(48,5) boards.
        assert_eq!(matchup_cost(5, 1_712_304), 185_375);
        assert_eq!(matchup_cost(5, 100_000), 100_000);
        assert_eq!(matchup_cost(2, 990), 990); // the flop's boards: fewer than its bound
        assert_eq!(matchup_cost(1, 44), 44);
        assert_eq!(matchup_cost(0, 1), 1);
    }

    #[test]
    fn one_combo_each_is_the_hand_equity() {
        let budget = Budget::default();
        let board = parse_cards("2s 7s Jd").unwrap();
        let result = range_equity(
            &[range("AsKs"), range("QhQd")],
            &board,
            &[],
            budget,
            &Stop::new(),
        )
        .unwrap();
        let hands = vec![parse_cards("AsKs").unwrap(), parse_cards("QhQd").unwrap()];
        let single = equity(HOLDEM, &hands, &board, &[], budget).unwrap();
        assert!(result.exact);
        assert_eq!(result.players[0].equity, single.players[0].equity);
        assert_eq!(result.outcomes, single.outcomes);
    }

    #[test]
    fn suit_symmetry_merges_matchups_and_keeps_the_average() {
        // The six aces against the four suited king-queens: 6 * 4 = 24 assignments minus the
        // 3 * 4 = 12 sharing an ace... none share (different ranks), so 24 deals of hands, which
        // suit relabelling merges into 2 matchups (the suited kings share a suit with the
        // aces or not).
        let aces = range("AcAd AcAh AcAs AdAh AdAs AhAs");
        let kq = range("KcQc KdQd KhQh KsQs");
        let budget = Budget::default();
        let result =
            range_equity(&[aces.clone(), kq.clone()], &[], &[], budget, &Stop::new()).unwrap();
        assert!(result.exact);
        assert_eq!(result.matchups, 2);
        let mut sum = 0.0;
        for a in &aces.combos {
            for k in &kq.combos {
                let hands = vec![a.to_vec(), k.to_vec()];
                sum += equity(HOLDEM, &hands, &[], &[], budget).unwrap().players[0].equity;
            }
        }
        assert!((result.players[0].equity - sum / 24.0).abs() < 1e-12);
    }

    #[test]
    fn monte_carlo_is_seeded_and_near_the_exact_answer() {
        let a = range("AcAd AhAs KcKd KhKs");
        let b = range("AcKc AdKd QhQs JhJs");
        let exact = range_equity(
            &[a.clone(), b.clone()],
            &[],
            &[],
            Budget::default(),
            &Stop::new(),
        )
        .unwrap();
        let budget = Budget {
            max_outcomes: 0,
            samples: 40_000,
            seed: 9,
        };
        let mc = range_equity(&[a.clone(), b.clone()], &[], &[], budget, &Stop::new()).unwrap();
        assert_eq!(
            mc,
            range_equity(&[a, b], &[], &[], budget, &Stop::new()).unwrap()
        );
        assert!(!mc.exact);
        let p = &mc.players[0];
        assert!((p.equity - exact.players[0].equity).abs() < 4.0 * p.std_error);
        let freq: f64 = p.combo_frequency.iter().sum();
        assert!((freq - 1.0).abs() < 1e-12);
    }

    #[test]
    fn bad_ranges_are_errors() {
        let budget = Budget::default();
        let board = parse_cards("As Ad 2c").unwrap();
        let err = range_equity(
            &[range("AsAd"), range("KcKd")],
            &board,
            &[],
            budget,
            &Stop::new(),
        )
        .unwrap_err();
        assert!(
            err.to_string().contains("player 0's range has no combo"),
            "{err}"
        );
        let err = range_equity(
            &[range("AsAd"), range("AsKd")],
            &[],
            &[],
            budget,
            &Stop::new(),
        )
        .unwrap_err();
        assert!(err.to_string().contains("no deal in common"), "{err}");
    }

    #[test]
    fn a_requested_stop_ends_the_work() {
        let stop = Stop::new();
        stop.request();
        let everyone = WeightedRange {
            combos: (0..52u8)
                .flat_map(|a| (0..a).map(move |b| [a, b]))
                .collect(),
            weights: vec![1.0; 1326],
        };
        let budget = Budget {
            max_outcomes: 0,
            samples: 1_000_000,
            seed: 1,
        };
        let ranges = [everyone.clone(), everyone];
        assert_eq!(
            range_equity(&ranges, &[], &[], budget, &stop).unwrap_err(),
            Error::Stopped
        );
        let exact = Budget::default();
        assert_eq!(
            range_equity(&[range("AsKs"), range("QhQd")], &[], &[], exact, &stop).unwrap_err(),
            Error::Stopped
        );
    }

    #[test]
    fn the_stabilizer_of_a_two_tone_flop_swaps_the_other_suits() {
        let board = parse_cards("Ah Kh 2s").unwrap();
        assert_eq!(stabilizer(&[&board, &[]]).len(), 2);
        assert_eq!(stabilizer(&[&[], &[]]).len(), 24);
    }
}
