//! Card text and card lists coming from Python.

use super::errors::check;
use crate::card::{self, Card};
use crate::error::Error;
use pyo3::prelude::*;

/// Converts Python ints to cards, refusing anything outside 0..=52 with the value named.
pub fn cards_from_ints(values: &[i64]) -> PyResult<Vec<Card>> {
    values
        .iter()
        .map(|&value| {
            card::card_of(value)
                .ok_or_else(|| super::errors::to_py(Error::CardOutOfRange { value, row: None }))
        })
        .collect()
}

/// Parses card text such as `"AsKd"` or `"As Kd 10h Jk"` into card integers.
#[pyfunction]
fn parse_cards(text: &str) -> PyResult<Vec<u32>> {
    // Widened so that PyO3 returns a list of ints (a Vec<u8> would become bytes).
    Ok(check(card::parse_cards(text))?
        .into_iter()
        .map(u32::from)
        .collect())
}

/// Text form of card integers: `[51, 0]` -> `["As", "2c"]` (`["A\u{2660}", "2\u{2663}"]` with
/// `symbols`).
#[pyfunction]
#[pyo3(signature = (cards, symbols=false))]
fn format_cards(cards: Vec<i64>, symbols: bool) -> PyResult<Vec<String>> {
    Ok(cards_from_ints(&cards)?
        .into_iter()
        .map(|c| card::format_card_as(c, symbols))
        .collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(format_cards, m)?)?;
    Ok(())
}
