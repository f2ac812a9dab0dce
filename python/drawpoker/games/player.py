"""The one thing the table asks of a CPU player.

>>> from drawpoker.bots import CheckCallBot
>>> isinstance(CheckCallBot(), Player)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from drawpoker.games.hand import Action, Hand


@runtime_checkable
class Player(Protocol):
    """A CPU player: given the hand at its turn, it returns an action. It must read only what the
    public API shows its seat: ``hand.view(hand.actor)`` (or the same facts one by one: the
    hand's public fields, ``hand.legal_actions()``, ``hand.seat_cards(hand.actor)``) and
    ``hand.can_act(action)``.

    >>> from drawpoker.bots import RulesOfThumbBot
    >>> isinstance(RulesOfThumbBot(), Player)
    True
    """

    def choose(self, hand: Hand) -> Action:
        """The action for the seat whose turn it is."""
        ...
