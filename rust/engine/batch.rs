//! Many independent hands of one game stepped together, for learning (`drawpoker.rl.BatchGame`):
//! each slot holds a hand; the seat to act reads its observation and picks a discrete action;
//! a finished hand pays its seats and the slot deals the next hand.
//!
//! The action indices and the observation layout are the ones `python/drawpoker/rl` defines
//! (`actions.py`, `observation.py`, docs/rl.md); the Python side passes them in
//! ([`ActionLayout`], [`ObservationLayout`]) so that there is one definition, and a test
//! compares this encoding with the Python one array for array.
//!
//! Hand `k` (1, 2, ...) of a batch is the hand the table deals as its round `k`: stacks all
//! `stack`, the button at seat `(k - 1) % seats` (the last seat in a game whose button does not
//! move), dealt from `(seed, k)`. Slots take hand numbers in turn as they need one, so hand `k`
//! of a seed is the same hand whatever the batch size.

use std::sync::Arc;

use rayon::prelude::*;

use super::action::Action;
use super::action::ActionKind;
use super::betting::MOST_PRESETS;
use super::deal::shuffle_message;
use super::event::{card_set, EventKind, Record};
use super::spec::{Spec, Structure};
use super::state::{Deal, HandState, Phase};
use crate::card::Card;
use crate::error::{Error, Result};
use crate::shuffle::{shuffle_many_into, WIDE};

mod position;
pub use position::{PlayedHand, Position};

/// The most hands a batch may hold.
///
/// ```
/// use drawpoker::engine::batch::{MAX_BATCH, PARALLEL_MIN};
/// // every batch from PARALLEL_MIN hands up to the largest is split over threads
/// assert_eq!((PARALLEL_MIN, MAX_BATCH), (1024, 65_536));
/// ```
pub const MAX_BATCH: usize = 1 << 16;

/// The fewest hands a batch spreads over threads: below this a step is quicker on one than
/// waking another (a few microseconds), and a benchmark's CPU time does not count idle spins.
/// (An example with [`MAX_BATCH`].)
pub const PARALLEL_MIN: usize = 1024;

/// The most bet and raise sizes an action layout may name.
const MAX_SIZES: usize = 8;

/// A bet or raise size of the action layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Size {
    /// The smallest legal total (all-in when the stack is short).
    Smallest,
    /// All-in.
    AllIn,
    /// One of the engine's presets, by name (offered when the engine offers it).
    Preset(String),
}

impl Size {
    /// The size called `name` in `drawpoker.rl.actions.SIZES`.
    pub fn from_name(name: &str) -> Size {
        match name {
            "min bet/raise" | "bet/raise" => Size::Smallest,
            "all-in" => Size::AllIn,
            other => Size::Preset(other.to_string()),
        }
    }
}

/// The discrete actions: 0 fold, 1 check, call or bring-in, then `sizes`, then one index per
/// discard set from `first_discard` (bit `i`: the seat's `i`-th card).
#[derive(Debug, Clone)]
pub struct ActionLayout {
    pub sizes: Vec<Size>,
    pub first_discard: usize,
    pub count: usize,
    /// How each size finds its total in a decision, for a bet (`[0]`) and for a raise (`[1]`):
    /// found once from the sizes ([`ActionLayout::find_presets`]), so that a decision reads a
    /// preset's total by its place instead of comparing names, and matches a plain copy of each
    /// size instead of the [`Size`] that holds a name.
    rules: [[SizeRule; MAX_SIZES]; 2],
}

/// How a size of the action layout finds its total in one decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SizeRule {
    Smallest,
    AllIn,
    /// The preset at this place in the list the structure offers.
    Preset(u8),
    /// A preset the structure does not offer here.
    Closed,
}

impl ActionLayout {
    /// The layout of `sizes` and `discard_slots` cards held at a draw (0: no draw).
    pub fn new(sizes: Vec<Size>, discard_slots: usize) -> Result<ActionLayout> {
        let first_discard = 2 + sizes.len();
        let discards = if discard_slots == 0 {
            0
        } else {
            1usize << discard_slots.min(8)
        };
        let count = first_discard + discards;
        if sizes.len() > MAX_SIZES || count > 64 || discard_slots > 6 {
            return Err(Error::InvalidArgument(format!(
                "an action layout of {} sizes and {discard_slots} discard slots is too large",
                sizes.len()
            )));
        }
        Ok(ActionLayout {
            sizes,
            first_discard,
            count,
            rules: [[SizeRule::Closed; MAX_SIZES]; 2],
        })
    }

    /// Finds each size's rule, a preset's in the lists `structure` offers (none without
    /// betting).
    fn find_presets(&mut self, structure: Option<Structure>) {
        for (raising, rules) in self.rules.iter_mut().enumerate() {
            let offered = structure.map_or(&[][..], |s| s.presets(raising == 1));
            for (rule, size) in rules.iter_mut().zip(&self.sizes) {
                *rule = match size {
                    Size::Smallest => SizeRule::Smallest,
                    Size::AllIn => SizeRule::AllIn,
                    Size::Preset(name) => (offered.iter().position(|(label, _)| label == name))
                        .map_or(SizeRule::Closed, |at| SizeRule::Preset(at as u8)),
                };
            }
        }
    }
}

/// Where each part of an observation starts (`drawpoker.rl.observation.ObservationLayout`).
#[derive(Debug, Clone, Default)]
pub struct ObservationLayout {
    pub size: usize,
    /// Cards in the deck: one-hot width.
    pub cards: usize,
    /// The compact layout (`ObservationLayout(compact=True)`): own cards as card numbers plus
    /// one, card sets as [`CARD_SET_BITS`]-bit integers, history rows of four numbers.
    pub compact: bool,
    /// The chip unit (the big blind).
    pub unit: u64,
    pub history: usize,
    /// How many action kinds the history tells apart.
    pub history_kinds: usize,
    /// What each event kind (by `EventKind as usize`) is to the encoding ([`EventRole`]).
    pub event_roles: [EventRole; EventKind::NAMES.len()],
    pub own_cards: usize,
    pub board: usize,
    pub up_cards: usize,
    pub shown: usize,
    pub discarded: usize,
    pub stacks: usize,
    pub bets: usize,
    pub committed: usize,
    pub pot: usize,
    pub current_bet: usize,
    pub to_call: usize,
    pub live: usize,
    pub card_counts: usize,
    pub drawn: usize,
    pub has_drawn: usize,
    pub button: usize,
    pub actor: usize,
    pub my_turn: usize,
    pub street: usize,
    pub phase: usize,
    pub history_start: usize,
}

