"""One module per family of games, each building a :class:`~drawpoker.engine.spec.GameSpec`
from its settings; :data:`ALL` is what the registry offers (a new game is a spec function and a
line below).

>>> [game.name for game in ALL]
['five-card-draw', 'holdem', 'omaha', 'omaha-hi-lo', 'stud', 'razz', 'stud-hi-lo', \
'2-7-single-draw', '2-7-triple-draw', 'badugi', 'short-deck']
"""

from drawpoker.engine.variants import five_card_draw, holdem, lowball, omaha, short_deck, stud

ALL = (
    five_card_draw.GAME,
    holdem.GAME,
    omaha.OMAHA,
    omaha.OMAHA_HI_LO,
    stud.STUD,
    stud.RAZZ,
    stud.STUD_HI_LO,
    lowball.SINGLE_DRAW,
    lowball.TRIPLE_DRAW,
    lowball.BADUGI,
    short_deck.GAME,
)
"""Every game of the engine."""
