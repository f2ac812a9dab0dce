//! The one place where core errors become Python exceptions (classes of `drawpoker.errors`).

use crate::error::Error;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyType;

/// The Python exception for a core error.
pub fn to_py(err: Error) -> PyErr {
    let class_name = match err {
        Error::InvalidCard { .. } | Error::CardOutOfRange { .. } | Error::DuplicateCard { .. } => {
            "InvalidCardError"
        }
        Error::HandSize { .. } | Error::InvalidArgument(_) => "InvalidArgumentError",
        Error::IllegalAction(_) => "IllegalActionError",
        // Only work whose caller asked it to stop returns this, and that caller raises the
        // signal's own exception instead (see `super::stop`).
        Error::Stopped => return PyKeyboardInterrupt::new_err(err.to_string()),
    };
    let message = err.to_string();
    Python::attach(|py| {
        match py
            .import("drawpoker.errors")
            .and_then(|module| module.getattr(class_name))
            .and_then(|class| class.cast_into::<PyType>().map_err(PyErr::from))
        {
            Ok(class) => PyErr::from_type(class, message),
            Err(_) => PyValueError::new_err(message),
        }
    })
}

/// Converts a core result.
pub fn check<T>(result: crate::error::Result<T>) -> PyResult<T> {
    result.map_err(to_py)
}
