//! `SeatView`: what one seat may know of a hand, copied out of the engine state when the view is
//! made (plain Rust data, no path back to the hand) and turned into Python objects only when a
//! field is read. A CPU player reads a few fields of a view made at every decision.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::card::Card;
use crate::engine::action::LegalActions;
use crate::engine::event::{Event, EventKind};
use crate::engine::state::HandState as State;

/// One seat's view of a hand (made by `HandState.view`); every getter returns a fresh tuple.
#[pyclass(frozen, module = "drawpoker._core")]
pub struct SeatView {
    #[pyo3(get)]
    seat: usize,
    #[pyo3(get)]
    seats: usize,
    #[pyo3(get)]
    button: usize,
    #[pyo3(get)]
    street: usize,
    phase: &'static str,
    #[pyo3(get)]
    actor: Option<usize>,
    #[pyo3(get)]
    dead: u64,
    #[pyo3(get)]
    current_bet: u64,
    cards: Vec<Card>,
    card_counts: Vec<usize>,
    stacks: Vec<u64>,
    bets: Vec<u64>,
    committed: Vec<u64>,
    live: Vec<bool>,
    drawn: Vec<i32>,
    revealed: Vec<(usize, Vec<Card>)>,
    legal: Option<LegalActions>,
    board: Vec<Card>,
    up_cards: Vec<Vec<Card>>,
    events: Vec<Event>,
}

impl SeatView {
    /// The view of `seat` (a seat of `state`), with `legal` the actions when it is its turn.
    pub fn new(state: &State, seat: usize, legal: Option<LegalActions>) -> SeatView {
        SeatView {
            seat,
            seats: state.seats,
            button: state.button,
            street: state.street,
            phase: state.phase.name(),
            actor: state.actor,
            dead: state.dead,
            current_bet: state.current_bet,
            cards: state.cards[seat].clone(),
            card_counts: state.cards.iter().map(Vec::len).collect(),
            stacks: state.stacks.clone(),
            bets: state.bets.clone(),
            committed: state.committed.clone(),
            live: state.live.clone(),
            drawn: state.drawn.clone(),
            revealed: state.revealed.clone(),
            legal,
            board: state.board.clone(),
            up_cards: (0..state.seats).map(|s| state.up_cards(s)).collect(),
            events: state
                .events
                .iter()
                .filter(|e| e.to.is_none() || e.to == Some(seat))
                .cloned()
                .collect(),
        }
    }
}

/// An event as `(kind, seat, to, amount, cards)`.
pub type EventTuple<'py> = (
    &'static str,
    Option<usize>,
    Option<usize>,
    u64,
    Bound<'py, PyTuple>,
);

/// `event` as an [`EventTuple`].
pub fn event_tuple<'py>(py: Python<'py>, event: &Event) -> PyResult<EventTuple<'py>> {
    Ok((
        EventKind::name(event.kind),
        event.seat,
        event.to,
        event.amount,
        PyTuple::new(py, &event.cards)?,
    ))
}

/// `legal` as `(seat, kinds, call, min_to, max_to, step, max_discards, presets)`.
pub fn legal_tuple<'py>(py: Python<'py>, legal: &LegalActions) -> PyResult<Bound<'py, PyTuple>> {
    (
        legal.seat,
        PyTuple::new(py, legal.kinds)?,
        legal.call,
        legal.min_to,
        legal.max_to,
        legal.step,
        legal.max_discards,
        PyTuple::new(py, &legal.presets)?,
    )
        .into_pyobject(py)
}

#[pymethods]
impl SeatView {
    #[getter]
    fn phase(&self) -> &'static str {
        self.phase
    }
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.cards)
    }
    #[getter]
    fn card_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.card_counts)
    }
    #[getter]
    fn stacks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.stacks)
    }
    #[getter]
    fn bets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.bets)
    }
    #[getter]
    fn committed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.committed)
    }
    #[getter]
    fn live<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.live)
    }
    #[getter]
    fn drawn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.drawn)
    }
    /// Hands shown so far, by seat.
    #[getter]
    fn revealed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let revealed = PyDict::new(py);
        for (shown, cards) in &self.revealed {
            revealed.set_item(shown, PyTuple::new(py, cards)?)?;
        }
        Ok(revealed)
    }
    /// The legal actions as a tuple on the seat's turn, else None.
    #[getter]
    fn legal<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.legal.as_ref().map(|l| legal_tuple(py, l)).transpose()
    }
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.board)
    }
    /// Every seat's face-up cards, by seat.
    #[getter]
    fn up_cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rows = self
            .up_cards
            .iter()
            .map(|row| PyTuple::new(py, row))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, rows)
    }
    /// The events the seat may see, as `(kind, seat, to, amount, cards)` tuples.
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Vec<EventTuple<'py>>> {
        self.events.iter().map(|e| event_tuple(py, e)).collect()
    }
}
