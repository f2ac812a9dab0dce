//! Category counts of many draws at once: hands `[N, size]` with one discard mask each.

use super::outcomes::{category_counts, Draw};
use super::score::{category_count, hand_size, Scorer};
use crate::card::{check_hand, Card};
use crate::error::{Error, Result};
use crate::eval::Ranking;
use crate::stop::Stop;
use rayon::prelude::*;

/// Writes the category counts of every row's draw into `out` (`[N, categories]`, row-major),
/// after checking every row; rows run in parallel, `stop` polled before each.
pub fn category_counts_batch(
    ranking: Ranking,
    hands: &[Card],
    masks: &[u8],
    joker: bool,
    stop: &Stop,
    out: &mut [u64],
) -> Result<()> {
    let size = hand_size(ranking);
    let width = category_count(ranking);
    if hands.len() != masks.len() * size || out.len() != masks.len() * width {
        return Err(Error::InvalidArgument(format!(
            "{} hands of {size} cards need {} cards and as many masks, got {} cards and {} masks",
            masks.len(),
            masks.len() * size,
            hands.len(),
            masks.len()
        )));
    }
    let draws = hands
        .chunks_exact(size)
        .zip(masks)
        .enumerate()
        .map(|(row, (hand, &mask))| {
            check_hand(hand, joker, Some(row))?;
            Draw::new(ranking, hand, mask, &[], joker)
                .map_err(|e| Error::InvalidArgument(format!("row {row}: {e}")))
        })
        .collect::<Result<Vec<Draw>>>()?;
    let scorer = Scorer::of(ranking);
    let histogram_size = ranking.max_strength() as usize + 1;
    draws
        .par_iter()
        .zip(out.par_chunks_mut(width))
        .try_for_each_init(
            || vec![0u64; histogram_size],
            |histogram, (draw, row_out)| {
                stop.check()?;
                histogram.fill(0);
                draw.tally(scorer, histogram.as_mut_slice());
                row_out.copy_from_slice(&category_counts(ranking, histogram));
                Ok(())
            },
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::draw::outcomes::strength_histogram;

    #[test]
    fn rows_are_single_draws_and_a_requested_stop_ends_the_batch() {
        let hands = parse_cards("Jh Jd 7c 4s 2h  Ks 9s 6s 3s 8d").unwrap();
        let masks = [0b11100, 0b10000];
        let mut out = vec![0u64; 2 * category_count(Ranking::High)];
        category_counts_batch(Ranking::High, &hands, &masks, false, &Stop::new(), &mut out)
            .unwrap();
        for (row, (hand, &mask)) in hands.chunks_exact(5).zip(&masks).enumerate() {
            let draw = Draw::new(Ranking::High, hand, mask, &[], false).unwrap();
            let single = category_counts(Ranking::High, &strength_histogram(Ranking::High, &draw));
            assert_eq!(
                out[row * single.len()..(row + 1) * single.len()],
                single[..]
            );
        }
        let requested = Stop::new();
        requested.request();
        let err = category_counts_batch(Ranking::High, &hands, &masks, false, &requested, &mut out);
        assert_eq!(err.unwrap_err(), Error::Stopped);
    }
}
