"""The table engine: one hand state machine (in Rust) for every game, each game a frozen spec
(:func:`game`), and a table of many hands with its own settings above the hand.

>>> from drawpoker.games import Hand, game
>>> hand = Hand(game("holdem"), [10000] * 6, button=0, seed=1)
>>> hand.pot, hand.actor
(150, 3)
>>> hand.legal_actions().kinds
('fold', 'call', 'raise')
"""

from drawpoker.games.actions import Action, LegalActions
from drawpoker.games.betting import NoLimit, UnitBetting
from drawpoker.games.events import AWARD_SHARES, EVENT_KINDS, Award, Event, HandView
from drawpoker.games.player import Player
from drawpoker.games.pots import Pot, award, side_pots, split, uncalled_bet
from drawpoker.games.registry import GAMES, game, spec_from_dict
from drawpoker.games.spec import ForcedBets, GameSpec, GameType, Opening, ShowdownPart, Street
from drawpoker.games.state import Hand
from drawpoker.games.table import TURN_TIMERS, Standing, Table, TableSettings
from drawpoker.games.variants.five_card_draw import DrawSettings, FiveCardDraw
from drawpoker.games.variants.holdem import Holdem, HoldemSettings

__all__ = [
    "AWARD_SHARES",
    "EVENT_KINDS",
    "GAMES",
    "TURN_TIMERS",
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
    "Player",
    "Pot",
    "ShowdownPart",
    "Standing",
    "Street",
    "Table",
    "TableSettings",
    "UnitBetting",
    "award",
    "game",
    "side_pots",
    "spec_from_dict",
    "split",
    "uncalled_bet",
]
