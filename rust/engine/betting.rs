//! Betting: what each betting structure allows (sizes, reopening, presets), the legal actions of
//! the seat to act, the refusals of betting actions, and applying a check, fold, call, bet or
//! raise.

use super::action::{self, ActionKind, LegalActions};
use super::event::EventKind;
use super::spec::{Opening, Structure};
use super::state::{HandState, Phase};
use crate::card::Card;
use crate::error::{Error, Result};

/// What a betting structure needs to know to size one decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BetContext {
    /// The bet to match in this round (0: nobody has bet).
    pub current_bet: u64,
    /// The largest full raise increment of this round (the big blind before the flop).
    pub largest_raise: u64,
    /// The chips a call costs the seat to act.
    pub to_call: u64,
    /// Every chip in the middle and in front of the seats.
    pub pot: u64,
    /// The fixed-limit bet of this round (its small or its big bet).
    pub size: u64,
    /// A bigger fixed-limit bet the round also allows (the big bet with an open pair, R-STUD-4).
    pub bigger: Option<u64>,
    /// The total of the round's last full bet or raise (the big blind; 0 before any), from which
    /// a fixed-limit raise counts one bet.
    pub full_bet_to: u64,
}

/// What sizes the presets of a seat that may bet or raise: the structure, whether it raises,
/// and the decision's [`BetContext`].
#[derive(Debug, Clone, Copy)]
pub(super) struct Sizing {
    pub structure: Structure,
    pub raising: bool,
    pub context: BetContext,
}

/// How a sizing preset names its total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// The current bet plus this percentage of the pot after the call (R-HE-6, R-LIMIT-2).
    PotShare(u64),
    /// This percentage of the current bet (R-HE-6).
    BetMultiple(u64),
}

impl Preset {
    /// The preset's rule as a stable id and its percentage, whatever its label:
    /// `("pot-share", 33)` (the current bet plus 33% of the pot after the call) or
    /// `("bet-multiple", 200)` (twice the current bet).
    pub fn rule(self) -> (&'static str, u64) {
        match self {
            Preset::PotShare(percent) => ("pot-share", percent),
            Preset::BetMultiple(percent) => ("bet-multiple", percent),
        }
    }
}

/// No-limit's presets for an opening bet (R-HE-6).
const NO_LIMIT_BETS: &[(&str, Preset)] = &[
    ("33% pot", Preset::PotShare(33)),
    ("50% pot", Preset::PotShare(50)),
    ("pot", Preset::PotShare(100)),
];

/// No-limit's presets for a raise.
const NO_LIMIT_RAISES: &[(&str, Preset)] = &[
    ("2x", Preset::BetMultiple(200)),
    ("3x", Preset::BetMultiple(300)),
];

/// Pot-limit's presets, bet or raise (R-LIMIT-2).
const POT_LIMIT: &[(&str, Preset)] = &[
    ("half pot", Preset::PotShare(50)),
    ("pot", Preset::PotShare(100)),
];

/// Every list of presets a structure offers ([`Structure::presets`]), in the order offered.
const PRESET_LISTS: [&[(&str, Preset)]; 3] = [NO_LIMIT_BETS, NO_LIMIT_RAISES, POT_LIMIT];

/// The most presets one decision offers (the longest of [`PRESET_LISTS`]).
pub const MOST_PRESETS: usize = {
    let mut most = 0;
    let mut i = 0;
    while i < PRESET_LISTS.len() {
        if PRESET_LISTS[i].len() > most {
            most = PRESET_LISTS[i].len();
        }
        i += 1;
    }
    most
};

