//! Hand histories in PHH (the Poker Hand History standard, github.com/uoftcprg/phh-std): a
//! hand's events as PHH actions (`actions`) and the TOML that PHH is written in (`toml`).
//! Reading is the Python package's (`drawpoker.history`); writing is here, where a table
//! session spends its time.

pub mod actions;
pub mod toml;

pub use actions::{actions, players, REDEAL};
