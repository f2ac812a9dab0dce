//! One hand of any game as a state machine: its state, `act`, and the moves from street to
//! street. It reads everything game-specific from its [`Spec`]; betting (`betting.rs`), dealing
//! and drawing (`dealing.rs`) and the end of the hand (`showdown.rs`) are its other parts.
//!
//! Seats are `0..seats` clockwise; the button sits at `button`. Chips are integers and are
//! conserved at every step (R-POT-5): `stacks + committed + dead` never changes until the pots are
//! paid. An action is checked completely before anything changes, so a refused action leaves
//! the hand as it was.

use std::sync::Arc;

use super::action::{Action, ActionKind};
use super::boards::{board_key, bring_in_key, has_pair};
use super::event::{Detail, Event, EventKind, Record};
use super::showdown::ShowdownScratch;
use super::spec::{BetSize, FirstToAct, Spec, Structure, MAX_SEATS};
use crate::card::{card_of, format_card, Card};
use crate::error::{Error, Result};

/// What the hand is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// A betting round.
    Bet,
    /// A draw.
    Draw,
    /// The hand is over and the pots are paid.
    Done,
}

impl Phase {
    /// The public name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Bet => "bet",
            Phase::Draw => "draw",
            Phase::Done => "done",
        }
    }
}

/// The most chips a stack may hold (2^53 - 1: exact in a double, so in JSON and in a browser).
pub const MAX_CHIPS: u64 = (1 << 53) - 1;

/// A single hand.
#[derive(Debug, Clone)]
pub struct HandState {
    pub spec: Arc<Spec>,
    pub seats: usize,
    pub button: usize,
    pub seed: u64,
    /// The hand's number in its game (part of the deal's bytes).
    pub number: u64,
    pub start_stacks: Vec<u64>,
    pub stacks: Vec<u64>,
    /// Chips each seat put in during the hand (antes, blinds, bets).
    pub committed: Vec<u64>,
    /// Chips each seat put in during the current betting round.
    pub bets: Vec<u64>,
    /// Chips in the main pot that count toward no seat's bet (a big-blind ante).
    pub dead: u64,
    /// Seats still in the hand (dealt in and not folded).
    pub live: Vec<bool>,
    /// Each seat's own cards, in the order received.
    pub cards: Vec<Vec<Card>>,
    /// Which of each seat's cards are face up (stud), parallel to `cards`.
    pub face_up: Vec<Vec<bool>>,
    pub board: Vec<Card>,
    /// The stub: the cards not dealt yet, next card first.
    pub deck: Vec<Card>,
    /// Cards discarded in draws since the last reshuffle (they may form a new stub).
    pub discards: Vec<Card>,
    pub reshuffles: u32,
    /// 0, then 1, 2, ... after each redeal (R-DRAW-5).
    pub deal_number: u32,
    /// Card orders fixed by the caller for the hand's shuffles, used in turn (a stacked deck).
    pub stacked: Vec<Vec<Card>>,
    pub stacked_used: usize,
    pub street: usize,
    pub phase: Phase,
    pub actor: Option<usize>,
    pub current_bet: u64,
    pub largest_raise: u64,
    /// The bet each seat last answered in this round (-1: has not acted).
    pub acted_at: Vec<i64>,
    /// The first bettor of the first betting round (R-DRAW-9).
    pub opener: Option<usize>,
    /// The last seat that bet or raised in the latest betting round played.
    pub aggressor: Option<usize>,
    /// The last seat that bet or raised in the hand (R-STUD-8).
    pub aggressor_any: Option<usize>,
    /// The seat that started the latest betting round played.
    pub round_first: Option<usize>,
    /// Full bets and raises made in this round (the big blind or a completion counts as the bet).
    pub bets_in_round: u32,
    /// The total of the round's last full bet or raise (the big blind before the flop).
    pub full_bet_to: u64,
    /// Seats that could bet when this round started (the heads-up option of the cap).
    pub round_players: usize,
    /// The fixed-limit bet of this round.
    pub round_size: u64,
    /// The bigger bet this round allows besides `round_size` (the big bet with an open pair).
    pub bigger_bet: Option<u64>,
    /// The seat that must post the bring-in or complete, before anyone else acts.
    pub bring_in_due: bool,
    /// The big blind's seat, when the game has blinds.
    pub big_blind_seat: Option<usize>,
    /// Cards each seat exchanged in the latest draw (-1: has not drawn).
    pub drawn: Vec<i32>,
    /// Hands shown, in the order shown.
    pub revealed: Vec<(usize, Vec<Card>)>,
    /// The strength of each shown hand (first showdown part), in the order shown.
    pub strengths: Vec<(usize, u16)>,
    pub winners: Vec<usize>,
    pub payouts: Vec<u64>,
    /// The events, in order (empty in a quiet hand: see `records`).
    pub events: Vec<Event>,
    /// A quiet hand (the batch engine's) logs its events as [`Record`]s in `records` instead
    /// of `events`: the same events, in the same order, without their details and card
    /// vectors. The full events are the hand played again from its deal and `actions`.
    pub quiet: bool,
    pub records: Vec<Record>,
    pub actions: Vec<Action>,
    /// Seats live with chips (kept up to date during betting rounds).
    pub(super) able: usize,
    /// The blinds sit in `bets` and belong to the first betting round.
    pub(super) forced_in_bets: bool,
    pub(super) exposed: bool,
    /// Emptied card vectors of the finished hand this one was made in (its events' and shown
    /// hands'), taken again by this hand's events ([`recycled`]): the batch engine deals its
    /// hands without allocating them. Empty for a hand made from nothing.
    pub(super) spare: Vec<Vec<Card>>,
    /// The showdown's vectors, kept from the finished hand this one was made in.
    pub(super) scratch: ShowdownScratch,
}