/// Every preset any betting structure offers, each label once, in the order offered.
///
/// ```
/// use drawpoker::engine::betting::every_preset;
/// let labels: Vec<&str> = every_preset().iter().map(|&(label, _)| label).collect();
/// assert_eq!(labels, ["33% pot", "50% pot", "pot", "2x", "3x", "half pot"]);
/// ```
pub fn every_preset() -> Vec<(&'static str, Preset)> {
    let mut found: Vec<(&'static str, Preset)> = Vec::new();
    for &(label, preset) in PRESET_LISTS.iter().copied().flatten() {
        if !found.iter().any(|&(known, _)| known == label) {
            found.push((label, preset));
        }
    }
    found
}

impl Structure {
    /// `(min_to, step, max_to)` for a bet (`current_bet == 0`) or a raise; `max_to` `None` is
    /// the player's whole stack. All-in is always allowed beside this range.
    pub fn bet_range(self, context: BetContext) -> (u64, u64, Option<u64>) {
        let BetContext {
            current_bet,
            largest_raise,
            ..
        } = context;
        match self {
            Structure::Unit { unit } => {
                if current_bet == 0 {
                    return (unit, unit, None);
                }
                let mut increment = unit.max(largest_raise);
                increment += (unit - increment % unit) % unit;
                (current_bet + increment, unit, None)
            }
            Structure::NoLimit { min_bet } => (current_bet + min_bet.max(largest_raise), 1, None),
            Structure::PotLimit { min_bet } => {
                let most = current_bet + context.pot + context.to_call;
                (current_bet + min_bet.max(largest_raise), 1, Some(most))
            }
            Structure::FixedLimit { .. } => {
                let size = context.size;
                // One bet over the last full bet: a bring-in or an all-in of less than half a
                // bet is completed, an all-in of half a bet or more counts as a full bet.
                let first = context.full_bet_to + size;
                match context.bigger {
                    Some(big) if big > size => (first, big - size, Some(first + big - size)),
                    _ => (first, size, Some(first)),
                }
            }
        }
    }

    /// Whether raising by `increment` reopens the betting for players who already acted
    /// (R-POT-6: short all-ins do not, unless several add up to a full raise; in fixed limit
    /// an all-in of at least half a bet does). In fixed limit, `increment` is counted from the
    /// last full bet.
    pub fn is_full_raise(self, increment: u64, largest_raise: u64, size: u64) -> bool {
        match self {
            Structure::Unit { unit } => increment >= unit.max(largest_raise),
            Structure::NoLimit { min_bet } | Structure::PotLimit { min_bet } => {
                increment >= min_bet.max(largest_raise)
            }
            Structure::FixedLimit { .. } => 2 * increment >= size,
        }
    }

    /// The presets offered beside a bet or raise, as (label, how the total is found): no limit
    /// offers pot shares for a bet and multiples of the bet for a raise (R-HE-6); pot limit half
    /// the pot and the pot.
    pub fn presets(self, raising: bool) -> &'static [(&'static str, Preset)] {
        match (self, raising) {
            (Structure::NoLimit { .. }, false) => NO_LIMIT_BETS,
            (Structure::NoLimit { .. }, true) => NO_LIMIT_RAISES,
            (Structure::PotLimit { .. }, _) => POT_LIMIT,
            _ => &[],
        }
    }

    /// The cap on bets and raises in a round that starts with `players` seats able to bet.
    pub fn cap(self, players: usize) -> Option<u32> {
        match self {
            Structure::FixedLimit {
                cap,
                heads_up_uncapped,
                ..
            } if cap > 0 && !(heads_up_uncapped && players == 2) => Some(cap),
            _ => None,
        }
    }
}

/// `plus + base * percent / 100` rounded down, or `u64::MAX` when that is more: in 64 bits when
/// the product fits (the division by 100 is then a multiplication), else in 128 bits (a call to
/// a library division). The same number either way (a test checks both sides of the fit).
fn plus_percent(plus: u64, base: u64, percent: u64) -> u64 {
    match base.checked_mul(percent) {
        Some(product) => (product / 100).saturating_add(plus),
        None => {
            let wide = u128::from(plus) + u128::from(base) * u128::from(percent) / 100;
            u64::try_from(wide).unwrap_or(u64::MAX)
        }
    }
}

impl HandState {
    pub(super) fn betting_structure(&self) -> Structure {
        self.spec
            .structure
            .expect("betting happens only in games with a structure")
    }

