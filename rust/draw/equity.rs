//! Equity between players after one draw: each player keeps some cards and draws the rest of
//! the hand from the unseen cards (the deck minus every kept card and the dead cards, e.g.
//! known discards; unknown discards simply stay unseen).
//!
//! Heads-up is always exact. With `kA >= kB` cards drawn, every pair of disjoint draws is
//! counted without walking the pairs: for each draw `D` of A, the draws of B beating or tying
//! it that avoid `D` are, by inclusion–exclusion, `sum over S ⊆ D of (-1)^|S| N(S)`, where
//! `N(S)` counts B's draws containing `S` with a lower (equal) strength; `N(S)` is a binary
//! search in the sorted strengths of B's draws containing `S`, each such list of one size
//! `C(n - |S|, kB - |S|)`. High hands go the other way round, faster (see
//! [`super::high_heads_up`]): B is walked and A's draws are tallied by rank multisets. Multiway spots are walked exactly when the joint outcomes fit
//! a budget, and sampled (seeded) otherwise.

use super::combos::{binomial, for_each_fill, for_each_index_subset, for_each_subset, BINOMIALS};
use super::high_heads_up::{self, Counts};
use super::outcomes::{check_deck, stub_of};
use super::score::{hand_size, Scorer};
use crate::card::{check_hand, rank, suit, Card};
use crate::equity::rng::Rng;
use crate::equity::{check_at_most, MAX_OUTCOMES, MAX_SAMPLES};
use crate::error::{Error, Result};
use crate::eval::Ranking;
use crate::stop::Stop;

/// One player of a draw-equity question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The cards kept.
    pub kept: Vec<Card>,
    /// Cards drawn to complete the hand.
    pub draws: usize,
}

/// Each player's share of the pot and how it arises.
#[derive(Debug, Clone, PartialEq)]
pub struct Equity {
    /// Expected share of the pot (ties split equally); the shares sum to 1.
    pub shares: Vec<f64>,
    /// Chance to win alone.
    pub wins: Vec<f64>,
    /// Chance to tie for the best hand.
    pub ties: Vec<f64>,
    /// Outcomes walked (exact) or samples drawn.
    pub outcomes: u64,
    /// Whether the figures are exact.
    pub exact: bool,
    /// Standard error of each share (0 when exact).
    pub std_errors: Vec<f64>,
}

/// Checks the players and the dead cards, returning the unseen cards.
fn unseen_cards(
    ranking: Ranking,
    players: &[Player],
    dead: &[Card],
    joker: bool,
) -> Result<Vec<Card>> {
    if players.len() < 2 {
        return Err(Error::InvalidArgument(
            "draw equity needs at least two players".to_string(),
        ));
    }
    check_deck(ranking, joker)?;
    let size = hand_size(ranking);
    for (i, p) in players.iter().enumerate() {
        if p.kept.len() + p.draws != size {
            return Err(Error::InvalidArgument(format!(
                "player {i} keeps {} cards and draws {}: a hand has {size}",
                p.kept.len(),
                p.draws
            )));
        }
    }
    let known: Vec<Card> = players
        .iter()
        .flat_map(|p| p.kept.iter().copied())
        .collect();
    check_hand(&known, joker, None)?;
    let unseen = stub_of(&known, dead, joker)?;
    let drawn: usize = players.iter().map(|p| p.draws).sum();
    if drawn > unseen.len() {
        return Err(Error::InvalidArgument(format!(
            "the players draw {drawn} cards but only {} are unseen",
            unseen.len()
        )));
    }
    Ok(unseen)
}

/// Number of joint outcomes of the players' draws from `n` unseen cards.
fn joint_outcomes(players: &[Player], n: usize) -> u64 {
    let mut left = n;
    let mut total = 1u64;
    for p in players {
        total = total.saturating_mul(binomial(left, p.draws));
        left -= p.draws;
    }
    total
}

/// How a draw-equity question is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    /// Two players: exact, whatever the draws, without walking the pairs of draws.
    HeadsUp,
    /// Every joint draw, one by one.
    Walk,
    /// Seeded Monte Carlo.
    Sample { samples: u64, seed: u64 },
}