/// `seat` taken round a table of `seats`, for a `seat` below `2 * seats` (a seat plus at most a
/// lap): one comparison instead of a division, in the loops that go round the table.
pub(super) fn wrap(seat: usize, seats: usize) -> usize {
    debug_assert!(seat < 2 * seats);
    if seat >= seats {
        seat - seats
    } else {
        seat
    }
}

/// The most emptied card vectors a hand keeps for its events.
const SPARE_CAPACITY: usize = 64;

/// `cards` in a vector taken from `spare` when one is left, else a new one.
pub(super) fn recycled(spare: &mut Vec<Vec<Card>>, cards: &[Card]) -> Vec<Card> {
    let mut vector = spare.pop().unwrap_or_default();
    vector.clear();
    vector.extend_from_slice(cards);
    vector
}

/// Logs an event of `$hand` (a [`HandState`]): as an [`Event`] (its cards in a vector taken
/// from the hand's spares), or in a quiet hand as a [`Record`]. A macro, so that `$cards` may
/// be borrowed from the hand's other fields.
macro_rules! log_event {
    ($hand:ident, $kind:expr, $seat:expr, $to:expr, $amount:expr, $cards:expr, $detail:expr) => {{
        let (kind, seat, to, amount, detail): (EventKind, Option<usize>, Option<usize>, u64, _) =
            ($kind, $seat, $to, $amount, $detail);
        let cards: &[$crate::card::Card] = $cards;
        if $hand.quiet {
            $hand.records.push($crate::engine::event::Record::new(
                kind, seat, to, amount, cards,
            ));
        } else {
            let cards = if cards.is_empty() {
                Vec::new()
            } else {
                $crate::engine::state::recycled(&mut $hand.spare, cards)
            };
            $hand.events.push($crate::engine::event::Event {
                kind,
                seat,
                to,
                amount,
                cards,
                detail,
            });
        }
    }};
}
pub(super) use log_event;

/// The events a new hand makes room for: a hand of six seats logs some 40, and growing from
/// empty would copy them five times.
const EVENTS_CAPACITY: usize = 48;

