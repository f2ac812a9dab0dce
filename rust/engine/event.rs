//! Everything that happens in a hand, in order, each with who may see it.
//!
//! | kind | seat | visible to | amount | cards |
//! |---|---|---|---|---|
//! | `ante` | who posts | everyone | chips posted | - |
//! | `blind` | who posts | everyone | chips posted ([`Detail::Blind`]: which blind) | - |
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
//! | `award` | who wins | everyone | chips won from one pot's part ([`Detail::Award`]) | - |
//!
//! A pot's part goes to its winners as one `award` event each (ties split, R-POT-3): the main
//! pot's awards first, then each side pot's (R-POT-1), the high part before the low (R-SPLIT-1).

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
    Award,
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
        "award",
    ];

    /// Every kind, in declaration order (the order of [`EventKind::NAMES`]).
    pub const ALL: [EventKind; 21] = [
        EventKind::Ante,
        EventKind::Blind,
        EventKind::Deal,
        EventKind::Up,
        EventKind::Board,
        EventKind::BringIn,
        EventKind::Check,
        EventKind::Fold,
        EventKind::Call,
        EventKind::Bet,
        EventKind::Raise,
        EventKind::Draw,
        EventKind::Discard,
        EventKind::Receive,
        EventKind::Reshuffle,
        EventKind::Redeal,
        EventKind::Expose,
        EventKind::Show,
        EventKind::Low,
        EventKind::Return,
        EventKind::Award,
    ];

    /// The public name.
    pub fn name(self) -> &'static str {
        EventKind::NAMES[self as usize]
    }

    /// The kind whose public name is `name`, or `None`.
    ///
    /// ```
    /// use drawpoker::engine::event::EventKind;
    /// assert_eq!(EventKind::from_name("bring-in"), Some(EventKind::BringIn));
    /// assert_eq!(EventKind::from_name("shove"), None);
    /// assert!(EventKind::ALL.iter().all(|&k| EventKind::from_name(k.name()) == Some(k)));
    /// ```
    pub fn from_name(name: &str) -> Option<EventKind> {
        let index = EventKind::NAMES.iter().position(|&known| known == name)?;
        Some(EventKind::ALL[index])
    }
}

/// Which blind a `blind` event posts.
///
/// ```
/// use drawpoker::engine::event::{Blind, Detail, Event, EventKind};
/// let big = Event::detailed(EventKind::Blind, 2, 100, Detail::Blind(Blind::Big));
/// assert_eq!((big.seat, big.amount, Blind::Big.name()), (Some(2), 100, "big"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Blind {
    Small,
    Big,
}

impl Blind {
    /// The public name: `small` or `big`.
    pub fn name(self) -> &'static str {
        match self {
            Blind::Small => "small",
            Blind::Big => "big",
        }
    }
}

/// Which part of a pot an award is: the whole pot, or in a split game (R-SPLIT-1) the share of
/// the high part (the spec's first showdown part) or of the low part (the second).
///
/// ```
/// use drawpoker::engine::event::Share;
/// let names = [Share::Whole, Share::High, Share::Low].map(Share::name);
/// assert_eq!(names, ["whole", "high", "low"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Share {
    Whole,
    High,
    Low,
}

impl Share {
    /// The share of the showdown part of index `part` in a pot divided among parts.
    ///
    /// ```
    /// use drawpoker::engine::event::Share;
    /// assert_eq!((Share::of_part(0), Share::of_part(1)), (Share::High, Share::Low));
    /// ```
    pub fn of_part(part: usize) -> Share {
        if part == 0 {
            Share::High
        } else {
            Share::Low
        }
    }

    /// The public name: `whole`, `high` or `low`.
    ///
    /// ```
    /// use drawpoker::engine::event::Share;
    /// assert_eq!(Share::Low.name(), "low");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Share::Whole => "whole",
            Share::High => "high",
            Share::Low => "low",
        }
    }
}