/// A checked draw-equity question and the method chosen for it: exact heads-up, exact
/// multiway up to `budget` joint outcomes, otherwise Monte Carlo. [`Plan::run`] does the work
/// (and may be stopped).
#[derive(Clone)]
pub struct Plan {
    scorer: Scorer,
    players: Vec<Player>,
    unseen: Vec<Card>,
    method: Method,
}

impl Plan {
    /// Checks the players, the dead cards and the budget, and chooses the method.
    /// `budget` may be at most [`MAX_OUTCOMES`] and `samples` at most [`MAX_SAMPLES`].
    pub fn new(
        ranking: Ranking,
        players: &[Player],
        dead: &[Card],
        joker: bool,
        budget: u64,
        samples: u64,
        seed: u64,
    ) -> Result<Plan> {
        check_at_most("budget", budget, MAX_OUTCOMES)?;
        check_at_most("samples", samples, MAX_SAMPLES)?;
        let unseen = unseen_cards(ranking, players, dead, joker)?;
        let method = if players.len() == 2 {
            Method::HeadsUp
        } else if joint_outcomes(players, unseen.len()) <= budget {
            Method::Walk
        } else if samples == 0 {
            return Err(Error::InvalidArgument(format!(
                "the spot's {} joint outcomes exceed the exact budget of {budget} and no \
                 samples were allowed",
                joint_outcomes(players, unseen.len())
            )));
        } else {
            Method::Sample { samples, seed }
        };
        Ok(Plan {
            scorer: Scorer::of(ranking),
            players: players.to_vec(),
            unseen,
            method,
        })
    }

    /// A rough size of the work: the joint outcomes of an exact answer (heads-up is much
    /// cheaper than walking them, but grows with them), or the samples.
    pub fn work(&self) -> u64 {
        match self.method {
            Method::HeadsUp | Method::Walk => joint_outcomes(&self.players, self.unseen.len()),
            Method::Sample { samples, .. } => samples,
        }
    }

    /// The equity; returns [`Error::Stopped`] soon after `stop` is requested.
    pub fn run(&self, stop: &Stop) -> Result<Equity> {
        let (scorer, players, unseen) = (self.scorer, &self.players, &self.unseen);
        match self.method {
            Method::HeadsUp => heads_up(scorer, players, unseen, stop),
            Method::Walk => multiway_exact(scorer, players, unseen, stop),
            Method::Sample { samples, seed } => {
                monte_carlo(scorer, players, unseen, samples, seed, stop)
            }
        }
    }
}

/// Draw equity of the players: exact heads-up, exact multiway up to `budget` joint outcomes,
/// otherwise `samples` seeded Monte Carlo deals (see [`Plan`]).
pub fn draw_equity(
    ranking: Ranking,
    players: &[Player],
    dead: &[Card],
    joker: bool,
    budget: u64,
    samples: u64,
    seed: u64,
) -> Result<Equity> {
    Plan::new(ranking, players, dead, joker, budget, samples, seed)?.run(&Stop::new())
}

/// Strength of every draw of `player` from `unseen`, in the order of `for_each_index_subset`.
///
/// High hands without a flush depend only on the ranks drawn, and the draws come in increasing
/// card order, so a small memo keyed by the drawn ranks (base 13) answers most of them.
fn draw_strengths(scorer: Scorer, player: &Player, unseen: &[Card]) -> Vec<u16> {
    let mut hand = [0u8; 5];
    let kept = player.kept.len();
    hand[..kept].copy_from_slice(&player.kept);
    let size = kept + player.draws;
    let mut strengths = Vec::with_capacity(binomial(unseen.len(), player.draws) as usize);
    let memo_size = if matches!(scorer, Scorer::High(_)) && player.draws <= 4 {
        13usize.pow(player.draws as u32)
    } else {
        0
    };
    let mut memo = vec![0u16; memo_size];
    let kept_suits = player.kept.iter().fold(0u8, |m, &c| m | 1 << suit(c));
    for_each_index_subset(unseen.len(), player.draws, &mut |idx| {
        let mut key = 0usize;
        let mut suits = kept_suits;
        for (slot, &i) in hand[kept..size].iter_mut().zip(idx) {
            let card = unseen[i as usize];
            *slot = card;
            key = key * 13 + rank(card) as usize;
            suits |= 1 << suit(card);
        }
        let strength = if memo_size == 0 || suits.count_ones() == 1 {
            scorer.score(&hand[..size])
        } else {
            if memo[key] == 0 {
                memo[key] = scorer.score(&hand[..size]);
            }
            memo[key]
        };
        strengths.push(strength);
    });
    strengths
}

