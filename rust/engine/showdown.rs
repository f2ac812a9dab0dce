//! The end of a hand: the uncalled bet returned (R-POT-2), the pots (R-POT-1), the hands shown in
//! the spec's order, and the pots paid to the best hands that paid into them (R-POT-3, 4).

use super::boards::card_key;
use super::event::{Award, Detail, EventKind, Share};
use super::pots::{payouts_into, side_pots_into, uncalled_bet, Payout, PayoutScratch, Pot};
use super::spec::{CardOrder, HandCards, OddChip, Qualifier, ShowOrder, ShowdownPart, MAX_SEATS};
use super::state::{log_event, recycled, wrap, HandState, Phase};
use crate::card::{check_hand, Card};
use crate::error::Result;
use crate::eval::ace_five::qualifies_low8;
use crate::eval::{ace_five, high, omaha, short_deck, Ranking};

impl ShowdownPart {
    /// The strength of a hand of `own` cards with the `board` in this part, `None` when it does
    /// not qualify (R-A5-4); an error when the cards do not fit the part's ranking.
    ///
    /// ```
    /// use drawpoker::card::parse_cards;
    /// use drawpoker::engine::spec::{HandCards, OddChip, Qualifier, ShowdownPart};
    /// use drawpoker::eval::Ranking;
    /// let low = ShowdownPart {
    ///     ranking: Ranking::AceFive,
    ///     cards: HandCards::BestOfAll,
    ///     qualifier: Some(Qualifier::EightOrBetter),
    ///     odd_chip: OddChip::LowCardBySuit,
    /// };
    /// let seven = parse_cards("As 2d 3c 4h 7s Kd Kc").unwrap();
    /// let none = parse_cards("As Ad 9c 9h Ts Kd Kc").unwrap();
    /// assert!(low.strength(&seven, &[]).unwrap().is_some());
    /// assert_eq!(low.strength(&none, &[]).unwrap(), None);
    /// assert!(low.strength(&seven[..2], &[]).is_err());
    /// ```
    pub fn strength(&self, own: &[Card], board: &[Card]) -> Result<Option<u16>> {
        self.check_cards(own, board)?;
        Ok(self.strength_of_dealt(own, board))
    }

    /// Refuses cards the part cannot score, for the reason its evaluator gives (the hand's
    /// size, a card twice or not of the deck).
    fn check_cards(&self, own: &[Card], board: &[Card]) -> Result<()> {
        match self.cards {
            HandCards::BestOfAll => {
                let mut cards = own.to_vec();
                cards.extend_from_slice(board);
                // The rankings check as they evaluate; the strength itself is found by
                // `strength_of_valid`, the one body of both.
                self.ranking.evaluate(&cards).map(drop)
            }
            HandCards::TwoHoleThreeBoard => omaha::check(own, board, None),
        }
    }

    /// [`ShowdownPart::strength`] of cards that fit the part (the engine's own hands, which
    /// `Spec::check` matched to the ranking), `None` when the hand does not qualify.
    pub(super) fn strength_of_dealt(&self, own: &[Card], board: &[Card]) -> Option<u16> {
        self.strength_in(&PartTables::get(), own, board)
    }

    /// [`ShowdownPart::strength_of_dealt`] in `tables` (fetched once for a showdown's hands).
    fn strength_in(&self, tables: &PartTables, own: &[Card], board: &[Card]) -> Option<u16> {
        let strength = self.strength_of_valid(tables, own, board);
        // Strengths run from 1: 0 is a hand that does not qualify.
        (strength > 0).then_some(strength)
    }
}

/// The evaluation tables showdown parts read, fetched once for a hot loop.
#[derive(Clone, Copy)]
pub struct PartTables {
    high: &'static high::HighTables,
    low: &'static ace_five::AceFiveTables,
    short_deck: &'static short_deck::ShortDeckTables,
}

impl PartTables {
    /// The tables (built on first use).
    pub fn get() -> PartTables {
        PartTables {
            high: high::tables(),
            low: ace_five::tables(),
            short_deck: short_deck::tables(),
        }
    }
}

