"""The table: hands one after another at the same seats, with the settings above the hand
(buttons, blinds that rise, the turn timer, players who leave and come back). The CPU players
that stand in for a seat are given to it (:class:`~drawpoker.table.player.CpuPlayers`): this
layer imports none.

>>> from drawpoker.engine import FiveCardDraw
>>> table = Table(FiveCardDraw(), ["Ann", "Bob"], seed=1)
>>> table.round, table.stacks == [FiveCardDraw().default_stack] * 2
(1, True)
"""

from drawpoker.table.player import CpuPlayers, Player
from drawpoker.table.table import TURN_TIMERS, Standing, Table, TableSettings

__all__ = ["TURN_TIMERS", "CpuPlayers", "Player", "Standing", "Table", "TableSettings"]
