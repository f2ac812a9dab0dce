//! The batch engine for Python (`drawpoker.rl.BatchGame` wraps it): N hands stepped from NumPy
//! arrays, the work done with the GIL released.

use std::collections::HashMap;
use std::sync::Arc;

use super::cards::cards_from_ints;
use super::engine::{HandState, Rules};
use super::errors::{check, to_py};
use crate::engine::action::{Action, ActionKind};
use crate::engine::batch::{
    ActionLayout, Batch, EventRole, ObservationLayout, PlayedHand, Position, Size,
};
use crate::engine::event::EventKind;
use crate::error::Error;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;

fn invalid(message: String) -> PyErr {
    to_py(Error::InvalidArgument(message))
}

fn event_kinds(names: &[String]) -> PyResult<Vec<EventKind>> {
    names
        .iter()
        .map(|name| {
            EventKind::from_name(name)
                .ok_or_else(|| invalid(format!("{name:?} is not an event kind")))
        })
        .collect()
}

/// The observation layout from its segments' starts (`ObservationLayout.segments`).
#[allow(clippy::too_many_arguments)]
fn observation_layout(
    starts: &HashMap<String, usize>,
    size: usize,
    cards: usize,
    compact: bool,
    unit: u64,
    history: usize,
    history_kinds: Vec<EventKind>,
    dealing_kinds: Vec<EventKind>,
) -> PyResult<ObservationLayout> {
    let at = |name: &str| {
        starts
            .get(name)
            .copied()
            .ok_or_else(|| invalid(format!("the observation layout has no segment {name:?}")))
    };
    if unit == 0 {
        return Err(invalid("the chip unit must be at least 1".into()));
    }
    Ok(ObservationLayout {
        size,
        cards,
        compact,
        unit,
        history,
        history_kinds: history_kinds.len(),
        event_roles: EventRole::table(&history_kinds, &dealing_kinds),
        own_cards: at("own_cards")?,
        board: at("board")?,
        up_cards: at("up_cards")?,
        shown: at("shown")?,
        discarded: at("discarded")?,
        stacks: at("stacks")?,
        bets: at("bets")?,
        committed: at("committed")?,
        pot: at("pot")?,
        current_bet: at("current_bet")?,
        to_call: at("to_call")?,
        live: at("live")?,
        card_counts: at("card_counts")?,
        drawn: at("drawn")?,
        has_drawn: at("has_drawn")?,
        button: at("button")?,
        actor: at("actor")?,
        my_turn: at("my_turn")?,
        street: at("street")?,
        phase: at("phase")?,
        history_start: at("history")?,
    })
}

/// The action indices of `actions`, a NumPy `int64` or `int32` array of shape `(n,)` (the index
/// types of NumPy on 64-bit systems and of most learning libraries); anything else is refused.
fn action_indices(actions: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    if let Some(indices) = indices_of::<i64>(actions, n)? {
        return Ok(indices);
    }
    if let Some(indices) = indices_of::<i32>(actions, n)? {
        return Ok(indices);
    }
    Err(invalid(format!(
        "actions must be a NumPy int64 or int32 array of shape ({n},) (np.asarray(actions, \
         dtype=np.int64)), not {}",
        what_was_passed(actions)
    )))
}

/// What a caller passed, for a refusal: a NumPy array's dtype, shape and the flags that keep
/// it from being written in place, or the type of anything else ("a list", "an int").
fn what_was_passed(object: &Bound<'_, PyAny>) -> String {
    let (Ok(dtype), Ok(shape)) = (object.getattr("dtype"), object.getattr("shape")) else {
        let name = object
            .get_type()
            .name()
            .map_or_else(|_| "?".into(), |n| n.to_string());
        let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        return format!("{article} {name}");
    };
    let flag = |name: &str| {
        let flags = object.getattr("flags").ok()?;
        flags.getattr(name).ok()?.extract::<bool>().ok()
    };
    let mut text = format!("an array of dtype {dtype} and shape {shape}");
    if flag("writeable") == Some(false) {
        text.push_str(", read-only");
    }
    if flag("c_contiguous") == Some(false) {
        text.push_str(", not C-contiguous");
    }
    text
}

