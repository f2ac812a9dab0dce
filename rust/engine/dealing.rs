//! Dealing: each shuffle (seeded, or stacked by the caller), the forced bets of a new deal, the
//! cards of each street (down, up, board), and the draw with its reshuffles (R-DRAW-7, 8).

use super::deal;
use super::event::{Blind, Detail, EventKind};
use super::spec::{ForcedBets, FULL_DECK};
use super::state::{invalid, log_event, wrap, HandState, Phase};
use crate::card::{format_card, Card};
use crate::draw::limit::DrawLimit;
use crate::error::Result;

impl HandState {
    /// The next card order, as the new stub: the caller's stacked order if one is waiting, else
    /// the seeded one (written over the old stub's vector): `found` when the caller found it
    /// already.
    pub(super) fn shuffle_stub(&mut self, cards: &[Card], shuffle: u32, found: Option<&[Card]>) {
        let (seed, number, deal) = (self.seed, self.number, self.deal_number);
        if self.stacked_used < self.stacked.len() {
            let top = &self.stacked[self.stacked_used];
            self.stacked_used += 1;
            self.deck = deal::stacked(top, cards, seed, number, deal, shuffle);
            return;
        }
        if let Some(order) = found {
            debug_assert_eq!(order, deal::shuffled(cards, seed, number, deal, shuffle));
            self.deck.clear();
            self.deck.extend_from_slice(order);
            return;
        }
        deal::shuffled_into(cards, seed, number, deal, shuffle, &mut self.deck);
    }

    /// Posts the forced bets and deals: the first shuffle's order is `shuffled` when the
    /// caller found it already ([`super::state::Deal::shuffled`]).
    pub(super) fn new_deal(&mut self, shuffled: Option<&[Card]>) {
        let forced = self.spec.forced;
        if forced.ante > 0 {
            self.post_antes(forced.ante);
        }
        if forced.big_blind > 0 {
            self.post_blinds(forced);
        }
        // The deck in card order, unless the order was found already (the batch engine's
        // deals) and no stacked order comes first: then only a debug build reads it.
        let mut fresh = [0; FULL_DECK];
        let stacked = self.stacked_used < self.stacked.len();
        let fresh = if shuffled.is_none() || stacked || cfg!(debug_assertions) {
            self.spec.deck.cards_in(&mut fresh)
        } else {
            &[]
        };
        self.shuffle_stub(fresh, 0, shuffled);
        self.discards.clear();
        self.cards.iter_mut().for_each(Vec::clear);
        self.face_up.iter_mut().for_each(Vec::clear);
        self.board.clear();
        self.street = 0;
        self.start_street();
    }

    pub(super) fn post_antes(&mut self, ante: u64) {
        for seat in 0..self.seats {
            let stack = self.stacks[seat];
            let paid = ante.min(stack);
            if paid > 0 {
                self.stacks[seat] = stack - paid;
                self.committed[seat] += paid;
                self.log_public(EventKind::Ante, Some(seat), paid);
            }
        }
    }

    /// The small blind left of the button and the big blind left of it; heads-up the button
    /// posts the small blind (R-HE-1). Seats without chips are skipped (R-HE-7); a seat that
    /// cannot cover its blind posts what it has. The bet to call is the whole big blind. A
    /// big-blind ante is posted first, by the big blind, as dead money (TDA): it belongs to the
    /// main pot and counts toward no bet.
    pub(super) fn post_blinds(&mut self, forced: ForcedBets) {
        let (small_seat, big_seat) = {
            let mut in_hand = self.seats_after(self.button).filter(|&s| self.live[s]);
            let (first, second) = (in_hand.next(), in_hand.next());
            let (first, second) = first.zip(second).expect("a hand has two seats with chips");
            if in_hand.next().is_none() {
                (self.button, first)
            } else {
                (first, second)
            }
        };
        let ante = forced.big_blind_ante.min(self.stacks[big_seat]);
        if ante > 0 {
            self.stacks[big_seat] -= ante;
            self.dead += ante;
            self.log_public(EventKind::Ante, Some(big_seat), ante);
        }
        for (seat, blind, name) in [
            (small_seat, forced.small_blind, Blind::Small),
            (big_seat, forced.big_blind, Blind::Big),
        ] {
            let paid = blind.min(self.stacks[seat]);
            if paid > 0 {
                self.stacks[seat] -= paid;
                self.bets[seat] += paid;
                self.committed[seat] += paid;
                self.log_detailed(EventKind::Blind, seat, paid, Detail::Blind(name));
            }
        }
        self.big_blind_seat = Some(big_seat);
        self.current_bet = forced.big_blind;
        self.largest_raise = forced.big_blind;
        self.forced_in_bets = true;
    }

