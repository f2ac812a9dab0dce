"""The table engine: one generic hand state machine, betting structures, pots, and one module per
game; a multi-round game with settings, timers and CPU stand-ins sits above the hand.

>>> from drawpoker.games import FiveCardDraw, Hand
>>> Hand(FiveCardDraw(), [2000] * 6, seed=1).pot
60
"""

from typing import Any

from drawpoker.errors import InvalidArgumentError
from drawpoker.games.betting import NoLimit, UnitBetting
from drawpoker.games.five_card_draw import DrawSettings, FiveCardDraw
from drawpoker.games.game import Game, Standing
from drawpoker.games.hand import Action, Event, Hand, HandView, LegalActions
from drawpoker.games.player import Player
from drawpoker.games.pots import Pot, award, side_pots, split, uncalled_bet
from drawpoker.games.variant import Street, Variant


def variant_from_dict(data: dict[str, Any]) -> Variant:
    """The game written by ``Variant.to_dict``.

    >>> variant_from_dict(FiveCardDraw().to_dict()).name
    'five-card-draw'
    """
    if data.get("name") == FiveCardDraw.name:
        return FiveCardDraw(DrawSettings.from_dict(data["settings"]))
    raise InvalidArgumentError(f"unknown game {data.get('name')!r}")


__all__ = [
    "Action",
    "DrawSettings",
    "Event",
    "FiveCardDraw",
    "Game",
    "Hand",
    "HandView",
    "LegalActions",
    "NoLimit",
    "Player",
    "Pot",
    "Standing",
    "Street",
    "UnitBetting",
    "Variant",
    "award",
    "side_pots",
    "split",
    "uncalled_bet",
    "variant_from_dict",
]