/// The numbers of `actions` when it is a NumPy array of `T` of shape `(n,)`, else `None`.
fn indices_of<T: numpy::Element + Copy + Into<i64>>(
    actions: &Bound<'_, PyAny>,
    n: usize,
) -> PyResult<Option<Vec<i64>>> {
    let Ok(array) = actions.cast::<PyArray1<T>>() else {
        return Ok(None);
    };
    if array.len() != n {
        return Ok(None);
    }
    let view = (array.try_readonly()).map_err(|e| invalid(format!("actions: {e}")))?;
    Ok(Some(view.as_array().iter().map(|&i| i.into()).collect()))
}

/// What `step` returns: each seat's reward in each hand, and which hands ended.
type StepArrays<'py> = (Bound<'py, PyArray2<f64>>, Bound<'py, PyArray1<bool>>);

/// N independent hands of one game (see `rust/engine/batch.rs`).
/// The refusal of a call on a batch another thread is stepping or reading (the GIL released):
/// PyO3's borrow check would say only "Already borrowed".
fn busy() -> PyErr {
    invalid(
        "this BatchGame is in use by another thread (stepping or reading it): a batch serves \
         one thread at a time; give each thread a BatchGame of its own"
            .to_string(),
    )
}

#[pyclass(module = "drawpoker._core")]
pub struct BatchHands {
    batch: Batch,
}

