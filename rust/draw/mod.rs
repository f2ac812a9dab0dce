//! The draw engine: exact outcomes of a draw, every discard choice of a hand ranked by an
//! objective, NumPy-sized batches, the whole-deck hold table of video poker, and the equity
//! between players after one draw.
//!
//! Convention: a *discard mask* has bit `i` set when card `i` of the hand is thrown away;
//! the cards that come back are drawn from the *stub* = the deck minus the hand and the dead cards.

pub mod batch;
pub mod choices;
pub mod combos;
pub mod equity;
pub mod high_heads_up;
pub mod holds;
pub mod limit;
pub mod outcomes;
pub mod rank_walk;
pub mod score;
pub mod tip;
