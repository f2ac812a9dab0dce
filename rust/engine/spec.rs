//! A game as data: the deck, the forced bets, the streets, the betting structure, who acts
//! first, the showdown. The state machine (`state.rs`) reads a [`Spec`] and has no game-name
//! branches; the Python package builds specs (`python/drawpoker/games/variants/`).

use crate::card::{Card, JOKER};
use crate::draw::limit::DrawLimit;
use crate::error::{Error, Result};
use crate::eval::Ranking;

/// The cards of the deck, in the order a shuffle starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deck {
    /// 52 cards (R-CARD-1).
    Standard,
    /// 52 cards and the joker (Five-Card Draw's option).
    WithJoker,
}

impl Deck {
    /// The cards, 0..=51 (and 52, the joker).
    pub fn cards(self) -> Vec<Card> {
        let top = if self == Deck::WithJoker {
            JOKER
        } else {
            JOKER - 1
        };
        (0..=top).collect()
    }

    /// Whether `card` belongs to this deck.
    pub fn holds(self, card: Card) -> bool {
        card < JOKER || (card == JOKER && self == Deck::WithJoker)
    }
}

/// The chips every hand starts with: antes from everyone, blinds from the two seats after the
/// button (heads-up: the button posts the small blind, R-HE-1), and a big-blind ante (one ante
/// for the table, posted by the big blind as dead money).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ForcedBets {
    pub ante: u64,
    pub small_blind: u64,
    pub big_blind: u64,
    pub big_blind_ante: u64,
}

/// Which bet size a fixed-limit street uses (R-LIMIT-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BetSize {
    Small,
    Big,
}

/// Who starts a street's betting round; the engine moves on clockwise to the first seat that
/// can act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstToAct {
    /// The first seat left of the button (R-DRAW-4, R-HE-2 after the flop).
    LeftOfButton,
    /// The seat left of the big blind (R-HE-2 before the flop).
    LeftOfBigBlind,
    /// The first bettor of the first betting round, or left of the button when no one bet
    /// (R-DRAW-9).
    Opener,
}

/// One street: cards dealt (down to each seat, up to each seat, to the board), then a draw,
/// then a betting round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Street {
    pub down: u8,
    pub up: u8,
    pub board: u8,
    pub draw: Option<DrawLimit>,
    pub betting: bool,
    pub bet_size: BetSize,
    pub first: FirstToAct,
}

/// How big bets and raises may be (R-DRAW-3, R-LIMIT-1..3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Structure {
    /// Five-Card Draw's unit rule: whole multiples of `unit`, a raise at least one unit and at
    /// least the largest raise so far, no cap.
    Unit { unit: u64 },
    /// No limit: a bet of at least `min_bet`, a raise of at least the previous increment, any
    /// amount up to all-in.
    NoLimit { min_bet: u64 },
}

/// Who may make the first bet of the first betting round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opening {
    /// Anyone.
    Any,
    /// Only a seat whose cards are at least `minimum` by `ranking` (R-DRAW-6: jacks or
    /// better); `name` says it in refusals ("jacks or better are needed to open").
    AtLeast {
        name: String,
        ranking: Ranking,
        minimum: u16,
    },
}

/// Which cards make a seat's hand in one part of the showdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandCards {
    /// The best hand the ranking finds among the seat's own cards and the board.
    BestOfAll,
}

/// One part of the showdown: a ranking over the seat's cards; in a split game each part takes
/// its share of every pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowdownPart {
    pub ranking: Ranking,
    pub cards: HandCards,
}

/// Where the showdown starts (then clockwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShowOrder {
    /// The first live seat left of the button.
    LeftOfButton,
    /// The last seat that bet or raised in the last betting round played, else left of the
    /// button (TDA practice).
    LastAggressor,
}

/// A whole game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    pub name: String,
    pub deck: Deck,
    pub min_seats: usize,
    pub max_seats: usize,
    pub forced: ForcedBets,
    pub streets: Vec<Street>,
    /// `None`: no chips are bet (Five-Card Draw's no-bet mode, R-NOBET-1).
    pub structure: Option<Structure>,
    pub opening: Opening,
    /// Whether a first betting round where nobody bets ends in a redeal (R-DRAW-5, 6).
    pub redeal_if_unopened: bool,
    pub showdown: Vec<ShowdownPart>,
    pub show_order: ShowOrder,
}

impl Spec {
    /// Checks that the spec describes a playable game, naming the first fault.
    pub fn check(&self) -> Result<()> {
        let fault = |why: String| {
            Err(Error::InvalidArgument(format!(
                "game {:?}: {why}",
                self.name
            )))
        };
        if self.min_seats < 2 || self.max_seats < self.min_seats || self.max_seats > 10 {
            return fault(format!(
                "seats {}..{} must lie within 2..10",
                self.min_seats, self.max_seats
            ));
        }
        if self.streets.is_empty() {
            return fault("a game needs at least one street".into());
        }
        if self.showdown.is_empty() {
            return fault("a game needs at least one showdown part".into());
        }
        let own: usize = self
            .streets
            .iter()
            .map(|s| usize::from(s.down + s.up))
            .sum();
        let board: usize = self.streets.iter().map(|s| usize::from(s.board)).sum();
        if own == 0 {
            return fault("no street deals cards to the seats".into());
        }
        let deck = self.deck.cards().len();
        if own * self.max_seats + board > deck {
            return fault(format!(
                "{} seats of {own} cards and {board} board cards need more than {deck} cards",
                self.max_seats
            ));
        }
        if self.streets[0].draw.is_some() {
            return fault("the first street must deal cards before any draw".into());
        }
        let forced = self.forced;
        if forced.small_blind > forced.big_blind {
            return fault("the small blind is larger than the big blind".into());
        }
        if forced.big_blind_ante > 0 && forced.big_blind == 0 {
            return fault("a big-blind ante needs a big blind".into());
        }
        if self.structure.is_none() && (forced.ante | forced.big_blind) != 0 {
            return fault("forced bets need a betting structure".into());
        }
        if let Some(Structure::Unit { unit: 0 } | Structure::NoLimit { min_bet: 0 }) =
            self.structure
        {
            return fault("the smallest bet must be at least one chip".into());
        }
        let uses_blinds = self
            .streets
            .iter()
            .any(|s| s.first == FirstToAct::LeftOfBigBlind);
        if uses_blinds && forced.big_blind == 0 {
            return fault("left of the big blind acts first, but there is no big blind".into());
        }
        for part in &self.showdown {
            if !part.ranking.hand_sizes().contains(&(own + board)) {
                return fault(format!(
                    "a {} showdown cannot rank {} cards",
                    part.ranking.name(),
                    own + board
                ));
            }
            if part.ranking.allows_joker() != (self.deck == Deck::WithJoker) {
                return fault(format!(
                    "the {} ranking does not fit the deck",
                    part.ranking.name()
                ));
            }
        }
        Ok(())
    }

    /// The index of the first street with a betting round (where openers and redeals apply).
    pub fn first_betting_street(&self) -> Option<usize> {
        self.streets.iter().position(|s| s.betting)
    }
}