/// The cards each number of a card set holds in the compact layout: number `j` of a set is the
/// sum of `2^(c - 13j)` over its cards `c` with `c / 13 == j` (exact in a `float32`).
pub const CARD_SET_BITS: usize = 13;

/// What an event is to the observation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum EventRole {
    /// Nothing.
    #[default]
    Ignored,
    /// Cards dealt: a new street before the next action.
    Dealing,
    /// The seat's own discards.
    Discard,
    /// A hand tabled (R-HE-8).
    Expose,
    /// A public action, of the history's kind `index`.
    Action(u8),
}

impl EventRole {
    /// The role of every event kind, given the history's action kinds in one-hot order and the
    /// kinds that deal cards.
    pub fn table(
        history_kinds: &[EventKind],
        dealing_kinds: &[EventKind],
    ) -> [EventRole; EventKind::NAMES.len()] {
        let mut roles = [EventRole::Ignored; EventKind::NAMES.len()];
        roles[EventKind::Discard as usize] = EventRole::Discard;
        roles[EventKind::Expose as usize] = EventRole::Expose;
        for (index, &kind) in history_kinds.iter().enumerate() {
            roles[kind as usize] = EventRole::Action(index as u8);
        }
        for &kind in dealing_kinds {
            roles[kind as usize] = EventRole::Dealing;
        }
        roles
    }
}

impl ObservationLayout {
    /// `seat`'s observation of `hand`, written over `out` (`size` numbers): only what the seat
    /// may see is read (its own cards, public facts, the events visible to it). `deals_up` is
    /// the game's [`Spec::deals_up`], found once for the batch: only a game with up cards (stud)
    /// has a flag set, and the others skip reading them, which would cost a cache miss a seat.
    fn encode(&self, hand: &HandState, seen: &Seen, me: usize, deals_up: bool, out: &mut [f32]) {
        out.fill(0.0);
        let (n, c) = (hand.seats, self.set_width());
        let chips = |amount: u64| self.chips(amount);
        let slot_of = |seat: usize| relative(seat, me, n);
        for (slot, &card) in hand.cards[me].iter().enumerate() {
            if self.compact {
                out[self.own_cards + slot] = f32::from(card) + 1.0;
            } else {
                out[self.own_cards + slot * c + usize::from(card)] = 1.0;
            }
        }
        self.put_cards(out, self.board, card_set(&hand.board));
        // The seats' numbers cut to the table once, so that reading a seat's checks no bound.
        let (stacks, bets, committed) = (&hand.stacks[..n], &hand.bets[..n], &hand.committed[..n]);
        let (live, drawn, held) = (&hand.live[..n], &hand.drawn[..n], &hand.cards[..n]);
        for seat in 0..n {
            let slot = slot_of(seat);
            if deals_up {
                let up = (held[seat].iter().zip(&hand.face_up[seat]))
                    .filter(|(_, &up)| up)
                    .fold(0u64, |set, (&card, _)| set | 1 << card);
                self.put_cards(out, self.up_cards + slot * c, up);
            }
            out[self.stacks + slot] = chips(stacks[seat]);
            out[self.bets + slot] = chips(bets[seat]);
            out[self.committed + slot] = chips(committed[seat]);
            out[self.live + slot] = f32::from(u8::from(live[seat]));
            out[self.card_counts + slot] = held[seat].len() as f32;
            out[self.drawn + slot] = drawn[seat].max(0) as f32;
            out[self.has_drawn + slot] = f32::from(u8::from(drawn[seat] >= 0));
        }
        for (seat, cards) in &hand.revealed {
            self.put_cards(out, self.shown + slot_of(*seat) * c, card_set(cards));
        }
        out[self.pot] = chips(hand.pot());
        out[self.current_bet] = chips(hand.current_bet);
        out[self.to_call] = chips(hand.current_bet.saturating_sub(hand.bets[me]));
        out[self.button + slot_of(hand.button)] = 1.0;
        if let Some(actor) = hand.actor {
            out[self.actor + slot_of(actor)] = 1.0;
            if actor == me {
                out[self.my_turn] = 1.0;
            }
        }
        if hand.street < hand.spec.streets.len() {
            out[self.street + hand.street] = 1.0;
        }
        let phase = match hand.phase {
            Phase::Bet => 0,
            Phase::Draw => 1,
            Phase::Done => 2,
        };
        out[self.phase + phase] = 1.0;
        if seen.exotic {
            self.encode_events(hand, me, out);
        } else {
            self.encode_seen(seen, hand.seats, me, out);
        }
    }

    /// [`ObservationLayout::encode_events`] from the hand's [`Seen`] log (read as the events
    /// came), not from the events: the same numbers without a pass over every event.
    fn encode_seen(&self, seen: &Seen, n: usize, me: usize, out: &mut [f32]) {
        for cards in seen.cards.iter().filter(|c| c.to.is_none_or(|to| to == me)) {
            let start = match cards.shown {
                None => self.discarded,
                Some(seat) => self.shown + relative(seat, me, n) * self.set_width(),
            };
            self.put_cards(out, start, cards.mask);
        }
        let skipped = seen.rows.len().saturating_sub(self.history);
        for (at, row) in seen.rows[skipped..].iter().enumerate() {
            let slot = relative(usize::from(row.seat), me, n);
            let dealt = row.dealt_public || row.dealt_to >> me & 1 == 1;
            self.put_row(out, n, at, slot, usize::from(row.kind), row.amount, dealt);
        }
    }

    /// How many numbers a card set takes: one a card, or [`CARD_SET_BITS`] cards a number in
    /// the compact layout.
    fn set_width(&self) -> usize {
        if self.compact {
            self.cards.div_ceil(CARD_SET_BITS)
        } else {
            self.cards
        }
    }

