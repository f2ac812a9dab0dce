//! The table engine: one state machine for every game ([`state::HandState`]), driven by a
//! game described as data ([`spec::Spec`]); pots, events, actions and the deal's bytes each in
//! their own module. The Python package (`drawpoker.games`) builds the specs and wraps the
//! state; nothing here knows a game by name.

pub mod action;
pub mod deal;
pub mod event;
pub mod pots;
pub mod spec;
pub mod state;
