//! Category counts of many draws at once: hands `[N, size]` with one discard mask each.

use super::outcomes::{category_counts, Draw};
use super::score::{category_count, hand_size, Scorer};
use crate::card::{check_hand, Card};
use crate::error::{Error, Result};
use crate::eval::Ranking;
use rayon::prelude::*;

/// Writes the category counts of every row's draw into `out` (`[N, categories]`, row-major),
/// after checking every row; rows run in parallel.
pub fn category_counts_batch(
    ranking: Ranking,
    hands: &[Card],
    masks: &[u8],
    joker: bool,
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
        .for_each_init(
            || vec![0u64; histogram_size],
            |histogram, (draw, row_out)| {
                histogram.fill(0);
                draw.tally(scorer, histogram.as_mut_slice());
                row_out.copy_from_slice(&category_counts(ranking, histogram));
            },
        );
    Ok(())
}
