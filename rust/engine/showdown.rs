//! The end of a hand: the uncalled bet returned (R-POT-2), the pots (R-POT-1), the hands shown in
//! the spec's order, and the pots paid to the best hands that paid into them (R-POT-3, 4).

use super::boards::card_key;
use super::event::{Event, EventKind};
use super::pots::{award_parts, side_pots, uncalled_bet, Pot};
use super::spec::{CardOrder, HandCards, OddChip, Qualifier, ShowOrder, ShowdownPart};
use super::state::{HandState, Phase};
use crate::eval::ace_five::qualifies_low8;
use crate::eval::{omaha, Ranking};

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
        self.committed.fill(0);
        self.bets.fill(0);
        self.dead = 0;
    }

    /// The seat's strength in a showdown part, `None` when its hand does not qualify.
    fn part_strength(&self, part: &ShowdownPart, seat: usize) -> Option<u16> {
        let own = &self.cards[seat];
        let strength = match part.cards {
            HandCards::BestOfAll => {
                let mut cards = own.clone();
                cards.extend_from_slice(&self.board);
                part.ranking.evaluate(&cards)
            }
            HandCards::TwoHoleThreeBoard if part.ranking == Ranking::High => {
                omaha::evaluate(own, &self.board)
            }
            HandCards::TwoHoleThreeBoard => {
                omaha::evaluate_hilo(own, &self.board).map(|(_, low)| low.unwrap_or(0))
            }
        }
        .expect("the spec's check matched the hands to the ranking");
        match part.qualifier {
            Some(Qualifier::EightOrBetter) => qualifies_low8(strength).then_some(strength),
            None => Some(strength),
        }
    }

    /// Every seat in the order its tied hands take odd chips by `rule` (R-POT-3, R-STUD-10).
    fn odd_chip_order(&self, rule: OddChip) -> Vec<usize> {
        let mut order = self.order_from_button();
        match rule {
            OddChip::LeftOfButton => {}
            OddChip::HighCardBySuit => {
                order.sort_by_key(|&s| std::cmp::Reverse(self.cards[s].iter().copied().max()))
            }
            OddChip::LowCardBySuit => order.sort_by_key(|&s| {
                self.cards[s]
                    .iter()
                    .map(|&c| card_key(c, CardOrder::Low))
                    .min()
                    .unwrap_or(u8::MAX)
            }),
        }
        order
    }

    /// Where the showdown starts (R-STUD-8; TDA practice in flop games).
    fn show_start(&self) -> usize {
        let live = |s: &usize| self.live[*s];
        let left_of_button = (self.button + 1) % self.seats;
        match self.spec.show_order {
            ShowOrder::LeftOfButton => left_of_button,
            ShowOrder::LastAggressor => self.aggressor.filter(live).unwrap_or(left_of_button),
            ShowOrder::LastAggressorAnyStreet => self
                .aggressor_any
                .filter(live)
                .or(self.round_first.filter(live))
                .unwrap_or(left_of_button),
        }
    }

    /// Shows the `live` hands in the spec's order, every part of each (a `low` event for a
    /// qualifying low); each pot goes to the best hands that paid into it, part by part.
    pub(super) fn showdown(&mut self, live: &[usize]) {
        let parts = self.spec.showdown.clone();
        let strengths: Vec<Vec<Option<u16>>> = parts
            .iter()
            .map(|part| {
                (0..self.seats)
                    .map(|s| self.live[s].then(|| self.part_strength(part, s)).flatten())
                    .collect()
            })
            .collect();
        let start = self.show_start();
        let order: Vec<usize> = (0..self.seats)
            .map(|i| (start + i) % self.seats)
            .filter(|&s| self.live[s])
            .collect();
        for &seat in &order {
            let strength = strengths[0][seat].expect("the first part takes every hand");
            self.revealed.push((seat, self.cards[seat].clone()));
            self.strengths.push((seat, strength));
            self.events.push(Event {
                kind: EventKind::Show,
                seat: Some(seat),
                to: None,
                amount: u64::from(strength),
                cards: self.cards[seat].clone(),
            });
            for part in &strengths[1..] {
                if let Some(low) = part[seat] {
                    self.events
                        .push(Event::public(EventKind::Low, Some(seat), u64::from(low)));
                }
            }
        }
        self.winners = live
            .iter()
            .copied()
            .filter(|&s| {
                strengths.iter().any(|part| {
                    let best = live.iter().filter_map(|&t| part[t]).max();
                    part[s].is_some() && part[s] == best
                })
            })
            .collect();
        let orders: Vec<Vec<usize>> = parts
            .iter()
            .map(|p| self.odd_chip_order(p.odd_chip))
            .collect();
        let pots = self.pots();
        self.payouts = award_parts(&pots, &strengths, &orders);
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
