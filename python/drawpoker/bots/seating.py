"""Readies a game's CPU players when they are seated, so that their first decision builds
nothing (issue 32: a decision takes at most 200 ms, the first hand of a game included).

>>> prepare("holdem"); prepare.cache_info().currsize >= 1
True
"""

from __future__ import annotations

from functools import cache

from drawpoker import _core
from drawpoker.bots.holdem import likely_range
from drawpoker.bots.lowball import dealt_beats
from drawpoker.bots.lowball_model import opponent_model
from drawpoker.bots.omaha import points_at_top
from drawpoker.bots.tables import LOWBALL_GAMES


@cache
def prepare(game: str) -> None:
    """Readies, once per process, what the rules-of-thumb and strong players of the game named
    ``game`` look things up in, so that none of it is built during their first decision: the
    modules they import on demand (numpy and those built on it), the native hand rankings
    (built on first use) and the game's shipped tables.

    >>> prepare("badugi"); prepare.cache_info().currsize >= 1
    True
    """
    import numpy  # noqa: F401  (lazy, issue 2: else the players' first decision imports it)

    _core.warm_up()
    if game in ("holdem", "short-deck"):
        likely_range(0, False)
    elif game in ("omaha", "omaha-hi-lo"):
        points_at_top(1.0, hilo=game == "omaha-hi-lo")
    elif game in LOWBALL_GAMES:
        opponent_model(game)
        dealt_beats(opponent_model(game).ranking)
