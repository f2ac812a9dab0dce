"""The engine: one hand state machine (in Rust) for every game, each game a frozen spec
(:func:`game`); the table of many hands above it is :mod:`drawpoker.table`.

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("holdem"), [10000] * 6, button=0, seed=1)
>>> hand.pot, hand.actor
(150, 3)
>>> hand.legal_actions().kinds
('fold', 'call', 'raise')
"""

from drawpoker.engine.actions import Action, LegalActions
from drawpoker.engine.betting import NoLimit, UnitBetting
from drawpoker.engine.events import AWARD_SHARES, EVENT_KINDS, Award, Event, HandView
from drawpoker.engine.hand import Hand
from drawpoker.engine.pots import Pot, award, side_pots, split, uncalled_bet
from drawpoker.engine.registry import GAMES, game, spec_from_dict
from drawpoker.engine.spec import (
    ForcedBets,
    GameSpec,
    GameType,
    Opening,
    ShowdownPart,
    Stake,
    Street,
)
from drawpoker.engine.variants.five_card_draw import DrawSettings, FiveCardDraw
from drawpoker.engine.variants.holdem import Holdem, HoldemSettings

__all__ = [
    "AWARD_SHARES",
    "EVENT_KINDS",
    "GAMES",
    "Action",
    "Award",
    "DrawSettings",
    "Event",
    "FiveCardDraw",
    "ForcedBets",
    "GameSpec",
    "GameType",
    "Hand",
    "HandView",
    "Holdem",
    "HoldemSettings",
    "LegalActions",
    "NoLimit",
    "Opening",
    "Pot",
    "ShowdownPart",
    "Stake",
    "Street",
    "UnitBetting",
    "award",
    "game",
    "side_pots",
    "spec_from_dict",
    "split",
    "uncalled_bet",
]
