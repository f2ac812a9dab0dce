//! The table engine: one state machine for every game ([`state::HandState`]), driven by a
//! game described as data ([`spec::Spec`]). The hand's parts each have a module (betting,
//! dealing and drawing, the showdown), as do pots, events, actions and the deal's bytes. The Python package (`drawpoker.engine`) builds the specs and wraps the
//! state; nothing here knows a game by name.

pub mod action;
pub mod batch;
pub mod betting;
pub mod boards;
pub mod deal;
mod dealing;
pub mod event;
pub mod pots;
pub mod showdown;
pub mod spec;
pub mod state;