/// One winner's chips from one pot: which pot (0 the main pot, then the side pots in order,
/// R-POT-1) of how many, which share of it, and the strength that won it (in the part's
/// ranking; `None`: nobody contested it, every other seat folded).
///
/// ```
/// use drawpoker::engine::event::{Award, Detail, Event, EventKind, Share};
/// // seat 1 wins the low half of the side pot (the second of two) with a strength of 5000
/// let low_half = Award { pot: 1, pots: 2, share: Share::Low, strength: Some(5000) };
/// let event = Event::detailed(EventKind::Award, 1, 350, Detail::Award(low_half));
/// assert_eq!((event.kind.name(), low_half.share.name()), ("award", "low"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Award {
    pub pot: usize,
    pub pots: usize,
    pub share: Share,
    pub strength: Option<u16>,
}

/// What a kind of event says beyond its seat, amount and cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Detail {
    #[default]
    None,
    Blind(Blind),
    Award(Award),
}

/// Something that happened. `to` is `None` when every seat may see it, else the one seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub kind: EventKind,
    pub seat: Option<usize>,
    pub to: Option<usize>,
    pub amount: u64,
    pub cards: Vec<Card>,
    pub detail: Detail,
}

impl Event {
    /// A public event without cards.
    ///
    /// ```
    /// use drawpoker::engine::event::{Event, EventKind};
    /// let bet = Event::public(EventKind::Bet, Some(0), 40);
    /// assert!(bet.visible_to(0) && bet.visible_to(3) && bet.cards.is_empty());
    /// ```
    pub fn public(kind: EventKind, seat: Option<usize>, amount: u64) -> Event {
        Event {
            kind,
            seat,
            to: None,
            amount,
            cards: Vec::new(),
            detail: Detail::None,
        }
    }

    /// A public event with `detail`.
    pub fn detailed(kind: EventKind, seat: usize, amount: u64, detail: Detail) -> Event {
        Event {
            detail,
            ..Event::public(kind, Some(seat), amount)
        }
    }

    /// Whether `seat` may see the event.
    pub fn visible_to(&self, seat: usize) -> bool {
        self.to.is_none() || self.to == Some(seat)
    }
}

/// An event as the batch engine keeps it (a hand's [`HandState::quiet`] log): its kind, seat,
/// the one seat that may see it, its amount and its cards as a set (bit `card`), without its
/// [`Detail`] or a vector. 24 bytes against an [`Event`]'s 96 and its cards' own allocation:
/// the observation reads no more, and the full events are the hand played again.
///
/// [`HandState::quiet`]: super::state::HandState::quiet
///
/// ```
/// use drawpoker::engine::event::{Event, EventKind, Record};
/// let deal = Event { to: Some(2), cards: vec![0, 51], ..Event::public(EventKind::Deal, Some(2), 0) };
/// let record = Record::of(&deal);
/// assert_eq!((record.seat, record.to, record.cards), (Some(2), Some(2), 1 | 1 << 51));
/// assert!(record.visible_to(2) && !record.visible_to(1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    pub kind: EventKind,
    pub seat: Option<u8>,
    pub to: Option<u8>,
    pub amount: u64,
    pub cards: u64,
}

impl Record {
    /// The record of an event of `kind` by `seat`, seen by `to` alone (`None`: by all), of
    /// `amount` and `cards`.
    ///
    /// ```
    /// use drawpoker::engine::event::{EventKind, Record};
    /// let bet = Record::new(EventKind::Bet, Some(1), None, 200, &[]);
    /// assert_eq!((bet.seat, bet.amount, bet.cards), (Some(1), 200, 0));
    /// assert!(bet.visible_to(0) && bet.visible_to(1));
    /// ```
    pub fn new(
        kind: EventKind,
        seat: Option<usize>,
        to: Option<usize>,
        amount: u64,
        cards: &[Card],
    ) -> Record {
        Record {
            kind,
            seat: seat.map(|s| s as u8),
            to: to.map(|s| s as u8),
            amount,
            cards: card_set(cards),
        }
    }

    /// The record of `event`.
    pub fn of(event: &Event) -> Record {
        Record::new(event.kind, event.seat, event.to, event.amount, &event.cards)
    }

    /// Whether `seat` may see the event.
    pub fn visible_to(&self, seat: usize) -> bool {
        self.to.is_none_or(|to| usize::from(to) == seat)
    }
}

/// The cards of `cards` as a set, bit `card` set for each.
pub(crate) fn card_set(cards: &[Card]) -> u64 {
    cards.iter().fold(0u64, |set, &card| set | 1 << card)
}
