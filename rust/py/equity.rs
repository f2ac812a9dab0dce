//! Equity entry points: one deal (any game), and NumPy batches of heads-up Hold'em.

use super::cards::cards_from_ints;
use super::engine::Rules;
use super::errors::check;
use super::eval::rows_of;
use super::stop::{detach_stoppable, LONG_WORK};
use crate::card::Card;
use crate::equity::ranges::{self, WeightedRange};
use crate::equity::{batch, Budget, Game, Plan, MAX_OUTCOMES, MAX_SAMPLES};
use crate::error::Error;
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::prelude::*;

/// The board and dead cards of a call, checked, and its budget.
fn known_and_budget(
    board: &[i64],
    dead: &[i64],
    max_outcomes: u64,
    samples: u64,
    seed: u64,
) -> PyResult<(Vec<Card>, Vec<Card>, Budget)> {
    let budget = Budget {
        max_outcomes,
        samples,
        seed,
    };
    Ok((cards_from_ints(board)?, cards_from_ints(dead)?, budget))
}

/// One player's figures: (wins, ties, equity, tie_equity, std_error).
type PlayerRow = (u64, u64, f64, f64, f64);

/// Whether equity can score the game of `rules`: it deals no draw, and its showdown parts
/// score hands of at most seven cards.
///
/// ```python
/// >>> from drawpoker.engine import game
/// >>> equity_scores(game("stud-hi-lo").rules), equity_scores(game("five-card-draw").rules)
/// (True, False)
///
/// ```
#[pyfunction]
fn equity_scores(rules: PyRef<'_, Rules>) -> bool {
    Game::from_spec(&rules.spec).is_ok()
}

/// The largest `max_outcomes` (and draw-equity budget) and sample count a call may give.
///
/// ```python
/// >>> equity_limits()
/// (1000000000000, 1000000000000)
///
/// ```
#[pyfunction]
fn equity_limits() -> (u64, u64) {
    (MAX_OUTCOMES, MAX_SAMPLES)
}

/// Equity of every player of one deal of the game of `rules`, scored by its showdown parts;
/// returns (per-player rows, outcomes, exact). A long
/// call stops on Ctrl-C.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn equity(
    py: Python<'_>,
    rules: PyRef<'_, Rules>,
    hands: Vec<Vec<i64>>,
    board: Vec<i64>,
    dead: Vec<i64>,
    max_outcomes: u64,
    samples: u64,
    seed: u64,
) -> PyResult<(Vec<PlayerRow>, u64, bool)> {
    let game = check(Game::from_spec(&rules.spec))?;
    let hands: Vec<Vec<Card>> = hands
        .iter()
        .map(|h| cards_from_ints(h))
        .collect::<PyResult<_>>()?;
    let (board, dead, budget) = known_and_budget(&board, &dead, max_outcomes, samples, seed)?;
    let plan = check(Plan::new(game, &hands, &board, &dead, budget))?;
    let long = plan.deals_to_score() >= LONG_WORK;
    let result = detach_stoppable(py, long, |stop| plan.run(stop))?;
    let rows = result
        .players
        .iter()
        .map(|p| (p.wins, p.ties, p.equity, p.tie_equity, p.std_error))
        .collect();
    Ok((rows, result.outcomes, result.exact))
}

/// Equity of `hole_a[i]` against `hole_b[i]` on `board[i]` (0, 3, 4 or 5 cards) per row,
/// exact or sampled as the budget allows; a batch of many rows stops on Ctrl-C.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn equity_batch_heads_up<'py>(
    py: Python<'py>,
    hole_a: PyReadonlyArray2<'py, u8>,
    hole_b: PyReadonlyArray2<'py, u8>,
    board: PyReadonlyArray2<'py, u8>,
    max_outcomes: u64,
    samples: u64,
    seed: u64,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let (rows, _, a) = rows_of(&hole_a);
    let (_, _, b) = rows_of(&hole_b);
    let (_, board_width, board_cards) = rows_of(&board);
    let budget = Budget {
        max_outcomes,
        samples,
        seed,
    };
    // A row takes up to a millisecond exact, or its samples.
    let long = rows >= 64 || rows as u128 * samples as u128 >= LONG_WORK;
    let out = detach_stoppable(py, long, |stop| {
        let mut out = vec![0.0; rows];
        batch::heads_up(&a, &b, &board_cards, board_width, budget, stop, &mut out).map(|()| out)
    })?;
    Ok(out.into_pyarray(py))
}

/// One player's range result: (equity, win, tie, std_error, combo equities, combo frequencies).
type RangeRow<'py> = (
    f64,
    f64,
    f64,
    f64,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<f64>>,
);

/// Hold'em equity of weighted ranges (`[N, 2]` combos and `N` weights per player); returns
/// (per-player rows, outcomes, distinct matchups, exact).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn range_equity<'py>(
    py: Python<'py>,
    ranges: Vec<(PyReadonlyArray2<'py, u8>, PyReadonlyArray1<'py, f64>)>,
    board: Vec<i64>,
    dead: Vec<i64>,
    max_outcomes: u64,
    samples: u64,
    seed: u64,
) -> PyResult<(Vec<RangeRow<'py>>, u64, u64, bool)> {
    let mut weighted = Vec::with_capacity(ranges.len());
    for (combos, weights) in &ranges {
        let (_, width, cards) = rows_of(combos);
        if width != 2 {
            return Err(super::errors::to_py(Error::InvalidArgument(format!(
                "combos must have 2 cards, got {width}"
            ))));
        }
        weighted.push(WeightedRange {
            combos: cards.chunks_exact(2).map(|c| [c[0], c[1]]).collect(),
            weights: weights.as_array().to_vec(),
        });
    }
    let (board, dead, budget) = known_and_budget(&board, &dead, max_outcomes, samples, seed)?;
    // Ranges of several combos make long work: let Ctrl-C stop it.
    let long = weighted.iter().map(|r| r.combos.len()).product::<usize>() > 1;
    let result = detach_stoppable(py, long, |stop| {
        ranges::range_equity(&weighted, &board, &dead, budget, stop)
    })?;
    let rows = result
        .players
        .into_iter()
        .map(|p| {
            (
                p.equity,
                p.win,
                p.tie,
                p.std_error,
                p.combo_equity.into_pyarray(py),
                p.combo_frequency.into_pyarray(py),
            )
        })
        .collect();
    Ok((rows, result.outcomes, result.matchups, result.exact))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(equity_scores, m)?)?;
    m.add_function(wrap_pyfunction!(equity_limits, m)?)?;
    m.add_function(wrap_pyfunction!(equity, m)?)?;
    m.add_function(wrap_pyfunction!(range_equity, m)?)?;
    m.add_function(wrap_pyfunction!(equity_batch_heads_up, m)?)?;
    Ok(())
}
