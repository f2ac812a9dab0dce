//! Exact heads-up draw equity of high hands without walking the other player's draws.
//!
//! Only the player drawing fewer cards (W) is walked draw by draw. For W's draw `D` of
//! strength `s`, the other player's draws that avoid `D` and fall below (or equal) `s` are, by
//! inclusion–exclusion, `sum over S ⊆ D of (-1)^|S| N(S)`, where `N(S)` counts the other
//! player's draws containing `S` below (or equal to) `s`. Each `N(S)` is a rank-multiset tally
//! (see [`super::rank_walk`]) of the other player keeping its cards plus `S`: a subset smaller
//! than `D`, shared by many draws of W, is tallied once into a cumulative table; `S = D` is
//! tallied straight against `s`. For a pair drawing three against a five-card draw this is
//! about 1.5M rank lookups instead of the 55M list queries of pairing every outcome.

use super::combos::{colex_rank, for_each_index_subset, for_each_subset, BINOMIALS};
use super::equity::Player;
use super::outcomes::Sink;
use super::rank_walk::tally_high;
use crate::card::Card;
use crate::error::Result;
use crate::eval::high::HighTables;
use crate::stop::Stop;

/// Counts of the other player's final hands below and equal to W's, over every joint draw.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Joint draws where W's hand is stronger.
    pub below: i64,
    /// Joint draws where the hands tie.
    pub equal: i64,
}

/// Final strengths of the other player's draws containing one subset: the distinct
/// strengths in increasing order, each with the number of draws at or below it.
struct Cumulative {
    strengths: Vec<u16>,
    up_to: Vec<i64>,
}

impl Sink for Vec<(u16, i64)> {
    fn add(&mut self, strength: u16, weight: i64) {
        self.push((strength, weight));
    }
}

impl Cumulative {
    fn of(mut entries: Vec<(u16, i64)>) -> Cumulative {
        entries.sort_unstable_by_key(|&(s, _)| s);
        let (mut strengths, mut up_to) = (Vec::new(), Vec::<i64>::new());
        let mut sum = 0;
        for (s, w) in entries {
            sum += w;
            if strengths.last() == Some(&s) {
                *up_to.last_mut().expect("same length") = sum;
            } else {
                strengths.push(s);
                up_to.push(sum);
            }
        }
        Cumulative { strengths, up_to }
    }

    /// The draws below `s` and equal to `s`.
    fn query(&self, s: u16) -> Counts {
        let i = self.strengths.partition_point(|&x| x < s);
        let below = if i == 0 { 0 } else { self.up_to[i - 1] };
        let equal = if self.strengths.get(i) == Some(&s) {
            self.up_to[i] - below
        } else {
            0
        };
        Counts { below, equal }
    }
}

/// A tally of final strengths against one strength `s`.
struct Against {
    s: u16,
    counts: Counts,
}

impl Sink for Against {
    #[inline(always)]
    fn add(&mut self, strength: u16, weight: i64) {
        if strength < self.s {
            self.counts.below += weight;
        } else if strength == self.s {
            self.counts.equal += weight;
        }
    }
}

/// Tallies into `sink` the other player's draws containing the unseen cards at `subset`.
fn tally_containing<S: Sink>(
    tables: &HighTables,
    other: &Player,
    unseen: &[Card],
    subset: &[u8],
    sink: &mut S,
) {
    let mut kept = other.kept.clone();
    kept.extend(subset.iter().map(|&i| unseen[i as usize]));
    let stub: Vec<Card> = unseen
        .iter()
        .enumerate()
        .filter(|(i, _)| !subset.contains(&(*i as u8)))
        .map(|(_, &c)| c)
        .collect();
    tally_high(tables, &kept, &stub, other.draws - subset.len(), sink);
}

/// Counts every joint draw of `walked` and `other` (which draws at least as many cards) from
/// `unseen` by how `other`'s final high hand compares with `walked`'s; polls `stop` once a
/// tally.
pub fn count(
    tables: &HighTables,
    walked: &Player,
    other: &Player,
    unseen: &[Card],
    stop: &Stop,
) -> Result<Counts> {
    debug_assert!(walked.draws <= other.draws);
    let n = unseen.len();
    let k = walked.draws;
    let shared: Vec<Vec<Cumulative>> = (0..k)
        .map(|size| {
            let mut by_rank: Vec<Cumulative> = (0..BINOMIALS[n][size])
                .map(|_| Cumulative::of(Vec::new()))
                .collect();
            for_each_index_subset(n, size, &mut |subset| {
                if stop.requested() {
                    return;
                }
                let mut entries = Vec::new();
                tally_containing(tables, other, unseen, subset, &mut entries);
                by_rank[colex_rank(subset)] = Cumulative::of(entries);
            });
            by_rank
        })
        .collect();
    let mut hand = [0u8; 5];
    hand[..walked.kept.len()].copy_from_slice(&walked.kept);
    let mut other_hand = [0u8; 5];
    other_hand[..other.kept.len()].copy_from_slice(&other.kept);
    let mut total = Counts::default();
    stop.check()?;
    for_each_index_subset(n, k, &mut |drawn| {
        if stop.requested() {
            return;
        }
        for (slot, &i) in hand[walked.kept.len()..].iter_mut().zip(drawn) {
            *slot = unseen[i as usize];
        }
        let s = tables.eval(&hand);
        let mut against = Against {
            s,
            counts: Counts::default(),
        };
        if other.draws == k {
            // The other hand is complete: one evaluation, no tally.
            for (slot, &i) in other_hand[other.kept.len()..].iter_mut().zip(drawn) {
                *slot = unseen[i as usize];
            }
            against.add(tables.eval(&other_hand), 1);
        } else {
            tally_containing(tables, other, unseen, drawn, &mut against);
        }
        let mut sum = against.counts;
        if k % 2 == 1 {
            sum.below = -sum.below;
            sum.equal = -sum.equal;
        }
        if k > 0 {
            for_each_subset(drawn, k - 1, &mut |size, rank| {
                let c = shared[size][rank].query(s);
                let sign = if size % 2 == 0 { 1 } else { -1 };
                sum.below += sign * c.below;
                sum.equal += sign * c.equal;
            });
        }
        total.below += sum.below;
        total.equal += sum.equal;
    });
    stop.check()?;
    Ok(total)
}
