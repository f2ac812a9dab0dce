//! Everything that happens in a hand, in order, each with who may see it.
//!
//! | kind | seat | visible to | amount | cards |
//! |---|---|---|---|---|
//! | `ante`, `blind` | who posts | everyone | chips posted | - |
//! | `deal` | who receives | that seat | 0 | the cards dealt face down |
//! | `up` | who receives | everyone | 0 | the cards dealt face up |
//! | `board` | - | everyone | 0 | the board cards dealt |
//! | `bring-in` | who brings in | everyone | the bring-in posted | - |
//! | `check`, `fold` | who acts | everyone | 0 | - |
//! | `call`, `bet`, `raise` | who acts | everyone | the seat's total in the round after it | - |
//! | `draw` | who draws | everyone | how many cards were exchanged | - |
//! | `discard`, `receive` | who draws | that seat | how many cards | the cards out, the cards in |
//! | `reshuffle` | - | everyone | cards in the new stub | - |
//! | `redeal` | - | everyone | the pot carried to the new deal | - |
//! | `expose` | whose hand | everyone | 0 | the hand, tabled when no more betting can happen (R-HE-8) |
//! | `show` | whose hand | everyone | its strength (the first showdown part) | the hand shown |
//! | `low` | whose hand | everyone | its qualifying low's strength (a hi/lo game's second part) | - |
//! | `return` | who bet | everyone | the uncalled chips returned (R-POT-2) | - |
//! | `win` | who wins | everyone | chips won | - |

use crate::card::Card;

/// The kind of an event (see the module's table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventKind {
    Ante,
    Blind,
    Deal,
    Up,
    Board,
    BringIn,
    Check,
    Fold,
    Call,
    Bet,
    Raise,
    Draw,
    Discard,
    Receive,
    Reshuffle,
    Redeal,
    Expose,
    Show,
    Low,
    Return,
    Win,
}

impl EventKind {
    /// Every kind, in declaration order, with its public name.
    pub const NAMES: [&'static str; 21] = [
        "ante",
        "blind",
        "deal",
        "up",
        "board",
        "bring-in",
        "check",
        "fold",
        "call",
        "bet",
        "raise",
        "draw",
        "discard",
        "receive",
        "reshuffle",
        "redeal",
        "expose",
        "show",
        "low",
        "return",
        "win",
    ];

    /// The public name.
    pub fn name(self) -> &'static str {
        EventKind::NAMES[self as usize]
    }
}

/// Something that happened. `to` is `None` when every seat may see it, else the one seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub kind: EventKind,
    pub seat: Option<usize>,
    pub to: Option<usize>,
    pub amount: u64,
    pub cards: Vec<Card>,
}

impl Event {
    /// A public event without cards.
    pub fn public(kind: EventKind, seat: Option<usize>, amount: u64) -> Event {
        Event {
            kind,
            seat,
            to: None,
            amount,
            cards: Vec::new(),
        }
    }

    /// Whether `seat` may see the event.
    pub fn visible_to(&self, seat: usize) -> bool {
        self.to.is_none() || self.to == Some(seat)
    }
}
