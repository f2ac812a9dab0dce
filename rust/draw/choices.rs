//! Every discard choice of one hand at once: distribution, chance to improve and the
//! expectation of a caller's value per final strength, ranked best first.

use super::limit::DrawLimit;
use super::outcomes::{check_draw_hand, stub_of, Draw, Sink};
use super::score::{categories, category_count, improves_by_category, Scorer};
use crate::card::Card;
use crate::error::{Error, Result};
use crate::eval::Ranking;

/// The outcome of one discard choice.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// Bit `i` set when card `i` of the hand is discarded.
    pub discard_mask: u8,
    /// Number of equally likely replacements, `C(stub, discards)`.
    pub total: u64,
    /// Final hands per category (index = category number).
    pub categories: Vec<u64>,
    /// Final hands that improve on the hand before the draw: a better category for high
    /// hands, any better low or badugi for the others ([`improves_by_category`]).
    pub improved: u64,
    /// Expected value of the caller's per-strength values over the final hand.
    pub value: f64,
    /// Final hands per strength (index = strength), only when asked for.
    pub histogram: Vec<u64>,
}

/// Analyses every discard choice of `hand` that `limit` allows (all 32 under the limit 5),
/// with `dead` cards out of the stub. `values[s]` is what a final strength `s` is worth
/// (a pay table, an indicator, the strength itself...); the choices come back best first by
/// expected value, ties to the fewer discards then the smaller mask.
pub fn all_choices(
    ranking: Ranking,
    hand: &[Card],
    dead: &[Card],
    joker: bool,
    limit: DrawLimit,
    values: &[f64],
    keep_histograms: bool,
) -> Result<Vec<Choice>> {
    check_draw_hand(ranking, hand, joker)?;
    let size = ranking.max_strength() as usize + 1;
    if values.len() != size {
        return Err(Error::InvalidArgument(format!(
            "values must have one entry per strength 0..={} ({size} entries), got {}",
            size - 1,
            values.len()
        )));
    }
    let stub = stub_of(hand, dead, joker)?;
    let scorer = Scorer::of(ranking);
    let category_of = categories(ranking);
    let before_strength = scorer.score(hand);
    let before = category_of[before_strength as usize];
    let by_category = improves_by_category(ranking);
    let mut histogram = vec![0u64; if keep_histograms { size } else { 0 }];
    let mut choices = Vec::with_capacity(1 << hand.len());
    for mask in 0..(1u8 << hand.len()) {
        let draws = mask.count_ones() as usize;
        if !limit.allows(hand, mask) || draws > stub.len() {
            continue;
        }
        let kept = (0..hand.len())
            .filter(|i| mask >> i & 1 == 0)
            .map(|i| hand[i])
            .collect();
        let draw = Draw {
            kept,
            stub: stub.clone(),
            draws,
        };
        let mut summary = Summary {
            values,
            category_of,
            improves: |strength: u16| {
                if by_category {
                    category_of[strength as usize] > before
                } else {
                    strength > before_strength
                }
            },
            total: 0,
            weighted: 0.0,
            categories: vec![0; category_count(ranking)],
            improved: 0,
        };
        if keep_histograms {
            histogram.fill(0);
            draw.tally(scorer, histogram.as_mut_slice());
            for (strength, &n) in histogram.iter().enumerate().skip(1) {
                if n != 0 {
                    summary.add(strength as u16, n as i64);
                }
            }
        } else {
            draw.tally(scorer, &mut summary);
        }
        choices.push(Choice {
            discard_mask: mask,
            total: summary.total as u64,
            categories: summary.categories.iter().map(|&n| n as u64).collect(),
            improved: summary.improved as u64,
            value: summary.weighted / summary.total as f64,
            histogram: histogram.clone(),
        });
    }
    choices.sort_by(|a, b| {
        b.value
            .total_cmp(&a.value)
            .then(
                a.discard_mask
                    .count_ones()
                    .cmp(&b.discard_mask.count_ones()),
            )
            .then(a.discard_mask.cmp(&b.discard_mask))
    });
    Ok(choices)
}

/// The running figures of one choice, fed straight by the walk (no histogram needed).
struct Summary<'a, F: Fn(u16) -> bool> {
    values: &'a [f64],
    category_of: &'a [u8],
    improves: F,
    total: i64,
    weighted: f64,
    categories: Vec<i64>,
    improved: i64,
}

impl<F: Fn(u16) -> bool> Sink for Summary<'_, F> {
    #[inline(always)]
    fn add(&mut self, strength: u16, weight: i64) {
        self.total += weight;
        self.weighted += weight as f64 * self.values[strength as usize];
        self.categories[self.category_of[strength as usize] as usize] += weight;
        if (self.improves)(strength) {
            self.improved += weight;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    #[test]
    fn pair_keeps_the_pair_for_trips_or_better() {
        let hand = parse_cards("Jh Jd 7c 4s 2h").unwrap();
        let ranking = Ranking::High;
        let category_of = categories(ranking);
        let values: Vec<f64> = (0..=ranking.max_strength() as usize)
            .map(|s| f64::from(u8::from(s > 0 && category_of[s] >= 3)))
            .collect();
        let choices = all_choices(
            ranking,
            &hand,
            &[],
            false,
            DrawLimit::ThreeOrFourWithAce,
            &values,
            false,
        )
        .unwrap();
        assert_eq!(choices.len(), 26);
        assert_eq!(choices[0].discard_mask, 0b11100);
        assert_eq!(choices[0].improved, 4_656);
        let all = all_choices(ranking, &hand, &[], false, DrawLimit::Five, &values, true).unwrap();
        assert_eq!(all.len(), 32);
        assert!(all
            .iter()
            .all(|c| c.histogram.iter().sum::<u64>() == c.total));
    }
}
