//! Hand histories: a hand's PHH actions (`crate::history`) and its stacks in PHH order.

use pyo3::prelude::*;

use super::engine::HandState;
use super::errors::check;

type PhhHand = (
    Vec<usize>,
    Vec<String>,
    Vec<u64>,
    Vec<u64>,
    Option<Vec<u64>>,
);

/// A hand as a PHH history writes it: the seats of `p1`, `p2`, ..., the actions (the house's
/// copy, or with `viewer` that seat's own), and in that order the starting and finishing stacks
/// and, once the hand is over (no seat to act), the winnings.
#[pyfunction]
#[pyo3(signature = (hand, viewer = None))]
fn phh_hand(hand: PyRef<'_, HandState>, viewer: Option<usize>) -> PyResult<PhhHand> {
    let state = &hand.state;
    let (order, actions) = check(crate::history::actions(&state.events, viewer))?;
    let starting = order.iter().map(|&s| state.start_stacks[s]).collect();
    let finishing = order.iter().map(|&s| state.stacks[s]).collect();
    let winnings = state
        .actor
        .is_none()
        .then(|| order.iter().map(|&s| state.payouts[s]).collect());
    Ok((order, actions, starting, finishing, winnings))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(phh_hand, m)?)?;
    Ok(())
}
