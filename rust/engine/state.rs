//! One hand of any game as a state machine: whose turn, the legal actions, `act`, draws,
//! showdown. It reads everything game-specific from its [`Spec`].
//!
//! Seats are `0..seats` clockwise; the button sits at `button`. Chips are integers and are
//! conserved at every step (R-POT-5): `stacks + committed` never changes until the pots are
//! paid. An action is checked completely before anything changes, so a refused action leaves
//! the hand as it was.

use std::sync::Arc;

use super::action::{self, Action, ActionKind, LegalActions};
use super::deal;
use super::event::{Event, EventKind};
use super::pots::{award, side_pots, uncalled_bet, Pot};
use super::spec::{BetContext, FirstToAct, ForcedBets, Opening, ShowOrder, Spec, Structure};
use crate::card::{format_card, format_cards, Card, JOKER};
use crate::draw::limit::DrawLimit;
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
    pub events: Vec<Event>,
    pub actions: Vec<Action>,
    /// Seats live with chips (kept up to date during betting rounds).
    able: usize,
    /// The blinds sit in `bets` and belong to the first betting round.
    forced_in_bets: bool,
    exposed: bool,
}

/// Everything `HandState::new` needs.
#[derive(Debug, Clone)]
pub struct Deal {
    pub stacks: Vec<i64>,
    pub button: i64,
    pub seed: u64,
    pub number: u64,
    pub stacked: Vec<Vec<i64>>,
}

fn invalid<T>(message: String) -> Result<T> {
    Err(Error::InvalidArgument(message))
}

