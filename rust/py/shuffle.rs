//! The table engine's seeded shuffles: the whole shuffle, and its ordering step alone.

use super::errors::check;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};

/// `items` in the stable order of the little-endian `u32` keys in `keys` (four bytes per item).
#[pyfunction]
fn sort_by_keys(items: Vec<i64>, keys: &Bound<'_, PyBytes>) -> PyResult<Vec<i64>> {
    check(crate::shuffle::sort_by_keys(&items, keys.as_bytes()))
}

/// A new list of `items` in the order of the seeded shuffle named by `message` (SHAKE-256 keys,
/// stable sort); the items themselves are moved, not converted.
#[pyfunction]
fn shuffle<'py>(items: &Bound<'py, PyList>, message: &[u8]) -> PyResult<Bound<'py, PyList>> {
    let order = crate::shuffle::shuffle_order(items.len(), message);
    let moved = order
        .into_iter()
        .map(|i| items.get_item(i))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(items.py(), moved)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sort_by_keys, m)?)?;
    m.add_function(wrap_pyfunction!(shuffle, m)?)?;
    Ok(())
}