    /// Adds the cards of `set` (bit `card`) to the card set at `start`: a 1 at each card's
    /// place, or in the compact layout its bit in its number (the bits already there kept, so
    /// that a card shown twice is one card).
    fn put_cards(&self, out: &mut [f32], start: usize, mut set: u64) {
        if self.compact {
            let mask = (1u64 << CARD_SET_BITS) - 1;
            for number in &mut out[start..start + self.set_width()] {
                let bits = (set & mask) as u32;
                if bits != 0 {
                    *number = (*number as u32 | bits) as f32;
                }
                set >>= CARD_SET_BITS;
            }
            return;
        }
        while set != 0 {
            out[start + set.trailing_zeros() as usize] = 1.0;
            set &= set - 1;
        }
    }

    /// History row `at`: the seat `slot` places to the observer's left took the action of
    /// kind `kind` for `amount`, cards dealt just before when `dealt`. One-hot seat and kind,
    /// the amount and the flag; in the compact layout `slot + 1`, `kind + 1`, the amount and
    /// the flag.
    #[allow(clippy::too_many_arguments)]
    fn put_row(
        &self,
        out: &mut [f32],
        n: usize,
        at: usize,
        slot: usize,
        kind: usize,
        amount: f32,
        dealt: bool,
    ) {
        if self.compact {
            let start = self.history_start + at * 4;
            let numbers = [
                (slot + 1) as f32,
                (kind + 1) as f32,
                amount,
                f32::from(u8::from(dealt)),
            ];
            out[start..start + 4].copy_from_slice(&numbers);
            return;
        }
        let start = self.history_start + at * (n + self.history_kinds + 2);
        out[start + slot] = 1.0;
        out[start + n + kind] = 1.0;
        out[start + n + self.history_kinds] = amount;
        if dealt {
            out[start + n + self.history_kinds + 1] = 1.0;
        }
    }

    /// `amount` chips in big blinds, as the observation shows them. The amount is converted
    /// as a signed number, which is one instruction where an unsigned one takes several, to the
    /// same double: a table's chips are far below 2^63 (a stack at most
    /// [`super::state::MAX_CHIPS`]).
    fn chips(&self, amount: u64) -> f32 {
        debug_assert!(i64::try_from(amount).is_ok());
        (amount as i64 as f64 / self.unit as f64) as f32
    }

    /// The seat's discards, the hands exposed, and the last `history` public actions.
    fn encode_events(&self, hand: &HandState, me: usize, out: &mut [f32]) {
        let n = hand.seats;
        let role = |kind: EventKind| self.event_roles[kind as usize];
        let records = (hand.records.iter().copied()).chain(hand.events.iter().map(Record::of));
        let visible = || records.clone().filter(move |e| e.visible_to(me));
        // The rows before the last `history` are left out: counted only when there may be more.
        let skipped = if hand.records.len() + hand.events.len() <= self.history {
            0
        } else {
            let rows = visible()
                .filter(|e| e.seat.is_some() && matches!(role(e.kind), EventRole::Action(_)))
                .count();
            rows.saturating_sub(self.history)
        };
        let (mut row, mut dealt) = (0usize, false);
        for event in visible() {
            match (role(event.kind), event.seat.map(usize::from)) {
                (EventRole::Dealing, _) => dealt = true,
                (EventRole::Discard, _) => {
                    self.put_cards(out, self.discarded, event.cards);
                }
                (EventRole::Expose, Some(seat)) => {
                    let start = self.shown + relative(seat, me, n) * self.set_width();
                    self.put_cards(out, start, event.cards);
                }
                (EventRole::Action(index), Some(seat)) => {
                    if row >= skipped {
                        let amount = if event.kind == EventKind::Draw {
                            event.amount as f32
                        } else {
                            self.chips(event.amount)
                        };
                        let (at, slot) = (row - skipped, relative(seat, me, n));
                        self.put_row(out, n, at, slot, usize::from(index), amount, dealt);
                    }
                    row += 1;
                    dealt = false;
                }
                _ => {}
            }
        }
    }
}

/// The slot of `seat` in the observation of `me` at a table of `n`: how many places it sits to
/// the left of `me` (both below `n`; a subtraction, not a division).
fn relative(seat: usize, me: usize, n: usize) -> usize {
    let ahead = seat + n - me;
    if ahead >= n {
        ahead - n
    } else {
        ahead
    }
}

/// What the seat to act may do now: the mask of indices, and what each index does.
#[derive(Debug, Clone, Copy, Default)]
struct Choices {
    mask: u64,
    /// The kind index 1 stands for (check, call or bring-in).
    passive: Option<ActionKind>,
    /// The kind the size indices stand for (bet or raise).
    sized: Option<ActionKind>,
    /// The total of each size index.
    totals: [u64; MAX_SIZES],
}

impl Choices {
    /// The choices of the seat to act in `hand` (none when the hand is over).
    fn of(hand: &HandState, actions: &ActionLayout) -> Result<Choices> {
        let mut choices = Choices::default();
        choices.read(hand, actions)?;
        Ok(choices)
    }

    /// [`Choices::of`] written over `self`, field by field: a step reads every slot's choices,
    /// and a returned `Choices` was copied through the stack in unaligned pieces that the
    /// processor could not forward from the stores that had just written it.
    fn read(&mut self, hand: &HandState, actions: &ActionLayout) -> Result<()> {
        *self = Choices::default();
        let Some(seat) = hand.actor else {
            return Ok(());
        };
        if hand.phase == Phase::Draw {
            let cards = &hand.cards[seat];
            let limit = hand.draw_limit();
            for bits in 0..1u32 << cards.len() {
                if limit.allows(cards, bits as u8) {
                    self.mask |= 1 << (actions.first_discard + bits as usize);
                }
            }
            return Ok(());
        }
        // The presets are read one by one below: no vector of them is built.
        let (legal, sizing) = hand.legal_unsized()?;
        // What index 0, index 1 and the sizes stand for, in one pass over the open kinds (a
        // list of them holds at most one passive kind and one sized kind).
        for &kind in legal.kinds {
            match kind {
                ActionKind::Fold => self.mask |= 1,
                ActionKind::BringIn | ActionKind::Check | ActionKind::Call => {
                    self.passive = Some(kind);
                    self.mask |= 1 << 1;
                }
                ActionKind::Bet | ActionKind::Raise => self.sized = Some(kind),
                ActionKind::Draw => {}
            }
        }
        if self.sized.is_none() {
            return Ok(());
        }
        // Each preset's total, found once for the sizes that name it (by their places in the
        // structure's list: `ActionLayout::find_presets`).
        let mut presets = [0; MOST_PRESETS];
        let (mut offered, mut raising) = (0, false);
        if let Some(sizing) = sizing {
            raising = sizing.raising;
            let totals = HandState::preset_totals(&legal, sizing);
            for (slot, (_, total)) in presets.iter_mut().zip(totals) {
                *slot = total;
                offered += 1;
            }
        }
        let rules = &actions.rules[usize::from(raising)][..actions.sizes.len()];
        for (offset, &rule) in rules.iter().enumerate() {
            let total = match rule {
                SizeRule::Smallest => Some(legal.min_to.min(legal.max_to)),
                // All-in only when the largest total is the whole stack (in pot limit a
                // stack deeper than the pot may not go all-in).
                SizeRule::AllIn => {
                    (legal.max_to == hand.stacks[seat] + hand.bets[seat]).then_some(legal.max_to)
                }
                SizeRule::Preset(at) => {
                    let at = usize::from(at);
                    (at < offered).then(|| presets[at])
                }
                SizeRule::Closed => None,
            };
            if let Some(total) = total {
                self.totals[offset] = total;
                self.mask |= 1 << (2 + offset);
            }
        }
        Ok(())
    }
}

