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
    Ok(())
}
