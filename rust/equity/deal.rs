//! The generic method: every way the unseen cards can fall (exact), or a seeded sample of them
//! (Monte Carlo), scored by a game's [`Scorer`] and summed into a [`Tally`].

use super::rng::Rng;
use super::tally::{Showdown, Tally, MAX_PLAYERS};
use crate::card::Card;
use crate::error::Result;
use crate::stop::Stop;
use rayon::prelude::*;

/// Most cards one player can hold in any game here (Stud: 7).
pub const MAX_HAND: usize = 7;
/// Cards on a full board.
pub const BOARD: usize = 5;

/// What is known of one deal and what is still to come.
#[derive(Debug, Clone)]
pub struct Spot {
    /// Each player's known cards.
    pub hands: Vec<Vec<Card>>,
    /// Known board cards.
    pub board: Vec<Card>,
    /// How many more cards each player gets.
    pub hand_draws: Vec<usize>,
    /// How many more board cards come.
    pub board_draws: usize,
    /// The cards that can still come (not held, not on the board, not dead).
    pub pool: Vec<Card>,
}

/// How a game scores a final hand: its cards and the board (empty in stud games).
pub trait Scorer: Sync {
    /// The high and (qualifying) low of one player's final cards.
    fn score(&self, hand: &[Card], board: &[Card]) -> Showdown;
}

/// C(n, k) as u128 (0 when k > n).
pub fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}

impl Spot {
    /// Number of equally likely ways the unseen cards can fall.
    pub fn outcomes(&self) -> u128 {
        let mut left = self.pool.len();
        let mut total = binomial(left, self.board_draws);
        left -= self.board_draws.min(left);
        for &k in &self.hand_draws {
            total *= binomial(left, k);
            left -= k.min(left);
        }
        total
    }

    /// The draws in dealing order: the board first (target `None`), then each player.
    fn segments(&self) -> Vec<(Option<usize>, usize)> {
        std::iter::once((None, self.board_draws))
            .chain(
                self.hand_draws
                    .iter()
                    .enumerate()
                    .map(|(p, &k)| (Some(p), k)),
            )
            .filter(|&(_, k)| k > 0)
            .collect()
    }
}

/// Working cards of one deal: every hand and the board, known cards first.
#[derive(Clone)]
struct Table {
    hands: [[Card; MAX_HAND]; MAX_PLAYERS],
    hand_lens: [usize; MAX_PLAYERS],
    board: [Card; BOARD],
    board_len: usize,
    players: usize,
}

impl Table {
    fn new(spot: &Spot) -> Table {
        let mut table = Table {
            hands: [[0; MAX_HAND]; MAX_PLAYERS],
            hand_lens: [0; MAX_PLAYERS],
            board: [0; BOARD],
            board_len: spot.board.len() + spot.board_draws,
            players: spot.hands.len(),
        };
        table.board[..spot.board.len()].copy_from_slice(&spot.board);
        for (p, hand) in spot.hands.iter().enumerate() {
            table.hands[p][..hand.len()].copy_from_slice(hand);
            table.hand_lens[p] = hand.len() + spot.hand_draws[p];
        }
        table
    }

    #[inline]
    fn slot(&mut self, target: Option<usize>, index_from_end: usize) -> &mut Card {
        match target {
            None => &mut self.board[self.board_len - index_from_end],
            Some(p) => &mut self.hands[p][self.hand_lens[p] - index_from_end],
        }
    }

    #[inline]
    fn score_into(&self, scorer: &impl Scorer, tally: &mut Tally, weight: i64) {
        let mut showdowns = [Showdown::default(); MAX_PLAYERS];
        let board = &self.board[..self.board_len];
        for (p, showdown) in showdowns[..self.players].iter_mut().enumerate() {
            *showdown = scorer.score(&self.hands[p][..self.hand_lens[p]], board);
        }
        tally.add_showdown(&showdowns[..self.players], weight);
    }
}

struct Walker<'a, S: Scorer> {
    pool: &'a [Card],
    segments: &'a [(Option<usize>, usize)],
    scorer: &'a S,
    table: Table,
    used: u64,
    tally: Tally,
    stop: &'a Stop,
    /// Set once a stop was seen: every loop returns at once.
    stopped: bool,
}