/// A public action of a hand's history as the observation shows it.
#[derive(Debug, Clone, Copy)]
struct Row {
    seat: u8,
    /// Its kind's index in the history's one-hot.
    kind: u8,
    /// Its amount in the observation (chips in big blinds; a draw's card count).
    amount: f32,
    /// Cards were dealt since the action before: in public, or to these seats (bit `seat`).
    dealt_public: bool,
    dealt_to: u16,
}

/// Cards the observation shows from the event log: a seat's discards (`shown` None), or a
/// hand exposed, each seen by `to` only when set.
#[derive(Debug, Clone, Copy)]
struct SeenCards {
    to: Option<usize>,
    shown: Option<usize>,
    /// The cards, bit `card` set.
    mask: u64,
}

/// What the observation reads of a hand's events, read as they come (each step reads only
/// the events it added): the encoder writes the history from these rows instead of passing
/// over every event of the hand for every observation, and finds each amount in big blinds
/// once instead of each time.
#[derive(Debug, Clone, Default)]
struct Seen {
    /// Events read so far.
    read: usize,
    rows: Vec<Row>,
    cards: Vec<SeenCards>,
    /// Dealing since the last action (for the next row).
    dealt_public: bool,
    dealt_to: u16,
    /// An event these rows cannot stand for (a private action or exposure, which the event
    /// table has none of): the encoder reads the events themselves for this hand.
    exotic: bool,
}

impl Seen {
    /// Forgets a finished hand's events (its vectors kept for the next).
    fn clear(&mut self) {
        self.read = 0;
        self.rows.clear();
        self.cards.clear();
        (self.dealt_public, self.dealt_to, self.exotic) = (false, 0, false);
    }

    /// Reads the events of `hand` added since the last call (its records in a quiet hand).
    fn update(&mut self, hand: &HandState, layout: &ObservationLayout) {
        let logged = hand.records.len() + hand.events.len();
        if self.read > logged {
            self.clear();
        }
        if hand.quiet {
            for &record in &hand.records[self.read..] {
                self.read_record(record, layout);
            }
        } else {
            for event in &hand.events[self.read..] {
                self.read_record(Record::of(event), layout);
            }
        }
        self.read = logged;
    }

    /// Reads one event.
    fn read_record(&mut self, event: Record, layout: &ObservationLayout) {
        let to = event.to.map(usize::from);
        match (layout.event_roles[event.kind as usize], event.seat) {
            (EventRole::Dealing, _) => match to {
                None => self.dealt_public = true,
                Some(to) => self.dealt_to |= 1 << to,
            },
            (EventRole::Discard, _) => self.cards.push(SeenCards {
                to,
                shown: None,
                mask: event.cards,
            }),
            (EventRole::Expose, Some(seat)) => self.cards.push(SeenCards {
                to,
                shown: Some(usize::from(seat)),
                mask: event.cards,
            }),
            (EventRole::Action(_), Some(_)) if to.is_some() => self.exotic = true,
            (EventRole::Action(kind), Some(seat)) => {
                let amount = if event.kind == EventKind::Draw {
                    event.amount as f32
                } else {
                    layout.chips(event.amount)
                };
                self.rows.push(Row {
                    seat,
                    kind,
                    amount,
                    dealt_public: self.dealt_public,
                    dealt_to: self.dealt_to,
                });
                (self.dealt_public, self.dealt_to) = (false, 0);
            }
            _ => {}
        }
    }
}

/// What a slot keeps of the last hand it finished: enough to play it again
/// ([`Dealer::replay`]).
#[derive(Debug, Clone, Default)]
struct Finished {
    /// Its number (0: the slot has finished no hand).
    number: u64,
    actions: Vec<Action>,
    /// Its records and final stacks, which the hand played again must have.
    records: Vec<Record>,
    stacks: Vec<u64>,
}

/// How a batch deals its hands: hand `number` of the seed, every seat with the same stack.
#[derive(Debug, Clone)]
struct Dealer {
    spec: Arc<Spec>,
    /// Every seat's stack at the start of a hand.
    stacks: Vec<i64>,
    seed: u64,
    /// The game's deck in card order (what the first shuffle of a hand orders).
    deck: Vec<Card>,
}