impl ShowdownPart {
    /// [`ShowdownPart::strength`] of cards known to fit the part, 0 when the hand does not
    /// qualify: no checks and no allocation, the hot path of equity's deal walks. `own` and
    /// `board` hold distinct cards of the deck, at most seven in all, as many as the ranking
    /// scores (two-hole-three-board: 4 to 6 own cards and 3 to 5 board cards).
    ///
    /// ```
    /// use drawpoker::card::parse_cards;
    /// use drawpoker::engine::showdown::PartTables;
    /// use drawpoker::engine::spec::{HandCards, OddChip, Qualifier, ShowdownPart};
    /// use drawpoker::eval::Ranking;
    /// let low = ShowdownPart {
    ///     ranking: Ranking::AceFive,
    ///     cards: HandCards::TwoHoleThreeBoard,
    ///     qualifier: Some(Qualifier::EightOrBetter),
    ///     odd_chip: OddChip::LowCardBySuit,
    /// };
    /// let (hole, board) = (parse_cards("Ac 2c Kd Kh").unwrap(), parse_cards("3h 4s 8c Ks 7d").unwrap());
    /// let fast = low.strength_of_valid(&PartTables::get(), &hole, &board);
    /// assert_eq!(Some(fast), low.strength(&hole, &board).unwrap());
    /// ```
    #[inline]
    pub fn strength_of_valid(&self, tables: &PartTables, own: &[Card], board: &[Card]) -> u16 {
        let strength = match (self.cards, self.ranking) {
            (HandCards::BestOfAll, ranking) => {
                let mut cards = [0u8; 7];
                let all = if board.is_empty() {
                    own
                } else {
                    cards[..own.len()].copy_from_slice(own);
                    cards[own.len()..own.len() + board.len()].copy_from_slice(board);
                    &cards[..own.len() + board.len()]
                };
                match ranking {
                    Ranking::High => tables.high.eval(all),
                    Ranking::AceFive => tables.low.eval(all),
                    Ranking::ShortDeck => tables.short_deck.eval(all),
                    other => other
                        .evaluate(all)
                        .expect("the caller matched the cards to the ranking"),
                }
            }
            (HandCards::TwoHoleThreeBoard, Ranking::High) => {
                omaha::best_of(tables.high, tables.low, own, board, false).0
            }
            (HandCards::TwoHoleThreeBoard, _) => omaha::best_low8(tables.low, own, board),
        };
        match self.qualifier {
            Some(Qualifier::EightOrBetter) if !qualifies_low8(strength) => 0,
            _ => strength,
        }
    }
}

