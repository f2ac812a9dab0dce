"""The one thing a table asks of a CPU player.

>>> from drawpoker.bots import CheckCallBot
>>> isinstance(CheckCallBot(), Player)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from drawpoker.games.actions import Action
    from drawpoker.games.events import HandView


@runtime_checkable
class Player(Protocol):
    """A CPU player: given the view of the seat whose turn it is (what that seat may know, and
    nothing more), it returns an action.

    >>> from drawpoker.bots import RulesOfThumbBot
    >>> isinstance(RulesOfThumbBot(), Player)
    True
    """

    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is."""
        ...