/// Lists at least this long are turned into count tables (see [`bucketed`]).
const LONG_LIST: usize = 256;

fn heads_up(scorer: Scorer, players: &[Player], unseen: &[Card], stop: &Stop) -> Result<Equity> {
    // A draws at least as many cards as B.
    let swap = players[1].draws > players[0].draws;
    let (a, b) = if swap {
        (&players[1], &players[0])
    } else {
        (&players[0], &players[1])
    };
    let n = unseen.len();
    let total = binomial(n, a.draws) * binomial(n - a.draws, b.draws);
    let Counts { below, equal } = match scorer {
        Scorer::High(tables) => {
            let b_side = high_heads_up::count(tables, b, a, unseen, stop)?;
            Counts {
                below: total as i64 - b_side.below - b_side.equal,
                equal: b_side.equal,
            }
        }
        _ => bucketed(scorer, a, b, unseen, stop)?,
    };
    let t = total as f64;
    let a_wins = below as f64 / t;
    let b_wins = (total as i64 - below - equal) as f64 / t;
    let tie = equal as f64 / t;
    let (mut wins, mut shares) = (
        vec![a_wins, b_wins],
        vec![a_wins + tie / 2.0, b_wins + tie / 2.0],
    );
    if swap {
        wins.reverse();
        shares.reverse();
    }
    Ok(Equity {
        shares,
        wins,
        ties: vec![tie, tie],
        outcomes: total,
        exact: true,
        std_errors: vec![0.0, 0.0],
    })
}

/// Counts A's wins and ties against B, who draws no more cards than A, by bucketing B's draws
/// under every subset of their cards (see the module documentation); polls `stop` once a draw.
fn bucketed(
    scorer: Scorer,
    a: &Player,
    b: &Player,
    unseen: &[Card],
    stop: &Stop,
) -> Result<Counts> {
    let n = unseen.len();
    let common = a.draws.min(b.draws);
    let strengths_b = draw_strengths(scorer, b, unseen);
    let bucket_len: Vec<usize> = (0..=common)
        .map(|j| binomial(n - j, b.draws - j) as usize)
        .collect();
    let mut buckets: Vec<Vec<u16>> = (0..=common)
        .map(|j| vec![0u16; BINOMIALS[n][j] as usize * bucket_len[j]])
        .collect();
    let mut filled: Vec<Vec<u32>> = (0..=common)
        .map(|j| vec![0u32; BINOMIALS[n][j] as usize])
        .collect();
    let mut index = 0;
    for_each_index_subset(n, b.draws, &mut |idx| {
        if stop.requested() {
            return;
        }
        let s = strengths_b[index];
        index += 1;
        for_each_subset(idx, common, &mut |size, rank| {
            let slot = &mut filled[size][rank];
            buckets[size][rank * bucket_len[size] + *slot as usize] = s;
            *slot += 1;
        });
    });
    for (j, bucket) in buckets.iter_mut().enumerate() {
        bucket
            .chunks_exact_mut(bucket_len[j])
            .try_for_each(|c| stop.check().map(|()| c.sort_unstable()))?;
    }
    // Long lists become counts below each strength, so that their queries are two loads
    // instead of two binary searches.
    let top = buckets[0].iter().copied().max().unwrap_or(0) as usize + 2;
    let cumulative: Vec<Option<Vec<u32>>> = (0..=common)
        .map(|j| {
            if bucket_len[j] < LONG_LIST {
                return None;
            }
            let mut table = vec![0u32; BINOMIALS[n][j] as usize * top];
            for (list, counts) in buckets[j]
                .chunks_exact(bucket_len[j])
                .zip(table.chunks_exact_mut(top))
            {
                for &x in list {
                    counts[x as usize + 1] += 1;
                }
                for i in 1..top {
                    counts[i] += counts[i - 1];
                }
            }
            Some(table)
        })
        .collect();
    let strengths_a = draw_strengths(scorer, a, unseen);
    let (mut below, mut equal) = (0i64, 0i64);
    let mut index = 0;
    for_each_index_subset(n, a.draws, &mut |idx| {
        if stop.requested() {
            return;
        }
        let s = strengths_a[index];
        index += 1;
        for_each_subset(idx, common, &mut |size, rank| {
            let (lower, upto) = if let Some(table) = &cumulative[size] {
                let counts = &table[rank * top..(rank + 1) * top];
                let s = s as usize;
                if s < top - 1 {
                    (counts[s] as i64, counts[s + 1] as i64)
                } else {
                    (counts[top - 1] as i64, counts[top - 1] as i64)
                }
            } else {
                let len = bucket_len[size];
                let list = &buckets[size][rank * len..(rank + 1) * len];
                (
                    list.partition_point(|&x| x < s) as i64,
                    list.partition_point(|&x| x <= s) as i64,
                )
            };
            let sign = if size % 2 == 0 { 1 } else { -1 };
            below += sign * lower;
            equal += sign * (upto - lower);
        });
    });
    stop.check()?;
    Ok(Counts { below, equal })
}