/// Each hand's share of a pot when `hands` show down on `board` under the showdown `parts`:
/// the parts some hand qualifies for take equal shares (R-SPLIT-1, a pot without a qualifying
/// low goes whole to the high, R-A5-4), each split equally among its best hands (R-POT-3, odd
/// chips aside). The shares add up to 1. A card out of range or dealt twice (in the hands and
/// the board together) is refused as [`check_hand`] refuses it.
///
/// ```
/// use drawpoker::card::parse_cards;
/// use drawpoker::engine::showdown::showdown_shares;
/// use drawpoker::engine::spec::{HandCards, OddChip, Qualifier, ShowdownPart};
/// use drawpoker::eval::Ranking;
/// let part = |ranking, qualifier, odd_chip| ShowdownPart { ranking, cards: HandCards::BestOfAll, qualifier, odd_chip };
/// let hi_lo = [
///     part(Ranking::High, None, OddChip::HighCardBySuit),
///     part(Ranking::AceFive, Some(Qualifier::EightOrBetter), OddChip::LowCardBySuit),
/// ];
/// let hands = [parse_cards("As 2s 3d 4c 8h Kd Kc").unwrap(), parse_cards("Qs Qd Qh 9c 9d Tc Jd").unwrap()];
/// assert_eq!(showdown_shares(&hi_lo, &hands, &[]).unwrap(), [0.5, 0.5]);
/// assert_eq!(showdown_shares(&hi_lo[..1], &hands, &[]).unwrap(), [0.0, 1.0]);
/// let twice = showdown_shares(&hi_lo, &hands, &parse_cards("Qs").unwrap()).unwrap_err();
/// assert_eq!(twice.to_string(), "duplicate card Qs");
/// ```
pub fn showdown_shares(
    parts: &[ShowdownPart],
    hands: &[Vec<Card>],
    board: &[Card],
) -> Result<Vec<f64>> {
    let every_card: Vec<Card> = hands.iter().flatten().chain(board).copied().collect();
    check_hand(&every_card, true, None)?;
    let mut bests: Vec<Vec<usize>> = Vec::new();
    for part in parts {
        let strengths = hands
            .iter()
            .map(|hand| part.strength(hand, board))
            .collect::<Result<Vec<_>>>()?;
        if let Some(best) = strengths.iter().flatten().max() {
            bests.push(
                (0..hands.len())
                    .filter(|&h| strengths[h] == Some(*best))
                    .collect(),
            );
        }
    }
    let mut shares = vec![0.0; hands.len()];
    for tied in &bests {
        for &hand in tied {
            shares[hand] += 1.0 / (bests.len() * tied.len()) as f64;
        }
    }
    Ok(shares)
}

/// The vectors a showdown works in, kept from hand to hand (a hand made in the vectors of
/// the one before takes them: [`HandState::new_reusing`]), so that a showdown allocates
/// nothing once they have room.
#[derive(Debug, Clone, Default)]
pub(crate) struct ShowdownScratch {
    /// Each part's strength of each seat (`None`: folded, or no qualifying hand).
    strengths: Vec<Vec<Option<u16>>>,
    /// Each part's odd-chip order of the seats.
    orders: Vec<Vec<usize>>,
    levels: Vec<u64>,
    /// The pots (the first ones: [`side_pots_into`]).
    pots: Vec<Pot>,
    payout: PayoutScratch,
    /// Who won what from which pot.
    paid: Vec<Payout<u16>>,
}

impl HandState {
    pub(super) fn finish(&mut self) {
        self.phase = Phase::Done;
        self.actor = None;
        if let Some((seat, chips)) = uncalled_bet(&self.committed) {
            self.committed[seat] -= chips;
            self.stacks[seat] += chips;
            self.log_public(EventKind::Return, Some(seat), chips);
        }
        // The live seats, on the stack (a table seats at most `MAX_SEATS`).
        let mut live = [0; MAX_SEATS];
        let mut count = 0;
        for seat in (0..self.seats).filter(|&s| self.live[s]) {
            live[count] = seat;
            count += 1;
        }
        let live = &live[..count];
        if live.len() == 1 {
            self.winners.clear();
            self.winners.push(live[0]);
            let uncontested = Award {
                pot: 0,
                pots: 1,
                share: Share::Whole,
                strength: None,
            };
            self.pay(live[0], self.pot(), uncontested);
        } else {
            let mut scratch = std::mem::take(&mut self.scratch);
            let pots = self.showdown(live, &mut scratch);
            for paid in &scratch.paid {
                let award = Award {
                    pot: paid.pot,
                    pots,
                    share: paid.share,
                    strength: Some(paid.strength),
                };
                self.pay(paid.seat, paid.chips, award);
            }
            self.scratch = scratch;
        }
        self.committed.fill(0);
        self.bets.fill(0);
        self.dead = 0;
    }

    /// Pays `seat` the `chips` it won (nothing to log when it won none).
    fn pay(&mut self, seat: usize, chips: u64, award: Award) {
        if chips > 0 {
            self.payouts[seat] += chips;
            self.stacks[seat] += chips;
            self.log_detailed(EventKind::Award, seat, chips, Detail::Award(award));
        }
    }

    /// The seat's strength in a showdown part, `None` when its hand does not qualify.
    fn part_strength(&self, tables: &PartTables, part: &ShowdownPart, seat: usize) -> Option<u16> {
        part.strength_in(tables, &self.cards[seat], &self.board)
    }

