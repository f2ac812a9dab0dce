//! Omaha high and Hi/Lo entry points: scalar and NumPy batch, the GIL released.

use super::cards::cards_from_ints;
use super::errors::{check, to_py};
use super::eval::rows_of;
use crate::error::Error;
use crate::eval::omaha;
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray2};
use pyo3::prelude::*;

/// High strength of an Omaha hand: two of the hole cards plus three of the board.
#[pyfunction]
fn evaluate_omaha(hole: Vec<i64>, board: Vec<i64>) -> PyResult<u16> {
    check(omaha::evaluate(
        &cards_from_ints(&hole)?,
        &cards_from_ints(&board)?,
    ))
}

/// Omaha Hi/Lo: `(high, low)`, the low `None` when no eight-or-better low qualifies.
#[pyfunction]
fn evaluate_omaha_hilo(hole: Vec<i64>, board: Vec<i64>) -> PyResult<(u16, Option<u16>)> {
    check(omaha::evaluate_hilo(
        &cards_from_ints(&hole)?,
        &cards_from_ints(&board)?,
    ))
}

/// Where an Omaha hand stands against every two-card holding of the unseen cards: ``(high,
/// low, holdings, beat_high, beat_low)``, its high and eight-or-better low (``None`` when it
/// has none, or ``hilo`` is false), the count of holdings and of those whose high (low) beats
/// its own; an opponent's hand is exactly its two cards and three of the board.
///
/// ```python
/// >>> from drawpoker import _core
/// >>> from drawpoker.cards import parse_cards
/// >>> _core.omaha_board_read(parse_cards("As Ks 7d 2c"), parse_cards("Qs Js Ts"), True)[1:]
/// (None, 990, 0, 0)
///
/// ```
#[pyfunction]
fn omaha_board_read(
    hole: Vec<i64>,
    board: Vec<i64>,
    hilo: bool,
) -> PyResult<(u16, Option<u16>, u32, u32, u32)> {
    let read = check(omaha::board_read(
        &cards_from_ints(&hole)?,
        &cards_from_ints(&board)?,
        hilo,
    ))?;
    let low = (read.low > 0).then_some(read.low);
    Ok((read.high, low, read.holdings, read.beat_high, read.beat_low))
}

fn same_rows(hole_rows: usize, board_rows: usize) -> PyResult<()> {
    if hole_rows != board_rows {
        return Err(to_py(Error::InvalidArgument(format!(
            "hole has {hole_rows} rows but board has {board_rows}"
        ))));
    }
    Ok(())
}

/// High strengths of `hole[N, h]` with `board[N, b]`, the GIL released.
#[pyfunction]
fn evaluate_omaha_batch<'py>(
    py: Python<'py>,
    hole: PyReadonlyArray2<'py, u8>,
    board: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let (rows, hole_width, hole) = rows_of(&hole);
    let (board_rows, board_width, board) = rows_of(&board);
    same_rows(rows, board_rows)?;
    let result = py.detach(|| {
        let mut out = vec![0u16; rows];
        omaha::evaluate_batch(&hole, hole_width, &board, board_width, &mut out).map(|()| out)
    });
    Ok(check(result)?.into_pyarray(py))
}

/// Omaha Hi/Lo of `hole[N, h]` with `board[N, b]`: high and low arrays, low 0 when absent.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn evaluate_omaha_hilo_batch<'py>(
    py: Python<'py>,
    hole: PyReadonlyArray2<'py, u8>,
    board: PyReadonlyArray2<'py, u8>,
) -> PyResult<(Bound<'py, PyArray1<u16>>, Bound<'py, PyArray1<u16>>)> {
    let (rows, hole_width, hole) = rows_of(&hole);
    let (board_rows, board_width, board) = rows_of(&board);
    same_rows(rows, board_rows)?;
    let result = py.detach(|| {
        let mut out = vec![(0u16, 0u16); rows];
        omaha::evaluate_hilo_batch(&hole, hole_width, &board, board_width, &mut out)
            .map(|()| out.into_iter().unzip::<u16, u16, Vec<u16>, Vec<u16>>())
    });
    let (high, low) = check(result)?;
    Ok((high.into_pyarray(py), low.into_pyarray(py)))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(evaluate_omaha, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_omaha_hilo, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_omaha_batch, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_omaha_hilo_batch, m)?)?;
    m.add_function(wrap_pyfunction!(omaha_board_read, m)?)?;
    Ok(())
}