/// Running sums of one walk or sample: shares in units of 1/60 (ties of up to six split evenly).
struct Tally {
    share_units: Vec<u64>,
    share_squares: Vec<f64>,
    wins: Vec<u64>,
    ties: Vec<u64>,
    outcomes: u64,
}

const SHARE_UNIT: u64 = 60;

impl Tally {
    fn new(players: usize) -> Tally {
        Tally {
            share_units: vec![0; players],
            share_squares: vec![0.0; players],
            wins: vec![0; players],
            ties: vec![0; players],
            outcomes: 0,
        }
    }

    fn add(&mut self, strengths: &[u16]) {
        let best = *strengths.iter().max().expect("players");
        let winners = strengths.iter().filter(|&&s| s == best).count();
        for (i, &s) in strengths.iter().enumerate() {
            if s == best {
                let units = SHARE_UNIT / winners as u64;
                self.share_units[i] += units;
                let share = 1.0 / winners as f64;
                self.share_squares[i] += share * share;
                if winners == 1 {
                    self.wins[i] += 1;
                } else {
                    self.ties[i] += 1;
                }
            }
        }
        self.outcomes += 1;
    }

    fn finish(self, exact: bool) -> Equity {
        let n = self.outcomes as f64;
        let shares: Vec<f64> = self
            .share_units
            .iter()
            .map(|&u| u as f64 / (SHARE_UNIT as f64 * n))
            .collect();
        let std_errors = if exact {
            vec![0.0; shares.len()]
        } else {
            shares
                .iter()
                .zip(&self.share_squares)
                .map(|(&mean, &sq)| ((sq / n - mean * mean).max(0.0) / (n - 1.0).max(1.0)).sqrt())
                .collect()
        };
        Equity {
            shares,
            wins: self.wins.iter().map(|&w| w as f64 / n).collect(),
            ties: self.ties.iter().map(|&t| t as f64 / n).collect(),
            outcomes: self.outcomes,
            exact,
            std_errors,
        }
    }
}

fn multiway_exact(
    scorer: Scorer,
    players: &[Player],
    unseen: &[Card],
    stop: &Stop,
) -> Result<Equity> {
    let mut tally = Tally::new(players.len());
    let mut strengths = vec![0u16; players.len()];
    walk(scorer, players, 0, unseen, &mut strengths, &mut tally, stop);
    stop.check()?;
    Ok(tally.finish(true))
}

