//! Where a batch stands, as numbers and actions: what `drawpoker.rl.BatchGame` pickles. A batch
//! made again from the same seed and options and put back at its position deals and steps on
//! exactly as the first would have; a forged position is refused whole.

use std::collections::HashSet;
use std::sync::Arc;

use super::{Batch, Choices, Finished};
use crate::engine::action::Action;
use crate::engine::state::HandState;
use crate::error::{Error, Result};

/// One hand of a position: its number (hand `k` of the seed) and the actions played in it.
pub type PlayedHand = (u64, Vec<Action>);

/// Where a batch stands: the number of the next hand it deals, each slot's hand, and the last
/// hand each slot finished (number 0 and no action: none yet).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub next: u64,
    pub hands: Vec<PlayedHand>,
    pub finished: Vec<PlayedHand>,
}

fn refused(message: String) -> Error {
    Error::InvalidArgument(format!("not a position of this batch: {message}"))
}

impl Batch {
    /// Where the batch stands ([`Batch::restore`] puts a batch back there).
    pub fn position(&self) -> Position {
        Position {
            next: self.next_number,
            hands: (self.hands.iter())
                .map(|hand| (hand.number, hand.actions.clone()))
                .collect(),
            finished: (self.finished.iter())
                .map(|kept| (kept.number, kept.actions.clone()))
                .collect(),
        }
    }

    /// Puts the batch at `position`: each slot's hand dealt again from the seed and its actions
    /// played (each checked by the rules, as a person's), the hands it finished played to their
    /// ends. A position that is not one of a batch of this size, seed and game (a hand number
    /// outside `1..next` or given twice, an action the rules refuse, a hand over that should
    /// go on or the reverse) is refused and the batch is left as it was.
    pub fn restore(&mut self, position: &Position) -> Result<()> {
        let n = self.len();
        if position.hands.len() != n || position.finished.len() != n {
            return Err(refused(format!(
                "it holds {} hands and {} finished ones, the batch {n} of each",
                position.hands.len(),
                position.finished.len()
            )));
        }
        let mut numbers = HashSet::new();
        let dealt = (position.hands.iter()).chain(position.finished.iter().filter(|h| h.0 > 0));
        for (number, _) in dealt {
            if !(1..position.next).contains(number) || !numbers.insert(*number) {
                return Err(refused(format!(
                    "hand {number} is not one of hands 1..{} dealt once each",
                    position.next
                )));
            }
        }
        let mut restored = self.clone();
        for (slot, (number, actions)) in position.hands.iter().enumerate() {
            let hand = restored.played(*number, actions)?;
            if hand.actor.is_none() {
                return Err(refused(format!("hand {number} of slot {slot} is over")));
            }
            restored.choices[slot] = Choices::of(&hand, &restored.actions)?;
            restored.seen[slot].clear();
            restored.seen[slot].update(&hand, &restored.observation);
            restored.hands[slot] = hand;
        }
        for (slot, (number, actions)) in position.finished.iter().enumerate() {
            restored.finished[slot] = if *number == 0 {
                if !actions.is_empty() {
                    return Err(refused(format!(
                        "slot {slot} finished no hand but has actions"
                    )));
                }
                Finished::default()
            } else {
                let hand = restored.played(*number, actions)?;
                if hand.actor.is_some() {
                    return Err(refused(format!(
                        "hand {number}, the last slot {slot} finished, is not over"
                    )));
                }
                Finished {
                    number: *number,
                    actions: hand.actions,
                    records: hand.records,
                    stacks: hand.stacks,
                }
            };
        }
        restored.next_number = position.next;
        *self = restored;
        Ok(())
    }

    /// Hand `number` of the seed dealt as the batch deals it (a quiet hand) and `actions`
    /// played, each refused as the rules refuse a person's.
    fn played(&self, number: u64, actions: &[Action]) -> Result<HandState> {
        let dealer = &self.dealer;
        let mut hand = HandState::new_quiet(Arc::clone(&dealer.spec), dealer.deal(number, None))?;
        for (i, action) in actions.iter().enumerate() {
            let amount = i64::try_from(action.amount).unwrap_or(i64::MAX);
            hand.act(action.kind, amount, &action.cards)
                .map_err(|error| refused(format!("action {i} of hand {number}: {error}")))?;
        }
        Ok(hand)
    }
}
