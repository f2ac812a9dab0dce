//! drawpoker core: cards, lookup-table hand evaluation, draw enumeration and equity.
//!
//! Pure Rust; the Python bindings live in `py/` behind the `python` feature.

pub mod card;
pub mod draw;
pub mod engine;
pub mod equity;
pub mod error;
pub mod eval;
pub mod history;
pub mod shuffle;
pub mod stop;

#[cfg(feature = "python")]
mod py;
