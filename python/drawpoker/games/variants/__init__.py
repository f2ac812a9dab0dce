"""One module per game, each building a :class:`~drawpoker.games.spec.GameSpec` from its
settings; :data:`ALL` is what the registry offers (a new game is a module here and a line
below).

>>> [game.name for game in ALL]
['five-card-draw', 'holdem']
"""

from drawpoker.games.variants import five_card_draw, holdem

ALL = (five_card_draw.GAME, holdem.GAME)
"""Every game of the engine."""
