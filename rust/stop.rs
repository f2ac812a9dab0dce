//! Stopping long work early: the caller shares a [`Stop`] with the work and may request it at
//! any time (the Python bindings do on Ctrl-C); the work polls it between chunks, each at most
//! a few milliseconds long, and returns [`Error::Stopped`] once it is requested. A poll is one
//! relaxed atomic load, so chunks can be small without slowing the work.

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, Ordering};

/// A request to stop, shared between a caller and the work it started.
///
/// ```
/// use drawpoker::stop::Stop;
/// let stop = Stop::new();
/// assert!(stop.check().is_ok());
/// stop.request();
/// assert!(stop.requested());
/// assert_eq!(stop.check().unwrap_err().to_string(), "the computation was stopped");
/// ```
#[derive(Debug, Default)]
pub struct Stop(AtomicBool);

impl Stop {
    /// A stop not requested yet.
    pub const fn new() -> Stop {
        Stop(AtomicBool::new(false))
    }

    /// Asks the work to stop at its next poll.
    pub fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop has been requested.
    #[inline(always)]
    pub fn requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// `Err(Error::Stopped)` once a stop has been requested.
    #[inline(always)]
    pub fn check(&self) -> Result<()> {
        if self.requested() {
            Err(Error::Stopped)
        } else {
            Ok(())
        }
    }
}