impl Dealer {
    /// Hands `numbers[i]` in `hands[slots[i]]`, dealt in place (the number and actions of
    /// the hand finished there kept in `finished`), their first shuffles hashed together
    /// ([`shuffle_many_into`], up to [`WIDE`] at a time, into `orders`).
    fn deal_group(
        &self,
        slots: &[usize],
        hands: &mut [HandState],
        finished: &mut [Finished],
        numbers: &[u64],
        orders: &mut [Vec<Card>],
    ) -> Result<()> {
        let messages: [[u8; 41]; WIDE] = std::array::from_fn(|i| {
            let number = slots.get(i).map_or(0, |&slot| numbers[slot]);
            shuffle_message(self.seed, number, 0, 0)
        });
        let refs: [&[u8]; WIDE] = std::array::from_fn(|i| &messages[i][..]);
        let orders = &mut orders[..slots.len()];
        shuffle_many_into(&self.deck, &refs[..slots.len()], orders);
        for (&slot, order) in slots.iter().zip(orders.iter()) {
            let (hand, number) = (&mut hands[slot], numbers[slot]);
            let kept = &mut finished[slot];
            let swap = |kept: &mut Finished, hand: &mut HandState| {
                std::mem::swap(&mut kept.number, &mut hand.number);
                std::mem::swap(&mut kept.actions, &mut hand.actions);
                std::mem::swap(&mut kept.records, &mut hand.records);
                std::mem::swap(&mut kept.stacks, &mut hand.stacks);
            };
            // The finished hand's vectors are kept, the next hand dealt in the older ones.
            swap(kept, hand);
            if let Err(error) = hand.deal_again(&self.spec, self.deal(number, Some(order))) {
                // A refused deal changed nothing: the finished hand is put back.
                swap(kept, hand);
                return Err(error);
            }
        }
        Ok(())
    }

    /// Hand `number` played again through `actions` (the actions a quiet hand of the batch
    /// took), as a hand with its full events: they must be the quiet hand's `records`, and its
    /// stacks `stacks` (a panic says otherwise: the engine would not be one function of the
    /// deal and the actions).
    fn replay(
        &self,
        number: u64,
        actions: &[Action],
        records: &[Record],
        stacks: &[u64],
    ) -> HandState {
        let deal = self.deal(number, None);
        let mut hand = HandState::new(Arc::clone(&self.spec), deal).expect("dealt once already");
        for action in actions {
            let seat = hand
                .actor
                .expect("the hand went on after this action before");
            let cards = action.cards.clone();
            (hand.apply_legal(seat, action.kind, action.amount, cards)).expect("played before");
        }
        let replayed = hand.events.iter().map(Record::of);
        assert!(
            replayed.eq(records.iter().copied()) && hand.stacks == stacks,
            "hand {number} played again is not the batch's hand"
        );
        hand
    }

    /// Hand `number` (1, 2, ...) of the seed, its first shuffle's order `shuffled` when found
    /// already.
    fn deal<'a>(&'a self, number: u64, shuffled: Option<&'a [Card]>) -> Deal<'a> {
        let seats = self.stacks.len() as u64;
        let button = if self.spec.button_moves {
            (number - 1) % seats
        } else {
            seats - 1
        };
        Deal {
            stacks: &self.stacks,
            button: button as i64,
            seed: self.seed,
            number,
            stacked: &[],
            shuffled,
        }
    }
}

/// N hands of one game, each waiting for its seat to act.
#[derive(Debug, Clone)]
pub struct Batch {
    dealer: Dealer,
    pub actions: ActionLayout,
    pub observation: ObservationLayout,
    hands: Vec<HandState>,
    choices: Vec<Choices>,
    /// Each slot's last finished hand (number 0: none yet).
    finished: Vec<Finished>,
    next_number: u64,
    /// The game deals cards face up ([`Spec::deals_up`]).
    deals_up: bool,
    /// Each slot's next hand number after a step, 0 where its hand goes on (kept between steps
    /// so that a step allocates nothing for it).
    numbers: Vec<u64>,
    /// [`WIDE`] card orders for each part of a step: the decks of the hands it deals, hashed
    /// together (kept between steps, like `numbers`).
    orders: Vec<Vec<Card>>,
    /// Each slot's hand's events as the observation reads them.
    seen: Vec<Seen>,
}

impl Batch {
    /// `batch` hands of `spec` for `seats` seats of `stack` chips, dealt from `seed`.
    pub fn new(
        spec: Arc<Spec>,
        batch: usize,
        seats: usize,
        stack: u64,
        seed: u64,
        actions: ActionLayout,
        observation: ObservationLayout,
    ) -> Result<Batch> {
        if !(1..=MAX_BATCH).contains(&batch) {
            return Err(Error::InvalidArgument(format!(
                "batch must be 1..{MAX_BATCH} hands, not {batch}"
            )));
        }
        let deals_up = spec.deals_up();
        let mut actions = actions;
        actions.find_presets(spec.structure);
        let dealer = Dealer {
            deck: spec.deck.cards(),
            spec,
            stacks: vec![i64::try_from(stack).unwrap_or(i64::MAX); seats],
            seed,
        };
        let mut made = Batch {
            dealer,
            actions,
            observation,
            hands: Vec::with_capacity(batch),
            choices: Vec::with_capacity(batch),
            finished: vec![Finished::default(); batch],
            next_number: batch as u64 + 1,
            deals_up,
            numbers: vec![0; batch],
            orders: Vec::new(),
            seen: vec![Seen::default(); batch],
        };
        for number in 1..=batch as u64 {
            let hand = HandState::new_quiet(
                Arc::clone(&made.dealer.spec),
                made.dealer.deal(number, None),
            )?;
            if hand.actor.is_none() {
                // Every seat has the same stack, so every hand would be over as it is dealt.
                return Err(Error::InvalidArgument(format!(
                    "stacks of {stack} chips are all in before anyone acts: nothing to play"
                )));
            }
            made.choices.push(Choices::of(&hand, &made.actions)?);
            made.seen[number as usize - 1].update(&hand, &made.observation);
            made.hands.push(hand);
        }
        Ok(made)
    }

    /// How many hands the batch holds.
    pub fn len(&self) -> usize {
        self.hands.len()
    }

    /// Whether the batch holds no hand (never: a batch holds at least one).
    pub fn is_empty(&self) -> bool {
        self.hands.is_empty()
    }

    pub fn seats(&self) -> usize {
        self.dealer.stacks.len()
    }

    /// A copy of the hand in slot `slot`, with its full events (the hand played again from its
    /// deal: the batch's hands keep their events as records, [`HandState::quiet`]).
    pub fn hand(&self, slot: usize) -> HandState {
        let hand = &self.hands[slot];
        (self.dealer).replay(hand.number, &hand.actions, &hand.records, &hand.stacks)
    }

    /// The number of the hand in slot `slot` (hand `k` of the seed).
    pub fn number(&self, slot: usize) -> u64 {
        self.hands[slot].number
    }

