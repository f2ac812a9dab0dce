"""The one thing a table asks of a CPU player, and what it asks of the layer that knows the CPU
players (:class:`CpuPlayers`, given to the table by that layer: this one imports none).

>>> from drawpoker.bots import CPU_PLAYERS, CheckCallBot
>>> isinstance(CheckCallBot(), Player), isinstance(CPU_PLAYERS, CpuPlayers)
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from drawpoker.engine.actions import Action
    from drawpoker.engine.events import HandView
    from drawpoker.engine.spec import GameSpec


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


@runtime_checkable
class CpuPlayers(Protocol):
    """What a table asks of the layer that knows the CPU players (``drawpoker.bots.CPU_PLAYERS``):
    the stand-in that plays a seat whose player left (R-TABLE-2), and CPU players written to and
    read back from plain data in a table snapshot.

    >>> from drawpoker.bots import CPU_PLAYERS
    >>> from drawpoker.engine import game
    >>> type(CPU_PLAYERS.stand_in(game("holdem"), 2)).__name__
    'HoldemRulesBot'
    """

    def stand_in(self, game: GameSpec, seat: int) -> Player:
        """The CPU player that plays ``seat`` of a table of ``game`` while its player is away."""
        ...

    def save(self, player: Player, seat: int) -> dict[str, Any]:
        """``player`` (the CPU player of ``seat``) as plain data."""
        ...

    def restore(self, data: Any) -> Player:
        """The CPU player :meth:`save` wrote."""
        ...
