//! The table engine's seeded shuffle.

use pyo3::prelude::*;
use pyo3::types::PyList;

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
    m.add_function(wrap_pyfunction!(shuffle, m)?)?;
    Ok(())
}
