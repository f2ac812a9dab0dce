//! Draw analysis entry points: one draw, every discard choice, batches.

use super::cards::cards_from_ints;
use super::errors::{check, to_py};
use super::eval::rows_of;
use super::stop::{detach_stoppable, LONG_WORK};
use crate::card::Card;
use crate::draw::{batch, choices, equity, holds, limit::DrawLimit, outcomes, score, tip};
use crate::error::Error;
use crate::eval::Ranking;
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;

/// The names of the draw limits (R-DRAW-7), in their declared order.
#[pyfunction]
fn draw_limits() -> Vec<&'static str> {
    DrawLimit::ALL.iter().map(|(_, name)| *name).collect()
}

/// The discard mask of `discards` within `hand` (every discard must be in the hand).
#[pyfunction]
fn discard_mask_of(hand: Vec<i64>, discards: Vec<i64>) -> PyResult<u8> {
    check(outcomes::discard_mask_of(
        &cards_from_ints(&hand)?,
        &cards_from_ints(&discards)?,
    ))
}

/// Final-strength histogram (index = strength) of one draw, every replacement counted once,
/// and how many of the final hands improve on the hand before the draw.
#[pyfunction]
fn draw_histogram<'py>(
    py: Python<'py>,
    hand: Vec<i64>,
    discard_mask: u8,
    dead: Vec<i64>,
    ranking: &str,
    joker: bool,
) -> PyResult<(Bound<'py, PyArray1<u64>>, u64)> {
    super::import_numpy(py)?;
    let ranking = check(Ranking::from_name(ranking))?;
    let (hand, dead) = (cards_from_ints(&hand)?, cards_from_ints(&dead)?);
    let draw = check(outcomes::Draw::new(
        ranking,
        &hand,
        discard_mask,
        &dead,
        joker,
    ))?;
    let (histogram, improved) = py.detach(|| {
        let histogram = outcomes::strength_histogram(ranking, &draw);
        let before = score::Scorer::of(ranking).score(&hand);
        let improved = score::improved_count(ranking, before, &histogram);
        (histogram, improved)
    });
    Ok((histogram.into_pyarray(py), improved))
}

/// Hands of the whole deck per strength (index = strength).
#[pyfunction]
fn deck_histogram<'py>(
    py: Python<'py>,
    ranking: &str,
    joker: bool,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    super::import_numpy(py)?;
    let ranking = check(Ranking::from_name(ranking))?;
    let histogram = check(py.detach(|| outcomes::deck_histogram(ranking, joker)))?;
    Ok(histogram.into_pyarray(py))
}

/// One discard choice as returned to Python.
type ChoiceRow<'py> = (
    u8,
    u64,
    Vec<u64>,
    u64,
    f64,
    Option<Bound<'py, PyArray1<u64>>>,
);

/// Every discard choice the limit allows, best first by the expectation of `values`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn draw_choices<'py>(
    py: Python<'py>,
    hand: Vec<i64>,
    dead: Vec<i64>,
    ranking: &str,
    joker: bool,
    limit: &str,
    values: PyReadonlyArray1<'py, f64>,
    histograms: bool,
) -> PyResult<Vec<ChoiceRow<'py>>> {
    let ranking = check(Ranking::from_name(ranking))?;
    let limit = check(DrawLimit::from_name(limit))?;
    let (hand, dead) = (cards_from_ints(&hand)?, cards_from_ints(&dead)?);
    let values = values.as_array().to_vec();
    let result = py
        .detach(|| choices::all_choices(ranking, &hand, &dead, joker, limit, &values, histograms));
    Ok(check(result)?
        .into_iter()
        .map(|c| {
            let histogram = histograms.then(|| c.histogram.into_pyarray(py));
            (
                c.discard_mask,
                c.total,
                c.categories,
                c.improved,
                c.value,
                histogram,
            )
        })
        .collect())
}

/// Category counts `[N, categories]` of the draws of `hands[N, size]` with `masks[N]`; a batch
/// of many rows stops on Ctrl-C.
#[pyfunction]
fn draw_category_counts_batch<'py>(
    py: Python<'py>,
    hands: PyReadonlyArray2<'py, u8>,
    masks: PyReadonlyArray1<'py, u8>,
    ranking: &str,
    joker: bool,
) -> PyResult<Bound<'py, PyArray2<u64>>> {
    let ranking = check(Ranking::from_name(ranking))?;
    let (rows, _, flat) = rows_of(&hands);
    if masks.len() != rows {
        return Err(to_py(Error::InvalidArgument(format!(
            "{rows} hands need {rows} discard masks, got {}",
            masks.len()
        ))));
    }
    let masks = masks.as_array().to_vec();
    let width = crate::draw::score::category_count(ranking);
    // A row takes up to 60 us (a five-card draw).
    let counts = detach_stoppable(py, rows >= 256, |stop| {
        let mut out = vec![0u64; rows * width];
        batch::category_counts_batch(ranking, &flat, &masks, joker, stop, &mut out).map(|()| out)
    })?;
    let counts = counts.into_pyarray(py);
    counts.reshape([rows, width])
}

