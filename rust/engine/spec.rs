//! A game as data: the deck, the forced bets, the streets, the betting structure, who acts
//! first, the showdown. The state machine (`state.rs`) reads a [`Spec`] and has no game-name
//! branches; the Python package builds specs (`python/drawpoker/engine/variants/`).

use crate::card::{rank, suit, Card, JOKER};
use crate::draw::limit::DrawLimit;
use crate::error::{Error, Result};
use crate::eval::{omaha, Ranking};

/// The most seats a game may have ([`Spec::check`]).
pub const MAX_SEATS: usize = 10;

/// The most cards a deck holds: 52 and the joker.
pub const FULL_DECK: usize = 53;

/// The deck as data: which ranks and suits it has (every card of each rank in each suit), and
/// whether the joker joins them. The standard deck is every rank and suit (R-CARD-1); the
/// short deck keeps six through ace (R-SD-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deck {
    /// Bit `r` set: the deck has rank `r` (0 = deuce .. 12 = ace).
    ranks: u16,
    /// Bit `s` set: the deck has suit `s` (0 = clubs .. 3 = spades).
    suits: u8,
    joker: bool,
}

impl Deck {
    /// The 52-card deck.
    pub const STANDARD: Deck = Deck {
        ranks: (1 << 13) - 1,
        suits: 0b1111,
        joker: false,
    };

    /// A deck of `ranks` and `suits` (each at least one, no repeats), with the joker or not.
    pub fn new(ranks: &[u8], suits: &[u8], joker: bool) -> Result<Deck> {
        let mask = |what: &str, values: &[u8], count: u8| -> Result<u16> {
            let mut bits = 0u16;
            for &v in values {
                if v >= count || bits >> v & 1 == 1 {
                    return Err(Error::InvalidArgument(format!(
                        "a deck's {what} must be distinct and below {count}, got {values:?}"
                    )));
                }
                bits |= 1 << v;
            }
            if bits == 0 {
                return Err(Error::InvalidArgument(format!(
                    "a deck needs at least one of its {what}"
                )));
            }
            Ok(bits)
        };
        Ok(Deck {
            ranks: mask("ranks", ranks, 13)?,
            suits: mask("suits", suits, 4)? as u8,
            joker,
        })
    }

    /// The cards, rank by rank from the deuce and suit by suit from clubs (the standard deck
    /// is 0..=51), then the joker.
    pub fn cards(self) -> Vec<Card> {
        let mut cards = [0; FULL_DECK];
        self.cards_in(&mut cards).to_vec()
    }

    /// [`Deck::cards`] written into `cards` (no allocation): the first of them.
    ///
    /// ```
    /// use drawpoker::engine::spec::{Deck, FULL_DECK};
    /// let mut cards = [0; FULL_DECK];
    /// assert_eq!(Deck::STANDARD.cards_in(&mut cards), Deck::STANDARD.cards());
    /// ```
    pub fn cards_in(self, cards: &mut [Card; FULL_DECK]) -> &[Card] {
        let mut count = 0;
        // Card `4 * rank + suit`: rank by rank, suit by suit is card order; the joker (52) last.
        for rank in (0..13).filter(|&r| self.ranks >> r & 1 == 1) {
            for suit in (0..4).filter(|&s| self.suits >> s & 1 == 1) {
                cards[count] = 4 * rank + suit;
                count += 1;
            }
        }
        if self.joker {
            cards[count] = JOKER;
            count += 1;
        }
        &cards[..count]
    }

    /// Whether `card` belongs to this deck.
    pub fn holds(self, card: Card) -> bool {
        if card == JOKER {
            return self.joker;
        }
        card < JOKER && self.ranks >> rank(card) & 1 == 1 && self.suits >> suit(card) & 1 == 1
    }

    /// Whether the deck has the joker.
    pub fn joker(self) -> bool {
        self.joker
    }

    /// The lowest rank of the deck (0 = deuce).
    pub fn lowest_rank(self) -> u8 {
        self.ranks.trailing_zeros() as u8
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
    /// The stud bring-in: the worst up card posts it or completes to the small bet (R-STUD-2).
    pub bring_in: u64,
}

/// Which bet size a fixed-limit street uses (R-LIMIT-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BetSize {
    Small,
    Big,
    /// The small bet, or the big bet when an open pair shows on any board (R-STUD-4); once a
    /// big bet is made, later raises are big bets.
    SmallOrBigWithOpenPair,
}

