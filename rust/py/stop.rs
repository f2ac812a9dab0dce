//! Long work that Ctrl-C stops. Python handles a signal on its main thread, between bytecodes,
//! so while work runs with the GIL released nothing would notice one until the work ended. A
//! long call therefore runs its work on the rayon pool while the calling thread waits for it,
//! looking for signals every [`SIGNAL_POLL`]: when one raises (KeyboardInterrupt for Ctrl-C),
//! it requests the work's [`Stop`], waits until the work has returned (so no task is left
//! running) and raises that exception. Short calls run on the calling thread as before, to
//! spare them the hand-over.

use super::errors::check;
use crate::error::Result;
use crate::stop::Stop;
use pyo3::prelude::*;
use std::sync::mpsc::{sync_channel, RecvTimeoutError};
use std::time::Duration;

/// How often the calling thread looks for a signal while long work runs.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Work of at least this many units (outcomes, samples, evaluations; a few milliseconds)
/// counts as long.
pub const LONG_WORK: u128 = 1 << 20;

/// Runs `work` with the GIL released and returns its result; when `long`, a signal stops it
/// (see the module documentation) and its exception is raised instead.
pub fn detach_stoppable<T: Send>(
    py: Python<'_>,
    long: bool,
    work: impl FnOnce(&Stop) -> Result<T> + Send,
) -> PyResult<T> {
    let stop = Stop::new();
    if !long {
        return check(py.detach(|| work(&stop)));
    }
    let (result, signal) = py.detach(|| {
        let (send, receive) = sync_channel(1);
        let stop = &stop;
        rayon::in_place_scope(|scope| {
            scope.spawn(move |_| {
                // The receiver waits for this unless the work panicked; the scope re-raises
                // a panic once the loop below has returned.
                let _ = send.send(work(stop));
            });
            let mut signal = None;
            loop {
                match receive.recv_timeout(SIGNAL_POLL) {
                    Ok(result) => return (Some(result), signal),
                    Err(RecvTimeoutError::Disconnected) => return (None, signal),
                    Err(RecvTimeoutError::Timeout) if signal.is_none() => {
                        if let Err(error) = Python::attach(|py| py.check_signals()) {
                            stop.request();
                            signal = Some(error);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                }
            }
        })
    });
    if let Some(error) = signal {
        return Err(error);
    }
    check(result.expect("the work either sent its result or panicked"))
}