/// Walks the draws of `players[index..]` from `pool`; returns early once `stop` is requested.
fn walk(
    scorer: Scorer,
    players: &[Player],
    index: usize,
    pool: &[Card],
    strengths: &mut [u16],
    tally: &mut Tally,
    stop: &Stop,
) {
    if index == players.len() {
        tally.add(strengths);
        return;
    }
    let player = &players[index];
    let kept = player.kept.len();
    let mut hand = [0u8; 5];
    hand[..kept].copy_from_slice(&player.kept);
    let size = kept + player.draws;
    let mut idx_pool: Vec<Card> = (0..pool.len() as u8).collect();
    // Walk index subsets so that the rest of the pool is known for the next player.
    let mut chosen = [0u8; 5];
    for_each_fill(
        &std::mem::take(&mut idx_pool),
        player.draws,
        &mut chosen[..player.draws],
        0,
        &mut |idx| {
            if stop.requested() {
                return;
            }
            for (slot, &i) in hand[kept..size].iter_mut().zip(idx) {
                *slot = pool[i as usize];
            }
            strengths[index] = scorer.score(&hand[..size]);
            let rest: Vec<Card> = pool
                .iter()
                .enumerate()
                .filter(|(i, _)| !idx.contains(&(*i as u8)))
                .map(|(_, &c)| c)
                .collect();
            walk(scorer, players, index + 1, &rest, strengths, tally, stop);
        },
    );
}

fn monte_carlo(
    scorer: Scorer,
    players: &[Player],
    unseen: &[Card],
    samples: u64,
    seed: u64,
    stop: &Stop,
) -> Result<Equity> {
    let mut rng = Rng::new(seed);
    let mut deck = unseen.to_vec();
    let mut tally = Tally::new(players.len());
    let mut strengths = vec![0u16; players.len()];
    let mut hand = [0u8; 5];
    for sample in 0..samples {
        if sample % SAMPLES_PER_POLL == 0 {
            stop.check()?;
        }
        let mut next = 0;
        for (p, player) in players.iter().enumerate() {
            let kept = player.kept.len();
            hand[..kept].copy_from_slice(&player.kept);
            for slot in hand[kept..kept + player.draws].iter_mut() {
                let pick = next + rng.below((deck.len() - next) as u32) as usize;
                deck.swap(next, pick);
                *slot = deck[next];
                next += 1;
            }
            strengths[p] = scorer.score(&hand[..kept + player.draws]);
        }
        tally.add(&strengths);
    }
    Ok(tally.finish(false))
}

