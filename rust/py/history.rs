//! Hand histories: a hand's PHH actions and stacks, and PHH values written as TOML
//! (`crate::history`).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use super::engine::HandState;
use super::errors::{check, to_py};
use crate::error::Error;
use crate::history::toml::{fields, push_field, push_value, Value};

fn refuse(obj: &Bound<'_, PyAny>) -> PyErr {
    let shown = obj
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "a value".into());
    to_py(Error::InvalidArgument(format!(
        "cannot write {shown} in a hand history"
    )))
}

/// A Python value as TOML: bool, int, float, str, list or tuple, dict with str keys, or an
/// object with `isoformat` and `hour` but no `date` (a `datetime.time`, written to the second).
fn value_of(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if obj.is_instance_of::<PyBool>() {
        return Ok(Value::Bool(obj.extract()?));
    }
    if obj.is_instance_of::<PyInt>() {
        return obj.extract().map(Value::Int).map_err(|_| refuse(obj));
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(Value::Str(obj.extract()?));
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(Value::Float(obj.extract()?));
    }
    if let Ok(list) = obj.cast::<PyList>() {
        return list
            .iter()
            .map(|item| value_of(&item))
            .collect::<PyResult<_>>()
            .map(Value::List);
    }
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        return tuple
            .iter()
            .map(|item| value_of(&item))
            .collect::<PyResult<_>>()
            .map(Value::List);
    }
    if let Ok(dict) = obj.cast::<PyDict>() {
        let mut pairs = Vec::with_capacity(dict.len());
        for (key, item) in dict.iter() {
            let key: String = key.extract().map_err(|_| refuse(&key))?;
            pairs.push((key, value_of(&item)?));
        }
        return Ok(Value::Table(pairs));
    }
    if obj.hasattr("isoformat")? && obj.hasattr("hour")? && !obj.hasattr("date")? {
        let text = obj.call_method1("isoformat", ("seconds",))?;
        return Ok(Value::Raw(text.extract()?));
    }
    Err(refuse(obj))
}

fn items_of(items: Vec<(String, Bound<'_, PyAny>)>) -> PyResult<Vec<(String, Value)>> {
    items
        .into_iter()
        .map(|(key, obj)| Ok((key, value_of(&obj)?)))
        .collect()
}

/// `key = value` lines of the fields (in order).
#[pyfunction]
fn phh_format(items: Vec<(String, Bound<'_, PyAny>)>) -> PyResult<String> {
    check(fields(&items_of(items)?))
}

/// One value as TOML.
#[pyfunction]
fn phh_format_value(value: Bound<'_, PyAny>) -> PyResult<String> {
    let mut out = String::new();
    check(push_value(&mut out, &value_of(&value)?))?;
    Ok(out)
}

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

fn chips(seats: &[usize], by_seat: &[u64]) -> PyResult<Value> {
    seats
        .iter()
        .map(|&s| {
            i64::try_from(by_seat[s])
                .map(Value::Int)
                .map_err(|_| to_py(Error::InvalidArgument("a stack too large to write".into())))
        })
        .collect::<PyResult<_>>()
        .map(Value::List)
}

/// The fields of a hand's PHH document from `starting_stacks` on, as the house's copy (or with
/// `viewer` that seat's own) writes them, and the seats of `p1`, `p2`, ...: the starting stacks
/// and actions, the fields `middle` (in order), the seats and seat count, `table` (when given),
/// `names` by seat as `players` (when given), the finishing stacks and, once the hand is over,
/// the winnings. What `phh_hand` gives, written at once: no list of actions goes to Python and
/// back (`drawpoker.history.writer.hand_text`).
#[pyfunction]
#[pyo3(signature = (hand, viewer, middle, table, names))]
fn phh_hand_text(
    hand: PyRef<'_, HandState>,
    viewer: Option<usize>,
    middle: Vec<(String, Bound<'_, PyAny>)>,
    table: Option<Bound<'_, PyAny>>,
    names: Option<Vec<String>>,
) -> PyResult<(Vec<usize>, String)> {
    let state = &hand.state;
    let (order, actions) = check(crate::history::actions(&state.events, viewer))?;
    let mut out = String::with_capacity(64 * (actions.len() + 8));
    let mut field = |key: &str, value: &Value| check(push_field(&mut out, key, value));
    field("starting_stacks", &chips(&order, &state.start_stacks)?)?;
    field(
        "actions",
        &Value::List(actions.into_iter().map(Value::Str).collect()),
    )?;
    for (key, obj) in middle {
        field(&key, &value_of(&obj)?)?;
    }
    let seats = order.iter().map(|&s| Value::Int(s as i64 + 1)).collect();
    field("seats", &Value::List(seats))?;
    field("seat_count", &Value::Int(state.seats as i64))?;
    if let Some(table) = table {
        field("table", &value_of(&table)?)?;
    }
    if let Some(names) = names {
        let named = order
            .iter()
            .map(|&s| names.get(s).cloned().map(Value::Str))
            .collect::<Option<_>>()
            .ok_or_else(|| to_py(Error::InvalidArgument("a name for every seat".into())))?;
        field("players", &Value::List(named))?;
    }
    field("finishing_stacks", &chips(&order, &state.stacks)?)?;
    if state.actor.is_none() {
        field("winnings", &chips(&order, &state.payouts)?)?;
    }
    Ok((order, out))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(phh_format, m)?)?;
    m.add_function(wrap_pyfunction!(phh_format_value, m)?)?;
    m.add_function(wrap_pyfunction!(phh_hand, m)?)?;
    m.add_function(wrap_pyfunction!(phh_hand_text, m)?)?;
    Ok(())
}