/// How up cards rank: the worst up card brings in, the best board acts first (R-STUD-2, 6,
/// R-RAZZ-1). `High`: ace high, a low card is worse, ties by suit with clubs worst; `Low`: ace
/// low, a high card is worse, ties by suit with spades worst; pairs count against a low board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardOrder {
    High,
    Low,
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
    /// The seat with the worst up card, which must bring in (R-STUD-2).
    BringIn,
    /// The best board showing (R-STUD-6); ties to the first of them left of the button.
    BestBoard,
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
    /// Pot limit: as no limit, but a total of at most the current bet plus the pot after the
    /// call (R-LIMIT-2).
    PotLimit { min_bet: u64 },
    /// Fixed limit: every bet and raise one small or one big bet by street; at most `cap` bets
    /// and raises a round (the big blind or the completion counts as the bet; 0: no cap), lifted
    /// for a round that starts heads-up when `heads_up_uncapped`; an all-in of at least half a
    /// bet reopens the betting (R-LIMIT-3, R-STUD-3, R-POT-6).
    FixedLimit {
        small: u64,
        big: u64,
        cap: u32,
        heads_up_uncapped: bool,
    },
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
    /// Exactly two of the seat's own cards and three board cards (Omaha, R-HIGH-4).
    TwoHoleThreeBoard,
}

/// What a hand must be to take part in a showdown part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Qualifier {
    /// An ace-to-five low of five distinct ranks, all eight or lower (R-A5-4).
    EightOrBetter,
}

/// Who gets the odd chips of a share split between tied hands (R-POT-3, R-STUD-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OddChip {
    /// One at a time from the first seat left of the button.
    LeftOfButton,
    /// The hand holding the highest card by suit among its cards first.
    HighCardBySuit,
    /// The hand holding the lowest card (ace low) by suit among its cards first.
    LowCardBySuit,
}

/// One part of the showdown: a ranking over the seat's cards; in a split game each part takes
/// its share of every pot (R-SPLIT-1: the first part, the high one, gets the odd chip).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowdownPart {
    pub ranking: Ranking,
    pub cards: HandCards,
    pub qualifier: Option<Qualifier>,
    pub odd_chip: OddChip,
}

impl ShowdownPart {
    /// Why this part cannot rank hands of `own` cards each and a board of `board` cards dealt
    /// from `deck`, or `None` when it can (the game's check and equity's both ask).
    ///
    /// ```
    /// use drawpoker::engine::spec::{Deck, HandCards, OddChip, ShowdownPart};
    /// use drawpoker::eval::Ranking;
    /// let high = ShowdownPart {
    ///     ranking: Ranking::High,
    ///     cards: HandCards::BestOfAll,
    ///     qualifier: None,
    ///     odd_chip: OddChip::LeftOfButton,
    /// };
    /// assert_eq!(high.unfit(Deck::STANDARD, 2, 5), None);
    /// assert_eq!(
    ///     high.unfit(Deck::STANDARD, 2, 0).unwrap(),
    ///     "a high showdown cannot rank 2 cards"
    /// );
    /// ```
    pub fn unfit(&self, deck: Deck, own: usize, board: usize) -> Option<String> {
        let name = self.ranking.name();
        match self.cards {
            HandCards::BestOfAll => {
                if !self.ranking.hand_sizes().contains(&(own + board)) {
                    return Some(format!(
                        "a {name} showdown cannot rank {} cards",
                        own + board
                    ));
                }
            }
            HandCards::TwoHoleThreeBoard => {
                let fits = omaha::HOLE_SIZES.contains(&own) && board == 5;
                let ranked = self.ranking == Ranking::High
                    || (self.ranking == Ranking::AceFive
                        && self.qualifier == Some(Qualifier::EightOrBetter));
                if !fits || !ranked {
                    return Some(format!(
                        "two hole and three board cards rank {name} hands of 4-6 hole cards and \
                         5 board cards (high, or eight-or-better lows)"
                    ));
                }
            }
        }
        if self.qualifier == Some(Qualifier::EightOrBetter) && self.ranking != Ranking::AceFive {
            return Some("only an ace-to-five low can qualify eight-or-better".into());
        }
        if self.ranking.allows_joker() != deck.joker()
            || deck.lowest_rank() < self.ranking.lowest_rank()
        {
            return Some(format!("the {name} ranking does not fit the deck"));
        }
        None
    }
}

