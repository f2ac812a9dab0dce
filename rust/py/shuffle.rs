//! The deal's bytes (`rust/engine/deal.rs`), for auditors and tests.

use crate::engine::deal;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// The 41-byte SHAKE-256 message of one shuffle of a hand.
#[pyfunction]
fn deal_message(
    py: Python<'_>,
    seed: u64,
    number: u64,
    deal: u32,
    shuffle: u32,
) -> Bound<'_, PyBytes> {
    PyBytes::new(py, &deal::shuffle_message(seed, number, deal, shuffle))
}

/// `cards` in the order of the shuffle named by (seed, hand number, deal number, shuffle).
#[pyfunction]
fn deal_order(cards: Vec<u8>, seed: u64, number: u64, deal: u32, shuffle: u32) -> Vec<u32> {
    deal::shuffled(&cards, seed, number, deal, shuffle)
        .into_iter()
        .map(u32::from)
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(deal_message, m)?)?;
    m.add_function(wrap_pyfunction!(deal_order, m)?)?;
    Ok(())
}