    pub(super) fn start_street(&mut self) {
        let street = self.spec.streets[self.street].clone();
        let count = usize::from(street.down + street.up);
        if count > 0 {
            self.deal_to_seats(usize::from(street.down), usize::from(street.up));
        }
        if street.board > 0 {
            let new = &self.deck[..usize::from(street.board)];
            self.board.extend_from_slice(new);
            log_event!(self, EventKind::Board, None, None, 0, new, Detail::None);
            self.deck.drain(..usize::from(street.board));
        }
        if street.draw.is_some() {
            self.phase = Phase::Draw;
            self.drawn.fill(-1);
            self.actor = self.next_live(self.button + 1);
            return;
        }
        self.start_betting();
    }

    /// Deals `down` cards face down and then `up` face up to every live seat, one card at a time
    /// round the table from the button's left (seat i of the order gets deck[i], deck[i +
    /// players], ...). When the stub cannot give every seat its one card, one card goes face up
    /// to the board as a common card for all (R-STUD-7).
    fn deal_to_seats(&mut self, down: usize, up: usize) {
        let players = self.live.iter().filter(|&&l| l).count();
        let count = down + up;
        if self.deck.len() < players * count && count == 1 {
            let common = self.deck.remove(0);
            self.board.push(common);
            log_event!(
                self,
                EventKind::Board,
                None,
                None,
                0,
                &[common],
                Detail::None
            );
            return;
        }
        // The live seats from the button's left, without a vector of them.
        let order = (1..=self.seats).map(|i| wrap(self.button + i, self.seats));
        for (i, seat) in order.clone().filter(|&s| self.live[s]).enumerate() {
            let start = self.cards[seat].len();
            let new = (0..count).map(|j| self.deck[i + j * players]);
            self.cards[seat].extend(new);
            self.face_up[seat].extend((0..count).map(|j| j >= down));
            if down > 0 {
                let new = &self.cards[seat][start..start + down];
                log_event!(
                    self,
                    EventKind::Deal,
                    Some(seat),
                    Some(seat),
                    0,
                    new,
                    Detail::None
                );
            }
        }
        // The up cards after every seat's down cards: each seat's last `up` cards.
        if up > 0 {
            for seat in order.filter(|&s| self.live[s]) {
                let new = &self.cards[seat][self.cards[seat].len() - up..];
                log_event!(self, EventKind::Up, Some(seat), None, 0, new, Detail::None);
            }
        }
        self.deck.drain(..players * count);
    }

    /// The draw limit of the current street.
    pub(super) fn draw_limit(&self) -> DrawLimit {
        self.spec.streets[self.street]
            .draw
            .expect("the draw phase is on a draw street")
    }

    /// Checks, when a draw of `count` cards will reshuffle and a stacked order is waiting, that
    /// the order holds only cards of the discard pile.
    pub(super) fn check_stacked_reshuffle(&self, count: usize) -> Result<()> {
        if count <= self.deck.len() || self.stacked_used >= self.stacked.len() {
            return Ok(());
        }
        let order = &self.stacked[self.stacked_used];
        if let Some(&card) = order.iter().find(|c| !self.discards.contains(c)) {
            return invalid(format!(
                "stacked shuffle {}: {} is not in the discard pile being reshuffled",
                self.stacked_used,
                format_card(card)
            ));
        }
        Ok(())
    }

    pub(super) fn draw(&mut self, seat: usize, discards: &[Card]) {
        let count = discards.len();
        if count > 0 {
            self.exchange(seat, discards);
        }
        self.drawn[seat] = count as i32;
        self.log_public(EventKind::Draw, Some(seat), count as u64);
        let next = self
            .seats_after(seat)
            .find(|&s| self.live[s] && self.drawn[s] < 0);
        match next {
            Some(s) => self.actor = Some(s),
            None => self.start_betting(),
        }
    }

    /// Replaces `discards` by cards from the stub; when it runs short, the discards of the
    /// seats that drew before are shuffled into a new stub (R-DRAW-8: never the drawer's own).
    pub(super) fn exchange(&mut self, seat: usize, discards: &[Card]) {
        let count = discards.len();
        let from_stub = count.min(self.deck.len());
        let mut new: Vec<Card> = self.deck.drain(..from_stub).collect();
        if new.len() < count {
            self.reshuffles += 1;
            let pile = std::mem::take(&mut self.discards);
            self.shuffle_stub(&pile, self.reshuffles, None);
            self.log_public(EventKind::Reshuffle, None, self.deck.len() as u64);
            let missing = (count - new.len()).min(self.deck.len());
            new.extend(self.deck.drain(..missing));
        }
        let mut kept: Vec<Card> = self.cards[seat]
            .iter()
            .copied()
            .filter(|c| !discards.contains(c))
            .collect();
        kept.extend_from_slice(&new);
        self.face_up[seat] = vec![false; kept.len()];
        self.cards[seat] = kept;
        self.discards.extend_from_slice(discards);
        let amount = count as u64;
        let to = Some(seat);
        log_event!(
            self,
            EventKind::Discard,
            to,
            to,
            amount,
            discards,
            Detail::None
        );
        log_event!(self, EventKind::Receive, to, to, amount, &new, Detail::None);
    }
}