/// Python's `repr` of a short text, for refusals that quote what the caller sent.
fn quoted(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

impl HandState {
    /// A new hand: posts the forced bets, deals, and waits for the first action. In a game with
    /// chips a seat without chips sits out (R-DRAW-11); a game without betting deals everyone in.
    pub fn new(spec: Arc<Spec>, deal: Deal) -> Result<HandState> {
        let seats = deal.stacks.len();
        if !(spec.min_seats..=spec.max_seats).contains(&seats) {
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
        let start: Vec<u64> = deal.stacks.iter().map(|&s| s as u64).collect();
        let betting = spec.structure.is_some();
        let live: Vec<bool> = start.iter().map(|&s| !betting || s > 0).collect();
        if live.iter().filter(|&&l| l).count() < 2 {
            return invalid(format!(
                "a hand needs two seats with chips, got {:?}",
                deal.stacks
            ));
        }
        if !(0..seats as i64).contains(&deal.button) {
            return invalid(format!("button {} is not a seat of {seats}", deal.button));
        }
        let button = deal.button as usize;
        if !live[button] {
            return invalid(format!("the button seat {button} has no chips"));
        }
        let stacked = Self::checked_stacked(&spec, &deal.stacked)?;
        let mut hand = HandState {
            spec,
            seats,
            button,
            seed: deal.seed,
            number: deal.number,
            start_stacks: start.clone(),
            stacks: start,
            committed: vec![0; seats],
            bets: vec![0; seats],
            dead: 0,
            live,
            cards: vec![Vec::new(); seats],
            board: Vec::new(),
            deck: Vec::new(),
            discards: Vec::new(),
            reshuffles: 0,
            deal_number: 0,
            stacked,
            stacked_used: 0,
            street: 0,
            phase: Phase::Bet,
            actor: None,
            current_bet: 0,
            largest_raise: 0,
            acted_at: vec![-1; seats],
            opener: None,
            aggressor: None,
            big_blind_seat: None,
            drawn: vec![-1; seats],
            revealed: Vec::new(),
            strengths: Vec::new(),
            winners: Vec::new(),
            payouts: vec![0; seats],
            events: Vec::new(),
            actions: Vec::new(),
            able: 0,
            forced_in_bets: false,
            exposed: false,
        };
        hand.new_deal();
        Ok(hand)
    }

    /// Checks the caller's card orders: cards of the deck, none twice in one order.
    fn checked_stacked(spec: &Spec, orders: &[Vec<i64>]) -> Result<Vec<Vec<Card>>> {
        let mut checked = Vec::with_capacity(orders.len());
        for (i, order) in orders.iter().enumerate() {
            let mut seen = 0u64;
            let mut cards = Vec::with_capacity(order.len());
            for &value in order {
                if !(0..=i64::from(JOKER)).contains(&value) || !spec.deck.holds(value as Card) {
                    return invalid(format!(
                        "stacked shuffle {i}: {value} is not a card of the deck"
                    ));
                }
                let card = value as Card;
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

    // ------------------------------------------------------------------ reading

    /// Every chip committed to the hand and not yet awarded.
    pub fn pot(&self) -> u64 {
        self.committed.iter().sum::<u64>() + self.dead
    }

    /// Seats clockwise, starting with the first seat left of `seat`.
    pub fn seats_after(&self, seat: usize) -> impl Iterator<Item = usize> + '_ {
        (1..=self.seats).map(move |i| (seat + i) % self.seats)
    }

    /// Seats clockwise starting with the first seat left of the button (the odd-chip order).
    pub fn order_from_button(&self) -> Vec<usize> {
        self.seats_after(self.button).collect()
    }

    fn betting_structure(&self) -> Structure {
        self.spec
            .structure
            .expect("betting happens only in games with a structure")
    }

    fn is_first_betting_street(&self) -> bool {
        self.spec.first_betting_street() == Some(self.street)
    }

    fn may_open(&self, seat: usize) -> bool {
        match &self.spec.opening {
            Opening::Any => true,
            Opening::AtLeast {
                ranking, minimum, ..
            } => ranking
                .evaluate(&self.cards[seat])
                .is_ok_and(|strength| strength >= *minimum),
        }
    }

    /// The opening requirement still applies: first betting round, nobody has bet.
    fn opening_applies(&self) -> bool {
        !matches!(self.spec.opening, Opening::Any)
            && self.is_first_betting_street()
            && self.opener.is_none()
    }

    /// The draw limit of the current street.
    fn draw_limit(&self) -> DrawLimit {
        self.spec.streets[self.street]
            .draw
            .expect("the draw phase is on a draw street")
    }

    /// The actions of the seat whose turn it is.
    pub fn legal_actions(&self) -> Result<LegalActions> {
        let Some(seat) = self.actor else {
            return Err(Error::IllegalAction(
                "the hand is over: no one may act".into(),
            ));
        };
        let mut legal = LegalActions {
            seat,
            kinds: action::CHECK_KINDS,
            call: 0,
            min_to: 0,
            max_to: 0,
            step: 0,
            max_discards: 0,
            presets: Vec::new(),
        };
        if self.phase == Phase::Draw {
            legal.kinds = action::DRAW_KINDS;
            legal.max_discards = self.draw_limit().max_discards(self.cards[seat].len());
            return Ok(legal);
        }
        let (stack, current) = (self.stacks[seat], self.current_bet);
        let all_in_to = self.bets[seat] + stack;
        let to_call = current.saturating_sub(self.bets[seat]).min(stack);
        // May this seat bet or raise? Not when it cannot put in more than the bet; an opening
        // bet may need openers; a raise needs an opponent who can answer it, and a seat that
        // already acted may raise again only after a full raise since (R-POT-6).
        let structure = self.betting_structure();
        let opens = if all_in_to <= current {
            false
        } else if current == 0 {
            !self.opening_applies() || self.may_open(seat)
        } else {
            let acted_at = self.acted_at[seat];
            self.someone_could_call_more(seat)
                && (acted_at < 0
                    || structure.is_full_raise(current - acted_at as u64, self.largest_raise))
        };
        legal.call = to_call;
        if !opens {
            legal.kinds = if to_call > 0 {
                action::FACING_BET_KINDS
            } else {
                action::CHECK_KINDS
            };
            return Ok(legal);
        }
        let context = BetContext {
            current_bet: current,
            largest_raise: self.largest_raise,
        };
        let (min_to, step, max_to) = structure.bet_range(context);
        legal.max_to = max_to.map_or(all_in_to, |m| m.min(all_in_to));
        legal.min_to = min_to.min(all_in_to);
        legal.step = step;
        legal.kinds = match (to_call > 0, current > 0) {
            (false, false) => action::CHECK_BET_KINDS,
            (false, true) => action::CHECK_RAISE_KINDS,
            (true, false) => action::FOLD_CALL_BET_KINDS,
            (true, true) => action::FOLD_CALL_RAISE_KINDS,
        };
        legal.presets = self.presets(&legal, structure, current > 0, to_call);
        Ok(legal)
    }

    /// The sizing presets (R-HE-6): a fraction of the pot after the call for a bet, a multiple
    /// of the current bet for a raise, rounded down to the chip step, then raised to the minimum
    /// or lowered to all-in.
    fn presets(
        &self,
        legal: &LegalActions,
        structure: Structure,
        raising: bool,
        to_call: u64,
    ) -> Vec<(&'static str, u64)> {
        let pot_after_call = self.pot() + to_call;
        structure
            .presets(raising)
            .iter()
            .map(|&(label, percent)| {
                let base = if raising {
                    self.current_bet
                } else {
                    pot_after_call
                };
                let wanted = (u128::from(base) * u128::from(percent) / 100) as u64;
                let step = legal.step.max(1);
                let rounded = wanted - wanted % step;
                (label, rounded.clamp(legal.min_to, legal.max_to))
            })
            .collect()
    }

    /// Why the action is not legal now, or `None` when it is. `cards` are card values as sent
    /// (checked here: the caller may send anything).
    pub fn why_illegal(&self, kind: &str, amount: i64, cards: &[i64]) -> Option<String> {
        let Some(seat) = self.actor else {
            return Some("the hand is over".into());
        };
        let parsed = ActionKind::from_name(kind);
        if self.phase == Phase::Draw {
            if parsed != Some(ActionKind::Draw) {
                return Some("it is the draw".into());
            }
            if amount != 0 {
                return Some("a draw takes no amount, only the cards to discard".into());
            }
            return self.why_bad_draw(seat, cards);
        }
        if let Some(known) = parsed.filter(|&k| k != ActionKind::Draw) {
            if !cards.is_empty() {
                return Some(format!("{} takes no cards", known.name()));
            }
            let sized = matches!(known, ActionKind::Bet | ActionKind::Raise);
            if !sized && amount != 0 {
                return Some(format!("{} takes no amount", known.name()));
            }
        }
        let to_call = self.current_bet as i64 - self.bets[seat] as i64;
        match parsed {
            Some(ActionKind::Check) => (to_call != 0).then(|| format!("{to_call} to call")),
            Some(ActionKind::Fold | ActionKind::Call) => {
                (to_call <= 0).then(|| "there is no bet to call; check instead".into())
            }
            Some(k @ (ActionKind::Bet | ActionKind::Raise)) => {
                let betting = k == ActionKind::Bet;
                if betting != (self.current_bet == 0) {
                    return Some(if betting {
                        "there is a bet: raise instead".into()
                    } else {
                        "no bet to raise".into()
                    });
                }
                let legal = self.legal_actions().ok()?;
                if !legal.allows(k) {
                    if self.current_bet == 0 && self.opening_applies() {
                        if let Opening::AtLeast { name, .. } = &self.spec.opening {
                            return Some(format!("{name} are needed to open"));
                        }
                    }
                    return Some("the betting is not open to this seat".into());
                }
                let (min_to, max_to, step) =
                    (legal.min_to as i64, legal.max_to as i64, legal.step as i64);
                let to = amount;
                if to == max_to || (min_to <= to && to < max_to && (to - min_to) % step == 0) {
                    return None;
                }
                Some(format!(
                    "{to} is not a legal total ({min_to}..{max_to} in steps of {step}, or all-in)"
                ))
            }
            _ => Some(format!("unknown action {}", quoted(kind))),
        }
    }

    fn why_bad_draw(&self, seat: usize, discards: &[i64]) -> Option<String> {
        if let Some(&bad) = discards
            .iter()
            .find(|&&c| !(0..=i64::from(JOKER)).contains(&c))
        {
            return Some(format!("{bad} is not a card"));
        }
        let discards: Vec<Card> = discards.iter().map(|&c| c as Card).collect();
        let hand = &self.cards[seat];
        let mut seen = 0u64;
        for &card in &discards {
            if seen >> card & 1 == 1 {
                return Some(format!("a card is repeated in {}", format_cards(&discards)));
            }
            seen |= 1 << card;
        }
        if let Some(&missing) = discards.iter().find(|c| !hand.contains(c)) {
            return Some(format!("card {} is not in the hand", format_card(missing)));
        }
        let mask = hand
            .iter()
            .enumerate()
            .filter(|(_, c)| discards.contains(c))
            .fold(0u8, |mask, (i, _)| mask | 1 << i);
        self.draw_limit().refusal(hand, mask)
    }

    // ------------------------------------------------------------------ acting

    /// Applies an action of the seat whose turn it is; an illegal one is refused with
    /// [`Error::IllegalAction`] and changes nothing.
    pub fn act(&mut self, kind: &str, amount: i64, cards: &[i64]) -> Result<()> {
        let Some(actor) = self.actor else {
            return Err(Error::IllegalAction(
                "the hand is over: no one may act".into(),
            ));
        };
        if let Some(reason) = self.why_illegal(kind, amount, cards) {
            return Err(Error::IllegalAction(format!(
                "seat {actor} cannot {kind}: {reason}"
            )));
        }
        let seat = actor;
        let kind = ActionKind::from_name(kind).expect("a legal action has a known kind");
        if kind == ActionKind::Draw {
            let discards: Vec<Card> = cards.iter().map(|&c| c as Card).collect();
            self.check_stacked_reshuffle(discards.len())?;
            self.actions.push(Action {
                kind,
                amount: 0,
                cards: discards.clone(),
            });
            self.draw(seat, &discards);
        } else {
            let amount = if matches!(kind, ActionKind::Bet | ActionKind::Raise) {
                amount as u64
            } else {
                0
            };
            self.actions.push(Action {
                kind,
                amount,
                cards: Vec::new(),
            });
            self.bet_action(seat, kind, amount);
        }
        Ok(())
    }

    /// Checks, when a draw of `count` cards will reshuffle and a stacked order is waiting, that
    /// the order holds only cards of the discard pile.
    fn check_stacked_reshuffle(&self, count: usize) -> Result<()> {
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

    fn bet_action(&mut self, seat: usize, kind: ActionKind, amount: u64) {
        match kind {
            ActionKind::Check => self
                .events
                .push(Event::public(EventKind::Check, Some(seat), 0)),
            ActionKind::Fold => {
                self.live[seat] = false;
                self.able -= 1;
                self.events
                    .push(Event::public(EventKind::Fold, Some(seat), 0));
                if self.live.iter().filter(|&&l| l).count() == 1 {
                    self.finish();
                    return;
                }
            }
            _ => {
                let to = if kind == ActionKind::Call {
                    self.current_bet
                } else {
                    self.raise_to(seat, amount)
                };
                // The chips go in up to a total of `to` this round (or all-in).
                let stack = self.stacks[seat];
                let mut paid = to - self.bets[seat];
                if paid >= stack {
                    paid = stack;
                    self.able -= 1;
                }
                self.stacks[seat] = stack - paid;
                self.bets[seat] += paid;
                self.committed[seat] += paid;
                let event_kind = match kind {
                    ActionKind::Call => EventKind::Call,
                    ActionKind::Bet => EventKind::Bet,
                    _ => EventKind::Raise,
                };
                self.events
                    .push(Event::public(event_kind, Some(seat), self.bets[seat]));
            }
        }
        let current = self.current_bet;
        let others_can_bet = self.able > 1;
        self.acted_at[seat] = current as i64;
        // The next seat to act: clockwise from the next seat, ending with `seat` itself, the
        // first with chips that owes chips or has not acted (while anyone could answer a bet).
        let next = self.seats_after(seat).find(|&s| {
            self.live[s]
                && self.stacks[s] > 0
                && (self.bets[s] < current || (others_can_bet && self.acted_at[s] < 0))
        });
        match next {
            Some(s) => self.actor = Some(s),
            None => self.end_betting(),
        }
    }

    /// Records a bet or raise to `to` (the bet, the largest raise, opener and aggressor).
    fn raise_to(&mut self, seat: usize, to: u64) -> u64 {
        let increment = to - self.current_bet;
        if self
            .betting_structure()
            .is_full_raise(increment, self.largest_raise)
        {
            self.largest_raise = increment;
        }
        self.current_bet = to;
        if self.is_first_betting_street() && self.opener.is_none() {
            self.opener = Some(seat);
        }
        self.aggressor = Some(seat);
        to
    }

    /// Whether another live seat could put in more than the current bet: without one, a raise
    /// could only come back as an uncalled bet.
    fn someone_could_call_more(&self, seat: usize) -> bool {
        (0..self.seats).any(|s| {
            s != seat
                && self.live[s]
                && self.stacks[s] > 0
                && self.bets[s] + self.stacks[s] > self.current_bet
        })
    }

    fn able_count(&self) -> usize {
        (0..self.seats)
            .filter(|&s| self.live[s] && self.stacks[s] > 0)
            .count()
    }

    // ------------------------------------------------------------------ dealing and streets

    /// The next card order: the caller's stacked order if one is waiting, else the seeded one.
    fn next_order(&mut self, cards: &[Card], shuffle: u32) -> Vec<Card> {
        let (seed, number, deal) = (self.seed, self.number, self.deal_number);
        if self.stacked_used < self.stacked.len() {
            let top = &self.stacked[self.stacked_used];
            self.stacked_used += 1;
            return deal::stacked(top, cards, seed, number, deal, shuffle);
        }
        deal::shuffled(cards, seed, number, deal, shuffle)
    }

    fn new_deal(&mut self) {
        let forced = self.spec.forced;
        if forced.ante > 0 {
            self.post_antes(forced.ante);
        }
        if forced.big_blind > 0 {
            self.post_blinds(forced);
        }
        let fresh = self.spec.deck.cards();
        self.deck = self.next_order(&fresh, 0);
        self.discards.clear();
        self.cards = vec![Vec::new(); self.seats];
        self.board.clear();
        self.street = 0;
        self.start_street();
    }

    fn post_antes(&mut self, ante: u64) {
        for seat in 0..self.seats {
            let stack = self.stacks[seat];
            let paid = ante.min(stack);
            if paid > 0 {
                self.stacks[seat] = stack - paid;
                self.committed[seat] += paid;
                self.events
                    .push(Event::public(EventKind::Ante, Some(seat), paid));
            }
        }
    }

    /// The small blind left of the button and the big blind left of it; heads-up the button
    /// posts the small blind (R-HE-1). Seats without chips are skipped (R-HE-7); a seat that
    /// cannot cover its blind posts what it has. The bet to call is the whole big blind. A
    /// big-blind ante is posted first, by the big blind, as dead money (TDA): it belongs to the
    /// main pot and counts toward no bet.
    fn post_blinds(&mut self, forced: ForcedBets) {
        let in_hand: Vec<usize> = self
            .seats_after(self.button)
            .filter(|&s| self.live[s])
            .collect();
        let (small_seat, big_seat) = if in_hand.len() == 2 {
            (self.button, in_hand[0])
        } else {
            (in_hand[0], in_hand[1])
        };
        let ante = forced.big_blind_ante.min(self.stacks[big_seat]);
        if ante > 0 {
            self.stacks[big_seat] -= ante;
            self.dead += ante;
            self.events
                .push(Event::public(EventKind::Ante, Some(big_seat), ante));
        }
        for (seat, blind) in [
            (small_seat, forced.small_blind),
            (big_seat, forced.big_blind),
        ] {
            let paid = blind.min(self.stacks[seat]);
            if paid > 0 {
                self.stacks[seat] -= paid;
                self.bets[seat] += paid;
                self.committed[seat] += paid;
                self.events
                    .push(Event::public(EventKind::Blind, Some(seat), paid));
            }
        }
        self.big_blind_seat = Some(big_seat);
        self.current_bet = forced.big_blind;
        self.largest_raise = forced.big_blind;
        self.forced_in_bets = true;
    }

    fn start_street(&mut self) {
        let street = self.spec.streets[self.street].clone();
        let count = usize::from(street.down + street.up);
        if count > 0 {
            // One card at a time round the table from the button's left: seat i of the order
            // gets deck[i], deck[i + players], ...
            let order: Vec<usize> = self
                .seats_after(self.button)
                .filter(|&s| self.live[s])
                .collect();
            let players = order.len();
            for (i, &seat) in order.iter().enumerate() {
                let new: Vec<Card> = (0..count).map(|j| self.deck[i + j * players]).collect();
                self.cards[seat].extend_from_slice(&new);
                self.events.push(Event {
                    kind: EventKind::Deal,
                    seat: Some(seat),
                    to: Some(seat),
                    amount: 0,
                    cards: new,
                });
            }
            self.deck.drain(..players * count);
        }
        if street.board > 0 {
            let new: Vec<Card> = self.deck.drain(..usize::from(street.board)).collect();
            self.board.extend_from_slice(&new);
            self.events.push(Event {
                kind: EventKind::Board,
                seat: None,
                to: None,
                amount: 0,
                cards: new,
            });
        }
        if street.draw.is_some() {
            self.phase = Phase::Draw;
            self.drawn = vec![-1; self.seats];
            self.actor = self.next_live(self.button + 1);
            return;
        }
        self.start_betting();
    }

    fn start_betting(&mut self) {
        if self.forced_in_bets {
            self.forced_in_bets = false;
        } else {
            self.bets = vec![0; self.seats];
            self.current_bet = 0;
            self.largest_raise = 0;
        }
        self.acted_at = vec![-1; self.seats];
        self.able = self.able_count();
        let street = &self.spec.streets[self.street];
        // A round is played when two seats can bet, or when the one seat that can still owes
        // chips (it may fold or call a blind it faces).
        let owes = (0..self.seats)
            .any(|s| self.live[s] && self.stacks[s] > 0 && self.bets[s] < self.current_bet);
        if self.spec.structure.is_none()
            || !street.betting
            || (self.able < 2 && !(self.able == 1 && owes))
        {
            self.end_street();
            return;
        }
        self.aggressor = None;
        self.phase = Phase::Bet;
        let first = match street.first {
            FirstToAct::LeftOfButton => self.button + 1,
            FirstToAct::LeftOfBigBlind => self.big_blind_seat.map_or(self.button, |s| s) + 1,
            FirstToAct::Opener => self.opener.unwrap_or(self.button + 1),
        };
        self.actor = self.next_able(first % self.seats);
    }

    fn end_betting(&mut self) {
        if self.is_first_betting_street() && self.spec.redeal_if_unopened && self.current_bet == 0 {
            self.redeal();
            return;
        }
        self.end_street();
    }

    fn end_street(&mut self) {
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
    fn expose_if_betting_is_over(&mut self) {
        let cards_to_come = self.spec.streets[self.street + 1..]
            .iter()
            .any(|s| s.down + s.up + s.board > 0);
        if self.exposed || self.spec.structure.is_none() || !cards_to_come || self.able_count() >= 2
        {
            return;
        }
        self.exposed = true;
        for seat in self.seats_after(self.button).collect::<Vec<_>>() {
            if self.live[seat] {
                self.events.push(Event {
                    kind: EventKind::Expose,
                    seat: Some(seat),
                    to: None,
                    amount: 0,
                    cards: self.cards[seat].clone(),
                });
            }
        }
    }

    fn redeal(&mut self) {
        self.events
            .push(Event::public(EventKind::Redeal, None, self.pot()));
        self.deal_number += 1;
        self.new_deal();
    }

    fn next_live(&self, start: usize) -> Option<usize> {
        (0..self.seats)
            .map(|i| (start + i) % self.seats)
            .find(|&s| self.live[s])
    }

    fn next_able(&self, start: usize) -> Option<usize> {
        (0..self.seats)
            .map(|i| (start + i) % self.seats)
            .find(|&s| self.live[s] && self.stacks[s] > 0)
    }

    // ------------------------------------------------------------------ drawing

    fn draw(&mut self, seat: usize, discards: &[Card]) {
        let count = discards.len();
        if count > 0 {
            self.exchange(seat, discards);
        }
        self.drawn[seat] = count as i32;
        self.events
            .push(Event::public(EventKind::Draw, Some(seat), count as u64));
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
    fn exchange(&mut self, seat: usize, discards: &[Card]) {
        let count = discards.len();
        let from_stub = count.min(self.deck.len());
        let mut new: Vec<Card> = self.deck.drain(..from_stub).collect();
        if new.len() < count {
            self.reshuffles += 1;
            let pile = std::mem::take(&mut self.discards);
            self.deck = self.next_order(&pile, self.reshuffles);
            self.events.push(Event::public(
                EventKind::Reshuffle,
                None,
                self.deck.len() as u64,
            ));
            let missing = (count - new.len()).min(self.deck.len());
            new.extend(self.deck.drain(..missing));
        }
        let mut kept: Vec<Card> = self.cards[seat]
            .iter()
            .copied()
            .filter(|c| !discards.contains(c))
            .collect();
        kept.extend_from_slice(&new);
        self.cards[seat] = kept;
        self.discards.extend_from_slice(discards);
        self.events.push(Event {
            kind: EventKind::Discard,
            seat: Some(seat),
            to: Some(seat),
            amount: count as u64,
            cards: discards.to_vec(),
        });
        self.events.push(Event {
            kind: EventKind::Receive,
            seat: Some(seat),
            to: Some(seat),
            amount: count as u64,
            cards: new,
        });
    }

    // ------------------------------------------------------------------ the end

    fn finish(&mut self) {
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
    fn strength(&self, seat: usize) -> u16 {
        let part = self.spec.showdown[0];
        let mut cards = self.cards[seat].clone();
        cards.extend_from_slice(&self.board);
        part.ranking
            .evaluate(&cards)
            .expect("the spec's check matched the hand size to the ranking")
    }

    /// Shows the `live` hands in the spec's order; the best take the pots.
    fn showdown(&mut self, live: &[usize]) {
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
    fn pots(&self) -> Vec<Pot> {
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

    /// Plays `actions` in turn; the first illegal one is an error naming its position.
    pub fn replay(&mut self, actions: &[(String, i64, Vec<i64>)]) -> Result<()> {
        for (i, (kind, amount, cards)) in actions.iter().enumerate() {
            self.act(kind, *amount, cards)
                .map_err(|e| Error::IllegalAction(format!("action {i} ({kind}): {e}")))?;
        }
        Ok(())
    }

    /// Checks or calls for the seat to act (stands pat in a draw): the cheapest legal action.
    pub fn check_or_call(&mut self) -> Result<()> {
        let Some(seat) = self.actor else {
            return Err(Error::IllegalAction(
                "the hand is over: no one may act".into(),
            ));
        };
        if self.phase == Phase::Draw {
            return self.act("draw", 0, &[]);
        }
        let kind = if self.current_bet > self.bets[seat] {
            "call"
        } else {
            "check"
        };
        self.act(kind, 0, &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_is_pythons_repr_of_plain_text() {
        assert_eq!(quoted("shove"), "'shove'");
        assert_eq!(quoted("it's"), "\"it's\"");
        assert_eq!(quoted("a\nb"), "'a\\nb'");
    }
}