    /// A copy of the last hand slot `slot` finished, if any, with its full events.
    pub fn finished(&self, slot: usize) -> Option<HandState> {
        let kept = &self.finished[slot];
        let (number, actions) = (kept.number, &kept.actions);
        (number > 0).then(|| (self.dealer).replay(number, actions, &kept.records, &kept.stacks))
    }

    /// The seat to act in each slot.
    pub fn actors(&self) -> impl Iterator<Item = usize> + '_ {
        self.hands.iter().map(|h| h.actor.unwrap_or(0))
    }

    /// Each slot's action mask, `actions.count` flags a row.
    pub fn legal_into(&self, out: &mut [bool]) {
        let width = self.actions.count;
        for (row, choices) in out.chunks_exact_mut(width).zip(&self.choices) {
            // Eight flags at a time, copied from the table of every byte's flags.
            let mut bits = choices.mask;
            let mut eights = row.chunks_exact_mut(8);
            for eight in &mut eights {
                eight.copy_from_slice(&BYTE_FLAGS[(bits & 0xff) as usize]);
                bits >>= 8;
            }
            let rest = eights.into_remainder();
            rest.copy_from_slice(&BYTE_FLAGS[(bits & 0xff) as usize][..rest.len()]);
        }
    }

    /// One uniformly random legal index for each slot, written over `out` (one a slot): a pure
    /// function of `seed`, the slot and its mask, so the same seed over the same hands picks the
    /// same actions whatever the batch size or the number of threads. Slot `i` draws the
    /// SplitMix64 number `i + 1` of the stream from `seed` ([`sample_key`]), and takes its
    /// `k`-th legal index (in increasing order) for `k = (draw * legal) >> 64`: each of the
    /// `legal` indices within `legal / 2^64` of `1 / legal`.
    ///
    /// ```
    /// use drawpoker::engine::batch::sample_key;
    /// // the slot's 64-bit draw: equal seeds and slots draw the same, others differ
    /// assert_eq!(sample_key(7, 3), sample_key(7, 3));
    /// assert_ne!(sample_key(7, 3), sample_key(7, 4));
    /// assert_ne!(sample_key(7, 3), sample_key(8, 3));
    /// ```
    pub fn sample_legal_into(&self, seed: u64, out: &mut [i64]) {
        for (slot, (pick, choices)) in out.iter_mut().zip(&self.choices).enumerate() {
            *pick = nth_set_bit(choices.mask, sample_key(seed, slot as u64)) as i64;
        }
    }

    /// Each slot's observation for its seat to act, `observation.size` numbers a row.
    pub fn observe_into(&self, out: &mut [f32]) {
        let (size, chunk, deals_up) = (self.observation.size, self.chunk(), self.deals_up);
        let parts = (out.chunks_mut(chunk * size))
            .zip(self.hands.chunks(chunk))
            .zip(self.seen.chunks(chunk));
        let encoded = run_parts(parts, self.parallel(chunk), |((rows, hands), seen)| {
            for ((row, hand), seen) in rows.chunks_exact_mut(size).zip(hands).zip(seen) {
                let me = hand.actor.unwrap_or(0);
                (self.observation).encode(hand, seen, me, deals_up, row);
            }
            Ok(())
        });
        encoded.expect("encoding cannot fail");
    }

    /// How many slots one thread takes: all of them in a batch smaller than [`PARALLEL_MIN`],
    /// else an equal share for each of rayon's threads. Every slot is stepped and encoded on
    /// its own, so the results do not depend on the split.
    fn chunk(&self) -> usize {
        let n = self.hands.len();
        if n < PARALLEL_MIN {
            n
        } else {
            n.div_ceil(rayon::current_num_threads())
        }
    }

    /// Whether parts of `chunk` slots are several, run on rayon's threads.
    fn parallel(&self, chunk: usize) -> bool {
        chunk < self.hands.len()
    }

    /// Why `index` is refused in slot `slot`, or `None`.
    fn refusal(&self, slot: usize, index: i64) -> Option<String> {
        let mask = self.choices[slot].mask;
        if (0..self.actions.count as i64).contains(&index) && mask >> index & 1 == 1 {
            return None;
        }
        let legal: Vec<String> = (0..self.actions.count)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| i.to_string())
            .collect();
        Some(format!(
            "slot {slot} (seat {} to act) cannot take action {index}: legal now are [{}]",
            self.hands[slot].actor.unwrap_or(0),
            legal.join(", ")
        ))
    }

    /// Applies `actions[i]` to hand `i`. Every action is checked first: one refused changes
    /// nothing. A hand that ends writes each seat's reward (chips won or lost; in a game without
    /// betting its share of the point less `1 / seats`) to its row of `rewards` (0 elsewhere),
    /// sets its `done` flag, and the slot deals its next hand. A batch of [`PARALLEL_MIN`] hands
    /// or more is stepped on rayon's threads, with the same results.
    pub fn step(&mut self, actions: &[i64], rewards: &mut [f64], done: &mut [bool]) -> Result<()> {
        if actions.len() != self.hands.len() {
            return Err(Error::InvalidArgument(format!(
                "actions must hold one index for each of the {} hands, not {}",
                self.hands.len(),
                actions.len()
            )));
        }
        if let Some(reason) = (0..actions.len()).find_map(|i| self.refusal(i, actions[i])) {
            return Err(Error::IllegalAction(reason));
        }
        rewards.fill(0.0);
        done.fill(false);
        let (chunk, seats, layout) = (self.chunk(), self.seats(), &self.actions);
        let observation = &self.observation;
        let parallel = self.parallel(chunk);
        let parts = (self.hands.chunks_mut(chunk))
            .zip(self.choices.chunks_mut(chunk))
            .zip(self.seen.chunks_mut(chunk))
            .zip(actions.chunks(chunk))
            .zip(rewards.chunks_mut(chunk * seats))
            .zip(done.chunks_mut(chunk));
        run_parts(
            parts,
            parallel,
            |(((((hands, choices), seen), actions), rewards), done)| {
                let rows = rewards.chunks_exact_mut(seats);
                let slots = hands.iter_mut().zip(choices).zip(seen);
                for (((((hand, choices), seen), &index), row), done) in
                    slots.zip(actions).zip(rows).zip(done)
                {
                    apply(hand, choices, layout, index as usize)?;
                    // A new hand waits for an action: the first did (see `new`), and every hand
                    // starts with the same stacks and forced bets.
                    if hand.actor.is_none() {
                        add_rewards(hand, row);
                        *done = true;
                    } else {
                        // The hand goes on: its next choices and events are read while it is in
                        // the cache (a dealt hand's after its deal, below).
                        choices.read(hand, layout)?;
                        seen.update(hand, observation);
                    }
                }
                Ok(())
            },
        )?;
        // The hands that ended take the next numbers in slot order, whatever the split.
        for (number, &ended) in self.numbers.iter_mut().zip(done.iter()) {
            *number = if ended { self.next_number } else { 0 };
            self.next_number += u64::from(ended);
        }
        let parts = self.hands.len().div_ceil(chunk);
        if self.orders.len() < parts * WIDE {
            self.orders.resize_with(parts * WIDE, Vec::new);
        }
        let (dealer, numbers) = (&self.dealer, &self.numbers);
        let parts = (self.hands.chunks_mut(chunk))
            .zip(self.finished.chunks_mut(chunk))
            .zip(self.choices.chunks_mut(chunk))
            .zip(numbers.chunks(chunk))
            .zip(self.orders.chunks_mut(WIDE))
            .zip(self.seen.chunks_mut(chunk));
        run_parts(
            parts,
            parallel,
            |(((((hands, finished), choices), numbers), orders), seen)| {
                // The slots whose hands ended, dealt [`WIDE`] at a time.
                let mut group = [0usize; WIDE];
                let mut waiting = 0;
                for (slot, &number) in numbers.iter().enumerate() {
                    if number == 0 {
                        continue;
                    }
                    group[waiting] = slot;
                    waiting += 1;
                    if waiting == WIDE {
                        dealer.deal_group(&group, hands, finished, numbers, orders)?;
                        waiting = 0;
                    }
                }
                dealer.deal_group(&group[..waiting], hands, finished, numbers, orders)?;
                let slots = hands.iter().zip(choices).zip(seen).zip(numbers);
                for (((hand, choices), seen), _) in slots.filter(|(_, &number)| number > 0) {
                    choices.read(hand, layout)?;
                    seen.clear();
                    seen.update(hand, observation);
                }
                Ok(())
            },
        )
    }
}

