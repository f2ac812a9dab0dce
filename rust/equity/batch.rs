//! Many heads-up Hold'em matchups at once, each exact, in parallel over rows.

use super::tally::POT;
use super::{holdem, spot, Game};
use crate::card::Card;
use crate::error::{Error, Result};
use crate::eval::high;
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

/// Exact equity of hand `a` against hand `b` (two cards each) for every row, with an optional
/// board of `board_width` (0, 3, 4 or 5) cards per row; `out` gets one value per row.
pub fn heads_up(
    a: &[Card],
    b: &[Card],
    board: &[Card],
    board_width: usize,
    out: &mut [f64],
) -> Result<()> {
    let rows = out.len();
    if a.len() != 2 * rows || b.len() != 2 * rows || board.len() != board_width * rows {
        return Err(Error::InvalidArgument(format!(
            "hole_a, hole_b and board must have {rows} rows of 2, 2 and {board_width} cards"
        )));
    }
    let tables = high::tables();
    let row_equity = |i: usize| -> Result<f64> {
        let hands = [a[2 * i..2 * i + 2].to_vec(), b[2 * i..2 * i + 2].to_vec()];
        let row_board = &board[board_width * i..board_width * (i + 1)];
        let spot = spot(Game::Holdem, &hands, row_board, &[]).map_err(|e| in_row(e, i))?;
        let tally = holdem::exact(tables, &spot);
        Ok(tally.players[0].units as f64 / (POT as f64 * tally.outcomes as f64))
    };
    let results: Vec<Result<f64>> = if rows < 4 {
        (0..rows).map(row_equity).collect()
    } else {
        (0..rows).into_par_iter().map(row_equity).collect()
    };
    for (slot, result) in out.iter_mut().zip(results) {
        *slot = result?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::equity::{equity, Budget};

    #[test]
    fn rows_match_single_calls_and_name_bad_rows() {
        let a = parse_cards("AsKs 7h7d").unwrap();
        let b = parse_cards("QhQd 2c3c").unwrap();
        let board = parse_cards("2s5s9d Ac4c8h").unwrap();
        let mut out = [0.0; 2];
        heads_up(&a, &b, &board, 3, &mut out).unwrap();
        for i in 0..2 {
            let single = equity(
                Game::Holdem,
                &[a[2 * i..2 * i + 2].to_vec(), b[2 * i..2 * i + 2].to_vec()],
                &board[3 * i..3 * i + 3],
                &[],
                Budget::default(),
            )
            .unwrap();
            assert_eq!(out[i], single.players[0].equity);
        }
        let clash = parse_cards("QhQd 7h2c").unwrap();
        assert_eq!(
            heads_up(&a, &clash, &board, 3, &mut out).unwrap_err(),
            Error::DuplicateCard {
                card: parse_cards("7h").unwrap()[0],
                row: Some(1)
            }
        );
    }
}