/// Samples drawn between two looks at the [`Stop`] (about a millisecond).
const SAMPLES_PER_POLL: u64 = 1 << 12;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn player(kept: &str, draws: usize) -> Player {
        Player {
            kept: parse_cards(kept).unwrap(),
            draws,
        }
    }

    #[test]
    fn jacks_against_a_four_flush() {
        let players = [player("Jh Jd", 3), player("As Ks Qs 8s", 1)];
        let dead = parse_cards("7c 4s 2h 3d").unwrap();
        let e = draw_equity(Ranking::High, &players, &dead, false, 0, 0, 0).unwrap();
        assert!(e.exact);
        assert_eq!(e.outcomes, 11_480 * 39);
        assert!((e.shares[0] - 0.661635).abs() < 5e-7, "{:?}", e.shares);
    }

    #[test]
    fn heads_up_matches_the_plain_walk_both_ways() {
        let cases = [
            ([player("Jh Jd", 3), player("As Ks Qs 8s", 1)], "7c"),
            (
                [player("9c 9d 9h", 2), player("Tc Td", 3)],
                "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d",
            ),
            (
                // 25 unseen cards: the lists of draws through one card are long enough to
                // become count tables.
                [player("Jh Jd", 3), player("As Ks", 3)],
                "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h",
            ),
            (
                [player("Ac Kc Qc Jc Tc", 0), player("2d", 4)],
                "5c 6c 7c 8c 9c 5d 6d 7d 8d 9d 5h 6h 7h 8h 9h 5s 6s 7s 8s 9s 4c 4d 4h 4s 3c 3d",
            ),
        ];
        for (players, dead) in cases {
            let dead = parse_cards(dead).unwrap();
            let unseen = unseen_cards(Ranking::High, &players, &dead, false).unwrap();
            let stop = Stop::new();
            let fast = heads_up(Scorer::of(Ranking::High), &players, &unseen, &stop).unwrap();
            let plain =
                multiway_exact(Scorer::of(Ranking::High), &players, &unseen, &stop).unwrap();
            assert_eq!(fast.outcomes, plain.outcomes);
            for i in 0..2 {
                assert!((fast.shares[i] - plain.shares[i]).abs() < 1e-12);
                assert!((fast.wins[i] - plain.wins[i]).abs() < 1e-12);
            }
            // The general path (every ranking but high) on the same spot.
            let (a, b, a_at) = if players[1].draws > players[0].draws {
                (&players[1], &players[0], 1)
            } else {
                (&players[0], &players[1], 0)
            };
            let general = bucketed(Scorer::of(Ranking::High), a, b, &unseen, &stop).unwrap();
            let t = plain.outcomes as f64;
            assert!((general.below as f64 / t - plain.wins[a_at]).abs() < 1e-12);
            assert!((general.equal as f64 / t - plain.ties[a_at]).abs() < 1e-12);
            let swapped = [players[1].clone(), players[0].clone()];
            let back = heads_up(Scorer::of(Ranking::High), &swapped, &unseen, &stop).unwrap();
            assert!((back.shares[1] - fast.shares[0]).abs() < 1e-12);
        }
    }

    #[test]
    fn monte_carlo_is_seeded_and_close() {
        let players = [
            player("Jh Jd Kc", 2),
            player("As Ks Qs 8s", 1),
            player("9c 9h 9d Tc", 1),
        ];
        let dead = parse_cards("7c 4s 2h 3d").unwrap();
        let exact = draw_equity(Ranking::High, &players, &dead, false, MAX_OUTCOMES, 0, 0).unwrap();
        let a = draw_equity(Ranking::High, &players, &dead, false, 0, 20_000, 7).unwrap();
        let b = draw_equity(Ranking::High, &players, &dead, false, 0, 20_000, 7).unwrap();
        assert_eq!(a, b);
        assert!(!a.exact);
        for i in 0..3 {
            assert!((a.shares[i] - exact.shares[i]).abs() < 5.0 * a.std_errors[i] + 1e-9);
        }
        assert!((exact.shares.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn every_method_returns_once_stopped_and_budgets_have_maxima() {
        let requested = Stop::new();
        requested.request();
        let two = [player("Jh Jd", 3), player("As Ks", 3)];
        let three = [player("Jh Jd", 3), player("As Ks", 3), player("9c 9d", 3)];
        for (ranking, players, budget) in [
            (Ranking::High, &two[..], 0),
            (Ranking::DeuceSeven, &two[..], 0),
            (Ranking::High, &three[..], MAX_OUTCOMES),
            (Ranking::High, &three[..], 0),
        ] {
            let plan = Plan::new(ranking, players, &[], false, budget, 1000, 0).unwrap();
            assert_eq!(plan.run(&requested).unwrap_err(), Error::Stopped);
        }
        for (budget, samples, name) in [
            (MAX_OUTCOMES + 1, 0, "budget"),
            (0, MAX_SAMPLES + 1, "samples"),
        ] {
            let err = draw_equity(Ranking::High, &three, &[], false, budget, samples, 0);
            let message = err.unwrap_err().to_string();
            assert!(
                message.starts_with(&format!("{name} must be at most")),
                "{message}"
            );
        }
        let err = draw_equity(Ranking::High, &three, &[], false, 0, 0, 0).unwrap_err();
        assert!(err.to_string().contains("joint outcomes exceed"), "{err}");
    }

    #[test]
    fn bad_players_are_refused() {
        let dead = parse_cards("7c").unwrap();
        assert!(draw_equity(Ranking::High, &[player("Jh Jd", 3)], &dead, false, 0, 0, 0).is_err());
        let overlap = [player("Jh Jd", 3), player("Jh Ks Qs 8s", 1)];
        assert!(draw_equity(Ranking::High, &overlap, &dead, false, 0, 0, 0).is_err());
        let short = [player("Jh Jd", 2), player("As Ks Qs 8s", 1)];
        assert!(draw_equity(Ranking::High, &short, &dead, false, 0, 0, 0).is_err());
        let dead_live = parse_cards("Jh").unwrap();
        let ok = [player("Jh Jd", 3), player("As Ks Qs 8s", 1)];
        assert!(draw_equity(Ranking::High, &ok, &dead_live, false, 0, 0, 0).is_err());
    }
}
