//! Hand histories: a hand's PHH actions (`crate::history`).

use pyo3::prelude::*;

use super::engine::HandState;
use super::errors::check;

/// The PHH actions of a hand, and the seats of `p1`, `p2`, ... (the house's copy, or with
/// `viewer` that seat's own).
#[pyfunction]
#[pyo3(signature = (hand, viewer = None))]
fn phh_actions(
    hand: PyRef<'_, HandState>,
    viewer: Option<usize>,
) -> PyResult<(Vec<usize>, Vec<String>)> {
    check(crate::history::actions(&hand.state.events, viewer))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(phh_actions, m)?)?;
    Ok(())
}
