//! Hand evaluation entry points: scalar, NumPy batch, histograms.

use super::cards::cards_from_ints;
use super::errors::check;
use super::stop::detach_stoppable;
use crate::card::Card;
use crate::eval::{ace_five, badugi, deuce_seven, high, joker, Ranking};
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use std::borrow::Cow;

/// A batch as rows of cards: its shape and its cards in row-major order (borrowed when the
/// array is C-contiguous, copied otherwise).
pub fn rows_of<'a>(cards: &'a PyReadonlyArray2<'_, u8>) -> (usize, usize, Cow<'a, [Card]>) {
    let shape = cards.shape();
    let flat = match cards.as_slice() {
        Ok(slice) => Cow::Borrowed(slice),
        Err(_) => Cow::Owned(cards.as_array().iter().copied().collect()),
    };
    (shape[0], shape[1], flat)
}

/// Strength of one hand under a ranking (bigger wins).
#[pyfunction]
fn evaluate(cards: Vec<i64>, ranking: &str) -> PyResult<u16> {
    let ranking = check(Ranking::from_name(ranking))?;
    check(ranking.evaluate(&cards_from_ints(&cards)?))
}

/// Strengths of every row of a C-contiguous `uint8[N, k]` array, the GIL released.
#[pyfunction]
fn evaluate_batch<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
    ranking: &str,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let ranking = check(Ranking::from_name(ranking))?;
    let (rows, width, flat) = rows_of(&cards);
    let strengths = py.detach(|| {
        let mut out = vec![0u16; rows];
        ranking.evaluate_batch(&flat, width, &mut out).map(|()| out)
    });
    Ok(check(strengths)?.into_pyarray(py))
}

/// Eight-or-better lows (ace-to-five strength, 0 when none) of every row of a C-contiguous
/// `uint8[N, k]` array (k = 5, 6 or 7), the GIL released.
#[pyfunction]
fn evaluate_low8_batch<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let (rows, width, flat) = rows_of(&cards);
    let lows = py.detach(|| {
        let mut out = vec![0u16; rows];
        ace_five::evaluate_low8_batch(&flat, width, &mut out).map(|()| out)
    });
    Ok(check(lows)?.into_pyarray(py))
}

/// +1 / 0 / -1 per row as hand `a` beats, ties or loses to hand `b` (high ranking).
#[pyfunction]
fn compare_batch<'py>(
    py: Python<'py>,
    a: PyReadonlyArray2<'py, u8>,
    b: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let (rows_a, width_a, flat_a) = rows_of(&a);
    let (rows_b, width_b, flat_b) = rows_of(&b);
    if (rows_a, width_a) != (rows_b, width_b) {
        return Err(super::errors::to_py(crate::error::Error::InvalidArgument(
            format!(
            "the two batches have different shapes ({rows_a}, {width_a}) and ({rows_b}, {width_b})"
        ),
        )));
    }
    let result = py.detach(|| {
        let mut out = vec![0i8; rows_a];
        high::compare_batch(&flat_a, &flat_b, width_a, &mut out).map(|()| out)
    });
    Ok(check(result)?.into_pyarray(py))
}

/// Number of hands of `n_cards` reaching each strength (index = strength): `"walk"` evaluates
/// every hand (and stops on Ctrl-C), `"patterns"` counts rank patterns with their suit
/// assignments.
#[pyfunction]
fn strength_histogram<'py>(
    py: Python<'py>,
    n_cards: usize,
    method: &str,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    super::import_numpy(py)?;
    let histogram = match method {
        "walk" => detach_stoppable(py, true, |stop| high::strength_histogram(n_cards, stop)),
        "patterns" => check(py.detach(|| high::pattern_histogram(n_cards))),
        other => Err(super::errors::to_py(crate::error::Error::InvalidArgument(
            format!("unknown method {other:?} (known: walk, patterns)"),
        ))),
    }?;
    Ok(histogram.into_pyarray(py))
}

/// The category number of a strength under a ranking.
#[pyfunction]
fn category(strength: u16, ranking: &str) -> PyResult<u8> {
    let ranking = check(Ranking::from_name(ranking))?;
    check(ranking.category_number(strength))
}

/// A person's description of a strength under a ranking.
#[pyfunction]
fn describe(strength: u16, ranking: &str) -> PyResult<String> {
    let ranking = check(Ranking::from_name(ranking))?;
    check(ranking.describe(strength))
}

/// Builds every lookup table now (otherwise built on first use); returns their size in bytes.
#[pyfunction]
fn warm_up(py: Python<'_>) -> usize {
    py.detach(|| {
        deuce_seven::tables();
        high::tables().size_in_bytes()
            + joker::tables().size_in_bytes()
            + ace_five::tables().size_in_bytes()
            + badugi::tables().size_in_bytes()
    })
}

/// The weakest ace-to-five strength that is an eight-or-better low.
#[pyfunction]
fn ace_five_low8_min() -> u16 {
    ace_five::LOW8_MIN
}

/// Every ranking system: `(name, hand sizes, joker allowed, highest strength)`.
#[pyfunction]
fn rankings() -> Vec<(&'static str, Vec<usize>, bool, u16)> {
    Ranking::ALL
        .iter()
        .map(|&(r, name)| {
            (
                name,
                r.hand_sizes().to_vec(),
                r.allows_joker(),
                r.max_strength(),
            )
        })
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_low8_batch, m)?)?;
    m.add_function(wrap_pyfunction!(compare_batch, m)?)?;
    m.add_function(wrap_pyfunction!(strength_histogram, m)?)?;
    m.add_function(wrap_pyfunction!(category, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    m.add_function(wrap_pyfunction!(warm_up, m)?)?;
    m.add_function(wrap_pyfunction!(rankings, m)?)?;
    m.add_function(wrap_pyfunction!(ace_five_low8_min, m)?)?;
    Ok(())
}
