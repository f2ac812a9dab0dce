//! Many heads-up Hold'em matchups at once, each exact or sampled as [`Plan`] chooses, in
//! parallel over rows.

use super::{Budget, Plan, HOLDEM};
use crate::card::Card;
use crate::error::{Error, Result};
use crate::stop::Stop;
use rayon::prelude::*;

/// Names the row of an error raised while checking one row of a batch.
fn in_row(err: Error, row: usize) -> Error {
    match err {
        Error::DuplicateCard { card, .. } => Error::DuplicateCard {
            card,
            row: Some(row),
        },
        Error::CardOutOfRange { value, .. } => Error::CardOutOfRange {
            value,
            row: Some(row),
        },
        other => Error::InvalidArgument(format!("row {row}: {other}")),
    }
}

/// Equity of hand `a` against hand `b` (two cards each) for every row, with an optional
/// board of `board_width` (0, 3, 4 or 5) cards per row; `out` gets one value per row.
///
/// Every row has as many outcomes (they depend on the board's width only), so either every row
/// is exact or every row is sampled: row `i` then as [`super::equity`] with the seed
/// `budget.seed + i` (wrapping), so that it does not depend on the other rows. Every row is
/// checked before any is computed (the first bad row is named); `stop` is polled between rows.
pub fn heads_up(
    a: &[Card],
    b: &[Card],
    board: &[Card],
    board_width: usize,
    budget: Budget,
    stop: &Stop,
    out: &mut [f64],
) -> Result<()> {
    let rows = out.len();
    if a.len() != 2 * rows || b.len() != 2 * rows || board.len() != board_width * rows {
        return Err(Error::InvalidArgument(format!(
            "hole_a, hole_b and board must have {rows} rows of 2, 2 and {board_width} cards"
        )));
    }
    budget.check()?;
    let plan = |i: usize| {
        let hands = [a[2 * i..2 * i + 2].to_vec(), b[2 * i..2 * i + 2].to_vec()];
        let row_board = &board[board_width * i..board_width * (i + 1)];
        let row_budget = Budget {
            seed: budget.seed.wrapping_add(i as u64),
            ..budget
        };
        Plan::new(HOLDEM, &hands, row_board, &[], row_budget).map_err(|e| in_row(e, i))
    };
    let row_equity = |(i, slot): (usize, &mut f64)| {
        stop.check()?;
        *slot = plan(i)?.run(stop)?.players[0].equity;
        Ok(())
    };
    if rows < 4 {
        (0..rows).try_for_each(|i| plan(i).map(drop))?;
        return out.iter_mut().enumerate().try_for_each(row_equity);
    }
    let first_bad = (0..rows)
        .into_par_iter()
        .map(|i| plan(i).map(drop))
        .find_first(Result::is_err);
    if let Some(Err(error)) = first_bad {
        return Err(error);
    }
    out.par_iter_mut().enumerate().try_for_each(row_equity)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::equity::equity;

    #[test]
    fn sampled_rows_are_single_calls_seeded_by_row() {
        let a = parse_cards("AsKs 7h7d 2c3c 9s8s").unwrap();
        let b = parse_cards("QhQd 2s3s AhAd Td9d").unwrap();
        let budget = Budget {
            max_outcomes: 1000,
            samples: 3000,
            seed: u64::MAX,
        };
        let mut out = [0.0; 4];
        heads_up(&a, &b, &[], 0, budget, &Stop::new(), &mut out).unwrap();
        for (i, &row) in out.iter().enumerate() {
            let hands = [a[2 * i..2 * i + 2].to_vec(), b[2 * i..2 * i + 2].to_vec()];
            let seed = u64::MAX.wrapping_add(i as u64);
            let single = equity(HOLDEM, &hands, &[], &[], Budget { seed, ..budget });
            let single = single.unwrap();
            assert!(!single.exact);
            assert_eq!(row, single.players[0].equity);
        }
    }

    #[test]
    fn rows_match_single_calls_and_name_bad_rows() {
        let a = parse_cards("AsKs 7h7d").unwrap();
        let b = parse_cards("QhQd 2c3c").unwrap();
        let board = parse_cards("2s5s9d Ac4c8h").unwrap();
        let mut out = [0.0; 2];
        let stop = Stop::new();
        heads_up(&a, &b, &board, 3, Budget::default(), &stop, &mut out).unwrap();
        for i in 0..2 {
            let single = equity(
                HOLDEM,
                &[a[2 * i..2 * i + 2].to_vec(), b[2 * i..2 * i + 2].to_vec()],
                &board[3 * i..3 * i + 3],
                &[],
                Budget::default(),
            )
            .unwrap();
            assert_eq!(out[i], single.players[0].equity);
        }
        let stopped = Stop::new();
        stopped.request();
        let err = heads_up(&a, &b, &board, 3, Budget::default(), &stopped, &mut out);
        assert_eq!(err.unwrap_err(), Error::Stopped);
        let clash = parse_cards("QhQd 7h2c").unwrap();
        assert_eq!(
            heads_up(&a, &clash, &board, 3, Budget::default(), &stop, &mut out).unwrap_err(),
            Error::DuplicateCard {
                card: parse_cards("7h").unwrap()[0],
                row: Some(1)
            }
        );
    }
}
