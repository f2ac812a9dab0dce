//! What a player may do, what the seat to act may do now, and the check of an action against
//! what that seat may do, which reads only the seat's legal actions and its own cards (so that
//! a seat's view can make the hand's own check).

use crate::card::{format_card, format_cards, Card};
use crate::draw::limit::DrawLimit;

/// The kind of a player's action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ActionKind {
    Fold,
    Check,
    Call,
    Bet,
    Raise,
    Draw,
    /// The stud bring-in: a forced bet smaller than one bet (R-STUD-2).
    BringIn,
}

impl ActionKind {
    /// Every kind with its public name.
    pub const ALL: [(ActionKind, &'static str); 7] = [
        (ActionKind::Fold, "fold"),
        (ActionKind::Check, "check"),
        (ActionKind::Call, "call"),
        (ActionKind::Bet, "bet"),
        (ActionKind::Raise, "raise"),
        (ActionKind::Draw, "draw"),
        (ActionKind::BringIn, "bring-in"),
    ];

    /// The public name.
    pub fn name(self) -> &'static str {
        ActionKind::ALL[self as usize].1
    }

    /// Whether the action carries an amount: the total of a bet or raise.
    pub fn is_sized(self) -> bool {
        matches!(self, ActionKind::Bet | ActionKind::Raise)
    }
}

/// An action as applied: `amount` is the player's total in the betting round after a bet or
/// raise ("bet to", "raise to"), 0 otherwise; `cards` are a draw's discards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    pub kind: ActionKind,
    pub amount: u64,
    pub cards: Vec<Card>,
}

/// The kinds open to the seat to act, as one of a few fixed lists (no list is built per
/// decision).
pub const DRAW_KINDS: &[ActionKind] = &[ActionKind::Draw];
pub const FACING_BET_KINDS: &[ActionKind] = &[ActionKind::Fold, ActionKind::Call];
pub const CHECK_KINDS: &[ActionKind] = &[ActionKind::Check];
pub const CHECK_BET_KINDS: &[ActionKind] = &[ActionKind::Check, ActionKind::Bet];
pub const CHECK_RAISE_KINDS: &[ActionKind] = &[ActionKind::Check, ActionKind::Raise];
pub const FOLD_CALL_BET_KINDS: &[ActionKind] =
    &[ActionKind::Fold, ActionKind::Call, ActionKind::Bet];
pub const FOLD_CALL_RAISE_KINDS: &[ActionKind] =
    &[ActionKind::Fold, ActionKind::Call, ActionKind::Raise];
pub const BRING_IN_KINDS: &[ActionKind] = &[ActionKind::BringIn];
pub const BRING_IN_OR_BET_KINDS: &[ActionKind] = &[ActionKind::BringIn, ActionKind::Bet];

/// The actions open to the seat whose turn it is: bets and raises are totals `min_to..max_to`
/// in steps of `step`, and `max_to` (all-in) is always allowed; `call` is what a call (or the
/// bring-in) costs; `max_discards` bounds a draw and `draw_limit` (on a draw) says which draws
/// below it the game refuses; `presets` are named legal totals (R-HE-6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegalActions {
    pub seat: usize,
    pub kinds: &'static [ActionKind],
    pub call: u64,
    pub min_to: u64,
    pub max_to: u64,
    pub step: u64,
    pub max_discards: usize,
    pub draw_limit: Option<DrawLimit>,
    pub presets: Vec<(&'static str, u64)>,
}

impl LegalActions {
    /// Whether `kind` is open.
    pub fn allows(&self, kind: ActionKind) -> bool {
        self.kinds.contains(&kind)
    }

    /// The bounds an open bet, raise or draw must keep.
    pub fn bounds(&self) -> Bounds {
        Bounds {
            min_to: self.min_to,
            max_to: self.max_to,
            step: self.step,
            draw_limit: self.draw_limit,
        }
    }
}

/// The bounds an open action of the seat to act must keep: a bet or raise totals
/// `min_to..max_to` in steps of `step` (`max_to`, all-in, always), and a draw keeps the street's
/// `draw_limit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    pub min_to: u64,
    pub max_to: u64,
    pub step: u64,
    /// The limit of the draw (`None` outside a draw).
    pub draw_limit: Option<DrawLimit>,
}

impl Bounds {
    /// Why an action of `kind` with `amount` and `discards` oversteps these bounds, read with
    /// the seat's own `hand` alone, or `None`: a bet or raise to a total off the legal ones, a
    /// draw of cards not in `hand`, of a card twice, or beyond the draw's limit. Other kinds
    /// have no bounds.
    pub fn why_beyond(
        &self,
        kind: ActionKind,
        amount: i64,
        discards: &[Card],
        hand: &[Card],
    ) -> Option<String> {
        match kind {
            _ if kind.is_sized() => self.why_bad_total(amount),
            ActionKind::Draw => self.why_bad_draw(discards, hand),
            _ => None,
        }
    }

    fn why_bad_total(&self, to: i64) -> Option<String> {
        let Bounds {
            min_to,
            max_to,
            step,
            ..
        } = *self;
        let on_a_step =
            |to: u64| min_to <= to && to < max_to && (to - min_to).is_multiple_of(step.max(1));
        if u64::try_from(to).is_ok_and(|to| to == max_to || on_a_step(to)) {
            return None;
        }
        Some(format!(
            "{to} is not a legal total: {}",
            legal_totals(min_to, max_to, step)
        ))
    }

