//! The end of a hand: the uncalled bet returned (R-POT-2), the pots (R-POT-1), the hands shown in
//! the spec's order, and the pots paid to the best hands that paid into them (R-POT-3, 4).

use super::event::{Event, EventKind};
use super::pots::{award, side_pots, uncalled_bet, Pot};
use super::spec::ShowOrder;
use super::state::{HandState, Phase};

impl HandState {
    pub(super) fn finish(&mut self) {
        self.phase = Phase::Done;
        self.actor = None;
        if let Some((seat, chips)) = uncalled_bet(&self.committed) {
            self.committed[seat] -= chips;
            self.stacks[seat] += chips;
            self.events
                .push(Event::public(EventKind::Return, Some(seat), chips));
        }
        let live: Vec<usize> = (0..self.seats).filter(|&s| self.live[s]).collect();
        if live.len() == 1 {
            self.winners = live.clone();
            self.payouts[live[0]] = self.pot();
        } else {
            self.showdown(&live);
        }
        for seat in 0..self.seats {
            let chips = self.payouts[seat];
            if chips > 0 {
                self.stacks[seat] += chips;
                self.events
                    .push(Event::public(EventKind::Win, Some(seat), chips));
            }
        }
        self.committed = vec![0; self.seats];
        self.bets = vec![0; self.seats];
        self.dead = 0;
    }

    /// The seat's strength in the first showdown part: its own cards with the board.
    pub(super) fn strength(&self, seat: usize) -> u16 {
        let part = self.spec.showdown[0];
        let mut cards = self.cards[seat].clone();
        cards.extend_from_slice(&self.board);
        part.ranking
            .evaluate(&cards)
            .expect("the spec's check matched the hand size to the ranking")
    }

    /// Shows the `live` hands in the spec's order; the best take the pots.
    pub(super) fn showdown(&mut self, live: &[usize]) {
        let start = match self.spec.show_order {
            ShowOrder::LastAggressor => self
                .aggressor
                .filter(|&s| self.live[s])
                .unwrap_or((self.button + 1) % self.seats),
            ShowOrder::LeftOfButton => (self.button + 1) % self.seats,
        };
        let order: Vec<usize> = (0..self.seats)
            .map(|i| (start + i) % self.seats)
            .filter(|&s| self.live[s])
            .collect();
        for &seat in &order {
            let strength = self.strength(seat);
            self.revealed.push((seat, self.cards[seat].clone()));
            self.strengths.push((seat, strength));
            self.events.push(Event {
                kind: EventKind::Show,
                seat: Some(seat),
                to: None,
                amount: u64::from(strength),
                cards: self.cards[seat].clone(),
            });
        }
        let strength_of = |seat: usize| {
            self.strengths
                .iter()
                .find(|(s, _)| *s == seat)
                .map(|&(_, v)| v)
        };
        let best = self.strengths.iter().map(|&(_, v)| v).max();
        self.winners = live
            .iter()
            .copied()
            .filter(|&s| strength_of(s) == best)
            .collect();
        let pots = self.pots();
        self.payouts = award(&pots, strength_of, &self.order_from_button());
    }

    /// The pots to award: the side pots of the seats' chips (R-POT-1), with the dead money (a
    /// big-blind ante) in the main pot; when the main pot is not open to every live seat (the
    /// big blind went all-in on the ante alone), the dead money is a pot of its own that every
    /// live seat may win.
    pub(super) fn pots(&self) -> Vec<Pot> {
        let mut pots = side_pots(&self.committed, &self.live);
        if self.dead == 0 {
            return pots;
        }
        let everyone: Vec<usize> = (0..self.seats).filter(|&s| self.live[s]).collect();
        match pots.first_mut() {
            Some(main) if main.eligible == everyone => main.amount += self.dead,
            _ => pots.insert(
                0,
                Pot {
                    amount: self.dead,
                    eligible: everyone,
                },
            ),
        }
        pots
    }
}
