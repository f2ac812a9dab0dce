//! The Python module `drawpoker._core`: argument conversion, NumPy in and out, the GIL
//! released around work. Every entry point returns errors as Python exceptions (never panics).

mod cards;
mod draw;
mod engine;
mod equity;
mod errors;
mod eval;
mod history;
mod omaha;
mod shuffle;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    cards::register(m)?;
    eval::register(m)?;
    omaha::register(m)?;
    draw::register(m)?;
    equity::register(m)?;
    shuffle::register(m)?;
    engine::register(m)?;
    history::register(m)?;
    Ok(())
}