/// `vector` holding `seats` copies of `value` (its capacity kept).
fn refill<T: Copy>(vector: &mut Vec<T>, seats: usize, value: T) {
    vector.clear();
    vector.resize(seats, value);
}

/// `rows` holding `seats` empty rows (each row keeps its capacity).
fn empty_rows<T>(rows: &mut Vec<Vec<T>>, seats: usize) {
    rows.truncate(seats);
    rows.iter_mut().for_each(Vec::clear);
    rows.resize_with(seats, Vec::new);
}

/// Everything `HandState::new` needs (borrowed: the batch engine deals every hand from the
/// same stacks without copying them).
#[derive(Debug, Clone, Copy)]
pub struct Deal<'a> {
    pub stacks: &'a [i64],
    pub button: i64,
    pub seed: u64,
    pub number: u64,
    pub stacked: &'a [Vec<i64>],
    /// The seeded order of the deal's first shuffle (`deal::shuffled` of the deck, hand
    /// `number`, deal 0, shuffle 0) when the caller has found it already: the batch engine
    /// hashes several hands' decks at once ([`crate::shuffle::shuffle_many_into`]). It is taken
    /// as it is (debug builds check it); a stacked order comes before it.
    pub shuffled: Option<&'a [Card]>,
}

pub(super) fn invalid<T>(message: String) -> Result<T> {
    Err(Error::InvalidArgument(message))
}

impl HandState {
    /// A new hand: posts the forced bets, deals, and waits for the first action. In a game with
    /// chips a seat without chips sits out (R-DRAW-11); a game without betting deals everyone in.
    pub fn new(spec: Arc<Spec>, deal: Deal<'_>) -> Result<HandState> {
        Self::new_reusing(spec, deal, None)
    }

    /// [`HandState::new`] made in the vectors of `old`, a hand the caller no longer needs (the
    /// batch engine's finished hands): the same hand with fewer allocations.
    pub fn new_reusing(
        spec: Arc<Spec>,
        deal: Deal<'_>,
        old: Option<HandState>,
    ) -> Result<HandState> {
        let mut hand = old.unwrap_or_else(|| HandState::empty(Arc::clone(&spec)));
        hand.deal_again(&spec, deal)?;
        Ok(hand)
    }

    /// [`HandState::new`] as a quiet hand: its events logged as [`Record`]s
    /// ([`HandState::records`]).
    pub(crate) fn new_quiet(spec: Arc<Spec>, deal: Deal<'_>) -> Result<HandState> {
        let mut hand = HandState::empty(Arc::clone(&spec));
        hand.quiet = true;
        hand.deal_again(&spec, deal)?;
        Ok(hand)
    }

    /// A hand of no seats with empty vectors, for [`HandState::deal_again`] to deal.
    fn empty(spec: Arc<Spec>) -> HandState {
        HandState {
            spec,
            seats: 0,
            button: 0,
            seed: 0,
            number: 0,
            start_stacks: Vec::new(),
            stacks: Vec::new(),
            committed: Vec::new(),
            bets: Vec::new(),
            dead: 0,
            live: Vec::new(),
            cards: Vec::new(),
            face_up: Vec::new(),
            board: Vec::new(),
            deck: Vec::new(),
            discards: Vec::new(),
            reshuffles: 0,
            deal_number: 0,
            stacked: Vec::new(),
            stacked_used: 0,
            street: 0,
            phase: Phase::Bet,
            actor: None,
            current_bet: 0,
            largest_raise: 0,
            acted_at: Vec::new(),
            opener: None,
            aggressor: None,
            aggressor_any: None,
            round_first: None,
            bets_in_round: 0,
            full_bet_to: 0,
            round_players: 0,
            round_size: 0,
            bigger_bet: None,
            bring_in_due: false,
            big_blind_seat: None,
            drawn: Vec::new(),
            revealed: Vec::new(),
            strengths: Vec::new(),
            winners: Vec::new(),
            payouts: Vec::new(),
            events: Vec::new(),
            quiet: false,
            records: Vec::new(),
            actions: Vec::with_capacity(EVENTS_CAPACITY / 2),
            able: 0,
            forced_in_bets: false,
            exposed: false,
            spare: Vec::new(),
            scratch: ShowdownScratch::default(),
        }
    }