    pub(super) fn may_open(&self, seat: usize) -> bool {
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
    pub(super) fn opening_applies(&self) -> bool {
        !matches!(self.spec.opening, Opening::Any)
            && self.is_first_betting_street()
            && self.opener.is_none()
    }

    /// The actions of the seat whose turn it is.
    pub fn legal_actions(&self) -> Result<LegalActions> {
        let (mut legal, sizing) = self.legal_unsized()?;
        if let Some(sizing) = sizing {
            legal.presets = self.presets(&legal, sizing);
        }
        Ok(legal)
    }

    /// [`HandState::legal_actions`] without its presets (which a vector holds), and what sizes
    /// them when the seat may bet or raise ([`HandState::preset_totals`]): the batch engine
    /// reads the presets it needs without building the vector.
    pub(super) fn legal_unsized(&self) -> Result<(LegalActions, Option<Sizing>)> {
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
            draw_limit: None,
            presets: Vec::new(),
        };
        if self.phase == Phase::Draw {
            let limit = self.draw_limit();
            legal.kinds = action::DRAW_KINDS;
            legal.max_discards = limit.max_discards(self.cards[seat].len());
            legal.draw_limit = Some(limit);
            return Ok((legal, None));
        }
        let (stack, current) = (self.stacks[seat], self.current_bet);
        let all_in_to = self.bets[seat] + stack;
        let to_call = current.saturating_sub(self.bets[seat]).min(stack);
        let structure = self.betting_structure();
        if self.bring_in_due {
            // R-STUD-2: the bring-in, or a completion to one bet.
            legal.call = self.spec.forced.bring_in.min(stack);
            if all_in_to <= self.spec.forced.bring_in {
                legal.kinds = action::BRING_IN_KINDS;
                return Ok((legal, None));
            }
            legal.kinds = action::BRING_IN_OR_BET_KINDS;
            legal.min_to = self.round_size.min(all_in_to);
            legal.max_to = legal.min_to;
            legal.step = self.round_size;
            return Ok((legal, None));
        }
        // May this seat bet or raise? Not when it cannot put in more than the bet, nor once the
        // round's bets are capped; an opening bet may need openers; a raise needs an opponent
        // who can answer it, and a seat that already acted may raise again only after a full
        // raise since (R-POT-6).
        let capped = structure
            .cap(self.round_players)
            .is_some_and(|cap| self.bets_in_round >= cap);
        let opens = if all_in_to <= current || capped {
            false
        } else if current == 0 {
            !self.opening_applies() || self.may_open(seat)
        } else {
            self.is_reopened_for(seat, structure) && self.someone_could_call_more(seat)
        };
        legal.call = to_call;
        if !opens {
            legal.kinds = if to_call > 0 {
                action::FACING_BET_KINDS
            } else {
                action::CHECK_KINDS
            };
            return Ok((legal, None));
        }
        let context = self.bet_context(to_call);
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
        let sizing = Sizing {
            structure,
            raising: current > 0,
            context,
        };
        Ok((legal, Some(sizing)))
    }

    /// Whether `seat` may raise: it has not acted in this round, or a bet or raise that counts
    /// as full came after it acted (R-POT-6). In no-limit and pot-limit the bet must have risen
    /// by a full raise since, so that several short all-ins count once they add up to one. In
    /// fixed limit a full bet (a completion, R-STUD-2) or an all-in of half a bet or more
    /// (R-LIMIT-3) moves `full_bet_to` past what the seat answered; each all-in is counted from
    /// the last full bet, so short ones that add up to half a bet count too.
    fn is_reopened_for(&self, seat: usize, structure: Structure) -> bool {
        let Ok(acted_at) = u64::try_from(self.acted_at[seat]) else {
            return true;
        };
        match structure {
            Structure::FixedLimit { .. } => self.full_bet_to > acted_at,
            _ => structure.is_full_raise(
                self.current_bet - acted_at,
                self.largest_raise,
                self.round_size,
            ),
        }
    }