/// Where the showdown starts (then clockwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShowOrder {
    /// The first live seat left of the button.
    LeftOfButton,
    /// The last seat that bet or raised in the last betting round played, else left of the
    /// button (TDA practice).
    LastAggressor,
    /// The last seat that bet or raised on any street, else the first seat in the last betting
    /// round's acting order (R-STUD-8).
    LastAggressorAnyStreet,
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
    /// How up cards rank (stud games).
    pub card_order: CardOrder,
    /// Whether the button moves after each hand (not in stud, where the deal starts at seat 0).
    pub button_moves: bool,
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
        if self.min_seats < 2 || self.max_seats < self.min_seats || self.max_seats > MAX_SEATS {
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
        if self.showdown.len() > 2 {
            // A pot is split at most in halves: the awards name the high and the low half,
            // and equity, the narration and histories read at most those two.
            return fault(format!(
                "a showdown has a high part and at most one part it splits the pot with, not {}",
                self.showdown.len()
            ));
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
        self.check_cards_suffice()?;
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
        if self.structure.is_none() && (forced.ante | forced.big_blind | forced.bring_in) != 0 {
            return fault("forced bets need a betting structure".into());
        }
        let uses_blinds = self
            .streets
            .iter()
            .any(|s| s.first == FirstToAct::LeftOfBigBlind);
        if uses_blinds && forced.big_blind == 0 {
            return fault("left of the big blind acts first, but there is no big blind".into());
        }
        self.check_structure()?;
        if self.showdown[0].qualifier.is_some() {
            return fault("the first showdown part takes every hand: no qualifier".into());
        }
        for part in &self.showdown {
            self.check_part(part, own, board)?;
        }
        let bring_in = self.streets.iter().any(|s| s.first == FirstToAct::BringIn);
        if bring_in != (forced.bring_in > 0) {
            return fault(
                "a bring-in amount and a street started by the bring-in go together".into(),
            );
        }
        if bring_in {
            let Some(Structure::FixedLimit { small, .. }) = self.structure else {
                return fault("a bring-in needs fixed-limit betting".into());
            };
            if forced.bring_in >= small {
                return fault("the bring-in must be less than the small bet".into());
            }
        }
        let by_board = self
            .streets
            .iter()
            .any(|s| matches!(s.first, FirstToAct::BringIn | FirstToAct::BestBoard));
        if by_board && !self.deals_up() {
            return fault("the action starts by the up cards, but no street deals any".into());
        }
        Ok(())
    }

    fn fault(&self, why: String) -> Result<()> {
        Err(Error::InvalidArgument(format!(
            "game {:?}: {why}",
            self.name
        )))
    }

    /// Every street's cards fit the deck for the most seats; a one-card street that does not
    /// fit is dealt as one common card to the board (R-STUD-7).
    fn check_cards_suffice(&self) -> Result<()> {
        let mut left = self.deck.cards().len();
        for street in &self.streets {
            let own = usize::from(street.down + street.up) * self.max_seats;
            let mut needed = own + usize::from(street.board);
            if needed > left && street.down + street.up == 1 && street.board == 0 {
                needed = 1;
            }
            if needed > left {
                return self.fault(format!(
                    "{} seats need more than the {} cards of the deck",
                    self.max_seats,
                    self.deck.cards().len()
                ));
            }
            left -= needed;
        }
        Ok(())
    }

    /// Bet sizes above zero (a street's fixed-limit bet size means nothing to other structures).
    fn check_structure(&self) -> Result<()> {
        match self.structure {
            Some(
                Structure::Unit { unit: 0 }
                | Structure::NoLimit { min_bet: 0 }
                | Structure::PotLimit { min_bet: 0 },
            ) => self.fault("the smallest bet must be at least one chip".into()),
            Some(Structure::FixedLimit { small, big, .. }) if small == 0 || big < small => {
                self.fault("fixed-limit bets need 0 < small bet <= big bet".into())
            }
            _ => Ok(()),
        }
    }

    /// A showdown part ranks the cards the seats will hold, from the game's deck.
    fn check_part(&self, part: &ShowdownPart, own: usize, board: usize) -> Result<()> {
        match part.unfit(self.deck, own, board) {
            Some(why) => self.fault(why),
            None => Ok(()),
        }
    }

    /// Whether a street deals cards face up (stud).
    pub fn deals_up(&self) -> bool {
        self.streets.iter().any(|s| s.up > 0)
    }

    /// The index of the first street with a betting round (where openers and redeals apply).
    pub fn first_betting_street(&self) -> Option<usize> {
        self.streets.iter().position(|s| s.betting)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::format_cards;

    #[test]
    fn r_sd_1_a_deck_is_its_ranks_and_suits() {
        assert_eq!(Deck::STANDARD.cards(), (0..52).collect::<Vec<Card>>());
        let joker = Deck::new(&(0..13).collect::<Vec<u8>>(), &[0, 1, 2, 3], true).unwrap();
        assert_eq!(joker.cards().len(), 53);
        assert!(joker.holds(JOKER) && !Deck::STANDARD.holds(JOKER));
        let short = Deck::new(&[4, 5, 6, 7, 8, 9, 10, 11, 12], &[0, 1, 2, 3], false).unwrap();
        assert_eq!(short.cards().len(), 36);
        assert_eq!(format_cards(&short.cards()[..5]), "6c 6d 6h 6s 7c");
        assert!(!short.holds(0) && short.holds(51) && short.lowest_rank() == 4);
        assert!(Deck::new(&[4, 4], &[0], false).is_err());
        // Every deck's cards are the cards it holds, in card order.
        let odd = Deck::new(&[0, 5, 12], &[1, 3], true).unwrap();
        for deck in [Deck::STANDARD, joker, short, odd] {
            let held: Vec<Card> = (0..=JOKER).filter(|&c| deck.holds(c)).collect();
            assert_eq!(deck.cards(), held);
        }
        assert!(Deck::new(&[13], &[0], false).is_err());
        assert!(Deck::new(&[4], &[], false).is_err());
    }
}