#[pymethods]
impl BatchHands {
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        rules: &Rules,
        batch: i64,
        seats: usize,
        stack: u64,
        seed: u64,
        sizes: Vec<String>,
        discard_slots: usize,
        starts: HashMap<String, usize>,
        size: usize,
        cards: usize,
        compact: bool,
        unit: u64,
        history: usize,
        history_kinds: Vec<String>,
        dealing_kinds: Vec<String>,
    ) -> PyResult<Self> {
        let batch = usize::try_from(batch).map_err(|_| {
            invalid(format!(
                "batch must be a positive number of hands, not {batch}"
            ))
        })?;
        let actions = check(ActionLayout::new(
            sizes.iter().map(|name| Size::from_name(name)).collect(),
            discard_slots,
        ))?;
        let observation = observation_layout(
            &starts,
            size,
            cards,
            compact,
            unit,
            history,
            event_kinds(&history_kinds)?,
            event_kinds(&dealing_kinds)?,
        )?;
        let spec = std::sync::Arc::clone(&rules.spec);
        Ok(BatchHands {
            batch: check(Batch::new(
                spec,
                batch,
                seats,
                stack,
                seed,
                actions,
                observation,
            ))?,
        })
    }

    /// The action masks, `bool[N, A]`.
    fn legal<'py>(slf: &Bound<'py, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        super::import_numpy(py)?;
        let out = PyArray2::<bool>::zeros(py, [this.batch.len(), this.batch.actions.count], false);
        // SAFETY: the array was just made here and nothing else holds it.
        let slice = unsafe { out.as_slice_mut() }.map_err(|e| invalid(e.to_string()))?;
        this.batch.legal_into(slice);
        Ok(out)
    }

    /// Each hand's observation for its seat to act, `float32[N, size]`: a new array, or written
    /// over `out` (a writeable C-contiguous `float32[N, size]` array, which is returned) when
    /// given. Anything else is refused before a number is written.
    #[pyo3(signature = (out=None))]
    fn observe<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        super::import_numpy(py)?;
        let shape = [this.batch.len(), this.batch.observation.size];
        let batch = &this.batch;
        let Some(given) = out else {
            // SAFETY: every number is written by `observe_into` before the array is returned.
            let out = unsafe { PyArray2::<f32>::new(py, shape, false) };
            // SAFETY: the array was just made here and nothing else holds it.
            let slice = unsafe { out.as_slice_mut() }.map_err(|e| invalid(e.to_string()))?;
            py.detach(|| batch.observe_into(slice));
            return Ok(out);
        };
        let refused = || {
            invalid(format!(
                "out must be a writeable C-contiguous NumPy float32 array of shape ({}, {}), not \
                 {}",
                shape[0],
                shape[1],
                what_was_passed(given)
            ))
        };
        let array = given.cast::<PyArray2<f32>>().map_err(|_| refused())?;
        if array.shape() != shape || !array.is_c_contiguous() {
            return Err(refused());
        }
        let mut view = array.try_readwrite().map_err(|_| refused())?;
        let slice = view.as_slice_mut().map_err(|_| refused())?;
        py.detach(|| batch.observe_into(slice));
        drop(view);
        Ok(array.clone())
    }

    /// One uniformly random legal index for each hand, `int64[N]`, a pure function of `seed`,
    /// the slot and its mask (`Batch::sample_legal_into`).
    fn sample_legal<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
        seed: u64,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        super::import_numpy(py)?;
        let out = PyArray1::<i64>::zeros(py, [this.batch.len()], false);
        // SAFETY: the array was just made here and nothing else holds it.
        let slice = unsafe { out.as_slice_mut() }.map_err(|e| invalid(e.to_string()))?;
        this.batch.sample_legal_into(seed, slice);
        Ok(out)
    }

    /// The seat to act in each hand, `int64[N]`.
    fn actors<'py>(slf: &Bound<'py, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        super::import_numpy(py)?;
        let actors: Vec<i64> = this.batch.actors().map(|s| s as i64).collect();
        Ok(PyArray1::from_vec(py, actors))
    }

    /// Each hand's number (hand `k` of the seed), `uint64[N]`.
    fn numbers<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyArray1<u64>>> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        super::import_numpy(py)?;
        let numbers: Vec<u64> = (0..this.batch.len())
            .map(|slot| this.batch.number(slot))
            .collect();
        Ok(PyArray1::from_vec(py, numbers))
    }

    /// Applies one action index to each hand (`int64[N]` or `int32[N]`); returns each seat's
    /// reward in each hand (`float64[N, seats]`, nonzero only where a hand ended) and which
    /// hands ended (`bool[N]`). A refused action changes nothing.
    fn step<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<StepArrays<'py>> {
        let mut this = slf.try_borrow_mut().map_err(|_| busy())?;
        super::import_numpy(py)?;
        let n = this.batch.len();
        let actions = action_indices(actions, n)?;
        let rewards = PyArray2::<f64>::zeros(py, [n, this.batch.seats()], false);
        let done = PyArray1::<bool>::zeros(py, [n], false);
        // SAFETY: both arrays were just made here and nothing else holds them.
        let (reward_slice, done_slice) = unsafe { (rewards.as_slice_mut(), done.as_slice_mut()) };
        let (reward_slice, done_slice) = (
            reward_slice.map_err(|e| invalid(e.to_string()))?,
            done_slice.map_err(|e| invalid(e.to_string()))?,
        );
        let batch = &mut this.batch;
        check(py.detach(|| batch.step(&actions, reward_slice, done_slice)))?;
        Ok((rewards, done))
    }

    /// A copy of the hand in slot `slot`.
    fn hand(slf: &Bound<'_, Self>, slot: usize) -> PyResult<HandState> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        this.check_slot(slot)?;
        Ok(HandState {
            state: Arc::new(this.batch.hand(slot)),
        })
    }

    /// A copy of the last hand slot `slot` finished, or None.
    fn finished(slf: &Bound<'_, Self>, slot: usize) -> PyResult<Option<HandState>> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        this.check_slot(slot)?;
        Ok(this.batch.finished(slot).map(|state| HandState {
            state: Arc::new(state),
        }))
    }

    /// An independent copy of the batch: its hands, their seeds and positions (stepping one
    /// leaves the other as it was).
    fn copy(slf: &Bound<'_, Self>) -> PyResult<BatchHands> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        Ok(BatchHands {
            batch: this.batch.clone(),
        })
    }

    /// Where the batch stands, in numbers and names (what a pickle keeps): the next hand's
    /// number, then each slot's hand and the last hand it finished, each as its number and its
    /// actions `(kind, amount, cards)` (number 0 and no action: none finished yet).
    fn position(slf: &Bound<'_, Self>) -> PyResult<PositionTuple> {
        let this = slf.try_borrow().map_err(|_| busy())?;
        let position = this.batch.position();
        let played = |hands: &[PlayedHand]| -> Vec<PlayedTuple> {
            (hands.iter())
                .map(|(number, actions)| {
                    let actions = (actions.iter())
                        .map(|a| (a.kind.name().to_string(), a.amount, a.cards.clone()))
                        .collect();
                    (*number, actions)
                })
                .collect()
        };
        Ok((
            position.next,
            played(&position.hands),
            played(&position.finished),
        ))
    }

    /// Puts the batch at a position [`position`] gave for a batch of the same game, size, seed
    /// and options; anything else is refused, and the batch is left as it was.
    fn restore(
        slf: &Bound<'_, Self>,
        next: u64,
        hands: Vec<PlayedTuple>,
        finished: Vec<PlayedTuple>,
    ) -> PyResult<()> {
        let mut this = slf.try_borrow_mut().map_err(|_| busy())?;
        let position = Position {
            next,
            hands: played_hands(hands)?,
            finished: played_hands(finished)?,
        };
        check(this.batch.restore(&position))
    }

    fn __len__(slf: &Bound<'_, Self>) -> PyResult<usize> {
        Ok(slf.try_borrow().map_err(|_| busy())?.batch.len())
    }
}

