//! The Python module `drawpoker._core`: argument conversion, NumPy in and out, the GIL
//! released around work. Every entry point returns errors as Python exceptions (never panics).

mod action;
mod batch;
mod cards;
mod draw;
mod engine;
mod equity;
mod errors;
mod eval;
mod history;
mod omaha;
mod seat_view;
mod shuffle;
mod stop;

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::prelude::*;

/// Imports NumPy before a call that takes no array makes its first one. The `numpy` crate
/// panics when an exception is raised while it sets NumPy up, which includes importing it when
/// nothing has yet: a Ctrl-C then raised KeyboardInterrupt inside that import, and it became a
/// PanicException. This import raises it as it is. Once it has succeeded it is not done again:
/// an import goes through `builtins.__import__`, about 0.25 us, and a `BatchGame` step makes
/// three such calls (a step of one hand took 1.9 us with the imports, 1.1 us without).
pub(crate) fn import_numpy(py: Python<'_>) -> PyResult<()> {
    static IMPORTED: AtomicBool = AtomicBool::new(false);
    if !IMPORTED.load(Ordering::Relaxed) {
        py.import("numpy")?;
        IMPORTED.store(true, Ordering::Relaxed);
    }
    Ok(())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    cards::register(m)?;
    eval::register(m)?;
    omaha::register(m)?;
    draw::register(m)?;
    equity::register(m)?;
    shuffle::register(m)?;
    engine::register(m)?;
    batch::register(m)?;
    history::register(m)?;
    Ok(())
}