impl<S: Scorer> Walker<'_, S> {
    /// Deals the last `left` cards of segment `seg` from pool indices `start..`, then the rest.
    fn walk(&mut self, seg: usize, start: usize, left: usize) {
        if left == 0 {
            match self.segments.get(seg + 1) {
                Some(&(_, count)) => self.walk(seg + 1, 0, count),
                None => self.table.score_into(self.scorer, &mut self.tally, 1),
            }
            return;
        }
        // The stop is looked at once a loop over the last card (at most 52 deals, a few
        // microseconds), not once a deal.
        let last_card = left == 1 && seg + 1 == self.segments.len();
        if last_card && self.stop.requested() {
            self.stopped = true;
            return;
        }
        let target = self.segments[seg].0;
        for i in start..self.pool.len() {
            let bit = 1u64 << i;
            if self.used & bit != 0 {
                continue;
            }
            *self.table.slot(target, left) = self.pool[i];
            self.used |= bit;
            self.walk(seg, i + 1, left - 1);
            self.used &= !bit;
            if !last_card && self.stopped {
                return;
            }
        }
    }
}

/// Exact sums over every outcome, in parallel over the first card dealt; polls `stop`.
pub fn exact(spot: &Spot, scorer: &impl Scorer, stop: &Stop) -> Result<Tally> {
    let segments = spot.segments();
    let players = spot.hands.len();
    let table = Table::new(spot);
    let Some(&(first_target, first_count)) = segments.first() else {
        let mut tally = Tally::new(players);
        table.score_into(scorer, &mut tally, 1);
        return Ok(tally);
    };
    let run_from = |i: usize| {
        stop.check()?;
        let mut walker = Walker {
            pool: &spot.pool,
            segments: &segments,
            scorer,
            table: table.clone(),
            used: 1u64 << i,
            tally: Tally::new(players),
            stop,
            stopped: false,
        };
        *walker.table.slot(first_target, first_count) = spot.pool[i];
        walker.walk(0, i + 1, first_count - 1);
        stop.check()?;
        Ok(walker.tally)
    };
    let reduce = |mut a: Tally, b: Tally| {
        a.merge(&b);
        a
    };
    if spot.outcomes() < PARALLEL_OUTCOMES {
        (0..spot.pool.len())
            .map(run_from)
            .try_fold(Tally::new(players), |a, b| b.map(|b| reduce(a, b)))
    } else {
        (0..spot.pool.len())
            .into_par_iter()
            .map(run_from)
            .try_reduce(|| Tally::new(players), |a, b| Ok(reduce(a, b)))
    }
}

/// Below this many outcomes an enumeration stays on the calling thread.
const PARALLEL_OUTCOMES: u128 = 1 << 20;

/// Samples per independently seeded chunk: the result depends on the seed, not on the threads.
const SAMPLE_CHUNK: u64 = 1 << 14;

/// Sums over `samples` random outcomes drawn with generators derived from `seed`; polls
/// `stop` before each chunk of samples.
pub fn monte_carlo(
    spot: &Spot,
    scorer: &impl Scorer,
    samples: u64,
    seed: u64,
    stop: &Stop,
) -> Result<Tally> {
    let segments = spot.segments();
    let players = spot.hands.len();
    let table = Table::new(spot);
    let needed: usize = segments.iter().map(|&(_, k)| k).sum();
    let chunks = samples.div_ceil(SAMPLE_CHUNK);
    let run_chunk = |chunk: u64| {
        stop.check()?;
        let mut rng = Rng::new(seed ^ chunk.wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut table = table.clone();
        let mut pool = spot.pool.clone();
        let mut tally = Tally::new(players);
        let count = SAMPLE_CHUNK.min(samples - chunk * SAMPLE_CHUNK);
        for _ in 0..count {
            // A partial Fisher-Yates shuffle puts `needed` random cards at the pool's front.
            for i in 0..needed {
                let j = i + rng.below((pool.len() - i) as u32) as usize;
                pool.swap(i, j);
            }
            let mut next = 0;
            for &(target, k) in &segments {
                for left in 1..=k {
                    *table.slot(target, left) = pool[next];
                    next += 1;
                }
            }
            table.score_into(scorer, &mut tally, 1);
        }
        Ok(tally)
    };
    // `try_reduce` skips the chunks left once one of them saw the stop.
    (0..chunks).into_par_iter().map(run_chunk).try_reduce(
        || Tally::new(players),
        |mut a, b| {
            a.merge(&b);
            Ok(a)
        },
    )
}