/// An action as a position names it: its kind's name, its amount, its cards.
type ActionTuple = (String, u64, Vec<u8>);
/// A hand as a position names it: its number and its actions.
type PlayedTuple = (u64, Vec<ActionTuple>);
/// A position: the next hand's number, each slot's hand, each slot's last finished hand.
type PositionTuple = (u64, Vec<PlayedTuple>, Vec<PlayedTuple>);

/// The hands of a position named in tuples, their action kinds and cards checked by name and
/// number (the rules check the rest as the hands are played again).
fn played_hands(hands: Vec<PlayedTuple>) -> PyResult<Vec<PlayedHand>> {
    hands
        .into_iter()
        .map(|(number, actions)| {
            let actions = (actions.into_iter())
                .map(|(kind, amount, cards)| {
                    let kind = (ActionKind::ALL.iter())
                        .find(|(_, name)| *name == kind)
                        .map(|(kind, _)| *kind)
                        .ok_or_else(|| invalid(format!("{kind:?} is not an action kind")))?;
                    let ints: Vec<i64> = cards.iter().map(|&c| i64::from(c)).collect();
                    let cards = cards_from_ints(&ints)?;
                    Ok(Action {
                        kind,
                        amount,
                        cards,
                    })
                })
                .collect::<PyResult<Vec<Action>>>()?;
            Ok((number, actions))
        })
        .collect()
}

impl BatchHands {
    fn check_slot(&self, slot: usize) -> PyResult<()> {
        if slot < self.batch.len() {
            return Ok(());
        }
        Err(invalid(format!(
            "hand {slot} is not a hand of the batch of {}",
            self.batch.len()
        )))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<BatchHands>()?;
    m.add("MAX_BATCH", crate::engine::batch::MAX_BATCH)?;
    m.add("PARALLEL_MIN", crate::engine::batch::PARALLEL_MIN)?;
    Ok(())
}