    fn why_bad_draw(&self, discards: &[Card], hand: &[Card]) -> Option<String> {
        // Each card found in the hand and not before in the discards: a repeat shows by the
        // card after the hand's last one at the latest.
        for (i, &card) in discards.iter().enumerate() {
            if !hand.contains(&card) {
                return Some(format!("card {} is not in the hand", format_card(card)));
            }
            if discards[..i].contains(&card) {
                return Some(format!("a card is repeated in {}", format_cards(discards)));
            }
        }
        let limit = self.draw_limit?;
        // Draw limits read a hand's positions as the bits of a byte.
        if hand.len() > u8::BITS as usize {
            return Some(format!("a hand of {} cards cannot draw", hand.len()));
        }
        let mask = (hand.iter().enumerate())
            .filter(|(_, card)| discards.contains(card))
            .fold(0u8, |mask, (i, _)| mask | 1 << i);
        limit.refusal(hand, mask)
    }
}

/// Why `kind` cannot take what it was given, or `None`: only a bet or raise has an amount,
/// only a draw has cards.
pub fn why_malformed(kind: ActionKind, amount: i64, discards: &[Card]) -> Option<String> {
    if kind == ActionKind::Draw {
        return (amount != 0).then(|| "a draw takes no amount, only the cards to discard".into());
    }
    if !discards.is_empty() {
        return Some(format!("{} takes no cards", kind.name()));
    }
    (!kind.is_sized() && amount != 0).then(|| format!("{} takes no amount", kind.name()))
}

/// Why the seat to act may not play `kind` with `amount` and `discards`, read from the `kinds`
/// open to it, its `bounds` and its own `hand` alone, or `None`. This is the hand's own
/// verdict: `HandState::why_illegal` refuses exactly what this refuses (it says more about why a
/// kind is not open), so a seat's view may check an action without the hand.
///
/// ```
/// use drawpoker::card::parse_cards;
/// use drawpoker::draw::limit::DrawLimit;
/// use drawpoker::engine::action::{why_seat_may_not, ActionKind, Bounds, DRAW_KINDS};
/// let hand = parse_cards("Ks 9d 7c 4h 2s").unwrap();
/// let draw = Bounds { min_to: 0, max_to: 0, step: 0, draw_limit: Some(DrawLimit::Three) };
/// let why = |kind, cards: &str| {
///     why_seat_may_not(DRAW_KINDS, draw, &hand, kind, 0, &parse_cards(cards).unwrap())
/// };
/// assert_eq!(why(ActionKind::Draw, "9d 7c"), None);
/// assert_eq!(why(ActionKind::Draw, "As").as_deref(), Some("card As is not in the hand"));
/// assert_eq!(why(ActionKind::Draw, "9d 7c 4h 2s").as_deref(), Some("at most 3 cards may be exchanged"));
/// assert_eq!(why(ActionKind::Check, "").as_deref(), Some("check is not open now (legal now: draw)"));
/// ```
pub fn why_seat_may_not(
    kinds: &[ActionKind],
    bounds: Bounds,
    hand: &[Card],
    kind: ActionKind,
    amount: i64,
    discards: &[Card],
) -> Option<String> {
    if !kinds.contains(&kind) {
        return Some(format!(
            "{} is not open now (legal now: {})",
            kind.name(),
            names(kinds)
        ));
    }
    why_malformed(kind, amount, discards)
        .or_else(|| bounds.why_beyond(kind, amount, discards, hand))
}

/// The names of `kinds`, comma-separated.
pub fn names(kinds: &[ActionKind]) -> String {
    let names: Vec<&str> = kinds.iter().map(|kind| kind.name()).collect();
    names.join(", ")
}

/// The totals a bet or raise may make, in words, for a refusal: the one total (fixed limit),
/// any chip amount in a range, or a range in steps, with the all-in that ends off the steps.
fn legal_totals(min_to: u64, max_to: u64, step: u64) -> String {
    if min_to >= max_to {
        return format!("the only one is {max_to}");
    }
    if step <= 1 {
        return format!("any from {min_to} to {max_to}");
    }
    let last = min_to + (max_to - min_to) / step * step;
    let ragged = if last == max_to {
        String::new()
    } else {
        format!(", or {max_to} (all-in)")
    };
    format!("{min_to} to {last} in steps of {step}{ragged}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_totals_say_the_one_total_a_range_or_the_steps_and_the_all_in() {
        assert_eq!(legal_totals(200, 200, 200), "the only one is 200");
        assert_eq!(legal_totals(200, 10000, 1), "any from 200 to 10000");
        assert_eq!(
            legal_totals(20, 1990, 20),
            "20 to 1980 in steps of 20, or 1990 (all-in)"
        );
        assert_eq!(legal_totals(20, 2000, 20), "20 to 2000 in steps of 20");
    }

    #[test]
    fn a_total_is_on_a_step_from_the_least_or_all_in() {
        let bounds = Bounds {
            min_to: 20,
            max_to: 490,
            step: 20,
            draw_limit: None,
        };
        let why = |to| bounds.why_beyond(ActionKind::Raise, to, &[], &[]);
        assert_eq!((why(20), why(480), why(490)), (None, None, None));
        assert_eq!(
            why(-5).as_deref(),
            Some("-5 is not a legal total: 20 to 480 in steps of 20, or 490 (all-in)")
        );
        assert!(why(30).is_some() && why(500).is_some());
    }

    #[test]
    fn a_card_discarded_twice_is_named_with_the_discards() {
        let hand = [29, 51, 3, 8, 12];
        let bounds = Bounds {
            min_to: 0,
            max_to: 0,
            step: 0,
            draw_limit: Some(DrawLimit::Five),
        };
        let why = bounds.why_beyond(ActionKind::Draw, 0, &[29, 29], &hand);
        assert_eq!(why.as_deref(), Some("a card is repeated in 9d 9d"));
    }
}