    /// Deals `deal` of `spec` in this hand's vectors, in place of the hand it held (the batch
    /// engine's slots deal each hand in the vectors of the one finished before, without
    /// allocating or moving them): the hand [`HandState::new`] makes. A deal it refuses changes
    /// nothing.
    pub(crate) fn deal_again(&mut self, spec: &Arc<Spec>, deal: Deal<'_>) -> Result<()> {
        let seats = deal.stacks.len();
        if !(spec.min_seats..=spec.max_seats).contains(&seats) || seats > MAX_SEATS {
            return invalid(format!(
                "{seats} seats is not allowed here ({}..{})",
                spec.min_seats, spec.max_seats
            ));
        }
        if deal.stacks.iter().any(|&s| s < 0) {
            return invalid(format!("a stack cannot be negative: {:?}", deal.stacks));
        }
        if let Some(&s) = deal.stacks.iter().find(|&&s| s as u64 > MAX_CHIPS) {
            return invalid(format!("a stack of {s} chips is more than {MAX_CHIPS}"));
        }
        // In a game with chips a seat without chips sits out.
        let betting = spec.structure.is_some();
        let dealt_in = |stack: i64| !betting || stack > 0;
        if deal.stacks.iter().filter(|&&s| dealt_in(s)).count() < 2 {
            return invalid(format!(
                "a hand needs two seats with chips, got {:?}",
                deal.stacks
            ));
        }
        if !(0..seats as i64).contains(&deal.button) {
            return invalid(format!("button {} is not a seat of {seats}", deal.button));
        }
        let button = deal.button as usize;
        if !dealt_in(deal.stacks[button]) && spec.button_moves {
            return invalid(format!("the button seat {button} has no chips"));
        }
        self.stacked = Self::checked_stacked(spec, deal.stacked)?;
        self.keep_spare_cards();
        if !Arc::ptr_eq(&self.spec, spec) {
            self.spec = Arc::clone(spec);
        }
        (self.seats, self.button, self.seed, self.number) = (seats, button, deal.seed, deal.number);
        self.start_stacks.clear();
        (self.start_stacks).extend(deal.stacks.iter().map(|&s| s as u64));
        self.stacks.clear();
        self.stacks.extend_from_slice(&self.start_stacks);
        refill(&mut self.committed, seats, 0);
        refill(&mut self.bets, seats, 0);
        self.dead = 0;
        self.live.clear();
        self.live.extend(deal.stacks.iter().map(|&s| dealt_in(s)));
        empty_rows(&mut self.cards, seats);
        empty_rows(&mut self.face_up, seats);
        self.board.clear();
        self.deck.clear();
        self.discards.clear();
        (self.reshuffles, self.deal_number, self.stacked_used) = (0, 0, 0);
        (self.street, self.phase, self.actor) = (0, Phase::Bet, None);
        (self.current_bet, self.largest_raise) = (0, 0);
        refill(&mut self.acted_at, seats, -1);
        (self.opener, self.aggressor, self.aggressor_any) = (None, None, None);
        self.round_first = None;
        (self.bets_in_round, self.full_bet_to, self.round_players) = (0, 0, 0);
        (self.round_size, self.bigger_bet) = (0, None);
        (self.bring_in_due, self.big_blind_seat) = (false, None);
        refill(&mut self.drawn, seats, -1);
        self.revealed.clear();
        self.strengths.clear();
        self.winners.clear();
        refill(&mut self.payouts, seats, 0);
        self.events.clear();
        self.records.clear();
        if self.quiet {
            self.records.reserve(EVENTS_CAPACITY);
        } else {
            self.events.reserve(EVENTS_CAPACITY);
        }
        self.actions.clear();
        self.actions.reserve(EVENTS_CAPACITY / 2);
        (self.able, self.forced_in_bets, self.exposed) = (0, false, false);
        self.new_deal(deal.shuffled);
        Ok(())
    }