    /// Every seat, written over `order`, in the order its tied hands take odd chips by `rule`
    /// (R-POT-3, R-STUD-10).
    fn odd_chip_order_into(&self, rule: OddChip, order: &mut Vec<usize>) {
        order.clear();
        order.extend(self.seats_after(self.button));
        // Stable sorts of a table's few seats (no buffer below 21 items).
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
    /// qualifying low); each pot goes to the best hands that paid into it, part by part:
    /// `scratch.paid` holds each winner of each pot's part, and the count of pots is returned.
    fn showdown(&mut self, live: &[usize], scratch: &mut ShowdownScratch) -> usize {
        // The parts are read where the hand is not changed: no count of the spec's `Arc` is
        // taken (two atomic operations a showdown).
        let parts = self.spec.showdown.len();
        let tables = PartTables::get();
        scratch.strengths.resize_with(parts, Vec::new);
        for (part, row) in self.spec.showdown.iter().zip(&mut scratch.strengths) {
            row.clear();
            row.extend((0..self.seats).map(|s| {
                (self.live[s])
                    .then(|| self.part_strength(&tables, part, s))
                    .flatten()
            }));
        }
        let strengths = &scratch.strengths;
        let (start, seats) = (self.show_start(), self.seats);
        for seat in (0..seats).map(|i| wrap(start + i, seats)) {
            if !self.live[seat] {
                continue;
            }
            let strength = strengths[0][seat].expect("the first part takes every hand");
            let shown = recycled(&mut self.spare, &self.cards[seat]);
            self.revealed.push((seat, shown));
            self.strengths.push((seat, strength));
            let (cards, amount) = (&self.cards[seat], u64::from(strength));
            log_event!(
                self,
                EventKind::Show,
                Some(seat),
                None,
                amount,
                cards,
                Detail::None
            );
            for part in &strengths[1..] {
                if let Some(low) = part[seat] {
                    self.log_public(EventKind::Low, Some(seat), u64::from(low));
                }
            }
        }
        let winners = live.iter().copied().filter(|&s| {
            strengths.iter().any(|part| {
                let best = live.iter().filter_map(|&t| part[t]).max();
                part[s].is_some() && part[s] == best
            })
        });
        self.winners.clear();
        self.winners.extend(winners);
        scratch.orders.resize_with(parts, Vec::new);
        for (part, order) in self.spec.showdown.iter().zip(&mut scratch.orders) {
            self.odd_chip_order_into(part.odd_chip, order);
        }
        let count = self.pots_into(&mut scratch.levels, &mut scratch.pots);
        payouts_into(
            &scratch.pots[..count],
            &scratch.strengths,
            &scratch.orders,
            &mut scratch.payout,
            &mut scratch.paid,
        );
        count
    }

    /// The pots to award, written over `pots` ([`side_pots_into`]; how many): the side pots of
    /// the seats' chips (R-POT-1), with the dead money (a big-blind ante) in the main pot; when
    /// the main pot is not open to every live seat (the big blind went all-in on the ante
    /// alone), the dead money is a pot of its own that every live seat may win, first.
    fn pots_into(&self, levels: &mut Vec<u64>, pots: &mut Vec<Pot>) -> usize {
        let count = side_pots_into(&self.committed, &self.live, levels, pots);
        if self.dead == 0 {
            return count;
        }
        let everyone = || (0..self.seats).filter(|&s| self.live[s]);
        if count > 0 && pots[0].eligible.iter().copied().eq(everyone()) {
            pots[0].amount += self.dead;
            return count;
        }
        if pots.len() == count {
            pots.push(Pot {
                amount: 0,
                eligible: Vec::new(),
            });
        }
        let dead = &mut pots[count];
        dead.amount = self.dead;
        dead.eligible.clear();
        dead.eligible.extend(everyone());
        pots[..=count].rotate_right(1);
        count + 1
    }
}
