//! The ordering step of the table engine's seeded shuffles.

use super::errors::check;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// `items` in the stable order of the little-endian `u32` keys in `keys` (four bytes per item).
#[pyfunction]
fn sort_by_keys(items: Vec<i64>, keys: &Bound<'_, PyBytes>) -> PyResult<Vec<i64>> {
    check(crate::shuffle::sort_by_keys(&items, keys.as_bytes()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sort_by_keys, m)?)?;
    Ok(())
}