/// The flags of each byte's bits, lowest bit first: `BYTE_FLAGS[b][i]` is bit `i` of `b`.
const BYTE_FLAGS: [[bool; 8]; 256] = {
    let mut table = [[false; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            table[byte][bit] = byte >> bit & 1 == 1;
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The SplitMix64 finaliser (Steele, Lea and Flood, 2014): a bijection of 64-bit numbers that
/// spreads every input bit over the output.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Slot `slot`'s draw for [`Batch::sample_legal_into`] under `seed`: the SplitMix64 number
/// `slot + 1` of the stream that starts at `mix(seed)` (the seed is mixed first, so that
/// neighbouring seeds start unrelated streams).
pub fn sample_key(seed: u64, slot: u64) -> u64 {
    const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;
    mix(mix(seed).wrapping_add(slot.wrapping_add(1).wrapping_mul(GAMMA)))
}

/// The position of the `k`-th set bit of `mask` (from the lowest, `k = (draw * ones) >> 64`),
/// or 0 for an empty mask (a batch's masks never are). A mask of the first eight indices (every
/// betting decision of a layout of up to six sizes) is looked up in [`BYTE_SET_BITS`]: a loop of
/// `k` rounds ends after a random count of them, and a mispredicted end cost more than the rest.
fn nth_set_bit(mut mask: u64, draw: u64) -> u32 {
    let ones = mask.count_ones();
    let k = ((u128::from(draw) * u128::from(ones)) >> 64) as u32;
    if mask < 256 {
        return u32::from(BYTE_SET_BITS[mask as usize][k as usize & 7]);
    }
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() % 64
}

/// `BYTE_SET_BITS[b][k]`: the position of the `k`-th set bit of the byte `b` (0 past its last,
/// and for the empty byte).
const BYTE_SET_BITS: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// Runs `job` on each part: on rayon's threads when `parallel` (there are several parts),
/// else on this one, without a vector of the parts (waking a thread for one part would only
/// cost, and so would allocating).
fn run_parts<P: Send>(
    parts: impl Iterator<Item = P>,
    parallel: bool,
    job: impl Fn(P) -> Result<()> + Sync + Send,
) -> Result<()> {
    if parallel {
        parts.collect::<Vec<P>>().into_par_iter().try_for_each(job)
    } else {
        parts.into_iter().try_for_each(job)
    }
}

/// Applies the action of `index` (allowed by the mask of `choices`) to `hand`. Every index the
/// mask allows is the rules' own choice, so it goes in without asking them again: folds, checks,
/// calls, bring-ins and draws, and bet or raise totals (the smallest, all-in, or a preset, which
/// the engine offers as legal totals).
fn apply(
    hand: &mut HandState,
    choices: &Choices,
    actions: &ActionLayout,
    index: usize,
) -> Result<()> {
    let seat = hand.actor.unwrap_or(0);
    if index >= actions.first_discard {
        let bits = index - actions.first_discard;
        let discards = (hand.cards[seat].iter().enumerate())
            .filter(|(i, _)| bits >> i & 1 == 1)
            .map(|(_, &card)| card)
            .collect();
        return hand.apply_legal(seat, ActionKind::Draw, 0, discards);
    }
    let (kind, amount) = match index {
        0 => (Some(ActionKind::Fold), 0),
        1 => (choices.passive, 0),
        _ => (choices.sized, choices.totals[index - 2]),
    };
    // The mask allows only the indices the choices name (`Batch::refusal`).
    let Some(kind) = kind else {
        return Err(Error::IllegalAction(format!("action {index} is not open")));
    };
    debug_assert_eq!(
        hand.why_illegal(kind, amount as i64, &[]),
        None,
        "index {index}"
    );
    hand.apply_legal(seat, kind, amount, Vec::new())
}

/// Adds what each seat won or lost in the finished `hand` to `row`.
fn add_rewards(hand: &HandState, row: &mut [f64]) {
    let seats = hand.seats;
    for (seat, reward) in row.iter_mut().enumerate() {
        *reward += if hand.spec.structure.is_none() {
            let share = if hand.winners.contains(&seat) {
                1.0 / hand.winners.len() as f64
            } else {
                0.0
            };
            share - 1.0 / seats as f64
        } else {
            hand.stacks[seat] as f64 - hand.start_stacks[seat] as f64
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_read_by_their_python_names() {
        assert_eq!(Size::from_name("bet/raise"), Size::Smallest);
        assert_eq!(Size::from_name("all-in"), Size::AllIn);
        assert_eq!(Size::from_name("pot"), Size::Preset("pot".into()));
        assert!(ActionLayout::new(vec![Size::AllIn; 9], 0).is_err());
        assert_eq!(ActionLayout::new(vec![Size::AllIn], 5).unwrap().count, 35);
    }

    use crate::draw::limit::DrawLimit;
    use crate::engine::spec::{
        BetSize, CardOrder, Deck, FirstToAct, ForcedBets, HandCards, OddChip, Opening, ShowOrder,
        ShowdownPart, Street,
    };
    use crate::engine::state::Deal;
    use crate::eval::Ranking;

    /// No-limit Hold'em (`draws` false) or a fixed-limit 2-7 triple draw for the tests below.
    fn game(draws: bool) -> Spec {
        let street = |down, board, draw, first| Street {
            down,
            up: 0,
            board,
            draw,
            betting: true,
            bet_size: BetSize::Small,
            first,
        };
        let (first, next) = (FirstToAct::LeftOfBigBlind, FirstToAct::LeftOfButton);
        let streets = if draws {
            let draw = Some(DrawLimit::Five);
            vec![
                street(5, 0, None, first),
                street(0, 0, draw, next),
                street(0, 0, draw, next),
                street(0, 0, draw, next),
            ]
        } else {
            vec![
                street(2, 0, None, first),
                street(0, 3, None, next),
                street(0, 1, None, next),
                street(0, 1, None, next),
            ]
        };
        let (structure, ranking) = if draws {
            let (small, big, cap) = (100, 200, 4);
            let heads_up_uncapped = true;
            let limit = Structure::FixedLimit {
                small,
                big,
                cap,
                heads_up_uncapped,
            };
            (limit, Ranking::DeuceSeven)
        } else {
            (Structure::NoLimit { min_bet: 100 }, Ranking::High)
        };
        Spec {
            name: "test".into(),
            deck: Deck::STANDARD,
            min_seats: 2,
            max_seats: 10,
            forced: ForcedBets {
                small_blind: 50,
                big_blind: 100,
                ..ForcedBets::default()
            },
            streets,
            structure: Some(structure),
            opening: Opening::Any,
            redeal_if_unopened: false,
            showdown: vec![ShowdownPart {
                ranking,
                cards: HandCards::BestOfAll,
                qualifier: None,
                odd_chip: OddChip::LeftOfButton,
            }],
            show_order: ShowOrder::LastAggressor,
            card_order: CardOrder::High,
            button_moves: true,
        }
    }

    #[test]
    fn a_quiet_hand_logs_the_records_of_the_full_hands_events() {
        let sizes = ["min bet/raise", "50% pot", "pot", "2x", "all-in"];
        let mut kinds = std::collections::HashSet::new();
        for draws in [false, true] {
            let spec = Arc::new(game(draws));
            let sizes = sizes.iter().map(|name| Size::from_name(name)).collect();
            let mut layout = ActionLayout::new(sizes, if draws { 5 } else { 0 }).unwrap();
            layout.find_presets(spec.structure);
            let stacks = [2_000i64; 6];
            for number in 1..=300u64 {
                let deal = Deal {
                    stacks: &stacks,
                    button: (number % 6) as i64,
                    seed: 11,
                    number,
                    stacked: &[],
                    shuffled: None,
                };
                let mut full = HandState::new(Arc::clone(&spec), deal).unwrap();
                let mut quiet = HandState::new_quiet(Arc::clone(&spec), deal).unwrap();
                let mut draw = number;
                while full.actor.is_some() {
                    let choices = Choices::of(&full, &layout).unwrap();
                    draw = mix(draw);
                    let index = nth_set_bit(choices.mask, draw) as usize;
                    apply(&mut full, &choices, &layout, index).unwrap();
                    apply(&mut quiet, &choices, &layout, index).unwrap();
                }
                assert!(quiet.events.is_empty() && full.records.is_empty());
                let records: Vec<Record> = full.events.iter().map(Record::of).collect();
                assert_eq!(quiet.records, records, "hand {number}");
                assert_eq!((quiet.stacks, quiet.actions), (full.stacks, full.actions));
                kinds.extend(records.iter().map(|r| r.kind));
            }
        }
        // Every kind of event these two games log was logged.
        for name in [
            "blind",
            "deal",
            "board",
            "check",
            "fold",
            "call",
            "bet",
            "raise",
            "draw",
            "discard",
            "receive",
            "reshuffle",
            "expose",
            "show",
            "return",
            "award",
        ] {
            let kind = EventKind::from_name(name).unwrap();
            assert!(kinds.contains(&kind), "{name}");
        }
    }

    #[test]
    fn the_nth_set_bit_covers_every_set_bit_in_order() {
        let mask = 0b1011_0010u64;
        let picks: Vec<u32> = (0..4u64)
            .map(|k| nth_set_bit(mask, (k << 62) + 1))
            .collect();
        assert_eq!(picks, [1, 4, 5, 7]);
        assert_eq!(nth_set_bit(1 << 63, u64::MAX), 63);
        assert_eq!(nth_set_bit(0, 5), 0);
        // Every mask of one byte (looked up) and of two (counted), at every place of a draw.
        for mask in 1..1u64 << 16 {
            let bits: Vec<u32> = (0..16).filter(|b| mask >> b & 1 == 1).collect();
            for (k, &bit) in bits.iter().enumerate() {
                let ones = bits.len() as u64;
                // the smallest draw whose place is k: ceil(k * 2^64 / ones)
                let draw = ((u128::from(k as u64) << 64).div_ceil(u128::from(ones))) as u64;
                assert_eq!(nth_set_bit(mask, draw), bit, "mask {mask:b}, k {k}");
                if k > 0 {
                    assert_eq!(
                        nth_set_bit(mask, draw - 1),
                        bits[k - 1],
                        "mask {mask:b}, k {k}"
                    );
                }
            }
        }
    }
}