    /// Keeps the card vectors of the hand's events and shown hands, emptied, for the next
    /// hand's events ([`recycled`]; at most [`SPARE_CAPACITY`]).
    fn keep_spare_cards(&mut self) {
        let events = self.events.iter_mut().map(|e| &mut e.cards);
        let shown = self.revealed.iter_mut().map(|(_, cards)| cards);
        for cards in events.chain(shown).filter(|c| c.capacity() > 0) {
            if self.spare.len() == SPARE_CAPACITY {
                break;
            }
            self.spare.push(std::mem::take(cards));
        }
    }

    /// Checks the caller's card orders: cards of the deck, none twice in one order.
    fn checked_stacked(spec: &Spec, orders: &[Vec<i64>]) -> Result<Vec<Vec<Card>>> {
        let mut checked = Vec::with_capacity(orders.len());
        for (i, order) in orders.iter().enumerate() {
            let mut seen = 0u64;
            let mut cards = Vec::with_capacity(order.len());
            for &value in order {
                let Some(card) = card_of(value).filter(|&card| spec.deck.holds(card)) else {
                    return invalid(format!(
                        "stacked shuffle {i}: {value} is not a card of the deck"
                    ));
                };
                if seen >> card & 1 == 1 {
                    return invalid(format!("stacked shuffle {i}: {} twice", format_card(card)));
                }
                seen |= 1 << card;
                cards.push(card);
            }
            checked.push(cards);
        }
        Ok(checked)
    }

    /// Logs an event without cards ([`Event::public`]; a [`Record`] in a quiet hand).
    pub(super) fn log_public(&mut self, kind: EventKind, seat: Option<usize>, amount: u64) {
        log_event!(self, kind, seat, None, amount, &[], Detail::None);
    }

    /// Logs an event with `detail` ([`Event::detailed`]; a [`Record`] in a quiet hand).
    pub(super) fn log_detailed(
        &mut self,
        kind: EventKind,
        seat: usize,
        amount: u64,
        detail: Detail,
    ) {
        log_event!(self, kind, Some(seat), None, amount, &[], detail);
    }

    // ------------------------------------------------------------------ reading

    /// Every chip committed to the hand and not yet awarded.
    pub fn pot(&self) -> u64 {
        self.committed.iter().sum::<u64>() + self.dead
    }

