//! What a player may do, and what the seat to act may do now.

use crate::card::Card;

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

    /// The kind of a public name, `None` for any other text.
    pub fn from_name(name: &str) -> Option<ActionKind> {
        ActionKind::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(k, _)| *k)
    }

    /// The public name.
    pub fn name(self) -> &'static str {
        ActionKind::ALL[self as usize].1
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

/// The kinds open to the seat to act, as one of a few fixed lists (so that the bindings can
/// hand out shared tuples).
pub const DRAW_KINDS: &[&str] = &["draw"];
pub const FACING_BET_KINDS: &[&str] = &["fold", "call"];
pub const CHECK_KINDS: &[&str] = &["check"];
pub const CHECK_BET_KINDS: &[&str] = &["check", "bet"];
pub const CHECK_RAISE_KINDS: &[&str] = &["check", "raise"];
pub const FOLD_CALL_BET_KINDS: &[&str] = &["fold", "call", "bet"];
pub const FOLD_CALL_RAISE_KINDS: &[&str] = &["fold", "call", "raise"];
pub const BRING_IN_KINDS: &[&str] = &["bring-in"];
pub const BRING_IN_OR_BET_KINDS: &[&str] = &["bring-in", "bet"];

/// The actions open to the seat whose turn it is: bets and raises are totals `min_to..max_to`
/// in steps of `step`, and `max_to` (all-in) is always allowed; `call` is what a call (or the
/// bring-in) costs; `max_discards` bounds a draw (the game may refuse some draws below it);
/// `presets` are named legal totals (R-HE-6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegalActions {
    pub seat: usize,
    pub kinds: &'static [&'static str],
    pub call: u64,
    pub min_to: u64,
    pub max_to: u64,
    pub step: u64,
    pub max_discards: usize,
    pub presets: Vec<(&'static str, u64)>,
}

impl LegalActions {
    /// Whether `kind` is open.
    pub fn allows(&self, kind: ActionKind) -> bool {
        self.kinds.contains(&kind.name())
    }
}