    /// What the betting structure needs to size the decision of a seat whose call costs
    /// `to_call`.
    fn bet_context(&self, to_call: u64) -> BetContext {
        BetContext {
            current_bet: self.current_bet,
            largest_raise: self.largest_raise,
            to_call,
            pot: self.pot(),
            size: self.round_size,
            bigger: self.bigger_bet,
            full_bet_to: self.full_bet_to,
        }
    }

    /// The sizing presets (R-HE-6, R-LIMIT-2): each preset's total, rounded down to the chip
    /// step, then raised to the minimum or lowered to all-in.
    pub(super) fn presets(&self, legal: &LegalActions, sizing: Sizing) -> Vec<(&'static str, u64)> {
        Self::preset_totals(legal, sizing).collect()
    }

    /// [`HandState::presets`] one by one.
    pub(super) fn preset_totals(
        legal: &LegalActions,
        sizing: Sizing,
    ) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        let Sizing {
            structure,
            raising,
            context,
        } = sizing;
        let pot_after_call = context.pot + context.to_call;
        let current = context.current_bet;
        structure
            .presets(raising)
            .iter()
            .map(move |&(label, preset)| {
                let wanted = match preset {
                    Preset::PotShare(percent) => plus_percent(current, pot_after_call, percent),
                    Preset::BetMultiple(percent) => plus_percent(0, current, percent),
                };
                // No-limit's chip step is 1: no division then.
                let rounded = match legal.step {
                    0 | 1 => wanted,
                    step => wanted - wanted % step,
                };
                (label, rounded.clamp(legal.min_to, legal.max_to))
            })
    }

    /// Why the seat to act may not play `kind` with `amount` (a bet or raise's total) and
    /// `discards` (a draw's) now, or `None` when it may. A kind that is not open is refused
    /// with what the hand knows of why; what an open kind is given is checked as the seat's own
    /// view checks it ([`action::why_malformed`], [`Bounds::why_beyond`](action::Bounds)), so
    /// both refuse the same actions.
    pub fn why_illegal(&self, kind: ActionKind, amount: i64, discards: &[Card]) -> Option<String> {
        let Some(seat) = self.actor else {
            return Some("the hand is over".into());
        };
        let refusal = self
            .why_wrong_phase(kind)
            .or_else(|| action::why_malformed(kind, amount, discards))
            .or_else(|| self.why_kind_closed(seat, kind));
        if refusal.is_some() || !(kind.is_sized() || kind == ActionKind::Draw) {
            return refusal;
        }
        // Only a bet, a raise or a draw has bounds, and the seat's legal actions say them.
        let legal = self.legal_actions().ok()?;
        if !legal.allows(kind) {
            return Some(self.why_betting_closed());
        }
        legal
            .bounds()
            .why_beyond(kind, amount, discards, &self.cards[seat])
    }

    /// Why `kind` is not this phase's: a draw's only action is the draw, and a betting round
    /// has none.
    fn why_wrong_phase(&self, kind: ActionKind) -> Option<String> {
        let drawing = self.phase == Phase::Draw;
        if drawing == (kind == ActionKind::Draw) {
            return None;
        }
        if drawing {
            return Some("it is the draw".into());
        }
        let legal = self.legal_actions().ok()?;
        Some(format!(
            "it is a betting round, not a draw (legal now: {})",
            action::names(legal.kinds)
        ))
    }

    /// Why the betting action `kind` is not open to `seat` now, as far as the bet it faces
    /// tells: the bring-in comes first, a check needs nothing to call, a fold or call needs a
    /// bet, and a bet needs no bet while a raise needs one.
    fn why_kind_closed(&self, seat: usize, kind: ActionKind) -> Option<String> {
        if self.bring_in_due && !matches!(kind, ActionKind::BringIn | ActionKind::Bet) {
            return Some("the bring-in must be posted or completed".into());
        }
        let to_call = self.current_bet as i64 - self.bets[seat] as i64;
        match kind {
            ActionKind::BringIn => {
                (!self.bring_in_due).then(|| "there is no bring-in to post".into())
            }
            ActionKind::Check => (to_call != 0).then(|| format!("{to_call} to call")),
            ActionKind::Fold | ActionKind::Call => {
                (to_call <= 0).then(|| "there is no bet to call; check instead".into())
            }
            ActionKind::Bet | ActionKind::Raise => {
                let betting = kind == ActionKind::Bet;
                if betting == (self.current_bet == 0) || self.bring_in_due {
                    return None;
                }
                Some(if betting {
                    "there is a bet: raise instead".into()
                } else {
                    "no bet to raise".into()
                })
            }
            ActionKind::Draw => None,
        }
    }

    /// Why the seat to act may not bet or raise though the bet it faces would allow it: the
    /// game's openers, or the betting closed to it (capped, reopened by no full raise, or no
    /// one left to answer).
    fn why_betting_closed(&self) -> String {
        if self.current_bet == 0 && self.opening_applies() {
            if let Opening::AtLeast { name, .. } = &self.spec.opening {
                return format!("{name} are needed to open");
            }
        }
        "the betting is not open to this seat".into()
    }

    pub(super) fn bet_action(&mut self, seat: usize, kind: ActionKind, amount: u64) {
        match kind {
            ActionKind::Check => self.log_public(EventKind::Check, Some(seat), 0),
            ActionKind::Fold => {
                self.live[seat] = false;
                self.able -= 1;
                self.log_public(EventKind::Fold, Some(seat), 0);
                if self.live.iter().filter(|&&l| l).count() == 1 {
                    self.finish();
                    return;
                }
            }
            ActionKind::BringIn => {
                self.bring_in_due = false;
                let paid = self.spec.forced.bring_in.min(self.stacks[seat]);
                self.put_in(seat, paid);
                self.current_bet = self.bets[seat];
                self.log_public(EventKind::BringIn, Some(seat), self.bets[seat]);
            }
            _ => {
                self.bring_in_due = false;
                let to = if kind == ActionKind::Call {
                    self.current_bet
                } else {
                    self.raise_to(seat, amount)
                };
                // The chips go in up to a total of `to` this round (or all-in).
                let paid = (to - self.bets[seat]).min(self.stacks[seat]);
                self.put_in(seat, paid);
                let event_kind = match kind {
                    ActionKind::Call => EventKind::Call,
                    ActionKind::Bet => EventKind::Bet,
                    _ => EventKind::Raise,
                };
                self.log_public(event_kind, Some(seat), self.bets[seat]);
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
                && ((others_can_bet && self.acted_at[s] < 0) || self.owes(s))
        });
        match next {
            Some(s) => self.actor = Some(s),
            None => self.end_betting(),
        }
    }

    /// Moves `paid` chips of `seat` into the pot (an all-in takes it out of the betting).
    fn put_in(&mut self, seat: usize, paid: u64) {
        if paid == self.stacks[seat] && paid > 0 {
            self.able -= 1;
        }
        self.stacks[seat] -= paid;
        self.bets[seat] += paid;
        self.committed[seat] += paid;
    }

    /// Records a bet or raise to `to`: the bet, a full raise (its increment, its total, one more
    /// bet toward the cap), a big bet made (later raises are big bets), opener and aggressors.
    pub(super) fn raise_to(&mut self, seat: usize, to: u64) -> u64 {
        let increment = to - self.current_bet;
        let structure = self.betting_structure();
        let counted = match structure {
            Structure::FixedLimit { .. } => to - self.full_bet_to,
            _ => increment,
        };
        if structure.is_full_raise(counted, self.largest_raise, self.round_size) {
            self.largest_raise = increment;
            self.full_bet_to = to;
            self.bets_in_round += 1;
        }
        if let Some(big) = self.bigger_bet {
            if increment > self.round_size {
                self.round_size = big;
                self.bigger_bet = None;
            }
        }
        self.current_bet = to;
        if self.opener.is_none() && self.is_first_betting_street() {
            self.opener = Some(seat);
        }
        self.aggressor = Some(seat);
        self.aggressor_any = Some(seat);
        to
    }

    /// Whether `seat` has less in than it must match to stay in. That is the current bet while
    /// another live seat has chips behind; once every other live seat is all-in, only the most
    /// one of them put in: a big blind all-in for less than the blind leaves a seat whose bet
    /// covers it nothing to answer, and the hand runs out (R-HE-8).
    pub(super) fn owes(&self, seat: usize) -> bool {
        // No seat's bet is above the current bet: a seat that matched it owes nothing, whoever
        // else has chips (the common case, found without a pass over the others).
        if self.bets[seat] >= self.current_bet {
            return false;
        }
        let others = (0..self.seats).filter(|&s| s != seat && self.live[s]);
        let to_match = if others.clone().any(|s| self.stacks[s] > 0) {
            self.current_bet
        } else {
            others.map(|s| self.bets[s]).max().unwrap_or(0)
        };
        self.bets[seat] < to_match
    }

    /// Whether another live seat could put in more than the current bet: without one, a raise
    /// could only come back as an uncalled bet.
    pub(super) fn someone_could_call_more(&self, seat: usize) -> bool {
        (0..self.seats).any(|s| {
            s != seat
                && self.live[s]
                && self.stacks[s] > 0
                && self.bets[s] + self.stacks[s] > self.current_bet
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context(current_bet: u64, to_call: u64, pot: u64, size: u64) -> BetContext {
        BetContext {
            current_bet,
            largest_raise: current_bet,
            to_call,
            pot,
            size,
            bigger: None,
            full_bet_to: if current_bet >= size { current_bet } else { 0 },
        }
    }

    #[test]
    fn plus_percent_is_the_128_bit_formula_on_both_sides_of_64_bits() {
        let wide = |plus: u64, base: u64, percent: u64| {
            let total = u128::from(plus) + u128::from(base) * u128::from(percent) / 100;
            u64::try_from(total).unwrap_or(u64::MAX)
        };
        let fits = u64::MAX / 300;
        let bases = [
            0,
            7,
            450,
            10_001,
            1 << 53,
            fits,
            fits + 1,
            u64::MAX / 2,
            u64::MAX,
        ];
        for plus in [0, 1, 99, 450, 1 << 53, u64::MAX - 5, u64::MAX] {
            for base in bases {
                for percent in [33, 50, 100, 200, 300] {
                    let expected = wide(plus, base, percent);
                    assert_eq!(plus_percent(plus, base, percent), expected, "{plus} {base}");
                }
            }
        }
        assert_eq!(plus_percent(100, 450, 33), 248);
    }

    #[test]
    fn r_limit_2_pot_limit_raises_to_the_bet_plus_the_pot_after_the_call() {
        // Blinds 1/2: UTG calls 2 into 3, then may raise by the 5 in the pot: to 7.
        let pot_limit = Structure::PotLimit { min_bet: 2 };
        assert_eq!(pot_limit.bet_range(context(2, 2, 3, 0)), (4, 1, Some(7)));
    }

    #[test]
    fn r_limit_3_fixed_limit_bets_one_bet_completes_a_bring_in_and_caps() {
        let fixed = Structure::FixedLimit {
            small: 200,
            big: 400,
            cap: 4,
            heads_up_uncapped: true,
        };
        assert_eq!(
            fixed.bet_range(context(0, 0, 0, 200)),
            (200, 200, Some(200))
        );
        assert_eq!(
            fixed.bet_range(context(50, 50, 290, 200)),
            (200, 200, Some(200))
        );
        assert_eq!(
            fixed.bet_range(context(600, 0, 900, 400)),
            (1000, 400, Some(1000))
        );
        let open_pair = BetContext {
            bigger: Some(400),
            ..context(0, 0, 0, 200)
        };
        let after_a_full_all_in = BetContext {
            full_bet_to: 150,
            ..context(150, 100, 400, 200)
        };
        assert_eq!(fixed.bet_range(after_a_full_all_in), (350, 200, Some(350)));
        assert_eq!(fixed.bet_range(open_pair), (200, 200, Some(400)));
        assert!(fixed.is_full_raise(100, 0, 200) && !fixed.is_full_raise(99, 0, 200));
        assert_eq!((fixed.cap(3), fixed.cap(2)), (Some(4), None));
    }
}