    /// Seats clockwise, starting with the first seat left of `seat`.
    pub fn seats_after(&self, seat: usize) -> impl Iterator<Item = usize> + '_ {
        (1..=self.seats).map(move |i| wrap(seat + i, self.seats))
    }

    /// Seats clockwise starting with the first seat left of the button (the odd-chip order).
    pub fn order_from_button(&self) -> Vec<usize> {
        self.seats_after(self.button).collect()
    }

    pub(super) fn is_first_betting_street(&self) -> bool {
        self.spec.first_betting_street() == Some(self.street)
    }

    // ------------------------------------------------------------------ acting

    /// Applies `kind` with `amount` (a bet or raise's total) and `discards` (a draw's) for the
    /// seat whose turn it is; an illegal action is refused with [`Error::IllegalAction`] and
    /// changes nothing.
    pub fn act(&mut self, kind: ActionKind, amount: i64, discards: &[Card]) -> Result<()> {
        if let Some(reason) = self.why_illegal(kind, amount, discards) {
            return Err(self.refusal(kind.name(), &reason));
        }
        let actor = self.actor.expect("a legal action has a seat to act");
        self.apply_legal(actor, kind, amount as u64, discards.to_vec())
    }

    /// The error that refuses the action `what` (its name as the caller gave it) for `reason`:
    /// it names the seat to act, or says that no one may act.
    pub fn refusal(&self, what: &str, reason: &str) -> Error {
        match self.actor {
            Some(actor) => Error::IllegalAction(format!("seat {actor} cannot {what}: {reason}")),
            None => Error::IllegalAction("the hand is over: no one may act".into()),
        }
    }

    /// Applies an action of `seat`, the seat to act, already found legal: by `why_illegal`, or
    /// by the batch engine's choices (fold, check, call, bring-in and draws the rules offer
    /// now). Only a stacked reshuffle that cannot be dealt is refused here.
    pub(super) fn apply_legal(
        &mut self,
        seat: usize,
        kind: ActionKind,
        amount: u64,
        discards: Vec<Card>,
    ) -> Result<()> {
        if kind == ActionKind::Draw {
            self.check_stacked_reshuffle(discards.len())?;
            self.draw(seat, &discards);
            self.actions.push(Action {
                kind,
                amount: 0,
                cards: discards,
            });
        } else {
            let amount = if kind.is_sized() { amount } else { 0 };
            self.actions.push(Action {
                kind,
                amount,
                cards: Vec::new(),
            });
            self.bet_action(seat, kind, amount);
        }
        Ok(())
    }

    pub(super) fn able_count(&self) -> usize {
        (self.live.iter().zip(&self.stacks))
            .filter(|&(&live, &stack)| live && stack > 0)
            .count()
    }

    // ------------------------------------------------------------------ dealing and streets

    pub(super) fn start_betting(&mut self) {
        let blinds = self.forced_in_bets;
        if self.forced_in_bets {
            self.forced_in_bets = false;
        } else {
            self.bets.fill(0);
            self.current_bet = 0;
            self.largest_raise = 0;
        }
        self.acted_at.fill(-1);
        self.able = self.able_count();
        let street = self.spec.streets[self.street].clone();
        // A round is played when two seats can bet, or when the one seat that can still owes
        // chips (it may fold or call a blind it faces; asked only then).
        let owes = || (0..self.seats).any(|s| self.live[s] && self.stacks[s] > 0 && self.owes(s));
        let played = self.able >= 2 || (self.able == 1 && owes());
        if self.spec.structure.is_none() || !street.betting || !played {
            self.end_street();
            return;
        }
        self.aggressor = None;
        self.phase = Phase::Bet;
        self.bets_in_round = u32::from(blinds);
        self.full_bet_to = if blinds { self.current_bet } else { 0 };
        self.round_players = self.able;
        (self.round_size, self.bigger_bet) = self.bet_sizes(street.bet_size);
        let first = match street.first {
            FirstToAct::LeftOfButton => self.button + 1,
            FirstToAct::LeftOfBigBlind => self.big_blind_seat.map_or(self.button, |s| s) + 1,
            FirstToAct::Opener => self.opener.unwrap_or(self.button + 1),
            FirstToAct::BringIn => {
                self.bring_in_due = true;
                self.bring_in_seat()
            }
            FirstToAct::BestBoard => self.best_board_seat(),
        };
        self.actor = self.next_able(first % self.seats);
        self.round_first = self.actor;
    }

    /// The round's fixed-limit bet and the bigger one it may allow (R-LIMIT-3, R-STUD-4).
    fn bet_sizes(&self, size: BetSize) -> (u64, Option<u64>) {
        let Some(Structure::FixedLimit { small, big, .. }) = self.spec.structure else {
            return (0, None);
        };
        match size {
            BetSize::Small => (small, None),
            BetSize::Big => (big, None),
            BetSize::SmallOrBigWithOpenPair => {
                let open_pair =
                    (0..self.seats).any(|s| self.live[s] && has_pair(&self.up_cards(s)));
                (small, open_pair.then_some(big))
            }
        }
    }

    /// The cards of `seat` that are face up.
    pub fn up_cards(&self, seat: usize) -> Vec<Card> {
        self.cards[seat]
            .iter()
            .zip(&self.face_up[seat])
            .filter(|(_, &up)| up)
            .map(|(&card, _)| card)
            .collect()
    }

    /// The seat with the worst up card among those with chips, which brings in (R-STUD-2).
    fn bring_in_seat(&self) -> usize {
        let order = self.spec.card_order;
        (0..self.seats)
            .filter(|&s| self.live[s] && self.stacks[s] > 0)
            .filter_map(|s| {
                let worst = self
                    .up_cards(s)
                    .into_iter()
                    .map(|c| bring_in_key(c, order))
                    .min();
                worst.map(|key| (key, s))
            })
            .min()
            .map_or(self.button + 1, |(_, s)| s)
    }

    /// The live seat whose up cards rank best, ties to the first left of the button (R-STUD-6).
    fn best_board_seat(&self) -> usize {
        let order = self.spec.card_order;
        let mut best: Option<(u64, usize)> = None;
        for seat in self.seats_after(self.button) {
            if !self.live[seat] {
                continue;
            }
            let key = board_key(&self.up_cards(seat), order);
            if best.is_none_or(|(top, _)| key > top) {
                best = Some((key, seat));
            }
        }
        best.map_or(self.button + 1, |(_, s)| s)
    }

    pub(super) fn end_betting(&mut self) {
        if self.spec.redeal_if_unopened && self.current_bet == 0 && self.is_first_betting_street() {
            self.redeal();
            return;
        }
        self.end_street();
    }

    pub(super) fn end_street(&mut self) {
        if self.live.iter().filter(|&&l| l).count() < 2 {
            self.finish();
            return;
        }
        self.expose_if_betting_is_over();
        self.street += 1;
        if self.street == self.spec.streets.len() {
            self.finish();
        } else {
            self.start_street();
        }
    }

    /// R-HE-8: when no more betting can happen and cards are still to come, every live hand is
    /// tabled before the rest is dealt.
    pub(super) fn expose_if_betting_is_over(&mut self) {
        if self.exposed || self.spec.structure.is_none() || self.able_count() >= 2 {
            return;
        }
        let cards_to_come = self.spec.streets[self.street + 1..]
            .iter()
            .any(|s| s.down + s.up + s.board > 0);
        if !cards_to_come {
            return;
        }
        self.exposed = true;
        for seat in (1..=self.seats).map(|i| wrap(self.button + i, self.seats)) {
            if self.live[seat] {
                let cards = &self.cards[seat];
                log_event!(
                    self,
                    EventKind::Expose,
                    Some(seat),
                    None,
                    0,
                    cards,
                    Detail::None
                );
            }
        }
    }

    pub(super) fn redeal(&mut self) {
        let pot = self.pot();
        log_event!(self, EventKind::Redeal, None, None, pot, &[], Detail::None);
        self.deal_number += 1;
        self.new_deal(None);
    }

    pub(super) fn next_live(&self, start: usize) -> Option<usize> {
        let start = start % self.seats;
        (0..self.seats)
            .map(|i| wrap(start + i, self.seats))
            .find(|&s| self.live[s])
    }

    pub(super) fn next_able(&self, start: usize) -> Option<usize> {
        let start = start % self.seats;
        (0..self.seats)
            .map(|i| wrap(start + i, self.seats))
            .find(|&s| self.live[s] && self.stacks[s] > 0)
    }

    /// Checks or calls for the seat to act (stands pat in a draw): the cheapest legal action.
    pub fn check_or_call(&mut self) -> Result<()> {
        let Some(seat) = self.actor else {
            return Err(Error::IllegalAction(
                "the hand is over: no one may act".into(),
            ));
        };
        let kind = if self.phase == Phase::Draw {
            ActionKind::Draw
        } else if self.bring_in_due {
            ActionKind::BringIn
        } else if self.current_bet > self.bets[seat] {
            ActionKind::Call
        } else {
            ActionKind::Check
        };
        self.act(kind, 0, &[])
    }
}