/// Cards as Python ints (a `Vec<u8>` would become `bytes`).
fn card_ints(cards: &[Card]) -> Vec<i64> {
    cards.iter().map(|&c| i64::from(c)).collect()
}

/// The rules-of-thumb discards of a hand and, when it has nothing but an ace high, the
/// ace-only four-card draw.
#[pyfunction]
fn tip_discards(cards: Vec<i64>, ranking: &str) -> PyResult<(Vec<i64>, Option<Vec<i64>>)> {
    let ranking = check(Ranking::from_name(ranking))?;
    let tip = check(tip::tip(&cards_from_ints(&cards)?, ranking))?;
    Ok((
        card_ints(&tip.discards),
        tip.ace_draw.as_deref().map(card_ints),
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(draw_limits, m)?)?;
    m.add_function(wrap_pyfunction!(discard_mask_of, m)?)?;
    m.add_function(wrap_pyfunction!(tip_discards, m)?)?;
    m.add_function(wrap_pyfunction!(draw_histogram, m)?)?;
    m.add_function(wrap_pyfunction!(deck_histogram, m)?)?;
    m.add_function(wrap_pyfunction!(draw_choices, m)?)?;
    m.add_function(wrap_pyfunction!(draw_category_counts_batch, m)?)?;
    register_holds(m)
}

/// Deals and their weights as NumPy arrays.
type DealArrays<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<u32>>);

/// The suit-canonical deals `uint8[134459, 5]` and their weights `uint32[134459]`.
#[pyfunction]
fn canonical_deals<'py>(py: Python<'py>) -> PyResult<DealArrays<'py>> {
    super::import_numpy(py)?;
    let deals = py.detach(holds::canonical_deals);
    let flat: Vec<u8> = deals.hands.iter().flatten().copied().collect();
    let hands = flat.into_pyarray(py).reshape([deals.hands.len(), 5])?;
    Ok((hands, deals.weights.clone().into_pyarray(py)))
}

fn class_map(class_of: &PyReadonlyArray1<'_, u8>) -> Vec<u8> {
    class_of.as_array().to_vec()
}

/// Counts `uint32[deals, 32, classes]` of every canonical deal and discard mask (stops on
/// Ctrl-C).
#[pyfunction]
fn hold_table<'py>(
    py: Python<'py>,
    class_of: PyReadonlyArray1<'py, u8>,
    classes: usize,
) -> PyResult<Bound<'py, PyArray3<u32>>> {
    let class_of = class_map(&class_of);
    let table = detach_stoppable(py, true, |stop| holds::hold_table(&class_of, classes, stop))?;
    let deals = table.len() / (32 * classes);
    table.into_pyarray(py).reshape([deals, 32, classes])
}

/// Expected payout `float64[deals, 32]` of every canonical deal and discard mask (stops on
/// Ctrl-C).
#[pyfunction]
fn hold_values<'py>(
    py: Python<'py>,
    class_of: PyReadonlyArray1<'py, u8>,
    pays: PyReadonlyArray1<'py, f64>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let class_of = class_map(&class_of);
    let pays = pays.as_array().to_vec();
    let values = detach_stoppable(py, true, |stop| holds::hold_values(&class_of, &pays, stop))?;
    let deals = values.len() / 32;
    values.into_pyarray(py).reshape([deals, 32])
}

fn register_holds(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(canonical_deals, m)?)?;
    m.add_function(wrap_pyfunction!(hold_table, m)?)?;
    m.add_function(wrap_pyfunction!(hold_values, m)?)?;
    m.add_function(wrap_pyfunction!(draw_equity, m)?)?;
    Ok(())
}

/// Equity figures as returned to Python: shares, wins, ties, outcomes, exact, standard errors.
type EquityRow = (Vec<f64>, Vec<f64>, Vec<f64>, u64, bool, Vec<f64>);

/// Equity after one draw of players given as (kept cards, cards drawn); a long call stops on
/// Ctrl-C.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn draw_equity(
    py: Python<'_>,
    players: Vec<(Vec<i64>, usize)>,
    dead: Vec<i64>,
    ranking: &str,
    joker: bool,
    budget: u64,
    samples: u64,
    seed: u64,
) -> PyResult<EquityRow> {
    let ranking = check(Ranking::from_name(ranking))?;
    let players = players
        .into_iter()
        .map(|(kept, draws)| {
            Ok(equity::Player {
                kept: cards_from_ints(&kept)?,
                draws,
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let dead = cards_from_ints(&dead)?;
    let plan = check(equity::Plan::new(
        ranking, &players, &dead, joker, budget, samples, seed,
    ))?;
    let long = u128::from(plan.work()) >= LONG_WORK;
    let e = detach_stoppable(py, long, |stop| plan.run(stop))?;
    Ok((e.shares, e.wins, e.ties, e.outcomes, e.exact, e.std_errors))
}
